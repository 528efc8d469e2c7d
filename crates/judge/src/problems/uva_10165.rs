//! UVa 10165 Stone Game: Nim.
//!
//! Cases `N` (1..=20), then `N` piles (up to 2·10^9); `0` ends the input.
//! Output `Yes` if the first player wins, else `No`.

use std::io::{self, Write};

use grundy::nim::Play;

use super::{cases_until_zero, nim_verdict};
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "uva-10165",
    summary: "Nim: cases N then N piles (up to 2e9), 0 ends; Yes if the first player wins, else No",
    solve,
    generate,
};

const N: Field =
    Field::new("the number of piles N, or 0 to end", 0, 20).defined(0, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 0, 2_000_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_until_zero(input, out, &N, &PILE, |piles, out| {
        nim_verdict(out, piles, Play::Normal, "Yes", "No")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 6);
    for _ in 0..cases {
        let n = scale.pick(rng, 1, N.max, 4);
        line(out, &[n])?;
        line(out, &heaps(rng, n as usize, 1, scale.cap(PILE.max, 5)))?;
    }
    line(out, &[0])
}
