//! Canonical keys of connected pieces of a graph: the same key for
//! isomorphic pieces where that is cheap, and never the same key for two
//! pieces that are not isomorphic.
//!
//! A key is a header word (a tag in the top byte, sizes below) and a
//! description of the graph that determines it completely, so equal keys
//! always mean isomorphic graphs (which play alike in any game on graphs).
//! In the order tried:
//!
//! * a path of `n` vertices is `[PATH | n]`, a cycle `[CYCLE | n]`;
//! * a piece of a grid or board with more than [`CANONICAL_UP_TO`] vertices
//!   is its shape: the cells in their bounding box, least under the eight
//!   symmetries of the square that keep the box no taller than wide — the
//!   same key for congruent shapes, linear in the piece;
//! * any other piece is its adjacency matrix (the upper triangle, bit by
//!   bit) under a canonical labelling found by *individualisation and
//!   refinement*, the method of McKay's `nauty` (B. D. McKay and
//!   A. Piperno, "Practical graph isomorphism, II", J. Symbolic Comput. 60
//!   (2014)), in its plainest form. Vertices are split into cells by how
//!   many neighbours they have in each cell until nothing splits (colour
//!   refinement, here with the counts hashed); while some cell has several
//!   vertices, each vertex of the first smallest such cell in turn is put in
//!   a cell of its own and the refinement repeated. Every ordering this
//!   search ends in (a *leaf*) labels the graph, and the least adjacency
//!   matrix over all leaves is the same for every labelling of the input:
//!   the search depends on nothing but the graph. Of vertices that are
//!   twins (the same neighbours besides each other) only one is tried, as
//!   swapping twins is an automorphism. The search stops after
//!   [`leaf_budget`] leaves, which only very symmetric graphs reach; the key
//!   is then the least matrix seen — exact, though an isomorphic copy may
//!   get another.

use std::sync::Arc;

use super::{bit, members, Bits, Graph, MAX_VERTICES};

/// The tag of a path's key.
pub const PATH: u64 = 1 << 56;
/// The tag of a cycle's key.
pub const CYCLE: u64 = 2 << 56;
/// The tag of a key by adjacency matrix.
pub const GRAPH: u64 = 3 << 56;
/// The tag of a key by shape on a grid.
pub const GRID: u64 = 4 << 56;

/// Pieces of a grid up to this many vertices are keyed by canonical
/// labelling, larger ones by their shape. Shapes are far cheaper, and on
/// grids they lose little: Node-Kayles on 3 × 15 and 3 × 16 searches about
/// as many pieces with labelling up to 16 vertices as with shapes alone,
/// and takes 1.75 times as long; with labelling up to 6 vertices, 1.1
/// times as long.
pub const CANONICAL_UP_TO: usize = 6;

/// The most orderings (leaves) a canonical labelling of `n` vertices looks
/// at: 256 up to 16 vertices, fewer beyond (a leaf costs about `n²`), at
/// least 16.
pub fn leaf_budget(n: usize) -> usize {
    (65536 / (n * n).max(1)).clamp(16, 256)
}

/// Graphs up to this many vertices keep their adjacency matrix in one
/// [`Bits`] ([`Piece::Small`]): its upper triangle has 120 bits.
pub const SMALL: usize = 16;

/// A graph in canonical form: what a key says, held compactly, and enough
/// to rebuild the graph ([`Piece::graph`]). Equal pieces are isomorphic
/// graphs; isomorphic pieces are equal as far as the [module
/// documentation](self) promises.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// No vertex.
    #[default]
    Empty,
    /// A path of this many vertices (at least 1).
    Path(u8),
    /// A cycle of this many vertices (at least 3).
    Cycle(u8),
    /// Cells of a grid in an `h` × `w` box, `h ≤ w`: cell `(y, x)` is bit
    /// `y·w + x`.
    Shape { h: u8, w: u8, cells: Bits },
    /// A graph of `n ≤ 16` vertices by its canonical adjacency matrix: pair
    /// `(i, j)`, `i < j`, is bit `i·n − i(i+1)/2 + (j − i − 1)`.
    Small { n: u8, triangle: Bits },
    /// A larger graph, the same matrix in words.
    Large { n: u8, triangle: Arc<[u64]> },
}

