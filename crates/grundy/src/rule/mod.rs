//! Heap rules: what a move does to one heap of tokens.
//!
//! A [`Rule`] is the public face of every heap game the engine knows:
//!
//! | rule | a move | module |
//! |---|---|---|
//! | [`Rule::Nim`] | remove any positive number of tokens | (closed form `G(n) = n`) |
//! | [`Rule::Subtraction`] | remove a number from a fixed set | [`subtraction`] |
//! | [`Rule::TakeBreak`] | octal / hexadecimal take-and-break codes | [`octal`] |
//! | [`Rule::Grundys`] | split a heap into two unequal heaps | [`grundys`] |
//!
//! A rule is written as in the expression language ([`Rule::parse`],
//! `str::parse::<Rule>`, and `Display` back): `nim`, `kayles`, `dawson`,
//! `grundys`, a code such as `0.137`, a set such as `sub{1,3,4}`.
//!
//! A rule describes the game; the Grundy values of its heaps come from a
//! [`NimSequence`](crate::sequence::NimSequence), which computes them (or uses
//! a closed form or a proved period). The rules sit below the engines that
//! use them ([`sequence`](crate::sequence), [`quotient`](crate::quotient))
//! and below the game family that plays them,
//! [`games::heap`](crate::games::heap).

pub mod grundys;
pub mod octal;
mod parse;
pub mod subtraction;

use std::fmt;

pub use octal::TakeBreak;
pub use subtraction::Subtraction;

use crate::period::{Period, ProofShape};

/// The rule of a heap game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Nim: remove any positive number of tokens. `G(n) = n`.
    Nim,
    /// Remove a number of tokens taken from a set.
    Subtraction(Subtraction),
    /// An octal or hexadecimal take-and-break code such as `0.77` (Kayles).
    TakeBreak(TakeBreak),
    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    Grundys,
}

/// One move on one heap: `take` tokens are removed and the rest is left as
/// the heaps in `leaves` (ascending, zeros left out).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// How many tokens the move removes (0 for a pure split).
    pub take: u64,
    /// The heaps left in place of the old one, ascending, no zeros.
    pub leaves: Vec<u64>,
}

impl Move {
    /// A move that removes `take` tokens and leaves `leaves` (any order; zeros dropped).
    pub fn new(take: u64, mut leaves: Vec<u64>) -> Move {
        leaves.retain(|&h| h != 0);
        leaves.sort_unstable();
        Move { take, leaves }
    }

    /// The move in words, for heap number `heap` (as the user counts,
    /// from 1) of size `from`: "take 2 from heap 1: 3 → 1", "heap 4: remove
    /// 1 from the heap of 10 and split the rest into 4 and 5".
    pub fn describe(&self, heap: usize, from: u64) -> String {
        self.describe_as(&format!("heap {heap}"), from)
    }

    /// [`Move::describe`] with the heap's label given in full ("heap 4").
    pub fn describe_as(&self, label: &str, from: u64) -> String {
        let list = |hs: &[u64]| match hs {
            [] => String::new(),
            [a] => a.to_string(),
            [init @ .., last] => format!(
                "{} and {}",
                init.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                last
            ),
        };
        match (self.take, self.leaves.len()) {
            // Tokens are conserved, so a move that leaves nothing took the whole heap.
            (_, 0) if from == 1 => format!("take the last token from {label}: 1 → 0"),
            (_, 0) => format!("take all {from} from {label}: {from} → 0"),
            (t, 1) => format!("take {t} from {label}: {from} → {}", self.leaves[0]),
            (0, _) => format!(
                "{label}: split the heap of {from} into {}",
                list(&self.leaves)
            ),
            (t, _) => format!(
                "{label}: remove {t} from the heap of {from} and split the rest into {}",
                list(&self.leaves)
            ),
        }
    }
}

impl Rule {
    /// Kayles, `0.77`: knock down one pin or two adjacent pins.
    pub fn kayles() -> Rule {
        Rule::TakeBreak(TakeBreak::parse("0.77").expect("valid code"))
    }

    /// Dawson's Kayles, `0.07`.
    pub fn dawsons_kayles() -> Rule {
        Rule::TakeBreak(TakeBreak::parse("0.07").expect("valid code"))
    }

    /// The Grundy value of a heap of size `n` when it has a closed form.
    pub fn closed_form(&self, n: u64) -> Option<u64> {
        match self {
            Rule::Nim => Some(n),
            Rule::Subtraction(s) => s.closed_form(n),
            _ => None,
        }
    }

