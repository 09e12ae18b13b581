//! P2 reproduced: its Table 1 beside a simulation of every reading of its path hash on the same
//! number of URLs and nodes, and an honest verdict of which readings could print that balance.
//!
//! P2 = 李村合, 何淑庆, 张培颖, 两种适用于中文信息搜集的 URL 散列函数的研究. Table 1 (系统 URL
//! 统计表): 7 crawl nodes and one control node crawled 246 951 URLs; the nodes got 35 580,
//! 35 059, 35 368, 35 206, 34 972, 35 283 and 35 483 URLs, so `B = 7 · 35 580 / 246 951 ≈ 1.009`.
//! The matches (匹配统计) were 2 066 713 in all, 1 806 747 on the control node.
//!
//! The printed loads are what a uniformly random assignment gives (χ² = 8.2 with 6 degrees of
//! freedom, p ≈ 0.23). The printed path hash returns `r·s`, which is 0 for every path whose
//! length is a multiple of 3 (`s` was just reset) or below 3 (`r` is still 0): that sends about
//! a third of all URLs to node 1 and cannot give that balance. The study measures, on the same
//! input, each reading of the path hash (see [`crate::foundation::hash`]) and, for comparison, host and
//! domain routing and the presets of real crawlers ([`crate::mechanisms::partition`]).

use crate::foundation::hash::HashId;
use crate::foundation::metrics;
use crate::mechanisms::partition::{ControlReport, Policy, Simulation, SimulationReport};
use serde::Serialize;

/// Crawl nodes of Table 1.
pub const TABLE1_NODES: u32 = 7;
/// URLs of Table 1.
pub const TABLE1_URLS: u64 = 246_951;
/// URLs per node as printed (nodes 1..7).
pub const TABLE1_NODE_URLS: [u64; 7] = [35_580, 35_059, 35_368, 35_206, 34_972, 35_283, 35_483];
/// Matches per node as printed.
pub const TABLE1_NODE_MATCHES: [u64; 7] = [38_076, 37_408, 37_673, 37_077, 35_946, 36_745, 37_041];
/// Matches of the whole system as printed.
pub const TABLE1_SYSTEM_MATCHES: u64 = 2_066_713;
/// Matches of the control node as printed.
pub const TABLE1_CONTROL_MATCHES: u64 = 1_806_747;
/// Σ [`TABLE1_NODE_MATCHES`]: the crawl nodes' share of [`TABLE1_SYSTEM_MATCHES`], which is
/// the control node's plus the nodes' (P2 §3.3: a node matches the links it finds that are its
/// own; see [`crate::mechanisms::partition::NodeMatching`]).
pub const TABLE1_NODES_MATCHES: u64 = 259_966;
/// A reading's node loads count as "could be the printed ones" when a χ² test against a
/// uniform split does not reject them at this level (the printed loads give p ≈ 0.23).
pub const VERDICT_P: f64 = 0.001;

/// The policies the study runs, P2's readings first.
pub fn study_policies() -> Vec<Policy> {
    vec![
        Policy::P2(HashId::PathPrinted),
        Policy::P2(HashId::PathXor),
        Policy::P2(HashId::PathRepaired),
        Policy::Host(HashId::Xxh3),
        Policy::Domain(HashId::Xxh3),
        Policy::Url(HashId::Xxh3),
        Policy::Nutch { seed: 0 },
        Policy::Heritrix,
        Policy::Frontera,
        // §2.1: MD5 mod N "其匹配效果并不会比一般的散列函数效果好", beside `url:xxh3`.
        Policy::Url(HashId::Md5),
    ]
}

/// The path readings whose tables the study keeps.
pub const PATH_READINGS: [HashId; 3] = [HashId::PathPrinted, HashId::PathXor, HashId::PathRepaired];

/// Table 1 as printed, with the measures of its node loads.
#[derive(Clone, Debug, Serialize)]
pub struct Printed {
    /// Crawl nodes, 7.
    pub nodes: u32,
    /// URLs crawled in all, 246 951.
    pub urls: u64,
    /// URLs per node, nodes 1 to 7 ([`TABLE1_NODE_URLS`]).
    pub node_urls: [u64; 7],
    /// Matches per node ([`TABLE1_NODE_MATCHES`]).
    pub node_matches: [u64; 7],
    /// Matches of the whole system, 2 066 713.
    pub system_matches: u64,
    /// Matches of the control node, 1 806 747.
    pub control_matches: u64,
    /// P1's B of the printed loads, `7 · 35 580 / 246 951 ≈ 1.009`.
    pub b: f64,
    /// χ² of the printed loads against a uniform split (8.2).
    pub chi2: f64,
    /// Its p-value with 6 degrees of freedom (≈ 0.23).
    pub p_value: f64,
    /// B a uniformly random assignment of 246 951 URLs to 7 nodes averages.
    pub expected_b_random: f64,
    /// Control-node matches per URL.
    pub control_matches_per_url: f64,
    /// The CNNIC figures P2 sizes its site table by (§3.2), and what they give.
    pub cnnic: Cnnic,
}

