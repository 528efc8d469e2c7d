//! Loopy positions in words: the answers of `analyze` and
//! `explain` when some component repeats positions (see
//! [`grundy::loopy`]). Values are numbers or `∞(K)`; the sum follows
//! Smith's rule; the outcome may be a draw, with the moves that keep it.

use grundy::explain::{Explanation, Row};
use grundy::loopy::{Account, Gamma, SumRule};
use grundy::nim::Outcome;
use grundy::session::notation::{label as label_of, notation, words};
use grundy::session::Numbers;
use grundy::sum::{Analysis, GammaValues, Position, SumMove};
use serde_json::{json, Value};

use super::moves::move_json;

use crate::ui::{self, Ui};

/// Whether the analysis holds a loopy component: then these answers apply.
pub fn is_loopy(a: &Analysis) -> bool {
    a.gamma.as_ref().is_some_and(|g| g.loopy.iter().any(|&l| l))
}

/// What a component is, shortly, for a table: the heap's size, or what
/// the family draws (a token: where it stands and where it may go).
fn shown(c: &dyn grundy::game::Game) -> String {
    match (c.noun(), &c.heaps()[..]) {
        ("heap", [h]) => h.to_string(),
        _ => c.draw().into_iter().next().unwrap_or_default(),
    }
}

/// The rule that makes the sum's value, in words.
fn rule_words(v: &GammaValues) -> String {
    match v.rule {
        SumRule::NimSum => format!(
            "Every value is finite, so the sum's value is their nim-sum, {}.",
            v.sum
        ),
        SumRule::OneInfinite => {
            let (k, a) = one_infinite(v);
            format!(
                "One value is infinite, ∞(K) with K = {{{}}}, and the others have nim-sum {a}:\n\
                 by Smith's rule the sum is ∞(K ⊕ {a}) = {}.",
                ui::list(k.iter().copied()),
                v.sum
            )
        }
        SumRule::TwoInfinite => {
            "Two or more values are infinite, so by Smith's rule the sum is ∞(∅): \
             every move changes one\npart and leaves an infinite one, and a player can always keep \
             two of them infinite."
                .to_string()
        }
    }
}

/// For the one-infinite case: that value's `K`, and the nim-sum `a` of the
/// others.
fn one_infinite(v: &GammaValues) -> (&[u64], u64) {
    let mut k: &[u64] = &[];
    let mut a = 0;
    for g in &v.parts {
        match g {
            Gamma::Finite(x) => a ^= x,
            Gamma::Infinite(set) => k = set,
        }
    }
    (k, a)
}

/// Who wins and why, from the sum's value.
fn verdict(v: &GammaValues, outcome: Outcome) -> String {
    match (&v.sum, outcome) {
        (Gamma::Finite(0), _) => "The value is 0, so the player to move loses (a P-position): every move \
             leads to a\nnon-zero value (a move to a larger or infinite one is reversed: the opponent \
             moves\nback to 0 with a smaller counter, so the game ends)."
            .into(),
        (Gamma::Finite(s), _) => format!(
            "The value is {s}, not 0, so the player to move wins (an N-position): some move\n\
             changes one part's value from g to g ⊕ {s}, leaving 0."
        ),
        (Gamma::Infinite(_), Outcome::N) => "The value is ∞(K) with 0 in K: the player to move wins \
             (an N-position) by moving\nto a position of value 0."
            .into(),
        _ => "The value is ∞(K) with 0 not in K: neither player can force a win, a draw (a\n\
             D-position). No move reaches value 0, and the player to move can always move to\n\
             another draw."
            .into(),
    }
}

/// A list of moves in words, titled.
fn moves(title: &str, list: &[SumMove], cut: bool) -> String {
    if list.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "\n{title} ({}{}):\n",
        list.len(),
        if cut {
            ", list cut short; see --max-moves"
        } else {
            ""
        }
    );
    for m in list {
        s += &format!("  {}\n", m.words);
    }
    s
}

/// `analyze` of a loopy position, for people.
pub fn analysis_text(position: &Position, a: &Analysis) -> String {
    let v = a.gamma.as_ref().expect("a loopy analysis has its values");
    let mut rows: Vec<(String, String, String)> = Vec::new();
    for ((place, c), g) in position.places().into_iter().zip(&v.parts) {
        rows.push((
            format!(
                "{} {} ({})",
                c.noun(),
                place.number,
                position.terms[place.term].name
            ),
            shown(c.as_ref()),
            g.to_string(),
        ));
    }
    rows.push(("sum".into(), String::new(), v.sum.to_string()));
    let lw = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(4);
    let sw = rows
        .iter()
        .map(|r| r.1.chars().count())
        .max()
        .unwrap_or(4)
        .max(8);
    let mut s = format!("{:<lw$}  {:<sw$}  value\n", "", "position");
    for (label, size, value) in &rows {
        s += &format!("{label:<lw$}  {size:<sw$}  {value}\n");
    }
    s += "\nA part whose positions repeat is a loopy game: its value is a number or ∞(K), K the\n\
          finite values among its options (the generalized Sprague–Grundy function, found by\n\
          retrograde analysis of every position it can reach).\n";
    s += &format!("{}\n{}\n", rule_words(v), verdict(v, a.outcome));
    s += &moves("Winning moves", &a.winning_moves, a.truncated);
    s += &moves(
        "Moves that keep the draw",
        &a.drawing_moves,
        a.drawing_truncated,
    );
    s
}

