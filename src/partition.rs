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
//! it (duplicates included) beside the distinct URLs it crawls.
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
//!   ([`crate::hash`]): `node = raw mod n`, the Java `int` read as unsigned 32 bits. The same
//!   reading indexes the path tables (`raw mod 2^15`).
//! * `host`, `domain`, `url`: any registered hash of the host, of the registrable domain (Public
//!   Suffix List, [`crate::key::registrable_domain`]) or of the whole line, `mod n`.
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
//! Hosts are the WHATWG-serialised hosts of [`crate::key`] (lower-case, IDNA), as each crawler's
//! URL normaliser gives them.
//!
//! # Example
//! ```
//! use urlhashlab::hash::HashId;
//! use urlhashlab::partition::{Policy, Simulation};
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

use crate::hash::{self, HashId};
use crate::key::{self, SplitError};
use crate::metrics::{self, BucketSizeRow, Measures};
use crate::mix::Mix;
use crate::suffix;
use serde::Serialize;
use std::collections::HashMap;

/// Slots of P2's site table: 2^21.
pub const SITE_TABLE_SLOTS: u32 = 1 << 21;
/// Slots of each of P2's path tables: 2^15.
pub const PATH_TABLE_SLOTS: u32 = 1 << 15;
/// P2's rule: hashing is good while the load factor stays below 0.75.
pub const LOAD_FACTOR_RULE: f64 = 0.75;
/// The most crawl nodes a simulation takes.
pub const MAX_NODES: u32 = 65_536;
/// How many collision groups, biggest sites and path tables a report lists.
pub const LISTED: usize = 20;
/// How many hosts of one collision group a report shows.
pub const GROUP_SAMPLE: usize = 8;

/// How links are assigned to crawl nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// P2: the path hash (one of its readings) mod n.
    P2(HashId),
    /// A registered hash of the host mod n.
    Host(HashId),
    /// A registered hash of the registrable domain mod n.
    Domain(HashId),
    /// A registered hash of the whole line mod n.
    Url(HashId),
    /// Apache Nutch's `URLPartitioner` in `byHost` mode with its seed.
    Nutch { seed: i32 },
    /// Heritrix 3's `HashCrawlMapper`.
    Heritrix,
    /// Frontera's `Crc32NamePartitioner`.
    Frontera,
}

/// Every policy id the CLI and the page accept, in display order.
pub const POLICY_IDS: [&str; 9] = [
    "p2-printed",
    "p2-xor",
    "p2-repaired",
    "host",
    "domain",
    "url",
    "nutch",
    "heritrix",
    "frontera",
];

/// The hash of `host`, `domain` and `url` when none is named.
pub const DEFAULT_GENERIC_HASH: HashId = HashId::Xxh3;

impl Policy {
    /// Parses a policy id; `function` names the hash of `host`, `domain` and `url` (default
    /// XXH3) and must not be given for the others.
    pub fn parse(id: &str, function: Option<HashId>) -> Result<Policy, String> {
        let generic = function.unwrap_or(DEFAULT_GENERIC_HASH);
        let policy = match id {
            "p2-printed" => Policy::P2(HashId::PathPrinted),
            "p2-xor" => Policy::P2(HashId::PathXor),
            "p2-repaired" => Policy::P2(HashId::PathRepaired),
            "host" => Policy::Host(generic),
            "domain" => Policy::Domain(generic),
            "url" => Policy::Url(generic),
            "nutch" => Policy::Nutch { seed: 0 },
            "heritrix" => Policy::Heritrix,
            "frontera" => Policy::Frontera,
            _ => {
                return Err(format!(
                    "unknown policy '{id}' (known: {})",
                    POLICY_IDS.join(", ")
                ))
            }
        };
        if function.is_some()
            && !matches!(policy, Policy::Host(_) | Policy::Domain(_) | Policy::Url(_))
        {
            return Err(format!(
                "policy '{id}' fixes its own hash; a hash function applies to host, domain and url only"
            ));
        }
        Ok(policy)
    }

    /// Its stable id (`host:xxh3` for the generic policies).
    pub fn id(&self) -> String {
        match self {
            Policy::P2(HashId::PathPrinted) => "p2-printed".into(),
            Policy::P2(HashId::PathXor) => "p2-xor".into(),
            Policy::P2(_) => "p2-repaired".into(),
            Policy::Host(f) => format!("host:{}", f.info().key),
            Policy::Domain(f) => format!("domain:{}", f.info().key),
            Policy::Url(f) => format!("url:{}", f.info().key),
            Policy::Nutch { seed: 0 } => "nutch".into(),
            Policy::Nutch { seed } => format!("nutch:{seed}"),
            Policy::Heritrix => "heritrix".into(),
            Policy::Frontera => "frontera".into(),
        }
    }

