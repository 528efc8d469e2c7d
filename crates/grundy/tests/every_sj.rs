//! Every-game sums (Smith's steps) and misère sums by the SJ theorem,
//! checked against direct searches of the whole game written here from the
//! rules alone: the families' moves are generated in this file, not taken
//! from the engine, and the searches know nothing of steps or Grundy values.

use std::collections::HashMap;

use grundy::antisg;
use grundy::every;
use grundy::expr::parse_position;
use grundy::game;
use grundy::nim::{Outcome, Play};
use grundy::sum::{AnalyzeOptions, Position};

/// A component, written from the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum G {
    Nim(u64),
    /// A subtraction set (index into `SETS`) and a heap.
    Sub(usize, u64),
    /// A row of Kayles pins: knock down one pin or two adjacent ones.
    Kayles(u64),
    /// Euclid's game: subtract a positive multiple of the smaller from the larger.
    Euclid(u64, u64),
    /// Wythoff's game: take from one pile, or the same from both.
    Wythoff(u64, u64),
}

const SETS: &[(&str, &[u64])] = &[
    ("sub{1,3,4}", &[1, 3, 4]),
    ("sub{2..3}", &[2, 3]),
    ("sub{1..2}", &[1, 2]),
    ("sub{2..4}", &[2, 3, 4]),
    ("sub{2,5}", &[2, 5]),
    ("sub{1,4,5}", &[1, 4, 5]),
];

impl G {
    /// Every move, as the components it leaves.
    fn moves(&self) -> Vec<Vec<G>> {
        let mut out = Vec::new();
        match *self {
            G::Nim(n) => out.extend((0..n).map(|m| vec![G::Nim(m)])),
            G::Sub(s, n) => out.extend(
                SETS[s]
                    .1
                    .iter()
                    .filter(|&&k| k <= n)
                    .map(|&k| vec![G::Sub(s, n - k)]),
            ),
            G::Kayles(n) => {
                for take in 1..=2u64.min(n) {
                    for left in 0..=n - take {
                        out.push(vec![G::Kayles(left), G::Kayles(n - take - left)]);
                    }
                }
            }
            G::Euclid(a, b) if a > 0 && b > 0 => {
                let small = a.min(b);
                for k in 1..=a.max(b) / small {
                    out.push(vec![if a >= b {
                        G::Euclid(a - k * small, b)
                    } else {
                        G::Euclid(a, b - k * small)
                    }]);
                }
            }
            G::Euclid(..) => {}
            G::Wythoff(x, y) => {
                out.extend((1..=x).map(|k| vec![G::Wythoff(x - k, y)]));
                out.extend((1..=y).map(|k| vec![G::Wythoff(x, y - k)]));
                out.extend((1..=x.min(y)).map(|k| vec![G::Wythoff(x - k, y - k)]));
            }
        }
        out
    }

    fn written(&self) -> String {
        match *self {
            G::Nim(n) => format!("nim({n})"),
            G::Sub(s, n) => format!("{}({n})", SETS[s].0),
            G::Kayles(n) => format!("kayles({n})"),
            G::Euclid(a, b) => format!("euclid({a},{b})"),
            G::Wythoff(x, y) => format!("wythoff({x},{y})"),
        }
    }

    /// Reads an engine component back.
    fn of(name: &str, key: &[u64]) -> G {
        match (name, key) {
            ("nim", [n]) => G::Nim(*n),
            ("kayles", [n]) => G::Kayles(*n),
            ("euclid", [a, b]) => G::Euclid(*a, *b),
            ("wythoff", [x, y]) => G::Wythoff(*x, *y),
            (s, [n]) => G::Sub(
                SETS.iter()
                    .position(|(w, _)| *w == s)
                    .unwrap_or_else(|| panic!("unknown set {s}")),
                *n,
            ),
            _ => panic!("unexpected component {name} {key:?}"),
        }
    }
}

/// The components of a position that still have a move, sorted.
fn live(parts: impl IntoIterator<Item = G>) -> Vec<G> {
    let mut v: Vec<G> = parts
        .into_iter()
        .filter(|g| !g.moves().is_empty())
        .collect();
    v.sort();
    v
}

fn state(pos: &Position) -> Vec<G> {
    live(pos.components().map(|c| G::of(c.name(), &c.key())))
}

