//! Measures of a hash table's slot histogram: P1's A and B, and the statistics we set beside them.
//!
//! N keys fall into M slots, N_i of them into slot i (P1, 李晓明 & 凤旺森 2004, §1):
//!
//! * **A**, query performance (信息查询性能测度), the mean number of memory accesses to find each
//!   key once in a chained table: `A = Σ_i N_i (N_i + 1) / 2 / N`. Smaller is better.
//! * **A_opt** = `(N/M + 1) / 2`, P1's optimum when every `N_i = N/M`.
//! * **A_random** = `1 + (N - 1) / (2M)`, the expected A of a uniformly random function
//!   (`E[Σ N_i²] = N + N(N-1)/M`); not in P1, but the fair yardstick for a real hash.
//! * **B**, load balance (负载平衡性能测度): `B = M · max_i N_i / N`, between 1 and M.
//! * χ² against the uniform expectation `N/M` with `M - 1` degrees of freedom, and its p-value
//!   `Q((M-1)/2, χ²/2)` (upper regularized gamma function).
//! * The expected maximum load of N balls in M bins (Poisson approximation:
//!   `E[max] = Σ_{k>=1} 1 - F(k-1)^M`, F the Poisson(N/M) distribution function), and the
//!   distribution of bucket sizes next to its Poisson expectation `M · e^-λ λ^s / s!`.
//!
//! [`Tally`] keeps a histogram with `Σ N_i²` and `max N_i` up to date in O(1) per key, so A and B
//! can be read at every checkpoint of a sweep without a pass over the slots.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::metrics::{avg_probes_a_opt, Tally};
//! let mut t = Tally::new(4);
//! for slot in [0, 1, 2, 3, 0, 1, 2, 3] { t.add(slot); }
//! assert_eq!(t.avg_probes_a(), 1.5);
//! assert_eq!(t.avg_probes_a(), avg_probes_a_opt(8, 4));
//! assert_eq!(t.load_balance_b(), 1.0);
//! ```

use serde::Serialize;

/// The statistics behind the measures, kept at their old paths.
pub use crate::foundation::stats::{
    chi_square_p_value, gamma_q, ln_gamma, ln_poisson_pmf, poisson_pmf,
};

/// P1's optimal A, `(N/M + 1) / 2`.
pub fn avg_probes_a_opt(n: u64, m: u32) -> f64 {
    (n as f64 / m as f64 + 1.0) / 2.0
}

/// The worst A: every key in one slot, so the i-th key of the chain takes i accesses and
/// `A = (N + 1) / 2` (P1's other extreme of A, lost with its formula in the scan).
pub fn avg_probes_a_max(n: u64) -> f64 {
    (n as f64 + 1.0) / 2.0
}

/// The least A whole-number loads allow: `N mod M` slots hold `⌈N/M⌉` keys and the others
/// `⌊N/M⌋`, so `A = Σ c(c+1)/2 / N`. It equals [`avg_probes_a_opt`] when M divides N and is
/// above it otherwise: 1.80, not 1.75, at N/M = 2.5 (P1's first column).
pub fn avg_probes_a_opt_whole(n: u64, m: u32) -> f64 {
    if n == 0 || m == 0 {
        return 0.0;
    }
    let (m, n) = (m as u64, n as f64);
    let (q, r) = (n as u64 / m, n as u64 % m);
    let probes = |c: u64| (c * (c + 1) / 2) as f64;
    (r as f64 * probes(q + 1) + (m - r) as f64 * probes(q)) / n
}

/// The expected A of a uniformly random function, `1 + (N - 1) / (2M)`.
pub fn avg_probes_a_random(n: u64, m: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    1.0 + (n as f64 - 1.0) / (2.0 * m as f64)
}

/// P1's A from `Σ N_i²` and N: `Σ N_i (N_i + 1) / 2 / N = (Σ N_i² + N) / 2N`.
pub fn avg_probes_a_from_sums(sum_squares: u64, n: u64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    (sum_squares as f64 + n as f64) / (2.0 * n as f64)
}

/// P1's B, `M · max N_i / N`.
pub fn load_balance_b_from(max_load: u32, n: u64, m: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    m as f64 * max_load as f64 / n as f64
}

/// A slot histogram that keeps `N`, `Σ N_i²` and `max N_i` current in O(1) per key.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    counts: Vec<u32>,
    n: u64,
    sum_squares: u64,
    max_load: u32,
}

