//! Every-game answers: the analysis (`analyze --every`) and the account
//! (`explain --every`) — the steps of each component and the best turn — for
//! people or as one JSON object; and the reasons `grundy play --every` and
//! the server give for a turn.

use anyhow::Result;
use grundy::every::{self, EveryAnalysis, EveryExplanation, StepsRow};
use grundy::game;
use grundy::nim::Outcome;
use grundy::report::TermReport;
use grundy::sum::{HeapEntry, Position};
use serde::Serialize;

use crate::ui;

/// The JSON object of `analyze --every`. The fields of `analyze --json`
/// keep their names and meaning where they have one (`grundy` and the
/// terms' values are `null`: Grundy values do not decide every-game sums);
/// `winning_moves` are the moves of the one winning turn, all made together.
#[derive(Serialize)]
struct EveryJson<'a> {
    outcome: Outcome,
    grundy: Option<u64>,
    winning_moves: Vec<TurnMoveJson<'a>>,
    winning_moves_truncated: bool,
    play: &'static str,
    terms: Vec<TermReport<'a>>,
    heaps: Vec<HeapEntry>,
    /// Each component's steps (Smith's suspense numbers), in component order.
    steps: Vec<u64>,
    /// The largest: odd when the player to move wins.
    max_steps: u64,
    /// The best turn whoever wins: the winning turn, or the best defence.
    turn: Vec<TurnMoveJson<'a>>,
    /// The whole position after `turn`.
    after_turn: String,
    /// `explain --every`: each component's steps and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<Vec<StepsRowJson>>,
}

/// One component's account in `explain --every --json`.
#[derive(Serialize)]
struct StepsRowJson {
    /// "heap 1 (nim)".
    label: String,
    /// 0-based, in the order written.
    component: usize,
    term: usize,
    name: String,
    kind: String,
    number: usize,
    args: String,
    steps: u64,
    /// Whether the player to move wins this component alone (odd steps).
    mover_wins: bool,
    /// Where the steps come from: "options" (listed), "closed form",
    /// "search", or "over" (no move).
    from: &'static str,
    /// For small components: every option, what it leaves and its steps.
    options: Option<Vec<OptionJson>>,
    /// Why the steps are what they are, in words.
    reason: String,
    /// The component's move in the best turn: "keeps it going" (won) or
    /// "ends it fast" (lost); `null` when it has no move.
    role: Option<&'static str>,
}

#[derive(Serialize)]
struct OptionJson {
    words: String,
    leaves: String,
    steps: u64,
}

/// One move of a turn: as a move of `analyze --json` (`after` is the term
/// after the whole turn), with the component moved in (0-based, in the order
/// written) and the steps it has left.
#[derive(Clone, Serialize)]
struct TurnMoveJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    heap: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<&'a [u64]>,
    term: usize,
    after: String,
    component: usize,
    steps: u64,
    words: &'a str,
}

/// The JSON object of `analyze --every --json`, on one line.
pub fn json(position: &Position, a: &EveryAnalysis) -> Result<String> {
    every_json(position, a, None)
}

fn every_json(
    position: &Position,
    a: &EveryAnalysis,
    rows: Option<Vec<StepsRowJson>>,
) -> Result<String> {
    let after = every::apply_turn(position, &a.turn)?;
    let places = position.places();
    let mut turn = Vec::new();
    for (m, &steps) in a.turn.iter().zip(&a.turn_steps) {
        let component = places
            .iter()
            .position(|(pl, _)| (pl.term, pl.part) == (m.term, m.part))
            .unwrap_or(0);
        turn.push(TurnMoveJson {
            heap: m.heap,
            from: m.heap.map(|_| m.from),
            to: m.heap.map(|_| &m.to[..]),
            term: m.term,
            after: after.terms[m.term].to_string(),
            component,
            steps,
            words: &m.words,
        });
    }
    let obj = EveryJson {
        outcome: a.outcome,
        grundy: None,
        winning_moves: if a.outcome == Outcome::N {
            turn.clone()
        } else {
            Vec::new()
        },
        winning_moves_truncated: false,
        play: "every",
        terms: position
            .terms
            .iter()
            .map(|t| TermReport {
                name: &t.name,
                value: None,
            })
            .collect(),
        heaps: position
            .flat_heaps()
            .into_iter()
            .map(|(term, size)| HeapEntry {
                term,
                size,
                value: None,
            })
            .collect(),
        steps: a.steps.clone(),
        max_steps: a.max_steps,
        turn,
        after_turn: after.to_string(),
        rows,
    };
    Ok(serde_json::to_string(&obj)?)
}

