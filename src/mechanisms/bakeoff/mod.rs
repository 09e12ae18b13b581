//! The filter bake-off (beyond the papers): P4's and P5's Bloom filter, P5's counting filter and
//! IMP-CB beside the filters that came after them, on the same inserted and held-out URLs, at
//! the same bits per key or the same target false-positive rate.
//!
//! | filter | what it is | FPR formula (`fpr_formula`) | bits per key |
//! |---|---|---|---|
//! | `bloom` | [`crate::mechanisms::bloom::Bloom`], each index derivation (Bloom 1970) | `(1 − (1 − 1/m)^(kn))^k` ≈ `(1 − e^(−kn/m))^k` | `m/n` |
//! | `counting` | P5's counting filter, 4-bit counters ([`crate::mechanisms::cbf::CountingBloom`], Fan et al. 2000) | the same, m counters | `4m/n` |
//! | `imp-cb` | P5's IMP-CB: the counters in front of an exact MD5 store ([`crate::mechanisms::cbf::ImpCb`]) | 0: the store answers | counters, store, indices, side table |
//! | `cuckoo` | [`CuckooFilter`], 4-slot buckets, `f`-bit fingerprints (Fan et al. 2014) | `1 − (1 − 1/(2^f − 1))^(8α)` ≈ `2b·α/2^f` | `f/α` |
//! | `xor8` | `xorf::Xor8` (Graf & Lemire 2020, *Xor Filters: Faster and Smaller Than Bloom and Cuckoo Filters*) | `2^−8` | `1.23 · 8` = 9.84 (+ 32 slots) |
//! | `binary-fuse8`, `binary-fuse16` | `xorf::BinaryFuse8`, `BinaryFuse16` (Graf & Lemire 2022, *Binary Fuse Filters: Fast and Smaller Than Xor Filters*), 3-wise | `2^−f` | about `1.125 · f` for millions of keys (`max(1.125, 0.875 + 0.25 ln 10^6 / ln n)` · f) |
//!
//! A filter that answers "present" with rate ε for keys never inserted needs at least
//! **`log2(1/ε)`** bits per key (Carter et al. 1978): `bound_bits_per_key`, at the filter's
//! `fpr_formula`. A Bloom filter at its best k takes `1.44 log2(1/ε)`.
//!
//! # Sizing ([`Setting`])
//!
//! * **Bits per key `b`** (memory per inserted key): Bloom `m = round(b·n)` bits and the best
//!   whole `k` for `m/n` ([`best_integer_k`]); the counting filter and IMP-CB's counters
//!   `m = round(b·n/4)` 4-bit counters (a quarter of the Bloom filter's positions); the cuckoo
//!   filter `f = ⌊0.95 b⌋` bits (2 to 32) in `⌊b·n/(4f)⌋` buckets (its load `f/b`, at most
//!   95 %). The xor and binary fuse filters have no size to choose: they are built as they come.
//! * **Target rate ε**: Bloom the best whole `k` for `−ln ε / ln²2` bits per key and the fewest
//!   bits `m` whose exact rate is at most ε; the counting filter and IMP-CB's counters the same
//!   m and k (four times the memory); the cuckoo filter the fewest fingerprint bits with
//!   `2b · 0.95 / 2^f <= ε` at 95 % load. `meets_target` says whether each filter's formula rate
//!   is at most ε (xor8 and binary fuse 8 cannot go below 2^−8).
//!
//! Keys are the URL lines' bytes. Bloom, the counting filter and IMP-CB derive their positions
//! as [`crate::mechanisms::bloom`] and [`crate::mechanisms::cbf`] do (the counting filter and
//! IMP-CB with P5's `md5-slices`); the cuckoo filter hashes a key with XXH3-128; the xor and
//! binary fuse filters take XXH3-64 of it (distinct 64-bit hashes only: `hash_collisions`
//! counts the inserted keys that shared one).
//!
//! # What is measured ([`FilterRow`])
//!
//! Per filter and setting: the memory actually allocated (whole 64-bit words, or the xorf
//! filter's fingerprint array; IMP-CB's modelled bytes, [`crate::mechanisms::cbf::ImpCbReport`]) over the
//! inserted keys; every inserted key looked up (`false_negatives` must be 0); the false
//! positives among the held-out keys with a 95 % Wilson interval; what it supports (`deletes`,
//! `counts`, `dynamic_insert`); for those that delete, the first half of the stored keys
//! deleted, then the kept keys lost and the deleted keys still reported present. A cuckoo
//! filter that fills up before every key is in, or a binary fuse filter that cannot be built,
//! is reported as such (`built: false`, `failure`), with what it holds.
//!
//! Build and lookup nanoseconds per key are left out of the report: [`FiltersReport::time`]
//! fills them with a clock the caller hands in (the CLI's `Instant`), each filter built again
//! and its held-out keys looked up again under [`crate::foundation::timing::repeated`].

