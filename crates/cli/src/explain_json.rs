//! The JSON form of the engine's step-by-step account
//! ([`grundy::explain::Explanation`]): what `grundy explain --json` prints and
//! what `grundy serve` answers at `/api/explain`.
//!
//! Fields: `play`, `outcome`, `nim_sum`, `rows` (one per component — a heap,
//! a staircase, any family — in the order written: `label` (`"heap 3
//! (kayles)"`), `term` (0-based), `name` (the term's), `kind` (the
//! component's noun: `"heap"`, `"staircase"`, …), `number` (1-based, as
//! typed at the `grundy play` prompt), `args` (as written inside the
//! parentheses), `size` (only for a single heap), `value` (`null` when not
//! known), `mex` and `reason` (the family's theorem in words, or `null`)),
//! `derivation` (normal play with a non-zero nim-sum: `bit`, `holders`,
//! `row`, `from_value`, `to_value`, `moves`), `misere`
//! (`{"case":"nim","big","ones"}`, `{"case":"search"}`, or for heaps of one
//! take-and-break or subtraction rule `{"case":"quotient","rule","order",
//! "computed_to","period","preperiod","generators":[{"name","heap"}],
//! "elements":[{"heap","element","word"}],"product","product_word",
//! "in_p_portion","p_portion":[words],"moves":[{"product","word"}]}` — the
//! heaps' elements of the misère quotient, their product, and for each
//! winning move (in the order of `winning_moves`) the product it leaves, in
//! the P-portion), `winning_moves` and `winning_moves_truncated`. A `mex` is `null` for large components,
//! else `{"options":[{"words","leaves","value"}],"values":[..]}`, `leaves`
//! being the components the option leaves, written (`["kayles(1)",
//! "kayles(2)"]`, `[]` for nothing). Every move is `{"heap","from","to",
//! "notation","words"}`: `heap` (0-based flat index, as in `analyze --json`),
//! `from` and `to` only for moves of heap-like components (else `null`), with
//! the notation typed at the `grundy play` prompt. `loopy` is `null`, or for
//! a position with a loopy part its values and how they were found (see
//! [`loopy_json`]).

use grundy::explain::{Explanation, MisereCase};
use grundy::game::written;
use grundy::loopy::SumRule;
use grundy::quotient::generator_name;
use grundy::sum::{Position, SumMove};
use serde_json::{json, Value};

use crate::ui::{self, Numbers};

