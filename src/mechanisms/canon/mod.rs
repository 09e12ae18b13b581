//! Which URLs are "the same page": named canonicalisation schemes, and what each merges on a
//! URL list (beyond the papers; P3's Name_ID is one of them).
//!
//! Crawlers disagree about which spellings of a URL are one page. Each [`Scheme`] maps a line
//! to a canonical form; two lines a scheme maps to one form are one page to it. The
//! [`EquivalenceStudy`] counts, per scheme, the distinct pages of a list, the groups of
//! spellings it merged (largest first), the lines it refuses (no host), and, for every two
//! schemes A and B, the pairs of spellings A merges and B keeps apart:
//! `Σ over A's groups g of C(|g|, 2) − Σ over (g, B-form) of C(n, 2)`.
//!
//! | scheme | source |
//! |---|---|
//! | [`Scheme::Whatwg`] | the WHATWG URL Standard's serialisation (the `url` crate) |
//! | [`Scheme::Rfc3986`] | RFC 3986 §6.2.2-6.2.3 normalisation ([`rfc3986`]) |
//! | [`Scheme::SafeBrowsing`] | Google Safe Browsing v4 canonicalisation ([`safe_browsing`]) |
//! | [`Scheme::Nutch`] | Apache Nutch 1.22's basic URL normaliser ([`nutch`]) |
//! | [`Scheme::W3lib`] | Scrapy's `canonicalize_url`, w3lib 2.5.0 ([`w3lib`]) |
//! | [`Scheme::StormCrawler`] | StormCrawler 3.4.0's basic URL normaliser, its templates' options ([`stormcrawler`]) |
//! | [`Scheme::P3`] | P3's key: `"http://" + host + path`, the fragment dropped |
//!
//! A line a scheme refuses is never dropped: it stays its own page (its bytes as they are) and
//! is counted in [`SchemeRow::refused`].
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::canon::{EquivalenceStudy, Scheme};
//! let mut s = EquivalenceStudy::new(&Scheme::ALL);
//! for line in ["http://a.cn/x", "HTTP://A.CN:80/x", "http://a.cn/x#top", "http://a.cn/%78"] {
//!     s.push(line.as_bytes());
//! }
//! let r = s.finish(5);
//! let distinct = |id: &str| r.schemes.iter().find(|row| row.scheme == id).unwrap().distinct;
//! assert_eq!(distinct("whatwg"), 3); // #top and %78 stay apart
//! assert_eq!(distinct("rfc3986"), 2); // %78 is x; the fragment stays
//! assert_eq!(distinct("safe-browsing"), 1);
//! ```

mod effects;
pub mod nutch;
pub mod rfc3986;
pub mod safe_browsing;
pub mod stormcrawler;
pub mod w3lib;

pub use effects::{
    merging_rules, p2_node, Effects, Respelling, BLOOM_BITS_PER_SPELLING, BLOOM_K, BLOOM_PROBES,
    P2_FUNCTION, P2_NODES, RULES,
};

use crate::foundation::key;
use serde::Serialize;
use std::collections::HashMap;
use xxhash_rust::xxh3::xxh3_128;

/// One canonicalisation scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    /// The URL as the WHATWG URL Standard serialises it (the `url` crate 2.5): scheme and host
    /// in lower case, IDNA, default port dropped, dot segments resolved, the fragment kept.
    Whatwg,
    /// RFC 3986's normalisation ([`rfc3986`]).
    Rfc3986,
    /// Google Safe Browsing's canonicalisation ([`safe_browsing`]).
    SafeBrowsing,
    /// Apache Nutch's basic URL normaliser, release 1.22, default configuration ([`nutch`]).
    Nutch,
    /// Scrapy's `canonicalize_url`, w3lib 2.5.0, default arguments ([`w3lib`]).
    W3lib,
    /// StormCrawler's basic URL normaliser, release 3.4.0, with the options its project
    /// templates switch on ([`stormcrawler`]).
    StormCrawler,
    /// P3's key before its host table: `"http://" + host[:port] + path?query`, host as the
    /// WHATWG parser gives it, any scheme written `http://`, the fragment dropped.
    P3,
}

