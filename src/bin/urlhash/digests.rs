//! P3's MD5 fingerprints measured on the input, for `fingerprint` and `paper p3`: duplicates,
//! short-fingerprint collisions against the birthday bound, the avalanche, alias and mirror
//! normalisation from a host table, and canonicalisation toggles.

use anyhow::{Context, Result};
use serde::Serialize;
use std::io;
use urlhashlab::adapters::native;
use urlhashlab::adapters::native::threads::ThreadRun;
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::foundation::split::Keys;
use urlhashlab::mechanisms::fingerprint::{CanonicalReport, CanonicalStudy, HostTable};
use urlhashlab::papers::p3::{P3Report, P3Study};

use crate::emit::{write_report, Format, Out, WithInput};
use crate::flags::{FingerprintArgs, HostsArg};
use crate::input::{for_first_urls, Source};

#[derive(Serialize)]
struct FpInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    hosts: Option<String>,
    /// The study measured the first `measured_lines` URL lines (`--limit`).
    measured_lines: u64,
}

#[derive(Serialize)]
pub(crate) struct FpOut {
    pub(crate) p3: P3Report,
    pub(crate) canonical: CanonicalReport,
    /// P3's multi-threaded spider on the measured lines (`paper p3 --threads`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) threads: Option<Vec<ThreadRun>>,
}

fn run(
    source: &Source,
    hosts_arg: &HostsArg,
    limit: u64,
    threads: bool,
) -> Result<(FpInput, FpOut)> {
    let hosts = hosts_arg.hosts.as_deref();
    let table = match hosts {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the host table '{}'", path.display()))?;
            let table = HostTable::parse(&text)
                .map_err(|e| anyhow::anyhow!("host table '{}': {e}", path.display()))?;
            if text.lines().all(|l| {
                let l = l.trim();
                l.is_empty() || l.starts_with('#')
            }) {
                eprintln!(
                    "urlhash: warning: the host table '{}' has no `host ip` line: IP_ID and Name_ID cannot merge anything",
                    path.display()
                );
            }
            Some(table)
        }
        None => None,
    };
    let mut p3 = match table {
        Some(t) => P3Study::with_hosts(t, hosts_arg.mirror_rule()),
        None => P3Study::new(),
    };
    let mut canonical = CanonicalStudy::new();
    let mut lines = Keys::default();
    let (stats, measured) = for_first_urls(
        source,
        limit,
        "measured on",
        "the study keeps about 300 to 450 bytes per distinct URL (its MD5 before and after each canonicalisation, its short fingerprints)",
        |n, line| {
            if threads {
                lines.push(line);
            }
            p3.push(n, line);
            // Lines that are not URLs are counted by the study and named in its report.
            let _ = canonical.push(n, line);
        },
    )?;
    Ok((
        FpInput {
            source: source.clone(),
            stats,
            hosts: hosts.map(|p| p.display().to_string()),
            measured_lines: measured,
        },
        FpOut {
            p3: p3.finish(),
            canonical: canonical.finish(),
            threads: threads.then(|| {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                native::threads::study(&lines.slices(0..lines.len()), cores)
            }),
        },
    ))
}

/// Measures the input of `urlhash fingerprint` or `urlhash paper p3` and writes it: as JSON
/// with `--json`, else as `print` writes it (the text, or its tables as CSV with `--csv`).
pub(crate) fn measure_and_write(
    args: &FingerprintArgs,
    threads: bool,
    print: impl FnOnce(&mut Out, &Source, &FpOut) -> io::Result<()>,
) -> Result<()> {
    let source = Source::from_args(&args.source, 100_000);
    let (input, out) = run(&source, &args.hosts, args.limit, threads)?;
    let json = WithInput {
        input: &input,
        report: &out,
    };
    write_report(Format::of(args.json, args.csv), &json, |w| {
        print(w, &source, &out)
    })
}
