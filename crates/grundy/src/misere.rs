//! Misère play of arbitrary sums, by exhaustive search.
//!
//! Misère play (the last player to move loses) has no Sprague–Grundy theorem:
//! the values of the components do not decide a sum. Nim is the exception
//! and has its closed form in [`nim`](crate::nim). Everything else is
//! answered here exactly, from the definition — a position is a win for the
//! player to move when it has no move at all, or a move to a position that is
//! a loss — with memoisation (through [`StateSearch`], which knows games only
//! through the [`Game`](crate::game::Game) interface), as long as the number
//! of positions and moves visited stays within a budget. Beyond it the
//! answer is refused, never guessed.

use crate::error::{Error, Result};
use crate::nim::Outcome;
use crate::solver::{Fold, StateSearch, Stop};
use crate::sum::{Position, SumMove};

/// Misère outcome: win when there is no move, or when some option is lost.
struct Misere;

impl Fold for Misere {
    type Value = bool;
    type Acc = (bool, bool); // (any option, some option lost)
    fn start(&self) -> (bool, bool) {
        (false, false)
    }
    fn add(&self, acc: &mut (bool, bool), child_wins: bool) -> bool {
        acc.0 = true;
        if !child_wins {
            acc.1 = true;
        }
        acc.1
    }
    fn finish(&self, (any, lost): (bool, bool)) -> bool {
        !any || lost
    }
}

/// The misère outcome of `position` and every winning move, or
/// [`Error::Unsupported`] when the search would visit more than `budget`
/// positions and moves.
pub fn solve(position: &Position, budget: usize) -> Result<(Outcome, Vec<SumMove>)> {
    let mut search = StateSearch::default();
    let mut left = budget;
    let mut winning = Vec::new();
    let mut any = false;
    for mv in position.moves() {
        any = true;
        left = left.checked_sub(1).ok_or_else(too_large)?;
        let next = position.apply(&mv)?;
        let state = search.state(next.components().cloned());
        let wins = match search.solve(state, &Misere, left) {
            Ok(w) => w,
            Err(Stop::Budget) => return Err(too_large()),
            Err(Stop::Error(e)) => return Err(e),
        };
        left = search_left(&search);
        if !wins {
            winning.push(mv);
        }
    }
    // No move at all: the previous player made the last move and lost.
    let outcome = Outcome::from_mover_wins(!any || !winning.is_empty());
    Ok((outcome, winning))
}

fn search_left<V: Copy>(search: &StateSearch<V>) -> usize {
    search.left()
}

fn too_large() -> Error {
    Error::Unsupported(
        "misère play of this position is not supported yet at this size: \
         only Nim has a closed form, and exhaustive search ran past its budget of positions"
            .into(),
    )
}
