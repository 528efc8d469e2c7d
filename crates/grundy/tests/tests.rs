//! The grundy crate's integration tests, in one binary (one link, not one
//! per file). Each module is one concern; `util` holds what they share: the
//! exhaustive game-tree oracle written from the definitions alone.
//!
//! A new test file must be added here as a module, or it is not compiled.

mod archive;
mod budget;
mod census;
mod classic_families;
mod coin_products;
mod cram;
mod deadlines;
mod every_sj;
mod fuzz_expr;
mod graph_games;
mod huge_numbers;
mod judge_families;
mod judge_games;
mod loopy;
mod near_max;
mod nimber;
mod quotient;
mod sparse;
mod strategy;
mod sums;
mod tables;
mod util;
mod window;
