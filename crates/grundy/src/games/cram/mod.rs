//! Cram: players take turns placing a domino on two orthogonally adjacent
//! free cells of a board; the player who cannot place one loses (normal
//! play). The game is impartial — both players may place dominoes either
//! way — and a board splits: once dominoes cut the free cells into
//! separate regions, the regions are independent games, and the board is
//! worth the xor of their nimbers.
//!
//! Written `cram(5x7)` for a rectangle of 5 rows and 7 columns, or
//! `cram(..#./..../....)` for a board of rows (top to bottom) of free `.`
//! and blocked `#` cells separated by `/`. Several boards in one term are
//! separated by commas: `cram(3x3, 2x5)`.
//!
//! **No theory**: values are found by the [`search`](crate::search)
//! engine on [`CramRules`], a bitboard representation ([`SmallCramRules`]
//! for regions of boxes up to [`SMALL_SHAPE_CELLS`] cells, each held in one
//! word: a smaller, faster transposition table). Each region is kept
//! in a canonical form: cropped to its bounding box, turned so that it is
//! at most as tall as wide, and the least (as a number) of the board's
//! symmetries — the four of a rectangle (identity, the two reflections,
//! the half turn), or the eight of a square. Equivalent regions are
//! therefore solved once. A classic theorem, used by the search and checked
//! by the tests: a board with even sides is a second-player win (nimber 0)
//! by the symmetry strategy (answer every domino by its image in the
//! centre) — and so is every region that is its own image under a half
//! turn with no free cell and no domino its own image
//! ([`Shape::mirrored`]). Regions of a box of at most 16 cells take their
//! nimbers from an end database ([`small`]) instead of the search.
//!
//! Boards hold at most [`MAX_CELLS`] cells (11×11; a rectangle
//! counts rows × columns, blocked cells included).
//!
//! In `play`, cells are named like a chess board, column letter then row
//! number from the top left (`a1`, `b3`); a move is the two cells of the
//! domino, `b2-b3`. Each region is shown on its own, where it lies on the
//! board as written, and written so too: a region away from the top left
//! keeps the rows above it and the columns left of it as blocked cells
//! (`cram(###/#../...)`), so that its cells keep their names.

use std::fmt;
use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Game, Move};
use crate::games::in_parens;
use crate::nimber::Nimber;
use crate::search::Engines;
use crate::sum::Term;

mod bits;
mod picture;
mod rules;
mod shape;
pub mod small;

use bits::{crop, placements, regions};
pub use rules::{CramRules, SmallCramRules};
use shape::rows_text;
pub use shape::{Part, Shape, SmallShape, MAX_CELLS, SMALL_SHAPE_CELLS};

/// The cells of a full box of `n` cells.
fn all(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1 << n) - 1
    }
}

// ---------------------------------------------------------------- the game

/// One region of a Cram board (or a board where no domino fits), as a
/// component: its cells in their box, where the box lies on the board as
/// written (for names of cells and drawing), and its canonical shape.
#[derive(Clone, Debug)]
pub struct Cram {
    rows: u32,
    cols: u32,
    cells: u128,
    top: u32,
    left: u32,
    shape: Shape,
    /// The domino whose placing made this region, as (row, column) on the
    /// board as written: for describing the move.
    placed: Option<[(u32, u32); 2]>,
}

impl Cram {
    /// An empty board of `rows × cols` cells.
    ///
    /// ```
    /// use grundy::games::cram::Cram;
    /// let b = Cram::rectangle(2, 3).unwrap();
    /// assert_eq!(b.to_string(), "cram(2x3)");
    /// assert!(Cram::rectangle(12, 11).is_err());
    /// ```
    pub fn rectangle(rows: u64, cols: u64) -> Result<Cram> {
        check_size(rows, cols)?;
        let (rows, cols) = (rows as u32, cols as u32);
        let cells = all(rows * cols);
        Ok(Cram::region(cells, rows, cols, 0, 0, None))
    }

    /// The board of rows `text` (`..#./....`): its regions, each one
    /// component (one component with no moves when no domino fits).
    ///
    /// ```
    /// use grundy::games::cram::Cram;
    /// let parts = Cram::parse("..#../#####/..#..").unwrap();
    /// assert_eq!(parts.len(), 4);
    /// assert_eq!(parts[0].to_string(), "cram(1x2)"); // a whole rectangle is written so
    /// ```
    pub fn parse(text: &str) -> Result<Vec<Cram>> {
        crate::games::parse_args(text, read_board)
    }

