//! Aliases and mirrors from a host table: P3's IP_ID and Name_ID.

use super::digest::DigestBuild;
use super::site_keys::SiteKeys;
use super::store::{MirrorRule, StoreReport, UrlStore};
use crate::foundation::hash::md5_u128;
use crate::foundation::key::{self, SplitError};
use crate::foundation::lines::Occurrences;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr};

/// A line of a host table that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, for a caller that words it itself: `fields` (not two fields), `ip-host`
    /// (the /etc/hosts order), `not-ip`, `host-is-ip` or `not-host`.
    pub code: &'static str,
    /// The text the code is about: the line's content, the address or the host.
    pub subject: String,
    /// What is wrong as an English sentence (without the line number, which [`fmt::Display`]
    /// adds).
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "host table, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TableError {}

impl TableError {
    /// The code the page words: `host-table-` and [`code`](TableError::code).
    pub fn page_code(&self) -> &'static str {
        match self.code {
            "fields" => "host-table-fields",
            "ip-host" => "host-table-ip-host",
            "not-ip" => "host-table-not-ip",
            "host-is-ip" => "host-table-host-is-ip",
            _ => "host-table-not-host",
        }
    }
}

/// What a host table holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableSummary {
    /// Distinct `host ip` pairs.
    pub pairs: usize,
    /// Distinct host names.
    pub hosts: usize,
    /// Distinct IP addresses.
    pub ips: usize,
    /// IPs listed with two or more names (aliases, 异名同址).
    pub alias_ips: usize,
    /// Names listed with two or more IPs (mirrors, 同名异址).
    pub mirror_hosts: usize,
}

/// A host → IP table, as a user supplies it for P3's alias and mirror normalisation.
///
/// Text format: one `host ip` pair per line, separated by spaces or tabs; `#` starts a comment;
/// blank lines are ignored. A host may be listed with several IPs (a mirror) and an IP with
/// several hosts (aliases); the first listed wins in each direction. Hosts are normalised as
/// the URL parser does (lower-case, IDNA); IPs are IPv4 or IPv6 (IPv6 written without brackets).
///
/// # Example
/// ```
/// use urlhashlab::mechanisms::fingerprint::HostTable;
/// let t = HostTable::parse("# NUIST\nwww.nuist.edu.cn 202.195.235.1\nnuist.cn 202.195.235.1\n").unwrap();
/// let a = t.keys(b"http://nuist.cn/x.htm").unwrap();
/// assert_eq!(a.ip_key, "http://202.195.235.1/x.htm");
/// assert_eq!(a.name_key, "http://www.nuist.edu.cn/x.htm");
/// let e = HostTable::parse("a.cn 1.2.3.4\nb.cn\n").unwrap_err();
/// assert_eq!(e.line, 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct HostTable {
    ip_of: HashMap<String, String>,
    name_of: HashMap<String, String>,
    summary: TableSummary,
}

fn is_ip_host(host: &str) -> bool {
    host.starts_with('[') || host.parse::<Ipv4Addr>().is_ok()
}

