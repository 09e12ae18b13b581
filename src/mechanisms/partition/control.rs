//! P2's control node and crawl nodes as §3.2 and §3.3 describe them, beyond the plain replay: the
//! **dynamic re-hash** of a big site's path table, and the **matching each crawl node does** on
//! the links it finds itself, so that Table 1's "matches" row adds up as printed.
//!
//! P2 = 李村合, 何淑庆, 张培颖, 两种适用于中文信息搜集的 URL 散列函数的研究.
//!
//! # The dynamic re-hash (P2 §3.2 and the 0.75 rule of §3.1)
//!
//! P2 sizes each site's path table at N = 2^15 = 32 768 slots and keeps hashing good while the
//! load factor `α = paths / N` stays below 0.75; "对几个少数的大站点超过 0.75N, 再次进行动态散列"
//! (the few big sites that pass 0.75 N are hashed again, dynamically). P2 says no more. **The
//! lab's reading:** when a site's path table would hold more than 0.75 N paths (24 577 at
//! N = 2^15), the table doubles, N → 2N, and every path of the site is re-inserted at
//! `raw mod 2N` (the same path hash, one more bit of it); this repeats at 0.75 · 2^16 = 49 152
//! paths, and so on, so a site's table ends at the smallest `2^k ≥ 2^15` with
//! `paths ≤ 0.75 · 2^k`, and α is back at or under 0.75. For each site this happened to, the lab
//! reports the table before (2^15 slots) and after (2^k): slots, α, occupied slots, the
//! **colliding paths** (paths in a slot shared with another path) and the **chainless drops**
//! (paths minus occupied slots: the paths a table keeping one path per slot, without chains,
//! would wrongly drop as duplicates). Both tables hold the same paths (the site's distinct
//! paths at the end of the input); `moved` counts the re-insertions the re-hashes cost. Doubling
//! cannot separate paths whose whole 32-bit hash is equal: under P2's printed path hash a third
//! of the paths hash to 0, and they stay in one slot at any size. Nor can it help a hash no wider
//! than the table: the lab's repaired path hash has 15 bits, so at 2^16 slots the new half stays
//! empty and nothing changes but α.
//!
//! Re-hashing needs every path's hash again, so the simulation keeps each distinct URL's 32-bit
//! path hash per reading (4 bytes per URL per reading) when asked to
//! ([`Simulation::with_rehash`]); the command line asks, and so does the page's partition study
//! on up to [`crate::engine::study::REHASH_MAX_LINES`] lines.
//!
//! # Node-side matching (P2 §3.3)
//!
//! "一个节点获取的 URL, 通过路径散列函数定位节点, 属于本节点处理的 URL, 通过站点散列函数和路径
//! 散列函数依次进行 URL 匹配, 如匹配成功, 则舍弃此 URL, 如匹配不成功, 则将此 URL 添加到任务表中并
//! 发送控制节点, 在控制节点处理; 属于其它节点处理的 URL, 由控制节点统一进行调度。" **The lab's
//! reading:** the node that finds a link routes it (by the policy; P2's is the path hash). A link
//! of its own it matches against its own tables, which hold the URLs routed to it: a site-table
//! probe, and a path-table probe when the node already holds a URL of that site (the same
//! probes the control node counts, [`SimulationReport::control_matches`]). A link found there is
//! dropped on the node and never reaches the control node; a new one goes to the node's task
//! table and to the control node. A link of another node goes to the control node, which matches
//! every link it receives and hands the new ones to their node; handing over and inserting are
//! not matches. So the **system's matches = the control node's + Σ the nodes'**, as in Table 1
//! (2 066 713 = 1 806 747 + 259 966).
//!
//! A list of links does not say which node found each one. **The lab's reading:** a link was
//! found on the page of the last new URL before it in the input (the page being parsed when it
//! turned up), so by the node that URL was routed to; links before the first new URL are seeds
//! and go to the control node. Under path routing a link is then its finder's own about once
//! in n times, whatever its site.

use super::params::{LISTED, LOAD_FACTOR_RULE, PATH_TABLE_SLOTS};
use super::simulation::Simulation;
use serde::Serialize;

