//! Loopy games checked against a direct win/lose/draw analysis of the whole
//! position's state graph, written here from the definitions alone: a
//! position with no move is lost for the player to move; one with a move to a
//! lost position is won; one whose every move goes to a won position is lost;
//! every other is a draw. Nothing here uses the generalized Sprague–Grundy
//! function; its values are checked through their defining property: `G +
//! *k` is lost exactly for `k = γ(G)` when γ(G) is finite, and for `γ(G) =
//! ∞(K)` it is won exactly when `k ∈ K` and a draw otherwise.

use std::sync::Arc;

use grundy::budget::Budget;
use grundy::error::ErrorKind;
use grundy::expr::parse_position;
use grundy::game::{Component, Game, Move};
use grundy::loopy::{solve, Gamma, Graph, LoopySolver};
use grundy::nim::{Outcome, Play};
use grundy::sum::{AnalyzeOptions, Position, Term};

/// Outcome letters of every state of a game graph, by retrograde analysis.
fn wld(succ: &[Vec<usize>]) -> Vec<char> {
    let n = succ.len();
    let mut pred = vec![Vec::new(); n];
    for (u, s) in succ.iter().enumerate() {
        for &v in s {
            pred[v].push(u);
        }
    }
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut out = vec!['D'; n];
    let mut queue = Vec::new();
    for u in 0..n {
        if left[u] == 0 {
            out[u] = 'P';
            queue.push(u);
        }
    }
    while let Some(v) = queue.pop() {
        for &u in &pred[v] {
            if out[u] != 'D' {
                continue;
            }
            if out[v] == 'P' {
                out[u] = 'N';
                queue.push(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    out[u] = 'P';
                    queue.push(u);
                }
            }
        }
    }
    out
}

/// Tokens on a digraph beside a Nim heap of at most `heap` tokens, as one
/// state graph: the state of tokens `t` and heap `h` is numbered
/// [`encode`]. A move moves one token along an edge or takes from the heap.
fn sum_graph(adj: &[Vec<usize>], tokens: usize, heap: usize) -> Vec<Vec<usize>> {
    let n = adj.len();
    let states = n.pow(tokens as u32) * (heap + 1);
    let mut succ = vec![Vec::new(); states];
    for (s, out) in succ.iter_mut().enumerate() {
        let (t, h) = decode(s, n, tokens, heap);
        for i in 0..tokens {
            for &w in &adj[t[i]] {
                let mut t2 = t.clone();
                t2[i] = w;
                out.push(encode(&t2, h, n, heap));
            }
        }
        for h2 in 0..h {
            out.push(encode(&t, h2, n, heap));
        }
    }
    succ
}

fn encode(t: &[usize], h: usize, n: usize, heap: usize) -> usize {
    t.iter().fold(0, |acc, &x| acc * n + x) * (heap + 1) + h
}

fn decode(mut s: usize, n: usize, tokens: usize, heap: usize) -> (Vec<usize>, usize) {
    let h = s % (heap + 1);
    s /= heap + 1;
    let mut t = vec![0; tokens];
    for i in (0..tokens).rev() {
        t[i] = s % n;
        s /= n;
    }
    (t, h)
}

/// What γ says of `G + *k`.
fn predicted(g: &Gamma, k: u64) -> char {
    match g {
        Gamma::Finite(v) if *v == k => 'P',
        Gamma::Finite(_) => 'N',
        Gamma::Infinite(set) if set.contains(&k) => 'N',
        Gamma::Infinite(_) => 'D',
    }
}

