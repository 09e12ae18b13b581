//! `urlhash paper`: a paper's printed numbers beside ours, one module per paper.

use anyhow::Result;
use clap::Subcommand;

pub(crate) mod p1;
pub(crate) mod p2;
pub(crate) mod p3;
pub(crate) mod p4;
pub(crate) mod p5;

#[derive(Subcommand)]
pub(crate) enum PaperCommand {
    /// P1 (李晓明 & 凤旺森 2004): the table, the A(opt) misprint, hf, HfIp and ELFhash explained.
    P1(p1::PaperP1Args),
    /// P2 (李村合 et al.): Table 1 replayed with every reading of the path hash, and a verdict.
    ///
    /// Streams the input; the control node remembers every distinct URL (see `urlhash partition
    /// --help`): about 22 bytes per distinct URL with P2's three path readings, 20 million
    /// corpus URLs in about 450 MB.
    P2(p2::PaperP2Args),
    /// P3 (杨海东 et al.): the 10^-24 claim, the printed digests revealed, fingerprints measured.
    ///
    /// Measures the first --limit lines (see `urlhash fingerprint --help`).
    P3(p3::PaperP3Args),
    /// P4 (吴小惠): the generalized-list trie against Table 1 and the 2 MB per 10 000 URLs.
    P4(p4::PaperP4Args),
    /// P5 (吴家奇 et al.): k and m/N, the overflow misprints, Fig. 3 replayed, deletes.
    ///
    /// Keeps the inserted and held-out URLs in memory, at most --limit of each (see `urlhash
    /// bloom --help`).
    P5(p5::PaperP5Args),
}

impl PaperCommand {
    pub(crate) fn run(&self) -> Result<()> {
        match self {
            PaperCommand::P1(a) => a.run(),
            PaperCommand::P2(a) => a.run(),
            PaperCommand::P3(a) => a.run(),
            PaperCommand::P4(a) => a.run(),
            PaperCommand::P5(a) => a.run(),
        }
    }
}
