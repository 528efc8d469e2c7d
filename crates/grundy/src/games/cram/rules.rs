//! Cram as the search engine plays it ([`CramRules`], [`SmallCramRules`]):
//! the options of a canonical region, listed one domino at a time, and what
//! the engine asks besides (a size for its order, a bound, the values known
//! without search).
//!
//! Most dominoes leave one region in the same box: for those the region's
//! images under the box's symmetries are turned once ([`Images`]) and the
//! canonical form of what is left is found by mapping two cells, with a
//! table of small windows deciding whether the region stays in one piece
//! ([`Joined`]). The others are split into regions and each normalised
//! ([`canonical`]).

use std::sync::LazyLock;

use once_cell::race::OnceBox;

use super::bits::{crop, first_col, flood, last_col, placements, regions, Bits};
use super::shape::{
    canonical, flip_rows, half_turn, transpose, Halves, Part, Shape, SmallShape, MAX_CELLS,
};
use super::small;
use crate::error::Result;
use crate::nimber::Nimber;
use crate::search::{Options, Rules};

/// A canonical region's images under the symmetries of its box, for the
/// fast path of its options: when a domino leaves the region connected and
/// its box unchanged, the canonical shape of what is left is found among
/// `image_s(region) − image_s(domino)` — two cells to map for each
/// symmetry instead of a region to crop, turn and compare.
struct Images<B> {
    cells: B,
    h: u32,
    w: u32,
    /// The region's image under each symmetry (identity, half turn, rows
    /// reversed, columns reversed; then, for a square, the same four after
    /// a transpose) and its halves, turned when the first domino needs
    /// them: a region refuted by its first options may never need them.
    turned: Option<([B; 8], Halves)>,
    square: bool,
    /// The cells of its box's first and last row and column.
    edges: [B; 4],
}

impl<B: Bits> Images<B> {
    #[inline(always)]
    fn new(cells: B, h: u32, w: u32) -> Images<B> {
        let full = B::ones(h * w);
        Images {
            cells,
            h,
            w,
            turned: None,
            square: h == w,
            edges: [
                B::ones(w),
                B::ones(w) << ((h - 1) * w),
                first_col::<B>(w) & full,
                last_col::<B>(w) & full,
            ],
        }
    }

    /// The images and halves, turned on first use.
    #[inline(always)]
    fn turned(&mut self) -> &([B; 8], Halves) {
        let (cells, h, w, square) = (self.cells, self.h, self.w, self.square);
        self.turned.get_or_insert_with(|| {
            let n = h * w;
            let mut image = [B::ZERO; 8];
            let four = |c: B, image: &mut [B]| {
                let f = flip_rows(c, h, w);
                image[0] = c;
                image[1] = half_turn(c, n);
                image[2] = f;
                image[3] = half_turn(f, n);
            };
            four(cells, &mut image[..4]);
            if square {
                four(transpose(cells, h, w), &mut image[4..]);
            }
            (image, Halves::of(cells, h, w))
        })
    }

    /// Cell `(r, c)` under symmetry `s`.
    #[inline(always)]
    fn map(&self, s: u32, r: u32, c: u32) -> u32 {
        let (h, w) = (self.h, self.w);
        let (r, c) = if s < 4 { (r, c) } else { (c, r) };
        let i = r * w + c;
        let n = h * w;
        match s & 3 {
            0 => i,
            1 => n - 1 - i,
            2 => (h - 1 - r) * w + c,
            _ => n - 1 - ((h - 1 - r) * w + c),
        }
    }

    /// What a domino on cells `i` and `i + step` leaves: the shape, when it
    /// is one region in the same box; [`After::Shrunk`] when it is one
    /// region in a smaller box; [`After::Split`] when it may be several.
    #[inline(always)]
    fn after(&mut self, i: u32, step: u32) -> After<B> {
        let j = i + step;
        let left = self.cells & !(B::ONE << i | B::ONE << j);
        if !self.joined(left, i, step) {
            return After::Split(left);
        }
        if !self.fills_box(left) {
            return After::Shrunk(left);
        }
        After::Same(self.same(i, step))
    }

    /// Whether `left` touches every side of the box.
    #[inline(always)]
    fn fills_box(&self, left: B) -> bool {
        self.edges.iter().all(|&e| left & e != B::ZERO)
    }

