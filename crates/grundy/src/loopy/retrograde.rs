//! The retrograde, counter-based computation of γ on a [`Graph`], level by
//! level (see the [module documentation](super) for the algorithm, its
//! invariants and its sources).

use std::sync::Arc;

use crate::budget::{Budget, Reservation, Ticker};
use crate::error::Result;
use crate::nim::Outcome;

use super::gamma::Gamma;
use crate::graph::Graph;

/// `gamma` of a vertex whose value is infinite.
const INF: u32 = u32::MAX;
/// `gamma` of a vertex not reachable from the roots (not solved).
const UNREACHED: u32 = u32::MAX - 1;
/// `gamma` of a vertex not labelled yet (only while solving).
const UNLABELED: u32 = u32::MAX - 2;

/// How far a [`solve`] has come, for a progress display: handed to its
/// callback now and then (every 65,536 vertices labelled and at the end of
/// each level), never printed by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The value level being labelled (0, 1, 2, …).
    pub level: u32,
    /// Vertices whose value is final (finite or ∞) so far.
    pub done: u64,
    /// Vertices reachable from the roots: the work is done when `done`
    /// reaches it.
    pub reachable: u64,
}

/// Where a long analysis reports its [`Progress`]: a callback shared by
/// the copies of the options that carry it (see
/// [`AnalyzeOptions::loopy_progress`](crate::sum::AnalyzeOptions::loopy_progress)),
/// so that a front end can draw a progress bar while a large loopy graph is
/// solved. The engine itself prints nothing.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use grundy::expr::parse_position;
/// use grundy::loopy::ProgressHook;
/// use grundy::nim::Play;
/// use grundy::sum::AnalyzeOptions;
///
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let log = Arc::clone(&seen);
/// let options = AnalyzeOptions {
///     loopy_progress: Some(ProgressHook::new(move |p| log.lock().unwrap().push(p))),
///     ..AnalyzeOptions::default()
/// };
/// let pos = parse_position("digraph(1>2 2>1 2>3; 1)").unwrap();
/// pos.analyze(Play::Normal, &options).unwrap();
/// let last = *seen.lock().unwrap().last().unwrap();
/// assert_eq!((last.done, last.reachable), (3, 3));
/// ```
#[derive(Clone)]
pub struct ProgressHook(Arc<dyn Fn(Progress) + Send + Sync>);

impl ProgressHook {
    /// A hook calling `report` with each [`Progress`].
    pub fn new(report: impl Fn(Progress) + Send + Sync + 'static) -> ProgressHook {
        ProgressHook(Arc::new(report))
    }

    /// Hands `p` to the callback.
    pub fn report(&self, p: Progress) {
        (self.0)(p)
    }
}

impl std::fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProgressHook")
    }
}

/// γ of every vertex reachable from the roots, with the counters that prove
/// it (see [`solve`]).
#[derive(Debug)]
pub struct Solution {
    graph: Arc<Graph>,
    /// Finite value, [`INF`] or [`UNREACHED`], per vertex.
    gamma: Vec<u32>,
    /// For a finite vertex, its counter `c(u)`: when it was labelled, over
    /// all levels (a vertex of value `i` labelled before another of value
    /// `i` has the smaller counter). For an infinite vertex, the level that
    /// found it infinite: `mex` of its followers' finite values.
    counter: Vec<u32>,
    /// Vertices reachable from the roots.
    reachable: usize,
    /// Levels run (one more than the largest finite value, or 0).
    levels: u32,
    _held: Reservation,
}

