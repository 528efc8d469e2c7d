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
    /// The input held no number at all where one was needed.
    #[error("the input is empty: expected {expected}")]
    Empty { expected: String },
    /// A token that is not a whole number.
    #[error("line {line}: expected {expected}, found {found:?}")]
    NotANumber {
        line: u64,
        expected: String,
        found: String,
    },
    /// A whole number outside the problem's stated bounds (too-large
    /// numbers included).
    #[error("line {line}: {what} is {found}, outside {within} {min}..={max}")]
    OutOfRange {
        line: u64,
        what: &'static str,
        found: String,
        /// Which bounds: "the problem's bounds", or the wider range answered
        /// when they are lifted.
        within: &'static str,
        min: u64,
        max: u64,
    },
    /// Something after the input's end: after its terminator (a lone `0`)
    /// or its stated number of cases. Trailing whitespace is fine.
    #[error("line {line}, column {column}: expected the end of the input after {after}, found {found:?}")]
    Trailing {
        line: u64,
        /// 1-based, in bytes.
        column: u64,
        after: String,
        found: String,
    },
    /// A whole number written with a sign (`-5`, `-0`, `+3`): the inputs
    /// hold unsigned numbers only.
    #[error("line {line}: {what} is written {found}: a sign is not allowed (a whole number in {min}..={max})")]
    Signed {
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
