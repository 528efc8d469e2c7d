//! Luogu P2197 【模板】Nim 游戏.
//!
//! `T` (1..=10), then `T` cases: `n` (1..=10^4), then `n` piles (0..=10^4;
//! empty piles allowed). Output `Yes` if the first player wins, else `No`.

use std::io::{self, Write};

use grundy::nim::Play;

use super::{cases_counted, nim_verdict};
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "luogu-p2197",
    summary: "Nim: T; each case n then n piles (0 allowed); Yes if the first player wins, else No",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 10).defined(1, u64::MAX);
const N: Field = Field::new("the number of piles n", 1, 10_000).defined(1, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 0, 10_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_counted(input, out, &T, &N, &PILE, |piles, out| {
        nim_verdict(out, piles, Play::Normal, "Yes", "No")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let t = scale.pick(rng, 1, T.max, 5);
    line(out, &[t])?;
    for _ in 0..t {
        let n = scale.pick(rng, 1, N.max, 4);
        line(out, &[n])?;
        line(
            out,
            &heaps(rng, n as usize, PILE.min, scale.cap(PILE.max, 5)),
        )?;
    }
    Ok(())
}
