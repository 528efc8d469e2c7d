//! HDU 3537 Daizhenyang's Coin: Mock Turtles.
//!
//! Cases until the end of the input: `n` (0..=100), then the `n` positions
//! of the heads coins (coins numbered from 0, each below 10^8; a position
//! may be listed twice and is then one coin). A move turns one, two or
//! three coins, the rightmost from heads to tails. Output `Yes` if the
//! player to move loses, else `No`.
//!
//! Reduction: the row is [`CoinRow`] under [`Rule::Mock`]; it is lost
//! exactly when its Grundy value, the nim-sum of the odious numbers
//! `2x + [x has an even number of 1 bits]` of its heads coins, is 0.

use std::io::{self, Write};

use grundy::games::coins::{CoinRow, Rule};

use super::{engine, verdict};
use crate::error::Result;
use crate::gen::line;
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::{Problem, Scale};

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-3537",
    summary: "Mock Turtles: n then n heads positions until EOF; Yes if the first player loses",
    solve,
    generate,
};

const N: Field = Field::new("the number of heads coins n", 0, 100).defined(0, MAX_CASE_NUMBERS);
const COIN: Field = Field::new("a heads position", 0, 99_999_999).defined(0, u64::MAX);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let mut heads = Vec::new();
    while let Some(n) = input.next(&N)? {
        input.numbers_into(n, &COIN, &mut heads)?;
        let row = CoinRow::new(Rule::Mock, &heads).map_err(|e| engine(input, e))?;
        verdict(out, row.grundy() == 0, "Yes", "No")?;
    }
    Ok(())
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 100, 8);
    let top = scale.cap(COIN.max, 9);
    for _ in 0..cases {
        let n = scale.pick(rng, 0, N.max, 5);
        let mut heads: Vec<u64> = (0..n).map(|_| rng.range(0, top)).collect();
        // A repeated coin, and (often) a loss: the last coin chosen so that
        // the values cancel, when that coin is in range.
        if n >= 2 && rng.range(0, 3) == 0 {
            heads[1] = heads[0];
        }
        if n >= 2 && rng.range(0, 2) == 0 {
            let mut distinct = heads[..n as usize - 1].to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            let rest = distinct
                .iter()
                .fold(0, |acc, &x| acc ^ Rule::Mock.coin_value(x));
            let x = rest >> 1;
            if rest != 0 && Rule::Mock.coin_value(x) == rest && x <= top && !distinct.contains(&x) {
                heads[n as usize - 1] = x;
            }
        }
        line(out, &[n])?;
        line(out, &heads)?;
    }
    Ok(())
}
