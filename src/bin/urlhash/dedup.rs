//! `urlhash bloom`, `urlhash cbf` and `urlhash paper p5`: P4's and P5's Bloom filters, P5's
//! counting filter and IMP-CB, measured on the input beside the theory and the papers' numbers.

use super::args::*;
use super::{
    for_each_url, group, input_summary, sci, stdout, warn_input, write_json_with_input, Source,
    SourceArgs,
};
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;
use urlhashlab::bloom::{self, FprReport, IndexMethod, MemoryComparison, PaperRow};
use urlhashlab::cbf::{self, DeletionReport, OverflowTheory};
use urlhashlab::corpus::Corpus;
use urlhashlab::lines::InputStats;
use urlhashlab::papers::p5;
use urlhashlab::split::{Distinct, Keys};

/// URLs `bloom`, `cbf` and `paper p5` keep by default: P5's largest N (Fig. 3).
pub(super) const LIMIT: u64 = p5::FIG3_N[3];

/// Keys split for a false-positive experiment: inserted, and held out (never inserted).
pub(super) struct Split {
    keys: Keys,
    /// Keys `0..half` are inserted, `half..` held out.
    half: usize,
    pub input: SplitInput,
}

impl Split {
    pub fn inserted(&self) -> Vec<&[u8]> {
        self.keys.slices(0..self.half)
    }
    pub fn held_out(&self) -> Vec<&[u8]> {
        self.keys.slices(self.half..self.keys.len())
    }
}

#[derive(Serialize)]
pub(super) struct SplitInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    /// Distinct lines read (a file's repeated lines are kept once).
    distinct: u64,
    inserted: u64,
    held_out: u64,
    how: &'static str,
    /// At most this many URLs are inserted (and held out): `--limit`.
    limit: u64,
    /// URL lines read and counted but not used, past the limit.
    not_used: u64,
}

/// The built-in corpus gives N URLs to insert and the next N, all distinct, to hold out; a file
/// gives its distinct lines, the first half inserted and the second half held out. At most
/// `limit` of each are kept (the rest is counted and said on stderr); `held_out: false` keeps
/// the inserted ones only.
pub(super) fn split(source: &Source, limit: u64, held_out: bool, what: &str) -> Result<Split> {
    let sides = if held_out { 2 } else { 1 };
    let split = match source {
        Source::Corpus { n, seed } => {
            let corpus = Corpus::new(*seed);
            let take = (*n).min(limit);
            let mut keys = Keys::default();
            // Corpus URLs 0..take are inserted and take..2·take held out: the corpus has no
            // repeats, so no set is needed to keep them apart.
            let mut urls = corpus.iter(0, sides * take);
            while let Some(u) = urls.next_url() {
                keys.push(u);
            }
            if take < *n {
                eprintln!(
                    "urlhash: {what} keeps its URLs in memory: {} inserted{} of the {} asked for (--limit {}; about {:.0} bytes per URL)",
                    group(take),
                    if held_out {
                        format!(" and {} held out", group(take))
                    } else {
                        String::new()
                    },
                    group(*n),
                    group(limit),
                    keys.bytes_len() as f64 / keys.len().max(1) as f64 + 24.0
                );
            }
            Split {
                input: SplitInput {
                    source: source.clone(),
                    stats: InputStats {
                        lines: sides * take,
                        urls: sides * take,
                        bytes: (keys.bytes_len() + keys.len()) as u64,
                        ..InputStats::default()
                    },
                    distinct: sides * take,
                    inserted: take,
                    held_out: if held_out { take } else { 0 },
                    how: if held_out {
                        "corpus URLs 0..N inserted, N..2N held out"
                    } else {
                        "corpus URLs 0..N inserted"
                    },
                    limit,
                    not_used: 0,
                },
                keys,
                half: take as usize,
            }
        }
        _ => {
            let mut distinct = Distinct::default();
            let cap = 2 * limit;
            let mut not_used = 0u64;
            let stats = for_each_url(source, |_, line| {
                if distinct.len() as u64 == cap {
                    not_used += 1;
                } else {
                    distinct.add(line);
                }
            })?;
            let mut keys = distinct.into_keys();
            warn_input(&stats, None);
            let distinct = keys.len();
            if distinct < 2 {
                bail!(
                    "{} has {} distinct URL(s); at least 2 are needed (half inserted, half held out) ({})",
                    source.describe(),
                    distinct,
                    input_summary(&stats, None)
                );
            }
            let half = distinct.div_ceil(2);
            if not_used > 0 {
                eprintln!(
                    "urlhash: {what} keeps its URLs in memory: the first {} distinct lines (--limit {} inserted and as many held out); {} more URL lines were read and counted only",
                    group(cap),
                    group(limit),
                    group(not_used)
                );
            }
            if !held_out {
                keys.truncate(half);
            }
            Split {
                input: SplitInput {
                    source: source.clone(),
                    stats,
                    distinct: distinct as u64,
                    inserted: half as u64,
                    held_out: if held_out {
                        (distinct - half) as u64
                    } else {
                        0
                    },
                    how: if held_out {
                        "the file's distinct lines: the first half inserted, the second held out"
                    } else {
                        "the file's distinct lines: the first half inserted"
                    },
                    limit,
                    not_used,
                },
                keys,
                half,
            }
        }
    };
    Ok(split)
}

