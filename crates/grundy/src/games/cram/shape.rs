//! Regions of a Cram board as bits, in canonical form: [`Shape`] (and
//! [`SmallShape`], the same in one word), the symmetries of a box, and the
//! choice of one image among them. The moves and the engine's rules are in
//! [`rules`](super::rules).
//!
//! A region lives in a box of `h` rows and `w` columns, cell `(r, c)` at
//! bit `r·w + c` (the words and the operations on cells are in
//! [`bits`](super::bits)). The work is done in 64-bit words when the box
//! has at most 64 cells (every board up to 8×8, 5×12, 4×16) and in 128-bit
//! words otherwise: the same code, for the two widths ([`Bits`]).

use std::fmt;
use std::hash::Hash;

use super::bits::{crop, Bits, COLUMNS};

/// The most cells a board may hold (its rows × columns): a region's
/// canonical form is packed with its width in one 128-bit word.
pub const MAX_CELLS: u32 = 121;

/// Bits of the packed form that hold the width.
const WIDTH_BITS: u32 = 7;

// ---------------------------------------------------------------- shapes

/// A region of free cells in canonical form: its cells row by row in a
/// box of `h × w` (`h ≤ w`, the box tight around them), in one chosen
/// image under the symmetries of the box, packed with the width into 128
/// bits (`cells << 7 | w`). The image chosen is the one with the fewest
/// cells in its top half, then in its left half (four popcounts decide
/// that without turning anything), ties broken by the least as a number:
/// a function of the region up to symmetry, so two regions are the same
/// game exactly when their shapes are equal.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    // Two words rather than a `u128`, so that a table slot is 24 bytes, not 32.
    lo: u64,
    hi: u64,
}

impl Shape {
    /// The shape in one word, when the box holds at most
    /// [`SMALL_SHAPE_CELLS`] cells: one word per shape, one shape per word.
    /// It is the packed form with the width in six bits instead of seven
    /// (such a box is at most 57 cells wide), so that a table of words
    /// keeps one bit less per entry: `cells << 6 | w`, 46 bits for the
    /// regions of a 5×8 board.
    #[inline]
    pub(super) fn word(self) -> Option<u64> {
        (self.hi == 0).then_some(self.lo >> WIDTH_BITS << 6 | self.lo & 63)
    }

    pub(super) fn pack(cells: u128, w: u32) -> Shape {
        let v = cells << WIDTH_BITS | w as u128;
        Shape {
            lo: v as u64,
            hi: (v >> 64) as u64,
        }
    }

    fn packed(self) -> u128 {
        (self.hi as u128) << 64 | self.lo as u128
    }

    /// The cells, row by row (bit `r·w + c`).
    pub fn cells(self) -> u128 {
        self.packed() >> WIDTH_BITS
    }

    /// The width of its box.
    pub fn width(self) -> u32 {
        (self.lo & ((1 << WIDTH_BITS) - 1)) as u32
    }

    /// The height of its box (the last row holds a cell).
    pub fn height(self) -> u32 {
        let w = self.width();
        if w == 0 {
            return 0;
        }
        (128 - self.cells().leading_zeros()).div_ceil(w)
    }

    /// How many free cells.
    pub fn size(self) -> u32 {
        self.cells().count_ones()
    }

    /// The canonical shape of the cells `cells` (row by row, `w` to a row,
    /// `1 ≤ w ≤ 121`). Any set of cells will do, connected or not, tight in
    /// its box or not.
    pub fn of(cells: u128, w: u32) -> Shape {
        if cells == 0 {
            return Shape::default();
        }
        // The box up to the last row with a cell fits in 64 bits?
        if (127 - cells.leading_zeros()) / w * w + w <= 64 {
            shape_of::<u64>(cells as u64, w)
        } else {
            shape_of::<u128>(cells, w)
        }
    }

    /// The words of the packed form, for [`Game::key`](crate::game::Game::key).
    pub fn words(self) -> [u64; 2] {
        [self.lo, self.hi]
    }

    /// The rows, `.` free and `#` not, separated by `/`.
    pub fn rows(self) -> String {
        rows_text(self.cells(), self.height(), self.width())
    }

