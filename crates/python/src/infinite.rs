//! Values as Python sees them: an `int`, or [`Infinite`] (`∞(K)`) for a
//! loopy position from which play may go on forever.

use grundy::loopy::Gamma;
use pyo3::prelude::*;

/// `∞(K)`: the value of a loopy position from which play may go on forever,
/// `K` the finite values among its options (`finite_followers`).
#[pyclass(frozen, module = "grundy", eq, hash, skip_from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Infinite {
    followers: Vec<u64>,
}

#[pymethods]
impl Infinite {
    #[new]
    #[pyo3(signature = (finite_followers=Vec::new()))]
    fn new(finite_followers: Vec<u64>) -> Infinite {
        let mut followers = finite_followers;
        followers.sort_unstable();
        followers.dedup();
        Infinite { followers }
    }

    /// The finite values among the options, ascending: `K` of `∞(K)`.
    #[getter]
    fn finite_followers(&self) -> Vec<u64> {
        self.followers.clone()
    }

    /// `"N"` when an option has value 0 (the player to move wins), else
    /// `"D"` (a draw).
    #[getter]
    fn outcome(&self) -> &'static str {
        Gamma::Infinite(self.followers.clone()).outcome().letter()
    }

    fn __repr__(&self) -> String {
        format!("Infinite({:?})", self.followers)
    }

    fn __str__(&self) -> String {
        Gamma::Infinite(self.followers.clone()).to_string()
    }
}

/// A value as Python sees it: an `int`, or [`Infinite`].
pub(crate) fn py_value(py: Python<'_>, g: Gamma) -> PyResult<Py<PyAny>> {
    Ok(match g {
        Gamma::Finite(v) => v.into_pyobject(py)?.into_any().unbind(),
        Gamma::Infinite(k) => Bound::new(py, Infinite { followers: k })?
            .into_any()
            .unbind(),
    })
}
