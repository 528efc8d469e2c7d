//! The values `G(0..len)` of a run, as `u16`, with room for more.
//!
//! [`Values`] holds them in one of two places:
//!
//! * the buffer of an ordinary `Vec<u16>` (the default): it grows as values
//!   come, and costs 2 bytes of memory per heap of its capacity as far as
//!   the allocator and the kernel's accounting are concerned;
//! * on Unix, an anonymous private mapping of fixed capacity, made with
//!   `MAP_NORESERVE` ([`Values::mapped`]): address space only, no memory
//!   promised up front, so that the kernel's overcommit heuristic does not
//!   refuse room far larger than memory and swap. Pages read as zeros
//!   until written and take memory only once touched. The mapping never
//!   moves and never grows (a run reserves every heap it will compute);
//!   it is unmapped on drop. Window mode keeps its values there: it
//!   releases the pages between its two ends, so that room for 2^40 heaps
//!   (2 TiB of address space) costs a few MiB of memory.
//!
//! Either way the values read as one slice (`Deref<Target = [u16]>`), and
//! the engines append with [`Values::push`], or write past the length
//! through [`Values::as_mut_ptr`] and then [`Values::set_len`] (the
//! threads of the pipeline, `pipeline.rs`).
//!
//! The start, length and capacity are plain fields whichever the storage,
//! so that reading a value or the length costs what it costs in a `Vec`
//! (runs of cheap heaps read them several times a heap). A `Vec`'s buffer
//! is taken apart into them, and put back together with
//! `Vec::from_raw_parts` from exactly those parts to grow or to be freed;
//! a mapping is never made into a `Vec`.

use std::mem::ManuallyDrop;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

use crate::error::{Error, Result};

/// `G(0..len)` of a run with a capacity, in a `Vec<u16>`'s buffer or in a
/// mapping of fixed capacity reserved as address space only (see the
/// module docs).
#[derive(Debug)]
pub struct Values {
    /// The start of the storage: `capacity` values, the first `len` held.
    ptr: NonNull<u16>,
    len: usize,
    capacity: usize,
    /// Whether the storage is a mapping (else the buffer of a `Vec` taken
    /// apart, owned by this).
    mapped: bool,
}

// SAFETY: a `Values` owns its storage alone, as a `Vec<u16>` does; shared
// access only reads.
unsafe impl Send for Values {}
unsafe impl Sync for Values {}

impl Default for Values {
    fn default() -> Values {
        Values::new()
    }
}

impl Values {
    /// The most values a [`Values`] holds: a slice spans at most
    /// `isize::MAX` bytes, 2 per value.
    pub const MAX_CAPACITY: usize = isize::MAX as usize / 2;

    /// No values, in a `Vec` (which grows as they come).
    pub fn new() -> Values {
        Values::from(Vec::new())
    }

