//! The six classic families beyond heaps — Wythoff, Fibonacci Nim, Lasker's
//! Nim, Moore's Nim, Green Hackenbush, Euclid — through the one game
//! interface: parsed from the expression language, analysed alone and in
//! sums mixed with other families, under normal and misère play, and
//! checked against exhaustive search from the moves alone (the generic
//! [`Solver`] with no theory, and a misère search written here), plus exact
//! checks of the theory on inputs near 2^64. The [`Solver`] itself is checked
//! on known sequences and long lines of play, and moves are checked to
//! compare components by identity (a game of your own named and keyed like
//! Nim is not Nim).

use std::collections::HashMap;
use std::sync::Arc;

use grundy::expr::parse_position;
use grundy::game::{identity, Component, Game, Identity, Move};
use grundy::games::{euclid, fibnim, lasker, wythoff};
use grundy::nim::{Outcome, Play};
use grundy::nimber::Nimber;
use grundy::solver::Solver;
use grundy::sum::{AnalyzeOptions, Position, SumMove};

/// A small deterministic generator (xorshift64*): no test dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }

    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
}

/// A random small term of family `f` (0..=7), written in the expression language.
fn term(r: &mut Rng, f: u64, small: bool) -> String {
    let s = if small { 1 } else { 0 };
    match f {
        0 => format!("wythoff({},{})", r.range(0, 6 - s), r.range(0, 6 - s)),
        1 => match r.below(2) {
            0 => format!("fibnim({})", r.range(0, 13 - 3 * s)),
            _ => {
                let n = r.range(0, 13 - 3 * s);
                format!("fibnim({n};{})", r.range(0, n + 1))
            }
        },
        2 => {
            let heaps: Vec<String> = (0..r.range(1, 2))
                .map(|_| r.range(0, 8 - 2 * s).to_string())
                .collect();
            format!("lasker({})", heaps.join(","))
        }
        3 => {
            let heaps: Vec<String> = (0..r.range(1, 3 - s))
                .map(|_| r.range(0, 4).to_string())
                .collect();
            format!("moore({}; {})", r.range(1, 3), heaps.join(","))
        }
        4 => {
            // A connected graph grown from the ground: each edge starts at a
            // vertex already reached; loops and repeated edges happen.
            let mut reached = vec![1u64];
            let mut edges = Vec::new();
            for _ in 0..r.range(0, 5 - s) {
                let u = reached[r.below(reached.len() as u64) as usize];
                let v = r.range(1, reached.len() as u64 + 1);
                if !reached.contains(&v) {
                    reached.push(v);
                }
                edges.push(format!("{u}-{v}"));
            }
            format!("hackenbush({})", edges.join(" "))
        }
        5 => format!(
            "euclid({},{})",
            r.range(0, 25 - 10 * s),
            r.range(0, 25 - 10 * s)
        ),
        6 => format!("nim({})", r.range(0, 5)),
        _ => format!("kayles({})", r.range(0, 6)),
    }
}

/// The value of a whole position from the rules alone.
fn oracle_value(solver: &mut Solver, pos: &Position) -> Nimber {
    pos.components()
        .map(|c| solver.grundy(c).expect("small"))
        .fold(0, |a, b| a ^ b)
}

/// What identifies a move of a sum for comparison: where it is played and
/// the components it leaves, in any order.
fn move_id(m: &SumMove) -> (usize, usize, Vec<Identity>) {
    let leaves = m.mv.after.iter().map(|c| identity(c.as_ref()));
    (m.term, m.part, sorted(leaves))
}

/// The misère outcome from the rules: the player with no move wins.
fn misere_wins(pos: &Position, memo: &mut HashMap<Vec<Identity>, bool>) -> bool {
    let mut key: Vec<_> = pos
        .components()
        .filter(|c| c.has_moves())
        .map(|c| identity(c.as_ref()))
        .collect();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let wins = key.is_empty()
        || pos
            .moves()
            .any(|m| !misere_wins(&pos.apply(&m).unwrap(), memo));
    memo.insert(key, wins);
    wins
}

fn sorted<T: Ord>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.collect();
    v.sort();
    v
}

