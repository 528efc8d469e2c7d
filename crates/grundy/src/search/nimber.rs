//! The nimber search: [`Search`], one engine for one [`Rules`] type.
//!
//! Two questions drive it, each answered by searching the part's options:
//!
//! * **is(G, k)** — is the nimber of `G` exactly `k`? Equivalently, is
//!   `G + *k` a P-position? It is not as soon as one option of `G` has
//!   nimber `k` (a winning move in `G + *k`: the search stops there), or
//!   when some `j < k` is missing among the options' nimbers;
//! * **nimber(G)** — for `k = 0, 1, …`, look for an option of nimber `k`;
//!   the first `k` for which there is none is the nimber (the mex). Each
//!   look stops at the first option found.
//!
//! An option is a list of parts. To ask whether it has nimber `k`, the
//! engine finds the nimbers of all its parts but the largest (small parts:
//! cheap, and remembered), xors them into `k`, and asks `is` of the largest
//! part alone — Lemoine and Viennot's way of using nimbers inside an
//! outcome search. See the [module documentation](super) for the whole
//! method and its sources.

use std::mem::size_of;
use std::time::Instant;

use rustc_hash::{FxBuildHasher, FxHashSet};

use super::config::SearchConfig;
use super::progress::{Progress, SharedObserver, Stats, REPORT_EVERY};
use super::rules::{Options, Rules};
use super::table::{Facts, Table, NOT_BITS};
use crate::budget::{Budget, LimitKind, Reservation, Ticker};
use crate::error::{Error, Result};
use crate::nimber::Nimber;

/// Stack kept free below a search frame before it continues on a new
/// segment; and the size of each new segment. A search nests one frame
/// group per move of the line it follows, and a line of a generic game may
/// be hundreds of thousands of moves long.
const RED_ZONE: usize = 128 * 1024;
const STACK_CHUNK: usize = 4 * 1024 * 1024;

/// How many options later than it is listed an option's table entries
/// are read (see [`Search::expand_unless`]).
const LAG: usize = 1;

/// Positions between two looks at the clock for progress reports.
const REPORT_CHECK: u64 = 1 << 12;

/// One option of an expanded position, as the search tracks it.
#[derive(Clone, Copy, Debug)]
struct Cand {
    /// Its parts: `options.parts[start..end]`.
    start: u32,
    end: u32,
    /// The part searched last (the largest whose nimber was not known when
    /// the position was expanded), or [`NONE`] when every part's nimber was.
    big: u32,
    /// The nimber of every other part, xor'd, once `rest_known`.
    rest: Nimber,
    rest_known: bool,
    /// The option's nimber, once known.
    value: Option<Nimber>,
    /// Bit `k`: the option's nimber is proved not to be `k`.
    not: u64,
    /// The size of `big`, for the order of the search.
    size: u64,
}

const NONE: u32 = u32::MAX;

/// An expanded position: its options (buffers reused from a pool).
#[derive(Debug)]
struct Node<P> {
    options: Options<P>,
    cands: Vec<Cand>,
    /// The indices of `cands` in the order they are searched.
    order: Vec<u64>,
    /// The values its options were found to have, a bit each (the search
    /// without pruning, [`Search::mex_of_all`]).
    marks: Vec<u64>,
    /// The bytes its buffers held when last measured.
    bytes: u64,
}

impl<P> Default for Node<P> {
    fn default() -> Self {
        Node {
            options: Options::new(),
            cands: Vec::new(),
            order: Vec::new(),
            marks: Vec::new(),
            bytes: 0,
        }
    }
}

