//! Birthday bounds: the chance of any collision among n fingerprints of b bits, beside P3's 10^-24.

use crate::foundation::printed::{
    P3_CLAIM_PAIR_PROBABILITY, P3_FINGERPRINT_BITS, P3_HUMAN_FINGERPRINT_PROBABILITY, P3_WEB_LINKS,
    P3_WEB_PAGES,
};
use serde::Serialize;

/// `x · 2^e` without overflowing or underflowing in between.
fn scale_pow2(x: f64, e: i32) -> f64 {
    let h = e / 2;
    x * 2f64.powi(h) * 2f64.powi(e - h)
}

/// Expected colliding pairs among `n` distinct inputs with random `bits`-bit fingerprints,
/// `n(n−1)/2^(bits+1)` (any `bits` up to 1024).
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
    /// Inputs, each with a random `bits`-bit fingerprint.
    pub n: u64,
    /// Width of the fingerprint in bits.
    pub bits: u32,
    /// Chance of at least one collision: [`collision_probability`].
    pub probability: f64,
    /// `log10` of that chance: [`log10_collision_probability`] (finite where it underflows).
    pub log10_probability: f64,
    /// Expected colliding pairs, `n(n−1)/2^(bits+1)`: [`expected_colliding_pairs`].
    pub expected_pairs: f64,
}

impl BirthdayRow {
    /// The row for `n` inputs of `what` at `bits` bits.
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
    /// The report with P3's printed numbers: its pages (13 billion) and links (60 billion) at
    /// 128 and 64 bits, then at the 384 and 1024 bits of which P3 says "更是不大可能重复了" (all the
    /// less likely to repeat).
    pub fn new() -> BirthdayReport {
        let mut rows = Vec::new();
        for bits in [128, 64, 384, 1024] {
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
