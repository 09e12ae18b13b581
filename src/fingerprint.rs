//! P3's MD5 page fingerprints measured: dedup by 128-bit digest, the avalanche its Table 1
//! showed, the digests it printed, the birthday bound behind its 10^-24, and the URL
//! normalisations that decide what counts as "the same page".
//!
//! P3 = 杨海东, 叶小岭, 张颖超, 基于 Hash 算法实现搜索引擎中重复 WEB 页面的消除 (微计算机信息
//! 22(9-3), 2006). Each URL gets the 128-bit MD5 digest of its text as a unique id; a crawler
//! keeps the ids of the URLs it has seen and drops a URL whose id is already there.
//!
//! # Fingerprints ([`FingerprintSet`], [`TruncatedCollisions`])
//!
//! A fingerprint is `MD5(url)` read big-endian as a `u128` (its hex spelling as a number, as
//! [`crate::hash::md5_u128`]). A **b-bit fingerprint** is its top `b` bits, `md5 >> (128 − b)`
//! ([`truncate`]): for `b` a multiple of 4 it is the first `b/4` hex digits of the digest. Short
//! fingerprints make the birthday bound visible on a real list: with `b = 16` a store of 100 000
//! URLs drops about half of them as false duplicates.
//!
//! # Birthday bounds ([`collision_probability`])
//!
//! With `n` distinct inputs and uniformly random `b`-bit fingerprints, the expected number of
//! colliding pairs is `λ = n(n−1)/2^(b+1)` and the chance of at least one collision is
//! `P ≈ 1 − exp(−λ)`, computed as `−expm1(−λ)` so that tiny values keep their digits (`n = 2`,
//! `b = 128` gives `2^-128 ≈ 2.94e-39`, not 0). `P` reaches `p` at
//! `n = (1 + √(1 + 2^(b+3)·λ_p))/2` with `λ_p = −ln(1 − p)` ([`n_for_collision_probability`]).
//!
//! P3's claim (Sect. 2): "two inputs M1, M2 have the same 128-bit h(m) with probability
//! 10^-24 ... 5 orders of magnitude below human fingerprints (10^-19)", and "about 13 billion
//! pages and 60 billion links" fit easily. Two given inputs share a digest with probability
//! `2^-128 ≈ 2.9e-39`; `10^-24 ≈ 2^-79.7`. For `n` URLs the chance of any shared digest
//! reaches 10^-24 at about 26.1 million URLs, is `2.5e-19` for 13 billion pages (the human
//! fingerprint figure) and `5.3e-18` for 60 billion links. With 64-bit fingerprints those
//! counts collide almost surely.
//!
//! # The avalanche ([`avalanche`], [`AvalancheTally`])
//!
//! P3's Table 1 (lost in the OCR) listed three similar URLs with very different digests. For two
//! inputs the lab shows both digests, their XOR, the number of differing bits out of 128 and
//! their positions (bit 0 is the most significant bit of the first hex digit, the order the page
//! draws them). [`variants`] makes near-identical URLs (the last bit flipped, a trailing `/`
//! added or removed, the host upper-cased, the last digit changed, `http` ↔ `https`); over many
//! such pairs the differing bits of an ideal 128-bit function follow Binomial(128, 1/2): mean 64,
//! standard deviation `√32 ≈ 5.657`.
//!
//! # The printed digests ([`reveal`])
//!
//! Sect. 3.1 prints `D41D8CD98F00B204E9800998ECF8427E` for the normalised URL
//! `"http://" + IP + path` and says URL (3) "also gives the same result". That digest is the MD5
//! of the **empty string**: whatever URL P3's program meant to hash, it hashed nothing, so every
//! alias gave the same id. Sect. 3.2 prints `00F4CC7599310F795FB4B19B6A13CCA9` for
//! `"http://" + name + path`. The URLs P3 printed (its example is 南京信息工程大学) are lost in
//! the OCR of the paper; [`p3_candidates`] tries the strings that survive, the example site's
//! host, and simple variants of each. None of them gives `00F4CC…`: the lab says so.
//!
//! # Normalisation
//!
//! P3's two kinds of duplicates, from a user-supplied host → IP table ([`HostTable`]):
//!
//! * **same site, many names** (异名同址, aliases): several names resolve to one IP. P3's IP_ID
//!   hashes `"http://" + IP + path`, where a name's IP is the first IP listed for it.
//! * **same name, many addresses** (同名异址, mirrors): one site served from several IPs. P3's
//!   Name_ID hashes `"http://" + name + path`, where an IP's name is the first name listed for
//!   it. A URL by name goes name → IP → name (P3: "each URL's name and IP are converted into
//!   each other"), so Name_ID merges every alias IP_ID merges, and the mirrors too.
//!
//! The port is kept when it is not the scheme's default; the scheme is always written `http://`
//! as P3 does; the path includes the query (no fragment). A host missing from the table keeps
//! itself in both keys and is counted as unresolved.
//!
//! [`Canonicalizer`] applies common crawler canonicalisations, each switchable on its own
//! ([`Toggle`]), textually, so that each one's effect is measured alone: it works on the line's
//! own text, split into scheme, authority, path, query and fragment, and changes only the
//! parts its toggles name (with every toggle off the line comes back unchanged; C0 controls and
//! spaces after the URL, which the parser ignores, stay at the end). A line must
//! still parse as a URL with a host under the WHATWG parser (the `url` crate, as in
//! [`crate::key`]), or it is an error that reports count. Every toggle is idempotent and so are
//! all together: `canonical(canonical(x)) == canonical(x)`.
//!
//! # Example
//! ```
//! use urlhashlab::fingerprint::*;
//! let mut seen = FingerprintSet::new();
//! assert_eq!(seen.insert(b"http://www.nuist.edu.cn/"), Insert::New);
//! assert_eq!(seen.insert(b"http://www.nuist.edu.cn/"), Insert::Duplicate);
//! assert_eq!((seen.distinct(), seen.duplicates()), (1, 1));
//!
//! // P3's normalised-URL digest is MD5 of the empty string.
//! let r = reveal(P3_DIGEST_IP_ID, "", &p3_candidates()).unwrap();
//! assert_eq!(r.matches[0].text, "");
//!
//! // Two given inputs share a 128-bit digest with probability 2^-128, not 10^-24.
//! assert!((collision_probability(2, 128) - 2f64.powi(-128)).abs() < 1e-50);
//! let n = n_for_collision_probability(P3_CLAIM_PAIR_PROBABILITY, 128);
//! assert!(n > 26.0e6 && n < 26.2e6);
//!
//! let c = Canonicalizer::new(Toggles::all());
//! assert_eq!(
//!     c.canonical("HTTP://WWW.Nuist.edu.cn:80/a/;jsessionid=9F?b=2&a=1&sid=7f3a9c#top").unwrap(),
//!     "http://nuist.edu.cn/a?a=1&b=2"
//! );
//! ```

use crate::hash::md5_u128;
use crate::key::{self, SplitError};
use crate::lines::Occurrences;
use crate::metrics;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr};
use xxhash_rust::xxh3::xxh3_128;

// ---------------------------------------------------------------------------------------------
// P3's printed numbers
// ---------------------------------------------------------------------------------------------

/// Fingerprint width P3 chose (Sect. 2).
pub const P3_FINGERPRINT_BITS: u32 = 128;
/// P3's claim: two inputs share a 128-bit digest with probability 10^-24.
pub const P3_CLAIM_PAIR_PROBABILITY: f64 = 1e-24;
/// P3's comparison: two human fingerprints coincide with probability 10^-19.
pub const P3_HUMAN_FINGERPRINT_PROBABILITY: f64 = 1e-19;
/// P3: "about 13 billion web pages" (130 亿).
pub const P3_WEB_PAGES: u64 = 13_000_000_000;
/// P3: "about 60 billion hyperlinks" (600 亿).
pub const P3_WEB_LINKS: u64 = 60_000_000_000;
/// Printed in Sect. 3.1 for `"http://" + IP + path` (IP_ID); it is MD5 of the empty string.
pub const P3_DIGEST_IP_ID: &str = "D41D8CD98F00B204E9800998ECF8427E";
/// Printed in Sect. 3.2 for `"http://" + name + path` (Name_ID).
pub const P3_DIGEST_NAME_ID: &str = "00F4CC7599310F795FB4B19B6A13CCA9";

/// Expected mean of differing bits between two independent uniform 128-bit digests.
pub const AVALANCHE_EXPECTED_MEAN: f64 = 64.0;
/// Expected standard deviation: `√(128 · 1/2 · 1/2) = √32`.
pub const AVALANCHE_EXPECTED_SD: f64 = 5.656_854_249_492_381;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// A bad fingerprint width or digest spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FingerprintError {
    /// A fingerprint has 1 to 128 bits.
    Bits(u32),
    /// Not 32 hexadecimal digits.
    Hex(String),
}

impl fmt::Display for FingerprintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FingerprintError::Bits(b) => {
                write!(f, "a fingerprint has 1 to 128 bits, not {b}")
            }
            FingerprintError::Hex(s) => write!(
                f,
                "`{s}` is not a 128-bit digest: 32 hexadecimal digits expected"
            ),
        }
    }
}

impl std::error::Error for FingerprintError {}

/// Checks a fingerprint width: 1 to 128 bits.
pub fn check_bits(bits: u32) -> Result<u32, FingerprintError> {
    if (1..=128).contains(&bits) {
        Ok(bits)
    } else {
        Err(FingerprintError::Bits(bits))
    }
}

// ---------------------------------------------------------------------------------------------
// Digests
// ---------------------------------------------------------------------------------------------

/// P3's fingerprint of a URL: its MD5 digest as a big-endian `u128`.
pub fn fingerprint(url: &[u8]) -> u128 {
    md5_u128(url)
}

/// The top `bits` bits of a digest (`bits` in 1..=128, see [`check_bits`]).
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::truncate;
/// let d = 0xd41d8cd98f00b204e9800998ecf8427e_u128;
/// assert_eq!(truncate(d, 16), 0xd41d);
/// assert_eq!(truncate(d, 128), d);
/// ```
pub fn truncate(digest: u128, bits: u32) -> u128 {
    debug_assert!((1..=128).contains(&bits));
    if bits >= 128 {
        digest
    } else {
        digest >> (128 - bits)
    }
}

/// A digest as 32 lower-case hex digits.
pub fn hex(digest: u128) -> String {
    format!("{digest:032x}")
}

/// Reads a digest spelled as 32 hex digits (either case; surrounding spaces ignored).
pub fn parse_hex_digest(s: &str) -> Result<u128, FingerprintError> {
    let t = s.trim();
    if t.len() != 32 || !t.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(FingerprintError::Hex(s.to_string()));
    }
    u128::from_str_radix(t, 16).map_err(|_| FingerprintError::Hex(s.to_string()))
}

/// Sets of digests: the SplitMix64 finaliser of the folded digest, so truncated fingerprints,
/// whose bits are all at the bottom, spread over the table too.
type DigestBuild = crate::mix::Mix;

// ---------------------------------------------------------------------------------------------
// 1. Fingerprint dedup
// ---------------------------------------------------------------------------------------------

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
fn runs<T: Ord + Copy>(v: &mut [T]) -> (u64, u64) {
    v.sort_unstable();
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
/// use urlhashlab::fingerprint::{Insert, TruncatedCollisions};
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

// ---------------------------------------------------------------------------------------------
// 2. Avalanche
// ---------------------------------------------------------------------------------------------

/// Two inputs, their digests and the bits where they differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Avalanche {
    /// The inputs (invalid UTF-8 shown as U+FFFD).
    pub input_a: String,
    pub input_b: String,
    pub digest_a: String,
    pub digest_b: String,
    /// `digest_a XOR digest_b`, 32 hex digits.
    pub xor: String,
    /// Differing bits out of 128.
    pub differing_bits: u32,
    /// Where they differ: bit 0 is the most significant bit of the first hex digit.
    pub positions: Vec<u8>,
    /// The 128 bits of each digest in that order, each 0 or 1 (the page's two rows of cells).
    pub bits_a: Vec<u8>,
    pub bits_b: Vec<u8>,
}

/// Bits where two digests differ.
pub fn differing_bits(x: u128, y: u128) -> u32 {
    (x ^ y).count_ones()
}

/// The positions of the set bits of `x`, bit 0 being its most significant bit.
pub fn bit_positions(x: u128) -> Vec<u8> {
    (0..128u8).filter(|&i| (x >> (127 - i)) & 1 == 1).collect()
}

/// The 128 bits of `x`, most significant first, as 0/1 bytes.
pub fn bits_msb_first(x: u128) -> Vec<u8> {
    (0..128u32).map(|i| ((x >> (127 - i)) & 1) as u8).collect()
}

/// Both digests of two inputs and where they differ.
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::avalanche;
/// let a = avalanche(b"http://www.pku.edu.cn/", b"http://www.pku.edu.cn");
/// assert_eq!(a.positions.len() as u32, a.differing_bits);
/// assert_eq!(a.bits_a.len(), 128);
/// ```
pub fn avalanche(a: &[u8], b: &[u8]) -> Avalanche {
    avalanche_of_digests(a, b, md5_u128(a), md5_u128(b))
}

fn avalanche_of_digests(a: &[u8], b: &[u8], da: u128, db: u128) -> Avalanche {
    Avalanche {
        input_a: String::from_utf8_lossy(a).into_owned(),
        input_b: String::from_utf8_lossy(b).into_owned(),
        digest_a: hex(da),
        digest_b: hex(db),
        xor: hex(da ^ db),
        differing_bits: differing_bits(da, db),
        positions: bit_positions(da ^ db),
        bits_a: bits_msb_first(da),
        bits_b: bits_msb_first(db),
    }
}

/// How a near-identical variant of a URL was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariantKind {
    /// The lowest bit of the last ASCII byte flipped (`l` ↔ `m`, `/` ↔ `.`): a one-bit input
    /// change.
    FlipLastBit,
    /// A `/` appended, or the trailing `/` removed.
    TrailingSlash,
    /// The host's ASCII letters upper-cased (the same site to DNS).
    HostUpperCase,
    /// The last decimal digit increased by one, 9 becoming 0 (`page=1` → `page=2`).
    LastDigit,
    /// `http://` ↔ `https://`; a line without a scheme gets `http://`.
    Scheme,
}

