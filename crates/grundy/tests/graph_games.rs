//! Node-Kayles, Arc-Kayles and Chomp against an oracle written here from the
//! rules alone: a position is the set of vertices (squares) left, as a
//! bitmask of the whole graph (bar); the moves are those of the rules; the
//! value is the mex over the options of the whole position — no splitting
//! into pieces, no canonical keys, no theory. Random graphs and bars of up
//! to 16 vertices (squares) are compared with the engine's values, winning
//! moves and misère outcomes. Also the published values: Node-Kayles on
//! paths is Dawson's chess (`0.137`), on 2 × n grids `n mod 2`, on 4 × n
//! grids 0, on 3 × n grids OEIS A316632 (the terms that finish quickly
//! here; the rest are run by `bench/nodekayles.sh`).

use std::collections::{BTreeSet, HashMap};

use grundy::error::ErrorKind;
use grundy::expr::parse_position;
use grundy::games::graph::Piece;
use grundy::games::{arckayles, nodekayles};
use grundy::nim::{Outcome, Play};
use grundy::solver::Solver;
use grundy::sum::{AnalyzeOptions, Position};

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

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// A game by its rules: the positions a move leads to, as bitmasks.
trait Rules {
    fn options(&self, left: u32) -> Vec<u32>;

    /// The Grundy value of `left`, by mex over its options.
    fn value(&self, left: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&v) = memo.get(&left) {
            return v;
        }
        let v = mex(self.options(left).into_iter().map(|o| self.value(o, memo)));
        memo.insert(left, v);
        v
    }

    /// Whether the player to move wins `left` under misère play (the player
    /// who cannot move wins).
    fn misere_win(&self, left: u32, memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&w) = memo.get(&left) {
            return w;
        }
        let options = self.options(left);
        let w = options.is_empty() || options.iter().any(|&o| !self.misere_win(o, memo));
        memo.insert(left, w);
        w
    }
}

/// A graph on vertices `0..n`, written with vertex `i` named `v{i}`.
struct Graph {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl Graph {
    fn random(rng: &mut Rng, n: usize) -> Graph {
        let density = 1 + rng.below(6);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(16) < density {
                    edges.push((u, v));
                }
            }
        }
        Graph { n, edges }
    }

    fn neighbours(&self, v: usize) -> u32 {
        self.edges.iter().fold(0, |m, &(a, b)| {
            if a == v {
                m | 1 << b
            } else if b == v {
                m | 1 << a
            } else {
                m
            }
        })
    }

    /// The first vertex whose move removes what taking `v` removes: the
    /// engine lists one move for such twins.
    fn first_twin(&self, v: usize) -> usize {
        let closed = |u: usize| self.neighbours(u) | 1 << u;
        (0..v).find(|&u| closed(u) == closed(v)).unwrap_or(v)
    }

    fn all(&self) -> u32 {
        ((1u64 << self.n) - 1) as u32
    }

    /// The written form: every edge, then the vertices on none.
    fn written(&self) -> String {
        let mut items: Vec<String> = self
            .edges
            .iter()
            .map(|&(u, v)| format!("v{u}-v{v}"))
            .collect();
        items.extend(
            (0..self.n)
                .filter(|&v| self.neighbours(v) == 0)
                .map(|v| format!("v{v}")),
        );
        items.join(" ")
    }
}

struct NodeKayles<'a>(&'a Graph);

impl Rules for NodeKayles<'_> {
    fn options(&self, left: u32) -> Vec<u32> {
        (0..self.0.n)
            .filter(|&v| left >> v & 1 == 1)
            .map(|v| left & !(1 << v) & !self.0.neighbours(v))
            .collect()
    }
}

struct ArcKayles<'a>(&'a Graph);

impl Rules for ArcKayles<'_> {
    fn options(&self, left: u32) -> Vec<u32> {
        self.0
            .edges
            .iter()
            .filter(|&&(u, v)| left >> u & 1 == 1 && left >> v & 1 == 1)
            .map(|&(u, v)| left & !(1 << u) & !(1 << v))
            .collect()
    }
}

