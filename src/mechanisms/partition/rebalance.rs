//! Crawl nodes that join and leave: which hosts and URLs move when n crawl nodes become n′.
//!
//! Beyond the papers. P2 routes a URL to `path_hash mod n` (§2.2), as Nutch's `URLPartitioner`
//! (`hashCode mod n`), Frontera's `Crc32NamePartitioner` (`crc32 % n`) and Heritrix's
//! `HashCrawlMapper` (`|fp % n|`) route a host. Under any `mod n`, a key stays on its node from
//! `a` to `b` nodes only when `h mod a = h mod b`; for a uniform `h` that is one residue class in
//! `lcm(a, b)` for each of the `min(a, b)` small values, so the share that moves is
//! **`1 − min(a, b) / lcm(a, b)`**: `n / (n + 1)` for a node added (7 → 8: 7/8), `(n − 1) / n`
//! for one lost. P2's own re-hash rule (a site's path table past `0.75 · 2^15` paths, §3.3) is the
//! same question inside one node.
//!
//! The consistent schemes move only what must move, **`|a − b| / max(a, b)`** (7 → 8: 1/8):
//! * `ring`: consistent hashing (Karger et al. 1997) with `V` virtual nodes per node: node `i`'s
//!   points are XXH3-64 of `(i, v)` for `v < V` (little-endian `u32`s), a host goes to the first
//!   point at or after XXH3-64 of the host, going round. Its balance improves with `V`
//!   (max/mean about `1 + O(√(log n / V))`) at `n · V` points of memory.
//! * `rendezvous`: highest random weight (Thaler & Ravishankar 1998): the node `i < n` with the
//!   highest `finalize(h ^ finalize(i + 1))` ([`crate::foundation::mix::finalize`], SplitMix64's
//!   output function), ties to the lowest `i`; no memory, `n` scores a lookup.
//! * `jump`: jump consistent hash (Lamping & Veach 2014, "A Fast, Minimal Memory, Consistent Hash
//!   Algorithm", the `jumpch` crate) of XXH3-64 of the host; no memory, `O(log n)` a lookup,
//!   and only the last node can leave.
//!
//! A node that leaves is the last one (`n − 1`): the only one jump hash can lose, and for the
//! others the same as any one. The host is the lowercase, IDNA-encoded host of the lab's URL
//! split ([`crate::foundation::key::split`]); a URL is a distinct (host, path with query) pair,
//! as in P2's simulation. A scheme keeps a host's politeness when every URL of a host is on one
//! node (P2's path routing does not).

use super::policy::{Link, Policy, RawNode, SplitLine};
use crate::foundation::hash::HashId;
use crate::foundation::key::SplitError;
use crate::foundation::metrics::load_balance_b_from;
use crate::foundation::mix::{finalize, Fold};
use crate::foundation::timing::{repeat_cap, repeated, us_per_url};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use xxhash_rust::xxh3::xxh3_64;

/// The most crawl nodes on either side (rendezvous scores every node per lookup).
pub const REBALANCE_MAX_NODES: u32 = 1024;
/// The most virtual nodes per node of the ring.
pub const MAX_VNODES: u32 = 1000;
/// Virtual nodes per node when none are chosen.
pub const DEFAULT_VNODES: u32 = 100;
/// The moved-share curve: `n → n + 1` for `n` from 2 to this.
pub const CURVE_MAX_NODES: u32 = 64;
/// URLs a lookup's cost is timed on at most: the first this many distinct URLs.
pub const LOOKUP_URLS: usize = 16_000;

/// One way of assigning hosts (or URLs) to crawl nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// A partition policy's `mod n` ([`Policy`]).
    Mod(Policy),
    /// Consistent hashing with this many virtual nodes per node.
    Ring(u32),
    /// Highest random weight.
    Rendezvous,
    /// Jump consistent hash.
    Jump,
}

