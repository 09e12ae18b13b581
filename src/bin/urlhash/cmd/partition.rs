//! `urlhash partition`: P2's crawler simulated, links routed to crawl nodes by a policy and
//! duplicates matched on a control node, printed as text or JSON.

use anyhow::{bail, Result};
use clap::Args;
use std::io::{self, Write};
use urlhashlab::foundation::hash::HashId;
use urlhashlab::mechanisms::partition::{
    ControlReport, NodeMatching, Policy, PolicyReport, RehashReport, Simulation, SimulationReport,
    SiteTableReport, LOAD_FACTOR_RULE, PATH_TABLE_SLOTS, SITE_TABLE_SLOTS,
};
use urlhashlab::papers::p2::{self, format_p as p_value};

use crate::crawl::feed;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_fn, parse_nodes, parse_path_hash, parse_site_hash, SourceArgs};
use crate::input::{input_summary, Source};

/// The arguments of `urlhash partition` (see `Command::Partition`).
#[derive(Args)]
pub(crate) struct PartitionCmd {
    /// Number of crawl nodes (P2 had 7).
    #[arg(long, value_name = "N", default_value_t = 7, value_parser = parse_nodes, allow_negative_numbers = true)]
    pub(crate) nodes: u32,
    /// How links are assigned to nodes: P2's path routing (p2-printed, p2-xor, p2-repaired),
    /// host, domain (registrable domain), url, or a real crawler's preset (nutch, heritrix,
    /// frontera).
    #[arg(long, value_name = "POLICY", value_parser = clap::builder::PossibleValuesParser::new(urlhashlab::mechanisms::partition::POLICY_IDS))]
    pub(crate) policy: String,
    /// The hash of the host, domain and url policies (default xxh3).
    #[arg(long = "fn", value_name = "ID", value_parser = parse_fn)]
    pub(crate) function: Option<HashId>,
    /// Nutch's partition.url.seed (default 0), XORed into the host's hashCode.
    #[arg(long, value_name = "INT", allow_negative_numbers = true)]
    pub(crate) nutch_seed: Option<i32>,
    /// The site-hash reading whose collision groups are listed.
    #[arg(long, value_name = "ID", default_value = "site-folded", value_parser = parse_site_hash)]
    pub(crate) site_hash: HashId,
    /// The path-hash reading that indexes the path tables (default: the policy's for P2,
    /// path-xor otherwise).
    #[arg(long, value_name = "ID", value_parser = parse_path_hash)]
    pub(crate) path_hash: Option<HashId>,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: the nodes, the biggest sites, the site tables, the colliding
    /// hosts and the largest path tables, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
    #[command(flatten)]
    pub(crate) threads: crate::par::ThreadsArg,
}

impl PartitionCmd {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_partition(self)
    }
}

fn cmd_partition(a: &PartitionCmd) -> Result<()> {
    let policy = match (
        Policy::parse(&a.policy, a.function).map_err(anyhow::Error::msg)?,
        a.nutch_seed,
    ) {
        (Policy::Nutch { .. }, Some(seed)) => Policy::Nutch { seed },
        (_, Some(_)) => bail!("--nutch-seed applies to the nutch policy only"),
        (policy, None) => policy,
    };
    let path_reading = match (a.path_hash, policy) {
        (Some(f), _) => f,
        (None, Policy::P2(f)) => f,
        (None, _) => HashId::PathXor,
    };
    let mut sim = Simulation::new(a.nodes, &[policy], &[path_reading])
        .map_err(anyhow::Error::msg)?
        .with_rehash();
    let source = Source::from_args(&a.source, p2::TABLE1_URLS);
    let input = feed(&source, &a.threads, &mut sim)?;
    if sim.links() == 0 {
        bail!(
            "no URLs with a host in {} ({})",
            source.describe(),
            input_summary(&input.stats, Some(input.unsplittable.lines.count))
        );
    }
    let control = sim.control_report();
    let report = sim.finish();
    let json = WithInput {
        input: &input,
        report: &PartitionJson {
            report: &report,
            control: &control,
        },
    };
    write_report(Format::of(a.json, a.csv), &json, |out| {
        let p = &report.policies[0];
        writeln!(
            out,
            "Partition: {}\n{} crawl nodes and one control node. Input: {}.",
            p.describe,
            report.nodes,
            source.describe()
        )?;
        print_totals(out, &report)?;
        writeln!(out)?;
        print_nodes(out, p)?;
        print_node_matching(out, &control.node_matching[0], report.links)?;
        writeln!(out)?;
        print_top_sites(out, p)?;
        writeln!(out)?;
        print_control(out, &report, &control, a.site_hash)
    })
}

