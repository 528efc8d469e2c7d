//! The sparse-space engine for octal codes and Grundy's game.
//!
//! # Why it is fast
//!
//! With a mask chosen so that few heaps have *rare* values (see
//! [`stats`](super::stats) for the rare/common convention), the options of a
//! heap `n` split as:
//!
//! * leaving one heap (or none): at most one option per digit, all marked;
//! * splitting into two heaps with **at least one rare heap**: marked by
//!   walking the list of rare heaps, `O(#rare)` per splitting digit; these are
//!   *all* the options with a common value, since common ⊕ common is rare;
//! * splitting into two common heaps: only rare values, never looked at
//!   unless needed.
//!
//! Let `c` be the least common value not marked: it is not an option, and
//! every common value below it is. So `G(n) = c` unless some rare value below
//! `c` is missing from the options. Only then, the *candidate mex is rare*,
//! are the common ⊕ common splits scanned, and only until every rare value
//! below `c` has been seen (typically after a few hundred pairs). A heap whose
//! value turns out rare costs a full scan; there are few of them.
//!
//! The search for those rare values scans the splits `a + (rest - a)` in
//! blocks of 512 low heaps `a`, the most useful blocks first (learned from
//! the sequence, see `Ranking`: the first heaps of a game have small
//! values, which rarely make the last wanted ones), finding most values at
//! once, then *hunts* for the last few directly: for a
//! wanted `v` and a frequent common value `y`, the heaps of value `y ⊕ v`
//! (the first few of each value are listed) are checked for a partner of
//! value `y`. Each check succeeds with about the frequency of `y`, where a
//! pair of the scan rarely yields a hard value. What the hunt misses
//! within its budget is left to the scan of the other blocks and of every
//! pair past them, so neither the order nor the hunt ever changes a value,
//! only the time.
//!
//! The mask is chosen from the histogram of values seen so far (the one with
//! fewest rare heaps) and revised at geometrically spaced heap counts. The
//! values computed never depend on the mask, only the speed does: any mask
//! (even a bad one) gives the exact nim-sequence.
//!
//! Where the rare heaps are not rare (more than a quarter of all heaps, as in
//! `0.106`, where every mask leaves about half), the engine scans every
//! split directly, like the naive engine; while all values are below 128 it
//! collects the xors as a bit set, several pairs an instruction.
//!
//! # Inner loops
//!
//! * The rare-pair marks of eight consecutive heaps are made in one pass
//!   over the rare heaps: for a rare heap `r` the partners of heaps
//!   `n, n + 1, …` are adjacent (16 bytes, one cache line or two), and
//!   those below `n` are already known. The loop is bound by stores, about
//!   one stamp a cycle. The few pairs left (small `r`, or `r` near `n`) are
//!   marked heap by heap. (Eight heaps rather than four: 4 to 18 % faster
//!   on `0.6`, `0.14` and `0.172`, once the tables no longer share their
//!   offset in a page, see `Stamps`.)
//! * Only the first few rare heaps of each value are stamped so; the pairs
//!   of the others are compared with the eight least common values each
//!   heap has left unmarked (see the `rare` module): the least common value
//!   that is not an option is nearly always among them, and it is all the
//!   mex needs. When it is not, that heap stamps those pairs after all.
//!   Eight heaps and eight candidates take four vector compares a rare
//!   heap, against eight stores.
//! * While every value is below 1024, the stamps of a heap are read back as
//!   a bit set (eight stamps a compare), so that the mex, the least unmarked
//!   common value and the set of wanted rare values are word operations.
//! * In games where most heaps need the proof scan, the first pairs of the
//!   scan are stamped with the rare-pair marks, eight heaps a pass like
//!   them, before the wanted values are known: they find most of those
//!   values, and a stamp costs less than a pair of the scan that finds one
//!   (see `Early`, which learns how many to stamp).
//! * The proof scan tests 32 pairs a step against a bitmap of the wanted
//!   values (AVX2 byte shuffles, one per 128 values up to the largest
//!   wanted, see `pairs.rs`), with a portable fallback that gives the same
//!   values and the same count of pairs examined.
//!
//! On several threads the engine runs as a pipeline (`sequence/pipeline.rs`),
//! which computes heaps ahead of the ones still being finished.
//!
//! # Where each part lives
//!
//! * `mod.rs` (here): the engine's state, grouped by what each part holds,
//!   the mask and its revision, and the [`Engine`] face;
//! * `heap.rs`: the value of one heap, from its marks to its mex;
//! * `marks.rs`: the stamp tables of a heap and the loops that stamp them;
//! * `batch.rs`: the rare-pair marks of eight heaps made in one pass;
//! * `checks.rs`: the checked rare heaps compared with candidate values,
//!   and the quota of stamped heaps a value, tuned as the run goes;
//! * `early.rs`: how many splits of the proof scan to stamp early;
//! * `scan.rs`: the proof scan for the rare values still wanted;
//! * `ranking.rs`: the order of the proof scan's blocks of low heaps;
//! * `hunt.rs`: the targeted hunt for the last few wanted values;
//! * `window.rs`: what the engine does when heaps are no longer kept;
//! * `rare.rs`: the list of rare heaps; `pairs.rs`: the vector kernels.

