//! Turning Corners and the Tartan products of coin-turning games, checked
//! against an exhaustive search over every head set of small boards. The
//! search is written here from the rules alone — a move of the product is a
//! legal set of coins in each factor (the rightmost coin of each being the
//! corner's coordinate), all combinations turned, the corner heads — with
//! P/N and values by the mex rule, independently of the nim product. Sums
//! of coin rows and products with other families are checked against the
//! generic solver's search; single rows written with repeats, runs or coins
//! out of range are written back canonically or refused.

use std::collections::BTreeSet;
use std::sync::Arc;

use grundy::expr::parse_position;
use grundy::game::{Component, Context, Game};
use grundy::games::coins::{CoinProduct, Rule};
use grundy::nim::{Outcome, Play};
use grundy::solver::Solver;
use grundy::sum::AnalyzeOptions;

/// The sets a one-dimensional rule may turn with rightmost coin `r`, the
/// other coins in `first..r`, from the rules as written.
fn factor_moves(rule: Rule, first: u64, r: u64) -> Vec<Vec<u64>> {
    let below: Vec<u64> = (first..r).collect();
    let mut out = Vec::new();
    // Every subset of the coins below, filtered by the rule's shape.
    for bits in 0u32..1 << below.len() {
        let mut set: Vec<u64> = below
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, &c)| c)
            .collect();
        set.push(r);
        let n = set.len();
        let ok = match rule {
            Rule::Turtles => n <= 2,
            Rule::Twins => n == 2,
            Rule::Mock => n <= 3,
            Rule::Moebius => n <= 5,
            Rule::Ruler => set.windows(2).all(|w| w[1] == w[0] + 1),
        };
        if ok {
            out.push(set);
        }
    }
    out
}

/// A small board: coordinate `i` runs over `first_i ..first_i + sizes[i]`;
/// coins are indexed lexicographically, so every coin a move turns other
/// than its corner has a smaller index and each move lowers the mask.
struct Board {
    factors: Vec<Rule>,
    sizes: Vec<u64>,
    /// For each corner, the coins each of its moves turns, as a mask.
    flips: Vec<Vec<u32>>,
}

impl Board {
    fn new(factors: &[Rule], sizes: &[u64]) -> Board {
        let mut board = Board {
            factors: factors.to_vec(),
            sizes: sizes.to_vec(),
            flips: Vec::new(),
        };
        board.flips = (0..board.coins()).map(|c| board.flips_at(c)).collect();
        board
    }

    fn coins(&self) -> usize {
        self.sizes.iter().product::<u64>() as usize
    }

    fn coin(&self, mut index: usize) -> Vec<u64> {
        let mut c = vec![0; self.sizes.len()];
        for i in (0..self.sizes.len()).rev() {
            let n = self.sizes[i] as usize;
            c[i] = self.factors[i].first() + (index % n) as u64;
            index /= n;
        }
        c
    }

    fn index(&self, coin: &[u64]) -> usize {
        coin.iter()
            .zip(&self.sizes)
            .zip(&self.factors)
            .fold(0, |acc, ((&x, &n), rule)| {
                acc * n as usize + (x - rule.first()) as usize
            })
    }

    /// Every successor mask, by the rules.
    fn moves(&self, mask: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for corner in 0..self.coins() {
            if mask >> corner & 1 == 1 {
                out.extend(self.flips[corner].iter().map(|f| mask ^ f));
            }
        }
        out
    }

    /// The coins turned by each move with this corner.
    fn flips_at(&self, corner: usize) -> Vec<u32> {
        let mut out = Vec::new();
        let c = self.coin(corner);
        {
            let mut sets: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
            for (i, &rule) in self.factors.iter().enumerate() {
                let choices = factor_moves(rule, rule.first(), c[i]);
                sets = sets
                    .into_iter()
                    .flat_map(|prefix| {
                        choices.iter().map(move |t| {
                            let mut p = prefix.clone();
                            p.push(t.clone());
                            p
                        })
                    })
                    .collect();
            }
            for per_factor in sets {
                let mut turned = vec![Vec::new()];
                for t in &per_factor {
                    turned = turned
                        .into_iter()
                        .flat_map(|p: Vec<u64>| {
                            t.iter().map(move |&x| {
                                let mut q = p.clone();
                                q.push(x);
                                q
                            })
                        })
                        .collect();
                }
                out.push(turned.iter().fold(0u32, |m, q| m ^ 1 << self.index(q)));
            }
        }
        out
    }

