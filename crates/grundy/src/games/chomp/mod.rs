//! Chomp: a bar of chocolate whose bottom-left square is poisoned. A move
//! takes a square and every square at or above its row and at or right of
//! its column; the poisoned square cannot be taken, so the player left with
//! it alone has no move and loses (normal play — "who eats the poison
//! loses").
//!
//! A position is a Young diagram: row lengths, non-increasing going up, the
//! first row holding the poison at its left end. Turning the bar over its
//! diagonal (rows become columns) is the same game, so a position and its
//! transpose share a key and are solved once.
//!
//! **Theory.** A bar whose rows above the first are single squares (an L,
//! or one row, or one column) is two Nim heaps: the `a` squares right of
//! the poison and the `b` above it, each move shortening one arm, so its
//! value is `a ⊕ b`. Other bars are searched. Strategy stealing shows every
//! rectangle larger than one square is won by the first player, but not
//! how; their values are listed by search (`igsolve chomp` computes the same).
//!
//! Written `chomp(3x5)` (3 rows of 5) or `chomp(5,4,4,2)` (row lengths from
//! the poisoned row up); at most [`MAX_SIDE`] rows and columns. A move is
//! typed as the square, `row,col`, counted from 1 at the poison.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Context, Game, Move};
use crate::games::{in_parens, parse_args};
use crate::nimber::Nimber;
use crate::picture::{self, Cell, Grid, Item, Pick, Picture, Shape};
use crate::search::{Engines, Options, Rules};
use crate::sum::Term;

mod small;

pub use small::{SmallBar, SmallChompRules, SMALL_BAR_STEPS};

/// The most rows, and the most squares in a row: a row length is a byte of
/// the key.
pub const MAX_SIDE: usize = 255;

/// A Chomp bar: row lengths from the poisoned row up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chomp {
    rows: Vec<u8>,
    key: Vec<u64>,
}

impl Chomp {
    /// The bar with these row lengths (from the poisoned row up).
    ///
    /// # Panics
    /// Unless the lengths are non-increasing, at least 1, and at most
    /// [`MAX_SIDE`] of them.
    pub fn new(rows: Vec<u8>) -> Chomp {
        assert!(!rows.is_empty() && rows.len() <= MAX_SIDE, "1 to 255 rows");
        assert!(rows.windows(2).all(|w| w[0] >= w[1]) && rows[rows.len() - 1] > 0);
        let key = key(&rows);
        Chomp { rows, key }
    }

    /// Parses the argument text (what stands inside `chomp(…)`).
    ///
    /// ```
    /// use grundy::games::chomp::Chomp;
    /// assert_eq!(Chomp::parse("3x5").unwrap().rows(), [5, 5, 5]);
    /// assert_eq!(Chomp::parse("5,4,4,2").unwrap().rows(), [5, 4, 4, 2]);
    /// assert!(Chomp::parse("2,3").is_err()); // rows do not grow going up
    /// ```
    pub fn parse(args: &str) -> Result<Chomp> {
        parse_args(args, read)
    }

    /// Row lengths, from the poisoned row up.
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// How many squares, the poison included.
    pub fn squares(&self) -> usize {
        self.rows.iter().map(|&r| r as usize).sum()
    }

    /// Whether every row is as long as the first.
    pub fn is_rectangle(&self) -> bool {
        self.rows.iter().all(|&r| r == self.rows[0])
    }

    /// The bar after taking the square at row `r`, column `c` (from 0 at
    /// the poison); `None` when there is no such square or it is the poison.
    pub fn take(&self, r: usize, c: usize) -> Option<Chomp> {
        if (r, c) == (0, 0) || c >= *self.rows.get(r)? as usize {
            return None;
        }
        let mut rows = self.rows.clone();
        for len in &mut rows[r..] {
            *len = (*len).min(c as u8);
        }
        while rows.last() == Some(&0) {
            rows.pop();
        }
        Some(Chomp::new(rows))
    }

    /// The square a move took, `(row, column)` from 0.
    fn taken(&self, mv: &Move) -> Option<(usize, usize)> {
        let [after] = &mv.after[..] else {
            return None;
        };
        let after = after.downcast_ref::<Chomp>()?;
        let r = (0..self.rows.len()).find(|&r| after.rows.get(r) != self.rows.get(r))?;
        let c = after.rows.get(r).map_or(0, |&len| len as usize);
        self.take(r, c).filter(|t| t.rows == after.rows)?;
        Some((r, c))
    }

