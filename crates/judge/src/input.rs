//! A streaming reader of whitespace-separated whole numbers, built for speed
//! and for error messages that name the line.
//!
//! It reads the source in large blocks into one reused buffer, parses digits
//! straight from the bytes (no UTF-8 validation, no allocation per number),
//! and counts newlines as it skips whitespace, so every error can say on
//! which line it was found. Memory is the buffer alone, whatever the size of
//! the input.

use std::io::{self, Read};

use crate::error::{JudgeError, Result};

/// What a number in the input stands for, with the problem's bounds for it
/// and the wider range the game itself is defined on.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// What it is, in words: "the number of piles n".
    pub what: &'static str,
    /// The problem's stated bounds, inclusive: what a valid judge input has.
    pub min: u64,
    pub max: u64,
    /// What the adapter can answer when the stated bounds are lifted
    /// ([`Bounds::Defined`]): the range the game is defined on, capped where
    /// a larger number would only ask for absurd memory. The same as the
    /// stated bounds unless [`Field::defined`] widens them.
    pub defined_min: u64,
    pub defined_max: u64,
}

/// Which bounds the numbers of an input are held to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bounds {
    /// The problem's stated bounds: the judge is a validator too.
    #[default]
    Stated,
    /// Whatever the game is defined on (`grundy judge --no-bounds`): heap
    /// sizes up to 2^64 − 1, more cases or piles than the statement allows.
    /// What the game cannot define (a negative number, a non-number) is
    /// still refused, and so is a count that would need absurd memory.
    Defined,
}

/// The most numbers one case may hold under [`Bounds::Defined`]: 2^26
/// numbers are 512 MiB once read.
pub const MAX_CASE_NUMBERS: u64 = 1 << 26;

impl Field {
    /// A field with inclusive bounds.
    pub const fn new(what: &'static str, min: u64, max: u64) -> Field {
        Field {
            what,
            min,
            max,
            defined_min: min,
            defined_max: max,
        }
    }

    /// The same field, answered on `min..=max` when the stated bounds are
    /// lifted. The range must contain the stated one.
    pub const fn defined(self, min: u64, max: u64) -> Field {
        assert!(min <= self.min && self.max <= max);
        Field {
            defined_min: min,
            defined_max: max,
            ..self
        }
    }

    /// The same field with the bounds `bounds` selects as its only bounds.
    pub const fn under(self, bounds: Bounds) -> Field {
        match bounds {
            Bounds::Stated => Field {
                defined_min: self.min,
                defined_max: self.max,
                ..self
            },
            Bounds::Defined => Field {
                min: self.defined_min,
                max: self.defined_max,
                ..self
            },
        }
    }

    fn expected(&self) -> String {
        format!(
            "{} (a whole number in {}..={})",
            self.what, self.min, self.max
        )
    }
}

const BLOCK: usize = 1 << 18;
/// Bytes kept available at the start of a token: longer numbers overflow
/// `u64` anyway, so a token never needs to straddle a refill.
const WINDOW: usize = 40;

