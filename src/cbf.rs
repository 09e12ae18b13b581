//! Counting Bloom filters and P5's IMP-CB Filter: MD5 fingerprint store plus a counting filter
//! in front of it.
//!
//! P5 = 吴家奇, 刘年国, 李雪, 谢翔, 王涛, 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018).
//! (Its text calls the algorithm both "IMP-CB Filter" and "IMP-CM Filter"; the lab says IMP-CB.)
//!
//! # Counting Bloom filter ([`CountingBloom`], P5 §1.2, §2.2)
//!
//! m counters of `bits` bits each (P5's n; 4 by default), packed into 64-bit words
//! ([`Counters`]); k positions per key by any [`IndexMethod`] of [`crate::bloom`]. Insert adds 1
//! to each of the key's k counters, delete subtracts 1, a key is present when all its counters
//! are non-zero. A counter saturates at `2^bits − 1` and is never incremented past it; every
//! increment attempted at a saturated counter is an **overflow event**.
//!
//! Saturation breaks deletion. Once a counter is stuck at its maximum it no longer knows how many
//! keys hit it, and a plain filter that keeps decrementing it can reach 0 while keys that hit it
//! remain: those keys now read as absent, **false negatives**, which a Bloom filter must never
//! give. [`CbfDelete::Decrement`] is that naive filter; [`CbfDelete::Sticky`] is Fan et al.'s
//! rule (a saturated counter is never decremented again: no false negatives, but the counter
//! stays set for good). [`deletion_experiment`] inserts N keys, deletes some, and counts the
//! remaining keys that read absent, for both rules and for IMP-CB. (Deleting a key that was
//! never inserted but reads present, a false positive, also corrupts the counters; the
//! experiment deletes only inserted keys.)
//!
//! ## Overflow theory
//!
//! With N keys and k hashes into m counters, counter i is hit `c(i) ~ Binomial(Nk, 1/m)` times:
//! `P(c(i) = j) = C(Nk, j) (1/m)^j (1 − 1/m)^(Nk−j)` ([`counter_pmf`], in log space;
//! [`counter_tail`] for `P(c(i) >= j)`). For `k <= (ln 2) m/N`, Fan, Cao, Almeida & Broder
//! (*Summary Cache*, SIGCOMM 1998 / ToN 2000) bound `P(max_i c(i) >= j) <= m (e ln 2 / j)^j`
//! ([`overflow_bound`]), which for 4-bit counters (overflow at j = 16) is **1.37 × 10^-15 × m**.
//! P5 prints two misprints of it, kept here as labelled functions:
//!
//! * `m (ln 2 / j)^j`, the e lost ([`overflow_bound_printed`]); at j = 16 it gives
//!   1.5 × 10^-22 × m;
//! * "`1.37 × 10^15 × m`" ([`P5_PRINTED_J16_FACTOR`]), the sign of the exponent lost: a bound
//!   above 1 that bounds nothing.
//!
//! # IMP-CB ([`ImpCb`], P5 §2.3, Fig. 2)
//!
//! A URL's fingerprint is MD5(URL), stored with its reference count and its k counter indices in
//! the **fingerprint store** (指纹库, here a `HashMap<u128, Record>`; the indices live in one flat
//! array, k `u32`s per record). The k indices are derived from the fingerprint
//! ([`IndexMethod::for_each_index_of_md5`]: "the k hash functions over MD5-value").
//!
//! * **Process** a URL: if any of its k counters is 0 the URL is certainly new (no store lookup:
//!   [`ImpCbStats::answered_by_counters`]): keep it, store (fingerprint, count = 1, indices),
//!   and add 1 to each of the k counters that is below `2^bits − 1`. If all are non-zero, look
//!   the fingerprint up: found → duplicate, count += 1 (the counters are not touched: they count
//!   **distinct** fingerprints, not references); not found (the filter's false positive) → new,
//!   as above.
//! * **Delete** a URL: its reference count drops by 1; at 0 the record is removed and its k
//!   counters drop by 1. At a saturated counter P5 "counts in the fingerprint store how many
//!   stored fingerprints map to that counter" and sets the counter to that count (at most the
//!   maximum). A fingerprint whose k indices hit one counter twice incremented it twice, so the
//!   lab counts occurrences. Two ways, [`SaturatedDelete`]:
//!   * `scan` (P5 as written): a pass over every stored record's indices, `k ×` (records) reads
//!     per saturated decrement ([`ImpCbStats::scanned_indices`]);
//!   * `side-table` (the lab's): a map from each saturated counter to its true count, kept
//!     current on insert and delete: O(1) per decrement, 8 bytes (plus table overhead) per
//!     saturated counter.
//!
//!   Both keep every counter equal to `min(true count, 2^bits − 1)`, so a stored URL never
//!   finds a 0 counter: **no false negatives** under any sequence of inserts and deletes.
//!
//! [`FingerprintStore`] is P5's Fig. 1 baseline: the store alone (`HashMap<u128, u32>` of
//! reference counts). Both have `process(url) -> Verdict` for P5's Fig. 3 timing (callers time;
//! this core never reads a clock). In memory the counters cannot save lookups' I/O as in P5;
//! they save store probes, counted in the stats.
//!
//! Memory is modelled for a 64-bit target as in [`crate::bloom`] (hashbrown buckets, an
//! `(u128, Record)` entry is 32 bytes with `u128` aligned to 16), identically on every target.
//!
//! # Example
//! ```
//! use urlhashlab::bloom::IndexMethod;
//! use urlhashlab::cbf::{CountingBloom, ImpCb, Verdict};
//! // bits = 1: a counter saturates at 1. Two keys on one counter, delete one: the other is lost.
//! let mut cbf = CountingBloom::new(1, 1, 1, IndexMethod::Independent).unwrap();
//! cbf.insert(b"http://a.cn/");
//! cbf.insert(b"http://b.cn/");
//! assert_eq!(cbf.overflow_events(), 1);
//! assert!(cbf.delete(b"http://b.cn/"));
//! assert!(!cbf.contains(b"http://a.cn/")); // a false negative
//!
//! // IMP-CB on the same single counter resolves the saturated delete in its store.
//! let mut imp = ImpCb::new(1, 1, 1, IndexMethod::Md5Slices).unwrap();
//! assert_eq!(imp.process(b"http://a.cn/"), Verdict::New);
//! assert_eq!(imp.process(b"http://b.cn/"), Verdict::New);
//! assert_eq!(imp.process(b"http://a.cn/"), Verdict::Duplicate);
//! imp.delete(b"http://b.cn/");
//! assert!(imp.contains(b"http://a.cn/"));
//! assert!(!imp.contains(b"http://b.cn/"));
//! ```

use crate::bloom::{check_shape, hashbrown_bytes, word_count, IndexMethod, MAX_K};
use crate::hash::md5_digest;
use crate::metrics::ln_gamma;
use serde::Serialize;
use std::collections::HashMap;

/// The default counter width, P5's 4 bits.
pub const DEFAULT_BITS: u32 = 4;

// ----------------------------------------------------------------------------------------------
// Packed counters

/// m counters of `bits` bits (1 to 32) packed into 64-bit words; a counter may straddle two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counters {
    words: Vec<u64>,
    m: u64,
    bits: u32,
    max: u32,
}

impl Counters {
    /// m zero counters of `bits` bits each.
    pub fn new(m: u64, bits: u32) -> Result<Counters, String> {
        if !(1..=32).contains(&bits) {
            return Err(format!("counters must have 1 to 32 bits (got {bits})"));
        }
        check_shape(m, 1)?;
        Ok(Counters {
            words: vec![0; word_count(m * bits as u64)?],
            m,
            bits,
            max: ((1u64 << bits) - 1) as u32,
        })
    }

    #[inline]
    fn mask(&self) -> u64 {
        self.max as u64
    }

