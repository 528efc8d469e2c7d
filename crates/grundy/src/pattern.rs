//! Patterns in tables of Grundy values and of P-positions, found and rated.
//!
//! The habit of tabling a game and looking for a rule, done for you and
//! honest about certainty: a pattern read off a finite table is only
//! *observed* up to the table's end, unless a theorem turns the table into
//! a proof.
//!
//! * [`find_sequence`] looks at `G(0..N)` of a one-parameter family:
//!   periodic from some point (`G(n + p) = G(n)`), arithmetic-periodic
//!   (`G(n + p) = G(n) + s` with a saltus `s > 0`, as for Lasker's Nim), or
//!   nothing. Given the shape of the moves (at most `t` tokens removed, at
//!   most `h` heaps left), a period that the table covers far enough is
//!   **proved** by the Guy–Smith theorem ([`crate::period`]).
//! * [`find_lines`] looks at the P-positions `(a, b)` of a two-parameter
//!   family inside a square: on the diagonal, on lines through the origin,
//!   or complementary Beatty pairs `(⌊kα⌋, ⌊kβ⌋)` (Wythoff's game: α = φ,
//!   β = φ²), else the list itself.
//!
//! ```
//! use grundy::pattern::{find_sequence, Certainty, SequencePattern};
//! use grundy::period::ProofShape;
//! // sub{1,2,3}: n mod 4, proved with t = 3 and one heap left.
//! let g: Vec<u64> = (0..40).map(|n| n % 4).collect();
//! let f = find_sequence(&g, Some(ProofShape { max_heaps: 1, last_digit: 3 }));
//! assert_eq!(f.pattern, SequencePattern::Periodic { preperiod: 0, period: 4 });
//! assert!(matches!(f.certainty, Certainty::Proved { .. }));
//! ```

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashSet};

use serde::Serialize;

use crate::period::ProofShape;

/// What a table of `G(0..N)` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SequencePattern {
    /// `G(n + period) = G(n)` for every `n ≥ preperiod` in the table
    /// (purely periodic when `preperiod` is 0).
    Periodic { preperiod: u64, period: u64 },
    /// `G(n + period) = G(n) + saltus` for every `n ≥ preperiod` in the table.
    ArithmeticPeriodic {
        preperiod: u64,
        period: u64,
        saltus: u64,
    },
    /// Neither, with enough of the table to be seen.
    None,
}

/// How sure a pattern is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Certainty {
    /// Proved for every `n` by the Guy–Smith theorem: the table covers the
    /// window `window_start..window_end` it asks for.
    Proved { window_start: u64, window_end: u64 },
    /// Seen in the table, up to and including `up_to`; nothing said beyond.
    Observed { up_to: u64 },
}

/// A pattern in a sequence and how sure it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SequenceFinding {
    pub pattern: SequencePattern,
    pub certainty: Certainty,
}

/// The shortest tail a pattern of period `p` must cover in a table of `len`
/// values to be reported: three periods, and a third of the table (a
/// "period" seen only in the last few values is a coincidence, not a rule).
fn enough(tail: usize, p: usize, len: usize) -> bool {
    tail >= 3 * p && tail * 3 >= len
}

/// The least `n0` with `rel(values[n], values[n + p])` for all
/// `n0 ≤ n < len − p`, scanning back from the end.
fn tail_start(values: &[u64], p: usize, rel: impl Fn(u64, u64) -> bool) -> usize {
    let mut n = values.len() - p;
    while n > 0 && rel(values[n - 1], values[n - 1 + p]) {
        n -= 1;
    }
    n
}

