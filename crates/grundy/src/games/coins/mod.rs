//! Coin-turning games (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14).
//!
//! A row of coins, numbered left to right, some showing heads. A move turns
//! over a set of coins allowed by the rule; the rightmost coin turned must go
//! from heads to tails (the others may go either way). Coins interact —
//! turning a tails coin makes it heads — so a whole row is one component.
//!
//! **Theorem** (*Winning Ways*, "the coins are independent"): the row plays
//! exactly like the sum of rows with one heads coin each. Turning a tails
//! coin to heads adds a game, turning a heads coin to tails cancels one
//! (`G ⊕ G = 0`), so the value of a row is the nim-sum of the values of its
//! heads coins, and a move changes it by the nim-sum of the values of the
//! coins it turns, heads or tails. Winning moves (moves to value `t`) are
//! therefore the allowed sets whose rightmost coin is heads and whose values
//! nim-add to `G ⊕ t`, which each rule below solves in closed form.
//!
//! | rule | written | a move turns | value of a heads coin at `x` |
//! |---|---|---|---|
//! | Turning Turtles | `turtles(1,4,9)` | one or two coins | `x` (coins from 1: Nim) |
//! | Twins | `twins(0,3,5)` | exactly two coins | `x` (coins from 0; coin 0 never moves) |
//! | Mock Turtles | `mock(0,1,2,3)` | one, two or three coins | the `x`-th odious number, `2x` or `2x+1` (coins from 0) |
//! | Moebius | `moebius(1,6,9)` | one to five coins | 1, 2, 4, 8, 16, 31, 32, 64, 103, … by [`moebius`] (coins 1 to 128) |
//! | Ruler | `ruler(3,8)` | a run of consecutive coins ending at the rightmost | the largest power of 2 dividing `x` (coins from 1) |
//! | Turning Corners | `corners((1,2),(3,3))` | the four corners of a rectangle | `x ⊗ y` (coordinates from 0) |
//! | products | `ruler*ruler((3,5),(2,2))`, `turtles*turtles*turtles((1,2,3))` | a move of each factor, all combinations | the nim product of the coordinates' values |
//!
//! Odious numbers have an odd number of 1 bits: 1, 2, 4, 7, 8, 11, 13, 14, …;
//! coin 0 of Mock Turtles is worth 1. Heads positions may be written as runs,
//! `ruler(1-1000)`, and a position written twice is the same coin (never
//! cancelled). A Ruler move may turn a run of 10^18 coins, so a row is kept
//! as its runs of heads, never coin by coin. Products (two- and
//! three-dimensional boards, up to four factors) are described in
//! [`product`].

pub mod moebius;
pub mod product;
mod row;

pub use product::CoinProduct;
pub use row::{CoinRow, Rule, Turn, MOCK_MAX};

use crate::cursor::Cursor;
use crate::error::Result;
use crate::sum::Term;

/// The registered parser: a row `mock(0, 1, 2-5)`, a product
/// `ruler*turtles((3,5),(2,2))`, or `corners((1,2))`.
pub(crate) fn parse_term(word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let lower = word.to_ascii_lowercase();
    if lower == product::CORNERS {
        return product::parse_board(product::CORNERS, &[Rule::Twins, Rule::Twins], p);
    }
    let rule = Rule::from_name(&lower).expect("registered names only");
    let mut factors = vec![rule];
    while p.eat('*') {
        p.skip_ws();
        let at = p.pos();
        let next = p.word();
        match Rule::from_name(&next.to_ascii_lowercase()) {
            Some(r) if factors.len() < product::MAX_DIMENSIONS => factors.push(r),
            Some(_) => {
                return Err(p.error_at(
                    at,
                    format!("a product has at most {} factors", product::MAX_DIMENSIONS),
                ))
            }
            None => {
                return Err(p.error_at(
                    at,
                    format!(
                        "expected a coin-turning rule after '*' (turtles, twins, mock, moebius, \
                         ruler), found {next:?}"
                    ),
                ))
            }
        }
    }
    if factors.len() == 1 {
        return row::parse_row(rule, word, p);
    }
    let name: Vec<&str> = factors.iter().map(|r| r.name()).collect();
    product::parse_board(&name.join("*"), &factors, p)
}

/// Whether `name` is a coin-turning rule (or Turning Corners).
pub(crate) fn accepts(name: &str) -> bool {
    name == product::CORNERS || Rule::from_name(name).is_some()
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts,
    shown: "turtles, twins, mock, moebius, ruler, corners, products such as ruler*ruler",
    example: "turtles(1,4,9) + ruler(3,8) + corners((1,2)) + ruler*ruler((3,5))",
    about: "coin-turning games (turtles, twins, mock, moebius, ruler: heads coins) and their products (corners, a*b: heads coins as (x,y))",
    parse: parse_term,
};
