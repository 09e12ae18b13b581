//! `urlhash paper p3`: P3's 10^-24 claim against the birthday bound, its printed digests
//! revealed, then its fingerprints measured on the input (see `urlhash fingerprint`).

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};

use crate::cmd::fingerprint::print_measured;
use crate::digests::{measure_and_write, FpOut};
use crate::emit::{group, sci, Cell, Out, Table};
use crate::flags::FingerprintArgs;
use crate::input::Source;
use urlhashlab::adapters::native::threads::{ThreadRun, SHARDS};

/// The arguments of `urlhash paper p3`.
#[derive(Args)]
pub(crate) struct PaperP3Args {
    #[command(flatten)]
    pub(crate) args: FingerprintArgs,
    /// Also run P3's multi-threaded spider (§3.3) on the measured lines: 1, 2 and every core,
    /// sharing one MD5 store under a global lock, P3's per-domain partial locks, or 64 shards;
    /// throughput and lock waits of this machine.
    #[arg(long)]
    pub(crate) threads: bool,
}

impl PaperP3Args {
    pub(crate) fn run(&self) -> Result<()> {
        measure_and_write(&self.args, self.threads, print_p3)
    }
}

fn print_p3(w: &mut Out, source: &Source, out: &FpOut) -> io::Result<()> {
    let r = &out.p3;
    writeln!(
        w,
        "P3  杨海东, 叶小岭, 张颖超: 基于 Hash 算法实现搜索引擎中重复 WEB 页面的消除 (2006)"
    )?;
    writeln!(w, "Input: {}.\n", source.describe())?;
    let b = &r.birthday;
    writeln!(
        w,
        "1. P3: two 128-bit fingerprints coincide with probability 10^-24, below human fingerprints' 10^-19.\n   Two given inputs: 2^-128 = {}. 10^-24 is 2^{:.1}, the chance for about 80-bit digests.\n   Any collision among n URLs reaches 10^-24 at n = {} and 10^-19 at n = {}:",
        sci(b.two_inputs, 3),
        b.claim_log2,
        group(b.n_at_claim.round() as u64),
        group(b.n_at_human_fingerprint.round() as u64)
    )?;
    let mut t = Table::lines(
        "birthday bound",
        "   {what:<28} n = {n:>16}, {bits:>4} bits: P(any collision) = {probability}, expected colliding pairs {expected_pairs}",
    );
    for row in &b.rows {
        t.row(vec![
            row.what.as_str().into(),
            Cell::group(row.n),
            Cell::int(row.bits),
            Cell::sci(row.probability, 3),
            Cell::sci(row.expected_pairs, 3),
        ]);
    }
    w.table(&t)?;
    writeln!(w, "\n2. The digests P3 prints:")?;
    let mut t = Table::lines(
        "printed digests",
        "   {printed} (for {printed_for}): {tried} candidates tried. {verdict}",
    );
    for rv in &r.reveals {
        t.row(vec![
            rv.printed.as_str().into(),
            rv.printed_for.as_str().into(),
            Cell::int(rv.tried as u64),
            rv.verdict.as_str().into(),
        ]);
    }
    w.table(&t)?;
    writeln!(w, "\n3. Measured on the input:")?;
    print_measured(w, out)?;
    if let Some(runs) = &out.threads {
        print_threads(w, runs)?;
    }
    writeln!(w, "\n4. In short:")?;
    for f in &r.findings {
        writeln!(w, "   - {f}")?;
    }
    Ok(())
}

/// P3's multi-threaded spider measured: a row per (threads, locking).
fn print_threads(w: &mut Out, runs: &[ThreadRun]) -> io::Result<()> {
    writeln!(
        w,
        "\n   P3 §3.3, the multi-threaded spider: each domain one thread's (its URLs handed to it), each URL's MD5 checked, then written,\n   in one store locked whole (global), per thread's domains as P3 says (partial), or in {SHARDS} shards; this machine's times:"
    )?;
    let mut t = Table::new("threads")
        .indent("   ")
        .right("threads", 7)
        .left("locking", 8)
        .before("  ")
        .right("per domain", 11)
        .csv("per_domain")
        .right("URLs", 10)
        .right("distinct", 10)
        .right("waited", 8)
        .csv("contended")
        .right("wait ms", 9)
        .csv("wait_ms")
        .right("URLs/s", 12)
        .csv("urls_per_second")
        .right("URLs per thread", 16)
        .csv("per_thread");
    for r in runs {
        let per = r
            .per_thread
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>();
        t.row(vec![
            Cell::int(r.threads as u64),
            r.locking.id().into(),
            Cell::int(r.per_domain as u64),
            Cell::group(r.urls),
            Cell::group(r.distinct),
            Cell::group(r.contended),
            Cell::fixed(r.wait_ms, 1),
            Cell::group(r.urls_per_second.round() as u64),
            Cell::new(
                r.per_thread
                    .iter()
                    .map(|&n| group(n))
                    .collect::<Vec<_>>()
                    .join(" / "),
                per.join(" "),
            ),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "   Every run finds the distinct URLs one thread finds. 'waited': lock acquisitions that found the lock held by another thread.\n   'per domain': threads sharing each domain; with all of them on every domain (P3's \"让10个线程负责…域\") its partial lock is theirs to wait for."
    )
}