    /// The canonical shape of what a domino on cells `i` and `i + step`
    /// leaves, when it is one region touching every side of the box.
    #[inline(always)]
    fn same(&mut self, i: u32, step: u32) -> Shape {
        let j = i + step;
        let (w, h, square) = (self.w, self.h, self.square);
        let (ri, ci, rj, cj) = (i / w, i % w, j / w, j % w);
        let (image, halves) = *self.turned();
        let mut chosen = halves
            .without(ri, ci, h, w)
            .without(rj, cj, h, w)
            .choose(square);
        let mut best: Option<B> = None;
        while chosen != 0 {
            let s = chosen.trailing_zeros();
            chosen &= chosen - 1;
            let d = B::ONE << self.map(s, ri, ci) | B::ONE << self.map(s, rj, cj);
            let image = image[s as usize] & !d;
            best = Some(best.map_or(image, |b| b.min(image)));
        }
        Shape::pack(best.expect("an image is chosen").widen(), w)
    }

    /// Whether the free neighbours of the domino at `i`, `i + step` are
    /// joined to each other within the cells around it. Then taking the
    /// domino away disconnects nothing: every path of the region through
    /// it can go round it.
    #[inline(always)]
    fn joined(&self, left: B, i: u32, step: u32) -> bool {
        let w = self.w;
        let (r, c) = (i / w, i % w);
        // The window: 3 rows × 4 columns around a domino across, 4 × 3
        // around one down (the domino in its second row and column), its
        // cells numbered row by row.
        let (rows, cols) = if step == 1 { (3, 4) } else { (4, 3) };
        // Columns c − 1 .. c + cols − 2 of each row (none left of the box).
        let window = B::ones(cols);
        let mut win = 0u32;
        for dr in 0..rows {
            let rr = (r + dr).wrapping_sub(1);
            if rr >= self.h {
                continue;
            }
            let row = (left >> (rr * w)) & B::ones(w);
            let bits = if c == 0 {
                (row << 1) & window
            } else {
                (row >> (c - 1)) & window
            };
            win |= (bits.widen() as u32) << (dr * cols);
        }
        let table = if step == 1 {
            &JOINED.across
        } else {
            &JOINED.down
        };
        table[win as usize >> 6] >> (win & 63) & 1 == 1
    }
}

/// What a domino leaves of a region (see [`Images::after`]).
enum After<B> {
    /// One region in the same box, in canonical form.
    Same(Shape),
    /// One region, whose box is smaller: these cells, to crop.
    Shrunk(B),
    /// These cells, maybe in several regions.
    Split(B),
}

/// For each window of free cells around a domino (3 × 4 across, 4 × 3
/// down, the domino in its middle), whether the domino's free neighbours
/// are joined within the window: one bit per window.
struct Joined {
    across: [u64; 64],
    down: [u64; 64],
}

static JOINED: LazyLock<Joined> = LazyLock::new(|| Joined {
    across: joined_table(3, 4, [5, 6]),
    down: joined_table(4, 3, [4, 7]),
});

fn joined_table(rows: u32, cols: u32, domino: [u32; 2]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let around = |x: u32| {
        let (r, c) = (x / cols, x % cols);
        let mut n = 0u32;
        if r > 0 {
            n |= 1 << (x - cols);
        }
        if r + 1 < rows {
            n |= 1 << (x + cols);
        }
        if c > 0 {
            n |= 1 << (x - 1);
        }
        if c + 1 < cols {
            n |= 1 << (x + 1);
        }
        n
    };
    let touching = around(domino[0]) | around(domino[1]);
    for win in 0u32..4096 {
        let cells = win & !(1 << domino[0] | 1 << domino[1]);
        let next = cells & touching;
        let mut reach = next & next.wrapping_neg();
        loop {
            let mut grown = reach;
            let mut bits = reach;
            while bits != 0 {
                let x = bits.trailing_zeros();
                bits &= bits - 1;
                grown |= around(x) & cells;
            }
            if grown == reach {
                break;
            }
            reach = grown;
        }
        if next & !reach == 0 {
            table[(win >> 6) as usize] |= 1 << (win & 63);
        }
    }
    table
}

