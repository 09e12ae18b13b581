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

mod alloc;
mod args;
mod dedup;
mod emit;
mod fingerprint;
mod input;
mod p1;
mod partition;
mod slotmap;
mod trie;

use args::*;
use emit::*;
use input::*;
use p1::*;

#[global_allocator]
static HEAP: alloc::Counting = alloc::Counting;

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
        Command::Slotmap(args) => slotmap::cmd_slotmap(&args),
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