    /// For an L (every row above the first one square long): the squares
    /// right of the poison and above it.
    pub fn arms(&self) -> Option<(u64, u64)> {
        self.rows[1..]
            .iter()
            .all(|&r| r == 1)
            .then(|| (self.rows[0] as u64 - 1, self.rows.len() as u64 - 1))
    }
}

/// The bar turned over its diagonal: column lengths as row lengths.
fn transposed(rows: &[u8]) -> Vec<u8> {
    (0..rows[0])
        .map(|c| rows.iter().take_while(|&&r| r > c).count() as u8)
        .collect()
}

/// The canonical form of a bar (row lengths from the poisoned row up): the
/// bar or its transpose, whichever is less. A bar and its transpose play
/// alike, so a search knowing bars only by this form solves them once.
pub fn canonical(rows: &[u8]) -> Vec<u8> {
    let t = transposed(rows);
    if t.as_slice() < rows {
        t
    } else {
        rows.to_vec()
    }
}

/// The options of a bar (row lengths, non-empty and non-increasing, as
/// [`canonical`] gives them), for a search that knows bars only: `each` is
/// called once per move with the bar left, in canonical form.
pub fn options(rows: &[u8], each: &mut dyn FnMut(&[u8])) {
    cuts(rows, &mut |left| each(&canonical(left)));
}

/// The bar each move leaves (row lengths, as they fall: not in canonical
/// form), one call of `each` per move: the square of row `r`, column `c`
/// taken, rows from `r` up are cut to `c` squares and empty ones dropped.
fn cuts(rows: &[u8], each: &mut dyn FnMut(&[u8])) {
    let mut left = Vec::with_capacity(rows.len());
    for (r, &len) in rows.iter().enumerate() {
        for c in (r == 0) as u8..len {
            left.clear();
            left.extend(rows[..r].iter().copied());
            left.extend(rows[r..].iter().map(|&l| l.min(c)).take_while(|&l| l > 0));
            each(&left);
        }
    }
}

/// The value of an L from theory: every row above the first is one square.
pub fn l_value(rows: &[u8]) -> Option<Nimber> {
    rows[1..]
        .iter()
        .all(|&r| r == 1)
        .then(|| (rows[0] as u64 - 1) ^ (rows.len() as u64 - 1))
}

/// The key: the canonical form's row lengths, a byte each, after their count.
fn key(rows: &[u8]) -> Vec<u64> {
    let least = canonical(rows);
    let mut key = vec![least.len() as u64];
    key.extend(least.chunks(8).map(|chunk| {
        chunk
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &b)| w | (b as u64) << (8 * i))
    }));
    key
}

/// A number of rows or columns (`what`) read at `at`: 1 to [`MAX_SIDE`].
fn side(p: &Cursor, n: u64, at: usize, what: &str) -> Result<u8> {
    if n == 0 {
        return Err(p.error_at(at, format!("a bar needs at least one {what}")));
    }
    if n > MAX_SIDE as u64 {
        return Err(p.error_at(
            at,
            format!(
                "{n} {what}s is too many: a bar has at most {MAX_SIDE} rows and {MAX_SIDE} columns"
            ),
        ));
    }
    Ok(n as u8)
}

/// Reads `RxC` or row lengths `a,b,c` at the cursor.
fn read(p: &mut Cursor) -> Result<Chomp> {
    p.skip_ws();
    let start = p.pos();
    let first = p.number()?;
    if p.eat('x') || p.eat('X') {
        p.skip_ws();
        let at = p.pos();
        let cols = p.number()?;
        let rows = side(p, first, start, "row")?;
        let cols = side(p, cols, at, "column")?;
        return Ok(Chomp::new(vec![cols; rows as usize]));
    }
    let mut rows = vec![side(p, first, start, "column")?];
    while p.eat(',') {
        p.skip_ws();
        let at = p.pos();
        let n = p.number()?;
        if rows.len() == MAX_SIDE {
            return Err(p.error_at(
                at,
                format!("a bar has at most {MAX_SIDE} rows and {MAX_SIDE} columns"),
            ));
        }
        let len = side(p, n, at, "column")?;
        let below = rows[rows.len() - 1];
        if len > below {
            return Err(p.error_at(
                at,
                format!(
                    "row {} has {len} squares, more than the row below it ({below}): \
                     rows are listed from the poisoned row up and never grow",
                    rows.len() + 1
                ),
            ));
        }
        rows.push(len);
    }
    Ok(Chomp::new(rows))
}

