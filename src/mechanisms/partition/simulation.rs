//! P2's crawler simulated: links routed to crawl nodes by a policy, and the control node's site
//! table (2^21 slots) and per-site path tables (2^15 slots) matching duplicates.

use super::node_side::NodeSide;
use super::params::{
    GROUP_SAMPLE, LISTED, LOAD_FACTOR_RULE, MAX_NODES, PATH_TABLE_SLOTS, SITE_TABLE_SLOTS,
};
use super::policy::{Policy, SplitLine};
use super::reports::{
    CollisionGroup, CommonPath, LoadBin, NodeRow, NodesSoFar, PathTableReport, PathTableRow,
    PolicyReport, SimulationReport, SiteTableReport, TopSite,
};
use crate::foundation::hash::HashId;
use crate::foundation::key::SplitError;
use crate::foundation::metrics::{self, Measures};
use crate::foundation::mix::Mix;
use crate::foundation::suffix;
use std::collections::HashMap;

/// One known site on the control node.
pub(super) struct Site {
    pub(super) host: Box<str>,
    pub(super) urls: u32,
    links: u32,
    /// The path-table slots its URLs use under each path reading.
    slots: SiteSlots,
    /// With [`Simulation::with_rehash`]: each URL's 32-bit path hash under every reading, the
    /// readings side by side (for the dynamic re-hash, [`super::control`]).
    pub(super) raws: Vec<u32>,
}

/// The control node: every site, every URL, and the path-table slots each path reading uses.
///
/// Memory per distinct URL is one 16-byte fingerprint in [`FingerprintSet`] (18 to 22 bytes
/// with the table's free slots), plus 2 bytes per path reading while its site has fewer than
/// [`SLOT_ROWS`] URLs (a site's path tables are then bitmaps, 4 KiB per reading, the size of
/// P2's 2^15-slot table). Per site: its host and about 100 bytes. The texts of the most
/// common paths are kept in a bounded summary ([`PathSummary`]).
pub(super) struct Control {
    /// Site id by a 64-bit hash of the host (the host itself is in `sites`), and the hosts
    /// whose hash another host already has.
    pub(super) ids: HashMap<u64, u32, Mix>,
    colliding_ids: HashMap<Box<str>, u32>,
    pub(super) sites: Vec<Site>,
    /// The fingerprint of every URL seen: `xxh3_64(path) << 64 | xxh3_64(site id, path)`.
    seen: FingerprintSet,
    /// The path readings whose tables are kept.
    pub(super) path_readings: Vec<HashId>,
    /// Whether each URL's path hashes are kept for the re-hash.
    pub(super) keep_raws: bool,
    /// Candidates for the most common paths, with their texts.
    common: PathSummary,
    /// Site id and path of the link being matched, back to back.
    scratch: Vec<u8>,
    /// The path-table slots of the link being matched, one per reading.
    row: Vec<u16>,
    pub(super) links: u64,
    pub(super) matches: u64,
    duplicates: u64,
}

/// A site keeps its URLs' path-table slots as rows (one `u16` per reading) until it has this
/// many URLs, then as one 2^15-bit bitmap per reading (4 KiB, what the rows would take).
pub const SLOT_ROWS: usize = 2048;

/// The path-table slots of one site under every path reading.
enum SiteSlots {
    /// One row of slots per distinct URL, the readings side by side.
    Rows(Vec<u16>),
    /// One bitmap of [`PATH_TABLE_SLOTS`] bits per reading, back to back.
    Bits(Box<[u64]>),
}

const BITMAP_WORDS: usize = PATH_TABLE_SLOTS as usize / 64;

