//! The driver of a long run: a [`Computation`] asks its engine for values,
//! a batch at a time, feeds them to the search for a period, and stops where
//! asked (a heap count, a step budget, a proof), so that a caller can show
//! progress, stop, checkpoint ([`Computation::state`]) and continue
//! ([`Computation::from_checkpoint`]) with exactly the results of a run never
//! stopped. [`engine_for`] picks its engine. Its window and archive modes
//! bound the memory the values take (the state they keep and the pages they
//! release are in `window.rs`).

use super::archive::Archive;
use super::engine::Engine;
use super::naive::Naive;
use super::pages::{page_size, release_pages, restore_pages};
use super::pipeline::Pipeline;
use super::plan::human_bytes;
use super::sparse::Sparse;
use super::state::{State, WindowState};
use super::stats;
use super::values::Values;
use super::window::{self, Window, ARCHIVE_HEAPS, ARCHIVE_KEEP, MIN_WINDOW};
use crate::budget::{Budget, Reservation};
use crate::error::{Error, Result};
use crate::period::{Period, PeriodFinder};
use crate::rule::octal::{LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::rule::Rule;

/// The engine for `rule`: sparse where it applies (on `threads` threads
/// when more than one), naive elsewhere.
pub fn engine_for(rule: &Rule, threads: usize) -> Box<dyn Engine + Send> {
    if threads > 1 {
        if let Some(p) = Pipeline::new(rule, threads) {
            return Box::new(p);
        }
    }
    match Sparse::new(rule) {
        Some(s) => Box::new(s),
        None => Box::new(Naive::new(rule)),
    }
}

/// What one call of [`Computation::advance`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The step budget ran out; call again to go on.
    Working,
    /// The requested number of heaps is computed.
    Reached,
    /// A period was proved (and the caller asked to stop at the proof).
    Proved(Period),
}

/// A computation of a nim-sequence driven step by step: for long runs that
/// report progress, can be interrupted, checkpointed and resumed.
///
/// ```
/// use grundy::rule::Rule;
/// use grundy::sequence::{Computation, Step};
/// let mut run = Computation::new(&Rule::kayles(), 1).unwrap();
/// // Ask for a million heaps: it stops at the proof.
/// let mut step = Step::Working;
/// while step == Step::Working {
///     step = run.advance(1_000_000, 10_000, true).unwrap();
/// }
/// let Step::Proved(p) = step else { panic!() };
/// assert_eq!((p.preperiod, p.period), (71, 12));
/// // Resuming from the values gives the same state.
/// let again = Computation::resume(&Rule::kayles(), run.values().to_vec(), 1).unwrap();
/// assert_eq!(again.period(), Some(p));
/// ```
pub struct Computation {
    rule: Rule,
    values: Values,
    engine: Box<dyn Engine + Send>,
    finder: Option<PeriodFinder>,
    period: Option<Period>,
    /// Work of engines that do not count their own: one per option scanned.
    estimated_work: u64,
    largest: u16,
    /// Window mode (see [`Computation::window`]) or archive mode, if on.
    window: Option<Window>,
    /// Archive mode starts once this many heaps are reserved (see
    /// [`Computation::archive_at`]).
    archive_from: usize,
    /// The heaps archive mode keeps at each end.
    archive_keep: usize,
    /// Archive mode: the next heap is computed from the definition (the
    /// engine needed an archived value for it).
    exact_next: bool,
    /// The heaps so computed, the last one.
    exact: (u64, Option<usize>),
    /// The options those heaps examined (counted in
    /// [`Computation::examined`]).
    exact_options: u64,
    /// The deadline, cancellation and memory allowance the run honours
    /// (see [`Computation::set_budget`]).
    budget: Budget,
    /// The bytes of the values (and of the period search's table) held
    /// against the budget's allowance.
    held: Reservation,
}

impl Computation {
    /// A computation of the sequence of `rule` on `threads` threads (more
    /// than one runs the sparse engine as a pipeline of threads, with the same
    /// values). Rules with a closed form have nothing to
    /// compute and are refused.
    pub fn new(rule: &Rule, threads: usize) -> Result<Computation> {
        // (Refused before the engine starts its threads.)
        computed_heap_by_heap(rule)?;
        Computation::with_engine(rule, engine_for(rule, threads))
    }

    /// A computation with a given engine (for example the naive one, to
    /// compare against).
    pub fn with_engine(rule: &Rule, engine: Box<dyn Engine + Send>) -> Result<Computation> {
        computed_heap_by_heap(rule)?;
        Ok(Computation {
            rule: rule.clone(),
            values: Values::new(),
            engine,
            finder: rule.proof_shape().map(PeriodFinder::new),
            period: None,
            estimated_work: 0,
            largest: 0,
            window: None,
            archive_from: ARCHIVE_HEAPS,
            archive_keep: ARCHIVE_KEEP,
            exact_next: false,
            exact: (0, None),
            exact_options: 0,
            held: Budget::unlimited().reservation(),
            budget: Budget::unlimited(),
        })
    }

