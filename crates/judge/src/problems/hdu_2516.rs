//! HDU 2516 取石子游戏: Fibonacci Nim.
//!
//! One `n` per line (2 ≤ n < 2^31); `0` ends the input. One pile of `n`
//! stones; the first move takes any number but not all, each later move
//! at most twice the previous one; whoever takes the last stone wins.
//! Output `Second win` if the first player loses, else `First win`: the
//! engine's [`fibnim`](grundy::games::fibnim) (the first player loses
//! exactly when `n` is a Fibonacci number).

use std::io::{self, Write};

use grundy::games::fibnim::{is_fibonacci, FibNim};

use super::verdict;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-2516",
    summary: "Fibonacci Nim: one n per line, 0 ends; `Second win` or `First win`",
    solve,
    generate,
};

const N: Field =
    Field::new("the number of stones n, or 0 to end", 0, (1 << 31) - 1).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    loop {
        let n = input.number(&N)?;
        if n == 0 {
            return input.finish("the terminating 0");
        }
        if n == 1 {
            return Err(input.invalid("a game needs at least 2 stones (2 ≤ n), found 1"));
        }
        let wins = FibNim::start(n).outcome().mover_wins();
        verdict(out, wins, "First win", "Second win")?;
    }
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let lines = scale.pick(rng, 1, 100_000, 10);
    let top = scale.cap(N.max, 60);
    let fibs: Vec<u64> = (2..=top).filter(|&f| f <= 89 && is_fibonacci(f)).collect();
    for _ in 0..lines {
        let mut n = rng.range(2, top);
        if rng.chance(1, 3) {
            // A Fibonacci number (the first player loses), or one beside it.
            n = if top > 89 {
                let mut f = (2u64, 3u64);
                let steps = rng.range(0, 44);
                for _ in 0..steps {
                    if f.1 + f.0 > top {
                        break;
                    }
                    f = (f.1, f.0 + f.1);
                }
                f.0
            } else {
                fibs[rng.range(0, fibs.len() as u64 - 1) as usize]
            };
            if rng.chance(1, 4) && n < top {
                n += 1;
            }
        }
        line(out, &[n])?;
    }
    line(out, &[0])
}