impl SiteSlots {
    fn push(&mut self, row: &[u16]) {
        match self {
            SiteSlots::Rows(rows) => {
                rows.extend_from_slice(row);
                if rows.len() >= SLOT_ROWS * row.len() {
                    let mut bits = vec![0u64; BITMAP_WORDS * row.len()].into_boxed_slice();
                    for r in rows.chunks_exact(row.len()) {
                        for (i, &slot) in r.iter().enumerate() {
                            bits[i * BITMAP_WORDS + slot as usize / 64] |= 1 << (slot % 64);
                        }
                    }
                    *self = SiteSlots::Bits(bits);
                }
            }
            SiteSlots::Bits(bits) => {
                for (i, &slot) in row.iter().enumerate() {
                    bits[i * BITMAP_WORDS + slot as usize / 64] |= 1 << (slot % 64);
                }
            }
        }
    }

    /// Distinct slots under the `i`-th of `readings` readings.
    fn occupied(&self, i: usize, readings: usize) -> u64 {
        match self {
            SiteSlots::Rows(rows) => {
                let mut column: Vec<u16> = rows.iter().skip(i).step_by(readings).copied().collect();
                crate::foundation::order::sort_unstable(&mut column);
                column.dedup();
                column.len() as u64
            }
            SiteSlots::Bits(bits) => bits[i * BITMAP_WORDS..(i + 1) * BITMAP_WORDS]
                .iter()
                .map(|w| w.count_ones() as u64)
                .sum(),
        }
    }
}

/// A set of 128-bit fingerprints at 16 bytes each: open addressing with linear probing kept in
/// Robin Hood order, split into [`SHARDS`] tables by the top bits of the low half so that each
/// grows on its own (by a quarter, when it is 7/8 full; one shard's copy at a time).
pub(super) struct FingerprintSet {
    shards: Vec<Vec<u128>>,
    lens: Vec<u32>,
    /// Whether the fingerprint 0, which marks a free slot, was inserted.
    zero: bool,
}

const SHARD_BITS: u32 = 8;
/// Tables of a [`FingerprintSet`].
const SHARDS: usize = 1 << SHARD_BITS;

impl FingerprintSet {
    pub(super) fn new() -> FingerprintSet {
        FingerprintSet {
            shards: vec![Vec::new(); SHARDS],
            lens: vec![0; SHARDS],
            zero: false,
        }
    }

    #[inline]
    fn shard(fp: u128) -> usize {
        (fp as u64 >> (64 - SHARD_BITS)) as usize
    }

    /// The home slot of `fp` in a table of `cap` slots (the low half's bits below the shard's).
    #[inline]
    fn home(fp: u128, cap: usize) -> usize {
        ((((fp as u64) << SHARD_BITS) as u128 * cap as u128) >> 64) as usize
    }

    /// Inserts `fp`; false when it was there.
    pub(super) fn insert(&mut self, fp: u128) -> bool {
        if fp == 0 {
            return !std::mem::replace(&mut self.zero, true);
        }
        let s = Self::shard(fp);
        let cap = self.shards[s].len();
        if (self.lens[s] as usize + 1) * 8 > cap * 7 {
            self.grow(s);
        }
        let new = Self::place(&mut self.shards[s], fp, true);
        self.lens[s] += new as u32;
        new
    }

    /// Robin Hood insertion into `table`; with `check`, stops at `fp` if it is there.
    fn place(table: &mut [u128], fp: u128, check: bool) -> bool {
        let cap = table.len();
        let mut pos = Self::home(fp, cap);
        let mut dist = 0;
        let mut cur = fp;
        let mut searching = check;
        loop {
            let there = table[pos];
            if there == 0 {
                table[pos] = cur;
                return true;
            }
            if searching && there == fp {
                return false;
            }
            let home = Self::home(there, cap);
            let there_dist = if pos >= home {
                pos - home
            } else {
                pos + cap - home
            };
            if there_dist < dist {
                // A richer entry: `fp` is not further on. Take its place and carry it on.
                searching = false;
                table[pos] = cur;
                cur = there;
                dist = there_dist;
            }
            pos += 1;
            if pos == cap {
                pos = 0;
            }
            dist += 1;
        }
    }