    /// Counter `i` (below m).
    #[inline]
    pub fn get(&self, i: u64) -> u32 {
        let p = i * self.bits as u64;
        let (w, o) = ((p >> 6) as usize, (p & 63) as u32);
        let mut v = self.words[w] >> o;
        if o + self.bits > 64 {
            v |= self.words[w + 1] << (64 - o);
        }
        (v & self.mask()) as u32
    }

    /// Sets counter `i` to `v` (at most [`Counters::max`]).
    #[inline]
    pub fn set(&mut self, i: u64, v: u32) {
        debug_assert!(v <= self.max);
        let mask = self.mask();
        let v = v as u64 & mask;
        let p = i * self.bits as u64;
        let (w, o) = ((p >> 6) as usize, (p & 63) as u32);
        self.words[w] = (self.words[w] & !(mask << o)) | (v << o);
        if o + self.bits > 64 {
            let s = 64 - o;
            self.words[w + 1] = (self.words[w + 1] & !(mask >> s)) | (v >> s);
        }
    }

    pub fn m(&self) -> u64 {
        self.m
    }
    pub fn bits(&self) -> u32 {
        self.bits
    }
    /// The saturation value `2^bits − 1`.
    pub fn max(&self) -> u32 {
        self.max
    }

    /// How many counters hold 0, 1, 2, …: `max + 1` entries for counters of up to 16 bits;
    /// for wider counters, entries up to the largest value held, and the last of 65 536 entries
    /// counts every counter at 65 535 or above.
    pub fn histogram(&self) -> Vec<u64> {
        const CAP: usize = 1 << 16;
        let mut h = vec![
            0u64;
            if self.bits <= 16 {
                self.max as usize + 1
            } else {
                1
            }
        ];
        for i in 0..self.m {
            let c = (self.get(i) as usize).min(CAP - 1);
            if c >= h.len() {
                h.resize(c + 1, 0);
            }
            h[c] += 1;
        }
        h
    }

    /// The number of counters at `2^bits − 1`.
    pub fn saturated(&self) -> u64 {
        (0..self.m).filter(|&i| self.get(i) == self.max).count() as u64
    }

    /// The number of non-zero counters.
    pub fn nonzero(&self) -> u64 {
        (0..self.m).filter(|&i| self.get(i) != 0).count() as u64
    }

    /// The bytes of the packed array (whole 64-bit words).
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }
}

/// The k indices of a key into a stack buffer.
#[inline]
fn fill_indices(method: IndexMethod, key: &[u8], k: u32, m: u64, buf: &mut [u64; 64]) -> usize {
    let mut n = 0;
    method.for_each_index(key, k, m, |g| {
        buf[n] = g;
        n += 1;
        true
    });
    n
}

// ----------------------------------------------------------------------------------------------
// Plain counting Bloom filter

/// What a plain counting filter does when asked to decrement a saturated counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CbfDelete {
    /// Decrement it anyway (the naive filter): counts are lost, false negatives follow.
    Decrement,
    /// Leave it at its maximum for good (Fan et al.): no false negatives, the counter never
    /// clears.
    Sticky,
}

impl CbfDelete {
    pub const ALL: [CbfDelete; 2] = [CbfDelete::Decrement, CbfDelete::Sticky];
    /// `decrement` or `sticky`.
    pub fn id(self) -> &'static str {
        match self {
            CbfDelete::Decrement => "decrement",
            CbfDelete::Sticky => "sticky",
        }
    }
    pub fn parse(id: &str) -> Result<CbfDelete, String> {
        CbfDelete::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| {
                format!("unknown saturated-delete rule '{id}' (known: decrement, sticky)")
            })
    }
}

/// A counting Bloom filter: m packed counters, k positions per key.
#[derive(Clone, Debug)]
pub struct CountingBloom {
    counters: Counters,
    k: u32,
    method: IndexMethod,
    on_saturated: CbfDelete,
    inserted: u64,
    deleted: u64,
    overflow_events: u64,
    underflow_events: u64,
    stuck_decrements: u64,
}

impl CountingBloom {
    /// An empty filter of `m` counters of `bits` bits (1 to 32), `k` positions per key, that
    /// decrements saturated counters ([`CbfDelete::Decrement`]).
    pub fn new(m: u64, k: u32, bits: u32, method: IndexMethod) -> Result<CountingBloom, String> {
        check_shape(m, k)?;
        Ok(CountingBloom {
            counters: Counters::new(m, bits)?,
            k,
            method,
            on_saturated: CbfDelete::Decrement,
            inserted: 0,
            deleted: 0,
            overflow_events: 0,
            underflow_events: 0,
            stuck_decrements: 0,
        })
    }

    /// The same filter with another rule for saturated counters.
    pub fn with_delete_rule(mut self, rule: CbfDelete) -> CountingBloom {
        self.on_saturated = rule;
        self
    }

    /// Adds `key`: each of its k counters goes up by 1 unless saturated (an overflow event).
    pub fn insert(&mut self, key: &[u8]) {
        let (max, counters) = (self.counters.max, &mut self.counters);
        let overflow = &mut self.overflow_events;
        self.method.for_each_index(key, self.k, counters.m, |g| {
            let c = counters.get(g);
            if c < max {
                counters.set(g, c + 1);
            } else {
                *overflow += 1;
            }
            true
        });
        self.inserted += 1;
    }

    /// `true` when all k counters of `key` are non-zero.
    pub fn contains(&self, key: &[u8]) -> bool {
        self.method
            .for_each_index(key, self.k, self.counters.m, |g| self.counters.get(g) != 0)
    }

    /// Removes `key` if the filter reports it present (returns `false`, changing nothing,
    /// otherwise): each of its k counters goes down by 1, a saturated one according to the
    /// rule. Delete only keys that were inserted: deleting a false positive corrupts counts.
    pub fn delete(&mut self, key: &[u8]) -> bool {
        let mut buf = [0u64; 64];
        let n = fill_indices(self.method, key, self.k, self.counters.m, &mut buf);
        if buf[..n].iter().any(|&g| self.counters.get(g) == 0) {
            return false;
        }
        for &g in &buf[..n] {
            let c = self.counters.get(g);
            if c == 0 {
                // The key hit this counter twice and it held 1.
                self.underflow_events += 1;
            } else if c == self.counters.max && self.on_saturated == CbfDelete::Sticky {
                self.stuck_decrements += 1;
            } else {
                self.counters.set(g, c - 1);
            }
        }
        self.deleted += 1;
        true
    }

    /// The k positions of `key`.
    pub fn indices(&self, key: &[u8]) -> Vec<u64> {
        self.method.indices(key, self.k, self.counters.m)
    }

    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    pub fn method(&self) -> IndexMethod {
        self.method
    }
    pub fn delete_rule(&self) -> CbfDelete {
        self.on_saturated
    }
    /// Increments attempted at a saturated counter.
    pub fn overflow_events(&self) -> u64 {
        self.overflow_events
    }
    /// Decrements that found a counter at 0 (a key hitting one counter twice).
    pub fn underflow_events(&self) -> u64 {
        self.underflow_events
    }
    /// Decrements skipped at a saturated counter under [`CbfDelete::Sticky`].
    pub fn stuck_decrements(&self) -> u64 {
        self.stuck_decrements
    }
    pub fn bytes(&self) -> u64 {
        self.counters.bytes()
    }

    /// Everything about the filter's state.
    pub fn report(&self) -> CountingBloomReport {
        CountingBloomReport {
            m: self.counters.m,
            k: self.k,
            bits: self.counters.bits,
            method: self.method,
            delete_rule: self.on_saturated,
            inserted: self.inserted,
            deleted: self.deleted,
            overflow_events: self.overflow_events,
            underflow_events: self.underflow_events,
            stuck_decrements: self.stuck_decrements,
            saturated_counters: self.counters.saturated(),
            histogram: self.counters.histogram(),
            bytes: self.bytes(),
        }
    }
}

