//! `urlhash partition` and `urlhash paper p2`: P2's crawler simulated, printed as text or JSON.

use super::args::*;
use super::{
    for_each_url, group, input_summary, stdout, warn_input, write_json_with_input, Source,
    SourceArgs, Unsplittable,
};
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use std::io::{self, Write};
use urlhashlab::hash::HashId;
use urlhashlab::lines::InputStats;
use urlhashlab::papers::p2::{self, format_p as p_value, P2Report, P2Study};
use urlhashlab::partition::{
    Policy, PolicyReport, Simulation, SimulationReport, SiteTableReport, LOAD_FACTOR_RULE,
    PATH_TABLE_SLOTS, SITE_TABLE_SLOTS,
};

#[derive(Serialize)]
struct PartitionInput {
    source: Source,
    #[serde(flatten)]
    stats: InputStats,
    unsplittable: Unsplittable,
}

/// Feeds every line of `source` to `push`, recording the lines it cannot split.
fn feed(
    source: &Source,
    mut push: impl FnMut(u64, &[u8]) -> Result<bool, urlhashlab::key::SplitError>,
) -> Result<PartitionInput> {
    let mut bad = Unsplittable::default();
    let stats = for_each_url(source, |n, line| {
        if let Err(e) = push(n, line) {
            bad.lines.record(n);
            bad.first_error
                .get_or_insert_with(|| format!("line {n}: {e}"));
        }
    })?;
    warn_input(&stats, None);
    if bad.lines.count > 0 {
        eprintln!(
            "urlhash: warning: {} line(s) have no host and reach no node (first: {})",
            bad.lines.count,
            bad.first_error.as_deref().unwrap_or("")
        );
    }
    Ok(PartitionInput {
        source: source.clone(),
        stats,
        unsplittable: bad,
    })
}

pub(super) struct PartitionArgs<'a> {
    pub nodes: u32,
    pub policy: &'a str,
    pub function: Option<HashId>,
    pub nutch_seed: Option<i32>,
    pub site_hash: HashId,
    pub path_hash: Option<HashId>,
    pub source: &'a SourceArgs,
    pub json: bool,
}