/// The explanation as one JSON object.
pub fn explanation_json(position: &Position, e: &Explanation) -> Value {
    let numbers = Numbers::fresh(position);
    let rows: Vec<Value> = e
        .rows
        .iter()
        .enumerate()
        .map(|(k, row)| {
            let c = &row.component;
            let short = ui::label(position, &numbers, k);
            let mut out = json!({
                "label": format!("{short} ({})", row.name),
                "term": row.place.term,
                "name": row.name,
                "kind": c.noun(),
                "number": numbers.of[k],
                "args": c.args(),
            });
            if let Some(size) = single_heap(c.as_ref()) {
                out["size"] = json!(size);
            }
            out["value"] = json!(row.value);
            out["mex"] = json!(row.mex.as_ref().map(|m| json!({
                "options": m.options.iter().map(|(mv, v)| json!({
                    "words": c.describe(mv, &short),
                    "leaves": mv.after.iter().map(|a| written(a.as_ref())).collect::<Vec<_>>(),
                    "value": v,
                })).collect::<Vec<_>>(),
                "values": m.values,
            })));
            out["reason"] = json!(row.reason);
            out
        })
        .collect();
    let derivation = e.derivation.as_ref().map(|d| {
        json!({
            "bit": d.bit,
            "holders": d.holders,
            "row": d.row,
            "from_value": d.from_value,
            "to_value": d.to_value,
            "moves": d.moves.iter().map(|m| move_json(position, &numbers, m)).collect::<Vec<_>>(),
        })
    });
    let misere = e.misere.as_ref().map(|m| match m {
        MisereCase::Nim { big, ones } => json!({ "case": "nim", "big": big, "ones": ones }),
        MisereCase::Search => json!({ "case": "search" }),
        MisereCase::Quotient(c) => json!({
            "case": "quotient",
            "rule": c.rule,
            "order": c.order,
            "computed_to": c.computed_to,
            "period": c.period.map(|p| p.1),
            "preperiod": c.period.map(|p| p.0),
            "generators": c.generators.iter().enumerate()
                .map(|(i, h)| json!({ "name": generator_name(i), "heap": h }))
                .collect::<Vec<_>>(),
            "elements": c.elements.iter()
                .map(|(h, x, w)| json!({ "heap": h, "element": x, "word": w }))
                .collect::<Vec<_>>(),
            "product": c.product,
            "product_word": c.product_word,
            "in_p_portion": c.in_p,
            "p_portion": c.p_portion,
            "moves": c.after.iter()
                .map(|(x, w)| json!({ "product": x, "word": w }))
                .collect::<Vec<_>>(),
        }),
    });
    json!({
        "play": e.play,
        "outcome": e.outcome,
        "nim_sum": e.nim_sum,
        "rows": rows,
        "derivation": derivation,
        "misere": misere,
        "winning_moves": e.winning_moves.iter().map(|m| move_json(position, &numbers, m)).collect::<Vec<_>>(),
        "winning_moves_truncated": e.truncated || e.incomplete,
        "loopy": loopy_json(position, e),
    })
}

/// The size of a component shown as one heap; `None` for every other
/// component (a staircase, a game drawn its own way).
pub fn single_heap(c: &dyn grundy::game::Game) -> Option<u64> {
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
        "notation": ui::notation(position, numbers, mv),
        "words": ui::words(position, numbers, mv),
    })
}

/// The loopy part of `explain --json`: `values` (`sum`, `terms`, `parts`,
/// each a number or `{"inf": [k, …]}`), `rule` (`"nim_sum"`,
/// `"one_infinite"` or `"two_infinite"`), `accounts` (per row, `null` for a
/// part without loops, else `value`, `counter` (finite values), `mex`
/// (infinite ones) and `followers`: `after` (the position an option leaves),
/// `value`, `counter`, `reversal` (`{"after", "counter"}` or `null`) and
/// `forcing`), and `drawing_moves` with the sum's value after each.
fn loopy_json(position: &Position, e: &Explanation) -> Option<Value> {
    let case = e.loopy.as_ref()?;
    let numbers = Numbers::fresh(position);
    let rule = match case.values.rule {
        SumRule::NimSum => "nim_sum",
        SumRule::OneInfinite => "one_infinite",
        SumRule::TwoInfinite => "two_infinite",
    };
    let accounts: Vec<Value> = case
        .accounts
        .iter()
        .map(|a| match a {
            None => Value::Null,
            Some(a) => json!({
                "value": a.value,
                "counter": a.counter,
                "mex": a.mex,
                "followers": a.followers.iter().map(|f| json!({
                    "after": f.mv.after_text(),
                    "value": f.value,
                    "counter": f.counter,
                    "reversal": f.reversal.as_ref().map(|(m, c)| json!({
                        "after": m.after_text(),
                        "counter": c,
                    })),
                    "forcing": f.forcing,
                })).collect::<Vec<_>>(),
                "more_followers": a.more,
            }),
        })
        .collect();
    Some(json!({
        "values": {
            "sum": case.values.sum,
            "terms": case.values.terms,
            "parts": case.values.parts,
        },
        "rule": rule,
        "accounts": accounts,
        "drawing_moves": e.drawing_moves.iter().zip(&e.drawing_after).map(|(m, after)| {
            let mut v = move_json(position, &numbers, m);
            v["sum_after"] = json!(after);
            v
        }).collect::<Vec<_>>(),
    }))
}
