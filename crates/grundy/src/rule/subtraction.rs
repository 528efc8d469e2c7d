//! Subtraction games: a move removes `s` tokens from one heap, `s` from a set.
//!
//! * finite sets such as `{1,3,4}`: eventually periodic, and the period is
//!   proved once `max(S)` consecutive values repeat (the one-heap case of the
//!   Guy–Smith theorem);
//! * ranges `a..b` (`1..m` is Bash's game): closed form
//!   `G(n) = ⌊(n mod (a+b)) / a⌋`;
//! * the powers of two: closed form `G(n) = n mod 3`;
//! * the Fibonacci numbers 1, 2, 3, 5, 8, …: no closed form is known, values
//!   are computed.

use std::fmt;

use super::Move;
use crate::error::{Error, Result};
use crate::period::{Period, ProofShape};

/// The most members a finite subtraction set written with ranges may have.
pub(crate) const MAX_SET_MEMBERS: u64 = 1 << 20;

/// A set of numbers of tokens that a move may remove.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Subtraction {
    /// A finite set, ascending, without repeats, not contiguous (contiguous
    /// sets are stored as [`Subtraction::Range`]).
    Finite(Vec<u64>),
    /// Every number from `lo` to `hi`, both included, `1 ≤ lo ≤ hi`.
    Range { lo: u64, hi: u64 },
    /// The Fibonacci numbers 1, 2, 3, 5, 8, 13, …
    Fibonacci,
    /// The powers of two 1, 2, 4, 8, …
    PowersOfTwo,
}

impl Subtraction {
    /// A finite set from any list of positive numbers (repeats allowed).
    ///
    /// A contiguous set becomes a [`Subtraction::Range`], which has a closed form.
    ///
    /// ```
    /// use grundy::rule::Subtraction;
    /// assert_eq!(Subtraction::finite(vec![3, 1, 2, 2]).unwrap(),
    ///            Subtraction::Range { lo: 1, hi: 3 });
    /// assert!(Subtraction::finite(vec![0, 1]).is_err());
    /// ```
    pub fn finite(mut set: Vec<u64>) -> Result<Subtraction> {
        set.sort_unstable();
        set.dedup();
        match (set.first(), set.last()) {
            (None, _) | (_, None) => Err(Error::invalid(
                "subtraction set",
                "the set is empty: give at least one number",
            )),
            (Some(0), _) => Err(Error::invalid(
                "subtraction set",
                "0 is not a move: subtract at least 1",
            )),
            (Some(&lo), Some(&hi)) if hi - lo + 1 == set.len() as u64 => {
                Ok(Subtraction::Range { lo, hi })
            }
            _ => Ok(Subtraction::Finite(set)),
        }
    }

    /// The range `lo..=hi`.
    pub fn range(lo: u64, hi: u64) -> Result<Subtraction> {
        if lo == 0 {
            return Err(Error::invalid(
                "subtraction set",
                "0 is not a move: a range starts at 1 or more",
            ));
        }
        if lo > hi {
            return Err(Error::invalid(
                "subtraction set",
                format!("the range {lo}..{hi} is empty"),
            ));
        }
        Ok(Subtraction::Range { lo, hi })
    }

    /// The members of the set that are at most `n`, ascending.
    pub fn members_up_to(&self, n: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            Subtraction::Finite(set) => Box::new(set.iter().copied().take_while(move |&s| s <= n)),
            &Subtraction::Range { lo, hi } => Box::new(lo..=hi.min(n)),
            Subtraction::Fibonacci => Box::new(fibonacci().take_while(move |&s| s <= n)),
            Subtraction::PowersOfTwo => {
                Box::new((0..64).map(|j| 1u64 << j).take_while(move |&s| s <= n))
            }
        }
    }

    /// The closed form of `G(n)`, where one is known.
    pub fn closed_form(&self, n: u64) -> Option<u64> {
        match *self {
            // For a ≤ s ≤ b the options of n are n-b … n-a, a window of
            // b-a+1 < a+b consecutive heaps: by induction the values repeat
            // with period a+b, each value v on a run of a heaps. The period
            // a+b may exceed 2^64 − 1, so it is computed in 128 bits (the
            // quotient is at most n, so it fits back in 64).
            Subtraction::Range { lo, hi } => {
                let period = u128::from(lo) + u128::from(hi);
                Some(((u128::from(n) % period) / u128::from(lo)) as u64)
            }
            // Powers of two are never 0 mod 3 and include 1 and 2, so the
            // options of n cover both other residues and never n's own.
            Subtraction::PowersOfTwo => Some(n % 3),
            _ => None,
        }
    }

    /// The closed form in words, where one is known: `G(n) = n mod 3`.
    pub fn closed_form_text(&self) -> Option<String> {
        match *self {
            Subtraction::Range { lo, hi } => {
                let period = u128::from(lo) + u128::from(hi);
                Some(if lo == 1 {
                    format!("G(n) = n mod {period}")
                } else {
                    format!("G(n) = ⌊(n mod {period}) / {lo}⌋")
                })
            }
            Subtraction::PowersOfTwo => Some("G(n) = n mod 3".into()),
            _ => None,
        }
    }

    /// The period proved by the closed form, when it fits in 64 bits.
    ///
    /// A range `a..b` with `a + b ≥ 2^64` has a period longer than any heap:
    /// its closed form still answers every `n` (see [`Self::closed_form`]),
    /// but no [`Period`] is reported rather than a wrapped one.
    pub fn closed_form_period(&self) -> Option<Period> {
        match *self {
            Subtraction::Range { lo, hi } => Some(Period::closed_form(0, lo.checked_add(hi)?)),
            Subtraction::PowersOfTwo => Some(Period::closed_form(0, 3)),
            _ => None,
        }
    }

    /// For finite sets: one heap per move, reach `max(S)`.
    pub fn proof_shape(&self) -> Option<ProofShape> {
        match self {
            Subtraction::Finite(set) => Some(ProofShape {
                max_heaps: 1,
                last_digit: *set.last().expect("non-empty set"),
            }),
            _ => None,
        }
    }

    /// Every move from a heap of `n`: subtract each member `s ≤ n`.
    pub fn moves(&self, n: u64) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(
            self.members_up_to(n)
                .map(move |s| Move::new(s, vec![n - s])),
        )
    }
}