/// A Chomp bar as its squares `(row, column)`; square 0 is the poison.
struct Chomp(Vec<(usize, usize)>);

impl Chomp {
    /// A random bar of at most `max` squares: non-increasing rows.
    fn random(rng: &mut Rng, max: usize) -> (Vec<usize>, Chomp) {
        let mut rows = vec![1 + rng.below(8) as usize];
        while rows.iter().sum::<usize>() < max && rng.below(4) != 0 {
            let below = rows[rows.len() - 1];
            rows.push(1 + rng.below(below as u64) as usize);
        }
        while rows.iter().sum::<usize>() > max {
            let last = rows.len() - 1;
            if rows[last] > 1 {
                rows[last] -= 1;
            } else {
                rows.pop();
            }
        }
        let squares = rows
            .iter()
            .enumerate()
            .flat_map(|(r, &len)| (0..len).map(move |c| (r, c)))
            .collect();
        (rows, Chomp(squares))
    }
}

impl Rules for Chomp {
    fn options(&self, left: u32) -> Vec<u32> {
        (1..self.0.len())
            .filter(|&i| left >> i & 1 == 1)
            .map(|i| {
                let (r, c) = self.0[i];
                let eaten = (0..self.0.len())
                    .filter(|&j| self.0[j].0 >= r && self.0[j].1 >= c)
                    .fold(0u32, |m, j| m | 1 << j);
                left & !eaten
            })
            .collect()
    }
}

/// The engine's value of a position written `text`: the nim-sum of its
/// components' values, each by the nimber search over the family's own
/// rules (pieces in canonical form), checked against the same search
/// through the components' moves alone.
fn engine_value(text: &str) -> u64 {
    let pos = parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let parts: Vec<_> = pos.components().cloned().collect();
    let value = Solver::new(50_000_000).grundy_of(&parts).unwrap();
    let by_moves = Solver::from_moves(50_000_000).grundy_of(&parts).unwrap();
    assert_eq!(value, by_moves, "{text}: the family's rules and the moves");
    value
}

/// How a family lists the options of a piece in canonical form.
type PieceOptions = fn(&Piece, &mut dyn FnMut(&[Piece]));

/// The value of a piece in canonical form, by mex over the options the
/// family gives for pieces (the search engine's view of the game).
fn piece_value(piece: &Piece, options: PieceOptions, memo: &mut HashMap<Piece, u64>) -> u64 {
    if let Some(&v) = memo.get(piece) {
        return v;
    }
    let mut found = Vec::new();
    options(piece, &mut |parts| found.push(parts.to_vec()));
    let values: Vec<u64> = found
        .iter()
        .map(|parts| {
            parts
                .iter()
                .fold(0, |x, p| x ^ piece_value(p, options, memo))
        })
        .collect();
    let v = mex(values);
    memo.insert(piece.clone(), v);
    v
}

/// The value of a written graph game through its pieces in canonical form.
fn pieces_value(text: &str) -> u64 {
    let pos = parse_position(text).unwrap();
    let mut memo = HashMap::new();
    pos.components()
        .map(|c| {
            if let Some(g) = c.downcast_ref::<nodekayles::NodeKayles>() {
                piece_value(g.piece().piece(), nodekayles::options, &mut memo)
            } else {
                let g = c.downcast_ref::<arckayles::ArcKayles>().unwrap();
                piece_value(g.piece().piece(), arckayles::options, &mut memo)
            }
        })
        .fold(0, |x, v| x ^ v)
}

/// The winning moves the analysis finds, as typed at the `play` prompt.
fn winning_notations(pos: &Position, play: Play) -> (Outcome, BTreeSet<String>) {
    let options = AnalyzeOptions {
        max_moves: 1000,
        ..AnalyzeOptions::default()
    };
    let a = pos.analyze(play, &options).unwrap();
    let moves = a
        .winning_moves
        .iter()
        .map(|m| pos.terms[m.term].parts[m.part].notation(&m.mv))
        .collect();
    (a.outcome, moves)
}

