//! P5 = 吴家奇 et al., 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018): its printed
//! numbers and the P5 study, every experiment `urlhash paper p5` reports, measured on one
//! inserted / held-out split of a URL list (see [`crate::foundation::split`]).
//!
//! P5 dedups URLs with a counting Bloom filter of 4-bit counters, k = 8 and m/N = 20 (after its
//! reference \[12\], Cao's table; it prints no rate), backed by a store of MD5 fingerprints
//! (IMP-CB, [`crate::mechanisms::cbf::ImpCb`]), and prints the overflow bound `P(max c ≥ 16) ≤ 1.37 × 10^15
//! × m` with the formula `m (ln 2 / j)^j`: both misprints of Fan et al.'s `m (e ln 2 / j)^j`.
//! Its Fig. 3 compares the store alone with IMP-CB at N = 0.5 to 2 million and prints no numbers.
//!
//! P5 opens with duplicate shares ([`P5_DUPLICATE_SHARES`]): near-duplicates are 29 % of all
//! pages, duplicates 3.4 % of Google's and 2.1 % of Baidu's, 7.8 % of the State Grid pages it
//! counted. Fig. 3's streams repeat earlier URLs at such a share ([`stream_with_duplicates`],
//! 29 % by default), so Fig. 2's "found → Count + 1" branch runs as often as there are
//! duplicates.
//!
//! [`study`] measures, on the same keys:
//! 1. false positives at P5's and P4's points, `(1 − (1 − 1/m)^(kN))^k` beside them
//!    ([`crate::mechanisms::bloom::sweep_fpr`]);
//! 2. the overflow theory at P5's settings;
//! 3. Fig. 3 replayed ([`fig3_row`]): the store alone against IMP-CB on streams of N pages with
//!    duplicates, both in memory, timed by the clock it is handed (the CLI's `Instant`), at
//!    [`FIG3_N`] when the input has 2 million URLs, else at quarters of it, with the times of
//!    Fig. 2's three branches; the same with the store on disk is native
//!    (`native::p5_disk::fig3_disk`, `urlhash paper p5 --disk`), generic over
//!    [`crate::mechanisms::cbf::FingerprintDb`];
//! 4. deletes at P5's settings and at saturating ones ([`crate::mechanisms::cbf::deletion_experiment`]);
//! 5. P5's misprints with live numbers ([`P5Misprints`]): the tail "bound" that is the
//!    probability of exactly j ([`crate::mechanisms::cbf::printed_tail_bound`]), "N" trials for Nk, Fig. 2's
//!    not-found branch adding 1 to the counters twice (run literally:
//!    [`crate::mechanisms::cbf::ImpCb::process_printed`]), and the names IMP-CB and IMP-CM ([`P5_NAMES`]).
//!
//! ```
//! use urlhashlab::papers::p5;
//! let keys: Vec<String> = (0..2_000).map(|i| format!("http://www.a{i}.cn/")).collect();
//! let keys: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
//! let (inserted, held_out) = keys.split_at(1_000);
//! let mut clock = 0.0;
//! let options = p5::P5Options::default(); // 29 % duplicates
//! let r = p5::study(inserted, held_out, &options, &mut || { clock += 1.0; clock }).unwrap();
//! assert_eq!(r.fig3.iter().map(|f| f.n).collect::<Vec<_>>(), [250, 500, 750, 1_000]);
//! // 290 of the 1 000 pages repeat one: the store alone and IMP-CB find exactly those.
//! assert_eq!((r.fig3[3].store_found, r.fig3[3].found), (290, 290));
//! // IMP-CB recounts a saturated counter from its store: it never loses a kept URL.
//! let imp = r.deletion_saturating.rows.iter().find(|row| row.structure == "imp-cb").unwrap();
//! assert_eq!(imp.false_negatives, 0);
//! ```

use crate::foundation::printed::{P5_COUNTER_BITS, P5_PRINTED_J16_FACTOR};
use crate::mechanisms::bloom::{self, FprReport, IndexMethod, PaperRow};
use crate::mechanisms::cbf::{
    self, counter_pmf, fig1_process, printed_tail_bound, DeleteOutcome, DeletionReport,
    FingerprintDb, FingerprintStore, ImpCb, TailBoundCheck, Verdict, OVERFLOW_J16_FACTOR,
    OVERFLOW_J16_WITHOUT_E,
};
use serde::Serialize;

