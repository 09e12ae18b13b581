//! P2's distributed crawler simulated: a stream of discovered links routed to n crawl nodes by a
//! partition policy, with P2's control node keeping a site table and one path table per site.
//!
//! P2 = 李村合, 何淑庆, 张培颖, 两种适用于中文信息搜集的 URL 散列函数的研究. Its crawler has one
//! control node (控制节点) and n crawl nodes (搜集节点). A URL `scheme://host:port/path` is
//! **routed by its path hash**, `node = path_hash(path) mod n` (P2 argues host routing balances
//! badly because site sizes differ enormously), and duplicates are matched **on the control
//! node, site first, then path**: a site table of 2^21 = 2 097 152 slots indexed by the site
//! hash, and for each site a path table of 2^15 = 32 768 slots indexed by the path hash. P2's
//! sizing rule: hashing works well while the load factor `α = S/N` stays below 0.75.
//!
//! # The simulation
//!
//! Each input line is one discovered link, duplicates allowed, in input order. The list does not
//! say which node found a link, so every link goes to the control node, which P2 makes the
//! place of all matching. For each link the control node:
//!
//! 1. probes the site table (one **match**); an unknown host is a **new site** (P2 starts
//!    crawling it) and gets an empty path table;
//! 2. for a known site, probes that site's path table (a second match);
//! 3. drops the link as a **duplicate** when its path is already there, or records a new URL,
//!    which the policy assigns to one crawl node.
//!
//! The tables are chained: a slot that already holds another site (path) is a **collision**, and
//! collisions are counted, not merged, so duplicates are exact. (A URL is kept as a 128-bit
//! fingerprint, XXH3-64 of its path beside XXH3-64 of its site id and path: two URLs with
//! different paths share one with a chance of 2^-128, two with one path on different sites
//! 2^-64; even if 20 million URLs had one path, the chance of any false duplicate would stay
//! below 10^-5.) A path-table collision is a URL that a table keeping only slots would have dropped
//! as a false duplicate. P2 does not define its "match" count; ours is the probes above, so the
//! control node makes `2 · links − sites` of them, and each crawl node counts the links routed to
//! it (duplicates included) beside the distinct URLs it crawls. [`Simulation::control_report`]
//! adds the rest of §3.2–3.3: the matches each crawl node makes on the links it finds that are
//! its own (Table 1's per-node row), and the dynamic re-hash of a path table past 0.75 · 2^15
//! paths.
//!
//! # Memory
//!
//! The control node must remember every URL it has seen to find duplicates, so memory grows
//! with the distinct URLs, by as little as the design allows: one 16-byte fingerprint per URL in
//! a table kept 70 % to 87.5 % full (18 to 23 bytes), plus 2 bytes per kept path reading while
//! the URL's site has fewer than [`SLOT_ROWS`] URLs (a bigger site's path tables are bitmaps,
//! 4 KiB per reading, the size of P2's table). Each site costs its host and about 100 bytes, and
//! each policy about 20 bytes per (site, node) pair. The paths most URLs share are found with a
//! bounded summary ([`PATH_SUMMARY`] counters) and counted exactly from the fingerprints.
//!
//! # Policies
//!
//! * `p2-printed`, `p2-xor`, `p2-repaired`: P2's path routing with each reading of its path hash
//!   ([`crate::foundation::hash`]): `node = raw mod n`, the Java `int` read as unsigned 32 bits. The same
//!   reading indexes the path tables (`raw mod 2^15`).
//! * `host`, `domain`, `url`: any registered hash of the host, of the registrable domain (Public
//!   Suffix List, [`crate::foundation::key::registrable_domain`]) or of the whole line, `mod n`.
//! * `nutch`: Apache Nutch's `URLPartitioner` (apache/nutch,
//!   `src/java/org/apache/nutch/crawl/URLPartitioner.java`; default mode `byHost`,
//!   `partition.url.seed` 0): `(host.hashCode() ^ seed) & Integer.MAX_VALUE) % n`, Java
//!   `String.hashCode` of the host as the default `BasicURLNormalizer` leaves it (lower-case).
//! * `heritrix`: Heritrix 3's `HashCrawlMapper` (internetarchive/heritrix3,
//!   `engine/.../processor/HashCrawlMapper.java`, with `commons/.../st/ata/util/FPGenerator.java`
//!   and the default `SurtAuthorityQueueAssignmentPolicy`): the 64-bit Rabin fingerprint
//!   `FPGenerator.std64` of the queue's class key reduced to its registrable domain in SURT
//!   order, `fp % n` with Java's signed `long %`, then its absolute value; see [`heritrix_node`].
//! * `frontera`: Frontera's `Crc32NamePartitioner` (scrapinghub/frontera,
//!   `frontera/contrib/backends/partitioners.py`, `frontera/utils/misc.py`): `get_crc32` of the
//!   hostname (zlib CRC-32 made signed) with Python's floor `%`; see [`frontera_node`].
//!
//! Each crawler keys the host text it reads from the URL as written, with its own parser and
//! normaliser (an IDN host stays Unicode for Nutch and Frontera; Heritrix keeps userinfo and a
//! port for an IP address): see [`nutch_key`], [`heritrix_key`] and [`frontera_key`].
//!
//! # Example
//! ```
//! use urlhashlab::foundation::hash::HashId;
//! use urlhashlab::mechanisms::partition::{Policy, Simulation};
//! let policies = [Policy::Nutch { seed: 0 }, Policy::P2(HashId::PathPrinted)];
//! let mut sim = Simulation::new(3, &policies, &[HashId::PathXor]).unwrap();
//! for (i, url) in ["http://a.cn/x", "http://A.cn/x", "b.cn/yz", "mailto:c@d.cn"].iter().enumerate() {
//!     let _ = sim.push(i as u64 + 1, url.as_bytes()); // the mailto: line has no host
//! }
//! let r = sim.finish();
//! assert_eq!((r.links, r.urls, r.duplicates, r.sites, r.unsplittable), (3, 2, 1, 2, 1));
//! assert_eq!(r.control_matches, 2 * 3 - 2);
//! for p in &r.policies {
//!     assert_eq!(p.node_urls.iter().sum::<u64>(), 2); // every URL on exactly one node
//! }
//! // "/x" and "/yz" are shorter than 3 chars: P2's printed path hash is 0, so both are on node 1.
//! assert_eq!(r.policies[1].node_urls, [2, 0, 0]);
//! ```

mod control;
mod cost;
mod crawlers;
mod node_side;
mod params;
mod policy;
mod rebalance;
mod reports;
mod simulation;

pub use control::*;
pub use cost::*;
pub use crawlers::*;
pub use params::*;
pub use policy::*;
pub use rebalance::*;
pub use reports::*;
pub use simulation::*;

#[cfg(test)]
mod tests;
