//! The step-by-step account of a position, as data for a front end to put
//! into words.
//!
//! It follows the classic argument for Nim (Bouton) extended by
//! Sprague–Grundy:
//!
//! 1. every component has a Grundy value, the mex of the values of its
//!    options (shown option by option for small components), or the value
//!    its family's theory gives (with the theorem, in words);
//! 2. the position's value is the nim-sum (xor) of the components' values,
//!    best seen as a table of binary columns;
//! 3. nim-sum 0 is a loss for the player to move: a move changes exactly one
//!    component's value, so the xor cannot stay 0;
//! 4. otherwise take the highest set bit `k` of the nim-sum `s`: some
//!    component's value `g` has bit `k` set, so `g ⊕ s < g`, and that
//!    component has an option of value `g ⊕ s` (`g` is the mex of its
//!    options' values, so every smaller value is among them), which makes
//!    the nim-sum 0. Any other component with an option of value `g' ⊕ s`
//!    wins too — even when that is larger than `g'`.
//!
//! Misère Nim adds the endgame rule (see [`nim`](crate::nim)). A misère sum
//! of heaps of one take-and-break or subtraction rule is read from the
//! rule's misère quotient (see [`quotient`](crate::quotient)): each heap
//! pretends to be an element of a finite commutative monoid, the sum is a
//! P-position exactly when the product of those elements lies in the
//! P-portion, and a move wins exactly when it moves the product into the
//! P-portion. Other misère sums are settled by a component's own theory or
//! by exhaustive search.
//!
//! A component whose positions repeat (a loopy game) has a generalized
//! Sprague–Grundy value, a number or `∞(K)`, found by retrograde analysis
//! (see [`loopy`](crate::loopy)); its [`Account`] says how — the level and
//! counter of a finite value with the move back from each follower of a
//! larger value, or the followers that force `∞` — and [`LoopyCase`] which
//! case of Smith's sum rule makes the sum's value.

use crate::error::{Error, ErrorKind, Result};
use crate::game::{Component, Context, Game, Known, Move, QuotientCase};
use crate::loopy::{Account, Gamma, LoopySolver};
use crate::nim::{Outcome, Play};
use crate::nimber::{high_bit, Nimber};
use crate::quotient::Element;
use crate::solver::Solver;
use crate::sum::{AnalyzeOptions, GammaValues, Place, Position, SumMove};

/// Components with at most this many tokens in each heap get their mex
/// step listed option by option …
pub(crate) const MEX_MAX_HEAP: u64 = 12;
/// … as long as they have at most this many options.
pub(crate) const MEX_MAX_OPTIONS: usize = 16;

/// The whole account.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub play: Play,
    pub outcome: Outcome,
    /// One row per component, in the order written.
    pub rows: Vec<Row>,
    /// The nim-sum of the rows' values (normal-play values, also under
    /// misère); `None` when some value is not known (a lone component whose
    /// theory gives only its outcome).
    pub nim_sum: Option<Nimber>,
    /// Normal play with a non-zero nim-sum: how the winning move is found.
    pub derivation: Option<Derivation>,
    /// Misère play: which rule decides.
    pub misere: Option<MisereCase>,
    /// Every winning move (from [`Position::analyze`]) …
    pub winning_moves: Vec<SumMove>,
    /// … and why each wins.
    pub reasons: Vec<Reason>,
    /// Whether that list was cut short …
    pub truncated: bool,
    /// … or may miss moves, a component's search for them being bounded
    /// (see [`Analysis::incomplete`](crate::sum::Analysis::incomplete)).
    pub incomplete: bool,
    /// When some component repeats positions (normal play): the generalized
    /// values, the sum rule, and how each loopy value was found.
    pub loopy: Option<LoopyCase>,
    /// When the outcome is a draw: the moves that keep it …
    pub drawing_moves: Vec<SumMove>,
    /// … and the sum's value after each (infinite, without 0 among its
    /// finite followers).
    pub drawing_after: Vec<Gamma>,
}

/// The loopy part of an explanation.
#[derive(Clone, Debug)]
pub struct LoopyCase {
    /// Every value, and the case of Smith's sum rule used for the sum.
    pub values: GammaValues,
    /// For each row: how a loopy component's value was found (`None` for
    /// components without loops, whose value comes as usual).
    pub accounts: Vec<Option<Account>>,
}