    /// Continues a computation from values computed before (by any run of
    /// the same rule), with the same period search state as an
    /// uninterrupted run.
    pub fn resume(rule: &Rule, values: Vec<u16>, threads: usize) -> Result<Computation> {
        computed_heap_by_heap(rule)?;
        let mut run = Computation::replay(rule, values, engine_for(rule, threads))?;
        run.engine.adopt(&run.values);
        Ok(run)
    }

    /// Continues the run checkpointed with `values` and `state` (`None`:
    /// a checkpoint of values alone, see [`Computation::resume`]) exactly
    /// as if it had not stopped: the same values, the same work counted (a
    /// search for a period ends at the same heap), the same histogram and
    /// split; in window mode too. (The pairs examined count from 0 again.)
    ///
    /// A checkpoint of window mode goes on in window mode, its values in a
    /// mapping with room for `room` heaps (which cannot grow afterwards,
    /// see [`Computation::reserve`]); other runs make room with
    /// [`Computation::reserve`] (after [`Computation::window`], to go on in
    /// window mode).
    ///
    /// ```
    /// use grundy::rule::Rule;
    /// use grundy::sequence::{checkpoint, Computation};
    /// let rule = Rule::kayles();
    /// let mut first = Computation::new(&rule, 1).unwrap();
    /// first.advance(30, u64::MAX, false).unwrap();
    /// let state = first.state();
    /// let (_, kept) = first.kept_values();
    /// let values: Vec<u16> = kept.collect();
    /// let mut again = Computation::from_checkpoint(&rule, values, Some(&state), 1, 60).unwrap();
    /// again.advance(60, u64::MAX, false).unwrap();
    /// first.advance(60, u64::MAX, false).unwrap();
    /// assert_eq!((again.values(), again.work()), (first.values(), first.work()));
    /// ```
    pub fn from_checkpoint(
        rule: &Rule,
        values: Vec<u16>,
        state: Option<&State>,
        threads: usize,
        room: u64,
    ) -> Result<Computation> {
        let Some(state) = state else {
            let mut run = Computation::resume(rule, values, threads)?;
            run.reserve(room)?;
            return Ok(run);
        };
        computed_heap_by_heap(rule)?;
        Computation::continued(rule, values, state, engine_for(rule, threads), room)
    }

    /// [`Computation::from_checkpoint`] with a state, on `engine`.
    fn continued(
        rule: &Rule,
        values: Vec<u16>,
        state: &State,
        engine: Box<dyn Engine + Send>,
        room: u64,
    ) -> Result<Computation> {
        state
            .check(values.len() as u64)
            .map_err(|e| Error::Unsupported(format!("cannot resume {rule}: {e}")))?;
        let window = state.window.as_ref();
        let gone = window.map_or(0..0, |w| w.dropped.clone());
        if gone.is_empty() {
            // Every value is here: the period search is replayed.
            let mut run = Computation::replay(rule, values, engine)?;
            let hist = stats::Histogram::of(run.values.get(1..).unwrap_or(&[]));
            run.engine.restore(&run.values, &hist, state)?;
            run.estimated_work = state.work;
            if let Some(w) = window {
                run.window_unchecked(usize::try_from(w.keep).unwrap_or(usize::MAX))?;
                // (In a mapping of that room.)
                run.reserve(room)?;
            }
            return Ok(run);
        }
        let w = window.expect("values are dropped only in window mode");
        let too_many = || {
            Error::TooLarge(format!(
                "cannot resume {} heaps of {rule} here: the heap numbers do not fit in memory",
                gone.end
            ))
        };
        let start = usize::try_from(gone.start).map_err(|_| too_many())?;
        let end = usize::try_from(gone.end).map_err(|_| too_many())?;
        let total = (end - start)
            .checked_add(values.len())
            .ok_or_else(too_many)?;
        let room = usize::try_from(room).unwrap_or(usize::MAX).max(total);
        if !cfg!(unix) {
            return Err(Error::Unsupported("window mode: only on Unix".into()));
        }
        if values.first().is_some_and(|&v| v != 0) {
            return Err(Error::Unsupported(format!(
                "cannot resume {rule}: the stored G(0) is {}, not 0",
                values[0]
            )));
        }
        let mut run = Computation::with_engine(rule, engine)?;
        // The heaps no longer kept read as zeros from pages never written
        // (so never in memory); the engine is told never to read them.
        let mut all =
            Values::mapped(room).map_err(|e| window::mapping_refused(room as u64, rule, e))?;
        // SAFETY: within the room (`room ≥ total`); a mapping reads as
        // zeros up to its capacity, and the values kept are written below.
        unsafe { all.set_len(total) };
        all[..start].copy_from_slice(&values[..start]);
        all[end..].copy_from_slice(&values[start..]);
        drop(values);
        let hist = stats::Histogram::from_counts(w.counts.clone());
        // (Cheap checks that the counts fit the values kept.)
        let mut kept = stats::Histogram::of(all.get(1..start).unwrap_or(&[]));
        all[end..].iter().for_each(|&v| kept.add(v));
        let counted = |v: usize| hist.counts().get(v).copied().unwrap_or(0);
        let short = kept
            .counts()
            .iter()
            .enumerate()
            .any(|(v, &c)| counted(v) < c);
        if short || hist.largest().unwrap_or(0) != state.largest {
            return Err(Error::Unsupported(format!(
                "cannot resume {rule}: the checkpoint's histogram does not count the values it keeps"
            )));
        }
        run.engine.restore(&all, &hist, state)?;
        run.engine.forget(&all, start..end)?;
        // The pages of the heaps no longer kept are protected, as those a
        // run releases: a stray read faults.
        let base = all.as_ptr() as usize;
        let page = page_size();
        let (lo, hi) = (
            (base + 2 * start).next_multiple_of(page),
            (base + 2 * end) / page * page,
        );
        if lo < hi {
            release_pages(lo, hi)?;
        }
        run.values = all;
        run.window = Some(Window {
            keep: usize::try_from(w.keep).unwrap_or(usize::MAX),
            dropped: start..end,
            hist,
            last_at: w.last_at.clone(),
            archive: None,
        });
        run.period = state.period;
        run.largest = state.largest;
        run.estimated_work = state.work;
        Ok(run)
    }

