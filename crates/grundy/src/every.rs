//! Every-game sums: each turn the player moves in **every** component that
//! still has a move; the player who makes the last move wins.
//!
//! This is the *continued conjunctive compound* of *Winning Ways* (Berlekamp,
//! Conway, Guy, chapter 9, "If you can't beat 'em, join 'em!"), after
//! C. A. B. Smith, "Graphs and composite games", *J. Combin. Theory* 1
//! (1966) 51–81; competitive programmers know it as Every-SG (Jia Zhihao,
//! 2009). Grundy values say nothing here: every component is played at every
//! turn, so what matters is *how long* each one lasts. A player who can win a
//! component wants it to end as late as possible (it is the last component
//! to end that decides the sum); a player who must lose one wants it over
//! quickly.
//!
//! **Steps** (Smith's *suspense number*). For a component `x`:
//!
//! * `steps(x) = 0` when `x` has no move;
//! * if some option has an even number of steps, `x` is won by the player to
//!   move and `steps(x) = 1 + max { steps(y) : y an option, steps(y) even }`
//!   (odd: the winner drags the game out);
//! * otherwise `x` is lost and `steps(x) = 1 + min { steps(y) : y an option }`
//!   (even: the loser ends it fast).
//!
//! An option that leaves several components (a take-and-break split) is
//! itself an every-game sum, and its steps are the largest of theirs.
//!
//! **Theorem** (Smith). The steps of an every-game sum are the largest steps
//! of its components, and the player to move wins exactly when that number
//! is odd. *Proof sketch:* say the largest steps `m` are odd. The player to
//! move plays in every component to an option of `steps − 1` (one exists by
//! the definition). A component of odd steps then faces the opponent with
//! even steps, whose options are all odd and at least one fewer, and comes
//! back with even steps again: it is ours to finish, and it loses at most two
//! steps a round, so the one with `m` steps lasts at least `m` moves. A
//! component of even steps `e < m` is left to the opponent with `e − 1`,
//! whose even options have at most `e − 2` steps: it is over within `e`
//! moves, sooner. The last move of all is therefore ours. With `m` even, the
//! opponent plays this way.
//!
//! A winning turn therefore moves every component to an option of one step
//! fewer ([`StepsSearch::best_move`]); the same turn is the best a losing player can do.
//!
//! Steps come from closed forms where they are known, and otherwise from a
//! memoised exhaustive search within a budget ([`StepsSearch`]):
//!
//! * a Nim heap: 1 (take it all), 0 when empty;
//! * a subtraction range `sub{a..b}` with period `p = a + b`:
//!   `steps(n) = 2⌊n/p⌋ + [n mod p ≥ a]` (the P-positions are
//!   `n mod p < a`; a P-position's options all lie one period lower, an
//!   N-position's P-options all in its own period);
//! * any other subtraction set: the steps sequence `s(0), s(1), …` by the
//!   rule above over `n − k`, up to 2^22 heaps;
//! * Euclid's game: following the continued fraction of
//!   `a/b` — with `a = qb + r`, a divisor gives 1 step, a forced move
//!   (`q = 1`) one more than `(b, r)`, and a free choice (`q ≥ 2`) one more
//!   than `(b, r)` when that is lost for its mover, else two more (through
//!   `(b + r, b)`, whose only move is to `(b, r)`);
//! * anything else, including octal games and Wythoff's game, by search.
//!
//! Each family gives its closed form through [`Game::steps`] (and a few
//! candidate best moves through [`Game::steps_candidates`]); this module only
//! combines them and searches the rest.

use crate::budget::{LimitKind, Ticker};
use crate::error::{Error, Result};
use crate::game::{mover_wins, steps_from_options, written, Component, Context, Game, Move};
use crate::nim::Outcome;
use crate::solver::{ComponentSearch, Measure};
use crate::sum::{AnalyzeOptions, Place, Position, SumMove};

/// Every-game steps: from the family's closed form ([`Game::steps`]) where
/// it has one (0 with no move), else by Smith's rule from the options'
/// steps, an option of several components lasting as long as the longest.
#[derive(Debug)]
struct Steps;

impl Measure for Steps {
    fn known(&self, c: &dyn Game) -> Result<Option<u64>> {
        if !c.has_moves() {
            return Ok(Some(0));
        }
        Ok(c.steps())
    }

    fn combine(&self, acc: u64, part: u64) -> u64 {
        acc.max(part)
    }

