//! Sums of games: a position made of several components, played side by side;
//! a move is a move in exactly one component.
//!
//! Under normal play the Sprague–Grundy theorem makes a sum easy: its value
//! is the nim-sum of the components' values, and a move wins exactly when it
//! turns one component of value `g` into a position of value `g ⊕ s`, where
//! `s` is the sum's value (`g ⊕ s` may be larger than `g`: any option of that
//! value wins). [`Position::analyze`] finds all of those.
//!
//! Values come from each family's theory where it has one, and otherwise
//! from the generic [`Solver`] within a budget. A component whose theory
//! knows only its outcome (Wythoff's game on huge piles, say) is answered
//! when it stands alone; inside a sum its value is searched for, and the
//! answer is refused when the search would exceed its budget.
//!
//! A component whose positions can repeat (a loopy game) is found out by
//! the search, which reports the repetition; it is then solved by the
//! retrograde analysis of [`loopy`](crate::loopy), and its value is a
//! number or `∞(K)`. Values add by Smith's rule ([`Gamma::sum`]), so loopy
//! and loop-free components mix in one sum, whose outcome may be a draw
//! ([`Outcome::D`]); then [`Analysis::drawing_moves`] lists the moves that
//! keep the draw.
//!
//! Under misère play there is no such theorem: sums of Nim heaps have a
//! closed form (see [`nim`]), a single component may have its own theory
//! ([`Game::misere_outcome`]), sums whose components meet the SJ theorem's
//! condition are read off their Grundy values (see [`crate::antisg`]),
//! and any other sum is searched exhaustively while small (see
//! [`misere`](crate::misere)).

use std::fmt;

use serde::Serialize;

use crate::antisg;
use crate::budget::{Budget, LimitKind, Ticker};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{written, Component, Context, Game, Known, Move};
use crate::limits::Limits;
use crate::loopy::{Gamma, LoopySolver, ProgressHook, SumRule};
use crate::memo::Memo;
use crate::misere::MisereSearch;
use crate::nim::{self, Outcome, Play};
use crate::nimber::Nimber;
use crate::search::{SearchConfig, SharedObserver};
use crate::solver::Solver;

/// One term of a sum as written: a family's name and its components
/// (`nim(3,4,5)` is three Nim heaps; `stairs(1,5,9)` is one staircase).
#[derive(Clone, Debug)]
pub struct Term {
    /// The name it was written with (`kayles`, `0.07`, `stairs`, …).
    pub name: String,
    /// Its components, in the order written.
    pub parts: Vec<Component>,
}

impl Term {
    /// A term named `name`.
    pub fn new(name: &str, parts: Vec<Component>) -> Term {
        Term {
            name: name.to_string(),
            parts,
        }
    }

    /// A term of the given components (of one family), named after the first.
    pub fn of(parts: Vec<Component>) -> Term {
        let name = parts.first().map_or("", |c| c.name()).to_string();
        Term { name, parts }
    }
}

/// `name(args, args, …)`: parses back to the same term.
impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(args) = self.parts.first().and_then(|c| c.term_args(&self.parts)) {
            return write!(f, "{}({args})", self.name);
        }
        let args: Vec<String> = self.parts.iter().map(|c| c.args()).collect();
        write!(f, "{}({})", self.name, args.join(","))
    }
}

impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        self.name == other.name
            && self.parts.len() == other.parts.len()
            && self
                .parts
                .iter()
                .zip(&other.parts)
                .all(|(a, b)| a.name() == b.name() && a.key() == b.key() && a.args() == b.args())
    }
}

impl Eq for Term {}

/// A position: a sum of terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub terms: Vec<Term>,
}

/// `term + term + …`, in the expression language.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms: Vec<String> = self.terms.iter().map(Term::to_string).collect();
        f.write_str(&terms.join(" + "))
    }
}

/// One entry of the flattened list of heaps: every heap of every term in the
/// order written; for a staircase, every monk (its "size" is its step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapEntry {
    /// Index of the term this heap belongs to.
    pub term: usize,
    /// The heap's size (a monk's step).
    pub size: u64,
    /// The heap's Grundy value; `None` for a piece of a larger component (a monk).
    pub value: Option<Nimber>,
}

/// A move in a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The term moved in (0-based) …
    pub term: usize,
    /// … and the component inside it.
    pub part: usize,
    /// For heap-like components: the index of the heap (or monk) in the
    /// flattened list; its size (or step) before the move, and the heaps it
    /// leaves, ascending, zeros left out (for a monk: its new step).
    pub heap: Option<usize>,
    pub from: u64,
    pub to: Vec<u64>,
    /// The move as data.
    pub mv: Move,
    /// The move in words (components labelled by their number in the sum).
    pub words: String,
}

