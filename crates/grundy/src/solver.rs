//! The generic solvers: exhaustive search over any finite game that
//! implements [`Game`], from its moves alone.
//!
//! * [`Solver`] finds Grundy values by the definition — `G(x)` is the mex of
//!   the values of the options of `x`, and an option that leaves several
//!   components has the nim-sum of their values (Sprague–Grundy) — with a
//!   memo table keyed by [`Identity`] (type, name and key). Every-game steps
//!   ([`StepsSearch`](crate::every::StepsSearch)) share its search.
//! * [`StateSearch`] (in [`state_search`](crate::state_search)) walks sums
//!   as a whole (misère play has no nim-sum rule; the perfect player's
//!   remoteness is not a Grundy value): a state is the multiset of its
//!   components with a move left.
//!
//! Both are iterative (an explicit stack, no recursion, so a line of play
//! ten thousand moves long is fine), both refuse with an error naming their
//! budget when the positions and moves visited would exceed it, and both
//! refuse a position that repeats along a line of play (not a finite game).

use std::collections::{HashMap, HashSet};

use crate::budget::{vec_bytes, Budget, LimitKind, MapBytes, Reservation, Ticker};
use crate::error::{Error, Result};
use crate::game::{identity, Component, Context, Game, Identity};
use crate::nimber::{mex, Nimber};
pub use crate::state_search::{Fold, State, StateSearch, Stop};

/// The default budget of a [`Solver`]: positions and moves visited.
pub const DEFAULT_BUDGET: usize = 2_000_000;

/// What a memoised search over single components computes: a number per
/// component, from theory where it is known, else from the numbers of its
/// options (an option leaving several components combines theirs).
/// [`Solver`] computes Grundy values this way, and
/// [`StepsSearch`](crate::every::StepsSearch) every-game steps.
pub(crate) trait Measure {
    /// The number from theory, without search; `None` has it searched.
    fn known(&self, c: &dyn Game) -> Result<Option<u64>>;
    /// The number of an option of several components from theirs
    /// (starting from 0).
    fn combine(&self, acc: u64, part: u64) -> u64;
    /// The number of a component from its options' numbers.
    fn finish(&self, options: Vec<u64>) -> u64;
    /// The error when the search runs past `budget` at `c`.
    fn refuse(&self, c: &dyn Game, budget: usize) -> Error;
}

/// The memoised, iterative search over single components behind [`Solver`]
/// and [`StepsSearch`](crate::every::StepsSearch).
#[derive(Debug)]
pub(crate) struct ComponentSearch<M> {
    pub(crate) measure: M,
    memo: HashMap<Identity, u64>,
    budget: usize,
    used: usize,
    /// Time, memory and cancellation: the memo table's bytes and those of
    /// the options waiting on the stack are held against it.
    limits: Budget,
    ticker: Ticker,
    memo_bytes: MapBytes,
    stack_bytes: Reservation,
}

/// One component being searched: its options (each a list of components),
/// where the walk through them stands, the combined number of the current
/// option's parts so far, and the numbers of the options seen.
struct Frame {
    id: Identity,
    options: Vec<Vec<Component>>,
    option: usize,
    part: usize,
    acc: u64,
    values: Vec<u64>,
    /// The bytes of its options, held against the budget.
    bytes: u64,
}

impl<M: Measure> ComponentSearch<M> {
    pub(crate) fn new(measure: M, budget: usize) -> Self {
        let limits = Budget::unlimited();
        ComponentSearch {
            measure,
            memo: HashMap::new(),
            budget,
            used: 0,
            memo_bytes: MapBytes::new(&limits),
            stack_bytes: limits.reservation(),
            ticker: Ticker::new(256),
            limits,
        }
    }

    /// Honours `limits` from now on, keeping what it remembers when that
    /// fits the new allowance, else forgetting it.
    pub(crate) fn set_limits(&mut self, limits: Budget) {
        if self.memo_bytes.move_to(&limits).is_err() {
            self.memo = HashMap::new();
            self.memo_bytes = MapBytes::new(&limits);
        }
        self.stack_bytes = limits.reservation();
        self.limits = limits;
    }

