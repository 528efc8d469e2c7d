//! The end database: the nimber of every Cram region whose box holds at
//! most [`SMALL_CELLS`] cells, found once and kept in a dense table indexed
//! by the region's cells as they lie in the box — no canonical form, no
//! hashing, no key to compare.
//!
//! Most options of a large region leave, besides the region the search
//! follows, a few small pieces (measured on 5×7: half of all the regions
//! options leave fit a box of 16 cells). Each would otherwise be turned to
//! its canonical form and looked up in the transposition table; here it is
//! one load. Entries are filled on first use, by the definition (the mex
//! over every domino of the xor over the regions it leaves), so the table
//! costs nothing for boards that never meet a small region.
//!
//! The table is shared by every search in the process (its entries are
//! facts about Cram, the same for every request) and holds
//! [`database_bytes`] bytes (about 0.3 MB), allocated once on first use
//! and zero until a region is met: four bits per region, holding its
//! nimber plus one (0: not yet known), two regions to a byte. Only the
//! pages of the boxes a board meets are ever touched (5×7: about 100 KB).
//! Filling is thread-safe: an entry is set by or-ing its four bits into
//! its byte, so two threads that meet the same region both compute it and
//! store the same bits, and a neighbour's bits are never lost.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::LazyLock;

use super::bits::{crop, placements, regions};
use crate::nimber::Nimber;

/// The most cells (free or not) of a box whose regions the database holds.
pub const SMALL_CELLS: u32 = 16;

/// Where each box's entries start: `START[h][w]` for a box of `h` rows and
/// `w` columns (`h·w ≤ SMALL_CELLS`), and the total.
struct Layout {
    start: [[usize; SMALL_CELLS as usize + 1]; SMALL_CELLS as usize + 1],
    total: usize,
}

const LAYOUT: Layout = {
    let mut l = Layout {
        start: [[0; SMALL_CELLS as usize + 1]; SMALL_CELLS as usize + 1],
        total: 0,
    };
    let mut h = 1;
    while h <= SMALL_CELLS as usize {
        let mut w = 1;
        while h * w <= SMALL_CELLS as usize {
            l.start[h][w] = l.total;
            l.total += 1 << (h * w);
            w += 1;
        }
        h += 1;
    }
    l
};

static TABLE: LazyLock<Box<[AtomicU8]>> = LazyLock::new(|| {
    (0..LAYOUT.total.div_ceil(2))
        .map(|_| AtomicU8::new(0))
        .collect()
});

/// The bytes the database holds once it is used.
pub fn database_bytes() -> usize {
    LAYOUT.total.div_ceil(2)
}

/// Whether a region cropped to an `h × w` box is in the database.
#[inline]
pub(super) fn holds(h: u32, w: u32) -> bool {
    h * w <= SMALL_CELLS
}

/// The nimber of the region `cells` (non-empty, tight in its `h × w` box,
/// `h·w ≤ SMALL_CELLS`; connected or not).
#[inline]
pub(super) fn nimber(cells: u64, h: u32, w: u32) -> Nimber {
    debug_assert!(holds(h, w));
    let at = LAYOUT.start[h as usize][w as usize] + cells as usize;
    let (byte, shift) = (&TABLE[at / 2], at as u32 % 2 * 4);
    let known = byte.load(Ordering::Relaxed) >> shift & 15;
    if known != 0 {
        return Nimber::from(known - 1);
    }
    let v = solve(cells, w);
    // A region of at most 16 cells holds at most 8 dominoes: its nimber is
    // at most 8, and its entry at most 9.
    byte.fetch_or((v as u8 + 1) << shift, Ordering::Relaxed);
    v
}

/// The mex over every domino of the xor of the regions it leaves.
fn solve(cells: u64, w: u32) -> Nimber {
    let mut seen = 0u32;
    let (across, down) = placements(cells, w);
    for (mut at, step) in [(across, 1), (down, w)] {
        while at != 0 {
            let i = at.trailing_zeros();
            at &= at - 1;
            let left = cells & !(1 << i | 1 << (i + step));
            let mut v = 0;
            regions(left, w, |r| {
                v ^= if r.count_ones() <= 3 {
                    1
                } else {
                    let (r, h, w, _) = crop(r, w);
                    nimber(r, h, w)
                };
            });
            seen |= 1 << v;
        }
    }
    Nimber::from((!seen).trailing_zeros())
}
