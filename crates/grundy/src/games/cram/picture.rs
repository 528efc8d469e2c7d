//! A Cram region as a picture: its box of cells, free or not, named as
//! moves are typed (column letters, row numbers of the board as written);
//! a domino is placed by clicking its two cells.

use super::{column_name, Cram};
use crate::game::{Game, Move};
use crate::picture::{self, Cell, Grid, Item, Pick, Picture, Shape};

/// The region in its box: free cells to click, every other cell of the box
/// (blocked, covered, or part of another region) drawn blocked. Each move
/// is the pair of cells its domino covers, made by the family's own moves
/// (so the pick and the move cannot disagree).
pub(super) fn of(board: &Cram) -> Option<Picture<Move>> {
    let (rows, cols) = (board.rows as usize, board.cols as usize);
    let cells = (0..board.rows)
        .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
        .map(|(r, c)| {
            if board.free(r, c) {
                Cell::Free
            } else {
                Cell::Blocked
            }
        })
        .collect();
    let in_box = |(r, c): (u32, u32)| Item::Cell {
        row: (r - board.top) as usize,
        col: (c - board.left) as usize,
    };
    let picks = board.moves().filter_map(move |mv| {
        let [a, b] = board.domino(&mv)?;
        Some(Pick::new(vec![in_box(a), in_box(b)], mv))
    });
    let shape = Shape::Grid(Grid {
        rows,
        cols,
        cells,
        row_labels: (0..board.rows)
            .map(|r| (r + board.top + 1).to_string())
            .collect(),
        col_labels: (0..board.cols)
            .map(|c| column_name(c + board.left))
            .collect(),
    });
    picture::bounded(shape, picks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn cells_of(pic: &Picture<Move>) -> (usize, usize, Vec<Cell>, Vec<String>, Vec<String>) {
        let Shape::Grid(g) = pic.shape.clone() else {
            panic!("a Cram board is a grid")
        };
        (g.rows, g.cols, g.cells, g.row_labels, g.col_labels)
    }

    /// The picture of every region of `text`: each pick is two free,
    /// side-by-side cells, names the move typed as those two cells, and
    /// every legal move has exactly one pick.
    fn check(text: &str) {
        for board in Cram::parse(text).unwrap() {
            let pic = of(&board).expect("a Cram board is always drawn");
            let (rows, cols, cells, _, col_labels) = cells_of(&pic);
            assert_eq!((rows, cols), (board.rows as usize, board.cols as usize));
            let legal: Vec<Move> = board.moves().collect();
            assert_eq!(pic.picks.len(), legal.len(), "{text}");
            let mut seen = HashSet::new();
            for p in &pic.picks {
                let [Item::Cell { row: r1, col: c1 }, Item::Cell { row: r2, col: c2 }] =
                    p.items[..]
                else {
                    panic!("{text}: a pick of two cells, not {:?}", p.items)
                };
                assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1, "{text}: side by side");
                assert_eq!(cells[r1 * cols + c1], Cell::Free);
                assert_eq!(cells[r2 * cols + c2], Cell::Free);
                assert!(seen.insert(((r1, c1).min((r2, c2)), (r1, c1).max((r2, c2)))));
                // The cells as the player types them make the same move.
                let typed = format!(
                    "{}{} {}{}",
                    col_labels[c1],
                    r1 as u32 + board.top + 1,
                    col_labels[c2],
                    r2 as u32 + board.top + 1
                );
                assert_eq!(
                    board.read_move(&typed, "board 1"),
                    Ok(p.mv.clone()),
                    "{typed}"
                );
                assert!(legal.contains(&p.mv));
            }
            for mv in &legal {
                assert!(
                    pic.picks.iter().any(|p| &p.mv == mv),
                    "{text}: a move has no pick"
                );
            }
            // Every pair of side-by-side free cells is a pick.
            let free = |r: usize, c: usize| cells[r * cols + c] == Cell::Free;
            let mut pairs = 0;
            for r in 0..rows {
                for c in 0..cols {
                    pairs += usize::from(c + 1 < cols && free(r, c) && free(r, c + 1));
                    pairs += usize::from(r + 1 < rows && free(r, c) && free(r + 1, c));
                }
            }
            assert_eq!(pairs, pic.picks.len(), "{text}");
        }
    }

    #[test]
    fn every_domino_is_a_pick_of_its_two_cells() {
        for text in [
            "3x4",
            "1x2",
            "1x1",
            "2x2",
            "..#./..../#...",
            "..#../#####/..#..",
            "#.#/.../#.#",
            "11x11",
        ] {
            check(text);
        }
    }

    #[test]
    fn the_board_shows_free_and_blocked_cells_named_as_typed() {
        let board = &Cram::parse("..#./..../#...").unwrap()[0];
        let pic = of(board).unwrap();
        let (rows, cols, cells, row_labels, col_labels) = cells_of(&pic);
        assert_eq!((rows, cols), (3, 4));
        let blocked: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == Cell::Blocked)
            .collect();
        assert_eq!(blocked, [2, 8]);
        assert_eq!(row_labels, ["1", "2", "3"]);
        assert_eq!(col_labels, ["a", "b", "c", "d"]);
        // Across: a1-b1; a2-b2 b2-c2 c2-d2; b3-c3 c3-d3. Down: a1-a2 b1-b2
        // b2-b3 c2-c3 d1-d2 d2-d3.
        assert_eq!(pic.picks.len(), 12);
    }

    #[test]
    fn a_region_after_a_split_keeps_the_names_of_the_whole_board() {
        // The middle domino of a 1x5 strip leaves a1-b1 and e1 (no move):
        // the piece with a move is drawn at columns a and b.
        let strip = &Cram::parse("1x5").unwrap()[0];
        let mv = strip.read_move("c1-d1", "board 1").unwrap();
        let left = mv.after[0].picture().expect("drawn");
        let (_, _, _, row_labels, col_labels) = cells_of(&left);
        assert_eq!(
            (row_labels, col_labels),
            (vec!["1".into()], vec!["a".into(), "b".into()])
        );
        // A domino down the middle of 2x3 leaves two columns: the right one
        // is drawn as column c, rows 1 and 2, its domino typed c1-c2.
        let board = &Cram::parse("2x3").unwrap()[0];
        let mv = board.read_move("b1-b2", "board 1").unwrap();
        assert_eq!(mv.after.len(), 2);
        let names: Vec<(Vec<String>, Vec<String>, Vec<String>)> = mv
            .after
            .iter()
            .map(|part| {
                let pic = part.picture().expect("drawn");
                let (_, _, _, rows, cols) = cells_of(&pic);
                let typed = pic.picks.iter().map(|p| part.notation(&p.mv)).collect();
                (rows, cols, typed)
            })
            .collect();
        let strings = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            names,
            [
                (strings(&["1", "2"]), strings(&["a"]), strings(&["a1-a2"])),
                (strings(&["1", "2"]), strings(&["c"]), strings(&["c1-c2"])),
            ]
        );
    }
}