    fn finish(&self, options: Vec<u64>) -> u64 {
        steps_from_options(options)
    }

    fn refuse(&self, c: &dyn Game, budget: usize) -> Error {
        Error::limit(
            LimitKind::Work,
            format!(
                "finding the steps of {} (every-game play) by search ran past the budget of \
                 {budget} positions and moves",
                written(c),
            ),
        )
    }
}

/// Steps of components: closed forms where known, else a memoised
/// exhaustive search (the one of [`Solver`](crate::solver::Solver)) that
/// visits at most `budget` positions and moves.
#[derive(Debug)]
pub struct StepsSearch {
    cx: Context,
    search: ComponentSearch<Steps>,
}

impl StepsSearch {
    /// A search with the given budget of positions and moves, within the
    /// context's budget of time, memory and cancellation.
    pub fn new(budget: usize, cx: Context) -> StepsSearch {
        let mut search = ComponentSearch::new(Steps, budget);
        search.set_limits(cx.budget.clone());
        StepsSearch { cx, search }
    }

    /// The steps of `c`. A search that runs out of work says so of `c`
    /// (the component asked about), not of the position deep in its game
    /// tree where the work ran out.
    pub fn steps(&mut self, c: &Component) -> Result<u64> {
        self.search.value(c).map_err(|e| match e.limit_kind() {
            Some(LimitKind::Work) => Error::limit(
                LimitKind::Work,
                format!(
                    "the steps of {} were not found: it has no closed form, and the search \
                     for them ran past its budget of {} positions and moves",
                    written(c.as_ref()),
                    self.search.budget()
                ),
            ),
            _ => e,
        })
    }

    /// The steps of an every-game sum of `parts`: the largest of theirs.
    pub fn steps_of(&mut self, parts: &[Component]) -> Result<u64> {
        self.search.value_of(parts)
    }

    /// The best move of `c` in an every-game (one step fewer: see the
    /// [module documentation](self)), with the steps it leaves; `None` when
    /// `c` has no move.
    pub fn best_move(&mut self, c: &Component) -> Result<Option<(Move, u64)>> {
        let steps = self.steps(c)?;
        if steps == 0 {
            return Ok(None);
        }
        let want = steps - 1;
        let moves: Box<dyn Iterator<Item = Move>> = match c.steps_candidates(&self.cx, steps)? {
            Some(found) => Box::new(found.into_iter()),
            None => c.moves(),
        };
        let mut ticker = Ticker::new(64);
        for m in moves {
            self.search.spend(1, c.as_ref())?;
            ticker
                .tick(&self.cx.budget)
                .map_err(|e| e.during(|| "looking for the best every-game move".into()))?;
            if self.steps_of(&m.after)? == want {
                return Ok(Some((m, want)));
            }
        }
        Err(Error::Unsupported(format!(
            "no move of {} leaves {want} steps (an inconsistent game)",
            written(c.as_ref())
        )))
    }
}

/// The every-game analysis of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveryAnalysis {
    /// Who wins.
    pub outcome: Outcome,
    /// Each component's steps, in the order of [`Position::components`].
    pub steps: Vec<u64>,
    /// The largest of them: the steps of the sum.
    pub max_steps: u64,
    /// The best turn: one move in every component that has one (in
    /// component order), each to one step fewer. It wins when
    /// `outcome` is N; otherwise it is the best defence.
    pub turn: Vec<SumMove>,
    /// The steps each move of `turn` leaves in its component.
    pub turn_steps: Vec<u64>,
}

/// Analyses `position` as an every-game sum.
///
/// ```
/// use grundy::every::analyze;
/// use grundy::expr::parse_position;
/// use grundy::nim::Outcome;
/// use grundy::sum::AnalyzeOptions;
/// // euclid(3,2) is lost in 2 steps, nim(5) won in 1: the longer game decides.
/// let pos = parse_position("euclid(3,2) + nim(5)").unwrap();
/// let a = analyze(&pos, &AnalyzeOptions::default()).unwrap();
/// assert_eq!((a.steps.clone(), a.outcome), (vec![2, 1], Outcome::P));
/// assert_eq!(a.turn.len(), 2);
/// ```
pub fn analyze(position: &Position, options: &AnalyzeOptions) -> Result<EveryAnalysis> {
    options.budget.check()?;
    analyze_within(position, options).map_err(|e| e.in_context(|| asked(position)))
}

