//! Classes of octal codes with identical nim-sequences, and the shift
//! between codes whose sequences differ by an offset — both decided from
//! the rules, never by comparing values.
//!
//! # Identical sequences: the same moves, once normalised
//!
//! Write `ones`, `twos`, `fours` for the removals `k` whose digit `d_k`
//! has bit 1 (a heap of exactly `k` may be removed), bit 2 (leave one
//! non-empty heap) or bit 4 (leave two non-empty heaps; `k = 0` is the 4
//! before the point). A heap is **dead** when it has no move: its value is
//! 0 and it can be left out of any position. Heap `n ≥ 1` has a move when
//! `n ∈ ones`, or `n > k` for some `k ∈ twos`, or `n ≥ k + 2` for some
//! `k ∈ fours`; so when the code has some bit 2 or 4, the dead heaps are
//! `D = {n ≤ B : n ∉ ones}` with `B = min(min twos, min fours + 1)`, a
//! finite set. An option's value is the nim-sum of its heaps' values, so an
//! option may be **normalised**: dead heaps dropped (their value is 0) and
//! two equal heaps cancelled (`G(a) ⊕ G(a) = 0`). The normalised options of
//! heap `n` are exactly:
//!
//! * `∅` (value 0) when `n ∈ Z = ones ∪ (T + D) ∪ (fours + {2, 4, 6, …})`,
//!   where `T = twos ∪ (fours + D)`: removing all of it, leaving a dead
//!   heap (`twos + D`), two dead heaps (`fours + D + D ⊆ T + D`) or two
//!   equal heaps;
//! * `{m}` for a live heap `m` exactly when `n − m ∈ T`: leaving `m`
//!   alone (`twos`) or beside a dead heap (`fours + D`);
//! * `{a, b}`, `a ≠ b` both live, exactly when `n − a − b ∈ fours`.
//!
//! **Theorem.** Two codes with the same `fours`, `D`, `T` and
//! `ones \ R`, where `R = (T + D) ∪ (fours + {2, 4, …})`, have identical
//! nim-sequences. *Proof.* `Z = (ones \ R) ∪ R` and the three cases above
//! depend only on those sets, so every heap has the same normalised options
//! in both games; by induction on `n`, the values of those options agree,
//! and so does their mex `G(n)`. (Codes without any bit 2 or 4 have
//! finitely many live heaps: `∅` is the only option, of the heaps in
//! `ones`, and the set `ones` is the whole story.) ∎
//!
//! The [`MoveKey`] is those sets. Conversely, whenever some heap has
//! different normalised options in two codes their keys differ, so the key
//! finds every equivalence that "the moves coincide on every heap" can
//! prove. It contains the familiar ones: trailing zeros, a digit whose bits
//! can only repeat what other digits do (`0.521`, `0.522` and `0.523` are
//! all `0.52`: removing 3 from a heap of 3 is as good as leaving two heaps
//! of 1, and with heap 2 dead, leaving `n − 3` is splitting off a heap of
//! 2), and digits that cannot apply while the heaps they would leave are
//! dead. It knows nothing about values: `0.161` and `0.36`, whose
//! sequences agree up to heap 518, have different keys.
//!
//! The class **representative** is the least code with the key, in the
//! order of the published tables ([`Code::table_order`]).
//!
//! # Sequences shifted by an offset
//!
//! **Theorem** (the published lookup's "a game in which taking a
//! 1-element heap is not allowed is equivalent to the game with all heap
//! sizes reduced by 1"). Let heap 1 be dead in `c` (`d_1` has no bit 1).
//! Define the code `r(c)` by
//! `r_j = (d_j has 2 ? 3 : 0) | (d_(j−1) has 4 ? 7 : 0) | (d_(j+1) has 1 ? 1 : 0)`
//! for `j ≥ 1`, and `r_0 = 0`. Then `G_c(n + 1) = G_r(c)(n)` for every
//! `n ≥ 0`. *Proof.* Map a heap `n ≥ 1` of `c` to a heap `n − 1` of `r(c)`
//! (heaps of 1, dead, to nothing). By induction it suffices that the
//! options of `n` in `c` and of `n − 1` in `r(c)` have the same values.
//! Removing all of `n = k` (bit 1 of `d_k`, `k ≥ 2`) gives 0, as removing
//! all of `n − 1 = k − 1` does in `r(c)`. Leaving `n − k ≥ 1` (bit 2 of
//! `d_k`) is leaving `n − 1 − k ≥ 0` in `r(c)`: nothing (bit 1 of `r_k`) or
//! a heap (bit 2). Splitting `n − k` into `a, b ≥ 1` (bit 4 of `d_k`) is
//! leaving `a − 1, b − 1 ≥ 0` after removing `k + 1` from `n − 1` in
//! `r(c)`: nothing, one heap or two (bits 1, 2, 4 of `r_(k+1)`). Each bit of
//! `r(c)` comes from one of these, each way round: bit 1 of `r_j` from a
//! heap `j + 1` of `c` left as one heap of 1, two heaps of 1, or nothing —
//! all of value 0. ∎
//!
//! When heaps `1..=s` of `c` are dead and heap `s + 1` is not, `s`
//! reductions give a code `R(c)` whose heap 1 is live, and
//! `G_c(n + s) = G_R(c)(n)`: the record's `shift_of` is the class of `R(c)`
//! with `shift = s`. (`4.0` reduces to `0.7`, `0.05` to `0.107`; the
//! published lookup also lists games whose sequences it found equal, such
//! as `0.107` and `0.7`, which no rule here proves.)

