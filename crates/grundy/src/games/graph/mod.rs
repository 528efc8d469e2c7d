//! Graphs for the graph games ([Node-Kayles](crate::games::nodekayles),
//! [Arc-Kayles](crate::games::arckayles)): the written graph, its connected
//! pieces, and their canonical keys.
//!
//! A written graph has at most [`MAX_VERTICES`] vertices, so a set of its
//! vertices is one `u128` ([`Bits`]) and adjacency is one such set per
//! vertex. A component of a game is a [`Subgraph`]: the written graph
//! (shared) and the set of its vertices still on the board, always
//! connected; a move computes what is left and splits it into its
//! connected pieces ([`Subgraph::split`]), one component each, whose values
//! nim-add.
//!
//! Keys ([`canon`]) identify a piece up to isomorphism where that is cheap:
//! paths and cycles by their length, small pieces by a canonical labelling,
//! large pieces of a grid by their shape up to the grid's symmetries. A key
//! always describes the whole graph exactly, so two pieces with the same key
//! are isomorphic and play alike.
//!
//! Written forms (inside the family's parentheses), parts separated by
//! commas, each part split into its connected pieces:
//!
//! * `1-2 2-3 3-4 5`: edges `u-v` and isolated vertices, separated by
//!   blanks; names are letters, digits and `_`; `1-2-3` is a path;
//! * `3x16`: the grid graph of 3 rows and 16 columns, its vertices numbered
//!   row by row from 1 at the top left;
//! * `..#./..../....`: a board, rows of `.` (a vertex) and `#` (none)
//!   separated by `/`, neighbours orthogonally adjacent; cells are numbered
//!   as in a grid, `#` cells included.

pub mod canon;
mod parse;
mod rules;

pub use canon::Piece;
pub use rules::PieceRules;

use std::fmt::Write as _;
use std::sync::Arc;

pub(crate) use parse::read_parts;

use crate::picture::{Shape, Vertex};

/// A set of vertices of a written graph: bit `v` for vertex `v`.
pub type Bits = u128;

/// The most vertices a written graph (one part of a term) may have: a set of
/// them is one [`Bits`].
pub const MAX_VERTICES: usize = Bits::BITS as usize;

/// The vertices of `set`, ascending.
pub fn members(set: Bits) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let v = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(v)
    })
}

/// The set holding vertex `v` alone.
pub fn bit(v: usize) -> Bits {
    1 << v
}

/// A graph: vertices `0..len`, for a written graph with names, and for
/// grids and boards the layout of the cells.
#[derive(Debug)]
pub struct Graph {
    len: usize,
    /// The neighbours of each vertex; empty for a grid, whose neighbours
    /// are found by shifts ([`Graph::grow`]).
    adj: Vec<Bits>,
    /// The names as written; empty for a grid or board, whose cells are
    /// named by their number, and for a graph made by the engine.
    names: Vec<String>,
    /// For a grid or board: rows and columns; vertex `v` is the cell at row
    /// `v / cols`, column `v % cols`.
    layout: Option<(usize, usize)>,
    /// For a grid or board: the cells of its first and of its last column.
    first_col: Bits,
    last_col: Bits,
}

impl Graph {
    /// The graph on the named vertices with these edges (pairs of indices
    /// into `names`; repeats are harmless).
    ///
    /// # Panics
    /// With more than [`MAX_VERTICES`] names, an edge out of range, or a loop.
    pub fn from_edges(names: Vec<String>, edges: &[(usize, usize)]) -> Graph {
        assert!(names.len() <= MAX_VERTICES, "too many vertices");
        let mut adj = vec![0; names.len()];
        for &(u, v) in edges {
            assert!(u != v && u < names.len() && v < names.len(), "bad edge");
            adj[u] |= bit(v);
            adj[v] |= bit(u);
        }
        let mut g = Graph::from_adjacency(adj);
        g.names = names;
        g
    }

    /// The graph with these neighbours (`adj[v]` for vertex `v`; symmetric,
    /// no loops), its vertices named by number from 1.
    pub fn from_adjacency(adj: Vec<Bits>) -> Graph {
        assert!(adj.len() <= MAX_VERTICES, "too many vertices");
        Graph {
            len: adj.len(),
            adj,
            names: Vec::new(),
            layout: None,
            first_col: 0,
            last_col: 0,
        }
    }

