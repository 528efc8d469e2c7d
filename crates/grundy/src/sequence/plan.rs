//! The plan of a request for `G(0..=up_to)`, decided before any work, and
//! the one wording of a refusal for want of memory.

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::rule::Rule;

/// How a request for `G(0..=up_to)` will be met, decided before any work:
/// compute the heaps asked for and then search on for a proof, or (when
/// they do not fit in memory) search for a proof only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `up_to + 1`, the heaps whose values are asked for.
    pub wanted: u64,
    /// Compute up to this many heaps (stopping early at a proof).
    pub goal: u64,
    /// Whether only a proof can answer (the wanted heaps do not fit).
    pub needs_proof: bool,
    /// Work after which the search for a proof stops (past the wanted
    /// heaps, or from the start when only a proof can answer).
    pub work: u64,
}

impl Plan {
    /// The plan for `G(0..=up_to)` of `rule` within `limits`, or the reason
    /// it cannot be met (no period can be proved and the heaps do not fit).
    /// Rules with a closed form need no plan: everything is known.
    pub fn new(rule: &Rule, up_to: u64, limits: Limits) -> Result<Plan> {
        let wanted = up_to.saturating_add(1);
        let provable = rule.proof_shape().is_some();
        if wanted <= limits.max_heaps {
            let search = if provable { limits.search_heaps } else { 0 };
            return Ok(Plan {
                wanted,
                goal: wanted.max(search.min(limits.max_heaps)),
                needs_proof: false,
                work: limits.search_work,
            });
        }
        if !provable {
            return Err(memory_refusal(
                rule,
                up_to,
                limits.max_heaps,
                "no period can be proved for it (its moves reach arbitrarily far)",
            ));
        }
        Ok(Plan {
            wanted,
            goal: limits.proof_heaps.min(limits.max_heaps),
            needs_proof: true,
            work: limits.search_work,
        })
    }

    /// Whether a run with `computed` values and `work` done should stop
    /// searching for a proof.
    pub fn out_of_budget(&self, computed: u64, work: u64) -> bool {
        (self.needs_proof || computed >= self.wanted) && work >= self.work
    }

    /// The refusal when a run ended with `computed` values and no proof
    /// short of the wanted heaps.
    pub fn refusal(&self, rule: &Rule, computed: u64, limits: Limits) -> Error {
        memory_refusal(
            rule,
            self.wanted - 1,
            limits.max_heaps,
            &format!("no period was proved in its first {computed} heaps"),
        )
    }
}

/// The one wording of "this needs more memory than allowed", shared by every
/// command that computes nim-sequences.
pub fn memory_refusal(rule: &Rule, up_to: u64, max_heaps: u64, why: &str) -> Error {
    let bytes = up_to.saturating_add(1).saturating_mul(2);
    Error::TooLarge(format!(
        "{rule} up to heap {up_to}: {why}, and computing every heap up to {up_to} would need {} \
         of memory, more than the {} allowed ({max_heaps} heaps of 2 bytes)",
        human_bytes(bytes),
        human_bytes(max_heaps.saturating_mul(2)),
    ))
}

/// A byte count in binary units, for error messages.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}
