//! The JSON API: each handler validates its parameters as the command line
//! does, bounds the work up front, calls the engine, and answers with the
//! same JSON as the matching `--json` (built by the same function).
//!
//! Limits per request: an expression of at most [`MAX_EXPR_CHARS`]
//! characters and [`MAX_HEAPS`] heaps (or monks); sequences of at most
//! [`MAX_SEQ`] + 1 values; nim-sequences stored up to [`MAX_STORED_HEAPS`]
//! heaps (beyond that only when a period is proved); [`DEADLINE`] of
//! computing per nim-sequence; the misère search within [`MISERE_BUDGET`]
//! positions, the perfect player within its own budget, every-game steps
//! (Smith's, see [`grundy::every`]) within [`EVERY_BUDGET`] positions and
//! moves. Every endpoint that plays or judges a position takes `misere=1`
//! or `every=1` (every-game play: each turn a move in every component that
//! can move; the last to move wins), not both. Errors are HTTP 400 with
//! `{"error": message, "at": column}`, the message being the command
//! line's.

use std::time::{Duration, Instant};

use anyhow::Context;
use grundy::error::Error;
use grundy::every::EveryAnalysis;
use grundy::expr::parse_position;
use grundy::games::heap::parse_rule;
use grundy::limits::{Limits, SEARCH_WORK};
use grundy::nim::{Outcome, Play};
use grundy::repetition::Repetitions;
use grundy::rule::Rule;
use grundy::sequence::stats::Histogram;
use grundy::sequence::{Computation, NimSequence};
use grundy::strategy::{Method, Player};
use grundy::sum::{AnalyzeOptions, Position, SumMove};
use serde_json::{json, Value};

use super::router::{Params, Reply};
use crate::explain_json::{explanation_json, move_json, single_heap};
use crate::ui::{self, Numbers};

/// The longest expression accepted.
pub const MAX_EXPR_CHARS: usize = 4000;
/// The most heaps (and monks) in one position.
pub const MAX_HEAPS: usize = 1000;
/// The largest `to` of `/api/seq`, `/api/plot` and `/api/histogram`.
pub const MAX_SEQ: u64 = 1_000_000;
/// The most values of a nim-sequence with no proved period computed for one
/// request (2 bytes each).
pub const MAX_STORED_HEAPS: u64 = 1 << 21;
/// The longest a request may spend computing one nim-sequence.
pub const DEADLINE: Duration = Duration::from_secs(10);
/// The most winning moves listed, as the command line's default `--max-moves`.
const MAX_MOVES: usize = 10_000;
/// Positions the exhaustive misère search may visit for one request (the
/// command line allows 2 000 000, several seconds of work).
pub const MISERE_BUDGET: usize = 250_000;
/// Positions and moves the every-game steps search may visit for one
/// request (the command line allows 2 000 000), as for misère play.
pub const EVERY_BUDGET: usize = 250_000;

/// Why a request was refused.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status code (400 for bad input).
    pub status: u16,
    /// What is wrong, in the command line's words.
    pub message: String,
    /// 1-based column in the parameter that holds the problem.
    pub at: Option<usize>,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
            at: None,
        }
    }

    /// The error as a reply: `{"error": message, "at": column}`.
    pub fn reply(&self) -> Reply {
        Reply::error(self.status, &self.message, self.at)
    }
}

impl From<Error> for ApiError {
    fn from(err: Error) -> ApiError {
        let at = match &err {
            Error::Parse { at, .. } => Some(at + 1),
            _ => None,
        };
        ApiError {
            status: 400,
            message: err.to_string(),
            at,
        }
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> ApiError {
        match err.downcast::<Error>() {
            Ok(e) => e.into(),
            Err(err) => ApiError::bad(format!("{err:#}")),
        }
    }
}

type ApiResult = Result<Reply, ApiError>;

fn required<'a>(params: &'a Params, name: &str) -> Result<&'a str, ApiError> {
    params
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| ApiError::bad(format!("the parameter `{name}` is missing")))
}

fn count(params: &Params, name: &str, default: Option<u64>) -> Result<u64, ApiError> {
    match (params.get(name), default) {
        (Some(text), _) => {
            crate::cmd::parse_count(text).map_err(|why| ApiError::bad(format!("{name}: {why}")))
        }
        (None, Some(d)) => Ok(d),
        (None, None) => Err(ApiError::bad(format!("the parameter `{name}` is missing"))),
    }
}

