//! Tokens on a directed graph — the universal loopy game.
//!
//! Written `digraph(1>2 2>3 3>1 3>4; 1 3)`: the directed edges `u>v`, then
//! `;` and the vertices holding a token (one token each; several tokens may
//! share a vertex). Vertices are named by letters, digits and `_`. A move
//! moves one token along an edge; a player with no move loses (normal
//! play). Each token is one component of the sum, so a position with
//! several tokens is the sum of one-token games on the same graph.
//!
//! The graph may have cycles: play may go on forever, and positions are
//! won, lost or drawn. Values are the generalized Sprague–Grundy function
//! of the graph (see [`loopy`](crate::loopy)), found by retrograde analysis
//! of the whole graph once for all the tokens on it; on a graph without
//! cycles they are the ordinary Grundy values.
//!
//! Every graph is any impartial game: the positions of a game are the
//! vertices, its moves the edges.

use std::collections::HashMap;
use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Game, Move};
use crate::games::in_parens;
use crate::graph::Graph;
use crate::sum::Term;

/// The most vertices a written digraph may have …
pub const MAX_VERTICES: usize = 1 << 26;
/// … and the most edges …
pub const MAX_EDGES: usize = 1 << 26;
/// … and the most tokens.
pub const MAX_TOKENS: usize = 1 << 20;

/// A digraph as written: its vertices' names, its edges in the order
/// written, and the graph of moves (each vertex's distinct followers).
#[derive(Debug)]
pub struct Digraph {
    /// The names, one after another; name `i` ends at `ends[i]`.
    names: String,
    ends: Vec<u32>,
    /// The edges as written (repeats kept), by vertex number.
    edges: Vec<(u32, u32)>,
    graph: Arc<Graph>,
    /// A fingerprint of the names and edges (see [`Token`]'s key).
    fingerprint: [u64; 2],
}

/// One token on a [`Digraph`]: a component.
#[derive(Clone, Debug)]
pub struct Token {
    pub digraph: Arc<Digraph>,
    pub vertex: u32,
}

impl Digraph {
    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.ends.len()
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: u32) -> &str {
        let end = self.ends[v as usize] as usize;
        let start = if v == 0 {
            0
        } else {
            self.ends[v as usize - 1] as usize
        };
        &self.names[start..end]
    }

    /// The graph of moves.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// The edges as written: `1>2 2>3 3>1`.
    pub fn edge_text(&self) -> String {
        let mut s = String::new();
        for (i, &(u, v)) in self.edges.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(self.name(u));
            s.push('>');
            s.push_str(self.name(v));
        }
        s
    }
}

/// The names of vertices while parsing: decimal numbers (the common case,
/// kept compact) and other words, each numbered in order of appearance.
#[derive(Default)]
struct Names {
    numbers: HashMap<u64, u32>,
    words: HashMap<String, u32>,
    names: String,
    ends: Vec<u32>,
}

/// A name written as a plain decimal number (no leading zero, at most 18
/// digits), as that number; other names are kept as words.
fn numeric(name: &str) -> Option<u64> {
    let plain = name.len() <= 18
        && name.bytes().all(|b| b.is_ascii_digit())
        && (name == "0" || !name.starts_with('0'));
    plain.then(|| name.parse().expect("at most 18 digits"))
}

impl Names {
    fn number_of(&mut self, name: &str) -> u32 {
        let next = self.ends.len() as u32;
        let (n, new) = if let Some(key) = numeric(name) {
            match self.numbers.get(&key) {
                Some(&n) => (n, false),
                None => {
                    self.numbers.insert(key, next);
                    (next, true)
                }
            }
        } else {
            match self.words.get(name) {
                Some(&n) => (n, false),
                None => {
                    self.words.insert(name.to_string(), next);
                    (next, true)
                }
            }
        };
        if new {
            self.names.push_str(name);
            self.ends.push(self.names.len() as u32);
        }
        n
    }

