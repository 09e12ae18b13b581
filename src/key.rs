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
    if key == Key::Url {
        return Ok(Cow::Borrowed(line));
    }
    let text = String::from_utf8_lossy(line);
    let url = parse_url(&text)?;
    match key {
        Key::Host => url
            .host_str()
            .filter(|h| !h.is_empty())
            .map(|h| Cow::Owned(h.as_bytes().to_vec()))
            .ok_or(SplitError::NoHost),
        Key::Path => {
            if !url.has_host() {
                return Err(SplitError::NoHost);
            }
            let mut p = url.path().to_string();
            if let Some(q) = url.query() {
                p.push('?');
                p.push_str(q);
            }
            Ok(Cow::Owned(p.into_bytes()))
        }
        Key::Url => unreachable!("handled above"),
    }
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
    fn unsplittable_lines_are_errors() {
        assert_eq!(host("mailto:x@y.cn"), Err(SplitError::NoHost));
        assert!(matches!(host("http://"), Err(SplitError::Parse(_))));
        assert!(matches!(host("http://a b.cn/"), Err(SplitError::Parse(_))));
        assert!(matches!(
            path("javascript:alert(1)"),
            Err(SplitError::NoHost)
        ));
        // The url key never fails, whatever the bytes.
        assert_eq!(&*extract(&[0xFF, 0xFE], Key::Url).unwrap(), &[0xFF, 0xFE]);
    }
}
