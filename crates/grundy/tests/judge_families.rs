//! Every first-class family beyond the heap rules (Northcott's game, the box
//! game, runs of apples, take-a-range, the auction), alone and in random
//! sums with Nim heaps, against an oracle written here from the rules as
//! written: its own move generators, outcome by "won iff some move reaches a
//! lost position", Grundy values by the mex over the options of the whole
//! sum (no Sprague–Grundy). Checked: outcome, value, and that the winning
//! moves are exactly the moves to P-positions, under normal and misère play.
//! Also: the generic solver against the families' theory, the expression
//! language round trip, and components known only by their outcome.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use grundy::expr::parse_position;
use grundy::game::{Component, Context, Game, Known, Move};
use grundy::nim::{Outcome, Play};
use grundy::solver::Solver;
use grundy::sum::{AnalyzeOptions, Position, Term};

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum P {
    Nim(u64),
    /// Northcott row: mover's column, other column.
    Row(u64, u64),
    /// Box: stones, capacity.
    Box(u64, u64),
    Run(u64),
    /// Take p..q, all when fewer than p: (p, q, n).
    Take(u64, u64, u64),
    /// Auction: largest raise, amount left.
    Auction(u64, u64),
}

/// What one move of a part leaves.
fn options(p: &P) -> Vec<Vec<P>> {
    let mut out = Vec::new();
    match *p {
        P::Nim(n) => out.extend((0..n).map(|m| vec![P::Nim(m)])),
        P::Row(a, b) => {
            let (lo, hi) = (a.min(b), a.max(b));
            out.extend((lo + 1..hi).map(|c| vec![P::Row(c, b)]));
        }
        P::Box(c, s) => out.extend(
            (1..=c * c)
                .filter(|k| c + k <= s)
                .map(|k| vec![P::Box(c + k, s)]),
        ),
        P::Run(n) => {
            // Remove tokens i .. i+l-1 of the row (positions 0..n).
            for i in 0..n {
                for l in 1..=n - i {
                    out.push(vec![P::Run(i), P::Run(n - i - l)]);
                }
            }
        }
        P::Take(p, q, n) => {
            if n > 0 && n < p {
                out.push(vec![P::Take(p, q, 0)]);
            } else if n >= p {
                out.extend((p..=q.min(n)).map(|k| vec![P::Take(p, q, n - k)]));
            }
        }
        P::Auction(max, left) => {
            if left > 0 {
                // A raise of k < left; every raise of left or more ends the
                // auction the same way: one option.
                for k in 1..=max.min(left) {
                    out.push(if k == left {
                        vec![]
                    } else {
                        vec![P::Auction(max, left - k)]
                    });
                }
            }
        }
    }
    out
}

fn canon(mut s: Vec<P>) -> Vec<P> {
    s.retain(|p| !options(p).is_empty());
    s.sort();
    s
}

fn successors(s: &[P]) -> Vec<Vec<P>> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        for o in options(&s[i]) {
            let mut next = s.to_vec();
            next.remove(i);
            next.extend(o);
            out.push(canon(next));
        }
    }
    out
}

#[derive(Default)]
struct Oracle {
    normal: HashMap<Vec<P>, bool>,
    misere: HashMap<Vec<P>, bool>,
    grundy: HashMap<Vec<P>, u64>,
}

impl Oracle {
    fn wins(&mut self, s: Vec<P>, misere: bool) -> bool {
        let s = canon(s);
        let memo = if misere { &self.misere } else { &self.normal };
        if let Some(&w) = memo.get(&s) {
            return w;
        }
        let succ = successors(&s);
        let w = (misere && succ.is_empty()) || succ.into_iter().any(|n| !self.wins(n, misere));
        if misere {
            self.misere.insert(s, w);
        } else {
            self.normal.insert(s, w);
        }
        w
    }

    fn grundy(&mut self, s: Vec<P>) -> u64 {
        let s = canon(s);
        if let Some(&g) = self.grundy.get(&s) {
            return g;
        }
        let values: BTreeSet<u64> = successors(&s).into_iter().map(|n| self.grundy(n)).collect();
        let g = (0..).find(|v| !values.contains(v)).unwrap();
        self.grundy.insert(s, g);
        g
    }
}

