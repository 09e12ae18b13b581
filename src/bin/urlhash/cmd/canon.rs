//! `urlhash canon`: which URLs of the input are one page under WHATWG's parser, RFC 3986's
//! normalisation, Google Safe Browsing's canonicalisation, Nutch's and StormCrawler's basic
//! normalisers, Scrapy's w3lib and P3's key (beyond the papers).

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::mechanisms::canon::{EquivalenceReport, EquivalenceStudy, Scheme};

use crate::emit::{group, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_count, SourceArgs};
use crate::input::{for_first_urls, Source};

/// The arguments of `urlhash canon` (see `Command::Canon`).
#[derive(Args)]
pub(crate) struct CanonCmd {
    /// Schemes, comma-separated, in the order wanted: whatwg, rfc3986, safe-browsing, nutch,
    /// w3lib, stormcrawler, p3.
    #[arg(long = "scheme", value_name = "ID,…", value_delimiter = ',', value_parser = parse_scheme, default_value = "whatwg,rfc3986,safe-browsing,nutch,w3lib,stormcrawler,p3")]
    pub(crate) schemes: Vec<Scheme>,
    /// The largest merged groups shown per scheme, and the spellings shown per group.
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub(crate) examples: usize,
    /// Compare the first N URL lines only (about 1 KB per distinct line); the rest is read
    /// and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = CANON_LIMIT, allow_negative_numbers = true)]
    pub(crate) limit: u64,
    /// Follow each of the first N lines with one respelling of it (host in capitals, default
    /// port, fragment, escaped letter, `./`, empty query, http ↔ https, session id, in turn):
    /// a list with no spelling variants (the built-in corpus) then shows what each scheme merges.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(crate) respell: u64,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: a row per scheme, then a row per largest group, then a row
    /// per pair of schemes, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

fn parse_scheme(s: &str) -> Result<Scheme, String> {
    Scheme::parse(s.trim()).ok_or_else(|| {
        let ids: Vec<&str> = Scheme::ALL.iter().map(|s| s.id()).collect();
        format!("unknown scheme '{s}' (one of {})", ids.join(", "))
    })
}

/// URL lines `canon` compares by default: it keeps every distinct line and its group under each
/// scheme, about 1 KB per distinct line (1.05 GB for the first 1 000 000 corpus URLs).
const CANON_LIMIT: u64 = 1_000_000;

/// What was read.
#[derive(Serialize)]
struct CanonInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    /// The schemes compared the first `measured_lines` URL lines (`--limit`).
    measured_lines: u64,
}

impl CanonCmd {
    pub(crate) fn run(&self) -> Result<()> {
        let mut schemes: Vec<Scheme> = Vec::new();
        for s in &self.schemes {
            if !schemes.contains(s) {
                schemes.push(*s);
            }
        }
        let source = Source::from_args(&self.source, 100_000);
        let mut study = EquivalenceStudy::new(&schemes).with_respellings(self.respell);
        let (stats, measured) = for_first_urls(
            &source,
            self.limit,
            "compared",
            "the study keeps every distinct line, about 1 KB each",
            |_, line| study.push(line),
        )?;
        let report = study.finish(self.examples);
        let input = CanonInput {
            source: source.clone(),
            stats,
            measured_lines: measured,
        };
        let json = WithInput {
            input: &input,
            report: &report,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            print_canon(w, &report, &source)
        })
    }
}

