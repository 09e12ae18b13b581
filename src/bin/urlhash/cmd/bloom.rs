//! `urlhash bloom`: Bloom filters (P4, P5), false positives measured on held-out URLs beside
//! the theory, the papers' points, and memory against hash sets.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use urlhashlab::bloom::{self, FprReport, IndexMethod, MemoryComparison, PaperRow};

use crate::emit::{group, sci, stdout, write_json_with_input};
use crate::flags::{parse_bits_per_url, parse_k, parse_method, SourceArgs, SplitLimit};
use crate::input::Source;
use crate::split::split;

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

#[derive(Serialize)]
struct BloomOut<'a> {
    rows: &'a [FprReport],
    memory: Vec<MemoryComparison>,
    paper_points: Vec<PaperRow>,
}

impl BloomCmd {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_bloom(self)
    }
}

fn cmd_bloom(a: &BloomCmd) -> Result<()> {
    let methods: &[IndexMethod] = if a.method.is_empty() {
        &IndexMethod::ALL
    } else {
        &a.method
    };
    let source = Source::from_args(&a.source, 100_000);
    let s = split(&source, a.limit.limit, true, "bloom")?;
    let (inserted, held_out) = (s.inserted(), s.held_out());
    warn_sparse(&a.bits_per_url);
    let rows = bloom::sweep_fpr(&inserted, &held_out, &a.bits_per_url, &a.k, methods)
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

/// Fewer bits than URLs: the filter is nearly all ones and nearly every held-out URL passes.
pub(crate) fn warn_sparse(bits_per_url: &[f64]) {
    for &r in bits_per_url.iter().filter(|&&r| r < 1.0) {
        eprintln!(
            "urlhash: warning: m/N = {r} is below 1 bit per URL: the filter has fewer bits (counters) than URLs, so nearly every bit is set and nearly every lookup says \"seen\""
        );
    }
}