    /// The `rows` × `cols` grid graph: every cell a vertex, joined to the
    /// cells beside, above and below it.
    ///
    /// # Panics
    /// When it would have more than [`MAX_VERTICES`] cells.
    pub fn grid(rows: usize, cols: usize) -> Graph {
        assert!(
            rows.checked_mul(cols).is_some_and(|n| n <= MAX_VERTICES),
            "grid too large"
        );
        let (first_col, last_col) = (0..rows).fold((0, 0), |(f, l), r| {
            (f | bit(r * cols), l | bit(r * cols + cols - 1))
        });
        Graph {
            len: rows * cols,
            adj: Vec::new(),
            names: Vec::new(),
            layout: Some((rows, cols)),
            first_col,
            last_col,
        }
    }

    /// How many vertices.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no vertex.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every vertex.
    pub fn all(&self) -> Bits {
        match self.len {
            MAX_VERTICES => Bits::MAX,
            n => bit(n) - 1,
        }
    }

    /// The neighbours of `v`.
    pub fn adj(&self, v: usize) -> Bits {
        match self.layout {
            Some(_) => self.grow(bit(v)) & !bit(v),
            None => self.adj[v],
        }
    }

    /// The name of `v`: as written, or its number (from 1).
    pub fn name(&self, v: usize) -> String {
        match self.names.get(v) {
            Some(name) => name.clone(),
            None => (v + 1).to_string(),
        }
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        if self.names.is_empty() {
            let n: usize = name.parse().ok()?;
            return (1..=self.len).contains(&n).then(|| n - 1);
        }
        self.names.iter().position(|x| x == name)
    }

    /// Rows and columns of a grid or board.
    pub fn layout(&self) -> Option<(usize, usize)> {
        self.layout
    }

    /// The vertices of `set` and their neighbours. On a grid, by shifting
    /// the whole set a column and a row each way.
    pub fn grow(&self, set: Bits) -> Bits {
        match self.layout {
            Some((_, cols)) => {
                (set | set << 1 & !self.first_col
                    | set >> 1 & !self.last_col
                    | set << cols
                    | set >> cols)
                    & self.all()
            }
            None => members(set).fold(set, |acc, v| acc | self.adj[v]),
        }
    }

    /// How many edges join vertices of `set`.
    pub fn edge_count(&self, set: Bits) -> usize {
        match self.layout {
            Some((_, cols)) => {
                ((set & set >> 1 & !self.last_col).count_ones() + (set & set >> cols).count_ones())
                    as usize
            }
            None => {
                members(set)
                    .map(|v| (self.adj[v] & set).count_ones() as usize)
                    .sum::<usize>()
                    / 2
            }
        }
    }

    /// The connected pieces of the subgraph induced by `set`, each as a set,
    /// in the order of their least vertex.
    pub fn pieces(&self, set: Bits) -> impl Iterator<Item = Bits> + '_ {
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let piece = self.piece_at(rest, rest & rest.wrapping_neg());
            rest &= !piece;
            Some(piece)
        })
    }

    /// The vertices of `set` connected within it to those of `seed`.
    ///
    /// On a grid each round fills whole runs of a row at once, in
    /// logarithmically many shifts (Kogge and Stone's parallel prefix, as
    /// chess programs slide pieces along bitboards), then steps a row up
    /// and down; the rounds needed are the turns a path takes, not its length.
    pub fn piece_at(&self, set: Bits, seed: Bits) -> Bits {
        let mut piece = seed & set;
        match self.layout {
            Some((_, cols)) => loop {
                piece = self.fill_rows(set, piece);
                let next = (piece | piece << cols | piece >> cols) & set;
                if next == piece {
                    return piece;
                }
                piece = next;
            },
            None => loop {
                let next = self.grow(piece) & set;
                if next == piece {
                    return piece;
                }
                piece = next;
            },
        }
    }

    /// On a grid: `seed` spread along the runs of `set` in each row.
    fn fill_rows(&self, set: Bits, seed: Bits) -> Bits {
        let cols = self.layout.map_or(1, |(_, c)| c);
        // Rightwards, a cell receives from its left neighbour; leftwards,
        // from its right one. After the step of `shift`, `pass` holds the
        // cells that receive across `2·shift` cells.
        let (mut right, mut pass_r) = (seed, set & !self.first_col);
        let (mut left, mut pass_l) = (seed, set & !self.last_col);
        let mut shift = 1;
        while shift < cols {
            right |= pass_r & right << shift;
            pass_r &= pass_r << shift;
            left |= pass_l & left >> shift;
            pass_l &= pass_l >> shift;
            shift <<= 1;
        }
        right | left
    }
}

