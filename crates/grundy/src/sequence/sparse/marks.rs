//! The marks of a heap: a table of stamps, one a value, where `seen[v] ==
//! generation` says that `v` is the value of an option of the current heap
//! (a new generation clears the table at no cost), and the loops that stamp
//! the rare-pair options, of one heap or of a batch of [`AHEAD`] at once.

use super::VALUES;

/// While every value is below this, the marks of a heap are read as a bit
/// set (at most 16 words).
pub(super) const MARK_BITS: usize = 1024;

/// Heaps whose rare-pair marks are made in one pass over the rare heaps
/// (the current one and the next `AHEAD - 1`).
pub(in crate::sequence) const AHEAD: usize = 8;

/// The stamp tables of the current heap and of the next heaps of a batch,
/// with the generation that marks them.
#[derive(Debug)]
pub(super) struct Marks {
    /// `seen[v] == generation`: value `v` is an option of the current heap.
    pub(super) seen: Stamps,
    /// The stamp tables of the next heaps of the batch, swapped into `seen`
    /// in turn. One generation serves the whole batch: every stamp made
    /// before it is older (all tables are cleared when it wraps around),
    /// and one register for it leaves the stamp loop its table pointers.
    pub(super) spare: Vec<Stamps>,
    pub(super) generation: u32,
}

impl Marks {
    /// Fresh tables, all stamps 0.
    pub(super) fn new() -> Marks {
        Marks {
            seen: Stamps::new(0),
            spare: (1..AHEAD).map(Stamps::new).collect(),
            generation: 0,
        }
    }

    /// A new generation for the current heap (and a batch started with it).
    #[inline]
    pub(super) fn start(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for table in std::iter::once(&mut self.seen).chain(&mut self.spare) {
                table.iter_mut().for_each(|s| *s = 0);
            }
            self.generation = 1;
        }
    }

    /// Marks `v` as the value of an option of the current heap.
    #[inline]
    pub(super) fn mark(&mut self, v: u16) {
        self.seen[v as usize] = self.generation;
    }

    /// Whether `v` is marked for the current heap.
    #[inline]
    pub(super) fn marked(&self, v: usize) -> bool {
        self.seen[v] == self.generation
    }
}

/// A table of stamps, one a value (see [`Marks::seen`]).
///
/// The stamp loops write to the tables of all the heaps of a batch at once,
/// at indices that are values (mostly below 512). Tables that start at the
/// same offset in a 4 KiB page, as large allocations do, would send all
/// those stores to the same few sets of the first-level cache; so table `k`
/// starts `k` eighths of a page further.
#[derive(Debug)]
pub(super) struct Stamps {
    data: Box<[u32]>,
    offset: usize,
}

impl Stamps {
    /// Stamps a page holds.
    const PAGE: usize = 4096 / 4;

    /// The `k`-th table, all stamps 0.
    fn new(k: usize) -> Stamps {
        Stamps {
            data: vec![0; VALUES + Self::PAGE].into_boxed_slice(),
            offset: k * Self::PAGE / 8 % Self::PAGE,
        }
    }
}

impl std::ops::Deref for Stamps {
    type Target = [u32; VALUES];

    #[inline]
    fn deref(&self) -> &[u32; VALUES] {
        let at = &self.data[self.offset..self.offset + VALUES];
        at.try_into().expect("VALUES stamps")
    }
}

impl std::ops::DerefMut for Stamps {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u32; VALUES] {
        let at = &mut self.data[self.offset..self.offset + VALUES];
        at.try_into().expect("VALUES stamps")
    }
}

/// Stamps `seen[x ^ g[rest - r]] = gen` for the rare heaps `r` (ascending,
/// all in `1..rest`, every partner `rest - r` in `1..g.len()`) of values
/// `x`, in two passes over blocks: first the values (loads only), then the
/// stamps, so that no load waits behind a store to an address it cannot yet
/// tell apart.
#[inline]
pub(super) fn mark_rare(
    seen: &mut [u32; VALUES],
    generation: u32,
    g: &[u16],
    rest: usize,
    heaps: &[usize],
    vals: &[u16],
) {
    const BLOCK: usize = 256;
    assert!(vals.len() == heaps.len());
    // The heaps are ascending, so all lie in 1..rest, with partners below
    // g.len(), if the ends do.
    if let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) {
        assert!(first >= 1 && last < rest && rest - first < g.len());
    }
    if heaps.len() <= 16 {
        // Most calls, for heaps of a batch, stamp few or none: not worth
        // clearing the buffer.
        for (&r, &x) in heaps.iter().zip(vals) {
            seen[(x ^ g[rest - r]) as usize] = generation;
        }
        return;
    }
    let mut buf = [0u16; BLOCK];
    for (hs, xs) in heaps.chunks(BLOCK).zip(vals.chunks(BLOCK)) {
        for ((b, &r), &x) in buf.iter_mut().zip(hs).zip(xs) {
            // SAFETY: 1 <= r < rest and rest - r < g.len() (asserted above
            // for the ascending list), so rest - r is in 1..g.len().
            *b = x ^ unsafe { *g.get_unchecked(rest - r) };
        }
        for &v in &buf[..hs.len()] {
            seen[v as usize] = generation;
        }
    }
}

