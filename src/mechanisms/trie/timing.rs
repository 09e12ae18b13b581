//! Timing a structure, one way for both faces: the CLI hands [`time_structure`] a monotonic
//! clock (`std::time::Instant`), the page's worker the browser's `performance.now()` (through
//! web-sys). The core reads no clock of its own.
//!
//! A build from `n` distinct URLs, then the lookups of those `n` URLs, are each repeated until
//! the repeats took [`TIMED_MIN_MS`] or handled [`TIMED_MAX_URLS`] URLs (a browser's clock
//! ticks in 0.1 ms steps or coarser, so one fast batch alone would read 0); the time per URL is
//! the total over the URLs handled. P4's Table 1 times lookups with 16 000 URLs stored:
//! [`time_lookups`] of the first 16 000, their build untimed.

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

/// P4's Table 1 setting: lookups only, in a structure built from `urls` (untimed).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LookupTiming {
    /// The structure timed.
    pub structure: Structure,
    /// Distinct URLs it was built from and looked up.
    pub urls: u64,
    /// What the last lookup pass found (every URL, for an exact structure).
    pub found: u64,
    /// Microseconds per URL of a lookup: the passes' total time over the URLs they looked up.
    pub lookup_us_per_url: f64,
    /// Lookup passes timed.
    pub lookup_repeats: u32,
}

/// Repeats of a timed batch over `count` URLs at most ([`TIMED_MAX_URLS`]; one when there are
/// none).
fn repeat_cap(count: usize) -> u32 {
    if count == 0 {
        1
    } else {
        TIMED_MAX_URLS.div_ceil(count) as u32
    }
}

/// `f` repeated as the module says: its last result, the milliseconds of all and the repeats.
fn repeated<T>(cap: u32, now: &mut dyn FnMut() -> f64, mut f: impl FnMut() -> T) -> (T, f64, u32) {
    let (mut repeats, t0) = (0u32, now());
    loop {
        let out = f();
        repeats += 1;
        let ms = now() - t0;
        if ms >= TIMED_MIN_MS || repeats >= cap {
            return (out, ms, repeats);
        }
    }
}

/// Microseconds per URL of `repeats` batches of `count` URLs in `ms`.
fn per_url(ms: f64, repeats: u32, count: usize) -> f64 {
    ms * 1000.0 / (repeats as f64 * count.max(1) as f64)
}

/// Builds `structure` from `urls` (distinct) and looks each up, timed by `now` (milliseconds
/// from any origin, never going back), repeating each as the module says.
pub fn time_structure(
    structure: Structure,
    urls: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> Timing {
    let cap = repeat_cap(urls.len());
    let (set, build_ms, build_repeats) = repeated(cap, now, || {
        let mut set = structure.new_set();
        set.insert_all(urls.iter().copied());
        set
    });
    let (found, lookup_ms, lookup_repeats) = repeated(cap, now, || {
        std::hint::black_box(set.contains_all(urls.iter().copied()))
    });
    Timing {
        structure,
        urls: urls.len() as u64,
        stored: set.len(),
        found,
        insert_us_per_url: per_url(build_ms, build_repeats, urls.len()),
        lookup_us_per_url: per_url(lookup_ms, lookup_repeats, urls.len()),
        build_repeats,
        lookup_repeats,
    }
}

/// Builds `structure` from `urls` (distinct) once, untimed, then times the lookups of each as
/// [`time_structure`] does: P4's Table 1, which times dedups with 16 000 URLs stored.
pub fn time_lookups(
    structure: Structure,
    urls: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> LookupTiming {
    let mut set = structure.new_set();
    set.insert_all(urls.iter().copied());
    let (found, ms, lookup_repeats) = repeated(repeat_cap(urls.len()), now, || {
        std::hint::black_box(set.contains_all(urls.iter().copied()))
    });
    LookupTiming {
        structure,
        urls: urls.len() as u64,
        found,
        lookup_us_per_url: per_url(ms, lookup_repeats, urls.len()),
        lookup_repeats,
    }
}