/// One row of the nim-sum table: one component.
#[derive(Clone, Debug)]
pub struct Row {
    /// Where it stands (term, part, number).
    pub place: Place,
    /// The term's name.
    pub name: String,
    pub component: Component,
    /// Its Grundy value (normal play), when known and finite.
    pub value: Option<Nimber>,
    /// Its generalized value (a number or `∞(K)`) under normal play, when
    /// known; for a component without loops, the Grundy value.
    pub gamma: Option<Gamma>,
    /// Its Grundy value when theory gives it beyond 64 bits (see
    /// [`Known::Wide`]; `value` is then `None`).
    pub wide: Option<u128>,
    /// For a small component, the mex step that gives its value.
    pub mex: Option<MexStep>,
    /// The family's theorem for its value, in words, when it has one.
    pub reason: Option<String>,
}

/// `G = mex{values of the options}`, option by option.
#[derive(Clone, Debug)]
pub struct MexStep {
    /// Every option (the move, and the value of what it leaves).
    pub options: Vec<(Move, Nimber)>,
    /// The distinct values among them, ascending.
    pub values: Vec<Nimber>,
}

/// How the winning move is found from the nim-sum `s ≠ 0`.
#[derive(Clone, Debug)]
pub struct Derivation {
    /// The highest set bit of `s`.
    pub bit: u32,
    /// The rows whose value has that bit set (never empty).
    pub holders: Vec<usize>,
    /// The row chosen: the first holder.
    pub row: usize,
    /// Its value `g` and the value `g ⊕ s` it must be moved to.
    pub from_value: Nimber,
    pub to_value: Nimber,
    /// The moves of that row reaching `g ⊕ s` (at most 16).
    pub moves: Vec<SumMove>,
}

/// Which rule settles a misère position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereCase {
    /// Misère Nim: `big` heaps of 2 or more, `ones` heaps of 1. With no big
    /// heap the player to move wins exactly when `ones` is even; otherwise
    /// play as in normal Nim, except that the move which would leave only
    /// heaps of 0 and 1 leaves an odd number of 1-heaps.
    Nim { big: usize, ones: usize },
    /// Components of one family with a misère quotient (heaps of one
    /// take-and-break or subtraction rule): read from that quotient.
    Quotient(QuotientCase),
    /// Any other sum: exhaustive search of the game tree (or a lone
    /// component's own misère theory).
    Search,
}

/// Why one winning move wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Normal play: it changes one component's value from `before` to
    /// `after = before ⊕ s`, leaving nim-sum 0. `after > before` happens: any
    /// option of value `before ⊕ s` wins.
    Value { before: Nimber, after: Nimber },
    /// A lone component whose theory gives only outcomes: it moves to a
    /// position that theory proves lost for the player to move.
    Theory,
    /// Misère Nim's rule (see [`MisereCase::Nim`]).
    MisereNim,
    /// Misère search: it moves to a position the exhaustive search proves
    /// lost for the opponent.
    Search,
    /// Misère quotient: it moves the product of the heaps' elements to
    /// `after`, an element of the P-portion.
    Quotient { after: Element },
    /// A loopy sum: it changes one component's value from `before` (`None`:
    /// `∞(K)`) to the finite `after`, leaving the sum's value 0.
    Loopy {
        before: Option<Nimber>,
        after: Nimber,
    },
}

/// What one move does to the values (normal play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// The row the move changes.
    pub row: usize,
    /// That row's value before and after.
    pub before: Nimber,
    pub after: Nimber,
    /// The nim-sum after the move.
    pub nim_sum_after: Nimber,
}

/// The step-by-step account of `position` under `play`.
///
/// ```
/// use grundy::expr::parse_position;
/// use grundy::explain::explain;
/// use grundy::nim::Play;
/// let e = explain(&parse_position("nim(3,4,5)").unwrap(), Play::Normal).unwrap();
/// assert_eq!(e.nim_sum, Some(2));
/// let d = e.derivation.unwrap();
/// assert_eq!((d.bit, d.row, d.from_value, d.to_value), (1, 0, 3, 1));
/// ```
pub fn explain(position: &Position, play: Play) -> Result<Explanation> {
    explain_with(position, play, &AnalyzeOptions::default())
}

/// [`explain`] within `options`: their budget of time, memory and
/// cancellation and their budgets of work (a limit reached names the
/// position asked about); a caller that explains many positions keeps one
/// set of options, so that what the theories compute once (a heap rule's
/// misère quotient, in the options' memo) is computed once.
pub fn explain_with(
    position: &Position,
    play: Play,
    options: &AnalyzeOptions,
) -> Result<Explanation> {
    let analysis = position.analyze(play, options)?;
    account(position, play, options, analysis).map_err(|e| e.in_context(|| position.asked(play)))
}

