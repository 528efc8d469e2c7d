//! The codes of a census: octal codes, the patterns that list them
//! (`0.???`, `4.??`, lists), and the order of the published tables.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;

use crate::error::{Error, Result};
use crate::rule::octal::{LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::rule::{Rule, TakeBreak};

/// The most codes one census may list (`0.????????` is 2^24): a pattern
/// such as `0.??????????????` is refused before anything is expanded.
pub const MAX_CODES: usize = 1 << 24;

/// An octal code of a census, as written (`0.120` stays `0.120`), with its
/// digits: `digits()[k]` for removing `k` tokens, trailing zeros trimmed.
///
/// Only octal codes (digits 0–7, and 0 or 4 before the point): the classes
/// of [`super::class`] are worked out for moves that leave at most two heaps.
///
/// ```
/// use grundy::census::Code;
/// let c = Code::parse("0.120").unwrap();
/// assert_eq!(c.text(), "0.120");
/// assert_eq!(c.digits(), &[0, 1, 2]);
/// assert_eq!(c.short(), ".12");
/// assert_eq!(Code::parse("4.0").unwrap().short(), "4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    text: String,
    digits: Vec<u8>,
}

impl Code {
    /// Parses an octal code such as `0.77`, `.07` or `4.3`.
    pub fn parse(text: &str) -> Result<Code> {
        let text = text.trim();
        let code = TakeBreak::parse(text)?;
        if let Some(i) = text
            .char_indices()
            .find_map(|(i, c)| c.to_digit(16).is_some_and(|d| d > 7).then_some(i))
        {
            return Err(Error::Parse {
                input: text.to_string(),
                at: i,
                message: "a census surveys octal codes (digits 0 to 7)".into(),
            });
        }
        let text = match text.starts_with('.') {
            true => format!("0{text}"),
            false => text.to_string(),
        };
        Ok(Code {
            text,
            digits: code.digits().to_vec(),
        })
    }

