//! `urlhash trie` and `urlhash paper p4`: P4's generalized-list trie beside the usual ways of
//! remembering URLs, measured on the input: nodes, bytes (laid out, and as the allocator saw
//! them), insert and lookup times, growth, and the printed trie's prefix flaw.

use super::alloc;
use super::args::*;
use super::{
    for_each_url, group, input_summary, stdout, warn_input, write_json_with_input, Source,
    SourceArgs,
};
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;
use urlhashlab::bloom;
use urlhashlab::lines::InputStats;
use urlhashlab::papers::p4::{self, TrieStudy, P4_TIME_URLS};
use urlhashlab::split::Distinct;
use urlhashlab::trie::{self, Structure, UrlSet};

#[derive(Serialize)]
struct TrieInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    /// The structures are built from the first `measured_lines` URL lines (see [`LIMIT`]).
    measured_lines: u64,
}

/// One structure built from the whole input and timed.
#[derive(Serialize)]
struct Timed {
    structure: Structure,
    stored: u64,
    /// Heap bytes the structure left allocated, from the CLI's counting allocator.
    heap_bytes: u64,
    heap_bytes_per_url: f64,
    /// Building it from all URLs, per URL (the FST: sorting and building once).
    insert_us_per_url: f64,
    /// Looking up every URL once, per URL.
    lookup_us_per_url: f64,
    /// Looking up the URLs with P4's 16 000 stored (P4's Table 1 setting), per URL.
    lookup_us_at_16000: Option<f64>,
    /// As N grows: each batch of `step` URLs inserted, then looked up, timed per URL.
    growth: Vec<GrowthTime>,
}

/// Times of one batch as the structure grows.
#[derive(Serialize)]
struct GrowthTime {
    /// URLs stored after the batch.
    n: u64,
    insert_us_per_url: f64,
    lookup_us_per_url: f64,
}

#[derive(Serialize)]
struct TrieOut {
    study: TrieStudy,
    timed: Vec<Timed>,
}

/// Says on stderr when the structures saw only a prefix of the input.
fn note_prefix(input: &TrieInput) {
    if input.measured_lines < input.stats.urls {
        eprintln!(
            "urlhash: measured on the first {} of {} URL lines (--limit): the structures hold every distinct URL, and P4's list takes about 500 bytes per URL",
            group(input.measured_lines),
            group(input.stats.urls)
        );
    }
}

fn micros_per(seconds: f64, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        seconds * 1e6 / n as f64
    }
}

/// Inserts `urls` into a fresh `s` in batches of `step`, timing each batch's insertion and then
/// its lookups (the FST is rebuilt with each batch: it is static).
fn time_growth(s: Structure, urls: &[&[u8]], step: usize) -> Vec<GrowthTime> {
    let mut set = s.new_set();
    let mut out = Vec::new();
    for batch in urls.chunks(step.max(1)) {
        let t = Instant::now();
        set.insert_all(batch.iter().copied());
        let insert = t.elapsed().as_secs_f64();
        let t = Instant::now();
        std::hint::black_box(set.contains_all(batch.iter().copied()));
        let lookup = t.elapsed().as_secs_f64();
        out.push(GrowthTime {
            n: set.len(),
            insert_us_per_url: micros_per(insert, batch.len()),
            lookup_us_per_url: micros_per(lookup, batch.len()),
        });
    }
    out
}

/// Milliseconds since the CLI started: the clock the core's timing reads.
fn clock() -> impl FnMut() -> f64 {
    let start = Instant::now();
    move || start.elapsed().as_secs_f64() * 1e3
}

/// Builds `s` from `urls` and times it as the page does ([`trie::time_structure`], here with a
/// monotonic clock); the URLs are distinct. The heap is measured on one more build.
fn time_structure(s: Structure, urls: &[&[u8]], step: usize) -> Timed {
    let (set, heap) = alloc::measure(|| {
        let mut set = s.new_set();
        set.insert_all(urls.iter().copied());
        set
    });
    drop(set);
    let timing = trie::time_structure(s, urls, &mut clock());
    let lookup_us_at_16000 = (urls.len() >= P4_TIME_URLS as usize).then(|| {
        let first = &urls[..P4_TIME_URLS as usize];
        trie::time_structure(s, first, &mut clock()).lookup_us_per_url
    });
    Timed {
        structure: s,
        stored: timing.stored,
        heap_bytes: heap as u64,
        heap_bytes_per_url: heap as f64 / urls.len().max(1) as f64,
        insert_us_per_url: timing.insert_us_per_url,
        lookup_us_per_url: timing.lookup_us_per_url,
        lookup_us_at_16000,
        growth: time_growth(s, urls, step),
    }
}

