//! A cuckoo filter with a chosen fingerprint size: Fan, Andersen, Kaminsky & Mitzenmacher,
//! *Cuckoo Filter: Practically Better Than Bloom* (CoNEXT 2014).
//!
//! A table of `buckets` buckets of [`BUCKET_SLOTS`] = 4 slots, each slot an `f`-bit fingerprint
//! (`2 <= f <= 32`), packed `f` bits after another in 64-bit words; 0 marks an empty slot. A key
//! is hashed once with XXH3-128: the low half picks its first bucket `i1 = ⌊lo · buckets /
//! 2^64⌋`, the high half its fingerprint `fp = 1 + hi mod (2^f − 1)` (never 0). **Partial-key
//! cuckoo hashing**: the second bucket is computed from the first and the fingerprint alone, so
//! a fingerprint can move between its two buckets without its key. Fan et al. use `i2 = i1 ⊕
//! hash(fp)`, which needs a power-of-two table; the lab uses **`i2 = (H(fp) − i1) mod buckets`**,
//! `H(fp) = ⌊finalize(fp) · buckets / 2^64⌋` (SplitMix64's finaliser), its own inverse for any
//! number of buckets (`(H − i2) mod buckets = i1`), so a table can be sized to the bits per key
//! asked.
//!
//! * Insert: into a free slot of `i1` or `i2`; else evict a random slot's fingerprint (a seeded
//!   [`SplitMix`], so a build is the same every time), move it to its other bucket, and repeat
//!   up to [`MAX_KICKS`] = 500 times (Fan et al.'s bound). When that fails the last evicted
//!   fingerprint is kept in a one-entry **victim** slot, as in Fan et al.'s reference code, the
//!   filter is full and refuses any further insert: no key already in is lost.
//! * Lookup: `fp` in bucket `i1`, bucket `i2` or the victim. Delete: one copy of `fp` from
//!   either bucket (or the victim); a freed slot takes the victim back. Delete only keys that
//!   were inserted: deleting a false positive removes another key's fingerprint.
//! * False positives: a key never inserted matches each occupied slot of its two buckets with
//!   probability `1/(2^f − 1)`, so at load α (stored keys over slots) the rate is
//!   **`1 − (1 − 1/(2^f − 1))^(8α)`** ([`cuckoo_fpr`]), about `2b·α/2^f` with `b = 4`; Fan et
//!   al.'s bound is `2b/2^f` (α = 1). Bits per key: `f/α`. With 4-slot buckets inserts succeed
//!   up to about 95 % load.
//!
//! Tested against the `cuckoofilter` crate (8-bit fingerprints, XOR alternate bucket) on the
//! same keys in `tests.rs`.

use crate::foundation::mix::{finalize, mul_high, SplitMix};
use xxhash_rust::xxh3::xxh3_128;

/// Slots per bucket (Fan et al.'s b = 4).
pub const BUCKET_SLOTS: u64 = 4;
/// Evictions tried before an insert gives up (Fan et al.'s `MaxNumKicks`).
pub const MAX_KICKS: u32 = 500;
/// The smallest fingerprint, in bits.
pub const MIN_FINGERPRINT_BITS: u32 = 2;
/// The largest fingerprint, in bits.
pub const MAX_FINGERPRINT_BITS: u32 = 32;
/// The load a table is sized for when only a fingerprint size is chosen.
pub const TARGET_LOAD: f64 = 0.95;

/// `1 − (1 − 1/(2^f − 1))^(8α)`: the false-positive rate of `f`-bit fingerprints in two 4-slot
/// buckets at load `α`.
///
/// ```
/// use urlhashlab::mechanisms::bakeoff::cuckoo_fpr;
/// // Fan et al.'s 2b/2^f = 3.1 % at f = 8 and a full table; 2.95 % at 95 %.
/// assert!((cuckoo_fpr(8, 1.0) - 0.0310).abs() < 2e-4);
/// assert!((cuckoo_fpr(8, 0.95) - 0.0295).abs() < 2e-4);
/// ```
pub fn cuckoo_fpr(f: u32, load: f64) -> f64 {
    let values = ((1u64 << f) - 1) as f64;
    -(2.0 * BUCKET_SLOTS as f64 * load * (-1.0 / values).ln_1p()).exp_m1()
}

