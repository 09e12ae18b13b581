//! The hash-quality battery (beyond the papers; P1's A and B beside it): every function of the
//! registry through SMHasher3's kind of tests, on keysets made from the loaded URLs and on
//! synthetic URL-like sets, scored as SMHasher3 scores them.
//!
//! P1 (李晓明 & 凤旺森, 两种对 URL 的散列效果很好的函数, J. Software 2004) judges a URL hash by two
//! measures of its slot histogram: **A**, the mean memory accesses to find a key in a chained
//! table, `Σ N_i (N_i + 1) / 2 / N`, and **B**, the load balance `M · max N_i / N`
//! ([`crate::foundation::metrics`]). They are two columns of this battery's table, measured on
//! the distinct loaded URLs: A among `M = N / a_load` slots (P1's table starts at N/M = 2.5) and B
//! among [`QualityParams::b_slots`] machines (P1's Fig. 2 has 8, 10, 12 and 40; 12 is where hf's
//! B is 3).
//!
//! SMHasher3 (Frank J. T. Wojcik, <https://gitlab.com/fwojcik/smhasher3>, after Austin
//! Appleby's SMHasher) tests a function on keysets built to expose its weaknesses and reports
//! each result as **"^N"**: `⌈−log2 p⌉`, capped at 99, where p is the chance that a random
//! function does at least as badly. A result that is the worst of T sub-tests is corrected by
//! **Šidák**'s `p' = 1 − (1 − p)^T` first. A result **fails** at `p' ≤ 2^-20` and **warns** at
//! `p' ≤ 2^-16`. The lab reimplements those formulas (SMHasher3 is GPL; no code of it is here):
//!
//! | test | statistic | p-value | T |
//! |---|---|---|---|
//! | [`TestKind::UniformityLow`], [`TestKind::UniformityHigh`] | χ² of the low (high) `log2 M` bits of the output over M = 2^8, 2^12, 2^16 buckets (those with M ≤ 2^bits and M ≤ N) | the χ² upper tail with M − 1 degrees of freedom ([`crate::foundation::stats`]) | the M tested |
//! | [`TestKind::Collisions`], [`TestKind::CollisionsLow32`], [`TestKind::CollisionsHigh32`] | values equal to an earlier one, in the full output width (and in its low and high 32 bits when wider) | Harremoës's bound on the Poisson tail, `1 − Φ(√(2 (x ln(x/λ) + λ − x)))` with `x = c − 1/2`; the birthday expectation `λ = n + 2^b (e^{n ln(1 − 2^−b)} − 1)`, or `n(n − 1)/2^{b+1}` above 51 bits | 1 |
//! | [`TestKind::Avalanche`] | for each input bit i of the first [`QualityParams::avalanche_bytes`] bytes and output bit j, how often flipping i flips j, over [`QualityParams::samples`] keys; the worst distance from 1/2 | two-sided fair-coin test, normal approximation | inputs × outputs |
//! | [`TestKind::Bic`] | bit independence: for 32 input bits (bit `b mod 8` of byte b) and every pair of the low 64 output bits, χ² of independence of the two flips' 2 × 2 table (∞, i.e. N, when a cell expects fewer than 10) | χ² with 1 degree of freedom | inputs × pairs |
//!
//! Keysets ([`KeysetId`]): from the loaded URLs, the distinct lines, hosts, paths, 65 536
//! recombinations of their prefixes, cores and suffixes, and 2 000 sampled URLs with 16 one-byte
//! and 16 one-bit changes each (up to 34 000 keys); synthetic: `text` (64 000 keys),
//! `long-head` and `long-tail` (64 000 keys of 100 bytes each), `sparse-8x3` (43 745),
//! `sparse-32x2` (32 897) and `two-bytes` (195 841). The avalanche and BIC run on 1 000 loaded
//! URLs of at least 32 bytes and on 1 000 random 32-byte keys. P1's C functions read C strings,
//! so they stop at a key's first NUL byte: the sparse and two-byte keys are mostly NUL bytes,
//! and those functions fail there by construction, as they would in SMHasher3.
//!
//! The result table ([`QualityReport::summary`]) is sorted as SMHasher3 sorts its summary:
//! functions without a failing test first, by speed (ns per key); then the failing ones by
//! their number of failing tests, then by speed; ties in registry order.
//!
//! The battery runs in steps ([`Battery::step`]) so that the page's worker can run it in
//! slices; timing (ns per key) uses a clock handed in, in milliseconds.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::hash::HashId;
//! use urlhashlab::mechanisms::quality::{QualityParams, QualityStudy, Verdict};
//! let params = QualityParams { synthetic: false, ..QualityParams::default() };
//! let mut study = QualityStudy::for_hashes(&[HashId::Xxh3, HashId::Hf], params);
//! for i in 0..2000 {
//!     study.push(format!("http://www.site{}.cn/page/{}.html", i % 37, i).as_bytes());
//! }
//! let mut t = 0.0;
//! let report = study.finish(&mut || { t += 1.0; t });
//! let row = |id: &str| report.summary.iter().find(|r| r.hash == id).unwrap();
//! assert_eq!(row("xxh3").failures, 0);
//! assert!(row("hf").failures > 0);
//! assert_eq!(report.summary[0].hash, "xxh3");
//! ```