    fn grow(&mut self, s: usize) {
        let old = std::mem::take(&mut self.shards[s]);
        let cap = (old.len() + old.len() / 4).max(16);
        let mut table = vec![0u128; cap];
        for fp in old.into_iter().filter(|&fp| fp != 0) {
            Self::place(&mut table, fp, false);
        }
        self.shards[s] = table;
    }

    /// Every fingerprint's high half in ascending order (each table is sorted in place, and
    /// the set is spent).
    pub(super) fn into_sorted_high(self) -> impl Iterator<Item = u64> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut tables = self.shards;
        let mut heap = BinaryHeap::with_capacity(SHARDS);
        for (i, table) in tables.iter_mut().enumerate() {
            // Free slots (0) sort first; the rest in order of their high half.
            crate::foundation::order::sort_unstable(table);
            let first = table.partition_point(|&fp| fp == 0);
            if let Some(&fp) = table.get(first) {
                heap.push(Reverse(((fp >> 64) as u64, i as u32, first as u32)));
            }
        }
        let zero = self.zero.then_some(0u64);
        zero.into_iter().chain(std::iter::from_fn(move || {
            let Reverse((high, t, i)) = heap.pop()?;
            let next = i as usize + 1;
            if let Some(&fp) = tables[t as usize].get(next) {
                heap.push(Reverse(((fp >> 64) as u64, t, next as u32)));
            }
            Some(high)
        }))
    }
}

/// Candidates for the paths most URLs share: a Misra-Gries summary of [`PATH_SUMMARY`]
/// counters over the path of every new URL (a path shared by more than N / (PATH_SUMMARY + 1)
/// of N URLs is always among them), with the text of each candidate seen twice. Exact counts
/// come from the fingerprints at the end.
struct PathSummary {
    counters: HashMap<u64, (u32, Option<Box<str>>), Mix>,
}

/// Counters of the common-path summary.
pub const PATH_SUMMARY: usize = 1 << 16;

impl PathSummary {
    fn push(&mut self, fp: u64, path: &[u8]) {
        if let Some((count, text)) = self.counters.get_mut(&fp) {
            *count += 1;
            if text.is_none() {
                *text = Some(String::from_utf8_lossy(path).into());
            }
        } else if self.counters.len() < PATH_SUMMARY {
            self.counters.insert(fp, (1, None));
        } else {
            self.counters.retain(|_, (count, _)| {
                *count -= 1;
                *count > 0
            });
        }
    }
}

/// How many of the most common paths a report lists.
pub const COMMON_PATHS: usize = 5;

/// Per policy: what each node receives.
pub(super) struct Router {
    pub(super) policy: Policy,
    links: Vec<u64>,
    urls: Vec<u64>,
    /// (site * nodes + node) → URLs of that site on that node.
    site_on_node: HashMap<u64, u32, Mix>,
    /// P2 policies: distinct URLs whose path hash is 0 (they all go to node 1).
    zero_hash_urls: u64,
    /// What the crawl nodes match themselves (P2 §3.3).
    pub(super) side: NodeSide,
}

/// One link as [`Simulation::route`] reads it: its host and path, and for each policy its
/// node and whether P2's path hash was 0.
#[derive(Clone, Debug)]
pub struct Routed {
    host: String,
    path: String,
    nodes: Vec<(u32, bool)>,
}

/// The whole simulation: one control node and any number of policies over the same stream.
pub struct Simulation {
    nodes: u32,
    pub(super) control: Control,
    pub(super) routers: Vec<Router>,
    needs_domain: bool,
    /// [`Routed`]'s list of nodes, kept from one line to the next by [`Simulation::push`].
    scratch: Vec<(u32, bool)>,
    unsplittable: u64,
    first_error: Option<(u64, String)>,
}