mod batch;
mod checks;
mod early;
mod heap;
mod hunt;
mod marks;
mod pairs;
mod ranking;
mod rare;
mod scan;
#[cfg(test)]
mod tests;
mod window;

pub(in crate::sequence) use marks::AHEAD;

use super::engine::Engine;
use super::state::{EngineState, State};
use super::stats::{is_rare, Histogram, Split};
use super::values::Values;
use crate::error::{Error, Result};
use crate::rule::octal::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::rule::Rule;
use batch::Batches;
use checks::Checks;
use early::Early;
use hunt::Hunt;
use marks::{Marks, MARK_BITS};
use ranking::{Ranking, RANK_BLOCKS, TRAIN_EVERY};
use rare::{below_back, RareHeaps};
use scan::Wanted;

/// Number of distinct values a u16 engine can hold.
const VALUES: usize = 1 << 16;

/// The first heap count at which a mask is chosen; before it every heap is
/// scanned in full (cheap for short heaps).
const FIRST_REVISION: usize = 64;

/// The sparse-space engine. See the [module docs](self).
#[derive(Debug)]
pub struct Sparse {
    /// The rule's moves, as the digits that leave none, one or two heaps.
    moves: Moves,
    /// Which values are rare.
    mask: Mask,
    /// Heaps `≥ 1` with rare values, ascending, with their values.
    rares: RareHeaps,
    hist: Histogram,
    next_revision: usize,
    /// The marks of the current heap and of the next heaps of a batch.
    marks: Marks,
    /// The batch of heaps whose rare-pair marks are made ahead.
    batches: Batches,
    /// The checked rare heaps compared with candidates, and the quota of
    /// stamped heaps a value tuned from how often that falls short.
    checks: Checks,
    /// The rare values still to be found among the splits.
    want: Wanted,
    /// Pairs examined and heaps scanned, for the reports and the budget.
    work: Work,
    /// What the targeted hunt for the last wanted values looks at.
    hunt: Hunt,
    /// The order in which the proof scan takes the blocks of low heaps.
    ranking: Ranking,
    /// How many splits of the proof scan to stamp early, learned from the
    /// sequence, and how many the current heap stamped.
    early: Early,
    /// Use the vector kernels of `pairs.rs` (when the machine has them).
    simd: bool,
    /// Heaps whose values are no longer kept (window mode, see
    /// [`Sparse::forget`]); empty when every value is kept.
    dropped: std::ops::Range<usize>,
}

/// The moves of the rule: the digits `k` that remove `k` tokens and leave
/// none, one or two heaps.
#[derive(Debug)]
struct Moves {
    /// `k` for every digit that may leave two heaps after removing `k`.
    splits: Vec<usize>,
    /// `k` for every digit that may leave one heap.
    singles: Vec<usize>,
    /// `k` for every digit that may take a whole heap of exactly `k`.
    nones: Vec<usize>,
    /// Splits must be into unequal heaps (Grundy's game).
    strict: bool,
}

impl Moves {
    /// The highest `a` of the splits `a + (rest - a)` with `1 ≤ a ≤ rest - a`
    /// (`a < rest - a` when strict).
    #[inline]
    fn top(&self, rest: usize) -> usize {
        if self.strict {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        }
    }
}

