//! HDU 3032 Nim or not Nim?: Lasker's Nim.
//!
//! `T` (1..=100), then `T` cases: `N` (1..=10^6), then `N` piles
//! (1..=2^31−1). A move takes any number from one pile, or splits a pile
//! into two non-empty piles. Output `Alice` (who moves first) if she wins,
//! else `Bob`: the nim-sum of [`lasker::value`] over the piles.

use std::io::{self, Write};

use grundy::games::lasker;

use super::{cases_counted, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-3032",
    summary:
        "Lasker's Nim (take or split): T; each N then N piles; Alice (first player) or Bob wins",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 100).defined(1, u64::MAX);
const N: Field = Field::new("the number of piles N", 1, 1_000_000).defined(1, MAX_CASE_NUMBERS);
const PILE: Field = Field::new("a pile size", 1, (1 << 31) - 1).defined(1, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    cases_counted(input, out, &T, &N, &PILE, |piles, out| {
        let sum = piles.iter().fold(0, |s, &h| s ^ lasker::value(h));
        verdict(out, sum != 0, "Alice", "Bob")
    })
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    // Normal inputs stay around a megabyte; large ones are full size.
    let (t, most) = match scale {
        Scale::Small => (rng.range(1, 5), 4),
        Scale::Normal => (rng.range(1, 20), 10_000),
        // Ten full-size cases: about 110 MB (a hundred would be a gigabyte).
        Scale::Large => (10, N.max),
    };
    line(out, &[t])?;
    for _ in 0..t {
        let n = if scale == Scale::Large {
            most
        } else {
            rng.range(1, most)
        };
        let top = scale.cap(PILE.max, 9);
        let mut piles: Vec<u64> = (0..n).map(|_| rng.range(1, top)).collect();
        match rng.range(0, 3) {
            // A loss: the last pile given the value of the others, if it fits.
            0 if n >= 2 => {
                let rest = piles[..n as usize - 1]
                    .iter()
                    .fold(0, |s, &h| s ^ lasker::value(h));
                if let Some(h) = lasker::heap_with_value(rest).filter(|h| (1..=top).contains(h)) {
                    piles[n as usize - 1] = h;
                }
            }
            // Mirrored pairs: a loss.
            1 => {
                for i in (1..piles.len()).step_by(2) {
                    piles[i] = piles[i - 1];
                }
            }
            _ => {}
        }
        line(out, &[n])?;
        line(out, &piles)?;
    }
    Ok(())
}
