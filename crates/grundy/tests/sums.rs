//! Random small sums of every rule family, normal and misère play, checked
//! against the independent exhaustive oracle in `common`: outcome, Grundy
//! value, and that the winning moves are exactly the moves to P-positions.

use std::collections::BTreeSet;

use crate::util::{Oracle, OracleRule, Part};
use grundy::expr::parse_position;
use grundy::limits::Limits;
use grundy::nim::{Outcome, Play};
use grundy::sum::AnalyzeOptions;
use proptest::prelude::*;

/// Small heaps need no period search: keep each case fast.
fn quick() -> AnalyzeOptions {
    AnalyzeOptions {
        limits: Limits {
            search_heaps: 64,
            ..Limits::default()
        },
        ..AnalyzeOptions::default()
    }
}

/// One term: its text in the expression language, its oracle rule (None for
/// a staircase) and its heap sizes (a staircase's steps).
#[derive(Clone, Debug)]
struct TermSpec {
    text: String,
    rule: Option<OracleRule>,
    sizes: Vec<u64>,
}

fn fib_upto(n: u64) -> Vec<u64> {
    let mut v = vec![1, 2];
    while v[v.len() - 1] + v[v.len() - 2] <= n {
        v.push(v[v.len() - 1] + v[v.len() - 2]);
    }
    v
}

fn rule_strategy() -> impl Strategy<Value = (String, OracleRule, u64)> {
    // (rule text, oracle rule, largest heap to draw)
    prop_oneof![
        Just(("nim".to_string(), OracleRule::Nim, 6)),
        prop::collection::btree_set(1u64..=6, 1..=3).prop_map(|set| {
            let items: Vec<String> = set.iter().map(u64::to_string).collect();
            (
                format!("sub{{{}}}", items.join(",")),
                OracleRule::Subtract(set.into_iter().collect()),
                10,
            )
        }),
        (1u64..=3, 0u64..=3).prop_map(|(a, w)| (
            format!("sub{{{a}..{}}}", a + w),
            OracleRule::Subtract((a..=a + w).collect()),
            10
        )),
        Just((
            "sub{fib}".to_string(),
            OracleRule::Subtract(fib_upto(100)),
            10
        )),
        Just((
            "sub{pow2}".to_string(),
            OracleRule::Subtract(vec![1, 2, 4, 8, 16, 32, 64]),
            10
        )),
        Just(("kayles".to_string(), OracleRule::Code(vec![0, 7, 7]), 6)),
        Just(("dawson".to_string(), OracleRule::Code(vec![0, 0, 7]), 7)),
        Just(("grundys".to_string(), OracleRule::Grundys, 7)),
        (
            prop::sample::select(vec![0u8, 4]),
            prop::collection::vec(0u8..=7, 1..=3)
        )
            .prop_map(|(d0, ds)| {
                let text = format!(
                    "{d0}.{}",
                    ds.iter().map(|d| d.to_string()).collect::<String>()
                );
                let mut digits = vec![d0];
                digits.extend(ds);
                (text, OracleRule::Code(digits), 5)
            }),
        (
            prop::sample::select(vec![0u8, 4, 8]),
            prop::collection::vec(prop::sample::select(vec![0u8, 3, 7, 8, 11, 15]), 1..=2)
        )
            .prop_map(|(d0, ds)| {
                let text = format!(
                    "{d0:X}.{}",
                    ds.iter().map(|d| format!("{d:X}")).collect::<String>()
                );
                let mut digits = vec![d0];
                digits.extend(ds);
                (text, OracleRule::Code(digits), 4)
            }),
    ]
}

fn term_strategy() -> impl Strategy<Value = TermSpec> {
    prop_oneof![
        4 => rule_strategy().prop_flat_map(|(text, rule, max)| {
            prop::collection::vec(0..=max, 1..=2).prop_map(move |sizes| TermSpec {
                text: text.clone(),
                rule: Some(rule.clone()),
                sizes,
            })
        }),
        1 => prop::collection::btree_set(1u64..=8, 1..=3).prop_map(|steps| TermSpec {
            text: "stairs".into(),
            rule: None,
            sizes: steps.into_iter().collect(),
        }),
    ]
}

/// Sums of one to three terms with at most four heaps in all, so that the
/// oracle's walk over the whole game tree stays small.
fn sums() -> impl Strategy<Value = Vec<TermSpec>> {
    prop::collection::vec(term_strategy(), 1..=3).prop_filter("at most four heaps", |ts| {
        ts.iter().map(|t| t.sizes.len()).sum::<usize>() <= 4
    })
}

