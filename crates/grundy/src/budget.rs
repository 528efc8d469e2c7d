//! One budget of time, memory and cancellation that every search honours.
//!
//! A search that may run long (the generic and misère searches, every-game
//! steps, coin products, nim-sequences, misère quotients, the board and
//! loopy searches) takes a [`Budget`] and asks it, often, whether it may go
//! on:
//!
//! * [`Budget::check`]: has the deadline passed, or has someone cancelled
//!   the work? Cheap enough for a hot loop every few hundred steps (it reads
//!   one atomic flag and the clock); a [`Ticker`] spaces the calls out.
//! * [`Budget::reserve`] and [`Reservation::grow`]: may the search hold
//!   `n` more bytes (a memo table's entries, a move list, a reply)? The
//!   bytes are counted against the allowance until the reservation is
//!   dropped, so memory is bounded in bytes actually held, not in positions.
//!
//! Clones of a budget share its deadline, its cancellation flag and its
//! count of bytes held: one request hands clones to the threads and
//! searches it starts, and their tables together stay within one allowance.
//! A limit reached is the structured error [`Error::Limit`] with a
//! [`LimitKind`] (time, memory, cancelled, work) and what was reached, never
//! text for callers to search.
//!
//! ```
//! use std::time::Duration;
//! use grundy::budget::{Budget, LimitKind};
//!
//! let budget = Budget::unlimited()
//!     .with_time(Duration::from_secs(10))
//!     .with_memory(1 << 20);
//! let mut table = budget.reserve(1000).unwrap(); // 1000 bytes held
//! assert_eq!(budget.held(), 1000);
//! let err = table.grow(2 << 20).unwrap_err(); // 2 MiB more: refused
//! assert_eq!(err.limit_kind(), Some(LimitKind::Memory));
//! drop(table);
//! assert_eq!(budget.held(), 0);
//!
//! let cancel = budget.cancel_handle();
//! cancel.cancel(); // from another thread, or a Ctrl-C handler
//! assert_eq!(budget.check().unwrap_err().limit_kind(), Some(LimitKind::Cancelled));
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use crate::error::LimitKind;
use crate::error::{Error, Result};

/// Time, memory and cancellation for one request's work. See the [module
/// documentation](self).
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    /// The time allowed when the budget was given one, for messages.
    time: Option<Duration>,
    memory: Option<u64>,
    cancelled: Arc<AtomicBool>,
    held: Arc<AtomicU64>,
}

impl Default for Budget {
    /// [`Budget::unlimited`].
    fn default() -> Budget {
        Budget::unlimited()
    }
}

impl Budget {
    /// No deadline and no memory allowance; it can still be cancelled
    /// through [`Budget::cancel_handle`].
    pub fn unlimited() -> Budget {
        Budget {
            deadline: None,
            time: None,
            memory: None,
            cancelled: Arc::new(AtomicBool::new(false)),
            held: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The same budget with `time` from now as its deadline.
    pub fn with_time(mut self, time: Duration) -> Budget {
        self.deadline = Instant::now().checked_add(time);
        self.time = Some(time);
        self
    }

    /// The same budget (sharing its bytes held and its cancellation), with
    /// its deadline moved to `time` from now if that is sooner: a part of
    /// the work with a limit of its own.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grundy::budget::Budget;
    /// let long = Budget::unlimited().with_time(Duration::from_secs(60));
    /// let part = long.within(Duration::from_millis(10));
    /// assert!(part.deadline() < long.deadline());
    /// assert_eq!(long.within(Duration::from_secs(600)).deadline(), long.deadline());
    /// ```
    pub fn within(&self, time: Duration) -> Budget {
        let sooner = Instant::now().checked_add(time);
        match (self.deadline, sooner) {
            (Some(d), Some(s)) if d <= s => self.clone(),
            (_, None) => self.clone(),
            _ => self.clone().with_time(time),
        }
    }

    /// The same budget with at most `bytes` held at once.
    pub fn with_memory(mut self, bytes: u64) -> Budget {
        self.memory = Some(bytes);
        self
    }

    /// The same budget, cancelled when `handle` is (and by anyone holding a
    /// handle of this budget's).
    pub fn with_cancel(mut self, handle: &CancelHandle) -> Budget {
        self.cancelled = Arc::clone(&handle.0);
        self
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The memory allowance in bytes, if any.
    pub fn memory(&self) -> Option<u64> {
        self.memory
    }

    /// The bytes held now by all reservations of this budget and its clones.
    pub fn held(&self) -> u64 {
        self.held.load(Ordering::Relaxed)
    }

    /// The bytes that may still be reserved (`u64::MAX` without an allowance).
    pub fn available(&self) -> u64 {
        self.memory
            .map_or(u64::MAX, |m| m.saturating_sub(self.held()))
    }

    /// A handle that cancels this budget's work from anywhere.
    pub fn cancel_handle(&self) -> CancelHandle {
        CancelHandle(Arc::clone(&self.cancelled))
    }

    /// Whether the work was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// `Ok` while the work may go on: not cancelled, deadline not passed.
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            return Err(Error::limit(LimitKind::Cancelled, "the work was cancelled"));
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                let allowed = self.time.map_or(String::new(), |t| {
                    format!(" of {}", crate::budget::seconds(t))
                });
                return Err(Error::limit(
                    LimitKind::Time,
                    format!("the time limit{allowed} was reached"),
                ));
            }
        }
        Ok(())
    }

