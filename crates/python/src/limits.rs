//! The limits a caller gives (`time=` seconds, `memory=` bytes) as the
//! engine's [`Budget`], and engine work run so that Ctrl-C cancels it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

use grundy::budget::Budget;
use grundy::error::Error;
use pyo3::prelude::*;

use crate::errors::{panic_text, GrundyError};

/// A budget of `time` seconds and `memory` bytes (each unlimited when
/// `None`).
pub(crate) fn budget_of(time: Option<f64>, memory: Option<u64>) -> PyResult<Budget> {
    let mut b = Budget::unlimited();
    if let Some(t) = time {
        if t.is_nan() || t < 0.0 {
            return Err(GrundyError::new_err(format!(
                "time={t}: give the seconds allowed, a number 0 or more"
            )));
        }
        b = b.with_time(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX));
    }
    if let Some(m) = memory {
        b = b.with_memory(m);
    }
    Ok(b)
}

/// A positive, finite number of seconds, or none.
pub(crate) fn seconds(time: Option<f64>) -> PyResult<Option<Duration>> {
    match time {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 => Ok(Some(Duration::from_secs_f64(t.min(1e9)))),
        Some(t) => Err(GrundyError::new_err(format!(
            "time_per_game must be a positive number of seconds, not {t}"
        ))),
    }
}

/// Runs `f` (engine work that calls no Python) on a thread of its own while
/// this one, off the GIL, looks for Ctrl-C every 50 ms: a
/// `KeyboardInterrupt` (or any exception a signal handler raises) cancels
/// the work through `budget` and is raised as itself.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    budget: &Budget,
    f: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<Result<T, Error>> {
    let cancel = budget.cancel_handle();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let worker = scope.spawn(move || {
            let out = catch_unwind(AssertUnwindSafe(f));
            // The receiver waits for this unless it was interrupted.
            let _ = tx.send(());
            out
        });
        let mut rx = rx;
        loop {
            let (back, done) = py.detach(move || {
                let done = rx.recv_timeout(Duration::from_millis(50));
                (rx, done)
            });
            rx = back;
            if !matches!(done, Err(mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(e) = py.check_signals() {
                cancel.cancel();
                let _ = py.detach(|| worker.join());
                return Err(e);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(Ok(out)) => Ok(out),
            Ok(Err(panic)) | Err(panic) => Err(GrundyError::new_err(format!(
                "internal error of the grundy engine ({}); please report it",
                panic_text(&panic)
            ))),
        }
    })
}
