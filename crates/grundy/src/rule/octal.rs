//! Octal and hexadecimal take-and-break games.
//!
//! A code `d0.d1d2d3…` lists, for each `k`, what may happen when `k` tokens
//! are removed from a heap. Digit `dk` is a sum of:
//!
//! | bit | the rest of the heap may be left as |
//! |---|---|
//! | 1 | nothing (only when the heap had exactly `k` tokens) |
//! | 2 | one non-empty heap |
//! | 4 | two non-empty heaps |
//! | 8 | three non-empty heaps (hexadecimal codes only) |
//!
//! Examples: Kayles `0.77`, Dawson's Kayles `0.07`, Dawson's chess `0.137`,
//! `4.7` (split a heap in two, or remove one token and leave 0, 1 or 2
//! heaps), `0.F` (remove one token and leave up to three heaps).
//!
//! The digit before the point, `d0`, removes no tokens: only bits 4 and 8 make
//! sense there (splitting a heap without removing anything).

use std::fmt;

use super::Move;
use crate::error::{Error, Result};
use crate::period::ProofShape;

/// The most digits a code may have after the point.
pub const MAX_DIGITS: usize = 4096;

/// A take-and-break code such as `0.77`.
///
/// ```
/// use grundy::rule::TakeBreak;
/// let kayles = TakeBreak::parse("0.77").unwrap();
/// assert_eq!(kayles.digit(1), 7);
/// assert_eq!(kayles.last_digit(), 2);
/// assert_eq!(kayles.to_string(), "0.77");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// `digits[k]` is the digit for removing `k` tokens; trailing zeros trimmed
    /// (but `digits[0]` always present).
    digits: Vec<u8>,
}

/// Whether a digit allows leaving nothing, one, two or three heaps.
pub const LEAVE_NONE: u8 = 1;
/// See [`LEAVE_NONE`].
pub const LEAVE_ONE: u8 = 2;
/// See [`LEAVE_NONE`].
pub const LEAVE_TWO: u8 = 4;
/// See [`LEAVE_NONE`].
pub const LEAVE_THREE: u8 = 8;

impl TakeBreak {
    /// Parses `d0.d1d2…` (hexadecimal digits, either case). A code without a
    /// leading digit, such as `.07`, means `0.07`.
    pub fn parse(code: &str) -> Result<TakeBreak> {
        let bad = |at: usize, message: String| Error::Parse {
            input: code.to_string(),
            at,
            message,
        };
        let Some(point) = code.find('.') else {
            return Err(bad(
                0,
                "a take-and-break code needs a point, as in 0.77".into(),
            ));
        };
        let (before, after) = (&code[..point], &code[point + 1..]);
        if before.len() > 1 {
            return Err(bad(0, "only one digit may stand before the point".into()));
        }
        if after.is_empty() {
            return Err(bad(
                point + 1,
                "give at least one digit after the point".into(),
            ));
        }
        if after.len() > MAX_DIGITS {
            return Err(bad(
                point + 1,
                format!("at most {MAX_DIGITS} digits may follow the point"),
            ));
        }
        let mut digits = Vec::with_capacity(after.len() + 1);
        for (i, c) in before.chars().chain(after.chars()).enumerate() {
            let at = if i < before.len() { i } else { i + 1 };
            let d = c
                .to_digit(16)
                .ok_or_else(|| bad(at, format!("{c:?} is not a hexadecimal digit")))?;
            digits.push(d as u8);
        }
        if before.is_empty() {
            digits.insert(0, 0);
        }
        if digits[0] & (LEAVE_NONE | LEAVE_ONE) != 0 {
            return Err(Error::Invalid {
                what: format!("take-and-break code {code:?}"),
                reason: format!(
                    "the digit before the point removes no tokens, so it may only \
                     split (bits 4 and 8); {} would allow a move that changes nothing",
                    digits[0]
                ),
            });
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(TakeBreak { digits })
    }

    /// The digit for removing `k` tokens (0 beyond the code's end).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// All digits, `digits()[k]` for removing `k` tokens.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The position of the last non-zero digit: the most tokens a move removes.
    pub fn last_digit(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some digit lets a move leave three heaps.
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|d| d & LEAVE_THREE != 0)
    }