    /// No values, with room for `capacity` in a mapping reserved as address
    /// space only (`mmap` with `MAP_NORESERVE`): memory is taken as pages
    /// are written. The room never grows. The system's refusal when it will
    /// not give that much address space, or for more than
    /// [`Values::MAX_CAPACITY`], or off Unix.
    pub fn mapped(capacity: usize) -> std::io::Result<Values> {
        if capacity > Values::MAX_CAPACITY {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "more than {} values, the most a slice holds",
                    Values::MAX_CAPACITY
                ),
            ));
        }
        #[cfg(unix)]
        {
            // SAFETY: a new anonymous mapping, placed by the kernel,
            // aliasing nothing.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    mapped_bytes(capacity),
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                return Err(std::io::Error::last_os_error());
            }
            Ok(Values {
                // (Page-aligned, so aligned for u16.)
                ptr: NonNull::new(ptr.cast()).expect("mmap places no mapping at address 0"),
                len: 0,
                capacity,
                mapped: true,
            })
        }
        #[cfg(not(unix))]
        {
            Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "values in a mapping reserved as address space: only on Unix",
            ))
        }
    }

    /// Whether the values are in a mapping of fixed capacity.
    pub fn is_mapped(&self) -> bool {
        self.mapped
    }

    /// How many values are held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no value is held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many values fit without moving them.
    #[inline]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Appends `value`. A `Vec` grows as `Vec::push` does; a mapping never
    /// grows: pushing into a full one panics (runs reserve every heap they
    /// compute and stop at the room reserved, see
    /// [`super::Computation::advance`]).
    #[inline]
    pub fn push(&mut self, value: u16) {
        if self.len == self.capacity {
            self.grow_one();
        }
        // SAFETY: `len < capacity`: inside the storage, readable and
        // writable (pages are protected only by window mode, below the
        // length, see `super::pages::release_pages`).
        unsafe { self.ptr.as_ptr().add(self.len).write(value) };
        self.len += 1;
    }

    /// Room for one more value in a full `Vec` (amortised, as `Vec::push`);
    /// a full mapping panics.
    #[cold]
    fn grow_one(&mut self) {
        assert!(
            !self.mapped,
            "a mapping of {} values is full",
            self.capacity
        );
        self.with_vec(|v| v.reserve(1));
    }

    /// Keeps the first `len` values (all of them if fewer). A mapping keeps
    /// its pages: those past the new length still hold the old values.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// The start of the storage, for addresses of pages.
    pub fn as_ptr(&self) -> *const u16 {
        self.ptr.as_ptr()
    }

    /// The start of the storage, valid for writes of the whole capacity
    /// (not only the values held): engines write new values past the
    /// length, then [`Values::set_len`].
    pub fn as_mut_ptr(&mut self) -> *mut u16 {
        self.ptr.as_ptr()
    }

    /// Sets the number of values held.
    ///
    /// # Safety
    /// `len ≤ capacity` (checked), and in a `Vec` the values from the old
    /// length to `len` were written through [`Values::as_mut_ptr`] (memory
    /// past the length is uninitialised). A mapping is initialised up to
    /// its capacity (zeros until written, or values truncated before), so
    /// there only the bound matters.
    pub unsafe fn set_len(&mut self, len: usize) {
        assert!(
            len <= self.capacity,
            "{len} values with room for {}",
            self.capacity
        );
        self.len = len;
    }

    /// Makes room for `additional` more values. A `Vec` grows (exactly, or
    /// an error when memory is refused); a mapping has its room or refuses:
    /// it never grows.
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<()> {
        if self.mapped {
            if additional <= self.capacity - self.len {
                return Ok(());
            }
            return Err(Error::TooLarge(format!(
                "a mapping of {} values does not grow (room for {additional} more asked)",
                self.capacity
            )));
        }
        self.with_vec(|v| v.try_reserve_exact(additional))
            .map_err(|e| {
                Error::TooLarge(format!(
                    "cannot allocate room for {additional} more values: {e}"
                ))
            })
    }

    /// The values as a `Vec` (a copy of them out of a mapping).
    pub fn into_vec(self) -> Vec<u16> {
        if self.mapped {
            // (The mapping is unmapped when `self` drops.)
            return self.to_vec();
        }
        let parts = ManuallyDrop::new(self);
        // SAFETY: the parts of a `Vec` taken apart by `Values::from` (or
        // `with_vec`), whose buffer `parts` owned and no longer frees.
        unsafe { Vec::from_raw_parts(parts.ptr.as_ptr(), parts.len, parts.capacity) }
    }

    /// Runs `f` on the `Vec` whose buffer this holds, and takes it apart
    /// again (it may have moved).
    fn with_vec<R>(&mut self, f: impl FnOnce(&mut Vec<u16>) -> R) -> R {
        assert!(!self.mapped, "a mapping is not a Vec's buffer");
        // The buffer passes to `v`; meanwhile this holds an empty `Vec`'s
        // parts, so that should `f` unwind (after moving the buffer, say)
        // the buffer is leaked by `v`, never freed through stale parts.
        let (ptr, len, capacity) = (self.ptr, self.len, self.capacity);
        let empty = ManuallyDrop::new(Values::from(Vec::new()));
        (self.ptr, self.len, self.capacity) = (empty.ptr, 0, 0);
        // SAFETY: the parts of a `Vec` taken apart by `Values::from` (or an
        // earlier call), whose buffer this owned until just now.
        let mut v = ManuallyDrop::new(unsafe { Vec::from_raw_parts(ptr.as_ptr(), len, capacity) });
        let result = f(&mut v);
        // (Fields, not `*self = …`: nothing to free, the parts are empty.)
        let parts = ManuallyDrop::new(Values::from(ManuallyDrop::into_inner(v)));
        (self.ptr, self.len, self.capacity) = (parts.ptr, parts.len, parts.capacity);
        result
    }
}

/// The bytes of a mapping of `capacity` values (mmap refuses none: one
/// value at least).
#[cfg(unix)]
fn mapped_bytes(capacity: usize) -> usize {
    capacity.max(1) * 2
}

impl From<Vec<u16>> for Values {
    /// Takes `values` apart: its buffer is owned by the [`Values`] from now
    /// on.
    fn from(values: Vec<u16>) -> Values {
        let mut v = ManuallyDrop::new(values);
        Values {
            // (A `Vec`'s pointer is never null: dangling when it holds no
            // buffer.)
            ptr: NonNull::new(v.as_mut_ptr()).expect("a Vec's pointer is not null"),
            len: v.len(),
            capacity: v.capacity(),
            mapped: false,
        }
    }
}