impl VariantKind {
    pub const ALL: [VariantKind; 5] = [
        VariantKind::FlipLastBit,
        VariantKind::TrailingSlash,
        VariantKind::HostUpperCase,
        VariantKind::LastDigit,
        VariantKind::Scheme,
    ];

    pub fn id(self) -> &'static str {
        match self {
            VariantKind::FlipLastBit => "flip-last-bit",
            VariantKind::TrailingSlash => "trailing-slash",
            VariantKind::HostUpperCase => "host-upper-case",
            VariantKind::LastDigit => "last-digit",
            VariantKind::Scheme => "scheme",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A near-identical variant of a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub kind: VariantKind,
    pub bytes: Vec<u8>,
}

/// Where the authority of a URL line starts and ends (after `scheme://`, or at 0 for a line
/// without a scheme, up to the first `/`, `?` or `#`).
fn authority_span(url: &[u8]) -> (usize, usize) {
    let start = match url.windows(3).position(|w| w == b"://") {
        Some(i)
            if i > 0
                && url[..i]
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')) =>
        {
            i + 3
        }
        _ => 0,
    };
    let end = url[start..]
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .map_or(url.len(), |p| start + p);
    (start, end)
}

/// The near-identical variants of `url` that differ from it, in [`VariantKind::ALL`] order
/// (a kind that does not apply is left out: no letter in the host, no digit, `ftp://`).
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::{variants, VariantKind};
/// let v = variants(b"http://www.a.cn/p1");
/// let texts: Vec<&[u8]> = v.iter().map(|v| v.bytes.as_slice()).collect();
/// assert_eq!(texts, [
///     &b"http://www.a.cn/p0"[..],
///     b"http://www.a.cn/p1/",
///     b"http://WWW.A.CN/p1",
///     b"http://www.a.cn/p2",
///     b"https://www.a.cn/p1",
/// ]);
/// assert_eq!(v[2].kind, VariantKind::HostUpperCase);
/// ```
pub fn variants(url: &[u8]) -> Vec<Variant> {
    let mut out = Vec::with_capacity(5);
    let mut push = |kind, bytes: Vec<u8>| {
        if bytes != url {
            out.push(Variant { kind, bytes });
        }
    };
    // Flip the lowest bit of the last ASCII byte.
    if let Some(i) = url.iter().rposition(|c| c.is_ascii()) {
        let mut v = url.to_vec();
        v[i] ^= 1;
        push(VariantKind::FlipLastBit, v);
    }
    // Trailing slash.
    let v = match url.strip_suffix(b"/") {
        Some(s) => s.to_vec(),
        None => [url, b"/"].concat(),
    };
    push(VariantKind::TrailingSlash, v);
    // Host upper-cased.
    let (s, e) = authority_span(url);
    let mut v = url.to_vec();
    v[s..e].make_ascii_uppercase();
    push(VariantKind::HostUpperCase, v);
    // Last digit + 1.
    if let Some(i) = url.iter().rposition(u8::is_ascii_digit) {
        let mut v = url.to_vec();
        v[i] = if v[i] == b'9' { b'0' } else { v[i] + 1 };
        push(VariantKind::LastDigit, v);
    }
    // Scheme.
    let lower: Vec<u8> = url.iter().take(8).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"https://") {
        push(VariantKind::Scheme, [b"http://", &url[8..]].concat());
    } else if lower.starts_with(b"http://") {
        push(VariantKind::Scheme, [b"https://", &url[7..]].concat());
    } else if s == 0 && !url.is_empty() {
        push(VariantKind::Scheme, [b"http://", url].concat());
    }
    out
}

/// Binomial(n, 1/2) probabilities of 0..=n, by `p(k+1) = p(k)·(n−k)/(k+1)` from `p(0) = 2^-n`.
pub fn binomial_half_pmf(n: u32) -> Vec<f64> {
    let mut p = vec![0.0; n as usize + 1];
    p[0] = 0.5f64.powi(n as i32);
    for k in 0..n as usize {
        p[k + 1] = p[k] * (n as usize - k) as f64 / (k + 1) as f64;
    }
    p
}

/// The distribution of differing bits over many pairs, against Binomial(128, 1/2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AvalancheStats {
    pub pairs: u64,
    pub mean: f64,
    pub sd: f64,
    pub min: u32,
    pub max: u32,
    /// Pairs with k differing bits, k = 0..=128.
    pub histogram: Vec<u64>,
    /// Its expectation, `pairs · C(128, k)/2^128`.
    pub expected: Vec<f64>,
    pub expected_mean: f64,
    pub expected_sd: f64,
    /// χ² of the histogram against the binomial, bins pooled from both ends until each expects
    /// at least 5 pairs; `None` with fewer than 2 bins.
    pub chi2: Option<f64>,
    pub dof: Option<u32>,
    pub p_value: Option<f64>,
    /// Mean differing bits per kind of variant.
    pub by_kind: Vec<KindStats>,
}

/// Differing bits for one kind of variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindStats {
    pub kind: VariantKind,
    pub pairs: u64,
    pub mean: f64,
}

/// Counts differing bits over pairs of near-identical inputs.
#[derive(Clone, Debug)]
pub struct AvalancheTally {
    histogram: [u64; 129],
    kind_pairs: [u64; 5],
    kind_bits: [u64; 5],
}

impl Default for AvalancheTally {
    fn default() -> Self {
        AvalancheTally::new()
    }
}

impl AvalancheTally {
    pub fn new() -> AvalancheTally {
        AvalancheTally {
            histogram: [0; 129],
            kind_pairs: [0; 5],
            kind_bits: [0; 5],
        }
    }

    /// One pair of digests.
    pub fn add_digests(&mut self, x: u128, y: u128, kind: Option<VariantKind>) {
        let d = differing_bits(x, y);
        self.histogram[d as usize] += 1;
        if let Some(k) = kind {
            self.kind_pairs[k.index()] += 1;
            self.kind_bits[k.index()] += d as u64;
        }
    }

    /// One pair of inputs.
    pub fn add_pair(&mut self, a: &[u8], b: &[u8]) {
        self.add_digests(md5_u128(a), md5_u128(b), None);
    }

    /// `url` against each of its [`variants`]; returns the number of pairs added.
    pub fn add_url(&mut self, url: &[u8]) -> usize {
        let d = md5_u128(url);
        let vs = variants(url);
        for v in &vs {
            self.add_digests(d, md5_u128(&v.bytes), Some(v.kind));
        }
        vs.len()
    }

    pub fn pairs(&self) -> u64 {
        self.histogram.iter().sum()
    }

    pub fn stats(&self) -> AvalancheStats {
        let pairs = self.pairs();
        let (mut sum, mut sum_sq) = (0f64, 0f64);
        for (k, &c) in self.histogram.iter().enumerate() {
            sum += (k as u64 * c) as f64;
            sum_sq += (k as u64 * k as u64 * c) as f64;
        }
        let mean = if pairs > 0 { sum / pairs as f64 } else { 0.0 };
        let sd = if pairs > 1 {
            ((sum_sq - sum * mean) / (pairs - 1) as f64).max(0.0).sqrt()
        } else {
            0.0
        };
        let pmf = binomial_half_pmf(128);
        let expected: Vec<f64> = pmf.iter().map(|p| p * pairs as f64).collect();
        let (chi2, dof) = pooled_chi2(&self.histogram, &expected, 5.0);
        let p_value = chi2
            .zip(dof)
            .map(|(c, d)| metrics::chi_square_p_value(c, d as f64));
        AvalancheStats {
            pairs,
            mean,
            sd,
            min: self.histogram.iter().position(|&c| c > 0).unwrap_or(0) as u32,
            max: self.histogram.iter().rposition(|&c| c > 0).unwrap_or(0) as u32,
            histogram: self.histogram.to_vec(),
            expected,
            expected_mean: AVALANCHE_EXPECTED_MEAN,
            expected_sd: AVALANCHE_EXPECTED_SD,
            chi2,
            dof,
            p_value,
            by_kind: VariantKind::ALL
                .iter()
                .filter(|k| self.kind_pairs[k.index()] > 0)
                .map(|&k| KindStats {
                    kind: k,
                    pairs: self.kind_pairs[k.index()],
                    mean: self.kind_bits[k.index()] as f64 / self.kind_pairs[k.index()] as f64,
                })
                .collect(),
        }
    }
}

/// χ² of `observed` against `expected`, adjacent bins pooled from the low end until each bin
/// expects at least `min_expected`, a short remainder merged into the last bin.
fn pooled_chi2(
    observed: &[u64],
    expected: &[f64],
    min_expected: f64,
) -> (Option<f64>, Option<u32>) {
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut o, mut e) = (0f64, 0f64);
    for (&ob, &ex) in observed.iter().zip(expected) {
        o += ob as f64;
        e += ex;
        if e >= min_expected {
            bins.push((o, e));
            o = 0.0;
            e = 0.0;
        }
    }
    if e > 0.0 || o > 0.0 {
        match bins.last_mut() {
            Some(last) => {
                last.0 += o;
                last.1 += e;
            }
            None => bins.push((o, e)),
        }
    }
    if bins.len() < 2 {
        return (None, None);
    }
    let chi2 = bins.iter().map(|&(o, e)| (o - e) * (o - e) / e).sum();
    (Some(chi2), Some(bins.len() as u32 - 1))
}

// ---------------------------------------------------------------------------------------------
// 3. The reveal
// ---------------------------------------------------------------------------------------------

/// A string tried against a printed digest, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub text: String,
    pub source: String,
}

/// A printed digest checked against MD5 of candidate strings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reveal {
    /// The digest as printed.
    pub printed: String,
    /// What the paper says it is the digest of.
    pub printed_for: String,
    /// Distinct candidate strings tried.
    pub tried: usize,
    /// The candidates whose MD5 is the printed digest.
    pub matches: Vec<Candidate>,
    pub verdict: String,
}

/// Checks `printed` (32 hex digits) against MD5 of every candidate.
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::{reveal, Candidate};
/// let c = [Candidate { text: "abc".into(), source: "RFC 1321".into() }];
/// let r = reveal("900150983CD24FB0D6963F7D28E17F72", "a test", &c).unwrap();
/// assert_eq!(r.matches, c);
/// assert!(reveal("not hex", "", &c).is_err());
/// ```
pub fn reveal(
    printed: &str,
    printed_for: &str,
    candidates: &[Candidate],
) -> Result<Reveal, FingerprintError> {
    let want = parse_hex_digest(printed)?;
    let mut seen = HashSet::new();
    let mut matches = Vec::new();
    for c in candidates {
        if seen.insert(c.text.as_str()) && md5_u128(c.text.as_bytes()) == want {
            matches.push(c.clone());
        }
    }
    let tried = seen.len();
    let verdict = match matches.first() {
        Some(m) if m.text.is_empty() => format!(
            "{} is MD5 of the empty string: the program hashed nothing, whatever URL it meant, so every URL it normalised got this same id.",
            printed.trim()
        ),
        Some(m) => format!(
            "{} is MD5 of \"{}\" ({}).",
            printed.trim(),
            m.text,
            m.source
        ),
        None => format!(
            "no candidate matched: MD5 of none of the {tried} strings tried is {}.",
            printed.trim()
        ),
    };
    Ok(Reveal {
        printed: printed.trim().to_string(),
        printed_for: printed_for.to_string(),
        tried,
        matches,
        verdict,
    })
}

