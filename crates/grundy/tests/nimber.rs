//! The nim product and the field operations, checked against Conway's mex
//! definition (a table built here, independently of the engine), the field
//! laws on random 64-bit values, the published values, and each other (the
//! fast paths against the plain recursion, the carry-less path against the
//! portable tables).

use grundy::nimber::{
    clmul, div, div_u128, inv, inv_u128, mul, mul_u128, pow, reference, sqrt, square, tables,
};
use proptest::prelude::*;

/// `a ⊗ b` for all `a, b < n` straight from the definition
/// `a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }`, filled in order
/// of increasing `a` and `b` so every option is known.
fn mex_table(n: usize) -> Vec<Vec<u64>> {
    // Row-major, t[a * n + b] = a ⊗ b.
    let mut t = vec![0usize; n * n];
    // seen[v] == stamp: v is an option of the current (a, b). Values past
    // 2n are not tracked; a mex there would fail the `expect` below, not
    // pass unnoticed.
    let mut seen = vec![0u32; 2 * n + 1];
    let mut stamp = 0u32;
    for a in 0..n {
        for b in 0..n {
            stamp += 1;
            let row = &t[a * n..a * n + b];
            for a2 in 0..a {
                let row2 = &t[a2 * n..a2 * n + n];
                let first = row2[b];
                for (&x, &y) in row.iter().zip(row2) {
                    let v = first ^ x ^ y;
                    if v < seen.len() {
                        seen[v] = stamp;
                    }
                }
            }
            t[a * n + b] = seen
                .iter()
                .position(|&s| s != stamp)
                .expect("a product of numbers below n is below 2n");
        }
    }
    t.chunks(n)
        .map(|row| row.iter().map(|&v| v as u64).collect())
        .collect()
}

#[test]
fn products_below_256_match_the_mex_definition() {
    let table = mex_table(256);
    for (a, row) in table.iter().enumerate() {
        for (b, &want) in row.iter().enumerate() {
            // 256 is a Fermat 2-power: the numbers below it are a subfield.
            assert!(want < 256, "{a} ⊗ {b} = {want} left the field of 256");
            let (x, y) = (a as u64, b as u64);
            assert_eq!(reference::mul(x, y), want, "reference {a} ⊗ {b}");
            assert_eq!(tables::mul(x, y), want, "tables {a} ⊗ {b}");
            assert_eq!(mul(x, y), want, "mul {a} ⊗ {b}");
            if let Some(p) = clmul::mul(x, y) {
                assert_eq!(p, want, "clmul {a} ⊗ {b}");
            }
        }
    }
}

#[test]
fn published_values() {
    // The Library Checker statement (Nim Product, F_{2^64}).
    assert_eq!(mul(3141, 5926), 14994);
    assert_eq!(mul(u64::MAX, u64::MAX), 11_290_409_524_105_353_207);
    // Fermat 2-powers: F ⊗ F = 3F/2; distinct ones multiply as integers.
    assert_eq!(mul(1 << 32, 1 << 32), 3 << 31);
    assert_eq!(mul(16, 16), 24);
    assert_eq!(mul(2, 16 * 256), 2 * 16 * 256);
    // Winning Ways' table of small products: 5⊗8 = 3, 4⊗4 = 6, 8⊗8 = 13.
    assert_eq!(mul(5, 8), 3);
    assert_eq!(mul(4, 4), 6);
    assert_eq!(mul(8, 8), 13);
    for f in [
        reference::mul as fn(u64, u64) -> u64,
        tables::mul,
        |a, b| mul(a, b),
    ] {
        assert_eq!(f(3141, 5926), 14994);
        assert_eq!(f(u64::MAX, u64::MAX), 11_290_409_524_105_353_207);
    }
}

#[test]
fn division_by_zero_is_none() {
    assert_eq!(inv(0), None);
    assert_eq!(div(5, 0), None);
    assert_eq!(div(0, 0), None);
    assert_eq!(div(0, 7), Some(0));
    assert_eq!(inv_u128(0), None);
    assert_eq!(div_u128(1, 0), None);
}

#[test]
fn every_inverse_in_the_field_of_256() {
    // Exhaustively for a subfield: x ⊗ inv(x) = 1, and the inverse stays
    // in the subfield.
    for x in 1..256u64 {
        let i = inv(x).unwrap();
        assert!(i < 256, "inv({x}) = {i}");
        assert_eq!(mul(x, i), 1, "{x}");
    }
}

#[test]
fn powers_and_roots() {
    // The multiplicative group of the field of order 2^64 has order 2^64 − 1.
    for a in [1u64, 2, 3, 0xDEAD_BEEF, u64::MAX] {
        assert_eq!(pow(a, u64::MAX), 1, "{a}^(2^64 − 1)");
        assert_eq!(sqrt(square(a)), a);
    }
    assert_eq!(pow(0, 0), 1);
    assert_eq!(pow(0, 5), 0);
    // The field of 16 is the nimbers below 16: x^15 = 1 there.
    for x in 1..16u64 {
        assert_eq!(pow(x, 15), 1, "{x}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn field_laws(a: u64, b: u64, c: u64) {
        prop_assert_eq!(mul(a, b), mul(b, a));
        prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
        prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
        prop_assert_eq!(mul(a, 1), a);
        prop_assert_eq!(mul(a, 0), 0);
        if a != 0 {
            prop_assert_eq!(mul(a, inv(a).unwrap()), 1);
        }
        if b != 0 {
            let q = div(a, b).unwrap();
            prop_assert_eq!(mul(q, b), a);
        }
        prop_assert_eq!(square(a ^ b), square(a) ^ square(b));
        prop_assert_eq!(square(sqrt(a)), a);
    }

    #[test]
    fn fast_paths_equal_the_reference(a: u64, b: u64) {
        let want = reference::mul(a, b);
        prop_assert_eq!(mul(a, b), want);
        prop_assert_eq!(tables::mul(a, b), want);
        if let Some(p) = clmul::mul(a, b) {
            prop_assert_eq!(p, want);
        }
    }

    #[test]
    fn carry_less_and_portable_paths_are_identical(a: u64, b: u64) {
        if let Some(p) = clmul::mul(a, b) {
            prop_assert_eq!(p, tables::mul(a, b));
        }
    }

    #[test]
    fn small_operands_stay_in_their_subfield(a in 0u64..65536, b in 0u64..65536) {
        prop_assert!(mul(a, b) < 65536);
        prop_assert!(mul(a & 0xFF, b & 0xFF) < 256);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn u128_field_laws(a: u128, b: u128, c: u128) {
        prop_assert_eq!(mul_u128(a, b), reference::mul_u128(a, b));
        prop_assert_eq!(mul_u128(a, b), mul_u128(b, a));
        prop_assert_eq!(mul_u128(mul_u128(a, b), c), mul_u128(a, mul_u128(b, c)));
        prop_assert_eq!(mul_u128(a, b ^ c), mul_u128(a, b) ^ mul_u128(a, c));
        if a != 0 {
            prop_assert_eq!(mul_u128(a, inv_u128(a).unwrap()), 1);
        }
        if b != 0 {
            prop_assert_eq!(mul_u128(div_u128(a, b).unwrap(), b), a);
        }
        // 64-bit nimbers are a subfield of the 128-bit ones.
        let (x, y) = (a as u64, b as u64);
        prop_assert_eq!(mul_u128(x as u128, y as u128), mul(x, y) as u128);
    }
}
