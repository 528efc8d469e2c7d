//! The JSON API: each handler validates its parameters as the command line
//! does, bounds the work up front, calls the engine, and answers with the
//! same JSON as the matching `--json` (built by the same function, in
//! [`crate::answer`]).
//!
//! * [`bounds`]: the limits per request, and the nim-sequences computed
//!   within them;
//! * [`input`]: the parameters read and checked (the position, the rule,
//!   counts, yes/no switches, how the game is played);
//! * [`error`]: why a request was refused, as the reply says it;
//! * the handlers: [`analysis`] (`/api/analyze`, `/api/explain`),
//!   [`sequence`] (`/api/seq`, `/api/value`, `/api/plot`,
//!   `/api/histogram`) and [`game`] (`/api/game`, `/api/move`, `/api/hint`).
//!
//! Every endpoint that plays or judges a position takes `misere=1` or
//! `every=1` (every-game play: each turn a move in every component that can
//! move; the last to move wins), not both. Errors are HTTP 400 with
//! `{"error": message, "at": column}`, the message being the command line's.

pub mod analysis;
pub mod bounds;
pub mod error;
pub mod game;
pub mod input;
pub mod sequence;

pub use error::ApiResult;