fn flag(params: &Params, name: &str) -> Result<bool, ApiError> {
    match params.get(name).map(|s| s.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(s) => match s.as_str() {
            "" | "0" | "false" | "off" | "no" => Ok(false),
            "1" | "true" | "on" | "yes" => Ok(true),
            _ => Err(ApiError::bad(format!(
                "{name}: {s:?} is not a yes/no value (use 1 or 0)"
            ))),
        },
    }
}

/// How a request's game is played: one move a turn, under normal or misère
/// play, or every-game play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// One move a turn in one component.
    One(Play),
    /// Each turn a move in every component that can move; the last to move
    /// wins.
    Every,
}

impl Mode {
    /// Who wins when no move is left: every-game play ends as normal play
    /// does (the last to move wins).
    fn ending(self) -> Play {
        match self {
            Mode::One(play) => play,
            Mode::Every => Play::Normal,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::One(Play::Normal) => "normal",
            Mode::One(Play::Misere) => "misere",
            Mode::Every => "every",
        }
    }
}

/// `misere=1` or `every=1` (not both), else normal play.
fn mode_of(params: &Params) -> Result<Mode, ApiError> {
    match (flag(params, "every")?, flag(params, "misere")?) {
        (true, true) => Err(ApiError::bad("every and misere cannot be used together")),
        (true, false) => Ok(Mode::Every),
        (false, misere) => Ok(Mode::One(Play::from_misere(misere))),
    }
}

fn rule_of(params: &Params) -> Result<Rule, ApiError> {
    Ok(parse_rule(required(params, "rule")?)?)
}

/// Parses `expr` within the size limits, and makes sure every nim-sequence
/// it needs can be had within [`DEADLINE`] and [`MAX_STORED_HEAPS`].
fn position_of(params: &Params) -> Result<Position, ApiError> {
    let text = required(params, "expr")?;
    if text.chars().count() > MAX_EXPR_CHARS {
        return Err(ApiError::bad(format!(
            "the expression is longer than the {MAX_EXPR_CHARS} characters the server accepts"
        )));
    }
    let position = parse_position(text)?;
    let heaps = position
        .flat_heaps()
        .len()
        .max(position.components().count());
    if heaps > MAX_HEAPS {
        return Err(ApiError::bad(format!(
            "the position has {heaps} heaps; the server accepts at most {MAX_HEAPS}"
        )));
    }
    // A term named by a heap rule takes its values from the rule's
    // nim-sequence: compute it here, within the deadline, before the engine
    // does (without one).
    for term in &position.terms {
        if let Ok(rule) = parse_rule(&term.name) {
            let top = term.parts.iter().flat_map(|c| c.heaps()).max().unwrap_or(0);
            sequence(&rule, top)?;
        }
    }
    Ok(position)
}

fn limits() -> Limits {
    Limits {
        max_heaps: MAX_STORED_HEAPS,
        ..Limits::default()
    }
}

fn options() -> AnalyzeOptions {
    AnalyzeOptions {
        limits: limits(),
        max_moves: MAX_MOVES,
        misere_budget: MISERE_BUDGET,
        search_budget: grundy::solver::DEFAULT_BUDGET,
    }
}

/// The every-game analysis (steps, the best turn) within [`EVERY_BUDGET`].
fn every_analysis(position: &Position) -> Result<EveryAnalysis, ApiError> {
    Ok(grundy::every::analyze(position, &every_options())?)
}

fn every_options() -> AnalyzeOptions {
    AnalyzeOptions {
        search_budget: EVERY_BUDGET,
        ..options()
    }
}