#[test]
fn node_kayles_matches_the_rules() {
    let mut rng = Rng(31);
    for round in 0..400 {
        let n = 1 + rng.below(16) as usize;
        let g = Graph::random(&mut rng, n);
        let text = format!("nodekayles({})", g.written());
        let rules = NodeKayles(&g);
        let mut memo = HashMap::new();
        let want = rules.value(g.all(), &mut memo);
        assert_eq!(engine_value(&text), want, "{text}");
        assert_eq!(pieces_value(&text), want, "pieces of {text}");
        if round % 4 != 0 {
            continue;
        }
        // Winning moves: exactly the vertices whose removal leaves value 0.
        let pos = parse_position(&text).unwrap();
        let (outcome, moves) = winning_notations(&pos, Play::Normal);
        assert_eq!(outcome == Outcome::N, want != 0, "{text}");
        let expected: BTreeSet<String> = (0..n)
            .filter(|&v| rules.value(g.all() & !(1 << v) & !g.neighbours(v), &mut memo) == 0)
            .map(|v| format!("v{}", g.first_twin(v)))
            .collect();
        assert_eq!(moves, expected, "{text}");
        // Misère: by search over the whole sum.
        if n <= 12 {
            let mut wins = HashMap::new();
            let (outcome, moves) = winning_notations(&pos, Play::Misere);
            assert_eq!(
                outcome == Outcome::N,
                rules.misere_win(g.all(), &mut wins),
                "misère {text}"
            );
            let expected: BTreeSet<String> = (0..n)
                .filter(|&v| !rules.misere_win(g.all() & !(1 << v) & !g.neighbours(v), &mut wins))
                .map(|v| format!("v{}", g.first_twin(v)))
                .collect();
            assert_eq!(moves, expected, "misère {text}");
        }
    }
}

#[test]
fn arc_kayles_matches_the_rules() {
    let mut rng = Rng(32);
    for round in 0..300 {
        let n = 1 + rng.below(16) as usize;
        let g = Graph::random(&mut rng, n);
        let text = format!("arckayles({})", g.written());
        let rules = ArcKayles(&g);
        let mut memo = HashMap::new();
        let want = rules.value(g.all(), &mut memo);
        assert_eq!(engine_value(&text), want, "{text}");
        assert_eq!(pieces_value(&text), want, "pieces of {text}");
        if round % 4 == 0 {
            let pos = parse_position(&text).unwrap();
            let (_, moves) = winning_notations(&pos, Play::Normal);
            // Edges are named in the order their ends were first written.
            let moves: BTreeSet<String> = moves
                .iter()
                .map(|m| {
                    let mut ends: Vec<usize> =
                        m.split('-').map(|e| e[1..].parse().unwrap()).collect();
                    ends.sort_unstable();
                    format!("v{}-v{}", ends[0], ends[1])
                })
                .collect();
            let expected: BTreeSet<String> = g
                .edges
                .iter()
                .filter(|&&(u, v)| rules.value(g.all() & !(1 << u) & !(1 << v), &mut memo) == 0)
                .map(|&(u, v)| format!("v{u}-v{v}"))
                .collect();
            assert_eq!(moves, expected, "{text}");
        }
        // Arc-Kayles on a graph is Node-Kayles on its line graph.
        if g.edges.len() <= 16 && !g.edges.is_empty() {
            let line = Graph {
                n: g.edges.len(),
                edges: (0..g.edges.len())
                    .flat_map(|i| (i + 1..g.edges.len()).map(move |j| (i, j)))
                    .filter(|&(i, j)| {
                        let (a, b) = (g.edges[i], g.edges[j]);
                        a.0 == b.0 || a.0 == b.1 || a.1 == b.0 || a.1 == b.1
                    })
                    .collect(),
            };
            let text = format!("nodekayles({})", line.written());
            assert_eq!(engine_value(&text), want, "{text}");
        }
    }
}

