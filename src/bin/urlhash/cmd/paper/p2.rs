//! `urlhash paper p2`: P2's Table 1 replayed with every reading of the path hash, a verdict
//! per reading, the match counts and the control node's tables.

use anyhow::{bail, Result};
use clap::Args;
use std::io::{self, Write};
use urlhashlab::foundation::hash::HashId;
use urlhashlab::mechanisms::partition::{route_costs, ControlReport, RouteCost, COST_URLS};
use urlhashlab::papers::p2::{self, format_p as p_value, P2Report, P2Study};

use crate::cmd::partition::{print_control, print_totals};
use crate::crawl::feed;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::SourceArgs;
use crate::input::{input_summary, Source};
use crate::par::ThreadsArg;

/// The arguments of `urlhash paper p2`.
#[derive(Args)]
pub(crate) struct PaperP2Args {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: Table 1 beside the simulation, the verdicts, the control
    /// node's tables and the biggest sites, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl PaperP2Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p2(&self.source, &self.threads, Format::of(self.json, self.csv))
    }
}

fn cmd_paper_p2(source: &SourceArgs, threads: &ThreadsArg, format: Format) -> Result<()> {
    let source = Source::from_args(source, p2::TABLE1_URLS);
    let mut study = P2Study::new().with_rehash();
    let input = feed(&source, threads, study.simulation_mut())?;
    if study.urls() == 0 {
        bail!(
            "no URLs with a host in {} ({})",
            source.describe(),
            input_summary(&input.stats, Some(input.unsplittable.lines.count))
        );
    }
    let (report, control) = study.finish_with_control();
    // §2.1's cost half: each policy timed routing the first distinct URLs, split beforehand.
    let sample: Vec<&[u8]> = input.sample.iter().map(|u| &u[..]).collect();
    let start = std::time::Instant::now();
    let costs = route_costs(
        &sample,
        &p2::study_policies(),
        report.simulation.nodes,
        &mut || start.elapsed().as_secs_f64() * 1e3,
    );
    let json = WithInput {
        input: &input,
        report: &P2Json {
            report: &report,
            control: &control,
            costs: &costs,
        },
    };
    write_report(format, &json, |out| {
        print_p2(out, &report, &control, &source)?;
        print_costs(out, &report, &costs)
    })
}

/// §6: MD5 mod N against a plain hash of the URL (P2 §2.1), balance and cost, then the cost of
/// every policy.
fn print_costs(out: &mut Out, r: &P2Report, costs: &[RouteCost]) -> io::Result<()> {
    let s = &r.simulation;
    let of = |id: &str| {
        let pol = s.policies.iter().find(|p| p.policy == id);
        let cost = costs.iter().find(|c| c.policy == id);
        pol.zip(cost)
    };
    writeln!(
        out,
        "\n6. MD5 mod N against a plain hash (§2.1: \"其匹配效果并不会比一般的散列函数效果好,而且 […] 会消耗大量的系统资源\").\n   Each policy routes the first {} distinct URLs (of {}), split beforehand; the time is its key and hash mod {}:",
        group(costs.first().map_or(0, |c| c.links)),
        group(s.urls),
        s.nodes,
    )?;
    if let (Some((md5, m)), Some((xxh3, x))) = (of("url:md5"), of("url:xxh3")) {
        writeln!(
            out,
            "   url:md5  B = {:.4}, χ² p = {}, {:.1} ns per link\n   url:xxh3 B = {:.4}, χ² p = {}, {:.1} ns per link\n   A random assignment averages B = {:.4}. {} MD5 took {:.1} times XXH3's time per link.",
            md5.b,
            p_value(md5.p_value),
            m.ns_per_link,
            xxh3.b,
            p_value(xxh3.p_value),
            x.ns_per_link,
            md5.expected_b_random,
            if md5.p_value >= p2::VERDICT_P && xxh3.p_value >= p2::VERDICT_P {
                "Both splits are as even as chance (χ² p ≥ 0.001): MD5 balances no better than XXH3."
            } else if md5.b < xxh3.b {
                "MD5's split is the more even here."
            } else {
                "XXH3's split is the more even here."
            },
            m.ns_per_link / x.ns_per_link.max(f64::MIN_POSITIVE),
        )?;
    }
    let mut t = Table::new("route cost")
        .indent("  ")
        .left("policy", 14)
        .csv("policy")
        .right("links timed", 12)
        .csv("links")
        .right("ns per link", 12)
        .csv("ns_per_link")
        .right("passes", 8)
        .csv("repeats");
    for c in costs {
        t.row(vec![
            c.policy.as_str().into(),
            Cell::group(c.links),
            Cell::fixed(c.ns_per_link, 1),
            Cell::int(c.repeats),
        ]);
    }
    out.table(&t)?;
    writeln!(
        out,
        "   Times vary from run to run and machine to machine; at most {} URLs are timed.",
        group(COST_URLS as u64)
    )
}

