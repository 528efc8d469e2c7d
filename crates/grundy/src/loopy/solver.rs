//! γ of components and sums of any [`Game`](crate::game::Game): the graphs
//! behind them solved once and remembered.

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::Result;
use crate::game::Component;

use super::explore::Explored;
use super::gamma::Gamma;
use super::retrograde::{solve, Progress, Solution};
use crate::graph::Graph;

/// Which of a [`LoopySolver`]'s solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Graph(usize),
    Explored(usize),
}

/// Where a component's value was found: the solved graph and its vertex.
#[derive(Clone, Copy, Debug)]
pub struct Found<'s> {
    /// The solution of the graph holding the component's position.
    pub solution: &'s Solution,
    /// The component's vertex in it.
    pub vertex: u32,
    /// The position's components, when the graph was explored from the
    /// game's moves (`None` for a family's own graph).
    pub explored: Option<&'s Explored>,
}

/// γ of components of any game, loopy or not, by retrograde analysis of
/// the graph of their positions: a family's own graph when it has one
/// ([`Game::on_graph`](crate::game::Game::on_graph)), else the positions
/// explored from the component's moves. Graphs are solved once and kept, so
/// a long-lived solver answers many questions about one game.
///
/// ```
/// use std::sync::Arc;
/// use grundy::budget::Budget;
/// use grundy::game::{Component, Game, Move};
/// use grundy::loopy::{Gamma, LoopySolver};
///
/// /// A counter on 0..5: step down by 1, or from 4 back up to 2.
/// #[derive(Debug)]
/// struct Ladder(u64);
/// impl Game for Ladder {
///     fn name(&self) -> &str { "ladder" }
///     fn args(&self) -> String { self.0.to_string() }
///     fn key(&self) -> Vec<u64> { vec![self.0] }
///     fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
///         let mut to = Vec::new();
///         if self.0 > 0 { to.push(self.0 - 1); }
///         if self.0 == 4 { to.push(2); }
///         Box::new(to.into_iter().map(|n| Move::to(vec![Arc::new(Ladder(n)) as Component])))
///     }
/// }
///
/// let mut solver = LoopySolver::new(10_000, Budget::unlimited());
/// // 0: 0, 1: 1, 2: 0, 3: 1, and 4 → {3 (1), 2 (0)}: 2.
/// let four: Component = Arc::new(Ladder(4));
/// assert_eq!(solver.gamma(&four).unwrap(), Gamma::Finite(2));
/// ```
pub struct LoopySolver {
    work: usize,
    budget: Budget,
    /// Graphs explored from games' moves, with their solutions.
    explored: Vec<(Explored, Solution)>,
    /// Families' own graphs, solved.
    graphs: Vec<Solution>,
    progress: Option<Box<dyn FnMut(Progress) + Send>>,
}

impl std::fmt::Debug for LoopySolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoopySolver")
            .field("work", &self.work)
            .field("explored", &self.explored.len())
            .field("graphs", &self.graphs.len())
            .finish()
    }
}

impl LoopySolver {
    /// A solver exploring at most `work` positions and moves for each new
    /// game it is asked about, within `budget`.
    pub fn new(work: usize, budget: Budget) -> LoopySolver {
        LoopySolver {
            work,
            budget,
            explored: Vec::new(),
            graphs: Vec::new(),
            progress: None,
        }
    }

    /// The same solver, handing the retrograde solver's [`Progress`] on
    /// large graphs to `report` (a progress bar; the engine prints nothing).
    pub fn with_progress(mut self, report: impl FnMut(Progress) + Send + 'static) -> LoopySolver {
        self.progress = Some(Box::new(report));
        self
    }

    /// Honours `budget` (time, memory, cancellation) from the next
    /// question on; what is solved already is kept.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The work allowed for each exploration.
    pub fn work(&self) -> usize {
        self.work
    }

    /// Solves together the families' graphs that `parts` stand on, each
    /// from all of the parts' vertices on it: one solution per graph for a
    /// whole sum of tokens. Other parts are left for [`LoopySolver::gamma`].
    pub fn prepare(&mut self, parts: &[Component]) -> Result<()> {
        let mut groups: Vec<(Arc<Graph>, Vec<u32>)> = Vec::new();
        for c in parts {
            if let Some((g, v)) = c.on_graph() {
                if self.on_graph(&g, v).is_some() {
                    continue;
                }
                match groups.iter_mut().find(|(h, _)| Arc::ptr_eq(h, &g)) {
                    Some((_, roots)) => roots.push(v),
                    None => groups.push((g, vec![v])),
                }
            }
        }
        for (g, roots) in groups {
            let s = self.solve(&g, &roots)?;
            self.graphs.push(s);
        }
        Ok(())
    }