fn build(terms: &[TermSpec]) -> (String, Oracle, Vec<Part>) {
    let text = terms
        .iter()
        .map(|t| {
            let sizes: Vec<String> = t.sizes.iter().map(u64::to_string).collect();
            format!("{}({})", t.text, sizes.join(","))
        })
        .collect::<Vec<_>>()
        .join(" + ");
    let mut rules = Vec::new();
    let mut root = Vec::new();
    for t in terms {
        match &t.rule {
            Some(rule) => {
                let r = rules.iter().position(|x| x == rule).unwrap_or_else(|| {
                    rules.push(rule.clone());
                    rules.len() - 1
                });
                root.extend(t.sizes.iter().map(|&h| Part::Heap(r, h)));
            }
            None => root.push(Part::Stairs(t.sizes.clone())),
        }
    }
    (text, Oracle::new(rules), root)
}

/// The engine's winning moves as a set comparable with the oracle's.
fn engine_moves(a: &grundy::sum::Analysis) -> BTreeSet<(usize, u64, Vec<u64>)> {
    let moves: BTreeSet<_> = a
        .winning_moves
        .iter()
        .map(|m| (m.heap.expect("heap moves"), m.from, m.to.clone()))
        .collect();
    assert_eq!(moves.len(), a.winning_moves.len(), "a move is listed twice");
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn normal_play_matches_exhaustive_search(terms in sums()) {
        let (text, mut oracle, root) = build(&terms);
        let pos = parse_position(&text).unwrap();
        let a = pos.analyze(Play::Normal, &quick()).unwrap();
        let wins = oracle.wins(root.clone());
        prop_assert_eq!(a.outcome, if wins { Outcome::N } else { Outcome::P }, "{}", text);
        prop_assert_eq!(a.grundy, Some(oracle.grundy(root.clone())), "{}", text);
        prop_assert!(!a.truncated);
        prop_assert_eq!(engine_moves(&a), oracle.winning_moves(&root, false), "{}", text);
    }

    #[test]
    fn misere_play_matches_exhaustive_search(terms in sums()) {
        let (text, mut oracle, root) = build(&terms);
        let pos = parse_position(&text).unwrap();
        let a = pos.analyze(Play::Misere, &quick()).unwrap();
        let wins = oracle.wins_misere(root.clone());
        prop_assert_eq!(a.outcome, if wins { Outcome::N } else { Outcome::P }, "{}", text);
        prop_assert_eq!(a.grundy, None);
        prop_assert_eq!(engine_moves(&a), oracle.winning_moves(&root, true), "{}", text);
    }

    #[test]
    fn misere_nim_closed_form_matches_search(heaps in prop::collection::vec(0u64..=5, 1..=5)) {
        let text = format!("nim({})", heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        let mut oracle = Oracle::new(vec![OracleRule::Nim]);
        let root: Vec<Part> = heaps.iter().map(|&h| Part::Heap(0, h)).collect();
        let a = parse_position(&text).unwrap().analyze(Play::Misere, &quick()).unwrap();
        prop_assert_eq!(a.outcome.mover_wins(), oracle.wins_misere(root.clone()), "{}", text);
        prop_assert_eq!(engine_moves(&a), oracle.winning_moves(&root, true), "{}", text);
    }
}

/// The seeds' worked examples.
#[test]
fn seed_examples() {
    let analyze = |text: &str, play| {
        parse_position(text)
            .unwrap()
            .analyze(play, &AnalyzeOptions::default())
            .unwrap()
    };
    // Seed 000: 3 2 1 → Bob (the first player loses).
    assert_eq!(analyze("nim(3,2,1)", Play::Normal).outcome, Outcome::P);
    // Seed 002: 3 4 5 → take 2 from the heap of 3.
    let a = analyze("nim(3,4,5)", Play::Normal);
    assert_eq!(a.grundy, Some(2));
    assert_eq!(
        engine_moves(&a),
        BTreeSet::from([(0, 3, vec![1])]),
        "take 2 from the heap of 3"
    );
    // Seed 001: monks on 1 5 9 → move the monk on step 1 to step 4.
    let a = analyze("stairs(1,5,9)", Play::Normal);
    assert_eq!(a.winning_moves[0].from, 1);
    assert_eq!(a.winning_moves[0].to, vec![4]);
}

/// Large heaps: exactness where the oracle cannot reach, through identities.
#[test]
fn huge_heaps_use_the_proved_period() {
    let n = 1_000_000_000_000_000_000u64;
    let options = AnalyzeOptions {
        max_moves: 50,
        ..AnalyzeOptions::default()
    };
    let pos = parse_position(&format!("kayles({n}) + nim(3)")).unwrap();
    let a = pos.analyze(Play::Normal, &options).unwrap();
    // G_kayles(10^18) = G_kayles(71 + (10^18 - 71) mod 12) = G(76) = 1.
    assert_eq!(a.heaps[0].value, Some(1));
    assert_eq!(a.grundy, Some(1 ^ 3));
    assert!(
        a.truncated,
        "a huge Kayles heap has very many winning splits"
    );
    let kayles =
        grundy::sequence::NimSequence::new(&grundy::rule::Rule::kayles(), 0, Default::default())
            .unwrap();
    let mut on_kayles = 0;
    for m in &a.winning_moves {
        // Each listed move really brings the whole sum to value 0.
        let left = if m.heap == Some(0) {
            on_kayles += 1;
            let removed = n - m.to.iter().sum::<u64>();
            assert!(removed == 1 || removed == 2, "{m:?}");
            kayles.value_of(&m.to).unwrap() ^ 3
        } else {
            1 ^ m.to.first().copied().unwrap_or(0)
        };
        assert_eq!(left, 0, "{m:?}");
    }
    assert_eq!(on_kayles, 50);
}

/// A Nim heap of your own that calls itself by a rule's name and looks like
/// a heap in every way but its type (its key is its size, as a heap's is):
/// families must not take it for one of theirs, nor memo tables confuse it
/// with a heap of that rule.
#[derive(Debug)]
struct NamedLikeARule {
    name: &'static str,
    n: u64,
}

impl grundy::game::Game for NamedLikeARule {
    fn name(&self) -> &str {
        self.name
    }
    fn args(&self) -> String {
        self.n.to_string()
    }
    fn key(&self) -> Vec<u64> {
        vec![self.n]
    }
    fn moves(&self) -> Box<dyn Iterator<Item = grundy::game::Move> + '_> {
        let (name, n) = (self.name, self.n);
        Box::new((0..n).map(move |k| {
            let after = NamedLikeARule { name, n: k };
            let to = if k == 0 { vec![] } else { vec![k] };
            grundy::game::Move::to(vec![std::sync::Arc::new(after) as grundy::game::Component])
                .with_heap(0, n, to)
        }))
    }
    fn heaps(&self) -> Vec<u64> {
        vec![self.n]
    }
    fn noun(&self) -> &str {
        "heap"
    }
}