/// The options of a canonical region whose box has `h × w` cells in a
/// word of width `B`, each offered to `enough` as it is listed: the listing
/// stops (returning `true`) at the first it accepts.
#[inline(always)]
fn options_in<B: Bits, K: Part>(
    cells: B,
    h: u32,
    w: u32,
    out: &mut Options<K>,
    enough: &mut dyn FnMut(&Options<K>, usize) -> bool,
) -> bool {
    let mut images = Images::new(cells, h, w);
    let tiny = small::holds(h, w);
    let (across, down) = placements(cells, w);
    for &place in placement_order(h, w) {
        let i = u32::from(place >> 1);
        let (fits, step) = if place & 1 == 0 {
            (across, 1)
        } else {
            (down, w)
        };
        if fits >> i & B::ONE == B::ZERO {
            continue;
        }
        // The regions left to add through `push` (one call site, so that
        // the normalising code is built once): at most six, one for each
        // free neighbour of the domino (every region touches one).
        let mut left_over = [B::ZERO; 6];
        let mut pieces = 0;
        match images.after(i, step) {
            // (A region of a small box, asked about directly, leaves small
            // regions only.)
            After::Same(_) if tiny => {
                left_over[0] = cells & !(B::ONE << i | B::ONE << (i + step));
                pieces = 1;
            }
            After::Same(shape) => out.push_part(K::from_shape(shape)),
            After::Shrunk(left) => {
                left_over[0] = left;
                pieces = 1;
            }
            After::Split(left) => {
                // The window around the domino could not tell; most often
                // (half the time on 5×8) the cells are still one region,
                // and then one in the same box takes the fast path too.
                let first = flood(left.lowest(), left, w);
                if first != left {
                    // (A lone cell holds no domino and is left out.)
                    if first.clear_lowest() != B::ZERO {
                        left_over[0] = first;
                        pieces = 1;
                    }
                    regions(left & !first, w, |r| {
                        left_over[pieces] = r;
                        pieces += 1;
                    });
                } else if !tiny && images.fills_box(left) {
                    out.push_part(K::from_shape(images.same(i, step)));
                } else {
                    left_over[0] = left;
                    pieces = 1;
                }
            }
        }
        for &r in &left_over[..pieces] {
            push(r, w, out);
        }
        out.close();
        if enough(out, out.len() - 1) {
            return true;
        }
    }
    false
}

/// Adds to the option being listed a region a domino left (`w` cells to a
/// row): two or three cells hold exactly one more domino; a region of a
/// small box is in the end database; any other is a part, in canonical
/// form.
#[inline(always)]
fn push<B: Bits, K: Part>(r: B, w: u32, out: &mut Options<K>) {
    let n = r.count();
    if n <= 3 {
        // (A region is connected: from 2 cells on, a domino fits.)
        out.push_nimber(u64::from(n >= 2));
        return;
    }
    let (r, rh, rw, _) = crop(r, w);
    if small::holds(rh, rw) {
        out.push_nimber(small::nimber(r.widen() as u64, rh, rw));
    } else {
        out.push_part(K::from_shape(canonical(r, rh, rw)));
    }
}

/// The places a domino may take in a box of `h × w` cells, in the order
/// they are listed: each `i << 1` (across, on cells `i` and `i + 1`) or
/// `i << 1 | 1` (down, on cells `i` and `i + w`), nearest the middle of
/// the box first — by the distance of the domino's centre from the box's,
/// a row counting as three columns (the box is at most as tall as wide, so
/// that is the middle of its short side). A search stops listing at the
/// first option that refutes the region, and those come sooner from the
/// middle, where a domino cuts the region: measured, fewer positions than
/// listing row by row on every board tried — 30% on 5×7, 21% on 5×8, 6% to
/// 34% on 3×12, 3×14, 4×7, 4×9 and 5×6. (Rows counting double: 2% fewer
/// on 5×7 and 12% more on 5×8; rows and columns alike: more on 4×7, 4×9,
/// 5×6, 5×7 and 5×8, fewer on 3×12 and 3×14.)
fn placement_order(h: u32, w: u32) -> &'static [u16] {
    // Each box's order is made when a search first meets the box: the
    // boxes of a board are a few of the thousands up to 121 cells, and
    // this array (null pointers, zero bits: its pages are the system's
    // zero pages until written) takes no memory for the others.
    const SIDE: usize = MAX_CELLS as usize + 1;
    static ORDER: [OnceBox<Box<[u16]>>; SIDE * SIDE] = [const { OnceBox::new() }; SIDE * SIDE];
    ORDER[h as usize * SIDE + w as usize].get_or_init(|| {
        let mut places = Vec::new();
        for i in 0..h * w {
            let (r, c) = (i / w, i % w);
            let mut add = |j: u32, down: u32| {
                // Twice the centre's offset from the box's centre.
                let dr = (r + j / w).abs_diff(h - 1);
                let dc = (c + j % w).abs_diff(w - 1);
                places.push((3 * dr + dc, down, (i << 1 | down) as u16));
            };
            if c + 1 < w {
                add(i + 1, 0);
            }
            if r + 1 < h {
                add(i + w, 1);
            }
        }
        places.sort_unstable();
        Box::new(places.into_iter().map(|p| p.2).collect())
    })
}

