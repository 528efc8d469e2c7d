//! A finite game graph, compactly: positions are the numbers `0..n`, and
//! each position's followers (the positions one move reaches) are stored in
//! one array, position after position ("compressed rows"). Families played
//! on an explicit graph hand theirs to the loopy solver
//! ([`Game::on_graph`](crate::game::Game::on_graph)), which also builds one
//! from any game's moves ([`loopy`](crate::loopy)).
//!
//! Four bytes per move and four per position, so a graph of ten million
//! positions and moves takes about 80 MB. Positions and moves are numbered
//! in 32 bits: a graph has fewer than [`MAX_SIZE`] of each.

use crate::error::{Error, Result};

/// The most positions, and the most moves, a [`Graph`] may have: numbers
/// up to it fit in 32 bits with room for the retrograde solver's markers.
pub const MAX_SIZE: usize = (u32::MAX - 4) as usize;

/// A directed graph on the vertices `0..n`: a move goes from a vertex to
/// one of its followers. Repeated edges and loops (`v → v`) are allowed.
///
/// ```
/// use grundy::loopy::Graph;
/// let g = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0), (1, 0)]).unwrap();
/// assert_eq!(g.successors(1), &[2, 0]);
/// assert_eq!((g.vertices(), g.edges()), (3, 4));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Vertex `v`'s followers are `succ[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    succ: Vec<u32>,
}

impl Graph {
    /// The graph on `0..n` with these edges `(from, to)`; each vertex's
    /// followers keep the order in which their edges are listed.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Graph> {
        check_size(n, edges.len())?;
        let mut start = vec![0u32; n + 1];
        for &(u, v) in edges {
            if u as usize >= n || v as usize >= n {
                return Err(Error::Unsupported(format!(
                    "the edge {u} → {v} leaves the vertices 0..{n}"
                )));
            }
            start[u as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut succ = vec![0u32; edges.len()];
        for &(u, v) in edges {
            succ[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
        }
        Ok(Graph { start, succ })
    }

    /// A graph to be built vertex by vertex with [`Graph::push_vertex`].
    pub fn new() -> Graph {
        Graph {
            start: vec![0],
            succ: Vec::new(),
        }
    }

    /// Adds the next vertex (number [`Graph::vertices`] before the call)
    /// with these followers. The followers may name vertices not added yet:
    /// the graph is complete once every vertex named is added (see
    /// [`Graph::is_closed`]).
    pub fn push_vertex(&mut self, followers: &[u32]) -> Result<()> {
        check_size(self.vertices() + 1, self.succ.len() + followers.len())?;
        self.succ.extend_from_slice(followers);
        self.start.push(self.succ.len() as u32);
        Ok(())
    }

    /// Whether every follower named is a vertex of the graph.
    pub fn is_closed(&self) -> bool {
        let n = self.vertices() as u32;
        self.succ.iter().all(|&v| v < n)
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.start.len() - 1
    }

    /// The number of edges (moves).
    pub fn edges(&self) -> usize {
        self.succ.len()
    }

    /// The followers of `v`, in order.
    ///
    /// # Panics
    /// If `v` is not a vertex.
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.succ[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// The bytes the graph holds.
    pub fn bytes(&self) -> u64 {
        4 * (self.start.capacity() + self.succ.capacity()) as u64
    }
}

impl Default for Graph {
    fn default() -> Graph {
        Graph::new()
    }
}

fn check_size(vertices: usize, edges: usize) -> Result<()> {
    if vertices > MAX_SIZE || edges > MAX_SIZE {
        return Err(Error::TooLarge(format!(
            "a game graph of {vertices} positions and {edges} moves is beyond the \
             {MAX_SIZE} of each that the loopy solver numbers in 32 bits"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_vertex_by_vertex_or_from_edges_alike() {
        let mut g = Graph::new();
        g.push_vertex(&[1, 1]).unwrap();
        assert!(!g.is_closed());
        g.push_vertex(&[]).unwrap();
        g.push_vertex(&[0, 2]).unwrap();
        assert!(g.is_closed());
        let h = Graph::from_edges(3, &[(2, 0), (0, 1), (2, 2), (0, 1)]).unwrap();
        assert_eq!(g, h);
        assert!(Graph::from_edges(2, &[(0, 2)]).is_err());
    }
}
