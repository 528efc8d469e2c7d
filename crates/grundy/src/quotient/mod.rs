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
//! use grundy::games::heap::parse_rule;
//! use grundy::nim::Outcome;
//! use grundy::quotient::{Quotient, QuotientLimits};
//! let q = Quotient::compute(&parse_rule("0.75").unwrap(), 40, QuotientLimits::default()).unwrap();
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
//! A game is **tame** on the heaps `≤ N` when its quotient is that of
//! misère Nim positions: every heap pretends to be a misère-Nim position
//! (`0`, `*1`, or a "big" position of nim-value `g`, Conway's genera
//! `0^120`, `1^031`, `g^{g, g⊕2}`) and the map is an isomorphism of bipartite
//! monoids. For example misère Nim on heaps `{1, 2, 3}` has the quotient
//! `⟨a, b | a² = 1, b³ = b⟩` of order 6.

mod build;
mod hash;
mod lookahead;
mod read;
mod states;
mod verify;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::period::{Period, Proof, ProofShape};
use crate::rule::{Rule, Subtraction};

pub use read::{quotient_covering, solve_misere, MisereAnswer, ANALYSIS_LIMITS};

/// An element of a quotient, by number: `0` is the identity.
pub type Element = u32;

/// A finite commutative monoid with a marked subset (a bipartite monoid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    /// `mul[a * order + b]` = `a·b`.
    mul: Vec<Element>,
    order: usize,
    /// `p[a]`: whether `a` lies in the P-portion.
    p: Vec<bool>,
}

impl Monoid {
    /// The product `a·b`.
    pub fn mul(&self, a: Element, b: Element) -> Element {
        self.mul[a as usize * self.order + b as usize]
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// Whether `a` lies in the P-portion.
    pub fn is_p(&self, a: Element) -> bool {
        self.p[a as usize]
    }
}

/// What a quotient computation may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuotientLimits {
    /// The most elements the quotient may have (the candidate before
    /// reduction may have up to 16 times as many).
    pub max_order: usize,
    /// The most states the proof's search (and the look-ahead's) may
    /// examine.
    pub max_states: usize,
    /// Stop (with an error) once this many seconds have passed, checked
    /// between heaps and inside each heap: between its candidates and
    /// during their construction, reduction, look-ahead and proof; `None`
    /// for no time limit.
    pub max_seconds: Option<f64>,
}

impl Default for QuotientLimits {
    fn default() -> QuotientLimits {
        QuotientLimits {
            max_order: 2_000,
            max_states: 4_000_000,
            max_seconds: None,
        }
    }
}

/// How a computation is getting on, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The heap just added.
    pub heap: u64,
    /// The order of the quotient so far.
    pub order: usize,
}

/// A heap as misère Nim sees it: the image of a heap in a tame game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum NimImage {
    /// Heaps of 0 and 1 only, with this parity of 1s (genus `0^120` or `1^031`).
    Small(u8),
    /// Some heap of 2 or more, nim-sum `g` (genus `g^{g, g⊕2}`).
    Big(u64),
}

impl NimImage {
    /// Conway's genus symbol: `0^120`, `1^031`, `g^{g,g⊕2}`.
    pub fn genus(&self) -> String {
        match *self {
            NimImage::Small(0) => "0^120".into(),
            NimImage::Small(_) => "1^031".into(),
            NimImage::Big(g) if g < 8 => format!("{g}^{g}{}", g ^ 2),
            NimImage::Big(g) => format!("{g}^({g},{})", g ^ 2),
        }
    }

    fn times(self, other: NimImage) -> NimImage {
        match (self, other) {
            (NimImage::Small(a), NimImage::Small(b)) => NimImage::Small(a ^ b),
            (NimImage::Small(a), NimImage::Big(g)) | (NimImage::Big(g), NimImage::Small(a)) => {
                NimImage::Big(g ^ a as u64)
            }
            (NimImage::Big(g), NimImage::Big(h)) => NimImage::Big(g ^ h),
        }
    }

    fn is_p(self) -> bool {
        matches!(self, NimImage::Small(1) | NimImage::Big(0))
    }
}

/// One relation of a presentation: `lhs = rhs`, each a word given as the
/// exponent of every generator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Relation {
    pub lhs: Vec<u32>,
    pub rhs: Vec<u32>,
}