/// The nim-sequence of `rule` far enough to answer every `G(n)`, `n ≤ up_to`:
/// the same computation as [`NimSequence::new`] (and so the same values and
/// period as the command line), with the server's limits and a deadline.
fn sequence(rule: &Rule, up_to: u64) -> Result<NimSequence, ApiError> {
    let limits = limits();
    if rule.closed_form(0).is_some() {
        return Ok(NimSequence::new(rule, up_to, limits)?);
    }
    let provable = rule.proof_shape().is_some();
    let direct = up_to.saturating_add(1);
    if direct > limits.max_heaps && !provable {
        // The engine refuses this at once, with its own words.
        return Ok(NimSequence::new(rule, up_to, limits)?);
    }
    let search_to = if provable { limits.search_heaps } else { 0 };
    let stop = if direct > limits.max_heaps {
        search_to
    } else {
        direct.max(search_to)
    };
    let started = Instant::now();
    let late = || {
        ApiError::bad(format!(
            "computing the nim-sequence of {rule} up to heap {up_to} takes longer than the {} s \
             the server allows a request; the command line has no such limit (grundy seq {rule} --to {up_to})",
            DEADLINE.as_secs()
        ))
    };
    let mut run = Computation::new(rule, 1)?;
    if direct <= limits.max_heaps {
        while run.period().is_none() && (run.computed() as u64) < direct {
            run.advance(direct, 1024, true)?;
            if started.elapsed() > DEADLINE {
                return Err(late());
            }
        }
    }
    while run.period().is_none() && (run.computed() as u64) < stop && run.work() < SEARCH_WORK {
        run.advance(stop, 1024, true)?;
        if started.elapsed() > DEADLINE {
            return Err(late());
        }
    }
    if run.period().is_none() && direct > run.computed() as u64 {
        // Not provable within reach and too long to store: the engine's words.
        return Ok(NimSequence::new(rule, up_to, limits)?);
    }
    Ok(run.into_sequence())
}

/// `G(from..=to)` of a rule, for the sequence endpoints.
fn bounded_sequence(params: &Params) -> Result<(Rule, u64, NimSequence), ApiError> {
    let rule = rule_of(params)?;
    let to = count(params, "to", Some(100))?;
    if to > MAX_SEQ {
        return Err(ApiError::bad(format!(
            "to: at most {MAX_SEQ} values are served at once (the command line has no such limit)"
        )));
    }
    let seq = sequence(&rule, to)?;
    Ok((rule, to, seq))
}

fn value_fn(seq: &NimSequence) -> impl Fn(u64) -> anyhow::Result<u16> + '_ {
    |n| {
        let v = seq.value(n)?;
        u16::try_from(v).with_context(|| format!("G({n}) = {v} does not fit in 16 bits"))
    }
}

/// `/api/analyze?expr=E[&misere=1|&every=1]`: `grundy analyze E --json
/// [--misere|--every]`.
pub fn analyze(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let text = match mode_of(params)? {
        Mode::Every => crate::every::json(&position, &every_analysis(&position)?)?,
        Mode::One(play) => {
            let analysis = position.analyze(play, &options())?;
            crate::render::analysis_json(&position, &analysis)?
        }
    };
    Ok(Reply::json_text(text + "\n"))
}

/// `/api/explain?expr=E[&misere=1|&every=1]`: `grundy explain E --json
/// [--misere|--every]`.
pub fn explain(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let play = match mode_of(params)? {
        Mode::Every => {
            let e = grundy::every::explain(&position, &every_options())?;
            let text = crate::every::explain_json(&position, &e)?;
            return Ok(Reply::json_text(text + "\n"));
        }
        Mode::One(play) => play,
    };
    // Within the server's misère budget first: the engine's explanation
    // searches with the command line's larger one.
    outcome(&position, Mode::One(play))?;
    let e = grundy::explain::explain(&position, play)?;
    Ok(Reply::json(&explanation_json(&position, &e)))
}

/// `/api/seq?rule=R&to=N`: `grundy seq R --to N --json`.
pub fn seq(params: &Params) -> ApiResult {
    let (rule, to, seq) = bounded_sequence(params)?;
    let mut out = Vec::new();
    crate::cmd::seq::write_json(&mut out, &rule, to, seq.period(), &value_fn(&seq), None)?;
    out.push(b'\n');
    Ok(Reply::json_text(
        String::from_utf8(out).expect("JSON is UTF-8"),
    ))
}

/// `/api/value?rule=R&n=N`: `grundy value R N --json`.
pub fn value(params: &Params) -> ApiResult {
    let rule = rule_of(params)?;
    let n = count(params, "n", None)?;
    let seq = sequence(&rule, n)?;
    let v = seq.value(n)?;
    Ok(Reply::json_text(
        crate::cmd::value::json(&rule, n, v) + "\n",
    ))
}

/// `/api/plot?rule=R&to=N[&from=A]`: the SVG of `grundy seq R --to N --plot`
/// (zoomed to `A..=N` when `from` is given).
pub fn plot(params: &Params) -> ApiResult {
    let (rule, to, seq) = bounded_sequence(params)?;
    let from = count(params, "from", Some(0))?;
    if from > to {
        return Err(ApiError::bad(format!(
            "from: {from} is past to = {to}; the range is empty"
        )));
    }
    let svg = crate::plot::scatter(&rule, from, to, seq.period(), &value_fn(&seq))?;
    Ok(Reply::svg(svg))
}

