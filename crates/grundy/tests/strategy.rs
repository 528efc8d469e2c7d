//! The perfect player against an independent brute-force oracle.
//!
//! The oracle below knows the games only from their definitions (its own
//! move generators for Nim, subtraction sets, octal/hexadecimal codes,
//! Grundy's game and the staircase) and decides P/N and remoteness by
//! exhaustive search. With it:
//!
//! * from random N-positions of every rule family, normal and misère, the
//!   computer moving first beats a random opponent every time;
//! * from random P-positions the computer, moving first, loses to a perfect
//!   opponent, and wins every game in which the opponent errs once;
//! * the exact remoteness agrees with the oracle's, and the computer's
//!   moves are optimal by it (fastest win, longest loss);
//! * on huge Nim positions (beyond exhaustive search) the computer still
//!   always leaves nim-sum 0 when it can.

use std::collections::HashMap;

use grundy::expr::parse_position;
use grundy::nim::Play;
use grundy::strategy::{Method, Player, Remoteness};
use grundy::sum::Position;

/// A rule, as the oracle knows it.
#[derive(Clone, Debug)]
enum Game {
    Nim,
    Sub(Vec<u64>),
    /// Octal / hexadecimal digits d0, d1, d2, …
    Code(Vec<u8>),
    Grundys,
}

impl Game {
    /// Every list of heaps a heap of `n` can become.
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        match self {
            Game::Nim => out.extend((0..n).map(|m| vec![m])),
            Game::Sub(set) => out.extend(set.iter().filter(|&&s| s <= n).map(|&s| vec![n - s])),
            Game::Grundys => {
                for a in 1..n {
                    if a < n - a {
                        out.push(vec![a, n - a]);
                    }
                }
            }
            Game::Code(digits) => {
                for (k, &d) in digits.iter().enumerate() {
                    let k = k as u64;
                    if d == 0 || k > n {
                        continue;
                    }
                    let r = n - k;
                    if d & 1 != 0 && r == 0 {
                        out.push(vec![]);
                    }
                    if d & 2 != 0 && r >= 1 && k >= 1 {
                        out.push(vec![r]);
                    }
                    if d & 4 != 0 {
                        for a in 1..r {
                            if a <= r - a {
                                out.push(vec![a, r - a]);
                            }
                        }
                    }
                    if d & 8 != 0 {
                        for a in 1..r {
                            for b in a..r {
                                if a + b < r && b <= r - a - b {
                                    out.push(vec![a, b, r - a - b]);
                                }
                            }
                        }
                    }
                }
            }
        }
        for o in &mut out {
            o.retain(|&h| h > 0);
        }
        out
    }
}

/// An oracle state: heaps (rule index, size) and staircases (monks' steps).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct State {
    heaps: Vec<(usize, u64)>,
    stairs: Vec<Vec<u64>>,
}

impl State {
    fn canon(mut self) -> State {
        self.heaps.retain(|&(_, h)| h > 0);
        self.heaps.sort_unstable();
        self.stairs.sort();
        self
    }
}

struct Oracle {
    games: Vec<Game>,
    play: Play,
    memo: HashMap<State, (bool, u32)>,
}

impl Oracle {
    fn successors(&self, s: &State) -> Vec<State> {
        let mut out = Vec::new();
        for (i, &(g, h)) in s.heaps.iter().enumerate() {
            for leaves in self.games[g].options(h) {
                let mut next = s.clone();
                next.heaps.remove(i);
                next.heaps.extend(leaves.into_iter().map(|x| (g, x)));
                out.push(next.canon());
            }
        }
        for (i, steps) in s.stairs.iter().enumerate() {
            for m in 0..steps.len().saturating_sub(1) {
                for to in steps[m] + 1..steps[m + 1] {
                    let mut next = s.clone();
                    next.stairs[i][m] = to;
                    out.push(next.canon());
                }
            }
        }
        out
    }

