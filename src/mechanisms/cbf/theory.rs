//! Counter overflow: the chance a counter reaches 2^c, exactly and as P5's bound, beside P5's
//! printed numbers.

use crate::foundation::metrics::ln_gamma;
use crate::foundation::printed::P5_PRINTED_J16_FACTOR;
use serde::Serialize;

/// `ln C(n, j)`: a direct sum for small j, `ln Γ` otherwise; exactly 0 for `C(n, 0) = C(n, n) = 1`
/// (`ln Γ(1)` is not exactly 0, and a probability of 1 must not come out above 1).
fn ln_choose(n: u64, j: u64) -> f64 {
    let j = j.min(n - j);
    if j == 0 {
        return 0.0;
    }
    if j <= 10_000 {
        (0..j).map(|t| ((n - t) as f64).ln()).sum::<f64>() - ln_gamma(j as f64 + 1.0)
    } else {
        ln_gamma(n as f64 + 1.0) - ln_gamma(j as f64 + 1.0) - ln_gamma((n - j) as f64 + 1.0)
    }
}

/// `P(c(i) = j) = C(Nk, j) (1/m)^j (1 − 1/m)^(Nk−j)`, P5's counter distribution, computed in
/// log space (`nk` = N·k increments into `m` counters).
///
/// ```
/// use urlhashlab::mechanisms::cbf::counter_pmf;
/// // Nk = 4 into m = 2: C(4, 2) / 2^4 = 6/16.
/// assert!((counter_pmf(4, 2.0, 2) - 0.375).abs() < 1e-12);
/// ```
pub fn counter_pmf(nk: u64, m: f64, j: u64) -> f64 {
    if j > nk {
        return 0.0;
    }
    if m <= 1.0 {
        return (j == nk) as u8 as f64;
    }
    (ln_choose(nk, j) - j as f64 * m.ln() + (nk - j) as f64 * (-1.0 / m).ln_1p()).exp()
}

/// `P(c(i) >= j)`, the exact binomial tail: summed upward from j when j is above the mean
/// `Nk/m`, else `1 −` the sum below j summed downward, each until the terms vanish.
pub fn counter_tail(nk: u64, m: f64, j: u64) -> f64 {
    if j == 0 {
        return 1.0;
    }
    if j > nk {
        return 0.0;
    }
    if m <= 1.0 {
        return 1.0;
    }
    let p = 1.0 / m;
    // P(t + 1) / P(t) = (Nk − t)/(t + 1) · p/(1 − p)
    let odds = p / (1.0 - p);
    let mean = nk as f64 * p;
    if j as f64 > mean {
        let (mut term, mut sum, mut t) = (counter_pmf(nk, m, j), 0.0, j);
        while t <= nk && term > 0.0 {
            sum += term;
            if term < sum * 1e-17 {
                break;
            }
            term *= (nk - t) as f64 / (t + 1) as f64 * odds;
            t += 1;
        }
        sum.min(1.0)
    } else {
        let (mut term, mut sum, mut t) = (counter_pmf(nk, m, j - 1), 0.0, j - 1);
        loop {
            sum += term;
            if t == 0 || term == 0.0 || term < sum * 1e-17 {
                break;
            }
            term *= t as f64 / (nk - t + 1) as f64 / odds;
            t -= 1;
        }
        (1.0 - sum).max(0.0)
    }
}

/// Fan et al.'s bound `P(max_i c(i) >= j) <= m (e ln 2 / j)^j`, valid for `k <= (ln 2) m/N`.
///
/// ```
/// use urlhashlab::mechanisms::cbf::overflow_bound;
/// // 4-bit counters overflow at j = 16: 1.37e-15 per counter.
/// assert!((overflow_bound(1.0, 16) / 1.37e-15 - 1.0).abs() < 0.01);
/// ```
pub fn overflow_bound(m: f64, j: u32) -> f64 {
    let j = j as f64;
    m * (j * (std::f64::consts::E * std::f64::consts::LN_2 / j).ln()).exp()
}

/// P5's printed bound `m (ln 2 / j)^j`: Fan et al.'s with the e lost (a misprint).
pub fn overflow_bound_printed(m: f64, j: u32) -> f64 {
    let j = j as f64;
    m * (j * (std::f64::consts::LN_2 / j).ln()).exp()
}

/// The corrected factor: `(e ln 2 / 16)^16 = 1.37 × 10^-15`.
pub const OVERFLOW_J16_FACTOR: f64 = 1.37e-15;

