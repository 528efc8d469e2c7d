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
//!   wanted, see [`pairs`]), with a portable fallback that gives the same
//!   values and the same count of pairs examined.
//!
//! On several threads the engine runs as a [`pipeline`](super::pipeline),
//! which computes heaps ahead of the ones still being finished.

use super::engine::Engine;
use super::pairs::{self, Bits512};
use super::rare::RareHeaps;
use super::state::{EngineState, State};
use super::stats::{is_rare, Histogram, Split};
use super::values::Values;
use crate::error::{Error, Result};
use crate::rule::octal::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::rule::Rule;

/// Number of distinct values a u16 engine can hold.
const VALUES: usize = 1 << 16;

/// The first heap count at which a mask is chosen; before it every heap is
/// scanned in full (cheap for short heaps).
const FIRST_REVISION: usize = 64;

/// Low heaps of a block of the proof scan: the scan takes the splits
/// `a + (rest - a)` with `a` in the blocks `1 + 512 b ..`, best blocks first
/// (see [`Ranking`]).
const RANK_BLOCK: usize = 512;

/// Blocks ranked: the low heaps `1..=RANK_BLOCKS * RANK_BLOCK`; past them
/// the scan goes on in order.
const RANK_BLOCKS: usize = 128;

/// Blocks of each splitting digit scanned before the targeted hunt for the
/// rare values still missing.
const PREFIX_BLOCKS: usize = 4;

/// A heap every this many trains the ranking of the blocks.
const TRAIN_EVERY: usize = 2048;

/// The hunt tries partner values among this many most frequent common
/// values…
const HUNT_VALUES: usize = 12;

/// …checking at most this many heaps of each before giving up on a value.
const HUNT_BUDGET: usize = 16;

/// The hunt runs only when at most this many values are still wanted.
const HUNT_MAX: usize = 8;

/// While every value is below this, the marks of a heap are read as a bit
/// set (at most 16 words).
const MARK_BITS: usize = 1024;

/// Heaps whose rare-pair marks are made in one pass over the rare heaps
/// (the current one and the next `AHEAD - 1`).
pub(super) const AHEAD: usize = 8;

/// The checked rare heaps (see [`RareHeaps`]) are compared with candidate
/// values only when at least this many would be: choosing the candidates
/// (eight tables read a batch) and stamping those met is a fixed cost that
/// few checked heaps do not repay. Measured: on `0.161` (about 310 checked
/// heaps) checking is 4 % faster, on `0.6` (about 900) 2 to 8 % (more on a
/// busy machine), on `0.14` (about 1750) 25 %; the break-even point below
/// 310 was not measured.
const MIN_CHECKED: usize = 256;

/// The quota of stamped heaps a rare value (see [`RareHeaps`]) is tuned
/// after every this many batches with candidates (4096 heaps)…
const QUOTA_WINDOW: u64 = 512;

/// …growing by two when more than this many heaps a thousand had to stamp
/// their checked pairs after all…
const FALLBACKS_UP: u64 = 30;

/// …and shrinking by one when fewer than this many did (on `0.6` it
/// settles at 7 or 8, on `0.172` at about 18: measured, 14 is 19 % faster
/// there than 6, and 6 to 8 are alike on `0.6`).
const FALLBACKS_DOWN: u64 = 10;

/// Rare-pair marks made ahead: for heaps `start..start + AHEAD`, every pair
/// of a rare heap `r` (listed before `start`) with a partner below `start`.
#[derive(Debug)]
struct Batch {
    start: usize,
    /// The tables of heaps `start + 1..=start + used` were taken (each
    /// heap takes its own once).
    used: usize,
    /// When the pairs of the checked rare heaps were not stamped but
    /// compared with candidates: for each heap of the batch, the
    /// candidates, of which those met are stamped (see [`Sparse::checking`]).
    cands: Option<[[u16; pairs::CANDIDATES]; AHEAD]>,
}

/// The sparse-space engine. See the [module docs](self).
#[derive(Debug)]
pub struct Sparse {
    /// `k` for every digit that may leave two heaps after removing `k`.
    splits: Vec<usize>,
    /// `k` for every digit that may leave one heap.
    singles: Vec<usize>,
    /// `k` for every digit that may take a whole heap of exactly `k`.
    nones: Vec<usize>,
    /// Splits must be into unequal heaps (Grundy's game).
    strict: bool,
    mask: u16,
    /// `rare[v]`: value `v` is rare for the current mask.
    rare: Vec<bool>,
    /// The values below [`MARK_BITS`] that are common, as a bit set.
    common_bits: [u64; MARK_BITS / 64],
    /// Heaps `≥ 1` with rare values, ascending, with their values.
    rares: RareHeaps,
    hist: Histogram,
    next_revision: usize,
    /// `seen[v] == generation`: value `v` is an option of the current heap.
    seen: Stamps,
    /// The stamp tables of the next heaps of the batch, swapped into `seen`
    /// in turn. One generation serves the whole batch: every stamp made
    /// before it is older (all tables are cleared when it wraps around),
    /// and one register for it leaves the stamp loop its table pointers.
    spare: Vec<Stamps>,
    batch: Option<Batch>,
    /// While a batch is on: for each splitting digit, the indices of the
    /// rare heaps whose pairs are marked for every heap of the batch (kept
    /// from batch to batch, so that none allocates).
    covered: Vec<(usize, usize)>,
    /// While a batch with candidates is on: for each splitting digit, the
    /// indices of the checked rare heaps among those covered.
    checks: Vec<std::ops::Range<usize>>,
    /// The candidates of the current heap when its checked rare pairs were
    /// only compared with them. Those met are stamped; none of the others
    /// is an option from a checked pair. So if the least common value left
    /// unmarked is one of them, it is not an option at all; if it is not,
    /// the checked pairs are stamped before the marks are read.
    checking: Option<[u16; pairs::CANDIDATES]>,
    /// Batches whose checked rare heaps were compared with candidates, and
    /// heaps of them whose checked pairs had to be stamped after all.
    check_batches: u64,
    check_fallbacks: u64,
    /// The two counts when the quota was last tuned.
    tuned_at: (u64, u64),
    /// At least this many checked rare heaps for a batch to compare them
    /// ([`MIN_CHECKED`]; tests lower it).
    min_checked: usize,
    /// The rare values still to be found among the splits.
    want: Wanted,
    /// The values that may be wanted lie in this range.
    want_range: std::ops::Range<usize>,
    generation: u32,
    /// Pairs of heaps examined (what [`Engine::examined`] reports).
    work: u64,
    /// [`Sparse::necessary_pairs`] of every heap computed (what
    /// [`Engine::work`] reports).
    necessary: u64,
    /// `by_value[x]`: the first heaps `≥ 1` of value `x`, ascending (the
    /// first `by_value_len[x]` entries; at most the hunt's budget, all it
    /// looks at, in one cache line). Heaps from 2^32 on are not listed.
    by_value: Vec<[u32; HUNT_BUDGET]>,
    by_value_len: Vec<u8>,
    /// The most frequent common values, most frequent first.
    frequent: Vec<u16>,
    /// `last[v]`: the partner value that last found `v` in the hunt, tried
    /// first next time (0 for none: 0 is never common).
    last: Vec<u16>,
    /// Use the vector kernels of [`pairs`] (when the machine has them).
    simd: bool,
    /// Heaps whose splits were all scanned (no usable rare/common split).
    plain_heaps: u64,
    /// The order in which the proof scan takes the blocks of low heaps.
    ranking: Ranking,
    /// For each splitting digit, how many low heaps `a`, in the proof
    /// scan's order, had their splits `a + (rest - a)` stamped with the
    /// rare-pair marks of the current heap (see [`Early`]); the proof scan
    /// skips them.
    early: Vec<usize>,
    /// How many low heaps to stamp early, learned from the sequence.
    tuner: Early,
    /// Heaps whose values are no longer kept (window mode, see
    /// [`Sparse::forget`]); empty when every value is kept.
    dropped: std::ops::Range<usize>,
}

/// How many splits of the proof scan to stamp with the rare-pair marks,
/// before the wanted values are known.
///
/// A stamp costs about one store; a pair of the proof scan that finds a
/// wanted value costs tens of cycles (a branch taken at random), one that
/// does not a fraction of a cycle. The first pairs of the scan find most
/// wanted values, so stamping them pays, up to the point where only a few
/// percent of the pairs find one. The tuner watches the pairs just past
/// the stamped ones ([`Early::PROBE`] of them, in every heap) and moves
/// the length by [`Early::STEP`] after every [`Early::WINDOW`] heaps,
/// towards the point where they find between [`Early::STEP_DOWN`] and
/// [`Early::STEP_UP`] values per thousand pairs.
///
/// The stamps are made with the rare-pair marks, before it is known whether
/// the heap needs the proof scan at all: in games where most heaps do not
/// (`0.16`), they are wasted. So every [`Early::CONTROL`]-th batch is not
/// stamped, and stamping stops while fewer than half of the heaps of these
/// control batches need the proof scan for [`Early::MIN_WANTED`] values or
/// more.
///
/// None of this changes a value: stamped pairs are options as much as
/// scanned ones.
#[derive(Debug)]
struct Early {
    /// Low heaps stamped (a multiple of [`Early::STEP`]).
    len: usize,
    /// Values found and pairs scanned by the probes of this window.
    found: u64,
    pairs: u64,
    heaps: usize,
    /// Whether most heaps need a long proof scan (seen on control batches).
    needed: bool,
    /// Batches (or single heaps) started.
    units: u64,
    /// The heaps of the last control batch.
    control: std::ops::Range<usize>,
    /// The heaps whose proof scans are probed: those of the last batch
    /// stamped (or of any batch but a control one while the length is 0).
    probed: std::ops::Range<usize>,
    /// Control heaps seen in this window, and those that needed the scan.
    control_heaps: u32,
    control_needs: u32,
}

impl Early {
    /// The length moves by this many low heaps.
    const STEP: usize = 32;
    /// Values found per thousand pairs past the stamped ones above which
    /// the length grows…
    const STEP_UP: u64 = 30;
    /// …and below which it shrinks (measured: the speed is flat from
    /// 20/10 to 60/30 on `0.6` and `0.161`).
    const STEP_DOWN: u64 = 15;
    /// At most this many low heaps are stamped.
    const MAX: usize = 8 * RANK_BLOCK;
    /// Pairs past the stamped ones watched in every heap.
    const PROBE: usize = 128;
    /// Heaps between moves of the length.
    const WINDOW: usize = 256;

