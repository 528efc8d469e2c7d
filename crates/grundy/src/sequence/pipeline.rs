//! The sparse-space engine on several threads: every heap computed almost
//! entirely before the heaps just below it are known.
//!
//! # Why it works
//!
//! Heap `n` depends on the heaps just below it through a handful of options
//! only. Knowing `G(0..known)`, `n / 2 < known ≤ n`, a thread computes the
//! mex `m` of the options of `n` that need only those heaps
//! (`Sparse::compute_ahead`: the rare-pair marks and the proof scan, all
//! but a sliver of the work). Once `G(0..n)` is known, the few options left
//! out (those with a heap of `known..n`: for `0.6`, `G(n - 1)` and the
//! splits `a + (n - 1 - a)` with `a < n - known`) are looked at: every
//! value below `m` is an option already and `m` is not among the options
//! computed, so
//!
//! * if no option left out has the value `m`, `G(n) = m`;
//! * otherwise heap `n` is computed again with every heap known.
//!
//! So the threads compute heaps ahead in parallel, each knowing every heap
//! below the *frontier* (the first heap whose value is not final) when it
//! claims them, and whichever is free finishes the frontier heap when its mex is
//! in. Most heaps start a few heaps past the frontier, so few options are
//! left out and few heaps are computed again (0.27 % of `0.6` to 10^7). A
//! thread that may not go further (`MAX_LAG` heaps past the frontier),
//! with the frontier heap still out (its thread is slow, or descheduled on
//! a busy machine), computes that heap itself after a short wait, so no
//! thread ever waits long for another.
//!
//! Each thread keeps its own engine state (rare heaps, histogram, mask),
//! fed with every value in heap order, so the mask is revised at the same
//! heap counts in every thread. Values never depend on the number of
//! threads or on timing: each is the mex of all the options of its heap.
//! The pairs examined do ([`Pipeline::examined`]), so the work the engine
//! reports ([`Engine::work`], which budgets the search for a period) counts
//! only the pairs that depend on the sequence alone, the same on any
//! number of threads.
//!
//! Heaps take microseconds, so the threads share values through atomics
//! ("final up to", "claimed up to", one slot per heap for the mex found
//! ahead), spinning while they wait, and write straight into the caller's
//! vector, in its spare capacity, during one [`Engine::extend`] call
//! (thousands of heaps). The calling thread is one of the threads; the
//! others live as long as the engine and sleep between calls.
//!
//! Handing heaps over costs a fraction of a microsecond each, which is more
//! than some heaps take (periodic games computed past their proof, Kayles):
//! now and then a few thousand heaps are timed alone and as many shared
//! (over one call or more), and the faster way goes on until the next trial
//! (see `Pace`).

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{JoinHandle, Thread};
use std::time::{Duration, Instant};

use super::engine::Engine;
use super::sparse::{Sparse, AHEAD};
use super::state::{EngineState, State};
use super::stats::{Histogram, Split};
use super::values::Values;
use crate::error::{Error, Result};
use crate::rule::Rule;

/// Heaps are computed ahead at most this far past the frontier (and at
/// most half the frontier, as [`Sparse::compute_ahead`] needs): room for a
/// thread to go on while another is held up by a slow heap (a long proof
/// scan) without waiting. Heaps are computed knowing the frontier when
/// their block is claimed, mostly a few heaps back, so a long limit costs
/// little: on `0.6` to 10^7 the heaps were computed a mean 4 to 7 heaps
/// past the frontier, 0.27 % computed again, and the pairs examined were
/// 0.4 % more than on one thread (with the frontier read for every heap;
/// once per block, 2^20 heaps of `0.6` examined 0.3 % fewer to 0.8 % more
/// pairs than one thread, in three runs). Far longer limits cost more than they save: the
/// threads then run apart on a busy machine, and the heaps computed far
/// ahead skip the first pairs of the proof scan (at 2048, 14 % of the heaps
/// of `0.6` to 2^20 were computed again).
const MAX_LAG: usize = 128;

/// Below this many heaps in one call, or before this heap, heaps are
/// computed one at a time.
const MIN_SHARED: usize = 64;

/// Heaps timed each way by a trial of [`Pace`] (over as many calls as
/// that takes).
const TRIAL_HEAPS: usize = 8192;

/// The first trial of [`Pace`] starts at this heap (before it, calls are
/// small and the heaps cheaper than later: heaps are shared)…
const FIRST_TRIAL_AT: usize = 1 << 16;

/// …the next ones this many heaps after a trial that changes the way…
const FIRST_TRIAL_EVERY: usize = 1 << 19;

/// …doubling each time a trial keeps it, up to this.
const MAX_TRIAL_EVERY: usize = 1 << 26;

/// Whether the threads share the heaps of a call or the calling thread
/// computes them alone, decided by timing both now and then and keeping
/// the faster. Heaps of well under a microsecond (periodic games computed
/// past their proof, Kayles) go slower on several threads than on one: the
/// threads spend more on handing heaps over than on computing them (on two
/// cores, `0.53` to 2^24 past its proof took 1.8–2.6 s alone and 2.8–4.1 s
/// shared; Kayles to 2^22 1.0–1.4 s against 1.5–2.6 s). Only the speed
/// depends on it, never a value.
#[derive(Debug)]
struct Pace {
    /// The way chosen: alone, or shared.
    alone: bool,
    /// The next trial starts at this heap…
    next_trial: usize,
    /// …and the one after it this many heaps later.
    every: usize,
    /// During a trial, the wall time and the heaps measured alone and
    /// shared; `None` between trials.
    trial: Option<[(f64, usize); 2]>,
    /// Always share (the tests of the threaded path).
    always_share: bool,
}

