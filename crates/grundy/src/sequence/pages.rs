//! Whole pages of memory: the page size, and the release of the pages of
//! values a run no longer reads (window and archive modes), protected so
//! that a stray read faults, and their restoration before the storage is
//! freed or reused.

use super::plan::human_bytes;
use crate::error::{Error, Result};

/// The size of a page of memory (asked once: window runs of cheap heaps
/// release every few heaps, and the system call cost 3 % of their time).
#[cfg(unix)]
pub(super) fn page_size() -> usize {
    static SIZE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *SIZE.get_or_init(|| {
        // SAFETY: sysconf only reads a system constant.
        let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(size).unwrap_or(4096).max(1)
    })
}

#[cfg(not(unix))]
pub(super) fn page_size() -> usize {
    4096
}

/// Releases the memory of the whole pages `lo..hi` (within the storage of
/// the [`Values`], never read again) and protects them, so that a stray
/// read faults instead of reading zeros. (Protected first: pages of
/// `lo..hi` released before then lie in the same mapping as the new ones,
/// and the kernel frees the page tables that the one call empties.)
#[cfg(unix)]
pub(super) fn release_pages(lo: usize, hi: usize) -> Result<()> {
    let (ptr, len) = (lo as *mut libc::c_void, hi - lo);
    // SAFETY: lo..hi are whole pages inside the values' storage (a mapping
    // in window mode, a vector in archive mode), which the engine was told
    // never to read again (`Engine::forget`). The invariant of window mode:
    // the whole pages of `Window::dropped` are protected, or (a run resumed
    // from a checkpoint) never written; the storage never moves or grows
    // while a window is on (`advance` and `reserve` refuse, `window`
    // refuses a second window); they are made accessible again
    // (`restore_pages`) before the storage is freed or truncated.
    // Slices handed to the engine still cover them: strictly, a reference
    // should point to readable memory over its whole length; rustc does not
    // tell LLVM so for slices of dynamic length, so nothing is read there
    // unless the engine reads it. (Handing the engine the dropped range
    // with a raw pointer would remove even that.)
    let ok = unsafe {
        libc::mprotect(ptr, len, libc::PROT_NONE) == 0
            && libc::madvise(ptr, len, libc::MADV_DONTNEED) == 0
    };
    if ok {
        Ok(())
    } else {
        Err(Error::TooLarge(format!(
            "window mode: cannot release {} of values: {}",
            human_bytes(len as u64),
            std::io::Error::last_os_error()
        )))
    }
}

#[cfg(not(unix))]
pub(super) fn release_pages(_lo: usize, _hi: usize) -> Result<()> {
    Err(Error::Unsupported("window mode: only on Unix".into()))
}

/// Makes the whole pages within `lo..hi`, released by [`release_pages`],
/// readable and writable again (they read as zeros).
#[cfg(unix)]
pub(super) fn restore_pages(lo: usize, hi: usize) {
    // (Heaps dropped by a run resumed from a checkpoint may not start or end
    // on a page; only whole pages inside them were ever protected.)
    let page = page_size();
    let (lo, hi) = (lo.next_multiple_of(page), hi / page * page);
    if lo >= hi {
        return;
    }
    // SAFETY: whole pages inside the values' storage, protected by
    // `release_pages` or never written (a resumed run's).
    let ok = unsafe {
        libc::mprotect(
            lo as *mut libc::c_void,
            hi - lo,
            libc::PROT_READ | libc::PROT_WRITE,
        ) == 0
    };
    // Freeing protected pages could hand them to the allocator unusable
    // (from `Drop` while unwinding, this aborts: still better than that).
    assert!(ok, "cannot restore the released pages of a window-mode run");
}

#[cfg(not(unix))]
pub(super) fn restore_pages(_lo: usize, _hi: usize) {}