fn account(
    position: &Position,
    play: Play,
    options: &AnalyzeOptions,
    analysis: crate::sum::Analysis,
) -> Result<Explanation> {
    let cx = options.context();
    let mut solver = options.solver(&cx);
    let (mut rows, loops) = rows(position, &cx, &mut solver)?;
    if play == Play::Normal && loops.iter().any(|&l| l) {
        return explain_loopy(analysis, rows, &loops, &mut solver, options);
    }
    for r in &mut rows {
        r.gamma = (play == Play::Normal)
            .then_some(r.value.map(Gamma::Finite))
            .flatten();
    }
    let nim_sum = rows.iter().try_fold(0, |acc, r| r.value.map(|v| acc ^ v));
    let derivation = match (play, nim_sum.and_then(high_bit)) {
        (Play::Normal, Some(bit)) => {
            Some(derive(&cx, &mut solver, &rows, nim_sum.unwrap_or(0), bit)?)
        }
        _ => None,
    };
    let mut misere = (play == Play::Misere).then(|| match position.nim_heaps() {
        Some(sizes) => MisereCase::Nim {
            big: sizes.iter().filter(|&&h| h >= 2).count(),
            ones: sizes.iter().filter(|&&h| h == 1).count(),
        },
        None => match quotient_case(&cx, &rows, &analysis.winning_moves) {
            Some(case) => MisereCase::Quotient(case),
            None => MisereCase::Search,
        },
    });
    // The analysis and the quotient must agree (both read the same
    // quotient); if they do not, say "search" rather than explain wrongly.
    if let Some(MisereCase::Quotient(case)) = &misere {
        let agrees = case.in_p == (analysis.outcome == Outcome::P)
            && case.after.len() == analysis.winning_moves.len();
        if !agrees {
            misere = Some(MisereCase::Search);
        }
    }
    let mut reasons = Vec::new();
    for mv in &analysis.winning_moves {
        reasons.push(match (play, &misere, nim_sum) {
            (Play::Normal, _, Some(_)) => {
                let fx = effect_with(&rows, &mut solver, mv)?;
                Reason::Value {
                    before: fx.before,
                    after: fx.after,
                }
            }
            (Play::Normal, _, None) => Reason::Theory,
            (Play::Misere, Some(MisereCase::Nim { .. }), _) => Reason::MisereNim,
            (Play::Misere, Some(MisereCase::Quotient(case)), _) => Reason::Quotient {
                after: case.after[reasons.len()].0,
            },
            (Play::Misere, _, _) => Reason::Search,
        });
    }
    Ok(Explanation {
        play,
        outcome: analysis.outcome,
        rows,
        nim_sum,
        derivation,
        misere,
        winning_moves: analysis.winning_moves,
        reasons,
        truncated: analysis.truncated,
        incomplete: analysis.incomplete,
        loopy: None,
        drawing_moves: Vec::new(),
        drawing_after: Vec::new(),
    })
}