mod cuckoo;
mod derived;
#[cfg(test)]
mod tests;

pub use cuckoo::*;
pub use derived::Bench;
use derived::Md5Derived;

use crate::foundation::stats::{wilson_interval, Z_95};
use crate::foundation::timing::{repeat_cap, repeated, us_per_url};
use crate::mechanisms::bloom::{best_integer_k, fpr_exact, m_over_n_for_fpr, Bloom, IndexMethod};
use crate::mechanisms::bloom::{MAX_K, MAX_M};
use crate::mechanisms::cbf::{CountingBloom, DeleteOutcome, ImpCb, DEFAULT_BITS};
use serde::Serialize;
use xorf::{BinaryFuse16, BinaryFuse8, Filter, Xor8};
use xxhash_rust::xxh3::xxh3_64;

/// The fewest bits per key a setting may ask for.
pub const MIN_BITS_PER_KEY: f64 = 1.0;
/// The most bits per key a setting may ask for.
pub const MAX_BITS_PER_KEY: f64 = 64.0;
/// The smallest target false-positive rate.
pub const MIN_FPR: f64 = 1e-9;
/// The largest target false-positive rate.
pub const MAX_FPR: f64 = 0.5;

/// The filters compared, in report order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FilterKind {
    /// A Bloom filter (P4, P5).
    Bloom,
    /// P5's counting Bloom filter (4-bit counters, decrementing a saturated one).
    Counting,
    /// P5's IMP-CB: counters in front of an exact MD5 store.
    ImpCb,
    /// A cuckoo filter.
    Cuckoo,
    /// An xor filter of 8-bit fingerprints.
    Xor8,
    /// A binary fuse filter of 8-bit fingerprints.
    #[serde(rename = "binary-fuse8")]
    BinaryFuse8,
    /// A binary fuse filter of 16-bit fingerprints.
    #[serde(rename = "binary-fuse16")]
    BinaryFuse16,
}

impl FilterKind {
    /// Every filter, in report order.
    pub const ALL: [FilterKind; 7] = [
        FilterKind::Bloom,
        FilterKind::Counting,
        FilterKind::ImpCb,
        FilterKind::Cuckoo,
        FilterKind::Xor8,
        FilterKind::BinaryFuse8,
        FilterKind::BinaryFuse16,
    ];

    /// Its id: `bloom`, `counting`, `imp-cb`, `cuckoo`, `xor8`, `binary-fuse8`, `binary-fuse16`.
    pub fn id(self) -> &'static str {
        match self {
            FilterKind::Bloom => "bloom",
            FilterKind::Counting => "counting",
            FilterKind::ImpCb => "imp-cb",
            FilterKind::Cuckoo => "cuckoo",
            FilterKind::Xor8 => "xor8",
            FilterKind::BinaryFuse8 => "binary-fuse8",
            FilterKind::BinaryFuse16 => "binary-fuse16",
        }
    }

    /// What it supports: (deletes, counts, dynamic insert).
    pub fn supports(self) -> (bool, bool, bool) {
        match self {
            FilterKind::Bloom => (false, false, true),
            FilterKind::Counting | FilterKind::ImpCb => (true, true, true),
            FilterKind::Cuckoo => (true, false, true),
            FilterKind::Xor8 | FilterKind::BinaryFuse8 | FilterKind::BinaryFuse16 => {
                (false, false, false)
            }
        }
    }
}

/// How the filters of a row are sized.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Setting {
    /// Bits of memory per inserted key.
    BitsPerKey(f64),
    /// A target false-positive rate.
    Fpr(f64),
}

