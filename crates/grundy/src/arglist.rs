//! A cursor over the argument text of one term of the expression language
//! (what stands between the parentheses of `wythoff(3,5)`), shared by the
//! game families' parsers so that they report errors alike: what was
//! expected, and the 0-based character offset in the argument text.

use crate::error::{Error, Result};

/// See the module documentation.
pub(crate) struct Cursor<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(input: &'a str) -> Cursor<'a> {
        Cursor {
            input,
            chars: input.chars().collect(),
            pos: 0,
        }
    }

    /// An error at the current position.
    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    pub(crate) fn error_at(&self, at: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            input: self.input.to_string(),
            at,
            message: message.into(),
        }
    }

    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    /// Whether only whitespace is left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Consumes `c` if it comes next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `c`, which must come next; `what` names it in the error.
    pub(crate) fn expect(&mut self, c: char, what: &str) -> Result<()> {
        if self.eat(c) {
            return Ok(());
        }
        Err(self.unexpected(what))
    }

    /// The error for something other than `what` at the current position.
    pub(crate) fn unexpected(&mut self, what: &str) -> Error {
        match self.peek() {
            None => self.error(format!("expected {what}, but the arguments ended")),
            Some(found) => self.error(format!("expected {what}, found {found:?}")),
        }
    }

    /// The end of the arguments, which must come next.
    pub(crate) fn finish(&mut self, what: &str) -> Result<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// A whole number in `0..=u64::MAX`; no sign, no spaces inside.
    pub(crate) fn number(&mut self) -> Result<u64> {
        self.skip_ws();
        let start = self.pos;
        if self.chars.get(start) == Some(&'-') {
            return Err(self.error("negative numbers are not allowed"));
        }
        while self.chars.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.unexpected("a number"));
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

    /// Numbers separated by commas, at least one.
    pub(crate) fn numbers(&mut self) -> Result<Vec<u64>> {
        let mut out = vec![self.number()?];
        while self.eat(',') {
            out.push(self.number()?);
        }
        Ok(out)
    }
}

/// Writes `values` separated by commas.
pub(crate) fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