/// URL lines the structures are built from by default: P4's list takes about 500 bytes per URL
/// and both variants are built, so a million lines already need about a gigabyte.
pub(super) const LIMIT: u64 = 1_000_000;

/// URL lines `paper p4` builds from by default: P4 measured 10 000 and 16 000, and its growth is
/// timed every 2 000 lines with the FST rebuilt for each batch.
pub(super) const P4_LIMIT: u64 = 100_000;

fn run(source: &Source, step: u64, limit: u64) -> Result<(TrieInput, TrieOut)> {
    let mut builder = p4::TrieStudyBuilder::new(step, &Structure::ALL);
    let mut distinct = Distinct::default();
    let mut measured = 0u64;
    let stats = for_each_url(source, |_, line| {
        if measured == limit {
            return;
        }
        measured += 1;
        builder.push(line);
        distinct.add(line);
    })?;
    let distinct = distinct.into_keys();
    warn_input(&stats, None);
    if distinct.is_empty() {
        bail!(
            "no URLs in {} ({})",
            source.describe(),
            input_summary(&stats, None)
        );
    }
    let study = builder.finish();
    let distinct = distinct.slices(0..distinct.len());
    let timed = Structure::ALL
        .iter()
        .map(|&s| time_structure(s, &distinct, step as usize))
        .collect();
    Ok((
        TrieInput {
            source: source.clone(),
            stats,
            measured_lines: measured,
        },
        TrieOut { study, timed },
    ))
}

pub(super) fn cmd_trie(
    source: &SourceArgs,
    step: Option<u64>,
    limit: u64,
    json: bool,
) -> Result<()> {
    let source = Source::from_args(source, 100_000);
    let (input, out) = run(&source, step.unwrap_or(10_000), limit)?;
    note_prefix(&input);
    if json {
        return write_json_with_input(&input, &out);
    }
    let mut w = stdout();
    writeln!(w, "URL sets on {}:", source.describe())?;
    print_trie(&mut w, &out)?;
    w.flush()?;
    Ok(())
}

