//! The hunt: the last few rare values a heap's proof scan still wants are
//! looked for directly, among the splits into a heap of a frequent common
//! value and one of the value that pairs with it.

use super::{Sparse, VALUES};

/// The hunt tries partner values among this many most frequent common
/// values…
const HUNT_VALUES: usize = 12;

/// …checking at most this many heaps of each before giving up on a value.
const HUNT_BUDGET: usize = 16;

/// The hunt runs only when at most this many values are still wanted.
pub(super) const HUNT_MAX: usize = 8;

/// What the hunt looks at: the first heaps of each value, the most frequent
/// common values, and the partner that last found each value.
#[derive(Debug)]
pub(super) struct Hunt {
    /// `by_value[x]`: the first heaps `≥ 1` of value `x`, ascending (the
    /// first `by_value_len[x]` entries; at most the hunt's budget, all it
    /// looks at, in one cache line). Heaps from 2^32 on are not listed.
    pub(super) by_value: Vec<[u32; HUNT_BUDGET]>,
    pub(super) by_value_len: Vec<u8>,
    /// The most frequent common values, most frequent first.
    pub(super) frequent: Vec<u16>,
    /// `last[v]`: the partner value that last found `v` in the hunt, tried
    /// first next time (0 for none: 0 is never common).
    pub(super) last: Vec<u16>,
}

impl Hunt {
    /// Nothing listed yet.
    pub(super) fn new() -> Hunt {
        Hunt {
            by_value: Vec::new(),
            by_value_len: Vec::new(),
            frequent: Vec::new(),
            last: vec![0; VALUES],
        }
    }
}

impl Sparse {
    /// Lists the most frequent common values (the hunt's partners).
    pub(super) fn rank_frequent(&mut self) {
        let counts = self.hist.counts();
        let mut common: Vec<u16> = (0..counts.len())
            .filter(|&v| !self.mask.rare[v] && counts[v] > 0)
            .map(|v| v as u16)
            .collect();
        common.sort_by_key(|&v| std::cmp::Reverse(counts[v as usize]));
        common.truncate(HUNT_VALUES);
        self.hunt.frequent = common;
    }

    /// Lists heap `h` (of value `v`) by value, if it is among the first of
    /// its value (heaps are listed in ascending order).
    #[inline]
    pub(super) fn index(&mut self, h: usize, v: u16) {
        let v = v as usize;
        // (Heaps from 2^32 on are left out: the list stays 4 bytes a heap,
        // and the hunt is a shortcut, never needed.)
        let Some(h) = u32::try_from(h).ok().filter(|&h| h != 0) else {
            return;
        };
        if v >= self.hunt.by_value.len() {
            self.hunt.by_value.resize(v + 1, [0; HUNT_BUDGET]);
            self.hunt.by_value_len.resize(v + 1, 0);
        }
        let len = self.hunt.by_value_len[v] as usize;
        if len < HUNT_BUDGET {
            self.hunt.by_value[v][len] = h;
            self.hunt.by_value_len[v] += 1;
        }
    }

    /// Looks for each wanted value `v` directly: for a frequent common value
    /// `y`, the heaps `a` of value `x = y ⊕ v` (common too) are checked for
    /// a partner `rest - a` of value `y`. A check succeeds with probability
    /// about the frequency of `y`, far more than a pair of the ordered scan
    /// yields a value that is hard to find. Finding a value proves it is an
    /// option; failing to find it proves nothing (the ordered scan goes on).
    pub(super) fn hunt_wanted(&mut self, g: &[u16], n: usize, remaining: &mut usize) {
        let mut wanted = [0u16; HUNT_MAX];
        let mut count = 0;
        if self.want.small {
            // The same values, ascending, from the bit set.
            'bytes: for (i, &byte) in self.want.bits.iter().enumerate() {
                let mut b = byte;
                while b != 0 {
                    if count == HUNT_MAX {
                        break 'bytes;
                    }
                    wanted[count] = (i * 8 + b.trailing_zeros() as usize) as u16;
                    count += 1;
                    b &= b - 1;
                }
            }
        } else {
            for v in self.want.range.clone() {
                if self.want.bytes[v] != 0 && count < HUNT_MAX {
                    wanted[count] = v as u16;
                    count += 1;
                }
            }
        }
        for &v in &wanted[..count] {
            if self.hunt_one(g, n, v) {
                self.want.take(v);
                *remaining -= 1;
            }
        }
    }

    /// Whether a split of heap `n` into heaps of values `x` and `x ⊕ v` (a
    /// frequent one) is found within the hunt's budget.
    pub(super) fn hunt_one(&mut self, g: &[u16], n: usize, v: u16) -> bool {
        // (The test for heaps no longer kept only where there are some: it
        // would cost 2 % of all the time on `0.6`.)
        if self.dropped.is_empty() {
            self.hunt_in::<false>(g, n, v)
        } else {
            self.hunt_in::<true>(g, n, v)
        }
    }

    /// [`Self::hunt_one`], skipping the heaps no longer kept if `WINDOW`.
    fn hunt_in<const WINDOW: bool>(&mut self, g: &[u16], n: usize, v: u16) -> bool {
        let last = self.hunt.last[v as usize];
        let first = (last != 0).then_some(last);
        for y in first.into_iter().chain(self.hunt.frequent.iter().copied()) {
            let x = (y ^ v) as usize;
            let Some(&len) = self.hunt.by_value_len.get(x) else {
                continue;
            };
            let heaps = self.hunt.by_value[x];
            for &k in &self.moves.splits {
                let Some(rest) = n.checked_sub(k) else {
                    continue;
                };
                for &a in &heaps[..len as usize] {
                    let a = a as usize;
                    // Heaps are ascending: past here `rest - a` would be empty.
                    if a >= rest {
                        break;
                    }
                    self.work.examined += 1;
                    let b = rest - a;
                    // (Heaps not known yet, see `compute_ahead`, are skipped.)
                    // (Nor are heaps no longer kept, in window mode.)
                    if !(WINDOW && self.dropped.contains(&b))
                        && g.get(b) == Some(&y)
                        && !(self.moves.strict && a == b)
                    {
                        self.hunt.last[v as usize] = y;
                        return true;
                    }
                }
            }
        }
        false
    }
}
