//! The Bloom filter itself: m bits, k indices per key, as a packed bit array.

use super::index::{check_shape, word_count, IndexMethod, Source};
use super::limits::MAX_M;
use super::theory::{expected_fill, fpr_approx, fpr_exact};
use crate::foundation::stats::{wilson_interval, Z_95};
use serde::Serialize;

/// A Bloom filter of m bits with k positions per key.
///
/// # Examples
/// ```
/// use urlhashlab::mechanisms::bloom::{Bloom, IndexMethod};
/// let mut filter = Bloom::new(4_096, 4, IndexMethod::Double).unwrap();
/// assert!(filter.insert(b"http://a.cn/")); // new: it set at least one bit
/// assert!(!filter.insert(b"http://a.cn/")); // all 4 bits were set already
/// assert!(filter.contains(b"http://a.cn/"));
/// assert!(!filter.contains(b"http://b.cn/"));
/// assert!((1..=4).contains(&filter.bits_set()));
/// assert_eq!(filter.inserted(), 2); // insert calls, duplicates included
/// assert_eq!(filter.bytes(), 512); // 4 096 bits in 64-bit words
/// ```
#[derive(Clone, Debug)]
pub struct Bloom {
    words: Vec<u64>,
    pub(super) m: u64,
    pub(super) k: u32,
    pub(super) method: IndexMethod,
    pub(super) inserted: u64,
}

impl Bloom {
    /// An empty filter of `m` bits (1 to 2^40) and `k` positions per key (1 to 64).
    pub fn new(m: u64, k: u32, method: IndexMethod) -> Result<Bloom, String> {
        check_shape(m, k)?;
        Ok(Bloom {
            words: vec![0; word_count(m)?],
            m,
            k,
            method,
            inserted: 0,
        })
    }

    /// An empty filter sized for `n` keys at `m_over_n` bits per key: `m = round(m_over_n · n)`
    /// (at least 1).
    pub fn for_keys(n: u64, m_over_n: f64, k: u32, method: IndexMethod) -> Result<Bloom, String> {
        Bloom::new(m_for(n, m_over_n)?, k, method)
    }

    /// Adds `key`. Returns `true` when it set at least one bit, i.e. when the filter did not
    /// already report the key present (a crawler's "new URL").
    pub fn insert(&mut self, key: &[u8]) -> bool {
        self.insert_source(Source::Key(key))
    }

    #[inline]
    pub(super) fn insert_source(&mut self, src: Source) -> bool {
        let words = &mut self.words;
        let mut new = false;
        src.each(self.method, self.k, self.m, |g| {
            let (w, bit) = ((g >> 6) as usize, 1u64 << (g & 63));
            new |= words[w] & bit == 0;
            words[w] |= bit;
            true
        });
        self.inserted += 1;
        new
    }

    /// Adds a key by its k positions ([`Bloom::indices`], worked out once for several filters of
    /// the same shape); returns what [`Bloom::insert`] returns for that key.
    pub fn insert_at(&mut self, positions: &[u32]) -> bool {
        self.insert_source(Source::Positions(positions))
    }

    /// [`Bloom::contains`] of a key given by its k positions (see [`Bloom::insert_at`]).
    pub fn contains_at(&self, positions: &[u32]) -> bool {
        self.contains_source(Source::Positions(positions))
    }

    /// `true` when all k bits of `key` are set: the key was inserted, or it is a false positive.
    /// Never `false` for an inserted key.
    pub fn contains(&self, key: &[u8]) -> bool {
        self.contains_source(Source::Key(key))
    }

    #[inline]
    pub(super) fn contains_source(&self, src: Source) -> bool {
        src.each(self.method, self.k, self.m, |g| self.bit(g))
    }

    /// The k positions of `key` in this filter (for the page's bit-array view).
    pub fn indices(&self, key: &[u8]) -> Vec<u64> {
        self.method.indices(key, self.k, self.m)
    }

    /// Bit `i` (below m).
    #[inline]
    pub fn bit(&self, i: u64) -> bool {
        self.words[(i >> 6) as usize] >> (i & 63) & 1 == 1
    }

    /// The bit array, 64 bits per word, bit i in word `i / 64` at `1 << (i % 64)`.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The number of bits set.
    pub fn bits_set(&self) -> u64 {
        self.words.iter().map(|w| w.count_ones() as u64).sum()
    }

    /// The fraction of bits set.
    pub fn fill(&self) -> f64 {
        self.bits_set() as f64 / self.m as f64
    }