#[test]
fn chomp_matches_the_rules() {
    let mut rng = Rng(33);
    for round in 0..400 {
        let (rows, bar) = Chomp::random(&mut rng, 16);
        let written: Vec<String> = rows.iter().map(usize::to_string).collect();
        let text = format!("chomp({})", written.join(","));
        let all = ((1u64 << bar.0.len()) - 1) as u32;
        let mut memo = HashMap::new();
        let want = bar.value(all, &mut memo);
        assert_eq!(engine_value(&text), want, "{text}");
        // With the family's theory (an L is two Nim heaps) too.
        let pos = parse_position(&text).unwrap();
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.grundy, Some(want), "{text}");
        if round % 4 != 0 {
            continue;
        }
        let square = |m: u32| -> String {
            let (r, c) = bar.0[m.trailing_zeros() as usize];
            format!("{},{}", r + 1, c + 1)
        };
        // The winning moves: squares whose bite leaves value 0 (the square
        // of a move is the least one it eats).
        let (_, moves) = winning_notations(&pos, Play::Normal);
        let expected: BTreeSet<String> = bar
            .options(all)
            .into_iter()
            .filter(|&o| bar.value(o, &mut memo) == 0)
            .map(|o| square(all & !o))
            .collect();
        assert_eq!(moves, expected, "{text}");
        let mut wins = HashMap::new();
        let (outcome, moves) = winning_notations(&pos, Play::Misere);
        assert_eq!(
            outcome == Outcome::N,
            bar.misere_win(all, &mut wins),
            "misère {text}"
        );
        let expected: BTreeSet<String> = bar
            .options(all)
            .into_iter()
            .filter(|&o| !bar.misere_win(o, &mut wins))
            .map(|o| square(all & !o))
            .collect();
        assert_eq!(moves, expected, "misère {text}");
    }
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess() {
    for n in 1..=40u64 {
        let path: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let dawson = parse_position(&format!("0.137({n})"))
            .unwrap()
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap()
            .grundy;
        assert_eq!(
            Some(engine_value(&format!("nodekayles({})", path.join("-")))),
            dawson,
            "path of {n}"
        );
        // The same path as a 1 × n grid, and as a board.
        assert_eq!(
            Some(engine_value(&format!("nodekayles(1x{n})"))),
            dawson,
            "1x{n}"
        );
        assert_eq!(
            Some(engine_value(&format!(
                "nodekayles({})",
                ".".repeat(n as usize)
            ))),
            dawson,
            "board of {n}"
        );
        assert_eq!(
            Some(pieces_value(&format!("nodekayles(1x{n})"))),
            dawson,
            "pieces of 1x{n}"
        );
        // Arc-Kayles on a path of n + 1 vertices: its line graph is the path of n.
        let longer: Vec<String> = (0..=n).map(|i| i.to_string()).collect();
        let arcs = format!("arckayles({})", longer.join("-"));
        assert_eq!(Some(engine_value(&arcs)), dawson, "{arcs}");
        assert_eq!(Some(pieces_value(&arcs)), dawson, "pieces of {arcs}");
    }
}

#[test]
fn node_kayles_on_grids_of_two_and_four_rows() {
    for n in 1..=12 {
        assert_eq!(engine_value(&format!("nodekayles(2x{n})")), n % 2, "2x{n}");
    }
    for n in 1..=9 {
        assert_eq!(engine_value(&format!("nodekayles(4x{n})")), 0, "4x{n}");
    }
}

/// OEIS A316632, the value of Node-Kayles on the 3 × n grid, n = 1..=16.
const A316632: [u64; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];

#[test]
fn node_kayles_on_three_rows_is_a316632() {
    // The terms found in about a second here; bench/nodekayles.sh runs all
    // sixteen and beyond.
    for n in 1..=13 {
        assert_eq!(
            engine_value(&format!("nodekayles(3x{n})")),
            A316632[n - 1],
            "3x{n}"
        );
        assert_eq!(
            pieces_value(&format!("nodekayles(3x{n})")),
            A316632[n - 1],
            "pieces of 3x{n}"
        );
    }
}