    fn find(&self, name: &str) -> Option<u32> {
        match numeric(name) {
            Some(key) => self.numbers.get(&key).copied(),
            None => self.words.get(name).copied(),
        }
    }
}

/// A vertex name at the cursor (letters, digits, `_`), with where it starts.
fn name(c: &mut Cursor, what: &str) -> Result<(usize, String)> {
    c.skip_ws();
    let start = c.pos();
    let mut s = String::new();
    while let Some(ch) = c.peek().filter(|ch| ch.is_alphanumeric() || *ch == '_') {
        s.push(ch);
        c.advance(1);
    }
    if s.is_empty() {
        return Err(match c.peek() {
            None => c.error(format!("expected {what}, but the expression ended")),
            Some(found) => c.error(format!("expected {what}, found {found:?}")),
        });
    }
    Ok((start, s))
}

/// Reads `u>v u>v …; t t …` at the cursor, up to the closing parenthesis.
fn read(c: &mut Cursor) -> Result<Vec<Token>> {
    let mut names = Names::default();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    loop {
        c.skip_ws();
        match c.peek() {
            Some(';') => {
                c.advance(1);
                break;
            }
            None | Some(')') => {
                return Err(c.error(
                    "expected ';' and then the vertices holding the tokens \
                     (digraph(1>2 2>1; 1))",
                ))
            }
            _ => {}
        }
        let (at, u) = name(c, "an edge u>v or ';'")?;
        if !c.eat('>') {
            return Err(match c.peek() {
                None => c.error(
                    "expected '>' and the vertex the edge goes to, but the expression ended",
                ),
                Some(found) => c.error(format!(
                    "expected '>' and the vertex the edge from {u} goes to, found {found:?}"
                )),
            });
        }
        let (_, v) = name(c, "the name of the vertex the edge goes to")?;
        if edges.len() >= MAX_EDGES {
            return Err(c.error_at(at, format!("a digraph may have at most {MAX_EDGES} edges")));
        }
        let (a, b) = (names.number_of(&u), names.number_of(&v));
        if names.ends.len() > MAX_VERTICES {
            return Err(c.error_at(
                at,
                format!("a digraph may have at most {MAX_VERTICES} vertices"),
            ));
        }
        edges.push((a, b));
        c.eat(',');
    }
    let mut tokens = Vec::new();
    loop {
        c.skip_ws();
        if c.at_end() || c.peek() == Some(')') {
            break;
        }
        let (at, t) = name(c, "a vertex holding a token")?;
        let v = names.find(&t).ok_or_else(|| {
            c.error_at(
                at,
                format!(
                    "no edge names the vertex {t}: a token must stand on a vertex of the graph"
                ),
            )
        })?;
        if tokens.len() >= MAX_TOKENS {
            return Err(c.error_at(
                at,
                format!("a digraph may hold at most {MAX_TOKENS} tokens"),
            ));
        }
        tokens.push(v);
        c.eat(',');
    }
    if tokens.is_empty() {
        return Err(c.error("expected the vertices holding the tokens after ';' (at least one)"));
    }
    let n = names.ends.len();
    // The graph of moves: each vertex's distinct followers, first written first.
    let mut seen = vec![u32::MAX; n];
    let mut distinct = Vec::with_capacity(edges.len());
    let mut order: Vec<u32> = (0..edges.len() as u32).collect();
    order.sort_by_key(|&e| edges[e as usize].0);
    for e in order {
        let (u, v) = edges[e as usize];
        if seen[v as usize] != u {
            seen[v as usize] = u;
            distinct.push((u, v));
        }
    }
    drop(seen);
    let graph = Arc::new(Graph::from_edges(n, &distinct)?);
    let Names { names, ends, .. } = names;
    let fingerprint = fingerprint(&names, &ends, &edges);
    let digraph = Arc::new(Digraph {
        names,
        ends,
        edges,
        graph,
        fingerprint,
    });
    Ok(tokens
        .into_iter()
        .map(|vertex| Token {
            digraph: Arc::clone(&digraph),
            vertex,
        })
        .collect())
}

