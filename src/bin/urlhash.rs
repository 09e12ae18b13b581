//! `urlhash`: the command line of URL Hash Lab, a thin layer over the `urlhashlab` core.
//!
//! It owns all I/O: reading URL lists (a file, `-` for standard input, or the built-in corpus
//! when no file is named), a progress bar on stderr for work that takes over a second, and
//! text, CSV or JSON on stdout. Run `urlhash --help` for the commands.

// Native only: on wasm32 (`cargo test --target wasm32-unknown-unknown --test web` builds every
// bin) this crate is empty, and `no_main` spares it a `main`.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use urlhashlab::bloom::IndexMethod;
use urlhashlab::columns::{self, Columns};
use urlhashlab::corpus::{Corpus, DEFAULT_SEED};
use urlhashlab::hash::{self, HashId};
use urlhashlab::key::{self, Key};
use urlhashlab::lines::{InputStats, LineSplitter, Occurrences, MAX_LINE_BYTES};
use urlhashlab::metrics::{bucket_size_distribution, BucketSizeRow, Measures, Tally};
use urlhashlab::p1::{P1Report, P1Study, TableColumn};
use urlhashlab::sweep::{self, Figure, Point, Series, Sweep};

#[path = "urlhash/alloc.rs"]
mod alloc;
#[path = "urlhash/dedup.rs"]
mod dedup;
#[path = "urlhash/fingerprint.rs"]
mod fingerprint;
#[path = "urlhash/partition.rs"]
mod partition;
#[path = "urlhash/trie.rs"]
mod trie;

#[global_allocator]
static HEAP: alloc::Counting = alloc::Counting;