    /// Holds `bytes` against the allowance until the reservation is dropped.
    pub fn reserve(&self, bytes: u64) -> Result<Reservation> {
        let mut r = self.reservation();
        r.grow(bytes)?;
        Ok(r)
    }

    /// An empty reservation, to [`grow`](Reservation::grow) later.
    pub fn reservation(&self) -> Reservation {
        Reservation {
            held: Arc::clone(&self.held),
            memory: self.memory,
            bytes: 0,
        }
    }

    /// Whether `bytes` more could be reserved now, without reserving them:
    /// for refusing a request up front.
    pub fn fits(&self, bytes: u64) -> Result<()> {
        match self.memory {
            Some(m) if self.held().saturating_add(bytes) > m => Err(memory_error(bytes, m)),
            _ => Ok(()),
        }
    }
}

/// Cancels a [`Budget`]'s work (and every clone's) when called, from any
/// thread.
#[derive(Clone, Debug)]
pub struct CancelHandle(Arc<AtomicBool>);

impl CancelHandle {
    /// A handle of its own, for [`Budget::with_cancel`].
    pub fn new() -> CancelHandle {
        CancelHandle(Arc::new(AtomicBool::new(false)))
    }

    /// Stops the work at its next [`Budget::check`].
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelHandle::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Default for CancelHandle {
    fn default() -> CancelHandle {
        CancelHandle::new()
    }
}

/// Bytes held against a [`Budget`]'s allowance, given back when dropped.
#[derive(Debug)]
pub struct Reservation {
    held: Arc<AtomicU64>,
    memory: Option<u64>,
    bytes: u64,
}

impl Reservation {
    /// Holds `bytes` more, or refuses with [`LimitKind::Memory`] (holding
    /// nothing more) when the budget's bytes held would pass its allowance.
    pub fn grow(&mut self, bytes: u64) -> Result<()> {
        let before = self.held.fetch_add(bytes, Ordering::Relaxed);
        if let Some(m) = self.memory {
            if before.saturating_add(bytes) > m {
                self.held.fetch_sub(bytes, Ordering::Relaxed);
                return Err(memory_error(bytes, m));
            }
        }
        self.bytes += bytes;
        Ok(())
    }

    /// Gives back `bytes` (at most what is held) before the drop: a table
    /// that evicted entries.
    pub fn shrink(&mut self, bytes: u64) {
        let bytes = bytes.min(self.bytes);
        self.held.fetch_sub(bytes, Ordering::Relaxed);
        self.bytes -= bytes;
    }

    /// Holds exactly `bytes` (growing or shrinking): a table whose size is
    /// measured rather than counted.
    pub fn set(&mut self, bytes: u64) -> Result<()> {
        if bytes > self.bytes {
            self.grow(bytes - self.bytes)
        } else {
            self.shrink(self.bytes - bytes);
            Ok(())
        }
    }

    /// The bytes this reservation holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.held.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

/// Calls [`Budget::check`] once every `every` ticks, so that a hot loop
/// pays for the clock rarely and still stops within a small fraction of a
/// second.
///
/// ```
/// use grundy::budget::{Budget, Ticker};
/// let budget = Budget::unlimited();
/// let mut ticker = Ticker::new(256);
/// for _ in 0..10_000 {
///     ticker.tick(&budget).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Ticker {
    every: u32,
    left: u32,
}

impl Ticker {
    /// A ticker checking every `every` ticks (at least 1).
    pub fn new(every: u32) -> Ticker {
        let every = every.max(1);
        Ticker { every, left: every }
    }

    /// Counts one step; checks the budget on every `every`-th.
    #[inline]
    pub fn tick(&mut self, budget: &Budget) -> Result<()> {
        self.left -= 1;
        if self.left == 0 {
            self.left = self.every;
            budget.check()?;
        }
        Ok(())
    }