/// The state of a [`CountingBloom`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CountingBloomReport {
    pub m: u64,
    pub k: u32,
    pub bits: u32,
    pub method: IndexMethod,
    pub delete_rule: CbfDelete,
    pub inserted: u64,
    pub deleted: u64,
    pub overflow_events: u64,
    pub underflow_events: u64,
    pub stuck_decrements: u64,
    pub saturated_counters: u64,
    /// How many counters hold 0, 1, …, max.
    pub histogram: Vec<u64>,
    pub bytes: u64,
}

// ----------------------------------------------------------------------------------------------
// Overflow theory

/// `ln C(n, j)`: a direct sum for small j, `ln Γ` otherwise; exactly 0 for `C(n, 0) = C(n, n) = 1`
/// (`ln Γ(1)` is not exactly 0, and a probability of 1 must not come out above 1).
fn ln_choose(n: u64, j: u64) -> f64 {
    let j = j.min(n - j);
    if j == 0 {
        return 0.0;
    }
    if j <= 10_000 {
        (0..j).map(|t| ((n - t) as f64).ln()).sum::<f64>() - ln_gamma(j as f64 + 1.0)
    } else {
        ln_gamma(n as f64 + 1.0) - ln_gamma(j as f64 + 1.0) - ln_gamma((n - j) as f64 + 1.0)
    }
}

/// `P(c(i) = j) = C(Nk, j) (1/m)^j (1 − 1/m)^(Nk−j)`, P5's counter distribution, computed in
/// log space (`nk` = N·k increments into `m` counters).
///
/// ```
/// use urlhashlab::cbf::counter_pmf;
/// // Nk = 4 into m = 2: C(4, 2) / 2^4 = 6/16.
/// assert!((counter_pmf(4, 2.0, 2) - 0.375).abs() < 1e-12);
/// ```
pub fn counter_pmf(nk: u64, m: f64, j: u64) -> f64 {
    if j > nk {
        return 0.0;
    }
    if m <= 1.0 {
        return (j == nk) as u8 as f64;
    }
    (ln_choose(nk, j) - j as f64 * m.ln() + (nk - j) as f64 * (-1.0 / m).ln_1p()).exp()
}

/// `P(c(i) >= j)`, the exact binomial tail: summed upward from j when j is above the mean
/// `Nk/m`, else `1 −` the sum below j summed downward, each until the terms vanish.
pub fn counter_tail(nk: u64, m: f64, j: u64) -> f64 {
    if j == 0 {
        return 1.0;
    }
    if j > nk {
        return 0.0;
    }
    if m <= 1.0 {
        return 1.0;
    }
    let p = 1.0 / m;
    // P(t + 1) / P(t) = (Nk − t)/(t + 1) · p/(1 − p)
    let odds = p / (1.0 - p);
    let mean = nk as f64 * p;
    if j as f64 > mean {
        let (mut term, mut sum, mut t) = (counter_pmf(nk, m, j), 0.0, j);
        while t <= nk && term > 0.0 {
            sum += term;
            if term < sum * 1e-17 {
                break;
            }
            term *= (nk - t) as f64 / (t + 1) as f64 * odds;
            t += 1;
        }
        sum.min(1.0)
    } else {
        let (mut term, mut sum, mut t) = (counter_pmf(nk, m, j - 1), 0.0, j - 1);
        loop {
            sum += term;
            if t == 0 || term == 0.0 || term < sum * 1e-17 {
                break;
            }
            term *= t as f64 / (nk - t + 1) as f64 / odds;
            t -= 1;
        }
        (1.0 - sum).max(0.0)
    }
}

/// Fan et al.'s bound `P(max_i c(i) >= j) <= m (e ln 2 / j)^j`, valid for `k <= (ln 2) m/N`.
///
/// ```
/// use urlhashlab::cbf::overflow_bound;
/// // 4-bit counters overflow at j = 16: 1.37e-15 per counter.
/// assert!((overflow_bound(1.0, 16) / 1.37e-15 - 1.0).abs() < 0.01);
/// ```
pub fn overflow_bound(m: f64, j: u32) -> f64 {
    let j = j as f64;
    m * (j * (std::f64::consts::E * std::f64::consts::LN_2 / j).ln()).exp()
}

/// P5's printed bound `m (ln 2 / j)^j`: Fan et al.'s with the e lost (a misprint).
pub fn overflow_bound_printed(m: f64, j: u32) -> f64 {
    let j = j as f64;
    m * (j * (std::f64::consts::LN_2 / j).ln()).exp()
}

/// P5's printed "P(max c(i) >= 16) <= 1.37 × 10^15 × m" (a misprint: the exponent's sign lost).
pub const P5_PRINTED_J16_FACTOR: f64 = 1.37e15;

/// The corrected factor: `(e ln 2 / 16)^16 = 1.37 × 10^-15`.
pub const OVERFLOW_J16_FACTOR: f64 = 1.37e-15;

/// The printed formula's value at j = 16: `(ln 2 / 16)^16 = 1.5 × 10^-22`.
pub const OVERFLOW_J16_WITHOUT_E: f64 = 1.5e-22;

/// P5's printed j = 16 bound as a function of m: `1.37 × 10^15 × m`.
pub fn overflow_bound_printed_j16(m: f64) -> f64 {
    P5_PRINTED_J16_FACTOR * m
}

/// The overflow theory for N keys, k hashes, m counters of `bits` bits, beside P5's prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OverflowTheory {
    pub n: u64,
    pub k: u32,
    pub m: u64,
    pub bits: u32,
    /// The count at which a counter overflows: `2^bits`.
    pub j: u64,
    /// `k <= (ln 2) m/N`, the condition of Fan et al.'s bound.
    pub bound_applies: bool,
    /// `m (e ln 2 / j)^j`.
    pub bound: f64,
    /// `m (ln 2 / j)^j`, P5's printed formula.
    pub bound_printed_formula: f64,
    /// `1.37e15 × m`, P5's printed number (meaningful for 4-bit counters only).
    pub bound_printed_j16: f64,
    /// Exact `P(c(i) >= 2^bits)` for one counter.
    pub p_overflow_per_counter: f64,
    /// `m · P(c(i) >= 2^bits)`: the expected number of counters that overflow.
    pub expected_overflowing: f64,
    /// `m · P(c(i) >= 2^bits − 1)`: the expected number of saturated counters.
    pub expected_saturated: f64,
}

/// [`OverflowTheory`] for N keys (distinct, as IMP-CB counts them), k, m and `bits`.
pub fn overflow_theory(n: u64, k: u32, m: u64, bits: u32) -> OverflowTheory {
    let j = 1u64 << bits.min(63);
    let nk = n * k as u64;
    let mf = m as f64;
    let p = counter_tail(nk, mf, j);
    OverflowTheory {
        n,
        k,
        m,
        bits,
        j,
        bound_applies: n == 0 || k as f64 <= std::f64::consts::LN_2 * mf / n as f64,
        bound: overflow_bound(mf, j.min(u32::MAX as u64) as u32),
        bound_printed_formula: overflow_bound_printed(mf, j.min(u32::MAX as u64) as u32),
        bound_printed_j16: overflow_bound_printed_j16(mf),
        p_overflow_per_counter: p,
        expected_overflowing: mf * p,
        expected_saturated: mf * counter_tail(nk, mf, j - 1),
    }
}

// ----------------------------------------------------------------------------------------------
// Fingerprint stores

/// The stores' tables hash fingerprints (and counter indices) with the SplitMix64 finaliser.
type FpBuild = crate::mix::Mix;

/// Buckets behind a hashbrown table of this `capacity()`.
fn buckets_of_capacity(capacity: usize) -> u64 {
    if capacity == 0 {
        0
    } else {
        (capacity as u64 * 8 / 7).next_power_of_two()
    }
}

/// A `(u128, u32)` or `(u128, Record)` bucket on x86-64 (`u128` aligned to 16).
const FP_ENTRY_BYTES: u64 = 32;

/// What de-duplication says of a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Not seen before: keep it (crawl it).
    New,
    /// Already stored: drop it, its reference count went up.
    Duplicate,
}

