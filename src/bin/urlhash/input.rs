//! Reading URL lists: a file, standard input or the built-in corpus, in chunks, with a progress bar
//! on stderr, and what the input held said on stderr.

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::time::{Duration, Instant};
use urlhashlab::foundation::columns::{self, Columns};
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::key::Key;
use urlhashlab::foundation::lines::{InputStats, LineSplitter, Occurrences, MAX_LINE_BYTES};

use crate::emit::group;
use crate::flags::SourceArgs;

/// Where URLs come from.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum Source {
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
    pub(crate) fn from_args(a: &SourceArgs, default_n: u64) -> Source {
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
    pub(crate) fn describe(&self) -> String {
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
pub(crate) struct Progress {
    pub(crate) bar: ProgressBar,
    pub(crate) start: Instant,
    pub(crate) shown: bool,
}

impl Progress {
    pub(crate) fn new(total: Option<u64>, what: &str) -> Progress {
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

    pub(crate) fn set(&mut self, pos: u64) {
        if !self.shown && self.start.elapsed() > Duration::from_secs(1) {
            self.shown = true;
            self.bar
                .set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
        }
        self.bar.set_position(pos);
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

pub(crate) const CHUNK: usize = 1 << 20;

/// Streams every URL line of `source` into `each(line_number, bytes)`.
pub(crate) fn for_each_url(
    source: &Source,
    mut each: impl FnMut(u64, &[u8]),
) -> Result<InputStats> {
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

/// Streams the first `limit` URL lines of `source` into `each`, reads and counts the rest, warns
/// about the input, fails when it holds no URL, and says on stderr when `each` saw only a prefix:
/// "urlhash: {verb} the first N of M URL lines (--limit): {keeps}". Returns the input's stats and
/// the lines handed to `each`.
pub(crate) fn for_first_urls(
    source: &Source,
    limit: u64,
    verb: &str,
    keeps: &str,
    mut each: impl FnMut(u64, &[u8]),
) -> Result<(InputStats, u64)> {
    let mut measured = 0u64;
    let stats = for_each_url(source, |n, line| {
        if measured < limit {
            measured += 1;
            each(n, line);
        }
    })?;
    warn_input(&stats, None);
    if stats.urls == 0 {
        bail!(
            "no URLs in {} ({})",
            source.describe(),
            input_summary(&stats, None)
        );
    }
    if measured < stats.urls {
        eprintln!(
            "urlhash: {verb} the first {} of {} URL lines (--limit): {keeps}",
            group(measured),
            group(stats.urls)
        );
    }
    Ok((stats, measured))
}

/// Bytes read before the lines, to tell a table (the page reads as many).
pub(crate) const TABLE_SAMPLE: usize = 64 * 1024;

/// Streams the URL lines of `r` (of `size` bytes, named `name`); `column` as SourceArgs::column.
pub(crate) fn read_lines(
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
pub(crate) struct Unsplittable {
    #[serde(flatten)]
    pub(crate) lines: Occurrences,
    pub(crate) first_error: Option<String>,
    /// Keys that are the path `/` alone (a bare host's), counted when the key is the path.
    #[serde(skip)]
    pub(crate) root_paths: u64,
    /// Keys read.
    #[serde(skip)]
    pub(crate) keys: u64,
}

impl Unsplittable {
    /// Counts line `n`, which could not be split for `e`; the first one is named.
    pub(crate) fn record(&mut self, n: u64, e: impl std::fmt::Display) {
        self.lines.record(n);
        self.first_error
            .get_or_insert_with(|| format!("line {n}: {e}"));
    }
}

/// What an input without URLs held, for the message that says so: `empty: no bytes`, or
/// `3 lines read, 3 blank` (and the lines skipped as too long, and the unsplittable ones).
/// The error for an input with no URL to hash: what it held instead, and how many lines had
/// no key.
pub(crate) fn nothing_to_hash(
    source: &Source,
    stats: &InputStats,
    bad: &Unsplittable,
) -> anyhow::Error {
    anyhow::anyhow!(
        "no URLs to hash in {} ({})",
        source.describe(),
        input_summary(stats, Some(bad.lines.count))
    )
}

pub(crate) fn input_summary(stats: &InputStats, unsplittable: Option<u64>) -> String {
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
pub(crate) fn line_list(o: &Occurrences) -> String {
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

/// The warning for lines without a `key` (`fate` says what became of them), when there are any.
pub(crate) fn warn_no_key(bad: &Unsplittable, key: Key, fate: &str) {
    if bad.lines.count > 0 {
        eprintln!(
            "urlhash: warning: {} line(s) have no {}{fate} ({}; first: {})",
            bad.lines.count,
            key.as_str(),
            line_list(&bad.lines),
            bad.first_error.as_deref().unwrap_or("")
        );
    }
}

/// Warnings about the input on stderr, where the user looks.
pub(crate) fn warn_input(stats: &InputStats, bad: Option<(&Unsplittable, Key)>) {
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
            eprintln!("urlhash: warning: {} line(s) {what} ({})", o.count, line_list(o));
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
        warn_no_key(bad, key, " and are not counted");
        // As the page says on its main view: bare hosts give every URL the path `/`.
        if key == Key::Path && bad.root_paths > 0 && bad.root_paths * 2 >= bad.keys {
            eprintln!(
                "urlhash: warning: {} of {} paths are `/` alone (bare hosts, such as a list of domains): with --key path they all fall into one slot; --key host or --key url hashes what differs",
                bad.root_paths, bad.keys
            );
        }
    }
}
