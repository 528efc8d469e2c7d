//! An analysis in the shape of its JSON contract.
//!
//! `grundy analyze --json`, the page's `/api/analyze` and the Python
//! package's `analyze` all print the same object; [`AnalysisReport`] is that
//! object as data, so each front end only serialises it. `outcome`, `grundy`
//! and `winning_moves` are the contract; the other fields may grow.
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::nim::Play;
//! use grundy::report::AnalysisReport;
//! use grundy::sum::AnalyzeOptions;
//!
//! let pos = parse_position("nim(3,4,5)").unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! let report = AnalysisReport::new(&pos, &a).unwrap();
//! assert_eq!(report.grundy, Some(2));
//! // The one winning move takes 2 from the first heap: nim(1,4,5).
//! assert_eq!(report.winning_moves[0].after, "nim(1,4,5)");
//! ```

use serde::Serialize;

use crate::error::Result;
use crate::nim::{Outcome, Play};
use crate::sum::{Analysis, HeapEntry, Position};

/// The object of `analyze --json`: the outcome, the Grundy value (`None`
/// under misère play), every winning move (`winning_moves_truncated` when
/// the list was cut at the limit asked for, or may miss moves because a
/// component's search for them is bounded), the play, each term's name and value, and the
/// flattened heaps.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisReport<'a> {
    pub outcome: Outcome,
    pub grundy: Option<u64>,
    /// The Grundy value in decimal when theory gives it beyond 64 bits
    /// (`grundy` is then null): `"18446744073709551616"` for Lasker's Nim on
    /// a heap of 2^64 − 1. Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy_wide: Option<String>,
    pub winning_moves: Vec<MoveReport<'a>>,
    pub winning_moves_truncated: bool,
    pub play: Play,
    pub terms: Vec<TermReport<'a>>,
    pub heaps: &'a [HeapEntry],
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

/// A term's name and Grundy value (`None` when only its outcome is known,
/// or under misère play where values do not add).
#[derive(Clone, Debug, Serialize)]
pub struct TermReport<'a> {
    pub name: &'a str,
    pub value: Option<u64>,
}

impl<'a> AnalysisReport<'a> {
    /// The report of `analysis`, made of `position`. Fails only when a
    /// winning move cannot be applied to the position it was found for.
    pub fn new(position: &'a Position, analysis: &'a Analysis) -> Result<Self> {
        let winning_moves = analysis
            .winning_moves
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
            .collect::<Result<_>>()?;
        Ok(AnalysisReport {
            outcome: analysis.outcome,
            grundy: analysis.grundy,
            grundy_wide: analysis.wide_grundy.map(|w| w.to_string()),
            winning_moves,
            winning_moves_truncated: analysis.truncated || analysis.incomplete,
            play: analysis.play,
            terms: position
                .terms
                .iter()
                .zip(&analysis.term_values)
                .map(|(t, &value)| TermReport {
                    name: &t.name,
                    value,
                })
                .collect(),
            heaps: &analysis.heaps,
        })
    }
}
