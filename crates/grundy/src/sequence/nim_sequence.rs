//! [`NimSequence`]: the values of a rule as far as they are known, and the
//! moves from a heap to a position of a given value.

use super::computation::Computation;
use super::plan::Plan;
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::period::Period;
use crate::rule::octal::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::rule::{Move, Rule};

/// The nim-sequence of one rule, as far as it is known.
///
/// ```
/// use grundy::rule::Rule;
/// use grundy::limits::Limits;
/// use grundy::sequence::NimSequence;
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
        NimSequence::with_progress(rule, up_to, limits, &mut |_, _| {})
    }

    /// As [`NimSequence::new`], calling `progress` with the computation and
    /// its [`Plan`] every few thousand heaps (to draw a progress bar).
    pub fn with_progress(
        rule: &Rule,
        up_to: u64,
        limits: Limits,
        progress: &mut dyn FnMut(&Computation, &Plan),
    ) -> Result<NimSequence> {
        let mut seq = NimSequence {
            rule: rule.clone(),
            values: Vec::new(),
            period: rule.closed_form_period(),
        };
        if rule.closed_form(0).is_some() {
            return Ok(seq);
        }
        let plan = Plan::new(rule, up_to, limits)?;
        let mut run = Computation::new(rule, 1)?;
        if !plan.needs_proof {
            run.reserve(plan.wanted)?;
        }
        // First the heaps asked for (stopping early at a proof), then on in
        // search of a proof within the work budget.
        loop {
            let len = run.computed() as u64;
            if run.period().is_some() || len >= plan.goal || plan.out_of_budget(len, run.work()) {
                break;
            }
            run.advance(plan.goal, 4096, true)?;
            progress(&run, &plan);
        }
        let done = run.into_sequence();
        seq.values = done.values;
        seq.period = done.period;
        if seq.period.is_none() && plan.wanted > seq.values.len() as u64 {
            return Err(plan.refusal(rule, seq.values.len() as u64, limits));
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
        use crate::rule::Subtraction;
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
            &Rule::Subtraction(Subtraction::Range { lo, hi }) => Box::new(
                range_takes_to_value(n, lo, hi, target).map(move |k| Move::new(k, vec![n - k])),
            ),
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
                            crate::rule::octal::three_way_splits(rest)
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
            (a <= top).then(|| (a, m - a))
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

impl Computation {
    /// The sequence as computed so far, for answering `G(n)` (in window
    /// mode, once values were released, only the first ones kept; archived
    /// values are decoded, 2 bytes per heap).
    pub fn into_sequence(self) -> NimSequence {
        let (rule, values, period) = self.into_parts();
        NimSequence {
            rule,
            values,
            period,
        }
    }
}

/// The takes `k` (ascending) from a heap of `n` in the subtraction game
/// `lo..=hi` that leave a heap of value `target`, lazily.
///
/// `G(m) = ⌊(m mod P) / lo⌋` with `P = lo + hi` (in 128 bits: `P` may exceed
/// 2^64 − 1), so the heaps of value `target` are those with residue in
/// `target·lo ..= target·lo + lo − 1`. The heaps left, `n−min(hi,n) ..= n−lo`,
/// are fewer than `P`, so they meet at most two such blocks: the answer is at
/// most two runs of consecutive takes, found in O(1) however large the heap.
fn range_takes_to_value(n: u64, lo: u64, hi: u64, target: Nimber) -> impl Iterator<Item = u64> {
    let period = u128::from(lo) + u128::from(hi);
    let first = u128::from(target) * u128::from(lo);
    let mut runs: Vec<std::ops::RangeInclusive<u64>> = Vec::new();
    if n >= lo && first < period {
        let last = (first + u128::from(lo) - 1).min(period - 1);
        let (m_lo, m_hi) = (u128::from(n - hi.min(n)), u128::from(n - lo));
        let base = m_lo - m_lo % period;
        for block in [base, base + period] {
            let (a, b) = ((block + first).max(m_lo), (block + last).min(m_hi));
            if a <= b {
                // Heaps a..=b left means takes n−b ..= n−a (all fit in u64).
                let n = u128::from(n);
                runs.push((n - b) as u64..=(n - a) as u64);
            }
        }
    }
    runs.sort_by_key(|r| *r.start());
    runs.into_iter().flatten()
}

/// Three-way splits are listed by walking all of them: `O(n²)`.
pub const MAX_THREE_WAY_HEAP: u64 = 4000;
