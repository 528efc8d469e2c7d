//! A compact store of nim-sequence values: one byte per heap, with the
//! values that do not fit kept apart, so that long runs need about one byte
//! per heap instead of two.
//!
//! Values of the sparse regime are mostly *common* under the engine's mask
//! (odd parity of `v & mask`, see [`stats::is_rare`]) and below 512. The
//! parity of a common value restores any one bit of `v & mask`, so dropping
//! the lowest set bit of the mask (when it is below bit 9) leaves 8 bits:
//! the heap's code. Code [`ESCAPE`] stands for "listed apart": rare values,
//! values of 512 or more, and the common values whose code would be
//! [`ESCAPE`] are kept in a sorted list of (offset in its chunk, value), 4
//! bytes each. Heaps are encoded in chunks of [`CHUNK`] heaps, each with
//! the mask it was encoded with, so a change of mask never re-encodes what
//! is stored.

use super::stats;

/// Heaps per chunk: each chunk records the mask it is encoded with.
pub const CHUNK: usize = 1 << 16;

/// The code of a heap whose value is listed apart.
pub const ESCAPE: u8 = u8::MAX;

/// How one chunk's values are coded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Coding {
    mask: u16,
    /// The bit of the mask dropped from common values (below 9), or 16 when
    /// none is (codes are then the values below [`ESCAPE`]).
    bit: u32,
}

impl Coding {
    fn new(mask: u16) -> Coding {
        let bit = mask.trailing_zeros();
        Coding {
            mask,
            bit: if bit < 9 { bit } else { 16 },
        }
    }

    /// The code of `v`, or [`ESCAPE`] when it must be listed apart.
    #[inline]
    fn encode(self, v: u16) -> u8 {
        let code = if self.bit == 16 {
            v
        } else if v >= 512 || stats::is_rare(v, self.mask) {
            return ESCAPE;
        } else {
            let low = v & ((1 << self.bit) - 1);
            low | ((v >> (self.bit + 1)) << self.bit)
        };
        u8::try_from(code).unwrap_or(ESCAPE)
    }

    /// The value of a code other than [`ESCAPE`].
    #[inline]
    fn decode(self, code: u8) -> u16 {
        let c = code as u16;
        if self.bit == 16 {
            return c;
        }
        let low = c & ((1 << self.bit) - 1);
        let v = low | ((c >> self.bit) << (self.bit + 1));
        // Common: the parity of v & mask is odd, which fixes the bit dropped.
        if (v & self.mask).count_ones() % 2 == 0 {
            v | (1 << self.bit)
        } else {
            v
        }
    }
}

/// One chunk of [`CHUNK`] heaps: how its values are coded, and where its
/// exceptions begin in [`Archive::apart`].
#[derive(Clone, Copy, Debug)]
struct Chunk {
    coding: Coding,
    apart: usize,
}

/// The values of the heaps `start..end`, one byte each and the exceptions
/// apart (see the module documentation).
#[derive(Debug)]
pub struct Archive {
    start: usize,
    codes: Vec<u8>,
    /// One entry for each chunk of [`CHUNK`] heaps from `start`.
    chunks: Vec<Chunk>,
    /// The heaps of code [`ESCAPE`], ascending: each as its offset within
    /// its chunk (below [`CHUNK`] = 2^16, so 16 bits, whatever the heap)
    /// and its value, 4 bytes.
    apart: Vec<(u16, u16)>,
}

impl Archive {
    /// An empty archive whose first heap will be `start`, with room for
    /// `room` heaps reserved up front (so that it never moves while it
    /// grows: a copy would need twice its memory).
    pub fn new(start: usize, room: usize) -> Archive {
        let mut codes = Vec::new();
        // Reserving address space touches no memory; if it fails the vector
        // grows as usual.
        let _ = codes.try_reserve_exact(room);
        Archive {
            start,
            codes,
            chunks: Vec::new(),
            apart: Vec::new(),
        }
    }

    /// The heaps stored, `start..end`.
    pub fn heaps(&self) -> std::ops::Range<usize> {
        self.start..self.start + self.codes.len()
    }

