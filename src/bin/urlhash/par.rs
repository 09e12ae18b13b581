//! Every core for the streaming commands: `--threads N` (default: all), a rayon pool, and URL
//! lines gathered in batches that the pool hashes in parallel before they are counted, in input
//! order, by parts that each own some of the tallies ([`urlhashlab::mechanisms::sweep::SweepParts`]). Every
//! tally sees the keys in the order one thread sees them, so the output is the same, byte for
//! byte, for every thread count.

use anyhow::{Context, Result};
use clap::Args;
use rayon::prelude::*;
use std::sync::mpsc;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::key::{self, Key, SplitError};
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::mechanisms::sweep::{Sweep, SweepParts};

use crate::flags::parse_count;
use crate::input::{for_each_url, Source, Unsplittable};

/// `--threads`.
#[derive(Args, Clone, Default)]
pub(crate) struct ThreadsArg {
    /// Threads that hash and count (default: every core the system gives this process). The
    /// output is the same for every count.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub(crate) threads: Option<u64>,
}

impl ThreadsArg {
    /// A pool of the threads asked for.
    pub(crate) fn pool(&self) -> Result<rayon::ThreadPool> {
        let n = match self.threads {
            Some(n) => usize::try_from(n).unwrap_or(usize::MAX).min(MAX_THREADS),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("urlhash-{i}"))
            .build()
            .context("cannot start the threads")
    }
}

/// More threads than this are not started (`--threads 100000` is taken as this many).
const MAX_THREADS: usize = 1024;

/// Lines per batch: enough to keep every thread busy between two hand-overs, few enough that a
/// batch's raw values (16 bytes per function and line) stay in the caches' reach.
pub(crate) const BATCH_LINES: usize = 1 << 15;

/// Lines hashed on the pool at a time, each thread taking runs of this many.
const RUN: usize = 1 << 10;

/// URL lines with their line numbers, copied out of the reader's buffer.
#[derive(Default)]
pub(crate) struct Batch {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    numbers: Vec<u64>,
}

impl Batch {
    pub(crate) fn push(&mut self, number: u64, line: &[u8]) {
        self.bytes.extend_from_slice(line);
        self.ends.push(self.bytes.len());
        self.numbers.push(number);
    }

    pub(crate) fn is_full(&self) -> bool {
        self.numbers.len() >= BATCH_LINES
    }

    pub(crate) fn len(&self) -> usize {
        self.numbers.len()
    }

    pub(crate) fn line(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    pub(crate) fn number(&self, i: usize) -> u64 {
        self.numbers[i]
    }

    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
        self.numbers.clear();
    }
}

/// A batch's keys hashed on the pool: for line `i`, `raws[i * h .. (i + 1) * h]` holds the raw
/// values of the `h` functions, or `errors[i]` why its key could not be split.
#[derive(Default)]
pub(crate) struct Hashed {
    pub(crate) raws: Vec<u128>,
    pub(crate) errors: Vec<Option<SplitError>>,
}

impl Hashed {
    /// Hashes `batch`; returns its keys, and how many of them are the path `/` alone.
    pub(crate) fn hash(
        &mut self,
        pool: &rayon::ThreadPool,
        batch: &Batch,
        key: Key,
        hashes: &[HashId],
    ) -> (u64, u64) {
        let h = hashes.len();
        let n = batch.len();
        self.raws.clear();
        self.raws.resize(n * h, 0);
        self.errors.clear();
        self.errors.resize(n, None);
        pool.install(|| {
            self.raws
                .par_chunks_mut(RUN * h)
                .zip(self.errors.par_chunks_mut(RUN))
                .enumerate()
                .map(|(run, (raws, errors))| {
                    // The run's keys (and their places in it), then each function over all
                    // of them (ELFhash four keys at a time).
                    let mut keys = Vec::with_capacity(errors.len());
                    let mut places = Vec::with_capacity(errors.len());
                    for (j, error) in errors.iter_mut().enumerate() {
                        match key::extract(batch.line(run * RUN + j), key) {
                            Ok(k) => {
                                keys.push(k);
                                places.push(j);
                            }
                            Err(e) => *error = Some(e),
                        }
                    }
                    let roots = match key {
                        Key::Path => keys.iter().filter(|k| ***k == *b"/").count() as u64,
                        _ => 0,
                    };
                    let keys: Vec<&[u8]> = keys.iter().map(|k| &k[..]).collect();
                    for (at, f) in hashes.iter().enumerate() {
                        f.raw_each(&keys, |i, v| raws[places[i] * h + at] = v);
                    }
                    (keys.len() as u64, roots)
                })
                .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        })
    }

