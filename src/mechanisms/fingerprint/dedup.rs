//! Fingerprint dedup: P3's store of MD5 ids, truncated fingerprints and their collisions.

use super::birthday::{
    collision_probability, expected_colliding_pairs, expected_false_duplicates,
    n_for_collision_probability,
};
use super::digest::{check_bits, truncate, DigestBuild, FingerprintError};
use crate::foundation::hash::md5_u128;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// What [`FingerprintSet::insert`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Insert {
    /// The fingerprint was not there: a new URL, kept.
    New,
    /// The fingerprint was there: dropped as a duplicate (a false one if the URL differs).
    Duplicate,
}

/// P3's store of page ids: the set of (possibly truncated) MD5 fingerprints seen so far.
#[derive(Clone, Debug)]
pub struct FingerprintSet {
    bits: u32,
    seen: HashSet<u128, DigestBuild>,
    inserted: u64,
}

/// Counts of a [`FingerprintSet`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FingerprintStats {
    /// Width of the fingerprints: the top `bits` bits of MD5 (128 for P3's).
    pub bits: u32,
    /// URLs inserted.
    pub inserted: u64,
    /// Distinct fingerprints stored.
    pub distinct: u64,
    /// Inserts that found their fingerprint already stored.
    pub duplicates: u64,
    /// Bytes of one stored fingerprint, `⌈b/8⌉` (16 for P3's MD5).
    pub fingerprint_bytes: u32,
    /// The ids alone, `distinct · ⌈b/8⌉` bytes (P3's table of ids).
    pub store_bytes: u64,
    /// An estimate of this in-memory hash set: 17 bytes per slot (16 for the key, one control
    /// byte) over its allocated slots.
    pub table_bytes: u64,
}

impl Default for FingerprintSet {
    fn default() -> Self {
        FingerprintSet::new()
    }
}

impl FingerprintSet {
    /// Full 128-bit MD5 fingerprints, as P3.
    pub fn new() -> FingerprintSet {
        FingerprintSet {
            bits: 128,
            seen: HashSet::default(),
            inserted: 0,
        }
    }

    /// Fingerprints of the top `bits` bits of MD5 (1..=128).
    pub fn with_bits(bits: u32) -> Result<FingerprintSet, FingerprintError> {
        Ok(FingerprintSet {
            bits: check_bits(bits)?,
            ..FingerprintSet::new()
        })
    }

    /// Width of the fingerprints in bits (1 to 128).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Fingerprints `url` and stores it.
    pub fn insert(&mut self, url: &[u8]) -> Insert {
        self.insert_digest(md5_u128(url))
    }

    /// Stores an MD5 digest already computed (the full 128 bits; truncated here).
    pub fn insert_digest(&mut self, digest: u128) -> Insert {
        self.inserted += 1;
        if self.seen.insert(truncate(digest, self.bits)) {
            Insert::New
        } else {
            Insert::Duplicate
        }
    }

    /// Is `url`'s fingerprint stored?
    pub fn contains(&self, url: &[u8]) -> bool {
        self.seen.contains(&truncate(md5_u128(url), self.bits))
    }

    /// URLs inserted.
    pub fn inserted(&self) -> u64 {
        self.inserted
    }

    /// Distinct fingerprints stored.
    pub fn distinct(&self) -> u64 {
        self.seen.len() as u64
    }

    /// Inserts that were dropped as duplicates.
    pub fn duplicates(&self) -> u64 {
        self.inserted - self.distinct()
    }

    /// `true` when no fingerprint is stored.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Bytes of one fingerprint, `⌈b/8⌉`.
    pub fn fingerprint_bytes(&self) -> u32 {
        self.bits.div_ceil(8)
    }

    /// The ids alone: `distinct · ⌈b/8⌉` bytes.
    pub fn bytes_estimate(&self) -> u64 {
        self.distinct() * self.fingerprint_bytes() as u64
    }

    /// The counts and the bytes so far.
    pub fn stats(&self) -> FingerprintStats {
        FingerprintStats {
            bits: self.bits,
            inserted: self.inserted,
            distinct: self.distinct(),
            duplicates: self.duplicates(),
            fingerprint_bytes: self.fingerprint_bytes(),
            store_bytes: self.bytes_estimate(),
            table_bytes: self.seen.capacity() as u64 * 17,
        }
    }
}

/// One fingerprint width measured against the birthday bound.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TruncatedRow {
    /// Width of the fingerprints: the top `bits` bits of MD5.
    pub bits: u32,
    /// Distinct URLs (distinct 128-bit digests) stored.
    pub urls: u64,
    /// Distinct b-bit fingerprints among them.
    pub distinct_fingerprints: u64,
    /// URLs a b-bit store drops as already seen though they are new: `urls − distinct`.
    pub false_duplicates: u64,
    /// Its expectation for random fingerprints, `n − 2^b (1 − (1 − 2^-b)^n)`.
    pub expected_false_duplicates: f64,
    /// Pairs of distinct URLs sharing a b-bit fingerprint, `Σ C(k, 2)` over fingerprints.
    pub colliding_pairs: u64,
    /// Its expectation, `n(n−1)/2^(b+1)`.
    pub expected_pairs: f64,
    /// The birthday bound: chance of at least one collision among `urls` fingerprints.
    pub probability_any: f64,
    /// URLs at which a collision becomes as likely as not.
    pub n_at_even_odds: f64,
}

/// The b-bit fingerprints of the distinct URLs, in the narrowest integer that holds them.
enum Truncated {
    U32(Vec<u32>),
    U64(Vec<u64>),
    U128(Vec<u128>),
}

