//! Scrapy's `canonicalize_url` (w3lib 2.5.0, `w3lib/url.py`, default arguments:
//! blank values kept, fragments dropped, `&` between query fields), as its source and tests
//! describe it.
//!
//! 1. Spaces and controls around the line go, and every tab, CR and LF inside it; the scheme is
//!    lower case; in `http`, `https`, `ws`, `wss`, `ftp` and `file` URLs a `\` before the query
//!    is a `/`. A line without a scheme is read as `http://` + line, as the lab reads every list.
//! 2. The netloc: the userinfo decoded and escaped again (its case kept), the host in lower case
//!    and, when not ASCII, in Punycode (IDNA), an IPv6 host compressed, the port written as a
//!    number (`:0080` → `:80`; an empty port dropped; the default port **kept**).
//! 3. The query: split at `&` (empty fields dropped, a field without `=` gets an empty value),
//!    each name and value decoded (`+` is a space), the pairs sorted by name then value (bytes),
//!    written again with only `A-Z a-z 0-9 - . _ ~` unescaped and a space as `+`.
//! 4. The path: non-ASCII and unsafe bytes escaped; escapes decoded except those of `%`, `/`,
//!    `;` and `?`, then unsafe bytes escaped again (upper-case hex); `.` and `..` segments
//!    resolved (RFC 3986 §5.2.4; empty segments stay); empty → `/`. The `;params` of the last
//!    segment are kept as written.
//! 5. The fragment is dropped.
//!
//! Not done, by design: default ports, `www.`, session ids, a host's trailing dot, `//` in the
//! path. One known difference: w3lib's IDNA is Python's IDNA 2003 (`straße.de` → `strasse.de`),
//! the lab's the `idna` crate's UTS 46 (`xn--strae-oqa.de`).

use super::rfc3986::remove_dot_segments;
use std::net::Ipv6Addr;

/// Why w3lib gives a line no form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum W3libError {
    /// An unmatched `[` or `]` in the netloc, or a port that is not a number up to 65535
    /// (Python's `urlsplit` raises `ValueError`).
    Invalid,
    /// A URL with nothing where the host should be (`http:///a`, `mailto:x`): w3lib writes
    /// `http:/a`; the lab gives a line without a host no form under any scheme.
    NoHost,
}

const UNRESERVED: &[u8] = b"-._~";
/// Safe in the first pass over the path: reserved and unreserved characters, `%`, but not
/// `# [ ] |`.
const PATH_SAFEST: &[u8] = b":/?@!$&'()*+,;=-._~%";
/// The same for the query of a special scheme, without `'`.
const QUERY_SAFEST: &[u8] = b":/?@!$&()*+,;=-._~%";
/// Safe in the last pass over the path: reserved and unreserved characters, `|` and `%`, but
/// not `#`.
const PATH_SAFE: &[u8] = b":/?@!$&'()*+,;=[]|-._~%";
/// Safe in the userinfo.
const USERINFO_SAFE: &[u8] = b"-._~!$&'()*+,";

const SPECIAL: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];

