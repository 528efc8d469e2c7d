//! HDU 1536 S-Nim, and POJ 2960 S-Nim (the same problem): sums of a
//! subtraction game.
//!
//! Cases: `k s1 … sk` (k in 1..=100, each s in 1..=10000, repeats and any
//! order allowed); then `m` (1..=100); then `m` lines `l h1 … hl` (l in
//! 1..=100, each heap in 0..=10000). A lone `0` in place of `k` ends the
//! input. Output one line per case: for each position, `W` if the first
//! player wins, else `L`.
//!
//! The game is the subtraction game on the set S ([`Subtraction::finite`]);
//! the engine's [`NimSequence`] gives `G(h)`, and a position wins when the
//! nim-sum of its heaps' values is non-zero.

use std::io::{self, Write};

use grundy::limits::Limits;
use grundy::rule::{Rule, Subtraction};
use grundy::sequence::NimSequence;

use super::engine;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const HDU_1536: Problem = Problem {
    id: "hdu-1536",
    summary: "S-Nim: cases `k s1..sk`, m, m lines `l h1..hl`, 0 ends; a line of W/L per case",
    solve,
    generate,
};

pub(crate) const POJ_2960: Problem = Problem {
    id: "poj-2960",
    summary: "S-Nim (same as hdu-1536): a line of W/L per case",
    solve,
    generate,
};

const K: Field = Field::new("the size of S, k, or 0 to end", 0, 100).defined(0, MAX_CASE_NUMBERS);
const S: Field = Field::new("a member of S", 1, 10_000).defined(1, u64::MAX);
const M: Field = Field::new("the number of positions m", 1, 100).defined(1, MAX_CASE_NUMBERS);
const L: Field = Field::new("the number of heaps l", 1, 100).defined(1, MAX_CASE_NUMBERS);
const HEAP: Field = Field::new("a heap size", 0, 10_000);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let mut set = Vec::new();
    let mut heaps = Vec::new();
    let mut verdicts = Vec::new();
    loop {
        let k = input.number(&K)?;
        if k == 0 {
            return input.finish("the terminating 0");
        }
        input.numbers_into(k, &S, &mut set)?;
        let rule = Subtraction::finite(set.clone())
            .map(Rule::Subtraction)
            .map_err(|e| engine(input, e))?;
        // Every heap is at most HEAP.max, so that much of the sequence does.
        let seq =
            NimSequence::new(&rule, HEAP.max, Limits::default()).map_err(|e| engine(input, e))?;
        let m = input.number(&M)?;
        verdicts.clear();
        for _ in 0..m {
            let l = input.number(&L)?;
            input.numbers_into(l, &HEAP, &mut heaps)?;
            let value = seq.value_of(&heaps).map_err(|e| engine(input, e))?;
            verdicts.push(if value != 0 { b'W' } else { b'L' });
        }
        verdicts.push(b'\n');
        out.write_all(&verdicts)?;
    }
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 20, 4);
    for _ in 0..cases {
        let k = scale.pick(rng, 1, K.max, 3);
        let smax = scale.cap(S.max, 5);
        let mut set: Vec<u64> = vec![k];
        for _ in 0..k {
            let top = if rng.chance(1, 2) { smax.min(20) } else { smax };
            set.push(rng.range(1, top));
        }
        line(out, &set)?;
        let m = scale.pick(rng, 1, M.max, 3);
        line(out, &[m])?;
        for _ in 0..m {
            let l = scale.pick(rng, 1, L.max, 3);
            let hmax = scale.cap(HEAP.max, 12);
            let mut pos = vec![l];
            pos.extend((0..l).map(|_| rng.range(0, hmax)));
            if rng.chance(1, 3) {
                // Equal heaps cancel in pairs: often a loss.
                for i in (2..pos.len()).step_by(2) {
                    pos[i] = pos[i - 1];
                }
            }
            line(out, &pos)?;
        }
    }
    line(out, &[0])
}