/// The full analysis of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub play: Play,
    pub outcome: Outcome,
    /// The Grundy value of the sum under normal play; `None` under misère,
    /// and when only the outcome is known.
    pub grundy: Option<Nimber>,
    /// Each term's Grundy value under normal play (also shown for misère,
    /// where they do not decide the game); `None` when not known.
    pub term_values: Vec<Option<Nimber>>,
    /// Each component's Grundy value under normal play, in the order of
    /// [`Position::components`]; `None` when not known.
    pub part_values: Vec<Option<Nimber>>,
    /// The flattened heaps.
    pub heaps: Vec<HeapEntry>,
    /// Every winning move (up to the limit asked for).
    pub winning_moves: Vec<SumMove>,
    /// Whether the list of winning moves was cut at the limit.
    pub truncated: bool,
    /// Whether the list may miss winning moves: a component's search for
    /// them is bounded (see [`Game::moves_may_be_incomplete`]).
    pub incomplete: bool,
    /// Under normal play, when every value is known: the values as the
    /// generalized Sprague–Grundy function gives them (a number, or `∞(K)`
    /// for a loopy component), of the sum, each term and each component.
    /// For a position without loops every one is finite and equals
    /// `grundy`, `term_values` and `part_values` (which are `None` where
    /// the value is infinite).
    pub gamma: Option<GammaValues>,
    /// When the outcome is a draw ([`Outcome::D`]): the moves that keep the
    /// draw (to positions that are draws), up to the limit asked for; empty
    /// otherwise.
    pub drawing_moves: Vec<SumMove>,
    /// Whether the list of drawing moves was cut at the limit (or at the
    /// search budget of moves looked at).
    pub drawing_truncated: bool,
    /// The Grundy value when theory gives it beyond 64 bits (see
    /// [`Known::Wide`]): the position's one component with a move is worth
    /// it, and so are the sum and that component's term. `grundy` and
    /// those values are then `None`; the outcome is N.
    pub wide_grundy: Option<u128>,
}

/// The values of a sum, its terms and its components under the generalized
/// Sprague–Grundy function (see [`loopy`](crate::loopy)), and which case of
/// Smith's sum rule made the sum's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GammaValues {
    pub sum: Gamma,
    pub terms: Vec<Gamma>,
    pub parts: Vec<Gamma>,
    pub rule: SumRule,
    /// Whether each component was solved as a loopy game (its positions
    /// repeat, or it is played on a family's graph), by retrograde analysis.
    pub loopy: Vec<bool>,
}

impl GammaValues {
    /// The values of a sum of components of these values, grouped into
    /// terms by `term_of` (each component's term); `loopy` marks those
    /// solved as loopy games.
    fn new(
        parts: Vec<Gamma>,
        term_of: impl Iterator<Item = usize>,
        terms: usize,
        loopy: Vec<bool>,
    ) -> GammaValues {
        let mut grouped: Vec<Vec<&Gamma>> = vec![Vec::new(); terms];
        for (g, t) in parts.iter().zip(term_of) {
            grouped[t].push(g);
        }
        let terms = grouped.into_iter().map(Gamma::sum).collect();
        GammaValues {
            sum: Gamma::sum(&parts),
            rule: Gamma::sum_rule(&parts),
            terms,
            parts,
            loopy,
        }
    }
}

/// The moves changing a sum's value by a given amount: the list, whether
/// it was cut at the limit, and whether it may miss some.
struct FoundMoves {
    moves: Vec<SumMove>,
    truncated: bool,
    incomplete: bool,
}

/// What [`Position::analyze`] may spend, and what it may remember.
#[derive(Clone, Debug)]
pub struct AnalyzeOptions {
    pub limits: Limits,
    /// The time, memory and cancellation every search and table of the
    /// analysis honours (unlimited by default: front ends set theirs).
    pub budget: Budget,
    /// What the families' theories keep between analyses (a heap rule's
    /// misère quotient). Clones share it: keep one set of options (or
    /// clones of it) to compute such things once, not once per analysis.
    pub memo: Memo,
    /// The most winning moves to list.
    pub max_moves: usize,
    /// The most positions the misère search may visit.
    pub misere_budget: usize,
    /// The most positions and moves the search for Grundy values of
    /// components without theory may visit.
    pub search_budget: usize,
    /// Where the solver of loopy components reports how far it has come on
    /// a large graph (none by default; a front end draws a progress bar).
    pub loopy_progress: Option<ProgressHook>,
    /// Where the searches for Grundy values (a board, a graph, any
    /// component without theory) report how far they have come (none by
    /// default; a front end draws a progress bar).
    pub search_progress: Option<SharedObserver>,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            limits: Limits::default(),
            budget: Budget::unlimited(),
            memo: Memo::default(),
            max_moves: 10_000,
            misere_budget: 2_000_000,
            search_budget: crate::solver::DEFAULT_BUDGET,
            loopy_progress: None,
            search_progress: None,
        }
    }
}

impl AnalyzeOptions {
    /// The context the families' theory is handed: the limits, the budget
    /// and the memo.
    pub fn context(&self) -> Context {
        Context {
            limits: self.limits,
            budget: self.budget.clone(),
            memo: self.memo.clone(),
        }
    }

    /// A solver of the components' Grundy values for this analysis: theory
    /// first (within `cx`), else search within [`search_budget`] positions
    /// and moves, reporting to [`search_progress`].
    ///
    /// [`search_budget`]: AnalyzeOptions::search_budget
    /// [`search_progress`]: AnalyzeOptions::search_progress
    pub fn solver(&self, cx: &Context) -> Solver {
        let config = SearchConfig {
            budget: cx.budget.clone(),
            observer: self.search_progress.clone(),
            ..SearchConfig::default()
        };
        Solver::with_config(Some(cx.clone()), config, self.search_budget)
    }

    /// The same options within `budget`.
    pub fn with_budget(mut self, budget: Budget) -> AnalyzeOptions {
        self.budget = budget;
        self
    }
}

