//! P3 = 杨海东, 叶小岭, 张颖超, 基于 Hash 算法实现搜索引擎中重复 WEB 页面的消除 (微计算机信息
//! 22(9-3), 2006): its printed numbers and the P3 study, every measure of
//! [`crate::mechanisms::fingerprint`] on one URL list, as `urlhash fingerprint` reports it.
//!
//! P3 gives every URL the 128-bit MD5 digest of its text as its id and claims two inputs share
//! it with probability 10^-24; the study measures duplicates, short-fingerprint collisions
//! against the birthday bound `1 − exp(−n(n−1)/2^(b+1))`, the avalanche of its Table 1, the two
//! digests it printed, and the normalisations that decide what is "the same page".

use crate::foundation::hash::{md5_blocks, md5_u128};
use crate::foundation::printed::P3Printed;
use crate::foundation::printed::{P3_WEB_LINKS, P3_WEB_PAGES};
use crate::mechanisms::fingerprint::*;
use serde::Serialize;

/// Widths whose collisions the study measures.
pub const STUDY_BITS: [u32; 3] = [16, 24, 32];
/// The avalanche is measured on the first this many URLs (each against its [`variants`]).
pub const AVALANCHE_URLS: u64 = 100_000;

/// P3's fingerprints on the input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InputFingerprints {
    /// URL lines fed.
    pub lines: u64,
    /// Distinct MD5 fingerprints: the URLs P3's store keeps.
    pub distinct_md5: u64,
    /// Lines dropped as duplicates by MD5.
    pub duplicate_lines: u64,
    /// Duplicates by MD5 whose 64-bit XXH3 differs from the first line's with that digest:
    /// proven MD5 collisions (0 expected).
    pub md5_collisions: u64,
    /// `distinct_md5 · 16` bytes: P3's id store for this input.
    pub store_bytes: u64,
    /// The birthday bound for this many distinct URLs at 128 bits.
    pub collision_probability: f64,
    /// `log10` of [`collision_probability`](InputFingerprints::collision_probability), finite where
    /// the probability itself underflows.
    pub log10_collision_probability: f64,
}

/// One row of P3's Table 1 rebuilt: a URL, its digest, and bits differing from the first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table1Row {
    /// The URL as text (invalid UTF-8 shown as U+FFFD).
    pub url: String,
    /// Its MD5 digest, 32 lower-case hex digits.
    pub digest: String,
    /// Bits of the digest that differ from the first URL's (0 for the first; about 64 expected).
    pub differing_bits_from_first: u32,
    /// How this URL was made from the first (`None` for the first).
    pub kind: Option<VariantKind>,
}

/// The `urlhash paper p3` report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P3Report {
    /// P3's printed numbers.
    pub printed: P3Printed,
    /// P3's 10^-24 beside the birthday bound, for P3's pages and links.
    pub birthday: BirthdayReport,
    /// Both printed digests against what they could be the digest of, IP_ID then Name_ID.
    pub reveals: Vec<Reveal>,
    /// The input's fingerprints: duplicates, proven MD5 collisions, the store's size.
    pub input: InputFingerprints,
    /// Collisions of b-bit fingerprints on the input's distinct URLs (b in [`STUDY_BITS`]).
    pub truncated: Vec<TruncatedRow>,
    /// URLs whose variants the avalanche was measured on.
    pub avalanche_urls: u64,
    /// Bits changed between each URL's digest and its variants' digests, over
    /// [`avalanche_urls`](P3Report::avalanche_urls) URLs.
    pub avalanche: AvalancheStats,
    /// The first URL and two of its variants, as P3's Table 1 showed three similar URLs.
    pub table1: Vec<Table1Row>,
    /// The first URL against its first variant, for the page's two rows of bits.
    pub example: Option<Avalanche>,
    /// P3's IP_ID and Name_ID, when a host table was given.
    pub sites: Option<SitesReport>,
    /// What the numbers say, one sentence each.
    pub findings: Vec<String>,
}

/// P3 measured on a URL list: feed lines with [`P3Study::push`], then [`P3Study::finish`].
///
/// # Example
/// ```
/// use urlhashlab::papers::p3::P3Study;
/// let mut s = P3Study::new();
/// for (i, u) in ["http://a.cn/1", "http://a.cn/2", "http://a.cn/1"].iter().enumerate() {
///     s.push(i as u64 + 1, u.as_bytes());
/// }
/// let r = s.finish();
/// assert_eq!((r.input.distinct_md5, r.input.duplicate_lines), (2, 1));
/// assert_eq!(r.reveals[0].matches[0].text, "");
/// assert!(r.reveals[1].matches.is_empty());
/// ```
pub struct P3Study {
    lines: u64,
    truncated: TruncatedCollisions,
    avalanche: AvalancheTally,
    avalanche_urls: u64,
    first: Option<Vec<u8>>,
    sites: Option<SitesStudy>,
}

