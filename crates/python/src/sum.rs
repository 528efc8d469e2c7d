//! `analyze_sum`: the analysis of a sum of expressions and positions of
//! games defined in Python.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use grundy::budget::Budget;
use grundy::game::Component;
use grundy::sum::{AnalyzeOptions, Position, Term};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::analysis::{analysis_json, play_of, ANALYZE};
use crate::errors::{guarded, py_err, GrundyError};
use crate::game::{loopy_err, Def, Part};
use crate::limits::{budget_of, interruptible};

/// The analysis of a sum of expressions (strings) and parts of Python
/// games, as the JSON object of `grundy analyze --json`, within `time`
/// seconds and `memory` bytes when given.
#[pyfunction]
#[pyo3(signature = (items, misere=false, max_moves=10_000, time=None, memory=None))]
pub(crate) fn analyze_sum(
    items: &Bound<'_, PyTuple>,
    misere: bool,
    max_moves: usize,
    time: Option<f64>,
    memory: Option<u64>,
) -> PyResult<String> {
    guarded(|| sum_json(items, misere, max_moves, budget_of(time, memory)?))
}

pub(crate) fn sum_json(
    items: &Bound<'_, PyTuple>,
    misere: bool,
    max_moves: usize,
    budget: Budget,
) -> PyResult<String> {
    let py = items.py();
    let mut terms = Vec::new();
    let mut games: Vec<Arc<Def>> = Vec::new();
    for item in items.iter() {
        if let Ok(text) = item.cast::<PyString>() {
            let p = grundy::expr::parse_position_within(&text.to_cow()?, &budget)
                .map_err(|e| ANALYZE.err(e))?;
            terms.extend(p.terms);
        } else if let Ok(part) = item.cast::<Part>() {
            let pos = part.get().pos.clone();
            if !games.iter().any(|d| Arc::ptr_eq(d, &pos.def)) {
                // The engine knows a position by its game's name and number.
                if games.iter().any(|d| d.name == pos.def.name) {
                    return Err(GrundyError::new_err(format!(
                        "two different games in this sum are named {:?}: give them different names \
                         (Game(..., name=...))",
                        pos.def.name
                    )));
                }
                games.push(pos.def.clone());
            }
            terms.push(Term::of(vec![Arc::new(pos) as Component]));
        } else {
            return Err(PyTypeError::new_err(format!(
                "a sum takes expressions (str) and positions of games (game.at(position)), not {}",
                item.repr()?
            )));
        }
    }
    let position = Position::new(terms).map_err(py_err)?;
    let work = games.iter().map(|d| d.budget).max();
    let options = AnalyzeOptions {
        max_moves,
        misere_budget: work.unwrap_or(AnalyzeOptions::default().misere_budget),
        // Built-in games alone are searched where Ctrl-C stops them (below),
        // so with the budget `analyze` gives; a search among Python games
        // cannot be stopped while inside a built-in one.
        search_budget: if games.is_empty() {
            grundy::search::DEFAULT_SEARCH_WORK
        } else {
            AnalyzeOptions::default().search_budget
        },
        ..AnalyzeOptions::default()
    }
    .with_budget(budget.clone());
    let analyze = || {
        position
            .analyze(play_of(misere), &options)
            .and_then(|a| analysis_json(&position, &a))
    };
    if games.is_empty() {
        // Built-in games only: off the GIL, and Ctrl-C cancels it.
        return interruptible(py, &budget, analyze)?.map_err(|e| ANALYZE.err(e));
    }
    for d in &games {
        // A failure in Python stops the whole sum's search.
        *d.cancel.lock().unwrap_or_else(|e| e.into_inner()) = budget.cancel_handle();
        // A game busy already is refused when the search reaches it.
        let _ = d.start(&budget);
    }
    let out = analyze();
    for d in &games {
        let failure = d.failure.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(e) = failure {
            d.forget();
            return Err(e);
        }
    }
    out.map_err(
        |e| match games.iter().find(|d| d.is_loopy.load(Ordering::Relaxed)) {
            Some(d) => loopy_err(d, &ANALYZE, e),
            None => ANALYZE.err(e),
        },
    )
}
