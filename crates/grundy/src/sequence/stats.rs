//! Statistics of a nim-sequence: the histogram of its values and its
//! rare/common split.
//!
//! # Sparse space
//!
//! Fix a `mask`. Call a value **rare** when `popcount(v & mask)` is even and
//! **common** when it is odd. Parity of a popcount is additive under `⊕`, so
//!
//! * rare ⊕ rare and common ⊕ common are rare,
//! * rare ⊕ common is common.
//!
//! Many octal games (and Grundy's game) have a mask for which only a handful
//! of heaps have rare values. The sparse engine
//! ([`Sparse`](super::sparse::Sparse)) exploits this: the common values among
//! the options of a heap can only come from splits that involve a rare heap.
//!
//! The best mask is the one with the fewest rare heaps. For every mask `m`,
//! `#rare(m) = (N + W(m)) / 2` where `W` is the Walsh–Hadamard transform of
//! the histogram of values, so all masks are scored at once in
//! `O(B · 2^B)` for values below `2^B`.

use serde::Serialize;

use crate::period::Period;

/// How often each value occurs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// The histogram of `values`.
    ///
    /// ```
    /// use grundy::sequence::stats::Histogram;
    /// let h = Histogram::of(&[0, 1, 1, 3]);
    /// assert_eq!(h.counts(), &[1, 2, 0, 1]);
    /// ```
    pub fn of(values: &[u16]) -> Histogram {
        let mut h = Histogram::default();
        values.iter().for_each(|&v| h.add(v));
        h
    }

    /// The histogram with `counts[v]` heaps of value `v` (trailing zero
    /// counts dropped).
    pub fn from_counts(mut counts: Vec<u64>) -> Histogram {
        while counts.last() == Some(&0) {
            counts.pop();
        }
        Histogram { counts }
    }

    /// The histogram of `G(1..=to)` (heap 0 is not counted, as in published
    /// frequency tables), where `value(n)` gives `G(n)`. With a proved period
    /// only the preperiod and one period are looked at, each value counted as
    /// often as it recurs, so `to` may be as large as 2^64 − 1.
    ///
    /// ```
    /// use grundy::period::Period;
    /// use grundy::sequence::stats::Histogram;
    /// // G = 0, 1, 2, 0, 1, 2, … (period 3 from 0), heaps 1..=7: 1 2 0 1 2 0 1.
    /// let g = |n: u64| Ok::<u16, ()>((n % 3) as u16);
    /// let h = Histogram::over_heaps(7, Some(Period::closed_form(0, 3)), g).unwrap();
    /// assert_eq!(h.counts(), &[2, 3, 2]);
    /// assert_eq!(Histogram::over_heaps(7, None, g).unwrap(), h);
    /// ```
    pub fn over_heaps<E>(
        to: u64,
        period: Option<Period>,
        value: impl Fn(u64) -> Result<u16, E>,
    ) -> Result<Histogram, E> {
        let Some(p) = period.filter(|p| p.preperiod.checked_add(p.period).is_some_and(|e| to >= e))
        else {
            let mut hist = Histogram::default();
            for n in 1..=to {
                hist.add(value(n)?);
            }
            return Ok(hist);
        };
        let mut counts: Vec<u64> = Vec::new();
        let mut add = |v: u16, times: u64| {
            let v = v as usize;
            if counts.len() <= v {
                counts.resize(v + 1, 0);
            }
            counts[v] += times;
        };
        for n in 1..p.preperiod {
            add(value(n)?, 1);
        }
        // Heaps pre..=to: `full` whole periods, then `rest` more (the span
        // is 2^64 for `to = 2^64 − 1` from 0, hence 128 bits).
        let span = u128::from(to - p.preperiod) + 1;
        let period = u128::from(p.period);
        let (full, rest) = (span / period, span % period);
        for i in 0..p.period {
            let n = p.preperiod + i;
            // Heap 0 is not counted; it still starts each later period.
            let skip = u128::from(n == 0);
            // At most the number of heaps 1..=to, so it fits in 64 bits.
            add(
                value(n)?,
                (full - skip + u128::from(u128::from(i) < rest)) as u64,
            );
        }
        Ok(Histogram::from_counts(counts))
    }

    /// Counts one more heap of value `v`.
    #[inline]
    pub fn add(&mut self, v: u16) {
        let v = v as usize;
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
        }
        self.counts[v] += 1;
    }

    /// `counts()[v]` is how many heaps have value `v`; the last entry is
    /// non-zero (empty for an empty histogram).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The largest value counted.
    pub fn largest(&self) -> Option<u16> {
        self.counts.len().checked_sub(1).map(|v| v as u16)
    }

    /// How many heaps were counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// How many heaps have a rare value for `mask`.
    pub fn rare_count(&self, mask: u16) -> u64 {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(v, _)| is_rare(v as u16, mask))
            .map(|(_, &c)| c)
            .sum()
    }

    /// The mask with the fewest rare heaps (the smallest such mask on ties),
    /// with that count. Mask 0 makes every value rare.
    ///
    /// ```
    /// use grundy::sequence::stats::Histogram;
    /// // Mostly 1s and 2s, a few 0s and 3s: with mask 3 only 0 and 3 are rare.
    /// let h = Histogram::of(&[0, 1, 2, 1, 2, 1, 2, 3]);
    /// assert_eq!(h.best_mask(), (3, 2));
    /// ```
    pub fn best_mask(&self) -> (u16, u64) {
        let bits = usize::BITS - self.counts.len().saturating_sub(1).leading_zeros();
        let size = 1usize << bits;
        let mut w: Vec<i64> = (0..size)
            .map(|v| self.counts.get(v).map_or(0, |&c| c as i64))
            .collect();
        // In-place Walsh–Hadamard transform: w[m] = Σ_v h[v]·(-1)^popcount(v & m).
        let mut len = 1;
        while len < size {
            for block in (0..size).step_by(2 * len) {
                for i in block..block + len {
                    let (a, b) = (w[i], w[i + len]);
                    w[i] = a + b;
                    w[i + len] = a - b;
                }
            }
            len *= 2;
        }
        let total = self.total() as i64;
        (0..size)
            .map(|m| (m as u16, ((total + w[m]) / 2) as u64))
            .min_by_key(|&(m, rare)| (rare, m))
            .unwrap_or((0, 0))
    }
}