#[derive(Parser)]
#[command(
    name = "urlhash",
    version,
    about = "URL Hash Lab (网址散列实验室): the hash functions and measures of five Chinese papers on crawler URL hashing, on any URL list.",
    after_help = "Input: one URL per line from FILE, or '-' for standard input; with no FILE, the built-in corpus (a seeded 2004-style Chinese crawl, see `urlhash gen`).\nHash functions: elfhash, hfip, hf (P1); site-printed, site-folded, site-repaired, path-printed, path-xor, path-repaired (P2); md5 (P3); fnv1a64, xxh3, java-hashcode, crc32.\nMemory: slots, dist, sweep, gen and paper p1 stream in memory that does not grow with N (Fig. 3 keeps its 400 000-URL sample); partition and paper p2 remember every distinct URL, about 20 bytes each; trie, fingerprint, paper p3, paper p4, bloom, cbf and paper p5 keep the URLs they measure, up to --limit, and say so when they stop there."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The slot of every URL line, one per line, in input order.
    Slots {
        /// Hash function id.
        #[arg(long = "fn", value_name = "ID", value_parser = parse_fn)]
        function: HashId,
        /// Number of slots M, 1 to 4294967295, as typed on the page: 200000, "200 000", 1e6, 2^21.
        #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
        slots: u32,
        #[command(flatten)]
        input: InputArgs,
    },
    /// Bucket distribution measures (A, A_opt, B, max load, empty slots, χ²) per function.
    Dist {
        /// Hash function ids, comma separated.
        #[arg(long = "fn", value_name = "ID[,ID...]", value_delimiter = ',', required = true, value_parser = parse_fn)]
        functions: Vec<HashId>,
        /// Number of slots M, 1 to 4294967295, as typed on the page: 200000, "200 000", 1e6, 2^21.
        #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
        slots: u32,
        #[command(flatten)]
        input: InputArgs,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Include the per-slot counts (M numbers per function).
        #[arg(long)]
        counts: bool,
        /// Include the bucket-size distribution beside its Poisson expectation.
        #[arg(long)]
        buckets: bool,
    },
    /// P1's Fig. 1 (A), Fig. 2 (B) and Fig. 3 (hf's B) at every N checkpoint.
    Sweep {
        /// Figures, comma separated: 1, 2, 3.
        #[arg(long, value_name = "1|2|3", value_delimiter = ',', required = true, value_parser = parse_figure)]
        fig: Vec<Figure>,
        /// Checkpoint interval (default: P1's, 500 000 for Fig. 1-2 and 10 000 for Fig. 3).
        #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
        step: Option<u64>,
        #[command(flatten)]
        input: InputArgs,
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        #[arg(long)]
        json: bool,
    },
    /// Writes the built-in corpus, one URL per line.
    Gen {
        /// Number of URLs.
        #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
        n: u64,
        /// Seed of the generator.
        #[arg(long, default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_negative_numbers = true)]
        seed: u64,
    },
    /// P2's crawler simulated: links routed to crawl nodes by a policy, duplicates matched on
    /// a control node with P2's site table (2^21 slots) and per-site path tables (2^15 slots).
    ///
    /// Streams the input. The control node remembers every distinct URL to find duplicates, as
    /// P2's does: about 20 bytes per distinct URL (a 16-byte fingerprint in a table kept 70 to
    /// 87.5 % full, and 2 bytes per path reading for sites below 2 048 URLs), plus per site its
    /// host, 4 KiB per path table of a site with 2 048 URLs or more, and about 20 bytes per
    /// (site, node) pair per policy. 20 million distinct URLs of the built-in corpus take about
    /// 450 MB.
    Partition {
        /// Number of crawl nodes (P2 had 7).
        #[arg(long, value_name = "N", default_value_t = 7, value_parser = parse_nodes, allow_negative_numbers = true)]
        nodes: u32,
        /// How links are assigned to nodes: P2's path routing (p2-printed, p2-xor, p2-repaired),
        /// host, domain (registrable domain), url, or a real crawler's preset (nutch, heritrix,
        /// frontera).
        #[arg(long, value_name = "POLICY", value_parser = clap::builder::PossibleValuesParser::new(urlhashlab::partition::POLICY_IDS))]
        policy: String,
        /// The hash of the host, domain and url policies (default xxh3).
        #[arg(long = "fn", value_name = "ID", value_parser = parse_fn)]
        function: Option<HashId>,
        /// Nutch's partition.url.seed (default 0), XORed into the host's hashCode.
        #[arg(long, value_name = "INT", allow_negative_numbers = true)]
        nutch_seed: Option<i32>,
        /// The site-hash reading whose collision groups are listed.
        #[arg(long, value_name = "ID", default_value = "site-folded", value_parser = parse_site_hash)]
        site_hash: HashId,
        /// The path-hash reading that indexes the path tables (default: the policy's for P2,
        /// path-xor otherwise).
        #[arg(long, value_name = "ID", value_parser = parse_path_hash)]
        path_hash: Option<HashId>,
        #[command(flatten)]
        source: SourceArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// P4's generalized-list trie beside a hash set, MD5 fingerprints, a Patricia trie and an
    /// FST: nodes, bytes, times, growth and the printed trie's prefix flaw.
    Trie {
        #[command(flatten)]
        source: SourceArgs,
        /// Growth checkpoint interval, in lines (default 10 000).
        #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
        step: Option<u64>,
        /// Build the structures from the first N URL lines only (P4's list takes about 500
        /// bytes per URL); the rest is read and counted.
        #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = trie::LIMIT, allow_negative_numbers = true)]
        limit: u64,
        #[arg(long)]
        json: bool,
    },
    /// P3's MD5 fingerprints: duplicates, short-fingerprint collisions against the birthday
    /// bound, the avalanche, alias and mirror normalisation, canonicalisation toggles.
    ///
    /// Keeps every distinct URL's MD5 fingerprint before and after each canonicalisation and its
    /// short fingerprints: about 300 to 450 bytes per distinct URL, so it reads the first --limit lines.
    Fingerprint(FingerprintArgs),
    /// Bloom filters (P4, P5): false positives measured on held-out URLs beside the theory.
    ///
    /// Keeps the inserted and held-out URLs in memory (their bytes and 16 more each, and two
    /// digests per URL while a filter is built): at most --limit of each.
    Bloom {
        #[command(flatten)]
        source: SourceArgs,
        #[command(flatten)]
        limit: SplitLimit,
        /// Bits per inserted URL, m/N (comma separated; the papers use 16 and 20).
        #[arg(long = "bits-per-url", value_name = "R[,R...]", value_delimiter = ',', default_values_t = vec![16.0, 20.0], value_parser = parse_bits_per_url, allow_negative_numbers = true)]
        bits_per_url: Vec<f64>,
        /// Number of indices per URL (comma separated).
        #[arg(long, value_name = "K[,K...]", value_delimiter = ',', default_values_t = vec![8], value_parser = parse_k, allow_negative_numbers = true)]
        k: Vec<u32>,
        /// How the k indices are derived: independent, double, enhanced-double, md5-slices (comma separated; default all).
        #[arg(long, value_name = "METHOD[,...]", value_delimiter = ',', value_parser = parse_method)]
        method: Vec<IndexMethod>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Counting Bloom filters (P5): counter overflow, deletes, and IMP-CB's store.
    ///
    /// Keeps the inserted URLs in memory (their bytes and 16 more each): at most --limit.
    Cbf {
        #[command(flatten)]
        source: SourceArgs,
        #[command(flatten)]
        limit: SplitLimit,
        /// Counters per inserted URL, m/N.
        #[arg(long = "bits-per-url", value_name = "R", default_value_t = 20.0, value_parser = parse_bits_per_url, allow_negative_numbers = true)]
        bits_per_url: f64,
        /// Number of indices per URL (1 to 64).
        #[arg(long, default_value_t = 8, value_parser = parse_k, allow_negative_numbers = true)]
        k: u32,
        /// Bits per counter, 1 to 32 (P5: 4).
        #[arg(long = "counter-bits", value_name = "B", default_value_t = 4, value_parser = parse_counter_bits, allow_negative_numbers = true)]
        counter_bits: u32,
        /// How the k indices are derived.
        #[arg(long, value_name = "METHOD", default_value = "md5-slices", value_parser = parse_method)]
        method: IndexMethod,
        /// The share of the inserted URLs deleted again (0 to 1).
        #[arg(long = "delete-fraction", value_name = "F", default_value_t = 0.5, value_parser = parse_fraction, allow_negative_numbers = true)]
        delete_fraction: f64,
        #[arg(long)]
        json: bool,
    },
    /// A paper's printed numbers beside ours, its misprints and anomalies explained.
    Paper {
        #[command(subcommand)]
        paper: PaperCommand,
    },
}

#[derive(Subcommand)]
enum PaperCommand {
    /// P1 (李晓明 & 凤旺森 2004): the table, the A(opt) misprint, hf, HfIp and ELFhash explained.
    P1 {
        #[command(flatten)]
        input: InputArgs,
        #[arg(long)]
        json: bool,
    },
    /// P2 (李村合 et al.): Table 1 replayed with every reading of the path hash, and a verdict.
    ///
    /// Streams the input; the control node remembers every distinct URL (see `urlhash partition
    /// --help`): about 22 bytes per distinct URL with P2's three path readings, 20 million
    /// corpus URLs in about 450 MB.
    P2 {
        #[command(flatten)]
        source: SourceArgs,
        #[arg(long)]
        json: bool,
    },
    /// P3 (杨海东 et al.): the 10^-24 claim, the printed digests revealed, fingerprints measured.
    ///
    /// Measures the first --limit lines (see `urlhash fingerprint --help`).
    P3(FingerprintArgs),
    /// P4 (吴小惠): the generalized-list trie against Table 1 and the 2 MB per 10 000 URLs.
    P4 {
        #[command(flatten)]
        source: SourceArgs,
        /// Build the structures from the first N URL lines only (P4 measured 10 000 and
        /// 16 000; growth is timed every 2 000, and the FST is rebuilt for each batch).
        #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = trie::P4_LIMIT, allow_negative_numbers = true)]
        limit: u64,
        #[arg(long)]
        json: bool,
    },
    /// P5 (吴家奇 et al.): k and m/N, the overflow misprints, Fig. 3 replayed, deletes.
    ///
    /// Keeps the inserted and held-out URLs in memory, at most --limit of each (see `urlhash
    /// bloom --help`).
    P5 {
        #[command(flatten)]
        source: SourceArgs,
        #[command(flatten)]
        limit: SplitLimit,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Clone)]
struct InputArgs {
    #[command(flatten)]
    source: SourceArgs,
    /// Which part of each URL is hashed.
    #[arg(long, value_enum, default_value_t = KeyArg::Url)]
    key: KeyArg,
}

/// P3's host table.
#[derive(Args, Clone)]
struct HostsArg {
    /// A host table, one `host ip` pair per line (`#` comments): P3's IP_ID and Name_ID.
    #[arg(long, value_name = "FILE")]
    hosts: Option<PathBuf>,
}

#[derive(Args, Clone)]
struct SourceArgs {
    /// URL list, one per line ('-' for standard input). Default: the built-in corpus.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Built-in corpus: number of URLs (default: the paper's N for sweeps, papers and
    /// partitions, 1 000 000 otherwise).
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    n: Option<u64>,
    /// Built-in corpus: seed.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_negative_numbers = true)]
    seed: u64,
    /// A table (CSV, TSV): hash column N (from 1) of each line; 0 reads whole lines. Default:
    /// as the page does, a table is recognised from the first 64 KiB and the file name (`rank,domain`
    /// reads the domain), and the report says which column was read.
    #[arg(long, value_name = "N")]
    column: Option<usize>,
}

/// How many URLs `bloom`, `cbf` and `paper p5` keep.
#[derive(Args, Clone, Copy)]
struct SplitLimit {
    /// Insert at most N URLs (and hold out at most N): the built-in corpus gives min(--n, N)
    /// of each, a file its first 2N distinct lines; the rest is read and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = dedup::LIMIT, allow_negative_numbers = true)]
    limit: u64,
}

/// How many lines `fingerprint` and `paper p3` measure.
#[derive(Args)]
struct FingerprintArgs {
    #[command(flatten)]
    source: SourceArgs,
    #[command(flatten)]
    hosts: HostsArg,
    /// Measure the first N URL lines only (about 300 to 450 bytes per distinct URL); the rest is read
    /// and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = fingerprint::LIMIT, allow_negative_numbers = true)]
    limit: u64,
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum KeyArg {
    Url,
    Host,
    Path,
}

impl From<KeyArg> for Key {
    fn from(k: KeyArg) -> Key {
        match k {
            KeyArg::Url => Key::Url,
            KeyArg::Host => Key::Host,
            KeyArg::Path => Key::Path,
        }
    }
}

fn parse_fn(s: &str) -> Result<HashId, String> {
    hash::by_id(s.trim())
        .map(|f| f.id)
        .ok_or_else(|| format!("unknown hash function '{s}'; known: {}", hash::known_ids()))
}

fn parse_method(s: &str) -> Result<IndexMethod, String> {
    IndexMethod::parse(s.trim())
}

fn parse_site_hash(s: &str) -> Result<HashId, String> {
    match parse_fn(s)? {
        f @ (HashId::SitePrinted | HashId::SiteFolded | HashId::SiteRepaired) => Ok(f),
        _ => Err(format!(
            "'{s}' is not a reading of P2's site hash (site-printed, site-folded, site-repaired)"
        )),
    }
}

fn parse_path_hash(s: &str) -> Result<HashId, String> {
    match parse_fn(s)? {
        f @ (HashId::PathPrinted | HashId::PathXor | HashId::PathRepaired) => Ok(f),
        _ => Err(format!(
            "'{s}' is not a reading of P2's path hash (path-printed, path-xor, path-repaired)"
        )),
    }
}

/// A whole number as typed, sign and all, when it is one (`-5`, `1_000`, `99999999999999999999`).
fn whole_number(s: &str) -> Option<i128> {
    let t = s.trim().replace('_', "");
    let digits = t.strip_prefix(['-', '+']).unwrap_or(&t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Beyond i128, the number is only too large.
    Some(t.parse::<i128>().unwrap_or(if t.starts_with('-') {
        i128::MIN
    } else {
        i128::MAX
    }))
}

/// M as typed: the page's grammar (`200 000`, `1e6`, `2^21`), see [`urlhashlab::slots`].
fn parse_slots(s: &str) -> Result<u32, String> {
    urlhashlab::slots::parse_slots(s).map_err(|e| e.english)
}

fn parse_count(s: &str) -> Result<u64, String> {
    match whole_number(s) {
        Some(v) if (1..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        Some(v) if v < 1 => Err(format!("must be at least 1, got {}", s.trim())),
        Some(_) => Err(format!("{} is too large (at most {})", s.trim(), u64::MAX)),
        None => Err(format!("'{s}' is not a positive whole number")),
    }
}

fn parse_seed(s: &str) -> Result<u64, String> {
    match whole_number(s) {
        Some(v) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(format!(
            "'{s}' is not a seed (a whole number from 0 to {})",
            u64::MAX
        )),
    }
}

/// `s` as a whole number from `lo` to `hi`; `range` names the range when it is outside, `unit`
/// what the number counts when it is not a whole number.
fn whole_in(s: &str, lo: u32, hi: u32, range: &str, unit: &str) -> Result<u32, String> {
    match whole_number(s) {
        Some(v) if (lo as i128..=hi as i128).contains(&v) => Ok(v as u32),
        Some(_) => Err(format!("{range}, got {}", s.trim())),
        None => Err(format!("'{s}' is not a whole number of {unit}")),
    }
}

fn parse_nodes(s: &str) -> Result<u32, String> {
    let max = urlhashlab::partition::MAX_NODES;
    let range = format!("the number of crawl nodes must be between 1 and {max}");
    whole_in(s, 1, max, &range, "crawl nodes")
}

fn parse_k(s: &str) -> Result<u32, String> {
    let max = urlhashlab::bloom::MAX_K;
    let range = format!("k, the indices per URL, must be between 1 and {max}");
    whole_in(s, 1, max, &range, "indices")
}

fn parse_counter_bits(s: &str) -> Result<u32, String> {
    whole_in(s, 1, 32, "counters must have 1 to 32 bits", "bits")
}

/// A decimal number as typed; NaN and infinities are refused by the callers.
fn parse_decimal(s: &str) -> Option<f64> {
    s.trim().parse::<f64>().ok()
}

fn parse_bits_per_url(s: &str) -> Result<f64, String> {
    match parse_decimal(s) {
        Some(r) if r.is_finite() && r > 0.0 => Ok(r),
        Some(_) => Err(format!(
            "m/N, the bits per URL, must be a positive finite number, got {}",
            s.trim()
        )),
        None => Err(format!("'{s}' is not a number of bits per URL")),
    }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    match parse_decimal(s) {
        Some(f) if (0.0..=1.0).contains(&f) => Ok(f),
        Some(_) => Err(format!(
            "the fraction must be between 0 and 1, got {}",
            s.trim()
        )),
        None => Err(format!("'{s}' is not a fraction between 0 and 1")),
    }
}

fn parse_figure(s: &str) -> Result<Figure, String> {
    Figure::parse(s).ok_or_else(|| format!("P1 has figures 1, 2 and 3, not '{s}'"))
}

// ----------------------------------------------------------------------------------------------
// Input and progress

/// Where URLs come from.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Source {
    /// `column`: see SourceArgs::column.
    File {
        path: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
    },
    Stdin {
        #[serde(skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
    },
    Corpus {
        n: u64,
        seed: u64,
    },
}

impl Source {
    fn from_args(a: &SourceArgs, default_n: u64) -> Source {
        match &a.file {
            Some(p) if p.as_os_str() == "-" => Source::Stdin { column: a.column },
            Some(p) => Source::File {
                path: p.display().to_string(),
                column: a.column,
            },
            None => Source::Corpus {
                n: a.n.unwrap_or(default_n),
                seed: a.seed,
            },
        }
    }
    fn describe(&self) -> String {
        match self {
            Source::File { path, .. } => format!("file {path}"),
            Source::Stdin { .. } => "standard input".into(),
            Source::Corpus { n, seed } => {
                format!("built-in corpus, {} URLs, seed {seed}", group(*n))
            }
        }
    }
}

/// A progress bar on stderr that appears only once work has taken a second.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: bool,
}

impl Progress {
    fn new(total: Option<u64>, what: &str) -> Progress {
        let bar = match total {
            Some(t) => ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::hidden()),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
        };
        let template = if total.is_some() {
            format!("{{spinner}} {what} [{{bar:40}}] {{percent}}% {{elapsed}} (eta {{eta}})")
        } else {
            format!("{{spinner}} {what} {{pos}} {{elapsed}}")
        };
        bar.set_style(
            ProgressStyle::with_template(&template)
                .expect("valid template")
                .progress_chars("=> "),
        );
        Progress {
            bar,
            start: Instant::now(),
            shown: false,
        }
    }

    fn set(&mut self, pos: u64) {
        if !self.shown && self.start.elapsed() > Duration::from_secs(1) {
            self.shown = true;
            self.bar
                .set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
        }
        self.bar.set_position(pos);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

const CHUNK: usize = 1 << 20;

/// Streams every URL line of `source` into `each(line_number, bytes)`.
fn for_each_url(source: &Source, mut each: impl FnMut(u64, &[u8])) -> Result<InputStats> {
    match source {
        Source::Corpus { n, seed } => {
            let corpus = Corpus::new(*seed);
            let mut progress = Progress::new(Some(*n), "generating and hashing");
            let mut urls = corpus.iter(0, *n);
            let mut i = 0u64;
            let mut bytes = 0u64;
            while let Some(u) = urls.next_url() {
                i += 1;
                bytes += u.len() as u64 + 1;
                each(i, u);
                if i % 65_536 == 0 {
                    progress.set(i);
                }
            }
            progress.finish();
            Ok(InputStats {
                lines: *n,
                urls: *n,
                bytes,
                ..InputStats::default()
            })
        }
        Source::Stdin { column } => read_lines(io::stdin().lock(), None, None, *column, &mut each),
        Source::File { path, column } => {
            let file = File::open(path).with_context(|| format!("cannot open '{path}'"))?;
            let meta = file
                .metadata()
                .with_context(|| format!("cannot read '{path}'"))?;
            if meta.is_dir() {
                bail!("'{path}' is a directory, not a URL list");
            }
            let name = Path::new(path).file_name().and_then(|n| n.to_str());
            read_lines(file, Some(meta.len()), name, *column, &mut each)
                .with_context(|| format!("while reading '{path}'"))
        }
    }
}

/// Bytes read before the lines, to tell a table (the page reads as many).
const TABLE_SAMPLE: usize = 64 * 1024;

/// Streams the URL lines of `r` (of `size` bytes, named `name`); `column` as SourceArgs::column.
fn read_lines(
    mut r: impl Read,
    size: Option<u64>,
    name: Option<&str>,
    column: Option<usize>,
    each: &mut impl FnMut(u64, &[u8]),
) -> Result<InputStats> {
    let mut buf = vec![0u8; CHUNK];
    let mut progress = Progress::new(size, "reading");
    // The first 64 KiB (or all of a shorter input) decide whether it is a table.
    let mut head = 0;
    while head < TABLE_SAMPLE {
        match r.read(&mut buf[head..]) {
            Ok(0) => break,
            Ok(k) => head += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        }
    }
    let guess = columns::guess(&buf[..head.min(TABLE_SAMPLE)], name);
    let chosen = match (column, &guess) {
        (Some(0), _) => None,
        (Some(n), Some(g)) => Some(Columns {
            column: n - 1,
            ..g.columns
        }),
        (Some(n), None) => Some(Columns {
            delimiter: if name.is_some_and(|n| n.to_ascii_lowercase().ends_with(".tsv")) {
                b'\t'
            } else {
                b','
            },
            column: n - 1,
            header: false,
        }),
        (None, g) => g.as_ref().map(|g| g.columns),
    };
    let mut splitter = LineSplitter::with_columns(chosen);
    splitter.feed(&buf[..head], |l| each(l.number, l.bytes));
    let mut read = head as u64;
    progress.set(read);
    loop {
        let got = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        read += got as u64;
        splitter.feed(&buf[..got], |l| each(l.number, l.bytes));
        progress.set(read);
    }
    splitter.finish(|l| each(l.number, l.bytes));
    progress.finish();
    Ok(splitter.into_stats())
}

/// Lines whose host or path could not be split.
#[derive(Default, Serialize)]
struct Unsplittable {
    #[serde(flatten)]
    lines: Occurrences,
    first_error: Option<String>,
    /// Keys that are the path `/` alone (a bare host's), counted when the key is the path.
    #[serde(skip)]
    root_paths: u64,
    /// Keys read.
    #[serde(skip)]
    keys: u64,
}

/// Streams the keys of `source`; lines that cannot be split are counted in the result.
fn for_each_key(
    source: &Source,
    key: Key,
    mut each: impl FnMut(u64, &[u8]),
) -> Result<(InputStats, Unsplittable)> {
    let mut bad = Unsplittable::default();
    let stats = for_each_url(source, |n, line| match key::extract(line, key) {
        Ok(k) => {
            bad.keys += 1;
            if key == Key::Path && *k == *b"/" {
                bad.root_paths += 1;
            }
            each(n, &k)
        }
        Err(e) => {
            bad.lines.record(n);
            bad.first_error
                .get_or_insert_with(|| format!("line {n}: {e}"));
        }
    })?;
    Ok((stats, bad))
}

/// What an input without URLs held, for the message that says so: `empty: no bytes`, or
/// `3 lines read, 3 blank` (and the lines skipped as too long, and the unsplittable ones).
fn input_summary(stats: &InputStats, unsplittable: Option<u64>) -> String {
    if stats.bytes == 0 {
        return "empty: no bytes".into();
    }
    if stats.lines == 0 && stats.bom {
        return "only a byte-order mark".into();
    }
    let mut s = format!("{} lines read, {} blank", stats.lines, stats.blank);
    if stats.too_long.count > 0 {
        s += &format!(
            ", {} longer than {} bytes",
            stats.too_long.count, MAX_LINE_BYTES
        );
    }
    if let Some(u) = unsplittable {
        s += &format!(", {u} unsplittable");
    }
    s
}

/// `lines 3, 7, …`: the first line numbers of a kind of problem.
fn line_list(o: &Occurrences) -> String {
    let list: Vec<String> = o.first_lines.iter().map(u64::to_string).collect();
    let more = if o.count as usize > o.first_lines.len() {
        ", …"
    } else {
        ""
    };
    format!(
        "line{} {}{more}",
        if o.count == 1 { "" } else { "s" },
        list.join(", ")
    )
}

/// Warnings about the input on stderr, where the user looks.
fn warn_input(stats: &InputStats, bad: Option<(&Unsplittable, Key)>) {
    let lines = line_list;
    if stats.bom {
        eprintln!(
            "urlhash: note: the input starts with a UTF-8 byte-order mark; it is dropped (line 1)"
        );
    }
    if stats.crlf > 0 {
        eprintln!(
            "urlhash: note: {} line(s) end in CRLF; the CR is dropped",
            stats.crlf
        );
    }
    let odd = stats.nul.count.max(stats.invalid_utf8.count);
    if odd > 0 && odd * 2 >= stats.urls && stats.urls >= 2 {
        eprintln!(
            "urlhash: warning: this looks like a binary file, not a URL list: of {} lines, {} hold a NUL byte and {} are not UTF-8",
            stats.urls, stats.nul.count, stats.invalid_utf8.count
        );
    }
    let too_long = format!("longer than {MAX_LINE_BYTES} bytes skipped");
    for (o, what) in [
        (&stats.too_long, too_long.as_str()),
        (&stats.invalid_utf8, "are not valid UTF-8; their bytes are hashed as they are"),
        (&stats.nul, "hold a NUL byte; P1's C functions stop there"),
        (&stats.no_column, "have no such column and are skipped"),
        (
            &stats.rank_host,
            "look like `rank,host`: read whole, the rank is part of every URL; --column 2 reads the host",
        ),
    ] {
        if o.count > 0 {
            eprintln!("urlhash: warning: {} line(s) {what} ({})", o.count, lines(o));
        }
    }
    if let Some(c) = stats.columns {
        let delimiter = match c.delimiter {
            b'\t' => "tab",
            b';' => "semicolon",
            _ => "comma",
        };
        eprintln!(
            "urlhash: note: read as a table ({delimiter}-separated): column {} is hashed{} (--column N picks another, --column 0 reads whole lines)",
            c.column + 1,
            if stats.header_skipped { ", the header line skipped" } else { "" }
        );
    }
    if let Some((bad, key)) = bad {
        if bad.lines.count > 0 {
            eprintln!(
                "urlhash: warning: {} line(s) have no {} and are not counted ({}; first: {})",
                bad.lines.count,
                key.as_str(),
                lines(&bad.lines),
                bad.first_error.as_deref().unwrap_or("")
            );
        }
        // As the page says on its main view: bare hosts give every URL the path `/`.
        if key == Key::Path && bad.root_paths > 0 && bad.root_paths * 2 >= bad.keys {
            eprintln!(
                "urlhash: warning: {} of {} paths are `/` alone (bare hosts, such as a list of domains): with --key path they all fall into one slot; --key host or --key url hashes what differs",
                bad.root_paths, bad.keys
            );
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Output helpers

/// `0.000123` → `1.23e-4` (with `digits` decimals); 0 stays `0`.
fn sci(x: f64, digits: usize) -> String {
    if x == 0.0 {
        "0".into()
    } else {
        format!("{x:.digits$e}")
    }
}

/// `1234567` → `1 234 567`, as P1 prints numbers.
fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `report` as JSON with the description of its input in front, as `{input, ...report}`.
fn write_json_with_input(input: &impl Serialize, report: &impl Serialize) -> Result<()> {
    #[derive(Serialize)]
    struct Out<'a, I, R> {
        input: &'a I,
        #[serde(flatten)]
        report: &'a R,
    }
    write_json(&Out { input, report })
}

fn write_json(value: &impl Serialize) -> Result<()> {
    let mut out = stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

// ----------------------------------------------------------------------------------------------
// Commands

fn cmd_slots(function: HashId, m: u32, input: &InputArgs) -> Result<()> {
    let source = Source::from_args(&input.source, 1_000_000);
    let key: Key = input.key.into();
    let mut out = stdout();
    let mut write_err: Option<io::Error> = None;
    let mut num = itoa_buf();
    let mut bad = Unsplittable::default();
    let stats = for_each_url(&source, |n, line| {
        if write_err.is_some() {
            return;
        }
        let res = match key::extract(line, key) {
            Ok(k) => out.write_all(num.format(function.slot(&k, m)).as_bytes()),
            Err(e) => {
                bad.lines.record(n);
                bad.first_error
                    .get_or_insert_with(|| format!("line {n}: {e}"));
                out.write_all(b"-")
            }
        }
        .and_then(|_| out.write_all(b"\n"));
        if let Err(e) = res {
            write_err = Some(e);
        }
    })?;
    if let Some(e) = write_err {
        return Err(e.into());
    }
    out.flush()?;
    warn_input(&stats, None);
    if bad.lines.count > 0 {
        eprintln!(
            "urlhash: warning: {} line(s) have no {}; '-' is printed for them ({}; first: {})",
            bad.lines.count,
            key.as_str(),
            line_list(&bad.lines),
            bad.first_error.as_deref().unwrap_or("")
        );
    }
    if stats.urls == 0 {
        bail!(
            "no URLs in {} ({})",
            source.describe(),
            input_summary(&stats, None)
        );
    }
    Ok(())
}

/// A tiny integer formatter (no allocation per line).
struct NumBuf([u8; 20]);
fn itoa_buf() -> NumBuf {
    NumBuf([0; 20])
}
impl NumBuf {
    fn format(&mut self, mut v: u32) -> &str {
        let mut i = self.0.len();
        loop {
            i -= 1;
            self.0[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        std::str::from_utf8(&self.0[i..]).expect("digits")
    }
}

#[derive(Serialize)]
struct DistFunction {
    #[serde(rename = "fn")]
    id: &'static str,
    name: &'static str,
    name_zh: &'static str,
    paper: &'static str,
    #[serde(flatten)]
    measures: Measures,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bucket_sizes: Option<Vec<BucketSizeRow>>,
}

#[derive(Serialize)]
struct InputReport {
    source: Source,
    key: Key,
    #[serde(flatten)]
    stats: InputStats,
    unsplittable: Unsplittable,
}

#[derive(Serialize)]
struct DistReport {
    input: InputReport,
    slots: u32,
    functions: Vec<DistFunction>,
}

fn cmd_dist(
    functions: &[HashId],
    m: u32,
    input: &InputArgs,
    json: bool,
    counts: bool,
    buckets: bool,
) -> Result<()> {
    let source = Source::from_args(&input.source, 1_000_000);
    let key: Key = input.key.into();
    let mut tallies: Vec<Tally> = functions.iter().map(|_| Tally::new(m)).collect();
    let (stats, bad) = for_each_key(&source, key, |_, k| {
        for (f, t) in functions.iter().zip(tallies.iter_mut()) {
            t.add(f.slot(k, m));
        }
    })?;
    warn_input(&stats, Some((&bad, key)));
    let n = tallies.first().map_or(0, Tally::n);
    if n == 0 {
        bail!(
            "no URLs to hash in {} ({})",
            source.describe(),
            input_summary(&stats, Some(bad.lines.count))
        );
    }
    let report = DistReport {
        input: InputReport {
            source: source.clone(),
            key,
            stats,
            unsplittable: bad,
        },
        slots: m,
        functions: functions
            .iter()
            .zip(tallies)
            .map(|(f, t)| {
                let info = f.info();
                DistFunction {
                    id: info.key,
                    name: info.name_en,
                    name_zh: info.name_zh,
                    paper: info.paper,
                    measures: t.measures(),
                    bucket_sizes: buckets.then(|| bucket_size_distribution(t.counts())),
                    counts: counts.then(|| t.into_counts()),
                }
            })
            .collect(),
    };
    if json {
        return write_json(&report);
    }
    let mut out = stdout();
    writeln!(
        out,
        "{}: {} keys ({}), M = {}",
        source.describe(),
        group(n),
        key.as_str(),
        group(m as u64)
    )?;
    writeln!(
        out,
        "{:<16} {:>11} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10} {:>11} {:>13} {:>9}",
        "function",
        "N",
        "A",
        "A_opt",
        "A_random",
        "B",
        "max_load",
        "E[max]",
        "empty",
        "chi2",
        "p_value"
    )?;
    for f in &report.functions {
        let r = &f.measures;
        writeln!(
            out,
            "{:<16} {:>11} {:>9.4} {:>9.4} {:>9.4} {:>8.4} {:>9} {:>10.2} {:>11} {:>13.1} {:>9.3e}",
            f.id,
            r.n,
            r.a,
            r.a_opt,
            r.a_random,
            r.b,
            r.max_load,
            r.expected_max_load,
            r.empty_slots,
            r.chi2,
            r.p_value
        )?;
    }
    for f in &report.functions {
        if let Some(c) = &f.counts {
            writeln!(out, "\n{} per-slot counts:", f.id)?;
            for (slot, v) in c.iter().enumerate() {
                writeln!(out, "{slot:>10} {v:>10}")?;
            }
        }
        if let Some(rows) = &f.bucket_sizes {
            writeln!(
                out,
                "\n{} bucket sizes (slots holding s keys, Poisson expectation):",
                f.id
            )?;
            writeln!(out, "{:>8} {:>12} {:>14}", "s", "slots", "expected")?;
            for row in rows.iter().filter(|r| r.slots > 0 || r.expected >= 0.5) {
                writeln!(
                    out,
                    "{:>8} {:>12} {:>14.1}",
                    row.size, row.slots, row.expected
                )?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Fig. 3's random sample of the corpus, drawn by index (numbered by corpus line).
fn corpus_sample(n: u64, seed: u64) -> Vec<(u64, Vec<u8>)> {
    let corpus = Corpus::new(seed);
    let mut buf = Vec::new();
    sweep::sample_indices(n, sweep::FIG3_SAMPLE, seed)
        .into_iter()
        .map(|i| {
            corpus.url(i, &mut buf);
            (i + 1, buf.clone())
        })
        .collect()
}

#[derive(Serialize)]
struct SweepReport {
    input: InputReport,
    figures: Vec<u8>,
    points: Vec<Point>,
}

fn cmd_sweep(
    figs: &[Figure],
    step: Option<u64>,
    input: &InputArgs,
    csv: bool,
    json: bool,
) -> Result<()> {
    let key: Key = input.key.into();
    let mut figs = figs.to_vec();
    figs.dedup();
    let mut all_points = Vec::new();
    let source = Source::from_args(&input.source, Figure::Fig1.paper_n());
    // Fig. 1 and 2 share one pass over the whole input; Fig. 3 uses a random sample of it,
    // drawn in the same pass from a file or standard input (which can be read once only).
    let big: Vec<Figure> = figs
        .iter()
        .copied()
        .filter(|f| *f != Figure::Fig3)
        .collect();
    let fig3 = figs.contains(&Figure::Fig3);
    let mut big_sweep = (!big.is_empty()).then(|| {
        let series: Vec<Series> = big.iter().flat_map(|f| f.series()).collect();
        Sweep::new(&series, step.unwrap_or(Figure::Fig1.default_step()))
    });
    let mut reservoir = match source {
        Source::Corpus { .. } => None,
        _ => fig3.then(|| sweep::Reservoir::new(sweep::FIG3_SAMPLE)),
    };
    let mut bad = Unsplittable::default();
    let stats = if big_sweep.is_some() || reservoir.is_some() {
        for_each_url(&source, |n, line| {
            if let Some(r) = &mut reservoir {
                r.push(n, line.to_vec());
            }
            if let Some(sweep) = &mut big_sweep {
                match key::extract(line, key) {
                    Ok(k) => sweep.push(&k),
                    Err(e) => {
                        bad.lines.record(n);
                        bad.first_error
                            .get_or_insert_with(|| format!("line {n}: {e}"));
                    }
                }
            }
        })?
    } else {
        InputStats::default()
    };
    let mut input_report = None;
    if let Some(mut sweep) = big_sweep {
        warn_input(&stats, Some((&bad, key)));
        if sweep.n() == 0 {
            bail!(
                "no URLs to hash in {} ({})",
                source.describe(),
                input_summary(&stats, Some(bad.lines.count))
            );
        }
        all_points.extend(sweep.finish());
        input_report = Some(InputReport {
            source: source.clone(),
            key,
            stats: stats.clone(),
            unsplittable: bad,
        });
    }
    if fig3 {
        let (sample, stats, total) = match (&source, reservoir) {
            (Source::Corpus { n, seed }, _) => (
                corpus_sample(*n, *seed),
                InputStats {
                    lines: *n,
                    urls: *n,
                    ..InputStats::default()
                },
                *n,
            ),
            (_, Some(r)) => {
                let total = r.seen();
                (r.finish(), stats, total)
            }
            (_, None) => unreachable!("a file's sample is drawn when Fig. 3 is asked for"),
        };
        let mut sweep = Sweep::new(
            &Figure::Fig3.series(),
            step.unwrap_or(Figure::Fig3.default_step()),
        );
        let mut bad = Unsplittable::default();
        for (n, line) in &sample {
            match key::extract(line, key) {
                Ok(k) => sweep.push(&k),
                Err(e) => {
                    bad.lines.record(*n);
                    bad.first_error
                        .get_or_insert_with(|| format!("line {n}: {e}"));
                }
            }
        }
        if input_report.is_none() {
            warn_input(&stats, Some((&bad, key)));
        }
        if sweep.n() == 0 {
            bail!(
                "no URLs to hash in {} ({})",
                source.describe(),
                input_summary(&stats, Some(bad.lines.count))
            );
        }
        eprintln!(
            "urlhash: Fig. 3 uses {} URLs drawn at random from {}",
            group(sample.len() as u64),
            group(total)
        );
        all_points.extend(sweep.finish());
        input_report.get_or_insert(InputReport {
            source: source.clone(),
            key,
            stats,
            unsplittable: bad,
        });
    }
    let input_report = input_report.expect("at least one figure");
    if json {
        return write_json(&SweepReport {
            input: input_report,
            figures: figs.iter().map(|f| f.number()).collect(),
            points: all_points,
        });
    }
    let mut out = stdout();
    if csv {
        writeln!(out, "figure,measure,function,m,n,value")?;
        for p in &all_points {
            writeln!(
                out,
                "{},{:?},{},{},{},{:.6}",
                p.figure, p.measure, p.function, p.m, p.n, p.value
            )?;
        }
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "{}, key {}",
        input_report.source.describe(),
        key.as_str()
    )?;
    for fig in &figs {
        let series = fig.series();
        writeln!(
            out,
            "\nP1 Fig. {} — {} ({})",
            fig.number(),
            match fig.measure() {
                sweep::Measure::A => "A, query performance (smaller is better, optimum (N/M+1)/2)",
                sweep::Measure::B => "B, load balance (1 is perfect)",
            },
            if *fig == Figure::Fig3 {
                "hf only, random sample"
            } else {
                "ELFhash, HfIp, hf"
            }
        )?;
        write!(out, "{:>11}", "N")?;
        for s in &series {
            write!(out, " {:>15}", format!("{}@{}", s.hash.info().key, s.m))?;
        }
        writeln!(out)?;
        let mut ns: Vec<u64> = all_points
            .iter()
            .filter(|p| p.figure == fig.number())
            .map(|p| p.n)
            .collect();
        ns.dedup();
        for n in ns {
            write!(out, "{n:>11}")?;
            for s in &series {
                let v = all_points
                    .iter()
                    .find(|p| {
                        p.figure == fig.number()
                            && p.n == n
                            && p.m == s.m
                            && p.function == s.hash.info().key
                    })
                    .map_or(f64::NAN, |p| p.value);
                write!(out, " {v:>15.4}")?;
            }
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn cmd_gen(n: u64, seed: u64) -> Result<()> {
    let corpus = Corpus::new(seed);
    let mut out = stdout();
    let mut progress = Progress::new(Some(n), "generating");
    let mut urls = corpus.iter(0, n);
    let mut i = 0u64;
    while let Some(u) = urls.next_url() {
        out.write_all(u)?;
        out.write_all(b"\n")?;
        i += 1;
        if i % 65_536 == 0 {
            progress.set(i);
        }
    }
    out.flush()?;
    progress.finish();
    Ok(())
}

fn opt(v: Option<f64>) -> String {
    v.map_or("—".to_string(), |v| format!("{v:.2}"))
}

fn cmd_paper_p1(input: &InputArgs, json: bool) -> Result<()> {
    let source = Source::from_args(&input.source, Figure::Fig1.paper_n());
    let key: Key = input.key.into();
    let mut study = P1Study::new();
    let (stats, bad) = for_each_key(&source, key, |_, k| study.push(k))?;
    warn_input(&stats, Some((&bad, key)));
    if study.n() == 0 {
        bail!(
            "no URLs to hash in {} ({})",
            source.describe(),
            input_summary(&stats, Some(bad.lines.count))
        );
    }
    let report = study.finish();
    if json {
        return write_json_with_input(
            &InputReport {
                source,
                key,
                stats,
                unsplittable: bad,
            },
            &report,
        );
    }
    let mut out = stdout();
    print_p1(&mut out, &report, &source)?;
    out.flush()?;
    Ok(())
}

fn print_p1(out: &mut impl Write, r: &P1Report, source: &Source) -> io::Result<()> {
    writeln!(
        out,
        "P1  李晓明, 凤旺森: 两种对 URL 的散列效果很好的函数 (J. Software 2004)"
    )?;
    writeln!(
        out,
        "Input: {}; N = {} URLs.\n",
        source.describe(),
        group(r.n)
    )?;
    writeln!(
        out,
        "1. The table (M = {} slots): A, the mean memory accesses per lookup",
        group(r.table_m as u64)
    )?;
    write!(out, "{:<24}", "N")?;
    for c in &r.table {
        write!(out, "{:>12}", group(c.n))?;
    }
    writeln!(out)?;
    type Cell = fn(&TableColumn) -> String;
    let rows: [(&str, Cell); 7] = [
        ("A(opt) as printed", |c| format!("{:.2}", c.a_opt_printed)),
        ("A(opt) = (N/M+1)/2", |c| format!("{:.2}", c.a_opt_formula)),
        ("A of a random function", |c| format!("{:.2}", c.a_random)),
        ("HfIp as printed", |c| format!("{:.2}", c.hfip_printed)),
        ("HfIp measured", |c| opt(c.hfip)),
        ("hf measured", |c| opt(c.hf)),
        ("ELFhash measured", |c| opt(c.elfhash)),
    ];
    for (label, f) in &rows {
        write!(out, "{label:<24}")?;
        for c in &r.table {
            write!(out, "{:>12}", f(c))?;
        }
        writeln!(out)?;
    }
    if r.table.iter().any(|c| c.hfip.is_none()) {
        writeln!(out, "(— : the input has fewer than N URLs.)")?;
    }
    let below: Vec<String> = r
        .table
        .iter()
        .filter(|c| c.hfip_printed < c.a_random)
        .map(|c| format!("{:.2} < {:.2}", c.hfip_printed, c.a_random))
        .collect();
    writeln!(
        out,
        "Note: at N <= 3 000 000 P1's printed HfIp values lie below what a uniformly random function averages\n      ({}); only a hash that spreads keys more evenly than chance can do that.",
        below.join(", ")
    )?;
    let m = &r.misprint;
    writeln!(
        out,
        "\n2. Misprint: at N = {} P1 prints A(opt) = {:.2}, but its own formula (N/M+1)/2 gives ({}/{}+1)/2 = {:.2}.\n   Every other printed A(opt) matches the formula.",
        group(m.n),
        m.printed,
        group(m.n),
        group(m.m as u64),
        m.formula
    )?;

    let h = &r.hf_multiple_of_3;
    let b = |v: &[(u32, f64)], m: u32| v.iter().find(|x| x.0 == m).map_or(f64::NAN, |x| x.1);
    writeln!(
        out,
        "\n3. hf is worst at M = 12 \"for reasons unknown\" (原因不清楚). The reason: hf = |3·Σ c·i| mod M.\n   {:.4} % of these URLs have an hf value divisible by 3, so at M = 12 only the slots 0, 3, 6, 9 can be hit:\n   hf hits {} of 12 slots. B of hf:  M=8 {:.3}  M=10 {:.3}  M=12 {:.3}  M=40 {:.3}\n                         HfIp:  M=8 {:.3}  M=10 {:.3}  M=12 {:.3}  M=40 {:.3}\n   When 3 divides M, B ≈ 3 (the same holds at M = 18); 8, 10 and 40 are coprime to 3.",
        100.0 * h.share_multiple_of_3,
        h.slots_hit_m12,
        b(&h.b_by_m, 8),
        b(&h.b_by_m, 10),
        b(&h.b_by_m, 12),
        b(&h.b_by_m, 40),
        b(&h.hfip_b_by_m, 8),
        b(&h.hfip_b_by_m, 10),
        b(&h.hfip_b_by_m, 12),
        b(&h.hfip_b_by_m, 40),
    )?;
    let hb = &r.hf_bounded_range;
    writeln!(
        out,
        "\n4. hf degrades as M grows: its range is bounded. Σ c·i <= 127·L(L+1)/2 for a URL of length L.\n   Longest URL {} bytes (mean {:.1}): no hf value can exceed {}; the largest seen is {}.\n   At M = {} hf can reach only {} slots (multiples of 3 up to its largest value, {:.1} % of M);\n   it hit {} slots where a random function would hit {}. A at M = {}: hf {:.3}, HfIp {:.3}.",
        hb.longest_url,
        hb.mean_url_length,
        group(hb.bound_for_longest),
        group(hb.max_value as u64),
        group(hb.m as u64),
        group(hb.reachable_slots),
        100.0 * hb.reachable_slots as f64 / hb.m as f64,
        group(hb.slots_hit),
        group(hb.random_slots_hit.round() as u64),
        group(hb.m as u64),
        hb.a,
        hb.hfip_a
    )?;
    let z = &r.hfip_zero_bits;
    let never: Vec<String> = z.never_set.iter().map(u8::to_string).collect();
    let high: Vec<String> = z
        .urls_with_high_bit
        .iter()
        .map(|(b, c)| format!("bit {b}: {}", group(*c)))
        .collect();
    writeln!(
        out,
        "\n5. HfIp XORs bytes into the 4 bytes of n: ASCII bytes never set bits 7, 15, 23, 31.\n   {} of {} URLs are pure ASCII. Bits never set in any HfIp value: [{}].\n   URLs whose HfIp value has a lane's top bit set: {}.",
        group(z.ascii_urls),
        group(r.n),
        never.join(", "),
        high.join(", ")
    )?;
    for row in &z.by_m {
        writeln!(
            out,
            "   M = {:>9}: {:.0} % of the slots have one of those bits; they receive {:.3} % of the URLs (a uniform function: {:.0} %). Slots hit: {} (random: {}).",
            group(row.m as u64),
            100.0 * row.share_of_slots,
            100.0 * row.share_of_urls,
            100.0 * row.share_of_slots,
            group(row.slots_hit),
            group(row.random_slots_hit.round() as u64)
        )?;
    }
    let e = &r.elf_clumps;
    let endings: Vec<String> = e
        .top_last_bytes
        .iter()
        .map(|(c, s)| format!("'{}' {:.1} %", (*c as char).escape_default(), 100.0 * s))
        .collect();
    writeln!(
        out,
        "\n6. ELFhash: h = (h<<4) + c, and the fold only touches bits 4-7, so its low 4 bits are the last byte's low 4 bits:\n   true for {:.4} % of these URLs. For M = 8 the slot is the last character mod 8, so B follows the URL endings:\n   {}.\n   B at M = 8: measured {:.3}, predicted from the endings alone {:.3}. B of ELFhash: M=8 {:.3}  M=10 {:.3}  M=12 {:.3}  M=40 {:.3}.",
        100.0 * e.low_nibble_is_last_byte,
        endings.join(", "),
        e.b_m8,
        e.b_m8_predicted,
        b(&e.b_by_m, 8),
        b(&e.b_by_m, 10),
        b(&e.b_by_m, 12),
        b(&e.b_by_m, 40),
    )?;
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Slots {
            function,
            slots,
            input,
        } => cmd_slots(function, slots, &input),
        Command::Dist {
            functions,
            slots,
            input,
            json,
            counts,
            buckets,
        } => cmd_dist(&functions, slots, &input, json, counts, buckets),
        Command::Sweep {
            fig,
            step,
            input,
            csv,
            json,
        } => cmd_sweep(&fig, step, &input, csv, json),
        Command::Gen { n, seed } => cmd_gen(n, seed),
        Command::Partition {
            nodes,
            policy,
            function,
            nutch_seed,
            site_hash,
            path_hash,
            source,
            json,
        } => partition::cmd_partition(partition::PartitionArgs {
            nodes,
            policy: &policy,
            function,
            nutch_seed,
            site_hash,
            path_hash,
            source: &source,
            json,
        }),
        Command::Paper {
            paper: PaperCommand::P2 { source, json },
        } => partition::cmd_paper_p2(&source, json),
        Command::Paper {
            paper:
                PaperCommand::P5 {
                    source,
                    limit,
                    json,
                },
        } => dedup::cmd_paper_p5(&source, limit.limit, json),
        Command::Paper {
            paper:
                PaperCommand::P4 {
                    source,
                    limit,
                    json,
                },
        } => trie::cmd_paper_p4(&source, limit, json),
        Command::Trie {
            source,
            step,
            limit,
            json,
        } => trie::cmd_trie(&source, step, limit, json),
        Command::Fingerprint(args) => fingerprint::cmd_fingerprint(&args),
        Command::Paper {
            paper: PaperCommand::P3(args),
        } => fingerprint::cmd_paper_p3(&args),
        Command::Bloom {
            source,
            limit,
            bits_per_url,
            k,
            method,
            json,
        } => dedup::cmd_bloom(dedup::BloomArgs {
            source: &source,
            limit: limit.limit,
            bits_per_url: &bits_per_url,
            ks: &k,
            methods: if method.is_empty() {
                &IndexMethod::ALL
            } else {
                &method
            },
            json,
        }),
        Command::Cbf {
            source,
            limit,
            bits_per_url,
            k,
            counter_bits,
            method,
            delete_fraction,
            json,
        } => dedup::cmd_cbf(dedup::CbfArgs {
            source: &source,
            limit: limit.limit,
            bits_per_url,
            k,
            counter_bits,
            method,
            delete_fraction,
            json,
        }),
        Command::Paper {
            paper: PaperCommand::P1 { input, json },
        } => cmd_paper_p1(&input, json),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    alloc::return_large_blocks();
    if let Err(e) = run(cli) {
        // A closed pipe (`urlhash gen --n 1000000 | head`) is not an error.
        if e.chain().any(|c| {
            c.downcast_ref::<io::Error>()
                .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
        }) {
            return ExitCode::SUCCESS;
        }
        let _ = io::stdout().flush();
        eprintln!("urlhash: error: {e:#}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
