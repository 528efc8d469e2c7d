//! Every adapter on many small generated inputs, against the exhaustive
//! search of `common` applied to the rules as each statement gives them.
//! The expected output is built here from the parsed input, independently
//! of the adapters and of the engine.

use crate::util::{generate, heap_moves, nim_next, numbers, solve, sorted, Search};
use grundy_judge::Scale;

const SEEDS: u64 = 60;

/// Checks `id` on `SEEDS` small generated inputs against `expected`.
fn check(id: &str, mut expected: impl FnMut(&str) -> String) {
    for seed in 0..SEEDS {
        let input = generate(id, seed, Scale::Small);
        assert_eq!(
            solve(id, &input),
            expected(&input),
            "{id}, seed {seed}, input:\n{input}"
        );
    }
}

fn word(wins: bool, yes: &str, no: &str) -> String {
    format!("{}\n", if wins { yes } else { no })
}

fn nim_wins(heaps: &[u64], misere: bool) -> bool {
    let moves = heap_moves(nim_next);
    let mut s = if misere {
        Search::misere(moves)
    } else {
        Search::normal(moves)
    };
    s.wins(&sorted(heaps))
}

/// Cases `n a1..an` ended by 0.
fn until_zero(input: &str, mut each: impl FnMut(&[u64]) -> String) -> String {
    let mut it = numbers(input);
    let mut out = String::new();
    loop {
        let n = it.next().unwrap();
        if n == 0 {
            return out;
        }
        let v: Vec<u64> = it.by_ref().take(n as usize).collect();
        out += &each(&v);
    }
}

/// `T`, then `T` cases `n a1..an`.
fn counted(input: &str, mut each: impl FnMut(&[u64]) -> String) -> String {
    let mut it = numbers(input);
    let t = it.next().unwrap();
    (0..t)
        .map(|_| {
            let n = it.next().unwrap();
            let v: Vec<u64> = it.by_ref().take(n as usize).collect();
            each(&v)
        })
        .collect()
}

/// Cases `n a1..an` until the end.
fn until_eof(input: &str, mut each: impl FnMut(&[u64]) -> String) -> String {
    let mut it = numbers(input).peekable();
    let mut out = String::new();
    while let Some(n) = it.next() {
        let v: Vec<u64> = it.by_ref().take(n as usize).collect();
        out += &each(&v);
    }
    out
}

#[test]
fn nim_yes_no_problems() {
    check("hihocoder-1163", |i| {
        counted(&format!("1 {i}"), |v| {
            word(nim_wins(v, false), "Alice", "Bob")
        })
    });
    check("luogu-p2197", |i| {
        counted(i, |v| word(nim_wins(v, false), "Yes", "No"))
    });
    check("uva-10165", |i| {
        until_zero(i, |v| word(nim_wins(v, false), "Yes", "No"))
    });
    check("poj-2234", |i| {
        until_eof(i, |v| word(nim_wins(v, false), "Yes", "No"))
    });
}

/// The winning moves of a Nim position, as (heap index, from, to), by
/// trying every move.
fn nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64, u64)> {
    let mut s = Search::normal(heap_moves(nim_next));
    let mut wins = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut p = heaps.to_vec();
            p[i] = to;
            if !s.wins(&sorted(&p)) {
                wins.push((i, h, to));
            }
        }
    }
    wins
}

#[test]
fn nim_winning_move_problems() {
    let count = |v: &[u64]| format!("{}\n", nim_winning_moves(v).len());
    check("poj-2975", |i| until_zero(i, count));
    check("hdu-1850", |i| until_zero(i, count));
    check("hdu-2176", |i| {
        until_zero(i, |v| {
            let moves = nim_winning_moves(v);
            if moves.is_empty() {
                "No\n".into()
            } else {
                let mut s = String::from("Yes\n");
                for (_, from, to) in moves {
                    s += &format!("{from} {to}\n");
                }
                s
            }
        })
    });
}