impl Scheme {
    /// Every scheme the study compares, the ring with `vnodes` virtual nodes.
    pub fn all(vnodes: u32) -> Vec<Scheme> {
        let mut all: Vec<Scheme> = [HashId::PathPrinted, HashId::PathXor, HashId::PathRepaired]
            .into_iter()
            .map(|f| Scheme::Mod(Policy::P2(f)))
            .collect();
        all.extend([
            Scheme::Mod(Policy::Host(HashId::Xxh3)),
            Scheme::Mod(Policy::Nutch { seed: 0 }),
            Scheme::Mod(Policy::Frontera),
            Scheme::Mod(Policy::Heritrix),
            Scheme::Ring(vnodes),
            Scheme::Rendezvous,
            Scheme::Jump,
        ]);
        all
    }

    /// Its family: `mod-p2`, `mod-host`, `nutch`, `frontera`, `heritrix`, `ring`, `rendezvous`
    /// or `jump`.
    pub fn family(&self) -> &'static str {
        match self {
            Scheme::Mod(Policy::P2(_)) => "mod-p2",
            Scheme::Mod(Policy::Nutch { .. }) => "nutch",
            Scheme::Mod(Policy::Frontera) => "frontera",
            Scheme::Mod(Policy::Heritrix) => "heritrix",
            Scheme::Mod(_) => "mod-host",
            Scheme::Ring(_) => "ring",
            Scheme::Rendezvous => "rendezvous",
            Scheme::Jump => "jump",
        }
    }

    /// Its own id: the policy's id ([`Policy::id`]) for `mod n`, `ring:v100`, `rendezvous`, `jump`.
    pub fn id(&self) -> String {
        match self {
            Scheme::Mod(p) => p.id(),
            Scheme::Ring(v) => format!("ring:v{v}"),
            Scheme::Rendezvous => "rendezvous".into(),
            Scheme::Jump => "jump".into(),
        }
    }

    /// Is it consistent (moves only the share that must move)?
    pub fn consistent(&self) -> bool {
        !matches!(self, Scheme::Mod(_))
    }

    /// The share of keys expected to move from `a` to `b` nodes under a uniform hash.
    pub fn theory(&self, a: u32, b: u32) -> f64 {
        if self.consistent() {
            consistent_moved(a, b)
        } else {
            mod_moved(a, b)
        }
    }
}

/// `1 − min(a, b) / lcm(a, b)`: the share of uniform keys whose `h mod a` and `h mod b` differ.
pub fn mod_moved(a: u32, b: u32) -> f64 {
    let (a, b) = (a.max(1) as u64, b.max(1) as u64);
    let lcm = a / gcd(a, b) * b;
    1.0 - a.min(b) as f64 / lcm as f64
}

/// `|a − b| / max(a, b)`: the share a consistent scheme must move from `a` to `b` nodes.
pub fn consistent_moved(a: u32, b: u32) -> f64 {
    a.abs_diff(b) as f64 / a.max(b).max(1) as f64
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A host's key for the consistent schemes: XXH3-64 of its bytes.
pub fn host_key(host: &[u8]) -> u64 {
    xxh3_64(host)
}

/// A consistent-hash ring of `n` nodes with `V` points each.
#[derive(Clone, Debug)]
pub struct Ring {
    /// (point, node), sorted by point.
    points: Vec<(u64, u32)>,
}

impl Ring {
    /// The ring of nodes `0..n`, `vnodes` points each (`n, vnodes >= 1`).
    pub fn new(n: u32, vnodes: u32) -> Ring {
        let mut points = Vec::with_capacity(n as usize * vnodes as usize);
        for node in 0..n {
            for v in 0..vnodes {
                points.push((vnode_point(node, v), node));
            }
        }
        points.sort_unstable();
        Ring { points }
    }

    /// The node of a key: the first point at or after it, going round.
    pub fn node(&self, key: u64) -> u32 {
        let at = self.points.partition_point(|&(p, _)| p < key);
        self.points.get(at).unwrap_or(&self.points[0]).1
    }

    /// Points on the ring.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether it has no point.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// Node `node`'s `v`-th point on the ring.
fn vnode_point(node: u32, v: u32) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..4].copy_from_slice(&node.to_le_bytes());
    bytes[4..].copy_from_slice(&v.to_le_bytes());
    xxh3_64(&bytes)
}

