//! Exhaustive, memoised search over whole sums, within a [`Budget`].
//!
//! Misère play has no nim-sum rule, and the perfect player's remoteness is
//! not a Grundy value: both need a sum as a whole. A *state* is the
//! multiset of a sum's components that still have a move; [`StateSearch`]
//! walks the states reachable from one, folds its children's values into
//! its own ([`Fold`]) and remembers the value of every state it finishes.
//! It is iterative (an explicit stack, no recursion, so a line of play ten
//! thousand moves long is fine), and it stops:
//!
//! * when its count of work runs out (positions and moves visited, a
//!   position with a long key counting for more): [`Stop::Work`], which the
//!   caller may answer another way;
//! * when its [`Budget`] says so — the deadline passed, the work was
//!   cancelled, or the bytes it holds (its memo table, the states waiting on
//!   its stack, counted from their keys and [`Game::bytes`](crate::game::Game::bytes)) would pass the
//!   memory allowance: [`Stop::Error`] with an [`Error::Limit`] that says
//!   where;
//! * at a position that repeats along a line of play (not a finite game).

use std::any::Any;
use std::collections::HashMap;
use std::mem::size_of;

use crate::budget::{free, vec_bytes, Budget, MapBytes, Reservation, Ticker, ALLOCATION_HEADER};
use crate::error::Error;
use crate::game::Component;
use crate::hashed::{Hashed, HashedMap, HashedSet};
use crate::solver::cycle;

/// One part of a state: its identity (the number of its type and name, and
/// its key) and the component.
type Part = ((u32, Vec<u64>), Component);

/// A search state: the components with a move left, sorted by identity,
/// and the memo key of the whole (each part's name number, key length and
/// key, in order).
#[derive(Clone, Debug)]
pub struct State {
    parts: Vec<Part>,
    key: Hashed<Vec<u64>>,
    /// About the bytes it holds (its parts, keys and components, and the
    /// copy of its key a frame of the search keeps).
    bytes: u64,
}

impl State {
    fn new(mut parts: Vec<Part>) -> State {
        parts.sort_by(|a, b| a.0.cmp(&b.0));
        let mut key = Vec::with_capacity(parts.iter().map(|p| p.0 .1.len() + 2).sum());
        for ((n, k), _) in &parts {
            key.push(u64::from(*n));
            key.push(k.len() as u64);
            key.extend_from_slice(k);
        }
        // Components are shared between states (an `Arc`); each is counted
        // in every state that holds it, which errs on the safe side.
        let parts_bytes: u64 = parts
            .iter()
            .map(|((_, k), c)| vec_bytes::<u64>(k.capacity()) + c.bytes() + ALLOCATION_HEADER)
            .sum();
        let bytes = size_of::<State>() as u64
            + vec_bytes::<Part>(parts.capacity())
            + 2 * vec_bytes::<u64>(key.capacity())
            + parts_bytes;
        State {
            parts,
            key: Hashed::new(key),
            bytes,
        }
    }

    /// About the bytes this state holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// How the values of a state's children make its value.
pub trait Fold {
    /// The value of a state.
    type Value: Copy;
    /// Collects the children's values.
    type Acc: Send + 'static;
    /// The start of the collection.
    fn start(&self) -> Self::Acc;
    /// Adds a child's value; true when no more children need to be seen.
    fn add(&self, acc: &mut Self::Acc, child: Self::Value) -> bool;
    /// The state's value (with no child at all when nothing was added).
    fn finish(&self, acc: Self::Acc) -> Self::Value;
}

/// Why a state search stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its count of positions and moves ran out.
    Work,
    /// A limit of its [`Budget`] ([`Error::Limit`]: time, memory,
    /// cancellation), or a game that is not finite.
    Error(Error),
}

