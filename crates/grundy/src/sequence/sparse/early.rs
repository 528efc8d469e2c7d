//! Early stamps: the first pairs of the proof scan stamped with the
//! rare-pair marks, before it is known which values the scan will want,
//! and the tuner that learns how many pay.

use super::ranking::RANK_BLOCK;

/// How many splits of the proof scan to stamp with the rare-pair marks,
/// before the wanted values are known.
///
/// A stamp costs about one store; a pair of the proof scan that finds a
/// wanted value costs tens of cycles (a branch taken at random), one that
/// does not a fraction of a cycle. The first pairs of the scan find most
/// wanted values, so stamping them pays, up to the point where only a few
/// percent of the pairs find one. The tuner watches the pairs just past
/// the stamped ones ([`Early::PROBE`] of them, in every heap) and moves
/// the length by [`Early::STEP`] after every [`Early::WINDOW`] heaps,
/// towards the point where they find between [`Early::STEP_DOWN`] and
/// [`Early::STEP_UP`] values per thousand pairs.
///
/// The stamps are made with the rare-pair marks, before it is known whether
/// the heap needs the proof scan at all: in games where most heaps do not
/// (`0.16`), they are wasted. So every [`Early::CONTROL`]-th batch is not
/// stamped, and stamping stops while fewer than half of the heaps of these
/// control batches need the proof scan for [`Early::MIN_WANTED`] values or
/// more.
///
/// None of this changes a value: stamped pairs are options as much as
/// scanned ones.
#[derive(Debug)]
pub(super) struct Early {
    /// Low heaps stamped (a multiple of [`Early::STEP`]).
    pub(super) len: usize,
    /// Values found and pairs scanned by the probes of this window.
    found: u64,
    pairs: u64,
    heaps: usize,
    /// Whether most heaps need a long proof scan (seen on control batches).
    needed: bool,
    /// Batches (or single heaps) started.
    units: u64,
    /// The heaps of the last control batch.
    control: std::ops::Range<usize>,
    /// The heaps whose proof scans are probed: those of the last batch
    /// stamped (or of any batch but a control one while the length is 0).
    pub(super) probed: std::ops::Range<usize>,
    /// Control heaps seen in this window, and those that needed the scan.
    control_heaps: u32,
    control_needs: u32,
    /// For each splitting digit, how many low heaps `a`, in the proof
    /// scan's order, had their splits `a + (rest - a)` stamped with the
    /// rare-pair marks of the current heap; the proof scan skips them.
    pub(super) done: Vec<usize>,
}

impl Early {
    /// The length moves by this many low heaps.
    const STEP: usize = 32;
    /// Values found per thousand pairs past the stamped ones above which
    /// the length grows…
    const STEP_UP: u64 = 30;
    /// …and below which it shrinks (measured: the speed is flat from
    /// 20/10 to 60/30 on `0.6` and `0.161`).
    const STEP_DOWN: u64 = 15;
    /// At most this many low heaps are stamped.
    const MAX: usize = 8 * RANK_BLOCK;
    /// Pairs past the stamped ones watched in every heap.
    pub(super) const PROBE: usize = 128;
    /// Heaps between moves of the length.
    const WINDOW: usize = 256;

    /// Every this many batches one is not stamped…
    const CONTROL: u64 = 16;
    /// …and after this many heaps of such batches, stamping is turned on or
    /// off.
    const CONTROL_WINDOW: u32 = 64;
    /// A heap needs the proof scan when this many values are wanted.
    const MIN_WANTED: usize = 8;

    /// A tuner starting at 256 low heaps.
    pub(super) fn new() -> Early {
        Early {
            len: 256,
            found: 0,
            pairs: 0,
            heaps: 0,
            needed: true,
            units: 0,
            control: 0..0,
            probed: 0..0,
            control_heaps: 0,
            control_needs: 0,
            done: Vec::new(),
        }
    }

    /// Whether to stamp the heaps `heaps` (a batch, or one heap).
    #[inline]
    pub(super) fn stamp(&mut self, heaps: std::ops::Range<usize>) -> bool {
        self.units += 1;
        if self.units % Early::CONTROL == 0 {
            self.control = heaps;
            return false;
        }
        if self.needed {
            self.probed = heaps;
        }
        self.needed && self.len > 0
    }

    /// After the marks of heap `n` (in a control batch, unstamped): the
    /// proof scan wants `wanted` values (0 if the value is known).
    #[inline]
    pub(super) fn observe(&mut self, n: usize, wanted: usize) {
        if !self.control.contains(&n) {
            return;
        }
        self.control_heaps += 1;
        self.control_needs += (wanted >= Early::MIN_WANTED) as u32;
        if self.control_heaps == Early::CONTROL_WINDOW {
            self.needed = 2 * self.control_needs >= self.control_heaps;
            (self.control_heaps, self.control_needs) = (0, 0);
        }
    }

    /// Counts a probe (`found` values in `pairs` pairs), and moves the
    /// length at the end of a window.
    #[inline]
    pub(super) fn probe(&mut self, found: usize, pairs: usize) {
        self.found += found as u64;
        self.pairs += pairs as u64;
        self.heaps += 1;
        if self.heaps == Early::WINDOW {
            // Found per thousand pairs.
            let rate = 1000 * self.found / self.pairs.max(1);
            if rate > Early::STEP_UP {
                self.len = (self.len + Early::STEP).min(Early::MAX);
            } else if rate < Early::STEP_DOWN {
                self.len = self.len.saturating_sub(Early::STEP);
            }
            (self.found, self.pairs, self.heaps) = (0, 0, 0);
        }
    }
}

/// The low heaps to stamp early (see [`Early`]), `len` of them, for splits
/// whose low heaps `a` may be taken in `first..=top`: the first ones of the
/// proof scan's `order` of blocks, block by block, as far as they all lie
/// in that range.
#[inline]
pub(super) fn early_lows(
    order: &[u16],
    len: usize,
    first: usize,
    top: usize,
) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut left = len;
    order.iter().map_while(move |&b| {
        let start = 1 + b as usize * RANK_BLOCK;
        let end = start + left.min(RANK_BLOCK);
        if left == 0 || start < first || end > top + 1 {
            return None;
        }
        left -= end - start;
        Some(start..end)
    })
}