/// The reader. See the module documentation.
pub struct Input<'a> {
    src: &'a mut dyn Read,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    line: u64,
    /// The line of the last number read: where a truncated input is
    /// reported (0 until a number is read: then the input is empty).
    last_line: u64,
    /// Whether a leading UTF-8 byte-order mark was looked for yet.
    bom_checked: bool,
    /// Which bounds numbers are held to.
    bounds: Bounds,
    /// Bytes dropped from the front of the buffer by refills so far.
    discarded: u64,
    /// Whether the input started with a byte-order mark (skipped).
    had_bom: bool,
    /// The offset in the input of the last newline among dropped bytes.
    last_newline: Option<u64>,
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The fast path of [`Input::number`]: spaces and newlines, then up to
/// 15 digits, in bounds, followed by whitespace, all well inside the
/// buffer; gives the number, where reading goes on, and the line there.
/// Returns `None` for anything else, for [`Input::number`] to handle.
///
/// The first eight bytes are parsed at once (SWAR): subtracting `'0'`
/// from every byte leaves digit values 0..=9, and any other byte gets its
/// high bit set by `x | (x + 0x76)`; borrows and carries only travel
/// towards later bytes, so the bytes before the first non-digit are
/// exact. The digits are then combined pairwise in three multiplications;
/// the digits past the eighth, rarely more than two, are added one by one.
#[inline(always)]
fn quick(buf: &[u8], mut pos: usize, mut line: u64, field: &Field) -> Option<(u64, usize, u64)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // One bounds check for everything read below (at most 17 bytes).
    let mut window: &[u8; WINDOW] = buf.get(pos..pos + WINDOW)?.try_into().ok()?;
    // Usually the separator was consumed with the number before.
    while !window[0].is_ascii_digit() {
        match window[0] {
            b' ' => {}
            b'\n' => line += 1,
            _ => return None,
        }
        pos += 1;
        window = buf.get(pos..pos + WINDOW)?.try_into().ok()?;
    }
    let chunk = u64::from_le_bytes(window[..8].try_into().expect("8 bytes"));
    let x = chunk.wrapping_sub(ONES * b'0' as u64);
    let non_digits = (x | x.wrapping_add(ONES * 0x76)) & (ONES * 0x80);
    let len = (non_digits.trailing_zeros() / 8) as usize;
    if len == 0 {
        return None;
    }
    // Move the digits to the top bytes: the bytes shifted in are leading zeros.
    let mut value = eight_digits(x << (64 - 8 * len as u32));
    let mut i = len;
    if len == 8 {
        // Up to 7 more digits, one at a time: most numbers have few left.
        while i < 15 {
            let d = window[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            value = value * 10 + d as u64;
            i += 1;
        }
        if window[i].is_ascii_digit() {
            return None; // 16 digits or more: the slow path checks overflow
        }
    }
    // One comparison for both bounds (min ≤ max for every field).
    if value.wrapping_sub(field.min) > field.max - field.min {
        return None;
    }
    // Consume the separator too (the usual single space or newline).
    // i ≤ 15 (at most 8 + 7 digits); the mask lets the compiler see it.
    match window[i & 15] {
        b' ' => Some((value, pos + i + 1, line)),
        b'\n' => Some((value, pos + i + 1, line + 1)),
        b if is_space(b) => Some((value, pos + i, line)),
        _ => None,
    }
}