impl Scheme {
    /// Every scheme, in the order reports list them.
    pub const ALL: [Scheme; 7] = [
        Scheme::Whatwg,
        Scheme::Rfc3986,
        Scheme::SafeBrowsing,
        Scheme::Nutch,
        Scheme::W3lib,
        Scheme::StormCrawler,
        Scheme::P3,
    ];

    /// The scheme's id (`urlhash canon --scheme`, report fields).
    pub fn id(self) -> &'static str {
        match self {
            Scheme::Whatwg => "whatwg",
            Scheme::Rfc3986 => "rfc3986",
            Scheme::SafeBrowsing => "safe-browsing",
            Scheme::Nutch => "nutch",
            Scheme::W3lib => "w3lib",
            Scheme::StormCrawler => "stormcrawler",
            Scheme::P3 => "p3",
        }
    }

    /// The scheme with id `id`.
    pub fn parse(id: &str) -> Option<Scheme> {
        Scheme::ALL.into_iter().find(|s| s.id() == id)
    }

    /// Where the scheme's rules are written, and which version the lab follows.
    pub fn source(self) -> &'static str {
        match self {
            Scheme::Whatwg => "WHATWG URL Standard, via the url crate 2.5",
            Scheme::Rfc3986 => "RFC 3986 (2005), sections 6.2.2 and 6.2.3",
            Scheme::SafeBrowsing => {
                "Google Safe Browsing Update API v4, URLs and Hashing: Canonicalization"
            }
            Scheme::Nutch => "Apache Nutch 1.22, urlnormalizer-basic, default configuration",
            Scheme::W3lib => "Scrapy's w3lib 2.5.0, canonicalize_url, default arguments",
            Scheme::StormCrawler => {
                "StormCrawler 3.4.0, BasicURLNormalizer, the archetypes' options"
            }
            Scheme::P3 => "P3 (Yang et al. 2006): \"http://\" + name + path",
        }
    }

    /// The canonical form of one line, or why the scheme has none.
    pub fn canonical(self, line: &[u8]) -> Result<String, Refusal> {
        match self {
            Scheme::Whatwg => {
                let text = String::from_utf8_lossy(line);
                key::parse_url(text.trim_matches(|c: char| c <= ' '))
                    .ok()
                    .filter(|u| u.host_str().is_some_and(|h| !h.is_empty()))
                    .map(String::from)
                    .ok_or(Refusal::NotAUrl)
            }
            Scheme::Rfc3986 => rfc3986::canonical(line).map_err(|_| Refusal::NoHost),
            Scheme::SafeBrowsing => safe_browsing::canonical(line).map_err(|_| Refusal::NoHost),
            Scheme::Nutch => nutch::canonical(line).map_err(|_| Refusal::NotAUrl),
            Scheme::W3lib => w3lib::canonical(line).map_err(|e| match e {
                w3lib::W3libError::Invalid => Refusal::NotAUrl,
                w3lib::W3libError::NoHost => Refusal::NoHost,
            }),
            Scheme::StormCrawler => stormcrawler::canonical(line).map_err(|_| Refusal::NotAUrl),
            Scheme::P3 => {
                let p = key::split(line).map_err(|_| Refusal::NotAUrl)?;
                let port = p.port.map(|n| format!(":{n}")).unwrap_or_default();
                Ok(format!("http://{}{port}{}", p.host, p.path))
            }
        }
    }
}

/// Why a scheme gives a line no canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// The parser the scheme relies on does not read the line as a URL with a host.
    NotAUrl,
    /// The scheme's own steps leave no host.
    NoHost,
}

/// One group of spellings a scheme makes one page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// The canonical form they share.
    pub canonical: String,
    /// Distinct spellings (different lines) in the group.
    pub spellings: u64,
    /// Lines in the group, repeats included.
    pub lines: u64,
    /// Up to the report's `examples` spellings, in the order first read.
    pub examples: Vec<String>,
    /// The named respellings that separate its first two spellings ([`merging_rules`]).
    pub rules: Vec<&'static str>,
}