fn print_canon(w: &mut Out, r: &EquivalenceReport, source: &Source) -> std::io::Result<()> {
    writeln!(
        w,
        "Which URLs are one page: {} lines, {} distinct spellings ({}).",
        group(r.lines),
        group(r.spellings),
        source.describe()
    )?;
    if r.respelled > 0 {
        writeln!(
            w,
            "Of these, {} lines are respellings you asked for (--respell), one after each of the first {} lines.",
            group(r.respellings),
            group(r.respelled)
        )?;
    }
    let mut t = Table::new("schemes")
        .left("scheme", 14)
        .csv("scheme")
        .right("distinct", 10)
        .csv("distinct")
        .right("merged", 10)
        .csv("merged_spellings")
        .right("groups", 8)
        .csv("merged_groups")
        .right("refused", 8)
        .csv("refused")
        .left("rules", 40)
        .csv("source");
    for s in &r.schemes {
        t.row(vec![
            s.scheme.into(),
            Cell::group(s.distinct),
            Cell::group(s.merged_spellings),
            Cell::group(s.merged_groups),
            Cell::group(s.refused),
            s.source.into(),
        ]);
    }
    w.table(&t)?;
    let mut g = Table::new("groups")
        .left("scheme", 14)
        .csv("scheme")
        .right("spellings", 10)
        .csv("spellings")
        .right("lines", 8)
        .csv("lines")
        .left("merged by", 18)
        .csv("rules")
        .left("canonical form ← spellings", 40)
        .csv("canonical");
    for s in &r.schemes {
        for grp in &s.largest {
            let more = if (grp.examples.len() as u64) < grp.spellings {
                " · …"
            } else {
                ""
            };
            let shown = format!("{} ← {}{more}", grp.canonical, grp.examples.join(" · "));
            g.row(vec![
                s.scheme.into(),
                Cell::group(grp.spellings),
                Cell::group(grp.lines),
                grp.rules.join("+").as_str().into(),
                Cell::new(shown, grp.canonical.clone()),
            ]);
        }
    }
    writeln!(
        w,
        "\nThe largest groups each scheme merged (a spelling is a distinct line):"
    )?;
    w.table(&g)?;
    let mut d = Table::new("disagreements")
        .left("merges", 14)
        .csv("merges")
        .left("keeps apart", 14)
        .csv("keeps_apart")
        .right("pairs", 12)
        .csv("pairs")
        .left("for example", 40)
        .csv("example");
    let k = &r.knock_on;
    let mut e = Table::new("knock_on")
        .left("scheme", 14)
        .csv("scheme")
        .right("distinct", 10)
        .csv("distinct")
        .right("MD5 changed", 12)
        .csv("md5_changed")
        .right("Bloom FPR", 10)
        .csv("bloom_fpr")
        .right("theory", 10)
        .csv("bloom_fpr_exact")
        .right("max/mean", 9)
        .csv("node_max_over_mean")
        .right("split", 8)
        .csv("split_groups")
        .left("P2 node loads", 30)
        .csv("node_loads");
    let effects = std::iter::once(("as written", &r.as_written))
        .chain(r.schemes.iter().map(|s| (s.scheme, &s.effects)));
    for (name, x) in effects {
        let loads: Vec<String> = x.node_loads.iter().map(|&l| group(l)).collect();
        e.row(vec![
            name.into(),
            Cell::group(x.distinct),
            Cell::group(x.md5_changed),
            Cell::new(
                format!("{:.4}%", 100.0 * x.bloom.measured),
                x.bloom.measured.to_string(),
            ),
            Cell::new(
                format!("{:.4}%", 100.0 * x.bloom.exact),
                x.bloom.exact.to_string(),
            ),
            Cell::new(
                format!("{:.3}", x.node_max_over_mean),
                x.node_max_over_mean.to_string(),
            ),
            Cell::group(x.split_groups),
            Cell::new(
                loads.join(" "),
                x.node_loads
                    .iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(";"),
            ),
        ]);
    }
    for x in &r.disagreements {
        let ex = x
            .example
            .as_ref()
            .map_or(String::new(), |(a, b)| format!("{a} = {b}"));
        d.row(vec![
            x.merges.into(),
            x.keeps_apart.into(),
            Cell::group(x.pairs),
            ex.as_str().into(),
        ]);
    }
    writeln!(
        w,
        "\nPairs of spellings one scheme merges and the other keeps apart:"
    )?;
    w.table(&d)?;
    writeln!(
        w,
        "A refused line (no host for that scheme) stays its own page and is counted in 'distinct'."
    )?;
    writeln!(
        w,
        "\nKnock-on effects: MD5 fingerprints that change; a Bloom filter of {} bits per spelling read, k = {}, holding each page once, queried with {} keys in no list; P2's {} crawl nodes by {} of the path (split: merged groups whose spellings P2 sends to two or more nodes):",
        k.bloom_bits_per_spelling,
        k.bloom_k,
        group(k.bloom_probes),
        k.p2_nodes,
        k.p2_function
    )?;
    w.table(&e)
}
