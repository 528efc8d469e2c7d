//! Northcott's game (HDU 1730): on each row of a board stand one piece of
//! each player; a player moves one of their own pieces along its row, any
//! number of squares in either direction, without jumping over or onto the
//! opponent's piece, and without leaving the board.
//!
//! The game is partizan and loopy, yet it is Nim: each row is a heap whose
//! size is the number of empty squares between the two pieces. Moving
//! towards the opponent shrinks the heap by any amount, a Nim move. Moving
//! away grows it, but the opponent can answer by following with their own
//! piece by the same distance, restoring the heap; since the board is
//! finite, such retreats cannot go on forever and never help. So the player
//! to move wins exactly when the nim-sum of the gaps is non-zero
//! ([`nim::outcome`](crate::nim::outcome)); the tests check this against a
//! retrograde analysis of the partizan, loopy game on small boards.

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Move};
use crate::games::heap::number;
use crate::nimber::Nimber;
use crate::sum::Term;

/// The heap of one row: the empty squares between the pieces at columns
/// `mine` and `theirs`, which must differ.
///
/// ```
/// use grundy::games::northcott::gap;
/// assert_eq!(gap(4, 5).unwrap(), 0);
/// assert_eq!(gap(6, 1).unwrap(), 4);
/// assert!(gap(3, 3).is_err());
/// ```
pub fn gap(mine: u64, theirs: u64) -> Result<u64> {
    if mine == theirs {
        return Err(Error::IllegalMove(format!(
            "both pieces cannot stand on square {mine}"
        )));
    }
    Ok(mine.abs_diff(theirs) - 1)
}

/// One row of Northcott's game as a component: the mover's piece on column
/// `mine`, the opponent's on `theirs`. The impartial game played is the
/// reduction above: a move walks the mover's piece towards the other one
/// (retreats are left out: they are reversible and never help), so a row
/// is a Nim heap of its gap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    mine: u64,
    theirs: u64,
}

impl Row {
    /// A row with the pieces on columns `mine` and `theirs` (distinct).
    pub fn new(mine: u64, theirs: u64) -> Result<Row> {
        gap(mine, theirs)?;
        Ok(Row { mine, theirs })
    }

    fn gap(&self) -> u64 {
        self.mine.abs_diff(self.theirs) - 1
    }

    /// The move that walks the piece to column `to`.
    fn walk(&self, to: u64) -> Move {
        let next = Row {
            mine: to,
            theirs: self.theirs,
        };
        let g = next.gap();
        Move::to(vec![Arc::new(next) as Component]).with_heap(
            0,
            self.gap(),
            if g == 0 { vec![] } else { vec![g] },
        )
    }
}

impl Game for Row {
    fn name(&self) -> &str {
        "northcott"
    }

    fn args(&self) -> String {
        format!("{}-{}", self.mine, self.theirs)
    }

    fn key(&self) -> Vec<u64> {
        vec![self.gap()]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        // Nearest the other piece last: the gap shrinks by 1, 2, … in turn.
        let (m, t) = (self.mine, self.theirs);
        if m < t {
            Box::new((m + 1..t).map(move |c| self.walk(c)))
        } else {
            Box::new((t + 1..m).rev().map(move |c| self.walk(c)))
        }
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(Some(self.gap()))
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        let g = self.gap();
        let to = if self.mine < self.theirs {
            self.mine + (g - target.min(g))
        } else {
            self.mine - (g - target.min(g))
        };
        Ok(Some(if target < g && limit > 0 {
            vec![self.walk(to)]
        } else {
            vec![]
        }))
    }

    fn as_nim(&self) -> Option<u64> {
        Some(self.gap())
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(format!(
            "the {value} empty squares between the pieces are a Nim heap (moving away is \
             answered by following), so G = {value}"
        ))
    }

    fn heaps(&self) -> Vec<u64> {
        vec![self.gap()]
    }

    fn noun(&self) -> &str {
        "row"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match mv.after.first() {
            Some(next) => format!(
                "{label}: move the piece on column {} to column {}",
                self.mine,
                next.args().split('-').next().unwrap_or("?")
            ),
            None => format!("{label}: ?"),
        }
    }

    /// The column the piece walks to.
    fn notation(&self, mv: &Move) -> String {
        mv.after
            .first()
            .map(|n| n.args().split('-').next().unwrap_or("?").to_string())
            .unwrap_or_default()
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let to = number(text.trim())?;
        let (lo, hi) = (self.mine.min(self.theirs), self.mine.max(self.theirs));
        if to <= lo || to >= hi {
            return Err(format!(
                "illegal move: in {label} the piece on column {} can walk to columns strictly \
                 between {lo} and {hi}",
                self.mine
            ));
        }
        Ok(self.walk(to))
    }

    fn draw(&self) -> Vec<String> {
        let width = self.mine.max(self.theirs);
        if width > 40 {
            return vec![format!(
                "piece on column {}, the other on column {}",
                self.mine, self.theirs
            )];
        }
        let row: String = (1..=width)
            .map(|c| match c {
                c if c == self.mine => 'X',
                c if c == self.theirs => 'O',
                _ => '·',
            })
            .collect();
        vec![format!("{row}   (X moves towards O)")]
    }
}

/// The registered parser: `northcott(a-b, c-d, …)`, one row per pair of
/// columns (the mover's piece first).
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    p.expect('(', "'(' and rows a-b after northcott")?;
    let mut rows = Vec::new();
    loop {
        let at = p.pos();
        let a = p.number()?;
        p.expect('-', "'-' between the two columns of a row")?;
        let b = p.number()?;
        let row = Row::new(a, b).map_err(|e| p.error_at(at, e.to_string()))?;
        rows.push(Arc::new(row) as Component);
        if p.eat(')') {
            break;
        }
        p.expect(',', "',' or ')' after a row")?;
    }
    Ok(Term::new("northcott", rows))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "northcott",
    shown: "northcott",
    example: "northcott(1-5, 8-3)",
    about: "Northcott's game: per row, the columns of the two pieces, the mover's first",
    parse: parse_term,
};
