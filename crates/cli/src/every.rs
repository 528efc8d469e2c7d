//! Printing an every-game analysis (`grundy analyze --every`): the steps of
//! each component and the best turn, for people or as one JSON object.

use std::io::Write;

use anyhow::Result;
use grundy::every::{self, EveryAnalysis};
use grundy::nim::Outcome;
use grundy::sum::{HeapEntry, Position};
use serde::Serialize;

use crate::ui::Ui;

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
    terms: Vec<TermJson<'a>>,
    heaps: Vec<HeapEntry>,
    /// Each component's steps (Smith's suspense numbers), in component order.
    steps: Vec<u64>,
    /// The largest: odd when the player to move wins.
    max_steps: u64,
    /// The best turn whoever wins: the winning turn, or the best defence.
    turn: Vec<TurnMoveJson<'a>>,
    /// The whole position after `turn`.
    after_turn: String,
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

#[derive(Serialize)]
struct TermJson<'a> {
    name: &'a str,
    value: Option<u64>,
}

/// The JSON object of `analyze --every --json`, on one line.
pub fn json(position: &Position, a: &EveryAnalysis) -> Result<String> {
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
            .map(|t| TermJson {
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
    };
    Ok(serde_json::to_string(&obj)?)
}

/// The explanation: a table of steps, the rule, and the best turn.
pub fn explain(position: &Position, a: &EveryAnalysis) -> String {
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
        let side = if every::mover_wins(*steps) {
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

/// Prints the analysis as JSON or text.
pub fn print(position: &Position, a: &EveryAnalysis, json_out: bool, plain: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json_out {
        writeln!(out, "{}", json(position, a)?)?;
    } else {
        write!(out, "{}", Ui::uncoloured(plain).text(&explain(position, a)))?;
    }
    Ok(())
}