    /// (mover wins, remoteness) by definition.
    fn solve(&mut self, s: &State) -> (bool, u32) {
        if let Some(&r) = self.memo.get(s) {
            return r;
        }
        let succ = self.successors(s);
        let r = if succ.is_empty() {
            (self.play == Play::Misere, 0)
        } else {
            let rs: Vec<(bool, u32)> = succ.iter().map(|c| self.solve(c)).collect();
            let wins: Vec<u32> = rs.iter().filter(|r| !r.0).map(|r| r.1).collect();
            match wins.iter().min() {
                Some(&m) => (true, m + 1),
                None => (false, rs.iter().map(|r| r.1).max().unwrap() + 1),
            }
        };
        self.memo.insert(s.clone(), r);
        r
    }

    fn wins(&mut self, s: &State) -> bool {
        self.solve(s).0
    }
}

/// One rule family: how to write a term, and the oracle's rule.
struct Family {
    name: &'static str,
    game: Option<Game>, // None: staircase
    max_heap: u64,
}

fn families() -> Vec<Family> {
    let f = |name, game, max_heap| Family {
        name,
        game,
        max_heap,
    };
    vec![
        f("nim", Some(Game::Nim), 7),
        f("sub{1,3,4}", Some(Game::Sub(vec![1, 3, 4])), 14),
        f("sub{2..3}", Some(Game::Sub(vec![2, 3])), 14),
        f("sub{pow2}", Some(Game::Sub(vec![1, 2, 4, 8])), 14),
        f("sub{fib}", Some(Game::Sub(vec![1, 2, 3, 5, 8, 13])), 14),
        f("kayles", Some(Game::Code(vec![0, 7, 7])), 9),
        f("dawson", Some(Game::Code(vec![0, 0, 7])), 10),
        f("0.137", Some(Game::Code(vec![0, 1, 3, 7])), 10),
        f("4.7", Some(Game::Code(vec![4, 7])), 7),
        f("0.F", Some(Game::Code(vec![0, 15])), 8),
        f("grundys", Some(Game::Grundys), 13),
        f("stairs", None, 11),
    ]
}

/// xorshift64*: a small deterministic generator, enough for test positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random position of one family (or, with `mixed`, a sum of two
/// families), as an expression for the engine and a state for the oracle.
fn random_position(rng: &mut Rng, fams: &[Family], pick: &[usize]) -> (String, Vec<Game>, State) {
    let mut terms = Vec::new();
    let mut games = Vec::new();
    let mut state = State {
        heaps: Vec::new(),
        stairs: Vec::new(),
    };
    for &fi in pick {
        let fam = &fams[fi];
        match &fam.game {
            Some(game) => {
                let count = 1 + rng.below(if pick.len() > 1 { 2 } else { 3 });
                // Sums multiply the state space: keep their heaps smaller.
                let max = if pick.len() > 1 {
                    (fam.max_heap * 2 / 3).max(3)
                } else {
                    fam.max_heap
                };
                let sizes: Vec<u64> = (0..count).map(|_| 1 + rng.below(max)).collect();
                games.push(game.clone());
                let g = games.len() - 1;
                state.heaps.extend(sizes.iter().map(|&h| (g, h)));
                let list: Vec<String> = sizes.iter().map(u64::to_string).collect();
                terms.push(format!("{}({})", fam.name, list.join(",")));
            }
            None => {
                let monks = 2 + rng.below(2);
                let mut steps: Vec<u64> = Vec::new();
                while steps.len() < monks as usize {
                    let s = 1 + rng.below(fam.max_heap);
                    if !steps.contains(&s) {
                        steps.push(s);
                    }
                }
                steps.sort_unstable();
                let list: Vec<String> = steps.iter().map(u64::to_string).collect();
                terms.push(format!("stairs({})", list.join(",")));
                state.stairs.push(steps);
            }
        }
    }
    (terms.join(" + "), games, state.canon())
}

