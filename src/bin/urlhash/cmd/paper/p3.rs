//! `urlhash paper p3`: P3's 10^-24 claim against the birthday bound, its printed digests
//! revealed, then its fingerprints measured on the input (see `urlhash fingerprint`).

use anyhow::Result;
use clap::Args;
use std::io::Write;

use crate::cmd::fingerprint::print_measured;
use crate::digests::measure;
use crate::emit::{group, sci, stdout};
use crate::flags::FingerprintArgs;

/// The arguments of `urlhash paper p3`.
#[derive(Args)]
pub(crate) struct PaperP3Args {
    #[command(flatten)]
    pub(crate) args: FingerprintArgs,
}

impl PaperP3Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p3(&self.args)
    }
}

fn cmd_paper_p3(args: &FingerprintArgs) -> Result<()> {
    let Some((source, out)) = measure(args)? else {
        return Ok(());
    };
    let mut w = stdout();
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
    for row in &b.rows {
        writeln!(
            w,
            "   {:<28} n = {:>16}, {:>3} bits: P(any collision) = {}, expected colliding pairs {}",
            row.what,
            group(row.n),
            row.bits,
            sci(row.probability, 3),
            sci(row.expected_pairs, 3)
        )?;
    }
    writeln!(w, "\n2. The digests P3 prints:")?;
    for rv in &r.reveals {
        writeln!(
            w,
            "   {} (for {}): {} candidates tried. {}",
            rv.printed, rv.printed_for, rv.tried, rv.verdict
        )?;
    }
    writeln!(w, "\n3. Measured on the input:")?;
    print_measured(&mut w, &out)?;
    writeln!(w, "\n4. In short:")?;
    for f in &r.findings {
        writeln!(w, "   - {f}")?;
    }
    w.flush()?;
    Ok(())
}
