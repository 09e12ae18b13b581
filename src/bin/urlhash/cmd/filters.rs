//! `urlhash filters`: the filter bake-off (beyond the papers): P4's and P5's Bloom filter, P5's
//! counting filter and IMP-CB beside a cuckoo filter, xor8 and binary fuse 8 and 16, on the
//! same inserted and held-out URLs, at chosen bits per key or target false-positive rates.

use anyhow::Result;
use clap::Args;
use std::io::Write;
use urlhashlab::mechanisms::bakeoff::{self, FilterRow, FiltersReport, Setting};
use urlhashlab::mechanisms::bloom::IndexMethod;

use crate::emit::{group, raw, sci, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_bits_per_key, parse_method, parse_target_fpr, SourceArgs, SplitLimit};
use crate::input::{Progress, Source};
use crate::sets::clock;
use crate::split::split;

/// Target rates when neither `--bits-per-key` nor `--fpr` is given.
const DEFAULT_FPR: [f64; 2] = [0.01, 0.001];

/// The arguments of `urlhash filters` (see `Command::Filters`).
#[derive(Args)]
pub(crate) struct FiltersCmd {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) limit: SplitLimit,
    /// Bits of memory per inserted URL, 1 to 64 (comma separated): every filter that can be
    /// sized is given that much.
    #[arg(long = "bits-per-key", value_name = "B[,B...]", value_delimiter = ',', value_parser = parse_bits_per_key, allow_negative_numbers = true)]
    pub(crate) bits_per_key: Vec<f64>,
    /// Target false-positive rates, 1e-9 to 0.5 (comma separated; `0.01`, `1e-3` or `1%`):
    /// every filter that can be sized is sized for each. Default 1 % and 0.1 % when no
    /// --bits-per-key is given.
    #[arg(long, value_name = "E[,E...]", value_delimiter = ',', value_parser = parse_target_fpr, allow_negative_numbers = true)]
    pub(crate) fpr: Vec<f64>,
    /// The Bloom filter's index derivations: independent, double, enhanced-double, md5-slices
    /// (comma separated; default all).
    #[arg(long, value_name = "METHOD[,...]", value_delimiter = ',', value_parser = parse_method)]
    pub(crate) method: Vec<IndexMethod>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: a row per filter and setting, with its times.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl FiltersCmd {
    pub(crate) fn run(&self) -> Result<()> {
        let fpr: &[f64] = if self.fpr.is_empty() && self.bits_per_key.is_empty() {
            &DEFAULT_FPR
        } else {
            &self.fpr
        };
        let settings: Vec<Setting> = (self.bits_per_key.iter().map(|&b| Setting::BitsPerKey(b)))
            .chain(fpr.iter().map(|&e| Setting::Fpr(e)))
            .collect();
        let methods: &[IndexMethod] = if self.method.is_empty() {
            &IndexMethod::ALL
        } else {
            &self.method
        };
        let source = Source::from_args(&self.source, 100_000);
        let s = split(&source, self.limit.limit, true, "filters")?;
        let (inserted, held_out) = (s.inserted(), s.held_out());
        let plans = bakeoff::plans(&settings, methods, inserted.len() as u64);
        // Each row measured, then each timed: two steps a row.
        let mut progress = Progress::new(Some(2 * plans.len() as u64), "building filters");
        let mut filters = Vec::with_capacity(plans.len());
        let mut bench = bakeoff::Bench::new();
        for (i, plan) in plans.iter().enumerate() {
            filters.push(bakeoff::measure_in(&mut bench, plan, &inserted, &held_out));
            progress.set(i as u64 + 1);
        }
        let mut report = FiltersReport {
            inserted: inserted.len() as u64,
            held_out: held_out.len() as u64,
            filters,
        };
        let rows = plans.len() as u64;
        report.time(&inserted, &held_out, &mut clock(), &mut |i| {
            progress.set(rows + i as u64)
        });
        progress.finish();
        let json = WithInput {
            input: &s.input,
            report: &report,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            writeln!(
                w,
                "Filter bake-off: {} URLs inserted, {} held out ({}).",
                group(report.inserted),
                group(report.held_out),
                source.describe()
            )?;
            print_filters(w, &report)
        })
    }
}

/// A setting as the text shows it: `10 bits/key`, `FPR 1 %`.
fn setting_text(r: &FilterRow) -> String {
    if r.setting == "fpr" {
        let pct = r.target * 100.0;
        if pct >= 0.01 {
            format!("FPR {pct} %")
        } else {
            format!("FPR {}", r.target)
        }
    } else {
        format!("{} bits/key", r.target)
    }
}

