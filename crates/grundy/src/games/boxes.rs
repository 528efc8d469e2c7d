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

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Move};
use crate::games::heap::number;
use crate::nimber::Nimber;
use crate::sum::Term;

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

/// One box as a component: `stones` in a box of `capacity`; a move adds
/// `1 ..= stones²` stones without passing the capacity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxGame {
    capacity: u64,
    stones: u64,
}

/// Boxes with more room than this list their winning moves only by search.
const SCAN_MAX: u64 = 1 << 20;

impl BoxGame {
    /// A box, refused when the stones do not fit.
    pub fn new(stones: u64, capacity: u64) -> Result<BoxGame> {
        grundy(capacity, stones)?;
        Ok(BoxGame { capacity, stones })
    }

    fn most(&self) -> u64 {
        let room = self.capacity - self.stones;
        self.stones
            .checked_mul(self.stones)
            .map_or(room, |sq| sq.min(room))
    }

    fn add(&self, k: u64) -> Move {
        Move::to(vec![Arc::new(BoxGame {
            capacity: self.capacity,
            stones: self.stones + k,
        }) as Component])
    }
}

impl Game for BoxGame {
    fn name(&self) -> &str {
        "boxes"
    }

    fn args(&self) -> String {
        format!("{}/{}", self.stones, self.capacity)
    }

    fn key(&self) -> Vec<u64> {
        vec![self.capacity, self.stones]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new((1..=self.most()).map(|k| self.add(k)))
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(Some(grundy(self.capacity, self.stones)?))
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        if self.most() > SCAN_MAX {
            return Ok(None);
        }
        let mut out = Vec::new();
        for k in 1..=self.most() {
            if out.len() == limit {
                break;
            }
            if grundy(self.capacity, self.stones + k)? == target {
                out.push(self.add(k));
            }
        }
        Ok(Some(out))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(format!(
            "with t the largest number such that t + t² < capacity, a box with more than t \
             stones has value capacity − stones, and one with at most t plays as a box of \
             capacity t: G = {value}"
        ))
    }

    fn noun(&self) -> &str {
        "box"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let to = mv
            .after
            .first()
            .and_then(|b| b.key().get(1).copied())
            .unwrap_or(self.stones);
        let k = to - self.stones;
        format!(
            "{label}: add {k} stone{} ({} → {to} of {})",
            if k == 1 { "" } else { "s" },
            self.stones,
            self.capacity
        )
    }

    /// How many stones to add.
    fn notation(&self, mv: &Move) -> String {
        let to = mv
            .after
            .first()
            .and_then(|b| b.key().get(1).copied())
            .unwrap_or(self.stones);
        (to - self.stones).to_string()
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let k = number(text.trim())?;
        if k == 0 || k > self.most() {
            return Err(format!(
                "illegal move: {label} takes 1 to {} stones (at most its stones squared, \
                 and no more than fit)",
                self.most()
            ));
        }
        Ok(self.add(k))
    }

    fn draw(&self) -> Vec<String> {
        vec![format!("{} of {} stones", self.stones, self.capacity)]
    }
}

/// The registered parser: `boxes(c/s, …)`, `c` stones in a box of capacity `s`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    p.expect('(', "'(' and boxes stones/capacity after boxes")?;
    let mut boxes = Vec::new();
    loop {
        let at = p.pos();
        let c = p.number()?;
        p.expect('/', "'/' between a box's stones and its capacity")?;
        let s = p.number()?;
        let b = BoxGame::new(c, s).map_err(|e| p.error_at(at, e.to_string()))?;
        boxes.push(Arc::new(b) as Component);
        if p.eat(')') {
            break;
        }
        p.expect(',', "',' or ')' after a box")?;
    }
    Ok(Term::new("boxes", boxes))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "boxes",
    shown: "boxes",
    example: "boxes(2/6, 3/10)",
    about: "the box game: stones/capacity per box; a move adds to a box at most the square of the stones it holds",
    parse: parse_term,
};
