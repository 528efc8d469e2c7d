//! Pictures of components, as data: what a front end draws (a board of
//! squares, a graph with or without a ground, a row of coins, a staircase
//! with monks) and, for every move, the elements a player clicks to make it.
//!
//! A family describes its component in these neutral terms
//! ([`Game::picture`](crate::game::Game::picture)); the front ends lay it out
//! and draw it (the web page as SVG, the terminal as text) and turn clicks
//! into moves without knowing the family. A move is chosen by clicking the
//! [`Item`]s of its [`Pick`]: one item (a square of Chomp, a vertex of
//! Node-Kayles, an edge of Hackenbush) or several (the two squares of a
//! domino, a monk and the step it walks to, the coins a move turns). The
//! items of one pick are a set: the order of the clicks does not matter,
//! and no two picks of a picture have the same set.
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::picture::{Cell, Grid, Item, Shape};
//!
//! let pos = parse_position("chomp(2x3)").unwrap();
//! let bar = pos.components().next().unwrap();
//! let pic = bar.picture().expect("a small bar is drawn");
//! let Shape::Grid(Grid { rows, cols, cells, .. }) = &pic.shape else { panic!() };
//! assert_eq!((*rows, *cols), (2, 3));
//! assert_eq!(cells[3], Cell::Poison); // the bottom-left square
//! // Every square but the poison is a move: click it.
//! assert_eq!(pic.picks.len(), 5);
//! assert!(pic.picks.iter().all(|p| matches!(p.items[..], [Item::Cell { .. }])));
//! ```

use serde::Serialize;

/// The most squares, vertices, edges, coins or steps a picture shows: a
/// larger component is shown by its family's text alone
/// ([`Game::draw`](crate::game::Game::draw)).
pub const MAX_ELEMENTS: usize = 1024;

/// The most moves a picture lists (a larger component is not drawn).
pub const MAX_PICKS: usize = 4096;

/// A component drawn: its shape and the moves made by clicking it. `M` is
/// the engine's move ([`Move`](crate::game::Move)); the picture only carries
/// it, so that this module needs nothing of the game interface.
#[derive(Clone, Debug)]
pub struct Picture<M> {
    pub shape: Shape,
    /// Every move of the component, each with the items clicked to make it.
    pub picks: Vec<Pick<M>>,
}

/// What is drawn. As data (serde) a shape is an object whose `kind` names
/// the variant in lower case (`grid`, `graph`, `coins`, `stairs`) beside
/// its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// A board of squares.
    Grid(Grid),
    /// A graph: its vertices, its edges as pairs of indices into `vertices`
    /// (loops and parallel edges allowed, each edge its own element), and
    /// the vertex drawn as a ground line, if any.
    Graph {
        vertices: Vec<Vertex>,
        edges: Vec<(usize, usize)>,
        ground: Option<usize>,
    },
    /// A row of coins numbered from `first`, left to right: `heads[i]` for
    /// coin `first + i`.
    Coins { first: u64, heads: Vec<bool> },
    /// A staircase of steps `1..=top` with monks on the steps `monks`
    /// (ascending).
    Stairs { top: u64, monks: Vec<u64> },
}

/// A board of `rows` × `cols` squares, row 0 at the top, `cells` row by row
/// (`cells[r * cols + c]`); the rows and columns are named (top to bottom,
/// left to right) as the family's moves are typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
}

/// One square of a [`Grid`] (as data, its name in lower case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// No square here (outside the board's shape, or already taken).
    Hole,
    /// A square of the board, free to play on.
    Free,
    /// A square that is there but cannot be played on (covered, blocked).
    Blocked,
    /// The poisoned square (Chomp), which no move takes.
    Poison,
    /// The square the piece stands on (Wythoff's queen).
    Queen,
}

/// A vertex of a [`Shape::Graph`]: its name as moves are typed, and where
/// it sits when the graph has a layout of its own (a grid: row and column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Vertex {
    pub name: String,
    pub at: Option<(usize, usize)>,
}

/// An element a player clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Item {
    /// The square at `row`, `col` of a grid.
    Cell { row: usize, col: usize },
    /// A vertex of a graph (index into its vertices).
    Vertex(usize),
    /// An edge of a graph (index into its edges).
    Edge(usize),
    /// The coin numbered so.
    Coin(u64),
    /// The step numbered so (with its monk, if one stands there).
    Step(u64),
}

