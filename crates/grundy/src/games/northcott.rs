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

use crate::error::{Error, Result};

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
