//! A cursor over the text of an expression: where a parse stands, with the
//! small readers every family's argument parser shares (numbers, names,
//! punctuation) and errors that point at a character of the input.
//!
//! It lives apart from [`expr`](crate::expr) so that the families in
//! [`games`](crate::games) can parse their arguments without depending on
//! the expression language that dispatches to them.

use crate::error::{Error, Result};

/// Where a parse stands in its input. Families parse their own arguments
/// with it (see [`games`](crate::games)): each family's parser is called
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

    /// A parse error at the cursor, saying `message`.
    pub fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    /// A parse error at character offset `at` (for a token that started
    /// before the cursor), saying `message`.
    pub fn error_at(&self, at: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            input: self.input.to_string(),
            at,
            message: message.into(),
        }
    }

    /// Whether the whole input has been read.
    pub fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    /// The character at the cursor, without moving; `None` at the end.
    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    /// Moves past any whitespace.
    pub fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// Moves past whitespace, then past `c` if it comes next; whether it did.
    pub fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Like [`Cursor::eat`], but an error naming `what` was expected when
    /// `c` does not come next.
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

    /// After any blanks, the name of a rule or family (`nim`, `kayles`,
    /// `0.77`, `sub`, …) and where it starts; an error if there is none.
    pub fn rule_name(&mut self) -> Result<(usize, String)> {
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
        Ok((start, word))
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

    /// A decimal number below 2^64 (after whitespace); an error pointing at
    /// it when it is negative, missing or too large.
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