/// A move and the items clicked to make it.
#[derive(Clone, Debug)]
pub struct Pick<M> {
    /// The items, each once; their order is the natural order of the
    /// clicks (a monk before its step) but any order names the move.
    pub items: Vec<Item>,
    pub mv: M,
}

impl<M> Pick<M> {
    /// The move made by clicking `items`.
    pub fn new(items: Vec<Item>, mv: M) -> Pick<M> {
        Pick { items, mv }
    }
}

impl Shape {
    /// How many elements are drawn (squares, vertices and edges, coins,
    /// steps): what [`MAX_ELEMENTS`] bounds.
    pub fn elements(&self) -> usize {
        match self {
            Shape::Grid(g) => g.cells.len(),
            Shape::Graph {
                vertices, edges, ..
            } => vertices.len() + edges.len(),
            Shape::Coins { heads, .. } => heads.len(),
            Shape::Stairs { top, .. } => usize::try_from(*top).unwrap_or(usize::MAX),
        }
    }

    /// Whether `item` is an element of this shape.
    pub fn has(&self, item: Item) -> bool {
        match (self, item) {
            (Shape::Grid(g), Item::Cell { row, col }) => row < g.rows && col < g.cols,
            (Shape::Graph { vertices, .. }, Item::Vertex(v)) => v < vertices.len(),
            (Shape::Graph { edges, .. }, Item::Edge(e)) => e < edges.len(),
            (Shape::Coins { first, heads }, Item::Coin(x)) => {
                x >= *first && x - first < heads.len() as u64
            }
            (Shape::Stairs { top, .. }, Item::Step(s)) => (1..=*top).contains(&s),
            _ => false,
        }
    }
}

/// A picture of `shape` with these picks, or `None` when it is too large to
/// draw ([`MAX_ELEMENTS`], [`MAX_PICKS`]). `picks` is consumed lazily, so a
/// family can hand over its moves without counting them first.
pub fn bounded<M>(shape: Shape, picks: impl IntoIterator<Item = Pick<M>>) -> Option<Picture<M>> {
    if shape.elements() > MAX_ELEMENTS {
        return None;
    }
    let mut list = Vec::new();
    for p in picks {
        if list.len() == MAX_PICKS {
            return None;
        }
        list.push(p);
    }
    Some(Picture { shape, picks: list })
}

#[cfg(test)]
mod tests {
    //! Every picture of a family, checked against the component's own
    //! moves: each pick is a legal move, each legal move has a pick, picks
    //! name elements of the shape, and no two picks share a set of items.
    use super::*;
    use crate::expr::parse_position;
    use std::collections::HashSet;

    fn check(expr: &str) -> usize {
        let pos = parse_position(expr).unwrap();
        let mut drawn = 0;
        for c in pos.components() {
            let Some(pic) = c.picture() else { continue };
            drawn += 1;
            let legal: Vec<_> = c.moves().collect();
            let mut sets = HashSet::new();
            for p in &pic.picks {
                assert!(!p.items.is_empty(), "{expr}: a pick without items");
                for &i in &p.items {
                    assert!(pic.shape.has(i), "{expr}: {i:?} is not drawn");
                }
                let mut set = p.items.clone();
                set.sort();
                set.dedup();
                assert_eq!(set.len(), p.items.len(), "{expr}: an item twice");
                assert!(sets.insert(set), "{expr}: two picks of {:?}", p.items);
                assert!(
                    legal.contains(&p.mv),
                    "{expr}: {:?} makes {} which is not a legal move",
                    p.items,
                    p.mv.after_text()
                );
                // The move as typed reads back to the same move.
                let typed = c.notation(&p.mv);
                assert_eq!(
                    c.read_move(&typed, "it").as_ref(),
                    Ok(&p.mv),
                    "{expr}: {typed}"
                );
            }
            for mv in &legal {
                assert!(
                    pic.picks.iter().any(|p| &p.mv == mv),
                    "{expr}: the move to {} has no pick",
                    mv.after_text()
                );
            }
            // What a move leaves is drawn too.
            for mv in legal.iter().take(6) {
                for after in &mv.after {
                    if let Some(next) = after.picture() {
                        for p in &next.picks {
                            assert!(after.moves().any(|m| m == p.mv));
                        }
                    }
                }
            }
        }
        drawn
    }

