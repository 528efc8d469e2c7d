//! The values `G(0..len)` of a run, as `u16`, with room for more.
//!
//! [`Values`] holds them in one of two places:
//!
//! * an ordinary `Vec<u16>` (the default): it grows as values come, and
//!   costs 2 bytes of memory per heap of its capacity as far as the
//!   allocator and the kernel's accounting are concerned;
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
//! threads of [`super::pipeline`]).

use std::ops::{Deref, DerefMut};

use crate::error::{Error, Result};

/// `G(0..len)` of a run with a capacity, in a `Vec<u16>` or in a mapping of
/// fixed capacity reserved as address space only (see the module docs).
#[derive(Debug, Default)]
pub struct Values(Storage);

#[derive(Debug)]
enum Storage {
    Vec(Vec<u16>),
    #[cfg(unix)]
    Mapped(Mapping),
}

impl Default for Storage {
    fn default() -> Storage {
        Storage::Vec(Vec::new())
    }
}

impl Values {
    /// The most values a [`Values`] holds: a slice spans at most
    /// `isize::MAX` bytes, 2 per value.
    pub const MAX_CAPACITY: usize = isize::MAX as usize / 2;

    /// No values, in a `Vec` (which grows as they come).
    pub fn new() -> Values {
        Values::default()
    }

    /// No values, with room for `capacity` in a mapping reserved as address
    /// space only (`mmap` with `MAP_NORESERVE`): memory is taken as pages
    /// are written. The room never grows. The system's refusal when it will
    /// not give that much address space, or for more than
    /// [`Values::MAX_CAPACITY`], or off Unix.
    pub fn mapped(capacity: usize) -> std::io::Result<Values> {
        #[cfg(unix)]
        {
            Mapping::new(capacity).map(|m| Values(Storage::Mapped(m)))
        }
        #[cfg(not(unix))]
        {
            let _ = capacity;
            Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "values in a mapping reserved as address space: only on Unix",
            ))
        }
    }

    /// Whether the values are in a mapping of fixed capacity.
    pub fn is_mapped(&self) -> bool {
        match &self.0 {
            Storage::Vec(_) => false,
            #[cfg(unix)]
            Storage::Mapped(_) => true,
        }
    }

    /// How many values are held.
    pub fn len(&self) -> usize {
        match &self.0 {
            Storage::Vec(v) => v.len(),
            #[cfg(unix)]
            Storage::Mapped(m) => m.len,
        }
    }

    /// Whether no value is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many values fit without moving them.
    pub fn capacity(&self) -> usize {
        match &self.0 {
            Storage::Vec(v) => v.capacity(),
            #[cfg(unix)]
            Storage::Mapped(m) => m.capacity,
        }
    }

    /// Appends `value`. A `Vec` grows as `Vec::push` does; a mapping never
    /// grows: pushing into a full one panics (runs reserve every heap they
    /// compute and stop at the room reserved, see
    /// [`super::Computation::advance`]).
    pub fn push(&mut self, value: u16) {
        match &mut self.0 {
            Storage::Vec(v) => v.push(value),
            #[cfg(unix)]
            Storage::Mapped(m) => {
                assert!(
                    m.len < m.capacity,
                    "a mapping of {} values is full",
                    m.capacity
                );
                // SAFETY: `len < capacity`: inside the mapping, readable
                // and writable (pages are protected only by window mode,
                // below the length, see `super::release_pages`).
                unsafe { m.ptr.add(m.len).write(value) };
                m.len += 1;
            }
        }
    }

    /// Keeps the first `len` values (all of them if fewer). A mapping keeps
    /// its pages: those past the new length still hold the old values.
    pub fn truncate(&mut self, len: usize) {
        match &mut self.0 {
            Storage::Vec(v) => v.truncate(len),
            #[cfg(unix)]
            Storage::Mapped(m) => m.len = m.len.min(len),
        }
    }

    /// The start of the storage, for addresses of pages.
    pub fn as_ptr(&self) -> *const u16 {
        match &self.0 {
            Storage::Vec(v) => v.as_ptr(),
            #[cfg(unix)]
            Storage::Mapped(m) => m.ptr,
        }
    }

    /// The start of the storage, valid for writes of the whole capacity
    /// (not only the values held): engines write new values past the
    /// length, then [`Values::set_len`].
    pub fn as_mut_ptr(&mut self) -> *mut u16 {
        match &mut self.0 {
            Storage::Vec(v) => v.as_mut_ptr(),
            #[cfg(unix)]
            Storage::Mapped(m) => m.ptr,
        }
    }

    /// Sets the number of values held.
    ///
    /// # Safety
    /// `len ≤ capacity`, and the values `old_len..len` were written through
    /// [`Values::as_mut_ptr`] (in a `Vec`, memory past the length is
    /// uninitialised; in a mapping it reads as zeros or old values, but is
    /// not a value computed).
    pub unsafe fn set_len(&mut self, len: usize) {
        match &mut self.0 {
            // SAFETY: as the caller promises.
            Storage::Vec(v) => unsafe { v.set_len(len) },
            #[cfg(unix)]
            Storage::Mapped(m) => {
                debug_assert!(len <= m.capacity);
                m.len = len;
            }
        }
    }

    /// Makes room for `additional` more values. A `Vec` grows (exactly, or
    /// an error when memory is refused); a mapping has its room or refuses:
    /// it never grows.
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<()> {
        match &mut self.0 {
            Storage::Vec(v) => v.try_reserve_exact(additional).map_err(|e| {
                Error::TooLarge(format!(
                    "cannot allocate room for {additional} more values: {e}"
                ))
            }),
            #[cfg(unix)]
            Storage::Mapped(m) => {
                if additional <= m.capacity - m.len {
                    Ok(())
                } else {
                    Err(Error::TooLarge(format!(
                        "a mapping of {} values does not grow (room for {additional} more asked)",
                        m.capacity
                    )))
                }
            }
        }
    }

    /// The values as a `Vec` (a copy of them out of a mapping).
    pub fn into_vec(self) -> Vec<u16> {
        match self.0 {
            Storage::Vec(v) => v,
            #[cfg(unix)]
            Storage::Mapped(ref m) => m.as_slice().to_vec(),
        }
    }
}

