//! The packed table's memory: cache lines in one block that grows where it
//! lies.
//!
//! A table doubles by growing its block and then moving entries within it
//! (see `packed.rs`). With an ordinary vector of 64-byte-aligned lines the
//! allocator cannot grow the block in place (over-aligned blocks are grown
//! by allocating anew and copying), so while the entries are copied the old
//! table and the new one are both held. Here, on Linux, the block is mapped
//! from the system and grown with `mremap`, which moves pages rather than
//! copying them, and pages not yet touched (the new half of a doubled
//! table, until entries land in it) take no memory. Measured on 5×7 with a
//! 2 MiB table: peak 4.95 MB with the vector, 4.75 MB mapped (one run each).
//! Elsewhere the block is allocated zeroed and copied on growth.

use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// One cache line of eight words, the packed table's bucket. All zero bits
/// is a valid line: the empty one.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Line(pub(super) [u64; 8]);

impl Line {
    /// Its 64 bytes.
    #[inline]
    pub(super) fn bytes(&self) -> &[u8; 64] {
        // SAFETY: eight `u64`s are 64 initialised bytes with no padding,
        // and `u8` needs no alignment.
        unsafe { &*(self as *const Line).cast::<[u8; 64]>() }
    }

    /// Its 64 bytes, to write.
    #[inline]
    pub(super) fn bytes_mut(&mut self) -> &mut [u8; 64] {
        // SAFETY: as for `bytes`; any bytes make valid `u64`s.
        unsafe { &mut *(self as *mut Line).cast::<[u8; 64]>() }
    }
}

/// A block of zeroed [`Line`]s that grows without holding two copies (see
/// the [module documentation](self)).
pub(super) struct Lines {
    ptr: NonNull<Line>,
    len: usize,
}

// SAFETY: `Lines` owns its block, like a `Vec<Line>`.
unsafe impl Send for Lines {}
// SAFETY: shared access only reads, like a `Vec<Line>`.
unsafe impl Sync for Lines {}

impl Default for Lines {
    fn default() -> Lines {
        Lines {
            ptr: NonNull::dangling(),
            len: 0,
        }
    }
}

impl Lines {
    /// `n` empty lines.
    pub(super) fn zeroed(n: usize) -> Lines {
        let mut lines = Lines::default();
        lines.grow(n);
        lines
    }

    /// Grows to `n` lines (at least as many as it has), the new ones empty
    /// and the old ones kept.
    pub(super) fn grow(&mut self, n: usize) {
        debug_assert!(n >= self.len);
        if n == self.len {
            return;
        }
        // SAFETY: `n > len`, and the block is this one's own.
        self.ptr = unsafe { sys::grow(self.ptr, self.len, n) };
        self.len = n;
        advise_huge(self.ptr.as_ptr() as usize, n * size_of::<Line>());
    }
}

impl Deref for Lines {
    type Target = [Line];
    fn deref(&self) -> &[Line] {
        // SAFETY: `len` initialised lines (zeroed at least) from `ptr`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl DerefMut for Lines {
    fn deref_mut(&mut self) -> &mut [Line] {
        // SAFETY: as for `deref`, and the block is borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        if self.len > 0 {
            // SAFETY: the block was made by `sys::grow` with `len` lines.
            unsafe { sys::free(self.ptr, self.len) }
        }
    }
}