/// Simple spellings of `s`: without a scheme, with `http://` and `https://`, with and without a
/// trailing `/`, as is, upper-case and lower-case (duplicates removed, `s` first).
pub fn simple_variants(s: &str) -> Vec<String> {
    let lower = s.to_ascii_lowercase();
    let core = if lower.starts_with("http://") {
        &s[7..]
    } else if lower.starts_with("https://") {
        &s[8..]
    } else {
        s
    };
    let core = core.trim_end_matches('/');
    let mut out = vec![s.to_string()];
    for scheme in ["", "http://", "https://"] {
        for slash in ["", "/"] {
            let v = format!("{scheme}{core}{slash}");
            out.push(v.to_uppercase());
            out.push(v.to_lowercase());
            out.push(v);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|v| seen.insert(v.clone()));
    out
}

/// The strings the lab tries against P3's printed digests, each with [`simple_variants`].
///
/// P3's own URLs (Sect. 3.1 lists three URLs of 南京信息工程大学, Sect. 3.2 one) are lost in the
/// OCR of the paper. Tried: the empty string; the strings that survive in the text (the
/// templates `http://+IP地址+路径` and `http://+域名+路径`, their scheme `http://`, the host
/// fragment `bbs2.`, the university's name); and, marked as inferred because the text does not
/// print them, the hosts of the example site, `nuist.edu.cn` with `www.` and `bbs2.`.
pub fn p3_candidates() -> Vec<Candidate> {
    const PRINTED: &str = "printed in P3's text";
    let inferred = "inferred, not printed: the host of P3's example site 南京信息工程大学 (NUIST); P3's own URLs are lost in the OCR";
    let bases: [(&str, &str); 13] = [
        ("", "the empty string"),
        (
            "http://",
            "the scheme of P3's templates, printed in P3's text",
        ),
        ("http://+IP地址+路径", PRINTED),
        ("http://+域名+路径", PRINTED),
        ("\"http://\"+IP地址+路径", PRINTED),
        ("\"http://\"+域名+路径", PRINTED),
        ("http://+IP+路径", PRINTED),
        (
            "bbs2.",
            "the one host fragment left in P3's text (Sect. 3.2)",
        ),
        ("南京信息工程大学", "P3's example site, named in Sect. 3.1"),
        ("www.nuist.edu.cn", inferred),
        ("nuist.edu.cn", inferred),
        ("bbs2.nuist.edu.cn", inferred),
        ("www.nuist.edu.cn/index.html", inferred),
    ];
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (base, source) in bases {
        for v in simple_variants(base) {
            if seen.insert(v.clone()) {
                let source = if v == base {
                    source.to_string()
                } else {
                    format!("a variant of \"{base}\" ({source})")
                };
                out.push(Candidate { text: v, source });
            }
        }
    }
    out
}

/// Both printed digests against [`p3_candidates`]: IP_ID (Sect. 3.1), then Name_ID (3.2).
pub fn p3_reveals() -> Vec<Reveal> {
    let candidates = p3_candidates();
    [
        (
            P3_DIGEST_IP_ID,
            "\"http://\" + IP + path, P3's normalised URL (IP_ID, Sect. 3.1); P3 adds that URL (3) gives the same",
        ),
        (
            P3_DIGEST_NAME_ID,
            "\"http://\" + name + path (Name_ID, Sect. 3.2)",
        ),
    ]
    .iter()
    .map(|&(d, what)| reveal(d, what, &candidates).expect("the constants are 32 hex digits"))
    .collect()
}

// ---------------------------------------------------------------------------------------------
// 4. Birthday bounds
// ---------------------------------------------------------------------------------------------

/// `x · 2^e` without overflowing or underflowing in between.
fn scale_pow2(x: f64, e: i32) -> f64 {
    let h = e / 2;
    x * 2f64.powi(h) * 2f64.powi(e - h)
}

/// Expected colliding pairs among `n` distinct inputs with random `bits`-bit fingerprints,
/// `n(n−1)/2^(bits+1)` (any `bits` up to 1000).
pub fn expected_colliding_pairs(n: u64, bits: u32) -> f64 {
    if n < 2 {
        return 0.0;
    }
    scale_pow2(n as f64 * (n - 1) as f64, -(bits as i32 + 1))
}

/// Chance of at least one collision among `n` distinct inputs with random `bits`-bit
/// fingerprints: `1 − exp(−n(n−1)/2^(bits+1))`, as `−expm1(−λ)`; exactly 1 when `n > 2^bits`.
pub fn collision_probability(n: u64, bits: u32) -> f64 {
    if bits < 64 && n > 1u64 << bits {
        return 1.0;
    }
    -(-expected_colliding_pairs(n, bits)).exp_m1()
}

/// `log10` of [`collision_probability`], finite where the probability itself underflows.
pub fn log10_collision_probability(n: u64, bits: u32) -> f64 {
    if n < 2 {
        return f64::NEG_INFINITY;
    }
    let log10_lambda = (n as f64).log10() + ((n - 1) as f64).log10()
        - (bits as f64 + 1.0) * std::f64::consts::LOG10_2;
    if log10_lambda < -10.0 {
        // 1 − exp(−λ) = λ(1 − λ/2 + …): the correction is below 1e-10.
        log10_lambda
    } else {
        collision_probability(n, bits).log10()
    }
}

/// The number of inputs at which [`collision_probability`] reaches `p` (0 < p < 1):
/// `n = (1 + √(1 + 2^(bits+3)·λ))/2` with `λ = −ln(1 − p)`.
pub fn n_for_collision_probability(p: f64, bits: u32) -> f64 {
    if p <= 0.0 {
        return 1.0;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let lambda = -(-p).ln_1p();
    let x = scale_pow2(lambda, bits as i32 + 3);
    (1.0 + (1.0 + x).sqrt()) / 2.0
}

/// Expected distinct values among `n` random `bits`-bit fingerprints,
/// `2^b (1 − (1 − 2^-b)^n)`.
pub fn expected_distinct(n: u64, bits: u32) -> f64 {
    n as f64 - expected_false_duplicates(n, bits)
}

/// Expected inputs that find their fingerprint already taken, `n − expected_distinct`. Computed
/// by the series `Σ_{k≥2} (−1)^k C(n,k) m^(1−k)` (m = 2^b) when `n/m ≤ 0.1`, so that it stays
/// accurate where it is tiny, and as `n + m·expm1(n·ln(1 − 1/m))` otherwise.
pub fn expected_false_duplicates(n: u64, bits: u32) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let nf = n as f64;
    let m = scale_pow2(1.0, bits as i32);
    if nf / m <= 0.1 {
        let mut term = expected_colliding_pairs(n, bits); // C(n,2)/m
        let mut sum = term;
        let mut k = 2u64;
        while k < n && term.abs() > 1e-17 * sum.abs() && k < 200 {
            // t(k+1) = −t(k) · (n−k) / ((k+1) m)
            term = -term * (n - k) as f64 / ((k + 1) as f64 * m);
            sum += term;
            k += 1;
        }
        sum
    } else {
        nf + m * (nf * (-1.0 / m).ln_1p()).exp_m1()
    }
}

/// The birthday bound at one `n` and width.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BirthdayRow {
    /// What `n` counts (P3's pages, links, ...).
    pub what: String,
    pub n: u64,
    pub bits: u32,
    pub probability: f64,
    pub log10_probability: f64,
    pub expected_pairs: f64,
}

impl BirthdayRow {
    pub fn new(what: &str, n: u64, bits: u32) -> BirthdayRow {
        BirthdayRow {
            what: what.to_string(),
            n,
            bits,
            probability: collision_probability(n, bits),
            log10_probability: log10_collision_probability(n, bits),
            expected_pairs: expected_colliding_pairs(n, bits),
        }
    }
}

/// P3's 10^-24 beside the birthday bound.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BirthdayReport {
    /// P3's 10^-24.
    pub claim: f64,
    /// `log2` of the claim: −79.7, about the chance two given inputs share an 80-bit digest.
    pub claim_log2: f64,
    /// P3's human fingerprints, 10^-19.
    pub human_fingerprint: f64,
    /// Two given inputs share a 128-bit digest: `2^-128`.
    pub two_inputs: f64,
    /// URLs at which any collision among 128-bit digests reaches the claim.
    pub n_at_claim: f64,
    /// The same for human fingerprints' 10^-19.
    pub n_at_human_fingerprint: f64,
    /// P3's pages and links at 128 and 64 bits.
    pub rows: Vec<BirthdayRow>,
}

impl BirthdayReport {
    pub fn new() -> BirthdayReport {
        let mut rows = Vec::new();
        for bits in [128, 64] {
            rows.push(BirthdayRow::new(
                "pages (P3: 13 billion)",
                P3_WEB_PAGES,
                bits,
            ));
            rows.push(BirthdayRow::new(
                "links (P3: 60 billion)",
                P3_WEB_LINKS,
                bits,
            ));
        }
        BirthdayReport {
            claim: P3_CLAIM_PAIR_PROBABILITY,
            claim_log2: P3_CLAIM_PAIR_PROBABILITY.log2(),
            human_fingerprint: P3_HUMAN_FINGERPRINT_PROBABILITY,
            two_inputs: collision_probability(2, P3_FINGERPRINT_BITS),
            n_at_claim: n_for_collision_probability(P3_CLAIM_PAIR_PROBABILITY, P3_FINGERPRINT_BITS),
            n_at_human_fingerprint: n_for_collision_probability(
                P3_HUMAN_FINGERPRINT_PROBABILITY,
                P3_FINGERPRINT_BITS,
            ),
            rows,
        }
    }
}

impl Default for BirthdayReport {
    fn default() -> Self {
        BirthdayReport::new()
    }
}

// ---------------------------------------------------------------------------------------------
// 5a. Aliases and mirrors from a host table
// ---------------------------------------------------------------------------------------------

/// A line of a host table that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, for a caller that words it itself: `fields` (not two fields), `ip-host`
    /// (the /etc/hosts order), `not-ip`, `host-is-ip` or `not-host`.
    pub code: &'static str,
    /// The text the code is about: the line's content, the address or the host.
    pub subject: String,
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "host table, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// What a host table holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableSummary {
    /// Distinct `host ip` pairs.
    pub pairs: usize,
    pub hosts: usize,
    pub ips: usize,
    /// IPs listed with two or more names (aliases, 异名同址).
    pub alias_ips: usize,
    /// Names listed with two or more IPs (mirrors, 同名异址).
    pub mirror_hosts: usize,
}

/// A host → IP table, as a user supplies it for P3's alias and mirror normalisation.
///
/// Text format: one `host ip` pair per line, separated by spaces or tabs; `#` starts a comment;
/// blank lines are ignored. A host may be listed with several IPs (a mirror) and an IP with
/// several hosts (aliases); the first listed wins in each direction. Hosts are normalised as
/// the URL parser does (lower-case, IDNA); IPs are IPv4 or IPv6 (IPv6 written without brackets).
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::HostTable;
/// let t = HostTable::parse("# NUIST\nwww.nuist.edu.cn 202.195.235.1\nnuist.cn 202.195.235.1\n").unwrap();
/// let a = t.keys(b"http://nuist.cn/x.htm").unwrap();
/// assert_eq!(a.ip_key, "http://202.195.235.1/x.htm");
/// assert_eq!(a.name_key, "http://www.nuist.edu.cn/x.htm");
/// let e = HostTable::parse("a.cn 1.2.3.4\nb.cn\n").unwrap_err();
/// assert_eq!(e.line, 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct HostTable {
    ip_of: HashMap<String, String>,
    name_of: HashMap<String, String>,
    summary: TableSummary,
}

/// P3's two keys of one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteKeys {
    /// `"http://" + host + path`: the key before the table is used.
    pub host_key: String,
    /// `"http://" + IP + path` (the host itself when unresolved).
    pub ip_key: String,
    /// `"http://" + name + path`.
    pub name_key: String,
    /// MD5 of `ip_key`: P3's IP_ID.
    pub ip_id: u128,
    /// MD5 of `name_key`: P3's Name_ID.
    pub name_id: u128,
    /// Was the host (name or IP) in the table?
    pub resolved: bool,
}

fn is_ip_host(host: &str) -> bool {
    host.starts_with('[') || host.parse::<Ipv4Addr>().is_ok()
}

impl HostTable {
    /// Reads a table; the first bad line is an error naming it.
    pub fn parse(text: &str) -> Result<HostTable, TableError> {
        let mut t = HostTable::default();
        let mut pairs = HashSet::new();
        let mut names_per_ip: HashMap<String, u32> = HashMap::new();
        let mut ips_per_name: HashMap<String, u32> = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |code: &'static str, subject: &str, message: String| TableError {
                line,
                code,
                subject: subject.to_string(),
                message,
            };
            let raw = if i == 0 {
                raw.trim_start_matches('\u{feff}')
            } else {
                raw
            };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let fields: Vec<&str> = content.split_whitespace().collect();
            if fields.len() != 2 {
                return Err(err(
                    "fields",
                    content,
                    format!(
                        "expected `host ip`, found {} field{}: `{content}`",
                        fields.len(),
                        if fields.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            let (host, ip) = (fields[0], fields[1]);
            let host_is_ip = host.trim_matches(['[', ']']).parse::<IpAddr>().is_ok();
            let addr = match ip.parse::<IpAddr>() {
                Ok(a) => a,
                Err(_) if host_is_ip => {
                    return Err(err(
                        "ip-host",
                        content,
                        format!(
                        "`{content}` reads as `ip host` (the /etc/hosts order); this table is `host ip`"
                    ),
                    ))
                }
                Err(_) => return Err(err("not-ip", ip, format!("`{ip}` is not an IPv4 or IPv6 address"))),
            };
            if host_is_ip {
                return Err(err(
                    "host-is-ip",
                    host,
                    format!("`{host}` is an IP address; the first field is a host name"),
                ));
            }
            if host.contains(['/', '\\', ':', '@', '?', '#']) {
                return Err(err(
                    "not-host",
                    host,
                    format!("`{host}` is not a host name"),
                ));
            }
            let host = match key::parse_url(&format!("http://{host}/")) {
                Ok(u) => match u.host() {
                    Some(url::Host::Domain(d)) if !d.is_empty() => d.to_string(),
                    _ => {
                        return Err(err(
                            "not-host",
                            host,
                            format!("`{host}` is not a host name"),
                        ))
                    }
                },
                Err(e) => {
                    return Err(err(
                        "not-host",
                        host,
                        format!("`{host}` is not a host name ({e})"),
                    ))
                }
            };
            let ip = match addr {
                IpAddr::V4(a) => a.to_string(),
                IpAddr::V6(a) => url::Host::<String>::Ipv6(a).to_string(),
            };
            if !pairs.insert((host.clone(), ip.clone())) {
                continue;
            }
            *names_per_ip.entry(ip.clone()).or_default() += 1;
            *ips_per_name.entry(host.clone()).or_default() += 1;
            t.ip_of.entry(host.clone()).or_insert_with(|| ip.clone());
            t.name_of.entry(ip).or_insert(host);
        }
        t.summary = TableSummary {
            pairs: pairs.len(),
            hosts: ips_per_name.len(),
            ips: names_per_ip.len(),
            alias_ips: names_per_ip.values().filter(|&&c| c > 1).count(),
            mirror_hosts: ips_per_name.values().filter(|&&c| c > 1).count(),
        };
        Ok(t)
    }

    pub fn summary(&self) -> &TableSummary {
        &self.summary
    }

    /// The first IP listed for a (normalised) host name.
    pub fn ip_of(&self, host: &str) -> Option<&str> {
        self.ip_of.get(host).map(String::as_str)
    }

    /// The first name listed for an IP (IPv6 in brackets, as URLs write it).
    pub fn name_of(&self, ip: &str) -> Option<&str> {
        self.name_of.get(ip).map(String::as_str)
    }

    /// P3's IP and name keys of one URL line (see the module doc).
    pub fn keys(&self, url: &[u8]) -> Result<SiteKeys, SplitError> {
        let p = key::split(url)?;
        let port = p.port.map(|n| format!(":{n}")).unwrap_or_default();
        let (ip, name, resolved) = if is_ip_host(&p.host) {
            match self.name_of(&p.host) {
                Some(n) => (p.host.as_str(), n, true),
                None => (p.host.as_str(), p.host.as_str(), false),
            }
        } else {
            match self.ip_of(&p.host) {
                Some(ip) => (ip, self.name_of(ip).unwrap_or(&p.host), true),
                None => (p.host.as_str(), p.host.as_str(), false),
            }
        };
        let host_key = format!("http://{}{port}{}", p.host, p.path);
        let ip_key = format!("http://{ip}{port}{}", p.path);
        let name_key = format!("http://{name}{port}{}", p.path);
        Ok(SiteKeys {
            ip_id: md5_u128(ip_key.as_bytes()),
            name_id: md5_u128(name_key.as_bytes()),
            host_key,
            ip_key,
            name_key,
            resolved,
        })
    }
}

/// Distinct URLs under P3's IP_ID and Name_ID on a URL list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SitesReport {
    pub table: TableSummary,
    /// URL lines fed.
    pub lines: u64,
    /// Lines with no host or not a URL (left out of the counts below).
    pub unparsable: Occurrences,
    /// Lines whose host is not in the table (both keys keep the host).
    pub unresolved: Occurrences,
    /// Distinct lines (exact text) among the parsed ones.
    pub distinct_lines: u64,
    /// Distinct `"http://" + host + path`: the keys before the table is used.
    pub distinct_host_keys: u64,
    /// Distinct IP_IDs: aliases merged.
    pub distinct_ip_ids: u64,
    /// Distinct Name_IDs: aliases and mirrors merged.
    pub distinct_name_ids: u64,
}

/// Feeds URL lines through [`HostTable::keys`] and counts distinct keys.
pub struct SitesStudy {
    table: HostTable,
    lines: u64,
    unparsable: Occurrences,
    unresolved: Occurrences,
    raw: HashSet<u128, DigestBuild>,
    host_keys: HashSet<u128, DigestBuild>,
    ip_ids: HashSet<u128, DigestBuild>,
    name_ids: HashSet<u128, DigestBuild>,
}

impl SitesStudy {
    pub fn new(table: HostTable) -> SitesStudy {
        SitesStudy {
            table,
            lines: 0,
            unparsable: Occurrences::default(),
            unresolved: Occurrences::default(),
            raw: HashSet::default(),
            host_keys: HashSet::default(),
            ip_ids: HashSet::default(),
            name_ids: HashSet::default(),
        }
    }

