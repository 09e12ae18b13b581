//! Heap accounting for the command line: a global allocator that counts the bytes in use, so
//! `urlhash trie` can report what each dedup structure really takes (allocator overhead aside),
//! for crates that keep no account of their own.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting live bytes.
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_add(new_size, Relaxed);
            LIVE.fetch_sub(layout.size(), Relaxed);
        }
        p
    }
}

/// Bytes allocated and not yet freed, process-wide.
fn live_bytes() -> usize {
    LIVE.load(Relaxed)
}

/// Runs `build` and returns its value with the heap bytes it left allocated.
pub fn measure<T>(build: impl FnOnce() -> T) -> (T, usize) {
    let before = live_bytes();
    let value = build();
    (value, live_bytes().saturating_sub(before))
}

/// Has glibc's malloc serve blocks of 64 KiB and more with their own mappings, given back to
/// the system when freed. By default the threshold rises to the size of the largest block freed,
/// so the growing tables of `partition` and the dedup commands leave their outgrown copies in
/// the heap, where they stay resident (a third more at 20 million URLs).
pub fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_MMAP_THRESHOLD: i32 = -3;
        // SAFETY: mallopt only sets a tunable of glibc's allocator; called before any thread.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 64 * 1024);
        }
    }
}
