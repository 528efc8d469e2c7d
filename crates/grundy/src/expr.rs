//! The expression language for positions.
//!
//! ```text
//! position := term ( '+' term )*
//! term     := name arguments
//! ```
//!
//! A name selects a family of games from the registry in
//! [`games`](crate::games) (`nim`, `kayles`, `0.77`, `sub{1,3,4}`, `stairs`,
//! `northcott`, …), and that family's parser reads the rest of the term
//! with a [`Cursor`]; this module never names a family. Spaces are allowed
//! between tokens; names are case-insensitive. Numbers are decimal, `0 ≤ n ≤
//! 2^64 − 1`. A [`Position`] is written back in the same language by its
//! `Display`, so that it parses to the same position.
//!
//! ```
//! use grundy::expr::parse_position;
//! let text = "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17) + stairs(1,5,9)";
//! let pos = parse_position(text).unwrap();
//! assert_eq!(pos.terms.len(), 5);
//! assert_eq!(pos.to_string(), text); // written back as parsed
//! assert!(parse_position("nim(3,-4)").is_err());
//! ```

use crate::error::{Error, Result};
use crate::games;
use crate::sum::{Position, Term};

/// The most members a finite subtraction set written with ranges may have.
pub const MAX_SET_MEMBERS: u64 = 1 << 20;

/// Parses a position such as `nim(3,4,5) + kayles(10)`.
pub fn parse_position(input: &str) -> Result<Position> {
    let mut p = Cursor::new(input);
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

/// Where a parse stands in its input. Families parse their own arguments
/// with it (see [`games`]): each family's parser is called
/// with the cursor just after its name.
pub struct Cursor<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `input`.
    pub fn new(input: &'a str) -> Cursor<'a> {
        Cursor {
            input,
            chars: input.chars().collect(),
            pos: 0,
        }
    }

    pub fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    pub fn error_at(&self, at: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            input: self.input.to_string(),
            at,
            message: message.into(),
        }
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    pub fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, c: char, what: &str) -> Result<()> {
        if self.eat(c) {
            return Ok(());
        }
        Err(match self.peek() {
            None => self.error(format!("expected {what}, but the expression ended")),
            Some(found) => self.error(format!("expected {what}, found {found:?}")),
        })
    }

    /// The characters from `start` to the cursor.
    pub fn text_from(&self, start: usize) -> String {
        self.chars[start..self.pos].iter().collect()
    }

    /// Where the cursor stands (a character offset).
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves the cursor by `n` characters.
    pub fn advance(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.chars.len());
    }

    /// Whether the rest of the input starts with `s`.
    pub fn looking_at(&self, s: &str) -> bool {
        (self.pos..)
            .zip(s.chars())
            .all(|(i, c)| self.chars.get(i) == Some(&c))
    }

    /// A name: letters, digits, '.' and '_' (possibly empty).
    pub fn word(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_')
        {
            self.pos += 1;
        }
        self.text_from(start)
    }

    /// `'(' number (',' number)* ')'`, the arguments of a term whose name
    /// is `name`.
    pub fn sizes(&mut self, name: &str) -> Result<Vec<u64>> {
        Ok(self.sizes_at(name)?.0)
    }

    /// Like [`Cursor::sizes`], with the character offset where each number
    /// starts (for errors that point at one of them).
    pub fn sizes_at(&mut self, name: &str) -> Result<(Vec<u64>, Vec<usize>)> {
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
        Ok((sizes, starts))
    }

    /// One term: a family's name, then what that family's parser reads.
    fn term(&mut self) -> Result<Term> {
        self.skip_ws();
        let start = self.pos;
        let word = self.word();
        if word.is_empty() {
            return Err(match self.peek() {
                None => self.error("expected a rule such as nim, kayles, 0.77 or sub{1,3,4}"),
                Some(c) => self.error(format!(
                    "expected a rule such as nim, kayles, 0.77 or sub{{1,3,4}}, found {c:?}"
                )),
            });
        }
        let lower = word.to_ascii_lowercase();
        match games::FAMILIES.iter().find(|f| (f.accepts)(&lower)) {
            Some(family) => (family.parse)(&word, start, self),
            None => Err(self.error_at(
                start,
                format!(
                    "unknown rule {word:?}: known rules are {}",
                    games::FAMILIES
                        .iter()
                        .map(|f| f.shown)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }

    pub fn number(&mut self) -> Result<u64> {
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
    use crate::games::heap::parse_rule;

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
