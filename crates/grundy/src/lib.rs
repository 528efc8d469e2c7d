//! # grundy — impartial combinatorial games, exactly
//!
//! An engine for the games the Sprague–Grundy theorem reaches: Nim and its
//! misère form, subtraction games, octal and hexadecimal take-and-break
//! games (Kayles, Dawson's Kayles, …), Grundy's game, staircase Nim, and
//! sums of any of them. It has no I/O: give it a position, get outcomes,
//! Grundy values, winning moves and proved periods back.
//!
//! ```
//! use grundy::{parse_position, AnalyzeOptions, Outcome, Play};
//!
//! let pos = parse_position("nim(3,4,5) + kayles(10)").unwrap();
//! let analysis = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(analysis.outcome, Outcome::P); // 3⊕4⊕5 = 2 = G_kayles(10)
//! ```
//!
//! ## One interface for every game
//!
//! Every game is a [`game::Game`]: one component of a sum, with its moves as
//! data, a canonical key, how it is written in the expression language, and —
//! where its theory knows them — its Grundy value, its outcome, and the moves
//! to a given value. Sums, misère search, the perfect player, explanations
//! and `play` work through that trait alone, so a game of your own gets all
//! of them. Without theory, values are found by the generic [`solver`]:
//!
//! ```
//! use std::sync::Arc;
//! use grundy::{AnalyzeOptions, Component, Game, Move, Outcome, Play, Position, Term};
//!
//! /// Take a square number (1, 4, 9, …) of tokens.
//! #[derive(Debug)]
//! struct Squares(u64);
//!
//! impl Game for Squares {
//!     fn name(&self) -> &str { "squares" }
//!     fn args(&self) -> String { self.0.to_string() }
//!     fn key(&self) -> Vec<u64> { vec![self.0] }
//!     fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
//!         let n = self.0;
//!         Box::new((1..).map(|k: u64| k * k).take_while(move |&s| s <= n)
//!             .map(move |s| Move::to(vec![Arc::new(Squares(n - s)) as Component])))
//!     }
//! }
//!
//! // 2 is lost alone (1, then 1); with a Nim heap of 1 beside it the sum is won.
//! let pos = Position::new(vec![
//!     Term::of(vec![Arc::new(Squares(2)) as Component]),
//!     grundy::parse_position("nim(1)").unwrap().terms[0].clone(),
//! ]).unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.part_values, vec![Some(0), Some(1)]);
//! assert_eq!(a.outcome, Outcome::N);
//! // Two winning moves: emptying the Nim heap, and squares 2 → 1, which
//! // *raises* that part's value from 0 to 1 = 0 ⊕ s. Misère play is searched.
//! let after: Vec<String> = a.winning_moves.iter()
//!     .map(|m| pos.apply(m).unwrap().to_string()).collect();
//! assert_eq!(after, ["squares(1) + nim(1)", "squares(2) + nim(0)"]);
//! let m = pos.analyze(Play::Misere, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(m.outcome, Outcome::P);
//! ```
//!
//! `crates/grundy/examples/own_game.rs` is a complete program doing this.
//!
//! The everyday words are at the root of the crate: [`parse_position`],
//! [`Position`], [`Term`], [`Play`], [`Outcome`], [`AnalyzeOptions`],
//! [`Analysis`], the interface [`Game`] with [`Component`] and [`Move`],
//! heap [`Rule`]s and their [`NimSequence`]s, [`Nimber`], the [`Player`],
//! the [`Budget`] of a search, and the [`Error`] with its [`ErrorKind`].
//! A rule is parsed by [`Rule::parse`] (or `str::parse`):
//!
//! ```
//! use grundy::{Limits, NimSequence, Rule};
//! let kayles: Rule = "0.77".parse().unwrap();
//! let seq = NimSequence::new(&kayles, 100, Limits::default()).unwrap();
//! assert_eq!(seq.value(10).unwrap(), 2);
//! ```
//!
//! Where things live:
//!
//! * [`nimber`]: nim-sum and mex, and the field of nimbers (nim product,
//!   inverse, division; 64 and 128 bits);
//! * [`nim`]: Nim under normal and misère play;
//! * [`game`]: the interface every game implements;
//! * [`rule`]: heap rules ([`rule::Rule`]) — Nim, subtraction sets,
//!   take-and-break codes, Grundy's game — and their moves on one heap;
//! * [`games`]: the families — heaps of those rules, the staircase, the
//!   games behind judge problems — and the registry of the expression
//!   language;
//! * [`sequence`]: nim-sequences `G(0), G(1), …` and the engines computing them;
//! * [`census`]: the table of many octal codes — classes and shifts from
//!   the rules, proved periods, sparse splits — on several threads;
//! * [`budget`]: the time, memory and cancellation every search honours;
//! * [`memo`]: what the families' theories keep between analyses (a heap
//!   rule's misère quotient), for as long as the caller keeps it;
//! * [`limits`]: the bounds on their work and memory, which every game's theory
//!   is handed;
//! * [`period`]: periods, proved by the Guy–Smith theorem;
//! * [`search`]: the nimber search engine (splitting, canonical parts,
//!   pruning, a transposition table bounded in bytes);
//! * [`solver`]: exhaustive search for any game: Grundy values, whole sums;
//! * [`graph`]: a finite game graph, compactly (positions as numbers, moves
//!   as edges), for families played on one and for the loopy solver;
//! * [`loopy`]: games whose positions can repeat — draws, the generalized
//!   Sprague–Grundy function by retrograde analysis, and sums of them;
//! * [`sum`]: sums of components, analysed;
//! * [`misere`]: exhaustive misère search for sums other than Nim;
//! * [`antisg`]: misère sums from Grundy values where the SJ theorem applies;
//! * [`quotient`]: misère quotients of heap games (exact misère play of their sums);
//! * [`strategy`]: the perfect player (remoteness: win fast, lose slowly;
//!   hold a draw in a loopy game);
//! * [`repetition`]: when a game played by people is called a draw (a
//!   position met three times, or a move limit);
//! * [`every`]: every-game sums (a move in every component each turn): Smith's steps;
//! * [`mode`]: normal, misère or every-game play, as one choice;
//! * [`session`]: a game against the perfect player, and the notation of its moves;
//! * [`explain`]: the step-by-step account of a position, as data;
//! * [`expr`]: the expression language `nim(3,4,5) + kayles(10)`, and
//!   [`cursor`], the text cursor with which each family parses its arguments.

pub mod antisg;
pub mod budget;
pub mod census;
pub mod cursor;
pub mod error;
pub mod every;
pub mod explain;
pub mod expr;
pub mod game;
pub mod games;
pub mod graph;
pub mod hashed;
pub mod limits;
pub mod loopy;
pub mod memo;
pub mod misere;
pub mod mode;
pub mod nim;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod picture;
pub mod quotient;
pub mod repetition;
pub mod report;
pub mod rule;
pub mod search;
pub mod sequence;
pub mod session;
pub mod solver;
pub mod state_search;
pub mod strategy;
pub mod sum;

pub use budget::Budget;
pub use error::{Error, ErrorKind, LimitKind, Result};
pub use expr::parse_position;
pub use game::{Component, Context, Game, Move};
pub use limits::Limits;
pub use nim::{Outcome, Play};
pub use nimber::Nimber;
pub use rule::Rule;
pub use sequence::NimSequence;
pub use strategy::Player;
pub use sum::{Analysis, AnalyzeOptions, Position, SumMove, Term};
