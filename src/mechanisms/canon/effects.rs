//! What a scheme's merging changes downstream, and the respellings a learner may add to a list
//! that has none.
//!
//! * **Knock-on effects** ([`Effects`]), measured for the list as written and for each scheme's
//!   pages: P3's MD5 fingerprints (a spelling whose canonical form differs from its bytes gets
//!   another fingerprint, `MD5(form) ≠ MD5(line)` exactly when `form ≠ line`, barring an MD5
//!   collision); a Bloom filter of one fixed size, [`BLOOM_BITS_PER_SPELLING`] bits per
//!   distinct spelling read and k = [`BLOOM_K`] (double hashing, P4/P5), holding each page once,
//!   queried with [`BLOOM_PROBES`] keys that are in no list (P5's measured false-positive rate
//!   beside `(1 − (1 − 1/m)^{kn})^k`); and P2's crawl nodes: P2 routes a URL by its path hash
//!   mod n (P2 §2.2, the lab's repaired reading `path-repaired`, n = 7 as in P2's Table 1), so
//!   the loads are pages per node, and a merged group whose spellings P2 sends to two or more
//!   nodes is one page no node can recognise alone.
//! * **Merging rules** ([`merging_rules`]): which of the lab's named respellings separates two
//!   spellings one scheme merged, for the view's "merged by" column.
//! * **Respellings** ([`Respelling`]): one of eight spellings of the same page (host in capitals,
//!   default port written, a fragment, an escaped letter, a `./` segment, an empty query, the
//!   other of http/https, a session id), added only when the learner asks
//!   (`urlhash canon --respell N`, the view's switch), one after each of the first N lines.

use super::{decode_escapes, rfc3986};
use crate::foundation::hash::{self, HashId};
use crate::mechanisms::bloom::{Bloom, FprReport, IndexMethod};
use crate::mechanisms::fingerprint::{Canonicalizer, Toggle, Toggles};
use serde::Serialize;

/// Bits of the knock-on Bloom filter per distinct spelling read (P5's m/n = 8 setting).
pub const BLOOM_BITS_PER_SPELLING: u64 = 8;
/// Positions per key of the knock-on Bloom filter (`round(8 ln 2)` ≈ 5.5, rounded down to 5
/// would do as well; 6 is P4's k for 8 bits).
pub const BLOOM_K: u32 = 6;
/// Keys in no list the knock-on Bloom filter is queried with.
pub const BLOOM_PROBES: u64 = 100_000;
/// P2's crawl nodes (Table 1).
pub const P2_NODES: u32 = 7;
/// The path hash P2's nodes are chosen by in the knock-on effects.
pub const P2_FUNCTION: HashId = HashId::PathRepaired;

/// P2's node of a canonical form or a spelling: [`P2_FUNCTION`] of its path and query (from the
/// first `/` or `?` after `scheme://host` up to `#`; `/` when empty) mod [`P2_NODES`].
pub fn p2_node(url: &[u8]) -> u8 {
    let after = url
        .windows(3)
        .position(|w| w == b"://")
        .map_or(0, |i| i + 3);
    let rest = &url[after..];
    let start = rest
        .iter()
        .position(|&c| c == b'/' || c == b'?')
        .unwrap_or(rest.len());
    let path = &rest[start..];
    let path = &path[..path.iter().position(|&c| c == b'#').unwrap_or(path.len())];
    let path: &[u8] = if path.is_empty() { b"/" } else { path };
    hash::reduce(P2_FUNCTION.raw(path), P2_NODES) as u8
}

/// The knock-on Bloom filter for `spellings` distinct spellings, holding `pages` (each page by
/// the 128-bit digest the study keeps of it), measured on the probes.
pub(super) fn bloom_fpr(spellings: u64, pages: impl Iterator<Item = u128>) -> FprReport {
    let m = (BLOOM_BITS_PER_SPELLING * spellings).max(64);
    let mut bloom = Bloom::new(m, BLOOM_K, IndexMethod::Double).expect("m and k are in range");
    for page in pages {
        bloom.insert(&page.to_le_bytes());
    }
    // Probes are digests too, of texts no line has (a line has no NUL byte).
    bloom.measure(
        (0..BLOOM_PROBES)
            .map(|i| xxhash_rust::xxh3::xxh3_128(format!("\0probe {i}").as_bytes()).to_le_bytes()),
    )
}