    /// A code from its digits (`digits[0]` before the point, 0 or 4;
    /// the others 0–7), written with them all.
    pub(crate) fn from_digits(digits: &[u8]) -> Code {
        let mut digits = digits.to_vec();
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            digits.push(0);
        }
        let mut text = format!("{}.", digits[0]);
        if digits.len() == 1 {
            text.push('0');
        }
        for d in &digits[1..] {
            text.push(char::from(b'0' + d));
        }
        Code { text, digits }
    }

    /// The code as written in the census (`0.120`, `4.3`).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The digits: `digits()[k]` says what removing `k` tokens may leave
    /// (bit 1 nothing, 2 one heap, 4 two heaps); trailing zeros trimmed.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit for removing `k` tokens (0 past the end).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The code in its shortest form, as the published tables write it:
    /// `.12` for `0.120`, `4` for `4.0`, `4.3`; `0` for the game without
    /// moves.
    pub fn short(&self) -> String {
        let rest: String = self.digits[1..]
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        match (self.digits[0], rest.is_empty()) {
            (0, true) => "0".into(),
            (0, false) => format!(".{rest}"),
            (d, true) => d.to_string(),
            (d, false) => format!("{d}.{rest}"),
        }
    }

    /// The code in its canonical form (`0.12` for `0.120`, `4.0`): how the
    /// engine writes rules.
    pub fn canonical(&self) -> String {
        self.rule().to_string()
    }

    /// The heap rule of the code.
    pub fn rule(&self) -> Rule {
        Rule::TakeBreak(TakeBreak::parse(&self.text).expect("a census code parses"))
    }

    /// The sets of removals by what they leave: `(ones, twos, fours)`, the
    /// `k` whose digit has bit 1 (leave nothing), 2 (one heap), 4 (two
    /// heaps). Bit 4 may stand before the point (`k = 0`).
    pub(crate) fn bits(&self) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let with = |bit: u8| -> Vec<u64> {
            (0..self.digits.len())
                .filter(|&k| self.digits[k] & bit != 0)
                .map(|k| k as u64)
                .collect()
        };
        (with(LEAVE_NONE), with(LEAVE_ONE), with(LEAVE_TWO))
    }

    /// The order of the published tables: shortest first (counting the 4
    /// of `4.x`), then as the short forms compare, so that `.77` comes
    /// before `4.3` and `.772` before `4.12`; codes written with trailing
    /// zeros after the same code without them.
    pub fn table_order(&self, other: &Code) -> Ordering {
        let (a, b) = (self.short(), other.short());
        (a.len(), &a, self.text.len(), &self.text).cmp(&(
            b.len(),
            &b,
            other.text.len(),
            &other.text,
        ))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The codes a list of patterns stands for, each once, in the order of the
/// published tables ([`Code::table_order`]).
///
/// A pattern is an octal code in which `?` stands for any digit: `0.???`
/// is the 512 codes `0.000` to `0.777`, `4.??` the 64 codes `4.00` to
/// `4.77`, `?.?` the codes `0.0`–`0.7` and `4.0`–`4.7` (before the point
/// only 0 and 4 are octal games). Patterns are separated by commas or white
/// space, so the text of a file of codes is a list too.
///
/// ```
/// use grundy::census::expand;
/// let codes = expand(&["0.1?", "4.3, .77"]).unwrap();
/// let texts: Vec<&str> = codes.iter().map(|c| c.text()).collect();
/// assert_eq!(texts[..3], ["0.10", "0.11", "0.12"]);
/// assert_eq!(codes.len(), 10);
/// assert_eq!(texts[8..], ["0.77", "4.3"]);
/// ```
pub fn expand<S: AsRef<str>>(patterns: &[S]) -> Result<Vec<Code>> {
    let mut codes = Vec::new();
    let mut seen = HashSet::new();
    let mut any = false;
    for list in patterns {
        let list = list.as_ref();
        for (start, word) in words(list) {
            any = true;
            expand_one(list, start, word, &mut |code| {
                if seen.insert(code.text.clone()) {
                    if codes.len() >= MAX_CODES {
                        return Err(too_many(list, start));
                    }
                    codes.push(code);
                }
                Ok(())
            })?;
        }
    }
    if !any {
        return Err(Error::Parse {
            input: String::new(),
            at: 0,
            message: "give at least one code or pattern, such as 0.??".into(),
        });
    }
    codes.sort_by(Code::table_order);
    Ok(codes)
}

/// The words of a list, with their offsets (in characters).
fn words(list: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    let chars: Vec<(usize, char)> = list.char_indices().collect();
    let mut out = Vec::new();
    while at < chars.len() {
        let sep = |c: char| c == ',' || c.is_whitespace();
        while at < chars.len() && sep(chars[at].1) {
            at += 1;
        }
        let start = at;
        while at < chars.len() && !sep(chars[at].1) {
            at += 1;
        }
        if start < at {
            let from = chars[start].0;
            let to = chars.get(at).map_or(list.len(), |&(i, _)| i);
            out.push((start, &list[from..to]));
        }
    }
    out.into_iter()
}

fn too_many(list: &str, at: usize) -> Error {
    Error::Parse {
        input: list.to_string(),
        at,
        message: format!("a census lists at most {MAX_CODES} codes"),
    }
}

/// Calls `each` with every code of one pattern `word`, which starts at
/// character `start` of `list` (for the caret of an error).
fn expand_one(
    list: &str,
    start: usize,
    word: &str,
    each: &mut dyn FnMut(Code) -> Result<()>,
) -> Result<()> {
    let bad = |i: usize, message: String| Error::Parse {
        input: list.to_string(),
        at: start + i,
        message,
    };
    let chars: Vec<char> = word.chars().collect();
    let point = chars.iter().position(|&c| c == '.');
    let Some(point) = point else {
        return Err(bad(
            0,
            format!("{word:?} is not a code: an octal code has a point, as in 0.77 or 0.??"),
        ));
    };
    if point > 1 {
        return Err(bad(0, "only one digit may stand before the point".into()));
    }
    if point + 1 == chars.len() {
        return Err(bad(
            point + 1,
            "give at least one digit after the point".into(),
        ));
    }
    let mut choices: Vec<Vec<u8>> = Vec::with_capacity(chars.len());
    if point == 0 {
        choices.push(vec![0]);
    }
    for (i, &c) in chars.iter().enumerate() {
        if i == point {
            continue;
        }
        let before = i < point;
        let options = match c {
            '?' if before => vec![0, 4],
            '?' => (0..8).collect(),
            '0'..='7' => vec![c as u8 - b'0'],
            _ if c.is_ascii_hexdigit() => {
                return Err(bad(
                    i,
                    format!("{c:?}: a census surveys octal codes (digits 0 to 7, or ? for any)"),
                ))
            }
            '.' => return Err(bad(i, "a code has one point".into())),
            _ => return Err(bad(i, format!("{c:?} is not an octal digit or ?"))),
        };
        if before && !options.iter().all(|&d| d == 0 || d == 4) {
            return Err(bad(
                i,
                "the digit before the point removes no tokens: only 0 and 4 (split a heap in two) are octal games".into(),
            ));
        }
        choices.push(options);
    }
    let count = choices
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.len()))
        .filter(|&n| n <= MAX_CODES);
    if count.is_none() {
        return Err(too_many(list, start));
    }
    let written: Vec<char> = chars.clone();
    let mut index = vec![0usize; choices.len()];
    loop {
        let digits: Vec<u8> = index.iter().zip(&choices).map(|(&i, c)| c[i]).collect();
        // Written as the pattern is, with each `?` filled in (and a
        // leading 0 for patterns written `.x`).
        let mut text = String::with_capacity(written.len() + 1);
        let mut d = digits.iter();
        if point == 0 {
            text.push(char::from(
                b'0' + d.next().expect("the digit before the point"),
            ));
        }
        for &c in &written {
            if c == '.' {
                text.push('.');
            } else {
                text.push(char::from(b'0' + d.next().expect("one digit a place")));
            }
        }
        let mut trimmed = digits.clone();
        while trimmed.len() > 1 && trimmed.last() == Some(&0) {
            trimmed.pop();
        }
        each(Code {
            text,
            digits: trimmed,
        })?;
        // The next combination, the last place fastest.
        let mut place = choices.len();
        loop {
            if place == 0 {
                return Ok(());
            }
            place -= 1;
            index[place] += 1;
            if index[place] < choices[place].len() {
                break;
            }
            index[place] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_expand_to_every_code() {
        assert_eq!(expand(&["0.???"]).unwrap().len(), 512);
        assert_eq!(expand(&["4.??"]).unwrap().len(), 64);
        assert_eq!(expand(&["?.?"]).unwrap().len(), 16);
        // Each code once, whichever patterns list it.
        assert_eq!(expand(&["0.??", "0.7?, 0.77"]).unwrap().len(), 64);
    }

    #[test]
    fn codes_come_in_the_order_of_the_published_tables() {
        let codes = expand(&["4.12 .772 4.3 .77 4.0 .1 .4 .002 0.12 0.120"]).unwrap();
        let short: Vec<String> = codes.iter().map(Code::short).collect();
        assert_eq!(
            short,
            ["4", ".1", ".4", ".12", ".12", ".77", "4.3", ".002", ".772", "4.12"]
        );
        assert_eq!(codes[3].text(), "0.12");
        assert_eq!(codes[4].text(), "0.120");
    }

    #[test]
    fn bad_patterns_say_where() {
        for (pattern, at) in [
            ("0.7x", 3),
            ("0.8", 2),
            ("3.?", 0),
            ("077", 0),
            ("0.", 2),
            ("0.1 0.2 0..3", 10),
        ] {
            match expand(&[pattern]) {
                Err(Error::Parse { at: got, .. }) => assert_eq!(got, at, "{pattern}"),
                other => panic!("{pattern}: {other:?}"),
            }
        }
        assert!(expand(&["0.??????????"]).is_err());
        assert!(expand(&[" , "]).is_err());
    }

    #[test]
    fn a_code_parses_as_the_engine_reads_it() {
        let c = Code::parse(".07").unwrap();
        assert_eq!((c.text(), c.canonical()), ("0.07", "0.07".to_string()));
        assert!(Code::parse("0.F").is_err());
        assert!(Code::parse("8.1").is_err());
        assert_eq!(Code::from_digits(&[4, 0]).text(), "4.0");
        assert_eq!(Code::from_digits(&[0, 1, 2, 0]).text(), "0.12");
    }
}
