//! False positives measured on held-out keys at each m/N and k, beside the theory.

use super::filter::{m_for, Bloom, FprReport};
use super::index::{check_shape, md5_slice_width, md5_stream_digest, IndexMethod, Source};
use crate::foundation::hash::md5_digest;
use xxhash_rust::xxh3::{xxh3_128, xxh3_64_with_seed};

/// Inserts every key of `inserted` into a filter of `m` bits, queries every key of `held_out`
/// (which must not overlap `inserted`: an overlapping key counts as a false positive) and
/// reports the false positives beside the theory.
///
/// ```
/// use urlhashlab::mechanisms::bloom::{measure_fpr, IndexMethod};
/// let inserted: Vec<String> = (0..1000).map(|i| format!("http://a.cn/{i}")).collect();
/// let held_out: Vec<String> = (0..10_000).map(|i| format!("http://b.cn/{i}")).collect();
/// let r = measure_fpr(&inserted, &held_out, 8_000, 4, IndexMethod::Double).unwrap();
/// assert_eq!((r.n, r.trials, r.m_over_n), (1000, 10_000, 8.0));
/// assert!(r.ci_low <= r.measured && r.measured <= r.ci_high);
/// ```
pub fn measure_fpr<K: AsRef<[u8]>>(
    inserted: &[K],
    held_out: &[K],
    m: u64,
    k: u32,
    method: IndexMethod,
) -> Result<FprReport, String> {
    let mut bloom = Bloom::new(m, k, method)?;
    for key in inserted {
        bloom.insert(key.as_ref());
    }
    Ok(bloom.measure(held_out))
}

/// Keys prepared once for the sweeps: the digests each method derives its positions from.
struct Prepared<'a, K> {
    keys: &'a [K],
    xxh: Vec<u128>,
    md5: Vec<[u8; 16]>,
}

impl<'a, K: AsRef<[u8]>> Prepared<'a, K> {
    fn new(keys: &'a [K], methods: &[IndexMethod]) -> Self {
        let needs = |a: &[IndexMethod]| methods.iter().any(|m| a.contains(m));
        let xxh = if needs(&[IndexMethod::Double, IndexMethod::EnhancedDouble]) {
            keys.iter().map(|k| xxh3_128(k.as_ref())).collect()
        } else {
            Vec::new()
        };
        let md5 = if needs(&[IndexMethod::Md5Slices]) {
            keys.iter().map(|k| md5_digest(k.as_ref())).collect()
        } else {
            Vec::new()
        };
        Prepared { keys, xxh, md5 }
    }

    #[inline]
    fn source(&self, method: IndexMethod, i: usize) -> Source<'_> {
        match method {
            IndexMethod::Independent => Source::Key(self.keys[i].as_ref()),
            IndexMethod::Double | IndexMethod::EnhancedDouble => Source::Xxh(self.xxh[i]),
            IndexMethod::Md5Slices => Source::Md5(&self.md5[i]),
        }
    }

    /// The first `stride` raw words of every key for `independent` or widened `md5-slices`
    /// (`stride` words per key), so a sweep over k and m hashes each key once.
    fn words(&self, method: IndexMethod, stride: usize) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.keys.len() * stride);
        for i in 0..self.keys.len() {
            match method {
                IndexMethod::Independent => {
                    let key = self.keys[i].as_ref();
                    out.extend((0..stride as u64).map(|s| xxh3_64_with_seed(key, s)));
                }
                IndexMethod::Md5Slices => {
                    // Widened slices are the stream's words whatever m is: reduce by 2^64.
                    let mut d = [0u8; 16];
                    for s in 0..stride {
                        if s % 2 == 0 {
                            d = if s == 0 {
                                self.md5[i]
                            } else {
                                md5_stream_digest(&self.md5[i], (s / 2) as u8)
                            };
                        }
                        let h = 8 * (s % 2);
                        out.push(u64::from_be_bytes(d[h..h + 8].try_into().unwrap()));
                    }
                }
                _ => unreachable!("only independent and md5-slices have words"),
            }
        }
        out
    }
}

/// Precomputed words for a sweep's inserted keys are kept below this many (64 MiB).
const SWEEP_WORDS_LIMIT: usize = 1 << 23;

/// [`measure_fpr`] for every method, every m/N (`m = round(m/N · n)`) and every k, hashing each
/// key once per method. Rows in the order method, m/N, k.
pub fn sweep_fpr<K: AsRef<[u8]>>(
    inserted: &[K],
    held_out: &[K],
    m_over_n: &[f64],
    ks: &[u32],
    methods: &[IndexMethod],
) -> Result<Vec<FprReport>, String> {
    let n = inserted.len() as u64;
    for &r in m_over_n {
        for &k in ks {
            check_shape(m_for(n, r)?, k)?;
        }
    }
    let ins = Prepared::new(inserted, methods);
    let out = Prepared::new(held_out, methods);
    let k_max = ks.iter().copied().max().unwrap_or(0) as usize;
    let mut rows = Vec::with_capacity(methods.len() * m_over_n.len() * ks.len());
    for &method in methods {
        // The inserted keys' raw words, when the method has them and they fit. (Held-out keys
        // are mostly rejected after a position or two, so they are derived on demand.)
        let words = match method {
            IndexMethod::Independent | IndexMethod::Md5Slices
                if inserted.len().saturating_mul(k_max) <= SWEEP_WORDS_LIMIT =>
            {
                ins.words(method, k_max)
            }
            _ => Vec::new(),
        };
        for &r in m_over_n {
            let m = m_for(n, r)?;
            for &k in ks {
                let mut bloom = Bloom::new(m, k, method)?;
                let use_words = !words.is_empty()
                    && (method == IndexMethod::Independent || md5_slice_width(k, m).is_none());
                for i in 0..inserted.len() {
                    let src = if use_words {
                        Source::Words(&words[i * k_max..(i + 1) * k_max])
                    } else {
                        ins.source(method, i)
                    };
                    bloom.insert_source(src);
                }
                let fp = (0..held_out.len())
                    .filter(|&i| bloom.contains_source(out.source(method, i)))
                    .count() as u64;
                rows.push(bloom.report(fp, held_out.len() as u64));
            }
        }
    }
    Ok(rows)
}
