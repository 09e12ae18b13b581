//! `urlhash paper p4`: P4's generalized-list trie against its Table 1 and its 2 MB per 10 000
//! URLs, its Bloom filter's rate, then the structures measured (see `urlhash trie`).

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};
use urlhashlab::bloom;
use urlhashlab::papers::p4::P4_TIME_URLS;

use crate::cmd::trie::print_trie;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_count, SourceArgs};
use crate::input::Source;
use crate::sets::{measure, note_prefix, TrieOut};

/// URL lines `paper p4` builds from by default: P4 measured 10 000 and 16 000, and its growth is
/// timed every 2 000 lines with the FST rebuilt for each batch.
const P4_LIMIT: u64 = 100_000;

/// The arguments of `urlhash paper p4`.
#[derive(Args)]
pub(crate) struct PaperP4Args {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    /// Build the structures from the first N URL lines only (P4 measured 10 000 and
    /// 16 000; growth is timed every 2 000, and the FST is rebuilt for each batch).
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = P4_LIMIT, allow_negative_numbers = true)]
    pub(crate) limit: u64,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: P4's times beside ours, the bytes per URL at 10 000 URLs, then
    /// the tables of `urlhash trie --csv`, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl PaperP4Args {
    pub(crate) fn run(&self) -> Result<()> {
        let source = Source::from_args(&self.source, P4_TIME_URLS);
        let (input, out) = measure(&source, 2_000, self.limit)?;
        note_prefix(&input);
        let json = WithInput {
            input: &input,
            report: &out,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            print_p4(w, &out, &source)
        })
    }
}

fn print_p4(w: &mut Out, out: &TrieOut, source: &Source) -> io::Result<()> {
    writeln!(w, "P4  吴小惠: 分布式网络爬虫 URL 去重策略的改进 (2009)")?;
    writeln!(w, "Input: {}.", source.describe())?;
    let c = &out.study.claims;
    writeln!(
        w,
        "\n1. P4's Table 1 ({} URLs, {}), time per dedup:",
        group(c.time_urls),
        c.machine
    )?;
    let mut t = Table::lines("P4's times", "   {method:<28} {ms_per_dedup:>8} ms");
    for time in &c.times {
        t.row(vec![
            time.method.into(),
            Cell::new(time.ms_per_dedup.to_string(), raw(time.ms_per_dedup)),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "   Ours, looking up each of {} stored URLs (µs per lookup):",
        group(c.time_urls)
    )?;
    let mut t = Table::lines("our lookups", "   {structure:<28} {lookup_us:>8} µs");
    for timed in &out.timed {
        if let Some(v) = timed.lookup_us_at_16000 {
            t.row(vec![timed.structure.id().into(), Cell::fixed(v, 3)]);
        }
    }
    w.table(&t)?;
    writeln!(
        w,
        "\n2. P4's memory: {} MB for {} URLs ({:.1} bytes per URL), extrapolated to {} GB for {} million.",
        c.memory_mb,
        group(c.memory_urls),
        c.bytes_per_url,
        c.extrapolated_gb,
        c.extrapolated_urls / 1_000_000
    )?;
    if let Some(cp) = out
        .study
        .checkpoints
        .iter()
        .find(|cp| cp.distinct >= c.memory_urls)
    {
        let mut t = Table::lines(
            "bytes per URL",
            "   at {urls} URLs {structure:<15} {bytes_per_url:>8} bytes per URL{java_bytes_per_url}",
        );
        for r in &cp.rows {
            let java = r.java_bytes_per_url.map_or_else(
                || Cell::from(""),
                |j| Cell::new(format!(" (P4's JVM: about {j:.0})"), raw(j)),
            );
            t.row(vec![
                Cell::group(cp.distinct),
                r.structure.id().into(),
                Cell::fixed(r.bytes_per_url, 1),
                java,
            ]);
        }
        w.table(&t)?;
    }
    let n = out.study.distinct;
    let p4 = bloom::PAPER_POINTS[0];
    writeln!(
        w,
        "\n3. P4's Bloom filter, \"a 16 times larger address space with 8 hash functions\": {:.2e} false positives\n   by the formula at m/N = {} and k = {} (P4 prints no rate; `urlhash bloom` measures it), 2 bytes per URL.",
        bloom::fpr_exact(p4.k, n as f64, p4.m_over_n * n as f64),
        p4.m_over_n,
        p4.k
    )?;
    print_trie(w, out)
}
