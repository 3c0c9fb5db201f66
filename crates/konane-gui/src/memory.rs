//! Memory that comes back: the solver badge's tables (megabytes each) are made and
//! dropped as tabs come and go. glibc's malloc raises its mmap threshold to the size of
//! a large block when one is freed, so that the next tables come from its heaps, which
//! keep freed memory resident (51 analysis tabs on 6x6: 12 MB to 146 MB). A fixed
//! threshold keeps every large block in its own mapping, handed back to the system when
//! freed (the same 51 tabs: 10 MB to 12 MB; `tests/gui_server.rs` measures it).

/// glibc's default threshold, now fixed: blocks from 128 KiB up are mapped alone.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 128 << 10;

/// Fixes the allocator's mmap threshold (glibc only; elsewhere nothing to do).
pub fn hand_back_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a parameter of the allocator, which takes it at any
    // time; its result (0 when refused) is a tuning's, and a refusal changes nothing
    // else.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}