pub(super) struct BloomArgs<'a> {
    pub source: &'a SourceArgs,
    pub limit: u64,
    pub bits_per_url: &'a [f64],
    pub ks: &'a [u32],
    pub methods: &'a [IndexMethod],
    pub json: bool,
}

#[derive(Serialize)]
struct BloomOut<'a> {
    rows: &'a [FprReport],
    memory: Vec<MemoryComparison>,
    paper_points: Vec<PaperRow>,
}

pub(super) fn cmd_bloom(a: BloomArgs) -> Result<()> {
    let source = Source::from_args(a.source, 100_000);
    let s = split(&source, a.limit, true, "bloom")?;
    let (inserted, held_out) = (s.inserted(), s.held_out());
    warn_sparse(a.bits_per_url);
    let rows = bloom::sweep_fpr(&inserted, &held_out, a.bits_per_url, a.ks, a.methods)
        .map_err(anyhow::Error::msg)?;
    let lengths = || inserted.iter().map(|k| k.len());
    let memory = a
        .bits_per_url
        .iter()
        .map(|&r| bloom::memory_comparison(lengths(), r).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<_>>>()?;
    let n = inserted.len() as u64;
    let out = BloomOut {
        rows: &rows,
        memory,
        paper_points: bloom::paper_rows(n),
    };
    if a.json {
        return write_json_with_input(&s.input, &out);
    }
    let mut w = stdout();
    writeln!(
        w,
        "Bloom filter: {} URLs inserted, {} held out ({}).",
        group(s.input.inserted),
        group(s.input.held_out),
        source.describe()
    )?;
    writeln!(
        w,
        "{:<16} {:>6} {:>4} {:>8} {:>10} {:>21} {:>10} {:>10} {:>6} {:>9}",
        "method",
        "m/N",
        "k",
        "FP",
        "measured",
        "95 % interval",
        "exact",
        "approx",
        "in?",
        "bytes/URL"
    )?;
    for r in &rows {
        writeln!(
            w,
            "{:<16} {:>6} {:>4} {:>8} {:>10} {:>21} {:>10} {:>10} {:>6} {:>9.2}",
            r.method.id(),
            r.m_over_n,
            r.k,
            group(r.false_positives),
            sci(r.measured, 2),
            format!("[{}, {}]", sci(r.ci_low, 2), sci(r.ci_high, 2)),
            sci(r.exact, 2),
            sci(r.approx, 2),
            if r.theory_in_ci { "yes" } else { "no" },
            r.bytes_per_key
        )?;
    }
    writeln!(
        w,
        "exact = (1 − (1 − 1/m)^(kN))^k, approx = (1 − e^(−kN/m))^k; in? = the exact rate lies in the measured 95 % Wilson interval."
    )?;
    writeln!(
        w,
        "\nThe papers' points (neither paper prints a rate; these are the formula's):"
    )?;
    for p in &out.paper_points {
        writeln!(
            w,
            "  m/N = {:>4}, k = {:>5.2}: {} as given, {} exact at N = {}  ({})",
            p.m_over_n,
            p.k,
            sci(p.fpr_as_given, 2),
            sci(p.fpr_exact_at_this_n, 2),
            group(n),
            p.note
        )?;
    }
    writeln!(
        w,
        "\nMemory against hash sets of the same URLs (P4: a Bloom filter takes 1/8 to 1/4 of the hash table):"
    )?;
    for m in &out.memory {
        writeln!(
            w,
            "  m/N = {:>4}: Bloom {:.2} B/URL; HashSet<u128> of MD5s {:.2} B/URL ({:.3} of it); HashSet<String> {:.2} B/URL ({:.3} of it)",
            m.m_over_n,
            m.bloom_bytes_per_url,
            m.md5_set_bytes_per_url,
            m.bloom_vs_md5_set,
            m.string_set_bytes_per_url,
            m.bloom_vs_string_set
        )?;
    }
    w.flush()?;
    Ok(())
}

pub(super) struct CbfArgs<'a> {
    pub source: &'a SourceArgs,
    pub limit: u64,
    pub bits_per_url: f64,
    pub k: u32,
    pub counter_bits: u32,
    pub method: IndexMethod,
    pub delete_fraction: f64,
    pub json: bool,
}

