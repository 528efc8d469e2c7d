//! Every family with arguments near 2^64 (and near 2^63, and small): each
//! answer is a value, an outcome or a clean refusal (an [`Error`]), never a
//! panic, and soon (every search within a small budget). What is answered is
//! checked where it can be without trusting the engine: a known value
//! agrees with the outcome, and every winning move listed can be made and
//! leaves a position the engine does not call a win for the mover.
//!
//! One property test per family of the registry; a new family adds one.

use std::time::{Duration, Instant};

use grundy::budget::Budget;
use grundy::error::Error;
use grundy::expr::parse_position;
use grundy::nim::{Outcome, Play};
use grundy::sum::{AnalyzeOptions, Position};
use proptest::prelude::*;

/// Numbers a user may type at the edges of 64 bits, and small ones.
fn num() -> impl Strategy<Value = u64> {
    prop_oneof![
        (0u64..4).prop_map(|d| u64::MAX - d),
        (0u64..4).prop_map(|d| (1u64 << 63) + d - 2),
        (0u64..4).prop_map(|d| u64::MAX / 2 + d - 1),
        0u64..6,
    ]
}

/// Options for one step: 20 ms and 64 MiB (a refusal is as good an answer here
/// as a value, and the whole file runs in the first `cargo test`).
fn options() -> AnalyzeOptions {
    let budget = Budget::unlimited()
        .with_time(Duration::from_millis(20))
        .with_memory(64 << 20);
    AnalyzeOptions {
        max_moves: 4,
        ..AnalyzeOptions::default().with_budget(budget)
    }
}

/// A refusal says what it refuses, in words.
fn refused(text: &str, what: &str, e: &Error) {
    assert!(
        !e.to_string().trim().is_empty(),
        "{what} of {text}: an empty error"
    );
}

/// Analyses `text` every way a front end does and checks each answer.
fn check(text: &str) {
    check_in(text, &[Play::Normal, Play::Misere], true)
}

/// [`check`] under the given ways of play only, with or without the
/// every-game analysis.
fn check_in(text: &str, plays: &[Play], every: bool) {
    let start = Instant::now();
    let pos = match parse_position(text) {
        Ok(pos) => pos,
        Err(e) => return refused(text, "parsing", &e),
    };
    for &play in plays {
        match pos.analyze(play, &options()) {
            Ok(a) => {
                if let (Play::Normal, Some(g)) = (play, a.grundy) {
                    assert_eq!(a.outcome == Outcome::N, g != 0, "{text}: value {g}");
                }
                if a.wide_grundy.is_some() {
                    assert_eq!((a.outcome, a.grundy), (Outcome::N, None), "{text}");
                }
                if a.outcome == Outcome::P {
                    assert!(
                        a.winning_moves.is_empty(),
                        "{text}: a P-position with winning moves"
                    );
                }
                for m in &a.winning_moves {
                    let next = pos
                        .apply(m)
                        .unwrap_or_else(|e| panic!("{text}: {}: {e}", m.words));
                    after_winning_move(text, &next, play);
                }
            }
            Err(e) => refused(text, "analysing", &e),
        }
        match grundy::explain::explain_with(&pos, play, &options()) {
            Ok(e) => {
                if let Some(v) = e.rows.iter().map(|r| r.value).collect::<Option<Vec<_>>>() {
                    if play == Play::Normal {
                        let sum = v.iter().fold(0, |x, y| x ^ y);
                        assert_eq!(e.outcome == Outcome::N, sum != 0, "{text}: explained");
                    }
                }
            }
            Err(e) => refused(text, "explaining", &e),
        }
    }
    if every {
        if let Err(e) = grundy::every::analyze(&pos, &options()) {
            refused(text, "the every-game analysis", &e)
        }
    }
    // The first few moves of the position can be made.
    for m in pos.moves().take(3) {
        if let Err(e) = pos.apply(&m) {
            refused(text, "making a move", &e)
        }
    }
    let took = start.elapsed();
    assert!(took < Duration::from_secs(20), "{text} took {took:?}");
}

