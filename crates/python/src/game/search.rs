//! A game defined in Python as [`Rules`] of the engine's search.
//!
//! The engine's parts are the numbers of positions (the game numbers each
//! Python position the first time it is seen), so that the search hashes
//! and compares integers, never Python values. The options `moves` gives
//! are kept ([`Known`]) as numbers: the search looks at a position again
//! each time it asks a new question of it ("is your nimber `k`?"), and a
//! `moves` written in Python usually costs far more than all the engine's
//! own work, so it is called once per position. The cache is held against
//! the question's memory budget and forgotten when that runs out.
//!
//! The engine orders its work by the size of parts (it searches the
//! largest part of an option last, after replacing the others by their
//! nimbers, and tries options with small parts first). A Python position
//! has no size of its own; [`size_of`] takes what a position usually
//! measures: its length for a tuple, frozenset or string (cells of a
//! board, vertices of a graph), its value for an `int` (a heap). Among
//! options whose parts are the same size, the engine keeps the order they
//! are handed in, and that order is *newest first*: options are sorted by
//! the number of their most recently met part, highest first — parts met
//! for the first time before parts the search met long ago and left
//! undecided. The order changes no value, only the work: on Cram written
//! in Python it calls `moves` on 1,206 positions of 5×5 where the order
//! the moves are listed in takes 4,413 (3×8: 2,475 against 3,810; see
//! `bench/README.md`).

use std::sync::{Arc, MutexGuard, Weak};

use grundy::budget::{vec_bytes, Budget, LimitKind, Reservation};
use grundy::error::{Error, Result};
use grundy::nimber::Nimber;
use grundy::search::{Options, Rules};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFrozenSet, PyInt, PyString, PyTuple};

/// What the rules need of the game they search: the options of its
/// positions (by number), what is known of them, and how they are written.
/// The game implements it; the rules only hold it, so the game's module
/// may own the search without the search naming the game.
pub(crate) trait Positions: Send + Sync {
    /// The options of position `id`, from `moves` the first time.
    fn options_of(&self, py: Python<'_>, id: u64) -> PyResult<Encoded>;
    /// Keeps the first error `moves` raised, for the question to re-raise.
    fn fail(&self, e: PyErr);
    /// The sizes and options of the positions seen.
    fn known(&self) -> MutexGuard<'_, Known>;
    /// `name(position)`, as the user writes it.
    fn written(&self, py: Python<'_>, id: u64) -> String;
}

/// The rules of one Python game for the engine: parts are position numbers.
pub(crate) struct PyRules {
    /// The game (weak: the game owns the search that owns these rules).
    pub(crate) def: Weak<dyn Positions>,
    /// What the user promised (`Game(finite=True)`): every line of play
    /// ends. A game not promised finite is searched in full, so that a
    /// repetition in any line is met (see the search engine's documentation).
    pub(crate) finite: bool,
}

impl PyRules {
    fn def(&self) -> Result<Arc<dyn Positions>> {
        self.def
            .upgrade()
            .ok_or_else(|| Error::Unsupported("the game is gone".into()))
    }
}

impl Rules for PyRules {
    type Part = u64;

    fn options(&self, &id: &u64, out: &mut Options<u64>) -> Result<()> {
        let def = self.def()?;
        let options = Python::attach(|py| def.options_of(py, id)).map_err(|e| {
            def.fail(e);
            Error::limit(
                LimitKind::Cancelled,
                "stopped by an error in the game's moves",
            )
        })?;
        let known = def.known();
        // Symmetric moves leave the same positions: each option once, its
        // parts sorted, positions without moves (worth 0) left out. (Two
        // equal parts are not cancelled: `G + G` is 0 only when `G` is
        // finite, and the search may not meet a loop through `G`.)
        let mut distinct: Vec<Vec<u64>> = decode(&options)
            .map(|parts| {
                let mut parts: Vec<u64> = parts
                    .iter()
                    .copied()
                    .filter(|&p| !known.is_final(p))
                    .collect();
                parts.sort_unstable();
                parts
            })
            .collect();
        drop(known);
        distinct.sort_unstable();
        distinct.dedup();
        // Newest first: see the module documentation.
        distinct.sort_by_key(|parts| std::cmp::Reverse(parts.last().copied()));
        for parts in distinct {
            out.push(parts);
        }
        Ok(())
    }

    fn size(&self, &id: &u64) -> u64 {
        self.def().map_or(0, |d| d.known().size(id))
    }

    fn promised_finite(&self) -> bool {
        self.finite
    }

    /// A position with `d` different options has nimber at most `d`: known
    /// once its options are.
    fn bound(&self, &id: &u64) -> Option<Nimber> {
        self.def().ok()?.known().bound(id)
    }

    fn written(&self, &id: &u64) -> String {
        match self.def() {
            Ok(def) => Python::attach(|py| def.written(py, id)),
            Err(_) => format!("position {id}"),
        }
    }
}

/// The options of one position as numbers: how many options, then for each
/// its number of parts and the parts.
pub(crate) type Encoded = Arc<[u64]>;

/// Each option of an [`Encoded`] list: the numbers of the positions it
/// leaves.
pub(crate) fn decode(options: &[u64]) -> impl Iterator<Item = &[u64]> + '_ {
    let mut at = 1;
    (0..options.first().copied().unwrap_or(0)).map(move |_| {
        let len = options[at] as usize;
        let parts = &options[at + 1..at + 1 + len];
        at += 1 + len;
        parts
    })
}

/// The options of `lists` (each the numbers of the positions one move
/// leaves), encoded.
pub(crate) fn encode(lists: &[Vec<u64>]) -> Encoded {
    let mut out = Vec::with_capacity(1 + lists.iter().map(|l| l.len() + 1).sum::<usize>());
    out.push(lists.len() as u64);
    for l in lists {
        out.push(l.len() as u64);
        out.extend_from_slice(l);
    }
    out.into()
}

/// What the engine has learnt of a game's positions, by number: their
/// sizes, and their options once `moves` has given them.
#[derive(Default)]
pub(crate) struct Known {
    sizes: Vec<u64>,
    options: Vec<Option<Encoded>>,
    /// The bytes of the options kept.
    bytes: u64,
    /// The most bytes it may keep: a quarter of the question's memory
    /// allowance (the search needs the rest more).
    cap: u64,
    /// The same bytes, held against the current question's
    /// budget.
    held: Option<Reservation>,
}

impl Known {
    /// Records the size of a position just numbered `id`.
    pub(crate) fn numbered(&mut self, id: u64, size: u64) {
        let i = id as usize;
        if self.sizes.len() <= i {
            self.sizes.resize(i + 1, 0);
        }
        self.sizes[i] = size;
    }