/// The oracle's state of an engine position, read from how each component
/// is written.
fn state_of(pos: &Position) -> Vec<P> {
    let mut out = Vec::new();
    for c in pos.components() {
        let (name, args) = (c.name().to_string(), c.args());
        let num = |s: &str| s.trim().parse::<u64>().unwrap();
        let braced = |name: &str| -> Vec<u64> {
            let inner = &name[name.find('{').unwrap() + 1..name.len() - 1];
            inner.split("..").map(num).collect()
        };
        out.push(match name.as_str() {
            "nim" => P::Nim(num(&args)),
            "northcott" => {
                let (a, b) = args.split_once('-').unwrap();
                P::Row(num(a), num(b))
            }
            "boxes" => {
                let (c, s) = args.split_once('/').unwrap();
                P::Box(num(c), num(s))
            }
            "runs" => P::Run(num(&args)),
            n if n.starts_with("takerange") => {
                let r = braced(n);
                P::Take(r[0], r[1], num(&args))
            }
            n if n.starts_with("auction") => P::Auction(braced(n)[0], num(&args)),
            other => panic!("unexpected family {other}"),
        });
    }
    canon(out)
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random small term of one family.
fn random_term(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => format!("nim({})", rng.below(6)),
        1 => {
            let a = 1 + rng.below(7);
            let mut b = 1 + rng.below(7);
            if b == a {
                b = a + 1;
            }
            format!("northcott({a}-{b})")
        }
        2 => {
            let s = 1 + rng.below(12);
            format!("boxes({}/{s})", rng.below(s + 1))
        }
        3 => format!("runs({})", rng.below(6)),
        4 => {
            let p = 1 + rng.below(3);
            let q = p + rng.below(3);
            format!("takerange{{{p}..{q}}}({})", rng.below(12))
        }
        _ => format!("auction{{{}}}({})", 1 + rng.below(4), rng.below(12)),
    }
}

fn quick() -> AnalyzeOptions {
    AnalyzeOptions::default()
}

/// The positions the engine's winning moves lead to, as oracle states.
fn after_states(pos: &Position, a: &grundy::sum::Analysis) -> BTreeSet<Vec<P>> {
    a.winning_moves
        .iter()
        .map(|m| state_of(&pos.apply(m).unwrap()))
        .collect()
}

#[test]
fn random_sums_match_the_rules_normal_and_misere() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut oracle = Oracle::default();
    for case in 0..2000 {
        let terms: Vec<String> = (0..1 + rng.below(3))
            .map(|_| random_term(&mut rng))
            .collect();
        let text = terms.join(" + ");
        let pos = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_string(), text, "written back as parsed");
        let root = state_of(&pos);
        for play in [Play::Normal, Play::Misere] {
            let misere = play == Play::Misere;
            let a = pos.analyze(play, &quick()).unwrap();
            let wins = oracle.wins(root.clone(), misere);
            assert_eq!(a.outcome.mover_wins(), wins, "{case}: {text} {play:?}");
            if !misere {
                assert_eq!(a.grundy, Some(oracle.grundy(root.clone())), "{text}");
            }
            // Winning moves: exactly the moves to P-positions (as positions;
            // each listed once).
            let want: BTreeSet<Vec<P>> = successors(&root)
                .into_iter()
                .filter(|s| !oracle.wins(s.clone(), misere))
                .collect();
            let got = after_states(&pos, &a);
            assert_eq!(got, want, "{case}: {text} {play:?}");
            let listed: BTreeSet<String> = a
                .winning_moves
                .iter()
                .map(|m| pos.apply(m).unwrap().to_string())
                .collect();
            assert_eq!(
                listed.len(),
                a.winning_moves.len(),
                "{text}: a move listed twice"
            );
        }
    }
}