/// The search engine for the parts of one [`Rules`] type: nimbers by
/// pruned search, with a transposition table. See the [module
/// documentation](super).
///
/// ```
/// use grundy::search::{Options, Rules, Search, SearchConfig};
///
/// /// Subtraction {1, 2, 3}: the nimber of n is n mod 4.
/// struct Take3;
/// impl Rules for Take3 {
///     type Part = u64;
///     fn options(&self, &n: &u64, out: &mut Options<u64>) -> grundy::Result<()> {
///         for t in 1..=3.min(n) { out.push([n - t]) }
///         Ok(())
///     }
///     fn finite(&self) -> bool { true }
/// }
/// let mut s = Search::new(Take3, &SearchConfig::default());
/// assert_eq!(s.nimber(&10).unwrap(), 2);
/// assert!(s.has_nimber(&12, 0).unwrap());   // 12 + *0 is a P-position
/// assert!(!s.has_nimber(&13, 0).unwrap());
/// assert_eq!(s.nimber_of(&[5, 6]).unwrap(), 1 ^ 2);
/// ```
pub struct Search<R: Rules> {
    rules: R,
    /// Every line of play is known to end: no watch for repetitions.
    finite: bool,
    /// The search may prune (cuts, bounds): the rules are finite, or their
    /// user promised it.
    prune: bool,
    table: Table<R::Part>,
    budget: Budget,
    ticker: Ticker,
    work_limit: Option<u64>,
    work: u64,
    observer: Option<SharedObserver>,
    stats: Stats,
    path: FxHashSet<R::Part>,
    pool: Vec<Node<R::Part>>,
    root: Option<R::Part>,
    depth: u32,
    testing: Option<(Nimber, usize, usize)>,
    started: Option<Instant>,
    last_report: Option<Instant>,
    /// The bytes of the expanded positions' buffers (on the line of play
    /// and in the pool), held against the budget: a line of play a million
    /// moves long holds a million nodes.
    stack: Reservation,
}

impl<R: Rules> Search<R> {
    /// An engine for `rules` with an empty table.
    pub fn new(rules: R, config: &SearchConfig) -> Search<R> {
        let finite = rules.finite();
        let prune = (finite || rules.promised_finite()) && rules.prune();
        Search {
            rules,
            finite,
            prune,
            table: Table::new(config.table_bytes, &config.budget),
            budget: config.budget.clone(),
            ticker: Ticker::new(1024),
            work_limit: config.work,
            work: 0,
            observer: config.observer.clone(),
            stats: Stats::default(),
            path: FxHashSet::with_hasher(FxBuildHasher),
            pool: Vec::new(),
            root: None,
            depth: 0,
            testing: None,
            started: None,
            last_report: None,
            stack: config.budget.reservation(),
        }
    }

    /// The rules searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The rules searched, to change what they hold (a context of their
    /// own). Parts already in the table keep their facts: a change must not
    /// change what any part is worth.
    pub fn rules_mut(&mut self) -> &mut R {
        &mut self.rules
    }

    /// The budget of time, memory and cancellation it honours.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Honours `budget` from the next question on (a long-lived engine
    /// answering a new request): the table is kept when its bytes fit the
    /// new allowance, else forgotten.
    pub fn set_budget(&mut self, budget: Budget) {
        self.table.set_budget(&budget);
        self.pool.clear();
        self.stack = budget.reservation();
        self.budget = budget;
    }