/// The pattern of `G(0..values.len())`, with the least period, and the least
/// preperiod for it. With `shape` (the moves remove at most
/// `shape.last_digit` tokens and leave at most `shape.max_heaps` heaps, by
/// the same rule at every size, as in take-and-break games), a period is
/// proved when the table reaches the Guy–Smith window.
///
/// ```
/// use grundy::pattern::{find_sequence, SequencePattern};
/// // Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
/// let g: Vec<u64> = (0..200u64)
///     .map(|n| match n % 4 { 0 if n > 0 => n - 1, 3 => n + 1, _ => n })
///     .collect();
/// let f = find_sequence(&g, None);
/// assert_eq!(f.pattern,
///     SequencePattern::ArithmeticPeriodic { preperiod: 1, period: 4, saltus: 4 });
/// ```
pub fn find_sequence(values: &[u64], shape: Option<ProofShape>) -> SequenceFinding {
    let len = values.len();
    let up_to = (len as u64).saturating_sub(1);
    let observed = Certainty::Observed { up_to };
    for p in 1..=len / 3 {
        let n0 = tail_start(values, p, |a, b| a == b);
        if enough(len - n0, p, len) {
            let (preperiod, period) = (n0 as u64, p as u64);
            let certainty = match shape {
                Some(s) if s.values_needed(preperiod, period) <= len as u128 => Certainty::Proved {
                    window_start: preperiod,
                    window_end: s.window_end(preperiod, period) as u64,
                },
                _ => observed,
            };
            return SequenceFinding {
                pattern: SequencePattern::Periodic { preperiod, period },
                certainty,
            };
        }
    }
    for p in 1..=len / 3 {
        let last = len - 1;
        let Some(saltus) = values[last]
            .checked_sub(values[last - p])
            .filter(|&s| s > 0)
        else {
            continue;
        };
        let n0 = tail_start(values, p, |a, b| b.checked_sub(a) == Some(saltus));
        if enough(len - n0, p, len) {
            return SequenceFinding {
                pattern: SequencePattern::ArithmeticPeriodic {
                    preperiod: n0 as u64,
                    period: p as u64,
                    saltus,
                },
                certainty: observed,
            };
        }
    }
    SequenceFinding {
        pattern: SequencePattern::None,
        certainty: observed,
    }
}

/// A closed interval of reals `[lo, hi)` with rational ends `num/den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Slope {
    /// The least value consistent with the table, `lo_num / lo_den`.
    pub lo_num: u64,
    pub lo_den: u64,
    /// Every consistent value is below `hi_num / hi_den`.
    pub hi_num: u64,
    pub hi_den: u64,
}

impl Slope {
    /// The middle of the interval, as a float (for people).
    pub fn estimate(&self) -> f64 {
        (self.lo_num as f64 / self.lo_den as f64 + self.hi_num as f64 / self.hi_den as f64) / 2.0
    }

    /// Whether `x` is consistent with the table.
    pub fn contains(&self, x: f64) -> bool {
        self.lo_num as f64 <= x * self.lo_den as f64
            && x * (self.hi_den as f64) < self.hi_num as f64
    }
}

/// `a/b` against `c/d`, exactly.
fn cmp_frac(a: u64, b: u64, c: u64, d: u64) -> Ordering {
    (u128::from(a) * u128::from(d)).cmp(&(u128::from(c) * u128::from(b)))
}

/// The reals `x` with `⌊k·x⌋ = s_k` for every `k = 1, 2, …` (the `k`-th
/// element of `seq`), or `None` when there are none: the intersection of
/// `[s_k / k, (s_k + 1) / k)`.
fn beatty_slope(seq: &[u64]) -> Option<Slope> {
    let mut s = Slope {
        lo_num: 0,
        lo_den: 1,
        hi_num: u64::MAX,
        hi_den: 1,
    };
    for (i, &v) in seq.iter().enumerate() {
        let k = i as u64 + 1;
        if cmp_frac(v, k, s.lo_num, s.lo_den) == Ordering::Greater {
            (s.lo_num, s.lo_den) = (v, k);
        }
        let up = v.checked_add(1)?;
        if cmp_frac(up, k, s.hi_num, s.hi_den) == Ordering::Less {
            (s.hi_num, s.hi_den) = (up, k);
        }
    }
    (cmp_frac(s.lo_num, s.lo_den, s.hi_num, s.hi_den) == Ordering::Less).then_some(s)
}

/// What the P-positions of a two-parameter family show inside a square.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LinesPattern {
    /// Exactly the diagonal `a = b` (as for two Nim heaps).
    Diagonal,
    /// Apart from `(0, 0)`, pairs `(⌊kα⌋, ⌊kβ⌋)` for `k = 1, 2, …` and
    /// their mirror images: two lines through the origin of slopes `β/α`
    /// and `α/β`, with `alpha` and `beta` known to the intervals given.
    /// `golden` says the table is consistent with Wythoff's `α = φ`,
    /// `β = φ²`.
    Beatty {
        alpha: Slope,
        beta: Slope,
        pairs: usize,
        golden: bool,
    },
    /// On finitely many lines `b·den = a·num` through the origin.
    Lines { slopes: Vec<(u64, u64)> },
    /// No pattern recognised: the P-positions themselves.
    List { positions: Vec<(u64, u64)> },
}