/// What one scheme makes of the list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchemeRow {
    /// [`Scheme::id`].
    pub scheme: &'static str,
    /// [`Scheme::source`].
    pub source: &'static str,
    /// Distinct pages: canonical forms, plus each refused spelling on its own.
    pub distinct: u64,
    /// Distinct spellings the scheme refused (kept apart, each its own page).
    pub refused: u64,
    /// Groups of two or more spellings it merged.
    pub merged_groups: u64,
    /// Spellings in those groups.
    pub merged_spellings: u64,
    /// The largest groups (most spellings; then most lines; then the canonical form).
    pub largest: Vec<Group>,
    /// What the merging changes downstream ([`Effects`]).
    pub effects: Effects,
}

/// Pairs of spellings one scheme merges and another keeps apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// The scheme that merges them.
    pub merges: &'static str,
    /// The scheme that keeps them apart.
    pub keeps_apart: &'static str,
    /// How many such pairs.
    pub pairs: u64,
    /// One such pair, the first found in reading order.
    pub example: Option<(String, String)>,
}

/// The equivalence report of a list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EquivalenceReport {
    /// Lines read.
    pub lines: u64,
    /// Distinct lines (byte for byte).
    pub spellings: u64,
    /// One row per scheme, in the order asked.
    pub schemes: Vec<SchemeRow>,
    /// Every ordered pair of schemes with the pairs one merges and the other keeps apart.
    pub disagreements: Vec<Disagreement>,
    /// The first lines that were each followed by a respelling ([`Respelling`]), when asked.
    pub respelled: u64,
    /// Respelled lines added (a line a respelling cannot change gets none).
    pub respellings: u64,
    /// The knock-on effects of the list as written (distinct spellings).
    pub as_written: Effects,
    /// The settings of the knock-on effects.
    pub knock_on: KnockOn,
}

/// The settings of the knock-on effects ([`Effects`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KnockOn {
    /// [`BLOOM_BITS_PER_SPELLING`].
    pub bloom_bits_per_spelling: u64,
    /// [`BLOOM_K`].
    pub bloom_k: u32,
    /// [`BLOOM_PROBES`].
    pub bloom_probes: u64,
    /// [`P2_NODES`].
    pub p2_nodes: u32,
    /// [`P2_FUNCTION`]'s id.
    pub p2_function: &'static str,
}

/// Reads lines and finds, for each scheme, which spellings it makes one page.
#[derive(Debug)]
pub struct EquivalenceStudy {
    schemes: Vec<Scheme>,
    /// Each distinct spelling, by the XXH3-128 of its bytes: its index.
    spelling_of: HashMap<u128, u32>,
    /// Each spelling's bytes and how many lines it was.
    spellings: Vec<(Box<[u8]>, u64)>,
    /// Per scheme: the XXH3-128 of a canonical form → its group; per spelling, its group
    /// (refused: `u32::MAX`). Forms are kept as 128-bit hashes (two forms share one with
    /// probability about n²/2¹²⁹, 10⁻²⁷ for a million) and written out again from a group's
    /// first spelling.
    forms: Vec<HashMap<u128, u32>>,
    group_of: Vec<Vec<u32>>,
    refused: Vec<u64>,
    lines: u64,
    /// Per spelling, P2's node of it as written ([`p2_node`]).
    node_of: Vec<u8>,
    /// Per scheme: P2's node loads of its pages; spellings whose form differs from their bytes.
    loads: Vec<Vec<u64>>,
    changed: Vec<u64>,
    /// Respell the first this many lines ([`EquivalenceStudy::with_respellings`]).
    respell: u64,
    respelled: u64,
    respellings: u64,
}

const REFUSED: u32 = u32::MAX;

impl EquivalenceStudy {
    /// A study of `schemes` (in this order).
    pub fn new(schemes: &[Scheme]) -> EquivalenceStudy {
        EquivalenceStudy {
            schemes: schemes.to_vec(),
            spelling_of: HashMap::new(),
            spellings: Vec::new(),
            forms: vec![HashMap::new(); schemes.len()],
            group_of: vec![Vec::new(); schemes.len()],
            refused: vec![0; schemes.len()],
            lines: 0,
            node_of: Vec::new(),
            loads: vec![vec![0; P2_NODES as usize]; schemes.len()],
            changed: vec![0; schemes.len()],
            respell: 0,
            respelled: 0,
            respellings: 0,
        }
    }