impl Setting {
    /// `bits-per-key` or `fpr`.
    pub fn id(self) -> &'static str {
        match self {
            Setting::BitsPerKey(_) => "bits-per-key",
            Setting::Fpr(_) => "fpr",
        }
    }

    /// The number asked for.
    pub fn target(self) -> f64 {
        match self {
            Setting::BitsPerKey(b) | Setting::Fpr(b) => b,
        }
    }

    /// Checks the number: bits per key in `1..=64`, a rate in `[1e-9, 0.5]`.
    pub fn checked(self) -> Result<Setting, String> {
        match self {
            Setting::BitsPerKey(b) if !(MIN_BITS_PER_KEY..=MAX_BITS_PER_KEY).contains(&b) => {
                Err(format!("bits per key must be from 1 to 64, not {b}"))
            }
            Setting::Fpr(e) if !(MIN_FPR..=MAX_FPR).contains(&e) => Err(format!(
                "a target false-positive rate must be from 1e-9 to 0.5, not {e}"
            )),
            s => Ok(s),
        }
    }
}

/// One filter to build and measure: its kind, setting and shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// The filter.
    pub filter: FilterKind,
    /// How it was sized.
    pub setting: Setting,
    /// Bloom's, the counting filter's and IMP-CB's index derivation.
    pub method: Option<IndexMethod>,
    /// Positions (counters) per key.
    pub k: Option<u32>,
    /// Bits (Bloom) or counters (counting, IMP-CB) of the array; buckets (cuckoo).
    pub m: Option<u64>,
    /// Fingerprint bits (cuckoo, xor, binary fuse).
    pub fingerprint_bits: Option<u32>,
}

/// The counting filter's and IMP-CB's counter bits (P5's 4).
const COUNTER_BITS: u32 = DEFAULT_BITS;

/// The fewest bits of a Bloom filter of `k` positions whose exact rate for `n` keys is at most
/// `eps`.
fn bloom_bits_for(n: u64, k: u32, eps: f64) -> u64 {
    let (nf, kf) = (n.max(1) as f64, k as f64);
    // (1 − e^(−kn/m))^k = ε  ⇒  m = −kn / ln(1 − ε^(1/k)); then up until the exact rate fits.
    let mut m = (-kf * nf / (-eps.powf(1.0 / kf)).ln_1p()).ceil().max(1.0) as u64;
    while m < MAX_M && fpr_exact(kf, nf, m as f64) > eps {
        m += 1 + m / 100_000;
    }
    while m > 1 && fpr_exact(kf, nf, (m - 1) as f64) <= eps {
        m -= 1;
    }
    m.min(MAX_M)
}

/// The plans of every setting, in order: per setting Bloom once per method, then the counting
/// filter, IMP-CB, the cuckoo filter, xor8, binary fuse 8 and 16, sized for `n` inserted keys.
pub fn plans(settings: &[Setting], methods: &[IndexMethod], n: u64) -> Vec<Plan> {
    let nf = n.max(1) as f64;
    let mut out = Vec::new();
    for &setting in settings {
        let (bloom_m, bloom_k, counters, counter_k, f, buckets) = match setting {
            Setting::BitsPerKey(b) => {
                let m = (b * nf).round().clamp(1.0, MAX_M as f64) as u64;
                let c = (b * nf / COUNTER_BITS as f64).round().max(1.0) as u64;
                let f = ((TARGET_LOAD * b).floor() as u32)
                    .clamp(MIN_FINGERPRINT_BITS, MAX_FINGERPRINT_BITS);
                let buckets = ((b * nf / (BUCKET_SLOTS as f64 * f as f64)).floor() as u64).max(1);
                (
                    m,
                    best_integer_k(m as f64 / nf).min(MAX_K),
                    c,
                    best_integer_k(c as f64 / nf).min(MAX_K),
                    f,
                    buckets,
                )
            }
            Setting::Fpr(eps) => {
                let k = best_integer_k(m_over_n_for_fpr(eps)).min(MAX_K);
                let m = bloom_bits_for(n, k, eps);
                let per = 2.0 * BUCKET_SLOTS as f64 * TARGET_LOAD / eps;
                let f =
                    (per.log2().ceil() as u32).clamp(MIN_FINGERPRINT_BITS, MAX_FINGERPRINT_BITS);
                let buckets = (nf / (BUCKET_SLOTS as f64 * TARGET_LOAD)).ceil() as u64;
                (m, k, m, k, f, buckets)
            }
        };
        let plan = |filter, method, k, m, f| Plan {
            filter,
            setting,
            method,
            k,
            m,
            fingerprint_bits: f,
        };
        for &method in methods {
            out.push(plan(
                FilterKind::Bloom,
                Some(method),
                Some(bloom_k),
                Some(bloom_m),
                None,
            ));
        }
        for filter in [FilterKind::Counting, FilterKind::ImpCb] {
            out.push(plan(
                filter,
                Some(IndexMethod::Md5Slices),
                Some(counter_k),
                Some(counters),
                None,
            ));
        }
        out.push(plan(FilterKind::Cuckoo, None, None, Some(buckets), Some(f)));
        out.push(plan(FilterKind::Xor8, None, None, None, Some(8)));
        out.push(plan(FilterKind::BinaryFuse8, None, None, None, Some(8)));
        out.push(plan(FilterKind::BinaryFuse16, None, None, None, Some(16)));
    }
    out
}

