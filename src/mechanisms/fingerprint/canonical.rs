//! Canonicalisation toggles: which respellings of a URL keep one fingerprint.

use super::digest::DigestBuild;
use crate::foundation::key::{self, SplitError};
use crate::foundation::lines::Occurrences;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::HashSet;
use xxhash_rust::xxh3::xxh3_128;

/// One canonicalisation, switchable on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Toggle {
    /// A line without a scheme gets `http://` (how the lab reads such lines, see
    /// [`crate::foundation::key`]).
    AddScheme,
    /// The scheme and the host in lower case (ASCII letters; RFC 3986 §6.2.2.1).
    LowercaseHost,
    /// The port dropped when it is the scheme's default (`http`/`ws` 80, `https`/`wss` 443,
    /// `ftp` 21; a line without a scheme counts as `http`), and an empty port (`a.cn:/`).
    DropDefaultPort,
    /// `#…` dropped (a fragment never reaches the server).
    DropFragment,
    /// An empty path becomes `/` and trailing `/`s of any other path are removed
    /// (`a.cn` → `a.cn/`, `/news/` → `/news`, `//` → `/`): one spelling per directory, as
    /// crawlers that treat `/dir` and `/dir/` as one page do.
    TrailingSlash,
    /// Leading `www.` labels dropped while what remains has a dot (`www.a.cn` → `a.cn`,
    /// `www.cn` stays), any case.
    DropWww,
    /// Query parameters sorted (byte order of `name=value`), empty ones (`&&`) dropped, and
    /// the `?` dropped when nothing remains.
    SortQuery,
    /// Session-id parameters dropped: query parameters and `;name=value` path parameters whose
    /// name (any case) is one of [`SESSION_ID_PARAMS`] or starts with `aspsessionid`
    /// (`ASPSESSIONIDQQGGQGPA`), and `sid` when its value looks like a session token (see
    /// [`is_session_id_param`]); the `?` goes when nothing remains.
    DropSessionIds,
}

/// Names of session-id parameters [`Toggle::DropSessionIds`] removes whatever their value
/// (compared in lower case): Java servlets, PHP, generic, ColdFusion, osCommerce, Zen Cart;
/// plus any name starting with `aspsessionid` (classic ASP).
pub const SESSION_ID_PARAMS: [&str; 10] = [
    "jsessionid",
    "phpsessid",
    "sessionid",
    "session_id",
    "sessid",
    "sess_id",
    "cfid",
    "cftoken",
    "oscsid",
    "zenid",
];

impl Toggle {
    /// Every toggle, in the order reports list them (and `all` applies them).
    pub const ALL: [Toggle; 8] = [
        Toggle::AddScheme,
        Toggle::LowercaseHost,
        Toggle::DropDefaultPort,
        Toggle::DropFragment,
        Toggle::TrailingSlash,
        Toggle::DropWww,
        Toggle::SortQuery,
        Toggle::DropSessionIds,
    ];

    /// Stable text id: `add-scheme`, `lowercase-host`, `drop-default-port`, `drop-fragment`,
    /// `trailing-slash`, `drop-www`, `sort-query`, `drop-session-ids`.
    pub fn id(self) -> &'static str {
        match self {
            Toggle::AddScheme => "add-scheme",
            Toggle::LowercaseHost => "lowercase-host",
            Toggle::DropDefaultPort => "drop-default-port",
            Toggle::DropFragment => "drop-fragment",
            Toggle::TrailingSlash => "trailing-slash",
            Toggle::DropWww => "drop-www",
            Toggle::SortQuery => "sort-query",
            Toggle::DropSessionIds => "drop-session-ids",
        }
    }

    /// A toggle by its [`Toggle::id`]; `None` for an unknown id.
    pub fn parse(id: &str) -> Option<Toggle> {
        Toggle::ALL.iter().copied().find(|t| t.id() == id)
    }

    /// One line for a table or a tooltip.
    pub fn description(self) -> &'static str {
        match self {
            Toggle::AddScheme => "http:// in front of a line without a scheme",
            Toggle::LowercaseHost => "scheme and host in lower case",
            Toggle::DropDefaultPort => "drop :80 for http, :443 for https (the default port)",
            Toggle::DropFragment => "drop #fragment",
            Toggle::TrailingSlash => "empty path becomes /, trailing / removed elsewhere",
            Toggle::DropWww => "drop a leading www.",
            Toggle::SortQuery => "sort query parameters",
            Toggle::DropSessionIds => {
                "drop session ids (jsessionid, phpsessid, aspsessionid…, a token sid, ;jsessionid=)"
            }
        }
    }
}

