//! The nim product through carry-less multiplication: the nimbers below 2^64
//! carried over, by a change of basis, to polynomials over GF(2) modulo an
//! irreducible polynomial of degree 64, where a product is one `PCLMULQDQ`
//! instruction and a reduction.
//!
//! Every finite field of order 2^64 is isomorphic to every other, so the
//! field of 64-bit nimbers is isomorphic to `GF(2)[x] / p(x)` for any
//! irreducible `p` of degree 64. A concrete isomorphism comes from any
//! nimber `g` of degree 64 (one in no proper subfield, which is all but
//! 2^32 of them): its powers `1, g, g⊗g, …, g^63` (nim powers) are then a
//! basis of the field over GF(2), and `g^64` written in that basis gives
//! `p(x) = x^64 + r(x)`, the minimal polynomial of `g`. The map
//! `φ: Σ cᵢ·gⁱ ↦ Σ cᵢ·xⁱ` is additive (⊕ becomes xor of coefficients) and
//! multiplicative (both sides multiply powers by adding exponents and
//! reduce `g^64` by the same relation), so
//!
//! ```text
//! a ⊗ b = φ⁻¹( φ(a) · φ(b)  mod p )
//! ```
//!
//! `φ` and `φ⁻¹` are GF(2)-linear maps of 64-bit words, evaluated with one
//! 256-entry table per input byte (8 lookups each, 16 KiB per map); the
//! reduction of the 127-bit carry-less product modulo `p` is Barrett's,
//! two more carry-less products with the precomputed `μ = ⌊x^128 / p⌋`.
//! The tables are built once, from the [portable product](super::tables),
//! and the whole path is checked against it and the
//! [reference](super::reference) in the tests.
//!
//! The instruction is used only when the processor has it (runtime
//! detection); elsewhere [`mul`] answers `None` and
//! [`super::mul`] uses the portable tables, with identical results.

use std::sync::OnceLock;

use super::{tables, Nimber};

/// The change of basis and the reduction constants.
pub(super) struct Isomorphism {
    /// `phi[k][v]` is `φ(v · 2^(8k))`: the polynomial of a nimber byte.
    phi: [[u64; 256]; 8],
    /// `psi[k][v]` is `φ⁻¹(v · x^(8k))`: the nimber of a polynomial byte.
    psi: [[u64; 256]; 8],
    /// `p(x) = x^64 + r(x)`.
    r: u64,
    /// `⌊x^128 / p(x)⌋ = x^64 + mu(x)`.
    mu: u64,
}

impl Isomorphism {
    /// Builds the isomorphism from the first nimber of degree 64 among a
    /// fixed list of candidates (the first one works; the list only makes
    /// the construction total).
    fn build() -> Isomorphism {
        (0..)
            .map(|i| 0x9E37_79B9_7F4A_7C15u64.wrapping_add(i))
            .find_map(Isomorphism::from_generator)
            .expect("almost every nimber has degree 64")
    }

    /// The isomorphism given by the powers of `g`, or `None` when they are
    /// not a basis (`g` lies in a proper subfield).
    fn from_generator(g: Nimber) -> Option<Isomorphism> {
        let mut powers = [0u64; 65];
        powers[0] = 1;
        for i in 1..65 {
            powers[i] = tables::mul(powers[i - 1], g);
        }
        // Gauss–Jordan elimination over GF(2): each row pairs a nimber with
        // the set of powers (a polynomial) that xor to it. Reducing the
        // nimbers to the unit vectors 2^j leaves φ(2^j) beside them.
        let mut rows: [(u64, u64); 64] = std::array::from_fn(|i| (powers[i], 1u64 << i));
        for bit in 0..64 {
            let pivot = (bit..64).find(|&i| rows[i].0 >> bit & 1 == 1)?;
            rows.swap(bit, pivot);
            let (v, c) = rows[bit];
            for (i, row) in rows.iter_mut().enumerate() {
                if i != bit && row.0 >> bit & 1 == 1 {
                    row.0 ^= v;
                    row.1 ^= c;
                }
            }
        }
        let unit_images: [u64; 64] = std::array::from_fn(|j| rows[j].1);
        let phi_of = |v: u64| linear(&unit_images, v);
        let r = phi_of(powers[64]);
        let mut phi = [[0u64; 256]; 8];
        let mut psi = [[0u64; 256]; 8];
        for k in 0..8 {
            for v in 0..256u64 {
                phi[k][v as usize] = phi_of(v << (8 * k));
                psi[k][v as usize] = linear(&powers[..64], v << (8 * k));
            }
        }
        Some(Isomorphism {
            phi,
            psi,
            r,
            mu: barrett_constant(r),
        })
    }

    #[inline(always)]
    fn apply(table: &[[u64; 256]; 8], v: u64) -> u64 {
        let b = v.to_le_bytes();
        (table[0][b[0] as usize] ^ table[1][b[1] as usize])
            ^ (table[2][b[2] as usize] ^ table[3][b[3] as usize])
            ^ (table[4][b[4] as usize] ^ table[5][b[5] as usize])
            ^ (table[6][b[6] as usize] ^ table[7][b[7] as usize])
    }

