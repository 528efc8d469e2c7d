//! `grundy._grundy`: the engine for Python (PyO3).
//!
//! The Python package `grundy` (`python/grundy/__init__.py`) wraps this
//! module. What lives here: the engine calls (analyses as the JSON object of
//! `grundy analyze --json`, nim-sequences, single values, nimber
//! arithmetic, pattern finding) and [`Rules`], a game whose moves are a
//! Python function — a [`Game`] of the engine, so sums with built-in
//! families, misère search and winning moves come from the engine as they
//! are. Positions are hashable Python values, numbered in the order first
//! seen; the engine sees only the numbers.
//!
//! Engine errors become `GrundyError` (a `ValueError`) with the command
//! line's message; a search past its budget (of work, `time=` or `memory=`)
//! `BudgetExceeded`, a line of play that repeats a position
//! `LoopyGameError` (both `GrundyError`s). A failure of the engine itself
//! (a Rust panic) is a `GrundyError` too, never `PanicException`.
//! Errors raised inside a `moves` function, or a `moves` result that is not
//! a list of hashable positions, stop the search and are raised as Python
//! exceptions naming the position; a `KeyboardInterrupt` (any
//! `BaseException` that is not an `Exception`) is raised as itself. Ctrl-C
//! during a search of the engine cancels it through its budget and raises
//! `KeyboardInterrupt`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, OnceLock, TryLockError};
use std::time::Duration;

use grundy::budget::{Budget, CancelHandle, LimitKind};
use grundy::error::{Error, ErrorKind};
use grundy::game::{Component, Context, Game, Move};
use grundy::limits::Limits;
use grundy::memo::Memo;
use grundy::nim::{Outcome, Play};
use grundy::nimber::{self, Nimber};
use grundy::pattern::{find_lines, find_sequence};
use grundy::period::ProofShape;
use grundy::report::AnalysisReport;
use grundy::sequence::NimSequence;
use grundy::solver::Solver;
use grundy::sum::{Analysis, AnalyzeOptions, Position, Term};
use grundy::Rule;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

create_exception!(
    grundy,
    GrundyError,
    PyValueError,
    "An error of the grundy engine, with the command line's message."
);
create_exception!(
    grundy,
    BudgetExceeded,
    GrundyError,
    "A search or computation that would run past its budget."
);
create_exception!(
    grundy,
    LoopyGameError,
    GrundyError,
    "A game in which a position repeats along a line of play."
);

/// An engine error as the Python exception of its kind.
fn py_err(e: Error) -> PyErr {
    let text = e.to_string();
    match e.kind() {
        ErrorKind::TooLarge | ErrorKind::Limit(_) => BudgetExceeded::new_err(text),
        ErrorKind::Loop => LoopyGameError::new_err(text),
        _ => GrundyError::new_err(text),
    }
}

/// How the caller raises each limit, said after the message of a limit
/// reached: the arguments of the call that set them.
struct Raise {
    /// The argument that sets the work (`None` when the call has none).
    work: Option<&'static str>,
    /// The call, for `time=` and `memory=`: "analyze(...)", "Game(...)".
    call: &'static str,
}

impl Raise {
    /// `e` as its Python exception, with how to raise the limit reached.
    fn err(&self, e: Error) -> PyErr {
        let hint = match e.limit_kind() {
            Some(LimitKind::Work) => self
                .work
                .map(|w| format!("; raise it with {}({w}=N)", self.call)),
            Some(LimitKind::Time) => Some(format!("; allow more with {}(time=SECONDS)", self.call)),
            Some(LimitKind::Memory) => {
                Some(format!("; allow more with {}(memory=SIZE)", self.call))
            }
            _ => None,
        };
        match (hint, e) {
            (Some(hint), Error::Limit { kind, message }) => py_err(Error::Limit {
                kind,
                message: format!("{message}{hint}"),
            }),
            (_, e) => py_err(e),
        }
    }
}

/// The limits of module-level analyses: `analyze(..., time=, memory=)`.
const ANALYZE: Raise = Raise {
    work: None,
    call: "analyze",
};