/// "analysing nim(3) (every-game play)": what a refusal puts first.
fn asked(position: &Position) -> String {
    format!("analysing {} (every-game play)", position.quoted())
}

fn analyze_within(position: &Position, options: &AnalyzeOptions) -> Result<EveryAnalysis> {
    let _held = position.hold_analysis(&options.budget)?;
    let mut search = StepsSearch::new(options.search_budget, options.context());
    let mut steps = Vec::new();
    let mut turn = Vec::new();
    let mut turn_steps = Vec::new();
    for (place, c) in position.places() {
        steps.push(search.steps(c)?);
        if let Some((m, left)) = search.best_move(c)? {
            turn.push(Position::sum_move(place, c.as_ref(), m));
            turn_steps.push(left);
        }
    }
    let max_steps = steps.iter().copied().max().unwrap_or(0);
    Ok(EveryAnalysis {
        outcome: Outcome::from_mover_wins(mover_wins(max_steps)),
        steps,
        max_steps,
        turn,
        turn_steps,
    })
}

/// One component's account in an every-game sum, for `explain --every`.
#[derive(Clone, Debug)]
pub struct StepsRow {
    /// Where it stands.
    pub place: Place,
    pub component: Component,
    /// Its steps.
    pub steps: u64,
    /// Where they come from: its family's closed form ([`Game::steps`]) or
    /// the search.
    pub closed_form: bool,
    /// For a small component, every option with its steps (the largest
    /// steps of what it leaves), from which `steps` follows by the rule.
    pub options: Option<Vec<(Move, u64)>>,
}

/// The account of an every-game sum: the analysis (steps, the best turn),
/// and each component's steps option by option where it is small.
#[derive(Clone, Debug)]
pub struct EveryExplanation {
    pub analysis: EveryAnalysis,
    /// One row per component, in the order of [`Position::components`].
    pub rows: Vec<StepsRow>,
}

/// The step-by-step account of `position` as an every-game sum.
///
/// ```
/// use grundy::every::explain;
/// use grundy::expr::parse_position;
/// use grundy::sum::AnalyzeOptions;
/// let pos = parse_position("euclid(3,2) + nim(2)").unwrap();
/// let e = explain(&pos, &AnalyzeOptions::default()).unwrap();
/// // nim(2): options nim(0) (0 steps) and nim(1) (1 step): the even one wins.
/// let opts = e.rows[1].options.as_ref().unwrap();
/// assert_eq!(opts.iter().map(|o| o.1).collect::<Vec<_>>(), [1, 0]);
/// assert_eq!(e.rows[1].steps, 1);
/// ```
pub fn explain(position: &Position, options: &AnalyzeOptions) -> Result<EveryExplanation> {
    let analysis = analyze(position, options)?;
    explain_rows(position, options, analysis).map_err(|e| e.in_context(|| asked(position)))
}

fn explain_rows(
    position: &Position,
    options: &AnalyzeOptions,
    analysis: EveryAnalysis,
) -> Result<EveryExplanation> {
    let mut search = StepsSearch::new(options.search_budget, options.context());
    let mut rows = Vec::new();
    for ((place, c), &steps) in position.places().into_iter().zip(&analysis.steps) {
        let small = c.heaps().iter().all(|&h| h <= crate::explain::MEX_MAX_HEAP)
            && c.moves().take(crate::explain::MEX_MAX_OPTIONS + 1).count()
                <= crate::explain::MEX_MAX_OPTIONS;
        let options = if small {
            let mut list = Vec::new();
            for m in c.moves() {
                let s = search.steps_of(&m.after)?;
                list.push((m, s));
            }
            Some(list)
        } else {
            None
        };
        rows.push(StepsRow {
            place,
            component: c.clone(),
            steps,
            closed_form: c.has_moves() && c.steps().is_some(),
            options,
        });
    }
    Ok(EveryExplanation { analysis, rows })
}

/// The position after a whole turn: `moves` in distinct components (as
/// [`EveryAnalysis::turn`] gives them), applied together. A turn moves in
/// every component that can move; one that leaves such a component out is
/// refused.
pub fn apply_turn(position: &Position, moves: &[SumMove]) -> Result<Position> {
    let mut next = position.clone();
    for m in turn_order(position, moves)? {
        next = next.apply(m)?;
    }
    Ok(next)
}