/// The oracle's state of an engine position (rule indices by term order of
/// the heap terms, which is how `random_position` assigned them).
fn state_of(pos: &Position) -> State {
    let mut s = State {
        heaps: Vec::new(),
        stairs: Vec::new(),
    };
    let mut g = 0;
    for term in &pos.terms {
        if term.name == "stairs" {
            s.stairs.push(term.parts[0].heaps());
        } else {
            s.heaps.extend(term.parts.iter().map(|c| (g, c.heaps()[0])));
            g += 1;
        }
    }
    s.canon()
}

/// One oracle for every position of a pick (its rules in term order).
fn oracle_for(fams: &[Family], pick: &[usize], play: Play) -> Oracle {
    Oracle {
        games: pick.iter().filter_map(|&f| fams[f].game.clone()).collect(),
        play,
        memo: HashMap::new(),
    }
}

/// The single families and a few mixed sums.
fn picks() -> Vec<Vec<usize>> {
    let mut p: Vec<Vec<usize>> = (0..families().len()).map(|i| vec![i]).collect();
    p.extend([vec![0, 5], vec![1, 10], vec![6, 11], vec![9, 0], vec![7, 3]]);
    p
}

/// A random legal move of the engine position.
fn random_move(rng: &mut Rng, pos: &Position) -> Position {
    let moves: Vec<_> = pos.moves().collect();
    let mv = &moves[rng.below(moves.len() as u64) as usize];
    pos.apply(mv).unwrap()
}

/// The computer's move, checked against the oracle: legal, and winning
/// exactly when the oracle says the position is won.
fn computer_move(player: &mut Player, oracle: &mut Oracle, pos: &Position) -> Position {
    let choice = player.choose(pos).unwrap().expect("not terminal");
    let next = pos.apply(&choice.mv).expect("the computer's move is legal");
    let here = state_of(pos);
    assert!(
        oracle.successors(&here).contains(&state_of(&next)),
        "{pos:?}: {:?} is not a move by the oracle's rules",
        choice.mv
    );
    assert_eq!(choice.wins, oracle.wins(&here), "{:?}", here);
    if choice.wins {
        assert!(
            !oracle.wins(&state_of(&next)),
            "a winning move must leave a P-position"
        );
    }
    next
}

/// Plays one game; returns whether the computer (who moves first) made the
/// last move, and the number of moves. `opponent` picks the opponent's move.
fn game(
    player: &mut Player,
    oracle: &mut Oracle,
    mut pos: Position,
    mut opponent: impl FnMut(&Position, &mut Oracle) -> Position,
) -> bool {
    loop {
        pos = computer_move(player, oracle, &pos);
        if pos.is_terminal() {
            return true;
        }
        pos = opponent(&pos, oracle);
        if pos.is_terminal() {
            return false;
        }
    }
}

fn computer_won(play: Play, computer_moved_last: bool) -> bool {
    match play {
        Play::Normal => computer_moved_last,
        Play::Misere => !computer_moved_last,
    }
}

const N_GAMES_PER_PICK: usize = 60;

#[test]
fn from_n_positions_the_computer_beats_a_random_opponent() {
    let fams = families();
    let mut total = 0;
    for play in [Play::Normal, Play::Misere] {
        let mut player = Player::new(play);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for pick in picks() {
            let mut games = 0;
            let mut tries = 0;
            let mut oracle = oracle_for(&fams, &pick, play);
            while games < N_GAMES_PER_PICK && tries < 20 * N_GAMES_PER_PICK {
                tries += 1;
                let (expr, _, state) = random_position(&mut rng, &fams, &pick);
                if oracle.successors(&state).is_empty() || !oracle.wins(&state) {
                    continue;
                }
                let pos = parse_position(&expr).unwrap();
                let mut orng = Rng(rng.next() | 1);
                let last = game(&mut player, &mut oracle, pos, |p, _| {
                    random_move(&mut orng, p)
                });
                assert!(
                    computer_won(play, last),
                    "{play:?} {expr}: the computer lost"
                );
                games += 1;
            }
            assert_eq!(
                games, N_GAMES_PER_PICK,
                "{pick:?}: too few N-positions found"
            );
            total += games;
        }
    }
    // 17 picks × 2 kinds of play × 60 games.
    assert_eq!(total, 17 * 2 * N_GAMES_PER_PICK);
}