/// Rendezvous's weight of `node` for `key`.
#[inline]
fn weight(key: u64, node: u32) -> u64 {
    finalize(key ^ finalize(node as u64 + 1))
}

/// The rendezvous node of `key` among `n >= 1`: the highest weight, ties to the lowest node.
pub fn rendezvous_node(key: u64, n: u32) -> u32 {
    let mut best = (weight(key, 0), 0);
    for node in 1..n {
        let w = weight(key, node);
        if w > best.0 {
            best = (w, node);
        }
    }
    best.1
}

/// The jump consistent hash of `key` among `n >= 1` buckets.
pub fn jump_node(key: u64, n: u32) -> u32 {
    jumpch::hash(key, n)
}

/// What a study of `from → to` nodes compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RebalanceParams {
    /// Crawl nodes before.
    pub from: u32,
    /// Crawl nodes after.
    pub to: u32,
    /// The ring's virtual nodes per node.
    pub vnodes: u32,
}

impl RebalanceParams {
    /// Checks the numbers: nodes in `1..=1024`, virtual nodes in `1..=1000`.
    pub fn new(from: u32, to: u32, vnodes: u32) -> Result<RebalanceParams, String> {
        for (what, n) in [("--nodes", from), ("--to", to)] {
            if n == 0 || n > REBALANCE_MAX_NODES {
                return Err(format!(
                    "{what} must be 1..={REBALANCE_MAX_NODES} crawl nodes, not {n}"
                ));
            }
        }
        if vnodes == 0 || vnodes > MAX_VNODES {
            return Err(format!(
                "the ring's virtual nodes must be 1..={MAX_VNODES}, not {vnodes}"
            ));
        }
        Ok(RebalanceParams { from, to, vnodes })
    }
}

/// One host as the study keeps it.
#[derive(Clone, Debug)]
struct Host {
    key: u64,
    urls: u64,
}

/// Where a host's URLs went under one `mod n` policy.
#[derive(Clone, Copy, Debug, Default)]
struct HostOnNodes {
    before: u32,
    after: u32,
    split_before: bool,
    split_after: bool,
    moved: bool,
}

/// A `mod n` policy's counts, URL by URL.
#[derive(Clone, Debug)]
struct ModTally {
    policy: Policy,
    before: Vec<u64>,
    after: Vec<u64>,
    /// URLs from node i to node j, `i · to + j`.
    flows: Vec<u64>,
    urls_moved: u64,
    /// URLs moved from `n` to `n + 1` nodes, `n = 2..=CURVE_MAX_NODES`.
    curve: Vec<u64>,
    hosts: Vec<HostOnNodes>,
}

/// The rebalancing study: feed it links ([`Rebalance::push`]), then [`Rebalance::finish`].
pub struct Rebalance {
    params: RebalanceParams,
    links: u64,
    duplicates: u64,
    unsplittable: u64,
    first_error: Option<(u64, String)>,
    host_ids: HashMap<String, u32>,
    hosts: Vec<Host>,
    seen: HashSet<u128, Fold>,
    mods: Vec<ModTally>,
    scratch: Vec<u8>,
}

impl Rebalance {
    /// A study of `params`. Needs the Public Suffix List (Heritrix's key): on wasm32, installed
    /// first (`suffix-rules-missing` otherwise).
    pub fn new(params: RebalanceParams) -> Result<Rebalance, String> {
        crate::foundation::suffix::ready().map_err(|e| e.to_string())?;
        let curve = (CURVE_MAX_NODES - 1) as usize;
        let mods = Scheme::all(params.vnodes)
            .into_iter()
            .filter_map(|s| match s {
                Scheme::Mod(policy) => Some(ModTally {
                    policy,
                    before: vec![0; params.from as usize],
                    after: vec![0; params.to as usize],
                    flows: vec![0; params.from as usize * params.to as usize],
                    urls_moved: 0,
                    curve: vec![0; curve],
                    hosts: Vec::new(),
                }),
                _ => None,
            })
            .collect();
        Ok(Rebalance {
            params,
            links: 0,
            duplicates: 0,
            unsplittable: 0,
            first_error: None,
            host_ids: HashMap::new(),
            hosts: Vec::new(),
            seen: HashSet::default(),
            mods,
            scratch: Vec::new(),
        })
    }