#[test]
fn misere_problems() {
    check("hdu-1907", |i| {
        counted(i, |v| word(nim_wins(v, true), "John", "Brother"))
    });
    check("poj-3480", |i| {
        counted(i, |v| word(nim_wins(v, true), "John", "Brother"))
    });
    // Taking a run of consecutive apples: leave rows a and b around the run.
    let runs = |pos: &[u64]| -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            for a in 0..h {
                for b in 0..h - a {
                    let mut p: Vec<u64> = pos.to_vec();
                    p.remove(i);
                    p.extend([a, b].into_iter().filter(|&x| x > 0));
                    out.push(sorted(&p));
                }
            }
        }
        out
    };
    let mut s = Search::misere(runs);
    check("hdu-2509", |i| {
        until_eof(i, |v| word(s.wins(&sorted(v)), "Yes", "No"))
    });
}

#[test]
fn subtraction_problems() {
    // S-Nim: k s1..sk, m, m lines l h1..hl; 0 ends.
    for id in ["hdu-1536", "poj-2960"] {
        check(id, |input| {
            let mut it = numbers(input);
            let mut out = String::new();
            loop {
                let k = it.next().unwrap();
                if k == 0 {
                    return out;
                }
                let set: Vec<u64> = it.by_ref().take(k as usize).collect();
                let next = move |h: u64| set.iter().filter(|&&s| s <= h).map(|&s| h - s).collect();
                let mut s = Search::normal(heap_moves(next));
                let m = it.next().unwrap();
                for _ in 0..m {
                    let l = it.next().unwrap();
                    let heaps: Vec<u64> = it.by_ref().take(l as usize).collect();
                    out.push(if s.wins(&sorted(&heaps)) { 'W' } else { 'L' });
                }
                out.push('\n');
            }
        });
    }
    // Fibonacci moves, three heaps, 0 0 0 ends.
    let fib = |h: u64| {
        let (mut a, mut b) = (1u64, 2u64);
        let mut out = Vec::new();
        while a <= h {
            out.push(h - a);
            (a, b) = (b, a + b);
        }
        out
    };
    let mut s = Search::normal(heap_moves(fib));
    check("hdu-1848", |input| {
        let v: Vec<u64> = numbers(input).collect();
        v.chunks(3)
            .take_while(|c| c != &[0, 0, 0])
            .map(|c| word(s.wins(&sorted(c)), "Fibo", "Nacci"))
            .collect()
    });
    // Powers of two, one heap per line.
    let pow2 = |h: u64| {
        (0..63)
            .map(|j| 1u64 << j)
            .filter(|&p| p <= h)
            .map(|p| h - p)
            .collect()
    };
    let mut s = Search::normal(heap_moves(pow2));
    check("hdu-1847", |input| {
        numbers(input)
            .map(|n| word(s.wins(&[n]), "Kiki", "Cici"))
            .collect()
    });
    // Bash: C, then n m.
    for (id, yes, no) in [
        ("hdu-1846", "first", "second"),
        ("hdu-2188", "Grass", "Rabbit"),
    ] {
        check(id, |input| {
            let v: Vec<u64> = numbers(input).skip(1).collect();
            v.chunks(2)
                .map(|c| {
                    let m = c[1];
                    let mut s = Search::normal(heap_moves(move |h| {
                        (1..=m.min(h)).map(|k| h - k).collect()
                    }));
                    word(s.wins(&[c[0]]), yes, no)
                })
                .collect()
        });
    }
}

#[test]
fn bidding_and_misere_take_all() {
    // hdu-2149: remaining r = M - price; a raise k leaves max(r - k, 0), and
    // reaching 0 (the price reaches M) wins: normal play.
    check("hdu-2149", |input| {
        let v: Vec<u64> = numbers(input).collect();
        v.chunks(2)
            .map(|c| {
                let (m, n) = (c[0], c[1]);
                let mut s = Search::normal(move |p: &[u64]| {
                    (1..=n)
                        .filter(|_| p[0] > 0)
                        .map(|k| vec![p[0].saturating_sub(k)])
                        .collect()
                });
                let bids: Vec<String> = (1..=n)
                    .filter(|&b| !s.wins(&[m.saturating_sub(b)]))
                    .map(|b| b.to_string())
                    .collect();
                if bids.is_empty() {
                    "none\n".to_string()
                } else {
                    bids.join(" ") + "\n"
                }
            })
            .collect()
    });
    // hdu-2897: take p..q, all if fewer than p remain; taking the last loses,
    // i.e. misère play on the pile.
    check("hdu-2897", |input| {
        let v: Vec<u64> = numbers(input).collect();
        v.chunks(3)
            .map(|c| {
                let (n, p, q) = (c[0], c[1], c[2]);
                let mut s = Search::misere(move |pos: &[u64]| {
                    let h = pos[0];
                    if h == 0 {
                        vec![]
                    } else if h < p {
                        vec![vec![0]]
                    } else {
                        (p..=q.min(h)).map(|k| vec![h - k]).collect()
                    }
                });
                word(s.wins(&[n]), "WIN", "LOST")
            })
            .collect()
    });
}

