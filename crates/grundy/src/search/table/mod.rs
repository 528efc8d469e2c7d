//! The transposition table: what the search knows about each part it has
//! met, in a table bounded in bytes.
//!
//! Each entry holds a part (its canonical key, compared in full: the table
//! never answers for a part it has not seen) and a word of facts about it:
//!
//! * its exact nimber, once found; or
//! * the values it is proved *not* to have (a mask of 32 bits for the
//!   nimbers 0..31): each a completed search "is `G + *k` a P-position?"
//!   answered no — the unit of work of Lemoine and Viennot's method, worth
//!   keeping even when the nimber is not known;
//! * the work its search took (log₂ of positions expanded), which the
//!   replacement policy compares.
//!
//! Parts the rules can write as one word ([`Rules::word`]) are held in
//! slots of eight bytes, eight to a bucket, or of six, ten to a bucket, the
//! bits of the word that pick the bucket left out and the facts in 17 bits
//! (a nimber below 2048, or a mask of the values 0..10): half the bytes or
//! less, so twice the entries or more in the same memory (see
//! `packed.rs`). Other parts are held whole, with their facts, in slots of
//! their size.
//!
//! The table is open addressing in buckets of [`WAYS`] entries (eight or
//! ten for words). It starts small and doubles while less than its allowance is
//! held (the bytes are reserved from the [`Budget`],
//! so a table never holds more than the budget allows): when three in four
//! slots are taken, or, for parts held whole, when half are and an entry
//! finds its bucket full. At its allowance a full bucket keeps two kinds
//! of entries: in one half the costliest met — a small part solved in
//! microseconds makes way for the result of a long search, never the other
//! way round — and in the other the latest of the rest, since a part just
//! solved is the likeliest to be asked for again (see `place`).

use std::hash::{BuildHasher, Hash};
use std::mem::size_of;

use rustc_hash::FxBuildHasher;

use crate::budget::{Budget, Reservation};
use crate::nimber::Nimber;
#[cfg(doc)]
use crate::search::Rules;

mod lines;
mod packed;

use packed::Packed;

/// Entries per bucket: where a part may be stored.
pub const WAYS: usize = 4;

/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 10;

/// Nimbers whose "not this value" facts are kept (bits of the mask).
pub const NOT_BITS: u64 = 32;

/// The largest nimber stored exactly (larger ones are not stored: a search
/// that finds one is repeated when asked again).
const MAX_STORED: u64 = (1 << 24) - 2;

/// What the table knows about one part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The nimber, when known.
    pub exact: Option<Nimber>,
    /// Bit `k` set: the nimber is proved not to be `k`.
    pub not: u32,
}

impl Facts {
    /// Whether the facts decide "is the nimber `k`?", and how.
    #[inline]
    pub fn decides(&self, k: Nimber) -> Option<bool> {
        if let Some(v) = self.exact {
            return Some(v == k);
        }
        if k < NOT_BITS && self.not >> k & 1 == 1 {
            return Some(false);
        }
        None
    }

    /// What is known once `more` is learnt too: the nimber, when either
    /// knows it (the values ruled out then say nothing more), else every
    /// value either rules out.
    #[inline]
    pub fn with(self, more: Facts) -> Facts {
        let exact = more.exact.or(self.exact);
        Facts {
            exact,
            not: if exact.is_some() {
                0
            } else {
                self.not | more.not
            },
        }
    }
}

// The word of an entry: bits 0..24 the nimber + 1 (0: not known), 24..56
// the mask of values it does not have, 56..62 the work. An occupied entry
// always knows something, so the word 0 marks an empty slot.
const VALUE_BITS: u32 = 24;
const NOT_SHIFT: u32 = 24;
const WORK_SHIFT: u32 = 56;

#[inline]
fn pack(f: Facts, work: u8) -> u64 {
    let value = f.exact.map_or(0, |v| v + 1);
    value | u64::from(f.not) << NOT_SHIFT | u64::from(work.min(63)) << WORK_SHIFT
}

