//! The box game (HDU 1729 "Stone Game"): stones are added to boxes.
//!
//! A box of capacity `s` holds `c` stones. A move adds `k` stones to one
//! box, `1 ≤ k ≤ c²`, without passing its capacity; a box with no stones
//! has no move. Each box is a component of a sum, so what matters is its
//! Grundy value `G_s(c)`.
//!
//! **Theorem.** Let `t` be the largest integer with `t + t² < s`.
//!
//! * If `c > t`, then `c + c² ≥ s`: every count `c+1 … s` is one move away,
//!   so by induction downward from `s` (where `G = 0`) `G_s(c) = s − c`.
//! * If `c ≤ t`, then `G_s(c) = G_t(c)`: the box behaves as one of capacity
//!   `t` (downward induction on `c`). The options `c' ≤ t` are the options
//!   of `c` in the capacity-`t` game, with the same values. The options
//!   `c' > t` (there are some only when `c + c² > t`) have values
//!   `s − c' ≥ s − c − c² > t + t² − c − c² ≥ t − c ≥ G_t(c)`, since a
//!   capacity-`t` box at `c` has at most `t − c` options. Values above
//!   `G_t(c)` cannot change the mex, so `G_s(c) = G_t(c)`; at `c = t` this
//!   gives 0 (every option is above `t`).
//!
//! The recursion shrinks `s` to about `√s` each step, so it is `O(log log s)`.

use crate::error::{Error, Result};
use crate::nimber::Nimber;

/// The largest `t` with `t + t² < s` (for `s ≥ 1`).
fn threshold(s: u64) -> u64 {
    let fits = |t: u64| {
        t.checked_mul(t)
            .and_then(|q| q.checked_add(t))
            .is_some_and(|v| v < s)
    };
    let mut t = (s as f64).sqrt() as u64;
    while t > 0 && !fits(t) {
        t -= 1;
    }
    while fits(t + 1) {
        t += 1;
    }
    t
}

/// The Grundy value of a box of capacity `capacity` holding `stones`.
///
/// ```
/// use grundy::games::boxes::grundy;
/// assert_eq!(grundy(6, 2).unwrap(), 4); // 2 + 4 ≥ 6: any count 3..=6 is reachable
/// assert_eq!(grundy(6, 1).unwrap(), 0); // 1 is the threshold of 6
/// assert_eq!(grundy(3, 0).unwrap(), 0); // an empty box has no move
/// assert!(grundy(2, 3).is_err());
/// ```
pub fn grundy(capacity: u64, stones: u64) -> Result<Nimber> {
    if stones > capacity {
        return Err(Error::IllegalMove(format!(
            "a box of capacity {capacity} cannot hold {stones} stones"
        )));
    }
    if stones == 0 {
        return Ok(0);
    }
    let mut s = capacity;
    loop {
        let t = threshold(s);
        if stones > t {
            return Ok(s - stones);
        }
        // stones ≤ t, and stones ≥ 1 keeps t ≥ 1, so this terminates.
        s = t;
    }
}
