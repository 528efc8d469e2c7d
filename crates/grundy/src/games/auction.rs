//! The auction of HDU 2149 "Public Sale", a Bash game in disguise.
//!
//! The price starts at 0. Players take turns raising it by `1 ..= N`; the
//! player whose bid makes the price reach `M` or more wins.
//!
//! **Reduction.** With price `c < M`, let the heap be `M − c`. A raise of `k`
//! takes `k` tokens; a raise of `k ≥ M − c` wins at once, which is the same as
//! taking the whole heap, the last move, in the subtraction game with takes
//! `1..=N` (Bash's game, [`Subtraction::Range`]) under normal play. So a first
//! bid `b < M` wins exactly when it leaves a heap `M − b` of Grundy value 0,
//! and every bid `b` in `M ..= N` wins outright.

use crate::error::Result;
use crate::games::heap::{Rule, Subtraction};
use crate::sequence::{Limits, NimSequence};

/// Every winning first bid, ascending, for target `price` (`M ≥ 1`) and
/// raises `1..=max_raise` (`N ≥ 1`); empty when the first bidder loses.
///
/// ```
/// use grundy::games::auction::winning_bids;
/// assert_eq!(winning_bids(4, 2).unwrap(), vec![1]);
/// assert!(winning_bids(3, 2).unwrap().is_empty());
/// assert_eq!(winning_bids(3, 5).unwrap(), vec![3, 4, 5]);
/// ```
///
/// The list has up to `N` entries; callers bound `N`.
pub fn winning_bids(price: u64, max_raise: u64) -> Result<Vec<u64>> {
    let rule = Rule::Subtraction(Subtraction::range(1, max_raise)?);
    let seq = NimSequence::new(&rule, price, Limits::default())?;
    // Bids up to min(M, N) that leave a heap of value 0 (taking all of M
    // leaves the empty heap, value 0: that is the bid of exactly M) …
    let mut bids: Vec<u64> = seq.moves_to_value(price, 0)?.map(|m| m.take).collect();
    // … and the bids past M, which also reach the target at once.
    bids.extend(price.saturating_add(1)..=max_raise);
    Ok(bids)
}
