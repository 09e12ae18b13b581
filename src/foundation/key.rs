//! What an experiment hashes: the whole URL line, its host, or its path with the query.
//!
//! P1 hashes whole URLs; P2 hashes the host into its site table and the path into per-site
//! path tables. Host and path are split with the WHATWG URL Standard parser (the `url` crate),
//! so they are the serialized forms a normalising crawler stores: the host lower-cased and
//! IDNA-encoded (`www.例子.cn` → `www.xn--fsqu00a.cn`), the path and query percent-encoded.
//! A line without a scheme (`www.pku.edu.cn/x.html`) is read as `http://` + line, as the
//! papers' URL lists are. A line that cannot be split (no host, or a parse error) is an
//! [`SplitError`]: callers count and report it, never drop it silently. The `url` key hashes
//! the line's bytes as they are, invalid UTF-8 included; `host` and `path` decode invalid UTF-8
//! lossily (U+FFFD) before parsing.
//!
//! `file:` URLs follow the URL Standard as it reads today, where the `url` crate (2.5) keeps two
//! rules the Standard dropped: it removes the host when the path starts with a Windows drive
//! letter (`file://example.net/C:/` → no host) and removes empty segments at the start of the
//! path (`file://spider///` → `/`). So a `file:` line's host comes from the crate's host parser
//! (IDNA, IPv4, IPv6; `localhost` is no host) and its path from [`file_path`], the Standard's
//! path state for a `file:` URL. Splitting `file://` + host + path again gives the same parts.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::key::{extract, Key};
//! assert_eq!(&*extract(b"WWW.PKU.edu.cn/a b?x=1#f", Key::Host).unwrap(), b"www.pku.edu.cn");
//! assert_eq!(&*extract(b"WWW.PKU.edu.cn/a b?x=1#f", Key::Path).unwrap(), b"/a%20b?x=1");
//! assert!(extract(b"http://[::1", Key::Host).is_err());
//! ```

use crate::foundation::suffix;
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};
use std::borrow::Cow;
use std::fmt;
use url::Url;

/// Which part of a URL line is hashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Key {
    /// The whole line, byte for byte (P1).
    #[default]
    Url,
    /// The host (P2's site hash).
    Host,
    /// The path and query (P2's path hash).
    Path,
}

impl Key {
    /// The key named `s` (`"url"`, `"host"` or `"path"`, as the page sends it); `None` for
    /// anything else.
    pub fn parse(s: &str) -> Option<Key> {
        match s {
            "url" => Some(Key::Url),
            "host" => Some(Key::Host),
            "path" => Some(Key::Path),
            _ => None,
        }
    }
    /// The key's name, the one [`Key::parse`] reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Key::Url => "url",
            Key::Host => "host",
            Key::Path => "path",
        }
    }
}

/// Why a line could not be split into host or path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// The URL parser rejected the line.
    Parse(String),
    /// The URL parsed but has no host (`mailto:`, `data:`, `file:///`).
    NoHost,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::Parse(e) => write!(f, "not a URL ({e})"),
            SplitError::NoHost => write!(f, "the URL has no host"),
        }
    }
}

impl std::error::Error for SplitError {}

/// Schemes that are URLs on their own without `//` (they are not prefixed with `http://`).
const OPAQUE_SCHEMES: [&str; 7] = [
    "mailto",
    "javascript",
    "data",
    "about",
    "blob",
    "tel",
    "urn",
];

/// Does `line` start with `scheme:` for a scheme we treat as present? (`scheme://…`, or one of
/// the schemes that never have `//`.) `localhost:8080/x` and `www.a.cn:80` have none.
pub(crate) fn has_scheme(line: &str) -> bool {
    let Some(colon) = line.find(':') else {
        return false;
    };
    let scheme = &line[..colon];
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid
        && (line[colon + 1..].starts_with("//")
            || OPAQUE_SCHEMES
                .iter()
                .any(|s| s.eq_ignore_ascii_case(scheme)))
}

