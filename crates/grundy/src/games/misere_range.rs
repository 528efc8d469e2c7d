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

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Game, Move};
use crate::games::heap::number;
use crate::nim::Outcome;
use crate::sum::Term;

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
/// // Takes near 2^64 do not wrap: 2^64 − 1 coins, takes 2^63..=2^64−1.
/// assert_eq!(outcome(u64::MAX, 1 << 63, u64::MAX).unwrap(), Outcome::N);
/// assert_eq!(outcome(5, 1 << 63, u64::MAX).unwrap(), Outcome::P);
/// ```
pub fn outcome(n: u64, p: u64, q: u64) -> Result<Outcome> {
    if p == 0 || p > q {
        return Err(Error::invalid(
            "subtraction set",
            format!("takes must be a range p..=q with 1 ≤ p ≤ q, not {p}..={q}"),
        ));
    }
    // p + q may exceed 2^64 − 1.
    let r = u128::from(n) % (u128::from(p) + u128::from(q));
    let (p, r) = (u128::from(p), r);
    Ok(Outcome::from_mover_wins(!(1..=p).contains(&r)))
}

/// One pile of this game as a component: take `p..=q` coins, or all of
/// them when fewer than `p` remain. Its misère outcome alone is the theorem
/// above; normal-play values (and sums) are found by search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeRange {
    name: String,
    p: u64,
    q: u64,
    n: u64,
}

impl TakeRange {
    /// A pile of `n` coins with takes `p..=q`.
    pub fn new(p: u64, q: u64, n: u64) -> Result<TakeRange> {
        outcome(n, p, q)?;
        Ok(TakeRange {
            name: format!("takerange{{{p}..{q}}}"),
            p,
            q,
            n,
        })
    }

    fn take(&self, k: u64) -> Move {
        let left = self.n - k;
        let after = TakeRange {
            n: left,
            ..self.clone()
        };
        Move::to(vec![Arc::new(after) as Component]).with_heap(
            0,
            self.n,
            if left == 0 { vec![] } else { vec![left] },
        )
    }
}

impl Game for TakeRange {
    fn name(&self) -> &str {
        &self.name
    }

    fn args(&self) -> String {
        self.n.to_string()
    }

    fn key(&self) -> Vec<u64> {
        vec![self.n]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let n = self.n;
        if n == 0 {
            return Box::new(std::iter::empty());
        }
        if n < self.p {
            return Box::new(std::iter::once(self.take(n)));
        }
        Box::new((self.p..=self.q.min(n)).map(|k| self.take(k)))
    }

    fn misere_outcome(&self) -> Option<Outcome> {
        outcome(self.n, self.p, self.q).ok()
    }

    fn heaps(&self) -> Vec<u64> {
        vec![self.n]
    }

    fn noun(&self) -> &str {
        "heap"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let to = mv.heap.as_ref().map(|h| h.to.clone()).unwrap_or_default();
        let left: u64 = to.iter().sum();
        crate::rule::Move::new(self.n - left, to).describe_as(label, self.n)
    }

    /// How many coins to take.
    fn notation(&self, mv: &Move) -> String {
        let left: u64 = mv.heap.as_ref().map_or(0, |h| h.to.iter().sum());
        (self.n - left).to_string()
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let k = number(text.trim())?;
        let legal = if self.n < self.p {
            k == self.n && k > 0
        } else {
            (self.p..=self.q.min(self.n)).contains(&k)
        };
        if !legal {
            return Err(format!(
                "illegal move: {label} allows taking {}..{} coins (all of them when fewer than {} remain)",
                self.p, self.q, self.p
            ));
        }
        Ok(self.take(k))
    }
}

/// The registered parser: `takerange{p..q}(n, …)`.
pub(crate) fn parse_term(word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    p.expect('{', &format!("'{{' and a range p..q after {word}"))?;
    let at = p.pos();
    let lo = p.number()?;
    p.skip_ws();
    if !p.looking_at("..") {
        return Err(p.error("expected '..' in the range p..q"));
    }
    p.advance(2);
    let hi = p.number()?;
    p.expect('}', "'}' after the range")?;
    if lo == 0 || lo > hi {
        return Err(p.error_at(
            at,
            format!("takes must be p..q with 1 ≤ p ≤ q, not {lo}..{hi}"),
        ));
    }
    let name = format!("takerange{{{lo}..{hi}}}");
    let piles = p.sizes(&name)?;
    let parts = piles
        .into_iter()
        .map(|n| TakeRange::new(lo, hi, n).map(|t| Arc::new(t) as Component))
        .collect::<Result<Vec<_>>>()?;
    Ok(Term::new(&name, parts))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "takerange",
    shown: "takerange{p..q}",
    example: "takerange{2..4}(7)",
    about: "one pile; take p to q coins, all when fewer than p remain; who takes the last loses",
    parse: parse_term,
};