    /// Appends the values of the next heaps; a chunk begun here is encoded
    /// with `mask` (the engine's current one: any mask gives exact values,
    /// the engine's keeps the exceptions few).
    pub fn extend(&mut self, values: &[u16], mask: u16) {
        for &v in values {
            let i = self.codes.len();
            if i % CHUNK == 0 {
                self.chunks.push(Chunk {
                    coding: Coding::new(mask),
                    apart: self.apart.len(),
                });
            }
            let code = self.chunks[i / CHUNK].coding.encode(v);
            if code == ESCAPE {
                self.apart.push(((i % CHUNK) as u16, v));
            }
            self.codes.push(code);
        }
    }

    /// The index in `apart` of the first exception at or after the heap at
    /// index `i` (from `start`; `i` below the number stored).
    fn apart_from(&self, i: usize) -> usize {
        let c = i / CHUNK;
        let lo = self.chunks[c].apart;
        let hi = self.chunks.get(c + 1).map_or(self.apart.len(), |k| k.apart);
        let offset = (i % CHUNK) as u16;
        lo + self.apart[lo..hi].partition_point(|&(o, _)| o < offset)
    }

    /// `G(n)` for a heap `n` stored.
    #[inline]
    pub fn get(&self, n: usize) -> u16 {
        let i = n - self.start;
        let code = self.codes[i];
        if code == ESCAPE {
            return self.apart[self.apart_from(i)].1;
        }
        self.chunks[i / CHUNK].coding.decode(code)
    }

    /// Writes the values of the heaps `from..from + out.len()` (all stored)
    /// into `out`.
    pub fn decode_into(&self, from: usize, out: &mut [u16]) {
        if out.is_empty() {
            return;
        }
        let first = from - self.start;
        let codes = &self.codes[first..first + out.len()];
        // The exceptions are in heap order across chunks.
        let mut at = self.apart_from(first);
        for (j, (slot, &code)) in out.iter_mut().zip(codes).enumerate() {
            *slot = if code == ESCAPE {
                at += 1;
                self.apart[at - 1].1
            } else {
                self.chunks[(first + j) / CHUNK].coding.decode(code)
            };
        }
    }

    /// Moves the values of the last `out.len()` heaps stored into `out` and
    /// drops them from the archive, handing the memory of their codes back
    /// to the system: putting every value back this way, from the last
    /// heaps down, never holds a heap both as a code and as a value, so it
    /// needs about as much memory as the values alone (the exceptions'
    /// list keeps its room until the archive goes).
    pub fn pop_into(&mut self, out: &mut [u16]) {
        let len = self.codes.len() - out.len();
        self.decode_into(self.start + len, out);
        if len < self.codes.len() {
            self.apart
                .truncate(if len == 0 { 0 } else { self.apart_from(len) });
        }
        self.chunks.truncate(len.div_ceil(CHUNK));
        let base = self.codes.as_ptr() as usize;
        // (Up to the capacity: the pages past the old length are free or
        // were never touched.)
        discard_pages(base + len, base + self.codes.capacity());
        self.codes.truncate(len);
    }

    /// The heaps listed apart (tests).
    #[cfg(test)]
    pub fn exceptions(&self) -> usize {
        self.apart.len()
    }

    /// The bytes this archive holds in memory (its codes, chunks and
    /// exceptions, not the room reserved and untouched).
    pub fn bytes(&self) -> usize {
        self.codes.len()
            + self.chunks.len() * std::mem::size_of::<Chunk>()
            + self.apart.len() * std::mem::size_of::<(u16, u16)>()
    }
}

/// Hands back to the system the whole pages within `lo..hi`: the codes
/// vector's allocation past the codes kept (those of heaps being dropped,
/// never read again, and spare room).
#[cfg(unix)]
fn discard_pages(lo: usize, hi: usize) {
    let page = super::pages::page_size();
    let (lo, hi) = (lo.next_multiple_of(page), hi / page * page);
    if lo < hi {
        // SAFETY: lo..hi are whole pages of the codes vector's allocation
        // (within its capacity) holding only the codes being dropped and
        // spare room (the vector is truncated below them right after): no
        // element lives there once it is, and nothing else does, so
        // zero-filled pages on a later write are harmless. A failure only
        // keeps the memory.
        unsafe {
            libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_DONTNEED);
        }
    }
}

