//! Euclid's game: two numbers; a move subtracts a positive multiple of the
//! smaller from the larger, leaving it non-negative. The player who makes a
//! number 0 wins, so a position with a 0 in it has no moves (normal play).
//!
//! **The ratio rule** (Cole and Davie, 1969). Let `a ≥ b > 0`. If `b`
//! divides `a`, the mover wins by subtracting all of `a`. If `a ≥ 2b`, the
//! options include `(a mod b + b, b)` and `(a mod b, b)`; the first has the
//! single move to the second, so exactly one of them is a loss for the
//! player who gets it, and the mover wins by choosing it. Otherwise
//! `b < a < 2b` and the only move is to `(b, a − b)`. So the game is decided
//! by following forced moves until a ratio of at least 2 (or a divisor)
//! appears: the steps of Euclid's algorithm, at most ~93 for 64-bit numbers.
//!
//! Written `euclid(25,7)`; the order of the two numbers is kept as written.

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

/// A position of Euclid's game: the two numbers, in the order written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Euclid {
    pub a: u64,
    pub b: u64,
}

/// One move: `times` × the smaller number is subtracted from the number at
/// index `from` (0 for `a`, 1 for `b`), leaving `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EuclidMove {
    pub from: usize,
    pub times: u64,
    /// The number subtracted: `times × min(a, b)` (never overflows: it is at
    /// most the larger number).
    pub amount: u64,
    pub to: Euclid,
}

impl fmt::Display for EuclidMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (before, after) = match self.from {
            0 => (self.to.a + self.amount, self.to.a),
            _ => (self.to.b + self.amount, self.to.b),
        };
        write!(
            f,
            "subtract {} from {before} ({} × {}): {before} → {after}, leaving {}",
            self.amount,
            self.times,
            self.amount / self.times,
            self.to
        )
    }
}

impl fmt::Display for Euclid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "euclid({},{})", self.a, self.b)
    }
}

impl Euclid {
    /// The position `(a, b)`.
    pub fn new(a: u64, b: u64) -> Euclid {
        Euclid { a, b }
    }

    /// Parses the argument text `25,7` (what stands inside `euclid(…)`).
    ///
    /// ```
    /// use grundy::games::euclid::Euclid;
    /// assert_eq!(Euclid::parse("25, 7").unwrap(), Euclid::new(25, 7));
    /// assert!(Euclid::parse("25").is_err());
    /// ```
    pub fn parse(args: &str) -> Result<Euclid> {
        parse_args(args, Euclid::read)
    }

    /// Reads `a, b` at the cursor.
    fn read(c: &mut Cursor) -> Result<Euclid> {
        let a = c.number()?;
        c.expect(',', "',' and the second number (euclid takes two numbers)")?;
        let b = c.number()?;
        Ok(Euclid { a, b })
    }

    /// Whether the game is over (a number is 0).
    pub fn is_terminal(&self) -> bool {
        self.a == 0 || self.b == 0
    }

    /// The number of moves: `⌊max / min⌋`, or 0 when the game is over.
    pub fn move_count(&self) -> u64 {
        if self.is_terminal() {
            0
        } else {
            self.a.max(self.b) / self.a.min(self.b)
        }
    }

    /// The move subtracting `times` × the smaller number from the larger
    /// (from `a` when the two are equal), if legal.
    pub fn play(&self, times: u64) -> Option<EuclidMove> {
        if times == 0 || times > self.move_count() {
            return None;
        }
        let (small, from) = if self.a >= self.b {
            (self.b, 0)
        } else {
            (self.a, 1)
        };
        let amount = times * small; // ≤ the larger number: times ≤ max / min
        let mut to = *self;
        match from {
            0 => to.a -= amount,
            _ => to.b -= amount,
        }
        Some(EuclidMove {
            from,
            times,
            amount,
            to,
        })
    }

    /// Every move, lazily (there are `⌊max / min⌋` of them: up to 2^64 − 1),
    /// smallest subtraction first.
    pub fn moves(&self) -> impl Iterator<Item = EuclidMove> + '_ {
        (1..=self.move_count()).map(|t| self.play(t).expect("in range"))
    }

    /// Who wins, by the ratio rule (see the module documentation).
    ///
    /// ```
    /// use grundy::games::euclid::Euclid;
    /// use grundy::nim::Outcome;
    /// assert_eq!(Euclid::new(34, 12).outcome(), Outcome::N); // 34 ≥ 2·12
    /// // Forced: 15,24 → 15,9 → 6,9 → 6,3, and the fourth player to move wins.
    /// assert_eq!(Euclid::new(15, 24).outcome(), Outcome::P);
    /// assert_eq!(Euclid::new(5, 3).outcome(), Outcome::N); // 5,3 → 3,2 → 1,2
    /// ```
    pub fn outcome(&self) -> Outcome {
        let (mut big, mut small) = (self.a.max(self.b), self.a.min(self.b));
        if small == 0 {
            return Outcome::P;
        }
        // `mover` flips with every forced move.
        let mut mover_wins = true;
        loop {
            if big % small == 0 || big / small >= 2 {
                return Outcome::from_mover_wins(mover_wins);
            }
            // small < big < 2·small: the only move leaves (small, big − small).
            (big, small) = (small, big - small);
            mover_wins = !mover_wins;
        }
    }

    /// Every winning move (at most one, see the module documentation): a
    /// move to a position that is a loss for the player who gets it.
    pub fn winning_moves(&self) -> Vec<EuclidMove> {
        if self.outcome() == Outcome::P {
            return Vec::new();
        }
        // Only the two smallest remainders can be losses: any other option
        // still has a ratio of at least 2 and is a win for its mover.
        let q = self.move_count();
        [q, q - 1]
            .into_iter()
            .filter(|&t| t >= 1)
            .filter_map(|t| self.play(t))
            .filter(|m| m.to.outcome() == Outcome::P)
            .collect()
    }
}

