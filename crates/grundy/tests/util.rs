//! An exhaustive game-tree oracle, written from the definitions alone and
//! independently of the engine: moves are generated from the rules' own
//! descriptions, outcomes by "a position is won iff some move reaches a lost
//! one", Grundy values by the mex over all options of the whole sum.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};

/// A heap rule, described independently of the engine's types.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OracleRule {
    Nim,
    /// Remove any member of the (explicit, finite) set.
    Subtract(Vec<u64>),
    /// Octal/hex digits: digits[k] for removing k tokens.
    Code(Vec<u8>),
    Grundys,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    Heap(usize, u64),
    Stairs(Vec<u64>),
}

/// A move from the root: the flattened index of the heap (or monk), its
/// size, and what it leaves (ascending, no zeros; a monk's new step).
pub type RootMove = (usize, u64, Vec<u64>);

pub struct Oracle {
    pub rules: Vec<OracleRule>,
    normal: HashMap<Vec<Part>, bool>,
    misere: HashMap<Vec<Part>, bool>,
    grundy: HashMap<Vec<Part>, u64>,
}

/// The heaps left by one move on a heap of `n` (each list ascending, no zeros).
pub fn heap_options(rule: &OracleRule, n: u64) -> Vec<Vec<u64>> {
    let mut out = BTreeSet::new();
    match rule {
        OracleRule::Nim => {
            for left in 0..n {
                out.insert(vec![left]);
            }
        }
        OracleRule::Subtract(set) => {
            for &s in set {
                if s <= n {
                    out.insert(vec![n - s]);
                }
            }
        }
        OracleRule::Code(digits) => {
            for (k, &d) in digits.iter().enumerate() {
                let k = k as u64;
                if k > n || d == 0 {
                    continue;
                }
                let rest = n - k;
                if d & 1 != 0 && rest == 0 {
                    out.insert(vec![]);
                }
                if d & 2 != 0 && rest > 0 {
                    out.insert(vec![rest]);
                }
                if d & 4 != 0 {
                    for a in 1..rest {
                        out.insert(vec![a, rest - a]);
                    }
                }
                if d & 8 != 0 {
                    for a in 1..rest {
                        for b in 1..rest - a {
                            out.insert(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        OracleRule::Grundys => {
            for a in 1..n {
                if a != n - a {
                    out.insert(vec![a, n - a]);
                }
            }
        }
    }
    out.into_iter()
        .map(|mut v| {
            v.retain(|&h| h != 0);
            v.sort_unstable();
            v
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn canon(mut state: Vec<Part>) -> Vec<Part> {
    state.retain(|p| match p {
        Part::Heap(_, n) => *n > 0,
        Part::Stairs(s) => s.len() > 1,
    });
    state.sort();
    state
}

impl Oracle {
    pub fn new(rules: Vec<OracleRule>) -> Oracle {
        Oracle {
            rules,
            normal: HashMap::new(),
            misere: HashMap::new(),
            grundy: HashMap::new(),
        }
    }

    /// The moves of part `i` of `state`: for each, the monk moved (0 for a
    /// heap), the size or step it moved from, what it leaves (heaps, or the
    /// monk's new step), and the next state.
    fn part_moves(&self, state: &[Part], i: usize) -> Vec<(usize, u64, Vec<u64>, Vec<Part>)> {
        let rest = || {
            let mut r = state.to_vec();
            r.remove(i);
            r
        };
        let mut out = Vec::new();
        match &state[i] {
            Part::Heap(r, n) => {
                for leaves in heap_options(&self.rules[*r], *n) {
                    let mut next = rest();
                    next.extend(leaves.iter().map(|&h| Part::Heap(*r, h)));
                    out.push((0, *n, leaves, canon(next)));
                }
            }
            Part::Stairs(steps) => {
                for m in 0..steps.len().saturating_sub(1) {
                    for to in steps[m] + 1..steps[m + 1] {
                        let mut s = steps.clone();
                        s[m] = to;
                        let mut next = rest();
                        next.push(Part::Stairs(s));
                        out.push((m, steps[m], vec![to], canon(next)));
                    }
                }
            }
        }
        out
    }

    /// Every successor of a state.
    pub fn successors(&self, state: &[Part]) -> Vec<Vec<Part>> {
        (0..state.len())
            .flat_map(|i| self.part_moves(state, i))
            .map(|(_, _, _, next)| next)
            .collect()
    }

    /// Normal play: the player to move wins iff some move reaches a lost state.
    pub fn wins(&mut self, state: Vec<Part>) -> bool {
        let state = canon(state);
        if let Some(&w) = self.normal.get(&state) {
            return w;
        }
        let w = self
            .successors(&state)
            .into_iter()
            .any(|next| !self.wins(next));
        self.normal.insert(state, w);
        w
    }

    /// Misère play: no move at all is a win for the player to move.
    pub fn wins_misere(&mut self, state: Vec<Part>) -> bool {
        let state = canon(state);
        if let Some(&w) = self.misere.get(&state) {
            return w;
        }
        let succ = self.successors(&state);
        let w = succ.is_empty() || succ.into_iter().any(|next| !self.wins_misere(next));
        self.misere.insert(state, w);
        w
    }

    /// The Grundy value of the whole state, by mex over all its options.
    pub fn grundy(&mut self, state: Vec<Part>) -> u64 {
        let state = canon(state);
        if let Some(&g) = self.grundy.get(&state) {
            return g;
        }
        let values: BTreeSet<u64> = self
            .successors(&state)
            .into_iter()
            .map(|next| self.grundy(next))
            .collect();
        let g = (0..).find(|v| !values.contains(v)).unwrap();
        self.grundy.insert(state, g);
        g
    }

    /// The moves from `root` (in flattened-heap terms) that reach a lost state.
    pub fn winning_moves(&mut self, root: &[Part], misere: bool) -> BTreeSet<RootMove> {
        let mut out = BTreeSet::new();
        let mut flat = 0;
        for (i, part) in root.iter().enumerate() {
            for (monk, from, leaves, next) in self.part_moves(root, i) {
                let lost = if misere {
                    !self.wins_misere(next)
                } else {
                    !self.wins(next)
                };
                if lost {
                    out.insert((flat + monk, from, leaves));
                }
            }
            flat += match part {
                Part::Heap(..) => 1,
                Part::Stairs(steps) => steps.len(),
            };
        }
        out
    }

    /// G(0..=n) of one rule by mex over the options of each heap.
    pub fn heap_values(&mut self, rule: usize, n: u64) -> Vec<u64> {
        (0..=n)
            .map(|h| self.grundy(vec![Part::Heap(rule, h)]))
            .collect()
    }
}
