//! The portable fast nim product: the Fermat 2-power split with Karatsuba's
//! three products per level, down to bytes, where logarithm tables give
//! the product.
//!
//! Splitting `a = a1·F + a0`, `b = b1·F + b0` at a Fermat 2-power `F`
//! (see the [module documentation](super#the-nim-product)):
//!
//! ```text
//! a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F  ⊕  a0⊗b0 ⊕ (a1⊗b1)⊗(F/2)
//! ```
//!
//! and since `⊗` distributes over `⊕`, the middle pair is
//! `(a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0 ⊕ a1⊗b1`: three half-width products instead of
//! four, plus a product by the constant `F/2`. That constant product is
//! itself split the same way, and with `F/2 = (F'/2)·F'` for the next
//! Fermat 2-power down `F'` it costs three half-width constant products.
//! At 8 bits, logarithms answer: the nonzero nimbers below 256 form a
//! cyclic group of order 255 under `⊗`, so `a ⊗ b = exp(log a + log b)`.
//! The tables (built once from the
//! [reference recursion](super::reference)) take under 2 KiB and stay in
//! the L1 cache; a full 256×256 product table (64 KiB) measured 10–15%
//! slower. A 64-bit product is 27 byte products and 27 byte halvings.

use std::sync::OnceLock;

use super::{reference, Nimber};

/// Discrete logarithms in the field of 256 (the nimbers below 256).
struct Tables {
    /// `log[x]`: `g^log[x] = x` for a generator `g`; `log[0] = ZERO`.
    log: [u16; 256],
    /// `exp[i] = g^(i mod 255)` for `i < 510`, and 0 from 510 on, so that
    /// a sum of logs involving `ZERO` lands on 0.
    exp: [u8; 2 * ZERO + 1],
    /// `half[x] = x ⊗ 2^7`.
    half: [u8; 256],
}

const ZERO: usize = 512;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // Any element of order 255 generates the multiplicative group.
        let order = |g: Nimber| {
            let mut x = g;
            let mut n = 1;
            while x != 1 {
                x = reference::mul(x, g);
                n += 1;
            }
            n
        };
        let g = (2..256)
            .find(|&g| order(g) == 255)
            .expect("the group is cyclic");
        let mut log = [ZERO as u16; 256];
        let mut exp = [0u8; 2 * ZERO + 1];
        let mut x: Nimber = 1;
        for i in 0..255 {
            log[x as usize] = i as u16;
            exp[i] = x as u8;
            exp[i + 255] = x as u8;
            x = reference::mul(x, g);
        }
        let half = std::array::from_fn(|x| reference::mul(x as Nimber, 0x80) as u8);
        Tables { log, exp, half }
    })
}

/// The nim product of two 64-bit nimbers, by table lookups.
///
/// Gives exactly [`reference::mul`], several hundred times faster.
pub fn mul(a: Nimber, b: Nimber) -> Nimber {
    let t = tables();
    mul64(t, a, b)
}

/// The nim product of two nimbers below 256 (a field of its own): two
/// logarithm lookups and one exponential.
#[inline]
pub fn mul_byte(a: u8, b: u8) -> u8 {
    mul8(tables(), a, b)
}

/// The nim inverse of a nonzero nimber below 256: `g^(255 − log a)`.
#[inline]
pub fn inv_byte(a: u8) -> u8 {
    debug_assert!(a != 0);
    let t = tables();
    t.exp[255 - t.log[a as usize] as usize]
}

#[inline(always)]
fn mul8(t: &Tables, a: u8, b: u8) -> u8 {
    t.exp[(t.log[a as usize] + t.log[b as usize]) as usize]
}

/// `x ⊗ 2^7` (half of the Fermat 2-power 256).
#[inline(always)]
fn half8(t: &Tables, x: u8) -> u8 {
    t.half[x as usize]
}

/// `x ⊗ 2^15`: with `2^15 = 2^7 · 2^8 = 2^7 ⊗ 2^8` and `2^8 ⊗ 2^8 = 2^8 ⊕ 2^7`,
/// `(x1·2^8 + x0) ⊗ 2^15 = (h(x1) ⊕ h(x0))·2^8 ⊕ h(h(x1))` where
/// `h(y) = y ⊗ 2^7`. The same shape holds one level up.
#[inline(always)]
fn half16(t: &Tables, x: u16) -> u16 {
    let (h1, h0) = (half8(t, (x >> 8) as u8), half8(t, x as u8));
    (((h1 ^ h0) as u16) << 8) | half8(t, h1) as u16
}

/// `x ⊗ 2^31`.
#[inline(always)]
fn half32(t: &Tables, x: u32) -> u32 {
    let (h1, h0) = (half16(t, (x >> 16) as u16), half16(t, x as u16));
    (((h1 ^ h0) as u32) << 16) | half16(t, h1) as u32
}

#[inline(always)]
fn mul16(t: &Tables, a: u16, b: u16) -> u16 {
    let (a1, a0, b1, b0) = ((a >> 8) as u8, a as u8, (b >> 8) as u8, b as u8);
    let low = mul8(t, a0, b0);
    let high = mul8(t, a1, b1);
    let mid = mul8(t, a0 ^ a1, b0 ^ b1);
    (((mid ^ low) as u16) << 8) | (low ^ half8(t, high)) as u16
}

#[inline(always)]
fn mul32(t: &Tables, a: u32, b: u32) -> u32 {
    let (a1, a0, b1, b0) = ((a >> 16) as u16, a as u16, (b >> 16) as u16, b as u16);
    let low = mul16(t, a0, b0);
    let high = mul16(t, a1, b1);
    let mid = mul16(t, a0 ^ a1, b0 ^ b1);
    (((mid ^ low) as u32) << 16) | (low ^ half16(t, high)) as u32
}

#[inline(always)]
fn mul64(t: &Tables, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = ((a >> 32) as u32, a as u32, (b >> 32) as u32, b as u32);
    let low = mul32(t, a0, b0);
    let high = mul32(t, a1, b1);
    let mid = mul32(t, a0 ^ a1, b0 ^ b1);
    (((mid ^ low) as u64) << 32) | (low ^ half32(t, high)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_half_products_are_products_by_the_half() {
        let t = tables();
        for x in [0u32, 1, 2, 3, 0xFF, 0x1234, 0xFFFF, 0xDEAD_BEEF, u32::MAX] {
            assert_eq!(half32(t, x) as Nimber, reference::mul(x as Nimber, 1 << 31));
            let y = x as u16;
            assert_eq!(half16(t, y) as Nimber, reference::mul(y as Nimber, 1 << 15));
        }
    }

    #[test]
    fn agrees_with_the_reference_on_edges() {
        let edges = [0, 1, 2, 3, 255, 256, 65535, 65536, 1 << 32, u64::MAX];
        for a in edges {
            for b in edges {
                assert_eq!(mul(a, b), reference::mul(a, b), "{a} ⊗ {b}");
            }
        }
    }
}
