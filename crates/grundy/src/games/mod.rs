//! Every family of games the engine knows, one module each, and the
//! registry through which the expression language finds them.
//!
//! Each family implements [`Game`](crate::game::Game) for its components
//! and registers one line in [`FAMILIES`]: which names it answers to, how
//! it is listed in error messages, and its parser (called with the
//! [`Cursor`] just after the name). Nothing else in the crate names a family.
//!
//! | family | written | module |
//! |---|---|---|
//! | heap rules | `nim(3,4)`, `kayles(10)`, `0.07(12)`, `sub{1,3,4}(9)`, `grundys(9)` | [`heap`] |
//! | staircase Nim | `stairs(1,5,9)` | [`staircase`] |
//! | Northcott's game | `northcott(1-5, 8-3)` | [`northcott`] |
//! | the box game | `boxes(2/6, 3/10)` | [`boxes`] |
//! | runs of apples | `runs(4,3)` | [`consecutive`] |
//! | take p..q, all when fewer remain | `takerange(2,4; 7)` | [`misere_range`] |
//! | the bidding game | `auction(3; 10)` | [`auction`] |
//! | coin-turning games | `turtles(1,4,9)`, `mock(0,1,2,3)`, `ruler(3,8)` | [`coins`] |

pub mod auction;
pub mod boxes;
pub mod coins;
pub mod consecutive;
pub mod euclid;
pub mod fibnim;
pub mod hackenbush;
pub mod heap;
pub mod lasker;
pub mod misere_range;
pub mod moore;
pub mod northcott;
pub mod staircase;
pub mod wythoff;

use crate::error::Result;
use crate::expr::Cursor;
use crate::sum::Term;

/// A family's entry in the expression language.
pub struct Family {
    /// Whether the family answers to this name (lower case; a take-and-break
    /// code such as `0.77` is a name too).
    pub accepts: fn(&str) -> bool,
    /// How it is listed when a name is unknown.
    pub shown: &'static str,
    /// Parses the rest of a term: `word` is the name as written, at
    /// character `start`; the cursor stands just after it.
    pub parse: fn(word: &str, start: usize, p: &mut Cursor) -> Result<Term>,
}

/// Every family, in the order names are tried. Adding a family is one line.
pub static FAMILIES: &[Family] = &[
    Family {
        accepts: heap::accepts,
        shown: "nim, kayles, dawson, grundys, sub{…}, take-and-break codes such as 0.77",
        parse: heap::parse_term,
    },
    Family {
        accepts: |w| w == "stairs" || w == "staircase",
        shown: "stairs",
        parse: staircase::parse_term,
    },
    Family {
        accepts: coins::accepts,
        shown: "turtles, mock, ruler",
        parse: coins::parse_term,
    },
];
