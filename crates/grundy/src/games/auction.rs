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

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Context, Game, Move};
use crate::games::heap::number;
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::rule::{Rule, Subtraction};
use crate::sequence::NimSequence;
use crate::sum::Term;

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

/// The auction as a component: the price is `left` short of the target, and
/// a raise adds `1..=max_raise`; a raise that reaches the target ends the
/// game (the last move, which wins). Bash's game: `G = left` when one raise
/// can reach the target, else `left mod (max_raise + 1)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    name: String,
    max_raise: u64,
    left: u64,
}

impl Auction {
    /// An auction `left` short of its target with raises up to `max_raise` (≥ 1).
    pub fn new(max_raise: u64, left: u64) -> Auction {
        Auction {
            name: format!("auction{{{max_raise}}}"),
            max_raise,
            left,
        }
    }

    fn raise(&self, k: u64) -> Move {
        if k >= self.left {
            return Move::to(vec![]);
        }
        Move::to(vec![Arc::new(Auction {
            left: self.left - k,
            ..self.clone()
        }) as Component])
    }

    fn grundy(&self) -> Nimber {
        if self.max_raise >= self.left {
            self.left
        } else {
            // max_raise < left ≤ u64::MAX, so max_raise + 1 does not overflow.
            self.left % (self.max_raise + 1)
        }
    }
}

impl Game for Auction {
    fn name(&self) -> &str {
        &self.name
    }

    fn args(&self) -> String {
        self.left.to_string()
    }

    fn key(&self) -> Vec<u64> {
        vec![self.left]
    }

    /// Raises of `1..left` and, when one raise can reach the target, one
    /// move that does (every such bid leaves the same position).
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new((1..=self.max_raise.min(self.left)).map(|k| self.raise(k)))
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(Some(self.grundy()))
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        let (n, left) = (self.max_raise, self.left);
        let mut ks: Vec<u64> = Vec::new();
        if left == 0 {
            return Ok(Some(Vec::new()));
        }
        if n >= left {
            // Every value below `left` is one raise away; 0 also by every
            // raise that reaches the target.
            if target < left && target > 0 {
                ks.push(left - target);
            }
            if target == 0 {
                ks.push(left);
            }
        } else {
            // (left − k) mod (n + 1) = target, 1 ≤ k ≤ n: one residue class.
            let m = u128::from(n) + 1;
            if u128::from(target) < m {
                let k = (u128::from(left) % m + m - u128::from(target)) % m;
                if k != 0 {
                    ks.push(k as u64);
                }
            }
        }
        Ok(Some(
            ks.into_iter().take(limit).map(|k| self.raise(k)).collect(),
        ))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(format!(
            "Bash's game on the {} still missing, raises of 1 to {}: G = {value}",
            self.left, self.max_raise
        ))
    }

    /// A finished auction (nothing left to raise) stays in its term.
    fn emptied(&self) -> Option<Component> {
        Some(Arc::new(Auction {
            left: 0,
            ..self.clone()
        }))
    }

    fn noun(&self) -> &str {
        "auction"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match mv.after.first() {
            Some(next) => format!(
                "{label}: raise by {} ({} short of the target → {})",
                self.left - next.key()[0],
                self.left,
                next.key()[0]
            ),
            None => format!("{label}: raise to the target or past it, and win"),
        }
    }

    /// The raise (the smallest that reaches the target, for those that do).
    fn notation(&self, mv: &Move) -> String {
        match mv.after.first() {
            Some(next) => (self.left - next.key()[0]).to_string(),
            None => self.left.to_string(),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let k = number(text.trim())?;
        if k == 0 || k > self.max_raise || self.left == 0 {
            // (A raise past the target is the same move as reaching it.)
            return Err(format!(
                "illegal move: {label} takes raises of 1 to {}",
                self.max_raise
            ));
        }
        Ok(self.raise(k))
    }

    fn draw(&self) -> Vec<String> {
        vec![format!(
            "{} short of the target, raises of 1 to {}",
            self.left, self.max_raise
        )]
    }
}

/// The registered parser: `auction{N}(M, …)`: raises of 1..N, M short of
/// the target (a fresh auction with target M).
pub(crate) fn parse_term(word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    p.expect('{', &format!("'{{' and the largest raise after {word}"))?;
    let at = p.pos();
    let n = p.number()?;
    p.expect('}', "'}' after the largest raise")?;
    if n == 0 {
        return Err(p.error_at(at, "the largest raise must be at least 1"));
    }
    let name = format!("auction{{{n}}}");
    let prices = p.sizes(&name)?;
    Ok(Term::new(
        &name,
        prices
            .into_iter()
            .map(|m| Arc::new(Auction::new(n, m)) as Component)
            .collect(),
    ))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "auction",
    shown: "auction{N}",
    example: "auction{3}(10)",
    about: "the bidding game: raise the price by 1 to N; whoever reaches M wins",
    parse: parse_term,
};
