//! What the Bloom view draws beside its measurements: the false-positive theory as a curve of
//! m/N (`(1 − (1 − 1/m)^(kN))^k` beside `(1 − e^(−kN/m))^k` and the optimum `2^(−k)`), and a
//! small filter whose bits and positions a reader can follow, with the checks of a filter's
//! parameters the views and the studies share.

use super::filter::Bloom;
use super::index::{md5_slice_width, IndexMethod};
use super::limits::MAX_K;
use super::theory::{expected_fill, fpr_approx, fpr_exact, optimal_k, paper_rows, PaperRow};
use crate::foundation::coded::{core, whole, Coded};
use serde::Serialize;

/// The largest m/N the filter views accept (bits or counters per key).
pub const MAX_RATIO: f64 = 1_024.0;
/// The largest bit array [`demo`] draws.
pub const DEMO_MAX_BITS: u64 = 1 << 16;

/// `k` from 1 to [`MAX_K`], or the error `k-range`.
pub fn check_k(k: u32) -> Result<(), Coded> {
    if (1..=MAX_K).contains(&k) {
        Ok(())
    } else {
        Err(crate::coded!(
            "k-range",
            [k, MAX_K],
            "k, the positions per URL, must be from 1 to {MAX_K}, not {k}"
        ))
    }
}

/// m/N above 0 and at most [`MAX_RATIO`], or the error `ratio-range`.
pub fn check_ratio(r: f64) -> Result<(), Coded> {
    if r.is_finite() && r > 0.0 && r <= MAX_RATIO {
        Ok(())
    } else {
        Err(crate::coded!(
            "ratio-range",
            [r, MAX_RATIO],
            "m/N must be a number above 0 and at most {MAX_RATIO}, not {r}"
        ))
    }
}

/// An index method by id, or the core's error.
pub fn parse_method(id: &str) -> Result<IndexMethod, Coded> {
    IndexMethod::parse(id.trim()).map_err(core)
}

/// One point of the false-positive curve that [`theory`] draws.
#[derive(Serialize)]
pub struct TheoryPoint {
    /// m/N: bits of the array per inserted key.
    pub m_over_n: f64,
    /// `(1 − (1 − 1/m)^(kN))^k` at m = round(m/N · N).
    pub exact: f64,
    /// `(1 − e^(−kN/m))^k`.
    pub approx: f64,
    /// The approximation at the optimal k = (m/N) ln 2: `2^(−k)`.
    pub at_optimal_k: f64,
    /// The optimal k at this m/N: `(m/N) ln 2` (fractional).
    pub optimal_k: f64,
}

/// The false-positive theory the Bloom view draws (see [`theory`]).
#[derive(Serialize)]
pub struct BloomTheory {
    /// The k the curve is drawn for (fractional k allowed, e.g. an optimum).
    pub k: f64,
    /// The keys inserted, N of the formulas.
    pub n: u64,
    /// The rates at 256 values of m/N, from `max_ratio / 256` to `max_ratio`.
    pub curve: Vec<TheoryPoint>,
    /// The papers' operating points (P4, P5) with the exact rate at this N.
    pub paper_points: Vec<PaperRow>,
}

/// One URL inserted into the demo filter and the bits it set.
#[derive(Serialize)]
pub struct DemoUrl {
    /// The URL as text (invalid UTF-8 replaced).
    pub url: String,
    /// Its k positions in the bit array, in the order the index method derives them.
    pub indices: Vec<u64>,
}

/// The demo's query: a URL looked up in the small filter, position by position.
#[derive(Serialize)]
pub struct DemoQuery {
    /// The query as typed (trimmed).
    pub url: String,
    /// Its k positions in the bit array.
    pub indices: Vec<u64>,
    /// Whether each of the k positions is set.
    pub set: Vec<bool>,
    /// All k set: "seen" (inserted, or a false positive).
    pub present: bool,
    /// Whether the query is one of the demo's inserted URLs.
    pub inserted: bool,
    /// MD5 of the query as 32 hex digits (what the `md5-slices` method cuts into slices).
    pub md5: String,
}