/// The CNNIC 2004 figures P2 cites (§3.2) and what follows from them: the site table's load
/// factor at P2's own site count, and pages per site (P2: "平均页面数量在 1000 以上").
#[derive(Clone, Debug, Serialize)]
pub struct Cnnic {
    /// `.cn` domains, 432 077.
    pub cn_domains: u64,
    /// Domains, 1 852 300.
    pub domains: u64,
    /// Web sites, 668 900.
    pub sites: u64,
    /// Pages, 650 682 300.
    pub pages: u64,
    /// Slots of P2's site table, 2^21.
    pub site_slots: u64,
    /// The load factor P2 keeps the site table under, 0.75.
    pub alpha_limit: f64,
    /// α of the 668 900 sites in 2^21 slots: 0.319.
    pub alpha_sites: f64,
    /// α if every domain were a site: 0.883, over 0.75.
    pub alpha_domains: f64,
    /// Pages per site: 972.8, not "1000 以上".
    pub pages_per_site: f64,
}

/// P2's CNNIC figures (§3.2).
pub const CNNIC_CN_DOMAINS: u64 = 432_077;
/// See [`Cnnic::domains`].
pub const CNNIC_DOMAINS: u64 = 1_852_300;
/// See [`Cnnic::sites`].
pub const CNNIC_SITES: u64 = 668_900;
/// See [`Cnnic::pages`].
pub const CNNIC_PAGES: u64 = 650_682_300;

impl Cnnic {
    /// The printed figures and their quotients.
    pub fn new() -> Cnnic {
        let slots = 1u64 << 21;
        Cnnic {
            cn_domains: CNNIC_CN_DOMAINS,
            domains: CNNIC_DOMAINS,
            sites: CNNIC_SITES,
            pages: CNNIC_PAGES,
            site_slots: slots,
            alpha_limit: 0.75,
            alpha_sites: CNNIC_SITES as f64 / slots as f64,
            alpha_domains: CNNIC_DOMAINS as f64 / slots as f64,
            pages_per_site: CNNIC_PAGES as f64 / CNNIC_SITES as f64,
        }
    }
}

impl Default for Cnnic {
    fn default() -> Self {
        Cnnic::new()
    }
}

impl Printed {
    /// Table 1 and its measures.
    pub fn new() -> Printed {
        let counts: Vec<u32> = TABLE1_NODE_URLS.iter().map(|&u| u as u32).collect();
        let m = metrics::Measures::of(&counts);
        Printed {
            nodes: TABLE1_NODES,
            urls: TABLE1_URLS,
            node_urls: TABLE1_NODE_URLS,
            node_matches: TABLE1_NODE_MATCHES,
            system_matches: TABLE1_SYSTEM_MATCHES,
            control_matches: TABLE1_CONTROL_MATCHES,
            b: m.b,
            chi2: m.chi2,
            p_value: m.p_value,
            expected_b_random: m.expected_max_load * TABLE1_NODES as f64 / TABLE1_URLS as f64,
            control_matches_per_url: TABLE1_CONTROL_MATCHES as f64 / TABLE1_URLS as f64,
            cnnic: Cnnic::new(),
        }
    }
}

impl Default for Printed {
    fn default() -> Self {
        Printed::new()
    }
}

/// The verdict on one reading of P2's path hash.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// The policy's id (`p2-printed`, `p2-xor` or `p2-repaired`).
    pub policy: String,
    /// The reading's text id in the hash registry (`path-printed`, `path-xor` or `path-repaired`).
    pub reading: &'static str,
    /// `true` for the lab's own repair.
    pub ours: bool,
    /// B of the reading's node loads on this input.
    pub b: f64,
    /// The χ² test's p-value of those loads against a uniform split.
    pub p_value: f64,
    /// Share of the URLs whose path hash is 0 (all on node 1).
    pub zero_share: f64,
    /// Could this reading have produced the printed balance on this input?
    pub could_produce: bool,
    /// Which of the reasons below `why` gives, for the page to word in its language:
    /// `no-urls`, `even`, `zero-hash`, `one-node` or `uneven`.
    pub why_code: &'static str,
    /// The node that took the most URLs (1-based).
    pub fullest: usize,
    /// The most common path and its share of the URLs, when `uneven` names it.
    pub common_path: Option<(String, f64)>,
    /// The reason, in English (the CLI prints it).
    pub why: String,
}