/// The golden ratio φ = (1 + √5)/2.
const PHI: f64 = 1.618_033_988_749_895;

/// The pattern of the P-positions `points` of a family on `[0, bound]²`.
///
/// ```
/// use grundy::pattern::{find_lines, LinesPattern};
/// let nim2: Vec<(u64, u64)> = (0..=20).map(|a| (a, a)).collect();
/// assert_eq!(find_lines(&nim2, 20), LinesPattern::Diagonal);
/// ```
pub fn find_lines(points: &[(u64, u64)], bound: u64) -> LinesPattern {
    let set: HashSet<(u64, u64)> = points.iter().copied().collect();
    let mut sorted: Vec<(u64, u64)> = set.iter().copied().collect();
    sorted.sort_unstable();
    if !sorted.is_empty() && sorted.iter().all(|&(a, b)| a == b) && sorted.len() as u64 == bound + 1
    {
        return LinesPattern::Diagonal;
    }
    // Lines through the origin: the reduced slopes, each seen at least 3 times.
    let mut slopes: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for &(a, b) in &sorted {
        if (a, b) != (0, 0) {
            let g = gcd(a, b);
            *slopes.entry((b / g, a / g)).or_default() += 1;
        }
    }
    if !slopes.is_empty() && slopes.len() <= 4 && slopes.values().all(|&c| c >= 3) {
        return LinesPattern::Lines {
            slopes: slopes.into_keys().collect(),
        };
    }
    let symmetric = sorted.iter().all(|&(a, b)| set.contains(&(b, a)));
    let lower: Vec<(u64, u64)> = sorted.iter().copied().filter(|&(a, b)| a < b).collect();
    let only_origin_on_diagonal = sorted.iter().all(|&(a, b)| a != b || a == 0);
    if symmetric && only_origin_on_diagonal && set.contains(&(0, 0)) && lower.len() >= 3 {
        let a: Vec<u64> = lower.iter().map(|p| p.0).collect();
        let b: Vec<u64> = lower.iter().map(|p| p.1).collect();
        let distinct = a.windows(2).all(|w| w[0] < w[1]) && b.windows(2).all(|w| w[0] < w[1]);
        if distinct {
            if let (Some(alpha), Some(beta)) = (beatty_slope(&a), beatty_slope(&b)) {
                let golden = alpha.contains(PHI) && beta.contains(PHI * PHI);
                return LinesPattern::Beatty {
                    alpha,
                    beta,
                    pairs: lower.len(),
                    golden,
                };
            }
        }
    }
    LinesPattern::List { positions: sorted }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl SequenceFinding {
    /// The finding in one sentence.
    pub fn describe(&self) -> String {
        let what = match self.pattern {
            SequencePattern::Periodic {
                preperiod: 0,
                period,
            } => format!("purely periodic with period {period}"),
            SequencePattern::Periodic { preperiod, period } => {
                format!("ultimately periodic: period {period} from n = {preperiod}")
            }
            SequencePattern::ArithmeticPeriodic {
                preperiod,
                period,
                saltus,
            } => format!(
                "arithmetic-periodic: G(n + {period}) = G(n) + {saltus} from n = {preperiod}"
            ),
            SequencePattern::None => "no period or arithmetic period found".to_string(),
        };
        let how = match self.certainty {
            Certainty::Proved {
                window_start,
                window_end,
            } => format!(
                "proved by the Guy–Smith theorem (G(n + p) = G(n) checked for {window_start} ≤ n < {window_end})"
            ),
            Certainty::Observed { up_to } => format!("observed up to n = {up_to}"),
        };
        format!("{what}, {how}")
    }
}

impl LinesPattern {
    /// The finding in one sentence.
    pub fn describe(&self, bound: u64) -> String {
        match self {
            LinesPattern::Diagonal => {
                format!("P-positions are exactly a = b (observed for a, b ≤ {bound})")
            }
            LinesPattern::Beatty {
                alpha,
                beta,
                pairs,
                golden,
            } => {
                let (x, y) = if *golden {
                    ("φ".to_string(), "φ²".to_string())
                } else {
                    (
                        format!("{:.6}", alpha.estimate()),
                        format!("{:.6}", beta.estimate()),
                    )
                };
                let ratio = if *golden {
                    "φ".to_string()
                } else {
                    format!("{:.6}", beta.estimate() / alpha.estimate())
                };
                format!(
                    "P-positions are (0, 0), the pairs (⌊k·{x}⌋, ⌊k·{y}⌋) for k ≥ 1 and their mirror images: \
                     Beatty sequences of slopes {x} and {y}, on the two lines b = {ratio}·a and a = {ratio}·b \
                     (observed for {pairs} pairs with a, b ≤ {bound})"
                )
            }
            LinesPattern::Lines { slopes } => {
                let lines: Vec<String> = slopes
                    .iter()
                    .map(|&(num, den)| match (num, den) {
                        (_, 1) => format!("b = {num}·a"),
                        (1, _) => format!("a = {den}·b"),
                        _ => format!("{den}·b = {num}·a"),
                    })
                    .collect();
                format!(
                    "P-positions lie on the lines {} through the origin (observed for a, b ≤ {bound})",
                    lines.join(", ")
                )
            }
            LinesPattern::List { positions } => format!(
                "no lines recognised: {} P-positions with a, b ≤ {bound}",
                positions.len()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles_from_rules(n: usize) -> Vec<u64> {
        // Remove 1 or 2 adjacent pins, leaving up to two rows.
        let mut g = vec![0u64; n];
        for m in 1..n {
            let mut seen = HashSet::new();
            for take in 1..=2.min(m) {
                for left in 0..=(m - take) {
                    seen.insert(g[left] ^ g[m - take - left]);
                }
            }
            g[m] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    #[test]
    fn kayles_is_proved_periodic_12_from_71() {
        let g = kayles_from_rules(400);
        let f = find_sequence(
            &g,
            Some(ProofShape {
                max_heaps: 2,
                last_digit: 2,
            }),
        );
        assert_eq!(
            f.pattern,
            SequencePattern::Periodic {
                preperiod: 71,
                period: 12
            }
        );
        assert_eq!(
            f.certainty,
            Certainty::Proved {
                window_start: 71,
                window_end: 2 * 71 + 12 + 2
            }
        );
        // Without the shape, or with too short a table, only observed.
        assert!(matches!(
            find_sequence(&g, None).certainty,
            Certainty::Observed { up_to: 399 }
        ));
        let short = find_sequence(
            &g[..160],
            Some(ProofShape {
                max_heaps: 2,
                last_digit: 2,
            }),
        );
        assert!(matches!(short.certainty, Certainty::Observed { .. }));
    }

    #[test]
    fn no_pattern_in_nim() {
        let g: Vec<u64> = (0..100).collect();
        // Nim is arithmetic-periodic with period 1 and saltus 1.
        assert_eq!(
            find_sequence(&g, None).pattern,
            SequencePattern::ArithmeticPeriodic {
                preperiod: 0,
                period: 1,
                saltus: 1
            }
        );
        let squares: Vec<u64> = (0..100u64).map(|n| n * n % 97).collect();
        assert_eq!(find_sequence(&squares, None).pattern, SequencePattern::None);
    }

    #[test]
    fn wythoff_pairs_are_golden_beatty() {
        let bound = 200u64;
        let mut pts = vec![(0, 0)];
        for k in 1..200u64 {
            let a = (k as f64 * PHI).floor() as u64;
            let b = a + k;
            if b <= bound {
                pts.push((a, b));
                pts.push((b, a));
            }
        }
        match find_lines(&pts, bound) {
            LinesPattern::Beatty { golden, pairs, .. } => {
                assert!(golden);
                assert_eq!(pairs, 76);
            }
            other => panic!("{other:?}"),
        }
        // Two lines b = 2a and a = 2b.
        let lines: Vec<(u64, u64)> = (0..=10u64).flat_map(|a| [(a, 2 * a), (2 * a, a)]).collect();
        assert_eq!(
            find_lines(&lines, 20),
            LinesPattern::Lines {
                slopes: vec![(1, 2), (2, 1)]
            }
        );
    }
}
