//! Misère play of arbitrary sums, by exhaustive search.
//!
//! Misère play (the last player to move loses) has no Sprague–Grundy theorem:
//! the values of the components do not decide a sum. Nim is the exception
//! and has its closed form in [`nim`](crate::nim). Everything else is
//! answered here exactly, from the definition — a position is a win for the
//! player to move when it has no move at all, or a move to a position that is
//! a loss — with memoisation, as long as the number of positions visited
//! stays within a budget. Beyond it the answer is refused, never guessed.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::heap::Rule;
use crate::nim::Outcome;
use crate::staircase::Staircase;
use crate::sum::{heap_move, monk_move, Component, Position, SumMove};

/// One component of a search state: a heap (rule index, size) or a staircase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    Heap(usize, u64),
    Stairs(Vec<u64>),
}

struct Search<'a> {
    rules: Vec<&'a Rule>,
    memo: HashMap<Vec<Part>, bool>,
    budget: usize,
}

/// The deepest the search may recurse (moves in one line of play).
const MAX_DEPTH: usize = 100_000;

/// The misère outcome of `position` and every winning move, or
/// [`Error::Unsupported`] when the search would visit more than `budget`
/// positions.
pub fn solve(position: &Position, budget: usize) -> Result<(Outcome, Vec<SumMove>)> {
    // Deep lines of play recurse deeply; give the search its own large stack.
    let position = position.clone();
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || solve_here(&position, budget))
        .map_err(|e| Error::Unsupported(format!("could not start the misère search: {e}")))?
        .join()
        .unwrap_or_else(|_| Err(Error::Unsupported("the misère search failed".into())))
}

fn solve_here(position: &Position, budget: usize) -> Result<(Outcome, Vec<SumMove>)> {
    let mut rules: Vec<&Rule> = Vec::new();
    let mut root: Vec<(usize, Part)> = Vec::new(); // (first flat index, part)
    let mut flat = 0;
    for term in &position.terms {
        match &term.component {
            Component::Heaps { rule, heaps } => {
                let r = rules.iter().position(|x| *x == rule).unwrap_or_else(|| {
                    rules.push(rule);
                    rules.len() - 1
                });
                for &h in heaps {
                    root.push((flat, Part::Heap(r, h)));
                    flat += 1;
                }
            }
            Component::Staircase(s) => {
                root.push((flat, Part::Stairs(s.steps().to_vec())));
                flat += s.steps().len();
            }
        }
    }
    let mut search = Search {
        rules,
        memo: HashMap::new(),
        budget,
    };
    let parts: Vec<Part> = root.iter().map(|(_, p)| p.clone()).collect();
    let mut winning = Vec::new();
    let mut any_move = false;
    for (i, (first, part)) in root.iter().enumerate() {
        for (next, mv) in search.moves_of(part)? {
            any_move = true;
            let mut state = parts.clone();
            state.remove(i);
            state.extend(next);
            if !search.wins(state, 1)? {
                winning.push(match (part, mv) {
                    (Part::Heap(_, h), Step::Heap(m)) => heap_move(*first, *h, &m),
                    (Part::Stairs(_), Step::Monk { monk, from, to }) => {
                        monk_move(first + monk, from, to)
                    }
                    _ => unreachable!("moves match their part"),
                });
            }
        }
    }
    // No move at all: the previous player made the last move and lost.
    let outcome = Outcome::from_mover_wins(!any_move || !winning.is_empty());
    Ok((outcome, winning))
}

enum Step {
    Heap(crate::heap::Move),
    Monk { monk: usize, from: u64, to: u64 },
}

impl Search<'_> {
    fn spend(&mut self) -> Result<()> {
        if self.budget == 0 {
            return Err(Error::Unsupported(
                "misère play of this position is not supported yet at this size: \
                 only Nim has a closed form, and exhaustive search ran past its budget of positions"
                    .into(),
            ));
        }
        self.budget -= 1;
        Ok(())
    }

    /// The moves of one part, each with the parts it leaves.
    fn moves_of(&mut self, part: &Part) -> Result<Vec<(Vec<Part>, Step)>> {
        let mut out = Vec::new();
        match part {
            &Part::Heap(r, n) => {
                for m in self.rules[r].moves(n) {
                    self.spend()?;
                    let next = m.leaves.iter().map(|&h| Part::Heap(r, h)).collect();
                    out.push((next, Step::Heap(m)));
                }
            }
            Part::Stairs(steps) => {
                let s = Staircase::new(steps.clone())?;
                for m in s.moves() {
                    self.spend()?;
                    let next = s.play(m.from, m.to)?.steps().to_vec();
                    out.push((
                        vec![Part::Stairs(next)],
                        Step::Monk {
                            monk: m.monk,
                            from: m.from,
                            to: m.to,
                        },
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Whether the player to move wins `state` under misère play.
    fn wins(&mut self, mut state: Vec<Part>, depth: usize) -> Result<bool> {
        if depth > MAX_DEPTH {
            return Err(Error::Unsupported(
                "misère play of this position is not supported yet: lines of play are too long to search"
                    .into(),
            ));
        }
        // Parts without moves never matter again; order does not matter.
        let rules = &self.rules;
        state.retain(|p| match p {
            &Part::Heap(r, n) => rules[r].has_moves(n),
            Part::Stairs(s) => s.windows(2).any(|w| w[1] - w[0] > 1),
        });
        state.sort_unstable();
        if let Some(&w) = self.memo.get(&state) {
            return Ok(w);
        }
        self.spend()?;
        let mut wins = state.is_empty();
        'parts: for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            for (next, _) in self.moves_of(&state[i].clone())? {
                let mut child = state.clone();
                child.remove(i);
                child.extend(next);
                if !self.wins(child, depth + 1)? {
                    wins = true;
                    break 'parts;
                }
            }
        }
        self.memo.insert(state, wins);
        Ok(wins)
    }
}
