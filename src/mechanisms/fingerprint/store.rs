//! P3's URL store as P3 runs it (§3.1–3.2): records with an IP_ID and a Name_ID field, the
//! rule that decides what a new URL does to them, and mirror detection by similarity
//! thresholds.
//!
//! P3 adds two fields to each record of the URL database, IP_ID and Name_ID (the MD5 of
//! `"http://" + IP + path` and of `"http://" + name + path`, see [`HostTable::keys`]). "Each URL
//! found has its name and IP converted into each other and compared with the values in the two
//! fields. **If the IP is the same, the URL is not simply discarded but appended to the field
//! that holds the URLs; a URL with the same name can be discarded outright**" (如果 IP 地址相同,
//! 并不是简单地丢弃, 而是将 URL 以增量的方式添加在存放 URL 的字段后, 相同域名的 URL 可以直接
//! 丢弃). [`UrlStore`] applies that rule to each URL in turn:
//!
//! 1. **repeat**: the URL (as `"http://" + host + path`) was seen before: dropped (P3's MD5
//!    dedup of §2);
//! 2. **same IP**: a record with its IP_ID exists: the URL is *appended* to that record's URL
//!    field (an alias, 异名同址: kept, not dropped);
//! 3. **same name**: a record with its Name_ID exists (under another IP): dropped (a mirror,
//!    同名异址: "visiting one of the mirrors is enough");
//! 4. otherwise a new record.
//!
//! Mirrors no table names are P3's second case: "judge the similarity of the URLs and of their
//! parent URL; if **both the URL similarity and the content similarity are above set
//! thresholds**, the sites are mirrors of each other" (如果 URL 的相似度和内容的相似度都高于设定
//! 的阈值, 则认为这些站点互为镜像). P3 gives no threshold and no measure. The lab's reading
//! ([`MirrorRule`]): a site is the URL's `host[:port]`; the **URL similarity** of two sites is
//! the Jaccard index of their path sets, `|A ∩ B| / |A ∪ B|` (paths include the query); two
//! sites are mirrors when it is at least `min_similarity` and they share at least `min_shared`
//! paths. **Content similarity** needs the pages, which a URL list does not have: the lab
//! cannot test it and treats it as met, so its mirrors are candidates P3 would still check by
//! content. Mirror sites form groups (a pair joins two groups); in each group the site stored
//! first is kept, and a URL of another member is dropped when the kept site has its path.
//!
//! Candidate pairs are found through the paths: each path remembers the site it was first
//! stored on, and a later site holding that path is paired with that site (a mirror copies the
//! paths of a site stored before it). Every such pair gets its exact Jaccard index. The
//! similarity step looks at the first [`MIRROR_URLS`] stored URLs and says when it stopped
//! there.
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::fingerprint::{HostTable, MirrorRule, Placed, UrlStore};
//! let t = HostTable::parse("a.cn 1.1.1.1\nb.cn 1.1.1.1\na.cn 2.2.2.2\n").unwrap();
//! let mut s = UrlStore::new(MirrorRule::default());
//! let mut place = |url: &str| s.push(&t.keys(url.as_bytes()).unwrap());
//! assert_eq!(place("http://a.cn/x"), Placed::New);
//! assert_eq!(place("http://b.cn/x"), Placed::Appended); // alias: same IP, kept
//! assert_eq!(place("http://2.2.2.2/x"), Placed::SameName); // mirror: same name, dropped
//! assert_eq!(place("http://a.cn/x"), Placed::Repeat);
//! let r = s.finish();
//! assert_eq!((r.records, r.stored_urls, r.largest_record), (1, 2, 2));
//! ```

use super::digest::DigestBuild;
use super::site_keys::SiteKeys;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use xxhash_rust::xxh3::xxh3_128;

/// The similarity step looks at this many stored URLs at most.
pub const MIRROR_URLS: u64 = 1 << 20;

/// What P3's rule did with one URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    /// Already stored: dropped.
    Repeat,
    /// A record has its IP_ID: appended to that record.
    Appended,
    /// A record has its Name_ID under another IP: dropped as a mirror.
    SameName,
    /// A new record.
    New,
}

/// The similarity thresholds of P3's mirror test (the lab's reading, see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MirrorRule {
    /// Least Jaccard index of two sites' path sets.
    pub min_similarity: f64,
    /// Least number of shared paths.
    pub min_shared: u64,
}

impl Default for MirrorRule {
    fn default() -> Self {
        MirrorRule {
            min_similarity: 0.9,
            min_shared: 3,
        }
    }
}

/// One step of the store's procedure with the URLs before and after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoreStep {
    /// `repeat`, `same-ip`, `same-name` or `similar-site`.
    pub step: &'static str,
    /// URLs the step saw.
    pub before: u64,
    /// URLs still stored after it.
    pub after: u64,
    /// URLs the step dropped.
    pub dropped: u64,
    /// URLs the step kept in an existing record (appended).
    pub appended: u64,
}