/// About the bytes an analysis holds per component, the position's own
/// included (its places, values, heaps; measured at about 170 on
/// `nim(1,1,…)` of 3.3·10^6 heaps): held from the start, so that a
/// position too large for the memory allowance is refused up front.
pub const ANALYSIS_BYTES_PER_COMPONENT: u64 = 192;

/// The most characters of a position a message quotes.
const QUOTED_CHARS: usize = 160;

/// Where a component stands in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub term: usize,
    pub part: usize,
    /// Its number as people count (1-based, over all components).
    pub number: usize,
    /// The flat index of its first heap.
    pub first_heap: usize,
}

impl Position {
    /// A position from terms; refuses an empty one.
    pub fn new(terms: Vec<Term>) -> Result<Position> {
        if terms.is_empty() || terms.iter().all(|t| t.parts.is_empty()) {
            return Err(Error::EmptyPosition);
        }
        Ok(Position { terms })
    }

    /// Every component with its place, in the order written.
    pub fn places(&self) -> Vec<(Place, &Component)> {
        let mut out = Vec::new();
        let mut number = 0;
        let mut flat = 0;
        for (t, term) in self.terms.iter().enumerate() {
            for (p, c) in term.parts.iter().enumerate() {
                number += 1;
                out.push((
                    Place {
                        term: t,
                        part: p,
                        number,
                        first_heap: flat,
                    },
                    c,
                ));
                flat += c.heaps().len();
            }
        }
        out
    }

    /// The flattened heaps with the term each belongs to.
    pub fn flat_heaps(&self) -> Vec<(usize, u64)> {
        self.places()
            .into_iter()
            .flat_map(|(pl, c)| c.heaps().into_iter().map(move |h| (pl.term, h)))
            .collect()
    }

    /// Every component, in order.
    pub fn components(&self) -> impl Iterator<Item = &Component> {
        self.terms.iter().flat_map(|t| t.parts.iter())
    }

    /// The Nim heaps, when every component is one (see [`Game::as_nim`]).
    pub fn nim_heaps(&self) -> Option<Vec<u64>> {
        self.components().map(|c| c.as_nim()).collect()
    }

    /// Whether every component is a Nim heap.
    pub fn is_nim(&self) -> bool {
        self.nim_heaps().is_some()
    }

    /// The components that still have a move.
    fn live(&self) -> usize {
        self.components().filter(|c| c.has_moves()).count()
    }

    /// A move of the component `c` at `place`, as a move of the sum, with its words.
    pub fn sum_move(place: Place, c: &dyn Game, mv: Move) -> SumMove {
        let label = format!("{} {}", c.noun(), place.number);
        let words = c.describe(&mv, &label);
        let (heap, from, to) = match &mv.heap {
            Some(h) => (Some(place.first_heap + h.index), h.from, h.to.clone()),
            None => (None, 0, Vec::new()),
        };
        SumMove {
            term: place.term,
            part: place.part,
            heap,
            from,
            to,
            mv,
            words,
        }
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
        options.budget.check()?;
        let analysis = match self.analyze_within(play, options) {
            // A pruned search may settle a component's value without
            // walking every line of play, so a repetition can first show
            // when the winning moves are looked for: the component is then
            // loopy after all, and every searched component is solved by
            // retrograde analysis instead.
            Err(e) if play == Play::Normal && is_loop(&e) => {
                self.analyze_searched_as_loopy(options)
            }
            other => other,
        };
        analysis.map_err(|e| e.in_context(|| self.asked(play)))
    }

    /// Normal play with every component that theory does not value solved
    /// as a loopy game (by retrograde analysis, which handles games with or
    /// without repetitions alike).
    fn analyze_searched_as_loopy(&self, options: &AnalyzeOptions) -> Result<Analysis> {
        let cx = options.context();
        let mut solver = options.solver(&cx);
        let mut values = Vec::new();
        let mut loops = Vec::new();
        for (_, c) in self.places() {
            let v = match c.known(&cx) {
                Ok(Known::Value(v)) => Some(v),
                Err(e) if !is_loop(&e) => return Err(e),
                _ => None,
            };
            loops.push(v.is_none());
            values.push(v);
        }
        self.analyze_loopy(&cx, &mut solver, &values, &loops, options)
    }

    /// "analysing nim(3,4,5) (misère play)": what a refusal puts first, so
    /// that it names the position asked about (cut short when long).
    pub fn asked(&self, play: Play) -> String {
        let how = match play {
            Play::Normal => "",
            Play::Misere => " (misère play)",
        };
        format!("analysing {}{how}", self.quoted())
    }

    /// The position as written, cut to about 160 characters for messages.
    pub fn quoted(&self) -> String {
        let mut text = String::new();
        for (i, t) in self.terms.iter().enumerate() {
            if i > 0 {
                text.push_str(" + ");
            }
            text.push_str(&t.to_string());
            if text.chars().count() > QUOTED_CHARS {
                break;
            }
        }
        if text.chars().count() > QUOTED_CHARS {
            let cut: String = text.chars().take(QUOTED_CHARS).collect();
            return format!("{cut}…");
        }
        text
    }

