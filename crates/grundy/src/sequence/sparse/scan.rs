//! The proof scan: when the mex of a heap's marks may be rare, the splits
//! into two common heaps are scanned for the rare values below the least
//! unmarked common value, best blocks first, stopping once every one is
//! found.

use super::early::Early;
use super::hunt::HUNT_MAX;
use super::pairs::{self, Bits512};
use super::ranking::RANK_BLOCK;
use super::{first_known, Sparse, VALUES};
use crate::error::Result;

/// Blocks of each splitting digit scanned before the targeted hunt for the
/// rare values still missing.
const PREFIX_BLOCKS: usize = 4;

/// The set of rare values still to be found among the splits of a heap.
#[derive(Debug)]
pub(super) struct Wanted {
    /// Unless `small`: `bytes[v] == 1` when `v` is wanted (a byte a value:
    /// the scalar scan's test is one load, no shifts).
    pub(super) bytes: Box<[u8; VALUES]>,
    /// When `small` (every wanted value below 512): the set, for the vector
    /// scan (and `bytes` is all zero).
    pub(super) bits: Bits512,
    pub(super) small: bool,
    /// The values that may be wanted lie in this range.
    pub(super) range: std::ops::Range<usize>,
}

impl Wanted {
    /// The empty set.
    pub(super) fn new() -> Wanted {
        Wanted {
            bytes: Box::new([0; VALUES]),
            bits: [0; 64],
            small: false,
            range: 0..0,
        }
    }

    /// Clears `v` from the set; true if it was in it.
    #[inline]
    pub(super) fn take(&mut self, v: u16) -> bool {
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
    pub(super) fn put(&mut self, v: usize) {
        if self.small {
            self.bits[v >> 3] |= 1 << (v & 7);
        } else {
            self.bytes[v] = 1;
        }
    }
}

impl Sparse {
    /// Marks every split of every splitting digit (whose partner is known),
    /// or says which heap no longer kept (window mode) that needs.
    pub(super) fn scan_all(&mut self, g: &[u16], n: usize) -> Result<()> {
        self.work.plain_heaps += 1;
        // Every value so far is below `bound`, a power of two, so every
        // xor of two of them is too.
        let largest = self.hist.largest().unwrap_or(0) as usize;
        let bound = (largest + 1).next_power_of_two();
        for i in 0..self.moves.splits.len() {
            let k = self.moves.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let (first, top) = (first_known(rest, g.len()), self.moves.top(rest));
            if top < first {
                continue;
            }
            if let (_, Some(lost)) = self.kept_lows(rest, first..top + 1) {
                return Err(self.lost(n, lost));
            }
            self.work.examined += (top + 1 - first) as u64;
            if bound <= 128 {
                // Small values: the set of xors as a bit set, 8 or 16 pairs
                // an instruction (a, rest - a for a = first + i: low[i] =
                // g[first + i] pairs with high[top - first - i] = g[rest - first - i]).
                let (low, high) = (&g[first..top + 1], &g[rest - top..rest + 1 - first]);
                let mut set = pairs::marks_below_128(low, high, bound, self.simd);
                while set != 0 {
                    self.marks.seen[set.trailing_zeros() as usize] = self.marks.generation;
                    set &= set - 1;
                }
            } else {
                let generation = self.marks.generation;
                for a in first..=top {
                    self.marks.seen[(g[a] ^ g[rest - a]) as usize] = generation;
                }
            }
        }
        Ok(())
    }

    /// Scans the splits for the values still needed (rare values below the
    /// common candidate), stopping as soon as all have been seen; or says
    /// which heap no longer kept (window mode) the scan would need.
    pub(super) fn scan_needed(&mut self, g: &[u16], n: usize, mut remaining: usize) -> Result<()> {
        if n >= self.ranking.next && self.want.small {
            if let Some(rest) = n.checked_sub(self.moves.splits[0]) {
                let (first, top) = (first_known(rest, g.len()), self.moves.top(rest));
                self.ranking
                    .train(g, rest, first, top, &self.want.bits, self.simd);
            }
            self.ranking.next = n + self.ranking.every;
        }
        // The best blocks of every digit find most values at once…
        let mut probe = self.early.probed.contains(&n);
        for i in 0..self.moves.splits.len() {
            let k = self.moves.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let (first, top) = (first_known(rest, g.len()), self.moves.top(rest));
            let early = self.early.done[i];
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
                    self.early.probe(before - remaining, pairs);
                    self.work.examined += pairs as u64;
                    if found.is_some() {
                        return Ok(());
                    }
                    range.start = cut;
                }
                let len = range.len();
                let found = scan_wanted(&mut self.want, g, rest, range, &mut remaining, self.simd);
                if let Some(done) = found {
                    self.work.examined += done as u64;
                    return Ok(());
                }
                self.work.examined += len as u64;
            }
        }
        // …the last few, hard to meet, are hunted for directly…
        if remaining <= HUNT_MAX {
            self.hunt_wanted(g, n, &mut remaining);
            if remaining == 0 {
                return Ok(());
            }
        }
        // …then the other blocks…
        for i in 0..self.moves.splits.len() {
            let k = self.moves.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let (first, top) = (first_known(rest, g.len()), self.moves.top(rest));
            let early = self.early.done[i];
            let blocks = PREFIX_BLOCKS.max(early.div_ceil(RANK_BLOCK) + 1);
            for b in blocks.min(self.ranking.order.len())..self.ranking.order.len() {
                let range = self.ranking.block(b, first, top);
                let len = range.len();
                let found = scan_wanted(&mut self.want, g, rest, range, &mut remaining, self.simd);
                if let Some(done) = found {
                    self.work.examined += done as u64;
                    return Ok(());
                }
                self.work.examined += len as u64;
            }
        }
        // …and what is still missing is looked for among all the pairs
        // (those kept, in window mode: if a value is still missing then, the
        // pairs dropped might hold it).
        let mut lost = None;
        for i in 0..self.moves.splits.len() {
            let k = self.moves.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let top = self.moves.top(rest);
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
                    self.work.examined += done as u64;
                    return Ok(());
                }
                self.work.examined += len as u64;
            }
        }
        match lost {
            Some(heap) => Err(self.lost(n, heap)),
            None => Ok(()),
        }
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