    fn region(
        cells: u128,
        rows: u32,
        cols: u32,
        top: u32,
        left: u32,
        placed: Option<[(u32, u32); 2]>,
    ) -> Cram {
        Cram {
            rows,
            cols,
            cells,
            top,
            left,
            shape: Shape::of(cells, cols),
            placed,
        }
    }

    /// The regions of `cells` (in a box `rows × cols` at `top`, `left`),
    /// each cropped to its own box; `placed` is recorded in each.
    fn split(
        cells: u128,
        cols: u32,
        top: u32,
        left: u32,
        placed: Option<[(u32, u32); 2]>,
    ) -> Vec<Cram> {
        let mut out = Vec::new();
        regions(cells, cols, |r| {
            let (y, h, w, (r0, c0)) = crop(r, cols);
            out.push(Cram::region(y, h, w, top + r0, left + c0, placed));
        });
        out
    }

    /// Its canonical shape (what the search and the memo tables see).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn full(&self) -> bool {
        self.cells == all(self.rows * self.cols)
    }

    fn free(&self, r: u32, c: u32) -> bool {
        r < self.rows && c < self.cols && self.cells >> (r * self.cols + c) & 1 == 1
    }

    /// The move placing a domino on the free cells `a` and `b` (adjacent),
    /// given in this box's coordinates.
    fn place(&self, a: (u32, u32), b: (u32, u32)) -> Move {
        let bit = |(r, c): (u32, u32)| 1u128 << (r * self.cols + c);
        let left = self.cells & !(bit(a) | bit(b));
        let on_board = |(r, c): (u32, u32)| (r + self.top, c + self.left);
        let placed = Some([on_board(a), on_board(b)]);
        let mut after = Cram::split(left, self.cols, self.top, self.left, placed);
        if after.is_empty() && left != 0 {
            // No domino fits in what is left: it stays, a component with no
            // move, so that the board keeps showing (and naming) the domino.
            after.push(Cram::region(
                left, self.rows, self.cols, self.top, self.left, placed,
            ));
        }
        Move::to(
            after
                .into_iter()
                .map(|c| Arc::new(c) as Component)
                .collect(),
        )
    }

    /// The domino a move of this component placed, on the board as written.
    fn domino(&self, mv: &Move) -> Option<[(u32, u32); 2]> {
        if let Some(c) = mv.after.first() {
            let c = (c.as_ref() as &dyn std::any::Any).downcast_ref::<Cram>()?;
            return c.placed;
        }
        // Nothing left at all: the domino covered the last two cells.
        let (across, down) = placements(self.cells, self.cols);
        let (i, step) = if across != 0 {
            (across.trailing_zeros(), 1)
        } else if down != 0 {
            (down.trailing_zeros(), self.cols)
        } else {
            return None;
        };
        let cell = |i: u32| (i / self.cols + self.top, i % self.cols + self.left);
        Some([cell(i), cell(i + step)])
    }
}

/// `rows × cols` is a board this family holds.
fn check_size(rows: u64, cols: u64) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::Unsupported(
            "a Cram board needs at least one row and one column".into(),
        ));
    }
    if rows.saturating_mul(cols) > u64::from(MAX_CELLS) {
        return Err(Error::Unsupported(format!(
            "a Cram board of {rows}x{cols} has too many cells: boards hold at most {MAX_CELLS} \
             (rows × columns, such as 11x11 or 5x24)"
        )));
    }
    Ok(())
}

/// The name of column `c` (0-based): `a` … `z`, then `aa`, `ab`, ….
fn column_name(c: u32) -> String {
    let mut c = c as usize;
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (c % 26) as u8);
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

/// `b3` → (row 2, column 1), 0-based, on the board as written.
fn read_cell(text: &str) -> std::result::Result<(u32, u32), String> {
    let letters: String = text
        .chars()
        .take_while(|c| c.is_ascii_lowercase())
        .collect();
    let digits = &text[letters.len()..];
    if letters.is_empty() || digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "{text:?} is not a cell: a column letter and a row number, such as b3"
        ));
    }
    let mut col: u64 = 0;
    for ch in letters.bytes() {
        col = col
            .saturating_mul(26)
            .saturating_add(u64::from(ch - b'a') + 1);
    }
    let row: u64 = digits.parse().unwrap_or(u64::MAX);
    if row == 0 || row > 1000 || col > 1000 {
        return Err(format!("{text:?} is not a cell of the board"));
    }
    Ok(((row - 1) as u32, (col - 1) as u32))
}