impl HostTable {
    /// Reads a table; the first bad line is an error naming it.
    pub fn parse(text: &str) -> Result<HostTable, TableError> {
        let mut t = HostTable::default();
        let mut pairs = HashSet::new();
        let mut names_per_ip: HashMap<String, u32> = HashMap::new();
        let mut ips_per_name: HashMap<String, u32> = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |code: &'static str, subject: &str, message: String| TableError {
                line,
                code,
                subject: subject.to_string(),
                message,
            };
            let raw = if i == 0 {
                raw.trim_start_matches('\u{feff}')
            } else {
                raw
            };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let fields: Vec<&str> = content.split_whitespace().collect();
            if fields.len() != 2 {
                return Err(err(
                    "fields",
                    content,
                    format!(
                        "expected `host ip`, found {} field{}: `{content}`",
                        fields.len(),
                        if fields.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            let (host, ip) = (fields[0], fields[1]);
            let host_is_ip = host.trim_matches(['[', ']']).parse::<IpAddr>().is_ok();
            let addr = match ip.parse::<IpAddr>() {
                Ok(a) => a,
                Err(_) if host_is_ip => {
                    return Err(err(
                        "ip-host",
                        content,
                        format!(
                        "`{content}` reads as `ip host` (the /etc/hosts order); this table is `host ip`"
                    ),
                    ))
                }
                Err(_) => return Err(err("not-ip", ip, format!("`{ip}` is not an IPv4 or IPv6 address"))),
            };
            if host_is_ip {
                return Err(err(
                    "host-is-ip",
                    host,
                    format!("`{host}` is an IP address; the first field is a host name"),
                ));
            }
            if host.contains(['/', '\\', ':', '@', '?', '#']) {
                return Err(err(
                    "not-host",
                    host,
                    format!("`{host}` is not a host name"),
                ));
            }
            let host = match key::parse_url(&format!("http://{host}/")) {
                Ok(u) => match u.host() {
                    Some(url::Host::Domain(d)) if !d.is_empty() => d.to_string(),
                    _ => {
                        return Err(err(
                            "not-host",
                            host,
                            format!("`{host}` is not a host name"),
                        ))
                    }
                },
                Err(e) => {
                    return Err(err(
                        "not-host",
                        host,
                        format!("`{host}` is not a host name ({e})"),
                    ))
                }
            };
            let ip = match addr {
                IpAddr::V4(a) => a.to_string(),
                IpAddr::V6(a) => url::Host::<String>::Ipv6(a).to_string(),
            };
            if !pairs.insert((host.clone(), ip.clone())) {
                continue;
            }
            *names_per_ip.entry(ip.clone()).or_default() += 1;
            *ips_per_name.entry(host.clone()).or_default() += 1;
            t.ip_of.entry(host.clone()).or_insert_with(|| ip.clone());
            t.name_of.entry(ip).or_insert(host);
        }
        t.summary = TableSummary {
            pairs: pairs.len(),
            hosts: ips_per_name.len(),
            ips: names_per_ip.len(),
            alias_ips: names_per_ip.values().filter(|&&c| c > 1).count(),
            mirror_hosts: ips_per_name.values().filter(|&&c| c > 1).count(),
        };
        Ok(t)
    }

    /// What the table holds: pairs, hosts, IPs, aliases, mirrors.
    pub fn summary(&self) -> &TableSummary {
        &self.summary
    }

    /// The first IP listed for a (normalised) host name.
    pub fn ip_of(&self, host: &str) -> Option<&str> {
        self.ip_of.get(host).map(String::as_str)
    }

    /// The first name listed for an IP (IPv6 in brackets, as URLs write it).
    pub fn name_of(&self, ip: &str) -> Option<&str> {
        self.name_of.get(ip).map(String::as_str)
    }

    /// P3's IP and name keys of one URL line (see the module doc).
    pub fn keys(&self, url: &[u8]) -> Result<SiteKeys, SplitError> {
        let p = key::split(url)?;
        let port = p.port.map(|n| format!(":{n}")).unwrap_or_default();
        let (ip, name, resolved) = if is_ip_host(&p.host) {
            match self.name_of(&p.host) {
                Some(n) => (p.host.as_str(), n, true),
                None => (p.host.as_str(), p.host.as_str(), false),
            }
        } else {
            match self.ip_of(&p.host) {
                Some(ip) => (ip, self.name_of(ip).unwrap_or(&p.host), true),
                None => (p.host.as_str(), p.host.as_str(), false),
            }
        };
        let site_len = "http://".len() + p.host.len() + port.len();
        let host_key = format!("http://{}{port}{}", p.host, p.path);
        let ip_key = format!("http://{ip}{port}{}", p.path);
        let name_key = format!("http://{name}{port}{}", p.path);
        Ok(SiteKeys {
            host_id: md5_u128(host_key.as_bytes()),
            ip_id: md5_u128(ip_key.as_bytes()),
            name_id: md5_u128(name_key.as_bytes()),
            host_key,
            site_len,
            ip_key,
            name_key,
            resolved,
        })
    }
}

/// Distinct URLs under P3's IP_ID and Name_ID on a URL list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SitesReport {
    /// What the host table holds.
    pub table: TableSummary,
    /// URL lines fed.
    pub lines: u64,
    /// Lines with no host or not a URL (left out of the counts below).
    pub unparsable: Occurrences,
    /// Lines whose host is not in the table (both keys keep the host).
    pub unresolved: Occurrences,
    /// Distinct lines (exact text) among the parsed ones.
    pub distinct_lines: u64,
    /// Distinct `"http://" + host + path`: the keys before the table is used.
    pub distinct_host_keys: u64,
    /// Distinct IP_IDs: an alias (another name, same IP) of a URL has its IP_ID. P3 does not
    /// drop such a URL: its store appends it to the record ([`StoreReport`]).
    pub distinct_ip_ids: u64,
    /// Distinct Name_IDs: aliases and mirrors share one.
    pub distinct_name_ids: u64,
    /// P3's store after its rule: records, appended aliases, dropped mirrors.
    pub store: StoreReport,
}

/// Feeds URL lines through [`HostTable::keys`] and counts distinct keys.
pub struct SitesStudy {
    table: HostTable,
    lines: u64,
    unparsable: Occurrences,
    unresolved: Occurrences,
    raw: HashSet<u128, DigestBuild>,
    host_keys: HashSet<u128, DigestBuild>,
    ip_ids: HashSet<u128, DigestBuild>,
    name_ids: HashSet<u128, DigestBuild>,
    store: UrlStore,
}

impl SitesStudy {
    /// A study over `table` with the default mirror thresholds ([`MirrorRule::default`]).
    pub fn new(table: HostTable) -> SitesStudy {
        SitesStudy::with_mirrors(table, MirrorRule::default())
    }

    /// The same with P3's mirror thresholds set.
    pub fn with_mirrors(table: HostTable, rule: MirrorRule) -> SitesStudy {
        SitesStudy {
            store: UrlStore::new(rule),
            table,
            lines: 0,
            unparsable: Occurrences::default(),
            unresolved: Occurrences::default(),
            raw: HashSet::default(),
            host_keys: HashSet::default(),
            ip_ids: HashSet::default(),
            name_ids: HashSet::default(),
        }
    }

    /// One URL line with its 1-based line number.
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<SiteKeys, SplitError> {
        self.lines += 1;
        let keys = match self.table.keys(url) {
            Ok(k) => k,
            Err(e) => {
                self.unparsable.record(line);
                return Err(e);
            }
        };
        if !keys.resolved {
            self.unresolved.record(line);
        }
        self.raw.insert(md5_u128(url));
        self.host_keys.insert(keys.host_id);
        self.ip_ids.insert(keys.ip_id);
        self.name_ids.insert(keys.name_id);
        self.store.push(&keys);
        Ok(keys)
    }

    /// The report for the lines fed, with P3's store after its rule.
    pub fn finish(self) -> SitesReport {
        SitesReport {
            table: self.table.summary.clone(),
            lines: self.lines,
            unparsable: self.unparsable,
            unresolved: self.unresolved,
            distinct_lines: self.raw.len() as u64,
            distinct_host_keys: self.host_keys.len() as u64,
            distinct_ip_ids: self.ip_ids.len() as u64,
            distinct_name_ids: self.name_ids.len() as u64,
            store: self.store.finish(),
        }
    }
}
