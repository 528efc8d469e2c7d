//! One code's line of a census, and the summary of a whole census.

use serde::{Deserialize, Serialize};

use super::codes::Code;
use crate::period::ProofShape;

/// Whether a code's period is proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Its period is proved (Guy–Smith) within the heaps computed.
    Solved,
    /// No period was proved within the heaps computed.
    Open,
}

/// The class of a code whose sequence is another's shifted by `shift`
/// heaps: `G(n + shift) = G_code(n)` for every `n`, and the first `shift`
/// heaps are dead (value 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShiftOf {
    /// The representative of the shifted code's class.
    pub code: String,
    /// How many heaps the sequence is shifted by (at least 1).
    pub shift: u64,
}

/// One code's line of a census: its class, its status, and what the
/// computation found. Written as JSON with exactly these field names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The code, as the census lists it (`0.120`).
    pub code: String,
    /// The representative of its class: codes in one class have identical
    /// nim-sequences, as their rules show (see [`super::class`]).
    pub equivalent: String,
    /// The class of the code whose sequence this one's is, shifted (its
    /// first heaps dead), or `None`.
    pub shift_of: Option<ShiftOf>,
    /// Solved (period proved) or open.
    pub status: Status,
    /// The proved preperiod: the first heap of the periodic part.
    pub preperiod: Option<u64>,
    /// The proved (least) period.
    pub period: Option<u64>,
    /// The last heap computed: `G(0..=computed_to)` are known. For a solved
    /// code, where the proof was complete; for an open one, `--to` (or
    /// less, when the time allowed for each game ran out).
    pub computed_to: u64,
    /// The largest value (of every heap, for a solved code; of the heaps
    /// computed, for an open one).
    pub largest: u16,
    /// The first heap with the largest value.
    pub largest_at: u64,
    /// The mask of the sparse-space split: `v` is rare when
    /// `popcount(v & mask)` is even. The one with the fewest rare heaps;
    /// for a solved code, among those with no rare value in the period
    /// (`None` when there is none: infinitely many heaps are rare).
    pub rare_mask: Option<u16>,
    /// How many heaps have a rare value (of every heap, for a solved code;
    /// of the heaps computed, for an open one), heap 0 included as in the
    /// published tables (its value 0 is always rare).
    pub rare_count: Option<u64>,
    /// The last heap `n ≥ 1` with a rare value (`None` when there is
    /// none, or no split).
    pub last_rare: Option<u64>,
}

/// Proofs that read no heap past this count as trivial, as in the
/// published tables ("periods found by considering nimbers for heaps
/// smaller than 1000").
pub const TRIVIAL_HEAPS: u64 = 1000;

impl Record {
    /// Whether the code is solved with a proof that reads only heaps below
    /// [`TRIVIAL_HEAPS`].
    ///
    /// ```
    /// use grundy::census::{survey, Code};
    /// use grundy::budget::Budget;
    /// let r = survey(&Code::parse("0.77").unwrap(), 1 << 20, &Budget::unlimited()).unwrap();
    /// assert!(r.is_trivial());
    /// ```
    pub fn is_trivial(&self) -> bool {
        let (Some(pre), Some(per)) = (self.preperiod, self.period) else {
            return false;
        };
        let Ok(code) = Code::parse(&self.code) else {
            return false;
        };
        let Some(shape) = code.rule().proof_shape() else {
            return false;
        };
        proof_reads(shape, pre, per) <= u128::from(TRIVIAL_HEAPS)
    }
}

/// How many heaps the Guy–Smith proof of a period reads.
fn proof_reads(shape: ProofShape, preperiod: u64, period: u64) -> u128 {
    shape.values_needed(preperiod, period)
}

/// The counts of a census: its summary line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Codes surveyed.
    pub codes: usize,
    /// Codes with a proved period.
    pub solved: usize,
    /// Codes without one.
    pub open: usize,
    /// Solved codes whose proof reads only heaps below 1000.
    pub trivial: usize,
    /// Distinct classes (representatives) among the codes.
    pub classes: usize,
}

impl Summary {
    /// The counts of `records`.
    pub fn of(records: &[Record]) -> Summary {
        let solved = records
            .iter()
            .filter(|r| r.status == Status::Solved)
            .count();
        let mut classes: Vec<&str> = records.iter().map(|r| r.equivalent.as_str()).collect();
        classes.sort_unstable();
        classes.dedup();
        Summary {
            codes: records.len(),
            solved,
            open: records.len() - solved,
            trivial: records.iter().filter(|r| r.is_trivial()).count(),
            classes: classes.len(),
        }
    }
}