impl Simulation {
    /// A simulation of `nodes` crawl nodes routing by each of `policies`; the control node
    /// keeps path tables for each of `path_readings` (P2's path hash readings). On wasm32, a
    /// `domain` or `heritrix` policy before the Public Suffix List is installed is the
    /// [`suffix::MissingRules`] error (`suffix-rules-missing: …`).
    pub fn new(
        nodes: u32,
        policies: &[Policy],
        path_readings: &[HashId],
    ) -> Result<Simulation, String> {
        if nodes == 0 || nodes > MAX_NODES {
            return Err(format!(
                "the number of nodes must be 1..={MAX_NODES}, not {nodes}"
            ));
        }
        if policies.is_empty() {
            return Err("no policy to simulate".into());
        }
        if policies.iter().any(Policy::needs_suffix_list) {
            suffix::ready().map_err(|e| e.to_string())?;
        }
        Ok(Simulation {
            nodes,
            control: Control {
                ids: HashMap::default(),
                colliding_ids: HashMap::new(),
                sites: Vec::new(),
                seen: FingerprintSet::new(),
                path_readings: path_readings.to_vec(),
                keep_raws: false,
                common: PathSummary {
                    counters: HashMap::default(),
                },
                scratch: Vec::new(),
                row: Vec::new(),
                links: 0,
                matches: 0,
                duplicates: 0,
            },
            routers: policies
                .iter()
                .map(|&policy| Router {
                    policy,
                    links: vec![0; nodes as usize],
                    urls: vec![0; nodes as usize],
                    site_on_node: HashMap::default(),
                    zero_hash_urls: 0,
                    side: NodeSide::new(nodes),
                })
                .collect(),
            needs_domain: policies.iter().any(Policy::needs_domain),
            scratch: Vec::new(),
            unsplittable: 0,
            first_error: None,
        })
    }

    /// Links seen so far (unsplittable lines not included).
    pub fn links(&self) -> u64 {
        self.control.links
    }

    /// Distinct URLs so far.
    pub fn urls(&self) -> u64 {
        self.control.links - self.control.duplicates
    }

    /// Feeds one link (a trimmed URL line, line number `line` for messages); returns whether
    /// its URL is new. A line without a host is counted and returned as an error; it reaches no
    /// node. The same as [`apply`](Simulation::apply) of [`route`](Simulation::route).
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<bool, SplitError> {
        // The nodes' list of the last line is filled again: no allocation per line.
        let nodes = std::mem::take(&mut self.scratch);
        let routed = self.route_into(url, nodes);
        self.apply(line, routed)
    }

    /// What [`push`](Simulation::push) computes of a line before it counts it: its host and
    /// path, and the node of every policy. It changes nothing, so a caller may route many lines
    /// at once on other threads, then [`apply`](Simulation::apply) them in input order.
    pub fn route(&self, url: &[u8]) -> Result<Routed, SplitError> {
        self.route_into(url, Vec::with_capacity(self.routers.len()))
    }

    /// [`route`](Simulation::route), the nodes written into `nodes` (cleared first).
    fn route_into(&self, url: &[u8], mut nodes: Vec<(u32, bool)>) -> Result<Routed, SplitError> {
        let split = SplitLine::new(url, self.needs_domain)?;
        let link = split.link();
        nodes.clear();
        nodes.extend(self.routers.iter().map(|r| match r.policy {
            // P2's readings are hashed once for the node and the zero count.
            Policy::P2(f) => {
                let raw = f.raw(link.path) as u64;
                ((raw % self.nodes as u64) as u32, raw == 0)
            }
            _ => (r.policy.node(&link, self.nodes), false),
        }));
        let SplitLine { host, path, .. } = split;
        Ok(Routed { host, path, nodes })
    }

