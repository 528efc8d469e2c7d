//! Parts held as words: slots of eight or six bytes, eight or ten to a
//! cache line.
//!
//! A part with a word ([`Rules::word`](crate::search::Rules::word)) of at
//! most `width` bits is turned into another word of the same width by a
//! bijection (a multiply, a shift-xor and a multiply, each invertible on
//! `width` bits), whose top bits pick its bucket. Those bits need not be
//! stored: an entry's bucket says what they are. A slot keeps the rest of
//! the mixed word — at most 47 bits — above [`FACT_BITS`] bits of
//! facts. Two parts share a slot's key only if they share the whole mixed
//! word, and so the word, and so (the word being the part's, one to one)
//! the part: the table still answers only for parts it has seen, in half
//! the bytes of a slot holding the part itself. This is quotienting, the
//! classic trick of compact hash tables (Cleary, "Compact hash tables
//! using bidirectional linear probing", IEEE Trans. Computers 1984).
//!
//! The more buckets, the fewer bits a slot keeps: once they fit in six
//! bytes, a bucket is cut into ten slots instead of eight ([`Layout`]), a
//! quarter more entries in the same bytes. Cram 5×8 (words of 46 bits)
//! gets them from a table of 2 MiB on; there, measured with buckets of
//! eight and of ten slots, the search expands 8% fewer positions.
//!
//! Doubling the table moves one more bit of each entry from its slot into
//! its bucket's number: bucket `b` splits into `2b` and `2b + 1`, and going
//! from the last bucket down, each pair of new buckets is free when it is
//! filled, so the table doubles in place (and may change its layout as it
//! does: a bucket's entries, split in two, fit either).

use super::lines::{Line as Bucket, Lines};
use super::{Facts, Place};
use crate::nimber::Nimber;

/// Bits of a slot holding facts (below) and the work of the search.
const FACT_BITS: u32 = 17;

/// Bits of the facts' payload: a nimber below `2^PAYLOAD_BITS`, or the
/// mask of values `0..PAYLOAD_BITS` ruled out.
const PAYLOAD_BITS: u32 = 11;

/// How a bucket (one cache line) is cut into slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    /// Slots per bucket.
    ways: usize,
    /// Bytes per slot.
    bytes: usize,
}

/// Eight slots of eight bytes.
const EIGHT: Layout = Layout { ways: 8, bytes: 8 };

/// Ten slots of six bytes (the line's last four bytes unused).
const TEN: Layout = Layout { ways: 10, bytes: 6 };

impl Default for Layout {
    /// The layout of a table with no buckets yet.
    fn default() -> Layout {
        EIGHT
    }
}

impl Layout {
    /// The densest layout whose slots hold keys of `rest` bits and facts.
    fn for_rest(rest: u32) -> Layout {
        if rest + FACT_BITS <= TEN.bits() {
            TEN
        } else {
            EIGHT
        }
    }

    /// The bits of a slot.
    const fn bits(self) -> u32 {
        8 * self.bytes as u32
    }

    /// A slot's bits set.
    #[inline(always)]
    fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

    /// Slot `i` of `line` (0: empty).
    #[inline(always)]
    fn get(self, line: &Bucket, i: usize) -> u64 {
        // (At most 56: the eight bytes read stay in the line.)
        let at = (i * self.bytes).min(56);
        let b = &line.bytes()[at..at + 8];
        u64::from_le_bytes(b.try_into().expect("eight bytes")) & self.mask()
    }

    /// The slots of `line`, numbered.
    #[inline(always)]
    fn slots(self, line: &Bucket) -> impl Iterator<Item = (usize, u64)> + '_ {
        (0..self.ways).map(move |i| (i, self.get(line, i)))
    }

    /// Sets slot `i` of `line`, leaving the next slot's bytes as they were.
    #[inline(always)]
    fn set(self, line: &mut Bucket, i: usize, slot: u64) {
        let at = (i * self.bytes).min(56);
        let b = &mut line.bytes_mut()[at..at + 8];
        let old = u64::from_le_bytes((&*b).try_into().expect("eight bytes"));
        let mask = self.mask();
        debug_assert_eq!(slot & !mask, 0, "a slot's bits");
        b.copy_from_slice(&(old & !mask | slot).to_le_bytes());
    }
}

/// The smallest table, in buckets (as a power of two).
const MIN_BITS: u32 = 8;

// The facts of a slot: bits 0..5 the work (log₂ of positions, at most 31),
// bit 5 set for an exact nimber, bits 6..17 the payload. An entry always
// knows something (a nimber, or a mask with a bit set), so the slot 0 is
// an empty one.
const WORK_MASK: u64 = 31;
/// The facts' bits of a slot.
const FACTS: u64 = (1 << FACT_BITS) - 1;
const EXACT: u64 = 1 << 5;
const PAYLOAD_SHIFT: u32 = 6;