use std::collections::BTreeSet;

use super::codes::Code;

/// What the moves of an octal code amount to on every heap, once dead heaps
/// are dropped and equal heaps cancelled (see the [module
/// documentation](self)): codes with the same key have identical
/// nim-sequences.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKey {
    /// No move leaves a heap: heap `n` has the one option `∅` when `n` is
    /// in `ones`, none otherwise.
    Finite {
        /// The heaps that may be removed whole.
        ones: Vec<u64>,
    },
    /// Some move leaves a heap.
    Infinite {
        /// Removals that may leave two heaps.
        fours: Vec<u64>,
        /// The dead heaps (no move), all at most `min(twos ∪ (fours + 1))`.
        dead: Vec<u64>,
        /// `T`: the `n − m` for which heap `n` has the option "a live heap
        /// of `m`" (`twos ∪ (fours + dead)`).
        leave_one: Vec<u64>,
        /// The removals of a whole heap that no other move repeats.
        ones: Vec<u64>,
    },
}

impl MoveKey {
    /// The key of `code`.
    ///
    /// ```
    /// use grundy::census::{Code, MoveKey};
    /// let key = |c: &str| MoveKey::of(&Code::parse(c).unwrap());
    /// assert_eq!(key("0.52"), key("0.523"));
    /// assert_ne!(key("0.52"), key("0.524"));
    /// assert_ne!(key("0.161"), key("0.36"));
    /// ```
    pub fn of(code: &Code) -> MoveKey {
        let (ones, twos, fours) = code.bits();
        key_of(&ones, &twos, &fours)
    }
}

fn key_of(ones: &[u64], twos: &[u64], fours: &[u64]) -> MoveKey {
    let bound = match (twos.first(), fours.first()) {
        (None, None) => {
            return MoveKey::Finite {
                ones: ones.to_vec(),
            }
        }
        (Some(&t), None) => t,
        (None, Some(&f)) => f + 1,
        (Some(&t), Some(&f)) => t.min(f + 1),
    };
    let dead: Vec<u64> = (1..=bound).filter(|n| !ones.contains(n)).collect();
    let mut leave_one: BTreeSet<u64> = twos.iter().copied().collect();
    for &f in fours {
        leave_one.extend(dead.iter().map(|&d| f + d));
    }
    let leave_one: Vec<u64> = leave_one.into_iter().collect();
    let in_r = |n: u64| {
        leave_one
            .iter()
            .any(|&t| n > t && dead.binary_search(&(n - t)).is_ok())
            || fours.iter().any(|&f| n > f && (n - f) % 2 == 0)
    };
    let ones = ones.iter().copied().filter(|&n| !in_r(n)).collect();
    MoveKey::Infinite {
        fours: fours.to_vec(),
        dead,
        leave_one,
        ones,
    }
}

/// The class representative of `code`: the least code, in the order of the
/// published tables, with the same [`MoveKey`] (so the same nim-sequence).
///
/// ```
/// use grundy::census::{representative, Code};
/// let rep = |c: &str| representative(&Code::parse(c).unwrap()).canonical();
/// assert_eq!(rep("0.523"), "0.52");
/// assert_eq!(rep("0.770"), "0.77");
/// assert_eq!(rep("0.36"), "0.36");
/// ```
pub fn representative(code: &Code) -> Code {
    let key = MoveKey::of(code);
    let MoveKey::Infinite {
        fours,
        dead,
        leave_one,
        ones,
    } = &key
    else {
        return Code::from_digits(code.digits());
    };
    // Every code with the key contains, bit by bit, the code built below
    // from its least bit-2 removal `m` (or none): the forced bits 1
    // (`ones`, and the live heaps up to the bound that depends on `m`) and
    // the bits 2 that no split beside a dead heap repeats, with `m`. Each
    // such code is checked to have the key; the least of them is the
    // representative (a code no larger in any digit comes no later in the
    // table order).
    let from_fours: BTreeSet<u64> = fours
        .iter()
        .flat_map(|&f| dead.iter().map(move |&d| f + d))
        .collect();
    let forced: Vec<u64> = leave_one
        .iter()
        .copied()
        .filter(|t| !from_fours.contains(t))
        .collect();
    let mut best: Option<Code> = None;
    let least = std::iter::once(None).chain(leave_one.iter().map(|&t| Some(t)));
    for m in least {
        let mut twos: BTreeSet<u64> = forced.iter().copied().collect();
        twos.extend(m);
        if twos.first().copied() != m {
            continue;
        }
        let bound = match (m, fours.first()) {
            (None, None) => continue,
            (Some(t), None) => t,
            (None, Some(&f)) => f + 1,
            (Some(t), Some(&f)) => t.min(f + 1),
        };
        let mut all_ones: BTreeSet<u64> = ones.iter().copied().collect();
        all_ones.extend((1..=bound).filter(|n| dead.binary_search(n).is_err()));
        let twos: Vec<u64> = twos.into_iter().collect();
        let all_ones: Vec<u64> = all_ones.into_iter().collect();
        if key_of(&all_ones, &twos, fours) != key {
            continue;
        }
        let candidate = from_bits(&all_ones, &twos, fours);
        if best
            .as_ref()
            .is_none_or(|b| candidate.table_order(b).is_lt())
        {
            best = Some(candidate);
        }
    }
    best.expect("the code's own least bit-2 removal gives a code with its key")
}

