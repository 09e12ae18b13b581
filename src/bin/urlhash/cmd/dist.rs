//! `urlhash dist`: bucket distribution measures (A, A_opt, B, max load, empty slots, χ²) per
//! function.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use urlhashlab::hash::HashId;
use urlhashlab::metrics::{bucket_size_distribution, BucketSizeRow, Measures};

use crate::emit::{group, stdout, write_json};
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
    /// Print JSON instead of a table.
    #[arg(long)]
    pub(crate) json: bool,
    /// Include the per-slot counts (M numbers per function).
    #[arg(long)]
    pub(crate) counts: bool,
    /// Include the bucket-size distribution beside its Poisson expectation.
    #[arg(long)]
    pub(crate) buckets: bool,
}

impl DistArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_dist(
            &self.functions,
            self.slots,
            &self.input,
            self.json,
            self.counts,
            self.buckets,
        )
    }
}

#[derive(Serialize)]
pub(crate) struct DistFunction {
    #[serde(rename = "fn")]
    pub(crate) id: &'static str,
    pub(crate) name: &'static str,
    pub(crate) name_zh: &'static str,
    pub(crate) paper: &'static str,
    #[serde(flatten)]
    pub(crate) measures: Measures,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) counts: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bucket_sizes: Option<Vec<BucketSizeRow>>,
}

#[derive(Serialize)]
pub(crate) struct DistReport {
    pub(crate) input: InputReport,
    pub(crate) slots: u32,
    pub(crate) functions: Vec<DistFunction>,
}

fn cmd_dist(
    functions: &[HashId],
    m: u32,
    input: &InputArgs,
    json: bool,
    counts: bool,
    buckets: bool,
) -> Result<()> {
    let (tallies, input) = tally_input(functions, m, input)?;
    let (source, key) = (input.source.clone(), input.key);
    let n = tallies[0].n();
    let report = DistReport {
        input,
        slots: m,
        functions: functions
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
                    bucket_sizes: buckets.then(|| bucket_size_distribution(t.counts())),
                    counts: counts.then(|| t.into_counts()),
                }
            })
            .collect(),
    };
    if json {
        return write_json(&report);
    }
    let mut out = stdout();
    writeln!(
        out,
        "{}: {} keys ({}), M = {}",
        source.describe(),
        group(n),
        key.as_str(),
        group(m as u64)
    )?;
    writeln!(
        out,
        "{:<16} {:>11} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10} {:>11} {:>13} {:>9}",
        "function",
        "N",
        "A",
        "A_opt",
        "A_random",
        "B",
        "max_load",
        "E[max]",
        "empty",
        "chi2",
        "p_value"
    )?;
    for f in &report.functions {
        let r = &f.measures;
        writeln!(
            out,
            "{:<16} {:>11} {:>9.4} {:>9.4} {:>9.4} {:>8.4} {:>9} {:>10.2} {:>11} {:>13.1} {:>9.3e}",
            f.id,
            r.n,
            r.a,
            r.a_opt,
            r.a_random,
            r.b,
            r.max_load,
            r.expected_max_load,
            r.empty_slots,
            r.chi2,
            r.p_value
        )?;
    }
    for f in &report.functions {
        if let Some(c) = &f.counts {
            writeln!(out, "\n{} per-slot counts:", f.id)?;
            for (slot, v) in c.iter().enumerate() {
                writeln!(out, "{slot:>10} {v:>10}")?;
            }
        }
        if let Some(rows) = &f.bucket_sizes {
            writeln!(
                out,
                "\n{} bucket sizes (slots holding s keys, Poisson expectation):",
                f.id
            )?;
            writeln!(out, "{:>8} {:>12} {:>14}", "s", "slots", "expected")?;
            for row in rows.iter().filter(|r| r.slots > 0 || r.expected >= 0.5) {
                writeln!(
                    out,
                    "{:>8} {:>12} {:>14.1}",
                    row.size, row.slots, row.expected
                )?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
