//! Shared test helpers: running an adapter, and an exhaustive game-tree
//! search written from the definitions (a position is a win for the player
//! to move when some move leads to a loss), independent of the engine.

#![allow(dead_code)]

use std::collections::HashMap;

use grundy_judge::Scale;

/// Runs problem `id` on `input`; the output and the error, if any.
pub fn run(id: &str, input: &str) -> (String, Option<String>) {
    let mut out = Vec::new();
    let err = grundy_judge::solve(id, &mut input.as_bytes(), &mut out)
        .err()
        .map(|e| e.to_string());
    (String::from_utf8(out).expect("utf-8 output"), err)
}

/// Runs problem `id` on `input`, which must be accepted.
pub fn solve(id: &str, input: &str) -> String {
    let (out, err) = run(id, input);
    assert_eq!(err, None, "{id} refused its input:\n{input}");
    out
}

/// A generated input.
pub fn generate(id: &str, seed: u64, scale: Scale) -> String {
    let mut out = Vec::new();
    grundy_judge::find(id)
        .unwrap()
        .generate(seed, scale, &mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// The whitespace-separated numbers of a text.
pub fn numbers(text: &str) -> std::vec::IntoIter<u64> {
    text.split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap())
        .collect::<Vec<_>>()
        .into_iter()
}

/// Exhaustive search over positions `Vec<u64>` with a move generator.
/// `moves` must return positions in a canonical form (e.g. sorted heaps).
pub struct Search<F: Fn(&[u64]) -> Vec<Vec<u64>>> {
    moves: F,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl<F: Fn(&[u64]) -> Vec<Vec<u64>>> Search<F> {
    /// Normal play: a player without a move loses.
    pub fn normal(moves: F) -> Self {
        Search {
            moves,
            misere: false,
            memo: HashMap::new(),
        }
    }

    /// Misère play: a player without a move wins (the opponent moved last).
    pub fn misere(moves: F) -> Self {
        Search {
            moves,
            misere: true,
            memo: HashMap::new(),
        }
    }

    /// The options of a position, as generated.
    pub fn options(&self, pos: &[u64]) -> Vec<Vec<u64>> {
        (self.moves)(pos)
    }

    /// Whether the player to move wins.
    pub fn wins(&mut self, pos: &[u64]) -> bool {
        if let Some(&w) = self.memo.get(pos) {
            return w;
        }
        let options = (self.moves)(pos);
        let w = if options.is_empty() {
            self.misere
        } else {
            options.iter().any(|o| !self.wins(o))
        };
        self.memo.insert(pos.to_vec(), w);
        w
    }
}

/// Heaps under a one-heap rule: each move changes one heap to one of
/// `next(h)`; the result is sorted (heaps are interchangeable).
pub fn heap_moves(next: impl Fn(u64) -> Vec<u64>) -> impl Fn(&[u64]) -> Vec<Vec<u64>> {
    move |pos: &[u64]| {
        let mut out = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            for to in next(h) {
                let mut p = pos.to_vec();
                p[i] = to;
                p.sort_unstable();
                out.push(p);
            }
        }
        out
    }
}

/// Nim: any smaller size.
pub fn nim_next(h: u64) -> Vec<u64> {
    (0..h).collect()
}

/// Sorted copy.
pub fn sorted(v: &[u64]) -> Vec<u64> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}
