//! HDU 1517 A Multiplication Game, and POJ 2505 (the same problem).
//!
//! One `n` per line (1 < n < 2^32 − 1) until the end of the input. `p`
//! starts at 1; Stan, then Ollie, multiply it by 2..=9; whoever first makes
//! `p ≥ n` wins. Output `Stan wins.` or `Ollie wins.`: the engine's
//! [`multiplication`] module.

use std::io::{self, Write};

use grundy::games::multiplication;

use super::{tuples_until_eof, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const HDU_1517: Problem = Problem {
    id: "hdu-1517",
    summary: "the multiplication game (×2..9 from 1 to reach n): one n per line; `Stan wins.` or `Ollie wins.`",
    solve,
    generate,
};

pub(crate) const POJ_2505: Problem = Problem {
    id: "poj-2505",
    summary: "the multiplication game (same as hdu-1517): `Stan wins.` or `Ollie wins.`",
    solve,
    generate,
};

const N: Field = Field::new("the target n", 2, (1 << 32) - 2).defined(2, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    tuples_until_eof(input, out, [&N], |_, [n], out| {
        let wins = multiplication::outcome(1, n).mover_wins();
        verdict(out, wins, "Stan wins.", "Ollie wins.")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let lines = scale.pick(rng, 1, 100_000, 10);
    let top = scale.cap(N.max, 3000);
    for _ in 0..lines {
        let n = if rng.chance(1, 3) {
            // Next to a boundary 9·18^j or 18^j, where the winner changes.
            let mut b = if rng.chance(1, 2) { 9u64 } else { 18 };
            let steps = rng.range(0, 7);
            for _ in 0..steps {
                if b * 18 > top {
                    break;
                }
                b *= 18;
            }
            (b + rng.range(0, 1)).clamp(N.min, top)
        } else {
            rng.range(N.min, top)
        };
        line(out, &[n])?;
    }
    Ok(())
}