/// A connected piece of a written graph: the graph (shared among the
/// pieces a position splits into) and the vertices still there, with its
/// canonical form computed once ([`Piece::of`]).
#[derive(Clone, Debug)]
pub struct Subgraph {
    graph: Arc<Graph>,
    set: Bits,
    piece: Piece,
}

impl Subgraph {
    /// The piece of `graph` on `set`, which should be connected (see
    /// [`Subgraph::split`]).
    pub fn new(graph: Arc<Graph>, set: Bits) -> Subgraph {
        let piece = Piece::of(&graph, set);
        Subgraph { graph, set, piece }
    }

    /// The connected pieces of `graph` on `set`.
    pub fn pieces_of(graph: &Arc<Graph>, set: Bits) -> Vec<Subgraph> {
        graph
            .pieces(set)
            .map(|p| Subgraph::new(graph.clone(), p))
            .collect()
    }

    /// The connected pieces of what is left when only `keep` (a subset of
    /// this piece's vertices) stays.
    pub fn split(&self, keep: Bits) -> Vec<Subgraph> {
        Subgraph::pieces_of(&self.graph, keep & self.set)
    }

    /// The written graph it is a piece of.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// Its vertices.
    pub fn set(&self) -> Bits {
        self.set
    }

    /// Its canonical form.
    pub fn piece(&self) -> &Piece {
        &self.piece
    }

    /// How many vertices.
    pub fn len(&self) -> usize {
        self.set.count_ones() as usize
    }

    /// Whether it has no vertex.
    pub fn is_empty(&self) -> bool {
        self.set == 0
    }

    /// The neighbours of `v` in the piece.
    pub fn adj(&self, v: usize) -> Bits {
        self.graph.adj(v) & self.set
    }