    /// One URL line with its 1-based line number.
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<SiteKeys, SplitError> {
        self.lines += 1;
        let keys = match self.table.keys(url) {
            Ok(k) => k,
            Err(e) => {
                self.unparsable.record(line);
                return Err(e);
            }
        };
        if !keys.resolved {
            self.unresolved.record(line);
        }
        self.raw.insert(md5_u128(url));
        self.host_keys.insert(md5_u128(keys.host_key.as_bytes()));
        self.ip_ids.insert(keys.ip_id);
        self.name_ids.insert(keys.name_id);
        Ok(keys)
    }

    pub fn finish(self) -> SitesReport {
        SitesReport {
            table: self.table.summary.clone(),
            lines: self.lines,
            unparsable: self.unparsable,
            unresolved: self.unresolved,
            distinct_lines: self.raw.len() as u64,
            distinct_host_keys: self.host_keys.len() as u64,
            distinct_ip_ids: self.ip_ids.len() as u64,
            distinct_name_ids: self.name_ids.len() as u64,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 5b. Canonicalisation toggles
// ---------------------------------------------------------------------------------------------

/// One canonicalisation, switchable on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Toggle {
    /// A line without a scheme gets `http://` (how the lab reads such lines, see
    /// [`crate::key`]).
    AddScheme,
    /// The scheme and the host in lower case (ASCII letters; RFC 3986 §6.2.2.1).
    LowercaseHost,
    /// The port dropped when it is the scheme's default (`http`/`ws` 80, `https`/`wss` 443,
    /// `ftp` 21; a line without a scheme counts as `http`), and an empty port (`a.cn:/`).
    DropDefaultPort,
    /// `#…` dropped (a fragment never reaches the server).
    DropFragment,
    /// An empty path becomes `/` and trailing `/`s of any other path are removed
    /// (`a.cn` → `a.cn/`, `/news/` → `/news`, `//` → `/`): one spelling per directory, as
    /// crawlers that treat `/dir` and `/dir/` as one page do.
    TrailingSlash,
    /// Leading `www.` labels dropped while what remains has a dot (`www.a.cn` → `a.cn`,
    /// `www.cn` stays), any case.
    DropWww,
    /// Query parameters sorted (byte order of `name=value`), empty ones (`&&`) dropped, and
    /// the `?` dropped when nothing remains.
    SortQuery,
    /// Session-id parameters dropped: query parameters and `;name=value` path parameters whose
    /// name (any case) is one of [`SESSION_ID_PARAMS`] or starts with `aspsessionid`
    /// (`ASPSESSIONIDQQGGQGPA`), and `sid` when its value looks like a session token (see
    /// [`is_session_id_param`]); the `?` goes when nothing remains.
    DropSessionIds,
}

/// Names of session-id parameters [`Toggle::DropSessionIds`] removes whatever their value
/// (compared in lower case): Java servlets, PHP, generic, ColdFusion, osCommerce, Zen Cart;
/// plus any name starting with `aspsessionid` (classic ASP).
pub const SESSION_ID_PARAMS: [&str; 10] = [
    "jsessionid",
    "phpsessid",
    "sessionid",
    "session_id",
    "sessid",
    "sess_id",
    "cfid",
    "cftoken",
    "oscsid",
    "zenid",
];

impl Toggle {
    pub const ALL: [Toggle; 8] = [
        Toggle::AddScheme,
        Toggle::LowercaseHost,
        Toggle::DropDefaultPort,
        Toggle::DropFragment,
        Toggle::TrailingSlash,
        Toggle::DropWww,
        Toggle::SortQuery,
        Toggle::DropSessionIds,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Toggle::AddScheme => "add-scheme",
            Toggle::LowercaseHost => "lowercase-host",
            Toggle::DropDefaultPort => "drop-default-port",
            Toggle::DropFragment => "drop-fragment",
            Toggle::TrailingSlash => "trailing-slash",
            Toggle::DropWww => "drop-www",
            Toggle::SortQuery => "sort-query",
            Toggle::DropSessionIds => "drop-session-ids",
        }
    }

    pub fn parse(id: &str) -> Option<Toggle> {
        Toggle::ALL.iter().copied().find(|t| t.id() == id)
    }

    /// One line for a table or a tooltip.
    pub fn description(self) -> &'static str {
        match self {
            Toggle::AddScheme => "http:// in front of a line without a scheme",
            Toggle::LowercaseHost => "scheme and host in lower case",
            Toggle::DropDefaultPort => "drop :80 for http, :443 for https (the default port)",
            Toggle::DropFragment => "drop #fragment",
            Toggle::TrailingSlash => "empty path becomes /, trailing / removed elsewhere",
            Toggle::DropWww => "drop a leading www.",
            Toggle::SortQuery => "sort query parameters",
            Toggle::DropSessionIds => {
                "drop session ids (jsessionid, phpsessid, aspsessionid…, a token sid, ;jsessionid=)"
            }
        }
    }
}

/// Which canonicalisations are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Toggles {
    pub add_scheme: bool,
    pub lowercase_host: bool,
    pub drop_default_port: bool,
    pub drop_fragment: bool,
    pub trailing_slash: bool,
    pub drop_www: bool,
    pub sort_query: bool,
    pub drop_session_ids: bool,
}

impl Toggles {
    /// Every toggle off: lines come back unchanged.
    pub fn none() -> Toggles {
        Toggles::default()
    }

    pub fn all() -> Toggles {
        Toggle::ALL
            .iter()
            .fold(Toggles::none(), |t, &x| t.with(x, true))
    }

    /// Only `t` on.
    pub fn only(t: Toggle) -> Toggles {
        Toggles::none().with(t, true)
    }

    /// A copy with `t` switched `on`.
    pub fn with(mut self, t: Toggle, on: bool) -> Toggles {
        *self.flag(t) = on;
        self
    }

    pub fn is_on(mut self, t: Toggle) -> bool {
        *self.flag(t)
    }

    fn flag(&mut self, t: Toggle) -> &mut bool {
        match t {
            Toggle::AddScheme => &mut self.add_scheme,
            Toggle::LowercaseHost => &mut self.lowercase_host,
            Toggle::DropDefaultPort => &mut self.drop_default_port,
            Toggle::DropFragment => &mut self.drop_fragment,
            Toggle::TrailingSlash => &mut self.trailing_slash,
            Toggle::DropWww => &mut self.drop_www,
            Toggle::SortQuery => &mut self.sort_query,
            Toggle::DropSessionIds => &mut self.drop_session_ids,
        }
    }
}

/// A URL line split into its parts, as written (nothing decoded or normalised).
#[derive(Clone, Debug, PartialEq, Eq)]
struct RawUrl<'a> {
    /// C0 controls and spaces after the URL (the parser ignores them; kept as they are).
    trail: &'a str,
    /// Without the `:`.
    scheme: Option<&'a str>,
    /// The slashes before the authority: `//` (and any more for http-like schemes) after a
    /// scheme; the leading slashes of a line without a scheme.
    sep: &'a str,
    /// Without the `@`.
    userinfo: Option<&'a str>,
    host: &'a str,
    /// Without the `:`.
    port: Option<&'a str>,
    path: &'a str,
    /// Without the `?`.
    query: Option<&'a str>,
    /// Without the `#`.
    fragment: Option<&'a str>,
}

const SPECIAL_SCHEMES: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The scheme of `line` when it is `scheme://…` (the same test as [`crate::key`]'s, whose
/// opaque schemes have no host and never reach here).
fn scheme_of(line: &str) -> Option<&str> {
    let colon = line.find(':')?;
    let scheme = &line[..colon];
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (valid && line[colon + 1..].starts_with("//")).then_some(scheme)
}

fn split_raw(whole: &str) -> RawUrl<'_> {
    // The URL parser ignores C0 controls and spaces at the end: so do the parts. (Leading
    // ones are read as part of the line, as crate::key reads it: `http://` + line.)
    let line = whole.trim_end_matches(is_ignored_at_end);
    let trail = &whole[line.len()..];
    let scheme = scheme_of(line);
    // A line without a scheme is read as http: special, like http, https, ws, wss and ftp,
    // where a backslash counts as a slash and any number of them may precede the authority.
    let special = scheme.map_or(true, |s| {
        SPECIAL_SCHEMES.iter().any(|x| x.eq_ignore_ascii_case(s))
    });
    let after = scheme.map_or(line, |s| &line[s.len() + 1..]);
    let n = if special {
        after.len() - after.trim_start_matches(['/', '\\']).len()
    } else {
        2 // scheme_of saw "//"
    };
    let (sep, rest) = after.split_at(n);
    let auth_end = if special {
        rest.find(['/', '?', '#', '\\'])
    } else {
        rest.find(['/', '?', '#'])
    }
    .unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(auth_end);
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(j) => (&hostport[..=j], hostport[j + 1..].strip_prefix(':')),
            None => (hostport, None),
        }
    } else {
        match hostport.rfind(':') {
            Some(k) => (&hostport[..k], Some(&hostport[k + 1..])),
            None => (hostport, None),
        }
    };
    let (before_fragment, fragment) = match tail.find('#') {
        Some(i) => (&tail[..i], Some(&tail[i + 1..])),
        None => (tail, None),
    };
    let (path, query) = match before_fragment.find('?') {
        Some(i) => (&before_fragment[..i], Some(&before_fragment[i + 1..])),
        None => (before_fragment, None),
    };
    RawUrl {
        trail,
        scheme,
        sep,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    }
}

fn default_port(scheme: Option<&str>) -> Option<u32> {
    let s = scheme.unwrap_or("http").to_ascii_lowercase();
    match s.as_str() {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// Names that are a session id only when the value looks like one (phpBB and Discuz! forums
/// put the session in `sid`; Slashdot's `article.pl?sid=00/11/23/1616201` is a story id).
pub const TOKEN_SESSION_ID_PARAMS: [&str; 1] = ["sid"];

/// Is the parameter `name=value` a session id? Any name of [`SESSION_ID_PARAMS`] or starting
/// with `aspsessionid` (any case); `sid` when its value is a token: at least 6 ASCII letters
/// and digits with at least one of each (`sid=a1b2c3d4`, not `sid=1`, `sid=Aosd` or
/// `sid=00/11/23/1616201`).
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::is_session_id_param;
/// assert!(is_session_id_param("JSESSIONID", "1CE83F32"));
/// assert!(is_session_id_param("sid", "5f2b9c0e41d7"));
/// assert!(!is_session_id_param("sid", "00/11/23/1616201"));
/// assert!(!is_session_id_param("id", "5f2b9c0e41d7"));
/// ```
pub fn is_session_id_param(name: &str, value: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if SESSION_ID_PARAMS.contains(&lower.as_str()) || lower.starts_with("aspsessionid") {
        return true;
    }
    TOKEN_SESSION_ID_PARAMS.contains(&lower.as_str())
        && value.len() >= 6
        && value.bytes().all(|b| b.is_ascii_alphanumeric())
        && value.bytes().any(|b| b.is_ascii_digit())
        && value.bytes().any(|b| b.is_ascii_alphabetic())
}

/// Is the piece `name=value` (or a bare `name`) of a query or path a session id?
fn is_session_piece(p: &str) -> bool {
    let (name, value) = p.split_once('=').unwrap_or((p, ""));
    is_session_id_param(name, value)
}

fn strip_www(host: &str) -> &str {
    let mut h = host;
    while h.len() > 4 && h.as_bytes()[..4].eq_ignore_ascii_case(b"www.") && h[4..].contains('.') {
        h = &h[4..];
    }
    h
}

fn drop_path_session_params(path: &str) -> Cow<'_, str> {
    if !path.contains(';') {
        return Cow::Borrowed(path);
    }
    let segments: Vec<String> = path
        .split('/')
        .map(|seg| {
            let mut pieces = seg.split(';');
            let mut out = pieces.next().unwrap_or("").to_string();
            for p in pieces {
                if !is_session_piece(p) {
                    out.push(';');
                    out.push_str(p);
                }
            }
            out
        })
        .collect();
    Cow::Owned(segments.join("/"))
}

fn assemble(u: &RawUrl<'_>, t: Toggles) -> String {
    let mut out = String::with_capacity(u.path.len() + u.host.len() + 32);
    match u.scheme {
        Some(s) if t.lowercase_host => {
            out.push_str(&s.to_ascii_lowercase());
            out.push(':');
        }
        Some(s) => {
            out.push_str(s);
            out.push(':');
        }
        None if t.add_scheme => out.push_str("http://"),
        None => {}
    }
    out.push_str(u.sep);
    if let Some(ui) = u.userinfo {
        out.push_str(ui);
        out.push('@');
    }
    let host: Cow<'_, str> = if t.lowercase_host {
        Cow::Owned(u.host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(u.host)
    };
    out.push_str(if t.drop_www { strip_www(&host) } else { &host });
    if let Some(p) = u.port {
        let default = default_port(u.scheme);
        let is_default = p.is_empty() || (default.is_some() && p.parse::<u32>().ok() == default);
        if !(t.drop_default_port && is_default) {
            out.push(':');
            out.push_str(p);
        }
    }
    let path = if t.drop_session_ids {
        drop_path_session_params(u.path)
    } else {
        Cow::Borrowed(u.path)
    };
    if t.trailing_slash {
        let trimmed = path.trim_end_matches('/');
        out.push_str(if trimmed.is_empty() { "/" } else { trimmed });
    } else {
        out.push_str(&path);
    }
    if let Some(q) = u.query {
        if t.sort_query || t.drop_session_ids {
            let mut params: Vec<&str> = q.split('&').collect();
            let before = params.len();
            if t.drop_session_ids {
                params.retain(|p| !is_session_piece(p));
            }
            let removed = params.len() < before;
            if t.sort_query {
                params.retain(|p| !p.is_empty());
                params.sort_unstable();
            }
            if !(params.is_empty() && (removed || t.sort_query)) {
                out.push('?');
                out.push_str(&params.join("&"));
            }
        } else {
            out.push('?');
            out.push_str(q);
        }
    }
    if let Some(f) = u.fragment {
        if !t.drop_fragment {
            out.push('#');
            out.push_str(f);
        }
    }
    out
}

fn is_ignored_at_end(c: char) -> bool {
    c <= ' '
}

/// The canonical text of a split line: [`assemble`] until nothing changes. One pass is the
/// fixpoint unless removing a suffix (a fragment, a slash, a parameter) left C0 controls or
/// spaces at the end, which the parser ignores: then they move after the URL and the rest is
/// canonicalised again.
fn canonical_parts(raw: &RawUrl<'_>, t: Toggles) -> String {
    let mut body = assemble(raw, t);
    if !body.ends_with(is_ignored_at_end) {
        body.push_str(raw.trail);
        return body;
    }
    let mut moved = String::new();
    for _ in 0..8 {
        let kept = body.trim_end_matches(is_ignored_at_end).len();
        moved.insert_str(0, &body[kept..]);
        body.truncate(kept);
        let next = assemble(&split_raw(&body), t);
        if next == body {
            break;
        }
        body = next;
    }
    body.push_str(&moved);
    body.push_str(raw.trail);
    body
}

/// Checks that a line is a URL with a host, as [`crate::key`] reads it.
fn validate(line: &str) -> Result<(), SplitError> {
    let url = key::parse_url(line)?;
    match url.host_str() {
        Some(h) if !h.is_empty() => Ok(()),
        _ => Err(SplitError::NoHost),
    }
}

/// Canonicalises URL lines with the chosen [`Toggles`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Canonicalizer {
    pub toggles: Toggles,
}

