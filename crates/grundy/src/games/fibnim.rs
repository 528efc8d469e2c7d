//! Fibonacci Nim: one pile of `n` tokens. The first move takes `1..n−1`
//! tokens (not all); after that each move takes from 1 to twice the number
//! the previous move took, and may take the rest. Normal play: whoever takes
//! the last token wins.
//!
//! A position is the pile and the current limit on a take: written
//! `fibnim(n)` at the start (limit `n − 1`) and `fibnim(n;L)` once play has
//! started (takes `1..=L`). The limit is kept at most `n`, since a take
//! cannot pass the pile: `fibnim(5;100)` is shown as `fibnim(5;5)`.
//!
//! **Theory** (Whinihan, 1963). Write `n` in Zeckendorf form, a sum of
//! non-consecutive Fibonacci numbers `1, 2, 3, 5, 8, …`, and let `z(n)` be its
//! smallest term. The player to move wins exactly when `z(n) ≤ L`; at the
//! start (`L = n − 1`) that is exactly when `n` is not a Fibonacci number.
//! A winning move must leave `r = n − t` with `z(r) > 2t` (or `r = 0`); then
//! the Zeckendorf terms of `t` all lie below those of `r`, so `t` is the sum
//! of some of the smallest Zeckendorf terms of `n` — at most 92 candidates,
//! and taking `z(n)` itself always works when anything does.

use std::fmt;

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Context, Game, Known, Move};
use crate::games::heap::number;
use crate::games::{in_parens, parse_args};
use crate::nim::Outcome;
use crate::nimber::Nimber;
use crate::sum::Term;

/// The Fibonacci numbers `1, 2, 3, 5, …` up to `u64::MAX`: the terms of
/// Zeckendorf representations. (A 93rd would overflow, which const
/// evaluation would refuse to compile.)
const FIBS: [u64; 92] = {
    let mut f = [1u64; 92];
    f[1] = 2;
    let mut i = 2;
    while i < 92 {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// The Zeckendorf representation of `n`: non-consecutive Fibonacci numbers
/// summing to `n`, smallest first (empty for 0).
///
/// ```
/// use grundy::games::fibnim::zeckendorf;
/// assert_eq!(zeckendorf(10), [2, 8]);
/// assert_eq!(zeckendorf(100), [3, 8, 89]);
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in FIBS.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms.reverse();
    terms
}

/// Whether `n` is a Fibonacci number `1, 2, 3, 5, 8, …`.
pub fn is_fibonacci(n: u64) -> bool {
    FIBS.binary_search(&n).is_ok()
}

/// A position: `n` tokens, and takes of `1..=limit` allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibNim {
    n: u64,
    limit: u64,
}

/// One move: take `take` tokens, leaving `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibMove {
    pub take: u64,
    pub to: FibNim,
}

impl fmt::Display for FibMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}, leaving {}", self.take, self.to)
    }
}

impl fmt::Display for FibNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_start() {
            write!(f, "fibnim({})", self.n)
        } else {
            write!(f, "fibnim({};{})", self.n, self.limit)
        }
    }
}

impl FibNim {
    /// The start of a game with `n` tokens: the first take is `1..n−1`.
    pub fn start(n: u64) -> FibNim {
        FibNim {
            n,
            limit: n.saturating_sub(1),
        }
    }

    /// `n` tokens with takes of `1..=limit` allowed (`limit` is capped at `n`).
    pub fn with_limit(n: u64, limit: u64) -> FibNim {
        FibNim {
            n,
            limit: limit.min(n),
        }
    }

    /// The tokens left.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The largest take allowed now.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether this position is written as a start, `fibnim(n)`.
    pub fn is_start(&self) -> bool {
        self.limit == self.n.saturating_sub(1)
    }

    /// Parses the argument text `10` or `10;4` (what stands inside
    /// `fibnim(…)`).
    ///
    /// ```
    /// use grundy::games::fibnim::FibNim;
    /// assert_eq!(FibNim::parse("10").unwrap(), FibNim::start(10));
    /// assert_eq!(FibNim::parse("10; 4").unwrap(), FibNim::with_limit(10, 4));
    /// assert_eq!(FibNim::parse("10;4").unwrap().to_string(), "fibnim(10;4)");
    /// ```
    pub fn parse(args: &str) -> Result<FibNim> {
        parse_args(args, FibNim::read)
    }

    /// Reads `n` or `n; limit` at the cursor.
    fn read(c: &mut Cursor) -> Result<FibNim> {
        let n = c.number()?;
        Ok(if c.eat(';') {
            FibNim::with_limit(n, c.number()?)
        } else {
            FibNim::start(n)
        })
    }