/// What a delete did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeleteOutcome {
    /// The URL was not stored.
    Absent,
    /// Its reference count went down and is still above 0.
    Decremented,
    /// Its last reference went: the record is gone (and, in IMP-CB, its counters went down).
    Removed,
}

/// New and duplicate counts of a batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BatchCounts {
    pub new: u64,
    pub duplicate: u64,
}

impl BatchCounts {
    /// Runs `process` on every URL of a batch and counts its verdicts.
    fn of<I>(urls: I, mut process: impl FnMut(&[u8]) -> Verdict) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut c = BatchCounts::default();
        for url in urls {
            c.add(process(url.as_ref()));
        }
        c
    }

    fn add(&mut self, v: Verdict) {
        match v {
            Verdict::New => self.new += 1,
            Verdict::Duplicate => self.duplicate += 1,
        }
    }
}

/// P5's Fig. 1: the MD5 fingerprint store alone, fingerprint → reference count.
#[derive(Clone, Debug, Default)]
pub struct FingerprintStore {
    map: HashMap<u128, u32, FpBuild>,
    processed: u64,
    duplicates: u64,
}

impl FingerprintStore {
    pub fn new() -> FingerprintStore {
        FingerprintStore::default()
    }

    /// Processes one URL: MD5, look up, insert with count 1 or count += 1.
    #[inline]
    pub fn process(&mut self, url: &[u8]) -> Verdict {
        self.process_fingerprint(u128::from_be_bytes(md5_digest(url)))
    }

    /// Processes a fingerprint directly.
    #[inline]
    pub fn process_fingerprint(&mut self, fp: u128) -> Verdict {
        self.processed += 1;
        let count = self.map.entry(fp).or_insert(0);
        *count = count.saturating_add(1);
        if *count == 1 {
            Verdict::New
        } else {
            self.duplicates += 1;
            Verdict::Duplicate
        }
    }

    /// Processes every URL of a batch.
    pub fn process_batch<I>(&mut self, urls: I) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        BatchCounts::of(urls, |url| self.process(url))
    }

    /// `true` when the URL's fingerprint is stored.
    pub fn contains(&self, url: &[u8]) -> bool {
        self.map.contains_key(&u128::from_be_bytes(md5_digest(url)))
    }

    /// The reference count of a URL (0 when absent).
    pub fn count(&self, url: &[u8]) -> u32 {
        self.map
            .get(&u128::from_be_bytes(md5_digest(url)))
            .copied()
            .unwrap_or(0)
    }

    /// Drops one reference to the URL.
    pub fn delete(&mut self, url: &[u8]) -> DeleteOutcome {
        let fp = u128::from_be_bytes(md5_digest(url));
        match self.map.get_mut(&fp) {
            None => DeleteOutcome::Absent,
            Some(c) if *c > 1 => {
                *c -= 1;
                DeleteOutcome::Decremented
            }
            Some(_) => {
                self.map.remove(&fp);
                DeleteOutcome::Removed
            }
        }
    }

    /// Distinct fingerprints stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Modelled bytes of the table (see the module doc).
    pub fn bytes(&self) -> u64 {
        hashbrown_bytes(buckets_of_capacity(self.map.capacity()), FP_ENTRY_BYTES)
    }

    pub fn report(&self) -> FingerprintStoreReport {
        let distinct = self.map.len() as u64;
        FingerprintStoreReport {
            processed: self.processed,
            distinct,
            duplicates: self.duplicates,
            store_lookups: self.processed,
            bytes: self.bytes(),
            bytes_per_url: if distinct == 0 {
                0.0
            } else {
                self.bytes() as f64 / distinct as f64
            },
        }
    }
}

/// The state of a [`FingerprintStore`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FingerprintStoreReport {
    pub processed: u64,
    pub distinct: u64,
    pub duplicates: u64,
    /// Every URL is a store lookup.
    pub store_lookups: u64,
    pub bytes: u64,
    pub bytes_per_url: f64,
}

/// How IMP-CB learns the true count of a saturated counter on delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SaturatedDelete {
    /// P5 as written: count the counter's occurrences among all stored records' indices.
    Scan,
    /// The lab's: a map from each saturated counter to its true count, kept current.
    SideTable,
}

impl SaturatedDelete {
    pub const ALL: [SaturatedDelete; 2] = [SaturatedDelete::Scan, SaturatedDelete::SideTable];
    /// `scan` or `side-table`.
    pub fn id(self) -> &'static str {
        match self {
            SaturatedDelete::Scan => "scan",
            SaturatedDelete::SideTable => "side-table",
        }
    }
    pub fn parse(id: &str) -> Result<SaturatedDelete, String> {
        SaturatedDelete::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| {
                format!("unknown saturated-delete method '{id}' (known: scan, side-table)")
            })
    }
}

/// One stored fingerprint: its reference count and where its k indices are.
#[derive(Clone, Copy, Debug)]
struct Record {
    count: u32,
    slot: u32,
}

/// An unused slot of the index array.
const FREE: u32 = u32::MAX;

/// IMP-CB's counters of work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImpCbStats {
    /// URLs processed.
    pub processed: u64,
    pub new: u64,
    pub duplicates: u64,
    /// Process or delete calls answered by a zero counter, without touching the store.
    pub answered_by_counters: u64,
    /// Store lookups made (all k counters were non-zero).
    pub store_lookups: u64,
    /// Lookups that found nothing: the counting filter's false positives.
    pub false_positive_lookups: u64,
    pub deletes: u64,
    /// Records removed (last reference deleted).
    pub records_removed: u64,
    /// Increments attempted at a saturated counter.
    pub overflow_events: u64,
    /// Decrements at a saturated counter, resolved by counting.
    pub saturated_deletes: u64,
    /// Stored indices read by `scan` resolutions.
    pub scanned_indices: u64,
}

/// P5's IMP-CB Filter: a counting Bloom filter in front of the MD5 fingerprint store.
#[derive(Clone, Debug)]
pub struct ImpCb {
    counters: Counters,
    k: u32,
    method: IndexMethod,
    resolve: SaturatedDelete,
    store: HashMap<u128, Record, FpBuild>,
    /// k counter indices per slot; a freed slot holds [`FREE`].
    indices: Vec<u32>,
    free: Vec<u32>,
    /// `side-table`: the true count of every saturated counter.
    side: HashMap<u32, u32, FpBuild>,
    stats: ImpCbStats,
}

impl ImpCb {
    /// An empty filter of `m` counters (1 to 2^32 − 1) of `bits` bits, k indices per URL derived
    /// from its MD5 by `method`, resolving saturated deletes with the side table.
    pub fn new(m: u64, k: u32, bits: u32, method: IndexMethod) -> Result<ImpCb, String> {
        check_shape(m, k)?;
        if m >= FREE as u64 {
            return Err(format!(
                "IMP-CB keeps 32-bit counter indices: m must be below 2^32 − 1 (got {m})"
            ));
        }
        Ok(ImpCb {
            counters: Counters::new(m, bits)?,
            k,
            method,
            resolve: SaturatedDelete::SideTable,
            store: HashMap::default(),
            indices: Vec::new(),
            free: Vec::new(),
            side: HashMap::default(),
            stats: ImpCbStats::default(),
        })
    }

    /// P5's parameters for `n` URLs: m = 20 n counters (at least 1), k = 8, 4-bit counters.
    pub fn p5(n: u64, method: IndexMethod) -> Result<ImpCb, String> {
        ImpCb::new((20 * n).max(1), 8, DEFAULT_BITS, method)
    }

    /// The same (empty) filter resolving saturated deletes another way.
    pub fn with_resolve(mut self, resolve: SaturatedDelete) -> ImpCb {
        assert!(self.store.is_empty(), "choose the resolution before use");
        self.resolve = resolve;
        self
    }

    /// The fingerprint and the k indices of a URL.
    #[inline]
    fn derive(&self, url: &[u8], buf: &mut [u32; 64]) -> u128 {
        let d = md5_digest(url);
        let mut n = 0;
        self.method
            .for_each_index_of_md5(&d, self.k, self.counters.m, |g| {
                buf[n] = g as u32;
                n += 1;
                true
            });
        u128::from_be_bytes(d)
    }