/// `/api/histogram?rule=R&to=N`: the value-frequency histogram over heaps
/// 1..=N as SVG (the counts of `grundy seq R --to N --histogram`).
pub fn histogram(params: &Params) -> ApiResult {
    let (rule, to, seq) = bounded_sequence(params)?;
    let hist = Histogram::over_heaps(to, seq.period(), value_fn(&seq))?;
    Ok(Reply::svg(crate::plot::histogram(&rule, to, &hist)))
}

/// The position written back in the expression language (emptied heaps
/// stay as 0, as in `grundy play`).
pub fn expression(position: &Position) -> String {
    position.to_string()
}

/// What the page draws: one item per component, in the order written, with
/// the number the player types (`numbers`). A single heap gives its `size`
/// and `heap` (0-based flat index, for `{heap, to}` moves); any other
/// component its family's picture, as text `lines`.
fn board(position: &Position, numbers: &Numbers) -> Value {
    Value::Array(
        position
            .places()
            .into_iter()
            .enumerate()
            .map(|(index, (place, c))| {
                let mut item = json!({
                    "index": index,
                    "number": numbers.of[index],
                    "label": ui::label(position, numbers, index),
                    "term": place.term,
                    "name": position.terms[place.term].name,
                    "kind": c.noun(),
                    "args": c.args(),
                });
                match single_heap(c.as_ref()) {
                    Some(size) => {
                        item["size"] = json!(size);
                        item["heap"] = json!(place.first_heap);
                    }
                    None => item["lines"] = json!(c.draw()),
                }
                item
            })
            .collect(),
    )
}

/// The numbers the player sees: `numbers` (comma-separated, one per
/// component) and `next` (the next number never used; by default one past
/// the largest), as the last reply gave them; 1, 2, … when not given.
fn numbers_of(params: &Params, position: &Position) -> Result<Numbers, ApiError> {
    let Some(text) = params.get("numbers").filter(|t| !t.trim().is_empty()) else {
        return Ok(Numbers::fresh(position));
    };
    let of = text
        .split(',')
        .map(|t| {
            let n = crate::cmd::parse_count(t.trim())
                .map_err(|why| ApiError::bad(format!("numbers: {why}")))?;
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

/// The numbers in a reply: `"numbers"` and `"next"`, to send back.
fn numbers_json(numbers: &Numbers) -> (Value, Value) {
    (json!(numbers.of), json!(numbers.next()))
}

/// Refuses what the engine cannot play perfectly (as `grundy play` does),
/// and says who wins from here.
fn outcome(position: &Position, mode: Mode) -> Result<Outcome, ApiError> {
    let play = match mode {
        Mode::Every => return Ok(every_analysis(position)?.outcome),
        Mode::One(play) => play,
    };
    let a = position.analyze(
        play,
        &AnalyzeOptions {
            max_moves: 1,
            ..options()
        },
    )?;
    Ok(a.outcome)
}

/// The positions met so far in a game that may repeat them: `seen`, the
/// ids of the positions met before this request (comma-separated, as
/// the replies give them), and `limit`, the moves after which the game is
/// a draw. Without `seen` the game starts at `position`.
fn repetitions(params: &Params, position: &Position) -> Result<Repetitions, ApiError> {
    let limit = match params
        .get("limit")
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
    {
        Some(l) => Some(
            u32::try_from(
                crate::cmd::parse_count(l).map_err(|why| ApiError::bad(format!("limit: {why}")))?,
            )
            .map_err(|_| ApiError::bad("limit: at most 4294967295 moves"))?,
        ),
        None => None,
    };
    let text = params.get("seen").map(String::as_str).unwrap_or("");
    if text.len() > MAX_EXPR_CHARS {
        return Err(ApiError::bad("seen: too many positions"));
    }
    let ids = text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            u128::from_str_radix(t, 16)
                .map_err(|_| ApiError::bad(format!("seen: {t:?} is not a position id")))
        })
        .collect::<Result<Vec<u128>, _>>()?;
    if ids.is_empty() {
        let mut r = Repetitions::new(limit);
        r.record(position);
        return Ok(r);
    }
    Ok(Repetitions::from_ids(&ids, limit))
}

/// The ids of the positions met, for the next request's `seen`.
fn seen_json(r: &Repetitions) -> Value {
    json!(r
        .ids()
        .iter()
        .map(|k| format!("{k:032x}"))
        .collect::<Vec<_>>())
}

/// `/api/game?expr=E[&misere=1|&every=1][&limit=N]`: a new game — the
/// board, who wins from here, whether any move is left, and `seen`, the
/// positions met (to send back with each move: a position met a third
/// time, or `limit` moves, make the game a draw).
pub fn game(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let mode = mode_of(params)?;
    let numbers = numbers_of(params, &position)?;
    let outcome = outcome(&position, mode)?;
    let seen = repetitions(params, &position)?;
    let draw = seen.drawn().map(|by| by.words());
    let over = position.is_terminal() || draw.is_some();
    let (of, next) = numbers_json(&numbers);
    Ok(Reply::json(&json!({
        "position": expression(&position),
        "board": board(&position, &numbers),
        "numbers": of,
        "next": next,
        "play": mode.name(),
        "outcome": outcome,
        "over": over,
        "winner": if position.is_terminal() { Some(stuck_winner(mode.ending(), "you", "computer")) } else { None },
        "draw": draw,
        "seen": seen_json(&seen),
    })))
}

/// Who wins when the side to move (`stuck`) has no move at all.
fn stuck_winner(play: Play, stuck: &'static str, other: &'static str) -> &'static str {
    match play {
        Play::Normal => other,
        Play::Misere => stuck,
    }
}