    /// Holds the bytes an analysis of this position needs
    /// ([`ANALYSIS_BYTES_PER_COMPONENT`] a component), refused up front
    /// when they do not fit.
    pub fn hold_analysis(&self, budget: &Budget) -> Result<crate::budget::Reservation> {
        let n = self.components().count() as u64;
        budget
            .reserve(n.saturating_mul(ANALYSIS_BYTES_PER_COMPONENT))
            .map_err(|e| e.during(|| format!("setting out to analyse {n} components")))
    }

    fn analyze_within(&self, play: Play, options: &AnalyzeOptions) -> Result<Analysis> {
        let _held = self.hold_analysis(&options.budget)?;
        let cx = options.context();
        let mut solver = options.solver(&cx);
        let places = self.places();
        let alone = self.live() <= 1;
        // Each component's value: theory, else search; an outcome alone
        // stands for the whole position only when nothing else can move.
        // A component whose positions repeat is loopy: solved apart.
        let mut values: Vec<Option<Nimber>> = Vec::new();
        let mut loops: Vec<bool> = Vec::new();
        let mut outcome_only = None;
        let mut wide_grundy = None;
        for (place, c) in &places {
            // A family's own graph goes to the loopy solver at once under
            // normal play (it handles graphs with or without cycles alike).
            let mut loopy = play == Play::Normal && c.on_graph().is_some();
            let known = if loopy {
                Known::Nothing
            } else {
                match c.known(&cx) {
                    Err(e) if is_loop(&e) => {
                        loopy = true;
                        Known::Nothing
                    }
                    other => other?,
                }
            };
            let v = match known {
                _ if loopy => None,
                Known::Value(v) => Some(v),
                // Never searched: no search finds a value beyond 64 bits.
                Known::Wide(_) if play == Play::Misere => None,
                Known::Wide(w) if alone && c.has_moves() => {
                    outcome_only = Some((*place, (*c).clone(), Outcome::N));
                    wide_grundy = Some(w);
                    None
                }
                Known::Wide(w) => {
                    return Err(Error::WideValue {
                        position: written(c.as_ref()),
                        value: w,
                    })
                }
                Known::Outcome(o) => match solver.grundy(c) {
                    Ok(v) => Some(v),
                    Err(e) if e.is_budget_limit() => return Err(e),
                    Err(e) if is_loop(&e) => {
                        loopy = true;
                        None
                    }
                    Err(_) if play == Play::Misere => None,
                    Err(_) if alone && c.has_moves() => {
                        outcome_only = Some((*place, (*c).clone(), o));
                        None
                    }
                    Err(_) => {
                        return Err(Error::limit(
                            LimitKind::Work,
                            format!(
                                "{} in a sum: theory gives only its outcome, not its Grundy \
                                 value, and a sum needs the value; finding it by search ran \
                                 past the budget of {} positions and moves (alone, it would be \
                                 answered)",
                                written(c.as_ref()),
                                solver.budget()
                            ),
                        ))
                    }
                },
                Known::Nothing => match solver.grundy(c) {
                    Ok(v) => Some(v),
                    Err(e) if e.is_budget_limit() => return Err(e),
                    Err(e) if is_loop(&e) => {
                        loopy = true;
                        None
                    }
                    Err(_) if play == Play::Misere => None,
                    Err(e) => return Err(searched_past(e, c.as_ref(), solver.budget())),
                },
            };
            values.push(v);
            loops.push(loopy);
        }
        if let Some(i) = loops.iter().position(|&l| l) {
            if play == Play::Misere {
                return Err(loopy_misere(places[i].1.as_ref()));
            }
            return self.analyze_loopy(&cx, &mut solver, &values, &loops, options);
        }
        let mut heaps = Vec::new();
        for ((place, c), v) in places.iter().zip(&values) {
            let hs = c.heaps();
            let single = hs.len() == 1;
            heaps.extend(hs.into_iter().map(|size| HeapEntry {
                term: place.term,
                size,
                value: if single { *v } else { None },
            }));
        }
        let mut term_values = vec![Some(0); self.terms.len()];
        for ((place, _), v) in places.iter().zip(&values) {
            let tv = &mut term_values[place.term];
            *tv = match (*tv, v) {
                (Some(a), Some(b)) => Some(a ^ b),
                _ => None,
            };
        }
        let total = values.iter().try_fold(0, |acc, v| v.map(|v| acc ^ v));
        let gamma = match (play, values.iter().copied().collect::<Option<Vec<_>>>()) {
            (Play::Normal, Some(all)) => Some(GammaValues::new(
                all.into_iter().map(Gamma::Finite).collect(),
                places.iter().map(|(p, _)| p.term),
                self.terms.len(),
                vec![false; places.len()],
            )),
            _ => None,
        };
        let mut analysis = Analysis {
            play,
            outcome: Outcome::from_mover_wins(total.unwrap_or(0) != 0),
            grundy: total,
            term_values,
            part_values: values.clone(),
            heaps,
            winning_moves: Vec::new(),
            truncated: false,
            incomplete: false,
            gamma,
            drawing_moves: Vec::new(),
            drawing_truncated: false,
            wide_grundy,
        };
        match play {
            Play::Normal => {
                if let Some((place, c, o)) = outcome_only {
                    analysis.outcome = o;
                    let found = c
                        .moves_to_value(&cx, 0, options.max_moves.saturating_add(1))?
                        .ok_or_else(|| {
                            Error::Unsupported(format!(
                                "{} has no theory for its winning moves",
                                written(c.as_ref())
                            ))
                        })?;
                    analysis.truncated = found.len() > options.max_moves;
                    analysis.incomplete = c.moves_may_be_incomplete();
                    analysis.winning_moves = found
                        .into_iter()
                        .take(options.max_moves)
                        .map(|m| Position::sum_move(place, c.as_ref(), m))
                        .collect();
                    return Ok(analysis);
                }
                let total = total.expect("every value is known");
                let found = self.moves_changing_value(
                    &cx,
                    &mut solver,
                    None,
                    &values,
                    total,
                    options.max_moves,
                )?;
                analysis.winning_moves = found.moves;
                analysis.truncated = found.truncated;
                analysis.incomplete = found.incomplete;
            }
            Play::Misere => {
                analysis.grundy = None;
                let (outcome, moves) = self.misere(&cx, options).map_err(|e| match e {
                    Error::Loop { position } => loopy_misere_at(&position),
                    e => e,
                })?;
                analysis.outcome = outcome;
                analysis.truncated = moves.len() > options.max_moves;
                analysis.winning_moves = moves.into_iter().take(options.max_moves).collect();
            }
        }
        Ok(analysis)
    }

