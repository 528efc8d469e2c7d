//! The generic solvers: exhaustive search over any finite game that
//! implements [`Game`], from its moves alone.
//!
//! * [`Solver`] finds Grundy values by the definition — `G(x)` is the mex of
//!   the values of the options of `x`, and an option that leaves several
//!   components has the nim-sum of their values (Sprague–Grundy) — with a
//!   memo table keyed by [`Identity`] (type, name and key). Every-game steps
//!   ([`StepsSearch`](crate::every::StepsSearch)) share its search.
//! * [`StateSearch`] walks sums as a whole (misère play has no nim-sum rule;
//!   the perfect player's remoteness is not a Grundy value): a state is the
//!   multiset of its components with a move left.
//!
//! Both are iterative (an explicit stack, no recursion, so a line of play
//! ten thousand moves long is fine), both refuse with an error naming their
//! budget when the positions and moves visited would exceed it, and both
//! refuse a position that repeats along a line of play (not a finite game).

use std::any::Any;
use std::collections::{HashMap, HashSet};

use crate::error::{Error, Result};
use crate::game::{identity, Component, Context, Game, Identity};
use crate::nimber::{mex, Nimber};

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
}

impl<M: Measure> ComponentSearch<M> {
    pub(crate) fn new(measure: M, budget: usize) -> Self {
        ComponentSearch {
            measure,
            memo: HashMap::new(),
            budget,
            used: 0,
        }
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
        for m in c.moves() {
            self.spend(1, c.as_ref())?;
            options.push(m.after);
        }
        Ok(Frame {
            id,
            options,
            option: 0,
            part: 0,
            acc: 0,
            values: Vec::new(),
        })
    }

    /// The number of `c`.
    pub(crate) fn value(&mut self, c: &Component) -> Result<u64> {
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
                let v = self.measure.finish(done.values);
                on_stack.remove(&done.id);
                self.memo.insert(done.id, v);
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
        Error::TooLarge(format!(
            "the Grundy value of {}({}) is not known from theory, and finding it by search \
             ran past the budget of {budget} positions and moves",
            c.name(),
            c.args(),
        ))
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

    /// A solver that takes values from theory where the family knows them.
    pub fn with_theory(budget: usize, cx: Context) -> Solver {
        Solver {
            search: ComponentSearch::new(Grundy { theory: Some(cx) }, budget),
        }
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

fn cycle(c: &dyn Game) -> Error {
    Error::Loop {
        position: format!("{}({})", c.name(), c.args()),
    }
}

/// A search state: the components with a move left, sorted by identity,
/// and the memo key of the whole (each part's name number, key length and
/// key, in order).
#[derive(Clone, Debug)]
pub struct State {
    parts: Vec<((u32, Vec<u64>), Component)>,
    key: Vec<u64>,
}

impl State {
    fn new(mut parts: Vec<((u32, Vec<u64>), Component)>) -> State {
        parts.sort_by(|a, b| a.0.cmp(&b.0));
        let mut key = Vec::with_capacity(parts.iter().map(|p| p.0 .1.len() + 2).sum());
        for ((n, k), _) in &parts {
            key.push(u64::from(*n));
            key.push(k.len() as u64);
            key.extend_from_slice(k);
        }
        State { parts, key }
    }
}

/// How the values of a state's children make its value.
pub trait Fold {
    /// The value of a state.
    type Value: Copy;
    /// Collects the children's values.
    type Acc;
    /// The start of the collection.
    fn start(&self) -> Self::Acc;
    /// Adds a child's value; true when no more children need to be seen.
    fn add(&self, acc: &mut Self::Acc, child: Self::Value) -> bool;
    /// The state's value (with no child at all when nothing was added).
    fn finish(&self, acc: Self::Acc) -> Self::Value;
}

/// An exhaustive, memoised, iterative search over whole sums.
#[derive(Debug)]
pub struct StateSearch<V> {
    names: HashMap<std::any::TypeId, HashMap<String, u32>>,
    memo: HashMap<Vec<u64>, V>,
    /// Work left in the current call.
    left: usize,
}

impl<V> Default for StateSearch<V> {
    fn default() -> Self {
        StateSearch {
            names: HashMap::new(),
            memo: HashMap::new(),
            left: 0,
        }
    }
}

/// Words of a position's key that cost one unit of a [`StateSearch`]
/// budget, beyond the unit every position and move costs.
const WORDS_PER_UNIT: usize = 16;

/// The search ran past its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exceeded;

/// Why a state search stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The budget of positions and moves ran out.
    Budget,
    /// Something else (a game that is not finite).
    Error(Error),
}

struct StateFrame<A> {
    key: Vec<u64>,
    state: State,
    /// The part whose moves are being walked, and its children not yet seen.
    part: usize,
    children: std::vec::IntoIter<State>,
    acc: A,
    done: bool,
}

impl<V: Copy> StateSearch<V> {
    /// The identity of a component (see [`Identity`]): the number of its
    /// type and name, and its key.
    fn ident(&mut self, c: &Component) -> (u32, Vec<u64>) {
        let next = self.names.values().map(HashMap::len).sum::<usize>() as u32;
        let of_type = self.names.entry(Any::type_id(c.as_ref())).or_default();
        let n = match of_type.get(c.name()) {
            Some(&n) => n,
            None => {
                of_type.insert(c.name().to_string(), next);
                next
            }
        };
        (n, c.key())
    }

    /// The state of a list of components.
    pub fn state(&mut self, parts: impl IntoIterator<Item = Component>) -> State {
        let mut out = Vec::new();
        for c in parts {
            if c.has_moves() {
                out.push((self.ident(&c), c));
            }
        }
        State::new(out)
    }

    /// The children of part `i` of `state`.
    fn children(&mut self, state: &State, i: usize) -> std::result::Result<Vec<State>, Stop> {
        let mut out = Vec::new();
        for m in state.parts[i].1.moves() {
            self.left = self.left.checked_sub(1).ok_or(Stop::Budget)?;
            // The other parts are known to have moves; only the new ones are checked.
            let mut parts: Vec<_> = state
                .parts
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, p)| p.clone())
                .collect();
            for c in m.after {
                if c.has_moves() {
                    parts.push((self.ident(&c), c));
                }
            }
            let state = State::new(parts);
            // A position is charged by its size too: building, hashing and
            // remembering it costs time in proportion to its key, and a
            // coin board's positions can hold tens of thousands of coins.
            self.left = (self.left)
                .checked_sub(state.key.len() / WORDS_PER_UNIT)
                .ok_or(Stop::Budget)?;
            out.push(state);
        }
        Ok(out)
    }

