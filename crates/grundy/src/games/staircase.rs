//! Staircase Nim, as the monks of the Lanqiao problem 高僧斗法 play it.
//!
//! Monks stand on distinct steps `a0 < a1 < … < ak` of a staircase whose top
//! step is `ak`. A move walks one monk up any number of steps, without
//! reaching or passing the next monk; the monk on the top step cannot move.
//!
//! Write `gi = a(i+1) − ai − 1` for the empty steps above monk `i`. Moving
//! monk `i` up `j` steps takes `j` from `gi` and adds `j` to `g(i−1)` (for
//! `i > 0`). That is staircase Nim with the gaps as stairs, `g0` the lowest
//! stair (its tokens go to the ground): the even-indexed gaps `g0, g2, …`
//! behave as Nim heaps, and moves on the odd ones are undone by moving the
//! same number onward. So the Grundy value is `g0 ⊕ g2 ⊕ g4 ⊕ …`, and a move
//! changes exactly one even gap — which is how every winning move is found.

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Move};
use crate::games::heap::number;
use crate::nimber::{nim_sum, Nimber};
use crate::picture::{self, Item, Pick, Picture, Shape};
use crate::sum::Term;

/// A staircase position: the monks' steps, strictly increasing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Staircase {
    steps: Vec<u64>,
}

/// A move of one monk, from step `from` up to step `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MonkMove {
    /// The monk's index, 0 for the lowest.
    pub monk: usize,
    pub from: u64,
    pub to: u64,
}

impl Staircase {
    /// The position with monks on `steps`, which must be strictly
    /// increasing and start at 1 or more.
    pub fn new(steps: Vec<u64>) -> Result<Staircase> {
        if steps.is_empty() {
            return Err(Error::invalid(
                "staircase",
                "no monks: give at least one step",
            ));
        }
        if steps[0] == 0 {
            return Err(Error::invalid("staircase", "steps are numbered from 1"));
        }
        if let Some(w) = steps.windows(2).find(|w| w[0] >= w[1]) {
            return Err(Error::invalid(
                "staircase",
                format!(
                    "steps must be strictly increasing, but {} is followed by {}",
                    w[0], w[1]
                ),
            ));
        }
        Ok(Staircase { steps })
    }

    /// The monks' steps, lowest first.
    pub fn steps(&self) -> &[u64] {
        &self.steps
    }

    /// The empty steps above each monk but the top one.
    pub fn gaps(&self) -> Vec<u64> {
        self.steps.windows(2).map(|w| w[1] - w[0] - 1).collect()
    }

    /// The Grundy value: the nim-sum of the even-indexed gaps.
    ///
    /// ```
    /// use grundy::games::staircase::Staircase;
    /// let s = Staircase::new(vec![1, 5, 9]).unwrap();
    /// assert_eq!(s.gaps(), vec![3, 3]);
    /// assert_eq!(s.grundy(), 3);
    /// ```
    pub fn grundy(&self) -> Nimber {
        nim_sum(self.gaps().into_iter().step_by(2))
    }

    /// Every legal move, by monk then by distance.
    pub fn moves(&self) -> impl Iterator<Item = MonkMove> + '_ {
        self.steps.windows(2).enumerate().flat_map(|(monk, w)| {
            (w[0] + 1..w[1]).map(move |to| MonkMove {
                monk,
                from: w[0],
                to,
            })
        })
    }

    /// The moves to positions of value `target`, lowest monk first (at most
    /// one per monk: each move changes one even gap by a definite amount).
    pub fn moves_to_value(&self, target: Nimber) -> Vec<MonkMove> {
        let gaps = self.gaps();
        let d = self.grundy() ^ target;
        if d == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for (i, &g) in gaps.iter().enumerate() {
            let j = if i % 2 == 0 {
                // Walking monk i up shrinks the even gap above it.
                (g ^ d < g).then(|| g - (g ^ d))
            } else {
                // Walking monk i up grows the even gap below it.
                let below = gaps[i - 1];
                (below ^ d > below && (below ^ d) - below <= g).then(|| (below ^ d) - below)
            };
            if let Some(j) = j {
                moves.push(MonkMove {
                    monk: i,
                    from: self.steps[i],
                    to: self.steps[i] + j,
                });
            }
        }
        moves
    }

    /// The winning moves, lowest monk first; empty when the position is lost.
    pub fn winning_moves(&self) -> Vec<MonkMove> {
        self.moves_to_value(0)
    }

    /// The position after a move, or why it is illegal.
    pub fn play(&self, from: u64, to: u64) -> Result<Staircase> {
        let Some(i) = self.steps.iter().position(|&s| s == from) else {
            return Err(Error::IllegalMove(format!("no monk stands on step {from}")));
        };
        if i + 1 == self.steps.len() {
            return Err(Error::IllegalMove(format!(
                "the monk on the top step {from} cannot move"
            )));
        }
        if to <= from || to >= self.steps[i + 1] {
            return Err(Error::IllegalMove(format!(
                "the monk on step {from} can move up to steps {}..{}",
                from + 1,
                self.steps[i + 1] - 1
            )));
        }
        let mut steps = self.steps.clone();
        steps[i] = to;
        Ok(Staircase { steps })
    }
}

impl Game for Staircase {
    fn name(&self) -> &str {
        "stairs"
    }

    fn args(&self) -> String {
        list(&self.steps, ",")
    }

