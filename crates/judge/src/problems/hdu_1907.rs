//! HDU 1907 John, and POJ 3480 John (the same problem): misère Nim.
//!
//! `T`, then `T` cases: `N` (1..=47), then `N` piles (1..=4747). Whoever eats
//! the last candy loses. Output `John` (who moves first) if he wins, else
//! `Brother`: [`grundy::nim::outcome`] with [`Play::Misere`].

use std::io::{self, Write};

use grundy::nim::Play;

use super::{cases_counted, nim_verdict};
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const HDU_1907: Problem = Problem {
    id: "hdu-1907",
    summary: "misère Nim: T; each N then N piles; John (first player) or Brother wins",
    solve,
    generate,
};

pub(crate) const POJ_3480: Problem = Problem {
    id: "poj-3480",
    summary: "misère Nim (same as hdu-1907): John or Brother wins",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 100_000).defined(1, u64::MAX);
const N: Field = Field::new("the number of piles N", 1, 47).defined(1, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 1, 4747).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_counted(input, out, &T, &N, &PILE, |piles, out| {
        nim_verdict(out, piles, Play::Misere, "John", "Brother")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let t = scale.pick(rng, 1, 1000, 6);
    line(out, &[t])?;
    for _ in 0..t {
        let n = scale.pick(rng, 1, N.max, 4);
        line(out, &[n])?;
        line(
            out,
            &heaps(rng, n as usize, PILE.min, scale.cap(PILE.max, 4)),
        )?;
    }
    Ok(())
}