/// The explanation of a sum holding loopy components (marked in `loops`),
/// under normal play.
fn explain_loopy(
    analysis: crate::sum::Analysis,
    mut rows: Vec<Row>,
    loops: &[bool],
    solver: &mut Solver,
    options: &AnalyzeOptions,
) -> Result<Explanation> {
    let values = analysis
        .gamma
        .clone()
        .ok_or_else(|| Error::Unsupported("the values of this position are not known".into()))?;
    let mut loopy = LoopySolver::new(options.search_budget, options.budget.clone());
    if let Some(hook) = options.loopy_progress.clone() {
        loopy = loopy.with_progress(move |p| hook.report(p));
    }
    let mut accounts = Vec::with_capacity(rows.len());
    for (r, (g, &l)) in rows.iter_mut().zip(values.parts.iter().zip(loops)) {
        r.gamma = Some(g.clone());
        r.value = g.finite();
        accounts.push(if l {
            Some(loopy.account(&r.component, MEX_MAX_OPTIONS)?)
        } else {
            None
        });
    }
    let nim_sum = values.sum.finite();
    let row_of = |mv: &SumMove| {
        rows.iter()
            .position(|r| r.place.term == mv.term && r.place.part == mv.part)
            .ok_or_else(|| Error::IllegalMove("there is no such component".into()))
    };
    // The nim-sum rule when every value is finite: the winning moves of the
    // first row with the top bit of the nim-sum, as the analysis found them.
    let derivation = match nim_sum.and_then(high_bit) {
        Some(bit) => {
            let s = nim_sum.unwrap_or(0);
            let value = |i: usize| rows[i].value.unwrap_or(0);
            let holders: Vec<usize> = (0..rows.len())
                .filter(|&i| value(i) >> bit & 1 == 1)
                .collect();
            let row = holders[0];
            let mut moves = Vec::new();
            for mv in &analysis.winning_moves {
                if row_of(mv)? == row && moves.len() < MEX_MAX_OPTIONS {
                    moves.push(mv.clone());
                }
            }
            Some(Derivation {
                bit,
                holders,
                row,
                from_value: value(row),
                to_value: value(row) ^ s,
                moves,
            })
        }
        None => None,
    };
    let mut after_value = |row: usize, mv: &SumMove| -> Result<Gamma> {
        if loops[row] {
            loopy.gamma_of(&mv.mv.after)
        } else {
            Ok(Gamma::Finite(solver.grundy_of(&mv.mv.after)?))
        }
    };
    let mut reasons = Vec::new();
    for mv in &analysis.winning_moves {
        let row = row_of(mv)?;
        let after = after_value(row, mv)?;
        reasons.push(Reason::Loopy {
            before: rows[row].value,
            after: after
                .finite()
                .ok_or_else(|| Error::Unsupported("a winning move to an infinite value".into()))?,
        });
    }
    let mut drawing_after = Vec::new();
    for mv in &analysis.drawing_moves {
        let row = row_of(mv)?;
        let after = after_value(row, mv)?;
        let rest = values
            .parts
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != row)
            .map(|(_, g)| g);
        drawing_after.push(Gamma::sum(rest.chain([&after])));
    }
    Ok(Explanation {
        play: Play::Normal,
        outcome: analysis.outcome,
        rows,
        nim_sum,
        derivation,
        misere: None,
        winning_moves: analysis.winning_moves,
        reasons,
        truncated: analysis.truncated,
        incomplete: analysis.incomplete,
        loopy: Some(LoopyCase { values, accounts }),
        drawing_moves: analysis.drawing_moves,
        drawing_after,
    })
}

/// The quotient's account of a misère sum of components of one family
/// whose theory has a misère quotient (see [`Game::misere_quotient`]);
/// `None` otherwise, or when the quotient is out of reach (the analysis then
/// searched). `moves` are the analysis' winning moves.
fn quotient_case(cx: &Context, rows: &[Row], moves: &[SumMove]) -> Option<QuotientCase> {
    let first = rows.first()?;
    if rows
        .iter()
        .any(|r| r.component.name() != first.component.name())
    {
        return None;
    }
    let parts: Vec<&dyn Game> = rows.iter().map(|r| r.component.as_ref()).collect();
    let moves: Vec<(usize, &Move)> = moves
        .iter()
        .map(|mv| {
            let row = rows
                .iter()
                .position(|r| r.place.term == mv.term && r.place.part == mv.part)?;
            Some((row, &mv.mv))
        })
        .collect::<Option<_>>()?;
    first.component.misere_quotient(cx, &parts, &moves)
}

/// What `mv` does to the values of `position` (normal play): which row it
/// changes, from which value to which, and the nim-sum it leaves.
pub fn effect(position: &Position, mv: &SumMove) -> Result<MoveEffect> {
    let options = AnalyzeOptions::default();
    let cx = options.context();
    let mut solver = Solver::with_theory(options.search_budget, cx.clone());
    let (rows, _) = rows(position, &cx, &mut solver)?;
    effect_with(&rows, &mut solver, mv)
}

fn effect_with(rows: &[Row], solver: &mut Solver, mv: &SumMove) -> Result<MoveEffect> {
    let row = rows
        .iter()
        .position(|r| r.place.term == mv.term && r.place.part == mv.part)
        .ok_or_else(|| Error::IllegalMove("there is no such component".into()))?;
    let unknown = || Error::Unsupported("the values of this position are not known".into());
    let s = rows
        .iter()
        .try_fold(0, |acc, r| r.value.map(|v| acc ^ v))
        .ok_or_else(unknown)?;
    let before = rows[row].value.ok_or_else(unknown)?;
    let after = solver.grundy_of(&mv.mv.after)?;
    Ok(MoveEffect {
        row,
        before,
        after,
        nim_sum_after: s ^ before ^ after,
    })
}