/// Every turn of an every-game: one move in each live component.
fn turns(parts: &[G]) -> Vec<Vec<G>> {
    let mut out: Vec<Vec<G>> = vec![Vec::new()];
    for g in parts {
        let mut next = Vec::new();
        for prefix in &out {
            for m in g.moves() {
                let mut p = prefix.clone();
                p.extend(m);
                next.push(p);
            }
        }
        out = next;
    }
    out
}

/// Whether the player to move wins the every-game (last to move wins).
fn every_wins(parts: Vec<G>, memo: &mut HashMap<Vec<G>, bool>) -> bool {
    let parts = live(parts);
    if parts.is_empty() {
        return false;
    }
    if let Some(&w) = memo.get(&parts) {
        return w;
    }
    let w = turns(&parts).into_iter().any(|t| !every_wins(t, memo));
    memo.insert(parts, w);
    w
}

/// Whether the player to move wins the ordinary sum under misère play.
fn misere_wins(parts: Vec<G>, memo: &mut HashMap<Vec<G>, bool>) -> bool {
    let parts = live(parts);
    if parts.is_empty() {
        return true;
    }
    if let Some(&w) = memo.get(&parts) {
        return w;
    }
    let mut w = false;
    'outer: for (i, g) in parts.iter().enumerate() {
        for m in g.moves() {
            let mut next: Vec<G> = parts.clone();
            next.remove(i);
            next.extend(m);
            if !misere_wins(next, memo) {
                w = true;
                break 'outer;
            }
        }
    }
    memo.insert(parts, w);
    w
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n
    }

    fn component(&mut self, splits: bool) -> G {
        match self.below(if splits { 5 } else { 4 }) {
            0 => G::Nim(self.below(6)),
            1 => G::Sub(self.below(SETS.len() as u64) as usize, self.below(12)),
            2 => G::Euclid(self.below(14), self.below(14)),
            3 => G::Wythoff(self.below(5), self.below(5)),
            _ => G::Kayles(self.below(7)),
        }
    }

    fn sum(&mut self, splits: bool, most: u64) -> Vec<G> {
        (0..1 + self.below(most))
            .map(|_| self.component(splits))
            .collect()
    }
}

fn text(parts: &[G]) -> String {
    parts.iter().map(G::written).collect::<Vec<_>>().join(" + ")
}

#[test]
fn every_game_outcomes_and_turns_match_the_direct_search() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut memo = HashMap::new();
    let options = AnalyzeOptions::default();
    let (mut won, mut lost) = (0, 0);
    for _ in 0..3000 {
        let parts = rng.sum(true, 3);
        let written = text(&parts);
        let pos = parse_position(&written).unwrap();
        let a = every::analyze(&pos, &options).unwrap();
        let wins = every_wins(parts.clone(), &mut memo);
        assert_eq!(a.outcome, Outcome::from_mover_wins(wins), "{written}");
        // Each component alone: its steps' parity is its every-game outcome.
        for (g, &s) in parts.iter().zip(&a.steps) {
            assert_eq!(
                game::mover_wins(s),
                every_wins(vec![g.clone()], &mut memo),
                "{} has {s} steps",
                g.written()
            );
        }
        // The turn is legal (one move in every live component) …
        let before = live(parts.clone());
        assert_eq!(a.turn.len(), before.len(), "{written}");
        let after = every::apply_turn(&pos, &a.turn).unwrap();
        let reached = state(&after);
        let legal = turns(&before).into_iter().any(|t| live(t) == reached);
        assert!(
            legal,
            "{written}: the turn reaches {after}, not a legal turn"
        );
        // … and wins exactly when the position is won.
        if wins {
            won += 1;
            assert!(!every_wins(reached, &mut memo), "{written} → {after}");
        } else {
            lost += 1;
        }
    }
    assert!(won > 500 && lost > 500, "won {won}, lost {lost}");
}

#[test]
fn steps_of_long_games_keep_their_parity() {
    // Larger single components and pairs, against the direct search.
    let mut memo = HashMap::new();
    let options = AnalyzeOptions::default();
    for a in 0..40u64 {
        for b in 0..40u64 {
            let g = G::Euclid(a, b);
            let pos = parse_position(&g.written()).unwrap();
            let r = every::analyze(&pos, &options).unwrap();
            assert_eq!(
                r.outcome,
                Outcome::from_mover_wins(every_wins(vec![g.clone()], &mut memo)),
                "{}",
                g.written()
            );
        }
    }
    for s in 0..SETS.len() {
        for n in 0..30 {
            for m in [3u64, 7, 11] {
                let parts = vec![G::Sub(s, n), G::Nim(m % 4), G::Euclid(m, n + 1)];
                let pos = parse_position(&text(&parts)).unwrap();
                let r = every::analyze(&pos, &options).unwrap();
                assert_eq!(
                    r.outcome,
                    Outcome::from_mover_wins(every_wins(parts.clone(), &mut memo)),
                    "{}",
                    text(&parts)
                );
            }
        }
    }
}