/// The misère quotient `Q_N` of a heap game, proved.
#[derive(Clone, Debug)]
pub struct Quotient {
    rule: Rule,
    monoid: Monoid,
    phi: Vec<Element>,
    options: Vec<Vec<Element>>,
    period: Option<Period>,
    /// For each element, its normal form over the generators.
    words: Vec<Vec<u32>>,
    /// The heaps whose elements are the generators `a, b, c, …`.
    generator_heaps: Vec<u64>,
    relations: Vec<Relation>,
    tame: Option<Vec<NimImage>>,
    proof_states: usize,
    seconds: f64,
}

/// The parameters of the periodicity theorem for a rule, when it applies.
fn proof_shape(rule: &Rule) -> Option<ProofShape> {
    match rule {
        Rule::TakeBreak(code) => Some(code.proof_shape()),
        Rule::Subtraction(Subtraction::Range { hi, .. }) => Some(ProofShape {
            max_heaps: 1,
            last_digit: *hi,
        }),
        Rule::Subtraction(s) => s.proof_shape(),
        Rule::Nim | Rule::Grundys => None,
    }
}

impl Quotient {
    /// The quotient `Q_N` of the heaps `0..=to` of `rule` (a take-and-break
    /// code or a subtraction set), proved.
    ///
    /// ```
    /// use grundy::rule::{Rule, TakeBreak};
    /// use grundy::quotient::{Quotient, QuotientLimits};
    /// // Dawson's Kayles to heap 12.
    /// let q = Quotient::compute(&Rule::dawsons_kayles(), 12, QuotientLimits::default()).unwrap();
    /// assert!(q.order() >= 2 && q.order() % 2 == 0);
    /// ```
    pub fn compute(rule: &Rule, to: u64, limits: QuotientLimits) -> Result<Quotient> {
        Quotient::compute_with(rule, to, false, limits, |_| {})
    }

    /// As [`Quotient::compute`], reporting each heap to `progress`; with
    /// `stop_when_periodic`, stops at the first `N ≤ to` where Φ's period
    /// is proved (then every heap is covered).
    pub fn compute_with(
        rule: &Rule,
        to: u64,
        stop_when_periodic: bool,
        limits: QuotientLimits,
        progress: impl FnMut(Progress),
    ) -> Result<Quotient> {
        Quotient::compute_resumable(rule, to, None, stop_when_periodic, limits, progress).0
    }

