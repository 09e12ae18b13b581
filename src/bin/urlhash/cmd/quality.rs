//! `urlhash quality`: the hash-quality battery (beyond the papers): every chosen function through
//! SMHasher3's kind of tests on keysets from the input and synthetic ones, each line scored as
//! "^N", with P1's A and B beside them.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;
use urlhashlab::foundation::hash::{HashId, REGISTRY};
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::mechanisms::quality::{
    QualityParams, QualityReport, QualityStudy, SummaryRow, Verdict,
};

use crate::emit::{group, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_count, parse_fn, SourceArgs};
use crate::input::{for_first_urls, Progress, Source};

/// The arguments of `urlhash quality` (see `Command::Quality`).
#[derive(Args)]
pub(crate) struct QualityCmd {
    /// Hash function ids, comma separated. Default: every function of the registry.
    #[arg(long = "hash", value_name = "ID[,ID...]", value_delimiter = ',', value_parser = parse_fn)]
    pub(crate) hashes: Vec<HashId>,
    /// Test the first N URL lines only (their distinct lines are kept, about 100 bytes each);
    /// the rest is read and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = QUALITY_LIMIT, allow_negative_numbers = true)]
    pub(crate) limit: u64,
    /// Leave out the synthetic keysets (text, long, sparse, two-byte keys and random avalanche
    /// keys): the input's keysets only.
    #[arg(long)]
    pub(crate) no_synthetic: bool,
    /// With --json: include the avalanche and BIC heat maps (about 300 KB of JSON per function).
    #[arg(long)]
    pub(crate) maps: bool,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: the result table, then the worst ^N per keyset, then every
    /// test line, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

/// URL lines `quality` tests by default: the battery's sizes are set for 100 000.
const QUALITY_LIMIT: u64 = urlhashlab::mechanisms::quality::QUALITY_LINES;

/// What was read.
#[derive(Serialize)]
struct QualityInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    /// The battery tested the first `measured_lines` URL lines (`--limit`).
    measured_lines: u64,
    /// Seconds the battery took after reading (this machine, this run).
    battery_seconds: f64,
}

impl QualityCmd {
    pub(crate) fn run(&self) -> Result<()> {
        let hashes: Vec<HashId> = if self.hashes.is_empty() {
            REGISTRY.iter().map(|f| f.id).collect()
        } else {
            self.hashes.clone()
        };
        let params = QualityParams {
            synthetic: !self.no_synthetic,
            ..QualityParams::default()
        };
        let source = Source::from_args(&self.source, 100_000);
        let mut study = QualityStudy::for_hashes(&hashes, params);
        let (stats, measured) = for_first_urls(
            &source,
            self.limit,
            "tested",
            "the battery keeps every distinct line",
            |_, line| study.push(line),
        )?;
        let start = Instant::now();
        let mut now = || start.elapsed().as_secs_f64() * 1000.0;
        let mut battery = study.begin();
        let mut progress = Progress::new(Some(battery.units() as u64), "testing");
        while battery.step(&mut now) {
            progress.set(battery.done() as u64);
        }
        progress.finish();
        let mut report = battery.finish();
        let seconds = start.elapsed().as_secs_f64();
        if !self.maps {
            for f in &mut report.functions {
                f.avalanche.clear();
            }
        }
        let input = QualityInput {
            source: source.clone(),
            stats,
            measured_lines: measured,
            battery_seconds: seconds,
        };
        let json = WithInput {
            input: &input,
            report: &report,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            print_quality(w, &report, &source)
        })
    }
}

/// `^N` with a mark: `!!` failed, `!` warned.
fn score(log2_p: u32, verdict: Verdict) -> String {
    match verdict {
        Verdict::Pass => format!("^{log2_p}"),
        Verdict::Warn => format!("^{log2_p}!"),
        Verdict::Fail => format!("^{log2_p}!!"),
    }
}

fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Pass => "pass",
        Verdict::Warn => "warn",
        Verdict::Fail => "FAIL",
    }
}