#[test]
fn sj_theorem_matches_the_direct_misere_search() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut memo = HashMap::new();
    let options = AnalyzeOptions::default();
    let (mut used, mut declined) = (0, 0);
    for i in 0..3000 {
        let splits = i % 4 == 0;
        let parts = rng.sum(splits, 4);
        let written = text(&parts);
        let pos = parse_position(&written).unwrap();
        let wins = misere_wins(parts.clone(), &mut memo);
        // Whatever path the engine takes, its misère answer is right.
        let full = pos.analyze(Play::Misere, &options).unwrap();
        assert_eq!(full.outcome, Outcome::from_mover_wins(wins), "{written}");
        let Some((outcome, moves)) = pos.misere_by_sj(&options).unwrap() else {
            declined += 1;
            continue;
        };
        used += 1;
        assert!(
            !parts.iter().any(|g| matches!(g, G::Kayles(n) if *n >= 3)),
            "{written}: the SJ theorem needs components that never split"
        );
        assert_eq!(outcome, Outcome::from_mover_wins(wins), "{written}");
        // The winning moves are exactly the moves to lost positions.
        let mut expected = Vec::new();
        for (i, g) in parts.iter().enumerate() {
            for m in g.moves() {
                let mut next = parts.clone();
                next.remove(i);
                next.extend(m);
                if !misere_wins(next.clone(), &mut memo) {
                    expected.push(live(next));
                }
            }
        }
        let mut got: Vec<Vec<G>> = moves
            .iter()
            .map(|m| state(&pos.apply(m).unwrap()))
            .collect();
        // As sets: the rules above list mirror-image Kayles moves twice.
        expected.sort();
        expected.dedup();
        got.sort();
        got.dedup();
        assert_eq!(got, expected, "{written}");
    }
    eprintln!("SJ theorem used {used} times, declined {declined} times");
    assert!(used > 1000, "the SJ theorem was used {used} times");
    assert!(declined > 100, "declined {declined} times");
}

#[test]
fn huge_heaps_in_every_game_and_sj_sums() {
    let options = AnalyzeOptions::default();
    let pos = parse_position(
        "nim(18446744073709551615) + sub{1..3}(18446744073709551614) + \
         euclid(18446744073709551615, 2)",
    )
    .unwrap();
    let a = every::analyze(&pos, &options).unwrap();
    // sub{1..3}: 2⌊n/4⌋ + 1 steps, odd: the mover wins the longest component.
    assert_eq!(a.steps[1], 2 * (18446744073709551614 / 4) + 1);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.turn.len(), 3);
    let after = every::apply_turn(&pos, &a.turn).unwrap();
    let b = every::analyze(&after, &options).unwrap();
    assert_eq!(b.max_steps, a.max_steps - 1);
    assert_eq!(b.outcome, Outcome::P);
    // Misère: Nim and a subtraction range meet the SJ condition by theory.
    let pos =
        parse_position("nim(18446744073709551615) + sub{1..3}(18446744073709551614)").unwrap();
    let (outcome, moves) = pos.misere_by_sj(&options).unwrap().unwrap();
    // Values 2^64 − 1 and 2: nim-sum not 0, some above 1: won.
    assert_eq!(outcome, Outcome::N);
    assert!(!moves.is_empty());
    for m in &moves {
        let next = pos.apply(m).unwrap();
        let (o, _) = next.misere_by_sj(&options).unwrap().unwrap();
        assert_eq!(o, Outcome::P, "{next}");
    }
}

/// A game where the SJ condition fails: `x` has value 0 and a move, but its
/// only option has value 2. Positions: 0 = over, 1 → {0}, 2 → {0, 1},
/// 3 → {2}.
#[derive(Debug)]
struct Ladder(u64);