/// The rare/common split of the values (see [`is_rare`]).
#[derive(Debug)]
struct Mask {
    /// The mask (0 before the first choice: every value is rare).
    bits: u16,
    /// `rare[v]`: value `v` is rare for the current mask.
    rare: Vec<bool>,
    /// The values below [`MARK_BITS`] that are common, as a bit set.
    common: [u64; MARK_BITS / 64],
}

/// What the engine counts of its work.
#[derive(Debug, Default)]
struct Work {
    /// Pairs of heaps examined (what [`Engine::examined`] reports).
    examined: u64,
    /// [`Sparse::necessary_pairs`] of every heap computed (what
    /// [`Engine::work`] reports).
    necessary: u64,
    /// Heaps whose splits were all scanned (no usable rare/common split).
    plain_heaps: u64,
}

impl Sparse {
    /// The sparse engine for `rule`, or `None` for rules it does not handle
    /// (subtraction games, Nim, and codes with three-way splits).
    pub fn new(rule: &Rule) -> Option<Sparse> {
        let (splits, singles, nones, strict) = match rule {
            Rule::Grundys => (vec![0], vec![], vec![], true),
            Rule::TakeBreak(code) if !code.is_hexadecimal() => {
                let with = |bit: u8| digits_with(code, bit);
                (with(LEAVE_TWO), with(LEAVE_ONE), with(LEAVE_NONE), false)
            }
            _ => return None,
        };
        Some(Sparse {
            moves: Moves {
                splits,
                singles,
                nones,
                strict,
            },
            mask: Mask {
                bits: 0,
                rare: vec![true; VALUES],
                common: [0; MARK_BITS / 64],
            },
            rares: RareHeaps::default(),
            hist: Histogram::default(),
            next_revision: FIRST_REVISION,
            marks: Marks::new(),
            batches: Batches::default(),
            checks: Checks::new(),
            want: Wanted::new(),
            work: Work::default(),
            hunt: Hunt::new(),
            simd: pairs::simd_available(),
            ranking: Ranking::new(RANK_BLOCKS),
            early: Early::new(),
            dropped: 0..0,
        })
    }

    /// Use the vector kernels (AVX2, where the machine has it) or only the
    /// portable loops; both compute the same values with the same work.
    /// For comparisons: the default is the vector kernels where available.
    pub fn with_simd(mut self, simd: bool) -> Sparse {
        self.set_simd(simd);
        self
    }

    /// [`Self::with_simd`] in place.
    pub(in crate::sequence) fn set_simd(&mut self, simd: bool) {
        self.simd = simd && pairs::simd_available();
    }

    /// For one of `engines` engines that compute the heaps of one sequence
    /// between them (the [`pipeline`](super::pipeline)'s threads): trains
    /// the ranking `engines` times less often, so that together they train
    /// it as often as one engine alone. A training scans up to 65,536 pairs;
    /// on two threads each training every 2048 heaps, `0.6` to 2^21 spent
    /// 0.22 s CPU training against 0.085 s on one thread. Values never
    /// depend on it.
    pub(in crate::sequence) fn share_training(&mut self, engines: usize) {
        self.ranking.every = TRAIN_EVERY * engines.max(1);
    }

    /// The current mask.
    pub fn mask(&self) -> u16 {
        self.mask.bits
    }

    /// How many heaps had all their splits scanned, because no mask made
    /// their values sparse enough (more than a quarter of the heaps rare):
    /// the short heaps before the first mask, and games like `0.106`, where
    /// every mask leaves about half the heaps rare.
    pub fn plain_heaps(&self) -> u64 {
        self.work.plain_heaps
    }

    /// The heaps with rare values under the current mask.
    pub fn rare_heaps(&self) -> &[usize] {
        &self.rares.heaps
    }

    /// Re-chooses the mask from the histogram; rebuilds the rare heap list
    /// when the mask changes.
    fn revise(&mut self, values: &[u16]) {
        let (best, rare) = self.hist.best_mask();
        let current = self.hist.rare_count(self.mask.bits);
        // Keep the current mask unless the new one is clearly better: a
        // rebuild costs a pass over all values.
        // With values dropped (window mode) the list cannot be rebuilt: the
        // mask stays, which changes only the speed, never a value.
        if best != self.mask.bits && rare + rare / 8 < current && self.dropped.is_empty() {
            self.set_mask(best);
            self.rares.clear();
            for (h, &v) in values.iter().enumerate().skip(1) {
                if self.mask.rare[v as usize] {
                    self.rares.push(h, v);
                }
            }
        }
        self.next_revision = values.len() + values.len().min(1 << 22);
        self.rank_frequent();
    }