fn letter(o: Outcome) -> char {
    match o {
        Outcome::N => 'N',
        Outcome::P => 'P',
        Outcome::D => 'D',
    }
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random digraph on `0..n` whose vertices all lie on some edge.
fn random_graph(rng: &mut Rng, n: usize) -> Vec<(usize, usize)> {
    let extra = rng.below(2 * n as u64 + 1) as usize;
    let mut edges = Vec::new();
    // Every vertex on an edge: a random edge at each.
    for v in 0..n {
        let w = rng.below(n as u64) as usize;
        edges.push(if rng.below(2) == 0 { (v, w) } else { (w, v) });
    }
    for _ in 0..extra {
        edges.push((rng.below(n as u64) as usize, rng.below(n as u64) as usize));
    }
    // Sometimes no cycles at all: edges only go down.
    if rng.below(5) == 0 {
        for e in &mut edges {
            if e.0 < e.1 {
                *e = (e.1, e.0);
            }
        }
        edges.retain(|e| e.0 != e.1);
    }
    edges
}

/// The vertex a digraph token stands on (its name is its number here).
fn vertex(c: &Component) -> usize {
    let args = c.args();
    args.rsplit("; ").next().unwrap().parse().unwrap()
}

#[test]
fn digraph_sums_agree_with_the_win_lose_draw_analysis() {
    let mut rng = Rng(2024);
    let mut cases = 0;
    let (mut draws, mut infinite) = (0, 0);
    for round in 0..2500 {
        let n = 1 + rng.below(12) as usize;
        let edges = random_graph(&mut rng, n);
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &edges {
            if !adj[u].contains(&v) {
                adj[u].push(v);
            }
        }
        let used: Vec<usize> = (0..n)
            .filter(|&v| edges.iter().any(|&(a, b)| a == v || b == v))
            .collect();
        if used.is_empty() {
            continue;
        }
        let tokens = 1 + rng.below(3) as usize;
        let t: Vec<usize> = (0..tokens)
            .map(|_| used[rng.below(used.len() as u64) as usize])
            .collect();
        let text = format!(
            "digraph({}; {})",
            edges
                .iter()
                .map(|(u, v)| format!("{u}>{v}"))
                .collect::<Vec<_>>()
                .join(" "),
            t.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
        );
        let pos = parse_position(&text).unwrap();
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        let gamma = a.gamma.clone().expect("values under normal play");
        cases += 1;

        // Each component's value, by its defining property.
        for (i, &v) in t.iter().enumerate() {
            let heap = n;
            let succ = sum_graph(&adj, 1, heap);
            let out = wld(&succ);
            for k in 0..=heap {
                assert_eq!(
                    out[encode(&[v], k, n, heap)],
                    predicted(&gamma.parts[i], k as u64),
                    "{text}: token {i} + *{k}, value {}",
                    gamma.parts[i]
                );
            }
            if !gamma.parts[i].is_finite() {
                infinite += 1;
            }
        }
        // The sum: its outcome, and its value by the same property (all
        // heap sizes up to 15 on one case in 25, else the outcome alone).
        let heap = if round % 25 == 0 { 15 } else { 0 };
        let succ = sum_graph(&adj, tokens, heap);
        let out = wld(&succ);
        let start = encode(&t, 0, n, heap);
        assert_eq!(letter(a.outcome), out[start], "{text}");
        assert_eq!(letter(gamma.sum.outcome()), out[start], "{text}");
        for k in 0..=heap {
            assert_eq!(
                out[encode(&t, k, n, heap)],
                predicted(&gamma.sum, k as u64),
                "{text} + *{k}: sum {}",
                gamma.sum
            );
        }
        assert_eq!(gamma.terms, vec![gamma.sum.clone()], "{text}");
        assert_eq!(a.grundy, gamma.sum.finite());
        if a.outcome == Outcome::D {
            draws += 1;
        }
        // Winning moves: to lost positions, when won; drawing moves: to
        // drawn positions, when drawn.
        let mut want_win = Vec::new();
        let mut want_draw = Vec::new();
        for i in 0..tokens {
            for &w in &adj[t[i]] {
                let mut t2 = t.clone();
                t2[i] = w;
                match out[encode(&t2, 0, n, heap)] {
                    'P' if out[start] == 'N' => want_win.push((i, w)),
                    'D' if out[start] == 'D' => want_draw.push((i, w)),
                    _ => {}
                }
            }
        }
        // (The analysis lists a component's winning moves by counter, not
        // in the order of the edges.)
        let got = |moves: &[grundy::sum::SumMove]| -> Vec<(usize, usize)> {
            let mut out: Vec<(usize, usize)> = moves
                .iter()
                .map(|m| {
                    assert_eq!(m.term, 0);
                    (m.part, vertex(&m.mv.after[0]))
                })
                .collect();
            out.sort_unstable();
            out
        };
        want_win.sort_unstable();
        want_draw.sort_unstable();
        assert_eq!(got(&a.winning_moves), want_win, "{text}");
        assert_eq!(got(&a.drawing_moves), want_draw, "{text}");
    }
    assert!(cases > 2000, "{cases}");
    // The random graphs reach every case.
    assert!(
        draws > 100 && infinite > 300,
        "draws {draws}, infinite values {infinite}"
    );
}

/// A token on a graph, known only by its moves (no graph handed over): the
/// analysis finds the repetition by search and explores the positions.
/// With `splits` left, a token on a vertex with two or more followers may
/// also split into two tokens, on the first two followers, each with one
/// split fewer: positions are then multisets of tokens.
#[derive(Debug)]
struct Walk {
    adj: Arc<Vec<Vec<usize>>>,
    at: usize,
    splits: usize,
}

impl Walk {
    fn to(&self, at: usize, splits: usize) -> Component {
        Arc::new(Walk {
            adj: Arc::clone(&self.adj),
            at,
            splits,
        })
    }
}

impl Game for Walk {
    fn name(&self) -> &str {
        "walk"
    }
    fn args(&self) -> String {
        format!("{},{}", self.at, self.splits)
    }
    fn key(&self) -> Vec<u64> {
        vec![self.at as u64, self.splits as u64]
    }
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let succ = &self.adj[self.at];
        let mut out: Vec<Move> = succ
            .iter()
            .map(|&w| Move::to(vec![self.to(w, self.splits)]))
            .collect();
        if self.splits > 0 && succ.len() >= 2 {
            let s = self.splits - 1;
            out.push(Move::to(vec![self.to(succ[0], s), self.to(succ[1], s)]));
        }
        Box::new(out.into_iter())
    }
}