    /// As [`Quotient::compute_with`], starting from a [`Checkpoint`] saved
    /// by an earlier run (checked against the rule and proved again before
    /// use), and returning, whatever the outcome, the checkpoint of the last
    /// heap completed — so that a run stopped by a limit can be carried on.
    pub fn compute_resumable(
        rule: &Rule,
        to: u64,
        from: Option<&Checkpoint>,
        stop_when_periodic: bool,
        limits: QuotientLimits,
        mut progress: impl FnMut(Progress),
    ) -> (Result<Quotient>, Option<Checkpoint>) {
        match rule {
            Rule::TakeBreak(_) | Rule::Subtraction(_) => {}
            _ => {
                return (
                    Err(Error::Unsupported(format!(
                        "misère quotients are computed for take-and-break codes and subtraction sets, not {rule}"
                    ))),
                    None,
                )
            }
        }
        let cap = limits.max_order.saturating_mul(4).max(64) as u64;
        if to > cap {
            return (
                Err(Error::TooLarge(format!(
                    "--to {to}: a misère quotient is built heap by heap; at most {cap} heaps \
                     with this size limit"
                ))),
                None,
            );
        }
        let started = Instant::now();
        // The time limit as an instant, for the checks inside a heap (a
        // limit that is not a valid duration leaves them unbounded in time;
        // the check between heaps still applies).
        let deadline = limits
            .max_seconds
            .and_then(|limit| std::time::Duration::try_from_secs_f64(limit).ok())
            .and_then(|d| started.checked_add(d));
        let mut b = match from {
            None => build::Builder::new(rule.clone(), limits.max_order),
            Some(c) => match c.restore(rule, limits) {
                Ok(b) => b,
                Err(e) => return (Err(e), None),
            },
        };
        let shape = proof_shape(rule);
        let mut period = None;
        let mut states = 0;
        let stopped = |b: &build::Builder, e: Error| (Err(e), Some(Checkpoint::of(b)));
        let out_of_time = |b: &build::Builder| {
            let limit = limits.max_seconds?;
            (started.elapsed().as_secs_f64() > limit).then(|| {
                Error::TooLarge(format!(
                    "the misère quotient of {rule} was stopped after {limit} s: heaps 0..{} are done \
                     (order {} so far)",
                    b.heaps_done(),
                    b.monoid.order
                ))
            })
        };
        while b.heaps_done() < to {
            if let Some(e) = out_of_time(&b) {
                return stopped(&b, e);
            }
            states = match b.step(limits.max_states, deadline) {
                Ok(s) => s,
                // A heap given up on after the time limit (whatever its
                // last attempt reported) was stopped by the limit.
                Err(e) => return stopped(&b, out_of_time(&b).unwrap_or(e)),
            };
            progress(Progress {
                heap: b.heaps_done(),
                order: b.monoid.order,
            });
            if stop_when_periodic {
                if let Some(shape) = shape {
                    period = find_period(&b.phi, shape);
                    if period.is_some() {
                        break;
                    }
                }
            }
        }
        if period.is_none() {
            period = shape.and_then(|s| find_period(&b.phi, s));
        }
        let checkpoint = Checkpoint::of(&b);
        // Each step proved its quotient; the last proof covers all heaps.
        let (words, generator_heaps, relations) = presentation(&b.monoid, &b.phi);
        let mut q = Quotient {
            rule: rule.clone(),
            monoid: b.monoid,
            phi: b.phi,
            options: b.options,
            period,
            words,
            generator_heaps,
            relations,
            tame: None,
            proof_states: states,
            seconds: 0.0,
        };
        q.tame = q.nim_images();
        q.seconds = started.elapsed().as_secs_f64();
        (Ok(q), Some(checkpoint))
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// `N`: the largest heap computed.
    pub fn heaps(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The monoid with its P-portion.
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.monoid.order
    }

    /// The identity element (always 0).
    pub fn identity(&self) -> Element {
        0
    }

    /// The elements of the P-portion, ascending.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.monoid.order as Element)
            .filter(|&x| self.monoid.is_p(x))
            .collect()
    }

    /// The multiplication table, one row per element.
    pub fn table(&self) -> Vec<Vec<Element>> {
        self.monoid
            .mul
            .chunks(self.monoid.order)
            .map(<[Element]>::to_vec)
            .collect()
    }

    /// Φ for the heaps `0..=N`.
    pub fn pretending(&self) -> &[Element] {
        &self.phi
    }

    /// The element of a heap of any size: directly up to `N`, by the proved
    /// period beyond; an error past `N` without a period.
    pub fn phi(&self, heap: u64) -> Result<Element> {
        if let Some(&e) = self.phi.get(heap as usize).filter(|_| heap <= self.heaps()) {
            return Ok(e);
        }
        match self.period {
            Some(p) => Ok(self.phi[p.reduce(heap) as usize]),
            None => Err(Error::TooLarge(format!(
                "heap {heap} is beyond the misère quotient of {} computed to heap {} \
                 (no period of its pretending function is proved there)",
                self.rule,
                self.heaps()
            ))),
        }
    }

    /// The elements of the options of a heap `≤ N`.
    pub(crate) fn option_elements(&self, heap: u64) -> &[Element] {
        &self.options[heap as usize]
    }

    /// The proved period of Φ, if any: `Φ(n + period) = Φ(n)` for all
    /// `n ≥ preperiod`, and then this is the full quotient `Q(Γ)`.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The generators' heaps (`a` is the first, `b` the second, …).
    pub fn generator_heaps(&self) -> &[u64] {
        &self.generator_heaps
    }

    /// Each element's normal form: the exponent of each generator.
    pub fn words(&self) -> &[Vec<u32>] {
        &self.words
    }

    /// A complete set of relations: with the generators they present the
    /// monoid (every word reduces to its normal form by them).
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// An element written over the generators: `1`, `a`, `a²b`, ….
    pub fn word(&self, x: Element) -> String {
        write_word(&self.words[x as usize])
    }

