//! The statistics the lab sets beside the papers' numbers, in one place:
//!
//! * χ²'s p-value, `Q((M-1)/2, χ²/2)`, through the upper regularized gamma function (`ln Γ` by
//!   Lanczos; `Q` by its series and Lentz's continued fraction, Numerical Recipes §6.2), for
//!   P1's and P2's loads ([`crate::foundation::metrics`], [`crate::mechanisms::partition`]);
//! * the Poisson(λ) probabilities, computed in log space: the expected bucket sizes and largest
//!   load of N URLs in M slots (P1), the slot map's classes, P2's site table;
//! * the binomial distribution of matching bits between two independent 128-bit digests,
//!   `C(128, j) / 2^128`, for P3's avalanche;
//! * Wilson's score interval for a measured rate (the Bloom filters' false positives, P4, P5),
//!   `(p̂ + z²/2n ± z √(p̂(1-p̂)/n + z²/4n²)) / (1 + z²/n)`, with z = 1.96 for 95 %.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::stats::{chi_square_p_value, poisson_pmf, wilson_interval, Z_95};
//! assert!((chi_square_p_value(11.0, 11.0) - 0.443).abs() < 1e-3);
//! assert!((poisson_pmf(1.0, 2)[0] - (-1.0f64).exp()).abs() < 1e-15);
//! let (lo, hi) = wilson_interval(5, 100, Z_95);
//! assert!(lo < 0.05 && 0.05 < hi);
//! ```

/// z for a two-sided 95 % interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The p-value of `chi2` with `dof` degrees of freedom: `Q(dof/2, chi2/2)`; 1 when `dof` is 0.
pub fn chi_square_p_value(chi2: f64, dof: f64) -> f64 {
    if dof <= 0.0 {
        return 1.0;
    }
    gamma_q(dof / 2.0, chi2 / 2.0)
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, 9 terms; relative error below 1e-14).
pub fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1-x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).abs().ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The upper regularized incomplete gamma function `Q(a, x) = Γ(a, x) / Γ(a)`, for `a > 0`,
/// `x >= 0` (series below `a + 1`, Lentz continued fraction above; Numerical Recipes §6.2).
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x.is_nan() || a.is_nan() || a <= 0.0 {
        return f64::NAN;
    }
    if x <= 0.0 {
        return 1.0;
    }
    let ln_prefix = a * x.ln() - x - ln_gamma(a);
    // Iterations grow like sqrt(a); allow plenty for M up to 2^32.
    let max_iter = 1000 + 20 * (a.sqrt() as usize);
    if x < a + 1.0 {
        let (mut ap, mut sum, mut del) = (a, 1.0 / a, 1.0 / a);
        for _ in 0..max_iter {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * ln_prefix.exp()).clamp(0.0, 1.0)
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..max_iter {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (ln_prefix.exp() * h).clamp(0.0, 1.0)
    }
}

/// `ln P(X = k)` for X ~ Poisson(λ), λ > 0.
pub fn ln_poisson_pmf(k: u64, lambda: f64) -> f64 {
    k as f64 * lambda.ln() - lambda - ln_gamma(k as f64 + 1.0)
}

/// The Poisson(λ) probabilities of 0..=k_max (λ >= 0), computed in log space.
pub fn poisson_pmf(lambda: f64, k_max: u64) -> Vec<f64> {
    (0..=k_max)
        .map(|k| {
            if lambda == 0.0 {
                (k == 0) as u8 as f64
            } else {
                ln_poisson_pmf(k, lambda).exp()
            }
        })
        .collect()
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

/// The Wilson score interval for `successes` out of `trials` at `z` (use [`Z_95`]):
/// `(p̂ + z²/2n ± z √(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n)`. `(0, 1)` when there are no trials.
///
/// ```
/// use urlhashlab::mechanisms::bloom::{wilson_interval, Z_95};
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
