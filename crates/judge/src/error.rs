//! The one error type of the judge adapters.

use std::io;

use thiserror::Error;

/// Why an input could not be answered. Every input error names the line
/// (1-based) where it was found and what was expected there.
#[derive(Debug, Error)]
pub enum JudgeError {
    /// The input ended where more was needed (`line` is the line of the
    /// last number read; a missing terminator is reported this way too).
    #[error("the input ended after line {line}: expected {expected}")]
    Truncated { line: u64, expected: String },
    /// A token that is not a whole number.
    #[error("line {line}: expected {expected}, found {found:?}")]
    NotANumber {
        line: u64,
        expected: String,
        found: String,
    },
    /// A whole number outside the problem's stated bounds (negative and
    /// too-large numbers included).
    #[error("line {line}: {what} is {found}, outside the problem's bounds {min}..={max}")]
    OutOfRange {
        line: u64,
        what: &'static str,
        found: String,
        min: u64,
        max: u64,
    },
    /// Numbers that are each fine but break a rule of the problem together
    /// (positions not distinct, stones over capacity, …).
    #[error("line {line}: {message}")]
    Invalid { line: u64, message: String },
    /// An id that is not in `--list`.
    #[error("unknown problem {0:?}; `grundy judge --list` shows the supported ids")]
    UnknownProblem(String),
    /// Reading the input or writing the output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Shorthand for results of the adapters.
pub type Result<T, E = JudgeError> = std::result::Result<T, E>;