/// CPU seconds this process has used (user + system), from
/// `/proc/self/stat`; `None` where that cannot be read.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Node-Kayles on `R × n` grids, `NK_ROWS` (default 3) rows and `n` from
/// `NK_FROM` to `NK_TO` (default 14 to 16: the terms of A316632 the fast
/// test leaves out), each by a fresh solver; prints the value and the CPU
/// time of each and checks the published values. Beyond A316632 these are
/// new terms:
///
/// ```text
/// NK_FROM=17 NK_TO=20 cargo test --release -p grundy --test integration \
///     three_rows_beyond -- --ignored --nocapture
/// ```
///
/// With `NK_CHECK=N`, boards up to `n = N` are also solved by a second
/// path: mex over the options of pieces in canonical form
/// ([`nodekayles::options`]), memoised in a map.
#[test]
#[ignore = "long: run with --release"]
fn node_kayles_three_rows_beyond_the_fast_part() {
    let var = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (rows, from, to, check) = (
        var("NK_ROWS", 3),
        var("NK_FROM", 14),
        var("NK_TO", 16),
        var("NK_CHECK", 0),
    );
    for n in from..=to {
        let text = format!("nodekayles({rows}x{n})");
        let parts: Vec<_> = parse_position(&text)
            .unwrap()
            .components()
            .cloned()
            .collect();
        let (cpu, wall) = (cpu_seconds(), std::time::Instant::now());
        let value = Solver::new(usize::MAX).grundy_of(&parts).unwrap();
        let took = cpu.and_then(|c| Some(cpu_seconds()? - c));
        let published = match rows {
            2 => Some(n as u64 % 2),
            3 => A316632.get(n - 1).copied(),
            4 => Some(0),
            _ => None,
        };
        println!(
            "{text} = {value}   CPU {:.2} s, wall {:.2} s   {}",
            took.unwrap_or(f64::NAN),
            wall.elapsed().as_secs_f64(),
            published.map_or("(not published)".to_string(), |p| format!("published {p}"))
        );
        if let Some(p) = published {
            assert_eq!(value, p, "{text}");
        }
        if n <= check {
            // A second path: mex over the options the family gives for
            // pieces in canonical form, memoised by piece.
            let (cpu, wall) = (cpu_seconds(), std::time::Instant::now());
            let by_pieces = pieces_value(&text);
            let took = cpu.and_then(|c| Some(cpu_seconds()? - c));
            println!(
                "{text} = {by_pieces} by mex over pieces   CPU {:.2} s, wall {:.2} s",
                took.unwrap_or(f64::NAN),
                wall.elapsed().as_secs_f64()
            );
            assert_eq!(by_pieces, value, "{text} by pieces");
        }
    }
}

#[test]
fn pieces_are_written_as_they_parse() {
    // Every piece met below 3 × 5 and a random graph, written and read back.
    let mut todo: Vec<Piece> = [
        "nodekayles(3x5)",
        "nodekayles(1-2-3-4-1-5 5-6 6-7 7-8 8-5 2-9)",
    ]
    .iter()
    .flat_map(|text| {
        let pos = parse_position(text).unwrap();
        pos.components()
            .map(|c| {
                let g = c.downcast_ref::<nodekayles::NodeKayles>().unwrap();
                g.piece().piece().clone()
            })
            .collect::<Vec<_>>()
    })
    .collect();
    let mut seen = BTreeSet::new();
    while let Some(piece) = todo.pop() {
        if !seen.insert(piece.clone()) {
            continue;
        }
        let text = format!("nodekayles({})", piece.written());
        let pos = parse_position(&text).unwrap();
        let parts: Vec<_> = pos.components().collect();
        assert_eq!(parts.len(), 1, "{text}");
        let back = parts[0].downcast_ref::<nodekayles::NodeKayles>().unwrap();
        assert_eq!(back.piece().piece(), &piece, "{text}");
        nodekayles::options(&piece, &mut |left| todo.extend(left.iter().cloned()));
    }
    assert!(seen.len() > 30, "{}", seen.len());
}

