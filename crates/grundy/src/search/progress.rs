//! What a search has done so far: counters ([`Stats`]) and the periodic
//! report ([`Progress`]) handed to an [`Observer`] — a callback with no I/O
//! of its own, so that the command line can draw a progress bar and a
//! server can stream it, while the library prints nothing.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::table::Fill;

/// Counters of one search engine since it was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions expanded (their options listed).
    pub positions: u64,
    /// Options listed.
    pub options: u64,
    /// Questions answered by the table without a search.
    pub hits: u64,
    /// Questions "is the nimber k?" answered no by the cheap bound, without
    /// listing options.
    pub bounded: u64,
    /// Parts whose nimber was found.
    pub solved: u64,
    /// The transposition table.
    pub table: Fill,
    /// Time spent searching.
    pub elapsed: Duration,
}

impl Stats {
    /// The counters of two engines together (tables' fills added).
    pub fn plus(&self, o: &Stats) -> Stats {
        Stats {
            positions: self.positions + o.positions,
            options: self.options + o.options,
            hits: self.hits + o.hits,
            bounded: self.bounded + o.bounded,
            solved: self.solved + o.solved,
            table: Fill {
                entries: self.table.entries + o.table.entries,
                capacity: self.table.capacity + o.table.capacity,
                bytes: self.table.bytes + o.table.bytes,
                max_bytes: self.table.max_bytes.saturating_add(o.table.max_bytes),
                replaced: self.table.replaced + o.table.replaced,
            },
            elapsed: self.elapsed + o.elapsed,
        }
    }

    /// Positions expanded per second.
    pub fn rate(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.positions as f64 / s
        } else {
            0.0
        }
    }
}

/// A report on a search under way, sent every [`REPORT_EVERY`] or so.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The counters so far.
    pub stats: Stats,
    /// The part the search was asked about, as written.
    pub root: String,
    /// The value being tested at the root (the search proves, for k = 0, 1,
    /// …, whether some option has nimber k), and how many of the root's
    /// options have been looked at for it, of how many.
    pub testing: Option<(u64, usize, usize)>,
}

/// How often an [`Observer`] hears of a search, at most.
pub const REPORT_EVERY: Duration = Duration::from_millis(200);

/// Receives [`Progress`] reports from a long search. Any `FnMut(&Progress)`
/// that can be sent between threads is one.
pub trait Observer: Send {
    /// A report; called from the searching thread, so keep it quick.
    fn progress(&mut self, progress: &Progress);
}

impl<F: FnMut(&Progress) + Send> Observer for F {
    fn progress(&mut self, progress: &Progress) {
        self(progress)
    }
}

impl std::fmt::Debug for dyn Observer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Observer")
    }
}

/// An observer shared by the engines of one request.
pub type SharedObserver = Arc<Mutex<dyn Observer>>;

/// Wraps an observer for [`SearchConfig::observer`](super::SearchConfig).
pub fn shared(observer: impl Observer + 'static) -> SharedObserver {
    Arc::new(Mutex::new(observer))
}
