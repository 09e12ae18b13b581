//! P5 = 吴家奇 et al., 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018): its printed
//! numbers and the P5 study, every experiment `urlhash paper p5` reports, measured on one
//! inserted / held-out split of a URL list (see [`crate::split`]).
//!
//! P5 dedups URLs with a counting Bloom filter of 4-bit counters, k = 8 and m/N = 20 (after its
//! reference \[12\], Cao's table; it prints no rate), backed by a store of MD5 fingerprints
//! (IMP-CB, [`crate::cbf::ImpCb`]), and prints the overflow bound `P(max c ≥ 16) ≤ 1.37 × 10^15
//! × m` with the formula `m (ln 2 / j)^j`: both misprints of Fan et al.'s `m (e ln 2 / j)^j`.
//! Its Fig. 3 compares the store alone with IMP-CB at N = 0.5 to 2 million and prints no numbers.
//!
//! [`study`] measures, on the same keys:
//! 1. false positives at P5's and P4's points, `(1 − (1 − 1/m)^(kN))^k` beside them
//!    ([`crate::bloom::sweep_fpr`]);
//! 2. the overflow theory at P5's settings;
//! 3. Fig. 3 replayed: the store alone against IMP-CB, timed by the clock it is handed (the
//!    CLI's `Instant`), at [`FIG3_N`] when the input has 2 million URLs, else at quarters of it;
//! 4. deletes at P5's settings and at saturating ones ([`crate::cbf::deletion_experiment`]).
//!
//! ```
//! use urlhashlab::papers::p5;
//! let keys: Vec<String> = (0..2_000).map(|i| format!("http://www.a{i}.cn/")).collect();
//! let keys: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
//! let (inserted, held_out) = keys.split_at(1_000);
//! let mut clock = 0.0;
//! let r = p5::study(inserted, held_out, &mut || { clock += 1.0; clock }).unwrap();
//! assert_eq!(r.fig3.iter().map(|f| f.n).collect::<Vec<_>>(), [250, 500, 750, 1_000]);
//! // IMP-CB recounts a saturated counter from its store: it never loses a kept URL.
//! let imp = r.deletion_saturating.rows.iter().find(|row| row.structure == "imp-cb").unwrap();
//! assert_eq!(imp.false_negatives, 0);
//! ```

use crate::bloom::{self, FprReport, IndexMethod, PaperRow};
use crate::cbf::{
    self, DeletionReport, FingerprintStore, ImpCb, OVERFLOW_J16_FACTOR, OVERFLOW_J16_WITHOUT_E,
};
use serde::Serialize;

/// P5's printed "P(max c(i) >= 16) <= 1.37 × 10^15 × m" (a misprint: the exponent's sign lost).
pub const P5_PRINTED_J16_FACTOR: f64 = 1.37e15;
/// P5's counting filter: k = 8…
pub const P5_K: u32 = 8;
/// …m/N = 20…
pub const P5_RATIO: f64 = 20.0;
/// …and 4-bit counters.
pub const P5_COUNTER_BITS: u32 = 4;
/// A counting filter that saturates (m/N, k, counter bits), to show what deletes then lose.
pub const SATURATING: (f64, u32, u32) = (2.0, 4, 2);
/// The N of P5's Fig. 3.
pub const FIG3_N: [u64; 4] = [500_000, 1_000_000, 1_500_000, 2_000_000];
/// The optimal k at P5's m/N, `20 ln 2 ≈ 13.9`, rounded down: the other k the study measures.
pub const OPTIMAL_K: u32 = 14;

/// P5's two misprints of the overflow bound and the corrected factor, at j = 16.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P5Printed {
    /// P5's "1.37 × 10^15 × m".
    pub printed_j16_factor: f64,
    /// `(e ln 2 / 16)^16`.
    pub corrected_j16_factor: f64,
    /// `(ln 2 / 16)^16`, P5's printed formula.
    pub without_e_j16_factor: f64,
}

impl P5Printed {
    pub fn new() -> P5Printed {
        P5Printed {
            printed_j16_factor: P5_PRINTED_J16_FACTOR,
            corrected_j16_factor: OVERFLOW_J16_FACTOR,
            without_e_j16_factor: OVERFLOW_J16_WITHOUT_E,
        }
    }
}

impl Default for P5Printed {
    fn default() -> P5Printed {
        P5Printed::new()
    }
}

/// One N of Fig. 3: the fingerprint store alone against IMP-CB.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fig3Row {
    pub n: u64,
    pub store_seconds: f64,
    pub imp_cb_seconds: f64,
    /// `imp_cb_seconds / store_seconds`.
    pub ratio: f64,
    /// Share of URLs IMP-CB answered from its counters, without a store lookup.
    pub answered_by_counters: f64,
    pub false_positive_lookups: u64,
    pub store_bytes_per_url: f64,
    pub imp_cb_bytes_per_url: f64,
}

/// What [`study`] measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P5Report {
    pub fpr: Vec<FprReport>,
    pub paper_points: Vec<PaperRow>,
    pub fig3: Vec<Fig3Row>,
    pub fig3_note: &'static str,
    pub deletion_p5: DeletionReport,
    pub deletion_saturating: DeletionReport,
}

