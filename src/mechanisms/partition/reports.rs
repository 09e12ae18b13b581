//! What a partition run reports: URLs per node beside N/n, B and χ², the biggest sites, the tables'
//! collisions and load factors.

use crate::foundation::metrics::BucketSizeRow;
use serde::Serialize;

/// One policy's URLs and links per crawl node so far, while the simulation reads on (what a
/// page draws before the report).
#[derive(Clone, Debug, Serialize)]
pub struct NodesSoFar<'a> {
    /// The policy's id, as in its [`PolicyReport`].
    pub policy: String,
    /// Distinct URLs routed to each node so far, node 1 first.
    pub node_urls: &'a [u64],
    /// Links routed to each node so far.
    pub node_links: &'a [u64],
}

/// Everything a simulation measured.
#[derive(Clone, Debug, Serialize)]
pub struct SimulationReport {
    /// Crawl nodes n.
    pub nodes: u32,
    /// Links read (duplicates included, unsplittable lines not).
    pub links: u64,
    /// Distinct URLs: links minus duplicates.
    pub urls: u64,
    /// Links whose URL was already seen, dropped by the control node.
    pub duplicates: u64,
    /// Distinct hosts: the new sites the control node found.
    pub sites: u64,
    /// Lines without a host, reaching no node.
    pub unsplittable: u64,
    /// The first unsplittable line, `line N: reason`, when there was one.
    pub first_error: Option<String>,
    /// Site-table probes plus path-table probes: `2 · links − sites`.
    pub control_matches: u64,
    /// Distinct paths over all sites, and the ones most URLs share: every URL with the same
    /// path goes to the same node under path routing, whatever its site. The counts are exact;
    /// a path shared by more than 1 / ([`PATH_SUMMARY`](crate::mechanisms::partition::PATH_SUMMARY) + 1) of the URLs is always a candidate,
    /// so on inputs with more distinct paths than that a rarer path may be left out of the list.
    pub distinct_paths: u64,
    /// The paths most URLs share (two or more each, at most [`COMMON_PATHS`](crate::mechanisms::partition::COMMON_PATHS)), most URLs first.
    pub common_paths: Vec<CommonPath>,
    /// Each policy's node loads, in the order the simulation was given them.
    pub policies: Vec<PolicyReport>,
    /// The site table under each reading of P2's site hash.
    pub site_tables: Vec<SiteTableReport>,
    /// The path tables under each path-hash reading the simulation kept.
    pub path_tables: Vec<PathTableReport>,
}

/// One policy's node loads.
#[derive(Clone, Debug, Serialize)]
pub struct PolicyReport {
    /// The policy's id ([`Policy::id`](crate::mechanisms::partition::Policy::id)).
    pub policy: String,
    /// What the policy does and the source it follows, one line ([`Policy::describe`](crate::mechanisms::partition::Policy::describe)).
    pub describe: String,
    /// Distinct URLs per node (the node crawls each once).
    pub node_urls: Vec<u64>,
    /// Links per node, duplicates included.
    pub node_links: Vec<u64>,
    /// The even split, N/n URLs per node.
    pub ideal_urls: f64,
    /// P1's B over the nodes' URLs: max / mean.
    pub b: f64,
    /// B a uniformly random assignment averages (expected max over mean).
    pub expected_b_random: f64,
    /// χ² of the node URLs against a uniform split.
    pub chi2: f64,
    /// The χ² test's p-value with n - 1 degrees of freedom.
    pub p_value: f64,
    /// P2 policies: distinct URLs whose path hash is 0, all routed to node 1.
    pub zero_hash_urls: Option<u64>,
    /// Per node: links, URLs, hosts and the biggest site there.
    pub per_node: Vec<NodeRow>,
    /// The biggest sites and where they went.
    pub top_sites: Vec<TopSite>,
}

/// A path shared by many URLs.
#[derive(Clone, Debug, Serialize)]
pub struct CommonPath {
    /// The path, with its query.
    pub path: String,
    /// Distinct URLs with this path, over all sites.
    pub urls: u64,
    /// Their share of all distinct URLs.
    pub share: f64,
}

/// One crawl node.
#[derive(Clone, Debug, Serialize)]
pub struct NodeRow {
    /// 1-based, as P2 numbers its nodes.
    pub node: u32,
    /// Links routed to the node, duplicates included.
    pub links: u64,
    /// Distinct URLs the node crawls.
    pub urls: u64,
    /// Distinct hosts with at least one URL here.
    pub hosts: u64,
    /// The site with the most URLs on this node.
    pub biggest_site: Option<String>,
    /// URLs of that site on this node.
    pub biggest_site_urls: u64,
    /// Its share of this node's URLs.
    pub biggest_site_share: f64,
}