/// After a winning move the mover must not be left with a win.
fn after_winning_move(text: &str, next: &Position, play: Play) {
    if let Ok(a) = next.analyze(play, &options()) {
        assert_eq!(
            a.outcome,
            Outcome::P,
            "{text}: a winning move leaves {}",
            next.quoted()
        );
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 12,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn heap_rules(a in num(), b in num(), c in num(), rule in 0usize..8) {
        let rule = ["nim", "kayles", "dawson", "0.07", "grundys", "sub{1,3,4}", "4.07", "0.137"][rule];
        check(&format!("{rule}({a},{b})"));
        check(&format!("sub{{{a},{b}}}({c})"));
        check(&format!("sub{{{}..{}}}({c})", a.min(b).max(1), a.max(b).max(1)));
    }

    #[test]
    fn staircase(a in num(), b in num(), c in num()) {
        let mut s = [a, b, c];
        s.sort();
        check(&format!("stairs({},{},{})", s[0], s[1], s[2]));
    }

    #[test]
    fn northcott(a in num(), b in num(), c in num(), d in num()) {
        check(&format!("northcott({a}-{b}, {c}-{d})"));
    }

    #[test]
    fn boxes(a in num(), b in num(), c in num()) {
        check(&format!("boxes({}/{}, {c}/{c})", a.min(b), a.max(b)));
    }

    #[test]
    fn runs(a in num(), b in num()) {
        check(&format!("runs({a},{b})"));
    }

    #[test]
    fn takerange(a in num(), b in num(), c in num()) {
        check(&format!("takerange{{{}..{}}}({c})", a.min(b).max(1), a.max(b).max(1)));
    }

    #[test]
    fn auction(a in num(), b in num()) {
        check(&format!("auction{{{}}}({b})", a.max(1)));
    }

    #[test]
    fn wythoff(a in num(), b in num()) {
        check(&format!("wythoff({a},{b})"));
    }

    #[test]
    fn fibnim(a in num(), b in num()) {
        check(&format!("fibnim({a})"));
        check(&format!("fibnim({a};{})", b.max(1)));
    }

    #[test]
    fn lasker(a in num(), b in num()) {
        check(&format!("lasker({a})"));
        check(&format!("lasker({a},{b})"));
    }

    #[test]
    fn moore(k in num(), a in num(), b in num()) {
        check(&format!("moore({}; {a},{b})", k.max(1)));
    }

    #[test]
    fn hackenbush(a in num(), b in num()) {
        check(&format!("hackenbush(1-{a} {a}-{b})"));
    }

    #[test]
    fn euclid(a in num(), b in num()) {
        check(&format!("euclid({},{})", a.max(1), b.max(1)));
    }

    #[test]
    fn coins(a in num(), b in num(), rule in 0usize..5) {
        let rule = ["turtles", "twins", "mock", "moebius", "ruler"][rule];
        check_in(&format!("{rule}({a},{b})"), &[Play::Normal], false);
    }

    #[test]
    fn nodekayles(a in num(), b in num()) {
        check(&format!("nodekayles({a}x{b})"));
        check(&format!("nodekayles(1-{a} {b})"));
    }

    #[test]
    fn arckayles(a in num(), b in num()) {
        check(&format!("arckayles({a}x{b})"));
        check(&format!("arckayles(1-{a} {a}-{b})"));
    }

    #[test]
    fn chomp(a in num(), b in num()) {
        check(&format!("chomp({a}x{b})"));
        check(&format!("chomp({},{})", a.max(b), a.min(b)));
    }

    #[test]
    fn cram(a in num(), b in num()) {
        check(&format!("cram({a}x{b})"));
        check(&format!("cram({a}x2)"));
    }

    #[test]
    fn digraph(a in num(), b in num()) {
        check(&format!("digraph({a}>{b} {b}>{a}; {a})"));
        check(&format!("digraph({a}>{b}; {a} {b})"));
    }
}

/// Fewer cases for the coin searches below: most of their questions near
/// 2^64 are refused at the 20 ms deadline, so each case waits out several
/// deadlines.
fn coin_config() -> ProptestConfig {
    ProptestConfig {
        cases: 4,
        ..config()
    }
}

proptest! {
    #![proptest_config(coin_config())]

    /// Misère and every-game play of coin rows, and coin boards in any
    /// play, near 2^64: they answer or refuse at the deadline (they used to
    /// run for 20 s and more: `analyze --misere "turtles(2^64-1,2^64-1)"`,
    /// `corners((2^64-1,2^64-1))`; `explain "corners((2^64-1,0))"` listed
    /// 2^64 turns to find that it has no move).
    #[test]
    fn coins_misere_and_every(a in num(), b in num(), rule in 0usize..5) {
        let rule = ["turtles", "twins", "mock", "moebius", "ruler"][rule];
        check(&format!("{rule}({a},{b})"));
        check(&format!("corners(({a},{b}))"));
        check(&format!("ruler*ruler(({a},{b}))"));
    }
}

/// The registry has no family this file leaves out.
#[test]
fn every_family_is_covered() {
    let covered = [
        "nim",
        "stairs",
        "northcott",
        "boxes",
        "runs",
        "takerange",
        "auction",
        "wythoff",
        "fibnim",
        "lasker",
        "moore",
        "hackenbush",
        "euclid",
        "turtles",
        "nodekayles",
        "arckayles",
        "chomp",
        "cram",
        "digraph",
    ];
    for family in grundy::games::FAMILIES {
        assert!(
            covered.iter().any(|name| (family.accepts)(name)),
            "no property test for the family {}",
            family.shown
        );
    }
}

/// The two crashes at 2^64 − 1 stay fixed: Wythoff's game on two piles of
/// 2^64 − 1 answers its outcome, Moore's Nim_k with k = 2^64 − 1 its value.
#[test]
fn wythoff_and_moore_at_the_top() {
    let m = u64::MAX;
    // Without a deadline, as the command line asks: the value's search is
    // refused by its work budget, and the outcome is answered.
    let a = parse_position(&format!("wythoff({m},{m})"))
        .unwrap()
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap();
    // (M, M) is not a losing pair (those differ by k ≥ 1 or are (0, 0)), and
    // taking M from both piles wins.
    assert_eq!(a.outcome, Outcome::N);
    assert!(a
        .winning_moves
        .iter()
        .any(|mv| mv.words.contains(&m.to_string())));
    // k ≥ the number of heaps: Moore's Nim_k is "take from any heaps", won
    // by emptying them all; its outcome is N, every column count 1 or 2 is
    // not divisible by 2^64.
    let a = parse_position(&format!("moore({m}; 1,2)"))
        .unwrap()
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(!a.winning_moves.is_empty());
}

/// Lasker's Nim on 2^64 − 1 is worth 2^64: said, with the outcome, and
/// without a search; in a sum the refusal says the value.
#[test]
fn lasker_at_the_top_is_worth_two_to_the_64() {
    let m = u64::MAX;
    let start = Instant::now();
    let a = parse_position(&format!("lasker({m})"))
        .unwrap()
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap();
    assert!(
        start.elapsed() < Duration::from_millis(100),
        "no search: {:?}",
        start.elapsed()
    );
    assert_eq!(a.wide_grundy, Some(1u128 << 64));
    assert_eq!(a.outcome, Outcome::N);
    let err = parse_position(&format!("lasker({m}) + nim(3)"))
        .unwrap()
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains(&format!("lasker({m}) is 2^64, beyond 64 bits")),
        "{text}"
    );
    assert!(!text.contains("not known"), "{text}");
}