/// Parses a URL line, reading it as `http://` + line when it has no scheme.
pub fn parse_url(line: &str) -> Result<Url, SplitError> {
    let parsed = if has_scheme(line) {
        Url::parse(line)
    } else {
        Url::parse(&format!("http://{line}"))
    };
    parsed.map_err(|e| SplitError::Parse(e.to_string()))
}

/// The bytes that `key` hashes for one URL line (already trimmed).
pub fn extract(line: &[u8], key: Key) -> Result<Cow<'_, [u8]>, SplitError> {
    match key {
        Key::Url => Ok(Cow::Borrowed(line)),
        Key::Host => parse_line(line)?.host().map(|h| Cow::Owned(h.into_bytes())),
        Key::Path => parse_line(line)?.path().map(|p| Cow::Owned(p.into_bytes())),
    }
}

/// The parts of one URL line a crawler routes by, parsed once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// As [`extract`] gives it for [`Key::Host`].
    pub host: String,
    /// As [`extract`] gives it for [`Key::Path`].
    pub path: String,
    /// The port when it is not the scheme's default.
    pub port: Option<u16>,
}

/// Host, path (with the query) and port of one URL line.
pub fn split(line: &[u8]) -> Result<Parts, SplitError> {
    let parsed = parse_line(line)?;
    Ok(Parts {
        host: parsed.host()?,
        path: parsed.path()?,
        port: match &parsed {
            Parsed::Url(url) => url.port(),
            Parsed::File { .. } | Parsed::FileNoHost => None,
        },
    })
}

/// One URL line parsed: by the `url` crate, or for `file:` by the Standard's current reading.
enum Parsed {
    Url(Url),
    /// A `file:` URL with a host (the host as the crate parses it, the path from [`file_path`]).
    File {
        host: String,
        path: String,
    },
    /// A `file:` URL without a host (`file:///x`, `file://localhost/x`, `file://C:/x`).
    FileNoHost,
}

impl Parsed {
    fn host(&self) -> Result<String, SplitError> {
        match self {
            Parsed::Url(url) => url
                .host_str()
                .filter(|h| !h.is_empty())
                .map(str::to_string)
                .ok_or(SplitError::NoHost),
            Parsed::File { host, .. } => Ok(host.clone()),
            Parsed::FileNoHost => Err(SplitError::NoHost),
        }
    }

    fn path(&self) -> Result<String, SplitError> {
        match self {
            Parsed::Url(url) => {
                if !url.has_host() {
                    return Err(SplitError::NoHost);
                }
                let mut p = url.path().to_string();
                if let Some(q) = url.query() {
                    p.push('?');
                    p.push_str(q);
                }
                Ok(p)
            }
            Parsed::File { path, .. } => Ok(path.clone()),
            Parsed::FileNoHost => Err(SplitError::NoHost),
        }
    }
}

/// A URL line that splits into `parts` again: `scheme://host[:port]path`. For every line that
/// [`split`] accepts, splitting the join of its parts (with its scheme, as [`parse_url`] gives
/// it) gives the same parts (tested on WPT's inputs and by the `split` fuzz target).
///
/// ```
/// use urlhashlab::foundation::key::{join, split};
/// let p = split(b"file://[1::8]/..//C:/").unwrap();
/// assert_eq!(join("file", &p), "file://[1::8]//C:/");
/// assert_eq!(split(join("file", &p).as_bytes()), Ok(p));
/// ```
pub fn join(scheme: &str, parts: &Parts) -> String {
    match parts.port {
        Some(port) => format!("{scheme}://{}:{port}{}", parts.host, parts.path),
        None => format!("{scheme}://{}{}", parts.host, parts.path),
    }
}

