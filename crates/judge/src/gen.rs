//! Helpers the generators share: sizes by scale, heap lists that mix
//! winning and losing positions and edge cases, and line output.

use std::io::{self, Write};

use grundy::nimber::nim_sum;

use crate::rng::Rng;

/// How big a generated input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Tiny numbers and few cases: small enough for an exhaustive game-tree
    /// search to check every answer (what the tests use).
    Small,
    /// Random sizes anywhere within the problem's bounds (the default).
    Normal,
    /// The largest inputs the bounds allow (`--large`), for speed tests.
    Large,
}

impl Scale {
    /// A number in `lo..=hi`, drawn from a range shaped by the scale:
    /// `small` caps it for [`Scale::Small`], [`Scale::Large`] takes `hi`.
    pub fn pick(self, rng: &mut Rng, lo: u64, hi: u64, small: u64) -> u64 {
        match self {
            Scale::Small => rng.range(lo, hi.min(small.max(lo))),
            Scale::Normal => rng.range(lo, hi),
            Scale::Large => hi,
        }
    }

    /// A value bound: `small` for [`Scale::Small`], `hi` otherwise.
    pub fn cap(self, hi: u64, small: u64) -> u64 {
        match self {
            Scale::Small => hi.min(small),
            _ => hi,
        }
    }
}

/// `n` heaps in `lo..=hi`, of a randomly chosen kind: random; a normal-play
/// loss (the last heap set to the nim-sum of the others, when that is in
/// bounds); all equal to the smallest allowed (all ones or zeros); all
/// equal to `hi`; or mirrored pairs (a loss).
pub fn heaps(rng: &mut Rng, n: usize, lo: u64, hi: u64) -> Vec<u64> {
    let mut hs: Vec<u64> = (0..n).map(|_| rng.range(lo, hi)).collect();
    match rng.range(0, 7) {
        0 | 1 if n >= 2 => {
            let s = nim_sum(hs[..n - 1].iter().copied());
            if (lo..=hi).contains(&s) {
                hs[n - 1] = s;
            }
        }
        2 => hs.iter_mut().for_each(|h| *h = lo.max(1).min(hi)),
        3 => hs.iter_mut().for_each(|h| *h = lo),
        4 => hs.iter_mut().for_each(|h| *h = hi),
        5 => {
            for i in (1..n).step_by(2) {
                hs[i] = hs[i - 1];
            }
        }
        _ => {}
    }
    hs
}

/// Writes the numbers separated by single spaces, then `\n`.
pub fn line(out: &mut dyn Write, values: &[u64]) -> io::Result<()> {
    let mut text = String::with_capacity(values.len() * 11);
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        push_u64(&mut text, *v);
    }
    text.push('\n');
    out.write_all(text.as_bytes())
}

/// Appends the decimal digits of `v`.
fn push_u64(text: &mut String, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    text.push_str(std::str::from_utf8(&digits[i..]).expect("ascii digits"));
}