/// Why an insert failed: the table is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CuckooFull {
    /// Fingerprints stored (the victim included) when it failed.
    pub stored: u64,
}

/// A cuckoo filter of `buckets × 4` slots of `f`-bit fingerprints.
///
/// ```
/// use urlhashlab::mechanisms::bakeoff::CuckooFilter;
/// let mut f = CuckooFilter::new(1_000, 12).unwrap();
/// f.insert(b"http://a.cn/").unwrap();
/// assert!(f.contains(b"http://a.cn/"));
/// assert!(f.delete(b"http://a.cn/"));
/// assert!(!f.contains(b"http://a.cn/"));
/// assert_eq!(f.memory_bits(), 4_000 * 12); // 48 000 bits in 750 words
/// ```
#[derive(Clone, Debug)]
pub struct CuckooFilter {
    words: Vec<u64>,
    buckets: u64,
    f: u32,
    mask: u64,
    stored: u64,
    /// The fingerprint left over when an insert failed, and its bucket.
    victim: Option<(u32, u64)>,
    rng: SplitMix,
}

impl CuckooFilter {
    /// An empty filter of `buckets` buckets (at least 1) and `f`-bit fingerprints (2 to 32).
    pub fn new(buckets: u64, f: u32) -> Result<CuckooFilter, String> {
        if !(MIN_FINGERPRINT_BITS..=MAX_FINGERPRINT_BITS).contains(&f) {
            return Err(format!(
                "a cuckoo fingerprint has {MIN_FINGERPRINT_BITS} to {MAX_FINGERPRINT_BITS} bits, not {f}"
            ));
        }
        let bits = buckets
            .max(1)
            .checked_mul(BUCKET_SLOTS * f as u64)
            .filter(|&b| b <= 1 << 40)
            .ok_or_else(|| format!("{buckets} buckets of {f}-bit fingerprints are too many"))?;
        Ok(CuckooFilter {
            words: vec![0; bits.div_ceil(64) as usize],
            buckets: buckets.max(1),
            f,
            mask: (1u64 << f) - 1,
            stored: 0,
            victim: None,
            rng: SplitMix::new(0x6375_636b_6f6f, f as u64),
        })
    }

    /// A filter sized for `n` keys at [`TARGET_LOAD`]: `⌈n / (4 · 0.95)⌉` buckets.
    pub fn for_keys(n: u64, f: u32) -> Result<CuckooFilter, String> {
        let buckets = (n as f64 / (BUCKET_SLOTS as f64 * TARGET_LOAD)).ceil() as u64;
        CuckooFilter::new(buckets, f)
    }

    /// The bucket and fingerprint of a key.
    #[inline]
    fn locate(&self, key: &[u8]) -> (u64, u32) {
        let h = xxh3_128(key);
        let i1 = mul_high(h as u64, self.buckets);
        let fp = 1 + ((h >> 64) as u64) % self.mask;
        (i1, fp as u32)
    }

    /// The other bucket of fingerprint `fp` in bucket `i`.
    #[inline]
    pub(super) fn alt(&self, i: u64, fp: u32) -> u64 {
        let h = mul_high(finalize(fp as u64), self.buckets);
        (h + self.buckets - i) % self.buckets
    }

    #[inline]
    pub(super) fn slot(&self, s: u64) -> u32 {
        let bit = s * self.f as u64;
        let (w, off) = ((bit >> 6) as usize, (bit & 63) as u32);
        let mut v = self.words[w] >> off;
        if off + self.f > 64 {
            v |= self.words[w + 1] << (64 - off);
        }
        (v & self.mask) as u32
    }

    #[inline]
    pub(super) fn set_slot(&mut self, s: u64, fp: u32) {
        let bit = s * self.f as u64;
        let (w, off) = ((bit >> 6) as usize, (bit & 63) as u32);
        let v = fp as u64 & self.mask;
        self.words[w] = (self.words[w] & !(self.mask << off)) | (v << off);
        if off + self.f > 64 {
            let spill = 64 - off;
            self.words[w + 1] = (self.words[w + 1] & !(self.mask >> spill)) | (v >> spill);
        }
    }

