//! One game defined in Python ([`Def`]): its `moves` callback, the
//! positions seen (numbered), and its solvers; a position ([`Pos`]) as a
//! [`Game`] component of the engine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use grundy::budget::{Budget, CancelHandle};
use grundy::error::{Error, ErrorKind};
use grundy::game::{Component, Context, Game, Move};
use grundy::loopy::{Gamma, LoopySolver};
use grundy::nimber::Nimber;
use grundy::solver::Solver;
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use super::split::Split;
use crate::errors::{GrundyError, Raise};

/// One game defined in Python: its moves, the positions seen (numbered),
/// and a solver that keeps every value found.
pub(crate) struct Def {
    pub(crate) name: String,
    /// `moves(position)`, or `None` for positions with a `moves()` method.
    pub(crate) moves: Option<Py<PyAny>>,
    /// Position → number, and number → position.
    pub(crate) index: Py<PyDict>,
    pub(crate) positions: Py<PyList>,
    /// The first error raised in Python during the current search.
    pub(crate) failure: Mutex<Option<PyErr>>,
    pub(crate) solver: Mutex<Solver>,
    /// The retrograde solver for the game once it is found loopy.
    pub(crate) loopy: Mutex<LoopySolver>,
    /// Whether a line of play was found to repeat a position.
    pub(crate) is_loopy: AtomicBool,
    /// Positions and moves a question may visit.
    pub(crate) budget: usize,
    /// Seconds and bytes a question may take (`None`: no limit).
    pub(crate) time: Option<f64>,
    pub(crate) memory: Option<u64>,
    /// Cancels the current question's search (after a failure in Python).
    pub(crate) cancel: Mutex<CancelHandle>,
}

/// How a game of your own raises its limits: `Game(..., budget=, time=,
/// memory=)`.
pub(crate) const GAME: Raise = Raise {
    work: Some("budget"),
    call: "Game",
};

/// The solver of a game, even after a panic poisoned its lock; a solver
/// already in use is refused (a `moves` function that asks for values of
/// its own game).
pub(crate) fn lock<'a>(def: &'a Def) -> Result<MutexGuard<'a, Solver>, Error> {
    match def.solver.try_lock() {
        Ok(s) => Ok(s),
        Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
        Err(TryLockError::WouldBlock) => Err(busy(&def.name)),
    }
}

/// A position of a [`Def`], as a component of the engine.
#[derive(Clone)]
pub(crate) struct Pos {
    pub(crate) def: Arc<Def>,
    pub(crate) id: u64,
}

impl std::fmt::Debug for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{}", self.def.name, self.id)
    }
}

