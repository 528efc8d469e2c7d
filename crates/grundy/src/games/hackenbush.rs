//! Green Hackenbush: a graph whose vertex 1 is the ground. A move deletes
//! one edge; every edge no longer connected to the ground falls away too.
//! Normal play. Loops (`2-2`) and repeated edges are allowed.
//!
//! **Theory** (Winning Ways, ch. 7).
//!
//! * *Colon principle*: a tree hanging from a vertex by an edge is worth
//!   `1 + (its value)` (ordinary addition); branches at one vertex add as
//!   a sum of games (xor). So a rooted tree has value
//!   `G(v) = ⊕ over children c of (G(c) + 1)`.
//! * *Fusion principle*: the vertices of any cycle may be fused into one
//!   vertex, the cycle's edges becoming loops, without changing the value;
//!   a loop is worth `*1`. Fusing cycle after cycle collapses each
//!   2-edge-connected component (the pieces left when every bridge is cut)
//!   into one vertex carrying one loop per edge inside it. The components
//!   and the bridges form a tree, so
//!   `G(C) = (edges inside C mod 2) ⊕ (⊕ over child components D of (G(D) + 1))`.
//!   An odd cycle is thus one edge's worth, an even cycle nothing, and two
//!   parallel edges cancel.
//!
//! Bridges are found by Tarjan's low-link method in an explicit-stack
//! depth-first search, so a path of a million vertices needs no deep
//! recursion. Everything is linear in the size of the graph.
//!
//! Written `hackenbush(1-2 1-3 3-4)`: edges as pairs of vertex numbers,
//! separated by spaces.

use std::collections::HashMap;
use std::fmt;

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Move};
use crate::games::heap::number;
use crate::games::{in_parens, parse_args};
use crate::nim::Outcome;
use crate::nimber::Nimber;
use crate::picture::{self, Item, Pick, Picture, Shape, Vertex};
use crate::sum::Term;

/// The Green Hackenbush value of a graph on vertices `0..vertex_count` with
/// these edges (pairs of vertex indices; loops and repeats allowed), grounded
/// at `ground`. Edges not connected to the ground are ignored.
///
/// ```
/// use grundy::games::hackenbush::value;
/// // A path of three edges from the ground, and a triangle on the ground.
/// assert_eq!(value(4, &[[0, 1], [1, 2], [2, 3]], 0), 3);
/// assert_eq!(value(3, &[[0, 1], [1, 2], [2, 0]], 0), 1);
/// assert_eq!(value(2, &[[0, 1], [0, 1]], 0), 0); // parallel edges cancel
/// ```
///
/// # Panics
/// If an edge names a vertex outside `0..vertex_count`, or `ground` is.
pub fn value(vertex_count: usize, edges: &[[usize; 2]], ground: usize) -> Nimber {
    Structure::new(vertex_count, edges, ground).value()
}

/// The bridge tree of the part of a graph connected to the ground.
struct Structure {
    /// Component of each vertex (`usize::MAX`: not connected to the ground).
    comp: Vec<usize>,
    /// For each component after the first (the ground's), its parent.
    parent: Vec<usize>,
    /// Edges inside each component, loops included.
    inside: Vec<u64>,
}

const NONE: usize = usize::MAX;