/// One of the biggest sites and how a policy spread it.
#[derive(Clone, Debug, Serialize)]
pub struct TopSite {
    /// The site's host.
    pub host: String,
    /// The site's distinct URLs.
    pub urls: u64,
    /// The site's links, duplicates included.
    pub links: u64,
    /// How many nodes got some of its URLs.
    pub nodes_spanned: u32,
    /// The node with most of them (1-based) and how many.
    pub main_node: u32,
    /// URLs of the site on that node.
    pub main_node_urls: u64,
}

/// The control node's site table under one reading of the site hash.
#[derive(Clone, Debug, Serialize)]
pub struct SiteTableReport {
    /// The reading's text id in the hash registry (`"site-printed"`, `"site-folded"`…).
    pub reading: &'static str,
    /// The reading's English name.
    pub name: &'static str,
    /// Slots of the table, P2's 2^21.
    pub slots: u32,
    /// Distinct hosts in the table.
    pub sites: u64,
    /// Slots holding at least one site.
    pub occupied: u64,
    /// α = sites / slots, P2's load factor.
    pub load_factor: f64,
    /// Sites minus occupied slots.
    pub collisions: u64,
    /// The same for a uniformly random hash.
    pub expected_collisions: f64,
    /// Sites in a slot shared with another site.
    pub colliding_sites: u64,
    /// The most sites in one slot.
    pub max_chain: u32,
    /// Slots holding 0, 1, 2, … sites, beside Poisson.
    pub chain_sizes: Vec<BucketSizeRow>,
    /// Slots holding two or more sites.
    pub groups_total: u64,
    /// The biggest of them.
    pub groups: Vec<CollisionGroup>,
}

/// Hosts that share one site-table slot.
#[derive(Clone, Debug, Serialize)]
pub struct CollisionGroup {
    /// The slot they share.
    pub slot: u32,
    /// How many hosts share it.
    pub hosts: u64,
    /// Their distinct URLs, summed.
    pub urls: u64,
    /// The longest suffix all of them share (the site hash keeps only the last five chars).
    pub shared_suffix: String,
    /// Up to [`GROUP_SAMPLE`](crate::mechanisms::partition::GROUP_SAMPLE) of the hosts, in the order they were found.
    pub sample: Vec<String>,
}

/// The control node's path tables under one reading of the path hash.
#[derive(Clone, Debug, Serialize)]
pub struct PathTableReport {
    /// The reading's text id in the hash registry (`"path-printed"`, `"path-xor"`,
    /// `"path-repaired"`).
    pub reading: &'static str,
    /// The reading's English name.
    pub name: &'static str,
    /// Slots of each table, P2's 2^15.
    pub slots: u32,
    /// 0.75 · 2^15 = 24 576: more paths than this break P2's rule.
    pub rule_paths: u32,
    /// One table per site.
    pub tables: u64,
    /// Distinct URLs over all sites, each a path in its site's table.
    pub urls: u64,
    /// Slots in use, summed over the tables.
    pub occupied: u64,
    /// URLs whose slot was taken: a table without chains would drop them as duplicates.
    pub collisions: u64,
    /// The same for a uniformly random hash: `k − m (1 − (1 − 1/m)^k)` summed over the tables
    /// ([`expected_collisions`](crate::mechanisms::partition::expected_collisions)).
    pub expected_collisions: f64,
    /// Sites with more paths than [`rule_paths`](PathTableReport::rule_paths).
    pub sites_over_rule: u64,
    /// How many sites' tables fall in each load-factor bin.
    pub load_bins: Vec<LoadBin>,
    /// The biggest sites' tables.
    pub largest: Vec<PathTableRow>,
}

/// How many sites' path tables have a load factor α in one range.
#[derive(Clone, Debug, Serialize)]
pub struct LoadBin {
    /// The range of α, as shown: `α ≤ 0.001`, `0.001 < α ≤ 0.01`, … `α > 1`.
    pub label: &'static str,
    /// Sites whose α falls in it.
    pub sites: u64,
}

/// One site's path table, among the biggest.
#[derive(Clone, Debug, Serialize)]
pub struct PathTableRow {
    /// The site's host.
    pub host: String,
    /// The site's distinct URLs, one path each in the table.
    pub urls: u64,
    /// Slots holding at least one of its paths (under the report's reading).
    pub occupied: u64,
    /// α = URLs / 2^15, P2's load factor of the table.
    pub load_factor: f64,
}