/// A small filter a reader can follow bit by bit (see [`demo`]).
#[derive(Serialize)]
pub struct BloomDemo {
    /// Bits of the array (at most [`DEMO_MAX_BITS`]).
    pub m: u64,
    /// Positions per URL.
    pub k: u32,
    /// How the k positions are derived.
    pub method: IndexMethod,
    /// Bits per `md5-slices` slice, or `None` when slices are widened (see `crate::mechanisms::bloom`).
    pub md5_slice_width: Option<u32>,
    /// The inserted URLs with their positions, in insertion order.
    pub urls: Vec<DemoUrl>,
    /// The positions of the bits set, ascending.
    pub set_bits: Vec<u64>,
    /// The number of bits set (the length of `set_bits`).
    pub bits_set: u64,
    /// The fraction of the m bits set.
    pub fill: f64,
    /// [`expected_fill`] for this m, k and the URLs inserted: `1 − (1 − 1/m)^(kN)`.
    pub expected_fill: f64,
    /// [`fpr_exact`] for this m, k and the URLs inserted.
    pub fpr_exact: f64,
    /// The query's positions and verdict, `None` when the query is blank.
    pub query: Option<DemoQuery>,
}

/// The false-positive theory for `k` positions and `n` inserted keys: the exact and
/// approximate rates (and the rate at the optimal k) for m/N from `max_ratio / 256` to
/// `max_ratio` in 256 steps, and the papers' points with the exact rate at this n.
pub fn theory(k: f64, n: f64, max_ratio: f64) -> Result<BloomTheory, Coded> {
    if !(k.is_finite() && (1.0..=MAX_K as f64).contains(&k)) {
        return Err(crate::coded!(
            "k-range",
            [k, MAX_K],
            "k must be from 1 to {MAX_K}, not {k}"
        ));
    }
    let n = whole(n, 1.0, "inserted-keys")?;
    check_ratio(max_ratio)?;
    let nf = n as f64;
    let curve = (1..=256)
        .map(|i| {
            let r = max_ratio * i as f64 / 256.0;
            let m = (r * nf).round().max(1.0);
            let ok = optimal_k(r);
            TheoryPoint {
                m_over_n: r,
                exact: fpr_exact(k, nf, m),
                approx: fpr_approx(k, nf, m),
                at_optimal_k: fpr_approx(ok, 1.0, r),
                optimal_k: ok,
            }
        })
        .collect();
    Ok(BloomTheory {
        k,
        n,
        curve,
        paper_points: paper_rows(n),
    })
}

/// A small filter of `m` bits (at most [`DEMO_MAX_BITS`]) holding the first `count` of
/// `inserted`, with `k` positions by `method`, and the positions of `query` (none when blank):
/// the keys' positions, the bits set, and whether the query reads present.
pub fn demo<'a>(
    inserted: impl Iterator<Item = &'a [u8]> + Clone,
    count: u32,
    m: f64,
    k: u32,
    method: &str,
    query: &str,
) -> Result<BloomDemo, Coded> {
    let method = parse_method(method)?;
    check_k(k)?;
    let m = whole(m, 1.0, "bits")?;
    if m > DEMO_MAX_BITS {
        return Err(crate::coded!(
            "demo-bits",
            [DEMO_MAX_BITS, m],
            "the bit array shown has at most {DEMO_MAX_BITS} bits, not {m}"
        ));
    }
    if count == 0 {
        return Err(crate::coded!(
            "demo-empty",
            [],
            "the demo needs at least 1 URL"
        ));
    }
    let mut b = Bloom::new(m, k, method).map_err(core)?;
    let mut urls = Vec::new();
    for key in inserted.clone().take(count as usize) {
        b.insert(key);
        urls.push(DemoUrl {
            url: String::from_utf8_lossy(key).into_owned(),
            indices: b.indices(key),
        });
    }
    let count = urls.len();
    let query = query.trim();
    let query = (!query.is_empty()).then(|| {
        let indices = b.indices(query.as_bytes());
        let set: Vec<bool> = indices.iter().map(|&i| b.bit(i)).collect();
        DemoQuery {
            url: query.to_string(),
            present: set.iter().all(|&s| s),
            set,
            indices,
            inserted: inserted.take(count).any(|u| u == query.as_bytes()),
            md5: format!(
                "{:032x}",
                crate::foundation::hash::md5_u128(query.as_bytes())
            ),
        }
    });
    let (nf, mf, kf) = (count as f64, m as f64, k as f64);
    Ok(BloomDemo {
        m,
        k,
        method,
        md5_slice_width: md5_slice_width(k, m),
        urls,
        set_bits: (0..m).filter(|&i| b.bit(i)).collect(),
        bits_set: b.bits_set(),
        fill: b.fill(),
        expected_fill: expected_fill(kf, nf, mf),
        fpr_exact: fpr_exact(kf, nf, mf),
        query,
    })
}