impl EuclidMove {
    fn into_move(self) -> Move {
        Move::to(vec![Arc::new(self.to) as Component])
    }
}

impl Euclid {
    /// The position a move leaves (its one component).
    fn after(mv: &Move) -> Option<Euclid> {
        match mv.after.first().map(|c| c.key())?[..] {
            [a, b] => Some(Euclid { a, b }),
            _ => None,
        }
    }

    /// The move from here to `to`, if legal.
    fn move_to(&self, to: Euclid) -> Option<EuclidMove> {
        let small = self.a.min(self.b);
        let (before, after) = match (self.a >= self.b, to) {
            (true, Euclid { a, b }) if b == self.b => (self.a, a),
            (false, Euclid { a, b }) if a == self.a => (self.b, b),
            _ => return None,
        };
        let amount = before.checked_sub(after)?;
        if small == 0 || amount % small != 0 {
            return None;
        }
        self.play(amount / small)
    }
}

/// Euclid's game as a component: outcome and winning moves by the ratio
/// rule for all 64-bit numbers; Grundy values by search.
/// The steps of Euclid's game on `(a, b)` (order does not matter), for all
/// 64-bit numbers, along the Euclidean algorithm (see the
/// [`every`](crate::every) module documentation).
///
/// ```
/// use grundy::games::euclid::euclid_steps;
/// assert_eq!(euclid_steps(7, 0), 0);
/// assert_eq!(euclid_steps(6, 3), 1); // take it all
/// assert_eq!(euclid_steps(3, 2), 2); // 3,2 → 1,2 → 1,0: lost
/// assert_eq!(euclid_steps(5, 2), 3); // 5,2 → 3,2 (lost for the opponent), then 2 more
/// ```
pub fn euclid_steps(a: u64, b: u64) -> u64 {
    let (mut a, mut b) = (a.max(b), a.min(b));
    // The quotients met along the way, then folded back from the end.
    let mut quotients = Vec::new();
    if b == 0 {
        return 0;
    }
    while a % b != 0 {
        quotients.push(a / b);
        (a, b) = (b, a % b);
    }
    let mut steps = 1u64; // b divides a: take all of a.
    for &q in quotients.iter().rev() {
        let lost_below = !crate::game::mover_wins(steps);
        steps += if q == 1 || lost_below { 1 } else { 2 };
    }
    steps
}

impl Game for Euclid {
    fn name(&self) -> &str {
        "euclid"
    }

    fn args(&self) -> String {
        format!("{},{}", self.a, self.b)
    }

    /// The numbers in the order written (the moves read them back from it).
    fn key(&self) -> Vec<u64> {
        vec![self.a, self.b]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Euclid::moves(self).map(EuclidMove::into_move))
    }

    fn moves_at_least(&self) -> u128 {
        u128::from(Euclid::move_count(self))
    }

    fn has_moves(&self) -> bool {
        !self.is_terminal()
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
            moves.map(EuclidMove::into_move).collect()
        }))
    }

    fn steps(&self) -> Option<u64> {
        Some(euclid_steps(self.a, self.b))
    }

    /// Only `(b, r)` and `(b + r, b)` can be lost for the opponent; a lost
    /// position's move is forced.
    fn steps_candidates(&self, _cx: &Context, _steps: u64) -> Result<Option<Vec<Move>>> {
        let q = self.move_count();
        let picks = [self.play(q), q.checked_sub(1).and_then(|t| self.play(t))];
        Ok(Some(
            picks
                .into_iter()
                .flatten()
                .map(EuclidMove::into_move)
                .collect(),
        ))
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match Euclid::after(mv).and_then(|to| self.move_to(to)) {
            Some(m) => format!("{label}: {m}"),
            None => format!("{label}: euclid({}) → {}", self.args(), mv.after_text()),
        }
    }

    /// `= A B`: the numbers left.
    fn notation(&self, mv: &Move) -> String {
        match Euclid::after(mv) {
            Some(to) => format!("= {} {}", to.a, to.b),
            None => "?".into(),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace(['=', ','], " ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        let [a, b] = tokens[..] else {
            return Err(format!(
                "write the numbers {label} leaves, `= A B` (a positive multiple of the \
                 smaller subtracted from the larger)"
            ));
        };
        let to = Euclid::new(number(a)?, number(b)?);
        self.move_to(to).map(EuclidMove::into_move).ok_or_else(|| {
            format!(
                "{label} cannot go from {self} to {to}: a move subtracts a positive multiple \
                 of the smaller number from the larger"
            )
        })
    }

    fn draw(&self) -> Vec<String> {
        vec![format!("the numbers {} and {}", self.a, self.b)]
    }
}

