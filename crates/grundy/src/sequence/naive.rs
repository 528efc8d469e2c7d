//! The naive nim-sequence engine: `G(n)` is the mex of the values of every
//! option of `n`, straight from the definition.
//!
//! It is the reference the fast engines are tested against, and fast enough
//! for subtraction games and short octal runs (a heap of `n` costs `O(n)`
//! for each splitting digit).

use super::engine::Engine;
use super::values::Values;
use crate::error::{Error, Result};
use crate::rule::octal::{three_way_splits, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::rule::{Rule, Subtraction};

/// Marks seen values with a generation stamp, so clearing is O(1).
#[derive(Clone, Debug)]
pub(crate) struct MexScratch {
    stamp: Vec<u32>,
    generation: u32,
}

impl MexScratch {
    pub(crate) fn new() -> MexScratch {
        MexScratch {
            stamp: vec![0; 1 << 16],
            generation: 0,
        }
    }

    pub(crate) fn start(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    #[inline]
    pub(crate) fn mark(&mut self, v: u16) {
        self.stamp[v as usize] = self.generation;
    }

    /// The least unmarked value, or `None` when all 2^16 values are marked.
    pub(crate) fn mex(&self) -> Option<u16> {
        self.stamp
            .iter()
            .position(|&s| s != self.generation)
            .map(|v| v as u16)
    }
}

/// The naive engine for any rule without a closed form.
#[derive(Clone, Debug)]
pub struct Naive {
    rule: Rule,
    scratch: MexScratch,
}

impl Naive {
    /// An engine for `rule`.
    pub fn new(rule: &Rule) -> Naive {
        Naive {
            rule: rule.clone(),
            scratch: MexScratch::new(),
        }
    }
}

impl Engine for Naive {
    fn push_next(&mut self, values: &mut Values) -> Result<()> {
        let n = values.len();
        let g: &[u16] = values;
        let seen = &mut self.scratch;
        seen.start();
        match &self.rule {
            Rule::Nim => (0..n).for_each(|m| seen.mark(g[m])),
            Rule::Subtraction(Subtraction::Finite(set)) => {
                for &s in set.iter().take_while(|&&s| s as usize <= n) {
                    seen.mark(g[n - s as usize]);
                }
            }
            Rule::Subtraction(s) => {
                for s in s.members_up_to(n as u64) {
                    seen.mark(g[n - s as usize]);
                }
            }
            Rule::Grundys => {
                for a in 1..n.div_ceil(2) {
                    seen.mark(g[a] ^ g[n - a]);
                }
            }
            Rule::TakeBreak(code) => {
                for (k, &d) in code.digits().iter().enumerate().take(n + 1) {
                    let rest = n - k;
                    if d & LEAVE_NONE != 0 && rest == 0 {
                        seen.mark(0);
                    }
                    if d & LEAVE_ONE != 0 && rest >= 1 {
                        seen.mark(g[rest]);
                    }
                    if d & LEAVE_TWO != 0 {
                        for a in 1..=rest / 2 {
                            seen.mark(g[a] ^ g[rest - a]);
                        }
                    }
                    if d & LEAVE_THREE != 0 {
                        for (a, b, c) in three_way_splits(rest as u64) {
                            seen.mark(g[a as usize] ^ g[b as usize] ^ g[c as usize]);
                        }
                    }
                }
            }
        }
        let v = seen.mex().ok_or(Error::ValueOverflow {
            heap: n as u64,
            max: u16::MAX as u64,
        })?;
        values.push(v);
        Ok(())
    }
}