impl Piece {
    /// The canonical form of the subgraph of `graph` induced by `set` (see
    /// the [module documentation](self)).
    pub fn of(graph: &Graph, set: Bits) -> Piece {
        let n = set.count_ones() as usize;
        if n == 0 {
            return Piece::Empty;
        }
        // A path or a cycle: connected, n − 1 or n edges, no vertex of
        // degree 3.
        let edges = graph.edge_count(set);
        if (edges + 1 == n || edges == n)
            && members(set).all(|v| (graph.adj(v) & set).count_ones() <= 2)
            && graph.piece_at(set, set & set.wrapping_neg()) == set
        {
            return if edges + 1 == n {
                Piece::Path(n as u8)
            } else {
                Piece::Cycle(n as u8)
            };
        }
        if let Some((_, cols)) = graph.layout() {
            if n > CANONICAL_UP_TO {
                return shape(cols, set);
            }
        }
        labelled(graph, set)
    }

    /// How many vertices.
    pub fn len(&self) -> usize {
        match *self {
            Piece::Empty => 0,
            Piece::Path(n) | Piece::Cycle(n) => n as usize,
            Piece::Shape { cells, .. } => cells.count_ones() as usize,
            Piece::Small { n, .. } | Piece::Large { n, .. } => n as usize,
        }
    }

    /// Whether it has no vertex.
    pub fn is_empty(&self) -> bool {
        *self == Piece::Empty
    }

    /// How many edges, without rebuilding the graph.
    pub fn edge_count(&self) -> usize {
        match self {
            Piece::Empty => 0,
            Piece::Path(n) => *n as usize - 1,
            Piece::Cycle(n) => *n as usize,
            Piece::Shape { w, cells, .. } => {
                // Rows of `w` cells: neighbours one apart within a row, or
                // a row apart.
                let w = *w as usize;
                let row_starts = (0..MAX_VERTICES)
                    .step_by(w)
                    .fold(0 as Bits, |acc, v| acc | bit(v));
                ((cells & cells >> 1 & !(row_starts >> 1)).count_ones()
                    + (cells & cells.checked_shr(w as u32).unwrap_or(0)).count_ones())
                    as usize
            }
            Piece::Small { triangle, .. } => triangle.count_ones() as usize,
            Piece::Large { triangle, .. } => triangle.iter().map(|w| w.count_ones() as usize).sum(),
        }
    }

    /// Bytes it holds on the heap (a large graph's matrix).
    pub fn heap_bytes(&self) -> usize {
        match self {
            Piece::Large { triangle, .. } => std::mem::size_of_val(&**triangle),
            _ => 0,
        }
    }

    /// The key: a header word (tag and sizes) and the description in words.
    pub fn key(&self) -> Vec<u64> {
        let words = |b: Bits| [b as u64, (b >> 64) as u64];
        match self {
            Piece::Empty => vec![0],
            Piece::Path(n) => vec![PATH | *n as u64],
            Piece::Cycle(n) => vec![CYCLE | *n as u64],
            Piece::Shape { h, w, cells } => {
                let [lo, hi] = words(*cells);
                vec![GRID | (*h as u64) << 8 | *w as u64, lo, hi]
            }
            Piece::Small { n, triangle } => {
                let [lo, hi] = words(*triangle);
                vec![GRAPH | *n as u64, lo, hi]
            }
            Piece::Large { n, triangle } => {
                let mut key = vec![GRAPH | *n as u64];
                key.extend(triangle.iter());
                key
            }
        }
    }