/// Chomp as the [search engine](crate::search) sees it: a part is a bar in
/// [`canonical`] form (row lengths), its options the bars a move leaves
/// ([`options`]); an L among them is replaced by its value ([`l_value`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChompRules;

impl Rules for ChompRules {
    type Part = Vec<u8>;

    fn options(&self, rows: &Vec<u8>, out: &mut Options<Vec<u8>>) -> Result<()> {
        options(rows, &mut |left| {
            match l_value(left) {
                Some(v) => out.push_nimber(v),
                None => out.push_part(left.to_vec()),
            }
            out.close();
        });
        Ok(())
    }

    fn size(&self, rows: &Vec<u8>) -> u64 {
        rows.iter().map(|&r| r as u64).sum()
    }

    /// A bar has one option per square but the poisoned one.
    fn bound(&self, rows: &Vec<u8>) -> Option<Nimber> {
        Some(self.size(rows).saturating_sub(1))
    }

    fn known(&self, rows: &Vec<u8>) -> Result<Option<Nimber>> {
        Ok(l_value(rows))
    }

    /// Every move takes a square.
    fn finite(&self) -> bool {
        true
    }

    /// Bars do not split and their nimbers are large: each option's nimber
    /// is found once (see [`Rules::prune`]).
    fn prune(&self) -> bool {
        false
    }

    /// Up to eight rows, a byte each (row lengths are never 0, so the
    /// rows are the word's non-zero bytes); a move leaves no more rows.
    fn word(&self, rows: &Vec<u8>) -> Option<u64> {
        if rows.len() > 8 || rows.contains(&0) {
            return None;
        }
        Some(rows.iter().rev().fold(0, |w, &r| w << 8 | u64::from(r)))
    }

    fn written(&self, rows: &Vec<u8>) -> String {
        if rows.is_empty() {
            "chomp()".into()
        } else {
            format!("chomp({})", Chomp::new(rows.clone()).args())
        }
    }

    fn heap_bytes(&self, rows: &Vec<u8>) -> usize {
        rows.capacity()
    }
}

impl Game for Chomp {
    fn name(&self) -> &str {
        "chomp"
    }

    /// `RxC` for a rectangle, else the row lengths.
    fn args(&self) -> String {
        if self.is_rectangle() {
            return format!("{}x{}", self.rows.len(), self.rows[0]);
        }
        let rows: Vec<String> = self.rows.iter().map(u8::to_string).collect();
        rows.join(",")
    }

    /// The bar or its transpose, whichever is less.
    fn key(&self) -> Vec<u64> {
        self.key.clone()
    }