impl Structure {
    fn new(n: usize, edges: &[[usize; 2]], ground: usize) -> Structure {
        assert!(ground < n, "the ground {ground} is not a vertex");
        // Adjacency in compressed rows: (neighbour, edge id).
        let mut degree = vec![0usize; n + 1];
        for &[u, v] in edges {
            assert!(u < n && v < n, "edge {u}-{v} leaves 0..{n}");
            if u != v {
                degree[u] += 1;
                degree[v] += 1;
            }
        }
        let mut start = vec![0usize; n + 1];
        for i in 0..n {
            start[i + 1] = start[i] + degree[i];
        }
        let mut fill = start.clone();
        let mut adj = vec![(0usize, 0usize); start[n]];
        for (e, &[u, v]) in edges.iter().enumerate() {
            if u != v {
                adj[fill[u]] = (v, e);
                fill[u] += 1;
                adj[fill[v]] = (u, e);
                fill[v] += 1;
            }
        }
        // Tarjan's bridges, with an explicit stack of (vertex, edge in, next).
        let mut tin = vec![NONE; n];
        let mut low = vec![0usize; n];
        let mut bridge = vec![false; edges.len()];
        let mut stack = vec![(ground, NONE, start[ground])];
        tin[ground] = 0;
        low[ground] = 0;
        let mut timer = 1;
        while let Some(top) = stack.last_mut() {
            let (v, edge_in, next) = *top;
            if next < start[v + 1] {
                top.2 += 1;
                let (w, e) = adj[next];
                if e == edge_in {
                    continue; // the edge we came by (a parallel copy is another id)
                }
                if tin[w] == NONE {
                    tin[w] = timer;
                    low[w] = timer;
                    timer += 1;
                    stack.push((w, e, start[w]));
                } else {
                    low[v] = low[v].min(tin[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if low[v] > tin[p] {
                        bridge[edge_in] = true;
                    }
                }
            }
        }
        // Components: a walk from the ground that opens a new component
        // whenever it crosses a bridge (the bridge tree is a tree, so each
        // component is entered once, by its bridge to its parent).
        let mut comp = vec![NONE; n];
        let mut parent = vec![NONE];
        comp[ground] = 0;
        let mut todo = vec![ground];
        while let Some(v) = todo.pop() {
            for &(w, e) in &adj[start[v]..start[v + 1]] {
                if comp[w] == NONE {
                    comp[w] = if bridge[e] {
                        parent.push(comp[v]);
                        parent.len() - 1
                    } else {
                        comp[v]
                    };
                    todo.push(w);
                }
            }
        }
        let mut inside = vec![0u64; parent.len()];
        for (e, &[u, _]) in edges.iter().enumerate() {
            if comp[u] != NONE && !bridge[e] {
                inside[comp[u]] += 1;
            }
        }
        Structure {
            comp,
            parent,
            inside,
        }
    }

    fn value(&self) -> Nimber {
        // Children are numbered after their parents: fold from the last.
        let mut val: Vec<Nimber> = self.inside.iter().map(|&k| k % 2).collect();
        for c in (1..val.len()).rev() {
            val[self.parent[c]] ^= val[c] + 1;
        }
        val[0]
    }
}

/// A position: the edges, as written; the ground is vertex 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hackenbush {
    pub edges: Vec<(u64, u64)>,
}

/// One move: delete edge number `edge` (0-based, in the order written),
/// joining `ends`; `to` is what stays connected to the ground.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HackenbushMove {
    pub edge: usize,
    pub ends: (u64, u64),
    /// How many other edges fall with it.
    pub falls: usize,
    pub to: Hackenbush,
}

impl fmt::Display for HackenbushMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cut edge {}-{}", self.ends.0, self.ends.1)?;
        match self.falls {
            0 => Ok(()),
            1 => write!(f, " (1 more edge falls)"),
            k => write!(f, " ({k} more edges fall)"),
        }
    }
}

impl fmt::Display for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("hackenbush(")?;
        for (i, (u, v)) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{u}-{v}")?;
        }
        f.write_str(")")
    }
}

/// The ground vertex of a written position.
pub const GROUND: u64 = 1;

/// The default work bound of [`Hackenbush::winning_moves`] (edges squared).
pub const WINNING_MOVES_WORK: u64 = 100_000_000;

impl Hackenbush {
    /// The position with these edges, grounded at vertex 1.
    pub fn new(edges: Vec<(u64, u64)>) -> Hackenbush {
        Hackenbush { edges }
    }

    /// Parses the argument text `1-2 1-3 3-4` (what stands inside
    /// `hackenbush(…)`); commas between edges are allowed too.
    ///
    /// ```
    /// use grundy::games::hackenbush::Hackenbush;
    /// let pos = Hackenbush::parse("1-2 1-3 3-4").unwrap();
    /// assert_eq!(pos.edges, [(1, 2), (1, 3), (3, 4)]);
    /// assert!(Hackenbush::parse("1-2 3").is_err());
    /// ```
    pub fn parse(args: &str) -> Result<Hackenbush> {
        parse_args(args, Hackenbush::read)
    }

