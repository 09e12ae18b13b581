//! Keys split for the filters' experiments (`bloom`, `cbf`, `paper p5`): inserted, and held out
//! (never inserted), at most `--limit` of each kept in memory.

use anyhow::{bail, Result};
use serde::Serialize;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::foundation::split::{Distinct, Keys};

use crate::emit::group;
use crate::input::{for_each_url, input_summary, warn_input, Source};

/// Keys split for a false-positive experiment: inserted, and held out (never inserted).
pub(crate) struct Split {
    keys: Keys,
    /// Keys `0..half` are inserted, `half..` held out.
    half: usize,
    pub(crate) input: SplitInput,
}

impl Split {
    pub(crate) fn inserted(&self) -> Vec<&[u8]> {
        self.keys.slices(0..self.half)
    }
    pub(crate) fn held_out(&self) -> Vec<&[u8]> {
        self.keys.slices(self.half..self.keys.len())
    }
}

#[derive(Serialize)]
pub(crate) struct SplitInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    /// Distinct lines read (a file's repeated lines are kept once).
    distinct: u64,
    pub(crate) inserted: u64,
    pub(crate) held_out: u64,
    how: &'static str,
    /// At most this many URLs are inserted (and held out): `--limit`.
    limit: u64,
    /// URL lines read and counted but not used, past the limit.
    not_used: u64,
}

/// The built-in corpus gives N URLs to insert and the next N, all distinct, to hold out; a file
/// gives its distinct lines, the first half inserted and the second half held out. At most
/// `limit` of each are kept (the rest is counted and said on stderr); `held_out: false` keeps
/// the inserted ones only.
pub(crate) fn split(source: &Source, limit: u64, held_out: bool, what: &str) -> Result<Split> {
    let sides = if held_out { 2 } else { 1 };
    let split = match source {
        Source::Corpus { n, seed } => {
            let corpus = Corpus::new(*seed);
            let take = (*n).min(limit);
            let mut keys = Keys::default();
            // Corpus URLs 0..take are inserted and take..2·take held out: the corpus has no
            // repeats, so no set is needed to keep them apart.
            let mut urls = corpus.iter(0, sides * take);
            while let Some(u) = urls.next_url() {
                keys.push(u);
            }
            if take < *n {
                eprintln!(
                    "urlhash: {what} keeps its URLs in memory: {} inserted{} of the {} asked for (--limit {}; about {:.0} bytes per URL)",
                    group(take),
                    if held_out {
                        format!(" and {} held out", group(take))
                    } else {
                        String::new()
                    },
                    group(*n),
                    group(limit),
                    keys.bytes_len() as f64 / keys.len().max(1) as f64 + 24.0
                );
            }
            Split {
                input: SplitInput {
                    source: source.clone(),
                    stats: InputStats {
                        lines: sides * take,
                        urls: sides * take,
                        bytes: (keys.bytes_len() + keys.len()) as u64,
                        ..InputStats::default()
                    },
                    distinct: sides * take,
                    inserted: take,
                    held_out: if held_out { take } else { 0 },
                    how: if held_out {
                        "corpus URLs 0..N inserted, N..2N held out"
                    } else {
                        "corpus URLs 0..N inserted"
                    },
                    limit,
                    not_used: 0,
                },
                keys,
                half: take as usize,
            }
        }
        _ => {
            let mut distinct = Distinct::default();
            let cap = 2 * limit;
            let mut not_used = 0u64;
            let stats = for_each_url(source, |_, line| {
                if distinct.len() as u64 == cap {
                    not_used += 1;
                } else {
                    distinct.add(line);
                }
            })?;
            let mut keys = distinct.into_keys();
            warn_input(&stats, None);
            let distinct = keys.len();
            if distinct < 2 {
                bail!(
                    "{} has {} distinct URL(s); at least 2 are needed (half inserted, half held out) ({})",
                    source.describe(),
                    distinct,
                    input_summary(&stats, None)
                );
            }
            let half = distinct.div_ceil(2);
            if not_used > 0 {
                eprintln!(
                    "urlhash: {what} keeps its URLs in memory: the first {} distinct lines (--limit {} inserted and as many held out); {} more URL lines were read and counted only",
                    group(cap),
                    group(limit),
                    group(not_used)
                );
            }
            if !held_out {
                keys.truncate(half);
            }
            Split {
                input: SplitInput {
                    source: source.clone(),
                    stats,
                    distinct: distinct as u64,
                    inserted: half as u64,
                    held_out: if held_out {
                        (distinct - half) as u64
                    } else {
                        0
                    },
                    how: if held_out {
                        "the file's distinct lines: the first half inserted, the second held out"
                    } else {
                        "the file's distinct lines: the first half inserted"
                    },
                    limit,
                    not_used,
                },
                keys,
                half,
            }
        }
    };
    Ok(split)
}
