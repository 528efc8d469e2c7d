//! Tame games: a quotient that is misère Nim's. A game is **tame** on the
//! heaps `≤ N` when its quotient is that of misère Nim positions: every heap
//! pretends to be a misère-Nim position (`0`, `*1`, or a "big" position of
//! nim-value `g`, Conway's genera `0^120`, `1^031`, `g^{g, g⊕2}`) and the
//! map is an isomorphism of bipartite monoids. For example misère Nim on
//! heaps `{1, 2, 3}` has the quotient `⟨a, b | a² = 1, b³ = b⟩` of order 6.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::monoid::{Element, Monoid};
use crate::rule::Rule;

/// A heap as misère Nim sees it: the image of a heap in a tame game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum NimImage {
    /// Heaps of 0 and 1 only, with this parity of 1s (genus `0^120` or `1^031`).
    Small(u8),
    /// Some heap of 2 or more, nim-sum `g` (genus `g^{g, g⊕2}`).
    Big(u64),
}

impl NimImage {
    /// Conway's genus symbol: `0^120`, `1^031`, `g^{g,g⊕2}`.
    pub fn genus(&self) -> String {
        match *self {
            NimImage::Small(0) => "0^120".into(),
            NimImage::Small(_) => "1^031".into(),
            NimImage::Big(g) if g < 8 => format!("{g}^{g}{}", g ^ 2),
            NimImage::Big(g) => format!("{g}^({g},{})", g ^ 2),
        }
    }

    fn times(self, other: NimImage) -> NimImage {
        match (self, other) {
            (NimImage::Small(a), NimImage::Small(b)) => NimImage::Small(a ^ b),
            (NimImage::Small(a), NimImage::Big(g)) | (NimImage::Big(g), NimImage::Small(a)) => {
                NimImage::Big(g ^ a as u64)
            }
            (NimImage::Big(g), NimImage::Big(h)) => NimImage::Big(g ^ h),
        }
    }

    fn is_p(self) -> bool {
        matches!(self, NimImage::Small(1) | NimImage::Big(0))
    }
}

/// The misère-Nim image of each heap `0..=N` (`phi[h]` the element of
/// heap `h` in `m`) when the bipartite monoids agree: the game is tame.
pub(super) fn tame_images(rule: &Rule, m: &Monoid, phi: &[Element]) -> Option<Vec<NimImage>> {
    // Normal-play Grundy values of the heaps 0..=N, by mex.
    let n = phi.len() - 1;
    let mut g = vec![0u64; n + 1];
    for h in 1..=n {
        let seen: HashSet<u64> = rule
            .moves(h as u64)
            .map(|mv| mv.leaves.iter().fold(0, |a, &x| a ^ g[x as usize]))
            .collect();
        g[h] = (0..).find(|v| !seen.contains(v)).expect("mex exists");
    }
    let images: Vec<NimImage> = (0..=n)
        .map(|h| {
            let alone_p = m.is_p(phi[h]);
            match g[h] {
                0 if !alone_p => NimImage::Small(0),
                1 if alone_p => NimImage::Small(1),
                v => NimImage::Big(v),
            }
        })
        .collect();
    // The relation {(ψ(x), ν(x))} over all sums x must be a bijection that
    // respects P: explore it from (1, 0) by adding one heap at a time.
    let mut to_nim: HashMap<Element, NimImage> = HashMap::from([(0, NimImage::Small(0))]);
    let mut from_nim: HashMap<NimImage, Element> = HashMap::from([(NimImage::Small(0), 0)]);
    let mut stack = vec![(0, NimImage::Small(0))];
    while let Some((x, v)) = stack.pop() {
        for (h, &image) in images.iter().enumerate().skip(1) {
            let (y, w) = (m.mul(x, phi[h]), v.times(image));
            if m.is_p(y) != w.is_p() {
                return None;
            }
            match (to_nim.get(&y), from_nim.get(&w)) {
                (None, None) => {
                    to_nim.insert(y, w);
                    from_nim.insert(w, y);
                    stack.push((y, w));
                }
                (Some(&w2), Some(&y2)) if w2 == w && y2 == y => {}
                _ => return None,
            }
        }
    }
    Some(images)
}