pub(super) fn cmd_cbf(a: CbfArgs) -> Result<()> {
    let source = Source::from_args(a.source, 100_000);
    let s = split(&source, a.limit, false, "cbf")?;
    let keys = &s.inserted();
    warn_sparse(&[a.bits_per_url]);
    let m = bloom::m_for(keys.len() as u64, a.bits_per_url).map_err(anyhow::Error::msg)?;
    let delete = (keys.len() as f64 * a.delete_fraction).round() as usize;
    let report = cbf::deletion_experiment(keys, delete, m, a.k, a.counter_bits, a.method)
        .map_err(anyhow::Error::msg)?;
    if a.json {
        return write_json_with_input(&s.input, &report);
    }
    let mut w = stdout();
    print_deletion(&mut w, &report, &source)?;
    w.flush()?;
    Ok(())
}

/// Fewer bits than URLs: the filter is nearly all ones and nearly every held-out URL passes.
fn warn_sparse(bits_per_url: &[f64]) {
    for &r in bits_per_url.iter().filter(|&&r| r < 1.0) {
        eprintln!(
            "urlhash: warning: m/N = {r} is below 1 bit per URL: the filter has fewer bits (counters) than URLs, so nearly every bit is set and nearly every lookup says \"seen\""
        );
    }
}

fn print_overflow(w: &mut impl Write, t: &OverflowTheory) -> std::io::Result<()> {
    writeln!(
        w,
        "Counter overflow (a counter reaching j = 2^{} = {}), N = {}, k = {}, m = {}:",
        t.bits,
        t.j,
        group(t.n),
        t.k,
        group(t.m)
    )?;
    writeln!(
        w,
        "  bound m (e ln2 / j)^j (Fan et al.){}: {}",
        if t.bound_applies {
            ""
        } else {
            " (its condition k <= (ln 2) m/N fails here)"
        },
        sci(t.bound, 2)
    )?;
    writeln!(
        w,
        "  P5's printed formula m (ln2 / j)^j: {}   P5's printed number 1.37 × 10^15 × m: {}",
        sci(t.bound_printed_formula, 2),
        sci(t.bound_printed_j16, 2)
    )?;
    writeln!(
        w,
        "  exact: expected counters reaching j {}; expected saturated counters (>= j − 1) {}",
        sci(t.expected_overflowing, 2),
        sci(t.expected_saturated, 2)
    )
}

