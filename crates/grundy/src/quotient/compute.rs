//! The proved misère quotient `Q_N` of a heap rule: computing it heap by
//! heap (within limits, with progress and checkpoints), and what it holds —
//! the monoid, the pretending function Φ, its proved period, a
//! presentation and, for a tame game, each heap's misère-Nim image.

use std::time::{Duration, Instant};

use super::build::Builder;
use super::checkpoint::Checkpoint;
use super::monoid::{Element, Monoid};
use super::presentation::{presentation, write_word, Presentation, Relation};
use super::tame::{tame_images, NimImage};
use crate::budget::Budget;
use crate::error::{Error, LimitKind, Result};
use crate::period::{Period, Proof, ProofShape};
use crate::rule::{Rule, Subtraction};

/// What a quotient computation may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuotientLimits {
    /// The most elements the quotient may have (the candidate before
    /// reduction may have up to 16 times as many).
    pub max_order: usize,
    /// The most states the proof's search (and the look-ahead's) may
    /// examine.
    pub max_states: usize,
    /// Stop (with an error) once this many seconds have passed, checked
    /// between heaps and inside each heap: between its candidates and
    /// during their construction, reduction, look-ahead and proof; `None`
    /// for no time limit.
    pub max_seconds: Option<f64>,
}

impl Default for QuotientLimits {
    fn default() -> QuotientLimits {
        QuotientLimits {
            max_order: 2_000,
            max_states: 4_000_000,
            max_seconds: None,
        }
    }
}

/// How a computation is getting on, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The heap just added.
    pub heap: u64,
    /// The order of the quotient so far.
    pub order: usize,
}

/// The misère quotient `Q_N` of a heap game, proved.
#[derive(Clone, Debug)]
pub struct Quotient {
    pub(super) rule: Rule,
    pub(super) monoid: Monoid,
    pub(super) phi: Vec<Element>,
    pub(super) options: Vec<Vec<Element>>,
    pub(super) period: Option<Period>,
    /// For each element, its normal form over the generators.
    words: Vec<Vec<u32>>,
    /// The heaps whose elements are the generators `a, b, c, …`.
    generator_heaps: Vec<u64>,
    relations: Vec<Relation>,
    tame: Option<Vec<NimImage>>,
    proof_states: usize,
    seconds: f64,
}

/// The parameters of the periodicity theorem for a rule, when it applies.
fn proof_shape(rule: &Rule) -> Option<ProofShape> {
    match rule {
        Rule::TakeBreak(code) => Some(code.proof_shape()),
        Rule::Subtraction(Subtraction::Range { hi, .. }) => Some(ProofShape {
            max_heaps: 1,
            last_digit: *hi,
        }),
        Rule::Subtraction(s) => s.proof_shape(),
        Rule::Nim | Rule::Grundys => None,
    }
}

impl Quotient {
    /// The quotient `Q_N` of the heaps `0..=to` of `rule` (a take-and-break
    /// code or a subtraction set), proved.
    ///
    /// ```
    /// use grundy::rule::{Rule, TakeBreak};
    /// use grundy::quotient::{Quotient, QuotientLimits};
    /// // Dawson's Kayles to heap 12.
    /// let q = Quotient::compute(&Rule::dawsons_kayles(), 12, QuotientLimits::default()).unwrap();
    /// assert!(q.order() >= 2 && q.order() % 2 == 0);
    /// ```
    pub fn compute(rule: &Rule, to: u64, limits: QuotientLimits) -> Result<Quotient> {
        Quotient::compute_with(rule, to, false, limits, |_| {})
    }

    /// As [`Quotient::compute`], reporting each heap to `progress`; with
    /// `stop_when_periodic`, stops at the first `N ≤ to` where Φ's period
    /// is proved (then every heap is covered).
    pub fn compute_with(
        rule: &Rule,
        to: u64,
        stop_when_periodic: bool,
        limits: QuotientLimits,
        progress: impl FnMut(Progress),
    ) -> Result<Quotient> {
        Quotient::compute_resumable(rule, to, None, stop_when_periodic, limits, progress).0
    }

    /// As [`Quotient::compute_with`], starting from a [`Checkpoint`] saved
    /// by an earlier run (checked against the rule and proved again before
    /// use), and returning, whatever the outcome, the checkpoint of the last
    /// heap completed — so that a run stopped by a limit can be carried on.
    pub fn compute_resumable(
        rule: &Rule,
        to: u64,
        from: Option<&Checkpoint>,
        stop_when_periodic: bool,
        limits: QuotientLimits,
        progress: impl FnMut(Progress),
    ) -> (Result<Quotient>, Option<Checkpoint>) {
        let budget = Budget::unlimited();
        Quotient::compute_within(
            rule,
            to,
            from,
            stop_when_periodic,
            limits,
            &budget,
            progress,
        )
    }