/// The JSON object of `explain --every --json`, on one line: the object of
/// `analyze --every --json` (same fields) and `rows`, each component's
/// steps and why.
pub fn explanation_json(position: &Position, e: &EveryExplanation) -> Result<String> {
    let rows: Vec<StepsRowJson> = e
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let c = &r.component;
            StepsRowJson {
                label: row_label(r),
                component: i,
                term: r.place.term,
                name: position.terms[r.place.term].name.clone(),
                kind: c.noun().to_string(),
                number: r.place.number,
                args: c.args(),
                steps: r.steps,
                mover_wins: game::mover_wins(r.steps),
                from: source(r),
                options: r.options.as_ref().map(|opts| {
                    opts.iter()
                        .map(|(m, s)| OptionJson {
                            words: c.describe(m, &format!("{} {}", c.noun(), r.place.number)),
                            leaves: m.after_text(),
                            steps: *s,
                        })
                        .collect()
                }),
                reason: steps_reason(r),
                role: (r.steps > 0).then(|| role(r.steps)),
            }
        })
        .collect();
    every_json(position, &e.analysis, Some(rows))
}

/// "heap 1 (nim(5))".
fn row_label(r: &StepsRow) -> String {
    format!(
        "{} {} ({})",
        r.component.noun(),
        r.place.number,
        grundy::game::written(r.component.as_ref())
    )
}

fn source(r: &StepsRow) -> &'static str {
    match (r.steps, &r.options, r.closed_form) {
        (0, _, _) => "over",
        (_, Some(_), _) => "options",
        (_, None, true) => "closed form",
        (_, None, false) => "search",
    }
}

/// What the best turn does in a component of `steps` (more than 0) steps:
/// its winner keeps it going as long as possible, its loser ends it fast.
fn role(steps: u64) -> &'static str {
    if game::mover_wins(steps) {
        "keeps it going"
    } else {
        "ends it fast"
    }
}

/// Why a component has its steps, in one sentence.
fn steps_reason(r: &StepsRow) -> String {
    let s = r.steps;
    let side = if game::mover_wins(s) {
        "odd, so the player to move wins it"
    } else {
        "even, so the player to move loses it"
    };
    match (s, &r.options, r.closed_form) {
        (0, _, _) => "it has no move: 0 steps, it is over".to_string(),
        (_, Some(opts), _) => {
            let mut steps: Vec<u64> = opts.iter().map(|o| o.1).collect();
            steps.sort_unstable();
            steps.dedup();
            match steps.iter().rev().find(|&&x| x % 2 == 0) {
                Some(&e) => format!(
                    "its options have steps {}; an even number is a loss for the player who \
                     faces it, so the player to move wins it and keeps it going through the \
                     even option with the most: 1 + {e} = {s}",
                    ui::list(steps.iter().copied())
                ),
                None => format!(
                    "its options have steps {}, all odd (won by the player who faces them), so \
                     the player to move loses it and ends it fast through the option with the \
                     fewest: 1 + {} = {s}",
                    ui::list(steps.iter().copied()),
                    steps[0]
                ),
            }
        }
        (_, None, true) => format!("{s} steps by its family's closed form: {side}"),
        (_, None, false) => format!("{s} steps, found by searching its game tree: {side}"),
    }
}

/// The account of `explain --every`: each component's steps and why, the
/// longest game deciding, and the best turn move by move.
pub fn account(position: &Position, e: &EveryExplanation) -> String {
    let a = &e.analysis;
    let mut s = String::from(
        "Every-game play: on each turn the player moves in every component that can\n\
         move, and whoever makes the last move wins.\n\n\
         Step 1: each component's steps (Smith), the moves it lasts when its winner\n\
         drags it out and its loser ends it fast: 0 with no move; else, when some\n\
         option has an even number (a loss for whoever faces it), 1 + the most such;\n\
         otherwise 1 + the fewest of all. Odd steps: the player to move wins it.\n",
    );
    for r in &e.rows {
        s += &format!("  {}: {}.\n", row_label(r), steps_reason(r));
    }
    let verdict = match a.outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
    };
    let parity = if a.max_steps % 2 == 1 { "odd" } else { "even" };
    s += &format!(
        "\nStep 2: the longest game decides (Smith's theorem): the most steps are {}, an\n\
         {parity} number, so {verdict}. Every component is played at every\n\
         turn, so the one that lasts longest makes the last move of all.\n",
        a.max_steps
    );
    if a.turn.is_empty() {
        return s;
    }
    s += &format!(
        "\nStep 3: the {} moves in every component to one step fewer — a\n\
         component it wins (odd steps) it keeps going, one it loses (even steps) it ends\n\
         fast, so that its own winning components outlast the others:\n",
        match a.outcome {
            Outcome::N => "winning turn",
            Outcome::P => "best defence",
        }
    );
    let places = position.places();
    for (m, &left) in a.turn.iter().zip(&a.turn_steps) {
        let steps = places
            .iter()
            .position(|(pl, _)| (pl.term, pl.part) == (m.term, m.part))
            .map_or(left + 1, |i| a.steps[i]);
        s += &format!(
            "  {} — {steps} → {left} steps: {}\n",
            m.words,
            if game::mover_wins(steps) {
                "won here, kept going as long as possible"
            } else {
                "lost here, ended as fast as possible"
            }
        );
    }
    s
}