pub mod keysets;
pub mod scores;

#[cfg(test)]
mod tests;

use crate::foundation::hash::{reduce, HashId};
use crate::foundation::metrics::{avg_probes_a_opt, avg_probes_a_random, Tally};
use crate::foundation::stats::chi_square_p_value;
use crate::foundation::timing::{repeat_cap, repeated, us_per_url};
pub use keysets::{AvalancheSetId, Keys, KeysetId};
pub use scores::Verdict;
use serde::{Deserialize, Serialize};

/// The lines the battery reads by default: `urlhash quality`'s `--limit` and the page's view.
pub const QUALITY_LINES: u64 = 100_000;

/// The battery's sizes and settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QualityParams {
    /// The seed of every draw.
    pub seed: u64,
    /// Keys per avalanche set.
    pub samples: u32,
    /// The avalanche flips each bit of this many first bytes.
    pub avalanche_bytes: u32,
    /// Keys drawn for the recombined set.
    pub recombined: u32,
    /// URLs sampled for the one-byte and one-bit sets.
    pub variants: u32,
    /// Changes per sampled URL.
    pub changes: u32,
    /// P1's A is measured among `N / a_load` slots.
    pub a_load: f64,
    /// P1's B is measured among this many machines.
    pub b_slots: u32,
    /// Run the synthetic keysets and the random avalanche set.
    pub synthetic: bool,
}

impl Default for QualityParams {
    fn default() -> Self {
        QualityParams {
            seed: 35,
            samples: 1000,
            avalanche_bytes: 32,
            recombined: 65_536,
            variants: 2000,
            changes: 16,
            a_load: 2.5,
            b_slots: 12,
            synthetic: true,
        }
    }
}

/// A function of byte strings to a raw value of up to 128 bits.
type HashFnBox = dyn Fn(&[u8]) -> u128;

/// A function under test: an id, the bits of its output, the function.
pub struct Subject {
    /// The registry's key (`xxh3`), or a test's own name.
    pub id: String,
    /// Bits of the output: the battery reads `hash(key) mod 2^bits`.
    pub bits: u32,
    hash: Box<HashFnBox>,
}

impl Subject {
    /// A function of the registry.
    pub fn registry(id: HashId) -> Subject {
        Subject {
            id: id.info().key.to_string(),
            bits: id.info().bits,
            hash: Box::new(move |k| id.raw(k)),
        }
    }

    /// Any function of `bits` bits.
    pub fn custom(id: &str, bits: u32, hash: impl Fn(&[u8]) -> u128 + 'static) -> Subject {
        Subject {
            id: id.to_string(),
            bits: bits.clamp(1, 128),
            hash: Box::new(hash),
        }
    }

    /// The output of `key`, in `bits` bits.
    pub fn hash(&self, key: &[u8]) -> u128 {
        (self.hash)(key) & mask(self.bits)
    }
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// One test of the battery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// χ² of the low bits over M buckets.
    UniformityLow,
    /// χ² of the high bits over M buckets.
    UniformityHigh,
    /// Collisions in the full output width.
    Collisions,
    /// Collisions in the low 32 bits of a wider output.
    CollisionsLow32,
    /// Collisions in the high 32 bits of a wider output.
    CollisionsHigh32,
    /// The worst input bit → output bit flip probability.
    Avalanche,
    /// The worst dependence between two output bits' flips.
    Bic,
}

impl TestKind {
    /// Every test, in report order.
    pub const ALL: [TestKind; 7] = [
        TestKind::UniformityLow,
        TestKind::UniformityHigh,
        TestKind::Collisions,
        TestKind::CollisionsLow32,
        TestKind::CollisionsHigh32,
        TestKind::Avalanche,
        TestKind::Bic,
    ];

