//! The engine of a nim-sequence run: something that computes the values
//! one heap (or a batch of heaps) at a time. (The choice of engine for a
//! rule, [`engine_for`](super::engine_for), is made where a run starts, in
//! `computation.rs`.)

use super::state::{EngineState, State};
use super::stats;
use super::values::Values;
use crate::error::{Error, Result};

/// Something that computes a nim-sequence one value at a time.
///
/// `values` holds `G(0..n)`; `push_next` appends `G(n)`. Engines may keep
/// state between calls (built from the values they pushed themselves, or
/// from values handed over with [`Engine::adopt`]).
pub trait Engine {
    /// Append the next value.
    fn push_next(&mut self, values: &mut Values) -> Result<()>;

    /// Append between one and `max ≥ 1` next values, within the spare
    /// capacity of `values` when more than one (engines that compute
    /// several heaps at once, on several threads). On an error, the values
    /// appended before it are kept.
    fn extend(&mut self, values: &mut Values, _max: usize) -> Result<()> {
        self.push_next(values)
    }

    /// Take over `values`, computed elsewhere (a resumed checkpoint), so
    /// that the next `push_next` continues after them.
    fn adopt(&mut self, _values: &[u16]) {}

    /// Take in the last of `values`, appended by the caller (computed from
    /// the definition where the engine could not: archive mode), as if this
    /// engine had computed it, work included.
    fn take_in(&mut self, _values: &[u16]) {}

    /// The rare/common split the engine works with, if it uses one.
    fn split(&self, _values: &[u16]) -> Option<stats::Split> {
        None
    }

    /// The work done so far, if the engine counts it, as a count that
    /// depends only on the values computed (not on the number of threads
    /// or their timing): the budget of a search for a period counts it, so
    /// a run ends at the same heap however it was computed.
    fn work(&self) -> Option<u64> {
        None
    }

    /// Pairs of heaps actually examined so far, if the engine counts them
    /// (for reports; it may vary with the threads' timing).
    fn examined(&self) -> Option<u64> {
        self.work()
    }

    /// The current mask and number of rare heaps, for progress reports
    /// (cheap, unlike [`Engine::split`]).
    fn rare(&self) -> Option<(u16, usize)> {
        None
    }

    /// Window mode: from now on, with `values` computed (all readable but
    /// those forgotten before), never read the values of the heaps
    /// `dropped` (they are about to be released from memory); a heap whose
    /// value needs one is an error naming it. Refused by engines that read
    /// every value (the default).
    fn forget(&mut self, _values: &[u16], _dropped: std::ops::Range<usize>) -> Result<()> {
        Err(Error::Unsupported(
            "window mode needs the sparse engine (octal codes without three-way splits, \
             Grundy's game)"
                .into(),
        ))
    }

    /// The engine's choices that its values do not show, for a checkpoint
    /// of `values` (with, in window mode, the heaps `dropped` no longer
    /// kept): `None` for an engine that makes none.
    fn saved(&mut self, _values: &[u16], _dropped: std::ops::Range<usize>) -> Option<EngineState> {
        None
    }

    /// Continues after `values`, checkpointed with `state`, as if the
    /// engine had computed them itself: [`Engine::adopt`] with the choices
    /// of [`Engine::saved`] and the work counted before. In window mode the
    /// heaps `state` says are no longer kept read as zeros: the rare ones
    /// among them are in the state, and `hist` counts `G(1..values.len())`.
    /// The caller then calls [`Engine::forget`] for them. Engines without
    /// choices adopt the values (refused in window mode).
    fn restore(&mut self, values: &[u16], _hist: &stats::Histogram, state: &State) -> Result<()> {
        if state.window.is_some() {
            return Err(Error::Unsupported(
                "a checkpoint of window mode needs the sparse engine".into(),
            ));
        }
        self.adopt(values);
        Ok(())
    }

    /// Window mode, with `values = G(0..from)`: the first heap `n ≥ from`
    /// whose marks would read a forgotten heap, with that heap (the caller
    /// stops before it, so that the error names it).
    fn first_lost(&self, _values: &[u16], _from: usize) -> Option<(usize, usize)> {
        None
    }
}
