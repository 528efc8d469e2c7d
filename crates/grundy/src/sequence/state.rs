//! What a run of a nim-sequence holds besides its values: the [`State`]
//! that [`Computation::state`](super::Computation::state) hands out and
//! [`Computation::from_checkpoint`](super::Computation::from_checkpoint)
//! continues from, so that a run stopped and continued ends as a run never
//! stopped. The engine defines it; the [`checkpoint`](super::checkpoint)
//! format writes it to bytes and reads it back.

use crate::period::Period;

/// What a run holds besides its values (what a checkpoint stores), so that a run goes on
/// exactly as if it had not stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The work counted so far: what the budget of a search for a period
    /// counts ([`Computation::work`](super::Computation::work)). (Not the
    /// pairs examined, which depend on the threads' timing: a checkpoint
    /// depends only on the sequence, whatever the threads.)
    pub work: u64,
    /// The largest value computed.
    pub largest: u16,
    /// The period proved, if any (window mode searches no more once values
    /// are released, so the proof is kept; other runs find it again).
    pub period: Option<Period>,
    /// The engine's choices, for an engine that makes any.
    pub engine: Option<EngineState>,
    /// Window mode, if the run was in it.
    pub window: Option<WindowState>,
}

/// The choices of the sparse engine that its values alone do not show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineState {
    /// The mask splitting values into rare and common.
    pub mask: u16,
    /// The number of values at which the engine next reconsiders its mask.
    pub next_revision: u64,
    /// The rare heaps among those no longer kept (window mode), ascending,
    /// with their values: the engine pairs every rare heap with recent ones.
    pub rare: Vec<(u64, u16)>,
}

/// Window mode: which heaps are kept, and the counts the reports need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WindowState {
    /// The heaps kept at each end.
    pub keep: u64,
    /// The heaps whose values are no longer kept: the checkpoint's values
    /// are `G(0..dropped.start)` and then `G(dropped.end..)`.
    pub dropped: std::ops::Range<u64>,
    /// `counts[v]`: the heaps of `1..computed` of value `v`.
    pub counts: Vec<u64>,
    /// `last_at[v]`: the last heap `≥ 1` of value `v` (0 for none).
    pub last_at: Vec<u64>,
}

/// Why a [`State`] does not fit the values it goes with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the checkpoint's state is inconsistent: {0}")]
pub struct Inconsistent(pub String);

impl State {
    /// Whether the state fits `stored` values: the heaps no longer kept
    /// start among them, the histogram counts every heap computed, the rare
    /// heaps saved are ascending heaps no longer kept. (Decoding checks
    /// this; so does [`Computation::from_checkpoint`](super::Computation::from_checkpoint).)
    pub fn check(&self, stored: u64) -> Result<(), Inconsistent> {
        let gone = match &self.window {
            None => 0..0,
            Some(w) => w.dropped.clone(),
        };
        if gone.start > gone.end || gone.start > stored {
            return Err(Inconsistent(format!(
                "heaps {}..{} no longer kept, with {stored} values stored",
                gone.start, gone.end
            )));
        }
        let computed = stored
            .checked_add(gone.end - gone.start)
            .ok_or_else(|| Inconsistent("more than 2^64 heaps".into()))?;
        if let Some(w) = &self.window {
            if w.keep == 0 || w.counts.len() > 1 << 16 {
                return Err(Inconsistent(
                    "a window of 0 heaps, or values past 65535".into(),
                ));
            }
            let total = w.counts.iter().try_fold(0u64, |t, &c| t.checked_add(c));
            if total != Some(computed.saturating_sub(1)) {
                return Err(Inconsistent(format!(
                    "the histogram does not count the {} heaps 1..{computed}",
                    computed.saturating_sub(1)
                )));
            }
            if w.last_at.iter().any(|&h| h >= computed) {
                return Err(Inconsistent("a last heap past those computed".into()));
            }
        }
        if let Some(e) = &self.engine {
            let inside = e.rare.iter().all(|&(h, _)| gone.contains(&h));
            let ascending = e.rare.windows(2).all(|p| p[0].0 < p[1].0);
            if !inside || !ascending {
                return Err(Inconsistent(
                    "the rare heaps saved are not ascending heaps no longer kept".into(),
                ));
            }
        }
        Ok(())
    }
}
