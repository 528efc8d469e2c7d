//! Loopy games: positions that can repeat, draws, and the generalized
//! Sprague–Grundy function γ.
//!
//! In a *loopy* game a line of play may come back to a position it has
//! seen, so play need not end. A position is then won for the player to
//! move (N), lost (P), or a **draw** (D): neither player can force a win,
//! and each can avoid losing forever. C. A. B. Smith's generalized
//! Sprague–Grundy function γ decides all three, and adds over sums as the
//! Grundy value does.
//!
//! # The function
//!
//! Let `F(u)` be the followers of a position `u` (the positions one move
//! reaches). γ gives each position a non-negative integer or `∞`; together
//! with a *counter* `c`, defined on the positions of finite value, it
//! satisfies (Smith 1966; Fraenkel & Yesha 1986):
//!
//! * **A.** A finite `γ(u)` is the mex of the finite values among `γ(F(u))`.
//! * **B.** If `γ(u)` is finite and a follower `v` has a larger value
//!   (`∞` counts as larger), then `v` has a follower `w` with
//!   `γ(w) = γ(u)` and `c(w) < c(u)`: the move to `v` *reverses*.
//! * **C.** If `γ(u) = ∞`, then `u` has an infinite follower `v` none of
//!   whose followers has value `mex γ(F(u))`.
//!
//! An infinite value is written `∞(K)`, `K` the finite values among the
//! followers ([`Gamma`]). Such a γ exists and is unique. It decides the
//! game: a position is **P** when `γ = 0`; **N** when `γ` is a positive
//! number or `∞(K)` with `0 ∈ K`; **D** otherwise (`∞(K)`, `0 ∉ K`).
//! Facing 0, every move goes up (A), and the winner moves straight back to
//! 0 with a smaller counter (B): the counters fall, so the game ends, and
//! the player facing 0 made no last move. Facing `∞(K)` with `0 ∉ K`, no
//! move reaches 0, and the move of condition C (with `mex K = 0`) leads to
//! another such position, from which again no move reaches 0: a draw.
//!
//! On a graph without cycles γ is the ordinary Grundy value, so loop-free
//! games keep exactly the values they have always had.
//!
//! # Sums
//!
//! γ of a sum follows from γ of its terms ([`Gamma::sum`], Smith 1966): the
//! nim-sum when all are finite; `∞(K ⊕ a)` for one term `∞(K)` and finite
//! terms of nim-sum `a`; and `∞(∅)`, a draw, for two or more infinite terms
//! (every move changes one term, so one infinite term always remains and no
//! follower of the sum is finite, while each infinite term has an infinite
//! follower to keep two of them infinite forever). So a loopy component and
//! loop-free ones mix in one sum ([`Position::analyze`](crate::sum::Position::analyze)).
//!
//! # The algorithm ([`solve`])
//!
//! Fraenkel and Yesha's labelling, value level by value level, made linear
//! per level with counters (retrograde analysis, as for win/lose/draw;
//! iterative, no recursion). At level `i = 0, 1, 2, …`, with `U` the
//! vertices not labelled yet:
//!
//! 1. Label `u ∈ U` with `i` as long as some `u` has no follower labelled
//!    `i`, and each of its followers that is unlabelled or `∞` has a
//!    follower labelled `i`. The order of labelling is the counter `c`.
//! 2. Close the level: every `u ∈ U` without a follower labelled `i` becomes
//!    `∞`.
//! 3. Stop when `U` is empty; else go on to `i + 1`.
//!
//! **Invariant.** At the start of level `i` every vertex of `U` has
//! followers of each value `0, …, i − 1` (those without a follower of
//! value `j` were closed as `∞` at level `j`). So a vertex labelled `i`
//! whose other followers are labelled has mex exactly `i` (condition A).
//!
//! **Why a value is final.** When `u` is labelled `i`, each follower `v`
//! that is unlabelled or infinite already has a follower `w` labelled `i` —
//! earlier, so `c(w) < c(u)` — and `v` itself can no longer be labelled `i`
//! (it has a follower of that value): `v` ends with a larger value or `∞`,
//! and B holds for it. Followers already labelled have values below `i`.
//!
//! **When ∞ is forced.** A vertex closed at level `i` has mex `i` (the
//! invariant, and no follower labelled `i`), and can never be labelled:
//! a larger value would need a follower of value `i`, and no more vertices
//! get `i`. It was not labelled `i` because some follower `v`, unlabelled
//! or infinite, had no follower labelled `i` when the level closed; that
//! `v` is closed as `∞` too (now or before), and `i` is not among its
//! followers' values — condition C. [`Solution::forcing`] lists these
//! followers, [`Solution::reversal`] the answers of condition B, and
//! [`Solution::verify`] checks A, B and C on a whole solution.
//!
//! **The counters.** `open[u]` counts the followers of `u` still unlabelled
//! or infinite (with repeated edges), kept across levels: it falls by one
//! whenever a follower is labelled. At the start of a level `cnt[u] =
//! open[u]` for every `u ∈ U`; when a vertex `v` that is unlabelled or
//! infinite gets its first follower labelled `i`, `v` is *marked* and
//! `cnt[u]` falls by one for each unlabelled predecessor `u`. A vertex is
//! labelled `i` the moment `cnt[u] = 0` while `u` is unmarked; a queue
//! passes each new label on to the predecessors.
//!
//! **Cost.** A vertex stays in `U` for at most (its value + 1) levels, and a
//! value is at most the out-degree, so resetting the counters costs
//! `O(V + E)` in all. Each labelled vertex passes its label to its
//! predecessors once (`O(E)` in all); marking `v` costs its in-degree, once
//! per distinct finite value among `v`'s followers. So the work is linear in
//! the edges for each value level, and linear overall when values are small
//! — a graph of a million vertices and edges takes a fraction of a second.
//! Time, memory and cancellation are those of a [`Budget`](crate::budget::Budget);
//! progress goes to a callback, without I/O.
//!
//! # Games
//!
//! Any [`Game`](crate::game::Game) may be loopy. The finite solvers report
//! [`Error::Loop`](crate::error::Error::Loop) when a position repeats
//! along a line of play; the analysis of a sum then asks this module's
//! [`LoopySolver`], which explores the component's positions breadth first
//! — each a multiset of components, as moves may split — into a [`Graph`]
//! within a work budget, and solves it. A family played on an explicit
//! graph (a token on a digraph, see [`Game::on_graph`](crate::game::Game::on_graph))
//! hands its graph over, solved once for all its tokens. Misère play of
//! loopy games is not handled (refused with a clear error).
//!
//! # Sources
//!
//! * C. A. B. Smith, *Graphs and composite games*, J. Combin. Theory 1
//!   (1966) 51–81 — the function, draws, and the sum rule.
//! * A. S. Fraenkel and Y. Yesha, *The generalized Sprague–Grundy function
//!   and its invariance under certain mappings*, J. Combin. Theory Ser. A
//!   43 (1986) — conditions A, B, C with the counter function, and the
//!   labelling algorithm.
//! * A. S. Fraenkel, *Scenic trails ascending from sea-level Nim to alpine
//!   chess*, Games of No Chance, MSRI Publ. 29 (1996), and *Complexity,
//!   appeal and challenges of combinatorial games*, Theoret. Comput. Sci. 313
//!   (2004) 393–415 — surveys of the above, with the outcome rule.
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::loopy::Gamma;
//! use grundy::nim::{Outcome, Play};
//! use grundy::sum::AnalyzeOptions;
//!
//! // Tokens on 1 → 2 → 3 → 1 with an exit 3 → 4: the cycle is no trap,
//! // every vertex has a finite value (1: 1, 2: 0, 3: 2, 4: 0); 1 ⊕ 2 = 3.
//! let pos = parse_position("digraph(1>2 2>3 3>1 3>4; 1 3)").unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! assert_eq!(a.grundy, Some(3));
//! // A two-cycle alone is a draw: ∞(∅).
//! let pos = parse_position("digraph(1>2 2>1; 1)").unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.outcome, Outcome::D);
//! assert_eq!(a.gamma.unwrap().sum, Gamma::infinite([]));
//! ```

mod account;
mod explore;
mod gamma;
mod outcomes;
mod retrograde;
mod solver;

pub use crate::graph::{Graph, MAX_SIZE};
pub use account::{Account, Follower};
pub use explore::Explored;
pub use gamma::{Gamma, SumRule};
pub use outcomes::OutcomeTable;
pub use retrograde::{solve, Progress, ProgressHook, Solution};
pub use solver::{Found, LoopySolver};
