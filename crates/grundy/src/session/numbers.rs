//! The numbers a player sees the components of a position by, kept stable
//! through a game.

use crate::error::Result;
use crate::sum::{Position, SumMove};

/// The numbers the player sees for the components of a position, in the
/// order written (see [`Numbers::fresh`] for how they stay stable in play).
///
/// ```
/// use grundy::expr::parse_position;
/// use grundy::session::{notation, Numbers};
///
/// // Grundy's game: heap 2 of 7 splits into 3 and 4; the first piece keeps
/// // number 2, the new one gets 3, never used before.
/// let pos = parse_position("nim(1) + grundys(7)").unwrap();
/// let numbers = Numbers::fresh(&pos);
/// let mv = notation::parse_move(&pos, &numbers, "2 = 3 4").unwrap();
/// assert_eq!(numbers.after(&pos, &mv).of, vec![1, 2, 3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// One number per component, in order.
    pub of: Vec<usize>,
    /// The next number never used.
    next: usize,
}

impl Numbers {
    /// 1, 2, … in the order written.
    pub fn fresh(position: &Position) -> Numbers {
        let n = position.components().count();
        Numbers {
            of: (1..=n).collect(),
            next: n + 1,
        }
    }

    /// The numbers after `mv`: the component moved keeps its number (a heap
    /// taken to nothing stays as 0); when it splits, the first piece keeps
    /// the number and the others get the next numbers never used, so no
    /// other component is ever renumbered.
    pub fn after(&self, position: &Position, mv: &SumMove) -> Numbers {
        let k = index_of(position, mv);
        let mut next = self.clone();
        let c = position.components().nth(k).expect("the move's component");
        match mv.mv.after.len() {
            0 if c.emptied().is_some() => {}
            0 => {
                next.of.remove(k);
            }
            n => {
                let mut new = vec![self.of[k]];
                for _ in 1..n {
                    new.push(next.next);
                    next.next += 1;
                }
                next.of.splice(k..=k, new);
            }
        }
        next
    }

    /// The position and the numbers after a whole every-game turn (`moves`
    /// in distinct components, checked as [`crate::every::apply_turn`]
    /// checks them): each move played, and numbered as [`Numbers::after`],
    /// in the engine's [`crate::every::turn_order`].
    pub fn after_turn(
        &self,
        position: &Position,
        moves: &[SumMove],
    ) -> Result<(Position, Numbers)> {
        let mut numbers = self.clone();
        let mut next = position.clone();
        for mv in crate::every::turn_order(position, moves)? {
            numbers = numbers.after(&next, mv);
            next = next.apply(mv)?;
        }
        Ok((next, numbers))
    }

    /// Numbers carried between requests (a web page's game): `of` for the
    /// components of `position` and `next`, the next number never used.
    /// `None` when they do not fit: one number per component, distinct, from
    /// 1, all below `next`.
    pub fn resume(position: &Position, of: Vec<usize>, next: usize) -> Option<Numbers> {
        let mut sorted = of.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let fits = of.len() == position.components().count()
            && sorted.len() == of.len()
            && sorted.first().is_none_or(|&n| n >= 1)
            && sorted.last().is_none_or(|&n| n < next);
        fits.then_some(Numbers { of, next })
    }

    /// The next number never used.
    pub fn next(&self) -> usize {
        self.next
    }

    /// The index of the component numbered `number`.
    pub fn find(&self, number: usize) -> Option<usize> {
        self.of.iter().position(|&n| n == number)
    }
}

/// The index (0-based, over all components) of the component `mv` moves in.
pub fn index_of(position: &Position, mv: &SumMove) -> usize {
    position.terms[..mv.term]
        .iter()
        .map(|t| t.parts.len())
        .sum::<usize>()
        + mv.part
}
