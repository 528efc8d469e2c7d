//! HDU 1729 Stone Game: boxes that fill up.
//!
//! Cases `N` (1..=50), then `N` lines `s c` (0 ≤ c ≤ s ≤ 10^6): a box of
//! capacity `s` holding `c` stones; a move adds `1..=c²` stones to one box
//! without passing its capacity. `N = 0` ends the input. Output `Case k:`
//! (k from 1), then `Yes` if the first player wins, else `No`.
//!
//! Each box is a component of a sum; its value is
//! [`boxes::grundy`], and the sum wins when the
//! nim-sum of the boxes' values is non-zero.

use std::io::{self, Write};

use grundy::games::boxes;
use grundy::nimber::nim_sum;

use super::{engine, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-1729",
    summary:
        "box game (add 1..c² stones): cases N then N lines `s c`, 0 ends; `Case k:` then Yes/No",
    solve,
    generate,
};

const N: Field =
    Field::new("the number of boxes N, or 0 to end", 0, 50).defined(0, MAX_CASE_NUMBERS);
const S: Field = Field::new("a box's capacity s", 0, 1_000_000).defined(0, u64::MAX);
const C: Field = Field::new("the stones in a box c", 0, 1_000_000).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let mut values = Vec::new();
    for case in 1.. {
        let n = input.number(&N)?;
        if n == 0 {
            return input.finish("the terminating 0");
        }
        values.clear();
        for _ in 0..n {
            let s = input.number(&S)?;
            let c = input.number(&C)?;
            values.push(boxes::grundy(s, c).map_err(|e| engine(input, e))?);
        }
        writeln!(out, "Case {case}:")?;
        verdict(out, nim_sum(values.iter().copied()) != 0, "Yes", "No")?;
    }
    unreachable!("the loop over cases ends only by returning")
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 100, 5);
    for _ in 0..cases {
        let n = scale.pick(rng, 1, 50, 3);
        let mut boxes: Vec<[u64; 2]> = (0..n)
            .map(|_| {
                let s = rng.range(0, scale.cap(S.max, 14));
                let c = match rng.range(0, 4) {
                    0 => 0,
                    1 => s,
                    _ => rng.range(0, s),
                };
                [s, c]
            })
            .collect();
        if n >= 2 && rng.chance(1, 3) {
            // Each box twice: values cancel, the first player loses.
            for i in (1..boxes.len()).step_by(2) {
                boxes[i] = boxes[i - 1];
            }
            if n % 2 == 1 {
                boxes[n as usize - 1] = [5, 0];
            }
        }
        line(out, &[n])?;
        for b in boxes {
            line(out, &b)?;
        }
    }
    line(out, &[0])
}