/// w3lib's canonical form of one URL line.
pub fn canonical(line: &[u8]) -> Result<String, W3libError> {
    let text = decode(line);
    let trimmed: String = text
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    let url = if crate::foundation::key::has_scheme(&trimmed) {
        trimmed
    } else {
        format!("http://{trimmed}")
    };
    let colon = url.find(':').unwrap_or(0);
    let scheme = url[..colon].to_ascii_lowercase();
    let special = SPECIAL.contains(&scheme.as_str());
    let mut rest = url[colon + 1..].to_string();
    if special {
        let end = rest.find(['?', '#']).unwrap_or(rest.len());
        let head = rest[..end].replace('\\', "/");
        rest = head + &rest[end..];
    }
    let (netloc, after) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find(['/', '?', '#']).unwrap_or(r.len());
            (Some(r[..end].to_string()), r[end..].to_string())
        }
        None => (None, rest.clone()),
    };
    let after = match after.find('#') {
        Some(h) => after[..h].to_string(),
        None => after,
    };
    let (path, query) = match after.find('?') {
        Some(q) => (after[..q].to_string(), after[q + 1..].to_string()),
        None => (after, String::new()),
    };
    let netloc = match netloc {
        Some(n) => Some(canonical_netloc(&n)?),
        None => None,
    };
    if scheme != "file"
        && !matches!(netloc.as_deref(), Some(n) if !n.is_empty() && !n.ends_with('@'))
    {
        return Err(W3libError::NoHost);
    }
    // First pass.
    let mut path = quote(path.as_bytes(), PATH_SAFEST, false);
    let query = quote(
        query.as_bytes(),
        if special { QUERY_SAFEST } else { PATH_SAFEST },
        false,
    );
    if path.is_empty() && !query.is_empty() && special {
        path.push('/');
    }
    // `;params` of the last segment.
    let last_slash = path.rfind('/').map_or(0, |s| s + 1);
    let params = path[last_slash..].find(';').map(|p| {
        let at = last_slash + p;
        let params = path[at + 1..].to_string();
        path.truncate(at);
        params
    });
    let query = canonical_query(&query);
    let path = if path.is_empty() {
        "/".to_string()
    } else {
        let protected = protect(&path);
        let decoded = unquote(protected.as_bytes());
        let quoted = quote(&decoded, PATH_SAFE, false);
        if quoted.starts_with('/') {
            remove_dot_segments(&quoted)
        } else {
            quoted
        }
    };
    let mut out = String::with_capacity(url.len() + 8);
    out.push_str(&scheme);
    out.push(':');
    match &netloc {
        Some(n) if !n.is_empty() => {
            out.push_str("//");
            out.push_str(n);
        }
        _ if path.starts_with('/') && scheme == "file" => out.push_str("//"),
        _ => {}
    }
    out.push_str(&path);
    if let Some(p) = params {
        out.push(';');
        out.push_str(&p);
    }
    if !query.is_empty() {
        out.push('?');
        out.push_str(&query);
    }
    Ok(out)
}

/// The line as text: UTF-8, with each byte that is not written `%XX`.
fn decode(line: &[u8]) -> String {
    let mut out = String::with_capacity(line.len());
    for chunk in line.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn canonical_netloc(netloc: &str) -> Result<String, W3libError> {
    let (userinfo, hostport) = match netloc.rfind('@') {
        Some(at) => (Some(&netloc[..at]), &netloc[at + 1..]),
        None => (None, netloc),
    };
    if hostport.matches('[').count() != hostport.matches(']').count()
        || hostport.matches('[').count() > 1
    {
        return Err(W3libError::Invalid);
    }
    let (host, port) = if let Some(open) = hostport.find('[') {
        let close = hostport.find(']').ok_or(W3libError::Invalid)?;
        if open != 0 || close < open {
            return Err(W3libError::Invalid);
        }
        let tail = &hostport[close + 1..];
        let port = match tail.strip_prefix(':') {
            Some(p) => Some(p),
            None if tail.is_empty() => None,
            None => return Err(W3libError::Invalid),
        };
        (&hostport[..=close], port)
    } else {
        match hostport.rfind(':') {
            Some(c) => (&hostport[..c], Some(&hostport[c + 1..])),
            None => (hostport, None),
        }
    };
    let port = match port {
        None | Some("") => None,
        Some(p) if p.bytes().all(|b| b.is_ascii_digit()) => {
            let n: u64 = p.trim_start_matches('0').parse().unwrap_or(0);
            if n > 65_535 {
                return Err(W3libError::Invalid);
            }
            Some(n)
        }
        Some(_) => return Err(W3libError::Invalid),
    };
    let mut out = String::new();
    if let Some(u) = userinfo {
        let (name, password) = match u.find(':') {
            Some(c) => (&u[..c], Some(&u[c + 1..])),
            None => (u, None),
        };
        out.push_str(&quote(&unquote(name.as_bytes()), USERINFO_SAFE, false));
        if let Some(p) = password {
            out.push(':');
            out.push_str(&quote(&unquote(p.as_bytes()), USERINFO_SAFE, false));
        }
        out.push('@');
    }
    let lower = host.to_lowercase();
    if let Some(inner) = lower.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        match inner.parse::<Ipv6Addr>() {
            Ok(addr) => out.push_str(&format!("[{addr}]")),
            Err(_) => out.push_str(&lower),
        }
    } else if lower.is_ascii() {
        out.push_str(&lower);
    } else {
        let cleaned: String = lower
            .chars()
            .filter(|c| !matches!(c, '@' | ':' | '#' | '?'))
            .collect();
        match idna::domain_to_ascii(&cleaned) {
            Ok(ascii) if !ascii.is_empty() => out.push_str(&ascii),
            _ => out.push_str(&cleaned),
        }
    }
    if let Some(p) = port {
        out.push_str(&format!(":{p}"));
    }
    Ok(out)
}

