//! Nim-sequences against published tables and against the oracle: periods
//! (with preperiods) of Kayles, Dawson's Kayles, Dawson's chess and a
//! subtraction game; closed forms; and the period-aware move search.

use crate::util::{heap_options, Oracle, OracleRule};
use grundy::limits::Limits;
use grundy::rule::Rule;
use grundy::sequence::{naive::Naive, Engine, NimSequence, Values};

fn sequence(rule: &str) -> NimSequence {
    NimSequence::new(&Rule::parse(rule).unwrap(), 0, Limits::default()).unwrap()
}

/// The first `n` values from the naive engine, with no period shortcut.
fn naive(rule: &str, n: usize) -> Vec<u16> {
    let mut engine = Naive::new(&Rule::parse(rule).unwrap());
    let mut values = Values::new();
    while values.len() < n {
        engine.push_next(&mut values).unwrap();
    }
    values.into_vec()
}

#[test]
fn published_periods() {
    // Winning Ways / Guy's tables.
    for (rule, pre, period) in [
        ("kayles", 71, 12),
        ("0.77", 71, 12),
        ("dawson", 53, 34),
        ("0.137", 52, 34),
        ("sub{2,3,7}", 0, 5),
    ] {
        let p = sequence(rule)
            .period()
            .unwrap_or_else(|| panic!("{rule}: no period"));
        assert_eq!((p.preperiod, p.period), (pre, period), "{rule}");
    }
}

#[test]
fn proved_periods_hold_far_beyond_the_window() {
    for rule in [
        "kayles",
        "dawson",
        "0.137",
        "sub{2,3,7}",
        "sub{1,3,4}",
        "4.7",
        "0.51",
        "0.F",
    ] {
        let seq = sequence(rule);
        let Some(p) = seq.period() else { continue };
        let values = naive(rule, 1500);
        for n in 0..values.len() as u64 {
            assert_eq!(
                seq.value(n).unwrap(),
                values[n as usize] as u64,
                "{rule} G({n})"
            );
        }
        for n in p.preperiod as usize..values.len() - p.period as usize {
            assert_eq!(
                values[n],
                values[n + p.period as usize],
                "{rule} period at {n}"
            );
        }
        // The preperiod is exact: one step earlier the period fails.
        if p.preperiod > 0 {
            let n = p.preperiod as usize - 1;
            assert_ne!(
                values[n],
                values[n + p.period as usize],
                "{rule}: preperiod too late"
            );
        }
    }
}

#[test]
fn naive_engine_matches_the_oracle() {
    let cases: Vec<(&str, OracleRule)> = vec![
        ("0.77", OracleRule::Code(vec![0, 7, 7])),
        ("0.07", OracleRule::Code(vec![0, 0, 7])),
        ("0.137", OracleRule::Code(vec![0, 1, 3, 7])),
        ("4.7", OracleRule::Code(vec![4, 7])),
        ("0.F", OracleRule::Code(vec![0, 15])),
        ("8.3", OracleRule::Code(vec![8, 3])),
        ("grundys", OracleRule::Grundys),
        ("sub{1,3,4}", OracleRule::Subtract(vec![1, 3, 4])),
        (
            "sub{fib}",
            OracleRule::Subtract(vec![1, 2, 3, 5, 8, 13, 21]),
        ),
    ];
    for (rule, oracle_rule) in cases {
        let mut oracle = Oracle::new(vec![oracle_rule]);
        let expected = oracle.heap_values(0, 14);
        let got: Vec<u64> = naive(rule, 15).into_iter().map(u64::from).collect();
        assert_eq!(got, expected, "{rule}");
    }
}

