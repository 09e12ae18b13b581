//! `urlhash paper p5`: P5's k and m/N measured, its overflow misprints, its Fig. 3 replayed
//! on streams with duplicates (the fingerprint store against IMP-CB, in memory and, with
//! `--disk`, with the store in a SQLite file), deletes, and P5's other misprints with live
//! numbers.

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};
use std::time::Instant;
use urlhashlab::adapters::native::p5_disk;
use urlhashlab::mechanisms::bloom;
use urlhashlab::papers::p5::{self, Fig3Row, P5Options, P5Report};

use crate::cmd::bloom::{interval_cells, interval_column, ratio};
use crate::cmd::cbf::print_overflow;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_decimal, SourceArgs, SplitLimit};
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
    /// Fig. 3's streams: the share of pages that repeat an earlier URL, as a fraction or a
    /// percentage (P5's near-duplicates, 29 %, by default; it also cites 3.4 %, 2.1 % and 7.8 %).
    #[arg(long, value_name = "SHARE", value_parser = parse_dup_share, default_value = "29%")]
    pub(crate) dup_share: f64,
    /// The seed of Fig. 3's streams (which pages repeat, and which URL each repeats).
    #[arg(long, value_name = "SEED", default_value_t = p5::DEFAULT_STREAM_SEED)]
    pub(crate) stream_seed: u64,
    /// Replay Fig. 3 with the fingerprint store on disk too (a SQLite file in a temporary
    /// directory), where P5 puts it: the store alone against IMP-CB's counters in memory in
    /// front of it. At P5's N (the default input) this takes minutes.
    #[arg(long)]
    pub(crate) disk: bool,
}

/// A duplicate share: `0.29` or `29%`, at least 0 and below 1.
fn parse_dup_share(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let (number, scale) = match t.strip_suffix('%') {
        Some(p) => (p, 100.0),
        None => (t, 1.0),
    };
    match parse_decimal(number) {
        Some(x) if (0.0..1.0).contains(&(x / scale)) => Ok(x / scale),
        Some(_) => Err(format!(
            "the duplicate share must be at least 0 and below 1 (100 %), got {t}"
        )),
        None => Err(format!("'{s}' is not a share (0.29 or 29%)")),
    }
}

impl PaperP5Args {
    pub(crate) fn run(&self) -> Result<()> {
        let options = P5Options {
            dup_share: self.dup_share,
            seed: self.stream_seed,
        };
        cmd_paper_p5(
            &self.source,
            self.limit.limit,
            &options,
            self.disk,
            Format::of(self.json, self.csv),
        )
    }
}