/// The explanation of `analyze --every`: a table of steps, the rule, and
/// the best turn (Unicode; [`crate::ui::Ui::text`] makes it ASCII).
pub fn text(position: &Position, a: &EveryAnalysis) -> String {
    let mut s = String::from(
        "Every-game play: on each turn the player moves in every component that can\n\
         move, and whoever makes the last move wins.\n\n",
    );
    let rows: Vec<(String, u64)> = position
        .places()
        .into_iter()
        .zip(&a.steps)
        .map(|((place, c), &steps)| {
            let label = format!(
                "{} {} ({})",
                c.noun(),
                place.number,
                grundy::game::written(c.as_ref())
            );
            (label, steps)
        })
        .collect();
    let label_w = rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    let steps_w = rows
        .iter()
        .map(|r| r.1.to_string().len())
        .max()
        .unwrap_or(0)
        .max(5);
    s += &format!(
        "{:<label_w$}  {:>steps_w$}  the player to move\n",
        "", "steps"
    );
    for (label, steps) in &rows {
        let side = if game::mover_wins(*steps) {
            "wins it"
        } else if *steps == 0 {
            "(over)"
        } else {
            "loses it"
        };
        s += &format!("{label:<label_w$}  {steps:>steps_w$}  {side}\n");
    }
    let verdict = match a.outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
    };
    let parity = if a.max_steps % 2 == 1 { "odd" } else { "even" };
    s += &format!(
        "\nThe longest game decides (Smith's theorem): the most steps are {}, an {parity}\n\
         number, so {verdict}. A component's steps are the moves it lasts\n\
         when its winner drags it out and its loser ends it fast.\n",
        a.max_steps
    );
    if a.turn.is_empty() {
        return s;
    }
    s += match a.outcome {
        Outcome::N => "\nWinning turn (every move together, each component one step shorter):\n",
        Outcome::P => "\nBest defence (every move together, each component one step shorter):\n",
    };
    for m in &a.turn {
        s += &format!("  {}\n", m.words);
    }
    s
}

/// `1 step`, `3 steps`.
pub fn steps_text(n: u64) -> String {
    format!("{n} step{}", if n == 1 { "" } else { "s" })
}

/// Why the computer plays the best turn of `a`, in a few words (the longest
/// part's steps decide, by Smith's theorem): the same in `grundy play` and
/// the server.
pub fn computer_note(a: &EveryAnalysis) -> String {
    let steps = steps_text(a.max_steps);
    match a.outcome {
        Outcome::N => format!("a winning turn: the longest part lasts {steps}, an odd number"),
        Outcome::P => {
            format!("it is losing (the longest part lasts {steps}, an even number), so it defends")
        }
    }
}

/// Why the best turn of `a` is the hint (Smith's theorem, and what the turn
/// does in each part): the same in `grundy play` and the server.
pub fn hint_reason(a: &EveryAnalysis) -> String {
    let steps = steps_text(a.max_steps);
    match a.outcome {
        Outcome::N => format!(
            "the longest part lasts {steps}, an odd number, so this turn wins (Smith's theorem): \
             each part goes to one step fewer, a part you win (odd steps) kept going, one you \
             lose (even steps) ended fast"
        ),
        Outcome::P => format!(
            "there is no winning turn here (the longest part lasts {steps}, an even number); \
             this one, each part to one step fewer, makes your winning parts last longest and \
             waits for a mistake"
        ),
    }
}