/// The code with the given removals.
fn from_bits(ones: &[u64], twos: &[u64], fours: &[u64]) -> Code {
    let len = ones
        .iter()
        .chain(twos)
        .chain(fours)
        .max()
        .map_or(1, |&k| k as usize + 1);
    let mut digits = vec![0u8; len];
    for &k in ones {
        digits[k as usize] |= 1;
    }
    for &k in twos {
        digits[k as usize] |= 2;
    }
    for &k in fours {
        digits[k as usize] |= 4;
    }
    Code::from_digits(&digits)
}

/// How many heaps `1, 2, …` have no move in `code` before the first that
/// has one (`None` for a code without any move).
pub fn leading_dead(code: &Code) -> Option<u64> {
    let (ones, twos, fours) = code.bits();
    // The first live heap: a bit 1 at k makes heap k live, a bit 2 heap
    // k + 1, a bit 4 heap k + 2.
    let first = [
        ones.first().copied(),
        twos.first().map(|&k| k + 1),
        fours.first().map(|&k| k + 2),
    ]
    .into_iter()
    .flatten()
    .min()?;
    Some(first - 1)
}

/// `r(c)`, the code whose heaps are those of `code` one smaller, for a code
/// whose heap 1 is dead (see the [module documentation](self)).
pub fn reduce(code: &Code) -> Code {
    debug_assert_eq!(code.digit(1) & 1, 0, "heap 1 of {code} is not dead");
    let len = code.digits().len() + 1;
    let mut digits = vec![0u8; len];
    for (j, d) in digits.iter_mut().enumerate().skip(1) {
        if code.digit(j) & 2 != 0 {
            *d |= 3;
        }
        if code.digit(j - 1) & 4 != 0 {
            *d |= 7;
        }
        if code.digit(j + 1) & 1 != 0 {
            *d |= 1;
        }
    }
    Code::from_digits(&digits)
}

/// The code `R(c)` and the shift `s ≥ 1` with `G_code(n + s) = G_R(c)(n)`
/// for every `n`, when heap 1 of `code` is dead and some heap is not
/// (`None` otherwise).
///
/// ```
/// use grundy::census::{shifted, Code};
/// let (reduced, s) = shifted(&Code::parse("0.01").unwrap()).unwrap();
/// assert_eq!((reduced.canonical().as_str(), s), ("0.1", 1));
/// let (reduced, s) = shifted(&Code::parse("4.0").unwrap()).unwrap();
/// assert_eq!((reduced.canonical().as_str(), s), ("0.7", 1));
/// assert!(shifted(&Code::parse("0.77").unwrap()).is_none());
/// ```
pub fn shifted(code: &Code) -> Option<(Code, u64)> {
    let s = leading_dead(code).filter(|&s| s > 0)?;
    let mut reduced = code.clone();
    for _ in 0..s {
        reduced = reduce(&reduced);
    }
    Some((reduced, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(c: &str) -> Code {
        Code::parse(c).unwrap()
    }

    #[test]
    fn trailing_zeros_and_redundant_digits() {
        assert_eq!(MoveKey::of(&code("0.770")), MoveKey::of(&code("0.77")));
        for c in ["0.521", "0.522", "0.523"] {
            assert_eq!(representative(&code(c)).canonical(), "0.52", "{c}");
        }
        for c in ["0.525", "0.526", "0.527"] {
            assert_eq!(representative(&code(c)).canonical(), "0.524", "{c}");
        }
    }

    #[test]
    fn reduction_shifts_by_the_dead_heaps() {
        let (r, s) = shifted(&code("0.001")).unwrap();
        assert_eq!((r.canonical().as_str(), s), ("0.1", 2));
        assert_eq!(shifted(&code("0.0")), None);
        assert_eq!(leading_dead(&code("0.0")), None);
    }
}
