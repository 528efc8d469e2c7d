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

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Context, Game, Move};
use crate::games::heap::number;
use crate::nim::{self, Outcome, Play};
use crate::nimber::Nimber;
use crate::sum::Term;

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

/// One row of `n` tokens as a component: a move removes a run of
/// consecutive tokens, leaving 0, 1 or 2 rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run(pub u64);

/// Rows longer than this list their splits to a value only by search.
const SCAN_MAX: u64 = 1 << 22;

impl Run {
    fn leave(&self, leaves: Vec<u64>) -> Move {
        let mut to: Vec<u64> = leaves.into_iter().filter(|&x| x > 0).collect();
        to.sort_unstable();
        let after = to.iter().map(|&x| Arc::new(Run(x)) as Component).collect();
        Move::to(after).with_heap(0, self.0, to)
    }
}

impl Game for Run {
    fn name(&self) -> &str {
        "runs"
    }

    fn args(&self) -> String {
        self.0.to_string()
    }

    fn key(&self) -> Vec<u64> {
        vec![self.0]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let n = self.0;
        Box::new((1..=n).flat_map(move |k| {
            let rest = n - k;
            std::iter::once(self.leave(vec![rest]))
                .chain((1..=rest / 2).map(move |a| self.leave(vec![a, rest - a])))
        }))
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(Some(grundy(self.0)))
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        let n = self.0;
        let mut out = Vec::new();
        if target >= n || limit == 0 {
            return Ok(Some(out));
        }
        // From an end: one row of `target` (nothing when 0) …
        out.push(self.leave(vec![target]));
        // … or from the middle: rows a ≤ b with a ⊕ b = target, a + b < n.
        let top = (n - 1) / 2;
        if top > SCAN_MAX && limit > 1 {
            return Ok(None);
        }
        for a in 1..=top {
            if out.len() >= limit {
                break;
            }
            let b = a ^ target;
            if b >= a && a.checked_add(b).is_some_and(|s| s < n) {
                out.push(self.leave(vec![a, b]));
            }
        }
        Ok(Some(out))
    }

    fn misere_outcome(&self) -> Option<Outcome> {
        Some(outcome(&[self.0], Play::Misere))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(format!(
            "a row can leave any shorter row, and two rows a, b leave a ⊕ b ≤ a + b < n, so \
             G(n) = n = {value}"
        ))
    }

    fn heaps(&self) -> Vec<u64> {
        vec![self.0]
    }

    fn emptied(&self) -> Option<Component> {
        Some(Arc::new(Run(0)))
    }

    fn noun(&self) -> &str {
        "heap"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let to = mv.heap.as_ref().map(|h| h.to.clone()).unwrap_or_default();
        let left: u64 = to.iter().sum();
        crate::rule::Move::new(self.0 - left, to).describe_as(label, self.0)
    }

    /// `K` takes K from an end; `= A B` leaves the rows A and B.
    fn notation(&self, mv: &Move) -> String {
        let to = mv.heap.as_ref().map(|h| h.to.clone()).unwrap_or_default();
        match to[..] {
            [] => self.0.to_string(),
            [a] => (self.0 - a).to_string(),
            _ => format!("= {} {}", to[0], to[1]),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace('=', " = ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        let leaves = match tokens[..] {
            [k] => {
                let k = number(k)?;
                if k == 0 || k > self.0 {
                    return Err(format!(
                        "illegal move: {label} has {}",
                        super::tokens(self.0)
                    ));
                }
                vec![self.0 - k]
            }
            ["=", ref rest @ ..] if rest.len() <= 2 => {
                rest.iter()
                    .map(|t| number(t))
                    .collect::<std::result::Result<Vec<u64>, String>>()?
            }
            _ => return Err("`H K` takes K from an end, `H = A B` leaves rows A and B".into()),
        };
        let left = leaves.iter().try_fold(0u64, |a, &x| a.checked_add(x));
        if left.is_none_or(|l| l >= self.0) {
            return Err(format!(
                "illegal move: a run taken from {label} leaves fewer than its {} tokens",
                self.0
            ));
        }
        Ok(self.leave(leaves))
    }

    fn draw(&self) -> Vec<String> {
        vec![super::tokens(self.0)]
    }
}

/// The registered parser: `runs(n, …)`, one row per length.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let rows = p.sizes("runs")?;
    Ok(Term::new(
        "runs",
        rows.into_iter()
            .map(|n| Arc::new(Run(n)) as Component)
            .collect(),
    ))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "runs",
    shown: "runs",
    example: "runs(4,3)",
    about: "rows of tokens; a move removes a run of consecutive tokens from one row",
    parse: parse_term,
};
