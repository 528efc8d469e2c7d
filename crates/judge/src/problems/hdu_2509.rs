//! HDU 2509 Be the Winner: take a run of consecutive apples; the last loses.
//!
//! Cases until the end of the input: `n` (1..=100), then `n` group sizes
//! (1..=100). A move takes any run of consecutive apples from one group
//! (which may split it in two); whoever takes the last apple loses. Output
//! `Yes` if the first player wins, else `No`.
//!
//! The engine's [`consecutive`] module proves that this
//! game's misère outcome is misère Nim's on the group sizes.

use std::io::{self, Write};

use grundy::games::consecutive;
use grundy::nim::Play;

use super::{cases_until_eof, verdict};
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-2509",
    summary:
        "misère run-taking: cases n then n groups until EOF; Yes if the first player wins, else No",
    solve,
    generate,
};

const N: Field = Field::new("the number of groups n", 1, 100).defined(1, MAX_CASE_NUMBERS);
const GROUP: Field = Field::new("a group size", 1, 100).defined(1, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_until_eof(input, out, &N, &GROUP, |groups, out| {
        verdict(
            out,
            consecutive::outcome(groups, Play::Misere).mover_wins(),
            "Yes",
            "No",
        )
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 6);
    for _ in 0..cases {
        let n = scale.pick(rng, 1, N.max, 3);
        line(out, &[n])?;
        line(
            out,
            &heaps(rng, n as usize, GROUP.min, scale.cap(GROUP.max, 5)),
        )?;
    }
    Ok(())
}