/// Who wins when `last` made the last move.
fn last_mover_winner(play: Play, last: &'static str, other: &'static str) -> &'static str {
    match play {
        Play::Normal => last,
        Play::Misere => other,
    }
}

/// How many moves of one component `{heap, to}` looks through.
const HEAP_MOVE_SCAN: usize = 1_000_000;

/// The user's move: `move` in the notation of `grundy play` (the part's
/// number, then the move as its family writes it: `H K`, `H = A B`, `N A B`
/// for a monk), or `heap` (0-based flat index) with `to` (the heaps left,
/// comma-separated; empty for nothing).
fn user_move(position: &Position, numbers: &Numbers, params: &Params) -> Result<SumMove, ApiError> {
    if let Some(text) = params.get("move") {
        let line = text.trim().to_ascii_lowercase();
        if line.chars().count() > MAX_EXPR_CHARS {
            return Err(ApiError::bad("the move is too long"));
        }
        return ui::parse_move(position, numbers, &line)
            .map_err(|why| ApiError::bad(format!("not a move: {why}")));
    }
    let heap = count(params, "heap", None)?;
    let places = position.places();
    let flat = position.flat_heaps().len();
    let found = usize::try_from(heap).ok().and_then(|h| {
        places.iter().find_map(|(place, c)| {
            let inside = h.checked_sub(place.first_heap)?;
            (inside < c.heaps().len()).then_some((*place, *c, inside))
        })
    });
    let Some((place, c, inside)) = found else {
        return Err(ApiError::bad(format!(
            "heap: there is no heap {heap} (0-based; the position has {flat})"
        )));
    };
    let to_text = params.get("to").map(String::as_str).unwrap_or("");
    let mut to = to_text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| crate::cmd::parse_count(t).map_err(|why| ApiError::bad(format!("to: {why}"))))
        .collect::<Result<Vec<u64>, _>>()?;
    if to.len() > 3 {
        return Err(ApiError::bad(
            "to: a move leaves at most three heaps in place of one",
        ));
    }
    // Moves describe what they leave ascending, zeros left out.
    to.retain(|&t| t != 0);
    to.sort_unstable();
    let label = ui::label(
        position,
        numbers,
        places.iter().position(|p| p.0 == place).unwrap_or(0),
    );
    c.moves()
        .take(HEAP_MOVE_SCAN)
        .find(|m| {
            m.heap
                .as_ref()
                .is_some_and(|h| h.index == inside && h.to == to)
        })
        .map(|m| Position::sum_move(place, c.as_ref(), m))
        .ok_or_else(|| {
            let left: Vec<String> = to.iter().map(u64::to_string).collect();
            ApiError::bad(format!(
                "illegal move: no move of {label} leaves {} (among its first {HEAP_MOVE_SCAN} \
                 moves; type the move to play any other)",
                if left.is_empty() {
                    "nothing".to_string()
                } else {
                    left.join(" + ")
                }
            ))
        })
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Exact => "exact",
        Method::Theory => "theory",
        Method::SmallestChange => "smallest_change",
    }
}

