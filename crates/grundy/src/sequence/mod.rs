//! Nim-sequences: the Grundy values `G(0), G(1), …` of a heap rule, with a
//! proved period where there is one.
//!
//! [`NimSequence`] is the one public face. It picks how to answer `G(n)`:
//!
//! 1. a closed form (Nim, subtraction ranges, powers of two) answers any `n`;
//! 2. otherwise values are computed by an [`Engine`] while a
//!    [`PeriodFinder`] watches them; once a period
//!    is proved, `G(n)` for any `n < 2^64` is read from the first period;
//! 3. without a proof, `G(n)` is known only for the heaps computed, and a
//!    request that would need more memory than [`Limits::max_heaps`] allows
//!    is refused up front.
//!
//! Engines: [`sparse::Sparse`] (sparse space) for octal codes without
//! three-way splits and for Grundy's game, on several threads through
//! [`pipeline::Pipeline`], and [`naive::Naive`] (the reference, straight
//! from the definition) for everything else. Long runs are driven
//! step by step through a [`Computation`], which can be checkpointed
//! ([`checkpoint`]) and resumed with identical results, or run in window
//! mode ([`Computation::window`]), keeping only the first and the last
//! values, so that memory is bounded by the window instead of by the heaps
//! computed (its values live in a [`Values`] mapping of address space, so
//! that room for 2^40 heaps costs no memory until written). Long runs keep
//! every value in about one byte per heap: past
//! [`ARCHIVE_HEAPS`] heaps reserved, the values between the first and the
//! last [`ARCHIVE_KEEP`] move to an [`archive::Archive`].

pub mod archive;
pub mod checkpoint;
pub mod naive;
pub mod pairs;
pub mod pipeline;
mod rare;
pub mod sparse;
pub mod stats;
pub mod values;

pub use values::Values;

use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::period::{Period, PeriodFinder};
use crate::rule::octal::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::rule::{Move, Rule};

use crate::limits::Limits;

/// Something that computes a nim-sequence one value at a time.
///
/// `values` holds `G(0..n)`; `push_next` appends `G(n)`. Engines may keep
/// state between calls (built from the values they pushed themselves, or
/// from values handed over with [`Engine::adopt`]).
pub trait Engine {
    /// Append the next value.
    fn push_next(&mut self, values: &mut Values) -> Result<()>;

    /// Append between one and `max ≥ 1` next values, within the spare
    /// capacity of `values` when more than one (engines that compute
    /// several heaps at once, on several threads). On an error, the values
    /// appended before it are kept.
    fn extend(&mut self, values: &mut Values, _max: usize) -> Result<()> {
        self.push_next(values)
    }

    /// Take over `values`, computed elsewhere (a resumed checkpoint), so
    /// that the next `push_next` continues after them.
    fn adopt(&mut self, _values: &[u16]) {}

    /// Take in the last of `values`, appended by the caller (computed from
    /// the definition where the engine could not: archive mode), as if this
    /// engine had computed it, work included.
    fn take_in(&mut self, _values: &[u16]) {}

    /// The rare/common split the engine works with, if it uses one.
    fn split(&self, _values: &[u16]) -> Option<stats::Split> {
        None
    }

    /// The work done so far, if the engine counts it, as a count that
    /// depends only on the values computed (not on the number of threads
    /// or their timing): the budget of a search for a period counts it, so
    /// a run ends at the same heap however it was computed.
    fn work(&self) -> Option<u64> {
        None
    }

    /// Pairs of heaps actually examined so far, if the engine counts them
    /// (for reports; it may vary with the threads' timing).
    fn examined(&self) -> Option<u64> {
        self.work()
    }

    /// The current mask and number of rare heaps, for progress reports
    /// (cheap, unlike [`Engine::split`]).
    fn rare(&self) -> Option<(u16, usize)> {
        None
    }

    /// Window mode: from now on, with `values` computed (all readable but
    /// those forgotten before), never read the values of the heaps
    /// `dropped` (they are about to be released from memory); a heap whose
    /// value needs one is an error naming it. Refused by engines that read
    /// every value (the default).
    fn forget(&mut self, _values: &[u16], _dropped: std::ops::Range<usize>) -> Result<()> {
        Err(Error::Unsupported(
            "window mode needs the sparse engine (octal codes without three-way splits, \
             Grundy's game)"
                .into(),
        ))
    }

    /// The engine's choices that its values do not show, for a checkpoint
    /// of `values` (with, in window mode, the heaps `dropped` no longer
    /// kept): `None` for an engine that makes none.
    fn saved(
        &mut self,
        _values: &[u16],
        _dropped: std::ops::Range<usize>,
    ) -> Option<checkpoint::EngineState> {
        None
    }

    /// Continues after `values`, checkpointed with `state`, as if the
    /// engine had computed them itself: [`Engine::adopt`] with the choices
    /// of [`Engine::saved`] and the work counted before. In window mode the
    /// heaps `state` says are no longer kept read as zeros: the rare ones
    /// among them are in the state, and `hist` counts `G(1..values.len())`.
    /// The caller then calls [`Engine::forget`] for them. Engines without
    /// choices adopt the values (refused in window mode).
    fn restore(
        &mut self,
        values: &[u16],
        _hist: &stats::Histogram,
        state: &checkpoint::State,
    ) -> Result<()> {
        if state.window.is_some() {
            return Err(Error::Unsupported(
                "a checkpoint of window mode needs the sparse engine".into(),
            ));
        }
        self.adopt(values);
        Ok(())
    }

