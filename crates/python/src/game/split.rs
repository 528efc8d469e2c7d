//! [`Split`]: an option that leaves several independent components.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// An option of a `moves` function that leaves several components: a
/// take-and-break move (`Split(3, 4)` splits a row into rows of 3 and 4).
/// `Split()` leaves nothing.
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Split {
    pub(crate) parts: Vec<Py<PyAny>>,
}

#[pymethods]
impl Split {
    #[new]
    #[pyo3(signature = (*parts))]
    fn new(parts: &Bound<'_, PyTuple>) -> Split {
        Split {
            parts: parts.iter().map(Bound::unbind).collect(),
        }
    }

    /// The positions left.
    #[getter]
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.parts.iter().map(|p| p.bind(py)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|p| Ok(p.bind(py).repr()?.to_string()))
            .collect::<PyResult<_>>()?;
        Ok(format!("Split({})", parts.join(", ")))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Split>() else {
            return Ok(false);
        };
        let other = other.get();
        if other.parts.len() != self.parts.len() {
            return Ok(false);
        }
        for (a, b) in self.parts.iter().zip(&other.parts) {
            if !a.bind(py).eq(b.bind(py))? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
