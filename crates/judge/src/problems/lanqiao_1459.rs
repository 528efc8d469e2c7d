//! Lanqiao 1459 高僧斗法 (2013): monks walk up a staircase.
//!
//! Input: one line of strictly increasing steps (1..=999; fewer than 100
//! monks), the last one the top step where a monk stands who cannot move.
//! Output `A B`, the winning move (monk on step `A` walks to step `B`) with
//! the smallest `A`, or `-1` when the first player loses.
//!
//! This is exactly [`Staircase`]: staircase Nim on the gaps between monks;
//! the engine lists winning moves lowest monk first, at most one per monk.

use std::io::{self, Write};

use grundy::games::staircase::Staircase;

use super::engine;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Bounds, Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "lanqiao-1459",
    summary: "高僧斗法: increasing monk steps on one line; the winning move `A B` with the smallest A, or -1",
    solve,
    generate,
};

const STEP: Field = Field::new("a monk's step", 1, 999).defined(1, u64::MAX);
const MAX_MONKS: usize = 99;

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let mut steps = Vec::new();
    let most = match input.bounds() {
        Bounds::Stated => MAX_MONKS,
        Bounds::Defined => MAX_CASE_NUMBERS as usize,
    };
    while let Some(s) = input.next(&STEP)? {
        if steps.len() == most {
            return Err(input.invalid(match input.bounds() {
                Bounds::Stated => format!("more than {MAX_MONKS} monks (N < 100)"),
                Bounds::Defined => format!("more than {most} monks"),
            }));
        }
        steps.push(s);
    }
    if steps.is_empty() {
        return Err(input.truncated("the monks' steps"));
    }
    let stairs = Staircase::new(steps).map_err(|e| engine(input, e))?;
    match stairs.winning_moves().first() {
        Some(m) => writeln!(out, "{} {}", m.from, m.to)?,
        None => out.write_all(b"-1\n")?,
    }
    Ok(())
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let top = scale.pick(rng, 1, STEP.max, 10);
    let most = (top as usize).min(MAX_MONKS) as u64;
    let monks = if scale == Scale::Large {
        most
    } else {
        rng.range(1, most)
    } as usize;
    // Distinct steps below the top, then the top itself.
    let mut steps: Vec<u64> = Vec::with_capacity(monks);
    let mut pool: Vec<u64> = (1..top).collect();
    for _ in 1..monks {
        let i = rng.range(0, pool.len() as u64 - 1) as usize;
        steps.push(pool.swap_remove(i));
    }
    steps.sort_unstable();
    steps.push(top);
    line(out, &steps)
}
