//! Heap rules: nim-sequences (`sequence`), single values (`value`), and a
//! rule's canonical name and proof shape (`rule_info`).

use grundy::budget::Budget;
use grundy::error::Error;
use grundy::limits::Limits;
use grundy::sequence::NimSequence;
use grundy::Rule;
use pyo3::prelude::*;

use crate::errors::{guarded, py_err, Raise};
use crate::limits::{budget_of, interruptible};

/// The limits of `sequence(..., time=, memory=)`.
pub(crate) const SEQUENCE: Raise = Raise {
    work: None,
    call: "sequence",
};

/// The limits of `value(..., time=, memory=)`.
pub(crate) const VALUE: Raise = Raise {
    work: None,
    call: "value",
};

/// `G(0..=to)` of a heap rule and the JSON of `grundy seq RULE --to N
/// --json` without its values: `(values, {"rule", "period", "preperiod",
/// "proof"})`.
#[pyfunction]
#[pyo3(signature = (rule, to, time=None, memory=None))]
pub(crate) fn sequence(
    py: Python<'_>,
    rule: &str,
    to: u64,
    time: Option<f64>,
    memory: Option<u64>,
) -> PyResult<(Vec<u64>, String)> {
    guarded(|| sequence_of(py, rule, to, budget_of(time, memory)?))
}

pub(crate) fn sequence_of(
    py: Python<'_>,
    rule: &str,
    to: u64,
    budget: Budget,
) -> PyResult<(Vec<u64>, String)> {
    let rule = Rule::parse(rule).map_err(py_err)?;
    interruptible(py, &budget, || -> Result<_, Error> {
        let seq = NimSequence::within(&rule, to, Limits::default(), &budget)?;
        let values = (0..=to)
            .map(|n| seq.value(n))
            .collect::<Result<Vec<_>, _>>()?;
        let period = seq.period();
        let rest = serde_json::json!({
            "rule": rule.to_string(),
            "period": period.map(|p| p.period),
            "preperiod": period.map(|p| p.preperiod),
            "proof": period.map(|p| p.proof),
        });
        Ok((values, rest.to_string()))
    })?
    .map_err(|e| SEQUENCE.err(e))
}

/// `grundy value RULE N`: one Grundy value (through a proved period for
/// huge `n`).
#[pyfunction]
#[pyo3(signature = (rule, n, time=None, memory=None))]
pub(crate) fn value(
    py: Python<'_>,
    rule: &str,
    n: u64,
    time: Option<f64>,
    memory: Option<u64>,
) -> PyResult<u64> {
    guarded(|| {
        let rule = Rule::parse(rule).map_err(py_err)?;
        let budget = budget_of(time, memory)?;
        interruptible(py, &budget, || {
            NimSequence::within(&rule, n, Limits::patient(), &budget)?.value(n)
        })?
        .map_err(|e| VALUE.err(e))
    })
}

/// The canonical name of a heap rule and the shape of its moves for the
/// Guy–Smith theorem (`None` when it has no such proof).
#[pyfunction]
pub(crate) fn rule_info(rule: &str) -> PyResult<(String, Option<(u64, u64)>)> {
    guarded(|| {
        let rule = Rule::parse(rule).map_err(py_err)?;
        let shape = rule.proof_shape().map(|s| (s.max_heaps, s.last_digit));
        Ok((rule.to_string(), shape))
    })
}
