//! The reference nim product: the Fermat 2-power recursion, written as
//! plainly as possible.
//!
//! This is the implementation the fast ones are tested and benchmarked
//! against. It uses no tables and no tricks beyond the three facts of the
//! [module documentation](super#the-nim-product): for a Fermat 2-power
//! `F = 2^(2^k)`, write `a = a1·F + a0` and `b = b1·F + b0` with all halves
//! below `F`; then
//!
//! ```text
//! a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F  ⊕  a0⊗b0 ⊕ (a1⊗b1)⊗(F/2)
//! ```
//!
//! because `x ⊗ F = x·F` for `x < F` and `F ⊗ F = F ⊕ F/2`. All five
//! products on the right are of numbers below `F`, so the recursion halves
//! the width each time, down to single bits where `⊗` is `and`. It makes
//! about 5^6 calls for a 64-bit product: slow (tens of microseconds), and
//! obviously the definition.

use super::Nimber;

/// The nim product of two 64-bit nimbers by the plain recursion.
///
/// ```
/// use grundy::nimber::reference;
/// assert_eq!(reference::mul(2, 2), 3);
/// assert_eq!(reference::mul(3141, 5926), 14994);
/// ```
pub fn mul(a: Nimber, b: Nimber) -> Nimber {
    product(a as u128, b as u128, 64) as Nimber
}

/// The nim product of two 128-bit nimbers by the plain recursion.
pub fn mul_u128(a: u128, b: u128) -> u128 {
    product(a, b, 128)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two.
fn product(a: u128, b: u128, bits: u32) -> u128 {
    // 0 ⊗ x = 0 and 1 ⊗ x = x: this also covers single bits.
    if a <= 1 || b <= 1 {
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u128 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let hh = product(a1, b1, half);
    let high = hh ^ product(a1, b0, half) ^ product(a0, b1, half);
    let low = product(a0, b0, half) ^ product(hh, 1 << (half - 1), half);
    (high << half) | low
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fermat_two_powers_square_to_sesquimultiples() {
        // F ⊗ F = 3F/2 for F = 2, 4, 16, 256, 65536, 2^32, 2^64.
        for k in 0..7 {
            let f = 1u128 << (1u32 << k);
            assert_eq!(mul_u128(f, f), 3 * f / 2, "F = 2^{}", 1 << k);
        }
    }

    #[test]
    fn distinct_fermat_two_powers_multiply_as_integers() {
        assert_eq!(mul(2, 4), 8);
        assert_eq!(mul(4, 16), 64);
        assert_eq!(mul(2 * 16, 256 * 65536), 2 * 16 * 256 * 65536);
        assert_eq!(mul_u128(1 << 32, 1 << 64), 1 << 96);
    }
}