/// Which canonicalisations are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Toggles {
    /// [`Toggle::AddScheme`] on.
    pub add_scheme: bool,
    /// [`Toggle::LowercaseHost`] on.
    pub lowercase_host: bool,
    /// [`Toggle::DropDefaultPort`] on.
    pub drop_default_port: bool,
    /// [`Toggle::DropFragment`] on.
    pub drop_fragment: bool,
    /// [`Toggle::TrailingSlash`] on.
    pub trailing_slash: bool,
    /// [`Toggle::DropWww`] on.
    pub drop_www: bool,
    /// [`Toggle::SortQuery`] on.
    pub sort_query: bool,
    /// [`Toggle::DropSessionIds`] on.
    pub drop_session_ids: bool,
}

impl Toggles {
    /// Every toggle off: lines come back unchanged.
    pub fn none() -> Toggles {
        Toggles::default()
    }

    /// Every toggle on.
    pub fn all() -> Toggles {
        Toggle::ALL
            .iter()
            .fold(Toggles::none(), |t, &x| t.with(x, true))
    }

    /// Only `t` on.
    pub fn only(t: Toggle) -> Toggles {
        Toggles::none().with(t, true)
    }

    /// A copy with `t` switched `on`.
    pub fn with(mut self, t: Toggle, on: bool) -> Toggles {
        *self.flag(t) = on;
        self
    }

    /// Whether `t` is on.
    pub fn is_on(mut self, t: Toggle) -> bool {
        *self.flag(t)
    }

    fn flag(&mut self, t: Toggle) -> &mut bool {
        match t {
            Toggle::AddScheme => &mut self.add_scheme,
            Toggle::LowercaseHost => &mut self.lowercase_host,
            Toggle::DropDefaultPort => &mut self.drop_default_port,
            Toggle::DropFragment => &mut self.drop_fragment,
            Toggle::TrailingSlash => &mut self.trailing_slash,
            Toggle::DropWww => &mut self.drop_www,
            Toggle::SortQuery => &mut self.sort_query,
            Toggle::DropSessionIds => &mut self.drop_session_ids,
        }
    }
}

/// A URL line split into its parts, as written (nothing decoded or normalised).
#[derive(Clone, Debug, PartialEq, Eq)]
struct RawUrl<'a> {
    /// C0 controls and spaces after the URL (the parser ignores them; kept as they are).
    trail: &'a str,
    /// Without the `:`.
    scheme: Option<&'a str>,
    /// The slashes before the authority: `//` (and any more for http-like schemes) after a
    /// scheme; the leading slashes of a line without a scheme.
    sep: &'a str,
    /// Without the `@`.
    userinfo: Option<&'a str>,
    host: &'a str,
    /// Without the `:`.
    port: Option<&'a str>,
    path: &'a str,
    /// Without the `?`.
    query: Option<&'a str>,
    /// Without the `#`.
    fragment: Option<&'a str>,
}