#[inline]
fn unpack(word: u64) -> Facts {
    let value = word & ((1 << VALUE_BITS) - 1);
    Facts {
        exact: value.checked_sub(1),
        not: (word >> NOT_SHIFT) as u32,
    }
}

#[inline]
fn work_of(word: u64) -> u8 {
    (word >> WORK_SHIFT) as u8 & 63
}

/// The slot of a full bucket of `ways` slots to give up for a new entry,
/// and its work: the least work (a part searched again costs about what
/// it cost the first time); at equal work a refutation before a nimber (a
/// nimber answers every later question about its part, a refutation one);
/// among equals, the first from `start` on, so that `start` varying from
/// entry to entry spreads the turnover over the bucket instead of churning
/// one slot while the others keep what they had. `of(i)` is slot `i`'s
/// work and whether it holds a nimber. Measured on 5×7 at a 2 MiB table
/// and 5×8 at 4 MiB (Cram, the table replacing all the time), against
/// always the first slot of least work: 4% and 6% fewer positions
/// expanded, 4.6% and 6.6% less CPU time.
#[inline]
fn evict(start: usize, ways: usize, of: impl Fn(usize) -> (u8, bool)) -> (usize, u8) {
    (0..ways)
        .map(|d| (start + d) % ways)
        .map(|i| (i, of(i)))
        .min_by_key(|&(_, rank)| rank)
        .map(|(i, (work, _))| (i, work))
        .expect("a bucket has slots")
}

/// Where a full bucket puts a new entry (see [`place`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// Into slot `at` of the costly half, whose entry moves to slot `down`
    /// of the latest half (replacing the entry there).
    Costly { at: usize, down: usize },
    /// Into slot `at` of the latest half, replacing the entry there.
    Latest { at: usize },
}

/// Where a full bucket of `ways` slots puts a new entry that took `work`.
///
/// The bucket is two halves, after the "TwoBig" scheme of D. Breuker,
/// J. Uiterwijk and J. van den Herik ("Replacement schemes for
/// transposition tables", ICCA Journal 17, 1994). The first half keeps the
/// costliest entries met: a new entry that took no less work than the
/// least of them takes its place ([`evict`] picks it). The second half
/// keeps the latest of the rest: the entry that lost its place, or the new
/// one when it did not win one, replaces the least of them there. A bucket
/// that only kept the costliest turned cheap parts away for good once it
/// was full of dear ones, and the search met them again soon after: a part
/// solved a moment ago is the likeliest to be asked for again. Measured on
/// Cram (positions expanded, against costliest-only buckets): 4×11 at a
/// 4 MiB table 61.5 million to 21.2 million, 3×14 at 1 MiB 3.95 million to
/// 2.32 million, 5×8 at 2 MiB 3.00 million to 2.40 million; 5×8 at 4 MiB
/// 2%, 5×7 at 1 MiB 2% fewer.
///
/// `start` turns the choice among equals (see [`evict`]); `of(i)` is slot
/// `i`'s work and whether it holds a nimber.
#[inline]
fn place(start: usize, ways: usize, work: u8, of: impl Fn(usize) -> (u8, bool)) -> Place {
    let costly = ways - ways / 2;
    let (at, least) = evict(start, costly, &of);
    let down = costly + evict(start, ways - costly, |j| of(costly + j)).0;
    if least <= work {
        Place::Costly { at, down }
    } else {
        Place::Latest { at: down }
    }
}

#[derive(Clone, Debug, Default)]
struct Slot<P> {
    key: P,
    word: u64,
}

/// How full the table is, for statistics and progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fill {
    /// Entries held.
    pub entries: u64,
    /// Entries it has room for now.
    pub capacity: u64,
    /// Bytes it holds (slots and the parts' heap bytes).
    pub bytes: u64,
    /// The most bytes it may grow to.
    pub max_bytes: u64,
    /// Entries replaced by others since it was made.
    pub replaced: u64,
}

