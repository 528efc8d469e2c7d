//! HDU 2176 取(m堆)石子游戏: Nim, with every winning move.
//!
//! Cases `m` (1..=200000), then `m` piles (1..=10^9); `0` ends the input.
//! Output `No` if the first player loses; else `Yes`, then one line `a b` per
//! winning move (a pile of `a` taken down to `b`), in input order — the
//! engine's [`winning_moves`], which lists them in heap order.

use std::io::{self, Write};

use grundy::nim::{winning_moves, Play};

use super::cases_until_zero;
use crate::error::Result;
use crate::gen::{heaps, line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-2176",
    summary:
        "Nim: cases m then m piles, 0 ends; No, or Yes and every winning move `a b` in input order",
    solve,
    generate,
};

const M: Field =
    Field::new("the number of piles m, or 0 to end", 0, 200_000).defined(0, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 1, 1_000_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_until_zero(input, out, &M, &PILE, |piles, out| {
        let moves = winning_moves(piles, Play::Normal);
        if moves.is_empty() {
            out.write_all(b"No\n")?;
        } else {
            out.write_all(b"Yes\n")?;
            for m in moves {
                line(out, &[m.from, m.to])?;
            }
        }
        Ok(())
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 20, 6);
    for _ in 0..cases {
        let m = scale.pick(rng, 1, M.max, 4);
        line(out, &[m])?;
        line(
            out,
            &heaps(rng, m as usize, PILE.min, scale.cap(PILE.max, 6)),
        )?;
    }
    line(out, &[0])
}