    /// What it does and the source it follows, one line.
    pub fn describe(&self) -> String {
        match self {
            Policy::P2(f) => format!(
                "P2: {} of the path mod n ({})",
                f.info().name_en,
                if f.info().ours { "the lab's repair" } else { "P2's reading" }
            ),
            Policy::Host(f) => format!("by host: {} of the host mod n", f.info().name_en),
            Policy::Domain(f) => format!(
                "by registrable domain (Public Suffix List): {} of the domain mod n",
                f.info().name_en
            ),
            Policy::Url(f) => format!("by whole URL: {} of the line mod n", f.info().name_en),
            Policy::Nutch { seed } => format!(
                "Apache Nutch URLPartitioner, byHost: (host.hashCode() ^ {seed}) & 0x7FFFFFFF) % n"
            ),
            Policy::Heritrix => "Heritrix 3 HashCrawlMapper: |FPGenerator.std64.fp(key) % n|, key = SURT authority reduced to the registrable domain".into(),
            Policy::Frontera => "Frontera Crc32NamePartitioner: signed crc32(hostname) mod n (Python %)".into(),
        }
    }

    /// Does routing need the registrable domain?
    fn needs_domain(&self) -> bool {
        matches!(self, Policy::Domain(_))
    }

    /// Does routing consult the Public Suffix List?
    fn needs_suffix_list(&self) -> bool {
        matches!(self, Policy::Domain(_) | Policy::Heritrix)
    }

    /// The node of one link, in `0..n`.
    pub fn node(&self, link: &Link, n: u32) -> u32 {
        match *self {
            Policy::P2(f) => f.slot(link.path, n),
            Policy::Host(f) => f.slot(link.host, n),
            Policy::Domain(f) => f.slot(link.domain, n),
            Policy::Url(f) => f.slot(link.url, n),
            Policy::Nutch { seed } => nutch_node(link.host, seed, n),
            Policy::Heritrix => heritrix_node(link.host, link.port, n),
            Policy::Frontera => frontera_node(link.host, n),
        }
    }
}

/// One discovered link, split.
#[derive(Clone, Copy, Debug)]
pub struct Link<'a> {
    /// The whole line as read.
    pub url: &'a [u8],
    /// The host, lower-case and IDNA-encoded.
    pub host: &'a [u8],
    /// The path with the query.
    pub path: &'a [u8],
    /// The registrable domain (the host when there is none); empty when no policy needs it.
    pub domain: &'a [u8],
    /// The port when it is not the scheme's default.
    pub port: Option<u16>,
}

/// Nutch `URLPartitioner.getPartition` in `byHost` mode:
/// `hashCode = host.hashCode(); hashCode ^= seed; return (hashCode & Integer.MAX_VALUE) % n`.
pub fn nutch_node(host: &[u8], seed: i32, n: u32) -> u32 {
    ((hash::java_string_hashcode(host) ^ seed) & i32::MAX) as u32 % n
}

/// Frontera `Crc32NamePartitioner.partition`: `get_crc32(hostname) % n`, where `get_crc32`
/// turns zlib's CRC-32 into a signed 32-bit value (for Python 2 compatibility, even on
/// Python 3) and `%` is Python's floor modulo, so a negative CRC gives `(crc − 2^32) mod n`.
pub fn frontera_node(host: &[u8], n: u32) -> u32 {
    (crc32fast::hash(host) as i32 as i64).rem_euclid(n as i64) as u32
}

/// Heritrix 3 `HashCrawlMapper.mapString` with its defaults: the class key of the default
/// `SurtAuthorityQueueAssignmentPolicy` ([`heritrix_class_key`]), reduced by the public-suffix
/// regex to the topmost assigned SURT prefix ([`heritrix_reduced_key`]); then
/// `fp = FPGenerator.std64.fp(key)`, `bucket = fp % n` (Java `long %`, which keeps the sign of
/// the dividend), and the node is `|bucket|`.
pub fn heritrix_node(host: &[u8], port: Option<u16>, n: u32) -> u32 {
    let host = String::from_utf8_lossy(host);
    let key = heritrix_reduced_key(&host, port);
    let fp = heritrix_fp64(&key) as i64;
    (fp % n as i64).unsigned_abs() as u32
}

/// Is `host` a dotted quad (SURT leaves those unreversed)?
fn is_ipv4(host: &str) -> bool {
    host.parse::<std::net::Ipv4Addr>().is_ok()
}

/// `host` in SURT order: labels reversed, each followed by `,` (`www.pku.edu.cn` →
/// `cn,edu,pku,www,`); a dotted quad is kept as it is.
fn surt_host(host: &str) -> String {
    let host = host.trim_matches('.');
    if is_ipv4(host) {
        return host.to_string();
    }
    let mut out = String::with_capacity(host.len() + 1);
    for label in host.rsplit('.') {
        out.push_str(label);
        out.push(',');
    }
    out
}