/// The JSON: the report, and the node-side matches and re-hash beside it.
#[derive(serde::Serialize)]
struct PartitionJson<'a> {
    #[serde(flatten)]
    report: &'a SimulationReport,
    control: &'a ControlReport,
}

/// The matches per node when each node matches the links it finds that are its own (P2 §3.3).
fn print_node_matching(out: &mut Out, m: &NodeMatching, links: u64) -> io::Result<()> {
    let own: u64 = m.node_own_links.iter().sum();
    writeln!(
        out,
        "Matches as P2 §3.3 (the lab's reading: a link is found by the node of the last new URL before it; a node\nmatches its own links and drops those it holds, the rest go to the control node): system {} = control {}\n+ nodes {}. The nodes kept {} of the {} links for themselves and dropped {}.",
        group(m.system_matches),
        group(m.control_matches),
        group(m.nodes_matches),
        group(own),
        group(links),
        group(m.node_dropped.iter().sum()),
    )?;
    let mut t = Table::new("node matches")
        .right("node", 6)
        .right("matches", 12)
        .csv("matches")
        .right("own links", 12)
        .csv("own_links")
        .right("dropped", 10)
        .csv("dropped");
    for i in 0..m.node_matches.len() {
        t.row(vec![
            Cell::int(i as u64 + 1),
            Cell::group(m.node_matches[i]),
            Cell::group(m.node_own_links[i]),
            Cell::group(m.node_dropped[i]),
        ]);
    }
    out.table(&t)
}

pub(crate) fn print_totals(out: &mut Out, r: &SimulationReport) -> io::Result<()> {
    writeln!(
        out,
        "Links {} · distinct URLs {} · duplicates {} · sites {} · lines without a host {}",
        group(r.links),
        group(r.urls),
        group(r.duplicates),
        group(r.sites),
        group(r.unsplittable)
    )
}

fn pct(x: f64) -> String {
    format!("{:.1} %", 100.0 * x)
}

/// A share as `12.3 %`; raw in CSV.
fn share(x: f64) -> Cell {
    Cell::new(pct(x), raw(x))
}

fn print_nodes(out: &mut Out, p: &PolicyReport) -> io::Result<()> {
    let mut t = Table::new("nodes")
        .right("node", 6)
        .right("URLs", 12)
        .csv("urls")
        .right("links", 12)
        .right("hosts", 9)
        .left("biggest site", 32)
        .before("  ")
        .csv("biggest_site")
        .csv_only("biggest_site_urls")
        .right("its share", 10)
        .csv("biggest_site_share");
    for n in &p.per_node {
        t.row(vec![
            Cell::int(n.node),
            Cell::group(n.urls),
            Cell::group(n.links),
            Cell::group(n.hosts),
            Cell::new(
                n.biggest_site.as_deref().unwrap_or("—"),
                n.biggest_site.as_deref().unwrap_or(""),
            ),
            Cell::int(n.biggest_site_urls),
            share(n.biggest_site_share),
        ]);
    }
    out.table(&t)?;
    let urls: u64 = p.node_urls.iter().sum();
    writeln!(
        out,
        "{:>6} {:>12.1}  (N/n, the ideal line)",
        "ideal",
        urls as f64 / p.node_urls.len() as f64
    )?;
    writeln!(
        out,
        "B = {:.4} (a uniformly random assignment averages {:.4}); χ² = {:.1}, p {}",
        p.b,
        p.expected_b_random,
        p.chi2,
        match p_value(p.p_value) {
            v if v.starts_with('<') => v,
            v => format!("= {v}"),
        }
    )?;
    if let Some(z) = p.zero_hash_urls {
        if z > 0 {
            writeln!(
                out,
                "{} URLs ({}) have a path hash of 0; all of them are on node 1.",
                group(z),
                pct(z as f64 / urls.max(1) as f64)
            )?;
        }
    }
    Ok(())
}

