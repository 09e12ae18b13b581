//! `urlhash paper p4`: P4's generalized-list trie against its Table 1 and its 2 MB per 10 000
//! URLs, its Bloom filter's rate, then the structures measured (see `urlhash trie`).

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;
use urlhashlab::adapters::native;
use urlhashlab::mechanisms::bloom;
use urlhashlab::papers::p4::table1::{Table1Report, Table1Scale, SCALE_SIZES, WINDOWS_TICK_MS};
use urlhashlab::papers::p4::P4_TIME_URLS;

use crate::cmd::trie::print_trie;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_count, parse_count_or_zero, SourceArgs};
use crate::input::Source;
use crate::sets::{measure, note_prefix, TrieOut};
use crate::split::split;

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
    /// Table 1 replayed: the URLs stored in each store P4 timed (a SQLite table scanned and
    /// indexed, the linked list, the generalized list); as many others are looked up.
    #[arg(long = "table1-urls", value_name = "N", value_parser = parse_count, default_value_t = P4_TIME_URLS, allow_negative_numbers = true)]
    pub(crate) table1_urls: u64,
    /// The URLs stored in P4's MD5 directories (32 nested directories per URL, a disk block
    /// each on most file systems: 1 000 URLs take about 30 000 directories, 32 levels each with
    /// only the first few shared); 0 leaves them out.
    #[arg(long = "md5-dirs", value_name = "N", value_parser = parse_count_or_zero, default_value_t = 1_000, allow_negative_numbers = true)]
    pub(crate) md5_dirs: u64,
    /// Also time Table 1's stores (the databases scanned and indexed, the linked list, the
    /// generalized list) with 10 000, 100 000 and 1 000 000 URLs stored, as many as the input
    /// has (the built-in corpus needs --n 1000000), 40 lookups each: P4 says a database "falls
    /// off sharply beyond a million records". About 20 s and 1 GB at a million.
    #[arg(long = "table1-scale")]
    pub(crate) table1_scale: bool,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: Table 1 replayed, P4's times beside ours, the bytes per URL at 10 000 URLs, then
    /// the tables of `urlhash trie --csv`, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl PaperP4Args {
    pub(crate) fn run(&self) -> Result<()> {
        let source = Source::from_args(&self.source, P4_TIME_URLS);
        let (input, out) = measure(&source, 2_000, self.limit)?;
        note_prefix(&input);
        let keys = split(&source, self.table1_urls, true, "paper p4's Table 1")?;
        let (stored, absent) = (keys.inserted(), keys.held_out());
        let start = Instant::now();
        let table1 = native::table1(
            &stored,
            &absent,
            LOOKUPS_PER_PASS,
            self.md5_dirs as usize,
            &mut || start.elapsed().as_secs_f64() * 1e3,
        )
        .map_err(anyhow::Error::msg)?;
        let scale = if self.table1_scale {
            let largest = *SCALE_SIZES.last().expect("sizes") as u64;
            let keys = split(&source, largest, true, "paper p4's Table 1 at scale")?;
            let (stored, absent) = (keys.inserted(), keys.held_out());
            Some(
                native::table1_scale(&stored, &absent, &mut || {
                    start.elapsed().as_secs_f64() * 1e3
                })
                .map_err(anyhow::Error::msg)?,
            )
        } else {
            None
        };
        let report = P4Out {
            table1: &table1,
            table1_scale: scale.as_ref(),
            trie: &out,
        };
        let json = WithInput {
            input: &input,
            report: &report,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            print_p4(w, &out, &table1, &source)?;
            match &scale {
                Some(scale) => print_scale(w, scale),
                None => Ok(()),
            }
        })
    }
}

/// Lookups per timed pass of Table 1: half stored URLs, half others.
const LOOKUPS_PER_PASS: usize = 1_000;

/// `paper p4 --json`: Table 1 replayed beside the trie study.
#[derive(Serialize)]
struct P4Out<'a> {
    table1: &'a Table1Report,
    /// With `--table1-scale`.
    #[serde(skip_serializing_if = "Option::is_none")]
    table1_scale: Option<&'a Table1Scale>,
    #[serde(flatten)]
    trie: &'a TrieOut,
}

