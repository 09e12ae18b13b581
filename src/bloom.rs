//! Bloom filters for URL de-duplication (P4, P5): the filter, four ways of deriving its k bit
//! positions, the false-positive theory, and experiments that measure the rate beside it.
//!
//! # The papers
//!
//! * **P4** 吴小惠, 分布式网络爬虫 URL 去重策略的改进 (2009), §1.2 (4): a Bloom filter "needs only
//!   1/8 to 1/4 of the hash table's size" and "uses a 16 times larger address space with 8 hash
//!   functions" (m/N = 16, k = 8). P4 prints no error rate.
//! * **P5** 吴家奇 et al., 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018), §3: k = 8 and
//!   m/n = 20, chosen after its reference [12] (P. Cao, *Bloom Filters — the math*, the Summary
//!   Cache notes, which tabulate `(1 − e^(−kn/m))^k`). P5 prints no error rate either.
//!
//! The rates shown beside those points ([`PAPER_POINTS`]) are therefore the formula's, as the
//! lab's paper digest lists them: m/N = 16, k = 8 → 5.7 × 10^-4; m/N = 20, k = 8 → 1.4 × 10^-4;
//! the optimal k at m/N = 20 is 20 ln 2 = 13.9 → 6.7 × 10^-5.
//!
//! # The theory
//!
//! After n keys are inserted with k positions each into m bits, a given bit is still 0 with
//! probability `(1 − 1/m)^(kn)`, and a key never inserted finds all its k bits set with
//! probability (Bloom 1970; Fan, Cao, Almeida & Broder 2000)
//!
//! * [`fpr_exact`] `= (1 − (1 − 1/m)^(kn))^k` (computed with `ln_1p` / `exp_m1`, so it stays
//!   accurate for m in the billions), and
//! * [`fpr_approx`] `= (1 − e^(−kn/m))^k`, which depends on m/n only;
//! * [`optimal_k`] `= (m/n) ln 2` minimises the approximation, where it equals `2^(−k)`.
//!
//! Both assume the k positions are independent and uniform. They are not exactly: the exact
//! rate of a real filter is `E[fill^k]`, slightly above `E[fill]^k`, and the derivation of the
//! positions ([`IndexMethod`]) adds its own dependence. A measured rate comes with its Wilson
//! score interval ([`wilson_interval`]) so "measured beside theory" can be judged.
//!
//! # Deriving the k positions ([`IndexMethod`], stable ids)
//!
//! | id | positions `g_0 … g_{k−1}` in `0..m` | source |
//! |---|---|---|
//! | `independent` | `g_i = XXH3-64(key, seed = i) mod m` | k independent hash functions, the textbook model |
//! | `double` | `g_i = (h1 + i·h2) mod m`, `h1`/`h2` the low/high 64 bits of XXH3-128(key) | Kirsch & Mitzenmacher, *Less Hashing, Same Performance* (ESA 2006) |
//! | `enhanced-double` | `x = h1 mod m, y = h2 mod m; g_0 = x; then x += y, y += i (mod m)`, i.e. `g_i = h1 + i·h2 + (i³ − i)/6 mod m` | Dillinger & Manolios, *Bloom Filters in Probabilistic Verification* (FMCAD 2004) |
//! | `md5-slices` | MD5(key) cut into k slices, `g_i = slice_i mod m` | the lab's reading of P5, see below |
//!
//! **`md5-slices`.** P5 computes MD5(URL) and then "the k hash functions of the Counting Bloom
//! Filter over MD5-value, hash_1 … hash_k" (§2.3) without saying what those functions are. The
//! common reading, and ours, cuts the digest itself into k slices: with `w = ⌊128/k⌋`, slice i is
//! bits `[i·w, (i+1)·w)` of the digest counted from its first (most significant) bit, i.e. the
//! big-endian number [`crate::hash::md5_u128`] shifted and masked. For k = 8 the slices are
//! 16 bits, hex digits `4i … 4i+3` of the digest's spelling: MD5("abc") =
//! `9001 5098 3cd2 4fb0 d696 3f7d 28e1 7f72` gives the positions 0x9001, 0x5098, … for m = 2^16.
//! When k does not divide 128 the last `128 − k·w` bits are unused.
//!
//! A w-bit slice addresses only 2^w bits, and P5's own size (m = 20 × 2 000 000 counters with
//! k = 8) is far beyond 2^16. **Widened (the lab's, labelled):** when `m > 2^w` every slice is
//! 64 bits instead, taken big-endian from the stream `D_0 ‖ D_1 ‖ D_2 ‖ …` where
//! `D_0 = MD5(key)` and `D_j = MD5(D_0 ‖ j)` (17 bytes: the digest then the byte j), so slices
//! 0 and 1 are the halves of the digest and k = 8 costs three further MD5 blocks of 17 bytes.
//! [`md5_slice_width`] says which case applies. A narrow slice reduced `mod m` is uneven when m
//! is not a power of two and close to 2^w (the low `2^w mod m` positions are hit once more
//! often); a 64-bit slice makes that negligible.
//!
//! The counting filters of [`crate::cbf`] reuse these derivations ([`IndexMethod::for_each_index`]
//! on the URL, [`IndexMethod::for_each_index_of_md5`] on P5's fingerprint).
//!
//! # Memory (P4's "1/8 to 1/4 of the hash table")
//!
//! [`memory_comparison`] sets the filter's `m/8` bytes beside two hash sets of the same URLs,
//! modelled structurally as Rust's `HashSet` (hashbrown: a power-of-two number of buckets at
//! most 7/8 full, one control byte per bucket plus 16) on a 64-bit target: `HashSet<String>`
//! (24-byte buckets plus each string's heap block, glibc malloc on x86-64: `max(32, ⌈(len + 8) /
//! 16⌉ · 16)` bytes) and `HashSet<u128>` of the MD5 fingerprints (16-byte buckets). The model is
//! the same on every target, so the CLI and the page print the same numbers.
//!
//! # Example
//! ```
//! use urlhashlab::bloom::{fpr_approx, Bloom, IndexMethod};
//! use urlhashlab::corpus::Corpus;
//! let corpus = Corpus::new(2004);
//! let n = 2_000;
//! let mut filter = Bloom::for_keys(n, 16.0, 8, IndexMethod::EnhancedDouble).unwrap();
//! let mut urls = corpus.iter(0, n);
//! while let Some(url) = urls.next_url() {
//!     filter.insert(url);
//! }
//! // No false negatives: every inserted URL is found.
//! let mut urls = corpus.iter(0, n);
//! while let Some(url) = urls.next_url() {
//!     assert!(filter.contains(url));
//! }
//! // False positives among URLs never inserted, beside the theory (5.7e-4 at m/N = 16, k = 8).
//! let report = filter.measure(corpus.iter(n, 20_000));
//! assert_eq!(report.trials, 20_000);
//! assert!(report.false_positives < 60);
//! assert!((fpr_approx(8.0, 1.0, 16.0) - 5.7e-4).abs() < 1e-5);
//! assert_eq!(filter.bytes(), 4_000); // 32 000 bits
//! ```

