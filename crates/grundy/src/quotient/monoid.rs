//! The finite commutative monoid with a marked subset (a bipartite monoid)
//! that a misère quotient is, as a multiplication table.

/// An element of a quotient, by number: `0` is the identity.
pub type Element = u32;

/// A finite commutative monoid with a marked subset (a bipartite monoid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    /// `mul[a * order + b]` = `a·b`.
    pub(super) mul: Vec<Element>,
    pub(super) order: usize,
    /// `p[a]`: whether `a` lies in the P-portion.
    pub(super) p: Vec<bool>,
}

impl Monoid {
    /// The product `a·b`.
    pub fn mul(&self, a: Element, b: Element) -> Element {
        self.mul[a as usize * self.order + b as usize]
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// Whether `a` lies in the P-portion.
    pub fn is_p(&self, a: Element) -> bool {
        self.p[a as usize]
    }
}