fn pack(f: Facts, work: u8) -> Option<u64> {
    let payload = match f.exact {
        Some(v) if v < (1 << PAYLOAD_BITS) => v << PAYLOAD_SHIFT | EXACT,
        Some(_) => return None,
        None => {
            let not = u64::from(f.not) & ((1 << PAYLOAD_BITS) - 1);
            if not == 0 {
                return None;
            }
            not << PAYLOAD_SHIFT
        }
    };
    Some(payload | u64::from(work).min(WORK_MASK))
}

fn unpack(slot: u64) -> Facts {
    let payload = (slot & FACTS) >> PAYLOAD_SHIFT;
    if slot & EXACT != 0 {
        Facts {
            exact: Some(payload as Nimber),
            not: 0,
        }
    } else {
        Facts {
            exact: None,
            not: payload as u32,
        }
    }
}

fn slot_work(slot: u64) -> u8 {
    (slot & WORK_MASK) as u8
}

/// The table of parts held as words. See the [module documentation](self).
#[derive(Default)]
pub(super) struct Packed {
    buckets: Lines,
    /// The widest word it takes, in bits (0: none yet).
    width: u32,
    /// Bits of the mixed word kept in a slot: `width - log₂ buckets`.
    rest: u32,
    /// The words of `width` bits: the low `width` bits set (none when
    /// there are no buckets, so that no word is taken).
    words: u64,
    /// How its buckets are cut into slots: as densely as `rest` allows.
    layout: Layout,
    entries: usize,
    replaced: u64,
}

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Packed")
            .field("buckets", &self.buckets.len())
            .field("width", &self.width)
            .field("entries", &self.entries)
            .finish()
    }
}

/// The width a table takes for `word`: its bits, rounded up to an even
/// number (see [`unmix`]), at least 16.
pub(super) fn width_of(word: u64) -> u32 {
    (64 - word.leading_zeros()).next_multiple_of(2).max(16)
}

/// The most buckets a table starts with (1 MiB): a table for words so wide
/// that it would need more is not started (its parts are held whole).
pub(super) const START_BUCKETS: usize = 1 << 14;

/// The fewest buckets a table of `width`-bit words has.
pub(super) fn min_buckets(width: u32) -> usize {
    1 << MIN_BITS.max(width.saturating_sub(EIGHT.bits() - FACT_BITS))
}

/// The bytes of a table of `buckets` buckets.
pub(super) fn bytes_for(buckets: usize) -> u64 {
    (buckets * std::mem::size_of::<Bucket>()) as u64
}

/// A bijection of the words of `width` bits, spreading every bit of the
/// word into the top ones (which pick the bucket).
#[inline]
fn mix(word: u64, width: u32) -> u64 {
    let m = u64::MAX >> (64 - width);
    let mut x = word.wrapping_mul(MIX1) & m;
    x ^= x >> (width / 2);
    x.wrapping_mul(MIX2) & m
}

/// The odd multipliers of [`mix`].
const MIX1: u64 = 0x9E37_79B9_7F4A_7C15;
const MIX2: u64 = 0xD6E8_FEB8_6659_FD93;

/// The inverse of [`mix`] for the same width.
fn unmix(mixed: u64, width: u32) -> u64 {
    let m = u64::MAX >> (64 - width);
    let mut x = mixed.wrapping_mul(inverse(MIX2)) & m;
    // A shift of at least half the (even) width: undoing it is doing it.
    x ^= x >> (width / 2);
    x.wrapping_mul(inverse(MIX1)) & m
}

/// The inverse of an odd number modulo 2^64 (Newton's iteration: each step
/// doubles the bits that are right, from the three an odd number is its
/// own inverse for).
const fn inverse(odd: u64) -> u64 {
    let mut x = odd;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
        i += 1;
    }
    x
}

impl Packed {
    /// Entries held.
    pub(super) fn entries(&self) -> usize {
        self.entries
    }

    /// Slots it has.
    pub(super) fn capacity(&self) -> usize {
        self.buckets.len() * self.layout.ways
    }

    /// Buckets it has.
    pub(super) fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// Entries replaced by others.
    pub(super) fn replaced(&self) -> u64 {
        self.replaced
    }

    /// The widest word it takes (0: it has no buckets yet).
    pub(super) fn width(&self) -> u32 {
        self.width
    }

    /// Whether it holds `word`'s part when it has it: `word` is no wider.
    #[inline]
    pub(super) fn takes(&self, word: u64) -> bool {
        word & !self.words == 0 && !self.buckets.is_empty()
    }

