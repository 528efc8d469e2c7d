//! HDU 2188 悼念512汶川大地震遇难同胞——选拔志愿者: Bash's game.
//!
//! `C`, then `C` lines `n m`: the donations must reach `n` (1..=10000), each
//! donation is `1..=m`; whoever makes the total reach `n` wins. Grass donates
//! first. Output `Grass` or `Rabbit`, whoever wins.
//!
//! The statement bounds `m` below 10 while its own sample uses `m = 10`; this
//! adapter accepts `m` up to 10000 and generates `m` in `1..=10`.

use std::io::{self, Write};

use super::hdu_1846::bash_wins;
use super::{cases_read, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-2188",
    summary:
        "Bash's game: C; C lines `n m` (donate 1..m, reach n to win); Grass (first) or Rabbit wins",
    solve,
    generate,
};

const C: Field = Field::new("the number of cases C", 1, 1_000_000).defined(1, u64::MAX);
const N: Field = Field::new("the target sum n", 1, 10_000).defined(1, u64::MAX);
const M: Field = Field::new("the largest donation m", 1, 10_000).defined(1, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let c = input.number(&C)?;
    for _ in 0..c {
        let n = input.number(&N)?;
        let m = input.number(&M)?;
        verdict(out, bash_wins(input, n, m)?, "Grass", "Rabbit")?;
    }
    input.finish(&cases_read(c))
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let c = scale.pick(rng, 1, 1000, 10);
    line(out, &[c])?;
    for _ in 0..c {
        let m = rng.range(1, 10);
        let mut n = rng.range(1, scale.cap(N.max, 40));
        if rng.chance(1, 3) {
            n = ((n / (m + 1)).max(1) * (m + 1)).min(N.max);
        }
        line(out, &[n, m])?;
    }
    Ok(())
}
