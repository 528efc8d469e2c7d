//! HDU 1527 取石子游戏, and POJ 1067 (the same problem): Wythoff's game.
//!
//! Lines `a b` (0 ≤ a, b ≤ 10^9) until the end of the input: two piles; a
//! move takes any number from one pile or the same number from both; whoever
//! takes the last stone wins. Output `1` if the first player wins, else `0`.
//!
//! The engine's [`wythoff`] module decides it from the losing pairs
//! `(⌊kφ⌋, ⌊kφ²⌋)`, computed in exact integer arithmetic (formulas in double
//! precision go wrong for some inputs near the bounds).

use std::io::{self, Write};

use grundy::games::wythoff::{self, Wythoff};

use super::{tuples_until_eof, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const HDU_1527: Problem = Problem {
    id: "hdu-1527",
    summary: "Wythoff's game: lines `a b` until EOF; 1 if the first player wins, else 0",
    solve,
    generate,
};

pub(crate) const POJ_1067: Problem = Problem {
    id: "poj-1067",
    summary: "Wythoff's game (same as hdu-1527): lines `a b`; 1 or 0",
    solve,
    generate,
};

const PILE: Field = Field::new("a pile size", 0, 1_000_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    tuples_until_eof(input, out, [&PILE, &PILE], |_, [a, b], out| {
        verdict(out, Wythoff::new(a, b).outcome().mover_wins(), "1", "0")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let lines = scale.pick(rng, 1, 100_000, 12);
    let top = scale.cap(PILE.max, 30);
    for _ in 0..lines {
        let pair = match rng.range(0, 3) {
            // A losing pair, in either order, and its neighbours.
            0 | 1 => {
                let k = rng.range(0, top * 10 / 27); // b(k) ≈ 2.618k ≤ top
                let (a, mut b) = (wythoff::a(k) as u64, wythoff::b(k) as u64);
                if rng.chance(1, 4) {
                    b = (b + 1).min(top); // a near miss: the first player wins
                }
                if rng.chance(1, 2) {
                    [a, b]
                } else {
                    [b, a]
                }
            }
            _ => [rng.range(0, top), rng.range(0, top)],
        };
        line(out, &pair)?;
    }
    Ok(())
}