impl Default for P3Study {
    fn default() -> Self {
        P3Study::new()
    }
}

impl P3Study {
    /// A study without a host table: no IP_ID or Name_ID ([`P3Report::sites`] is `None`).
    pub fn new() -> P3Study {
        P3Study {
            lines: 0,
            truncated: TruncatedCollisions::new(&STUDY_BITS).expect("valid widths"),
            avalanche: AvalancheTally::new(),
            avalanche_urls: 0,
            first: None,
            sites: None,
        }
    }

    /// The study with P3's IP_ID and Name_ID from a host table, and its store's mirror test.
    pub fn with_hosts(table: HostTable, mirrors: MirrorRule) -> P3Study {
        P3Study {
            sites: Some(SitesStudy::with_mirrors(table, mirrors)),
            ..P3Study::new()
        }
    }

    /// One URL line with its 1-based line number: New or Duplicate by its MD5 fingerprint.
    pub fn push(&mut self, line: u64, url: &[u8]) -> Insert {
        self.lines += 1;
        if self.first.is_none() {
            self.first = Some(url.to_vec());
        }
        if self.avalanche_urls < AVALANCHE_URLS {
            self.avalanche.add_url(url);
            self.avalanche_urls += 1;
        }
        if let Some(s) = &mut self.sites {
            // Lines without a host are counted in the sites report.
            let _ = s.push(line, url);
        }
        self.truncated.push(url)
    }

    /// Lines read so far, and the distinct MD5 fingerprints among them.
    pub fn so_far(&self) -> (u64, u64) {
        (self.lines, self.truncated.distinct())
    }

    /// The report, with P3's printed numbers beside the measures.
    pub fn finish(mut self) -> P3Report {
        let distinct = self.truncated.distinct();
        let input = InputFingerprints {
            lines: self.lines,
            distinct_md5: distinct,
            duplicate_lines: self.truncated.duplicates(),
            md5_collisions: self.truncated.md5_collisions(),
            store_bytes: distinct * 16,
            collision_probability: collision_probability(distinct, 128),
            log10_collision_probability: log10_collision_probability(distinct, 128),
        };
        let truncated = self.truncated.rows();
        let avalanche = self.avalanche.stats();
        let (table1, example) = match &self.first {
            Some(first) => {
                let d0 = md5_u128(first);
                let vs = variants(first);
                let mut rows = vec![Table1Row {
                    url: String::from_utf8_lossy(first).into_owned(),
                    digest: hex(d0),
                    differing_bits_from_first: 0,
                    kind: None,
                }];
                for v in vs.iter().take(2) {
                    let d = md5_u128(&v.bytes);
                    rows.push(Table1Row {
                        url: String::from_utf8_lossy(&v.bytes).into_owned(),
                        digest: hex(d),
                        differing_bits_from_first: differing_bits(d0, d),
                        kind: Some(v.kind),
                    });
                }
                let example = vs
                    .first()
                    .map(|v| avalanche_of_digests(first, &v.bytes, d0, md5_u128(&v.bytes)));
                (rows, example)
            }
            None => (Vec::new(), None),
        };
        let birthday = BirthdayReport::new();
        let reveals = p3_reveals();
        let sites = self.sites.map(SitesStudy::finish);
        let findings = findings(&birthday, &reveals, &input, &truncated, &avalanche, &sites);
        P3Report {
            printed: P3Printed::new(),
            birthday,
            reveals,
            input,
            truncated,
            avalanche_urls: self.avalanche_urls,
            avalanche,
            table1,
            example,
            sites,
            findings,
        }
    }
}