    /// The id reports name it by.
    pub fn id(self) -> &'static str {
        match self {
            TestKind::UniformityLow => "uniformity_low",
            TestKind::UniformityHigh => "uniformity_high",
            TestKind::Collisions => "collisions",
            TestKind::CollisionsLow32 => "collisions_low32",
            TestKind::CollisionsHigh32 => "collisions_high32",
            TestKind::Avalanche => "avalanche",
            TestKind::Bic => "bic",
        }
    }

    /// What the test measures, in English.
    pub fn about(self) -> &'static str {
        match self {
            TestKind::UniformityLow => "χ² of the low bits over 2^8, 2^12, 2^16 buckets: do the keys spread evenly when a table takes hash mod 2^k?",
            TestKind::UniformityHigh => "χ² of the high bits over 2^8, 2^12, 2^16 buckets: do the keys spread evenly when a table takes the top k bits?",
            TestKind::Collisions => "equal outputs against the birthday expectation for the output's width",
            TestKind::CollisionsLow32 => "equal low 32 bits against the birthday expectation",
            TestKind::CollisionsHigh32 => "equal high 32 bits against the birthday expectation",
            TestKind::Avalanche => "flipping one input bit should flip each output bit half the time",
            TestKind::Bic => "flipping one input bit should flip any two output bits independently",
        }
    }

    /// What the test measures, in Chinese.
    pub fn about_zh(self) -> &'static str {
        match self {
            TestKind::UniformityLow => {
                "低位在 2^8、2^12、2^16 个桶上的 χ²：表按散列值 mod 2^k 取桶时，键是否分布均匀？"
            }
            TestKind::UniformityHigh => {
                "高位在 2^8、2^12、2^16 个桶上的 χ²：表取最高 k 位时，键是否分布均匀？"
            }
            TestKind::Collisions => "输出相同的键数，与该输出宽度下的生日期望相比",
            TestKind::CollisionsLow32 => "低 32 位相同的键数，与生日期望相比",
            TestKind::CollisionsHigh32 => "高 32 位相同的键数，与生日期望相比",
            TestKind::Avalanche => "翻转一个输入比特，每个输出比特应有一半的概率翻转",
            TestKind::Bic => "翻转一个输入比特，任意两个输出比特的翻转应相互独立",
        }
    }
}

/// One line of the battery: a test of one function on one keyset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestResult {
    /// The keyset's id ([`KeysetId::id`], or [`AvalancheSetId::id`] for the avalanche tests).
    pub keyset: &'static str,
    /// What was tested.
    pub test: TestKind,
    /// Keys hashed (for the avalanche tests: the keys whose bits were flipped).
    pub keys: u64,
    /// The buckets of the worst χ² (uniformity tests).
    pub slots: Option<u32>,
    /// The bits compared (collision tests).
    pub width: Option<u32>,
    /// χ²; collisions; the worst flip probability; the worst |φ| of two output bits' flips.
    pub observed: f64,
    /// Its expectation for a random function: the degrees of freedom; the birthday
    /// expectation; 0.5; 0.
    pub expected: f64,
    /// The input bit of the worst cell (avalanche, BIC).
    pub input_bit: Option<u32>,
    /// Its output bit (avalanche), or the first of the two (BIC).
    pub output_bit: Option<u32>,
    /// The second output bit (BIC).
    pub output_bit_b: Option<u32>,
    /// The p-value of the worst sub-test alone.
    pub p_value: f64,
    /// Sub-tests this line is the worst of (Šidák's T).
    pub tests: u64,
    /// `1 − (1 − p_value)^tests`.
    pub p_corrected: f64,
    /// SMHasher3's "^N": `⌈−log2 p_corrected⌉`, at most 99.
    pub log2_p: u32,
    /// Pass, warn (p ≤ 2^-16) or fail (p ≤ 2^-20).
    pub verdict: Verdict,
}

impl TestResult {
    fn new(
        keyset: &'static str,
        test: TestKind,
        keys: u64,
        observed: f64,
        expected: f64,
        p_value: f64,
        tests: u64,
    ) -> TestResult {
        let p_corrected = scores::sidak(p_value, tests);
        TestResult {
            keyset,
            test,
            keys,
            slots: None,
            width: None,
            observed,
            expected,
            input_bit: None,
            output_bit: None,
            output_bit_b: None,
            p_value,
            tests,
            p_corrected,
            log2_p: scores::log2_p(p_corrected),
            verdict: Verdict::of(p_corrected),
        }
    }
}

/// The bucket counts the uniformity tests use: `log2 M` in 8, 12, 16.
pub const UNIFORMITY_BITS: [u32; 3] = [8, 12, 16];

/// χ² of the low and of the high bits of `values` (outputs of `bits` bits) over the M of
/// [`UNIFORMITY_BITS`] with `M ≤ 2^bits` and `M ≤ n`: one line per side, its worst M.
pub fn uniformity_tests(keyset: &'static str, values: &[u128], bits: u32) -> Vec<TestResult> {
    let n = values.len() as u64;
    let mut out = Vec::new();
    for (test, high) in [
        (TestKind::UniformityLow, false),
        (TestKind::UniformityHigh, true),
    ] {
        let mut worst: Option<(f64, f64, u32)> = None;
        let mut tried = 0u64;
        for k in UNIFORMITY_BITS {
            let m = 1u32 << k;
            if k > bits || n < m as u64 {
                continue;
            }
            tried += 1;
            let mut counts = vec![0u32; m as usize];
            for &v in values {
                let b = if high { v >> (bits - k) } else { v } as u32 & (m - 1);
                counts[b as usize] += 1;
            }
            let (chi2, p) = scores::chi_square(&counts);
            if worst.map_or(true, |(_, wp, _)| p < wp) {
                worst = Some((chi2, p, m));
            }
        }
        if let Some((chi2, p, m)) = worst {
            let mut r = TestResult::new(keyset, test, n, chi2, (m - 1) as f64, p, tried);
            r.slots = Some(m);
            out.push(r);
        }
    }
    out
}

