//! The value of a loopy position: a number, or `∞(K)`.
//!
//! [`Gamma`] is what the generalized Sprague–Grundy function γ gives a
//! position (see the [module documentation](super)): a finite value, exactly
//! the Grundy value when the game is finite, or `∞(K)` where `K` is the set
//! of finite values among the position's followers. It decides the outcome
//! and adds over sums by Smith's rule ([`Gamma::sum`]).

use std::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::nim::Outcome;
use crate::nimber::Nimber;

/// A value of the generalized Sprague–Grundy function.
///
/// ```
/// use grundy::loopy::Gamma;
/// use grundy::nim::Outcome;
///
/// assert_eq!(Gamma::Finite(0).outcome(), Outcome::P);
/// assert_eq!(Gamma::Finite(3).outcome(), Outcome::N);
/// let inf = Gamma::infinite([2, 0]); // ∞(0,2): a follower of value 0 exists
/// assert_eq!(inf.to_string(), "∞(0,2)");
/// assert_eq!(inf.outcome(), Outcome::N);
/// assert_eq!(Gamma::infinite([1]).outcome(), Outcome::D);
/// // Smith's rule: ∞(K) + 1 = ∞(K ⊕ 1); two infinite terms: ∞(∅).
/// assert_eq!(Gamma::sum([&inf, &Gamma::Finite(1)]), Gamma::infinite([1, 3]));
/// assert_eq!(Gamma::sum([&inf, &inf]), Gamma::infinite([]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A finite value (for a finite game, its Grundy value).
    Finite(Nimber),
    /// `∞(K)`: the finite values `K` among the followers, ascending and
    /// distinct.
    Infinite(Vec<Nimber>),
}

/// Which case of Smith's sum rule applies to a list of values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SumRule {
    /// Every term is finite: the nim-sum.
    NimSum,
    /// One term is `∞(K)`, the others finite with nim-sum `a`: `∞(K ⊕ a)`.
    OneInfinite,
    /// Two or more terms are infinite: `∞(∅)`, a draw.
    TwoInfinite,
}

impl Gamma {
    /// `∞(K)` from the finite values `k` (any order, repeats allowed).
    pub fn infinite(k: impl IntoIterator<Item = Nimber>) -> Gamma {
        let mut k: Vec<Nimber> = k.into_iter().collect();
        k.sort_unstable();
        k.dedup();
        Gamma::Infinite(k)
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Gamma::Finite(v) => Some(*v),
            Gamma::Infinite(_) => None,
        }
    }

    /// Whether the value is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, Gamma::Finite(_))
    }

    /// Who wins: `P` for 0; `N` for a positive number, or for `∞(K)` with
    /// `0 ∈ K` (there is a move to a P-position); otherwise a draw, `D`.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }

    /// The value of a sum whose terms have these values (Smith 1966;
    /// Fraenkel & Yesha 1986):
    ///
    /// * all finite: their nim-sum;
    /// * one `∞(K)`, the rest finite with nim-sum `a`: `∞(K ⊕ a)`, where
    ///   `K ⊕ a = {k ⊕ a : k ∈ K}`;
    /// * two or more infinite: `∞(∅)`. Every move changes one term, so at
    ///   least one infinite term remains and no follower of the sum is
    ///   finite; and each infinite term has an infinite follower, so a player
    ///   can always keep two infinite terms and never run out of moves: a draw.
    ///
    /// An empty sum is 0.
    pub fn sum<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> Gamma {
        let mut a: Nimber = 0;
        let mut infinite: Option<&[Nimber]> = None;
        let mut count = 0usize;
        for v in values {
            match v {
                Gamma::Finite(x) => a ^= x,
                Gamma::Infinite(k) => {
                    count += 1;
                    infinite = Some(k);
                }
            }
        }
        match (count, infinite) {
            (0, _) | (_, None) => Gamma::Finite(a),
            (1, Some(k)) => Gamma::infinite(k.iter().map(|&x| x ^ a)),
            _ => Gamma::Infinite(Vec::new()),
        }
    }

    /// Which case of [`Gamma::sum`] applies to these values.
    pub fn sum_rule<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> SumRule {
        match values.into_iter().filter(|v| !v.is_finite()).count() {
            0 => SumRule::NimSum,
            1 => SumRule::OneInfinite,
            _ => SumRule::TwoInfinite,
        }
    }

    /// The value written for people: `3`, `∞(0,2)`, `∞(∅)`; with `plain`,
    /// ASCII only: `inf(0,2)`, `inf()`.
    pub fn text(&self, plain: bool) -> String {
        match self {
            Gamma::Finite(v) => v.to_string(),
            Gamma::Infinite(k) => {
                let list: Vec<String> = k.iter().map(Nimber::to_string).collect();
                match (plain, k.is_empty()) {
                    (true, _) => format!("inf({})", list.join(",")),
                    (false, true) => "∞(∅)".to_string(),
                    (false, false) => format!("∞({})", list.join(",")),
                }
            }
        }
    }
}

impl From<Nimber> for Gamma {
    fn from(v: Nimber) -> Gamma {
        Gamma::Finite(v)
    }
}

/// `3`, `∞(0,2)`, `∞(∅)`.
impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(false))
    }
}

/// A number for a finite value; `{"inf": [k, …]}` (the sorted finite
/// values `K`) for `∞(K)`.
///
/// ```
/// use grundy::loopy::Gamma;
/// assert_eq!(serde_json::to_string(&Gamma::Finite(5)).unwrap(), "5");
/// assert_eq!(serde_json::to_string(&Gamma::infinite([3, 0])).unwrap(), r#"{"inf":[0,3]}"#);
/// ```
impl Serialize for Gamma {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Gamma::Finite(v) => s.serialize_u64(*v),
            Gamma::Infinite(k) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("inf", k)?;
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sum_rule_by_cases() {
        let f = Gamma::Finite;
        assert_eq!(Gamma::sum([&f(3), &f(5)]), f(6));
        assert_eq!(Gamma::sum(&[]), f(0));
        let k = Gamma::infinite([0, 1, 4]);
        // ∞(0,1,4) ⊕ 1 = ∞(1,0,5), sorted.
        assert_eq!(Gamma::sum([&f(1), &k]), Gamma::infinite([0, 1, 5]));
        assert_eq!(Gamma::sum_rule([&f(1), &k]), SumRule::OneInfinite);
        assert_eq!(
            Gamma::sum([&k, &f(2), &Gamma::infinite([])]),
            Gamma::infinite([])
        );
        assert_eq!(Gamma::sum_rule([&k, &k]), SumRule::TwoInfinite);
        // Values near 2^64 xor without overflow.
        assert_eq!(
            Gamma::sum([&f(u64::MAX), &Gamma::infinite([0])]),
            Gamma::infinite([u64::MAX])
        );
    }

    #[test]
    fn outcomes_and_text() {
        assert_eq!(Gamma::infinite([]).outcome(), Outcome::D);
        assert_eq!(Gamma::infinite([]).to_string(), "∞(∅)");
        assert_eq!(Gamma::infinite([1, 2]).text(true), "inf(1,2)");
        assert_eq!(Gamma::infinite([]).text(true), "inf()");
        assert_eq!(Gamma::infinite([0, 7]).outcome(), Outcome::N);
    }
}