/// Two sites found to be mirrors.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MirrorPair {
    /// The site stored first (kept).
    pub kept: String,
    /// The later site, whose shared paths are dropped.
    pub mirror: String,
    /// Paths both sites hold.
    pub shared: u64,
    /// Jaccard index of the two path sets.
    pub similarity: f64,
}

/// Mirror detection by similarity.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MirrorReport {
    /// The thresholds applied.
    pub rule: MirrorRule,
    /// Sites (`host[:port]`) among the stored URLs it looked at.
    pub sites: u64,
    /// Site pairs compared: a later site holding a path first stored on an earlier one.
    pub pairs_examined: u64,
    /// Pairs over both thresholds.
    pub mirror_pairs: u64,
    /// Groups of mirror sites.
    pub groups: u64,
    /// URLs dropped: on a mirror, with a path its group's kept site has.
    pub dropped: u64,
    /// Records gone with them (a dropped URL that headed its record; an appended one did not).
    pub dropped_records: u64,
    /// The stored URLs left out of the step (beyond [`MIRROR_URLS`]).
    pub not_examined: u64,
    /// The most similar pairs over the thresholds, most similar first (10 at most).
    pub top: Vec<MirrorPair>,
}

/// P3's store after a URL list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoreReport {
    /// URLs fed (parsed ones).
    pub urls: u64,
    /// Records left after the four steps (one per IP_ID given a record: a page, whose aliases
    /// were appended to it).
    pub records: u64,
    /// URLs stored in the records after the rule (records plus appended URLs).
    pub stored_urls: u64,
    /// URLs in the largest record.
    pub largest_record: u64,
    /// The four steps with their before / after counts.
    pub steps: Vec<StoreStep>,
    /// The similar-site step: mirror pairs found and URLs dropped.
    pub mirrors: MirrorReport,
}

/// P3's URL store: feed [`SiteKeys`] with [`push`](UrlStore::push), then [`finish`](UrlStore::finish).
pub struct UrlStore {
    rule: MirrorRule,
    urls: u64,
    repeats: u64,
    appended: u64,
    same_name: u64,
    seen: HashSet<u128, DigestBuild>,
    by_ip: HashMap<u128, u32, DigestBuild>,
    by_name: HashSet<u128, DigestBuild>,
    record_urls: Vec<u64>,
    /// Sites by the XXH3-128 of `"http://" + host[:port]`, numbered in order of their first stored URL.
    site_index: HashMap<u128, u32, DigestBuild>,
    site_names: Vec<String>,
    /// Each site's paths: the path's key with its lowest bit set when the URL heads a record
    /// (clear when it was appended), see [`path_key`].
    site_paths: Vec<HashSet<u128, DigestBuild>>,
    /// The site each path was first stored on (by the path's key, lowest bit clear).
    first_site: HashMap<u128, u32, DigestBuild>,
    /// Candidate pairs `earlier << 32 | later`.
    pairs: HashSet<u128, DigestBuild>,
    examined: u64,
}

/// A path's key in a site's set: its XXH3-128 (a table key, not one of P3's digests) with the
/// lowest bit cleared, then set when its URL heads a record.
fn path_key(path: &str, head: bool) -> u128 {
    xxh3_128(path.as_bytes()) & !1 | u128::from(head)
}

fn holds(paths: &HashSet<u128, DigestBuild>, key: u128) -> bool {
    paths.contains(&(key & !1)) || paths.contains(&(key | 1))
}

impl UrlStore {
    /// An empty store with the mirror thresholds `rule`.
    pub fn new(rule: MirrorRule) -> UrlStore {
        UrlStore {
            rule,
            urls: 0,
            repeats: 0,
            appended: 0,
            same_name: 0,
            seen: HashSet::default(),
            by_ip: HashMap::default(),
            by_name: HashSet::default(),
            record_urls: Vec::new(),
            site_index: HashMap::default(),
            site_names: Vec::new(),
            site_paths: Vec::new(),
            first_site: HashMap::default(),
            pairs: HashSet::default(),
            examined: 0,
        }
    }

