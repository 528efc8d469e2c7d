//! The step-by-step account of a position, as data for a front end to put
//! into words.
//!
//! It follows the classic argument for Nim (Bouton) extended by
//! Sprague–Grundy:
//!
//! 1. every component has a Grundy value, the mex of the values of its
//!    options (shown option by option for small heaps);
//! 2. the position's value is the nim-sum (xor) of the components' values,
//!    best seen as a table of binary columns;
//! 3. nim-sum 0 is a loss for the player to move: a move changes exactly one
//!    component's value, so the xor cannot stay 0;
//! 4. otherwise take the highest set bit `k` of the nim-sum `s`: some
//!    component's value `g` has bit `k` set, so `g ⊕ s < g`, and that
//!    component has an option of value `g ⊕ s` (`g` is the mex of its
//!    options' values, so every smaller value is among them), which makes
//!    the nim-sum 0. For a Nim heap `h`, the move leaves `h ⊕ s`.
//!
//! Misère Nim adds the endgame rule (see [`nim`](crate::nim)); other misère
//! sums are settled by exhaustive search.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::heap::{Move, Rule};
use crate::nim::{Outcome, Play};
use crate::nimber::{high_bit, Nimber};
use crate::sequence::NimSequence;
use crate::sum::{heap_move, monk_move, AnalyzeOptions, Component, Position, SumMove};

/// Heaps at most this large get their mex step listed option by option.
pub const MEX_MAX_HEAP: u64 = 12;
/// … as long as they have at most this many options.
pub const MEX_MAX_OPTIONS: usize = 16;

/// The whole account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub play: Play,
    pub outcome: Outcome,
    /// One row per heap, one per staircase, in the order written.
    pub rows: Vec<Row>,
    /// The nim-sum of the rows' values (normal-play values, also under misère).
    pub nim_sum: Nimber,
    /// Normal play with a non-zero nim-sum: how the winning move is found.
    pub derivation: Option<Derivation>,
    /// Misère play: which rule decides.
    pub misere: Option<MisereCase>,
    /// Every winning move (from [`Position::analyze`]).
    pub winning_moves: Vec<SumMove>,
    /// Whether that list was cut short.
    pub truncated: bool,
}

/// One row of the nim-sum table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The term it belongs to, and the term's name.
    pub term: usize,
    pub name: String,
    pub kind: RowKind,
    /// Its Grundy value (normal play).
    pub value: Nimber,
}

/// What a row is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A heap: its flat index (as in [`SumMove::heap`]), its size, and for a
    /// small heap the mex step that gives its value.
    Heap {
        flat: usize,
        size: u64,
        rule: Rule,
        mex: Option<MexStep>,
    },
    /// A staircase: the flat index of its lowest monk, its steps and gaps.
    /// Its value is the nim-sum of the even-indexed gaps.
    Staircase {
        first: usize,
        steps: Vec<u64>,
        gaps: Vec<u64>,
    },
}

/// `G(n) = mex{values of the options}`, option by option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MexStep {
    /// Every option (the move, and the nim-sum of the heaps it leaves).
    pub options: Vec<(Move, Nimber)>,
    /// The distinct values among them, ascending.
    pub values: Vec<Nimber>,
}

/// How the winning move is found from the nim-sum `s ≠ 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The moves of that row reaching `g ⊕ s` (at most [`MEX_MAX_OPTIONS`]).
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
    /// Any other sum: exhaustive search of the game tree.
    Search,
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
/// assert_eq!(e.nim_sum, 2);
/// let d = e.derivation.unwrap();
/// assert_eq!((d.bit, d.row, d.from_value, d.to_value), (1, 0, 3, 1));
/// ```
pub fn explain(position: &Position, play: Play) -> Result<Explanation> {
    let options = AnalyzeOptions::default();
    let analysis = position.analyze(play, &options)?;
    let seqs = position.sequences(options.limits)?;
    let rows = rows(position, &seqs)?;
    let nim_sum = rows.iter().fold(0, |acc, r| acc ^ r.value);
    let derivation = match (play, high_bit(nim_sum)) {
        (Play::Normal, Some(bit)) => Some(derive(position, &seqs, &rows, nim_sum, bit)?),
        _ => None,
    };
    let misere = (play == Play::Misere).then(|| {
        if position.is_nim() {
            let sizes: Vec<u64> = position.flat_heaps().into_iter().map(|(_, h)| h).collect();
            MisereCase::Nim {
                big: sizes.iter().filter(|&&h| h >= 2).count(),
                ones: sizes.iter().filter(|&&h| h == 1).count(),
            }
        } else {
            MisereCase::Search
        }
    });
    Ok(Explanation {
        play,
        outcome: analysis.outcome,
        rows,
        nim_sum,
        derivation,
        misere,
        winning_moves: analysis.winning_moves,
        truncated: analysis.truncated,
    })
}

