//! The field operations on nimbers: product, square, square root, power,
//! inverse and quotient, for 64-bit nimbers (the field of order 2^64) and
//! 128-bit ones (order 2^128). Addition is [`nim_sum`](super::nim_sum),
//! plain xor.
//!
//! The 64-bit product uses the fastest exact method this processor allows
//! ([`clmul`] with `PCLMULQDQ`, else the portable [`tables`]); the rest is
//! built on it with the usual field identities, stated at each function.

use super::{clmul, tables, Nimber};

/// The nim product `a ⊗ b` of two 64-bit nimbers.
///
/// ```
/// use grundy::nimber::mul;
/// assert_eq!(mul(2, 2), 3);
/// assert_eq!(mul(3141, 5926), 14994);
/// assert_eq!(mul(u64::MAX, u64::MAX), 11290409524105353207);
/// ```
#[inline]
pub fn mul(a: Nimber, b: Nimber) -> Nimber {
    // Small nimbers (coin games on small boards, most products a game
    // needs) form the field of 256: a table answers.
    if (a | b) < 256 {
        return tables::mul_byte(a as u8, b as u8) as Nimber;
    }
    match clmul::dispatch() {
        Some(iso) => clmul::fast_mul(iso, a, b),
        None => tables::mul(a, b),
    }
}

/// Which implementation [`mul`] uses on this processor: `"pclmulqdq"` or
/// `"tables"` (for benchmarks and reports).
pub fn method() -> &'static str {
    if clmul::is_available() {
        "pclmulqdq"
    } else {
        "tables"
    }
}

/// `a ⊗ a`. Squaring is additive in characteristic 2
/// (`(a ⊕ b)⊗(a ⊕ b) = a⊗a ⊕ b⊗b`) and a bijection (the Frobenius map).
///
/// ```
/// assert_eq!(grundy::nimber::square(2), 3);
/// ```
pub fn square(a: Nimber) -> Nimber {
    mul(a, a)
}

/// The nim square root: the one `s` with `s ⊗ s = a`. As `x^(2^64) = x` for
/// every `x` in the field, `s = a^(2^63)`: 63 squarings.
///
/// ```
/// use grundy::nimber::{sqrt, square};
/// assert_eq!(sqrt(3), 2);
/// assert_eq!(square(sqrt(12345)), 12345);
/// ```
pub fn sqrt(a: Nimber) -> Nimber {
    (0..63).fold(a, |s, _| square(s))
}

/// `a` to the ordinary integer power `e` under `⊗` (square and multiply);
/// `pow(a, 0) = 1`, `0` included.
///
/// ```
/// use grundy::nimber::pow;
/// assert_eq!(pow(2, 2), 3);
/// assert_eq!(pow(2, 3), 1); // the nonzero nimbers below 4 form a group of order 3
/// assert_eq!(pow(7, 0), 1);
/// ```
pub fn pow(a: Nimber, mut e: u64) -> Nimber {
    let (mut base, mut acc) = (a, 1);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, base);
        }
        base = square(base);
        e >>= 1;
    }
    acc
}

/// The nim inverse of `a`, `None` for `0`. The nimbers below a Fermat
/// 2-power `2^m` (`m` = 1, 2, 4, …, 64) form a field, whose nonzero
/// elements are a group of order `2^m − 1` under `⊗`; so for `a` below
/// `2^m`, `a⁻¹ = a^(2^m − 2)`, with `m` the smallest that holds `a` (a
/// byte's inverse is one table lookup, a 64-bit one 127 products).
///
/// ```
/// use grundy::nimber::{inv, mul};
/// assert_eq!(inv(2), Some(3)); // 2 ⊗ 3 = 1
/// assert_eq!(mul(5, inv(5).unwrap()), 1);
/// assert_eq!(inv(0), None);
/// ```
pub fn inv(a: Nimber) -> Option<Nimber> {
    if a == 0 {
        return None;
    }
    if a < 256 {
        return Some(tables::inv_byte(a as u8) as Nimber);
    }
    let m = (64 - a.leading_zeros()).next_power_of_two();
    Some(pow(a, u64::MAX.checked_shr(64 - m).unwrap_or(u64::MAX) - 1))
}