    /// Applies P3's rule to one URL's keys.
    pub fn push(&mut self, keys: &SiteKeys) -> Placed {
        self.urls += 1;
        let placed = if !self.seen.insert(keys.host_id) {
            self.repeats += 1;
            return Placed::Repeat;
        } else if let Some(&r) = self.by_ip.get(&keys.ip_id) {
            self.record_urls[r as usize] += 1;
            self.appended += 1;
            Placed::Appended
        } else if self.by_name.contains(&keys.name_id) {
            self.same_name += 1;
            return Placed::SameName;
        } else {
            self.by_ip.insert(keys.ip_id, self.record_urls.len() as u32);
            self.by_name.insert(keys.name_id);
            self.record_urls.push(1);
            Placed::New
        };
        if self.examined < MIRROR_URLS {
            self.examined += 1;
            let (site, path) = keys.host_key.split_at(keys.site_len);
            let next = self.site_names.len() as u32;
            let i = *self
                .site_index
                .entry(xxh3_128(site.as_bytes()))
                .or_insert(next);
            if i == next {
                self.site_names.push(site.to_owned());
                self.site_paths.push(HashSet::default());
            }
            let key = path_key(path, placed == Placed::New);
            self.site_paths[i as usize].insert(key);
            let first = *self.first_site.entry(key & !1).or_insert(i);
            if first != i {
                self.pairs.insert(u128::from(first) << 32 | u128::from(i));
            }
        }
        placed
    }

    /// The report: records left, and the four steps (`repeat`, `same-ip`, `same-name`,
    /// `similar-site`) with their counts.
    pub fn finish(self) -> StoreReport {
        let stored = self.record_urls.iter().sum::<u64>();
        let mirrors = self.mirrors(stored);
        let mut steps = Vec::with_capacity(4);
        let mut before = self.urls;
        for (step, dropped, appended) in [
            ("repeat", self.repeats, 0),
            ("same-ip", 0, self.appended),
            ("same-name", self.same_name, 0),
            ("similar-site", mirrors.dropped, 0),
        ] {
            steps.push(StoreStep {
                step,
                before,
                after: before - dropped,
                dropped,
                appended,
            });
            before -= dropped;
        }
        StoreReport {
            urls: self.urls,
            records: self.record_urls.len() as u64 - mirrors.dropped_records,
            stored_urls: stored - mirrors.dropped,
            largest_record: self.record_urls.iter().copied().max().unwrap_or(0),
            steps,
            mirrors,
        }
    }

    fn mirrors(&self, stored: u64) -> MirrorReport {
        let n = self.site_paths.len();
        // Each site points towards the first-stored site of its group.
        let mut root: Vec<u32> = (0..n as u32).collect();
        fn find(root: &mut [u32], mut i: u32) -> u32 {
            while root[i as usize] != i {
                root[i as usize] = root[root[i as usize] as usize];
                i = root[i as usize];
            }
            i
        }
        let mut found = 0;
        // The most similar pairs, most similar first (then most shared, then first stored).
        let mut top: Vec<(f64, u64, u32, u32)> = Vec::new();
        for &pair in &self.pairs {
            let (a, b) = ((pair >> 32) as u32, pair as u32);
            let (pa, pb) = (&self.site_paths[a as usize], &self.site_paths[b as usize]);
            let (small, large) = if pa.len() <= pb.len() {
                (pa, pb)
            } else {
                (pb, pa)
            };
            let shared = small.iter().filter(|&&p| holds(large, p)).count() as u64;
            let similarity = shared as f64 / ((pa.len() + pb.len()) as u64 - shared) as f64;
            if shared < self.rule.min_shared || similarity < self.rule.min_similarity {
                continue;
            }
            found += 1;
            let (ra, rb) = (find(&mut root, a), find(&mut root, b));
            root[ra.max(rb) as usize] = ra.min(rb);
            let entry = (similarity, shared, a, b);
            let at = top
                .iter()
                .position(|t| {
                    (t.0, t.1, u32::MAX - t.2, u32::MAX - t.3)
                        < (entry.0, entry.1, u32::MAX - a, u32::MAX - b)
                })
                .unwrap_or(top.len());
            if at < 10 {
                top.insert(at, entry);
                top.truncate(10);
            }
        }
        let (mut dropped, mut dropped_records) = (0, 0);
        let mut has_members = vec![false; n];
        for i in 0..n as u32 {
            let r = find(&mut root, i);
            if r != i {
                has_members[r as usize] = true;
                let kept = &self.site_paths[r as usize];
                for &p in &self.site_paths[i as usize] {
                    if holds(kept, p) {
                        dropped += 1;
                        dropped_records += (p & 1) as u64;
                    }
                }
            }
        }
        MirrorReport {
            rule: self.rule,
            sites: n as u64,
            pairs_examined: self.pairs.len() as u64,
            mirror_pairs: found,
            groups: has_members.iter().filter(|&&m| m).count() as u64,
            dropped,
            dropped_records,
            not_examined: stored - self.examined,
            top: top
                .into_iter()
                .map(|(similarity, shared, a, b)| MirrorPair {
                    kept: self.site_names[a as usize].clone(),
                    mirror: self.site_names[b as usize].clone(),
                    shared,
                    similarity,
                })
                .collect(),
        }
    }
}