/// Cram for the [`search`](crate::search) engine: a part is a region's
/// [`Shape`], an option the shapes of the regions a domino leaves.
#[derive(Clone, Copy, Debug, Default)]
pub struct CramRules;

/// [`CramRules`] for the regions of boxes of at most [`SMALL_SHAPE_CELLS`](super::SMALL_SHAPE_CELLS)
/// cells, each held in one word ([`SmallShape`]): the same game, in a
/// smaller table.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallCramRules;

/// The options of `part`, each offered to `enough` as it is listed (see
/// [`Rules::options_until`]). Most dominoes leave one region in the same
/// box as before: those take a fast path (the region's images are turned
/// once, then each domino is two cells to map); the others are split and
/// normalised.
fn list<K: Part>(
    part: K,
    out: &mut Options<K>,
    enough: &mut dyn FnMut(&Options<K>, usize) -> bool,
) -> bool {
    // (Only the regions of the common boards, held in one word: the other
    // build would double the code for boards past 57 cells, rarely met.)
    #[cfg(target_arch = "x86_64")]
    if K::BOX_IN_A_WORD && *BIT_INSTRUCTIONS {
        // SAFETY: the processor has every feature the function is built for.
        return unsafe { list_with_bit_instructions(part, out, enough) };
    }
    list_portably(part, out, enough)
}

/// Whether the processor counts bits, finds the first and last set bit and
/// shifts by a variable amount in one instruction each (POPCNT, LZCNT,
/// BMI1, BMI2: every x86-64 processor since 2013). Listing options is
/// almost all such operations on a region's bits; without them each is a
/// short sequence (a population count about a dozen instructions).
/// Measured on 5×7 (a 2 MiB table), the listing built for them takes 3.5%
/// less CPU for the whole search, and 11% fewer instructions.
#[cfg(target_arch = "x86_64")]
static BIT_INSTRUCTIONS: LazyLock<bool> = LazyLock::new(|| {
    is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
});

/// [`list`], built for the instructions of [`BIT_INSTRUCTIONS`]: the
/// listing is inlined here, so the same source is compiled twice and the
/// processor picks at run time (a program built for the baseline x86-64
/// still runs everywhere).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
fn list_with_bit_instructions<K: Part>(
    part: K,
    out: &mut Options<K>,
    enough: &mut dyn FnMut(&Options<K>, usize) -> bool,
) -> bool {
    list_portably(part, out, enough)
}

#[inline(always)]
fn list_portably<K: Part>(
    part: K,
    out: &mut Options<K>,
    enough: &mut dyn FnMut(&Options<K>, usize) -> bool,
) -> bool {
    let part = part.shape();
    let (cells, w, h) = (part.cells(), part.width(), part.height());
    if cells == 0 {
        return false; // no free cell: no move
    }
    if K::BOX_IN_A_WORD || h * w <= 64 {
        options_in::<u64, K>(cells as u64, h, w, out, enough)
    } else {
        options_in::<u128, K>(cells, h, w, out, enough)
    }
}

/// The cells and the places a domino fits, together, then the places
/// alone: the options tried first are those with the smallest regions and
/// the fewest moves (quicker to search, and more often second-player wins).
/// Measured against cells first and places to break ties: fewer positions
/// on 5×6, 5×7, 5×8, 4×7, 4×9 and 3×12 (8% to 15%), more on 3×14 and 4×11
/// (5% and 7%).
fn size(part: Shape) -> u64 {
    let cells = part.cells();
    let (across, down) = placements(cells, part.width());
    let moves = across.count_ones() + down.count_ones();
    let (cells, moves) = (u64::from(cells.count_ones()), u64::from(moves));
    (cells + moves) << 8 | moves
}

/// A nimber is at most the length of the longest line of play (by
/// induction: a mex of values below it), and at most the number of moves;
/// here at most half the cells and at most the places a domino fits.
fn bound(part: Shape) -> Nimber {
    let cells = part.cells();
    let (across, down) = placements(cells, part.width());
    let moves = across.count_ones() + down.count_ones();
    u64::from(moves.min(cells.count_ones() / 2))
}