    /// What a checkpoint holds besides the values
    /// ([`Computation::kept_values`]), for [`Computation::from_checkpoint`].
    pub fn state(&mut self) -> State {
        let window = match &self.window {
            Some(w) if w.archive.is_none() => Some(WindowState {
                keep: w.keep as u64,
                dropped: w.dropped.start as u64..w.dropped.end as u64,
                counts: w.hist.counts().to_vec(),
                last_at: w.last_at.clone(),
            }),
            _ => None,
        };
        let gone = self.gone();
        State {
            work: self.work(),
            largest: self.largest,
            period: self.period,
            engine: self.engine.saved(&self.values, gone),
            window,
        }
    }

    /// The values a checkpoint stores, with their number: every value
    /// computed (decoding archived ones), or in window mode those kept.
    pub fn kept_values(&self) -> (usize, impl Iterator<Item = u16> + '_) {
        let gone = self.gone();
        let len = self.values.len();
        let read = move |n| match &self.window {
            Some(w) => window::read(&self.values, w, n),
            None => self.values[n],
        };
        (
            len - gone.len(),
            (0..gone.start).chain(gone.end..len).map(read),
        )
    }

    /// The heaps whose values are gone (window mode, not archive mode).
    fn gone(&self) -> std::ops::Range<usize> {
        match &self.window {
            Some(w) if w.archive.is_none() => w.dropped.clone(),
            _ => 0..0,
        }
    }

    /// A computation on `engine` with `values` computed before and the
    /// period search fed them, the engine not told yet.
    fn replay(
        rule: &Rule,
        values: Vec<u16>,
        engine: Box<dyn Engine + Send>,
    ) -> Result<Computation> {
        let mut run = Computation::with_engine(rule, engine)?;
        if values.first().is_some_and(|&v| v != 0) {
            return Err(Error::Unsupported(format!(
                "cannot resume {rule}: the stored G(0) is {}, not 0",
                values[0]
            )));
        }
        // Replay the finder value by value, exactly as the first run fed it.
        // Its searches of many values scan each period instead of building
        // a table of 2 bytes per heap (the same candidates), so that the
        // values are the one large allocation, as in archive mode; so do
        // those of the run resumed (its first step may search before it
        // archives).
        if let Some(finder) = run.finder.as_mut() {
            finder.limit_table(ARCHIVE_KEEP);
            for len in 1..=values.len() {
                if let Some(p) = finder.observe(&values[..len]) {
                    run.period = Some(p);
                    break;
                }
            }
        }
        run.largest = values.iter().copied().max().unwrap_or(0);
        run.values = values.into();
        Ok(run)
    }

    /// Honours `budget` from now on: [`Computation::advance`] stops with
    /// [`Error::Limit`] when its deadline passes or it is cancelled (within
    /// a small fraction of a second: the engine checks inside long heaps),
    /// and the bytes of the values — with the period search's table, and
    /// the archive in archive mode — are held against its memory
    /// allowance, so a run that would pass it is refused before it grows.
    /// Refused at once when the values held already pass it.
    ///
    /// ```
    /// use grundy::budget::{Budget, LimitKind};
    /// use grundy::rule::Rule;
    /// use grundy::sequence::Computation;
    /// let mut run = Computation::new(&Rule::parse("0.3f").unwrap(), 1).unwrap();
    /// run.set_budget(&Budget::unlimited().with_memory(1 << 10)).unwrap();
    /// let err = run.reserve(1 << 20).unwrap_err();
    /// assert_eq!(err.limit_kind(), Some(LimitKind::Memory));
    /// ```
    pub fn set_budget(&mut self, budget: &Budget) -> Result<()> {
        self.budget = budget.clone();
        self.held = budget.reservation();
        self.engine.set_budget(budget);
        self.hold(self.values.capacity())
    }

