//! Misère play of arbitrary sums, by exhaustive search — and the
//! definitions behind its exact theory, the misère quotient.
//!
//! Misère play (the last player to move loses) has no Sprague–Grundy theorem:
//! the values of the components do not decide a sum. Nim is the exception
//! and has its closed form in [`nim`](crate::nim). Sums of heaps of one
//! take-and-break or subtraction rule are read from the rule's misère
//! quotient ([`quotient`](crate::quotient)), which rests on these
//! definitions (T. E. Plambeck, *Taming the wild in impartial combinatorial
//! games*, INTEGERS 5 (2005) G05; T. E. Plambeck and A. N. Siegel, *Misère
//! quotients for impartial games*, J. Combin. Theory Ser. A 115 (2008),
//! arXiv:math/0609825; A. N. Siegel, *Misère games and misère
//! quotients*, Games of No Chance 5):
//!
//! * A set `A` of games is **closed** when it holds every option of each
//!   of its games and the sum of any two of them (the heaps of a rule and
//!   all their sums, for instance).
//! * `G` and `H` are **indistinguishable modulo `A`**, `G ≡ H (mod A)`,
//!   when `G + X` and `H + X` have the same misère outcome for every `X` in
//!   `A`. This is an equivalence compatible with `+`, so its classes form a
//!   commutative monoid, the **misère quotient** `Q(A)`.
//! * The **P-portion** `P ⊆ Q(A)` is the set of classes of misère
//!   P-positions (well defined: take `X = 0`).
//! * The **pretending function** `Φ: A → Q(A)` sends each game to its
//!   class. It is a homomorphism, `Φ(G + H) = Φ(G)·Φ(H)`, so a sum of heaps
//!   is a misère P-position exactly when the product of its heaps' elements
//!   lies in `P`, and a move wins exactly when it moves that product into
//!   `P`.
//!
//! Everything else is
//! answered here exactly, from the definition — a position is a win for the
//! player to move when it has no move at all, or a move to a position that is
//! a loss — with memoisation (through [`StateSearch`], which knows games only
//! through the [`Game`](crate::game::Game) interface), as long as the number
//! of positions and moves visited stays within a budget. Beyond it the
//! answer is refused, never guessed.
//!
//! This module knows positions only as lists of components; the sum
//! ([`sum`](crate::sum)) lists its moves and asks about each option.

use crate::budget::{Budget, LimitKind};
use crate::error::{Error, Result};
use crate::game::Component;
use crate::state_search::{Fold, StateSearch, Stop};

/// Misère outcome: win when there is no move, or when some option is lost.
struct Misere;

impl Fold for Misere {
    type Value = bool;
    type Acc = (bool, bool); // (any option, some option lost)
    fn start(&self) -> (bool, bool) {
        (false, false)
    }
    fn add(&self, acc: &mut (bool, bool), child_wins: bool) -> bool {
        acc.0 = true;
        if !child_wins {
            acc.1 = true;
        }
        acc.1
    }
    fn finish(&self, (any, lost): (bool, bool)) -> bool {
        !any || lost
    }
}

/// A memoised misère search with one count of work (positions and moves)
/// for all the questions asked of it, within a [`Budget`] of time, memory
/// and cancellation.
///
/// ```
/// use grundy::expr::parse_position;
/// use grundy::misere::MisereSearch;
/// let pos = parse_position("kayles(3) + grundys(4)").unwrap();
/// let mut search = MisereSearch::new(100_000);
/// assert!(search.wins(pos.components().cloned()).unwrap());
/// ```
#[derive(Debug)]
pub struct MisereSearch {
    search: StateSearch<bool>,
    work: usize,
    left: usize,
}

impl MisereSearch {
    /// A search that may visit `work` positions and moves in all, without
    /// limits of time or memory (see [`MisereSearch::with_budget`]).
    pub fn new(work: usize) -> MisereSearch {
        MisereSearch {
            search: StateSearch::default(),
            work,
            left: work,
        }
    }

    /// The same search, within `budget`.
    pub fn with_budget(mut self, budget: Budget) -> MisereSearch {
        self.search.set_budget(budget);
        self
    }

    /// Spends one unit of the work (a move looked at from outside), and
    /// looks at the budget.
    pub fn spend(&mut self) -> Result<()> {
        self.left = self.left.checked_sub(1).ok_or_else(|| self.too_much())?;
        self.search.budget().check()
    }

    /// Whether the player to move wins the sum of `parts` under misère
    /// play; a [`LimitKind::Work`] limit when the work runs out, and the
    /// budget's own limits.
    pub fn wins(&mut self, parts: impl IntoIterator<Item = Component>) -> Result<bool> {
        let state = self.search.state(parts);
        let wins = match self.search.solve(state, &Misere, self.left) {
            Ok(w) => w,
            Err(Stop::Work) => return Err(self.too_much()),
            Err(Stop::Error(e)) => return Err(e),
        };
        self.left = self.search.left();
        Ok(wins)
    }

    fn too_much(&self) -> Error {
        Error::limit(
            LimitKind::Work,
            format!(
                "misère play of this position is not supported at this size: it has no closed \
                 form here (Nim, sums of heaps of one rule and sums meeting the SJ condition \
                 have one), and its exhaustive search ran past its budget of {} positions and \
                 moves",
                self.work
            ),
        )
    }
}