/// The knock-on effects for the list as written or for one scheme's pages.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Effects {
    /// Distinct pages (as written: distinct spellings).
    pub distinct: u64,
    /// Distinct spellings whose MD5 fingerprint the scheme changes (0 as written).
    pub md5_changed: u64,
    /// The knock-on Bloom filter holding these pages.
    pub bloom: FprReport,
    /// Pages per P2 crawl node.
    pub node_loads: Vec<u64>,
    /// The busiest node's load over the mean load.
    pub node_max_over_mean: f64,
    /// Merged groups whose spellings P2 sends to two or more nodes (0 as written).
    pub split_groups: u64,
}

impl Effects {
    pub(super) fn new(
        distinct: u64,
        md5_changed: u64,
        bloom: FprReport,
        node_loads: Vec<u64>,
        split_groups: u64,
    ) -> Effects {
        let total: u64 = node_loads.iter().sum();
        let max = node_loads.iter().copied().max().unwrap_or(0);
        let node_max_over_mean = if total == 0 {
            0.0
        } else {
            max as f64 * node_loads.len() as f64 / total as f64
        };
        Effects {
            distinct,
            md5_changed,
            bloom,
            node_loads,
            node_max_over_mean,
            split_groups,
        }
    }
}

/// The rules [`merging_rules`] names, the lab's fingerprint toggles first.
pub const RULES: [&str; 11] = [
    "add-scheme",
    "lowercase-host",
    "drop-default-port",
    "drop-fragment",
    "trailing-slash",
    "drop-www",
    "sort-query",
    "drop-session-ids",
    "escapes",
    "dot-segments",
    "http-https",
];

/// One rule applied to a spelling (`None` when it cannot read it).
fn apply(rule: &str, s: &str) -> Option<String> {
    if let Some(t) = Toggle::ALL.iter().find(|t| t.id() == rule) {
        return Canonicalizer::new(Toggles::only(*t)).canonical(s).ok();
    }
    match rule {
        "escapes" => {
            // Every escape decoded, as often as one is left (Safe Browsing's repeated unescape).
            let mut b = s.as_bytes().to_vec();
            for _ in 0..8 {
                let (d, changed) = decode_escapes(&b);
                b = d;
                if !changed {
                    break;
                }
            }
            Some(String::from_utf8_lossy(&b).into_owned())
        }
        "dot-segments" => {
            let (head, path) = split_path(s);
            Some(format!("{head}{}", rfc3986::remove_dot_segments(path)))
        }
        "http-https" => Some(match s.get(..8) {
            Some(p) if p.eq_ignore_ascii_case("https://") => format!("http://{}", &s[8..]),
            _ => s.to_string(),
        }),
        _ => None,
    }
}

/// `scheme://authority` and the rest (path, query, fragment) of a spelling.
fn split_path(s: &str) -> (&str, &str) {
    let after = s.find("://").map_or(0, |i| i + 3);
    let cut = s[after..]
        .find(['/', '?', '#'])
        .map_or(s.len(), |i| after + i);
    s.split_at(cut)
}

/// Which named respellings separate `a` and `b`: the first rule of [`RULES`] that alone makes
/// them equal; else the rules that change either on the way when all are applied in turn, if
/// that makes them equal; else `["scheme-own"]` (a step only the scheme has: IDNA, its own
/// escaping, its parameter filters).
///
/// # Example
/// ```
/// use urlhashlab::mechanisms::canon::merging_rules;
/// assert_eq!(merging_rules("http://A.cn/x", "http://a.cn/x"), ["lowercase-host"]);
/// assert_eq!(merging_rules("http://a.cn/x#t", "HTTP://a.cn/x"), ["lowercase-host", "drop-fragment"]);
/// assert_eq!(merging_rules("http://a.cn/%78", "http://a.cn/x"), ["escapes"]);
/// ```
pub fn merging_rules(a: &str, b: &str) -> Vec<&'static str> {
    for rule in RULES {
        if let (Some(x), Some(y)) = (apply(rule, a), apply(rule, b)) {
            if x == y {
                return vec![rule];
            }
        }
    }
    let (mut x, mut y) = (a.to_string(), b.to_string());
    let mut used = Vec::new();
    for rule in RULES {
        let (Some(nx), Some(ny)) = (apply(rule, &x), apply(rule, &y)) else {
            continue;
        };
        if nx != x || ny != y {
            used.push(rule);
        }
        (x, y) = (nx, ny);
        if x == y {
            return used;
        }
    }
    vec!["scheme-own"]
}