fn parse_line(line: &[u8]) -> Result<Parsed, SplitError> {
    let text = String::from_utf8_lossy(line);
    let url = parse_url(&text)?;
    if url.scheme() != "file" {
        return Ok(Parsed::Url(url));
    }
    // Only `file://…` reaches here (`has_scheme`), and the crate accepted its host.
    let clean = standard_input(&text);
    let after = match clean.split_once(':') {
        Some((_, rest)) if rest.starts_with(['/', '\\']) && rest[1..].starts_with(['/', '\\']) => {
            &rest[2..]
        }
        // Not reached (`has_scheme` asks for `//`); the crate's reading then stands.
        _ => return Ok(Parsed::Url(url)),
    };
    let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
    let buffer = &after[..end];
    // The file host state: a drive letter is the path's first segment, not a host.
    if buffer.is_empty() || is_windows_drive_letter(buffer) {
        return Ok(Parsed::FileNoHost);
    }
    let host = match url::Host::parse(buffer) {
        Ok(url::Host::Domain(d)) if d == "localhost" => return Ok(Parsed::FileNoHost),
        Ok(h) => h.to_string(),
        Err(e) => return Err(SplitError::Parse(e.to_string())),
    };
    let rest = &after[end..];
    let path_end = rest.find(['?', '#']).unwrap_or(rest.len());
    let mut path = file_path(&rest[..path_end]);
    if let Some(q) = url.query() {
        path.push('?');
        path.push_str(q);
    }
    Ok(Parsed::File { host, path })
}

/// The URL Standard's first steps on any input: leading and trailing C0 controls and spaces
/// removed, then every ASCII tab and newline.
fn standard_input(text: &str) -> String {
    text.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// The `url` crate's path percent-encode set (C0 controls, space, `"`, `#`, `<`, `>`, `?`, `` ` ``,
/// `{`, `}` and every non-ASCII code point), so `file:` paths are encoded as other paths are.
const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// Two code points, an ASCII letter then `:` or `|` (the Standard's "Windows drive letter").
fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

/// The serialized path of a `file:` URL whose host is followed by `input` (from the `/` or `\`
/// after the host up to the query or fragment), by the URL Standard's path start and path
/// states: segments end at `/` or `\`, `.` and `..` (also percent-encoded) are resolved, `..`
/// never removes a lone drive letter, and a first segment that is a drive letter gets `:`
/// (`C|` → `C:`). Empty segments are kept: `file://spider///` has the path `///`.
///
/// ```
/// use urlhashlab::foundation::key::file_path;
/// assert_eq!(file_path("///"), "///");
/// assert_eq!(file_path("/..//C:/"), "//C:/");
/// assert_eq!(file_path("/C|/../x"), "/C:/x");
/// assert_eq!(file_path("\\a\\%2e%2E\\b c"), "/b%20c");
/// assert_eq!(file_path(""), "/");
/// ```
pub fn file_path(input: &str) -> String {
    // The path start state takes one leading slash.
    let body = input.strip_prefix(['/', '\\']).unwrap_or(input);
    let pieces: Vec<&str> = body.split(['/', '\\']).collect();
    let mut path: Vec<String> = Vec::with_capacity(pieces.len());
    for (i, raw) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut buffer = utf8_percent_encode(raw, PATH).to_string();
        let lower = buffer.to_ascii_lowercase();
        if matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e") {
            // Shorten the path, but never a path that is one normalized drive letter.
            let lone_drive =
                path.len() == 1 && is_windows_drive_letter(&path[0]) && path[0].ends_with(':');
            if !lone_drive {
                path.pop();
            }
            if last {
                path.push(String::new());
            }
        } else if matches!(lower.as_str(), "." | "%2e") {
            if last {
                path.push(String::new());
            }
        } else {
            if path.is_empty() && is_windows_drive_letter(&buffer) {
                buffer.replace_range(1..2, ":");
            }
            path.push(buffer);
        }
    }
    path.iter().map(|s| format!("/{s}")).collect()
}