    /// Misère play: Nim's closed form, a lone component's own theory, or search.
    fn misere(&self, cx: &Context, options: &AnalyzeOptions) -> Result<(Outcome, Vec<SumMove>)> {
        let budget = &options.budget;
        let places = self.places();
        if let Some(sizes) = self.nim_heaps() {
            let outcome = nim::outcome(&sizes, Play::Misere);
            let mut moves = Vec::new();
            for nm in nim::winning_moves(&sizes, Play::Misere) {
                let (place, c) = places[nm.heap];
                // A Nim heap's value is its size: the move to value `to`.
                let mv = c
                    .moves_to_value(cx, nm.to, 1)?
                    .and_then(|mut found| found.pop())
                    .ok_or_else(|| Error::Unsupported("a Nim heap without its moves".into()))?;
                moves.push(Position::sum_move(place, c.as_ref(), mv));
            }
            return Ok((outcome, moves));
        }
        let live: Vec<_> = places.iter().filter(|(_, c)| c.has_moves()).collect();
        if let [(place, c)] = live[..] {
            if let Some(outcome) = c.misere_outcome() {
                // Each option is a lone component too (or nothing, which is
                // a win for the player facing it under misère play).
                let mut moves = Vec::new();
                let mut complete = true;
                let mut ticker = Ticker::new(64);
                for (i, m) in c.moves().enumerate() {
                    ticker
                        .tick(budget)
                        .map_err(|e| e.during(|| "listing misère moves".into()))?;
                    let lost = match &m.after[..] {
                        _ if i >= options.misere_budget => None,
                        [] => Some(false),
                        [d] if !d.has_moves() => Some(false),
                        [d] => d.misere_outcome().map(|o| !o.mover_wins()),
                        _ => None,
                    };
                    match lost {
                        Some(true) => moves.push(Position::sum_move(*place, c.as_ref(), m)),
                        Some(false) => {}
                        None => {
                            complete = false;
                            break;
                        }
                    }
                }
                if complete && moves.is_empty() != outcome.mover_wins() {
                    return Ok((outcome, moves));
                }
            }
        }
        // A sum of one family whose theory reads misère sums (heap rules:
        // their misère quotient). When the theory cannot answer, search;
        // when the search cannot either, say why the theory could not.
        let mut refusal = None;
        if let Some((_, first)) = places.first() {
            if places.iter().all(|(_, c)| c.name() == first.name()) {
                let parts: Vec<&dyn Game> = places.iter().map(|(_, c)| c.as_ref()).collect();
                match first.misere_sum(cx, &parts, options.max_moves.saturating_add(1)) {
                    Some(Ok((outcome, moves))) => {
                        let moves = moves
                            .into_iter()
                            .map(|(i, m)| Position::sum_move(places[i].0, places[i].1.as_ref(), m))
                            .collect();
                        return Ok((outcome, moves));
                    }
                    Some(Err(e)) if e.is_budget_limit() => return Err(e),
                    Some(Err(e)) => refusal = Some(e),
                    None => {}
                }
            }
        }
        // Sums whose components meet the SJ theorem's condition: from their
        // normal-play values.
        if let Some(found) = self.misere_by_sj(options)? {
            return Ok(found);
        }
        self.misere_search(options).map_err(|e| match refusal {
            Some(theory) if e.limit_kind() == Some(LimitKind::Work) => {
                Error::limit(LimitKind::Work, format!("{e} (misère quotient: {theory})"))
            }
            _ => e,
        })
    }

