//! Node-Kayles: a move takes a vertex of a graph and removes it with all
//! its neighbours; whoever cannot move loses (normal play).
//!
//! What is left after a move falls into connected pieces, which are played
//! side by side: each is a component of its own (one per entry of
//! [`Move::after`]) and the value of the whole is the nim-sum of theirs.
//! Pieces are keyed up to isomorphism where that is cheap (see
//! [`graph::canon`](crate::games::graph::canon)), so a piece met in many
//! shapes or places is solved once. There is no general theory: values are
//! found by search. On a path of `n` vertices Node-Kayles is Dawson's chess
//! (`0.137(n)`), on the 2 × n grid it is `n mod 2`; the 3 × n grid is
//! OEIS A316632.
//!
//! Written `nodekayles(1-2 2-3 3-4 5)` (edges `u-v` and isolated vertices),
//! `nodekayles(3x16)` (a grid) or `nodekayles(..#./....)` (a board), parts
//! separated by commas; see [`graph`](crate::games::graph) for the forms.
//! A move is typed as the vertex's name; grid cells are numbered row by row
//! from 1.

use std::sync::{Arc, OnceLock};

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Game, Move};
use crate::games::graph::{
    bit, members, read_parts, Bits, Graph, Piece, PieceRules, Subgraph, MAX_VERTICES,
};
use crate::games::{in_parens, parse_args};
use crate::nimber::Nimber;
use crate::picture::{self, Item, Pick, Picture};
use crate::search::Engines;
use crate::sum::Term;

/// A connected piece of a graph under Node-Kayles.
#[derive(Clone, Debug)]
pub struct NodeKayles(Subgraph);

impl NodeKayles {
    /// The game on a piece of a graph.
    pub fn new(piece: Subgraph) -> NodeKayles {
        NodeKayles(piece)
    }

    /// The components of the argument text (what stands inside
    /// `nodekayles(…)`): one per connected piece.
    ///
    /// ```
    /// use grundy::games::nodekayles::NodeKayles;
    /// let parts = NodeKayles::parse("1-2 2-3 3-4 5").unwrap();
    /// assert_eq!(parts.len(), 2); // the path 1-2-3-4 and the vertex 5
    /// assert!(NodeKayles::parse("1-2 2-").is_err());
    /// ```
    pub fn parse(args: &str) -> Result<Vec<NodeKayles>> {
        let pieces = parse_args(args, read_parts)?;
        Ok(pieces.into_iter().map(NodeKayles).collect())
    }

    /// The piece of graph.
    pub fn piece(&self) -> &Subgraph {
        &self.0
    }

    /// The vertices a move taking `v` removes: `v` and its neighbours.
    fn closed(&self, v: usize) -> Bits {
        self.0.adj(v) | bit(v)
    }

    /// The move taking vertex `v` (a vertex of the piece).
    pub fn take(&self, v: usize) -> Move {
        let pieces = self.0.split(self.0.set() & !self.closed(v));
        Move::to(
            pieces
                .into_iter()
                .map(|p| Arc::new(NodeKayles(p)) as Component)
                .collect(),
        )
    }

    /// The vertex a move of this piece took (the first, when several
    /// vertices remove the same set).
    fn taken(&self, mv: &Move) -> Option<usize> {
        let mut left: Bits = 0;
        for c in &mv.after {
            let piece = &c.downcast_ref::<NodeKayles>()?.0;
            if !Arc::ptr_eq(piece.graph(), self.0.graph()) {
                return None;
            }
            left |= piece.set();
        }
        let removed = self.0.set() & !left;
        members(self.0.set()).find(|&v| self.closed(v) == removed)
    }
}

/// The vertices taking `v` removes: `v` and its neighbours within `set`.
fn closed(graph: &Graph, set: Bits, v: usize) -> Bits {
    (graph.adj(v) | bit(v)) & set
}

/// Whether `v` is the first of the vertices of `set` whose moves remove
/// what its move removes (adjacent twins: the same closed neighbourhood).
fn first_of_twins(graph: &Graph, set: Bits, v: usize) -> bool {
    let mine = closed(graph, set, v);
    !members(graph.adj(v) & set & (bit(v) - 1)).any(|u| closed(graph, set, u) == mine)
}

/// The options of a piece in canonical form, for a search that knows pieces
/// only: `each` is called once per move with the pieces it leaves. Paths
/// and cycles have theirs directly (a path is Dawson's chess); of moves
/// that are mirror images on a path, or remove the same vertices, one is
/// given.
pub fn options(piece: &Piece, each: &mut dyn FnMut(&[Piece])) {
    options_until(piece, &mut |parts| {
        each(parts);
        false
    });
}

/// [`options`], one move at a time, stopping at the first for which
/// `enough` says so (and then returning `true`): a search that refutes a
/// piece by one of its first moves needs no canonical form of the others.
pub fn options_until(piece: &Piece, enough: &mut dyn FnMut(&[Piece]) -> bool) -> bool {
    match *piece {
        Piece::Empty => false,
        Piece::Path(n) => {
            // Taking vertex i leaves paths of i − 1 and n − i − 2 vertices.
            (0..n.div_ceil(2)).any(|i| {
                let parts: Vec<Piece> = [i.saturating_sub(1), n.saturating_sub(i + 2)]
                    .into_iter()
                    .filter(|&k| k > 0)
                    .map(Piece::Path)
                    .collect();
                enough(&parts)
            })
        }
        Piece::Cycle(n) => match n - 3 {
            0 => enough(&[]),
            k => enough(&[Piece::Path(k)]),
        },
        _ => {
            let (graph, set) = piece.graph();
            let mut parts = Vec::new();
            members(set).any(|v| {
                if !first_of_twins(&graph, set, v) {
                    return false;
                }
                parts.clear();
                let left = set & !closed(&graph, set, v);
                parts.extend(graph.pieces(left).map(|p| Piece::of(&graph, p)));
                enough(&parts)
            })
        }
    }
}

