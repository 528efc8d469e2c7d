//! `grundy._grundy`: the engine for Python (PyO3).
//!
//! The Python package `grundy` (`python/grundy/__init__.py`) wraps this
//! module. What lives here: the engine calls (analyses as the JSON object of
//! `grundy analyze --json`, nim-sequences, single values, nimber
//! arithmetic, pattern finding, the census of octal codes) and [`Rules`], a
//! game whose moves are a Python function — a [`Game`](grundy::game::Game)
//! of the engine, so sums with built-in families, misère search and winning
//! moves come from the engine as they are. Positions are hashable Python
//! values, numbered in the order first seen; the engine sees only the
//! numbers.
//!
//! A game whose positions repeat (a loopy game) is solved as one: values
//! are numbers or [`Infinite`] (`∞(K)`, see `grundy::loopy`), outcomes may
//! be draws (`"D"`).
//!
//! Engine errors become `GrundyError` (a `ValueError`) with the command
//! line's message; a search past its budget (of work, `time=` or `memory=`)
//! `BudgetExceeded`, and `LoopyGameError` (a `BudgetExceeded`) when the game
//! is loopy and solving it as one would need more than its budget (both
//! `GrundyError`s). A failure of the engine itself (a Rust panic) is a
//! `GrundyError` too, never `PanicException`.
//! Errors raised inside a `moves` function, or a `moves` result that is not
//! a list of hashable positions, stop the search and are raised as Python
//! exceptions naming the position; a `KeyboardInterrupt` (any
//! `BaseException` that is not an `Exception`) is raised as itself. Ctrl-C
//! during a search of the engine cancels it through its budget and raises
//! `KeyboardInterrupt`.
//!
//! One file per concept: `errors` (the Python exceptions and how engine
//! errors and panics become them), `limits` (`time=`/`memory=` arguments,
//! Ctrl-C during a search), `infinite` (values of loopy positions),
//! `analysis` (`analyze` of an expression), `sequence` (nim-sequences
//! and single values of heap rules), `nimber` (nimber arithmetic),
//! `pattern` (pattern finding), `census` (the census of octal codes),
//! `game` (games whose moves are a Python function) and `sum` (sums of
//! expressions and such games).

mod analysis;
mod census;
mod errors;
mod game;
mod infinite;
mod limits;
mod nimber;
mod pattern;
mod sequence;
mod sum;

use pyo3::prelude::*;

use crate::analysis::analyze;
use crate::census::{census_codes, census_for_code, census_run, census_survey};
use crate::errors::{BudgetExceeded, GrundyError, LoopyGameError};
use crate::game::{Part, Rules, Split};
use crate::infinite::Infinite;
use crate::nimber::nimber_op;
use crate::pattern::{find_lines_pattern, find_sequence_pattern};
use crate::sum::analyze_sum;

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add("LoopyGameError", py.get_type::<LoopyGameError>())?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_sum, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::value, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::rule_info, m)?)?;
    m.add_function(wrap_pyfunction!(nimber_op, m)?)?;
    m.add_function(wrap_pyfunction!(find_sequence_pattern, m)?)?;
    m.add_function(wrap_pyfunction!(find_lines_pattern, m)?)?;
    m.add_function(wrap_pyfunction!(census_codes, m)?)?;
    m.add_function(wrap_pyfunction!(census_survey, m)?)?;
    m.add_function(wrap_pyfunction!(census_for_code, m)?)?;
    m.add_function(wrap_pyfunction!(census_run, m)?)?;
    m.add_class::<Split>()?;
    m.add_class::<Infinite>()?;
    m.add_class::<Rules>()?;
    m.add_class::<Part>()?;
    Ok(())
}
