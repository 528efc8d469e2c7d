//! Window mode, as the engine sees it: heaps whose values are no longer
//! kept are never read, and a heap whose value needs one is an error naming
//! it (or, for a batch that would read one, computed alone).

use super::marks::AHEAD;
#[cfg(test)]
use super::ranking::Ranking;
use super::ranking::{RANK_BLOCK, RANK_BLOCKS};
use super::Sparse;
use crate::error::{Error, Result};

impl Sparse {
    /// The low heaps `a` of `lows` whose splits `a + (rest - a)` have both
    /// heaps kept (all of `lows` but for [`Self::dropped`], in window mode),
    /// as ascending ranges (some perhaps empty); and a heap no longer kept
    /// that the others need, if any.
    #[inline]
    pub(super) fn kept_lows(
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
    pub(super) fn lost(&self, n: usize, heap: usize) -> Error {
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
    pub(in crate::sequence) fn forget(
        &mut self,
        dropped: std::ops::Range<usize>,
        len: usize,
    ) -> Result<()> {
        let low = self.ranking.order.len() * RANK_BLOCK + 1;
        let reach = low + self.moves.splits.iter().max().copied().unwrap_or(0) + AHEAD;
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
    pub(in crate::sequence) fn with_ranked_blocks(mut self, blocks: usize) -> Sparse {
        self.ranking = Ranking::new(blocks);
        self
    }

    /// Whether a batch started at heap `n` would read a dropped heap: the
    /// rare-pair marks of heaps `n..n + AHEAD` read the partners
    /// `n + j - k - r` of every rare heap `r`, and [`Sparse::first_lost`]
    /// stops a run only before the first heap that needs a dropped one, which
    /// may be `n + 1`. Such heaps are computed one at a time instead.
    #[inline]
    pub(super) fn batch_meets_dropped(&self, n: usize) -> bool {
        let d = &self.dropped;
        !d.is_empty()
            && self.moves.splits.iter().any(|&k| {
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
    pub(in crate::sequence) fn first_lost(
        &self,
        values: &[u16],
        from: usize,
    ) -> Option<(usize, usize)> {
        let d = &self.dropped;
        if d.is_empty() || self.mask.bits == 0 {
            // (Without a mask, every split is scanned: see `scan_all`.)
            return None;
        }
        let recorded = (self.hist.total() as usize + 1).min(values.len());
        let late = (recorded..values.len()).filter(|&h| self.mask.rare[values[h] as usize]);
        let mut first: Option<(usize, usize)> = None;
        for &k in &self.moves.splits {
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
                if first.is_none_or(|(m, _)| n < m) {
                    first = Some((n, n - k - r));
                }
            }
        }
        first
    }
}