    /// Whether the second player wins the region by copying: it is its own
    /// image under the half turn of its box, no free cell is its own image
    /// (the centre of a box with odd sides) and no domino is (two free
    /// cells either side of the centre). Then each domino the first player
    /// places has a free image disjoint from it — the image of a free
    /// region is free, and a domino meeting its image would hold a cell
    /// fixed by the turn or be turned onto itself — so the second player
    /// always has the copying reply, and the region is worth 0. This is
    /// the classic argument that a board with even sides is a second-player
    /// win, for every region it holds; a half turn is the only symmetry it
    /// needs for a connected region (a reflection's axis would have to be
    /// free of cells, and so cut the region).
    pub fn mirrored(self) -> bool {
        let (cells, w) = (self.cells(), self.width());
        let h = self.height();
        let n = h * w;
        // Its own image under the half turn: the bits reversed in the box
        // (in one word when the box fits one: most regions a search meets).
        let turned = if n <= 64 {
            n != 0 && ((cells as u64).reverse_bits() >> (64 - n)) as u128 == cells
        } else {
            cells.reverse_bits() >> (128 - n) == cells
        };
        if !turned {
            return false;
        }
        let centre = match (h % 2, w % 2) {
            (0, 0) => 0,
            // The centre cell.
            (1, 1) => 1 << (n / 2),
            // The two cells either side of the centre, across…
            (1, 0) => 3 << (h / 2 * w + w / 2 - 1),
            // …or down.
            _ => (1 | 1 << w) << ((h / 2 - 1) * w + w / 2),
        };
        // A fixed cell is free, or both cells of the fixed domino are.
        let bad = if h % 2 == 1 && w % 2 == 1 {
            cells & centre != 0
        } else {
            centre != 0 && cells & centre == centre
        };
        !bad
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows())
    }
}

/// The most cells of a box whose regions fit a [`SmallShape`] (the packed
/// form, cells above the 7 bits of the width, in 64 bits).
pub const SMALL_SHAPE_CELLS: u32 = 64 - WIDTH_BITS;

/// A [`Shape`] in one word, for a region whose box holds at most
/// [`SMALL_SHAPE_CELLS`] cells (boards up to 7×8). The search engine keeps
/// such a region in a six- or eight-byte slot of its transposition table (the
/// word is the rules' [`Rules::word`](crate::search::Rules::word)); held
/// as a `SmallShape` it also costs the search's buffers and comparisons
/// one word instead of two (measured on 5×8, when the table still held
/// parts whole: 14% faster, 150 MB down to 100 MB). Every region a domino
/// leaves lies in a box no larger, so the options of a small shape are
/// small shapes.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SmallShape(u64);

impl SmallShape {
    /// The shape in one word, when its box holds at most
    /// [`SMALL_SHAPE_CELLS`] cells.
    pub fn of(shape: Shape) -> Option<SmallShape> {
        (shape.height() * shape.width() <= SMALL_SHAPE_CELLS).then_some(SmallShape(shape.lo))
    }
}

impl fmt::Debug for SmallShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape().fmt(f)
    }
}

/// How a set of rules holds a region: a [`Shape`], or a [`SmallShape`]
/// for the regions of small boxes.
pub trait Part: Copy + Eq + Hash + Default + fmt::Debug + Send + Sync + 'static {
    /// The region held as `shape` (which the rules guarantee fits).
    fn from_shape(shape: Shape) -> Self;
    /// The region as a [`Shape`].
    fn shape(self) -> Shape;
    /// Whether every region held so has a box of at most 64 cells (its
    /// cells fit a `u64`).
    const BOX_IN_A_WORD: bool;
}

impl Part for Shape {
    const BOX_IN_A_WORD: bool = false;
    #[inline]
    fn from_shape(shape: Shape) -> Shape {
        shape
    }
    #[inline]
    fn shape(self) -> Shape {
        self
    }
}

impl Part for SmallShape {
    // (At most SMALL_SHAPE_CELLS cells.)
    const BOX_IN_A_WORD: bool = true;
    #[inline]
    fn from_shape(shape: Shape) -> SmallShape {
        debug_assert_eq!(shape.hi, 0, "a region of a small box");
        SmallShape(shape.lo)
    }
    #[inline]
    fn shape(self) -> Shape {
        Shape { lo: self.0, hi: 0 }
    }
}

/// The rows of a box, `.` for a cell of `cells` and `#` for any other.
pub(super) fn rows_text(cells: u128, h: u32, w: u32) -> String {
    let mut out = String::new();
    for r in 0..h {
        if r > 0 {
            out.push('/');
        }
        for c in 0..w {
            out.push(if cells >> (r * w + c) & 1 == 1 {
                '.'
            } else {
                '#'
            });
        }
    }
    out
}

#[inline]
fn shape_of<B: Bits>(cells: B, w: u32) -> Shape {
    let (cells, h, w, _) = crop(cells, w);
    canonical(cells, h, w)
}

/// The half turn of a box of `n` cells: every bit reversed.
#[inline(always)]
pub(super) fn half_turn<B: Bits>(cells: B, n: u32) -> B {
    cells.rev() >> (B::BITS - n)
}

/// The rows of an `h × w` box in reverse order.
#[inline(always)]
pub(super) fn flip_rows<B: Bits>(cells: B, h: u32, w: u32) -> B {
    let mask = B::ones(w);
    let mut y = B::ZERO;
    for r in 0..h {
        y |= ((cells >> (r * w)) & mask) << ((h - 1 - r) * w);
    }
    y
}

/// The transpose of an `h × w` box (a `w × h` box).
#[inline(always)]
pub(super) fn transpose<B: Bits>(cells: B, h: u32, w: u32) -> B {
    let mask = B::ones(w);
    let mut y = B::ZERO;
    for r in 0..h {
        let mut row = (cells >> (r * w)) & mask;
        while row != B::ZERO {
            let c = row.tz();
            row = row.clear_lowest();
            y |= B::ONE << (c * h + r);
        }
    }
    y
}

