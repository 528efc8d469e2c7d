//! The web page's game as JSON: the replies of `/api/game` (a new game),
//! `/api/move` (your move and the computer's answer) and `/api/hint`. The
//! session ([`grundy::session::Session`]) decides; this describes it, each
//! move as typed and in words ([`super::moves`]) and the board item by item
//! ([`super::board`]).
//!
//! A loopy game (positions can repeat) may end in a draw: `draw` is then
//! why in words (`null` otherwise) and `winner` is `null`; `seen` lists the
//! ids of the positions met so far (hexadecimal), for the page to send
//! back with its next request, so that a position met a third time is
//! known for a draw.

use anyhow::Result;
use grundy::error::ErrorKind;
use grundy::mode::Mode;
use grundy::nim::{Outcome, Play};
use grundy::session::notation::words;
use grundy::session::{Advice, End, Ending, Numbers, Session, Side};
use grundy::strategy::Method;
use grundy::sum::{Position, SumMove};
use serde_json::{json, Value};

use super::every::{computer_note, hint_reason};
use super::moves::{move_json, turn_json};

/// The position written back in the expression language (emptied heaps
/// stay as 0, as in `grundy play`).
pub fn expression(position: &Position) -> String {
    position.to_string()
}

/// The numbers in a reply: `"numbers"` and `"next"`, to send back.
fn numbers_json(numbers: &Numbers) -> (Value, Value) {
    (json!(numbers.of), json!(numbers.next()))
}

/// A side as the replies name it: `"you"` or `"computer"`.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::You => "you",
        Side::Computer => "computer",
    }
}

/// The winner's name in a reply: `"you"`, `"computer"`, or `null` while
/// the game goes on or when it is a draw.
fn winner_json(end: Option<End>) -> Value {
    json!(end.and_then(|e| e.winner).map(side_name))
}

/// Why the game is a draw, in words, or `null`.
fn draw_json(end: Option<End>) -> Value {
    match end.map(|e| e.how) {
        Some(Ending::Draw(by)) => Value::String(by.words()),
        _ => Value::Null,
    }
}

/// The ids of the positions met, as the page sends them back (`seen`).
pub fn seen_json(session: &Session) -> Value {
    json!(session
        .seen()
        .iter()
        .map(|k| format!("{k:032x}"))
        .collect::<Vec<_>>())
}

/// What every reply about the game in play says: the position (as an
/// expression, and the board with its numbers), the mode of play, who wins
/// from here (`outcome`), whether the game is over and who won (or why it
/// is a draw), and the positions met (`seen`).
fn state_json(session: &Session, outcome: Outcome) -> Value {
    let (position, numbers) = (session.position(), session.numbers());
    let end = session.end();
    let (of, next) = numbers_json(numbers);
    json!({
        "position": expression(position),
        "board": super::board::json(position, numbers),
        "numbers": of,
        "next": next,
        "play": session.mode().name(),
        "outcome": outcome,
        "over": end.is_some(),
        "winner": winner_json(end),
        "draw": draw_json(end),
        "seen": seen_json(session),
    })
}

/// `/api/game`: a new game — the board, who wins from here (`outcome`),
/// whether any move is left, and the positions met (`seen`).
pub fn new_game(session: &Session, outcome: Outcome) -> Value {
    state_json(session, outcome)
}

/// Your move (or every-game turn) before it is played: as JSON (a move, or
/// a turn as [`turn_json`]), and the story's sentence.
pub fn yours(session: &Session, moves: &[SumMove]) -> (Value, String) {
    let (position, numbers) = (session.position(), session.numbers());
    match (session.mode(), moves) {
        (Mode::Normal | Mode::Misere, [mv]) => (
            move_json(position, numbers, mv),
            format!("You: {}.", words(position, numbers, mv)),
        ),
        _ => {
            let json = turn_json(position, numbers, moves);
            let story = format!("You: {}.", json["words"].as_str().unwrap_or(""));
            (json, story)
        }
    }
}

