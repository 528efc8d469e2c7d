//! The step-by-step account of a position ([`grundy::explain::Explanation`]):
//! each part's Grundy value (with the mex over its options for small heaps),
//! the binary column table of the nim-sum, who wins and why, and how the
//! winning move is derived from the highest set bit of the nim-sum — as text
//! ([`account`], `grundy explain`) and as one JSON object ([`json()`], `explain
//! --json` and `/api/explain`).
//!
//! The object's fields: `play`, `outcome`, `nim_sum`, `rows` (one per component — a heap,
//! a staircase, any family — in the order written: `label` (`"heap 3
//! (kayles)"`), `term` (0-based), `name` (the term's), `kind` (the
//! component's noun: `"heap"`, `"staircase"`, …), `number` (1-based, as
//! typed at the `grundy play` prompt), `args` (as written inside the
//! parentheses), `size` (only for a single heap), `value` (`null` when not
//! known), `value_wide` (only for a value theory gives beyond 64 bits, in
//! decimal: `"18446744073709551616"`; `value` is then `null`), `mex` and `reason` (the family's theorem in words, or `null`)),
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
//! [`super::loopy::explanation_json`]).

use grundy::explain::{Explanation, MisereCase, Reason, Row};
use grundy::game::written;
use grundy::nim::{Outcome, Play};
use grundy::nimber::high_bit;
use grundy::quotient::generator_name;
use grundy::session::notation::{label as label_of, notation, words};
use grundy::session::Numbers;
use grundy::sum::Position;
use serde_json::{json, Value};

use super::moves::{move_json, single_heap};
use crate::ui::{self, Ui};

/// The explanation as one JSON object: what `explain --json` prints and
/// what `grundy serve` answers at `/api/explain` (see the module
/// documentation for its fields).
pub fn json(position: &Position, e: &Explanation) -> Value {
    let numbers = Numbers::fresh(position);
    let rows: Vec<Value> = e
        .rows
        .iter()
        .enumerate()
        .map(|(k, row)| {
            let c = &row.component;
            let short = label_of(position, &numbers, k);
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
            if let Some(w) = row.wide {
                out["value_wide"] = json!(w.to_string());
            }
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
        "loopy": super::loopy::explanation_json(position, e),
    })
}

/// The label of a row: "heap 2 (kayles)", "staircase 3 (stairs)".
fn label(row: &Row) -> String {
    format!(
        "{} {} ({})",
        row.component.noun(),
        row.place.number,
        row.name
    )
}

/// `n thing` or `n things`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How a row's value comes about, in words.
fn how(row: &Row) -> String {
    let c = &row.component;
    let value = match (row.value, row.wide) {
        (Some(v), _) => v,
        (None, Some(w)) => {
            return format!(
                "its theory gives G = {}, beyond 64 bits (not 0, so a win for the player to move)",
                grundy::error::wide_text(w)
            )
        }
        (None, None) => {
            return "its Grundy value is not known from theory (only its outcome)".into()
        }
    };
    let is_heap = c.noun() == "heap";
    match (&row.mex, c.as_nim(), &row.reason) {
        (Some(step), Some(size), _) => format!(
            "it can be left as {}, so G = mex{{{}}} = {value}",
            if size == 0 {
                "nothing else".to_string()
            } else {
                ui::list(0..size)
            },
            ui::list(step.values.iter().copied()),
        ),
        (_, _, Some(reason)) if !is_heap || row.mex.is_none() => reason.clone(),
        (Some(step), _, _) if step.options.is_empty() => {
            format!("no move at all, so G = mex{{}} = {value}")
        }
        (Some(step), _, _) => {
            let options: Vec<String> = step
                .options
                .iter()
                .map(|(m, v)| {
                    let left = match &m.heap {
                        Some(h) if is_heap && h.to.is_empty() => "nothing".to_string(),
                        Some(h) if is_heap => {
                            h.to.iter()
                                .map(u64::to_string)
                                .collect::<Vec<_>>()
                                .join("+")
                        }
                        _ => m.after_text(),
                    };
                    format!("{left} ({v})")
                })
                .collect();
            format!(
                "its moves leave {} — values {{{}}}, so G = mex = {value}",
                options.join(", "),
                ui::list(step.values.iter().copied()),
            )
        }
        (None, _, None) => format!("G = {value}, found by exhaustive search of its moves"),
        (None, _, Some(reason)) => reason.clone(),
    }
}

