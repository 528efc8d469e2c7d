//! `analyze`: the analysis of an expression of built-in games, as the
//! JSON object of `grundy analyze --json`.

use std::sync::OnceLock;

use grundy::error::Error;
use grundy::memo::Memo;
use grundy::nim::Play;
use grundy::report::AnalysisReport;
use grundy::sum::{Analysis, AnalyzeOptions, Position};
use pyo3::prelude::*;

use crate::errors::{guarded, Raise};
use crate::limits::{budget_of, interruptible};

/// The limits of module-level analyses: `analyze(..., time=, memory=)`.
pub(crate) const ANALYZE: Raise = Raise {
    work: None,
    call: "analyze",
};

/// The JSON object of `grundy analyze --json`, the same report the command
/// line prints.
pub(crate) fn analysis_json(position: &Position, a: &Analysis) -> Result<String, Error> {
    let report = AnalysisReport::new(position, a)?;
    Ok(serde_json::to_string(&report).expect("the analysis serialises"))
}

pub(crate) fn play_of(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// What the engine keeps between calls (the misère quotients of heap
/// rules, within their cache's bound): one memo for the module, so that a
/// notebook analysing many misère sums of one rule computes its quotient
/// once.
pub(crate) fn memo() -> Memo {
    static MEMO: OnceLock<Memo> = OnceLock::new();
    MEMO.get_or_init(Memo::default).clone()
}

/// `grundy analyze EXPR --json [--misere] [--max-moves N]`, as JSON text,
/// within `time` seconds and `memory` bytes when given.
#[pyfunction]
#[pyo3(signature = (expr, misere=false, max_moves=10_000, time=None, memory=None))]
pub(crate) fn analyze(
    py: Python<'_>,
    expr: &str,
    misere: bool,
    max_moves: usize,
    time: Option<f64>,
    memory: Option<u64>,
) -> PyResult<String> {
    guarded(|| {
        let budget = budget_of(time, memory)?;
        let position =
            grundy::expr::parse_position_within(expr, &budget).map_err(|e| ANALYZE.err(e))?;
        let options = AnalyzeOptions {
            max_moves,
            memo: memo(),
            // Ctrl-C stops it (see `interruptible`).
            search_budget: grundy::search::DEFAULT_SEARCH_WORK,
            ..AnalyzeOptions::default()
        }
        .with_budget(budget.clone());
        interruptible(py, &budget, || {
            let a = position.analyze(play_of(misere), &options)?;
            analysis_json(&position, &a)
        })?
        .map_err(|e| ANALYZE.err(e))
    })
}
