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

use crate::error::{Error, Result};
use crate::nimber::{nim_sum, Nimber};

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
            return Err(Error::InvalidStaircase(
                "no monks: give at least one step".into(),
            ));
        }
        if steps[0] == 0 {
            return Err(Error::InvalidStaircase("steps are numbered from 1".into()));
        }
        if let Some(w) = steps.windows(2).find(|w| w[0] >= w[1]) {
            return Err(Error::InvalidStaircase(format!(
                "steps must be strictly increasing, but {} is followed by {}",
                w[0], w[1]
            )));
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
    /// use grundy::staircase::Staircase;
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
