//! Numbers near 2^63 and 2^64 in subtraction sets, codes and heap sizes.
//!
//! Every answer is checked against the rules through a direct computation
//! written here, independently of the engine: `G(n)` is the mex of
//! `G(n − s)` over the members `s ≤ n`, evaluated by memoised recursion
//! (feasible when the members are large next to the heap) or bottom-up (for
//! small heaps). Where neither is feasible the engine may refuse, cleanly;
//! it must never wrap a number, never panic, and never report a period that
//! does not hold.

use std::collections::HashMap;

use grundy::error::Error;
use grundy::expr::parse_position;
use grundy::limits::Limits;
use grundy::nim::{Outcome, Play};
use grundy::rule::Rule;
use grundy::sequence::NimSequence;
use grundy::sum::AnalyzeOptions;
use proptest::prelude::*;

/// A subtraction set as the rules state it: single members and ranges.
#[derive(Clone, Debug)]
struct Set {
    items: Vec<(u64, u64)>,
}

impl Set {
    fn text(&self) -> String {
        let items: Vec<String> = self
            .items
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}..{b}")
                }
            })
            .collect();
        format!("sub{{{}}}", items.join(","))
    }

    /// The members `s ≤ n` as runs `a..=b` (possibly overlapping).
    fn runs_up_to(&self, n: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.items
            .iter()
            .filter(move |&&(a, _)| a <= n)
            .map(move |&(a, b)| (a, b.min(n)))
    }

    fn smallest(&self) -> u64 {
        self.items.iter().map(|&(a, _)| a).min().unwrap()
    }
}

/// The direct computation of `G(n)`, or `None` when it would take too long.
struct Direct<'a> {
    set: &'a Set,
    memo: HashMap<u64, u64>,
    budget: usize,
}

