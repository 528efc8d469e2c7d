//! Keys hashed once, for memo tables of long keys.
//!
//! A search remembers positions by their keys, and a coin board's key holds
//! thousands of words. A hash table computes the hash of each key it holds
//! again every time it grows: at a million such keys that one growth takes a
//! good part of a second, in which the search cannot look at its clock. A
//! [`Hashed`] key carries the hash computed when it was made, and a
//! [`HashedMap`] or [`HashedSet`] uses it as it is, so a growth only moves
//! entries.
//!
//! ```
//! use grundy::hashed::{Hashed, HashedSet};
//! let mut seen: HashedSet<Vec<u64>> = HashedSet::default();
//! seen.insert(Hashed::new(vec![1, 2, 3]));
//! assert!(seen.contains(&Hashed::new(vec![1, 2, 3])));
//! assert!(!seen.contains(&Hashed::new(vec![3, 2, 1])));
//! ```

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxBuildHasher;

/// A key with its hash, computed once (see the [module
/// documentation](self)). Equal keys have equal hashes; keys are compared
/// whole when their hashes agree.
#[derive(Clone, Debug)]
pub struct Hashed<K> {
    hash: u64,
    key: K,
}

impl<K: Hash> Hashed<K> {
    /// `key` with its hash.
    pub fn new(key: K) -> Hashed<K> {
        Hashed {
            hash: FxBuildHasher.hash_one(&key),
            key,
        }
    }
}

impl<K> Hashed<K> {
    /// The key.
    pub fn key(&self) -> &K {
        &self.key
    }

    /// The key, given back.
    pub fn into_key(self) -> K {
        self.key
    }
}

impl<K: PartialEq> PartialEq for Hashed<K> {
    fn eq(&self, other: &Hashed<K>) -> bool {
        self.hash == other.hash && self.key == other.key
    }
}

impl<K: Eq> Eq for Hashed<K> {}

impl<K> Hash for Hashed<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A hasher that passes on the one `u64` a [`Hashed`] key writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct PassHasher(u64);

impl Hasher for PassHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is meant; anything else is still hashed, slowly.
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// How [`HashedMap`] and [`HashedSet`] hash: by the hash the key carries.
pub type PassBuildHasher = BuildHasherDefault<PassHasher>;

/// A map of [`Hashed`] keys.
pub type HashedMap<K, V> = HashMap<Hashed<K>, V, PassBuildHasher>;

/// A set of [`Hashed`] keys.
pub type HashedSet<K> = HashSet<Hashed<K>, PassBuildHasher>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_meet_and_different_ones_do_not() {
        let mut m: HashedMap<(String, Vec<u64>), u32> = HashedMap::default();
        for n in 0..10_000u64 {
            m.insert(
                Hashed::new((format!("k{}", n % 7), vec![n, n / 3])),
                n as u32,
            );
        }
        assert_eq!(m.len(), 10_000);
        assert_eq!(
            m.get(&Hashed::new(("k3".to_string(), vec![10, 3]))),
            Some(&10)
        );
        assert_eq!(m.get(&Hashed::new(("k4".to_string(), vec![10, 3]))), None);
    }
}
