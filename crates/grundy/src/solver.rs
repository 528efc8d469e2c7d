//! The generic solvers: search over any finite game that implements
//! [`Game`], from its moves (or a family's own rules).
//!
//! * [`Solver`] finds Grundy values with the [`search`](crate::search)
//!   engine: an option that leaves several components is split into them
//!   (Sprague–Grundy: their values xor), each component is identified by
//!   its [`Identity`] (type, name and key) in a transposition table bounded
//!   in bytes, and the search is pruned (outcome searches of `G + *k`, see
//!   the engine's documentation). A family with rules of its own (a
//!   bitboard for Cram) hands its components to its own engine through
//!   [`Game::solve`].
//! * Every-game steps ([`StepsSearch`](crate::every::StepsSearch)) use the
//!   memoised search over single components here (`ComponentSearch`): steps
//!   are not nimbers, and no pruning of the search applies.
//! * [`StateSearch`] walks sums as a whole (misère play has no nim-sum rule;
//!   the perfect player's remoteness is not a Grundy value): a state is the
//!   multiset of its components with a move left.
//!
//! All refuse with an error naming their budget when the positions and
//! moves visited would exceed it, need no deep native stack for long lines
//! of play, and refuse a position that repeats along the line of play being
//! searched ([`Error::Loop`]: not a finite game).

use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};

use rustc_hash::FxBuildHasher;

use crate::error::{Error, Result};
use crate::game::{identity, written, Component, Context, Game, Identity};
use crate::nimber::Nimber;
use crate::search::{Engines, Options, Rules, Search, SearchConfig, Stats};

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

/// A component of any game as a part of the [`search`](crate::search)
/// engine: its [`Identity`] (type, name, key) decides equality, and the
/// component itself gives the moves.
#[derive(Clone, Default)]
pub(crate) struct DynPart(Option<Arc<DynInner>>);

struct DynInner {
    id: Identity,
    hash: u64,
    c: Component,
}

impl DynPart {
    pub(crate) fn new(c: Component) -> DynPart {
        let id = identity(c.as_ref());
        let hash = FxBuildHasher.hash_one(&id);
        DynPart(Some(Arc::new(DynInner { id, hash, c })))
    }

    fn inner(&self) -> &DynInner {
        self.0.as_ref().expect("a searched part is never the filler")
    }
}

impl PartialEq for DynPart {
    fn eq(&self, other: &DynPart) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || (a.hash == b.hash && a.id == b.id),
            (None, None) => true,
            _ => false,
        }
    }
}

impl Eq for DynPart {}

impl Hash for DynPart {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.as_ref().map_or(0, |i| i.hash));
    }
}

impl fmt::Debug for DynPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(i) => write!(f, "{}", written(i.c.as_ref())),
            None => f.write_str("(none)"),
        }
    }
}

/// Any [`Game`] as [`Rules`] of the search engine: the options are the
/// moves' `after` lists (a family splits a position by listing one
/// component per independent part), and values come, where they can, from
/// the family's theory ([`Game::value`]) or from the family's own rules on
/// an engine of their own ([`Game::solve`]).
pub(crate) struct DynRules {
    theory: Option<Context>,
    /// The engines of families with rules of their own; `None`: every
    /// component is searched through its moves.
    engines: Option<Mutex<Engines>>,
}

impl Rules for DynRules {
    type Part = DynPart;

    fn options(&self, part: &DynPart, out: &mut Options<DynPart>) -> Result<()> {
        for m in part.inner().c.moves() {
            out.push(m.after.into_iter().map(DynPart::new));
        }
        Ok(())
    }

    /// The key's length: the nearest thing to a size every game has.
    fn size(&self, part: &DynPart) -> u64 {
        part.inner().id.2.len() as u64
    }

    fn known(&self, part: &DynPart) -> Result<Option<Nimber>> {
        let c = &part.inner().c;
        if let Some(cx) = &self.theory {
            if let Some(v) = c.value(cx)? {
                return Ok(Some(v));
            }
        }
        if let Some(engines) = &self.engines {
            let mut engines = engines.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(v) = c.solve(&mut engines) {
                return v.map(Some);
            }
        }
        Ok(None)
    }

    fn written(&self, part: &DynPart) -> String {
        written(part.inner().c.as_ref())
    }

    fn heap_bytes(&self, part: &DynPart) -> usize {
        let id = &part.inner().id;
        std::mem::size_of::<DynInner>() + id.1.len() + id.2.len() * 8
    }
}

/// Grundy values of single components by search: the [`search`](crate::search)
/// engine over the components' moves (or over a family's own rules, see
/// [`Game::solve`]), with a transposition table, within a budget.
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
pub struct Solver {
    search: Search<DynRules>,
    budget: usize,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("budget", &self.budget)
            .field("search", &self.search)
            .finish()
    }
}

impl Solver {
    /// A solver from the rules alone (no family's theory), visiting at most
    /// `budget` positions and moves in all.
    pub fn new(budget: usize) -> Solver {
        Solver::with_config(None, SearchConfig::default(), budget)
    }

    /// A solver that takes values from theory where the family knows them.
    pub fn with_theory(budget: usize, cx: Context) -> Solver {
        Solver::with_config(Some(cx), SearchConfig::default(), budget)
    }

    /// A solver with theory (or not) whose searches spend what `config`
    /// allows — time, memory, cancellation, table size, progress reports —
    /// and at most `budget` positions and moves (the smaller of `budget`
    /// and `config.work`).
    pub fn with_config(theory: Option<Context>, config: SearchConfig, budget: usize) -> Solver {
        Solver::make(theory, config, budget, true)
    }

    /// A solver that searches every component through its moves alone:
    /// neither theory nor a family's own rules ([`Game::solve`]). Slower;
    /// for checking the faster paths against.
    pub fn from_moves(budget: usize) -> Solver {
        Solver::make(None, SearchConfig::default(), budget, false)
    }

    fn make(theory: Option<Context>, config: SearchConfig, budget: usize, family: bool) -> Solver {
        let mut config = config;
        let work = config.work.map_or(budget as u64, |w| w.min(budget as u64));
        config.work = Some(work);
        let rules = DynRules {
            theory,
            engines: family.then(|| Mutex::new(Engines::new(config.clone()))),
        };
        Solver {
            search: Search::new(rules, &config),
            budget,
        }
    }

    /// The budget it was given.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// A fresh budget of `budget` positions and moves for the next calls,
    /// keeping every value found so far (a long-lived solver answering many
    /// questions about one game).
    pub fn renew(&mut self, budget: usize) {
        self.budget = budget;
        self.search.renew(Some(budget as u64));
        if let Some(engines) = &self.search.rules().engines {
            engines
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .renew(Some(budget as u64));
        }
    }

    /// The Grundy value of `c` (normal play).
    pub fn grundy(&mut self, c: &Component) -> Result<Nimber> {
        self.search.nimber(&DynPart::new(c.clone()))
    }

    /// The value of a list of components: the nim-sum of their values.
    pub fn grundy_of(&mut self, parts: &[Component]) -> Result<Nimber> {
        parts.iter().try_fold(0, |acc, c| Ok(acc ^ self.grundy(c)?))
    }

    /// What the searches did: positions expanded, table fill, time (the
    /// engine over moves and the families' own engines together).
    pub fn stats(&self) -> Stats {
        let own = self.search.stats();
        match &self.search.rules().engines {
            Some(e) => own.plus(&e.lock().unwrap_or_else(|e| e.into_inner()).stats()),
            None => own,
        }
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
