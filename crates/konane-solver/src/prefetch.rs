//! Prefetching the slots of the solver's tables: a node that is about to look up every
//! child first asks for all their slots, so that the cache misses overlap instead of
//! coming one after the other.

/// Asks the processor to bring the cache line holding `place` in, without waiting for
/// it (a hint: nothing the program sees changes, and nothing happens on processors
/// other than x86-64 and AArch64).
#[inline(always)]
pub(crate) fn prefetch<T>(place: &T) {
    let address = (place as *const T).cast::<i8>();
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing into the program and cannot fault (and the
    // address is that of a live reference anyway).
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(address);
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above; the instruction touches no register but its address operand.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::asm!("prfm pldl1keep, [{0}]", in(reg) address, options(nostack, preserves_flags, readonly));
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = address;
}