/// The user's every-game turn: `move`, one move in every part that can
/// move (each in the notation of [`user_move`]), separated by `;`.
fn user_turn(
    position: &Position,
    numbers: &Numbers,
    params: &Params,
) -> Result<Vec<SumMove>, ApiError> {
    let Some(text) = params.get("move") else {
        return Err(ApiError::bad(
            "every-game play: give the whole turn as `move`, one move in every part that can \
             move, separated by `;` (e.g. `1 2; 2 = 1 3`)",
        ));
    };
    let line = text.trim().to_ascii_lowercase();
    if line.chars().count() > MAX_EXPR_CHARS {
        return Err(ApiError::bad("the move is too long"));
    }
    ui::parse_turn(position, numbers, &line)
        .map_err(|why| ApiError::bad(format!("not a move: {why}")))
}

/// A whole every-game turn: its `moves` (each as [`move_json`]), and the
/// turn as typed (`notation`, e.g. `1 2; 2 = 1 3`) and said (`words`), the
/// moves joined by `; `.
fn turn_json(position: &Position, numbers: &Numbers, moves: &[SumMove]) -> Value {
    let join = |f: &dyn Fn(&SumMove) -> String| moves.iter().map(f).collect::<Vec<_>>().join("; ");
    json!({
        "moves": moves.iter().map(|m| move_json(position, numbers, m)).collect::<Vec<_>>(),
        "notation": join(&|m| ui::notation(position, numbers, m)),
        "words": join(&|m| ui::words(position, numbers, m)),
    })
}

/// The end of a game: the story's last sentence.
fn ending(winner: &str) -> String {
    match winner {
        "you" => "No move is left: you win.".to_string(),
        _ => "No move is left: the computer wins.".to_string(),
    }
}

/// What one side played: the move or turn as JSON, the position and
/// numbers after it, and a sentence for the story.
struct Played {
    json: Value,
    position: Position,
    numbers: Numbers,
    story: String,
}

/// The user's move (or every-game turn), checked by the engine.
fn users_play(
    mode: Mode,
    position: &Position,
    numbers: &Numbers,
    params: &Params,
) -> Result<Played, ApiError> {
    if mode == Mode::Every {
        let moves = user_turn(position, numbers, params)?;
        let json = turn_json(position, numbers, &moves);
        let (position, numbers) = numbers.after_turn(position, &moves)?;
        return Ok(Played {
            story: format!("You: {}.", json["words"].as_str().unwrap_or("")),
            position,
            numbers,
            json,
        });
    }
    let mv = user_move(position, numbers, params)?;
    Ok(Played {
        json: move_json(position, numbers, &mv),
        story: format!("You: {}.", ui::words(position, numbers, &mv)),
        position: position.apply(&mv)?,
        numbers: numbers.after(position, &mv),
    })
}

/// The perfect player's move (or, in every-game play, its turn: to one
/// step fewer in every part, see [`grundy::every`]) from a position with a
/// move left.
fn computers_play(mode: Mode, position: &Position, numbers: &Numbers) -> Result<Played, ApiError> {
    let play = match mode {
        Mode::Every => {
            let a = every_analysis(position)?;
            if a.turn.is_empty() {
                return Err(ApiError::bad("the computer has no move"));
            }
            let wins = a.outcome == Outcome::N;
            let mut json = turn_json(position, numbers, &a.turn);
            json["wins"] = Value::Bool(wins);
            json["steps"] = json!(a.max_steps);
            let story = format!(
                "Computer: {} ({}).",
                json["words"].as_str().unwrap_or(""),
                crate::every::computer_note(&a)
            );
            let (position, numbers) = numbers.after_turn(position, &a.turn)?;
            return Ok(Played {
                json,
                story,
                position,
                numbers,
            });
        }
        Mode::One(play) => play,
    };
    let choice = Player::new(play)
        .choose(position)?
        .ok_or_else(|| ApiError::bad("the computer has no move"))?;
    let mut json = move_json(position, numbers, &choice.mv);
    json["wins"] = Value::Bool(choice.wins);
    json["draws"] = Value::Bool(choice.outcome == Outcome::D);
    json["method"] = Value::String(method_name(choice.method).into());
    json["moves_left"] = json!(choice.moves_left);
    let story = format!(
        "Computer: {} ({}).",
        ui::words(position, numbers, &choice.mv),
        if choice.wins {
            "a winning move"
        } else if choice.outcome == Outcome::D {
            "neither side can force a win, so it keeps the draw"
        } else {
            "it is losing, so it plays for the longest game"
        }
    );
    Ok(Played {
        json,
        story,
        position: position.apply(&choice.mv)?,
        numbers: numbers.after(position, &choice.mv),
    })
}

