//! The sparse-space split a census reports: the mask with the fewest rare
//! heaps (see [`crate::sequence::stats`] for rare and common values),
//! chosen from the values alone, so that it is the same however the
//! values were computed.

use crate::sequence::stats::{is_rare, Histogram};

/// A mask, the heaps with a rare value, and the last of them.
///
/// Heap 0 is counted: its value 0 is rare for every mask, and the
/// published tables count it (which changes no choice of mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// `v` is rare when `popcount(v & mask)` is even.
    pub mask: u16,
    /// How many heaps have a rare value, heap 0 included.
    pub count: u64,
    /// The last of them.
    pub last: Option<u64>,
}

/// The split of the heaps computed, `values` being `G(0), G(1), …`: the
/// mask with the fewest rare heaps among them, the least such mask on ties.
pub fn open_split<I: Iterator<Item = u16>>(values: impl Fn() -> I) -> Option<Found> {
    let mut hist = Histogram::default();
    values().skip(1).for_each(|v| hist.add(v));
    let (mask, count) = hist.best_mask();
    Some(Found {
        mask,
        count: count + 1,
        last: last_rare(values(), mask, u64::MAX),
    })
}

/// The split of a whole sequence with period `period` from `preperiod`:
/// the masks for which no value of the period is rare (others make
/// infinitely many heaps rare), and of those the one with the fewest rare
/// heaps in the preperiod, the least on ties; `None` when every mask makes
/// some value of the period rare (0, always rare, recurs when
/// `preperiod = 0`).
pub fn solved_split<I: Iterator<Item = u16>>(
    values: impl Fn() -> I,
    preperiod: u64,
    period: u64,
) -> Option<Found> {
    let end = preperiod.checked_add(period)?;
    let mut before = Vec::new();
    let mut within = Vec::new();
    for (n, v) in values().enumerate().take(end as usize) {
        let counts = if (n as u64) < preperiod {
            &mut before
        } else {
            &mut within
        };
        if n == 0 && preperiod > 0 {
            continue;
        }
        let v = v as usize;
        if counts.len() <= v {
            counts.resize(v + 1, 0i64);
        }
        counts[v] += 1;
    }
    let size = before.len().max(within.len()).max(1).next_power_of_two();
    let rare_before = rare_counts(&before, size);
    let rare_within = rare_counts(&within, size);
    let (mask, count) = (0..size)
        .filter(|&m| rare_within[m] == 0)
        .map(|m| (m, rare_before[m]))
        .min_by_key(|&(m, rare)| (rare, m))?;
    let mask = mask as u16;
    Some(Found {
        mask,
        // (With heap 0, left out above when in the preperiod.)
        count: count as u64 + u64::from(preperiod > 0),
        last: last_rare(values(), mask, preperiod),
    })
}

/// For every mask below `size` (a power of two, above every value), how
/// many of the values counted in `counts` are rare: `(N + W(m)) / 2` with
/// `W` the Walsh–Hadamard transform of the counts.
fn rare_counts(counts: &[i64], size: usize) -> Vec<i64> {
    let mut w = vec![0i64; size];
    w[..counts.len()].copy_from_slice(counts);
    let total: i64 = counts.iter().sum();
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
    w.iter().map(|&x| (total + x) / 2).collect()
}

/// The last heap `1 ≤ n < end` of `values` with a rare value for `mask`.
fn last_rare(values: impl Iterator<Item = u16>, mask: u16, end: u64) -> Option<u64> {
    values
        .enumerate()
        .skip(1)
        .take_while(|&(n, _)| (n as u64) < end)
        .filter(|&(_, v)| is_rare(v, mask))
        .last()
        .map(|(n, _)| n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walsh_counts_match_brute_force() {
        let values: Vec<u16> = (0..300u32).map(|i| ((i * 7 + i / 5) % 13) as u16).collect();
        let mut counts = vec![0i64; 16];
        values.iter().for_each(|&v| counts[v as usize] += 1);
        let rare = rare_counts(&counts, 16);
        for m in 0..16u16 {
            let brute = values.iter().filter(|&&v| is_rare(v, m)).count() as i64;
            assert_eq!(rare[m as usize], brute, "mask {m}");
        }
    }

    #[test]
    fn a_solved_split_keeps_the_period_common() {
        // 0, 3, 1, 2, then (1 2) forever: mask 3 makes 1 and 2 common and
        // leaves the 3 of heap 1 rare.
        let values = [0u16, 3, 1, 2, 1, 2, 1, 2];
        let found = solved_split(|| values.iter().copied(), 2, 2).unwrap();
        let three = Found {
            mask: 3,
            count: 2,
            last: Some(1),
        };
        assert_eq!(found, three);
        // Period (1): masks 1 and 3 keep it common; 1 also the 3 of heap 1.
        let values = [0u16, 3, 1, 1, 1];
        let found = solved_split(|| values.iter().copied(), 2, 1).unwrap();
        assert_eq!(
            found,
            Found {
                mask: 1,
                count: 1,
                last: None
            }
        );
        // …and 3 the 2 of heap 1.
        let values = [0u16, 2, 1, 1, 1];
        let found = solved_split(|| values.iter().copied(), 2, 1).unwrap();
        assert_eq!(
            found,
            Found {
                mask: 3,
                count: 1,
                last: None
            }
        );
        // Period 1 from 0: 0 forever, always rare.
        assert_eq!(solved_split(|| [0u16; 4].iter().copied(), 0, 1), None);
    }
}