    /// Reads edges `u-v` (separated by spaces or commas) at the cursor, up to
    /// a closing parenthesis or the end; every edge must be connected to the
    /// ground.
    fn read(c: &mut Cursor) -> Result<Hackenbush> {
        let mut edges = Vec::new();
        let mut starts = Vec::new();
        loop {
            c.skip_ws();
            if c.at_end() || c.peek() == Some(')') {
                break;
            }
            starts.push(c.pos());
            let u = c.number()?;
            c.expect('-', "'-' and the other end of the edge")?;
            let v = c.number()?;
            edges.push((u, v));
            c.eat(',');
        }
        let pos = Hackenbush { edges };
        let (n, indexed) = pos.indexed();
        let s = Structure::new(n, &indexed, 0);
        if let Some(e) = (0..indexed.len()).find(|&e| s.comp[indexed[e][0]] == NONE) {
            let (u, v) = pos.edges[e];
            return Err(c.error_at(
                starts[e],
                format!(
                    "edge {u}-{v} is not connected to the ground (vertex {GROUND}): \
                     the graph must be connected"
                ),
            ));
        }
        Ok(pos)
    }

    /// The vertices as indices (the ground first) and the edges over them.
    fn indexed(&self) -> (usize, Vec<[usize; 2]>) {
        let mut index = HashMap::from([(GROUND, 0usize)]);
        let mut id = |v: u64| {
            let next = index.len();
            *index.entry(v).or_insert(next)
        };
        let edges = self.edges.iter().map(|&(u, v)| [id(u), id(v)]).collect();
        (index.len(), edges)
    }

    /// The Grundy value (colon and fusion principles).
    ///
    /// ```
    /// use grundy::games::hackenbush::Hackenbush;
    /// // A stalk of 2 and a stalk of 1 on the ground: 2 ⊕ 1.
    /// assert_eq!(Hackenbush::parse("1-2 2-3 1-4").unwrap().grundy(), 3);
    /// ```
    pub fn grundy(&self) -> Nimber {
        let (n, edges) = self.indexed();
        value(n, &edges, 0)
    }

    /// Who wins.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_mover_wins(self.grundy() != 0)
    }

    /// The position after deleting edge `edge`, with what is no longer
    /// connected to the ground dropped; and how many edges fell with it.
    pub fn play(&self, edge: usize) -> Option<HackenbushMove> {
        let ends = *self.edges.get(edge)?;
        let (n, mut indexed) = self.indexed();
        indexed.remove(edge);
        let mut rest = self.edges.clone();
        rest.remove(edge);
        let s = Structure::new(n, &indexed, 0);
        let kept: Vec<(u64, u64)> = rest
            .into_iter()
            .zip(&indexed)
            .filter(|(_, [u, _])| s.comp[*u] != NONE)
            .map(|(e, _)| e)
            .collect();
        Some(HackenbushMove {
            edge,
            ends,
            falls: self.edges.len() - 1 - kept.len(),
            to: Hackenbush { edges: kept },
        })
    }

    /// Every move, lazily, in the order the edges are written (edges not
    /// connected to the ground are not moves: they have already fallen).
    pub fn moves(&self) -> impl Iterator<Item = HackenbushMove> + '_ {
        let (n, indexed) = self.indexed();
        let s = Structure::new(n, &indexed, 0);
        (0..self.edges.len())
            .filter(move |&e| s.comp[indexed[e][0]] != NONE)
            .map(|e| self.play(e).expect("in range"))
    }

    /// Every winning move: each edge is tried and the value of what is left
    /// computed (work about edges², refused above `max_work`; see
    /// [`WINNING_MOVES_WORK`]).
    pub fn winning_moves(&self, max_work: u64) -> Result<Vec<HackenbushMove>> {
        let e = self.edges.len() as u128;
        if e * e > max_work as u128 {
            return Err(Error::TooLarge(format!(
                "finding every winning move of a Hackenbush graph of {e} edges means \
                 evaluating {e} graphs; the limit is {max_work} edge visits"
            )));
        }
        if self.grundy() == 0 {
            return Ok(Vec::new());
        }
        Ok(self.moves().filter(|m| m.to.grundy() == 0).collect())
    }
}

