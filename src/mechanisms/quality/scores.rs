//! The battery's statistics, one function each: the "^N" score and the Šidák correction, the
//! verdict thresholds, χ² bucket uniformity, collisions against the birthday expectation, and
//! the avalanche and bit-independence counts (formulas in the module doc of
//! [`crate::mechanisms::quality`]).

use crate::foundation::stats::chi_square_p_value;
use serde::Serialize;

/// A result this improbable (p ≤ 2^-20, once corrected) fails: SMHasher3's failure bound.
pub const FAIL_P: f64 = 1.0 / 1_048_576.0;
/// A result this improbable (p ≤ 2^-16) is a warning: SMHasher3's warning bound.
pub const WARN_P: f64 = 1.0 / 65_536.0;
/// The highest "^N" written: a p-value below 2^-99 is shown as ^99.
pub const LOG2_P_CAP: u32 = 99;

/// What one test says of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// p above 2^-16: what a random function does.
    Pass,
    /// 2^-20 < p ≤ 2^-16.
    Warn,
    /// p ≤ 2^-20.
    Fail,
}

impl Verdict {
    /// The verdict of a corrected p-value.
    pub fn of(p: f64) -> Verdict {
        if p <= FAIL_P {
            Verdict::Fail
        } else if p <= WARN_P {
            Verdict::Warn
        } else {
            Verdict::Pass
        }
    }
}

/// "^N": `⌈−log2 p⌉`, 0 for p ≥ 1 (or NaN), [`LOG2_P_CAP`] from 2^-99 down.
pub fn log2_p(p: f64) -> u32 {
    if p.is_nan() || p >= 1.0 {
        return 0;
    }
    let l = p.log2();
    if l <= -(LOG2_P_CAP as f64) {
        LOG2_P_CAP
    } else {
        (-l).ceil().max(0.0) as u32
    }
}

/// Šidák's correction: the chance that the worst of `tests` independent tests is at least as
/// extreme as one of p-value `p`, `1 − (1 − p)^tests`, computed as `−expm1(tests · ln1p(−p))`
/// so that a tiny `p` keeps its digits.
pub fn sidak(p: f64, tests: u64) -> f64 {
    if p >= 1.0 {
        return 1.0;
    }
    if tests <= 1 {
        return p.max(0.0);
    }
    (-((-p).ln_1p() * tests as f64).exp_m1()).clamp(0.0, 1.0)
}

/// The upper tail of the standard normal distribution at `z`, `erfc(z/√2)/2`, through the
/// χ² distribution with one degree of freedom (`P(|Z| > z) = Q(1/2, z²/2)`).
pub fn normal_upper_tail(z: f64) -> f64 {
    let half = chi_square_p_value(z * z, 1.0) / 2.0;
    if z < 0.0 {
        1.0 - half
    } else {
        half
    }
}

/// The expected number of collisions among `n` values drawn uniformly from 2^`bits`: the
/// expected keys minus the expected occupied values, `n − 2^b (1 − (1 − 2^−b)^n)`, computed as
/// `n + 2^b · expm1(n · ln1p(−2^−b))`; for more than 51 bits, or `n` below `2^(b − 25.5)`, where
/// that loses its digits, its first term `n (n − 1) / 2^(b+1)` (the two agree there).
pub fn expected_collisions(n: u64, bits: u32) -> f64 {
    let n = n as f64;
    let b = bits as f64;
    if bits > 51 || n < (b - 25.5).exp2() {
        return n * (n - 1.0) * (-b - 1.0).exp2();
    }
    n + b.exp2() * (n * (-(-b).exp2()).ln_1p()).exp_m1()
}

/// An upper bound on the chance of at least `observed` collisions when `expected` are
/// expected (Poisson), by Harremoës's normal bound: with `x = observed − 1/2` and
/// `g = √(2 (x ln(x/λ) + λ − x))`, `P ≤ 1 − Φ(g)`. 1 when `observed < expected` (fewer
/// collisions than expected never fail).
pub fn collision_p(expected: f64, observed: u64) -> f64 {
    let c = observed as f64;
    if c < expected || observed == 0 {
        return 1.0;
    }
    if expected <= 0.0 {
        return 0.0;
    }
    let x = c - 0.5;
    let g2 = 2.0 * (x * (x / expected).ln() + expected - x);
    if g2 <= 0.0 {
        return 0.5;
    }
    normal_upper_tail(g2.sqrt())
}

/// Collisions among `values`: the values minus the distinct values. Sorts `values`.
pub fn count_collisions(values: &mut [u128]) -> u64 {
    values.sort_unstable();
    values.windows(2).filter(|w| w[0] == w[1]).count() as u64
}

/// χ² of `counts` against the uniform expectation and its p-value with `len − 1` degrees of
/// freedom (the upper tail: a spread this uneven or worse).
pub fn chi_square(counts: &[u32]) -> (f64, f64) {
    let n: u64 = counts.iter().map(|&c| c as u64).sum();
    let chi2 = crate::foundation::metrics::chi_square_uniform(counts, n);
    let dof = counts.len().saturating_sub(1) as f64;
    (chi2, chi_square_p_value(chi2, dof))
}

/// The two-sided p-value of `flips` heads in `trials` fair coin flips, by the normal
/// approximation `z² = (2·flips − trials)² / trials` (χ² with one degree of freedom).
pub fn coin_p(flips: u64, trials: u64) -> f64 {
    if trials == 0 {
        return 1.0;
    }
    let d = 2.0 * flips as f64 - trials as f64;
    chi_square_p_value(d * d / trials as f64, 1.0)
}

/// χ² of independence of a 2 × 2 table `[n00, n01, n10, n11]` (one degree of freedom). When a
/// cell's expectation is below 10 (a bit that never or always flips), the table's total: the
/// largest value, full dependence, as SMHasher3 scores it.
pub fn chi_square_2x2(cells: [u64; 4]) -> f64 {
    let total: u64 = cells.iter().sum();
    if total == 0 {
        return 0.0;
    }
    let n = total as f64;
    let row = [(cells[0] + cells[1]) as f64, (cells[2] + cells[3]) as f64];
    let col = [(cells[0] + cells[2]) as f64, (cells[1] + cells[3]) as f64];
    let mut chi2 = 0.0;
    for (i, &c) in cells.iter().enumerate() {
        let e = row[i / 2] * col[i % 2] / n;
        if e < 10.0 {
            return n;
        }
        let d = c as f64 - e;
        chi2 += d * d / e;
    }
    chi2
}
