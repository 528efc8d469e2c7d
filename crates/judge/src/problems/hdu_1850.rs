//! HDU 1850 Being a Good Boy in Spring Festival: how many first moves win.
//!
//! Cases `M` (1..=100), then `M` piles (up to 10^6); `M = 0` ends the input.
//! Output the number of winning first moves ([`winning_move_count`]).

use std::io::{self, Write};

use grundy::nim::winning_move_count;

use super::cases_until_zero;
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-1850",
    summary: "Nim: cases M then M piles, 0 ends; the number of winning first moves",
    solve,
    generate,
};

const M: Field =
    Field::new("the number of piles M, or 0 to end", 0, 100).defined(0, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 1, 1_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_until_zero(input, out, &M, &PILE, |piles, out| {
        writeln!(out, "{}", winning_move_count(piles))?;
        Ok(())
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 100, 6);
    for _ in 0..cases {
        let n = scale.pick(rng, 1, M.max, 4);
        line(out, &[n])?;
        line(
            out,
            &heaps(rng, n as usize, PILE.min, scale.cap(PILE.max, 6)),
        )?;
    }
    line(out, &[0])
}
