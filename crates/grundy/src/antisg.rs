//! Misère play of sums read off normal-play Grundy values: anti-SG games and
//! the SJ theorem.
//!
//! An *anti-SG game* is a sum of impartial games played under the misère
//! rule: the player who makes the last move loses (the player who cannot
//! move wins). Grundy values do not decide such sums in general — that is
//! what misère quotients and exhaustive search are for
//! ([`quotient`](crate::quotient), [`misere`](crate::misere)) — but Jia
//! Zhihao (2009, "组合游戏略述: 浅谈SG游戏的若干拓展及变形", the *SJ theorem*,
//! generalising Bouton's misère Nim) showed that they do under one condition.
//!
//! **SJ theorem.** In an anti-SG game in which *the game ends as soon as
//! every component has Grundy value 0*, the player to move wins exactly when
//!
//! * the nim-sum of the components' values is not 0 and some component has
//!   value greater than 1, or
//! * the nim-sum is 0 and no component has value greater than 1.
//!
//! A real sum does not stop early, so the condition must come from the
//! components themselves. Going through the induction (terminal sums have
//! every value 0 and are wins for the mover, as claimed; the only claimed
//! win whose winning move the theorem cannot supply is a sum whose
//! components all have value 0 but which is not over), the theorem holds
//! for a real misère sum when, in every component, **every position of
//! value 0 that has a move has a move to a position of value 1** (then from
//! such a sum the mover makes one component 1 and leaves a lost sum: all
//! values at most 1, an odd number of them 1). The other steps use only
//! the mex property: a component of value `g` has options of every value
//! below `g`. The induction also needs the sum's components to stay the
//! "single games" of the theorem, so this module applies it only when no
//! move anywhere in a component splits it into several.
//!
//! Here the condition is decided soundly per component: Nim heaps (value 0
//! only when empty) and subtraction ranges `sub{a..b}` (a P-heap `qp + r`,
//! `r < a`, `q ≥ 1`, reaches the heap of residue `a + r`, of value 1) hold
//! it by theory; any other component is checked exhaustively over every
//! position it can reach, within a budget. When the condition fails, cannot
//! be decided within the budget, or a move splits, [`misere`] answers `None`
//! and the caller falls back on the exhaustive misère search. Nim itself (its
//! closed form, of which this theorem is the generalisation) is answered
//! before.

use crate::budget::{free, vec_bytes, Budget, MapBytes, Reservation, Ticker, ALLOCATION_HEADER};
use crate::error::{Error, Result};
use crate::game::{identity, Component, Context, Identity, MisereSum, Move};
use crate::hashed::{Hashed, HashedSet};
use crate::nim::Outcome;
use crate::nimber::Nimber;
use crate::solver::Solver;

/// The outcome the SJ theorem gives for a sum whose components have the
/// Grundy values `values` (meaningful only under its condition: see the
/// [module documentation](self)).
///
/// ```
/// use grundy::antisg::sj_outcome;
/// use grundy::nim::Outcome;
/// assert_eq!(sj_outcome(&[1, 1]), Outcome::N);    // nim-sum 0, nothing above 1
/// assert_eq!(sj_outcome(&[1, 1, 1]), Outcome::P); // nim-sum 1, nothing above 1
/// assert_eq!(sj_outcome(&[2, 3]), Outcome::N);    // nim-sum 1, something above 1
/// assert_eq!(sj_outcome(&[2, 2]), Outcome::P);    // nim-sum 0, something above 1
/// ```
pub fn sj_outcome(values: &[Nimber]) -> Outcome {
    let sum = values.iter().fold(0, |x, v| x ^ v);
    let big = values.iter().any(|&v| v > 1);
    Outcome::from_mover_wins((sum != 0) == big)
}

/// Whether every position reachable from `c` keeps to one component and
/// meets the condition, checked exhaustively; `false` also when the check
/// would visit more than `budget` positions and moves (then the theorem is
/// not used).
fn holds_by_search(c: &Component, solver: &mut Solver, budget: usize) -> Result<bool> {
    let mut walk = Walk::new(solver.limits());
    let out = walk.run(c, solver, budget);
    // Freeing a walk of millions of positions takes a good part of a
    // second, which a check stopped by its deadline must not spend.
    let bytes = walk.seen_bytes.bytes() + walk.todo_bytes.bytes();
    let entries = walk.seen.len() + walk.todo.len();
    free(walk, entries, bytes);
    out
}

