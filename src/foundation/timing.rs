//! Timing a batch of work, one way for both faces: the CLI hands a monotonic clock
//! (`std::time::Instant`), the page's worker the browser's `performance.now()` (through web-sys),
//! each as milliseconds from any origin, never going back. The core reads no clock of its own.
//!
//! A batch over `n` URLs is repeated until the repeats took [`TIMED_MIN_MS`] or handled
//! [`TIMED_MAX_URLS`] URLs (a browser's clock ticks in 0.1 ms steps or coarser, so one fast
//! batch alone would read 0); the time per URL is the total over the URLs handled. Used by the
//! trie structures (P4) and the partition policies (P2).

/// Repeat a timed batch until it took this long in all (250 ticks of a browser's 0.1 ms clock:
/// its rounding under 0.5 %; the page takes the median of several runs)…
pub const TIMED_MIN_MS: f64 = 25.0;
/// …or handled this many URLs.
pub const TIMED_MAX_URLS: usize = 2_000_000;

/// Repeats of a timed batch over `count` URLs at most ([`TIMED_MAX_URLS`]; one when there are
/// none).
pub fn repeat_cap(count: usize) -> u32 {
    if count == 0 {
        1
    } else {
        TIMED_MAX_URLS.div_ceil(count) as u32
    }
}

/// `f` repeated as the module says, at most `cap` times: its last result, the milliseconds of
/// all and the repeats.
pub fn repeated<T>(
    cap: u32,
    now: &mut dyn FnMut() -> f64,
    mut f: impl FnMut() -> T,
) -> (T, f64, u32) {
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
pub fn us_per_url(ms: f64, repeats: u32, count: usize) -> f64 {
    ms * 1000.0 / (repeats as f64 * count.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_is_repeated_until_the_clock_says_enough_or_the_cap() {
        // A clock that moves 1 ms a reading: 25 repeats of 1 ms each.
        let mut t = 0.0;
        let mut clock = || {
            t += 1.0;
            t
        };
        let mut calls = 0;
        let (last, ms, repeats) = repeated(1_000, &mut clock, || {
            calls += 1;
            calls
        });
        assert_eq!((last, repeats), (25, 25));
        assert_eq!(ms, 25.0);
        assert!((us_per_url(ms, repeats, 100) - 10.0).abs() < 1e-12);
        // A clock that never moves stops at the cap.
        let (_, ms, repeats) = repeated(7, &mut || 0.0, || ());
        assert_eq!((ms, repeats), (0.0, 7));
        assert_eq!(repeat_cap(0), 1);
        assert_eq!(repeat_cap(3), 666_667);
        assert_eq!(us_per_url(5.0, 1, 0), 5_000.0);
    }
}
