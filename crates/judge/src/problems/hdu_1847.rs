//! HDU 1847 Good Luck in CET-4 Everybody!: take a power of two.
//!
//! One `n` (1..=1000) per line until the end of the input. Kiki moves first.
//! Output `Kiki` if she wins, else `Cici`: the subtraction game
//! [`Subtraction::PowersOfTwo`], whose value the engine knows in closed form.

use std::io::{self, Write};

use grundy::limits::Limits;
use grundy::rule::{Rule, Subtraction};
use grundy::sequence::NimSequence;

use super::{engine, tuples_until_eof, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-1847",
    summary: "take a power of two: one n per line until EOF; Kiki (first player) or Cici wins",
    solve,
    generate,
};

const N: Field = Field::new("the number of cards n", 1, 1000).defined(1, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let rule = Rule::Subtraction(Subtraction::PowersOfTwo);
    let seq = NimSequence::new(&rule, N.max, Limits::default()).map_err(|e| engine(input, e))?;
    tuples_until_eof(input, out, [&N], |input, [n], out| {
        let value = seq.value(n).map_err(|e| engine(input, e))?;
        verdict(out, value != 0, "Kiki", "Cici")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 10);
    for _ in 0..cases {
        line(out, &[rng.range(1, scale.cap(N.max, 60))])?;
    }
    Ok(())
}