    /// Feeds one line (line number `line`, for the first error); returns whether its URL is
    /// new. A line without a host is counted and returned as the error.
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<bool, SplitError> {
        let split = match SplitLine::new(url, false) {
            Ok(s) => s,
            Err(e) => {
                self.unsplittable += 1;
                self.first_error
                    .get_or_insert_with(|| (line, e.to_string()));
                return Err(e);
            }
        };
        self.links += 1;
        let link = split.link();
        let host = match self.host_ids.get(split.host.as_str()) {
            Some(&id) => id,
            None => {
                let id = self.hosts.len() as u32;
                self.host_ids.insert(split.host.clone(), id);
                self.hosts.push(Host {
                    key: host_key(link.host),
                    urls: 0,
                });
                for m in &mut self.mods {
                    m.hosts.push(HostOnNodes::default());
                }
                id
            }
        };
        // A URL is its (host, path): XXH3-64 of the path beside XXH3-64 of the host id and path.
        self.scratch.clear();
        self.scratch.extend_from_slice(&host.to_le_bytes());
        self.scratch.extend_from_slice(link.path);
        let fp = (xxh3_64(link.path) as u128) << 64 | xxh3_64(&self.scratch) as u128;
        if !self.seen.insert(fp) {
            self.duplicates += 1;
            return Ok(false);
        }
        let first_url = self.hosts[host as usize].urls == 0;
        self.hosts[host as usize].urls += 1;
        let RebalanceParams { from, to, .. } = self.params;
        for m in &mut self.mods {
            let raw = m.policy.raw_node(&link);
            let (b, a) = (raw.node(from), raw.node(to));
            m.before[b as usize] += 1;
            m.after[a as usize] += 1;
            m.flows[b as usize * to as usize + a as usize] += 1;
            m.urls_moved += (a != b) as u64;
            let h = &mut m.hosts[host as usize];
            if first_url {
                (h.before, h.after) = (b, a);
            } else {
                h.split_before |= h.before != b;
                h.split_after |= h.after != a;
            }
            h.moved |= a != b;
            curve_of(raw, &mut m.curve);
        }
        Ok(true)
    }

    /// The report, the lookups not yet timed ([`RebalanceReport::time_lookups`]).
    pub fn finish(self) -> RebalanceReport {
        self.so_far()
    }

    /// The report of the links pushed so far, as [`Rebalance::finish`] would give it now: the
    /// page's first picture while the study reads on.
    pub fn so_far(&self) -> RebalanceReport {
        let RebalanceParams { from, to, vnodes } = self.params;
        let urls: u64 = self.hosts.iter().map(|h| h.urls).sum();
        let hosts = self.hosts.len() as u64;
        let mut mods = self.mods.iter();
        let schemes = Scheme::all(vnodes)
            .into_iter()
            .map(|scheme| match scheme {
                Scheme::Mod(_) => {
                    let m = mods.next().expect("one tally per mod scheme");
                    mod_report(scheme, m, &self.hosts, from, to)
                }
                _ => consistent_report(scheme, &self.hosts, from, to),
            })
            .collect();
        RebalanceReport {
            from,
            to,
            vnodes,
            links: self.links,
            urls,
            duplicates: self.duplicates,
            hosts,
            unsplittable: self.unsplittable,
            first_error: self
                .first_error
                .as_ref()
                .map(|(line, e)| format!("line {line}: {e}")),
            curve_nodes: (2..=CURVE_MAX_NODES).collect(),
            schemes,
        }
    }
}

/// Adds the URL of value `raw` to the curve: moved from `n` to `n + 1` nodes, `n = 2..=64`.
fn curve_of(raw: RawNode, curve: &mut [u64]) {
    let mut prev = raw.node(2);
    for (i, c) in curve.iter_mut().enumerate() {
        let next = raw.node(i as u32 + 3);
        *c += (next != prev) as u64;
        prev = next;
    }
}

fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// P1's B of per-node loads: `n · max / N`, max over mean.
fn b_of(loads: &[u64]) -> f64 {
    let n: u64 = loads.iter().sum();
    let max = loads.iter().copied().max().unwrap_or(0);
    load_balance_b_from(max.min(u32::MAX as u64) as u32, n, loads.len() as u32)
}

/// What a scheme's pass counted, before it is reported ([`report`]).
struct Counted {
    /// URLs per node before and after.
    before: Vec<u64>,
    after: Vec<u64>,
    /// URLs and hosts from node i to node j, `i · to + j`.
    url_flows: Vec<u64>,
    host_flows: Vec<u64>,
    /// Hosts per node after.
    host_loads: Vec<u64>,
    hosts_moved: u64,
    urls_moved: u64,
    split_before: u64,
    split_after: u64,
    /// URLs moved from `n` to `n + 1` nodes, `n = 2..=CURVE_MAX_NODES`.
    curve: Vec<u64>,
}

/// One scheme's report from its counts over `hosts` hosts.
fn report(scheme: Scheme, c: Counted, hosts: u64, from: u32, to: u32) -> SchemeReport {
    let total: u64 = c.before.iter().sum();
    SchemeReport {
        scheme: scheme.family(),
        id: scheme.id(),
        hosts_moved: c.hosts_moved,
        hosts_moved_fraction: share(c.hosts_moved, hosts),
        urls_moved: c.urls_moved,
        urls_moved_fraction: share(c.urls_moved, total),
        theory_fraction: scheme.theory(from, to),
        b_before: b_of(&c.before),
        b_after: b_of(&c.after),
        hosts_b_after: b_of(&c.host_loads),
        hosts_split_before: c.split_before,
        hosts_split_after: c.split_after,
        keeps_hosts_whole: c.split_before == 0 && c.split_after == 0,
        node_urls_before: c.before,
        node_urls_after: c.after,
        url_flows: c.url_flows,
        host_flows: c.host_flows,
        moved_by_n: c.curve.iter().map(|&m| share(m, total)).collect(),
        theory_by_n: (2..CURVE_MAX_NODES + 1)
            .map(|n| scheme.theory(n, n + 1))
            .collect(),
        ns_per_lookup: None,
    }
}

fn mod_report(scheme: Scheme, m: &ModTally, hosts: &[Host], from: u32, to: u32) -> SchemeReport {
    // Hosts per node: a host split over nodes counts on the node of its first URL.
    let mut host_loads = vec![0u64; to as usize];
    let mut host_flows = vec![0u64; from as usize * to as usize];
    for (h, on) in hosts.iter().zip(&m.hosts) {
        if h.urls > 0 {
            host_loads[on.after as usize] += 1;
            host_flows[on.before as usize * to as usize + on.after as usize] += 1;
        }
    }
    let count = |f: fn(&HostOnNodes) -> bool| m.hosts.iter().filter(|h| f(h)).count() as u64;
    let counted = Counted {
        hosts_moved: count(|h| h.moved),
        split_before: count(|h| h.split_before),
        split_after: count(|h| h.split_after),
        before: m.before.clone(),
        after: m.after.clone(),
        url_flows: m.flows.clone(),
        host_flows,
        host_loads,
        urls_moved: m.urls_moved,
        curve: m.curve.clone(),
    };
    report(scheme, counted, hosts.len() as u64, from, to)
}

/// The node of a host's key under a consistent scheme among `n` (with `ring` built for `n`).
fn consistent_node(scheme: Scheme, key: u64, n: u32, ring: Option<&Ring>) -> u32 {
    match scheme {
        Scheme::Ring(_) => ring.expect("a ring for the ring scheme").node(key),
        Scheme::Rendezvous => rendezvous_node(key, n),
        _ => jump_node(key, n),
    }
}

