//! False positives measured on held-out keys at each m/N and k, beside the theory.

use super::filter::{m_for, Bloom, FprReport};
use super::index::{
    check_shape, md5_slice_width, md5_stream_digest, xxh128, xxh64_seeded, IndexMethod, Source,
};
use crate::foundation::hash::md5_digest;

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

/// The keys of one measurement prepared once for every filter that will hold or query them:
/// each key's XXH3-128 digest (`double`, `enhanced-double`) and MD5 digest (`md5-slices`),
/// and, for the first `inserted` keys, their first `stride` raw words where a method has them
/// (`independent`'s seeded XXH3-64, the widened MD5 stream), so that filters of several m/N
/// and k hash each key once per method. The positions are [`Bloom::insert`]'s and
/// [`Bloom::contains`]'s on the key itself. Keys are pushed in order, a slice at a time if the
/// caller likes.
pub struct PreparedKeys {
    stride: usize,
    inserted: usize,
    len: usize,
    xxh: Option<Vec<u128>>,
    md5: Option<Vec<[u8; 16]>>,
    independent_words: Option<Vec<u64>>,
    md5_words: Option<Vec<u64>>,
}

impl PreparedKeys {
    /// What `method`'s prepared keys are made from, `0`, `1` or `2`: methods with the same
    /// value share one [`PreparedKeys`] (`double` and `enhanced-double`, both from XXH3-128;
    /// `independent`'s seeded XXH3-64 and `md5-slices`' MD5 each their own).
    pub fn digest_of(method: IndexMethod) -> u8 {
        match method {
            IndexMethod::Independent => 0,
            IndexMethod::Double | IndexMethod::EnhancedDouble => 1,
            IndexMethod::Md5Slices => 2,
        }
    }
}

/// The inserted keys' raw words are kept below this many per method (32 MiB).
const WORDS_LIMIT: usize = 1 << 22;

impl PreparedKeys {
    /// For filters with at most `stride` positions per key, by `methods`, holding the first
    /// `inserted` keys pushed.
    pub fn new(methods: &[IndexMethod], stride: u32, inserted: usize) -> PreparedKeys {
        let has = |m: IndexMethod| methods.contains(&m);
        let stride = stride as usize;
        let words = inserted.saturating_mul(stride) <= WORDS_LIMIT;
        fn with<T>(on: bool, capacity: usize) -> Option<Vec<T>> {
            on.then(|| Vec::with_capacity(capacity))
        }
        PreparedKeys {
            stride,
            inserted,
            len: 0,
            xxh: with(
                has(IndexMethod::Double) || has(IndexMethod::EnhancedDouble),
                0,
            ),
            md5: with(has(IndexMethod::Md5Slices), 0),
            independent_words: with(words && has(IndexMethod::Independent), inserted * stride),
            md5_words: with(words && has(IndexMethod::Md5Slices), inserted * stride),
        }
    }

    /// Prepares the next key (its index is [`PreparedKeys::len`] before the call).
    pub fn push(&mut self, key: &[u8]) {
        let (i, stride) = (self.len, self.stride);
        if let Some(x) = &mut self.xxh {
            x.push(xxh128(key));
        }
        let words = i < self.inserted;
        let digest = if self.md5.is_some() || (words && self.md5_words.is_some()) {
            md5_digest(key)
        } else {
            [0; 16]
        };
        if let Some(d) = &mut self.md5 {
            d.push(digest);
        }
        if words {
            if let Some(w) = &mut self.independent_words {
                w.extend((0..stride as u64).map(|s| xxh64_seeded(key, s)));
            }
            if let Some(w) = &mut self.md5_words {
                // Widened slices are the stream's words whatever m is: reduced by 2^64.
                let mut d = digest;
                for s in 0..stride {
                    if s % 2 == 0 && s > 0 {
                        d = md5_stream_digest(&digest, (s / 2) as u8);
                    }
                    let h = 8 * (s % 2);
                    w.push(u64::from_be_bytes(d[h..h + 8].try_into().unwrap()));
                }
            }
        }
        self.len += 1;
    }

    /// The keys prepared so far.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no key is prepared yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// What key `i` (`key` itself) gives `bloom` its positions from.
    #[inline]
    fn source<'a>(&'a self, bloom: &Bloom, i: usize, key: &'a [u8]) -> Source<'a> {
        let words = |w: &'a Option<Vec<u64>>| {
            w.as_ref()
                .filter(|_| i < self.inserted && bloom.k() as usize <= self.stride)
                .map(|w| Source::Words(&w[i * self.stride..(i + 1) * self.stride]))
        };
        match bloom.method() {
            IndexMethod::Independent => words(&self.independent_words).unwrap_or(Source::Key(key)),
            IndexMethod::Double | IndexMethod::EnhancedDouble => match &self.xxh {
                Some(x) => Source::Xxh(x[i]),
                None => Source::Key(key),
            },
            IndexMethod::Md5Slices => {
                let widened = md5_slice_width(bloom.k(), bloom.m()).is_none();
                match (widened.then(|| words(&self.md5_words)).flatten(), &self.md5) {
                    (Some(w), _) => w,
                    (None, Some(d)) => Source::Md5(&d[i]),
                    (None, None) => Source::Key(key),
                }
            }
        }
    }

    /// Inserts key `i` of those prepared (`key` itself) into `bloom`.
    #[inline]
    pub fn insert(&self, bloom: &mut Bloom, i: usize, key: &[u8]) {
        bloom.insert_source(self.source(bloom, i, key));
    }

    /// Whether `bloom` answers "present" for key `i` of those prepared (`key` itself).
    #[inline]
    pub fn contains(&self, bloom: &Bloom, i: usize, key: &[u8]) -> bool {
        bloom.contains_source(self.source(bloom, i, key))
    }
}

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
    let k_max = ks.iter().copied().max().unwrap_or(0);
    let mut rows = Vec::with_capacity(methods.len() * m_over_n.len() * ks.len());
    for &method in methods {
        // One method's keys at a time: its words are all that is kept.
        let mut prep = PreparedKeys::new(&[method], k_max, inserted.len());
        for key in inserted.iter().chain(held_out) {
            prep.push(key.as_ref());
        }
        for &r in m_over_n {
            let m = m_for(n, r)?;
            for &k in ks {
                let mut bloom = Bloom::new(m, k, method)?;
                for (i, key) in inserted.iter().enumerate() {
                    prep.insert(&mut bloom, i, key.as_ref());
                }
                let at = inserted.len();
                let fp = held_out
                    .iter()
                    .enumerate()
                    .filter(|(i, key)| prep.contains(&bloom, at + i, key.as_ref()))
                    .count() as u64;
                rows.push(bloom.report(fp, held_out.len() as u64));
            }
        }
    }
    Ok(rows)
}