/// Two hashes of the names and edges, each under its own prefix.
fn fingerprint(names: &str, ends: &[u32], edges: &[(u32, u32)]) -> [u64; 2] {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let hash = |prefix: u64| {
        let mut h = DefaultHasher::new();
        prefix.hash(&mut h);
        names.hash(&mut h);
        ends.hash(&mut h);
        edges.hash(&mut h);
        h.finish()
    };
    [hash(0x6469_6772_6170_6831), hash(0x6469_6772_6170_6832)]
}

impl Token {
    /// The token at vertex `v` of the same digraph.
    fn at(&self, v: u32) -> Token {
        Token {
            digraph: Arc::clone(&self.digraph),
            vertex: v,
        }
    }

    /// The vertex a move takes this token to.
    fn target(mv: &Move) -> Option<u32> {
        let [c] = &mv.after[..] else {
            return None;
        };
        c.on_graph().map(|(_, v)| v)
    }

    fn vertex_name(&self) -> &str {
        self.digraph.name(self.vertex)
    }
}

impl Game for Token {
    fn name(&self) -> &str {
        "digraph"
    }

    /// `1>2 2>1; 1`: the whole graph and this token.
    fn args(&self) -> String {
        format!("{}; {}", self.digraph.edge_text(), self.vertex_name())
    }

    /// The vertex, the numbers of vertices and edges, and a 128-bit
    /// fingerprint of the names and edges as written (two SipHash values
    /// under different prefixes): a few words however large the graph, so
    /// that memo tables holding many tokens stay small. Two different
    /// graphs share a fingerprint with odds of about 2^-128.
    fn key(&self) -> Vec<u64> {
        let d = &self.digraph;
        vec![
            u64::from(self.vertex),
            d.vertices() as u64,
            d.edges.len() as u64,
            d.fingerprint[0],
            d.fingerprint[1],
        ]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(
            self.digraph
                .graph
                .successors(self.vertex)
                .iter()
                .map(move |&w| Move::to(vec![Arc::new(self.at(w)) as Component])),
        )
    }

    fn has_moves(&self) -> bool {
        !self.digraph.graph.successors(self.vertex).is_empty()
    }

    fn on_graph(&self) -> Option<(Arc<Graph>, u32)> {
        Some((Arc::clone(&self.digraph.graph), self.vertex))
    }

    /// `1>2 2>1; 1 2` for tokens on one digraph.
    fn term_args(&self, parts: &[Component]) -> Option<String> {
        let mut names = Vec::with_capacity(parts.len());
        for c in parts {
            let (g, v) = c.on_graph()?;
            if !Arc::ptr_eq(&g, &self.digraph.graph) {
                return None;
            }
            names.push(self.digraph.name(v));
        }
        Some(format!("{}; {}", self.digraph.edge_text(), names.join(" ")))
    }

    fn noun(&self) -> &str {
        "token"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match Token::target(mv) {
            Some(w) => format!("{label}: {} → {}", self.vertex_name(), self.digraph.name(w)),
            None => format!("{label}: ?"),
        }
    }

    /// `V`: the vertex the token moves to.
    fn notation(&self, mv: &Move) -> String {
        Token::target(mv).map_or("?".into(), |w| self.digraph.name(w).to_string())
    }

