//! Games defined in Python (`grundy.Game`): a game whose moves are a Python
//! function is a [`Game`](grundy::game::Game) of the engine, so sums with
//! built-in families, misère search and winning moves come from the engine
//! as they are. Positions are hashable Python values, numbered in the order
//! first seen; the engine sees only the numbers.
//!
//! Files: [`def`] (a game: its `moves`, the positions seen, its solvers;
//! a position as a component of the engine), [`search`] (the game as rules
//! of the engine's search: options kept, sizes, order), [`rules`] (the
//! Python class behind `grundy.Game`, and a position as a part of a sum),
//! [`split`] (`Split`, an option of several components).

mod def;
mod rules;
mod search;
mod split;

pub(crate) use def::Def;
pub(crate) use rules::{loopy_err, Part, Rules};
pub(crate) use split::Split;
