//! Rows of tokens where a move removes any run of consecutive tokens from one
//! row (HDU 2509 "Be the Winner"): `@@@@` can become `@@@`, `@@`, `@`, nothing,
//! or — taking from the middle — the two rows `@ @` or `@ @@`.
//!
//! This is the octal game `0.777…` (every digit 7): take any number, leave
//! 0, 1 or 2 rows.
//!
//! **Normal play.** `G(n) = n`: a row of `n` can leave any single row
//! `0 … n−1` (take from an end), and a split into rows `a, b` with
//! `a + b < n` has value `a ⊕ b ≤ a + b < n`. So the options' values are
//! exactly `0 … n−1`, and the sum is Nim.
//!
//! **Misère play.** The outcome is misère Nim's ([`nim::outcome`] with
//! [`Play::Misere`]). Let `P'` be misère Nim's losing positions: all rows of
//! size ≤ 1 and an odd number of them, or some row ≥ 2 and nim-sum 0. Every
//! Nim move is also a move here, so from outside `P'` there is a move into
//! it. From inside `P'`, Nim moves leave `P'` (misère Nim), and a split of a
//! row `h ≥ 3` into `a, b ≥ 1` cannot land in `P'`. Such a split needs a row
//! ≥ 2, so the position was in `P'` by having nim-sum 0: the other rows have
//! nim-sum `h`, and the new nim-sum is `h ⊕ a ⊕ b ≠ 0` since
//! `a ⊕ b ≤ a + b < h` — not in `P'` if a row ≥ 2 remains; and all rows ≤ 1
//! afterwards is impossible,
//! because the other rows (all ≤ 1) would then have nim-sum `h ≥ 3`. So `P'`
//! is exactly the set of misère losses.

use crate::nim::{self, Outcome, Play};
use crate::nimber::Nimber;

/// The Grundy value (normal play) of a row of `n` tokens: `n`.
pub fn grundy(n: u64) -> Nimber {
    n
}

/// The outcome of rows of the given sizes, under normal or misère play.
///
/// ```
/// use grundy::games::consecutive::outcome;
/// use grundy::nim::{Outcome, Play};
/// assert_eq!(outcome(&[2, 2], Play::Misere), Outcome::P);
/// assert_eq!(outcome(&[3], Play::Misere), Outcome::N);
/// ```
pub fn outcome(rows: &[u64], play: Play) -> Outcome {
    nim::outcome(rows, play)
}