/// [`mark_rare_ahead`] for the splits `a + (base + j - a)` with `a` in
/// `lows` (every partner `base + j - a` in `0..g.len()`): the values of
/// the low heaps are read in place.
#[inline(never)]
pub(super) fn mark_low_ahead(
    tables: &mut [&mut [u32; VALUES]; AHEAD],
    generation: u32,
    g: &[u16],
    base: usize,
    lows: std::ops::Range<usize>,
) {
    if lows.is_empty() {
        return;
    }
    assert!(lows.end <= base + 1 && base - lows.start + AHEAD <= g.len());
    let [t0, t1, t2, t3, t4, t5, t6, t7] = tables;
    for a in lows {
        let p = base - a;
        // SAFETY: p + AHEAD <= g.len(), asserted above for the lowest a.
        let (lo, hi) = unsafe {
            let at = g.as_ptr().add(p) as *const u64;
            (at.read_unaligned(), at.add(1).read_unaligned())
        };
        let x = g[a] as u64 * 0x0001_0001_0001_0001;
        let (w, v) = (lo ^ x, hi ^ x);
        t0[(w >> lane(0)) as u16 as usize] = generation;
        t1[(w >> lane(1)) as u16 as usize] = generation;
        t2[(w >> lane(2)) as u16 as usize] = generation;
        t3[(w >> lane(3)) as u16 as usize] = generation;
        t4[(v >> lane(0)) as u16 as usize] = generation;
        t5[(v >> lane(1)) as u16 as usize] = generation;
        t6[(v >> lane(2)) as u16 as usize] = generation;
        t7[(v >> lane(3)) as u16 as usize] = generation;
    }
}

/// The bit offset of lane `j < 4` in a word read from the four adjacent
/// values `g[p..p + 4]`: the lane of the partner `g[p + j]`.
#[inline]
const fn lane(j: usize) -> usize {
    if cfg!(target_endian = "little") {
        16 * j
    } else {
        48 - 16 * j
    }
}

/// [`mark_rare`] for the heaps `n + j`, `j < AHEAD`, at once: stamps
/// `tables[j][x ^ g[base + j - r]] = gen` for the rare heaps `r`
/// (ascending, every partner `base + j - r` in `0..g.len()`) of values `x`,
/// where `base = n - k`. The partners of one `r` are adjacent, so one pass
/// over the rare heaps serves all `AHEAD` heaps.
///
/// One pass, the lanes taken from a register by shifts: the loop is bound
/// by memory operations (two a cycle on some cores, one of them a store),
/// and a buffer between loads and stamps costs two more per rare heap than
/// it saves. Not inlined: in the caller's register pressure the table
/// pointers would be reloaded from the stack for every rare heap.
#[inline(never)]
pub(super) fn mark_rare_ahead(
    tables: &mut [&mut [u32; VALUES]; AHEAD],
    generation: u32,
    g: &[u16],
    base: usize,
    heaps: &[usize],
    vals: &[u16],
) {
    assert!(vals.len() == heaps.len());
    // Ascending heaps: all partners base - r .. base - r + AHEAD lie in
    // 0..g.len() if those of the first and last heaps do.
    if let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) {
        assert!(last <= base && base - first + AHEAD <= g.len());
    }
    // The AHEAD partners of a rare heap are read as two words and xored
    // with its value copied into every lane.
    const _: () = assert!(AHEAD * 16 == 128);
    let [t0, t1, t2, t3, t4, t5, t6, t7] = tables;
    for (&r, &x) in heaps.iter().zip(vals) {
        let p = base - r;
        // SAFETY: p + AHEAD <= g.len(), asserted above for every heap of
        // the ascending list.
        let (lo, hi) = unsafe {
            let at = g.as_ptr().add(p) as *const u64;
            (at.read_unaligned(), at.add(1).read_unaligned())
        };
        let x = x as u64 * 0x0001_0001_0001_0001;
        let (w, v) = (lo ^ x, hi ^ x);
        // Each index is a 16-bit lane, within the tables without a check.
        t0[(w >> lane(0)) as u16 as usize] = generation;
        t1[(w >> lane(1)) as u16 as usize] = generation;
        t2[(w >> lane(2)) as u16 as usize] = generation;
        t3[(w >> lane(3)) as u16 as usize] = generation;
        t4[(v >> lane(0)) as u16 as usize] = generation;
        t5[(v >> lane(1)) as u16 as usize] = generation;
        t6[(v >> lane(2)) as u16 as usize] = generation;
        t7[(v >> lane(3)) as u16 as usize] = generation;
    }
}
