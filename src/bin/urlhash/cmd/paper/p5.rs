//! `urlhash paper p5`: P5's k and m/N measured, its overflow misprints, its Fig. 3 replayed
//! (the fingerprint store against IMP-CB), and deletes.

use anyhow::Result;
use clap::Args;
use std::io::Write;
use std::time::Instant;
use urlhashlab::bloom;
use urlhashlab::papers::p5;

use crate::cmd::cbf::print_overflow;
use crate::emit::{group, sci, stdout, write_json_with_input};
use crate::flags::{SourceArgs, SplitLimit};
use crate::input::Source;
use crate::split::split;

/// The arguments of `urlhash paper p5`.
#[derive(Args)]
pub(crate) struct PaperP5Args {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) limit: SplitLimit,
    #[arg(long)]
    pub(crate) json: bool,
}

impl PaperP5Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p5(&self.source, self.limit.limit, self.json)
    }
}

fn cmd_paper_p5(source: &SourceArgs, limit: u64, json: bool) -> Result<()> {
    let source = Source::from_args(source, p5::FIG3_N[3]);
    let s = split(&source, limit, true, "paper p5")?;
    let (inserted, held_out) = (s.inserted(), s.held_out());
    let n = inserted.len() as u64;
    let start = Instant::now();
    let out = p5::study(&inserted, &held_out, &mut || {
        start.elapsed().as_secs_f64() * 1e3
    })
    .map_err(anyhow::Error::msg)?;
    if json {
        return write_json_with_input(&s.input, &out);
    }
    let mut w = stdout();
    writeln!(
        w,
        "P5  吴家奇 et al.: 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018)"
    )?;
    writeln!(
        w,
        "Input: {}; {} URLs inserted, {} held out.\n",
        source.describe(),
        group(n),
        group(held_out.len() as u64)
    )?;
    writeln!(
        w,
        "1. P5's parameters, k = 8 and m/N = 20 (after Cao's table; P5 prints no rate), and P4's m/N = 16, k = 8:"
    )?;
    writeln!(
        w,
        "   {:<16} {:>5} {:>3} {:>10} {:>21} {:>10}",
        "method", "m/N", "k", "measured", "95 % interval", "exact"
    )?;
    for r in &out.fpr {
        writeln!(
            w,
            "   {:<16} {:>5} {:>3} {:>10} {:>21} {:>10}",
            r.method.id(),
            r.m_over_n,
            r.k,
            sci(r.measured, 2),
            format!("[{}, {}]", sci(r.ci_low, 2), sci(r.ci_high, 2)),
            sci(r.exact, 2)
        )?;
    }
    writeln!(
        w,
        "   The optimal k at m/N = 20 is 20 ln 2 = {:.1}: k = 8 costs a factor {:.1} in false positives.",
        bloom::optimal_k(20.0),
        bloom::fpr_approx(8.0, 1.0, 20.0) / bloom::fpr_approx(14.0, 1.0, 20.0)
    )?;
    writeln!(
        w,
        "\n2. Counter overflow at P5's settings (4-bit counters, k = 8, m/N = 20):"
    )?;
    print_overflow(&mut w, &out.deletion_p5.theory)?;
    writeln!(
        w,
        "   P5 prints P(max c >= 16) <= 1.37 × 10^15 × m and the formula m (ln2/j)^j; both are misprints of\n   m (e ln2 / j)^j, which gives 1.37 × 10^-15 × m at j = 16 (without the e it would be 1.5 × 10^-22 × m)."
    )?;
    writeln!(
        w,
        "\n3. Fig. 3 replayed: the fingerprint store alone against IMP-CB ({}):",
        out.fig3_note
    )?;
    writeln!(
        w,
        "   {:>10} {:>12} {:>12} {:>8} {:>18} {:>12} {:>12}",
        "N", "store (s)", "IMP-CB (s)", "ratio", "by counters", "store B/URL", "IMP-CB B/URL"
    )?;
    for r in &out.fig3 {
        writeln!(
            w,
            "   {:>10} {:>12.3} {:>12.3} {:>8.2} {:>17.3}% {:>12.1} {:>12.1}",
            group(r.n),
            r.store_seconds,
            r.imp_cb_seconds,
            r.ratio,
            100.0 * r.answered_by_counters,
            r.store_bytes_per_url,
            r.imp_cb_bytes_per_url
        )?;
    }
    writeln!(
        w,
        "   In memory the counters save store lookups (\"by counters\") but not time: a hash-map lookup is as\n   cheap as the k counter reads. P5's gain needs a store on disk."
    )?;
    writeln!(
        w,
        "\n4. Deletes at P5's settings, then at saturating ones (m/N = 2, k = 4, 2-bit counters):"
    )?;
    for r in [&out.deletion_p5, &out.deletion_saturating] {
        for row in &r.rows {
            writeln!(
                w,
                "   m/N = {:>2}, {}-bit: {:<14} lost {} of {} kept URLs",
                r.m / r.n.max(1),
                r.bits,
                row.structure,
                group(row.false_negatives),
                group(r.kept)
            )?;
        }
    }
    w.flush()?;
    Ok(())
}
