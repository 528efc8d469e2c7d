//! The value of one heap: the options with a common value marked, the
//! candidates they leave, and (only when the mex may be rare) the proof
//! scan for the rare values below the least unmarked common value.

use super::early::early_lows;
use super::marks::{mark_rare, AHEAD, MARK_BITS};
use super::rare::{below_back, below_front};
use super::{first_known, pairs, Sparse, VALUES};
use crate::error::{Error, Result};

impl Sparse {
    /// The least unmarked value, or an overflow error.
    fn mex(&self, n: usize) -> Result<u16> {
        (0..VALUES)
            .find(|&v| !self.marks.marked(v))
            .map(|v| v as u16)
            .ok_or(Error::ValueOverflow {
                heap: n as u64,
                max: u16::MAX as u64,
            })
    }

    /// The value of heap `n` given `g = G(0..n)`.
    #[inline]
    pub(super) fn compute(&mut self, g: &[u16]) -> Result<u16> {
        self.compute_ahead(g, g.len())
    }

    /// The mex of the options of heap `n` that need only the heaps known,
    /// `g = G(0..known)` with `n / 2 < known ≤ n`: options with a heap of
    /// `known..n` are left out. With `known == n` this is `G(n)`; otherwise
    /// it is `G(n)` unless it is the value of an option left out (see
    /// [`Self::option_from`]). For threads that compute heaps ahead while
    /// the heaps below them are being finished.
    pub(in crate::sequence) fn compute_ahead(&mut self, g: &[u16], n: usize) -> Result<u16> {
        // Every low heap of a split (at most n / 2) is known.
        assert!(g.len() == n || (2 * g.len() > n && g.len() < n));
        let j = self.batches.current.as_ref().map_or(0, |b| {
            let j = n.wrapping_sub(b.start);
            if j > b.used {
                j
            } else {
                0
            }
        });
        if let (1..AHEAD, Some(batch)) = (j, &mut self.batches.current) {
            batch.used = j;
            // Marked ahead: this heap's table becomes current.
            std::mem::swap(&mut self.marks.seen, &mut self.marks.spare[j - 1]);
        } else {
            self.batches.current = None;
            self.marks.start();
            self.early.done.clear();
            self.early.done.resize(self.moves.splits.len(), 0);
        }
        for i in 0..self.moves.singles.len() {
            let k = self.moves.singles[i];
            if k < n && n - k < g.len() {
                self.marks.mark(g[n - k]);
            }
        }
        if self.moves.nones.contains(&n) {
            self.marks.mark(0);
        }
        if self.mask.bits == 0 || self.rares.len() * 4 > n {
            self.scan_all(g, n)?;
            return self.mex(n);
        }
        if self.batches.current.is_none() && !self.moves.strict && !self.batch_meets_dropped(n) {
            self.start_batch(g, n);
        }
        self.checks.current = self
            .batches
            .current
            .as_ref()
            .and_then(|b| Some(b.cands?[n - b.start]));
        // Every split with a rare heap: all common-valued splits among them
        // (those of the batch are marked already).
        let generation = self.marks.generation;
        for i in 0..self.moves.splits.len() {
            let k = self.moves.splits[i];
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let end = below_back(&self.rares.heaps, rest);
            // Rare heaps whose partner is not known yet are left out.
            let first = first_known(rest, g.len());
            let lo = below_front(&self.rares.heaps[..end], first);
            let rare = &self.rares.heaps[..end];
            // Grundy's game may not split into equal heaps: skip r = rest/2.
            let skip = if self.moves.strict && rest % 2 == 0 {
                rare.binary_search(&(rest / 2)).ok()
            } else {
                None
            };
            let (heaps, vals) = (&self.rares.heaps[..end], &self.rares.values[..end]);
            let parts = match (skip, &self.batches.current) {
                (Some(i), _) => [(0, i), (i + 1, end)],
                (None, Some(_)) => {
                    let (lo, hi) = self.batches.covered[i];
                    // lo ≤ hi ≤ end: the covered heaps are below n - k.
                    [(0, lo.min(end)), (hi.min(end), end)]
                }
                (None, None) => [(0, end), (end, end)],
            };
            // A local borrow of the stamps: through `self` the compiler
            // reloads the pointer after every store.
            let seen: &mut [u32; VALUES] = &mut self.marks.seen;
            for (from, to) in parts {
                let (from, to) = (from.max(lo), to.max(lo));
                mark_rare(seen, generation, g, rest, &heaps[from..to], &vals[from..to]);
            }
            self.work.examined += (end - lo) as u64;
        }
        if self.batches.current.is_none() && n < self.ranking.next && self.early.stamp(n..n + 1) {
            for i in 0..self.moves.splits.len() {
                let Some(rest) = n.checked_sub(self.moves.splits[i]) else {
                    continue;
                };
                let generation = self.marks.generation;
                let (first, top) = (first_known(rest, g.len()), self.moves.top(rest));
                for lows in early_lows(&self.ranking.order, self.early.len, first, top) {
                    for a in lows.clone() {
                        self.marks.seen[(g[a] ^ g[rest - a]) as usize] = generation;
                    }
                    self.work.examined += lows.len() as u64;
                    self.early.done[i] += lows.len();
                }
            }
        }
        let candidates = self.candidates(g, n)?;
        self.early.observe(
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
        self.want.range = m..c;
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
    /// checked (see [`Checks::current`](super::checks::Checks::current)),
    /// the checked rare pairs of `n` (`g` as for [`Self::compute_ahead`])
    /// are stamped first.
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
            &self.marks.seen[..words * 64],
            self.marks.generation,
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
        let c = match self.mask.rare[m] {
            false => m,
            true => (0..words)
                .find_map(|i| {
                    let free = self.mask.common[i] & !marked[i];
                    (free != 0).then(|| i * 64 + free.trailing_zeros() as usize)
                })
                .unwrap_or_else(|| {
                    (words * 64..VALUES)
                        .find(|&v| !self.mask.rare[v] && !self.marks.marked(v))
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
        let (common, marked) = (&self.mask.common, &marked);
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
            if self.mask.rare[v] {
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
            .find(|&v| !self.mask.rare[v] && !self.marks.marked(v))
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
            if self.mask.rare[v] && !self.marks.marked(v) {
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
