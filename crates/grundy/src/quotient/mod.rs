//! Misère quotients: misère play of heap games solved exactly, for sums of
//! any number of heaps.
//!
//! # The mathematics
//!
//! Sources: T. E. Plambeck, *Taming the wild in impartial combinatorial
//! games*, INTEGERS 5 (2005) G05; T. E. Plambeck and A. N. Siegel, *Misère
//! quotients for impartial games*, J. Combin. Theory Ser. A 115 (2008),
//! arXiv:math/0609825; A. N. Siegel, *Misère games and misère quotients*,
//! Games of No Chance 5 (2017). The definitions below are theirs; the
//! construction and its proof are written for this crate from those
//! definitions (no code was consulted).
//!
//! * A set `A` of games is **closed** when it contains the sum of any two of
//!   its games and every option of each of its games. Here `A_N` is the
//!   closure of the heaps `1..=N` of one rule: all finite sums of them
//!   (a move in a heap of `A_N` leaves smaller heaps).
//! * Two games `G, H` are **indistinguishable modulo `A`**, `G ≡ H (mod A)`,
//!   when `G + X` and `H + X` have the same misère outcome for every `X` in
//!   `A`. This is a congruence for `+`; the classes form a commutative monoid,
//!   the **misère quotient** `Q(A)`; here `Q_N = Q(A_N)`.
//! * The **P-portion** `P ⊆ Q` is the set of classes of misère P-positions
//!   (it is well defined: take `X = 0`). The **pretending function**
//!   `Φ: A → Q` sends each game to its class; it is a homomorphism, so the
//!   outcome of a sum `x = h_1 + … + h_k` of heaps is read off
//!   `Φ(h_1)·…·Φ(h_k)`: a P-position exactly when the product lies in `P`.
//!
//! # An example: misère 0.75
//!
//! In 0.75 a move takes one token (leaving the rest as one heap, or the
//! whole heap taken: digit 7 of the first place) or two tokens (leaving
//! one or two heaps: digit 5 of the second). Its quotient on the heaps
//! `0..=12` has order 8:
//!
//! ```text
//! generators: a = heap 1, b = heap 2, c = heap 5
//! relations:  a² = 1, bc = ab, c² = b², b³ = b
//! P = {a, b²}
//! Φ: 0 ↦ 1, 1 ↦ a, 2 ↦ b, 3 ↦ a, 4 ↦ b, 5 ↦ c, 6 ↦ b, 7 ↦ c, 8 ↦ b,
//!    9 ↦ ab², 10 ↦ b, 11 ↦ ab², 12 ↦ b
//! ```
//!
//! To play `3 + 5 + 7` read `Φ(3)·Φ(5)·Φ(7) = a·c·c = ab²`, which is not in
//! `P`: the player to move wins, and a winning move is one that moves the
//! product into `P`. Taking one token from the heap of 3 and splitting the
//! rest into `1 + 1` (element `a² = 1`) leaves `1·c·c = b² ∈ P`: it wins;
//! leaving a heap of 2 instead gives `b·c·c = b³ = b ∉ P`: it loses.
//!
//! ```
//! use grundy::quotient::{Quotient, QuotientLimits};
//! use grundy::{Outcome, Rule};
//! let q = Quotient::compute(&Rule::parse("0.75").unwrap(), 40, QuotientLimits::default()).unwrap();
//! assert_eq!((q.order(), q.p_portion().len()), (8, 2));
//! assert_eq!(q.word(q.product(&[3, 5, 7]).unwrap()), "ab^2");
//! assert_eq!(q.outcome(&[3, 5, 7]).unwrap(), Outcome::N);
//! // Every winning move moves the product into P.
//! let answer = q.winning_moves(&[3, 5, 7], 100).unwrap();
//! for (i, mv) in &answer.moves {
//!     let mut rest: Vec<u64> = [3u64, 5, 7].iter().enumerate()
//!         .filter(|&(j, _)| j != *i).map(|(_, &h)| h).collect();
//!     rest.extend(&mv.leaves);
//!     assert_eq!(q.outcome(&rest).unwrap(), Outcome::P);
//! }
//! // Φ is proved periodic (period 2), so heaps of any size are covered.
//! assert_eq!(q.period().map(|p| p.period), Some(2));
//! assert_eq!(q.outcome(&[1_000_000_001]).unwrap(), q.outcome(&[41]).unwrap());
//! ```
//!
//! # The construction (heap by heap)
//!
//! Start from `Q_0 = {1}`, `P = ∅` (the empty game is a misère N-position).
//! For each new heap `n` with options `r` (sums of smaller heaps, whose
//! elements `Φ(r)` are known), let `t_k(z)` say whether `w + k·H_n` is a
//! P-position for the positions `w` of element `z`. The misère rule (a
//! position is P iff it has a move and every move leads to N) gives
//! `t_k(z) = ¬∃r: t_{k−1}(z·Φ(r)) ∧ ¬∃ option w′ of w: t_k(Φ(w′))` for
//! `k ≥ 1`, evaluated on one representative `w` of each `z`: the least in
//! the order that compares sums by their count of the largest heap, then
//! of the next, and so on (an option always comes first). The sequence `t_0, t_1, …` repeats
//! (`t_{s+q} = t_s`); the monoid `Q_{n−1} × ⟨h | h^{s+q} = h^s⟩` with
//! `P = {(z, k): t_k(z)}` is then reduced by the coarsest congruence inside
//! the P/N split (Moore's partition refinement over the generators — in a
//! commutative monoid this is the indistinguishability relation
//! `x ρ y ⟺ ∀z: xz ∈ P ⟺ yz ∈ P`, as Siegel describes for passing from an
//! unreduced bipartite monoid to the quotient). Heap `n` either lands on an
//! existing element (order unchanged) or adjoins a new generator.
//!
//! That step treats `t_k` as a function of `Φ_{n−1}(w)`, which the theory
//! does not promise (a new heap may tell apart positions that the smaller
//! heaps could not). So the result is a *candidate*, and it is accepted only
//! after a **proof**:
//!
//! **Verification theorem.** Let `M` be a finite commutative monoid, `S ⊆ M`,
//! and `ψ` a homomorphism from `A_N` onto `M` given on heaps, with `ψ(h) = 1`
//! for every heap `h` without moves (heap 0 among them: each is the game 0).
//! For each heap `i` with moves let `B_i = {m : m·ψ(r) ∈ S for some option
//! r of heap i}`. If (V0) `1 ∉ S`; (VA) `m·ψ(i) ∈ S ⇒ m ∉ B_i` for all `m`
//! and `i`; and (VB) every `x` with a heap that has moves and `ψ(x) ∉ S`
//! contains a heap `i` with `ψ(x − i) ∈ B_i` — then `x` is a misère P-position iff `ψ(x) ∈ S`,
//! for every `x` in `A_N`. (Induction over the game tree: the options of `x`
//! are `x − i + r`, of element `ψ(x − i)·ψ(r)`.) If moreover `(M, S)` is
//! reduced (no two elements indistinguishable), `M ≅ Q_N` and `ψ = Φ`.
//!
//! When the proof finds a sum on which the candidate is wrong (a new heap
//! told apart positions that `Q_{n−1}` identifies — for Dawson's Kayles this
//! first happens at heap 10), the step is redone over a finer base: the
//! elements of `Q_{n−1}` paired with the counts of the heaps named in the
//! counterexamples (counts folded by `h^(c+2) = h^c`), while that product is
//! small; beyond, the failed candidate's image of the smaller heaps (it
//! refines `Q_{n−1}`, since the reduction is a congruence that keeps their
//! P-positions) paired with the counts of the heaps named last. Either base
//! is a correct, unreduced bipartite monoid for the smaller heaps, so the
//! step's recursion applies to it. When the base is still too coarse the
//! recursion, read on one representative per element, can produce a
//! candidate far larger than the quotient (Dawson's Kayles at heap 30,
//! where Siegel reports order 360); the look-ahead below then takes over,
//! and when it too fails the construction stops with an error naming the
//! heap and the order reached (0.6 stops at heap 17, 0.16 at 18). No answer is
//! ever given without the proof.
//!
//! What the recursion needs is a base that refines the image `Q'_n` of the
//! smaller heaps in `Q_n` (then `t_k` is a function of the base element and
//! one representative is as good as any); `Q'_n` refines `Q_{n−1}` but can
//! be strictly finer, and the counts of named heaps only approximate it.
//!
//! When the counted bases give up, a second refinement takes over: *one
//! ply of exact look-ahead*, the syntactic monoid of "`x` is P iff `x ≠ 0`
//! and the failed candidate puts no option of `x` in `P`". It is computable
//! exactly: with `B_i = {m : m·Φ(r) ∈ P for an option r of heap i}` and
//! `U(x) = ⋃_{i ∈ x} {m : Φ(x − i)·m ∈ B_i}` (the contexts in which some
//! heap of `x` has a move to `P`), `x + z` is accepted iff it is non-empty,
//! `Φ(z) ∉ U(x)` and `Φ(x) ∉ U(z)`, and `U(x + y) = U(x)/Φ(y) ∪ U(y)/Φ(x)`
//! (`U/a = {m : a·m ∈ U}`), so `x ↦ (Φ(x), U(x), x ≠ 0)` is a homomorphism
//! onto a finite monoid, reduced by Moore's refinement. On the heaps below
//! `n` the failed candidate is right, so this monoid's image of them is a
//! correct base that refines `Q_{n−1}` and tells apart sums whose options
//! differ. Round after round the base is the look-ahead of the last failed
//! candidate. At heap 30 of Dawson's Kayles the first round's candidate has
//! order 372 and fails its proof on `2 + 29 + 29 + 30 + 30`; the second
//! round's base has 360 elements and its candidate, of order 360 (Siegel's
//! figure), passes the proof. Used alone from the first failure on, it
//! diverges at heap 25 of Dawson's Kayles (bases of 64, 80, 96, …: each
//! round carries the previous candidate's spurious distinctions one power
//! of heap 7 further), hence the order of the two. It does not take 0.6
//! past heap 17 (its first candidate there already exceeds the limit), nor
//! 0.16 past heap 18.
//!
//! (V0) and (VA) are finite checks. (VB) ranges over infinitely many sums,
//! but its test for `x` depends only on `ψ(x)` and on
//! `W(x) = {m : ψ(x − i)·m ∈ I_i for some heap i of x}`, the contexts in
//! which `x` has a move to `P` (`I_i` is the intersection of `B_j` over the
//! heaps `j` with `ψ(j) = ψ(i)`: a sum may hold any of them). Adding a heap
//! `e` gives `W(x + e) = W(x)/ψ(e) ∪ I_e/ψ(x)` (`U/a = {m : a·m ∈ U}`), so
//! the state `(ψ(x), x ≠ 0, W(x))` evolves deterministically as heaps are
//! added, and a breadth-first search over the finitely many states proves
//! (VB) for all `x` (`1 ∈ W(x)` whenever `x ≠ 0` and `ψ(x) ∉ S`), or finds a
//! counterexample with fewest heaps. The states are few: 1 613 for the
//! proof of `Q_30(0.07)` (order 360), where a state holding `ψ(x − i)` for
//! each kind of heap instead had 8.4 million.

