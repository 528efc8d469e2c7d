//! HDU 3404 Switch lights: Turtles × Turtles.
//!
//! `T` (1..=100), then `T` cases: `n` (0..=1000), then `n` lines `x y`
//! (1..=10000 each), the lights that are on, no two at the same place. A
//! move picks a rectangle with corners `(x1, y1), (x2, y2)`, `x1 ≤ x2`,
//! `y1 ≤ y2`, whose corner `(x2, y2)` is on, and switches its (distinct)
//! corners; the rectangle may be a line or a single cell. Whoever switches
//! the last light off wins. The first player is lxhgww: output
//! `Have a try, lxhgww.` if he wins, else `Don't waste your time.`
//!
//! Reduction: a move switches `T1 × T2`, where `T1 = {x1, x2}` and
//! `T2 = {y1, y2}` are moves of Turning Turtles (one or two coins, numbered
//! from 1) with rightmost coins `x2` and `y2`; so the board is the
//! [`CoinProduct`] of two Turtles rows, and by the Tartan theorem it is won
//! exactly when the nim-sum of the nim products `x ⊗ y` of its lights is
//! not 0.

use std::collections::HashSet;
use std::io::{self, Write};

use grundy::games::coins::{CoinProduct, Rule};
use grundy::nimber;

use super::{cases_read, engine, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-3404",
    summary: "Switch lights (Turtles × Turtles): T; each n then n lights `x y`; who wins",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 100).defined(1, u64::MAX);
const N: Field = Field::new("the number of lights n", 0, 1000).defined(0, MAX_CASE_NUMBERS / 2);
const X: Field = Field::new("a light's x", 1, 10_000).defined(1, u64::MAX);
const Y: Field = Field::new("a light's y", 1, 10_000).defined(1, u64::MAX);

const FACTORS: [Rule; 2] = [Rule::Turtles, Rule::Turtles];

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let t = input.number(&T)?;
    let mut lights = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..t {
        let n = input.number(&N)?;
        lights.clear();
        seen.clear();
        for _ in 0..n {
            let x = input.number(&X)?;
            let y = input.number(&Y)?;
            if !seen.insert((x, y)) {
                return Err(input.invalid(format!(
                    "lights must be at distinct places, but ({x}, {y}) appears twice"
                )));
            }
            lights.push(vec![x, y]);
        }
        let board = CoinProduct::new(&FACTORS, &lights).map_err(|e| engine(input, e))?;
        verdict(
            out,
            board.grundy() != 0,
            "Have a try, lxhgww.",
            "Don't waste your time.",
        )?;
    }
    input.finish(&cases_read(t))
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let t = scale.pick(rng, T.min, T.max, 8);
    // Small boards stay within 4 × 4, where an exhaustive search of the
    // whole board is quick.
    let top = scale.cap(X.max, 4);
    line(out, &[t])?;
    for _ in 0..t {
        let n = scale.pick(rng, N.min, N.max, 6).min(top * top);
        let mut seen = HashSet::new();
        let mut lights = Vec::new();
        while (lights.len() as u64) < n {
            let light = [rng.range(1, top), rng.range(1, top)];
            if seen.insert(light) {
                lights.push(light);
            }
        }
        // Often a loss: the last light placed where its value cancels the
        // others' (x ⊗ y = rest, so y = rest ⊗ x⁻¹), when that is in range
        // and free.
        if n >= 2 && rng.chance(1, 2) {
            seen.remove(&lights[n as usize - 1]);
            let rest = lights[..n as usize - 1]
                .iter()
                .fold(0, |acc, l| acc ^ nimber::mul(l[0], l[1]));
            for _ in 0..8 {
                let x = rng.range(1, top);
                let y = nimber::inv(x).map(|i| nimber::mul(rest, i));
                if let Some(y) = y.filter(|&y| (1..=top).contains(&y) && !seen.contains(&[x, y])) {
                    lights[n as usize - 1] = [x, y];
                    break;
                }
            }
            seen.insert(lights[n as usize - 1]);
        }
        line(out, &[n])?;
        for light in &lights {
            line(out, light)?;
        }
    }
    Ok(())
}