fn check(text: &str, misere: bool) {
    let pos = parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(parse_position(&pos.to_string()).unwrap(), pos, "{text}");
    let mut solver = Solver::new(5_000_000);
    let options = AnalyzeOptions::default();

    let a = pos.analyze(Play::Normal, &options).unwrap();
    let total = oracle_value(&mut solver, &pos);
    assert_eq!(a.outcome, Outcome::from_mover_wins(total != 0), "{text}");
    assert_eq!(a.grundy, Some(total), "{text}");
    for (t, v) in a.term_values.iter().enumerate() {
        let want = pos.terms[t]
            .parts
            .iter()
            .map(|c| solver.grundy(c).unwrap())
            .fold(0, |x, y| x ^ y);
        assert_eq!(*v, Some(want), "{text}: term {t}");
    }
    // As multisets: parallel edges give distinct moves to the same position.
    let to_p = sorted(
        pos.moves()
            .filter(|m| oracle_value(&mut solver, &pos.apply(m).unwrap()) == 0)
            .map(|m| move_id(&m)),
    );
    let found = sorted(a.winning_moves.iter().map(move_id));
    assert_eq!(found, to_p, "{text}: winning moves");

    if misere {
        let a = pos.analyze(Play::Misere, &options).unwrap();
        let mut memo = HashMap::new();
        let wins = misere_wins(&pos, &mut memo);
        assert_eq!(a.outcome, Outcome::from_mover_wins(wins), "{text} misère");
        let to_loss = sorted(
            pos.moves()
                .filter(|m| !misere_wins(&pos.apply(m).unwrap(), &mut memo))
                .map(|m| move_id(&m)),
        );
        let found = sorted(a.winning_moves.iter().map(move_id));
        assert_eq!(found, to_loss, "{text}: misère winning moves");
    }
}

#[test]
fn each_family_alone_matches_exhaustive_search() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for f in 0..6 {
        for _ in 0..250 {
            check(&term(&mut r, f, false), true);
        }
    }
}

#[test]
fn random_sums_mixing_families_match_exhaustive_search() {
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..400 {
        let terms: Vec<String> = (0..r.range(2, 3))
            .map(|_| {
                let f = r.below(8);
                term(&mut r, f, true)
            })
            .collect();
        check(&terms.join(" + "), true);
    }
}

#[test]
fn the_issue_example_sum() {
    let text = "wythoff(3,5) + lasker(6) + hackenbush(1-2 2-3 2-4) + nim(7)";
    check(text, false);
    let a = parse_position(text)
        .unwrap()
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap();
    // 0 ⊕ 6 ⊕ (2 + 1 … a stalk with two leaves: (0+1)⊕(0+1) = 0, plus 1) ⊕ 7.
    assert_eq!(a.term_values, [Some(0), Some(6), Some(1), Some(7)]);
}

/// `⌊kφ⌋ = a` checked by squares alone: `2a − k < k√5 < 2a + 2 − k`.
fn is_floor_k_phi(k: u128, a: u128) -> bool {
    let lo = 2 * a - k;
    let hi = 2 * a + 2 - k;
    lo * lo < 5 * k * k && 5 * k * k < hi * hi
}

fn is_wythoff_p(x: u64, y: u64) -> bool {
    let (lo, hi) = (x.min(y) as u128, x.max(y) as u128);
    lo == 0 && hi == 0 || is_floor_k_phi(hi - lo, lo)
}