fn cell_name((r, c): (u32, u32)) -> String {
    format!("{}{}", column_name(c), r + 1)
}

impl fmt::Display for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cram({})", self.args())
    }
}

impl Game for Cram {
    fn name(&self) -> &str {
        "cram"
    }

    /// `RxC` for a full rectangle at the top left, else the rows. A region
    /// whose box lies elsewhere on the board as written keeps the rows
    /// above it and the columns left of it, blocked (`###/#..`): read
    /// again, its cells have the same names (the web page sends positions
    /// back as text, and moves name cells).
    fn args(&self) -> String {
        if self.full() && self.top == 0 && self.left == 0 {
            return format!("{}x{}", self.rows, self.cols);
        }
        let width = (self.left + self.cols) as usize;
        let above = (0..self.top).map(|_| "#".repeat(width));
        let rows = rows_text(self.cells, self.rows, self.cols);
        let beside = rows
            .split('/')
            .map(|row| "#".repeat(self.left as usize) + row);
        above.chain(beside).collect::<Vec<_>>().join("/")
    }

    /// The canonical shape: regions equal up to symmetry share a key.
    fn key(&self) -> Vec<u64> {
        self.shape.words().to_vec()
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let (across, down) = placements(self.cells, self.cols);
        let cols = self.cols;
        let at = |i: u32| (i / cols, i % cols);
        let mut list = Vec::new();
        // In reading order of the domino's first cell, across before down.
        let mut all = across | down;
        while all != 0 {
            let i = all.trailing_zeros();
            all &= all - 1;
            if across >> i & 1 == 1 {
                list.push((at(i), at(i + 1)));
            }
            if down >> i & 1 == 1 {
                list.push((at(i), at(i + cols)));
            }
        }
        Box::new(list.into_iter().map(move |(a, b)| self.place(a, b)))
    }

    fn has_moves(&self) -> bool {
        let (across, down) = placements(self.cells, self.cols);
        across | down != 0
    }

    /// On the engine's Cram rules (bitboards, canonical regions), in one
    /// word per region when the region's box is small enough.
    fn solve(&self, engines: &mut Engines) -> Option<Result<Nimber>> {
        Some(match SmallShape::of(self.shape) {
            Some(small) => engines.nimber(SmallCramRules, &small),
            None => engines.nimber(CramRules, &self.shape),
        })
    }

    fn solve_is(&self, engines: &mut Engines, k: Nimber) -> Option<Result<bool>> {
        Some(match SmallShape::of(self.shape) {
            Some(small) => engines.has_nimber(SmallCramRules, &small, k),
            None => engines.has_nimber(CramRules, &self.shape, k),
        })
    }

    fn noun(&self) -> &str {
        "board"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let Some([a, b]) = self.domino(mv) else {
            return format!("{label}: {self} → {}", mv.after_text());
        };
        let rest = match mv.after.iter().filter(|c| c.has_moves()).count() {
            0 => " (no domino fits any more)".to_string(),
            1 => String::new(),
            n => format!(" (it splits into {n} regions)"),
        };
        format!(
            "{label}: a domino on {}-{}{rest}",
            cell_name(a),
            cell_name(b)
        )
    }