/// Whether `v` is rare for `mask`: `popcount(v & mask)` is even.
#[inline]
pub fn is_rare(v: u16, mask: u16) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// The rare/common split of a computed sequence, for reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Split {
    /// Values `v` with `popcount(v & mask)` even are rare.
    pub mask: u16,
    /// How many heaps `1..N` have a rare value.
    pub rare_heaps: u64,
    /// The last heap with a rare value, if any.
    pub last_rare: Option<u64>,
    /// The distinct rare values that occur, ascending.
    pub rare_values: Vec<u16>,
}

impl Split {
    /// The split of `values[1..]` (heap 0, always of value 0, is left out)
    /// for `mask`.
    pub fn of(values: &[u16], mask: u16) -> Split {
        let tail = values.get(1..).unwrap_or(&[]);
        let hist = Histogram::of(tail);
        let last_rare = tail
            .iter()
            .rposition(|&v| is_rare(v, mask))
            .map(|i| i as u64 + 1);
        Split::with_last(&hist, last_rare, mask)
    }

    /// The split of heaps `1..N` from their histogram and `last_at[v]`, the
    /// last heap of value `v` (0 for none): the same as [`Split::of`] on
    /// the values, for runs that do not keep them all (window mode).
    ///
    /// ```
    /// use grundy::sequence::stats::{Histogram, Split};
    /// let values = [0, 1, 2, 3, 1];
    /// let hist = Histogram::of(&values[1..]);
    /// let last_at = [0, 4, 2, 3];
    /// assert_eq!(Split::of_counts(&hist, &last_at, 3), Split::of(&values, 3));
    /// ```
    pub fn of_counts(hist: &Histogram, last_at: &[u64], mask: u16) -> Split {
        let last_rare = (0..hist.counts().len())
            .filter(|&v| hist.counts()[v] > 0 && is_rare(v as u16, mask))
            .filter_map(|v| last_at.get(v).copied())
            .max();
        Split::with_last(hist, last_rare, mask)
    }

    /// The split with the histogram of heaps `1..N` and the last rare heap.
    fn with_last(hist: &Histogram, last_rare: Option<u64>, mask: u16) -> Split {
        let rare_values = (0..hist.counts().len())
            .filter(|&v| hist.counts()[v] > 0 && is_rare(v as u16, mask))
            .map(|v| v as u16)
            .collect();
        Split {
            mask,
            rare_heaps: hist.rare_count(mask),
            last_rare,
            rare_values,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_up_to_2_64_does_not_wrap() {
        // Period 1 from 0 (every value 0) and period 5 from 0, to 2^64 − 1.
        let zero = |_: u64| Ok::<u16, ()>(0);
        let h = Histogram::over_heaps(u64::MAX, Some(Period::closed_form(0, 1)), zero).unwrap();
        assert_eq!(h.counts(), &[u64::MAX]);
        let g = |n: u64| Ok::<u16, ()>([0u16, 0, 1, 1, 2][(n % 5) as usize]);
        let h = Histogram::over_heaps(u64::MAX, Some(Period::closed_form(0, 5)), g).unwrap();
        // 2^64 = 5·3689348814741910323 + 1 heaps 0..=2^64−1; heap 0 not counted.
        let q = 3_689_348_814_741_910_323u64;
        assert_eq!(h.counts(), &[2 * q, 2 * q, q]);
        assert_eq!(h.total(), u64::MAX);
    }

    #[test]
    fn best_mask_matches_brute_force() {
        let values: Vec<u16> = (0..500u32)
            .map(|i| ((i * 37 + i / 7) % 23) as u16)
            .collect();
        let h = Histogram::of(&values);
        let brute = (0..32u16)
            .map(|m| (m, values.iter().filter(|&&v| is_rare(v, m)).count() as u64))
            .min_by_key(|&(m, r)| (r, m))
            .unwrap();
        assert_eq!(h.best_mask(), brute);
    }

    #[test]
    fn split_leaves_out_heap_zero() {
        let s = Split::of(&[0, 1, 2, 3, 1], 3);
        assert_eq!(s.rare_heaps, 1);
        assert_eq!(s.last_rare, Some(3));
        assert_eq!(s.rare_values, vec![3]);
    }
}