    /// The closed form in words (`G(n) = n` for Nim), where one is known.
    ///
    /// ```
    /// use grundy::Rule;
    /// assert_eq!(Rule::parse("sub{2..5}").unwrap().closed_form_text().unwrap(), "G(n) = ⌊(n mod 7) / 2⌋");
    /// ```
    pub fn closed_form_text(&self) -> Option<String> {
        match self {
            Rule::Nim => Some("G(n) = n".into()),
            Rule::Subtraction(s) => s.closed_form_text(),
            _ => None,
        }
    }

    /// The period that comes with a closed form (proved by the closed form itself).
    pub fn closed_form_period(&self) -> Option<Period> {
        match self {
            Rule::Subtraction(s) => s.closed_form_period(),
            _ => None,
        }
    }

    /// What the Guy–Smith periodicity test needs to know about the rule, for
    /// rules whose moves reach only a bounded distance (`None` otherwise).
    pub fn proof_shape(&self) -> Option<ProofShape> {
        match self {
            Rule::Subtraction(s) => s.proof_shape(),
            Rule::TakeBreak(code) => Some(code.proof_shape()),
            Rule::Nim | Rule::Grundys => None,
        }
    }

    /// Every move from a heap of size `n`, lazily, in a fixed order.
    ///
    /// Nim and wide subtraction ranges have as many moves as the heap has
    /// tokens, so callers should not collect this for huge heaps.
    pub fn moves(&self, n: u64) -> Box<dyn Iterator<Item = Move> + '_> {
        match self {
            Rule::Nim => Box::new((1..=n).map(move |k| Move::new(k, vec![n - k]))),
            Rule::Subtraction(s) => s.moves(n),
            Rule::TakeBreak(code) => code.moves(n),
            Rule::Grundys => grundys::moves(n),
        }
    }

    /// Whether a heap of size `n` may be replaced by the heaps `leaves`
    /// (ascending, no zeros, as in [`Move::leaves`]) in one move.
    ///
    /// Decided from the rule itself, without walking the moves, so it is
    /// instant even on heaps of 2^63 tokens.
    ///
    /// ```
    /// use grundy::rule::Rule;
    /// assert!(Rule::Nim.allows(1 << 62, &[5]));
    /// assert!(Rule::kayles().allows(10, &[3, 6]));
    /// assert!(!Rule::kayles().allows(10, &[3, 4]));
    /// assert!(!Rule::Grundys.allows(6, &[3, 3]));
    /// ```
    pub fn allows(&self, n: u64, leaves: &[u64]) -> bool {
        let Some(left) = leaves.iter().try_fold(0u64, |a, &h| a.checked_add(h)) else {
            return false;
        };
        if left > n || leaves.contains(&0) || leaves.windows(2).any(|w| w[0] > w[1]) {
            return false;
        }
        let take = n - left;
        match self {
            Rule::Nim => take > 0 && leaves.len() <= 1,
            Rule::Subtraction(s) => {
                leaves.len() <= 1
                    && take > 0
                    && match *s {
                        Subtraction::Range { lo, hi } => (lo..=hi).contains(&take),
                        _ => s.members_up_to(take).any(|k| k == take),
                    }
            }
            Rule::TakeBreak(code) => {
                let Ok(k) = usize::try_from(take) else {
                    return false;
                };
                let bit = match leaves.len() {
                    0 => octal::LEAVE_NONE,
                    1 => octal::LEAVE_ONE,
                    2 => octal::LEAVE_TWO,
                    3 => octal::LEAVE_THREE,
                    _ => return false,
                };
                code.digit(k) & bit != 0
            }
            Rule::Grundys => take == 0 && leaves.len() == 2 && leaves[0] < leaves[1],
        }
    }

    /// Whether the heap of size `n` has any move at all.
    pub fn has_moves(&self, n: u64) -> bool {
        self.moves(n).next().is_some()
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Nim => f.write_str("nim"),
            Rule::Subtraction(s) => write!(f, "{s}"),
            Rule::TakeBreak(code) => write!(f, "{code}"),
            Rule::Grundys => f.write_str("grundys"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_described_in_words() {
        assert_eq!(
            Move::new(2, vec![1]).describe(1, 3),
            "take 2 from heap 1: 3 → 1"
        );
        assert_eq!(
            Move::new(3, vec![]).describe(2, 3),
            "take all 3 from heap 2: 3 → 0"
        );
        assert_eq!(
            Move::new(1, vec![5, 4]).describe(4, 10),
            "heap 4: remove 1 from the heap of 10 and split the rest into 4 and 5"
        );
        assert_eq!(
            Move::new(0, vec![7, 3]).describe(1, 10),
            "heap 1: split the heap of 10 into 3 and 7"
        );
    }

    #[test]
    fn nim_moves_leave_every_smaller_heap() {
        let leaves: Vec<_> = Rule::Nim.moves(3).map(|m| m.leaves).collect();
        assert_eq!(leaves, vec![vec![2], vec![1], vec![]]);
    }
}