impl Pace {
    fn new() -> Pace {
        Pace {
            alone: false,
            next_trial: FIRST_TRIAL_AT,
            every: FIRST_TRIAL_EVERY,
            trial: None,
            always_share: false,
        }
    }

    /// How to compute up to `count` heaps from `start`: alone or not, and
    /// how many (a trial times [`TRIAL_HEAPS`] alone, then as many shared;
    /// the way chosen goes on up to the next trial).
    fn plan(&mut self, start: usize, count: usize) -> (bool, usize) {
        if self.always_share {
            return (false, count);
        }
        if self.trial.is_none() && start >= self.next_trial {
            self.trial = Some([(0.0, 0); 2]);
        }
        match self.trial {
            Some([(_, alone), _]) if alone < TRIAL_HEAPS => (true, count.min(TRIAL_HEAPS - alone)),
            Some([_, (_, shared)]) => (false, count.min(TRIAL_HEAPS - shared)),
            None => (self.alone, count.min(self.next_trial - start)),
        }
    }

    /// After `done` heaps computed `alone` (or not) in `took`, up to heap
    /// `end`: a trial's measure, and at its end the way chosen.
    fn took(&mut self, alone: bool, took: std::time::Duration, done: usize, end: usize) {
        let Some(trial) = self.trial.as_mut() else {
            return;
        };
        let (time, heaps) = &mut trial[(!alone) as usize];
        *time += took.as_secs_f64();
        *heaps += done;
        let [(a, n), (b, m)] = *trial;
        if n >= TRIAL_HEAPS && m >= TRIAL_HEAPS {
            let alone = a / (n as f64) < b / (m as f64);
            self.every = if alone == self.alone {
                (2 * self.every).min(MAX_TRIAL_EVERY)
            } else {
                FIRST_TRIAL_EVERY
            };
            self.alone = alone;
            self.next_trial = end + self.every;
            self.trial = None;
        }
    }
}

/// How long a thread that may not compute further ahead waits for the
/// frontier heap before computing it itself…
const PATIENCE: Duration = Duration::from_micros(100);

/// …spinning this many times before it starts yielding its core.
const SPINS: u32 = 64;

/// How long a helper thread that has finished its part of a call waits
/// for the next call, spinning, before it sleeps. Short: between calls the
/// calling thread takes in the values (the period search), about a
/// millisecond on `0.6` near 10^7, and on a busy machine a thread that
/// spins loses its place to those that slept (with 300 µs, two threads on
/// `0.6` to 10^7 took 37 s against 27 s for threads started at every call,
/// at a load average of 6 on two cores).
const IDLE: Duration = Duration::from_micros(20);

/// A slot of [`Shared::ahead`] as found ahead, or [`EMPTY`].
///
/// Slots are kept from call to call; each holds the number of its call
/// ([`Shared::call`], never 0) in its high half, so that those of earlier
/// calls read as empty without being cleared.
const EMPTY: u64 = 0;

/// The value part of a slot when computing ahead failed (the heap is
/// computed again in full, which reports the error).
const FAILED: u64 = 0;

/// Bits of a slot's low half that hold the value (plus one, 0 for
/// [`FAILED`]); the lag is above them.
const VALUE_BITS: u32 = 17;

// Heaps are computed fewer than MAX_LAG heaps past the frontier: the lag
// fits above the value.
const _: () = assert!(MAX_LAG < 1 << (32 - VALUE_BITS));

/// The slot of a heap in call `call`: the mex found ahead (or [`FAILED`]),
/// knowing `G(0..n - lag)`.
fn slot(call: u32, mex: Result<u16>, lag: usize) -> u64 {
    let value = mex.map_or(FAILED, |v| v as u64 + 1);
    (call as u64) << 32 | (lag as u64) << VALUE_BITS | value
}

/// The engine spread over threads. See the [module docs](self).
///
/// The calling thread is one of them; the others are started with the
/// engine and sleep between calls of [`Engine::extend`] (starting threads
/// for every call of a few thousand heaps cost 3 % of the time of `0.6` to
/// 10^7).
pub struct Pipeline {
    /// The calling thread's engine.
    first: Worker,
    helpers: Vec<Helper>,
    /// The slots of the heaps of a call, kept from call to call (see
    /// [`slot`]).
    slots: Vec<Slots>,
    /// The number of the last call, in the high half of its slots.
    call: u32,
    /// Whether the next calls share their heaps (see `Pace`).
    pace: Pace,
}

impl std::fmt::Debug for Pipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("threads", &(1 + self.helpers.len()))
            .field("redone", &self.redone())
            .finish_non_exhaustive()
    }
}

/// One thread's engine and how far it has taken in the values.
#[derive(Debug)]
struct Worker {
    engine: Sparse,
    /// The engine has taken in `G(0..ingested)`.
    ingested: usize,
    /// Heaps computed with every heap below known: the mex found ahead was
    /// the value of an option left out, or the frontier heap was late.
    redone: u64,
    /// [`Sparse::necessary_pairs`] of the heaps taken in.
    necessary: u64,
}