impl grundy::game::Game for Ladder {
    fn name(&self) -> &str {
        "ladder"
    }
    fn args(&self) -> String {
        self.0.to_string()
    }
    fn key(&self) -> Vec<u64> {
        vec![self.0]
    }
    fn moves(&self) -> Box<dyn Iterator<Item = grundy::game::Move> + '_> {
        let to: &[u64] = match self.0 {
            1 => &[0],
            2 => &[0, 1],
            3 => &[2],
            _ => &[],
        };
        Box::new(
            to.iter()
                .map(|&t| grundy::game::Move::to(vec![grundy::game::component(Ladder(t))])),
        )
    }
}

#[test]
fn sj_is_not_used_where_its_condition_fails() {
    use grundy::sum::Term;
    let options = AnalyzeOptions::default();
    let pos = Position::new(vec![Term::of(vec![grundy::game::component(Ladder(3))])]).unwrap();
    // Values: 3 has value 0, so the SJ formula would call it won (nim-sum 0,
    // nothing above 1). It is lost: its one move leaves 2, from which the
    // opponent moves to 1 and forces the last move on the mover.
    assert_eq!(antisg::sj_outcome(&[0]), Outcome::N);
    assert_eq!(pos.misere_by_sj(&options).unwrap(), None);
    assert_eq!(
        pos.analyze(Play::Misere, &options).unwrap().outcome,
        Outcome::P
    );
    // With the condition met (2 and 1 only), the theorem is used and right.
    let pos = Position::new(vec![Term::of(vec![
        grundy::game::component(Ladder(2)),
        grundy::game::component(Ladder(1)),
    ])])
    .unwrap();
    let (outcome, _) = pos.misere_by_sj(&options).unwrap().unwrap();
    let mut search = grundy::misere::MisereSearch::new(100_000);
    let wins = search.wins(pos.components().cloned()).unwrap();
    assert_eq!(outcome, Outcome::from_mover_wins(wins));
    assert_eq!(
        outcome,
        pos.analyze(Play::Misere, &options).unwrap().outcome
    );
}

/// `explain --every`'s account agrees with the every-game search: each
/// component's steps follow from its options' steps by Smith's rule, an
/// option's steps are odd exactly when the direct search says its mover
/// wins it, and the best turn keeps a won component going (to the even
/// option with the most steps) and ends a lost one fast (to the option with
/// the fewest).
#[test]
fn every_game_explanations_match_the_direct_search() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut memo = HashMap::new();
    let options = AnalyzeOptions::default();
    let mut listed = 0;
    for _ in 0..600 {
        let parts = rng.sum(true, 3);
        let written = text(&parts);
        let pos = parse_position(&written).unwrap();
        let e = every::explain(&pos, &options).unwrap();
        assert_eq!(e.analysis, every::analyze(&pos, &options).unwrap());
        assert_eq!(e.rows.len(), parts.len());
        for (g, row) in parts.iter().zip(&e.rows) {
            assert_eq!(
                game::mover_wins(row.steps),
                every_wins(vec![g.clone()], &mut memo),
                "{written}: {}",
                g.written()
            );
            let Some(opts) = &row.options else { continue };
            listed += 1;
            let mut seen = Vec::new();
            for (m, s) in opts {
                let left = live(m.after.iter().map(|c| G::of(c.name(), &c.key())));
                assert_eq!(
                    game::mover_wins(*s),
                    every_wins(left.clone(), &mut memo),
                    "{m:?}"
                );
                seen.push(left);
            }
            let mut want: Vec<Vec<G>> = g.moves().into_iter().map(live).collect();
            for list in [&mut seen, &mut want] {
                list.sort();
                list.dedup();
            }
            assert_eq!(seen, want, "{}", g.written());
            let steps: Vec<u64> = opts.iter().map(|o| o.1).collect();
            assert_eq!(game::steps_from_options(steps.clone()), row.steps);
            // The turn's move in this component.
            let Some(k) = e
                .analysis
                .turn
                .iter()
                .position(|m| (m.term, m.part) == (row.place.term, row.place.part))
            else {
                assert_eq!(row.steps, 0, "{written}");
                continue;
            };
            let left = e.analysis.turn_steps[k];
            let want = if game::mover_wins(row.steps) {
                steps.iter().copied().filter(|s| s % 2 == 0).max()
            } else {
                steps.iter().copied().min()
            };
            assert_eq!(Some(left), want, "{written}: {}", g.written());
        }
    }
    assert!(listed > 500, "{listed}");
}
