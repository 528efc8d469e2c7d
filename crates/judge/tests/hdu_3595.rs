//! HDU 3595 (Euclid's game, every game at once) on generated inputs, against
//! a direct search of the whole simultaneous game written from the statement:
//! a turn moves in every game not yet over, and the player who cannot move
//! (every game over) has lost. No steps, no theory.

use crate::util::{generate, numbers, solve, Search};
use grundy_judge::Scale;

/// A position: the games not yet over, each `(larger, smaller)`, sorted,
/// flattened.
fn canonical(pairs: &[(u64, u64)]) -> Vec<u64> {
    let mut live: Vec<(u64, u64)> = pairs
        .iter()
        .map(|&(p, q)| (p.max(q), p.min(q)))
        .filter(|&(_, small)| small > 0)
        .collect();
    live.sort_unstable();
    live.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

/// Every turn: one move (take `k` × the smaller from the larger) in each game.
fn turns(pos: &[u64]) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<(u64, u64)>> = vec![Vec::new()];
    for g in pos.chunks(2) {
        let (big, small) = (g[0], g[1]);
        let mut next = Vec::new();
        for prefix in &out {
            for k in 1..=big / small {
                let mut p = prefix.clone();
                p.push((big - k * small, small));
                next.push(p);
            }
        }
        out = next;
    }
    if pos.is_empty() {
        return Vec::new();
    }
    out.iter().map(|t| canonical(t)).collect()
}

#[test]
fn generated_inputs_match_the_direct_search() {
    let mut search = Search::normal(turns);
    let (mut mm, mut gg) = (0, 0);
    for seed in 0..80 {
        let input = generate("hdu-3595", seed, Scale::Small);
        let mut it = numbers(&input);
        let mut want = String::new();
        while let Some(n) = it.next() {
            let pairs: Vec<(u64, u64)> = (0..n)
                .map(|_| (it.next().unwrap(), it.next().unwrap()))
                .collect();
            if search.wins(&canonical(&pairs)) {
                mm += 1;
                want += "MM\n";
            } else {
                gg += 1;
                want += "GG\n";
            }
        }
        assert_eq!(solve("hdu-3595", &input), want, "seed {seed}:\n{input}");
    }
    assert!(mm > 20 && gg > 20, "MM {mm}, GG {gg}");
}

#[test]
fn every_small_pair_and_pair_of_pairs_matches_the_direct_search() {
    let mut search = Search::normal(turns);
    for p in 1..=13u64 {
        for q in 1..=13u64 {
            for (r, s) in [(1, 1), (3, 2), (5, 3), (7, 4), (13, 8), (9, 2)] {
                let input = format!("2\n{p} {q}\n{r} {s}\n1\n{p} {q}\n");
                let want: String = [vec![(p, q), (r, s)], vec![(p, q)]]
                    .iter()
                    .map(|g| {
                        if search.wins(&canonical(g)) {
                            "MM\n"
                        } else {
                            "GG\n"
                        }
                    })
                    .collect();
                assert_eq!(solve("hdu-3595", &input), want, "{input}");
            }
        }
    }
}

#[test]
fn the_largest_input_is_answered() {
    let input = generate("hdu-3595", 1, Scale::Large);
    let out = solve("hdu-3595", &input);
    assert_eq!(out.lines().count(), 100);
    assert!(out.lines().all(|l| l == "MM" || l == "GG"));
}
