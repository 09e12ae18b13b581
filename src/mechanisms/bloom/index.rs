//! How a Bloom filter derives its k indices from a key: k independent XXH3 hashes, double hashing
//! (Kirsch & Mitzenmacher 2006), enhanced double hashing (Dillinger & Manolios 2004) and the lab's
//! reading of P5's MD5 slices.

use super::limits::{MAX_K, MAX_M};
use crate::foundation::hash::md5_digest;
use serde::Serialize;
use xxhash_rust::xxh3::{xxh3_128, xxh3_64_with_seed};

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
    /// Stable text id (`independent`, `double`, `enhanced-double`, `md5-slices`).
    pub id: &'static str,
    /// Display name in English.
    pub name_en: &'static str,
    /// Display name in Chinese.
    pub name_zh: &'static str,
    /// Where the derivation comes from.
    pub source: &'static str,
    /// How the k positions are computed, as a formula with a sentence (English).
    pub summary: &'static str,
    /// `source` in Chinese.
    pub source_zh: &'static str,
    /// `summary` in Chinese.
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
    /// use urlhashlab::mechanisms::bloom::IndexMethod;
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
            IndexMethod::Double => double(xxh128(key), k, m, f),
            IndexMethod::EnhancedDouble => enhanced_double(xxh128(key), k, m, f),
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
    /// use urlhashlab::mechanisms::bloom::IndexMethod;
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

/// XXH3-128 of a key (`double`, `enhanced-double`): one copy of the hash, however many callers.
#[inline(never)]
pub(super) fn xxh128(key: &[u8]) -> u128 {
    xxh3_128(key)
}

/// XXH3-64 of a key with seed `i` (`independent`'s i-th position): one copy, as [`xxh128`].
#[inline(never)]
pub(super) fn xxh64_seeded(key: &[u8], i: u64) -> u64 {
    xxh3_64_with_seed(key, i)
}

#[inline]
fn independent(key: &[u8], k: u32, m: u64, mut f: impl FnMut(u64) -> bool) -> bool {
    (0..k as u64).all(|i| f(xxh64_seeded(key, i) % m))
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
/// use urlhashlab::mechanisms::bloom::md5_slice_width;
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
pub(super) enum Source<'a> {
    Key(&'a [u8]),
    Xxh(u128),
    Md5(&'a [u8; 16]),
    /// The raw 64-bit words reduced `mod m`: XXH3-64 with seeds 0, 1, … (`independent`) or the
    /// widened MD5 stream (`md5-slices` where [`md5_slice_width`] is `None`).
    Words(&'a [u64]),
    /// The k positions themselves, derived once for several filters of one shape (the
    /// bake-off's `md5-slices` filters at one setting).
    Positions(&'a [u32]),
}

impl Source<'_> {
    #[inline]
    pub(super) fn each(
        self,
        method: IndexMethod,
        k: u32,
        m: u64,
        f: impl FnMut(u64) -> bool,
    ) -> bool {
        match (self, method) {
            (Source::Key(key), _) => method.for_each_index(key, k, m, f),
            (Source::Xxh(h), IndexMethod::Double) => double(h, k, m, f),
            (Source::Xxh(h), IndexMethod::EnhancedDouble) => enhanced_double(h, k, m, f),
            (Source::Md5(d), IndexMethod::Md5Slices) => md5_slices(d, k, m, f),
            (Source::Words(w), IndexMethod::Independent | IndexMethod::Md5Slices) => {
                let mut f = f;
                w[..k as usize].iter().all(|&x| f(x % m))
            }
            (Source::Positions(p), _) => {
                let mut f = f;
                p.iter().all(|&g| f(g as u64))
            }
            _ => unreachable!("a prepared source matches its method"),
        }
    }
}