/// The class key Heritrix 3's default `SurtAuthorityQueueAssignmentPolicy` gives a URL: the
/// authority of its SURT form with `:` replaced by `#` (`http://www.example.com:8080/x` →
/// `com,example,www,#8080`; a default port is not part of the canonical URI).
pub fn heritrix_class_key(host: &str, port: Option<u16>) -> String {
    let mut key = surt_host(host);
    if let Some(p) = port {
        key.push(':');
        key.push_str(&p.to_string());
    }
    key.replace(':', "#")
}

/// `HashCrawlMapper`'s reduction with `usePublicSuffixesRegex = true` (the default): the first
/// match of `PublicSuffixes.getTopmostAssignedSurtPrefixRegex()` in the class key, i.e. the
/// longest public suffix followed by one more label, in SURT order (`cn,edu,pku,www,` →
/// `cn,edu,pku,`; the port goes); a key it cannot match (an IP address, a single label) is
/// left whole. Heritrix bundles its own copy of the Public Suffix List; we use the `psl`
/// crate's ([`suffix::domain_str`]; on wasm32 a caller asks [`suffix::ready`] first), so a
/// suffix added since may reduce differently.
pub fn heritrix_reduced_key(host: &str, port: Option<u16>) -> String {
    let bare = host.trim_matches('.');
    if is_ipv4(bare) || bare.starts_with('[') || !bare.contains('.') {
        return heritrix_class_key(host, port);
    }
    let domain = match suffix::domain_str(bare) {
        Some(d) => d,
        None => {
            // The host is itself a public suffix: the regex backs off to the longest suffix of
            // the rest that leaves one more label (`com.cn` → suffix `cn` + `com`).
            let rest = &bare[bare.find('.').map_or(0, |i| i + 1)..];
            let public = suffix::suffix_str(rest).unwrap_or(rest);
            let before = &bare[..bare.len() - public.len() - 1];
            let label_start = before.rfind('.').map_or(0, |i| i + 1);
            &bare[label_start..]
        }
    };
    surt_host(domain)
}

/// `FPGenerator.std64.fp(s)` of Heritrix (`st.ata.util.FPGenerator`): a Rabin fingerprint with
/// the degree-64 polynomial `0xD74307D3FD3382DB`, bit-reflected (x^0 is the top bit), starting
/// from `empty` = x^64 mod P (which equals the polynomial word), fed each UTF-16 code unit of
/// `s` as 16 bits, low bit first; no final XOR. This is the bit-serial form of its
/// `extend_char` table steps.
pub fn heritrix_fp64(s: &str) -> u64 {
    const P: u64 = 0xD743_07D3_FD33_82DB;
    let mut f = P;
    for unit in s.encode_utf16() {
        f ^= unit as u64;
        for _ in 0..16 {
            f = if f & 1 == 1 { (f >> 1) ^ P } else { f >> 1 };
        }
    }
    f
}

// ----------------------------------------------------------------------------------------------
// The simulation

/// One known site on the control node.
struct Site {
    host: Box<str>,
    urls: u32,
    links: u32,
    /// The path-table slots its URLs use under each path reading.
    slots: SiteSlots,
}

