//! The engine modules added for `grundy judge`, each checked against an
//! exhaustive search written here from the rules, independently of the
//! theorems the modules use.

use std::collections::HashMap;

use grundy::games::{auction, boxes, consecutive, misere_range, northcott};
use grundy::nim::{Outcome, Play};

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    (0..).find(|v| seen.binary_search(v).is_err()).unwrap()
}

#[test]
fn box_values_match_the_mex_definition() {
    for s in 0..=120u64 {
        // G_s(c) for c from s down to 0, by the definition.
        let mut g = vec![0u64; s as usize + 1];
        for c in (0..=s).rev() {
            let top = (c + c * c).min(s);
            g[c as usize] = mex((c + 1..=top).map(|d| g[d as usize]));
        }
        for c in 0..=s {
            assert_eq!(boxes::grundy(s, c).unwrap(), g[c as usize], "s={s} c={c}");
        }
    }
    assert!(boxes::grundy(5, 6).is_err());
    // A large box answers at once.
    assert_eq!(boxes::grundy(1_000_000, 999_999).unwrap(), 1);
}

#[test]
fn misere_range_matches_exhaustive_search() {
    for p in 1..=6u64 {
        for q in p..=8 {
            // loses[n]: the player to move with n coins loses.
            let mut loses = [false; 80];
            for n in 1..80usize {
                let takes: Vec<usize> = if n < p as usize {
                    vec![n]
                } else {
                    (p as usize..=(q as usize).min(n)).collect()
                };
                // Taking the last coin loses; otherwise win if the rest loses.
                let wins = takes.iter().any(|&k| k < n && loses[n - k]);
                loses[n] = !wins;
            }
            for n in 1..80u64 {
                let want = Outcome::from_mover_wins(!loses[n as usize]);
                assert_eq!(
                    misere_range::outcome(n, p, q).unwrap(),
                    want,
                    "n={n} p={p} q={q}"
                );
            }
        }
    }
    assert!(misere_range::outcome(5, 0, 3).is_err());
    assert!(misere_range::outcome(5, 4, 3).is_err());
}

