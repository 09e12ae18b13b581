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
//! # Example
//! ```
//! use urlhashlab::key::{Key, extract};
//! assert_eq!(&*extract(b"WWW.PKU.edu.cn/a b?x=1#f", Key::Host).unwrap(), b"www.pku.edu.cn");
//! assert_eq!(&*extract(b"WWW.PKU.edu.cn/a b?x=1#f", Key::Path).unwrap(), b"/a%20b?x=1");
//! assert!(extract(b"http://[::1", Key::Host).is_err());
//! ```

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
    pub fn parse(s: &str) -> Option<Key> {
        match s {
            "url" => Some(Key::Url),
            "host" => Some(Key::Host),
            "path" => Some(Key::Path),
            _ => None,
        }
    }
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
fn has_scheme(line: &str) -> bool {
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
        Key::Host => host_of(&parse_line(line)?).map(|h| Cow::Owned(h.into_bytes())),
        Key::Path => path_of(&parse_line(line)?).map(|p| Cow::Owned(p.into_bytes())),
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
    let url = parse_line(line)?;
    Ok(Parts {
        host: host_of(&url)?,
        path: path_of(&url)?,
        port: url.port(),
    })
}

fn parse_line(line: &[u8]) -> Result<Url, SplitError> {
    parse_url(&String::from_utf8_lossy(line))
}

fn host_of(url: &Url) -> Result<String, SplitError> {
    url.host_str()
        .filter(|h| !h.is_empty())
        .map(str::to_string)
        .ok_or(SplitError::NoHost)
}

fn path_of(url: &Url) -> Result<String, SplitError> {
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

/// The registrable domain of a host (its public suffix plus one label, from the Public Suffix
/// List compiled into the `psl` crate): `news.sina.com.cn` → `sina.com.cn`,
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
    psl::domain_str(host).unwrap_or(host)
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