fn findings(
    b: &BirthdayReport,
    reveals: &[Reveal],
    input: &InputFingerprints,
    truncated: &[TruncatedRow],
    av: &AvalancheStats,
    sites: &Option<SitesReport>,
) -> Vec<String> {
    let mut out = Vec::new();
    out.push(format!(
        "P3 gives 10^-24 for two inputs sharing a 128-bit digest; two given inputs share one with probability 2^-128 = {:.2e}. 10^-24 = 2^{:.1}: about the chance for 80-bit digests (2^-80 = 8.3e-25).",
        b.two_inputs, b.claim_log2
    ));
    out.push(format!(
        "Among n URLs the chance of any shared 128-bit digest is 1 − exp(−n(n−1)/2^129): it reaches 10^-24 at n = {:.3e} URLs and P3's human-fingerprint 10^-19 at n = {:.3e}.",
        b.n_at_claim, b.n_at_human_fingerprint
    ));
    let at = |n: u64, bits: u32| b.rows.iter().find(|r| r.n == n && r.bits == bits);
    if let (Some(p128), Some(l128), Some(p64), Some(l64)) = (
        at(P3_WEB_PAGES, 128),
        at(P3_WEB_LINKS, 128),
        at(P3_WEB_PAGES, 64),
        at(P3_WEB_LINKS, 64),
    ) {
        out.push(format!(
            "P3's 13 billion pages: {:.2e} at 128 bits (about the 10^-19 of human fingerprints, not 10^-24); 60 billion links: {:.2e}. With 64-bit fingerprints: {:.4} and {:.4}.",
            p128.probability, l128.probability, p64.probability, l64.probability
        ));
    }
    for r in reveals {
        out.push(format!(
            "Printed {} for {}: {}",
            r.printed, r.printed_for, r.verdict
        ));
    }
    // §2.2's description of MD5: "每一分组又分 32 个子分组" (each 512-bit block in 32 sub-blocks).
    let blocks = |len: u64| md5_blocks(len);
    out.push(format!(
        "P3 says MD5 splits each 512-bit block into 32 sub-blocks; RFC 1321 splits it into 16 words of 32 bits (16 × 32 = 512). Padding brings a message to 448 bits mod 512 and adds its 64-bit length, so a 55-byte URL takes {} block and a 56-byte one {} (the lab's digests match every RFC 1321 test vector).",
        blocks(55),
        blocks(56)
    ));
    // Every printed digest is tried against the same candidates.
    let tried = reveals.iter().map(|r| r.tried).max().unwrap_or(0);
    out.push(format!(
        "P3 says \"the latest literature shows the Hash algorithm can already be inverted to find m\" (可以进行逆运算). The 2004–05 results on MD5 were collisions (two chosen inputs with one digest), not preimages: no one can compute m from h(m). The one printed digest the lab \"inverts\" is MD5 of the empty string, found by trying {} candidate texts, and the other matches none of them."
        , tried
    ));
    out.push(format!(
        "The input: {} lines, {} distinct MD5 fingerprints, {} duplicate lines ({}). The birthday bound for {} URLs at 128 bits is 10^{:.1}.",
        input.lines,
        input.distinct_md5,
        input.duplicate_lines,
        if input.md5_collisions == 0 {
            "XXH3-64 agrees on every one: no MD5 collision".to_string()
        } else {
            format!(
                "{} of them differ by XXH3-64: MD5 collisions",
                input.md5_collisions
            )
        },
        input.distinct_md5,
        input.log10_collision_probability
    ));
    for r in truncated {
        out.push(format!(
            "{}-bit fingerprints of the {} distinct URLs: {} colliding pairs (expected {:.1}), {} URLs dropped as false duplicates (expected {:.1}).",
            r.bits, r.urls, r.colliding_pairs, r.expected_pairs, r.false_duplicates, r.expected_false_duplicates
        ));
    }
    if av.pairs > 0 {
        out.push(format!(
            "Avalanche over {} pairs of near-identical URLs: {:.2} differing bits of 128 on average (sd {:.2}, range {}..{}); Binomial(128, 1/2) gives 64 (sd 5.66){}.",
            av.pairs,
            av.mean,
            av.sd,
            av.min,
            av.max,
            av.p_value
                .map_or(String::new(), |p| format!(", χ² p = {}", crate::papers::p2::format_p(p)))
        ));
    }
    if let Some(s) = sites {
        out.push(format!(
            "Host table: {} distinct host keys, {} IP_IDs (aliases share one), {} Name_IDs (aliases and mirrors share one); {} lines unresolved, {} without a host.",
            s.distinct_host_keys,
            s.distinct_ip_ids,
            s.distinct_name_ids,
            s.unresolved.count,
            s.unparsable.count
        ));
        let st = &s.store;
        let step = |name: &str| st.steps.iter().find(|x| x.step == name);
        if let (Some(repeat), Some(ip), Some(name), Some(similar)) = (
            step("repeat"),
            step("same-ip"),
            step("same-name"),
            step("similar-site"),
        ) {
            out.push(format!(
                "P3's store keeps a URL with a known IP_ID and drops one with a known Name_ID: of {} URLs, {} repeats dropped, {} aliases appended to their IP's record (kept, not merged away), {} mirrors dropped by Name_ID, {} by path similarity (Jaccard ≥ {}, ≥ {} shared paths; content similarity cannot be tested on a URL list); {} records hold {} URLs.",
                st.urls,
                repeat.dropped,
                ip.appended,
                name.dropped,
                similar.dropped,
                st.mirrors.rule.min_similarity,
                st.mirrors.rule.min_shared,
                st.records,
                st.stored_urls
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::md5_blocks;

    #[test]
    fn md5_takes_one_block_up_to_55_bytes() {
        assert_eq!(
            (
                md5_blocks(0),
                md5_blocks(55),
                md5_blocks(56),
                md5_blocks(119),
                md5_blocks(120)
            ),
            (1, 1, 2, 2, 3)
        );
    }
}
