//! Huge pages for the solver's large tables.
//!
//! The proof table and the tables of numbers are read at random, one cache miss a
//! probe, and with 4 KiB pages each miss is also a miss of the processor's page cache
//! (the TLB): gigabytes of tables span a million pages. Linux backs memory advised with
//! `MADV_HUGEPAGE` by 2 MiB pages where it can (in its usual `madvise` mode of
//! transparent huge pages it does so only on request), but only pages first written
//! after the advice. Measured in docs/journal/solver-2026.md ("Huge pages").

use std::ops::Deref;

use zerocopy::FromZeros;

/// The size of a huge page on the systems that have them.
const HUGE_PAGE: usize = 2 << 20;

/// A table of zeroed values that no write has touched yet: on Linux a mapping of its
/// own, advised for huge pages before anything is written, whose pages are mapped only
/// as they are first written (so a table takes memory as it fills); elsewhere a zeroed
/// box. (A zeroed box of values aligned to more than 16 bytes, such as a home on a
/// cache line of its own, is written with zeros by the allocator before any advice
/// could reach it, so all its pages would be small ones, and all mapped at once.)
pub(crate) struct Zeroed<T> {
    #[cfg(target_os = "linux")]
    mapping: mapping::Mapping<T>,
    #[cfg(not(target_os = "linux"))]
    boxed: Box<[T]>,
}

impl<T> Deref for Zeroed<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        #[cfg(target_os = "linux")]
        return self.mapping.as_slice();
        #[cfg(not(target_os = "linux"))]
        return &self.boxed;
    }
}

/// `len` zeroed values, in huge pages where the system has them (the pages are mapped
/// only as they are first written). Panics ("memory for `what`") when the memory is lacking.
pub(crate) fn zeroed<T: FromZeros>(len: usize, what: &str) -> Zeroed<T> {
    #[cfg(target_os = "linux")]
    return Zeroed {
        mapping: mapping::Mapping::zeroed(len).unwrap_or_else(|| panic!("memory for {what}")),
    };
    #[cfg(not(target_os = "linux"))]
    return Zeroed {
        boxed: <[T]>::new_box_zeroed_with_elems(len)
            .unwrap_or_else(|_| panic!("memory for {what}")),
    };
}

/// Asks the system to back `memory` with huge pages as its pages are first written: a
/// hint, so nothing changes where the system has none or declines. Only the huge pages
/// wholly inside `memory` are advised; a region smaller than one is left alone.
pub(crate) fn advise<T>(memory: &[T]) {
    let start = memory.as_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let first = start.next_multiple_of(HUGE_PAGE);
    let last = end - end % HUGE_PAGE;
    if first < last {
        advise_range(first, last - first);
    }
}

#[cfg(target_os = "linux")]
fn advise_range(start: usize, len: usize) {
    // SAFETY: `madvise` with `MADV_HUGEPAGE` neither reads nor writes the memory nor
    // unmaps it; it only tells the kernel how to back the (page-aligned) range, which
    // lies inside one live allocation. Its result is a hint's: a failure is ignored.
    #[allow(unsafe_code)]
    unsafe {
        libc::madvise(start as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_range(_start: usize, _len: usize) {}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod mapping {
    use std::marker::PhantomData;
    use std::ptr::NonNull;

    use zerocopy::FromZeros;

    /// `len` values of `T` in an anonymous private mapping of their own (zero-filled by
    /// the kernel, page-aligned, so aligned for any `T` of alignment up to a page).
    pub(super) struct Mapping<T> {
        start: NonNull<T>,
        len: usize,
        _owns: PhantomData<T>,
    }

    // SAFETY: a `Mapping` owns its values as a `Box<[T]>` would, so it may move to or
    // be shared between threads whenever `T` may.
    unsafe impl<T: Send> Send for Mapping<T> {}
    // SAFETY: as above; only `&[T]` is ever handed out.
    unsafe impl<T: Sync> Sync for Mapping<T> {}

    impl<T: FromZeros> Mapping<T> {
        /// `len` zeroed values advised for huge pages (`None`: no memory for them).
        pub(super) fn zeroed(len: usize) -> Option<Mapping<T>> {
            // Page-aligned memory suits them, and dropping the mapping needs no drop of
            // theirs (the tables hold plain words and atomics).
            const {
                assert!(std::mem::align_of::<T>() <= 4096);
                assert!(!std::mem::needs_drop::<T>());
            }
            let bytes = len.checked_mul(std::mem::size_of::<T>())?.max(1);
            // SAFETY: a fresh anonymous private mapping at an address of the kernel's
            // choosing touches no existing memory.
            let start = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if start == libc::MAP_FAILED {
                return None;
            }
            let mapping = Mapping {
                start: NonNull::new(start.cast::<T>())?,
                len,
                _owns: PhantomData,
            };
            super::advise(mapping.as_slice());
            Some(mapping)
        }
    }

    impl<T> Mapping<T> {
        pub(super) fn as_slice(&self) -> &[T] {
            // SAFETY: the mapping holds `len` values of `T`, page-aligned, zero-filled
            // by the kernel (a valid `T`: `T: FromZeros` when made), and lives as long
            // as `self`; values are changed only through their own interior
            // mutability (atomics), never through a `&mut`.
            unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
        }
    }

    impl<T> Drop for Mapping<T> {
        fn drop(&mut self) {
            // The values need no drop of their own (asserted in `zeroed`), so the
            // mapping is only given back.
            let bytes = (self.len * std::mem::size_of::<T>()).max(1);
            // SAFETY: the range is exactly the mapping made in `zeroed`, unmapped once.
            unsafe {
                libc::munmap(self.start.as_ptr().cast(), bytes);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Advising leaves the memory as it was, whatever its size or alignment.
    #[test]
    fn advising_keeps_the_contents() {
        for len in [0, 1, 1000, 3 << 20] {
            let memory: Vec<u64> = (0..len as u64).collect();
            super::advise(&memory);
            super::advise(&memory[len / 3..]);
            assert!(memory.iter().enumerate().all(|(i, &v)| v == i as u64));
        }
    }

    /// A line of eight words on a cache line of its own, as the shared numbers' homes.
    #[derive(zerocopy::FromZeros)]
    #[repr(C, align(64))]
    struct Line([AtomicU64; 8]);

    /// A zeroed table reads zeros, keeps what is written, is aligned for its values,
    /// and comes in any size, empty included.
    #[test]
    fn zeroed_tables_read_zeros_and_keep_writes() {
        for len in [0, 1, 3, 1 << 16, (5 << 20) + 7] {
            let table = super::zeroed::<Line>(len, "a test");
            assert_eq!(table.len(), len);
            assert_eq!(table.as_ptr() as usize % 64, 0);
            assert!(table
                .iter()
                .all(|l| l.0.iter().all(|w| w.load(Ordering::Relaxed) == 0)));
            for (i, line) in table.iter().enumerate().step_by(997) {
                line.0[i % 8].store(i as u64 + 1, Ordering::Relaxed);
            }
            for (i, line) in table.iter().enumerate().step_by(997) {
                assert_eq!(line.0[i % 8].load(Ordering::Relaxed), i as u64 + 1);
            }
        }
    }
}
