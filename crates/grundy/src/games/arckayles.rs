//! Arc-Kayles: a move takes an edge of a graph and removes both its ends,
//! with every edge at them; whoever cannot move loses (normal play).
//!
//! As in [Node-Kayles](crate::games::nodekayles), what is left falls into
//! connected pieces played side by side, one component each, keyed up to
//! isomorphism where cheap (see [`graph::canon`](crate::games::graph::canon)).
//! A vertex left alone has no move and stays as a piece worth 0.
//!
//! Taking an edge removes it and every edge sharing an end with it, so
//! Arc-Kayles on a graph is Node-Kayles on its line graph (a vertex per
//! edge, two joined when the edges meet). On a path of `n` vertices it is
//! thus Dawson's chess on `n − 1` (`0.137(n − 1)`).
//!
//! Written like Node-Kayles: `arckayles(1-2 2-3 3-4)`, `arckayles(3x4)`,
//! `arckayles(..#./....)`. A move is typed as the edge, `u-v`.

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::game::{Component, Game, Move};
use crate::games::graph::{bit, members, read_parts, Bits, Piece, PieceRules, Subgraph};
use crate::games::nodekayles::path_value;
use crate::games::{in_parens, parse_args};
use crate::nimber::Nimber;
use crate::picture::{self, Item, Pick, Picture};
use crate::search::Engines;
use crate::sum::Term;

/// A connected piece of a graph under Arc-Kayles.
#[derive(Clone, Debug)]
pub struct ArcKayles(Subgraph);

impl ArcKayles {
    /// The game on a piece of a graph.
    pub fn new(piece: Subgraph) -> ArcKayles {
        ArcKayles(piece)
    }

    /// The components of the argument text (what stands inside
    /// `arckayles(…)`): one per connected piece.
    ///
    /// ```
    /// use grundy::games::arckayles::ArcKayles;
    /// let parts = ArcKayles::parse("a-b b-c, 4x4").unwrap();
    /// assert_eq!(parts.len(), 2);
    /// ```
    pub fn parse(args: &str) -> Result<Vec<ArcKayles>> {
        let pieces = parse_args(args, read_parts)?;
        Ok(pieces.into_iter().map(ArcKayles).collect())
    }

    /// The piece of graph.
    pub fn piece(&self) -> &Subgraph {
        &self.0
    }

    /// The move taking the edge `u-v` (an edge of the piece).
    pub fn take(&self, u: usize, v: usize) -> Move {
        let pieces = self.0.split(self.0.set() & !bit(u) & !bit(v));
        Move::to(
            pieces
                .into_iter()
                .map(|p| Arc::new(ArcKayles(p)) as Component)
                .collect(),
        )
    }

    /// The edge a move of this piece took.
    fn taken(&self, mv: &Move) -> Option<(usize, usize)> {
        let mut left: Bits = 0;
        for c in &mv.after {
            let piece = &c.downcast_ref::<ArcKayles>()?.0;
            if !Arc::ptr_eq(piece.graph(), self.0.graph()) {
                return None;
            }
            left |= piece.set();
        }
        let removed = self.0.set() & !left;
        let mut ends = members(removed);
        match (ends.next(), ends.next(), ends.next()) {
            (Some(u), Some(v), None) if self.0.adj(u) & bit(v) != 0 => Some((u, v)),
            _ => None,
        }
    }
}

/// The options of a piece in canonical form, for a search that knows pieces
/// only: `each` is called once per move with the pieces it leaves, vertices
/// left alone (worth 0) left out. Paths and cycles have theirs directly; of
/// moves that are mirror images on a path, one is given.
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
    let alive = |k: u8| (k > 1).then_some(Piece::Path(k));
    match *piece {
        Piece::Empty => false,
        Piece::Path(n) => {
            // Taking edge i (between vertices i and i + 1) leaves paths of i
            // and n − i − 2 vertices.
            (0..(n - 1).div_ceil(2)).any(|i| {
                let parts: Vec<Piece> = [i, n - i - 2].into_iter().filter_map(alive).collect();
                enough(&parts)
            })
        }
        Piece::Cycle(n) => enough(&alive(n - 2).into_iter().collect::<Vec<_>>()),
        _ => {
            let (graph, set) = piece.graph();
            let mut parts = Vec::new();
            members(set).any(|u| {
                members(graph.adj(u) & set & !(Bits::MAX >> (127 - u))).any(|v| {
                    parts.clear();
                    let left = set & !bit(u) & !bit(v);
                    parts.extend(
                        graph
                            .pieces(left)
                            .filter(|p| p.count_ones() > 1)
                            .map(|p| Piece::of(&graph, p)),
                    );
                    enough(&parts)
                })
            })
        }
    }
}