    /// Row by row from the poisoned one, left to right.
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(self.rows.iter().enumerate().flat_map(move |(r, &len)| {
            (0..len as usize).filter_map(move |c| {
                self.take(r, c)
                    .map(|t| Move::to(vec![Arc::new(t) as Component]))
            })
        }))
    }

    /// By the search engine over bars in canonical form: in one word
    /// ([`SmallChompRules`]) when the bar fits, else as row lengths
    /// ([`ChompRules`]).
    fn solve(&self, engines: &mut Engines) -> Option<Result<Nimber>> {
        Some(match SmallBar::of(&self.rows) {
            Some(bar) => engines.nimber(SmallChompRules, &bar.canonical()),
            None => engines.nimber(ChompRules, &canonical(&self.rows)),
        })
    }

    fn solve_is(&self, engines: &mut Engines, k: Nimber) -> Option<Result<bool>> {
        Some(match SmallBar::of(&self.rows) {
            Some(bar) => engines.has_nimber(SmallChompRules, &bar.canonical(), k),
            None => engines.has_nimber(ChompRules, &canonical(&self.rows), k),
        })
    }

    fn has_moves(&self) -> bool {
        self.squares() > 1
    }

    /// An L is two Nim heaps.
    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(l_value(&self.rows))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        let (a, b) = self.arms()?;
        Some(format!(
            "every row above the first is one square, so the bar is an L: {a} squares right of the \
             poison and {b} above it, and a move shortens one arm — two Nim heaps, G = {a} ⊕ {b} = {value}"
        ))
    }

    fn noun(&self) -> &str {
        "bar"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let Some((r, c)) = self.taken(mv) else {
            return format!("{label}: → {}", mv.after_text());
        };
        let more = self.squares()
            - mv.after[0]
                .downcast_ref::<Chomp>()
                .map_or(0, Chomp::squares)
            - 1;
        let what = match more {
            0 => String::new(),
            1 => " (and 1 more square)".into(),
            k => format!(" (and {k} more squares)"),
        };
        format!("{label}: take row {}, column {}{what}", r + 1, c + 1)
    }

    /// `row,col`, from 1 at the poison.
    fn notation(&self, mv: &Move) -> String {
        self.taken(mv)
            .map_or_else(|| "?".into(), |(r, c)| format!("{},{}", r + 1, c + 1))
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace(',', " ");
        let words: Vec<&str> = spaced.split_whitespace().collect();
        let numbers: Vec<usize> = words.iter().filter_map(|w| w.parse().ok()).collect();
        let (&[r, c], 2) = (&numbers[..], words.len()) else {
            return Err(format!(
                "name the square of {label} to take as `row,col`, from 1,1 at the poison"
            ));
        };
        if (r, c) == (1, 1) {
            return Err(format!(
                "the square 1,1 of {label} is the poison: it cannot be taken"
            ));
        }
        let t = r
            .checked_sub(1)
            .zip(c.checked_sub(1))
            .and_then(|(r, c)| self.take(r, c))
            .ok_or_else(|| format!("{label} has no square {r},{c}"))?;
        Ok(Move::to(vec![Arc::new(t) as Component]))
    }

    /// The bar as a board, the poisoned row at the bottom: click a square
    /// to take it with everything above and right of it.
    fn picture(&self) -> Option<Picture<Move>> {
        let (rows, cols) = (self.rows.len(), self.rows[0] as usize);
        let row_of = |r: usize| rows - 1 - r;
        let mut cells = vec![Cell::Hole; rows * cols];
        for (r, &len) in self.rows.iter().enumerate() {
            for c in 0..len as usize {
                cells[row_of(r) * cols + c] = if (r, c) == (0, 0) {
                    Cell::Poison
                } else {
                    Cell::Free
                };
            }
        }
        let picks = self.rows.iter().enumerate().flat_map(move |(r, &len)| {
            (0..len as usize).filter_map(move |c| {
                let t = self.take(r, c)?;
                let item = Item::Cell {
                    row: row_of(r),
                    col: c,
                };
                Some(Pick::new(
                    vec![item],
                    Move::to(vec![Arc::new(t) as Component]),
                ))
            })
        });
        let shape = Shape::Grid(Grid {
            rows,
            cols,
            cells,
            // Squares are typed `row,col` from 1 at the poison.
            row_labels: (1..=rows).rev().map(|r| r.to_string()).collect(),
            col_labels: (1..=cols).map(|c| c.to_string()).collect(),
        });
        picture::bounded(shape, picks)
    }

    /// The rows from the top, numbered, the poison `P`, squares `o`.
    fn draw(&self) -> Vec<String> {
        let width = self.rows.len().to_string().len();
        let cell = self.rows[0].to_string().len();
        let mut lines: Vec<String> = self
            .rows
            .iter()
            .enumerate()
            .rev()
            .map(|(r, &len)| {
                let mut line = format!("{:>width$} |", r + 1);
                for c in 0..len as usize {
                    let square = if (r, c) == (0, 0) { "P" } else { "o" };
                    let _ = write!(line, " {square:>cell$}");
                }
                line
            })
            .collect();
        let mut axis = format!("{:>width$}  ", "");
        for c in 0..self.rows[0] as usize {
            let _ = write!(axis, " {:>cell$}", c + 1);
        }
        lines.push(axis);
        lines
    }
}

