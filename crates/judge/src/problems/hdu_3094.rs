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

use super::{cases_read, verdict};
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "hdu-3094",
    summary: "Green Hackenbush on a tree: T; each N then N-1 edges `I J`, root 1; Alice (first player) or Bob wins",
    solve,
    generate,
};

const T: Field = Field::new("the number of cases T", 1, 100).defined(1, u64::MAX);
const N: Field =
    Field::new("the number of vertices N", 1, 100_000).defined(1, MAX_CASE_NUMBERS / 2);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let t = input.number(&T)?;
    let (mut ends, mut edges) = (Vec::new(), Vec::new());
    for _ in 0..t {
        let n = input.number(&N)?;
        // The bound of a vertex is this tree's N, so a bad one is reported
        // on its own line even though the edges are read in bulk.
        let vertex = Field::new("a vertex of this tree", 1, n);
        input.numbers_into(2 * (n - 1), &vertex, &mut ends)?;
        edges.clear();
        edges.extend(
            ends.chunks(2)
                .map(|e| [e[0] as usize - 1, e[1] as usize - 1]),
        );
        verdict(
            out,
            hackenbush::value(n as usize, &edges, 0) != 0,
            "Alice",
            "Bob",
        )?;
    }
    input.finish(&cases_read(t))
}

/// The edges of a random tree on `1..=n` rooted at 1: random parents, a
/// path, or a star; or, for a loss, two copies of one random tree joined at
/// the root (equal branches cancel). Labels other than the root are
/// shuffled and each edge's ends come in a random order.
pub(crate) fn random_tree(rng: &mut Rng, n: u64) -> Vec<[u64; 2]> {
    let shape = rng.range(0, 4);
    // parent[v] for v in 1..n (vertex 0 is the root).
    let mut parent: Vec<u64> = (1..n)
        .map(|v| match shape {
            0 => v - 1,
            1 => 0,
            _ => rng.range(0, v - 1),
        })
        .collect();
    if shape == 3 && n >= 3 && n % 2 == 1 {
        // Vertices 1..=h form one branch set, h+1..=2h its copy.
        let h = (n - 1) / 2;
        for v in h + 1..n {
            let p = parent[(v - h - 1) as usize];
            parent[(v - 1) as usize] = if p == 0 { 0 } else { p + h };
        }
    }
    let mut label: Vec<u64> = (1..=n).collect();
    for i in (2..label.len()).rev() {
        let j = rng.range(1, i as u64) as usize;
        label.swap(i, j);
    }
    (1..n)
        .map(|v| {
            let (a, b) = (label[parent[v as usize - 1] as usize], label[v as usize]);
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
        // Odd sizes let a random tree be two equal halves (a loss).
        let n = if scale == Scale::Large {
            most - case % 2
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
