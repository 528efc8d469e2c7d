//! The heaps of rare value, as the sparse engine walks them.
//!
//! Every split of a heap with one rare part is looked at for every heap
//! (see [`sparse`](super::sparse)), so this list is walked millions of
//! times: it is kept ascending (the walks stop at a bound), with the values
//! alongside (read in order, not gathered), and split in two:
//!
//! * the **stamped** heaps, the first few heaps of each value (a quota the
//!   engine tunes, [`STAMPED_PER_VALUE`] to start), whose splits stamp
//!   their xor as an option (a store each);
//! * the **checked** heaps, all others, whose splits are only compared with
//!   a few candidate values of each heap (see
//!   [`pairs::meets_ahead`](super::pairs::meets_ahead)), several heaps and
//!   candidates a vector instruction.
//!
//! The stamped splits mark most common values that are options (a split
//! `r + p` with `r` rare is one for about as many common values as `r`'s
//! value pairs with, so a few heaps of each value reach nearly all), and
//! the least common value they leave unmarked is nearly always the first
//! that no split reaches at all: the checks find out which, at a fraction
//! of a stamp's cost.

/// Heaps of each rare value in the stamped list, to start with (the engine
/// tunes it, see [`RareHeaps::set_quota`]).
///
/// On `0.6` (1583 rare heaps, 116 rare values), 6 a value stamp 569 heaps,
/// and the least common value not among their xors is one of the first 8
/// unmarked ones in about 97 % of heaps (8 a value: 99 %); on `0.172`
/// (2351 rare heaps) 6 a value leave 15 % of heaps to stamp every pair
/// after all, 14 a value 1.5 %.
pub(super) const STAMPED_PER_VALUE: u8 = 6;

/// The heaps `≥ 1` of rare value, ascending, split into stamped and checked
/// heaps (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RareHeaps {
    /// Every heap.
    pub heaps: Vec<usize>,
    /// `values[i]` is the value of `heaps[i]`.
    pub values: Vec<u16>,
    /// The first `quota` heaps of each value.
    pub stamped: Vec<usize>,
    pub stamped_values: Vec<u16>,
    /// The others…
    pub checked: Vec<usize>,
    pub checked_values: Vec<u16>,
    /// …with the value copied into each 16-bit lane of a word.
    pub checked_lanes: Vec<u64>,
    /// Stamped heaps of each value.
    per_value: Vec<u8>,
    /// Heaps stamped per value.
    quota: u8,
}

impl Default for RareHeaps {
    fn default() -> RareHeaps {
        RareHeaps::with_quota(STAMPED_PER_VALUE)
    }
}

impl RareHeaps {
    /// An empty list stamping `quota` heaps of each value (tests try other
    /// quotas than [`STAMPED_PER_VALUE`]).
    pub fn with_quota(quota: u8) -> RareHeaps {
        RareHeaps {
            heaps: Vec::new(),
            values: Vec::new(),
            stamped: Vec::new(),
            stamped_values: Vec::new(),
            checked: Vec::new(),
            checked_values: Vec::new(),
            checked_lanes: Vec::new(),
            per_value: Vec::new(),
            quota,
        }
    }

    /// Appends heap `h` of rare value `v` (above every heap listed).
    pub fn push(&mut self, h: usize, v: u16) {
        debug_assert!(self.heaps.last().is_none_or(|&l| l < h));
        self.heaps.push(h);
        self.values.push(v);
        let value = v as usize;
        if value >= self.per_value.len() {
            self.per_value.resize(value + 1, 0);
        }
        if self.per_value[value] < self.quota {
            self.per_value[value] += 1;
            self.stamped.push(h);
            self.stamped_values.push(v);
        } else {
            self.checked.push(h);
            self.checked_values.push(v);
            self.checked_lanes.push(v as u64 * 0x0001_0001_0001_0001);
        }
    }

    /// Heaps stamped per value.
    pub fn quota(&self) -> u8 {
        self.quota
    }

    /// Splits the heaps again with `quota` heaps of each value stamped.
    pub fn set_quota(&mut self, quota: u8) {
        let (heaps, values) = (
            std::mem::take(&mut self.heaps),
            std::mem::take(&mut self.values),
        );
        *self = RareHeaps::with_quota(quota);
        for (h, v) in heaps.into_iter().zip(values) {
            self.push(h, v);
        }
    }

    /// Empties the list (keeping the quota).
    pub fn clear(&mut self) {
        *self = RareHeaps::with_quota(self.quota);
    }

    /// How many heaps are listed.
    pub fn len(&self) -> usize {
        self.heaps.len()
    }
}

/// How many of the ascending `heaps` are below `h`, looking from the front:
/// a few steps when few are (as for the first heap whose partner is
/// known, usually heap 1), a binary search otherwise.
#[inline]
pub(super) fn below_front(heaps: &[usize], h: usize) -> usize {
    const PROBE: usize = 8;
    match heaps.iter().take(PROBE).position(|&r| r >= h) {
        Some(i) => i,
        None => {
            PROBE.min(heaps.len()) + heaps[PROBE.min(heaps.len())..].partition_point(|&r| r < h)
        }
    }
}

/// How many of the ascending `heaps` are below `h`, looking from the back:
/// a few steps when few are not (as for the heaps below the current one
/// less a splitting digit), a binary search otherwise.
#[inline]
pub(super) fn below_back(heaps: &[usize], h: usize) -> usize {
    const PROBE: usize = 8;
    let tail = heaps.len().saturating_sub(PROBE);
    match heaps[tail..].iter().rposition(|&r| r < h) {
        Some(i) => tail + i + 1,
        None => heaps[..tail].partition_point(|&r| r < h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_heaps_of_each_value_are_stamped_the_rest_checked() {
        let mut list = RareHeaps::default();
        for h in 1..=40 {
            list.push(h, (h % 3) as u16);
        }
        assert_eq!(list.len(), 40);
        let quota = STAMPED_PER_VALUE as usize;
        assert_eq!(list.stamped.len(), 3 * quota);
        // Ascending, each value's first heaps.
        assert_eq!(list.stamped, (1..=3 * quota).collect::<Vec<_>>());
        assert_eq!(list.checked, (3 * quota + 1..=40).collect::<Vec<_>>());
        for (&h, (&v, &lanes)) in list
            .checked
            .iter()
            .zip(list.checked_values.iter().zip(&list.checked_lanes))
        {
            assert_eq!(v, (h % 3) as u16);
            assert_eq!(lanes, v as u64 * 0x0001_0001_0001_0001);
        }
        list.clear();
        assert_eq!(list, RareHeaps::default());
        let mut list = RareHeaps::with_quota(1);
        (1..=10).for_each(|h| list.push(h, 5));
        assert_eq!((&list.stamped[..], list.checked.len()), (&[1][..], 9));
        list.set_quota(3);
        assert_eq!((&list.stamped[..], list.checked.len()), (&[1, 2, 3][..], 7));
        assert_eq!(list.heaps, (1..=10).collect::<Vec<_>>());
    }
}