    /// Counts one routed link ([`route`](Simulation::route) of line `line`); returns whether
    /// its URL is new.
    pub fn apply(
        &mut self,
        line: u64,
        routed: Result<Routed, SplitError>,
    ) -> Result<bool, SplitError> {
        let Routed { host, path, nodes } = match routed {
            Ok(r) => r,
            Err(e) => {
                self.unsplittable += 1;
                self.first_error
                    .get_or_insert_with(|| (line, e.to_string()));
                return Err(e);
            }
        };
        let (site, new_url) = self.control.see(&host, path.as_bytes());
        let n = self.nodes as u64;
        for (r, &(node, zero)) in self.routers.iter_mut().zip(&nodes) {
            r.links[node as usize] += 1;
            // A seen URL is on its node already, and so is its site.
            let mut site_known = true;
            if new_url {
                r.urls[node as usize] += 1;
                let on_node = r
                    .site_on_node
                    .entry(site as u64 * n + node as u64)
                    .or_insert(0);
                site_known = *on_node > 0;
                *on_node += 1;
                r.zero_hash_urls += zero as u64;
            }
            r.side.see(node, site_known, new_url);
        }
        self.scratch = nodes;
        Ok(new_url)
    }

    /// Each policy's URLs and links per node so far (the same counts its report will give if
    /// no link comes after).
    pub fn nodes_so_far(&self) -> Vec<NodesSoFar<'_>> {
        self.routers
            .iter()
            .map(|r| NodesSoFar {
                policy: r.policy.id(),
                node_urls: &r.urls,
                node_links: &r.links,
            })
            .collect()
    }

    /// The report of every policy and of the control node.
    pub fn finish(self) -> SimulationReport {
        let Simulation {
            nodes,
            mut control,
            routers,
            unsplittable,
            first_error,
            ..
        } = self;
        let (distinct_paths, common_paths) = control.common_paths();
        let order = control.sites_by_size();
        let policies = routers
            .iter()
            .map(|r| r.report(nodes, &control, &order))
            .collect();
        let site_tables = [
            HashId::SitePrinted,
            HashId::SiteFolded,
            HashId::SiteJava,
            HashId::SiteRepaired,
        ]
        .iter()
        .map(|&f| control.site_table(f))
        .collect();
        let path_tables = (0..control.path_readings.len())
            .map(|i| control.path_table(i, &order))
            .collect();
        SimulationReport {
            nodes,
            links: control.links,
            urls: control.links - control.duplicates,
            duplicates: control.duplicates,
            sites: control.sites.len() as u64,
            unsplittable,
            first_error: first_error.map(|(l, e)| format!("line {l}: {e}")),
            control_matches: control.matches,
            distinct_paths,
            common_paths,
            policies,
            site_tables,
            path_tables,
        }
    }
}

impl Control {
    /// The id of `host`, if it is a known site.
    fn site_id(&self, host: &str, key: u64) -> Option<u32> {
        match self.ids.get(&key) {
            Some(&id) if &*self.sites[id as usize].host == host => Some(id),
            Some(_) => self.colliding_ids.get(host).copied(),
            None => None,
        }
    }