/// Rows after removing a run: all ways to take a run of length ≥ 1 from one row.
fn run_removals(rows: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in rows.iter().enumerate() {
        for start in 0..h {
            for len in 1..=h - start {
                let (a, b) = (start, h - start - len);
                let mut next: Vec<u64> = rows.to_vec();
                next.remove(i);
                next.extend([a, b].into_iter().filter(|&x| x > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
    }
    out
}

fn wins(rows: Vec<u64>, misere: bool, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(&rows) {
        return w;
    }
    let options = run_removals(&rows);
    let w = if options.is_empty() {
        misere
    } else {
        options.into_iter().any(|o| !wins(o, misere, memo))
    };
    memo.insert(rows, w);
    w
}

#[test]
fn consecutive_rows_match_exhaustive_search() {
    let mut normal = HashMap::new();
    let mut misere = HashMap::new();
    // Normal-play values: G(n) = n, by mex over the runs removed.
    let mut g = [0u64; 16];
    for n in 1..16u64 {
        g[n as usize] = mex(run_removals(&[n])
            .into_iter()
            .map(|rows| rows.iter().fold(0, |acc, &r| acc ^ g[r as usize])));
        assert_eq!(consecutive::grundy(n), g[n as usize]);
    }
    for a in 0..=6u64 {
        for b in a..=6 {
            for c in b..=6 {
                let rows: Vec<u64> = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                let n = Outcome::from_mover_wins(wins(rows.clone(), false, &mut normal));
                let m = Outcome::from_mover_wins(wins(rows.clone(), true, &mut misere));
                assert_eq!(consecutive::outcome(&rows, Play::Normal), n, "{rows:?}");
                assert_eq!(consecutive::outcome(&rows, Play::Misere), m, "{rows:?}");
            }
        }
    }
}

#[test]
fn auction_bids_match_exhaustive_search() {
    for n in 1..=12u64 {
        // win[c]: the bidder to move at price c (< m) wins.
        for m in 1..=40u64 {
            let mut win = vec![false; m as usize];
            for c in (0..m).rev() {
                win[c as usize] = (1..=n).any(|k| c + k >= m || !win[(c + k) as usize]);
            }
            let want: Vec<u64> = (1..=n).filter(|&b| b >= m || !win[b as usize]).collect();
            assert_eq!(auction::winning_bids(m, n).unwrap(), want, "m={m} n={n}");
        }
    }
}

/// Retrograde analysis of Northcott's game as the partizan, loopy game it is:
/// `k` rows, each with player A's piece at `a` and B's at `b`, on `1..=width`.
/// The returned closure tells, for a position with A to move, `Some(true)`
/// if A can force a win, `Some(false)` if B can, `None` for a draw.
fn northcott_brute(k: usize, width: u64) -> impl Fn(&[(u64, u64)]) -> Option<bool> {
    let pairs: Vec<(u64, u64)> = (1..=width)
        .flat_map(|a| (1..=width).filter(move |&b| b != a).map(move |b| (a, b)))
        .collect();
    let count = pairs.len().pow(k as u32);
    let index = |p: &(u64, u64)| pairs.iter().position(|q| q == p).unwrap();
    let encode = |st: &[(u64, u64)]| {
        st.iter()
            .rev()
            .fold(0, |acc, p| acc * pairs.len() + index(p))
    };
    let decode = |mut i: usize| -> Vec<(u64, u64)> {
        (0..k)
            .map(|_| {
                let p = pairs[i % pairs.len()];
                i /= pairs.len();
                p
            })
            .collect()
    };
    // Player 0 (A) moves the first coordinate, player 1 (B) the second.
    let moves = |st: &[(u64, u64)], player: usize| -> Vec<usize> {
        let mut out = Vec::new();
        for (i, &(a, b)) in st.iter().enumerate() {
            let (me, them) = if player == 0 { (a, b) } else { (b, a) };
            let (lo, hi) = if me < them {
                (1, them - 1)
            } else {
                (them + 1, width)
            };
            for to in (lo..=hi).filter(|&to| to != me) {
                let mut next = st.to_vec();
                next[i] = if player == 0 { (to, b) } else { (a, to) };
                out.push(encode(&next));
            }
        }
        out
    };
    let options: Vec<[Vec<usize>; 2]> = (0..count)
        .map(|s| {
            let st = decode(s);
            [moves(&st, 0), moves(&st, 1)]
        })
        .collect();
    // result[state][player]: Some(true) when the player to move wins.
    let mut result: Vec<[Option<bool>; 2]> = vec![[None, None]; count];
    let mut changed = true;
    while changed {
        changed = false;
        for s in 0..count {
            for player in 0..2 {
                if result[s][player].is_some() {
                    continue;
                }
                let other = 1 - player;
                let opts = &options[s][player];
                if opts.iter().any(|&o| result[o][other] == Some(false)) {
                    result[s][player] = Some(true);
                    changed = true;
                } else if opts.iter().all(|&o| result[o][other] == Some(true)) {
                    result[s][player] = Some(false);
                    changed = true;
                }
            }
        }
    }
    move |rows: &[(u64, u64)]| {
        let i = rows.iter().rev().fold(0, |acc, p| {
            acc * pairs.len() + pairs.iter().position(|q| q == p).unwrap()
        });
        result[i][0]
    }
}

#[test]
fn northcott_is_nim_on_the_gaps() {
    let width = 5u64;
    let pairs: Vec<(u64, u64)> = (1..=width)
        .flat_map(|a| (1..=width).filter(move |&b| b != a).map(move |b| (a, b)))
        .collect();
    let gaps = |rows: &[(u64, u64)]| -> Vec<u64> {
        rows.iter()
            .map(|&(a, b)| northcott::gap(a, b).unwrap())
            .collect()
    };
    let one = northcott_brute(1, width);
    for &r in &pairs {
        let want = one(&[r]).expect("no draws");
        assert_eq!(
            grundy::nim::outcome(&gaps(&[r]), Play::Normal).mover_wins(),
            want,
            "{r:?}"
        );
    }
    let two = northcott_brute(2, width);
    for &r1 in &pairs {
        for &r2 in &pairs {
            let want = two(&[r1, r2]).expect("no draws");
            let got = grundy::nim::outcome(&gaps(&[r1, r2]), Play::Normal).mover_wins();
            assert_eq!(got, want, "{r1:?} {r2:?}");
        }
    }
}