/// The moves of a turn in the order [`apply_turn`] applies them one by one
/// with [`Position::apply`], for a front end that follows each move (the
/// numbers it shows the components by) to see the same positions. Refuses a
/// turn that leaves out a component that can move or moves in one twice.
pub fn turn_order<'a>(position: &Position, moves: &'a [SumMove]) -> Result<Vec<&'a SumMove>> {
    if let Some((place, _)) = position.places().into_iter().find(|(place, c)| {
        c.has_moves()
            && !moves
                .iter()
                .any(|m| (m.term, m.part) == (place.term, place.part))
    }) {
        return Err(Error::IllegalMove(format!(
            "a turn moves in every component that can move, and component {} is missing",
            place.number
        )));
    }
    let mut order: Vec<&SumMove> = moves.iter().collect();
    // From the last component back, so that a split or a removal does not
    // shift the places of the moves still to apply.
    order.sort_by_key(|m| std::cmp::Reverse((m.term, m.part)));
    if order
        .windows(2)
        .any(|w| (w[0].term, w[0].part) == (w[1].term, w[1].part))
    {
        return Err(Error::IllegalMove(
            "a turn moves in each component at most once".into(),
        ));
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::expr::parse_position;
    use crate::game::{identity, Identity};

    fn part(s: &str) -> Component {
        parse_position(s).unwrap().terms[0].parts[0].clone()
    }

    /// Steps of a lone component without any closed form: the search
    /// from the moves alone.
    fn searched(c: &Component) -> u64 {
        let mut memo: HashMap<Identity, u64> = HashMap::new();
        fn go(c: &Component, memo: &mut HashMap<Identity, u64>) -> u64 {
            if let Some(&s) = memo.get(&identity(c.as_ref())) {
                return s;
            }
            let opts: Vec<u64> = c
                .moves()
                .map(|m| m.after.iter().map(|p| go(p, memo)).max().unwrap_or(0))
                .collect();
            let s = steps_from_options(opts);
            memo.insert(identity(c.as_ref()), s);
            s
        }
        go(c, &mut memo)
    }

    #[test]
    fn closed_forms_match_the_recursion() {
        let mut search = StepsSearch::new(1_000_000, Context::default());
        for text in [
            "nim",
            "sub{1..3}",
            "sub{2..5}",
            "sub{1,3,4}",
            "sub{pow2}",
            "sub{fib}",
        ] {
            for n in 0..60 {
                let c = part(&format!("{text}({n})"));
                assert_eq!(search.steps(&c).unwrap(), searched(&c), "{text}({n})");
            }
        }
        for a in 0..40 {
            for b in 0..40 {
                let c = part(&format!("euclid({a},{b})"));
                assert_eq!(search.steps(&c).unwrap(), searched(&c), "euclid({a},{b})");
            }
        }
    }

    #[test]
    fn a_turn_moves_in_every_component_that_can_move_once() {
        // nim(3) and kayles(2) can move, nim(0) cannot.
        let pos = parse_position("nim(3) + nim(0) + kayles(2)").unwrap();
        let moves: Vec<SumMove> = pos.moves().collect();
        let in_part = |t: usize| moves.iter().find(|m| m.term == t).unwrap().clone();
        let (a, c) = (in_part(0), in_part(2));
        let after = apply_turn(&pos, &[a.clone(), c.clone()]).unwrap();
        assert_eq!(after, pos.apply(&c).unwrap().apply(&a).unwrap());
        for turn in [vec![a.clone()], vec![c.clone()], vec![]] {
            let err = apply_turn(&pos, &turn).unwrap_err().to_string();
            assert!(err.contains("every component that can move"), "{err}");
        }
        let twice = apply_turn(&pos, &[a.clone(), c, a])
            .unwrap_err()
            .to_string();
        assert!(twice.contains("at most once"), "{twice}");
    }

    #[test]
    fn huge_numbers_use_closed_forms() {
        let mut search = StepsSearch::new(1_000, Context::default());
        let c = part("euclid(12200160415121876738, 7540113804746346429)");
        // Consecutive Fibonacci numbers: every move forced, about 90 of them.
        assert!(search.steps(&c).unwrap() > 80);
        assert_eq!(search.steps(&part("nim(18446744073709551615)")).unwrap(), 1);
        let big = part("sub{3..18446744073709551615}(18446744073709551615)");
        assert_eq!(search.steps(&big).unwrap(), 1);
        let (m, left) = search.best_move(&big).unwrap().unwrap();
        assert_eq!(left, 0);
        assert!(search.steps_of(&m.after).unwrap() == 0);
    }
}