/// The JSON: the report, and the node-side matches and re-hash beside it.
#[derive(serde::Serialize)]
struct P2Json<'a> {
    #[serde(flatten)]
    report: &'a P2Report,
    control: &'a ControlReport,
    /// Nanoseconds per link of each policy, in the report's order (§2.1's cost of MD5).
    costs: &'a [RouteCost],
}

fn print_p2(
    out: &mut Out,
    r: &P2Report,
    control: &ControlReport,
    source: &Source,
) -> io::Result<()> {
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
    let mut t = Table::new("Table 1")
        .indent("  ")
        .left("", 22)
        .csv("policy");
    for i in 1..=s.nodes {
        t = t
            .right(format!("node {i}"), w)
            .before("")
            .csv(&format!("node_{i}"));
    }
    t = t
        .right("B", 9)
        .before("")
        .csv("b")
        .right("χ² p", 10)
        .csv("p_value");
    let printed = ("P2 as printed", &p.node_urls[..], p.b, p.p_value);
    let simulated = s
        .policies
        .iter()
        .map(|pol| (pol.policy.as_str(), &pol.node_urls[..], pol.b, pol.p_value));
    for (policy, node_urls, b, p) in std::iter::once(printed).chain(simulated) {
        let mut row = vec![Cell::from(policy)];
        row.extend(node_urls.iter().map(|&u| Cell::group(u)));
        row.push(Cell::fixed(b, 4));
        row.push(Cell::new(p_value(p), raw(p)));
        t.row(row);
    }
    out.table(&t)?;
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
    let mut t = Table::lines("verdicts", "  {policy:<12} {could_produce}{ours}: {why}");
    for v in &r.verdicts {
        t.row(vec![
            v.policy.as_str().into(),
            Cell::new(
                if v.could_produce {
                    "could"
                } else {
                    "could not"
                },
                v.could_produce.to_string(),
            ),
            Cell::new(
                if v.ours {
                    " (the lab's repair, not P2's)"
                } else {
                    ""
                },
                v.ours.to_string(),
            ),
            v.why.as_str().into(),
        ]);
    }
    out.table(&t)?;
    print_matches(out, r, control)?;
    writeln!(out, "\n4. The control node's tables on this input:")?;
    print_control(out, s, control, HashId::SiteFolded)?;
    let c = &r.printed.cnnic;
    writeln!(
        out,
        "   P2's own figures (CNNIC 2004): its {} sites fill the 2^21-slot site table to α = {:.3}, under its {}; its\n   {} domains would give {:.3}, over it. Its {} pages are {:.1} per site, where P2 writes \"1000 以上\" (over 1 000).",
        group(c.sites),
        c.alpha_sites,
        c.alpha_limit,
        group(c.domains),
        c.alpha_domains,
        group(c.pages),
        c.pages_per_site
    )?;
    writeln!(
        out,
        "\n5. Host routing and big sites. Under P2's path routing a big site is spread over the nodes; under host\n   routing it sits on one node. The biggest site here:"
    )?;
    let mut t = Table::lines(
        "biggest site by policy",
        "  {policy:<14} {host} ({urls} URLs) on {nodes_spanned} node(s); node {main_node} holds {main_node_urls} of them",
    );
    for pol in &s.policies {
        if let Some(top) = pol.top_sites.first() {
            t.row(vec![
                pol.policy.as_str().into(),
                top.host.as_str().into(),
                Cell::group(top.urls),
                Cell::int(top.nodes_spanned),
                Cell::int(top.main_node),
                Cell::group(top.main_node_urls),
            ]);
        }
    }
    out.table(&t)?;
    Ok(())
}

