//! A batch of [`AHEAD`] heaps: the rare-pair marks of all of them made in
//! one pass over the rare heaps, with the early stamps of the proof scan
//! and the candidate checks (see `checks.rs`) of each.

use super::checks::least_unmarked;
use super::early::early_lows;
use super::marks::{mark_low_ahead, mark_rare_ahead, AHEAD, MARK_BITS};
use super::rare::{below_back, below_front};
use super::{first_known, pairs, Sparse, VALUES};

/// Rare-pair marks made ahead: for heaps `start..start + AHEAD`, every pair
/// of a rare heap `r` (listed before `start`) with a partner below `start`.
#[derive(Debug)]
pub(super) struct Batch {
    pub(super) start: usize,
    /// The tables of heaps `start + 1..=start + used` were taken (each
    /// heap takes its own once).
    pub(super) used: usize,
    /// When the pairs of the checked rare heaps were not stamped but
    /// compared with candidates: for each heap of the batch, the
    /// candidates, of which those met are stamped (see
    /// [`Checks::current`](super::checks::Checks::current)).
    pub(super) cands: Option<[[u16; pairs::CANDIDATES]; AHEAD]>,
}

/// The batch on, if any, and the ranges of rare heaps it covers (kept from
/// batch to batch, so that none allocates).
#[derive(Debug, Default)]
pub(super) struct Batches {
    pub(super) current: Option<Batch>,
    /// While a batch is on: for each splitting digit, the indices of the
    /// rare heaps whose pairs are marked for every heap of the batch.
    pub(super) covered: Vec<(usize, usize)>,
    /// While a batch with candidates is on: for each splitting digit, the
    /// indices of the checked rare heaps among those covered.
    pub(super) checked: Vec<std::ops::Range<usize>>,
}

impl Sparse {
    /// Starts a batch at heap `n` (whose table is current) knowing
    /// `g = G(0..known)`: marks the pairs of the rare heaps `r` with
    /// `max(1, n + AHEAD - k - known) ≤ r < n - k` for heaps
    /// `n..n + AHEAD`, whose partners `n + j - k - r` all lie in `1..known`.
    pub(super) fn start_batch(&mut self, g: &[u16], n: usize) {
        // The generation was started with heap n: no table holds it yet.
        let generation = self.marks.generation;
        // Early stamps (not for a batch with a heap that trains the
        // ranking, whose credits would miss the values they find).
        let stamp = n + AHEAD <= self.ranking.next && self.early.stamp(n..n + AHEAD);
        self.tune_quota();
        let (mut seen, mut spare) = (Some(&mut *self.marks.seen), self.marks.spare.iter_mut());
        let mut tables: [&mut [u32; VALUES]; AHEAD] = std::array::from_fn(|_| match seen.take() {
            Some(table) => table,
            None => &mut **spare.next().expect("AHEAD - 1 spare tables"),
        });
        // Compare the checked rare heaps with candidates (rather than stamp
        // them) while the marks can be read as bits and there are enough.
        let bound = (self.hist.largest().unwrap_or(0) as usize + 1).next_power_of_two();
        let check = bound <= MARK_BITS && self.rares.checked.len() >= self.checks.min_checked;
        self.batches.covered.clear();
        self.batches.checked.clear();
        for (i, &k) in self.moves.splits.iter().enumerate() {
            let Some(base) = n.checked_sub(k) else {
                self.batches.covered.push((0, 0));
                self.batches.checked.push(0..0);
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
                    self.batches.checked.push(within(&rares.checked));
                    let (from, to) = (stamped.start, stamped.end);
                    (from, to, &rares.stamped, &rares.stamped_values)
                }
                false => (lo, hi, &rares.heaps, &rares.values),
            };
            mark_rare_ahead(
                &mut tables,
                generation,
                g,
                base,
                &heaps[from..to],
                &values[from..to],
            );
            self.batches.covered.push((lo, hi));
            if stamp {
                let top = self.moves.top(base);
                for lows in early_lows(&self.ranking.order, self.early.len, first, top) {
                    mark_low_ahead(&mut tables, generation, g, base, lows.clone());
                    self.work.examined += (AHEAD * lows.len()) as u64;
                    self.early.done[i] += lows.len();
                }
            }
        }
        let cands = check.then(|| {
            let (common, rare) = (&self.mask.common, &self.mask.rare);
            let cands = std::array::from_fn(|j| {
                least_unmarked(tables[j], generation, bound, common, rare, self.simd)
            });
            let mut met = [0u8; AHEAD];
            for (&k, range) in self.moves.splits.iter().zip(&self.batches.checked) {
                let Some(base) = n.checked_sub(k) else {
                    continue;
                };
                let heaps = &self.rares.checked[range.clone()];
                let lanes = &self.rares.checked_lanes[range.clone()];
                let found = pairs::meets_ahead(g, base, heaps, lanes, &cands, self.simd);
                met.iter_mut().zip(found).for_each(|(m, f)| *m |= f);
            }
            self.checks.batches += 1;
            // Without branches (which candidates are met is close to
            // random): an unmet candidate, unstamped, is given an older
            // generation.
            for ((table, cands), met) in tables.iter_mut().zip(&cands).zip(met) {
                for (i, &c) in cands.iter().enumerate() {
                    table[c as usize] = generation.wrapping_sub(u32::from(!met >> i & 1));
                }
            }
            cands
        });
        self.batches.current = Some(Batch {
            start: n,
            used: 0,
            cands,
        });
    }
}
