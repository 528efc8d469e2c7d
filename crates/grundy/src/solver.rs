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
//! * [`StateSearch`] (in [`state_search`](crate::state_search)) walks sums
//!   as a whole (misère play has no nim-sum rule; the perfect player's
//!   remoteness is not a Grundy value): a state is the multiset of its
//!   components with a move left.
//!
//! All refuse with an error naming their budget when the positions and
//! moves visited would exceed it, need no deep native stack for long lines
//! of play, and refuse a position that repeats along the line of play being
//! searched ([`Error::Loop`]: not a finite game).

use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};

use rustc_hash::FxBuildHasher;

use crate::budget::{free, vec_bytes, Budget, LimitKind, MapBytes, Reservation, Ticker};
use crate::error::{Error, Result};
use crate::game::{identity, written, Component, Context, Game, Identity};
use crate::hashed::{Hashed, HashedMap, HashedSet};
use crate::nimber::Nimber;
use crate::search::{Engines, Options, Rules, Search, SearchConfig, Stats};
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
    /// Keys hashed once: a table of long keys (coin boards) grows
    /// without hashing them again.
    memo: HashedMap<Identity, u64>,
    budget: usize,
    used: usize,
    /// Positions whose options were listed, in all.
    expanded: u64,
    /// Time, memory and cancellation: the memo table's bytes and those of
    /// the options waiting on the stack are held against it.
    limits: Budget,
    ticker: Ticker,
    memo_bytes: MapBytes,
    stack_bytes: Reservation,
}

/// Bytes of options built (or looked up) that count as one step against
/// the clock: a coin board of 64 Ki coins counts as 64 plain options.
const BYTES_PER_TICK: u64 = 1024;

impl<M> Drop for ComponentSearch<M> {
    /// A big memo table is freed aside ([`free`]), its bytes held until
    /// it is.
    fn drop(&mut self) {
        let memo = std::mem::take(&mut self.memo);
        let bytes = std::mem::replace(&mut self.memo_bytes, MapBytes::new(&self.limits));
        let (entries, held) = (memo.len(), bytes.bytes());
        free((memo, bytes), entries, held);
    }
}