impl Worker {
    /// Takes in the values of `g` not taken in yet, in heap order.
    fn take_in(&mut self, g: &[u16]) {
        while self.ingested < g.len() {
            self.necessary += self.engine.necessary_pairs(self.ingested);
            self.ingested += 1;
            self.engine.record(&g[..self.ingested]);
        }
    }

    /// `G(n)` given `G(0..n)`, on this thread alone.
    fn compute(&mut self, g: &[u16]) -> Result<u16> {
        self.take_in(g);
        self.engine.compute_ahead(g, g.len())
    }
}

/// A thread other than the caller's, and what it shares with the caller.
struct Helper {
    post: Arc<Post>,
    thread: Option<JoinHandle<()>>,
}

/// What the calling thread hands a helper thread, and what it hands back.
struct Post {
    /// The helper's engine: locked by the helper during a call, by the
    /// caller between calls.
    worker: Mutex<Worker>,
    /// The [`Shared`] of the call under way (erased to `()`), or null
    /// between calls.
    job: AtomicPtr<()>,
    /// Set by the helper once it is done with the call's `job` (and will
    /// not touch it again).
    done: AtomicBool,
    /// Set by the caller when the engine is dropped.
    quit: AtomicBool,
    /// The thread of the call under way, woken when `done` is set.
    caller: Mutex<Option<Thread>>,
    /// What the helper's part of a call ended with: an error, or a panic to
    /// pass on to the caller.
    error: Mutex<Option<Error>>,
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

/// Locks `m`, whether or not a thread panicked holding it (every lock here
/// guards plain data, left whole by a panic).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Post {
    /// A helper thread's life: wait for a call (spinning for [`IDLE`] after
    /// the last one, then asleep), work on it, hand back the outcome.
    fn serve(&self) {
        let mut last = Instant::now();
        let mut spins = 0u32;
        loop {
            if self.quit.load(Ordering::Acquire) {
                return;
            }
            let job = self.job.load(Ordering::Acquire);
            if job.is_null() {
                spins = spins.wrapping_add(1);
                if spins % SPINS != 0 || last.elapsed() < IDLE {
                    std::hint::spin_loop();
                } else {
                    // (Woken by the caller's `unpark`, which may also come
                    // before this: the loop looks again either way.)
                    std::thread::park();
                }
                continue;
            }
            // SAFETY: the caller keeps the Shared of a call alive until
            // `done` is set, below, after the last use of `shared`.
            let shared = unsafe { &*(job as *const Shared) };
            {
                let mut w = lock(&self.worker);
                let run = std::panic::AssertUnwindSafe(|| work(&mut w, shared));
                match std::panic::catch_unwind(run) {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => *lock(&self.error) = Some(e),
                    Err(panic) => {
                        shared.failed.store(true, Ordering::Relaxed);
                        *lock(&self.panic) = Some(panic);
                    }
                }
            }
            self.job.store(std::ptr::null_mut(), Ordering::Relaxed);
            self.done.store(true, Ordering::Release);
            if let Some(caller) = lock(&self.caller).as_ref() {
                caller.unpark();
            }
            last = Instant::now();
        }
    }
}

/// What the threads of one [`Engine::extend`] call share: the caller's
/// vector (written in place past its length) and the progress.
struct Shared<'a> {
    values: *mut u16,
    /// `G(0..frontier)` are written and final.
    frontier: Line<AtomicUsize>,
    /// Heaps below this are claimed by a thread to compute ahead.
    claimed: Line<AtomicUsize>,
    /// The [`slot`]s of the heaps (see [`Shared::slot`]), of this call when
    /// their high half is `call`, else empty.
    ahead: &'a [Slots],
    call: u32,
    start: usize,
    end: usize,
    /// Held by the thread finishing the frontier heap.
    finishing: Line<AtomicBool>,
    /// A thread failed: the others stop.
    failed: AtomicBool,
}

/// A value alone in its cache line (two, as adjacent lines are fetched
/// together on many cores): each of the shared counters is written by one
/// thread and read by the others at every heap, and would otherwise make
/// the lines of its neighbours travel between cores too.
#[repr(align(128))]
struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// The slots of one block of heaps claimed together, alone in a cache line:
/// the thread computing them writes them while the thread finishing heaps
/// reads those of the block before.
#[repr(align(64))]
struct Slots([AtomicU64; AHEAD]);

// SAFETY: slot `n` of `values` is written only by the thread holding
// `finishing`, while `frontier ≤ n`, before `frontier` passes `n`
// (Release); other threads read it only through slices of length
// `≤ frontier` (Acquire), so never while written.
unsafe impl Sync for Shared<'_> {}

