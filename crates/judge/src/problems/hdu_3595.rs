//! HDU 3595 GG and MM: Euclid's game, every game at once.
//!
//! Cases until the end of the input: `N` (1..=1000), then `N` lines `p q`
//! (1..=1000 each), one game per line: two piles, and a move takes a
//! positive multiple of the smaller pile from the larger; the player who
//! cannot move in a game has lost it. The `N` games are played at the same
//! time: on each turn the player moves in every game that is not yet over,
//! and whoever wins the game that ends last wins. MM moves first. Output
//! `MM` if MM wins, else `GG`.
//!
//! Reduction: an every-game sum of Euclid's game (see the engine's
//! [`every`](grundy::every) module): MM wins exactly when the largest of the
//! games' steps ([`euclid_steps`], Smith's suspense numbers along the
//! continued fraction of `p/q`) is odd.

use std::io::{self, Write};

use grundy::game::mover_wins;
use grundy::games::euclid::euclid_steps;

use super::verdict;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-3595",
    summary: "GG and MM: N then N pairs `p q` until EOF, Euclid games played all at once \
              (every-game rule); MM (first) or GG",
    solve,
    generate,
};

const N: Field = Field::new("the number of games N", 1, 1000);
const PILE: Field = Field::new("a pile p or q", 1, 1000);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    while let Some(n) = input.next(&N)? {
        let mut steps = 0;
        for _ in 0..n {
            let p = input.number(&PILE)?;
            let q = input.number(&PILE)?;
            steps = steps.max(euclid_steps(p, q));
        }
        verdict(out, mover_wins(steps), "MM", "GG")?;
    }
    Ok(())
}

/// A pair drawn to exercise the steps: consecutive Fibonacci numbers (the
/// longest forced chains), multiples (one step), or any pair.
fn pair(rng: &mut Rng, top: u64) -> [u64; 2] {
    let pair = match rng.range(0, 3) {
        0 => {
            let mut f = (1u64, 1u64);
            for _ in 0..rng.range(0, 15) {
                if f.0 + f.1 > top {
                    break;
                }
                f = (f.1, f.0 + f.1);
            }
            [f.1, f.0]
        }
        1 => {
            let b = rng.range(1, top);
            [b * rng.range(1, (top / b).max(1)), b]
        }
        _ => [rng.range(1, top), rng.range(1, top)],
    };
    if rng.chance(1, 2) {
        pair
    } else {
        [pair[1], pair[0]]
    }
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 100, 6);
    let top = scale.cap(PILE.max, 10);
    for _ in 0..cases {
        let n = scale.pick(rng, N.min, N.max, 3);
        // A leader of the wanted parity (MM or GG about equally often), then
        // games with fewer steps, so that the leader decides.
        let want_odd = rng.chance(1, 2);
        let mut leader = pair(rng, top);
        for _ in 0..100 {
            if mover_wins(euclid_steps(leader[0], leader[1])) == want_odd {
                break;
            }
            leader = pair(rng, top);
        }
        let most = euclid_steps(leader[0], leader[1]);
        // Mostly the leader decides; now and then any pairs at all.
        let strict = rng.chance(7, 8);
        line(out, &[n])?;
        line(out, &leader)?;
        for _ in 1..n {
            let mut other = pair(rng, top);
            let mut tries = 0;
            while strict && euclid_steps(other[0], other[1]) > most {
                tries += 1;
                // (1, 1) has a single step, never more than the leader's.
                other = if tries < 50 { pair(rng, top) } else { [1, 1] };
            }
            line(out, &other)?;
        }
    }
    Ok(())
}