const SPECIAL_SCHEMES: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The scheme of `line` when it is `scheme://…` (the same test as [`crate::foundation::key`]'s, whose
/// opaque schemes have no host and never reach here).
fn scheme_of(line: &str) -> Option<&str> {
    let colon = line.find(':')?;
    let scheme = &line[..colon];
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (valid && line[colon + 1..].starts_with("//")).then_some(scheme)
}

fn split_raw(whole: &str) -> RawUrl<'_> {
    // The URL parser ignores C0 controls and spaces at the end: so do the parts. (Leading
    // ones are read as part of the line, as crate::foundation::key reads it: `http://` + line.)
    let line = whole.trim_end_matches(is_ignored_at_end);
    let trail = &whole[line.len()..];
    let scheme = scheme_of(line);
    // A line without a scheme is read as http: special, like http, https, ws, wss and ftp,
    // where a backslash counts as a slash and any number of them may precede the authority.
    let special = scheme.map_or(true, |s| {
        SPECIAL_SCHEMES.iter().any(|x| x.eq_ignore_ascii_case(s))
    });
    let after = scheme.map_or(line, |s| &line[s.len() + 1..]);
    let n = if special {
        after.len() - after.trim_start_matches(['/', '\\']).len()
    } else {
        2 // scheme_of saw "//"
    };
    let (sep, rest) = after.split_at(n);
    let auth_end = if special {
        rest.find(['/', '?', '#', '\\'])
    } else {
        rest.find(['/', '?', '#'])
    }
    .unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(auth_end);
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(j) => (&hostport[..=j], hostport[j + 1..].strip_prefix(':')),
            None => (hostport, None),
        }
    } else {
        match hostport.rfind(':') {
            Some(k) => (&hostport[..k], Some(&hostport[k + 1..])),
            None => (hostport, None),
        }
    };
    let (before_fragment, fragment) = match tail.find('#') {
        Some(i) => (&tail[..i], Some(&tail[i + 1..])),
        None => (tail, None),
    };
    let (path, query) = match before_fragment.find('?') {
        Some(i) => (&before_fragment[..i], Some(&before_fragment[i + 1..])),
        None => (before_fragment, None),
    };
    RawUrl {
        trail,
        scheme,
        sep,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    }
}