/// The study's result.
#[derive(Clone, Debug, Serialize)]
pub struct P2Report {
    /// Table 1 as printed.
    pub printed: Printed,
    /// The replay of the input under every policy of [`study_policies`].
    pub simulation: SimulationReport,
    /// One verdict per reading of the path hash, in [`PATH_READINGS`] order.
    pub verdicts: Vec<Verdict>,
}

/// Table 1 replayed: feed links with [`P2Study::push`], then [`P2Study::finish`].
pub struct P2Study {
    sim: Simulation,
}

impl Default for P2Study {
    fn default() -> Self {
        P2Study::new()
    }
}

impl P2Study {
    /// Table 1's setting: 7 crawl nodes.
    pub fn new() -> P2Study {
        P2Study::with_nodes(TABLE1_NODES).expect("7 nodes are valid")
    }

    /// The same study with another number of crawl nodes (the printed table stays the one for
    /// 7 nodes; the verdicts judge the balance on `nodes`).
    pub fn with_nodes(nodes: u32) -> Result<P2Study, String> {
        Ok(P2Study {
            sim: Simulation::new(nodes, &study_policies(), &PATH_READINGS)?,
        })
    }

    /// Distinct URLs so far.
    pub fn urls(&self) -> u64 {
        self.sim.urls()
    }

    /// See [`Simulation::push`].
    pub fn push(
        &mut self,
        line: u64,
        url: &[u8],
    ) -> Result<bool, crate::foundation::key::SplitError> {
        self.sim.push(line, url)
    }

    /// Each policy's URLs and links per crawl node so far.
    pub fn nodes_so_far(&self) -> Vec<crate::mechanisms::partition::NodesSoFar<'_>> {
        self.sim.nodes_so_far()
    }

    /// The simulation, to route lines on other threads ([`Simulation::route`]) and
    /// [`apply`](Simulation::apply) them in input order.
    pub fn simulation_mut(&mut self) -> &mut Simulation {
        &mut self.sim
    }

    /// Keeps the path hashes the dynamic re-hash needs (see [`Simulation::with_rehash`]); call
    /// it before the first link and finish with [`P2Study::finish_with_control`].
    pub fn with_rehash(self) -> P2Study {
        P2Study {
            sim: self.sim.with_rehash(),
        }
    }

    /// The report and what the control node and the crawl nodes did beyond it: Table 1's
    /// matches per node (P2 §3.3) and the re-hash of the sites past 0.75 · 2^15 paths.
    pub fn finish_with_control(self) -> (P2Report, ControlReport) {
        let control = self.sim.control_report();
        (self.finish(), control)
    }

    /// The report: Table 1 as printed, the simulation and the verdicts.
    pub fn finish(self) -> P2Report {
        let simulation = self.sim.finish();
        let printed = Printed::new();
        let verdicts = simulation
            .policies
            .iter()
            .zip(study_policies())
            .filter_map(|(r, p)| match p {
                Policy::P2(f) => Some(verdict(r, f, &printed, &simulation)),
                _ => None,
            })
            .collect();
        P2Report {
            printed,
            simulation,
            verdicts,
        }
    }
}

/// A p-value as a reader can cite it.
pub fn format_p(p: f64) -> String {
    if p >= 0.001 {
        format!("{p:.3}")
    } else if p > 0.0 {
        format!("{p:.1e}")
    } else {
        "< 1e-307".into()
    }
}

