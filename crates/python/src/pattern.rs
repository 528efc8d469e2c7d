//! Pattern finding in a table of values and in the P-positions of a
//! two-parameter family.

use grundy::pattern::{find_lines, find_sequence};
use grundy::period::ProofShape;
use pyo3::prelude::*;

use crate::errors::guarded;

/// The pattern of a table `G(0..N)` as JSON (`pattern`, `certainty`,
/// `description`); `shape = (h, t)` asks for a Guy–Smith proof.
#[pyfunction]
#[pyo3(signature = (values, shape=None))]
pub(crate) fn find_sequence_pattern(
    values: Vec<u64>,
    shape: Option<(u64, u64)>,
) -> PyResult<String> {
    guarded(|| {
        let shape = shape.map(|(h, t)| ProofShape {
            max_heaps: h,
            last_digit: t,
        });
        let f = find_sequence(&values, shape);
        Ok(serde_json::json!({
            "pattern": f.pattern,
            "certainty": f.certainty,
            "description": f.describe(),
        })
        .to_string())
    })
}

/// The pattern of the P-positions of a two-parameter family on
/// `[0, bound]²`, as JSON (`pattern`, `description`).
#[pyfunction]
pub(crate) fn find_lines_pattern(points: Vec<(u64, u64)>, bound: u64) -> PyResult<String> {
    guarded(|| {
        let f = find_lines(&points, bound);
        Ok(serde_json::json!({ "pattern": f, "description": f.describe(bound) }).to_string())
    })
}
