//! The Python exceptions of the package and how engine errors and panics
//! become them: `GrundyError` (a `ValueError`), `BudgetExceeded` for a
//! limit reached (with how to raise it), `LoopyGameError` for a loopy game
//! past its budget.

use std::panic::{catch_unwind, AssertUnwindSafe};

use grundy::budget::LimitKind;
use grundy::error::{Error, ErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    grundy,
    GrundyError,
    PyValueError,
    "An error of the grundy engine, with the command line's message."
);
create_exception!(
    grundy,
    BudgetExceeded,
    GrundyError,
    "A search or computation that would run past its budget."
);
create_exception!(
    grundy,
    LoopyGameError,
    BudgetExceeded,
    "A loopy game (positions repeat along a line of play) whose solution as one would need more than its budget."
);

/// An engine error as the Python exception of its kind.
pub(crate) fn py_err(e: Error) -> PyErr {
    let text = e.to_string();
    match e.kind() {
        ErrorKind::TooLarge | ErrorKind::Limit(_) => BudgetExceeded::new_err(text),
        ErrorKind::Loop => LoopyGameError::new_err(text),
        _ => GrundyError::new_err(text),
    }
}

/// How the caller raises each limit, said after the message of a limit
/// reached: the arguments of the call that set them.
pub(crate) struct Raise {
    /// The argument that sets the work (`None` when the call has none).
    pub(crate) work: Option<&'static str>,
    /// The call, for `time=` and `memory=`: "analyze(...)", "Game(...)".
    pub(crate) call: &'static str,
}

impl Raise {
    /// `e` as its Python exception, with how to raise the limit reached.
    pub(crate) fn err(&self, e: Error) -> PyErr {
        py_err(self.hinted(e))
    }

    /// `e` with how to raise the limit reached, when it is one.
    pub(crate) fn hinted(&self, e: Error) -> Error {
        let hint = match e.limit_kind() {
            Some(LimitKind::Work) => self
                .work
                .map(|w| format!("; raise it with {}({w}=N)", self.call)),
            Some(LimitKind::Time) => Some(format!("; allow more with {}(time=SECONDS)", self.call)),
            Some(LimitKind::Memory) => {
                Some(format!("; allow more with {}(memory=SIZE)", self.call))
            }
            _ => None,
        };
        match (hint, e) {
            (Some(hint), Error::Limit { kind, message }) => Error::Limit {
                kind,
                message: format!("{message}{hint}"),
            },
            (_, e) => e,
        }
    }
}

/// Runs `f` and turns a Rust panic into a `GrundyError` (a failure of the
/// engine, not of the caller), so that no `PanicException` reaches Python.
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(out) => out,
        Err(panic) => Err(GrundyError::new_err(format!(
            "internal error of the grundy engine ({}); please report it",
            panic_text(&panic)
        ))),
    }
}

pub(crate) fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".into()
    }
}