/// An exhaustive, memoised, iterative search over whole sums. See the
/// [module documentation](self).
///
/// ```
/// use std::time::Duration;
/// use grundy::budget::{Budget, LimitKind};
/// use grundy::expr::parse_position;
/// use grundy::misere::MisereSearch;
///
/// // A misère search of a board too large to search, with 8 MiB to hold
/// // its tables: refused with the memory limit, not grown past it.
/// let budget = Budget::unlimited().with_memory(8 << 20).with_time(Duration::from_secs(60));
/// let pos = parse_position("corners((20,20))").unwrap();
/// let mut search = MisereSearch::new(usize::MAX).with_budget(budget.clone());
/// let err = search.wins(pos.components().cloned()).unwrap_err();
/// assert_eq!(err.limit_kind(), Some(LimitKind::Memory));
/// drop(search);
/// // Its tables are given back: at once, or (big ones, freed on a thread
/// // of their own so that a refusal comes at once) a moment later.
/// for _ in 0..1000 {
///     if budget.held() == 0 {
///         break;
///     }
///     std::thread::sleep(Duration::from_millis(5));
/// }
/// assert_eq!(budget.held(), 0);
/// ```
#[derive(Debug)]
pub struct StateSearch<V: Send + 'static> {
    names: HashMap<std::any::TypeId, HashMap<String, u32>>,
    /// Keys hashed once: the table grows without hashing long keys again.
    memo: HashedMap<Vec<u64>, V>,
    /// Work left in the current call.
    left: usize,
    budget: Budget,
    ticker: Ticker,
    /// The memo table's bytes, held against the budget …
    memo_bytes: MapBytes,
    /// … and those of the states on the stack of the current call.
    stack_bytes: Reservation,
}

impl<V: Send + 'static> Default for StateSearch<V> {
    /// A search without limits of time or memory (it can still run out of
    /// work).
    fn default() -> Self {
        StateSearch::new(Budget::unlimited())
    }
}

/// Words of a position's key that cost one unit of a [`StateSearch`]'s
/// work, beyond the unit every position and move costs.
const WORDS_PER_UNIT: usize = 16;

/// Units of work between two looks at the clock and the cancellation flag.
const CHECK_EVERY: u32 = 256;

impl<V: Send + 'static> Drop for StateSearch<V> {
    /// A big memo table is freed aside ([`free`]), its bytes held until
    /// it is: freeing millions of keys takes a good part of a second.
    fn drop(&mut self) {
        let memo = std::mem::take(&mut self.memo);
        let bytes = std::mem::replace(&mut self.memo_bytes, MapBytes::new(&self.budget));
        let (entries, held) = (memo.len(), bytes.bytes());
        free((memo, bytes), entries, held);
    }
}

struct StateFrame<A> {
    key: Hashed<Vec<u64>>,
    state: State,
    /// The part whose moves are being walked, and its children not yet seen.
    part: usize,
    children: std::vec::IntoIter<State>,
    acc: A,
    done: bool,
}

impl<V: Send + 'static> StateSearch<V> {
    /// A search that honours `budget`.
    pub fn new(budget: Budget) -> Self {
        StateSearch {
            names: HashMap::new(),
            memo: HashedMap::default(),
            left: 0,
            memo_bytes: MapBytes::new(&budget),
            stack_bytes: budget.reservation(),
            ticker: Ticker::new(CHECK_EVERY),
            budget,
        }
    }

    /// Honours `budget` from now on (a long-lived search answering a new
    /// request), keeping what it remembers when that fits the new
    /// allowance, else forgetting it.
    pub fn set_budget(&mut self, budget: Budget) {
        if self.memo_bytes.move_to(&budget).is_err() {
            self.memo = HashedMap::default();
            self.memo_bytes = MapBytes::new(&budget);
        }
        self.stack_bytes = budget.reservation();
        self.budget = budget;
    }

    /// The budget it honours.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// How many states' values it remembers.
    pub fn remembered(&self) -> usize {
        self.memo.len()
    }

    /// A limit of the budget, saying where it was reached.
    fn stopped(&self, e: Error) -> Stop {
        let remembered = self.memo.len();
        Stop::Error(
            e.during(|| format!("searching the game tree ({remembered} positions remembered)")),
        )
    }
}

