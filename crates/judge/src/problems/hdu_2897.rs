//! HDU 2897 邂逅明下: take `p..=q` coins, all if fewer than `p` are left;
//! whoever takes the last coin loses.
//!
//! Lines `n p q` (n in 1..=65535, 1 ≤ p ≤ q ≤ 65535) until the end of the
//! input. Output `WIN` if the first player wins, else `LOST`; the rule is
//! the engine's [`misere_range`].

use std::io::{self, Write};

use grundy::games::misere_range;

use super::{engine, tuples_until_eof, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-2897",
    summary: "misère take p..q (all if fewer than p): lines `n p q` until EOF; WIN or LOST",
    solve,
    generate,
};

const N: Field = Field::new("the number of coins n", 1, 65_535).defined(1, u64::MAX);
const P: Field = Field::new("the least take p", 1, 65_535).defined(1, u64::MAX);
const Q: Field = Field::new("the most take q", 1, 65_535).defined(1, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    tuples_until_eof(input, out, [&N, &P, &Q], |input, [n, p, q], out| {
        let outcome = misere_range::outcome(n, p, q).map_err(|e| engine(input, e))?;
        verdict(out, outcome.mover_wins(), "WIN", "LOST")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 10);
    for _ in 0..cases {
        let p = rng.range(1, scale.cap(P.max, 5));
        let q = rng.range(p, scale.cap(Q.max, 8).max(p));
        let n = rng.range(1, scale.cap(N.max, 40));
        line(out, &[n, p, q])?;
    }
    Ok(())
}
