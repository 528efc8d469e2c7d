//! Win, lose or draw of every position of a game graph, with how long
//! the game lasts: the perfect player's table for loopy games.
//!
//! Retrograde analysis from the positions without a move (lost for the
//! player to move, 0 moves to go): a position with a move to a lost one is
//! won, in one more move than its quickest such move; a position whose
//! every move goes to a won one is lost, in one more move than its slowest
//! such move; what is never reached this way is a draw — from it neither
//! player can force a win, and the player to move can always keep it a draw.
//! Positions are settled in order of remoteness (a first-in, first-out
//! queue), so the first lost follower that settles a won position is its
//! quickest, and the last won follower of a lost one is its slowest: the
//! remoteness is exact (the winner hurries, the loser delays). Linear in the
//! edges; no recursion.

use crate::budget::{Budget, Ticker};
use crate::error::Result;
use crate::nim::Outcome;

use crate::graph::Graph;

/// Outcome and remoteness of every vertex of a graph (the source of this
/// module explains the method).
#[derive(Clone, Debug)]
pub struct OutcomeTable {
    outcome: Vec<Outcome>,
    moves: Vec<u32>,
}

impl OutcomeTable {
    /// Analyses every vertex of `graph` within `budget` (its deadline and
    /// cancellation; about 16 bytes per vertex and 4 per edge, held against
    /// its allowance).
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::loopy::{Graph, OutcomeTable};
    /// use grundy::nim::Outcome;
    /// // 0 → 1 → 2, and 0 ⇄ 3.
    /// let g = Graph::from_edges(4, &[(0, 1), (1, 2), (0, 3), (3, 0)]).unwrap();
    /// let r = OutcomeTable::new(&g, &Budget::unlimited()).unwrap();
    /// assert_eq!((r.outcome(2), r.moves(2)), (Outcome::P, Some(0)));
    /// assert_eq!((r.outcome(1), r.moves(1)), (Outcome::N, Some(1)));
    /// assert_eq!((r.outcome(0), r.moves(0)), (Outcome::D, None)); // to 3, not to 1
    /// ```
    pub fn new(graph: &Graph, budget: &Budget) -> Result<OutcomeTable> {
        let n = graph.vertices();
        let _held = budget.reserve(4 * (4 * n as u64 + 1 + graph.edges() as u64))?;
        let mut ticker = Ticker::new(4096);
        let mut pred_start = vec![0u32; n + 1];
        for u in 0..n as u32 {
            for &v in graph.successors(u) {
                pred_start[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; graph.edges()];
        for u in 0..n as u32 {
            ticker.tick(budget)?;
            for &v in graph.successors(u) {
                preds[fill[v as usize] as usize] = u;
                fill[v as usize] += 1;
            }
        }
        drop(fill);
        let mut left: Vec<u32> = (0..n as u32)
            .map(|u| graph.successors(u).len() as u32)
            .collect();
        let mut outcome = vec![Outcome::D; n];
        let mut moves = vec![0u32; n];
        let mut queue: Vec<u32> = (0..n as u32).filter(|&u| left[u as usize] == 0).collect();
        for &u in &queue {
            outcome[u as usize] = Outcome::P;
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let lost = outcome[v as usize] == Outcome::P;
            let r = moves[v as usize] + 1;
            for &u in &preds[pred_start[v as usize] as usize..pred_start[v as usize + 1] as usize] {
                ticker.tick(budget)?;
                let u = u as usize;
                if outcome[u] != Outcome::D {
                    continue;
                }
                if lost {
                    outcome[u] = Outcome::N;
                    moves[u] = r;
                    queue.push(u as u32);
                } else {
                    left[u] -= 1;
                    if left[u] == 0 {
                        outcome[u] = Outcome::P;
                        moves[u] = r;
                        queue.push(u as u32);
                    }
                }
            }
        }
        Ok(OutcomeTable { outcome, moves })
    }

    /// Who wins at `v` with perfect play.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.outcome[v as usize]
    }

    /// How many more moves the game lasts from `v` when the winner hurries
    /// and the loser delays; `None` for a draw.
    pub fn moves(&self, v: u32) -> Option<u32> {
        (self.outcome[v as usize] != Outcome::D).then(|| self.moves[v as usize])
    }

    /// The best follower of `u` for the player to move there: the quickest
    /// move to a lost position when `u` is won; a move to a draw when `u` is
    /// drawn; the slowest move to a won position when `u` is lost. `None`
    /// when `u` has no move.
    pub fn best(&self, graph: &Graph, u: u32) -> Option<u32> {
        let succ = graph.successors(u);
        match self.outcome(u) {
            Outcome::N => succ
                .iter()
                .copied()
                .filter(|&v| self.outcome(v) == Outcome::P)
                .min_by_key(|&v| self.moves[v as usize]),
            Outcome::D => succ
                .iter()
                .copied()
                .find(|&v| self.outcome(v) == Outcome::D),
            Outcome::P => succ.iter().copied().max_by_key(|&v| self.moves[v as usize]),
        }
    }
}
