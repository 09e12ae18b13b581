//! `urlhash rebalance`: crawl nodes that join and leave, n → n′, under P2's and the crawlers'
//! `mod n` and under the consistent schemes (a ring, rendezvous, jump hash).

use anyhow::{Error, Result};
use clap::Args;
use std::io::Write;
use urlhashlab::mechanisms::partition::{
    Rebalance, RebalanceParams, RebalanceReport, DEFAULT_VNODES, LOOKUP_URLS,
};

use crate::crawl::{warn_no_host, CrawlInput};
use crate::emit::{group, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::{parse_rebalance_nodes, parse_vnodes, SourceArgs};
use crate::input::{for_each_url, warn_input, Source, Unsplittable};
use crate::sets::clock;

/// The arguments of `urlhash rebalance` (see `Command::Rebalance`).
#[derive(Args)]
pub(crate) struct RebalanceCmd {
    /// Crawl nodes before (P2 had 7).
    #[arg(long, value_name = "N", default_value_t = 7, value_parser = parse_rebalance_nodes, allow_negative_numbers = true)]
    pub(crate) nodes: u32,
    /// Crawl nodes after (default: one more; fewer: the last ones leave).
    #[arg(long, value_name = "N", value_parser = parse_rebalance_nodes, allow_negative_numbers = true)]
    pub(crate) to: Option<u32>,
    /// Virtual nodes per crawl node on the consistent-hash ring.
    #[arg(long, value_name = "V", default_value_t = DEFAULT_VNODES, value_parser = parse_vnodes, allow_negative_numbers = true)]
    pub(crate) vnodes: u32,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: the schemes, the URLs per node before and after, and the
    /// moved share for 2 … 64 nodes, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl RebalanceCmd {
    pub(crate) fn run(&self) -> Result<()> {
        let source = Source::from_args(&self.source, 100_000);
        let to = self.to.unwrap_or(self.nodes + 1);
        let params = RebalanceParams::new(self.nodes, to, self.vnodes).map_err(Error::msg)?;
        let mut study = Rebalance::new(params).map_err(Error::msg)?;
        let mut bad = Unsplittable::default();
        let mut sample: Vec<Vec<u8>> = Vec::new();
        let stats = for_each_url(&source, |n, line| match study.push(n, line) {
            Ok(true) if sample.len() < LOOKUP_URLS => sample.push(line.to_vec()),
            Ok(_) => {}
            Err(e) => bad.record(n, e),
        })?;
        warn_input(&stats, None);
        warn_no_host(&bad);
        let mut report = study.finish();
        let urls: Vec<&[u8]> = sample.iter().map(Vec::as_slice).collect();
        report.time_lookups(&urls, &mut clock());
        let input = CrawlInput {
            source: source.clone(),
            stats,
            unsplittable: bad,
            sample: Vec::new(),
        };
        let json = WithInput {
            input: &input,
            report: &report,
        };
        write_report(Format::of(self.json, self.csv), &json, |w| {
            print_rebalance(w, &report, &source)
        })
    }
}

fn pct(x: f64) -> Cell {
    Cell::new(format!("{:.2} %", x * 100.0), format!("{x}"))
}

fn print_rebalance(w: &mut Out, r: &RebalanceReport, source: &Source) -> std::io::Result<()> {
    let change = match r.to.cmp(&r.from) {
        std::cmp::Ordering::Greater => "nodes join",
        std::cmp::Ordering::Less => "the last nodes leave",
        std::cmp::Ordering::Equal => "no change",
    };
    writeln!(
        w,
        "Crawl nodes {} → {} ({change}): {} distinct URLs on {} hosts, from {} links ({}).",
        r.from,
        r.to,
        group(r.urls),
        group(r.hosts),
        group(r.links),
        source.describe()
    )?;
    let mut t = Table::new("schemes")
        .left("scheme", 11)
        .csv("scheme")
        .left("id", 12)
        .right("hosts moved", 12)
        .csv("hosts_moved")
        .right("share", 9)
        .csv("hosts_moved_fraction")
        .right("URLs moved", 12)
        .csv("urls_moved")
        .right("share", 9)
        .csv("urls_moved_fraction")
        .right("theory", 9)
        .csv("theory_fraction")
        .right("B before", 9)
        .csv("b_before")
        .right("B after", 8)
        .csv("b_after")
        .right("hosts B", 8)
        .csv("hosts_b_after")
        .right("hosts split", 12)
        .csv("hosts_split_after")
        // Timings differ from run to run: the text gives them apart, below the counts.
        .csv_only("ns_per_lookup");
    for s in &r.schemes {
        t.row(vec![
            s.scheme.into(),
            s.id.as_str().into(),
            Cell::group(s.hosts_moved),
            pct(s.hosts_moved_fraction),
            Cell::group(s.urls_moved),
            pct(s.urls_moved_fraction),
            pct(s.theory_fraction),
            Cell::fixed(s.b_before, 3),
            Cell::fixed(s.b_after, 3),
            Cell::fixed(s.hosts_b_after, 3),
            Cell::group(s.hosts_split_after),
            Cell::fixed_or_dash(s.ns_per_lookup, 1),
        ]);
    }
    w.table(&t)?;
    let times: Vec<String> = r
        .schemes
        .iter()
        .map(|s| match s.ns_per_lookup {
            Some(ns) => format!("{} {ns:.1}", s.id),
            None => format!("{} —", s.id),
        })
        .collect();
    writeln!(
        w,
        "ns per lookup among {} nodes: {}",
        r.to,
        times.join(" · ")
    )?;
    let mut nodes = Table::new("nodes")
        .left("id", 12)
        .right("node", 5)
        .csv("node")
        .right("URLs before", 12)
        .csv("urls_before")
        .right("URLs after", 12)
        .csv("urls_after");
    for s in &r.schemes {
        for node in 0..r.from.max(r.to) as usize {
            let at = |v: &Vec<u64>| v.get(node).map_or(Cell::new("", ""), |&x| Cell::group(x));
            nodes.row(vec![
                s.id.as_str().into(),
                Cell::int(node as u64),
                at(&s.node_urls_before),
                at(&s.node_urls_after),
            ]);
        }
    }
    w.csv_table(&nodes)?;
    let mut curve = Table::new("curve")
        .left("id", 12)
        .right("n", 4)
        .csv("n")
        .right("moved n → n+1", 14)
        .csv("urls_moved_fraction")
        .right("theory", 9)
        .csv("theory_fraction");
    for s in &r.schemes {
        for (i, &n) in r.curve_nodes.iter().enumerate() {
            curve.row(vec![
                s.id.as_str().into(),
                Cell::int(n),
                pct(s.moved_by_n[i]),
                pct(s.theory_by_n[i]),
            ]);
        }
    }
    w.csv_table(&curve)?;
    writeln!(
        w,
        "B is max/mean of the URLs per node (hosts B: of the hosts). Under mod n a share 1 − min(n, n′)/lcm(n, n′) of\nuniform keys moves; a consistent scheme moves |n − n′|/max(n, n′). P2's routing keys each URL's path, so it splits\nhosts over nodes (hosts split: hosts with URLs on more than one node after); the others key the host.\n--csv adds the URLs per node and the moved share for n = 2 … 64."
    )
}