impl<'a> Direct<'a> {
    fn new(set: &'a Set) -> Direct<'a> {
        Direct {
            set,
            memo: HashMap::new(),
            budget: 200_000,
        }
    }

    fn g(&mut self, n: u64) -> Option<u64> {
        if let Some(&v) = self.memo.get(&n) {
            return Some(v);
        }
        self.budget = self.budget.checked_sub(1)?;
        let mut seen = Vec::new();
        let runs: Vec<(u64, u64)> = self.set.runs_up_to(n).collect();
        for (a, b) in runs {
            // Only short runs are walked; a long run's options are refused.
            if b - a > 4096 {
                return None;
            }
            for s in a..=b {
                seen.push(self.g(n - s)?);
            }
        }
        seen.sort_unstable();
        seen.dedup();
        let mex = seen
            .iter()
            .enumerate()
            .find(|&(i, &v)| i as u64 != v)
            .map_or(seen.len() as u64, |(i, _)| i as u64);
        self.memo.insert(n, mex);
        Some(mex)
    }

    /// `G(n)` where the recursion stays shallow: every member large next to
    /// `n`, or `n` small (then the values below are filled bottom-up first,
    /// so the recursion is one level deep).
    fn value(&mut self, n: u64) -> Option<u64> {
        if n <= 4000 {
            for m in 0..n {
                self.g(m)?;
            }
        } else if n / self.set.smallest() > 64 {
            return None;
        }
        self.g(n)
    }
}

fn near(centre: u64) -> impl Strategy<Value = u64> {
    (0u64..64, any::<bool>()).prop_map(move |(d, up)| {
        if up {
            centre.saturating_add(d)
        } else {
            centre.saturating_sub(d)
        }
    })
}

/// A member: small, near 2^63, near 2^64, or a huge round number.
fn member() -> impl Strategy<Value = u64> {
    prop_oneof![
        1u64..12,
        near(1 << 63),
        near(u64::MAX),
        near(10_000_000_000_000_000_000),
        near(1 << 62),
    ]
    .prop_map(|m| m.max(1))
}

fn item() -> impl Strategy<Value = (u64, u64)> {
    prop_oneof![
        3 => member().prop_map(|m| (m, m)),
        1 => (member(), 0u64..6).prop_map(|(a, w)| (a, a.saturating_add(w))),
        1 => (member(), member()).prop_map(|(a, b)| (a.min(b), a.max(b))),
    ]
}

fn set() -> impl Strategy<Value = Set> {
    prop::collection::vec(item(), 1..4).prop_map(|items| Set { items })
}

fn heap(set: &Set) -> impl Strategy<Value = u64> + use<> {
    let members: Vec<u64> = set
        .items
        .iter()
        .flat_map(|&(a, b)| [a, b, a.saturating_mul(2), a.saturating_add(b)])
        .collect();
    prop_oneof![
        0u64..300,
        near(1 << 63),
        near(u64::MAX),
        prop::sample::select(members).prop_flat_map(near),
    ]
}

/// Small search limits: these rules have no period in reach anyway.
fn limits() -> Limits {
    Limits {
        max_heaps: 1 << 16,
        search_heaps: 1 << 12,
        proof_heaps: 1 << 12,
        ..Limits::default()
    }
}

fn is_refusal(err: &Error) -> bool {
    matches!(err, Error::TooLarge(_) | Error::Unsupported(_))
}

/// The value, outcome and winning moves of one heap agree with the rules
/// (or the engine refuses cleanly).
fn check_heap(set: &Set, n: u64) -> Result<(), TestCaseError> {
    let text = set.text();
    let rule = match Rule::parse(&text) {
        Ok(rule) => rule,
        // Too many members spelled out: refused as a set, not wrapped.
        Err(Error::Invalid { .. }) => return Ok(()),
        Err(e) => return Err(TestCaseError::fail(format!("{text}: {e}"))),
    };
    let mut direct = Direct::new(set);
    let truth = direct.value(n);
    match NimSequence::new(&rule, n, limits()) {
        Ok(seq) => {
            if let Some(p) = seq.period() {
                prop_assert!(p.period > 0, "{text}: period 0");
            }
            match (seq.value(n), truth) {
                (Ok(v), Some(t)) => prop_assert_eq!(v, t, "{} G({})", text, n),
                (Ok(_), None) => {}
                (Err(e), _) => prop_assert!(is_refusal(&e), "{text} G({n}): {e:?}"),
            }
        }
        Err(e) => prop_assert!(is_refusal(&e), "{text} G({n}): {e:?}"),
    }
    let pos = parse_position(&format!("{text}({n})")).unwrap();
    let options = AnalyzeOptions {
        limits: limits(),
        max_moves: 50,
        ..AnalyzeOptions::default()
    };
    match pos.analyze(Play::Normal, &options) {
        Ok(a) => {
            let Some(t) = truth else { return Ok(()) };
            prop_assert_eq!(a.grundy, Some(t), "{}({})", text, n);
            prop_assert_eq!(a.outcome == Outcome::N, t != 0);
            // The winning moves are exactly the takes to a heap of value 0.
            let mut want: Vec<u64> = Vec::new();
            for (lo, hi) in set.runs_up_to(n) {
                for s in lo..=hi {
                    if direct.g(n - s) == Some(0) {
                        want.push(s);
                    }
                }
            }
            want.sort_unstable();
            want.dedup();
            let got: Vec<u64> = a
                .winning_moves
                .iter()
                .map(|m| n - m.to.first().copied().unwrap_or(0))
                .collect();
            let shown = want.len().min(50);
            prop_assert_eq!(&got[..], &want[..shown], "{}({})", text, n);
            prop_assert_eq!(a.truncated, want.len() > 50);
        }
        Err(e) => prop_assert!(is_refusal(&e), "{text}({n}): {e:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn subtraction_sets_near_2_64((set, n) in set().prop_flat_map(|s| (Just(s.clone()), heap(&s)))) {
        check_heap(&set, n)?;
    }

    #[test]
    fn small_heaps_of_huge_sets_follow_the_rules(set in set()) {
        let text = set.text();
        let Ok(rule) = Rule::parse(&text) else { return Ok(()) };
        let seq = NimSequence::new(&rule, 60, limits()).unwrap();
        let mut direct = Direct::new(&set);
        for n in 0..=60 {
            prop_assert_eq!(Some(seq.value(n).unwrap()), direct.value(n), "{} G({})", text, n);
        }
    }
}

/// Codes have small numbers, but their heaps may be near 2^64: a proved
/// period must hold on its whole Guy–Smith window, checked here against
/// values computed from the rules.
#[test]
fn codes_answer_heaps_near_2_64_from_checked_periods() {
    for code in ["0.77", "0.07", "0.137", "4.7", "0.51", "0.4"] {
        let rule = Rule::parse(code).unwrap();
        let seq = NimSequence::new(&rule, u64::MAX, Limits::default()).unwrap();
        let p = seq.period().expect("these codes have proved periods");
        let Rule::TakeBreak(tb) = &rule else { panic!() };
        let needed = tb.proof_shape().values_needed(p.preperiod, p.period) as usize;
        let g = code_values(tb.digits(), needed);
        let end = tb.proof_shape().window_end(p.preperiod, p.period) as usize;
        for n in p.preperiod as usize..end {
            assert_eq!(g[n], g[n + p.period as usize], "{code}: window at {n}");
        }
        for n in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1] {
            let m = p.preperiod + (n - p.preperiod) % p.period;
            assert_eq!(seq.value(n).unwrap(), g[m as usize], "{code} G({n})");
        }
    }
}

/// `G(0..len)` of a take-and-break code, straight from the digits.
fn code_values(digits: &[u8], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; 2 * n + 8];
        for (k, &d) in digits.iter().enumerate().filter(|&(k, _)| k <= n) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        seen[(g[a] ^ g[rest - a]) as usize] = true;
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u64);
    }
    g
}

// Regressions: each line of the bug report, with the true answer.

