//! Timing a structure, one way for both faces: the CLI hands [`time_structure`] a monotonic
//! clock (`std::time::Instant`), the page's worker the browser's `performance.now()` (through
//! web-sys). The core reads no clock of its own.
//!
//! A build from `n` distinct URLs, then the lookups of those `n` URLs, are each repeated until
//! the repeats took [`TIMED_MIN_MS`] or handled [`TIMED_MAX_URLS`] URLs (a browser's clock
//! ticks in 0.1 ms steps or coarser, so one fast batch alone would read 0); the time per URL is
//! the total over the URLs handled. P4's Table 1 times lookups with 16 000 URLs stored
//! ([`P4_TIME_URLS`](super::P4_TIME_URLS)): the same call with the first 16 000.

use super::structures::{Structure, UrlSet};
use serde::Serialize;

/// Repeat a timed batch until it took this long in all (250 ticks of a browser's 0.1 ms clock:
/// its rounding under 0.5 %; the page takes the median of several runs)…
pub const TIMED_MIN_MS: f64 = 25.0;
/// …or handled this many URLs.
pub const TIMED_MAX_URLS: usize = 2_000_000;

/// One structure built from `urls` distinct URLs and timed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// The structure timed.
    pub structure: Structure,
    /// Distinct URLs it was built from and looked up.
    pub urls: u64,
    /// What the last build stored (every URL, for an exact structure).
    pub stored: u64,
    /// What the last lookup pass found (every URL, for an exact structure).
    pub found: u64,
    /// Microseconds per URL of a build: the builds' total time over the URLs they inserted.
    pub insert_us_per_url: f64,
    /// Microseconds per URL of a lookup: the passes' total time over the URLs they looked up.
    pub lookup_us_per_url: f64,
    /// Builds timed.
    pub build_repeats: u32,
    /// Lookup passes timed.
    pub lookup_repeats: u32,
}

/// Builds `structure` from `urls` (distinct) and looks each up, timed by `now` (milliseconds
/// from any origin, never going back), repeating each as the module says.
pub fn time_structure(
    structure: Structure,
    urls: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> Timing {
    let count = urls.len().max(1);
    // Nothing to time: one pass each.
    let cap = if urls.is_empty() {
        1
    } else {
        TIMED_MAX_URLS.div_ceil(count) as u32
    };
    let (mut build_repeats, t0) = (0u32, now());
    let (set, build_ms) = loop {
        let mut set = structure.new_set();
        set.insert_all(urls.iter().copied());
        build_repeats += 1;
        let ms = now() - t0;
        if ms >= TIMED_MIN_MS || build_repeats >= cap {
            break (set, ms);
        }
    };
    let (mut lookup_repeats, t0) = (0u32, now());
    let (found, lookup_ms) = loop {
        let found = std::hint::black_box(set.contains_all(urls.iter().copied()));
        lookup_repeats += 1;
        let ms = now() - t0;
        if ms >= TIMED_MIN_MS || lookup_repeats >= cap {
            break (found, ms);
        }
    };
    let per_url = |ms: f64, repeats: u32| ms * 1000.0 / (repeats as f64 * count as f64);
    Timing {
        structure,
        urls: urls.len() as u64,
        stored: set.len(),
        found,
        insert_us_per_url: per_url(build_ms, build_repeats),
        lookup_us_per_url: per_url(lookup_ms, lookup_repeats),
        build_repeats,
        lookup_repeats,
    }
}