/// The nimber of a region in a box of at most
/// [`SMALL_CELLS`](super::small::SMALL_CELLS) cells from the end database;
/// 0 for a region the second player wins by copying (see
/// [`Shape::mirrored`]); nothing otherwise.
fn known(part: Shape) -> Option<Nimber> {
    let cells = part.cells();
    if cells == 0 {
        return None;
    }
    // (A box holding a cell past bit 16 has more than 16 cells.)
    if 128 - cells.leading_zeros() <= small::SMALL_CELLS {
        let (h, w) = (part.height(), part.width());
        if small::holds(h, w) {
            return Some(small::nimber(cells as u64, h, w));
        }
    }
    // A region copying wins has its cells in pairs, each cell and its
    // image (no free cell is its own image): an odd count rules it out at
    // once, for half the regions the search asks about.
    if cells.count_ones() % 2 == 1 {
        return None;
    }
    part.mirrored().then_some(0)
}

/// The two rule sets differ only in how they hold a part.
macro_rules! cram_rules {
    ($rules:ty, $part:ty) => {
        impl Rules for $rules {
            type Part = $part;

            fn options(&self, part: &$part, out: &mut Options<$part>) -> Result<()> {
                list(*part, out, &mut |_, _| false);
                Ok(())
            }

            /// Builds the options one domino at a time, so that a region
            /// refuted by an early one costs only the dominoes before it.
            fn options_until(
                &self,
                part: &$part,
                out: &mut Options<$part>,
                enough: &mut dyn FnMut(&Options<$part>, usize) -> bool,
            ) -> Result<bool> {
                Ok(list(*part, out, enough))
            }

            fn size(&self, part: &$part) -> u64 {
                size(part.shape())
            }

            fn bound(&self, part: &$part) -> Option<Nimber> {
                Some(bound(part.shape()))
            }

            fn known(&self, part: &$part) -> Result<Option<Nimber>> {
                Ok(known(part.shape()))
            }

            fn finite(&self) -> bool {
                true
            }

            /// The packed form of a region in a box of at most 57 cells
            /// (the bits of its width, then its cells row by row): no
            /// wider for its options, whose boxes are no larger.
            #[inline]
            fn word(&self, part: &$part) -> Option<u64> {
                part.shape().word()
            }

            fn written(&self, part: &$part) -> String {
                format!("cram({})", part.shape().rows())
            }
        }
    };
}