/// A transposition table of parts `P`. See the [module documentation](self).
#[derive(Debug)]
pub struct Table<P> {
    /// Parts held as words.
    packed: Packed,
    /// Parts held whole.
    slots: Vec<Slot<P>>,
    /// `buckets - 1`; the number of buckets is a power of two.
    mask: usize,
    entries: usize,
    max_bytes: u64,
    heap: u64,
    replaced: u64,
    reservation: Option<Reservation>,
    budget: Budget,
}

impl<P: Clone + Eq + Hash + Default> Table<P> {
    /// An empty table that may grow to `max_bytes`, holding its bytes
    /// against `budget`.
    pub fn new(max_bytes: u64, budget: &Budget) -> Table<P> {
        Table {
            packed: Packed::default(),
            slots: Vec::new(),
            mask: 0,
            entries: 0,
            max_bytes,
            heap: 0,
            replaced: 0,
            reservation: None,
            budget: budget.clone(),
        }
    }

    /// The bytes of one slot.
    pub fn slot_bytes() -> u64 {
        size_of::<Slot<P>>() as u64
    }

    fn bytes_for(buckets: usize) -> u64 {
        (buckets * WAYS) as u64 * Self::slot_bytes()
    }

    /// How full it is.
    pub fn fill(&self) -> Fill {
        Fill {
            entries: (self.entries + self.packed.entries()) as u64,
            capacity: (self.slots.len() + self.packed.capacity()) as u64,
            bytes: self.reservation.as_ref().map_or(0, Reservation::bytes),
            max_bytes: self.max_bytes,
            replaced: self.replaced + self.packed.replaced(),
        }
    }

    #[inline]
    fn bucket(&self, key: &P) -> usize {
        // Fx leaves the low bits weak; the bucket comes from the high ones.
        let h = FxBuildHasher
            .hash_one(key)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & self.mask
    }

