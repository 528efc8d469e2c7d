//! Grundy's game: a move splits one heap into two non-empty heaps of
//! different sizes. Heaps of 1 and 2 are dead.
//!
//! Its nim-sequence is famously not known to be periodic, so its values are
//! always computed, never extrapolated.

use super::Move;

/// Every move from a heap of `n`: splits `a + b = n` with `1 ≤ a < b`.
pub fn moves(n: u64) -> Box<dyn Iterator<Item = Move>> {
    Box::new((1..n.div_ceil(2)).map(move |a| Move::new(0, vec![a, n - a])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_unequal() {
        let leaves: Vec<_> = moves(6).map(|m| m.leaves).collect();
        assert_eq!(leaves, vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(moves(2).count(), 0);
        assert_eq!(moves(0).count(), 0);
    }
}
