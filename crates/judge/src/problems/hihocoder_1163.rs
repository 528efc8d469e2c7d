//! hihoCoder 1163 博弈游戏·Nim游戏: Nim, Alice moves first.
//!
//! Input `N` (1..=100), then `N` piles (1..=10000). Output `Alice` if the
//! first player wins, else `Bob`.

use std::io::{self, Write};

use grundy::nim::Play;

use super::nim_verdict;
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hihocoder-1163",
    summary: "Nim: N, then N piles; Alice (first player) or Bob wins",
    solve,
    generate,
};

const N: Field = Field::new("the number of piles N", 1, 100).defined(1, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size A[i]", 1, 10_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let n = input.number(&N)?;
    let mut piles = Vec::new();
    input.numbers_into(n, &PILE, &mut piles)?;
    nim_verdict(out, &piles, Play::Normal, "Alice", "Bob")?;
    input.finish("the N piles")
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let n = scale.pick(rng, N.min, N.max, 4);
    line(out, &[n])?;
    line(
        out,
        &heaps(rng, n as usize, PILE.min, scale.cap(PILE.max, 5)),
    )
}
