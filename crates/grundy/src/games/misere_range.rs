//! Misère take-a-range with forced take-all (HDU 2897 "邂逅明下").
//!
//! One pile of `n` coins. A move takes between `p` and `q` coins
//! (`1 ≤ p ≤ q`); when fewer than `p` remain, the move must take them all.
//! Whoever takes the last coin **loses**.
//!
//! **Theorem.** The player to move loses exactly when
//! `1 ≤ n mod (p + q) ≤ p`.
//!
//! Proof by induction on `n`; write `m = p + q` and `r = n mod m`.
//!
//! * `1 ≤ r ≤ p`: if `n ≤ p`, every move takes the last coin. Otherwise
//!   `n > m`, and a take `k ∈ p..=q` leaves `n − k ≥ 1` coins with residue
//!   `r − k + m ∈ r+p ..= r+q`, i.e. in `p+1 ..= m−1` or `0`: a win for the
//!   opponent.
//! * `r = 0` (`n ≥ m`): take `q`, leaving residue `p`.
//! * `p < r < m`: take any `k` in `max(p, r−p) ..= min(q, r−1)` (non-empty),
//!   leaving residue `r − k` in `1..=p`.
//!
//! The tests check the formula against exhaustive search.

use crate::error::{Error, Result};
use crate::nim::Outcome;

/// The outcome for the player to move with `n` coins, takes `p..=q`.
///
/// `n = 0` means the opponent has just taken the last coin and lost, so the
/// player "to move" has won: [`Outcome::N`].
///
/// ```
/// use grundy::games::misere_range::outcome;
/// use grundy::nim::Outcome;
/// assert_eq!(outcome(7, 2, 4).unwrap(), Outcome::P);
/// assert_eq!(outcome(6, 2, 4).unwrap(), Outcome::N);
/// ```
pub fn outcome(n: u64, p: u64, q: u64) -> Result<Outcome> {
    if p == 0 || p > q {
        return Err(Error::InvalidSubtraction(format!(
            "takes must be a range p..=q with 1 ≤ p ≤ q, not {p}..={q}"
        )));
    }
    let r = n % (p + q);
    Ok(Outcome::from_mover_wins(!(1..=p).contains(&r)))
}