    /// The same study with each of the first `lines` lines followed by a respelling of it
    /// ([`Respelling::nth`]): the learner's choice, counted in the report.
    pub fn with_respellings(mut self, lines: u64) -> EquivalenceStudy {
        self.respell = lines;
        self
    }

    /// Lines read so far (respellings included), distinct spellings among them and each
    /// scheme's distinct pages so far.
    pub fn so_far(&self) -> (u64, u64, Vec<u64>) {
        let distinct = (0..self.schemes.len())
            .map(|s| self.forms[s].len() as u64 + self.refused[s])
            .collect();
        (self.lines, self.spellings.len() as u64, distinct)
    }

    /// Reads one line (already without its line ending), and its respelling when asked.
    pub fn push(&mut self, line: &[u8]) {
        self.push_one(line);
        if self.respelled < self.respell {
            if let Some(other) = Respelling::nth(self.respelled).apply(line) {
                self.push_one(&other);
                self.respellings += 1;
            }
            self.respelled += 1;
        }
    }

    fn push_one(&mut self, line: &[u8]) {
        self.lines += 1;
        let key = xxh3_128(line);
        if let Some(&i) = self.spelling_of.get(&key) {
            self.spellings[i as usize].1 += 1;
            return;
        }
        let index = self.spellings.len() as u32;
        self.spelling_of.insert(key, index);
        self.spellings.push((line.into(), 1));
        let node = p2_node(line);
        self.node_of.push(node);
        for (s, scheme) in self.schemes.iter().enumerate() {
            let group = match scheme.canonical(line) {
                Ok(form) => {
                    let next = self.forms[s].len() as u32;
                    let group = *self.forms[s]
                        .entry(xxh3_128(form.as_bytes()))
                        .or_insert(next);
                    if group == next {
                        self.loads[s][p2_node(form.as_bytes()) as usize] += 1;
                    }
                    self.changed[s] += u64::from(form.as_bytes() != line);
                    group
                }
                Err(_) => {
                    self.refused[s] += 1;
                    self.loads[s][node as usize] += 1;
                    REFUSED
                }
            };
            self.group_of[s].push(group);
        }
    }