#[test]
fn wythoff_near_10_18_is_exact() {
    let options = AnalyzeOptions::default();
    for k in [
        618_033_988_749_894_848u64,
        618_033_988_749_894_849,
        5_000_000_000_000_000_000,
    ] {
        let (a, b) = (wythoff::a(k), wythoff::b(k));
        assert!(is_floor_k_phi(k as u128, a), "A_{k} = {a}");
        let pos = parse_position(&format!("wythoff({a},{b})")).unwrap();
        let an = pos.analyze(Play::Normal, &options).unwrap();
        assert_eq!(an.outcome, Outcome::P);
        assert!(an.winning_moves.is_empty());
        // One token more on either pile, or on both: a win, and every
        // winning move listed leads to a losing pair, checked by squares.
        for (x, y) in [(a + 1, b), (a, b + 1), (a + 1, b + 1), (b + 7, a)] {
            let (x, y) = (x as u64, y as u64);
            let pos = parse_position(&format!("wythoff({x},{y})")).unwrap();
            let an = pos.analyze(Play::Normal, &options).unwrap();
            assert_eq!(an.outcome, Outcome::N, "wythoff({x},{y})");
            assert!(!an.winning_moves.is_empty() && an.winning_moves.len() <= 3);
            for m in &an.winning_moves {
                let after = &m.mv.after[0].key();
                let (nx, ny) = (after[0], after[1]);
                assert!(is_wythoff_p(nx, ny), "wythoff({x},{y}) → ({nx},{ny})");
                let legal = nx == x && ny < y || ny == y && nx < x || x - nx == y - ny && nx < x;
                assert!(legal, "wythoff({x},{y}) → ({nx},{ny})");
            }
        }
    }
    // Exactly the moves to losing pairs: near 10^18 the only candidates are
    // the partners of each pile and the pair of the same difference.
    let (x, y) = (1_000_000_000_000_000_000u64, 1_000_000_000_000_000_007u64);
    let pos = parse_position(&format!("wythoff({x},{y})")).unwrap();
    let an = pos.analyze(Play::Normal, &options).unwrap();
    let moves: Vec<(u64, u64)> = an
        .winning_moves
        .iter()
        .map(|m| (m.mv.after[0].key()[0], m.mv.after[0].key()[1]))
        .collect();
    for &(nx, ny) in &moves {
        assert!(is_wythoff_p(nx, ny));
    }
    // The pile-lowering moves, found independently: for pile 1 the
    // partner of y, for pile 2 the partner of x, if smaller.
    let mut want = Vec::new();
    for (keep, other, first) in [(y, x, true), (x, y, false)] {
        let p = wythoff::partner(keep);
        if p < other as u128 {
            assert!(is_wythoff_p(keep, p as u64));
            want.push(if first { (p as u64, y) } else { (x, p as u64) });
        }
    }
    let a7 = wythoff::a(7) as u64;
    want.push((a7, a7 + 7));
    assert_eq!(moves, want);
    // In a sum the huge game's value is not known: refused, saying why.
    let err = parse_position(&format!("wythoff({x},{y}) + nim(1)"))
        .unwrap()
        .analyze(Play::Normal, &options)
        .unwrap_err()
        .to_string();
    assert!(err.contains("only its outcome"), "{err}");
}

#[test]
fn lasker_near_2_64_is_exact() {
    let options = AnalyzeOptions::default();
    let top = u64::MAX;
    let pos = parse_position(&format!("lasker({},{})", top - 1, top - 2)).unwrap();
    let an = pos.analyze(Play::Normal, &options).unwrap();
    // 4k+2 and 4k+1 are their own values.
    assert_eq!(an.term_values, [Some((top - 1) ^ (top - 2))]);
    assert_eq!(an.outcome, Outcome::N);
    assert!(!an.winning_moves.is_empty());
    for m in &an.winning_moves {
        let next = pos.apply(m).unwrap();
        let v = next
            .components()
            .map(|c| lasker::value(c.key()[0]))
            .fold(0u128, |a, b| a ^ b);
        assert_eq!(v, 0, "{}", m.words);
    }
    // 2^64 − 1 = 4k+3 has value 2^64, past a nimber: alone it is a win with
    // exact winning moves; in a sum it is refused.
    let pos = parse_position(&format!("lasker({top})")).unwrap();
    let an = pos.analyze(Play::Normal, &options).unwrap();
    assert_eq!(an.outcome, Outcome::N);
    // No split reaches 2^64 (both halves have smaller values): take it all.
    assert_eq!(an.winning_moves.len(), 1);
    assert!(an.winning_moves[0].mv.after.is_empty());
    for m in &an.winning_moves {
        let parts: Vec<u64> = m.mv.after.iter().map(|c| c.key()[0]).collect();
        let v = parts.iter().fold(0u128, |a, &b| a ^ lasker::value(b));
        assert_eq!(v, 0, "{}", m.words);
        assert!(parts.iter().map(|&p| p as u128).sum::<u128>() <= top as u128);
    }
    assert!(parse_position(&format!("lasker({top}) + nim(1)"))
        .unwrap()
        .analyze(Play::Normal, &options)
        .is_err());
}