/// The registered parser: `euclid(a, b)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let e = in_parens(p, "euclid", Euclid::read)?;
    Ok(Term::new("euclid", vec![Arc::new(e) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "euclid",
    shown: "euclid",
    example: "euclid(25,7)",
    about: "Euclid's game: subtract a multiple of the smaller number from the larger",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The options from the rules: subtract k·min from max, k ≥ 1, result ≥ 0.
    fn options(a: u64, b: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        if a == 0 || b == 0 {
            return out;
        }
        if a >= b {
            let mut k = 1;
            while k * b <= a {
                out.push((a - k * b, b));
                k += 1;
            }
        } else {
            let mut k = 1;
            while k * a <= b {
                out.push((a, b - k * a));
                k += 1;
            }
        }
        out
    }

    fn wins(p: (u64, u64), memo: &mut HashMap<(u64, u64), bool>) -> bool {
        if let Some(&w) = memo.get(&p) {
            return w;
        }
        let w = options(p.0, p.1).into_iter().any(|o| !wins(o, memo));
        memo.insert(p, w);
        w
    }

    #[test]
    fn theory_matches_exhaustive_search() {
        let mut memo = HashMap::new();
        for a in 0..=70u64 {
            for b in 0..=70u64 {
                let pos = Euclid::new(a, b);
                let w = wins((a, b), &mut memo);
                assert_eq!(pos.outcome(), Outcome::from_mover_wins(w), "{pos}");
                let opts: Vec<(u64, u64)> = pos.moves().map(|m| (m.to.a, m.to.b)).collect();
                assert_eq!(opts, options(a, b), "{pos}");
                let want: Vec<(u64, u64)> = options(a, b)
                    .into_iter()
                    .filter(|&o| !wins(o, &mut memo))
                    .collect();
                let mut got: Vec<(u64, u64)> = pos
                    .winning_moves()
                    .iter()
                    .map(|m| (m.to.a, m.to.b))
                    .collect();
                got.sort_unstable();
                let mut want = want;
                want.sort_unstable();
                assert_eq!(got, want, "{pos}");
            }
        }
    }

    #[test]
    fn large_numbers_are_exact() {
        // Consecutive Fibonacci numbers force every move down to (2, 1).
        let mut fib = vec![1u64, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        // With fib = 1, 2, 3, 5, …, (fib[i+1], fib[i]) needs i forced moves to
        // reach (2, 1), where the mover wins.
        for i in 0..fib.len() - 1 {
            let pos = Euclid::new(fib[i + 1], fib[i]);
            let want = Outcome::from_mover_wins(i % 2 == 0);
            assert_eq!(pos.outcome(), want, "{pos}");
        }
        let top = Euclid::new(u64::MAX, u64::MAX - 1);
        // The only move leaves (1, 2^64 − 2), where the mover empties b.
        assert_eq!(top.outcome(), Outcome::P);
        assert_eq!(top.move_count(), 1);
        assert!(top.winning_moves().is_empty());
        assert_eq!(top.moves().next().unwrap().to, Euclid::new(1, u64::MAX - 1));
        let huge = Euclid::new(1, u64::MAX);
        assert_eq!(huge.move_count(), u64::MAX);
        assert_eq!(huge.winning_moves()[0].to, Euclid::new(1, 0));
        // Every winning move from a large random position leads to a loss
        // whose every move leads back to a win.
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let y = x.rotate_left(17) >> (x % 40);
            let pos = Euclid::new(x, y.max(1));
            for m in pos.winning_moves() {
                assert_eq!(m.to.outcome(), Outcome::P);
                for reply in m.to.moves().take(3) {
                    assert_eq!(reply.to.outcome(), Outcome::N);
                }
            }
            assert_eq!(pos.winning_moves().is_empty(), pos.outcome() == Outcome::P);
        }
    }

    #[test]
    fn parses_and_displays() {
        let p = Euclid::parse(" 25 ,7 ").unwrap();
        assert_eq!(p.to_string(), "euclid(25,7)");
        let text = p.to_string();
        assert_eq!(Euclid::parse(&text[7..text.len() - 1]).unwrap(), p);
        match Euclid::parse("25,x") {
            Err(crate::Error::Parse { at, .. }) => assert_eq!(at, 3),
            other => panic!("{other:?}"),
        }
        assert!(Euclid::parse("25,7,1").is_err());
        assert!(Euclid::parse("-1,7").is_err());
        assert!(Euclid::parse("18446744073709551616,1").is_err());
        let m = Euclid::new(25, 7).winning_moves();
        assert_eq!(
            m[0].to_string(),
            "subtract 14 from 25 (2 × 7): 25 → 11, leaving euclid(11,7)"
        );
    }
}