    /// Matches one link: returns its site id and whether the URL is new.
    fn see(&mut self, host: &str, path: &[u8]) -> (u32, bool) {
        self.links += 1;
        self.matches += 1; // the site-table probe
        let host_key = xxhash_rust::xxh3::xxh3_64(host.as_bytes());
        let site = match self.site_id(host, host_key) {
            Some(id) => {
                self.matches += 1; // the path-table probe
                id
            }
            None => {
                let id = self.sites.len() as u32;
                if let std::collections::hash_map::Entry::Vacant(e) = self.ids.entry(host_key) {
                    e.insert(id);
                } else {
                    self.colliding_ids.insert(host.into(), id);
                }
                self.sites.push(Site {
                    host: host.into(),
                    urls: 0,
                    links: 0,
                    slots: SiteSlots::Rows(Vec::new()),
                    raws: Vec::new(),
                });
                id
            }
        };
        self.sites[site as usize].links += 1;
        // The site id goes in front of the path, not into the seed: XXH3 folds a seed into short
        // inputs linearly, so (path, seed) pairs can collide (two did in 20 million URLs).
        self.scratch.clear();
        self.scratch.extend_from_slice(&site.to_le_bytes());
        self.scratch.extend_from_slice(path);
        let path_fp = xxhash_rust::xxh3::xxh3_64(path);
        let fp = (path_fp as u128) << 64 | xxhash_rust::xxh3::xxh3_64(&self.scratch) as u128;
        if !self.seen.insert(fp) {
            self.duplicates += 1;
            return (site, false);
        }
        self.common.push(path_fp, path);
        self.row.clear();
        self.row.extend(
            self.path_readings
                .iter()
                .map(|f| f.slot(path, PATH_TABLE_SLOTS) as u16),
        );
        let s = &mut self.sites[site as usize];
        s.urls += 1;
        if !self.row.is_empty() {
            s.slots.push(&self.row);
        }
        if self.keep_raws {
            s.raws
                .extend(self.path_readings.iter().map(|f| f.raw(path) as u32));
        }
        (site, true)
    }

    /// Distinct paths over all sites, and the paths shared by most URLs (across sites), most
    /// common first; exact counts from the fingerprints (which this spends).
    fn common_paths(&mut self) -> (u64, Vec<CommonPath>) {
        let urls = (self.links - self.duplicates).max(1) as f64;
        let seen = std::mem::replace(&mut self.seen, FingerprintSet::new());
        let mut exact: HashMap<u64, u32, Mix> = self
            .common
            .counters
            .iter()
            .filter(|(_, (_, text))| text.is_some())
            .map(|(&fp, _)| (fp, 0))
            .collect();
        let mut distinct = 0u64;
        let mut last = None;
        for high in seen.into_sorted_high() {
            if last != Some(high) {
                distinct += 1;
                last = Some(high);
            }
            if let Some(c) = exact.get_mut(&high) {
                *c += 1;
            }
        }
        let mut top: Vec<(u32, &str)> = exact
            .iter()
            .filter(|&(_, &n)| n >= 2)
            .filter_map(|(fp, &n)| Some((n, self.common.counters.get(fp)?.1.as_deref()?)))
            .collect();
        crate::foundation::order::sort_by(&mut top, |a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        let common = top
            .into_iter()
            .take(COMMON_PATHS)
            .map(|(n, p)| CommonPath {
                path: p.to_string(),
                urls: n as u64,
                share: n as f64 / urls,
            })
            .collect();
        (distinct, common)
    }

    /// Site ids, biggest (most URLs) first; ties in order of discovery.
    fn sites_by_size(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.sites.len() as u32).collect();
        crate::foundation::order::sort_by_key(&mut order, |&s| {
            std::cmp::Reverse(self.sites[s as usize].urls)
        });
        order
    }