/// The registrable domain of a host (its public suffix plus one label, from the Public Suffix
/// List of [`suffix::domain_str`]: the `psl` crate natively, the rules the page installs on
/// wasm32, where a caller asks [`suffix::ready`] first): `news.sina.com.cn` → `sina.com.cn`,
/// `a.b.github.io` → `b.github.io`. An IP address, a single label (`localhost`) or a bare public
/// suffix has none and is returned whole; so is a host with an empty label (`a..cn`,
/// `www.sina.com.cn..`: the URL parser accepts them, the list has no answer for them).
pub fn registrable_domain(host: &str) -> &str {
    if host.starts_with('[') || host.parse::<std::net::Ipv4Addr>().is_ok() {
        return host;
    }
    // One trailing dot is the root (a fully qualified name); any other empty label is odd.
    let labels = host.strip_suffix('.').unwrap_or(host);
    if labels.is_empty() || labels.split('.').any(str::is_empty) {
        return host;
    }
    suffix::domain_str(host).unwrap_or(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str) -> Result<String, SplitError> {
        extract(s.as_bytes(), Key::Host).map(|b| String::from_utf8(b.into_owned()).unwrap())
    }
    fn path(s: &str) -> Result<String, SplitError> {
        extract(s.as_bytes(), Key::Path).map(|b| String::from_utf8(b.into_owned()).unwrap())
    }

    #[test]
    fn schemeless_lines_read_as_http() {
        assert_eq!(host("mp3raid.com/music/a.html").unwrap(), "mp3raid.com");
        assert_eq!(host("localhost:8080/x").unwrap(), "localhost");
        assert_eq!(host("www.a.cn:80/x").unwrap(), "www.a.cn");
        assert_eq!(
            path("news.21cn.com/social/1.shtml").unwrap(),
            "/social/1.shtml"
        );
        assert_eq!(host("https://Example.COM./").unwrap(), "example.com.");
    }

    #[test]
    fn host_is_idna_and_path_percent_encoded() {
        assert_eq!(host("http://www.例子.cn/").unwrap(), "www.xn--fsqu00a.cn");
        assert_eq!(
            path("http://a.cn/新闻/x?q=北京").unwrap(),
            "/%E6%96%B0%E9%97%BB/x?q=%E5%8C%97%E4%BA%AC"
        );
        assert_eq!(path("http://a.cn").unwrap(), "/");
        assert_eq!(path("http://a.cn/p#frag").unwrap(), "/p");
    }

    #[test]
    fn split_gives_host_and_path_at_once() {
        let p = split(b"News.Sina.com.cn:8080/a/b.html?x=1#top").unwrap();
        assert_eq!(
            (p.host.as_str(), p.path.as_str(), p.port),
            ("news.sina.com.cn", "/a/b.html?x=1", Some(8080))
        );
        assert_eq!(split(b"https://a.cn:443/").unwrap().port, None);
    }

    #[test]
    fn registrable_domains_follow_the_public_suffix_list() {
        assert_eq!(registrable_domain("news.sina.com.cn"), "sina.com.cn");
        assert_eq!(registrable_domain("www.pku.edu.cn"), "pku.edu.cn");
        assert_eq!(registrable_domain("a.b.github.io"), "b.github.io");
        assert_eq!(registrable_domain("www.xn--fsqu00a.cn"), "xn--fsqu00a.cn");
        assert_eq!(registrable_domain("192.168.0.1"), "192.168.0.1");
        assert_eq!(registrable_domain("[::1]"), "[::1]");
        assert_eq!(registrable_domain("localhost"), "localhost");
        assert_eq!(registrable_domain("com.cn"), "com.cn");
    }

    #[test]
    fn unsplittable_lines_are_errors() {
        assert_eq!(host("mailto:x@y.cn"), Err(SplitError::NoHost));
        assert!(matches!(host("http://"), Err(SplitError::Parse(_))));
        assert!(matches!(host("http://a b.cn/"), Err(SplitError::Parse(_))));
        assert!(matches!(
            path("javascript:alert(1)"),
            Err(SplitError::NoHost)
        ));
        assert!(split(b"mailto:x@y.cn").is_err());
        // The url key never fails, whatever the bytes.
        assert_eq!(&*extract(&[0xFF, 0xFE], Key::Url).unwrap(), &[0xFF, 0xFE]);
    }

    fn parts(s: &str) -> Result<(String, String), SplitError> {
        split(s.as_bytes()).map(|p| (p.host, p.path))
    }

    #[test]
    fn file_urls_keep_their_host_and_empty_segments_as_the_url_standard_says() {
        let ok = |h: &str, p: &str| Ok((h.to_string(), p.to_string()));
        // WPT's urltestdata.json, the `file:` tests with a host (the url crate drops the first
        // three hosts and gives `/` for the fourth).
        assert_eq!(parts("file://example.net/C:/"), ok("example.net", "/C:/"));
        assert_eq!(parts("file://1.2.3.4/C:/"), ok("1.2.3.4", "/C:/"));
        assert_eq!(parts("file://[1::8]/C:/"), ok("[1::8]", "/C:/"));
        assert_eq!(parts("file://spider///"), ok("spider", "///"));
        assert_eq!(parts("file://a\u{AD}b/p"), ok("ab", "/p"));
        assert_eq!(parts("file://a%C2%ADb/p"), ok("ab", "/p"));
        // Found by fuzzing: its parts, joined again, split into the same parts.
        assert_eq!(parts("file://[1::8]/..//C:/"), ok("[1::8]", "//C:/"));
        assert_eq!(parts("file://[1::8]//C:/"), ok("[1::8]", "//C:/"));
        // Drive letters, dots, backslashes, tabs, case, query and fragment.
        assert_eq!(parts("FILE://Host\\C|\\..\\x"), ok("host", "/C:/x"));
        assert_eq!(parts("file://h/a/%2E%2e/b?q=1 2#f"), ok("h", "/b?q=1%202"));
        assert_eq!(parts("file://h/a/./b/."), ok("h", "/a/b/"));
        assert_eq!(parts("file://h"), ok("h", "/"));
        assert_eq!(parts("file://h?q"), ok("h", "/?q"));
        assert_eq!(parts("file://h/新 x"), ok("h", "/%E6%96%B0%20x"));
        assert_eq!(parts("file://h\t/p\n"), ok("h", "/p"));
        assert_eq!(parts("file://h/a/C:/.."), ok("h", "/a/"));
        // No host: none written, `localhost`, or a drive letter where the host would be.
        for line in [
            "file:///C:/x",
            "file://localhost/x",
            "file://C:/x",
            "file://C|/x",
        ] {
            assert_eq!(parts(line), Err(SplitError::NoHost), "{line}");
            assert_eq!(host(line), Err(SplitError::NoHost), "{line}");
            assert_eq!(path(line), Err(SplitError::NoHost), "{line}");
        }
        // A host the crate rejects is a parse error, as for other schemes.
        assert!(matches!(parts("file://a b/"), Err(SplitError::Parse(_))));
        // A file URL has no port: `h:1` is not a host.
        assert!(matches!(parts("file://h:1/"), Err(SplitError::Parse(_))));
    }

    #[test]
    fn a_host_with_an_empty_label_is_its_own_registrable_domain() {
        // Found by fuzzing: `www.sina.com.cn..` gave `cn.`, grouping every such host together.
        assert_eq!(registrable_domain("www.sina.com.cn.."), "www.sina.com.cn..");
        assert_eq!(registrable_domain("a..sina.com.cn"), "a..sina.com.cn");
        assert_eq!(registrable_domain("."), ".");
        assert_eq!(registrable_domain("news.sina.com.cn"), "sina.com.cn");
        assert_eq!(registrable_domain("a.b.github.io."), "b.github.io");
    }
}