fn value(rule: &str, n: u64) -> Result<u64, Error> {
    let rule = Rule::parse(rule).unwrap();
    NimSequence::new(&rule, n, Limits::default())?.value(n)
}

fn analyze(expr: &str) -> grundy::sum::Analysis {
    parse_position(expr)
        .unwrap()
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap()
}

#[test]
fn a_member_near_2_64_does_not_fake_a_short_period() {
    // sub{1, 2^64 − 101}: G(n) = n mod 2 for every n < 2^64 − 101.
    let rule = Rule::parse("sub{1,18446744073709551515}").unwrap();
    let seq = NimSequence::new(&rule, 110, Limits::default()).unwrap();
    assert_eq!(seq.period(), None, "no proof fits below 2^64");
    for n in 0..=110 {
        assert_eq!(seq.value(n).unwrap(), n % 2);
    }
}

#[test]
fn the_largest_member_is_not_a_wrapped_window() {
    // sub{1, 2^64 − 1}(2): the only move takes 1, to 1, which is N: P.
    let a = analyze("sub{1,18446744073709551615}(2)");
    assert_eq!((a.outcome, a.grundy), (Outcome::P, Some(0)));
    assert!(a.winning_moves.is_empty());
    assert_eq!(value("sub{3,18446744073709551615}", 3).unwrap(), 1);
}

#[test]
fn a_single_member_above_2_63_takes_the_whole_heap() {
    let m = 10_000_000_000_000_000_000;
    assert_eq!(value("sub{10000000000000000000}", m).unwrap(), 1);
    let a = analyze("sub{10000000000000000000}(10000000000000000000)");
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].to, Vec::<u64>::new());
    assert_eq!(value("sub{18446744073709551615}", u64::MAX).unwrap(), 1);
    assert_eq!(value("sub{18446744073709551615}", u64::MAX - 1).unwrap(), 0);
    // Its period 2^65 − 2 does not fit in 64 bits: none is reported.
    let rule = Rule::parse("sub{18446744073709551615}").unwrap();
    let seq = NimSequence::new(&rule, u64::MAX, Limits::default()).unwrap();
    assert_eq!(seq.period(), None);
}

#[test]
fn ranges_reaching_2_64_use_the_closed_form_unwrapped() {
    assert_eq!(value("sub{2..18446744073709551615}", 5).unwrap(), 2);
    assert_eq!(value("sub{1..18446744073709551615}", 5).unwrap(), 5);
}

#[test]
fn members_near_2_64_leave_small_heaps_to_the_small_members() {
    // Below 2^64 − 1000, sub{1,2,…} plays as sub{1,2}: G(n) = n mod 3.
    assert_eq!(value("sub{1,2,18446744073709550616}", 5000).unwrap(), 2);
    let rule = Rule::parse("sub{1,2,18446744073709551516}").unwrap();
    let seq = NimSequence::new(&rule, 200, Limits::default()).unwrap();
    assert_eq!(seq.period(), None);
    for n in 0..=200 {
        assert_eq!(seq.value(n).unwrap(), n % 3);
    }
}

#[test]
fn two_to_the_63_is_not_a_division_by_zero() {
    let a = analyze("sub{9223372036854775808}(1)");
    assert_eq!((a.outcome, a.grundy), (Outcome::P, Some(0)));
    assert_eq!(value("sub{9223372036854775808}", 1 << 63).unwrap(), 1);
    assert_eq!(value("sub{9223372036854775808}", u64::MAX).unwrap(), 1);
}

#[test]
fn winning_moves_of_a_huge_single_member_are_found_at_once() {
    // sub{10^18}(9·10^18): G = ⌊n/10^18⌋ mod 2 = 1; take 10^18 to 8·10^18.
    let a = analyze("sub{1000000000000000000}(9000000000000000000)");
    assert_eq!(a.outcome, Outcome::N);
    let to: Vec<_> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
    assert_eq!(to, vec![vec![8_000_000_000_000_000_000]]);
    // A wide range: the winning takes form a run, listed lazily.
    // G(7·10^18) = ⌊(7·10^18 mod 4·10^18)/10^18⌋ = 3; the options are the
    // heaps 4·10^18..=6·10^18, of which 4·10^18..5·10^18 have value 0.
    let a = analyze("sub{1000000000000000000..3000000000000000000}(7000000000000000000)");
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.truncated);
    assert_eq!(a.winning_moves.len(), 10_000);
    assert_eq!(a.winning_moves[0].to, vec![5_000_000_000_000_000_000 - 1]);
    assert_eq!(a.winning_moves[1].to, vec![5_000_000_000_000_000_000 - 2]);
    // Two winning takes only: to 4·10^18 + 1 and 4·10^18.
    let a = analyze("sub{1000000000000000000..3000000000000000000}(5000000000000000001)");
    let to: Vec<_> = a.winning_moves.iter().map(|m| m.to[0]).collect();
    assert_eq!(
        to,
        vec![4_000_000_000_000_000_001, 4_000_000_000_000_000_000]
    );
}
