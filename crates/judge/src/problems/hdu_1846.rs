//! HDU 1846 Brave Game: Bash's game.
//!
//! `C`, then `C` lines `n m` (each 1..=1000): one pile of `n`, a move takes
//! `1..=m`, the last to take wins. Output `first` or `second`, whoever wins:
//! the subtraction game [`Subtraction::Range`] `1..=m`, closed form in the
//! engine.

use std::io::{self, Write};

use grundy::rule::{Rule, Subtraction};

use super::{cases_read, engine, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-1846",
    summary: "Bash's game: C; C lines `n m` (take 1..m); first or second wins",
    solve,
    generate,
};

const C: Field = Field::new("the number of cases C", 1, 1_000_000).defined(1, u64::MAX);
const N: Field = Field::new("the pile size n", 1, 1000).defined(1, u64::MAX);
const M: Field = Field::new("the most a move takes, m", 1, 1000).defined(1, u64::MAX);

/// Whether the first player wins Bash's game `1..=m` on a pile of `n`.
pub(crate) fn bash_wins(input: &Input<'_>, n: u64, m: u64) -> Result<bool> {
    let rule = Rule::Subtraction(Subtraction::range(1, m).map_err(|e| engine(input, e))?);
    let value = rule.closed_form(n).expect("ranges have a closed form");
    Ok(value != 0)
}

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let c = input.number(&C)?;
    for _ in 0..c {
        let n = input.number(&N)?;
        let m = input.number(&M)?;
        verdict(out, bash_wins(input, n, m)?, "first", "second")?;
    }
    input.finish(&cases_read(c))
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let c = scale.pick(rng, 1, 1000, 10);
    line(out, &[c])?;
    for _ in 0..c {
        let m = rng.range(1, scale.cap(M.max, 6));
        let mut n = rng.range(1, scale.cap(N.max, 40));
        if rng.chance(1, 3) {
            // A multiple of m+1: the first player loses.
            n = ((n / (m + 1)).max(1) * (m + 1)).min(N.max);
        }
        line(out, &[n, m])?;
    }
    Ok(())
}