#[test]
fn theory_agrees_with_the_generic_solver() {
    // The solver uses only the moves; the families' value() is theory.
    let cx = Context::default();
    let mut solver = Solver::new(5_000_000);
    for text in [
        "northcott(1-9, 4-2, 3-8)",
        "boxes(0/5, 1/5, 2/5, 3/20, 4/30, 5/40, 6/50, 1/1, 2/7)",
        "runs(0,1,2,3,4,5,6,7,8,9,10)",
        "auction{1}(0,1,2,3,4,5,6,7,8,9)",
        "auction{4}(0,1,2,3,4,5,6,7,8,9,10,11,12)",
        "stairs(1,3,4,8,12)",
        "sub{2..5}(0,1,2,3,4,5,6,7,8,9,10,11,12,13,14)",
    ] {
        let pos = parse_position(text).unwrap();
        for c in pos.components() {
            let theory = c.value(&cx).unwrap().expect("theory");
            assert_eq!(theory, solver.grundy(c).unwrap(), "{text}: {}", c.args());
            // Moves to each value from theory are exactly those the solver finds.
            for target in 0..6 {
                let from_theory: BTreeSet<String> = c
                    .moves_to_value(&cx, target, 1000)
                    .unwrap()
                    .expect("theory")
                    .iter()
                    .map(|m| m.after_text())
                    .collect();
                let searched: BTreeSet<String> = c
                    .moves()
                    .filter(|m| solver.grundy_of(&m.after).unwrap() == target)
                    .map(|m| m.after_text())
                    .collect();
                assert_eq!(from_theory, searched, "{text}: {} to {target}", c.args());
            }
        }
    }
}

#[test]
fn misere_theory_of_single_piles_agrees_with_search() {
    let mut oracle = Oracle::default();
    for p in 1..=3 {
        for q in p..=5 {
            for n in 0..=25 {
                let pos = parse_position(&format!("takerange{{{p}..{q}}}({n})")).unwrap();
                let c = pos.components().next().unwrap();
                let theory = c.misere_outcome().unwrap();
                assert_eq!(
                    theory.mover_wins(),
                    oracle.wins(vec![P::Take(p, q, n)], true),
                    "{p}..{q} {n}"
                );
            }
        }
    }
    for n in 0..=8 {
        let pos = parse_position(&format!("runs({n})")).unwrap();
        let c = pos.components().next().unwrap();
        assert_eq!(
            c.misere_outcome().unwrap().mover_wins(),
            oracle.wins(vec![P::Run(n)], true),
            "runs({n})"
        );
    }
}

#[test]
fn play_notation_round_trips_for_every_family() {
    for text in [
        "northcott(2-7) + boxes(2/9) + runs(5) + takerange{2..3}(7) + auction{3}(5) + nim(3)",
        "stairs(1,4,8) + kayles(5) + grundys(7)",
    ] {
        let pos = parse_position(text).unwrap();
        for (number, c) in pos.components().enumerate() {
            for mv in c.moves() {
                let typed = c.notation(&mv);
                let read = pos
                    .read_move(number + 1, &typed)
                    .unwrap_or_else(|e| panic!("{text}: {typed}: {e}"));
                let expected = pos.moves().find(|m| m.mv == mv).unwrap();
                assert_eq!(
                    pos.apply(&read).unwrap().to_string(),
                    pos.apply(&expected).unwrap().to_string(),
                    "{text}: {typed}"
                );
            }
        }
    }
}