/// One spelling of the same page, added on the learner's request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Respelling {
    /// The scheme and host in capitals: `HTTP://WWW.A.CN/x`.
    UpperHost,
    /// The default port written: `http://a.cn:80/x`.
    DefaultPort,
    /// A fragment added: `…#top`.
    Fragment,
    /// The first letter of the path escaped: `/news` → `/%6Eews`.
    EscapedLetter,
    /// A `./` segment after the host: `http://a.cn/./x`.
    DotSegment,
    /// An empty query added: `…?` (or a trailing `&` when there is a query).
    EmptyQuery,
    /// The other of `http` and `https`.
    OtherScheme,
    /// A session id added as a query parameter: `jsessionid=` and 32 hex digits.
    SessionId,
}

impl Respelling {
    /// Every respelling, in the order the first lines receive them.
    pub const ALL: [Respelling; 8] = [
        Respelling::UpperHost,
        Respelling::DefaultPort,
        Respelling::Fragment,
        Respelling::EscapedLetter,
        Respelling::DotSegment,
        Respelling::EmptyQuery,
        Respelling::OtherScheme,
        Respelling::SessionId,
    ];

    /// Line `i`'s respelling: they take turns.
    pub fn nth(i: u64) -> Respelling {
        Respelling::ALL[(i % Respelling::ALL.len() as u64) as usize]
    }

    /// The respelled line, or `None` for a line this respelling cannot change (no `://`, no
    /// letter in the path, or the line already has what it adds).
    ///
    /// # Example
    /// ```
    /// use urlhashlab::mechanisms::canon::Respelling;
    /// let r = |x: Respelling| x.apply(b"http://a.cn/news?id=1").map(|v| String::from_utf8(v).unwrap());
    /// assert_eq!(r(Respelling::UpperHost).unwrap(), "HTTP://A.CN/news?id=1");
    /// assert_eq!(r(Respelling::DefaultPort).unwrap(), "http://a.cn:80/news?id=1");
    /// assert_eq!(r(Respelling::EscapedLetter).unwrap(), "http://a.cn/%6Eews?id=1");
    /// assert_eq!(r(Respelling::EmptyQuery).unwrap(), "http://a.cn/news?id=1&");
    /// assert_eq!(r(Respelling::OtherScheme).unwrap(), "https://a.cn/news?id=1");
    /// ```
    pub fn apply(self, line: &[u8]) -> Option<Vec<u8>> {
        let s = std::str::from_utf8(line).ok()?;
        let sep = s.find("://")?;
        let scheme = &s[..sep];
        let (head, rest) = split_path(s);
        let (path_query, fragment) = rest.split_at(rest.find('#').unwrap_or(rest.len()));
        let has_query = path_query.contains('?');
        let out = match self {
            Respelling::UpperHost => {
                let upper = head.to_ascii_uppercase();
                (upper != head).then(|| format!("{upper}{rest}"))?
            }
            Respelling::DefaultPort => {
                let port = match scheme.to_ascii_lowercase().as_str() {
                    "http" => "80",
                    "https" => "443",
                    _ => return None,
                };
                let authority = &head[sep + 3..];
                if authority.contains(':') || authority.contains('@') {
                    return None;
                }
                format!("{head}:{port}{rest}")
            }
            Respelling::Fragment => {
                if !fragment.is_empty() {
                    return None;
                }
                format!("{s}#top")
            }
            Respelling::EscapedLetter => {
                let at = path_query
                    .char_indices()
                    .take_while(|&(_, c)| c != '?')
                    .find(|(_, c)| c.is_ascii_alphabetic())?
                    .0;
                let c = path_query.as_bytes()[at];
                format!(
                    "{head}{}%{c:02X}{}{fragment}",
                    &path_query[..at],
                    &path_query[at + 1..]
                )
            }
            Respelling::DotSegment => {
                let path = path_query.strip_prefix('/').unwrap_or(path_query);
                format!("{head}/./{path}{fragment}")
            }
            Respelling::EmptyQuery => {
                if path_query.ends_with(['?', '&']) {
                    return None;
                }
                let add = if has_query { '&' } else { '?' };
                format!("{head}{path_query}{add}{fragment}")
            }
            Respelling::OtherScheme => match scheme {
                "http" => format!("https{}", &s[4..]),
                "https" => format!("http{}", &s[5..]),
                _ => return None,
            },
            Respelling::SessionId => {
                let add = if has_query { '&' } else { '?' };
                let id = format!("{:032x}", xxhash_rust::xxh3::xxh3_128(line));
                format!("{head}{path_query}{add}jsessionid={id}{fragment}")
            }
        };
        Some(out.into_bytes())
    }
}
