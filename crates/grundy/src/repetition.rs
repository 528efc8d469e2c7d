//! When a game that may go on forever is called a draw: a position met for
//! the third time, or a number of moves the players agreed on.
//!
//! A loopy game (see [`loopy`](crate::loopy)) drawn with perfect play goes
//! on forever; a game played by people has to stop. [`Repetitions`] keeps
//! the count of each position met in one game — by its components, in any
//! order — and of the moves made, and says when the game is a draw: a
//! position met three times (threefold repetition), or the move limit
//! reached. Front ends (terminal, web page, API) ask it after every move.

use std::collections::HashMap;

use crate::game::{identity, Identity};
use crate::sum::Position;

/// Why a game ended in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawBy {
    /// The position was met for the third time.
    Repetition,
    /// This many moves were made: the limit agreed on.
    MoveLimit(u32),
}

impl DrawBy {
    /// In words: "the position was repeated three times", "the limit of 100
    /// moves was reached".
    pub fn words(self) -> String {
        match self {
            DrawBy::Repetition => "the same position came up for the third time".into(),
            DrawBy::MoveLimit(n) => format!("the limit of {n} moves was reached"),
        }
    }
}

/// The positions met in one game and the moves made (see the [module
/// documentation](self)).
///
/// ```
/// use grundy::expr::parse_position;
/// use grundy::repetition::{DrawBy, Repetitions};
///
/// let a = parse_position("digraph(1>2 2>1; 1)").unwrap();
/// let b = parse_position("digraph(1>2 2>1; 2)").unwrap();
/// let mut seen = Repetitions::new(None);
/// assert_eq!(seen.record(&a), None); // the start
/// assert_eq!(seen.record(&b), None);
/// assert_eq!(seen.record(&a), None); // a second time
/// assert_eq!(seen.record(&b), None);
/// assert_eq!(seen.record(&a), Some(DrawBy::Repetition)); // a third time
/// let mut short = Repetitions::new(Some(1));
/// short.record(&a);
/// assert_eq!(short.record(&b), Some(DrawBy::MoveLimit(1)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    counts: HashMap<Vec<Identity>, u32>,
    /// The positions in the order met, for taking moves back.
    history: Vec<Vec<Identity>>,
    limit: Option<u32>,
}

impl Repetitions {
    /// A new game, drawn after `limit` moves when one is given.
    pub fn new(limit: Option<u32>) -> Repetitions {
        Repetitions {
            limit,
            ..Repetitions::default()
        }
    }

    /// The move limit, if any.
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }

    /// The moves made so far (positions recorded, less the start).
    pub fn moves(&self) -> u32 {
        self.history.len().saturating_sub(1) as u32
    }

    /// How many times `position` has been met.
    pub fn count(&self, position: &Position) -> u32 {
        self.counts.get(&key(position)).copied().unwrap_or(0)
    }

    /// Records `position`, the start of the game or the position after a
    /// move; `Some` when the game is now a draw.
    pub fn record(&mut self, position: &Position) -> Option<DrawBy> {
        let k = key(position);
        let count = self.counts.entry(k.clone()).or_insert(0);
        *count += 1;
        let count = *count;
        self.history.push(k);
        if count >= 3 {
            return Some(DrawBy::Repetition);
        }
        match self.limit {
            Some(n) if self.moves() >= n => Some(DrawBy::MoveLimit(n)),
            _ => None,
        }
    }

    /// Forgets the last position recorded (a move taken back).
    pub fn undo(&mut self) {
        if let Some(k) = self.history.pop() {
            if let Some(c) = self.counts.get_mut(&k) {
                *c -= 1;
                if *c == 0 {
                    self.counts.remove(&k);
                }
            }
        }
    }
}

/// A position's components, by identity, in a fixed order: the same
/// position whichever component moved to it.
fn key(position: &Position) -> Vec<Identity> {
    let mut k: Vec<Identity> = position
        .components()
        .map(|c| identity(c.as_ref()))
        .collect();
    k.sort();
    k
}