    fn solve(&mut self, g: &Arc<Graph>, roots: &[u32]) -> Result<Solution> {
        let report = &mut self.progress;
        solve(g, roots, &self.budget, &mut |p| {
            if let Some(f) = report.as_mut() {
                f(p)
            }
        })
    }

    fn on_graph(&self, g: &Arc<Graph>, v: u32) -> Option<&Solution> {
        self.graphs
            .iter()
            .find(|s| Arc::ptr_eq(s.graph(), g) && s.is_solved(v))
    }

    /// Where the position made of `parts` was solved, solving it first when
    /// it is new: a family's own graph for a single token on one, else the
    /// graph of positions explored from the parts' moves.
    pub fn find(&mut self, parts: &[Component]) -> Result<Found<'_>> {
        let (slot, vertex) = self.locate(parts)?;
        Ok(match slot {
            Slot::Graph(i) => Found {
                solution: &self.graphs[i],
                vertex,
                explored: None,
            },
            Slot::Explored(i) => Found {
                solution: &self.explored[i].1,
                vertex,
                explored: Some(&self.explored[i].0),
            },
        })
    }

    /// The solution holding the position made of `parts`, and its vertex.
    pub(super) fn locate(&mut self, parts: &[Component]) -> Result<(Slot, u32)> {
        if let [c] = parts {
            if let Some((g, v)) = c.on_graph() {
                let known = self
                    .graphs
                    .iter()
                    .position(|s| Arc::ptr_eq(s.graph(), &g) && s.is_solved(v));
                let i = match known {
                    Some(i) => i,
                    None => {
                        let s = self.solve(&g, &[v])?;
                        self.graphs.push(s);
                        self.graphs.len() - 1
                    }
                };
                return Ok((Slot::Graph(i), v));
            }
        }
        let known = self.explored.iter().enumerate().find_map(|(i, (e, s))| {
            e.vertex_of(parts)
                .filter(|&v| s.is_solved(v))
                .map(|v| (i, v))
        });
        let (i, v) = match known {
            Some(found) => found,
            None => {
                let e = Explored::new(&[parts.to_vec()], self.work, &self.budget)?;
                let s = self.solve(e.graph(), &[0])?;
                self.explored.push((e, s));
                (self.explored.len() - 1, 0)
            }
        };
        Ok((Slot::Explored(i), v))
    }

    /// The solution in `slot`.
    pub(super) fn solution(&self, slot: Slot) -> &Solution {
        match slot {
            Slot::Graph(i) => &self.graphs[i],
            Slot::Explored(i) => &self.explored[i].1,
        }
    }

    /// The counter of the position made of `parts` when its value is finite
    /// (see [`Solution::counter`]); `None` for an infinite value, or a sum
    /// of tokens on families' graphs (each has its own).
    pub fn counter_of(&mut self, parts: &[Component]) -> Result<Option<u32>> {
        let on_graph = parts.iter().filter(|c| c.on_graph().is_some()).count();
        if on_graph > 1 || (on_graph == 1 && parts.len() > 1) {
            return Ok(None);
        }
        let f = self.find(parts)?;
        Ok(f.solution.counter(f.vertex))
    }

    /// γ of the component `c`.
    pub fn gamma(&mut self, c: &Component) -> Result<Gamma> {
        self.gamma_of(std::slice::from_ref(c))
    }

    /// γ of the position made of `parts` (their sum). Tokens on families'
    /// graphs add by Smith's rule; other positions are looked up whole.
    pub fn gamma_of(&mut self, parts: &[Component]) -> Result<Gamma> {
        let (on_graph, rest): (Vec<&Component>, Vec<&Component>) =
            parts.iter().partition(|c| c.on_graph().is_some());
        if on_graph.is_empty() || (on_graph.len() == 1 && rest.is_empty()) {
            let f = self.find(parts)?;
            return Ok(f.solution.gamma(f.vertex).expect("solved"));
        }
        let mut values = Vec::with_capacity(on_graph.len() + 1);
        for c in on_graph {
            values.push(self.gamma(c)?);
        }
        if !rest.is_empty() {
            let rest: Vec<Component> = rest.into_iter().cloned().collect();
            let f = self.find(&rest)?;
            values.push(f.solution.gamma(f.vertex).expect("solved"));
        }
        Ok(Gamma::sum(&values))
    }
}
