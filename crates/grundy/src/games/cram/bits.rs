//! Cells of a Cram box as bits: the word types, column masks, and the
//! three operations everything else is built on — the places a domino fits,
//! the connected regions of a set of cells, and a set cropped to its box.
//!
//! A box of `h` rows and `w` columns has cell `(r, c)` at bit `r·w + c`, in
//! a 64-bit word when it has at most 64 cells and a 128-bit one otherwise
//! ([`Bits`]). Both the shapes of the search and the end database use them.

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// A word of cells: `u64` or `u128`.
pub(super) trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;
    /// The low `n` bits (`n ≤ BITS`).
    fn ones(n: u32) -> Self;
    fn count(self) -> u32;
    fn tz(self) -> u32;
    fn lz(self) -> u32;
    fn rev(self) -> Self;
    /// `self & (self − 1)`: the lowest bit cleared.
    fn clear_lowest(self) -> Self;
    /// `self & −self`: the lowest bit alone.
    fn lowest(self) -> Self;
    fn widen(self) -> u128;
    fn narrow(x: u128) -> Self;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            const ONE: $t = 1;
            #[inline]
            fn ones(n: u32) -> $t {
                if n >= <$t>::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn tz(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn lz(self) -> u32 {
                self.leading_zeros()
            }
            #[inline]
            fn rev(self) -> $t {
                self.reverse_bits()
            }
            #[inline]
            fn clear_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn lowest(self) -> $t {
                self & self.wrapping_neg()
            }
            #[inline]
            fn widen(self) -> u128 {
                self as u128
            }
            #[inline]
            fn narrow(x: u128) -> $t {
                x as $t
            }
        }
    };
}

bits!(u64);
bits!(u128);

/// Column masks of a box `w` wide, for every `w`: its first and last
/// column, and its left and right halves (the middle column of an odd box
/// in neither).
pub(super) struct Columns {
    pub(super) first: [u128; 129],
    pub(super) last: [u128; 129],
    pub(super) left: [u128; 129],
    pub(super) right: [u128; 129],
}

pub(super) const COLUMNS: Columns = {
    let mut t = Columns {
        first: [0; 129],
        last: [0; 129],
        left: [0; 129],
        right: [0; 129],
    };
    let mut w = 1;
    while w <= 128 {
        let mut i = 0;
        while i < 128 {
            let c = i % w;
            if c == 0 {
                t.first[w] |= 1 << i;
            }
            if c == w - 1 {
                t.last[w] |= 1 << i;
            }
            if c < w / 2 {
                t.left[w] |= 1 << i;
            }
            if c >= w - w / 2 {
                t.right[w] |= 1 << i;
            }
            i += 1;
        }
        w += 1;
    }
    t
};

#[inline]
pub(super) fn first_col<B: Bits>(w: u32) -> B {
    B::narrow(COLUMNS.first[w as usize])
}

#[inline]
pub(super) fn last_col<B: Bits>(w: u32) -> B {
    B::narrow(COLUMNS.last[w as usize])
}

/// `cells` (non-empty) cropped to the box around them: (cells, height,
/// width, and the box's first row and column in the old box).
#[inline(always)]
pub(super) fn crop<B: Bits>(cells: B, w: u32) -> (B, u32, u32, (u32, u32)) {
    let lo = cells.tz();
    let hi = B::BITS - 1 - cells.lz();
    let (r0, r1) = (lo / w, hi / w);
    let h = r1 - r0 + 1;
    let x = cells >> (r0 * w);
    let mask = B::ones(w);
    let mut cols = B::ZERO;
    for r in 0..h {
        cols |= (x >> (r * w)) & mask;
    }
    let c0 = cols.tz();
    let c1 = B::BITS - 1 - cols.lz();
    let nw = c1 - c0 + 1;
    if nw == w {
        return (x, h, w, (r0, 0));
    }
    let nmask = B::ones(nw);
    let mut y = B::ZERO;
    for r in 0..h {
        y |= ((x >> (r * w + c0)) & nmask) << (r * nw);
    }
    (y, h, nw, (r0, c0))
}

/// Every place a domino fits on `cells` (`w` to a row): the cells with a
/// free right neighbour, and those with a free neighbour below.
#[inline(always)]
pub(super) fn placements<B: Bits>(cells: B, w: u32) -> (B, B) {
    let across = cells & (cells >> 1) & !last_col::<B>(w);
    let down = cells & (cells >> w);
    (across, down)
}

/// The connected region of `within` that holds the cells `seed`.
#[inline(always)]
pub(super) fn flood<B: Bits>(seed: B, within: B, w: u32) -> B {
    let not_first = !first_col::<B>(w);
    let not_last = !last_col::<B>(w);
    let mut x = seed;
    loop {
        let y = (x | ((x << 1) & not_first) | ((x >> 1) & not_last) | (x << w) | (x >> w)) & within;
        if y == x {
            return x;
        }
        x = y;
    }
}

/// Calls `found` with each connected region of `cells` that holds at least
/// two cells (a lone cell holds no domino).
#[inline(always)]
pub(super) fn regions<B: Bits>(mut cells: B, w: u32, mut found: impl FnMut(B)) {
    while cells != B::ZERO {
        let region = flood(cells.lowest(), cells, w);
        cells &= !region;
        if region.clear_lowest() != B::ZERO {
            found(region);
        }
    }
}
