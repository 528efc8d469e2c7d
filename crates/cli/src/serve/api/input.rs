//! A request's parameters read and checked, in the command line's words:
//! required values, counts, yes/no switches, how the game is played, the
//! rule and the position (within the server's bounds).

use grundy::expr::parse_position;
use grundy::mode::Mode;
use grundy::rule::Rule;
use grundy::sum::Position;

use super::bounds::{sequence, MAX_EXPR_CHARS, MAX_HEAPS};
use super::error::ApiError;
use crate::args::parse_count;
use crate::serve::params::Params;

/// The parameter `name`, or an error saying it is missing.
pub fn required<'a>(params: &'a Params, name: &str) -> Result<&'a str, ApiError> {
    params
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| ApiError::bad(format!("the parameter `{name}` is missing")))
}

/// The count `name` (as [`parse_count`] reads it), or `default` when it
/// is not given.
pub fn count(params: &Params, name: &str, default: Option<u64>) -> Result<u64, ApiError> {
    match (params.get(name), default) {
        (Some(text), _) => parse_count(text).map_err(|why| ApiError::bad(format!("{name}: {why}"))),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(ApiError::bad(format!("the parameter `{name}` is missing"))),
    }
}

/// A yes/no switch: 1/true/on/yes or 0/false/off/no (or empty); off when
/// not given.
pub fn flag(params: &Params, name: &str) -> Result<bool, ApiError> {
    match params.get(name).map(|s| s.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(s) => match s.as_str() {
            "" | "0" | "false" | "off" | "no" => Ok(false),
            "1" | "true" | "on" | "yes" => Ok(true),
            _ => Err(ApiError::bad(format!(
                "{name}: {s:?} is not a yes/no value (use 1 or 0)"
            ))),
        },
    }
}

/// `misere=1` or `every=1` (not both), else normal play.
pub fn mode_of(params: &Params) -> Result<Mode, ApiError> {
    let every = flag(params, "every")?;
    let misere = flag(params, "misere")?;
    Mode::from_flags(misere, every)
        .ok_or_else(|| ApiError::bad("every and misere cannot be used together"))
}

/// The heap rule `rule`.
pub fn rule_of(params: &Params) -> Result<Rule, ApiError> {
    Ok(Rule::parse(required(params, "rule")?)?)
}

/// Parses `expr` within the size limits, and makes sure every nim-sequence
/// it needs can be had within [`DEADLINE`] and [`MAX_STORED_HEAPS`].
pub fn position_of(params: &Params) -> Result<Position, ApiError> {
    let text = required(params, "expr")?;
    if text.chars().count() > MAX_EXPR_CHARS {
        return Err(ApiError::bad(format!(
            "the expression is longer than the {MAX_EXPR_CHARS} characters the server accepts"
        )));
    }
    let position = parse_position(text)?;
    let heaps = position
        .flat_heaps()
        .len()
        .max(position.components().count());
    if heaps > MAX_HEAPS {
        return Err(ApiError::bad(format!(
            "the position has {heaps} heaps; the server accepts at most {MAX_HEAPS}"
        )));
    }
    // A term named by a heap rule takes its values from the rule's
    // nim-sequence: compute it here, within the deadline, before the engine
    // does (without one).
    for term in &position.terms {
        if let Ok(rule) = Rule::parse(&term.name) {
            let top = term.parts.iter().flat_map(|c| c.heaps()).max().unwrap_or(0);
            sequence(&rule, top)?;
        }
    }
    Ok(position)
}