    /// The gaps, trailing empty ones cut: the game depends on nothing else
    /// (the top monk never moves).
    fn key(&self) -> Vec<u64> {
        let mut gaps = self.gaps();
        while gaps.last() == Some(&0) {
            gaps.pop();
        }
        gaps
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Staircase::moves(self).map(|m| self.to_move(m)))
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
        Ok(Some(
            Staircase::moves_to_value(self, target)
                .into_iter()
                .take(limit)
                .map(|m| self.to_move(m))
                .collect(),
        ))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        let gaps = self.gaps();
        if gaps.is_empty() {
            return Some(format!("one monk alone cannot move, so G = {value}"));
        }
        let counted: Vec<String> = gaps
            .iter()
            .enumerate()
            .step_by(2)
            .map(|(i, _)| format!("gap {}", i + 1))
            .collect();
        Some(format!(
            "the empty steps above each monk but the top one are the gaps {} (gap 1 above the \
             lowest monk). By the staircase Nim theorem only the odd-numbered gaps count: \
             walking a monk up takes steps from the gap above it and adds them to the gap \
             below it, so an odd-numbered gap is a Nim heap, while steps added to an \
             odd-numbered gap by a move on the even-numbered gap above it can be passed on \
             at once by the opponent. So G = {}{value}",
            list(&gaps, ", "),
            counted.join(" ⊕ ") + " = "
        ))
    }

    fn heaps(&self) -> Vec<u64> {
        self.steps.clone()
    }

    fn noun(&self) -> &str {
        "staircase"
    }

    fn describe(&self, mv: &Move, _label: &str) -> String {
        match &mv.heap {
            Some(h) => format!(
                "move the monk on step {} up to step {}",
                h.from,
                h.to.first().copied().unwrap_or(h.from)
            ),
            None => "?".into(),
        }
    }

    /// `A B`: the monk on step A walks up to step B.
    fn notation(&self, mv: &Move) -> String {
        match &mv.heap {
            Some(h) => format!("{} {}", h.from, h.to.first().copied().unwrap_or(h.from)),
            None => "?".into(),
        }
    }

    fn read_move(&self, text: &str, _label: &str) -> std::result::Result<Move, String> {
        let tokens: Vec<&str> = text.split([' ', ',']).filter(|t| !t.is_empty()).collect();
        let [a, b] = tokens[..] else {
            return Err(
                "a monk moves with two numbers: the step it stands on and the step it goes to"
                    .into(),
            );
        };
        let (a, b) = (number(a)?, number(b)?);
        let i = self
            .steps
            .iter()
            .position(|&s| s == a)
            .ok_or_else(|| format!("no monk stands on step {a}"))?;
        if let Some(&next) = self.steps.get(i + 1) {
            if next == a + 1 {
                return Err(format!(
                    "the monk on step {a} cannot move: the next monk stands on step {next}"
                ));
            }
        }
        self.play(a, b).map_err(|e| e.to_string())?;
        Ok(self.to_move(MonkMove {
            monk: i,
            from: a,
            to: b,
        }))
    }

    /// The staircase, steps 1 to the top monk's: click a monk, then the
    /// step it walks up to.
    fn picture(&self) -> Option<Picture<Move>> {
        let top = *self.steps.last().expect("a staircase has monks");
        if top > picture::MAX_ELEMENTS as u64 {
            return None;
        }
        let shape = Shape::Stairs {
            top,
            monks: self.steps.clone(),
        };
        let picks = Staircase::moves(self)
            .map(|m| Pick::new(vec![Item::Step(m.from), Item::Step(m.to)], self.to_move(m)));
        picture::bounded(shape, picks)
    }

    fn draw(&self) -> Vec<String> {
        let mut lines = vec![match self.steps[..] {
            [one] => format!("one monk, on step {one}"),
            _ => format!("monks on steps {}", list(&self.steps, ", ")),
        }];
        let top = *self.steps.last().expect("a staircase has monks");
        if top <= 40 {
            let picture: Vec<&str> = (1..=top)
                .map(|k| if self.steps.contains(&k) { "M" } else { "·" })
                .collect();
            lines.push(format!("step 1 → {top}: {}", picture.join(" ")));
        }
        lines
    }
}

impl Staircase {
    fn to_move(&self, m: MonkMove) -> Move {
        let mut steps = self.steps.clone();
        steps[m.monk] = m.to;
        Move::to(vec![Arc::new(Staircase { steps }) as Component]).with_heap(
            m.monk,
            m.from,
            vec![m.to],
        )
    }
}

fn list(xs: &[u64], sep: &str) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(sep)
}

/// The registered parser: `stairs(a, b, …)`, monks on steps a < b < ….
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let (steps, starts) = p.sizes_at("stairs")?;
    // Point at the first step that breaks the order (or the 0).
    let bad = (0..steps.len())
        .find(|&i| steps[i] == 0 || (i > 0 && steps[i] <= steps[i - 1]))
        .unwrap_or(0);
    let s = Staircase::new(steps).map_err(|e| match e {
        Error::Invalid { .. } => p.error_at(starts[bad], e.to_string()),
        other => other,
    })?;
    Ok(Term::new("stairs", vec![Arc::new(s) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "stairs" || w == "staircase",
    shown: "stairs",
    example: "stairs(1,5,9)",
    about: "staircase Nim: monks on strictly increasing steps; a move walks one up, not reaching the next",
    parse: parse_term,
};