/// P5's counting filter: k = 8…
pub const P5_K: u32 = 8;
/// …and m/N = 20 (with 4-bit counters, [`P5_COUNTER_BITS`]).
pub const P5_RATIO: f64 = 20.0;
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
    /// P5's printed factor beside the corrected one and the one P5's formula gives.
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

/// P5's duplicate shares (its introduction): near-duplicates are 29 % of all pages…
pub const P5_NEAR_DUPLICATE_SHARE: f64 = 0.29;
/// …duplicates are 3.4 % of Google's pages (Tsinghua's IT usability lab, P5's reference \[1\])…
pub const P5_GOOGLE_DUPLICATE_SHARE: f64 = 0.034;
/// …2.1 % of Baidu's (the same source)…
pub const P5_BAIDU_DUPLICATE_SHARE: f64 = 0.021;
/// …and 7.8 % of the State Grid business pages the authors counted.
pub const P5_STATE_GRID_DUPLICATE_SHARE: f64 = 0.078;

/// One of P5's printed duplicate shares.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DuplicateShare {
    /// What the share is of, in English.
    pub what: &'static str,
    /// The share as printed, 0 to 1.
    pub share: f64,
}

/// P5's four duplicate shares, as printed.
pub const P5_DUPLICATE_SHARES: [DuplicateShare; 4] = [
    DuplicateShare {
        what: "near-duplicate pages, of all pages",
        share: P5_NEAR_DUPLICATE_SHARE,
    },
    DuplicateShare {
        what: "duplicate pages in Google",
        share: P5_GOOGLE_DUPLICATE_SHARE,
    },
    DuplicateShare {
        what: "duplicate pages in Baidu",
        share: P5_BAIDU_DUPLICATE_SHARE,
    },
    DuplicateShare {
        what: "duplicate pages in State Grid's business pages",
        share: P5_STATE_GRID_DUPLICATE_SHARE,
    },
];

/// The seed of the duplicate streams unless another is given (P5's year).
pub const DEFAULT_STREAM_SEED: u64 = 2018;

/// How P5's name for its algorithm is printed: "IMP-CB Filter" 6 times, "IMP-CM Filter" 11
/// (one of them "IMP-CMFilter"), counted in the paper's text.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NameUse {
    /// The name as printed, without " Filter".
    pub name: &'static str,
    /// How many times the paper prints it.
    pub times: u32,
    /// Where, section by section.
    pub places: &'static str,
}

/// [`NameUse`] for both names.
pub const P5_NAMES: [NameUse; 2] = [
    NameUse {
        name: "IMP-CB",
        times: 6,
        places: "introduction, §1.1, §2.3 (its title, its text, its closing sentence), Fig. 2's Chinese caption",
    },
    NameUse {
        name: "IMP-CM",
        times: 11,
        places: "abstract (2), key words, Fig. 2's English caption, §3 (2, one \"标准 IMP-CM\"), §4 (2), English abstract (2), English key words",
    },
];

/// A stream of pages with duplicates: `order[t]` is the index, in a list of distinct URLs, of
/// page t. The first page is new; of the others, exactly `duplicates` (chosen by selection
/// sampling, every set of positions equally likely) repeat a URL already seen, drawn uniformly
/// among those; the rest bring the next URL of the list. Pure: the same (n, share, seed) give the
/// same stream on every machine ([`crate::foundation::mix::SplitMix`]).
#[derive(Clone, Debug, PartialEq)]
pub struct DupStream {
    /// Page t's URL, as an index into the list of distinct URLs (page 0 is URL 0).
    pub order: Vec<u32>,
    /// Distinct URLs in the stream (the list's first `distinct`).
    pub distinct: u64,
    /// Pages that repeat an earlier one: `round(share × n)`, at most `n − 1`.
    pub duplicates: u64,
    /// The duplicate share asked for, 0 to below 1.
    pub dup_share: f64,
    /// The seed the positions and the repeated URLs were drawn from.
    pub seed: u64,
}

