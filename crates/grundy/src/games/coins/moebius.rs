//! Moebius (*Winning Ways*, ch. 14): a move turns one to five coins, the
//! rightmost from heads to tails; coins are numbered from 1.
//!
//! A heads coin at `x` is worth the mex of the nim-sums of every set of at
//! most four coins left of it (what a move from it leaves), so the values
//! are built greedily: 1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256,
//! … (the P-positions form the lexicographic code of minimum distance 6;
//! on the 18 coins of the book's board there are 2^9 of them). There is no
//! closed form, so the values are a table, computed once, for coins
//! `1..=`[`MAX`].

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::budget::{Budget, Ticker};
use crate::error::Result;
use crate::nimber::Nimber;

/// The last coin of a Moebius row.
pub const MAX: u64 = 128;

struct Table {
    /// `values[x]` is the value of coin `x` (`values[0] = 0`: no coin 0).
    values: Vec<Nimber>,
    /// `prefix[n]` is the nim-sum of `values[0..n]`.
    prefix: Vec<Nimber>,
    /// The coin of each value (values are strictly increasing).
    coin_of: HashMap<Nimber, u64>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        // reach[k][v]: v is the nim-sum of at most k of the values so far.
        // Values stay below a power of two `cap` that is grown as needed,
        // so every nim-sum of them does too.
        let mut cap = 2usize;
        let mut reach: Vec<Vec<bool>> = (0..5).map(|_| vec![true, false]).collect();
        let mut values = vec![0];
        for _ in 1..=MAX {
            let g = reach[4].iter().position(|&r| !r).unwrap_or(cap);
            while g >= cap {
                cap *= 2;
                for r in &mut reach {
                    r.resize(cap, false);
                }
            }
            for k in (1..=4).rev() {
                let (low, high) = reach.split_at_mut(k);
                for (v, &r) in low[k - 1].iter().enumerate() {
                    if r {
                        high[0][v ^ g] = true;
                    }
                }
            }
            values.push(g as Nimber);
        }
        let mut prefix = vec![0];
        for &v in &values {
            prefix.push(prefix.last().copied().unwrap_or(0) ^ v);
        }
        let coin_of = values
            .iter()
            .enumerate()
            .skip(1)
            .map(|(x, &v)| (v, x as u64))
            .collect();
        Table {
            values,
            prefix,
            coin_of,
        }
    })
}

/// The value of coin `x` (`1..=MAX`).
///
/// ```
/// use grundy::games::coins::moebius;
/// let first: Vec<u64> = (1..=9).map(moebius::value).collect();
/// assert_eq!(first, [1, 2, 4, 8, 16, 31, 32, 64, 103]);
/// ```
pub fn value(x: u64) -> Nimber {
    table().values[usize::try_from(x).expect("a Moebius coin is at most MAX")]
}

/// The nim-sum of the values of coins `0..n` (`n ≤ MAX + 1`).
pub(crate) fn prefix(n: u128) -> Nimber {
    table().prefix[usize::try_from(n).expect("a Moebius coin is at most MAX")]
}

/// Every set of at most `k` coins in `first..r`, ascending, lazily (the
/// empty set first).
pub(crate) fn subsets_below(first: u64, r: u64, k: usize) -> impl Iterator<Item = Vec<u64>> {
    // Depth-first over ascending sequences: each set is followed by its
    // extensions, then by its next sibling.
    let mut stack: Vec<Vec<u64>> = vec![Vec::new()];
    std::iter::from_fn(move || {
        let set = stack.pop()?;
        if set.len() < k {
            let from = set.last().map_or(first, |&l| l + 1);
            for c in (from..r).rev() {
                let mut next = set.clone();
                next.push(c);
                stack.push(next);
            }
        }
        Some(set)
    })
}

/// Up to `room` sets of coins with rightmost coin `r` (at most five
/// coins) whose values nim-add to `v`, each ascending. The walk over the
/// sets of three coins below `r` (up to 333,375 of them) looks at `budget`
/// as it goes.
pub(crate) fn turns_worth(
    r: u64,
    v: Nimber,
    room: usize,
    budget: &Budget,
) -> Result<Vec<Vec<u64>>> {
    let t = table();
    let e = value(r) ^ v;
    let mut out = Vec::new();
    // The coins left of r: at most four, nim-adding to e. The last one is
    // found by its value, the others enumerated.
    if e == 0 {
        out.push(vec![r]);
    }
    let mut ticker = Ticker::new(4096);
    for mut set in subsets_below(1, r, 3) {
        if out.len() >= room {
            break;
        }
        ticker.tick(budget)?;
        let rest = set.iter().fold(e, |acc, &c| acc ^ value(c));
        if let Some(&c) = t.coin_of.get(&rest) {
            if c < r && set.last().is_none_or(|&l| c > l) {
                set.push(c);
                set.push(r);
                out.push(set);
            }
        }
    }
    out.truncate(room);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_the_mex_of_small_sets() {
        // Directly from the rule: the mex over all sets of ≤ 4 coins below.
        for x in 1..=24u64 {
            let reached: std::collections::BTreeSet<Nimber> = subsets_below(1, x, 4)
                .map(|s| s.iter().fold(0, |a, &c| a ^ value(c)))
                .collect();
            let mex = (0..).find(|v| !reached.contains(v)).unwrap();
            assert_eq!(value(x), mex, "coin {x}");
        }
        assert_eq!(subsets_below(1, 5, 4).count(), 16);
        assert_eq!(subsets_below(1, 7, 2).count(), 1 + 6 + 15);
    }

    #[test]
    fn turns_worth_are_exactly_the_sets_of_that_value() {
        for r in 1..=14u64 {
            for v in 1..64 {
                let mut want: Vec<Vec<u64>> = subsets_below(1, r, 4)
                    .filter(|s| s.iter().fold(value(r), |a, &c| a ^ value(c)) == v)
                    .map(|mut s| {
                        s.push(r);
                        s
                    })
                    .collect();
                let mut got = turns_worth(r, v, usize::MAX, &Budget::unlimited()).unwrap();
                want.sort();
                got.sort();
                assert_eq!(got, want, "r {r} v {v}");
            }
        }
    }
}