#[test]
fn closed_forms_match_the_definition() {
    for lo in 1..=5u64 {
        for hi in lo..=lo + 6 {
            let rule = format!("sub{{{lo}..{hi}}}");
            let seq = sequence(&rule);
            let mut oracle = Oracle::new(vec![OracleRule::Subtract((lo..=hi).collect())]);
            let expected = oracle.heap_values(0, 60);
            for (n, &g) in expected.iter().enumerate() {
                assert_eq!(seq.value(n as u64).unwrap(), g, "{rule} G({n})");
            }
        }
    }
    let pow2 = sequence("sub{pow2}");
    let mut oracle = Oracle::new(vec![OracleRule::Subtract((0..7).map(|j| 1 << j).collect())]);
    for (n, g) in oracle.heap_values(0, 100).into_iter().enumerate() {
        assert_eq!(pow2.value(n as u64).unwrap(), g, "pow2 G({n})");
    }
    // Bash's game, seed 002: G(n) = n mod (m+1).
    assert_eq!(sequence("sub{1..4}").value(1_000_000_000_000).unwrap(), 0);
    assert_eq!(sequence("sub{1..4}").value(1_000_000_000_003).unwrap(), 3);
}

#[test]
fn moves_to_value_agree_with_walking_every_move() {
    // Heaps past the proof window exercise the periodic jump over splits.
    for rule in [
        "kayles",
        "dawson",
        "0.137",
        "4.7",
        "sub{2,3,7}",
        "sub{3..9}",
        "sub{pow2}",
    ] {
        let r = Rule::parse(rule).unwrap();
        let seq = NimSequence::new(&r, 700, Limits::default()).unwrap();
        for n in [0u64, 1, 5, 17, 80, 163, 350, 699] {
            for target in 0..10 {
                let fast: Vec<Vec<u64>> = seq
                    .moves_to_value(n, target)
                    .unwrap()
                    .map(|m| m.leaves)
                    .collect();
                let mut slow: Vec<Vec<u64>> = r
                    .moves(n)
                    .filter(|m| seq.value_of(&m.leaves).unwrap() == target)
                    .map(|m| m.leaves)
                    .collect();
                let mut fast_sorted = fast.clone();
                fast_sorted.sort();
                slow.sort();
                assert_eq!(fast_sorted, slow, "{rule} n={n} target={target}");
            }
        }
    }
}

#[test]
fn rule_moves_match_the_oracles_definition() {
    let cases: Vec<(&str, OracleRule)> = vec![
        ("0.77", OracleRule::Code(vec![0, 7, 7])),
        ("4.37", OracleRule::Code(vec![4, 3, 7])),
        ("0.F", OracleRule::Code(vec![0, 15])),
        ("grundys", OracleRule::Grundys),
        ("nim", OracleRule::Nim),
        ("sub{2,5}", OracleRule::Subtract(vec![2, 5])),
    ];
    for (rule, oracle_rule) in cases {
        let r = Rule::parse(rule).unwrap();
        for n in 0..12 {
            let mut engine: Vec<Vec<u64>> = r.moves(n).map(|m| m.leaves).collect();
            let count = engine.len();
            engine.sort();
            engine.dedup();
            assert_eq!(engine.len(), count, "{rule}: a move listed twice from {n}");
            assert_eq!(engine, heap_options(&oracle_rule, n), "{rule} from {n}");
        }
    }
}

#[test]
fn unproved_requests_are_refused_not_guessed() {
    let err = NimSequence::new(&Rule::Grundys, u64::MAX, Limits::default()).unwrap_err();
    assert!(err.to_string().contains("no period can be proved"), "{err}");
    let small = Limits {
        max_heaps: 1000,
        search_heaps: 100,
        proof_heaps: 100,
        ..Limits::default()
    };
    let err = NimSequence::new(&Rule::parse("0.6").unwrap(), 5000, small).unwrap_err();
    assert!(err.to_string().contains("no period was proved"), "{err}");
    let seq = NimSequence::new(&Rule::Grundys, 100, Limits::default()).unwrap();
    assert!(seq.value(101).is_err());
    assert!(seq.period().is_none());
}