/// `/api/move` (GET or POST): `expr`, `misere` or `every`, and the user's
/// move (see [`user_move`]; in every-game play the whole turn, see
/// [`user_turn`]), or `computer=1` for the computer to move from `expr`
/// (when it starts). The move is checked by the engine, the perfect player
/// answers, and the reply gives the new position (as an expression), both
/// moves (or turns: [`turn_json`]) in words and notation, who wins from
/// there, and whether the game is over and who won — or, for a game whose
/// positions repeat, that it is a draw (`draw`: why; `seen` and `limit` as
/// for `/api/game`, the reply's `seen` to be sent with the next move).
pub fn play_move(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let mode = mode_of(params)?;
    let numbers = numbers_of(params, &position)?;
    outcome(&position, mode)?;
    let mut seen = repetitions(params, &position)?;
    if let Some(by) = seen.drawn() {
        return Err(ApiError::bad(format!(
            "the game is over: it is a draw ({})",
            by.words()
        )));
    }
    let computer_first = flag(params, "computer")?;
    let mut story = Vec::new();
    let (you, after_you, numbers) = if computer_first {
        (Value::Null, position, numbers)
    } else {
        if position.is_terminal() {
            return Err(ApiError::bad("the game is over: there is no move left"));
        }
        let played = users_play(mode, &position, &numbers, params)?;
        story.push(played.story);
        (played.json, played.position, played.numbers)
    };
    let finish = |position: &Position,
                  numbers: &Numbers,
                  you: Value,
                  computer: Value,
                  winner: Option<&str>,
                  draw: Option<String>,
                  seen: &Repetitions,
                  story: Vec<String>|
     -> ApiResult {
        let over = winner.is_some() || draw.is_some();
        let outcome = outcome(position, mode)?;
        let (of, next) = numbers_json(numbers);
        Ok(Reply::json(&json!({
            "position": expression(position),
            "board": board(position, numbers),
            "numbers": of,
            "next": next,
            "play": mode.name(),
            "you": you,
            "computer": computer,
            "outcome": outcome,
            "over": over,
            "winner": winner,
            "draw": draw,
            "seen": seen_json(seen),
            "story": story.join(" "),
        })))
    };
    let drawn = |by: grundy::repetition::DrawBy, story: &mut Vec<String>| {
        let words = by.words();
        story.push(format!("The game is a draw: {words}."));
        Some(words)
    };
    let end = mode.ending();
    if after_you.is_terminal() {
        let winner = if computer_first {
            stuck_winner(end, "computer", "you")
        } else {
            last_mover_winner(end, "you", "computer")
        };
        story.push(ending(winner));
        if !computer_first {
            seen.record(&after_you);
        }
        return finish(
            &after_you,
            &numbers,
            you,
            Value::Null,
            Some(winner),
            None,
            &seen,
            story,
        );
    }
    if !computer_first {
        if let Some(by) = seen.record(&after_you) {
            let draw = drawn(by, &mut story);
            return finish(
                &after_you,
                &numbers,
                you,
                Value::Null,
                None,
                draw,
                &seen,
                story,
            );
        }
    }
    let computer = computers_play(mode, &after_you, &numbers)?;
    story.push(computer.story);
    let winner = computer.position.is_terminal().then(|| {
        let w = last_mover_winner(end, "computer", "you");
        story.push(ending(w));
        w
    });
    let by = seen.record(&computer.position);
    let draw = match (winner, by) {
        (None, Some(by)) => drawn(by, &mut story),
        _ => None,
    };
    finish(
        &computer.position,
        &computer.numbers,
        you,
        computer.json,
        winner,
        draw,
        &seen,
        story,
    )
}