    /// The piece as a graph game writes its argument: `1xN` for a path, a
    /// board for a grid shape, else edges between vertices numbered from 1.
    ///
    /// ```
    /// use grundy::games::graph::{Graph, Piece};
    /// let g = Graph::grid(2, 5);
    /// assert_eq!(Piece::of(&g, 0b00111_01111).written(), "..../...#");
    /// assert_eq!(Piece::of(&g, 0b00001_00011).written(), "1x3");
    /// assert_eq!(Piece::Cycle(3).written(), "1-2 1-3 2-3");
    /// ```
    pub fn written(&self) -> String {
        match self {
            Piece::Path(n) => format!("1x{n}"),
            Piece::Shape { w, cells, .. } => {
                let w = *w as usize;
                let h = (MAX_VERTICES - cells.leading_zeros() as usize).div_ceil(w);
                (0..h)
                    .map(|r| {
                        (0..w)
                            .map(|c| {
                                if cells >> (r * w + c) & 1 == 1 {
                                    '.'
                                } else {
                                    '#'
                                }
                            })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("/")
            }
            _ => {
                let (g, set) = self.graph();
                let edges: Vec<String> = members(set)
                    .flat_map(|u| {
                        members(g.adj(u) & set & !(Bits::MAX >> (MAX_VERTICES - 1 - u)))
                            .map(move |v| format!("{}-{}", u + 1, v + 1))
                    })
                    .collect();
                edges.join(" ")
            }
        }
    }

    /// A graph this piece is the canonical form of, and its vertices (a
    /// grid's cells may leave some of the box's cells out).
    pub fn graph(&self) -> (Graph, Bits) {
        let path = |n: usize| Graph::grid(1, n);
        let (graph, set) = match self {
            Piece::Empty => (Graph::from_adjacency(Vec::new()), 0),
            Piece::Path(n) => {
                let g = path(*n as usize);
                let all = g.all();
                (g, all)
            }
            Piece::Cycle(n) => {
                let n = *n as usize;
                let adj = (0..n)
                    .map(|v| bit((v + 1) % n) | bit((v + n - 1) % n))
                    .collect();
                (Graph::from_adjacency(adj), 0)
            }
            Piece::Shape { h, w, cells } => (Graph::grid(*h as usize, *w as usize), *cells),
            Piece::Small { n, triangle } => {
                let words = [*triangle as u64, (*triangle >> 64) as u64];
                (from_triangle(*n as usize, &words), 0)
            }
            Piece::Large { n, triangle } => (from_triangle(*n as usize, triangle), 0),
        };
        let set = if graph.layout().is_some() {
            set
        } else {
            graph.all()
        };
        (graph, set)
    }
}

/// The graph on `n` vertices whose upper triangle is `words`.
fn from_triangle(n: usize, words: &[u64]) -> Graph {
    let mut adj = vec![0; n];
    for i in 0..n {
        let row = i * n - i * (i + 1) / 2;
        for j in i + 1..n {
            let at = row + j - i - 1;
            if words[at / 64] >> (at % 64) & 1 == 1 {
                adj[i] |= bit(j);
                adj[j] |= bit(i);
            }
        }
    }
    Graph::from_adjacency(adj)
}

/// The shape of the cells `set` of a grid of `cols` columns, least over the
/// symmetries of the square that leave its box `a` × `b` with `a ≤ b`.
fn shape(cols: usize, set: Bits) -> Piece {
    // Wider than tall (every piece of a long strip but the smallest): the
    // box's rows as bit rows, mirrored by reversing them, in either order.
    let r0 = set.trailing_zeros() as usize / cols;
    let h = (MAX_VERTICES - 1 - set.leading_zeros() as usize) / cols + 1 - r0;
    let row_mask = Bits::MAX >> (MAX_VERTICES - cols);
    // A box wider than tall within 128 cells is at most 11 rows high.
    let mut rows = [0 as Bits; 11];
    let mut union: Bits = 0;
    for (i, row) in rows.iter_mut().enumerate().take(h) {
        *row = set >> ((r0 + i) * cols) & row_mask;
        union |= *row;
    }
    let c0 = union.trailing_zeros() as usize;
    let w = MAX_VERTICES - union.leading_zeros() as usize - c0;
    if h < w && h <= rows.len() {
        let rows = &mut rows[..h];
        for row in rows.iter_mut() {
            *row >>= c0;
        }
        let mirror = |row: Bits| row.reverse_bits() >> (MAX_VERTICES - w);
        let code = |rows: &mut dyn Iterator<Item = Bits>| {
            rows.enumerate()
                .fold(0 as Bits, |code, (i, row)| code | row << (i * w))
        };
        let best = [
            code(&mut rows.iter().copied()),
            code(&mut rows.iter().map(|&r| mirror(r))),
            code(&mut rows.iter().rev().copied()),
            code(&mut rows.iter().rev().map(|&r| mirror(r))),
        ]
        .into_iter()
        .min()
        .unwrap_or(0);
        return Piece::Shape {
            h: h as u8,
            w: w as u8,
            cells: best,
        };
    }
    let cells: Vec<(usize, usize)> = members(set).map(|v| (v / cols, v % cols)).collect();
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let h = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1 - r0;
    let w = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1 - c0;
    let (a, b) = (h.min(w), h.max(w));
    let mut best = Bits::MAX;
    for t in 0..8 {
        let tw = if t < 4 { w } else { h };
        if (t < 4) != (h <= w) && h != w {
            continue;
        }
        let mut code: Bits = 0;
        for &(r, c) in &cells {
            let (y, x) = (r - r0, c - c0);
            let (y, x) = match t {
                0 => (y, x),
                1 => (y, w - 1 - x),
                2 => (h - 1 - y, x),
                3 => (h - 1 - y, w - 1 - x),
                4 => (x, y),
                5 => (x, h - 1 - y),
                6 => (w - 1 - x, y),
                _ => (w - 1 - x, h - 1 - y),
            };
            // The box lies inside the grid, so it has at most 128 cells.
            code |= bit(y * tw + x);
        }
        best = best.min(code);
    }
    Piece::Shape {
        h: a as u8,
        w: b as u8,
        cells: best,
    }
}

/// The piece by canonical labelling.
fn labelled(graph: &Graph, set: Bits) -> Piece {
    let vertices: Vec<usize> = members(set).collect();
    let n = vertices.len();
    let mut index = [0u8; MAX_VERTICES];
    for (i, &v) in vertices.iter().enumerate() {
        index[v] = i as u8;
    }
    let adj: Vec<Bits> = vertices
        .iter()
        .map(|&v| members(graph.adj(v) & set).fold(0, |acc, u| acc | bit(index[u] as usize)))
        .collect();
    let mut search = Labelling {
        adj: &adj,
        budget: leaf_budget(n),
        best: None,
        leaves: 0,
    };
    let mut cells = vec![if n == MAX_VERTICES {
        Bits::MAX
    } else {
        bit(n) - 1
    }];
    refine(&adj, &mut cells);
    search.run(&cells);
    let triangle = search.best.unwrap_or_default();
    if n <= SMALL {
        let word = |i: usize| triangle.get(i).copied().unwrap_or(0) as Bits;
        Piece::Small {
            n: n as u8,
            triangle: word(0) | word(1) << 64,
        }
    } else {
        Piece::Large {
            n: n as u8,
            triangle: triangle.into(),
        }
    }
}

/// A well-mixed 64-bit value of `x` (the finaliser of SplitMix64).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Splits the ordered cells until no vertex tells apart the vertices of a
/// cell by its neighbours in each cell. Each cell is split by a hash of the
/// multiset of its vertices' neighbours' cells, the parts in the order of
/// the hash: nothing depends on how the vertices are numbered. (A hash
/// collision only leaves a cell coarser, which the search then splits.)
fn refine(adj: &[Bits], cells: &mut Vec<Bits>) {
    let mut cell_of = [0u64; MAX_VERTICES];
    let mut signature: Vec<(u64, usize)> = Vec::with_capacity(adj.len());
    loop {
        for (i, &cell) in cells.iter().enumerate() {
            for v in members(cell) {
                cell_of[v] = mix(i as u64);
            }
        }
        let before = cells.len();
        let mut out = Vec::with_capacity(adj.len());
        for &cell in cells.iter() {
            if cell & (cell - 1) == 0 {
                out.push(cell);
                continue;
            }
            signature.clear();
            signature.extend(members(cell).map(|v| {
                let h = members(adj[v]).fold(0u64, |h, u| h.wrapping_add(cell_of[u]));
                (h, v)
            }));
            signature.sort_unstable();
            let mut part: Bits = 0;
            let mut last = signature[0].0;
            for &(h, v) in &signature {
                if h != last {
                    out.push(part);
                    part = 0;
                    last = h;
                }
                part |= bit(v);
            }
            out.push(part);
        }
        *cells = out;
        if cells.len() == before {
            return;
        }
    }
}

/// The search for the least adjacency matrix over the leaves.
struct Labelling<'a> {
    adj: &'a [Bits],
    budget: usize,
    best: Option<Vec<u64>>,
    leaves: usize,
}

impl Labelling<'_> {
    fn run(&mut self, cells: &[Bits]) {
        let mut target: Option<usize> = None;
        for (i, c) in cells.iter().enumerate() {
            let k = c.count_ones();
            if k > 1 && target.is_none_or(|t| k < cells[t].count_ones()) {
                target = Some(i);
            }
        }
        let Some(t) = target else {
            self.leaf(cells);
            return;
        };
        let cell = cells[t];
        let mut tried: Bits = 0;
        for v in members(cell) {
            if self.leaves >= self.budget {
                return;
            }
            if members(tried).any(|u| self.twins(u, v)) {
                continue;
            }
            tried |= bit(v);
            let mut next = Vec::with_capacity(cells.len() + 1);
            next.extend_from_slice(&cells[..t]);
            next.push(bit(v));
            next.push(cell & !bit(v));
            next.extend_from_slice(&cells[t + 1..]);
            refine(self.adj, &mut next);
            self.run(&next);
        }
    }

