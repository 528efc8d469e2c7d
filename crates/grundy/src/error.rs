//! The one error type of the engine, and its kinds.
//!
//! Callers tell errors apart by [`Error::kind`] (and [`Error::limit_kind`]
//! for a limit reached), never by searching the message: the message is for
//! people.

use std::fmt;

use thiserror::Error;

/// Everything the engine can refuse to do, each with enough context to say
/// what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// An expression, rule or code could not be parsed. `at` is the 0-based
    /// character offset in the input where the problem was found; the
    /// message shows it 1-based, with the input cut around it and a caret
    /// under it (see [`caret`]).
    #[error("{message}, {}", caret(input, *at))]
    Parse {
        input: String,
        at: usize,
        message: String,
    },
    /// Input that parsed but is not a valid game: a take-and-break code
    /// whose digits allow a move that changes nothing, a subtraction set
    /// that is empty or holds 0, a staircase whose steps do not increase.
    /// `what` names it (`take-and-break code "1.7"`, `subtraction set`,
    /// `staircase`) and `reason` says what is wrong; see [`Error::invalid`].
    #[error("invalid {what}: {reason}")]
    Invalid { what: String, reason: String },
    /// A position with nothing in it.
    #[error("the position is empty: give at least one heap")]
    EmptyPosition,
    /// A computation that would need more memory (or time) than allowed.
    #[error("{0}")]
    TooLarge(String),
    /// A Grundy value beyond what the sequence engines store (u16).
    #[error("a Grundy value exceeded {max} at heap {heap}; the sequence engines store values in 16 bits")]
    ValueOverflow { heap: u64, max: u64 },
    /// A Grundy value that theory gives but that does not fit the 64 bits
    /// values are computed in (see [`Known::Wide`](crate::game::Known::Wide)):
    /// `position` (written in the expression language) is worth `value`.
    #[error(
        "the Grundy value of {position} is {}, beyond 64 bits: theory gives it, but values \
         are added in 64 bits, so a sum holding it cannot be valued",
        wide_text(*value)
    )]
    WideValue { position: String, value: u128 },
    /// A question the engine cannot answer exactly for this input yet.
    #[error("{0}")]
    Unsupported(String),
    /// A move that the rules do not allow.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// A limit of the [`Budget`](crate::budget::Budget) (time, memory,
    /// cancellation) or a count of work was reached. `message` says which,
    /// what was being done and how to allow more.
    #[error("{message}")]
    Limit { kind: LimitKind, message: String },
    /// A position repeats along a line of play where only finite games are
    /// handled. `position` is written in the expression language.
    #[error("{position} repeats along a line of play: it is not a finite game")]
    Loop { position: String },
}

/// Which limit of a [`Budget`](crate::budget::Budget) (or count of work)
/// stopped a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// The deadline passed.
    Time,
    /// The bytes held would pass the memory allowance.
    Memory,
    /// The work was cancelled (Ctrl-C, a client that went away, a caller).
    Cancelled,
    /// A count of work (positions and moves visited, heaps, states) ran out.
    Work,
}

impl LimitKind {
    /// The word for it, as in messages and JSON: `time`, `memory`,
    /// `cancelled`, `work`.
    pub fn as_str(self) -> &'static str {
        match self {
            LimitKind::Time => "time",
            LimitKind::Memory => "memory",
            LimitKind::Cancelled => "cancelled",
            LimitKind::Work => "work",
        }
    }
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What kind of error an [`Error`](enum@Error) is: for callers that act on the kind
/// (pick an exception, an exit status, an HTTP status).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input could not be parsed ([`Error::Parse`]).
    Parse,
    /// The input parsed but is not a valid game ([`Error::Invalid`], and
    /// an empty position).
    Invalid,
    /// The request is refused up front: it would need more than is allowed.
    TooLarge,
    /// A limit was reached while working ([`Error::Limit`]).
    Limit(LimitKind),
    /// A value beyond what the engines store ([`Error::ValueOverflow`],
    /// [`Error::WideValue`]).
    Overflow,
    /// A question the engine cannot answer exactly for this input.
    Unsupported,
    /// A game that is not finite where only finite games are handled.
    Loop,
    /// A move that the rules do not allow.
    IllegalMove,
}

impl Error {
    /// An [`Error::Limit`] of `kind`.
    pub fn limit(kind: LimitKind, message: impl Into<String>) -> Error {
        Error::Limit {
            kind,
            message: message.into(),
        }
    }

    /// An [`Error::Invalid`]: `what` is not a valid game because of
    /// `reason`.
    ///
    /// ```
    /// use grundy::Error;
    /// let e = Error::invalid("staircase", "steps are numbered from 1");
    /// assert_eq!(e.to_string(), "invalid staircase: steps are numbered from 1");
    /// ```
    pub fn invalid(what: impl Into<String>, reason: impl Into<String>) -> Error {
        Error::Invalid {
            what: what.into(),
            reason: reason.into(),
        }
    }

