//! Window and archive modes: the memory a long run's values take, bounded.
//!
//! A run keeps `G(0..n)` in one [`Values`] buffer, 2 bytes a heap. The
//! engines read only the first heaps and the recent ones (the sparse
//! engine pairs every heap with its rare heaps and scans the low heaps of
//! its splits), so the values between can leave memory:
//!
//! * **window mode** ([`Computation::window`](super::Computation::window))
//!   keeps only the first and the last `keep` values: the pages between
//!   are released (and protected, so that a stray read faults) and their
//!   values are gone. The histogram and the last heap of each value are
//!   counted as values come, for the reports. Its values live in a mapping
//!   of address space ([`Values::mapped`]) reserved up front, which never
//!   moves.
//! * **archive mode** (on its own past [`ARCHIVE_HEAPS`] heaps reserved, or
//!   [`Computation::archive_at`](super::Computation::archive_at)) keeps
//!   every value: those between the ends move into a compact archive, about
//!   one byte a heap, before their pages are released. A heap that needs an
//!   archived value is computed from the definition, reading the archive;
//!   if that happens again soon, every value is put back and the run goes
//!   on without the archive.
//!
//! [`Computation`](super::Computation) switches the modes on and off; a
//! [`Window`] holds what they keep, and releases whole pages a block at a
//! time, telling the engine first ([`Engine::forget`]) which heaps it may no
//! longer read.

use super::archive;
use super::engine::Engine;
use super::pages::{page_size, release_pages, restore_pages};
use super::plan::human_bytes;
use super::sparse;
use super::stats;
use super::values::Values;
use crate::error::{Error, Result};
use crate::rule::Rule;

/// The state of window mode: which heaps are kept, and what the reports
/// need that would otherwise be read from every value.
pub(super) struct Window {
    /// The first `keep` and the last `keep` values are kept.
    pub(super) keep: usize,
    /// The heaps whose values were released (whole pages of memory).
    pub(super) dropped: std::ops::Range<usize>,
    /// The histogram of `G(1..len)`.
    pub(super) hist: stats::Histogram,
    /// `last_at[v]`: the last heap `≥ 1` of value `v` (0 for none).
    pub(super) last_at: Vec<u64>,
    /// Archive mode: the values of the heaps `dropped`, compactly (the
    /// engine does not read them; the reports and the period search do).
    /// `None` in window mode: they are gone.
    pub(super) archive: Option<archive::Archive>,
}

impl Window {
    /// Window (or, with an archive, archive) mode from now on, keeping
    /// `keep` heaps at each end of `values`, none released yet.
    pub(super) fn start(keep: usize, values: &[u16], archive: Option<archive::Archive>) -> Window {
        let (hist, last_at) = counts(values.get(1..).unwrap_or(&[]));
        Window {
            keep,
            dropped: 0..0,
            hist,
            last_at,
            archive,
        }
    }

    /// Releases the whole pages of `values` between the first and the last
    /// `keep` heaps, after telling `engine` (and archiving them, in archive
    /// mode).
    pub(super) fn release(&mut self, values: &Values, engine: &mut dyn Engine) -> Result<()> {
        let (len, keep) = (values.len(), self.keep.min(values.capacity()));
        let page = page_size();
        let base = values.as_ptr() as usize;
        let lo = (base + 2 * keep).next_multiple_of(page);
        let hi = (base + 2 * len.saturating_sub(keep)) / page * page;
        if hi <= lo || (hi - base) / 2 <= self.dropped.end {
            return Ok(());
        }
        // (The range only grows at its end: a run resumed from a checkpoint
        // starts it where the first run's pages began, perhaps not on a page
        // here, and must keep every heap the checkpoint kept. Only the whole
        // pages inside it are released.)
        let from = match self.dropped.is_empty() {
            true => (lo - base) / 2,
            false => self.dropped.start,
        };
        let dropped = from..(hi - base) / 2;
        let first = self.dropped.end.max(dropped.start);
        engine.forget(values, dropped.clone())?;
        let mask = engine.rare().map_or(0, |(mask, _)| mask);
        if let Some(archive) = self.archive.as_mut() {
            if archive.heaps().is_empty() {
                let room = values.capacity() - dropped.start;
                *archive = archive::Archive::new(dropped.start, room);
            }
        }
        // A block at a time (whole pages: the ends are), each archived and
        // then released, so that memory never holds many heaps both ways
        // (the first release of a resumed run moves nearly all of them).
        // `dropped` grows with the blocks: if a release fails, it is still
        // the range archived.
        //
        // Each block's release reaches back to the start of the span of
        // address space that one page of page tables maps (2 MiB with 4 KiB
        // pages), within the dropped heaps: the kernel frees a page table
        // only when one call empties all of it, and would otherwise keep
        // 4 KiB per 2 MiB of values ever released (16 MiB at 2^32 heaps).
        let table_span = page * (page / 8);
        let lowest = (base + 2 * dropped.start).next_multiple_of(page);
        let mut from = first;
        while from < dropped.end {
            let to = (from + RELEASE_BLOCK).min(dropped.end);
            if let Some(archive) = self.archive.as_mut() {
                archive.extend(&values[from..to], mask);
            }
            self.dropped = dropped.start..to;
            let start = ((base + 2 * from) / table_span * table_span).max(lowest);
            let end = (base + 2 * to) / page * page;
            if start < end {
                release_pages(start, end)?;
            }
            from = to;
        }
        Ok(())
    }