/// Arc-Kayles as the [search engine](crate::search) sees it: a part is a
/// connected piece in canonical form, an option the pieces of more than one
/// vertex a move leaves ([`options`]); paths among them are Dawson's chess
/// on one vertex fewer and are replaced by their value.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArcKaylesRules;

/// A path of `n` vertices is Dawson's chess on one vertex fewer.
impl PieceRules for ArcKaylesRules {
    const NAME: &'static str = "arckayles";

    fn options_until(piece: &Piece, enough: &mut dyn FnMut(&[Piece]) -> bool) -> bool {
        options_until(piece, enough)
    }

    fn path_value(n: usize) -> Nimber {
        path_value(n - 1)
    }

    /// A piece has one option per edge.
    fn bound(piece: &Piece) -> Nimber {
        piece.edge_count() as Nimber
    }
}

impl Game for ArcKayles {
    fn name(&self) -> &str {
        "arckayles"
    }

    fn args(&self) -> String {
        self.0.args()
    }

    /// The piece up to isomorphism (see [`graph::canon`](crate::games::graph::canon)).
    fn key(&self) -> Vec<u64> {
        self.0.piece().key()
    }

    /// One move per edge, in the order of [`Subgraph::edges`].
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(self.0.edges().map(|(u, v)| self.take(u, v)))
    }

    /// By the search engine over pieces in canonical form
    /// ([`ArcKaylesRules`]).
    fn solve(&self, engines: &mut Engines) -> Option<Result<Nimber>> {
        Some(engines.nimber(ArcKaylesRules, self.0.piece()))
    }

    fn solve_is(&self, engines: &mut Engines, k: Nimber) -> Option<Result<bool>> {
        Some(engines.has_nimber(ArcKaylesRules, self.0.piece(), k))
    }

    fn has_moves(&self) -> bool {
        self.0.len() > 1
    }

    fn noun(&self) -> &str {
        "graph"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match self.taken(mv) {
            Some((u, v)) => format!("{label}: take edge {}-{}", self.0.name(u), self.0.name(v)),
            None => format!("{label}: → {}", mv.after_text()),
        }
    }

    /// The edge taken, `u-v`.
    fn notation(&self, mv: &Move) -> String {
        self.taken(mv).map_or_else(
            || "?".into(),
            |(u, v)| format!("{}-{}", self.0.name(u), self.0.name(v)),
        )
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace('-', " ");
        let names: Vec<&str> = spaced.split_whitespace().collect();
        let [a, b] = names[..] else {
            return Err(format!("name the edge of {label} to take, `u-v`"));
        };
        let vertex = |name: &str| {
            self.0
                .vertex(name)
                .ok_or_else(|| format!("{label} has no vertex {name:?}"))
        };
        let (u, v) = (vertex(a)?, vertex(b)?);
        if self.0.adj(u) & bit(v) == 0 {
            return Err(format!("{label} has no edge {a}-{b}"));
        }
        Ok(self.take(u.min(v), u.max(v)))
    }

    /// The graph (a grid's piece in its cells' places): click an edge to
    /// take it with both its ends.
    fn picture(&self) -> Option<Picture<Move>> {
        let picks = self
            .0
            .edges()
            .enumerate()
            .map(|(e, (u, v))| Pick::new(vec![Item::Edge(e)], self.take(u, v)));
        picture::bounded(self.0.shape(), picks)
    }

    fn draw(&self) -> Vec<String> {
        self.0.draw()
    }
}

/// The registered parser: `arckayles(1-2 2-3 3-4)`, `arckayles(3x4)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let pieces = in_parens(p, "arckayles", read_parts)?;
    Ok(Term::new(
        "arckayles",
        pieces
            .into_iter()
            .map(|piece| Arc::new(ArcKayles(piece)) as Component)
            .collect(),
    ))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "arckayles",
    shown: "arckayles",
    example: "arckayles(1-2 2-3 3-4 4-1) + arckayles(3x3)",
    about: "Arc-Kayles: take an edge of a graph, removing both its ends (a grid RxC, or edges u-v)",
    parse: parse_term,
};