    /// The most heaps one move may leave (at least 1, for the proof's sake).
    pub fn max_heaps(&self) -> u64 {
        let all = self.digits.iter().fold(0, |acc, d| acc | d);
        if all & LEAVE_THREE != 0 {
            3
        } else if all & LEAVE_TWO != 0 {
            2
        } else {
            1
        }
    }

    /// The parameters of the Guy–Smith periodicity test for this code.
    pub fn proof_shape(&self) -> ProofShape {
        ProofShape {
            max_heaps: self.max_heaps(),
            last_digit: self.last_digit() as u64,
        }
    }

    /// Every move from a heap of `n`, by number removed, then by what is left.
    /// Splits are listed once each, their heaps ascending.
    pub fn moves(&self, n: u64) -> Box<dyn Iterator<Item = Move> + '_> {
        let per_digit = self
            .digits
            .iter()
            .enumerate()
            .filter(move |&(k, &d)| d != 0 && k as u64 <= n)
            .flat_map(move |(k, &d)| {
                let k = k as u64;
                let rest = n - k;
                let none = (d & LEAVE_NONE != 0 && rest == 0).then(|| Move::new(k, vec![]));
                let one = (d & LEAVE_ONE != 0 && rest >= 1).then(|| Move::new(k, vec![rest]));
                let two = (d & LEAVE_TWO != 0)
                    .then(|| (1..=rest / 2).map(move |a| Move::new(k, vec![a, rest - a])))
                    .into_iter()
                    .flatten();
                let three = (d & LEAVE_THREE != 0)
                    .then(|| {
                        three_way_splits(rest).map(move |(a, b, c)| Move::new(k, vec![a, b, c]))
                    })
                    .into_iter()
                    .flatten();
                none.into_iter().chain(one).chain(two).chain(three)
            });
        Box::new(per_digit)
    }
}

/// The ways to write `m` as `a + b + c` with `1 ≤ a ≤ b ≤ c`.
pub fn three_way_splits(m: u64) -> impl Iterator<Item = (u64, u64, u64)> {
    (1..=m / 3).flat_map(move |a| {
        let rest = m - a;
        (a..=rest / 2).map(move |b| (a, b, rest - b))
    })
}

impl fmt::Display for TakeBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_and_print_back() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.F", "0.6", "8.0F"] {
            assert_eq!(TakeBreak::parse(code).unwrap().to_string(), code);
        }
        assert_eq!(TakeBreak::parse(".07").unwrap().to_string(), "0.07");
        assert_eq!(TakeBreak::parse("0.770").unwrap().to_string(), "0.77");
        assert_eq!(TakeBreak::parse("0.f").unwrap().to_string(), "0.F");
    }

    #[test]
    fn malformed_codes_say_where() {
        for (code, at) in [("077", 0), ("0.", 2), ("0.7g", 3), ("10.7", 0), ("x.7", 0)] {
            match TakeBreak::parse(code) {
                Err(Error::Parse { at: got, .. }) => assert_eq!(got, at, "{code}"),
                other => panic!("{code}: {other:?}"),
            }
        }
        assert!(matches!(
            TakeBreak::parse("1.7"),
            Err(Error::Invalid { .. })
        ));
    }

    #[test]
    fn kayles_moves_from_four() {
        let kayles = TakeBreak::parse("0.77").unwrap();
        let moves: Vec<Vec<u64>> = kayles.moves(4).map(|m| m.leaves).collect();
        // take 1: leave 3, or split 3 into 1+2; take 2: leave 2, or 1+1.
        assert_eq!(moves, vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]);
    }

    #[test]
    fn three_way_splits_are_sorted_and_complete() {
        let splits: Vec<_> = three_way_splits(6).collect();
        assert_eq!(splits, vec![(1, 1, 4), (1, 2, 3), (2, 2, 2)]);
    }
}