    /// The domino's two cells, `b2-b3`.
    fn notation(&self, mv: &Move) -> String {
        match self.domino(mv) {
            Some([a, b]) => format!("{}-{}", cell_name(a), cell_name(b)),
            None => "?".into(),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace('-', " ");
        let cells: Vec<&str> = spaced.split_whitespace().collect();
        let [a, b] = cells[..] else {
            return Err(format!(
                "name the two cells of the domino on {label}, such as b2-b3"
            ));
        };
        let (a, b) = (read_cell(a)?, read_cell(b)?);
        let here = |(r, c): (u32, u32)| {
            (r >= self.top && c >= self.left && self.free(r - self.top, c - self.left))
                .then(|| (r - self.top, c - self.left))
        };
        let (Some(x), Some(y)) = (here(a), here(b)) else {
            let bad = if here(a).is_none() { a } else { b };
            return Err(format!("{} is not a free cell of {label}", cell_name(bad)));
        };
        if x.0.abs_diff(y.0) + x.1.abs_diff(y.1) != 1 {
            return Err(format!(
                "{} and {} are not side by side: a domino covers two adjacent cells",
                cell_name(a),
                cell_name(b)
            ));
        }
        Ok(self.place(x.min(y), x.max(y)))
    }

    /// The region in its box: click two side-by-side free cells.
    fn picture(&self) -> Option<crate::picture::Picture<Move>> {
        picture::of(self)
    }

    /// The region in its box, with the names of its columns and rows on
    /// the board as written; `#` marks a cell that is not free in it.
    fn draw(&self) -> Vec<String> {
        let width = (self.top + self.rows).to_string().len();
        let names: Vec<String> = (0..self.cols).map(|c| column_name(c + self.left)).collect();
        let cell = names.iter().map(String::len).max().unwrap_or(1);
        let mut out = vec![format!(
            "{:width$} {}",
            "",
            names
                .iter()
                .map(|n| format!("{n:>cell$}"))
                .collect::<Vec<_>>()
                .join(" ")
        )];
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| format!("{:>cell$}", if self.free(r, c) { "." } else { "#" }))
                .collect();
            out.push(format!("{:>width$} {}", r + self.top + 1, row.join(" ")));
        }
        out
    }
}

// ---------------------------------------------------------------- parsing

/// One board: `RxC`, or rows of `.` and `#` separated by `/`.
fn read_board(p: &mut Cursor) -> Result<Vec<Cram>> {
    p.skip_ws();
    let start = p.pos();
    let (cells, rows, cols) = if p.peek().is_some_and(|c| c.is_ascii_digit()) {
        let rows = p.number()?;
        p.skip_ws();
        if !(p.eat('x') || p.eat('X')) {
            return Err(p.error("expected 'x' between the rows and the columns, as in 5x7"));
        }
        let cols = p.number()?;
        check_size(rows, cols).map_err(|e| p.error_at(start, e.to_string()))?;
        let (rows, cols) = (rows as u32, cols as u32);
        (all(rows * cols), rows, cols)
    } else {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        loop {
            p.skip_ws();
            let row_start = p.pos();
            let mut row = Vec::new();
            while let Some(c) = p.peek() {
                match c {
                    '.' => row.push(true),
                    '#' => row.push(false),
                    _ => break,
                }
                p.advance(1);
            }
            if row.is_empty() {
                return Err(match p.peek() {
                    None => p.error("expected a row of '.' (free) and '#' (blocked) cells, but the expression ended"),
                    Some(c) => p.error(format!(
                        "expected a row of '.' (free) and '#' (blocked) cells, or a size such as 5x7, found {c:?}"
                    )),
                });
            }
            if let Some(first) = rows.first() {
                if row.len() != first.len() {
                    return Err(p.error_at(
                        row_start,
                        format!(
                            "row {} has {} cells but row 1 has {}: every row of a board has the same length",
                            rows.len() + 1,
                            row.len(),
                            first.len()
                        ),
                    ));
                }
            }
            rows.push(row);
            let (h, w) = (rows.len() as u64, rows[0].len() as u64);
            if h * w > u64::from(MAX_CELLS) {
                return Err(p.error_at(
                    start,
                    format!("this board has more than {MAX_CELLS} cells, the most a Cram board holds (rows × columns)"),
                ));
            }
            if !p.eat('/') {
                break;
            }
        }
        let (h, w) = (rows.len() as u32, rows[0].len() as u32);
        let mut cells = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, &free) in row.iter().enumerate() {
                if free {
                    cells |= 1 << (r as u32 * w + c as u32);
                }
            }
        }
        (cells, h, w)
    };
    let parts = Cram::split(cells, cols, 0, 0, None);
    if parts.is_empty() {
        // No domino fits: the board stays as written, a component with no move.
        return Ok(vec![Cram::region(cells, rows, cols, 0, 0, None)]);
    }
    Ok(parts)
}