    /// The kind of this error.
    ///
    /// ```
    /// use grundy::error::ErrorKind;
    /// let err = grundy::expr::parse_position("nim(3,").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Parse);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Parse { .. } => ErrorKind::Parse,
            Error::Invalid { .. } | Error::EmptyPosition => ErrorKind::Invalid,
            Error::TooLarge(_) => ErrorKind::TooLarge,
            Error::ValueOverflow { .. } | Error::WideValue { .. } => ErrorKind::Overflow,
            Error::Unsupported(_) => ErrorKind::Unsupported,
            Error::IllegalMove(_) => ErrorKind::IllegalMove,
            Error::Limit { kind, .. } => ErrorKind::Limit(*kind),
            Error::Loop { .. } => ErrorKind::Loop,
        }
    }

    /// Which limit was reached, for an [`Error::Limit`].
    pub fn limit_kind(&self) -> Option<LimitKind> {
        match self {
            Error::Limit { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// Whether this is a limit of the request's [`Budget`](crate::budget::Budget)
    /// (time, memory, cancellation): the whole request stops, and no
    /// fallback may swallow it. A [`LimitKind::Work`] limit is local to one
    /// search, and a caller may answer another way.
    pub fn is_budget_limit(&self) -> bool {
        matches!(
            self.limit_kind(),
            Some(LimitKind::Time | LimitKind::Memory | LimitKind::Cancelled)
        )
    }

    /// The same error with `context` put before its message ("analysing
    /// kayles(10^6): …"), once: a context the message already starts with
    /// is not repeated. Other kinds are returned unchanged.
    pub fn in_context(self, context: impl FnOnce() -> String) -> Error {
        match self {
            Error::Limit { kind, message } => {
                let context = context();
                let message = if message.starts_with(&format!("{context}: ")) {
                    message
                } else {
                    format!("{context}: {message}")
                };
                Error::Limit { kind, message }
            }
            e => e,
        }
    }

    /// The same error with where the limit was reached put after its
    /// message ("… was reached while searching misère play (10^6
    /// positions remembered)"). Called by the code that asked the budget,
    /// so it is said once. Other kinds are returned unchanged.
    pub fn during(self, place: impl FnOnce() -> String) -> Error {
        match self {
            Error::Limit { kind, message } => Error::Limit {
                kind,
                message: format!("{message} while {}", place()),
            },
            e => e,
        }
    }
}

/// Where character `at` of `input` is, for people: "column 7:" (or "line
/// 2, column 7:" for input of several lines), then the line cut to at most
/// [`SNIPPET_CHARS`] characters around it and a caret under it.
///
/// ```
/// use grundy::error::caret;
/// assert_eq!(caret("nim(3,x)", 6), "at column 7:\n  nim(3,x)\n        ^");
/// ```
pub fn caret(input: &str, at: usize) -> String {
    // The line holding character `at` (or the end of the input).
    let (mut line_no, mut line_start) = (1usize, 0usize);
    for (i, c) in input.chars().enumerate().take(at) {
        if c == '\n' {
            line_no += 1;
            line_start = i + 1;
        }
    }
    let line: Vec<char> = input
        .chars()
        .skip(line_start)
        .take_while(|&c| c != '\n')
        .collect();
    let col = at - line_start;
    let from = col.saturating_sub(SNIPPET_CHARS / 2);
    let to = (from + SNIPPET_CHARS).min(line.len());
    let from = to.saturating_sub(SNIPPET_CHARS).min(from);
    let mut shown = String::new();
    let mut pad = col - from;
    if from > 0 {
        shown.push_str("...");
        pad += 3;
    }
    // Tabs and other control characters would shift the caret.
    shown.extend(
        line[from..to]
            .iter()
            .map(|&c| if c.is_control() { ' ' } else { c }),
    );
    if to < line.len() {
        shown.push_str("...");
    }
    let place = if input.contains('\n') {
        format!("at line {line_no}, column {}", col + 1)
    } else {
        format!("at column {}", col + 1)
    };
    format!("{place}:\n  {shown}\n  {}^", " ".repeat(pad))
}

/// A number beyond 64 bits as people read it: a power of two as `2^k`,
/// anything else in decimal.
///
/// ```
/// use grundy::error::wide_text;
/// assert_eq!(wide_text(1 << 64), "2^64");
/// assert_eq!(wide_text((1 << 64) + 3), "18446744073709551619");
/// ```
pub fn wide_text(value: u128) -> String {
    if value.is_power_of_two() && value > u64::MAX as u128 {
        format!("2^{}", value.trailing_zeros())
    } else {
        value.to_string()
    }
}

/// How many characters of the input a parse error shows around the problem.
pub const SNIPPET_CHARS: usize = 60;

/// Shorthand for results of engine calls.
pub type Result<T, E = Error> = std::result::Result<T, E>;