/// The canonical shape of a tight `h × w` box (see [`Shape`]).
#[inline(always)]
pub(super) fn canonical<B: Bits>(cells: B, h: u32, w: u32) -> Shape {
    let (mut cells, mut h, mut w) = (cells, h, w);
    if h > w {
        cells = transpose(cells, h, w);
        std::mem::swap(&mut h, &mut w);
    }
    let n = h * w;
    let mut chosen = Halves::of(cells, h, w).choose(h == w);
    let mut best: Option<B> = None;
    let mut base = cells;
    while chosen != 0 {
        let s = chosen.trailing_zeros();
        chosen &= chosen - 1;
        if s >= 4 && base == cells {
            base = transpose(cells, h, w);
        }
        let image = match s & 3 {
            0 => base,
            1 => half_turn(base, n),
            2 => flip_rows(base, h, w),
            _ => half_turn(flip_rows(base, h, w), n),
        };
        best = Some(best.map_or(image, |b| b.min(image)));
    }
    Shape::pack(best.expect("an image is chosen").widen(), w)
}

/// How many cells a region has in each half of its box (the middle row or
/// column of an odd box in neither): what picks its canonical image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Halves {
    top: u32,
    bottom: u32,
    left: u32,
    right: u32,
}

impl Halves {
    #[inline(always)]
    pub(super) fn of<B: Bits>(cells: B, h: u32, w: u32) -> Halves {
        Halves {
            top: (cells & B::ones(h / 2 * w)).count(),
            bottom: (cells >> ((h - h / 2) * w)).count(),
            left: (cells & B::narrow(COLUMNS.left[w as usize])).count(),
            right: (cells & B::narrow(COLUMNS.right[w as usize])).count(),
        }
    }

    /// The symmetries (bits 0..8, numbered as in [`Images`]) whose image
    /// has the fewest cells in its top half, then in its left half.
    #[inline(always)]
    pub(super) fn choose(self, square: bool) -> u32 {
        let Halves {
            top: t,
            bottom: b,
            left: l,
            right: r,
        } = self;
        // (cells in the image's top half, in its left half) for each image.
        let keys = [
            (t, l),
            (b, r),
            (b, l),
            (t, r),
            (l, t),
            (r, b),
            (r, t),
            (l, b),
        ];
        let count = if square { 8 } else { 4 };
        let least = *keys[..count].iter().min().expect("images");
        let mut chosen = 0;
        for (s, &k) in keys[..count].iter().enumerate() {
            if k == least {
                chosen |= 1 << s;
            }
        }
        chosen
    }

    /// The halves after the cell `(r, c)` is taken away.
    #[inline(always)]
    pub(super) fn without(mut self, r: u32, c: u32, h: u32, w: u32) -> Halves {
        if r < h / 2 {
            self.top -= 1;
        } else if r >= h - h / 2 {
            self.bottom -= 1;
        }
        if c < w / 2 {
            self.left -= 1;
        } else if c >= w - w / 2 {
            self.right -= 1;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every image of a box under the 8 symmetries of the plane, from the
    /// definition (cell by cell): (cells, width).
    fn images(cells: u128, h: u32, w: u32) -> Vec<(u128, u32)> {
        let mut out = Vec::new();
        for t in 0..8u32 {
            let nw = if t & 4 != 0 { h } else { w };
            let mut y = 0u128;
            for r in 0..h {
                for c in 0..w {
                    if cells >> (r * w + c) & 1 == 1 {
                        let (mut rr, mut cc) = (r, c);
                        if t & 1 != 0 {
                            rr = h - 1 - rr;
                        }
                        if t & 2 != 0 {
                            cc = w - 1 - cc;
                        }
                        if t & 4 != 0 {
                            std::mem::swap(&mut rr, &mut cc);
                        }
                        y |= 1 << (rr * nw + cc);
                    }
                }
            }
            out.push((y, nw));
        }
        out
    }

    fn random(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 11
    }

    #[test]
    fn canonical_shapes_are_the_same_for_every_image() {
        let mut seed = 12345u64;
        for round in 0..4000 {
            let h = 1 + random(&mut seed) as u32 % if round % 2 == 0 { 6 } else { 11 };
            let w = 1 + random(&mut seed) as u32 % (MAX_CELLS / h).min(12);
            let cells = ((random(&mut seed) as u128) << 64 | random(&mut seed) as u128)
                & ((1u128 << (h * w)) - 1);
            if cells == 0 {
                continue;
            }
            let s = Shape::of(cells, w);
            for (y, nw) in images(cells, h, w) {
                assert_eq!(Shape::of(y, nw), s, "{}", rows_text(cells, h, w));
            }
            assert!(s.height() <= s.width());
            assert_eq!(s.size(), cells.count_ones());
        }
    }
}