impl Tally {
    /// An empty histogram of `m >= 1` slots.
    pub fn new(m: u32) -> Tally {
        assert!(m >= 1, "a histogram needs at least one slot");
        Tally {
            counts: vec![0; m as usize],
            n: 0,
            sum_squares: 0,
            max_load: 0,
        }
    }

    /// A tally of an existing histogram.
    pub fn from_counts(counts: Vec<u32>) -> Tally {
        assert!(!counts.is_empty(), "a histogram needs at least one slot");
        let n = counts.iter().map(|&c| c as u64).sum();
        let sum_squares = counts.iter().map(|&c| c as u64 * c as u64).sum();
        let max_load = counts.iter().copied().max().unwrap_or(0);
        Tally {
            counts,
            n,
            sum_squares,
            max_load,
        }
    }

    /// Counts one key in `slot` (which must be below M).
    #[inline]
    pub fn add(&mut self, slot: u32) {
        let c = &mut self.counts[slot as usize];
        // (c + 1)² - c² = 2c + 1
        self.sum_squares += 2 * *c as u64 + 1;
        *c += 1;
        self.n += 1;
        if *c > self.max_load {
            self.max_load = *c;
        }
    }

    /// The keys in each slot, N_i for slot i.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }
    /// The keys in each slot, the histogram given up.
    pub fn into_counts(self) -> Vec<u32> {
        self.counts
    }
    /// N, the keys counted.
    pub fn n(&self) -> u64 {
        self.n
    }
    /// M, the number of slots.
    pub fn m(&self) -> u32 {
        self.counts.len() as u32
    }
    /// The largest load, `max N_i` (0 before the first key).
    pub fn max_load(&self) -> u32 {
        self.max_load
    }
    /// `Σ N_i²`, the sum of the squared loads (A comes from it).
    pub fn sum_squares(&self) -> u64 {
        self.sum_squares
    }
    /// P1's A.
    pub fn avg_probes_a(&self) -> f64 {
        avg_probes_a_from_sums(self.sum_squares, self.n)
    }
    /// P1's B.
    pub fn load_balance_b(&self) -> f64 {
        load_balance_b_from(self.max_load, self.n, self.m())
    }
    /// Every measure of this histogram.
    pub fn measures(&self) -> Measures {
        Measures::of(&self.counts)
    }
}

/// Every measure of one histogram (the `dist` report of the CLI and the page).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Measures {
    /// N, the keys counted.
    pub n: u64,
    /// M, the number of slots.
    pub slots: u32,
    /// P1's A, `(Σ N_i² + N) / 2N`: mean memory accesses per key found (0 for N = 0).
    pub a: f64,
    /// P1's optimum A, `(N/M + 1) / 2`.
    pub a_opt: f64,
    /// The expected A of a uniformly random function, `1 + (N - 1) / (2M)`.
    pub a_random: f64,
    /// P1's B, `M · max N_i / N`, between 1 and M (0 for N = 0).
    pub b: f64,
    /// The largest load, `max N_i`.
    pub max_load: u32,
    /// The expected largest load of N balls in M bins ([`expected_max_load`]).
    pub expected_max_load: f64,
    /// Slots that hold no key.
    pub empty_slots: u64,
    /// The expected number of empty slots of a uniformly random function, `M · e^(-N/M)`.
    pub expected_empty_slots: f64,
    /// χ² of the loads against the uniform expectation N/M ([`chi_square_uniform`]).
    pub chi2: f64,
    /// The χ² test's p-value with M - 1 degrees of freedom: the chance that a uniformly random
    /// function spreads the keys at least this unevenly.
    pub p_value: f64,
}

impl Measures {
    /// Computes every measure of the histogram `counts` (one pass, plus the reference values).
    pub fn of(counts: &[u32]) -> Measures {
        let m = counts.len() as u32;
        let (mut n, mut sum_squares, mut max_load, mut empty) = (0u64, 0u64, 0u32, 0u64);
        for &c in counts {
            n += c as u64;
            sum_squares += c as u64 * c as u64;
            max_load = max_load.max(c);
            empty += (c == 0) as u64;
        }
        let chi2 = chi_square_uniform(counts, n);
        Measures {
            n,
            slots: m,
            a: avg_probes_a_from_sums(sum_squares, n),
            a_opt: avg_probes_a_opt(n, m),
            a_random: avg_probes_a_random(n, m),
            b: load_balance_b_from(max_load, n, m),
            max_load,
            expected_max_load: expected_max_load(n, m),
            empty_slots: empty,
            expected_empty_slots: m as f64 * (-(n as f64) / m as f64).exp(),
            chi2,
            p_value: chi_square_p_value(chi2, m.saturating_sub(1) as f64),
        }
    }
}