    /// `V` or `>V`: the token moves to vertex `V`.
    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let want = text.trim().trim_start_matches('>').trim();
        let succ = self.digraph.graph.successors(self.vertex);
        if succ.is_empty() {
            return Err(format!("{label} at {} cannot move", self.vertex_name()));
        }
        succ.iter()
            .find(|&&w| self.digraph.name(w) == want)
            .map(|&w| Move::to(vec![Arc::new(self.at(w)) as Component]))
            .ok_or_else(|| {
                let to: Vec<&str> = succ
                    .iter()
                    .take(12)
                    .map(|&w| self.digraph.name(w))
                    .collect();
                let more = if succ.len() > 12 { ", …" } else { "" };
                format!(
                    "{label} at {} cannot move to {want:?}: its moves go to {}{more}",
                    self.vertex_name(),
                    to.join(", ")
                )
            })
    }

    fn draw(&self) -> Vec<String> {
        let succ = self.digraph.graph.successors(self.vertex);
        if succ.is_empty() {
            return vec![format!("token at {} (no move)", self.vertex_name())];
        }
        let to: Vec<&str> = succ
            .iter()
            .take(12)
            .map(|&w| self.digraph.name(w))
            .collect();
        let more = if succ.len() > 12 { ", …" } else { "" };
        vec![format!(
            "token at {} (moves to {}{more})",
            self.vertex_name(),
            to.join(", ")
        )]
    }
}

/// The registered parser: `digraph(1>2 2>3 3>1 3>4; 1 3)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let tokens = in_parens(p, "digraph", read)?;
    Ok(Term::new(
        "digraph",
        tokens
            .into_iter()
            .map(|t| Arc::new(t) as Component)
            .collect(),
    ))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "digraph",
    shown: "digraph",
    example: "digraph(1>2 2>3 3>1 3>4; 1 3)",
    about: "tokens on a directed graph (edges u>v, then ';' and the vertices holding \
            tokens); a move moves one token along an edge; cycles allowed, so play may \
            be a draw",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use crate::error::Error;
    use crate::expr::parse_position;

    fn err(input: &str) -> (usize, String) {
        match parse_position(input) {
            Err(Error::Parse { at, message, .. }) => (at, message),
            other => panic!("{input}: {other:?}"),
        }
    }

    #[test]
    fn parses_and_writes_back() {
        let p = parse_position("digraph( 1>2 2>3,3>1  3>4 ; 1 3 )").unwrap();
        assert_eq!(p.terms[0].parts.len(), 2);
        assert_eq!(p.to_string(), "digraph(1>2 2>3 3>1 3>4; 1 3)");
        let p = parse_position("digraph(a>b b>a b>b; b b) + nim(3)").unwrap();
        assert_eq!(p.to_string(), "digraph(a>b b>a b>b; b b) + nim(3)");
        // Repeated edges are one move.
        let p = parse_position("digraph(1>2 1>2 1>3; 1)").unwrap();
        assert_eq!(p.terms[0].parts[0].moves().count(), 2);
        // 01 and 1 are different names.
        let p = parse_position("digraph(01>1; 01)").unwrap();
        assert_eq!(p.terms[0].parts[0].moves().count(), 1);
    }

    #[test]
    fn bad_input_points_at_the_problem() {
        // An edge to a vertex with no name.
        let (at, m) = err("digraph(1>2 2>; 1)");
        assert_eq!(at, 14, "{m}");
        assert!(m.contains("vertex the edge goes to"), "{m}");
        // No token.
        let (at, m) = err("digraph(1>2 2>1;)");
        assert_eq!(at, 16, "{m}");
        assert!(m.contains("at least one"), "{m}");
        // ';' missing.
        let (at, m) = err("digraph(1>2 2>1)");
        assert_eq!(at, 15, "{m}");
        assert!(m.contains("';'"), "{m}");
        // A token on an unknown vertex.
        let (at, m) = err("digraph(1>2; 1 7)");
        assert_eq!(at, 15, "{m}");
        assert!(m.contains("vertex 7"), "{m}");
        // An edge without '>'.
        let (at, _) = err("digraph(1 2; 1)");
        assert_eq!(at, 10);
        let (at, _) = err("digraph(1>2; 1");
        assert_eq!(at, 14);
        let (at, _) = err("digraph(>2; 1)");
        assert_eq!(at, 8);
    }
}
