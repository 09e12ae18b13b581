//! The avalanche: how many digest bits change when one input bit does (P3's Table 1).

use super::digest::hex;
use crate::foundation::hash::md5_u128;
use crate::foundation::metrics;
use serde::Serialize;

pub use crate::foundation::stats::binomial_half_pmf;

/// Expected mean of differing bits between two independent uniform 128-bit digests.
pub const AVALANCHE_EXPECTED_MEAN: f64 = 64.0;
/// Expected standard deviation: `√(128 · 1/2 · 1/2) = √32`.
pub const AVALANCHE_EXPECTED_SD: f64 = 5.656_854_249_492_381;

/// Two inputs, their digests and the bits where they differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Avalanche {
    /// The first input (invalid UTF-8 shown as U+FFFD).
    pub input_a: String,
    /// The second input, shown the same way.
    pub input_b: String,
    /// MD5 of `input_a`, 32 hex digits.
    pub digest_a: String,
    /// MD5 of `input_b`, 32 hex digits.
    pub digest_b: String,
    /// `digest_a XOR digest_b`, 32 hex digits.
    pub xor: String,
    /// Differing bits out of 128.
    pub differing_bits: u32,
    /// Where they differ: bit 0 is the most significant bit of the first hex digit.
    pub positions: Vec<u8>,
    /// The 128 bits of `digest_a` in that order, each 0 or 1 (the first of the page's two rows
    /// of cells).
    pub bits_a: Vec<u8>,
    /// The 128 bits of `digest_b`, likewise (the second row).
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
/// use urlhashlab::mechanisms::fingerprint::avalanche;
/// let a = avalanche(b"http://www.pku.edu.cn/", b"http://www.pku.edu.cn");
/// assert_eq!(a.positions.len() as u32, a.differing_bits);
/// assert_eq!(a.bits_a.len(), 128);
/// ```
pub fn avalanche(a: &[u8], b: &[u8]) -> Avalanche {
    avalanche_of_digests(a, b, md5_u128(a), md5_u128(b))
}

pub(crate) fn avalanche_of_digests(a: &[u8], b: &[u8], da: u128, db: u128) -> Avalanche {
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
    /// Every kind, in the order [`variants`] makes them.
    pub const ALL: [VariantKind; 5] = [
        VariantKind::FlipLastBit,
        VariantKind::TrailingSlash,
        VariantKind::HostUpperCase,
        VariantKind::LastDigit,
        VariantKind::Scheme,
    ];

    /// Stable text id: `flip-last-bit`, `trailing-slash`, `host-upper-case`, `last-digit`,
    /// `scheme`.
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
    /// How it was made from the URL.
    pub kind: VariantKind,
    /// The variant's bytes.
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
/// use urlhashlab::mechanisms::fingerprint::{variants, VariantKind};
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

/// The distribution of differing bits over many pairs, against Binomial(128, 1/2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AvalancheStats {
    /// Pairs of digests compared.
    pub pairs: u64,
    /// Mean differing bits per pair.
    pub mean: f64,
    /// Sample standard deviation of the differing bits (0 below 2 pairs).
    pub sd: f64,
    /// Fewest differing bits seen in a pair (0 when no pair).
    pub min: u32,
    /// Most differing bits seen in a pair (0 when no pair).
    pub max: u32,
    /// Pairs with k differing bits, k = 0..=128.
    pub histogram: Vec<u64>,
    /// Its expectation, `pairs · C(128, k)/2^128`.
    pub expected: Vec<f64>,
    /// The binomial's mean, 64 bits ([`AVALANCHE_EXPECTED_MEAN`]).
    pub expected_mean: f64,
    /// The binomial's standard deviation, √32 = 5.66 bits ([`AVALANCHE_EXPECTED_SD`]).
    pub expected_sd: f64,
    /// χ² of the histogram against the binomial, bins pooled from both ends until each expects
    /// at least 5 pairs; `None` with fewer than 2 bins.
    pub chi2: Option<f64>,
    /// Degrees of freedom of `chi2`: pooled bins − 1.
    pub dof: Option<u32>,
    /// Upper-tail p-value of `chi2` at `dof` degrees of freedom.
    pub p_value: Option<f64>,
    /// Mean differing bits per kind of variant.
    pub by_kind: Vec<KindStats>,
}

/// Differing bits for one kind of variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindStats {
    /// The kind of variant.
    pub kind: VariantKind,
    /// Pairs of a URL and a variant of this kind.
    pub pairs: u64,
    /// Mean differing bits per pair (64 expected).
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
    /// An empty tally.
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

    /// Pairs counted so far.
    pub fn pairs(&self) -> u64 {
        self.histogram.iter().sum()
    }

    /// The distribution so far, beside Binomial(128, 1/2), with χ² and the mean per kind.
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