#[test]
fn written_forms_round_trip_and_errors_point_at_the_input() {
    for text in [
        "nodekayles(1-2 2-3 3-4,5)",
        "nodekayles(3x16)",
        "nodekayles(..#./..../....)",
        "arckayles(a-b a-c b-c,d)",
        "chomp(3x5)",
        "chomp(5,4,4,2)",
    ] {
        let pos = parse_position(text).unwrap();
        assert_eq!(pos.to_string(), text);
    }
    // A written graph is split into its connected pieces.
    let pos = parse_position("nodekayles(1-2 2-3 3-4 5)").unwrap();
    assert_eq!(pos.to_string(), "nodekayles(1-2 2-3 3-4,5)");
    for (text, at, says) in [
        ("nodekayles(1-2 2-%)", 17, "vertex name"),
        ("nodekayles(0x4)", 11, "at least one row"),
        ("nodekayles(3x50)", 11, "at most 128"),
        ("arckayles(1-2, 3-3)", 17, "two different vertices"),
        ("chomp(4,5)", 8, "never grow"),
        ("chomp(3x0)", 8, "at least one column"),
        ("chomp(300x2)", 6, "at most 255"),
    ] {
        let err = parse_position(text).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Parse, "{text}");
        match &err {
            grundy::error::Error::Parse { at: a, message, .. } => {
                assert_eq!(*a, at, "{text}: {message}");
                assert!(message.contains(says), "{text}: {message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(err.to_string().contains('^'), "{err}");
    }
}

#[test]
fn moves_as_typed_and_described() {
    let pos = parse_position("nodekayles(3x4)").unwrap();
    let grid = &pos.terms[0].parts[0];
    let mv = grid.read_move("6", "graph 1").unwrap();
    assert_eq!(grid.notation(&mv), "6");
    assert_eq!(
        grid.describe(&mv, "graph 1"),
        "graph 1: take vertex 6 (and its neighbours 2, 5, 7, 10)"
    );
    // What is left: the corners 1 and 9 alone, and a piece drawn on the
    // grid with its numbers.
    let after: Vec<String> = mv.after.iter().map(|c| c.to_string()).collect();
    assert_eq!(
        after,
        [
            "nodekayles(.###/####/####)",
            "nodekayles(##../###./##..)",
            "nodekayles(####/####/.###)"
        ]
    );
    assert_eq!(mv.after[1].draw(), [" 3  4", " ·  8", "11 12"]);
    assert!(grid.read_move("13", "graph 1").is_err());
    assert!(grid.read_move("", "graph 1").is_err());
    // A move that splits the graph: the middle of a path.
    let pos = parse_position("nodekayles(a-b-c-d-e)").unwrap();
    let path = &pos.terms[0].parts[0];
    let mv = path.read_move("c", "graph 1").unwrap();
    assert_eq!(mv.after_text(), "nodekayles(a) + nodekayles(e)");
    let after = pos.apply(&pos.read_move(1, "c").unwrap()).unwrap();
    assert_eq!(after.to_string(), "nodekayles(a,e)");
    // Arc-Kayles: an edge, either way round.
    let pos = parse_position("arckayles(1-2 2-3 3-1 3-4)").unwrap();
    let g = &pos.terms[0].parts[0];
    let mv = g.read_move("3-2", "graph 1").unwrap();
    assert_eq!(g.notation(&mv), "2-3");
    assert_eq!(g.describe(&mv, "graph 1"), "graph 1: take edge 2-3");
    assert!(g
        .read_move("1-4", "graph 1")
        .unwrap_err()
        .contains("no edge"));
    assert_eq!(mv.after_text(), "arckayles(1) + arckayles(4)");
}

#[test]
fn misere_is_searched_within_its_budget_or_refused() {
    let small = AnalyzeOptions {
        misere_budget: 10_000,
        ..AnalyzeOptions::default()
    };
    let pos = parse_position("nodekayles(3x3)").unwrap();
    assert!(pos.analyze(Play::Misere, &small).is_ok());
    let big = parse_position("nodekayles(6x6) + chomp(12x12)").unwrap();
    let err = big.analyze(Play::Misere, &small).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            ErrorKind::TooLarge | ErrorKind::Limit(_) | ErrorKind::Unsupported
        ),
        "{err:?}"
    );
}

