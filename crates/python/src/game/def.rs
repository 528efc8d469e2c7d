//! One game defined in Python ([`Def`]): its `moves` callback, the
//! positions seen (numbered), and its solvers; a position ([`Pos`]) as a
//! [`Game`] component of the engine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError, Weak};
use std::time::Duration;

use grundy::budget::{Budget, CancelHandle};
use grundy::error::{Error, ErrorKind};
use grundy::game::{Component, Context, Game, Move};
use grundy::loopy::{Gamma, LoopySolver};
use grundy::nimber::Nimber;
use grundy::search::{Engines, Search, SearchConfig};
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use super::search::{decode, encode, size_of, Encoded, Known, Positions, PyRules};
use super::split::Split;
use crate::errors::{GrundyError, Raise};

/// One game defined in Python: its moves, the positions seen (numbered),
/// what is known of them, and a search that keeps the values found.
pub(crate) struct Def {
    pub(crate) name: String,
    /// `moves(position)`, or `None` for positions with a `moves()` method.
    pub(crate) moves: Option<Py<PyAny>>,
    /// Position → number, and number → position.
    pub(crate) index: Py<PyDict>,
    pub(crate) positions: Py<PyList>,
    /// The first error raised in Python during the current search.
    pub(crate) failure: Mutex<Option<PyErr>>,
    /// The sizes and options of the positions seen, by number.
    pub(crate) known: Mutex<Known>,
    /// The engine's search over position numbers (see [`PyRules`]).
    pub(crate) search: Mutex<Search<PyRules>>,
    /// The retrograde solver for the game once it is found loopy.
    pub(crate) loopy: Mutex<LoopySolver>,
    /// Whether a line of play was found to repeat a position.
    pub(crate) is_loopy: AtomicBool,
    /// Whether the user promised that every line of play ends (the search
    /// may then prune; see [`PyRules`]).
    pub(crate) finite: bool,
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

/// The search of a game, even after a panic poisoned its lock; a search
/// already in use is refused (a `moves` function that asks for values of
/// its own game).
pub(crate) fn lock<'a>(def: &'a Def) -> Result<MutexGuard<'a, Search<PyRules>>, Error> {
    match def.search.try_lock() {
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
    /// A game named `name` whose moves are `moves` (or the positions'
    /// `moves()` methods), each question within `budget` positions and
    /// moves, `time` seconds and `memory` bytes.
    pub(crate) fn new(
        py: Python<'_>,
        name: &str,
        moves: Option<Py<PyAny>>,
        budget: usize,
        time: Option<f64>,
        memory: Option<u64>,
        finite: bool,
    ) -> Arc<Def> {
        Arc::new_cyclic(|me| Def {
            name: name.to_string(),
            moves,
            index: PyDict::new(py).unbind(),
            positions: PyList::empty(py).unbind(),
            failure: Mutex::new(None),
            known: Mutex::new(Known::default()),
            search: Mutex::new(Def::fresh_search(me, budget, finite)),
            loopy: Mutex::new(LoopySolver::new(budget, Budget::unlimited())),
            is_loopy: AtomicBool::new(false),
            finite,
            budget,
            time,
            memory,
            cancel: Mutex::new(CancelHandle::new()),
        })
    }

    fn fresh_search(me: &Weak<Def>, budget: usize, finite: bool) -> Search<PyRules> {
        let config = SearchConfig {
            work: Some(budget as u64),
            ..SearchConfig::default()
        };
        Search::new(
            PyRules {
                def: me.clone() as Weak<dyn Positions>,
                finite,
            },
            &config,
        )
    }

    /// Readies the game for a question within `budget` (and a fresh
    /// allowance of work), keeping what it knows when that fits.
    /// Refused when its search is in use (a `moves` function asking for
    /// values of its own game).
    pub(crate) fn start(&self, budget: &Budget) -> Result<(), Error> {
        *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.known().set_budget(budget);
        let mut s = lock(self)?;
        s.renew(Some(self.budget as u64));
        s.set_budget(budget.clone());
        Ok(())
    }

    /// Forgets the values found (after a search that Python stopped).
    pub(crate) fn forget(self: &Arc<Self>) {
        if let Ok(mut s) = lock(self) {
            *s = Def::fresh_search(&Arc::downgrade(self), self.budget, self.finite);
        }
    }

    /// What is known of the positions, even after a panic.
    pub(crate) fn known(&self) -> MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of position `obj` (numbered now if new), or the error of
    /// Python hashing it.
    pub(crate) fn number(&self, py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<u64> {
        let index = self.index.bind(py);
        if let Some(id) = index.get_item(obj)? {
            return id.extract();
        }
        let size = size_of(obj);
        let positions = self.positions.bind(py);
        let id = positions.len() as u64;
        index.set_item(obj, id)?;
        positions.append(obj)?;
        self.known().numbered(id, size);
        Ok(id)
    }

    /// The options of position `id` as numbers: from what is kept, else
    /// from `moves` (then kept).
    pub(crate) fn options_of(&self, py: Python<'_>, id: u64) -> PyResult<Encoded> {
        if let Some(o) = self.known().options(id) {
            return Ok(o);
        }
        let lists = self
            .raw_moves(py, id)?
            .iter()
            .map(|item| self.option_ids(py, item, id))
            .collect::<PyResult<Vec<_>>>()?;
        let options = encode(&lists);
        self.known().keep(id, options.clone());
        Ok(options)
    }

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
        match self.number(py, obj) {
            Ok(id) => Ok(id),
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

    /// The value of the sum of the positions `ids`: by the search, or —
    /// once a line of play repeats a position — by the loopy solver.
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
            let finite = lock(self)?.nimber_of(ids);
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

impl Pos {
    fn nimber(&self) -> grundy::error::Result<Nimber> {
        lock(&self.def)?.nimber(&self.id).inspect_err(|e| {
            if e.kind() == ErrorKind::Loop {
                self.def.is_loopy.store(true, Ordering::Relaxed);
            }
        })
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
        let options = Python::attach(|py| self.def.options_of(py, self.id)).map(|options| {
            decode(&options)
                .map(|ids| {
                    Move::to(
                        ids.iter()
                            .map(|&id| {
                                Arc::new(Pos {
                                    def: self.def.clone(),
                                    id,
                                }) as Component
                            })
                            .collect(),
                    )
                })
                .collect::<Vec<_>>()
        });
        match options {
            Ok(v) => Box::new(v.into_iter()),
            Err(e) => {
                self.def.fail(e);
                Box::new(std::iter::empty())
            }
        }
    }

    /// The value by the game's own search, so that values found once serve
    /// every later question (sums included).
    fn value(&self, _cx: &Context) -> grundy::error::Result<Option<Nimber>> {
        self.nimber().map(Some)
    }

    /// The same search, for solvers that take no values from theory.
    fn solve(&self, _engines: &mut Engines) -> Option<grundy::error::Result<Nimber>> {
        Some(self.nimber())
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

impl Positions for Def {
    fn options_of(&self, py: Python<'_>, id: u64) -> PyResult<Encoded> {
        Def::options_of(self, py, id)
    }

    fn fail(&self, e: PyErr) {
        Def::fail(self, e)
    }

    fn known(&self) -> MutexGuard<'_, Known> {
        Def::known(self)
    }

    fn written(&self, py: Python<'_>, id: u64) -> String {
        format!("{}({})", self.name, self.repr(py, id))
    }
}
