//! When a game that may go on forever is called a draw: a position met for
//! the third time, or a number of moves the players agreed on.
//!
//! A loopy game (see [`loopy`](crate::loopy)) drawn with perfect play goes
//! on forever; a game played by people has to stop. [`Repetitions`] keeps
//! the count of each position met in one game — by its components, in any
//! order — and of the moves made, and says when the game is a draw: a
//! position met three times (threefold repetition), or the move limit
//! reached. Front ends (terminal, web page, API) ask it after every move.
//!
//! Positions are counted by a 128-bit [`id`] (two hashes of their
//! components' identities), short enough for a stateless front end to send
//! back the ids of the positions met so far ([`Repetitions::from_ids`]).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

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
    /// In words: "the same position came up for the third time", "the
    /// limit of 100 moves was reached".
    pub fn words(self) -> String {
        match self {
            DrawBy::Repetition => "the same position came up for the third time".into(),
            DrawBy::MoveLimit(1) => "the limit of 1 move was reached".into(),
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
    counts: HashMap<u128, u32>,
    /// The positions in the order met, for taking moves back.
    history: Vec<u128>,
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

    /// A game in which the positions with these ids were met, in order
    /// (the start first), drawn after `limit` moves when one is given.
    pub fn from_ids(ids: &[u128], limit: Option<u32>) -> Repetitions {
        let mut r = Repetitions::new(limit);
        for &k in ids {
            *r.counts.entry(k).or_insert(0) += 1;
            r.history.push(k);
        }
        r
    }

    /// The ids of the positions met, in order.
    pub fn ids(&self) -> &[u128] {
        &self.history
    }

    /// Whether the positions met so far already make the game a draw.
    pub fn drawn(&self) -> Option<DrawBy> {
        let last = self.history.last()?;
        if self.counts.get(last).is_some_and(|&c| c >= 3) {
            return Some(DrawBy::Repetition);
        }
        match self.limit {
            Some(n) if self.moves() >= n => Some(DrawBy::MoveLimit(n)),
            _ => None,
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
        self.counts.get(&id(position)).copied().unwrap_or(0)
    }

    /// Records `position`, the start of the game or the position after a
    /// move; `Some` when the game is now a draw.
    pub fn record(&mut self, position: &Position) -> Option<DrawBy> {
        let k = id(position);
        *self.counts.entry(k).or_insert(0) += 1;
        self.history.push(k);
        self.drawn()
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

/// The id of a position: two 64-bit hashes of its components' identities,
/// sorted (the same position whichever component moved to it). Two
/// positions share an id with odds of about 2^-128.
pub fn id(position: &Position) -> u128 {
    let mut k: Vec<Identity> = position
        .components()
        .map(|c| identity(c.as_ref()))
        .collect();
    k.sort();
    let hash = |prefix: u64| {
        let mut h = DefaultHasher::new();
        prefix.hash(&mut h);
        for (_, name, key) in &k {
            name.hash(&mut h);
            key.hash(&mut h);
        }
        h.finish()
    };
    (u128::from(hash(1)) << 64) | u128::from(hash(2))
}
