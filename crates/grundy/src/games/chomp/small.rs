//! Chomp bars in one word ([`SmallBar`]) and the rules of the search
//! engine over them ([`SmallChompRules`]): no allocation per option, a
//! transpose in a few instructions, and table slots of six or eight bytes.
//!
//! A bar is written as the path along its boundary, from its bottom-right
//! corner to its top-left one: for each row from the poisoned one up, a step
//! up (bit 1), then one step left (bit 0) for each square the row is longer
//! than the row above it (the top row: its whole length). A bar of `k` rows
//! whose first row holds `n` squares is a path of `k + n` steps; the word is
//! a 1 (marking where the path starts) followed by the steps, the first
//! step the highest bit. Turning the bar over its diagonal walks the same
//! boundary the other way with up and left exchanged: the path reversed and
//! its bits flipped.

use super::{cuts, l_value, ChompRules};
use crate::error::Result;
use crate::nimber::Nimber;
use crate::search::{Options, Rules};

/// The most steps of a bar's path in one word: rows plus the first row's
/// squares.
pub const SMALL_BAR_STEPS: usize = 63;

/// A bar (row lengths from the poisoned row up) in one word: the steps of
/// its boundary path, as the source of this module explains. Two bars are
/// equal exactly when their words are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SmallBar(u64);

impl SmallBar {
    /// The bar of these rows (non-empty, non-increasing, none 0) when its
    /// rows and first row's squares are at most [`SMALL_BAR_STEPS`].
    pub fn of(rows: &[u8]) -> Option<SmallBar> {
        let first = *rows.first()? as usize;
        (rows.len() + first <= SMALL_BAR_STEPS).then(|| encode(rows))
    }

    /// The bar or its transpose, whichever word is less: the form the
    /// search knows a bar by.
    #[inline]
    pub fn canonical(self) -> SmallBar {
        self.min(self.transposed())
    }

    /// The bar turned over its diagonal.
    #[inline]
    pub fn transposed(self) -> SmallBar {
        let steps = 63 - self.0.leading_zeros();
        let path = self.0 & ((1 << steps) - 1);
        let back = path.reverse_bits() >> (64 - steps);
        SmallBar(1 << steps | (!back & ((1 << steps) - 1)))
    }

    /// Its squares, the poison included: each step left is one square of
    /// every row whose step up comes before it on the path.
    #[inline]
    pub fn squares(self) -> u64 {
        let steps = 63 - self.0.leading_zeros();
        let path = self.0 & ((1 << steps) - 1);
        let mut left = !path & ((1 << steps) - 1);
        let mut squares = 0;
        while left != 0 {
            squares += u64::from((path >> left.trailing_zeros()).count_ones());
            left &= left - 1;
        }
        squares
    }

    /// Its value when it is an L, from theory (see [`l_value`]): a bar of
    /// `k` rows and `n` squares in the first row has at least `n + k - 1`
    /// squares, exactly when it is an L.
    #[inline]
    pub fn l_value(self) -> Option<Nimber> {
        let steps = 63 - self.0.leading_zeros();
        let k = u64::from(self.0.count_ones() - 1);
        let n = u64::from(steps) - k;
        (self.squares() == n + k - 1).then_some((n - 1) ^ (k - 1))
    }

    /// Its row lengths from the poisoned row up, into `rows`; returns how
    /// many.
    #[inline]
    pub fn rows(self, rows: &mut [u8; SMALL_BAR_STEPS]) -> usize {
        // Read from the path's end: squares counted left to right, and at
        // each step up a row, the top row first.
        let steps = 63 - self.0.leading_zeros();
        let (mut k, mut len) = (0, 0u8);
        for i in 0..steps {
            if self.0 >> i & 1 == 1 {
                rows[k] = len;
                k += 1;
            } else {
                len += 1;
            }
        }
        rows[..k].reverse();
        k
    }
}

/// The word of rows (non-empty, non-increasing, none 0, fitting).
#[inline]
fn encode(rows: &[u8]) -> SmallBar {
    let mut word = 1u64;
    for (i, &len) in rows.iter().enumerate() {
        let above = rows.get(i + 1).copied().unwrap_or(0);
        word = (word << 1 | 1) << (len - above);
    }
    SmallBar(word)
}