#[cfg(not(unix))]
fn discard_pages(_lo: usize, _hi: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_under_every_mask_round_trips() {
        // Every mask of 9 bits and a few wider, every value up to 1100.
        let masks = (0..512u16).chain([0x200, 0x1ee, 0x8001, 0xffff]);
        for mask in masks {
            let coding = Coding::new(mask);
            let mut codes = std::collections::HashMap::new();
            for v in 0..1100u16 {
                let code = coding.encode(v);
                if code != ESCAPE {
                    assert_eq!(coding.decode(code), v, "mask {mask:#x}, value {v}");
                    // One value per code.
                    assert_eq!(codes.insert(code, v), None, "mask {mask:#x}");
                }
            }
            // Common values below 512 all have codes but one (at most).
            if coding.bit < 9 {
                let lost = (0..512u16)
                    .filter(|&v| !stats::is_rare(v, mask) && coding.encode(v) == ESCAPE)
                    .count();
                assert!(lost <= 1, "mask {mask:#x}");
            }
        }
    }

    /// `len` values spread over `0..below` (rare values, escapes and all),
    /// every `every`-th xored with `high` (a value of 512 or more).
    fn sample(len: usize, step: usize, below: usize, every: usize, high: u16) -> Vec<u16> {
        (0..len)
            .map(|i| ((i * step) % below) as u16 ^ ((i % every == 0) as u16 * high))
            .collect()
    }

    #[test]
    fn an_archive_returns_what_it_was_given_across_chunks_and_masks() {
        // A value pattern with rare values, large ones and escapes, over
        // several chunks coded with different masks.
        let start = 1000;
        let values = sample(3 * CHUNK + 77, 7919, 600, 13, 40000);
        let mut archive = Archive::new(start, 0);
        let masks = [0x1ee, 0, 0x3, 0x400];
        for (k, piece) in values.chunks(CHUNK / 2 + 5).enumerate() {
            archive.extend(piece, masks[k % masks.len()]);
        }
        assert_eq!(archive.heaps(), start..start + values.len());
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(archive.get(start + i), v, "heap {}", start + i);
        }
        let mut out = vec![0; 5000];
        for from in [start, start + CHUNK - 100, start + values.len() - 5000] {
            archive.decode_into(from, &mut out);
            assert_eq!(out, values[from - start..from - start + 5000]);
        }
        assert!(archive.exceptions() > 0 && archive.exceptions() < values.len());
    }

    #[test]
    fn popping_the_last_heaps_returns_them_and_drops_them() {
        let start = 77;
        let values = sample(3 * CHUNK + 1234, 104729, 700, 17, 3000);
        let mut archive = Archive::new(start, values.len());
        archive.extend(&values[..CHUNK + 9], 0x1ee);
        archive.extend(&values[CHUNK + 9..], 0x0d);
        let all = (archive.bytes(), archive.exceptions());
        // Blocks that end inside chunks, on chunk boundaries, and at 0.
        let mut end = values.len();
        for block in [1000, CHUNK - 1000 + 1234, 1, CHUNK + 5, usize::MAX] {
            let from = end.saturating_sub(block);
            let mut out = vec![0; end - from];
            archive.pop_into(&mut out);
            assert_eq!(
                out,
                values[from..end],
                "heaps {}..{}",
                start + from,
                start + end
            );
            assert_eq!(archive.heaps(), start..start + from);
            // What is left still reads back, exceptions included.
            if from > 0 {
                assert_eq!(archive.get(start + from - 1), values[from - 1]);
                let mut head = vec![0; from.min(3000)];
                archive.decode_into(start + from - head.len(), &mut head);
                assert_eq!(head, values[from - head.len()..from]);
            }
            end = from;
        }
        assert!(all.0 > values.len() && all.1 > 0);
        assert_eq!((archive.bytes(), archive.exceptions()), (0, 0));
    }
}