/// A filter built from the inserted keys.
enum Built {
    Bloom(Bloom),
    Counting(CountingBloom),
    ImpCb(Box<ImpCb>),
    Cuckoo(CuckooFilter),
    Xor8(Xor8),
    Fuse8(BinaryFuse8),
    Fuse16(BinaryFuse16),
}

/// A failed build: why, and the keys in when it failed (none for a static filter).
struct Failed {
    why: String,
    stored: u64,
}

/// XXH3-64 of every key, sorted and without repeats; how many repeats were dropped.
fn hashed(keys: &[&[u8]]) -> (Vec<u64>, u64) {
    let mut h: Vec<u64> = keys.iter().map(|k| xxh3_64(k)).collect();
    crate::foundation::order::sort_unstable(&mut h);
    let before = h.len();
    h.dedup();
    let dropped = (before - h.len()) as u64;
    (h, dropped)
}

/// A key as a filter takes it: its bytes, and its MD5 fingerprint and positions where the
/// bake-off derived them for the filter's shape ([`Bench`]).
#[derive(Clone, Copy)]
struct Key<'a> {
    bytes: &'a [u8],
    md5: Option<(u128, &'a [u32])>,
}

/// Key `i` of `keys`, the `offset + i`-th of `derived`'s keys.
#[inline]
fn key_of<'a>(
    keys: &[&'a [u8]],
    derived: Option<&'a Md5Derived>,
    offset: usize,
    i: usize,
) -> Key<'a> {
    Key {
        bytes: keys[i],
        md5: derived.map(|d| d.key(offset + i)),
    }
}