    /// The counters so far, with the table's fill.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats;
        s.table = self.table.fill();
        if let Some(t) = self.started {
            s.elapsed += t.elapsed();
        }
        s
    }

    /// A fresh allowance of positions and moves for the next questions
    /// (`None`: no limit); the table keeps what it knows.
    pub fn renew(&mut self, work: Option<u64>) {
        self.work_limit = work;
        self.work = 0;
    }

    /// What the table knows about `part`, without searching.
    pub fn facts(&self, part: &R::Part) -> Option<Facts> {
        self.table.get(part, self.rules.word(part))
    }

    /// The nimber of `part`.
    pub fn nimber(&mut self, part: &R::Part) -> Result<Nimber> {
        self.question(part, |s| s.value(part))
    }

    /// The nimber of a sum of parts: the xor of theirs.
    pub fn nimber_of(&mut self, parts: &[R::Part]) -> Result<Nimber> {
        parts.iter().try_fold(0, |acc, p| Ok(acc ^ self.nimber(p)?))
    }

    /// Whether the nimber of `part` is `k`: whether `part + *k` is a
    /// P-position. Often much cheaper than the nimber itself: a "no" stops
    /// at the first option of nimber `k`.
    pub fn has_nimber(&mut self, part: &R::Part, k: Nimber) -> Result<bool> {
        self.question(part, |s| s.is(part, k))
    }

    /// Whether a sum of parts is a P-position (the player to move loses):
    /// the nimbers of all parts but the largest are found, and the largest
    /// is asked whether it has their xor.
    pub fn is_p_position(&mut self, parts: &[R::Part]) -> Result<bool> {
        let Some(big) = (0..parts.len()).max_by_key(|&i| self.rules.size(&parts[i])) else {
            return Ok(true);
        };
        let mut rest = 0;
        for (i, p) in parts.iter().enumerate() {
            if i != big {
                rest ^= self.nimber(p)?;
            }
        }
        self.has_nimber(&parts[big], rest)
    }

    /// Runs one question about `root`: the clock, the line of play and the
    /// progress report start from it.
    fn question<T>(&mut self, root: &R::Part, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.root = Some(root.clone());
        self.path.clear();
        self.depth = 0;
        self.testing = None;
        let start = Instant::now();
        self.started = Some(start);
        let out = f(self);
        self.stats.elapsed += start.elapsed();
        self.started = None;
        if out.is_err() {
            self.path.clear();
            self.depth = 0;
        }
        out
    }

    /// The nimber from the table or from theory, without search.
    #[inline]
    fn exact(&mut self, part: &R::Part) -> Result<Option<Nimber>> {
        if let Some(v) = self
            .table
            .get(part, self.rules.word(part))
            .and_then(|f| f.exact)
        {
            self.stats.hits += 1;
            return Ok(Some(v));
        }
        self.rules.known(part)
    }

    /// "Is the nimber of `part` exactly `k`?" answered without a search,
    /// when the table, the bound or theory decide it.
    #[inline]
    fn probe(&mut self, part: &R::Part, k: Nimber) -> Result<Option<bool>> {
        if let Some(answer) = self
            .table
            .get(part, self.rules.word(part))
            .and_then(|f| f.decides(k))
        {
            self.stats.hits += 1;
            return Ok(Some(answer));
        }
        // The bound counts on every line of play ending (a loopy game's
        // value may be infinite), so it is used for finite games only.
        if let Some(b) = self.rules.bound(part).filter(|_| self.prune) {
            if k > b {
                self.stats.bounded += 1;
                return Ok(Some(false));
            }
        }
        Ok(self.rules.known(part)?.map(|v| v == k))
    }

    /// The nimber of `part`, searched when not known.
    fn value(&mut self, part: &R::Part) -> Result<Nimber> {
        if let Some(v) = self.exact(part)? {
            return Ok(v);
        }
        stacker::maybe_grow(RED_ZONE, STACK_CHUNK, || {
            let before = self.stats.positions;
            let mut node = self.expand(part)?;
            let v = if self.prune {
                self.mex(&mut node, Nimber::MAX)?
            } else {
                self.mex_of_all(&mut node)?
            };
            let heap = self.rules.heap_bytes(part);
            self.remember_exact(part, v, before, heap);
            self.stats.solved += 1;
            self.leave(part, node);
            Ok(v)
        })
    }

    /// Whether the nimber of `part` is `k`.
    fn is(&mut self, part: &R::Part, k: Nimber) -> Result<bool> {
        if let Some(answer) = self.probe(part, k)? {
            return Ok(answer);
        }
        if !self.prune {
            // No cut: every line is followed, so that a repetition anywhere
            // below is met (see `mex_of_all`).
            return Ok(self.value(part)? == k);
        }
        stacker::maybe_grow(RED_ZONE, STACK_CHUNK, || {
            let before = self.stats.positions;
            let heap = self.rules.heap_bytes(part);
            // An option of nimber k: G + *k has a winning move. First one
            // known without a search, met while the options are listed.
            let mut seen = 0;
            let Some(mut node) = self.expand_unless(part, Some((k, &mut seen)))? else {
                self.remember_not(part, seen, before, heap);
                return Ok(false);
            };
            if self.find(&mut node, k)? {
                // Every option whose nimber is now known rules that value
                // out (k among them: the option found has it).
                let not = node
                    .cands
                    .iter()
                    .filter_map(|c| c.value.filter(|&v| v < NOT_BITS))
                    .fold(seen, |m, v| m | 1 << v);
                self.remember_not(part, not, before, heap);
                self.leave(part, node);
                return Ok(false);
            }
            // None: the nimber is at most k, and it is k exactly when every
            // smaller value is some option's.
            let v = self.mex(&mut node, k)?;
            self.remember_exact(part, v, before, heap);
            self.stats.solved += 1;
            self.leave(part, node);
            Ok(v == k)
        })
    }

    /// Records in the table that `part` has nimber `v`, found by a search
    /// that started when `before` positions had been expanded.
    fn remember_exact(&mut self, part: &R::Part, v: Nimber, before: u64, heap: usize) {
        let work = self.stats.positions - before;
        self.table
            .set_exact(part, self.rules.word(part), v, work, heap);
    }

    /// Records in the table that the nimber of `part` is none of the values
    /// set in `not` (see [`Search::remember_exact`]).
    fn remember_not(&mut self, part: &R::Part, not: u32, before: u64, heap: usize) {
        let work = self.stats.positions - before;
        self.table
            .set_not_any(part, self.rules.word(part), not, work, heap);
    }

    /// The smallest value below `limit` that no option of `node` has, or
    /// `limit` when every one below it is taken.
    fn mex(&mut self, node: &mut Node<R::Part>, limit: Nimber) -> Result<Nimber> {
        let mut k = 0;
        while k < limit {
            if !self.find(node, k)? {
                return Ok(k);
            }
            k += 1;
        }
        Ok(limit)
    }

    /// The mex of the nimbers of every option of `node`, each found in
    /// full: the search of games not known to be finite, and of rules that
    /// ask not to be pruned ([`Rules::prune`]). Every prune above
    /// (a cut at the first option of the value asked, a bound, a search
    /// stopped at `k`) leaves lines of play unvisited, and a game with
    /// repetitions may have its loop in exactly such a line — where values
    /// may be infinite and a mex over the options seen says nothing. A
    /// search that visits every option of every position it expands meets
    /// every repetition reachable from where it starts (a depth-first
    /// search finds every cycle), and refuses it with
    /// [`Error::Loop`]; what it answers is then the value of a game all of
    /// whose lines end.
    fn mex_of_all(&mut self, node: &mut Node<R::Part>) -> Result<Nimber> {
        let n = node.options.len();
        for p in node.options.parts() {
            self.table.prefetch(p, self.rules.word(p));
        }
        // The mex of n values is at most n: only the values up to n are
        // marked (bit v of the marks), in a buffer of the node's.
        node.marks.clear();
        node.marks.resize(n / 64 + 1, 0);
        for i in 0..n {
            let mut v = node.options.nimber(i);
            for j in 0..node.options.get(i).len() {
                let p = node.options.get(i)[j].clone();
                v ^= self.value(&p)?;
            }
            if v <= n as Nimber {
                node.marks[v as usize / 64] |= 1 << (v % 64);
            }
        }
        let (word, bits) = node
            .marks
            .iter()
            .enumerate()
            .find(|&(_, &m)| m != u64::MAX)
            .expect("n + 1 bits, at most n of them set");
        Ok((word * 64) as Nimber + Nimber::from(bits.trailing_ones()))
    }

    /// Whether some option of `node` has nimber `k`: first among those the
    /// table decides at once, then by search, smallest parts first.
    fn find(&mut self, node: &mut Node<R::Part>, k: Nimber) -> Result<bool> {
        let n = node.cands.len();
        for c in &node.cands {
            if c.value.is_none() && c.rest_known {
                let p = &node.options.parts()[c.big as usize];
                self.table.prefetch(p, self.rules.word(p));
            }
        }
        for i in 0..n {
            if self.quick(node, i, k)? == Some(true) {
                return Ok(true);
            }
        }
        for at in 0..n {
            if self.depth == 1 {
                self.testing = Some((k, at, n));
            }
            let i = node.order[at] as usize;
            if self.check(node, i, k)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether option `i` has nimber `k`, when known without a search.
    #[inline]
    fn quick(&mut self, node: &mut Node<R::Part>, i: usize, k: Nimber) -> Result<Option<bool>> {
        let c = node.cands[i];
        if let Some(v) = c.value {
            return Ok(Some(v == k));
        }
        if k < 64 && c.not >> k & 1 == 1 {
            return Ok(Some(false));
        }
        if !c.rest_known {
            return Ok(None);
        }
        let answer = self.probe(&node.options.parts()[c.big as usize], k ^ c.rest)?;
        if let Some(a) = answer {
            note(&mut node.cands[i], k, a);
        }
        Ok(answer)
    }

    /// Whether option `i` has nimber `k`, searching as needed.
    fn check(&mut self, node: &mut Node<R::Part>, i: usize, k: Nimber) -> Result<bool> {
        let c = node.cands[i];
        if let Some(v) = c.value {
            return Ok(v == k);
        }
        if k < 64 && c.not >> k & 1 == 1 {
            return Ok(false);
        }
        let rest = if c.rest_known {
            c.rest
        } else {
            // The nimbers the rules solved themselves, then the other parts'.
            let mut rest = node.options.nimber(i);
            for j in c.start..c.end {
                if j != c.big {
                    let p = node.options.parts()[j as usize].clone();
                    rest ^= self.value(&p)?;
                }
            }
            node.cands[i].rest = rest;
            node.cands[i].rest_known = true;
            rest
        };
        let big = node.options.parts()[c.big as usize].clone();
        let a = self.is(&big, k ^ rest)?;
        note(&mut node.cands[i], k, a);
        Ok(a)
    }

    /// Lists the options of `part` and prepares them for the search:
    /// counts the work, checks the budget, refuses a repetition.
    fn expand(&mut self, part: &R::Part) -> Result<Node<R::Part>> {
        Ok(self
            .expand_unless(part, None)?
            .expect("a listing without a goal is never cut short"))
    }

    /// [`Search::expand`], but with a goal `k`: the listing stops at the
    /// first option whose nimber the table or theory already say is `k`
    /// (a winning move of `part + *k`), and then `None` is returned, the
    /// part's node already left. Most positions a search meets are refuted
    /// this way, and they cost only the options listed before the refuting
    /// one: no preparation, no order, no second look. Every option met on
    /// the way whose nimber is known rules that nimber out for `part` too:
    /// its bit is set in `seen` (values below [`NOT_BITS`]), so that one
    /// expansion answers later questions about other values.
    fn expand_unless(
        &mut self,
        part: &R::Part,
        goal: Option<(Nimber, &mut u32)>,
    ) -> Result<Option<Node<R::Part>>> {
        if !self.finite && !self.path.insert(part.clone()) {
            return Err(Error::Loop {
                position: self.rules.written(part),
            });
        }
        self.depth += 1;
        let mut node = self.pool.pop().unwrap_or_default();
        node.options.clear();
        node.cands.clear();
        let refuted = match goal {
            Some((k, seen)) if self.prune => {
                let (table, rules) = (&self.table, &self.rules);
                let mut hits = 0;
                // Accepts an option whose parts all have known nimbers
                // xoring to k. Each option's table entries are fetched
                // into the cache when it is listed and read LAG options
                // later, so that the misses overlap with the listing (the
                // last few are read by `find`, when nothing was accepted).
                let mut enough = |options: &Options<R::Part>, i: usize| {
                    for p in options.get(i) {
                        table.prefetch(p, rules.word(p));
                    }
                    let Some(i) = i.checked_sub(LAG) else {
                        return false;
                    };
                    let mut x = options.nimber(i);
                    for p in options.get(i) {
                        let v = match table.get(p, rules.word(p)).and_then(|f| f.exact) {
                            Some(v) => {
                                hits += 1;
                                v
                            }
                            // An error of theory is met again, and reported,
                            // by the search proper.
                            None => match rules.known(p) {
                                Ok(Some(v)) => v,
                                _ => return false,
                            },
                        };
                        x ^= v;
                    }
                    if x < NOT_BITS {
                        *seen |= 1 << x;
                    }
                    x == k
                };
                let refuted = self
                    .rules
                    .options_until(part, &mut node.options, &mut enough)?;
                self.stats.hits += hits;
                refuted
            }
            _ => {
                self.rules.options(part, &mut node.options)?;
                false
            }
        };
        if !self.finite {
            // An option back onto the line of play is a repetition: say so
            // now, before a search down the other options spends the budget
            // (a position that moves to itself and to a long chain).
            if let Some(p) = node.options.parts().iter().find(|p| self.path.contains(*p)) {
                return Err(Error::Loop {
                    position: self.rules.written(p),
                });
            }
        }
        let n = node.options.len() as u64;
        self.stats.positions += 1;
        self.stats.options += n;
        self.work = self.work.saturating_add(1 + n);
        if let Some(limit) = self.work_limit {
            if self.work > limit {
                return Err(self.work_refused(limit));
            }
        }
        self.ticker.tick(&self.budget)?;
        if self.stats.positions % REPORT_CHECK == 0 {
            self.report();
        }
        if refuted {
            self.leave(part, node);
            return Ok(None);
        }
        if self.prune {
            // (The search without pruning reads the options as listed.)
            self.prepare(&mut node)?;
        }
        self.hold(&mut node)?;
        Ok(Some(node))
    }

    /// Holds against the budget what `node`'s buffers grew to. Buffers are
    /// reused from the pool, so the bytes held are those of the most nodes
    /// ever alive at once, at their largest.
    fn hold(&mut self, node: &mut Node<R::Part>) -> Result<()> {
        let bytes = node.options.capacity_bytes()
            + (node.cands.capacity() * size_of::<Cand>()
                + (node.order.capacity() + node.marks.capacity()) * size_of::<u64>()
                + size_of::<Node<R::Part>>()) as u64;
        if bytes > node.bytes {
            let more = bytes - node.bytes;
            if let Err(e) = self.stack.grow(more) {
                let line = self.depth;
                return Err(e.during(|| format!("searching {line} moves deep")));
            }
            node.bytes = bytes;
        }
        Ok(())
    }

    /// Done with `part`'s node: off the line of play, buffers back to the pool.
    fn leave(&mut self, part: &R::Part, node: Node<R::Part>) {
        if !self.finite {
            self.path.remove(part);
        }
        self.depth -= 1;
        self.pool.push(node);
    }

    /// Reads what the table knows of the parts of options of several
    /// parts, picks each option's part to search last, and orders the
    /// options: decided ones first, then by the size of the part left to
    /// search.
    fn prepare(&mut self, node: &mut Node<R::Part>) -> Result<()> {
        let Node {
            options,
            cands,
            order,
            ..
        } = node;
        let mut start = 0u32;
        for i in 0..options.len() {
            let parts = options.get(i);
            let known = options.nimber(i);
            let end = start + parts.len() as u32;
            let cand = match parts {
                [] => Cand {
                    start,
                    end,
                    big: NONE,
                    rest: known,
                    rest_known: true,
                    value: Some(known),
                    not: 0,
                    size: 0,
                },
                [one] => Cand {
                    start,
                    end,
                    big: start,
                    rest: known,
                    rest_known: true,
                    value: None,
                    not: 0,
                    size: self.rules.size(one),
                },
                _ => {
                    for p in parts {
                        self.table.prefetch(p, self.rules.word(p));
                    }
                    let mut xor = known;
                    let mut big = NONE;
                    let mut size = 0;
                    let mut unknown = 0;
                    for j in start..end {
                        let p = &options.parts()[j as usize];
                        if let Some(v) = self.exact(p)? {
                            xor ^= v;
                            continue;
                        }
                        unknown += 1;
                        let s = self.rules.size(p);
                        if big == NONE || s > size {
                            big = j;
                            size = s;
                        }
                    }
                    Cand {
                        start,
                        end,
                        big,
                        rest: xor,
                        rest_known: unknown <= 1,
                        value: (unknown == 0).then_some(xor),
                        not: 0,
                        size: if unknown == 0 { 0 } else { size },
                    }
                }
            };
            cands.push(cand);
            start = end;
        }
        // The order of the search: decided options first, then the
        // smallest part to search first.
        order.clear();
        order.extend(cands.iter().enumerate().map(|(i, c)| {
            let key = if c.value.is_some() {
                0
            } else {
                c.size.min(u32::MAX as u64 - 1) + 1
            };
            key << 32 | i as u64
        }));
        order.sort_unstable();
        for o in order.iter_mut() {
            *o &= u32::MAX as u64;
        }
        Ok(())
    }

    fn work_refused(&self, limit: u64) -> Error {
        let what = self
            .root
            .as_ref()
            .map_or_else(String::new, |r| format!(" of {}", self.rules.written(r)));
        Error::limit(
            LimitKind::Work,
            format!(
                "the Grundy value{what} is not known from theory, and finding it by search \
                 ran past the budget of {limit} positions and moves"
            ),
        )
    }

    /// Tells the observer how things stand, at most every [`REPORT_EVERY`].
    fn report(&mut self) {
        let Some(observer) = self.observer.clone() else {
            return;
        };
        let now = Instant::now();
        if self
            .last_report
            .is_some_and(|t| now.duration_since(t) < REPORT_EVERY)
        {
            return;
        }
        self.last_report = Some(now);
        let progress = Progress {
            stats: self.stats(),
            root: self
                .root
                .as_ref()
                .map_or_else(String::new, |r| self.rules.written(r)),
            testing: self.testing,
        };
        let lock = observer.lock();
        if let Ok(mut o) = lock {
            o.progress(&progress);
        }
    }
}

/// Records in an option what a test of value `k` found.
#[inline]
fn note(c: &mut Cand, k: Nimber, has: bool) {
    if has {
        c.value = Some(k);
    } else if k < 64 {
        c.not |= 1 << k;
    }
}

impl<R: Rules> std::fmt::Debug for Search<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game on a directed graph: a part is a vertex, a move follows an
    /// edge.
    struct Graph {
        edges: Vec<Vec<u32>>,
        finite: bool,
    }

    impl Rules for Graph {
        type Part = u32;
        fn options(&self, &v: &u32, out: &mut Options<u32>) -> Result<()> {
            for &t in &self.edges[v as usize] {
                out.push([t]);
            }
            Ok(())
        }
        fn size(&self, &v: &u32) -> u64 {
            [3, 0, 1, 2][v as usize]
        }
        fn bound(&self, &v: &u32) -> Option<Nimber> {
            Some(self.edges[v as usize].len() as Nimber)
        }
        fn finite(&self) -> bool {
            self.finite
        }
    }

    /// 0 → 1 (no move), 0 → 3, 3 → 0 (a loop), 3 → 2 → 1: the pruned
    /// search, trying the small vertex 2 first, settles vertex 3 and so
    /// vertex 0 without ever following 3 → 0. Rules that do not promise
    /// finiteness are searched in full, and the loop is found.
    fn looped(finite: bool) -> Graph {
        Graph {
            edges: vec![vec![1, 3], vec![], vec![1], vec![2, 0]],
            finite,
        }
    }

    #[test]
    fn a_game_not_known_finite_is_searched_in_full_and_its_loop_found() {
        // The pruned search (wrongly promised finiteness) never meets it.
        let mut pruned = Search::new(looped(true), &SearchConfig::default());
        assert_eq!(pruned.nimber(&0).unwrap(), 1);
        // In full, both for the value and for the yes-or-no question.
        let mut full = Search::new(looped(false), &SearchConfig::default());
        assert!(matches!(full.nimber(&0), Err(Error::Loop { .. })));
        let mut full = Search::new(looped(false), &SearchConfig::default());
        assert!(matches!(full.has_nimber(&0, 0), Err(Error::Loop { .. })));
        // Without the loop, the full search finds the same values as the
        // pruned one.
        let mut edges = looped(false).edges;
        edges[3] = vec![2];
        let mut full = Search::new(
            Graph {
                edges: edges.clone(),
                finite: false,
            },
            &SearchConfig::default(),
        );
        let mut pruned = Search::new(
            Graph {
                edges,
                finite: true,
            },
            &SearchConfig::default(),
        );
        for v in 0..4 {
            assert_eq!(full.nimber(&v).unwrap(), pruned.nimber(&v).unwrap());
        }
        assert!(full.has_nimber(&0, 1).unwrap());
        assert_eq!(full.nimber(&0).unwrap(), 1);
    }
}