#[test]
fn from_p_positions_the_computer_wins_exactly_when_the_opponent_errs() {
    let fams = families();
    let (mut erred_games, mut perfect_games) = (0, 0);
    for play in [Play::Normal, Play::Misere] {
        let mut player = Player::new(play);
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for pick in picks() {
            let mut games = 0;
            let mut tries = 0;
            let mut oracle = oracle_for(&fams, &pick, play);
            while games < N_GAMES_PER_PICK && tries < 40 * N_GAMES_PER_PICK {
                tries += 1;
                let (expr, _, state) = random_position(&mut rng, &fams, &pick);
                if oracle.successors(&state).is_empty() || oracle.wins(&state) {
                    continue;
                }
                let pos = parse_position(&expr).unwrap();
                // The opponent plays perfectly except once, at its turn
                // `err_at` (when it has a losing move there); some games it
                // never gets the chance.
                let err_at = rng.below(3);
                let mut turn = 0;
                let mut erred = false;
                let mut orng = Rng(rng.next() | 1);
                let last = game(&mut player, &mut oracle, pos, |p, oracle| {
                    let moves: Vec<Position> = p.moves().map(|m| p.apply(&m).unwrap()).collect();
                    let (good, bad): (Vec<Position>, Vec<Position>) =
                        moves.into_iter().partition(|c| !oracle.wins(&state_of(c)));
                    let pick_from = |v: Vec<Position>, rng: &mut Rng| {
                        let i = rng.below(v.len() as u64) as usize;
                        v.into_iter().nth(i).unwrap()
                    };
                    let mine = turn;
                    turn += 1;
                    if !erred && mine >= err_at && !bad.is_empty() && !good.is_empty() {
                        erred = true;
                        return pick_from(bad, &mut orng);
                    }
                    if good.is_empty() {
                        pick_from(bad, &mut orng)
                    } else {
                        pick_from(good, &mut orng)
                    }
                });
                let won = computer_won(play, last);
                if erred {
                    assert!(
                        won,
                        "{play:?} {expr}: the opponent erred but the computer lost"
                    );
                    erred_games += 1;
                } else {
                    assert!(
                        !won,
                        "{play:?} {expr}: beat a perfect opponent from a P-position?"
                    );
                    perfect_games += 1;
                }
                games += 1;
            }
            assert_eq!(
                games, N_GAMES_PER_PICK,
                "{pick:?}: too few P-positions found"
            );
        }
    }
    eprintln!("{erred_games} games with one error (all won), {perfect_games} without (all lost)");
    assert!(erred_games > 600, "only {erred_games} games with an error");
    assert!(
        perfect_games > 50,
        "only {perfect_games} games without an error"
    );
}

#[test]
fn remoteness_agrees_with_the_oracle_and_moves_are_optimal() {
    let fams = families();
    for play in [Play::Normal, Play::Misere] {
        let mut player = Player::new(play);
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for pick in picks() {
            for _ in 0..40 {
                let (expr, gs, state) = random_position(&mut rng, &fams, &pick);
                let mut oracle = Oracle {
                    games: gs,
                    play,
                    memo: HashMap::new(),
                };
                let pos = parse_position(&expr).unwrap();
                let (wins, moves) = oracle.solve(&state);
                assert_eq!(
                    player.remoteness(&pos).unwrap(),
                    Some(Remoteness {
                        mover_wins: wins,
                        moves
                    }),
                    "{play:?} {expr}"
                );
                let Some(choice) = player.choose(&pos).unwrap() else {
                    continue;
                };
                assert_eq!(choice.method, Method::Exact);
                let next = pos.apply(&choice.mv).unwrap();
                let after = oracle.solve(&state_of(&next));
                // The chosen move realises the position's remoteness.
                assert_eq!((after.0, after.1 + 1), (!wins, moves), "{play:?} {expr}");
                assert_eq!(choice.moves_left, Some(after.1));
            }
        }
    }
}

