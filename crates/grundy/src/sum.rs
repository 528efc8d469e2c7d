//! Sums of games: a position made of several components, played side by side;
//! a move is a move in exactly one component.
//!
//! Under normal play the Sprague–Grundy theorem makes a sum easy: its value
//! is the nim-sum of the components' values, and a move wins exactly when it
//! turns one component of value `g` into a position of value `g ⊕ s`, where
//! `s` is the sum's value. [`Position::analyze`] finds all of those.
//!
//! Under misère play there is no such theorem: Nim has a closed form (see
//! [`nim`]); any other sum is searched exhaustively while small
//! (see [`misere`](crate::misere)).

use std::collections::HashMap;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::heap::{Move, Rule};
use crate::nim::{self, Outcome, Play};
use crate::nimber::Nimber;
use crate::sequence::{Limits, NimSequence};
use crate::staircase::Staircase;

/// One component of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// Heaps that all follow one rule.
    Heaps { rule: Rule, heaps: Vec<u64> },
    /// A staircase of monks (see [`staircase`](crate::staircase)).
    Staircase(Staircase),
}

/// A component with the name it was written with (`kayles`, `0.07`, …).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    pub name: String,
    pub component: Component,
}

/// A position: a sum of terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub terms: Vec<Term>,
}

/// One entry of the flattened list of heaps: every heap of every term in the
/// order written; for a staircase, every monk (its "size" is its step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapEntry {
    /// Index of the term this heap belongs to.
    pub term: usize,
    /// The heap's size (a monk's step).
    pub size: u64,
    /// The heap's Grundy value; `None` for a monk (the staircase has one value).
    pub value: Option<Nimber>,
}

/// A move in a sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// Index of the heap (or monk) in the flattened list.
    pub heap: usize,
    /// Its size (or step) before the move.
    pub from: u64,
    /// The heaps it leaves, ascending, zeros left out (for a monk: its new step).
    pub to: Vec<u64>,
    /// The move in words.
    #[serde(skip)]
    pub words: String,
}

/// The full analysis of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub play: Play,
    pub outcome: Outcome,
    /// The Grundy value of the sum under normal play; `None` under misère.
    pub grundy: Option<Nimber>,
    /// Each term's Grundy value (normal play values, also shown for misère).
    pub term_values: Vec<Option<Nimber>>,
    /// The flattened heaps.
    pub heaps: Vec<HeapEntry>,
    /// Every winning move (up to the limit asked for), by heap.
    pub winning_moves: Vec<SumMove>,
    /// Whether the list of winning moves was cut at the limit.
    pub truncated: bool,
}

/// What [`Position::analyze`] may spend.
#[derive(Clone, Copy, Debug)]
pub struct AnalyzeOptions {
    pub limits: Limits,
    /// The most winning moves to list.
    pub max_moves: usize,
    /// The most positions the misère search may visit.
    pub misere_budget: usize,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            limits: Limits::default(),
            max_moves: 10_000,
            misere_budget: 2_000_000,
        }
    }
}

impl Position {
    /// A position from terms; refuses an empty one.
    pub fn new(terms: Vec<Term>) -> Result<Position> {
        if terms.is_empty() {
            return Err(Error::EmptyPosition);
        }
        Ok(Position { terms })
    }

    /// A position of Nim heaps.
    pub fn nim(heaps: Vec<u64>) -> Result<Position> {
        if heaps.is_empty() {
            return Err(Error::EmptyPosition);
        }
        Position::new(vec![Term {
            name: "nim".into(),
            component: Component::Heaps {
                rule: Rule::Nim,
                heaps,
            },
        }])
    }

    /// The nim-sequences needed for every heap of the position, one per rule.
    pub fn sequences(&self, limits: Limits) -> Result<HashMap<Rule, NimSequence>> {
        let mut largest: HashMap<&Rule, u64> = HashMap::new();
        for term in &self.terms {
            if let Component::Heaps { rule, heaps } = &term.component {
                let top = heaps.iter().copied().max().unwrap_or(0);
                let e = largest.entry(rule).or_insert(0);
                *e = (*e).max(top);
            }
        }
        largest
            .into_iter()
            .map(|(rule, top)| Ok((rule.clone(), NimSequence::new(rule, top, limits)?)))
            .collect()
    }

