//! Candidate checks: the rare heaps past the first few of each value (the
//! *checked* ones, see [`RareHeaps`](super::rare::RareHeaps)) are not
//! stamped but compared with the eight least common values each heap of a
//! batch leaves unmarked; and the quota of stamped heaps a value, tuned
//! towards the point where few heaps must stamp their checked pairs after
//! all.

use super::marks::{mark_rare, AHEAD, MARK_BITS};
use super::{pairs, Sparse, VALUES};

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

/// The candidate checks of the current heap, and what the quota tuner
/// counts.
#[derive(Debug)]
pub(super) struct Checks {
    /// The candidates of the current heap when its checked rare pairs were
    /// only compared with them. Those met are stamped; none of the others
    /// is an option from a checked pair. So if the least common value left
    /// unmarked is one of them, it is not an option at all; if it is not,
    /// the checked pairs are stamped before the marks are read.
    pub(super) current: Option<[u16; pairs::CANDIDATES]>,
    /// Batches whose checked rare heaps were compared with candidates, and
    /// heaps of them whose checked pairs had to be stamped after all.
    pub(super) batches: u64,
    pub(super) fallbacks: u64,
    /// The two counts when the quota was last tuned.
    pub(super) tuned_at: (u64, u64),
    /// At least this many checked rare heaps for a batch to compare them
    /// ([`MIN_CHECKED`]; tests lower it).
    pub(super) min_checked: usize,
}

impl Checks {
    /// No checks made yet.
    pub(super) fn new() -> Checks {
        Checks {
            current: None,
            batches: 0,
            fallbacks: 0,
            tuned_at: (0, 0),
            min_checked: MIN_CHECKED,
        }
    }
}

impl Sparse {
    /// Stamps the pairs of the checked rare heaps of the batch for heap
    /// `n`, whose marks cannot be read otherwise (see
    /// [`Checks::current`]).
    pub(super) fn stamp_checked(&mut self, g: &[u16], n: usize) {
        let generation = self.marks.generation;
        let (seen, rares) = (&mut *self.marks.seen, &self.rares);
        for (&k, range) in self.moves.splits.iter().zip(&self.batches.checked) {
            if let Some(rest) = n.checked_sub(k) {
                let heaps = &rares.checked[range.clone()];
                let values = &rares.checked_values[range.clone()];
                mark_rare(seen, generation, g, rest, heaps, values);
            }
        }
        self.checks.current = None;
        self.checks.fallbacks += 1;
    }

    /// Moves the quota of stamped heaps a rare value towards the point
    /// where a few heaps in a hundred stamp their checked pairs after all
    /// (each such heap costs about two stamps a checked heap; each heap
    /// more a value stamped costs a stamp in every heap). Not while a batch
    /// is on: its ranges index the lists.
    #[inline]
    pub(super) fn tune_quota(&mut self) {
        let batches = self.checks.batches - self.checks.tuned_at.0;
        if batches < QUOTA_WINDOW {
            return;
        }
        let fallbacks = self.checks.fallbacks - self.checks.tuned_at.1;
        self.checks.tuned_at = (self.checks.batches, self.checks.fallbacks);
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
    pub(super) fn unchecked(&self, c: usize) -> bool {
        self.checks
            .current
            .is_some_and(|cands| c >= VALUES || !cands.contains(&(c as u16)))
    }
}

/// The [`pairs::CANDIDATES`] least common values (`rare` false, listed
/// below [`MARK_BITS`] by `common_bits`) not stamped in `table`
/// (padded with the last: any unstamped value is a sound candidate, see
/// [`Checks::current`]). Stamps below `bound <= MARK_BITS` are read as
/// bits, a word at a time until enough are found.
#[inline]
pub(super) fn least_unmarked(
    table: &[u32; VALUES],
    generation: u32,
    bound: usize,
    common_bits: &[u64; MARK_BITS / 64],
    rare: &[bool],
    simd: bool,
) -> [u16; pairs::CANDIDATES] {
    let mut cands = [0u16; pairs::CANDIDATES];
    let words = bound.div_ceil(64);
    let mut found =
        pairs::first_unstamped(table, generation, &common_bits[..words], &mut cands, simd);
    for v in words * 64..VALUES {
        if found == pairs::CANDIDATES {
            break;
        }
        if !rare[v] && table[v] != generation {
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
