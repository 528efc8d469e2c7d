//! Nimber arithmetic by name, as `grundy nimber OP`.

use grundy::nimber::{self, Nimber};
use pyo3::prelude::*;

use crate::errors::{guarded, GrundyError};

/// A nimber operation by name, as `grundy nimber OP`.
#[pyfunction]
#[pyo3(signature = (op, a, b=0))]
pub(crate) fn nimber_op(op: &str, a: Nimber, b: u64) -> PyResult<Nimber> {
    guarded(|| nimber_of(op, a, b))
}

pub(crate) fn nimber_of(op: &str, a: Nimber, b: u64) -> PyResult<Nimber> {
    Ok(match op {
        "mul" => nimber::mul(a, b),
        "div" => nimber::div(a, b).ok_or_else(|| {
            GrundyError::new_err(format!(
                "division by zero: {a} / 0 is undefined (0 has no nim inverse)"
            ))
        })?,
        "inv" => nimber::inv(a)
            .ok_or_else(|| GrundyError::new_err("division by zero: 0 has no nim inverse"))?,
        "square" => nimber::square(a),
        "sqrt" => nimber::sqrt(a),
        "pow" => nimber::pow(a, b),
        _ => return Err(GrundyError::new_err(format!("no nimber operation {op:?}"))),
    })
}
