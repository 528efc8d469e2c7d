//! The words of a game at the terminal (`grundy play`): the title and the
//! rule, each side's move, the hint and why, the legal moves, and the end.
//! The session ([`grundy::session::Session`]) decides; this words it.

use anyhow::Result;
use grundy::explain::{effect, explain_with, MisereCase};
use grundy::mode::Mode;
use grundy::nim::{Outcome, Play};
use grundy::session::notation::{notation, words};
use grundy::session::{Advice, End, Ending, Numbers, Session, Side};
use grundy::strategy::Method;
use grundy::sum::{AnalyzeOptions, Position, SumMove};

use super::every::{computer_note, hint_reason};
use crate::ui::Ui;

/// The rule of `mode` in a few words.
pub fn rule(mode: Mode) -> &'static str {
    match mode {
        Mode::Every => {
            "every-game play: each turn a move in every part that can move; whoever makes \
             the last move wins"
        }
        Mode::Normal => "normal play: whoever makes the last move wins",
        Mode::Misere => "misère play: whoever makes the last move loses",
    }
}

/// The first line: the position and the rule.
pub fn title(ui: &Ui, session: &Session) -> String {
    let title = ui.bold(&format!("grundy play: {}", session.position()));
    format!("{title} ({})", ui.text(rule(session.mode())))
}

/// The prompt's heading: "Your move (move N)."
pub fn your_turn(ui: &Ui, session: &Session) -> String {
    ui.good(&format!("Your move (move {}).", session.moves_played() + 1))
}