    /// The bucket and the slot's key of `word` (which it takes).
    #[inline]
    fn place(&self, word: u64) -> (usize, u64) {
        // `mix`, with the width's mask kept.
        let mut x = word.wrapping_mul(MIX1) & self.words;
        x ^= x >> (self.width / 2);
        let m = x.wrapping_mul(MIX2) & self.words;
        debug_assert_eq!(m, mix(word, self.width));
        ((m >> self.rest) as usize, m & ((1 << self.rest) - 1))
    }

    /// Starts with `buckets` empty buckets for words of `width` bits (at
    /// least [`min_buckets`]`(width)`), keeping every entry held for
    /// narrower words: each slot's word is recovered (its bucket's bits and
    /// its own, unmixed) and placed anew. The old buckets are freed once
    /// the new ones are filled.
    pub(super) fn widen(&mut self, width: u32, buckets: usize) {
        debug_assert!(buckets.is_power_of_two() && buckets >= min_buckets(width));
        debug_assert!(width >= self.width);
        let old = std::mem::replace(&mut self.buckets, Lines::zeroed(buckets));
        let (old_width, old_rest, was) = (self.width, self.rest, self.layout);
        self.width = width;
        self.words = u64::MAX >> (64 - width);
        self.rest = width - buckets.trailing_zeros();
        self.layout = Layout::for_rest(self.rest);
        self.entries = 0;
        let l = self.layout;
        for (i, bucket) in old.iter().enumerate() {
            for (_, s) in was.slots(bucket).filter(|&(_, s)| s != 0) {
                let mixed = (i as u64) << old_rest | s >> FACT_BITS;
                let word = unmix(mixed, old_width);
                debug_assert_eq!(mix(word, old_width), mixed);
                let (at, key) = self.place(word);
                let line = &mut self.buckets[at];
                let free = l.slots(line).find(|&(_, t)| t == 0);
                if let Some((j, _)) = free {
                    l.set(line, j, key << FACT_BITS | s & FACTS);
                    self.entries += 1;
                }
            }
        }
    }

    /// Forgets everything, giving the memory back.
    pub(super) fn clear(&mut self) {
        *self = Packed {
            replaced: self.replaced,
            ..Packed::default()
        };
    }

    /// Asks the processor to fetch `word`'s bucket (see
    /// [`Table::prefetch`](super::Table::prefetch)).
    #[inline]
    pub(super) fn prefetch(&self, word: u64) {
        if !self.takes(word) {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let at = self.buckets[self.place(word).0..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is only a hint, of an address in the table.
            #[allow(unused_unsafe)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(at);
            }
        }
    }

    /// What is known about `word`'s part.
    #[inline]
    pub(super) fn get(&self, word: u64) -> Option<Facts> {
        if !self.takes(word) {
            return None;
        }
        let (b, key) = self.place(word);
        let line = &self.buckets[b];
        let want = key << FACT_BITS;
        if want == 0 {
            // (The one key an empty slot would match.)
            let l = self.layout;
            return l
                .slots(line)
                .find(|&(_, s)| s != 0 && s >> FACT_BITS == key)
                .map(|(_, s)| unpack(s));
        }
        let hit = |&(_, s): &(usize, u64)| s & !FACTS == want;
        // Each layout a constant in its branch: the scan unrolled.
        let found = if self.layout == TEN {
            TEN.slots(line).find(hit)
        } else {
            EIGHT.slots(line).find(hit)
        };
        found.map(|(_, s)| unpack(s))
    }

    /// Whether one more entry should make it double first: when three in
    /// four slots are taken.
    pub(super) fn crowded(&self) -> bool {
        (self.entries + 1) * 4 > self.capacity() * 3
    }

    /// Records `facts` about `word`'s part (which it takes), merged with
    /// what it knew; a full bucket makes room as [`place`](super::place)
    /// says.
    pub(super) fn store(&mut self, word: u64, facts: Facts, work: u8) {
        // The layout's constants known to the compiler in each copy.
        if self.layout == TEN {
            self.store_in(TEN, word, facts, work);
        } else {
            self.store_in(EIGHT, word, facts, work);
        }
    }