    fn stopped(&self, e: Error) -> Error {
        let remembered = self.memo.len();
        e.during(|| format!("searching the game tree ({remembered} positions remembered)"))
    }

    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    pub(crate) fn renew(&mut self, budget: usize) {
        self.budget = budget;
        self.used = 0;
    }

    /// Counts `n` positions or moves visited at `c` against the budget.
    pub(crate) fn spend(&mut self, n: usize, c: &dyn Game) -> Result<()> {
        self.used = self.used.saturating_add(n);
        if self.used > self.budget {
            return Err(self.measure.refuse(c, self.budget));
        }
        if let Err(e) = self.ticker.tick(&self.limits) {
            return Err(self.stopped(e));
        }
        Ok(())
    }

    fn lookup(&mut self, c: &dyn Game, id: &Identity) -> Result<Option<u64>> {
        if let Some(&v) = self.memo.get(id) {
            return Ok(Some(v));
        }
        self.measure.known(c)
    }

    fn expand(&mut self, c: &Component, id: Identity) -> Result<Frame> {
        self.spend(1, c.as_ref())?;
        let mut options = Vec::new();
        let mut bytes = 0;
        for m in c.moves() {
            self.spend(1, c.as_ref())?;
            let b = vec_bytes::<Component>(m.after.capacity())
                + m.after.iter().map(|c| c.bytes() + 16).sum::<u64>();
            if let Err(e) = self.stack_bytes.grow(b) {
                self.stack_bytes.shrink(bytes);
                return Err(self.stopped(e));
            }
            bytes += b;
            options.push(m.after);
        }
        Ok(Frame {
            id,
            options,
            option: 0,
            part: 0,
            acc: 0,
            values: Vec::new(),
            bytes,
        })
    }

    /// The number of `c`.
    pub(crate) fn value(&mut self, c: &Component) -> Result<u64> {
        let out = self.walk(c);
        // Whatever stopped the walk, its stack is gone.
        self.stack_bytes.shrink(self.stack_bytes.bytes());
        out
    }

    /// Remembers the number of `id`, its bytes held against the budget.
    fn remember(&mut self, id: Identity, v: u64) -> Result<()> {
        let owned = vec_bytes::<u64>(id.2.capacity()) + vec_bytes::<u8>(id.1.capacity());
        if let Err(e) = self.memo_bytes.before_insert(&self.memo, owned) {
            return Err(self.stopped(e));
        }
        self.memo.insert(id, v);
        if let Err(e) = self.memo_bytes.after_insert(&self.memo) {
            return Err(self.stopped(e));
        }
        Ok(())
    }

    fn walk(&mut self, c: &Component) -> Result<u64> {
        let id = identity(c.as_ref());
        if let Some(v) = self.lookup(c.as_ref(), &id)? {
            return Ok(v);
        }
        let mut on_stack = HashSet::new();
        on_stack.insert(id.clone());
        let mut stack = vec![self.expand(c, id)?];
        loop {
            let top = stack.last_mut().expect("a frame");
            if top.option == top.options.len() {
                let done = stack.pop().expect("a frame");
                self.stack_bytes.shrink(done.bytes);
                let v = self.measure.finish(done.values);
                on_stack.remove(&done.id);
                self.remember(done.id, v)?;
                match stack.last_mut() {
                    None => return Ok(v),
                    Some(parent) => {
                        parent.acc = self.measure.combine(parent.acc, v);
                        parent.part += 1;
                    }
                }
                continue;
            }
            if top.part == top.options[top.option].len() {
                let acc = top.acc;
                top.values.push(acc);
                top.option += 1;
                top.part = 0;
                top.acc = 0;
                continue;
            }
            let child = top.options[top.option][top.part].clone();
            let id = identity(child.as_ref());
            if let Some(v) = self.lookup(child.as_ref(), &id)? {
                let top = stack.last_mut().expect("a frame");
                top.acc = self.measure.combine(top.acc, v);
                top.part += 1;
                continue;
            }
            if !on_stack.insert(id.clone()) {
                return Err(cycle(child.as_ref()));
            }
            let frame = self.expand(&child, id)?;
            stack.push(frame);
        }
    }