/// [`DupStream`] of `n` pages, `dup_share` of them (0 ≤ share < 1) duplicates.
///
/// ```
/// use urlhashlab::papers::p5::stream_with_duplicates;
/// let s = stream_with_duplicates(1_000, 0.29, 2018).unwrap();
/// assert_eq!((s.duplicates, s.distinct), (290, 710));
/// assert_eq!(s.order[0], 0);
/// assert_eq!(*s.order.iter().max().unwrap(), 709);
/// ```
pub fn stream_with_duplicates(n: u64, dup_share: f64, seed: u64) -> Result<DupStream, String> {
    if !(0.0..1.0).contains(&dup_share) {
        return Err(format!(
            "the duplicate share must be at least 0 and below 1 (got {dup_share})"
        ));
    }
    if n > u32::MAX as u64 {
        return Err(format!("a stream has at most 2^32 − 1 pages (got {n})"));
    }
    let duplicates = ((dup_share * n as f64).round() as u64).min(n.saturating_sub(1));
    let mut rng = crate::foundation::mix::SplitMix::new(seed, 5);
    let mut order = Vec::with_capacity(n as usize);
    let (mut seen, mut left) = (0u64, duplicates);
    for t in 0..n {
        // Positions 1..n hold the duplicates: at t, `n − t` positions remain for `left`.
        if t > 0 && rng.below(n - t) < left {
            left -= 1;
            order.push(rng.below(seen) as u32);
        } else {
            order.push(seen as u32);
            seen += 1;
        }
    }
    Ok(DupStream {
        order,
        distinct: seen,
        duplicates,
        dup_share,
        seed,
    })
}

/// How [`study`] builds its streams: the duplicate share (P5's 29 % by default) and the seed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct P5Options {
    /// The share of a stream's pages that repeat an earlier one, 0 to below 1 (P5's 29 % by
    /// default).
    pub dup_share: f64,
    /// The seed of the streams ([`DEFAULT_STREAM_SEED`] by default).
    pub seed: u64,
}

impl Default for P5Options {
    fn default() -> P5Options {
        P5Options {
            dup_share: P5_NEAR_DUPLICATE_SHARE,
            seed: DEFAULT_STREAM_SEED,
        }
    }
}

/// One N of Fig. 3: the fingerprint store alone (Fig. 1) against IMP-CB (Fig. 2), on a stream of
/// N pages with duplicates, the store in memory or on disk.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fig3Row {
    /// `memory` or `disk` (`native::p5_disk`).
    pub medium: &'static str,
    /// Pages in the stream.
    pub n: u64,
    /// Distinct URLs in the stream.
    pub distinct: u64,
    /// The stream's duplicates, known from its making.
    pub duplicates: u64,
    /// Seconds the store alone took over the stream (Fig. 1), by the clock handed in.
    pub store_seconds: f64,
    /// Seconds IMP-CB took over the same stream (Fig. 2).
    pub imp_cb_seconds: f64,
    /// `imp_cb_seconds / store_seconds`.
    pub ratio: f64,
    /// Microseconds per page, the store alone.
    pub store_us_per_url: f64,
    /// Microseconds per page, IMP-CB.
    pub imp_cb_us_per_url: f64,
    /// The store alone looks every page up.
    pub store_lookups: u64,
    /// Duplicates the store alone found ("found → Count + 1").
    pub store_found: u64,
    /// IMP-CB's lookups: `found + not_found`.
    pub imp_cb_lookups: u64,
    /// `store_lookups − imp_cb_lookups`: the pages a zero counter answered.
    pub lookups_avoided: u64,
    /// Fig. 2's branches: a zero counter (new, no lookup)…
    pub by_counters: u64,
    /// …all counters non-zero and found (duplicate, Count + 1)…
    pub found: u64,
    /// …all non-zero and not found (the filter's false positive: new).
    pub not_found: u64,
    /// Share of pages IMP-CB answered from its counters, without a store lookup.
    pub answered_by_counters: f64,
    /// Store lookups IMP-CB's false positives cost: the same pages as `not_found`.
    pub false_positive_lookups: u64,
    /// Modelled bytes in memory per distinct URL (0 for the store on disk; IMP-CB's counters
    /// then).
    pub store_bytes_per_url: f64,
    /// The same for IMP-CB: its counters, side table and store in memory, or its counters alone
    /// with the store on disk.
    pub imp_cb_bytes_per_url: f64,
    /// On disk: pages SQLite read from the store's database file (its page cache's misses).
    pub store_page_reads: Option<u64>,
    /// On disk: the same for IMP-CB's store.
    pub imp_cb_page_reads: Option<u64>,
    /// On disk: the bytes of the store's database file.
    pub store_file_bytes: Option<u64>,
    /// On disk: the same for IMP-CB's store.
    pub imp_cb_file_bytes: Option<u64>,
}