/// Dawson's chess, `0.137(n)`: Node-Kayles on a path of `n` vertices, for
/// every path a written graph can hold, by mex over its options (taking
/// vertex `i` leaves paths of `i − 1` and `n − i − 2` vertices). The search
/// puts these values in place of paths instead of searching them.
pub fn path_value(n: usize) -> Nimber {
    static VALUES: OnceLock<Vec<Nimber>> = OnceLock::new();
    let values = VALUES.get_or_init(|| {
        let mut values: Vec<Nimber> = vec![0];
        for n in 1..=MAX_VERTICES {
            let seen: Vec<Nimber> = (0..n)
                .map(|i| values[i.saturating_sub(1)] ^ values[n.saturating_sub(i + 2)])
                .collect();
            values.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
        }
        values
    });
    values[n]
}

/// Node-Kayles as the [search engine](crate::search) sees it: a part is a
/// connected piece in canonical form, an option the pieces a move leaves
/// ([`options`]), paths among them replaced by their value
/// ([`path_value`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeKaylesRules;

impl PieceRules for NodeKaylesRules {
    const NAME: &'static str = "nodekayles";

    fn options_until(piece: &Piece, enough: &mut dyn FnMut(&[Piece]) -> bool) -> bool {
        options_until(piece, enough)
    }

    fn path_value(n: usize) -> Nimber {
        path_value(n)
    }

    /// A piece has at most one option per vertex.
    fn bound(piece: &Piece) -> Nimber {
        piece.len() as Nimber
    }
}

impl Game for NodeKayles {
    fn name(&self) -> &str {
        "nodekayles"
    }

    fn args(&self) -> String {
        self.0.args()
    }

    /// The piece up to isomorphism (see [`graph::canon`](crate::games::graph::canon)).
    fn key(&self) -> Vec<u64> {
        self.0.piece().key()
    }

    /// One move per vertex, in the order of the written graph — except
    /// that of vertices with the same closed neighbourhood (adjacent twins,
    /// whose moves remove the same vertices) only the first is listed.
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(
            members(self.0.set())
                .filter(|&v| first_of_twins(self.0.graph(), self.0.set(), v))
                .map(|v| self.take(v)),
        )
    }

    /// By the search engine over pieces in canonical form
    /// ([`NodeKaylesRules`]).
    fn solve(&self, engines: &mut Engines) -> Option<Result<Nimber>> {
        Some(engines.nimber(NodeKaylesRules, self.0.piece()))
    }

    fn solve_is(&self, engines: &mut Engines, k: Nimber) -> Option<Result<bool>> {
        Some(engines.has_nimber(NodeKaylesRules, self.0.piece(), k))
    }

    fn has_moves(&self) -> bool {
        !self.0.is_empty()
    }

    fn noun(&self) -> &str {
        "graph"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let Some(v) = self.taken(mv) else {
            return format!("{label}: → {}", mv.after_text());
        };
        let with = self.0.adj(v);
        let names: Vec<String> = members(with).map(|u| self.0.name(u)).collect();
        let name = self.0.name(v);
        match names.len() {
            0 => format!("{label}: take vertex {name}"),
            1 => format!(
                "{label}: take vertex {name} (and its neighbour {})",
                names[0]
            ),
            _ => format!(
                "{label}: take vertex {name} (and its neighbours {})",
                names.join(", ")
            ),
        }
    }

    /// The name of the vertex taken.
    fn notation(&self, mv: &Move) -> String {
        self.taken(mv)
            .map_or_else(|| "?".into(), |v| self.0.name(v))
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let name = text.trim();
        if name.is_empty() {
            return Err(format!("name the vertex of {label} to take"));
        }
        let v = self
            .0
            .vertex(name)
            .ok_or_else(|| format!("{label} has no vertex {name:?}"))?;
        Ok(self.take(v))
    }

    /// The graph (a grid's piece in its cells' places): click a vertex to
    /// take it with its neighbours.
    fn picture(&self) -> Option<Picture<Move>> {
        let picks = members(self.0.set())
            .enumerate()
            .map(|(i, v)| Pick::new(vec![Item::Vertex(i)], self.take(v)));
        picture::bounded(self.0.shape(), picks)
    }

    fn draw(&self) -> Vec<String> {
        self.0.draw()
    }
}

/// The registered parser: `nodekayles(1-2 2-3 3-4 5)`, `nodekayles(3x16)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let pieces = in_parens(p, "nodekayles", read_parts)?;
    Ok(Term::new(
        "nodekayles",
        pieces
            .into_iter()
            .map(|piece| Arc::new(NodeKayles(piece)) as Component)
            .collect(),
    ))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "nodekayles",
    shown: "nodekayles",
    example: "nodekayles(1-2 2-3 3-4 5) + nodekayles(3x4)",
    about: "Node-Kayles: take a vertex of a graph with its neighbours (a grid RxC, or edges u-v)",
    parse: parse_term,
};