    fn twins(&self, u: usize, v: usize) -> bool {
        self.adj[u] & !bit(v) == self.adj[v] & !bit(u)
    }

    /// A discrete partition: vertex `cells[i]` gets label `i`; the upper
    /// triangle of the relabelled matrix, row by row.
    fn leaf(&mut self, cells: &[Bits]) {
        self.leaves += 1;
        let n = cells.len();
        let mut label = [0usize; MAX_VERTICES];
        for (i, &c) in cells.iter().enumerate() {
            label[c.trailing_zeros() as usize] = i;
        }
        let mut code = vec![0u64; (n * (n - 1) / 2).div_ceil(64)];
        for (i, &c) in cells.iter().enumerate() {
            let v = c.trailing_zeros() as usize;
            // Pair (i, j), i < j, is bit i·n − i(i+1)/2 + (j − i − 1).
            let row = i * n - i * (i + 1) / 2;
            for u in members(self.adj[v]) {
                let j = label[u];
                if j > i {
                    let at = row + j - i - 1;
                    code[at / 64] |= 1 << (at % 64);
                }
            }
        }
        if self.best.as_ref().is_none_or(|b| code < *b) {
            self.best = Some(code);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

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

    fn key(g: &Graph, set: Bits) -> Vec<u64> {
        Piece::of(g, set).key()
    }

    fn graph(n: usize, edges: &[(usize, usize)]) -> Graph {
        Graph::from_edges((0..n).map(|i| i.to_string()).collect(), edges)
    }

    /// Whether two graphs on `0..n` are isomorphic, by trying every
    /// bijection that keeps degrees (backtracking).
    fn isomorphic(n: usize, a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
        let adj = |edges: &[(usize, usize)]| {
            let mut m = vec![vec![false; n]; n];
            for &(u, v) in edges {
                m[u][v] = true;
                m[v][u] = true;
            }
            m
        };
        let (ma, mb) = (adj(a), adj(b));
        let deg = |m: &Vec<Vec<bool>>, v: usize| m[v].iter().filter(|&&x| x).count();
        fn extend(
            map: &mut Vec<usize>,
            used: &mut Vec<bool>,
            ma: &[Vec<bool>],
            mb: &[Vec<bool>],
            deg_ok: &dyn Fn(usize, usize) -> bool,
        ) -> bool {
            let i = map.len();
            if i == ma.len() {
                return true;
            }
            for j in 0..ma.len() {
                if used[j] || !deg_ok(i, j) || (0..i).any(|k| ma[i][k] != mb[j][map[k]]) {
                    continue;
                }
                map.push(j);
                used[j] = true;
                if extend(map, used, ma, mb, deg_ok) {
                    return true;
                }
                map.pop();
                used[j] = false;
            }
            false
        }
        let deg_ok = |i: usize, j: usize| deg(&ma, i) == deg(&mb, j);
        a.len() == b.len() && extend(&mut Vec::new(), &mut vec![false; n], &ma, &mb, &deg_ok)
    }

    #[test]
    fn relabelled_graphs_share_a_key_and_others_never_do() {
        let mut rng = Rng(7);
        type Sample = (usize, Vec<(usize, usize)>);
        let mut by_key: HashMap<Vec<u64>, Vec<Sample>> = HashMap::new();
        for round in 0..3000 {
            // Mostly small graphs (checked against each other below), some
            // beyond a `Small` piece.
            let n = if round % 10 == 9 {
                17 + rng.below(8) as usize
            } else {
                1 + rng.below(8) as usize
            };
            let density = 1 + rng.below(4);
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.below(5) < density {
                        edges.push((u, v));
                    }
                }
            }
            let set = graph(n, &edges).all();
            let k = key(&graph(n, &edges), set);
            // The canonical form rebuilt is its own canonical form.
            let piece = Piece::of(&graph(n, &edges), set);
            let (rebuilt, rebuilt_set) = piece.graph();
            assert_eq!(Piece::of(&rebuilt, rebuilt_set), piece);
            assert_eq!(piece.len(), n);
            // Any relabelling: the same key.
            let mut perm: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                perm.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let moved: Vec<(usize, usize)> =
                edges.iter().map(|&(u, v)| (perm[u], perm[v])).collect();
            assert_eq!(key(&graph(n, &moved), set), k, "{edges:?} as {moved:?}");
            if round % 3 == 0 && n <= 8 {
                by_key.entry(k).or_default().push((n, edges));
            }
        }
        // Graphs sharing a key are isomorphic.
        for group in by_key.values() {
            let (n, first) = &group[0];
            for (m, other) in &group[1..] {
                assert_eq!(n, m);
                assert!(isomorphic(*n, first, other), "{first:?} vs {other:?}");
            }
        }
        // And non-isomorphic graphs are kept apart: keys differ across groups
        // by construction, so check that no two groups are isomorphic.
        let reps: Vec<&(usize, Vec<(usize, usize)>)> = by_key.values().map(|g| &g[0]).collect();
        for (i, a) in reps.iter().enumerate() {
            for b in &reps[i + 1..] {
                assert!(
                    a.0 != b.0 || a.1.len() != b.1.len() || !isomorphic(a.0, &a.1, &b.1),
                    "{a:?} and {b:?} are isomorphic but keyed apart"
                );
            }
        }
    }