/// The printed formula's value at j = 16: `(ln 2 / 16)^16 = 1.5 × 10^-22`.
pub const OVERFLOW_J16_WITHOUT_E: f64 = 1.5e-22;

/// P5's printed j = 16 bound as a function of m: `1.37 × 10^15 × m`.
pub fn overflow_bound_printed_j16(m: f64) -> f64 {
    P5_PRINTED_J16_FACTOR * m
}

/// The overflow theory for N keys, k hashes, m counters of `bits` bits, beside P5's prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OverflowTheory {
    /// Keys inserted, N.
    pub n: u64,
    /// Counters per key.
    pub k: u32,
    /// The number of counters.
    pub m: u64,
    /// Bits per counter.
    pub bits: u32,
    /// The count at which a counter overflows: `2^bits`.
    pub j: u64,
    /// `k <= (ln 2) m/N`, the condition of Fan et al.'s bound.
    pub bound_applies: bool,
    /// `m (e ln 2 / j)^j`.
    pub bound: f64,
    /// `m (ln 2 / j)^j`, P5's printed formula.
    pub bound_printed_formula: f64,
    /// `1.37e15 × m`, P5's printed number (meaningful for 4-bit counters only).
    pub bound_printed_j16: f64,
    /// Exact `P(c(i) >= 2^bits)` for one counter.
    pub p_overflow_per_counter: f64,
    /// `m · P(c(i) >= 2^bits)`: the expected number of counters that overflow.
    pub expected_overflowing: f64,
    /// `m · P(c(i) >= 2^bits − 1)`: the expected number of saturated counters.
    pub expected_saturated: f64,
}

/// [`OverflowTheory`] for N keys (distinct, as IMP-CB counts them), k, m and `bits`.
pub fn overflow_theory(n: u64, k: u32, m: u64, bits: u32) -> OverflowTheory {
    let j = 1u64 << bits.min(63);
    let nk = n * k as u64;
    let mf = m as f64;
    let p = counter_tail(nk, mf, j);
    OverflowTheory {
        n,
        k,
        m,
        bits,
        j,
        bound_applies: n == 0 || k as f64 <= std::f64::consts::LN_2 * mf / n as f64,
        bound: overflow_bound(mf, j.min(u32::MAX as u64) as u32),
        bound_printed_formula: overflow_bound_printed(mf, j.min(u32::MAX as u64) as u32),
        bound_printed_j16: overflow_bound_printed_j16(mf),
        p_overflow_per_counter: p,
        expected_overflowing: mf * p,
        expected_saturated: mf * counter_tail(nk, mf, j - 1),
    }
}

/// P5's printed tail "bound" checked at one j: P5 (§2.2) writes
/// `P(c(i) >= j) <= C(Nk, j) (1/m)^j (1 − 1/m)^(Nk−j)`, but that right side is
/// `P(c(i) = j)` ([`counter_pmf`]), one term of the tail ([`counter_tail`]), so the inequality
/// is false at every `j < Nk` (equal at `j = Nk`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TailBoundCheck {
    /// Nk increments…
    pub nk: u64,
    /// …into m counters…
    pub m: f64,
    /// …and the count j.
    pub j: u64,
    /// `P(c(i) >= j)`, exact.
    pub exact_tail: f64,
    /// P5's right side, `C(Nk, j) (1/m)^j (1 − 1/m)^(Nk−j)` (which is `P(c(i) = j)`).
    pub printed_right_side: f64,
    /// `exact_tail <= printed_right_side`: whether P5's inequality holds here.
    pub holds: bool,
}

/// [`TailBoundCheck`] at `nk` increments into `m` counters and count `j`.
///
/// ```
/// use urlhashlab::mechanisms::cbf::printed_tail_bound;
/// // Nk = 3 into m = 2: P(c >= 1) = 7/8, but the printed "bound" is P(c = 1) = 3/8.
/// let c = printed_tail_bound(3, 2.0, 1);
/// assert!((c.exact_tail - 0.875).abs() < 1e-12 && (c.printed_right_side - 0.375).abs() < 1e-12);
/// assert!(!c.holds);
/// ```
pub fn printed_tail_bound(nk: u64, m: f64, j: u64) -> TailBoundCheck {
    let exact_tail = counter_tail(nk, m, j);
    let printed_right_side = counter_pmf(nk, m, j);
    TailBoundCheck {
        nk,
        m,
        j,
        exact_tail,
        printed_right_side,
        // At j = Nk both are the one term (1/m)^Nk; allow for the rounding of the sum.
        holds: exact_tail <= printed_right_side * (1.0 + 1e-12),
    }
}