#[test]
fn box_game() {
    check("hdu-1729", |input| {
        let mut it = numbers(input);
        let mut out = String::new();
        for case in 1.. {
            let n = it.next().unwrap();
            if n == 0 {
                break;
            }
            let boxes: Vec<(u64, u64)> = (0..n)
                .map(|_| (it.next().unwrap(), it.next().unwrap()))
                .collect();
            let caps: Vec<u64> = boxes.iter().map(|b| b.0).collect();
            let stones: Vec<u64> = boxes.iter().map(|b| b.1).collect();
            let mut s = Search::normal(move |pos: &[u64]| {
                let mut out = Vec::new();
                for (i, &c) in pos.iter().enumerate() {
                    for k in 1..=c * c {
                        if c + k <= caps[i] {
                            let mut p = pos.to_vec();
                            p[i] = c + k;
                            out.push(p);
                        }
                    }
                }
                out
            });
            out += &format!("Case {case}:\n{}", word(s.wins(&stones), "Yes", "No"));
        }
        out
    });
}

#[test]
fn staircases() {
    // Monks: monk i (not the top one) walks up to any free step below the next monk.
    let monks = |pos: &[u64]| -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..pos.len().saturating_sub(1) {
            for to in pos[i] + 1..pos[i + 1] {
                let mut p = pos.to_vec();
                p[i] = to;
                out.push(p);
            }
        }
        out
    };
    let mut s = Search::normal(monks);
    check("lanqiao-1459", |input| {
        let steps: Vec<u64> = numbers(input).collect();
        let winning = s.options(&steps).into_iter().find(|o| !s.wins(o)).map(|o| {
            let i = (0..steps.len()).find(|&i| o[i] != steps[i]).unwrap();
            format!("{} {}\n", steps[i], o[i])
        });
        winning.unwrap_or_else(|| "-1\n".into())
    });
    // Georgia and Bob: sorted pieces, each moves left, not onto or past the
    // previous piece, not below 1.
    let pieces = |pos: &[u64]| -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            let floor = if i == 0 { 1 } else { pos[i - 1] + 1 };
            for to in floor..pos[i] {
                let mut p = pos.to_vec();
                p[i] = to;
                out.push(p);
            }
        }
        out
    };
    let mut s = Search::normal(pieces);
    check("poj-1704", |i| {
        counted(i, |v| {
            word(s.wins(&sorted(v)), "Georgia will win", "Bob will win")
        })
    });
}

/// Northcott's game by retrograde analysis of the partizan game: first
/// player's piece `t`, second's `j` per row, on columns `1..=m`. Returns
/// whether the first player (to move) can force a win.
fn northcott_first_wins(rows: &[(u64, u64)], m: u64) -> bool {
    use std::collections::HashMap;
    let moves = |st: &[(u64, u64)], player: usize| -> Vec<Vec<(u64, u64)>> {
        let mut out = Vec::new();
        for (i, &(t, j)) in st.iter().enumerate() {
            let (me, them) = if player == 0 { (t, j) } else { (j, t) };
            let (lo, hi) = if me < them {
                (1, them - 1)
            } else {
                (them + 1, m)
            };
            for to in (lo..=hi).filter(|&to| to != me) {
                let mut next = st.to_vec();
                next[i] = if player == 0 { (to, j) } else { (t, to) };
                out.push(next);
            }
        }
        out
    };
    // All states: each row any (t, j) with t != j.
    let pairs: Vec<(u64, u64)> = (1..=m)
        .flat_map(|t| (1..=m).filter(move |&j| j != t).map(move |j| (t, j)))
        .collect();
    let mut states: Vec<Vec<(u64, u64)>> = vec![vec![]];
    for _ in rows {
        states = states
            .into_iter()
            .flat_map(|s| pairs.iter().map(move |&p| [s.clone(), vec![p]].concat()))
            .collect();
    }
    let mut result: HashMap<(Vec<(u64, u64)>, usize), bool> = HashMap::new();
    let mut changed = true;
    while changed {
        changed = false;
        for st in &states {
            for player in 0..2 {
                if result.contains_key(&(st.clone(), player)) {
                    continue;
                }
                let opts = moves(st, player);
                let other = 1 - player;
                let known = |o: &Vec<(u64, u64)>| result.get(&(o.clone(), other)).copied();
                if opts.iter().any(|o| known(o) == Some(false)) {
                    result.insert((st.clone(), player), true);
                    changed = true;
                } else if opts.iter().all(|o| known(o) == Some(true)) {
                    result.insert((st.clone(), player), false);
                    changed = true;
                }
            }
        }
    }
    *result
        .get(&(rows.to_vec(), 0))
        .expect("the game has no draws")
}

