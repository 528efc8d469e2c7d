//! Nimber arithmetic: the two operations the Sprague–Grundy theory is built
//! on, and the field they make.
//!
//! Every impartial game under normal play is equivalent to a single Nim heap
//! `*g`, its *Grundy value* (or nimber). Two facts make that useful:
//!
//! * the value of a position is the [`mex`] (minimum excludant) of the values
//!   of its options, and
//! * the value of a sum of games is the [`nim_sum`] (bitwise xor) of the
//!   values of its components.
//!
//! A position is a loss for the player to move (a *P-position*) exactly when
//! its value is 0.
//!
//! # The nim product
//!
//! Conway (*On Numbers and Games*, ch. 6) completed the nim-sum `⊕` with a
//! multiplication defined, like everything here, by a mex:
//!
//! ```text
//! a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }
//! ```
//!
//! With it the natural numbers form a field of characteristic 2 (the
//! nimbers `On₂`, restricted to the finite ordinals), and for every *Fermat
//! 2-power* `F = 2^(2^k)` (2, 4, 16, 256, 65536, 2^32, 2^64, …) the numbers
//! below `F` form a subfield of order `F`: the 64-bit nimbers are the field
//! of order 2^64. The product is computed from three facts that follow from
//! the definition (*Winning Ways*, ch. 14; Conway, ch. 6):
//!
//! 1. `x ⊗ F = x·F` (the ordinary product) for `x < F`: the product of a
//!    Fermat 2-power with anything smaller is ordinary;
//! 2. `F ⊗ F = 3F/2 = F ⊕ F/2`;
//! 3. `⊗` distributes over `⊕`.
//!
//! So, splitting `a = a1·F + a0` and `b = b1·F + b0` with halves below `F`,
//!
//! ```text
//! a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F  ⊕  a0⊗b0 ⊕ (a1⊗b1)⊗(F/2)
//! ```
//!
//! where every product on the right is of numbers below `F`. Three
//! implementations follow from it, all exact and giving identical results:
//!
//! * [`reference`](mod@reference): that recursion, literally, down to
//!   single bits. Slow; it is what the others are tested and benchmarked
//!   against;
//! * [`tables`]: the same split with Karatsuba's trick (three half-width
//!   products, not four) down to bytes, where a 64 KiB table answers;
//!   portable;
//! * [`clmul`]: a change of basis to polynomials over GF(2) modulo an
//!   irreducible polynomial, where the product is one carry-less multiply
//!   (`PCLMULQDQ`, detected at run time) plus a reduction.
//!
//! [`mul`] picks the fastest available; [`square`], [`sqrt`], [`pow`],
//! [`inv`] and [`div`] build on it, and the `_u128` versions extend the field
//! to 128 bits (order 2^128) by one more split at `F = 2^64`.

pub mod clmul;
mod field;
pub mod reference;
pub mod tables;

pub use field::{div, div_u128, inv, inv_u128, method, mul, mul_u128, pow, pow_u128, sqrt, square};

/// A Grundy value. Heap games in this crate have values far below 2^16, but
/// Nim heaps themselves can be as large as `u64::MAX`.
pub type Nimber = u64;

/// The nim-sum (bitwise xor) of a sequence of nimbers.
///
/// ```
/// use grundy::nimber::nim_sum;
/// assert_eq!(nim_sum([3, 4, 5]), 2);
/// assert_eq!(nim_sum([1, 2, 3]), 0);
/// ```
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// The minimum excludant: the least nimber not in `values`.
///
/// The values may come in any order and with repeats.
///
/// ```
/// use grundy::nimber::mex;
/// assert_eq!(mex([0, 1, 3]), 2);
/// assert_eq!(mex([]), 0);
/// assert_eq!(mex([5, 0, 0, 1, 2]), 3);
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut seen: Vec<Nimber> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    // After dedup the values below the mex are exactly 0, 1, …, mex-1 at
    // their own indices; the first index whose value differs is the mex.
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as Nimber)
        .map_or(seen.len() as Nimber, |(i, _)| i as Nimber)
}

/// The index of the highest set bit of a non-zero nimber (`0` for `1`).
///
/// The winning move in a sum changes a component that has this bit set.
pub fn high_bit(value: Nimber) -> Option<u32> {
    (value != 0).then(|| Nimber::BITS - 1 - value.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_a_full_prefix_is_its_length() {
        assert_eq!(mex([2, 1, 0]), 3);
        assert_eq!(mex([1, 2]), 0);
    }

    #[test]
    fn high_bit_picks_the_top_bit() {
        assert_eq!(high_bit(0), None);
        assert_eq!(high_bit(1), Some(0));
        assert_eq!(high_bit(6), Some(2));
        assert_eq!(high_bit(u64::MAX), Some(63));
    }
}