    /// Every this many batches one is not stamped…
    const CONTROL: u64 = 16;
    /// …and after this many heaps of such batches, stamping is turned on or
    /// off.
    const CONTROL_WINDOW: u32 = 64;
    /// A heap needs the proof scan when this many values are wanted.
    const MIN_WANTED: usize = 8;

    /// A tuner starting at 256 low heaps.
    fn new() -> Early {
        Early {
            len: 256,
            found: 0,
            pairs: 0,
            heaps: 0,
            needed: true,
            units: 0,
            control: 0..0,
            probed: 0..0,
            control_heaps: 0,
            control_needs: 0,
        }
    }

    /// Whether to stamp the heaps `heaps` (a batch, or one heap).
    fn stamp(&mut self, heaps: std::ops::Range<usize>) -> bool {
        self.units += 1;
        if self.units % Early::CONTROL == 0 {
            self.control = heaps;
            return false;
        }
        if self.needed {
            self.probed = heaps;
        }
        self.needed && self.len > 0
    }

    /// After the marks of heap `n` (in a control batch, unstamped): the
    /// proof scan wants `wanted` values (0 if the value is known).
    fn observe(&mut self, n: usize, wanted: usize) {
        if !self.control.contains(&n) {
            return;
        }
        self.control_heaps += 1;
        self.control_needs += (wanted >= Early::MIN_WANTED) as u32;
        if self.control_heaps == Early::CONTROL_WINDOW {
            self.needed = 2 * self.control_needs >= self.control_heaps;
            (self.control_heaps, self.control_needs) = (0, 0);
        }
    }

    /// Counts a probe (`found` values in `pairs` pairs), and moves the
    /// length at the end of a window.
    fn probe(&mut self, found: usize, pairs: usize) {
        self.found += found as u64;
        self.pairs += pairs as u64;
        self.heaps += 1;
        if self.heaps == Early::WINDOW {
            // Found per thousand pairs.
            let rate = 1000 * self.found / self.pairs.max(1);
            if rate > Early::STEP_UP {
                self.len = (self.len + Early::STEP).min(Early::MAX);
            } else if rate < Early::STEP_DOWN {
                self.len = self.len.saturating_sub(Early::STEP);
            }
            (self.found, self.pairs, self.heaps) = (0, 0, 0);
        }
    }
}

/// The order of the proof scan's blocks of low heaps, most useful first.
///
/// The early heaps of a game have small values (the values grow with the
/// heaps before they settle), so the first pairs in order mostly yield xors
/// near the partner's value and meet some wanted values only after
/// thousands of pairs. A block whose low heaps look like the settled
/// sequence finds them sooner. Every [`TRAIN_EVERY`] heaps, one heap scans
/// all blocks and credits each with the wanted values it holds, a value
/// held by `h` blocks counting `1 / h` (the values few blocks hold are
/// those that keep the scan going); the blocks are then taken in order of
/// credit. The order
/// only changes how soon the scan stops, never a value: every pair is still
/// examined before a value is declared missing.
#[derive(Debug)]
struct Ranking {
    /// Block indices, best first (ties in ascending order).
    order: Vec<u16>,
    /// Decaying credit of each block.
    credit: Vec<f64>,
    /// The next heap that trains the ranking.
    next: usize,
    /// Heaps between two that train it: [`TRAIN_EVERY`], times the number
    /// of engines sharing the heaps of one sequence (see
    /// [`Sparse::share_training`]).
    every: usize,
}

impl Ranking {
    /// A ranking of `blocks` blocks (at most [`RANK_BLOCKS`]; fewer in
    /// tests, so that short heaps reach the scan past them).
    fn new(blocks: usize) -> Ranking {
        Ranking {
            order: (0..blocks as u16).collect(),
            credit: vec![0.0; blocks],
            next: TRAIN_EVERY,
            every: TRAIN_EVERY,
        }
    }

    /// Credits the blocks of the splits `a + (rest - a)`, `1 ≤ a ≤ top`,
    /// with the values of `want` (all below 512) that each holds, and
    /// re-ranks them. `simd` as in [`pairs::take_hits`].
    fn train(
        &mut self,
        g: &[u16],
        rest: usize,
        first: usize,
        top: usize,
        want: &Bits512,
        simd: bool,
    ) {
        let wanted = want.iter().map(|b| b.count_ones() as usize).sum::<usize>();
        let blocks = top.div_ceil(RANK_BLOCK).min(self.order.len());
        let mut held = vec![[0u64; 8]; blocks];
        let mut count = [0u32; 512];
        for (b, set) in held.iter_mut().enumerate() {
            let start = (1 + b * RANK_BLOCK).max(first);
            let end = (1 + b * RANK_BLOCK + RANK_BLOCK).min(top + 1);
            if start >= end {
                continue;
            }
            // The values of the block's pairs that are wanted: the scan
            // takes each from a copy of the set, stopping once all are
            // (pairs whose partner is not known yet, see `compute_ahead`,
            // are left out: the ranking only orders the scan).
            let mut left = *want;
            let mut remaining = wanted;
            let (low, high) = (&g[start..end], &g[rest + 1 - end..=rest - start]);
            pairs::take_hits(low, high, &mut left, &mut remaining, simd, |_| {});
            for (i, s) in set.iter_mut().enumerate() {
                let bytes = |bits: &Bits512| {
                    u64::from_le_bytes(bits[8 * i..8 * i + 8].try_into().expect("8 bytes"))
                };
                *s = bytes(want) & !bytes(&left);
                let mut s = *s;
                while s != 0 {
                    count[i * 64 + s.trailing_zeros() as usize] += 1;
                    s &= s - 1;
                }
            }
        }
        for (b, set) in held.iter().enumerate() {
            let mut gain = 0.0;
            for (i, &s) in set.iter().enumerate() {
                let mut s = s;
                while s != 0 {
                    gain += 1.0 / count[i * 64 + s.trailing_zeros() as usize] as f64;
                    s &= s - 1;
                }
            }
            self.credit[b] = 0.95 * self.credit[b] + gain;
        }
        let credit = &self.credit;
        self.order.sort_by(|&x, &y| {
            credit[y as usize]
                .total_cmp(&credit[x as usize])
                .then(x.cmp(&y))
        });
    }

    /// [`Self::block`] without its first `skip` low heaps.
    #[inline]
    fn block_after(
        &self,
        i: usize,
        first: usize,
        top: usize,
        skip: usize,
    ) -> std::ops::Range<usize> {
        let range = self.block(i, first, top);
        let from = 1 + self.order[i] as usize * RANK_BLOCK + skip;
        from.clamp(range.start, range.end)..range.end
    }

    /// The low heaps of the `i`-th block in rank order, within `first..=top`.
    #[inline]
    fn block(&self, i: usize, first: usize, top: usize) -> std::ops::Range<usize> {
        let start = 1 + self.order[i] as usize * RANK_BLOCK;
        let end = (start + RANK_BLOCK).min(top + 1);
        // (Low heaps below `first`, whose partners are not known yet, are
        // left out; see `compute_ahead`.)
        let start = start.max(first).min(end);
        start..end
    }
}

/// A table of stamps, one a value (see [`Sparse::seen`]).
///
/// The stamp loops write to the tables of all the heaps of a batch at once,
/// at indices that are values (mostly below 512). Tables that start at the
/// same offset in a 4 KiB page, as large allocations do, would send all
/// those stores to the same few sets of the first-level cache; so table `k`
/// starts `k` eighths of a page further.
#[derive(Debug)]
struct Stamps {
    data: Box<[u32]>,
    offset: usize,
}

impl Stamps {
    /// Stamps a page holds.
    const PAGE: usize = 4096 / 4;

    /// The `k`-th table, all stamps 0.
    fn new(k: usize) -> Stamps {
        Stamps {
            data: vec![0; VALUES + Self::PAGE].into_boxed_slice(),
            offset: k * Self::PAGE / 8 % Self::PAGE,
        }
    }
}

impl std::ops::Deref for Stamps {
    type Target = [u32; VALUES];

    #[inline]
    fn deref(&self) -> &[u32; VALUES] {
        let at = &self.data[self.offset..self.offset + VALUES];
        at.try_into().expect("VALUES stamps")
    }
}

impl std::ops::DerefMut for Stamps {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u32; VALUES] {
        let at = &mut self.data[self.offset..self.offset + VALUES];
        at.try_into().expect("VALUES stamps")
    }
}

/// The set of rare values still to be found among the splits of a heap.
#[derive(Debug)]
struct Wanted {
    /// Unless `small`: `bytes[v] == 1` when `v` is wanted (a byte a value:
    /// the scalar scan's test is one load, no shifts).
    bytes: Box<[u8; VALUES]>,
    /// When `small` (every wanted value below 512): the set, for the vector
    /// scan (and `bytes` is all zero).
    bits: Bits512,
    small: bool,
}

impl Wanted {
    /// Clears `v` from the set; true if it was in it.
    #[inline]
    fn take(&mut self, v: u16) -> bool {
        if self.small {
            let was = pairs::contains(&self.bits, v);
            if was {
                self.bits[v as usize >> 3] &= !(1 << (v & 7));
            }
            was
        } else {
            std::mem::take(&mut self.bytes[v as usize]) != 0
        }
    }

    /// Puts `v` in the set.
    #[inline]
    fn put(&mut self, v: usize) {
        if self.small {
            self.bits[v >> 3] |= 1 << (v & 7);
        } else {
            self.bytes[v] = 1;
        }
    }
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
            splits,
            singles,
            nones,
            strict,
            mask: 0,
            rare: vec![true; VALUES],
            common_bits: [0; MARK_BITS / 64],
            rares: RareHeaps::default(),
            hist: Histogram::default(),
            next_revision: FIRST_REVISION,
            seen: Stamps::new(0),
            spare: (1..AHEAD).map(Stamps::new).collect(),
            batch: None,
            covered: Vec::new(),
            checks: Vec::new(),
            checking: None,
            check_batches: 0,
            check_fallbacks: 0,
            tuned_at: (0, 0),
            min_checked: MIN_CHECKED,
            want: Wanted {
                bytes: Box::new([0; VALUES]),
                bits: [0; 64],
                small: false,
            },
            want_range: 0..0,
            generation: 0,
            work: 0,
            necessary: 0,
            by_value: Vec::new(),
            by_value_len: Vec::new(),
            frequent: Vec::new(),
            last: vec![0; VALUES],
            simd: pairs::simd_available(),
            plain_heaps: 0,
            ranking: Ranking::new(RANK_BLOCKS),
            early: Vec::new(),
            tuner: Early::new(),
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
    pub(super) fn set_simd(&mut self, simd: bool) {
        self.simd = simd && pairs::simd_available();
    }

