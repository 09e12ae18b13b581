//! Timing a structure, one way for both faces: the CLI hands [`time_structure`] a monotonic
//! clock (`std::time::Instant`), the page's worker the browser's `performance.now()` (through
//! web-sys). The core reads no clock of its own.
//!
//! A build from `n` distinct URLs, then the lookups of those `n` URLs, are each repeated as
//! [`crate::foundation::timing`] says; the time per URL is the total over the URLs handled. P4's Table 1 times lookups with 16 000 URLs stored:
//! [`time_lookups`] of the first 16 000, their build untimed.

use super::structures::{Structure, UrlSet};
use crate::foundation::timing::{repeat_cap, repeated, us_per_url as per_url};
pub use crate::foundation::timing::{TIMED_MAX_URLS, TIMED_MIN_MS};
use serde::Serialize;

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