/// Times Fig. 1 over `alone` and Fig. 2 over `imp` (both empty) on `stream`'s pages (indices into
/// `distinct`), by the clock `now` (milliseconds), and counts the branches each took. Generic
/// over the store, so the native disk store runs the same code as the store in memory.
pub fn fig3_row<A, B>(
    medium: &'static str,
    distinct: &[&[u8]],
    stream: &DupStream,
    alone: &mut A,
    imp: &mut ImpCb<B>,
    now: &mut dyn FnMut() -> f64,
) -> Result<Fig3Row, String>
where
    A: FingerprintDb,
    B: FingerprintDb,
    A::Error: std::fmt::Display,
    B::Error: std::fmt::Display,
{
    if (distinct.len() as u64) < stream.distinct {
        return Err(format!(
            "the stream needs {} distinct URLs, {} given",
            stream.distinct,
            distinct.len()
        ));
    }
    let n = stream.order.len() as u64;
    let t = now();
    let mut store_found = 0u64;
    for &i in &stream.order {
        let v = fig1_process(alone, distinct[i as usize]).map_err(|e| e.to_string())?;
        store_found += (v == Verdict::Duplicate) as u64;
    }
    let store_seconds = (now() - t) / 1e3;
    let t = now();
    for &i in &stream.order {
        imp.try_process(distinct[i as usize])
            .map_err(|e| e.to_string())?;
    }
    let imp_cb_seconds = (now() - t) / 1e3;
    let s = *imp.stats();
    let per_url = |seconds: f64| seconds * 1e6 / n.max(1) as f64;
    let (table, index) = alone.memory_bytes();
    let d = stream.distinct.max(1) as f64;
    Ok(Fig3Row {
        medium,
        n,
        distinct: stream.distinct,
        duplicates: stream.duplicates,
        store_seconds,
        imp_cb_seconds,
        ratio: imp_cb_seconds / store_seconds,
        store_us_per_url: per_url(store_seconds),
        imp_cb_us_per_url: per_url(imp_cb_seconds),
        store_lookups: n,
        store_found,
        imp_cb_lookups: s.store_lookups,
        lookups_avoided: n - s.store_lookups,
        by_counters: s.answered_by_counters,
        found: s.duplicates,
        not_found: s.false_positive_lookups,
        answered_by_counters: s.answered_by_counters as f64 / s.processed.max(1) as f64,
        false_positive_lookups: s.false_positive_lookups,
        store_bytes_per_url: (table + index) as f64 / d,
        imp_cb_bytes_per_url: imp.report().bytes as f64 / d,
        store_page_reads: None,
        imp_cb_page_reads: None,
        store_file_bytes: None,
        imp_cb_file_bytes: None,
    })
}

/// Misprint (a) at one setting: P5's "P(c(i) ≥ j) ≤ C(Nk, j)(1/m)^j(1 − 1/m)^(Nk−j)".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TailBoundRow {
    /// `by hand`, `this run` or `P5 at N = 2 000 000`.
    pub setting: &'static str,
    /// [`TailBoundCheck`]'s fields, one by one (not `serde(flatten)`, whose serialiser the page's
    /// WebAssembly would carry): Nk increments into m counters, the count j…
    pub nk: u64,
    /// m, the number of counters.
    pub m: f64,
    /// j, the count whose tail is bounded.
    pub j: u64,
    /// …`P(c(i) >= j)` exact, P5's right side (`P(c(i) = j)`), and whether the inequality holds.
    pub exact_tail: f64,
    /// P5's right side, `C(Nk, j)(1/m)^j(1 − 1/m)^(Nk−j)`: the probability of exactly j.
    pub printed_right_side: f64,
    /// Whether the printed inequality `P(c(i) ≥ j) ≤` the right side holds (it fails whenever a
    /// count above j is possible).
    pub holds: bool,
    /// In this run's filter: the share of counters at j or more.
    pub measured: Option<f64>,
}

impl TailBoundRow {
    fn new(setting: &'static str, check: TailBoundCheck, measured: Option<f64>) -> TailBoundRow {
        let TailBoundCheck {
            nk,
            m,
            j,
            exact_tail,
            printed_right_side,
            holds,
        } = check;
        TailBoundRow {
            setting,
            nk,
            m,
            j,
            exact_tail,
            printed_right_side,
            holds,
            measured,
        }
    }
}