    /// The report, with up to `examples` spellings per group and as many largest groups.
    pub fn finish(self, examples: usize) -> EquivalenceReport {
        let n = self.spellings.len();
        let text = |i: usize| String::from_utf8_lossy(&self.spellings[i].0).into_owned();
        let mut rows = Vec::with_capacity(self.schemes.len());
        // Per scheme: each group's members, in reading order.
        let mut members: Vec<Vec<Vec<u32>>> = Vec::with_capacity(self.schemes.len());
        for (s, scheme) in self.schemes.iter().enumerate() {
            let mut m: Vec<Vec<u32>> = vec![Vec::new(); self.forms[s].len()];
            for (i, &g) in self.group_of[s].iter().enumerate() {
                if g != REFUSED {
                    m[g as usize].push(i as u32);
                }
            }
            // Each merged group with its first two spellings in reading order.
            let mut merged: Vec<(Group, [u32; 2])> = m
                .iter()
                .filter(|g| g.len() > 1)
                .map(|ids| {
                    let group = Group {
                        canonical: scheme
                            .canonical(&self.spellings[ids[0] as usize].0)
                            .unwrap_or_default(),
                        spellings: ids.len() as u64,
                        lines: ids.iter().map(|&i| self.spellings[i as usize].1).sum(),
                        examples: ids
                            .iter()
                            .take(examples)
                            .map(|&i| text(i as usize))
                            .collect(),
                        rules: Vec::new(),
                    };
                    (group, [ids[0], ids[1]])
                })
                .collect();
            let merged_groups = merged.len() as u64;
            let merged_spellings = merged.iter().map(|(g, _)| g.spellings).sum();
            merged.sort_by(|(a, _), (b, _)| {
                b.spellings
                    .cmp(&a.spellings)
                    .then(b.lines.cmp(&a.lines))
                    .then(a.canonical.cmp(&b.canonical))
            });
            merged.truncate(examples);
            let merged: Vec<Group> = merged
                .into_iter()
                .map(|(mut g, [a, b])| {
                    g.rules = merging_rules(&text(a as usize), &text(b as usize));
                    g
                })
                .collect();
            let split_groups = m
                .iter()
                .filter(|ids| {
                    ids.iter()
                        .any(|&i| self.node_of[i as usize] != self.node_of[ids[0] as usize])
                })
                .count() as u64;
            let distinct = self.forms[s].len() as u64 + self.refused[s];
            let refused_pages = self.group_of[s]
                .iter()
                .zip(&self.spellings)
                .filter(|(&g, _)| g == REFUSED)
                .map(|(_, (b, _))| xxh3_128(b));
            let effects = Effects::new(
                distinct,
                self.changed[s],
                effects::bloom_fpr(n as u64, self.forms[s].keys().copied().chain(refused_pages)),
                self.loads[s].clone(),
                split_groups,
            );
            rows.push(SchemeRow {
                scheme: scheme.id(),
                source: scheme.source(),
                distinct: self.forms[s].len() as u64 + self.refused[s],
                refused: self.refused[s],
                merged_groups,
                merged_spellings,
                largest: merged,
                effects,
            });
            members.push(m);
        }
        let mut disagreements = Vec::new();
        for (a, groups_a) in members.iter().enumerate() {
            for b in 0..self.schemes.len() {
                if a == b {
                    continue;
                }
                let mut pairs = 0u64;
                let mut example = None;
                for ids in groups_a.iter().filter(|g| g.len() > 1) {
                    let total = choose2(ids.len() as u64);
                    let mut by_b: HashMap<u32, u64> = HashMap::new();
                    // A spelling B refuses is its own page to B: in no pair B merges.
                    for &i in ids {
                        let g = self.group_of[b][i as usize];
                        if g != REFUSED {
                            *by_b.entry(g).or_insert(0) += 1;
                        }
                    }
                    let together: u64 = by_b.values().map(|&c| choose2(c)).sum();
                    let apart = total - together;
                    if apart > 0 && example.is_none() {
                        let first = ids[0] as usize;
                        let other = ids
                            .iter()
                            .map(|&i| i as usize)
                            .filter(|&i| i != first)
                            .find(|&i| {
                                self.group_of[b][i] != self.group_of[b][first]
                                    || self.group_of[b][i] == REFUSED
                            })
                            .unwrap_or(first);
                        example = Some((text(first), text(other)));
                    }
                    pairs += apart;
                }
                disagreements.push(Disagreement {
                    merges: self.schemes[a].id(),
                    keeps_apart: self.schemes[b].id(),
                    pairs,
                    example,
                });
            }
        }
        let mut loads = vec![0; P2_NODES as usize];
        for &node in &self.node_of {
            loads[node as usize] += 1;
        }
        let as_written = Effects::new(
            n as u64,
            0,
            effects::bloom_fpr(n as u64, self.spelling_of.keys().copied()),
            loads,
            0,
        );
        EquivalenceReport {
            lines: self.lines,
            spellings: n as u64,
            schemes: rows,
            disagreements,
            respelled: self.respelled,
            respellings: self.respellings,
            as_written,
            knock_on: KnockOn {
                bloom_bits_per_spelling: BLOOM_BITS_PER_SPELLING,
                bloom_k: BLOOM_K,
                bloom_probes: BLOOM_PROBES,
                p2_nodes: P2_NODES,
                p2_function: P2_FUNCTION.info().key,
            },
        }
    }
}

/// The byte the escape `%HH` (either case of hex) at `at` in `b` stands for, if one starts there.
pub(crate) fn escaped_byte(b: &[u8], at: usize) -> Option<u8> {
    if b.get(at) != Some(&b'%') {
        return None;
    }
    let hex = |c: Option<&u8>| c.and_then(|&c| (c as char).to_digit(16));
    Some((hex(b.get(at + 1))? * 16 + hex(b.get(at + 2))?) as u8)
}

/// Every `%HH` of `bytes` decoded once (a `%` without two hex digits stays), and whether any was.
pub(crate) fn decode_escapes(bytes: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(bytes.len());
    let mut changed = false;
    let mut i = 0;
    while i < bytes.len() {
        match escaped_byte(bytes, i) {
            Some(v) => {
                out.push(v);
                i += 3;
                changed = true;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    (out, changed)
}

fn choose2(n: u64) -> u64 {
    n * n.saturating_sub(1) / 2
}

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
