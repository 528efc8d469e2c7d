//! Quotients kept between analyses. The misère play of a sum of heaps of one
//! rule is read from the rule's quotient, which may take seconds to
//! compute; a caller that analyses many positions (a game being played, a
//! server, a notebook) keeps one [`QuotientCache`] and computes each rule's
//! quotient once. The analysis of a position finds it in the
//! [`Memo`](crate::memo::Memo) of its options, so a caller that keeps its
//! [`AnalyzeOptions`](crate::sum::AnalyzeOptions) keeps its quotients.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

use super::compute::{Quotient, QuotientLimits};
use super::read::MisereAnswer;
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::rule::Rule;

/// The most heaps the misère analysis builds a quotient for, in search of
/// a proved period or to cover the heaps of a position.
pub(crate) const ANALYSIS_HEAPS: u64 = 240;

/// What the analysis of a position may spend on a quotient: bounded up
/// front, 30 s at most.
pub(crate) const ANALYSIS_LIMITS: QuotientLimits = QuotientLimits {
    max_order: 2_000,
    max_states: 4_000_000,
    max_seconds: Some(30.0),
};

/// The bytes of quotients a cache keeps by default: 256 MiB, some sixteen
/// quotients of the largest order the analysis computes.
pub const DEFAULT_CACHE_BYTES: u64 = 256 << 20;

/// Misère quotients already computed, by rule (the furthest one of each),
/// within a bound on their bytes (the least recently used go first).
/// Clones share the quotients: hand clones to the threads of one caller.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::quotient::QuotientCache;
/// use grundy::rule::Rule;
/// let cache = QuotientCache::new();
/// let q = cache.covering(&Rule::kayles(), 12, Default::default(), &Budget::unlimited()).unwrap();
/// assert_eq!(q.heaps(), 12);
/// // The second request finds it.
/// let again = cache.covering(&Rule::kayles(), 10, Default::default(), &Budget::unlimited()).unwrap();
/// assert!(std::sync::Arc::ptr_eq(&q, &again));
/// ```
#[derive(Clone)]
pub struct QuotientCache {
    inner: Arc<Mutex<Entries>>,
}

struct Entries {
    map: HashMap<Rule, Entry>,
    /// The bytes of the quotients kept, and the most they may take.
    bytes: u64,
    capacity: u64,
    /// Counts uses, so that the least recently used entry is known.
    clock: u64,
}

struct Entry {
    quotient: Arc<Quotient>,
    bytes: u64,
    used: u64,
}

impl Default for QuotientCache {
    fn default() -> QuotientCache {
        QuotientCache::new()
    }
}

impl fmt::Debug for QuotientCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.entries();
        f.debug_struct("QuotientCache")
            .field("quotients", &e.map.len())
            .field("bytes", &e.bytes)
            .field("capacity", &e.capacity)
            .finish()
    }
}

impl QuotientCache {
    /// An empty cache keeping at most [`DEFAULT_CACHE_BYTES`].
    pub fn new() -> QuotientCache {
        QuotientCache::with_capacity(DEFAULT_CACHE_BYTES)
    }

    /// An empty cache keeping at most `bytes` of quotients (a quotient
    /// larger than that is computed, used and not kept).
    pub fn with_capacity(bytes: u64) -> QuotientCache {
        QuotientCache {
            inner: Arc::new(Mutex::new(Entries {
                map: HashMap::new(),
                bytes: 0,
                capacity: bytes,
                clock: 0,
            })),
        }
    }

    /// How many rules' quotients are kept.
    pub fn len(&self) -> usize {
        self.entries().map.len()
    }

    /// Whether no quotient is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of the quotients kept (an estimate of their tables).
    pub fn bytes(&self) -> u64 {
        self.entries().bytes
    }

    /// The entries; a thread that panicked while holding them left a map
    /// that is still consistent (every change is one insert or removal).
    fn entries(&self) -> MutexGuard<'_, Entries> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A quotient of `rule` that covers `largest` (computing one if none
    /// kept does): up to `largest` when it is small, else until Φ's period
    /// is proved.
    pub fn covering(
        &self,
        rule: &Rule,
        largest: u64,
        limits: QuotientLimits,
        budget: &Budget,
    ) -> Result<Arc<Quotient>> {
        if let Some(q) = self.get(rule) {
            if largest <= q.heaps() || q.period().is_some() {
                return Ok(q);
            }
        }
        let compute = |to: u64, periodic: bool| {
            Quotient::compute_within(rule, to, None, periodic, limits, budget, |_| {}).0
        };
        let q = if largest <= ANALYSIS_HEAPS {
            compute(largest, false)?
        } else {
            let q = compute(ANALYSIS_HEAPS, true)?;
            if q.period().is_none() {
                return Err(Error::TooLarge(format!(
                    "heap {largest} is beyond the {ANALYSIS_HEAPS} heaps for which the misère quotient \
                     of {rule} is computed, and no period of its pretending function is proved within them"
                )));
            }
            q
        };
        let q = Arc::new(q);
        self.keep(rule, &q);
        Ok(q)
    }