fn print_top_sites(out: &mut Out, p: &PolicyReport) -> io::Result<()> {
    writeln!(out, "The biggest sites and where they went:")?;
    let mut t = Table::new("biggest sites")
        .indent("  ")
        .left("site", 32)
        .right("URLs", 10)
        .csv("urls")
        .right("nodes", 7)
        .csv("nodes_spanned")
        .right("main node (URLs)", 18)
        .text_only()
        .csv_only("main_node")
        .csv_only("main_node_urls");
    for s in p.top_sites.iter().take(10) {
        t.row(vec![
            s.host.as_str().into(),
            Cell::group(s.urls),
            Cell::int(s.nodes_spanned),
            format!("{} ({})", s.main_node, group(s.main_node_urls)).into(),
            Cell::int(s.main_node),
            Cell::int(s.main_node_urls),
        ]);
    }
    out.table(&t)
}

pub(crate) fn print_control(
    out: &mut Out,
    r: &SimulationReport,
    control: &ControlReport,
    site_hash: HashId,
) -> io::Result<()> {
    writeln!(
        out,
        "Control node: {} matches (a site-table probe per link, a path-table probe per link of a known site).",
        group(r.control_matches)
    )?;
    writeln!(
        out,
        "Site table: {} slots; α = sites / slots = {:.5} (P2's rule: α < {LOAD_FACTOR_RULE}).",
        group(SITE_TABLE_SLOTS as u64),
        r.sites as f64 / SITE_TABLE_SLOTS as f64
    )?;
    let mut t = Table::new("site tables")
        .indent("  ")
        .left("site hash", 16)
        .csv("reading")
        .right("sites", 10)
        .right("occupied", 10)
        .right("collisions", 11)
        .right("random: about", 15)
        .csv("expected_collisions")
        .right("longest", 10)
        .csv("max_chain");
    for report in &r.site_tables {
        t.row(vec![
            report.reading.into(),
            Cell::group(report.sites),
            Cell::group(report.occupied),
            Cell::group(report.collisions),
            Cell::fixed(report.expected_collisions, 1),
            Cell::int(report.max_chain),
        ]);
    }
    out.table(&t)?;
    if let Some(t) = r
        .site_tables
        .iter()
        .find(|t| t.reading == site_hash.info().key)
    {
        print_groups(out, t)?;
    }
    for t in &r.path_tables {
        writeln!(
            out,
            "Path tables ({}): one of {} slots per site, indexed by {}.",
            group(t.tables),
            group(PATH_TABLE_SLOTS as u64),
            t.reading
        )?;
        writeln!(
            out,
            "  {} URLs in {} occupied slots: {} collisions (a random hash: about {:.0}); a table without chains\n  would drop them as duplicates. Sites over 0.75 · 2^15 = {} paths: {}.",
            group(t.urls),
            group(t.occupied),
            group(t.collisions),
            t.expected_collisions,
            group(t.rule_paths as u64),
            group(t.sites_over_rule)
        )?;
        let bins: Vec<String> = t
            .load_bins
            .iter()
            .map(|b| format!("{} {}", b.label, group(b.sites)))
            .collect();
        writeln!(out, "  Sites by load factor: {}.", bins.join(" · "))?;
        let mut largest = Table::new(format!("largest path tables ({})", t.reading))
            .indent("  ")
            .left("largest tables", 32)
            .csv("host")
            .right("URLs", 10)
            .csv("urls")
            .right("occupied", 10)
            .right("α", 8)
            .csv("load_factor");
        for row in t.largest.iter().take(5) {
            largest.row(vec![
                row.host.as_str().into(),
                Cell::group(row.urls),
                Cell::group(row.occupied),
                Cell::fixed(row.load_factor, 4),
            ]);
        }
        out.table(&largest)?;
        if let Some(re) = control.rehash.iter().find(|x| x.reading == t.reading) {
            print_rehash(out, re)?;
        }
    }
    Ok(())
}