/// The value of eight digit values (0..=9), one per byte, the first digit
/// in the lowest byte.
#[inline(always)]
fn eight_digits(x: u64) -> u64 {
    let x = (x & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(2561) >> 8;
    let x = (x & 0x00FF_00FF_00FF_00FF).wrapping_mul(6_553_601) >> 16;
    (x & 0x0000_FFFF_0000_FFFF).wrapping_mul(42_949_672_960_001) >> 32
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

impl<'a> Input<'a> {
    /// A reader over `src`.
    pub fn new(src: &'a mut dyn Read) -> Input<'a> {
        Input {
            src,
            buf: vec![0; BLOCK].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            last_line: 0,
            bom_checked: false,
            bounds: Bounds::Stated,
            discarded: 0,
            had_bom: false,
            last_newline: None,
        }
    }

    /// A reader that holds numbers to `bounds` instead of the stated ones.
    pub fn with_bounds(src: &'a mut dyn Read, bounds: Bounds) -> Input<'a> {
        Input {
            bounds,
            ..Input::new(src)
        }
    }

    /// Which bounds numbers are held to.
    pub fn bounds(&self) -> Bounds {
        self.bounds
    }

    /// The current line, 1-based.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Moves the unread bytes to the front and reads more after them.
    /// Returns false once the source is exhausted and nothing was added.
    #[cold]
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        // Remember where the last line began before its bytes are dropped.
        if let Some(nl) = self.buf[..self.pos].iter().rposition(|&b| b == b'\n') {
            self.last_newline = Some(self.discarded + nl as u64);
        }
        self.discarded += self.pos as u64;
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        loop {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Skips whitespace, counting lines. Returns true when a token starts at
    /// `pos` with at least [`WINDOW`] bytes buffered (or the whole rest of
    /// the input), false at the end of the input.
    #[inline]
    fn at_token(&mut self) -> io::Result<bool> {
        if !self.bom_checked {
            self.skip_bom()?;
        }
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if !is_space(b) {
                    while self.end - self.pos < WINDOW && self.fill()? {}
                    return Ok(true);
                }
                if b == b'\n' {
                    self.line += 1;
                }
                self.pos += 1;
            }
            if !self.fill()? {
                return Ok(false);
            }
        }
    }

    /// Skips a byte-order mark at the very start of the input.
    #[cold]
    fn skip_bom(&mut self) -> io::Result<()> {
        self.bom_checked = true;
        while self.end - self.pos < BOM.len() && self.fill()? {}
        if self.buf[self.pos..self.end].starts_with(BOM) {
            self.pos += BOM.len();
            self.had_bom = true;
        }
        Ok(())
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> Result<bool> {
        Ok(!self.at_token()?)
    }

    /// The next number, which must be there and within the field's bounds.
    #[inline]
    pub fn number(&mut self, field: &Field) -> Result<u64> {
        let field = &field.under(self.bounds);
        match self.next(field)? {
            Some(v) => Ok(v),
            None => Err(self.truncated(field.expected())),
        }
    }

    /// The next number, or `None` at the end of the input.
    #[inline]
    pub fn next(&mut self, field: &Field) -> Result<Option<u64>> {
        let field = &field.under(self.bounds);
        if !self.at_token()? {
            return Ok(None);
        }
        let bytes = &self.buf[self.pos..self.end];
        let mut value: u64 = 0;
        let mut i = 0;
        // 19 digits never overflow u64; only longer numbers need checking.
        while i < bytes.len() {
            let d = bytes[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            if i >= 19 {
                match value.checked_mul(10).and_then(|v| v.checked_add(d as u64)) {
                    Some(v) => value = v,
                    None => return Err(self.bad_token(field)),
                }
            } else {
                value = value * 10 + d as u64;
            }
            i += 1;
        }
        if i == 0 || (i < bytes.len() && !is_space(bytes[i])) {
            return Err(self.bad_token(field));
        }
        if value < field.min || value > field.max {
            return Err(JudgeError::OutOfRange {
                line: self.line,
                what: field.what,
                found: value.to_string(),
                within: self.within(),
                min: field.min,
                max: field.max,
            });
        }
        self.pos += i;
        self.last_line = self.line;
        Ok(Some(value))
    }

    /// Reads `count` numbers of `field` into `out`, which is cleared first
    /// (its capacity is kept, so a loop over cases does not reallocate).
    ///
    /// This is the hot loop of the big inputs: each number is tried on the
    /// fast path of `quick`, and anything it does not handle (a
    /// buffer boundary, an error, a very long number) goes through
    /// [`Input::number`].
    pub fn numbers_into(&mut self, count: u64, field: &Field, out: &mut Vec<u64>) -> Result<()> {
        let field = &field.under(self.bounds);
        out.clear();
        // `count` has been checked against its field's bounds; past the
        // first 2^20 numbers the vector grows only as numbers arrive, so a
        // huge count on a short input allocates little.
        out.reserve(count.min(1 << 20) as usize);
        let mut remaining = count;
        while remaining > 0 {
            // Position and line stay in registers through a run of numbers:
            // where the next number starts depends on them.
            let buf = &self.buf[..self.end];
            let (mut pos, mut line) = (self.pos, self.line);
            let before = remaining;
            while remaining > 0 {
                let Some((value, next, next_line)) = quick(buf, pos, line, field) else {
                    break;
                };
                out.push(value);
                (pos, line) = (next, next_line);
                remaining -= 1;
            }
            self.pos = pos;
            self.line = line;
            if remaining < before {
                self.last_line = line;
            }
            if remaining > 0 {
                out.push(self.number(field)?);
                remaining -= 1;
            }
        }
        Ok(())
    }

    /// An error for a rule broken by the numbers just read, reported at the
    /// line of the last one.
    pub fn invalid(&self, message: impl Into<String>) -> JudgeError {
        JudgeError::Invalid {
            line: self.last_line,
            message: message.into(),
        }
    }

    /// An error for input that ended where `expected` was needed, reported
    /// at the line of the last number read.
    pub fn truncated(&self, expected: impl Into<String>) -> JudgeError {
        let expected = expected.into();
        match self.last_line {
            0 => JudgeError::Empty { expected },
            line => JudgeError::Truncated { line, expected },
        }
    }

    /// How the bounds of an out-of-range error are named.
    fn within(&self) -> &'static str {
        match self.bounds {
            Bounds::Stated => "the problem's bounds",
            Bounds::Defined => "the range answered without the problem's bounds",
        }
    }

    /// Checks that only whitespace is left once the input's last case
    /// (`after`, e.g. "the terminating 0") has been read: anything more is
    /// reported at its line and column, 1-based (the column in bytes).
    pub fn finish(&mut self, after: &str) -> Result<()> {
        if !self.at_token()? {
            return Ok(());
        }
        let rest = &self.buf[self.pos..self.end];
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        let mut found = String::from_utf8_lossy(&rest[..len.min(WINDOW)]).into_owned();
        if len > WINDOW {
            found.push('…');
        }
        // 1-based, in bytes, from the last newline before the token (in the
        // buffer, or among the bytes refills dropped) or the input's start.
        let offset = self.discarded + self.pos as u64;
        let line_start = match self.buf[..self.pos].iter().rposition(|&b| b == b'\n') {
            Some(nl) => self.discarded + nl as u64 + 1,
            None => match self.last_newline {
                Some(nl) => nl + 1,
                None if self.had_bom => BOM.len() as u64,
                None => 0,
            },
        };
        let column = offset - line_start + 1;
        Err(JudgeError::Trailing {
            line: self.line,
            column,
            after: after.to_string(),
            found,
        })
    }

    /// The error for the token at `pos`, which is not a number in bounds.
    #[cold]
    fn bad_token(&self, field: &Field) -> JudgeError {
        let rest = &self.buf[self.pos..self.end];
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        let mut found = String::from_utf8_lossy(&rest[..len.min(WINDOW)]).into_owned();
        if len > WINDOW {
            found.push('…');
        }
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if found.strip_prefix(['-', '+']).is_some_and(digits) {
            // `-0` is in range as a number: what is wrong is the sign.
            return JudgeError::Signed {
                line: self.line,
                what: field.what,
                found,
                min: field.min,
                max: field.max,
            };
        }
        if digits(&found) {
            // A whole number, but beyond u64.
            return JudgeError::OutOfRange {
                line: self.line,
                what: field.what,
                found,
                within: self.within(),
                min: field.min,
                max: field.max,
            };
        }
        JudgeError::NotANumber {
            line: self.line,
            expected: field.expected(),
            found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Field = Field::new("x", 0, 1000);

    fn all(text: &str) -> Result<Vec<u64>> {
        let mut src = text.as_bytes();
        let mut input = Input::new(&mut src);
        let mut out = Vec::new();
        while let Some(v) = input.next(&F)? {
            out.push(v);
        }
        Ok(out)
    }

    #[test]
    fn reads_numbers_across_whitespace() {
        assert_eq!(all(" 1 2\r\n\t3\n\n1000").unwrap(), vec![1, 2, 3, 1000]);
        assert_eq!(all("").unwrap(), Vec::<u64>::new());
    }

    #[test]
    fn errors_name_the_line() {
        let e = all("1\n2\n3x").unwrap_err().to_string();
        assert_eq!(
            e,
            "line 3: expected x (a whole number in 0..=1000), found \"3x\""
        );
        let e = all("1\n-5").unwrap_err().to_string();
        assert_eq!(
            e,
            "line 2: x is written -5: a sign is not allowed (a whole number in 0..=1000)"
        );
        // -0 is 0, which is in bounds: the sign is what is wrong.
        let e = all("-0").unwrap_err().to_string();
        assert_eq!(
            e,
            "line 1: x is written -0: a sign is not allowed (a whole number in 0..=1000)"
        );
        let e = all("+7").unwrap_err().to_string();
        assert!(e.contains("a sign is not allowed"), "{e}");
        let e = all("1001").unwrap_err().to_string();
        assert!(e.contains("1001"), "{e}");
        let e = all("99999999999999999999999").unwrap_err().to_string();
        assert!(e.starts_with("line 1: x is 99999999999999999999999"), "{e}");
    }

    /// A reader that hands out one byte at a time, so every token straddles
    /// a refill.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.split_first() {
                Some((&b, rest)) if !buf.is_empty() => {
                    buf[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn the_fast_path_reads_every_length() {
        // Numbers of 1 to 20 digits, several per line, read in bulk.
        let mut want = Vec::new();
        let mut text = String::new();
        let mut v: u64 = 7;
        for round in 0..3000u64 {
            v = v
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = v >> (round % 64);
            want.push(n);
            text += &n.to_string();
            text += if round % 7 == 0 { "\n" } else { " " };
        }
        let mut src = text.as_bytes();
        let mut input = Input::new(&mut src);
        let mut got = Vec::new();
        input
            .numbers_into(want.len() as u64, &Field::new("x", 0, u64::MAX), &mut got)
            .unwrap();
        assert_eq!(got, want);
        assert_eq!(input.line(), 1 + want.len() as u64 / 7 + 1);
        assert!(input.at_end().unwrap());
    }

    #[test]
    fn the_fast_path_leaves_errors_to_the_slow_one() {
        let pad = " ".repeat(100);
        let text = format!("12 34{pad}\n5x6{pad}");
        let mut src = text.as_bytes();
        let mut input = Input::new(&mut src);
        let mut got = Vec::new();
        let e = input.numbers_into(3, &F, &mut got).unwrap_err().to_string();
        assert_eq!(
            e,
            "line 2: expected x (a whole number in 0..=1000), found \"5x6\""
        );
        let text = format!("12 1001{pad}");
        let mut src = text.as_bytes();
        let mut input = Input::new(&mut src);
        let e = input.numbers_into(2, &F, &mut got).unwrap_err().to_string();
        assert!(e.contains("1001, outside"), "{e}");
    }

    #[test]
    fn what_follows_the_end_is_placed_by_line_and_column() {
        let finish = |text: &[u8]| {
            let mut src = text;
            let mut input = Input::new(&mut src);
            input.number(&F).unwrap();
            input.finish("the end").map_err(|e| e.to_string())
        };
        assert_eq!(finish(b"1\n \t\r\n\n"), Ok(()));
        assert_eq!(
            finish(b"1\n\n  x y"),
            Err(
                "line 3, column 3: expected the end of the input after the end, found \"x\"".into()
            )
        );
        // Read one byte at a time, so every refill drops the line's start.
        let mut src = Trickle(b"5\n  6\n\t 7 8");
        let mut input = Input::new(&mut src);
        input.numbers_into(3, &F, &mut Vec::new()).unwrap();
        assert_eq!(
            input.finish("7").unwrap_err().to_string(),
            "line 3, column 5: expected the end of the input after 7, found \"8\""
        );
        // The byte-order mark is not a column.
        assert_eq!(
            finish(b"\xef\xbb\xbf7 8"),
            Err(
                "line 1, column 3: expected the end of the input after the end, found \"8\"".into()
            )
        );
    }

    #[test]
    fn tokens_may_straddle_reads() {
        let text = "12 345\n6789 0 18446744073709551615\n";
        let mut src = Trickle(text.as_bytes());
        let mut input = Input::new(&mut src);
        let f = Field::new("x", 0, u64::MAX);
        let mut got = Vec::new();
        while let Some(v) = input.next(&f).unwrap() {
            got.push(v);
        }
        assert_eq!(got, vec![12, 345, 6789, 0, u64::MAX]);
        assert_eq!(input.line(), 3);
    }
}
