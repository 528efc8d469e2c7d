//! The multiplication game (HDU 1517, POJ 2505, UVa 847): a number `p`
//! starts at 1; a move multiplies it by one of 2, 3, …, 9; whoever first
//! makes `p ≥ n` wins.
//!
//! **Theorem.** With target `n` and `p < n`, the player to move wins when
//! `9p ≥ n` (one move reaches `n`). If `9p < n ≤ 18p`, every move gives
//! `2p ≤ q ≤ 9p < n` with `9q ≥ 18p ≥ n`, a win for the opponent: a loss.
//! If `18p < n`, let `m = ⌈n/18⌉` (so `p < m`): the position is won for the
//! mover exactly when it is won in the game with target `m`. Indeed the
//! numbers `m ≤ q < ⌈n/9⌉` are the losses just found (`9q < n ≤ 18q`), and
//! all numbers `≥ ⌈n/9⌉` are wins; from `p < m`, if some `2p…9p` reaches
//! `m`, the smallest such product is below `m + p ≤ 2m − 1 ≤ ⌈n/9⌉`, a
//! loss for the opponent — the same verdict as "reaching `m` wins" — and
//! otherwise every move stays below `m`, where induction applies. Each step
//! divides the target by 18, so the answer takes at most 16 steps for
//! 64-bit `n`.

use crate::nim::Outcome;

/// Who wins when the number is `p` and the target `n`: the player to move
/// (N) or the other (P). At `p ≥ n` the game is over and the player to
/// move has lost (P).
///
/// ```
/// use grundy::games::multiplication::outcome;
/// use grundy::nim::Outcome;
/// assert_eq!(outcome(1, 162), Outcome::N); // "Stan wins."
/// assert_eq!(outcome(1, 17), Outcome::P); // "Ollie wins."
/// assert_eq!(outcome(1, 34_012_226), Outcome::N);
/// ```
pub fn outcome(p: u64, n: u64) -> Outcome {
    if p >= n {
        return Outcome::P;
    }
    let (p, mut n) = (p as u128, n as u128);
    loop {
        if 9 * p >= n {
            return Outcome::N;
        }
        if 18 * p >= n {
            return Outcome::P;
        }
        n = n.div_ceil(18);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_exhaustive_search() {
        for n in 1..=5000u64 {
            // wins[p] for p < n, from the rules, downward.
            let mut wins = vec![false; n as usize];
            for p in (1..n).rev() {
                wins[p as usize] = (2..=9u64).any(|m| p * m >= n || !wins[(p * m) as usize]);
            }
            for p in 1..n {
                assert_eq!(
                    outcome(p, n),
                    Outcome::from_mover_wins(wins[p as usize]),
                    "p={p} n={n}"
                );
            }
            assert_eq!(outcome(n, n), Outcome::P);
        }
    }

    #[test]
    fn large_targets_are_exact() {
        // Stan wins from 1 exactly when n falls in a range (18^k, 9·18^k].
        for n in [
            u64::MAX,
            u64::MAX - 1,
            (1 << 32) - 2,
            18u64.pow(15),
            9 * 18u64.pow(14),
            9 * 18u64.pow(14) + 1,
        ] {
            let mut k = 1u128;
            while k * 18 < n as u128 {
                k *= 18;
            }
            // n is in (k, 18k]; the mover wins when n ≤ 9k.
            let want = Outcome::from_mover_wins(n as u128 <= 9 * k || n == 1);
            assert_eq!(outcome(1, n), want, "n={n}");
        }
    }
}