impl Drop for Values {
    fn drop(&mut self) {
        if !self.mapped {
            // SAFETY: as in `Values::with_vec`; freed once, here.
            drop(unsafe { Vec::from_raw_parts(self.ptr.as_ptr(), self.len, self.capacity) });
            return;
        }
        #[cfg(unix)]
        {
            // SAFETY: the mapping made by `Values::mapped`, of that many
            // bytes, no longer referenced (its owner is being dropped).
            let ok =
                unsafe { libc::munmap(self.ptr.as_ptr().cast(), mapped_bytes(self.capacity)) == 0 };
            debug_assert!(ok, "munmap: {}", std::io::Error::last_os_error());
        }
    }
}

impl Deref for Values {
    type Target = [u16];

    #[inline]
    fn deref(&self) -> &[u16] {
        // SAFETY: `len ≤ capacity` values, all initialised (pushed, or
        // written before `set_len`; a mapping reads zeros where unwritten),
        // inside the storage, which lives as long as `self`. Pages window
        // mode protected lie below `len`: see `super::pages::release_pages` for
        // why a slice over them is sound as long as nothing reads them.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl DerefMut for Values {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u16] {
        // SAFETY: as `deref`, uniquely borrowed.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same operations on either storage give the same values.
    fn exercise(mut v: Values) {
        assert!(v.is_empty());
        for x in 0..5000u16 {
            v.push(x);
        }
        assert_eq!(v.len(), 5000);
        assert!(v.capacity() >= 5000);
        assert!(v.iter().copied().eq(0..5000));
        v.truncate(100);
        assert_eq!(&v[..], (0..100).collect::<Vec<u16>>());
        v.truncate(1000);
        assert_eq!(v.len(), 100);
        v[7] = 70;
        assert_eq!(v[7], 70);
        // Written past the length through the pointer, then taken in.
        v.try_reserve_exact(50).unwrap();
        let p = v.as_mut_ptr();
        for i in 100..150 {
            // SAFETY: within the room reserved.
            unsafe { p.add(i).write(i as u16 * 3) };
        }
        // SAFETY: 100..150 written just above.
        unsafe { v.set_len(150) };
        assert_eq!(v[149], 447);
        assert_eq!(v.as_ptr(), p.cast_const());
        let all = v.into_vec();
        assert_eq!(all.len(), 150);
        assert_eq!((all[7], all[99], all[100]), (70, 99, 300));
    }

    #[test]
    fn a_vec_and_a_mapping_hold_the_same_values() {
        exercise(Values::new());
        exercise(Values::from(vec![]));
        let mapped = Values::mapped(6000).unwrap();
        assert!(mapped.is_mapped() && mapped.capacity() == 6000);
        exercise(mapped);
    }

    #[test]
    fn a_vec_grows_and_a_mapping_refuses_to() {
        let mut v = Values::from(vec![1, 2, 3]);
        assert!(!v.is_mapped());
        v.try_reserve_exact(1000).unwrap();
        assert!(v.capacity() >= 1003);
        assert!(v.try_reserve_exact(usize::MAX).is_err());
        let mut m = Values::mapped(10).unwrap();
        m.push(1);
        assert!(m.try_reserve_exact(9).is_ok());
        let err = m.try_reserve_exact(10).unwrap_err().to_string();
        assert!(err.contains("does not grow"), "{err}");
        assert_eq!(m.capacity(), 10);
    }

    #[test]
    #[should_panic(expected = "is full")]
    fn pushing_into_a_full_mapping_panics() {
        let mut m = Values::mapped(3).unwrap();
        for x in 0..4 {
            m.push(x);
        }
    }

    #[test]
    fn a_mapping_reads_zeros_until_written() {
        let mut m = Values::mapped(1 << 20).unwrap();
        m.push(5);
        // SAFETY: within capacity; unwritten pages of the mapping read as
        // zeros (that is what is checked).
        unsafe { m.set_len(1 << 20) };
        assert_eq!(m[0], 5);
        assert!(m[1..].iter().all(|&x| x == 0));
        // Truncated and taken back, old values are still there.
        m[1000] = 9;
        m.truncate(10);
        // SAFETY: within capacity, every page readable.
        unsafe { m.set_len(1001) };
        assert_eq!(m[1000], 9);
    }

    #[test]
    fn room_past_a_slice_or_the_address_space_is_refused() {
        let err = Values::mapped(Values::MAX_CAPACITY + 1).unwrap_err();
        assert!(err.to_string().contains("the most a slice holds"), "{err}");
        #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
        {
            // 2^60 values, 2 EiB: past any 64-bit Linux user address space.
            let err = Values::mapped(1 << 60).unwrap_err();
            assert_eq!(err.raw_os_error(), Some(libc::ENOMEM), "{err}");
        }
    }
}
