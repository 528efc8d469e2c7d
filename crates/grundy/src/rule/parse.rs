//! A rule's text: `nim`, `kayles`, `dawson`, `grundys`, a take-and-break
//! code such as `0.137`, or a subtraction set `sub{1,3,4}`, `sub{2..5}`,
//! `sub{fib}`, `sub{pow2}` — as written in the expression language and on
//! the command line, and as [`Rule`]'s `Display` writes it back.

use std::str::FromStr;

use super::subtraction::MAX_SET_MEMBERS;
use super::{Rule, Subtraction, TakeBreak};
use crate::cursor::Cursor;
use crate::error::{Error, Result};

impl Rule {
    /// Parses a rule on its own, such as `kayles`, `0.137` or `sub{1,3,4}`
    /// (also `str::parse::<Rule>`). Errors point at the character at fault.
    ///
    /// ```
    /// use grundy::Rule;
    /// assert_eq!(Rule::parse("sub{1..5}").unwrap().to_string(), "sub{1..5}");
    /// assert_eq!("0.77".parse::<Rule>().unwrap(), Rule::kayles());
    /// assert!(Rule::parse("stairs").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Rule> {
        let mut p = Cursor::new(input);
        let (start, word) = p.rule_name()?;
        let (_, rule) = Rule::read(&word, start, &mut p)?;
        p.skip_ws();
        if !p.at_end() {
            return Err(p.error("unexpected text after the rule"));
        }
        Ok(rule)
    }

    /// Whether `word` (lower case) names a rule: a code (it has a `.`) or
    /// one of the names.
    pub(crate) fn is_name(word: &str) -> bool {
        word.contains('.')
            || matches!(
                word,
                "nim" | "kayles" | "dawson" | "grundys" | "grundy" | "sub"
            )
    }

    /// The rule named `word` (at character `start`), reading the rest of it
    /// (a subtraction set's braces) from `p`; with the name it is written
    /// as (the code or set in its normal form, else the name in lower case).
    pub(crate) fn read(word: &str, start: usize, p: &mut Cursor) -> Result<(String, Rule)> {
        if word.contains('.') {
            let code = TakeBreak::parse(word).map_err(|e| match e {
                Error::Parse { at, message, .. } => p.error_at(start + at, message),
                other => other,
            })?;
            return Ok((code.to_string(), Rule::TakeBreak(code)));
        }
        let lower = word.to_ascii_lowercase();
        let rule = match lower.as_str() {
            "nim" => Rule::Nim,
            "kayles" => Rule::kayles(),
            "dawson" => Rule::dawsons_kayles(),
            "grundys" | "grundy" => Rule::Grundys,
            "sub" => {
                let set = subtraction_set(p)?;
                return Ok((set.to_string(), Rule::Subtraction(set)));
            }
            _ => {
                return Err(p.error_at(
                    start,
                    format!(
                        "unknown rule {word:?}: known heap rules are nim, kayles, dawson, grundys, \
                         sub{{…}} and take-and-break codes such as 0.77"
                    ),
                ))
            }
        };
        Ok((lower, rule))
    }
}

impl FromStr for Rule {
    type Err = Error;

    /// [`Rule::parse`].
    fn from_str(s: &str) -> Result<Rule> {
        Rule::parse(s)
    }
}

/// `{…}` after `sub`: numbers and ranges `a..b`, or `fib`, `pow2`.
fn subtraction_set(p: &mut Cursor) -> Result<Subtraction> {
    p.expect('{', "'{' after sub")?;
    p.skip_ws();
    let start = p.pos();
    if p.peek().is_some_and(|c| c.is_alphabetic()) {
        while p.peek().is_some_and(|c| c.is_alphanumeric()) {
            p.advance(1);
        }
    }
    let word = p.text_from(start);
    if !word.is_empty() {
        let set = match word.to_ascii_lowercase().as_str() {
            "fib" => Subtraction::Fibonacci,
            "pow2" => Subtraction::PowersOfTwo,
            _ => {
                return Err(p.error_at(
                    start,
                    format!("unknown set {word:?}: use numbers, ranges a..b, fib or pow2"),
                ))
            }
        };
        p.expect('}', &format!("'}}' after {word}"))?;
        return Ok(set);
    }
    let mut ranges = Vec::new();
    loop {
        let at = p.pos();
        let lo = p.number()?;
        p.skip_ws();
        let hi = if p.looking_at("..") {
            p.advance(2);
            p.number()?
        } else {
            lo
        };
        if lo == 0 {
            return Err(p.error_at(at, "0 is not a move: subtract at least 1"));
        }
        if lo > hi {
            return Err(p.error_at(at, format!("the range {lo}..{hi} is empty")));
        }
        ranges.push((lo, hi));
        if p.eat('}') {
            break;
        }
        p.expect(',', "',' or '}' in the set")?;
    }
    if let [(lo, hi)] = ranges[..] {
        return Subtraction::range(lo, hi);
    }
    let members: u64 = ranges
        .iter()
        .map(|(lo, hi)| hi - lo + 1)
        .fold(0, u64::saturating_add);
    if members > MAX_SET_MEMBERS {
        return Err(Error::invalid(
            "subtraction set",
            format!("the set has {members} members; at most {MAX_SET_MEMBERS} are supported"),
        ));
    }
    Subtraction::finite(ranges.into_iter().flat_map(|(lo, hi)| lo..=hi).collect())
}