    pub(crate) fn size(&self, id: u64) -> u64 {
        self.sizes.get(id as usize).copied().unwrap_or(0)
    }

    /// The options of `id`, when kept.
    pub(crate) fn options(&self, id: u64) -> Option<Encoded> {
        self.options.get(id as usize)?.clone()
    }

    /// The number of options of `id`, when known.
    pub(crate) fn bound(&self, id: u64) -> Option<Nimber> {
        Some(self.options.get(id as usize)?.as_ref()?[0])
    }

    /// Whether `id` is known to have no move.
    fn is_final(&self, id: u64) -> bool {
        self.bound(id) == Some(0)
    }

    /// Keeps the options of `id` while a quarter of the memory allowance
    /// holds them (past it, options are found again by calling `moves`);
    /// when the budget as a whole runs out, forgets every option kept.
    pub(crate) fn keep(&mut self, id: u64, options: Encoded) {
        let Some(held) = &mut self.held else {
            return;
        };
        let bytes = entry_bytes(&options);
        let slots = vec_bytes::<Option<Encoded>>((id as usize + 1).max(self.options.capacity()));
        if self.bytes + bytes + slots > self.cap {
            return;
        }
        if held.grow(bytes).is_err() {
            self.forget();
            return;
        }
        self.bytes += bytes;
        let i = id as usize;
        if self.options.len() <= i {
            let more = (i + 1).max(self.options.len() * 2) - self.options.len();
            let before = vec_bytes::<Option<Encoded>>(self.options.capacity());
            self.options.reserve(more);
            let grown = vec_bytes::<Option<Encoded>>(self.options.capacity()) - before;
            if held.grow(grown).is_err() {
                self.forget();
                return;
            }
            self.bytes += grown;
            self.options.resize(i + 1, None);
        }
        if let Some(old) = self.options[i].replace(options) {
            held.shrink(entry_bytes(&old));
            self.bytes -= entry_bytes(&old);
        }
    }

    /// Holds what it keeps against `budget` (a new question), or forgets it
    /// when that does not fit.
    pub(crate) fn set_budget(&mut self, budget: &Budget) {
        // The old reservation goes first: both may hold the same budget.
        self.held = None;
        self.cap = budget.memory().map_or(u64::MAX, |m| m / 4);
        let mut held = budget.reservation();
        if self.bytes > self.cap || held.set(self.bytes).is_err() {
            self.options = Vec::new();
            self.bytes = 0;
        }
        self.held = Some(held);
    }

    fn forget(&mut self) {
        self.options = Vec::new();
        self.bytes = 0;
        if let Some(held) = &mut self.held {
            held.shrink(held.bytes());
        }
    }
}

/// The bytes one kept list of options holds on the heap.
fn entry_bytes(options: &[u64]) -> u64 {
    16 + 8 * options.len() as u64
}

/// How much work a position is, as the engine's order of search wants it
/// (see the module documentation): an `int`'s value, the length of a
/// tuple, frozenset, string or bytes, else 0.
pub(crate) fn size_of(obj: &Bound<'_, PyAny>) -> u64 {
    if obj.is_instance_of::<PyInt>() {
        return match obj.extract::<u64>() {
            Ok(n) => n,
            Err(_) if obj.lt(0).unwrap_or(false) => 0,
            Err(_) => u64::MAX,
        };
    }
    let sized = obj.is_instance_of::<PyTuple>()
        || obj.is_instance_of::<PyFrozenSet>()
        || obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>();
    if sized {
        return obj.len().map_or(0, |n| n as u64);
    }
    0
}
