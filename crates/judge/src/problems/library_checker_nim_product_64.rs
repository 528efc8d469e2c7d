//! Library Checker, Nim Product (F_{2^64}) (`nim_product_64`).
//!
//! `T` (1..=10^6), then `T` lines `A B` (0 ≤ A, B < 2^64). Output the nim
//! product `A ⊗ B` for each, one per line.
//!
//! No reduction is needed: the problem is Conway's nim product itself, the
//! multiplication that makes the nimbers below 2^64 a field, computed by the
//! engine's [`grundy::nimber::mul`]. In game terms `A ⊗ B` is the Grundy
//! value of Turning Corners with one heads coin at `(A, B)` (the Tartan
//! theorem: the product of two games of Turning Turtles).
//!
//! At full size the input is about 41 MB; the answers are formatted into a
//! local block and written 64 KiB at a time.

use std::io::{self, Write};

use grundy::nimber;

use super::cases_read;

use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "library-checker-nim-product-64",
    summary: "Nim product: T, then T lines `A B` below 2^64; A ⊗ B per line",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 1_000_000).defined(1, u64::MAX);
const A: Field = Field::new("the first factor A", 0, u64::MAX);
const B: Field = Field::new("the second factor B", 0, u64::MAX);

/// Bytes of answers gathered before a write.
const BLOCK: usize = 1 << 16;

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let t = input.number(&T)?;
    let mut block = Vec::with_capacity(BLOCK + 24);
    let mut read = |input: &mut Input<'_>, block: &mut Vec<u8>| -> Result<()> {
        for _ in 0..t {
            let a = input.number(&A)?;
            let b = input.number(&B)?;
            push_line(block, nimber::mul(a, b));
            if block.len() >= BLOCK {
                out.write_all(block)?;
                block.clear();
            }
        }
        Ok(())
    };
    let result = read(input, &mut block);
    // The answers before a bad line are written either way.
    out.write_all(&block)?;
    result?;
    input.finish(&cases_read(t))
}

/// Appends the decimal digits of `v` and a newline.
fn push_line(block: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    block.extend_from_slice(&digits[i..]);
    block.push(b'\n');
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    // Normal inputs stop at 10^5 cases (4 MB); `--large` is the full 10^6.
    let t = match scale {
        Scale::Normal => rng.range(T.min, 100_000),
        _ => scale.pick(rng, T.min, T.max, 12),
    };
    line(out, &[t])?;
    for _ in 0..t {
        let pair = match scale {
            // The volume is the point: uniform 64-bit operands.
            Scale::Large => [rng.next_u64(), rng.next_u64()],
            _ => factors(rng, scale),
        };
        line(out, &pair)?;
    }
    Ok(())
}

/// A pair of factors of a random kind: uniform; small (below a random power
/// of two, capped at 2^8 for [`Scale::Small`]); Fermat 2-powers and the
/// extremes 0, 1 and 2^64 − 1; or a nimber and its inverse (product 1).
fn factors(rng: &mut Rng, scale: Scale) -> [u64; 2] {
    let bits = |rng: &mut Rng| -> u64 {
        let k = rng.range(1, scale.cap(64, 8));
        if k == 64 {
            rng.next_u64()
        } else {
            rng.range(0, (1 << k) - 1)
        }
    };
    let edge = |rng: &mut Rng| -> u64 {
        const EDGES: [u64; 10] = [0, 1, 2, 3, 16, 256, 65536, 1 << 32, 1 << 63, u64::MAX];
        let cap = scale.cap(EDGES.len() as u64 - 1, 5);
        EDGES[rng.range(0, cap) as usize]
    };
    match rng.range(0, 5) {
        0 if scale != Scale::Small => [rng.next_u64(), rng.next_u64()],
        1 => [edge(rng), bits(rng)],
        2 => [edge(rng), edge(rng)],
        3 => {
            let a = bits(rng).max(1);
            [a, nimber::inv(a).expect("a ≠ 0")]
        }
        _ => [bits(rng), bits(rng)],
    }
}