/// Collisions of `values` (outputs of `bits` bits) in the full width, and in the low and the
/// high 32 bits when the width is above 32.
pub fn collision_tests(keyset: &'static str, values: &[u128], bits: u32) -> Vec<TestResult> {
    let n = values.len() as u64;
    let mut widths = vec![(TestKind::Collisions, bits, 0u32)];
    if bits > 32 {
        widths.push((TestKind::CollisionsLow32, 32, 0));
        widths.push((TestKind::CollisionsHigh32, 32, bits - 32));
    }
    let mut work: Vec<u128> = Vec::with_capacity(values.len());
    widths
        .into_iter()
        .map(|(test, width, shift)| {
            work.clear();
            work.extend(values.iter().map(|&v| (v >> shift) & mask(width)));
            let c = scores::count_collisions(&mut work);
            let e = scores::expected_collisions(n, width);
            let mut r = TestResult::new(keyset, test, n, c as f64, e, scores::collision_p(e, c), 1);
            r.width = Some(width);
            r
        })
        .collect()
}

/// One function's avalanche on one set of keys, drawn as heat maps.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AvalancheMap {
    /// [`AvalancheSetId::id`].
    pub keyset: &'static str,
    /// Keys whose bits were flipped.
    pub samples: u32,
    /// Input bits flipped: every bit of the first bytes (bit `i` is bit `i mod 8` of byte
    /// `i / 8`, 0 the lowest).
    pub input_bits: u32,
    /// Output bits watched (the output's width, at most 128).
    pub output_bits: u32,
    /// Row-major `input_bits × output_bits`: how many of the samples flipped output bit j when
    /// input bit i was flipped (divide by `samples` for the probability; 1/2 is ideal).
    pub flips: Vec<u32>,
    /// The worst `|flips / samples − 1/2|`.
    pub worst_bias: f64,
    /// The input bits of the BIC.
    pub bic_input_bits: Vec<u32>,
    /// Output bits of the BIC (the low ones, at most 64).
    pub bic_output_bits: u32,
    /// Row-major `bic_output_bits²`, symmetric, 0 on the diagonal: for each pair of output
    /// bits, the worst |φ| (the correlation of their flips) over the BIC's input bits.
    pub bic_worst: Vec<f32>,
}

/// The BIC's input bits for keys of `bytes` bytes: bit `b mod 8` of each of the first 32 bytes.
pub fn bic_input_bits(bytes: u32) -> Vec<u32> {
    (0..bytes.min(32)).map(|b| 8 * b + b % 8).collect()
}

