//! Nim-sequences: the Grundy values `G(0), G(1), …` of a heap rule, with a
//! proved period where there is one.
//!
//! [`NimSequence`] is the one public face. It picks how to answer `G(n)`:
//!
//! 1. a closed form (Nim, subtraction ranges, powers of two) answers any `n`;
//! 2. otherwise values are computed by an [`Engine`] while a
//!    [`PeriodFinder`](crate::period::PeriodFinder) watches them; once a period
//!    is proved, `G(n)` for any `n < 2^64` is read from the first period;
//! 3. without a proof, `G(n)` is known only for the heaps computed, and a
//!    request that would need more memory than [`Limits::max_heaps`] allows
//!    is refused up front.

pub mod naive;

use crate::error::{Error, Result};
use crate::heap::octal::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::heap::{Move, Rule};
use crate::nimber::Nimber;
use crate::period::{Period, PeriodFinder};

/// Something that computes a nim-sequence one value at a time.
///
/// `values` holds `G(0..n)`; `push_next` appends `G(n)`. Engines may keep
/// state between calls but must not assume anything about `values` beyond
/// what they pushed themselves.
pub trait Engine {
    /// Append the next value.
    fn push_next(&mut self, values: &mut Vec<u16>) -> Result<()>;
}

/// Bounds on how much work and memory a computation may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most heaps whose values may be stored (2 bytes each).
    pub max_heaps: u64,
    /// How far to keep computing in search of a period proof when the heaps
    /// asked for are already known.
    pub search_heaps: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_heaps: 1 << 30,
            search_heaps: 1 << 13,
        }
    }
}

/// The nim-sequence of one rule, as far as it is known.
///
/// ```
/// use grundy::heap::Rule;
/// use grundy::sequence::{Limits, NimSequence};
/// let kayles = NimSequence::new(&Rule::kayles(), 0, Limits::default()).unwrap();
/// let p = kayles.period().unwrap();
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// assert_eq!(kayles.value(1_000_000_000_000_000_000).unwrap(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct NimSequence {
    rule: Rule,
    values: Vec<u16>,
    period: Option<Period>,
}

impl NimSequence {
    /// Computes enough of the sequence of `rule` to answer `G(n)` for every
    /// `n ≤ up_to`, and looks for a period proof on the way (up to
    /// `limits.search_heaps` heaps).
    pub fn new(rule: &Rule, up_to: u64, limits: Limits) -> Result<NimSequence> {
        let mut seq = NimSequence {
            rule: rule.clone(),
            values: Vec::new(),
            period: rule.closed_form_period(),
        };
        if rule.closed_form(0).is_some() {
            return Ok(seq);
        }
        let shape = rule.proof_shape();
        let search_to = if shape.is_some() {
            limits.search_heaps
        } else {
            0
        };
        // Heaps to compute before giving up on a proof and answering directly.
        let direct = up_to.saturating_add(1);
        if direct > limits.max_heaps && shape.is_none() {
            return Err(too_large(rule, up_to, limits, "no period is known for it"));
        }
        let mut finder = shape.map(PeriodFinder::new);
        let mut engine = naive::Naive::new(rule);
        let stop = if direct > limits.max_heaps {
            search_to
        } else {
            direct.max(search_to)
        };
        while (seq.values.len() as u64) < stop {
            engine.push_next(&mut seq.values)?;
            if let Some(finder) = finder.as_mut() {
                if let Some(p) = finder.observe(&seq.values) {
                    seq.period = Some(p);
                    break;
                }
            }
        }
        if seq.period.is_none() && direct > seq.values.len() as u64 {
            return Err(too_large(
                rule,
                up_to,
                limits,
                &format!(
                    "no period was proved in its first {} heaps",
                    seq.values.len()
                ),
            ));
        }
        Ok(seq)
    }

    /// The rule this is the sequence of.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The proved period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The values computed so far (empty for closed forms).
    pub fn computed(&self) -> &[u16] {
        &self.values
    }

    /// Whether `G(n)` can be answered.
    pub fn knows(&self, n: u64) -> bool {
        self.period.is_some() || self.rule.closed_form(0).is_some() || n < self.values.len() as u64
    }

    /// `G(n)`.
    pub fn value(&self, n: u64) -> Result<Nimber> {
        if let Some(v) = self.rule.closed_form(n) {
            return Ok(v);
        }
        let m = match self.period {
            Some(p) => p.reduce(n),
            None => n,
        };
        self.values
            .get(m as usize)
            .map(|&v| v as Nimber)
            .ok_or_else(|| {
                Error::TooLarge(format!(
                    "G({n}) of {} is not known: only heaps up to {} were computed and no period was proved",
                    self.rule,
                    self.values.len().saturating_sub(1)
                ))
            })
    }

    /// The value of the position a move leaves (the nim-sum of its heaps).
    pub fn value_of(&self, leaves: &[u64]) -> Result<Nimber> {
        leaves
            .iter()
            .try_fold(0, |acc, &h| Ok(acc ^ self.value(h)?))
    }

