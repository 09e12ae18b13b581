//! False-positive theory: (1 − e^(−kn/m))^k, the optimal k, and the papers' printed points.

use serde::Serialize;

/// `(1 − e^(−kn/m))^k`, the usual approximation of the false-positive rate (k may be
/// fractional, e.g. the optimum).
///
/// ```
/// use urlhashlab::mechanisms::bloom::fpr_approx;
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

/// One of the papers' operating points with its rate.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct PaperPoint {
    /// Stable id: `p4`, `p5`, `p5-optimal-k`.
    pub id: &'static str,
    /// Bits per inserted key.
    pub m_over_n: f64,
    /// Positions per key (fractional for the optimal k).
    pub k: f64,
    /// The rate as the lab's paper digest gives it (two significant digits).
    pub fpr: f64,
    /// Where the point comes from.
    pub note: &'static str,
}

/// The papers' points. Neither paper prints a rate; the rates are the formula's (Cao's table,
/// P5's reference \[12\]), to two digits.
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
    /// Stable id of the point, as [`PaperPoint::id`].
    pub id: &'static str,
    /// Bits per inserted key.
    pub m_over_n: f64,
    /// Positions per key (fractional for the optimal k).
    pub k: f64,
    /// The rate as [`PAPER_POINTS`] gives it.
    pub fpr_as_given: f64,
    /// [`fpr_exact`] at `m = round(m/N · n)`.
    pub fpr_exact_at_this_n: f64,
    /// Where the point comes from, as [`PaperPoint::note`].
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