/// The nim quotient `a ⊘ b = a ⊗ b⁻¹`: the one `q` with `q ⊗ b = a`.
/// `None` when `b = 0`.
///
/// ```
/// use grundy::nimber::{div, mul};
/// let q = div(14994, 5926).unwrap();
/// assert_eq!(q, 3141);
/// assert_eq!(div(1, 0), None);
/// ```
pub fn div(a: Nimber, b: Nimber) -> Option<Nimber> {
    inv(b).map(|i| mul(a, i))
}

/// The nim product of two 128-bit nimbers: one Fermat 2-power split at
/// `F = 2^64` over the 64-bit [`mul`], with Karatsuba's three products:
/// `a ⊗ b = (m ⊕ l)·F ⊕ l ⊕ h⊗2^63` where `l = a0⊗b0`, `h = a1⊗b1`,
/// `m = (a0⊕a1)⊗(b0⊕b1)` (see the
/// [module documentation](super#the-nim-product)).
///
/// ```
/// use grundy::nimber::mul_u128;
/// assert_eq!(mul_u128(1 << 64, 1 << 64), 3 << 63);
/// ```
pub fn mul_u128(a: u128, b: u128) -> u128 {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    let (b1, b0) = ((b >> 64) as u64, b as u64);
    let low = mul(a0, b0);
    let high = mul(a1, b1);
    let mid = mul(a0 ^ a1, b0 ^ b1);
    (((mid ^ low) as u128) << 64) | (low ^ mul(high, 1 << 63)) as u128
}

/// `a` to the integer power `e` under the 128-bit product.
pub fn pow_u128(a: u128, mut e: u128) -> u128 {
    let (mut base, mut acc) = (a, 1);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_u128(acc, base);
        }
        base = mul_u128(base, base);
        e >>= 1;
    }
    acc
}

/// The 128-bit nim inverse, `a^(2^128 − 2)`; `None` for `0`.
pub fn inv_u128(a: u128) -> Option<u128> {
    (a != 0).then(|| pow_u128(a, u128::MAX - 1))
}

/// The 128-bit nim quotient `a ⊗ b⁻¹`; `None` when `b = 0`.
pub fn div_u128(a: u128, b: u128) -> Option<u128> {
    inv_u128(b).map(|i| mul_u128(a, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::reference;

    #[test]
    fn the_field_of_four() {
        // {0, 1, 2, 3}: 2⊗2 = 3, 2⊗3 = 1, 3⊗3 = 2.
        assert_eq!(mul(2, 2), 3);
        assert_eq!(mul(2, 3), 1);
        assert_eq!(mul(3, 3), 2);
        assert_eq!(inv(3), Some(2));
    }

    #[test]
    fn the_field_of_256_agrees_with_the_reference() {
        // The byte table's path, and its edge into the wide one.
        for a in 0..=256 {
            for b in 0..=256 {
                assert_eq!(mul(a, b), reference::mul(a, b), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn inverses_in_every_subfield() {
        for a in (1..=1024).chain([65535, 65536, 1 << 32, (1 << 32) - 1, u64::MAX]) {
            let i = inv(a).unwrap();
            assert_eq!(mul(a, i), 1, "{a}");
            assert_eq!(i, pow(a, u64::MAX - 1), "{a}");
        }
    }

    #[test]
    fn u128_agrees_with_the_reference() {
        let xs = [
            0u128,
            1,
            2,
            u64::MAX as u128,
            1 << 64,
            (1 << 127) | 12345,
            u128::MAX,
            0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210,
        ];
        for a in xs {
            for b in xs {
                assert_eq!(mul_u128(a, b), reference::mul_u128(a, b), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn u128_inverse_and_quotient() {
        let a = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210u128;
        let b = u128::MAX - 5;
        assert_eq!(mul_u128(a, inv_u128(a).unwrap()), 1);
        assert_eq!(mul_u128(div_u128(a, b).unwrap(), b), a);
        assert_eq!(inv_u128(0), None);
        assert_eq!(div_u128(a, 0), None);
    }
}
