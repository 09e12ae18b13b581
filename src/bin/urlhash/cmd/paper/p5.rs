//! `urlhash paper p5`: P5's k and m/N measured, its overflow misprints, its Fig. 3 replayed
//! (the fingerprint store against IMP-CB), and deletes.

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};
use std::time::Instant;
use urlhashlab::bloom;
use urlhashlab::papers::p5::{self, P5Report};

use crate::cmd::bloom::{interval_cells, interval_column, ratio};
use crate::cmd::cbf::print_overflow;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
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
    /// Print CSV instead of text: the false positives, Fig. 3 replayed and the deletes, each
    /// after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl PaperP5Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p5(
            &self.source,
            self.limit.limit,
            Format::of(self.json, self.csv),
        )
    }
}

fn cmd_paper_p5(source: &SourceArgs, limit: u64, format: Format) -> Result<()> {
    let source = Source::from_args(source, p5::FIG3_N[3]);
    let s = split(&source, limit, true, "paper p5")?;
    let (inserted, held_out) = (s.inserted(), s.held_out());
    let n = inserted.len() as u64;
    let start = Instant::now();
    let out = p5::study(&inserted, &held_out, &mut || {
        start.elapsed().as_secs_f64() * 1e3
    })
    .map_err(anyhow::Error::msg)?;
    let json = WithInput {
        input: &s.input,
        report: &out,
    };
    let held_out = held_out.len() as u64;
    write_report(format, &json, |w| print_p5(w, &out, &source, n, held_out))
}

fn print_p5(w: &mut Out, out: &P5Report, source: &Source, n: u64, held_out: u64) -> io::Result<()> {
    writeln!(
        w,
        "P5  吴家奇 et al.: 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018)"
    )?;
    writeln!(
        w,
        "Input: {}; {} URLs inserted, {} held out.\n",
        source.describe(),
        group(n),
        group(held_out)
    )?;
    writeln!(
        w,
        "1. P5's parameters, k = 8 and m/N = 20 (after Cao's table; P5 prints no rate), and P4's m/N = 16, k = 8:"
    )?;
    let t = Table::new("false positives")
        .indent("   ")
        .left("method", 16)
        .right("m/N", 5)
        .csv("m_over_n")
        .right("k", 3)
        .right("measured", 10);
    let mut t = interval_column(t).right("exact", 10);
    for r in &out.fpr {
        let mut row = vec![
            r.method.id().into(),
            ratio(r.m_over_n),
            Cell::int(r.k),
            Cell::sci(r.measured, 2),
        ];
        row.extend(interval_cells(r));
        row.push(Cell::sci(r.exact, 2));
        t.row(row);
    }
    w.table(&t)?;
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
    print_overflow(w, &out.deletion_p5.theory)?;
    writeln!(
        w,
        "   P5 prints P(max c >= 16) <= 1.37 × 10^15 × m and the formula m (ln2/j)^j; both are misprints of\n   m (e ln2 / j)^j, which gives 1.37 × 10^-15 × m at j = 16 (without the e it would be 1.5 × 10^-22 × m)."
    )?;
    writeln!(
        w,
        "\n3. Fig. 3 replayed: the fingerprint store alone against IMP-CB ({}):",
        out.fig3_note
    )?;
    let mut t = Table::new("Fig. 3")
        .indent("   ")
        .right("N", 10)
        .csv("n")
        .right("store (s)", 12)
        .csv("store_seconds")
        .right("IMP-CB (s)", 12)
        .csv("imp_cb_seconds")
        .right("ratio", 8)
        .right("by counters", 18)
        .csv("answered_by_counters")
        .right("store B/URL", 12)
        .csv("store_bytes_per_url")
        .right("IMP-CB B/URL", 12)
        .csv("imp_cb_bytes_per_url");
    for r in &out.fig3 {
        t.row(vec![
            Cell::group(r.n),
            Cell::fixed(r.store_seconds, 3),
            Cell::fixed(r.imp_cb_seconds, 3),
            Cell::fixed(r.ratio, 2),
            Cell::new(
                format!("{:.3}%", 100.0 * r.answered_by_counters),
                raw(r.answered_by_counters),
            ),
            Cell::fixed(r.store_bytes_per_url, 1),
            Cell::fixed(r.imp_cb_bytes_per_url, 1),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "   In memory the counters save store lookups (\"by counters\") but not time: a hash-map lookup is as\n   cheap as the k counter reads. P5's gain needs a store on disk."
    )?;
    writeln!(
        w,
        "\n4. Deletes at P5's settings, then at saturating ones (m/N = 2, k = 4, 2-bit counters):"
    )?;
    let mut t = Table::lines(
        "deletes",
        "   m/N = {m_over_n:>2}, {bits}-bit: {structure:<14} lost {false_negatives} of {kept} kept URLs",
    );
    for r in [&out.deletion_p5, &out.deletion_saturating] {
        for row in &r.rows {
            t.row(vec![
                Cell::int(r.m / r.n.max(1)),
                Cell::int(r.bits),
                row.structure.into(),
                Cell::group(row.false_negatives),
                Cell::group(r.kept),
            ]);
        }
    }
    w.table(&t)
}
