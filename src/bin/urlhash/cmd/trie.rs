//! `urlhash trie`: P4's generalized-list trie beside a hash set, MD5 fingerprints, a Patricia
//! trie and an FST, measured on the input (see `sets`), and the printed trie's prefix flaw.

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};
use urlhashlab::mechanisms::trie;

use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
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
    /// Print CSV instead of text: the structures, the false duplicates, the growth in time and
    /// in bytes, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl TrieArgs {
    pub(crate) fn run(&self) -> Result<()> {
        let source = Source::from_args(&self.source, 100_000);
        let (input, out) = measure(&source, self.step.unwrap_or(10_000), self.limit)?;
        note_prefix(&input);
        let json = WithInput {
            input: &input,
            report: &out,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            writeln!(w, "URL sets on {}:", source.describe())?;
            print_trie(w, &out)
        })
    }
}

pub(crate) fn print_trie(w: &mut Out, out: &TrieOut) -> io::Result<()> {
    let s = &out.study;
    writeln!(
        w,
        "{} lines, {} distinct URLs.\n",
        group(s.lines),
        group(s.distinct)
    )?;
    let last = s.checkpoints.last();
    let mut t = Table::new("structures")
        .left("structure", 15)
        .right("stored", 10)
        .right("nodes", 11)
        .right("B/URL", 10)
        .csv("bytes_per_url")
        .right("heap B/URL", 10)
        .csv("heap_bytes_per_url")
        .right("insert µs", 12)
        .csv("insert_us_per_url")
        .right("lookup µs", 12)
        .csv("lookup_us_per_url")
        .right("at 16 000 µs", 13)
        .csv("lookup_us_at_16000");
    for timed in &out.timed {
        let row = last.and_then(|c| c.rows.iter().find(|r| r.structure == timed.structure));
        t.row(vec![
            timed.structure.id().into(),
            Cell::group(timed.stored),
            row.and_then(|r| r.nodes)
                .map_or_else(|| Cell::new("—", ""), Cell::group),
            Cell::fixed(row.map_or(f64::NAN, |r| r.bytes_per_url), 1),
            Cell::fixed(timed.heap_bytes_per_url, 1),
            Cell::fixed(timed.insert_us_per_url, 3),
            Cell::fixed(timed.lookup_us_per_url, 3),
            Cell::fixed_or_dash(timed.lookup_us_at_16000, 3),
        ]);
    }
    w.table(&t)?;
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
    let mut t = Table::lines("false duplicates", "  line {line}: {url}  (after {longer})");
    for e in &f.examples {
        t.row(vec![
            Cell::int(e.line),
            e.url.as_str().into(),
            e.longer.as_str().into(),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "\nGrowth: µs per URL to insert each batch, then to look it up (insert / lookup):"
    )?;
    let mut t = Table::new("growth in time").right("stored", 12);
    for timed in &out.timed {
        let id = timed.structure.id();
        t = t
            .right(id, 16)
            .text_only()
            .csv_only(format!("{id}_insert_us_per_url"))
            .csv_only(format!("{id}_lookup_us_per_url"));
    }
    let batches = out.timed.first().map_or(0, |t| t.growth.len());
    for b in 0..batches {
        let mut row = vec![Cell::group(out.timed[0].growth[b].n)];
        for timed in &out.timed {
            let g = &timed.growth[b];
            row.push(format!("{:.2} / {:.2}", g.insert_us_per_url, g.lookup_us_per_url).into());
            row.push(raw(g.insert_us_per_url).into());
            row.push(raw(g.lookup_us_per_url).into());
        }
        t.row(row);
    }
    w.table(&t)?;
    writeln!(w, "\nGrowth (bytes per URL as laid out):")?;
    let mut t = Table::new("growth in bytes per URL")
        .right("lines", 12)
        .right("distinct", 12);
    for st in &s.structures {
        t = t.right(st.id(), 14);
    }
    for c in &s.checkpoints {
        let mut row = vec![Cell::group(c.lines), Cell::group(c.distinct)];
        // A structure not measured at this checkpoint (the FST between its rebuilds): a dash.
        row.extend(s.structures.iter().map(|st| {
            let row = c.rows.iter().find(|r| r.structure == *st);
            Cell::fixed_or_dash(row.map(|r| r.bytes_per_url), 1)
        }));
        t.row(row);
    }
    w.table(&t)
}