    /// Window mode, with `values = G(0..from)`: the first heap `n ≥ from`
    /// whose marks would read a forgotten heap, with that heap (the caller
    /// stops before it, so that the error names it).
    fn first_lost(&self, _values: &[u16], _from: usize) -> Option<(usize, usize)> {
        None
    }
}

/// The engine for `rule`: sparse where it applies (on `threads` threads
/// when more than one), naive elsewhere.
pub fn engine_for(rule: &Rule, threads: usize) -> Box<dyn Engine + Send> {
    if threads > 1 {
        if let Some(p) = pipeline::Pipeline::new(rule, threads) {
            return Box::new(p);
        }
    }
    match sparse::Sparse::new(rule) {
        Some(s) => Box::new(s),
        None => Box::new(naive::Naive::new(rule)),
    }
}

/// How a request for `G(0..=up_to)` will be met, decided before any work:
/// compute the heaps asked for and then search on for a proof, or (when
/// they do not fit in memory) search for a proof only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `up_to + 1`, the heaps whose values are asked for.
    pub wanted: u64,
    /// Compute up to this many heaps (stopping early at a proof).
    pub goal: u64,
    /// Whether only a proof can answer (the wanted heaps do not fit).
    pub needs_proof: bool,
    /// Work after which the search for a proof stops (past the wanted
    /// heaps, or from the start when only a proof can answer).
    pub work: u64,
}

impl Plan {
    /// The plan for `G(0..=up_to)` of `rule` within `limits`, or the reason
    /// it cannot be met (no period can be proved and the heaps do not fit).
    /// Rules with a closed form need no plan: everything is known.
    pub fn new(rule: &Rule, up_to: u64, limits: Limits) -> Result<Plan> {
        let wanted = up_to.saturating_add(1);
        let provable = rule.proof_shape().is_some();
        if wanted <= limits.max_heaps {
            let search = if provable { limits.search_heaps } else { 0 };
            return Ok(Plan {
                wanted,
                goal: wanted.max(search.min(limits.max_heaps)),
                needs_proof: false,
                work: limits.search_work,
            });
        }
        if !provable {
            return Err(memory_refusal(
                rule,
                up_to,
                limits.max_heaps,
                "no period can be proved for it (its moves reach arbitrarily far)",
            ));
        }
        Ok(Plan {
            wanted,
            goal: limits.proof_heaps.min(limits.max_heaps),
            needs_proof: true,
            work: limits.search_work,
        })
    }

    /// Whether a run with `computed` values and `work` done should stop
    /// searching for a proof.
    pub fn out_of_budget(&self, computed: u64, work: u64) -> bool {
        (self.needs_proof || computed >= self.wanted) && work >= self.work
    }

    /// The refusal when a run ended with `computed` values and no proof
    /// short of the wanted heaps.
    pub fn refusal(&self, rule: &Rule, computed: u64, limits: Limits) -> Error {
        memory_refusal(
            rule,
            self.wanted - 1,
            limits.max_heaps,
            &format!("no period was proved in its first {computed} heaps"),
        )
    }
}

/// The one wording of "this needs more memory than allowed", shared by every
/// command that computes nim-sequences.
pub fn memory_refusal(rule: &Rule, up_to: u64, max_heaps: u64, why: &str) -> Error {
    let bytes = up_to.saturating_add(1).saturating_mul(2);
    Error::TooLarge(format!(
        "{rule} up to heap {up_to}: {why}, and computing every heap up to {up_to} would need {} \
         of memory, more than the {} allowed ({max_heaps} heaps of 2 bytes)",
        human_bytes(bytes),
        human_bytes(max_heaps.saturating_mul(2)),
    ))
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
}

/// The state of window mode: which heaps are kept, and what the reports
/// need that would otherwise be read from every value.
struct Window {
    /// The first `keep` and the last `keep` values are kept.
    keep: usize,
    /// The heaps whose values were released (whole pages of memory).
    dropped: std::ops::Range<usize>,
    /// The histogram of `G(1..len)`.
    hist: stats::Histogram,
    /// `last_at[v]`: the last heap `≥ 1` of value `v` (0 for none).
    last_at: Vec<u64>,
    /// Archive mode: the values of the heaps `dropped`, compactly (the
    /// engine does not read them; the reports and the period search do).
    /// `None` in window mode: they are gone.
    archive: Option<archive::Archive>,
}

impl Window {
    /// Window (or, with an archive, archive) mode from now on, keeping
    /// `keep` heaps at each end of `values`, none released yet.
    fn start(keep: usize, values: &[u16], archive: Option<archive::Archive>) -> Window {
        let (hist, last_at) = counts(values.get(1..).unwrap_or(&[]));
        Window {
            keep,
            dropped: 0..0,
            hist,
            last_at,
            archive,
        }
    }
}

/// Runs that reserve room for at least this many heaps keep the values of
/// all but the first and the last [`ARCHIVE_KEEP`] heaps in an
/// [`archive::Archive`], about one byte per heap instead of two.
pub const ARCHIVE_HEAPS: usize = 1 << 23;

/// The heaps kept as plain values at each end in archive mode: the engine
/// reads the first heaps and the recent ones (a heap that needs an archived
/// value makes the run put every value back and go on without the archive).
pub const ARCHIVE_KEEP: usize = 1 << 21;

/// Heaps released (and archived) at a time: a multiple of any page size
/// (2 bytes a heap).
const RELEASE_BLOCK: usize = 1 << 20;

/// The fewest heaps window mode keeps at each end: the sparse engine reads
/// the first [`sparse::Sparse::REACH`] heaps for every heap, and as many
/// below it.
pub const MIN_WINDOW: usize = 1 << 17;