/// The N at which Fig. 3 is replayed for `n` inserted URLs: P5's when there are that many, else
/// quarters of `n`.
pub fn fig3_sizes(n: u64) -> Vec<u64> {
    if n >= FIG3_N[3] {
        FIG3_N.to_vec()
    } else {
        (1..=4).map(|q| (n * q / 4).max(1)).collect()
    }
}

/// Every experiment of the module doc on `inserted` (distinct, at least one) and `held_out`
/// (none of them inserted); `now` is a clock in milliseconds that never goes back.
pub fn study(
    inserted: &[&[u8]],
    held_out: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> Result<P5Report, String> {
    let n = inserted.len() as u64;
    if n == 0 {
        return Err("P5's study needs at least one inserted URL".into());
    }
    let fpr = bloom::sweep_fpr(
        inserted,
        held_out,
        &[crate::papers::p4::P4_BLOOM_RATIO, P5_RATIO],
        &[P5_K, OPTIMAL_K],
        &IndexMethod::ALL,
    )?;
    let mut fig3 = Vec::new();
    for size in fig3_sizes(n) {
        let urls = &inserted[..size as usize];
        let t = now();
        let mut store = FingerprintStore::new();
        store.process_batch(urls.iter().copied());
        let store_seconds = (now() - t) / 1e3;
        let t = now();
        let mut imp = ImpCb::p5(size, IndexMethod::Md5Slices)?;
        imp.process_batch(urls.iter().copied());
        let imp_cb_seconds = (now() - t) / 1e3;
        let stats = imp.stats();
        fig3.push(Fig3Row {
            n: size,
            store_seconds,
            imp_cb_seconds,
            ratio: imp_cb_seconds / store_seconds,
            answered_by_counters: stats.answered_by_counters as f64 / stats.processed.max(1) as f64,
            false_positive_lookups: stats.false_positive_lookups,
            store_bytes_per_url: store.report().bytes as f64 / size as f64,
            imp_cb_bytes_per_url: imp.report().bytes_per_url,
        });
    }
    let half = inserted.len() / 2;
    let deletes = |ratio: f64, k: u32, bits: u32| {
        cbf::deletion_experiment(
            inserted,
            half,
            bloom::m_for(n, ratio)?,
            k,
            bits,
            IndexMethod::Md5Slices,
        )
    };
    let (ratio, k, bits) = SATURATING;
    Ok(P5Report {
        fpr,
        paper_points: bloom::paper_rows(n),
        fig3,
        fig3_note: "times of this run on this machine, URLs in memory (no disk); P5's Fig. 3 prints no numbers",
        deletion_p5: deletes(P5_RATIO, P5_K, P5_COUNTER_BITS)?,
        deletion_saturating: deletes(ratio, k, bits)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: usize, tag: &str) -> Vec<String> {
        (0..n)
            .map(|i| format!("http://www.{tag}{i}.cn/p/{}.html", i * 7))
            .collect()
    }

    #[test]
    fn the_study_measures_p5s_points_fig3_and_both_deletes() {
        let ins = keys(4_000, "in");
        let out = keys(4_000, "out");
        let ins: Vec<&[u8]> = ins.iter().map(|k| k.as_bytes()).collect();
        let out: Vec<&[u8]> = out.iter().map(|k| k.as_bytes()).collect();
        let mut t = 0.0;
        let r = study(&ins, &out, &mut || {
            t += 0.5;
            t
        })
        .unwrap();
        // 2 ratios × 2 k × every index method.
        assert_eq!(r.fpr.len(), 4 * IndexMethod::ALL.len());
        for row in &r.fpr {
            assert!(row.measured < 0.05, "{row:?}");
        }
        assert_eq!(fig3_sizes(4_000), [1_000, 2_000, 3_000, 4_000]);
        assert_eq!(fig3_sizes(3_000_000), FIG3_N);
        assert_eq!(r.fig3.len(), 4);
        for row in &r.fig3 {
            // Each side is timed by two reads of the clock, 0.5 ms apart.
            assert_eq!(
                (row.store_seconds, row.imp_cb_seconds, row.ratio),
                (5e-4, 5e-4, 1.0)
            );
            assert!(row.answered_by_counters > 0.99, "{row:?}");
        }
        assert_eq!((r.deletion_p5.n, r.deletion_p5.deleted), (4_000, 2_000));
        assert_eq!(r.deletion_p5.bits, P5_COUNTER_BITS);
        assert_eq!(r.deletion_saturating.bits, SATURATING.2);
        let lost = |d: &DeletionReport, s: &str| {
            d.rows
                .iter()
                .find(|row| row.structure == s)
                .unwrap()
                .false_negatives
        };
        assert_eq!(lost(&r.deletion_saturating, "imp-cb"), 0);
        assert!(lost(&r.deletion_saturating, "cbf-decrement") > 0);
        assert_eq!(lost(&r.deletion_p5, "cbf-decrement"), 0);
    }

    #[test]
    fn no_inserted_url_is_an_error() {
        assert!(study(&[], &[], &mut || 0.0).is_err());
    }

    #[test]
    fn the_printed_factors() {
        let p = P5Printed::new();
        assert_eq!(p.printed_j16_factor, 1.37e15);
        // The printed factor is the corrected one with the exponent's sign lost.
        assert!((p.printed_j16_factor * p.corrected_j16_factor - 1.8769).abs() < 1e-3);
    }
}