impl Built {
    /// Builds `plan` from `inserted` (their derivation `derived` where the bake-off shares one);
    /// a failure says how far it got (a full cuckoo filter comes back with the keys it holds).
    fn build(
        plan: &Plan,
        inserted: &[&[u8]],
        derived: Option<&Md5Derived>,
    ) -> (Option<Built>, Option<Failed>) {
        let method = plan.method.unwrap_or(IndexMethod::Md5Slices);
        let (k, m) = (plan.k.unwrap_or(1), plan.m.unwrap_or(1));
        let fail = |why: String| (None, Some(Failed { why, stored: 0 }));
        let keys = (0..inserted.len()).map(|i| key_of(inserted, derived, 0, i));
        match plan.filter {
            FilterKind::Bloom => match Bloom::new(m, k, method) {
                Ok(mut b) => {
                    for key in keys {
                        match key.md5 {
                            Some((_, at)) => b.insert_at(at),
                            None => b.insert(key.bytes),
                        };
                    }
                    (Some(Built::Bloom(b)), None)
                }
                Err(e) => fail(e),
            },
            FilterKind::Counting => match CountingBloom::new(m, k, COUNTER_BITS, method) {
                Ok(mut c) => {
                    for key in keys {
                        match key.md5 {
                            Some((_, at)) => c.insert_at(at),
                            None => c.insert(key.bytes),
                        }
                    }
                    (Some(Built::Counting(c)), None)
                }
                Err(e) => fail(e),
            },
            FilterKind::ImpCb => match ImpCb::new(m, k, COUNTER_BITS, method) {
                Ok(mut f) => {
                    for key in keys {
                        match key.md5 {
                            Some((fp, at)) => f.process_at(fp, at),
                            None => f.process(key.bytes),
                        };
                    }
                    (Some(Built::ImpCb(Box::new(f))), None)
                }
                Err(e) => fail(e),
            },
            FilterKind::Cuckoo => {
                let f = plan.fingerprint_bits.unwrap_or(8);
                let mut c = match CuckooFilter::new(m, f) {
                    Ok(c) => c,
                    Err(e) => return fail(e),
                };
                for (i, key) in inserted.iter().enumerate() {
                    if let Err(full) = c.insert(key) {
                        let why = format!(
                            "full after {} of {} keys ({MAX_KICKS} evictions failed at load {:.3}); the last key is in, the keys after it are not",
                            i + 1,
                            inserted.len(),
                            c.load()
                        );
                        let stored = full.stored;
                        return (Some(Built::Cuckoo(c)), Some(Failed { why, stored }));
                    }
                }
                (Some(Built::Cuckoo(c)), None)
            }
            FilterKind::Xor8 => {
                let (h, _) = hashed(inserted);
                (Some(Built::Xor8(Xor8::from(&h))), None)
            }
            FilterKind::BinaryFuse8 => {
                let (h, _) = hashed(inserted);
                match BinaryFuse8::try_from(&h) {
                    Ok(f) => (Some(Built::Fuse8(f)), None),
                    Err(e) => fail(format!("binary fuse 8 not built: {e}")),
                }
            }
            FilterKind::BinaryFuse16 => {
                let (h, _) = hashed(inserted);
                match BinaryFuse16::try_from(&h) {
                    Ok(f) => (Some(Built::Fuse16(f)), None),
                    Err(e) => fail(format!("binary fuse 16 not built: {e}")),
                }
            }
        }
    }

    /// Whether the filter reports `key` present, from its derivation where it has one.
    #[inline]
    fn contains_key(&self, key: Key) -> bool {
        match (self, key.md5) {
            (Built::Bloom(b), Some((_, at))) => b.contains_at(at),
            (Built::Counting(c), Some((_, at))) => c.contains_at(at),
            (Built::ImpCb(f), Some((fp, at))) => f.contains_at(fp, at),
            _ => self.contains(key.bytes),
        }
    }

    #[inline]
    fn contains(&self, key: &[u8]) -> bool {
        match self {
            Built::Bloom(b) => b.contains(key),
            Built::Counting(c) => c.contains(key),
            Built::ImpCb(f) => f.contains(key),
            Built::Cuckoo(c) => c.contains(key),
            Built::Xor8(f) => f.contains(&xxh3_64(key)),
            Built::Fuse8(f) => f.contains(&xxh3_64(key)),
            Built::Fuse16(f) => f.contains(&xxh3_64(key)),
        }
    }

    /// Bits of memory the filter holds.
    fn memory_bits(&self) -> u64 {
        match self {
            Built::Bloom(b) => b.bytes() * 8,
            Built::Counting(c) => c.bytes() * 8,
            Built::ImpCb(f) => f.report().bytes * 8,
            Built::Cuckoo(c) => c.memory_bits(),
            Built::Xor8(f) => f.fingerprints.len() as u64 * 8,
            Built::Fuse8(f) => f.fingerprints.len() as u64 * 8,
            Built::Fuse16(f) => f.fingerprints.len() as u64 * 16,
        }
    }

    /// Deletes an inserted key; whether the filter found it. Static filters: `None`.
    fn delete(&mut self, key: Key) -> Option<bool> {
        match (self, key.md5) {
            (Built::Counting(c), Some((_, at))) => Some(c.delete_at(at)),
            (Built::Counting(c), None) => Some(c.delete(key.bytes)),
            (Built::ImpCb(f), Some((fp, at))) => Some(f.delete_at(fp, at) != DeleteOutcome::Absent),
            (Built::ImpCb(f), None) => Some(f.delete(key.bytes) != DeleteOutcome::Absent),
            (Built::Cuckoo(c), _) => Some(c.delete(key.bytes)),
            _ => None,
        }
    }
}