/// Distinct values and `Σ C(k, 2)` over runs of equal values, after sorting in place.
pub(super) fn runs<T: Ord + Copy>(v: &mut [T]) -> (u64, u64) {
    crate::foundation::order::sort_unstable(v);
    let (mut distinct, mut pairs, mut run) = (0u64, 0u64, 0u64);
    for i in 0..v.len() {
        if i == 0 || v[i] != v[i - 1] {
            distinct += 1;
            run = 0;
        }
        pairs += run;
        run += 1;
    }
    (distinct, pairs)
}

struct Level {
    bits: u32,
    values: Truncated,
}

/// P3's store of 128-bit MD5 ids, with collisions of truncated fingerprints measured on the
/// distinct URLs for several widths in one pass.
///
/// Each URL line is New or Duplicate by its full MD5 digest, as in P3's store. Beside each
/// digest the store keeps the 64-bit XXH3 of the line that put it there, so a Duplicate whose
/// XXH3 differs is a proven MD5 collision (two different lines, one digest), never a silent
/// merge. Each new URL's top `b` bits are recorded for every width `b`; [`Self::rows`] sorts
/// them and counts equal runs. Memory: about 33 bytes per hash-table slot (slots are a power of
/// two, at least 8/7 of the distinct URLs) plus 4, 8 or 16 bytes per distinct URL and width
/// (b ≤ 32, ≤ 64, above).
///
/// # Example
/// ```
/// use urlhashlab::mechanisms::fingerprint::{Insert, TruncatedCollisions};
/// let mut c = TruncatedCollisions::new(&[8, 128]).unwrap();
/// for i in 0..1000 {
///     c.push(format!("http://a.cn/{i}").as_bytes());
/// }
/// assert_eq!(c.push(b"http://a.cn/7"), Insert::Duplicate);
/// let rows = c.rows();
/// assert_eq!((rows[0].urls, c.duplicates(), c.md5_collisions()), (1000, 1, 0));
/// assert!(rows[0].distinct_fingerprints <= 256); // 8 bits: at most 256 values
/// assert_eq!(rows[1].false_duplicates, 0);
/// ```
pub struct TruncatedCollisions {
    seen: HashMap<u128, u64, DigestBuild>,
    lines: u64,
    md5_collisions: u64,
    levels: Vec<Level>,
}

impl TruncatedCollisions {
    /// Widths in 1..=128, reported in the order given.
    pub fn new(bits: &[u32]) -> Result<TruncatedCollisions, FingerprintError> {
        let levels = bits
            .iter()
            .map(|&b| {
                let bits = check_bits(b)?;
                let values = match bits {
                    ..=32 => Truncated::U32(Vec::new()),
                    33..=64 => Truncated::U64(Vec::new()),
                    _ => Truncated::U128(Vec::new()),
                };
                Ok(Level { bits, values })
            })
            .collect::<Result<_, FingerprintError>>()?;
        Ok(TruncatedCollisions {
            seen: HashMap::default(),
            lines: 0,
            md5_collisions: 0,
            levels,
        })
    }

    /// Fingerprints and counts one URL line.
    pub fn push(&mut self, url: &[u8]) -> Insert {
        self.push_digest(md5_u128(url), xxhash_rust::xxh3::xxh3_64(url))
    }

    /// Counts one MD5 digest already computed, with an independent 64-bit hash of the same
    /// line (`check`) that tells a real duplicate from an MD5 collision.
    pub fn push_digest(&mut self, digest: u128, check: u64) -> Insert {
        self.lines += 1;
        match self.seen.entry(digest) {
            std::collections::hash_map::Entry::Occupied(e) => {
                if *e.get() != check {
                    self.md5_collisions += 1;
                }
                return Insert::Duplicate;
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(check);
            }
        }
        for l in &mut self.levels {
            let t = truncate(digest, l.bits);
            match &mut l.values {
                Truncated::U32(v) => v.push(t as u32),
                Truncated::U64(v) => v.push(t as u64),
                Truncated::U128(v) => v.push(t),
            }
        }
        Insert::New
    }

    /// Lines pushed.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Distinct MD5 digests: the URLs P3's store keeps.
    pub fn distinct(&self) -> u64 {
        self.seen.len() as u64
    }

    /// Lines dropped as duplicates by MD5.
    pub fn duplicates(&self) -> u64 {
        self.lines - self.distinct()
    }

    /// Duplicates by MD5 whose 64-bit XXH3 differs from the stored line's: proven MD5
    /// collisions (0 expected).
    pub fn md5_collisions(&self) -> u64 {
        self.md5_collisions
    }

    /// One row per width, in the order given (sorts the recorded fingerprints in place).
    pub fn rows(&mut self) -> Vec<TruncatedRow> {
        let n = self.distinct();
        self.levels
            .iter_mut()
            .map(|l| {
                let (distinct, pairs) = match &mut l.values {
                    Truncated::U32(v) => runs(v),
                    Truncated::U64(v) => runs(v),
                    Truncated::U128(v) => runs(v),
                };
                TruncatedRow {
                    bits: l.bits,
                    urls: n,
                    distinct_fingerprints: distinct,
                    false_duplicates: n - distinct,
                    expected_false_duplicates: expected_false_duplicates(n, l.bits),
                    colliding_pairs: pairs,
                    expected_pairs: expected_colliding_pairs(n, l.bits),
                    probability_any: collision_probability(n, l.bits),
                    n_at_even_odds: n_for_collision_probability(0.5, l.bits),
                }
            })
            .collect()
    }
}