    /// The Grundy value of every mask by the mex rule.
    fn values(&self) -> Vec<u64> {
        let mut g = vec![0u64; 1 << self.coins()];
        for mask in 0..1u32 << self.coins() {
            let seen: BTreeSet<u64> = self
                .moves(mask)
                .into_iter()
                .map(|m| {
                    assert!(m < mask);
                    g[m as usize]
                })
                .collect();
            g[mask as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    fn position(&self, mask: u32) -> CoinProduct {
        let heads: Vec<Vec<u64>> = (0..self.coins())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| self.coin(i))
            .collect();
        if self.factors == [Rule::Twins, Rule::Twins] {
            CoinProduct::corners(&heads).unwrap()
        } else {
            CoinProduct::new(&self.factors, &heads).unwrap()
        }
    }

    fn mask_of(&self, c: Option<&Component>) -> u32 {
        let Some(c) = c else { return 0 };
        c.key()
            .chunks(self.sizes.len())
            .fold(0, |m, coin| m | 1 << self.index(coin))
    }

    /// Values, moves, and moves to each value against the search; with
    /// `all_targets` false, only the winning moves (target 0) and one more.
    fn check(&self, all_targets: bool) {
        let g = self.values();
        let cx = Context::default();
        for mask in 0..1u32 << self.coins() {
            let pos = self.position(mask);
            assert_eq!(pos.grundy(), g[mask as usize], "{pos:?}");
            let mut want = self.moves(mask);
            want.sort_unstable();
            let mut got: Vec<u32> = pos.moves().map(|m| self.mask_of(m.after.first())).collect();
            got.sort_unstable();
            assert_eq!(got, want, "moves of {pos:?}");
            assert_eq!(pos.has_moves(), !want.is_empty());
            let targets: BTreeSet<u64> = if all_targets {
                want.iter()
                    .map(|&m| g[m as usize])
                    .chain([0, 1000])
                    .collect()
            } else {
                [0, g[mask as usize] ^ 1].into_iter().collect()
            };
            for t in targets {
                let mut by_search: Vec<u32> = want
                    .iter()
                    .copied()
                    .filter(|&m| g[m as usize] == t)
                    .collect();
                by_search.sort_unstable();
                by_search.dedup();
                let theory = pos.moves_to_value(&cx, t, 100_000).unwrap().unwrap();
                let mut by_theory: Vec<u32> = theory
                    .iter()
                    .map(|m| self.mask_of(m.after.first()))
                    .collect();
                by_theory.sort_unstable();
                assert_eq!(by_theory, by_search, "{pos:?} to {t}");
                // Winning moves lead to P-positions by the search.
                if t == 0 {
                    assert_eq!(by_theory.is_empty(), g[mask as usize] == 0, "{pos:?}");
                    assert!(by_theory.iter().all(|&m| g[m as usize] == 0));
                }
            }
        }
    }
}

#[test]
fn corners_on_a_4x4_board() {
    Board::new(&[Rule::Twins, Rule::Twins], &[4, 4]).check(false);
    Board::new(&[Rule::Twins, Rule::Twins], &[3, 4]).check(true);
}

#[test]
fn two_dimensional_products_on_small_boards() {
    let t = Rule::Turtles;
    let r = Rule::Ruler;
    let m = Rule::Mock;
    Board::new(&[t, t], &[3, 4]).check(true);
    Board::new(&[r, r], &[3, 4]).check(true);
    Board::new(&[m, r], &[3, 4]).check(true);
    Board::new(&[m, m], &[3, 3]).check(true);
    Board::new(&[r, t], &[4, 3]).check(true);
    Board::new(&[Rule::Moebius, t], &[6, 2]).check(true);
    Board::new(&[Rule::Twins, Rule::Mock], &[4, 3]).check(true);
}

#[test]
fn three_dimensional_products_on_tiny_boards() {
    let t = Rule::Turtles;
    Board::new(&[t, t, t], &[2, 2, 3]).check(true);
    Board::new(&[Rule::Twins, Rule::Twins, Rule::Twins], &[3, 2, 2]).check(true);
    Board::new(&[Rule::Ruler, Rule::Mock, t], &[2, 2, 2]).check(true);
}

/// The nim multiplication table of *Winning Ways* as Turning Corners
/// values: a heads coin at (x, y) is worth x ⊗ y.
#[test]
fn corners_values_are_the_nim_multiplication_table() {
    let table = [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 2, 3, 4, 5, 6, 7],
        [0, 2, 3, 1, 8, 10, 11, 9],
        [0, 3, 1, 2, 12, 15, 13, 14],
        [0, 4, 8, 12, 6, 2, 14, 10],
        [0, 5, 10, 15, 2, 7, 8, 13],
        [0, 6, 11, 13, 14, 8, 5, 3],
        [0, 7, 9, 14, 10, 13, 3, 4],
    ];
    for (x, row) in table.iter().enumerate() {
        for (y, &v) in row.iter().enumerate() {
            let board = CoinProduct::corners(&[vec![x as u64, y as u64]]).unwrap();
            assert_eq!(board.grundy(), v, "({x},{y})");
        }
    }
}

#[test]
fn expressions_parse_deduplicate_and_write_back() {
    let pos = parse_position("ruler*ruler((3,5),(2,2),(3,5))").unwrap();
    assert_eq!(pos.to_string(), "ruler*ruler((2,2),(3,5))");
    let pos = parse_position("Turtles * TURTLES * turtles((1,2,3))").unwrap();
    assert_eq!(pos.to_string(), "turtles*turtles*turtles((1,2,3))");
    assert_eq!(
        parse_position("corners((1,2),(3,3)) + nim(3)")
            .unwrap()
            .to_string(),
        "corners((1,2),(3,3)) + nim(3)"
    );
    assert_eq!(
        parse_position("corners()").unwrap().to_string(),
        "corners()"
    );
    for (bad, column, says) in [
        (
            "corners((1,2,3))",
            12,
            "')' closing a coin of 2 coordinates",
        ),
        ("corners((1))", 10, "',' and coordinate 2"),
        ("ruler*ruler((0,1))", 13, "numbered 1..="),
        ("ruler*kayles((1,1))", 6, "coin-turning rule after '*'"),
        ("corners((18446744073709551616,1))", 9, "too large"),
        (
            "mock*mock((9223372036854775808,0))",
            11,
            "numbered 0..=9223372036854775807",
        ),
        ("moebius*turtles((129,1))", 17, "numbered 1..=128"),
        (
            "turtles*turtles*turtles*turtles*turtles((1,1,1,1,1))",
            32,
            "at most 4 factors",
        ),
        ("corners((1,2)", 13, "',' or ')' after a coin"),
    ] {
        match parse_position(bad) {
            Err(grundy::error::Error::Parse { at, message, .. }) => {
                assert_eq!(at, column, "{bad}: {message}");
                assert!(message.contains(says), "{bad}: {message}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

/// A coin row written with a repeated coin or with runs is written back as
/// its canonical set of heads.
#[test]
fn rows_with_repeats_and_runs_write_back_canonically() {
    let pos = parse_position("mock(3,3,5)").unwrap();
    assert_eq!(pos.to_string(), "mock(3,5)");
    let runs = parse_position("ruler(1-4, 3, 5, 9-9)").unwrap();
    assert_eq!(runs.to_string(), "ruler(1-5,9)");
}

/// A coin past a row rule's range (2^63 for Mock Turtles, 0 where coins are
/// numbered from 1) is refused, naming the range.
#[test]
fn rows_refuse_coins_out_of_range() {
    let err = parse_position("mock(9223372036854775808)").unwrap_err();
    assert!(
        err.to_string().contains("numbered 0..=9223372036854775807"),
        "{err}"
    );
    assert!(parse_position("turtles(0)").is_err());
    assert!(parse_position("ruler(0)").is_err());
}

/// Coordinates near 2^64: values are exact nim products, winning moves are
/// found in closed form and lead to value 0, nothing wraps.
#[test]
fn huge_coordinates() {
    let top = u64::MAX;
    let cx = Context::default();
    let board = CoinProduct::corners(&[vec![top, top], vec![top - 1, 5], vec![3, 7]]).unwrap();
    let want =
        grundy::nimber::mul(top, top) ^ grundy::nimber::mul(top - 1, 5) ^ grundy::nimber::mul(3, 7);
    assert_eq!(board.grundy(), want);
    assert_eq!(grundy::nimber::mul(top, top), 11290409524105353207);
    let wins = board.moves_to_value(&cx, 0, 5).unwrap().unwrap();
    assert!(!wins.is_empty());
    for w in &wins {
        let after = w.after.first().unwrap();
        assert_eq!(
            after.value(&cx).unwrap(),
            Some(0),
            "{}",
            board.describe(w, "board 1")
        );
    }
    for factors in [
        vec![Rule::Turtles, Rule::Ruler],
        vec![Rule::Ruler, Rule::Ruler],
        vec![Rule::Mock, Rule::Turtles, Rule::Ruler],
    ] {
        let last: Vec<u64> = factors.iter().map(|r| r.last()).collect();
        let mid: Vec<u64> = factors.iter().map(|r| r.last() / 3).collect();
        let small: Vec<u64> = factors.iter().map(|r| r.first() + 2).collect();
        let board = CoinProduct::new(&factors, &[last, mid, small]).unwrap();
        assert_ne!(board.grundy(), 0);
        let wins = board.moves_to_value(&cx, 0, 3).unwrap().unwrap();
        assert!(!wins.is_empty(), "{factors:?}");
        for w in &wins {
            assert_eq!(w.after[0].value(&cx).unwrap(), Some(0));
        }
    }
}

#[test]
fn twins_coordinate_zero_is_a_dead_coin() {
    let board = CoinProduct::corners(&[vec![0, 5], vec![4, 0]]).unwrap();
    assert_eq!(board.grundy(), 0);
    assert!(!board.has_moves());
    assert_eq!(board.moves().count(), 0);
}

#[test]
fn moves_in_words_and_at_the_prompt() {
    let cx = Context::default();
    let board = CoinProduct::corners(&[vec![1, 1], vec![2, 3]]).unwrap(); // 1 ⊕ 1 = 0
    assert_eq!(board.grundy(), 0);
    let one = CoinProduct::corners(&[vec![2, 3]]).unwrap(); // 2 ⊗ 3 = 1
    let wins = one.moves_to_value(&cx, 0, 100).unwrap().unwrap();
    let words: Vec<String> = wins.iter().map(|m| one.describe(m, "board 1")).collect();
    assert!(
        words.contains(&"turn coins (1,1), (1,3), (2,1) and (2,3)".to_string()),
        "{words:?}"
    );
    let mv = one.read_move("2,3 1,1 (1,3) (2,1)", "board 1").unwrap();
    assert_eq!(one.notation(&mv), "1,1 1,3 2,1 2,3");
    assert_eq!(mv.after[0].value(&cx).unwrap(), Some(0));
    assert!(one.read_move("2,3 1,2", "board 1").is_err()); // not a product
    assert!(one.read_move("1,2 1,3 2,2", "board 1").is_err()); // not a product
    assert!(one.read_move("2,3", "board 1").is_err()); // twins turns two
    let err = one.read_move("1,1 1,2 2,1 2,2", "board 1").unwrap_err();
    assert!(err.contains("must show heads"), "{err}");
    // Factor form for a ruler run.
    let ruler = CoinProduct::new(&[Rule::Ruler, Rule::Turtles], &[vec![8, 3]]).unwrap();
    let mv = ruler.read_move("3-8 x 3", "board 1").unwrap();
    assert_eq!(
        ruler.describe(&mv, "board 1"),
        "turn coins (3,3), (4,3), (5,3), (6,3), (7,3) and (8,3)"
    );
}

/// Sums of coin rows and products with other families: value, outcome and
/// winning moves from theory against the generic solver's search from the
/// moves alone.
#[test]
fn sums_with_other_families_match_search() {
    for text in [
        "turtles(1,4,9) + nim(3)",
        "mock(0,1,2,3) + kayles(5)",
        "mock(2,5) + ruler(3,6) + nim(2)",
        "ruler(1-7) + turtles(2,3) + stairs(1,5,9)",
        "mock(1,4,6) + mock(0,7)",
        "ruler(2,4,6,8) + kayles(7)",
        "corners((1,2),(3,3)) + nim(3)",
        "corners((2,3),(1,1)) + turtles(2,3)",
        "ruler*ruler((3,2),(2,2)) + kayles(4)",
        "turtles*mock((2,1),(1,2)) + mock(0,3)",
        "turtles*turtles*turtles((1,2,2),(2,1,1))",
    ] {
        let pos = parse_position(text).unwrap();
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        let mut solver = Solver::new(5_000_000);
        let parts: Vec<Component> = pos.components().cloned().collect();
        let g = solver.grundy_of(&parts).unwrap();
        assert_eq!(a.grundy, Some(g), "{text}");
        assert_eq!(a.outcome == Outcome::P, g == 0, "{text}");
        let mut by_search = Vec::new();
        for m in pos.moves() {
            let next = pos.apply(&m).unwrap();
            let parts: Vec<Component> = next.components().cloned().collect();
            if solver.grundy_of(&parts).unwrap() == 0 {
                by_search.push(m.words.clone());
            }
        }
        let mut by_theory: Vec<String> = a.winning_moves.iter().map(|m| m.words.clone()).collect();
        by_search.sort();
        by_theory.sort();
        assert_eq!(by_theory, by_search, "{text}");
    }
    // A component built directly is the same game as the parsed one.
    let built: Component = Arc::new(CoinProduct::corners(&[vec![1, 2]]).unwrap());
    let parsed = parse_position("corners((1,2))").unwrap();
    assert_eq!(built.key(), parsed.terms[0].parts[0].key());
}

/// A board whose winning moves include some that turn more coins than a
/// move may: the lists leave them out, and say so (the analysis'
/// `incomplete`), while a board just small enough lists every one — both
/// checked against every pair of runs counted by hand.
#[test]
fn lists_that_may_miss_moves_say_so() {
    let cx = Context::default();
    let run = |a: u64, r: u64| (a..=r).fold(0, |acc, x| acc ^ Rule::Ruler.coin_value(x));
    let cases: [(&[[u64; 2]], bool); 2] =
        [(&[[200, 300]], true), (&[[300, 300], [128, 128]], false)];
    for (heads, complete) in cases {
        let coins: Vec<Vec<u64>> = heads.iter().map(|c| c.to_vec()).collect();
        let board = CoinProduct::new(&[Rule::Ruler, Rule::Ruler], &coins).unwrap();
        let d = board.grundy();
        // A move's corner is a heads coin (x,y): runs a..=x × b..=y.
        let all: usize = heads
            .iter()
            .map(|&[x, y]| {
                (1..=x)
                    .flat_map(|a| (1..=y).map(move |b| (a, b)))
                    .filter(|&(a, b)| grundy::nimber::mul(run(a, x), run(b, y)) == d)
                    .count()
            })
            .sum();
        let listed = board.moves_to_value(&cx, 0, usize::MAX).unwrap().unwrap();
        for w in &listed {
            assert_eq!(w.after[0].value(&cx).unwrap(), Some(0));
        }
        assert_eq!(board.moves_may_be_incomplete(), !complete, "{heads:?}");
        if complete {
            assert_eq!(listed.len(), all, "{heads:?}");
        } else {
            assert!(listed.len() < all, "{heads:?}: {} of {all}", listed.len());
        }
        let pos = parse_position(&format!("ruler*ruler({})", board.args())).unwrap();
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.winning_moves.len(), listed.len());
        assert!(!a.truncated);
        assert_eq!(a.incomplete, !complete);
        let report = grundy::report::AnalysisReport::new(&pos, &a).unwrap();
        assert_eq!(report.winning_moves_truncated, !complete);
        let e = grundy::explain::explain(&pos, Play::Normal).unwrap();
        assert_eq!(e.incomplete, !complete);
    }
    // Coordinates of millions: more combinations of turns than the search
    // may try (it stops at 2^22 steps); a few thousand: every one is tried.
    let big = CoinProduct::corners(&[vec![5_000_000, 5_000_000]]).unwrap();
    assert!(big.moves_may_be_incomplete());
    let small = CoinProduct::corners(&[vec![3000, 3000], vec![2999, 17]]).unwrap();
    assert!(!small.moves_may_be_incomplete());
    // Near 2^64 a few moves are found at once; the analysis says the list
    // may miss some even when it was not cut at the limit.
    let top = u64::MAX;
    let pos = parse_position(&format!("corners(({top},{top}),(3,7)) + nim(1)")).unwrap();
    let options = AnalyzeOptions {
        max_moves: 3,
        ..AnalyzeOptions::default()
    };
    let a = pos.analyze(Play::Normal, &options).unwrap();
    assert!(a.incomplete);
    let pos = parse_position("corners((30,40),(3,7)) + nim(1)").unwrap();
    let a = pos.analyze(Play::Normal, &options).unwrap();
    assert!(!a.incomplete);
}
