//! Periods of nim-sequences, and their proofs.
//!
//! Guessing a period from a finite prefix is easy and often wrong; this module
//! only reports periods that are **proved**.
//!
//! # The Guy–Smith theorem, generalised
//!
//! Let a heap game's moves remove at most `t` tokens and leave at most `h`
//! heaps. If `G(n + p) = G(n)` for every `n` with
//! `n0 ≤ n < max(h·n0 + (h−1)·p + t, t + 1)`, then `G(n + p) = G(n)` for all
//! `n ≥ n0`.
//!
//! Proof sketch, by induction on `n` past the window: a move from `n + p`
//! removes `k ≤ t` tokens and leaves heaps summing to `n + p − k`; the
//! largest of at most `h` heaps has at least `(n + p − k)/h ≥ n0 + p` tokens,
//! so replacing it by one `p` smaller gives a move from `n` with the same
//! value, and conversely (the largest heap of an option of `n` is at least
//! `n0`). Moves that leave nothing exist only for heaps of at most `t`, which
//! is why the window also reaches `t`. With `h = 2` this is the classical
//! octal-game theorem (`n < 2·n0 + p + t`); with `h = 1`, subtraction games,
//! it says `t` consecutive matches suffice.

use serde::Serialize;

/// A proved period: `G(n + period) = G(n)` for every `n ≥ preperiod`, and
/// `preperiod` is the least index from which that holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The first heap size of the periodic part.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// How the period was proved.
    pub proof: Proof,
}

/// How a [`Period`] was established.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Proof {
    /// By a closed form valid for every heap (for example `n mod (a+b)`).
    ClosedForm,
    /// By the Guy–Smith theorem: `G(n + period) = G(n)` was checked for every
    /// `n` in `window_start..window_end`.
    GuySmith { window_start: u64, window_end: u64 },
}

impl Period {
    /// A period that a closed form proves.
    pub fn closed_form(preperiod: u64, period: u64) -> Period {
        Period {
            preperiod,
            period,
            proof: Proof::ClosedForm,
        }
    }

    /// The index in the first period (or preperiod) with the same value as `n`.
    ///
    /// ```
    /// use grundy::period::Period;
    /// let p = Period::closed_form(71, 12);
    /// assert_eq!(p.reduce(70), 70);
    /// assert_eq!(p.reduce(83), 71);
    /// assert_eq!(p.reduce(u64::MAX), 71 + (u64::MAX - 71) % 12);
    /// ```
    pub fn reduce(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// What the periodicity test must know about a rule: the most heaps a move
/// leaves (`h`) and the most tokens it removes (`t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofShape {
    pub max_heaps: u64,
    pub last_digit: u64,
}

impl ProofShape {
    /// The end (exclusive) of the window of `n` over which `G(n+p) = G(n)`
    /// must be checked.
    pub fn window_end(&self, preperiod: u64, period: u64) -> u64 {
        let h = self.max_heaps.max(1);
        let t = self.last_digit;
        // The heap shrunk by `p` in the induction must stay non-empty (a
        // split into two non-empty heaps must map to one), so a preperiod of
        // 0 counts as 1: `0.4` (0, 0, 0, 1, …) is not "period 1 from 0".
        let n0 = preperiod.max(1);
        (h * n0 + (h - 1) * period + t).max(t + 1)
    }

    /// How many values `G(0..N)` must be known to run the check.
    pub fn values_needed(&self, preperiod: u64, period: u64) -> u64 {
        self.window_end(preperiod, period) + period
    }
}

/// Finds and proves the period of a nim-sequence while it is being computed.
///
/// Feed it the growing slice of values; it returns the period once proved.
/// Work is amortised O(1) per value: candidate periods are searched at
/// geometrically spaced lengths and then checked value by value.
///
/// ```
/// use grundy::period::{PeriodFinder, ProofShape};
/// // Subtraction {2,3,7}: G = 0,0,1,1,2,0,0,1,1,2,…  (period 5 from 0)
/// let g = |n: usize| [0u16, 0, 1, 1, 2][n % 5];
/// let mut finder = PeriodFinder::new(ProofShape { max_heaps: 1, last_digit: 7 });
/// let mut values = Vec::new();
/// let mut proved = None;
/// for n in 0..100 {
///     values.push(g(n));
///     if let Some(p) = finder.observe(&values) { proved = Some(p); break; }
/// }
/// let p = proved.unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 5));
/// ```
#[derive(Clone, Debug)]
pub struct PeriodFinder {
    shape: ProofShape,
    candidates: Vec<Candidate>,
    checked_len: usize,
    next_search: usize,
    proved: Option<Period>,
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    preperiod: u64,
    period: u64,
    needed: u64,
}

/// The most candidate periods followed at once.
const MAX_CANDIDATES: usize = 64;

impl PeriodFinder {
    /// A finder for a rule of the given shape.
    pub fn new(shape: ProofShape) -> PeriodFinder {
        PeriodFinder {
            shape,
            candidates: Vec::new(),
            checked_len: 0,
            next_search: 1,
            proved: None,
        }
    }

