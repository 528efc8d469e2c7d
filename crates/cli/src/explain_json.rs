//! The JSON form of the engine's step-by-step account
//! ([`grundy::explain::Explanation`]): what `grundy explain --json` prints and
//! what `grundy serve` answers at `/api/explain`.
//!
//! Fields: `play`, `outcome`, `nim_sum`, `rows` (one per heap or staircase:
//! `label`, `term`, `name`, `kind` — `"heap"` with `heap` (0-based flat index
//! as in `analyze --json`), `size`, `rule` and `mex`, or `"staircase"` with
//! `first`, `steps`, `gaps` — and `value`), `derivation` (normal play with a
//! non-zero nim-sum: `bit`, `holders`, `row`, `from_value`, `to_value`,
//! `moves`), `misere` (`{"case":"nim","big","ones"}` or `{"case":"search"}`),
//! `winning_moves` and `winning_moves_truncated`. A `mex` is `null` for large
//! heaps, else `{"options":[{"take","leaves","value"}],"values":[..]}`. Every
//! move is `{"heap","from","to","notation","words"}`, with the notation typed
//! at the `grundy play` prompt.

use grundy::explain::{Explanation, MisereCase, RowKind};
use grundy::sum::{Position, SumMove};
use serde_json::{json, Value};

use crate::ui::{self, Item};

/// The explanation as one JSON object.
pub fn explanation_json(position: &Position, e: &Explanation) -> Value {
    let items = ui::items(position);
    let rows: Vec<Value> = e
        .rows
        .iter()
        .map(|row| match &row.kind {
            RowKind::Heap {
                flat,
                size,
                rule,
                mex,
            } => {
                let number = match items.get(*flat) {
                    Some(Item::Heap { number, .. }) => *number,
                    _ => flat + 1,
                };
                json!({
                    "label": format!("heap {number} ({})", row.name),
                    "term": row.term,
                    "name": row.name,
                    "kind": "heap",
                    "heap": flat,
                    "size": size,
                    "rule": rule.to_string(),
                    "value": row.value,
                    "mex": mex.as_ref().map(|m| json!({
                        "options": m.options.iter().map(|(mv, v)| json!({
                            "take": mv.take,
                            "leaves": mv.leaves,
                            "value": v,
                        })).collect::<Vec<_>>(),
                        "values": m.values,
                    })),
                })
            }
            RowKind::Staircase { first, steps, gaps } => json!({
                "label": "staircase",
                "term": row.term,
                "name": row.name,
                "kind": "staircase",
                "first": first,
                "steps": steps,
                "gaps": gaps,
                "value": row.value,
            }),
        })
        .collect();
    let derivation = e.derivation.as_ref().map(|d| {
        json!({
            "bit": d.bit,
            "holders": d.holders,
            "row": d.row,
            "from_value": d.from_value,
            "to_value": d.to_value,
            "moves": d.moves.iter().map(|m| move_json(position, m)).collect::<Vec<_>>(),
        })
    });
    let misere = e.misere.as_ref().map(|m| match m {
        MisereCase::Nim { big, ones } => json!({ "case": "nim", "big": big, "ones": ones }),
        MisereCase::Search => json!({ "case": "search" }),
    });
    json!({
        "play": e.play,
        "outcome": e.outcome,
        "nim_sum": e.nim_sum,
        "rows": rows,
        "derivation": derivation,
        "misere": misere,
        "winning_moves": e.winning_moves.iter().map(|m| move_json(position, m)).collect::<Vec<_>>(),
        "winning_moves_truncated": e.truncated,
    })
}

/// A move of `position`: where, what it leaves, and how it is typed and said.
pub fn move_json(position: &Position, mv: &SumMove) -> Value {
    json!({
        "heap": mv.heap,
        "from": mv.from,
        "to": mv.to,
        "notation": ui::notation(position, mv),
        "words": ui::words(position, mv),
    })
}