impl Shared<'_> {
    /// `G(0..len)`, all final.
    ///
    /// # Safety
    /// `len ≤ frontier` (as loaded by this thread).
    unsafe fn prefix(&self, len: usize) -> &[u16] {
        unsafe { std::slice::from_raw_parts(self.values, len) }
    }

    /// The slot of heap `n`: claimed blocks start `AHEAD` apart from
    /// `start`, so each block's slots share a cache line with no other's.
    fn slot(&self, n: usize) -> &AtomicU64 {
        let i = n - self.start;
        &self.ahead[i / AHEAD].0[i % AHEAD]
    }

    /// The slot of heap `n` if it was found ahead in this call, else
    /// [`EMPTY`].
    fn found(&self, n: usize) -> u64 {
        let s = self.slot(n).load(Ordering::Acquire);
        if (s >> 32) as u32 == self.call {
            s
        } else {
            EMPTY
        }
    }

    /// How far past the frontier `f` heaps may be computed ahead.
    fn lag_limit(f: usize) -> usize {
        MAX_LAG.min(f / 2)
    }

    /// Finishes the frontier heap `f` (if it still is), from the slot
    /// found ahead (`ahead`, or [`EMPTY`] to compute it in full), then the
    /// next heaps whose slot is in, under the finishing lock, moving the
    /// frontier past each at once. Returns false if another thread holds
    /// the lock.
    fn finish(&self, w: &mut Worker, f: usize, ahead: u64) -> Result<bool> {
        if self.finishing.swap(true, Ordering::Acquire) {
            return Ok(false);
        }
        if self.frontier.load(Ordering::Acquire) != f {
            // Finished by another thread meanwhile.
            self.finishing.store(false, Ordering::Release);
            return Ok(true);
        }
        let (mut next, mut ahead) = (f, ahead);
        let done = (|| loop {
            // SAFETY: G(0..frontier) are final, and frontier == next (this
            // thread moves it, holding the lock).
            let g = unsafe { self.prefix(next) };
            // (EMPTY reads as FAILED.)
            let lag = (ahead as u32 >> VALUE_BITS) as usize;
            let value = match ahead & ((1 << VALUE_BITS) - 1) {
                FAILED => None,
                v => Some((v - 1) as u16),
            };
            let value = match value {
                Some(v) if !w.engine.option_from(g, next, next - lag, v) => v,
                _ => {
                    w.redone += 1;
                    w.compute(g)?
                }
            };
            // SAFETY: next < end ≤ capacity, and this thread holds the
            // lock with next == frontier: nobody else writes or reads
            // slot next.
            unsafe { self.values.add(next).write(value) };
            next += 1;
            self.frontier.store(next, Ordering::Release);
            if next == self.end {
                return Ok(());
            }
            ahead = self.found(next);
            if ahead == EMPTY {
                return Ok(());
            }
        })();
        self.finishing.store(false, Ordering::Release);
        done.map(|()| true)
    }
}

impl Pipeline {
    /// The threaded sparse engine for `rule` with `threads ≥ 2` threads, or
    /// `None` where the sparse engine does not apply (or a thread cannot be
    /// started).
    pub fn new(rule: &Rule, threads: usize) -> Option<Pipeline> {
        let threads = threads.max(2);
        let worker = || {
            let mut engine = Sparse::new(rule)?;
            engine.share_training(threads);
            Some(Worker {
                engine,
                ingested: 0,
                redone: 0,
                necessary: 0,
            })
        };
        // (Built first, so that if a thread cannot be started, dropping it
        // stops those started.)
        let mut pipeline = Pipeline {
            first: worker()?,
            helpers: Vec::with_capacity(threads - 1),
            slots: Vec::new(),
            call: 0,
            pace: Pace::new(),
        };
        for _ in 1..threads {
            let post = Arc::new(Post {
                worker: Mutex::new(worker()?),
                job: AtomicPtr::new(std::ptr::null_mut()),
                done: AtomicBool::new(false),
                quit: AtomicBool::new(false),
                caller: Mutex::new(None),
                error: Mutex::new(None),
                panic: Mutex::new(None),
            });
            let serving = Arc::clone(&post);
            let thread = std::thread::Builder::new()
                .name("grundy-pipeline".into())
                .spawn(move || serving.serve())
                .ok()?;
            pipeline.helpers.push(Helper {
                post,
                thread: Some(thread),
            });
        }
        Some(pipeline)
    }

    /// Always share the heaps of a call between the threads, however fast
    /// one thread alone would be (tests of the threaded path).
    #[cfg(test)]
    fn always_shared(mut self) -> Pipeline {
        self.pace.always_share = true;
        self
    }

    /// Use the vector kernels or only the portable loops (see
    /// [`Sparse::with_simd`]; tests).
    #[cfg(test)]
    pub fn with_simd(mut self, simd: bool) -> Pipeline {
        self.first.engine.set_simd(simd);
        for h in &self.helpers {
            lock(&h.post.worker).engine.set_simd(simd);
        }
        self
    }

    /// The pairs of heaps examined by all threads, which depends on the
    /// timing of the threads (see [`Engine::work`] for what the engine
    /// reports as its work).
    pub fn examined(&self) -> u64 {
        let helpers = self.helpers.iter();
        let work = helpers.map(|h| lock(&h.post.worker).engine.examined().unwrap_or(0));
        work.sum::<u64>() + self.first.engine.examined().unwrap_or(0)
    }

    /// How many heaps were computed again with every heap below known.
    pub fn redone(&self) -> u64 {
        self.helpers
            .iter()
            .map(|h| lock(&h.post.worker).redone)
            .sum::<u64>()
            + self.first.redone
    }