/// The computer's move (or turn) before it is played: as JSON, with
/// whether it wins and how it was found (`method`, `moves_left`; for a
/// turn the `steps` of the longest part), and the story's sentence.
pub fn computers(session: &Session, advice: &Advice) -> (Value, String) {
    let (position, numbers) = (session.position(), session.numbers());
    match advice {
        Advice::Every(a) => {
            let mut json = turn_json(position, numbers, &a.turn);
            json["wins"] = Value::Bool(advice.wins());
            json["steps"] = json!(a.max_steps);
            let story = format!(
                "Computer: {} ({}).",
                json["words"].as_str().unwrap_or(""),
                computer_note(a)
            );
            (json, story)
        }
        Advice::One(choice) => {
            let mut json = move_json(position, numbers, &choice.mv);
            json["wins"] = Value::Bool(choice.wins);
            json["draws"] = Value::Bool(advice.draws());
            json["method"] = Value::String(method_name(choice.method).into());
            json["moves_left"] = json!(choice.moves_left);
            let story = format!(
                "Computer: {} ({}).",
                words(position, numbers, &choice.mv),
                if choice.wins {
                    "a winning move"
                } else if advice.draws() {
                    "neither side can force a win, so it keeps the draw"
                } else {
                    "it is losing, so it plays for the longest game"
                }
            );
            (json, story)
        }
    }
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Exact => "exact",
        Method::Theory => "theory",
        Method::SmallestChange => "smallest_change",
    }
}

/// The end of a game: the story's last sentence.
pub fn ending(end: &End) -> String {
    match (end.how, end.winner) {
        (Ending::Draw(by), _) => format!("The game is a draw: {}.", by.words()),
        (_, Some(Side::You)) => "No move is left: you win.".to_string(),
        (_, _) => "No move is left: the computer wins.".to_string(),
    }
}

/// `/api/move`: the position after both moves (as an expression, and the
/// board with its numbers), both moves (`you`, `computer`; null when not
/// made), who wins from there (`outcome`), whether the game is over and who
/// won (or why it is a draw), the positions met (`seen`), and the story
/// of the exchange in sentences.
pub fn after_move(
    session: &Session,
    you: Value,
    computer: Value,
    outcome: Outcome,
    story: &[String],
) -> Value {
    let mut out = state_json(session, outcome);
    out["you"] = you;
    out["computer"] = computer;
    out["story"] = Value::String(story.join(" "));
    out
}

/// `/api/hint`: the perfect player's move for the side to move (a turn in
/// every-game play), whether it wins, and why in one sentence; `advice` is
/// `None` when no move is left (`outcome` then says who won).
pub fn hint(session: &Session, outcome: Outcome, advice: Option<&Advice>) -> Result<Value> {
    let (position, numbers) = (session.position(), session.numbers());
    let Some(advice) = advice else {
        return Ok(json!({
            "move": Value::Null,
            "wins": outcome == Outcome::N,
            "why": "there is no move left",
        }));
    };
    let choice = match advice {
        Advice::Every(a) => {
            let wins = advice.wins();
            let mut turn = turn_json(position, numbers, &a.turn);
            turn["wins"] = Value::Bool(wins);
            return Ok(json!({
                "move": turn,
                "wins": wins,
                "why": hint_reason(a),
                "winning_moves_truncated": false,
            }));
        }
        Advice::One(choice) => choice,
    };
    let why = match (choice.wins, session.mode().ending()) {
        _ if advice.draws() => "neither side can force a win from here (the value is ∞(K) with \
                                0 not in K); this move keeps the draw, while a move to a finite \
                                value would hand the opponent the win"
            .to_string(),
        (true, Play::Normal) => match grundy::explain::effect(position, &choice.mv) {
            Ok(fx) => format!(
                "it changes a part of value {} into one of value {}, so the nim-sum becomes {} \
                 and the opponent is left in a P-position",
                fx.before, fx.after, fx.nim_sum_after
            ),
            // No nim-sum table: a loopy position (values ∞(K) among its
            // parts), or a part known by its outcome only.
            Err(e) if matches!(e.kind(), ErrorKind::Loop | ErrorKind::Unsupported) => {
                "it leaves the opponent a position of value 0 (a P-position): whatever the \
                 opponent answers, a winning reply follows"
                    .to_string()
            }
            Err(e) => return Err(e.into()),
        },
        (true, Play::Misere) => {
            "it leaves the opponent a losing position (misère play)".to_string()
        }
        (false, _) => "there is no winning move here; this one makes the game last longest \
                       and waits for a mistake"
            .to_string(),
    };
    let mut mv = move_json(position, numbers, &choice.mv);
    mv["wins"] = Value::Bool(choice.wins);
    Ok(json!({
        "move": mv,
        "wins": choice.wins,
        "draws": advice.draws(),
        "why": why,
        "winning_moves_truncated": choice.incomplete,
    }))
}