    /// Asks the processor to fetch `key`'s bucket into its cache: a search
    /// about to look up a dozen options' parts prefetches them all first,
    /// so that their cache misses overlap instead of following each other.
    ///
    /// `word` is the part's [`Rules::word`], when it has one (so for every
    /// method taking one).
    #[inline]
    pub fn prefetch(&self, key: &P, word: Option<u64>) {
        if let Some(w) = word.filter(|&w| self.packed.takes(w)) {
            return self.packed.prefetch(w);
        }
        if self.slots.is_empty() {
            return;
        }
        let b = self.bucket(key) * WAYS;
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // A bucket may straddle two cache lines: fetch its first and
            // its last byte's.
            let first = self.slots[b..].as_ptr().cast::<i8>();
            let last = first.wrapping_add(WAYS * size_of::<Slot<P>>() - 1);
            // SAFETY: a prefetch is only a hint: it reads nothing the
            // program sees, and the addresses are inside the table.
            #[allow(unused_unsafe)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(first);
                _mm_prefetch::<_MM_HINT_T0>(last);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    /// What is known about `key`.
    #[inline]
    pub fn get(&self, key: &P, word: Option<u64>) -> Option<Facts> {
        if let Some(w) = word.filter(|&w| self.packed.takes(w)) {
            return self.packed.get(w);
        }
        if self.slots.is_empty() {
            return None;
        }
        let b = self.bucket(key) * WAYS;
        self.slots[b..b + WAYS]
            .iter()
            .find(|s| s.word != 0 && s.key == *key)
            .map(|s| unpack(s.word))
    }

    /// Records that `key` has nimber `value` (after `work` positions).
    pub fn set_exact(&mut self, key: &P, word: Option<u64>, value: Nimber, work: u64, heap: usize) {
        if value > MAX_STORED {
            return;
        }
        self.store(
            key,
            word,
            Facts {
                exact: Some(value),
                not: 0,
            },
            work,
            heap,
        );
    }

    /// Records that the nimber of `key` is none of the values whose bits
    /// are set in `not` (values below [`NOT_BITS`]; after `work` positions).
    pub fn set_not_any(&mut self, key: &P, word: Option<u64>, not: u32, work: u64, heap: usize) {
        if not != 0 {
            self.store(key, word, Facts { exact: None, not }, work, heap);
        }
    }

    fn store(&mut self, key: &P, word: Option<u64>, facts: Facts, work: u64, heap: usize) {
        let work = (64 - work.leading_zeros()) as u8;
        if let Some(w) = word {
            if self.store_packed(w, facts, work) {
                return;
            }
        }
        if self.slots.is_empty() || (self.entries + 1) * 4 > self.slots.len() * 3 {
            self.grow();
            if self.slots.is_empty() {
                return; // no memory at all: nothing is remembered
            }
        }
        let b = self.bucket(key) * WAYS;
        let bucket = &mut self.slots[b..b + WAYS];
        // The same part: merge what is known.
        if let Some(s) = bucket.iter_mut().find(|s| s.word != 0 && s.key == *key) {
            s.word = pack(unpack(s.word).with(facts), work.max(work_of(s.word)));
            return;
        }
        if heap > 0 && !self.hold_heap(heap) {
            return; // the part's own bytes do not fit: not remembered
        }
        let mut b = b;
        if self.slots[b..b + WAYS].iter().all(|s| s.word != 0)
            && self.entries * 2 >= self.slots.len()
        {
            // A full bucket in a table half full. Below its allowance the
            // table doubles rather than turn the entry away: a part whose
            // bucket is full of costlier ones would be searched again each
            // time it is met, and its own parts with it (the bars of a
            // Chomp bar of 3 rows of 70 were searched twenty times over
            // before this).
            let before = self.slots.len();
            self.grow();
            if self.slots.len() != before {
                b = self.bucket(key) * WAYS;
            }
        }
        let bucket = &mut self.slots[b..b + WAYS];
        if let Some(s) = bucket.iter_mut().find(|s| s.word == 0) {
            s.key = key.clone();
            s.word = pack(facts, work);
            self.entries += 1;
            return;
        }
        // Full bucket: see `place`.
        let start = self.replaced as usize;
        self.replaced += 1;
        let at = match place(start, WAYS, work, |i| {
            let w = bucket[i].word;
            (work_of(w), unpack(w).exact.is_some())
        }) {
            Place::Costly { at, down } => {
                bucket.swap(at, down);
                at
            }
            Place::Latest { at } => at,
        };
        bucket[at].key = key.clone();
        bucket[at].word = pack(facts, work);
    }

    /// Stores in the packed table, starting it (or starting it again for
    /// wider words) or doubling it as needed. False when it cannot take the
    /// word within the allowance: the part is then held whole.
    fn store_packed(&mut self, word: u64, facts: Facts, work: u8) -> bool {
        if !self.packed.takes(word) {
            let width = packed::width_of(word).max(self.packed.width());
            // Twice the buckets when half full: the entries are placed
            // anew, at random, and a bucket holds only eight.
            let held = self.packed.buckets();
            let room = if self.packed.entries() * 2 > self.packed.capacity() {
                2 * held
            } else {
                held
            };
            let buckets = packed::min_buckets(width).max(room);
            // Words so wide that a slot needs a large table from the start
            // are held whole instead, until the table has grown to it.
            if buckets > (2 * held).max(packed::START_BUCKETS) {
                return false;
            }
            // The old buckets and the new are held together while the
            // entries move.
            if !self.afford(packed::bytes_for(buckets)) {
                return false;
            }
            self.packed.widen(width, buckets);
            if let Some(r) = &mut self.reservation {
                r.shrink(packed::bytes_for(held));
            }
        } else if self.packed.crowded() && self.packed.can_double() {
            let more = packed::bytes_for(self.packed.buckets());
            if self.afford(more) {
                self.packed.double();
            }
        }
        self.packed.store(word, facts, work);
        true
    }

    /// Holds `more` bytes against the allowance and the budget, creating
    /// the reservation if there is none. A table takes at most half of
    /// what the budget has left (counting what it holds): the rest is for
    /// the search's stack and whatever else the request holds.
    fn afford(&mut self, more: u64) -> bool {
        if !self.fits(more) {
            return false;
        }
        match &mut self.reservation {
            Some(r) => r.grow(more).is_ok(),
            None => match self.budget.reserve(more) {
                Ok(r) => {
                    self.reservation = Some(r);
                    true
                }
                Err(_) => false,
            },
        }
    }

    /// Whether `more` bytes fit the allowance and the budget's room.
    fn fits(&self, more: u64) -> bool {
        let held = self.held();
        let room = self.budget.available().saturating_add(held) / 2;
        let after = held.saturating_add(more);
        after <= self.max_bytes && after <= room
    }

    /// Holds `heap` more bytes of keys' own data against the allowance and
    /// the budget (only parts with heap data have any; the count only
    /// grows, since replaced keys are not measured again, so it errs on
    /// the side of holding too much). False, holding nothing more, when
    /// they do not fit: the entry is then not stored.
    fn hold_heap(&mut self, heap: usize) -> bool {
        if !self.afford(heap as u64) {
            return false;
        }
        self.heap += heap as u64;
        true
    }

    /// Doubles the table of whole parts (or makes the first one) when the
    /// allowance and the budget permit; otherwise leaves it, and
    /// replacement takes over.
    fn grow(&mut self) {
        let now = if self.slots.is_empty() {
            0
        } else {
            Self::bytes_for(self.mask + 1)
        };
        let mut buckets = if self.slots.is_empty() {
            MIN_BUCKETS
        } else {
            (self.mask + 1) * 2
        };
        // The first table takes what fits, down to one bucket.
        if self.slots.is_empty() {
            while buckets > 1 && !self.fits(Self::bytes_for(buckets)) {
                buckets /= 2;
            }
        }
        if !self.afford(Self::bytes_for(buckets) - now) {
            return;
        }
        if self.slots.is_empty() {
            let mut slots = Vec::with_capacity(buckets * WAYS);
            huge_pages(&mut slots);
            slots.resize(buckets * WAYS, Slot::default());
            self.slots = slots;
            self.mask = buckets - 1;
            return;
        }
        // Doubling in place. A bucket is picked by the low bits of the key's
        // hash (see `bucket`), so with one bit more the entries of bucket
        // `b` go to `b` or to the new `b + old`, which takes no others: no
        // entry is lost, and nothing is copied but what moves. The vector
        // grows by a reallocation (large blocks are remapped, not copied),
        // so the old and the new table are never held side by side.
        let old = self.mask + 1;
        self.slots.reserve_exact(buckets * WAYS - self.slots.len());
        huge_pages(&mut self.slots);
        self.slots.resize(buckets * WAYS, Slot::default());
        self.mask = buckets - 1;
        for b in 0..old {
            for at in b * WAYS..(b + 1) * WAYS {
                if self.slots[at].word == 0 {
                    continue;
                }
                let to = self.bucket(&self.slots[at].key);
                if to != b {
                    debug_assert_eq!(to, b + old, "a bucket splits in two");
                    let moved = std::mem::take(&mut self.slots[at]);
                    let slot = self.slots[to * WAYS..(to + 1) * WAYS]
                        .iter_mut()
                        .find(|t| t.word == 0)
                        .expect("a new bucket takes the entries of one old bucket");
                    *slot = moved;
                }
            }
        }
    }

    fn held(&self) -> u64 {
        self.reservation.as_ref().map_or(0, Reservation::bytes)
    }

    /// Holds its bytes against `budget` from now on (a long-lived engine
    /// answering a new request): kept when they fit its allowance, else
    /// forgotten, and grown from nothing within it.
    pub fn set_budget(&mut self, budget: &Budget) {
        let held = self.held();
        self.budget = budget.clone();
        if self.reservation.is_none() {
            return;
        }
        match budget.reserve(held) {
            Ok(r) => self.reservation = Some(r),
            Err(_) => self.clear(),
        }
    }

    /// Forgets everything, giving the memory back.
    pub fn clear(&mut self) {
        self.packed.clear();
        self.slots = Vec::new();
        self.mask = 0;
        self.entries = 0;
        self.heap = 0;
        self.reservation = None;
    }
}

/// Asks the kernel to back the (not yet touched) buffer of `slots` with
/// huge pages where it can (see [`lines::advise_huge`]).
fn huge_pages<T>(slots: &mut Vec<T>) {
    lines::advise_huge(
        slots.as_mut_ptr() as usize,
        slots.capacity() * size_of::<T>(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eviction_takes_least_work_then_refutations_and_turns_among_equals() {
        // (work, holds a nimber) of four slots.
        let slots = [(2, false), (1, true), (1, false), (1, false)];
        let of = |i: usize| slots[i];
        // Least work, and of those a refutation, the first from `start`.
        assert_eq!(evict(0, 4, of), (2, 1));
        assert_eq!(evict(3, 4, of), (3, 1));
        assert_eq!(evict(1, 4, of), (2, 1));
        let all_equal = |_| (1, false);
        let picked: Vec<usize> = (0..8).map(|start| evict(start, 4, all_equal).0).collect();
        assert_eq!(picked, [0, 1, 2, 3, 0, 1, 2, 3]);
    }

    #[test]
    fn a_full_bucket_keeps_the_costliest_in_one_half_and_the_latest_in_the_other() {
        // (work, holds a nimber): the costly half 0..4, the latest 4..8.
        let slots = [(9, true), (5, false), (7, true), (6, true)];
        let latest = [(1, true), (0, false), (2, false), (1, false)];
        let of = |i: usize| if i < 4 { slots[i] } else { latest[i - 4] };
        // Dearer than the costly half's least (slot 1): it takes that
        // place, and that entry replaces the latest half's least (slot 5).
        assert_eq!(place(0, 8, 5, of), Place::Costly { at: 1, down: 5 });
        assert_eq!(place(0, 8, 30, of), Place::Costly { at: 1, down: 5 });
        // Cheaper: it goes to the latest half all the same.
        assert_eq!(place(0, 8, 4, of), Place::Latest { at: 5 });
        assert_eq!(place(0, 8, 0, of), Place::Latest { at: 5 });
        // Four ways: two and two (the latest half's least is slot 3).
        assert_eq!(place(0, 4, 4, of), Place::Latest { at: 3 });
        assert_eq!(place(0, 4, 5, of), Place::Costly { at: 1, down: 3 });
    }

    #[test]
    fn facts_round_trip_and_merge() {
        let b = Budget::unlimited();
        let mut t: Table<u64> = Table::new(1 << 20, &b);
        assert_eq!(t.get(&7, None), None);
        t.set_not_any(&7, None, 1 << 0, 10, 0);
        t.set_not_any(&7, None, 1 << 3, 10, 0);
        let f = t.get(&7, None).unwrap();
        assert_eq!(f.not, 0b1001);
        assert_eq!(f.decides(3), Some(false));
        assert_eq!(f.decides(1), None);
        t.set_exact(&7, None, 5, 100, 0);
        let f = t.get(&7, None).unwrap();
        assert_eq!(f.exact, Some(5));
        assert_eq!(f.decides(5), Some(true));
        assert_eq!(f.decides(3), Some(false));
        t.set_exact(&8, None, 0, 1, 0);
        assert_eq!(t.get(&8, None).unwrap().exact, Some(0));
        assert!(b.held() > 0);
        drop(t);
        assert_eq!(b.held(), 0);
    }

    #[test]
    fn a_full_table_replaces_cheap_entries_and_stays_in_its_bytes() {
        let b = Budget::unlimited();
        let max = Table::<u64>::bytes_for(MIN_BUCKETS);
        let mut t: Table<u64> = Table::new(max, &b);
        for k in 0..100_000u64 {
            t.set_exact(&k, None, k % 7, 1 + k % 3, 0);
        }
        let fill = t.fill();
        assert!(fill.bytes <= max, "{fill:?}");
        assert!(fill.replaced > 0);
        // Whatever it answers is right.
        for k in 0..100_000u64 {
            if let Some(f) = t.get(&k, None) {
                assert_eq!(f.exact, Some(k % 7));
            }
        }
        // An expensive entry survives cheap ones.
        t.set_exact(&1_000_000, None, 4, 1 << 40, 0);
        for k in 200_000..300_000u64 {
            t.set_exact(&k, None, 1, 1, 0);
        }
        assert_eq!(t.get(&1_000_000, None).unwrap().exact, Some(4));
    }

    #[test]
    fn growing_keeps_every_entry() {
        let b = Budget::unlimited();
        let mut t: Table<u64> = Table::new(u64::MAX, &b);
        // Costly entries, then cheap ones enough to double the table three
        // times: a cheap entry never replaces a costly one, so every costly
        // entry held before the doublings is held after them.
        let n = 2 * MIN_BUCKETS as u64;
        for k in 0..n {
            t.set_exact(&k, None, k % 5, 1 << 20, 0);
        }
        let before = t.fill();
        let held: Vec<u64> = (0..n).filter(|k| t.get(k, None).is_some()).collect();
        assert!(held.len() as u64 > n / 2);
        for k in n..20 * n {
            t.set_exact(&k, None, 0, 1, 0);
        }
        let after = t.fill();
        assert!(
            after.capacity >= 8 * before.capacity,
            "{before:?} {after:?}"
        );
        for k in held {
            assert_eq!(t.get(&k, None).and_then(|f| f.exact), Some(k % 5), "{k}");
        }
        assert_eq!(
            b.held(),
            Table::<u64>::bytes_for(after.capacity as usize / WAYS)
        );
    }

    #[test]
    fn the_budget_bounds_growth() {
        let b = Budget::unlimited().with_memory(Table::<u64>::bytes_for(MIN_BUCKETS * 2));
        let mut t: Table<u64> = Table::new(u64::MAX, &b);
        for k in 0..100_000u64 {
            t.set_exact(&k, None, 1, 1, 0);
        }
        assert!(b.held() <= Table::<u64>::bytes_for(MIN_BUCKETS * 2));
        assert!(t.fill().entries > 0);
    }

    /// A table of parts held as words, against a map: whatever it answers
    /// is what was stored for that very word, through doublings, for words
    /// built to collide in the bits that pick a bucket or in those a slot
    /// keeps.
    #[test]
    fn words_are_never_confused() {
        let b = Budget::unlimited();
        let mut t: Table<u64> = Table::new(u64::MAX, &b);
        let mut model = std::collections::HashMap::new();
        let mut seed = 1u64;
        let mut words = Vec::new();
        for k in 1..40_000u64 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            words.push(seed >> 20); // random, 44 bits
            words.push(k); // small
            words.push(k << 30); // differing only high
            words.push(k.wrapping_mul((1 << 21) + 1) & ((1 << 44) - 1));
        }
        for (i, &w) in words.iter().enumerate() {
            let v = w % 11;
            t.set_exact(&w, Some(w), v, 1 + i as u64 % 5, 0);
            model.insert(w, v);
        }
        let fill = t.fill();
        assert!(fill.capacity >= model.len() as u64, "{fill:?}");
        // Nothing went to the table of whole parts.
        assert!(t.slots.is_empty());
        let mut held = 0;
        for (&w, &v) in &model {
            if let Some(f) = t.get(&w, Some(w)) {
                assert_eq!(f.exact, Some(v), "{w:#x}");
                held += 1;
            }
        }
        // Entries are lost only where a bucket overflowed before a doubling.
        assert!(held > model.len() * 4 / 5, "{held} of {}", model.len());
        // Words never stored are not known.
        for w in (1..5_000u64).map(|k| (k << 30) + 7) {
            assert_eq!(t.get(&w, Some(w)), None, "{w:#x}");
        }
    }

    #[test]
    fn words_keep_facts_and_merge_them() {
        let b = Budget::unlimited();
        let mut t: Table<u64> = Table::new(1 << 20, &b);
        let w = Some(0xABCDEF);
        t.set_not_any(&0, w, 1 << 2, 1, 0);
        t.set_not_any(&0, w, 1 << 5 | 1 << 30, 1, 0);
        let f = t.get(&0, w).unwrap();
        // Values past the slot's mask are dropped, never wrongly kept.
        assert_eq!(f.not, 1 << 2 | 1 << 5);
        assert_eq!(f.decides(5), Some(false));
        assert_eq!(f.decides(30), None);
        t.set_exact(&0, w, 3, 1 << 10, 0);
        assert_eq!(t.get(&0, w).unwrap().exact, Some(3));
        // A mask of values all past the slot's is not stored at all.
        t.set_not_any(&0, Some(5), 1 << 31, 1, 0);
        assert_eq!(t.get(&0, Some(5)), None);
        // Nimbers too large for a slot are not stored either.
        t.set_exact(&0, Some(6), 1 << 40, 1, 0);
        assert_eq!(t.get(&0, Some(6)), None);
        assert_eq!(t.fill().entries, 1);
    }

    #[test]
    fn a_wider_word_widens_the_table_and_keeps_what_it_knew() {
        let b = Budget::unlimited();
        let mut t: Table<u64> = Table::new(u64::MAX, &b);
        for w in 1..3000u64 {
            t.set_exact(&w, Some(w), w % 3, 1, 0);
        }
        let before = t.fill();
        // Words of 24, 40 and 64 bits: the table starts again wider, moving
        // its entries.
        for (i, wide) in [(1u64 << 23) + 5, (1 << 39) + 7, u64::MAX - 12]
            .into_iter()
            .enumerate()
        {
            t.set_exact(&0, Some(wide), 9 + i as u64, 1, 0);
            assert_eq!(t.get(&0, Some(wide)).unwrap().exact, Some(9 + i as u64));
        }
        let mut kept = 0;
        for w in 1..3000u64 {
            if let Some(f) = t.get(&w, Some(w)) {
                assert_eq!(f.exact, Some(w % 3), "{w}");
                kept += 1;
            }
        }
        // All but the few that met a full bucket when placed anew.
        assert!(kept * 100 >= before.entries * 99, "{kept} of {before:?}");
        // Only the widest table is held; the word of 64 bits, which would
        // need a table of 8 MiB from the start, is held whole.
        assert_eq!(t.packed.width(), 40);
        assert!(!t.slots.is_empty());
        assert_eq!(b.held(), t.fill().bytes);
    }

    #[test]
    fn a_full_word_table_stays_in_its_bytes_and_keeps_costly_entries() {
        let b = Budget::unlimited();
        let max = 64 << 10;
        let mut t: Table<u64> = Table::new(max, &b);
        t.set_exact(&0, Some(1 << 40), 4, 1 << 30, 0);
        for w in 1..200_000u64 {
            t.set_exact(&0, Some(w), w % 7, 1 + w % 3, 0);
        }
        let fill = t.fill();
        assert!(fill.bytes <= max && fill.replaced > 0, "{fill:?}");
        assert_eq!(t.get(&0, Some(1 << 40)).unwrap().exact, Some(4));
        for w in 1..200_000u64 {
            if let Some(f) = t.get(&0, Some(w)) {
                assert_eq!(f.exact, Some(w % 7));
            }
        }
    }

    /// An entry whose bucket is full of costlier ones, in a table of parts
    /// held whole that is half full, makes the table double instead of
    /// being turned away.
    #[test]
    fn a_full_bucket_in_a_half_full_table_makes_it_grow() {
        let b = Budget::unlimited();
        let mut t: Table<u64> = Table::new(u64::MAX, &b);
        t.set_exact(&0, None, 1, 1 << 30, 0);
        let mut k = 1u64;
        while t.fill().entries * 2 < t.fill().capacity {
            t.set_exact(&k, None, 1, 1 << 30, 0);
            k += 1;
        }
        let before = t.fill();
        let full = (0..t.mask + 1)
            .find(|&i| {
                t.slots[i * WAYS..(i + 1) * WAYS]
                    .iter()
                    .all(|s| s.word != 0)
            })
            .expect("a full bucket in a table half full");
        let cheap = (k..).find(|c| t.bucket(c) == full).unwrap();
        t.set_exact(&cheap, None, 7, 1, 0);
        assert_eq!(t.fill().capacity, 2 * before.capacity);
        assert_eq!(t.get(&cheap, None).unwrap().exact, Some(7));
    }
}
