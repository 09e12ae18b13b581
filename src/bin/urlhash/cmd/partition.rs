//! `urlhash partition`: P2's crawler simulated, links routed to crawl nodes by a policy and
//! duplicates matched on a control node, printed as text or JSON.

use anyhow::{bail, Result};
use clap::Args;
use std::io::{self, Write};
use urlhashlab::hash::HashId;
use urlhashlab::papers::p2::{self, format_p as p_value};
use urlhashlab::partition::{
    Policy, PolicyReport, Simulation, SimulationReport, SiteTableReport, LOAD_FACTOR_RULE,
    PATH_TABLE_SLOTS, SITE_TABLE_SLOTS,
};

use crate::crawl::feed;
use crate::emit::{group, stdout, write_json_with_input};
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
    #[arg(long, value_name = "POLICY", value_parser = clap::builder::PossibleValuesParser::new(urlhashlab::partition::POLICY_IDS))]
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
    let mut sim =
        Simulation::new(a.nodes, &[policy], &[path_reading]).map_err(anyhow::Error::msg)?;
    let source = Source::from_args(&a.source, p2::TABLE1_URLS);
    let input = feed(&source, |n, line| sim.push(n, line))?;
    if sim.links() == 0 {
        bail!(
            "no URLs with a host in {} ({})",
            source.describe(),
            input_summary(&input.stats, Some(input.unsplittable.lines.count))
        );
    }
    let report = sim.finish();
    if a.json {
        return write_json_with_input(&input, &report);
    }
    let mut out = stdout();
    let p = &report.policies[0];
    writeln!(
        out,
        "Partition: {}\n{} crawl nodes and one control node. Input: {}.",
        p.describe,
        report.nodes,
        source.describe()
    )?;
    print_totals(&mut out, &report)?;
    writeln!(out)?;
    print_nodes(&mut out, p)?;
    writeln!(out)?;
    print_top_sites(&mut out, p)?;
    writeln!(out)?;
    print_control(&mut out, &report, a.site_hash)?;
    out.flush()?;
    Ok(())
}

pub(crate) fn print_totals(out: &mut impl Write, r: &SimulationReport) -> io::Result<()> {
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

fn print_nodes(out: &mut impl Write, p: &PolicyReport) -> io::Result<()> {
    writeln!(
        out,
        "{:>6} {:>12} {:>12} {:>9}  {:<32} {:>10}",
        "node", "URLs", "links", "hosts", "biggest site", "its share"
    )?;
    for n in &p.per_node {
        writeln!(
            out,
            "{:>6} {:>12} {:>12} {:>9}  {:<32} {:>10}",
            n.node,
            group(n.urls),
            group(n.links),
            group(n.hosts),
            n.biggest_site.as_deref().unwrap_or("—"),
            pct(n.biggest_site_share)
        )?;
    }
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

fn print_top_sites(out: &mut impl Write, p: &PolicyReport) -> io::Result<()> {
    writeln!(out, "The biggest sites and where they went:")?;
    writeln!(
        out,
        "  {:<32} {:>10} {:>7} {:>18}",
        "site", "URLs", "nodes", "main node (URLs)"
    )?;
    for s in p.top_sites.iter().take(10) {
        writeln!(
            out,
            "  {:<32} {:>10} {:>7} {:>18}",
            s.host,
            group(s.urls),
            s.nodes_spanned,
            format!("{} ({})", s.main_node, group(s.main_node_urls))
        )?;
    }
    Ok(())
}

pub(crate) fn print_control(
    out: &mut impl Write,
    r: &SimulationReport,
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
    writeln!(
        out,
        "  {:<16} {:>10} {:>10} {:>11} {:>15} {:>10}",
        "site hash", "sites", "occupied", "collisions", "random: about", "longest"
    )?;
    for t in &r.site_tables {
        writeln!(
            out,
            "  {:<16} {:>10} {:>10} {:>11} {:>15.1} {:>10}",
            t.reading,
            group(t.sites),
            group(t.occupied),
            group(t.collisions),
            t.expected_collisions,
            t.max_chain
        )?;
    }
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
        writeln!(
            out,
            "  {:<32} {:>10} {:>10} {:>8}",
            "largest tables", "URLs", "occupied", "α"
        )?;
        for row in t.largest.iter().take(5) {
            writeln!(
                out,
                "  {:<32} {:>10} {:>10} {:>8.4}",
                row.host,
                group(row.urls),
                group(row.occupied),
                row.load_factor
            )?;
        }
    }
    Ok(())
}

fn print_groups(out: &mut impl Write, t: &SiteTableReport) -> io::Result<()> {
    writeln!(
        out,
        "Hosts sharing a slot under {}: {} slots hold {} hosts. The biggest groups:",
        t.reading,
        group(t.groups_total),
        group(t.colliding_sites)
    )?;
    for g in t.groups.iter().take(10) {
        let more = if g.hosts as usize > g.sample.len() {
            ", …"
        } else {
            ""
        };
        writeln!(
            out,
            "  slot {:>9}: {:>6} hosts, {:>8} URLs, shared ending '{}': {}{more}",
            g.slot,
            group(g.hosts),
            group(g.urls),
            g.shared_suffix,
            g.sample.join(", ")
        )?;
    }
    Ok(())
}