#[test]
fn northcott() {
    check("hdu-1730", |input| {
        let mut it = numbers(input);
        let mut out = String::new();
        while let Some(n) = it.next() {
            let m = it.next().unwrap();
            let rows: Vec<(u64, u64)> = (0..n)
                .map(|_| (it.next().unwrap(), it.next().unwrap()))
                .collect();
            out += &word(northcott_first_wins(&rows, m), "I WIN!", "BAD LUCK!");
        }
        out
    });
}

#[test]
fn samples_agree_with_exhaustive_search() {
    // The statement samples, through the same searches (spot checks of the
    // hand-copied expectations in samples.rs).
    assert!(!nim_wins(&[3, 2, 1], false));
    assert_eq!(nim_winning_moves(&[7, 11, 13]).len(), 3);
    assert!(nim_wins(&[3, 5, 1], true));
    assert!(!nim_wins(&[1], true));
    assert_eq!(
        nim_winning_moves(&[5, 7, 8, 9, 10])
            .iter()
            .map(|m| (m.1, m.2))
            .collect::<Vec<_>>(),
        vec![(8, 1), (9, 0), (10, 3)]
    );
    assert!(!northcott_first_wins(&[(4, 5), (1, 2), (1, 2)], 6));
    assert!(northcott_first_wins(&[(4, 5), (1, 3), (1, 2)], 6));
    assert!(!mock_turtles_first_wins(&[0, 1, 2, 3]));
    assert!(mock_turtles_first_wins(&[0, 1, 2]));
    assert!(mock_turtles_first_wins(&[5, 5]));
    assert!(!mock_turtles_first_wins(&[]));
}

/// `2^i ⊗ 2^j` for all `i, j < 64`, from the Fermat 2-power rules alone
/// (independently of the engine): write `2^i` as the product of the
/// distinct Fermat 2-powers `F_k = 2^(2^k)` for the bits `k` of `i`; a
/// Fermat 2-power times a smaller number is their ordinary product, and
/// `F ⊗ F = F ⊕ F/2`.
fn power_products() -> Vec<Vec<u64>> {
    use std::collections::HashMap;

    fn go(i: u32, j: u32, memo: &mut HashMap<(u32, u32), u64>) -> u64 {
        if i == 0 || j == 0 {
            return 1u64 << (i + j);
        }
        if let Some(&v) = memo.get(&(i, j)) {
            return v;
        }
        let k = 31 - (i | j).leading_zeros(); // the largest Fermat index
        let f = 1u32 << k; // F = 2^f
        let (i2, j2) = (i & !f, j & !f);
        let v = if i & f != 0 && j & f != 0 {
            // (x ⊗ F) ⊗ (y ⊗ F) = (x⊗y) ⊗ (F ⊕ F/2) = P·F ⊕ P ⊗ 2^(f−1)
            let p = go(i2, j2, memo);
            let half = (0..f)
                .filter(|&m| p >> m & 1 == 1)
                .fold(0, |acc, m| acc ^ go(m, f - 1, memo));
            (p << f) ^ half
        } else {
            go(i2, j2, memo) << f
        };
        memo.insert((i, j), v);
        v
    }
    let mut memo = HashMap::new();
    (0..64)
        .map(|i| (0..64).map(|j| go(i, j, &mut memo)).collect())
        .collect()
}