impl HackenbushMove {
    fn into_move(self) -> Move {
        Move::to(vec![Arc::new(self.to) as Component])
    }
}

impl Hackenbush {
    /// The edge a move cuts. The edges it removes are the cut one and those
    /// that fall with it; when some fall, the cut edge is a bridge and the
    /// only removed edge touching a vertex still grounded.
    fn cut(&self, mv: &Move) -> Option<(u64, u64)> {
        let key = mv.after.first()?.key();
        let left: Vec<(u64, u64)> = key.chunks(2).map(|p| (p[0], p[1])).collect();
        let mut removed = Vec::new();
        let mut j = 0;
        for &e in &self.edges {
            if left.get(j) == Some(&e) {
                j += 1;
            } else {
                removed.push(e);
            }
        }
        if j != left.len() {
            return None;
        }
        if let [e] = removed[..] {
            return Some(e);
        }
        let grounded: std::collections::HashSet<u64> = left
            .iter()
            .flat_map(|&(u, v)| [u, v])
            .chain([GROUND])
            .collect();
        removed
            .into_iter()
            .find(|(u, v)| grounded.contains(u) || grounded.contains(v))
    }

    fn edge_text(&self) -> String {
        let list: Vec<String> = self.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        list.join(" ")
    }
}

/// Green Hackenbush as a component: the exact value by the colon and
/// fusion principles, linear in the graph.
impl Game for Hackenbush {
    fn name(&self) -> &str {
        "hackenbush"
    }

    fn args(&self) -> String {
        self.edge_text()
    }

    /// The edges as written (the moves read them back from it).
    fn key(&self) -> Vec<u64> {
        self.edges.iter().flat_map(|&(u, v)| [u, v]).collect()
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Hackenbush::moves(self).map(HackenbushMove::into_move))
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(Some(self.grundy()))
    }

    /// Every edge is tried and what is left evaluated: refused above
    /// [`WINNING_MOVES_WORK`] (edges squared).
    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        if target == 0 {
            let moves = self.winning_moves(WINNING_MOVES_WORK)?;
            return Ok(Some(
                moves
                    .into_iter()
                    .take(limit)
                    .map(HackenbushMove::into_move)
                    .collect(),
            ));
        }
        let e = self.edges.len() as u128;
        if e * e > WINNING_MOVES_WORK as u128 {
            return Err(Error::TooLarge(format!(
                "finding the moves of a Hackenbush graph of {e} edges to a given value means \
                 evaluating {e} graphs; the limit is {WINNING_MOVES_WORK} edge visits"
            )));
        }
        Ok(Some(
            Hackenbush::moves(self)
                .filter(|m| m.to.grundy() == target)
                .take(limit)
                .map(HackenbushMove::into_move)
                .collect(),
        ))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(format!(
            "by the fusion principle every cycle fuses into loops at one vertex (an odd \
             cycle is worth one edge, an even one nothing, parallel edges cancel), and by \
             the colon principle a branch hanging by one edge is worth one more than the \
             branch; branches at a vertex add by nim-sum. So G = {value}"
        ))
    }

    fn noun(&self) -> &str {
        "graph"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let Some((u, v)) = self.cut(mv) else {
            return format!("{label}: {self} → {}", mv.after_text());
        };
        let falls = self.edges.len() - 1 - mv.after.first().map_or(0, |c| c.key().len() / 2);
        match falls {
            0 => format!("{label}: cut edge {u}-{v}"),
            1 => format!("{label}: cut edge {u}-{v} (1 more edge falls)"),
            k => format!("{label}: cut edge {u}-{v} ({k} more edges fall)"),
        }
    }

    /// `U-V`: the edge cut.
    fn notation(&self, mv: &Move) -> String {
        self.cut(mv).map_or("?".into(), |(u, v)| format!("{u}-{v}"))
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace('-', " ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        let [u, v] = tokens[..] else {
            return Err(format!("name the edge of {label} to cut, `U-V`"));
        };
        let (u, v) = (number(u)?, number(v)?);
        let edge = self
            .edges
            .iter()
            .position(|&e| e == (u, v) || e == (v, u))
            .ok_or_else(|| format!("{label} has no edge {u}-{v}"))?;
        let m = self.play(edge).expect("the edge exists");
        Ok(m.into_move())
    }

    /// The graph standing on the ground (vertex 1, drawn as a line): click
    /// an edge to cut it.
    fn picture(&self) -> Option<Picture<Move>> {
        if self.edges.len() > picture::MAX_ELEMENTS {
            return None;
        }
        let mut names = vec![GROUND];
        for &(u, v) in &self.edges {
            for w in [u, v] {
                if !names.contains(&w) {
                    names.push(w);
                }
            }
        }
        let index = |w: u64| names.iter().position(|&n| n == w).expect("listed");
        let edges = self
            .edges
            .iter()
            .map(|&(u, v)| (index(u), index(v)))
            .collect();
        let vertices = names
            .iter()
            .map(|n| Vertex {
                name: n.to_string(),
                at: None,
            })
            .collect();
        let shape = Shape::Graph {
            vertices,
            edges,
            ground: Some(0),
        };
        let picks =
            Hackenbush::moves(self).map(|m| Pick::new(vec![Item::Edge(m.edge)], m.into_move()));
        picture::bounded(shape, picks)
    }

    fn draw(&self) -> Vec<String> {
        if self.edges.is_empty() {
            return vec!["no edges left".into()];
        }
        vec![format!(
            "edges {} (vertex {GROUND} is the ground)",
            self.edge_text()
        )]
    }
}