/// The crawl nodes' and the control node's matches under one policy (P2 §3.3, Table 1's
/// 匹配统计 row).
#[derive(Clone, Debug, Serialize)]
pub struct NodeMatching {
    /// The policy's id ([`Policy::id`](crate::mechanisms::partition::Policy::id)).
    pub policy: String,
    /// Per node: its probes of its own site and path tables.
    pub node_matches: Vec<u64>,
    /// Per node: the links it found that were its own, matched on the node.
    pub node_own_links: Vec<u64>,
    /// Per node: those already in its tables, dropped on the node.
    pub node_dropped: Vec<u64>,
    /// Σ node matches.
    pub nodes_matches: u64,
    /// Links that reached the control node: all but those the nodes dropped.
    pub control_links: u64,
    /// The control node's probes of those links.
    pub control_matches: u64,
    /// control + Σ nodes.
    pub system_matches: u64,
}

/// A path table's state under one size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TableState {
    /// Slots of the table: 2^15, or after the re-hashes the smallest `2^k` that keeps α at or under
    /// 0.75.
    pub slots: u64,
    /// α = paths / slots.
    pub load_factor: f64,
    /// Slots holding at least one path.
    pub occupied: u64,
    /// Paths in a slot shared with another path.
    pub colliding_paths: u64,
    /// Paths minus occupied slots: what a table without chains would drop as duplicates.
    pub chainless_drops: u64,
}

/// One site whose path table passed 0.75 · 2^15 and was re-hashed.
#[derive(Clone, Debug, Serialize)]
pub struct RehashedSite {
    /// The site's host.
    pub host: String,
    /// The site's distinct paths at the end of the input.
    pub paths: u64,
    /// How many times the table doubled.
    pub rehashes: u32,
    /// Paths re-inserted over all the re-hashes (the paths the table held at each).
    pub moved: u64,
    /// Bits of the largest path hash: a table of 2^k slots with k above this gains nothing
    /// from doubling (the lab's repaired path hash is 15 bits wide).
    pub hash_bits: u32,
    /// The table at P2's 2^15 slots.
    pub before: TableState,
    /// The table after the re-hashes.
    pub after: TableState,
}

/// The dynamic re-hash under one path-hash reading.
#[derive(Clone, Debug, Serialize)]
pub struct RehashReport {
    /// The reading's text id in the hash registry (`"path-printed"`, `"path-xor"`,
    /// `"path-repaired"`).
    pub reading: &'static str,
    /// The reading's English name.
    pub name: &'static str,
    /// 0.75 · 2^15 = 24 576: a site with more paths is re-hashed.
    pub rule_paths: u32,
    /// Sites whose path table passed 0.75 · 2^15 paths and was re-hashed.
    pub sites_rehashed: u64,
    /// Paths of the re-hashed sites.
    pub paths: u64,
    /// Their chainless drops at 2^15 slots, summed.
    pub chainless_drops_before: u64,
    /// The same after the re-hashes, summed.
    pub chainless_drops_after: u64,
    /// The re-hashed sites, most paths first (at most [`LISTED`]).
    pub sites: Vec<RehashedSite>,
}

/// What the control node and the crawl nodes do beyond the replay: node-side matching per
/// policy and the dynamic re-hash per path reading (empty unless [`Simulation::with_rehash`]).
#[derive(Clone, Debug, Serialize)]
pub struct ControlReport {
    /// Node-side and control-node matches, one entry per policy of the simulation.
    pub node_matching: Vec<NodeMatching>,
    /// The dynamic re-hash, one entry per path-hash reading the simulation kept.
    pub rehash: Vec<RehashReport>,
}

/// The size of a path table that starts at 2^15 slots and doubles whenever it would hold more
/// than 0.75 of its slots, after `paths` insertions; how many times it doubled; and the paths it
/// re-inserted (the 0.75 · N it held at each doubling from N; the path that set it off then
/// goes into the new table).
pub fn dynamic_slots(paths: u64) -> (u64, u32, u64) {
    let mut slots = PATH_TABLE_SLOTS as u64;
    let (mut rehashes, mut moved) = (0u32, 0u64);
    while paths as f64 > LOAD_FACTOR_RULE * slots as f64 && slots < 1 << 32 {
        moved += (LOAD_FACTOR_RULE * slots as f64) as u64;
        slots *= 2;
        rehashes += 1;
    }
    (slots, rehashes, moved)
}