/// The avalanche and BIC of `subject` on `keys` (each of at least `bytes` bytes), with their two
/// test lines.
pub fn avalanche(
    keyset: &'static str,
    subject: &Subject,
    keys: &Keys,
    bytes: u32,
) -> (AvalancheMap, [TestResult; 2]) {
    let in_bits = bytes * 8;
    let out_bits = subject.bits.min(128);
    let bic_in = bic_input_bits(bytes);
    let bic_out = out_bits.min(64);
    let bic_mask = if bic_out >= 64 {
        u64::MAX
    } else {
        (1u64 << bic_out) - 1
    };
    let mut flips = vec![0u32; (in_bits * out_bits) as usize];
    // Both flipped, per BIC input bit and pair (j < k), at j * 64 + k.
    let mut both = vec![0u32; bic_in.len() * 64 * 64];
    let mut buf = Vec::new();
    let mut samples = 0u32;
    for key in keys.iter() {
        if key.len() < bytes as usize {
            continue;
        }
        samples += 1;
        let h0 = subject.hash(key);
        buf.clear();
        buf.extend_from_slice(key);
        let mut b_index = 0;
        for i in 0..in_bits {
            let (byte, bit) = ((i / 8) as usize, i % 8);
            buf[byte] ^= 1 << bit;
            let d = h0 ^ subject.hash(&buf);
            buf[byte] ^= 1 << bit;
            let row = &mut flips[(i * out_bits) as usize..((i + 1) * out_bits) as usize];
            let mut rest = d;
            while rest != 0 {
                let j = rest.trailing_zeros();
                row[j as usize] += 1;
                rest &= rest - 1;
            }
            if b_index < bic_in.len() && bic_in[b_index] == i {
                let cell = &mut both[b_index * 4096..(b_index + 1) * 4096];
                let low = d as u64 & bic_mask;
                let mut rj = low;
                while rj != 0 {
                    let j = rj.trailing_zeros();
                    rj &= rj - 1;
                    let mut rk = rj;
                    while rk != 0 {
                        let k = rk.trailing_zeros();
                        rk &= rk - 1;
                        cell[(j * 64 + k) as usize] += 1;
                    }
                }
                b_index += 1;
            }
        }
    }
    let n = samples as u64;
    // The avalanche's worst cell.
    let (mut worst_dev, mut worst_at) = (-1i64, 0usize);
    for (i, &c) in flips.iter().enumerate() {
        let dev = (2 * c as i64 - n as i64).abs();
        if dev > worst_dev {
            worst_dev = dev;
            worst_at = i;
        }
    }
    let worst_bias = if n == 0 {
        0.0
    } else {
        worst_dev as f64 / (2.0 * n as f64)
    };
    let cells = (in_bits * out_bits) as u64;
    let worst_flips = flips.get(worst_at).copied().unwrap_or(0) as u64;
    let mut av = TestResult::new(
        keyset,
        TestKind::Avalanche,
        n,
        if n == 0 {
            0.5
        } else {
            worst_flips as f64 / n as f64
        },
        0.5,
        scores::coin_p(worst_flips, n),
        cells,
    );
    av.input_bit = Some(worst_at as u32 / out_bits.max(1));
    av.output_bit = Some(worst_at as u32 % out_bits.max(1));
    // The BIC.
    let mut bic_worst = vec![0f32; (bic_out * bic_out) as usize];
    let (mut worst_chi2, mut worst) = (-1.0f64, (0u32, 0u32, 0u32));
    for (b, &i) in bic_in.iter().enumerate() {
        for j in 0..bic_out {
            let cj = flips[(i * out_bits + j) as usize] as u64;
            for k in j + 1..bic_out {
                let ck = flips[(i * out_bits + k) as usize] as u64;
                let n11 = both[b * 4096 + (j * 64 + k) as usize] as u64;
                let chi2 = scores::chi_square_2x2([n + n11 - cj - ck, ck - n11, cj - n11, n11]);
                let phi = if n == 0 {
                    0.0
                } else {
                    (chi2 / n as f64).sqrt()
                };
                for at in [j * bic_out + k, k * bic_out + j] {
                    let cell = &mut bic_worst[at as usize];
                    *cell = cell.max(phi as f32);
                }
                if chi2 > worst_chi2 {
                    worst_chi2 = chi2;
                    worst = (i, j, k);
                }
            }
        }
    }
    let pairs = (bic_out as u64 * bic_out.saturating_sub(1) as u64 / 2) * bic_in.len() as u64;
    let worst_chi2 = worst_chi2.max(0.0);
    let mut bic = TestResult::new(
        keyset,
        TestKind::Bic,
        n,
        if n == 0 {
            0.0
        } else {
            (worst_chi2 / n as f64).sqrt()
        },
        0.0,
        chi_square_p_value(worst_chi2, 1.0),
        pairs.max(1),
    );
    bic.input_bit = Some(worst.0);
    bic.output_bit = Some(worst.1);
    bic.output_bit_b = Some(worst.2);
    let map = AvalancheMap {
        keyset,
        samples,
        input_bits: in_bits,
        output_bits: out_bits,
        flips,
        worst_bias,
        bic_input_bits: bic_in,
        bic_output_bits: bic_out,
        bic_worst,
    };
    (map, [av, bic])
}

/// P1's measures of one function on the distinct loaded URLs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P1Columns {
    /// N: the distinct URLs.
    pub keys: u64,
    /// M of A: `round(N / a_load)`, at least 1.
    pub a_slots: u32,
    /// P1's A among `a_slots` slots.
    pub a: f64,
    /// P1's optimum, `(N/M + 1) / 2`.
    pub a_opt: f64,
    /// A random function's expected A, `1 + (N − 1) / 2M`.
    pub a_random: f64,
    /// M of B: the machines.
    pub b_slots: u32,
    /// P1's B among `b_slots` machines, `M · max N_i / N` (1 is perfect).
    pub b: f64,
}

/// P1's A and B of `subject` on `keys`.
pub fn p1_columns(subject: &Subject, keys: &Keys, a_load: f64, b_slots: u32) -> P1Columns {
    let n = keys.len() as u64;
    let a_slots = ((n as f64 / a_load.max(1e-9)).round() as u64).clamp(1, u32::MAX as u64) as u32;
    let b_slots = b_slots.max(1);
    let (mut a, mut b) = (Tally::new(a_slots), Tally::new(b_slots));
    for k in keys.iter() {
        let raw = subject.hash(k);
        a.add(reduce(raw, a_slots));
        b.add(reduce(raw, b_slots));
    }
    P1Columns {
        keys: n,
        a_slots,
        a: a.avg_probes_a(),
        a_opt: avg_probes_a_opt(n, a_slots),
        a_random: avg_probes_a_random(n, a_slots),
        b_slots,
        b: b.load_balance_b(),
    }
}