/// `χ² = Σ (N_i - N/M)² / (N/M)`; 0 when N = 0.
pub fn chi_square_uniform(counts: &[u32], n: u64) -> f64 {
    if n == 0 || counts.is_empty() {
        return 0.0;
    }
    let e = n as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| {
            let d = c as f64 - e;
            d * d
        })
        .sum::<f64>()
        / e
}

/// The expected largest load when N balls fall uniformly into M bins, by the Poisson
/// approximation `E[max] = Σ_{k>=1} 1 - F(k-1)^M` with λ = N/M (exact as M, N grow; within a
/// fraction of a ball for the papers' sizes). For M = 1 it is N.
pub fn expected_max_load(n: u64, m: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    if m == 1 {
        return n as f64;
    }
    let lambda = n as f64 / m as f64;
    let sd = lambda.sqrt();
    // Below k_lo, F(k-1)^M is 0 to double precision; above k_hi the tail is below 1e-300 / M.
    let k_lo = (lambda - 40.0 * sd - 40.0).max(0.0).floor() as u64;
    let k_hi = (lambda + 60.0 * sd + 200.0).ceil() as u64;
    // tail[k] = P(X >= k), accumulated from the top for accuracy.
    let len = (k_hi - k_lo + 2) as usize;
    let mut tail = vec![0.0f64; len];
    for idx in (0..len - 1).rev() {
        let k = k_lo + idx as u64;
        tail[idx] = tail[idx + 1] + ln_poisson_pmf(k, lambda).exp();
    }
    let m = m as f64;
    let mut e = k_lo as f64; // terms k = 1..=k_lo are 1
    for idx in 0..len - 1 {
        // term for k = k_lo + idx + 1: 1 - (1 - P(X >= k))^M
        let t = tail[idx + 1];
        if t <= 0.0 {
            break;
        }
        e += if t >= 1.0 {
            1.0
        } else {
            -(m * (-t).ln_1p()).exp_m1()
        };
    }
    e.min(n as f64)
}

/// One row of the bucket-size distribution: how many slots hold exactly `size` keys, against
/// the Poisson expectation `M · e^-λ λ^size / size!`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BucketSizeRow {
    /// The load s: keys in one slot.
    pub size: u32,
    /// Slots that hold exactly `size` keys.
    pub slots: u64,
    /// The Poisson expectation of that number, `M · e^-λ λ^size / size!` with λ = N/M.
    pub expected: f64,
}