impl Canonicalizer {
    pub fn new(toggles: Toggles) -> Canonicalizer {
        Canonicalizer { toggles }
    }

    /// The canonical form of one URL line; an error when it is not a URL with a host.
    ///
    /// # Example
    /// ```
    /// use urlhashlab::fingerprint::{Canonicalizer, Toggle, Toggles};
    /// let c = Canonicalizer::new(Toggles::only(Toggle::TrailingSlash));
    /// assert_eq!(c.canonical("http://a.cn").unwrap(), "http://a.cn/");
    /// assert_eq!(c.canonical("http://a.cn/news/").unwrap(), "http://a.cn/news");
    /// assert!(c.canonical("mailto:x@a.cn").is_err());
    /// ```
    pub fn canonical(&self, line: &str) -> Result<String, SplitError> {
        validate(line)?;
        Ok(canonical_parts(&split_raw(line), self.toggles))
    }
}

/// One row of a canonicalisation report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToggleRow {
    /// A [`Toggle::id`], or `all`.
    pub toggle: String,
    pub description: String,
    /// Distinct lines after the toggle.
    pub distinct_after: u64,
    /// `distinct_before − distinct_after`: lines the toggle reveals as duplicates.
    pub merged: u64,
    /// Lines whose text the toggle changed.
    pub changed_lines: u64,
}

/// Distinct URLs before and after each canonicalisation alone and all together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CanonicalReport {
    /// Lines fed.
    pub lines: u64,
    /// Lines that are URLs with a host (the counts below are over these).
    pub parsed: u64,
    /// Lines that are not (no host, or rejected by the URL parser): counted, not in the counts.
    pub unparsable: Occurrences,
    /// Distinct lines, exact text.
    pub distinct_before: u64,
    /// One row per toggle alone, in [`Toggle::ALL`] order.
    pub toggles: Vec<ToggleRow>,
    /// Every toggle together.
    pub all: ToggleRow,
}

/// Feeds URL lines through every toggle alone and all together. Distinct lines are counted by
/// 128-bit XXH3 fingerprints of the text (a false merge among 20 million lines has a chance
/// below 10^-24).
pub struct CanonicalStudy {
    lines: u64,
    unparsable: Occurrences,
    before: HashSet<u128, DigestBuild>,
    /// Toggle sets: each alone, then all.
    sets: Vec<(Toggles, HashSet<u128, DigestBuild>, u64)>,
}

impl Default for CanonicalStudy {
    fn default() -> Self {
        CanonicalStudy::new()
    }
}

impl CanonicalStudy {
    pub fn new() -> CanonicalStudy {
        let sets = Toggle::ALL
            .iter()
            .map(|&t| Toggles::only(t))
            .chain([Toggles::all()])
            .map(|t| (t, HashSet::default(), 0))
            .collect();
        CanonicalStudy {
            lines: 0,
            unparsable: Occurrences::default(),
            before: HashSet::default(),
            sets,
        }
    }

    /// One URL line with its 1-based line number (invalid UTF-8 read lossily).
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<(), SplitError> {
        self.lines += 1;
        let text = String::from_utf8_lossy(url);
        if let Err(e) = validate(&text) {
            self.unparsable.record(line);
            return Err(e);
        }
        self.before.insert(xxh3_128(url));
        let raw = split_raw(&text);
        for (t, set, changed) in &mut self.sets {
            let c = canonical_parts(&raw, *t);
            if c != text {
                *changed += 1;
            }
            set.insert(xxh3_128(c.as_bytes()));
        }
        Ok(())
    }

    pub fn finish(self) -> CanonicalReport {
        let before = self.before.len() as u64;
        let row =
            |id: &str, description: &str, set: &HashSet<u128, DigestBuild>, changed| ToggleRow {
                toggle: id.to_string(),
                description: description.to_string(),
                distinct_after: set.len() as u64,
                merged: before - set.len() as u64,
                changed_lines: changed,
            };
        let toggles: Vec<ToggleRow> = Toggle::ALL
            .iter()
            .zip(&self.sets)
            .map(|(t, (_, set, changed))| row(t.id(), t.description(), set, *changed))
            .collect();
        let (_, set, changed) = self.sets.last().expect("the all-toggles set");
        let all = row("all", "every toggle together", set, *changed);
        CanonicalReport {
            lines: self.lines,
            parsed: self.lines - self.unparsable.count,
            unparsable: self.unparsable,
            distinct_before: before,
            toggles,
            all,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 6. The P3 study
// ---------------------------------------------------------------------------------------------

/// Widths whose collisions the study measures.
pub const STUDY_BITS: [u32; 3] = [16, 24, 32];
/// The avalanche is measured on the first this many URLs (each against its [`variants`]).
pub const AVALANCHE_URLS: u64 = 100_000;

/// P3's printed claims.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P3Printed {
    pub fingerprint_bits: u32,
    pub pair_probability: f64,
    pub human_fingerprint_probability: f64,
    pub web_pages: u64,
    pub web_links: u64,
    pub digest_ip_id: &'static str,
    pub digest_name_id: &'static str,
}

impl P3Printed {
    pub fn new() -> P3Printed {
        P3Printed {
            fingerprint_bits: P3_FINGERPRINT_BITS,
            pair_probability: P3_CLAIM_PAIR_PROBABILITY,
            human_fingerprint_probability: P3_HUMAN_FINGERPRINT_PROBABILITY,
            web_pages: P3_WEB_PAGES,
            web_links: P3_WEB_LINKS,
            digest_ip_id: P3_DIGEST_IP_ID,
            digest_name_id: P3_DIGEST_NAME_ID,
        }
    }
}

impl Default for P3Printed {
    fn default() -> Self {
        P3Printed::new()
    }
}

/// P3's fingerprints on the input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InputFingerprints {
    /// URL lines fed.
    pub lines: u64,
    /// Distinct MD5 fingerprints: the URLs P3's store keeps.
    pub distinct_md5: u64,
    /// Lines dropped as duplicates by MD5.
    pub duplicate_lines: u64,
    /// Duplicates by MD5 whose 64-bit XXH3 differs from the first line's with that digest:
    /// proven MD5 collisions (0 expected).
    pub md5_collisions: u64,
    /// `distinct_md5 · 16` bytes: P3's id store for this input.
    pub store_bytes: u64,
    /// The birthday bound for this many distinct URLs at 128 bits.
    pub collision_probability: f64,
    pub log10_collision_probability: f64,
}

/// One row of P3's Table 1 rebuilt: a URL, its digest, and bits differing from the first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table1Row {
    pub url: String,
    pub digest: String,
    pub differing_bits_from_first: u32,
    /// How this URL was made from the first (`None` for the first).
    pub kind: Option<VariantKind>,
}

/// The `urlhash paper p3` report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P3Report {
    pub printed: P3Printed,
    pub birthday: BirthdayReport,
    pub reveals: Vec<Reveal>,
    pub input: InputFingerprints,
    /// Collisions of b-bit fingerprints on the input's distinct URLs (b in [`STUDY_BITS`]).
    pub truncated: Vec<TruncatedRow>,
    /// URLs whose variants the avalanche was measured on.
    pub avalanche_urls: u64,
    pub avalanche: AvalancheStats,
    /// The first URL and two of its variants, as P3's Table 1 showed three similar URLs.
    pub table1: Vec<Table1Row>,
    /// The first URL against its first variant, for the page's two rows of bits.
    pub example: Option<Avalanche>,
    /// P3's IP_ID and Name_ID, when a host table was given.
    pub sites: Option<SitesReport>,
    /// What the numbers say, one sentence each.
    pub findings: Vec<String>,
}

/// P3 measured on a URL list: feed lines with [`P3Study::push`], then [`P3Study::finish`].
///
/// # Example
/// ```
/// use urlhashlab::fingerprint::P3Study;
/// let mut s = P3Study::new();
/// for (i, u) in ["http://a.cn/1", "http://a.cn/2", "http://a.cn/1"].iter().enumerate() {
///     s.push(i as u64 + 1, u.as_bytes());
/// }
/// let r = s.finish();
/// assert_eq!((r.input.distinct_md5, r.input.duplicate_lines), (2, 1));
/// assert_eq!(r.reveals[0].matches[0].text, "");
/// assert!(r.reveals[1].matches.is_empty());
/// ```
pub struct P3Study {
    lines: u64,
    truncated: TruncatedCollisions,
    avalanche: AvalancheTally,
    avalanche_urls: u64,
    first: Option<Vec<u8>>,
    sites: Option<SitesStudy>,
}

impl Default for P3Study {
    fn default() -> Self {
        P3Study::new()
    }
}

impl P3Study {
    pub fn new() -> P3Study {
        P3Study {
            lines: 0,
            truncated: TruncatedCollisions::new(&STUDY_BITS).expect("valid widths"),
            avalanche: AvalancheTally::new(),
            avalanche_urls: 0,
            first: None,
            sites: None,
        }
    }

    /// The study with P3's IP_ID and Name_ID from a host table.
    pub fn with_hosts(table: HostTable) -> P3Study {
        P3Study {
            sites: Some(SitesStudy::new(table)),
            ..P3Study::new()
        }
    }

    /// One URL line with its 1-based line number: New or Duplicate by its MD5 fingerprint.
    pub fn push(&mut self, line: u64, url: &[u8]) -> Insert {
        self.lines += 1;
        if self.first.is_none() {
            self.first = Some(url.to_vec());
        }
        if self.avalanche_urls < AVALANCHE_URLS {
            self.avalanche.add_url(url);
            self.avalanche_urls += 1;
        }
        if let Some(s) = &mut self.sites {
            // Lines without a host are counted in the sites report.
            let _ = s.push(line, url);
        }
        self.truncated.push(url)
    }

    pub fn finish(mut self) -> P3Report {
        let distinct = self.truncated.distinct();
        let input = InputFingerprints {
            lines: self.lines,
            distinct_md5: distinct,
            duplicate_lines: self.truncated.duplicates(),
            md5_collisions: self.truncated.md5_collisions(),
            store_bytes: distinct * 16,
            collision_probability: collision_probability(distinct, 128),
            log10_collision_probability: log10_collision_probability(distinct, 128),
        };
        let truncated = self.truncated.rows();
        let avalanche = self.avalanche.stats();
        let (table1, example) = match &self.first {
            Some(first) => {
                let d0 = md5_u128(first);
                let vs = variants(first);
                let mut rows = vec![Table1Row {
                    url: String::from_utf8_lossy(first).into_owned(),
                    digest: hex(d0),
                    differing_bits_from_first: 0,
                    kind: None,
                }];
                for v in vs.iter().take(2) {
                    let d = md5_u128(&v.bytes);
                    rows.push(Table1Row {
                        url: String::from_utf8_lossy(&v.bytes).into_owned(),
                        digest: hex(d),
                        differing_bits_from_first: differing_bits(d0, d),
                        kind: Some(v.kind),
                    });
                }
                let example = vs
                    .first()
                    .map(|v| avalanche_of_digests(first, &v.bytes, d0, md5_u128(&v.bytes)));
                (rows, example)
            }
            None => (Vec::new(), None),
        };
        let birthday = BirthdayReport::new();
        let reveals = p3_reveals();
        let sites = self.sites.map(SitesStudy::finish);
        let findings = findings(&birthday, &reveals, &input, &truncated, &avalanche, &sites);
        P3Report {
            printed: P3Printed::new(),
            birthday,
            reveals,
            input,
            truncated,
            avalanche_urls: self.avalanche_urls,
            avalanche,
            table1,
            example,
            sites,
            findings,
        }
    }
}