    /// Heaps `start..start + count` on all threads, written to `values`
    /// (whose capacity holds them); returns how many are final and the
    /// first error.
    fn run(&mut self, values: &mut Values, count: usize) -> (usize, Option<Error>) {
        let start = values.len();
        let blocks = count.div_ceil(AHEAD);
        if self.slots.len() < blocks {
            self.slots.resize_with(blocks, || {
                Slots(std::array::from_fn(|_| AtomicU64::new(EMPTY)))
            });
        }
        self.call = self.call.wrapping_add(1);
        if self.call == 0 {
            // Slots of 2^32 calls ago could pass for this call's.
            for s in &mut self.slots {
                *s = Slots(std::array::from_fn(|_| AtomicU64::new(EMPTY)));
            }
            self.call = 1;
        }
        let shared = Shared {
            values: values.as_mut_ptr(),
            frontier: Line(AtomicUsize::new(start)),
            claimed: Line(AtomicUsize::new(start)),
            ahead: &self.slots[..blocks],
            call: self.call,
            start,
            end: start + count,
            finishing: Line(AtomicBool::new(false)),
            failed: AtomicBool::new(false),
        };
        for h in &self.helpers {
            *lock(&h.post.caller) = Some(std::thread::current());
            h.post.done.store(false, Ordering::Relaxed);
            let job = &shared as *const Shared as *mut ();
            h.post.job.store(job, Ordering::Release);
            if let Some(t) = &h.thread {
                t.thread().unpark();
            }
        }
        let mine = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            work(&mut self.first, &shared).err()
        }));
        if mine.is_err() {
            shared.failed.store(true, Ordering::Relaxed);
        }
        // `shared` must outlive every helper's use of it, panic or not.
        // (A helper still at work is finishing a heap past the frontier,
        // or is without a core: sleep until it is done.)
        for h in &self.helpers {
            let mut spins = 0u32;
            while !h.post.done.load(Ordering::Acquire) {
                spins += 1;
                if spins < SPINS {
                    std::hint::spin_loop();
                } else {
                    std::thread::park();
                }
            }
        }
        let mut error = match mine {
            Ok(e) => e,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        for h in &self.helpers {
            if let Some(panic) = lock(&h.post.panic).take() {
                std::panic::resume_unwind(panic);
            }
            let e = lock(&h.post.error).take();
            error = error.or(e);
        }
        let done = shared.frontier.load(Ordering::Acquire) - start;
        (done, error)
    }

    /// Every thread's engine in turn.
    fn each_worker(&mut self, mut f: impl FnMut(&mut Worker)) {
        f(&mut self.first);
        for h in &self.helpers {
            f(&mut lock(&h.post.worker));
        }
    }
}

impl Drop for Pipeline {
    fn drop(&mut self) {
        for h in &mut self.helpers {
            h.post.quit.store(true, Ordering::Release);
            if let Some(t) = h.thread.take() {
                t.thread().unpark();
                // (A helper that panicked has handed its panic on already.)
                let _ = t.join();
            }
        }
    }
}

/// One thread's loop: finish the frontier heap when its mex is in, else
/// compute the next unclaimed heaps ahead, else wait a little for the
/// frontier heap and then compute it in full.
fn work(w: &mut Worker, shared: &Shared) -> Result<()> {
    // SAFETY: G(0..start) are final (the frontier starts there).
    w.take_in(unsafe { shared.prefix(shared.start) });
    let mut waiting: Option<(Instant, u32)> = None;
    let mut impatient = false;
    loop {
        if shared.failed.load(Ordering::Relaxed) {
            return Ok(());
        }
        let f = shared.frontier.load(Ordering::Acquire);
        if f >= shared.end {
            return Ok(());
        }
        // (With the lock taken, the other thread is finishing: compute
        // ahead rather than wait for the lock.)
        let ahead = shared.found(f);
        if ahead != EMPTY
            && !shared.finishing.load(Ordering::Relaxed)
            && fail_on_error(shared, shared.finish(w, f, ahead))?
        {
            waiting = None;
            impatient = false;
            continue;
        }
        // Heaps are claimed AHEAD at a time: the engine marks the pairs of
        // the rare heaps for all of them in one pass.
        let n = shared.claimed.load(Ordering::Relaxed);
        let block = n..(n + AHEAD).min(shared.end);
        if n < shared.end && block.end <= f + Shared::lag_limit(f) {
            if shared
                .claimed
                .compare_exchange(n, block.end, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                for n in block {
                    // Every heap below f is final, and f is past half of n
                    // (n < f + f / 2). (The frontier is not read again for
                    // each heap: the thread finishing heaps moves it at
                    // every heap, and each read would fetch its line.)
                    let known = f.min(n);
                    // SAFETY: known ≤ frontier.
                    let g = unsafe { shared.prefix(known) };
                    w.take_in(g);
                    let mex = w.engine.compute_ahead(g, n);
                    shared
                        .slot(n)
                        .store(slot(shared.call, mex, n - known), Ordering::Release);
                }
                waiting = None;
            }
            continue;
        }
        // Wait: spin a little, then give the core away (on a busy machine
        // the thread waited for may need it) …
        let (since, spins) = waiting.get_or_insert_with(|| (Instant::now(), 0));
        *spins += 1;
        if !impatient {
            if *spins < SPINS {
                std::hint::spin_loop();
                continue;
            }
            if since.elapsed() < PATIENCE {
                std::thread::yield_now();
                continue;
            }
        }
        // … then compute the frontier heap here, and the next late ones at
        // once (their thread is busy with a long heap, or descheduled).
        // (If another thread holds the lock, it moves the frontier: wait
        // again.)
        impatient = fail_on_error(shared, shared.finish(w, f, EMPTY))?;
        waiting = None;
    }
}