    #[test]
    fn paths_cycles_and_symmetric_graphs() {
        let path: Vec<(usize, usize)> = (0..9).map(|i| (i, i + 1)).collect();
        let g = graph(10, &path);
        assert_eq!(key(&g, g.all()), vec![PATH | 10]);
        let mut cycle = path.clone();
        cycle.push((9, 0));
        let g = graph(10, &cycle);
        assert_eq!(key(&g, g.all()), vec![CYCLE | 10]);
        // Two paths are not a path.
        let two: Vec<(usize, usize)> = vec![(0, 1), (2, 3)];
        let g = graph(4, &two);
        assert_eq!(key(&g, g.all())[0], GRAPH | 4);
        // A complete graph: its twins leave one ordering to try.
        let complete: Vec<(usize, usize)> = (0..12)
            .flat_map(|u| (u + 1..12).map(move |v| (u, v)))
            .collect();
        let g = graph(12, &complete);
        let k = key(&g, g.all());
        assert_eq!(k[0], GRAPH | 12);
        assert!(k[1..].iter().all(|&w| w != 0));
        // The Petersen graph in two labellings (outer cycle and star inside,
        // or after a shuffle): one key, though it is vertex-transitive.
        let petersen: Vec<(usize, usize)> = (0..5)
            .flat_map(|i| [(i, (i + 1) % 5), (i, i + 5), (i + 5, (i + 2) % 5 + 5)])
            .collect();
        let shuffle = [3, 7, 0, 9, 5, 1, 8, 2, 6, 4];
        let moved: Vec<(usize, usize)> = petersen
            .iter()
            .map(|&(u, v)| (shuffle[u], shuffle[v]))
            .collect();
        let (a, b) = (graph(10, &petersen), graph(10, &moved));
        assert_eq!(key(&a, a.all()), key(&b, b.all()));
    }