/// The filter's own rate for a key never inserted, from its shape.
fn formula(plan: &Plan, built: Option<&Built>, n: u64) -> f64 {
    let (k, m) = (plan.k.unwrap_or(1) as f64, plan.m.unwrap_or(1) as f64);
    match plan.filter {
        FilterKind::Bloom | FilterKind::Counting => fpr_exact(k, n as f64, m),
        FilterKind::ImpCb => 0.0,
        FilterKind::Cuckoo => {
            let load = match built {
                Some(Built::Cuckoo(c)) => c.load(),
                _ => 0.0,
            };
            cuckoo_fpr(plan.fingerprint_bits.unwrap_or(8), load)
        }
        FilterKind::Xor8 | FilterKind::BinaryFuse8 => 2f64.powi(-8),
        FilterKind::BinaryFuse16 => 2f64.powi(-16),
    }
}

/// One filter at one setting, measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FilterRow {
    /// Its id ([`FilterKind::id`]).
    pub filter: FilterKind,
    /// `bits-per-key` or `fpr`: how it was sized.
    pub setting: &'static str,
    /// The bits per key or the rate asked for.
    pub target: f64,
    /// Bloom's, the counting filter's and IMP-CB's index derivation.
    pub method: Option<IndexMethod>,
    /// Positions (counters) per key.
    pub k: Option<u32>,
    /// Bits (Bloom), counters (counting, IMP-CB) or buckets (cuckoo).
    pub m: Option<u64>,
    /// Fingerprint bits (cuckoo, xor, binary fuse).
    pub fingerprint_bits: Option<u32>,
    /// Counter bits (counting, IMP-CB).
    pub counter_bits: Option<u32>,
    /// Keys given to insert.
    pub inserted: u64,
    /// Keys in the filter (fewer when a cuckoo filter filled up; 0 when a build failed).
    pub stored: u64,
    /// Whether every key went in.
    pub built: bool,
    /// Why not, when it did not.
    pub failure: Option<String>,
    /// Held-out keys (never inserted) looked up.
    pub held_out: u64,
    /// Bits of memory the filter holds (whole 64-bit words; xorf's fingerprint array; IMP-CB's
    /// modelled bytes of its counters, store, indices and side table).
    pub memory_bits: u64,
    /// `memory_bits / inserted`.
    pub bits_per_key: f64,
    /// Held-out keys the filter reported present.
    pub false_positives: u64,
    /// `false_positives / held_out`.
    pub fpr: f64,
    /// The lower end of its 95 % Wilson interval.
    pub fpr_low: f64,
    /// The upper end.
    pub fpr_high: f64,
    /// The filter's rate from its shape (the module's table).
    pub fpr_formula: f64,
    /// Whether `fpr_formula` lies in the measured interval.
    pub formula_in_interval: bool,
    /// `log2(1 / fpr_formula)`: the bits per key any filter needs at that rate (none at 0).
    pub bound_bits_per_key: Option<f64>,
    /// `bits_per_key / bound_bits_per_key`.
    pub overhead: Option<f64>,
    /// At a target rate: whether `fpr_formula` is at most the target.
    pub meets_target: Option<bool>,
    /// Stored keys not found again: always 0 for a filter.
    pub false_negatives: u64,
    /// Cuckoo: stored fingerprints over slots.
    pub load: Option<f64>,
    /// Xor and binary fuse: inserted keys whose XXH3-64 repeated another's (one entry for both).
    pub hash_collisions: Option<u64>,
    /// IMP-CB: held-out keys whose k counters were all non-zero, so the store was asked (the
    /// counters' own false positives).
    pub store_probes: Option<u64>,
    /// It can delete a key.
    pub deletes: bool,
    /// It counts repeated inserts of a key.
    pub counts: bool,
    /// Keys can be added after it is built.
    pub dynamic_insert: bool,
    /// When it deletes: the first half of the stored keys, deleted.
    pub deleted: Option<u64>,
    /// The kept half's keys no longer found after the deletes (false negatives).
    pub kept_lost: Option<u64>,
    /// Deleted keys still reported present.
    pub deleted_still_present: Option<u64>,
    /// Nanoseconds per key to build it from the keys (once timed, [`FiltersReport::time`]).
    pub build_ns_per_key: Option<f64>,
    /// Nanoseconds per held-out key looked up (once timed).
    pub lookup_ns_per_key: Option<f64>,
}