/// The registered parser: `chomp(3x5)`, `chomp(5,4,4,2)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let bar = in_parens(p, "chomp", read)?;
    Ok(Term::new("chomp", vec![Arc::new(bar) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "chomp",
    shown: "chomp",
    example: "chomp(3x5) + chomp(5,4,4,2)",
    about:
        "Chomp: take a square and all above and right of it; the poisoned corner cannot be taken",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_cut_the_bar_above_and_right() {
        let bar = Chomp::parse("5,4,4,2").unwrap();
        assert_eq!(bar.take(1, 2).unwrap().rows(), [5, 2, 2, 2]);
        assert_eq!(bar.take(2, 0).unwrap().rows(), [5, 4]);
        assert_eq!(bar.take(0, 1).unwrap().rows(), [1, 1, 1, 1]);
        assert!(bar.take(0, 0).is_none());
        assert!(bar.take(3, 2).is_none());
        assert_eq!(bar.moves().count(), 14);
        assert_eq!(Game::args(&bar), "5,4,4,2");
        assert_eq!(Game::args(&Chomp::parse("2 x 3").unwrap()), "2x3");
        // A bar and its transpose share a key.
        assert_eq!(bar.key(), Chomp::parse("4,4,3,3,1").unwrap().key());
        assert_ne!(bar.key(), Chomp::parse("4,4,3,3").unwrap().key());
        let mv = bar.moves().nth(5).unwrap();
        assert_eq!(bar.notation(&mv), "2,2");
        assert_eq!(
            bar.describe(&mv, "bar 1"),
            "bar 1: take row 2, column 2 (and 6 more squares)"
        );
        assert_eq!(bar.read_move(" 2, 2", "bar 1").unwrap(), mv);
        assert!(bar
            .read_move("1,1", "bar 1")
            .unwrap_err()
            .contains("poison"));
        assert!(bar
            .read_move("4,3", "bar 1")
            .unwrap_err()
            .contains("no square 4,3"));
        assert!(bar.read_move("0,3", "bar 1").is_err());
        assert!(bar.read_move("2", "bar 1").is_err());
        assert_eq!(
            bar.draw(),
            [
                "4 | o o",
                "3 | o o o o",
                "2 | o o o o",
                "1 | P o o o o",
                "    1 2 3 4 5"
            ]
        );
    }

    /// Values through canonical bars and [`options`], against the moves of
    /// the component and the L theory.
    #[test]
    fn canonical_options_agree_with_the_moves() {
        fn by_options(rows: &[u8], memo: &mut std::collections::HashMap<Vec<u8>, u64>) -> u64 {
            if let Some(&v) = memo.get(rows) {
                return v;
            }
            let mut seen = Vec::new();
            options(rows, &mut |left| seen.push(left.to_vec()));
            let values: Vec<u64> = seen.iter().map(|b| by_options(b, memo)).collect();
            let v = crate::nimber::mex(values);
            memo.insert(rows.to_vec(), v);
            v
        }
        let mut memo = std::collections::HashMap::new();
        let mut solver = crate::solver::Solver::new(10_000_000);
        for text in [
            "1x1",
            "1x7",
            "6x1",
            "4,1,1,1",
            "3x5",
            "5,4,4,2",
            "4x4",
            "6,5,3,3,1",
            "2x9",
        ] {
            let bar = Chomp::parse(text).unwrap();
            let c: Component = Arc::new(bar.clone());
            let want = solver.grundy(&c).unwrap();
            assert_eq!(
                by_options(&canonical(bar.rows()), &mut memo),
                want,
                "{text}"
            );
            if let Some(v) = l_value(bar.rows()) {
                assert_eq!(v, want, "{text}");
            }
            assert_eq!(canonical(&canonical(bar.rows())), canonical(bar.rows()));
        }
    }

    #[test]
    fn errors_point_at_the_number() {
        use crate::error::Error;
        let at = |text: &str| match Chomp::parse(text) {
            Err(Error::Parse { at, .. }) => at,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(at("0x5"), 0);
        assert_eq!(at("3x0"), 2);
        assert_eq!(at("3x256"), 2);
        assert_eq!(at("5,4,6"), 4);
        assert_eq!(at("5,0"), 2);
        assert_eq!(at("5,"), 2);
        assert_eq!(at("99999999999999999999x2"), 0);
        let long = vec!["1"; 256].join(",");
        assert_eq!(at(&long), 510);
        assert_eq!(
            Chomp::parse(&vec!["1"; 255].join(","))
                .unwrap()
                .rows()
                .len(),
            255
        );
        assert_eq!(Chomp::parse("255x255").unwrap().squares(), 255 * 255);
    }
}