use crate::hash::md5_digest;
use serde::Serialize;
use xxhash_rust::xxh3::{xxh3_128, xxh3_64_with_seed};

/// The largest number of positions per key.
pub const MAX_K: u32 = 64;

/// The largest number of bits (counters) a filter may have: 2^40.
pub const MAX_M: u64 = 1 << 40;

/// z for a two-sided 95 % interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

// ----------------------------------------------------------------------------------------------
// Index derivation

/// How the k bit positions of a key are derived. Stable text ids: [`IndexMethod::id`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IndexMethod {
    /// k independent hashes: `XXH3-64(key, seed = i) mod m`.
    Independent,
    /// Kirsch–Mitzenmacher double hashing from one XXH3-128 digest: `(h1 + i·h2) mod m`.
    Double,
    /// Dillinger–Manolios enhanced double hashing: `h1 + i·h2 + (i³ − i)/6 mod m`.
    EnhancedDouble,
    /// MD5(key) cut into k slices, widened to 64-bit slices from re-hashed digests when a
    /// slice cannot address m (the lab's reading of P5).
    Md5Slices,
}

/// The description of one [`IndexMethod`], for the CLI and the page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct IndexMethodInfo {
    pub id: &'static str,
    pub name_en: &'static str,
    pub name_zh: &'static str,
    /// Where the derivation comes from.
    pub source: &'static str,
    pub summary: &'static str,
    /// `source` and `summary` in Chinese.
    pub source_zh: &'static str,
    pub summary_zh: &'static str,
}

const METHOD_INFO: [IndexMethodInfo; 4] = [
    IndexMethodInfo {
        id: "independent",
        name_en: "k independent hashes",
        name_zh: "k 个独立散列",
        source: "textbook (Bloom 1970)",
        summary: "g_i = XXH3-64(key, seed i) mod m: k independent hash functions.",
        source_zh: "教科书（Bloom 1970）",
        summary_zh: "g_i = XXH3-64(key, 种子 i) mod m：k 个互相独立的散列函数。",
    },
    IndexMethodInfo {
        id: "double",
        name_en: "double hashing",
        name_zh: "双重散列",
        source: "Kirsch & Mitzenmacher 2006",
        summary: "g_i = (h1 + i*h2) mod m, h1 and h2 the halves of one XXH3-128 digest.",
        source_zh: "Kirsch 与 Mitzenmacher 2006",
        summary_zh: "g_i = (h1 + i*h2) mod m，h1 和 h2 是同一个 XXH3-128 摘要的两半。",
    },
    IndexMethodInfo {
        id: "enhanced-double",
        name_en: "enhanced double hashing",
        name_zh: "增强双重散列",
        source: "Dillinger & Manolios 2004",
        summary: "x += y, y += i (mod m): g_i = h1 + i*h2 + (i^3 - i)/6 mod m from one XXH3-128 digest.",
        source_zh: "Dillinger 与 Manolios 2004",
        summary_zh: "x += y，y += i（mod m）：由同一个 XXH3-128 摘要得 g_i = h1 + i*h2 + (i^3 - i)/6 mod m。",
    },
    IndexMethodInfo {
        id: "md5-slices",
        name_en: "MD5 slices",
        name_zh: "MD5 分段",
        source: "P5 (the lab's reading)",
        summary: "MD5(URL) cut into k slices of 128/k bits, mod m; 64-bit slices of MD5(D0 || j) when m > 2^(128/k) (lab's widening).",
        source_zh: "P5（本实验室的读法）",
        summary_zh: "MD5(URL) 切成 k 段、每段 128/k 位，再 mod m；m > 2^(128/k) 时改用 MD5(D0 || j) 的 64 位分段（本实验室的扩展）。",
    },
];

impl IndexMethod {
    /// Every method, in display order.
    pub const ALL: [IndexMethod; 4] = [
        IndexMethod::Independent,
        IndexMethod::Double,
        IndexMethod::EnhancedDouble,
        IndexMethod::Md5Slices,
    ];