    /// As [`Quotient::compute_resumable`], within `budget` as well: its
    /// deadline and cancellation are looked at as the limits' own
    /// `max_seconds`, and the tables and proof searches of each heap hold
    /// their bytes against its memory allowance.
    pub fn compute_within(
        rule: &Rule,
        to: u64,
        from: Option<&Checkpoint>,
        stop_when_periodic: bool,
        limits: QuotientLimits,
        budget: &Budget,
        mut progress: impl FnMut(Progress),
    ) -> (Result<Quotient>, Option<Checkpoint>) {
        match rule {
            Rule::TakeBreak(_) | Rule::Subtraction(_) => {}
            _ => {
                return (
                    Err(Error::Unsupported(format!(
                        "misère quotients are computed for take-and-break codes and subtraction sets, not {rule}"
                    ))),
                    None,
                )
            }
        }
        let cap = limits.max_order.saturating_mul(4).max(64) as u64;
        if to > cap {
            return (
                Err(Error::TooLarge(format!(
                    "--to {to}: a misère quotient is built heap by heap; at most {cap} heaps \
                     with this size limit"
                ))),
                None,
            );
        }
        let started = Instant::now();
        let caller = budget;
        let budget = time_budget(caller, limits.max_seconds);
        let mut b = match from {
            None => Builder::new(rule.clone(), limits.max_order),
            Some(c) => match c.restore(rule, limits.max_order, limits.max_states) {
                Ok(b) => b,
                Err(e) => return (Err(e), None),
            },
        };
        let shape = proof_shape(rule);
        let mut period = None;
        let mut states = 0;
        // A run stopped by the time limit says how far it got.
        let stopped = |b: &Builder, e: Error| {
            // The limits' own time, not the caller's deadline.
            let own_time = caller.check().is_ok();
            let e = match (e.limit_kind(), limits.max_seconds) {
                (Some(LimitKind::Time), Some(limit)) if own_time => Error::limit(
                    LimitKind::Time,
                    format!(
                        "the misère quotient of {rule} was stopped after {limit} s: heaps 0..{} \
                         are done (order {} so far)",
                        b.heaps_done(),
                        b.monoid.order
                    ),
                ),
                _ => e,
            };
            (Err(e), Some(Checkpoint::of(b)))
        };
        while b.heaps_done() < to {
            if let Err(e) = budget.check() {
                return stopped(&b, e);
            }
            states = match b.step(limits.max_states, &budget) {
                Ok(s) => s,
                // A heap given up on after the time limit (whatever its
                // last attempt reported) was stopped by the limit.
                Err(e) => return stopped(&b, budget.check().err().unwrap_or(e)),
            };
            progress(Progress {
                heap: b.heaps_done(),
                order: b.monoid.order,
            });
            if stop_when_periodic {
                if let Some(shape) = shape {
                    period = find_period(&b.phi, shape);
                    if period.is_some() {
                        break;
                    }
                }
            }
        }
        if period.is_none() {
            period = shape.and_then(|s| find_period(&b.phi, s));
        }
        let checkpoint = Checkpoint::of(&b);
        // Each step proved its quotient; the last proof covers all heaps.
        let Presentation {
            words,
            generator_heaps,
            relations,
        } = presentation(&b.monoid, &b.phi);
        let tame = tame_images(rule, &b.monoid, &b.phi);
        let q = Quotient {
            rule: rule.clone(),
            monoid: b.monoid,
            phi: b.phi,
            options: b.options,
            period,
            words,
            generator_heaps,
            relations,
            tame,
            proof_states: states,
            seconds: started.elapsed().as_secs_f64(),
        };
        (Ok(q), Some(checkpoint))
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// `N`: the largest heap computed.
    pub fn heaps(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The monoid with its P-portion.
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.monoid.order
    }

    /// The identity element (always 0).
    pub fn identity(&self) -> Element {
        0
    }

    /// The elements of the P-portion, ascending.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.monoid.order as Element)
            .filter(|&x| self.monoid.is_p(x))
            .collect()
    }

    /// The multiplication table, one row per element.
    pub fn table(&self) -> Vec<Vec<Element>> {
        self.monoid
            .mul
            .chunks(self.monoid.order)
            .map(<[Element]>::to_vec)
            .collect()
    }

    /// Φ for the heaps `0..=N`.
    pub fn pretending(&self) -> &[Element] {
        &self.phi
    }

    /// The element of a heap of any size: directly up to `N`, by the proved
    /// period beyond; an error past `N` without a period.
    pub fn phi(&self, heap: u64) -> Result<Element> {
        if let Some(&e) = self.phi.get(heap as usize).filter(|_| heap <= self.heaps()) {
            return Ok(e);
        }
        match self.period {
            Some(p) => Ok(self.phi[p.reduce(heap) as usize]),
            None => Err(Error::TooLarge(format!(
                "heap {heap} is beyond the misère quotient of {} computed to heap {} \
                 (no period of its pretending function is proved there)",
                self.rule,
                self.heaps()
            ))),
        }
    }