    /// [`store`](Self::store) in a table of layout `l`.
    #[inline(always)]
    fn store_in(&mut self, l: Layout, word: u64, facts: Facts, work: u8) {
        debug_assert_eq!(l, self.layout);
        let (b, key) = self.place(word);
        let line = &mut self.buckets[b];
        let held = l
            .slots(line)
            .find(|&(_, s)| s != 0 && s >> FACT_BITS == key);
        if let Some((i, s)) = held {
            if let Some(f) = pack(unpack(s).with(facts), work.max(slot_work(s))) {
                l.set(line, i, key << FACT_BITS | f);
            }
            return;
        }
        let Some(f) = pack(facts, work) else {
            return;
        };
        let free = l.slots(line).find(|&(_, s)| s == 0);
        if let Some((i, _)) = free {
            l.set(line, i, key << FACT_BITS | f);
            self.entries += 1;
            return;
        }
        // Full: see `place`. (The key's low bits vary from entry to entry.)
        let work = work.min(WORK_MASK as u8);
        let at = match super::place(key as usize, l.ways, work, |i| {
            let s = l.get(line, i);
            (slot_work(s), s & EXACT != 0)
        }) {
            Place::Costly { at, down } => {
                let s = l.get(line, at);
                l.set(line, down, s);
                at
            }
            Place::Latest { at } => at,
        };
        l.set(line, at, key << FACT_BITS | f);
        self.replaced += 1;
    }

    /// Doubles the table in place (see the [module documentation](self)).
    /// The caller has reserved the bytes.
    pub(super) fn double(&mut self) {
        debug_assert!(self.rest > 0);
        let old = self.buckets.len();
        self.buckets.grow(2 * old);
        self.rest -= 1;
        let (was, l) = (self.layout, Layout::for_rest(self.rest));
        self.layout = l;
        let top = 1u64 << (self.rest + FACT_BITS);
        let low = (1u64 << (self.rest + FACT_BITS)) - 1;
        for b in (0..old).rev() {
            let from = std::mem::take(&mut self.buckets[b]);
            let (mut lo, mut hi) = (0, 0);
            for (_, s) in was.slots(&from).filter(|&(_, s)| s != 0) {
                // The top bit of the slot's key goes into the bucket number.
                if s & top == 0 {
                    l.set(&mut self.buckets[2 * b], lo, s & low);
                    lo += 1;
                } else {
                    l.set(&mut self.buckets[2 * b + 1], hi, s & low);
                    hi += 1;
                }
            }
        }
    }

    /// Whether it can double: a slot keeps at least one bit of key.
    pub(super) fn can_double(&self) -> bool {
        self.rest > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_set_without_touching_its_neighbours() {
        for l in [EIGHT, TEN] {
            let mut line = Bucket::default();
            let all = l.mask();
            for i in 0..l.ways {
                l.set(&mut line, i, all - i as u64);
            }
            l.set(&mut line, 3, 0);
            for i in 0..l.ways {
                let want = if i == 3 { 0 } else { all - i as u64 };
                assert_eq!(l.get(&line, i), want, "{l:?} slot {i}");
            }
        }
        // Ten slots of six bytes leave the line's last four bytes alone.
        let mut line = Bucket::default();
        (0..10).for_each(|i| TEN.set(&mut line, i, u64::MAX >> 16));
        assert_eq!(line.bytes()[60..], [0; 4]);
    }

    /// A table doubling from eight slots a bucket to ten keeps its entries.
    #[test]
    fn doubling_into_ten_slots_keeps_every_entry() {
        let width = 40;
        let mut t = Packed::default();
        // Keys of 32 bits and facts of 17 fit eight bytes, not six; with one
        // bit fewer they fit six.
        let buckets = 1 << (width - (TEN.bits() - FACT_BITS) - 1);
        t.widen(width, buckets);
        assert_eq!(t.layout, EIGHT);
        let words: Vec<u64> = (1..=(buckets * 6) as u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9) & ((1 << width) - 1))
            .collect();
        let value = |w: u64| w % 1000;
        for &w in &words {
            let exact = Facts {
                exact: Some(value(w)),
                not: 0,
            };
            t.store(w, exact, 1);
        }
        let before: Vec<_> = words.iter().map(|&w| t.get(w)).collect();
        let held = before.iter().filter(|f| f.is_some()).count();
        assert_eq!(held, t.entries());
        t.double();
        assert_eq!(t.layout, TEN);
        assert_eq!(t.capacity(), 2 * buckets * 10);
        for (&w, f) in words.iter().zip(&before) {
            assert_eq!(t.get(w), *f, "{w:#x}");
            if let Some(f) = f {
                assert_eq!(f.exact, Some(value(w)));
            }
        }
    }

    #[test]
    fn unmix_undoes_mix_at_every_width() {
        for width in (16..=64).step_by(8) {
            let m = u64::MAX >> (64 - width);
            let mut x = 0x0123_4567_89AB_CDEFu64;
            for _ in 0..1000 {
                x = x.rotate_left(17).wrapping_mul(0x2545_F491_4F6C_DD1D);
                let word = x & m;
                assert_eq!(unmix(mix(word, width), width), word, "{width}");
                assert!(mix(word, width) <= m);
            }
        }
    }
}