/// The whole account as text (Unicode; [`Ui::text`] makes it ASCII).
pub fn account(ui: &Ui, position: &Position, e: &Explanation) -> String {
    if e.loopy.is_some() {
        return super::loopy::explain_text(ui, position, e);
    }
    let numbers = Numbers::fresh(position);
    let mut s = String::new();
    let rule = match e.play {
        Play::Normal => "normal play: whoever makes the last move wins",
        Play::Misere => "misère play: whoever makes the last move loses",
    };
    s += &format!("{} ({rule})\n\n", ui.bold(&format!("Position: {position}")));
    let misere_search = e.play == Play::Misere
        && matches!(e.misere, Some(MisereCase::Search | MisereCase::Quotient(_)));

    // Step 1: every part's value.
    s += &format!(
        "{}\n",
        ui.bold("Step 1. The Grundy value of each part: the mex (least value not among them) of the values of its options, or what a theorem about its game gives.")
    );
    if misere_search {
        s += "  (These are normal-play values: under misère play they do not decide the game; see step 3.)\n";
    }
    for row in &e.rows {
        let size = match (row.component.noun(), &row.component.heaps()[..]) {
            ("heap", [h]) => format!(", size {h}"),
            _ => format!(" {}", row.component.args()),
        };
        s += &format!("  {}{size}: {}.\n", label(row), how(row));
    }

    // Step 2: the binary column table.
    s += &format!(
        "\n{}\n",
        ui.bold("Step 2. The nim-sum: write the values in binary and xor each column (a column gives 1 when it holds an odd number of 1s).")
    );
    if misere_search {
        s += "  (Normal-play values, shown for reference only.)\n";
    }
    let total = e.nim_sum.unwrap_or(0);
    let bits = e
        .rows
        .iter()
        .map(|r| r.value.unwrap_or(0))
        .chain([total])
        .map(|v| high_bit(v).map_or(1, |b| b as usize + 1))
        .max()
        .unwrap_or(1);
    let labels: Vec<String> = e.rows.iter().map(label).collect();
    let lw = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let vw = e
        .rows
        .iter()
        .map(|r| r.value.map_or(1, |v| v.to_string().len()))
        .chain([total.to_string().len()])
        .max()
        .unwrap_or(1)
        .max(5);
    let bw = bits.max(6);
    s += &format!("  {:<lw$}  {:>vw$}  {:>bw$}\n", "", "value", "binary");
    for (row, l) in e.rows.iter().zip(&labels) {
        match row.value {
            Some(v) => s += &format!("  {l:<lw$}  {v:>vw$}  {:>bw$}\n", format!("{v:0bits$b}")),
            None => {
                let shown = row.wide.map_or("?".into(), grundy::error::wide_text);
                s += &format!("  {l:<lw$}  {shown:>vw$}\n")
            }
        }
    }
    if e.nim_sum.is_some() {
        s += &format!("  {:<lw$}  {:>vw$}  {:>bw$}\n", "", "", "-".repeat(bits));
        s += &format!(
            "  {:<lw$}  {total:>vw$}  {:>bw$}\n",
            "nim-sum",
            format!("{total:0bits$b}")
        );
    } else {
        if e.rows.iter().any(|r| r.wide.is_some()) {
            s += "  (no nim-sum: a value beyond 64 bits; the game is decided by its own theory)\n";
        } else {
            s += "  (no nim-sum: a value is not known; the game is decided by its own theory)\n";
        }
    }

    // Step 3: the verdict.
    s += &format!("\n{}\n", ui.bold("Step 3. Who wins."));
    let verdict = match e.outcome {
        Outcome::N => ui.good("the player to move wins (an N-position)"),
        Outcome::P => ui.bad("the player to move loses (a P-position)"),
        Outcome::D => ui.bold("neither player can force a win: a draw (a D-position)"),
    };
    match (e.play, &e.misere) {
        (Play::Normal, _) if e.nim_sum.is_none() => {
            s += &format!("  The theory of this game decides its outcome directly: {verdict}.\n");
        }
        (Play::Normal, _) if total == 0 => {
            s += &format!(
                "  The nim-sum is 0, so {verdict}.\n  Why: a move changes exactly one value v into some v' ≠ v, so the nim-sum becomes\n  v ⊕ v' ≠ 0; and from a non-zero nim-sum the opponent can always move back to 0.\n  The player facing 0 is the one who finally has no move.\n"
            );
        }
        (Play::Normal, _) => {
            s += &format!(
                "  The nim-sum is {total} ≠ 0, so {verdict}: there is a move that makes it 0 (step 4),\n  and from 0 every move makes it non-zero again.\n"
            );
        }
        (Play::Misere, Some(MisereCase::Nim { big, ones })) => {
            if *big == 0 {
                s += &format!(
                    "  Misère Nim with only heaps of 0 and 1: the players simply take them one by one, and\n  whoever takes the last loses. With {} of 1 ({}), {verdict}.\n",
                    count(*ones, "heap", "heaps"),
                    if ones % 2 == 0 { "even" } else { "odd" }
                );
            } else {
                s += &format!(
                    "  Misère Nim with {} of 2 or more: play exactly as in normal Nim (nim-sum {total}),\n  except for the move that would leave only heaps of 0 and 1: that move must leave an ODD\n  number of 1-heaps, so that the opponent takes the last token. So {verdict}.\n",
                    count(*big, "heap", "heaps")
                );
            }
        }
        (Play::Misere, Some(MisereCase::Quotient(c))) => {
            let reach = match c.period {
                Some((pre, p)) => format!(
                    "proved periodic: Φ(n + {p}) = Φ(n) for n ≥ {pre}, so it covers every heap"
                ),
                None => format!("computed for heaps up to {}", c.computed_to),
            };
            let gens: Vec<String> = c
                .generators
                .iter()
                .enumerate()
                .map(|(i, h)| format!("{} = heap {h}", generator_name(i)))
                .collect();
            s += &format!(
                "  Misère play of heaps of {} is read from its misère quotient Q, a commutative monoid of\n  {} elements ({reach}; generators {}). Each heap pretends to be an element of Q (Φ):\n",
                c.rule,
                c.order,
                if gens.is_empty() { "none".to_string() } else { gens.join(", ") }
            );
            for (row, (h, _, word)) in e.rows.iter().zip(&c.elements) {
                s += &format!("    {}: Φ({h}) = {word}\n", label(row));
            }
            let p_list = if c.p_portion.len() <= 16 {
                format!("{{{}}}", c.p_portion.join(", "))
            } else {
                format!(
                    "({} elements; see `grundy quotient {}`)",
                    c.p_portion.len(),
                    c.rule
                )
            };
            s += &format!(
                "  The sum is the product of its heaps' elements: {} = {}. The P-portion (the elements\n  of P-positions) is {p_list}.\n  The product {} in the P-portion, so {verdict}.\n",
                c.elements.iter().map(|x| x.2.as_str()).collect::<Vec<_>>().join(" · "),
                c.product_word,
                if c.in_p { "lies" } else { "does not lie" }
            );
            if c.in_p {
                s += "  Why: no move leads to a product in the P-portion (every option is an N-position).\n";
            } else {
                s += "  Why: a winning move changes one heap so that the product of the elements lands in the\n  P-portion (step 4).\n";
            }
        }
        (Play::Misere, _) => {
            s += &format!(
                "  Misère play has no nim-sum rule for this sum (the values above are for normal play);\n  an exhaustive search of the game tree shows that {verdict}.\n"
            );
        }
    }

    // Step 4: the winning move.
    s += &format!("\n{}\n", ui.bold("Step 4. The winning move."));
    if let Some(d) = &e.derivation {
        let bit_value = 1u64 << d.bit;
        let row = &e.rows[d.row];
        let name = label(row);
        s += &format!(
            "  The highest 1 of the nim-sum {total} = {total:0bits$b} is bit {} (worth {bit_value}).\n",
            d.bit
        );
        let others: Vec<String> = d
            .holders
            .iter()
            .skip(1)
            .map(|&i| label(&e.rows[i]))
            .collect();
        s += &format!(
            "  {name} has that bit set in its value {} = {:0bits$b}{}.\n",
            d.from_value,
            d.from_value,
            if others.is_empty() {
                String::new()
            } else {
                format!(" (so do {})", others.join(", "))
            }
        );
        s += &format!(
            "  So {g} ⊕ {total} = {t} < {g}: moving it to value {t} changes that bit and every lower one\n  exactly where the nim-sum has a 1, and the nim-sum becomes 0.\n",
            g = d.from_value,
            t = d.to_value
        );
        if let Some(size) = row.component.as_nim() {
            s += &format!(
                "  For a Nim heap that means: take {size} − {t} = {}, leaving {t}.\n",
                grundy::games::tokens(size - d.to_value),
                t = d.to_value
            );
        }
        for mv in &d.moves {
            s += &format!(
                "    `{}`  {}\n",
                notation(position, &numbers, mv),
                words(position, &numbers, mv)
            );
        }
    } else if e.outcome == Outcome::P {
        s += "  There is none: every move leaves the opponent a winning position.\n";
    }
    if let Some(MisereCase::Nim { big, ones }) = e.misere {
        s += &match big {
            0 if ones % 2 == 0 && ones > 0 => {
                "  Only heaps of 1 are left and their number is even: take one, leaving an odd number.\n"
                    .to_string()
            }
            0 => "  Only heaps of 1 are left and their number is odd: every move leaves an even number, a loss.\n"
                .to_string(),
            1 => format!(
                "  Exactly one heap has 2 or more, so this is the endgame move: shrink it to {} so that an\n  odd number of 1-heaps is left ({} now).\n",
                if ones % 2 == 1 { 0 } else { 1 },
                count(ones, "other heap of 1", "other heaps of 1")
            ),
            _ => "  Two or more heaps have 2 or more, so no single move can leave only small heaps: the winning\n  moves are those of normal Nim, which make the nim-sum 0.\n"
                .to_string(),
        };
    }
    let raises = e
        .reasons
        .iter()
        .any(|r| matches!(r, Reason::Value { before, after } if after > before));
    // The derivation's moves, when they are every winning move and the list
    // would add nothing to them, are not listed twice.
    let derived_all = e.play == Play::Normal
        && !raises
        && !e.truncated
        && e.derivation
            .as_ref()
            .is_some_and(|d| d.moves == e.winning_moves);
    if !derived_all
        && (e.play == Play::Misere || e.winning_moves.len() > 1 || raises || e.nim_sum.is_none())
    {
        if e.winning_moves.is_empty() {
            if e.play == Play::Misere && e.outcome == Outcome::N {
                s += "  The player to move has no move at all, and under misère play that is a win.\n";
            }
        } else {
            s += &format!(
                "  All winning moves ({}{}):\n",
                e.winning_moves.len(),
                if e.truncated { ", list cut short" } else { "" }
            );
            for (k, (mv, r)) in e.winning_moves.iter().zip(&e.reasons).enumerate() {
                let why = match *r {
                    Reason::Value { before, after } if after > before => format!(
                        " — raises that part's value from {before} to {after} = {before} ⊕ {total}: a move to any\n      option of value g ⊕ s wins, a larger one included"
                    ),
                    Reason::Value { before, after } => {
                        format!(" — value {before} → {after}, nim-sum 0")
                    }
                    Reason::Theory => {
                        " — moves to a position its theory proves lost for the opponent".into()
                    }
                    Reason::MisereNim => String::new(),
                    Reason::Search => {
                        " — moves to a position the search proves lost for the opponent".into()
                    }
                    Reason::Loopy { before, after } => match before {
                        Some(b) => format!(" — value {b} → {after}, the sum's value 0"),
                        None => format!(" — value ∞ → {after}, the sum's value 0"),
                    },
                    Reason::Quotient { .. } => match &e.misere {
                        Some(MisereCase::Quotient(c)) => format!(
                            " — leaves the product {}, in the P-portion",
                            c.after[k].1
                        ),
                        _ => String::new(),
                    },
                };
                s += &format!(
                    "    `{}`  {}{why}\n",
                    notation(position, &numbers, mv),
                    words(position, &numbers, mv)
                );
            }
        }
    }
    if e.incomplete {
        s += super::analysis::INCOMPLETE;
    }
    s += &format!(
        "\n{}\n",
        ui.dim("Moves are written in the notation of `grundy play`: the part's number, then the move (`H K` takes K from heap H; `H = A B` leaves heaps A and B; `N A B` walks the monk on step A of staircase N to step B).")
    );
    ui.text(&s)
}
