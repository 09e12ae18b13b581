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

/// The arguments of `urlhash paper p3`.
#[derive(Args)]
pub(crate) struct PaperP3Args {
    #[command(flatten)]
    pub(crate) args: FingerprintArgs,
}

impl PaperP3Args {
    pub(crate) fn run(&self) -> Result<()> {
        measure_and_write(&self.args, print_p3)
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
        "   {what:<28} n = {n:>16}, {bits:>3} bits: P(any collision) = {probability}, expected colliding pairs {expected_pairs}",
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
    writeln!(w, "\n4. In short:")?;
    for f in &r.findings {
        writeln!(w, "   - {f}")?;
    }
    Ok(())
}