    /// The site table under one site-hash reading.
    fn site_table(&self, f: HashId) -> SiteTableReport {
        let mut slot_of = Vec::with_capacity(self.sites.len());
        let mut counts = vec![0u32; SITE_TABLE_SLOTS as usize];
        for s in &self.sites {
            let slot = f.slot(s.host.as_bytes(), SITE_TABLE_SLOTS);
            counts[slot as usize] += 1;
            slot_of.push(slot);
        }
        let sites = self.sites.len() as u64;
        let occupied = counts.iter().filter(|&&c| c > 0).count() as u64;
        // Sites in slots shared with another site, grouped by slot.
        let mut shared: Vec<(u32, u32)> = slot_of
            .iter()
            .enumerate()
            .filter(|&(_, &slot)| counts[slot as usize] > 1)
            .map(|(site, &slot)| (slot, site as u32))
            .collect();
        crate::foundation::order::sort(&mut shared);
        let mut groups: Vec<CollisionGroup> = shared
            .chunk_by(|a, b| a.0 == b.0)
            .map(|g| {
                let hosts: Vec<&str> = g
                    .iter()
                    .map(|&(_, s)| &*self.sites[s as usize].host)
                    .collect();
                CollisionGroup {
                    slot: g[0].0,
                    hosts: g.len() as u64,
                    urls: g
                        .iter()
                        .map(|&(_, s)| self.sites[s as usize].urls as u64)
                        .sum(),
                    shared_suffix: common_suffix(&hosts).to_string(),
                    sample: hosts
                        .iter()
                        .take(GROUP_SAMPLE)
                        .map(|h| h.to_string())
                        .collect(),
                }
            })
            .collect();
        let groups_total = groups.len() as u64;
        let colliding_sites = shared.len() as u64;
        crate::foundation::order::sort_by(&mut groups, |a, b| {
            b.hosts
                .cmp(&a.hosts)
                .then(b.urls.cmp(&a.urls))
                .then(a.slot.cmp(&b.slot))
        });
        groups.truncate(LISTED);
        SiteTableReport {
            reading: f.info().key,
            name: f.info().name_en,
            slots: SITE_TABLE_SLOTS,
            sites,
            occupied,
            load_factor: sites as f64 / SITE_TABLE_SLOTS as f64,
            collisions: sites - occupied,
            expected_collisions: expected_collisions(sites, SITE_TABLE_SLOTS),
            colliding_sites,
            max_chain: counts.iter().copied().max().unwrap_or(0),
            chain_sizes: metrics::bucket_size_distribution(&counts),
            groups_total,
            groups,
        }
    }

    /// The path tables under the `i`-th path reading.
    fn path_table(&self, i: usize, order: &[u32]) -> PathTableReport {
        let f = self.path_readings[i];
        let readings = self.path_readings.len();
        let occupied: Vec<u64> = self
            .sites
            .iter()
            .map(|s| s.slots.occupied(i, readings))
            .collect();
        let urls: u64 = self.sites.iter().map(|s| s.urls as u64).sum();
        let used: u64 = occupied.iter().sum();
        let rule = (LOAD_FACTOR_RULE * PATH_TABLE_SLOTS as f64) as u32;
        let mut load_bins = LOAD_BINS
            .iter()
            .map(|&(label, _)| LoadBin { label, sites: 0 })
            .collect::<Vec<_>>();
        for s in &self.sites {
            let alpha = s.urls as f64 / PATH_TABLE_SLOTS as f64;
            let bin = LOAD_BINS
                .iter()
                .position(|&(_, hi)| alpha <= hi)
                .unwrap_or(LOAD_BINS.len() - 1);
            load_bins[bin].sites += 1;
        }
        PathTableReport {
            reading: f.info().key,
            name: f.info().name_en,
            slots: PATH_TABLE_SLOTS,
            rule_paths: rule,
            tables: self.sites.len() as u64,
            urls,
            occupied: used,
            collisions: urls - used,
            expected_collisions: self
                .sites
                .iter()
                .map(|s| expected_collisions(s.urls as u64, PATH_TABLE_SLOTS))
                .sum(),
            sites_over_rule: self.sites.iter().filter(|s| s.urls > rule).count() as u64,
            load_bins,
            largest: order
                .iter()
                .take(LISTED)
                .map(|&s| {
                    let site = &self.sites[s as usize];
                    PathTableRow {
                        host: site.host.to_string(),
                        urls: site.urls as u64,
                        occupied: occupied[s as usize],
                        load_factor: site.urls as f64 / PATH_TABLE_SLOTS as f64,
                    }
                })
                .collect(),
        }
    }
}

/// The upper bounds of the path-table load-factor bins and their labels.
const LOAD_BINS: [(&str, f64); 6] = [
    ("α ≤ 0.001", 0.001),
    ("0.001 < α ≤ 0.01", 0.01),
    ("0.01 < α ≤ 0.1", 0.1),
    ("0.1 < α ≤ 0.75", 0.75),
    ("0.75 < α ≤ 1", 1.0),
    ("α > 1", f64::INFINITY),
];