#[test]
fn games_known_by_their_moves_are_explored_and_agree() {
    let mut rng = Rng(77);
    for _ in 0..400 {
        let n = 1 + rng.below(10) as usize;
        let edges = random_graph(&mut rng, n);
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &edges {
            if !adj[u].contains(&v) {
                adj[u].push(v);
            }
        }
        let adj = Arc::new(adj);
        let v = rng.below(n as u64) as usize;
        // Without splits: the same values as a graph handed over whole.
        let walk: Component = Arc::new(Walk {
            adj: Arc::clone(&adj),
            at: v,
            splits: 0,
        });
        let heap = parse_position("nim(2)").unwrap().terms[0].clone();
        let pos = Position::new(vec![Term::of(vec![walk]), heap]).unwrap();
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        let g = Arc::new(
            Graph::from_edges(
                n,
                &edges
                    .iter()
                    .map(|&(u, v)| (u as u32, v as u32))
                    .collect::<Vec<_>>(),
            )
            .unwrap(),
        );
        let s = solve(&g, &[v as u32], &Budget::unlimited(), &mut |_| {}).unwrap();
        s.verify().unwrap();
        let gamma = a.gamma.unwrap();
        assert_eq!(
            gamma.parts[0],
            s.gamma(v as u32).unwrap(),
            "{edges:?} at {v}"
        );
        assert_eq!(gamma.parts[1], Gamma::Finite(2));
        assert_eq!(gamma.sum, Gamma::sum([&gamma.parts[0], &Gamma::Finite(2)]));

        // With a split: the value by its defining property, against the
        // analysis of multisets of tokens beside a heap.
        let split: Component = Arc::new(Walk {
            adj: Arc::clone(&adj),
            at: v,
            splits: 1,
        });
        let mut solver = LoopySolver::new(1_000_000, Budget::unlimited());
        let value = solver.gamma(&split).unwrap();
        let heap = 12;
        let out = multiset_outcomes(&adj, v, heap);
        for (k, &got) in out.iter().enumerate() {
            assert_eq!(
                got,
                predicted(&value, k as u64),
                "{edges:?} splitting at {v} + *{k}: {value}"
            );
        }
    }
}

/// Outcomes of `{a token at v with one split} + *k`, k = 0..=heap, from the
/// state graph of multisets of tokens `(vertex, splits left)` and a heap.
fn multiset_outcomes(adj: &[Vec<usize>], v: usize, heap: usize) -> Vec<char> {
    use std::collections::HashMap;
    type State = (Vec<(usize, usize)>, usize);
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    fn id(s: State, index: &mut HashMap<State, usize>, states: &mut Vec<State>) -> usize {
        *index.entry(s.clone()).or_insert_with(|| {
            states.push(s);
            states.len() - 1
        })
    }
    for k in 0..=heap {
        id((vec![(v, 1)], k), &mut index, &mut states);
    }
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (tokens, h) = states[i].clone();
        let mut out = Vec::new();
        for j in 0..tokens.len() {
            let (at, splits) = tokens[j];
            let follow = &adj[at];
            let mut targets: Vec<Vec<(usize, usize)>> =
                follow.iter().map(|&w| vec![(w, splits)]).collect();
            if splits > 0 && follow.len() >= 2 {
                targets.push(vec![(follow[0], splits - 1), (follow[1], splits - 1)]);
            }
            for t in targets {
                let mut next = tokens.clone();
                next.remove(j);
                next.extend(t);
                next.sort_unstable();
                out.push(id((next, h), &mut index, &mut states));
            }
        }
        for h2 in 0..h {
            out.push(id((tokens.clone(), h2), &mut index, &mut states));
        }
        succ.push(out);
        i += 1;
    }
    let out = wld(&succ);
    (0..=heap).map(|k| out[index[&(vec![(v, 1)], k)]]).collect()
}