/// Moves (or a turn's moves) typed as at the prompt, joined by `; `.
fn typed(position: &Position, numbers: &Numbers, moves: &[SumMove]) -> String {
    moves
        .iter()
        .map(|mv| notation(position, numbers, mv))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Moves (or a turn's moves) in words, joined by `; `.
fn said(position: &Position, numbers: &Numbers, moves: &[SumMove]) -> String {
    moves
        .iter()
        .map(|mv| words(position, numbers, mv))
        .collect::<Vec<_>>()
        .join("; ")
}

/// "You: …." — the player's move (or turn) in words, before it is played.
pub fn yours(session: &Session, moves: &[SumMove]) -> String {
    format!(
        "You: {}.",
        said(session.position(), session.numbers(), moves)
    )
}

/// The computer's move (or turn) before it is played: its number, the move
/// as typed and in words, and why (winning, and how fast; or losing, and
/// how it defends).
pub fn computers(ui: &Ui, session: &Session, advice: &Advice) -> String {
    let note = match advice {
        Advice::Every(a) => computer_note(a),
        Advice::One(choice) => match (choice.wins, choice.method, choice.moves_left) {
            (true, Method::Exact, Some(0)) => "a winning move: it ends the game".to_string(),
            (true, Method::Exact, Some(1)) => {
                "a winning move: the game ends with your forced reply".to_string()
            }
            (true, Method::Exact, Some(n)) => {
                format!("a winning move: the game ends within {n} more moves")
            }
            (true, _, _) => "a winning move".to_string(),
            (false, Method::Exact, Some(n)) => format!(
                "the computer is losing, so it plays for the longest game: {n} more move{} \
                 against perfect play",
                if n == 1 { "" } else { "s" }
            ),
            (false, _, _) => {
                "the computer is losing, so it makes the smallest change it can".to_string()
            }
        },
    };
    let (position, numbers) = (session.position(), session.numbers());
    let line = format!(
        "Computer (move {}): {}  — {} ({note}).",
        session.moves_played() + 1,
        typed(position, numbers, advice.moves()),
        said(position, numbers, advice.moves()),
    );
    ui.computer(&line)
}

/// The hint for the player to move: the perfect player's move and why it
/// wins, or that none wins and why this one is the best try.
pub fn hint(session: &Session, advice: &Advice) -> Result<String> {
    let choice = match advice {
        Advice::Every(a) => {
            return Ok(format!(
                "Hint: {} `{}`: {} (`grundy explain --every` shows each part's steps).",
                match a.outcome {
                    Outcome::N => "play",
                    Outcome::P => "best try",
                },
                typed(session.position(), session.numbers(), &a.turn),
                hint_reason(a)
            ))
        }
        Advice::One(choice) => choice,
    };
    let (position, numbers) = (session.position(), session.numbers());
    let mv = notation(position, numbers, &choice.mv);
    let words = words(position, numbers, &choice.mv);
    if !choice.wins {
        let why = match session.mode() {
            Mode::Misere => misere_reason(session, false)?,
            _ => "the nim-sum of the values is 0, so every move makes it non-zero \
                  and a perfect opponent can always make it 0 again"
                .to_string(),
        };
        return Ok(format!(
            "Hint: there is no winning move here — {why}. Best try: `{mv}` ({words}), \
             which makes the game last longest and waits for a mistake."
        ));
    }
    let why = match session.mode() {
        Mode::Misere => misere_reason(session, true)?,
        _ => {
            let fx = effect(position, &choice.mv)?;
            format!(
                "the nim-sum of the values is {s}; it changes a part of value {g} into one \
                 of value {g} ⊕ {s} = {t}, so the nim-sum becomes {z} and the computer is \
                 left in a P-position (every move from it makes the nim-sum non-zero \
                 again); `grundy explain` shows the whole table",
                s = fx.before ^ fx.after,
                g = fx.before,
                t = fx.after,
                z = fx.nim_sum_after
            )
        }
    };
    let others = if choice.incomplete {
        " It is one winning move among those a bounded search found: on a board this large \
         others may exist that the search did not reach."
    } else {
        ""
    };
    Ok(format!("Hint: play `{mv}` ({words}): {why}.{others}"))
}

/// Why the misère position of `session` is won (`winning`) or lost, in
/// words.
fn misere_reason(session: &Session, winning: bool) -> Result<String> {
    let options = AnalyzeOptions {
        memo: session.memo().clone(),
        ..AnalyzeOptions::default()
    };
    let e = explain_with(session.position(), Play::Misere, &options)?;
    Ok(match e.misere {
        Some(MisereCase::Nim { big: 0, ones }) => format!(
            "only heaps of 1 are left ({ones} of them), and in misère Nim the player to move \
             wins exactly when their number is even"
        ),
        Some(MisereCase::Nim { big: 1, .. }) if winning => {
            "in misère Nim, with exactly one heap of 2 or more, shrink it to 0 or 1 so that \
             an odd number of 1-heaps is left: the opponent then takes the last one"
                .to_string()
        }
        Some(MisereCase::Nim { .. }) => format!(
            "in misère Nim with heaps of 2 or more, play as in normal Nim (nim-sum {}) until \
             the move that leaves only heaps of 0 and 1, which must leave an odd number of 1-heaps",
            e.nim_sum.unwrap_or(0)
        ),
        _ if winning => {
            "an exhaustive search of the game tree shows every answer to it loses".to_string()
        }
        _ => "an exhaustive search of the game tree shows every move loses".to_string(),
    })
}

/// The legal moves, as typed and in words (the first 40).
pub fn legal_moves(position: &Position, numbers: &Numbers) -> String {
    const SHOWN: usize = 40;
    let moves: Vec<SumMove> = position.moves().take(SHOWN + 1).collect();
    let mut text = String::from("Legal moves:");
    for mv in moves.iter().take(SHOWN) {
        text += &format!(
            "\n  {:<14} {}",
            notation(position, numbers, mv),
            words(position, numbers, mv)
        );
    }
    if moves.len() > SHOWN {
        text += &format!("\n  … and more (only the first {SHOWN} are listed)");
    }
    text
}

/// How the game ended, in a sentence (Unicode; [`Ui::text`] makes it ASCII).
pub fn story(mode: Mode, end: &End) -> String {
    match end.how {
        Ending::LastMove(last) => {
            let who = match last {
                Side::You => "You made",
                Side::Computer => "The computer made",
            };
            let why = match mode.ending() {
                Play::Normal => "and the last move wins",
                Play::Misere => "and under misère play the last move loses",
            };
            format!("No move is left. {who} the last move, {why}.")
        }
        Ending::Stuck(stuck) => {
            let who = match stuck {
                Side::You => "you have",
                Side::Computer => "the computer has",
            };
            let why = match mode.ending() {
                Play::Normal => "under normal play that is a loss",
                Play::Misere => "under misère play that is a win",
            };
            format!("There is no move at all: {who} no move from the start, and {why}.")
        }
    }
}

/// Who won, after how many moves.
pub fn verdict(ui: &Ui, session: &Session, end: &End) -> String {
    let n = session.moves_played();
    let plural = if n == 1 { "" } else { "s" };
    match end.winner {
        Side::You => ui.good(&format!("You win after {n} move{plural}!")),
        Side::Computer => ui.bad(&format!("The computer wins after {n} move{plural}.")),
    }
}