/// Builds and measures one plan on `inserted` and `held_out`.
pub fn measure(plan: &Plan, inserted: &[&[u8]], held_out: &[&[u8]]) -> FilterRow {
    measure_in(&mut Bench::new(), plan, inserted, held_out)
}

/// [`measure`] on a bench that keeps, from one plan to the next on the same keys, the MD5
/// derivation the `md5-slices` filters of one shape share: the same row, sooner.
pub fn measure_in(
    bench: &mut Bench,
    plan: &Plan,
    inserted: &[&[u8]],
    held_out: &[&[u8]],
) -> FilterRow {
    let n = inserted.len() as u64;
    let derived = match (plan.filter, plan.k, plan.m) {
        (FilterKind::Bloom | FilterKind::Counting | FilterKind::ImpCb, Some(k), Some(m)) => {
            bench.md5(plan.method, k, m, inserted, held_out)
        }
        _ => None,
    };
    let ins = |i: usize| key_of(inserted, derived, 0, i);
    let out = |j: usize| key_of(held_out, derived, inserted.len(), j);
    let (built, failed) = Built::build(plan, inserted, derived);
    let stored = match (&built, &failed) {
        (_, Some(f)) => f.stored,
        (Some(_), None) => n,
        (None, None) => 0,
    };
    let (deletes, counts, dynamic_insert) = plan.filter.supports();
    let fpr_formula = formula(plan, built.as_ref(), n);
    let (mut false_positives, mut false_negatives, mut probes) = (0u64, 0u64, 0u64);
    if let Some(b) = &built {
        for j in 0..held_out.len() {
            false_positives += b.contains_key(out(j)) as u64;
        }
        for i in 0..stored as usize {
            false_negatives += !b.contains_key(ins(i)) as u64;
        }
        if let Built::ImpCb(f) = b {
            for j in 0..held_out.len() {
                let key = out(j);
                let owned;
                let at = match key.md5 {
                    Some((_, at)) => at,
                    None => {
                        owned = f.indices(key.bytes);
                        &owned
                    }
                };
                probes += at.iter().all(|&i| f.counters().get(i as u64) != 0) as u64;
            }
        }
    }
    let memory_bits = built.as_ref().map_or(0, Built::memory_bits);
    let trials = if built.is_some() {
        held_out.len() as u64
    } else {
        0
    };
    let fpr = if trials == 0 {
        0.0
    } else {
        false_positives as f64 / trials as f64
    };
    let (fpr_low, fpr_high) = wilson_interval(false_positives, trials, Z_95);
    let bits_per_key = memory_bits as f64 / n.max(1) as f64;
    let bound = (fpr_formula > 0.0).then(|| -fpr_formula.log2());
    let load = match &built {
        Some(Built::Cuckoo(c)) => Some(c.load()),
        _ => None,
    };
    let hash_collisions = matches!(
        plan.filter,
        FilterKind::Xor8 | FilterKind::BinaryFuse8 | FilterKind::BinaryFuse16
    )
    .then(|| hashed(inserted).1);
    // The deletes last: they change the filter.
    let (mut deleted, mut kept_lost, mut still) = (None, None, None);
    if let Some(mut b) = built {
        let half = stored as usize / 2;
        let mut ok = 0u64;
        let mut supported = true;
        for i in 0..half {
            match b.delete(ins(i)) {
                Some(found) => ok += found as u64,
                None => {
                    supported = false;
                    break;
                }
            }
        }
        if supported && deletes {
            deleted = Some(ok);
            kept_lost = Some(
                (half..stored as usize)
                    .filter(|&i| !b.contains_key(ins(i)))
                    .count() as u64,
            );
            still = Some((0..half).filter(|&i| b.contains_key(ins(i))).count() as u64);
        }
    }
    FilterRow {
        filter: plan.filter,
        setting: plan.setting.id(),
        target: plan.setting.target(),
        method: plan.method,
        k: plan.k,
        m: plan.m,
        fingerprint_bits: plan.fingerprint_bits,
        counter_bits: matches!(plan.filter, FilterKind::Counting | FilterKind::ImpCb)
            .then_some(COUNTER_BITS),
        inserted: n,
        stored,
        built: failed.is_none(),
        failure: failed.map(|f| f.why),
        held_out: trials,
        memory_bits,
        bits_per_key,
        false_positives,
        fpr,
        fpr_low,
        fpr_high,
        fpr_formula,
        formula_in_interval: fpr_low <= fpr_formula && fpr_formula <= fpr_high,
        bound_bits_per_key: bound,
        overhead: bound.map(|b| bits_per_key / b),
        meets_target: match plan.setting {
            Setting::Fpr(eps) => Some(fpr_formula <= eps),
            Setting::BitsPerKey(_) => None,
        },
        false_negatives,
        load,
        hash_collisions,
        store_probes: (plan.filter == FilterKind::ImpCb).then_some(probes),
        deletes,
        counts,
        dynamic_insert,
        deleted,
        kept_lost,
        deleted_still_present: still,
        build_ns_per_key: None,
        lookup_ns_per_key: None,
    }
}