    /// `a ⊗ b` on a processor with `PCLMULQDQ`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "pclmulqdq")]
    fn mul(&self, a: Nimber, b: Nimber) -> Nimber {
        let x = Self::apply(&self.phi, a);
        let y = Self::apply(&self.phi, b);
        let (lo, hi) = clmul(x, y);
        // Barrett: the quotient of hi·x^64 + lo by p is ⌊hi·μ / x^64⌋
        // exactly (no carries: the neglected part has degree < 64), and
        // the remainder's low word is lo ⊕ low(quotient · r).
        let quotient = hi ^ clmul(hi, self.mu).1;
        let remainder = lo ^ clmul(quotient, self.r).0;
        Self::apply(&self.psi, remainder)
    }
}

/// The carry-less product of two 64-bit polynomials: (low, high) words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
#[inline]
fn clmul(a: u64, b: u64) -> (u64, u64) {
    use std::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_cvtsi64_si128, _mm_unpackhi_epi64,
    };
    let p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
    let lo = _mm_cvtsi128_si64(p) as u64;
    let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64;
    (lo, hi)
}

/// The GF(2)-linear map sending bit `i` to `images[i]`, applied to `v`.
fn linear(images: &[u64], v: u64) -> u64 {
    images
        .iter()
        .enumerate()
        .filter(|&(i, _)| v >> i & 1 == 1)
        .fold(0, |acc, (_, &w)| acc ^ w)
}

/// `mu(x)` with `⌊x^128 / (x^64 + r(x))⌋ = x^64 + mu(x)`: since
/// `x^128 = x^64·p ⊕ x^64·r`, `mu` is the quotient of `x^64·r` by `p`,
/// found by long division.
fn barrett_constant(r: u64) -> u64 {
    let p = (1u128 << 64) | r as u128;
    let mut n = (r as u128) << 64;
    let mut q = 0u64;
    for i in (0..64).rev() {
        if n >> (64 + i) & 1 == 1 {
            n ^= p << i;
            q |= 1 << i;
        }
    }
    q
}

/// The isomorphism, when this processor can use it.
fn detected() -> Option<&'static Isomorphism> {
    static ISO: OnceLock<Option<Isomorphism>> = OnceLock::new();
    ISO.get_or_init(|| available().then(Isomorphism::build))
        .as_ref()
}

fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("pclmulqdq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The nim product by carry-less multiplication, or `None` when this
/// processor has no `PCLMULQDQ` (or is not x86-64).
///
/// ```
/// use grundy::nimber::clmul;
/// if let Some(p) = clmul::mul(3141, 5926) {
///     assert_eq!(p, 14994);
/// }
/// ```
pub fn mul(a: Nimber, b: Nimber) -> Option<Nimber> {
    detected().map(|iso| fast_mul(iso, a, b))
}

/// Whether [`mul`] answers on this processor.
pub fn is_available() -> bool {
    detected().is_some()
}

/// The product through an isomorphism that [`detected`] returned.
#[inline]
pub(super) fn fast_mul(iso: &Isomorphism, a: Nimber, b: Nimber) -> Nimber {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: an `Isomorphism` is only handed out by `detected`, after
        // runtime detection found PCLMULQDQ.
        unsafe { iso.mul(a, b) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (iso, a, b);
        unreachable!("no isomorphism is built without PCLMULQDQ")
    }
}

/// The isomorphism for [`super::mul`]'s dispatch.
#[inline]
pub(super) fn dispatch() -> Option<&'static Isomorphism> {
    detected()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::reference;

    #[test]
    fn the_change_of_basis_round_trips() {
        let iso = Isomorphism::build();
        for v in [0u64, 1, 2, 3, 255, 1 << 40, 0xDEAD_BEEF_CAFE_F00D, u64::MAX] {
            let there = Isomorphism::apply(&iso.phi, v);
            assert_eq!(Isomorphism::apply(&iso.psi, there), v);
        }
        // φ(1) = 1: the constant polynomial.
        assert_eq!(Isomorphism::apply(&iso.phi, 1), 1);
    }

    #[test]
    fn barrett_constant_is_the_quotient() {
        // For p = x^64 + x^4 + x^3 + x + 1, x^128 / p: check μ·p = x^128 + s
        // with deg s < 64 by multiplying back (schoolbook, in u128 halves).
        let r = 0b11011u64;
        let mu = barrett_constant(r);
        // (x^64 + mu)(x^64 + r) = x^128 + (mu ⊕ r)·x^64 + mu·r
        let (lo, hi) = soft_clmul(mu, r);
        // The x^64 coefficient block must cancel: mu ⊕ r ⊕ hi = 0.
        assert_eq!(mu ^ r ^ hi, 0, "remainder has degree < 64; low {lo:#x}");
    }

    fn soft_clmul(a: u64, b: u64) -> (u64, u64) {
        let mut acc = 0u128;
        for i in 0..64 {
            if b >> i & 1 == 1 {
                acc ^= (a as u128) << i;
            }
        }
        (acc as u64, (acc >> 64) as u64)
    }

    #[test]
    fn agrees_with_the_reference_when_available() {
        let Some(_) = mul(0, 0) else { return };
        let edges = [0, 1, 2, 3, 255, 256, 65535, 65536, 1 << 32, u64::MAX];
        for a in edges {
            for b in edges {
                assert_eq!(mul(a, b), Some(reference::mul(a, b)), "{a} ⊗ {b}");
            }
        }
    }
}
