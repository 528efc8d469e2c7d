//! Misère play of arbitrary sums, by exhaustive search.
//!
//! Misère play (the last player to move loses) has no Sprague–Grundy theorem:
//! the values of the components do not decide a sum. Nim is the exception
//! and has its closed form in [`nim`](crate::nim). Everything else is
//! answered here exactly, from the definition — a position is a win for the
//! player to move when it has no move at all, or a move to a position that is
//! a loss — with memoisation, as long as the number of positions and moves
//! visited stays within a budget. Beyond it the answer is refused, never
//! guessed.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::nim::Outcome;
use crate::search::{Part, Rules};
use crate::sum::{Position, SumMove};

/// The deepest the search may recurse (moves in one line of play).
const MAX_DEPTH: usize = 100_000;

/// The misère outcome of `position` and every winning move, or
/// [`Error::Unsupported`] when the search would visit more than `budget`
/// positions and moves.
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
    let mut search = Search {
        rules: Rules::default(),
        memo: HashMap::new(),
        budget,
    };
    let moves = search
        .rules
        .root_moves(position, budget)
        .ok_or_else(too_large)?;
    let mut winning = Vec::new();
    for (mv, next) in &moves {
        search.spend()?;
        if !search.wins(next.clone(), 1)? {
            winning.push(mv.clone());
        }
    }
    // No move at all: the previous player made the last move and lost.
    let outcome = Outcome::from_mover_wins(moves.is_empty() || !winning.is_empty());
    Ok((outcome, winning))
}

struct Search {
    rules: Rules,
    memo: HashMap<Vec<Part>, bool>,
    budget: usize,
}

fn too_large() -> Error {
    Error::Unsupported(
        "misère play of this position is not supported yet at this size: \
         only Nim has a closed form, and exhaustive search ran past its budget of positions"
            .into(),
    )
}

impl Search {
    fn spend(&mut self) -> Result<()> {
        self.budget = self.budget.checked_sub(1).ok_or_else(too_large)?;
        Ok(())
    }

    /// Whether the player to move wins `state` under misère play.
    fn wins(&mut self, mut state: Vec<Part>, depth: usize) -> Result<bool> {
        if depth > MAX_DEPTH {
            return Err(Error::Unsupported(
                "misère play of this position is not supported yet: lines of play are too long to search"
                    .into(),
            ));
        }
        self.rules.normalize(&mut state);
        if let Some(&w) = self.memo.get(&state) {
            return Ok(w);
        }
        self.spend()?;
        let mut wins = state.is_empty();
        'parts: for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            let nexts = self
                .rules
                .successors(&state[i], self.budget)
                .ok_or_else(too_large)?;
            self.budget -= nexts.len();
            for next in nexts {
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