    /// The edges of the subgraph on `set`, over vertices renumbered `0..`.
    fn compact_edges(g: &Graph, set: Bits) -> (usize, Vec<(usize, usize)>) {
        let vertices: Vec<usize> = members(set).collect();
        let index = |v: usize| vertices.iter().position(|&u| u == v).unwrap();
        let edges = vertices
            .iter()
            .flat_map(|&u| {
                members(g.adj(u) & set)
                    .filter(move |&v| v > u)
                    .map(move |v| (u, v))
            })
            .map(|(u, v)| (index(u), index(v)))
            .collect();
        (vertices.len(), edges)
    }

    #[test]
    fn pieces_of_grids_rebuild_isomorphic_graphs() {
        let mut rng = Rng(11);
        let mut by_piece: HashMap<Piece, (usize, Vec<(usize, usize)>)> = HashMap::new();
        for (rows, cols) in [(3, 9), (4, 7), (5, 5), (2, 12)] {
            let g = Graph::grid(rows, cols);
            for _ in 0..300 {
                let set = (0..rows * cols)
                    .filter(|_| rng.below(10) < 7)
                    .fold(0, |s, v| s | bit(v));
                for piece_set in g.pieces(set) {
                    let piece = Piece::of(&g, piece_set);
                    let (n, edges) = compact_edges(&g, piece_set);
                    let (rebuilt, rebuilt_set) = piece.graph();
                    let (m, rebuilt_edges) = compact_edges(&rebuilt, rebuilt_set);
                    assert_eq!(n, m);
                    assert!(isomorphic(n, &edges, &rebuilt_edges), "{piece:?}");
                    assert_eq!(piece.edge_count(), edges.len(), "{piece:?}");
                    // Equal pieces met in other places: isomorphic graphs.
                    if n <= 14 {
                        let first = by_piece.entry(piece).or_insert((n, edges.clone()));
                        assert!(isomorphic(n, &first.1, &edges));
                    }
                }
            }
        }
        assert!(by_piece.len() > 100, "{}", by_piece.len());
    }