    /// Splits values into rare and common by `mask` (the caller lists the
    /// rare heaps again).
    fn set_mask(&mut self, mask: u16) {
        self.mask.bits = mask;
        self.batches.current = None;
        for v in 0..VALUES {
            // (Mask 0, before the first choice: every value is rare.)
            self.mask.rare[v] = is_rare(v as u16, mask);
        }
        self.mask.common = [0; MARK_BITS / 64];
        for v in (0..MARK_BITS).filter(|&v| !self.mask.rare[v]) {
            self.mask.common[v / 64] |= 1 << (v % 64);
        }
    }

    /// Takes in the last of `values` (computed by this engine or another):
    /// lists it by value, counts it, lists it if rare, and revises the mask
    /// when due.
    pub(in crate::sequence) fn record(&mut self, values: &[u16]) {
        let n = values.len() - 1;
        let v = values[n];
        if n > 0 {
            self.index(n, v);
            self.hist.add(v);
            if self.mask.bits != 0 && self.mask.rare[v as usize] {
                self.rares.push(n, v);
            }
        }
        if values.len() >= self.next_revision {
            self.revise(values);
        }
    }

    /// Whether `v` is the value of an option of heap `n` with a heap in
    /// `known..n`, given `g = G(0..n)`: the options that
    /// [`Self::compute_ahead`] leaves out.
    pub(in crate::sequence) fn option_from(
        &self,
        g: &[u16],
        n: usize,
        known: usize,
        v: u16,
    ) -> bool {
        let singles = self
            .moves
            .singles
            .iter()
            .filter(|&&k| k < n && n - k >= known);
        if singles.map(|&k| g[n - k]).any(|x| x == v) {
            return true;
        }
        self.moves.splits.iter().filter(|&&k| k <= n).any(|&k| {
            let (rest, top) = (n - k, self.moves.top(n - k));
            // a ≤ rest - known: the partner is recent; a ≥ known: a is.
            let low = 1..=top.min(rest.saturating_sub(known));
            let high = known.max(1)..=top;
            low.chain(high).any(|a| g[a] ^ g[rest - a] == v)
        })
    }

    /// The pairs that the rare-pair marks of heap `n` examine with every
    /// heap below it known (every split, for a heap scanned in full), for
    /// an engine that has taken in `G(0..n)`: the part of [`Engine::work`]
    /// that depends only on the sequence, not on what the engine learned
    /// from the heaps it computed itself (the early stamps, the order of
    /// the proof scan, the hunt) nor on which heaps were known. One engine
    /// and the [`pipeline`](super::pipeline) both report these as their
    /// work, so the same budget ends a run at the same heap on any number
    /// of threads.
    pub(in crate::sequence) fn necessary_pairs(&self, n: usize) -> u64 {
        let full = self.mask.bits == 0 || self.rares.len() * 4 > n;
        let splits = self.moves.splits.iter().filter_map(|&k| n.checked_sub(k));
        splits
            .map(|rest| match full {
                // (`scan_all`'s pairs a + (rest - a), 1 ≤ a ≤ top.)
                true => self.moves.top(rest),
                false => below_back(&self.rares.heaps, rest),
            } as u64)
            .sum()
    }
}

/// The least `a ≥ 1` whose partner `rest - a` is known (below `known`).
#[inline]
fn first_known(rest: usize, known: usize) -> usize {
    (rest + 1).saturating_sub(known).max(1)
}

/// The `k` of every digit of `code` with `bit` set.
fn digits_with(code: &TakeBreak, bit: u8) -> Vec<usize> {
    code.digits()
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d & bit != 0)
        .map(|(k, _)| k)
        .collect()
}

impl Engine for Sparse {
    fn push_next(&mut self, values: &mut Values) -> Result<()> {
        // (Counted once the value is known: a heap that fails is counted
        // when it is computed again.)
        let n = values.len();
        let v = self.compute(values)?;
        self.work.necessary += self.necessary_pairs(n);
        values.push(v);
        self.record(values);
        Ok(())
    }