fn consistent_report(scheme: Scheme, hosts: &[Host], from: u32, to: u32) -> SchemeReport {
    let rings = |n: u32| match scheme {
        Scheme::Ring(v) => Some(Ring::new(n, v)),
        _ => None,
    };
    let (ring_from, ring_to) = (rings(from), rings(to));
    let mut c = Counted {
        before: vec![0; from as usize],
        after: vec![0; to as usize],
        url_flows: vec![0; from as usize * to as usize],
        host_flows: vec![0; from as usize * to as usize],
        host_loads: vec![0; to as usize],
        hosts_moved: 0,
        urls_moved: 0,
        // A host is one key: never split.
        split_before: 0,
        split_after: 0,
        curve: consistent_curve(scheme, hosts),
    };
    for h in hosts.iter().filter(|h| h.urls > 0) {
        let b = consistent_node(scheme, h.key, from, ring_from.as_ref());
        let a = consistent_node(scheme, h.key, to, ring_to.as_ref());
        c.before[b as usize] += h.urls;
        c.after[a as usize] += h.urls;
        c.url_flows[b as usize * to as usize + a as usize] += h.urls;
        c.host_flows[b as usize * to as usize + a as usize] += 1;
        c.host_loads[a as usize] += 1;
        if a != b {
            c.hosts_moved += 1;
            c.urls_moved += h.urls;
        }
    }
    report(scheme, c, hosts.len() as u64, from, to)
}

/// The URLs a consistent scheme moves from `n` to `n + 1` nodes, `n = 2..=64`.
fn consistent_curve(scheme: Scheme, hosts: &[Host]) -> Vec<u64> {
    let mut moved = vec![0u64; (CURVE_MAX_NODES - 1) as usize];
    match scheme {
        Scheme::Ring(v) => {
            let rings: Vec<Ring> = (2..=CURVE_MAX_NODES + 1).map(|n| Ring::new(n, v)).collect();
            for h in hosts {
                let mut prev = rings[0].node(h.key);
                for (i, ring) in rings[1..].iter().enumerate() {
                    let next = ring.node(h.key);
                    moved[i] += if next != prev { h.urls } else { 0 };
                    prev = next;
                }
            }
        }
        Scheme::Rendezvous => {
            // The best of n + 1 nodes is the best of n unless node n weighs more.
            for h in hosts {
                let mut best = weight(h.key, 0).max(weight(h.key, 1));
                for (i, m) in moved.iter_mut().enumerate() {
                    let w = weight(h.key, i as u32 + 2);
                    if w > best {
                        best = w;
                        *m += h.urls;
                    }
                }
            }
        }
        _ => {
            for h in hosts {
                let mut prev = jump_node(h.key, 2);
                for (i, m) in moved.iter_mut().enumerate() {
                    let next = jump_node(h.key, i as u32 + 3);
                    *m += if next != prev { h.urls } else { 0 };
                    prev = next;
                }
            }
        }
    }
    moved
}

impl RebalanceReport {
    /// Times each scheme's lookup among `to` nodes on `urls` ([`lookup_costs`]), with clock
    /// `now` (milliseconds, never going back).
    pub fn time_lookups(&mut self, urls: &[&[u8]], now: &mut dyn FnMut() -> f64) {
        let costs = lookup_costs(urls, self.to, self.vnodes, now);
        for (report, cost) in self.schemes.iter_mut().zip(costs) {
            debug_assert_eq!(report.id, cost.id);
            report.ns_per_lookup = Some(cost.ns_per_lookup);
        }
    }
}

/// One scheme's lookup, timed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LookupCost {
    /// The scheme's id ([`Scheme::id`]).
    pub id: String,
    /// Nanoseconds per lookup: the key hashed, the node found.
    pub ns_per_lookup: f64,
}

