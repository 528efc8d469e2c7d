//! POJ 3710 Christmas Game: Green Hackenbush on trees with polygons.
//!
//! Cases until the end of the input: `N` (the number of trees, 0..=99);
//! then for each tree `m k` (m vertices in 1..=99, k edges in 0..=499) and
//! `k` lines `a b` (1..=m), an edge. Vertex 1 of each tree is its root. The
//! pictures are trees with simple polygons hanging from them (each edge in
//! at most one polygon); the judge's data also has doubled edges, which are
//! 2-gons. A move deletes an edge and whatever is no longer connected to its
//! root; who cannot move loses. Output `Sally` (who moves first) if she
//! wins, else `Harry`.
//!
//! Each tree's value comes from [`hackenbush::value`] (fusion principle: an
//! odd polygon counts as one edge, an even one as none; the colon principle
//! for the rest); the trees add as a sum.

use std::io::{self, Write};

use grundy::games::hackenbush;

use super::verdict;
use crate::error::Result;
use crate::gen::{line, Scale};
use crate::input::{Field, Input, MAX_CASE_NUMBERS};
use crate::rng::Rng;
use crate::Problem;

pub(crate) const PROBLEM: Problem = Problem {
    id: "poj-3710",
    summary: "Hackenbush, trees with polygons: cases N, then per tree `m k` and k edges, root 1; Sally (first player) or Harry wins",
    solve,
    generate,
};

const TREES: Field = Field::new("the number of trees N", 0, 99).defined(0, u64::MAX);
// Each tree's vertices are allocated whatever its edges: without the
// stated bounds, 2^20 keeps that small.
const M: Field = Field::new("the number of vertices m", 1, 99).defined(1, 1 << 20);
const K: Field = Field::new("the number of edges k", 0, 499).defined(0, MAX_CASE_NUMBERS);
const VERTEX: Field = Field::new("a vertex", 1, 99).defined(1, 1 << 20);

fn solve(input: &mut Input<'_>, out: &mut dyn Write) -> Result<()> {
    let mut edges = Vec::new();
    while let Some(trees) = input.next(&TREES)? {
        let mut sum = 0;
        for _ in 0..trees {
            let m = input.number(&M)?;
            let k = input.number(&K)?;
            edges.clear();
            for _ in 0..k {
                let a = input.number(&VERTEX)?;
                let b = input.number(&VERTEX)?;
                if a > m || b > m {
                    return Err(
                        input.invalid(format!("vertices are 1..={m} in this tree, found {a} {b}"))
                    );
                }
                edges.push([a as usize - 1, b as usize - 1]);
            }
            sum ^= hackenbush::value(m as usize, &edges, 0);
        }
        verdict(out, sum != 0, "Sally", "Harry")?;
    }
    Ok(())
}

/// A random tree with polygons hanging from it, as the statement allows:
/// vertex 1 first; each step adds a branch to a tree vertex, or hangs a
/// polygon of 2 (a doubled edge) to 6 sides from one (its other vertices
/// take nothing more). Returns `m` and the edges, ends in random order.
fn christmas_tree(rng: &mut Rng, steps: u64, max_m: u64, max_k: u64) -> (u64, Vec<[u64; 2]>) {
    let mut tree_vertices = vec![1u64];
    let mut m = 1u64;
    let mut edges: Vec<[u64; 2]> = Vec::new();
    for _ in 0..steps {
        let at = tree_vertices[rng.range(0, tree_vertices.len() as u64 - 1) as usize];
        if rng.chance(1, 3) {
            let sides = rng.range(2, 6);
            if m + sides - 1 > max_m || edges.len() as u64 + sides > max_k {
                break;
            }
            let mut previous = at;
            for _ in 1..sides {
                m += 1;
                edges.push([previous, m]);
                previous = m;
            }
            edges.push([previous, at]);
        } else {
            if m + 1 > max_m || edges.len() as u64 + 1 > max_k {
                break;
            }
            m += 1;
            edges.push([at, m]);
            tree_vertices.push(m);
        }
    }
    for e in edges.iter_mut() {
        if rng.chance(1, 2) {
            e.swap(0, 1);
        }
    }
    // Edges in a random order.
    for i in (1..edges.len()).rev() {
        let j = rng.range(0, i as u64) as usize;
        edges.swap(i, j);
    }
    (m, edges)
}

fn generate(rng: &mut Rng, scale: Scale, out: &mut dyn Write) -> io::Result<()> {
    let cases = scale.pick(rng, 1, 20, 3);
    for _ in 0..cases {
        let trees = scale.pick(rng, 1, TREES.max, 3);
        line(out, &[trees])?;
        // A third of the cases are losses: each tree twice (equal trees
        // cancel), and a lone doubled edge (worth 0) when the count is odd.
        let paired = rng.chance(1, 3);
        let mut previous = None;
        for i in 0..trees {
            let (steps, max_k) = match scale {
                Scale::Small => (rng.range(0, 4), 9),
                Scale::Normal => (rng.range(0, 60), K.max),
                Scale::Large => (1000, K.max),
            };
            let tree = match (paired, previous.take()) {
                (true, Some(tree)) => tree,
                (true, None) if i + 1 == trees => (2, vec![[1, 2], [2, 1]]),
                _ => christmas_tree(rng, steps, M.max, max_k),
            };
            if paired && i % 2 == 0 {
                previous = Some(tree.clone());
            }
            let (m, edges) = tree;
            line(out, &[m, edges.len() as u64])?;
            for e in edges {
                line(out, &e)?;
            }
        }
    }
    Ok(())
}