    /// Counts `steps` steps at once (a step that costs as much as several:
    /// a position with a long key), checking when they reach `every`.
    #[inline]
    pub fn tick_by(&mut self, budget: &Budget, steps: u32) -> Result<()> {
        if steps >= self.left {
            self.left = self.every;
            budget.check()
        } else {
            self.left -= steps;
            Ok(())
        }
    }
}

/// About how many bytes the table of a `std::collections::HashMap<K, V>`
/// with room for `capacity` entries holds, not counting what its keys and
/// values own elsewhere: its buckets (a power of two, at least 8/7 of the
/// capacity), each an entry and a control byte. For memo tables that count
/// their bytes against a [`Budget`]; a table that grows holds its old and
/// its new buckets for a moment.
///
/// ```
/// use grundy::budget::table_bytes;
/// assert_eq!(table_bytes::<u64, u64>(0), 0);
/// assert_eq!(table_bytes::<u64, u64>(7), 8 * 17);
/// ```
pub fn table_bytes<K, V>(capacity: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 4 {
        4
    } else if capacity < 8 {
        8
    } else {
        (capacity.saturating_mul(8) / 7).next_power_of_two()
    };
    let entry = std::mem::size_of::<(K, V)>() as u64 + 1;
    buckets as u64 * entry
}

/// The bytes of a memo table (a `HashMap`) held against a [`Budget`]: its
/// buckets, measured from its capacity, and what its entries own elsewhere
/// (a key's words), counted as they are inserted.
///
/// ```
/// use std::collections::HashMap;
/// use grundy::budget::{Budget, MapBytes};
/// let budget = Budget::unlimited().with_memory(1 << 20);
/// let mut bytes = MapBytes::new(&budget);
/// let mut memo: HashMap<Vec<u64>, bool> = HashMap::new();
/// for n in 0..100u64 {
///     let key = vec![n; 4];
///     bytes.before_insert(&memo, grundy::budget::vec_bytes::<u64>(key.capacity())).unwrap();
///     memo.insert(key, true);
///     bytes.after_insert(&memo).unwrap();
/// }
/// assert!(budget.held() > 100 * 48);
/// let mut memo: HashMap<Vec<u64>, bool> = HashMap::new();
/// let huge = vec![0u64; 1 << 18]; // 2 MiB: refused before it is remembered
/// assert!(bytes.before_insert(&memo, grundy::budget::vec_bytes::<u64>(huge.len())).is_err());
/// ```
#[derive(Debug)]
pub struct MapBytes {
    reservation: Reservation,
    /// What the entries own outside the table.
    owned: u64,
}

impl MapBytes {
    /// Nothing held yet, against `budget`.
    pub fn new(budget: &Budget) -> MapBytes {
        MapBytes {
            reservation: budget.reservation(),
            owned: 0,
        }
    }

    /// Before inserting into `map` an entry that owns `owned` bytes
    /// elsewhere: holds them, and the new buckets when the insert will grow
    /// the table (which then holds both for a moment). Refuses, holding
    /// nothing more, past the allowance.
    pub fn before_insert<K, V, S>(
        &mut self,
        map: &std::collections::HashMap<K, V, S>,
        owned: u64,
    ) -> Result<()> {
        self.before::<(K, V)>(map.len(), map.capacity(), owned)
    }

    /// After the insert: the table as it is now (old buckets given back).
    pub fn after_insert<K, V, S>(
        &mut self,
        map: &std::collections::HashMap<K, V, S>,
    ) -> Result<()> {
        self.after::<(K, V)>(map.capacity())
    }

    /// [`MapBytes::before_insert`] for a `HashSet`.
    pub fn before_insert_set<K, S>(
        &mut self,
        set: &std::collections::HashSet<K, S>,
        owned: u64,
    ) -> Result<()> {
        self.before::<K>(set.len(), set.capacity(), owned)
    }

    /// [`MapBytes::after_insert`] for a `HashSet`.
    pub fn after_insert_set<K, S>(&mut self, set: &std::collections::HashSet<K, S>) -> Result<()> {
        self.after::<K>(set.capacity())
    }

    fn before<E>(&mut self, len: usize, cap: usize, owned: u64) -> Result<()> {
        let grown = if len >= cap {
            table_bytes::<E, ()>(cap.saturating_mul(2).max(3))
        } else {
            0
        };
        self.reservation.grow(owned.saturating_add(grown))?;
        self.owned += owned;
        Ok(())
    }

    fn after<E>(&mut self, cap: usize) -> Result<()> {
        self.reservation.set(self.owned + table_bytes::<E, ()>(cap))
    }

    /// The table was emptied (and shrunk to nothing).
    pub fn clear(&mut self) {
        self.owned = 0;
        self.reservation.shrink(self.reservation.bytes());
    }

    /// The bytes held.
    pub fn bytes(&self) -> u64 {
        self.reservation.bytes()
    }