/// Expected collisions (keys minus occupied slots) of k keys in m slots under a random hash:
/// `k − m (1 − (1 − 1/m)^k)`.
pub fn expected_collisions(k: u64, m: u32) -> f64 {
    let m = m as f64;
    k as f64 - m * (1.0 - (k as f64 * (-1.0 / m).ln_1p()).exp())
}

/// The longest common suffix of some hosts, whole characters only.
fn common_suffix<'a>(hosts: &[&'a str]) -> &'a str {
    let Some(first) = hosts.first() else {
        return "";
    };
    let mut len = first.len();
    for h in &hosts[1..] {
        len = len.min(
            first
                .bytes()
                .rev()
                .zip(h.bytes().rev())
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    let mut start = first.len() - len;
    while !first.is_char_boundary(start) {
        start += 1;
    }
    &first[start..]
}

impl Router {
    fn report(&self, nodes: u32, control: &Control, order: &[u32]) -> PolicyReport {
        let n = nodes as usize;
        let mut hosts = vec![0u64; n];
        let mut biggest = vec![(0u32, u32::MAX); n];
        let top: Vec<u32> = order.iter().take(LISTED).copied().collect();
        let mut top_nodes: Vec<Vec<(u32, u32)>> = vec![Vec::new(); top.len()];
        for (&key, &urls) in &self.site_on_node {
            let (site, node) = ((key / nodes as u64) as u32, (key % nodes as u64) as usize);
            hosts[node] += 1;
            let b = &mut biggest[node];
            if urls > b.0 || (urls == b.0 && site < b.1) {
                *b = (urls, site);
            }
            if let Some(i) = top.iter().position(|&t| t == site) {
                top_nodes[i].push((node as u32, urls));
            }
        }
        let counts: Vec<u32> = self
            .urls
            .iter()
            .map(|&u| u.min(u32::MAX as u64) as u32)
            .collect();
        let measures = Measures::of(&counts);
        let per_node = (0..n)
            .map(|i| {
                let (big_urls, big_site) = biggest[i];
                NodeRow {
                    node: i as u32 + 1,
                    links: self.links[i],
                    urls: self.urls[i],
                    hosts: hosts[i],
                    biggest_site: (big_site != u32::MAX)
                        .then(|| control.sites[big_site as usize].host.to_string()),
                    biggest_site_urls: big_urls as u64,
                    biggest_site_share: if self.urls[i] == 0 {
                        0.0
                    } else {
                        big_urls as f64 / self.urls[i] as f64
                    },
                }
            })
            .collect();
        let top_sites = top
            .iter()
            .zip(top_nodes)
            .map(|(&s, mut on)| {
                crate::foundation::order::sort_by(&mut on, |a, b| {
                    b.1.cmp(&a.1).then(a.0.cmp(&b.0))
                });
                let site = &control.sites[s as usize];
                TopSite {
                    host: site.host.to_string(),
                    urls: site.urls as u64,
                    links: site.links as u64,
                    nodes_spanned: on.len() as u32,
                    main_node: on.first().map_or(0, |x| x.0 + 1),
                    main_node_urls: on.first().map_or(0, |x| x.1 as u64),
                }
            })
            .collect();
        PolicyReport {
            policy: self.policy.id(),
            describe: self.policy.describe(),
            node_urls: self.urls.clone(),
            node_links: self.links.clone(),
            ideal_urls: measures.n as f64 / nodes as f64,
            b: measures.b,
            expected_b_random: if measures.n == 0 {
                0.0
            } else {
                measures.expected_max_load * nodes as f64 / measures.n as f64
            },
            chi2: measures.chi2,
            p_value: measures.p_value,
            zero_hash_urls: matches!(self.policy, Policy::P2(_)).then_some(self.zero_hash_urls),
            per_node,
            top_sites,
        }
    }
}