/// The control node: every site, every URL, and the path-table slots each path reading uses.
///
/// Memory per distinct URL is one 16-byte fingerprint in [`FingerprintSet`] (18 to 22 bytes
/// with the table's free slots), plus 2 bytes per path reading while its site has fewer than
/// [`SLOT_ROWS`] URLs (a site's path tables are then bitmaps, 4 KiB per reading, the size of
/// P2's 2^15-slot table). Per site: its host and about 100 bytes. The texts of the most
/// common paths are kept in a bounded summary ([`PathSummary`]).
struct Control {
    /// Site id by a 64-bit hash of the host (the host itself is in `sites`), and the hosts
    /// whose hash another host already has.
    ids: HashMap<u64, u32, Mix>,
    colliding_ids: HashMap<Box<str>, u32>,
    sites: Vec<Site>,
    /// The fingerprint of every URL seen: `xxh3_64(path) << 64 | xxh3_64(site id, path)`.
    seen: FingerprintSet,
    /// The path readings whose tables are kept.
    path_readings: Vec<HashId>,
    /// Candidates for the most common paths, with their texts.
    common: PathSummary,
    /// Site id and path of the link being matched, back to back.
    scratch: Vec<u8>,
    /// The path-table slots of the link being matched, one per reading.
    row: Vec<u16>,
    links: u64,
    matches: u64,
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
                column.sort_unstable();
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
struct FingerprintSet {
    shards: Vec<Vec<u128>>,
    lens: Vec<u32>,
    /// Whether the fingerprint 0, which marks a free slot, was inserted.
    zero: bool,
}

const SHARD_BITS: u32 = 8;
/// Tables of a [`FingerprintSet`].
const SHARDS: usize = 1 << SHARD_BITS;

impl FingerprintSet {
    fn new() -> FingerprintSet {
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
    fn insert(&mut self, fp: u128) -> bool {
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
    fn into_sorted_high(self) -> impl Iterator<Item = u64> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut tables = self.shards;
        let mut heap = BinaryHeap::with_capacity(SHARDS);
        for (i, table) in tables.iter_mut().enumerate() {
            // Free slots (0) sort first; the rest in order of their high half.
            table.sort_unstable();
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
struct Router {
    policy: Policy,
    links: Vec<u64>,
    urls: Vec<u64>,
    /// (site * nodes + node) → URLs of that site on that node.
    site_on_node: HashMap<u64, u32, Mix>,
    /// P2 policies: distinct URLs whose path hash is 0 (they all go to node 1).
    zero_hash_urls: u64,
}

/// The whole simulation: one control node and any number of policies over the same stream.
pub struct Simulation {
    nodes: u32,
    control: Control,
    routers: Vec<Router>,
    needs_domain: bool,
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
                })
                .collect(),
            needs_domain: policies.iter().any(Policy::needs_domain),
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
    /// node.
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<bool, SplitError> {
        let key::Parts { host, path, port } = match key::split(url) {
            Ok(parts) => parts,
            Err(e) => {
                self.unsplittable += 1;
                self.first_error
                    .get_or_insert_with(|| (line, e.to_string()));
                return Err(e);
            }
        };
        let domain = if self.needs_domain {
            key::registrable_domain(&host)
        } else {
            ""
        };
        let link = Link {
            url,
            host: host.as_bytes(),
            path: path.as_bytes(),
            domain: domain.as_bytes(),
            port,
        };
        let (site, new_url) = self.control.see(&host, path.as_bytes());
        let nodes = self.nodes as u64;
        for r in &mut self.routers {
            // P2's readings are hashed once for the node and the zero count.
            let (node, zero) = match r.policy {
                Policy::P2(f) => {
                    let raw = f.raw(link.path) as u64;
                    ((raw % nodes) as u32, raw == 0)
                }
                _ => (r.policy.node(&link, self.nodes), false),
            };
            r.links[node as usize] += 1;
            if new_url {
                r.urls[node as usize] += 1;
                *r.site_on_node
                    .entry(site as u64 * nodes + node as u64)
                    .or_insert(0) += 1;
                r.zero_hash_urls += zero as u64;
            }
        }
        Ok(new_url)
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
        top.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
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
        order.sort_by_key(|&s| std::cmp::Reverse(self.sites[s as usize].urls));
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
        shared.sort_unstable();
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
        groups.sort_by(|a, b| {
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
                on.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
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

// ----------------------------------------------------------------------------------------------
// Reports

/// Everything a simulation measured.
#[derive(Clone, Debug, Serialize)]
pub struct SimulationReport {
    pub nodes: u32,
    /// Links read (duplicates included, unsplittable lines not).
    pub links: u64,
    /// Distinct URLs: links minus duplicates.
    pub urls: u64,
    pub duplicates: u64,
    /// Distinct hosts: the new sites the control node found.
    pub sites: u64,
    /// Lines without a host, reaching no node.
    pub unsplittable: u64,
    pub first_error: Option<String>,
    /// Site-table probes plus path-table probes: `2 · links − sites`.
    pub control_matches: u64,
    /// Distinct paths over all sites, and the ones most URLs share: every URL with the same
    /// path goes to the same node under path routing, whatever its site. The counts are exact;
    /// a path shared by more than 1 / ([`PATH_SUMMARY`] + 1) of the URLs is always a candidate,
    /// so on inputs with more distinct paths than that a rarer path may be left out of the list.
    pub distinct_paths: u64,
    pub common_paths: Vec<CommonPath>,
    pub policies: Vec<PolicyReport>,
    /// The site table under each reading of P2's site hash.
    pub site_tables: Vec<SiteTableReport>,
    /// The path tables under each path-hash reading the simulation kept.
    pub path_tables: Vec<PathTableReport>,
}

/// One policy's node loads.
#[derive(Clone, Debug, Serialize)]
pub struct PolicyReport {
    pub policy: String,
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
    /// χ² of the node URLs against a uniform split, and its p-value.
    pub chi2: f64,
    pub p_value: f64,
    /// P2 policies: distinct URLs whose path hash is 0, all routed to node 1.
    pub zero_hash_urls: Option<u64>,
    pub per_node: Vec<NodeRow>,
    /// The biggest sites and where they went.
    pub top_sites: Vec<TopSite>,
}

/// A path shared by many URLs.
#[derive(Clone, Debug, Serialize)]
pub struct CommonPath {
    pub path: String,
    pub urls: u64,
    pub share: f64,
}

/// One crawl node.
#[derive(Clone, Debug, Serialize)]
pub struct NodeRow {
    /// 1-based, as P2 numbers its nodes.
    pub node: u32,
    pub links: u64,
    pub urls: u64,
    /// Distinct hosts with at least one URL here.
    pub hosts: u64,
    /// The site with the most URLs on this node.
    pub biggest_site: Option<String>,
    pub biggest_site_urls: u64,
    /// Its share of this node's URLs.
    pub biggest_site_share: f64,
}

/// One of the biggest sites and how a policy spread it.
#[derive(Clone, Debug, Serialize)]
pub struct TopSite {
    pub host: String,
    pub urls: u64,
    pub links: u64,
    /// How many nodes got some of its URLs.
    pub nodes_spanned: u32,
    /// The node with most of them (1-based) and how many.
    pub main_node: u32,
    pub main_node_urls: u64,
}

/// The control node's site table under one reading of the site hash.
#[derive(Clone, Debug, Serialize)]
pub struct SiteTableReport {
    pub reading: &'static str,
    pub name: &'static str,
    pub slots: u32,
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
    pub slot: u32,
    pub hosts: u64,
    pub urls: u64,
    /// The longest suffix all of them share (the site hash keeps only the last five chars).
    pub shared_suffix: String,
    pub sample: Vec<String>,
}

/// The control node's path tables under one reading of the path hash.
#[derive(Clone, Debug, Serialize)]
pub struct PathTableReport {
    pub reading: &'static str,
    pub name: &'static str,
    pub slots: u32,
    /// 0.75 · 2^15 = 24 576: more paths than this break P2's rule.
    pub rule_paths: u32,
    /// One table per site.
    pub tables: u64,
    pub urls: u64,
    /// Slots in use, summed over the tables.
    pub occupied: u64,
    /// URLs whose slot was taken: a table without chains would drop them as duplicates.
    pub collisions: u64,
    pub expected_collisions: f64,
    pub sites_over_rule: u64,
    /// How many sites' tables fall in each load-factor bin.
    pub load_bins: Vec<LoadBin>,
    /// The biggest sites' tables.
    pub largest: Vec<PathTableRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct LoadBin {
    pub label: &'static str,
    pub sites: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct PathTableRow {
    pub host: String,
    pub urls: u64,
    pub occupied: u64,
    pub load_factor: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known answers of Nutch's byHost partition, hand-computed from `String.hashCode`
    /// (`h = 31 h + c` in 32 bits) and `(h ^ seed) & 0x7FFFFFFF) % n`.
    #[test]
    fn nutch_known_answers() {
        // "ab": 31·97 + 98 = 3105; 3105 % 7 = 4, 3105 % 10 = 5; (3105 ^ 1) % 10 = 3104 % 10 = 4.
        assert_eq!(nutch_node(b"ab", 0, 7), 4);
        assert_eq!(nutch_node(b"ab", 0, 10), 5);
        assert_eq!(nutch_node(b"ab", 1, 10), 4);
        // www.pku.edu.cn: hashCode −1212066578 = 0xB7C154EE; & 0x7FFFFFFF = 0x37C154EE = 935 417 070.
        assert_eq!(
            hash::java_string_hashcode(b"www.pku.edu.cn"),
            -1_212_066_578
        );
        assert_eq!(nutch_node(b"www.pku.edu.cn", 0, 16), 935_417_070 % 16);
        assert_eq!(nutch_node(b"www.pku.edu.cn", 0, 100), 70);
        assert_eq!(nutch_node(b"www.example.com", 0, 7), 5);
        assert_eq!(nutch_node(b"www.example.com", 12_345, 10), 9);
        assert_eq!(nutch_node(b"", 12_345, 10), 5);
    }

    /// Frontera: zlib CRC-32 made signed, then Python's floor modulo.
    #[test]
    fn frontera_known_answers() {
        // Frontera's own tests: get_crc32(b'example') == 1861000095, and
        // Crc32NamePartitioner(range(5)).partition("1be68ff556fd0bbe5802d1a100850da29f7f15b11") == 3.
        assert_eq!(crc32fast::hash(b"example"), 1_861_000_095);
        assert_eq!(
            frontera_node(b"1be68ff556fd0bbe5802d1a100850da29f7f15b11", 5),
            3
        );
        // crc32("www.pku.edu.cn") = 0xF08891FB = 4 035 482 107, signed −259 485 189.
        // Python: −259485189 % 3 = 0 (unsigned % 3 would be 1); % 7 = 2 (unsigned: 6).
        assert_eq!(crc32fast::hash(b"www.pku.edu.cn"), 0xF088_91FB);
        assert_eq!(frontera_node(b"www.pku.edu.cn", 3), 0);
        assert_eq!(frontera_node(b"www.pku.edu.cn", 7), 2);
        assert_eq!(frontera_node(b"www.pku.edu.cn", 16), 0xF088_91FB % 16);
        assert_eq!(frontera_node(b"a", 3), 2);
    }

    /// A second, independent form of FPGenerator: polynomial arithmetic over GF(2) written
    /// out as in its Javadoc, `fp(S) = (x^64 + S(x) · x^64) mod P` with the bit order reversed.
    fn fp_reference(s: &str) -> u64 {
        // Bits of the message, x^0 first: 64 zero bits for `empty`'s x^64 ... done by starting
        // from the polynomial (x^64 mod P), then each char low bit first.
        let p: u128 = (1u128 << 64) | 0xD743_07D3_FD33_82DBu64.reverse_bits() as u128;
        let mut r: u128 = p ^ (1 << 64); // x^64 mod P, as a normal-order polynomial
        for unit in s.encode_utf16() {
            for bit in 0..16 {
                // r = r·x + b·x^64 (mod P): the next message bit enters at degree 64.
                r <<= 1;
                if (unit >> bit) & 1 == 1 {
                    r ^= 1 << 64;
                }
                if r >> 64 & 1 == 1 {
                    r ^= p;
                }
            }
        }
        (r as u64).reverse_bits()
    }

    #[test]
    fn heritrix_fingerprint_known_answers() {
        // Computed with Heritrix's FPGenerator source under javac and cross-checked in Python.
        assert_eq!(heritrix_fp64(""), 0xD743_07D3_FD33_82DB);
        assert_eq!(heritrix_fp64("a"), 0x3E67_E433_17CB_4865);
        assert_eq!(heritrix_fp64("com,example,"), 0x6D03_0D25_2814_4CBD);
        assert_eq!(heritrix_fp64("cn,edu,pku,"), 0xF6AB_81D3_C804_72CC);
        assert_eq!(heritrix_fp64("cn,edu,pku,www,"), 0xB805_7B24_050D_1781);
        for s in [
            "",
            "a",
            "com,example,",
            "北京,cn,",
            "x".repeat(300).as_str(),
        ] {
            assert_eq!(heritrix_fp64(s), fp_reference(s), "{s}");
        }
    }

    #[test]
    fn heritrix_keys_and_nodes() {
        assert_eq!(
            heritrix_class_key("www.pku.edu.cn", None),
            "cn,edu,pku,www,"
        );
        assert_eq!(
            heritrix_class_key("www.example.com", Some(8080)),
            "com,example,www,#8080"
        );
        assert_eq!(heritrix_class_key("127.2.34.5", Some(81)), "127.2.34.5#81");
        // PublicSuffixesTest's expectations, as hosts.
        assert_eq!(
            heritrix_reduced_key("www.example.com", None),
            "com,example,"
        );
        assert_eq!(
            heritrix_reduced_key("www.foobar.com.au", None),
            "au,com,foobar,"
        );
        assert_eq!(
            heritrix_reduced_key("www.virgin.co.uk", None),
            "uk,co,virgin,"
        );
        assert_eq!(
            heritrix_reduced_key("www.example.zzz", None),
            "zzz,example,"
        );
        assert_eq!(heritrix_reduced_key("www.pku.edu.cn", None), "cn,edu,pku,");
        assert_eq!(
            heritrix_reduced_key("www.example.com", Some(8080)),
            "com,example,"
        );
        assert_eq!(heritrix_reduced_key("1.2.3.4", None), "1.2.3.4");
        assert_eq!(
            heritrix_reduced_key("localhost", Some(8080)),
            "localhost,#8080"
        );
        assert_eq!(heritrix_reduced_key("com.cn", None), "cn,com,");
        // fp("cn,edu,pku,") = −672 300 972 767 939 892 as a Java long: % 7 = −6 → node 6;
        // % 10 = −2 → node 2. fp("com,example,") = 7 855 136 628 301 647 037: % 10 = 7.
        assert_eq!(heritrix_node(b"www.pku.edu.cn", None, 7), 6);
        assert_eq!(heritrix_node(b"www.pku.edu.cn", None, 10), 2);
        assert_eq!(heritrix_node(b"www.example.com", Some(8080), 10), 7);
        assert_eq!(heritrix_node(b"www.example.com", None, 3), 1);
    }

    #[test]
    fn policies_parse_and_reject() {
        for id in POLICY_IDS {
            let p = Policy::parse(id, None).unwrap();
            assert!(p.id().starts_with(id), "{id}");
        }
        assert_eq!(
            Policy::parse("host", Some(HashId::Md5)).unwrap().id(),
            "host:md5"
        );
        assert!(Policy::parse("nutch", Some(HashId::Md5)).is_err());
        assert!(Policy::parse("bogus", None)
            .unwrap_err()
            .contains("p2-printed"));
        assert!(Simulation::new(0, &[Policy::Heritrix], &[]).is_err());
        assert!(Simulation::new(3, &[], &[]).is_err());
    }

    fn run(nodes: u32, policies: &[Policy], lines: &[&str]) -> SimulationReport {
        let mut sim = Simulation::new(nodes, policies, &[HashId::PathXor]).unwrap();
        for (i, l) in lines.iter().enumerate() {
            let _ = sim.push(i as u64 + 1, l.as_bytes());
        }
        sim.finish()
    }

    #[test]
    fn control_node_counts_matches_duplicates_and_sites() {
        let r = run(
            3,
            &[Policy::Host(HashId::Xxh3), Policy::P2(HashId::PathRepaired)],
            &[
                "http://a.cn/x",
                "http://a.cn/y",
                "http://A.cn/x", // duplicate: the host is lower-cased
                "http://b.cn/x",
                "mailto:someone@a.cn", // no host
                "http://b.cn/x#frag",  // duplicate: the fragment is not part of the path
            ],
        );
        assert_eq!((r.links, r.urls, r.duplicates, r.sites), (5, 3, 2, 2));
        assert_eq!(r.unsplittable, 1);
        assert_eq!(
            r.first_error.as_deref(),
            Some("line 5: the URL has no host")
        );
        // Site probe for each link, path probe for each link of a known site.
        assert_eq!(r.control_matches, 2 * 5 - 2);
        for p in &r.policies {
            assert_eq!(p.node_urls.iter().sum::<u64>(), 3);
            assert_eq!(p.node_links.iter().sum::<u64>(), 5);
        }
        // Host routing keeps a site on one node.
        let host = &r.policies[0];
        assert!(host.top_sites.iter().all(|s| s.nodes_spanned == 1));
    }

    #[test]
    fn site_hash_collisions_group_hosts_by_their_last_five_chars() {
        let lines = [
            "http://www.pku.edu.cn/",
            "http://www.tsinghua.edu.cn/",
            "http://www.sina.com.cn/",
            "http://news.163.com/",
        ];
        let r = run(2, &[Policy::Host(HashId::Xxh3)], &lines);
        let folded = r
            .site_tables
            .iter()
            .find(|t| t.reading == "site-folded")
            .unwrap();
        // ".edu.cn" and ".com.cn" end in "du.cn" and "om.cn": pku and tsinghua share a slot.
        assert_eq!(folded.sites, 4);
        assert_eq!(folded.collisions, 1);
        assert_eq!(folded.groups.len(), 1);
        let g = &folded.groups[0];
        assert_eq!(g.hosts, 2);
        assert_eq!(g.shared_suffix, ".edu.cn");
        assert_eq!(g.sample, ["www.pku.edu.cn", "www.tsinghua.edu.cn"]);
        let repaired = r
            .site_tables
            .iter()
            .find(|t| t.reading == "site-repaired")
            .unwrap();
        assert_eq!(repaired.collisions, 0);
    }

    #[test]
    fn path_tables_count_slot_collisions_and_the_load_rule() {
        // Under path-xor every path of length 3k has r·s = 0: "/ab" and "/cd" share slot 0.
        let r = run(
            1,
            &[Policy::Url(HashId::Xxh3)],
            &["a.cn/ab", "a.cn/cd", "a.cn/abcd"],
        );
        let t = &r.path_tables[0];
        assert_eq!((t.tables, t.urls), (1, 3));
        assert_eq!(t.collisions, t.urls - t.occupied);
        assert!(t.collisions >= 1);
        assert_eq!(t.rule_paths, 24_576);
        assert_eq!(t.sites_over_rule, 0);
        assert_eq!(t.load_bins.iter().map(|b| b.sites).sum::<u64>(), 1);
    }

    #[test]
    fn fingerprint_set_is_a_set() {
        use std::collections::HashSet;
        let mut set = FingerprintSet::new();
        let mut model = HashSet::new();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for i in 0..200_000u64 {
            let fp = match i % 7 {
                // Repeats, the free-slot marker, and keys crowded into one shard and one home.
                0 => 0,
                1 => (next() % 50) as u128,
                2 => (i as u128) << 64 | 1,
                _ => (next() as u128) << 64 | next() as u128,
            };
            assert_eq!(set.insert(fp), model.insert(fp), "{fp:#x}");
        }
        let mut highs: Vec<u64> = model.iter().map(|&fp| (fp >> 64) as u64).collect();
        highs.sort_unstable();
        assert_eq!(set.into_sorted_high().collect::<Vec<_>>(), highs);
    }

    #[test]
    fn path_tables_stay_exact_past_the_switch_to_bitmaps() {
        let readings = [HashId::PathPrinted, HashId::PathXor, HashId::PathRepaired];
        let mut sim = Simulation::new(3, &[Policy::Host(HashId::Xxh3)], &readings).unwrap();
        let paths: Vec<String> = (0..3 * SLOT_ROWS).map(|i| format!("/p/{i}.html")).collect();
        for (i, p) in paths.iter().enumerate() {
            sim.push(i as u64 + 1, format!("big.cn{p}").as_bytes())
                .unwrap();
            sim.push(i as u64 + 1, format!("small{}.cn{p}", i % 3).as_bytes())
                .unwrap();
        }
        let r = sim.finish();
        for (t, f) in r.path_tables.iter().zip(readings) {
            let slots = |keep: &dyn Fn(usize) -> bool| {
                let mut s: Vec<u32> = paths
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| keep(i))
                    .map(|(_, p)| f.slot(p.as_bytes(), PATH_TABLE_SLOTS))
                    .collect();
                s.sort_unstable();
                s.dedup();
                s.len() as u64
            };
            let big = slots(&|_| true);
            let small: u64 = (0..3).map(|k| slots(&|i| i % 3 == k)).sum();
            assert_eq!(t.occupied, big + small, "{}", t.reading);
            let row = t.largest.iter().find(|r| r.host == "big.cn").unwrap();
            assert_eq!(row.occupied, big, "{}", t.reading);
        }
    }

    #[test]
    fn hosts_whose_hash_collides_stay_apart() {
        let mut sim =
            Simulation::new(2, &[Policy::Host(HashId::Xxh3)], &[HashId::PathXor]).unwrap();
        sim.push(1, b"a.cn/x").unwrap();
        // Pretend b.cn's 64-bit hash is a.cn's.
        let b = xxhash_rust::xxh3::xxh3_64(b"b.cn");
        sim.control.ids.insert(b, 0);
        assert!(sim.push(2, b"b.cn/x").unwrap());
        assert!(sim.push(3, b"b.cn/y").unwrap());
        assert!(!sim.push(4, b"b.cn/x").unwrap());
        assert!(!sim.push(5, b"a.cn/x").unwrap());
        let r = sim.finish();
        assert_eq!((r.sites, r.urls, r.duplicates), (2, 3, 2));
        assert_eq!(r.policies[0].top_sites[0].host, "b.cn");
        assert_eq!(r.policies[0].top_sites[0].urls, 2);
    }

    #[test]
    fn common_paths_are_exact_when_most_paths_are_rare() {
        let mut sim = Simulation::new(2, &[Policy::Url(HashId::Xxh3)], &[]).unwrap();
        let mut line = 0;
        for i in 0..3 * PATH_SUMMARY as u64 {
            line += 1;
            sim.push(line, format!("a.cn/unique/{i}").as_bytes())
                .unwrap();
            if i % 1000 == 0 {
                line += 1;
                sim.push(line, format!("s{i}.cn/common").as_bytes())
                    .unwrap();
            }
        }
        let r = sim.finish();
        let common = 3 * PATH_SUMMARY as u64 / 1000 + 1;
        assert_eq!(r.distinct_paths, 3 * PATH_SUMMARY as u64 + 1);
        assert_eq!(r.common_paths.len(), 1);
        assert_eq!(r.common_paths[0].path, "/common");
        assert_eq!(r.common_paths[0].urls, common);
    }

    #[test]
    fn conservation_every_url_lands_on_exactly_one_node() {
        let corpus = crate::corpus::Corpus::new(7);
        let policies: Vec<Policy> = POLICY_IDS
            .iter()
            .map(|id| Policy::parse(id, None).unwrap())
            .collect();
        let mut sim = Simulation::new(5, &policies, &[HashId::PathRepaired]).unwrap();
        let mut urls = corpus.iter(0, 20_000);
        let mut i = 0;
        while let Some(u) = urls.next_url() {
            i += 1;
            sim.push(i, u).unwrap();
            if i % 3 == 0 {
                sim.push(i, u).unwrap(); // a re-discovered link
            }
        }
        let r = sim.finish();
        assert_eq!(r.urls, 20_000);
        assert_eq!(r.links, 20_000 + 20_000 / 3);
        for p in &r.policies {
            assert_eq!(p.node_urls.iter().sum::<u64>(), r.urls, "{}", p.policy);
            assert_eq!(p.node_links.iter().sum::<u64>(), r.links, "{}", p.policy);
            let hosts: u64 = p.per_node.iter().map(|n| n.hosts).sum();
            assert!(hosts >= r.sites);
            if matches!(p.policy.as_str(), "nutch" | "frontera") || p.policy.starts_with("host:") {
                assert_eq!(
                    hosts, r.sites,
                    "{}: a host-routed site is on one node",
                    p.policy
                );
            }
        }
    }
}