/// Nanoseconds per key of `subject` over `keys`, timed with `now` (milliseconds), repeated as
/// [`crate::foundation::timing`] says.
pub fn ns_per_key(subject: &Subject, keys: &Keys, now: &mut dyn FnMut() -> f64) -> f64 {
    if keys.is_empty() {
        return 0.0;
    }
    let (_, ms, repeats) = repeated(repeat_cap(keys.len()), now, || {
        let mut x = 0u128;
        for k in keys.iter() {
            x ^= subject.hash(k);
        }
        std::hint::black_box(x)
    });
    us_per_url(ms, repeats, keys.len()) * 1000.0
}

/// Everything the battery found on one function.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FunctionQuality {
    /// The registry's key.
    pub hash: String,
    /// Bits of its output.
    pub bits: u32,
    /// Nanoseconds per key on the loaded URLs (on the `text` keys when none is loaded).
    pub ns_per_key: f64,
    /// P1's A and B on the distinct loaded URLs (none when none is loaded).
    pub p1: Option<P1Columns>,
    /// Every test line, keyset by keyset.
    pub tests: Vec<TestResult>,
    /// The avalanche heat maps.
    pub avalanche: Vec<AvalancheMap>,
}

/// One row of the result table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SummaryRow {
    /// The registry's key.
    pub hash: String,
    /// Bits of its output.
    pub bits: u32,
    /// Test lines run.
    pub tests: u32,
    /// Lines passed.
    pub passed: u32,
    /// Lines with a warning.
    pub warnings: u32,
    /// Lines failed.
    pub failures: u32,
    /// The highest "^N" of its lines.
    pub worst_log2_p: u32,
    /// The line of that "^N": `keyset test` (the first such).
    pub worst_test: Option<String>,
    /// Nanoseconds per key.
    pub ns_per_key: f64,
    /// P1's A (see [`P1Columns`]).
    pub a: Option<f64>,
    /// P1's B.
    pub b: Option<f64>,
    /// Fail when a line failed, else warn when one warned, else pass.
    pub verdict: Verdict,
}

impl SummaryRow {
    fn of(f: &FunctionQuality) -> SummaryRow {
        let count = |v: Verdict| f.tests.iter().filter(|t| t.verdict == v).count() as u32;
        let worst = f.tests.iter().fold(None::<&TestResult>, |w, t| match w {
            Some(w) if w.log2_p >= t.log2_p => Some(w),
            _ => Some(t),
        });
        let verdict = f
            .tests
            .iter()
            .map(|t| t.verdict)
            .max()
            .unwrap_or(Verdict::Pass);
        SummaryRow {
            hash: f.hash.clone(),
            bits: f.bits,
            tests: f.tests.len() as u32,
            passed: count(Verdict::Pass),
            warnings: count(Verdict::Warn),
            failures: count(Verdict::Fail),
            worst_log2_p: worst.map_or(0, |t| t.log2_p),
            worst_test: worst.map(|t| format!("{} {}", t.keyset, t.test.id())),
            ns_per_key: f.ns_per_key,
            a: f.p1.as_ref().map(|p| p.a),
            b: f.p1.as_ref().map(|p| p.b),
            verdict,
        }
    }
}

/// Sorts rows as SMHasher3 sorts its summary: no failure first, by ns per key; then by
/// failures, then ns per key. Stable: ties keep their order.
pub fn sort_summary(rows: &mut [SummaryRow]) {
    rows.sort_by(|x, y| {
        (x.failures > 0)
            .cmp(&(y.failures > 0))
            .then_with(|| {
                if x.failures > 0 {
                    x.failures.cmp(&y.failures)
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .then_with(|| x.ns_per_key.total_cmp(&y.ns_per_key))
    });
}

/// What a keyset was, in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeysetInfo {
    /// [`KeysetId::id`] or [`AvalancheSetId::id`].
    pub id: String,
    /// `urls` (made from the loaded URLs) or `synthetic`.
    pub origin: &'static str,
    /// Distinct keys.
    pub keys: u64,
    /// What they are, in English.
    pub about: &'static str,
    /// What they are, in Chinese.
    pub about_zh: &'static str,
}

/// A test's id and its explanation in both languages (for the page's legend).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestInfo {
    /// [`TestKind`] as reports write it.
    pub test: TestKind,
    /// In English.
    pub about: &'static str,
    /// In Chinese.
    pub about_zh: &'static str,
}

/// The battery's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QualityReport {
    /// The settings it ran with.
    pub params: QualityParams,
    /// URL lines pushed.
    pub lines: u64,
    /// Distinct among them.
    pub distinct_urls: u64,
    /// The keysets, in run order.
    pub keysets: Vec<KeysetInfo>,
    /// The tests, explained.
    pub test_kinds: Vec<TestInfo>,
    /// Per function, in the order asked.
    pub functions: Vec<FunctionQuality>,
    /// The result table, sorted as SMHasher3 sorts ([`sort_summary`]).
    pub summary: Vec<SummaryRow>,
    /// p at or below which a line fails (2^-20).
    pub fail_p: f64,
    /// p at or below which a line warns (2^-16).
    pub warn_p: f64,
}

/// The battery's first phase: the loaded URLs, pushed one line at a time.
pub struct QualityStudy {
    subjects: Vec<Subject>,
    params: QualityParams,
    urls: Keys,
    lines: u64,
}

