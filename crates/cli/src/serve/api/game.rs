//! `/api/game`, `/api/move` and `/api/hint`: a game against the perfect
//! player, one request per move. Each request is a [`Session`] of the
//! position it gives (with the numbers the last reply gave its components),
//! within the server's bounds; the replies are built by
//! [`crate::answer::game`].

use grundy::session::notation::{find_heap, heap_move};
use grundy::session::{Numbers, Session, Side};
use grundy::sum::SumMove;

use super::bounds::{session_options, MAX_EXPR_CHARS};
use super::error::{ApiError, ApiResult};
use super::input::{count, flag, mode_of, position_of};
use crate::answer;
use crate::args::parse_count;
use crate::serve::params::Params;
use crate::serve::reply::Reply;

/// The request's game: `expr` (see [`position_of`]), `misere` or `every`,
/// and the numbers of its components (see [`numbers_of`]), nothing played
/// yet and you to move.
fn session_of(params: &Params) -> Result<Session, ApiError> {
    let position = position_of(params)?;
    let mode = mode_of(params)?;
    let numbers = numbers_of(params, &position)?;
    Ok(Session::new(position, mode, session_options(mode)).with_numbers(numbers))
}

/// The numbers the player sees: `numbers` (comma-separated, one per
/// component) and `next` (the next number never used; by default one past
/// the largest), as the last reply gave them; 1, 2, … when not given.
fn numbers_of(params: &Params, position: &grundy::sum::Position) -> Result<Numbers, ApiError> {
    let Some(text) = params.get("numbers").filter(|t| !t.trim().is_empty()) else {
        return Ok(Numbers::fresh(position));
    };
    let of = text
        .split(',')
        .map(|t| {
            let n =
                parse_count(t.trim()).map_err(|why| ApiError::bad(format!("numbers: {why}")))?;
            usize::try_from(n).map_err(|_| ApiError::bad(format!("numbers: {n} is too large")))
        })
        .collect::<Result<Vec<usize>, _>>()?;
    let next = match params.get("next") {
        Some(_) => {
            let n = count(params, "next", None)?;
            usize::try_from(n).map_err(|_| ApiError::bad(format!("next: {n} is too large")))?
        }
        None => of.iter().copied().max().unwrap_or(0).saturating_add(1),
    };
    let parts = position.components().count();
    Numbers::resume(position, of, next).ok_or_else(|| {
        ApiError::bad(format!(
            "numbers: give {parts} distinct numbers from 1, one per part of the position, \
             all less than next"
        ))
    })
}

/// `/api/game?expr=E[&misere=1|&every=1]`: a new game — the board, who
/// wins from here, and whether any move is left.
pub fn game(params: &Params) -> ApiResult {
    let session = session_of(params)?;
    let outcome = session.outcome()?;
    Ok(Reply::json(&answer::game::new_game(&session, outcome)))
}

/// The user's move: `move` in the notation of `grundy play` (the part's
/// number, then the move as its family writes it: `H K`, `H = A B`, `N A B`
/// for a monk), or `heap` (0-based flat index) with `to` (the heaps left,
/// comma-separated; empty for nothing). In every-game play, the whole turn
/// as `move`: one move in every part that can move, separated by `;`.
fn users_move(session: &Session, params: &Params) -> Result<Vec<SumMove>, ApiError> {
    let every = session.mode().play().is_none();
    let Some(text) = params.get("move") else {
        if every {
            return Err(ApiError::bad(
                "every-game play: give the whole turn as `move`, one move in every part that \
                 can move, separated by `;` (e.g. `1 2; 2 = 1 3`)",
            ));
        }
        return heap_and_to(session, params).map(|mv| vec![mv]);
    };
    if text.trim().chars().count() > MAX_EXPR_CHARS {
        return Err(ApiError::bad("the move is too long"));
    }
    session
        .parse(text)
        .map_err(|why| ApiError::bad(format!("not a move: {why}")))
}

/// The move given as `heap` and `to` (see [`users_move`]).
fn heap_and_to(session: &Session, params: &Params) -> Result<SumMove, ApiError> {
    let (position, numbers) = (session.position(), session.numbers());
    let heap = count(params, "heap", None)?;
    let spot = find_heap(position, heap).map_err(|why| ApiError::bad(format!("heap: {why}")))?;
    let to_text = params.get("to").map(String::as_str).unwrap_or("");
    let to = to_text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| parse_count(t).map_err(|why| ApiError::bad(format!("to: {why}"))))
        .collect::<Result<Vec<u64>, _>>()?;
    if to.len() > 3 {
        return Err(ApiError::bad(
            "to: a move leaves at most three heaps in place of one",
        ));
    }
    heap_move(position, numbers, spot, to).map_err(ApiError::bad)
}

/// `/api/move` (GET or POST): `expr`, `misere` or `every`, and the user's
/// move (see [`users_move`]), or `computer=1` for the computer to move from
/// `expr` (when it starts). The move is checked by the engine, the perfect
/// player answers, and the reply gives the new position (as an expression),
/// both moves (or turns) in words and notation, who wins from there, and
/// whether the game is over and who won.
pub fn play_move(params: &Params) -> ApiResult {
    let mut session = session_of(params)?;
    session.outcome()?;
    let computer_first = flag(params, "computer")?;
    let mut story = Vec::new();
    let you = if computer_first {
        session = session.with_first(Side::Computer);
        serde_json::Value::Null
    } else {
        if session.position().is_terminal() {
            return Err(ApiError::bad("the game is over: there is no move left"));
        }
        let moves = users_move(&session, params)?;
        let (json, said) = answer::game::yours(&session, &moves);
        session.play(&moves)?;
        story.push(said);
        json
    };
    let computer = match session.end() {
        Some(end) => {
            story.push(answer::game::ending(end.winner));
            serde_json::Value::Null
        }
        None => {
            let advice = session
                .advice()?
                .ok_or_else(|| ApiError::bad("the computer has no move"))?;
            let (json, said) = answer::game::computers(&session, &advice);
            session.play(advice.moves())?;
            story.push(said);
            if let Some(end) = session.end() {
                story.push(answer::game::ending(end.winner));
            }
            json
        }
    };
    let outcome = session.outcome()?;
    Ok(Reply::json(&answer::game::after_move(
        &session, you, computer, outcome, &story,
    )))
}

/// `/api/hint?expr=E[&misere=1|&every=1]`: the perfect player's move (in
/// every-game play its turn) for the side to move, whether it wins, and why
/// in one sentence.
pub fn hint(params: &Params) -> ApiResult {
    let mut session = session_of(params)?;
    let outcome = session.outcome()?;
    let advice = session.advice()?;
    Ok(Reply::json(&answer::game::hint(
        &session,
        outcome,
        advice.as_ref(),
    )?))
}