fn default_port(scheme: Option<&str>) -> Option<u32> {
    let s = scheme.unwrap_or("http").to_ascii_lowercase();
    match s.as_str() {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// Names that are a session id only when the value looks like one (phpBB and Discuz! forums
/// put the session in `sid`; Slashdot's `article.pl?sid=00/11/23/1616201` is a story id).
pub const TOKEN_SESSION_ID_PARAMS: [&str; 1] = ["sid"];

/// Is the parameter `name=value` a session id? Any name of [`SESSION_ID_PARAMS`] or starting
/// with `aspsessionid` (any case); `sid` when its value is a token: at least 6 ASCII letters
/// and digits with at least one of each (`sid=a1b2c3d4`, not `sid=1`, `sid=Aosd` or
/// `sid=00/11/23/1616201`).
///
/// # Example
/// ```
/// use urlhashlab::mechanisms::fingerprint::is_session_id_param;
/// assert!(is_session_id_param("JSESSIONID", "1CE83F32"));
/// assert!(is_session_id_param("sid", "5f2b9c0e41d7"));
/// assert!(!is_session_id_param("sid", "00/11/23/1616201"));
/// assert!(!is_session_id_param("id", "5f2b9c0e41d7"));
/// ```
pub fn is_session_id_param(name: &str, value: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if SESSION_ID_PARAMS.contains(&lower.as_str()) || lower.starts_with("aspsessionid") {
        return true;
    }
    TOKEN_SESSION_ID_PARAMS.contains(&lower.as_str())
        && value.len() >= 6
        && value.bytes().all(|b| b.is_ascii_alphanumeric())
        && value.bytes().any(|b| b.is_ascii_digit())
        && value.bytes().any(|b| b.is_ascii_alphabetic())
}

/// Is the piece `name=value` (or a bare `name`) of a query or path a session id?
fn is_session_piece(p: &str) -> bool {
    let (name, value) = p.split_once('=').unwrap_or((p, ""));
    is_session_id_param(name, value)
}

fn strip_www(host: &str) -> &str {
    let mut h = host;
    while h.len() > 4 && h.as_bytes()[..4].eq_ignore_ascii_case(b"www.") && h[4..].contains('.') {
        h = &h[4..];
    }
    h
}

fn drop_path_session_params(path: &str) -> Cow<'_, str> {
    if !path.contains(';') {
        return Cow::Borrowed(path);
    }
    let segments: Vec<String> = path
        .split('/')
        .map(|seg| {
            let mut pieces = seg.split(';');
            let mut out = pieces.next().unwrap_or("").to_string();
            for p in pieces {
                if !is_session_piece(p) {
                    out.push(';');
                    out.push_str(p);
                }
            }
            out
        })
        .collect();
    Cow::Owned(segments.join("/"))
}

fn assemble(u: &RawUrl<'_>, t: Toggles) -> String {
    let mut out = String::with_capacity(u.path.len() + u.host.len() + 32);
    match u.scheme {
        Some(s) if t.lowercase_host => {
            out.push_str(&s.to_ascii_lowercase());
            out.push(':');
        }
        Some(s) => {
            out.push_str(s);
            out.push(':');
        }
        None if t.add_scheme => out.push_str("http://"),
        None => {}
    }
    out.push_str(u.sep);
    if let Some(ui) = u.userinfo {
        out.push_str(ui);
        out.push('@');
    }
    let host: Cow<'_, str> = if t.lowercase_host {
        Cow::Owned(u.host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(u.host)
    };
    out.push_str(if t.drop_www { strip_www(&host) } else { &host });
    if let Some(p) = u.port {
        let default = default_port(u.scheme);
        let is_default = p.is_empty() || (default.is_some() && p.parse::<u32>().ok() == default);
        if !(t.drop_default_port && is_default) {
            out.push(':');
            out.push_str(p);
        }
    }
    let path = if t.drop_session_ids {
        drop_path_session_params(u.path)
    } else {
        Cow::Borrowed(u.path)
    };
    if t.trailing_slash {
        let trimmed = path.trim_end_matches('/');
        out.push_str(if trimmed.is_empty() { "/" } else { trimmed });
    } else {
        out.push_str(&path);
    }
    if let Some(q) = u.query {
        if t.sort_query || t.drop_session_ids {
            let mut params: Vec<&str> = q.split('&').collect();
            let before = params.len();
            if t.drop_session_ids {
                params.retain(|p| !is_session_piece(p));
            }
            let removed = params.len() < before;
            if t.sort_query {
                params.retain(|p| !p.is_empty());
                crate::foundation::order::sort(&mut params);
            }
            if !(params.is_empty() && (removed || t.sort_query)) {
                out.push('?');
                out.push_str(&params.join("&"));
            }
        } else {
            out.push('?');
            out.push_str(q);
        }
    }
    if let Some(f) = u.fragment {
        if !t.drop_fragment {
            out.push('#');
            out.push_str(f);
        }
    }
    out
}

fn is_ignored_at_end(c: char) -> bool {
    c <= ' '
}

/// The canonical text of a split line: [`assemble`] until nothing changes. One pass is the
/// fixpoint unless removing a suffix (a fragment, a slash, a parameter) left C0 controls or
/// spaces at the end, which the parser ignores: then they move after the URL and the rest is
/// canonicalised again.
fn canonical_parts(raw: &RawUrl<'_>, t: Toggles) -> String {
    let mut body = assemble(raw, t);
    if !body.ends_with(is_ignored_at_end) {
        body.push_str(raw.trail);
        return body;
    }
    let mut moved = String::new();
    for _ in 0..8 {
        let kept = body.trim_end_matches(is_ignored_at_end).len();
        moved.insert_str(0, &body[kept..]);
        body.truncate(kept);
        let next = assemble(&split_raw(&body), t);
        if next == body {
            break;
        }
        body = next;
    }
    body.push_str(&moved);
    body.push_str(raw.trail);
    body
}

/// Checks that a line is a URL with a host, as [`crate::foundation::key`] reads it.
fn validate(line: &str) -> Result<(), SplitError> {
    let url = key::parse_url(line)?;
    match url.host_str() {
        Some(h) if !h.is_empty() => Ok(()),
        _ => Err(SplitError::NoHost),
    }
}

/// Canonicalises URL lines with the chosen [`Toggles`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Canonicalizer {
    /// The canonicalisations applied.
    pub toggles: Toggles,
}