#[test]
fn nim_product() {
    let table = power_products();
    let product = |a: u64, b: u64| -> u64 {
        let mut p = 0;
        for i in (0..64).filter(|&i| a >> i & 1 == 1) {
            for j in (0..64).filter(|&j| b >> j & 1 == 1) {
                p ^= table[i][j];
            }
        }
        p
    };
    assert_eq!(product(3141, 5926), 14994);
    assert_eq!(product(u64::MAX, u64::MAX), 11_290_409_524_105_353_207);
    check("library-checker-nim-product-64", |input| {
        let mut it = numbers(input);
        let t = it.next().unwrap();
        (0..t)
            .map(|_| format!("{}\n", product(it.next().unwrap(), it.next().unwrap())))
            .collect()
    });
    // Full 64-bit operands (the small generated inputs stay below 2^8),
    // also against the engine's reference recursion.
    let mut state = 7u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> (state % 64)
    };
    let pairs: Vec<(u64, u64)> = (0..2000).map(|_| (next(), next())).collect();
    let mut input = format!("{}\n", pairs.len());
    let mut want = String::new();
    for &(a, b) in &pairs {
        input += &format!("{a} {b}\n");
        let p = product(a, b);
        assert_eq!(grundy::nimber::reference::mul(a, b), p, "{a} ⊗ {b}");
        want += &format!("{p}\n");
    }
    assert_eq!(solve("library-checker-nim-product-64", &input), want);
}

#[test]
fn wythoff() {
    // Take any number from one pile, or the same from both.
    let moves = |p: &[u64]| -> Vec<Vec<u64>> {
        let (a, b) = (p[0], p[1]);
        let mut out = Vec::new();
        out.extend((1..=a).map(|k| vec![a - k, b]));
        out.extend((1..=b).map(|k| vec![a, b - k]));
        out.extend((1..=a.min(b)).map(|k| vec![a - k, b - k]));
        out
    };
    let mut s = Search::normal(moves);
    for id in ["hdu-1527", "poj-1067"] {
        check(id, |input| {
            let v: Vec<u64> = numbers(input).collect();
            v.chunks(2).map(|c| word(s.wins(c), "1", "0")).collect()
        });
    }
}

#[test]
fn fibonacci_nim() {
    // [stones, largest take]: taking t leaves [n − t, 2t].
    let moves = |p: &[u64]| -> Vec<Vec<u64>> {
        (1..=p[1].min(p[0]))
            .map(|t| vec![p[0] - t, 2 * t])
            .collect()
    };
    let mut s = Search::normal(moves);
    check("hdu-2516", |input| {
        numbers(input)
            .take_while(|&n| n != 0)
            .map(|n| word(s.wins(&[n, n - 1]), "First win", "Second win"))
            .collect()
    });
}

#[test]
fn lasker() {
    // Sorted heaps: take from one, or split one into two non-empty heaps.
    let moves = |pos: &[u64]| -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            let mut rest = pos.to_vec();
            let h = rest.remove(i);
            for to in 0..h {
                let mut p = rest.clone();
                p.extend((to > 0).then_some(to));
                out.push(sorted(&p));
            }
            for a in 1..=h / 2 {
                let mut p = rest.clone();
                p.extend([a, h - a]);
                out.push(sorted(&p));
            }
        }
        out
    };
    let mut s = Search::normal(moves);
    check("hdu-3032", |i| {
        counted(i, |v| word(s.wins(&sorted(v)), "Alice", "Bob"))
    });
}

/// The Grundy value of a Green Hackenbush graph on vertices 1..=m rooted at
/// 1, by mex over the options, from the rules: a move deletes an edge, then
/// every edge no longer joined to the root falls.
fn hackenbush_value(edges: &[[u64; 2]]) -> u64 {
    use std::collections::HashMap;
    fn grounded(edges: &[[u64; 2]], alive: u32) -> u32 {
        let mut reached = vec![1u64];
        let mut kept = 0u32;
        let mut grew = true;
        while grew {
            grew = false;
            for (i, &[a, b]) in edges.iter().enumerate() {
                if alive >> i & 1 == 1 && kept >> i & 1 == 0 {
                    let (ra, rb) = (reached.contains(&a), reached.contains(&b));
                    if ra || rb {
                        kept |= 1 << i;
                        reached.extend([a, b]);
                        grew = true;
                    }
                }
            }
        }
        kept
    }
    fn value(edges: &[[u64; 2]], alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&alive) {
            return g;
        }
        let opts: Vec<u64> = (0..edges.len())
            .filter(|&i| alive >> i & 1 == 1)
            .map(|i| value(edges, grounded(edges, alive & !(1 << i)), memo))
            .collect();
        let g = (0..).find(|v| !opts.contains(v)).unwrap();
        memo.insert(alive, g);
        g
    }
    let all = grounded(edges, (1u32 << edges.len()) - 1);
    value(edges, all, &mut HashMap::new())
}

