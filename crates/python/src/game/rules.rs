//! [`Rules`]: the Python class behind `grundy.Game` — values, options,
//! outcomes and winning moves of positions of a game whose moves are a
//! Python function — and [`Part`], a position as a component of a sum.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use grundy::budget::{Budget, LimitKind};
use grundy::error::{Error, ErrorKind};
use grundy::game::Component;
use grundy::loopy::LoopySolver;
use grundy::nim::Play;
use grundy::sum::{AnalyzeOptions, Position, Term};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::def::{Def, Pos, GAME};
use super::split::Split;
use crate::analysis::play_of;
use crate::errors::{guarded, py_err, GrundyError, LoopyGameError, Raise};
use crate::infinite::py_value;
use crate::limits::budget_of;
use grundy::game::Game;

/// A game whose moves are a Python function (see `grundy.Game`).
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Rules {
    pub(crate) def: Arc<Def>,
}

/// A component of a sum: a position of a [`Rules`] game.
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Part {
    pub(crate) pos: Pos,
}

#[pymethods]
impl Part {
    fn __repr__(&self) -> String {
        format!("{}({})", self.pos.name(), self.pos.args())
    }
}

impl Rules {
    pub(crate) fn pos(&self, py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Pos> {
        let id = match self.def.number(py, obj) {
            Ok(id) => id,
            Err(e) if e.is_instance_of::<PyTypeError>(py) => {
                return Err(PyTypeError::new_err(format!(
                    "{} is not hashable: positions must be hashable (tuples or frozensets, not lists or sets)",
                    obj.repr()?
                )))
            }
            Err(e) => return Err(e),
        };
        Ok(Pos {
            def: self.def.clone(),
            id,
        })
    }

    /// Runs `f` with a fresh budget (work, time, memory: the one `f` is
    /// handed) and turns what went wrong into the right Python exception;
    /// `asked` names the position asked about in a refusal. A failed search
    /// may have taken positions whose `moves` failed for final ones: its
    /// values are dropped.
    pub(crate) fn run<T>(
        &self,
        asked: Option<String>,
        f: impl FnOnce(&Budget) -> grundy::error::Result<T>,
    ) -> PyResult<T> {
        guarded(|| {
            let budget = self.def.fresh_budget();
            self.def.start(&budget).map_err(py_err)?;
            let out = f(&budget);
            let failure = self
                .def
                .failure
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            if let Some(e) = failure {
                self.def.forget();
                if let Ok(mut s) = self.def.loopy.try_lock() {
                    *s = LoopySolver::new(self.def.budget, Budget::unlimited());
                }
                return Err(e);
            }
            out.map_err(|e| {
                let e = match &asked {
                    Some(asked) => asked_about(e, asked, self.def.budget),
                    None => e,
                };
                loopy_err(&self.def, &GAME, e)
            })
        })
    }

    pub(crate) fn options(&self, budget: &Budget) -> AnalyzeOptions {
        AnalyzeOptions {
            misere_budget: self.def.budget,
            search_budget: self.def.budget,
            ..AnalyzeOptions::default()
        }
        .with_budget(budget.clone())
    }
}

/// A refusal said of the position asked about (`asked`), not of one deep
/// in its game tree where the search ran out.
pub(crate) fn asked_about(e: Error, asked: &str, work: usize) -> Error {
    match e.limit_kind() {
        Some(LimitKind::Work) => Error::limit(
            LimitKind::Work,
            format!(
                "the Grundy value of {asked} was not found: the search for it ran past its \
                 budget of {work} positions and moves"
            ),
        ),
        Some(_) => e.in_context(|| format!("finding the Grundy value of {asked}")),
        None => e,
    }
}

/// An engine error about a game of [`Def`], with how to raise the limit
/// reached (`raise`): a budget that a loopy game's solution cannot meet is
/// a `LoopyGameError`.
pub(crate) fn loopy_err(def: &Def, raise: &Raise, e: Error) -> PyErr {
    let over = matches!(e.kind(), ErrorKind::TooLarge | ErrorKind::Limit(_));
    if over && def.is_loopy.load(Ordering::Relaxed) {
        return LoopyGameError::new_err(raise.hinted(e).to_string());
    }
    raise.err(e)
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (moves, name, budget, time=None, memory=None, finite=false))]
    fn new(
        py: Python<'_>,
        moves: Option<Py<PyAny>>,
        name: &str,
        budget: usize,
        time: Option<f64>,
        memory: Option<u64>,
        finite: bool,
    ) -> PyResult<Rules> {
        budget_of(time, memory)?;
        if let Some(f) = &moves {
            if !f.bind(py).is_callable() {
                return Err(PyTypeError::new_err(
                    "moves must be a function from a position to a list of positions",
                ));
            }
        }
        let ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
        if !ok {
            return Err(GrundyError::new_err(format!(
                "invalid game name {name:?}: use letters, digits, '_' and '-'"
            )));
        }
        Ok(Rules {
            def: Def::new(py, name, moves, budget, time, memory, finite),
        })
    }

    /// The name the game is written with.
    #[getter]
    fn name(&self) -> String {
        self.def.name.clone()
    }

    /// How many positions have been seen.
    #[getter]
    fn positions_seen(&self, py: Python<'_>) -> usize {
        self.def.positions.bind(py).len()
    }

    /// The value of each position, in order: an `int`, or `Infinite` for a
    /// loopy position from which play may go on forever.
    fn values(&self, py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let mut out = Vec::new();
        for obj in positions.try_iter()? {
            let pos = self.pos(py, &obj?)?;
            let asked = format!("{}({})", pos.name(), pos.args());
            let g = self.run(Some(asked), |budget| self.def.gamma(&[pos.id], budget))?;
            out.push(py_value(py, g)?);
        }
        Ok(out)
    }

    /// The options of a position as `moves` gave them, each with its value
    /// (of the sum of what it leaves).
    fn option_values<'py>(
        &self,
        py: Python<'py>,
        obj: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Py<PyAny>)>> {
        let pos = self.pos(py, obj)?;
        let items = self.def.raw_moves(py, pos.id)?;
        let mut out = Vec::new();
        for item in items {
            let ids = self.def.option_ids(py, &item, pos.id)?;
            let asked = format!("{}({})", pos.name(), self.def.repr(py, ids[0]));
            let asked = match ids.len() {
                1 => asked,
                _ => format!("{asked} + …"),
            };
            let g = self.run(Some(asked), |budget| self.def.gamma(&ids, budget))?;
            out.push((item, py_value(py, g)?));
        }
        Ok(out)
    }

    /// The outcome ("N", "P", or "D" for a draw) of a position alone;
    /// misère play by search.
    #[pyo3(signature = (obj, misere=false))]
    fn outcome(&self, py: Python<'_>, obj: &Bound<'_, PyAny>, misere: bool) -> PyResult<String> {
        let pos = self.pos(py, obj)?;
        let position =
            Position::new(vec![Term::of(vec![Arc::new(pos) as Component])]).map_err(py_err)?;
        let a = self.run(None, |budget| {
            let options = AnalyzeOptions {
                max_moves: 0,
                ..self.options(budget)
            };
            position.analyze(play_of(misere), &options)
        })?;
        Ok(a.outcome.letter().to_string())
    }

    /// The misère winning moves of a position alone: the positions left
    /// (a `Split` when a move leaves several, `Split()` when none).
    fn misere_winning_moves<'py>(
        &self,
        py: Python<'py>,
        obj: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let pos = self.pos(py, obj)?;
        let position =
            Position::new(vec![Term::of(vec![Arc::new(pos) as Component])]).map_err(py_err)?;
        let a = self.run(None, |budget| {
            position.analyze(Play::Misere, &self.options(budget))
        })?;
        let mut out = Vec::new();
        for m in &a.winning_moves {
            let parts: Vec<Bound<'py, PyAny>> =
                m.mv.after
                    .iter()
                    .map(|c| self.def.position(py, c.key()[0]))
                    .collect::<PyResult<_>>()?;
            if parts.len() == 1 {
                out.push(parts.into_iter().next().expect("one part"));
            } else {
                let split = Split {
                    parts: parts.into_iter().map(Bound::unbind).collect(),
                };
                out.push(Bound::new(py, split)?.into_any());
            }
        }
        Ok(out)
    }

    /// A position as a component of a sum (`grundy.Sum`).
    fn part(&self, py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Part> {
        Ok(Part {
            pos: self.pos(py, obj)?,
        })
    }
}
