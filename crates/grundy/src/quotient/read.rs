//! Reading sums of heaps through a quotient: outcome and winning moves.

use super::compute::Quotient;
use super::monoid::Element;
use crate::error::{Error, Result};
use crate::nim::Outcome;
use crate::rule::{octal, Move, Rule};

/// A misère answer read from a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereAnswer {
    pub outcome: Outcome,
    /// Winning moves: the heap's index (0-based) and the move.
    pub moves: Vec<(usize, Move)>,
    /// Whether `moves` was cut at the limit asked for.
    pub truncated: bool,
}

impl Quotient {
    /// The product of the heaps' elements.
    pub fn product(&self, heaps: &[u64]) -> Result<Element> {
        heaps
            .iter()
            .try_fold(0, |acc, &h| Ok(self.monoid.mul(acc, self.phi(h)?)))
    }

    /// The misère outcome of the sum of `heaps`: P exactly when the product
    /// of their elements lies in the P-portion.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        let x = self.product(heaps)?;
        Ok(Outcome::from_mover_wins(!self.monoid.is_p(x)))
    }

    /// Every move of the sum of `heaps` to a misère P-position (at most
    /// `limit`; the answer says whether it was cut), in the order of
    /// [`Rule::moves`], heap by heap. Heaps beyond `N` use the proved period
    /// to jump between winning splits instead of walking every move.
    pub fn winning_moves(&self, heaps: &[u64], limit: usize) -> Result<MisereAnswer> {
        let elems: Vec<Element> = heaps.iter().map(|&h| self.phi(h)).collect::<Result<_>>()?;
        let m = &self.monoid;
        // others[i]: the product of every heap but heap i.
        let mut prefix = vec![0; elems.len() + 1];
        for (i, &e) in elems.iter().enumerate() {
            prefix[i + 1] = m.mul(prefix[i], e);
        }
        let mut suffix = vec![0; elems.len() + 1];
        for i in (0..elems.len()).rev() {
            suffix[i] = m.mul(suffix[i + 1], elems[i]);
        }
        let total = prefix[elems.len()];
        let mut answer = MisereAnswer {
            outcome: Outcome::from_mover_wins(!m.is_p(total)),
            moves: Vec::new(),
            truncated: false,
        };
        for (i, &h) in heaps.iter().enumerate() {
            let others = m.mul(prefix[i], suffix[i + 1]);
            // A heap whose options all miss P (given the rest) is skipped
            // without walking its moves. Only for heaps within the table:
            // the options of a heap beyond it are not the options of its
            // reduced heap (those may fall below the preperiod), and its
            // moves are read from the period below anyway.
            if h <= self.heaps()
                && !self
                    .option_elements(h)
                    .iter()
                    .any(|&r| m.is_p(m.mul(others, r)))
            {
                continue;
            }
            let wins = |leaves: &[u64]| -> Result<bool> {
                let x = leaves
                    .iter()
                    .try_fold(others, |acc, &l| Ok::<_, Error>(m.mul(acc, self.phi(l)?)))?;
                Ok(m.is_p(x))
            };
            let room = limit.saturating_sub(answer.moves.len());
            let (found, cut) = if h <= self.heaps() || !matches!(self.rule, Rule::TakeBreak(_)) {
                let mut found = Vec::new();
                let mut cut = false;
                for mv in self.rule.moves(h) {
                    if wins(&mv.leaves)? {
                        if found.len() == room {
                            cut = true;
                            break;
                        }
                        found.push(mv);
                    }
                }
                (found, cut)
            } else {
                self.huge_heap_moves(h, others, room)?
            };
            answer.moves.extend(found.into_iter().map(|mv| (i, mv)));
            if cut {
                answer.truncated = true;
                break;
            }
        }
        Ok(answer)
    }

    /// The winning moves on a take-and-break heap `h > N` (with a proved
    /// period), in [`Rule::moves`] order, at most `room` of them.
    fn huge_heap_moves(&self, h: u64, others: Element, room: usize) -> Result<(Vec<Move>, bool)> {
        let Rule::TakeBreak(code) = &self.rule else {
            unreachable!("only take-and-break heaps come here")
        };
        let period = self.period.expect("heaps beyond N need a period");
        let (n0, p) = (period.preperiod, period.period);
        let m = &self.monoid;
        let el = |x: u64| self.phi[period.reduce(x) as usize];
        let mut out = Vec::new();
        for (k, &d) in code.digits().iter().enumerate() {
            let k = k as u64;
            if d == 0 || k > h {
                continue;
            }
            let rest = h - k;
            if d & octal::LEAVE_THREE != 0 {
                return Err(Error::Unsupported(format!(
                    "winning moves that split a heap of {h} (beyond the {} heaps computed) \
                     into three are not enumerated; the outcome is exact",
                    self.heaps()
                )));
            }
            let mut push = |mv: Move| -> bool {
                if out.len() == room {
                    return false;
                }
                out.push(mv);
                true
            };
            if d & octal::LEAVE_NONE != 0
                && rest == 0
                && m.is_p(others)
                && !push(Move::new(k, vec![]))
            {
                return Ok((out, true));
            }
            if d & octal::LEAVE_ONE != 0
                && rest >= 1
                && m.is_p(m.mul(others, el(rest)))
                && !push(Move::new(k, vec![rest]))
            {
                return Ok((out, true));
            }
            if d & octal::LEAVE_TWO != 0 && rest >= 2 {
                let half = rest / 2;
                let wins = |a: u64| m.is_p(m.mul(others, m.mul(el(a), el(rest - a))));
                // Below n0 (or where the partner is below n0) one by one.
                let explicit_end = half.min(n0.max(1) - 1);
                for a in 1..=explicit_end {
                    if wins(a) && !push(Move::new(k, vec![a, rest - a])) {
                        return Ok((out, true));
                    }
                }
                // From n0 on, both parts are periodic (rest − a ≥ rest/2 ≥
                // n0), so whether a split wins depends on a mod p only.
                let first = explicit_end + 1;
                if first <= half {
                    let offsets: Vec<u64> = (0..p)
                        .filter(|&o| first + o <= half && wins(first + o))
                        .collect();
                    if !offsets.is_empty() {
                        let mut base = first;
                        'blocks: loop {
                            for &o in &offsets {
                                let a = base + o;
                                if a > half {
                                    break 'blocks;
                                }
                                if !push(Move::new(k, vec![a, rest - a])) {
                                    return Ok((out, true));
                                }
                            }
                            match base.checked_add(p) {
                                Some(b) if b <= half => base = b,
                                _ => break,
                            }
                        }
                    }
                }
            }
        }
        Ok((out, false))
    }
}