/// The Fibonacci numbers used as moves: 1, 2, 3, 5, 8, … (1 only once).
pub fn fibonacci() -> impl Iterator<Item = u64> {
    // (current, next); `next` is None once it would overflow u64.
    let mut state = Some((1u64, Some(2u64)));
    std::iter::from_fn(move || {
        let (a, b) = state?;
        state = b.map(|b| (b, a.checked_add(b)));
        Some(a)
    })
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subtraction::Finite(set) => {
                let items: Vec<String> = set.iter().map(u64::to_string).collect();
                write!(f, "sub{{{}}}", items.join(","))
            }
            Subtraction::Range { lo, hi } if lo == hi => write!(f, "sub{{{lo}}}"),
            Subtraction::Range { lo, hi } => write!(f, "sub{{{lo}..{hi}}}"),
            Subtraction::Fibonacci => f.write_str("sub{fib}"),
            Subtraction::PowersOfTwo => f.write_str("sub{pow2}"),
        }
    }
}

/// The longest every-game steps sequence computed for a subtraction set
/// without a closed form (8 bytes per heap).
pub(crate) const MAX_STEPS_SEQUENCE: u64 = 1 << 22;

/// The steps of a heap of `n` in the subtraction game `sub{lo..hi}`:
/// `2⌊n/p⌋ + [n mod p ≥ lo]` with `p = lo + hi` (in 128 bits: `p` may
/// exceed 2^64 − 1, and the result always fits in 64 bits since `p ≥ 2`).
///
/// ```
/// use grundy::rule::subtraction::range_steps;
/// assert_eq!(range_steps(1, 2, 0), 0);
/// assert_eq!(range_steps(1, 2, 3), 2);
/// assert_eq!(range_steps(1, 2, 4), 3);
/// assert_eq!(range_steps(1, u64::MAX, u64::MAX), 1);
/// ```
pub fn range_steps(lo: u64, hi: u64, n: u64) -> u64 {
    let p = u128::from(lo) + u128::from(hi);
    let (q, r) = (u128::from(n) / p, u128::from(n) % p);
    let steps = 2 * q + u128::from(r >= u128::from(lo));
    u64::try_from(steps).expect("2⌊n/p⌋ + 1 < 2^64 for p ≥ 2")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fibonacci_moves_start_1_2_3_5() {
        let f: Vec<u64> = fibonacci().take(6).collect();
        assert_eq!(f, vec![1, 2, 3, 5, 8, 13]);
        assert_eq!(fibonacci().count(), 92, "every one that fits in u64");
        assert_eq!(fibonacci().last(), Some(12_200_160_415_121_876_738));
    }

    #[test]
    fn ranges_near_2_64_do_not_wrap() {
        // {m}: G(n) = ⌊n/m⌋ mod 2, period 2m.
        let m = 10_000_000_000_000_000_000u64;
        let single = Subtraction::finite(vec![m]).unwrap();
        assert_eq!(single.closed_form(m), Some(1));
        assert_eq!(single.closed_form(m - 1), Some(0));
        assert_eq!(single.closed_form(u64::MAX), Some(1));
        assert_eq!(
            single.closed_form_period(),
            None,
            "2m does not fit in 64 bits"
        );
        let top = Subtraction::finite(vec![u64::MAX]).unwrap();
        assert_eq!(top.closed_form(u64::MAX), Some(1));
        assert_eq!(top.closed_form(u64::MAX - 1), Some(0));
        let half = Subtraction::finite(vec![1 << 63]).unwrap();
        assert_eq!(half.closed_form(1), Some(0));
        assert_eq!(half.closed_form(1 << 63), Some(1));
        // 2..=2^64−1: the period exceeds every heap, G(n) = ⌊n/2⌋.
        let wide = Subtraction::range(2, u64::MAX).unwrap();
        assert_eq!(wide.closed_form(5), Some(2));
        assert_eq!(wide.closed_form(u64::MAX), Some(u64::MAX / 2));
        assert_eq!(
            Subtraction::range(1, u64::MAX).unwrap().closed_form(5),
            Some(5)
        );
        // A period that just fits is still reported.
        let fits = Subtraction::range(1, u64::MAX - 1).unwrap();
        assert_eq!(fits.closed_form_period().map(|p| p.period), Some(u64::MAX));
    }

    #[test]
    fn bad_sets_are_refused() {
        assert!(Subtraction::finite(vec![]).is_err());
        assert!(Subtraction::range(0, 3).is_err());
        assert!(Subtraction::range(4, 3).is_err());
    }
}