/// A budget of `time` seconds and `memory` bytes (each unlimited when
/// `None`).
fn budget_of(time: Option<f64>, memory: Option<u64>) -> PyResult<Budget> {
    let mut b = Budget::unlimited();
    if let Some(t) = time {
        if t.is_nan() || t < 0.0 {
            return Err(GrundyError::new_err(format!(
                "time={t}: give the seconds allowed, a number 0 or more"
            )));
        }
        b = b.with_time(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX));
    }
    if let Some(m) = memory {
        b = b.with_memory(m);
    }
    Ok(b)
}

/// Runs `f` and turns a Rust panic into a `GrundyError` (a failure of the
/// engine, not of the caller), so that no `PanicException` reaches Python.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(out) => out,
        Err(panic) => Err(GrundyError::new_err(format!(
            "internal error of the grundy engine ({}); please report it",
            panic_text(&panic)
        ))),
    }
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".into()
    }
}

/// Runs `f` (engine work that calls no Python) on a thread of its own while
/// this one, off the GIL, looks for Ctrl-C every 50 ms: a
/// `KeyboardInterrupt` (or any exception a signal handler raises) cancels
/// the work through `budget` and is raised as itself.
fn interruptible<T: Send>(
    py: Python<'_>,
    budget: &Budget,
    f: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<Result<T, Error>> {
    let cancel = budget.cancel_handle();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let worker = scope.spawn(move || {
            let out = catch_unwind(AssertUnwindSafe(f));
            // The receiver waits for this unless it was interrupted.
            let _ = tx.send(());
            out
        });
        let mut rx = rx;
        loop {
            let (back, done) = py.detach(move || {
                let done = rx.recv_timeout(Duration::from_millis(50));
                (rx, done)
            });
            rx = back;
            if !matches!(done, Err(mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(e) = py.check_signals() {
                cancel.cancel();
                let _ = py.detach(|| worker.join());
                return Err(e);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(Ok(out)) => Ok(out),
            Ok(Err(panic)) | Err(panic) => Err(GrundyError::new_err(format!(
                "internal error of the grundy engine ({}); please report it",
                panic_text(&panic)
            ))),
        }
    })
}

/// The JSON object of `grundy analyze --json`, the same report the command
/// line prints.
fn analysis_json(position: &Position, a: &Analysis) -> Result<String, Error> {
    let report = AnalysisReport::new(position, a)?;
    Ok(serde_json::to_string(&report).expect("the analysis serialises"))
}

fn play_of(misere: bool) -> Play {
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
fn memo() -> Memo {
    static MEMO: OnceLock<Memo> = OnceLock::new();
    MEMO.get_or_init(Memo::default).clone()
}

/// `grundy analyze EXPR --json [--misere] [--max-moves N]`, as JSON text,
/// within `time` seconds and `memory` bytes when given.
#[pyfunction]
#[pyo3(signature = (expr, misere=false, max_moves=10_000, time=None, memory=None))]
fn analyze(
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

/// `G(0..=to)` of a heap rule and the JSON of `grundy seq RULE --to N
/// --json` without its values: `(values, {"rule", "period", "preperiod",
/// "proof"})`.
#[pyfunction]
fn sequence(py: Python<'_>, rule: &str, to: u64) -> PyResult<(Vec<u64>, String)> {
    guarded(|| sequence_of(py, rule, to))
}

fn sequence_of(py: Python<'_>, rule: &str, to: u64) -> PyResult<(Vec<u64>, String)> {
    let rule = Rule::parse(rule).map_err(py_err)?;
    interruptible(py, &Budget::unlimited(), || -> Result<_, Error> {
        let seq = NimSequence::new(&rule, to, Limits::default())?;
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
    .map_err(py_err)
}

/// `grundy value RULE N`: one Grundy value (through a proved period for
/// huge `n`).
#[pyfunction]
fn value(py: Python<'_>, rule: &str, n: u64) -> PyResult<u64> {
    guarded(|| {
        let rule = Rule::parse(rule).map_err(py_err)?;
        interruptible(py, &Budget::unlimited(), || {
            NimSequence::new(&rule, n, Limits::patient())?.value(n)
        })?
        .map_err(py_err)
    })
}

/// The canonical name of a heap rule and the shape of its moves for the
/// Guy–Smith theorem (`None` when it has no such proof).
#[pyfunction]
fn rule_info(rule: &str) -> PyResult<(String, Option<(u64, u64)>)> {
    guarded(|| {
        let rule = Rule::parse(rule).map_err(py_err)?;
        let shape = rule.proof_shape().map(|s| (s.max_heaps, s.last_digit));
        Ok((rule.to_string(), shape))
    })
}

/// A nimber operation by name, as `grundy nimber OP`.
#[pyfunction]
#[pyo3(signature = (op, a, b=0))]
fn nimber_op(op: &str, a: Nimber, b: u64) -> PyResult<Nimber> {
    guarded(|| nimber_of(op, a, b))
}

fn nimber_of(op: &str, a: Nimber, b: u64) -> PyResult<Nimber> {
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

/// The pattern of a table `G(0..N)` as JSON (`pattern`, `certainty`,
/// `description`); `shape = (h, t)` asks for a Guy–Smith proof.
#[pyfunction]
#[pyo3(signature = (values, shape=None))]
fn find_sequence_pattern(values: Vec<u64>, shape: Option<(u64, u64)>) -> PyResult<String> {
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
fn find_lines_pattern(points: Vec<(u64, u64)>, bound: u64) -> PyResult<String> {
    guarded(|| {
        let f = find_lines(&points, bound);
        Ok(serde_json::json!({ "pattern": f, "description": f.describe(bound) }).to_string())
    })
}

/// An option of a `moves` function that leaves several components: a
/// take-and-break move (`Split(3, 4)` splits a row into rows of 3 and 4).
/// `Split()` leaves nothing.
#[pyclass(frozen, module = "grundy")]
struct Split {
    parts: Vec<Py<PyAny>>,
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

/// One game defined in Python: its moves, the positions seen (numbered),
/// and a solver that keeps every value found.
struct Def {
    name: String,
    /// `moves(position)`, or `None` for positions with a `moves()` method.
    moves: Option<Py<PyAny>>,
    /// Position → number, and number → position.
    index: Py<PyDict>,
    positions: Py<PyList>,
    /// The first error raised in Python during the current search.
    failure: Mutex<Option<PyErr>>,
    solver: Mutex<Solver>,
    /// Positions and moves a question may visit.
    budget: usize,
    /// Seconds and bytes a question may take (`None`: no limit).
    time: Option<f64>,
    memory: Option<u64>,
    /// Cancels the current question's search (after a failure in Python).
    cancel: Mutex<CancelHandle>,
}

/// How a game of your own raises its limits: `Game(..., budget=, time=,
/// memory=)`.
const GAME: Raise = Raise {
    work: Some("budget"),
    call: "Game",
};

/// The solver of a game, even after a panic poisoned its lock; a solver
/// already in use is refused (a `moves` function that asks for values of
/// its own game).
fn lock<'a>(def: &'a Def) -> Result<MutexGuard<'a, Solver>, Error> {
    match def.solver.try_lock() {
        Ok(s) => Ok(s),
        Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
        Err(TryLockError::WouldBlock) => Err(busy(&def.name)),
    }
}

/// A position of a [`Def`], as a component of the engine.
#[derive(Clone)]
struct Pos {
    def: Arc<Def>,
    id: u64,
}

impl std::fmt::Debug for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{}", self.def.name, self.id)
    }
}

impl Def {
    fn position<'py>(&self, py: Python<'py>, id: u64) -> PyResult<Bound<'py, PyAny>> {
        self.positions.bind(py).get_item(id as usize)
    }

    fn repr(&self, py: Python<'_>, id: u64) -> String {
        self.position(py, id)
            .and_then(|p| Ok(p.repr()?.to_string()))
            .unwrap_or_else(|_| format!("<position {id}>"))
    }

    /// The number of position `obj`, reached by a move from `from`.
    fn id_of(&self, py: Python<'_>, obj: &Bound<'_, PyAny>, from: u64) -> PyResult<u64> {
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
    fn raw_moves<'py>(&self, py: Python<'py>, id: u64) -> PyResult<Vec<Bound<'py, PyAny>>> {
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
    fn option_ids(&self, py: Python<'_>, item: &Bound<'_, PyAny>, from: u64) -> PyResult<Vec<u64>> {
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

    fn fail(&self, e: PyErr) {
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
    fn fresh_budget(&self) -> Budget {
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

    fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
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
        solver.grundy(&me).map(Some)
    }

    fn noun(&self) -> &str {
        "position"
    }
}

/// A game whose moves are a Python function (see `grundy.Game`).
#[pyclass(frozen, module = "grundy")]
struct Rules {
    def: Arc<Def>,
}

/// A component of a sum: a position of a [`Rules`] game.
#[pyclass(frozen, module = "grundy")]
struct Part {
    pos: Pos,
}

#[pymethods]
impl Part {
    fn __repr__(&self) -> String {
        format!("{}({})", self.pos.name(), self.pos.args())
    }
}

impl Rules {
    fn pos(&self, py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Pos> {
        let index = self.def.index.bind(py);
        let id = match index.get_item(obj) {
            Ok(Some(id)) => id.extract()?,
            Ok(None) => {
                let positions = self.def.positions.bind(py);
                let id = positions.len() as u64;
                index.set_item(obj, id)?;
                positions.append(obj)?;
                id
            }
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
    fn run<T>(
        &self,
        asked: Option<String>,
        f: impl FnOnce(&Budget) -> grundy::error::Result<T>,
    ) -> PyResult<T> {
        guarded(|| {
            *self.def.failure.lock().unwrap_or_else(|e| e.into_inner()) = None;
            let budget = self.def.fresh_budget();
            {
                let mut s = lock(&self.def).map_err(py_err)?;
                s.renew(self.def.budget);
                s.set_limits(budget.clone());
            }
            let out = f(&budget);
            let failure = self
                .def
                .failure
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            if let Some(e) = failure {
                if let Ok(mut s) = lock(&self.def) {
                    *s = Solver::new(self.def.budget);
                }
                return Err(e);
            }
            out.map_err(|e| match &asked {
                Some(asked) => GAME.err(asked_about(e, asked, self.def.budget)),
                None => GAME.err(e),
            })
        })
    }

    fn options(&self, budget: &Budget) -> AnalyzeOptions {
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
fn asked_about(e: Error, asked: &str, work: usize) -> Error {
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

fn busy(name: &str) -> Error {
    Error::Unsupported(format!(
        "{name} is being solved already (a moves function that asks for values of its own game?)"
    ))
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (moves, name, budget, time=None, memory=None))]
    fn new(
        py: Python<'_>,
        moves: Option<Py<PyAny>>,
        name: &str,
        budget: usize,
        time: Option<f64>,
        memory: Option<u64>,
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
            def: Arc::new(Def {
                name: name.to_string(),
                moves,
                index: PyDict::new(py).unbind(),
                positions: PyList::empty(py).unbind(),
                failure: Mutex::new(None),
                solver: Mutex::new(Solver::new(budget)),
                budget,
                time,
                memory,
                cancel: Mutex::new(CancelHandle::new()),
            }),
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

    /// The Grundy value of each position, in order.
    fn values(&self, py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Vec<Nimber>> {
        let mut out = Vec::new();
        for obj in positions.try_iter()? {
            let pos = self.pos(py, &obj?)?;
            let asked = format!("{}({})", pos.name(), pos.args());
            out.push(self.run(Some(asked), |_| {
                let c: Component = Arc::new(pos);
                lock(&self.def)?.grundy(&c)
            })?);
        }
        Ok(out)
    }

    /// The options of a position as `moves` gave them, each with its value
    /// (the nim-sum of what it leaves).
    fn option_values<'py>(
        &self,
        py: Python<'py>,
        obj: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, Nimber)>> {
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
            let v = self.run(Some(asked), |_| {
                let mut s = lock(&self.def)?;
                let mut acc = 0;
                for id in ids {
                    let c: Component = Arc::new(Pos {
                        def: self.def.clone(),
                        id,
                    });
                    acc ^= s.grundy(&c)?;
                }
                Ok(acc)
            })?;
            out.push((item, v));
        }
        Ok(out)
    }

    /// The outcome ("N" or "P") of a position alone; misère play by search.
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
        Ok(match a.outcome {
            Outcome::N => "N",
            Outcome::P => "P",
        }
        .to_string())
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

/// The analysis of a sum of expressions (strings) and parts of Python
/// games, as the JSON object of `grundy analyze --json`, within `time`
/// seconds and `memory` bytes when given.
#[pyfunction]
#[pyo3(signature = (items, misere=false, max_moves=10_000, time=None, memory=None))]
fn analyze_sum(
    items: &Bound<'_, PyTuple>,
    misere: bool,
    max_moves: usize,
    time: Option<f64>,
    memory: Option<u64>,
) -> PyResult<String> {
    guarded(|| sum_json(items, misere, max_moves, budget_of(time, memory)?))
}

fn sum_json(
    items: &Bound<'_, PyTuple>,
    misere: bool,
    max_moves: usize,
    budget: Budget,
) -> PyResult<String> {
    let py = items.py();
    let mut terms = Vec::new();
    let mut games: Vec<Arc<Def>> = Vec::new();
    for item in items.iter() {
        if let Ok(text) = item.cast::<PyString>() {
            let p = grundy::expr::parse_position_within(&text.to_cow()?, &budget)
                .map_err(|e| ANALYZE.err(e))?;
            terms.extend(p.terms);
        } else if let Ok(part) = item.cast::<Part>() {
            let pos = part.get().pos.clone();
            if !games.iter().any(|d| Arc::ptr_eq(d, &pos.def)) {
                // The engine knows a position by its game's name and number.
                if games.iter().any(|d| d.name == pos.def.name) {
                    return Err(GrundyError::new_err(format!(
                        "two different games in this sum are named {:?}: give them different names \
                         (Game(..., name=...))",
                        pos.def.name
                    )));
                }
                games.push(pos.def.clone());
            }
            terms.push(Term::of(vec![Arc::new(pos) as Component]));
        } else {
            return Err(PyTypeError::new_err(format!(
                "a sum takes expressions (str) and positions of games (game.at(position)), not {}",
                item.repr()?
            )));
        }
    }
    let position = Position::new(terms).map_err(py_err)?;
    let work = games.iter().map(|d| d.budget).max();
    let options = AnalyzeOptions {
        max_moves,
        misere_budget: work.unwrap_or(AnalyzeOptions::default().misere_budget),
        ..AnalyzeOptions::default()
    }
    .with_budget(budget.clone());
    let analyze = || {
        position
            .analyze(play_of(misere), &options)
            .and_then(|a| analysis_json(&position, &a))
    };
    if games.is_empty() {
        // Built-in games only: off the GIL, and Ctrl-C cancels it.
        return interruptible(py, &budget, analyze)?.map_err(|e| ANALYZE.err(e));
    }
    for d in &games {
        *d.failure.lock().unwrap_or_else(|e| e.into_inner()) = None;
        // A failure in Python stops the whole sum's search.
        *d.cancel.lock().unwrap_or_else(|e| e.into_inner()) = budget.cancel_handle();
        if let Ok(mut s) = lock(d) {
            s.renew(d.budget);
            s.set_limits(budget.clone());
        }
    }
    let out = analyze();
    for d in &games {
        let failure = d.failure.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(e) = failure {
            if let Ok(mut s) = lock(d) {
                *s = Solver::new(d.budget);
            }
            return Err(e);
        }
    }
    out.map_err(|e| ANALYZE.err(e))
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add("LoopyGameError", py.get_type::<LoopyGameError>())?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_sum, m)?)?;
    m.add_function(wrap_pyfunction!(sequence, m)?)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(rule_info, m)?)?;
    m.add_function(wrap_pyfunction!(nimber_op, m)?)?;
    m.add_function(wrap_pyfunction!(find_sequence_pattern, m)?)?;
    m.add_function(wrap_pyfunction!(find_lines_pattern, m)?)?;
    m.add_class::<Split>()?;
    m.add_class::<Rules>()?;
    m.add_class::<Part>()?;
    Ok(())
}