    /// The move taking `take` tokens, if legal.
    pub fn play(&self, take: u64) -> Option<FibMove> {
        if take == 0 || take > self.limit {
            return None;
        }
        let rest = self.n - take; // take ≤ limit ≤ n
        Some(FibMove {
            take,
            // 2·take may pass u64; the cap at `rest` keeps it exact.
            to: FibNim::with_limit(rest, take.saturating_mul(2)),
        })
    }

    /// Every move, lazily (`limit` of them, up to 2^64 − 1), smallest first.
    pub fn moves(&self) -> impl Iterator<Item = FibMove> + '_ {
        (1..=self.limit).map(|t| self.play(t).expect("in range"))
    }

    /// Who wins: the player to move wins exactly when the smallest
    /// Zeckendorf term of `n` is at most the limit.
    ///
    /// ```
    /// use grundy::games::fibnim::FibNim;
    /// use grundy::nim::Outcome;
    /// assert_eq!(FibNim::start(13).outcome(), Outcome::P);
    /// assert_eq!(FibNim::start(10).outcome(), Outcome::N); // 10 = 8 + 2: take 2
    /// assert_eq!(FibNim::with_limit(10, 1).outcome(), Outcome::P);
    /// ```
    pub fn outcome(&self) -> Outcome {
        let smallest = zeckendorf(self.n).first().copied();
        Outcome::from_mover_wins(smallest.is_some_and(|z| z <= self.limit))
    }

    /// Every winning move, smallest take first (see the module documentation).
    ///
    /// ```
    /// use grundy::games::fibnim::FibNim;
    /// let moves = FibNim::start(10).winning_moves();
    /// assert_eq!(moves[0].to_string(), "take 2, leaving fibnim(8;4)");
    /// ```
    pub fn winning_moves(&self) -> Vec<FibMove> {
        let mut take = 0u64;
        let mut out = Vec::new();
        for term in zeckendorf(self.n) {
            take += term; // partial sums of the terms of n: at most n
            match self.play(take) {
                Some(m) if m.to.outcome() == Outcome::P => out.push(m),
                Some(_) => {}
                None => break,
            }
        }
        out
    }
}

impl FibMove {
    fn into_move(self) -> Move {
        Move::to(vec![Arc::new(self.to) as Component])
    }
}

impl FibNim {
    /// The tokens a move takes.
    fn taken(&self, mv: &Move) -> Option<u64> {
        let left = *mv.after.first()?.key().first()?;
        self.n.checked_sub(left)
    }
}

/// Fibonacci Nim as a component: outcome and winning moves by Zeckendorf
/// for all 64-bit piles; Grundy values by search.
impl Game for FibNim {
    fn name(&self) -> &str {
        "fibnim"
    }

    /// `n` at the start, `n;limit` once play has started.
    fn args(&self) -> String {
        if self.is_start() {
            self.n.to_string()
        } else {
            format!("{};{}", self.n, self.limit)
        }
    }

    fn key(&self) -> Vec<u64> {
        vec![self.n, self.limit]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(FibNim::moves(self).map(FibMove::into_move))
    }

    fn moves_at_least(&self) -> u128 {
        u128::from(self.limit.min(self.n))
    }

    fn has_moves(&self) -> bool {
        self.limit > 0
    }

    fn known(&self, _cx: &Context) -> Result<Known> {
        Ok(Known::Outcome(self.outcome()))
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        Ok((target == 0).then(|| {
            let moves = self.winning_moves().into_iter().take(limit);
            moves.map(FibMove::into_move).collect()
        }))
    }

    fn noun(&self) -> &str {
        "pile"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match self.taken(mv) {
            Some(t) => format!(
                "{label}: take {t}: {} → {} (the next player may take up to {})",
                self.n,
                self.n - t,
                t.saturating_mul(2).min(self.n - t)
            ),
            None => format!("{label}: {self} → {}", mv.after_text()),
        }
    }

    /// `K`: take K tokens.
    fn notation(&self, mv: &Move) -> String {
        self.taken(mv).map_or("?".into(), |t| t.to_string())
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let [k] = tokens[..] else {
            return Err(format!("say how many tokens to take from {label}"));
        };
        let k = number(k)?;
        self.play(k)
            .map(FibMove::into_move)
            .ok_or_else(|| format!("{label} allows takes of 1 to {} now, not {k}", self.limit))
    }

    fn draw(&self) -> Vec<String> {
        let tokens = if self.n <= 30 {
            "●".repeat(self.n as usize)
        } else {
            format!("{} tokens", self.n)
        };
        vec![format!("{tokens} (take 1 to {})", self.limit)]
    }
}

