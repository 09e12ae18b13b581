//! `urlhash trie`: P4's generalized-list trie beside a hash set, MD5 fingerprints, a Patricia
//! trie and an FST, measured on the input (see `sets`), and the printed trie's prefix flaw.

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};
use urlhashlab::trie;

use crate::emit::{group, stdout, write_json_with_input};
use crate::flags::{parse_count, SourceArgs};
use crate::input::Source;
use crate::sets::{measure, note_prefix, TrieOut};

/// URL lines the structures are built from by default: P4's list takes about 500 bytes per URL
/// and both variants are built, so a million lines already need about a gigabyte.
const LIMIT: u64 = 1_000_000;

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

fn cmd_trie(source: &SourceArgs, step: Option<u64>, limit: u64, json: bool) -> Result<()> {
    let source = Source::from_args(source, 100_000);
    let (input, out) = measure(&source, step.unwrap_or(10_000), limit)?;
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

pub(crate) fn print_trie(w: &mut impl Write, out: &TrieOut) -> io::Result<()> {
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