#[test]
fn fibnim_near_2_64_is_exact() {
    let options = AnalyzeOptions::default();
    // The largest Fibonacci numbers below 2^64 start lost; one more is won.
    let (f90, f91) = (7_540_113_804_746_346_429u64, 12_200_160_415_121_876_738u64);
    assert!(fibnim::is_fibonacci(f90) && fibnim::is_fibonacci(f91));
    for n in [f90, f91] {
        let an = parse_position(&format!("fibnim({n})"))
            .unwrap()
            .analyze(Play::Normal, &options)
            .unwrap();
        assert_eq!(an.outcome, Outcome::P, "{n}");
    }
    for n in [f91 + 1, u64::MAX, f90 + f91 / 3] {
        let pos = parse_position(&format!("fibnim({n})")).unwrap();
        let an = pos.analyze(Play::Normal, &options).unwrap();
        assert_eq!(an.outcome, Outcome::N, "{n}");
        let z = fibnim::zeckendorf(n);
        assert_eq!(z.iter().map(|&t| t as u128).sum::<u128>(), n as u128);
        // Taking the smallest Zeckendorf term always wins.
        let takes: Vec<u64> = an
            .winning_moves
            .iter()
            .map(|m| n - m.mv.after[0].key()[0])
            .collect();
        assert!(takes.contains(&z[0]), "{n}: {takes:?}");
        for m in &an.winning_moves {
            let key = m.mv.after[0].key();
            let (rest, limit) = (key[0], key[1]);
            // The next player cannot take the smallest term of what is left.
            assert!(
                rest == 0 || fibnim::zeckendorf(rest)[0] > limit,
                "{n} → {rest};{limit}"
            );
        }
    }
}

#[test]
fn euclid_near_2_64_is_exact() {
    let options = AnalyzeOptions::default();
    // Consecutive Fibonacci numbers force every move: from (F(i+1), F(i))
    // the game runs down to (2, 1), a win for whoever faces it, so the
    // mover wins exactly when the number of forced moves is even.
    let mut fib = vec![1u64, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    for i in (fib.len() - 4)..(fib.len() - 1) {
        let (big, small) = (fib[i + 1], fib[i]);
        let forced = i; // (fib[i+1], fib[i]) → … → (fib[1], fib[0]) = (2, 1)
        let an = parse_position(&format!("euclid({big},{small})"))
            .unwrap()
            .analyze(Play::Normal, &options)
            .unwrap();
        assert_eq!(
            an.outcome.mover_wins(),
            forced % 2 == 0,
            "euclid({big},{small})"
        );
    }
    let pos = parse_position(&format!("euclid({},3)", u64::MAX)).unwrap();
    let an = pos.analyze(Play::Normal, &options).unwrap();
    assert_eq!(an.outcome, Outcome::N);
    assert_eq!(an.winning_moves.len(), 1);
    let key = an.winning_moves[0].mv.after[0].key();
    // 3 divides 2^64 − 1: take it all.
    assert_eq!(key, [0, 3]);
    assert_eq!(euclid::Euclid::new(u64::MAX, 3).winning_moves().len(), 1);
}

/// A game of its own named like the Nim family, with the same key.
#[derive(Debug)]
struct FakeNim(u64);

impl Game for FakeNim {
    fn name(&self) -> &str {
        "nim"
    }
    fn args(&self) -> String {
        self.0.to_string()
    }
    fn key(&self) -> Vec<u64> {
        vec![self.0]
    }
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(std::iter::empty())
    }
}

#[test]
fn moves_are_equal_by_identity_not_by_name_and_key() {
    let nim = parse_position("nim(2,1)").unwrap();
    let heaps: Vec<Component> = nim.components().cloned().collect();
    let (two, one) = (heaps[0].clone(), heaps[1].clone());
    let fake: Component = Arc::new(FakeNim(2));
    assert_eq!(fake.name(), two.name());
    assert_eq!(fake.key(), two.key());
    // Same components in another order: equal.
    assert_eq!(
        Move::to(vec![two.clone(), one.clone()]),
        Move::to(vec![one.clone(), two.clone()])
    );
    // Same name and key, another type: not equal.
    assert_ne!(Move::to(vec![two]), Move::to(vec![fake]));
}

/// The one component of a one-term position written `s`.
fn part(s: &str) -> Component {
    parse_position(s).unwrap().terms[0].parts[0].clone()
}

#[test]
fn solver_values_match_known_sequences() {
    let mut s = Solver::new(1_000_000);
    let kayles: Vec<u64> = (0..12)
        .map(|n| s.grundy(&part(&format!("kayles({n})"))).unwrap())
        .collect();
    assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert_eq!(s.grundy(&part("stairs(1,5,9)")).unwrap(), 3);
}

#[test]
fn solver_long_lines_of_play_need_no_deep_recursion() {
    // sub{1}: a line of 200 000 moves.
    let mut s = Solver::new(1_000_000);
    assert_eq!(s.grundy(&part("sub{1}(200000)")).unwrap(), 0);
}

#[test]
fn solver_budget_is_named_when_exceeded() {
    let err = Solver::new(50).grundy(&part("grundys(40)")).unwrap_err();
    assert!(err.to_string().contains("budget of 50"), "{err}");
}