    /// The method's description.
    pub fn info(self) -> &'static IndexMethodInfo {
        &METHOD_INFO[self as usize]
    }

    /// The stable text id: `independent`, `double`, `enhanced-double` or `md5-slices`.
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Parses a text id.
    ///
    /// ```
    /// use urlhashlab::bloom::IndexMethod;
    /// assert_eq!(IndexMethod::parse("md5-slices"), Ok(IndexMethod::Md5Slices));
    /// assert!(IndexMethod::parse("triple").unwrap_err().contains("enhanced-double"));
    /// ```
    pub fn parse(id: &str) -> Result<IndexMethod, String> {
        IndexMethod::ALL
            .into_iter()
            .find(|m| m.id() == id)
            .ok_or_else(|| {
                format!(
                    "unknown index method '{id}' (known: {})",
                    IndexMethod::ALL.map(IndexMethod::id).join(", ")
                )
            })
    }

    /// Calls `f` with each of the k positions of `key` among `m` (`1 <= m`, `1 <= k <=
    /// MAX_K`), in order, until `f` returns `false`. Returns `true` when every position was
    /// visited. No allocation.
    #[inline]
    pub fn for_each_index(self, key: &[u8], k: u32, m: u64, f: impl FnMut(u64) -> bool) -> bool {
        match self {
            IndexMethod::Independent => independent(key, k, m, f),
            IndexMethod::Double => double(xxh3_128(key), k, m, f),
            IndexMethod::EnhancedDouble => enhanced_double(xxh3_128(key), k, m, f),
            IndexMethod::Md5Slices => md5_slices(&md5_digest(key), k, m, f),
        }
    }

    /// The k positions derived from an MD5 fingerprint, as P5's counters are ("the k hash
    /// functions over MD5-value"): `md5-slices` slices the digest itself (so the positions
    /// equal [`IndexMethod::for_each_index`] of the URL); the other methods hash the digest's
    /// 16 bytes as their key.
    #[inline]
    pub fn for_each_index_of_md5(
        self,
        digest: &[u8; 16],
        k: u32,
        m: u64,
        f: impl FnMut(u64) -> bool,
    ) -> bool {
        match self {
            IndexMethod::Md5Slices => md5_slices(digest, k, m, f),
            _ => self.for_each_index(digest, k, m, f),
        }
    }

    /// The k positions of `key` among `m`.
    ///
    /// ```
    /// use urlhashlab::bloom::IndexMethod;
    /// // MD5("abc") = 900150983cd24fb0d6963f7d28e17f72: eight 16-bit slices.
    /// let g = IndexMethod::Md5Slices.indices(b"abc", 8, 1 << 16);
    /// assert_eq!(g, [0x9001, 0x5098, 0x3cd2, 0x4fb0, 0xd696, 0x3f7d, 0x28e1, 0x7f72]);
    /// ```
    pub fn indices(self, key: &[u8], k: u32, m: u64) -> Vec<u64> {
        let mut out = Vec::with_capacity(k as usize);
        self.for_each_index(key, k, m, |g| {
            out.push(g);
            true
        });
        out
    }

    /// The k positions derived from an MD5 fingerprint ([`IndexMethod::for_each_index_of_md5`]).
    pub fn indices_of_md5(self, digest: &[u8; 16], k: u32, m: u64) -> Vec<u64> {
        let mut out = Vec::with_capacity(k as usize);
        self.for_each_index_of_md5(digest, k, m, |g| {
            out.push(g);
            true
        });
        out
    }
}

/// Checks `m` and `k` for a filter.
pub(crate) fn check_shape(m: u64, k: u32) -> Result<(), String> {
    if m == 0 || m > MAX_M {
        return Err(format!("m must be between 1 and 2^40 (got {m})"));
    }
    if k == 0 || k > MAX_K {
        return Err(format!("k must be between 1 and {MAX_K} (got {k})"));
    }
    Ok(())
}

/// The number of 64-bit words that hold `bits` bits, if this machine can address them.
pub(crate) fn word_count(bits: u64) -> Result<usize, String> {
    usize::try_from(bits.div_ceil(64))
        .ok()
        .filter(|&w| w.checked_mul(8).is_some_and(|b| b <= isize::MAX as usize))
        .ok_or_else(|| format!("{bits} bits do not fit in this machine's memory"))
}

/// `(a + b) mod m` for `a, b < m <= 2^63`.
#[inline]
fn add_mod(a: u64, b: u64, m: u64) -> u64 {
    let s = a + b;
    if s >= m {
        s - m
    } else {
        s
    }
}

#[inline]
fn independent(key: &[u8], k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    (0..k as u64).all(|i| f(xxh3_64_with_seed(key, i) % m))
}

#[inline]
fn double(h: u128, k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    let (a, b) = (h as u64 % m, (h >> 64) as u64 % m);
    let mut g = a;
    for _ in 0..k {
        if !f(g) {
            return false;
        }
        g = add_mod(g, b, m);
    }
    true
}

#[inline]
fn enhanced_double(h: u128, k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    // Dillinger & Manolios 2004, "enhanced double hashing":
    //   x = a mod m; y = b mod m; f[0] = x;
    //   for i = 1 .. k-1: x = (x + y) mod m; y = (y + i) mod m; f[i] = x
    let (mut x, mut y) = (h as u64 % m, (h >> 64) as u64 % m);
    if !f(x) {
        return false;
    }
    for i in 1..k as u64 {
        x = add_mod(x, y, m);
        y = add_mod(y, if i < m { i } else { i % m }, m);
        if !f(x) {
            return false;
        }
    }
    true
}

/// The width in bits of each `md5-slices` slice of the digest for k positions among m, or
/// `None` when a `⌊128/k⌋`-bit slice cannot address all m positions and the slices are widened
/// to 64 bits of the re-hashed stream (see the module doc).
///
/// ```
/// use urlhashlab::bloom::md5_slice_width;
/// assert_eq!(md5_slice_width(8, 1 << 16), Some(16));
/// assert_eq!(md5_slice_width(8, 40_000_000), None); // P5's m = 20 x 2 000 000
/// assert_eq!(md5_slice_width(4, 40_000_000), Some(32));
/// ```
pub fn md5_slice_width(k: u32, m: u64) -> Option<u32> {
    let w = 128 / k.max(1);
    if w >= 64 || (w >= 1 && m <= 1u64 << w) {
        Some(w)
    } else {
        None
    }
}

/// `D_j = MD5(D_0 ‖ j)`, the j-th further digest of the widened `md5-slices` stream (j >= 1).
pub fn md5_stream_digest(d0: &[u8; 16], j: u8) -> [u8; 16] {
    let mut buf = [0u8; 17];
    buf[..16].copy_from_slice(d0);
    buf[16] = j;
    md5_digest(&buf)
}

#[inline]
fn md5_slices(d0: &[u8; 16], k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    match md5_slice_width(k, m) {
        Some(w) => {
            let v = u128::from_be_bytes(*d0);
            (0..k).all(|i| {
                let slice = if w == 128 {
                    v
                } else {
                    (v >> (128 - w * (i + 1))) & ((1u128 << w) - 1)
                };
                f((slice % m as u128) as u64)
            })
        }
        None => {
            let mut d = *d0;
            (0..k).all(|i| {
                let half = (i % 2) as usize;
                if half == 0 && i > 0 {
                    d = md5_stream_digest(d0, (i / 2) as u8);
                }
                let word = u64::from_be_bytes(d[8 * half..8 * half + 8].try_into().unwrap());
                f(word % m)
            })
        }
    }
}