    /// For one of `engines` engines that compute the heaps of one sequence
    /// between them (the [`pipeline`](super::pipeline)'s threads): trains
    /// the ranking `engines` times less often, so that together they train
    /// it as often as one engine alone. A training scans up to 65,536 pairs;
    /// on two threads each training every 2048 heaps, `0.6` to 2^21 spent
    /// 0.22 s CPU training against 0.085 s on one thread. Values never
    /// depend on it.
    pub(super) fn share_training(&mut self, engines: usize) {
        self.ranking.every = TRAIN_EVERY * engines.max(1);
    }

    /// The current mask.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// How many heaps had all their splits scanned, because no mask made
    /// their values sparse enough (more than a quarter of the heaps rare):
    /// the short heaps before the first mask, and games like `0.106`, where
    /// every mask leaves about half the heaps rare.
    pub fn plain_heaps(&self) -> u64 {
        self.plain_heaps
    }

    /// The heaps with rare values under the current mask.
    pub fn rare_heaps(&self) -> &[usize] {
        &self.rares.heaps
    }

    /// A new generation for the current heap (and a batch started with it).
    fn start(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for table in std::iter::once(&mut self.seen).chain(&mut self.spare) {
                table.iter_mut().for_each(|s| *s = 0);
            }
            self.generation = 1;
        }
    }

    /// Starts a batch at heap `n` (whose table is current) knowing
    /// `g = G(0..known)`: marks the pairs of the rare heaps `r` with
    /// `max(1, n + AHEAD - k - known) ≤ r < n - k` for heaps
    /// `n..n + AHEAD`, whose partners `n + j - k - r` all lie in `1..known`.
    fn start_batch(&mut self, g: &[u16], n: usize) {
        // The generation was started with heap n: no table holds it yet.
        let gen = self.generation;
        // Early stamps (not for a batch with a heap that trains the
        // ranking, whose credits would miss the values they find).
        let stamp = n + AHEAD <= self.ranking.next && self.tuner.stamp(n..n + AHEAD);
        self.tune_quota();
        let (mut seen, mut spare) = (Some(&mut *self.seen), self.spare.iter_mut());
        let mut tables: [&mut [u32; VALUES]; AHEAD] = std::array::from_fn(|_| match seen.take() {
            Some(table) => table,
            None => &mut **spare.next().expect("AHEAD - 1 spare tables"),
        });
        // Compare the checked rare heaps with candidates (rather than stamp
        // them) while the marks can be read as bits and there are enough.
        let bound = (self.hist.largest().unwrap_or(0) as usize + 1).next_power_of_two();
        let check = bound <= MARK_BITS && self.rares.checked.len() >= self.min_checked;
        self.covered.clear();
        self.checks.clear();
        for (i, &k) in self.splits.iter().enumerate() {
            let Some(base) = n.checked_sub(k) else {
                self.covered.push((0, 0));
                self.checks.push(0..0);
                continue;
            };
            let first = first_known(base + AHEAD - 1, g.len());
            let lo = below_front(&self.rares.heaps, first);
            let hi = below_back(&self.rares.heaps, base).max(lo);
            // The rare heaps r with first <= r < base are covered.
            let rares = &self.rares;
            let (from, to, heaps, values) = match check {
                true => {
                    let within = |list: &[usize]| {
                        let from = below_front(list, first);
                        from..below_back(list, base).max(from)
                    };
                    let stamped = within(&rares.stamped);
                    self.checks.push(within(&rares.checked));
                    let (from, to) = (stamped.start, stamped.end);
                    (from, to, &rares.stamped, &rares.stamped_values)
                }
                false => (lo, hi, &rares.heaps, &rares.values),
            };
            mark_rare_ahead(
                &mut tables,
                gen,
                g,
                base,
                &heaps[from..to],
                &values[from..to],
            );
            self.covered.push((lo, hi));
            if stamp {
                let top = top(self.strict, base);
                for lows in early_lows(&self.ranking.order, self.tuner.len, first, top) {
                    mark_low_ahead(&mut tables, gen, g, base, lows.clone());
                    self.work += (AHEAD * lows.len()) as u64;
                    self.early[i] += lows.len();
                }
            }
        }
        let cands = check.then(|| {
            let (common, rare) = (&self.common_bits, &self.rare);
            let cands = std::array::from_fn(|j| {
                least_unmarked(tables[j], gen, bound, common, rare, self.simd)
            });
            let mut met = [0u8; AHEAD];
            for (&k, range) in self.splits.iter().zip(&self.checks) {
                let Some(base) = n.checked_sub(k) else {
                    continue;
                };
                let heaps = &self.rares.checked[range.clone()];
                let lanes = &self.rares.checked_lanes[range.clone()];
                let found = pairs::meets_ahead(g, base, heaps, lanes, &cands, self.simd);
                met.iter_mut().zip(found).for_each(|(m, f)| *m |= f);
            }
            self.check_batches += 1;
            // Without branches (which candidates are met is close to
            // random): an unmet candidate, unstamped, is given an older
            // generation.
            for ((table, cands), met) in tables.iter_mut().zip(&cands).zip(met) {
                for (i, &c) in cands.iter().enumerate() {
                    table[c as usize] = gen.wrapping_sub(u32::from(!met >> i & 1));
                }
            }
            cands
        });
        self.batch = Some(Batch {
            start: n,
            used: 0,
            cands,
        });
    }

    /// Stamps the pairs of the checked rare heaps of the batch for heap
    /// `n`, whose marks cannot be read otherwise (see
    /// [`Sparse::checking`]).
    fn stamp_checked(&mut self, g: &[u16], n: usize) {
        let gen = self.generation;
        let (seen, rares) = (&mut *self.seen, &self.rares);
        for (&k, range) in self.splits.iter().zip(&self.checks) {
            if let Some(rest) = n.checked_sub(k) {
                let heaps = &rares.checked[range.clone()];
                let values = &rares.checked_values[range.clone()];
                mark_rare(seen, gen, g, rest, heaps, values);
            }
        }
        self.checking = None;
        self.check_fallbacks += 1;
    }

    /// Moves the quota of stamped heaps a rare value towards the point
    /// where a few heaps in a hundred stamp their checked pairs after all
    /// (each such heap costs about two stamps a checked heap; each heap
    /// more a value stamped costs a stamp in every heap). Not while a batch
    /// is on: its ranges index the lists.
    fn tune_quota(&mut self) {
        let batches = self.check_batches - self.tuned_at.0;
        if batches < QUOTA_WINDOW {
            return;
        }
        let fallbacks = self.check_fallbacks - self.tuned_at.1;
        self.tuned_at = (self.check_batches, self.check_fallbacks);
        let heaps = batches * AHEAD as u64;
        let quota = self.rares.quota();
        if fallbacks * 1000 > heaps * FALLBACKS_UP {
            self.rares.set_quota(quota.saturating_add(2));
        } else if fallbacks * 1000 < heaps * FALLBACKS_DOWN && quota > 1 {
            self.rares.set_quota(quota - 1);
        }
    }

    /// Whether `c`, the least common value left unmarked, must be checked
    /// against the checked rare pairs, not yet stamped.
    #[inline]
    fn unchecked(&self, c: usize) -> bool {
        self.checking
            .is_some_and(|cands| c >= VALUES || !cands.contains(&(c as u16)))
    }

    #[inline]
    fn mark(&mut self, v: u16) {
        self.seen[v as usize] = self.generation;
    }

    #[inline]
    fn marked(&self, v: usize) -> bool {
        self.seen[v] == self.generation
    }

    /// The highest `a` of the splits `a + (rest - a)` with `1 ≤ a ≤ rest - a`
    /// (`a < rest - a` when strict).
    #[inline]
    fn top(&self, rest: usize) -> usize {
        top(self.strict, rest)
    }

    /// Re-chooses the mask from the histogram; rebuilds the rare heap list
    /// when the mask changes.
    fn revise(&mut self, values: &[u16]) {
        let (best, rare) = self.hist.best_mask();
        let current = self.hist.rare_count(self.mask);
        // Keep the current mask unless the new one is clearly better: a
        // rebuild costs a pass over all values.
        // With values dropped (window mode) the list cannot be rebuilt: the
        // mask stays, which changes only the speed, never a value.
        if best != self.mask && rare + rare / 8 < current && self.dropped.is_empty() {
            self.set_mask(best);
            self.rares.clear();
            for (h, &v) in values.iter().enumerate().skip(1) {
                if self.rare[v as usize] {
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
        self.mask = mask;
        self.batch = None;
        for v in 0..VALUES {
            // (Mask 0, before the first choice: every value is rare.)
            self.rare[v] = is_rare(v as u16, mask);
        }
        self.common_bits = [0; MARK_BITS / 64];
        for v in (0..MARK_BITS).filter(|&v| !self.rare[v]) {
            self.common_bits[v / 64] |= 1 << (v % 64);
        }
    }

    /// Lists the most frequent common values (the hunt's partners).
    fn rank_frequent(&mut self) {
        let counts = self.hist.counts();
        let mut common: Vec<u16> = (0..counts.len())
            .filter(|&v| !self.rare[v] && counts[v] > 0)
            .map(|v| v as u16)
            .collect();
        common.sort_by_key(|&v| std::cmp::Reverse(counts[v as usize]));
        common.truncate(HUNT_VALUES);
        self.frequent = common;
    }

    /// Lists heap `h` (of value `v`) by value, if it is among the first of
    /// its value (heaps are listed in ascending order).
    #[inline]
    fn index(&mut self, h: usize, v: u16) {
        let v = v as usize;
        // (Heaps from 2^32 on are left out: the list stays 4 bytes a heap,
        // and the hunt is a shortcut, never needed.)
        let Some(h) = u32::try_from(h).ok().filter(|&h| h != 0) else {
            return;
        };
        if v >= self.by_value.len() {
            self.by_value.resize(v + 1, [0; HUNT_BUDGET]);
            self.by_value_len.resize(v + 1, 0);
        }
        let len = self.by_value_len[v] as usize;
        if len < HUNT_BUDGET {
            self.by_value[v][len] = h;
            self.by_value_len[v] += 1;
        }
    }

    /// Looks for each wanted value `v` directly: for a frequent common value
    /// `y`, the heaps `a` of value `x = y ⊕ v` (common too) are checked for
    /// a partner `rest - a` of value `y`. A check succeeds with probability
    /// about the frequency of `y`, far more than a pair of the ordered scan
    /// yields a value that is hard to find. Finding a value proves it is an
    /// option; failing to find it proves nothing (the ordered scan goes on).
    fn hunt(&mut self, g: &[u16], n: usize, remaining: &mut usize) {
        let mut wanted = [0u16; HUNT_MAX];
        let mut count = 0;
        if self.want.small {
            // The same values, ascending, from the bit set.
            'bytes: for (i, &byte) in self.want.bits.iter().enumerate() {
                let mut b = byte;
                while b != 0 {
                    if count == HUNT_MAX {
                        break 'bytes;
                    }
                    wanted[count] = (i * 8 + b.trailing_zeros() as usize) as u16;
                    count += 1;
                    b &= b - 1;
                }
            }
        } else {
            for v in self.want_range.clone() {
                if self.want.bytes[v] != 0 && count < HUNT_MAX {
                    wanted[count] = v as u16;
                    count += 1;
                }
            }
        }
        for &v in &wanted[..count] {
            if self.hunt_one(g, n, v) {
                self.want.take(v);
                *remaining -= 1;
            }
        }
    }

    /// Whether a split of heap `n` into heaps of values `x` and `x ⊕ v` (a
    /// frequent one) is found within the hunt's budget.
    fn hunt_one(&mut self, g: &[u16], n: usize, v: u16) -> bool {
        // (The test for heaps no longer kept only where there are some: it
        // would cost 2 % of all the time on `0.6`.)
        if self.dropped.is_empty() {
            self.hunt_in::<false>(g, n, v)
        } else {
            self.hunt_in::<true>(g, n, v)
        }
    }

    /// [`Self::hunt_one`], skipping the heaps no longer kept if `WINDOW`.
    fn hunt_in<const WINDOW: bool>(&mut self, g: &[u16], n: usize, v: u16) -> bool {
        let last = self.last[v as usize];
        let first = (last != 0).then_some(last);
        for y in first.into_iter().chain(self.frequent.iter().copied()) {
            let x = (y ^ v) as usize;
            let Some(&len) = self.by_value_len.get(x) else {
                continue;
            };
            let heaps = self.by_value[x];
            for &k in &self.splits {
                let Some(rest) = n.checked_sub(k) else {
                    continue;
                };
                for &a in &heaps[..len as usize] {
                    let a = a as usize;
                    // Heaps are ascending: past here `rest - a` would be empty.
                    if a >= rest {
                        break;
                    }
                    self.work += 1;
                    let b = rest - a;
                    // (Heaps not known yet, see `compute_ahead`, are skipped.)
                    // (Nor are heaps no longer kept, in window mode.)
                    if !(WINDOW && self.dropped.contains(&b))
                        && g.get(b) == Some(&y)
                        && !(self.strict && a == b)
                    {
                        self.last[v as usize] = y;
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Marks every split of every splitting digit (whose partner is known),
    /// or says which heap no longer kept (window mode) that needs.
    fn scan_all(&mut self, g: &[u16], n: usize) -> Result<()> {
        self.plain_heaps += 1;
        // Every value so far is below `bound`, a power of two, so every
        // xor of two of them is too.
        let largest = self.hist.largest().unwrap_or(0) as usize;
        let bound = (largest + 1).next_power_of_two();
        for i in 0..self.splits.len() {
            let k = self.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let (first, top) = (first_known(rest, g.len()), self.top(rest));
            if top < first {
                continue;
            }
            if let (_, Some(lost)) = self.kept_lows(rest, first..top + 1) {
                return Err(self.lost(n, lost));
            }
            self.work += (top + 1 - first) as u64;
            if bound <= 128 {
                // Small values: the set of xors as a bit set, 8 or 16 pairs
                // an instruction (a, rest - a for a = first + i: low[i] =
                // g[first + i] pairs with high[top - first - i] = g[rest - first - i]).
                let (low, high) = (&g[first..top + 1], &g[rest - top..rest + 1 - first]);
                let mut set = pairs::marks_below_128(low, high, bound, self.simd);
                while set != 0 {
                    self.seen[set.trailing_zeros() as usize] = self.generation;
                    set &= set - 1;
                }
            } else {
                let gen = self.generation;
                for a in first..=top {
                    self.seen[(g[a] ^ g[rest - a]) as usize] = gen;
                }
            }
        }
        Ok(())
    }

    /// Scans the splits for the values still needed (rare values below the
    /// common candidate), stopping as soon as all have been seen; or says
    /// which heap no longer kept (window mode) the scan would need.
    fn scan_needed(&mut self, g: &[u16], n: usize, mut remaining: usize) -> Result<()> {
        if n >= self.ranking.next && self.want.small {
            if let Some(rest) = n.checked_sub(self.splits[0]) {
                let (first, top) = (first_known(rest, g.len()), self.top(rest));
                self.ranking
                    .train(g, rest, first, top, &self.want.bits, self.simd);
            }
            self.ranking.next = n + self.ranking.every;
        }
        // The best blocks of every digit find most values at once…
        let mut probe = self.tuner.probed.contains(&n);
        for i in 0..self.splits.len() {
            let k = self.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let (first, top) = (first_known(rest, g.len()), self.top(rest));
            let early = self.early[i];
            let blocks = PREFIX_BLOCKS.max(early.div_ceil(RANK_BLOCK) + 1);
            for b in 0..blocks.min(self.ranking.order.len()) {
                let skip = early.saturating_sub(b * RANK_BLOCK).min(RANK_BLOCK);
                let mut range = self.ranking.block_after(b, first, top, skip);
                if probe && !range.is_empty() {
                    // The pairs just past the stamped ones tell the tuner
                    // whether stamping more would pay.
                    probe = false;
                    let cut = (range.start + Early::PROBE).min(range.end);
                    let before = remaining;
                    let found = scan_wanted(
                        &mut self.want,
                        g,
                        rest,
                        range.start..cut,
                        &mut remaining,
                        self.simd,
                    );
                    let pairs = found.unwrap_or(cut - range.start);
                    self.tuner.probe(before - remaining, pairs);
                    self.work += pairs as u64;
                    if found.is_some() {
                        return Ok(());
                    }
                    range.start = cut;
                }
                let len = range.len();
                let found = scan_wanted(&mut self.want, g, rest, range, &mut remaining, self.simd);
                if let Some(done) = found {
                    self.work += done as u64;
                    return Ok(());
                }
                self.work += len as u64;
            }
        }
        // …the last few, hard to meet, are hunted for directly…
        if remaining <= HUNT_MAX {
            self.hunt(g, n, &mut remaining);
            if remaining == 0 {
                return Ok(());
            }
        }
        // …then the other blocks…
        for i in 0..self.splits.len() {
            let k = self.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let (first, top) = (first_known(rest, g.len()), self.top(rest));
            let early = self.early[i];
            let blocks = PREFIX_BLOCKS.max(early.div_ceil(RANK_BLOCK) + 1);
            for b in blocks.min(self.ranking.order.len())..self.ranking.order.len() {
                let range = self.ranking.block(b, first, top);
                let len = range.len();
                let found = scan_wanted(&mut self.want, g, rest, range, &mut remaining, self.simd);
                if let Some(done) = found {
                    self.work += done as u64;
                    return Ok(());
                }
                self.work += len as u64;
            }
        }
        // …and what is still missing is looked for among all the pairs
        // (those kept, in window mode: if a value is still missing then, the
        // pairs dropped might hold it).
        let mut lost = None;
        for i in 0..self.splits.len() {
            let k = self.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let top = self.top(rest);
            let a = (self.ranking.order.len() * RANK_BLOCK + 1).max(first_known(rest, g.len()));
            if a > top {
                continue;
            }
            let (pieces, dropped) = self.kept_lows(rest, a..top + 1);
            lost = lost.or(dropped);
            for piece in pieces {
                let len = piece.len();
                let found = scan_wanted(&mut self.want, g, rest, piece, &mut remaining, self.simd);
                if let Some(done) = found {
                    self.work += done as u64;
                    return Ok(());
                }
                self.work += len as u64;
            }
        }
        match lost {
            Some(heap) => Err(self.lost(n, heap)),
            None => Ok(()),
        }
    }

    /// The low heaps `a` of `lows` whose splits `a + (rest - a)` have both
    /// heaps kept (all of `lows` but for [`Self::dropped`], in window mode),
    /// as ascending ranges (some perhaps empty); and a heap no longer kept
    /// that the others need, if any.
    fn kept_lows(
        &self,
        rest: usize,
        lows: std::ops::Range<usize>,
    ) -> ([std::ops::Range<usize>; 3], Option<usize>) {
        let d = &self.dropped;
        if d.is_empty() {
            return ([lows, 0..0, 0..0], None);
        }
        // a is dropped, or its partner rest - a is (a in rest + 1 - d.end ..
        // rest + 1 - d.start).
        let partner = (rest + 1).saturating_sub(d.end)..(rest + 1).saturating_sub(d.start);
        // Two ranges cut out of one leave at most three pieces.
        let (mut pieces, mut count, mut lost) = ([0..0, 0..0, 0..0], 0, None);
        let mut push = |piece: std::ops::Range<usize>| {
            pieces[count] = piece;
            count += 1;
        };
        let mut a = lows.start;
        while a < lows.end {
            let cut = [d.clone(), partner.clone()]
                .into_iter()
                .filter(|c| c.end > a && !c.is_empty())
                .min_by_key(|c| c.start.max(a));
            let Some(cut) = cut else {
                push(a..lows.end);
                break;
            };
            let from = cut.start.max(a);
            if from >= lows.end {
                push(a..lows.end);
                break;
            }
            if from > a {
                push(a..from);
            }
            lost = lost.or(Some(if d.contains(&from) { from } else { rest - from }));
            a = cut.end;
        }
        (pieces, lost)
    }

    /// The error for heap `n`, whose value needs that of heap `heap`, no
    /// longer kept.
    fn lost(&self, n: usize, heap: usize) -> Error {
        Error::Unsupported(format!(
            "window mode: the value of heap {n} needs G({heap}), which is no longer kept \
             (only G(0..{}) and G({}..{n}) are); G(0..{n}) were computed. \
             Run again with a larger window, or without one",
            self.dropped.start, self.dropped.end
        ))
    }

    /// Forgets the values of the heaps `dropped` (window mode: they are
    /// released from memory), with `len` values computed: from now on the
    /// engine never reads them, and a heap whose value needs them is an
    /// error naming the heap. Refused unless every heap it reads
    /// unconditionally (the low heaps of the proof scan's ranked blocks and
    /// their partners, about [`Sparse::REACH`] below the next heap) stays
    /// kept.
    pub(super) fn forget(&mut self, dropped: std::ops::Range<usize>, len: usize) -> Result<()> {
        let low = self.ranking.order.len() * RANK_BLOCK + 1;
        let reach = low + self.splits.iter().max().copied().unwrap_or(0) + AHEAD;
        if !dropped.is_empty() && (dropped.start < low || dropped.end + reach > len) {
            return Err(Error::Unsupported(format!(
                "window mode: heaps {}..{} cannot be dropped after {len} heaps: the engine reads \
                 the first {low} heaps and the last {reach}",
                dropped.start, dropped.end,
            )));
        }
        self.dropped = dropped;
        Ok(())
    }

    /// The low heaps every heap's proof scan may read (its ranked blocks);
    /// window mode keeps at least these and this many recent heaps.
    pub const REACH: usize = RANK_BLOCKS * RANK_BLOCK + 1;

    /// Tests: rank only `blocks` blocks of low heaps, so that window mode
    /// can drop heaps from short runs.
    #[cfg(test)]
    pub(super) fn with_ranked_blocks(mut self, blocks: usize) -> Sparse {
        self.ranking = Ranking::new(blocks);
        self
    }

    /// Whether a batch started at heap `n` would read a dropped heap: the
    /// rare-pair marks of heaps `n..n + AHEAD` read the partners
    /// `n + j - k - r` of every rare heap `r`, and [`Sparse::first_lost`]
    /// stops a run only before the first heap that needs a dropped one, which
    /// may be `n + 1`. Such heaps are computed one at a time instead.
    fn batch_meets_dropped(&self, n: usize) -> bool {
        let d = &self.dropped;
        !d.is_empty()
            && self.splits.iter().any(|&k| {
                // n + j - k - r ∈ d for some j < AHEAD ⟺
                // n - k + 1 - d.end ≤ r ≤ n - k + AHEAD - 1 - d.start.
                let Some(top) = (n + AHEAD).checked_sub(k + 1 + d.start) else {
                    return false;
                };
                let bottom = (n + 1).saturating_sub(k + d.end);
                let i = self.rares.heaps.partition_point(|&r| r < bottom);
                self.rares.heaps.get(i).is_some_and(|&r| r <= top)
            })
    }

    /// With the heaps of [`Sparse::forget`] forgotten and `G(0..from)` in `values`: the
    /// first heap `n ≥ from` whose rare-pair marks would read a dropped heap,
    /// with that heap. Rare heaps `r` pair with `n - k - r`: dropped once
    /// `n - k - r ≥ dropped.start`, unless `n - k - r ≥ dropped.end`.
    /// (Heaps not taken in yet, `values` past those this engine recorded,
    /// are looked at too.)
    pub(super) fn first_lost(&self, values: &[u16], from: usize) -> Option<(usize, usize)> {
        let d = &self.dropped;
        if d.is_empty() || self.mask == 0 {
            // (Without a mask, every split is scanned: see `scan_all`.)
            return None;
        }
        let recorded = (self.hist.total() as usize + 1).min(values.len());
        let late = (recorded..values.len()).filter(|&h| self.rare[values[h] as usize]);
        let mut first: Option<(usize, usize)> = None;
        for &k in &self.splits {
            // The first rare heap r whose partner at `from` is not past the
            // dropped heaps: r > from - k - d.end.
            let above = (from + 1).saturating_sub(k + d.end);
            let i = self.rares.heaps.partition_point(|&r| r < above);
            let r = self.rares.heaps[i..]
                .iter()
                .copied()
                .chain(late.clone().filter(|&r| r >= above))
                .next();
            if let Some(r) = r {
                let n = from.max(r + k + d.start);
                if first.map_or(true, |(m, _)| n < m) {
                    first = Some((n, n - k - r));
                }
            }
        }
        first
    }

    /// The least unmarked value, or an overflow error.
    fn mex(&self, n: usize) -> Result<u16> {
        (0..VALUES)
            .find(|&v| !self.marked(v))
            .map(|v| v as u16)
            .ok_or(Error::ValueOverflow {
                heap: n as u64,
                max: u16::MAX as u64,
            })
    }

    /// Takes in the last of `values` (computed by this engine or another):
    /// lists it by value, counts it, lists it if rare, and revises the mask
    /// when due.
    pub(super) fn record(&mut self, values: &[u16]) {
        let n = values.len() - 1;
        let v = values[n];
        if n > 0 {
            self.index(n, v);
            self.hist.add(v);
            if self.mask != 0 && self.rare[v as usize] {
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
    pub(super) fn option_from(&self, g: &[u16], n: usize, known: usize, v: u16) -> bool {
        let singles = self.singles.iter().filter(|&&k| k < n && n - k >= known);
        if singles.map(|&k| g[n - k]).any(|x| x == v) {
            return true;
        }
        self.splits.iter().filter(|&&k| k <= n).any(|&k| {
            let (rest, top) = (n - k, self.top(n - k));
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
    pub(super) fn necessary_pairs(&self, n: usize) -> u64 {
        let full = self.mask == 0 || self.rares.len() * 4 > n;
        let splits = self.splits.iter().filter_map(|&k| n.checked_sub(k));
        splits
            .map(|rest| match full {
                // (`scan_all`'s pairs a + (rest - a), 1 ≤ a ≤ top.)
                true => self.top(rest),
                false => below_back(&self.rares.heaps, rest),
            } as u64)
            .sum()
    }

    /// The value of heap `n` given `g = G(0..n)`.
    fn compute(&mut self, g: &[u16]) -> Result<u16> {
        self.compute_ahead(g, g.len())
    }

    /// The mex of the options of heap `n` that need only the heaps known,
    /// `g = G(0..known)` with `n / 2 < known ≤ n`: options with a heap of
    /// `known..n` are left out. With `known == n` this is `G(n)`; otherwise
    /// it is `G(n)` unless it is the value of an option left out (see
    /// [`Self::option_from`]). For threads that compute heaps ahead while
    /// the heaps below them are being finished.
    pub(super) fn compute_ahead(&mut self, g: &[u16], n: usize) -> Result<u16> {
        // Every low heap of a split (at most n / 2) is known.
        assert!(g.len() == n || (2 * g.len() > n && g.len() < n));
        let j = self.batch.as_ref().map_or(0, |b| {
            let j = n.wrapping_sub(b.start);
            if j > b.used {
                j
            } else {
                0
            }
        });
        if let (1..AHEAD, Some(batch)) = (j, &mut self.batch) {
            batch.used = j;
            // Marked ahead: this heap's table becomes current.
            std::mem::swap(&mut self.seen, &mut self.spare[j - 1]);
        } else {
            self.batch = None;
            self.start();
            self.early.clear();
            self.early.resize(self.splits.len(), 0);
        }
        for i in 0..self.singles.len() {
            let k = self.singles[i];
            if k < n && n - k < g.len() {
                self.mark(g[n - k]);
            }
        }
        if self.nones.contains(&n) {
            self.mark(0);
        }
        if self.mask == 0 || self.rares.len() * 4 > n {
            self.scan_all(g, n)?;
            return self.mex(n);
        }
        if self.batch.is_none() && !self.strict && !self.batch_meets_dropped(n) {
            self.start_batch(g, n);
        }
        self.checking = self
            .batch
            .as_ref()
            .and_then(|b| Some(b.cands?[n - b.start]));
        // Every split with a rare heap: all common-valued splits among them
        // (those of the batch are marked already).
        let gen = self.generation;
        for i in 0..self.splits.len() {
            let k = self.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let end = below_back(&self.rares.heaps, rest);
            // Rare heaps whose partner is not known yet are left out.
            let first = first_known(rest, g.len());
            let lo = below_front(&self.rares.heaps[..end], first);
            let rare = &self.rares.heaps[..end];
            // Grundy's game may not split into equal heaps: skip r = rest/2.
            let skip = if self.strict && rest % 2 == 0 {
                rare.binary_search(&(rest / 2)).ok()
            } else {
                None
            };
            let (heaps, vals) = (&self.rares.heaps[..end], &self.rares.values[..end]);
            let parts = match (skip, &self.batch) {
                (Some(i), _) => [(0, i), (i + 1, end)],
                (None, Some(_)) => {
                    let (lo, hi) = self.covered[i];
                    // lo ≤ hi ≤ end: the covered heaps are below n - k.
                    [(0, lo.min(end)), (hi.min(end), end)]
                }
                (None, None) => [(0, end), (end, end)],
            };
            // A local borrow of the stamps: through `self` the compiler
            // reloads the pointer after every store.
            let seen: &mut [u32; VALUES] = &mut self.seen;
            for (from, to) in parts {
                let (from, to) = (from.max(lo), to.max(lo));
                mark_rare(seen, gen, g, rest, &heaps[from..to], &vals[from..to]);
            }
            self.work += (end - lo) as u64;
        }
        if self.batch.is_none() && n < self.ranking.next && self.tuner.stamp(n..n + 1) {
            for i in 0..self.splits.len() {
                let Some(rest) = n.checked_sub(self.splits[i]) else {
                    continue;
                };
                let gen = self.generation;
                let (first, top) = (first_known(rest, g.len()), self.top(rest));
                for lows in early_lows(&self.ranking.order, self.tuner.len, first, top) {
                    for a in lows.clone() {
                        self.seen[(g[a] ^ g[rest - a]) as usize] = gen;
                    }
                    self.work += lows.len() as u64;
                    self.early[i] += lows.len();
                }
            }
        }
        let candidates = self.candidates(g, n)?;
        self.tuner.observe(
            n,
            match candidates {
                Candidates::Common(_) => 0,
                Candidates::Rare { wanted, .. } => wanted,
            },
        );
        let (m, c, remaining) = match candidates {
            Candidates::Common(m) => return Ok(m),
            Candidates::Rare { m, c, wanted } => (m, c, wanted),
        };
        self.want_range = m..c;
        if let Err(e) = self.scan_needed(g, n, remaining) {
            // Empty the wanted set: the caller may compute this heap again
            // once the heap it lacks is back (archived runs do).
            self.want.bits = [0; 64];
            self.want.bytes[m..c].iter_mut().for_each(|w| *w = 0);
            return Err(e);
        }
        // The values still wanted are the rare values missing from the
        // options; the least of them (or else c) is the mex.
        let missing = if self.want.small {
            // Every wanted value is in the bit set (and below c).
            let first = self.want.bits.iter().position(|&b| b != 0);
            let missing = first.map(|i| i * 8 + self.want.bits[i].trailing_zeros() as usize);
            self.want.bits = [0; 64];
            missing
        } else {
            let missing = (m..c).find(|&v| self.want.bytes[v] != 0);
            self.want.bytes[m..c].iter_mut().for_each(|w| *w = 0);
            missing
        };
        match missing {
            Some(v) => Ok(v as u16),
            None if c < VALUES => Ok(c as u16),
            None => Err(Error::ValueOverflow {
                heap: n as u64,
                max: u16::MAX as u64,
            }),
        }
    }

    /// From the marks of heap `n` (every option with a common value made):
    /// the mex `m` when it is common (the value of the heap); otherwise `m`,
    /// the least unmarked common value `c`, and the rare values of `m..c`
    /// not marked yet, put in the wanted set (returning how many).
    ///
    /// While every value so far is below [`MARK_BITS`], the marks are read
    /// as a bit set, so that each answer is a few word operations.
    ///
    /// When the least unmarked common value is not one of the candidates
    /// checked (see [`Sparse::checking`]), the checked rare pairs of `n`
    /// (`g` as for [`Self::compute_ahead`]) are stamped first.
    fn candidates(&mut self, g: &[u16], n: usize) -> Result<Candidates> {
        let largest = self.hist.largest().unwrap_or(0) as usize;
        // Every option (a value, or the xor of two) is below `bound`.
        let bound = (largest + 1).next_power_of_two();
        if bound > MARK_BITS {
            return self.candidates_scalar(g, n);
        }
        let words = bound.div_ceil(64);
        let mut marked = [0u64; MARK_BITS / 64];
        pairs::stamps_to_bits(
            &self.seen[..words * 64],
            self.generation,
            &mut marked[..words],
            self.simd,
        );
        // Nothing at or above `bound` is marked.
        let first_zero = |bits: &[u64]| {
            bits.iter()
                .position(|&w| w != u64::MAX)
                .map_or(words * 64, |i| i * 64 + bits[i].trailing_ones() as usize)
        };
        let m = first_zero(&marked[..words]);
        // Unmarked common values; the least is c (past the words read,
        // every value is unmarked but possibly checked candidates).
        let c = match self.rare[m] {
            false => m,
            true => (0..words)
                .find_map(|i| {
                    let free = self.common_bits[i] & !marked[i];
                    (free != 0).then(|| i * 64 + free.trailing_zeros() as usize)
                })
                .unwrap_or_else(|| {
                    (words * 64..VALUES)
                        .find(|&v| !self.rare[v] && !self.marked(v))
                        .unwrap_or(VALUES)
                }),
        };
        if self.unchecked(c) {
            self.stamp_checked(g, n);
            return self.candidates(g, n);
        }
        if c == m {
            return Ok(Candidates::Common(m as u16));
        }
        self.want.small = c <= 512;
        let mut wanted = 0;
        let (common, marked) = (&self.common_bits, &marked);
        for (i, (&common, &marked)) in common.iter().zip(marked).enumerate() {
            if i >= words.min(c.div_ceil(64)) {
                break;
            }
            // Rare, unmarked, in m..c (bits below m are all marked).
            let mut w = !common & !marked;
            if (i + 1) * 64 > c {
                w &= (1u64 << (c - i * 64)) - 1;
            }
            wanted += w.count_ones() as usize;
            if self.want.small {
                self.want.bits[i * 8..i * 8 + 8].copy_from_slice(&w.to_le_bytes());
            } else {
                while w != 0 {
                    self.want.bytes[i * 64 + w.trailing_zeros() as usize] = 1;
                    w &= w - 1;
                }
            }
        }
        for v in (words * 64).min(c)..c {
            if self.rare[v] {
                self.want.put(v);
                wanted += 1;
            }
        }
        Ok(Candidates::Rare { m, c, wanted })
    }

    /// [`Self::candidates`] value by value, for heaps with large values.
    fn candidates_scalar(&mut self, g: &[u16], n: usize) -> Result<Candidates> {
        let m = self.mex(n)? as usize;
        let c = (m..VALUES)
            .find(|&v| !self.rare[v] && !self.marked(v))
            .unwrap_or(VALUES);
        if self.unchecked(c) {
            self.stamp_checked(g, n);
            return self.candidates_scalar(g, n);
        }
        if c == m {
            return Ok(Candidates::Common(m as u16));
        }
        let mut wanted = 0;
        self.want.small = c <= 512;
        for v in m..c {
            if self.rare[v] && !self.marked(v) {
                self.want.put(v);
                wanted += 1;
            }
        }
        Ok(Candidates::Rare { m, c, wanted })
    }
}

/// What the marks of a heap tell, before the common ⊕ common splits.
enum Candidates {
    /// The mex is common: it is the heap's value.
    Common(u16),
    /// The mex `m` is rare; `c` is the least unmarked common value, and
    /// `wanted` rare values of `m..c` are still to be found.
    Rare { m: usize, c: usize, wanted: usize },
}

/// Stamps `seen[x ^ g[rest - r]] = gen` for the rare heaps `r` (ascending,
/// all in `1..rest`, every partner `rest - r` in `1..g.len()`) of values
/// `x`, in two passes over blocks: first the values (loads only), then the
/// stamps, so that no load waits behind a store to an address it cannot yet
/// tell apart.
#[inline]
fn mark_rare(
    seen: &mut [u32; VALUES],
    gen: u32,
    g: &[u16],
    rest: usize,
    heaps: &[usize],
    vals: &[u16],
) {
    const BLOCK: usize = 256;
    assert!(vals.len() == heaps.len());
    // The heaps are ascending, so all lie in 1..rest, with partners below
    // g.len(), if the ends do.
    if let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) {
        assert!(first >= 1 && last < rest && rest - first < g.len());
    }
    if heaps.len() <= 16 {
        // Most calls, for heaps of a batch, stamp few or none: not worth
        // clearing the buffer.
        for (&r, &x) in heaps.iter().zip(vals) {
            seen[(x ^ g[rest - r]) as usize] = gen;
        }
        return;
    }
    let mut buf = [0u16; BLOCK];
    for (hs, xs) in heaps.chunks(BLOCK).zip(vals.chunks(BLOCK)) {
        for ((b, &r), &x) in buf.iter_mut().zip(hs).zip(xs) {
            // SAFETY: 1 <= r < rest and rest - r < g.len() (asserted above
            // for the ascending list), so rest - r is in 1..g.len().
            *b = x ^ unsafe { *g.get_unchecked(rest - r) };
        }
        for &v in &buf[..hs.len()] {
            seen[v as usize] = gen;
        }
    }
}

/// The [`pairs::CANDIDATES`] least common values (`rare` false, listed
/// below [`MARK_BITS`] by `common_bits`) not stamped in `table`
/// (padded with the last: any unstamped value is a sound candidate, see
/// [`Sparse::checking`]). Stamps below `bound <= MARK_BITS` are read as
/// bits, a word at a time until enough are found.
#[inline]
fn least_unmarked(
    table: &[u32; VALUES],
    gen: u32,
    bound: usize,
    common_bits: &[u64; MARK_BITS / 64],
    rare: &[bool],
    simd: bool,
) -> [u16; pairs::CANDIDATES] {
    let mut cands = [0u16; pairs::CANDIDATES];
    let words = bound.div_ceil(64);
    let mut found = pairs::first_unstamped(table, gen, &common_bits[..words], &mut cands, simd);
    for v in words * 64..VALUES {
        if found == pairs::CANDIDATES {
            break;
        }
        if !rare[v] && table[v] != gen {
            cands[found] = v as u16;
            found += 1;
        }
    }
    // Nothing stamps a value at or above `bound`, and half the values are
    // common: there is always one.
    assert!(found > 0, "no unstamped common value");
    let last = cands[found - 1];
    cands[found..].iter_mut().for_each(|c| *c = last);
    cands
}

/// [`Sparse::top`] for splits into unequal heaps when `strict`.
#[inline]
fn top(strict: bool, rest: usize) -> usize {
    if strict {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    }
}

/// The low heaps to stamp early (see [`Early`]), `len` of them, for splits
/// whose low heaps `a` may be taken in `first..=top`: the first ones of the
/// proof scan's `order` of blocks, block by block, as far as they all lie
/// in that range.
fn early_lows(
    order: &[u16],
    len: usize,
    first: usize,
    top: usize,
) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut left = len;
    order.iter().map_while(move |&b| {
        let start = 1 + b as usize * RANK_BLOCK;
        let end = start + left.min(RANK_BLOCK);
        if left == 0 || start < first || end > top + 1 {
            return None;
        }
        left -= end - start;
        Some(start..end)
    })
}

/// How many of the ascending `heaps` are below `h`, looking from the front:
/// a few steps when few are (as for the first heap whose partner is
/// known, usually heap 1), a binary search otherwise.
#[inline]
fn below_front(heaps: &[usize], h: usize) -> usize {
    const PROBE: usize = 8;
    match heaps.iter().take(PROBE).position(|&r| r >= h) {
        Some(i) => i,
        None => {
            PROBE.min(heaps.len()) + heaps[PROBE.min(heaps.len())..].partition_point(|&r| r < h)
        }
    }
}

/// How many of the ascending `heaps` are below `h`, looking from the back:
/// a few steps when few are not (as for the heaps below the current one
/// less a splitting digit), a binary search otherwise.
#[inline]
fn below_back(heaps: &[usize], h: usize) -> usize {
    const PROBE: usize = 8;
    let tail = heaps.len().saturating_sub(PROBE);
    match heaps[tail..].iter().rposition(|&r| r < h) {
        Some(i) => tail + i + 1,
        None => heaps[..tail].partition_point(|&r| r < h),
    }
}

/// [`mark_rare_ahead`] for the splits `a + (base + j - a)` with `a` in
/// `lows` (every partner `base + j - a` in `0..g.len()`): the values of
/// the low heaps are read in place.
#[inline(never)]
fn mark_low_ahead(
    tables: &mut [&mut [u32; VALUES]; AHEAD],
    gen: u32,
    g: &[u16],
    base: usize,
    lows: std::ops::Range<usize>,
) {
    if lows.is_empty() {
        return;
    }
    assert!(lows.end <= base + 1 && base - lows.start + AHEAD <= g.len());
    let [t0, t1, t2, t3, t4, t5, t6, t7] = tables;
    for a in lows {
        let p = base - a;
        // SAFETY: p + AHEAD <= g.len(), asserted above for the lowest a.
        let (lo, hi) = unsafe {
            let at = g.as_ptr().add(p) as *const u64;
            (at.read_unaligned(), at.add(1).read_unaligned())
        };
        let x = g[a] as u64 * 0x0001_0001_0001_0001;
        let (w, v) = (lo ^ x, hi ^ x);
        t0[(w >> lane(0)) as u16 as usize] = gen;
        t1[(w >> lane(1)) as u16 as usize] = gen;
        t2[(w >> lane(2)) as u16 as usize] = gen;
        t3[(w >> lane(3)) as u16 as usize] = gen;
        t4[(v >> lane(0)) as u16 as usize] = gen;
        t5[(v >> lane(1)) as u16 as usize] = gen;
        t6[(v >> lane(2)) as u16 as usize] = gen;
        t7[(v >> lane(3)) as u16 as usize] = gen;
    }
}

/// The bit offset of lane `j < 4` in a word read from the four adjacent
/// values `g[p..p + 4]`: the lane of the partner `g[p + j]`.
#[inline]
const fn lane(j: usize) -> usize {
    if cfg!(target_endian = "little") {
        16 * j
    } else {
        48 - 16 * j
    }
}

/// The least `a ≥ 1` whose partner `rest - a` is known (below `known`).
#[inline]
fn first_known(rest: usize, known: usize) -> usize {
    (rest + 1).saturating_sub(known).max(1)
}

/// [`mark_rare`] for the heaps `n + j`, `j < AHEAD`, at once: stamps
/// `tables[j][x ^ g[base + j - r]] = gen` for the rare heaps `r`
/// (ascending, every partner `base + j - r` in `0..g.len()`) of values `x`,
/// where `base = n - k`. The partners of one `r` are adjacent, so one pass
/// over the rare heaps serves all `AHEAD` heaps.
///
/// One pass, the lanes taken from a register by shifts: the loop is bound
/// by memory operations (two a cycle on some cores, one of them a store),
/// and a buffer between loads and stamps costs two more per rare heap than
/// it saves. Not inlined: in the caller's register pressure the table
/// pointers would be reloaded from the stack for every rare heap.
#[inline(never)]
fn mark_rare_ahead(
    tables: &mut [&mut [u32; VALUES]; AHEAD],
    gen: u32,
    g: &[u16],
    base: usize,
    heaps: &[usize],
    vals: &[u16],
) {
    assert!(vals.len() == heaps.len());
    // Ascending heaps: all partners base - r .. base - r + AHEAD lie in
    // 0..g.len() if those of the first and last heaps do.
    if let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) {
        assert!(last <= base && base - first + AHEAD <= g.len());
    }
    // The AHEAD partners of a rare heap are read as two words and xored
    // with its value copied into every lane.
    const _: () = assert!(AHEAD * 16 == 128);
    let [t0, t1, t2, t3, t4, t5, t6, t7] = tables;
    for (&r, &x) in heaps.iter().zip(vals) {
        let p = base - r;
        // SAFETY: p + AHEAD <= g.len(), asserted above for every heap of
        // the ascending list.
        let (lo, hi) = unsafe {
            let at = g.as_ptr().add(p) as *const u64;
            (at.read_unaligned(), at.add(1).read_unaligned())
        };
        let x = x as u64 * 0x0001_0001_0001_0001;
        let (w, v) = (lo ^ x, hi ^ x);
        // Each index is a 16-bit lane, within the tables without a check.
        t0[(w >> lane(0)) as u16 as usize] = gen;
        t1[(w >> lane(1)) as u16 as usize] = gen;
        t2[(w >> lane(2)) as u16 as usize] = gen;
        t3[(w >> lane(3)) as u16 as usize] = gen;
        t4[(v >> lane(0)) as u16 as usize] = gen;
        t5[(v >> lane(1)) as u16 as usize] = gen;
        t6[(v >> lane(2)) as u16 as usize] = gen;
        t7[(v >> lane(3)) as u16 as usize] = gen;
    }
}

/// Scans splits `a + (rest - a)` for `a` in `range`, clearing the values
/// found from `want`; returns how many pairs were looked at once
/// `remaining` reaches zero.
#[inline]
fn scan_wanted(
    want: &mut Wanted,
    g: &[u16],
    rest: usize,
    range: std::ops::Range<usize>,
    remaining: &mut usize,
    simd: bool,
) -> Option<usize> {
    const CHUNK: usize = 16;
    if range.is_empty() {
        return None;
    }
    // Pairs (a, rest - a): `low` ascends from `range.start`, `high` holds the
    // partners, so `low[i]` pairs with `high[len - 1 - i]`.
    let low = &g[range.clone()];
    let high = &g[rest + 1 - range.end..=rest - range.start];
    if want.small {
        // The pair that finds the last value wanted ends the scan.
        return pairs::take_hits(low, high, &mut want.bits, remaining, simd, |_| {});
    }
    let want = &mut want.bytes;
    for (c, (lc, hc)) in low.chunks(CHUNK).zip(high.rchunks(CHUNK)).enumerate() {
        // Branch-free test of a whole chunk first: hits are rare.
        let mut any = 0u8;
        for (&x, &y) in lc.iter().zip(hc.iter().rev()) {
            any |= want[(x ^ y) as usize];
        }
        if any == 0 {
            continue;
        }
        // Clear the hits without a branch per pair; the pair that found the
        // last value wanted ends the scan.
        let (mut last, mut left) = (0, *remaining);
        for (j, (&x, &y)) in lc.iter().zip(hc.iter().rev()).enumerate() {
            let hit = std::mem::take(&mut want[(x ^ y) as usize]);
            left -= hit as usize;
            if hit != 0 {
                last = j;
            }
        }
        *remaining = left;
        if left == 0 {
            return Some(c * CHUNK + last + 1);
        }
    }
    None
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
        self.necessary += self.necessary_pairs(n);
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
        self.batch = None;
        self.hist = Histogram::of(values.get(1..).unwrap_or(&[]));
        self.set_mask(0);
        self.rares.clear();
        self.next_revision = FIRST_REVISION;
        self.by_value.clear();
        self.by_value_len.clear();
        for (h, &v) in values.iter().enumerate() {
            self.index(h, v);
        }
        if values.len() >= FIRST_REVISION {
            self.revise(values);
        }
    }

    fn take_in(&mut self, values: &[u16]) {
        self.necessary += self.necessary_pairs(values.len() - 1);
        self.record(values);
    }

    fn saved(&mut self, _values: &[u16], dropped: std::ops::Range<usize>) -> Option<EngineState> {
        let from = self.rares.heaps.partition_point(|&h| h < dropped.start);
        let to = self.rares.heaps.partition_point(|&h| h < dropped.end);
        let rare = (from..to).map(|i| (self.rares.heaps[i] as u64, self.rares.values[i]));
        Some(EngineState {
            mask: self.mask,
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
            self.necessary = state.work;
            return Ok(());
        };
        let gone = state.window.as_ref().map_or(0..0, |w| {
            let (start, end) = (w.dropped.start as usize, w.dropped.end as usize);
            start..end
        });
        self.batch = None;
        self.hist = hist.clone();
        self.set_mask(saved.mask);
        // The heaps kept and the rare ones no longer kept, ascending, as the
        // run saw them (the hunt's index lists only these).
        let low = values.iter().copied().enumerate().take(gone.start);
        let rare = saved.rare.iter().map(|&(h, v)| (h as usize, v));
        let high = values.iter().copied().enumerate().skip(gone.end);
        self.rares.clear();
        self.by_value.clear();
        self.by_value_len.clear();
        for (h, v) in low.chain(rare).chain(high) {
            self.index(h, v);
            if h > 0 && self.mask != 0 && self.rare[v as usize] {
                self.rares.push(h, v);
            }
        }
        // A rare heap missing from the state would make values wrong, not
        // slow: the histogram, saved apart, must count as many.
        if self.mask != 0 && self.rares.len() as u64 != hist.rare_count(self.mask) {
            return Err(Error::Unsupported(format!(
                "the checkpoint lists {} heaps of rare values for mask {}, its histogram {}",
                self.rares.len(),
                self.mask,
                hist.rare_count(self.mask)
            )));
        }
        self.next_revision = usize::try_from(saved.next_revision).unwrap_or(usize::MAX);
        self.rank_frequent();
        self.necessary = state.work;
        Ok(())
    }

    fn split(&self, values: &[u16]) -> Option<Split> {
        Some(Split::of(values, self.mask))
    }

    fn work(&self) -> Option<u64> {
        Some(self.necessary)
    }

    fn examined(&self) -> Option<u64> {
        Some(self.work)
    }

    fn rare(&self) -> Option<(u16, usize)> {
        Some((self.mask, self.rares.len()))
    }

    fn forget(&mut self, values: &[u16], dropped: std::ops::Range<usize>) -> Result<()> {
        Sparse::forget(self, dropped, values.len())
    }

    fn first_lost(&self, values: &[u16], from: usize) -> Option<(usize, usize)> {
        Sparse::first_lost(self, values, from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::naive::Naive;
    use crate::sequence::rare::STAMPED_PER_VALUE;

    fn run(engine: &mut dyn Engine, n: usize) -> Vec<u16> {
        let mut values = Values::new();
        while values.len() < n {
            engine.push_next(&mut values).unwrap();
        }
        values.into_vec()
    }

    #[test]
    fn a_restored_engine_has_the_state_of_the_one_that_computed_the_values() {
        // 0.161's rare heaps lie everywhere: with heaps 20000..40000 zeroed
        // (window mode: no longer kept), the rare ones among them come from
        // the saved state, the others from the values.
        let rule = Rule::TakeBreak(TakeBreak::parse("0.161").unwrap());
        let mut engine = Sparse::new(&rule).unwrap();
        let values = run(&mut engine, 1 << 16);
        let gone = 20_000..40_000;
        let saved = engine.saved(&values, gone.clone()).unwrap();
        assert!(!saved.rare.is_empty(), "{saved:?}");
        let mut holes = values.clone();
        holes[gone.clone()].fill(0);
        let hist = Histogram::of(&values[1..]);
        let state = State {
            work: engine.necessary,
            engine: Some(saved),
            window: Some(super::super::state::WindowState {
                keep: 20_000,
                dropped: 20_000..40_000,
                counts: hist.counts().to_vec(),
                last_at: Vec::new(),
            }),
            ..State::default()
        };
        // Without one of the rare heaps saved, the counts disagree.
        let mut short = state.clone();
        short.engine.as_mut().unwrap().rare.pop();
        let err = Sparse::new(&rule).unwrap().restore(&holes, &hist, &short);
        assert!(err
            .unwrap_err()
            .to_string()
            .contains("heaps of rare values"));
        let mut back = Sparse::new(&rule).unwrap();
        back.restore(&holes, &hist, &state).unwrap();
        assert_ne!(engine.mask, 0);
        assert_eq!(
            (back.mask, back.common_bits),
            (engine.mask, engine.common_bits)
        );
        assert_eq!(back.rare, engine.rare);
        assert_eq!(back.rares.heaps, engine.rares.heaps);
        assert_eq!(back.rares.values, engine.rares.values);
        assert_eq!(back.next_revision, engine.next_revision);
        assert_eq!(back.work(), engine.work());
        assert_eq!(
            (&back.hist, &back.frequent),
            (&engine.hist, &engine.frequent)
        );
        // With every value kept, the next heaps come out the same.
        let state = State {
            engine: engine.saved(&values, 0..0),
            ..State::default()
        };
        let mut whole = Sparse::new(&rule).unwrap();
        whole.restore(&values, &hist, &state).unwrap();
        let mut more = Values::from(values.to_vec());
        let mut again = Values::from(values.to_vec());
        for _ in 0..1000 {
            engine.push_next(&mut more).unwrap();
            whole.push_next(&mut again).unwrap();
        }
        assert_eq!(more[..], again[..]);
    }

    #[test]
    fn grundys_game_matches_naive() {
        let rule = Rule::Grundys;
        let naive = run(&mut Naive::new(&rule), 3000);
        let sparse = run(&mut Sparse::new(&rule).unwrap(), 3000);
        assert_eq!(naive, sparse);
    }

    #[test]
    fn the_hunt_finds_only_real_options() {
        // Every value the hunt claims is checked against the splits of the
        // heap, listed by brute force; and the hunt must find some.
        for (rule, strict) in [
            (Rule::Grundys, true),
            (Rule::TakeBreak(TakeBreak::parse("0.161").unwrap()), false),
        ] {
            let mut sparse = Sparse::new(&rule).unwrap();
            let g = run(&mut sparse, 3000);
            let mut found = 0;
            for n in (2000..3000).step_by(7) {
                let mut options = std::collections::BTreeSet::new();
                for &k in &sparse.splits {
                    let rest = n - k;
                    for a in 1..rest {
                        if !(strict && 2 * a == rest) {
                            options.insert(g[a] ^ g[rest - a]);
                        }
                    }
                }
                for v in 0..256u16 {
                    if sparse.hunt_one(&g[..n], n, v) {
                        assert!(options.contains(&v), "{rule}: G({n}) has no option {v}");
                        found += 1;
                    }
                }
            }
            assert!(found > 100, "{rule}: the hunt found only {found} values");
        }
    }

    #[test]
    fn vector_and_portable_kernels_agree_on_the_same_runs() {
        // Same values and the same count of pairs examined (the proof
        // search's budget depends on it).
        for (rule, n) in [
            (Rule::TakeBreak(TakeBreak::parse("0.161").unwrap()), 30000),
            (Rule::TakeBreak(TakeBreak::parse("0.6").unwrap()), 30000),
            (Rule::TakeBreak(TakeBreak::parse("0.172").unwrap()), 20000),
            (Rule::TakeBreak(TakeBreak::parse("0.106").unwrap()), 5000),
            (Rule::Grundys, 20000),
        ] {
            let mut vector = Sparse::new(&rule).unwrap().with_simd(true);
            let mut portable = Sparse::new(&rule).unwrap().with_simd(false);
            assert!(!portable.simd);
            assert_eq!(run(&mut vector, n), run(&mut portable, n), "{rule}");
            assert_eq!(vector.work, portable.work, "{rule}");
        }
    }

    #[test]
    fn checked_rare_pairs_give_the_values_of_stamped_ones() {
        // Checking every rare heap's pairs against candidates (one stamped
        // heap a value: most heaps must stamp them after all), or as the
        // engine does, gives the values of stamping every pair, and of the
        // naive engine; the quota moves meanwhile.
        let code = |c| Rule::TakeBreak(TakeBreak::parse(c).unwrap());
        for (rule, n, short) in [
            (code("0.6"), 20000, 5000),
            (code("0.172"), 12000, 5000),
            (code("0.14"), 12000, 3000),
            // Four splitting digits: a range of checked heaps each.
            (code("0.4447"), 12000, 3000),
        ] {
            let mut stamped = Sparse::new(&rule).unwrap();
            stamped.min_checked = usize::MAX;
            let values = run(&mut stamped, n);
            assert_eq!(stamped.check_batches, 0);
            assert_eq!(
                run(&mut Naive::new(&rule), short),
                values[..short],
                "{rule}"
            );
            for quota in [1, STAMPED_PER_VALUE] {
                let mut work = None;
                for simd in [true, false] {
                    let mut checked = Sparse::new(&rule).unwrap().with_simd(simd);
                    checked.min_checked = 0;
                    checked.rares = RareHeaps::with_quota(quota);
                    assert_eq!(run(&mut checked, n), values, "{rule} quota {quota}");
                    assert!(checked.check_batches > 500, "{rule} quota {quota}");
                    if quota == 1 {
                        assert!(checked.check_fallbacks > 100, "{rule}");
                        // Where many heaps fall back, the quota rises.
                        let heaps = checked.check_batches * AHEAD as u64;
                        if checked.check_fallbacks * 10 > heaps {
                            assert!(checked.rares.quota() > 1, "{rule}");
                        }
                    }
                    // The vector and portable paths examine the same pairs.
                    assert_eq!(*work.get_or_insert(checked.work), checked.work, "{rule}");
                }
            }
        }
    }

    #[test]
    fn stamps_stay_exact_when_the_generation_wraps_around() {
        // All tables of a batch share one generation; across its wrap
        // (where every table is cleared and 0, the stamp of a fresh table,
        // is skipped) the values stay exact.
        for rule in [
            Rule::TakeBreak(TakeBreak::parse("0.6").unwrap()),
            Rule::TakeBreak(TakeBreak::parse("0.161").unwrap()),
            Rule::Grundys,
        ] {
            let naive = run(&mut Naive::new(&rule), 3000);
            let mut sparse = Sparse::new(&rule).unwrap();
            sparse.generation = u32::MAX - 100;
            assert_eq!(run(&mut sparse, 3000), naive, "{rule}");
            assert!(sparse.generation < 3000, "{rule}: no wrap-around");
        }
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn heap_numbers_past_32_bits_reach_the_right_partners() {
        // Rare heaps and heaps split from 2^32 on, with partners near the
        // start of a short slice: each stamp is x ^ g[base + j - r], as it
        // would be on a run that long (a 32-bit heap number would wrap).
        let g: Vec<u16> = (0..64u16).map(|i| i * 37 % 61).collect();
        let big = 1usize << 32;
        let heaps = [big + 1, big + 6, big + 20, big + 33];
        let vals = [3u16, 9, 12, 40];
        let base = big + 40;
        let mut boxes: Vec<Box<[u32; VALUES]>> = (0..AHEAD)
            .map(|_| vec![0; VALUES].into_boxed_slice().try_into().unwrap())
            .collect();
        let mut it = boxes.iter_mut();
        let mut tables: [&mut [u32; VALUES]; AHEAD] =
            std::array::from_fn(|_| &mut **it.next().unwrap());
        mark_rare_ahead(&mut tables, 7, &g, base, &heaps, &vals);
        for (j, table) in tables.iter().enumerate() {
            let want: std::collections::BTreeSet<usize> = heaps
                .iter()
                .zip(&vals)
                .map(|(&r, &x)| (x ^ g[base + j - r]) as usize)
                .collect();
            let got: std::collections::BTreeSet<usize> =
                (0..VALUES).filter(|&v| table[v] == 7).collect();
            assert_eq!(got, want, "heap {j} of the batch");
        }
        let mut seen: Box<[u32; VALUES]> = vec![0; VALUES].into_boxed_slice().try_into().unwrap();
        mark_rare(&mut seen, 9, &g, base, &heaps, &vals);
        let want: std::collections::BTreeSet<usize> = heaps
            .iter()
            .zip(&vals)
            .map(|(&r, &x)| (x ^ g[base - r]) as usize)
            .collect();
        let got: std::collections::BTreeSet<usize> =
            (0..VALUES).filter(|&v| seen[v] == 9).collect();
        assert_eq!(got, want);
        assert_eq!(below_front(&heaps, big + 6), 1);
        assert_eq!(below_back(&heaps, big + 21), 3);
        assert_eq!(below_back(&heaps, 5), 0);
    }

    #[test]
    fn hexadecimal_three_way_codes_are_not_sparse() {
        let rule = Rule::TakeBreak(TakeBreak::parse("0.F").unwrap());
        assert!(Sparse::new(&rule).is_none());
    }
}