    #[inline]
    fn any_zero(&self, idx: &[u32]) -> bool {
        idx.iter().any(|&i| self.counters.get(i as u64) == 0)
    }

    /// Processes one URL (P5's Fig. 2).
    pub fn process(&mut self, url: &[u8]) -> Verdict {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        let idx = &buf[..self.k as usize];
        self.stats.processed += 1;
        if self.any_zero(idx) {
            self.stats.answered_by_counters += 1;
            self.add_new(fp, idx);
            return Verdict::New;
        }
        self.stats.store_lookups += 1;
        if let Some(r) = self.store.get_mut(&fp) {
            r.count = r.count.saturating_add(1);
            self.stats.duplicates += 1;
            return Verdict::Duplicate;
        }
        self.stats.false_positive_lookups += 1;
        self.add_new(fp, idx);
        Verdict::New
    }

    /// Processes every URL of a batch.
    pub fn process_batch<I>(&mut self, urls: I) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        BatchCounts::of(urls, |url| self.process(url))
    }

    fn add_new(&mut self, fp: u128, idx: &[u32]) {
        let k = self.k as usize;
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.indices.resize(self.indices.len() + k, FREE);
                (self.indices.len() / k - 1) as u32
            }
        };
        self.indices[slot as usize * k..(slot as usize + 1) * k].copy_from_slice(idx);
        self.store.insert(fp, Record { count: 1, slot });
        self.stats.new += 1;
        let max = self.counters.max;
        for &i in idx {
            let c = self.counters.get(i as u64);
            if c < max {
                self.counters.set(i as u64, c + 1);
                if c + 1 == max && self.resolve == SaturatedDelete::SideTable {
                    self.side.insert(i, max);
                }
            } else {
                self.stats.overflow_events += 1;
                if self.resolve == SaturatedDelete::SideTable {
                    let t = self
                        .side
                        .get_mut(&i)
                        .expect("a saturated counter is tracked");
                    *t = t.saturating_add(1);
                }
            }
        }
    }

    /// `true` when the URL is stored. A zero counter answers "no" without the store, as in
    /// [`ImpCb::process`], so this is where a lost count would show as a false negative.
    pub fn contains(&self, url: &[u8]) -> bool {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        !self.any_zero(&buf[..self.k as usize]) && self.store.contains_key(&fp)
    }

    /// The reference count of a URL (0 when absent).
    pub fn count(&self, url: &[u8]) -> u32 {
        let fp = u128::from_be_bytes(md5_digest(url));
        self.store.get(&fp).map_or(0, |r| r.count)
    }

    /// Drops one reference to the URL; the last one removes its record and its counts.
    pub fn delete(&mut self, url: &[u8]) -> DeleteOutcome {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        self.stats.deletes += 1;
        if self.any_zero(&buf[..self.k as usize]) {
            self.stats.answered_by_counters += 1;
            return DeleteOutcome::Absent;
        }
        self.stats.store_lookups += 1;
        let Some(r) = self.store.get_mut(&fp) else {
            self.stats.false_positive_lookups += 1;
            return DeleteOutcome::Absent;
        };
        if r.count > 1 {
            r.count -= 1;
            return DeleteOutcome::Decremented;
        }
        let slot = r.slot as usize;
        self.store.remove(&fp);
        self.stats.records_removed += 1;
        let k = self.k as usize;
        // The record's own indices (P5 keeps them with the fingerprint), grouped: a counter the
        // fingerprint hit c times goes down by c.
        let mut idx = [0u32; MAX_K as usize];
        idx[..k].copy_from_slice(&self.indices[slot * k..(slot + 1) * k]);
        self.indices[slot * k..(slot + 1) * k].fill(FREE);
        self.free.push(slot as u32);
        let idx = &mut idx[..k];
        idx.sort_unstable();
        let mut s = 0;
        while s < k {
            let i = idx[s];
            let mut e = s + 1;
            while e < k && idx[e] == i {
                e += 1;
            }
            self.decrement(i, (e - s) as u32);
            s = e;
        }
        DeleteOutcome::Removed
    }

    /// Takes `times` off counter `i` after a record holding it was removed.
    fn decrement(&mut self, i: u32, times: u32) {
        let max = self.counters.max;
        let c = self.counters.get(i as u64);
        if c < max {
            // Below saturation a counter is exact, so it holds at least `times`.
            debug_assert!(c >= times);
            self.counters.set(i as u64, c - times);
            return;
        }
        self.stats.saturated_deletes += 1;
        let true_count = match self.resolve {
            SaturatedDelete::SideTable => {
                let t = self
                    .side
                    .get_mut(&i)
                    .expect("a saturated counter is tracked");
                *t -= times;
                let t = *t;
                if t < max {
                    self.side.remove(&i);
                }
                t
            }
            SaturatedDelete::Scan => {
                self.stats.scanned_indices += self.indices.len() as u64;
                self.indices.iter().filter(|&&x| x == i).count() as u32
            }
        };
        self.counters.set(i as u64, true_count.min(max));
    }

    /// The k counter indices of a URL (for the page's counter view).
    pub fn indices(&self, url: &[u8]) -> Vec<u32> {
        let mut buf = [0u32; MAX_K as usize];
        self.derive(url, &mut buf);
        buf[..self.k as usize].to_vec()
    }

    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    pub fn method(&self) -> IndexMethod {
        self.method
    }
    pub fn resolve(&self) -> SaturatedDelete {
        self.resolve
    }
    pub fn stats(&self) -> &ImpCbStats {
        &self.stats
    }
    /// Distinct fingerprints stored.
    pub fn len(&self) -> usize {
        self.store.len()
    }
    pub fn is_empty(&self) -> bool {
        self.store.is_empty()
    }

    /// Modelled bytes: (counters, store table, index array, side table).
    pub fn bytes_parts(&self) -> (u64, u64, u64, u64) {
        (
            self.counters.bytes(),
            hashbrown_bytes(buckets_of_capacity(self.store.capacity()), FP_ENTRY_BYTES),
            (self.indices.capacity() + self.free.capacity()) as u64 * 4,
            hashbrown_bytes(buckets_of_capacity(self.side.capacity()), 8),
        )
    }

    /// Everything about the filter's state.
    pub fn report(&self) -> ImpCbReport {
        let (counter_bytes, store_bytes, index_bytes, side_table_bytes) = self.bytes_parts();
        let total = counter_bytes + store_bytes + index_bytes + side_table_bytes;
        let distinct = self.store.len() as u64;
        ImpCbReport {
            m: self.counters.m,
            k: self.k,
            bits: self.counters.bits,
            method: self.method,
            resolve: self.resolve,
            distinct,
            references: self.store.values().map(|r| r.count as u64).sum(),
            stats: self.stats,
            saturated_counters: self.counters.saturated(),
            side_table_entries: self.side.len() as u64,
            histogram: self.counters.histogram(),
            counter_bytes,
            store_bytes,
            index_bytes,
            side_table_bytes,
            bytes: total,
            bytes_per_url: if distinct == 0 {
                0.0
            } else {
                total as f64 / distinct as f64
            },
            counter_bytes_per_url: if distinct == 0 {
                0.0
            } else {
                counter_bytes as f64 / distinct as f64
            },
        }
    }

    /// The true count of counter `i`: its occurrences among the stored records' indices.
    #[cfg(test)]
    fn true_count(&self, i: u32) -> u32 {
        self.indices.iter().filter(|&&x| x == i).count() as u32
    }
}

