//! A game's positions, explored from its moves into a [`Graph`].
//!
//! A position is a multiset of components (a move may split one component
//! into several, and the position after it is their sum); components are
//! told apart by their [`Identity`] (type, name and key). Exploration is
//! breadth first, each component's moves are asked for once, and the work —
//! positions and moves visited — is bounded up front.

use std::collections::HashMap;
use std::sync::Arc;

use crate::budget::{Budget, Reservation, Ticker};
use crate::error::{Error, Result};
use crate::game::{identity, written, Component, Identity};

use crate::graph::Graph;

/// Rough bytes held per component, position and move, for the memory
/// allowance: a component's identity and handle and a hash-map entry; a
/// position's key and entry; a move's edge and cached follower list.
const BYTES_PER_COMPONENT: u64 = 160;
const BYTES_PER_POSITION: u64 = 96;
const BYTES_PER_MOVE: u64 = 16;

/// The positions reachable from some starting positions, as a [`Graph`]:
/// vertex `v` stands for the multiset of components [`Explored::components`]
/// gives, and its followers are the positions its moves leave.
#[derive(Debug)]
pub struct Explored {
    graph: Arc<Graph>,
    /// A position's key (its components' numbers, ascending, those without
    /// a move left out) → its vertex.
    index: HashMap<Vec<u32>, u32>,
    keys: Vec<Vec<u32>>,
    /// Components by number, with their identities …
    ids: HashMap<Identity, u32>,
    components: Vec<Component>,
    /// … and each one's moves: the components each leaves, by number.
    moves: Vec<Vec<Vec<u32>>>,
    _held: Reservation,
}

/// What is being built while exploring.
struct Builder<'b> {
    ids: HashMap<Identity, u32>,
    components: Vec<Component>,
    moves: Vec<Option<Vec<Vec<u32>>>>,
    index: HashMap<Vec<u32>, u32>,
    keys: Vec<Vec<u32>>,
    left: usize,
    work: usize,
    start: String,
    budget: &'b Budget,
    held: Reservation,
    ticker: Ticker,
}

impl Builder<'_> {
    /// Counts `n` units of work.
    fn spend(&mut self, n: usize) -> Result<()> {
        self.ticker.tick(self.budget)?;
        self.left = self.left.checked_sub(n).ok_or_else(|| {
            Error::TooLarge(format!(
                "{} repeats along a line of play, so it is solved as a loopy game, from \
                 all of its positions; exploring them ran past the budget of {} positions \
                 and moves",
                self.start, self.work
            ))
        })?;
        Ok(())
    }

    /// The number of component `c`, new or not.
    fn intern(&mut self, c: &Component) -> Result<u32> {
        let id = identity(c.as_ref());
        if let Some(&n) = self.ids.get(&id) {
            return Ok(n);
        }
        self.spend(1)?;
        self.held
            .grow(BYTES_PER_COMPONENT + 8 * id.2.len() as u64 + id.1.len() as u64)?;
        let n = self.components.len() as u32;
        self.ids.insert(id, n);
        self.components.push(Arc::clone(c));
        self.moves.push(None);
        Ok(n)
    }

    /// The moves of component `n` (asked of the game once).
    fn moves_of(&mut self, n: u32) -> Result<&Vec<Vec<u32>>> {
        if self.moves[n as usize].is_none() {
            let c = Arc::clone(&self.components[n as usize]);
            let mut out = Vec::new();
            for m in c.moves() {
                self.spend(1)?;
                self.held.grow(BYTES_PER_MOVE + 4 * m.after.len() as u64)?;
                let mut after = Vec::with_capacity(m.after.len());
                for d in &m.after {
                    after.push(self.intern(d)?);
                }
                out.push(after);
            }
            self.moves[n as usize] = Some(out);
        }
        Ok(self.moves[n as usize].as_ref().expect("just asked"))
    }

    /// The key of the multiset of components `parts`: those with moves,
    /// ascending.
    fn key(&mut self, parts: Vec<u32>) -> Result<Vec<u32>> {
        let mut key = Vec::with_capacity(parts.len());
        for p in parts {
            if !self.moves_of(p)?.is_empty() {
                key.push(p);
            }
        }
        key.sort_unstable();
        Ok(key)
    }

    /// The vertex of the position `key`, numbered when new.
    fn vertex(&mut self, key: Vec<u32>) -> Result<u32> {
        if let Some(&v) = self.index.get(&key) {
            return Ok(v);
        }
        self.spend(1)?;
        self.held.grow(BYTES_PER_POSITION + 4 * key.len() as u64)?;
        let v = self.keys.len() as u32;
        if self.keys.len() >= crate::graph::MAX_SIZE {
            return Err(Error::TooLarge(format!(
                "{} has more positions than the loopy solver numbers",
                self.start
            )));
        }
        self.index.insert(key.clone(), v);
        self.keys.push(key);
        Ok(v)
    }
}