    /// When the game is tame on these heaps: each heap's misère-Nim image.
    pub fn nim_images(&self) -> Option<Vec<NimImage>> {
        if let Some(t) = &self.tame {
            return Some(t.clone());
        }
        tame_images(self)
    }

    /// Whether the game is tame on the heaps `0..=N`.
    pub fn is_tame(&self) -> bool {
        self.tame.is_some()
    }

    /// The genus of each heap `0..=N` when tame.
    pub fn genus(&self) -> Option<Vec<String>> {
        self.tame
            .as_ref()
            .map(|t| t.iter().map(NimImage::genus).collect())
    }

    /// How many states the proof examined.
    pub fn proof_states(&self) -> usize {
        self.proof_states
    }

    /// Wall-clock seconds the computation took.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }
}

/// The version of the [`Checkpoint`] format; a checkpoint of another
/// version is refused.
pub const CHECKPOINT_FORMAT: u32 = 1;

/// A quotient computation saved after some heaps, to be carried on by
/// [`Quotient::compute_resumable`] (`grundy quotient --save/--resume`).
/// It holds the proved quotient `Q_N` with what the next step needs (each
/// element's representative sum); a resumed run proves it again first, so
/// an edited or damaged checkpoint is refused, never trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// [`CHECKPOINT_FORMAT`] when written.
    pub format: u32,
    /// The rule, as written by its `Display`.
    pub rule: String,
    /// `N`: the heaps `0..=N` are done.
    pub heaps: u64,
    order: usize,
    mul: Vec<Element>,
    p: Vec<bool>,
    phi: Vec<Element>,
    reps: Vec<Vec<u64>>,
}

impl Checkpoint {
    fn of(b: &build::Builder) -> Checkpoint {
        Checkpoint {
            format: CHECKPOINT_FORMAT,
            rule: b.rule.to_string(),
            heaps: b.heaps_done(),
            order: b.monoid.order,
            mul: b.monoid.mul.clone(),
            p: b.monoid.p.clone(),
            phi: b.phi.clone(),
            reps: b.reps.clone(),
        }
    }

