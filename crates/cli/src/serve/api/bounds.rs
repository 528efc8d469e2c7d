//! The server's bounds on one request, and the nim-sequences computed
//! within them.
//!
//! Limits per request: an expression of at most [`MAX_EXPR_CHARS`]
//! characters and [`MAX_HEAPS`] heaps (or monks); sequences of at most
//! [`MAX_SEQ`] + 1 values; nim-sequences stored up to [`MAX_STORED_HEAPS`]
//! heaps (beyond that only when a period is proved); the request's
//! [`Budget`] (deadline, memory, cancellation: see [`crate::serve::server`])
//! for all its work; searches for Grundy values within [`SEARCH_BUDGET`]
//! positions and moves; the misère search within [`MISERE_BUDGET`]
//! positions, the perfect player within its own budget, every-game steps
//! (Smith's, see [`grundy::every`]) within [`EVERY_BUDGET`] positions and
//! moves.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy::budget::Budget;
use grundy::limits::{Limits, SEARCH_WORK};
use grundy::memo::Memo;
use grundy::mode::Mode;
use grundy::rule::Rule;
use grundy::sequence::{Computation, NimSequence};
use grundy::session::SessionOptions;
use grundy::sum::AnalyzeOptions;

use super::error::ApiError;

/// The longest expression accepted.
pub const MAX_EXPR_CHARS: usize = 4000;
/// The most heaps (and monks) in one position.
pub const MAX_HEAPS: usize = 1000;
/// The largest `to` of `/api/seq`, `/api/plot` and `/api/histogram`.
pub const MAX_SEQ: u64 = 1_000_000;
/// The most values of a nim-sequence with no proved period computed for one
/// request (2 bytes each).
pub const MAX_STORED_HEAPS: u64 = 1 << 21;
/// The most winning moves listed, as the command line's default `--max-moves`.
pub const MAX_MOVES: usize = 10_000;
/// Positions the exhaustive misère search may visit for one request (the
/// command line allows 2 000 000, several seconds of work).
pub const MISERE_BUDGET: usize = 250_000;
/// Positions and moves a search for a Grundy value (a board, a graph) may
/// visit for one request: a few seconds of a Cram search (5×7 with its
/// winning moves is answered, 5×8 is not); the request's deadline stops
/// anything longer first. (The command line allows 200 000 000 and draws
/// a progress bar.)
pub const SEARCH_BUDGET: usize = 20_000_000;
/// Positions and moves the every-game steps search may visit for one
/// request (the command line allows 2 000 000), as for misère play.
pub const EVERY_BUDGET: usize = 250_000;

/// The engine's limits, with at most [`MAX_STORED_HEAPS`] values stored.
pub fn limits() -> Limits {
    Limits {
        max_heaps: MAX_STORED_HEAPS,
        ..Limits::default()
    }
}

/// What the engine keeps between requests (the misère quotients of heap
/// rules, within their cache's bound): one memo for every request this
/// server answers, so that each is computed once.
pub fn memo() -> Memo {
    static MEMO: OnceLock<Memo> = OnceLock::new();
    MEMO.get_or_init(Memo::default).clone()
}

/// The analyses' bounds: [`limits`], [`MAX_MOVES`], [`SEARCH_BUDGET`] and
/// [`MISERE_BUDGET`],
/// with the server's [`memo`], within the request's `budget`.
pub fn options(budget: &Budget) -> AnalyzeOptions {
    AnalyzeOptions {
        budget: budget.clone(),
        limits: limits(),
        memo: memo(),
        max_moves: MAX_MOVES,
        misere_budget: MISERE_BUDGET,
        search_budget: SEARCH_BUDGET,
        ..AnalyzeOptions::default()
    }
}

/// The most positions a game's `seen` may list (`/api/move`): a game this
/// long is a draw long before (a position met three times), unless every
/// position is new.
pub const MAX_SEEN: usize = 10_000;

/// The bounds of a game or a judgement under `mode`: [`options`], with
/// every-game steps searched within [`EVERY_BUDGET`]; the perfect player
/// within its own default budget, sharing the server's [`memo`]; all
/// within the request's `budget`.
pub fn session_options(mode: Mode, budget: &Budget) -> SessionOptions {
    let analyze = match mode {
        Mode::Every => AnalyzeOptions {
            search_budget: EVERY_BUDGET,
            ..options(budget)
        },
        _ => options(budget),
    };
    SessionOptions {
        analyze,
        ..SessionOptions::default()
    }
}

/// The nim-sequence of `rule` far enough to answer every `G(n)`, `n ≤ up_to`:
/// the same computation as [`NimSequence::new`] (and so the same values and
/// period as the command line), with the server's limits, within `budget`.
pub fn sequence(rule: &Rule, up_to: u64, budget: &Budget) -> Result<NimSequence, ApiError> {
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
    let mut run = Computation::new(rule, 1)?;
    let mut steps = Steps::new();
    if direct <= limits.max_heaps {
        while run.period().is_none() && (run.computed() as u64) < direct {
            steps.advance(&mut run, direct, budget)?;
        }
    }
    while run.period().is_none() && (run.computed() as u64) < stop && run.work() < SEARCH_WORK {
        steps.advance(&mut run, stop, budget)?;
    }
    if run.period().is_none() && direct > run.computed() as u64 {
        // Not provable within reach and too long to store: the engine's words.
        return Ok(NimSequence::new(rule, up_to, limits)?);
    }
    Ok(run.into_sequence())
}

/// Steps of a nim-sequence's computation between checks of the budget:
/// sized so that each takes about [`Steps::AIM`], whatever a value costs
/// (one value of a code of many digits can take milliseconds).
struct Steps {
    values: u64,
}

impl Steps {
    /// The time aimed at between two checks of the budget.
    const AIM: Duration = Duration::from_millis(20);

    fn new() -> Steps {
        Steps { values: 16 }
    }

    /// Computes one step towards `heaps` values, after checking `budget`.
    fn advance(
        &mut self,
        run: &mut Computation,
        heaps: u64,
        budget: &Budget,
    ) -> Result<(), ApiError> {
        budget.check()?;
        let started = Instant::now();
        run.advance(heaps, self.values, true)?;
        let took = started.elapsed();
        if took < Self::AIM / 4 {
            self.values = (self.values * 2).min(1 << 16);
        } else if took > Self::AIM {
            self.values = (self.values / 2).max(1);
        }
        Ok(())
    }
}