#[test]
fn loop_free_graphs_give_grundy_values() {
    // A random graph without cycles: γ is the mex recursion.
    let mut rng = Rng(5);
    let n = 3000;
    let mut edges = Vec::new();
    for u in 1..n as u32 {
        for _ in 0..rng.below(5) {
            edges.push((u, rng.below(u as u64) as u32));
        }
    }
    let g = Arc::new(Graph::from_edges(n, &edges).unwrap());
    let roots: Vec<u32> = (0..n as u32).collect();
    let s = solve(&g, &roots, &Budget::unlimited(), &mut |_| {}).unwrap();
    let mut grundy = vec![0u64; n];
    for u in 0..n {
        let opts: Vec<u64> = g
            .successors(u as u32)
            .iter()
            .map(|&w| grundy[w as usize])
            .collect();
        grundy[u] = grundy::nimber::mex(opts);
        assert_eq!(s.gamma(u as u32), Some(Gamma::Finite(grundy[u])));
    }
    s.verify().unwrap();
}

#[test]
fn solutions_satisfy_the_definition_on_large_random_graphs() {
    let mut rng = Rng(9);
    for &(n, m) in &[
        (2000usize, 2000usize),
        (2000, 5000),
        (500, 4000),
        (3000, 3000),
    ] {
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng.below(n as u64) as u32, rng.below(n as u64) as u32))
            .collect();
        let g = Arc::new(Graph::from_edges(n, &edges).unwrap());
        let mut reports = 0;
        let s = solve(&g, &[0, 1, 2], &Budget::unlimited(), &mut |_| reports += 1).unwrap();
        assert!(reports >= 1);
        s.verify().unwrap();
        for v in 0..n as u32 {
            if s.is_infinite(v) {
                assert!(!s.forcing(v).is_empty());
            }
        }
    }
}

#[test]
fn a_cancelled_budget_stops_the_solver() {
    let n = 200_000u32;
    let edges: Vec<(u32, u32)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
    let g = Arc::new(Graph::from_edges(n as usize, &edges).unwrap());
    let budget = Budget::unlimited();
    budget.cancel_handle().cancel();
    let err = solve(&g, &[0], &budget, &mut |_| {}).unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::Limit(grundy::budget::LimitKind::Cancelled)
    );
    let small = Budget::unlimited().with_memory(1000);
    let err = solve(&g, &[0], &small, &mut |_| {}).unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::Limit(grundy::budget::LimitKind::Memory)
    );
    // One long cycle: every vertex is a draw, ∞(∅).
    let s = solve(&g, &[0], &Budget::unlimited(), &mut |_| {}).unwrap();
    assert_eq!(s.gamma(7), Some(Gamma::infinite([])));
}

