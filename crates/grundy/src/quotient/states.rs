//! The set of states seen by a breadth-first search whose states are
//! fixed-width rows of numbers kept in one arena (the proof's search in
//! [`verify`](super::verify) and the look-ahead's in
//! [`lookahead`](super::lookahead)).

use super::hash;

/// The most memory, in bytes, that one search's states (the proof's, the
/// look-ahead's) and the look-ahead's multiplication table may each take.
/// A search can be allowed tens of millions of states, each several words
/// wide, so a bound on states alone would let a large candidate exhaust
/// the machine's memory.
pub(crate) const MEMORY: usize = 4 << 30;

/// An open-addressing table of state numbers whose keys live in the
/// search's arena (`width` numbers each, state `i` at `i * width`): no key
/// is copied or allocated, and a lookup hashes once. Each slot keeps the
/// low 32 bits of its key's hash beside the state number, so that a probe
/// reads a key from the arena only when those bits match, and growing the
/// table reads no key at all.
pub(crate) struct StateSet {
    width: usize,
    /// `hash << 32 | (state number + 1)` (the hash's low 32 bits), or 0 for
    /// an empty slot; the length is a power of 2, at most 2^32.
    slots: Vec<u64>,
    len: usize,
}

impl StateSet {
    pub(crate) fn new(width: usize) -> StateSet {
        StateSet {
            width,
            slots: vec![0; 1024],
            len: 0,
        }
    }

    /// The bytes the table takes per state, at most (it doubles when half
    /// full): for memory bounds.
    pub(crate) const BYTES_PER_STATE: usize = 4 * std::mem::size_of::<u64>();

    /// FNV-1a over the numbers, finalised (see [`hash`](super::hash)): its
    /// low 32 bits.
    fn hash<T: Copy + Into<u64>>(key: &[T]) -> u64 {
        let h = key.iter().fold(hash::OFFSET, |h, &x| {
            (h ^ x.into()).wrapping_mul(hash::PRIME)
        });
        hash::finalise(h) & 0xffff_ffff
    }

    fn key<'a, T>(&self, arena: &'a [T], id: u32) -> &'a [T] {
        let at = id as usize * self.width;
        &arena[at..at + self.width]
    }

    /// The number of the state whose key is `key`, if it is in the set.
    pub(crate) fn get<T: Copy + Into<u64> + PartialEq>(
        &self,
        arena: &[T],
        key: &[T],
    ) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let h = Self::hash(key);
        let mut i = h as usize & mask;
        loop {
            match self.slots[i] {
                0 => return None,
                // An element-wise loop: the keys are short, and a call to
                // memcmp for each probe cost more than the comparison.
                s if s >> 32 == h && same(self.key(arena, id_of(s)), key) => return Some(id_of(s)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds state `id`, whose key is already in the arena and not yet in the
    /// set.
    pub(crate) fn insert<T: Copy + Into<u64>>(&mut self, arena: &[T], id: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            let grown = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, grown);
            for s in old.into_iter().filter(|&s| s != 0) {
                self.place(s);
            }
        }
        let h = Self::hash(self.key(arena, id));
        self.place(h << 32 | (u64::from(id) + 1));
        self.len += 1;
    }

    fn place(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut i = (slot >> 32) as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
    }
}

/// The state number of a non-empty slot.
fn id_of(slot: u64) -> u32 {
    (slot & 0xffff_ffff) as u32 - 1
}

fn same<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_states_inserted_across_growth() {
        // Rows of width 3 over u64, enough to make the table double a few
        // times; keys differ in one coordinate only, so probing is tested.
        let width = 3;
        let mut arena: Vec<u64> = Vec::new();
        let mut set = StateSet::new(width);
        for i in 0..5000u64 {
            let row = [i % 7, i, u64::MAX - i];
            assert_eq!(set.get(&arena, &row), None);
            arena.extend_from_slice(&row);
            set.insert(&arena, i as u32);
        }
        for i in 0..5000u64 {
            assert_eq!(set.get(&arena, &[i % 7, i, u64::MAX - i]), Some(i as u32));
        }
        assert_eq!(set.get(&arena, &[0, 1, 2]), None);
    }
}
