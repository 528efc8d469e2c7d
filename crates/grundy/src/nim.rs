//! Nim: heaps of tokens, a move removes any positive number from one heap.
//!
//! * **Normal play** (the last to move wins): Bouton's theorem — the position
//!   is a loss for the player to move exactly when the nim-sum of the heaps is
//!   0. From any other position, with nim-sum `s`, the winning moves are the
//!   heaps `h` with `h ⊕ s < h`, reduced to `h ⊕ s`.
//! * **Misère play** (the last to move loses): play as in normal Nim until
//!   the move that would leave only heaps of size 1; then leave an odd number
//!   of them. So: if some heap has 2 or more, the normal rule decides; if
//!   every heap is 0 or 1, the player to move wins exactly when the number of
//!   1-heaps is even.

use serde::Serialize;

use crate::nimber::{nim_sum, Nimber};

/// Who wins with perfect play.
///
/// Finite games are always `N` or `P`. A loopy game (one whose positions can
/// repeat, see [`loopy`](crate::loopy)) may also be a **d**raw: neither
/// player can force a win, and each can avoid losing forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The **n**ext player (the one to move) wins.
    N,
    /// The **p**revious player wins: the player to move loses.
    P,
    /// A **d**raw: with perfect play the game goes on forever. Only loopy
    /// games have draws.
    D,
}

impl Outcome {
    /// `N` when `wins` is true.
    pub fn from_mover_wins(wins: bool) -> Outcome {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Whether the player to move wins (false for a draw too).
    pub fn mover_wins(self) -> bool {
        self == Outcome::N
    }

    /// The letter: `N`, `P` or `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        }
    }
}

/// Normal or misère play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Play {
    /// The player who makes the last move wins.
    #[default]
    Normal,
    /// The player who makes the last move loses.
    Misere,
}

impl Play {
    /// `Misere` when `misere` is true, else `Normal` (for command-line flags).
    pub fn from_misere(misere: bool) -> Play {
        if misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }
}

/// A move in Nim: heap `heap` (0-based) goes from `from` to `to` tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct NimMove {
    pub heap: usize,
    pub from: u64,
    pub to: u64,
}

/// The outcome of a Nim position.
///
/// ```
/// use grundy::nim::{outcome, Outcome, Play};
/// assert_eq!(outcome(&[3, 4, 5], Play::Normal), Outcome::N);
/// assert_eq!(outcome(&[1, 2, 3], Play::Normal), Outcome::P);
/// assert_eq!(outcome(&[1, 1], Play::Misere), Outcome::N);
/// assert_eq!(outcome(&[1, 1, 1], Play::Misere), Outcome::P);
/// ```
pub fn outcome(heaps: &[u64], play: Play) -> Outcome {
    let s = nim_sum(heaps.iter().copied());
    match play {
        Play::Normal => Outcome::from_mover_wins(s != 0),
        Play::Misere if heaps.iter().all(|&h| h <= 1) => Outcome::from_mover_wins(s == 0),
        Play::Misere => Outcome::from_mover_wins(s != 0),
    }
}

/// The Grundy value (normal play) of a Nim position: the nim-sum of the heaps.
pub fn grundy(heaps: &[u64]) -> Nimber {
    nim_sum(heaps.iter().copied())
}

/// How many winning moves there are under normal play: the heaps `h` with
/// `h ⊕ s < h`, i.e. the heaps that have the top bit of the nim-sum `s` set.
///
/// ```
/// use grundy::nim::winning_move_count;
/// assert_eq!(winning_move_count(&[3, 4, 5]), 1);
/// assert_eq!(winning_move_count(&[7, 7, 7]), 3);
/// assert_eq!(winning_move_count(&[1, 2, 3]), 0);
/// ```
pub fn winning_move_count(heaps: &[u64]) -> usize {
    let s = nim_sum(heaps.iter().copied());
    match crate::nimber::high_bit(s) {
        None => 0,
        Some(bit) => heaps.iter().filter(|&&h| h >> bit & 1 == 1).count(),
    }
}

/// Every winning move, in heap order (at most one per heap).
///
/// ```
/// use grundy::nim::{winning_moves, NimMove, Play};
/// // 3 ⊕ 4 ⊕ 5 = 2: only the heap of 3 has bit 1 set; 3 ⊕ 2 = 1.
/// assert_eq!(winning_moves(&[3, 4, 5], Play::Normal),
///            vec![NimMove { heap: 0, from: 3, to: 1 }]);
/// // Misère, one big heap: leave an odd number of 1-heaps.
/// assert_eq!(winning_moves(&[1, 1, 5], Play::Misere),
///            vec![NimMove { heap: 2, from: 5, to: 1 }]);
/// ```
pub fn winning_moves(heaps: &[u64], play: Play) -> Vec<NimMove> {
    let s = nim_sum(heaps.iter().copied());
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let to_zero_sum = || -> Vec<NimMove> {
        heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ s < h)
            .map(|(heap, &h)| NimMove {
                heap,
                from: h,
                to: h ^ s,
            })
            .collect()
    };
    match play {
        Play::Normal => to_zero_sum(),
        // At least two big heaps: one move cannot make all heaps small, so
        // the misère P-positions reachable are the normal ones.
        Play::Misere if big >= 2 => to_zero_sum(),
        // One big heap: shrink it to 0 or 1 so that an odd number of 1-heaps
        // remains; nothing else wins (any other move leaves it big).
        Play::Misere if big == 1 => {
            let (heap, &h) = heaps
                .iter()
                .enumerate()
                .find(|&(_, &h)| h >= 2)
                .expect("one big heap");
            let to = if ones % 2 == 1 { 0 } else { 1 };
            vec![NimMove { heap, from: h, to }]
        }
        // Only 1-heaps: taking one wins when that leaves an odd number.
        Play::Misere if ones % 2 == 0 => heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h == 1)
            .map(|(heap, _)| NimMove {
                heap,
                from: 1,
                to: 0,
            })
            .collect(),
        Play::Misere => Vec::new(),
    }
}