    #[test]
    fn grid_shapes_are_keyed_up_to_symmetry() {
        let g = Graph::grid(5, 8);
        // An irregular shape of 20 cells, and its mirror images and rotation.
        let shape: Vec<(usize, usize)> = vec![
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 0),
            (1, 2),
            (1, 4),
            (1, 5),
            (2, 0),
            (2, 1),
            (2, 2),
            (2, 5),
            (2, 6),
            (3, 2),
            (3, 6),
            (3, 7),
            (4, 2),
            (4, 3),
            (4, 7),
        ];
        let set = |cells: &[(usize, usize)]| cells.iter().fold(0, |s, &(r, c)| s | bit(r * 8 + c));
        let k = key(&g, set(&shape));
        assert_eq!(k[0], GRID | 5 << 8 | 8);
        let mirrored: Vec<(usize, usize)> = shape.iter().map(|&(r, c)| (r, 7 - c)).collect();
        let flipped: Vec<(usize, usize)> = shape.iter().map(|&(r, c)| (4 - r, c)).collect();
        assert_eq!(key(&g, set(&mirrored)), k);
        assert_eq!(key(&g, set(&flipped)), k);
        let tall = Graph::grid(8, 5);
        let turned: Vec<(usize, usize)> = shape.iter().map(|&(r, c)| (c, 4 - r)).collect();
        let turned = turned.iter().fold(0, |s, &(r, c)| s | bit(r * 5 + c));
        assert_eq!(key(&tall, turned), k);
        // Rebuilt from its canonical form, the same piece.
        let piece = Piece::of(&g, set(&shape));
        let (rebuilt, cells) = piece.graph();
        assert_eq!(Piece::of(&rebuilt, cells), piece);
        assert_eq!(piece.len(), 20);
        for n in [1, 2, 5] {
            let (g, all) = Piece::Path(n).graph();
            assert_eq!(Piece::of(&g, all), Piece::Path(n));
        }
        let (g5, all) = Piece::Cycle(5).graph();
        assert_eq!(Piece::of(&g5, all), Piece::Cycle(5));
        // Moved one cell: another shape, another key.
        let mut other = shape.clone();
        other[19] = (4, 4);
        assert_ne!(key(&g, set(&other)), k);
    }
}