/// The rows of `position`: each component with its value (`gamma` is left
/// for the caller), and whether each is loopy — a family's graph, or a game
/// whose search finds a repetition (no value and no mex step here).
fn rows(position: &Position, cx: &Context, solver: &mut Solver) -> Result<(Vec<Row>, Vec<bool>)> {
    let mut rows = Vec::new();
    let mut loops = Vec::new();
    for (place, c) in position.places() {
        // Only a lone component known by its outcome fails here (the
        // analysis refuses the rest), and a loopy one.
        let (value, loopy) = if c.on_graph().is_some() {
            (None, true)
        } else {
            match solver.grundy(c) {
                Ok(v) => (Some(v), false),
                Err(e) if e.is_budget_limit() => return Err(e),
                Err(e) if e.kind() == ErrorKind::Loop => (None, true),
                Err(_) => (None, false),
            }
        };
        let small = !loopy
            && c.heaps().iter().all(|&h| h <= MEX_MAX_HEAP)
            && c.moves().take(MEX_MAX_OPTIONS + 1).count() <= MEX_MAX_OPTIONS;
        let mex = match (small, value) {
            (true, Some(_)) => {
                let mut options = Vec::new();
                for m in c.moves() {
                    let v = solver.grundy_of(&m.after)?;
                    options.push((m, v));
                }
                let mut values: Vec<Nimber> = options.iter().map(|o| o.1).collect();
                values.sort_unstable();
                values.dedup();
                Some(MexStep { options, values })
            }
            _ => None,
        };
        let reason = value.and_then(|v| c.value_reason(cx, v));
        let wide = match value {
            Some(_) => None,
            None => match c.known(cx)? {
                Known::Wide(w) => Some(w),
                _ => None,
            },
        };
        rows.push(Row {
            place,
            name: position.terms[place.term].name.clone(),
            component: c.clone(),
            value,
            gamma: None,
            wide,
            mex,
            reason,
        });
        loops.push(loopy);
    }
    Ok((rows, loops))
}

