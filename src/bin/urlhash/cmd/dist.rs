//! `urlhash dist`: bucket distribution measures (A, A_opt, B, max load, empty slots, χ²) per
//! function.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::metrics::{bucket_size_distribution, BucketSizeRow, Measures};

use crate::emit::{group, raw, write_report, Cell, Format, Out, Table};
use crate::flags::{parse_fn, parse_slots, InputArgs};
use crate::tally::{tally_input, InputReport};

/// The arguments of `urlhash dist` (see `Command::Dist`).
#[derive(Args)]
pub(crate) struct DistArgs {
    /// Hash function ids, comma separated.
    #[arg(long = "fn", value_name = "ID[,ID...]", value_delimiter = ',', required = true, value_parser = parse_fn)]
    pub(crate) functions: Vec<HashId>,
    /// Number of slots M, 1 to 4294967295, as typed on the page: 200000, "200 000", 1e6, 2^21.
    #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
    pub(crate) slots: u32,
    #[command(flatten)]
    pub(crate) input: InputArgs,
    #[command(flatten)]
    pub(crate) threads: crate::par::ThreadsArg,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of a table; with --counts or --buckets, each table after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
    /// Include the per-slot counts (M numbers per function).
    #[arg(long)]
    pub(crate) counts: bool,
    /// Include the bucket-size distribution beside its Poisson expectation.
    #[arg(long)]
    pub(crate) buckets: bool,
}

#[derive(Serialize)]
struct DistFunction {
    #[serde(rename = "fn")]
    id: &'static str,
    name: &'static str,
    name_zh: &'static str,
    paper: &'static str,
    #[serde(flatten)]
    measures: Measures,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bucket_sizes: Option<Vec<BucketSizeRow>>,
}

#[derive(Serialize)]
struct DistReport {
    input: InputReport,
    slots: u32,
    functions: Vec<DistFunction>,
}

impl DistArgs {
    pub(crate) fn run(&self) -> Result<()> {
        let m = self.slots;
        let (tallies, input) = tally_input(&self.functions, m, &self.input, &self.threads)?;
        let report = DistReport {
            input,
            slots: m,
            functions: self
                .functions
                .iter()
                .zip(tallies)
                .map(|(f, t)| {
                    let info = f.info();
                    DistFunction {
                        id: info.key,
                        name: info.name_en,
                        name_zh: info.name_zh,
                        paper: info.paper,
                        measures: t.measures(),
                        bucket_sizes: self.buckets.then(|| bucket_size_distribution(t.counts())),
                        counts: self.counts.then(|| t.into_counts()),
                    }
                })
                .collect(),
        };
        write_report(Format::of(self.json, self.csv), &report, |out| {
            print_dist(out, &report)
        })
    }
}

fn print_dist(out: &mut Out, report: &DistReport) -> std::io::Result<()> {
    let input = &report.input;
    let n = report.functions.first().map_or(0, |f| f.measures.n);
    writeln!(
        out,
        "{}: {} keys ({}), M = {}",
        input.source.describe(),
        group(n),
        input.key.as_str(),
        group(report.slots as u64)
    )?;
    let mut t = Table::new("functions")
        .left("function", 16)
        .right("N", 11)
        .csv("n")
        .right("A", 9)
        .csv("a")
        .right("A_opt", 9)
        .csv("a_opt")
        .right("A_random", 9)
        .csv("a_random")
        .right("B", 8)
        .csv("b")
        .right("max_load", 9)
        .right("E[max]", 10)
        .csv("expected_max_load")
        .right("empty", 11)
        .csv("empty_slots")
        .csv_only("expected_empty_slots")
        .right("chi2", 13)
        .right("p_value", 9);
    for f in &report.functions {
        let r = &f.measures;
        t.row(vec![
            f.id.into(),
            Cell::int(r.n),
            Cell::fixed(r.a, 4),
            Cell::fixed(r.a_opt, 4),
            Cell::fixed(r.a_random, 4),
            Cell::fixed(r.b, 4),
            Cell::int(r.max_load),
            Cell::fixed(r.expected_max_load, 2),
            Cell::int(r.empty_slots),
            Cell::fixed(r.expected_empty_slots, 4),
            Cell::fixed(r.chi2, 1),
            Cell::new(format!("{:.3e}", r.p_value), raw(r.p_value)),
        ]);
    }
    out.table(&t)?;
    for f in &report.functions {
        if let Some(c) = &f.counts {
            writeln!(out, "\n{} per-slot counts:", f.id)?;
            // Streamed: M rows can be millions.
            let t = Table::lines(
                format!("{} per-slot counts", f.id),
                "{slot:>10} {count:>10}",
            );
            out.head(&t)?;
            for (slot, &v) in c.iter().enumerate() {
                out.row(&t, &[Cell::int(slot as u64), Cell::int(v)])?;
            }
        }
        if let Some(rows) = &f.bucket_sizes {
            writeln!(
                out,
                "\n{} bucket sizes (slots holding s keys, Poisson expectation):",
                f.id
            )?;
            let mut t = Table::new(format!("{} bucket sizes", f.id))
                .right("s", 8)
                .csv("size")
                .right("slots", 12)
                .right("expected", 14);
            for row in rows.iter().filter(|r| r.slots > 0 || r.expected >= 0.5) {
                t.row(vec![
                    Cell::int(row.size),
                    Cell::int(row.slots),
                    Cell::fixed(row.expected, 1),
                ]);
            }
            out.table(&t)?;
        }
    }
    Ok(())
}