cram_rules!(CramRules, Shape);
cram_rules!(SmallCramRules, SmallShape);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::bits::crop;
    use crate::games::cram::shape::MAX_CELLS;

    fn random(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 11
    }

    /// The nimber of a set of cells (`w` to a row) by the definition alone:
    /// the mex over every domino, on the whole set, no splitting.
    fn brute(cells: u128, w: u32, memo: &mut std::collections::HashMap<(u128, u32), u64>) -> u64 {
        if let Some(&v) = memo.get(&(cells, w)) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..128 - cells.leading_zeros() {
            if cells >> i & 1 == 0 {
                continue;
            }
            for (step, ok) in [(1, i % w + 1 < w), (w, true)] {
                if ok && i + step < 128 && cells >> (i + step) & 1 == 1 {
                    seen.push(brute(cells & !(1 << i | 1 << (i + step)), w, memo));
                }
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).expect("a mex");
        memo.insert((cells, w), v);
        v
    }

    /// The options from the fast path equal those of splitting and
    /// normalising every domino's leftover from scratch, and the regions
    /// of small boxes have the nimbers of an exhaustive search.
    #[test]
    fn fast_options_agree_with_normalising_from_scratch() {
        let mut memo = std::collections::HashMap::new();
        let mut in_database = 0;
        let mut seed = 99u64;
        for round in 0..3000 {
            let h = 1 + random(&mut seed) as u32 % if round % 2 == 0 { 5 } else { 11 };
            let w = h + random(&mut seed) as u32 % ((MAX_CELLS / h) - h + 1).min(8);
            let dense = random(&mut seed) | random(&mut seed) | random(&mut seed);
            let cells = ((dense as u128) << 64 | (random(&mut seed) | dense) as u128)
                & ((1u128 << (h * w)) - 1);
            let mut parts = Vec::new();
            regions(cells, w, |r| parts.push(Shape::of(r, w)));
            for part in parts {
                let mut fast = Options::new();
                CramRules.options(&part, &mut fast).unwrap();
                // A region in one word is listed the same by the build
                // for the bit instructions (when the processor has them)
                // and the one for any processor, and as a whole shape.
                if let Some(small) = SmallShape::of(part) {
                    let (mut built, mut portable) = (Options::new(), Options::new());
                    SmallCramRules.options(&small, &mut built).unwrap();
                    list_portably(small, &mut portable, &mut |_, _| false);
                    assert_eq!(built.parts(), portable.parts());
                    let shapes: Vec<Shape> = built.parts().iter().map(|p| p.shape()).collect();
                    assert_eq!(shapes, fast.parts());
                    for i in 0..fast.len() {
                        assert_eq!(built.nimber(i), fast.nimber(i));
                        assert_eq!(portable.nimber(i), fast.nimber(i));
                    }
                }
                let (c, pw) = (part.cells(), part.width());
                let (across, down) = placements(c, pw);
                let mut slow: Vec<(Vec<Shape>, u64)> = Vec::new();
                for (mut at, step) in [(down, pw), (across, 1u32)] {
                    while at != 0 {
                        let i = at.trailing_zeros();
                        at &= at - 1;
                        let left = c & !(1u128 << i | 1u128 << (i + step));
                        let (mut o, mut small) = (Vec::new(), 0);
                        regions(left, pw, |r| {
                            let (_, rh, rw, _) = crop(r, pw);
                            if r.count_ones() <= 3 {
                                small ^= 1;
                            } else if rh * rw <= small::SMALL_CELLS {
                                small ^= brute(r, pw, &mut memo);
                                in_database += 1;
                            } else {
                                o.push(Shape::of(r, pw))
                            }
                        });
                        slow.push((o, small));
                    }
                }
                // Listing one at a time stops right after the option
                // accepted, with the same options before it.
                if !fast.is_empty() {
                    let stop = random(&mut seed) as usize % fast.len();
                    let mut until = Options::new();
                    let mut offered = Vec::new();
                    let accepted = CramRules
                        .options_until(&part, &mut until, &mut |o, i| {
                            offered.push(i);
                            assert_eq!(o.len(), i + 1, "offered as listed");
                            i == stop
                        })
                        .unwrap();
                    assert!(accepted);
                    assert_eq!(offered, (0..=stop).collect::<Vec<_>>());
                    assert_eq!(until.parts(), &fast.parts()[..until.parts().len()]);
                    assert_eq!(until.len(), stop + 1);
                    let mut all = Options::new();
                    let none = CramRules
                        .options_until(&part, &mut all, &mut |_, _| false)
                        .unwrap();
                    assert!(!none && all.len() == fast.len());
                }
                // The same options, in the order of the listing.
                let mut fast: Vec<(Vec<Shape>, u64)> = (0..fast.len())
                    .map(|i| (fast.get(i).to_vec(), fast.nimber(i)))
                    .collect();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{part:?}");
            }
        }
        assert!(
            in_database > 1000,
            "{in_database} regions from the database"
        );
    }

    #[test]
    fn every_place_is_listed_once_from_the_middle_out() {
        for (h, w) in [(1, 1), (1, 7), (2, 2), (3, 5), (5, 8), (11, 11), (1, 121)] {
            let order = placement_order(h, w);
            let mut all: Vec<u16> = order.to_vec();
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), order.len(), "{h}x{w}: no place twice");
            assert_eq!(order.len() as u32, h * (w - 1) + (h - 1) * w, "{h}x{w}");
            for &p in order {
                let (i, down) = (u32::from(p >> 1), p & 1 == 1);
                assert!(
                    if down { i + w < h * w } else { i % w + 1 < w },
                    "{h}x{w}: {p}"
                );
            }
        }
        // On 5×8 the first places are those around the centre, the last
        // the corners'.
        let order = placement_order(5, 8);
        assert_eq!(order[0], 19 << 1, "across on the two middle cells");
        let last = u32::from(order[order.len() - 1] >> 1);
        assert!([0, 6, 7, 31, 32, 38].contains(&last), "{last}");
    }

    #[test]
    fn the_joined_table_knows_a_ring_from_a_corridor() {
        // A domino across in the middle of a full window: the ring joins.
        assert!(JOINED.across[4095 >> 6] >> (4095 & 63) & 1 == 1);
        // Only the cells above and below: not joined within the window.
        let win = 1 << 1 | 1 << 9;
        assert!(JOINED.across[win >> 6] >> (win & 63) & 1 == 0);
    }
}