/// The positions the check has seen and those it has still to look at,
/// with their bytes held against the budget.
struct Walk {
    /// Keys hashed once: the set grows without hashing long keys again.
    seen: HashedSet<Identity>,
    seen_bytes: MapBytes,
    todo: Vec<Component>,
    todo_bytes: Reservation,
}

impl Walk {
    fn new(limits: &Budget) -> Walk {
        Walk {
            seen: HashedSet::default(),
            seen_bytes: MapBytes::new(limits),
            todo: Vec::new(),
            todo_bytes: limits.reservation(),
        }
    }

    fn stopped(&self, e: Error) -> Error {
        let seen = self.seen.len();
        e.during(|| format!("checking the SJ condition ({seen} positions seen)"))
    }

    fn run(&mut self, c: &Component, solver: &mut Solver, budget: usize) -> Result<bool> {
        let limits = solver.limits().clone();
        let mut ticker = Ticker::new(256);
        let mut left = budget;
        self.seen.insert(Hashed::new(identity(c.as_ref())));
        self.todo.push(c.clone());
        self.todo_bytes
            .grow(c.bytes() + ALLOCATION_HEADER)
            .map_err(|e| self.stopped(e))?;
        while let Some(x) = self.todo.pop() {
            self.todo_bytes.shrink(x.bytes() + ALLOCATION_HEADER);
            // Each position costs a few searches of values (and a big
            // position's moves are slow to list): the clock is read for
            // every one.
            solver.check().map_err(|e| self.stopped(e))?;
            let mut options: Vec<Component> = Vec::new();
            // The options of `x`, held while they are looked at.
            let mut options_bytes = limits.reservation();
            let mut ends = false;
            for m in x.moves() {
                let Some(l) = left.checked_sub(1) else {
                    return Ok(false);
                };
                left = l;
                let bytes: u64 = m.after.iter().map(|c| c.bytes()).sum();
                // A big option (a coin board of thousands of coins) took
                // time in proportion to its size to build.
                let steps = u32::try_from(1 + bytes / 1024).unwrap_or(u32::MAX);
                ticker
                    .tick_by(&limits, steps)
                    .map_err(|e| self.stopped(e))?;
                match &m.after[..] {
                    [] => ends = true,
                    [one] => {
                        options_bytes
                            .grow(one.bytes() + ALLOCATION_HEADER)
                            .map_err(|e| self.stopped(e))?;
                        options.push(one.clone());
                    }
                    _ => return Ok(false),
                }
            }
            if options.is_empty() && !ends {
                continue;
            }
            let value = match solver.grundy(&x) {
                Ok(v) => v,
                Err(e) if e.is_budget_limit() => return Err(e),
                Err(_) => return Ok(false),
            };
            if value == 0 {
                let mut reaches_one = false;
                for y in &options {
                    match solver.grundy(y) {
                        Ok(1) => reaches_one = true,
                        Ok(_) => {}
                        Err(e) if e.is_budget_limit() => return Err(e),
                        Err(_) => return Ok(false),
                    }
                }
                if !reaches_one {
                    return Ok(false);
                }
            }
            for y in options {
                let id = Hashed::new(identity(y.as_ref()));
                if self.seen.contains(&id) {
                    continue;
                }
                let key = id.key();
                let owned = vec_bytes::<u64>(key.2.capacity()) + vec_bytes::<u8>(key.1.capacity());
                if let Err(e) = self
                    .seen_bytes
                    .before_insert_set(&self.seen, owned)
                    .and_then(|()| self.todo_bytes.grow(y.bytes() + ALLOCATION_HEADER))
                {
                    return Err(self.stopped(e));
                }
                self.seen.insert(id);
                self.seen_bytes
                    .after_insert_set(&self.seen)
                    .map_err(|e| self.stopped(e))?;
                self.todo.push(y);
            }
        }
        Ok(true)
    }
}