/// Misprint (b): "从 N 次哈希函数计算中选择 j 次", N trials where P5's own formula has Nk.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NForNkRow {
    /// The count j, 0 to 3.
    pub j: u64,
    /// The share of this run's counters that hold exactly j.
    pub measured: f64,
    /// `C(Nk, j)(1/m)^j(1 − 1/m)^(Nk−j)`, P5's formula.
    pub with_nk: f64,
    /// The same with N trials, as the sentence says.
    pub with_n: f64,
}

/// Misprint (c) at one setting: Fig. 2 run as the lab reads it and as printed (the not-found
/// branch adding 1 to the k counters twice) on the same pages.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoubleIncrementRow {
    /// The setting, in words (`P5: m/N = 20, k = 8` or `small: m/N = 2, k = 4`).
    pub setting: &'static str,
    /// Counters m.
    pub m: u64,
    /// Positions per URL k.
    pub k: u32,
    /// Pages of the stream.
    pub pages: u64,
    /// Distinct URLs among them.
    pub distinct: u64,
    /// Times the not-found branch ran (the same pages take it in both readings: a counter is
    /// non-zero in one exactly when it is in the other).
    pub not_found_runs: u64,
    /// The counters' sum after the stream: `k × distinct` in the lab's reading (less any
    /// increment at a saturated counter)…
    pub counter_sum_lab: u64,
    /// …and as printed.
    pub counter_sum_printed: u64,
    /// `(printed − lab) / not_found_runs`: k when nothing saturates.
    pub extra_per_run: f64,
    /// After deleting every reference of every URL: counters still non-zero in the lab's
    /// reading.
    pub nonzero_after_deleting_all_lab: u64,
    /// Counters still non-zero, as printed: the extra increments are never taken back.
    pub nonzero_after_deleting_all_printed: u64,
    /// The printed reading's counter sum then (the lab's is 0).
    pub counter_sum_left_printed: u64,
}

/// P5's misprints, each with live numbers (issue items: the tail "bound", N for Nk, Fig. 2's
/// double increment, and the algorithm's two names).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P5Misprints {
    /// Misprint (a): the printed tail "bound" against the exact tail, by hand, in this run's filter
    /// and at P5's own N = 2 000 000.
    pub tail_bound: Vec<TailBoundRow>,
    /// `Nk/m` in this run's filter: the counters' mean as P5's formula has it.
    pub mean_with_nk: f64,
    /// `N/m`, the mean with N trials.
    pub mean_with_n: f64,
    /// Misprint (b): the share of counters at j = 0 to 3 beside both readings of the formula.
    pub n_for_nk: Vec<NForNkRow>,
    /// Misprint (c): the double increment at P5's setting and at a small one.
    pub double_increment: Vec<DoubleIncrementRow>,
    /// Misprint (d): the algorithm's two names and where each is printed ([`P5_NAMES`]).
    pub names: [NameUse; 2],
}

/// What [`study`] measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P5Report {
    /// False-positive rates measured on the held-out keys at P4's and P5's m/N, k = 8 and 14, every
    /// index method, beside the theory.
    pub fpr: Vec<FprReport>,
    /// The papers' printed points beside the exact formula for the inserted keys' N.
    pub paper_points: Vec<PaperRow>,
    /// P5's printed duplicate shares ([`P5_DUPLICATE_SHARES`]).
    pub duplicate_shares: [DuplicateShare; 4],
    /// The duplicate share and seed of this run's streams.
    pub stream: P5Options,
    /// Fig. 3 with both stores in memory.
    pub fig3: Vec<Fig3Row>,
    /// Fig. 3 with the store on disk (filled natively by `native::p5_disk`; empty in the core).
    pub fig3_disk: Vec<Fig3Row>,
    /// What the Fig. 3 times are: this run's, on this machine (P5's Fig. 3 prints no numbers).
    pub fig3_note: &'static str,
    /// Deletes at P5's setting: 4-bit counters, m/N = 20, k = 8, half the inserted URLs deleted.
    pub deletion_p5: DeletionReport,
    /// Deletes at [`SATURATING`]'s setting, where a plain counting filter loses kept URLs.
    pub deletion_saturating: DeletionReport,
    /// P5's misprints, each with this run's numbers.
    pub misprints: P5Misprints,
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

/// `j · count` summed over a counter histogram.
fn counter_sum(histogram: &[u64]) -> u64 {
    histogram
        .iter()
        .enumerate()
        .map(|(j, &c)| j as u64 * c)
        .sum()
}