/// The state of an [`ImpCb`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ImpCbReport {
    pub m: u64,
    pub k: u32,
    pub bits: u32,
    pub method: IndexMethod,
    pub resolve: SaturatedDelete,
    /// Distinct fingerprints stored.
    pub distinct: u64,
    /// Sum of their reference counts.
    pub references: u64,
    pub stats: ImpCbStats,
    pub saturated_counters: u64,
    pub side_table_entries: u64,
    /// How many counters hold 0, 1, …, max.
    pub histogram: Vec<u64>,
    pub counter_bytes: u64,
    pub store_bytes: u64,
    pub index_bytes: u64,
    pub side_table_bytes: u64,
    /// All of the above.
    pub bytes: u64,
    pub bytes_per_url: f64,
    /// The counters alone per URL: what P5 keeps in memory in front of the store.
    pub counter_bytes_per_url: f64,
}

// ----------------------------------------------------------------------------------------------
// The deletion experiment

/// One structure's result in [`deletion_experiment`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DeletionRow {
    /// `cbf-decrement`, `cbf-sticky` or `imp-cb`.
    pub structure: &'static str,
    /// Kept (inserted, not deleted) keys that now read absent.
    pub false_negatives: u64,
    /// `false_negatives / kept`.
    pub false_negative_rate: f64,
    /// Deleted keys that still read present.
    pub deleted_still_present: u64,
    pub overflow_events: u64,
    pub saturated_after_insert: u64,
    pub saturated_after_delete: u64,
    pub bytes: u64,
}

/// Insert N keys, delete some, count the kept keys that read absent.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DeletionReport {
    pub n: u64,
    pub deleted: u64,
    pub kept: u64,
    pub m: u64,
    pub k: u32,
    pub bits: u32,
    pub method: IndexMethod,
    pub theory: OverflowTheory,
    pub rows: Vec<DeletionRow>,
}