#[test]
fn hackenbush_trees() {
    check("hdu-3094", |input| {
        let mut it = numbers(input);
        let t = it.next().unwrap();
        (0..t)
            .map(|_| {
                let n = it.next().unwrap();
                let edges: Vec<[u64; 2]> = (1..n)
                    .map(|_| [it.next().unwrap(), it.next().unwrap()])
                    .collect();
                word(hackenbush_value(&edges) != 0, "Alice", "Bob")
            })
            .collect()
    });
}

#[test]
fn hackenbush_with_polygons() {
    check("poj-3710", |input| {
        let mut it = numbers(input).peekable();
        let mut out = String::new();
        while let Some(trees) = it.next() {
            let mut sum = 0;
            for _ in 0..trees {
                let _m = it.next().unwrap();
                let k = it.next().unwrap();
                let edges: Vec<[u64; 2]> = (0..k)
                    .map(|_| [it.next().unwrap(), it.next().unwrap()])
                    .collect();
                sum ^= hackenbush_value(&edges);
            }
            out += &word(sum != 0, "Sally", "Harry");
        }
        out
    });
}

#[test]
fn euclid() {
    // Subtract a positive multiple of the smaller from the larger; a
    // position with a 0 has no moves (the player who made it won).
    let moves = |p: &[u64]| -> Vec<Vec<u64>> {
        let (big, small) = (p[0].max(p[1]), p[0].min(p[1]));
        if small == 0 {
            return vec![];
        }
        (1..=big / small)
            .map(|k| vec![big - k * small, small])
            .collect()
    };
    let mut s = Search::normal(moves);
    for id in ["hdu-1525", "poj-2348"] {
        check(id, |input| {
            let v: Vec<u64> = numbers(input).collect();
            v.chunks(2)
                .take_while(|c| c != &[0, 0])
                .map(|c| word(s.wins(c), "Stan wins", "Ollie wins"))
                .collect()
        });
    }
}

#[test]
fn multiplication() {
    // [p, n]: multiply p by 2..=9; reaching p ≥ n ends the game (won by
    // whoever did it, so the player to move there has lost).
    let moves = |s: &[u64]| -> Vec<Vec<u64>> {
        if s[0] >= s[1] {
            return vec![];
        }
        (2..=9).map(|m| vec![s[0] * m, s[1]]).collect()
    };
    let mut s = Search::normal(moves);
    for id in ["hdu-1517", "poj-2505"] {
        check(id, |input| {
            numbers(input)
                .map(|n| word(s.wins(&[1, n]), "Stan wins.", "Ollie wins."))
                .collect()
        });
    }
}

/// Mock Turtles by the rules as written: a row of coins 0..=top as a
/// bitmask; a move turns one, two or three coins, the rightmost heads.
fn mock_turtles_first_wins(heads: &[u64]) -> bool {
    use std::collections::HashMap;

    fn wins(mask: u64, memo: &mut HashMap<u64, bool>) -> bool {
        if let Some(&w) = memo.get(&mask) {
            return w;
        }
        let mut w = false;
        'search: for r in (0..64).filter(|r| mask >> r & 1 == 1) {
            let top = mask ^ 1 << r;
            let mut options = vec![top];
            for b in 0..r {
                options.push(top ^ 1 << b);
                options.extend((0..b).map(|a| top ^ 1 << b ^ 1 << a));
            }
            for o in options {
                if !wins(o, memo) {
                    w = true;
                    break 'search;
                }
            }
        }
        memo.insert(mask, w);
        w
    }
    let mask = heads.iter().fold(0u64, |m, &x| m | 1 << x);
    wins(mask, &mut HashMap::new())
}

#[test]
fn mock_turtles() {
    check("hdu-3537", |input| {
        let mut it = numbers(input);
        let mut out = String::new();
        while let Some(n) = it.next() {
            let heads: Vec<u64> = it.by_ref().take(n as usize).collect();
            out += &word(!mock_turtles_first_wins(&heads), "Yes", "No");
        }
        out
    });
}
