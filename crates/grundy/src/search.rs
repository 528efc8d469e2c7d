//! Search states shared by the exhaustive solvers ([`misere`](crate::misere)
//! and [`strategy`](crate::strategy)).
//!
//! A state is a multiset of parts: heaps (a rule index and a size) and
//! staircases written as their gaps (see [`staircase`](crate::staircase)).
//! Normalising drops parts with no move left — they can never matter again —
//! and sorts the rest, so that positions equal up to order share one memo
//! entry.

use crate::heap::Rule;
use crate::sum::{heap_move, monk_move, Component, Position, SumMove};

/// One part of a search state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Part {
    /// A heap: index into [`Rules`], size.
    Heap(usize, u64),
    /// A staircase as its gaps, trailing zero gaps cut (the top monk never
    /// moves, so such a gap never changes again).
    Gaps(Vec<u64>),
}

/// The distinct rules of the positions searched; parts refer to them by index.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rules(Vec<Rule>);

impl Rules {
    /// The index of `rule`, adding it if new.
    pub(crate) fn index(&mut self, rule: &Rule) -> usize {
        self.0.iter().position(|r| r == rule).unwrap_or_else(|| {
            self.0.push(rule.clone());
            self.0.len() - 1
        })
    }

    /// Drops the parts with no move and sorts the rest.
    pub(crate) fn normalize(&self, state: &mut Vec<Part>) {
        state.retain(|p| match p {
            &Part::Heap(r, n) => self.0[r].has_moves(n),
            Part::Gaps(g) => g.iter().any(|&x| x > 0),
        });
        state.sort_unstable();
    }

    /// Every move of one part, as the parts it leaves in its place, or
    /// `None` when there are more than `limit` (a huge Nim heap has as many
    /// moves as tokens: never collect those blindly).
    pub(crate) fn successors(&self, part: &Part, limit: usize) -> Option<Vec<Vec<Part>>> {
        let all: Box<dyn Iterator<Item = Vec<Part>>> = match part {
            &Part::Heap(r, n) => Box::new(
                self.0[r]
                    .moves(n)
                    .map(move |m| m.leaves.iter().map(|&x| Part::Heap(r, x)).collect()),
            ),
            Part::Gaps(g) => Box::new(gap_moves(g).map(|(_, _, next)| vec![next])),
        };
        bounded(all, limit)
    }

    /// The parts of `position`, each with its first index among the
    /// flattened heaps (monks count one each), and the staircase's steps.
    pub(crate) fn parts_of(&mut self, position: &Position) -> Vec<Root> {
        let mut parts = Vec::new();
        let mut flat = 0;
        for term in &position.terms {
            match &term.component {
                Component::Heaps { rule, heaps } => {
                    let r = self.index(rule);
                    for &h in heaps {
                        parts.push(Root {
                            first: flat,
                            part: Part::Heap(r, h),
                            steps: Vec::new(),
                        });
                        flat += 1;
                    }
                }
                Component::Staircase(s) => {
                    parts.push(Root {
                        first: flat,
                        part: Part::Gaps(s.gaps()),
                        steps: s.steps().to_vec(),
                    });
                    flat += s.steps().len();
                }
            }
        }
        parts
    }

    /// Every move of the root position as a [`SumMove`], with the state it
    /// leaves (not yet normalised); `None` when there are more than `limit`.
    pub(crate) fn root_moves(
        &mut self,
        position: &Position,
        limit: usize,
    ) -> Option<Vec<(SumMove, Vec<Part>)>> {
        let roots = self.parts_of(position);
        let state: Vec<Part> = roots.iter().map(|r| r.part.clone()).collect();
        let mut out = Vec::new();
        for (i, root) in roots.iter().enumerate() {
            let rest = || {
                let mut s = state.clone();
                s.remove(i);
                s
            };
            match &root.part {
                &Part::Heap(r, h) => {
                    for m in self.0[r].moves(h) {
                        if out.len() == limit {
                            return None;
                        }
                        let mut next = rest();
                        next.extend(m.leaves.iter().map(|&x| Part::Heap(r, x)));
                        out.push((heap_move(root.first, h, &m), next));
                    }
                }
                Part::Gaps(gaps) => {
                    for (monk, j, after) in gap_moves(gaps) {
                        if out.len() == limit {
                            return None;
                        }
                        let from = root.steps[monk];
                        let mut next = rest();
                        next.push(after);
                        out.push((monk_move(root.first + monk, from, from + j), next));
                    }
                }
            }
        }
        Some(out)
    }
}

/// The items of `it`, or `None` when there are more than `limit`.
fn bounded<T>(it: impl Iterator<Item = T>, limit: usize) -> Option<Vec<T>> {
    let mut out = Vec::new();
    for x in it {
        if out.len() == limit {
            return None;
        }
        out.push(x);
    }
    Some(out)
}

/// A part of a root position, with where it stands among the flattened heaps.
pub(crate) struct Root {
    pub(crate) first: usize,
    pub(crate) part: Part,
    /// A staircase's steps (empty for a heap).
    pub(crate) steps: Vec<u64>,
}

/// The moves of a staircase given by its gaps: monk `i` walks up `j` steps,
/// which takes `j` from the gap above it and adds `j` to the gap below it.
pub(crate) fn gap_moves(gaps: &[u64]) -> impl Iterator<Item = (usize, u64, Part)> + '_ {
    gaps.iter().enumerate().flat_map(move |(i, &g)| {
        (1..=g).map(move |j| {
            let mut next = gaps.to_vec();
            next[i] -= j;
            if i > 0 {
                next[i - 1] += j;
            }
            while next.last() == Some(&0) {
                next.pop();
            }
            (i, j, Part::Gaps(next))
        })
    })
}