#[test]
fn bad_family_arguments_are_clear_errors() {
    for (text, says) in [
        ("northcott(3-3)", "both pieces"),
        ("boxes(4/3)", "cannot hold"),
        ("takerange{3..2}(5)", "1 ≤ p ≤ q"),
        ("auction{0}(5)", "at least 1"),
        ("runs(-1)", "negative"),
        ("wythoffz(1)", "unknown rule"),
    ] {
        let err = parse_position(text).unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
}

/// Wythoff's game written as a user would: take any number from one pile
/// or the same number from both. Its theory here knows only outcomes (the
/// P-positions (⌊kφ⌋, ⌊kφ²⌋), found by the classic mex construction for
/// small piles), as Wythoff's game on huge piles does.
#[derive(Debug)]
struct OutcomeOnly(u64, u64);

fn cold(a: u64, b: u64) -> bool {
    // P-positions by construction: a_k = mex of earlier a's and b's, b_k = a_k + k.
    let (a, b) = (a.min(b), a.max(b));
    let mut used = BTreeSet::new();
    for k in 0.. {
        let ak = (0..).find(|x| !used.contains(x)).unwrap();
        let bk = ak + k;
        if ak > a {
            return false;
        }
        if ak == a {
            return bk == b;
        }
        used.insert(ak);
        used.insert(bk);
    }
    unreachable!()
}

impl Game for OutcomeOnly {
    fn name(&self) -> &str {
        "wyth"
    }
    fn args(&self) -> String {
        format!("{},{}", self.0, self.1)
    }
    fn key(&self) -> Vec<u64> {
        vec![self.0.min(self.1), self.0.max(self.1)]
    }
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let (a, b) = (self.0, self.1);
        let to = |x, y| Move::to(vec![Arc::new(OutcomeOnly(x, y)) as Component]);
        Box::new(
            (0..a)
                .map(move |x| to(x, b))
                .chain((0..b).map(move |y| to(a, y)))
                .chain((1..=a.min(b)).map(move |k| to(a - k, b - k))),
        )
    }
    fn known(&self, _cx: &Context) -> grundy::Result<Known> {
        Ok(Known::Outcome(Outcome::from_mover_wins(!cold(
            self.0, self.1,
        ))))
    }
    fn moves_to_value(
        &self,
        _cx: &Context,
        target: u64,
        limit: usize,
    ) -> grundy::Result<Option<Vec<Move>>> {
        if target != 0 {
            return Ok(None); // only outcomes are known: the caller searches
        }
        Ok(Some(
            self.moves()
                .filter(|m| {
                    let k = m.after[0].key();
                    cold(k[0], k[1])
                })
                .take(limit)
                .collect(),
        ))
    }
}

#[test]
fn an_outcome_only_component_is_answered_alone_searched_in_a_sum_refused_past_the_budget() {
    let alone = |a, b| {
        Position::new(vec![Term::of(vec![
            Arc::new(OutcomeOnly(a, b)) as Component
        ])])
        .unwrap()
    };
    // Alone, and too large for the search budget: the outcome from theory.
    let small_budget = AnalyzeOptions {
        search_budget: 1_000,
        ..AnalyzeOptions::default()
    };
    let a = alone(200, 300)
        .analyze(Play::Normal, &small_budget)
        .unwrap();
    assert_eq!(a.grundy, None);
    assert_eq!(a.outcome, Outcome::N);
    for m in &a.winning_moves {
        let k = m.mv.after[0].key();
        assert!(cold(k[0], k[1]), "{m:?}");
    }
    assert!(!a.winning_moves.is_empty());
    let p = alone(3, 5).analyze(Play::Normal, &small_budget).unwrap();
    assert_eq!(p.outcome, Outcome::P);
    // In a sum: by search within the budget (G(2,3) = 4 by the mex table)…
    let sum = Position::new(vec![
        Term::of(vec![Arc::new(OutcomeOnly(2, 3)) as Component]),
        parse_position("nim(4)").unwrap().terms[0].clone(),
    ])
    .unwrap();
    let a = sum
        .analyze(Play::Normal, &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(
        a.term_values[0],
        Some(Solver::new(10_000).grundy(&sum.terms[0].parts[0]).unwrap())
    );
    // … and refused, saying why, beyond it.
    let big = Position::new(vec![
        Term::of(vec![Arc::new(OutcomeOnly(200, 300)) as Component]),
        parse_position("nim(4)").unwrap().terms[0].clone(),
    ])
    .unwrap();
    let err = big
        .analyze(Play::Normal, &small_budget)
        .unwrap_err()
        .to_string();
    assert!(err.contains("only its outcome"), "{err}");
    assert!(err.contains("budget of 1000"), "{err}");
}