    /// Misère play of this sum by the SJ theorem ([`antisg::misere`]), when
    /// its condition holds for every component: the outcome and the winning
    /// moves (at most `options.max_moves + 1`, in component order). `None`
    /// when the theorem cannot be used here.
    ///
    /// ```
    /// use grundy::expr::parse_position;
    /// use grundy::nim::Outcome;
    /// use grundy::sum::AnalyzeOptions;
    /// // Values 2 and 1: win by emptying the Nim heap (values 0, 1 are left)
    /// // or by taking the other heap to value 2 (2, 2: nim-sum 0).
    /// let pos = parse_position("nim(2) + sub{1..3}(5)").unwrap();
    /// let (outcome, moves) = pos.misere_by_sj(&AnalyzeOptions::default()).unwrap().unwrap();
    /// assert_eq!(outcome, Outcome::N);
    /// let after: Vec<_> = moves.iter().map(|m| pos.apply(m).unwrap().to_string()).collect();
    /// assert_eq!(after, ["nim(0) + sub{1..3}(5)", "nim(2) + sub{1..3}(2)"]);
    /// ```
    pub fn misere_by_sj(
        &self,
        options: &AnalyzeOptions,
    ) -> Result<Option<(Outcome, Vec<SumMove>)>> {
        let cx = options.context();
        let places = self.places();
        let parts: Vec<&Component> = places.iter().map(|&(_, c)| c).collect();
        let found = antisg::misere(
            &parts,
            &cx,
            options.search_budget,
            options.max_moves.saturating_add(1),
        )?;
        Ok(found.map(|(outcome, moves)| {
            let moves = moves
                .into_iter()
                .map(|(i, m)| Position::sum_move(places[i].0, places[i].1.as_ref(), m))
                .collect();
            (outcome, moves)
        }))
    }

    /// Misère play by exhaustive search: a move wins when it leaves a
    /// position the search proves lost for the opponent.
    fn misere_search(&self, options: &AnalyzeOptions) -> Result<(Outcome, Vec<SumMove>)> {
        let mut search =
            MisereSearch::new(options.misere_budget).with_budget(options.budget.clone());
        let mut winning = Vec::new();
        let mut held = options.budget.reservation();
        let mut any = false;
        for mv in self.moves() {
            any = true;
            search.spend()?;
            if !search.wins(self.apply(&mv)?.components().cloned())? {
                held.grow(mv.bytes())
                    .map_err(|e| e.during(|| "listing the winning moves".into()))?;
                winning.push(mv);
            }
        }
        // No move at all: the previous player made the last move and lost.
        Ok((
            Outcome::from_mover_wins(!any || !winning.is_empty()),
            winning,
        ))
    }