/// The registered parser: `cram(5x7)`, `cram(..#./....)`, `cram(3x3, 2x5)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let boards = in_parens(p, "cram", |p| {
        let mut out = read_board(p)?;
        while p.eat(',') {
            out.extend(read_board(p)?);
        }
        Ok(out)
    })?;
    Ok(Term::new(
        "cram",
        boards
            .into_iter()
            .map(|b| Arc::new(b) as Component)
            .collect(),
    ))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "cram",
    shown: "cram",
    example: "cram(4x5)",
    about: "Cram: place dominoes on a board of free (.) and blocked (#) cells, rows split by /",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_and_rows_parse_to_the_same_board() {
        let a = Cram::parse("3x4").unwrap();
        let b = Cram::parse("..../..../....").unwrap();
        assert_eq!(a[0].key(), b[0].key());
        assert_eq!(a[0].args(), "3x4");
        assert_eq!(b[0].args(), "3x4");
        // The transpose is the same game.
        assert_eq!(Cram::parse("4x3").unwrap()[0].key(), a[0].key());
        let c = Cram::parse(" ..#. / .... ").unwrap();
        assert_eq!(c[0].args(), "..#./....");
    }

    #[test]
    fn bad_boards_point_at_the_problem() {
        for (text, at, says) in [
            ("5y7", 1, "expected 'x'"),
            ("0x3", 0, "at least one row"),
            ("12x12", 0, "too many cells"),
            ("../...", 3, "row 2 has 3 cells"),
            ("..//..", 3, "expected a row"),
            ("..a", 2, "unexpected"),
            ("", 0, "expected a row"),
        ] {
            match Cram::parse(text) {
                Err(Error::Parse {
                    at: got, message, ..
                }) => {
                    assert_eq!(got, at, "{text}: {message}");
                    assert!(message.contains(says), "{text}: {message}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn moves_split_and_name_their_domino() {
        let b = &Cram::parse("3x3").unwrap()[0];
        let moves: Vec<Move> = b.moves().collect();
        assert_eq!(moves.len(), 12);
        let m = b.read_move("b1-b2", "board 1").unwrap();
        assert_eq!(b.notation(&m), "b1-b2");
        assert_eq!(m.after.len(), 1); // b3 still joins the sides
        let m = b.read_move("a2 b2", "board 1").unwrap();
        assert_eq!(m.after.len(), 1);
        assert!(b.read_move("a1-c1", "board 1").is_err());
        assert!(b.read_move("a1-a9", "board 1").is_err());
        // A 1x3 strip: either domino leaves a lone cell, which stays.
        let s = &Cram::parse("1x3").unwrap()[0];
        let m = s.read_move("b1-c1", "board 1").unwrap();
        assert_eq!(m.after.len(), 1);
        assert!(!m.after[0].has_moves());
        assert_eq!(
            s.describe(&m, "board 1"),
            "board 1: a domino on b1-c1 (no domino fits any more)"
        );
        let last = &Cram::parse("1x2").unwrap()[0];
        let m = last.moves().next().unwrap();
        assert!(m.after.is_empty());
        assert_eq!(last.notation(&m), "a1-b1");
        // Splits keep the cells' names of the board as written.
        let b = &Cram::parse("1x5").unwrap()[0];
        let m = b.read_move("c1-d1", "board 1").unwrap();
        assert_eq!(m.after.len(), 1); // a1-b1 is left, e1 holds nothing
        let left = &m.after[0];
        assert_eq!(left.args(), "1x2");
        assert_eq!(left.draw(), vec!["  a b", "1 . ."]);
    }

    #[test]
    fn a_region_written_out_reads_back_with_the_same_cell_names() {
        // b1-b2 on 2x3 leaves column a and column c; the second is written
        // with column a and b blocked, and its domino is still c1-c2.
        let b = &Cram::parse("2x3").unwrap()[0];
        let m = b.read_move("b1-b2", "board 1").unwrap();
        let args: Vec<String> = m.after.iter().map(|c| c.args()).collect();
        assert_eq!(args, ["2x1".to_string(), "##./##.".to_string()]);
        // a1-a2 then b1-c1 on 3x3 leave a region below the first row.
        let b = &Cram::parse("3x3").unwrap()[0];
        let m = b.read_move("a1-a2", "board 1").unwrap();
        let m = m.after[0].read_move("b1-c1", "board 1").unwrap();
        for part in &m.after {
            let again = &Cram::parse(&part.args()).unwrap()[0];
            assert_eq!(again.key(), part.key());
            for mv in part.moves() {
                let typed = part.notation(&mv);
                let read = again.read_move(&typed, "board 1").unwrap();
                assert_eq!(again.notation(&read), typed);
            }
        }
        assert_eq!(m.after[0].args(), "###/#../...");
    }
}
