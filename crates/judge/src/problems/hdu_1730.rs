//! HDU 1730 Northcott Game.
//!
//! Cases until the end of the input (blank lines between them are fine):
//! `n m` (n rows in 1..=1000, m columns in 2..=100), then `n` lines `T J`
//! (1..=m, T ≠ J), the columns of the first player's and the second player's
//! piece in that row. Output `I WIN!` if the first player wins, else
//! `BAD LUCK!`.
//!
//! The engine's [`northcott`] module shows the game is
//! Nim on the gaps between the two pieces of each row.

use std::io::{self, Write};

use grundy::games::northcott;
use grundy::nim::Play;

use super::{engine, nim_verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-1730",
    summary: "Northcott's game: cases `n m` then n lines `T J` until EOF; I WIN! or BAD LUCK!",
    solve,
    generate,
};

const ROWS: Field = Field::new("the number of rows n", 1, 1000).defined(1, MAX_CASE_NUMBERS);
const COLS: Field = Field::new("the number of columns m", 2, 100).defined(2, u64::MAX);
const COL: Field = Field::new("a piece's column", 1, 100).defined(1, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let mut gaps = Vec::new();
    while let Some(n) = input.next(&ROWS)? {
        let m = input.number(&COLS)?;
        gaps.clear();
        for _ in 0..n {
            let t = input.number(&COL)?;
            let j = input.number(&COL)?;
            if t > m || j > m {
                return Err(
                    input.invalid(format!("columns are 1..={m} on this board, found {t} {j}"))
                );
            }
            gaps.push(northcott::gap(t, j).map_err(|e| engine(input, e))?);
        }
        nim_verdict(out, &gaps, Play::Normal, "I WIN!", "BAD LUCK!")?;
    }
    Ok(())
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 100, 4);
    for case in 0..cases {
        if case > 0 {
            out.write_all(b"\n")?;
        }
        let n = scale.pick(rng, 1, ROWS.max, 2);
        let m = scale.pick(rng, COLS.min, COLS.max, 5);
        line(out, &[n, m])?;
        let mirrored = n >= 2 && rng.chance(1, 3);
        let mut previous = [1, 2];
        for row in 0..n {
            let t = rng.range(1, m);
            let mut j = rng.range(1, m - 1);
            if j >= t {
                j += 1;
            }
            // Mirrored cases repeat each row once (equal gaps cancel); an
            // odd last row is left with no gap.
            let pair = match (mirrored, row % 2, row + 1 == n) {
                (true, 1, _) => previous,
                (true, 0, true) => [1, 2],
                _ => [t, j],
            };
            previous = pair;
            line(out, &pair)?;
        }
    }
    Ok(())
}
