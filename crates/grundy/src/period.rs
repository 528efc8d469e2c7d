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
    ///
    /// Computed in 128 bits: with a subtraction set whose largest member is
    /// near 2^64 the window does not fit in 64 bits (and no proof fits in
    /// memory), which must never wrap into a short window.
    pub fn window_end(&self, preperiod: u64, period: u64) -> u128 {
        let h = u128::from(self.max_heaps.max(1));
        let t = u128::from(self.last_digit);
        // The heap shrunk by `p` in the induction must stay non-empty (a
        // split into two non-empty heaps must map to one), so a preperiod of
        // 0 counts as 1: `0.4` (0, 0, 0, 1, …) is not "period 1 from 0".
        let n0 = u128::from(preperiod.max(1));
        (h * n0 + (h - 1) * u128::from(period) + t).max(t + 1)
    }

    /// How many values `G(0..N)` must be known to run the check (in 128
    /// bits, see [`ProofShape::window_end`]).
    pub fn values_needed(&self, preperiod: u64, period: u64) -> u128 {
        self.window_end(preperiod, period) + u128::from(period)
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
    /// Searches of more values than this scan (see [`PeriodFinder::limit_table`]).
    table_heaps: usize,
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    preperiod: u64,
    period: u64,
    needed: u128,
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
            table_heaps: usize::MAX,
        }
    }

    /// The period, once proved.
    pub fn proved(&self) -> Option<Period> {
        self.proved
    }

    /// Look at `values` (which extends every slice given before) and return
    /// the period if it is now proved.
    pub fn observe<V: Copy + PartialEq>(&mut self, values: &[V]) -> Option<Period> {
        self.observe_by(values.len(), |n| values[n])
    }

    /// [`PeriodFinder::observe`] for values read through `get`: `G(n)` for
    /// `n < len` (a compact store, say), where `len` extends every length
    /// given before.
    pub fn observe_by<V: Copy + PartialEq>(
        &mut self,
        len: usize,
        get: impl Fn(usize) -> V,
    ) -> Option<Period> {
        if self.proved.is_some() {
            return self.proved;
        }
        // Drop candidates that the new values contradict.
        let from = self.checked_len;
        self.candidates.retain(|c| {
            let p = c.period as usize;
            (from.max(p)..len).all(|n| get(n) == get(n - p))
        });
        self.checked_len = len;
        if len >= self.next_search {
            self.search(len, &get);
            self.next_search = len + (len / 8).max(1);
        }
        // The candidates are in ascending order of the values they need
        // (`search` sorts them, `retain` keeps the order): none is proved
        // while the first needs more values.
        if self
            .candidates
            .first()
            .is_none_or(|c| c.needed > len as u128)
        {
            return None;
        }
        self.proved = self
            .candidates
            .iter()
            .filter(|c| c.needed <= len as u128)
            .min_by_key(|c| c.period)
            .map(|c| Period {
                preperiod: c.preperiod,
                period: c.period,
                proof: Proof::GuySmith {
                    window_start: c.preperiod,
                    // At most `needed ≤ len`, so it fits in 64 bits.
                    window_end: self.shape.window_end(c.preperiod, c.period) as u64,
                },
            });
        self.proved
    }

    /// The least length at which [`PeriodFinder::observe_by`] may return a
    /// proof not returned yet: the next search, or the fewest values a
    /// candidate needs, whichever comes first (new values only drop
    /// candidates, and a candidate is proved only once its values are
    /// known). Values up to one less than it can be computed without
    /// looking: a run that stops at a proof then never computes past one.
    ///
    /// ```
    /// use grundy::period::{PeriodFinder, ProofShape};
    /// let finder = PeriodFinder::new(ProofShape { max_heaps: 1, last_digit: 7 });
    /// // Nothing is known yet: the first value is searched at once.
    /// assert_eq!(finder.earliest_proof(), 1);
    /// ```
    pub fn earliest_proof(&self) -> usize {
        let needed = self.candidates.first().map_or(u128::MAX, |c| c.needed);
        // `needed` may exceed usize: then only the search comes first.
        usize::try_from(needed).map_or(self.next_search, |n| n.min(self.next_search))
    }

    /// Searches of more than `heaps` values scan each period instead of
    /// building the table of matching tails (4 bytes per 2 heaps): for runs
    /// whose values take less memory than that table. The candidates found,
    /// and so the periods proved, are the same.
    pub fn limit_table(&mut self, heaps: usize) {
        self.table_heaps = heaps;
    }

    /// Look for every period `p` whose matching tail is at least `p` long
    /// (or already long enough for a proof).
    ///
    /// The tail of every `p` at once is the Z-function of the reversed
    /// values (`Z[p]` is the longest common suffix of `G(..len)` and
    /// `G(..len−p)`), computed in linear time. Where its table cannot be
    /// allocated, each `p` is scanned instead, skipping the multiples
    /// `p = k·q` of a period `q` already found, because their tail starts
    /// exactly where `q`'s does. If `G(n+q) = G(n)`
    /// for `n0 ≤ n < len−q` and `G(n0−1) ≠ G(n0−1+q)`, then chaining gives
    /// `G(n+kq) = G(n)` on `n0 ≤ n < len−kq`, and `G(n0−1+kq) = G(n0−1+q)`
    /// (both `≥ n0`), so `G(n0−1+kq) ≠ G(n0−1)`.
    fn search<V: Copy + PartialEq>(&mut self, len: usize, values: impl Fn(usize) -> V) {
        let mut found = Vec::new();
        // Periods with a tail at least as long as themselves: (q, n0).
        let mut bases: Vec<(usize, usize)> = Vec::new();
        // A tail shorter than its period is a candidate only if it proves
        // the period now (needed ≤ len). With n0 = len − p − tail,
        // needed ≥ h·(len − tail) + t, which is at most len only if
        // tail ≥ len − ⌊(len − t) / h⌋: shorter tails are skipped without
        // the 128-bit count (for h ≥ 2, every tail shorter than its period
        // is: p ≤ len / 2).
        let (h, t) = (self.shape.max_heaps.max(1), self.shape.last_digit);
        let proving_tail = match (len as u64).checked_sub(t) {
            Some(room) => len - (room / h) as usize,
            None => usize::MAX,
        };
        // With proving_tail ≥ 1, a period without a tail (G(len−1−p) ≠
        // G(len−1)) is never a candidate, and most periods are so: the
        // tails of the others are counted directly while that stays within
        // linear time (values that are not periodic), or else the
        // Z-function gives every tail.
        let direct = (proving_tail >= 1)
            .then(|| matching_tails(len, &values, len))
            .flatten();
        let z = (direct.is_none() && len <= self.table_heaps)
            .then(|| suffix_matches(len, &values))
            .flatten();
        let listed = direct
            .iter()
            .flatten()
            .map(|&(p, tail)| (p, Some(len - p - tail)));
        let every = direct
            .is_none()
            .then_some(1..=len / 2)
            .into_iter()
            .flatten()
            .map(|p| (p, None));
        for (p, listed) in listed.chain(every) {
            let known = listed.or_else(|| match &z {
                Some(z) => Some(len - p - z[p] as usize),
                None => bases
                    .iter()
                    .find(|&&(q, n0)| p % q == 0 && p <= len - n0)
                    .map(|&(_, n0)| n0),
            });
            // The tail n0..len-p on which G(n+p) = G(n).
            let n0 = known.unwrap_or_else(|| {
                let mut n0 = len - p;
                while n0 > 0 && values(n0 - 1) == values(n0 - 1 + p) {
                    n0 -= 1;
                }
                n0
            });
            if len - p - n0 < p.min(proving_tail) {
                continue;
            }
            let tail = (len - p - n0) as u64;
            let needed = self.shape.values_needed(n0 as u64, p as u64);
            if tail >= p as u64 || needed <= len as u128 {
                if known.is_none() && tail >= p as u64 && bases.len() < MAX_BASES {
                    bases.push((p, n0));
                }
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

/// `(p, z[p])` (see [`suffix_matches`]) for every `1 ≤ p ≤ len/2` with
/// `z[p] ≥ 1`, ascending in `p`, each tail counted value by value; `None`
/// once the count passes `budget` values (long tails: periodic values).
fn matching_tails<V: Copy + PartialEq>(
    len: usize,
    values: impl Fn(usize) -> V,
    budget: usize,
) -> Option<Vec<(usize, usize)>> {
    let mut tails = Vec::new();
    let Some(end) = len.checked_sub(1) else {
        return Some(tails);
    };
    let last = values(end);
    let mut spent = 0;
    for p in 1..=len / 2 {
        if values(end - p) != last {
            continue;
        }
        let mut tail = 1;
        while tail < len - p && values(end - p - tail) == values(end - tail) {
            tail += 1;
        }
        spent += tail;
        if spent > budget {
            return None;
        }
        tails.push((p, tail));
    }
    Some(tails)
}

/// `z[p]` for `1 ≤ p ≤ len/2`: how many `n` just below `len − p` have
/// `G(n) = G(n + p)` (the Z-function of the reversed values), or `None`
/// when the table does not fit in memory.
fn suffix_matches<V: Copy + PartialEq>(
    len: usize,
    values: impl Fn(usize) -> V,
) -> Option<Vec<u32>> {
    let half = len / 2;
    if u32::try_from(len).is_err() {
        return None;
    }
    let mut z: Vec<u32> = Vec::new();
    z.try_reserve_exact(half + 1).ok()?;
    z.resize(half + 1, 0);
    // rev(i) = G(len − 1 − i); z[i] = LCP(rev, rev[i..]).
    let rev = |i: usize| values(len - 1 - i);
    // [l, r): the rightmost match rev[l..r] = rev[0..r−l] found so far.
    let (mut l, mut r) = (0usize, 0usize);
    for i in 1..=half {
        let mut k = if i < r {
            (r - i).min(z[i - l] as usize)
        } else {
            0
        };
        while i + k < len && rev(k) == rev(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > r {
            (l, r) = (i, i + k);
        }
    }
    Some(z)
}

/// The most periods whose multiples [`PeriodFinder`] skips in one search.
const MAX_BASES: usize = 16;

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
    fn windows_near_2_64_do_not_wrap() {
        // sub{1, 2^64 − 101}: n mod 2 for a long while, but the window of a
        // proof reaches past 2^64, so no proof may come from a prefix.
        let shape = ProofShape {
            max_heaps: 1,
            last_digit: 18_446_744_073_709_551_515,
        };
        assert_eq!(shape.window_end(99, 3), 99 + 18_446_744_073_709_551_515);
        assert!(shape.values_needed(99, 3) > u64::MAX as u128);
        let values: Vec<u16> = (0..20_000).map(|n| (n % 2) as u16).collect();
        assert_eq!(prove(&values, shape), None);
        let top = ProofShape {
            max_heaps: 1,
            last_digit: u64::MAX,
        };
        assert_eq!(prove(&values, top), None);
    }

    #[test]
    fn search_skips_multiples_without_changing_the_answer() {
        // A long run of period 6 and then a break: every multiple of 6 has
        // the same tail as 6, and the least period is still found.
        let mut values: Vec<u16> = (0..5000).map(|n| [0u16, 0, 0, 1, 1, 1][n % 6]).collect();
        values.push(9);
        values.extend((0..400).map(|n| [2u16, 3, 4, 5][n % 4]));
        let shape = ProofShape {
            max_heaps: 1,
            last_digit: 7,
        };
        assert_eq!(prove(&values, shape).map(|p| (p.0, p.1)), Some((0, 6)));
        assert_eq!(prove(&values[4990..], shape).map(|p| p.1), Some(4));
    }

    /// The search before multiples were skipped: every `p` scanned.
    fn prove_by_full_scans(values: &[u16], shape: ProofShape) -> Option<(u64, u64, usize)> {
        let mut finder = PeriodFinder::new(shape);
        (1..=values.len()).find_map(|len| {
            let v = &values[..len];
            let from = finder.checked_len;
            finder.candidates.retain(|c| {
                let p = c.period as usize;
                (from.max(p)..len).all(|n| v[n] == v[n - p])
            });
            finder.checked_len = len;
            if len >= finder.next_search {
                let mut found = Vec::new();
                for p in 1..=len / 2 {
                    let mut n0 = len - p;
                    while n0 > 0 && v[n0 - 1] == v[n0 - 1 + p] {
                        n0 -= 1;
                    }
                    let needed = shape.values_needed(n0 as u64, p as u64);
                    if len - p - n0 >= p || needed <= len as u128 {
                        found.push(Candidate {
                            preperiod: n0 as u64,
                            period: p as u64,
                            needed,
                        });
                    }
                }
                found.sort_by_key(|c| (c.needed, c.period));
                found.truncate(MAX_CANDIDATES);
                finder.candidates = found;
                finder.next_search = len + (len / 8).max(1);
            }
            finder
                .candidates
                .iter()
                .filter(|c| c.needed <= len as u128)
                .min_by_key(|c| c.period)
                .map(|c| (c.preperiod, c.period, len))
        })
    }

    proptest::proptest! {
        #[test]
        fn skipping_multiples_changes_no_answer(
            pre in proptest::collection::vec(0u16..4, 0..40),
            cycle in proptest::collection::vec(0u16..4, 1..12),
            last_digit in 1u64..20,
        ) {
            let shape = ProofShape { max_heaps: 1, last_digit };
            let mut values = pre.clone();
            values.extend(cycle.iter().cycle().take(cycle.len() * 30 + 200));
            let got = prove(&values, shape);
            proptest::prop_assert_eq!(got, prove_by_full_scans(&values, shape));
            let mut finder = PeriodFinder::new(shape);
            finder.limit_table(0);
            let scanned = (1..=values.len()).find_map(|len| {
                finder.observe(&values[..len]).map(|p| (p.preperiod, p.period, len))
            });
            proptest::prop_assert_eq!(got, scanned);
            let z = suffix_matches(values.len(), |n| values[n]).unwrap();
            for p in 1..=values.len() / 2 {
                let tail = (0..values.len() - p)
                    .rev()
                    .take_while(|&n| values[n] == values[n + p])
                    .count();
                proptest::prop_assert_eq!(z[p] as usize, tail);
            }
            // The tails counted directly are those of the Z-function, when
            // the budget allows.
            let nonzero: Vec<(usize, usize)> = (1..=values.len() / 2)
                .filter(|&p| z[p] > 0)
                .map(|p| (p, z[p] as usize))
                .collect();
            let spent: usize = nonzero.iter().map(|&(_, t)| t).sum();
            for budget in [0, spent / 2, spent, values.len()] {
                let direct = matching_tails(values.len(), |n| values[n], budget);
                let expect = (spent <= budget).then(|| nonzero.clone());
                proptest::prop_assert_eq!(direct, expect);
            }
            let (n0, p, at) = got.expect("a periodic tail this long is proved");
            // What was proved holds on the whole window it needs.
            proptest::prop_assert!(at as u128 >= shape.values_needed(n0, p));
            for n in n0 as usize..shape.window_end(n0, p) as usize {
                proptest::prop_assert_eq!(values[n], values[n + p as usize]);
            }
        }
    }

    thread_local! {
        static COMPARISONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// A value that counts how often it is compared.
    #[derive(Clone, Copy, Debug)]
    struct Counted(u16);

    impl PartialEq for Counted {
        fn eq(&self, other: &Counted) -> bool {
            COMPARISONS.with(|c| c.set(c.get() + 1));
            self.0 == other.0
        }
    }

    #[test]
    fn search_work_is_linear_for_a_long_short_period() {
        // sub{3, 20000}: period 6 for 20000 heaps, then something else. Every
        // multiple of 6 matches far back, which made the search quadratic
        // (about len²/12 = 75·10^6 comparisons here).
        let (m, len) = (20_000usize, 30_000usize);
        let mut g: Vec<u16> = Vec::with_capacity(len);
        for n in 0..len {
            let a = if n >= 3 { Some(g[n - 3]) } else { None };
            let b = if n >= m { Some(g[n - m]) } else { None };
            g.push((0..).find(|v| a != Some(*v) && b != Some(*v)).unwrap());
        }
        let values: Vec<Counted> = g.iter().map(|&v| Counted(v)).collect();
        let mut finder = PeriodFinder::new(ProofShape {
            max_heaps: 1,
            last_digit: m as u64,
        });
        COMPARISONS.with(|c| c.set(0));
        for l in 1..=len {
            finder.observe(&values[..l]);
        }
        let work = COMPARISONS.with(|c| c.get());
        assert!(
            work < 200 * len as u64,
            "{work} comparisons for {len} values"
        );
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