    /// The bytes held with room for `capacity` values: 2 a value, 2 more
    /// for the period search's table while it may build one; in window and
    /// archive modes the values resident and the archive (the room is
    /// address space only).
    fn bytes_with(&self, capacity: usize) -> u64 {
        let values = match &self.window {
            Some(_) => self.value_bytes() as u64,
            None => 2 * capacity as u64,
        };
        let table = match (&self.finder, self.period, &self.window) {
            (Some(_), None, None) => 2 * capacity as u64,
            _ => 0,
        };
        values.saturating_add(table)
    }

    /// Holds the bytes of room for `capacity` values (before making the
    /// room), or refuses past the memory allowance.
    fn hold(&mut self, capacity: usize) -> Result<()> {
        let bytes = self.bytes_with(capacity);
        let heaps = self.values.len();
        let rule = &self.rule;
        self.held.set(bytes).map_err(|e| {
            e.during(|| format!("computing the nim-sequence of {rule} past heap {heaps}"))
        })
    }

    /// A limit of the budget reached, saying where.
    fn stopped(&self, e: Error) -> Error {
        let done = self.values.len();
        let rule = &self.rule;
        e.during(|| format!("computing the nim-sequence of {rule} at heap {done}"))
    }

    /// Makes room for `heaps` values up front, or says clearly why not.
    ///
    /// In window mode ([`Computation::window`], called first), until values
    /// are released, the room is a mapping reserved as address space only
    /// ([`Values::mapped`]), the values so far moved into it: room for 2^40
    /// heaps takes 2 TiB of address space and no memory until values are
    /// written, where a vector of that room would be refused by the
    /// kernel's overcommit heuristic past memory and swap. Once values are
    /// released the room is that reserved before, never more: the values
    /// hold released pages and must not move. Room for [`ARCHIVE_HEAPS`]
    /// or more turns archive mode on once enough heaps are computed; asking
    /// for more room than reserved in archive mode puts every value back
    /// first (2 bytes per heap from then on).
    pub fn reserve(&mut self, heaps: u64) -> Result<()> {
        let more = heaps.saturating_sub(self.values.len() as u64);
        let room = (self.values.capacity() - self.values.len()) as u64;
        if self.archiving() && more > room {
            // (The vector cannot move while pages are released.)
            self.unarchive()?;
        }
        let unreleased = self
            .window
            .as_ref()
            .is_some_and(|w| w.archive.is_none() && w.dropped.is_empty());
        if unreleased && (more > room || !self.values.is_mapped()) {
            return self.map_values(heaps);
        }
        if self.window.is_some() && more > room {
            return Err(Error::Unsupported(format!(
                "window mode computes the {} heaps reserved before values were released, \
                 not {heaps}",
                self.values.capacity()
            )));
        }
        if let Ok(more) = usize::try_from(more) {
            self.hold(self.values.len().saturating_add(more))?;
        }
        usize::try_from(more)
            .ok()
            .and_then(|more| self.values.try_reserve_exact(more).ok())
            .ok_or_else(|| {
                Error::TooLarge(format!(
                    "cannot allocate {} for the values of {} heaps of {}",
                    human_bytes(heaps.saturating_mul(2)),
                    heaps,
                    self.rule
                ))
            })
    }