/// Misprint (c) on `stream` at m counters, k, P5's 4-bit counters.
fn double_increment(
    setting: &'static str,
    distinct: &[&[u8]],
    stream: &DupStream,
    m: u64,
    k: u32,
) -> Result<DoubleIncrementRow, String> {
    let mut lab = ImpCb::new(m, k, P5_COUNTER_BITS, IndexMethod::Md5Slices)?;
    let mut printed = lab.clone();
    for &i in &stream.order {
        let url = distinct[i as usize];
        lab.process(url);
        printed.process_printed(url);
    }
    let runs = lab.stats().false_positive_lookups;
    let (sum_lab, sum_printed) = (
        counter_sum(&lab.counters().histogram()),
        counter_sum(&printed.counters().histogram()),
    );
    for url in &distinct[..stream.distinct as usize] {
        for f in [&mut lab, &mut printed] {
            while f.delete(url) == DeleteOutcome::Decremented {}
        }
    }
    Ok(DoubleIncrementRow {
        setting,
        m,
        k,
        pages: stream.order.len() as u64,
        distinct: stream.distinct,
        not_found_runs: runs,
        counter_sum_lab: sum_lab,
        counter_sum_printed: sum_printed,
        extra_per_run: (sum_printed - sum_lab) as f64 / runs.max(1) as f64,
        nonzero_after_deleting_all_lab: lab.counters().nonzero(),
        nonzero_after_deleting_all_printed: printed.counters().nonzero(),
        counter_sum_left_printed: counter_sum(&printed.counters().histogram()),
    })
}

/// The misprints' numbers: (a) and (b) in `filter`, IMP-CB after `stream`; (c) on `small`.
fn misprints(
    filter: &ImpCb,
    stream: &DupStream,
    distinct: &[&[u8]],
    small: &DupStream,
) -> Result<P5Misprints, String> {
    let m = filter.counters().m();
    let mf = m as f64;
    let nk = stream.distinct * filter.k() as u64;
    let hist = filter.counters().histogram();
    let share = |c: u64| c as f64 / mf;
    let at_least = |j: usize| share(hist.iter().skip(j).sum());
    let mut tail_bound: Vec<TailBoundRow> = (0..=3)
        .map(|j| TailBoundRow::new("by hand", printed_tail_bound(3, 2.0, j), None))
        .collect();
    tail_bound.extend((1..=4).map(|j| {
        TailBoundRow::new(
            "this run",
            printed_tail_bound(nk, mf, j),
            Some(at_least(j as usize)),
        )
    }));
    let (p5_nk, p5_m) = (FIG3_N[3] * P5_K as u64, FIG3_N[3] as f64 * P5_RATIO);
    tail_bound.extend([1, 2, 4, 8, 16].map(|j| {
        TailBoundRow::new(
            "P5 at N = 2 000 000",
            printed_tail_bound(p5_nk, p5_m, j),
            None,
        )
    }));
    let n_for_nk = (0..=3)
        .map(|j| NForNkRow {
            j,
            measured: share(hist[j as usize]),
            with_nk: counter_pmf(nk, mf, j),
            with_n: counter_pmf(stream.distinct, mf, j),
        })
        .collect();
    let n = small.order.len() as u64;
    let double_increment = vec![
        double_increment(
            "P5: m/N = 20, k = 8",
            distinct,
            small,
            (20 * n).max(1),
            P5_K,
        )?,
        double_increment("small: m/N = 2, k = 4", distinct, small, (2 * n).max(1), 4)?,
    ];
    Ok(P5Misprints {
        tail_bound,
        mean_with_nk: nk as f64 / mf,
        mean_with_n: stream.distinct as f64 / mf,
        n_for_nk,
        double_increment,
        names: P5_NAMES,
    })
}

/// Fig. 3 at one N, with the store in memory (a hash map) or over the given stores: the row
/// [`study`] times at that N (`memory`), or the disk rows' shape. What the page times one row at
/// a time, so it can say how far it is.
pub fn fig3_at<A, B>(
    medium: &'static str,
    inserted: &[&[u8]],
    n: u64,
    options: &P5Options,
    mut alone: A,
    imp_store: B,
    now: &mut dyn FnMut() -> f64,
) -> Result<(Fig3Row, A, ImpCb<B>), String>
where
    A: FingerprintDb,
    B: FingerprintDb,
    A::Error: std::fmt::Display,
    B::Error: std::fmt::Display,
{
    let stream = stream_with_duplicates(n, options.dup_share, options.seed)?;
    let mut imp = ImpCb::p5_over(imp_store, n, IndexMethod::Md5Slices)?;
    let row = fig3_row(medium, inserted, &stream, &mut alone, &mut imp, now)?;
    Ok((row, alone, imp))
}

