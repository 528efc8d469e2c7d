//! The census of octal codes: the codes of patterns, one record (a task of
//! a distributed census), and a whole census on local threads.

use grundy::budget::Budget;
use grundy::census::{self, Code, Record};
use pyo3::prelude::*;

use crate::errors::{py_err, GrundyError};
use crate::limits::{interruptible, seconds};

/// The codes of census patterns (`0.???`, `4.??`, lists) in the order of
/// the published tables, each with its class representative.
#[pyfunction]
pub(crate) fn census_codes(patterns: Vec<String>) -> PyResult<Vec<(String, String)>> {
    let codes = census::expand(&patterns).map_err(py_err)?;
    Ok(codes
        .iter()
        .map(|c| (c.text().to_string(), census::representative(c).canonical()))
        .collect())
}

/// The census record of one code, as JSON (its class computed once, for
/// its representative): one task of a distributed census.
#[pyfunction]
#[pyo3(signature = (code, to, time_per_game=None))]
pub(crate) fn census_survey(
    py: Python<'_>,
    code: &str,
    to: u64,
    time_per_game: Option<f64>,
) -> PyResult<String> {
    let code = Code::parse(code).map_err(py_err)?;
    let mut budget = Budget::unlimited();
    if let Some(time) = seconds(time_per_game)? {
        budget = budget.with_time(time);
    }
    let record =
        interruptible(py, &budget, || census::survey(&code, to, &budget))?.map_err(py_err)?;
    Ok(serde_json::to_string(&record).expect("a record serialises"))
}

/// The record (JSON) of `code` from the record of another code of its class.
#[pyfunction]
pub(crate) fn census_for_code(record: &str, code: &str) -> PyResult<String> {
    let record: Record = serde_json::from_str(record)
        .map_err(|e| GrundyError::new_err(format!("not a census record: {e}")))?;
    let code = Code::parse(code).map_err(py_err)?;
    let wanted = census::representative(&code).canonical();
    if wanted != record.equivalent {
        return Err(GrundyError::new_err(format!(
            "{code} is of the class of {wanted}, not {}",
            record.equivalent
        )));
    }
    Ok(serde_json::to_string(&record.for_code(&code)).expect("a record serialises"))
}

/// A whole census on local threads, as the JSON array of `grundy census
/// --json`.
#[pyfunction]
#[pyo3(signature = (patterns, to, time_per_game=None, threads=None))]
pub(crate) fn census_run(
    py: Python<'_>,
    patterns: Vec<String>,
    to: u64,
    time_per_game: Option<f64>,
    threads: Option<usize>,
) -> PyResult<String> {
    let codes = census::expand(&patterns).map_err(py_err)?;
    if threads == Some(0) {
        return Err(GrundyError::new_err("threads must be at least 1"));
    }
    let options = census::Options {
        to,
        time_per_game: seconds(time_per_game)?,
        threads: threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let budget = Budget::unlimited();
    let records = interruptible(py, &budget, || {
        census::run(&codes, &[], &options, &budget, &|_| {})
    })?
    .map_err(py_err)?;
    Ok(serde_json::to_string(&records).expect("records serialise"))
}
