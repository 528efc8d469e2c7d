//! HDU 3404 (Switch lights) against an exhaustive search of the board game
//! written from the statement: a move picks a lit light `(x2, y2)` and any
//! `x1 ≤ x2`, `y1 ≤ y2`, and switches the distinct corners of that
//! rectangle; the player without a move (every light off) has lost. No nim
//! products, no theory.

use crate::util::{generate, numbers, solve};
use grundy_judge::Scale;

/// The side of the searched board: every position within `SIDE × SIDE`.
const SIDE: u64 = 4;

/// The bit of light `(x, y)` (from 1).
fn bit(x: u64, y: u64) -> u32 {
    ((x - 1) * SIDE + (y - 1)) as u32
}

/// Whether the player to move wins, for every set of lit lights on the
/// board (indexed by the bit mask). A move turns its corner `(x2, y2)` off
/// and touches only lower bits, so it lowers the mask: the masks are
/// settled in increasing order.
fn table() -> Vec<bool> {
    let cells = (SIDE * SIDE) as usize;
    let mut wins = vec![false; 1 << cells];
    for mask in 1..1usize << cells {
        let mut w = false;
        'search: for x2 in 1..=SIDE {
            for y2 in 1..=SIDE {
                if mask >> bit(x2, y2) & 1 == 0 {
                    continue;
                }
                for x1 in 1..=x2 {
                    for y1 in 1..=y2 {
                        let mut corners = vec![(x1, y1), (x1, y2), (x2, y1), (x2, y2)];
                        corners.sort_unstable();
                        corners.dedup();
                        let next = corners.iter().fold(mask, |m, &(x, y)| m ^ 1 << bit(x, y));
                        if !wins[next] {
                            w = true;
                            break 'search;
                        }
                    }
                }
            }
        }
        wins[mask] = w;
    }
    wins
}

fn answer(wins: bool) -> &'static str {
    if wins {
        "Have a try, lxhgww.\n"
    } else {
        "Don't waste your time.\n"
    }
}

#[test]
fn every_position_of_a_4_by_4_board() {
    let wins = table();
    let cells = SIDE * SIDE;
    let masks: Vec<usize> = (0..wins.len()).collect();
    // At most 100 cases per input, as the statement allows.
    for chunk in masks.chunks(100) {
        let mut input = format!("{}\n", chunk.len());
        let mut want = String::new();
        for &mask in chunk {
            let lit: Vec<(u64, u64)> = (0..cells)
                .filter(|&b| mask >> b & 1 == 1)
                .map(|b| (b / SIDE + 1, b % SIDE + 1))
                .collect();
            input += &format!("{}\n", lit.len());
            for (x, y) in lit {
                input += &format!("{x} {y}\n");
            }
            want += answer(wins[mask]);
        }
        assert_eq!(solve("hdu-3404", &input), want, "input:\n{input}");
    }
}

#[test]
fn generated_small_inputs() {
    let wins = table();
    let mut losses = 0;
    for seed in 0..60 {
        let input = generate("hdu-3404", seed, Scale::Small);
        let mut it = numbers(&input);
        let mut want = String::new();
        for _ in 0..it.next().unwrap() {
            let n = it.next().unwrap();
            let mask = (0..n).fold(0usize, |m, _| {
                let (x, y) = (it.next().unwrap(), it.next().unwrap());
                m | 1 << bit(x, y)
            });
            losses += usize::from(!wins[mask]);
            want += answer(wins[mask]);
        }
        assert_eq!(
            solve("hdu-3404", &input),
            want,
            "seed {seed}, input:\n{input}"
        );
    }
    assert!(losses > 0, "the generator never made a loss");
}

#[test]
fn generated_inputs_of_every_scale_are_accepted() {
    for scale in [Scale::Normal, Scale::Large] {
        let input = generate("hdu-3404", 1, scale);
        let out = solve("hdu-3404", &input);
        assert_eq!(out.lines().count() as u64, numbers(&input).next().unwrap());
    }
}