impl Canonicalizer {
    /// A canonicalizer applying `toggles`.
    pub fn new(toggles: Toggles) -> Canonicalizer {
        Canonicalizer { toggles }
    }

    /// The canonical form of one URL line; an error when it is not a URL with a host.
    ///
    /// # Example
    /// ```
    /// use urlhashlab::mechanisms::fingerprint::{Canonicalizer, Toggle, Toggles};
    /// let c = Canonicalizer::new(Toggles::only(Toggle::TrailingSlash));
    /// assert_eq!(c.canonical("http://a.cn").unwrap(), "http://a.cn/");
    /// assert_eq!(c.canonical("http://a.cn/news/").unwrap(), "http://a.cn/news");
    /// assert!(c.canonical("mailto:x@a.cn").is_err());
    /// ```
    pub fn canonical(&self, line: &str) -> Result<String, SplitError> {
        validate(line)?;
        Ok(canonical_parts(&split_raw(line), self.toggles))
    }
}

/// One row of a canonicalisation report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToggleRow {
    /// A [`Toggle::id`], or `all`.
    pub toggle: String,
    /// What the toggle does, in one line ([`Toggle::description`]).
    pub description: String,
    /// Distinct lines after the toggle.
    pub distinct_after: u64,
    /// `distinct_before − distinct_after`: lines the toggle reveals as duplicates.
    pub merged: u64,
    /// Lines whose text the toggle changed.
    pub changed_lines: u64,
}

/// Distinct URLs before and after each canonicalisation alone and all together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CanonicalReport {
    /// Lines fed.
    pub lines: u64,
    /// Lines that are URLs with a host (the counts below are over these).
    pub parsed: u64,
    /// Lines that are not (no host, or rejected by the URL parser): counted, not in the counts.
    pub unparsable: Occurrences,
    /// Distinct lines, exact text.
    pub distinct_before: u64,
    /// One row per toggle alone, in [`Toggle::ALL`] order.
    pub toggles: Vec<ToggleRow>,
    /// Every toggle together.
    pub all: ToggleRow,
}

/// Feeds URL lines through every toggle alone and all together. Distinct lines are counted by
/// 128-bit XXH3 fingerprints of the text (a false merge among 20 million lines has a chance
/// below 10^-24).
pub struct CanonicalStudy {
    lines: u64,
    unparsable: Occurrences,
    before: HashSet<u128, DigestBuild>,
    /// Toggle sets: each alone, then all.
    sets: Vec<(Toggles, HashSet<u128, DigestBuild>, u64)>,
}

impl Default for CanonicalStudy {
    fn default() -> Self {
        CanonicalStudy::new()
    }
}

impl CanonicalStudy {
    /// A study with nothing fed yet.
    pub fn new() -> CanonicalStudy {
        let sets = Toggle::ALL
            .iter()
            .map(|&t| Toggles::only(t))
            .chain([Toggles::all()])
            .map(|t| (t, HashSet::default(), 0))
            .collect();
        CanonicalStudy {
            lines: 0,
            unparsable: Occurrences::default(),
            before: HashSet::default(),
            sets,
        }
    }

    /// One URL line with its 1-based line number (invalid UTF-8 read lossily).
    pub fn push(&mut self, line: u64, url: &[u8]) -> Result<(), SplitError> {
        self.lines += 1;
        let text = String::from_utf8_lossy(url);
        if let Err(e) = validate(&text) {
            self.unparsable.record(line);
            return Err(e);
        }
        self.before.insert(xxh3_128(url));
        let raw = split_raw(&text);
        for (t, set, changed) in &mut self.sets {
            let c = canonical_parts(&raw, *t);
            if c != text {
                *changed += 1;
            }
            set.insert(xxh3_128(c.as_bytes()));
        }
        Ok(())
    }