fn print_trie(w: &mut impl Write, out: &TrieOut) -> io::Result<()> {
    let s = &out.study;
    writeln!(
        w,
        "{} lines, {} distinct URLs.\n",
        group(s.lines),
        group(s.distinct)
    )?;
    let last = s.checkpoints.last();
    writeln!(
        w,
        "{:<15} {:>10} {:>11} {:>10} {:>10} {:>12} {:>12} {:>13}",
        "structure",
        "stored",
        "nodes",
        "B/URL",
        "heap B/URL",
        "insert µs",
        "lookup µs",
        "at 16 000 µs"
    )?;
    for t in &out.timed {
        let row = last.and_then(|c| c.rows.iter().find(|r| r.structure == t.structure));
        writeln!(
            w,
            "{:<15} {:>10} {:>11} {:>10.1} {:>10.1} {:>12.3} {:>12.3} {:>13}",
            t.structure.id(),
            group(t.stored),
            row.and_then(|r| r.nodes).map_or("—".into(), group),
            row.map_or(f64::NAN, |r| r.bytes_per_url),
            t.heap_bytes_per_url,
            t.insert_us_per_url,
            t.lookup_us_per_url,
            t.lookup_us_at_16000
                .map_or("—".into(), |v| format!("{v:.3}"))
        )?;
    }
    writeln!(
        w,
        "B/URL: laid out by the structure; heap B/URL: what the allocator handed out while building it.\nTimes: this machine, all URLs in memory; µs per URL."
    )?;
    let g = &s.gl_fixed;
    writeln!(
        w,
        "\nThe generalized list: {} nodes ({} level roots, {} chars), {:.1} nodes per URL, {} levels, mean depth {:.1};\nP4's JVM at {} bytes a node would take about {:.0} bytes per URL.",
        group(g.nodes),
        group(g.root_nodes),
        group(g.char_nodes),
        g.nodes as f64 / s.distinct.max(1) as f64,
        g.levels,
        g.mean_depth,
        trie::JAVA_NODE_BYTES,
        g.java_bytes as f64 / s.distinct.max(1) as f64
    )?;
    let f = &s.flaw;
    writeln!(
        w,
        "\nThe printed list has no end mark: a URL that is a proper prefix of a stored one reads as seen.\n{} URLs were false duplicates (never crawled under P4's list); {} distinct URLs are prefixes of others.",
        group(f.false_duplicates),
        group(f.prefix_urls)
    )?;
    for e in &f.examples {
        writeln!(w, "  line {}: {}  (after {})", e.line, e.url, e.longer)?;
    }
    writeln!(
        w,
        "\nGrowth: µs per URL to insert each batch, then to look it up (insert / lookup):"
    )?;
    write!(w, "{:>12}", "stored")?;
    for t in &out.timed {
        write!(w, " {:>16}", t.structure.id())?;
    }
    writeln!(w)?;
    let batches = out.timed.first().map_or(0, |t| t.growth.len());
    for b in 0..batches {
        write!(w, "{:>12}", group(out.timed[0].growth[b].n))?;
        for t in &out.timed {
            let g = &t.growth[b];
            write!(
                w,
                " {:>16}",
                format!("{:.2} / {:.2}", g.insert_us_per_url, g.lookup_us_per_url)
            )?;
        }
        writeln!(w)?;
    }
    writeln!(w, "\nGrowth (bytes per URL as laid out):")?;
    write!(w, "{:>12} {:>12}", "lines", "distinct")?;
    for st in &s.structures {
        write!(w, " {:>14}", st.id())?;
    }
    writeln!(w)?;
    for c in &s.checkpoints {
        write!(w, "{:>12} {:>12}", group(c.lines), group(c.distinct))?;
        for r in &c.rows {
            write!(w, " {:>14.1}", r.bytes_per_url)?;
        }
        writeln!(w)?;
    }
    Ok(())
}

pub(super) fn cmd_paper_p4(source: &SourceArgs, limit: u64, json: bool) -> Result<()> {
    let source = Source::from_args(source, P4_TIME_URLS);
    let (input, out) = run(&source, 2_000, limit)?;
    note_prefix(&input);
    if json {
        return write_json_with_input(&input, &out);
    }
    let mut w = stdout();
    writeln!(w, "P4  吴小惠: 分布式网络爬虫 URL 去重策略的改进 (2009)")?;
    writeln!(w, "Input: {}.", source.describe())?;
    let c = &out.study.claims;
    writeln!(
        w,
        "\n1. P4's Table 1 ({} URLs, {}), time per dedup:",
        group(c.time_urls),
        c.machine
    )?;
    for t in &c.times {
        writeln!(w, "   {:<28} {:>8} ms", t.method, t.ms_per_dedup)?;
    }
    writeln!(
        w,
        "   Ours, looking up each of {} stored URLs (µs per lookup):",
        group(c.time_urls)
    )?;
    for t in &out.timed {
        if let Some(v) = t.lookup_us_at_16000 {
            writeln!(w, "   {:<28} {:>8.3} µs", t.structure.id(), v)?;
        }
    }
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
        for r in &cp.rows {
            let java = r
                .java_bytes_per_url
                .map_or(String::new(), |j| format!(" (P4's JVM: about {j:.0})"));
            writeln!(
                w,
                "   at {} URLs {:<15} {:>8.1} bytes per URL{java}",
                group(cp.distinct),
                r.structure.id(),
                r.bytes_per_url
            )?;
        }
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
    print_trie(&mut w, &out)?;
    w.flush()?;
    Ok(())
}

/// The arguments of `urlhash trie` (see `Command::Trie`).
#[derive(Args)]
pub(crate) struct TrieArgs {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    /// Growth checkpoint interval, in lines (default 10 000).
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub(crate) step: Option<u64>,
    /// Build the structures from the first N URL lines only (P4's list takes about 500
    /// bytes per URL); the rest is read and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = LIMIT, allow_negative_numbers = true)]
    pub(crate) limit: u64,
    #[arg(long)]
    pub(crate) json: bool,
}

impl TrieArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_trie(&self.source, self.step, self.limit, self.json)
    }
}

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
}

impl PaperP4Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p4(&self.source, self.limit, self.json)
    }
}