    /// Puts `fp` into a free slot of bucket `i`; whether there was one.
    #[inline]
    fn put(&mut self, i: u64, fp: u32) -> bool {
        for s in i * BUCKET_SLOTS..(i + 1) * BUCKET_SLOTS {
            if self.slot(s) == 0 {
                self.set_slot(s, fp);
                return true;
            }
        }
        false
    }

    #[inline]
    fn has(&self, i: u64, fp: u32) -> bool {
        (i * BUCKET_SLOTS..(i + 1) * BUCKET_SLOTS).any(|s| self.slot(s) == fp)
    }

    /// Removes one copy of `fp` from bucket `i`; whether there was one.
    fn take(&mut self, i: u64, fp: u32) -> bool {
        for s in i * BUCKET_SLOTS..(i + 1) * BUCKET_SLOTS {
            if self.slot(s) == fp {
                self.set_slot(s, 0);
                return true;
            }
        }
        false
    }

    /// Adds `key`, or says the filter is full (then it changed nothing and holds every key it
    /// held).
    pub fn insert(&mut self, key: &[u8]) -> Result<(), CuckooFull> {
        if self.victim.is_some() {
            return Err(CuckooFull {
                stored: self.stored,
            });
        }
        let (i1, fp) = self.locate(key);
        let i2 = self.alt(i1, fp);
        if self.put(i1, fp) || self.put(i2, fp) {
            self.stored += 1;
            return Ok(());
        }
        let (mut i, mut fp) = (if self.rng.next() & 1 == 0 { i1 } else { i2 }, fp);
        for _ in 0..MAX_KICKS {
            let s = i * BUCKET_SLOTS + self.rng.below(BUCKET_SLOTS);
            let out = self.slot(s);
            self.set_slot(s, fp);
            fp = out;
            i = self.alt(i, fp);
            if self.put(i, fp) {
                self.stored += 1;
                return Ok(());
            }
        }
        // The key is in; the fingerprint it last displaced waits in the victim slot.
        self.victim = Some((fp, i));
        self.stored += 1;
        Err(CuckooFull {
            stored: self.stored,
        })
    }

    /// `true` when `key`'s fingerprint is in one of its buckets (or is the victim).
    #[inline]
    pub fn contains(&self, key: &[u8]) -> bool {
        let (i1, fp) = self.locate(key);
        let i2 = self.alt(i1, fp);
        self.has(i1, fp)
            || self.has(i2, fp)
            || self
                .victim
                .is_some_and(|(v, at)| v == fp && (at == i1 || at == i2))
    }

    /// Removes one copy of `key`'s fingerprint; whether one was found.
    pub fn delete(&mut self, key: &[u8]) -> bool {
        let (i1, fp) = self.locate(key);
        let i2 = self.alt(i1, fp);
        if self.take(i1, fp) || self.take(i2, fp) {
            self.stored -= 1;
            // A slot is free: the victim goes back into the table.
            if let Some((v, at)) = self.victim.take() {
                self.stored -= 1;
                let other = self.alt(at, v);
                if self.put(at, v) || self.put(other, v) {
                    self.stored += 1;
                } else {
                    self.victim = Some((v, at));
                    self.stored += 1;
                }
            }
            return true;
        }
        if let Some((v, at)) = self.victim {
            if v == fp && (at == i1 || at == i2) {
                self.victim = None;
                self.stored -= 1;
                return true;
            }
        }
        false
    }

    /// Fingerprints stored (the victim included).
    pub fn len(&self) -> u64 {
        self.stored
    }
    /// `true` when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.stored == 0
    }
    /// Buckets of the table.
    pub fn buckets(&self) -> u64 {
        self.buckets
    }
    /// Bits per fingerprint.
    pub fn fingerprint_bits(&self) -> u32 {
        self.f
    }
    /// Stored fingerprints over slots.
    pub fn load(&self) -> f64 {
        self.stored as f64 / (self.buckets * BUCKET_SLOTS) as f64
    }
    /// `true` once an insert failed: the victim slot is taken and inserts are refused.
    pub fn is_full(&self) -> bool {
        self.victim.is_some()
    }
    /// The bits of the packed table (whole 64-bit words; the victim slot not counted).
    pub fn memory_bits(&self) -> u64 {
        self.words.len() as u64 * 64
    }
}
