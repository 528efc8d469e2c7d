//! Scans over the xors of split pairs, the inner loops of the sparse engine.
//!
//! A heap of `rest` tokens splits into `a + (rest - a)`; for `a` in a range,
//! the low heaps `g[a]` ascend in memory while their partners `g[rest - a]`
//! descend. Each scan takes the two slices `low` and `high` with `low[i]`
//! paired with `high[high.len() - 1 - i]`.
//!
//! Every scan has a portable version and, on x86-64 with AVX2 (detected at
//! run time), a vector version that returns exactly the same result: the
//! vector code only finds *where* to look, and the answer is always read by
//! the portable code from the same pairs. Callers pick the path with a flag,
//! so tests run both on the same input.

/// A set of values below 512, one bit each: bit `v & 7` of byte `v >> 3`.
pub type Bits512 = [u8; 64];

/// Whether `v` is in `bits` (never for `v ≥ 512`).
#[inline]
pub fn contains(bits: &Bits512, v: u16) -> bool {
    let v = v as usize;
    v < 512 && bits[v >> 3] >> (v & 7) & 1 != 0
}

/// Whether the AVX2 kernels can run on this machine.
pub fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Scans the pairs `low[i] ^ high[len - 1 - i]` in order of `i` (with
/// `len = low.len() == high.len()`): a pair whose value is in `bits` removes
/// it from `bits`, is reported to `taken`, and counts down `remaining`.
/// Returns `i + 1` for the pair that brings `remaining` to zero, or `None`
/// when the pairs run out first. `simd` asks for the AVX2 kernel, used only
/// if [`simd_available`]; both give the same result and the same calls.
#[inline]
pub fn take_hits(
    low: &[u16],
    high: &[u16],
    bits: &mut Bits512,
    remaining: &mut usize,
    simd: bool,
    mut taken: impl FnMut(u16),
) -> Option<usize> {
    assert_eq!(low.len(), high.len());
    if *remaining == 0 {
        return Some(0);
    }
    #[cfg(target_arch = "x86_64")]
    if simd && simd_available() {
        // Only the quarters of the bit set (128 values each) up to the last
        // one holding a value are looked up: values above it test as absent
        // all the same.
        let last = bits.iter().rposition(|&b| b != 0).unwrap_or(0) / 16;
        // SAFETY: AVX2 is available (checked just above).
        return unsafe {
            match last {
                0 => avx2::take_hits::<1>(low, high, bits, remaining, &mut taken),
                1 => avx2::take_hits::<2>(low, high, bits, remaining, &mut taken),
                2 => avx2::take_hits::<3>(low, high, bits, remaining, &mut taken),
                _ => avx2::take_hits::<4>(low, high, bits, remaining, &mut taken),
            }
        };
    }
    let _ = simd;
    take_hits_portable(low, high, bits, remaining, &mut taken, 0..low.len())
}

/// Looks at the pair `i`, as [`take_hits`] describes; true when it brings
/// `remaining` to zero.
#[inline]
fn take_pair(
    low: &[u16],
    high: &[u16],
    bits: &mut Bits512,
    remaining: &mut usize,
    taken: &mut impl FnMut(u16),
    i: usize,
) -> bool {
    let v = low[i] ^ high[low.len() - 1 - i];
    if !contains(bits, v) {
        return false;
    }
    bits[v as usize >> 3] &= !(1 << (v & 7));
    taken(v);
    *remaining -= 1;
    *remaining == 0
}

/// [`take_hits`] over `range`, without vector instructions.
#[inline]
fn take_hits_portable(
    low: &[u16],
    high: &[u16],
    bits: &mut Bits512,
    remaining: &mut usize,
    taken: &mut impl FnMut(u16),
    range: std::ops::Range<usize>,
) -> Option<usize> {
    for i in range {
        if take_pair(low, high, bits, remaining, taken, i) {
            return Some(i + 1);
        }
    }
    None
}

/// The set of values `low[i] ^ high[len - 1 - i]`, as a bit set, when every
/// value is below `bound ≤ 128` (the caller knows one: the xor of values
/// below `2^b` is below `2^b`; values at or above 128 are left out).
/// `simd` as in [`take_hits`].
#[inline]
pub fn marks_below_128(low: &[u16], high: &[u16], bound: usize, simd: bool) -> u128 {
    assert_eq!(low.len(), high.len());
    assert!(bound <= 128);
    #[cfg(target_arch = "x86_64")]
    if simd && simd_available() {
        // SAFETY: AVX2 is available (checked just above); one 32-bit
        // accumulator per 32 values below the bound.
        return unsafe {
            match bound {
                0..=32 => avx2::marks::<1>(low, high),
                33..=64 => avx2::marks::<2>(low, high),
                65..=96 => avx2::marks::<3>(low, high),
                _ => avx2::marks::<4>(low, high),
            }
        };
    }
    let _ = (simd, bound);
    marks_portable(low, high, 0..low.len())
}

/// [`marks_below_128`] over `range`, without vector instructions (values
/// of 128 and more are ignored).
#[inline]
fn marks_portable(low: &[u16], high: &[u16], range: std::ops::Range<usize>) -> u128 {
    if range.is_empty() {
        return 0;
    }
    let last = low.len() - 1;
    // Four accumulators, so that the ors do not form one chain.
    let mut acc = [0u128; 4];
    let mut i = range.start;
    while i + 4 <= range.end {
        for (j, a) in acc.iter_mut().enumerate() {
            let v = (low[i + j] ^ high[last - i - j]) as u32;
            *a |= 1u128.checked_shl(v).unwrap_or(0);
        }
        i += 4;
    }
    for i in i..range.end {
        let v = (low[i] ^ high[last - i]) as u32;
        acc[0] |= 1u128.checked_shl(v).unwrap_or(0);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// The stamps equal to `gen` as a bit set: bit `b` of `bits[w]` is set
/// when `stamps[64 w + b] == generation` (`stamps.len() == 64 * bits.len()`).
/// `simd` as in [`take_hits`].
#[inline]
pub fn stamps_to_bits(stamps: &[u32], generation: u32, bits: &mut [u64], simd: bool) {
    assert_eq!(stamps.len(), 64 * bits.len());
    #[cfg(target_arch = "x86_64")]
    if simd && simd_available() {
        // SAFETY: AVX2 is available (checked just above); lengths asserted.
        return unsafe { avx2::stamps_to_bits(stamps, generation, bits) };
    }
    let _ = simd;
    for (word, s) in bits.iter_mut().zip(stamps.chunks_exact(64)) {
        *word = s
            .iter()
            .enumerate()
            .fold(0, |w, (b, &t)| w | ((t == generation) as u64) << b);
    }
}

/// Candidate values per heap that [`meets_ahead`] looks for.
pub const CANDIDATES: usize = 8;

/// Heaps of a batch that [`meets_ahead`] serves in one pass.
pub const BATCH: usize = 8;

/// Which candidate values the rare-pair xors of a batch of heaps meet.
///
/// For each of the `heaps` `r` (ascending, every partner `base + j - r`,
/// `j < BATCH`, in `0..g.len()`) with value `x` copied into each 16-bit lane
/// of `lanes[i]`, the xors `x ^ g[base + j - r]` are the rare-pair options of
/// heap `base + j` (plus the splitting digit). Bit `i` of the result's
/// byte `j` says whether one of them is `cands[j][i]`. Rather than stamp
/// every xor (a store each), the vector kernel compares eight heaps' xors
/// with their candidates at once: four compares for a rare heap and all
/// eight candidates of eight heaps. `simd` as in [`take_hits`].
pub fn meets_ahead(
    g: &[u16],
    base: usize,
    heaps: &[usize],
    lanes: &[u64],
    cands: &[[u16; CANDIDATES]; BATCH],
    simd: bool,
) -> [u8; BATCH] {
    assert_eq!(heaps.len(), lanes.len());
    // Ascending heaps: every partner lies in 0..g.len() if those of the
    // first and last heaps do.
    if let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) {
        assert!(last <= base && base - first + BATCH <= g.len());
    }
    #[cfg(target_arch = "x86_64")]
    if simd && simd_available() {
        // SAFETY: AVX2 is available (checked just above); partners
        // asserted in bounds.
        return unsafe { avx2::meets_ahead(g, base, heaps, lanes, cands) };
    }
    let _ = simd;
    let mut met = [0u8; BATCH];
    for (&r, &x) in heaps.iter().zip(lanes) {
        let x = x as u16;
        for (j, (met, cands)) in met.iter_mut().zip(cands).enumerate() {
            let v = x ^ g[base - r + j];
            for (i, &c) in cands.iter().enumerate() {
                *met |= ((v == c) as u8) << i;
            }
        }
    }
    met
}

/// The least values `v` with bit `v % 64` of `allowed[v / 64]` set and
/// `stamps[v] != gen`, ascending, into `out` (as many as fit); returns how
/// many were found (fewer than `out.len()` when there are not enough below
/// `64 * allowed.len() <= stamps.len()`). The stamps are read a word of 64
/// at a time, only as far as needed. `simd` as in [`take_hits`].
#[inline]
pub fn first_unstamped(
    stamps: &[u32],
    generation: u32,
    allowed: &[u64],
    out: &mut [u16],
    simd: bool,
) -> usize {
    assert!(64 * allowed.len() <= stamps.len() && 64 * allowed.len() <= 1 << 16);
    #[cfg(target_arch = "x86_64")]
    if simd && simd_available() {
        // SAFETY: AVX2 is available (checked just above); length asserted.
        return unsafe { avx2::first_unstamped(stamps, generation, allowed, out) };
    }
    let _ = simd;
    let mut found = 0;
    for (i, &a) in allowed.iter().enumerate() {
        let mut word = [0u64];
        stamps_to_bits(&stamps[64 * i..64 * i + 64], generation, &mut word, false);
        found = take_bits(a & !word[0], 64 * i, out, found);
        if found == out.len() {
            break;
        }
    }
    found
}

/// Puts the set bits of `free` (plus `offset`), lowest first, into
/// `out[found..]` as far as it goes; returns the new count.
#[inline]
fn take_bits(mut free: u64, offset: usize, out: &mut [u16], mut found: usize) -> usize {
    while free != 0 && found < out.len() {
        out[found] = (offset + free.trailing_zeros() as usize) as u16;
        found += 1;
        free &= free - 1;
    }
    found
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::Bits512;
    use std::arch::x86_64::*;

    /// 16 u16 lanes in reverse order.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn reverse(x: __m256i) -> __m256i {
        let within = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, //
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
        );
        _mm256_permute4x64_epi64(_mm256_shuffle_epi8(x, within), 0b01_00_11_10)
    }

    /// The xors of the 16 pairs starting at `i`: `low[i + t] ^ high[len - 1 - i - t]`.
    ///
    /// # Safety
    /// AVX2, and `i + 16 <= low.len() == high.len()`.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn xors(low: &[u16], high: &[u16], i: usize) -> __m256i {
        unsafe {
            let len = low.len();
            debug_assert!(i + 16 <= len && high.len() == len);
            // SAFETY: low[i..i + 16] and high[len - 16 - i..len - i] are in
            // bounds because i + 16 <= len.
            let lo = _mm256_loadu_si256(low.as_ptr().add(i) as *const __m256i);
            let hi = _mm256_loadu_si256(high.as_ptr().add(len - 16 - i) as *const __m256i);
            _mm256_xor_si256(lo, reverse(hi))
        }
    }

    /// See [`super::take_hits`]. Blocks of 32 pairs are tested at once:
    /// the values are packed to bytes (`v >> 3`, saturated, so that values
    /// of 2048 and more test as absent, and `v & 7`), the byte `bits[v >> 3]`
    /// is looked up with one 16-byte shuffle for each of the first `Q`
    /// quarters of `bits` (a shuffle yields 0 where its index has bit 7
    /// set, which the saturating add arranges for every index outside its
    /// quarter), and its bit `v & 7` tested. The pairs of a block with a hit
    /// are then taken in order by the portable code.
    ///
    /// The hits of a block are taken one block later, after the next block
    /// has been tested: a branch on the test just made waits for its whole
    /// chain of shuffles and, mispredicted (a fifth of the blocks hit, at
    /// random), throws away the blocks started meanwhile; the mask of the
    /// block before is ready long before. The next block may then report a
    /// value that this one takes (its test saw the set before); the
    /// portable code finds it gone and passes over it, so the pairs taken
    /// and the pair that ends the scan are exactly those of an in-order
    /// scan. (Measured on the proof scans of `0.6`: 13 to 15 % less time.)
    ///
    /// # Safety
    /// AVX2, `low.len() == high.len()`, `1 <= Q <= 4`, and `bits` empty
    /// past its first `Q` quarters.
    #[target_feature(enable = "avx2")]
    pub unsafe fn take_hits<const Q: usize>(
        low: &[u16],
        high: &[u16],
        bits: &mut Bits512,
        remaining: &mut usize,
        taken: &mut impl FnMut(u16),
    ) -> Option<usize> {
        unsafe {
            let len = low.len();
            let quarters = |bits: &Bits512| {
                // SAFETY: 16 k + 16 <= 64 bytes for k < Q <= 4.
                let quarter = |k: usize| {
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(
                        bits.as_ptr().add(16 * k) as *const __m128i
                    ))
                };
                let tables: [__m256i; Q] = std::array::from_fn(quarter);
                tables
            };
            let mut tables = quarters(bits);
            let one_bit = _mm256_setr_epi8(
                1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, //
                1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
            );
            let seven = _mm256_set1_epi16(7);
            let lift = _mm256_set1_epi8(0x70);
            // The mask of the block before (at i - 32), not taken yet.
            let mut pending = 0u32;
            let mut i = 0;
            while i + 32 <= len {
                // SAFETY: i + 32 <= len, as `xors` requires for i and i + 16.
                let (v0, v1) = (xors(low, high, i), xors(low, high, i + 16));
                let idx = _mm256_packus_epi16(_mm256_srli_epi16(v0, 3), _mm256_srli_epi16(v1, 3));
                let bit =
                    _mm256_packus_epi16(_mm256_and_si256(v0, seven), _mm256_and_si256(v1, seven));
                let mut byte = _mm256_setzero_si256();
                for (k, table) in tables.iter().enumerate() {
                    let quarter = _mm256_set1_epi8((k << 4) as i8);
                    let sel = _mm256_adds_epu8(_mm256_xor_si256(idx, quarter), lift);
                    byte = _mm256_or_si256(byte, _mm256_shuffle_epi8(*table, sel));
                }
                // `want` has one bit in every byte (v & 7 < 8).
                let want = _mm256_shuffle_epi8(one_bit, bit);
                let hit = _mm256_cmpeq_epi8(_mm256_and_si256(byte, want), want);
                let before = std::mem::replace(&mut pending, _mm256_movemask_epi8(hit) as u32);
                if before != 0 {
                    if let Some(end) = take_block(low, high, bits, remaining, taken, i - 32, before)
                    {
                        return Some(end);
                    }
                    tables = quarters(bits);
                }
                i += 32;
            }
            if pending != 0 {
                if let Some(end) = take_block(low, high, bits, remaining, taken, i - 32, pending) {
                    return Some(end);
                }
            }
            super::take_hits_portable(low, high, bits, remaining, taken, i..len)
        }
    }

    /// Takes the hits of the block of 32 pairs at `start`, in order, from
    /// the movemask of its packed bytes (8-pair groups in the order 0, 2,
    /// 1, 3); `Some` as [`super::take_hits`] when one ends the scan.
    #[inline(always)]
    fn take_block(
        low: &[u16],
        high: &[u16],
        bits: &mut Bits512,
        remaining: &mut usize,
        taken: &mut impl FnMut(u16),
        start: usize,
        packed: u32,
    ) -> Option<usize> {
        let mut mask = (packed & 0xff00_00ff) | (packed >> 8 & 0xff00) | (packed << 8 & 0xff_0000);
        while mask != 0 {
            let t = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            // An earlier pair may have taken the value.
            if super::take_pair(low, high, bits, remaining, taken, start + t) {
                return Some(start + t + 1);
            }
        }
        None
    }

    /// See [`super::stamps_to_bits`]: eight stamps a compare, their sign
    /// bits gathered by a movemask.
    ///
    /// # Safety
    /// AVX2, and `stamps.len() == 64 * bits.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn stamps_to_bits(stamps: &[u32], generation: u32, bits: &mut [u64]) {
        unsafe {
            let g = _mm256_set1_epi32(generation as i32);
            for (w, word) in bits.iter_mut().enumerate() {
                let mut x = 0u64;
                for q in 0..8 {
                    // SAFETY: 64 w + 8 q + 8 <= 64 bits.len() == stamps.len().
                    let s =
                        _mm256_loadu_si256(stamps.as_ptr().add(64 * w + 8 * q) as *const __m256i);
                    let eq = _mm256_castsi256_ps(_mm256_cmpeq_epi32(s, g));
                    x |= (_mm256_movemask_ps(eq) as u32 as u64) << (8 * q);
                }
                *word = x;
            }
        }
    }

    /// See [`super::meets_ahead`]. A rare heap's eight partners are read
    /// as 16 bytes and broadcast to both halves of a vector; half `h` of
    /// vector `k` of candidates holds candidate `2 k + h` of each heap.
    ///
    /// # Safety
    /// AVX2, `heaps.len() == lanes.len()`, every partner `base + j - r`
    /// (`j < 8`) in `0..g.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn meets_ahead(
        g: &[u16],
        base: usize,
        heaps: &[usize],
        lanes: &[u64],
        cands: &[[u16; super::CANDIDATES]; super::BATCH],
    ) -> [u8; super::BATCH] {
        unsafe {
            const _: () = assert!(super::BATCH == 8 && super::CANDIDATES == 8);
            let mut split = [[0u16; 16]; 4];
            for (j, cands) in cands.iter().enumerate() {
                for (i, &c) in cands.iter().enumerate() {
                    split[i / 2][8 * (i % 2) + j] = c;
                }
            }
            // SAFETY: each array is 32 bytes.
            let c: [__m256i; 4] =
                std::array::from_fn(|k| _mm256_loadu_si256(split[k].as_ptr() as *const __m256i));
            let mut a = [_mm256_setzero_si256(); 4];
            for (&r, &x) in heaps.iter().zip(lanes) {
                // SAFETY: base - r + 8 <= g.len() (the caller's bound).
                let word = _mm_loadu_si128(g.as_ptr().add(base - r) as *const __m128i);
                let v = _mm256_xor_si256(
                    _mm256_broadcastsi128_si256(word),
                    _mm256_set1_epi64x(x as i64),
                );
                for k in 0..4 {
                    a[k] = _mm256_or_si256(a[k], _mm256_cmpeq_epi16(v, c[k]));
                }
            }
            // Lane e of a vector gives bits 2e and 2e + 1 of its movemask.
            let masks: [u32; 4] = std::array::from_fn(|k| _mm256_movemask_epi8(a[k]) as u32);
            let mut met = [0u8; super::BATCH];
            for (j, met) in met.iter_mut().enumerate() {
                for i in 0..super::CANDIDATES {
                    let bit = masks[i / 2] >> (2 * (8 * (i % 2) + j)) & 1;
                    *met |= (bit as u8) << i;
                }
            }
            met
        }
    }

    /// See [`super::first_unstamped`]: the stamps read a word at a time by
    /// [`stamps_to_bits`].
    ///
    /// # Safety
    /// AVX2, and `64 * allowed.len() <= stamps.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn first_unstamped(
        stamps: &[u32],
        generation: u32,
        allowed: &[u64],
        out: &mut [u16],
    ) -> usize {
        unsafe {
            let mut found = 0;
            for (w, &a) in allowed.iter().enumerate() {
                let mut x = [0u64];
                // SAFETY: AVX2 (the caller's), 64 stamps for one word.
                stamps_to_bits(&stamps[64 * w..64 * w + 64], generation, &mut x);
                found = super::take_bits(a & !x[0], 64 * w, out, found);
                if found == out.len() {
                    break;
                }
            }
            found
        }
    }

    /// See [`super::marks_below_128`]: each value `v` becomes the bit
    /// `1 << (v - 32 q)` of the 32-bit accumulator of its quarter `q < Q`
    /// (a variable shift by 32 or more, or by a wrapped negative count,
    /// gives 0, so values of `32 Q` and more are left out).
    ///
    /// # Safety
    /// AVX2, and `low.len() == high.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn marks<const Q: usize>(low: &[u16], high: &[u16]) -> u128 {
        unsafe {
            let len = low.len();
            let one = _mm256_set1_epi32(1);
            let zero = _mm256_setzero_si256();
            let mut acc = [_mm256_setzero_si256(); Q];
            let mut i = 0;
            while i + 16 <= len {
                // SAFETY: i + 16 <= len.
                let v = xors(low, high, i);
                for half in [
                    _mm256_unpacklo_epi16(v, zero),
                    _mm256_unpackhi_epi16(v, zero),
                ] {
                    for (q, a) in acc.iter_mut().enumerate() {
                        let count = _mm256_sub_epi32(half, _mm256_set1_epi32(32 * q as i32));
                        *a = _mm256_or_si256(*a, _mm256_sllv_epi32(one, count));
                    }
                }
                i += 16;
            }
            let mut set = 0u128;
            for (q, a) in acc.iter().enumerate() {
                let mut lanes = [0u32; 8];
                // SAFETY: lanes is 32 bytes.
                _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, *a);
                let word = lanes.iter().fold(0u32, |x, &y| x | y);
                set |= (word as u128) << (32 * q);
            }
            let tail = super::marks_portable(low, high, i..len);
            // The portable tail keeps values up to 127: keep the same bound.
            let kept = if Q == 4 {
                u128::MAX
            } else {
                (1u128 << (32 * Q)) - 1
            };
            set | (tail & kept)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reproducible stream of small values (xorshift).
    fn values(n: usize, seed: u64, below: u16) -> Vec<u16> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % below as u64) as u16
            })
            .collect()
    }

    #[test]
    fn take_hits_paths_agree_with_a_plain_search() {
        for (seed, below) in [(1, 64), (2, 300), (3, 512), (4, 4000), (5, 65535)] {
            let g = values(3000, seed, below);
            for len in [0usize, 1, 15, 16, 31, 32, 33, 100, 1000] {
                let (low, high) = (&g[..len], &g[1000..1000 + len]);
                for wanted in [
                    vec![],
                    vec![0u16],
                    vec![5, 77],
                    vec![511],
                    vec![1, 2, 3, 200, 300, 400],
                    (0..512).step_by(3).collect(),
                ] {
                    // The plain answer: each wanted value at its first pair.
                    let mut firsts: Vec<(usize, u16)> = wanted
                        .iter()
                        .filter_map(|&w| {
                            (0..len)
                                .find(|&i| low[i] ^ high[len - 1 - i] == w)
                                .map(|i| (i, w))
                        })
                        .collect();
                    firsts.sort();
                    for stop_after in [1, 2, 5, usize::MAX] {
                        let want = stop_after.min(wanted.len().max(1));
                        let plain_end = (firsts.len() >= want && !wanted.is_empty())
                            .then(|| firsts[want - 1].0 + 1);
                        let plain_taken: Vec<u16> =
                            firsts.iter().take(want).map(|&(_, w)| w).collect();
                        for simd in [false, true] {
                            let mut bits = [0u8; 64];
                            wanted
                                .iter()
                                .for_each(|&v| bits[v as usize >> 3] |= 1 << (v & 7));
                            let mut remaining = want;
                            let mut got = Vec::new();
                            let end = take_hits(low, high, &mut bits, &mut remaining, simd, |v| {
                                got.push(v)
                            });
                            if wanted.is_empty() {
                                continue;
                            }
                            assert_eq!(end, plain_end, "simd {simd} len {len} {wanted:?}");
                            assert_eq!(got, plain_taken, "simd {simd} len {len}");
                            assert_eq!(remaining, want - got.len());
                            for &v in &got {
                                assert!(!contains(&bits, v));
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn stamps_to_bits_paths_agree() {
        let raw = values(1024, 9, 4);
        let stamps: Vec<u32> = raw.iter().map(|&v| 7 + v as u32).collect();
        for generation in 6..12 {
            for words in [1, 3, 16] {
                let plain: Vec<u64> = (0..words)
                    .map(|w| {
                        (0..64).fold(0, |x, b| {
                            x | ((stamps[64 * w + b] == generation) as u64) << b
                        })
                    })
                    .collect();
                for simd in [false, true] {
                    let mut bits = vec![0u64; words];
                    stamps_to_bits(&stamps[..64 * words], generation, &mut bits, simd);
                    assert_eq!(bits, plain, "simd {simd} generation {generation}");
                }
            }
        }
    }

    #[test]
    fn meets_ahead_paths_agree_with_a_plain_search() {
        let g = values(4000, 11, 300);
        let all: Vec<usize> = (1..2000).step_by(7).collect();
        let lanes: Vec<u64> = all
            .iter()
            .map(|&r| g[r] as u64 * 0x0001_0001_0001_0001)
            .collect();
        for base in [2000, 2500, 3990] {
            for range in [0..0, 0..1, 0..5, 40..140, 0..all.len()] {
                let (heaps, lanes) = (&all[range.clone()], &lanes[range.clone()]);
                // Candidates: some xors that occur, some values that may not.
                let cands: [[u16; CANDIDATES]; BATCH] = std::array::from_fn(|j| {
                    std::array::from_fn(|i| match (heaps.get(i * 3), i % 2) {
                        (Some(&r), 0) => g[r] ^ g[base + j - r],
                        _ => (37 * i + 5 * j) as u16,
                    })
                });
                let plain: [u8; BATCH] = std::array::from_fn(|j| {
                    (0..CANDIDATES).fold(0, |m, i| {
                        let met = heaps.iter().any(|&r| g[r] ^ g[base + j - r] == cands[j][i]);
                        m | (met as u8) << i
                    })
                });
                assert!(heaps.is_empty() || plain.iter().all(|&m| m != 0));
                for simd in [false, true] {
                    let met = meets_ahead(&g, base, heaps, lanes, &cands, simd);
                    assert_eq!(met, plain, "simd {simd} base {base} {range:?}");
                }
            }
        }
    }

    #[test]
    fn first_unstamped_paths_agree_with_a_plain_search() {
        let raw = values(1024, 13, 3);
        let stamps: Vec<u32> = raw.iter().map(|&v| 7 + v as u32).collect();
        let allowed: Vec<u64> = (0..16u64)
            .map(|i| 0x9e37_79b9_7f4a_7c15u64.rotate_left(i as u32 * 5))
            .collect();
        for generation in 6..11 {
            for words in [0, 1, 3, 16] {
                for want in [0, 1, 8, 2000] {
                    let plain: Vec<u16> = (0..64 * words)
                        .filter(|&v| {
                            allowed[v / 64] >> (v % 64) & 1 != 0 && stamps[v] != generation
                        })
                        .take(want)
                        .map(|v| v as u16)
                        .collect();
                    for simd in [false, true] {
                        let mut out = vec![0u16; want];
                        let found =
                            first_unstamped(&stamps, generation, &allowed[..words], &mut out, simd);
                        assert_eq!(
                            &out[..found],
                            &plain[..],
                            "simd {simd} generation {generation} {words} {want}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn marks_paths_agree_with_a_plain_set() {
        for (seed, below) in [(1, 32), (2, 64), (3, 100), (4, 128), (5, 7)] {
            let g = values(5000, seed, below);
            for len in [0usize, 1, 15, 16, 17, 100, 2000] {
                let (low, high) = (&g[..len], &g[2500..2500 + len]);
                let plain = (0..len).fold(0u128, |s, i| s | 1 << (low[i] ^ high[len - 1 - i]));
                for bound in [below as usize, 128] {
                    assert_eq!(marks_below_128(low, high, bound, false), plain);
                    assert_eq!(marks_below_128(low, high, bound, true), plain);
                }
            }
        }
    }
}