/// The sites re-hashed past 0.75 · 2^15 paths, before and after.
fn print_rehash(out: &mut Out, re: &RehashReport) -> io::Result<()> {
    let mut t = Table::new(format!("re-hashed path tables ({})", re.reading))
        .indent("  ")
        .left("re-hashed site", 24)
        .csv("host")
        .right("paths", 8)
        .right("doublings", 10)
        .csv("rehashes")
        .right("moved", 8)
        .left("table", 6)
        .before("  ")
        .csv("table")
        .right("slots", 10)
        .right("α", 7)
        .csv("load_factor")
        .right("occupied", 9)
        .right("colliding", 10)
        .csv("colliding_paths")
        .right("dropped", 8)
        .csv("chainless_drops");
    if re.sites_rehashed == 0 {
        writeln!(
            out,
            "  No site has more than {} paths: no table is re-hashed.",
            group(re.rule_paths as u64)
        )?;
        // The CSV keeps the table's header, so its shape does not depend on the input.
        return out.csv_table(&t);
    }
    writeln!(
        out,
        "  P2 re-hashes a site past 0.75 · 2^15 paths (\"再次进行动态散列\"); the lab's reading: its table doubles each time\n  it would pass 0.75 of its slots, and its paths are re-inserted. {} site(s), {} paths; a table without chains\n  would drop {} of them before, {} after:",
        group(re.sites_rehashed),
        group(re.paths),
        group(re.chainless_drops_before),
        group(re.chainless_drops_after),
    )?;
    for site in &re.sites {
        for (stage, s) in [("before", &site.before), ("after", &site.after)] {
            let first = stage == "before";
            // The site's own columns on its first line only; every CSV record has them.
            let once = |text: String, csv: String| {
                Cell::new(if first { text } else { String::new() }, csv)
            };
            t.row(vec![
                once(site.host.clone(), site.host.clone()),
                once(group(site.paths), site.paths.to_string()),
                once(site.rehashes.to_string(), site.rehashes.to_string()),
                once(group(site.moved), site.moved.to_string()),
                stage.into(),
                Cell::group(s.slots),
                Cell::fixed(s.load_factor, 4),
                Cell::group(s.occupied),
                Cell::group(s.colliding_paths),
                Cell::group(s.chainless_drops),
            ]);
        }
    }
    out.table(&t)?;
    if let Some(site) = re
        .sites
        .iter()
        .find(|s| s.after.occupied == s.before.occupied && s.hash_bits <= 15)
    {
        writeln!(
            out,
            "  Doubling freed no slot: every path hash of {} is below 2^{} ({} bits), so the new half of the table\n  stays empty; a re-hash needs a hash wider than the table.",
            site.host, site.hash_bits, site.hash_bits
        )?;
    }
    Ok(())
}

fn print_groups(out: &mut Out, t: &SiteTableReport) -> io::Result<()> {
    writeln!(
        out,
        "Hosts sharing a slot under {}: {} slots hold {} hosts. The biggest groups:",
        t.reading,
        group(t.groups_total),
        group(t.colliding_sites)
    )?;
    let mut groups = Table::lines(
        format!("hosts sharing a slot ({})", t.reading),
        "  slot {slot:>9}: {hosts:>6} hosts, {urls:>8} URLs, shared ending '{shared_suffix}': {sample}",
    );
    for g in t.groups.iter().take(10) {
        let more = if g.hosts as usize > g.sample.len() {
            ", …"
        } else {
            ""
        };
        groups.row(vec![
            Cell::int(g.slot),
            Cell::group(g.hosts),
            Cell::group(g.urls),
            g.shared_suffix.as_str().into(),
            Cell::new(format!("{}{more}", g.sample.join(", ")), g.sample.join(" ")),
        ]);
    }
    out.table(&groups)
}