/// Inserts every key of `keys` (distinct) into a plain counting filter under each delete rule
/// and into IMP-CB (all with m counters of `bits` bits, k indices by `method`), deletes the
/// first `delete` keys, and counts the remaining keys that read absent.
///
/// ```
/// use urlhashlab::bloom::IndexMethod;
/// use urlhashlab::cbf::deletion_experiment;
/// let keys: Vec<String> = (0..2000).map(|i| format!("http://a.cn/{i}")).collect();
/// // 2-bit counters, 2 counters per key, k = 4: heavy saturation.
/// let r = deletion_experiment(&keys, 1000, 4000, 4, 2, IndexMethod::Double).unwrap();
/// assert!(r.rows[0].false_negatives > 0); // cbf-decrement loses keys
/// assert_eq!(r.rows[1].false_negatives, 0); // cbf-sticky does not
/// assert_eq!(r.rows[2].false_negatives, 0); // nor does IMP-CB
/// ```
pub fn deletion_experiment<K: AsRef<[u8]>>(
    keys: &[K],
    delete: usize,
    m: u64,
    k: u32,
    bits: u32,
    method: IndexMethod,
) -> Result<DeletionReport, String> {
    if delete > keys.len() {
        return Err(format!("cannot delete {delete} of {} keys", keys.len()));
    }
    let (gone, kept) = keys.split_at(delete);
    let mut rows = Vec::with_capacity(3);
    for rule in CbfDelete::ALL {
        let mut f = CountingBloom::new(m, k, bits, method)?.with_delete_rule(rule);
        for key in keys {
            f.insert(key.as_ref());
        }
        let saturated_after_insert = f.counters.saturated();
        for key in gone {
            f.delete(key.as_ref());
        }
        rows.push(DeletionRow {
            structure: match rule {
                CbfDelete::Decrement => "cbf-decrement",
                CbfDelete::Sticky => "cbf-sticky",
            },
            false_negatives: kept.iter().filter(|key| !f.contains(key.as_ref())).count() as u64,
            false_negative_rate: 0.0,
            deleted_still_present: gone.iter().filter(|key| f.contains(key.as_ref())).count()
                as u64,
            overflow_events: f.overflow_events,
            saturated_after_insert,
            saturated_after_delete: f.counters.saturated(),
            bytes: f.bytes(),
        });
    }
    let mut imp = ImpCb::new(m, k, bits, method)?;
    for key in keys {
        imp.process(key.as_ref());
    }
    let saturated_after_insert = imp.counters.saturated();
    for key in gone {
        imp.delete(key.as_ref());
    }
    rows.push(DeletionRow {
        structure: "imp-cb",
        false_negatives: kept
            .iter()
            .filter(|key| !imp.contains(key.as_ref()))
            .count() as u64,
        false_negative_rate: 0.0,
        deleted_still_present: gone.iter().filter(|key| imp.contains(key.as_ref())).count() as u64,
        overflow_events: imp.stats.overflow_events,
        saturated_after_insert,
        saturated_after_delete: imp.counters.saturated(),
        bytes: imp.report().bytes,
    });
    for r in &mut rows {
        r.false_negative_rate = if kept.is_empty() {
            0.0
        } else {
            r.false_negatives as f64 / kept.len() as f64
        };
    }
    Ok(DeletionReport {
        n: keys.len() as u64,
        deleted: delete as u64,
        kept: kept.len() as u64,
        m,
        k,
        bits,
        method,
        theory: overflow_theory(keys.len() as u64, k, m, bits),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Corpus;

    #[test]
    fn counters_pack_and_straddle() {
        for bits in 1..=32u32 {
            let m = 300;
            let mut c = Counters::new(m, bits).unwrap();
            let mut model = vec![0u32; m as usize];
            let max = c.max();
            assert_eq!(max as u64, (1u64 << bits) - 1);
            for i in 0..m {
                let v = ((i * 2_654_435_761) as u32) & max;
                c.set(i, v);
                model[i as usize] = v;
            }
            for i in (0..m).step_by(7) {
                c.set(i, max - model[i as usize]);
                model[i as usize] = max - model[i as usize];
            }
            for i in 0..m {
                assert_eq!(c.get(i), model[i as usize], "bits {bits} counter {i}");
            }
            assert_eq!(c.bytes(), (m * bits as u64).div_ceil(64) * 8);
            let h = c.histogram();
            assert_eq!(h.iter().sum::<u64>(), m);
            if bits <= 16 {
                assert_eq!(h.len(), max as usize + 1);
            }
        }
        assert!(Counters::new(10, 0).is_err());
        assert!(Counters::new(10, 33).is_err());
        // 4-bit counters: 16 per word.
        assert_eq!(Counters::new(16, 4).unwrap().bytes(), 8);
        assert_eq!(Counters::new(17, 4).unwrap().bytes(), 16);
    }

    #[test]
    fn counting_filter_saturates_and_loses_keys() {
        // bits = 2 (max 3), one counter, k = 1: four keys saturate it (one overflow event).
        let mut f = CountingBloom::new(1, 1, 2, IndexMethod::Independent).unwrap();
        for key in ["a", "b", "c", "d"] {
            f.insert(key.as_bytes());
        }
        assert_eq!((f.counters().get(0), f.overflow_events()), (3, 1));
        // Three deletes bring it to 0 although "d" remains.
        for key in ["a", "b", "c"] {
            assert!(f.delete(key.as_bytes()));
        }
        assert!(!f.contains(b"d"));
        assert!(!f.delete(b"d")); // it reads absent, nothing to delete
                                  // The sticky rule keeps it.
        let mut s = CountingBloom::new(1, 1, 2, IndexMethod::Independent)
            .unwrap()
            .with_delete_rule(CbfDelete::Sticky);
        for key in ["a", "b", "c", "d"] {
            s.insert(key.as_bytes());
        }
        for key in ["a", "b", "c"] {
            s.delete(key.as_bytes());
        }
        assert!(s.contains(b"d"));
        assert_eq!(s.stuck_decrements(), 3);
        let r = s.report();
        assert_eq!((r.inserted, r.deleted, r.saturated_counters), (4, 3, 1));
        assert_eq!(r.histogram, [0, 0, 0, 1]);
        assert_eq!(serde_json::to_value(&r).unwrap()["delete_rule"], "sticky");
    }

    #[test]
    fn counting_filter_without_saturation_is_exact() {
        let keys: Vec<Vec<u8>> = Corpus::new(1).iter(0, 2000).collect();
        for method in IndexMethod::ALL {
            let mut f = CountingBloom::new(40_000, 8, 8, method).unwrap();
            for key in &keys {
                f.insert(key);
            }
            assert_eq!(f.overflow_events(), 0);
            for key in &keys[..1000] {
                assert!(f.delete(key));
            }
            assert!(keys[1000..].iter().all(|k| f.contains(k)));
            // Deleting all returns every counter to 0 (no saturation, no loss).
            for key in &keys[1000..] {
                assert!(f.delete(key));
            }
            assert_eq!(f.counters().nonzero(), 0, "{method:?}");
        }
    }

    #[test]
    fn overflow_theory_numbers() {
        // (e ln 2 / 16)^16: e ln 2 = 1.8841694, /16 = 0.11776059, ln = -2.1390934,
        // x16 = -34.225494, e^that = 1.3676e-15.
        let b = overflow_bound(1.0, 16);
        assert!((b / 1.3676e-15 - 1.0).abs() < 1e-3, "{b}");
        assert!((b / OVERFLOW_J16_FACTOR - 1.0).abs() < 0.01);
        // Without e: ln(ln 2 / 16) = ln 0.043321699 = -3.1390934, x16 = -50.225494,
        // e^that = 1.5390e-22.
        let p = overflow_bound_printed(1.0, 16);
        assert!((p / 1.5390e-22 - 1.0).abs() < 1e-3, "{p}");
        assert!((p / OVERFLOW_J16_WITHOUT_E - 1.0).abs() < 0.03);
        // The printed number is 30 orders of magnitude off the corrected one, above 1.
        assert_eq!(overflow_bound_printed_j16(2.0), 2.74e15);
        assert!((P5_PRINTED_J16_FACTOR * OVERFLOW_J16_FACTOR - 1.8769).abs() < 1e-3);
        // Linear in m.
        assert!((overflow_bound(4e7, 16) / b / 4e7 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn binomial_counter_distribution() {
        // Nk = 4, m = 2: 1/16, 4/16, 6/16, 4/16, 1/16.
        let pmf: Vec<f64> = (0..=5).map(|j| counter_pmf(4, 2.0, j)).collect();
        for (p, e) in pmf.iter().zip([1.0, 4.0, 6.0, 4.0, 1.0, 0.0]) {
            assert!((p - e / 16.0).abs() < 1e-12, "{pmf:?}");
        }
        assert!((counter_tail(4, 2.0, 3) - 5.0 / 16.0).abs() < 1e-12);
        assert_eq!(counter_tail(4, 2.0, 0), 1.0);
        assert_eq!(counter_tail(4, 2.0, 5), 0.0);
        // Nk = 10, m = 3, j = 2: C(10,2) (1/3)^2 (2/3)^8 = 45 · 256 / 59049 = 0.195092.
        assert!((counter_pmf(10, 3.0, 2) - 45.0 * 256.0 / 59_049.0).abs() < 1e-12);
        // P5's parameters, N = 2 000 000, k = 8, m = 40 000 000: λ = 0.4. P(c = 0) =
        // (1 - 1/m)^(16e6) = e^-0.4 (to 1e-8), P(c = 1) ≈ 0.4 e^-0.4 = 0.268128.
        let nk = 16_000_000;
        assert!((counter_pmf(nk, 4e7, 0) - (-0.4f64).exp()).abs() < 1e-8);
        assert!((counter_pmf(nk, 4e7, 1) - 0.4 * (-0.4f64).exp()).abs() < 1e-7);
        let total: f64 = (0..40).map(|j| counter_pmf(nk, 4e7, j)).sum();
        assert!((total - 1.0).abs() < 1e-10);
        // P(c = 16) ≈ e^-0.4 0.4^16 / 16! = 0.67032 · 4.2950e-7 / 2.0923e13 = 1.3760e-20, and
        // P(c >= 16) ≈ that · (1 + 0.4/17 + 0.4²/(17 · 18)) = 1.3760e-20 · 1.02405 = 1.4091e-20.
        assert!((counter_pmf(nk, 4e7, 16) / 1.3760e-20 - 1.0).abs() < 1e-3);
        let t = counter_tail(nk, 4e7, 16);
        assert!((t / 1.4091e-20 - 1.0).abs() < 1e-3, "{t}");
        // Below the mean the tail is 1 minus the sum below: P(c >= 1) = 1 - e^-0.4 = 0.329680.
        assert!((counter_tail(nk, 4e7, 1) - 0.329_680).abs() < 1e-6);
        // Nk = 10^9 into m = 2: P(c >= 1) = 1 although P(c = 1) underflows.
        assert_eq!(counter_tail(1_000_000_000, 2.0, 1), 1.0);
        assert!((counter_tail(1_000_000_000, 2.0, 500_000_000) - 0.5).abs() < 1e-4);
        // The exact tail is far below Fan et al.'s per-counter bound at P5's parameters.
        let th = overflow_theory(2_000_000, 8, 40_000_000, 4);
        assert!(th.bound_applies); // 8 <= 20 ln 2 = 13.9
        assert_eq!(th.j, 16);
        assert!(th.expected_overflowing < th.bound);
        assert!((th.bound / 4e7 / 1.3676e-15 - 1.0).abs() < 1e-3);
        assert!(th.expected_saturated > th.expected_overflowing);
        assert!(!overflow_theory(1000, 8, 4000, 4).bound_applies);
    }

    #[test]
    fn certain_counts_have_probability_exactly_one() {
        // Found by fuzz/fuzz_targets/filters.rs: with no increments (N·k = 0), P(c = 0) came out
        // as 1.0000000000000009, ln C(0, 0) being −ln Γ(1) = 8.9e-16 instead of 0.
        assert_eq!(counter_pmf(0, 288_769.0, 0), 1.0);
        assert_eq!(
            counter_pmf(7, 1.5, 0),
            (7.0 * (-1.0f64 / 1.5).ln_1p()).exp()
        );
        for (nk, m) in [(0u64, 2.0), (1, 1e9), (3, 1.000_001), (100, 1e12)] {
            for j in [0, nk] {
                let p = counter_pmf(nk, m, j);
                assert!(
                    (0.0..=1.0).contains(&p),
                    "P(c = {j}) = {p} for Nk = {nk}, m = {m}"
                );
            }
        }
    }

    #[test]
    fn imp_cb_flow_and_stats() {
        let mut f = ImpCb::p5(1000, IndexMethod::Md5Slices).unwrap();
        assert_eq!(
            (f.counters().m(), f.k(), f.counters().bits()),
            (20_000, 8, 4)
        );
        let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 1000).collect();
        assert_eq!(
            f.process_batch(&urls),
            BatchCounts {
                new: 1000,
                duplicate: 0
            }
        );
        assert_eq!(
            f.process_batch(&urls[..10]),
            BatchCounts {
                new: 0,
                duplicate: 10
            }
        );
        let s = *f.stats();
        assert_eq!((s.processed, s.new, s.duplicates), (1010, 1000, 10));
        // Every URL is either answered by a zero counter or looked up.
        assert_eq!(s.answered_by_counters + s.store_lookups, 1010);
        assert_eq!(s.store_lookups, 10 + s.false_positive_lookups);
        assert!(s.answered_by_counters > 980, "{s:?}");
        assert_eq!(f.count(&urls[0]), 2);
        assert_eq!(f.delete(&urls[0]), DeleteOutcome::Decremented);
        assert_eq!(f.delete(&urls[0]), DeleteOutcome::Removed);
        assert_eq!(f.delete(&urls[0]), DeleteOutcome::Absent);
        assert!(!f.contains(&urls[0]));
        assert!(urls[1..].iter().all(|u| f.contains(u)));
        // The k indices are the fingerprint's slices, as in a plain filter of the URL.
        assert_eq!(
            f.indices(&urls[5])
                .iter()
                .map(|&i| i as u64)
                .collect::<Vec<_>>(),
            IndexMethod::Md5Slices.indices(&urls[5], 8, 20_000)
        );
        let r = f.report();
        assert_eq!((r.distinct, r.references), (999, 999 + 9));
        assert_eq!(r.counter_bytes, 20_000 * 4 / 8);
        assert_eq!(r.histogram.iter().sum::<u64>(), 20_000);
        assert_eq!(
            r.bytes,
            r.counter_bytes + r.store_bytes + r.index_bytes + r.side_table_bytes
        );
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["method"], "md5-slices");
        assert_eq!(json["resolve"], "side-table");
        // The plain store agrees on every verdict.
        let mut store = FingerprintStore::new();
        assert_eq!(
            store.process_batch(&urls),
            BatchCounts {
                new: 1000,
                duplicate: 0
            }
        );
        assert_eq!(store.process(&urls[3]), Verdict::Duplicate);
        assert_eq!(store.count(&urls[3]), 2);
        assert_eq!(store.delete(&urls[3]), DeleteOutcome::Decremented);
        assert_eq!(store.delete(&urls[3]), DeleteOutcome::Removed);
        assert!(!store.contains(&urls[3]));
        let sr = store.report();
        assert_eq!((sr.distinct, sr.processed, sr.duplicates), (999, 1001, 1));
        assert!(ImpCb::new(u32::MAX as u64, 8, 4, IndexMethod::Double).is_err());
        assert!(ImpCb::new(100, 8, 0, IndexMethod::Double).is_err());
    }

    #[test]
    fn imp_cb_resolves_saturated_deletes_both_ways() {
        // One 1-bit counter, k = 3: every fingerprint hits counter 0 three times.
        for resolve in SaturatedDelete::ALL {
            let mut f = ImpCb::new(1, 3, 1, IndexMethod::Independent)
                .unwrap()
                .with_resolve(resolve);
            for u in ["a", "b", "c"] {
                assert_eq!(f.process(u.as_bytes()), Verdict::New);
            }
            // 9 increments, the first sets 1, the other 8 overflow.
            assert_eq!(f.stats().overflow_events, 8);
            f.delete(b"a");
            f.delete(b"b");
            assert!(f.contains(b"c"));
            assert_eq!(f.counters().get(0), 1);
            f.delete(b"c");
            assert_eq!(f.counters().get(0), 0);
            assert!(f.is_empty());
            assert_eq!(f.stats().saturated_deletes, 3);
            if resolve == SaturatedDelete::Scan {
                // Each resolution read the whole index array (3 slots x 3 indices).
                assert_eq!(f.stats().scanned_indices, 27);
            }
            // Freed slots are reused.
            f.process(b"d");
            assert_eq!((f.indices.len(), f.free.len()), (9, 2));
        }
    }

    #[test]
    fn corpus_deletion_experiment() {
        // 20 000 URLs, m/N = 2, k = 4, 2-bit counters: kn/m = 2 hits per counter on average,
        // P(c >= 3) = 1 - e^-2 (1 + 2 + 2) = 0.3233, so a third of the counters saturate.
        let keys: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 20_000).collect();
        let r =
            deletion_experiment(&keys, 10_000, 40_000, 4, 2, IndexMethod::EnhancedDouble).unwrap();
        assert_eq!(r.rows.len(), 3);
        let (dec, sticky, imp) = (&r.rows[0], &r.rows[1], &r.rows[2]);
        assert!(dec.false_negatives > 100, "{dec:?}");
        assert_eq!(sticky.false_negatives, 0);
        assert_eq!(imp.false_negatives, 0);
        assert_eq!(imp.deleted_still_present, 0);
        assert!(sticky.deleted_still_present > dec.deleted_still_present);
        let expected = 0.3233 * 40_000.0;
        assert!(
            (dec.saturated_after_insert as f64 / expected - 1.0).abs() < 0.05,
            "{dec:?}"
        );
        assert!((r.theory.expected_saturated / expected - 1.0).abs() < 0.01);
        // P5's parameters: nothing saturates, nobody loses a key.
        let r = deletion_experiment(&keys, 10_000, 400_000, 8, 4, IndexMethod::Md5Slices).unwrap();
        assert!(r
            .rows
            .iter()
            .all(|row| row.false_negatives == 0 && row.overflow_events == 0));
        assert!(deletion_experiment(&keys, 20_001, 10, 1, 1, IndexMethod::Double).is_err());
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        Process(u8),
        Delete(u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            3 => (0u8..40).prop_map(Op::Process),
            2 => (0u8..40).prop_map(Op::Delete),
        ]
    }

    fn url(i: u8) -> Vec<u8> {
        format!("http://www.example{}.cn/p{}", i % 7, i).into_bytes()
    }

    fn check(f: &ImpCb) -> Result<(), TestCaseError> {
        for i in 0..f.counters.m as u32 {
            let t = f.true_count(i);
            prop_assert_eq!(
                f.counters.get(i as u64),
                t.min(f.counters.max),
                "counter {}",
                i
            );
            if f.resolve == SaturatedDelete::SideTable {
                prop_assert_eq!(f.side.get(&i).copied(), (t >= f.counters.max).then_some(t));
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(300))]

        #[test]
        fn imp_cb_never_loses_a_url(
            m in 1u64..24,
            k in 1u32..6,
            bits in 1u32..=3,
            method in prop::sample::select(IndexMethod::ALL.to_vec()),
            ops in prop::collection::vec(op(), 1..120),
        ) {
            let mut scan = ImpCb::new(m, k, bits, method).unwrap().with_resolve(SaturatedDelete::Scan);
            let mut side = ImpCb::new(m, k, bits, method).unwrap();
            let mut model: HashMap<u8, u32> = HashMap::new();
            for op in &ops {
                match *op {
                    Op::Process(i) => {
                        let expected = if model.get(&i).copied().unwrap_or(0) > 0 {
                            Verdict::Duplicate
                        } else {
                            Verdict::New
                        };
                        *model.entry(i).or_insert(0) += 1;
                        prop_assert_eq!(scan.process(&url(i)), expected);
                        prop_assert_eq!(side.process(&url(i)), expected);
                    }
                    Op::Delete(i) => {
                        let c = model.get(&i).copied().unwrap_or(0);
                        let expected = match c {
                            0 => DeleteOutcome::Absent,
                            1 => DeleteOutcome::Removed,
                            _ => DeleteOutcome::Decremented,
                        };
                        if c > 0 {
                            model.insert(i, c - 1);
                        }
                        prop_assert_eq!(scan.delete(&url(i)), expected);
                        prop_assert_eq!(side.delete(&url(i)), expected);
                    }
                }
                for i in 0..40u8 {
                    let present = model.get(&i).copied().unwrap_or(0) > 0;
                    prop_assert_eq!(scan.contains(&url(i)), present);
                    prop_assert_eq!(side.contains(&url(i)), present);
                }
                prop_assert_eq!(&scan.counters, &side.counters);
                check(&scan)?;
                check(&side)?;
            }
        }

        #[test]
        fn sticky_counting_filter_never_loses_a_key(
            m in 1u64..32,
            k in 1u32..6,
            bits in 1u32..=3,
            method in prop::sample::select(IndexMethod::ALL.to_vec()),
            ops in prop::collection::vec(op(), 1..120),
        ) {
            let mut f = CountingBloom::new(m, k, bits, method).unwrap().with_delete_rule(CbfDelete::Sticky);
            let mut model: HashMap<u8, u32> = HashMap::new();
            for op in &ops {
                match *op {
                    Op::Process(i) => {
                        f.insert(&url(i));
                        *model.entry(i).or_insert(0) += 1;
                    }
                    // Only keys that were inserted are deleted.
                    Op::Delete(i) => {
                        if let Some(c) = model.get_mut(&i).filter(|c| **c > 0) {
                            *c -= 1;
                            prop_assert!(f.delete(&url(i)));
                        }
                    }
                }
                for (&i, &c) in &model {
                    if c > 0 {
                        prop_assert!(f.contains(&url(i)));
                    }
                }
            }
        }
    }
}