fn print_quality(w: &mut Out, r: &QualityReport, source: &Source) -> std::io::Result<()> {
    let lines: u32 = r.summary.iter().map(|s| s.tests).sum();
    writeln!(
        w,
        "Hash quality: {} functions, {} test lines on {} keysets; {} distinct URLs of {} lines ({}).",
        r.summary.len(),
        group(lines as u64),
        r.keysets.len(),
        group(r.distinct_urls),
        group(r.lines),
        source.describe()
    )?;
    let mut t = Table::new("summary")
        .left("function", 14)
        .csv("hash")
        .right("bits", 4)
        .csv("bits")
        .left("verdict", 7)
        .csv("verdict")
        .right("tests", 5)
        .csv("tests")
        .right("pass", 5)
        .csv("passed")
        .right("warn", 4)
        .csv("warnings")
        .right("fail", 4)
        .csv("failures")
        .right("worst", 5)
        .csv("worst_log2_p")
        .left("worst line", 26)
        .csv("worst_test")
        .right("ns/key", 7)
        .csv("ns_per_key")
        .right("A", 6)
        .csv("a")
        .right("B", 6)
        .csv("b");
    for s in &r.summary {
        t.row(summary_cells(s));
    }
    w.table(&t)?;
    writeln!(
        w,
        "Sorted as SMHasher3 sorts: no failed line first, by ns/key; then by failed lines, then ns/key."
    )?;
    if let Some(p1) = r.functions.iter().find_map(|f| f.p1.as_ref()) {
        writeln!(
            w,
            "A: P1's mean probes among {} slots (N/M = {}; a random function: {:.3}); B: P1's load balance M·max/N among {} machines (1 is perfect).",
            group(p1.a_slots as u64),
            r.params.a_load,
            p1.a_random,
            p1.b_slots
        )?;
    }
    // The worst ^N per keyset.
    let mut m = Table::new("keysets").left("function", 14).csv("hash");
    let mut ids: Vec<&str> = Vec::new();
    for f in &r.functions {
        for test in &f.tests {
            if !ids.contains(&test.keyset) {
                ids.push(test.keyset);
            }
        }
    }
    for id in &ids {
        m = m.right(short(id), short(id).len().max(5)).csv(id);
    }
    for s in &r.summary {
        let f = r
            .functions
            .iter()
            .find(|f| f.hash == s.hash)
            .expect("a row per function");
        let mut cells: Vec<Cell> = vec![s.hash.as_str().into()];
        for id in &ids {
            let worst = f
                .tests
                .iter()
                .filter(|t| t.keyset == *id)
                .max_by_key(|t| (t.verdict, t.log2_p));
            cells.push(match worst {
                Some(t) => Cell::new(score(t.log2_p, t.verdict), t.log2_p.to_string()),
                None => Cell::new("—", ""),
            });
        }
        m.row(cells);
    }
    writeln!(
        w,
        "\nThe worst ^N on each keyset (! warns at p ≤ 2^-16, !! fails at p ≤ 2^-20):"
    )?;
    w.table(&m)?;
    let mut k = Table::new("keyset_sizes")
        .left("keyset", 18)
        .csv("keyset")
        .left("from", 9)
        .csv("origin")
        .right("keys", 9)
        .csv("keys")
        .left("what", 40)
        .csv("about");
    for ks in &r.keysets {
        k.row(vec![
            ks.id.as_str().into(),
            ks.origin.into(),
            Cell::group(ks.keys),
            ks.about.into(),
        ]);
    }
    writeln!(w, "\nThe keysets:")?;
    w.table(&k)?;
    let mut all = [
        "hash",
        "keyset",
        "test",
        "keys",
        "slots",
        "width",
        "observed",
        "expected",
        "input_bit",
        "output_bit",
        "output_bit_b",
        "p_value",
        "tests",
        "p_corrected",
        "log2_p",
        "verdict",
    ]
    .into_iter()
    .fold(Table::new("tests"), |t, c| t.left(c, 0));
    let opt = |x: Option<u32>| x.map_or(String::new(), |v| v.to_string());
    for f in &r.functions {
        for t in &f.tests {
            all.row(vec![
                f.hash.as_str().into(),
                t.keyset.into(),
                t.test.id().into(),
                t.keys.to_string().into(),
                opt(t.slots).into(),
                opt(t.width).into(),
                crate::emit::raw(t.observed).into(),
                crate::emit::raw(t.expected).into(),
                opt(t.input_bit).into(),
                opt(t.output_bit).into(),
                opt(t.output_bit_b).into(),
                crate::emit::raw(t.p_value).into(),
                t.tests.to_string().into(),
                crate::emit::raw(t.p_corrected).into(),
                t.log2_p.to_string().into(),
                verdict_word(t.verdict).to_lowercase().into(),
            ]);
        }
    }
    w.csv_table(&all)?;
    writeln!(
        w,
        "^N = ⌈−log2 p⌉ (at most 99): p is the chance a random function does as badly, corrected (Šidák) for the sub-tests a line is the worst of. Every line: --csv or --json."
    )
}

/// A keyset's column header: the avalanche sets as `aval-urls`, `aval-random`.
fn short(id: &str) -> String {
    id.replace("avalanche-", "aval-")
}

fn summary_cells(s: &SummaryRow) -> Vec<Cell> {
    vec![
        s.hash.as_str().into(),
        Cell::int(s.bits),
        Cell::new(
            verdict_word(s.verdict),
            verdict_word(s.verdict).to_lowercase(),
        ),
        Cell::int(s.tests),
        Cell::int(s.passed),
        Cell::int(s.warnings),
        Cell::int(s.failures),
        Cell::new(format!("^{}", s.worst_log2_p), s.worst_log2_p.to_string()),
        s.worst_test.clone().unwrap_or_default().into(),
        Cell::fixed(s.ns_per_key, 1),
        Cell::fixed_or_dash(s.a, 3),
        Cell::fixed_or_dash(s.b, 3),
    ]
}