fn setting(r: &FilterRow) -> Cell {
    Cell::new(setting_text(r), raw(r.target))
}

fn opt<T: ToString>(x: Option<T>) -> Cell {
    x.map_or_else(|| Cell::new("—", ""), |x| Cell::from(x.to_string()))
}

fn yes_no(b: bool) -> Cell {
    Cell::new(if b { "yes" } else { "no" }, b.to_string())
}

fn print_filters(w: &mut Out, r: &FiltersReport) -> std::io::Result<()> {
    let mut t = Table::new("filters")
        .left("setting", 16)
        .csv("target")
        .csv_only("setting")
        .left("filter", 13)
        .left("method", 16)
        .right("k", 3)
        .right("f", 3)
        .csv("fingerprint_bits")
        .right("bits/key", 9)
        .csv("bits_per_key")
        .right("log2(1/ε)", 9)
        .csv("bound_bits_per_key")
        .right("FP", 7)
        .csv("false_positives")
        .right("measured", 9)
        .csv("fpr")
        .right("95 % interval", 21)
        .text_only()
        .csv_only("fpr_low")
        .csv_only("fpr_high")
        .right("formula", 9)
        .csv("fpr_formula")
        .right("FN", 3)
        .csv("false_negatives")
        .right("del", 4)
        .csv("deletes")
        .right("cnt", 4)
        .csv("counts")
        .right("ins", 4)
        .csv("dynamic_insert")
        .right("built", 6)
        // Timings differ from run to run: the text gives them apart, below the counts.
        .csv_only("build_ns_per_key")
        .csv_only("lookup_ns_per_key");
    for f in &r.filters {
        let fp_bits = f.fingerprint_bits.or(f.counter_bits);
        let (low, high) = (f.fpr_low, f.fpr_high);
        t.row(vec![
            setting(f),
            f.setting.into(),
            f.filter.id().into(),
            opt(f.method.map(IndexMethod::id)),
            opt(f.k),
            opt(fp_bits),
            Cell::fixed(f.bits_per_key, 2),
            Cell::fixed_or_dash(f.bound_bits_per_key, 2),
            Cell::group(f.false_positives),
            Cell::sci(f.fpr, 2),
            format!("[{}, {}]", sci(low, 2), sci(high, 2)).into(),
            raw(low).into(),
            raw(high).into(),
            Cell::sci(f.fpr_formula, 2),
            Cell::group(f.false_negatives),
            yes_no(f.deletes),
            yes_no(f.counts),
            yes_no(f.dynamic_insert),
            yes_no(f.built),
            Cell::fixed_or_dash(f.build_ns_per_key, 1),
            Cell::fixed_or_dash(f.lookup_ns_per_key, 1),
        ]);
    }
    w.table(&t)?;
    writeln!(
        w,
        "f: fingerprint bits (cuckoo, xor, binary fuse) or counter bits (counting, IMP-CB). bits/key: the memory held over the inserted URLs;\nlog2(1/ε): what any filter needs at the formula's rate ε. FN: inserted URLs not found (a filter has none).\nThe counting filter and IMP-CB use P5's md5-slices; IMP-CB's store answers every lookup exactly, so its rate is 0."
    )?;
    for f in r.filters.iter().filter(|f| !f.built) {
        writeln!(
            w,
            "not built: {} at {}: {}",
            f.filter.id(),
            setting_text(f),
            f.failure.as_deref().unwrap_or("")
        )?;
    }
    for f in r.filters.iter().filter(|f| f.deleted.is_some()) {
        writeln!(
            w,
            "deletes: {} at {}: {} of the first half deleted; kept URLs lost {}, deleted URLs still present {}",
            f.filter.id(),
            setting_text(f),
            group(f.deleted.unwrap_or(0)),
            group(f.kept_lost.unwrap_or(0)),
            group(f.deleted_still_present.unwrap_or(0))
        )?;
    }
    writeln!(w, "ns per URL, build / lookup:")?;
    for f in &r.filters {
        let ns = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.1}"));
        writeln!(
            w,
            "  {} {}{}: {} / {}",
            setting_text(f),
            f.filter.id(),
            f.method.map_or(String::new(), |m| format!(" {}", m.id())),
            ns(f.build_ns_per_key),
            ns(f.lookup_ns_per_key)
        )?;
    }
    Ok(())
}