/// Computes γ of every vertex of `graph` reachable from `roots`, within
/// `budget` (its deadline and cancellation checked every few thousand
/// steps; the solver's arrays, about 28 bytes per vertex and 4 per edge
/// while it runs and 8 per vertex after, held against its memory
/// allowance). `progress` is called now and then.
///
/// ```
/// use std::sync::Arc;
/// use grundy::budget::Budget;
/// use grundy::loopy::{solve, Gamma, Graph};
///
/// // 0 ⇄ 1, and 1 → 2 (a position with no move).
/// let g = Arc::new(Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap());
/// let s = solve(&g, &[0], &Budget::unlimited(), &mut |_| {}).unwrap();
/// assert_eq!(s.gamma(2), Some(Gamma::Finite(0)));
/// assert_eq!(s.gamma(1), Some(Gamma::Finite(1))); // mex{0}; 0 reverses to 1
/// assert_eq!(s.gamma(0), Some(Gamma::Finite(0))); // its one follower, 1, reverses to 2
/// ```
pub fn solve(
    graph: &Arc<Graph>,
    roots: &[u32],
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solution> {
    let n = graph.vertices();
    let mut ticker = Ticker::new(4096);
    // gamma, counter, open, cnt, mark and the predecessor offsets: six
    // words per vertex; the reached list and the queue, one each per
    // reached vertex, and one word per edge among them, come later.
    let mut held = budget.reserve(4 * (6 * n as u64 + 1))?;
    let mut gamma = vec![UNREACHED; n];
    let mut unlabeled: Vec<u32> = Vec::new();
    for &r in roots {
        if gamma[r as usize] == UNREACHED {
            gamma[r as usize] = UNLABELED;
            unlabeled.push(r);
        }
    }
    // Reachable vertices, breadth first.
    let mut head = 0;
    while head < unlabeled.len() {
        let v = unlabeled[head];
        head += 1;
        for &w in graph.successors(v) {
            ticker.tick(budget)?;
            if gamma[w as usize] == UNREACHED {
                gamma[w as usize] = UNLABELED;
                unlabeled.push(w);
            }
        }
    }
    let reachable = unlabeled.len();
    // Predecessors, among reached vertices only.
    let mut pred_start = vec![0u32; n + 1];
    let mut open = vec![0u32; n];
    let mut edges = 0u64;
    for &v in &unlabeled {
        let succ = graph.successors(v);
        open[v as usize] = succ.len() as u32;
        edges += succ.len() as u64;
        for &w in succ {
            pred_start[w as usize + 1] += 1;
        }
    }
    held.grow(4 * (2 * reachable as u64 + edges))?;
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut preds = vec![0u32; edges as usize];
    for &v in &unlabeled {
        ticker.tick(budget)?;
        for &w in graph.successors(v) {
            preds[fill[w as usize] as usize] = v;
            fill[w as usize] += 1;
        }
    }
    drop(fill);
    let preds_of =
        |v: u32| &preds[pred_start[v as usize] as usize..pred_start[v as usize + 1] as usize];

    // `open[u]`: followers of u neither labelled finite nor ... still
    // unlabelled or infinite (with repeats). `cnt[u]`, during a level: of
    // those, the ones not yet known to have a follower labelled at this
    // level. `mark[v] == level + 1`: v has a follower labelled at this level.
    let mut cnt = vec![0u32; n];
    let mut mark = vec![0u32; n];
    let mut counter = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::with_capacity(reachable.min(1 << 20));
    let mut next_counter = 0u32;
    let mut done = 0u64;
    let mut level = 0u32;
    let mut last_report = 0u64;
    while !unlabeled.is_empty() {
        let stamp = level + 1;
        queue.clear();
        for &u in &unlabeled {
            cnt[u as usize] = open[u as usize];
        }
        // Every follower already has a smaller value (and, by the
        // invariant, every smaller value is among them): u is `level`.
        for &u in &unlabeled {
            if cnt[u as usize] == 0 {
                gamma[u as usize] = level;
                counter[u as usize] = next_counter;
                next_counter += 1;
                queue.push(u);
            }
        }
        let mut q = 0;
        while q < queue.len() {
            let w = queue[q];
            q += 1;
            done += 1;
            if done - last_report >= 1 << 16 {
                last_report = done;
                progress(Progress {
                    level,
                    done,
                    reachable: reachable as u64,
                });
            }
            for &v in preds_of(w) {
                ticker.tick(budget)?;
                open[v as usize] -= 1;
                if mark[v as usize] == stamp {
                    continue;
                }
                // v now has a follower labelled `level`: v cannot be
                // labelled `level` itself, and if v is unlabelled or
                // infinite it no longer stands in the way of its
                // predecessors (it reverses to w).
                mark[v as usize] = stamp;
                let g = gamma[v as usize];
                if g != UNLABELED && g != INF {
                    continue;
                }
                for &u in preds_of(v) {
                    if gamma[u as usize] != UNLABELED {
                        continue;
                    }
                    cnt[u as usize] -= 1;
                    if cnt[u as usize] == 0 && mark[u as usize] != stamp {
                        gamma[u as usize] = level;
                        counter[u as usize] = next_counter;
                        next_counter += 1;
                        queue.push(u);
                    }
                }
            }
        }
        // Close the level: an unlabelled vertex without a follower of value
        // `level` has `mex = level` and can never be labelled (a larger value
        // needs a follower of value `level`): it is infinite.
        unlabeled.retain(|&u| {
            let u = u as usize;
            if gamma[u] != UNLABELED {
                false
            } else if mark[u] != stamp {
                gamma[u] = INF;
                counter[u] = level;
                done += 1;
                false
            } else {
                true
            }
        });
        progress(Progress {
            level,
            done,
            reachable: reachable as u64,
        });
        level += 1;
    }
    drop((cnt, mark, open, preds, pred_start, queue, unlabeled));
    held.set(8 * n as u64)?;
    Ok(Solution {
        graph: Arc::clone(graph),
        gamma,
        counter,
        reachable,
        levels: level,
        _held: held,
    })
}

impl Solution {
    /// The graph solved.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// How many vertices were reachable from the roots (and are solved).
    pub fn reachable(&self) -> usize {
        self.reachable
    }

    /// How many value levels the solver ran.
    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// Whether `v` was reachable from the roots, so that its value is known.
    pub fn is_solved(&self, v: u32) -> bool {
        self.gamma.get(v as usize).is_some_and(|&g| g != UNREACHED)
    }

    /// The finite value of `v`; `None` when it is infinite or not solved.
    pub fn finite(&self, v: u32) -> Option<u32> {
        self.gamma
            .get(v as usize)
            .copied()
            .filter(|&g| g != INF && g != UNREACHED)
    }

    /// Whether `v`'s value is infinite.
    pub fn is_infinite(&self, v: u32) -> bool {
        self.gamma.get(v as usize) == Some(&INF)
    }

    /// γ(v): the finite value, or `∞(K)` with `K` the finite values of its
    /// followers; `None` when `v` was not reachable from the roots.
    pub fn gamma(&self, v: u32) -> Option<Gamma> {
        match *self.gamma.get(v as usize)? {
            UNREACHED => None,
            INF => Some(Gamma::infinite(
                self.graph
                    .successors(v)
                    .iter()
                    .filter_map(|&w| self.finite(w).map(u64::from)),
            )),
            g => Some(Gamma::Finite(u64::from(g))),
        }
    }

    /// The outcome of `v` (see [`Gamma::outcome`]).
    pub fn outcome(&self, v: u32) -> Option<Outcome> {
        match *self.gamma.get(v as usize)? {
            UNREACHED => None,
            INF => Some(
                if self
                    .graph
                    .successors(v)
                    .iter()
                    .any(|&w| self.finite(w) == Some(0))
                {
                    Outcome::N
                } else {
                    Outcome::D
                },
            ),
            0 => Some(Outcome::P),
            _ => Some(Outcome::N),
        }
    }

    /// The counter of a finite vertex: the order in which the solver
    /// labelled it (see the [module documentation](super)).
    pub fn counter(&self, v: u32) -> Option<u32> {
        self.finite(v).map(|_| self.counter[v as usize])
    }

    /// For an infinite vertex, `mex` of its followers' finite values: the
    /// level at which it was found infinite.
    pub fn mex(&self, v: u32) -> Option<u32> {
        self.is_infinite(v).then(|| self.counter[v as usize])
    }

    /// Whether the infinite vertex `v` has a follower of finite value `a`.
    fn reaches(&self, v: u32, a: u32) -> bool {
        self.graph
            .successors(v)
            .iter()
            .any(|&w| self.finite(w) == Some(a))
    }

    /// For an infinite vertex `u` with `m = mex K(u)`: the followers that
    /// force `∞` — infinite followers `v = ∞(L)` with `m ∉ L`. A player at
    /// `u` who may not move to a position of value `m` moves to one of them,
    /// from which no move reverses to `m` (Fraenkel–Yesha's condition C).
    /// Never empty for an infinite vertex; empty otherwise.
    pub fn forcing(&self, u: u32) -> Vec<u32> {
        let Some(m) = self.mex(u) else {
            return Vec::new();
        };
        let mut out: Vec<u32> = self
            .graph
            .successors(u)
            .iter()
            .copied()
            .filter(|&v| self.is_infinite(v) && !self.reaches(v, m))
            .collect();
        out.dedup();
        out
    }

    /// For a finite vertex `u` and a follower `v` of a larger or infinite
    /// value: the follower `w` of `v` with `γ(w) = γ(u)` and the smallest
    /// counter (always smaller than `u`'s — condition B). A player who wins
    /// at `u`'s value answers the move `u → v` by `v → w`; the counters
    /// falling guarantee the game ends. `None` otherwise.
    pub fn reversal(&self, u: u32, v: u32) -> Option<u32> {
        let g = self.finite(u)?;
        if self.finite(v).is_some_and(|h| h < g) {
            return None;
        }
        self.graph
            .successors(v)
            .iter()
            .copied()
            .filter(|&w| self.finite(w) == Some(g))
            .min_by_key(|&w| self.counter[w as usize])
    }

    /// Checks that the values and counters found satisfy the definition of
    /// the generalized Sprague–Grundy function on every solved vertex (a
    /// certificate; time about the sum of out-degrees squared):
    ///
    /// * A: a finite `γ(u)` is the mex of its followers' finite values;
    /// * B: every follower `v` of a finite `u` with a larger or infinite
    ///   value has a follower `w` with `γ(w) = γ(u)` and `c(w) < c(u)`;
    /// * C: an infinite `u` has an infinite follower `v = ∞(L)` with
    ///   `mex K(u) ∉ L`;
    ///
    /// and that every follower of a solved vertex is solved. Returns the
    /// first vertex that fails, with why.
    pub fn verify(&self) -> std::result::Result<(), String> {
        for u in 0..self.graph.vertices() as u32 {
            if !self.is_solved(u) {
                continue;
            }
            let succ = self.graph.successors(u);
            if let Some(&v) = succ.iter().find(|&&v| !self.is_solved(v)) {
                return Err(format!("{u} is solved but its follower {v} is not"));
            }
            let mut finite: Vec<u32> = succ.iter().filter_map(|&v| self.finite(v)).collect();
            finite.sort_unstable();
            finite.dedup();
            let mex = finite
                .iter()
                .enumerate()
                .find(|&(i, &x)| x != i as u32)
                .map_or(finite.len() as u32, |(i, _)| i as u32);
            match self.finite(u) {
                Some(g) => {
                    if g != mex {
                        return Err(format!("A fails at {u}: value {g}, mex {mex}"));
                    }
                    for &v in succ {
                        if self.finite(v).is_some_and(|h| h < g) {
                            continue;
                        }
                        let ok = self.graph.successors(v).iter().any(|&w| {
                            self.finite(w) == Some(g)
                                && self.counter[w as usize] < self.counter[u as usize]
                        });
                        if !ok {
                            return Err(format!("B fails at {u} (value {g}) for its follower {v}"));
                        }
                    }
                }
                None => {
                    if self.counter[u as usize] != mex {
                        return Err(format!(
                            "{u} is infinite at level {}, mex {mex}",
                            self.counter[u as usize]
                        ));
                    }
                    if self.forcing(u).is_empty() {
                        return Err(format!("C fails at {u}: no infinite follower avoids {mex}"));
                    }
                }
            }
        }
        Ok(())
    }
}