    /// The period, once proved.
    pub fn proved(&self) -> Option<Period> {
        self.proved
    }

    /// Look at `values` (which extends every slice given before) and return
    /// the period if it is now proved.
    pub fn observe<V: Copy + PartialEq>(&mut self, values: &[V]) -> Option<Period> {
        if self.proved.is_some() {
            return self.proved;
        }
        let len = values.len();
        // Drop candidates that the new values contradict.
        let from = self.checked_len;
        self.candidates.retain(|c| {
            let p = c.period as usize;
            (from.max(p)..len).all(|n| values[n] == values[n - p])
        });
        self.checked_len = len;
        if len >= self.next_search {
            self.search(values);
            self.next_search = len + (len / 8).max(1);
        }
        self.proved = self
            .candidates
            .iter()
            .filter(|c| c.needed <= len as u64)
            .min_by_key(|c| c.period)
            .map(|c| Period {
                preperiod: c.preperiod,
                period: c.period,
                proof: Proof::GuySmith {
                    window_start: c.preperiod,
                    window_end: self.shape.window_end(c.preperiod, c.period),
                },
            });
        self.proved
    }

    /// Look for every period `p` whose matching tail is at least `p` long
    /// (or already long enough for a proof).
    fn search<V: Copy + PartialEq>(&mut self, values: &[V]) {
        let len = values.len();
        let mut found = Vec::new();
        for p in 1..=len / 2 {
            // The tail n0..len-p on which G(n+p) = G(n).
            let mut n0 = len - p;
            while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
                n0 -= 1;
            }
            let tail = (len - p - n0) as u64;
            let needed = self.shape.values_needed(n0 as u64, p as u64);
            if tail >= p as u64 || needed <= len as u64 {
                found.push(Candidate {
                    preperiod: n0 as u64,
                    period: p as u64,
                    needed,
                });
            }
        }
        // Multiples of a period share its preperiod, so keeping the ones that
        // need the fewest values keeps the least period.
        found.sort_by_key(|c| (c.needed, c.period));
        found.truncate(MAX_CANDIDATES);
        self.candidates = found;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prove(values: &[u16], shape: ProofShape) -> Option<(u64, u64, usize)> {
        let mut finder = PeriodFinder::new(shape);
        (1..=values.len()).find_map(|len| {
            finder
                .observe(&values[..len])
                .map(|p| (p.preperiod, p.period, len))
        })
    }

    #[test]
    fn a_proof_needs_the_whole_window() {
        // Period 3 from 2, h = 2, t = 2: window n < 2*2 + 3 + 2 = 9, needs 12 values.
        let mut values = vec![5u16, 6];
        values.extend([1, 2, 3].iter().cycle().take(40));
        let shape = ProofShape {
            max_heaps: 2,
            last_digit: 2,
        };
        assert_eq!(prove(&values, shape), Some((2, 3, 12)));
        assert_eq!(prove(&values[..11], shape), None);
    }

    #[test]
    fn a_late_break_is_not_proved_early() {
        // Looks like period 2 for a while, then breaks before the window
        // (n < 42, 44 values) is complete.
        let mut values: Vec<u16> = [0, 1].iter().cycle().take(30).copied().collect();
        values.push(7);
        values.extend([0, 1].iter().cycle().take(30));
        let shape = ProofShape {
            max_heaps: 2,
            last_digit: 40,
        };
        assert_eq!(prove(&values, shape), None);
    }

    #[test]
    fn window_reaches_past_the_last_digit() {
        let shape = ProofShape {
            max_heaps: 1,
            last_digit: 7,
        };
        assert_eq!(shape.window_end(0, 5), 8);
        assert_eq!(shape.values_needed(0, 5), 13);
    }
}
