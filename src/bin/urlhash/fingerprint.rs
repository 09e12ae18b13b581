//! `urlhash fingerprint` and `urlhash paper p3`: P3's MD5 fingerprints measured on the input:
//! duplicates, short-fingerprint collisions against the birthday bound, the avalanche, alias
//! and mirror normalisation from a host table, and canonicalisation toggles.

use super::{
    for_each_url, group, input_summary, sci, stdout, warn_input, write_json_with_input,
    FingerprintArgs, Source,
};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::io::{self, Write};
use std::path::Path;
use urlhashlab::fingerprint::{CanonicalReport, CanonicalStudy, HostTable};
use urlhashlab::lines::InputStats;
use urlhashlab::papers::p3::{P3Report, P3Study};

/// URL lines `fingerprint` and `paper p3` measure by default: the study keeps about 300 to 450 bytes
/// per distinct URL (its MD5 before and after each canonicalisation, its short fingerprints).
pub(super) const LIMIT: u64 = 1_000_000;

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
struct FpOut {
    p3: P3Report,
    canonical: CanonicalReport,
}

fn run(source: &Source, hosts: Option<&Path>, limit: u64) -> Result<(FpInput, FpOut)> {
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
        Some(t) => P3Study::with_hosts(t),
        None => P3Study::new(),
    };
    let mut canonical = CanonicalStudy::new();
    let mut measured = 0u64;
    let stats = for_each_url(source, |n, line| {
        if measured == limit {
            return;
        }
        measured += 1;
        p3.push(n, line);
        // Lines that are not URLs are counted by the study and named in its report.
        let _ = canonical.push(n, line);
    })?;
    warn_input(&stats, None);
    if stats.urls == 0 {
        bail!(
            "no URLs in {} ({})",
            source.describe(),
            input_summary(&stats, None)
        );
    }
    if measured < stats.urls {
        eprintln!(
            "urlhash: measured on the first {} of {} URL lines (--limit): the study keeps about 300 to 450 bytes per distinct URL (its MD5 before and after each canonicalisation, its short fingerprints)",
            group(measured),
            group(stats.urls)
        );
    }
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
        },
    ))
}

fn print_measured(w: &mut impl Write, out: &FpOut) -> io::Result<()> {
    let r = &out.p3;
    let i = &r.input;
    writeln!(
        w,
        "{} lines: {} distinct MD5 fingerprints, {} duplicate lines, {} MD5 collisions; the store takes {} bytes.\nThe chance of any collision among {} 128-bit fingerprints: {}.",
        group(i.lines),
        group(i.distinct_md5),
        group(i.duplicate_lines),
        group(i.md5_collisions),
        group(i.store_bytes),
        group(i.distinct_md5),
        sci(i.collision_probability, 3)
    )?;
    writeln!(
        w,
        "\nShort fingerprints (the top b bits of MD5) on these URLs, against the birthday bound:"
    )?;
    writeln!(
        w,
        "{:>4} {:>14} {:>14} {:>16} {:>16} {:>14}",
        "b", "false dups", "expected", "colliding pairs", "expected", "P(any)"
    )?;
    for t in &r.truncated {
        writeln!(
            w,
            "{:>4} {:>14} {:>14.1} {:>16} {:>16.1} {:>14}",
            t.bits,
            group(t.false_duplicates),
            t.expected_false_duplicates,
            group(t.colliding_pairs),
            t.expected_pairs,
            sci(t.probability_any, 3)
        )?;
    }
    let a = &r.avalanche;
    writeln!(
        w,
        "\nAvalanche: {} pairs of near-identical URLs (first {} URLs and their variants) differ in {:.2} of 128 bits on\naverage (sd {:.2}, min {}, max {}); a random function gives {:.0} (sd {:.2}){}.",
        group(a.pairs),
        group(r.avalanche_urls),
        a.mean,
        a.sd,
        a.min,
        a.max,
        a.expected_mean,
        a.expected_sd,
        a.p_value
            .map_or(String::new(), |p| format!("; χ² p = {p:.3}"))
    )?;
    for row in &r.table1 {
        writeln!(
            w,
            "  {}  {:>3} bits  {}",
            row.digest, row.differing_bits_from_first, row.url
        )?;
    }
    if let Some(s) = &r.sites {
        writeln!(
            w,
            "\nP3's aliases and mirrors, from the host table: {} parsed lines, {} distinct; by host {}, by IP_ID (aliases merged) {},\nby Name_ID (aliases and mirrors merged) {}; {} lines had a host missing from the table.",
            group(s.lines - s.unparsable.count),
            group(s.distinct_lines),
            group(s.distinct_host_keys),
            group(s.distinct_ip_ids),
            group(s.distinct_name_ids),
            group(s.unresolved.count)
        )?;
    }
    let c = &out.canonical;
    writeln!(
        w,
        "\nCanonicalisation: {} lines, {} distinct; {} not URLs (left out).",
        group(c.parsed),
        group(c.distinct_before),
        group(c.unparsable.count)
    )?;
    writeln!(
        w,
        "  {:<20} {:>12} {:>10} {:>14}  what",
        "toggle", "distinct", "merged", "lines changed"
    )?;
    for t in c.toggles.iter().chain(std::iter::once(&c.all)) {
        writeln!(
            w,
            "  {:<20} {:>12} {:>10} {:>14}  {}",
            t.toggle,
            group(t.distinct_after),
            group(t.merged),
            group(t.changed_lines),
            t.description
        )?;
    }
    Ok(())
}

/// Measures the input of `urlhash fingerprint` or `urlhash paper p3`; writes the JSON and
/// returns `None` with `--json`, else returns the source and the measurements to print.
fn measure(args: &FingerprintArgs) -> Result<Option<(Source, FpOut)>> {
    let source = Source::from_args(&args.source, 100_000);
    let (input, out) = run(&source, args.hosts.hosts.as_deref(), args.limit)?;
    if args.json {
        write_json_with_input(&input, &out)?;
        return Ok(None);
    }
    Ok(Some((source, out)))
}

pub(super) fn cmd_fingerprint(args: &FingerprintArgs) -> Result<()> {
    let Some((source, out)) = measure(args)? else {
        return Ok(());
    };
    let mut w = stdout();
    writeln!(w, "MD5 fingerprints (P3) on {}:", source.describe())?;
    print_measured(&mut w, &out)?;
    w.flush()?;
    Ok(())
}

pub(super) fn cmd_paper_p3(args: &FingerprintArgs) -> Result<()> {
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