    /// The number of a list of components, combined.
    pub(crate) fn value_of(&mut self, parts: &[Component]) -> Result<u64> {
        parts.iter().try_fold(0, |acc, c| {
            let v = self.value(c)?;
            Ok(self.measure.combine(acc, v))
        })
    }
}

/// Grundy values: the mex of the options' values, an option of several
/// components worth the nim-sum of theirs.
#[derive(Debug)]
struct Grundy {
    /// Use the families' theory for values where it knows them (faster);
    /// `None`, the answer comes from the rules alone (the test oracle).
    theory: Option<Context>,
}

impl Measure for Grundy {
    fn known(&self, c: &dyn Game) -> Result<Option<u64>> {
        match &self.theory {
            Some(cx) => c.value(cx),
            None => Ok(None),
        }
    }

    fn combine(&self, acc: u64, part: u64) -> u64 {
        acc ^ part
    }

    fn finish(&self, options: Vec<u64>) -> u64 {
        mex(options)
    }

    fn refuse(&self, c: &dyn Game, budget: usize) -> Error {
        Error::limit(
            LimitKind::Work,
            format!(
                "finding the Grundy value of {}({}) by search ran past the budget of {budget} \
                 positions and moves",
                c.name(),
                c.args(),
            ),
        )
    }
}

/// Grundy values of single components by exhaustive search.
///
/// ```
/// use grundy::expr::parse_position;
/// use grundy::solver::Solver;
/// let kayles = &parse_position("kayles(9)").unwrap().terms[0].parts[0];
/// assert_eq!(Solver::new(100_000).grundy(kayles).unwrap(), 4);
/// let big = &parse_position("kayles(2000)").unwrap().terms[0].parts[0];
/// let err = Solver::new(1_000).grundy(big).unwrap_err();
/// assert!(err.to_string().contains("budget of 1000"));
/// ```
#[derive(Debug)]
pub struct Solver {
    search: ComponentSearch<Grundy>,
}

impl Solver {
    /// A solver from the rules alone, visiting at most `budget` positions
    /// and moves in all.
    pub fn new(budget: usize) -> Solver {
        Solver {
            search: ComponentSearch::new(Grundy { theory: None }, budget),
        }
    }

    /// A solver that takes values from theory where the family knows them,
    /// within the context's budget of time, memory and cancellation.
    pub fn with_theory(budget: usize, cx: Context) -> Solver {
        let limits = cx.budget.clone();
        let mut search = ComponentSearch::new(Grundy { theory: Some(cx) }, budget);
        search.set_limits(limits);
        Solver { search }
    }

    /// Its budget of time, memory and cancellation.
    pub fn limits(&self) -> &Budget {
        &self.search.limits
    }

    /// `Ok` while its budget of time and cancellation lets work go on (see
    /// [`Budget::check`]).
    pub fn check(&self) -> Result<()> {
        self.search.limits.check()
    }

    /// Honours `budget` (time, memory, cancellation) from the next call on,
    /// keeping the values found when they fit its allowance.
    pub fn set_limits(&mut self, budget: Budget) {
        if let Some(cx) = &mut self.search.measure.theory {
            cx.budget = budget.clone();
        }
        self.search.set_limits(budget);
    }

    /// The budget it was given.
    pub fn budget(&self) -> usize {
        self.search.budget()
    }

    /// A fresh budget of `budget` positions and moves for the next calls,
    /// keeping every value found so far (a long-lived solver answering many
    /// questions about one game).
    pub fn renew(&mut self, budget: usize) {
        self.search.renew(budget);
    }

    /// The Grundy value of `c` (normal play).
    pub fn grundy(&mut self, c: &Component) -> Result<Nimber> {
        self.search.value(c)
    }

    /// The value of a list of components: the nim-sum of their values.
    pub fn grundy_of(&mut self, parts: &[Component]) -> Result<Nimber> {
        self.search.value_of(parts)
    }
}

pub(crate) fn cycle(c: &dyn Game) -> Error {
    Error::Loop {
        position: format!("{}({})", c.name(), c.args()),
    }
}