fn named(name: &'static str, sizes: &[u64]) -> grundy::sum::Term {
    grundy::sum::Term::of(
        sizes
            .iter()
            .map(|&n| std::sync::Arc::new(NamedLikeARule { name, n }) as grundy::game::Component)
            .collect(),
    )
}

/// A sum of Kayles heaps and a Nim heap of your own called `kayles`: misère
/// play is not read from the Kayles quotient (which would take the Nim heap
/// for a Kayles heap of its size) but matches exhaustive search.
#[test]
fn misere_sums_do_not_take_a_game_named_like_a_rule_for_it() {
    // Same name and key, different types: different identities.
    let heap = parse_position("kayles(3)").unwrap().terms[0].parts[0].clone();
    let mine = named("kayles", &[3]).parts[0].clone();
    assert!(heap.is::<grundy::games::heap::Heap>());
    assert!(!mine.is::<grundy::games::heap::Heap>());
    assert_eq!((heap.name(), heap.key()), (mine.name(), mine.key()));
    assert_ne!(
        grundy::game::identity(heap.as_ref()),
        grundy::game::identity(mine.as_ref())
    );
    let mut oracle = Oracle::new(vec![OracleRule::Code(vec![0, 7, 7]), OracleRule::Nim]);
    for a in 0..=6 {
        for b in 0..=6 {
            let mut terms = parse_position(&format!("kayles({a})")).unwrap().terms;
            terms.push(named("kayles", &[b]));
            let pos = grundy::sum::Position::new(terms).unwrap();
            let got = pos.analyze(Play::Misere, &quick()).unwrap();
            let root = vec![Part::Heap(0, a), Part::Heap(1, b)];
            let wins = oracle.wins_misere(root.clone());
            assert_eq!(
                got.outcome == Outcome::N,
                wins,
                "kayles({a}) + kayles-named nim({b})"
            );
            assert_eq!(
                engine_moves(&got),
                oracle.winning_moves(&root, true),
                "{a} {b}"
            );
        }
    }
}

/// `explain --misere` of heaps of a game of your own named `0.07` (Nim
/// heaps here) is not an account of Dawson's Kayles' quotient: the sum was
/// searched, and the outcome is misère Nim's.
#[test]
fn explain_does_not_take_a_game_named_like_a_rule_for_it() {
    use grundy::explain::{explain, MisereCase};
    let mut oracle = Oracle::new(vec![OracleRule::Nim]);
    for sizes in [[1u64, 2, 3], [2, 2, 5], [1, 1, 1], [3, 4, 6]] {
        let pos = grundy::sum::Position::new(vec![named("0.07", &sizes)]).unwrap();
        let e = explain(&pos, Play::Misere).unwrap();
        assert_eq!(e.misere, Some(MisereCase::Search), "{sizes:?}");
        let root: Vec<Part> = sizes.iter().map(|&h| Part::Heap(0, h)).collect();
        assert_eq!(
            e.outcome == Outcome::N,
            oracle.wins_misere(root),
            "{sizes:?}"
        );
        // The octal game itself is read from its quotient.
        let list: Vec<String> = sizes.iter().map(u64::to_string).collect();
        let real = parse_position(&format!("0.07({})", list.join(","))).unwrap();
        let e = explain(&real, Play::Misere).unwrap();
        assert!(
            matches!(e.misere, Some(MisereCase::Quotient(_))),
            "{sizes:?}"
        );
    }
}