/// The registered parser: `fibnim(n)` or `fibnim(n; limit)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let f = in_parens(p, "fibnim", FibNim::read)?;
    Ok(Term::new("fibnim", vec![Arc::new(f) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "fibnim",
    shown: "fibnim",
    example: "fibnim(10) + fibnim(10;4)",
    about: "Fibonacci Nim: one pile; take up to twice the last take (`;L`: the current limit)",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// wins[n][l]: the mover wins with n tokens and takes 1..=l, from the
    /// rules (taking t leaves n − t with limit 2t).
    fn table(max: usize) -> Vec<Vec<bool>> {
        let mut wins = vec![vec![false; max + 1]; max + 1];
        for n in 0..=max {
            for l in 0..=max {
                wins[n][l] = (1..=l.min(n)).any(|t| !wins[n - t][(2 * t).min(max)]);
            }
        }
        wins
    }

    #[test]
    fn theory_matches_exhaustive_search() {
        let max = 120;
        let wins = table(max);
        for n in 0..=max {
            for l in 0..=max {
                let pos = FibNim::with_limit(n as u64, l as u64);
                assert_eq!(pos.outcome(), Outcome::from_mover_wins(wins[n][l]), "{pos}");
                let want: Vec<u64> = (1..=l.min(n))
                    .filter(|&t| !wins[n - t][(2 * t).min(max)])
                    .map(|t| t as u64)
                    .collect();
                let got: Vec<u64> = pos.winning_moves().iter().map(|m| m.take).collect();
                assert_eq!(got, want, "{pos}");
                let opts: Vec<FibNim> = pos.moves().map(|m| m.to).collect();
                let rules: Vec<FibNim> = (1..=l.min(n))
                    .map(|t| FibNim::with_limit((n - t) as u64, 2 * t as u64))
                    .collect();
                assert_eq!(opts, rules);
            }
            // The start: P exactly at the Fibonacci numbers (and 0).
            let start = FibNim::start(n as u64);
            assert_eq!(start.outcome().mover_wins(), wins[n][n.saturating_sub(1)]);
            assert_eq!(
                !start.outcome().mover_wins(),
                n == 0 || is_fibonacci(n as u64)
            );
        }
    }

    #[test]
    fn exact_near_the_top_of_u64() {
        let fibs = FIBS.to_vec();
        assert_eq!(fibs.len(), 92);
        assert_eq!(*fibs.last().unwrap(), 12_200_160_415_121_876_738);
        assert!(fibs[91].checked_add(fibs[90]).is_none());
        for w in fibs.windows(3) {
            assert_eq!(w[0] + w[1], w[2]);
        }
        for &f in &fibs {
            assert_eq!(FibNim::start(f).outcome(), Outcome::P, "{f}");
            if f >= 3 {
                assert_eq!(FibNim::start(f + 1).outcome(), Outcome::N);
            }
            assert_eq!(zeckendorf(f), [f]);
        }
        let top = FibNim::start(u64::MAX);
        let z = zeckendorf(u64::MAX);
        assert_eq!(z.iter().map(|&t| t as u128).sum::<u128>(), u64::MAX as u128);
        for w in z.windows(2) {
            let i = fibs.iter().position(|&f| f == w[0]).unwrap();
            assert!(w[1] > fibs[i + 1], "non-consecutive terms");
        }
        assert_eq!(top.outcome(), Outcome::N);
        for m in top.winning_moves() {
            assert_eq!(m.to.outcome(), Outcome::P, "{m}");
            // Every reply leaves a win again (checked on the largest replies).
            for t in [1, m.to.limit()] {
                let reply = m.to.play(t).unwrap();
                assert_eq!(reply.to.outcome(), Outcome::N);
            }
        }
        // Taking near 2^63 doubles past u64: the limit is capped, not wrapped.
        let m = FibNim::with_limit(u64::MAX, u64::MAX)
            .play(1 << 63)
            .unwrap();
        assert_eq!(m.to, FibNim::with_limit(u64::MAX - (1 << 63), u64::MAX));
        assert_eq!(m.to.limit(), u64::MAX - (1 << 63));
    }

    #[test]
    fn parses_and_displays() {
        assert_eq!(FibNim::start(10).to_string(), "fibnim(10)");
        assert_eq!(FibNim::with_limit(10, 9).to_string(), "fibnim(10)");
        assert_eq!(FibNim::with_limit(5, 100).to_string(), "fibnim(5;5)");
        assert_eq!(FibNim::parse("0").unwrap().to_string(), "fibnim(0)");
        match FibNim::parse("10,4") {
            Err(crate::Error::Parse { at, .. }) => assert_eq!(at, 2),
            other => panic!("{other:?}"),
        }
        assert!(FibNim::parse("10;").is_err());
        assert!(FibNim::parse("").is_err());
    }
}