/// A table of `slots` (a power of two up to 2^32) holding the paths whose 32-bit hashes are
/// `raws`, each at `raw mod slots`.
pub fn table_state(raws: &[u32], slots: u64) -> TableState {
    debug_assert!(slots.is_power_of_two() && slots <= 1 << 32);
    let mask = slots - 1;
    // Per slot: 0, 1 or 2 (two or more).
    let mut count = vec![0u8; slots as usize];
    for &raw in raws {
        let c = &mut count[(raw as u64 & mask) as usize];
        *c = (*c + 1).min(2);
    }
    let occupied = count.iter().filter(|&&c| c > 0).count() as u64;
    let alone = count.iter().filter(|&&c| c == 1).count() as u64;
    let paths = raws.len() as u64;
    TableState {
        slots,
        load_factor: paths as f64 / slots as f64,
        occupied,
        colliding_paths: paths - alone,
        chainless_drops: paths - occupied,
    }
}

/// A site's path table re-hashed as the lab reads P2 (see the module doc); `None` when its
/// paths stay within 0.75 · 2^15.
pub fn rehash_site(host: &str, raws: &[u32]) -> Option<RehashedSite> {
    let paths = raws.len() as u64;
    let (slots, rehashes, moved) = dynamic_slots(paths);
    (rehashes > 0).then(|| RehashedSite {
        host: host.to_string(),
        paths,
        rehashes,
        moved,
        hash_bits: 32 - raws.iter().max().map_or(32, |m| m.leading_zeros()),
        before: table_state(raws, PATH_TABLE_SLOTS as u64),
        after: table_state(raws, slots),
    })
}

impl Simulation {
    /// Keeps every distinct URL's path hash under each path reading (4 bytes per URL per
    /// reading), so that [`Simulation::control_report`] can re-hash the sites whose path table
    /// passes 0.75 · 2^15. Call it before the first link.
    pub fn with_rehash(mut self) -> Simulation {
        debug_assert_eq!(self.links(), 0, "with_rehash before the first link");
        self.control.keep_raws = true;
        self
    }

    /// Node-side matching under every policy and, after [`Simulation::with_rehash`], the
    /// re-hashed path tables under every path reading.
    pub fn control_report(&self) -> ControlReport {
        let control = &self.control;
        let node_matching = self
            .routers
            .iter()
            .map(|r| {
                let side = &r.side;
                let nodes_matches = side.matches.iter().sum();
                let dropped: u64 = side.dropped.iter().sum();
                // Every link the nodes dropped was a duplicate of a known site, which the
                // control node would have probed twice.
                let control_matches = control.matches - 2 * dropped;
                NodeMatching {
                    policy: r.policy.id(),
                    node_matches: side.matches.clone(),
                    node_own_links: side.own_links.clone(),
                    node_dropped: side.dropped.clone(),
                    nodes_matches,
                    control_links: control.links - dropped,
                    control_matches,
                    system_matches: control_matches + nodes_matches,
                }
            })
            .collect();
        let readings = control.path_readings.len();
        let rehash = if control.keep_raws {
            let rule = (LOAD_FACTOR_RULE * PATH_TABLE_SLOTS as f64) as u32;
            let mut big: Vec<usize> = (0..control.sites.len())
                .filter(|&s| control.sites[s].urls > rule)
                .collect();
            crate::foundation::order::sort_by_key(&mut big, |&s| {
                std::cmp::Reverse(control.sites[s].urls)
            });
            control
                .path_readings
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let sites: Vec<RehashedSite> = big
                        .iter()
                        .filter_map(|&s| {
                            let site = &control.sites[s];
                            let raws: Vec<u32> = site
                                .raws
                                .iter()
                                .skip(i)
                                .step_by(readings)
                                .copied()
                                .collect();
                            rehash_site(&site.host, &raws)
                        })
                        .collect();
                    RehashReport {
                        reading: f.info().key,
                        name: f.info().name_en,
                        rule_paths: rule,
                        sites_rehashed: sites.len() as u64,
                        paths: sites.iter().map(|s| s.paths).sum(),
                        chainless_drops_before: sites
                            .iter()
                            .map(|s| s.before.chainless_drops)
                            .sum(),
                        chainless_drops_after: sites.iter().map(|s| s.after.chainless_drops).sum(),
                        sites: sites.into_iter().take(LISTED).collect(),
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        ControlReport {
            node_matching,
            rehash,
        }
    }
}

#[cfg(test)]
#[path = "control_tests.rs"]
mod tests;
