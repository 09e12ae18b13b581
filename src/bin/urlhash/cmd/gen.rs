//! `urlhash gen`: the built-in corpus, one URL per line.

use anyhow::Result;
use clap::Args;
use std::io::Write;
use urlhashlab::foundation::corpus::{Corpus, DEFAULT_SEED};

use crate::emit::stdout;
use crate::flags::{parse_count, parse_seed};
use crate::input::Progress;

/// The arguments of `urlhash gen` (see `Command::Gen`).
#[derive(Args)]
pub(crate) struct GenArgs {
    /// Number of URLs.
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub(crate) n: u64,
    /// Seed of the generator.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_negative_numbers = true)]
    pub(crate) seed: u64,
}

impl GenArgs {
    pub(crate) fn run(&self) -> Result<()> {
        let corpus = Corpus::new(self.seed);
        let mut out = stdout();
        let mut progress = Progress::new(Some(self.n), "generating");
        let mut urls = corpus.iter(0, self.n);
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
}