impl QualityStudy {
    /// A study of `subjects`.
    pub fn new(subjects: Vec<Subject>, params: QualityParams) -> QualityStudy {
        QualityStudy {
            subjects,
            params,
            urls: Keys::distinct(),
            lines: 0,
        }
    }

    /// A study of registry functions (each once, in the order given).
    pub fn for_hashes(hashes: &[HashId], params: QualityParams) -> QualityStudy {
        let mut ids: Vec<HashId> = Vec::new();
        for &h in hashes {
            if !ids.contains(&h) {
                ids.push(h);
            }
        }
        QualityStudy::new(ids.into_iter().map(Subject::registry).collect(), params)
    }

    /// One URL line (kept once, however often it comes).
    pub fn push(&mut self, url: &[u8]) {
        self.lines += 1;
        self.urls.push(url);
    }

    /// Lines pushed.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Ends the pushing: the battery, ready to run in steps.
    pub fn begin(self) -> Battery {
        let p = &self.params;
        let mut units = Vec::new();
        let keysets: Vec<KeysetId> = KeysetId::ALL
            .into_iter()
            .filter(|k| p.synthetic || k.from_urls())
            .collect();
        let avalanche: Vec<AvalancheSetId> = AvalancheSetId::ALL
            .into_iter()
            .filter(|a| p.synthetic || *a == AvalancheSetId::Urls)
            .collect();
        // Each keyset is built just before the first function's tests on it, so that the first
        // function's lines come early (a first picture while the battery runs).
        for f in 0..self.subjects.len() {
            for k in 0..keysets.len() {
                if f == 0 {
                    units.push(Unit::Build(k));
                }
                units.push(Unit::Keyset(f, k));
            }
            for a in 0..avalanche.len() {
                if f == 0 {
                    units.push(Unit::BuildAvalanche(a));
                }
                units.push(Unit::Avalanche(f, a));
            }
            // Last: timing a list without URLs takes the Text keyset, built by then.
            units.push(Unit::Measure(f));
        }
        let functions = self
            .subjects
            .iter()
            .map(|s| FunctionQuality {
                hash: s.id.clone(),
                bits: s.bits,
                ns_per_key: 0.0,
                p1: None,
                tests: Vec::new(),
                avalanche: Vec::new(),
            })
            .collect();
        let mut urls = self.urls;
        urls.seal();
        Battery {
            subjects: self.subjects,
            params: self.params,
            lines: self.lines,
            urls,
            keyset_ids: keysets,
            keysets: Vec::new(),
            avalanche_ids: avalanche,
            avalanche_keys: Vec::new(),
            units,
            done: 0,
            functions,
            timed: true,
        }
    }

    /// The whole battery at once, timed with `now` (milliseconds).
    pub fn finish(self, now: &mut dyn FnMut() -> f64) -> QualityReport {
        let mut b = self.begin();
        while b.step(now) {}
        b.finish()
    }
}

#[derive(Clone, Copy, Debug)]
enum Unit {
    Build(usize),
    BuildAvalanche(usize),
    Measure(usize),
    Keyset(usize, usize),
    Avalanche(usize, usize),
}

/// The battery, run one unit at a time: each keyset built, then per function its timing and
/// P1's columns, each keyset's tests and each avalanche (each unit a few to a hundred
/// milliseconds natively on the default sizes).
pub struct Battery {
    subjects: Vec<Subject>,
    params: QualityParams,
    lines: u64,
    urls: Keys,
    keyset_ids: Vec<KeysetId>,
    keysets: Vec<Keys>,
    avalanche_ids: Vec<AvalancheSetId>,
    avalanche_keys: Vec<Keys>,
    units: Vec<Unit>,
    done: usize,
    functions: Vec<FunctionQuality>,
    /// Time each function ([`ns_per_key`]); off, its `ns_per_key` stays 0 (the page times
    /// the functions apart, one a request).
    timed: bool,
}

impl Battery {
    /// The same battery without timing: every `ns_per_key` 0, no clock read (the page's study,
    /// which times the functions apart with the browser's clock).
    pub fn untimed(mut self) -> Battery {
        self.timed = false;
        self
    }

    /// The summary rows of the functions under test or done, of their lines so far, in the
    /// order asked (a first picture while the battery runs), and how many are done.
    pub fn functions_so_far(&self) -> (Vec<SummaryRow>, usize) {
        let mut first = vec![usize::MAX; self.functions.len()];
        let mut last = vec![0; self.functions.len()];
        for (i, u) in self.units.iter().enumerate() {
            if let Unit::Measure(f) | Unit::Keyset(f, _) | Unit::Avalanche(f, _) = *u {
                first[f] = first[f].min(i);
                last[f] = i;
            }
        }
        let rows = (0..self.functions.len())
            .filter(|&f| first[f] < self.done)
            .map(|f| SummaryRow::of(&self.functions[f]))
            .collect();
        let done = (0..self.functions.len())
            .filter(|&f| last[f] < self.done)
            .count();
        (rows, done)
    }