    #[test]
    fn every_pick_is_a_legal_move_and_every_move_has_a_pick() {
        for expr in [
            "chomp(3x4)",
            "chomp(5,4,4,2)",
            "chomp(1)",
            "wythoff(3,5)",
            "wythoff(0,0)",
            "wythoff(7,2)",
            "hackenbush(1-2 2-3 3-1 2-4 1-1 2-2 1-5 1-5)",
            "hackenbush(1-2 2-3 3-4)",
            "nodekayles(3x4)",
            "nodekayles(1-2 2-3 3-4 5, a-b b-c c-a)",
            "nodekayles(..#./...#/#...)",
            "arckayles(3x3)",
            "arckayles(1-2 2-3 3-4 4-1 1-3)",
            "turtles(1,4,9)",
            "twins(0,3,7)",
            "mock(0,1,2,3,6)",
            "moebius(1,6,9)",
            "ruler(3,8,12)",
            "stairs(1,5,9)",
            "stairs(2,3,4,10)",
            "stairs(7)",
            "cram(3x4)",
            "cram(..#./..../#...)",
            "cram(..#../#####/..#..)",
        ] {
            assert!(check(expr) >= 1, "{expr} is drawn");
        }
    }

    fn picture_of(expr: &str) -> Picture<crate::game::Move> {
        let pos = parse_position(expr).unwrap();
        let c = pos.components().next().unwrap();
        c.picture().unwrap()
    }

    #[test]
    fn pictures_show_the_position() {
        // Chomp: the row lengths from the bottom, the poison bottom-left.
        let Shape::Grid(Grid {
            rows, cols, cells, ..
        }) = picture_of("chomp(5,4,4,2)").shape
        else {
            panic!("a grid")
        };
        assert_eq!((rows, cols), (4, 5));
        let lengths: Vec<usize> = (0..rows)
            .rev()
            .map(|r| {
                (0..cols)
                    .filter(|&c| cells[r * cols + c] != Cell::Hole)
                    .count()
            })
            .collect();
        assert_eq!(lengths, [5, 4, 4, 2]);
        assert_eq!(cells[(rows - 1) * cols], Cell::Poison);
        assert_eq!(cells.iter().filter(|&&c| c == Cell::Poison).count(), 1);
        // Wythoff: the queen x squares right and y up of the corner.
        let Shape::Grid(Grid {
            rows, cols, cells, ..
        }) = picture_of("wythoff(3,5)").shape
        else {
            panic!("a grid")
        };
        assert_eq!((rows, cols), (6, 4));
        let queens: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == Cell::Queen)
            .collect();
        assert_eq!(queens, [3]); // row 0 (y = 5), column 3 (x = 3)
                                 // Hackenbush: the edges as written, the ground first.
        let Shape::Graph {
            vertices,
            edges,
            ground,
        } = picture_of("hackenbush(1-2 2-3 3-1 2-2)").shape
        else {
            panic!("a graph")
        };
        assert_eq!(ground, Some(0));
        let names: Vec<String> = edges
            .iter()
            .map(|&(u, v)| format!("{}-{}", vertices[u].name, vertices[v].name))
            .collect();
        assert_eq!(names, ["1-2", "2-3", "3-1", "2-2"]);
        // Node-Kayles on a grid: every cell a vertex in its place.
        let Shape::Graph {
            vertices, edges, ..
        } = picture_of("nodekayles(3x4)").shape
        else {
            panic!("a graph")
        };
        assert_eq!((vertices.len(), edges.len()), (12, 17));
        assert_eq!(vertices[6].at, Some((1, 2)));
        assert_eq!(vertices[6].name, "7");
        for &(u, v) in &edges {
            let ((r1, c1), (r2, c2)) = (vertices[u].at.unwrap(), vertices[v].at.unwrap());
            assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1);
        }
        // Coins: heads exactly where written.
        let Shape::Coins { first, heads } = picture_of("turtles(1,4,9)").shape else {
            panic!("coins")
        };
        let up: Vec<u64> = (0..heads.len() as u64)
            .filter(|&i| heads[i as usize])
            .map(|i| i + first)
            .collect();
        assert_eq!(up, [1, 4, 9]);
        // A staircase: its monks, up to the top one.
        assert_eq!(
            picture_of("stairs(1,5,9)").shape,
            Shape::Stairs {
                top: 9,
                monks: vec![1, 5, 9]
            }
        );
    }

    #[test]
    fn huge_components_are_not_drawn() {
        for expr in [
            "wythoff(100,30)",
            "chomp(40x40)",
            "turtles(5000)",
            "ruler(18446744073709551615)",
            "stairs(1,5000)",
        ] {
            let pos = parse_position(expr).unwrap();
            assert!(pos.components().all(|c| c.picture().is_none()), "{expr}");
        }
    }
}
