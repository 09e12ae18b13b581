//! `urlhash fingerprint`: P3's MD5 fingerprints measured on the input (see `digests`).

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};

use crate::digests::{measure, FpOut};
use crate::emit::{group, sci, stdout};
use crate::flags::FingerprintArgs;

/// The arguments of `urlhash fingerprint` (see `Command::Fingerprint`).
#[derive(Args)]
pub(crate) struct FingerprintCmd {
    #[command(flatten)]
    pub(crate) args: FingerprintArgs,
}

impl FingerprintCmd {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_fingerprint(&self.args)
    }
}

fn cmd_fingerprint(args: &FingerprintArgs) -> Result<()> {
    let Some((source, out)) = measure(args)? else {
        return Ok(());
    };
    let mut w = stdout();
    writeln!(w, "MD5 fingerprints (P3) on {}:", source.describe())?;
    print_measured(&mut w, &out)?;
    w.flush()?;
    Ok(())
}

pub(crate) fn print_measured(w: &mut impl Write, out: &FpOut) -> io::Result<()> {
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