/// What `mv` does to the values of `position` (normal play): which row it
/// changes, from which value to which, and the nim-sum it leaves.
pub fn effect(position: &Position, mv: &SumMove) -> Result<MoveEffect> {
    let options = AnalyzeOptions::default();
    let before_rows = rows(position, &position.sequences(options.limits)?)?;
    let row = before_rows
        .iter()
        .position(|r| match &r.kind {
            RowKind::Heap { flat, .. } => *flat == mv.heap,
            RowKind::Staircase { first, steps, .. } => {
                (*first..first + steps.len()).contains(&mv.heap)
            }
        })
        .ok_or_else(|| Error::IllegalMove(format!("there is no heap {}", mv.heap + 1)))?;
    let s = before_rows.iter().fold(0, |acc, r| acc ^ r.value);
    let child = position.apply(mv)?;
    let after_sum = child
        .analyze(Play::Normal, &options)?
        .grundy
        .expect("normal play has a value");
    let before = before_rows[row].value;
    Ok(MoveEffect {
        row,
        before,
        after: before ^ s ^ after_sum,
        nim_sum_after: after_sum,
    })
}

fn rows(position: &Position, seqs: &HashMap<Rule, NimSequence>) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    let mut flat = 0;
    for (t, term) in position.terms.iter().enumerate() {
        match &term.component {
            Component::Heaps { rule, heaps } => {
                let seq = &seqs[rule];
                for &h in heaps {
                    let mex = if h <= MEX_MAX_HEAP && rule.moves(h).count() <= MEX_MAX_OPTIONS {
                        let options = seq.options(h)?;
                        let mut values: Vec<Nimber> = options.iter().map(|o| o.1).collect();
                        values.sort_unstable();
                        values.dedup();
                        Some(MexStep { options, values })
                    } else {
                        None
                    };
                    rows.push(Row {
                        term: t,
                        name: term.name.clone(),
                        kind: RowKind::Heap {
                            flat,
                            size: h,
                            rule: rule.clone(),
                            mex,
                        },
                        value: seq.value(h)?,
                    });
                    flat += 1;
                }
            }
            Component::Staircase(s) => {
                rows.push(Row {
                    term: t,
                    name: term.name.clone(),
                    kind: RowKind::Staircase {
                        first: flat,
                        steps: s.steps().to_vec(),
                        gaps: s.gaps(),
                    },
                    value: s.grundy(),
                });
                flat += s.steps().len();
            }
        }
    }
    Ok(rows)
}

fn derive(
    position: &Position,
    seqs: &HashMap<Rule, NimSequence>,
    rows: &[Row],
    nim_sum: Nimber,
    bit: u32,
) -> Result<Derivation> {
    let holders: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].value >> bit & 1 == 1)
        .collect();
    // The top bit of the xor comes from an odd number of values, so at least one.
    let row = holders[0];
    let from_value = rows[row].value;
    let to_value = from_value ^ nim_sum;
    let moves = match &rows[row].kind {
        RowKind::Heap {
            flat, size, rule, ..
        } => seqs[rule]
            .moves_to_value(*size, to_value)?
            .take(MEX_MAX_OPTIONS)
            .map(|m| heap_move(*flat, *size, &m))
            .collect(),
        RowKind::Staircase { first, .. } => {
            let Component::Staircase(s) = &position.terms[rows[row].term].component else {
                unreachable!("a staircase row comes from a staircase term")
            };
            s.moves_to_value(to_value)
                .into_iter()
                .map(|m| monk_move(first + m.monk, m.from, m.to))
                .collect()
        }
    };
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
        let RowKind::Heap {
            mex: Some(step), ..
        } = &e.rows[0].kind
        else {
            panic!("a small heap shows its mex")
        };
        assert_eq!(step.options.len(), 4);
        assert_eq!(mex(step.values.iter().copied()), e.rows[0].value);
        assert_eq!(e.rows[0].value, 1);
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
    fn misere_nim_names_its_case() {
        let e = explain(&parse_position("nim(1,1,5)").unwrap(), Play::Misere).unwrap();
        assert_eq!(e.misere, Some(MisereCase::Nim { big: 1, ones: 2 }));
        assert_eq!(e.outcome, Outcome::N);
        assert!(e.derivation.is_none());
    }
}