    /// Every move from a heap of `n` to a position of value `target`, lazily.
    ///
    /// Where the heap is huge this does not walk every move: subtraction
    /// ranges look only at the residues with the right value, and splits use
    /// the proved period to jump from one matching split to the next.
    pub fn moves_to_value(
        &self,
        n: u64,
        target: Nimber,
    ) -> Result<Box<dyn Iterator<Item = Move> + '_>> {
        use crate::heap::Subtraction;
        if !self.knows(n) {
            self.value(n)?;
        }
        let v = move |h: u64| self.value(h).expect("known heap");
        Ok(match &self.rule {
            Rule::Nim => Box::new(
                (target < n)
                    .then(|| Move::new(n - target, vec![target]))
                    .into_iter(),
            ),
            &Rule::Subtraction(Subtraction::Range { lo, hi }) => {
                // G(m) = ⌊(m mod (lo+hi)) / lo⌋: the heaps left with value
                // `target` have residues target·lo … target·lo+lo-1, and the
                // options n-hi … n-lo hold each residue at most once.
                let period = lo + hi;
                let first = target.saturating_mul(lo);
                let residues = first..(first.saturating_add(lo)).min(period);
                let mut takes: Vec<u64> = if first >= period || n < lo {
                    Vec::new()
                } else {
                    let top = hi.min(n);
                    residues
                        .filter_map(move |r| {
                            // The take k with (n - k) ≡ r, lo ≤ k ≤ top.
                            let k0 = (n % period + period - r) % period;
                            let k = if k0 >= lo { k0 } else { k0 + period };
                            (k <= top).then_some(k)
                        })
                        .collect()
                };
                takes.sort_unstable();
                Box::new(takes.into_iter().map(move |k| Move::new(k, vec![n - k])))
            }
            Rule::Subtraction(s) => Box::new(
                s.members_up_to(n)
                    .filter(move |&k| v(n - k) == target)
                    .map(move |k| Move::new(k, vec![n - k])),
            ),
            Rule::Grundys => Box::new(
                self.splits_to_value(n, target, true)
                    .map(move |(a, b)| Move::new(0, vec![a, b])),
            ),
            Rule::TakeBreak(code) => {
                if code.is_hexadecimal() && n > MAX_THREE_WAY_HEAP {
                    return Err(Error::Unsupported(format!(
                        "listing the moves of {} from a heap of {n} (three-way splits) is supported up to heaps of {MAX_THREE_WAY_HEAP}",
                        self.rule
                    )));
                }
                let digits = code
                    .digits()
                    .iter()
                    .enumerate()
                    .filter(move |&(k, &d)| d != 0 && k as u64 <= n);
                Box::new(digits.flat_map(move |(k, &d)| {
                    let k = k as u64;
                    let rest = n - k;
                    let none = (d & LEAVE_NONE != 0 && rest == 0 && target == 0)
                        .then(|| Move::new(k, vec![]));
                    let one = (d & LEAVE_ONE != 0 && rest >= 1 && v(rest) == target)
                        .then(|| Move::new(k, vec![rest]));
                    let two = (d & LEAVE_TWO != 0)
                        .then(|| {
                            self.splits_to_value(rest, target, false)
                                .map(move |(a, b)| Move::new(k, vec![a, b]))
                        })
                        .into_iter()
                        .flatten();
                    let three = (d & LEAVE_THREE != 0)
                        .then(|| {
                            crate::heap::octal::three_way_splits(rest)
                                .filter(move |&(a, b, c)| v(a) ^ v(b) ^ v(c) == target)
                                .map(move |(a, b, c)| Move::new(k, vec![a, b, c]))
                        })
                        .into_iter()
                        .flatten();
                    none.into_iter().chain(one).chain(two).chain(three)
                }))
            }
        })
    }

    /// The splits `a + b = m`, `1 ≤ a ≤ b` (`a < b` when `strict`), with
    /// `G(a) ⊕ G(b) = target`, ascending in `a`.
    ///
    /// Once `a` passes the preperiod both heaps are in the periodic part, so
    /// the value depends only on `a mod p`: after one period has been scanned,
    /// the matching residues are repeated instead of testing every `a`.
    fn splits_to_value(
        &self,
        m: u64,
        target: Nimber,
        strict: bool,
    ) -> impl Iterator<Item = (u64, u64)> + '_ {
        let top = if strict {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        };
        let v = move |h: u64| self.value(h).expect("known heap");
        let (pre, period) = self
            .period
            .map_or((u64::MAX, 0), |p| (p.preperiod, p.period));
        // One full period of split sizes a ≥ max(pre, 1) is scanned directly.
        let base = pre.max(1);
        let direct_end = top.min(base.saturating_add(period).saturating_sub(1));
        let mut direct = (1..=direct_end).filter(move |&a| v(a) ^ v(m - a) == target);
        let mut hits = Vec::new();
        let (mut block, mut idx) = (0u64, 0usize);
        std::iter::from_fn(move || {
            if let Some(a) = direct.next() {
                if a >= base {
                    hits.push(a);
                }
                return Some((a, m - a));
            }
            if period == 0 || hits.is_empty() {
                return None;
            }
            if idx == 0 {
                block += 1;
            }
            let a = hits[idx].checked_add(block.checked_mul(period)?)?;
            idx = (idx + 1) % hits.len();
            // Hits are ascending, so once one is past the end all later are.
            (a <= top).then_some((a, m - a))
        })
    }

    /// Every move from a heap of `n` with the value of the position it leaves.
    /// For explaining small heaps: this walks every move.
    pub fn options(&self, n: u64) -> Result<Vec<(Move, Nimber)>> {
        self.rule
            .moves(n)
            .map(|m| {
                let v = self.value_of(&m.leaves)?;
                Ok((m, v))
            })
            .collect()
    }
}

/// Three-way splits are listed by walking all of them: `O(n²)`.
pub const MAX_THREE_WAY_HEAP: u64 = 4000;

fn too_large(rule: &Rule, n: u64, limits: Limits, why: &str) -> Error {
    let bytes = n.saturating_add(1).saturating_mul(2);
    Error::TooLarge(format!(
        "cannot answer G({n}) for {rule}: {why}, and computing every heap up to {n} \
         would need {} of memory (limit: {} heaps, {})",
        human_bytes(bytes),
        limits.max_heaps,
        human_bytes(limits.max_heaps.saturating_mul(2))
    ))
}

/// A byte count in binary units, for error messages.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}