//! # Periodicity
//!
//! The misère analogue of the Guy–Smith theorem (Plambeck–Siegel's
//! periodicity theorem for misère quotients), in the form proved here: let a
//! move remove at most `t` tokens and leave at most `h` heaps, and let
//! `W = max(h·n0 + (h−1)·p + t, t + 1)` (with `n0 ≥ 1`). If `Φ(n + p) = Φ(n)`
//! in `Q_N` for `n0 ≤ n ≤ N − p`, and `N ≥ W + p − 1`, then
//! `Φ(n + p) = Φ(n)` for every `n ≥ n0` and `Q(Γ) = Q_N`: extend `ψ`
//! periodically; for a heap `m > N` the largest heap of each option of `m`
//! has at least `n0 + p` tokens (and of `m − p` at least `n0`), so `m` and
//! `m − p` have the same option elements and the same `B`; (V0), (VA), (VB)
//! for sums with large heaps then reduce to sums of heaps `≤ N`, already
//! proved.
//!
//! # Tame games
//!
//! A game is **tame** on the heaps `≤ N` when its quotient is misère Nim's
//! (see [`NimImage`]): [`Quotient::is_tame`], [`Quotient::genus`].
//!
//! # Where things live
//!
//! * [`Quotient`] (`compute.rs`): the construction's driver (limits,
//!   progress, the time budget) and what a proved quotient holds;
//! * `build.rs`, `lookahead.rs`, `refine.rs`, `verify.rs`, `states.rs`: one
//!   heap's step (candidates over finer bases), the look-ahead, Moore's
//!   refinement and the proof;
//! * [`Monoid`]: the bipartite monoid as a table;
//! * [`Checkpoint`]: a computation saved after some heaps, proved again on
//!   resuming;
//! * [`Relation`], [`write_word`]: the presentation by generators and
//!   relations;
//! * [`MisereAnswer`]: outcomes and winning moves of sums, read from a
//!   quotient;
//! * [`QuotientCache`]: quotients kept by their caller between analyses.

mod build;
mod cache;
mod checkpoint;
mod compute;
mod hash;
mod lookahead;
mod monoid;
mod presentation;
mod read;
mod refine;
mod states;
mod tame;
mod verify;

pub(crate) use cache::ANALYSIS_LIMITS;
pub use cache::{QuotientCache, DEFAULT_CACHE_BYTES};
pub use checkpoint::{Checkpoint, CHECKPOINT_FORMAT};
pub use compute::{Progress, Quotient, QuotientLimits};
pub use monoid::{Element, Monoid};
pub use presentation::{generator_name, write_word, Relation};
pub use read::MisereAnswer;
pub use tame::NimImage;