// Room for the low heaps and for as many below the next heap, with the
// splitting digits of codes of up to 256 digits (a longer code that needs
// more is refused by `Sparse::forget`, which checks its own reach).
const _: () = assert!(MIN_WINDOW >= sparse::Sparse::REACH + 256 + sparse::AHEAD);

impl Computation {
    /// A computation of the sequence of `rule` on `threads` threads (more
    /// than one runs the sparse engine as a [`pipeline`], with the same
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
        state: Option<&checkpoint::State>,
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
        state: &checkpoint::State,
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
        let mut all = Values::mapped(room).map_err(|e| mapping_refused(room as u64, rule, e))?;
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
    pub fn state(&mut self) -> checkpoint::State {
        let window = match &self.window {
            Some(w) if w.archive.is_none() => Some(checkpoint::WindowState {
                keep: w.keep as u64,
                dropped: w.dropped.start as u64..w.dropped.end as u64,
                counts: w.hist.counts().to_vec(),
                last_at: w.last_at.clone(),
            }),
            _ => None,
        };
        let gone = self.gone();
        checkpoint::State {
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
            Some(w) => read(&self.values, w, n),
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

    /// Window mode, before any release: moves the values into a mapping
    /// with room for `heaps` (see [`Computation::reserve`]).
    fn map_values(&mut self, heaps: u64) -> Result<()> {
        let mapped = usize::try_from(heaps)
            .map_err(std::io::Error::other)
            .and_then(|heaps| Values::mapped(heaps.max(self.values.len())));
        let mut mapped = mapped.map_err(|e| mapping_refused(heaps, &self.rule, e))?;
        for &v in self.values.iter() {
            mapped.push(v);
        }
        self.values = mapped;
        Ok(())
    }

    /// Computes up to `budget` more values, stopping early once `G(0..heaps)`
    /// are known, or (when `stop_at_proof`) once a period is proved.
    pub fn advance(&mut self, heaps: u64, budget: u64, stop_at_proof: bool) -> Result<Step> {
        let mut left = budget;
        while left > 0 {
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
                .map_or(true, |w| w.dropped.is_empty() || w.archive.is_some());
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
            let appended = if exact {
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
                                finder.observe_by(len, |n| read(values, w, n))
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
            .map_or(true, |w| w.dropped.is_empty() || w.archive.is_some());
        whole.then(|| {
            (0..self.values.len()).map(|n| match &self.window {
                Some(w) => read(&self.values, w, n),
                None => self.values[n],
            })
        })
    }

    /// Archive mode: computes the next heap from the definition, reading
    /// every value it needs (archived or not), and hands it to the engine.
    fn push_exact(&mut self) -> Result<()> {
        let n = self.values.len();
        let v = match &self.window {
            Some(w) => {
                let values = &self.values;
                exact_value(&self.rule, n, |h| read(values, w, h))
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
    /// [`archive::Archive`], about one byte per heap, and their plain
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
                    + w.archive.as_ref().map_or(0, archive::Archive::bytes)
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
        let archive = archive::Archive::new(0, 0);
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
        let (dropped, mut archive) = (w.dropped.clone(), w.archive);
        if !dropped.is_empty() {
            let base = self.values.as_ptr() as usize;
            restore_pages(base + 2 * dropped.start, base + 2 * dropped.end);
            if let Some(archive) = archive.as_mut() {
                debug_assert_eq!(archive.heaps(), dropped);
                // From the last heaps down, a block at a time, each block's
                // codes released as its values are written: memory stays
                // near 2 bytes a heap, where decoding all at once would
                // hold 3.
                let mut end = dropped.end;
                while end > dropped.start {
                    let from = end.saturating_sub(archive::CHUNK * 16).max(dropped.start);
                    archive.pop_into(&mut self.values[from..end]);
                    end = from;
                }
            }
        }
        drop(archive);
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
        let Some(w) = self.window.as_ref() else {
            return Ok(());
        };
        let (len, keep) = (self.values.len(), w.keep.min(self.values.capacity()));
        let page = page_size();
        let base = self.values.as_ptr() as usize;
        let lo = (base + 2 * keep).next_multiple_of(page);
        let hi = (base + 2 * len.saturating_sub(keep)) / page * page;
        if hi <= lo || (hi - base) / 2 <= w.dropped.end {
            return Ok(());
        }
        // (The range only grows at its end: a run resumed from a checkpoint
        // starts it where the first run's pages began, perhaps not on a page
        // here, and must keep every heap the checkpoint kept. Only the whole
        // pages inside it are released.)
        let from = match w.dropped.is_empty() {
            true => (lo - base) / 2,
            false => w.dropped.start,
        };
        let dropped = from..(hi - base) / 2;
        let first = w.dropped.end.max(dropped.start);
        self.engine.forget(&self.values, dropped.clone())?;
        let mask = self.engine.rare().map_or(0, |(mask, _)| mask);
        let Some(w) = self.window.as_mut() else {
            return Ok(());
        };
        if let Some(archive) = w.archive.as_mut() {
            if archive.heaps().is_empty() {
                let room = self.values.capacity() - dropped.start;
                *archive = archive::Archive::new(dropped.start, room);
            }
        }
        // A block at a time (whole pages: the ends are), each archived and
        // then released, so that memory never holds many heaps both ways
        // (the first release of a resumed run moves nearly all of them).
        // `dropped` grows with the blocks: if a release fails, it is still
        // the range archived.
        //
        // Each block's release reaches back to the start of the span of
        // address space that one page of page tables maps (2 MiB with 4 KiB
        // pages), within the dropped heaps: the kernel frees a page table
        // only when one call empties all of it, and would otherwise keep
        // 4 KiB per 2 MiB of values ever released (16 MiB at 2^32 heaps).
        let table_span = page * (page / 8);
        let lowest = (base + 2 * dropped.start).next_multiple_of(page);
        let mut from = first;
        while from < dropped.end {
            let to = (from + RELEASE_BLOCK).min(dropped.end);
            if let Some(archive) = w.archive.as_mut() {
                archive.extend(&self.values[from..to], mask);
            }
            w.dropped = dropped.start..to;
            let start = ((base + 2 * from) / table_span * table_span).max(lowest);
            let end = (base + 2 * to) / page * page;
            if start < end {
                release_pages(start, end)?;
            }
            from = to;
        }
        Ok(())
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

    /// The sequence as computed so far, for answering `G(n)` (in window
    /// mode, once values were released, only the first ones kept; archived
    /// values are decoded, 2 bytes per heap).
    pub fn into_sequence(mut self) -> NimSequence {
        // (The values are back whatever the engine, dropped here, says.)
        let _ = self.unarchive();
        self.unprotect();
        NimSequence {
            rule: self.rule.clone(),
            values: std::mem::take(&mut self.values).into_vec(),
            period: self.period,
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
}

impl Drop for Computation {
    fn drop(&mut self) {
        self.unprotect();
    }
}

/// The histogram of `values` and the last heap (counting from 1) of each
/// value, for the reports of window and archive modes.
fn counts(values: &[u16]) -> (stats::Histogram, Vec<u64>) {
    let mut last_at = Vec::new();
    for (n, &v) in values.iter().enumerate() {
        if last_at.len() <= v as usize {
            last_at.resize(v as usize + 1, 0);
        }
        last_at[v as usize] = n as u64 + 1;
    }
    (stats::Histogram::of(values), last_at)
}

/// `G(n)` of `rule` from the definition (the mex of its options), reading
/// `G(0..n)` through `get`, with the number of options examined; `None`
/// when the rule is not one archive mode runs (octal codes without
/// three-way splits, Grundy's game) or the value does not fit in 16 bits.
fn exact_value(rule: &Rule, n: usize, get: impl Fn(usize) -> u16) -> Option<(u16, u64)> {
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

/// `G(n)` of a run in window or archive mode, for a heap kept (plain or
/// archived).
#[inline]
fn read(values: &[u16], w: &Window, n: usize) -> u16 {
    match &w.archive {
        Some(archive) if w.dropped.contains(&n) => archive.get(n),
        _ => values[n],
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

/// The error for a mapping of room for `heaps` values refused.
fn mapping_refused(heaps: u64, rule: &Rule, e: std::io::Error) -> Error {
    Error::TooLarge(format!(
        "window mode: cannot reserve {} of address space for the values of {heaps} heaps of \
         {rule}: {e}",
        human_bytes(heaps.saturating_mul(2)),
    ))
}

/// The size of a page of memory (asked once: window runs of cheap heaps
/// release every few heaps, and the system call cost 3 % of their time).
#[cfg(unix)]
fn page_size() -> usize {
    static SIZE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *SIZE.get_or_init(|| {
        // SAFETY: sysconf only reads a system constant.
        let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(size).unwrap_or(4096).max(1)
    })
}

#[cfg(not(unix))]
fn page_size() -> usize {
    4096
}

/// Releases the memory of the whole pages `lo..hi` (within the storage of
/// the [`Values`], never read again) and protects them, so that a stray
/// read faults instead of reading zeros. (Protected first: pages of
/// `lo..hi` released before then lie in the same mapping as the new ones,
/// and the kernel frees the page tables that the one call empties.)
#[cfg(unix)]
fn release_pages(lo: usize, hi: usize) -> Result<()> {
    let (ptr, len) = (lo as *mut libc::c_void, hi - lo);
    // SAFETY: lo..hi are whole pages inside the values' storage (a mapping
    // in window mode, a vector in archive mode), which the engine was told
    // never to read again (`Engine::forget`). The invariant of window mode:
    // the whole pages of `Window::dropped` are protected, or (a run resumed
    // from a checkpoint) never written; the storage never moves or grows
    // while a window is on (`advance` and `reserve` refuse, `window`
    // refuses a second window); they are made accessible again
    // (`restore_pages`) before the storage is freed or truncated.
    // Slices handed to the engine still cover them: strictly, a reference
    // should point to readable memory over its whole length; rustc does not
    // tell LLVM so for slices of dynamic length, so nothing is read there
    // unless the engine reads it. (Handing the engine the dropped range
    // with a raw pointer would remove even that.)
    let ok = unsafe {
        libc::mprotect(ptr, len, libc::PROT_NONE) == 0
            && libc::madvise(ptr, len, libc::MADV_DONTNEED) == 0
    };
    if ok {
        Ok(())
    } else {
        Err(Error::TooLarge(format!(
            "window mode: cannot release {} of values: {}",
            human_bytes(len as u64),
            std::io::Error::last_os_error()
        )))
    }
}

#[cfg(not(unix))]
fn release_pages(_lo: usize, _hi: usize) -> Result<()> {
    Err(Error::Unsupported("window mode: only on Unix".into()))
}

/// Makes the whole pages within `lo..hi`, released by [`release_pages`],
/// readable and writable again (they read as zeros).
#[cfg(unix)]
fn restore_pages(lo: usize, hi: usize) {
    // (Heaps dropped by a run resumed from a checkpoint may not start or end
    // on a page; only whole pages inside them were ever protected.)
    let page = page_size();
    let (lo, hi) = (lo.next_multiple_of(page), hi / page * page);
    if lo >= hi {
        return;
    }
    // SAFETY: whole pages inside the values' storage, protected by
    // `release_pages` or never written (a resumed run's).
    let ok = unsafe {
        libc::mprotect(
            lo as *mut libc::c_void,
            hi - lo,
            libc::PROT_READ | libc::PROT_WRITE,
        ) == 0
    };
    // Freeing protected pages could hand them to the allocator unusable
    // (from `Drop` while unwinding, this aborts: still better than that).
    assert!(ok, "cannot restore the released pages of a window-mode run");
}

#[cfg(not(unix))]
fn restore_pages(_lo: usize, _hi: usize) {}

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
            let len = run.values.len() as u64;
            if run.period.is_some() || len >= plan.goal || plan.out_of_budget(len, run.work()) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::TakeBreak;

    fn code(s: &str) -> Rule {
        Rule::TakeBreak(TakeBreak::parse(s).expect("valid code"))
    }

    /// `G(0..n)` of `rule` in window mode keeping `keep` heaps at each end,
    /// with an engine that ranks `blocks` blocks: the run, and how it ended.
    fn windowed(rule: &Rule, n: u64, keep: usize, blocks: usize) -> (Computation, Result<Step>) {
        let mut run = mapped_window(rule, keep, blocks, n);
        let mut step = Ok(Step::Working);
        while step == Ok(Step::Working) {
            step = run.advance(n, 1000, false);
        }
        (run, step)
    }

    fn full(rule: &Rule, n: u64) -> Vec<u16> {
        let mut run = Computation::new(rule, 1).unwrap();
        run.advance(n, u64::MAX, false).unwrap();
        run.values().to_vec()
    }

    #[test]
    fn window_runs_report_what_full_runs_do() {
        // 0.6: no rare heap past 20627, so a window of 2^16 suffices.
        let rule = code("0.6");
        let n = 1 << 18;
        let all = full(&rule, n);
        let (run, step) = windowed(&rule, n, 1 << 16, 8);
        assert_eq!(step.unwrap(), Step::Reached);
        let dropped = run.window.as_ref().unwrap().dropped.clone();
        assert!(dropped.start < (1 << 16) + 4096 && dropped.end > (1 << 18) - (1 << 16) - 4096);
        assert_eq!(run.computed(), all.len());
        assert_eq!(run.histogram(), Some(&stats::Histogram::of(&all[1..])));
        assert_eq!(
            run.split(),
            Some(stats::Split::of(&all, run.rare().unwrap().0))
        );
        assert_eq!(run.largest(), *all.iter().max().unwrap());
        for (h, &v) in all.iter().enumerate() {
            let kept = !dropped.contains(&h);
            assert_eq!(run.value(h), kept.then_some(v), "heap {h}");
        }
        assert_eq!(run.values(), &all[..dropped.start]);
        assert_eq!(run.into_sequence().computed(), &all[..dropped.start]);
    }

    /// `run` checkpointed through the bytes of a file and continued on
    /// `engine`, with room for `room` heaps.
    fn through_checkpoint(
        run: &mut Computation,
        engine: Box<dyn Engine + Send>,
        room: u64,
    ) -> Computation {
        let state = run.state();
        let (count, kept) = run.kept_values();
        let mut bytes = Vec::new();
        let rule = run.rule().to_string();
        checkpoint::encode_values(&rule, None, count, kept, &state, |b| {
            bytes.extend_from_slice(b)
        });
        let cp = checkpoint::decode(&bytes).unwrap();
        assert_eq!(cp.computed(), run.computed() as u64);
        let state = cp.state.as_ref().unwrap();
        Computation::continued(run.rule(), cp.values, state, engine, room).unwrap()
    }

    #[test]
    fn window_runs_continued_from_checkpoints_end_as_runs_never_stopped() {
        // 0.53 keeping the least window: stopped before anything is
        // released (its period is proved by then), then twice after, and
        // continued on one or two threads in turn.
        let rule = code("0.53");
        let n: u64 = 1 << 20;
        let start = |threads| {
            let mut run = Computation::new(&rule, threads).unwrap();
            run.window(MIN_WINDOW).unwrap();
            run.reserve(n).unwrap();
            run
        };
        let mut whole = start(1);
        whole.advance(n, u64::MAX, false).unwrap();
        let mut run = start(2);
        for (i, stop) in [100_000, 400_000, 700_000].into_iter().enumerate() {
            run.advance(stop, u64::MAX, false).unwrap();
            assert_eq!(run.computed() as u64, stop);
            let released = !run.window.as_ref().unwrap().dropped.is_empty();
            assert_eq!(released, i > 0);
            run = through_checkpoint(&mut run, engine_for(&rule, 1 + i % 2), n);
            assert_eq!(run.window_kept(), Some(MIN_WINDOW));
            assert!(run.values.is_mapped());
        }
        run.advance(n, u64::MAX, false).unwrap();
        assert_eq!(run.computed(), whole.computed());
        assert_eq!(run.histogram(), whole.histogram());
        assert_eq!(run.split(), whole.split());
        assert!(run.period().is_some());
        assert_eq!(
            (run.work(), run.largest(), run.period()),
            (whole.work(), whole.largest(), whole.period())
        );
        let all = full(&rule, n);
        assert_eq!(run.histogram(), Some(&stats::Histogram::of(&all[1..])));
        let kept = (0..all.len()).filter(|&h| run.value(h).is_some());
        assert!(kept.clone().count() < 3 * MIN_WINDOW);
        for h in kept {
            assert_eq!(run.value(h), Some(all[h]), "G({h})");
        }
    }

    /// Runs `run` to `n` in calls of 1000 heaps: how it ended.
    fn go(run: &mut Computation, n: u64) -> std::result::Result<Step, String> {
        loop {
            match run.advance(n, 1000, false) {
                Ok(Step::Working) => {}
                other => return other.map_err(|e| e.to_string()),
            }
        }
    }

    /// A window run keeping `keep` heaps, its values in a mapping of room
    /// for `room` heaps, on an engine that ranks `blocks` blocks.
    fn mapped_window(rule: &Rule, keep: usize, blocks: usize, room: u64) -> Computation {
        let engine = sparse::Sparse::new(rule)
            .unwrap()
            .with_ranked_blocks(blocks);
        let mut run = Computation::with_engine(rule, Box::new(engine)).unwrap();
        run.window_unchecked(keep).unwrap();
        run.reserve(room).unwrap();
        assert!(run.values.is_mapped());
        run
    }

    /// What a window run reports at its end, and the heap that stopped it.
    fn report(run: &Computation, ended: &std::result::Result<Step, String>) -> String {
        let w = run.window.as_ref().unwrap();
        format!(
            "ended {ended:?} computed {} work {} largest {} period {:?} split {:?} hist {:?} \
             last_at {:?} rare {:?}",
            run.computed(),
            run.work(),
            run.largest(),
            run.period(),
            run.split(),
            run.histogram(),
            w.last_at,
            run.rare(),
        )
    }

    #[test]
    fn window_runs_stopped_anywhere_and_continued_end_as_runs_never_stopped() {
        // Stopped before any release, after some, at the end and after a
        // "needs G(lost)" error (the command line saves then), checkpointed
        // through bytes and continued: the values kept, the work, the
        // reports and the heap an error names are those of the run never
        // stopped.
        let cases: &[(&str, u64, usize, usize)] = &[
            ("0.6", 1 << 18, 1 << 16, 8),
            ("0.6", 1 << 17, 1 << 15, 2),
            ("0.161", 300_000, 20_000, 2),
            ("0.106", 1 << 18, 2048, 2),
            ("grundys", 1 << 17, 1 << 14, 2),
        ];
        for &(text, n, keep, blocks) in cases {
            let rule = if text == "grundys" {
                Rule::Grundys
            } else {
                code(text)
            };
            let mut whole = mapped_window(&rule, keep, blocks, n);
            let ended = go(&mut whole, n);
            let expect = report(&whole, &ended);
            let end = whole.computed() as u64;
            let mut stops: Vec<u64> = (1..6).map(|i| end * i / 6).collect();
            stops.extend([end, n]);
            for stop in stops {
                let mut run = mapped_window(&rule, keep, blocks, n);
                let first = go(&mut run, stop);
                let engine = sparse::Sparse::new(&rule)
                    .unwrap()
                    .with_ranked_blocks(blocks);
                let mut again = through_checkpoint(&mut run, Box::new(engine), n);
                let ended = match &first {
                    Err(e) => {
                        assert_eq!(
                            again.advance(n, 1000, false).map_err(|e| e.to_string()),
                            Err(e.clone())
                        );
                        first.clone()
                    }
                    Ok(_) => go(&mut again, n),
                };
                assert_eq!(report(&again, &ended), expect, "{text}, stopped at {stop}");
                for h in 0..again.computed() {
                    if let (Some(a), Some(b)) = (again.value(h), whole.value(h)) {
                        assert_eq!(a, b, "{text}, stopped at {stop}: G({h})");
                    }
                }
            }
        }
    }

    #[test]
    fn a_run_continued_keeps_every_heap_its_checkpoint_kept() {
        // A checkpoint whose dropped heaps start later than this process's
        // pages would (written where values began elsewhere in a page): the
        // continued run forgets no heap the checkpoint kept.
        let rule = code("0.6");
        let (n, keep, s, d) = (1u64 << 18, 1usize << 16, 200_000usize, 1000usize);
        let mut run = mapped_window(&rule, keep, 8, n);
        go(&mut run, s as u64).unwrap();
        let mut state = run.state();
        drop(run);
        let all = full(&rule, s as u64);
        let w = state.window.as_mut().unwrap();
        let (start, end) = (w.dropped.start as usize, w.dropped.end as usize);
        w.dropped = (start + d) as u64..end as u64;
        let e = state.engine.as_mut().unwrap();
        e.rare.retain(|&(h, _)| h as usize >= start + d);
        let values: Vec<u16> = all[..start + d]
            .iter()
            .chain(&all[end..])
            .copied()
            .collect();
        let engine = sparse::Sparse::new(&rule).unwrap().with_ranked_blocks(8);
        let mut again = Computation::continued(&rule, values, &state, Box::new(engine), n).unwrap();
        go(&mut again, s as u64 + 5000).unwrap();
        let dropped = again.window.as_ref().unwrap().dropped.clone();
        assert!(dropped.end > end);
        assert_eq!(dropped.start, start + d);
        let all = full(&rule, s as u64 + 5000);
        for h in (0..start + d).chain(dropped.end..again.computed()) {
            assert_eq!(again.value(h), Some(all[h]), "G({h})");
        }
    }

    #[test]
    fn a_rare_heap_whose_partner_is_dropped_stops_the_run_naming_both() {
        // 0.6 has rare heaps up to 20627: with 4096 heaps kept at each end,
        // a rare heap r pairs, in heap n, with n - k - r, dropped soon.
        let rule = code("0.6");
        let all = full(&rule, 40000);
        let (run, step) = windowed(&rule, 40000, 4096, 2);
        let err = step.unwrap_err().to_string();
        let n = run.computed();
        assert!(n < 40000);
        assert!(
            err.contains(&format!("the value of heap {n} needs G("))
                && err.contains("no longer kept"),
            "{err}"
        );
        // Everything computed (and kept) is right.
        for h in (0..n).filter(|&h| run.value(h).is_some()) {
            assert_eq!(run.value(h), Some(all[h]));
        }
    }

    #[test]
    fn a_proof_scan_that_needs_a_dropped_heap_stops_the_run() {
        // 0.6 with 2^15 heaps kept at each end: every rare heap (up to
        // 20627) pairs within the window, but with only 1024 low heaps
        // ranked, some heap's proof scan runs past the pairs kept.
        let rule = code("0.6");
        let all = full(&rule, 1 << 17);
        let (run, step) = windowed(&rule, 1 << 17, 1 << 15, 2);
        let err = step.unwrap_err().to_string();
        let n = run.computed();
        assert!(
            err.contains(&format!("the value of heap {n} needs G("))
                && err.contains("no longer kept"),
            "{err}"
        );
        let dropped = run.window.as_ref().unwrap().dropped.clone();
        assert!(!dropped.is_empty());
        for h in (0..n).filter(|h| !dropped.contains(h)) {
            assert_eq!(run.value(h), Some(all[h]));
        }
    }

    #[test]
    fn a_heap_that_needs_every_split_stops_the_run() {
        // 0.106: no mask makes the rare heaps rare, so every split of every
        // heap is scanned, which needs the dropped heaps at once.
        let rule = code("0.106");
        let (run, step) = windowed(&rule, 20000, 2048, 2);
        let err = step.unwrap_err().to_string();
        assert!(err.contains("no longer kept"), "{err}");
        let dropped = run.window.as_ref().unwrap().dropped.clone();
        assert!(!dropped.is_empty() && run.computed() < dropped.end + 2048 + 4096);
    }

    #[test]
    fn batches_never_read_released_heaps() {
        // 0.161's rare heaps keep coming past a small window, so a heap soon
        // needs a released value. The heaps just below it must not start a
        // batch of rare-pair marks that reads it (that read would fault):
        // the run ends with the error, every kept value exact.
        let rule = code("0.161");
        let (run, step) = windowed(&rule, 300_000, 20_000, 2);
        let err = step.unwrap_err().to_string();
        assert!(err.contains("no longer kept"), "{err}");
        let all = full(&rule, run.computed() as u64);
        let dropped = run.window.as_ref().unwrap().dropped.clone();
        assert!(!dropped.is_empty());
        for (n, &v) in all.iter().enumerate() {
            assert_eq!(run.value(n), (!dropped.contains(&n)).then_some(v), "G({n})");
        }
    }

    #[test]
    fn a_window_run_never_moves_its_values() {
        // Released pages stay where they are: no second window, no growth.
        let rule = code("0.6");
        let (mut run, step) = windowed(&rule, 1 << 18, 1 << 16, 8);
        assert_eq!(step.unwrap(), Step::Reached);
        assert!(!run.window.as_ref().unwrap().dropped.is_empty());
        let err = run.window_unchecked(1 << 16).unwrap_err().to_string();
        assert!(err.contains("on already"), "{err}");
        let err = run.reserve(1 << 20).unwrap_err().to_string();
        assert!(err.contains("reserved before"), "{err}");
        assert!(run.reserve(1 << 18).is_ok());
        // A window as large as any number keeps everything.
        let mut wide = Computation::new(&rule, 1).unwrap();
        wide.window(usize::MAX).unwrap();
        wide.reserve(1 << 18).unwrap();
        assert_eq!(
            wide.advance(1 << 18, u64::MAX, false).unwrap(),
            Step::Reached
        );
        assert_eq!(wide.values(), full(&rule, 1 << 18));
    }

    #[test]
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    fn a_window_run_reserves_room_for_2_to_the_40_heaps_as_address_space() {
        // Room for 2^40 heaps is 2 TiB of address space: far more than
        // memory and swap, which a vector of that room would need. 0.53
        // needs no released value (its rare heaps pair within the window).
        let rule = code("0.53");
        let n = 1 << 20;
        let all = full(&rule, n as u64);
        let mut run = Computation::new(&rule, 2).unwrap();
        // Values computed before window mode move into the mapping.
        run.advance(5000, u64::MAX, false).unwrap();
        run.window(MIN_WINDOW).unwrap();
        run.reserve(1 << 40).unwrap();
        assert!(run.values.is_mapped() && run.values.capacity() == 1 << 40);
        assert_eq!(run.values(), &all[..5000]);
        let step = run.advance(n as u64, u64::MAX, false).unwrap();
        assert_eq!(step, Step::Reached);
        let dropped = run.window.as_ref().unwrap().dropped.clone();
        assert!(dropped.start <= MIN_WINDOW + 4096 && dropped.end >= n - MIN_WINDOW - 4096);
        for (h, &v) in all.iter().enumerate() {
            let kept = !dropped.contains(&h);
            assert_eq!(run.value(h), kept.then_some(v), "heap {h}");
        }
        // Only the pages of the two ends are resident (the values' pages
        // were never touched past heap n).
        let page = page_size();
        let mut resident = vec![0u8; (2 * n).div_ceil(page)];
        // SAFETY: the first 2n bytes of the mapping, one byte per page.
        let ok = unsafe {
            libc::mincore(
                run.values.as_ptr() as *mut libc::c_void,
                2 * n,
                resident.as_mut_ptr(),
            ) == 0
        };
        assert!(ok, "{}", std::io::Error::last_os_error());
        let bytes = resident.iter().filter(|&&r| r & 1 != 0).count() * page;
        assert!(bytes <= 4 * MIN_WINDOW + 2 * page, "{bytes} bytes resident");
        // (Dropping the run unmaps the 2 TiB.)
    }

    /// `G(0..n)` of `rule` in archive mode from the start, keeping `keep`
    /// heaps at each end, with an engine that ranks `blocks` blocks.
    fn archived(rule: &Rule, n: u64, keep: usize, blocks: usize) -> Computation {
        let engine = sparse::Sparse::new(rule)
            .unwrap()
            .with_ranked_blocks(blocks);
        let run = Computation::with_engine(rule, Box::new(engine)).unwrap();
        run_archived(run, n, keep)
    }

    /// Runs `run` to `n` heaps in archive mode from the start, keeping
    /// `keep` heaps at each end (any engine, for the pipeline's tests too).
    pub(super) fn run_archived(mut run: Computation, n: u64, keep: usize) -> Computation {
        run.reserve(n).unwrap();
        run.archive_at_unchecked(0, keep);
        let mut was = false;
        while run.advance(n, 1000, false).unwrap() == Step::Working {
            was |= run.archiving();
        }
        assert!(was, "{}: archive mode was on", run.rule());
        run
    }

    /// Checks `run` against a run keeping every value as it is.
    pub(super) fn same_as_full(rule: &Rule, run: &Computation) {
        let n = run.computed();
        let mut plain = Computation::new(rule, 1).unwrap();
        plain.advance(n as u64, u64::MAX, false).unwrap();
        let got: Vec<u16> = run.all_values().unwrap().collect();
        assert!(got == plain.values(), "{rule}: values differ");
        assert_eq!(run.work(), plain.work(), "{rule}");
    }

    #[test]
    fn archived_heaps_the_engine_needs_are_put_back() {
        // 0.106: no mask makes the rare heaps rare, so every split of every
        // heap is scanned, which soon needs archived heaps; 0.161's rare
        // heaps keep coming, and pair with archived heaps past a small
        // window. Each run puts every value back, goes on without the
        // archive, and answers exactly.
        for (text, n, keep) in [("0.106", 20_000, 2048), ("0.161", 300_000, 20_000)] {
            let rule = code(text);
            let run = archived(&rule, n, keep, 2);
            assert!(!run.archiving(), "{rule}");
            assert_eq!(run.values().len(), run.computed(), "{rule}");
            same_as_full(&rule, &run);
        }
    }

    #[test]
    fn exact_values_are_those_of_the_naive_engine() {
        let rules = ["0.6", "0.161", "0.106", "4.7", "0.51", "0.137"]
            .map(code)
            .into_iter()
            .chain([Rule::Grundys]);
        for rule in rules {
            let mut run =
                Computation::with_engine(&rule, Box::new(naive::Naive::new(&rule))).unwrap();
            run.advance(600, u64::MAX, false).unwrap();
            let g = run.values();
            for n in 0..g.len() {
                assert_eq!(
                    exact_value(&rule, n, |h| g[h]).map(|(v, _)| v),
                    Some(g[n]),
                    "{rule}: G({n})"
                );
            }
        }
        assert_eq!(exact_value(&code("0.3f"), 10, |_| 0), None);
    }

    #[test]
    fn a_proof_scan_that_needs_archived_heaps_reads_them() {
        // 0.6 with 2^15 heaps at each end and 1024 low heaps ranked: some
        // proof scans run past the pairs kept (see the window-mode test).
        // Those heaps are computed from the definition, reading the
        // archive, which stays.
        let rule = code("0.6");
        let run = archived(&rule, 1 << 17, 1 << 15, 2);
        assert!(run.archiving());
        assert!(run.exact_heaps() > 0);
        // Each of those heaps (past 2^16) examined its 2^15 splits or more,
        // counted in `examined`.
        assert!(run.exact_options >= run.exact_heaps() << 15);
        assert!(run.examined() >= run.work() + run.exact_options);
        same_as_full(&rule, &run);
    }

    #[test]
    fn an_archive_holds_every_value_at_about_a_byte() {
        // 0.6 with 2^16 heaps at each end: nothing archived is needed.
        let rule = code("0.6");
        let n = 1 << 19;
        let run = archived(&rule, n as u64, 1 << 16, 8);
        assert!(run.archiving());
        let w = run.window.as_ref().unwrap();
        let archive = w.archive.as_ref().unwrap();
        assert_eq!(archive.heaps(), w.dropped);
        assert!(w.dropped.len() > n - 2 * (1 << 16) - 4096);
        // The rare heaps (none past 20627) are the exceptions.
        assert!(archive.exceptions() < 1600, "{}", archive.exceptions());
        assert!(run.value_bytes() < n + 4 * (1 << 16) + 20_000);
        same_as_full(&rule, &run);
        // Growing past the room reserved puts the values back.
        let mut run = run;
        run.reserve(n as u64 + 1000).unwrap();
        assert!(!run.archiving());
        same_as_full(&rule, &run);
    }

    #[test]
    fn window_mode_is_refused_below_its_least_window_and_by_the_naive_engine() {
        let rule = code("0.6");
        let mut run = Computation::new(&rule, 1).unwrap();
        assert!(run.window(MIN_WINDOW - 1).is_err());
        let naive = Box::new(naive::Naive::new(&rule));
        let mut run = Computation::with_engine(&rule, naive).unwrap();
        let err = run.window(MIN_WINDOW).unwrap_err().to_string();
        assert!(err.contains("sparse engine"), "{err}");
    }
}
