//! False positives measured on held-out keys at each m/N and k, beside the theory.

use super::*;

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
