//! Huge pages for the solver's large tables.
//!
//! The proof table and the tables of numbers are read at random, one cache miss a
//! probe, and with 4 KiB pages each miss is also a miss of the processor's page cache
//! (the TLB): gigabytes of tables span a million pages. Linux backs memory advised with
//! `MADV_HUGEPAGE` by 2 MiB pages where it can (in its usual `madvise` mode of
//! transparent huge pages it does so only on request). Measured in
//! docs/journal/solver-2026.md ("Huge pages").

use zerocopy::FromZeros;

/// The size of a huge page on the systems that have them.
const HUGE_PAGE: usize = 2 << 20;

/// `len` zeroed values, in huge pages where the system has them (the pages are mapped
/// only as they are first written). Panics ("memory for `what`") when the memory is lacking.
pub(crate) fn zeroed<T: FromZeros>(len: usize, what: &str) -> Box<[T]> {
    let memory =
        <[T]>::new_box_zeroed_with_elems(len).unwrap_or_else(|_| panic!("memory for {what}"));
    advise(&memory);
    memory
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

#[cfg(test)]
mod tests {
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
}