/// Split at `&`, decoded, sorted by (name, value) bytes, written form-encoded.
fn canonical_query(query: &str) -> String {
    let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = query
        .split('&')
        .filter(|f| !f.is_empty())
        .map(|f| {
            let (n, v) = f.split_once('=').unwrap_or((f, ""));
            (unquote_plus(n.as_bytes()), unquote_plus(v.as_bytes()))
        })
        .collect();
    pairs.sort();
    pairs
        .iter()
        .map(|(n, v)| format!("{}={}", quote(n, b"-._~", true), quote(v, b"-._~", true)))
        .collect::<Vec<_>>()
        .join("&")
}

/// `%25`, `%2F`, `%3B`, `%3F` (either case) escaped once more, so decoding keeps them escaped.
fn protect(path: &str) -> String {
    let b = path.as_bytes();
    let mut out = String::with_capacity(path.len() + 8);
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let code = [b[i + 1].to_ascii_uppercase(), b[i + 2].to_ascii_uppercase()];
            if matches!(&code, b"25" | b"2F" | b"3B" | b"3F") {
                out.push_str("%25");
                out.push(code[0] as char);
                out.push(code[1] as char);
                i += 3;
                continue;
            }
        }
        let ch = path[i..].chars().next().unwrap_or('\u{fffd}');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Every `%HH` (either case) as its byte; a `%` without two hex digits stays.
fn unquote(s: &[u8]) -> Vec<u8> {
    super::decode_escapes(s).0
}

fn unquote_plus(s: &[u8]) -> Vec<u8> {
    let spaced: Vec<u8> = s
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    unquote(&spaced)
}