fn verdict(
    r: &crate::mechanisms::partition::PolicyReport,
    f: HashId,
    printed: &Printed,
    sim: &SimulationReport,
) -> Verdict {
    let urls: u64 = r.node_urls.iter().sum();
    let zero = r.zero_hash_urls.unwrap_or(0);
    let zero_share = if urls == 0 {
        0.0
    } else {
        zero as f64 / urls as f64
    };
    let could_produce = urls > 0 && r.p_value >= VERDICT_P;
    let nodes = r.node_urls.len() as f64;
    let p = format_p(r.p_value);
    let fullest = r
        .node_urls
        .iter()
        .enumerate()
        .max_by_key(|&(i, &u)| (u, std::cmp::Reverse(i)))
        .map_or(1, |(i, _)| i + 1);
    let common_path = sim
        .common_paths
        .first()
        .filter(|c| c.share * nodes > 0.05)
        .map(|c| (c.path.clone(), c.share));
    // One reason, by code (the page words it); the English sentence below follows the code.
    let why_code = if urls == 0 {
        "no-urls"
    } else if could_produce {
        "even"
    } else if zero_share > 0.5 / nodes {
        "zero-hash"
    } else if nodes > 1.0 && r.node_urls[fullest - 1] == urls {
        "one-node"
    } else {
        "uneven"
    };
    let p_rel = if p.starts_with('<') {
        p.clone()
    } else {
        format!("= {p}")
    };
    let why = match why_code {
        "no-urls" => "no URLs".to_string(),
        "even" => format!(
            "B = {:.4} and χ² p = {p}: a split as even as chance gives, like the printed one (B = {:.4}, p = {:.2}).",
            r.b, printed.b, printed.p_value
        ),
        "zero-hash" => format!(
            "{:.1} % of the paths hash to 0 and all of them go to node 1, so node 1 carries at least that share: B ≥ {:.2} (measured {:.3}, χ² p {p_rel}); the printed B is {:.4}.",
            100.0 * zero_share,
            nodes * zero_share,
            r.b,
            printed.b
        ),
        "one-node" => format!(
            "every URL went to node {fullest}: all the paths hash alike (a list of bare hosts has only the path '/'), so B = {:.0}; path routing needs paths.",
            nodes
        ),
        _ => {
            let common = common_path.as_ref().map_or(String::new(), |(path, share)| {
                format!(
                    " The path '{path}' alone is {:.1} % of the URLs, and every URL with one path goes to one node, whatever its site.",
                    100.0 * share
                )
            });
            format!(
                "B = {:.3} with χ² p {p_rel}: the nodes are further from even than chance allows; the printed B is {:.4}.{common}",
                r.b, printed.b
            )
        }
    };
    Verdict {
        policy: r.policy.clone(),
        reading: f.info().key,
        ours: f.info().ours,
        b: r.b,
        p_value: r.p_value,
        zero_share,
        could_produce,
        why_code,
        fullest,
        common_path: if why_code == "uneven" {
            common_path
        } else {
            None
        },
        why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_table_adds_up_and_looks_uniform() {
        let p = Printed::new();
        assert_eq!(TABLE1_NODE_URLS.iter().sum::<u64>(), TABLE1_URLS);
        assert_eq!(
            TABLE1_NODE_MATCHES.iter().sum::<u64>() + TABLE1_CONTROL_MATCHES,
            TABLE1_SYSTEM_MATCHES
        );
        // 2 066 713 = 1 806 747 + 259 966: the system's matches are the control node's plus
        // the crawl nodes'.
        assert_eq!(TABLE1_NODE_MATCHES.iter().sum::<u64>(), 259_966);
        assert_eq!(TABLE1_NODES_MATCHES, 259_966);
        assert_eq!(2_066_713, 1_806_747 + TABLE1_NODES_MATCHES);
        assert!((p.b - 7.0 * 35_580.0 / 246_951.0).abs() < 1e-12);
        assert!((p.chi2 - 8.167).abs() < 0.01, "{}", p.chi2);
        assert!(p.p_value > 0.2 && p.p_value < 0.25, "{}", p.p_value);
        assert!(p.expected_b_random > 1.005 && p.expected_b_random < 1.015);
    }

    /// The verdicts of `urls` at 7 nodes: (reading, code, fullest node, common path).
    fn verdicts(
        urls: impl Iterator<Item = Vec<u8>>,
    ) -> Vec<(&'static str, &'static str, usize, bool)> {
        let mut study = P2Study::new();
        for (i, url) in urls.enumerate() {
            study.push(i as u64, &url).unwrap();
        }
        study
            .finish()
            .verdicts
            .into_iter()
            .map(|v| {
                let code = v.why_code;
                let expect = match code {
                    "even" => "a split as even as chance gives",
                    "zero-hash" => "of the paths hash to 0",
                    "one-node" => "every URL went to node",
                    _ => "further from even than chance allows",
                };
                assert!(v.why.contains(expect), "{code}: {}", v.why);
                (v.reading, code, v.fullest, v.common_path.is_some())
            })
            .collect()
    }

    #[test]
    fn each_verdict_names_its_reason_by_code() {
        let corpus = crate::foundation::corpus::Corpus::new(2004);
        let urls = (0..20_000).map(|i| {
            let mut buf = Vec::new();
            corpus.url(i, &mut buf);
            buf
        });
        let got = verdicts(urls);
        let codes: Vec<_> = got.iter().map(|v| (v.0, v.1)).collect();
        assert_eq!(
            codes,
            [
                ("path-printed", "zero-hash"),
                ("path-xor", "zero-hash"),
                ("path-repaired", "even")
            ]
        );
        // Bare hosts: every path is "/", so every reading sends every URL to one node; the
        // printed readings hash "/" to 0, which is named first.
        let hosts = (0..700).map(|i| format!("http://host{i}.example.cn/").into_bytes());
        let got = verdicts(hosts);
        for (reading, code, fullest, common) in &got {
            let want = if *reading == "path-repaired" {
                "one-node"
            } else {
                "zero-hash"
            };
            assert_eq!(*code, want, "{reading}");
            assert!((1..=7).contains(fullest));
            assert!(!common, "only `uneven` names a common path");
        }
    }
}