    /// Every legal move of the sum, lazily, component by component.
    ///
    /// Huge Nim heaps have as many moves as tokens: do not collect blindly.
    pub fn moves(&self) -> impl Iterator<Item = SumMove> + '_ {
        self.places().into_iter().flat_map(|(place, c)| {
            c.moves()
                .map(move |m| Position::sum_move(place, c.as_ref(), m))
        })
    }

    /// The position after `mv` (a move of one of its components, as given by
    /// [`Position::moves`] or read by [`Position::read_move`]).
    ///
    /// The component is replaced by what the move leaves; a component used
    /// up entirely stays as its [`Game::emptied`] form (a heap of 0), so the
    /// components after it keep their places.
    pub fn apply(&self, mv: &SumMove) -> Result<Position> {
        let term = self
            .terms
            .get(mv.term)
            .filter(|t| mv.part < t.parts.len())
            .ok_or_else(|| Error::IllegalMove("there is no such component".into()))?;
        let c = &term.parts[mv.part];
        let mut next = self.clone();
        let parts = &mut next.terms[mv.term].parts;
        if mv.mv.after.is_empty() {
            match c.emptied() {
                Some(empty) => parts[mv.part] = empty,
                None => {
                    parts.remove(mv.part);
                }
            }
        } else {
            parts.splice(mv.part..=mv.part, mv.mv.after.iter().cloned());
        }
        Ok(next)
    }

    /// Reads a move of component number `number` (1-based, over all
    /// components), typed as its family writes moves at the `play` prompt.
    pub fn read_move(&self, number: usize, text: &str) -> std::result::Result<SumMove, String> {
        let label = self
            .components()
            .nth(number.wrapping_sub(1))
            .map(|c| format!("{} {number}", c.noun()))
            .unwrap_or_default();
        self.read_move_as(number.wrapping_sub(1), text, &label)
    }

    /// [`Position::read_move`] of the component at `index` (0-based), named
    /// `label` in messages.
    pub fn read_move_as(
        &self,
        index: usize,
        text: &str,
        label: &str,
    ) -> std::result::Result<SumMove, String> {
        let places = self.places();
        let (place, c) = places
            .get(index)
            .ok_or_else(|| format!("there is no part {}", index.wrapping_add(1)))?;
        let mv = c.read_move(text, label)?;
        Ok(Position::sum_move(*place, c.as_ref(), mv))
    }

    /// Whether the position has no move at all.
    pub fn is_terminal(&self) -> bool {
        self.live() == 0
    }

    /// Every move that changes the sum's value by `delta` (xor), up to `limit`.
    /// With `delta` = the sum's value these are the winning moves. The
    /// components marked in `loopy` have their options' values from that
    /// solver.
    fn moves_changing_value(
        &self,
        cx: &Context,
        solver: &mut Solver,
        mut loopy: Option<(&mut LoopySolver, &[bool])>,
        values: &[Option<Nimber>],
        delta: Nimber,
        limit: usize,
    ) -> Result<FoundMoves> {
        let mut out = FoundMoves {
            moves: Vec::new(),
            truncated: false,
            incomplete: false,
        };
        if delta == 0 {
            return Ok(out);
        }
        if limit == 0 && loopy.is_none() {
            // None to list, and one exists: in a sum of games whose lines
            // all end, some component's value v has v ⊕ delta < v, and by
            // the mex some option of it has exactly that value.
            out.truncated = true;
            return Ok(out);
        }
        let budget = &cx.budget;
        let mut held = budget.reservation();
        let mut ticker = Ticker::new(64);
        for (j, ((place, c), v)) in self.places().into_iter().zip(values).enumerate() {
            let target = v.expect("every value is known") ^ delta;
            let room = limit - out.moves.len();
            if let Some((loopy, _)) = loopy.as_mut().filter(|(_, l)| l[j]) {
                let want = Gamma::Finite(target);
                let (found, _) =
                    self.moves_with(c, solver, Some(&mut **loopy), room + 1, |h| *h == want)?;
                for m in found {
                    if out.moves.len() == limit {
                        out.truncated = true;
                        return Ok(out);
                    }
                    out.moves.push(Position::sum_move(place, c.as_ref(), m));
                }
                continue;
            }
            let found = match c.moves_to_value(cx, target, room + 1)? {
                Some(found) => {
                    out.incomplete |= c.moves_may_be_incomplete();
                    found
                }
                None => {
                    let mut found = Vec::new();
                    let mut seen = 0usize;
                    for m in c.moves() {
                        seen += 1;
                        ticker
                            .tick(budget)
                            .map_err(|e| e.during(|| "looking for the winning moves".into()))?;
                        if seen > solver.budget() {
                            return Err(Error::limit(
                                LimitKind::Work,
                                format!(
                                    "{} has more than {} moves to search for the winning ones",
                                    written(c.as_ref()),
                                    solver.budget()
                                ),
                            ));
                        }
                        if solver.has_value(&m.after, target)? {
                            found.push(m);
                            if found.len() > room {
                                break;
                            }
                        }
                    }
                    found
                }
            };
            for m in found {
                if out.moves.len() == limit {
                    out.truncated = true;
                    return Ok(out);
                }
                let mv = Position::sum_move(place, c.as_ref(), m);
                held.grow(mv.bytes())
                    .map_err(|e| e.during(|| "listing the winning moves".into()))?;
                out.moves.push(mv);
            }
        }
        Ok(out)
    }

    /// Normal play of a sum with loopy components (marked in `loops`; the
    /// others' values are in `values`): every value as the generalized
    /// Sprague–Grundy function gives it, the outcome, and the winning or
    /// drawing moves.
    fn analyze_loopy(
        &self,
        cx: &Context,
        solver: &mut Solver,
        values: &[Option<Nimber>],
        loops: &[bool],
        options: &AnalyzeOptions,
    ) -> Result<Analysis> {
        // The work is bounded by the search budget (explored games), by the
        // families' own bounds (their graphs) and by the options' budget of
        // time, memory and cancellation.
        let mut loopy = LoopySolver::new(options.search_budget, options.budget.clone());
        if let Some(hook) = options.loopy_progress.clone() {
            loopy = loopy.with_progress(move |p| hook.report(p));
        }
        let places = self.places();
        let parts: Vec<Component> = places.iter().map(|(_, c)| Component::clone(c)).collect();
        loopy.prepare(&parts)?;
        let mut gammas = Vec::with_capacity(parts.len());
        for ((c, v), &l) in parts.iter().zip(values).zip(loops) {
            gammas.push(match (l, v) {
                (true, _) => loopy.gamma(c)?,
                (false, Some(v)) => Gamma::Finite(*v),
                (false, None) => {
                    return Err(Error::TooLarge(format!(
                        "{} in a sum: theory gives only its outcome, not its Grundy value, \
                         and a sum needs the value",
                        written(c.as_ref())
                    )))
                }
            });
        }
        let mut heaps = Vec::new();
        for ((place, c), g) in places.iter().zip(&gammas) {
            let hs = c.heaps();
            let single = hs.len() == 1;
            heaps.extend(hs.into_iter().map(|size| HeapEntry {
                term: place.term,
                size,
                value: if single { g.finite() } else { None },
            }));
        }
        let values = GammaValues::new(
            gammas.clone(),
            places.iter().map(|(p, _)| p.term),
            self.terms.len(),
            loops.to_vec(),
        );
        let sum = values.sum.clone();
        let mut analysis = Analysis {
            play: Play::Normal,
            outcome: sum.outcome(),
            grundy: sum.finite(),
            term_values: values.terms.iter().map(Gamma::finite).collect(),
            part_values: gammas.iter().map(Gamma::finite).collect(),
            heaps,
            winning_moves: Vec::new(),
            truncated: false,
            incomplete: false,
            gamma: Some(values),
            drawing_moves: Vec::new(),
            drawing_truncated: false,
            wide_grundy: None,
        };
        let limit = options.max_moves;
        let rest_of = |j: usize| {
            Gamma::sum(
                gammas
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != j)
                    .map(|(_, g)| g),
            )
        };
        match (&sum, analysis.outcome) {
            (Gamma::Finite(s), Outcome::N) => {
                // Every value is finite: the nim-sum rule, with reversible
                // options (to a larger value) found like any other.
                let finite: Vec<Option<Nimber>> = gammas.iter().map(Gamma::finite).collect();
                let found = self.moves_changing_value(
                    cx,
                    solver,
                    Some((&mut loopy, loops)),
                    &finite,
                    *s,
                    limit,
                )?;
                analysis.winning_moves = found.moves;
                analysis.truncated = found.truncated;
                analysis.incomplete = found.incomplete;
            }
            (Gamma::Infinite(_), Outcome::N) => {
                // One infinite term ∞(K) and the rest of nim-sum a ∈ K: the
                // winning moves take that term to value a.
                let i = gammas
                    .iter()
                    .position(|g| !g.is_finite())
                    .expect("an infinite term");
                let rest = rest_of(i);
                let (place, c) = places[i];
                let (found, cut) =
                    self.moves_with(c, solver, Some(&mut loopy), limit.saturating_add(1), |h| {
                        *h == rest
                    })?;
                analysis.truncated = found.len() > limit;
                analysis.incomplete = cut;
                analysis.winning_moves = found
                    .into_iter()
                    .take(limit)
                    .map(|m| Position::sum_move(place, c.as_ref(), m))
                    .collect();
            }
            (_, Outcome::D) => {
                for (j, (place, c)) in places.iter().enumerate() {
                    let room = limit - analysis.drawing_moves.len();
                    let rest = rest_of(j);
                    let draws = |h: &Gamma| Gamma::sum([&rest, h]).outcome() == Outcome::D;
                    let lp = loops[j].then_some(&mut loopy);
                    let (found, cut) =
                        self.moves_with(c, solver, lp, room.saturating_add(1), draws)?;
                    analysis.drawing_truncated |= cut;
                    for m in found {
                        if analysis.drawing_moves.len() == limit {
                            analysis.drawing_truncated = true;
                            break;
                        }
                        analysis
                            .drawing_moves
                            .push(Position::sum_move(*place, c.as_ref(), m));
                    }
                }
            }
            _ => {}
        }
        Ok(analysis)
    }

    /// The moves of component `c` after which what it leaves has a value
    /// that `accept` takes, up to `limit` of them: values from `loopy` for a
    /// loopy component (and then the moves to finite values come first by
    /// the counter of the position they leave, smallest first: taking the
    /// smallest counter at each return to a value is how the winner of a
    /// loopy game makes progress), else from theory or search. At most the
    /// search budget of moves is looked at; whether that cut the list short
    /// comes second.
    fn moves_with(
        &self,
        c: &Component,
        solver: &mut Solver,
        mut loopy: Option<&mut LoopySolver>,
        limit: usize,
        accept: impl Fn(&Gamma) -> bool,
    ) -> Result<(Vec<Move>, bool)> {
        let mut found = Vec::new();
        let mut cut = false;
        for (seen, m) in c.moves().enumerate() {
            if found.len() >= limit {
                break;
            }
            if seen >= solver.budget() {
                cut = true;
                break;
            }
            let (h, counter) = match loopy.as_deref_mut() {
                Some(l) => (l.gamma_of(&m.after)?, l.counter_of(&m.after)?),
                None => (Gamma::Finite(solver.grundy_of(&m.after)?), None),
            };
            if accept(&h) {
                found.push((counter.unwrap_or(u32::MAX), m));
            }
        }
        found.sort_by_key(|&(counter, _)| counter);
        Ok((found.into_iter().map(|(_, m)| m).collect(), cut))
    }

    /// The Grundy value (normal play) of every component, in order: theory,
    /// else search within `options.search_budget`.
    pub fn values(&self, options: &AnalyzeOptions) -> Result<Vec<Nimber>> {
        let mut solver = options.solver(&options.context());
        self.components()
            .map(|c| {
                solver.grundy(c).map_err(|e| match e.is_budget_limit() {
                    true => e,
                    false => searched_past(e, c.as_ref(), solver.budget()),
                })
            })
            .collect::<Result<_>>()
            .map_err(|e| e.in_context(|| self.asked(Play::Normal)))
    }
}