/// The registered parser: `hackenbush(1-2 1-3 3-4)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let h = in_parens(p, "hackenbush", Hackenbush::read)?;
    Ok(Term::new("hackenbush", vec![Arc::new(h) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "hackenbush",
    shown: "hackenbush",
    example: "hackenbush(1-2 1-3 3-4)",
    about: "Green Hackenbush: edges of a graph grounded at vertex 1",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Edges still connected to vertex 0 among `alive` (a bitmask), from the
    /// rules: a search from the ground over alive edges.
    fn grounded(edges: &[[usize; 2]], alive: u32) -> u32 {
        let mut reached = 1u64; // vertex bitmask
        loop {
            let mut grew = false;
            for (i, &[u, v]) in edges.iter().enumerate() {
                if alive >> i & 1 == 1 {
                    let (bu, bv) = (reached >> u & 1, reached >> v & 1);
                    if bu != bv {
                        reached |= 1 << u | 1 << v;
                        grew = true;
                    }
                }
            }
            if !grew {
                break;
            }
        }
        (0..edges.len() as u32)
            .filter(|&i| alive >> i & 1 == 1 && reached >> edges[i as usize][0] & 1 == 1)
            .fold(0, |m, i| m | 1 << i)
    }

    /// Grundy values by mex over the options, from the rules.
    fn brute(edges: &[[usize; 2]], alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&alive) {
            return g;
        }
        let opts: Vec<u64> = (0..edges.len())
            .filter(|&i| alive >> i & 1 == 1)
            .map(|i| brute(edges, grounded(edges, alive & !(1 << i)), memo))
            .collect();
        let g = (0..).find(|v| !opts.contains(v)).unwrap();
        memo.insert(alive, g);
        g
    }

    #[test]
    fn theory_matches_exhaustive_search() {
        let mut seed = 99u64;
        let mut rand = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for round in 0..3000 {
            let vertices = 2 + rand(6) as usize;
            let count = rand(if round % 3 == 0 { 13 } else { 10 }) as usize;
            let tree = round % 4 == 0;
            let edges: Vec<[usize; 2]> = (0..count)
                .map(|i| {
                    if tree && i + 1 < vertices {
                        [rand(i as u64 + 1) as usize, i + 1]
                    } else {
                        [
                            rand(vertices as u64) as usize,
                            rand(vertices as u64) as usize,
                        ]
                    }
                })
                .collect();
            let mut memo = HashMap::new();
            let all = grounded(&edges, (1u32 << count) - 1);
            let want = brute(&edges, all, &mut memo);
            assert_eq!(value(vertices, &edges, 0), want, "{edges:?}");
            // Through the written form: vertex i is numbered i + 1.
            let pos = Hackenbush::new(
                edges
                    .iter()
                    .map(|&[u, v]| (u as u64 + 1, v as u64 + 1))
                    .collect(),
            );
            assert_eq!(pos.grundy(), want, "{pos}");
            // The moves are the grounded edges; winning ones lead to value 0.
            let moves: Vec<HackenbushMove> = pos.moves().collect();
            let live: Vec<usize> = (0..count).filter(|&i| all >> i & 1 == 1).collect();
            assert_eq!(moves.iter().map(|m| m.edge).collect::<Vec<_>>(), live);
            for m in &moves {
                let after = grounded(&edges, all & !(1 << m.edge));
                assert_eq!(m.to.edges.len(), after.count_ones() as usize, "{pos} {m}");
                assert_eq!(m.to.grundy(), brute(&edges, after, &mut memo), "{pos} {m}");
            }
            let winning: Vec<usize> = pos
                .winning_moves(WINNING_MOVES_WORK)
                .unwrap()
                .iter()
                .map(|m| m.edge)
                .collect();
            let want_winning: Vec<usize> = live
                .iter()
                .copied()
                .filter(|&i| brute(&edges, grounded(&edges, all & !(1 << i)), &mut memo) == 0)
                .collect();
            assert_eq!(winning, want_winning, "{pos}");
        }
    }

    #[test]
    fn large_graphs_need_no_recursion() {
        let n = 1_000_000;
        // A path from the ground: a stalk of n − 1 edges.
        let path: Vec<[usize; 2]> = (0..n - 1).map(|i| [i, i + 1]).collect();
        assert_eq!(value(n, &path, 0), (n - 1) as u64);
        // Grounded in the middle: two stalks.
        assert_eq!(
            value(n, &path, n / 2),
            (n / 2) as u64 ^ (n - 1 - n / 2) as u64
        );
        // Each edge doubled: every pair fuses into two loops, worth 0.
        let doubled: Vec<[usize; 2]> = path.iter().flat_map(|&e| [e, e]).collect();
        assert_eq!(value(n, &doubled, 0), 0);
        // One long cycle through the ground: odd is one edge, even none.
        let mut cycle = path.clone();
        cycle.push([n - 1, 0]);
        assert_eq!(value(n, &cycle, 0), (n % 2) as u64);
        // A cycle of n − 1 edges through the ground with the last edge of the
        // path hanging from it: n − 1 loops on the ground, and a stalk of 1.
        cycle.pop();
        cycle.push([n - 2, 0]);
        assert_eq!(value(n, &cycle, 0), ((n - 1) % 2) as u64 ^ 1);
    }

    #[test]
    fn parses_and_displays() {
        let p = Hackenbush::parse(" 1-2  1-3,3-4 ").unwrap();
        assert_eq!(p.to_string(), "hackenbush(1-2 1-3 3-4)");
        assert_eq!(Hackenbush::parse("").unwrap().grundy(), 0);
        match Hackenbush::parse("1-2 3 4") {
            Err(Error::Parse { at, .. }) => assert_eq!(at, 6),
            other => panic!("{other:?}"),
        }
        // A written graph must be connected to the ground; the error names
        // the first edge that is not: `4-5` starts at offset 8.
        match Hackenbush::parse("1-2 2-3 4-5") {
            Err(Error::Parse { at, message, .. }) => {
                assert_eq!(at, 8);
                assert!(message.contains("4-5 is not connected"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        // Edges away from the ground have fallen already (the judges' graphs).
        assert_eq!(value(3, &[[1, 2]], 0), 0);
        let m = p.play(1).unwrap();
        assert_eq!(m.to_string(), "cut edge 1-3 (1 more edge falls)");
        assert_eq!(m.to.to_string(), "hackenbush(1-2)");
    }
}
