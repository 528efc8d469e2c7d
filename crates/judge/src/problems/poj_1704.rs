//! POJ 1704 Georgia and Bob: pieces on a row move left.
//!
//! `T` (1..=20), then `T` cases: `N` (1..=1000), then `N` distinct positions
//! (1..=10000) in any order. A move shifts one piece left by any number of
//! squares, without passing or landing on another piece or going below
//! square 1. Georgia moves first. Output `Georgia will win` or
//! `Bob will win`.
//!
//! **Reduction to [`Staircase`].** Mirror the row: with `W` = the largest
//! position + 1, a piece at `p` becomes a monk on step `W − p`, and the wall
//! left of square 1 (square 0) becomes a monk on the top step `W`, who never
//! moves. Moving a piece left is walking its monk up; passing a piece or the
//! wall is passing a monk. So the position is the staircase of those steps.

use std::io::{self, Write};

use grundy::games::staircase::Staircase;

use super::{cases_read, engine};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "poj-1704",
    summary: "Georgia and Bob: T; each N then N distinct positions; who wins (Georgia moves first)",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 20).defined(1, u64::MAX);
const N: Field = Field::new("the number of pieces N", 1, 1000).defined(1, MAX_CASE_NUMBERS);
const POS: Field = Field::new("a piece's position", 1, 10_000).defined(1, u64::MAX - 1);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let t = input.number(&T)?;
    let mut positions = Vec::new();
    for _ in 0..t {
        let n = input.number(&N)?;
        input.numbers_into(n, &POS, &mut positions)?;
        positions.sort_unstable();
        if let Some(w) = positions.windows(2).find(|w| w[0] == w[1]) {
            return Err(input.invalid(format!(
                "positions must be distinct, but {} appears twice",
                w[0]
            )));
        }
        let wall = positions[positions.len() - 1] + 1;
        let steps: Vec<u64> = positions
            .iter()
            .rev()
            .map(|&p| wall - p)
            .chain([wall])
            .collect();
        let stairs = Staircase::new(steps).map_err(|e| engine(input, e))?;
        let line = if stairs.grundy() != 0 {
            "Georgia will win\n"
        } else {
            "Bob will win\n"
        };
        out.write_all(line.as_bytes())?;
    }
    input.finish(&cases_read(t))
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let t = scale.pick(rng, 1, T.max, 5);
    line(out, &[t])?;
    for _ in 0..t {
        let width = scale.pick(rng, 1, POS.max, 7);
        let most = width.min(N.max);
        let n = if scale == Scale::Large {
            most
        } else {
            rng.range(1, most)
        };
        // Distinct positions: a partial shuffle of 1..=width.
        let mut pool: Vec<u64> = (1..=width).collect();
        let mut chosen = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let i = rng.range(0, pool.len() as u64 - 1) as usize;
            chosen.push(pool.swap_remove(i));
        }
        if rng.chance(1, 4) {
            // The packed row 1..n (no move at all) is an edge case worth having.
            chosen = (1..=n).rev().collect();
        }
        line(out, &[n])?;
        line(out, &chosen)?;
    }
    Ok(())
}