    /// The flattened heaps with the term each belongs to.
    pub fn flat_heaps(&self) -> Vec<(usize, u64)> {
        self.terms
            .iter()
            .enumerate()
            .flat_map(|(t, term)| {
                let sizes: Vec<u64> = match &term.component {
                    Component::Heaps { heaps, .. } => heaps.clone(),
                    Component::Staircase(s) => s.steps().to_vec(),
                };
                sizes.into_iter().map(move |h| (t, h))
            })
            .collect()
    }

    /// Whether every term is plain Nim.
    pub fn is_nim(&self) -> bool {
        self.terms.iter().all(|t| {
            matches!(
                t.component,
                Component::Heaps {
                    rule: Rule::Nim,
                    ..
                }
            )
        })
    }

    /// Outcome, Grundy value and every winning move.
    ///
    /// ```
    /// use grundy::expr::parse_position;
    /// use grundy::nim::{Outcome, Play};
    /// use grundy::sum::AnalyzeOptions;
    /// let pos = parse_position("nim(3,4,5) + kayles(10)").unwrap();
    /// let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
    /// assert_eq!(a.grundy, Some(2 ^ 2));
    /// assert_eq!(a.outcome, Outcome::P);
    /// assert!(a.winning_moves.is_empty());
    /// ```
    pub fn analyze(&self, play: Play, options: &AnalyzeOptions) -> Result<Analysis> {
        let seqs = self.sequences(options.limits)?;
        let mut heaps = Vec::new();
        let mut term_values = Vec::new();
        for (t, term) in self.terms.iter().enumerate() {
            match &term.component {
                Component::Heaps { rule, heaps: hs } => {
                    let seq = &seqs[rule];
                    let mut tv = 0;
                    for &h in hs {
                        let v = seq.value(h)?;
                        tv ^= v;
                        heaps.push(HeapEntry {
                            term: t,
                            size: h,
                            value: Some(v),
                        });
                    }
                    term_values.push(Some(tv));
                }
                Component::Staircase(s) => {
                    heaps.extend(s.steps().iter().map(|&step| HeapEntry {
                        term: t,
                        size: step,
                        value: None,
                    }));
                    term_values.push(Some(s.grundy()));
                }
            }
        }
        let total = term_values.iter().flatten().fold(0, |a, v| a ^ v);
        let mut analysis = Analysis {
            play,
            outcome: Outcome::from_mover_wins(total != 0),
            grundy: Some(total),
            term_values,
            heaps,
            winning_moves: Vec::new(),
            truncated: false,
        };
        match play {
            Play::Normal => {
                let (moves, truncated) =
                    self.moves_changing_value(&seqs, total, options.max_moves)?;
                analysis.winning_moves = moves;
                analysis.truncated = truncated;
            }
            Play::Misere if self.is_nim() => {
                let sizes: Vec<u64> = analysis.heaps.iter().map(|h| h.size).collect();
                analysis.grundy = None;
                analysis.outcome = nim::outcome(&sizes, Play::Misere);
                analysis.winning_moves = nim::winning_moves(&sizes, Play::Misere)
                    .into_iter()
                    .map(|m| heap_move(m.heap, m.from, &Move::new(m.from - m.to, vec![m.to])))
                    .collect();
            }
            Play::Misere => {
                // Sums of one take-and-break or subtraction rule: read from
                // the rule's misère quotient; anything else: search.
                let search = || crate::misere::solve(self, options.misere_budget);
                let (outcome, moves) = match crate::quotient::solve_misere(
                    self,
                    options.max_moves.saturating_add(1),
                ) {
                    Some(Ok(found)) => found,
                    Some(Err(quotient)) => search().map_err(|_| quotient)?,
                    None => search()?,
                };
                analysis.grundy = None;
                analysis.outcome = outcome;
                analysis.truncated = moves.len() > options.max_moves;
                analysis.winning_moves = moves.into_iter().take(options.max_moves).collect();
            }
        }
        Ok(analysis)
    }

    /// The term and the position inside it of flattened heap `heap`.
    fn locate(&self, heap: usize) -> Option<(usize, usize)> {
        let mut first = 0;
        for (t, term) in self.terms.iter().enumerate() {
            let len = match &term.component {
                Component::Heaps { heaps, .. } => heaps.len(),
                Component::Staircase(s) => s.steps().len(),
            };
            if heap < first + len {
                return Some((t, heap - first));
            }
            first += len;
        }
        None
    }