impl SumMove {
    /// About the bytes this move holds: itself, its words, and the
    /// components it leaves (see [`Game::bytes`]); what a list of moves
    /// counts against a memory allowance.
    pub fn bytes(&self) -> u64 {
        std::mem::size_of::<SumMove>() as u64
            + self.words.len() as u64
            + 8 * self.to.len() as u64
            + self.mv.after.iter().map(|c| c.bytes() + 16).sum::<u64>()
    }
}

/// A search for the value of `c` (a component asked about) that ran out of
/// work, said of `c` rather than of the position deep inside its game tree
/// where the work ran out; other errors unchanged.
fn searched_past(e: Error, c: &dyn Game, budget: usize) -> Error {
    match e.limit_kind() {
        Some(LimitKind::Work) => Error::limit(
            LimitKind::Work,
            format!(
                "the Grundy value of {} was not found: the search for it ran past its budget \
                 of {budget} positions and moves",
                written(c)
            ),
        ),
        _ => e,
    }
}

/// Whether `e` says that a position repeats along a line of play.
fn is_loop(e: &Error) -> bool {
    e.kind() == ErrorKind::Loop
}

/// The refusal of misère play for a sum holding the loopy component `c`.
fn loopy_misere(c: &dyn Game) -> Error {
    loopy_misere_at(&written(c))
}

/// The refusal of misère play where `position` repeats along a line of play.
fn loopy_misere_at(position: &str) -> Error {
    Error::Unsupported(format!(
        "misère play of a loopy game is not supported: {position} repeats along a \
         line of play, and draws and loopy values are defined for normal play only \
         (analyse it without --misere)"
    ))
}