/// Passes `result` on, telling the other threads to stop on an error.
fn fail_on_error<T>(shared: &Shared, result: Result<T>) -> Result<T> {
    if result.is_err() {
        shared.failed.store(true, Ordering::Relaxed);
    }
    result
}

impl Engine for Pipeline {
    fn push_next(&mut self, values: &mut Values) -> Result<()> {
        let v = self.first.compute(values)?;
        values.push(v);
        // (Counted now, see `work`.)
        self.first.take_in(values);
        Ok(())
    }

    fn extend(&mut self, values: &mut Values, max: usize) -> Result<()> {
        let start = values.len();
        let count = max.min(values.capacity() - start);
        if count < MIN_SHARED || start < MIN_SHARED {
            return self.push_next(values);
        }
        let (alone, count) = self.pace.plan(start, count);
        if !alone && self.pace.trial.is_some() {
            // The other threads take in the values computed alone, each on
            // its own thread, before the trial's clock starts (a call of no
            // heaps: they would at their first heap).
            let (_, error) = self.run(values, 0);
            if let Some(e) = error {
                return Err(e);
            }
        }
        let began = Instant::now();
        let error = if alone {
            (0..count).try_for_each(|_| self.push_next(values)).err()
        } else {
            let (done, error) = self.run(values, count);
            // SAFETY: the threads wrote G(start..start + done), within capacity.
            unsafe { values.set_len(start + done) };
            // (Counted now, see `work`.)
            self.first.take_in(values);
            error
        };
        self.pace
            .took(alone, began.elapsed(), values.len() - start, values.len());
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn adopt(&mut self, values: &[u16]) {
        self.each_worker(|w| {
            w.engine.adopt(values);
            w.ingested = values.len();
        });
    }

    fn take_in(&mut self, values: &[u16]) {
        // (The helpers take it in when they next compute.)
        self.first.take_in(values);
    }

    fn saved(&mut self, values: &[u16], dropped: std::ops::Range<usize>) -> Option<EngineState> {
        // (Every thread chooses the same: the values decide.)
        self.first.take_in(values);
        self.first.engine.saved(values, dropped)
    }

    fn restore(&mut self, values: &[u16], hist: &Histogram, state: &State) -> Result<()> {
        let mut result = Ok(());
        self.each_worker(|w| {
            w.ingested = values.len();
            w.necessary = state.work;
            if result.is_ok() {
                result = w.engine.restore(values, hist, state);
            }
        });
        result
    }

    fn split(&self, values: &[u16]) -> Option<Split> {
        self.first.engine.split(values)
    }

    /// The pairs of the rare-pair marks of every heap computed, with every
    /// heap below it known (`Sparse::necessary_pairs`), as one engine
    /// reports its work; not the pairs examined ([`Pipeline::examined`]).
    ///
    /// The pairs the threads examine depend on which thread computed which
    /// heap (each learns the order of its proof scans, and when to stamp
    /// its first pairs, from the heaps it computed; heaps computed ahead
    /// leave out the pairs with a heap not known yet, and some are computed
    /// again): between runs of `0.6` to 2^20 on two threads they varied by
    /// −0.3 % to +0.8 % of one thread's count. The budget of a search for a
    /// period counts this work, so such a run could end at a different heap
    /// from run to run. The pairs counted here depend only on the sequence:
    /// runs on any number of threads, one included, count the same and end
    /// at the same heap.
    fn work(&self) -> Option<u64> {
        Some(self.first.necessary)
    }

    fn examined(&self) -> Option<u64> {
        Some(self.examined())
    }

    fn rare(&self) -> Option<(u16, usize)> {
        self.first.engine.rare()
    }

    fn forget(&mut self, values: &[u16], dropped: std::ops::Range<usize>) -> Result<()> {
        // Between calls no helper holds its engine. A thread takes in the
        // values it has not seen when it next computes: every one it may
        // read must still be there, so each takes them in now.
        let forget = |w: &mut Worker| {
            w.take_in(values);
            w.engine.forget(dropped.clone(), values.len())
        };
        forget(&mut self.first)?;
        for h in &self.helpers {
            forget(&mut lock(&h.post.worker))?;
        }
        Ok(())
    }

    fn first_lost(&self, values: &[u16], from: usize) -> Option<(usize, usize)> {
        // Every thread keeps the same rare heaps, some perhaps not taken in
        // yet (looked at in `values`).
        let helpers = self.helpers.iter().filter_map(|h| {
            let w = lock(&h.post.worker);
            w.engine.first_lost(values, from)
        });
        std::iter::once(self.first.engine.first_lost(values, from))
            .flatten()
            .chain(helpers)
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::TakeBreak;
    use crate::sequence::{Computation, Step};

    fn code(s: &str) -> Rule {
        Rule::TakeBreak(TakeBreak::parse(s).expect("valid code"))
    }

    /// `G(0..n)` one heap at a time.
    fn serial(rule: &Rule, n: usize) -> Vec<u16> {
        let mut engine = Sparse::new(rule).expect("sparse rule");
        let mut values = Values::from(Vec::with_capacity(n));
        while values.len() < n {
            engine.push_next(&mut values).unwrap();
        }
        values.into_vec()
    }

    /// `G(0..n)` through `extend`, in calls of at most `chunk` heaps.
    fn threaded(engine: &mut Pipeline, n: usize, chunk: usize) -> Vec<u16> {
        let mut values = Values::from(Vec::with_capacity(n));
        while values.len() < n {
            let max = chunk.min(n - values.len());
            engine.extend(&mut values, max).unwrap();
        }
        values.into_vec()
    }

    #[test]
    fn threads_equal_one_thread_on_every_octal_code_with_up_to_three_digits() {
        let mut redone = 0;
        for i in 1..8 * 8 * 8 {
            let digits = format!("{i:03o}");
            let text = digits.trim_end_matches('0');
            let rule = code(&format!("0.{text}"));
            let one = serial(&rule, 1500);
            for (threads, chunk) in [(2, 1000), (3, 333)] {
                let mut engine = Pipeline::new(&rule, threads).unwrap().always_shared();
                assert_eq!(
                    threaded(&mut engine, 1500, chunk),
                    one,
                    "{rule} on {threads}"
                );
                redone += engine.redone();
            }
        }
        // The path that computes a heap again is taken, and right.
        assert!(redone > 0);
    }

    #[test]
    fn threads_equal_one_thread_on_long_runs() {
        for (rule, n) in [
            (code("0.6"), 1 << 18),
            (code("0.161"), 1 << 18),
            (code("0.16"), 1 << 18),
            (code("4.7"), 20000),
            (Rule::Grundys, 1 << 16),
        ] {
            let one = serial(&rule, n);
            let mut engine = Pipeline::new(&rule, 2).unwrap().always_shared();
            assert_eq!(threaded(&mut engine, n, 8192), one, "{rule}");
            let mut portable = Pipeline::new(&rule, 2)
                .unwrap()
                .always_shared()
                .with_simd(false);
            let short = n.min(20000);
            assert_eq!(threaded(&mut portable, short, 4096), one[..short], "{rule}");
        }
    }

    #[test]
    fn work_is_the_same_on_any_number_of_threads() {
        for (rule, n) in [
            (code("0.6"), 1 << 16),
            (code("0.161"), 1 << 16),
            (code("0.106"), 5000),
            (Rule::Grundys, 20000),
        ] {
            let mut alone = Sparse::new(&rule).expect("sparse rule");
            let mut g = Values::from(Vec::with_capacity(n));
            while g.len() < n {
                alone.push_next(&mut g).unwrap();
            }
            // The necessary pairs, taking in the values one by one as one
            // engine does: one engine's work, some of the pairs it examines.
            let mut engine = Sparse::new(&rule).expect("sparse rule");
            let mut necessary = 0;
            for len in 1..=n {
                necessary += engine.necessary_pairs(len - 1);
                engine.record(&g[..len]);
            }
            assert!(0 < necessary, "{rule}");
            assert_eq!(Some(necessary), alone.work(), "{rule}");
            assert!(necessary <= alone.examined().unwrap(), "{rule}");
            if rule == code("0.106") {
                // No sparse split: one engine scans every split, no more.
                assert_eq!(Some(necessary), alone.examined());
            }
            for (threads, chunk) in [(2, 8192), (2, 1000), (3, 4096)] {
                let mut engine = Pipeline::new(&rule, threads).unwrap().always_shared();
                assert_eq!(threaded(&mut engine, n, chunk), &g[..], "{rule}");
                assert_eq!(engine.work(), Some(necessary), "{rule} on {threads}");
                assert!(engine.examined() >= necessary, "{rule} on {threads}");
            }
        }
    }

    #[test]
    fn threaded_computations_stop_at_the_proof_and_resume() {
        for (rule, pre, period) in [(Rule::kayles(), 71, 12), (Rule::dawsons_kayles(), 53, 34)] {
            let mut one = Computation::new(&rule, 1).unwrap();
            let mut two = Computation::new(&rule, 2).unwrap();
            let (a, b) = (
                one.advance(u64::MAX, u64::MAX, true).unwrap(),
                two.advance(u64::MAX, u64::MAX, true).unwrap(),
            );
            assert_eq!(a, b, "{rule}");
            let Step::Proved(p) = b else {
                panic!("{rule}: {b:?}")
            };
            assert_eq!((p.preperiod, p.period), (pre, period), "{rule}");
            assert_eq!(one.values(), two.values(), "{rule}");
            // Nothing was computed past the proof and handed back: the
            // engines saw the same heaps, so report the same split.
            assert_eq!(one.split(), two.split(), "{rule}");
            assert_eq!(one.work(), two.work(), "{rule}");
        }
        for rule in [code("0.161"), code("0.6"), Rule::Grundys] {
            let mut whole = Computation::new(&rule, 1).unwrap();
            whole.advance(30000, u64::MAX, false).unwrap();
            let mut first = Computation::new(&rule, 2).unwrap();
            first.advance(12345, 5000, false).unwrap();
            first.advance(12345, u64::MAX, false).unwrap();
            let mut second = Computation::resume(&rule, first.values().to_vec(), 2).unwrap();
            second.advance(30000, u64::MAX, false).unwrap();
            assert_eq!(whole.values(), second.values(), "{rule}");
        }
    }

    #[test]
    fn archived_runs_on_two_threads_compute_needed_heaps_exactly() {
        // With two ranked blocks and a small window, 0.6's proof scans
        // sometimes need an archived heap: the heap is computed from the
        // definition and handed to both threads (`take_in`), or every value
        // is put back; 0.161's later rare heaps put them back. Either way
        // the values and the work are those of a one-thread plain run.
        for (text, n, keep) in [
            ("0.6", 1u64 << 18, 1usize << 15),
            ("0.161", 300_000, 20_000),
        ] {
            let rule = code(text);
            let mut engine = Pipeline::new(&rule, 2).unwrap().always_shared();
            let rank_two = |w: &mut Worker| {
                let e = std::mem::replace(&mut w.engine, Sparse::new(&rule).unwrap());
                let mut e = e.with_ranked_blocks(2);
                e.share_training(2);
                w.engine = e;
            };
            rank_two(&mut engine.first);
            for h in &engine.helpers {
                rank_two(&mut lock(&h.post.worker));
            }
            let run = Computation::with_engine(&rule, Box::new(engine)).unwrap();
            let run = crate::sequence::computation::window_tests::run_archived(run, n, keep);
            if text == "0.6" {
                assert!(run.exact_heaps() > 0, "{rule}: no heap from the definition");
            }
            crate::sequence::computation::window_tests::same_as_full(&rule, &run);
        }
    }

    #[test]
    fn the_pace_keeps_the_faster_way_and_tries_again_later() {
        use std::time::Duration;
        let ms = Duration::from_millis;
        let mut pace = Pace::new();
        // Shared until the first trial.
        assert_eq!(pace.plan(100, usize::MAX), (false, FIRST_TRIAL_AT - 100));
        // A trial times TRIAL_HEAPS alone, then as many shared, over as
        // many calls as that takes.
        let at = FIRST_TRIAL_AT;
        assert_eq!(pace.plan(at, 1000), (true, 1000));
        pace.took(true, ms(1), 1000, at + 1000);
        assert_eq!(pace.plan(at + 1000, 50_000), (true, TRIAL_HEAPS - 1000));
        pace.took(true, ms(1), TRIAL_HEAPS - 1000, at + TRIAL_HEAPS);
        assert_eq!(pace.plan(at + TRIAL_HEAPS, 50_000), (false, TRIAL_HEAPS));
        pace.took(false, ms(3), TRIAL_HEAPS, at + 2 * TRIAL_HEAPS);
        // Alone was faster (2 ms against 3): alone up to the next trial,
        // FIRST_TRIAL_EVERY on (the way changed).
        let end = at + 2 * TRIAL_HEAPS;
        assert!(pace.alone);
        assert_eq!(pace.plan(end, usize::MAX), (true, FIRST_TRIAL_EVERY));
        pace.took(true, ms(50), FIRST_TRIAL_EVERY, end + FIRST_TRIAL_EVERY);
        // The next trial keeps the way: the one after it comes twice as late.
        let at = end + FIRST_TRIAL_EVERY;
        assert_eq!(pace.plan(at, usize::MAX), (true, TRIAL_HEAPS));
        pace.took(true, ms(1), TRIAL_HEAPS, at + TRIAL_HEAPS);
        assert_eq!(
            pace.plan(at + TRIAL_HEAPS, usize::MAX),
            (false, TRIAL_HEAPS)
        );
        pace.took(false, ms(3), TRIAL_HEAPS, at + 2 * TRIAL_HEAPS);
        assert!(pace.alone);
        assert_eq!(pace.every, 2 * FIRST_TRIAL_EVERY);
        assert_eq!(
            pace.next_trial,
            at + 2 * TRIAL_HEAPS + 2 * FIRST_TRIAL_EVERY
        );
        // A trial that finds sharing faster switches back, and the trials
        // come every FIRST_TRIAL_EVERY heaps again.
        let at = pace.next_trial;
        assert_eq!(pace.plan(at, usize::MAX), (true, TRIAL_HEAPS));
        pace.took(true, ms(4), TRIAL_HEAPS, at + TRIAL_HEAPS);
        pace.plan(at + TRIAL_HEAPS, usize::MAX);
        pace.took(false, ms(2), TRIAL_HEAPS, at + 2 * TRIAL_HEAPS);
        assert!(!pace.alone);
        assert_eq!(pace.every, FIRST_TRIAL_EVERY);
        assert_eq!(pace.plan(at + 2 * TRIAL_HEAPS, 10), (false, 10));
    }

    #[test]
    fn threads_equal_one_thread_whichever_way_each_call_goes() {
        // Calls alone and shared in turn (forced), and paced as they come:
        // the values and the work are those of one thread.
        for (text, n) in [("0.53", 1 << 19), ("0.77", 1 << 18), ("0.161", 1 << 18)] {
            let rule = code(text);
            let one = serial(&rule, n);
            let mut alone = Sparse::new(&rule).unwrap();
            let mut g = Values::new();
            while g.len() < n {
                alone.push_next(&mut g).unwrap();
            }
            for forced in [true, false] {
                let mut engine = Pipeline::new(&rule, 2).unwrap();
                let mut values = Values::from(Vec::with_capacity(n));
                let mut call = 0;
                while values.len() < n {
                    if forced {
                        engine.pace.trial = None;
                        engine.pace.next_trial = usize::MAX;
                        engine.pace.alone = call % 3 != 1;
                    }
                    call += 1;
                    let max = (1000 + 700 * (call % 5)).min(n - values.len());
                    engine.extend(&mut values, max).unwrap();
                }
                assert_eq!(&values[..], one, "{rule}");
                assert_eq!(engine.work(), alone.work(), "{rule}");
            }
        }
    }
}
