//! `urlhash claims`: the claims ledger ([`urlhashlab::papers::claims`]) with today's value of
//! every live claim, read from the `urlhash paper pN --json` report that computes it, run on
//! the input given.

use anyhow::{bail, Context, Result};
use clap::{Args, Parser};
use serde_json::Value;
use std::io::{self, Write};
use urlhashlab::papers::claims::{self, Claim, Report, Status};

use crate::emit::{capture_json, short_number, write_report, Cell, Format, Out, Table};
use crate::flags::SourceArgs;
use crate::input::Source;

/// URLs of the built-in corpus the claims are measured on when no file is named: the page's
/// default.
const DEFAULT_N: u64 = 100_000;

/// The paper names the text heads each paper's claims with.
const PAPERS: [&str; 5] = [
    "P1 李晓明, 凤旺森 2004",
    "P2 李村合, 何淑庆, 张培颖",
    "P3 杨海东, 叶小岭, 张颖超 2006",
    "P4 吴小惠 2009",
    "P5 吴家奇 et al. 2018",
];

/// The arguments of `urlhash claims`.
#[derive(Args)]
pub(crate) struct ClaimsArgs {
    /// URL list, one per line. Default: the built-in corpus, 100 000 URLs (--n).
    #[command(flatten)]
    source: SourceArgs,
    /// A host table (`host IP` per line) for P3's IP_ID and Name_ID claims, passed to `paper p3
    /// --hosts`; without it those claims have no value.
    #[arg(long, value_name = "FILE")]
    hosts: Option<std::path::PathBuf>,
    /// Only this paper's claims (1 to 5).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5))]
    paper: Option<u8>,
    /// List the ledger without running anything (no live values).
    #[arg(long)]
    no_run: bool,
    #[arg(long)]
    json: bool,
    /// Print CSV instead of text: one row per claim.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
}

/// One claim with its live value on the input (null when it is not live, or not run).
#[derive(serde::Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    claim: &'a Claim,
    paper: u8,
    value: Value,
}

/// What `urlhash claims --json` writes.
#[derive(serde::Serialize)]
struct Ledger<'a> {
    /// What the live values were measured on, in words ("" with --no-run).
    measured_on: String,
    /// The input of the reports, as the first `urlhash paper` run describes it (null with
    /// --no-run).
    input: Value,
    /// Per paper: the number of claims of each status.
    counts: Vec<Counts>,
    claims: Vec<Row<'a>>,
}

#[derive(serde::Serialize, Default)]
struct Counts {
    paper: u8,
    live: usize,
    flagged: usize,
    quoted: usize,
}

impl ClaimsArgs {
    pub(crate) fn run(&self) -> Result<()> {
        if self
            .source
            .file
            .as_deref()
            .is_some_and(|f| f.as_os_str() == "-")
        {
            bail!("claims runs five reports on its input, so it needs a file or the built-in corpus, not standard input");
        }
        let papers: Vec<u8> = self.paper.map_or_else(|| (1..=5).collect(), |p| vec![p]);
        let chosen: Vec<&Claim> = papers
            .iter()
            .flat_map(|&p| claims::of_paper(p).iter())
            .collect();
        let mut reports: Vec<(Report, Value)> = Vec::new();
        if !self.no_run {
            let needed: Vec<Report> = Report::ALL
                .into_iter()
                .filter(|r| chosen.iter().any(|c| report_of(c) == Some(*r)))
                .collect();
            for (i, &report) in needed.iter().enumerate() {
                eprintln!(
                    "urlhash claims: running `urlhash paper {}` ({} of {})",
                    report.command(),
                    i + 1,
                    needed.len()
                );
                reports.push((report, self.paper_report(report)?));
            }
        }
        let rows: Vec<Row> = chosen
            .iter()
            .map(|c| Row {
                claim: c,
                paper: c.paper(),
                value: value_of(c, &reports),
            })
            .collect();
        let counts = papers.iter().map(|&p| counts(p)).collect();
        let input = reports
            .first()
            .and_then(|(_, v)| v.get("input").cloned())
            .unwrap_or(Value::Null);
        let measured_on = if reports.is_empty() {
            String::new()
        } else {
            Source::from_args(&self.source, DEFAULT_N).describe()
        };
        let ledger = Ledger {
            measured_on,
            input,
            counts,
            claims: rows,
        };
        let format = Format::of(self.json, self.csv);
        write_report(format, &ledger, |out| {
            if format == Format::Csv {
                print_csv(out, &ledger)
            } else {
                print_text(out, &ledger, self.no_run)
            }
        })
    }

    /// `urlhash paper pN --json` on this command's input, as that command writes it.
    fn paper_report(&self, report: Report) -> Result<Value> {
        let mut argv: Vec<String> = vec![
            "urlhash".into(),
            "paper".into(),
            report.command().into(),
            "--json".into(),
        ];
        match report {
            Report::P3 => {
                argv.push("--threads".into());
                if let Some(hosts) = &self.hosts {
                    argv.push(format!("--hosts={}", hosts.display()));
                }
            }
            Report::P4 => argv.push("--table1-scale".into()),
            Report::P5 => argv.push("--disk".into()),
            _ => {}
        }
        match &self.source.file {
            Some(file) => argv.push(file.to_string_lossy().into_owned()),
            None => {
                argv.push(format!("--n={}", self.source.n.unwrap_or(DEFAULT_N)));
                argv.push(format!("--seed={}", self.source.seed));
            }
        }
        if let Some(column) = self.source.column {
            argv.push(format!("--column={column}"));
        }
        let cli = super::Cli::try_parse_from(&argv)
            .with_context(|| format!("could not set up `{}`", argv[1..].join(" ")))?;
        let super::Command::Paper { paper } = cli.command else {
            unreachable!("the arguments name a paper command")
        };
        capture_json(|| paper.run())
            .with_context(|| format!("`urlhash {}` failed", argv[1..].join(" ")))
    }
}