    /// Misère play of a sum of heaps of one take-and-break or subtraction
    /// rule, read from the rule's misère quotient: the outcome and every
    /// winning move (at most `max_moves`, by heap index). `None` for rules
    /// that have no quotient here (the caller then searches).
    pub fn solve_misere(
        &self,
        rule: &Rule,
        heaps: &[u64],
        max_moves: usize,
        budget: &Budget,
    ) -> Option<Result<MisereAnswer>> {
        if !matches!(rule, Rule::TakeBreak(_) | Rule::Subtraction(_)) {
            return None;
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        Some(
            self.covering(rule, largest, ANALYSIS_LIMITS, budget)
                .and_then(|q| q.winning_moves(heaps, max_moves)),
        )
    }

    /// The quotient kept for `rule`, if any (marked as used).
    pub fn get(&self, rule: &Rule) -> Option<Arc<Quotient>> {
        let mut e = self.entries();
        e.clock += 1;
        let now = e.clock;
        let entry = e.map.get_mut(rule)?;
        entry.used = now;
        Some(entry.quotient.clone())
    }

    /// Keeps `q` for `rule`, unless the one kept reaches further and `q`
    /// has no period; the least recently used quotients make room.
    fn keep(&self, rule: &Rule, q: &Arc<Quotient>) {
        let mut e = self.entries();
        let further = e
            .map
            .get(rule)
            .is_some_and(|old| old.quotient.heaps() > q.heaps() && q.period().is_none());
        if further {
            return;
        }
        if let Some(old) = e.map.remove(rule) {
            e.bytes -= old.bytes;
        }
        let bytes = q.bytes();
        if bytes > e.capacity {
            return;
        }
        while e.bytes + bytes > e.capacity {
            let Some(oldest) = e
                .map
                .iter()
                .min_by_key(|(_, entry)| entry.used)
                .map(|(r, _)| r.clone())
            else {
                break;
            };
            if let Some(old) = e.map.remove(&oldest) {
                e.bytes -= old.bytes;
            }
        }
        e.clock += 1;
        let used = e.clock;
        e.bytes += bytes;
        e.map.insert(
            rule.clone(),
            Entry {
                quotient: q.clone(),
                bytes,
                used,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(c: &str) -> Rule {
        Rule::TakeBreak(crate::rule::TakeBreak::parse(c).unwrap())
    }

    #[test]
    fn a_cache_keeps_the_furthest_quotient_of_each_rule() {
        let cache = QuotientCache::new();
        let rule = code("0.07");
        let short = cache
            .covering(&rule, 8, QuotientLimits::default(), &Budget::unlimited())
            .unwrap();
        let long = cache
            .covering(&rule, 14, QuotientLimits::default(), &Budget::unlimited())
            .unwrap();
        assert_eq!((short.heaps(), long.heaps()), (8, 14));
        // A request for fewer heaps is answered by the furthest kept.
        let again = cache
            .covering(&rule, 10, QuotientLimits::default(), &Budget::unlimited())
            .unwrap();
        assert!(Arc::ptr_eq(&again, &long));
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.bytes(), long.bytes());
    }

    #[test]
    fn the_least_recently_used_quotient_makes_room() {
        let (a, b, c) = (code("0.07"), code("0.75"), code("0.137"));
        let limits = QuotientLimits::default();
        let size = |r: &Rule| {
            QuotientCache::new()
                .covering(r, 12, limits, &Budget::unlimited())
                .unwrap()
                .bytes()
        };
        // Room for the two largest of the three, not for all of them.
        let mut sizes = [size(&a), size(&b), size(&c)];
        sizes.sort_unstable();
        let cache = QuotientCache::with_capacity(sizes[1] + sizes[2]);
        let qa = cache
            .covering(&a, 12, limits, &Budget::unlimited())
            .unwrap();
        cache
            .covering(&b, 12, limits, &Budget::unlimited())
            .unwrap();
        // a is used again, so b is the least recently used when c comes.
        assert!(Arc::ptr_eq(
            &cache
                .covering(&a, 12, limits, &Budget::unlimited())
                .unwrap(),
            &qa
        ));
        cache
            .covering(&c, 12, limits, &Budget::unlimited())
            .unwrap();
        assert!(cache.bytes() <= sizes[1] + sizes[2]);
        let kept: Vec<bool> = [&a, &b, &c]
            .iter()
            .map(|r| cache.entries().map.contains_key(r))
            .collect();
        assert!(kept[0] && kept[2], "{kept:?}");
        assert!(!kept[1], "{kept:?}");
        // A cache too small for any quotient keeps none, and still answers.
        let tiny = QuotientCache::with_capacity(1);
        assert_eq!(
            tiny.covering(&a, 12, limits, &Budget::unlimited())
                .unwrap()
                .heaps(),
            12
        );
        assert!(tiny.is_empty());
    }

    #[test]
    fn rules_without_a_quotient_are_left_to_search() {
        let cache = QuotientCache::new();
        assert!(cache
            .solve_misere(&Rule::Grundys, &[5, 6], 10, &Budget::unlimited())
            .is_none());
        assert!(cache
            .solve_misere(&Rule::Nim, &[5, 6], 10, &Budget::unlimited())
            .is_none());
        let answer = cache
            .solve_misere(&code("0.75"), &[3, 5, 7], 100, &Budget::unlimited())
            .unwrap();
        assert_eq!(answer.unwrap().outcome, crate::nim::Outcome::N);
        assert_eq!(cache.len(), 1);
    }
}