    /// Computes up to `budget` more values, stopping early once `G(0..heaps)`
    /// are known, or (when `stop_at_proof`) once a period is proved.
    pub fn advance(&mut self, heaps: u64, budget: u64, stop_at_proof: bool) -> Result<Step> {
        let mut left = budget;
        while left > 0 {
            self.budget.check().map_err(|e| self.stopped(e))?;
            if stop_at_proof {
                if let Some(p) = self.period {
                    return Ok(Step::Proved(p));
                }
            }
            if self.values.len() as u64 >= heaps {
                return Ok(Step::Reached);
            }
            if self.values.len() == self.values.capacity() && self.archiving() {
                // Out of room: every value back in the vector, which grows.
                self.unarchive()?;
            }
            if self.values.len() == self.values.capacity() && self.window.is_some() {
                // Window mode releases pages of its mapping: it never grows.
                return Err(Error::TooLarge(format!(
                    "window mode computes the {} heaps reserved up front, no more",
                    self.values.len()
                )));
            }
            if self.values.len() == self.values.capacity() {
                // Grow by at most an eighth, so memory stays near 2 bytes a heap.
                let extra = (self.values.len() / 8).max(1024);
                self.hold(self.values.len() + extra)?;
                self.values.try_reserve_exact(extra).map_err(|_| {
                    Error::TooLarge(format!(
                        "out of memory after {} heaps of {} ({})",
                        self.values.len(),
                        self.rule,
                        human_bytes(self.values.len() as u64 * 2)
                    ))
                })?;
            }
            let before = self.values.len();
            let room = (self.values.capacity() - before) as u64;
            let mut max = left.min(heaps - before as u64).min(room);
            // (In window mode, periods are looked for only while every
            // value is kept: the search reads them all; archive mode keeps
            // them all.)
            let all_kept = self
                .window
                .as_ref()
                .is_none_or(|w| w.dropped.is_empty() || w.archive.is_some());
            if stop_at_proof && self.period.is_none() && all_kept {
                if let Some(finder) = &self.finder {
                    // No further than the first length that may bring a
                    // proof: a run that ends at one computes nothing past
                    // it, however many heaps an engine computes a call.
                    let quiet = finder.earliest_proof().saturating_sub(before).max(1);
                    max = max.min(quiet as u64);
                }
            }
            if let Some(w) = &self.window {
                // Release often enough that memory stays near the window.
                max = max.min((w.keep / 4) as u64);
                if w.dropped.is_empty() {
                    // Until the first release, one heap a call, each
                    // followed by a release: the heaps dropped steer the
                    // engine's batches, so a run resumed from a checkpoint
                    // drops the first ones at the same heap as a run never
                    // stopped.
                    max = 1;
                }
                // Stop before a heap that needs a value no longer kept.
                if let Some((n, lost)) = self.engine.first_lost(&self.values, before) {
                    if n == before && w.archive.is_some() {
                        // The engine needs an archived heap: put every
                        // value back and go on without the archive.
                        self.unarchive()?;
                        continue;
                    }
                    if n == before {
                        return Err(self.lost(n, lost));
                    }
                    max = max.min((n - before) as u64);
                }
            }
            // (Only while archiving: once the values are back, the engine
            // computes the heap itself.)
            let exact = std::mem::take(&mut self.exact_next) && self.archiving();
            let mut appended = if exact {
                self.push_exact()
            } else {
                self.engine.extend(&mut self.values, max as usize)
            };
            let after = self.values.len();
            left -= (after - before) as u64;
            // The new values one by one, as if pushed one at a time.
            for len in before + 1..=after {
                let n = len - 1;
                self.estimated_work = self
                    .estimated_work
                    .saturating_add(options_estimate(&self.rule, n as u64));
                self.largest = self.largest.max(self.values[n]);
                if self.period.is_none() && all_kept {
                    if let Some(finder) = self.finder.as_mut() {
                        self.period = match &self.window {
                            Some(w) if !w.dropped.is_empty() => {
                                let values = &self.values;
                                finder.observe_by(len, |n| window::read(values, w, n))
                            }
                            _ => finder.observe(&self.values[..len]),
                        };
                    }
                    if self.period.is_some() && stop_at_proof && len < after {
                        // Computed past the proof (`max` above rules it
                        // out; a guard): keep what a run of one heap at a
                        // time keeps.
                        self.unarchive()?;
                        self.values.truncate(len);
                        self.engine.adopt(&self.values);
                        break;
                    }
                }
            }
            if let Some(w) = self.window.as_mut() {
                // The heaps kept after a proof (see above), for the reports.
                for (n, &v) in self
                    .values
                    .iter()
                    .enumerate()
                    .take(after)
                    .skip(before.max(1))
                {
                    w.hist.add(v);
                    if w.last_at.len() <= v as usize {
                        w.last_at.resize(v as usize + 1, 0);
                    }
                    w.last_at[v as usize] = n as u64;
                }
            }
            if self.period.is_some() && stop_at_proof {
                // The values up to the proof are all kept for the answers;
                // an error on a heap past the proof is moot (those heaps
                // were cut off above).
                break;
            }
            if let Err(e) = appended {
                if e.limit_kind().is_some() {
                    // Stopped by the budget: the values appended before
                    // are kept, counted above, and a later call goes on.
                    return Err(self.stopped(e));
                }
                appended = Err(e);
            }
            if appended.is_err() && self.archiving() {
                // Perhaps the engine needed an archived heap (a proof scan
                // that ran past the pairs kept): the next heap is computed
                // from the definition, reading the archive. If that happens
                // again soon, or fails, every value is put back and the
                // engine computes the heap again (an error then is the
                // answer).
                let soon = self.exact.1.is_some_and(|m| after < m + self.archive_keep);
                if exact || soon {
                    self.unarchive()?;
                } else {
                    self.exact_next = true;
                }
                continue;
            }
            appended?;
            self.release()?;
            if self.window.is_some() {
                self.hold(self.values.capacity())?;
            }
        }
        Ok(match self.period {
            Some(p) if stop_at_proof => Step::Proved(p),
            _ if self.values.len() as u64 >= heaps => Step::Reached,
            _ => Step::Working,
        })
    }