/// Asks the kernel to back the huge pages wholly inside the `bytes` from
/// `start` with huge pages where it can. A table of many megabytes is read at random places, one
/// cache line each; with ordinary 4 KiB pages nearly every read also misses
/// the processor's page-translation cache (measured on 5×8 Cram: 5% of the
/// search's time). Only advice: where huge pages are off or unavailable
/// nothing changes.
pub(super) fn advise_huge(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let (lo, hi) = (start.next_multiple_of(HUGE), (start + bytes) / HUGE * HUGE);
        if hi > lo {
            // SAFETY: advice about pages inside the block, which changes
            // neither their contents nor their mapping.
            unsafe {
                libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

#[cfg(not(target_os = "linux"))]
use allocated as sys;
#[cfg(target_os = "linux")]
use mapped as sys;

#[cfg(target_os = "linux")]
mod mapped {
    use super::Line;
    use std::alloc::{handle_alloc_error, Layout};
    use std::ptr::NonNull;

    /// The block of `old` lines at `ptr` (none when `old` is 0) grown to
    /// `new` lines: mapped anew, or remapped (pages move, the kernel may
    /// place the block elsewhere). Fresh pages read as zero.
    ///
    /// # Safety
    /// `ptr` and `old` describe a block of this module's, or `old` is 0.
    pub(super) unsafe fn grow(ptr: NonNull<Line>, old: usize, new: usize) -> NonNull<Line> {
        let bytes = new * size_of::<Line>();
        // SAFETY: a fresh private mapping, or the caller's block remapped.
        let p = unsafe {
            if old == 0 {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            } else {
                libc::mremap(
                    ptr.as_ptr().cast(),
                    old * size_of::<Line>(),
                    bytes,
                    libc::MREMAP_MAYMOVE,
                )
            }
        };
        if p == libc::MAP_FAILED {
            handle_alloc_error(Layout::array::<Line>(new).expect("a table's size fits"));
        }
        // (A mapping starts on a page: aligned for a line.)
        NonNull::new(p.cast()).expect("a mapping is not at address 0")
    }

    /// # Safety
    /// `ptr` and `len` describe a block of this module's.
    pub(super) unsafe fn free(ptr: NonNull<Line>, len: usize) {
        // SAFETY: the caller's block, unmapped once.
        unsafe { libc::munmap(ptr.as_ptr().cast(), len * size_of::<Line>()) };
    }
}

// (Built on Linux too for the tests, which try both.)
#[cfg(any(not(target_os = "linux"), test))]
mod allocated {
    use super::Line;
    use std::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
    use std::ptr::NonNull;

    fn layout(n: usize) -> Layout {
        Layout::array::<Line>(n).expect("a table's size fits")
    }

    /// The block of `old` lines at `ptr` grown to `new` lines: a zeroed
    /// block, the old lines copied in, the old block freed.
    ///
    /// # Safety
    /// `ptr` and `old` describe a block of this module's, or `old` is 0.
    pub(super) unsafe fn grow(ptr: NonNull<Line>, old: usize, new: usize) -> NonNull<Line> {
        // SAFETY: a fresh block of a non-zero size.
        let p = unsafe { alloc_zeroed(layout(new)) }.cast::<Line>();
        let Some(p) = NonNull::new(p) else {
            handle_alloc_error(layout(new));
        };
        if old > 0 {
            // SAFETY: `old` lines of the caller's block into the larger new
            // one, then the caller's block freed once.
            unsafe {
                std::ptr::copy_nonoverlapping(ptr.as_ptr(), p.as_ptr(), old);
                free(ptr, old);
            }
        }
        p
    }

    /// # Safety
    /// `ptr` and `len` describe a block of this module's.
    pub(super) unsafe fn free(ptr: NonNull<Line>, len: usize) {
        // SAFETY: the caller's block, with the layout it was made with.
        unsafe { dealloc(ptr.as_ptr().cast(), layout(len)) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_keeps_the_lines_and_adds_empty_ones() {
        let mut lines = Lines::zeroed(4);
        assert!(lines.iter().all(|l| l.0 == [0; 8]));
        for (i, l) in lines.iter_mut().enumerate() {
            l.0[i] = i as u64 + 1;
        }
        // Through sizes past the point where the system maps blocks.
        for n in [8, 1 << 12, 1 << 15] {
            lines.grow(n);
            assert_eq!(lines.len(), n);
            assert_eq!(lines.as_ptr() as usize % 64, 0);
            for (i, l) in lines.iter().enumerate() {
                let mut want = [0; 8];
                if i < 4 {
                    want[i] = i as u64 + 1;
                }
                assert_eq!(l.0, want, "line {i} of {n}");
            }
        }
        assert!(Lines::default().is_empty());
    }

    #[test]
    fn the_allocated_block_grows_like_the_mapped_one() {
        use std::ptr::NonNull;
        // SAFETY: each block is this test's, grown from nothing, then freed
        // once with its length.
        unsafe {
            let mut p = allocated::grow(NonNull::dangling(), 0, 3);
            (*p.as_ptr()).0[7] = 42;
            p = allocated::grow(p, 3, 1000);
            let lines = std::slice::from_raw_parts(p.as_ptr(), 1000);
            assert_eq!(p.as_ptr() as usize % 64, 0);
            assert_eq!(lines[0].0[7], 42);
            assert!(lines[1..].iter().all(|l| l.0 == [0; 8]));
            allocated::free(p, 1000);
        }
    }
}
