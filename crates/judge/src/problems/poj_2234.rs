//! POJ 2234 Matches Game: Nim.
//!
//! Lines `M a1 … aM` (M in 1..=20, each pile up to 10^7) until the end of
//! the input. Output `Yes` if the first player wins, else `No`.

use std::io::{self, Write};

use grundy::nim::Play;

use super::{cases_until_eof, nim_verdict};
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "poj-2234",
    summary: "Nim: lines `M a1..aM` until EOF; Yes if the first player wins, else No",
    solve,
    generate,
};

const M: Field = Field::new("the number of piles M", 1, 20).defined(1, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 0, 10_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_until_eof(input, out, &M, &PILE, |piles, out| {
        nim_verdict(out, piles, Play::Normal, "Yes", "No")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 6);
    for _ in 0..cases {
        let m = scale.pick(rng, 1, M.max, 4);
        let mut values = vec![m];
        values.extend(heaps(rng, m as usize, 1, scale.cap(PILE.max, 5)));
        line(out, &values)?;
    }
    Ok(())
}