fn print_p4(w: &mut Out, out: &TrieOut, table1: &Table1Report, source: &Source) -> io::Result<()> {
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
    print_table1(w, table1)?;
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

/// Table 1 replayed: each store P4 timed, on this machine, beside the printed time.
fn print_table1(w: &mut Out, r: &Table1Report) -> io::Result<()> {
    writeln!(
        w,
        "   Replayed here: each store holding {} URLs, {} lookups a pass (half of them stored URLs), repeated for 60 ms:",
        group(r.stored),
        group(r.lookups_per_pass)
    )?;
    let mut t = Table::new("Table 1 replayed")
        .indent("   ")
        .left("store", 17)
        .right("URLs", 7)
        .right("printed ms", 11)
        .csv("printed_ms")
        .right("ms per dedup", 13)
        .csv("measured_ms")
        .right("× the list", 12)
        .csv("vs_list")
        .right("found", 6)
        .right("passes", 7)
        .left("disk", 0)
        .before("  ")
        .csv("disk_entries")
        .csv_only("disk_bytes");
    for row in &r.rows {
        let (disk, entries, bytes) = match &row.cost {
            Some(c) if row.method == "md5-dirs" => (
                format!("{} directories", group(c.entries)),
                c.entries.to_string(),
                c.disk_bytes.to_string(),
            ),
            Some(c) => (
                format!("one file, {} KB", group(c.disk_bytes / 1024)),
                c.entries.to_string(),
                c.disk_bytes.to_string(),
            ),
            None => ("memory".into(), String::new(), String::new()),
        };
        t.row(vec![
            row.method.into(),
            Cell::group(row.stored),
            Cell::fixed_or_dash(row.printed_ms, 1),
            Cell::new(format!("{:.5}", row.measured_ms), raw(row.measured_ms)),
            Cell::fixed_or_dash(row.vs_list, 1),
            Cell::group(row.found),
            Cell::group(row.passes),
            Cell::new(disk, entries),
            Cell::new("", bytes),
        ]);
    }
    w.table(&t)?;
    for (method, plan) in &r.plans {
        writeln!(w, "   SQLite's plan, {method}: {plan}")?;
    }
    let fit = |i: usize| &r.tick_fit[i];
    writeln!(
        w,
        "   An inference, not in P4: its times are whole ticks of Windows XP's {WINDOWS_TICK_MS} ms clock: {} ms ≈ {} ticks, {} ms ≈ {} tick, {} × {} ms = {} ms ≈ {} tick.",
        fit(0).printed_ms,
        fit(0).ticks,
        fit(1).printed_ms,
        fit(1).ticks,
        fit(2).repeats,
        fit(2).printed_ms,
        fit(2).total_ms,
        fit(2).ticks
    )?;
    writeln!(
        w,
        "   Table 1's 内存链表 is a list scanned from its head (§1.2 describes an in-memory hash table instead)."
    )
}

/// Table 1's stores at 10^4, 10^5 and 10^6 URLs (`--table1-scale`).
fn print_scale(w: &mut Out, r: &Table1Scale) -> io::Result<()> {
    writeln!(
        w,
        "\nTable 1 at scale: P4 says a database \"falls off sharply beyond a million records\" (数据库记录数超过百万时性能急剧下降).\n   Each store with N URLs, 40 lookups (half stored, spread over the store), ms per lookup:"
    )?;
    let mut t = Table::new("Table 1 at scale")
        .indent("   ")
        .left("store", 17)
        .right("URLs", 10)
        .csv("stored")
        .right("ms per dedup", 13)
        .csv("measured_ms")
        .right("ns per URL stored", 18)
        .csv("ns_per_record")
        .right("insert ms", 10)
        .csv("insert_ms");
    for row in &r.rows {
        t.row(vec![
            row.method.into(),
            Cell::group(row.stored),
            Cell::new(format!("{:.4}", row.measured_ms), raw(row.measured_ms)),
            Cell::fixed(row.ns_per_record, 3),
            Cell::fixed(row.insert_ms, 0),
        ]);
    }
    w.table(&t)?;
    if !r.beyond_input.is_empty() {
        let sizes: Vec<String> = r.beyond_input.iter().map(|&s| group(s)).collect();
        writeln!(
            w,
            "   Not measured: {} URLs (the input has fewer distinct URLs to store; the built-in corpus needs --n {}).",
            sizes.join(" and "),
            group(*r.beyond_input.last().unwrap_or(&0))
        )?;
    }
    for g in r.growth.iter().filter(|g| g.to > g.from) {
        writeln!(
            w,
            "   {:<17} {} → {} URLs: {:.1} × the time for {:.0} × the records (exponent {:.2}: {})",
            g.method,
            group(g.from),
            group(g.to),
            g.time_ratio,
            g.records_ratio,
            // No "-0.00" for a time that did not grow.
            if g.exponent.abs() < 0.005 {
                0.0
            } else {
                g.exponent
            },
            if g.exponent > 1.15 {
                "faster than linear: a fall-off"
            } else if g.exponent > 0.8 {
                "linear, as a scan is"
            } else {
                "far below linear"
            }
        )?;
    }
    Ok(())
}