    /// The work left of the current budget.
    pub fn left(&self) -> usize {
        self.left
    }

    /// The value of `root` under `fold`, visiting at most `budget` positions
    /// and moves (a position with a long key counts for more, one unit per
    /// 16 words of its key).
    pub fn solve<F: Fold<Value = V>>(
        &mut self,
        root: State,
        fold: &F,
        budget: usize,
    ) -> std::result::Result<V, Stop> {
        self.left = budget;
        self.solve_more(root, fold)
    }

    /// As [`StateSearch::solve`], spending what is left of the current budget.
    pub fn solve_more<F: Fold<Value = V>>(
        &mut self,
        root: State,
        fold: &F,
    ) -> std::result::Result<V, Stop> {
        let root_key = root.key.clone();
        if let Some(&v) = self.memo.get(&root_key) {
            return Ok(v);
        }
        let mut on_stack = HashSet::new();
        on_stack.insert(root_key.clone());
        let mut stack = vec![self.frame(root, root_key, fold)?];
        loop {
            let top = stack.last_mut().expect("a frame");
            let next = if top.done { None } else { top.children.next() };
            let child = match next {
                Some(child) => child,
                None => {
                    // Move on to the next distinct part, or finish.
                    let top = stack.last_mut().expect("a frame");
                    let mut i = top.part + 1;
                    while i < top.state.parts.len()
                        && top.state.parts[i].0 == top.state.parts[i - 1].0
                    {
                        i += 1;
                    }
                    if !top.done && i < top.state.parts.len() {
                        top.part = i;
                        let state = top.state.clone();
                        let kids = self.children(&state, i)?;
                        stack.last_mut().expect("a frame").children = kids.into_iter();
                        continue;
                    }
                    let done = stack.pop().expect("a frame");
                    let v = fold.finish(done.acc);
                    on_stack.remove(&done.key);
                    self.memo.insert(done.key, v);
                    match stack.last_mut() {
                        None => return Ok(v),
                        Some(parent) => {
                            if fold.add(&mut parent.acc, v) {
                                parent.done = true;
                            }
                        }
                    }
                    continue;
                }
            };
            let key = child.key.clone();
            if let Some(&v) = self.memo.get(&key) {
                let top = stack.last_mut().expect("a frame");
                if fold.add(&mut top.acc, v) {
                    top.done = true;
                }
                continue;
            }
            if !on_stack.insert(key.clone()) {
                let c = &child.parts[0].1;
                return Err(Stop::Error(cycle(c.as_ref())));
            }
            let frame = self.frame(child, key, fold)?;
            stack.push(frame);
        }
    }

    fn frame<F: Fold<Value = V>>(
        &mut self,
        state: State,
        key: Vec<u64>,
        fold: &F,
    ) -> std::result::Result<StateFrame<F::Acc>, Stop> {
        self.left = self.left.checked_sub(1).ok_or(Stop::Budget)?;
        let children = if state.parts.is_empty() {
            Vec::new()
        } else {
            self.children(&state, 0)?
        };
        Ok(StateFrame {
            key,
            state,
            part: 0,
            children: children.into_iter(),
            acc: fold.start(),
            done: false,
        })
    }
}