/// Misère play of the sum of `parts` by the SJ theorem, when its condition
/// holds for every part (see the [module documentation](self)): the outcome
/// and the winning moves (at most `max_moves`, in part order), each as
/// (index into `parts`, move). `None` when the theorem cannot be used here.
/// Values without theory are searched within `search_budget` positions and
/// moves. [`Position::misere_by_sj`](crate::sum::Position::misere_by_sj)
/// gives the same for a whole position, with moves of the sum.
///
/// ```
/// use grundy::antisg::misere;
/// use grundy::expr::parse_position;
/// use grundy::game::Context;
/// use grundy::nim::Outcome;
/// let cx = Context::default();
/// // Values 0 and 1: nim-sum 1 and nothing above 1, a loss for the mover.
/// let pos = parse_position("sub{1..3}(4) + nim(1)").unwrap();
/// let parts: Vec<_> = pos.components().collect();
/// let (outcome, moves) = misere(&parts, &cx, 10_000, 10).unwrap().unwrap();
/// assert_eq!((outcome, moves.len()), (Outcome::P, 0));
/// // Values 2 and 1: win by emptying the Nim heap (values 0, 1 are left)
/// // or by taking the other heap to value 2 (2, 2: nim-sum 0).
/// let pos = parse_position("nim(2) + sub{1..3}(5)").unwrap();
/// let parts: Vec<_> = pos.components().collect();
/// let (outcome, moves) = misere(&parts, &cx, 10_000, 10).unwrap().unwrap();
/// assert_eq!(outcome, Outcome::N);
/// let after: Vec<_> = moves.iter().map(|(i, m)| (*i, m.after_text())).collect();
/// assert_eq!(after, [(0, "nothing".to_string()), (1, "sub{1..3}(2)".to_string())]);
/// ```
pub fn misere(
    parts: &[&Component],
    cx: &Context,
    search_budget: usize,
    max_moves: usize,
) -> Result<Option<MisereSum>> {
    let mut solver = Solver::with_theory(search_budget, cx.clone());
    let mut values = Vec::with_capacity(parts.len());
    for c in parts {
        let holds = match c.sj_condition() {
            Some(known) => known,
            None => holds_by_search(c, &mut solver, search_budget)?,
        };
        if !holds {
            return Ok(None);
        }
        match solver.grundy(c) {
            Ok(v) => values.push(v),
            Err(e) if e.is_budget_limit() => return Err(e),
            Err(_) => return Ok(None),
        }
    }
    let outcome = sj_outcome(&values);
    if outcome == Outcome::P {
        return Ok(Some((outcome, Vec::new())));
    }
    let sum = values.iter().fold(0, |x, v| x ^ v);
    let big = values.iter().filter(|&&v| v > 1).count();
    let mut moves = Vec::new();
    for (i, (c, &v)) in parts.iter().zip(&values).enumerate() {
        // The values this component may move to that leave a lost sum.
        let mut targets: Vec<Nimber> = [v ^ sum, 0, 1]
            .into_iter()
            .filter(|&t| {
                let big_after = big - usize::from(v > 1) + usize::from(t > 1);
                let sum_after = sum ^ v ^ t;
                (sum_after != 0) != (big_after > 0)
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        for t in targets {
            let room = max_moves - moves.len();
            if room == 0 {
                return Ok(Some((outcome, moves)));
            }
            let found: Vec<Move> = match c.moves_to_value(cx, t, room)? {
                Some(found) => found,
                None => {
                    let mut found = Vec::new();
                    for (k, m) in c.moves().enumerate() {
                        if k % 256 == 255 {
                            solver.check()?;
                        }
                        let value = match solver.grundy_of(&m.after) {
                            Ok(v) => v,
                            Err(e) if e.is_budget_limit() => return Err(e),
                            Err(_) => return Ok(None),
                        };
                        if value == t {
                            found.push(m);
                            if found.len() == room {
                                break;
                            }
                        }
                    }
                    found
                }
            };
            moves.extend(found.into_iter().map(|m| (i, m)));
        }
    }
    Ok(Some((outcome, moves)))
}
