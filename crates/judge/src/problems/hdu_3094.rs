//! HDU 3094 A tree game: Green Hackenbush on a tree.
//!
//! `T` (1..=100), then `T` cases: `N` (1..=10^5) vertices, then `N − 1`
//! lines `I J`, the edges of a tree rooted at vertex 1. A move deletes an
//! edge and everything no longer connected to the root; whoever cannot move
//! loses. Output `Alice` (who moves first) if she wins, else `Bob`.
//!
//! The value comes from the colon principle ([`hackenbush::value`]),
//! computed without recursion: the judge's data has paths of 10^5 vertices.

use std::io::{self, Write};

use grundy::games::hackenbush;

use super::verdict;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-3094",
    summary: "Green Hackenbush on a tree: T; each N then N-1 edges `I J`, root 1; Alice (first player) or Bob wins",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 100);
const N: Field = Field::new("the number of vertices N", 1, 100_000);
const VERTEX: Field = Field::new("a vertex", 1, 100_000);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let t = input.number(&T)?;
    let mut edges = Vec::new();
    for _ in 0..t {
        let n = input.number(&N)?;
        edges.clear();
        for _ in 1..n {
            let i = input.number(&VERTEX)?;
            let j = input.number(&VERTEX)?;
            if i > n || j > n {
                return Err(
                    input.invalid(format!("vertices are 1..={n} in this tree, found {i} {j}"))
                );
            }
            edges.push([i as usize - 1, j as usize - 1]);
        }
        verdict(
            out,
            hackenbush::value(n as usize, &edges, 0) != 0,
            "Alice",
            "Bob",
        )?;
    }
    Ok(())
}

/// The edges of a random tree on `1..=n`: random parents, a path, or a star,
/// with the labels other than the root shuffled and each edge's ends in a
/// random order.
pub(crate) fn random_tree(rng: &mut Rng, n: u64) -> Vec<[u64; 2]> {
    let shape = rng.range(0, 3);
    let mut label: Vec<u64> = (1..=n).collect();
    for i in (2..label.len()).rev() {
        let j = rng.range(1, i as u64) as usize;
        label.swap(i, j);
    }
    (1..n)
        .map(|v| {
            let parent = match shape {
                0 => v - 1,
                1 => 0,
                _ => rng.range(0, v - 1),
            };
            let (a, b) = (label[parent as usize], label[v as usize]);
            if rng.chance(1, 2) {
                [a, b]
            } else {
                [b, a]
            }
        })
        .collect()
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    // Normal inputs stay around a megabyte; large ones are full size.
    let (t, most) = match scale {
        Scale::Small => (rng.range(1, 4), 9),
        Scale::Normal => (rng.range(1, 20), 5000),
        Scale::Large => (T.max, N.max),
    };
    line(out, &[t])?;
    for case in 0..t {
        let n = if scale == Scale::Large {
            most
        } else {
            rng.range(1, most)
        };
        line(out, &[n])?;
        // Large inputs start with a path of 10^5 vertices from the root.
        let edges = if scale == Scale::Large && case == 0 {
            (1..n).map(|v| [v, v + 1]).collect()
        } else {
            random_tree(rng, n)
        };
        for e in edges {
            line(out, &e)?;
        }
    }
    Ok(())
}