/// `/api/hint?expr=E[&misere=1|&every=1]`: the perfect player's move (in
/// every-game play its turn, as [`turn_json`]) for the side to move,
/// whether it wins, and why in one sentence.
pub fn hint(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let mode = mode_of(params)?;
    let numbers = numbers_of(params, &position)?;
    let outcome = outcome(&position, mode)?;
    let play = match mode {
        Mode::Every => return every_hint(&position, &numbers),
        Mode::One(play) => play,
    };
    let mut player = Player::new(play);
    let Some(choice) = player.choose(&position)? else {
        return Ok(Reply::json(&json!({
            "move": Value::Null,
            "wins": outcome == Outcome::N,
            "why": "there is no move left",
        })));
    };
    let why = match (choice.wins, play) {
        _ if choice.outcome == Outcome::D => "neither side can force a win from here (the value \
             is ∞(K) with 0 not in K); this move keeps the draw, while a move to a finite value \
             would hand the opponent the win"
            .to_string(),
        (true, Play::Normal) => match grundy::explain::effect(&position, &choice.mv) {
            Ok(fx) => format!(
                "it changes a part of value {} into one of value {}, so the nim-sum becomes {} \
                 and the opponent is left in a P-position",
                fx.before, fx.after, fx.nim_sum_after
            ),
            // A loopy position: values, not a nim-sum table.
            Err(_) => "it leaves a position of value 0: whatever the opponent answers, a move \
                       back to value 0 follows"
                .to_string(),
        },
        (true, Play::Misere) => {
            "it leaves the opponent a losing position (misère play)".to_string()
        }
        (false, _) => "there is no winning move here; this one makes the game last longest \
                       and waits for a mistake"
            .to_string(),
    };
    let mut mv = move_json(&position, &numbers, &choice.mv);
    mv["wins"] = Value::Bool(choice.wins);
    Ok(Reply::json(&json!({
        "move": mv,
        "wins": choice.wins,
        "draws": choice.outcome == Outcome::D,
        "why": why,
        "winning_moves_truncated": choice.incomplete,
    })))
}

/// The every-game hint: the best turn (each part to one step fewer), and
/// why by Smith's theorem.
fn every_hint(position: &Position, numbers: &Numbers) -> ApiResult {
    let a = every_analysis(position)?;
    let wins = a.outcome == Outcome::N;
    if a.turn.is_empty() {
        return Ok(Reply::json(&json!({
            "move": Value::Null,
            "wins": wins,
            "why": "there is no move left",
        })));
    }
    let why = crate::every::hint_reason(&a);
    let mut turn = turn_json(position, numbers, &a.turn);
    turn["wins"] = Value::Bool(wins);
    Ok(Reply::json(&json!({
        "move": turn,
        "wins": wins,
        "why": why,
        "winning_moves_truncated": false,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::router::route;

    fn get(url: &str) -> (u16, Value) {
        let r = route("GET", url, b"");
        (r.status, serde_json::from_slice(&r.body).unwrap())
    }

    #[test]
    fn expressions_round_trip() {
        for text in [
            "nim(3,0,5)",
            "kayles(1,2) + dawson(7)",
            "0.137(5) + sub{1,3,4}(9) + sub{1..5}(4)",
            "stairs(1,4,8) + grundys(7)",
            "4.7(5) + 0.F(6) + sub{fib}(3)",
        ] {
            let pos = parse_position(text).unwrap();
            let again = parse_position(&expression(&pos)).unwrap();
            assert_eq!(pos, again, "{text} -> {}", expression(&pos));
        }
    }

    #[test]
    fn a_game_of_nim_is_won_by_the_computer_from_a_won_position() {
        // nim(1,2,3) is a P-position: whatever the user does, the computer
        // faces a won position and must win.
        let mut expr = "nim(1,2,3)".to_string();
        loop {
            let url = format!(
                "/api/move?expr={}&move=1+1",
                expr.replace('+', "%2B").replace(' ', "+")
            );
            // Take one from the first non-empty heap.
            let pos = parse_position(&expr).unwrap();
            let first = pos
                .components()
                .position(|c| single_heap(c.as_ref()).is_some_and(|size| size > 0))
                .unwrap();
            let url = url.replace("move=1+1", &format!("move={}+1", first + 1));
            let (status, v) = get(&url);
            assert_eq!(status, 200, "{v}");
            assert_eq!(v["computer"]["wins"], true, "{v}");
            if v["over"] == true {
                assert_eq!(v["winner"], "computer");
                break;
            }
            expr = v["position"].as_str().unwrap().to_string();
        }
    }

    #[test]
    fn limits_are_enforced() {
        let (s, v) = get("/api/seq?rule=kayles&to=1000001");
        assert_eq!(s, 400);
        assert!(v["error"].as_str().unwrap().contains("at most 1000000"));
        let many = vec!["1"; MAX_HEAPS + 1].join(",");
        let (s, v) = get(&format!("/api/analyze?expr=nim({many})"));
        assert_eq!(s, 400);
        assert!(v["error"].as_str().unwrap().contains("at most 1000"));
        // No period is proved for Grundy's game: 2^40 heaps cannot be stored.
        let (s, _) = get("/api/value?rule=grundys&n=1099511627776");
        assert_eq!(s, 400);
    }
}