    /// Every legal move of the sum, lazily, by heap (monks included).
    ///
    /// Huge Nim heaps have as many moves as tokens: do not collect blindly.
    pub fn moves(&self) -> impl Iterator<Item = SumMove> + '_ {
        let mut flat = 0;
        self.terms.iter().flat_map(move |term| {
            let first = flat;
            let it: Box<dyn Iterator<Item = SumMove> + '_> = match &term.component {
                Component::Heaps { rule, heaps } => {
                    flat += heaps.len();
                    Box::new(heaps.iter().enumerate().flat_map(move |(i, &h)| {
                        rule.moves(h).map(move |m| heap_move(first + i, h, &m))
                    }))
                }
                Component::Staircase(s) => {
                    flat += s.steps().len();
                    Box::new(
                        s.moves()
                            .map(move |m| monk_move(first + m.monk, m.from, m.to)),
                    )
                }
            };
            it
        })
    }

    /// The position after `mv`, or why the move is illegal.
    ///
    /// For a heap, `mv.to` lists the heaps left (any order, zeros allowed);
    /// they replace the heap inside its term (a heap taken to nothing stays
    /// as a heap of 0, so the heaps after it keep their indices). For a monk, `mv.to` is its new
    /// step.
    pub fn apply(&self, mv: &SumMove) -> Result<Position> {
        let (t, i) = self
            .locate(mv.heap)
            .ok_or_else(|| Error::IllegalMove(format!("there is no heap {}", mv.heap + 1)))?;
        let mut next = self.clone();
        match &mut next.terms[t].component {
            Component::Heaps { rule, heaps } => {
                let from = heaps[i];
                let leaves = Move::new(0, mv.to.clone()).leaves;
                let legal = rule.allows(from, &leaves);
                if !legal {
                    return Err(Error::IllegalMove(format!(
                        "{rule} does not allow a heap of {from} to become {}",
                        if leaves.is_empty() {
                            "nothing".to_string()
                        } else {
                            leaves
                                .iter()
                                .map(u64::to_string)
                                .collect::<Vec<_>>()
                                .join(" + ")
                        }
                    )));
                }
                if leaves.is_empty() {
                    // An emptied heap stays as 0, so later heaps keep their numbers.
                    heaps[i] = 0;
                } else {
                    heaps.splice(i..=i, leaves);
                }
            }
            Component::Staircase(s) => {
                let [to] = mv.to[..] else {
                    return Err(Error::IllegalMove(
                        "a monk moves to exactly one step".into(),
                    ));
                };
                *s = s.play(s.steps()[i], to)?;
            }
        }
        Ok(next)
    }

    /// Whether the position has no move at all.
    pub fn is_terminal(&self) -> bool {
        self.moves().next().is_none()
    }

    /// Every move that changes the sum's value by `delta` (xor), up to `limit`.
    /// With `delta` = the sum's value these are the winning moves.
    fn moves_changing_value(
        &self,
        seqs: &HashMap<Rule, NimSequence>,
        delta: Nimber,
        limit: usize,
    ) -> Result<(Vec<SumMove>, bool)> {
        let mut out = Vec::new();
        if delta == 0 {
            return Ok((out, false));
        }
        let mut flat = 0;
        for term in &self.terms {
            match &term.component {
                Component::Heaps { rule, heaps } => {
                    let seq = &seqs[rule];
                    for &h in heaps {
                        let target = seq.value(h)? ^ delta;
                        for m in seq.moves_to_value(h, target)? {
                            if out.len() == limit {
                                return Ok((out, true));
                            }
                            out.push(heap_move(flat, h, &m));
                        }
                        flat += 1;
                    }
                }
                Component::Staircase(s) => {
                    for m in s.moves_to_value(s.grundy() ^ delta) {
                        if out.len() == limit {
                            return Ok((out, true));
                        }
                        out.push(monk_move(flat + m.monk, m.from, m.to));
                    }
                    flat += s.steps().len();
                }
            }
        }
        Ok((out, false))
    }
}

/// A heap move as a move of the sum, with its words.
pub(crate) fn heap_move(heap: usize, from: u64, m: &Move) -> SumMove {
    SumMove {
        heap,
        from,
        to: m.leaves.clone(),
        words: m.describe(heap + 1, from),
    }
}

/// A monk's move as a move of the sum.
pub(crate) fn monk_move(heap: usize, from: u64, to: u64) -> SumMove {
    SumMove {
        heap,
        from,
        to: vec![to],
        words: format!("move the monk on step {from} up to step {to}"),
    }
}