    /// Archive mode left for good: the released pages of `values` made
    /// accessible again and the archived values written back into them.
    pub(super) fn put_back(self, values: &mut Values) {
        let (dropped, mut archive) = (self.dropped.clone(), self.archive);
        if !dropped.is_empty() {
            let base = values.as_ptr() as usize;
            restore_pages(base + 2 * dropped.start, base + 2 * dropped.end);
            if let Some(archive) = archive.as_mut() {
                debug_assert_eq!(archive.heaps(), dropped);
                // From the last heaps down, a block at a time, each block's
                // codes released as its values are written: memory stays
                // near 2 bytes a heap, where decoding all at once would
                // hold 3.
                let mut end = dropped.end;
                while end > dropped.start {
                    let from = end.saturating_sub(archive::CHUNK * 16).max(dropped.start);
                    archive.pop_into(&mut values[from..end]);
                    end = from;
                }
            }
        }
        drop(archive);
    }
}

/// Runs that reserve room for at least this many heaps keep the values of
/// all but the first and the last [`ARCHIVE_KEEP`] heaps in an archive,
/// about one byte per heap instead of two.
pub const ARCHIVE_HEAPS: usize = 1 << 23;

/// The heaps kept as plain values at each end in archive mode: the engine
/// reads the first heaps and the recent ones (a heap that needs an archived
/// value makes the run put every value back and go on without the archive).
pub const ARCHIVE_KEEP: usize = 1 << 21;

/// Heaps released (and archived) at a time: a multiple of any page size
/// (2 bytes a heap).
const RELEASE_BLOCK: usize = 1 << 20;

/// The fewest heaps window mode keeps at each end: the sparse engine reads
/// the first [`sparse::Sparse::REACH`] heaps for every heap, and as many
/// below it.
pub const MIN_WINDOW: usize = 1 << 17;

// Room for the low heaps and for as many below the next heap, with the
// splitting digits of codes of up to 256 digits (a longer code that needs
// more is refused by `Sparse::forget`, which checks its own reach).
const _: () = assert!(MIN_WINDOW >= sparse::Sparse::REACH + 256 + sparse::AHEAD);

/// The histogram of `values` and the last heap (counting from 1) of each
/// value, for the reports of window and archive modes.
fn counts(values: &[u16]) -> (stats::Histogram, Vec<u64>) {
    let mut last_at = Vec::new();
    for (n, &v) in values.iter().enumerate() {
        if last_at.len() <= v as usize {
            last_at.resize(v as usize + 1, 0);
        }
        last_at[v as usize] = n as u64 + 1;
    }
    (stats::Histogram::of(values), last_at)
}

/// `G(n)` of a run in window or archive mode, for a heap kept (plain or
/// archived).
#[inline]
pub(super) fn read(values: &[u16], w: &Window, n: usize) -> u16 {
    match &w.archive {
        Some(archive) if w.dropped.contains(&n) => archive.get(n),
        _ => values[n],
    }
}

/// The error for a mapping of room for `heaps` values refused.
pub(super) fn mapping_refused(heaps: u64, rule: &Rule, e: std::io::Error) -> Error {
    Error::TooLarge(format!(
        "window mode: cannot reserve {} of address space for the values of {heaps} heaps of \
         {rule}: {e}",
        human_bytes(heaps.saturating_mul(2)),
    ))
}
