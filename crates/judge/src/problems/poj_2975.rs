//! POJ 2975 Nim: how many first moves win.
//!
//! Cases `n` (1..=1000), then `n` piles (1..=10^9); a lone `0` ends the
//! input. Output the number of winning first moves: in Nim at most one per
//! pile, so the engine's [`winning_move_count`] (the piles having the top bit
//! of the nim-sum set).

use std::io::{self, Write};

use grundy::nim::winning_move_count;

use super::cases_until_zero;
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "poj-2975",
    summary: "Nim: cases n then n piles, 0 ends; the number of winning first moves",
    solve,
    generate,
};

const N: Field =
    Field::new("the number of piles n, or 0 to end", 0, 1000).defined(0, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 1, 1_000_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_until_zero(input, out, &N, &PILE, |piles, out| {
        writeln!(out, "{}", winning_move_count(piles))?;
        Ok(())
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = match scale {
        Scale::Small => rng.range(1, 6),
        Scale::Normal => rng.range(1, 20),
        Scale::Large => 10_000,
    };
    for _ in 0..cases {
        let n = scale.pick(rng, 1, N.max, 4);
        line(out, &[n])?;
        let piles = if scale == Scale::Large {
            // Plain random piles: the volume is the point here.
            (0..n).map(|_| rng.range(PILE.min, PILE.max)).collect()
        } else {
            heaps(rng, n as usize, PILE.min, scale.cap(PILE.max, 6))
        };
        line(out, &piles)?;
    }
    line(out, &[0])
}
