//! Saving a quotient computation after some heaps, to carry it on later
//! (`grundy quotient --save/--resume`). A checkpoint is never trusted: it
//! is checked against the rule and proved again before use.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::build::Builder;
use super::monoid::{Element, Monoid};
use super::verify;
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::rule::Rule;

/// The version of the [`Checkpoint`] format; a checkpoint of another
/// version is refused.
pub const CHECKPOINT_FORMAT: u32 = 1;

/// A quotient computation saved after some heaps, to be carried on by
/// [`Quotient::compute_resumable`](super::Quotient::compute_resumable)
/// (`grundy quotient --save/--resume`).
/// It holds the proved quotient `Q_N` with what the next step needs (each
/// element's representative sum); a resumed run proves it again first, so
/// an edited or damaged checkpoint is refused, never trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// [`CHECKPOINT_FORMAT`] when written.
    pub format: u32,
    /// The rule, as written by its `Display`.
    pub rule: String,
    /// `N`: the heaps `0..=N` are done.
    pub heaps: u64,
    order: usize,
    mul: Vec<Element>,
    p: Vec<bool>,
    phi: Vec<Element>,
    reps: Vec<Vec<u64>>,
}

impl Checkpoint {
    /// The checkpoint of the heaps `b` has done.
    pub(super) fn of(b: &Builder) -> Checkpoint {
        Checkpoint {
            format: CHECKPOINT_FORMAT,
            rule: b.rule.to_string(),
            heaps: b.heaps_done(),
            order: b.monoid.order,
            mul: b.monoid.mul.clone(),
            p: b.monoid.p.clone(),
            phi: b.phi.clone(),
            reps: b.reps.clone(),
        }
    }

    /// The order of the quotient saved.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The builder this checkpoint saved, after checking that it belongs to
    /// `rule`, is well formed, has at most `max_order` elements, and passes
    /// the proof again (within `max_states`).
    pub(super) fn restore(
        &self,
        rule: &Rule,
        max_order: usize,
        max_states: usize,
    ) -> Result<Builder> {
        let bad = |why: String| {
            Error::Unsupported(format!("the saved quotient cannot be resumed: {why}"))
        };
        if self.format != CHECKPOINT_FORMAT {
            return Err(bad(format!(
                "it is in format {}, and this version of grundy reads format {CHECKPOINT_FORMAT}",
                self.format
            )));
        }
        if self.rule != rule.to_string() {
            return Err(bad(format!(
                "it was computed for {}, not {rule}",
                self.rule
            )));
        }
        let order = self.order;
        let fits = |x: &Element| (*x as usize) < order;
        let well_formed = order >= 1
            && order.checked_mul(order) == Some(self.mul.len())
            && self.p.len() == order
            && self.reps.len() == order
            && self.heaps.checked_add(1) == Some(self.phi.len() as u64)
            && self.mul.iter().all(fits)
            && self.phi.iter().all(fits)
            && self
                .reps
                .iter()
                .flatten()
                .all(|&h| h >= 1 && h <= self.heaps);
        if !well_formed {
            return Err(bad(
                "its tables are inconsistent (the file is damaged)".into()
            ));
        }
        if order > max_order {
            return Err(Error::TooLarge(format!(
                "the saved quotient of {rule} has order {order}, above the limit of {} elements; raise the limit",
                max_order
            )));
        }
        let monoid = Monoid {
            mul: self.mul.clone(),
            order,
            p: self.p.clone(),
        };
        // A commutative monoid with identity 0, associative (checked with
        // a heap's element in the middle: every element is a product of
        // those).
        let m = |a: usize, b: usize| self.mul[a * order + b] as usize;
        let gens: HashSet<usize> = self.phi.iter().map(|&g| g as usize).collect();
        let lawful = (0..order).all(|a| m(0, a) == a)
            && (0..order).all(|a| (0..order).all(|b| m(a, b) == m(b, a)))
            && gens
                .iter()
                .all(|&g| (0..order).all(|a| (0..order).all(|b| m(m(a, g), b) == m(a, m(g, b)))));
        if !lawful {
            return Err(bad(
                "its table is not a commutative monoid (the file is damaged)".into(),
            ));
        }
        // The options' elements follow from Φ and the rule.
        let options: Vec<Vec<Element>> = (0..self.phi.len() as u64)
            .map(|h| {
                let mut o: Vec<Element> = rule
                    .moves(h)
                    .map(|mv| {
                        mv.leaves
                            .iter()
                            .fold(0, |acc, &x| monoid.mul(acc, self.phi[x as usize]))
                    })
                    .collect();
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        // Each representative must have its element, and the whole must
        // pass the proof that made it.
        for (x, rep) in self.reps.iter().enumerate() {
            let e = rep
                .iter()
                .fold(0, |acc, &h| monoid.mul(acc, self.phi[h as usize]));
            if e as usize != x {
                return Err(bad(
                    "a representative does not have its element (the file is damaged)".into(),
                ));
            }
        }
        match verify::verify(
            &monoid,
            &self.phi,
            &options,
            &self.reps,
            max_states,
            &Budget::unlimited(),
        ) {
            Ok(_) => {}
            Err(verify::Failure::Limit(e)) => return Err(e),
            Err(verify::Failure::Wrong(_)) => {
                return Err(bad(
                    "it does not pass the proof (the file was edited or damaged)".into(),
                ))
            }
        }
        Ok(Builder {
            rule: rule.clone(),
            monoid,
            phi: self.phi.clone(),
            options,
            reps: self.reps.clone(),
            max_order,
        })
    }
}
