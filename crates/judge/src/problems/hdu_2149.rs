//! HDU 2149 Public Sale: the bidding game.
//!
//! Lines `M N` (each 1..=1100) until the end of the input: bids raise the
//! price by `1..=N`, whoever makes it reach `M` or more wins, Lele bids
//! first. Output Lele's winning first bids ascending, separated by single
//! spaces, or `none`. The engine's [`auction`](grundy::games::auction) module
//! reduces the game to Bash's game on the heap `M`.

use std::io::{self, Write};

use grundy::games::auction::winning_bids;

use super::{engine, tuples_until_eof};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-2149",
    summary:
        "bidding (Bash's game): lines `M N` until EOF; the winning first bids ascending, or none",
    solve,
    generate,
};

const M: Field = Field::new("the reserve price M", 1, 1100).defined(1, 1_000_000);
const N: Field = Field::new("the largest raise N", 1, 1100).defined(1, 1_000_000);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    tuples_until_eof(input, out, [&M, &N], |input, [m, n], out| {
        let bids = winning_bids(m, n).map_err(|e| engine(input, e))?;
        if bids.is_empty() {
            out.write_all(b"none\n")?;
        } else {
            line(out, &bids)?;
        }
        Ok(())
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 10);
    for _ in 0..cases {
        let n = rng.range(1, scale.cap(N.max, 8));
        let mut m = rng.range(1, scale.cap(M.max, 30));
        if rng.chance(1, 4) {
            m = ((m / (n + 1)).max(1) * (n + 1)).min(M.max); // often a loss
        }
        line(out, &[m, n])?;
    }
    Ok(())
}