/// Bytes outside `A-Z a-z 0-9` and `safe` as `%HH` (upper-case); a space as `+` when `plus`.
fn quote(bytes: &[u8], safe: &[u8], plus: bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if b.is_ascii_alphanumeric() || safe.contains(&b) || UNRESERVED.contains(&b) {
            out.push(b as char);
        } else if plus && b == b' ' {
            out.push('+');
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tests/test_url.py of w3lib 2.5.0 (class TestCanonicalizeUrl), default arguments: input,
    /// canonical form. Left out: `?b=1` and `mailto:a/../b`, which the lab reads as
    /// `http://` + line (no host) and as an opaque URL; `straße`-style IDNA 2003 mappings.
    const VECTORS: [(&str, &str); 38] = [
        ("http://www.example.com/", "http://www.example.com/"),
        ("http://www.example.com", "http://www.example.com/"),
        ("http://www.example.com/do?c=1&b=2&a=3", "http://www.example.com/do?a=3&b=2&c=1"),
        ("http://www.example.com/do?&a=1", "http://www.example.com/do?a=1"),
        ("http://www.example.com:8888/do?a=1&b=2&c=3", "http://www.example.com:8888/do?a=1&b=2&c=3"),
        ("http://www.example.com:/do?a=1&b=2&c=3", "http://www.example.com/do?a=1&b=2&c=3"),
        ("http://www.example.com/do?c=3&b=5&b=2&a=50", "http://www.example.com/do?a=50&b=2&b=5&c=3"),
        ("http://www.example.com/do?b=&a=2", "http://www.example.com/do?a=2&b="),
        ("http://www.example.com/do?b=&c&a=2", "http://www.example.com/do?a=2&b=&c="),
        ("http://www.example.com/do?1750,4", "http://www.example.com/do?1750%2C4="),
        ("http://www.example.com/do?q=a space&a=1", "http://www.example.com/do?a=1&q=a+space"),
        ("http://www.example.com/do?q=a+space&a=1", "http://www.example.com/do?a=1&q=a+space"),
        ("http://www.example.com/do?q=a%20space&a=1", "http://www.example.com/do?a=1&q=a+space"),
        ("http://www.example.com/r\u{e9}sum\u{e9}", "http://www.example.com/r%C3%A9sum%C3%A9"),
        ("http://exa\tmple.com/a\r\nb?q=a\tb", "http://example.com/ab?q=ab"),
        ("http://www.example.com/r%c3%a9sum%c3%a9", "http://www.example.com/r%C3%A9sum%C3%A9"),
        ("http://www.example.com/a%a3do", "http://www.example.com/a%A3do"),
        ("https://example.com/a%23b%2cc#bash", "https://example.com/a%23b,c"),
        ("http://www.example.com/a do?a=1", "http://www.example.com/a%20do?a=1"),
        ("http://www.example.com/do?price=\u{a3}500&a=5&z=3", "http://www.example.com/do?a=5&price=%C2%A3500&z=3"),
        ("http://user:pass@www.example.com/do?a=1#frag", "http://user:pass@www.example.com/do?a=1"),
        ("http://[::1]/do?a=1#frag", "http://[::1]/do?a=1"),
        ("http://www.example.com/caf%E9-con-leche.htm", "http://www.example.com/caf%E9-con-leche.htm"),
        ("http://www.EXAMPLE.com/", "http://www.example.com/"),
        ("sftp://UsEr:PaSsWoRd@www.EXAMPLE.com/", "sftp://UsEr:PaSsWoRd@www.example.com/"),
        ("http://www.example.com/a/b/../../c", "http://www.example.com/c"),
        ("http://www.example.com/a/b/..", "http://www.example.com/a/"),
        ("http://www.example.com/%2E%2E/a", "http://www.example.com/a"),
        ("http://www.example.com/a//b", "http://www.example.com/a//b"),
        ("http://[2001:0DB8:0000:0000:0000:0000:0000:0001]:8080/a", "http://[2001:db8::1]:8080/a"),
        ("http://www.b\u{fc}cher.de?q=b\u{fc}cher", "http://www.xn--bcher-kva.de/?q=b%C3%BCcher"),
        (
            "http://\u{306f}\u{3058}\u{3081}\u{3088}\u{3046}.\u{307f}\u{3093}\u{306a}/?query=\u{30b5}&maxResults=5",
            "http://xn--p8j9a0d9c9a.xn--q9jyb4c/?maxResults=5&query=%E3%82%B5",
        ),
        ("http://user@\u{4f8b}\u{3048}.jp/path", "http://user@xn--r8jz45g.jp/path"),
        ("http://foo.com/AC%2FDC+rocks%3f/?yeah=1", "http://foo.com/AC%2FDC+rocks%3F/?yeah=1"),
        ("http://foo.com/100%25/path", "http://foo.com/100%25/path"),
        ("http://foo.com/%3b", "http://foo.com/%3B"),
        ("http://www.example.com/dir;x/a%7Eb", "http://www.example.com/dir;x/a~b"),
        (" https://example.com ", "https://example.com/"),
    ];

    #[test]
    fn w3libs_own_test_vectors_come_out_as_its_tests_expect() {
        crate::mechanisms::canon::tests::assert_vectors(
            "w3lib 2.5.0",
            &VECTORS,
            |s| s.as_bytes().to_vec(),
            canonical,
        );
    }

    #[test]
    fn what_w3lib_does_beyond_its_tests() {
        // Behaviour of 2.5.0 run on these inputs: params kept as written, `;` not a query
        // separator, the port as a number, empty fields dropped, a bad escape kept.
        let cases = [
            (
                "http://a.com/a;b=%3b?z=1;y=2&a",
                "http://a.com/a;b=%3b?a=&z=1%3By%3D2",
            ),
            (
                "http://a.com/%2e/./b/%7e?%7e=%7E+%2B",
                "http://a.com/b/~?~=~+%2B",
            ),
            ("http://a.com:0080/", "http://a.com:80/"),
            ("http://a.com/?&&", "http://a.com/"),
            ("http://a.com/x%zz%2", "http://a.com/x%zz%2"),
            ("http://A.COM/%41", "http://a.com/A"),
            (
                "http://a.com/?b=2&a=1&a=0&b",
                "http://a.com/?a=0&a=1&b=&b=2",
            ),
        ];
        for (input, want) in cases {
            assert_eq!(canonical(input.as_bytes()).as_deref(), Ok(want), "{input}");
        }
        assert_eq!(canonical(b"http://[::1"), Err(W3libError::Invalid));
        assert_eq!(canonical(b"http://a.com:99999/"), Err(W3libError::Invalid));
        assert_eq!(canonical(b"http:///nohost"), Err(W3libError::NoHost));
    }
}