    /// Units in all.
    pub fn units(&self) -> usize {
        self.units.len()
    }

    /// Units run.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Runs the next unit; `false` when none was left.
    pub fn step(&mut self, now: &mut dyn FnMut() -> f64) -> bool {
        let Some(&unit) = self.units.get(self.done) else {
            return false;
        };
        let p = &self.params;
        match unit {
            Unit::Build(k) => {
                let sizes = keysets::Sizes {
                    seed: p.seed,
                    recombined: p.recombined as usize,
                    variants: p.variants as usize,
                    changes: p.changes as usize,
                };
                let keys = keysets::build(self.keyset_ids[k], &self.urls, &sizes);
                self.keysets.push(keys);
            }
            Unit::BuildAvalanche(a) => {
                let keys = keysets::avalanche_keys(
                    self.avalanche_ids[a],
                    &self.urls,
                    p.samples as usize,
                    p.avalanche_bytes as usize,
                    p.seed,
                );
                self.avalanche_keys.push(keys);
            }
            Unit::Measure(f) => {
                let s = &self.subjects[f];
                let timed = if self.urls.is_empty() {
                    self.keyset_ids
                        .iter()
                        .position(|&k| k == KeysetId::Text)
                        .map(|i| &self.keysets[i])
                } else {
                    Some(&self.urls)
                };
                let out = &mut self.functions[f];
                if self.timed {
                    out.ns_per_key = timed.map_or(0.0, |keys| ns_per_key(s, keys, now));
                }
                if !self.urls.is_empty() {
                    out.p1 = Some(p1_columns(s, &self.urls, p.a_load, p.b_slots));
                }
            }
            Unit::Keyset(f, k) => {
                let (s, keys) = (&self.subjects[f], &self.keysets[k]);
                if keys.len() >= 2 {
                    let id = self.keyset_ids[k].id();
                    let values: Vec<u128> = keys.iter().map(|key| s.hash(key)).collect();
                    let out = &mut self.functions[f].tests;
                    out.extend(uniformity_tests(id, &values, s.bits));
                    out.extend(collision_tests(id, &values, s.bits));
                }
            }
            Unit::Avalanche(f, a) => {
                let keys = &self.avalanche_keys[a];
                if !keys.is_empty() {
                    let (map, tests) = avalanche(
                        self.avalanche_ids[a].id(),
                        &self.subjects[f],
                        keys,
                        p.avalanche_bytes,
                    );
                    let out = &mut self.functions[f];
                    out.avalanche.push(map);
                    out.tests.extend(tests);
                }
            }
        }
        self.done += 1;
        true
    }

    /// Runs units until `budget_ms` have passed on `now` or none is left; `true` when done.
    pub fn run_for(&mut self, budget_ms: f64, now: &mut dyn FnMut() -> f64) -> bool {
        let t0 = now();
        while self.step(now) {
            if now() - t0 >= budget_ms {
                break;
            }
        }
        self.done >= self.units.len()
    }

    /// The report (of the units run so far; run them all first).
    pub fn finish(self) -> QualityReport {
        let mut keysets: Vec<KeysetInfo> = self
            .keyset_ids
            .iter()
            .zip(&self.keysets)
            .map(|(id, keys)| KeysetInfo {
                id: id.id().to_string(),
                origin: if id.from_urls() { "urls" } else { "synthetic" },
                keys: keys.len() as u64,
                about: id.about(),
                about_zh: id.about_zh(),
            })
            .collect();
        keysets.extend(
            self.avalanche_ids
                .iter()
                .zip(&self.avalanche_keys)
                .map(|(id, keys)| {
                    let urls = *id == AvalancheSetId::Urls;
                    KeysetInfo {
                        id: id.id().to_string(),
                        origin: if urls { "urls" } else { "synthetic" },
                        keys: keys.len() as u64,
                        about: if urls {
                            "loaded URLs of at least the flipped bytes, spread over the list"
                        } else {
                            "random keys, each byte 1 to 255"
                        },
                        about_zh: if urls {
                            "不短于被翻转字节数的已载入 URL，均匀取自列表"
                        } else {
                            "随机键，每个字节取 1 到 255"
                        },
                    }
                }),
        );
        let mut summary: Vec<SummaryRow> = self.functions.iter().map(SummaryRow::of).collect();
        sort_summary(&mut summary);
        QualityReport {
            params: self.params,
            lines: self.lines,
            distinct_urls: self.urls.len() as u64,
            keysets,
            test_kinds: TestKind::ALL
                .into_iter()
                .map(|t| TestInfo {
                    test: t,
                    about: t.about(),
                    about_zh: t.about_zh(),
                })
                .collect(),
            functions: self.functions,
            summary,
            fail_p: scores::FAIL_P,
            warn_p: scores::WARN_P,
        }
    }
}