fn derive(
    cx: &Context,
    solver: &mut Solver,
    rows: &[Row],
    nim_sum: Nimber,
    bit: u32,
) -> Result<Derivation> {
    let value = |i: usize| rows[i].value.unwrap_or(0);
    let holders: Vec<usize> = (0..rows.len())
        .filter(|&i| value(i) >> bit & 1 == 1)
        .collect();
    // The top bit of the xor comes from an odd number of values, so at least one.
    let row = holders[0];
    let from_value = value(row);
    let to_value = from_value ^ nim_sum;
    let r = &rows[row];
    let c = &r.component;
    let found = match c.moves_to_value(cx, to_value, MEX_MAX_OPTIONS)? {
        Some(found) => found,
        None => {
            // The values found for the rows stay; the search for the moves
            // gets an allowance of its own, as a question of its own.
            solver.renew(solver.budget());
            let mut found = Vec::new();
            let mut ticker = crate::budget::Ticker::new(64);
            for m in c.moves() {
                ticker
                    .tick(&cx.budget)
                    .map_err(|e| e.during(|| "looking for the winning moves".into()))?;
                if solver.has_value(&m.after, to_value)? {
                    found.push(m);
                    if found.len() == MEX_MAX_OPTIONS {
                        break;
                    }
                }
            }
            found
        }
    };
    let moves = found
        .into_iter()
        .map(|m| Position::sum_move(r.place, c.as_ref(), m))
        .collect();
    Ok(Derivation {
        bit,
        holders,
        row,
        from_value,
        to_value,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse_position;
    use crate::nimber::mex;

    #[test]
    fn small_heaps_show_their_mex() {
        let e = explain(&parse_position("kayles(4)").unwrap(), Play::Normal).unwrap();
        let step = e.rows[0].mex.as_ref().expect("a small heap shows its mex");
        assert_eq!(step.options.len(), 4);
        assert_eq!(Some(mex(step.values.iter().copied())), e.rows[0].value);
        assert_eq!(e.rows[0].value, Some(1));
    }

    #[test]
    fn derivation_moves_make_the_nim_sum_zero() {
        let pos = parse_position("nim(6) + kayles(7) + stairs(1,4,6)").unwrap();
        let e = explain(&pos, Play::Normal).unwrap();
        let d = e.derivation.expect("an N-position");
        assert!(!d.moves.is_empty());
        for mv in &d.moves {
            let fx = effect(&pos, mv).unwrap();
            assert_eq!(fx.nim_sum_after, 0);
            assert_eq!(
                (fx.row, fx.before, fx.after),
                (d.row, d.from_value, d.to_value)
            );
        }
    }

    #[test]
    fn every_winning_move_has_its_reason() {
        // kayles(2) has value 2, nim(1) value 1, nim(2) value 2: s = 1. The
        // Kayles heap wins by moving to value 3 = 2 ⊕ 1 (leaving 3? no: it
        // can only shrink), the Nim heap of 1 by going to 0, the Nim heap of 2 to 3 is
        // impossible; every listed move must change one value by s.
        let pos = parse_position("kayles(2) + nim(1,2)").unwrap();
        let e = explain(&pos, Play::Normal).unwrap();
        assert_eq!(e.reasons.len(), e.winning_moves.len());
        for r in &e.reasons {
            let Reason::Value { before, after } = *r else {
                panic!("normal play reasons are values")
            };
            assert_eq!(before ^ after, e.nim_sum.unwrap());
        }
        let e = explain(
            &parse_position("kayles(3) + grundys(4)").unwrap(),
            Play::Misere,
        )
        .unwrap();
        assert!(e.reasons.iter().all(|&r| r == Reason::Search));
    }

    #[test]
    fn misere_kayles_is_read_from_its_quotient() {
        let pos = parse_position("kayles(4, 7, 9)").unwrap();
        let e = explain(&pos, Play::Misere).unwrap();
        let Some(MisereCase::Quotient(case)) = &e.misere else {
            panic!(
                "heaps of one rule are read from the quotient: {:?}",
                e.misere
            )
        };
        assert_eq!(case.elements.len(), 3);
        assert_eq!(case.in_p, e.outcome == Outcome::P);
        assert_eq!(case.after.len(), e.winning_moves.len());
        assert_eq!(e.reasons.len(), e.winning_moves.len());
        // Each winning move leaves a position the search proves lost, and
        // its product is in the P-portion.
        let mut search = crate::misere::MisereSearch::new(1_000_000);
        for (mv, r) in e.winning_moves.iter().zip(&e.reasons) {
            let Reason::Quotient { after } = *r else {
                panic!("quotient reasons")
            };
            assert!(case.after.iter().any(|a| a.0 == after));
            let next = pos.apply(mv).unwrap();
            assert!(!search.wins(next.components().cloned()).unwrap());
        }
    }

    #[test]
    fn loopy_values_are_accounted_for() {
        // 1 ⇄ 2 with 2 → 3 (value 1 at 2, 0 at 1); 4 ⇄ 5 alone (∞(∅)).
        let pos = parse_position("digraph(1>2 2>1 2>3 4>5 5>4; 2 4) + nim(1)").unwrap();
        let e = explain(&pos, Play::Normal).unwrap();
        assert_eq!(e.outcome, Outcome::D);
        let case = e.loopy.as_ref().expect("a loopy case");
        assert_eq!(case.values.rule, crate::loopy::SumRule::OneInfinite);
        let token = case.accounts[0].as_ref().unwrap();
        assert_eq!(token.value, Gamma::Finite(1));
        let draw = case.accounts[1].as_ref().unwrap();
        assert_eq!(draw.mex, Some(0));
        assert!(draw.followers.iter().all(|f| f.forcing));
        assert!(case.accounts[2].is_none());
        assert_eq!(e.drawing_moves.len(), e.drawing_after.len());
        assert!(e.drawing_after.iter().all(|g| g.outcome() == Outcome::D));
        // Won: 2 ⇄ 1 with 2 → 3 and a heap of 1: the sum is 1 ⊕ 1 = 0? No:
        // token 1 alone has value 0, and 0 ⊕ 1 = 1.
        let pos = parse_position("digraph(1>2 2>1 2>3; 1) + nim(1)").unwrap();
        let e = explain(&pos, Play::Normal).unwrap();
        assert_eq!(e.nim_sum, Some(1));
        assert_eq!(e.reasons.len(), e.winning_moves.len());
        assert!(e
            .reasons
            .iter()
            .all(|r| matches!(r, Reason::Loopy { before, after } if before.unwrap() ^ after == 1)));
    }

    #[test]
    fn misere_nim_names_its_case() {
        let e = explain(&parse_position("nim(1,1,5)").unwrap(), Play::Misere).unwrap();
        assert_eq!(e.misere, Some(MisereCase::Nim { big: 1, ones: 2 }));
        assert_eq!(e.outcome, Outcome::N);
        assert!(e.derivation.is_none());
    }
}
