//! `urlhash slots`: the slot of every URL line, one per line, in input order.

use anyhow::{bail, Result};
use clap::Args;
use std::io::Write;
use urlhashlab::foundation::hash::reduce;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::key::Key;

use crate::flags::{parse_fn, parse_slots, InputArgs};
use crate::input::{input_summary, warn_input, warn_no_key, Source};
use crate::par::{pipeline, ThreadsArg};

/// The arguments of `urlhash slots` (see `Command::Slots`).
#[derive(Args)]
pub(crate) struct SlotsArgs {
    /// Hash function id.
    #[arg(long = "fn", value_name = "ID", value_parser = parse_fn)]
    pub(crate) function: HashId,
    /// Number of slots M, 1 to 4294967295, as typed on the page: 200000, "200 000", 1e6, 2^21.
    #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
    pub(crate) slots: u32,
    #[command(flatten)]
    pub(crate) input: InputArgs,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
}

impl SlotsArgs {
    pub(crate) fn run(&self) -> Result<()> {
        let (function, m) = (self.function, self.slots);
        let source = Source::from_args(&self.input.source, 1_000_000);
        let key: Key = self.input.key.into();
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout());
        let mut write_err: Option<std::io::Error> = None;
        let mut num = NumBuf([0; 20]);
        // Each batch hashed on every core, then written in input order (par.rs).
        let pool = self.threads.pool()?;
        let (stats, bad) = pipeline(
            &pool,
            &source,
            key,
            &[function],
            |_, _| {},
            |batch, hashed| {
                for i in 0..batch.len() {
                    if write_err.is_some() {
                        return;
                    }
                    let res = match hashed.errors[i] {
                        None => out.write_all(num.format(reduce(hashed.raws[i], m)).as_bytes()),
                        Some(_) => out.write_all(b"-"),
                    }
                    .and_then(|_| out.write_all(b"\n"));
                    if let Err(e) = res {
                        write_err = Some(e);
                    }
                }
            },
        )?;
        if let Some(e) = write_err {
            return Err(e.into());
        }
        out.flush()?;
        warn_input(&stats, None);
        warn_no_key(&bad, key, "; '-' is printed for them");
        if stats.urls == 0 {
            bail!(
                "no URLs in {} ({})",
                source.describe(),
                input_summary(&stats, None)
            );
        }
        Ok(())
    }
}

/// A tiny integer formatter (no allocation per line).
struct NumBuf([u8; 20]);

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