#[test]
fn huge_nim_positions_are_played_by_the_nim_sum() {
    let mut player = Player::with_budget(Play::Normal, 5_000);
    let mut rng = Rng(77);
    for _ in 0..20 {
        let heaps: Vec<u64> = (0..3).map(|_| 1 + rng.below(1 << 40)).collect();
        if heaps.iter().fold(0, |a, h| a ^ h) == 0 {
            continue;
        }
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut pos = parse_position(&format!("nim({})", list.join(","))).unwrap();
        let mut computer_last = false;
        while !pos.is_terminal() {
            let choice = player.choose(&pos).unwrap().unwrap();
            assert!(choice.wins);
            pos = pos.apply(&choice.mv).unwrap();
            let sizes: Vec<u64> = pos.flat_heaps().into_iter().map(|(_, h)| h).collect();
            assert_eq!(sizes.iter().fold(0, |a, h| a ^ h), 0, "{choice:?}");
            computer_last = true;
            if pos.is_terminal() {
                break;
            }
            // A random opponent: a random heap, a random amount.
            let nonempty: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] > 0).collect();
            let i = nonempty[rng.below(nonempty.len() as u64) as usize];
            let take = 1 + rng.below(sizes[i]);
            let mv = pos.read_move(i + 1, &take.to_string()).unwrap();
            pos = pos.apply(&mv).unwrap();
            computer_last = false;
        }
        assert!(computer_last);
    }
}

#[test]
fn a_lost_huge_position_is_prolonged_by_the_smallest_change() {
    let mut player = Player::with_budget(Play::Normal, 5_000);
    let value = |p: &Position| {
        p.analyze(Play::Normal, &grundy::sum::AnalyzeOptions::default())
            .unwrap()
            .grundy
    };
    // Kayles has period 12 from heap 71, and 10^6 ≡ 76 (mod 12): G = G(76) = 1.
    let pos = parse_position("nim(1000000000000, 1000000000000) + kayles(1000000)").unwrap();
    assert_eq!(value(&pos), Some(1));
    let choice = player.choose(&pos).unwrap().unwrap();
    assert_eq!(choice.method, Method::Theory);
    assert!(choice.wins);
    let next = pos.apply(&choice.mv).unwrap();
    assert_eq!(value(&next), Some(0));
    // Now lost: the computer removes one token from the largest heap.
    let c = player.choose(&next).unwrap().unwrap();
    assert_eq!(c.method, Method::SmallestChange);
    assert!(!c.wins);
    let left: u64 = c.mv.to.iter().sum();
    assert_eq!((c.mv.from, c.mv.from - left), (1_000_000_000_000, 1));
}

/// `Rule::allows` (which `Position::apply` uses to check the human's moves
/// without walking huge move lists) agrees with the rule's own move list.
#[test]
fn move_legality_matches_the_move_lists() {
    use grundy::Rule;
    for text in [
        "nim",
        "sub{1,3,4}",
        "sub{2..3}",
        "sub{fib}",
        "sub{pow2}",
        "kayles",
        "dawson",
        "0.137",
        "4.7",
        "0.F",
        "8.0F",
        "0.6",
        "grundys",
    ] {
        let rule = Rule::parse(text).unwrap();
        for n in 0..=12u64 {
            let legal: Vec<Vec<u64>> = rule.moves(n).map(|m| m.leaves).collect();
            // Every ascending list of 0 to 3 positive heaps with total at most n.
            let mut candidates: Vec<Vec<u64>> = vec![vec![]];
            for a in 1..=n {
                candidates.push(vec![a]);
                for b in a..=n - a {
                    candidates.push(vec![a, b]);
                    for c in b..=(n - a - b) {
                        candidates.push(vec![a, b, c]);
                    }
                }
            }
            for leaves in candidates {
                assert_eq!(
                    rule.allows(n, &leaves),
                    legal.contains(&leaves),
                    "{text}: {n} -> {leaves:?}"
                );
            }
        }
    }
}