/// Each scheme's lookup among `to` nodes (the ring with `vnodes` points a node) on `urls` (the
/// first [`LOOKUP_URLS`] with a host), timed with clock `now`; in [`Scheme::all`] order.
pub fn lookup_costs(
    urls: &[&[u8]],
    to: u32,
    vnodes: u32,
    now: &mut dyn FnMut() -> f64,
) -> Vec<LookupCost> {
    let split: Vec<SplitLine<'_>> = urls
        .iter()
        .filter_map(|u| SplitLine::new(u, false).ok())
        .take(LOOKUP_URLS)
        .collect();
    let links: Vec<Link<'_>> = split.iter().map(SplitLine::link).collect();
    Scheme::all(vnodes)
        .into_iter()
        .map(|scheme| LookupCost {
            id: scheme.id(),
            ns_per_lookup: lookup_ns(scheme, &links, to.max(1), now),
        })
        .collect()
}

/// Nanoseconds per lookup of `scheme` among `n` nodes over `links` (a host's key hashed, then
/// its node found), timed with `now`.
fn lookup_ns(scheme: Scheme, links: &[Link<'_>], n: u32, now: &mut dyn FnMut() -> f64) -> f64 {
    let ring = match scheme {
        Scheme::Ring(v) => Some(Ring::new(n, v)),
        _ => None,
    };
    let (_, ms, repeats) = repeated(repeat_cap(links.len()), now, || {
        let sum: u64 = links
            .iter()
            .map(|l| match scheme {
                Scheme::Mod(p) => p.node(l, n) as u64,
                _ => consistent_node(scheme, host_key(l.host), n, ring.as_ref()) as u64,
            })
            .sum();
        std::hint::black_box(sum)
    });
    us_per_url(ms, repeats, links.len()) * 1000.0
}

/// What moving from `from` to `to` crawl nodes does under every scheme.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RebalanceReport {
    /// Crawl nodes before.
    pub from: u32,
    /// Crawl nodes after.
    pub to: u32,
    /// The ring's virtual nodes per node.
    pub vnodes: u32,
    /// Lines with a host.
    pub links: u64,
    /// Distinct URLs (host, path) among them.
    pub urls: u64,
    /// Links that repeat a URL.
    pub duplicates: u64,
    /// Distinct hosts.
    pub hosts: u64,
    /// Lines without a host: counted, on no node.
    pub unsplittable: u64,
    /// The first of them, `line N: why`.
    pub first_error: Option<String>,
    /// The `n` of each point of the curves (`n → n + 1`).
    pub curve_nodes: Vec<u32>,
    /// One report per scheme.
    pub schemes: Vec<SchemeReport>,
}

/// One scheme's moves and balance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchemeReport {
    /// Its family ([`Scheme::family`]).
    pub scheme: &'static str,
    /// Its id ([`Scheme::id`]).
    pub id: String,
    /// Hosts with a URL on another node after.
    pub hosts_moved: u64,
    /// The same over every host.
    pub hosts_moved_fraction: f64,
    /// URLs on another node after.
    pub urls_moved: u64,
    /// The same over every URL.
    pub urls_moved_fraction: f64,
    /// The share a uniform hash moves ([`Scheme::theory`]).
    pub theory_fraction: f64,
    /// URLs per node before: B, max over mean.
    pub b_before: f64,
    /// After.
    pub b_after: f64,
    /// Hosts per node after (a split host on its first URL's node): B.
    pub hosts_b_after: f64,
    /// Hosts whose URLs are on more than one node, before.
    pub hosts_split_before: u64,
    /// After.
    pub hosts_split_after: u64,
    /// No host split before or after: its politeness kept on one node.
    pub keeps_hosts_whole: bool,
    /// URLs per node before.
    pub node_urls_before: Vec<u64>,
    /// After.
    pub node_urls_after: Vec<u64>,
    /// URLs from node `i` before to node `j` after, at `i · to + j`.
    pub url_flows: Vec<u64>,
    /// Hosts the same way (a split host by its first URL).
    pub host_flows: Vec<u64>,
    /// The share of URLs moved from `n` to `n + 1` nodes, `n` in `curve_nodes`.
    pub moved_by_n: Vec<f64>,
    /// What theory says for the same.
    pub theory_by_n: Vec<f64>,
    /// Nanoseconds per lookup among `to` nodes (the key hashed, the node found), once timed.
    pub ns_per_lookup: Option<f64>,
}

#[cfg(test)]
mod tests;