/// The bake-off's report: one row per filter and setting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FiltersReport {
    /// Keys inserted.
    pub inserted: u64,
    /// Keys held out.
    pub held_out: u64,
    /// Every filter at every setting, in [`plans`] order.
    pub filters: Vec<FilterRow>,
}

/// Builds and measures every plan of `settings` (Bloom with each of `methods`).
pub fn bakeoff(
    settings: &[Setting],
    methods: &[IndexMethod],
    inserted: &[&[u8]],
    held_out: &[&[u8]],
) -> FiltersReport {
    let plans = plans(settings, methods, inserted.len() as u64);
    let mut bench = Bench::new();
    FiltersReport {
        inserted: inserted.len() as u64,
        held_out: held_out.len() as u64,
        filters: plans
            .iter()
            .map(|p| measure_in(&mut bench, p, inserted, held_out))
            .collect(),
    }
}

impl FilterRow {
    /// The plan this row measured.
    pub fn plan(&self) -> Plan {
        Plan {
            filter: self.filter,
            setting: if self.setting == "fpr" {
                Setting::Fpr(self.target)
            } else {
                Setting::BitsPerKey(self.target)
            },
            method: self.method,
            k: self.k,
            m: self.m,
            fingerprint_bits: self.fingerprint_bits,
        }
    }

    /// Times its build (the keys hashed and inserted) and its lookups of `held_out`, with clock
    /// `now` (milliseconds, never going back). A filter that could not be built is not timed.
    pub fn time(&mut self, inserted: &[&[u8]], held_out: &[&[u8]], now: &mut dyn FnMut() -> f64) {
        if self.stored == 0 {
            return;
        }
        let (build, lookup) = time_plan(&self.plan(), inserted, held_out, now);
        self.build_ns_per_key = build;
        self.lookup_ns_per_key = lookup;
    }
}

/// `plan`'s build and its lookups of `held_out`, timed with clock `now`, without measuring its
/// rate again: ns per key to build (None when no key could be stored) and per held-out key to
/// look up (None when it could not be built or nothing is held out).
pub fn time_plan(
    plan: &Plan,
    inserted: &[&[u8]],
    held_out: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> (Option<f64>, Option<f64>) {
    let ((built, failed), ms, repeats) = repeated(repeat_cap(inserted.len()), now, || {
        Built::build(plan, inserted, None)
    });
    if built.is_none() && failed.is_some_and(|f| f.stored == 0) {
        return (None, None);
    }
    let build = Some(us_per_url(ms, repeats, inserted.len()) * 1000.0);
    let Some(built) = built else {
        return (build, None);
    };
    if held_out.is_empty() {
        return (build, None);
    }
    let (_, ms, repeats) = repeated(repeat_cap(held_out.len()), now, || {
        let hits = held_out.iter().filter(|k| built.contains(k)).count();
        std::hint::black_box(hits)
    });
    (
        build,
        Some(us_per_url(ms, repeats, held_out.len()) * 1000.0),
    )
}

impl FiltersReport {
    /// Times every row ([`FilterRow::time`]); `each` is told after each row (the CLI's progress).
    pub fn time(
        &mut self,
        inserted: &[&[u8]],
        held_out: &[&[u8]],
        now: &mut dyn FnMut() -> f64,
        each: &mut dyn FnMut(usize),
    ) {
        for (i, row) in self.filters.iter_mut().enumerate() {
            row.time(inserted, held_out, now);
            each(i + 1);
        }
    }
}
