//! `urlhash bloom`: Bloom filters (P4, P5), false positives measured on held-out URLs beside
//! the theory, the papers' points, and memory against hash sets.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::{self, Write};
use urlhashlab::mechanisms::bloom::{self, FprReport, IndexMethod, MemoryComparison, PaperRow};

use crate::emit::{group, raw, sci, write_report, Cell, Format, Out, Table, WithInput};
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
    /// Print CSV instead of text: the false positives, the papers' points and the memory, each
    /// after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

#[derive(Serialize)]
struct BloomOut<'a> {
    rows: &'a [FprReport],
    memory: Vec<MemoryComparison>,
    paper_points: Vec<PaperRow>,
}

impl BloomCmd {
    pub(crate) fn run(&self) -> Result<()> {
        let methods: &[IndexMethod] = if self.method.is_empty() {
            &IndexMethod::ALL
        } else {
            &self.method
        };
        let source = Source::from_args(&self.source, 100_000);
        let s = split(&source, self.limit.limit, true, "bloom")?;
        let (inserted, held_out) = (s.inserted(), s.held_out());
        warn_sparse(&self.bits_per_url);
        let rows = bloom::sweep_fpr(&inserted, &held_out, &self.bits_per_url, &self.k, methods)
            .map_err(anyhow::Error::msg)?;
        let lengths = || inserted.iter().map(|k| k.len());
        let memory = self
            .bits_per_url
            .iter()
            .map(|&r| bloom::memory_comparison(lengths(), r).map_err(anyhow::Error::msg))
            .collect::<Result<Vec<_>>>()?;
        let out = BloomOut {
            rows: &rows,
            memory,
            paper_points: bloom::paper_rows(inserted.len() as u64),
        };
        let json = WithInput {
            input: &s.input,
            report: &out,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            writeln!(
                w,
                "Bloom filter: {} URLs inserted, {} held out ({}).",
                group(s.input.inserted),
                group(s.input.held_out),
                source.describe()
            )?;
            print_bloom(w, &out, inserted.len() as u64)
        })
    }
}

/// A table's column of 95 % Wilson intervals, `[low, high]` in the text, two raw columns in CSV.
pub(crate) fn interval_column(t: Table) -> Table {
    t.right("95 % interval", 21)
        .text_only()
        .csv_only("ci_low")
        .csv_only("ci_high")
}

/// The cells of [`interval_column`].
pub(crate) fn interval_cells(r: &FprReport) -> [Cell; 3] {
    [
        format!("[{}, {}]", sci(r.ci_low, 2), sci(r.ci_high, 2)).into(),
        raw(r.ci_low).into(),
        raw(r.ci_high).into(),
    ]
}

/// m/N as typed (`16`, `8.5`); raw in CSV.
pub(crate) fn ratio(m_over_n: f64) -> Cell {
    Cell::new(m_over_n.to_string(), raw(m_over_n))
}

fn print_bloom(w: &mut Out, out: &BloomOut, n: u64) -> io::Result<()> {
    let mut t = Table::new("false positives")
        .left("method", 16)
        .right("m/N", 6)
        .csv("m_over_n")
        .right("k", 4)
        .right("FP", 8)
        .csv("false_positives")
        .csv_only("trials")
        .right("measured", 10);
    t = interval_column(t)
        .right("exact", 10)
        .right("approx", 10)
        .right("in?", 6)
        .csv("theory_in_ci")
        .right("bytes/URL", 9)
        .csv("bytes_per_key");
    for r in out.rows {
        let mut row = vec![
            r.method.id().into(),
            ratio(r.m_over_n),
            Cell::int(r.k),
            Cell::group(r.false_positives),
            Cell::int(r.trials),
            Cell::sci(r.measured, 2),
        ];
        row.extend(interval_cells(r));
        row.extend([
            Cell::sci(r.exact, 2),
            Cell::sci(r.approx, 2),
            Cell::new(
                if r.theory_in_ci { "yes" } else { "no" },
                r.theory_in_ci.to_string(),
            ),
            Cell::fixed(r.bytes_per_key, 2),
        ]);
        t.row(row);
    }
    w.table(&t)?;
    writeln!(
        w,
        "exact = (1 − (1 − 1/m)^(kN))^k, approx = (1 − e^(−kN/m))^k; in? = the exact rate lies in the measured 95 % Wilson interval."
    )?;
    writeln!(
        w,
        "\nThe papers' points (neither paper prints a rate; these are the formula's):"
    )?;
    let mut t = Table::lines(
        "the papers' points",
        "  m/N = {m_over_n:>4}, k = {k:>5}: {fpr_as_given} as given, {fpr_exact} exact at N = {n}  ({note})",
    );
    for p in &out.paper_points {
        t.row(vec![
            ratio(p.m_over_n),
            Cell::fixed(p.k, 2),
            Cell::sci(p.fpr_as_given, 2),
            Cell::sci(p.fpr_exact_at_this_n, 2),
            Cell::group(n),
            p.note.into(),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "\nMemory against hash sets of the same URLs (P4: a Bloom filter takes 1/8 to 1/4 of the hash table):"
    )?;
    let mut t = Table::lines(
        "memory",
        "  m/N = {m_over_n:>4}: Bloom {bloom_bytes_per_url} B/URL; HashSet<u128> of MD5s {md5_set_bytes_per_url} B/URL ({bloom_vs_md5_set} of it); HashSet<String> {string_set_bytes_per_url} B/URL ({bloom_vs_string_set} of it)",
    );
    for m in &out.memory {
        t.row(vec![
            ratio(m.m_over_n),
            Cell::fixed(m.bloom_bytes_per_url, 2),
            Cell::fixed(m.md5_set_bytes_per_url, 2),
            Cell::fixed(m.bloom_vs_md5_set, 3),
            Cell::fixed(m.string_set_bytes_per_url, 2),
            Cell::fixed(m.bloom_vs_string_set, 3),
        ]);
    }
    w.table(&t)
}

/// Fewer bits than URLs: the filter is nearly all ones and nearly every held-out URL passes.
pub(crate) fn warn_sparse(bits_per_url: &[f64]) {
    for &r in bits_per_url.iter().filter(|&&r| r < 1.0) {
        eprintln!(
            "urlhash: warning: m/N = {r} is below 1 bit per URL: the filter has fewer bits (counters) than URLs, so nearly every bit is set and nearly every lookup says \"seen\""
        );
    }
}
