//! Bounds on the work and memory of a nim-sequence computation.
//!
//! They travel with every request for values (as the [`Context`] of a
//! component's theory), so they live apart from the engines of
//! [`sequence`]: the game interface names them without depending on the
//! engines, which depend on the game families.
//!
//! [`Context`]: crate::game::Context
//! [`sequence`]: crate::sequence

/// Bounds on how much work and memory a computation may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most heaps whose values may be stored (2 bytes each).
    pub max_heaps: u64,
    /// How far to keep computing in search of a period proof when the heaps
    /// asked for are already known.
    pub search_heaps: u64,
    /// How far to search for a proof when the heaps asked for are too many
    /// to compute, so that only a proof can answer (at most `max_heaps`).
    pub proof_heaps: u64,
    /// Work (pairs of heaps, counted so that the count depends only on the
    /// values computed, never on the threads; see
    /// [`Computation::work`](crate::sequence::Computation::work)) after
    /// which either search gives up.
    pub search_work: u64,
}

/// The work the search for a proof may do by default (with the sparse
/// engine, about 0.15–0.25 s of one core: the pairs it examines are 1–3
/// times the work counted), so that rules with no period in reach give up
/// quickly. Enough for `0.16`, proved after 509 622 heaps.
pub const SEARCH_WORK: u64 = 150_000_000;

/// The work a caller prepared to wait (with progress shown) allows the
/// search for a proof: about 70 times the default. `0.127` (period 4 from
/// 46578) is proved after 93 167 heaps, in 0.2 s.
pub const PATIENT_WORK: u64 = 10_000_000_000;

impl Default for Limits {
    /// 2^30 heaps (2 GiB); the proof search goes to 2^20 heaps (and at most
    /// [`SEARCH_WORK`] pairs), enough for `0.16` (period 149459 from 105351,
    /// proved after 509 622 values).
    fn default() -> Limits {
        Limits {
            max_heaps: 1 << 30,
            search_heaps: 1 << 20,
            proof_heaps: 1 << 20,
            search_work: SEARCH_WORK,
        }
    }
}

impl Limits {
    /// Limits for a caller that shows progress and may wait about a minute:
    /// a value that only a proof can give is searched for up to the memory
    /// limit and [`PATIENT_WORK`].
    pub fn patient() -> Limits {
        let quick = Limits::default();
        Limits {
            proof_heaps: quick.max_heaps,
            search_work: PATIENT_WORK,
            ..quick
        }
    }
}