impl From<Vec<u16>> for Values {
    fn from(values: Vec<u16>) -> Values {
        Values(Storage::Vec(values))
    }
}

impl Deref for Values {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        match &self.0 {
            Storage::Vec(v) => v,
            #[cfg(unix)]
            Storage::Mapped(m) => m.as_slice(),
        }
    }
}

impl DerefMut for Values {
    fn deref_mut(&mut self) -> &mut [u16] {
        match &mut self.0 {
            Storage::Vec(v) => v,
            #[cfg(unix)]
            Storage::Mapped(m) => {
                // SAFETY: as `Mapping::as_slice`, uniquely borrowed.
                unsafe { std::slice::from_raw_parts_mut(m.ptr, m.len) }
            }
        }
    }
}

/// An anonymous private mapping of `capacity` values, the first `len` held.
#[cfg(unix)]
#[derive(Debug)]
struct Mapping {
    ptr: *mut u16,
    len: usize,
    capacity: usize,
}

// SAFETY: the mapping is owned by one `Values` alone, like a `Vec`'s
// buffer; shared access only reads.
#[cfg(unix)]
unsafe impl Send for Mapping {}
#[cfg(unix)]
unsafe impl Sync for Mapping {}

#[cfg(unix)]
impl Mapping {
    fn new(capacity: usize) -> std::io::Result<Mapping> {
        if capacity > Values::MAX_CAPACITY {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "more than {} values, the most a slice holds",
                    Values::MAX_CAPACITY
                ),
            ));
        }
        // (A mapping of no bytes is refused by mmap: one value at least.)
        let bytes = capacity.max(1) * 2;
        // SAFETY: a new anonymous mapping, placed by the kernel, aliasing
        // nothing.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        Ok(Mapping {
            ptr: ptr.cast(),
            len: 0,
            capacity,
        })
    }

    fn as_slice(&self) -> &[u16] {
        // SAFETY: `len ≤ capacity` values inside the mapping, which lives as
        // long as `self` (a page-aligned pointer, aligned for u16). Pages
        // window mode protected lie below `len`: see `super::release_pages`
        // for why a slice over them is sound as long as nothing reads them.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

#[cfg(unix)]
impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `Mapping::new`, of that many bytes,
        // no longer referenced (its owner is being dropped).
        let ok = unsafe { libc::munmap(self.ptr.cast(), self.capacity.max(1) * 2) == 0 };
        debug_assert!(ok, "munmap: {}", std::io::Error::last_os_error());
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