/// The budget of time, memory and cancellation reaches the loopy solver
/// through every door: the analysis of a sum, the perfect player, and a game
/// known only by its moves (explored, then solved).
#[test]
fn the_analysis_and_the_player_honour_the_budget() {
    use grundy::budget::LimitKind;
    use grundy::strategy::Player;
    use std::time::Duration;

    // One long cycle with a way out at every tenth vertex.
    let n = 200_000usize;
    let mut arcs: Vec<String> = (1..=n).map(|v| format!("{v}>{}", v % n + 1)).collect();
    arcs.extend((1..=n).step_by(10).map(|v| format!("{v}>{}", n + 1)));
    let text = format!("digraph({}; 1) + nim(3)", arcs.join(" "));
    let pos = parse_position(&text).unwrap();
    let kind = |budget: Budget| {
        let options = AnalyzeOptions::default().with_budget(budget);
        pos.analyze(Play::Normal, &options).unwrap_err().kind()
    };
    let cancelled = Budget::unlimited();
    cancelled.cancel_handle().cancel();
    assert_eq!(
        kind(cancelled.clone()),
        ErrorKind::Limit(LimitKind::Cancelled)
    );
    assert_eq!(
        kind(Budget::unlimited().with_memory(100_000)),
        ErrorKind::Limit(LimitKind::Memory)
    );
    assert_eq!(
        kind(Budget::unlimited().with_time(Duration::ZERO)),
        ErrorKind::Limit(LimitKind::Time)
    );
    // Within a fair budget it is answered (a way out is always near, so
    // the token's value is finite).
    let fair = Budget::unlimited()
        .with_memory(1 << 30)
        .with_time(Duration::from_secs(60));
    let a = pos
        .analyze(Play::Normal, &AnalyzeOptions::default().with_budget(fair))
        .unwrap();
    assert!(a.gamma.unwrap().sum.is_finite());

    // The perfect player analyses the token's graph within its budget.
    let mut player = Player::new(Play::Normal);
    player.set_budget(cancelled.clone());
    let lone = parse_position(&format!("digraph({}; 1)", arcs.join(" "))).unwrap();
    assert_eq!(
        player.choose(&lone).unwrap_err().kind(),
        ErrorKind::Limit(LimitKind::Cancelled)
    );
    player.set_budget(Budget::unlimited().with_memory(100_000));
    assert_eq!(
        player.choose(&lone).unwrap_err().kind(),
        ErrorKind::Limit(LimitKind::Memory)
    );
    player.set_budget(Budget::unlimited());
    assert!(player.choose(&lone).unwrap().is_some());

    // A game known by its moves: a cycle of 50,000 positions, explored
    // within the memory allowance or refused by it.
    let m = 50_000;
    let adj: Vec<Vec<usize>> = (0..m).map(|v| vec![(v + 1) % m]).collect();
    let walk: Component = Arc::new(Walk {
        adj: Arc::new(adj),
        at: 0,
        splits: 0,
    });
    let mut small = LoopySolver::new(1_000_000, Budget::unlimited().with_memory(100_000));
    assert_eq!(
        small.gamma(&walk).unwrap_err().kind(),
        ErrorKind::Limit(LimitKind::Memory)
    );
    let mut late = LoopySolver::new(1_000_000, Budget::unlimited().with_time(Duration::ZERO));
    assert_eq!(
        late.gamma(&walk).unwrap_err().kind(),
        ErrorKind::Limit(LimitKind::Time)
    );
    let mut fine = LoopySolver::new(1_000_000, Budget::unlimited());
    assert_eq!(fine.gamma(&walk).unwrap(), Gamma::infinite([]));
}

#[test]
fn loopy_and_loop_free_components_mix_in_one_sum() {
    let opts = AnalyzeOptions::default();
    // A two-cycle is a draw; beside Nim it stays a draw (∞(∅) ⊕ 3).
    let a = parse_position("digraph(1>2 2>1; 1) + nim(3)")
        .unwrap()
        .analyze(Play::Normal, &opts)
        .unwrap();
    assert_eq!(a.outcome, Outcome::D);
    assert_eq!(a.grundy, None);
    assert_eq!(a.term_values, vec![None, Some(3)]);
    // Moves keeping the draw: the token around the cycle, and every move
    // of the heap.
    assert_eq!(a.drawing_moves.len(), 4);
    // 1 → 2 → 1 with an exit 2 → 3: ∞(0) at 1? No: 2 has value 1 (mex{0},
    // and 1 reverses to 3), 1 has value 0.
    let a = parse_position("digraph(1>2 2>1 2>3; 1) + nim(1)")
        .unwrap()
        .analyze(Play::Normal, &opts)
        .unwrap();
    assert_eq!(a.gamma.as_ref().unwrap().parts[0], Gamma::Finite(0));
    assert_eq!(a.outcome, Outcome::N);
    // ∞(0) + *1: the infinite term moves to a position of value 1? It has
    // none (K = {0}): so 1 ∉ K and the sum is a draw.
    let a = parse_position("digraph(1>1 1>2; 1) + nim(1)")
        .unwrap()
        .analyze(Play::Normal, &opts)
        .unwrap();
    assert_eq!(a.gamma.as_ref().unwrap().parts[0], Gamma::infinite([0]));
    assert_eq!(a.outcome, Outcome::D);
    // Alone it is won: move to 2.
    let a = parse_position("digraph(1>1 1>2; 1)")
        .unwrap()
        .analyze(Play::Normal, &opts)
        .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
}

