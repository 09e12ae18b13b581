//! `urlhash paper p2`: P2's Table 1 replayed with every reading of the path hash, a verdict
//! per reading, the match counts and the control node's tables.

use anyhow::{bail, Result};
use clap::Args;
use std::io::{self, Write};
use urlhashlab::hash::HashId;
use urlhashlab::papers::p2::{self, format_p as p_value, P2Report, P2Study};

use crate::cmd::partition::{print_control, print_totals};
use crate::crawl::feed;
use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::SourceArgs;
use crate::input::{input_summary, Source};

/// The arguments of `urlhash paper p2`.
#[derive(Args)]
pub(crate) struct PaperP2Args {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: Table 1 beside the simulation, the verdicts, the control
    /// node's tables and the biggest sites, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl PaperP2Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p2(&self.source, Format::of(self.json, self.csv))
    }
}

fn cmd_paper_p2(source: &SourceArgs, format: Format) -> Result<()> {
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
    let json = WithInput {
        input: &input,
        report: &report,
    };
    write_report(format, &json, |out| print_p2(out, &report, &source))
}

fn print_p2(out: &mut Out, r: &P2Report, source: &Source) -> io::Result<()> {
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