fn print_deletion(w: &mut impl Write, r: &DeletionReport, source: &Source) -> std::io::Result<()> {
    writeln!(
        w,
        "Counting Bloom filters: {} URLs inserted, the first {} deleted, {} kept ({}).",
        group(r.n),
        group(r.deleted),
        group(r.kept),
        source.describe()
    )?;
    writeln!(
        w,
        "m = {} counters of {} bits, k = {}, indices by {}.",
        group(r.m),
        r.bits,
        r.k,
        r.method.id()
    )?;
    print_overflow(w, &r.theory)?;
    writeln!(
        w,
        "{:<16} {:>15} {:>10} {:>17} {:>10} {:>12} {:>12} {:>12}",
        "structure",
        "kept lost (FN)",
        "FN rate",
        "deleted present",
        "overflows",
        "saturated+",
        "saturated−",
        "bytes"
    )?;
    for row in &r.rows {
        writeln!(
            w,
            "{:<16} {:>15} {:>10} {:>17} {:>10} {:>12} {:>12} {:>12}",
            row.structure,
            group(row.false_negatives),
            sci(row.false_negative_rate, 2),
            group(row.deleted_still_present),
            group(row.overflow_events),
            group(row.saturated_after_insert),
            group(row.saturated_after_delete),
            group(row.bytes)
        )?;
    }
    writeln!(
        w,
        "cbf-decrement decrements saturated counters and can lose kept URLs; cbf-sticky never decrements them;\nIMP-CB (P5) recounts a saturated counter from its fingerprint store and loses nothing."
    )
}

pub(super) fn cmd_paper_p5(source: &SourceArgs, limit: u64, json: bool) -> Result<()> {
    let source = Source::from_args(source, p5::FIG3_N[3]);
    let s = split(&source, limit, true, "paper p5")?;
    let (inserted, held_out) = (s.inserted(), s.held_out());
    let n = inserted.len() as u64;
    let start = Instant::now();
    let out = p5::study(&inserted, &held_out, &mut || {
        start.elapsed().as_secs_f64() * 1e3
    })
    .map_err(anyhow::Error::msg)?;
    if json {
        return write_json_with_input(&s.input, &out);
    }
    let mut w = stdout();
    writeln!(
        w,
        "P5  吴家奇 et al.: 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018)"
    )?;
    writeln!(
        w,
        "Input: {}; {} URLs inserted, {} held out.\n",
        source.describe(),
        group(n),
        group(held_out.len() as u64)
    )?;
    writeln!(
        w,
        "1. P5's parameters, k = 8 and m/N = 20 (after Cao's table; P5 prints no rate), and P4's m/N = 16, k = 8:"
    )?;
    writeln!(
        w,
        "   {:<16} {:>5} {:>3} {:>10} {:>21} {:>10}",
        "method", "m/N", "k", "measured", "95 % interval", "exact"
    )?;
    for r in &out.fpr {
        writeln!(
            w,
            "   {:<16} {:>5} {:>3} {:>10} {:>21} {:>10}",
            r.method.id(),
            r.m_over_n,
            r.k,
            sci(r.measured, 2),
            format!("[{}, {}]", sci(r.ci_low, 2), sci(r.ci_high, 2)),
            sci(r.exact, 2)
        )?;
    }
    writeln!(
        w,
        "   The optimal k at m/N = 20 is 20 ln 2 = {:.1}: k = 8 costs a factor {:.1} in false positives.",
        bloom::optimal_k(20.0),
        bloom::fpr_approx(8.0, 1.0, 20.0) / bloom::fpr_approx(14.0, 1.0, 20.0)
    )?;
    writeln!(
        w,
        "\n2. Counter overflow at P5's settings (4-bit counters, k = 8, m/N = 20):"
    )?;
    print_overflow(&mut w, &out.deletion_p5.theory)?;
    writeln!(
        w,
        "   P5 prints P(max c >= 16) <= 1.37 × 10^15 × m and the formula m (ln2/j)^j; both are misprints of\n   m (e ln2 / j)^j, which gives 1.37 × 10^-15 × m at j = 16 (without the e it would be 1.5 × 10^-22 × m)."
    )?;
    writeln!(
        w,
        "\n3. Fig. 3 replayed: the fingerprint store alone against IMP-CB ({}):",
        out.fig3_note
    )?;
    writeln!(
        w,
        "   {:>10} {:>12} {:>12} {:>8} {:>18} {:>12} {:>12}",
        "N", "store (s)", "IMP-CB (s)", "ratio", "by counters", "store B/URL", "IMP-CB B/URL"
    )?;
    for r in &out.fig3 {
        writeln!(
            w,
            "   {:>10} {:>12.3} {:>12.3} {:>8.2} {:>17.3}% {:>12.1} {:>12.1}",
            group(r.n),
            r.store_seconds,
            r.imp_cb_seconds,
            r.ratio,
            100.0 * r.answered_by_counters,
            r.store_bytes_per_url,
            r.imp_cb_bytes_per_url
        )?;
    }
    writeln!(
        w,
        "   In memory the counters save store lookups (\"by counters\") but not time: a hash-map lookup is as\n   cheap as the k counter reads. P5's gain needs a store on disk."
    )?;
    writeln!(
        w,
        "\n4. Deletes at P5's settings, then at saturating ones (m/N = 2, k = 4, 2-bit counters):"
    )?;
    for r in [&out.deletion_p5, &out.deletion_saturating] {
        for row in &r.rows {
            writeln!(
                w,
                "   m/N = {:>2}, {}-bit: {:<14} lost {} of {} kept URLs",
                r.m / r.n.max(1),
                r.bits,
                row.structure,
                group(row.false_negatives),
                group(r.kept)
            )?;
        }
    }
    w.flush()?;
    Ok(())
}