    /// The rule computed.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// `G(0..len)`, the values computed so far, as far as they are held in
    /// one piece: once values were released (window mode) or archived (runs
    /// past [`ARCHIVE_HEAPS`]), only the first ones. [`Computation::value`]
    /// and [`Computation::all_values`] read every value kept.
    pub fn values(&self) -> &[u16] {
        match &self.window {
            Some(w) if !w.dropped.is_empty() => &self.values[..w.dropped.start],
            _ => &self.values,
        }
    }

    /// How many values were computed: `G(0..computed)`.
    pub fn computed(&self) -> usize {
        self.values.len()
    }

    /// `G(n)`, if computed and kept (decoded from the archive for archived
    /// heaps).
    pub fn value(&self, n: usize) -> Option<u16> {
        match &self.window {
            Some(w) if w.dropped.contains(&n) => w.archive.as_ref().map(|a| a.get(n)),
            _ => self.values.get(n).copied(),
        }
    }

    /// Every value computed, `G(0..computed)` in order (decoding archived
    /// ones: for checkpoints and listings of any length, without a copy of
    /// them all); `None` in window mode once values were released.
    pub fn all_values(&self) -> Option<impl Iterator<Item = u16> + '_> {
        let whole = self
            .window
            .as_ref()
            .is_none_or(|w| w.dropped.is_empty() || w.archive.is_some());
        whole.then(|| {
            (0..self.values.len()).map(|n| match &self.window {
                Some(w) => window::read(&self.values, w, n),
                None => self.values[n],
            })
        })
    }

    /// Window mode, before any release: moves the values into a mapping
    /// with room for `heaps` (see [`Computation::reserve`]).
    fn map_values(&mut self, heaps: u64) -> Result<()> {
        let mapped = usize::try_from(heaps)
            .map_err(std::io::Error::other)
            .and_then(|heaps| Values::mapped(heaps.max(self.values.len())));
        let mut mapped = mapped.map_err(|e| window::mapping_refused(heaps, &self.rule, e))?;
        for &v in self.values.iter() {
            mapped.push(v);
        }
        self.values = mapped;
        Ok(())
    }

    /// Archive mode: computes the next heap from the definition, reading
    /// every value it needs (archived or not), and hands it to the engine.
    fn push_exact(&mut self) -> Result<()> {
        let n = self.values.len();
        let v = match &self.window {
            Some(w) => {
                let values = &self.values;
                exact_value(&self.rule, n, |h| window::read(values, w, h))
            }
            None => exact_value(&self.rule, n, |h| self.values[h]),
        };
        let (v, options) = v.ok_or(Error::ValueOverflow {
            heap: n as u64,
            max: u16::MAX as u64,
        })?;
        self.values.push(v);
        self.engine.take_in(&self.values);
        self.exact = (self.exact.0 + 1, Some(n));
        self.exact_options = self.exact_options.saturating_add(options);
        Ok(())
    }

    /// How many heaps archive mode computed from the definition, because
    /// the engine needed an archived value for them (for reports and tests).
    pub fn exact_heaps(&self) -> u64 {
        self.exact.0
    }

    /// Archive mode, from the next step on, once `heaps` heaps are reserved
    /// (by default [`ARCHIVE_HEAPS`]; `usize::MAX` never): the values
    /// between the first and the last `keep` heaps (at least
    /// [`MIN_WINDOW`]; by default [`ARCHIVE_KEEP`]) are kept in an
    /// archive, about one byte per heap, and their plain
    /// copies released. Every answer is the same as without it (for tests
    /// and tuning).
    pub fn archive_at(&mut self, heaps: usize, keep: usize) -> Result<()> {
        if keep < MIN_WINDOW {
            return Err(Error::Unsupported(format!(
                "archive mode keeps at least {MIN_WINDOW} heaps at each end, not {keep}"
            )));
        }
        self.archive_at_unchecked(heaps, keep);
        Ok(())
    }

    /// [`Computation::archive_at`] without its least window (tests: engines
    /// whose proof scan reads fewer low heaps).
    fn archive_at_unchecked(&mut self, heaps: usize, keep: usize) {
        (self.archive_from, self.archive_keep) = (heaps, keep);
    }

    /// Whether archive mode is on (some heaps may be archived).
    pub fn archiving(&self) -> bool {
        self.window.as_ref().is_some_and(|w| w.archive.is_some())
    }

    /// The memory the values take: the plain values resident (those not
    /// released) and the archive, in bytes.
    pub fn value_bytes(&self) -> usize {
        match &self.window {
            Some(w) => {
                2 * (self.values.len() - w.dropped.len())
                    + w.archive.as_ref().map_or(0, Archive::bytes)
            }
            None => 2 * self.values.len(),
        }
    }

    /// Starts archive mode if due: room for [`Computation::archive_at`]'s
    /// heaps reserved, an engine that can forget heaps, more values than
    /// are kept at the ends.
    fn start_archive(&mut self) {
        let keep = self.archive_keep;
        if self.window.is_some()
            || self.values.capacity() < self.archive_from
            || self.values.len() <= keep.saturating_mul(2)
            || !cfg!(unix)
        {
            return;
        }
        if self.engine.forget(&self.values, 0..0).is_err() {
            // (The naive engine reads every value.)
            self.archive_from = usize::MAX;
            return;
        }
        let archive = Archive::new(0, 0);
        self.window = Some(Window::start(keep, &self.values, Some(archive)));
        if let Some(finder) = self.finder.as_mut() {
            // The table of the period search would take 2 bytes per heap.
            finder.limit_table(self.values.len());
        }
    }

    /// Leaves archive mode for good: the archived values go back to the
    /// vector (2 bytes per heap, as without the archive), the engine may
    /// read them all again.
    fn unarchive(&mut self) -> Result<()> {
        let Some(w) = self.window.take_if(|w| w.archive.is_some()) else {
            return Ok(());
        };
        self.archive_from = usize::MAX;
        w.put_back(&mut self.values);
        self.engine.forget(&self.values, 0..0)
    }

    /// Switches to window mode: only the first `keep` and the last `keep`
    /// values are kept in memory (at least [`MIN_WINDOW`]), with the rare
    /// heaps the sparse engine lists, so that memory is bounded by the
    /// window, not by the heaps computed. The values of the heaps between
    /// are released (their address space stays reserved, so it is reserved
    /// for every heap the run computes with [`Computation::reserve`], called
    /// after this: the room is then a mapping that takes address space, not
    /// memory). A heap whose value needs a released one stops the run with
    /// an error naming both. Periods are searched for only while every value
    /// is kept; the histogram and the rare/common split are kept up to date
    /// for reports ([`Computation::histogram`], [`Computation::split`]).
    pub fn window(&mut self, keep: usize) -> Result<()> {
        if keep < MIN_WINDOW {
            return Err(Error::Unsupported(format!(
                "window mode keeps at least {MIN_WINDOW} heaps at each end, not {keep}"
            )));
        }
        self.window_unchecked(keep)
    }

    /// [`Computation::window`] without its least window (tests: engines
    /// whose proof scan reads fewer low heaps).
    fn window_unchecked(&mut self, keep: usize) -> Result<()> {
        if !cfg!(unix) {
            return Err(Error::Unsupported(
                "window mode releases memory with madvise: only on Unix".into(),
            ));
        }
        if self.archiving() {
            return Err(Error::Unsupported(
                "window mode: this run keeps every value (archive mode) already".into(),
            ));
        }
        if self.window.is_some() {
            // (Starting again would forget the pages released.)
            return Err(Error::Unsupported("window mode is on already".into()));
        }
        // (`release` keeps at most the room reserved at each end, which
        // may be reserved after this.)
        self.engine.forget(&self.values, 0..0)?;
        self.window = Some(Window::start(keep, &self.values, None));
        Ok(())
    }

    /// Window mode: the heaps kept at each end (`None` otherwise, archive
    /// mode included).
    pub fn window_kept(&self) -> Option<usize> {
        self.window
            .as_ref()
            .filter(|w| w.archive.is_none())
            .map(|w| w.keep)
    }

    /// In window and archive modes, the histogram of `G(1..computed)`
    /// (counted as the values come).
    pub fn histogram(&self) -> Option<&stats::Histogram> {
        self.window.as_ref().map(|w| &w.hist)
    }

    /// The error for heap `n`, which needs `G(lost)`, released.
    fn lost(&self, n: usize, lost: usize) -> Error {
        let (keep, dropped) = match &self.window {
            Some(w) => (w.keep, w.dropped.clone()),
            None => (0, 0..0),
        };
        Error::Unsupported(format!(
            "window mode: the value of heap {n} needs G({lost}), which is no longer kept \
             (only G(0..{}) and G({}..{n}) are, {keep} at each end); G(0..{n}) were computed. \
             Run again with a larger window, or without one",
            dropped.start, dropped.end
        ))
    }

    /// Window and archive modes: releases the whole pages of the values
    /// between the first and the last `keep` heaps, after telling the engine
    /// (and archiving them, in archive mode). Starts archive mode when due.
    fn release(&mut self) -> Result<()> {
        self.start_archive();
        match self.window.as_mut() {
            Some(w) => w.release(&self.values, self.engine.as_mut()),
            None => Ok(()),
        }
    }

    /// Makes the released pages accessible again (reading zeros), so that
    /// the storage of the values can be freed or reused.
    fn unprotect(&mut self) {
        let dropped = self.window.take().map_or(0..0, |w| w.dropped);
        if !dropped.is_empty() {
            // The allocator must not get protected pages back.
            let base = self.values.as_ptr() as usize;
            restore_pages(base + 2 * dropped.start, base + 2 * dropped.end);
            // The released heaps now read as zeros: keep those before them.
            self.values.truncate(dropped.start);
        }
    }

    /// The proved period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The rare/common split of the sparse engine (`None` for the naive one).
    pub fn split(&self) -> Option<stats::Split> {
        match &self.window {
            Some(w) => {
                let (mask, _) = self.engine.rare()?;
                Some(stats::Split::of_counts(&w.hist, &w.last_at, mask))
            }
            None => self.engine.split(&self.values),
        }
    }

    /// The largest value computed so far.
    pub fn largest(&self) -> u16 {
        self.largest
    }

    /// The sparse engine's mask and number of rare heaps, cheaply.
    pub fn rare(&self) -> Option<(u16, usize)> {
        self.engine.rare()
    }

    /// The work done so far, which budgets a search for a period: a count
    /// of pairs of heaps that depends only on the values computed, so it is
    /// the same on any number of threads (estimated for the naive engine).
    pub fn work(&self) -> u64 {
        self.engine.work().unwrap_or(self.estimated_work)
    }

    /// Pairs of heaps actually examined so far (estimated for the naive
    /// engine): at least [`Self::work`], more where the engine looked at
    /// pairs it could not know were needed; plus the options of the heaps
    /// archive mode computed from the definition.
    pub fn examined(&self) -> u64 {
        self.engine
            .examined()
            .unwrap_or(self.estimated_work)
            .saturating_add(self.exact_options)
    }

    /// The rule, the values computed so far and the period proved, for
    /// [`Computation::into_sequence`] (in window mode, once values were
    /// released, only the first values kept; archived values are decoded,
    /// 2 bytes per heap).
    pub(super) fn into_parts(mut self) -> (Rule, Vec<u16>, Option<Period>) {
        // (The values are back whatever the engine, dropped here, says.)
        let _ = self.unarchive();
        self.unprotect();
        (
            self.rule.clone(),
            std::mem::take(&mut self.values).into_vec(),
            self.period,
        )
    }
}

