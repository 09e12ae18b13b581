//! The partition policies: P2's path hash, a hash of the host, domain or URL, and the crawlers'
//! presets, each a rule that sends a [`Link`] to one of n crawl nodes.

use super::crawlers::{
    frontera_key, frontera_raw, heritrix_fp64, heritrix_key_with_port, nutch_key,
};
use crate::foundation::hash::{self, HashId};
use crate::foundation::key::{self, SplitError};

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
    Nutch {
        /// Nutch's `partition.url.seed`, XORed into the host's hash code (0 by default).
        seed: i32,
    },
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
    pub(super) fn needs_domain(&self) -> bool {
        matches!(self, Policy::Domain(_))
    }

    /// Does routing consult the Public Suffix List?
    pub(super) fn needs_suffix_list(&self) -> bool {
        matches!(self, Policy::Domain(_) | Policy::Heritrix)
    }

    /// The node of one link, in `0..n`.
    pub fn node(&self, link: &Link, n: u32) -> u32 {
        self.raw_node(link).node(n)
    }

    /// What the policy computes of a link before it reduces it to a number of nodes: the same
    /// link's node under any `n` is [`RawNode::node`] of it.
    pub fn raw_node(&self, link: &Link) -> RawNode {
        match *self {
            Policy::P2(f) => RawNode::Mod(f.raw(link.path)),
            Policy::Host(f) => RawNode::Mod(f.raw(link.host)),
            Policy::Domain(f) => RawNode::Mod(f.raw(link.domain)),
            Policy::Url(f) => RawNode::Mod(f.raw(link.url)),
            Policy::Nutch { seed } => RawNode::Mod(nutch_raw(&nutch_key(link.url), seed) as u128),
            Policy::Heritrix => RawNode::JavaAbs(heritrix_fp64(&match heritrix_key_with_port(
                link.url, link.port,
            ) {
                Some(key) => key,
                // Heritrix would not crawl it: the fingerprint of its WHATWG host.
                None => String::from_utf8_lossy(link.host).into_owned(),
            }) as i64),
            Policy::Frontera => {
                RawNode::FloorMod(frontera_key(link.url).map_or(0, |h| frontera_raw(h.as_bytes())))
            }
        }
    }
}

/// A policy's value of a link before the reduction to `n` nodes ([`Policy::raw_node`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawNode {
    /// `raw mod n` (P2's readings, the generic hashes, Nutch).
    Mod(u128),
    /// `|raw % n|` with Java's signed `long %` (Heritrix).
    JavaAbs(i64),
    /// `raw mod n` with Python's floor `%` of a signed value (Frontera).
    FloorMod(i64),
}

impl RawNode {
    /// The node among `n >= 1`.
    #[inline]
    pub fn node(self, n: u32) -> u32 {
        match self {
            RawNode::Mod(raw) => hash::reduce(raw, n),
            RawNode::JavaAbs(raw) => (raw % n as i64).unsigned_abs() as u32,
            RawNode::FloorMod(raw) => raw.rem_euclid(n as i64) as u32,
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

/// Nutch `URLPartitioner.getPartition` in `byHost` mode on the text it hashes ([`nutch_key`]):
/// `hashCode = host.hashCode(); hashCode ^= seed; return (hashCode & Integer.MAX_VALUE) % n`.
pub fn nutch_node(host: &[u8], seed: i32, n: u32) -> u32 {
    nutch_raw(host, seed) % n
}

/// Nutch's value before `% n`: `(host.hashCode() ^ seed) & Integer.MAX_VALUE`.
fn nutch_raw(host: &[u8], seed: i32) -> u32 {
    ((hash::java_string_hashcode(host) ^ seed) & i32::MAX) as u32
}

/// One line split once, owning what a [`Link`] borrows: the simulation's and the cost timing's
/// one way from a URL line to its link.
pub struct SplitLine<'a> {
    url: &'a [u8],
    /// The host, lower-case and IDNA-encoded.
    pub host: String,
    /// The path with the query.
    pub path: String,
    port: Option<u16>,
    /// Where the registrable domain starts in `host` (a suffix of it); `None` when not asked for.
    domain_at: Option<usize>,
}

impl<'a> SplitLine<'a> {
    /// Splits `url`; with `domain`, finds its registrable domain too (only the `domain` policy
    /// needs it, and the Public Suffix List lookup is the costly part of a split).
    pub fn new(url: &'a [u8], domain: bool) -> Result<SplitLine<'a>, SplitError> {
        let key::Parts { host, path, port } = key::split(url)?;
        let domain_at = domain.then(|| {
            let d = key::registrable_domain(&host);
            debug_assert!(host.ends_with(d), "{d} is not a suffix of {host}");
            host.len() - d.len()
        });
        Ok(SplitLine {
            url,
            host,
            path,
            port,
            domain_at,
        })
    }

    /// The link the policies route (its domain empty when it was not asked for).
    pub fn link(&self) -> Link<'_> {
        Link {
            url: self.url,
            host: self.host.as_bytes(),
            path: self.path.as_bytes(),
            domain: self
                .domain_at
                .map_or(&b""[..], |at| &self.host.as_bytes()[at..]),
            port: self.port,
        }
    }
}