    /// The report: distinct lines before, and after each toggle alone and all together.
    pub fn finish(self) -> CanonicalReport {
        let before = self.before.len() as u64;
        let row =
            |id: &str, description: &str, set: &HashSet<u128, DigestBuild>, changed| ToggleRow {
                toggle: id.to_string(),
                description: description.to_string(),
                distinct_after: set.len() as u64,
                merged: before - set.len() as u64,
                changed_lines: changed,
            };
        let toggles: Vec<ToggleRow> = Toggle::ALL
            .iter()
            .zip(&self.sets)
            .map(|(t, (_, set, changed))| row(t.id(), t.description(), set, *changed))
            .collect();
        let (_, set, changed) = self.sets.last().expect("the all-toggles set");
        let all = row("all", "every toggle together", set, *changed);
        CanonicalReport {
            lines: self.lines,
            parsed: self.lines - self.unparsable.count,
            unparsable: self.unparsable,
            distinct_before: before,
            toggles,
            all,
        }
    }
}

/// Distinct lines after one combination of toggles together, counted as [`CanonicalStudy`]
/// counts them: one toggle alone gives its row of the study, all eight its `all` row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComboReport {
    /// The toggles on, in [`Toggle::ALL`] order.
    pub toggles: Vec<&'static str>,
    /// Lines that are URLs with a host.
    pub parsed: u64,
    /// Lines that are not: counted, left out of the counts.
    pub unparsable: Occurrences,
    /// Distinct lines, exact text (as the study's `distinct_before`).
    pub distinct_before: u64,
    /// Distinct lines after the toggles together.
    pub distinct_after: u64,
    /// `distinct_before − distinct_after`: lines the toggles reveal as duplicates.
    pub merged: u64,
    /// Lines the toggles changed.
    pub changed_lines: u64,
}

/// Feeds URL lines through one combination of toggles (see [`ComboReport`]).
pub struct ComboStudy {
    canonicalizer: Canonicalizer,
    toggles: Vec<Toggle>,
    lines: u64,
    unparsable: Occurrences,
    before: HashSet<u128, DigestBuild>,
    after: HashSet<u128, DigestBuild>,
    changed: u64,
}

impl ComboStudy {
    /// The toggles `on` together (in any order, repeats ignored).
    pub fn new(on: &[Toggle]) -> ComboStudy {
        let toggles: Vec<Toggle> = Toggle::ALL
            .iter()
            .copied()
            .filter(|t| on.contains(t))
            .collect();
        let t = toggles
            .iter()
            .fold(Toggles::none(), |t, &x| t.with(x, true));
        ComboStudy {
            canonicalizer: Canonicalizer::new(t),
            toggles,
            lines: 0,
            unparsable: Occurrences::default(),
            before: HashSet::default(),
            after: HashSet::default(),
            changed: 0,
        }
    }

    /// One URL line with its 1-based line number (invalid UTF-8 read lossily, as the study
    /// reads it).
    pub fn push(&mut self, line: u64, url: &[u8]) {
        self.lines += 1;
        let text = String::from_utf8_lossy(url);
        match self.canonicalizer.canonical(&text) {
            Ok(c) => {
                self.before.insert(xxh3_128(url));
                if c != text {
                    self.changed += 1;
                }
                self.after.insert(xxh3_128(c.as_bytes()));
            }
            Err(_) => self.unparsable.record(line),
        }
    }

    /// The report for the lines fed.
    pub fn finish(self) -> ComboReport {
        let (before, after) = (self.before.len() as u64, self.after.len() as u64);
        ComboReport {
            toggles: self.toggles.iter().map(|t| t.id()).collect(),
            parsed: self.lines - self.unparsable.count,
            unparsable: self.unparsable,
            distinct_before: before,
            distinct_after: after,
            merged: before - after,
            changed_lines: self.changed,
        }
    }
}