/// `Solver::has_value` (each family's `solve_is`, the engine's yes-or-no
/// question) agrees with the value itself on every option of boards and
/// graphs of each searched family, for every value asked; and the winning
/// moves `analyze` lists (found with it) are exactly the options of value 0.
#[test]
fn asking_for_a_value_agrees_with_the_value() {
    for text in [
        "nodekayles(3x7)",
        "arckayles(3x4)",
        "cram(4x5)",
        "cram(3x7)",
        "chomp(4x5)",
        "nodekayles(1-2 2-3 3-4 4-5 5-1 1-6)",
    ] {
        let pos = parse_position(text).unwrap();
        let parts: Vec<_> = pos.components().cloned().collect();
        let mut values = Solver::new(10_000_000);
        let mut asked = Solver::new(10_000_000);
        let v = values.grundy_of(&parts).unwrap();
        let mut zeros = 0;
        for m in parts[0].moves() {
            let w = values.grundy_of(&m.after).unwrap();
            zeros += usize::from(w == 0);
            for k in 0..=w + 1 {
                assert_eq!(
                    asked.has_value(&m.after, k).unwrap(),
                    w == k,
                    "{text}: {k}?"
                );
            }
        }
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.grundy, Some(v), "{text}");
        if v != 0 {
            assert_eq!(a.winning_moves.len(), zeros, "{text}");
        }
        // None to list: still known to exist.
        let none = AnalyzeOptions {
            max_moves: 0,
            ..AnalyzeOptions::default()
        };
        let a = pos.analyze(Play::Normal, &none).unwrap();
        assert!(a.winning_moves.is_empty());
        assert_eq!(a.truncated, v != 0, "{text}");
    }
}

/// Listing one move at a time stops right after the move accepted, with
/// the same moves before it as the whole list, for both graph games.
#[test]
fn listing_stops_at_the_move_accepted() {
    type Lister = fn(&Piece, &mut dyn FnMut(&[Piece]) -> bool) -> bool;
    let games: [(&str, Lister); 2] = [
        ("nodekayles", nodekayles::options_until),
        ("arckayles", arckayles::options_until),
    ];
    for (name, until) in games {
        for graph in ["3x5", "1-2 2-3 3-4 4-5 5-1 1-6 6-7", "4x4", "2x9"] {
            let text = format!("{name}({graph})");
            let pos = parse_position(&text).unwrap();
            let c = pos.components().next().unwrap();
            let piece = if name == "nodekayles" {
                c.downcast_ref::<nodekayles::NodeKayles>()
                    .unwrap()
                    .piece()
                    .piece()
                    .clone()
            } else {
                c.downcast_ref::<arckayles::ArcKayles>()
                    .unwrap()
                    .piece()
                    .piece()
                    .clone()
            };
            let mut all = Vec::new();
            assert!(!until(&piece, &mut |p| {
                all.push(p.to_vec());
                false
            }));
            assert!(all.len() > 3, "{text}");
            for stop in [0, 1, all.len() / 2, all.len() - 1] {
                let mut seen = Vec::new();
                assert!(until(&piece, &mut |p| {
                    seen.push(p.to_vec());
                    seen.len() == stop + 1
                }));
                assert_eq!(seen, all[..=stop], "{text}, stopping at {stop}");
            }
        }
    }
}
