//! The order of the proof scan's blocks of low heaps, learned from the
//! sequence.

use super::pairs::{self, Bits512};

/// Low heaps of a block of the proof scan: the scan takes the splits
/// `a + (rest - a)` with `a` in the blocks `1 + 512 b ..`, best blocks first
/// (see [`Ranking`]).
pub(super) const RANK_BLOCK: usize = 512;

/// Blocks ranked: the low heaps `1..=RANK_BLOCKS * RANK_BLOCK`; past them
/// the scan goes on in order.
pub(super) const RANK_BLOCKS: usize = 128;

/// A heap every this many trains the ranking of the blocks.
pub(super) const TRAIN_EVERY: usize = 2048;

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
pub(super) struct Ranking {
    /// Block indices, best first (ties in ascending order).
    pub(super) order: Vec<u16>,
    /// Decaying credit of each block.
    credit: Vec<f64>,
    /// The next heap that trains the ranking.
    pub(super) next: usize,
    /// Heaps between two that train it: [`TRAIN_EVERY`], times the number
    /// of engines sharing the heaps of one sequence (see
    /// [`Sparse::share_training`]).
    pub(super) every: usize,
}

impl Ranking {
    /// A ranking of `blocks` blocks (at most [`RANK_BLOCKS`]; fewer in
    /// tests, so that short heaps reach the scan past them).
    pub(super) fn new(blocks: usize) -> Ranking {
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
    pub(super) fn train(
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
    pub(super) fn block_after(
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
    pub(super) fn block(&self, i: usize, first: usize, top: usize) -> std::ops::Range<usize> {
        let start = 1 + self.order[i] as usize * RANK_BLOCK;
        let end = (start + RANK_BLOCK).min(top + 1);
        // (Low heaps below `first`, whose partners are not known yet, are
        // left out; see `compute_ahead`.)
        let start = start.max(first).min(end);
        start..end
    }
}