/// The report a live claim reads.
fn report_of(c: &Claim) -> Option<Report> {
    match c.status {
        Status::Live { report, .. } => Some(report),
        _ => None,
    }
}

/// A live claim's value in its report (null when it is not live or its report was not run).
fn value_of(c: &Claim, reports: &[(Report, Value)]) -> Value {
    let Status::Live { report, field, .. } = c.status else {
        return Value::Null;
    };
    reports
        .iter()
        .find(|(r, _)| *r == report)
        .and_then(|(_, v)| v.pointer(field).cloned())
        .unwrap_or(Value::Null)
}

fn counts(paper: u8) -> Counts {
    let mut n = Counts {
        paper,
        ..Counts::default()
    };
    for c in claims::of_paper(paper) {
        match c.status {
            Status::Live { .. } => n.live += 1,
            Status::Flagged { .. } => n.flagged += 1,
            Status::Quoted { .. } => n.quoted += 1,
        }
    }
    n
}

/// The status's name.
fn status_name(s: &Status) -> &'static str {
    match s {
        Status::Live { .. } => "live",
        Status::Flagged { .. } => "flagged",
        Status::Quoted { .. } => "quoted",
    }
}

/// What the status says beyond its name: the live value's note, the evidence, or why.
fn detail(s: &Status) -> &'static str {
    match s {
        Status::Live { note, .. } => note.en,
        Status::Flagged { evidence, .. } => evidence.en,
        Status::Quoted { why } => why.en,
    }
}

/// A value as one short line: numbers as the reports print them, arrays and objects compact
/// (cut at `max` characters).
fn short(v: &Value, max: usize) -> String {
    let text = match v {
        Value::Null => "—".to_string(),
        Value::Number(n) => short_number(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|x| short(x, max))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    };
    if text.chars().count() > max {
        let cut: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{cut}…")
    } else {
        text
    }
}

fn print_text(out: &mut Out, ledger: &Ledger, no_run: bool) -> io::Result<()> {
    writeln!(
        out,
        "The papers' claims: each table, figure, formula, number and procedure, with what the lab does with it."
    )?;
    if no_run {
        writeln!(out, "Not run (--no-run): live claims show no value.")?;
    } else {
        writeln!(out, "Live values measured on: {}.", ledger.measured_on)?;
    }
    for n in &ledger.counts {
        writeln!(
            out,
            "\n{}: {} claims, {} live, {} flagged, {} quoted",
            PAPERS[usize::from(n.paper) - 1],
            n.live + n.flagged + n.quoted,
            n.live,
            n.flagged,
            n.quoted
        )?;
        for row in ledger.claims.iter().filter(|r| r.paper == n.paper) {
            let c = row.claim;
            writeln!(
                out,
                "\n  {:<6} {:<8} {} · {}",
                c.id,
                status_name(&c.status),
                c.section,
                c.topic.en
            )?;
            writeln!(out, "         P{}: 「{}」", n.paper, c.words)?;
            if !c.printed.is_empty() {
                writeln!(out, "         printed: {}", c.printed)?;
            }
            if let Status::Live {
                report,
                field,
                view,
                ..
            } = c.status
            {
                let value = if row.value.is_null() && !no_run {
                    "— (not in this run's report)".to_string()
                } else {
                    short(&row.value, 90)
                };
                writeln!(
                    out,
                    "         measured: {value}   (urlhash paper {} --json, {field}; page #{view})",
                    report.command()
                )?;
            }
            let more = detail(&c.status);
            if !more.is_empty() {
                writeln!(out, "         {more}")?;
            }
        }
    }
    Ok(())
}

fn print_csv(out: &mut Out, ledger: &Ledger) -> io::Result<()> {
    let mut t = Table::new("claims")
        .left("id", 0)
        .left("paper", 0)
        .left("section", 0)
        .left("kind", 0)
        .left("status", 0)
        .left("words", 0)
        .left("printed", 0)
        .left("value", 0)
        .left("topic", 0)
        .left("topic_zh", 0)
        .left("detail", 0)
        .left("detail_zh", 0)
        .left("report", 0)
        .left("field", 0)
        .left("view", 0);
    for row in &ledger.claims {
        let c = row.claim;
        let (report, field, view) = match c.status {
            Status::Live {
                report,
                field,
                view,
                ..
            } => (report.command(), field, view),
            Status::Flagged { view, .. } => ("", "", view),
            Status::Quoted { .. } => ("", "", ""),
        };
        let detail_zh = match c.status {
            Status::Live { note, .. } => note.zh,
            Status::Flagged { evidence, .. } => evidence.zh,
            Status::Quoted { why } => why.zh,
        };
        let value = match &row.value {
            Value::Null => String::new(),
            v => v.to_string(),
        };
        let kind = serde_json::to_value(c.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        t.row(vec![
            Cell::from(c.id),
            Cell::from(row.paper.to_string()),
            Cell::from(c.section),
            Cell::from(kind),
            Cell::from(status_name(&c.status)),
            Cell::from(c.words),
            Cell::from(c.printed),
            Cell::from(value),
            Cell::from(c.topic.en),
            Cell::from(c.topic.zh),
            Cell::from(detail(&c.status)),
            Cell::from(detail_zh),
            Cell::from(report),
            Cell::from(field),
            Cell::from(view),
        ]);
    }
    out.table(&t)
}