/// One component being searched: its options (each a list of components),
/// where the walk through them stands, the combined number of the current
/// option's parts so far, and the numbers of the options seen.
struct Frame {
    id: Hashed<Identity>,
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
            memo: HashedMap::default(),
            budget,
            used: 0,
            expanded: 0,
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
            self.memo = HashedMap::default();
            self.memo_bytes = MapBytes::new(&limits);
        }
        self.stack_bytes = limits.reservation();
        self.limits = limits;
    }

    /// A limit of the budget, saying where it was reached: how many
    /// positions the search listed the options of, and how many of them it
    /// finished and remembers (a deep search may have finished few).
    fn stopped(&self, e: Error) -> Error {
        let (expanded, remembered) = (self.expanded, self.memo.len());
        let positions = if expanded == 1 {
            "position"
        } else {
            "positions"
        };
        e.during(|| {
            format!(
                "searching the game tree ({expanded} {positions} searched, {remembered} of them \
                 finished and remembered)"
            )
        })
    }

    /// Counts `steps` steps of work against the clock (not against the
    /// budget of positions and moves).
    fn tick(&mut self, steps: u64) -> Result<()> {
        let steps = u32::try_from(steps).unwrap_or(u32::MAX);
        if let Err(e) = self.ticker.tick_by(&self.limits, steps) {
            return Err(self.stopped(e));
        }
        Ok(())
    }

    pub(crate) fn budget(&self) -> usize {
        self.budget
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

    fn lookup(&mut self, c: &dyn Game, id: &Hashed<Identity>) -> Result<Option<u64>> {
        if let Some(&v) = self.memo.get(id) {
            return Ok(Some(v));
        }
        self.measure.known(c)
    }

    /// Pushes onto `stack` the frame of `c`, with its options. The frame
    /// is pushed first and filled in place, so that a search stopped while
    /// listing a huge number of options leaves them on the stack, to be
    /// freed aside.
    fn expand(
        &mut self,
        c: &Component,
        id: Hashed<Identity>,
        stack: &mut Vec<Frame>,
    ) -> Result<()> {
        self.spend(1, c.as_ref())?;
        self.expanded += 1;
        stack.push(Frame {
            id,
            options: Vec::new(),
            option: 0,
            part: 0,
            acc: 0,
            values: Vec::new(),
            bytes: 0,
        });
        let frame = stack.last_mut().expect("the frame just pushed");
        for m in c.moves() {
            self.spend(1, c.as_ref())?;
            let b = vec_bytes::<Component>(m.after.capacity())
                + m.after.iter().map(|c| c.bytes() + 16).sum::<u64>();
            if let Err(e) = self.stack_bytes.grow(b) {
                return Err(self.stopped(e));
            }
            frame.bytes += b;
            frame.options.push(m.after);
            // A big option (a coin board of thousands of coins) took time
            // in proportion to its size to build: it counts for more
            // against the clock.
            self.tick(b / BYTES_PER_TICK)?;
        }
        Ok(())
    }

    /// The number of `c`.
    pub(crate) fn value(&mut self, c: &Component) -> Result<u64> {
        let mut stack = Vec::new();
        let out = self.walk(c, &mut stack);
        // Whatever stopped the walk, its stack is gone: freed aside when it
        // holds many options (with its bytes, held until they are freed),
        // so that a stop at the deadline is not followed by a long free.
        let held = std::mem::replace(&mut self.stack_bytes, self.limits.reservation());
        let (entries, bytes) = (stack.iter().map(|f| f.options.len()).sum(), held.bytes());
        free((stack, held), entries, bytes);
        out
    }

    /// Remembers the number of `id`, its bytes held against the budget.
    fn remember(&mut self, id: Hashed<Identity>, v: u64) -> Result<()> {
        let key = id.key();
        let owned = vec_bytes::<u64>(key.2.capacity()) + vec_bytes::<u8>(key.1.capacity());
        if let Err(e) = self.memo_bytes.before_insert(&self.memo, owned) {
            return Err(self.stopped(e));
        }
        self.memo.insert(id, v);
        if let Err(e) = self.memo_bytes.after_insert(&self.memo) {
            return Err(self.stopped(e));
        }
        Ok(())
    }

    fn walk(&mut self, c: &Component, stack: &mut Vec<Frame>) -> Result<u64> {
        let id = Hashed::new(identity(c.as_ref()));
        if let Some(v) = self.lookup(c.as_ref(), &id)? {
            return Ok(v);
        }
        let mut on_stack = HashedSet::default();
        on_stack.insert(id.clone());
        self.expand(c, id, stack)?;
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
            // Naming and looking up an option costs time too (its key, a
            // family's closed form).
            self.tick(1 + child.bytes() / BYTES_PER_TICK)?;
            let id = Hashed::new(identity(child.as_ref()));
            if let Some(v) = self.lookup(child.as_ref(), &id)? {
                let top = stack.last_mut().expect("a frame");
                top.acc = self.measure.combine(top.acc, v);
                top.part += 1;
                continue;
            }
            if !on_stack.insert(id.clone()) {
                return Err(cycle(child.as_ref()));
            }
            self.expand(&child, id, stack)?;
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
        self.0
            .as_ref()
            .expect("a searched part is never the filler")
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
    /// The most moves one position may list (the solver's work allowance):
    /// a game may have more moves than memory holds (Euclid's game near
    /// 2^64), so they are counted as they come, not after.
    work: u64,
    /// Checked while a long list of moves is read.
    budget: Budget,
}

/// Moves read between two looks at the budget's clock.
const MOVES_CHECK: u64 = 4096;

impl Rules for DynRules {
    type Part = DynPart;

    fn options(&self, part: &DynPart, out: &mut Options<DynPart>) -> Result<()> {
        let c = &part.inner().c;
        let past_budget = || {
            Error::limit(
                LimitKind::Work,
                format!(
                    "finding the Grundy value of {} by search ran past the budget of {} \
                     positions and moves",
                    written(c.as_ref()),
                    self.work
                ),
            )
        };
        // More moves than the budget: the list alone would run past it.
        if c.moves_at_least() > u128::from(self.work) {
            return Err(past_budget());
        }
        let mut n = 0u64;
        for m in c.moves() {
            n += 1;
            if n > self.work {
                return Err(past_budget());
            }
            if n % MOVES_CHECK == 0 {
                self.budget.check()?;
                // The list so far must fit what is left of the allowance.
                self.budget.fits(out.capacity_bytes())?;
            }
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

    /// A solver that takes values from theory where the family knows them,
    /// within the context's budget of time, memory and cancellation.
    pub fn with_theory(budget: usize, cx: Context) -> Solver {
        let config = SearchConfig {
            budget: cx.budget.clone(),
            ..SearchConfig::default()
        };
        Solver::with_config(Some(cx), config, budget)
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
            work,
            budget: config.budget.clone(),
        };
        Solver {
            search: Search::new(rules, &config),
            budget,
        }
    }

    /// Its budget of time, memory and cancellation.
    pub fn limits(&self) -> &Budget {
        self.search.budget()
    }

    /// `Ok` while its budget of time and cancellation lets work go on (see
    /// [`Budget::check`]).
    pub fn check(&self) -> Result<()> {
        self.search.budget().check()
    }

    /// Honours `budget` (time, memory, cancellation) from the next call on,
    /// keeping the values found when they fit its allowance (else
    /// forgetting them).
    pub fn set_limits(&mut self, budget: Budget) {
        let rules = self.search.rules_mut();
        rules.budget = budget.clone();
        if let Some(cx) = &mut rules.theory {
            cx.budget = budget.clone();
        }
        if let Some(engines) = &rules.engines {
            engines
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .set_budget(budget.clone());
        }
        self.search.set_budget(budget);
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
        self.search.rules_mut().work = budget as u64;
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

    /// Whether the value of a list of components is `k`: the values of all
    /// but the largest are found, and the largest is asked whether its value
    /// is what is left. For a searched component that question is often
    /// much cheaper than the value (a "no" stops at the first option of the
    /// value asked): it is what a search for winning moves asks of each
    /// option, with `k` the value that makes the sum 0.
    ///
    /// ```
    /// use grundy::expr::parse_position;
    /// use grundy::solver::Solver;
    /// let parts = parse_position("cram(3x4) + nim(2)").unwrap().components().cloned().collect::<Vec<_>>();
    /// let mut s = Solver::new(100_000);
    /// let v = s.grundy_of(&parts).unwrap();
    /// assert!(s.has_value(&parts, v).unwrap());
    /// assert!(!s.has_value(&parts, v ^ 1).unwrap());
    /// ```
    pub fn has_value(&mut self, parts: &[Component], k: Nimber) -> Result<bool> {
        let parts: Vec<DynPart> = parts.iter().map(|c| DynPart::new(c.clone())).collect();
        let rules = self.search.rules();
        let Some(big) = (0..parts.len()).max_by_key(|&i| rules.size(&parts[i])) else {
            return Ok(k == 0);
        };
        let mut want = k;
        for (i, p) in parts.iter().enumerate() {
            if i != big {
                want ^= self.search.nimber(p)?;
            }
        }
        let part = &parts[big];
        let c = &part.inner().c;
        let rules = self.search.rules();
        if let Some(cx) = &rules.theory {
            if let Some(v) = c.value(cx)? {
                return Ok(v == want);
            }
        }
        if let Some(engines) = &rules.engines {
            let mut engines = engines.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(answer) = c.solve_is(&mut engines, want) {
                return answer;
            }
        }
        self.search.has_nimber(part, want)
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

pub(crate) fn cycle(c: &dyn Game) -> Error {
    Error::Loop {
        position: format!("{}({})", c.name(), c.args()),
    }
}
