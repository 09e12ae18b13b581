//! The URL sets of `trie` and `paper p4` built from the input and measured: P4's
//! generalized-list trie beside the usual ways of remembering URLs, their nodes, bytes (laid
//! out, and as the allocator saw them), insert and lookup times, and growth.

use anyhow::{bail, Result};
use serde::Serialize;
use std::time::Instant;
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::foundation::split::Distinct;
use urlhashlab::mechanisms::trie::{self, Structure, UrlSet};
use urlhashlab::papers::p4::{self, TrieStudy, P4_TIME_URLS};

use crate::alloc;
use crate::emit::group;
use crate::input::{for_each_url, input_summary, warn_input, Source};

#[derive(Serialize)]
pub(crate) struct TrieInput {
    pub(crate) source: Source,
    #[serde(flatten)]
    pub(crate) stats: InputStats,
    /// The structures are built from the first `measured_lines` URL lines (`--limit`).
    pub(crate) measured_lines: u64,
}

/// One structure built from the whole input and timed.
#[derive(Serialize)]
pub(crate) struct Timed {
    pub(crate) structure: Structure,
    pub(crate) stored: u64,
    /// Heap bytes the structure left allocated, from the CLI's counting allocator.
    pub(crate) heap_bytes: u64,
    pub(crate) heap_bytes_per_url: f64,
    /// Building it from all URLs, per URL (the FST: sorting and building once).
    pub(crate) insert_us_per_url: f64,
    /// Looking up every URL once, per URL.
    pub(crate) lookup_us_per_url: f64,
    /// Looking up the URLs with P4's 16 000 stored (P4's Table 1 setting), per URL.
    pub(crate) lookup_us_at_16000: Option<f64>,
    /// As N grows: each batch of `step` URLs inserted, then looked up, timed per URL.
    pub(crate) growth: Vec<GrowthTime>,
}

/// Times of one batch as the structure grows.
#[derive(Serialize)]
pub(crate) struct GrowthTime {
    /// URLs stored after the batch.
    pub(crate) n: u64,
    pub(crate) insert_us_per_url: f64,
    pub(crate) lookup_us_per_url: f64,
}

#[derive(Serialize)]
pub(crate) struct TrieOut {
    pub(crate) study: TrieStudy,
    pub(crate) timed: Vec<Timed>,
}

/// Says on stderr when the structures saw only a prefix of the input.
pub(crate) fn note_prefix(input: &TrieInput) {
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
pub(crate) fn clock() -> impl FnMut() -> f64 {
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
        trie::time_lookups(s, first, &mut clock()).lookup_us_per_url
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

/// Builds every structure from the first `limit` URL lines of `source` and times it, growth
/// every `step` lines.
pub(crate) fn measure(source: &Source, step: u64, limit: u64) -> Result<(TrieInput, TrieOut)> {
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
