//! `urlhash`: the command line of URL Hash Lab, a thin layer over the `urlhashlab` core.
//!
//! It owns all I/O: reading URL lists (a file, `-` for standard input, or the built-in corpus
//! when no file is named), a progress bar on stderr for work that takes over a second, and
//! text, CSV or JSON on stdout. Run `urlhash --help` for the commands.
//!
//! Layout: `cmd/` (the command enum, and one module per command: its arguments, its `run` and
//! its text), `flags` (the flags several commands share, the value parsers), `input` (reading
//! lists, progress, input warnings), `emit` (numbers, tables as text and CSV, JSON), and the
//! measurements several commands share: `tally` (P1's slot tallies), `crawl` (P2's crawl fed),
//! `sets` (the URL sets built and timed), `digests` (P3's fingerprints measured), `split`
//! (inserted and held-out URLs).

// Native only: on wasm32 (`cargo test --target wasm32-unknown-unknown --test web` builds every
// bin) this crate is empty, and `no_main` spares it a `main`.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use anyhow::Result;
use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

mod alloc;
mod cmd;
mod crawl;
mod digests;
mod emit;
mod flags;
mod input;
mod par;
mod sets;
mod split;
mod tally;

use cmd::{Cli, Command};

#[global_allocator]
static HEAP: alloc::Counting = alloc::Counting;

/// Runs the command: each one's arguments and `run` live in its module under `cmd/`.
fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Slots(a) => a.run(),
        Command::Dist(a) => a.run(),
        Command::Sweep(a) => a.run(),
        Command::Gen(a) => a.run(),
        Command::Slotmap(a) => a.run(),
        Command::Partition(a) => a.run(),
        Command::Rebalance(a) => a.run(),
        Command::Canon(a) => a.run(),
        Command::Quality(a) => a.run(),
        Command::Trie(a) => a.run(),
        Command::Fingerprint(a) => a.run(),
        Command::Bloom(a) => a.run(),
        Command::Cbf(a) => a.run(),
        Command::Filters(a) => a.run(),
        Command::Paper { paper } => paper.run(),
        Command::Claims(a) => a.run(),
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
