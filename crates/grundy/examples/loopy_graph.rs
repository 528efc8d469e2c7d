//! One token on a large loopy digraph, for `bench/loopy.sh`.
//!
//! ```text
//! cargo run --release --example loopy_graph -- N [SEED] [--expr FILE] [--plain FILE]
//! ```
//!
//! Builds a digraph of `N` vertices and about `N` edges with many cycles,
//! most vertices reachable from vertex 0: one vertex in ten is a sink (a
//! position where the game ends); the others form a backbone, each moving
//! on to the next one that is not a sink, the last back to 0; and one vertex
//! in ten has a second move, either to a sink a little ahead or back to a
//! random earlier vertex. It then times the generalized
//! Sprague–Grundy function of the token at vertex 0 through the library
//! (the retrograde solver on the graph, in CPU seconds of its thread) and
//! prints what it found. With
//! `--expr FILE` it also writes the position as `digraph(…; 0)` for
//! `grundy analyze --file`, and with `--plain FILE` as `n m`, the edges
//! `u v` and the token, for a baseline in another language.

use std::io::Write;
use std::sync::Arc;

use grundy::budget::Budget;
use grundy::loopy::{solve, Graph};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .expect("usage: loopy_graph N [SEED] [--expr FILE] [--plain FILE]");
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let edges = generate(n, seed);
    if let Some(path) = flag("--expr") {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("--expr FILE"));
        write!(out, "digraph(").unwrap();
        for (i, &(u, v)) in edges.iter().enumerate() {
            if i > 0 {
                write!(out, " ").unwrap();
            }
            write!(out, "{u}>{v}").unwrap();
        }
        writeln!(out, "; 0)").unwrap();
    }
    if let Some(path) = flag("--plain") {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("--plain FILE"));
        writeln!(out, "{n} {}", edges.len()).unwrap();
        for &(u, v) in &edges {
            writeln!(out, "{u} {v}").unwrap();
        }
        writeln!(out, "0").unwrap();
    }
    let graph = Arc::new(Graph::from_edges(n, &edges).expect("a graph"));
    let start = cpu_seconds();
    let s = solve(&graph, &[0], &Budget::unlimited(), &mut |_| {}).expect("solved");
    let took = cpu_seconds() - start;
    let infinite = (0..n as u32).filter(|&v| s.is_infinite(v)).count();
    println!(
        "vertices {n} edges {} reachable {} levels {} infinite {infinite} gamma(0) {} outcome {} solve {:.3} s",
        edges.len(),
        s.reachable(),
        s.levels(),
        s.gamma(0).expect("solved"),
        s.outcome(0).expect("solved").letter(),
        took
    );
}

/// The CPU seconds this thread has used.
fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The edges described in the module documentation.
fn generate(n: usize, seed: u64) -> Vec<(u32, u32)> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below.max(1)
    };
    let n = n as u64;
    let sink = |v: u64| v % 10 == 4;
    let mut edges = Vec::with_capacity(n as usize);
    for u in 0..n {
        if sink(u) {
            continue;
        }
        // The backbone: on to the next vertex that is not a sink; from the
        // last, back to the start.
        let mut v = u + 1;
        if v < n && sink(v) {
            v += 1;
        }
        edges.push((u, if v < n { v } else { 0 }));
        if u % 10 == 9 {
            // An exit to a sink a little ahead, or a jump back.
            let w = if next(2) == 0 {
                let s = u + 5 + 10 * next(6);
                if s < n {
                    s
                } else {
                    next(u)
                }
            } else {
                next(u)
            };
            edges.push((u, w));
        }
    }
    edges
        .into_iter()
        .map(|(u, v)| (u as u32, v as u32))
        .collect()
}