    /// The edges, each once as `(u, v)` with `u < v`, ordered by `u` then `v`.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        members(self.set).flat_map(move |u| {
            let above = self.adj(u) & !(Bits::MAX >> (MAX_VERTICES - 1 - u));
            members(above).map(move |v| (u, v))
        })
    }

    /// The vertex of the piece named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.graph.vertex(name).filter(|&v| self.set & bit(v) != 0)
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> String {
        self.graph.name(v)
    }

    /// The names of the vertices of `set`, separated by blanks.
    pub fn names(&self, set: Bits) -> String {
        members(set)
            .map(|v| self.name(v))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The written form, which parses back to this piece with the same names:
    /// `RxC` for a whole grid, a board of the whole frame for part of one
    /// (only this piece's cells as `.`), else its edges (a vertex alone
    /// when it has none).
    pub fn args(&self) -> String {
        if let Some((rows, cols)) = self.graph.layout() {
            if self.set == self.graph.all() {
                return format!("{rows}x{cols}");
            }
            let lines: Vec<String> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| {
                            if self.set & bit(r * cols + c) != 0 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect()
                })
                .collect();
            return lines.join("/");
        }
        let edges: Vec<String> = self
            .edges()
            .map(|(u, v)| format!("{}-{}", self.name(u), self.name(v)))
            .collect();
        if edges.is_empty() {
            return self.names(self.set);
        }
        edges.join(" ")
    }

    /// The piece as a picture's shape ([`Shape::Graph`]): its vertices in
    /// ascending order (a grid's at their row and column), its edges as
    /// [`Subgraph::edges`] lists them, no ground.
    pub fn shape(&self) -> Shape {
        let cols = self.graph.layout().map(|(_, cols)| cols);
        let order: Vec<usize> = members(self.set).collect();
        let index = |v: usize| order.binary_search(&v).expect("a vertex of the piece");
        Shape::Graph {
            vertices: order
                .iter()
                .map(|&v| Vertex {
                    name: self.name(v),
                    at: cols.map(|cols| (v / cols, v % cols)),
                })
                .collect(),
            edges: self.edges().map(|(u, v)| (index(u), index(v))).collect(),
            ground: None,
        }
    }

    /// The piece drawn as text: a grid piece as its cells (numbers, `·` for
    /// cells not in it), any other as its edges.
    pub fn draw(&self) -> Vec<String> {
        if self.set == 0 {
            return vec!["no vertices left".into()];
        }
        let Some((_, cols)) = self.graph.layout() else {
            let edges = self.args();
            return vec![if self.len() == 1 {
                format!("vertex {edges} alone")
            } else {
                format!("edges {edges}")
            }];
        };
        let cells: Vec<(usize, usize)> = members(self.set).map(|v| (v / cols, v % cols)).collect();
        let (r0, r1) = cells
            .iter()
            .fold((usize::MAX, 0), |(a, b), &(r, _)| (a.min(r), b.max(r)));
        let (c0, c1) = cells
            .iter()
            .fold((usize::MAX, 0), |(a, b), &(_, c)| (a.min(c), b.max(c)));
        let width = members(self.set)
            .map(|v| self.name(v).len())
            .max()
            .unwrap_or(1);
        (r0..=r1)
            .map(|r| {
                let mut line = String::new();
                for c in c0..=c1 {
                    let v = r * cols + c;
                    if c > c0 {
                        line.push(' ');
                    }
                    if self.set & bit(v) != 0 {
                        let _ = write!(line, "{:>width$}", self.name(v));
                    } else {
                        let _ = write!(line, "{:>width$}", "·");
                    }
                }
                line.trim_end().to_string()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_split_into_pieces() {
        let g = Arc::new(Graph::grid(3, 4));
        assert_eq!(g.all().count_ones(), 12);
        // The middle column pair gone: two 3×1 paths and nothing else.
        let keep = g.all() & !(bit(1) | bit(2) | bit(5) | bit(6) | bit(9) | bit(10));
        let pieces = Subgraph::pieces_of(&g, keep);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].names(pieces[0].set()), "1 5 9");
        assert_eq!(pieces[0].piece(), pieces[1].piece());
        assert_eq!(pieces[0].piece(), &Piece::Path(3));
        assert_eq!(pieces[0].args(), ".###/.###/.###");
        let whole = Subgraph::new(g.clone(), g.all());
        assert_eq!(whole.args(), "3x4");
        assert_eq!(whole.edges().count(), 17);
        assert_eq!(
            pieces[1].draw(),
            vec![" 4".to_string(), " 8".into(), "12".into()]
        );
    }

    #[test]
    fn grid_shifts_agree_with_adjacency() {
        let mut seed = 5u64;
        let mut random = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed as Bits) << 64 | (seed.rotate_left(29) as Bits)
        };
        for (rows, cols) in [
            (1, 1),
            (1, 9),
            (9, 1),
            (3, 16),
            (4, 4),
            (2, 64),
            (64, 2),
            (11, 11),
        ] {
            let g = Graph::grid(rows, cols);
            for _ in 0..200 {
                let set = random() & random() & g.all();
                let by_adj = members(set).fold(set, |acc, v| acc | g.adj(v));
                assert_eq!(g.grow(set), by_adj, "{rows}x{cols} {set:x}");
                let edges = members(set)
                    .map(|v| (g.adj(v) & set).count_ones() as usize)
                    .sum::<usize>()
                    / 2;
                assert_eq!(g.edge_count(set), edges, "{rows}x{cols} {set:x}");
                // Pieces by filled runs, against a search one step at a time.
                let seed = set & set.wrapping_neg();
                let mut by_steps = seed;
                loop {
                    let next = members(by_steps).fold(by_steps, |acc, v| acc | g.adj(v)) & set;
                    if next == by_steps {
                        break;
                    }
                    by_steps = next;
                }
                assert_eq!(g.piece_at(set, seed), by_steps, "{rows}x{cols} {set:x}");
            }
        }
    }

    #[test]
    fn full_sets_of_128_vertices() {
        let g = Graph::grid(2, 64);
        assert_eq!(g.all(), Bits::MAX);
        assert_eq!(g.pieces(g.all()).collect::<Vec<_>>(), vec![Bits::MAX]);
        assert_eq!(g.vertex("128"), Some(127));
        assert_eq!(g.vertex("129"), None);
        assert_eq!(g.vertex("0"), None);
    }
}
