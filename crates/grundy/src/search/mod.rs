//! Nimbers of games without a theory, by a search that splits, prunes and
//! remembers.
//!
//! This is the engine behind every Grundy value found by search: board and
//! graph games (Cram, Node-Kayles, …), games written in Python, and any
//! [`Game`](crate::game::Game) whose family knows no formula. It knows no
//! game by name: a game is given to it as [`Rules`] — its components
//! (*parts*) in canonical form and the options of each, every option
//! already split into independent parts.
//!
//! # The method
//!
//! **Splitting.** By the Sprague–Grundy theorem a sum of independent
//! components is worth the xor of their nimbers, so the engine never
//! searches a sum as a whole: an option that leaves a board in three
//! regions is three parts, each solved (and remembered) on its own.
//!
//! **Canonical parts.** Equal parts are solved once: the rules hand out
//! parts normalised for the game's symmetries (a board region shifted to
//! its corner and turned to the least of its rotations and reflections; a
//! graph relabelled), and options that leave the same parts (symmetric
//! moves) are merged when a position is expanded.
//!
//! **Outcome searches instead of mex over everything.** J. Lemoine and
//! S. Viennot, *Nimbers are inevitable*, Theoretical Computer Science 462
//! (2012) 70–79, observe that the question to ask of a component `G` is
//! not "what is your nimber?" but "is `G + *k` a P-position?" — that is,
//! "is your nimber exactly `k`?". That question has a cheap answer *no*:
//! one option of nimber `k` is a winning move of `G + *k`, and the search
//! stops there. The engine computes a nimber as they do, as the first `k`
//! for which `G + *k` is a P-position ([`Search::nimber`]), asking for each
//! `k` whether some option has nimber `k` and stopping at the first that
//! does. And it asks of an option of several parts the way they show is
//! always cheaper than searching the sum: the nimbers of all its parts but
//! the largest are computed (they are small, and remembered), xor'd into
//! `k`, and only the largest part is searched, with the question "is your
//! nimber `k ⊕ (the others)`?". Their paper proves that computing the
//! nimbers of components is never worse than developing the tree of the
//! sum: nimbers are inevitable.
//!
//! **Pruning.** P. Beling and M. Rogalski, *On pruning search trees of
//! impartial games*, Artificial Intelligence 283 (2020) 103262, study how to
//! prune search trees whose values are given by mex rather than min/max, in
//! the spirit of α–β, and compare with Lemoine and Viennot's method; their
//! experiments (on Nim, Chomp and Cram) find pruning pays most when the
//! transposition table holds only a small fraction of the positions, as it
//! does on large boards. The prunings used here:
//!
//! * *the cut*: a search for an option of nimber `k` stops at the first
//!   found, and a proof that `G` has not nimber `k` stops at the first
//!   option of nimber `k` — the options after it are never expanded;
//! * *bounds*: a position with `d` options has nimber at most `d`, so "is
//!   your nimber `k`?" is answered *no* at once when `k` exceeds a cheap
//!   upper bound the rules give ([`Rules::bound`]; for a board, the number
//!   of places a domino fits) — without listing a single option;
//! * *refutation while listing*: asked whether `G` has nimber `k`, the
//!   engine reads the table for each option as the rules list it
//!   ([`Rules::options_until`]) and stops listing at the first option
//!   known to have nimber `k`. Nine in ten positions a Cram search meets
//!   are refuted so (on 5×7, its dominoes listed row by row, a third of
//!   the way down their list on average: the order of listing matters,
//!   and Cram lists from the middle of the board out); each
//!   option of known nimber met on the way rules that value out for `G`
//!   as well, and the table records every such value at once;
//! * *the table first*: each time the options are scanned for nimber `k`,
//!   those the table already decides are looked at before any is searched,
//!   so a known option of nimber `k` ends the scan without a search;
//! * *order*: the options left to search are tried smallest part first, so
//!   that a cheap option that answers is found before an expensive one;
//! * *facts short of a nimber*: a search that proves "`G` has not nimber
//!   `k`" is recorded even though the nimber of `G` is not known, so the
//!   question is never searched twice.
//! * *theory*: a part whose value the rules know without search
//!   ([`Rules::known`]) is never expanded — for Cram, a region that is its
//!   own image under a half turn, with no free cell or domino its own
//!   image, is worth 0 by the second player's copying strategy, and a
//!   region of a box of at most 16 cells is read from an end database
//!   (a dense table filled on first use), never looked up in the table.
//!
//! **The transposition table** ([`table`]) is bounded in bytes, reserved
//! from the request's [`Budget`](crate::budget::Budget): it starts small,
//! doubles while its allowance and the budget permit, and then replaces
//! entries: half of a full bucket keeps the entries that cost most to
//! find, the other half the latest of the rest (its memory is asked of
//! the kernel in huge pages, where it can: the reads land at random places).
//! Parts the rules can write as one word ([`Rules::word`]: a Cram region,
//! a small Chomp bar) take a slot of eight bytes, or six once the table
//! is large enough, the bits that pick their bucket not stored, so the
//! table holds twice as many or more in the same bytes.
//! Everything it holds is a
//! proved fact about an exactly identified part, so what it forgets costs
//! time, never correctness.
//!
//! **Pruning for finite games only.** Every prune above counts on every
//! line of play ending: a bound or a cut leaves lines unvisited, and in a
//! game with repetitions a loop in such a line can make a value infinite
//! (a generalized Sprague–Grundy value) where the mex of the options seen
//! says otherwise. So the engine prunes only for rules that promise
//! finiteness ([`Rules::finite`]). For any other rules it finds the value
//! of every option of every position it expands, keeps the parts of the
//! line being searched, and refuses a repetition with
//! [`Error::Loop`](crate::error::Error::Loop): a depth-first search that
//! visits every option meets every repetition reachable from its start,
//! so what it answers is the value of a game whose lines all end, and a
//! loopy game is always refused (callers catch that kind to switch to a
//! solver for loopy games). Finite rules may ask for the same full search
//! ([`Rules::prune`]): where a position does not split and nimbers run
//! into the tens (Chomp), finding each option's nimber once beats asking
//! about one value at a time.
//!
//! **Bounded.** Every expansion counts against the work allowance
//! ([`SearchConfig::work`]), ticks the budget's clock and cancellation
//! ([`Ticker`](crate::budget::Ticker)), and every few thousand a
//! [`Progress`] report goes to the [`Observer`], if any. Deep lines of play
//! run on a stack that grows on the heap (the `stacker` crate), so a game
//! whose lines are a million moves long needs no special care.
//!
//! # Using it
//!
//! * A family with a fast representation implements [`Rules`] for it, and
//!   answers [`Game::solve`](crate::game::Game::solve) by handing its part
//!   to [`Engines::nimber`]; every caller of the generic
//!   [`Solver`](crate::solver::Solver) — sums, `explain`, winning moves,
//!   the Python `Game` — then reaches it.
//! * Any other [`Game`](crate::game::Game) is searched through its moves
//!   by the same engine (the adapter lives in [`solver`](crate::solver)).
//! * [`Search`] can also be used directly, as in the example of [`Rules`].
//!
//! Files: [`rules`] (the interface), [`nimber`](mod@nimber) (the search),
//! [`table`] (the transposition table), [`progress`] (counters, reports),
//! [`engines`] (configuration, and one engine per game for a request).

pub mod config;
pub mod engines;
pub mod nimber;
pub mod progress;
pub mod rules;
pub mod table;

pub use config::{SearchConfig, DEFAULT_SEARCH_WORK, DEFAULT_TABLE_BYTES};
pub use engines::Engines;
pub use nimber::Search;
pub use progress::{shared, Observer, Progress, SharedObserver, Stats};
pub use rules::{Options, Rules};
pub use table::{Facts, Fill};
