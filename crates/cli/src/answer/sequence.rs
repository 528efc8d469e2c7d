//! Nim-sequences (`grundy seq`, `/api/seq`): the values listed, the
//! proved period, and the statistics of a run, as text or one JSON object.
//! Written into the writer given, since a listing may hold a billion values.

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use grundy::period::{Period, Proof};
use grundy::rule::Rule;
use grundy::sequence::stats::{Histogram, Split};

/// What a run of this process computed, for the reports.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Heaps computed in all: `G(0..computed)`.
    pub computed: u64,
    /// The heaps a resumed checkpoint held (0 for a fresh run).
    pub resumed_at: u64,
    /// The time this process took.
    pub elapsed: Duration,
    /// Pairs of heaps examined by this process.
    pub examined: u64,
    /// The largest value over every heap computed.
    pub largest: u16,
}

/// The `value frequency` lines of a histogram (`seq --histogram`, and the
/// end of `seq --stats`).
pub fn write_histogram(out: &mut dyn Write, hist: &Histogram) -> Result<()> {
    for (v, c) in hist.counts().iter().enumerate() {
        writeln!(out, "{v} {c}")?;
    }
    Ok(())
}

/// The `stats` member of `seq --stats --json`: heaps computed, the largest
/// value and the histogram over heaps `1..=to`, and the sparse split.
pub fn stats_json(
    timing: Option<Timing>,
    hist: &Histogram,
    split: Option<&Split>,
) -> serde_json::Value {
    serde_json::json!({
        "computed": timing.map(|t| t.computed),
        "largest": hist.largest(),
        "histogram": hist.counts(),
        "split": split,
    })
}

/// The text of `seq` for `G(0..=to)`: the values ten to a line (unless
/// `stats`), the period and how it is proved, and with `stats` what the run
/// computed and the histogram (`histogram` counts it when first needed).
#[allow(clippy::too_many_arguments)]
pub fn write_text(
    out: &mut dyn Write,
    rule: &Rule,
    to: u64,
    period: Option<Period>,
    value: &dyn Fn(u64) -> Result<u16>,
    stats: bool,
    histogram: &dyn Fn() -> Result<Histogram>,
    split: Option<&Split>,
    timing: Option<Timing>,
) -> Result<()> {
    if !stats {
        writeln!(out, "Nim-sequence of {rule}, G(0..={to}):")?;
        let width = to.to_string().len();
        for start in (0..=to).step_by(10) {
            write!(out, "{start:>width$}:")?;
            for n in start..=(start + 9).min(to) {
                write!(out, " {}", value(n)?)?;
            }
            writeln!(out)?;
        }
    }
    let closed = rule.closed_form_text();
    match (period, &closed) {
        (Some(p), _) => {
            let how = match (p.proof, &closed) {
                (Proof::ClosedForm, Some(text)) => format!("by its closed form {text}"),
                (Proof::ClosedForm, None) => "by its closed form".to_string(),
                (
                    Proof::GuySmith {
                        window_start,
                        window_end,
                    },
                    _,
                ) => format!(
                    "by the Guy–Smith theorem: G(n + {}) = G(n) was checked for {window_start} ≤ n < {window_end}",
                    p.period
                ),
            };
            writeln!(
                out,
                "Period {} from heap {} (preperiod {}), proved {how}.",
                p.period, p.preperiod, p.preperiod
            )?;
        }
        (None, Some(text)) => {
            let why = if matches!(rule, Rule::Nim) {
                "every heap has its own value, so there is no period"
            } else {
                "its period is larger than any heap size (2^64 − 1 at most)"
            };
            writeln!(out, "Closed form {text}, for every heap; {why}.")?;
        }
        (None, None) => writeln!(
            out,
            "No period proved ({} heaps computed).",
            timing.map_or(0, |t| t.computed)
        )?,
    }
    if stats {
        if let Some(t) = timing {
            let secs = t.elapsed.as_secs_f64();
            // (A resumed run times and counts the heaps it computed itself.)
            let fresh = t.computed - t.resumed_at;
            let resumed = match t.resumed_at {
                0 => String::new(),
                at => format!(" after resuming at heap {at}"),
            };
            writeln!(
                out,
                "Computed: {fresh} heaps in {secs:.3} s{resumed} ({:.0} heaps/s, {} pairs examined, {:.1} per heap).",
                fresh as f64 / secs.max(1e-9),
                t.examined,
                t.examined as f64 / fresh.max(1) as f64
            )?;
        }
        let hist = histogram()?;
        if let Some(s) = split {
            let rare: Vec<String> = s.rare_values.iter().map(u16::to_string).collect();
            let heaps = timing.map_or(0, |t| t.computed).saturating_sub(1);
            writeln!(
                out,
                "Sparse split (mask {:#x}: v is rare when popcount(v & mask) is even), \
                 heaps 1..={heaps} computed: {} rare, {} common, last rare at heap {}; rare values: {}.",
                s.mask,
                s.rare_heaps,
                heaps.saturating_sub(s.rare_heaps),
                s.last_rare.map_or("none".into(), |h| h.to_string()),
                rare.join(" ")
            )?;
        }
        let largest = hist.largest().map_or("none".into(), |v| v.to_string());
        match timing {
            // The split above covers every heap computed, which may be far
            // more than the heaps 1..=to of the histogram: say both.
            Some(t) if t.computed > to.saturating_add(1) => writeln!(
                out,
                "Largest value: {largest} over heaps 1..={to}; {} over all {} heaps computed.",
                t.largest, t.computed
            )?,
            _ => writeln!(out, "Largest value: {largest} (heaps 1..={to}).")?,
        }
        writeln!(out, "Histogram over heaps 1..={to} (value frequency):")?;
        for (v, c) in hist.counts().iter().enumerate() {
            writeln!(out, "{v} {c}")?;
        }
    }
    Ok(())
}

/// Writes the JSON object of `seq --json` for `G(0..=to)` without its
/// newline: `rule`, `values`, `period`, `preperiod`, `proof`, and `stats`
/// when given. Streamed, since `values` may hold a billion numbers; also
/// the body of `grundy serve`'s `/api/seq`.
pub fn write_json(
    out: &mut dyn Write,
    rule: &Rule,
    to: u64,
    period: Option<Period>,
    value: &dyn Fn(u64) -> Result<u16>,
    stats: Option<&serde_json::Value>,
) -> Result<()> {
    write!(
        out,
        "{{\"rule\":{},\"values\":[",
        serde_json::to_string(&rule.to_string())?
    )?;
    for n in 0..=to {
        if n > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{}", value(n)?)?;
    }
    let (p, pre, proof) = match period {
        Some(p) => (
            p.period.to_string(),
            p.preperiod.to_string(),
            serde_json::to_string(&p.proof)?,
        ),
        None => ("null".into(), "null".into(), "null".into()),
    };
    write!(
        out,
        "],\"period\":{p},\"preperiod\":{pre},\"proof\":{proof}"
    )?;
    if let Some(stats) = stats {
        write!(out, ",\"stats\":{stats}")?;
    }
    write!(out, "}}")?;
    Ok(())
}