impl Def {
    pub(crate) fn position<'py>(&self, py: Python<'py>, id: u64) -> PyResult<Bound<'py, PyAny>> {
        self.positions.bind(py).get_item(id as usize)
    }

    pub(crate) fn repr(&self, py: Python<'_>, id: u64) -> String {
        self.position(py, id)
            .and_then(|p| Ok(p.repr()?.to_string()))
            .unwrap_or_else(|_| format!("<position {id}>"))
    }

    /// The number of position `obj`, reached by a move from `from`.
    pub(crate) fn id_of(&self, py: Python<'_>, obj: &Bound<'_, PyAny>, from: u64) -> PyResult<u64> {
        let index = self.index.bind(py);
        match index.get_item(obj) {
            Ok(Some(id)) => id.extract(),
            Ok(None) => {
                let positions = self.positions.bind(py);
                let id = positions.len() as u64;
                index.set_item(obj, id)?;
                positions.append(obj)?;
                Ok(id)
            }
            Err(e) if e.is_instance_of::<PyTypeError>(py) => Err(PyTypeError::new_err(format!(
                "moves({}) returned {}, which is not hashable: positions must be hashable \
                 (tuples or frozensets, not lists or sets)",
                self.repr(py, from),
                obj.repr().map(|r| r.to_string()).unwrap_or_default()
            ))),
            Err(e) => Err(e),
        }
    }

    /// The options of position `id` as Python returned them.
    pub(crate) fn raw_moves<'py>(
        &self,
        py: Python<'py>,
        id: u64,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let pos = self.position(py, id)?;
        let out = match &self.moves {
            Some(f) => f.bind(py).call1((&pos,)),
            None => pos.call_method0("moves"),
        };
        let out = out.map_err(|e| {
            // KeyboardInterrupt, SystemExit, …: not an error of the game,
            // raised as itself.
            if !e.is_instance_of::<PyException>(py) {
                return e;
            }
            let what = format!(
                "moves({}) raised {}: {}",
                self.repr(py, id),
                e.get_type(py)
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default(),
                e.value(py)
            );
            let wrapped = GrundyError::new_err(what);
            wrapped.set_cause(py, Some(e));
            wrapped
        })?;
        if let Ok(list) = out.cast::<PyList>() {
            return Ok(list.iter().collect());
        }
        if let Ok(tuple) = out.cast::<PyTuple>() {
            return Ok(tuple.iter().collect());
        }
        Err(PyTypeError::new_err(format!(
            "moves({}) returned {} ({}), not a list of positions",
            self.repr(py, id),
            out.repr().map(|r| r.to_string()).unwrap_or_default(),
            out.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )))
    }

    /// The numbers of the positions one option leaves.
    pub(crate) fn option_ids(
        &self,
        py: Python<'_>,
        item: &Bound<'_, PyAny>,
        from: u64,
    ) -> PyResult<Vec<u64>> {
        if let Ok(split) = item.cast::<Split>() {
            return split
                .get()
                .parts
                .iter()
                .map(|p| self.id_of(py, p.bind(py), from))
                .collect();
        }
        Ok(vec![self.id_of(py, item, from)?])
    }

    pub(crate) fn fail(&self, e: PyErr) {
        let mut f = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        if f.is_none() {
            *f = Some(e);
        }
        // The search stops at its next look at the budget.
        self.cancel
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .cancel();
    }

    /// A fresh budget for one question: its `time` from now, its `memory`,
    /// cancelled when Python fails.
    pub(crate) fn fresh_budget(&self) -> Budget {
        let cancel = CancelHandle::new();
        *self.cancel.lock().unwrap_or_else(|e| e.into_inner()) = cancel.clone();
        let mut b = Budget::unlimited().with_cancel(&cancel);
        if let Some(t) = self.time {
            b = b.with_time(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX));
        }
        if let Some(m) = self.memory {
            b = b.with_memory(m);
        }
        b
    }

    pub(crate) fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// The value of the sum of the positions `ids`: by the memoising
    /// finite solver, or — once a line of play repeats a position — by the
    /// loopy solver.
    pub(crate) fn gamma(
        self: &Arc<Self>,
        ids: &[u64],
        budget: &Budget,
    ) -> grundy::error::Result<Gamma> {
        let parts: Vec<Component> = ids
            .iter()
            .map(|&id| {
                Arc::new(Pos {
                    def: Arc::clone(self),
                    id,
                }) as Component
            })
            .collect();
        if !self.is_loopy.load(Ordering::Relaxed) {
            let finite = lock(self)?.grundy_of(&parts);
            match finite {
                Ok(v) => return Ok(Gamma::Finite(v)),
                Err(e) if e.kind() == ErrorKind::Loop => {
                    self.is_loopy.store(true, Ordering::Relaxed);
                }
                Err(e) => return Err(e),
            }
        }
        let mut loopy = match self.loopy.try_lock() {
            Ok(s) => s,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => return Err(busy(&self.name)),
        };
        loopy.set_budget(budget.clone());
        loopy.gamma_of(&parts)
    }
}

impl Game for Pos {
    fn name(&self) -> &str {
        &self.def.name
    }

    fn args(&self) -> String {
        Python::attach(|py| self.def.repr(py, self.id))
    }

    fn key(&self) -> Vec<u64> {
        vec![self.id]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        // After an error, every position looks final so that the search
        // ends at once; the error is raised when it returns.
        if self.def.failed() {
            return Box::new(std::iter::empty());
        }
        let options = Python::attach(|py| -> PyResult<Vec<Move>> {
            let mut out = Vec::new();
            for item in self.def.raw_moves(py, self.id)? {
                let ids = self.def.option_ids(py, &item, self.id)?;
                out.push(Move::to(
                    ids.into_iter()
                        .map(|id| {
                            Arc::new(Pos {
                                def: self.def.clone(),
                                id,
                            }) as Component
                        })
                        .collect(),
                ));
            }
            Ok(out)
        });
        match options {
            Ok(v) => Box::new(v.into_iter()),
            Err(e) => {
                self.def.fail(e);
                Box::new(std::iter::empty())
            }
        }
    }

    /// The value by the game's own memoising solver, so that values found
    /// once serve every later question (sums included).
    fn value(&self, _cx: &Context) -> grundy::error::Result<Option<Nimber>> {
        let mut solver = lock(&self.def)?;
        let me: Component = Arc::new(self.clone());
        solver.grundy(&me).map(Some).inspect_err(|e| {
            if e.kind() == ErrorKind::Loop {
                self.def.is_loopy.store(true, Ordering::Relaxed);
            }
        })
    }

    fn noun(&self) -> &str {
        "position"
    }
}

pub(crate) fn busy(name: &str) -> Error {
    Error::Unsupported(format!(
        "{name} is being solved already (a moves function that asks for values of its own game?)"
    ))
}
