//! `/api/seq`, `/api/value`, `/api/plot` and `/api/histogram`: nim-sequences
//! within the server's bounds, as `grundy seq` and `grundy value` give them
//! (`--json`, `--plot`).

use anyhow::Context;
use grundy::rule::Rule;
use grundy::sequence::stats::Histogram;
use grundy::sequence::NimSequence;

use super::bounds::{sequence, MAX_SEQ};
use super::error::{ApiError, ApiResult};
use super::input::{count, rule_of};
use crate::answer;
use crate::serve::params::Params;
use crate::serve::reply::Reply;

/// `/api/seq?rule=R&to=N`: `grundy seq R --to N --json`.
pub fn seq(params: &Params) -> ApiResult {
    let (rule, to, seq) = bounded_sequence(params)?;
    let mut out = Vec::new();
    answer::sequence::write_json(&mut out, &rule, to, seq.period(), &value_fn(&seq), None)?;
    out.push(b'\n');
    Ok(Reply::json_text(
        String::from_utf8(out).expect("JSON is UTF-8"),
    ))
}

/// `/api/value?rule=R&n=N`: `grundy value R N --json`.
pub fn value(params: &Params) -> ApiResult {
    let rule = rule_of(params)?;
    let n = count(params, "n", None)?;
    let seq = sequence(&rule, n)?;
    let v = seq.value(n)?;
    Ok(Reply::json_text(answer::value::json(&rule, n, v) + "\n"))
}

/// `/api/plot?rule=R&to=N[&from=A]`: the SVG of `grundy seq R --to N --plot`
/// (zoomed to `A..=N` when `from` is given).
pub fn plot(params: &Params) -> ApiResult {
    let (rule, to, seq) = bounded_sequence(params)?;
    let from = count(params, "from", Some(0))?;
    if from > to {
        return Err(ApiError::bad(format!(
            "from: {from} is past to = {to}; the range is empty"
        )));
    }
    let svg = answer::plot::scatter(&rule, from, to, seq.period(), &value_fn(&seq))?;
    Ok(Reply::svg(svg))
}

/// `/api/histogram?rule=R&to=N`: the value-frequency histogram over heaps
/// 1..=N as SVG (the counts of `grundy seq R --to N --histogram`).
pub fn histogram(params: &Params) -> ApiResult {
    let (rule, to, seq) = bounded_sequence(params)?;
    let hist = Histogram::over_heaps(to, seq.period(), value_fn(&seq))?;
    Ok(Reply::svg(answer::plot::histogram(&rule, to, &hist)))
}

/// `G(from..=to)` of a rule, for the sequence endpoints.
fn bounded_sequence(params: &Params) -> Result<(Rule, u64, NimSequence), ApiError> {
    let rule = rule_of(params)?;
    let to = count(params, "to", Some(100))?;
    if to > MAX_SEQ {
        return Err(ApiError::bad(format!(
            "to: at most {MAX_SEQ} values are served at once (the command line has no such limit)"
        )));
    }
    let seq = sequence(&rule, to)?;
    Ok((rule, to, seq))
}

/// `G(n)` of a computed sequence, as the plots and listings read it.
fn value_fn(seq: &NimSequence) -> impl Fn(u64) -> anyhow::Result<u16> + '_ {
    |n| {
        let v = seq.value(n)?;
        u16::try_from(v).with_context(|| format!("G({n}) = {v} does not fit in 16 bits"))
    }
}
