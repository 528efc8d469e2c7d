//! The one error type of the engine.

use thiserror::Error;

/// Everything the engine can refuse to do, each with enough context to say
/// what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// An expression, rule or code could not be parsed. `at` is the 0-based
    /// character offset in the input where the problem was found.
    #[error("{message} (at character {at} of {input:?})")]
    Parse {
        input: String,
        at: usize,
        message: String,
    },
    /// A take-and-break code is well formed text but not a valid game.
    #[error("invalid take-and-break code {code:?}: {reason}")]
    InvalidCode { code: String, reason: String },
    /// A subtraction set that is not a game (empty, contains 0, …).
    #[error("invalid subtraction set: {0}")]
    InvalidSubtraction(String),
    /// A position with nothing in it.
    #[error("the position is empty: give at least one heap")]
    EmptyPosition,
    /// A staircase whose positions are not strictly increasing positive steps.
    #[error("invalid staircase: {0}")]
    InvalidStaircase(String),
    /// A computation that would need more memory (or time) than allowed.
    #[error("{0}")]
    TooLarge(String),
    /// A Grundy value beyond what the sequence engines store (u16).
    #[error("a Grundy value exceeded {max} at heap {heap}; the sequence engines store values in 16 bits")]
    ValueOverflow { heap: u64, max: u64 },
    /// A question the engine cannot answer exactly for this input yet.
    #[error("{0}")]
    Unsupported(String),
    /// A move that the rules do not allow.
    #[error("illegal move: {0}")]
    IllegalMove(String),
}

/// Shorthand for results of engine calls.
pub type Result<T, E = Error> = std::result::Result<T, E>;