/// Chomp for the [search engine](crate::search) over [`SmallBar`]s: the
/// same game as [`ChompRules`], for bars of at most [`SMALL_BAR_STEPS`]
/// rows plus squares in the first row.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallChompRules;

impl Rules for SmallChompRules {
    type Part = SmallBar;

    fn options(&self, bar: &SmallBar, out: &mut Options<SmallBar>) -> Result<()> {
        let mut rows = [0u8; SMALL_BAR_STEPS];
        let k = bar.rows(&mut rows);
        cuts(&rows[..k], &mut |left| {
            match l_value(left) {
                Some(v) => out.push_nimber(v),
                None => out.push_part(encode(left).canonical()),
            }
            out.close();
        });
        Ok(())
    }

    fn size(&self, bar: &SmallBar) -> u64 {
        bar.squares()
    }

    /// A bar has one option per square but the poisoned one.
    fn bound(&self, bar: &SmallBar) -> Option<Nimber> {
        Some(self.size(bar).saturating_sub(1))
    }

    fn known(&self, bar: &SmallBar) -> Result<Option<Nimber>> {
        Ok(bar.l_value())
    }

    /// Every move takes a square.
    fn finite(&self) -> bool {
        true
    }

    /// Bars do not split and their nimbers are large: each option's nimber
    /// is found once (see [`Rules::prune`]).
    fn prune(&self) -> bool {
        false
    }

    /// The word itself; an option fits the bar's box, so its path is no
    /// longer.
    fn word(&self, bar: &SmallBar) -> Option<u64> {
        Some(bar.0)
    }

    fn written(&self, bar: &SmallBar) -> String {
        let mut rows = [0u8; SMALL_BAR_STEPS];
        let k = bar.rows(&mut rows);
        ChompRules.written(&rows[..k].to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{canonical, options, transposed};
    use super::*;

    /// Every bar of at most 6 rows of at most 6 squares.
    fn bars() -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        let mut grow = vec![vec![]];
        while let Some(rows) = grow.pop() {
            let top = rows.last().copied().unwrap_or(6);
            if rows.len() < 6 {
                for len in 1..=top {
                    let mut next = rows.clone();
                    next.push(len);
                    grow.push(next);
                }
            }
            if !rows.is_empty() {
                all.push(rows);
            }
        }
        all
    }

    #[test]
    fn words_are_the_bars_and_turn_as_they_do() {
        let all = bars();
        let mut seen = std::collections::HashSet::new();
        for rows in &all {
            let bar = SmallBar::of(rows).unwrap();
            assert!(seen.insert(bar), "one word per bar");
            let mut back = [0u8; SMALL_BAR_STEPS];
            let k = bar.rows(&mut back);
            assert_eq!(&back[..k], &rows[..]);
            assert_eq!(bar.transposed(), SmallBar::of(&transposed(rows)).unwrap());
            assert_eq!(bar.transposed().transposed(), bar);
            assert_eq!(
                bar.canonical(),
                SmallBar::of(&canonical(rows)).unwrap().canonical()
            );
            let squares: u64 = rows.iter().map(|&r| u64::from(r)).sum();
            assert_eq!(bar.squares(), squares);
            assert_eq!(bar.l_value(), l_value(rows), "{rows:?}");
        }
        assert!(all.len() > 900);
        // The widest bar that fits, and one step more.
        assert!(SmallBar::of(&[32; 31]).is_some());
        assert!(SmallBar::of(&[32; 32]).is_none());
        assert!(SmallBar::of(&[]).is_none());
    }

    /// The options are those of the bars' own listing, bar for bar.
    #[test]
    fn options_agree_with_the_bars() {
        for rows in bars() {
            let bar = SmallBar::of(&rows).unwrap();
            let mut small = Options::new();
            SmallChompRules.options(&bar, &mut small).unwrap();
            let mut got: Vec<(Vec<SmallBar>, Nimber)> = (0..small.len())
                .map(|i| (small.get(i).to_vec(), small.nimber(i)))
                .collect();
            let mut want = Vec::new();
            options(&rows, &mut |left| match l_value(left) {
                Some(v) => want.push((vec![], v)),
                None => want.push((vec![SmallBar::of(left).unwrap().canonical()], 0)),
            });
            got.sort();
            want.sort();
            assert_eq!(got, want, "{rows:?}");
        }
    }
}