impl<V: Copy + Send + 'static> StateSearch<V> {
    /// The identity of a component (see [`Identity`](crate::game::Identity)):
    /// the number of its type and name, and its key.
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

    /// The children of part `i` of `state`, held against the budget.
    fn children(&mut self, state: &State, i: usize) -> std::result::Result<Vec<State>, Stop> {
        let mut out = Vec::new();
        match self.list_children(state, i, &mut out) {
            Ok(()) => Ok(out),
            Err(stop) => {
                // Many big children are freed aside: a stop at the deadline
                // answers at once.
                let bytes = out.iter().map(State::bytes).sum();
                let entries = out.len();
                free(out, entries, bytes);
                Err(stop)
            }
        }
    }

    fn list_children(
        &mut self,
        state: &State,
        i: usize,
        out: &mut Vec<State>,
    ) -> std::result::Result<(), Stop> {
        for m in state.parts[i].1.moves() {
            self.left = self.left.checked_sub(1).ok_or(Stop::Work)?;
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
            let units = state.key.key().len() / WORDS_PER_UNIT;
            self.left = (self.left).checked_sub(units).ok_or(Stop::Work)?;
            let ticks = u32::try_from(units + 1).unwrap_or(u32::MAX);
            if let Err(e) = self.ticker.tick_by(&self.budget, ticks) {
                return Err(self.stopped(e));
            }
            if let Err(e) = self.stack_bytes.grow(state.bytes) {
                // The children built so far are dropped with `out`.
                self.stack_bytes.shrink(out.iter().map(State::bytes).sum());
                return Err(self.stopped(e));
            }
            out.push(state);
        }
        Ok(())
    }

    /// The work left of the current budget.
    pub fn left(&self) -> usize {
        self.left
    }

    /// The value of `root` under `fold`, visiting at most `work` positions
    /// and moves (a position with a long key counts for more, one unit per
    /// 16 words of its key).
    pub fn solve<F: Fold<Value = V>>(
        &mut self,
        root: State,
        fold: &F,
        work: usize,
    ) -> std::result::Result<V, Stop> {
        self.left = work;
        self.solve_more(root, fold)
    }

    /// As [`StateSearch::solve`], spending what is left of the current work.
    pub fn solve_more<F: Fold<Value = V>>(
        &mut self,
        root: State,
        fold: &F,
    ) -> std::result::Result<V, Stop> {
        let mut stack = Vec::new();
        let mut on_stack = HashedSet::default();
        let out = self.walk(root, fold, &mut stack, &mut on_stack);
        // Whatever stopped the walk, its stack is gone (freed aside when
        // it holds many states, so that a stop at the deadline is not
        // followed by a long free).
        let states: usize = stack.iter().map(|f| 1 + f.children.len()).sum();
        let held = std::mem::replace(&mut self.stack_bytes, self.budget.reservation());
        let (entries, bytes) = (states + on_stack.len(), held.bytes());
        free((stack, on_stack, held), entries, bytes);
        out
    }

    fn walk<F: Fold<Value = V>>(
        &mut self,
        root: State,
        fold: &F,
        stack: &mut Vec<StateFrame<F::Acc>>,
        on_stack: &mut HashedSet<Vec<u64>>,
    ) -> std::result::Result<V, Stop> {
        let root_key = root.key.clone();
        if let Some(&v) = self.memo.get(&root_key) {
            return Ok(v);
        }
        if let Err(e) = self.stack_bytes.grow(root.bytes) {
            return Err(self.stopped(e));
        }
        on_stack.insert(root_key.clone());
        stack.push(self.frame(root, root_key, fold)?);
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
                    let left: u64 = done.children.as_slice().iter().map(State::bytes).sum();
                    self.stack_bytes.shrink(done.state.bytes + left);
                    self.remember(done.key, v)?;
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
            if let Some(&v) = self.memo.get(&child.key) {
                self.stack_bytes.shrink(child.bytes);
                let top = stack.last_mut().expect("a frame");
                if fold.add(&mut top.acc, v) {
                    top.done = true;
                }
                continue;
            }
            let key = child.key.clone();
            if !on_stack.insert(key.clone()) {
                let c = &child.parts[0].1;
                return Err(Stop::Error(cycle(c.as_ref())));
            }
            let frame = self.frame(child, key, fold)?;
            stack.push(frame);
        }
    }

    /// Remembers the value of the state of `key`, its bytes held against
    /// the budget.
    fn remember(&mut self, key: Hashed<Vec<u64>>, v: V) -> std::result::Result<(), Stop> {
        if let Err(e) = self
            .memo_bytes
            .before_insert(&self.memo, vec_bytes::<u64>(key.key().capacity()))
        {
            return Err(self.stopped(e));
        }
        self.memo.insert(key, v);
        if let Err(e) = self.memo_bytes.after_insert(&self.memo) {
            return Err(self.stopped(e));
        }
        Ok(())
    }

    fn frame<F: Fold<Value = V>>(
        &mut self,
        state: State,
        key: Hashed<Vec<u64>>,
        fold: &F,
    ) -> std::result::Result<StateFrame<F::Acc>, Stop> {
        self.left = self.left.checked_sub(1).ok_or(Stop::Work)?;
        if let Err(e) = self.ticker.tick(&self.budget) {
            return Err(self.stopped(e));
        }
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