/// P5's misprints on `inserted` as [`study`] measures them, without timing Fig. 3: IMP-CB after
/// the largest of Fig. 3's streams ([`fig3_sizes`]), the double increment on the smallest.
pub fn misprints_of(inserted: &[&[u8]], options: &P5Options) -> Result<P5Misprints, String> {
    if inserted.is_empty() {
        return Err("P5's study needs at least one inserted URL".into());
    }
    let sizes = fig3_sizes(inserted.len() as u64);
    let stream = stream_with_duplicates(sizes[3], options.dup_share, options.seed)?;
    let mut imp = ImpCb::p5(sizes[3], IndexMethod::Md5Slices)?;
    for &i in &stream.order {
        imp.process(inserted[i as usize]);
    }
    let small = stream_with_duplicates(sizes[0], options.dup_share, options.seed)?;
    misprints(&imp, &stream, inserted, &small)
}

/// Every experiment of the module doc on `inserted` (distinct, at least one) and `held_out`
/// (none of them inserted), Fig. 3's streams made as `options` says; `now` is a clock in
/// milliseconds that never goes back.
pub fn study(
    inserted: &[&[u8]],
    held_out: &[&[u8]],
    options: &P5Options,
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
    let sizes = fig3_sizes(n);
    let mut fig3 = Vec::new();
    let mut last = None;
    for &size in &sizes {
        let stream = stream_with_duplicates(size, options.dup_share, options.seed)?;
        let mut store = FingerprintStore::new();
        let mut imp = ImpCb::p5(size, IndexMethod::Md5Slices)?;
        fig3.push(fig3_row(
            "memory", inserted, &stream, &mut store, &mut imp, now,
        )?);
        last = Some((imp, stream));
    }
    let (filter, stream) = last.expect("four sizes");
    let small = stream_with_duplicates(sizes[0], options.dup_share, options.seed)?;
    let misprints = misprints(&filter, &stream, inserted, &small)?;
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
        duplicate_shares: P5_DUPLICATE_SHARES,
        stream: *options,
        fig3,
        fig3_disk: Vec::new(),
        fig3_note: "times of this run on this machine; P5's Fig. 3 prints no numbers",
        deletion_p5: deletes(P5_RATIO, P5_K, P5_COUNTER_BITS)?,
        deletion_saturating: deletes(ratio, k, bits)?,
        misprints,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mechanisms::cbf::MemFingerprints;

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
        let r = study(&ins, &out, &P5Options::default(), &mut || {
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
        assert!(r.fig3_disk.is_empty());
        for row in &r.fig3 {
            // Each side is timed by two reads of the clock, 0.5 ms apart.
            assert_eq!(
                (row.store_seconds, row.imp_cb_seconds, row.ratio),
                (5e-4, 5e-4, 1.0)
            );
            // 29 % of the pages repeat one: both flows find exactly those, and IMP-CB's three
            // branches add up to the pages.
            let dups = (0.29 * row.n as f64).round() as u64;
            assert_eq!((row.duplicates, row.distinct), (dups, row.n - dups));
            assert_eq!((row.store_found, row.found), (dups, dups));
            assert_eq!(row.by_counters + row.found + row.not_found, row.n);
            assert_eq!(row.by_counters + row.not_found, row.distinct);
            assert_eq!(row.lookups_avoided, row.by_counters);
            assert!(row.answered_by_counters > 0.7, "{row:?}");
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
        // The misprints: the printed tail "bound" fails everywhere below Nk; the printed
        // double increment adds k per not-found run and outlives the deletes.
        let m = &r.misprints;
        assert!(m.tail_bound.iter().all(|t| t.holds == (t.j == t.nk)));
        assert!(m.mean_with_nk > 7.0 * m.mean_with_n);
        for d in &m.double_increment {
            assert_eq!(d.nonzero_after_deleting_all_lab, 0, "{d:?}");
            assert_eq!(
                d.counter_sum_printed - d.counter_sum_lab,
                d.k as u64 * d.not_found_runs,
                "{d:?}"
            );
            assert_eq!(d.counter_sum_left_printed, d.k as u64 * d.not_found_runs);
        }
        assert!(m.double_increment[1].not_found_runs > 0);
        assert_eq!(m.names.map(|n| n.times), [6, 11]);
    }

    #[test]
    fn the_page_rows_and_misprints_are_the_studys() {
        let ins = keys(3_000, "in");
        let ins: Vec<&[u8]> = ins.iter().map(|k| k.as_bytes()).collect();
        let options = P5Options {
            dup_share: 0.4,
            seed: 7,
        };
        let mut t = 0.0;
        let mut clock = || {
            t += 0.25;
            t
        };
        let r = study(&ins, &ins[..10], &options, &mut clock).unwrap();
        assert_eq!(misprints_of(&ins, &options).unwrap(), r.misprints);
        for (size, row) in fig3_sizes(3_000).into_iter().zip(&r.fig3) {
            let (at, alone, imp) = fig3_at(
                "memory",
                &ins,
                size,
                &options,
                FingerprintStore::new(),
                MemFingerprints::default(),
                &mut clock,
            )
            .unwrap();
            assert_eq!(&at, row);
            assert_eq!(FingerprintDb::len(&alone), row.distinct);
            assert_eq!(imp.stats().processed, size);
        }
        assert!(misprints_of(&[], &options).is_err());
    }

    #[test]
    fn streams_carry_the_duplicates_they_say() {
        for (n, share) in [
            (1, 0.29),
            (2, 0.9),
            (10_000, P5_NEAR_DUPLICATE_SHARE),
            (10_000, 0.0),
        ] {
            let s = stream_with_duplicates(n, share, DEFAULT_STREAM_SEED).unwrap();
            assert_eq!(s.order.len() as u64, n);
            // Count the repeats directly: a page is new when it brings the next URL.
            let (mut seen, mut repeats) = (0u32, 0u64);
            for &i in &s.order {
                if i == seen {
                    seen += 1;
                } else {
                    assert!(i < seen);
                    repeats += 1;
                }
            }
            assert_eq!((repeats, seen as u64), (s.duplicates, s.distinct));
            assert_eq!(s.duplicates, ((share * n as f64).round() as u64).min(n - 1));
        }
        let a = stream_with_duplicates(5_000, 0.078, 1).unwrap();
        assert_eq!(a, stream_with_duplicates(5_000, 0.078, 1).unwrap());
        assert_ne!(
            a.order,
            stream_with_duplicates(5_000, 0.078, 2).unwrap().order
        );
        assert_eq!(a.duplicates, 390);
        assert!(stream_with_duplicates(10, 1.0, 1).is_err());
        assert!(stream_with_duplicates(10, -0.1, 1).is_err());
        assert!(stream_with_duplicates(10, f64::NAN, 1).is_err());
        // IMP-CB's found branch runs once per duplicate, the store alone's too.
        let urls = keys(10_000, "s");
        let urls: Vec<&[u8]> = urls.iter().map(|k| k.as_bytes()).collect();
        let s = stream_with_duplicates(10_000, P5_NEAR_DUPLICATE_SHARE, 9).unwrap();
        let mut store = FingerprintStore::new();
        let mut imp = ImpCb::p5(10_000, IndexMethod::Md5Slices).unwrap();
        let row = fig3_row("memory", &urls, &s, &mut store, &mut imp, &mut || 0.0).unwrap();
        assert_eq!((row.found, row.store_found), (2_900, 2_900));
        assert_eq!(imp.stats().duplicates, s.duplicates);
        assert_eq!(imp.stats().new, s.distinct);
        assert_eq!(store.report().duplicates, s.duplicates);
        // Too few distinct URLs for the stream is an error, not a panic.
        assert!(fig3_row("memory", &urls[..5], &s, &mut store, &mut imp, &mut || 0.0).is_err());
    }

    #[test]
    fn no_inserted_url_is_an_error() {
        assert!(study(&[], &[], &P5Options::default(), &mut || 0.0).is_err());
    }

    #[test]
    fn the_printed_factors() {
        assert_eq!(
            P5_DUPLICATE_SHARES.map(|d| d.share),
            [0.29, 0.034, 0.021, 0.078]
        );
        let p = P5Printed::new();
        assert_eq!(p.printed_j16_factor, 1.37e15);
        // The printed factor is the corrected one with the exponent's sign lost.
        assert!((p.printed_j16_factor * p.corrected_j16_factor - 1.8769).abs() < 1e-3);
    }
}
