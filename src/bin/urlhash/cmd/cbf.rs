//! `urlhash cbf`: counting Bloom filters (P5), counter overflow against the bound and P5's
//! misprints, and the kept URLs lost after deletes, beside IMP-CB's store.

use anyhow::Result;
use clap::Args;
use std::io::Write;
use urlhashlab::mechanisms::bloom::{self, IndexMethod};
use urlhashlab::mechanisms::cbf::{self, DeletionReport, OverflowTheory};

use crate::cmd::bloom::warn_sparse;
use crate::emit::{group, sci, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{
    parse_bits_per_url, parse_counter_bits, parse_fraction, parse_k, parse_method, SourceArgs,
    SplitLimit,
};
use crate::input::Source;
use crate::split::split;

/// The arguments of `urlhash cbf` (see `Command::Cbf`).
#[derive(Args)]
pub(crate) struct CbfCmd {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) limit: SplitLimit,
    /// Counters per inserted URL, m/N.
    #[arg(long = "bits-per-url", value_name = "R", default_value_t = 20.0, value_parser = parse_bits_per_url, allow_negative_numbers = true)]
    pub(crate) bits_per_url: f64,
    /// Number of indices per URL (1 to 64).
    #[arg(long, default_value_t = 8, value_parser = parse_k, allow_negative_numbers = true)]
    pub(crate) k: u32,
    /// Bits per counter, 1 to 32 (P5: 4).
    #[arg(long = "counter-bits", value_name = "B", default_value_t = 4, value_parser = parse_counter_bits, allow_negative_numbers = true)]
    pub(crate) counter_bits: u32,
    /// How the k indices are derived.
    #[arg(long, value_name = "METHOD", default_value = "md5-slices", value_parser = parse_method)]
    pub(crate) method: IndexMethod,
    /// The share of the inserted URLs deleted again (0 to 1).
    #[arg(long = "delete-fraction", value_name = "F", default_value_t = 0.5, value_parser = parse_fraction, allow_negative_numbers = true)]
    pub(crate) delete_fraction: f64,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: a row per structure (the overflow theory is in the text and
    /// the JSON).
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl CbfCmd {
    pub(crate) fn run(&self) -> Result<()> {
        let source = Source::from_args(&self.source, 100_000);
        let s = split(&source, self.limit.limit, false, "cbf")?;
        let keys = &s.inserted();
        warn_sparse(&[self.bits_per_url]);
        let m = bloom::m_for(keys.len() as u64, self.bits_per_url).map_err(anyhow::Error::msg)?;
        let delete = (keys.len() as f64 * self.delete_fraction).round() as usize;
        let report =
            cbf::deletion_experiment(keys, delete, m, self.k, self.counter_bits, self.method)
                .map_err(anyhow::Error::msg)?;
        let json = WithInput {
            input: &s.input,
            report: &report,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            print_deletion(w, &report, &source)
        })
    }
}

pub(crate) fn print_overflow(w: &mut Out, t: &OverflowTheory) -> std::io::Result<()> {
    writeln!(
        w,
        "Counter overflow (a counter reaching j = 2^{} = {}), N = {}, k = {}, m = {}:",
        t.bits,
        t.j,
        group(t.n),
        t.k,
        group(t.m)
    )?;
    writeln!(
        w,
        "  bound m (e ln2 / j)^j (Fan et al.){}: {}",
        if t.bound_applies {
            ""
        } else {
            " (its condition k <= (ln 2) m/N fails here)"
        },
        sci(t.bound, 2)
    )?;
    writeln!(
        w,
        "  P5's printed formula m (ln2 / j)^j: {}   P5's printed number 1.37 × 10^15 × m: {}",
        sci(t.bound_printed_formula, 2),
        sci(t.bound_printed_j16, 2)
    )?;
    writeln!(
        w,
        "  exact: expected counters reaching j {}; expected saturated counters (>= j − 1) {}",
        sci(t.expected_overflowing, 2),
        sci(t.expected_saturated, 2)
    )
}

fn print_deletion(w: &mut Out, r: &DeletionReport, source: &Source) -> std::io::Result<()> {
    writeln!(
        w,
        "Counting Bloom filters: {} URLs inserted, the first {} deleted, {} kept ({}).",
        group(r.n),
        group(r.deleted),
        group(r.kept),
        source.describe()
    )?;
    writeln!(
        w,
        "m = {} counters of {} bits, k = {}, indices by {}.",
        group(r.m),
        r.bits,
        r.k,
        r.method.id()
    )?;
    print_overflow(w, &r.theory)?;
    let mut t = Table::new("structures")
        .left("structure", 16)
        .right("kept lost (FN)", 15)
        .csv("false_negatives")
        .right("FN rate", 10)
        .csv("false_negative_rate")
        .right("deleted present", 17)
        .csv("deleted_still_present")
        .right("overflows", 10)
        .csv("overflow_events")
        .right("saturated+", 12)
        .csv("saturated_after_insert")
        .right("saturated−", 12)
        .csv("saturated_after_delete")
        .right("bytes", 12);
    for row in &r.rows {
        t.row(vec![
            row.structure.into(),
            Cell::group(row.false_negatives),
            Cell::sci(row.false_negative_rate, 2),
            Cell::group(row.deleted_still_present),
            Cell::group(row.overflow_events),
            Cell::group(row.saturated_after_insert),
            Cell::group(row.saturated_after_delete),
            Cell::group(row.bytes),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "cbf-decrement decrements saturated counters and can lose kept URLs; cbf-sticky never decrements them;\nIMP-CB (P5) recounts a saturated counter from its fingerprint store and loses nothing."
    )
}