impl Explored {
    /// Explores every position reachable from the positions `roots` (each a
    /// list of components), visiting at most `work` positions and moves, within
    /// `budget` (time, cancellation, and the bytes of its tables).
    pub fn new(roots: &[Vec<Component>], work: usize, budget: &Budget) -> Result<Explored> {
        let start = roots
            .first()
            .map(|r| {
                r.iter()
                    .map(|c| written(c.as_ref()))
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .unwrap_or_default();
        let mut b = Builder {
            ids: HashMap::new(),
            components: Vec::new(),
            moves: Vec::new(),
            index: HashMap::new(),
            keys: Vec::new(),
            left: work,
            work,
            start,
            budget,
            held: budget.reserve(0)?,
            ticker: Ticker::new(1024),
        };
        for root in roots {
            let parts = root
                .iter()
                .map(|c| b.intern(c))
                .collect::<Result<Vec<_>>>()?;
            let key = b.key(parts)?;
            b.vertex(key)?;
        }
        let mut graph = Graph::new();
        let mut next = 0usize;
        let mut followers = Vec::new();
        while next < b.keys.len() {
            let key = b.keys[next].clone();
            followers.clear();
            for (i, &p) in key.iter().enumerate() {
                // Equal components have the same moves: one copy is enough.
                if i > 0 && key[i - 1] == p {
                    continue;
                }
                let options = b.moves_of(p)?.clone();
                for after in options {
                    let mut parts = key.clone();
                    parts.remove(i);
                    parts.extend_from_slice(&after);
                    let k = b.key(parts)?;
                    followers.push(b.vertex(k)?);
                }
            }
            graph.push_vertex(&followers)?;
            next += 1;
        }
        b.held.grow(graph.bytes())?;
        Ok(Explored {
            graph: Arc::new(graph),
            index: b.index,
            keys: b.keys,
            ids: b.ids,
            components: b.components,
            moves: b.moves.into_iter().map(Option::unwrap_or_default).collect(),
            _held: b.held,
        })
    }

    /// The graph of the positions explored.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// The vertex of the position made of `parts`, when it was explored.
    pub fn vertex_of(&self, parts: &[Component]) -> Option<u32> {
        let mut key = Vec::with_capacity(parts.len());
        for c in parts {
            let n = *self.ids.get(&identity(c.as_ref()))?;
            if !self.moves[n as usize].is_empty() {
                key.push(n);
            }
        }
        key.sort_unstable();
        self.index.get(&key).copied()
    }

    /// The components of the position at vertex `v` (those with a move).
    pub fn components(&self, v: u32) -> Vec<Component> {
        self.keys[v as usize]
            .iter()
            .map(|&n| Arc::clone(&self.components[n as usize]))
            .collect()
    }

    /// How many positions were explored.
    pub fn positions(&self) -> usize {
        self.keys.len()
    }
}