/// §3: Table 1's matches, printed and replayed with the crawl nodes matching as §3.3 says.
fn print_matches(out: &mut Out, r: &P2Report, control: &ControlReport) -> io::Result<()> {
    let s = &r.simulation;
    let p = &r.printed;
    let printed_nodes: u64 = p.node_matches.iter().sum();
    writeln!(
        out,
        "\n3. Matches (匹配统计). P2 prints {} in all = {} on the control node + {} on the crawl nodes, and\n   never defines a match. The lab counts probes: one of the site table per link, one of the path table per link\n   of a site the table holds. As §3.3 reads (the lab's reading): the node that finds a link matches it on its\n   own tables when the link is its own and drops it if it is there; the rest go to the control node, which\n   matches each. A link counts as found by the node of the last new URL before it (the page being parsed).",
        group(p.system_matches),
        group(p.control_matches),
        group(printed_nodes),
    )?;
    let widest = control
        .node_matching
        .iter()
        .flat_map(|m| m.node_matches.iter())
        .chain(p.node_matches.iter())
        .map(|&u| group(u).chars().count())
        .max()
        .unwrap_or(0);
    let w = (widest + 2).max(9);
    let big = control
        .node_matching
        .iter()
        .map(|m| m.system_matches)
        .chain([p.system_matches])
        .map(|u| group(u).chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut t = Table::new("Table 1 matches")
        .indent("  ")
        .left("", 16)
        .csv("policy")
        .right("system", big.max(11))
        .csv("system_matches")
        .right("control", big.max(11))
        .csv("control_matches");
    for i in 1..=s.nodes {
        t = t
            .right(format!("node {i}"), w)
            .before("")
            .csv(&format!("node_{i}"));
    }
    t = t.right("Σ nodes", big.max(10)).csv("nodes_matches");
    let printed = (
        "P2 as printed",
        p.system_matches,
        p.control_matches,
        &p.node_matches[..],
        printed_nodes,
    );
    let replayed = control.node_matching.iter().map(|m| {
        (
            m.policy.as_str(),
            m.system_matches,
            m.control_matches,
            &m.node_matches[..],
            m.nodes_matches,
        )
    });
    for (policy, system, ctl, nodes, sum) in std::iter::once(printed).chain(replayed) {
        let mut row = vec![Cell::from(policy), Cell::group(system), Cell::group(ctl)];
        row.extend(nodes.iter().map(|&u| Cell::group(u)));
        row.push(Cell::group(sum));
        t.row(row);
    }
    out.table(&t)?;
    if let Some(m) = control
        .node_matching
        .iter()
        .find(|m| m.policy == "p2-repaired")
        .or(control.node_matching.first())
    {
        let own: u64 = m.node_own_links.iter().sum();
        let dropped: u64 = m.node_dropped.iter().sum();
        writeln!(
            out,
            "   Every row is system = control + Σ nodes: P2's {} = {} + {}; under {} here {} = {} + {}.\n   Its nodes kept {} of the {} links they found for themselves ({:.1} %) and dropped {} as duplicates; {} links\n   reached the control node.",
            group(p.system_matches),
            group(p.control_matches),
            group(printed_nodes),
            m.policy,
            group(m.system_matches),
            group(m.control_matches),
            group(m.nodes_matches),
            group(own),
            group(s.links),
            100.0 * own as f64 / s.links.max(1) as f64,
            group(dropped),
            group(m.control_links),
        )?;
    }
    let ratio = p.control_matches as f64 / printed_nodes as f64;
    writeln!(
        out,
        "   When every link reaches the control node (the replay above), it makes {} probes ({:.2} per URL; P2: {:.2})\n   on these {} links. At two probes per link P2's figure means about {} links, {:.1} per distinct URL: its crawl\n   discovered each URL several times. P2's control : nodes = {:.2}. A node owns about 1 in n of the links it\n   finds, so under §3.3 as written that ratio is about n − d, d the share of links that are duplicates: P2's\n   ratio gives d ≈ {:.2}, but its {:.1} links per URL mean d ≈ {:.2}. The printed row fits a control node that also matched the\n   links the nodes dropped (a ratio of n = {}).",
        group(s.control_matches),
        s.control_matches as f64 / s.urls.max(1) as f64,
        p.control_matches_per_url,
        group(s.links),
        group(p.control_matches / 2),
        (p.control_matches / 2) as f64 / p.urls as f64,
        ratio,
        p.nodes as f64 - ratio,
        (p.control_matches / 2) as f64 / p.urls as f64,
        1.0 - p.urls as f64 / (p.control_matches / 2) as f64,
        p.nodes,
    )
}