impl Drop for Computation {
    fn drop(&mut self) {
        self.unprotect();
    }
}

/// Refuses rules with a closed form: they have nothing to compute.
fn computed_heap_by_heap(rule: &Rule) -> Result<()> {
    match rule.closed_form(0) {
        Some(_) => Err(Error::Unsupported(format!(
            "{rule} has a closed form: its values are not computed heap by heap"
        ))),
        None => Ok(()),
    }
}

/// `G(n)` of `rule` from the definition (the mex of its options), reading
/// `G(0..n)` through `get`, with the number of options examined; `None`
/// when the rule is not one archive mode runs (octal codes without
/// three-way splits, Grundy's game) or the value does not fit in 16 bits.
pub(super) fn exact_value(rule: &Rule, n: usize, get: impl Fn(usize) -> u16) -> Option<(u16, u64)> {
    let mut seen = vec![0u64; 1 << 10];
    let mut options = 0u64;
    let mut mark = |v: u16| {
        seen[v as usize / 64] |= 1 << (v % 64);
        options += 1;
    };
    // Splits a + (rest - a), 1 ≤ a ≤ rest - a (a < rest - a when strict).
    let splits = |rest: usize, strict: bool, mark: &mut dyn FnMut(u16)| {
        let top = if strict {
            rest.saturating_sub(1) / 2
        } else {
            rest / 2
        };
        for a in 1..=top {
            mark(get(a) ^ get(rest - a));
        }
    };
    match rule {
        Rule::TakeBreak(code) if !code.is_hexadecimal() => {
            for (k, &d) in code.digits().iter().enumerate().filter(|&(k, _)| k <= n) {
                let rest = n - k;
                if d & LEAVE_NONE != 0 && rest == 0 {
                    mark(0);
                }
                if d & LEAVE_ONE != 0 && rest >= 1 {
                    mark(get(rest));
                }
                if d & LEAVE_TWO != 0 {
                    splits(rest, false, &mut mark);
                }
            }
        }
        Rule::Grundys => splits(n, true, &mut mark),
        _ => return None,
    }
    let word = seen.iter().position(|&w| w != u64::MAX)?;
    Some((
        (word * 64) as u16 + seen[word].trailing_ones() as u16,
        options,
    ))
}

/// About how many options the naive engine scans for a heap of `n` (the
/// work unit of [`SEARCH_WORK`](crate::limits::SEARCH_WORK) for engines that do not count their own).
fn options_estimate(rule: &Rule, n: u64) -> u64 {
    match rule {
        Rule::Subtraction(crate::rule::Subtraction::Finite(set)) => {
            set.partition_point(|&s| s <= n) as u64
        }
        // At most 64 powers of two or 92 Fibonacci numbers.
        Rule::Subtraction(_) => 64,
        // Three-way splits: about n²/12 options.
        Rule::TakeBreak(code) if code.is_hexadecimal() => (n / 12).saturating_mul(n) + n,
        _ => n,
    }
    .max(1)
}

#[cfg(test)]
pub(super) mod window_tests;