/// The arguments of `urlhash bloom` (see `Command::Bloom`).
#[derive(Args)]
pub(crate) struct BloomCmd {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) limit: SplitLimit,
    /// Bits per inserted URL, m/N (comma separated; the papers use 16 and 20).
    #[arg(long = "bits-per-url", value_name = "R[,R...]", value_delimiter = ',', default_values_t = vec![16.0, 20.0], value_parser = parse_bits_per_url, allow_negative_numbers = true)]
    pub(crate) bits_per_url: Vec<f64>,
    /// Number of indices per URL (comma separated).
    #[arg(long, value_name = "K[,K...]", value_delimiter = ',', default_values_t = vec![8], value_parser = parse_k, allow_negative_numbers = true)]
    pub(crate) k: Vec<u32>,
    /// How the k indices are derived: independent, double, enhanced-double, md5-slices (comma separated; default all).
    #[arg(long, value_name = "METHOD[,...]", value_delimiter = ',', value_parser = parse_method)]
    pub(crate) method: Vec<IndexMethod>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// The arguments of `urlhash cbf` (see `Command::Cbf`).
#[derive(Args)]
pub(crate) struct CbfCmd {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) limit: SplitLimit,
    /// Counters per inserted URL, m/N.
    #[arg(long = "bits-per-url", value_name = "R", default_value_t = 20.0, value_parser = parse_bits_per_url, allow_negative_numbers = true)]
    pub(crate) bits_per_url: f64,
    /// Number of indices per URL (1 to 64).
    #[arg(long, default_value_t = 8, value_parser = parse_k, allow_negative_numbers = true)]
    pub(crate) k: u32,
    /// Bits per counter, 1 to 32 (P5: 4).
    #[arg(long = "counter-bits", value_name = "B", default_value_t = 4, value_parser = parse_counter_bits, allow_negative_numbers = true)]
    pub(crate) counter_bits: u32,
    /// How the k indices are derived.
    #[arg(long, value_name = "METHOD", default_value = "md5-slices", value_parser = parse_method)]
    pub(crate) method: IndexMethod,
    /// The share of the inserted URLs deleted again (0 to 1).
    #[arg(long = "delete-fraction", value_name = "F", default_value_t = 0.5, value_parser = parse_fraction, allow_negative_numbers = true)]
    pub(crate) delete_fraction: f64,
    #[arg(long)]
    pub(crate) json: bool,
}

/// The arguments of `urlhash paper p5`.
#[derive(Args)]
pub(crate) struct PaperP5Args {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) limit: SplitLimit,
    #[arg(long)]
    pub(crate) json: bool,
}

impl PaperP5Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p5(&self.source, self.limit.limit, self.json)
    }
}

impl BloomCmd {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_bloom(BloomArgs {
            source: &self.source,
            limit: self.limit.limit,
            bits_per_url: &self.bits_per_url,
            ks: &self.k,
            methods: if self.method.is_empty() {
                &IndexMethod::ALL
            } else {
                &self.method
            },
            json: self.json,
        })
    }
}

impl CbfCmd {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_cbf(CbfArgs {
            source: &self.source,
            limit: self.limit.limit,
            bits_per_url: self.bits_per_url,
            k: self.k,
            counter_bits: self.counter_bits,
            method: self.method,
            delete_fraction: self.delete_fraction,
            json: self.json,
        })
    }
}
