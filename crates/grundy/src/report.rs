//! An analysis in the shape of its JSON contract.
//!
//! `grundy analyze --json`, the page's `/api/analyze` and the Python
//! package's `analyze` all print the same object; [`AnalysisReport`] is that
//! object as data, so each front end only serialises it. `outcome` (`"N"`,
//! `"P"` or `"D"`), `grundy` and each term's and component's `value` (a
//! number, or `{"inf": [k, …]}` for a loopy value `∞(K)`, `K` sorted),
//! `winning_moves` and `drawing_moves` are the contract; the other fields
//! may grow.
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::loopy::Gamma;
//! use grundy::nim::Play;
//! use grundy::report::AnalysisReport;
//! use grundy::sum::AnalyzeOptions;
//!
//! let pos = parse_position("nim(3,4,5)").unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! let report = AnalysisReport::new(&pos, &a).unwrap();
//! assert_eq!(report.grundy, Some(Gamma::Finite(2)));
//! // The one winning move takes 2 from the first heap: nim(1,4,5).
//! assert_eq!(report.winning_moves[0].after, "nim(1,4,5)");
//!
//! // A loopy position: a token on a two-cycle is a draw, ∞(∅).
//! let pos = parse_position("digraph(1>2 2>1; 1) + nim(1)").unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! let json = serde_json::to_value(AnalysisReport::new(&pos, &a).unwrap()).unwrap();
//! assert_eq!(json["outcome"], "D");
//! assert_eq!(json["grundy"], serde_json::json!({"inf": []}));
//! assert_eq!(json["components"][1]["value"], 1);
//! assert_eq!(json["drawing_moves"].as_array().unwrap().len(), 2);
//! ```

use serde::Serialize;

use crate::error::Result;
use crate::loopy::Gamma;
use crate::nim::{Outcome, Play};
use crate::sum::{Analysis, HeapEntry, Position, SumMove};

/// The object of `analyze --json`: the outcome, the value (`None` under
/// misère play), every winning move (`winning_moves_truncated` when the
/// list was cut at the limit asked for, or may miss moves because a
/// component's search for them is bounded), every move keeping a draw, the
/// play, each term's name and value, each component's value, and the
/// flattened heaps.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisReport<'a> {
    pub outcome: Outcome,
    /// The sum's value: a number, `{"inf": [k, …]}` for a loopy `∞(K)`.
    pub grundy: Option<Gamma>,
    /// The Grundy value in decimal when theory gives it beyond 64 bits
    /// (`grundy` is then null): `"18446744073709551616"` for Lasker's Nim on
    /// a heap of 2^64 − 1. Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy_wide: Option<String>,
    pub winning_moves: Vec<MoveReport<'a>>,
    pub winning_moves_truncated: bool,
    /// When the outcome is `D`: the moves that keep the draw; else empty.
    pub drawing_moves: Vec<MoveReport<'a>>,
    pub drawing_moves_truncated: bool,
    pub play: Play,
    pub terms: Vec<TermReport<'a>>,
    pub components: Vec<ComponentReport>,
    pub heaps: &'a [HeapEntry],
}

/// One component's value (`None` when not known), with the term it is in.
#[derive(Clone, Debug, Serialize)]
pub struct ComponentReport {
    pub term: usize,
    pub value: Option<Gamma>,
}

/// One winning move: `term` (0-based) and `after` (that term written in the
/// expression language after the move) always; `heap`, `from` and `to` for
/// moves on heaps (and monks).
#[derive(Clone, Debug, Serialize)]
pub struct MoveReport<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heap: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<&'a [u64]>,
    pub term: usize,
    pub after: String,
}

/// A term's name and value (`None` when only its outcome is known, or
/// under misère play where values do not add).
#[derive(Clone, Debug, Serialize)]
pub struct TermReport<'a> {
    pub name: &'a str,
    pub value: Option<Gamma>,
}

/// The moves as reported: each with the term it is in written after it.
fn moves<'a>(position: &Position, moves: &'a [SumMove]) -> Result<Vec<MoveReport<'a>>> {
    moves
        .iter()
        .map(|m| {
            Ok(MoveReport {
                heap: m.heap,
                from: m.heap.map(|_| m.from),
                to: m.heap.map(|_| &m.to[..]),
                term: m.term,
                after: position.apply(m)?.terms[m.term].to_string(),
            })
        })
        .collect()
}

impl<'a> AnalysisReport<'a> {
    /// The report of `analysis`, made of `position`. Fails only when a
    /// winning move cannot be applied to the position it was found for.
    pub fn new(position: &'a Position, analysis: &'a Analysis) -> Result<Self> {
        let gamma = analysis.gamma.as_ref();
        let term_value = |t: usize| match gamma {
            Some(g) => Some(g.terms[t].clone()),
            None => analysis.term_values[t].map(Gamma::Finite),
        };
        let components = position
            .places()
            .into_iter()
            .enumerate()
            .map(|(i, (place, _))| ComponentReport {
                term: place.term,
                value: match gamma {
                    Some(g) => Some(g.parts[i].clone()),
                    None => analysis
                        .part_values
                        .get(i)
                        .copied()
                        .flatten()
                        .map(Gamma::Finite),
                },
            })
            .collect();
        Ok(AnalysisReport {
            outcome: analysis.outcome,
            grundy: match gamma {
                Some(g) => Some(g.sum.clone()),
                None => analysis.grundy.map(Gamma::Finite),
            },
            grundy_wide: analysis.wide_grundy.map(|w| w.to_string()),
            winning_moves: moves(position, &analysis.winning_moves)?,
            winning_moves_truncated: analysis.truncated || analysis.incomplete,
            drawing_moves: moves(position, &analysis.drawing_moves)?,
            drawing_moves_truncated: analysis.drawing_truncated,
            play: analysis.play,
            terms: position
                .terms
                .iter()
                .enumerate()
                .map(|(t, term)| TermReport {
                    name: &term.name,
                    value: term_value(t),
                })
                .collect(),
            components,
            heaps: &analysis.heaps,
        })
    }
}
