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
use urlhashlab::papers::p1::{P1Report, P1Study, TableColumn};
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

/// Runs the command: each one's arguments and `run` live beside its code.
fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Slots(a) => a.run(),
        Command::Dist(a) => a.run(),
        Command::Sweep(a) => a.run(),
        Command::Gen(a) => a.run(),
        Command::Slotmap(a) => slotmap::cmd_slotmap(&a),
        Command::Partition(a) => a.run(),
        Command::Trie(a) => a.run(),
        Command::Fingerprint(a) => fingerprint::cmd_fingerprint(&a),
        Command::Bloom(a) => a.run(),
        Command::Cbf(a) => a.run(),
        Command::Paper { paper } => match paper {
            PaperCommand::P1(a) => a.run(),
            PaperCommand::P2(a) => a.run(),
            PaperCommand::P3(a) => fingerprint::cmd_paper_p3(&a),
            PaperCommand::P4(a) => a.run(),
            PaperCommand::P5(a) => a.run(),
        },
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