/// The distribution of bucket sizes of `counts` next to its Poisson expectation, for every size
/// from 0 to the largest bucket.
pub fn bucket_size_distribution(counts: &[u32]) -> Vec<BucketSizeRow> {
    let m = counts.len();
    if m == 0 {
        return Vec::new();
    }
    let max = counts.iter().copied().max().unwrap_or(0);
    let n: u64 = counts.iter().map(|&c| c as u64).sum();
    let mut observed = vec![0u64; max as usize + 1];
    for &c in counts {
        observed[c as usize] += 1;
    }
    let pmf = poisson_pmf(n as f64 / m as f64, max as u64);
    observed
        .into_iter()
        .zip(pmf)
        .enumerate()
        .map(|(size, (slots, p))| BucketSizeRow {
            size: size as u32,
            slots,
            expected: m as f64 * p,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_opt_for_whole_loads() {
        assert!((avg_probes_a_opt_whole(500_000, 200_000) - 1.8).abs() < 1e-12);
        assert!((avg_probes_a_opt(500_000, 200_000) - 1.75).abs() < 1e-12);
        assert_eq!(avg_probes_a_opt_whole(1_000_000, 200_000), 3.0);
        assert_eq!(avg_probes_a_opt_whole(3, 4), 1.0);
        // No assignment does better: a tally at the whole-number optimum measures it.
        let mut t = Tally::new(4);
        for s in [0, 0, 1, 1, 2, 2, 3, 3, 0, 1] {
            t.add(s);
        }
        assert!((t.avg_probes_a() - avg_probes_a_opt_whole(10, 4)).abs() < 1e-12);
    }
    use proptest::prelude::*;

    fn brute_a(counts: &[u32]) -> f64 {
        let n: u64 = counts.iter().map(|&c| c as u64).sum();
        counts
            .iter()
            .map(|&c| c as f64 * (c as f64 + 1.0) / 2.0)
            .sum::<f64>()
            / n as f64
    }

    #[test]
    fn p1_printed_a_opt_values_follow_the_formula_except_one() {
        let m = 200_000;
        let printed = [
            (500_000, 1.75),
            (1_000_000, 2.75),
            (1_500_000, 4.25),
            (2_000_000, 5.5),
            (2_500_000, 6.75),
            (3_000_000, 8.00),
            (20_000_000, 50.50),
        ];
        let wrong: Vec<u64> = printed
            .iter()
            .filter(|(n, p)| (avg_probes_a_opt(*n, m) - p).abs() > 1e-9)
            .map(|(n, _)| *n)
            .collect();
        assert_eq!(wrong, vec![1_000_000]);
        assert_eq!(avg_probes_a_opt(1_000_000, m), 3.0);
    }

    #[test]
    fn ln_gamma_and_gamma_q_known_values() {
        assert!((ln_gamma(1.0)).abs() < 1e-13);
        assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-12);
        assert!((ln_gamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-12);
        // χ² with 1 dof at 3.841 has p = 0.05; with 10 dof at 18.307, p = 0.05.
        assert!((chi_square_p_value(3.841_458_820_694_124, 1.0) - 0.05).abs() < 1e-9);
        assert!((chi_square_p_value(18.307_038_053_275_146, 10.0) - 0.05).abs() < 1e-9);
        // Large dof: the mean of χ²(k) is k, the p-value there is close to 1/2.
        let p = chi_square_p_value(1_999_999.0, 1_999_999.0);
        assert!((p - 0.5).abs() < 0.01, "{p}");
        assert_eq!(gamma_q(3.0, 0.0), 1.0);
    }

    #[test]
    fn expected_max_load_reference_values() {
        // 2 balls in 2 bins: max is 2 with probability 1/2, else 1: E = 1.5 exactly; Poisson
        // approximation gives about 1.6.
        let e = expected_max_load(2, 2);
        assert!((1.3..1.8).contains(&e), "{e}");
        // N = M = 10^6: the classic ln n / ln ln n regime, max load is 8 or 9 in practice.
        let e = expected_max_load(1_000_000, 1_000_000);
        assert!((7.5..9.5).contains(&e), "{e}");
        // Heavy load N = 20 M, M = 8: λ = 2.5 M, sd ≈ 1581, E[max of 8 normals] ≈ 1.42 sd.
        let e = expected_max_load(20_000_000, 8);
        let z = (e - 2_500_000.0) / 2_500_000f64.sqrt();
        assert!((1.3..1.55).contains(&z), "{z}");
        assert_eq!(expected_max_load(10, 1), 10.0);
    }

    #[test]
    fn bucket_sizes_add_up() {
        let counts = vec![0, 1, 1, 2, 0, 5, 1];
        let rows = bucket_size_distribution(&counts);
        assert_eq!(rows.len(), 6);
        assert_eq!(rows.iter().map(|r| r.slots).sum::<u64>(), 7);
        assert_eq!(rows[1].slots, 3);
        let expected_total: f64 = rows.iter().map(|r| r.expected).sum();
        assert!(expected_total < 7.0 && expected_total > 6.5);
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(256))]

        #[test]
        fn tally_equals_brute_force(m in 1u32..50, slots in proptest::collection::vec(0u32..1000, 1..400)) {
            let mut t = Tally::new(m);
            let mut counts = vec![0u32; m as usize];
            for (i, s) in slots.iter().enumerate() {
                t.add(s % m);
                counts[(s % m) as usize] += 1;
                // At every checkpoint the O(1) sweep equals recomputation from scratch.
                let n = i as u64 + 1;
                prop_assert_eq!(t.n(), n);
                prop_assert!((t.avg_probes_a() - brute_a(&counts)).abs() < 1e-9);
                let max = *counts.iter().max().unwrap();
                prop_assert!((t.load_balance_b() - m as f64 * max as f64 / n as f64).abs() < 1e-9);
            }
            let sum: u64 = t.counts().iter().map(|&c| c as u64).sum();
            prop_assert_eq!(sum, slots.len() as u64);
            let ms = t.measures();
            prop_assert!(ms.a >= ms.a_opt - 1e-12);
            prop_assert!(ms.b >= 1.0 - 1e-12 && ms.b <= m as f64 + 1e-12);
            prop_assert!((0.0..=1.0).contains(&ms.p_value));
            prop_assert_eq!(ms.empty_slots, counts.iter().filter(|&&c| c == 0).count() as u64);
        }
    }
}