    /// The raw values of the keys that could be split, one key after another, `h` per key:
    /// moved to the front in place, so a line's place no longer holds its values after.
    pub(crate) fn split_raws(&mut self, h: usize) -> &[u128] {
        if self.errors.iter().any(Option::is_some) {
            let mut at = 0;
            for i in 0..self.errors.len() {
                if self.errors[i].is_none() {
                    self.raws.copy_within(i * h..(i + 1) * h, at);
                    at += h;
                }
            }
            self.raws.truncate(at);
        }
        &self.raws
    }
}

/// Counts `raws` (keys' raw values one after another) with every part at once, each in order.
pub(crate) fn count_parts(pool: &rayon::ThreadPool, parts: &mut [Sweep], raws: &[u128]) {
    pool.install(|| {
        parts
            .par_iter_mut()
            .for_each(|part| part.push_raws_many(raws))
    });
}

/// Streams the lines of `source` through `also` (in order, on this thread) and, when `parts` is
/// given, their keys into it: each batch hashed, then counted by every part at once, each in
/// input order ([`pipeline`]). Lines whose key cannot be split are counted in the result.
pub(crate) fn count_lines(
    pool: &rayon::ThreadPool,
    source: &Source,
    key: Key,
    parts: Option<&mut SweepParts>,
    also: impl FnMut(u64, &[u8]),
) -> Result<(InputStats, Unsplittable)> {
    let Some(parts) = parts else {
        return Ok((for_each_url(source, also)?, Unsplittable::default()));
    };
    let hashes = parts.hashes().to_vec();
    pipeline(pool, source, key, &hashes, also, |_, hashed| {
        let raws = hashed.split_raws(hashes.len());
        count_parts(pool, parts.parts_mut(), raws);
    })
}

/// Streams the lines of `source` through `also` (in order, on this thread) and their keys, a
/// batch at a time, through `consume` on another thread ([`batches`]), which first has `pool`
/// hash the batch with `hashes` and records the lines whose key cannot be split.
pub(crate) fn pipeline(
    pool: &rayon::ThreadPool,
    source: &Source,
    key: Key,
    hashes: &[HashId],
    also: impl FnMut(u64, &[u8]),
    mut consume: impl FnMut(&Batch, &mut Hashed) + Send,
) -> Result<(InputStats, Unsplittable)> {
    let mut bad = Unsplittable::default();
    let mut hashed = Hashed::default();
    let stats = batches(source, also, |batch| {
        let (keys, roots) = hashed.hash(pool, batch, key, hashes);
        bad.keys += keys;
        bad.root_paths += roots;
        for i in 0..batch.len() {
            if let Some(e) = &hashed.errors[i] {
                bad.record(batch.number(i), e);
            }
        }
        consume(batch, &mut hashed);
    })?;
    Ok((stats, bad))
}

/// Streams the lines of `source` through `also` (in order, on this thread) and, a batch at a
/// time, through `consume` on another thread: this thread reads and copies lines into batches
/// while that one consumes the last, batch after batch in input order.
pub(crate) fn batches(
    source: &Source,
    mut also: impl FnMut(u64, &[u8]),
    mut consume: impl FnMut(&Batch) + Send,
) -> Result<InputStats> {
    // Batches read and waiting, and batches consumed and given back to be filled again.
    let (full_tx, full_rx) = mpsc::sync_channel::<Batch>(BATCHES_AHEAD);
    let (empty_tx, empty_rx) = mpsc::channel::<Batch>();
    for _ in 0..=BATCHES_AHEAD {
        empty_tx
            .send(Batch::default())
            .expect("the receiver is here");
    }
    std::thread::scope(|scope| {
        let consumer = scope.spawn(move || {
            for mut batch in full_rx {
                consume(&batch);
                batch.clear();
                // The reader may have stopped (an error): its batches are not needed then.
                let _ = empty_tx.send(batch);
            }
        });
        let mut batch = empty_rx.recv().expect("batches were made above");
        let read = for_each_url(source, |n, line| {
            also(n, line);
            batch.push(n, line);
            if batch.is_full() {
                let next = empty_rx.recv().expect("the consumer gives batches back");
                full_tx
                    .send(std::mem::replace(&mut batch, next))
                    .expect("the consumer runs until the reader stops");
            }
        });
        if batch.len() > 0 {
            full_tx
                .send(batch)
                .expect("the consumer runs until the reader stops");
        }
        drop(full_tx);
        consumer.join().expect("the consumer does not panic");
        read
    })
}

/// Batches read ahead of the one being consumed.
const BATCHES_AHEAD: usize = 2;
