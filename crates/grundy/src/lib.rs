//! # grundy — impartial combinatorial games, exactly
//!
//! An engine for the games the Sprague–Grundy theorem reaches: Nim and its
//! misère form, subtraction games, octal and hexadecimal take-and-break
//! games (Kayles, Dawson's Kayles, …), Grundy's game, staircase Nim, and
//! sums of any of them. It has no I/O: give it a position, get outcomes,
//! Grundy values, winning moves and proved periods back.
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::nim::{Outcome, Play};
//! use grundy::sum::AnalyzeOptions;
//!
//! let pos = parse_position("nim(3,4,5) + kayles(10)").unwrap();
//! let analysis = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(analysis.outcome, Outcome::P); // 3⊕4⊕5 = 2 = G_kayles(10)
//! ```
//!
//! Where things live:
//!
//! * [`nimber`]: nim-sum and mex;
//! * [`nim`]: Nim under normal and misère play;
//! * [`heap`]: heap rules ([`heap::Rule`]) and their moves;
//! * [`sequence`]: nim-sequences `G(0), G(1), …` and the engines computing them;
//! * [`period`]: periods, proved by the Guy–Smith theorem;
//! * [`staircase`]: staircase Nim (monks on stairs);
//! * [`sum`]: sums of components, analysed;
//! * [`misere`]: exhaustive misère search for sums other than Nim;
//! * [`strategy`]: the perfect player (remoteness: win fast, lose slowly);
//! * [`explain`]: the step-by-step account of a position, as data;
//! * [`expr`]: the expression language `nim(3,4,5) + kayles(10)`.

pub mod error;
pub mod explain;
pub mod expr;
pub mod game;
pub mod games;
pub mod misere;
pub mod nim;
pub mod nimber;
pub mod period;
pub mod sequence;
pub mod solver;
pub mod strategy;
pub mod sum;

pub use error::{Error, Result};