pub(super) fn cmd_partition(a: PartitionArgs) -> Result<()> {
    let policy = match (
        Policy::parse(a.policy, a.function).map_err(anyhow::Error::msg)?,
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
    let source = Source::from_args(a.source, p2::TABLE1_URLS);
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

fn print_totals(out: &mut impl Write, r: &SimulationReport) -> io::Result<()> {
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

fn print_control(out: &mut impl Write, r: &SimulationReport, site_hash: HashId) -> io::Result<()> {
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

pub(super) fn cmd_paper_p2(source: &SourceArgs, json: bool) -> Result<()> {
    let source = Source::from_args(source, p2::TABLE1_URLS);
    let mut study = P2Study::new();
    let input = feed(&source, |n, line| study.push(n, line))?;
    if study.urls() == 0 {
        bail!(
            "no URLs with a host in {} ({})",
            source.describe(),
            input_summary(&input.stats, Some(input.unsplittable.lines.count))
        );
    }
    let report = study.finish();
    if json {
        return write_json_with_input(&input, &report);
    }
    let mut out = stdout();
    print_p2(&mut out, &report, &source)?;
    out.flush()?;
    Ok(())
}

fn print_p2(out: &mut impl Write, r: &P2Report, source: &Source) -> io::Result<()> {
    let s = &r.simulation;
    let p = &r.printed;
    writeln!(
        out,
        "P2  李村合, 何淑庆, 张培颖: 两种适用于中文信息搜集的 URL 散列函数的研究"
    )?;
    writeln!(out, "Input: {}.", source.describe())?;
    print_totals(out, s)?;
    writeln!(
        out,
        "\n1. Table 1 (URLs per crawl node, {} nodes) beside the simulation on {} URLs:",
        p.nodes,
        group(s.urls)
    )?;
    // Columns as wide as the largest count needs (P2's 35 580 up to 20 million URLs per node).
    let widest = s
        .policies
        .iter()
        .flat_map(|pol| pol.node_urls.iter())
        .chain(p.node_urls.iter())
        .map(|&u| group(u).chars().count())
        .max()
        .unwrap_or(0);
    let w = (widest + 2).max(9);
    write!(out, "  {:<22}", "")?;
    for i in 1..=s.nodes {
        write!(out, "{:>w$}", format!("node {i}"))?;
    }
    writeln!(out, "{:>9} {:>10}", "B", "χ² p")?;
    write!(out, "  {:<22}", "P2 as printed")?;
    for u in p.node_urls {
        write!(out, "{:>w$}", group(u))?;
    }
    writeln!(out, "{:>9.4} {:>10}", p.b, p_value(p.p_value))?;
    for pol in &s.policies {
        write!(out, "  {:<22}", pol.policy)?;
        for &u in &pol.node_urls {
            write!(out, "{:>w$}", group(u))?;
        }
        writeln!(out, "{:>9.4} {:>10}", pol.b, p_value(pol.p_value))?;
    }
    writeln!(
        out,
        "  A uniformly random assignment of {} URLs to {} nodes averages B = {:.4} (of these {} URLs to {} nodes:\n  {:.4}). The printed loads give χ² = {:.2} with {} degrees of freedom, p = {:.2}: exactly as even as chance.",
        group(p.urls),
        p.nodes,
        p.expected_b_random,
        group(s.urls),
        s.nodes,
        s.policies.first().map_or(0.0, |x| x.expected_b_random),
        p.chi2,
        p.nodes - 1,
        p.p_value
    )?;
    writeln!(
        out,
        "\n2. Which reading of P2's path hash could have printed that balance on this input?"
    )?;
    for v in &r.verdicts {
        writeln!(
            out,
            "  {:<12} {}{}: {}",
            v.policy,
            if v.could_produce {
                "could"
            } else {
                "could not"
            },
            if v.ours {
                " (the lab's repair, not P2's)"
            } else {
                ""
            },
            v.why
        )?;
    }
    writeln!(
        out,
        "\n3. Matches. P2 prints {} on the control node ({:.2} per URL) and {} in all, and never defines a match.\n   Counting a site probe per link and a path probe per link of a known site, the control node made {}\n   ({:.2} per URL) on these {} links. At two probes per link P2's figure means about {} links,\n   {:.1} per distinct URL: its crawl discovered each URL several times.",
        group(p.control_matches),
        p.control_matches_per_url,
        group(p.system_matches),
        group(s.control_matches),
        s.control_matches as f64 / s.urls.max(1) as f64,
        group(s.links),
        group(p.control_matches / 2),
        (p.control_matches / 2) as f64 / p.urls as f64
    )?;
    writeln!(out, "\n4. The control node's tables on this input:")?;
    print_control(out, s, HashId::SiteFolded)?;
    writeln!(
        out,
        "\n5. Host routing and big sites. Under P2's path routing a big site is spread over the nodes; under host\n   routing it sits on one node. The biggest site here:"
    )?;
    for pol in &s.policies {
        if let Some(t) = pol.top_sites.first() {
            writeln!(
                out,
                "  {:<14} {} ({} URLs) on {} node(s); node {} holds {} of them",
                pol.policy,
                t.host,
                group(t.urls),
                t.nodes_spanned,
                t.main_node,
                group(t.main_node_urls)
            )?;
        }
    }
    Ok(())
}

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

/// The arguments of `urlhash paper p2`.
#[derive(Args)]
pub(crate) struct PaperP2Args {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[arg(long)]
    pub(crate) json: bool,
}

impl PaperP2Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p2(&self.source, self.json)
    }
}

impl PartitionCmd {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_partition(PartitionArgs {
            nodes: self.nodes,
            policy: &self.policy,
            function: self.function,
            nutch_seed: self.nutch_seed,
            site_hash: self.site_hash,
            path_hash: self.path_hash,
            source: &self.source,
            json: self.json,
        })
    }
}
