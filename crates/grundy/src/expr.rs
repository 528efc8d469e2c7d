//! The expression language for positions and rules.
//!
//! ```text
//! position := term ( '+' term )*
//! term     := rule '(' number ( ',' number )* ')'
//! rule     := 'nim' | 'kayles' | 'dawson' | 'grundys' | 'stairs'
//!           | code                      e.g. 0.77, 0.137, 4.7, 0.F, .07
//!           | 'sub' '{' items '}'
//! items    := 'fib' | 'pow2' | item ( ',' item )*
//! item     := number | number '..' number
//! number   := decimal digits, 0 ≤ n ≤ 2^64 − 1
//! ```
//!
//! `kayles` is `0.77` and `dawson` (Dawson's Kayles) is `0.07`. `stairs(1,5,9)`
//! is a staircase of monks on steps 1, 5 and 9 (see
//! [`staircase`](crate::staircase)); every other term lists heap sizes.
//! Spaces are allowed between tokens; names are case-insensitive.
//!
//! ```
//! use grundy::expr::{parse_position, parse_rule};
//! let pos = parse_position("nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17)").unwrap();
//! assert_eq!(pos.terms.len(), 4);
//! assert_eq!(parse_rule("sub{1..5}").unwrap().to_string(), "sub{1..5}");
//! assert!(parse_position("nim(3,-4)").is_err());
//! ```

use crate::error::{Error, Result};
use crate::heap::{Rule, Subtraction, TakeBreak};
use crate::staircase::Staircase;
use crate::sum::{Component, Position, Term};

/// The most members a finite subtraction set written with ranges may have.
pub const MAX_SET_MEMBERS: u64 = 1 << 20;

/// Parses a position such as `nim(3,4,5) + kayles(10)`.
pub fn parse_position(input: &str) -> Result<Position> {
    let mut p = Parser::new(input);
    let mut terms = Vec::new();
    p.skip_ws();
    if p.at_end() {
        return Err(p.error("the expression is empty: write a position such as nim(3,4,5)"));
    }
    loop {
        terms.push(p.term()?);
        p.skip_ws();
        if p.at_end() {
            break;
        }
        p.expect('+', "'+' between terms")?;
    }
    Position::new(terms)
}

/// Parses a rule on its own, such as `kayles`, `0.137` or `sub{1,3,4}`.
pub fn parse_rule(input: &str) -> Result<Rule> {
    let mut p = Parser::new(input);
    p.skip_ws();
    let (name, kind) = p.rule()?;
    p.skip_ws();
    if !p.at_end() {
        return Err(p.error("unexpected text after the rule"));
    }
    match kind {
        Kind::Rule(rule) => Ok(rule),
        Kind::Stairs => Err(Error::Parse {
            input: input.into(),
            at: 0,
            message: format!("{name} is a position, not a heap rule"),
        }),
    }
}

enum Kind {
    Rule(Rule),
    Stairs,
}

struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(input: &'a str) -> Parser<'a> {
        Parser {
            input,
            chars: input.chars().collect(),
            pos: 0,
        }
    }

    fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    fn error_at(&self, at: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            input: self.input.to_string(),
            at,
            message: message.into(),
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char, what: &str) -> Result<()> {
        if self.eat(c) {
            return Ok(());
        }
        Err(match self.peek() {
            None => self.error(format!("expected {what}, but the expression ended")),
            Some(found) => self.error(format!("expected {what}, found {found:?}")),
        })
    }

    fn term(&mut self) -> Result<Term> {
        self.skip_ws();
        let (name, kind) = self.rule()?;
        self.expect('(', &format!("'(' and heap sizes after {name}"))?;
        let mut sizes = Vec::new();
        let mut starts = Vec::new();
        loop {
            self.skip_ws();
            starts.push(self.pos);
            sizes.push(self.number()?);
            if self.eat(')') {
                break;
            }
            self.expect(',', "',' or ')' after a heap size")?;
        }
        let component = match kind {
            Kind::Rule(rule) => Component::Heaps { rule, heaps: sizes },
            Kind::Stairs => {
                // Point at the first step that breaks the order (or the 0).
                let bad = (0..sizes.len())
                    .find(|&i| sizes[i] == 0 || (i > 0 && sizes[i] <= sizes[i - 1]))
                    .unwrap_or(0);
                let at = starts[bad];
                Component::Staircase(Staircase::new(sizes).map_err(|e| match e {
                    Error::InvalidStaircase(why) => {
                        self.error_at(at, format!("invalid staircase: {why}"))
                    }
                    other => other,
                })?)
            }
        };
        Ok(Term { name, component })
    }

    /// A rule name, code or subtraction set, with the name it was written as.
    fn rule(&mut self) -> Result<(String, Kind)> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_')
        {
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        if word.is_empty() {
            return Err(match self.peek() {
                None => self.error("expected a rule such as nim, kayles, 0.77 or sub{1,3,4}"),
                Some(c) => self.error(format!(
                    "expected a rule such as nim, kayles, 0.77 or sub{{1,3,4}}, found {c:?}"
                )),
            });
        }
        if word.contains('.') {
            let code = TakeBreak::parse(&word).map_err(|e| match e {
                Error::Parse { at, message, .. } => self.error_at(start + at, message),
                other => other,
            })?;
            return Ok((code.to_string(), Kind::Rule(Rule::TakeBreak(code))));
        }
        let rule = match word.to_ascii_lowercase().as_str() {
            "nim" => Rule::Nim,
            "kayles" => Rule::kayles(),
            "dawson" => Rule::dawsons_kayles(),
            "grundys" | "grundy" => Rule::Grundys,
            "stairs" | "staircase" => return Ok(("stairs".into(), Kind::Stairs)),
            "sub" => {
                let set = self.subtraction_set()?;
                return Ok((set.to_string(), Kind::Rule(Rule::Subtraction(set))));
            }
            _ => {
                return Err(self.error_at(
                    start,
                    format!(
                        "unknown rule {word:?}: known rules are nim, kayles, dawson, grundys, \
                         stairs, sub{{…}} and take-and-break codes such as 0.77"
                    ),
                ))
            }
        };
        Ok((word.to_ascii_lowercase(), Kind::Rule(rule)))
    }

    fn subtraction_set(&mut self) -> Result<Subtraction> {
        self.expect('{', "'{' after sub")?;
        self.skip_ws();
        let start = self.pos;
        while self.peek().is_some_and(char::is_alphanumeric) && !self.chars[start].is_ascii_digit()
        {
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        if !word.is_empty() {
            let set = match word.to_ascii_lowercase().as_str() {
                "fib" => Subtraction::Fibonacci,
                "pow2" => Subtraction::PowersOfTwo,
                _ => {
                    return Err(self.error_at(
                        start,
                        format!("unknown set {word:?}: use numbers, ranges a..b, fib or pow2"),
                    ))
                }
            };
            self.expect('}', &format!("'}}' after {word}"))?;
            return Ok(set);
        }
        let mut ranges = Vec::new();
        loop {
            let at = self.pos;
            let lo = self.number()?;
            self.skip_ws();
            let hi = if self.chars[self.pos..].starts_with(&['.', '.']) {
                self.pos += 2;
                self.number()?
            } else {
                lo
            };
            if lo == 0 {
                return Err(self.error_at(at, "0 is not a move: subtract at least 1"));
            }
            if lo > hi {
                return Err(self.error_at(at, format!("the range {lo}..{hi} is empty")));
            }
            ranges.push((lo, hi));
            if self.eat('}') {
                break;
            }
            self.expect(',', "',' or '}' in the set")?;
        }
        if let [(lo, hi)] = ranges[..] {
            return Subtraction::range(lo, hi);
        }
        let members: u64 = ranges
            .iter()
            .map(|(lo, hi)| hi - lo + 1)
            .fold(0, u64::saturating_add);
        if members > MAX_SET_MEMBERS {
            return Err(Error::InvalidSubtraction(format!(
                "the set has {members} members; at most {MAX_SET_MEMBERS} are supported"
            )));
        }
        Subtraction::finite(ranges.into_iter().flat_map(|(lo, hi)| lo..=hi).collect())
    }

    fn number(&mut self) -> Result<u64> {
        self.skip_ws();
        let start = self.pos;
        if self.peek() == Some('-') {
            return Err(self.error("negative numbers are not allowed"));
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(match self.peek() {
                None => self.error("expected a number, but the expression ended"),
                Some(c) => self.error(format!("expected a number, found {c:?}")),
            });
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        digits.parse().map_err(|_| {
            self.error_at(
                start,
                format!(
                    "{digits} is too large: numbers go up to 2^64 − 1 = {}",
                    u64::MAX
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err_at(input: &str) -> usize {
        match parse_position(input) {
            Err(Error::Parse { at, .. }) => at,
            other => panic!("{input}: {other:?}"),
        }
    }

    #[test]
    fn every_rule_parses() {
        let pos = parse_position(
            "nim(1) + KAYLES(2,3) + dawson(4) + grundys(5) + 0.137(6) + 4.7(7) + 0.F(8) \
             + sub{1,3,4}(9) + sub{1..5}(10) + sub{fib}(11) + sub{pow2}(12) + stairs(1,5,9)",
        )
        .unwrap();
        let names: Vec<_> = pos.terms.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "nim",
                "kayles",
                "dawson",
                "grundys",
                "0.137",
                "4.7",
                "0.F",
                "sub{1,3,4}",
                "sub{1..5}",
                "sub{fib}",
                "sub{pow2}",
                "stairs"
            ]
        );
    }

    #[test]
    fn errors_point_at_the_problem() {
        assert_eq!(err_at("nim(3,4,"), 8);
        assert_eq!(err_at("nim(3, -4)"), 7);
        assert_eq!(err_at("foo(3)"), 0);
        assert_eq!(err_at("nim(3) + bar(1)"), 9);
        assert_eq!(err_at("nim(18446744073709551616)"), 4);
        assert_eq!(err_at("0.7x(3)"), 3);
        assert_eq!(err_at("nim(3) nim(4)"), 7);
        assert_eq!(err_at(""), 0);
        assert_eq!(err_at("sub{0,1}(3)"), 4);
        assert_eq!(err_at("sub{foo}(3)"), 4);
        assert_eq!(err_at("stairs(5,3)"), 9);
        assert_eq!(err_at("nim(1) + stairs(0,3)"), 16);
        assert_eq!(err_at("ním(3)"), 0);
        match parse_position("ním(3)") {
            Err(Error::Parse { message, .. }) => assert!(message.contains("\"ním\""), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sets_normalise() {
        assert_eq!(parse_rule("sub{1,2,3}").unwrap().to_string(), "sub{1..3}");
        assert_eq!(
            parse_rule("sub{4,1,3,3}").unwrap().to_string(),
            "sub{1,3,4}"
        );
        assert_eq!(parse_rule("sub{1..2,5}").unwrap().to_string(), "sub{1,2,5}");
        assert!(parse_rule("stairs").is_err());
        assert!(parse_rule("kayles(3)").is_err());
    }
}
