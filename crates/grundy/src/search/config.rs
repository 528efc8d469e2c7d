//! What a request gives its searches ([`SearchConfig`]): time, memory and
//! cancellation, the size of each transposition table, the most work, and
//! who hears of progress.

use super::progress::SharedObserver;
use crate::budget::Budget;

/// The default allowance of one transposition table: 256 MiB. The command
/// line sets its own, a fraction of the machine's memory.
pub const DEFAULT_TABLE_BYTES: u64 = 256 << 20;

/// The positions and moves a front end lets one search for a Grundy value
/// visit by default when the user can watch it and stop it (the command
/// line's progress bar and Ctrl-C; Python's Ctrl-C): about half a minute of
/// a Cram search at 6 to 7 million a second, every Cram board up to 5×8
/// and 4×11. The library's own default ([`DEFAULT_BUDGET`]) is smaller:
/// a caller that cannot be interrupted is refused sooner.
///
/// [`DEFAULT_BUDGET`]: crate::solver::DEFAULT_BUDGET
pub const DEFAULT_SEARCH_WORK: usize = 200_000_000;

/// What the searches of one request may spend and whom they report to.
#[derive(Clone)]
pub struct SearchConfig {
    /// Time, memory and cancellation. The tables reserve their bytes from it.
    pub budget: Budget,
    /// The most bytes each transposition table may grow to (it starts small
    /// and doubles as it fills; past this it replaces entries).
    pub table_bytes: u64,
    /// The most positions and moves one question may visit, or `None`.
    /// Reaching it is [`Error::Limit`](crate::error::Error::Limit) of kind
    /// [`Work`](crate::budget::LimitKind::Work).
    pub work: Option<u64>,
    /// Receives [`Progress`](super::Progress) reports while a search runs.
    pub observer: Option<SharedObserver>,
}

impl Default for SearchConfig {
    /// No limit but the default table size; no observer.
    fn default() -> SearchConfig {
        SearchConfig {
            budget: Budget::unlimited(),
            table_bytes: DEFAULT_TABLE_BYTES,
            work: None,
            observer: None,
        }
    }
}

impl std::fmt::Debug for SearchConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchConfig")
            .field("budget", &self.budget)
            .field("table_bytes", &self.table_bytes)
            .field("work", &self.work)
            .field("observer", &self.observer.is_some())
            .finish()
    }
}