/// What a key's positions are derived from: prepared once per key by the sweeps.
#[derive(Clone, Copy)]
enum Source<'a> {
    Key(&'a [u8]),
    Xxh(u128),
    Md5(&'a [u8; 16]),
    /// The raw 64-bit words reduced `mod m`: XXH3-64 with seeds 0, 1, … (`independent`) or the
    /// widened MD5 stream (`md5-slices` where [`md5_slice_width`] is `None`).
    Words(&'a [u64]),
}

impl Source<'_> {
    #[inline]
    fn each(self, method: IndexMethod, k: u32, m: u64, f: impl FnMut(u64) -> bool) -> bool {
        match (self, method) {
            (Source::Key(key), _) => method.for_each_index(key, k, m, f),
            (Source::Xxh(h), IndexMethod::Double) => double(h, k, m, f),
            (Source::Xxh(h), IndexMethod::EnhancedDouble) => enhanced_double(h, k, m, f),
            (Source::Md5(d), IndexMethod::Md5Slices) => md5_slices(d, k, m, f),
            (Source::Words(w), IndexMethod::Independent | IndexMethod::Md5Slices) => {
                let mut f = f;
                w[..k as usize].iter().all(|&x| f(x % m))
            }
            _ => unreachable!("a prepared source matches its method"),
        }
    }
}

// ----------------------------------------------------------------------------------------------
// The filter

/// A Bloom filter of m bits with k positions per key.
#[derive(Clone, Debug)]
pub struct Bloom {
    words: Vec<u64>,
    m: u64,
    k: u32,
    method: IndexMethod,
    inserted: u64,
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
    fn insert_source(&mut self, src: Source) -> bool {
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

    /// `true` when all k bits of `key` are set: the key was inserted, or it is a false positive.
    /// Never `false` for an inserted key.
    pub fn contains(&self, key: &[u8]) -> bool {
        self.contains_source(Source::Key(key))
    }

    #[inline]
    fn contains_source(&self, src: Source) -> bool {
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

    pub fn m(&self) -> u64 {
        self.m
    }
    pub fn k(&self) -> u32 {
        self.k
    }
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

// ----------------------------------------------------------------------------------------------
// Theory

/// `(1 − e^(−kn/m))^k`, the usual approximation of the false-positive rate (k may be
/// fractional, e.g. the optimum).
///
/// ```
/// use urlhashlab::bloom::fpr_approx;
/// // P5's point: m/N = 20, k = 8. e^-0.4 = 0.670320; 0.329680^8 = 1.396e-4.
/// assert!((fpr_approx(8.0, 1.0, 20.0) - 1.396e-4).abs() < 1e-7);
/// ```
pub fn fpr_approx(k: f64, n: f64, m: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    // 1 − e^(−kn/m) = −expm1(−kn/m)
    let p1 = -(-k * n / m).exp_m1();
    (k * p1.ln()).exp()
}

/// `(1 − (1 − 1/m)^(kn))^k`, the rate with the exact probability that a bit is set.
pub fn fpr_exact(k: f64, n: f64, m: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    let p1 = expected_fill(k, n, m);
    (k * p1.ln()).exp()
}

/// `1 − (1 − 1/m)^(kn)`, the expected fraction of bits set after n keys.
pub fn expected_fill(k: f64, n: f64, m: f64) -> f64 {
    if m <= 1.0 {
        return if n > 0.0 { 1.0 } else { 0.0 };
    }
    // (1 − 1/m)^(kn) = exp(kn · ln(1 − 1/m)), and 1 − exp(x) = −expm1(x).
    -(k * n * (-1.0 / m).ln_1p()).exp_m1()
}

/// `k = (m/n) ln 2`, the k that minimises [`fpr_approx`] (the rate is then `2^(−k)`).
pub fn optimal_k(m_over_n: f64) -> f64 {
    m_over_n * std::f64::consts::LN_2
}

/// The whole k (at least 1) with the smallest [`fpr_approx`]: the floor or the ceiling of
/// [`optimal_k`].
pub fn best_integer_k(m_over_n: f64) -> u32 {
    let k = optimal_k(m_over_n);
    let (lo, hi) = ((k.floor() as u32).max(1), (k.ceil() as u32).max(1));
    if fpr_approx(lo as f64, 1.0, m_over_n) <= fpr_approx(hi as f64, 1.0, m_over_n) {
        lo
    } else {
        hi
    }
}

/// The bits per key for a target rate p at the optimal k: `m/n = −ln p / (ln 2)²`.
pub fn m_over_n_for_fpr(p: f64) -> f64 {
    -p.ln() / (std::f64::consts::LN_2 * std::f64::consts::LN_2)
}

/// The Wilson score interval for `successes` out of `trials` at `z` (use [`Z_95`]):
/// `(p̂ + z²/2n ± z √(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n)`. `(0, 1)` when there are no trials.
///
/// ```
/// use urlhashlab::bloom::{wilson_interval, Z_95};
/// let (lo, hi) = wilson_interval(57, 100_000, Z_95);
/// assert!(lo < 5.7e-4 && 5.7e-4 < hi);
/// assert_eq!(wilson_interval(0, 100, Z_95).0, 0.0);
/// ```
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 or at all successes the bound on that side is exact; rounding must not move it.
    let low = if successes == 0 {
        0.0
    } else {
        (center - half).max(0.0)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (center + half).min(1.0)
    };
    (low, high)
}

/// One of the papers' operating points with its rate.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct PaperPoint {
    /// Stable id: `p4`, `p5`, `p5-optimal-k`.
    pub id: &'static str,
    pub m_over_n: f64,
    pub k: f64,
    /// The rate as the lab's paper digest gives it (two significant digits).
    pub fpr: f64,
    /// Where the point comes from.
    pub note: &'static str,
}

/// The papers' points. Neither paper prints a rate; the rates are the formula's (Cao's table,
/// P5's reference [12]), to two digits.
pub const PAPER_POINTS: [PaperPoint; 3] = [
    PaperPoint {
        id: "p4",
        m_over_n: 16.0,
        k: 8.0,
        fpr: 5.7e-4,
        note: "P4: 'a 16 times larger address space with 8 hash functions' (P4 prints no rate)",
    },
    PaperPoint {
        id: "p5",
        m_over_n: 20.0,
        k: 8.0,
        fpr: 1.4e-4,
        note: "P5: k = 8, m/n = 20 after its ref. [12], Cao's table (P5 prints no rate)",
    },
    PaperPoint {
        id: "p5-optimal-k",
        m_over_n: 20.0,
        k: 13.862_943_611_198_906, // 20 ln 2
        fpr: 6.7e-5,
        note: "the optimal k at P5's m/n = 20: 20 ln 2 = 13.9",
    },
];

/// A paper's point beside the exact formula for `n` keys (what `urlhash bloom` prints).
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct PaperRow {
    pub id: &'static str,
    pub m_over_n: f64,
    pub k: f64,
    /// The rate as [`PAPER_POINTS`] gives it.
    pub fpr_as_given: f64,
    /// [`fpr_exact`] at `m = round(m/N · n)`.
    pub fpr_exact_at_this_n: f64,
    pub note: &'static str,
}

/// Every paper point beside the exact formula for `n` keys.
pub fn paper_rows(n: u64) -> Vec<PaperRow> {
    let nf = n as f64;
    PAPER_POINTS
        .iter()
        .map(|p| PaperRow {
            id: p.id,
            m_over_n: p.m_over_n,
            k: p.k,
            fpr_as_given: p.fpr,
            fpr_exact_at_this_n: fpr_exact(p.k, nf, (p.m_over_n * nf).round()),
            note: p.note,
        })
        .collect()
}

/// P4's claim: a Bloom filter needs 1/8 to 1/4 of the hash table's memory.
pub const P4_MEMORY_FRACTION: (f64, f64) = (0.125, 0.25);

// ----------------------------------------------------------------------------------------------
// Experiments

/// A measured false-positive rate beside the theory.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FprReport {
    pub method: IndexMethod,
    pub m: u64,
    /// Keys inserted.
    pub n: u64,
    pub k: u32,
    pub m_over_n: f64,
    /// Held-out keys queried.
    pub trials: u64,
    pub false_positives: u64,
    /// `false_positives / trials`.
    pub measured: f64,
    /// The 95 % Wilson interval of `measured`.
    pub ci_low: f64,
    pub ci_high: f64,
    /// [`fpr_approx`] for this m, n, k.
    pub approx: f64,
    /// [`fpr_exact`] for this m, n, k.
    pub exact: f64,
    /// `true` when `exact` lies inside the interval.
    pub theory_in_ci: bool,
    pub bits_set: u64,
    /// The fraction of bits set, beside [`expected_fill`].
    pub fill: f64,
    pub expected_fill: f64,
    /// `fill^k`: the rate this very bit array gives a uniformly random query.
    pub fill_pow_k: f64,
    pub bytes: u64,
    pub bytes_per_key: f64,
}

impl FprReport {
    fn new(bloom: &Bloom, false_positives: u64, trials: u64) -> FprReport {
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
/// use urlhashlab::bloom::{measure_fpr, IndexMethod};
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

// ----------------------------------------------------------------------------------------------
// Memory

/// Buckets of a hashbrown table (Rust's `HashMap`/`HashSet`) holding `n` items after growing
/// by insertion: 4 or 8 for small tables, else the power of two at or above `⌊8n/7⌋`.
pub fn hashbrown_buckets(n: u64) -> u64 {
    match n {
        0 => 0,
        1..=3 => 4,
        4..=7 => 8,
        _ => (n * 8 / 7).next_power_of_two(),
    }
}

/// The bytes of a hashbrown table of `buckets` buckets of `entry` bytes each: the entries,
/// one control byte per bucket and 16 trailing control bytes (0 for an unallocated table).
pub fn hashbrown_bytes(buckets: u64, entry: u64) -> u64 {
    if buckets == 0 {
        0
    } else {
        buckets * (entry + 1) + 16
    }
}

/// The heap block of a `len`-byte string with glibc malloc on x86-64: `max(32, ⌈(len + 8)/16⌉ ·
/// 16)` bytes (0 for an empty string, which does not allocate).
pub fn malloc_block(len: u64) -> u64 {
    if len == 0 {
        0
    } else {
        (len + 8).div_ceil(16).max(2) * 16
    }
}

/// The size of a `String` (pointer, capacity, length) on a 64-bit target.
pub const STRING_BYTES: u64 = 24;

/// A Bloom filter's memory beside two hash sets of the same URLs (see the module doc).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MemoryComparison {
    pub n: u64,
    pub m_over_n: f64,
    pub m: u64,
    pub bloom_bytes: u64,
    /// Buckets of either hash set.
    pub set_buckets: u64,
    /// `HashSet<String>`: table plus the strings' heap blocks.
    pub string_set_bytes: u64,
    /// Of which the strings' heap blocks.
    pub string_heap_bytes: u64,
    /// `HashSet<u128>` of the MD5 fingerprints.
    pub md5_set_bytes: u64,
    pub bloom_bytes_per_url: f64,
    pub string_set_bytes_per_url: f64,
    pub md5_set_bytes_per_url: f64,
    /// `bloom_bytes / string_set_bytes`.
    pub bloom_vs_string_set: f64,
    /// `bloom_bytes / md5_set_bytes`.
    pub bloom_vs_md5_set: f64,
    /// P4's claim, 1/8 to 1/4.
    pub p4_low: f64,
    pub p4_high: f64,
}

/// The memory of a Bloom filter at `m_over_n` bits per URL beside a `HashSet<String>` and a
/// `HashSet<u128>` of MD5s of the same URLs, given the URLs' byte lengths (distinct URLs).
///
/// ```
/// use urlhashlab::bloom::memory_comparison;
/// let c = memory_comparison([40usize; 1000], 16.0).unwrap();
/// assert_eq!(c.bloom_bytes, 2000); // 16 000 bits
/// assert_eq!(c.set_buckets, 2048);
/// assert_eq!(c.md5_set_bytes, 2048 * 17 + 16);
/// assert_eq!(c.string_heap_bytes, 1000 * 48); // 40 + 8 rounded up to 48
/// ```
pub fn memory_comparison<I>(lengths: I, m_over_n: f64) -> Result<MemoryComparison, String>
where
    I: IntoIterator<Item = usize>,
{
    let (mut n, mut heap) = (0u64, 0u64);
    for len in lengths {
        n += 1;
        heap += malloc_block(len as u64);
    }
    let m = m_for(n, m_over_n)?;
    let bloom_bytes = m.div_ceil(64) * 8;
    let buckets = hashbrown_buckets(n);
    let string_set_bytes = hashbrown_bytes(buckets, STRING_BYTES) + heap;
    let md5_set_bytes = hashbrown_bytes(buckets, 16);
    let per = |b: u64| if n == 0 { 0.0 } else { b as f64 / n as f64 };
    let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    Ok(MemoryComparison {
        n,
        m_over_n,
        m,
        bloom_bytes,
        set_buckets: buckets,
        string_set_bytes,
        string_heap_bytes: heap,
        md5_set_bytes,
        bloom_bytes_per_url: per(bloom_bytes),
        string_set_bytes_per_url: per(string_set_bytes),
        md5_set_bytes_per_url: per(md5_set_bytes),
        bloom_vs_string_set: ratio(bloom_bytes, string_set_bytes),
        bloom_vs_md5_set: ratio(bloom_bytes, md5_set_bytes),
        p4_low: P4_MEMORY_FRACTION.0,
        p4_high: P4_MEMORY_FRACTION.1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Corpus;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    #[test]
    fn md5_rfc1321_vectors_and_slices() {
        // RFC 1321 appendix A.5.
        assert_eq!(
            u128::from_be_bytes(md5_digest(b"")),
            0xd41d8cd98f00b204e9800998ecf8427e
        );
        assert_eq!(
            u128::from_be_bytes(md5_digest(b"abc")),
            0x900150983cd24fb0d6963f7d28e17f72
        );
        // k = 8, m = 2^16: the eight groups of four hex digits.
        let g = IndexMethod::Md5Slices.indices(b"", 8, 1 << 16);
        assert_eq!(
            g,
            [0xd41d, 0x8cd9, 0x8f00, 0xb204, 0xe980, 0x0998, 0xecf8, 0x427e]
        );
        // m = 10 000 (not a power of two): each slice mod m.
        // 0x9001 = 36865 → 6865; 0x5098 = 20632 → 632; 0x3cd2 = 15570 → 5570;
        // 0x4fb0 = 20400 → 400; 0xd696 = 54934 → 4934; 0x3f7d = 16253 → 6253;
        // 0x28e1 = 10465 → 465; 0x7f72 = 32626 → 2626.
        let g = IndexMethod::Md5Slices.indices(b"abc", 8, 10_000);
        assert_eq!(g, [6865, 632, 5570, 400, 4934, 6253, 465, 2626]);
        // k = 4: 32-bit slices 0x90015098, 0x3cd24fb0, 0xd6963f7d, 0x28e17f72.
        let g = IndexMethod::Md5Slices.indices(b"abc", 4, 1 << 32);
        assert_eq!(g, [0x90015098, 0x3cd24fb0, 0xd6963f7d, 0x28e17f72]);
        // k = 3: 42-bit slices, the last 2 bits unused: the top 42 bits of the digest.
        let g = IndexMethod::Md5Slices.indices(b"abc", 3, 1 << 42);
        assert_eq!(g[0], 0x900150983cd24fb0u64 >> 22);
        // k = 1: the whole digest mod m.
        let g = IndexMethod::Md5Slices.indices(b"abc", 1, 1_000_003);
        assert_eq!(
            g,
            [(0x900150983cd24fb0d6963f7d28e17f72u128 % 1_000_003) as u64]
        );
    }

    #[test]
    fn md5_slices_widen_to_64_bit_words_of_rehashed_digests() {
        let m = 40_000_000; // P5: 20 x 2 000 000 counters, beyond 2^16
        assert_eq!(md5_slice_width(8, m), None);
        let d0 = md5_digest(b"abc");
        let d1 = md5_stream_digest(&d0, 1);
        let mut buf = d0.to_vec();
        buf.push(1);
        assert_eq!(d1, md5_digest(&buf));
        let g = IndexMethod::Md5Slices.indices(b"abc", 8, m);
        // Slices 0 and 1 are the halves of MD5("abc").
        assert_eq!(g[0], 0x900150983cd24fb0 % m);
        assert_eq!(g[1], 0xd6963f7d28e17f72 % m);
        assert_eq!(g[2], u64::from_be_bytes(d1[..8].try_into().unwrap()) % m);
        assert_eq!(g[3], u64::from_be_bytes(d1[8..].try_into().unwrap()) % m);
        let d3 = md5_stream_digest(&d0, 3);
        assert_eq!(g[7], u64::from_be_bytes(d3[8..].try_into().unwrap()) % m);
        // Exactly 2^16 still fits a 16-bit slice; one more does not.
        assert_eq!(md5_slice_width(8, 1 << 16), Some(16));
        assert_eq!(md5_slice_width(8, (1 << 16) + 1), None);
        assert_eq!(md5_slice_width(64, 4), Some(2));
        assert_eq!(md5_slice_width(64, 5), None);
        assert_eq!(md5_slice_width(2, u64::MAX), Some(64));
        // The fingerprint form slices the digest itself.
        assert_eq!(IndexMethod::Md5Slices.indices_of_md5(&d0, 8, m), g);
    }

    #[test]
    fn double_and_enhanced_double_follow_their_formulas() {
        for key in [&b"http://www.pku.edu.cn/"[..], b"", b"abc"] {
            let h = xxh3_128(key);
            let (h1, h2) = (h as u64 as u128, (h >> 64) as u64 as u128);
            for m in [1u64, 2, 7, 64, 1000, 1 << 20, 40_000_000, (1 << 40) - 3] {
                let k = 20;
                let d = IndexMethod::Double.indices(key, k, m);
                let e = IndexMethod::EnhancedDouble.indices(key, k, m);
                for i in 0..k as u128 {
                    let mm = m as u128;
                    assert_eq!(d[i as usize] as u128, (h1 + i * h2) % mm);
                    // Dillinger–Manolios closed form: h1 + i h2 + (i^3 - i)/6.
                    assert_eq!(
                        e[i as usize] as u128,
                        (h1 + i * h2 + (i * i * i - i) / 6) % mm
                    );
                }
            }
            let ind = IndexMethod::Independent.indices(key, 3, 1 << 30);
            assert_eq!(ind[2], xxh3_64_with_seed(key, 2) % (1 << 30));
        }
    }

    #[test]
    fn ids_round_trip_and_serialize() {
        for m in IndexMethod::ALL {
            assert_eq!(IndexMethod::parse(m.id()), Ok(m));
            assert_eq!(
                serde_json::to_string(&m).unwrap(),
                format!("\"{}\"", m.id())
            );
        }
        assert!(IndexMethod::parse("md5").is_err());
    }

    #[test]
    fn early_exit_and_shape_checks() {
        let mut seen = 0;
        let all = IndexMethod::Independent.for_each_index(b"x", 8, 100, |_| {
            seen += 1;
            seen < 3
        });
        assert!(!all);
        assert_eq!(seen, 3);
        assert!(Bloom::new(0, 8, IndexMethod::Double).is_err());
        assert!(Bloom::new(10, 0, IndexMethod::Double).is_err());
        assert!(Bloom::new(10, 65, IndexMethod::Double).is_err());
        assert!(Bloom::new(MAX_M + 1, 1, IndexMethod::Double).is_err());
        assert!(Bloom::for_keys(10, -1.0, 8, IndexMethod::Double).is_err());
        assert_eq!(m_for(100_000, 16.0), Ok(1_600_000));
        assert_eq!(m_for(0, 16.0), Ok(1));
    }

    #[test]
    fn theory_against_hand_computed_values() {
        // m/N = 16, k = 8: kn/m = 0.5, e^-0.5 = 0.60653066, 1 - that = 0.39346934,
        // squared 0.15481812, ^4 0.02396865, ^8 5.7449e-4.
        let p4 = fpr_approx(8.0, 1.0, 16.0);
        assert!(close(p4, 5.7449e-4, 1e-4), "{p4}");
        // m/N = 20, k = 8: e^-0.4 = 0.67032005, 1 - that = 0.32967995, ^2 0.10868887,
        // ^4 0.01181327, ^8 1.39553e-4.
        let p5 = fpr_approx(8.0, 1.0, 20.0);
        assert!(close(p5, 1.39553e-4, 1e-4), "{p5}");
        // Optimal k = 20 ln 2 = 13.8629; the rate is 2^-13.8629 = e^(-13.8629 * 0.693147)
        // = e^-9.60906 = 6.7055e-5. k = 14 gives (1 - e^-0.7)^14 = 0.50341470^14 = 6.7093e-5.
        assert!(close(optimal_k(20.0), 13.862_943_6, 1e-8));
        assert!(close(
            fpr_approx(optimal_k(20.0), 1.0, 20.0),
            6.7055e-5,
            1e-3
        ));
        assert!(close(fpr_approx(14.0, 1.0, 20.0), 6.7093e-5, 1e-3));
        assert_eq!(best_integer_k(20.0), 14);
        assert_eq!(best_integer_k(16.0), 11); // 16 ln 2 = 11.09
        assert_eq!(best_integer_k(1.0), 1);
        // The papers' points agree with the formula to their two digits.
        for p in PAPER_POINTS {
            let f = fpr_approx(p.k, 1.0, p.m_over_n);
            assert!(close(f, p.fpr, 0.01), "{}: {f} vs {}", p.id, p.fpr);
        }
        // The exact form: m = 16, n = 1, k = 8: (1 - 1/16)^8 = 0.9375^8 = 0.59674;
        // 1 - that = 0.40326; ^8 = 7.0e-4 (small m is worse than the approximation).
        let e = fpr_exact(8.0, 1.0, 16.0);
        assert!(close(e, 0.403_26_f64.powi(8), 1e-3), "{e}");
        // For large m the exact and approximate forms agree to ~k²n/m² relative terms.
        let (ex, ap) = (fpr_exact(8.0, 1e6, 1.6e7), fpr_approx(8.0, 1e6, 1.6e7));
        assert!(close(ex, ap, 1e-6), "{ex} {ap}");
        assert!(ex > ap);
        // m = 1: every bit is set after one key.
        assert_eq!(fpr_exact(3.0, 1.0, 1.0), 1.0);
        assert_eq!(fpr_exact(3.0, 0.0, 10.0), 0.0);
        // 1 % at the optimum needs 9.585 bits per key.
        assert!(close(m_over_n_for_fpr(0.01), 9.585, 1e-3));
    }

    #[test]
    fn wilson_interval_hand_computed() {
        // 10 of 100 at z = 1.96: p = 0.1, z²/n = 0.038416, denom 1.038416,
        // centre (0.1 + 0.019208)/1.038416 = 0.114800,
        // half 1.96/1.038416 · sqrt(0.0009 + 0.00009604) = 1.887488 · 0.0315601 = 0.059569:
        // (0.055231, 0.174369).
        let (lo, hi) = wilson_interval(10, 100, 1.96);
        assert!((lo - 0.055_231).abs() < 1e-5, "{lo}");
        assert!((hi - 0.174_369).abs() < 1e-5, "{hi}");
        let (lo, hi) = wilson_interval(0, 1000, Z_95);
        assert_eq!(lo, 0.0);
        // Zero successes: upper z²/(n + z²) = 3.8415/1003.8415 = 3.827e-3.
        assert!((hi - 3.8415 / 1003.8415).abs() < 1e-6);
        assert_eq!(wilson_interval(0, 0, Z_95), (0.0, 1.0));
        assert_eq!(wilson_interval(5, 5, Z_95).1, 1.0);
    }

    #[test]
    fn filter_basics() {
        let mut b = Bloom::new(1000, 3, IndexMethod::Independent).unwrap();
        assert!(!b.contains(b"a"));
        assert!(b.insert(b"a"));
        assert!(!b.insert(b"a")); // already present: no new bit
        assert!(b.contains(b"a"));
        assert_eq!(b.inserted(), 2);
        let g = b.indices(b"a");
        assert_eq!(g.len(), 3);
        assert!(g.iter().all(|&i| b.bit(i)));
        let distinct: std::collections::HashSet<_> = g.iter().collect();
        assert_eq!(b.bits_set(), distinct.len() as u64);
        assert_eq!(b.bytes(), 16 * 8);
        b.clear();
        assert_eq!(b.bits_set(), 0);
        // m = 1: everything is present after one insert.
        let mut one = Bloom::new(1, 5, IndexMethod::Md5Slices).unwrap();
        one.insert(b"x");
        assert!(one.contains(b"anything"));
    }

    #[test]
    fn measured_rates_bracket_the_theory_on_the_corpus() {
        // 20 000 inserted, 100 000 held out, m/N = 8, k = 4: theory
        // (1 - e^-0.5)^4 = 0.39346934^4 = 0.02396865.
        let corpus = Corpus::new(2004);
        let ins: Vec<Vec<u8>> = corpus.iter(0, 20_000).collect();
        let out: Vec<Vec<u8>> = corpus.iter(20_000, 100_000).collect();
        let rows = sweep_fpr(&ins, &out, &[8.0], &[4], &IndexMethod::ALL).unwrap();
        assert_eq!(rows.len(), 4);
        for r in &rows {
            assert!(close(r.approx, 0.023_968_65, 1e-5));
            // Every method within 15 % of theory here (about 2 400 false positives).
            assert!(close(r.measured, r.exact, 0.15), "{r:?}");
            assert!(close(r.fill, r.expected_fill, 0.01), "{r:?}");
            // The sweep equals a direct measurement.
            let direct = measure_fpr(&ins, &out, r.m, r.k, r.method).unwrap();
            assert_eq!(&direct, r);
        }
        assert_eq!(rows[3].method, IndexMethod::Md5Slices);
        assert_eq!(rows[0].bytes, 160_000u64.div_ceil(64) * 8);
    }

    #[test]
    fn sweeps_equal_direct_measurements_in_every_shape() {
        // Narrow and widened md5 slices, precomputed words and derived positions all agree.
        let corpus = Corpus::new(7);
        let ins: Vec<Vec<u8>> = corpus.iter(0, 1500).collect();
        let out: Vec<Vec<u8>> = corpus.iter(1500, 3000).collect();
        let ks = [1, 3, 8, 13, 16];
        let rows = sweep_fpr(&ins, &out, &[2.0, 8.0, 50.0], &ks, &IndexMethod::ALL).unwrap();
        assert_eq!(rows.len(), 4 * 3 * ks.len());
        for r in &rows {
            assert_eq!(&measure_fpr(&ins, &out, r.m, r.k, r.method).unwrap(), r);
        }
        // At m = 12 000 the 16-bit slices of k = 8 are narrow, the 8-bit ones of k = 16 not.
        assert_eq!(md5_slice_width(8, 12_000), Some(16));
        assert_eq!(md5_slice_width(16, 12_000), None);
        assert!(sweep_fpr(&ins, &out, &[8.0], &[0], &IndexMethod::ALL).is_err());
        assert!(sweep_fpr(&ins, &out, &[0.0], &[1], &IndexMethod::ALL).is_err());
    }

    #[test]
    fn memory_model() {
        assert_eq!(hashbrown_buckets(0), 0);
        assert_eq!(hashbrown_buckets(3), 4);
        assert_eq!(hashbrown_buckets(7), 8);
        assert_eq!(hashbrown_buckets(8), 16); // 64/7 = 9 → 16
        assert_eq!(hashbrown_buckets(14), 16); // 16 · 7/8 = 14 fits
        assert_eq!(hashbrown_buckets(15), 32);
        assert_eq!(hashbrown_buckets(100_000), 131_072); // 114 285 → 2^17
        assert_eq!(malloc_block(1), 32);
        assert_eq!(malloc_block(24), 32);
        assert_eq!(malloc_block(25), 48);
        assert_eq!(malloc_block(0), 0);
        // The real table agrees with the model.
        let mut s = std::collections::HashSet::new();
        for i in 0..100_000u128 {
            s.insert(i);
        }
        assert_eq!(
            hashbrown_buckets(100_000),
            (s.capacity() as u64 * 8 / 7).next_power_of_two()
        );
        let c = memory_comparison(std::iter::empty(), 16.0).unwrap();
        assert_eq!((c.n, c.bloom_bytes, c.string_set_bytes), (0, 8, 0));
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn method() -> impl Strategy<Value = IndexMethod> {
        prop::sample::select(IndexMethod::ALL.to_vec())
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(256))]

        #[test]
        fn no_false_negatives(
            method in method(),
            m in 1u64..5000,
            k in 1u32..=24,
            keys in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..40), 1..200),
        ) {
            let mut b = Bloom::new(m, k, method).unwrap();
            for key in &keys {
                b.insert(key);
            }
            for key in &keys {
                prop_assert!(b.contains(key));
            }
            prop_assert!(b.bits_set() <= m.min(keys.len() as u64 * k as u64));
        }

        #[test]
        fn indices_are_in_range_and_match_the_filter(
            method in method(),
            m in 1u64..(1 << 40),
            k in 1u32..=MAX_K,
            key in prop::collection::vec(any::<u8>(), 0..64),
        ) {
            let g = method.indices(&key, k, m);
            prop_assert_eq!(g.len(), k as usize);
            prop_assert!(g.iter().all(|&i| i < m));
            if method == IndexMethod::Md5Slices {
                prop_assert_eq!(method.indices_of_md5(&md5_digest(&key), k, m), g);
            }
        }

        #[test]
        fn fpr_exact_is_at_least_the_approximation(k in 1u32..30, n in 1u64..1_000_000, r in 1.0f64..64.0) {
            let m = (n as f64 * r).round();
            let (e, a) = (fpr_exact(k as f64, n as f64, m), fpr_approx(k as f64, n as f64, m));
            prop_assert!(e >= a * (1.0 - 1e-12));
            prop_assert!((0.0..=1.0).contains(&e));
        }
    }
}