/// How one loopy row's value was found, in words (several lines): its
/// level and counter, then each option with what the proof says of it.
fn how(row: &Row, a: &Account, label: &str) -> String {
    let c = &row.component;
    let mut s = match (&a.value, a.counter, a.mex) {
        (Gamma::Finite(g), Some(counter), _) => format!(
            "value {g}, labelled at level {g} with counter {counter}: its options' finite values \
             have mex {g}, and each option of a larger or infinite value reverses to value {g} \
             with a smaller counter.\n"
        ),
        (Gamma::Infinite(_), _, Some(m)) => format!(
            "value {}: the mex of its options' finite values is {m}, but it could not be \
             labelled {m}: some option is infinite with no option of value {m} — it forces ∞.\n",
            a.value
        ),
        _ => format!("value {}.\n", a.value),
    };
    for f in &a.followers {
        let note = match (&a.value, &f.reversal) {
            (Gamma::Finite(_), Some((back, counter))) => {
                let answer =
                    f.mv.after
                        .first()
                        .map_or_else(|| back.after_text(), |d| d.describe(back, label));
                format!(" — reverses: {answer} (counter {counter})")
            }
            (Gamma::Infinite(_), _) if f.forcing => " — forces ∞".to_string(),
            _ => String::new(),
        };
        s += &format!(
            "      {}: value {}{note}\n",
            c.describe(&f.mv, label),
            f.value
        );
    }
    if a.more > 0 {
        s += &format!("      … and {} more options\n", a.more);
    }
    s
}

/// `explain` of a loopy position, for people.
pub fn explain_text(ui: &Ui, position: &Position, e: &Explanation) -> String {
    let numbers = Numbers::fresh(position);
    let case = e.loopy.as_ref().expect("a loopy explanation");
    let mut s = format!(
        "{} (normal play: whoever makes the last move wins; play may go on forever)\n\n",
        ui.bold(&format!("Position: {position}"))
    );
    s += &format!(
        "{}\n",
        ui.bold("Step 1. The value of each part. A loopy part's value is found by retrograde analysis, level by level: at level i a position is labelled i when none of its options is labelled i and every option not yet labelled (or infinite) has an option labelled i; the order of labelling is its counter. A position left without an option of value i at the end of level i is infinite: ∞(K), K its options' finite values.")
    );
    for (k, row) in e.rows.iter().enumerate() {
        let label = label_of(position, &numbers, k);
        let head = format!("{} ({})", label, row.name);
        match (&case.accounts[k], &row.gamma) {
            (Some(a), _) => s += &format!("  {head}: {}", how(row, a, &label)),
            (None, Some(g)) => {
                s += &format!(
                    "  {head}: value {g}{}\n",
                    row.reason
                        .as_ref()
                        .map_or(String::new(), |r| format!(" — {r}"))
                )
            }
            (None, None) => s += &format!("  {head}: value not known\n"),
        }
    }
    s += &format!(
        "\n{}\n",
        ui.bold("Step 2. The sum's value, by Smith's rule.")
    );
    s += &format!("  {}\n", rule_words(&case.values).replace('\n', "\n  "));
    s += &format!("\n{}\n", ui.bold("Step 3. Who wins."));
    s += &format!(
        "  {}\n",
        verdict(&case.values, e.outcome).replace('\n', "\n  ")
    );
    if !e.winning_moves.is_empty() {
        s += &format!(
            "\n{}\n",
            ui.bold("Step 4. The winning moves: each leaves a sum of value 0.")
        );
        for mv in &e.winning_moves {
            s += &format!(
                "    `{}`  {}\n",
                notation(position, &numbers, mv),
                words(position, &numbers, mv)
            );
        }
    }
    if !e.drawing_moves.is_empty() {
        s += &format!(
            "\n{}\n",
            ui.bold("Step 4. The moves that keep the draw: each leaves ∞(K) with 0 not in K.")
        );
        for (mv, after) in e.drawing_moves.iter().zip(&e.drawing_after) {
            s += &format!(
                "    `{}`  {} (leaves {after})\n",
                notation(position, &numbers, mv),
                words(position, &numbers, mv)
            );
        }
    }
    s
}

/// The loopy part of `explain --json`: `values` (`sum`, `terms`, `parts`,
/// each a number or `{"inf": [k, …]}`), `rule` (`"nim_sum"`,
/// `"one_infinite"` or `"two_infinite"`), `accounts` (per row, `null` for a
/// part without loops, else `value`, `counter` (finite values), `mex`
/// (infinite ones) and `followers`: `after` (the position an option leaves),
/// `value`, `counter`, `reversal` (`{"after", "counter"}` or `null`) and
/// `forcing`), and `drawing_moves` with the sum's value after each.
pub fn explanation_json(position: &Position, e: &Explanation) -> Option<Value> {
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