    /// The elements of the options of a heap `≤ N`.
    pub(crate) fn option_elements(&self, heap: u64) -> &[Element] {
        &self.options[heap as usize]
    }

    /// The proved period of Φ, if any: `Φ(n + period) = Φ(n)` for all
    /// `n ≥ preperiod`, and then this is the full quotient `Q(Γ)`.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The generators' heaps (`a` is the first, `b` the second, …).
    pub fn generator_heaps(&self) -> &[u64] {
        &self.generator_heaps
    }

    /// Each element's normal form: the exponent of each generator.
    pub fn words(&self) -> &[Vec<u32>] {
        &self.words
    }

    /// A complete set of relations: with the generators they present the
    /// monoid (every word reduces to its normal form by them).
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// An element written over the generators: `1`, `a`, `a²b`, ….
    pub fn word(&self, x: Element) -> String {
        write_word(&self.words[x as usize])
    }

    /// When the game is tame on these heaps: each heap's misère-Nim image.
    pub fn nim_images(&self) -> Option<Vec<NimImage>> {
        self.tame.clone()
    }

    /// Whether the game is tame on the heaps `0..=N`.
    pub fn is_tame(&self) -> bool {
        self.tame.is_some()
    }

    /// The genus of each heap `0..=N` when tame.
    pub fn genus(&self) -> Option<Vec<String>> {
        self.tame
            .as_ref()
            .map(|t| t.iter().map(NimImage::genus).collect())
    }

    /// How many states the proof examined.
    pub fn proof_states(&self) -> usize {
        self.proof_states
    }

    /// The bytes its tables take, about: what a [`QuotientCache`]
    /// counts against its capacity.
    ///
    /// [`QuotientCache`]: super::QuotientCache
    pub fn bytes(&self) -> u64 {
        let lists = |v: &[Vec<u32>]| {
            v.iter()
                .map(|w| (w.len() * 4 + std::mem::size_of::<Vec<u32>>()) as u64)
                .sum::<u64>()
        };
        let relations = self
            .relations
            .iter()
            .map(|r| ((r.lhs.len() + r.rhs.len()) * 4) as u64 + 48)
            .sum::<u64>();
        (self.monoid.mul.len() * 4 + self.monoid.p.len() + self.phi.len() * 4) as u64
            + lists(&self.options)
            + lists(&self.words)
            + relations
    }

    /// Wall-clock seconds the computation took.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }
}

/// The budget of a computation allowed `max_seconds` from now within the
/// caller's `budget`: a limit that is not a valid duration is no limit,
/// unless it is negative (then the time is up at once).
fn time_budget(budget: &Budget, max_seconds: Option<f64>) -> Budget {
    match max_seconds {
        None => budget.clone(),
        Some(limit) => match Duration::try_from_secs_f64(limit) {
            Ok(d) => budget.within(d),
            Err(_) if limit < 0.0 => budget.within(Duration::ZERO),
            Err(_) => budget.clone(),
        },
    }
}

/// The least period `p` (then least `n0`) that the periodicity theorem
/// proves from Φ on the heaps `0..=N`.
fn find_period(phi: &[Element], shape: ProofShape) -> Option<Period> {
    let n = phi.len() as u64 - 1;
    for p in 1..=n / 2 {
        // The least n0 such that Φ(m + p) = Φ(m) for all n0 ≤ m ≤ N − p.
        let mut n0 = n - p + 1;
        while n0 > 0 && phi[(n0 - 1) as usize] == phi[(n0 - 1 + p) as usize] {
            n0 -= 1;
        }
        let raw = n0;
        let n0 = n0.max(1);
        let end = shape.window_end(n0, p);
        // The window is in 128 bits: it must fit below N anyway.
        if end + u128::from(p - 1) <= u128::from(n) {
            let end = end as u64;
            let preperiod = raw;
            return Some(Period {
                preperiod,
                period: p,
                proof: Proof::GuySmith {
                    window_start: n0,
                    window_end: end,
                },
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::TakeBreak;

    fn code(c: &str) -> Rule {
        Rule::TakeBreak(TakeBreak::parse(c).unwrap())
    }

    #[test]
    fn misere_nim_on_heaps_one_two_three_is_t2() {
        // 0.333 is Nim restricted to taking 1, 2 or 3 from heaps, and the
        // heaps up to 3 are exactly Nim heaps.
        let q = Quotient::compute(&code("0.333"), 3, QuotientLimits::default()).unwrap();
        assert_eq!(q.order(), 6);
        assert_eq!(q.p_portion().len(), 2);
        assert!(q.is_tame());
        assert_eq!(q.generator_heaps(), &[1, 2]);
    }
}