#[test]
fn misere_play_of_a_loopy_game_is_refused() {
    for text in ["digraph(1>2 2>1; 1)", "digraph(1>2 2>1 2>3; 1) + nim(2)"] {
        let err = parse_position(text)
            .unwrap()
            .analyze(Play::Misere, &AnalyzeOptions::default())
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unsupported, "{text}");
        assert!(
            err.to_string().contains("misère play of a loopy game"),
            "{err}"
        );
    }
    // A digraph without cycles is a finite game: misère play is searched.
    let a = parse_position("digraph(1>2 2>3; 1) + nim(1)")
        .unwrap()
        .analyze(Play::Misere, &AnalyzeOptions::default())
        .unwrap();
    // Three moves are left whatever is played: the player to move makes
    // the last one, and loses.
    assert_eq!(a.outcome, Outcome::P);
}

/// Outcome and remoteness of every state, round by round from the
/// definitions: a state is won in `k` moves when `k − 1` is the least
/// remoteness of its lost followers; lost in `k` when every follower is won
/// and the greatest of their remoteness is `k − 1`; never settled: a draw.
fn remoteness(succ: &[Vec<usize>]) -> Vec<(char, usize)> {
    let n = succ.len();
    let mut out: Vec<(char, usize)> = (0..n)
        .map(|u| {
            if succ[u].is_empty() {
                ('P', 0)
            } else {
                ('D', 0)
            }
        })
        .collect();
    for k in 1..=2 * n + 2 {
        let before = out.clone();
        for u in 0..n {
            if before[u].0 != 'D' {
                continue;
            }
            let lost_at = succ[u]
                .iter()
                .filter(|&&v| before[v].0 == 'P')
                .map(|&v| before[v].1)
                .min();
            if lost_at == Some(k - 1) {
                out[u] = ('N', k);
            } else if lost_at.is_none() && succ[u].iter().all(|&v| before[v].0 == 'N') {
                let slowest = succ[u].iter().map(|&v| before[v].1).max().unwrap();
                if slowest == k - 1 {
                    out[u] = ('P', k);
                }
            }
        }
    }
    out
}

#[test]
fn the_perfect_player_wins_fastest_holds_draws_and_delays_losses() {
    use grundy::strategy::{Method, Player};
    let mut rng = Rng(31);
    let mut seen = [0usize; 3];
    for _ in 0..600 {
        let n = 1 + rng.below(9) as usize;
        let edges = random_graph(&mut rng, n);
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &edges {
            if !adj[u].contains(&v) {
                adj[u].push(v);
            }
        }
        let used: Vec<usize> = (0..n)
            .filter(|&v| edges.iter().any(|&(a, b)| a == v || b == v))
            .collect();
        if used.is_empty() {
            continue;
        }
        let tokens = 1 + rng.below(2) as usize;
        let t: Vec<usize> = (0..tokens)
            .map(|_| used[rng.below(used.len() as u64) as usize])
            .collect();
        if t.iter().all(|&v| adj[v].is_empty()) {
            continue;
        }
        let text = format!(
            "digraph({}; {})",
            edges
                .iter()
                .map(|(u, v)| format!("{u}>{v}"))
                .collect::<Vec<_>>()
                .join(" "),
            t.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
        );
        let pos = parse_position(&text).unwrap();
        let succ = sum_graph(&adj, tokens, 0);
        let table = remoteness(&succ);
        let start = encode(&t, 0, n, 0);
        let choice = Player::new(Play::Normal).choose(&pos).unwrap().unwrap();
        assert_eq!(choice.method, Method::Exact, "{text}");
        let mut t2 = t.clone();
        t2[choice.mv.part] = vertex(&choice.mv.mv.after[0]);
        let (here, r) = table[start];
        let (there, r2) = table[encode(&t2, 0, n, 0)];
        assert_eq!(letter(choice.outcome), here, "{text}");
        match here {
            'N' => {
                assert_eq!((there, r2 + 1), ('P', r), "{text}: wins fastest");
                seen[0] += 1;
            }
            'D' => {
                assert_eq!(there, 'D', "{text}: holds the draw");
                assert_eq!(choice.moves_left, None);
                seen[1] += 1;
            }
            _ => {
                assert_eq!((there, r2 + 1), ('N', r), "{text}: delays the loss");
                seen[2] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&k| k > 30), "{seen:?}");
}
