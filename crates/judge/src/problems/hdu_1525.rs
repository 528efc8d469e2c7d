//! HDU 1525 Euclid's Game, and POJ 2348 (the same problem).
//!
//! Lines `a b` (positive, below 2^31); `0 0` ends the input. Stan, then
//! Ollie, subtract a positive multiple of the smaller number from the
//! larger, leaving it non-negative; whoever reaches 0 wins. Output
//! `Stan wins` or `Ollie wins`: the ratio rule of the engine's
//! [`euclid`](grundy::games::euclid) module.

use std::io::{self, Write};

use grundy::games::euclid::Euclid;

use super::verdict;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const HDU_1525: Problem = Problem {
    id: "hdu-1525",
    summary: "Euclid's game: lines `a b`, `0 0` ends; Stan wins (first player) or Ollie wins",
    solve,
    generate,
};

pub(crate) const POJ_2348: Problem = Problem {
    id: "poj-2348",
    summary: "Euclid's game (same as hdu-1525): lines `a b`, `0 0` ends; Stan wins or Ollie wins",
    solve,
    generate,
};

const NUMBER: Field = Field::new("a number, or 0 0 to end", 0, (1 << 31) - 1).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    loop {
        let a = input.number(&NUMBER)?;
        let b = input.number(&NUMBER)?;
        if (a, b) == (0, 0) {
            return input.finish("the terminating 0 0");
        }
        if a == 0 || b == 0 {
            return Err(input.invalid(format!(
                "the numbers must be positive (only `0 0` ends the input), found {a} {b}"
            )));
        }
        let wins = Euclid::new(a, b).outcome().mover_wins();
        verdict(out, wins, "Stan wins", "Ollie wins")?;
    }
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let lines = scale.pick(rng, 1, 100_000, 10);
    let top = scale.cap(NUMBER.max, 40);
    for _ in 0..lines {
        let pair = match rng.range(0, 4) {
            // Consecutive Fibonacci numbers: the longest forced chains.
            0 => {
                let mut f = (1u64, 1u64);
                let steps = rng.range(0, 46);
                for _ in 0..steps {
                    if f.0 + f.1 > top {
                        break;
                    }
                    f = (f.1, f.0 + f.1);
                }
                [f.1, f.0]
            }
            // Equal, or a multiple.
            1 => {
                let b = rng.range(1, top);
                [b * rng.range(1, (top / b).max(1)), b]
            }
            _ => [rng.range(1, top), rng.range(1, top)],
        };
        let pair = if rng.chance(1, 2) {
            pair
        } else {
            [pair[1], pair[0]]
        };
        line(out, &pair)?;
    }
    line(out, &[0, 0])
}
