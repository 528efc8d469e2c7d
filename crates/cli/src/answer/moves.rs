//! A move as JSON, the same in every answer that lists moves (the
//! explanation's, the web game's), and an every-game turn as JSON.

use grundy::game::Game;
use grundy::session::notation::{notation, words};
use grundy::session::Numbers;
use grundy::sum::{Position, SumMove};
use serde_json::{json, Value};

/// The size of a component shown as one heap; `None` for every other
/// component (a staircase, a game drawn its own way).
pub fn single_heap(c: &dyn Game) -> Option<u64> {
    match c.heaps()[..] {
        [size] if c.noun() == "heap" => Some(size),
        _ => None,
    }
}

/// A move of `position`, its components numbered by `numbers`: where, what
/// it leaves, and how it is typed and said.
pub fn move_json(position: &Position, numbers: &Numbers, mv: &SumMove) -> Value {
    let heap_like = mv.heap.is_some();
    json!({
        "heap": mv.heap,
        "from": heap_like.then_some(mv.from),
        "to": heap_like.then(|| mv.to.clone()),
        "notation": notation(position, numbers, mv),
        "words": words(position, numbers, mv),
    })
}

/// A whole every-game turn: its `moves` (each as [`move_json`]), and the
/// turn as typed (`notation`, e.g. `1 2; 2 = 1 3`) and said (`words`), the
/// moves joined by `; `.
pub fn turn_json(position: &Position, numbers: &Numbers, moves: &[SumMove]) -> Value {
    let join = |f: &dyn Fn(&SumMove) -> String| moves.iter().map(f).collect::<Vec<_>>().join("; ");
    json!({
        "moves": moves.iter().map(|m| move_json(position, numbers, m)).collect::<Vec<_>>(),
        "notation": join(&|m| notation(position, numbers, m)),
        "words": join(&|m| words(position, numbers, m)),
    })
}
