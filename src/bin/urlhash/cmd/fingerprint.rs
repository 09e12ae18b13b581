//! `urlhash fingerprint`: P3's MD5 fingerprints measured on the input (see `digests`).

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};

use crate::digests::{measure_and_write, FpOut};
use crate::emit::{group, sci, Cell, Out, Table};
use crate::flags::FingerprintArgs;
use urlhashlab::mechanisms::fingerprint::MIRROR_URLS;

/// The arguments of `urlhash fingerprint` (see `Command::Fingerprint`).
#[derive(Args)]
pub(crate) struct FingerprintCmd {
    #[command(flatten)]
    pub(crate) args: FingerprintArgs,
}

impl FingerprintCmd {
    pub(crate) fn run(&self) -> Result<()> {
        measure_and_write(&self.args, false, |w, source, out| {
            writeln!(w, "MD5 fingerprints (P3) on {}:", source.describe())?;
            print_measured(w, out)
        })
    }
}

/// The measurements `fingerprint` prints and `paper p3` prints as its part 3.
pub(crate) fn print_measured(w: &mut Out, out: &FpOut) -> io::Result<()> {
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
    let mut t = Table::new("short fingerprints")
        .right("b", 4)
        .csv("bits")
        .right("false dups", 14)
        .csv("false_duplicates")
        .right("expected", 14)
        .csv("expected_false_duplicates")
        .right("colliding pairs", 16)
        .csv("colliding_pairs")
        .right("expected", 16)
        .csv("expected_pairs")
        .right("P(any)", 14)
        .csv("probability_any");
    for row in &r.truncated {
        t.row(vec![
            Cell::int(row.bits),
            Cell::group(row.false_duplicates),
            Cell::fixed(row.expected_false_duplicates, 1),
            Cell::group(row.colliding_pairs),
            Cell::fixed(row.expected_pairs, 1),
            Cell::sci(row.probability_any, 3),
        ]);
    }
    w.table(&t)?;
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
    let mut t = Table::lines(
        "avalanche",
        "  {digest}  {differing_bits_from_first:>3} bits  {url}",
    );
    for row in &r.table1 {
        t.row(vec![
            row.digest.as_str().into(),
            Cell::int(row.differing_bits_from_first),
            row.url.as_str().into(),
        ]);
    }
    w.table(&t)?;
    if let Some(s) = &r.sites {
        writeln!(
            w,
            "\nP3's aliases and mirrors, from the host table: {} parsed lines, {} distinct; by host {}, by IP_ID (aliases share one) {},\nby Name_ID (aliases and mirrors share one) {}; {} lines had a host missing from the table.",
            group(s.lines - s.unparsable.count),
            group(s.distinct_lines),
            group(s.distinct_host_keys),
            group(s.distinct_ip_ids),
            group(s.distinct_name_ids),
            group(s.unresolved.count)
        )?;
        let st = &s.store;
        writeln!(
            w,
            "\nP3's store: same IP_ID appends the URL to the record, same Name_ID drops it (§3.1–3.2).",
        )?;
        let mut t = Table::new("p3 store")
            .indent("  ")
            .left("step", 14)
            .right("before", 10)
            .right("dropped", 9)
            .right("appended", 9)
            .right("after", 10);
        for step in &st.steps {
            t.row(vec![
                step.step.into(),
                Cell::group(step.before),
                Cell::group(step.dropped),
                Cell::group(step.appended),
                Cell::group(step.after),
            ]);
        }
        w.table(&t)?;
        let m = &st.mirrors;
        writeln!(
            w,
            "  {} records hold {} URLs (the largest {}). Mirrors by similarity: Jaccard of path sets ≥ {} and ≥ {} shared paths\n  (content similarity cannot be tested on a URL list): {} sites, {} pairs examined, {} over both thresholds; mirror groups: {}.{}",
            group(st.records),
            group(st.stored_urls),
            group(st.largest_record),
            m.rule.min_similarity,
            m.rule.min_shared,
            group(m.sites),
            group(m.pairs_examined),
            group(m.mirror_pairs),
            group(m.groups),
            if m.not_examined > 0 {
                format!(" The first {} stored URLs were compared; {} were not.", group(MIRROR_URLS), group(m.not_examined))
            } else {
                String::new()
            }
        )?;
        let mut t = Table::lines(
            "mirror pairs",
            "  {kept} ← {mirror}: {shared} shared paths, similarity {similarity}",
        );
        for p in &m.top {
            t.row(vec![
                p.kept.as_str().into(),
                p.mirror.as_str().into(),
                Cell::group(p.shared),
                Cell::fixed(p.similarity, 3),
            ]);
        }
        w.table(&t)?;
    }
    let c = &out.canonical;
    writeln!(
        w,
        "\nCanonicalisation: {} lines, {} distinct; {} not URLs (left out).",
        group(c.parsed),
        group(c.distinct_before),
        group(c.unparsable.count)
    )?;
    let mut t = Table::new("canonicalisation")
        .indent("  ")
        .left("toggle", 20)
        .right("distinct", 12)
        .csv("distinct_after")
        .right("merged", 10)
        .right("lines changed", 14)
        .csv("changed_lines")
        .left("what", 0)
        .before("  ")
        .csv("description");
    for toggle in c.toggles.iter().chain(std::iter::once(&c.all)) {
        t.row(vec![
            toggle.toggle.as_str().into(),
            Cell::group(toggle.distinct_after),
            Cell::group(toggle.merged),
            Cell::group(toggle.changed_lines),
            toggle.description.as_str().into(),
        ]);
    }
    w.table(&t)?;
    Ok(())
}