fn cmd_paper_p5(
    source: &SourceArgs,
    limit: u64,
    options: &P5Options,
    disk: bool,
    format: Format,
) -> Result<()> {
    let source = Source::from_args(source, p5::FIG3_N[3]);
    let s = split(&source, limit, true, "paper p5")?;
    let (inserted, held_out) = (s.inserted(), s.held_out());
    let n = inserted.len() as u64;
    let start = Instant::now();
    let mut now = || start.elapsed().as_secs_f64() * 1e3;
    let mut out = p5::study(&inserted, &held_out, options, &mut now).map_err(anyhow::Error::msg)?;
    if disk {
        out.fig3_disk = p5_disk::fig3_disk(&inserted, &p5::fig3_sizes(n), options, &mut now)
            .map_err(anyhow::Error::msg)?;
    }
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
    let shares: Vec<String> = out
        .duplicate_shares
        .iter()
        .map(|d| format!("{} {}", percent(d.share), d.what))
        .collect();
    writeln!(
        w,
        "\n3. Fig. 3 replayed: the fingerprint store alone (Fig. 1) against IMP-CB (Fig. 2) on streams of N pages,\n   {} of them repeating an earlier URL (seed {}). P5 cites {}.",
        percent(out.stream.dup_share),
        out.stream.seed,
        shares.join("; ")
    )?;
    writeln!(
        w,
        "   IMP-CB's branches: \"zero\", a zero counter (new, no lookup); \"found\", all counters non-zero and found\n   (a duplicate, Count + 1); \"not found\", all non-zero but not stored (a false positive: new). The {}:",
        out.fig3_note
    )?;
    let disk = !out.fig3_disk.is_empty();
    let mut t = Table::new("Fig. 3")
        .indent("   ")
        .left("store", 15)
        .csv("medium")
        .right("N", 9)
        .csv("n")
        .right("duplicates", 10)
        .right("store µs", 9)
        .csv("store_us_per_url")
        .right("IMP-CB µs", 9)
        .csv("imp_cb_us_per_url")
        .right("ratio", 6)
        .right("avoided", 9)
        .csv("lookups_avoided")
        .right("zero", 9)
        .csv("by_counters")
        .right("found", 9)
        .right("not found", 9)
        .csv("not_found");
    if disk {
        t = t
            .right("reads store", 11)
            .csv("store_page_reads")
            .right("reads IMP-CB", 12)
            .csv("imp_cb_page_reads")
            .csv_only("store_file_bytes")
            .csv_only("imp_cb_file_bytes");
    }
    t = t
        .csv_only("distinct")
        .csv_only("store_found")
        .csv_only("store_seconds")
        .csv_only("imp_cb_seconds")
        .csv_only("answered_by_counters")
        .csv_only("store_bytes_per_url")
        .csv_only("imp_cb_bytes_per_url");
    for r in out.fig3.iter().chain(&out.fig3_disk) {
        t.row(fig3_cells(r, disk));
    }
    w.table(&t)?;
    writeln!(
        w,
        "   (µs: per page; ratio: IMP-CB's time over the store's; avoided: store lookups IMP-CB did not make{})",
        if disk {
            ";\n   reads: pages SQLite read from the database file, its page cache missing them"
        } else {
            ""
        }
    )?;
    writeln!(
        w,
        "   In memory the counters save store lookups but not time: a hash-map lookup costs about what the k\n   counter reads cost. P5's gain needs the store on disk{}",
        if disk {
            ". There IMP-CB skips the lookup statement of every new page, but a\n   B-tree insert reads the leaf the lookup would have read, and P5's records (k indices beside each\n   fingerprint) make IMP-CB's table twice the store's: \"disk\" has P5's records, \"disk-no-indices\" the\n   store alone's. Small N fit SQLite's 2 000 KiB page cache (no reads); P5's N do not."
        } else {
            " (--disk replays it with the store in a SQLite file)."
        }
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
    w.table(&t)?;
    print_misprints(w, out)
}

/// A share as a percentage: `29 %`, `3.4 %`, `0.25 %`.
fn percent(share: f64) -> String {
    let p = format!("{:.4}", 100.0 * share);
    format!("{} %", p.trim_end_matches('0').trim_end_matches('.'))
}

/// One row of the Fig. 3 table.
fn fig3_cells(r: &Fig3Row, disk: bool) -> Vec<Cell> {
    let mut cells = vec![
        r.medium.into(),
        Cell::group(r.n),
        Cell::group(r.duplicates),
        Cell::fixed(r.store_us_per_url, 3),
        Cell::fixed(r.imp_cb_us_per_url, 3),
        Cell::fixed(r.ratio, 2),
        Cell::group(r.lookups_avoided),
        Cell::group(r.by_counters),
        Cell::group(r.found),
        Cell::group(r.not_found),
    ];
    if disk {
        let reads = |x: Option<u64>| x.map_or_else(|| Cell::new("—", ""), Cell::group);
        cells.push(reads(r.store_page_reads));
        cells.push(reads(r.imp_cb_page_reads));
        let bytes = |x: Option<u64>| Cell::new("", x.map_or_else(String::new, |b| b.to_string()));
        cells.push(bytes(r.store_file_bytes));
        cells.push(bytes(r.imp_cb_file_bytes));
    }
    cells.extend([
        Cell::int(r.distinct),
        Cell::int(r.store_found),
        Cell::new("", raw(r.store_seconds)),
        Cell::new("", raw(r.imp_cb_seconds)),
        Cell::new("", raw(r.answered_by_counters)),
        Cell::new("", raw(r.store_bytes_per_url)),
        Cell::new("", raw(r.imp_cb_bytes_per_url)),
    ]);
    cells
}

/// P5's misprints with this run's numbers (text only; the JSON has them under `misprints`).
fn print_misprints(w: &mut Out, out: &P5Report) -> io::Result<()> {
    let m = &out.misprints;
    writeln!(w, "\n5. P5's misprints, live:")?;
    writeln!(
        w,
        "   (a) §2.2 prints P(c(i) >= j) <= C(Nk, j)(1/m)^j(1 − 1/m)^(Nk−j). That right side is P(c(i) = j), one term\n       of the tail, so the \"bound\" is below the true tail at every j < Nk:"
    )?;
    let mut t = Table::new("misprint: tail bound")
        .indent("       ")
        .left("setting", 20)
        .right("m", 11)
        .right("Nk", 11)
        .right("j", 3)
        .right("P(c >= j)", 10)
        .right("printed", 10)
        .right("measured", 10)
        .left("holds?", 6);
    for r in &m.tail_bound {
        t.row(vec![
            r.setting.into(),
            Cell::group(r.m as u64),
            Cell::group(r.nk),
            Cell::int(r.j),
            Cell::sci(r.exact_tail, 3),
            Cell::sci(r.printed_right_side, 3),
            r.measured
                .map_or_else(|| Cell::new("—", ""), |x| Cell::sci(x, 3)),
            if r.holds { "yes" } else { "no" }.into(),
        ]);
    }
    w.text_table(&t)?;
    writeln!(
        w,
        "       (\"measured\": the share of this run's counters at j or more, after Fig. 3's largest stream.)"
    )?;
    writeln!(
        w,
        "   (b) §2.2 says \"从 N 次哈希函数计算中选择 j 次\" (choose j of N hash computations) where its formula has Nk:\n       the counters' mean is Nk/m = {:.3} in this run, N/m = {:.3} as the sentence reads. Shares of counters at j:",
        m.mean_with_nk, m.mean_with_n
    )?;
    let mut t = Table::new("misprint: N for Nk")
        .indent("       ")
        .right("j", 3)
        .right("measured", 10)
        .right("with Nk", 10)
        .right("with N", 10);
    for r in &m.n_for_nk {
        t.row(vec![
            Cell::int(r.j),
            Cell::fixed(r.measured, 4),
            Cell::fixed(r.with_nk, 4),
            Cell::fixed(r.with_n, 4),
        ]);
    }
    w.text_table(&t)?;
    writeln!(
        w,
        "   (c) Fig. 2's not-found branch, as printed, adds 1 to M1 … Mk, stores the page, \"并且分别对 M1 … Mk … 进行加 1\n       操作\" (adds 1 again). Run literally (a labelled reading) beside the lab's (once), on the same pages:"
    )?;
    let mut t = Table::lines(
        "misprint: double increment",
        "       {setting:<22} {not_found_runs:>7} not-found runs: counters sum {counter_sum_lab:>10} (lab) against {counter_sum_printed:>10} (printed), {extra_per_run:>5} more per run;\n       {blank:<22} after deleting every page: {nonzero_after_deleting_all_lab:>3} counters left non-zero (lab) against {nonzero_after_deleting_all_printed:>6} (printed, summing {counter_sum_left_printed})",
    );
    for r in &m.double_increment {
        t.row(vec![
            r.setting.into(),
            Cell::group(r.not_found_runs),
            Cell::group(r.counter_sum_lab),
            Cell::group(r.counter_sum_printed),
            Cell::fixed(r.extra_per_run, 2),
            "".into(),
            Cell::group(r.nonzero_after_deleting_all_lab),
            Cell::group(r.nonzero_after_deleting_all_printed),
            Cell::group(r.counter_sum_left_printed),
        ]);
    }
    w.text_table(&t)?;
    writeln!(
        w,
        "       Counted twice, a page's counters outlive its delete: the filter then sends later new pages to the store."
    )?;
    let names: Vec<String> = m
        .names
        .iter()
        .map(|n| format!("{} {} times ({})", n.name, n.times, n.places))
        .collect();
    writeln!(
        w,
        "   (d) The algorithm has two names: {}.\n       The lab says IMP-CB.",
        names.join("; ")
    )
}