    /// The bytes of the bit array (whole 64-bit words).
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// Bits of the array.
    pub fn m(&self) -> u64 {
        self.m
    }
    /// Positions per key.
    pub fn k(&self) -> u32 {
        self.k
    }
    /// How the k positions of a key are derived.
    pub fn method(&self) -> IndexMethod {
        self.method
    }
    /// The number of [`Bloom::insert`] calls (n of the formulas when the keys are distinct).
    pub fn inserted(&self) -> u64 {
        self.inserted
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.words.fill(0);
        self.inserted = 0;
    }

    /// Queries every key of `held_out` (keys never inserted) and reports the false positives
    /// beside the theory for this filter's m, k and n = [`Bloom::inserted`].
    pub fn measure<I>(&self, held_out: I) -> FprReport
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let (mut fp, mut trials) = (0u64, 0u64);
        for key in held_out {
            trials += 1;
            fp += self.contains(key.as_ref()) as u64;
        }
        self.report(fp, trials)
    }

    /// The report for `false_positives` among `trials` queried keys that were never inserted
    /// (for callers that stream the held-out keys themselves).
    pub fn report(&self, false_positives: u64, trials: u64) -> FprReport {
        FprReport::new(self, false_positives, trials)
    }
}

/// `m = round(m_over_n · n)`, at least 1; an error when it is out of range.
pub fn m_for(n: u64, m_over_n: f64) -> Result<u64, String> {
    if !(m_over_n.is_finite() && m_over_n > 0.0) {
        return Err(format!("m/N must be a positive number (got {m_over_n})"));
    }
    let m = (m_over_n * n as f64).round().max(1.0);
    if m > MAX_M as f64 {
        return Err(format!("m = {m} bits is above 2^40"));
    }
    Ok(m as u64)
}

/// A measured false-positive rate beside the theory.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FprReport {
    /// How the k positions were derived.
    pub method: IndexMethod,
    /// Bits of the array.
    pub m: u64,
    /// Keys inserted.
    pub n: u64,
    /// Positions per key.
    pub k: u32,
    /// Bits per inserted key (`m / n`; infinite when nothing was inserted).
    pub m_over_n: f64,
    /// Held-out keys queried.
    pub trials: u64,
    /// Held-out keys the filter reported present.
    pub false_positives: u64,
    /// `false_positives / trials`.
    pub measured: f64,
    /// The 95 % Wilson interval of `measured`.
    pub ci_low: f64,
    /// The upper end of the 95 % Wilson interval of `measured`.
    pub ci_high: f64,
    /// [`fpr_approx`] for this m, n, k.
    pub approx: f64,
    /// [`fpr_exact`] for this m, n, k.
    pub exact: f64,
    /// `true` when `exact` lies inside the interval.
    pub theory_in_ci: bool,
    /// The number of bits set after the insertions.
    pub bits_set: u64,
    /// The fraction of bits set, beside [`expected_fill`].
    pub fill: f64,
    /// [`expected_fill`] for this m, n, k: `1 − (1 − 1/m)^(kn)`.
    pub expected_fill: f64,
    /// `fill^k`: the rate this very bit array gives a uniformly random query.
    pub fill_pow_k: f64,
    /// The bytes of the bit array (whole 64-bit words).
    pub bytes: u64,
    /// `bytes / n` (0 when nothing was inserted).
    pub bytes_per_key: f64,
}

impl FprReport {
    pub(super) fn new(bloom: &Bloom, false_positives: u64, trials: u64) -> FprReport {
        let (m, n, k) = (bloom.m, bloom.inserted, bloom.k);
        let (mf, nf, kf) = (m as f64, n as f64, k as f64);
        let measured = if trials == 0 {
            0.0
        } else {
            false_positives as f64 / trials as f64
        };
        let (ci_low, ci_high) = wilson_interval(false_positives, trials, Z_95);
        let exact = fpr_exact(kf, nf, mf);
        let bits_set = bloom.bits_set();
        let fill = bits_set as f64 / mf;
        FprReport {
            method: bloom.method,
            m,
            n,
            k,
            m_over_n: if n == 0 { f64::INFINITY } else { mf / nf },
            trials,
            false_positives,
            measured,
            ci_low,
            ci_high,
            approx: fpr_approx(kf, nf, mf),
            exact,
            theory_in_ci: ci_low <= exact && exact <= ci_high,
            bits_set,
            fill,
            expected_fill: expected_fill(kf, nf, mf),
            fill_pow_k: fill.powi(k as i32),
            bytes: bloom.bytes(),
            bytes_per_key: if n == 0 {
                0.0
            } else {
                bloom.bytes() as f64 / nf
            },
        }
    }
}