    fn extend(&mut self, values: &mut Values, max: usize) -> Result<()> {
        // Many heaps a call: the caller's work per call (bounding the call,
        // and once heaps are dropped, finding the first heap that needs a
        // dropped value and releasing pages) costs a few per cent of a run
        // when paid for every heap. The caller bounds `max` so that none of
        // these heaps reads a dropped value, and so that a run that ends at
        // a proved period stops right at it.
        let count = max.min(values.capacity() - values.len()).max(1);
        for _ in 0..count {
            self.push_next(values)?;
        }
        Ok(())
    }

    fn adopt(&mut self, values: &[u16]) {
        self.batches.current = None;
        self.hist = Histogram::of(values.get(1..).unwrap_or(&[]));
        self.set_mask(0);
        self.rares.clear();
        self.next_revision = FIRST_REVISION;
        self.hunt.by_value.clear();
        self.hunt.by_value_len.clear();
        for (h, &v) in values.iter().enumerate() {
            self.index(h, v);
        }
        if values.len() >= FIRST_REVISION {
            self.revise(values);
        }
    }

    fn take_in(&mut self, values: &[u16]) {
        self.work.necessary += self.necessary_pairs(values.len() - 1);
        self.record(values);
    }

    fn saved(&mut self, _values: &[u16], dropped: std::ops::Range<usize>) -> Option<EngineState> {
        let from = self.rares.heaps.partition_point(|&h| h < dropped.start);
        let to = self.rares.heaps.partition_point(|&h| h < dropped.end);
        let rare = (from..to).map(|i| (self.rares.heaps[i] as u64, self.rares.values[i]));
        Some(EngineState {
            mask: self.mask.bits,
            next_revision: self.next_revision as u64,
            rare: rare.collect(),
        })
    }

    fn restore(&mut self, values: &[u16], hist: &Histogram, state: &State) -> Result<()> {
        let Some(saved) = &state.engine else {
            if state.window.is_some() {
                return Err(Error::Unsupported(
                    "a checkpoint of window mode without the engine's state".into(),
                ));
            }
            self.adopt(values);
            self.work.necessary = state.work;
            return Ok(());
        };
        let gone = state.window.as_ref().map_or(0..0, |w| {
            let (start, end) = (w.dropped.start as usize, w.dropped.end as usize);
            start..end
        });
        self.batches.current = None;
        self.hist = hist.clone();
        self.set_mask(saved.mask);
        // The heaps kept and the rare ones no longer kept, ascending, as the
        // run saw them (the hunt's index lists only these).
        let low = values.iter().copied().enumerate().take(gone.start);
        let rare = saved.rare.iter().map(|&(h, v)| (h as usize, v));
        let high = values.iter().copied().enumerate().skip(gone.end);
        self.rares.clear();
        self.hunt.by_value.clear();
        self.hunt.by_value_len.clear();
        for (h, v) in low.chain(rare).chain(high) {
            self.index(h, v);
            if h > 0 && self.mask.bits != 0 && self.mask.rare[v as usize] {
                self.rares.push(h, v);
            }
        }
        // A rare heap missing from the state would make values wrong, not
        // slow: the histogram, saved apart, must count as many.
        if self.mask.bits != 0 && self.rares.len() as u64 != hist.rare_count(self.mask.bits) {
            return Err(Error::Unsupported(format!(
                "the checkpoint lists {} heaps of rare values for mask {}, its histogram {}",
                self.rares.len(),
                self.mask.bits,
                hist.rare_count(self.mask.bits)
            )));
        }
        self.next_revision = usize::try_from(saved.next_revision).unwrap_or(usize::MAX);
        self.rank_frequent();
        self.work.necessary = state.work;
        Ok(())
    }

    fn split(&self, values: &[u16]) -> Option<Split> {
        Some(Split::of(values, self.mask.bits))
    }

    fn work(&self) -> Option<u64> {
        Some(self.work.necessary)
    }

    fn examined(&self) -> Option<u64> {
        Some(self.work.examined)
    }

    fn rare(&self) -> Option<(u16, usize)> {
        Some((self.mask.bits, self.rares.len()))
    }

    fn forget(&mut self, values: &[u16], dropped: std::ops::Range<usize>) -> Result<()> {
        Sparse::forget(self, dropped, values.len())
    }

    fn first_lost(&self, values: &[u16], from: usize) -> Option<(usize, usize)> {
        Sparse::first_lost(self, values, from)
    }
}