    /// The same table held against another budget (a long-lived search
    /// answering a new request): refused when it does not fit there.
    pub fn move_to(&mut self, budget: &Budget) -> Result<()> {
        let mut next = budget.reservation();
        next.grow(self.reservation.bytes())?;
        self.reservation = next;
        Ok(())
    }
}

/// The bytes a `Vec<T>` of capacity `capacity` owns on the heap, with the
/// allocator's own header: what a memo key or a list counts.
pub fn vec_bytes<T>(capacity: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    (capacity * std::mem::size_of::<T>()) as u64 + ALLOCATION_HEADER
}

/// What the allocator adds to each allocation, about.
pub const ALLOCATION_HEADER: u64 = 16;

fn memory_error(bytes: u64, allowance: u64) -> Error {
    Error::limit(
        LimitKind::Memory,
        format!(
            "the memory allowance of {} was reached ({} more were needed)",
            size(allowance),
            size(bytes)
        ),
    )
}

/// Drops `value` on a thread of its own, so that the caller can answer at
/// once: freeing a search's memo table of millions of entries takes as long
/// as a good part of a second, and a search that stops at its deadline must
/// not spend that after it. Whatever the value holds against a [`Budget`]
/// (a [`Reservation`] moved along with it) stays held until it is really
/// freed. When no thread can be started, the value is dropped here.
///
/// The memory freed is then given back to the system (on Linux with glibc).
/// For big values only: starting a thread costs tens of microseconds.
///
/// ```
/// use grundy::budget::{drop_aside, Budget};
/// let budget = Budget::unlimited();
/// let table = (vec![0u64; 1 << 16], budget.reserve(1 << 19).unwrap());
/// drop_aside(table);
/// ```
pub fn drop_aside<T: Send + 'static>(value: T) {
    // When no thread can be started, `spawn` drops the closure, and the
    // value with it, here.
    let _ = std::thread::Builder::new()
        .name("grundy-free".into())
        .spawn(move || {
            drop(value);
            give_back_memory();
        });
}

/// Gives the allocator's free memory back to the system after a big table
/// was freed: the allocator would otherwise keep it, and a long-lived
/// process (a server) would stay as large as its largest search.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes no pointer and only releases free memory
    // of the allocator; any thread may call it at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Frees `value`, which holds `entries` allocations of `bytes` in all:
/// aside ([`drop_aside`]) when that is many (16 Ki allocations or 16 MiB),
/// in place otherwise (freeing a little is quicker than starting a thread).
pub fn free<T: Send + 'static>(value: T, entries: usize, bytes: u64) {
    if entries >= 1 << 14 || bytes >= 16 << 20 {
        drop_aside(value);
    } else {
        drop(value);
    }
}

/// `bytes` for people: `512 bytes`, `3.0 MiB`, `1.5 GiB`.
///
/// ```
/// assert_eq!(grundy::budget::size(3 << 20), "3.0 MiB");
/// ```
pub fn size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut v = bytes as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{v:.1} {}", UNITS[unit])
}

/// `time` for people: `250 ms`, `10 s`, `1.5 s`.
pub fn seconds(time: Duration) -> String {
    let ms = time.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", time.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_bytes_held_and_the_cancellation() {
        let b = Budget::unlimited().with_memory(100);
        let c = b.clone();
        let r = c.reserve(60).unwrap();
        assert_eq!(b.held(), 60);
        let err = b.reserve(50).unwrap_err();
        assert_eq!(err.limit_kind(), Some(LimitKind::Memory));
        assert_eq!(b.held(), 60, "a refused reservation holds nothing");
        drop(r);
        assert!(b.reserve(100).is_ok());
        c.cancel_handle().cancel();
        assert_eq!(
            b.check().unwrap_err().limit_kind(),
            Some(LimitKind::Cancelled)
        );
    }

    #[test]
    fn a_passed_deadline_stops_the_work() {
        let b = Budget::unlimited().with_time(Duration::ZERO);
        let err = b.check().unwrap_err();
        assert_eq!(err.limit_kind(), Some(LimitKind::Time));
        assert!(err.to_string().contains("time limit of 0 ms"), "{err}");
    }

    #[test]
    fn set_grows_and_shrinks() {
        let b = Budget::unlimited().with_memory(10);
        let mut r = b.reserve(0).unwrap();
        r.set(8).unwrap();
        assert_eq!(b.held(), 8);
        r.set(3).unwrap();
        assert_eq!(b.held(), 3);
        assert!(r.set(11).is_err());
        assert_eq!(b.held(), 3);
    }

    #[test]
    fn huge_durations_mean_no_deadline() {
        let b = Budget::unlimited().with_time(Duration::MAX);
        assert!(b.check().is_ok());
    }

    #[test]
    fn a_ticker_checks_every_nth_tick() {
        let b = Budget::unlimited();
        let mut t = Ticker::new(3);
        t.tick(&b).unwrap();
        t.tick(&b).unwrap();
        b.cancel_handle().cancel();
        assert!(t.tick(&b).is_err());
    }
}
