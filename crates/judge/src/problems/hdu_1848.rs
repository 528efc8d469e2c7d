//! HDU 1848 Fibonacci again and again: three heaps of a subtraction game
//! whose moves are the Fibonacci numbers 1, 2, 3, 5, 8, …
//!
//! Lines `m n p` (each 1..=1000); `0 0 0` ends the input. Output `Fibo` if
//! the first player wins, else `Nacci`. The sum is decided by the nim-sum of
//! the heaps' Grundy values ([`Subtraction::Fibonacci`] via [`NimSequence`]).

use std::io::{self, Write};

use grundy::limits::Limits;
use grundy::rule::{Rule, Subtraction};
use grundy::sequence::NimSequence;

use super::{engine, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-1848",
    summary: "Fibonacci subtraction, three heaps: lines `m n p`, `0 0 0` ends; Fibo (first player) or Nacci wins",
    solve,
    generate,
};

const HEAP: Field = Field::new("a heap size, or 0 0 0 to end", 0, 1000);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let rule = Rule::Subtraction(Subtraction::Fibonacci);
    let seq = NimSequence::new(&rule, HEAP.max, Limits::default()).map_err(|e| engine(input, e))?;
    loop {
        let heaps = [
            input.number(&HEAP)?,
            input.number(&HEAP)?,
            input.number(&HEAP)?,
        ];
        if heaps == [0, 0, 0] {
            return input.finish("the terminating 0 0 0");
        }
        if heaps.contains(&0) {
            return Err(input.invalid(format!(
                "heap sizes are 1..=1000 (only `0 0 0` ends the input), found {} {} {}",
                heaps[0], heaps[1], heaps[2]
            )));
        }
        let value = seq.value_of(&heaps).map_err(|e| engine(input, e))?;
        verdict(out, value != 0, "Fibo", "Nacci")?;
    }
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 1000, 8);
    let top = scale.cap(HEAP.max, 30);
    let rule = Rule::Subtraction(Subtraction::Fibonacci);
    let seq = NimSequence::new(&rule, top, Limits::default()).map_err(io::Error::other)?;
    let value = |h: u64| seq.value(h).expect("computed up to top");
    for _ in 0..cases {
        let mut heaps = [rng.range(1, top), rng.range(1, top), rng.range(1, top)];
        if rng.chance(1, 6) {
            heaps = [1, 1, 1];
        } else if rng.chance(1, 3) {
            // A loss: the third heap with the value of the other two.
            let want = value(heaps[0]) ^ value(heaps[1]);
            let start = heaps[2];
            if let Some(h) = (start..=top).chain(1..start).find(|&h| value(h) == want) {
                heaps[2] = h;
            }
        }
        line(out, &heaps)?;
    }
    line(out, &[0, 0, 0])
}
