//! Moves as a player types and reads them: the component's number, then
//! its family's own notation (`3 2` takes 2 from heap 3, `3 = 1 4` leaves
//! heaps 1 and 4, `4 1 3` walks the monk on step 1 of staircase 4 to step
//! 3); every-game turns as such moves separated by `;`; and a heap's move
//! named by the heaps it leaves. Written and read back by the same rules.
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::session::{notation, Numbers};
//!
//! let pos = parse_position("nim(3,4,5)").unwrap();
//! let numbers = Numbers::fresh(&pos);
//! let mv = notation::parse_move(&pos, &numbers, "1 2").unwrap();
//! assert_eq!(notation::words(&pos, &numbers, &mv), "take 2 from heap 1: 3 → 1");
//! assert_eq!(notation::notation(&pos, &numbers, &mv), "1 2");
//! assert!(notation::parse_move(&pos, &numbers, "9 1").is_err());
//! ```

use crate::games::heap::number;
use crate::sum::{Place, Position, SumMove};

use super::numbers::{index_of, Numbers};

/// "heap 3" (the noun of the component and its number).
pub fn label(position: &Position, numbers: &Numbers, index: usize) -> String {
    let c = position.components().nth(index).expect("a component");
    format!("{} {}", c.noun(), numbers.of[index])
}

/// Whether every component is a heap.
pub fn all_heaps(position: &Position) -> bool {
    position.components().all(|c| c.noun() == "heap")
}

/// The move as it is typed: the component's number, then its family's own
/// notation.
pub fn notation(position: &Position, numbers: &Numbers, mv: &SumMove) -> String {
    let k = index_of(position, mv);
    let c = position.components().nth(k).expect("the move's component");
    format!("{} {}", numbers.of[k], c.notation(&mv.mv))
}

/// The move in words, with the numbers the player sees.
pub fn words(position: &Position, numbers: &Numbers, mv: &SumMove) -> String {
    let k = index_of(position, mv);
    let c = position.components().nth(k).expect("the move's component");
    c.describe(&mv.mv, &label(position, numbers, k))
}

/// Parses an every-game turn: one move (as [`parse_move`] reads it) in
/// every part that can move, separated by `;`.
pub fn parse_turn(
    position: &Position,
    numbers: &Numbers,
    line: &str,
) -> Result<Vec<SumMove>, String> {
    let mut moves = Vec::new();
    for piece in line.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let mv = parse_move(position, numbers, piece)?;
        if moves
            .iter()
            .any(|m: &SumMove| (m.term, m.part) == (mv.term, mv.part))
        {
            let k = index_of(position, &mv);
            return Err(format!(
                "illegal move: a turn moves in {} once, not twice",
                label(position, numbers, k)
            ));
        }
        moves.push(mv);
    }
    for (k, (place, c)) in position.places().into_iter().enumerate() {
        let moved = moves
            .iter()
            .any(|m| (m.term, m.part) == (place.term, place.part));
        if c.has_moves() && !moved {
            return Err(format!(
                "illegal move: a turn moves in every part that can move, and {} is missing \
                 (separate the moves by `;`)",
                label(position, numbers, k)
            ));
        }
    }
    Ok(moves)
}

/// Parses a move as [`notation`] writes it: a part's number, then the move
/// as its family writes it; with a single part the number may be left out.
pub fn parse_move(position: &Position, numbers: &Numbers, line: &str) -> Result<SumMove, String> {
    let line = line.trim();
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let (first, rest) = match first.split_once('=') {
        Some((a, _)) if !a.is_empty() => (a, line[a.len()..].trim_start()),
        _ => (first, rest),
    };
    if first.is_empty() {
        return Err("the line is empty".into());
    }
    let single = numbers.of.len() == 1;
    let numbered = number(first).and_then(|n| {
        let found = usize::try_from(n).ok().and_then(|n| numbers.find(n));
        let k = found.ok_or_else(|| {
            let noun = if all_heaps(position) { "heap" } else { "part" };
            let mut sorted = numbers.of.clone();
            sorted.sort_unstable();
            let list: Vec<String> = sorted.iter().map(usize::to_string).collect();
            let range = if sorted.last() == Some(&sorted.len()) {
                format!("1 to {}", sorted.len())
            } else {
                list.join(", ")
            };
            format!("there is no {noun} {n}: the {noun}s are numbered {range}")
        })?;
        position.read_move_as(k, rest, &label(position, numbers, k))
    });
    match numbered {
        // With one part, a line not starting with a number is that part's
        // move (`= 3 5`, `2-3`): its own error says best what is wrong.
        Err(_) if single => match position.read_move_as(0, line, &label(position, numbers, 0)) {
            Err(why) if number(first).is_err() => Err(why),
            whole => whole.or(numbered),
        },
        other => other,
    }
}

/// How many moves of one component [`heap_move`] looks through.
pub const HEAP_MOVE_SCAN: usize = 1_000_000;

/// A heap of a position, found by its flat index (see [`find_heap`]).
#[derive(Clone, Copy, Debug)]
pub struct HeapSpot {
    place: Place,
    /// The component's index over all components.
    component: usize,
    /// The heap's index inside its component.
    inside: usize,
}

/// The heap at flat index `heap` (0-based over every heap of every
/// component, as `analyze --json` numbers them), or why there is none.
pub fn find_heap(position: &Position, heap: u64) -> Result<HeapSpot, String> {
    let places = position.places();
    let found = usize::try_from(heap).ok().and_then(|h| {
        places
            .iter()
            .enumerate()
            .find_map(|(component, (place, c))| {
                let inside = h.checked_sub(place.first_heap)?;
                (inside < c.heaps().len()).then_some(HeapSpot {
                    place: *place,
                    component,
                    inside,
                })
            })
    });
    found.ok_or_else(|| {
        format!(
            "there is no heap {heap} (0-based; the position has {})",
            position.flat_heaps().len()
        )
    })
}

/// The move of the heap at `spot` that leaves the heaps `to` (any order,
/// zeros ignored; empty for nothing), among the first [`HEAP_MOVE_SCAN`]
/// moves of its component; or why there is none.
pub fn heap_move(
    position: &Position,
    numbers: &Numbers,
    spot: HeapSpot,
    mut to: Vec<u64>,
) -> Result<SumMove, String> {
    // Moves describe what they leave ascending, zeros left out.
    to.retain(|&t| t != 0);
    to.sort_unstable();
    let c = position
        .components()
        .nth(spot.component)
        .expect("a heap found in this position");
    c.moves()
        .take(HEAP_MOVE_SCAN)
        .find(|m| {
            m.heap
                .as_ref()
                .is_some_and(|h| h.index == spot.inside && h.to == to)
        })
        .map(|m| Position::sum_move(spot.place, c.as_ref(), m))
        .ok_or_else(|| {
            let left: Vec<String> = to.iter().map(u64::to_string).collect();
            format!(
                "illegal move: no move of {} leaves {} (among its first {HEAP_MOVE_SCAN} \
                 moves; type the move to play any other)",
                label(position, numbers, spot.component),
                if left.is_empty() {
                    "nothing".to_string()
                } else {
                    left.join(" + ")
                }
            )
        })
}