fn findings(
    b: &BirthdayReport,
    reveals: &[Reveal],
    input: &InputFingerprints,
    truncated: &[TruncatedRow],
    av: &AvalancheStats,
    sites: &Option<SitesReport>,
) -> Vec<String> {
    let mut out = Vec::new();
    out.push(format!(
        "P3 gives 10^-24 for two inputs sharing a 128-bit digest; two given inputs share one with probability 2^-128 = {:.2e}. 10^-24 = 2^{:.1}: about the chance for 80-bit digests (2^-80 = 8.3e-25).",
        b.two_inputs, b.claim_log2
    ));
    out.push(format!(
        "Among n URLs the chance of any shared 128-bit digest is 1 − exp(−n(n−1)/2^129): it reaches 10^-24 at n = {:.3e} URLs and P3's human-fingerprint 10^-19 at n = {:.3e}.",
        b.n_at_claim, b.n_at_human_fingerprint
    ));
    let at = |n: u64, bits: u32| b.rows.iter().find(|r| r.n == n && r.bits == bits);
    if let (Some(p128), Some(l128), Some(p64), Some(l64)) = (
        at(P3_WEB_PAGES, 128),
        at(P3_WEB_LINKS, 128),
        at(P3_WEB_PAGES, 64),
        at(P3_WEB_LINKS, 64),
    ) {
        out.push(format!(
            "P3's 13 billion pages: {:.2e} at 128 bits (about the 10^-19 of human fingerprints, not 10^-24); 60 billion links: {:.2e}. With 64-bit fingerprints: {:.4} and {:.4}.",
            p128.probability, l128.probability, p64.probability, l64.probability
        ));
    }
    for r in reveals {
        out.push(format!(
            "Printed {} for {}: {}",
            r.printed, r.printed_for, r.verdict
        ));
    }
    out.push(format!(
        "The input: {} lines, {} distinct MD5 fingerprints, {} duplicate lines ({}). The birthday bound for {} URLs at 128 bits is 10^{:.1}.",
        input.lines,
        input.distinct_md5,
        input.duplicate_lines,
        if input.md5_collisions == 0 {
            "XXH3-64 agrees on every one: no MD5 collision".to_string()
        } else {
            format!(
                "{} of them differ by XXH3-64: MD5 collisions",
                input.md5_collisions
            )
        },
        input.distinct_md5,
        input.log10_collision_probability
    ));
    for r in truncated {
        out.push(format!(
            "{}-bit fingerprints of the {} distinct URLs: {} colliding pairs (expected {:.1}), {} URLs dropped as false duplicates (expected {:.1}).",
            r.bits, r.urls, r.colliding_pairs, r.expected_pairs, r.false_duplicates, r.expected_false_duplicates
        ));
    }
    if av.pairs > 0 {
        out.push(format!(
            "Avalanche over {} pairs of near-identical URLs: {:.2} differing bits of 128 on average (sd {:.2}, range {}..{}); Binomial(128, 1/2) gives 64 (sd 5.66){}.",
            av.pairs,
            av.mean,
            av.sd,
            av.min,
            av.max,
            av.p_value
                .map_or(String::new(), |p| format!(", χ² p = {}", crate::p2::format_p(p)))
        ));
    }
    if let Some(s) = sites {
        out.push(format!(
            "Host table: {} distinct host keys, {} IP_IDs (aliases merged), {} Name_IDs (aliases and mirrors merged); {} lines unresolved, {} without a host.",
            s.distinct_host_keys,
            s.distinct_ip_ids,
            s.distinct_name_ids,
            s.unresolved.count,
            s.unparsable.count
        ));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    #[test]
    fn md5_matches_every_rfc_1321_test_vector() {
        // RFC 1321, appendix A.5.
        let vectors: [(&str, &str); 7] = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ];
        for (input, digest) in vectors {
            assert_eq!(hex(fingerprint(input.as_bytes())), digest, "{input:?}");
            assert_eq!(
                parse_hex_digest(digest).unwrap(),
                fingerprint(input.as_bytes())
            );
        }
    }

    #[test]
    fn hex_digests_parse_either_case_and_reject_the_rest() {
        assert_eq!(
            parse_hex_digest(P3_DIGEST_IP_ID).unwrap(),
            0xd41d8cd98f00b204e9800998ecf8427e
        );
        assert_eq!(
            parse_hex_digest(" 00f4cc7599310f795fb4b19b6a13cca9\n").unwrap(),
            0x00f4cc7599310f795fb4b19b6a13cca9
        );
        assert_eq!(hex(1), "00000000000000000000000000000001");
        for bad in [
            "",
            "d41d",
            "+41d8cd98f00b204e9800998ecf8427e",
            "g41d8cd98f00b204e9800998ecf8427e",
        ] {
            assert!(
                matches!(parse_hex_digest(bad), Err(FingerprintError::Hex(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn fingerprint_set_counts_new_and_duplicates() {
        let mut s = FingerprintSet::new();
        assert!(s.is_empty());
        assert_eq!(s.insert(b"http://a.cn/"), Insert::New);
        assert_eq!(s.insert(b"http://a.cn/x"), Insert::New);
        assert_eq!(s.insert(b"http://a.cn/"), Insert::Duplicate);
        assert!(s.contains(b"http://a.cn/x") && !s.contains(b"http://b.cn/"));
        let st = s.stats();
        assert_eq!((st.inserted, st.distinct, st.duplicates), (3, 2, 1));
        assert_eq!((st.fingerprint_bytes, st.store_bytes), (16, 32));
        assert!(st.table_bytes >= 2 * 17);
        assert_eq!(
            FingerprintSet::with_bits(24).unwrap().fingerprint_bytes(),
            3
        );
        assert_eq!(FingerprintSet::with_bits(1).unwrap().fingerprint_bytes(), 1);
        assert_eq!(
            FingerprintSet::with_bits(0).unwrap_err(),
            FingerprintError::Bits(0)
        );
        assert!(FingerprintSet::with_bits(129).is_err());
    }

    #[test]
    fn truncation_keeps_the_top_bits() {
        let d = 0xd41d8cd98f00b204e9800998ecf8427e_u128;
        assert_eq!(truncate(d, 4), 0xd);
        assert_eq!(truncate(d, 32), 0xd41d8cd9);
        assert_eq!(truncate(d, 1), 1);
        assert_eq!(truncate(d, 127), d >> 1);
        // A 1-bit store holds at most two fingerprints.
        let mut s = FingerprintSet::with_bits(1).unwrap();
        for i in 0..100 {
            s.insert(format!("u{i}").as_bytes());
        }
        assert_eq!(s.distinct(), 2);
        assert_eq!(s.duplicates(), 98);
    }

    #[test]
    fn truncated_collisions_count_pairs_and_false_duplicates() {
        // Digests chosen by hand: top 8 bits 0xAA, 0xAA, 0xAA, 0xBB.
        let mut c = TruncatedCollisions::new(&[8, 128, 40]).unwrap();
        for d in [0xAA01u128, 0xAA02, 0xAA03, 0xBB04] {
            assert_eq!(c.push_digest(d << 112, d as u64), Insert::New);
        }
        // The same line again (same check value): a true duplicate.
        assert_eq!(c.push_digest(0xAA01 << 112, 0xAA01), Insert::Duplicate);
        assert_eq!(c.md5_collisions(), 0);
        // Another line with that digest (another check value): a proven MD5 collision.
        assert_eq!(c.push_digest(0xAA01 << 112, 7), Insert::Duplicate);
        assert_eq!(c.md5_collisions(), 1);
        assert_eq!((c.lines(), c.distinct(), c.duplicates()), (6, 4, 2));
        let r = c.rows();
        // Three digests share 0xAA: C(3,2) = 3 pairs, 2 of them dropped as false duplicates.
        assert_eq!((r[0].urls, r[0].distinct_fingerprints), (4, 2));
        assert_eq!((r[0].colliding_pairs, r[0].false_duplicates), (3, 2));
        // Expected pairs: 4·3/2^9 = 12/512 = 0.0234375.
        assert!(close(r[0].expected_pairs, 0.0234375, 1e-12));
        assert_eq!((r[1].colliding_pairs, r[1].false_duplicates), (0, 0));
        // 40 bits: 0xAA01 << 24 etc., all distinct.
        assert_eq!((r[2].distinct_fingerprints, r[2].colliding_pairs), (4, 0));
        // Four equal values: C(4,2) = 6 pairs, 1 distinct.
        assert_eq!(runs(&mut [5u32, 5, 5, 5]), (1, 6));
        assert_eq!(runs(&mut [3u64, 1, 2, 1, 3]), (3, 2));
        assert_eq!(runs::<u128>(&mut []), (0, 0));
        assert!(TruncatedCollisions::new(&[16, 0]).is_err());
    }

    #[test]
    fn small_widths_collide_as_the_birthday_bound_says() {
        // 20 000 distinct URLs at 16 bits: λ = 20000·19999/2^17 = 399 980 000/131 072 = 3051.6.
        let mut c = TruncatedCollisions::new(&[16, 24, 32]).unwrap();
        for i in 0..20_000 {
            c.push(format!("http://www.a.cn/page{i}.html").as_bytes());
        }
        let r = c.rows();
        assert!(close(r[0].expected_pairs, 3051.57, 1e-4));
        let sd = r[0].expected_pairs.sqrt();
        assert!((r[0].colliding_pairs as f64 - r[0].expected_pairs).abs() < 6.0 * sd);
        // 24 bits: λ = 399 980 000/2^25 = 11.92.
        assert!(close(r[1].expected_pairs, 11.92, 1e-3));
        assert!(r[1].colliding_pairs < 40);
        assert!(r[2].colliding_pairs <= 3);
    }

    #[test]
    fn birthday_formulas_match_hand_computed_values() {
        // n = 2, b = 128: λ = 2·1/2^129 = 2^-128; 1 − e^-λ = λ to 39 digits.
        let two = 2f64.powi(-128);
        assert!(close(collision_probability(2, 128), two, 1e-15));
        assert!(close(two, 2.938_735_877_055_719e-39, 1e-15));
        assert_eq!(expected_colliding_pairs(2, 128), two);
        assert_eq!(collision_probability(1, 128), 0.0);
        assert_eq!(collision_probability(0, 16), 0.0);
        // n = 2^16 + 1 at 16 bits: pigeonhole.
        assert_eq!(collision_probability(65_537, 16), 1.0);
        // n = 100 000, b = 32: λ = 9 999 900 000/2^33 = 9 999 900 000/8 589 934 592 = 1.16414;
        // P = 1 − e^-1.16414 = 1 − 0.31220 = 0.68780.
        assert!(close(
            expected_colliding_pairs(100_000, 32),
            1.164_141,
            1e-6
        ));
        assert!(close(collision_probability(100_000, 32), 0.687_80, 1e-4));
        // P3's 13e9 pages at 128 bits: λ = 1.69e20/2^129 = 1.69e20/6.805647e38 = 2.4832e-19.
        assert!(close(
            collision_probability(P3_WEB_PAGES, 128),
            2.4832e-19,
            1e-4
        ));
        // 60e9 links: 3.6e21/6.805647e38 = 5.2897e-18.
        assert!(close(
            collision_probability(P3_WEB_LINKS, 128),
            5.2897e-18,
            1e-4
        ));
        // At 64 bits: λ = 1.69e20/2^65 = 1.69e20/3.689349e19 = 4.5807; P = 1 − e^-4.5807 =
        // 1 − 0.010245 = 0.98975.
        assert!(close(
            expected_colliding_pairs(P3_WEB_PAGES, 64),
            4.5807,
            1e-4
        ));
        assert!(close(
            collision_probability(P3_WEB_PAGES, 64),
            0.98975,
            1e-4
        ));
        // 60e9 at 64 bits: λ = 3.6e21/3.689349e19 = 97.58: P = 1 to double precision.
        assert!(collision_probability(P3_WEB_LINKS, 64) > 1.0 - 1e-15);
        // log10 where the probability underflows: n = 2, b = 1024: −1024·log10 2 = −308.25.
        assert!(close(
            log10_collision_probability(2, 1024),
            -308.254_7,
            1e-6
        ));
        assert!(close(
            log10_collision_probability(P3_WEB_PAGES, 128),
            (2.4832e-19f64).log10(),
            1e-4
        ));
    }

    #[test]
    fn the_claim_is_reached_at_26_million_urls() {
        // λ = −ln(1 − 1e-24) = 1e-24; n(n−1) = 2^129·1e-24 = 6.805647e14;
        // n = (1 + √(1 + 4·6.805647e14))/2 = (1 + 52 175 271.3)/2 = 26 087 636.2.
        let n = n_for_collision_probability(P3_CLAIM_PAIR_PROBABILITY, 128);
        assert!((n - 26_087_636.2).abs() < 0.5, "{n}");
        assert!(close(
            collision_probability(n.round() as u64, 128),
            1e-24,
            1e-6
        ));
        // Even odds at 16 bits: λ = ln 2, n(n−1) = 2^17·0.693147 = 90 852.3, n = 301.9.
        assert!((n_for_collision_probability(0.5, 16) - 301.92).abs() < 0.01);
        assert_eq!(n_for_collision_probability(0.0, 16), 1.0);
        assert!(n_for_collision_probability(1.0, 16).is_infinite());
        let b = BirthdayReport::new();
        assert!(close(b.claim_log2, -79.726, 1e-4));
        assert_eq!(b.rows.len(), 4);
        // 10^-19: n(n−1) = 6.805647e19 → n = 8.2496e9.
        assert!(close(b.n_at_human_fingerprint, 8.2496e9, 1e-4));
    }

    #[test]
    fn expected_false_duplicates_are_accurate_when_tiny_and_when_large() {
        // m = 2^16 = 65 536, n = 100 000: n/m = 1.525879; (1 − 1/m)^n = e^(n·ln(1−1/m))
        // = e^-1.525890 = 0.217422; distinct = 65 536·0.782578 = 51 287.0; false = 48 713.0.
        assert!((expected_false_duplicates(100_000, 16) - 48_713.0).abs() < 1.0);
        assert!((expected_distinct(100_000, 16) - 51_287.0).abs() < 1.0);
        // Tiny: n = 1000, b = 128: C(1000,2)/2^128 = 499 500/3.4028e38 = 1.4679e-33.
        assert!(close(
            expected_false_duplicates(1000, 128),
            1.4679e-33,
            1e-4
        ));
        // Small b, n = 3, m = 4: exact E[n − D] = 3 − 4(1 − (3/4)^3) = 3 − 4·37/64 = 0.6875.
        assert!(close(expected_false_duplicates(3, 2), 0.6875, 1e-12));
        // Series branch, n = 10, m = 2^10: C(10,2)/m − C(10,3)/m² + C(10,4)/m³ − …
        // = 45/1024 − 120/1048576 + 210/1073741824 = 0.0439453 − 0.0001144 + 0.0000002
        // = 0.0438311.
        assert!(close(expected_false_duplicates(10, 10), 0.043_831_1, 1e-5));
    }

    #[test]
    fn avalanche_counts_differing_bits_of_a_hand_checked_pair() {
        // MD5("")  = d41d8cd9 8f00b204 e9800998 ecf8427e
        // MD5("a") = 0cc175b9 c0f1b6a8 31c399e2 69772661
        // XOR      = d8dcf960 4ff104ac d843907a 858f641f
        // popcount per byte: d8=4 dc=5 f9=6 60=2 | 4f=5 f1=5 04=1 ac=4 |
        //                    d8=4 43=3 90=2 7a=5 | 85=3 8f=5 64=3 1f=5
        // = 17 + 15 + 14 + 16 = 62.
        let a = avalanche(b"", b"a");
        assert_eq!(a.digest_a, "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(a.digest_b, "0cc175b9c0f1b6a831c399e269772661");
        assert_eq!(a.xor, "d8dcf9604ff104acd843907a858f641f");
        assert_eq!(a.differing_bits, 62);
        // 0xd8 = 1101 1000: the first byte differs at bits 0, 1, 3, 4.
        assert_eq!(a.positions[..4], [0, 1, 3, 4]);
        // 0x1f = 0001 1111: the last byte at bits 123..127.
        assert_eq!(
            a.positions[a.positions.len() - 5..],
            [123, 124, 125, 126, 127]
        );
        assert_eq!(a.bits_a[..8], [1, 1, 0, 1, 0, 1, 0, 0]); // 0xd4
        assert_eq!(a.bits_b[..8], [0, 0, 0, 0, 1, 1, 0, 0]); // 0x0c
        for (i, (x, y)) in a.bits_a.iter().zip(&a.bits_b).enumerate() {
            assert_eq!(x != y, a.positions.contains(&(i as u8)));
        }
        assert_eq!(bit_positions(1), [127]);
        assert_eq!(bit_positions(1 << 127), [0]);
        assert_eq!(differing_bits(u128::MAX, 0), 128);
    }

    #[test]
    fn variants_of_a_url() {
        let v = variants(b"https://Www.A.cn:8080/x/");
        let got: Vec<(VariantKind, String)> = v
            .iter()
            .map(|v| (v.kind, String::from_utf8(v.bytes.clone()).unwrap()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    VariantKind::FlipLastBit,
                    "https://Www.A.cn:8080/x.".to_string()
                ),
                (VariantKind::TrailingSlash, "https://Www.A.cn:8080/x".into()),
                (
                    VariantKind::HostUpperCase,
                    "https://WWW.A.CN:8080/x/".into()
                ),
                (VariantKind::LastDigit, "https://Www.A.cn:8081/x/".into()),
                (VariantKind::Scheme, "http://Www.A.cn:8080/x/".into()),
            ]
        );
        // No letters in the host, no digit, no known scheme: those kinds are left out.
        let kinds: Vec<VariantKind> = variants(b"ftp://1.2.3.4/").iter().map(|v| v.kind).collect();
        assert_eq!(
            kinds,
            [
                VariantKind::FlipLastBit,
                VariantKind::TrailingSlash,
                VariantKind::LastDigit
            ]
        );
        let kinds: Vec<VariantKind> = variants(b"a.cn").iter().map(|v| v.kind).collect();
        assert!(kinds.contains(&VariantKind::Scheme));
        assert_eq!(variants(b"a.cn").last().unwrap().bytes, b"http://a.cn");
        assert!(variants(b"")
            .iter()
            .all(|v| v.kind == VariantKind::TrailingSlash));
    }

    #[test]
    fn binomial_reference_and_avalanche_statistics() {
        let p = binomial_half_pmf(128);
        assert!(close(p.iter().sum::<f64>(), 1.0, 1e-12));
        // C(128, 64)/2^128 = 0.070386 (Stirling: √(2/(π·128)) = 0.070523, 0.2 % high).
        assert!(close(p[64], 0.070_386, 1e-4));
        assert_eq!(p[0], 2f64.powi(-128));
        let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        let var: f64 = p
            .iter()
            .enumerate()
            .map(|(k, q)| (k as f64 - 64.0).powi(2) * q)
            .sum();
        assert!(close(mean, 64.0, 1e-12) && close(var.sqrt(), AVALANCHE_EXPECTED_SD, 1e-12));

        let mut t = AvalancheTally::new();
        for i in 0..4000 {
            t.add_url(format!("http://www.site{}.com.cn/news/{i}.html", i % 37).as_bytes());
        }
        let s = t.stats();
        assert_eq!(s.pairs, 4000 * 5);
        assert_eq!(s.histogram.iter().sum::<u64>(), s.pairs);
        assert!((s.mean - 64.0).abs() < 0.2, "{}", s.mean);
        assert!((s.sd - 5.657).abs() < 0.2, "{}", s.sd);
        assert!(s.p_value.unwrap() > 1e-4, "{:?}", s.p_value);
        assert_eq!(s.by_kind.len(), 5);
        assert!(s
            .by_kind
            .iter()
            .all(|k| k.pairs == 4000 && (k.mean - 64.0).abs() < 0.6));
        // Hand-made tally: one pair at 0 bits and one at 128: mean 64, sd √(2·64²/1) = 90.51.
        let mut h = AvalancheTally::new();
        h.add_digests(5, 5, None);
        h.add_digests(0, u128::MAX, None);
        let s = h.stats();
        assert_eq!((s.min, s.max, s.mean), (0, 128, 64.0));
        assert!(close(s.sd, 90.509_668, 1e-6));
        assert!(AvalancheTally::new().stats().p_value.is_none());
    }

    #[test]
    fn p3_empty_string_digest_is_revealed_and_the_other_is_not_matched() {
        let r = p3_reveals();
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].printed, P3_DIGEST_IP_ID);
        assert_eq!(r[0].matches.len(), 1);
        assert_eq!(r[0].matches[0].text, "");
        assert!(r[0].verdict.contains("empty string"));
        assert!(r[1].matches.is_empty());
        assert!(r[1].verdict.starts_with("no candidate matched"));
        assert_eq!(r[0].tried, r[1].tried);
        assert!(r[1].tried > 100, "{}", r[1].tried);
        let c = p3_candidates();
        assert!(c
            .iter()
            .any(|c| c.text == "http://www.nuist.edu.cn/" && c.source.contains("inferred")));
        assert!(c
            .iter()
            .any(|c| c.text == "BBS2." && c.source.contains("variant")));
        assert!(reveal("00F4", "", &c).is_err());
    }

    #[test]
    fn simple_variants_cover_scheme_slash_and_case() {
        let v = simple_variants("http://A.cn/");
        for want in [
            "http://A.cn/",
            "A.cn",
            "a.cn/",
            "HTTP://A.CN",
            "https://a.cn/",
            "http://a.cn",
        ] {
            assert!(v.iter().any(|x| x == want), "{want}: {v:?}");
        }
        assert_eq!(v.len(), new_set(&v));
        fn new_set(v: &[String]) -> usize {
            v.iter().collect::<HashSet<_>>().len()
        }
        assert!(simple_variants("").contains(&String::new()));
    }

    #[test]
    fn host_table_parses_aliases_and_mirrors() {
        let t = HostTable::parse(
            "\u{feff}# aliases: several names, one IP\n\
             www.nuist.edu.cn   202.195.235.1\n\
             NUIST.cn\t202.195.235.1   # same site\n\
             \n\
             # a mirror: one name, two IPs\n\
             www.nuist.edu.cn 202.195.235.2\n\
             www.nuist.edu.cn 202.195.235.2\n\
             v6.a.cn 2001:DB8::1\n",
        )
        .unwrap();
        assert_eq!(
            *t.summary(),
            TableSummary {
                pairs: 4,
                hosts: 3,
                ips: 3,
                alias_ips: 1,
                mirror_hosts: 1
            }
        );
        assert_eq!(t.ip_of("nuist.cn"), Some("202.195.235.1"));
        assert_eq!(t.ip_of("www.nuist.edu.cn"), Some("202.195.235.1"));
        assert_eq!(t.name_of("202.195.235.2"), Some("www.nuist.edu.cn"));
        assert_eq!(t.name_of("[2001:db8::1]"), Some("v6.a.cn"));

        // Alias: both names → one IP, one IP_ID.
        let a = t.keys(b"http://nuist.cn/xxgk/index.htm").unwrap();
        let b = t
            .keys(b"https://WWW.nuist.edu.cn/xxgk/index.htm#top")
            .unwrap();
        assert_eq!(a.ip_key, "http://202.195.235.1/xxgk/index.htm");
        assert_eq!((a.ip_key.as_str(), a.ip_id), (b.ip_key.as_str(), b.ip_id));
        assert_eq!(a.name_key, "http://www.nuist.edu.cn/xxgk/index.htm");
        assert_eq!(a.ip_id, md5_u128(b"http://202.195.235.1/xxgk/index.htm"));
        // Mirror: the second IP goes back to the first name listed for it.
        let m = t.keys(b"http://202.195.235.2/xxgk/index.htm").unwrap();
        assert_eq!(m.name_key, a.name_key);
        assert_eq!(m.ip_key, "http://202.195.235.2/xxgk/index.htm");
        assert!(m.resolved);
        // Port kept, query kept; unknown hosts keep themselves.
        let u = t.keys(b"other.cn:8080/a?b=1").unwrap();
        assert_eq!(
            (u.ip_key.as_str(), u.resolved),
            ("http://other.cn:8080/a?b=1", false)
        );
        assert_eq!(u.name_key, u.ip_key);
        let v6 = t.keys(b"http://[2001:db8::1]/").unwrap();
        assert_eq!(v6.name_key, "http://v6.a.cn/");
        assert!(t.keys(b"mailto:a@b.cn").is_err());
        assert!(HostTable::parse("").unwrap().keys(b"a.cn").is_ok());
    }

    #[test]
    fn host_table_errors_name_the_line() {
        let cases = [
            ("a.cn 1.2.3.4\nb.cn\n", 2, "found 1 field"),
            ("a.cn 1.2.3.4 5.6.7.8", 1, "found 3 fields"),
            (
                "# x\n\na.cn 1.2.3",
                3,
                "`1.2.3` is not an IPv4 or IPv6 address",
            ),
            ("1.2.3.4 a.cn", 1, "/etc/hosts order"),
            ("1.2.3.4 5.6.7.8", 1, "is an IP address"),
            ("a.cn/x 1.2.3.4", 1, "not a host name"),
            ("a b.cn 1.2.3.4", 1, "found 3 fields"),
            ("a%b.cn 1.2.3.4", 1, "not a host name"),
        ];
        for (text, line, msg) in cases {
            let e = HostTable::parse(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}");
            assert!(e.message.contains(msg), "{text:?}: {}", e.message);
            assert!(e
                .to_string()
                .starts_with(&format!("host table, line {line}: ")));
        }
    }

    #[test]
    fn sites_study_counts_merges() {
        let t = HostTable::parse("a.cn 1.1.1.1\nb.cn 1.1.1.1\na.cn 2.2.2.2\n").unwrap();
        let mut s = SitesStudy::new(t);
        let lines = [
            "http://a.cn/x",
            "http://b.cn/x",    // alias of a.cn
            "http://2.2.2.2/x", // mirror of a.cn
            "http://a.cn/x",    // exact duplicate
            "http://c.cn/x",    // not in the table
            "mailto:x@a.cn",    // no host
        ];
        for (i, l) in lines.iter().enumerate() {
            let _ = s.push(i as u64 + 1, l.as_bytes());
        }
        let r = s.finish();
        assert_eq!(r.lines, 6);
        assert_eq!(
            (r.unparsable.count, r.unparsable.first_lines.clone()),
            (1, vec![6])
        );
        assert_eq!(
            (r.unresolved.count, r.unresolved.first_lines.clone()),
            (1, vec![5])
        );
        assert_eq!(r.distinct_lines, 4);
        assert_eq!(r.distinct_host_keys, 4); // a, b, 2.2.2.2, c
        assert_eq!(r.distinct_ip_ids, 3); // 1.1.1.1 (a, b), 2.2.2.2, c
        assert_eq!(r.distinct_name_ids, 2); // a.cn (a, b, 2.2.2.2), c
    }

    fn only(t: Toggle, url: &str) -> String {
        Canonicalizer::new(Toggles::only(t)).canonical(url).unwrap()
    }

    #[test]
    fn every_toggle_off_leaves_lines_unchanged() {
        let c = Canonicalizer::new(Toggles::none());
        for u in [
            "HTTP://WWW.A.cn:80/x/;jsessionid=1?b=2&a=1&sid=3#f",
            "a.cn",
            "//a.cn/x",
            "http:///a.cn/",
            "https://u:p@[::1]:443/?",
            "http://a.cn/x \u{1}",
            "x-y://h:\\",
            "http://a.cn\\x\\",
            "http://a.cn/x?#",
        ] {
            assert_eq!(c.canonical(u).unwrap(), u);
        }
    }

    #[test]
    fn each_toggle_on_hand_made_examples() {
        use Toggle::*;
        assert_eq!(only(AddScheme, "a.cn/x"), "http://a.cn/x");
        assert_eq!(only(AddScheme, "//a.cn/x"), "http:////a.cn/x");
        assert_eq!(only(AddScheme, "https://a.cn/"), "https://a.cn/");

        assert_eq!(
            only(LowercaseHost, "HTTP://WWW.A.CN/Path"),
            "http://www.a.cn/Path"
        );
        assert_eq!(only(LowercaseHost, "U:P@A.CN/X?Q#F"), "U:P@a.cn/X?Q#F");

        assert_eq!(only(DropDefaultPort, "http://a.cn:80/"), "http://a.cn/");
        assert_eq!(only(DropDefaultPort, "HTTPS://a.cn:443/"), "HTTPS://a.cn/");
        assert_eq!(
            only(DropDefaultPort, "https://a.cn:80/"),
            "https://a.cn:80/"
        );
        assert_eq!(only(DropDefaultPort, "a.cn:080/x"), "a.cn/x");
        assert_eq!(only(DropDefaultPort, "http://a.cn:/"), "http://a.cn/");
        assert_eq!(only(DropDefaultPort, "http://[::1]:80/"), "http://[::1]/");
        assert_eq!(
            only(DropDefaultPort, "http://a.cn:8080/"),
            "http://a.cn:8080/"
        );
        assert_eq!(only(DropDefaultPort, "ftp://a.cn:21/"), "ftp://a.cn/");

        assert_eq!(
            only(DropFragment, "http://a.cn/x?y=1#top"),
            "http://a.cn/x?y=1"
        );
        assert_eq!(only(DropFragment, "http://a.cn/x#"), "http://a.cn/x");

        assert_eq!(only(TrailingSlash, "http://a.cn"), "http://a.cn/");
        assert_eq!(only(TrailingSlash, "http://a.cn?x=1"), "http://a.cn/?x=1");
        assert_eq!(only(TrailingSlash, "http://a.cn/"), "http://a.cn/");
        assert_eq!(only(TrailingSlash, "http://a.cn/news/"), "http://a.cn/news");
        assert_eq!(
            only(TrailingSlash, "http://a.cn/news//?p=1"),
            "http://a.cn/news?p=1"
        );
        assert_eq!(only(TrailingSlash, "http://a.cn//"), "http://a.cn/");
        // The URL parser ignores spaces at the end; they stay after the URL.
        assert_eq!(only(TrailingSlash, "http://A "), "http://A/ ");

        assert_eq!(only(DropWww, "http://www.a.cn/"), "http://a.cn/");
        assert_eq!(only(DropWww, "http://WWW.www.a.cn/"), "http://a.cn/");
        assert_eq!(only(DropWww, "http://www.cn/"), "http://www.cn/");
        assert_eq!(only(DropWww, "http://www2.a.cn/"), "http://www2.a.cn/");
        assert_eq!(only(DropWww, "http://a.www.cn/"), "http://a.www.cn/");

        assert_eq!(
            only(SortQuery, "http://a.cn/?b=2&a=1&&c"),
            "http://a.cn/?a=1&b=2&c"
        );
        assert_eq!(only(SortQuery, "http://a.cn/?"), "http://a.cn/");
        assert_eq!(
            only(SortQuery, "http://a.cn/?b=1#x?z&a"),
            "http://a.cn/?b=1#x?z&a"
        );

        assert_eq!(
            only(
                DropSessionIds,
                "http://a.cn/x.jsp;jsessionid=0A1B?id=3&JSESSIONID=9"
            ),
            "http://a.cn/x.jsp?id=3"
        );
        assert_eq!(
            only(DropSessionIds, "http://a.cn/?PHPSESSID=ab"),
            "http://a.cn/"
        );
        assert_eq!(
            only(
                DropSessionIds,
                "http://a.cn/f.asp?ASPSESSIONIDQQGGQGPA=X&p=2"
            ),
            "http://a.cn/f.asp?p=2"
        );
        assert_eq!(
            only(
                DropSessionIds,
                "http://a.cn/viewthread.php?tid=5&sid=a1b2c3&page=2"
            ),
            "http://a.cn/viewthread.php?tid=5&page=2"
        );
        assert_eq!(
            only(DropSessionIds, "http://a.cn/a;v=1;sid=2x3y4z/b;sid=7"),
            "http://a.cn/a;v=1/b;sid=7"
        );
        assert_eq!(
            only(DropSessionIds, "http://a.cn/?sidebar=1"),
            "http://a.cn/?sidebar=1"
        );
        assert_eq!(only(DropSessionIds, "http://a.cn/?"), "http://a.cn/?");
        assert!(is_session_id_param("osCsid", "") && !is_session_id_param("id", "x"));
        // sid only with a token value (a letter and a digit, 6 or more, nothing else).
        assert_eq!(
            only(DropSessionIds, "http://a.cn/?sid=1&x=2"),
            "http://a.cn/?sid=1&x=2"
        );
        assert_eq!(
            only(
                DropSessionIds,
                "http://slashdot.org/article.pl?sid=00/11/23/1616201"
            ),
            "http://slashdot.org/article.pl?sid=00/11/23/1616201"
        );
        assert_eq!(
            only(DropSessionIds, "http://a.cn/?sid=abcdef&sid=123456"),
            "http://a.cn/?sid=abcdef&sid=123456"
        );

        for t in Toggle::ALL {
            assert_eq!(Toggle::parse(t.id()), Some(t));
            assert!(Toggles::only(t).is_on(t));
            assert!(!t.description().is_empty());
        }
        assert!(Toggle::parse("nope").is_none());
    }

    #[test]
    fn cases_the_property_tests_found_stay_idempotent() {
        let cases = [
            ("http://A ", Toggles::only(Toggle::TrailingSlash)),
            (" @\u{f88}", Toggles::only(Toggle::AddScheme)),
            ("x-y://!:\\", Toggles::only(Toggle::DropDefaultPort)),
            // Dropping the fragment leaves a space at the end, which the parser ignores.
            (
                "http://=? #",
                Toggles::only(Toggle::DropFragment).with(Toggle::SortQuery, true),
            ),
        ];
        for (url, t) in cases {
            let c = Canonicalizer::new(t);
            let once = c.canonical(url).unwrap();
            assert_eq!(c.canonical(&once), Ok(once.clone()), "{url:?}");
        }
        let c =
            Canonicalizer::new(Toggles::only(Toggle::DropFragment).with(Toggle::SortQuery, true));
        assert_eq!(
            c.canonical("http://a.cn/x?b #").unwrap(),
            "http://a.cn/x?b "
        );
        assert_eq!(c.canonical("http://=? #").unwrap(), "http://= ");
    }

    #[test]
    fn all_toggles_together() {
        let c = Canonicalizer::new(Toggles::all());
        assert_eq!(
            c.canonical("WWW.A.CN:80/bbs/;jsessionid=1/?z=1&SID=x1y2z3&a=2#p")
                .unwrap(),
            "http://a.cn/bbs?a=2&z=1"
        );
        assert_eq!(
            c.canonical("https://www.a.cn:443").unwrap(),
            "https://a.cn/"
        );
        for bad in [
            "",
            "mailto:a@b.cn",
            "http://",
            "http://a b.cn/",
            "javascript:void(0)",
        ] {
            assert!(c.canonical(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn canonical_study_counts_each_toggle() {
        let mut s = CanonicalStudy::new();
        let lines = [
            "http://www.a.cn/x",
            "http://a.cn/x",
            "HTTP://A.CN/x",
            "http://a.cn:80/x",
            "http://a.cn/x#f",
            "http://a.cn/x/",
            "http://a.cn/x?b=1&a=2",
            "http://a.cn/x?a=2&b=1",
            "http://a.cn/x?a=2&b=1&PHPSESSID=9",
            "a.cn/x",
            "http://a.cn/x", // exact duplicate
            "mailto:x@a.cn", // not a URL with a host
        ];
        for (i, l) in lines.iter().enumerate() {
            let _ = s.push(i as u64 + 1, l.as_bytes());
        }
        let r = s.finish();
        assert_eq!((r.lines, r.parsed), (12, 11));
        assert_eq!(
            (r.unparsable.count, r.unparsable.first_lines.clone()),
            (1, vec![12])
        );
        assert_eq!(r.distinct_before, 10);
        let merged: Vec<(String, u64)> = r
            .toggles
            .iter()
            .map(|t| (t.toggle.clone(), t.merged))
            .collect();
        assert_eq!(
            merged,
            [
                ("add-scheme".to_string(), 1),
                ("lowercase-host".into(), 1),
                ("drop-default-port".into(), 1),
                ("drop-fragment".into(), 1),
                ("trailing-slash".into(), 1),
                ("drop-www".into(), 1),
                ("sort-query".into(), 1),
                ("drop-session-ids".into(), 1),
            ]
        );
        // Together: all but the two queries collapse to http://a.cn/x, the queries to one.
        assert_eq!(r.all.distinct_after, 2);
        assert_eq!(r.toggles[0].changed_lines, 1);
    }

    #[test]
    fn p3_study_reports_claims_beside_the_input() {
        let mut s = P3Study::new();
        let corpus = crate::corpus::Corpus::new(2004);
        let mut it = corpus.iter(0, 3000);
        let mut i = 0;
        while let Some(u) = it.next_url() {
            i += 1;
            s.push(i, u);
        }
        s.push(i + 1, b"http://www.nbkie.com/");
        s.push(i + 2, b"http://www.nbkie.com/");
        let r = s.finish();
        assert_eq!(r.input.lines, 3002);
        assert_eq!(r.input.md5_collisions, 0);
        assert!(r.input.duplicate_lines >= 1);
        assert_eq!(r.truncated.len(), 3);
        assert_eq!(r.avalanche_urls, 3002);
        assert!((r.avalanche.mean - 64.0).abs() < 0.5);
        assert_eq!(r.table1.len(), 3);
        assert_eq!(r.table1[0].differing_bits_from_first, 0);
        let ex = r.example.as_ref().unwrap();
        assert_eq!(ex.differing_bits, r.table1[1].differing_bits_from_first);
        assert!(r.sites.is_none());
        assert!(r.findings.iter().any(|f| f.contains("empty string")));
        assert!(r
            .findings
            .iter()
            .any(|f| f.contains("no candidate matched")));
        assert_eq!(r.printed.digest_name_id, P3_DIGEST_NAME_ID);
        let json = serde_json::to_string(&r).unwrap();
        assert!(json.contains("\"kind\":\"flip-last-bit\""));

        let t = HostTable::parse("www.nbkie.com 10.0.0.1\nnbkie.com 10.0.0.1\n").unwrap();
        let mut s = P3Study::with_hosts(t);
        s.push(1, b"http://www.nbkie.com/a");
        s.push(2, b"http://nbkie.com/a");
        let r = s.finish();
        let sites = r.sites.unwrap();
        assert_eq!((sites.distinct_host_keys, sites.distinct_ip_ids), (2, 1));
        let empty = P3Study::new().finish();
        assert!(empty.table1.is_empty() && empty.example.is_none());
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn url_like() -> impl Strategy<Value = String> {
        let scheme =
            prop::sample::select(vec!["", "http://", "HTTP://", "https://", "ftp://", "//"]);
        let www = prop::sample::select(vec!["", "www.", "WWW.", "www.www."]);
        let host = "[a-zA-Z0-9-]{1,6}(\\.[a-zA-Z]{1,3}){0,2}";
        let port = prop::sample::select(vec!["", ":80", ":443", ":8080", ":", ":21", ":080"]);
        let path = "(/[a-zA-Z0-9._~;=%-]{0,6}){0,4}/{0,2}";
        let query = "(\\?[a-zA-Z0-9=&_]{0,16})?";
        let frag = "(#[a-zA-Z0-9?&=/]{0,6})?";
        (scheme, www, host, port, path, query, frag)
            .prop_map(|(s, w, h, p, pa, q, f)| format!("{s}{w}{h}{p}{pa}{q}{f}"))
    }

    fn toggles() -> impl Strategy<Value = Toggles> {
        prop::array::uniform8(any::<bool>()).prop_map(|b| {
            Toggle::ALL
                .iter()
                .zip(b)
                .fold(Toggles::none(), |t, (&x, on)| t.with(x, on))
        })
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(2000))]

        #[test]
        fn canonicalisation_is_idempotent(url in url_like(), t in toggles()) {
            let c = Canonicalizer::new(t);
            if let Ok(once) = c.canonical(&url) {
                prop_assert_eq!(c.canonical(&once), Ok(once.clone()), "{} → {}", url, once);
            }
        }

        #[test]
        fn canonicalisation_is_idempotent_on_any_text(url in "\\PC{0,40}", t in toggles()) {
            let c = Canonicalizer::new(t);
            if let Ok(once) = c.canonical(&url) {
                prop_assert_eq!(c.canonical(&once), Ok(once.clone()), "{} → {}", url, once);
            }
        }

        #[test]
        fn canonicalisation_is_idempotent_after_a_scheme(
            scheme in prop::sample::select(vec!["http://", "HTTPS://", "ftp://", "x-y://", ""]),
            rest in prop_oneof![
                "\\PC{0,40}",
                "[a-zA-Z0-9@:.%/?#&=;_\\[\\]\\\\ À-ÿ\u{ad}-]{0,30}",
            ],
            t in toggles(),
        ) {
            let url = format!("{scheme}{rest}");
            let c = Canonicalizer::new(t);
            if let Ok(once) = c.canonical(&url) {
                prop_assert_eq!(c.canonical(&once), Ok(once.clone()), "{} → {}", url, once);
            }
        }

        #[test]
        fn toggles_off_change_nothing(url in url_like()) {
            if let Ok(c) = Canonicalizer::new(Toggles::none()).canonical(&url) {
                prop_assert_eq!(c, url);
            }
        }

        #[test]
        fn truncated_counts_add_up(n in 1usize..400, bits in 1u32..=20) {
            let mut c = TruncatedCollisions::new(&[bits]).unwrap();
            for i in 0..n {
                c.push(format!("u{i}").as_bytes());
            }
            let r = &c.rows()[0];
            prop_assert_eq!(r.urls, n as u64);
            prop_assert_eq!(r.urls, r.distinct_fingerprints + r.false_duplicates);
            prop_assert!(r.colliding_pairs >= r.false_duplicates);
            prop_assert!(r.distinct_fingerprints <= 1u64 << bits);
        }

        #[test]
        fn avalanche_positions_match_the_count(a in any::<u128>(), b in any::<u128>()) {
            prop_assert_eq!(bit_positions(a ^ b).len() as u32, differing_bits(a, b));
        }
    }
}