    /// The order of the quotient saved.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The builder this checkpoint saved, after checking that it belongs to
    /// `rule`, is well formed, and passes the proof again.
    fn restore(&self, rule: &Rule, limits: QuotientLimits) -> Result<build::Builder> {
        let bad = |why: String| {
            Error::Unsupported(format!("the saved quotient cannot be resumed: {why}"))
        };
        if self.format != CHECKPOINT_FORMAT {
            return Err(bad(format!(
                "it is in format {}, and this version of grundy reads format {CHECKPOINT_FORMAT}",
                self.format
            )));
        }
        if self.rule != rule.to_string() {
            return Err(bad(format!(
                "it was computed for {}, not {rule}",
                self.rule
            )));
        }
        let order = self.order;
        let fits = |x: &Element| (*x as usize) < order;
        let well_formed = order >= 1
            && order.checked_mul(order) == Some(self.mul.len())
            && self.p.len() == order
            && self.reps.len() == order
            && self.heaps.checked_add(1) == Some(self.phi.len() as u64)
            && self.mul.iter().all(fits)
            && self.phi.iter().all(fits)
            && self
                .reps
                .iter()
                .flatten()
                .all(|&h| h >= 1 && h <= self.heaps);
        if !well_formed {
            return Err(bad(
                "its tables are inconsistent (the file is damaged)".into()
            ));
        }
        if order > limits.max_order {
            return Err(Error::TooLarge(format!(
                "the saved quotient of {rule} has order {order}, above the limit of {} elements; raise the limit",
                limits.max_order
            )));
        }
        let monoid = Monoid {
            mul: self.mul.clone(),
            order,
            p: self.p.clone(),
        };
        // A commutative monoid with identity 0, associative (checked with
        // a heap's element in the middle: every element is a product of
        // those).
        let m = |a: usize, b: usize| self.mul[a * order + b] as usize;
        let gens: HashSet<usize> = self.phi.iter().map(|&g| g as usize).collect();
        let lawful = (0..order).all(|a| m(0, a) == a)
            && (0..order).all(|a| (0..order).all(|b| m(a, b) == m(b, a)))
            && gens
                .iter()
                .all(|&g| (0..order).all(|a| (0..order).all(|b| m(m(a, g), b) == m(a, m(g, b)))));
        if !lawful {
            return Err(bad(
                "its table is not a commutative monoid (the file is damaged)".into(),
            ));
        }
        // The options' elements follow from Φ and the rule.
        let options: Vec<Vec<Element>> = (0..self.phi.len() as u64)
            .map(|h| {
                let mut o: Vec<Element> = rule
                    .moves(h)
                    .map(|mv| {
                        mv.leaves
                            .iter()
                            .fold(0, |acc, &x| monoid.mul(acc, self.phi[x as usize]))
                    })
                    .collect();
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        // Each representative must have its element, and the whole must
        // pass the proof that made it.
        for (x, rep) in self.reps.iter().enumerate() {
            let e = rep
                .iter()
                .fold(0, |acc, &h| monoid.mul(acc, self.phi[h as usize]));
            if e as usize != x {
                return Err(bad(
                    "a representative does not have its element (the file is damaged)".into(),
                ));
            }
        }
        match verify::verify(
            &monoid,
            &self.phi,
            &options,
            &self.reps,
            limits.max_states,
            None,
        ) {
            Ok(_) => {}
            Err(verify::Failure::Limit(e)) => return Err(e),
            Err(verify::Failure::Wrong(_)) => {
                return Err(bad(
                    "it does not pass the proof (the file was edited or damaged)".into(),
                ))
            }
        }
        Ok(build::Builder {
            rule: rule.clone(),
            monoid,
            phi: self.phi.clone(),
            options,
            reps: self.reps.clone(),
            max_order: limits.max_order,
        })
    }
}

/// The least period `p` (then least `n0`) that the periodicity theorem
/// proves from Φ on the heaps `0..=N`.
fn find_period(phi: &[Element], shape: ProofShape) -> Option<Period> {
    let n = phi.len() as u64 - 1;
    for p in 1..=n / 2 {
        // The least n0 such that Φ(m + p) = Φ(m) for all n0 ≤ m ≤ N − p.
        let mut n0 = n - p + 1;
        while n0 > 0 && phi[(n0 - 1) as usize] == phi[(n0 - 1 + p) as usize] {
            n0 -= 1;
        }
        let raw = n0;
        let n0 = n0.max(1);
        let end = shape.window_end(n0, p);
        // The window is in 128 bits: it must fit below N anyway.
        if end + u128::from(p - 1) <= u128::from(n) {
            let end = end as u64;
            let preperiod = raw;
            return Some(Period {
                preperiod,
                period: p,
                proof: Proof::GuySmith {
                    window_start: n0,
                    window_end: end,
                },
            });
        }
    }
    None
}

/// Normal forms (least words, by degree then lexicographically) and a
/// complete set of relations: the least words that are not normal forms
/// although all their divisors are, each set equal to its normal form.
fn presentation(m: &Monoid, phi: &[Element]) -> (Vec<Vec<u32>>, Vec<u64>, Vec<Relation>) {
    // Generators: heaps whose element is not generated by smaller heaps.
    let mut gens: Vec<Element> = Vec::new();
    let mut heaps = Vec::new();
    let mut generated: HashSet<Element> = HashSet::from([0]);
    for (h, &e) in phi.iter().enumerate() {
        if generated.contains(&e) {
            continue;
        }
        gens.push(e);
        heaps.push(h as u64);
        let mut frontier: Vec<Element> = generated.iter().copied().collect();
        while let Some(x) = frontier.pop() {
            for &g in &gens {
                let y = m.mul(x, g);
                if generated.insert(y) {
                    frontier.push(y);
                }
            }
        }
    }
    let k = gens.len();
    let mut words: Vec<Option<Vec<u32>>> = vec![None; m.order];
    words[0] = Some(vec![0; k]);
    let mut normal: HashMap<Vec<u32>, Element> = HashMap::from([(vec![0; k], 0)]);
    let mut level: Vec<(Vec<u32>, Element)> = vec![(vec![0; k], 0)];
    let mut relations = Vec::new();
    while !level.is_empty() {
        let mut next: Vec<(Vec<u32>, Element)> = Vec::new();
        for (w, x) in &level {
            for (i, &g) in gens.iter().enumerate() {
                let mut w2 = w.clone();
                w2[i] += 1;
                next.push((w2, m.mul(*x, g)));
            }
        }
        // Lexicographically greatest first = earlier generators preferred.
        next.sort_by(|a, b| b.0.cmp(&a.0));
        next.dedup_by(|a, b| a.0 == b.0);
        let mut kept = Vec::new();
        for (w, x) in next {
            if words[x as usize].is_none() {
                words[x as usize] = Some(w.clone());
                normal.insert(w.clone(), x);
                kept.push((w, x));
            } else {
                let minimal = (0..k).all(|j| {
                    w[j] == 0 || {
                        let mut d = w.clone();
                        d[j] -= 1;
                        normal.contains_key(&d)
                    }
                });
                if minimal {
                    let rhs = words[x as usize].clone().expect("set");
                    relations.push(Relation { lhs: w, rhs });
                }
            }
        }
        level = kept;
    }
    let words = words
        .into_iter()
        .map(|w| w.expect("every element is generated"))
        .collect();
    (words, heaps, relations)
}

/// The generator names: `a` … `z`, then `g27`, ….
pub fn generator_name(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// A word as `1`, `a`, `a^2b`, ….
pub fn write_word(w: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in w.iter().enumerate() {
        match e {
            0 => {}
            1 => s.push_str(&generator_name(i)),
            _ => s.push_str(&format!("{}^{e}", generator_name(i))),
        }
    }
    if s.is_empty() {
        "1".into()
    } else {
        s
    }
}

/// The misère-Nim image of each heap when the bipartite monoids agree.
fn tame_images(q: &Quotient) -> Option<Vec<NimImage>> {
    // Normal-play Grundy values of the heaps 0..=N, by mex.
    let n = q.heaps() as usize;
    let mut g = vec![0u64; n + 1];
    for h in 1..=n {
        let seen: HashSet<u64> = q
            .rule
            .moves(h as u64)
            .map(|mv| mv.leaves.iter().fold(0, |a, &x| a ^ g[x as usize]))
            .collect();
        g[h] = (0..).find(|v| !seen.contains(v)).expect("mex exists");
    }
    let m = &q.monoid;
    let images: Vec<NimImage> = (0..=n)
        .map(|h| {
            let alone_p = m.is_p(q.phi[h]);
            match g[h] {
                0 if !alone_p => NimImage::Small(0),
                1 if alone_p => NimImage::Small(1),
                v => NimImage::Big(v),
            }
        })
        .collect();
    // The relation {(ψ(x), ν(x))} over all sums x must be a bijection that
    // respects P: explore it from (1, 0) by adding one heap at a time.
    let mut to_nim: HashMap<Element, NimImage> = HashMap::from([(0, NimImage::Small(0))]);
    let mut from_nim: HashMap<NimImage, Element> = HashMap::from([(NimImage::Small(0), 0)]);
    let mut stack = vec![(0, NimImage::Small(0))];
    while let Some((x, v)) = stack.pop() {
        for (h, &image) in images.iter().enumerate().skip(1) {
            let (y, w) = (m.mul(x, q.phi[h]), v.times(image));
            if m.is_p(y) != w.is_p() {
                return None;
            }
            match (to_nim.get(&y), from_nim.get(&w)) {
                (None, None) => {
                    to_nim.insert(y, w);
                    from_nim.insert(w, y);
                    stack.push((y, w));
                }
                (Some(&w2), Some(&y2)) if w2 == w && y2 == y => {}
                _ => return None,
            }
        }
    }
    Some(images)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::TakeBreak;

    fn code(c: &str) -> Rule {
        Rule::TakeBreak(TakeBreak::parse(c).unwrap())
    }

    #[test]
    fn misere_nim_on_heaps_one_two_three_is_t2() {
        // 0.333 is Nim restricted to taking 1, 2 or 3 from heaps, and the
        // heaps up to 3 are exactly Nim heaps.
        let q = Quotient::compute(&code("0.333"), 3, QuotientLimits::default()).unwrap();
        assert_eq!(q.order(), 6);
        assert_eq!(q.p_portion().len(), 2);
        assert!(q.is_tame());
        assert_eq!(q.generator_heaps(), &[1, 2]);
    }
}
