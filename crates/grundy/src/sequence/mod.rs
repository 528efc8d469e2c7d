//! Nim-sequences: the Grundy values `G(0), G(1), …` of a heap rule, with a
//! proved period where there is one.
//!
//! [`NimSequence`] is the one public face. It picks how to answer `G(n)`:
//!
//! 1. a closed form (Nim, subtraction ranges, powers of two) answers any `n`;
//! 2. otherwise values are computed by an [`Engine`] while a
//!    [`PeriodFinder`](crate::period::PeriodFinder) watches them; once a
//!    period is proved, `G(n)` for any `n < 2^64` is read from the first
//!    period;
//! 3. without a proof, `G(n)` is known only for the heaps computed, and a
//!    request that would need more memory than
//!    [`Limits::max_heaps`](crate::limits::Limits::max_heaps) allows is
//!    refused up front.
//!
//! # How a run goes, file by file
//!
//! * `plan.rs`: a request for `G(0..=up_to)` gets a [`Plan`] before any
//!   work: compute the heaps asked for and search on for a proof, or (when
//!   they do not fit in memory) search for a proof only, or refuse.
//! * `computation.rs`: a [`Computation`] drives a run step by step. It asks
//!   its engine for values, a batch at a time, feeds them to the search for
//!   a period, and stops at a heap count, a step budget or a proof, so that
//!   long runs show progress and can be interrupted. It can be checkpointed
//!   ([`Computation::state`], a [`state::State`] beside the values) and
//!   continued ([`Computation::from_checkpoint`]) with exactly the results
//!   of a run never stopped; [`checkpoint`] writes both to bytes and reads
//!   them back.
//! * `engine.rs`: an [`Engine`] computes the values; [`engine_for`] picks
//!   one when a run starts: the sparse-space engine ([`sparse::Sparse`])
//!   for octal codes without three-way splits and for Grundy's game, on
//!   several threads as a pipeline that computes heaps ahead of those still
//!   being finished (`pipeline.rs`), and the naive engine ([`naive::Naive`],
//!   straight from the definition, the reference the others are tested
//!   against) for everything else.
//! * `window.rs`: window mode ([`Computation::window`]) keeps only the
//!   first and the last values, so that memory is bounded by the window
//!   instead of by the heaps computed (its values live in a [`Values`]
//!   mapping of address space, so that room for 2^40 heaps costs no memory
//!   until written). Archive mode keeps every value in about one byte per
//!   heap: past [`ARCHIVE_HEAPS`] heaps reserved, the values between the
//!   first and the last [`ARCHIVE_KEEP`] move to a compact archive
//!   (`archive.rs`). Both release whole pages of memory (`pages.rs`).
//! * `nim_sequence.rs`: [`NimSequence`], the values as far as known, and
//!   the moves from a heap to a position of a given value.
//! * [`stats`]: the histogram of the values and the rare/common split that
//!   the sparse engine works with.

mod archive;
pub mod checkpoint;
mod computation;
mod engine;
pub mod naive;
mod nim_sequence;
mod pages;
mod pipeline;
mod plan;
pub mod sparse;
pub mod state;
pub mod stats;
pub mod values;
mod window;

pub use computation::{engine_for, Computation, Step};
pub use engine::Engine;
pub use nim_sequence::{NimSequence, MAX_THREE_WAY_HEAP};
pub use plan::{human_bytes, memory_refusal, Plan};
pub use values::Values;
pub use window::{ARCHIVE_HEAPS, ARCHIVE_KEEP, MIN_WINDOW};
