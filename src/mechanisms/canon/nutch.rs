//! Apache Nutch's basic URL normaliser (plugin `urlnormalizer-basic`, `BasicURLNormalizer`,
//! release 1.22, its default configuration: no IDN conversion, trailing dots kept), as its
//! source and tests describe it.
//!
//! 1. Spaces and controls around the line go; the scheme is lower case. Only `http`, `https`,
//!    `ftp` and `file` are read (Java's `URL` refuses the rest here); a line without a scheme is
//!    read as `http://` + line, as the lab reads every list.
//! 2. `http`, `https`, `ftp`: the host percent-decoded when it holds `%` (`+` becomes a space,
//!    a bad escape refuses the line) and lower-cased; the userinfo dropped (kept for `ftp`); the
//!    port dropped when it is the scheme's default (80, 443, 21) or empty; the fragment
//!    dropped; an empty path written `/`, and a query with no path `/?…`.
//! 3. The path and query together: an escaped unreserved character decoded (`%66` → `f`),
//!    other escapes in upper-case hex; then bytes ≥ 0x80, controls, space, DEL and
//!    `" < > [ ] ^ ` { | }` escaped, and a `%` not followed by two hex digits written `%25`.
//! 4. A path holding `/.`, `//` or `./`: `.` segments removed, `segment/..` resolved, runs of
//!    `/` made one (Java's `URI.normalize`), then leading `/..` segments removed.
//!
//! Not done, by design: query sorting, session ids, `www.`, IPv4 spellings, IDN.

use super::rfc3986::normalise_encodings;

/// Why Nutch's normaliser gives a line no form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NutchError {
    /// A scheme Java's `URL` does not know here, a bad port, or a bad escape in the host.
    Malformed,
}

/// Nutch's normal form of one URL line.
pub fn canonical(line: &[u8]) -> Result<String, NutchError> {
    let text = String::from_utf8_lossy(line);
    let line = text.trim_matches(|c: char| c <= ' ');
    let with_scheme;
    let known = ["http:", "https:", "ftp:", "file:"].iter().any(|s| {
        line.get(..s.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(s))
    });
    let line = if known || crate::foundation::key::has_scheme(line) {
        line
    } else {
        with_scheme = format!("http://{line}");
        &with_scheme
    };
    let colon = line.find(':').ok_or(NutchError::Malformed)?;
    let scheme = line[..colon].to_ascii_lowercase();
    let rest = &line[colon + 1..];
    let (rest, fragment) = match rest.find('#') {
        Some(h) => (&rest[..h], Some(&rest[h + 1..])),
        None => (rest, None),
    };
    let (authority, file) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find(['/', '?']).unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    let (path, query) = match file.find('?') {
        Some(q) => (&file[..q], Some(&file[q + 1..])),
        None => (file, None),
    };
    let web = match scheme.as_str() {
        "http" | "https" | "ftp" => true,
        "file" => false,
        _ => return Err(NutchError::Malformed),
    };
    let mut out = String::with_capacity(line.len() + 4);
    out.push_str(&scheme);
    out.push(':');
    let mut normalise_path = true;
    let mut path = path.to_string();
    if web {
        if let Some(authority) = authority {
            let (userinfo, host, port) = split_authority(authority)?;
            let host = if host.contains('%') {
                url_decode(host)?
            } else {
                host.to_string()
            };
            out.push_str("//");
            if scheme == "ftp" {
                if let Some(u) = userinfo {
                    out.push_str(u);
                    out.push('@');
                }
            }
            out.push_str(&host.to_lowercase());
            let default = match scheme.as_str() {
                "http" => 80,
                "https" => 443,
                _ => 21,
            };
            if let Some(p) = port.filter(|&p| p != default) {
                out.push_str(&format!(":{p}"));
            }
        }
        if path.is_empty() {
            normalise_path = false;
            path = "/".into();
        } else if !path.starts_with('/') {
            normalise_path = false;
            path.insert(0, '/');
        }
    } else {
        if let Some(authority) = authority {
            out.push_str("//");
            out.push_str(authority);
        }
        if path.is_empty() {
            path = "/".into();
        }
    }
    let path = escape(&normalise_encodings(&path));
    let path =
        if normalise_path && (path.contains("/.") || path.contains("//") || path.contains("./")) {
            let mut p = java_normalize(&path);
            while p.starts_with("/../") || p == "/.." {
                p.drain(..3);
            }
            if !p.starts_with('/') {
                p.insert(0, '/');
            }
            p
        } else {
            path
        };
    out.push_str(&path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(&escape(&normalise_encodings(q)));
    }
    if !web {
        if let Some(f) = fragment {
            out.push('#');
            out.push_str(f);
        }
    }
    Ok(out)
}

/// `userinfo@host:port` → its parts; the port as Java's `URL` reads it (an empty port is none).
fn split_authority(authority: &str) -> Result<(Option<&str>, &str, Option<u32>), NutchError> {
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let colon = if hostport.starts_with('[') {
        let close = hostport.find(']').ok_or(NutchError::Malformed)?;
        hostport[close..].find(':').map(|c| close + c)
    } else {
        hostport.rfind(':')
    };
    let Some(colon) = colon else {
        return Ok((userinfo, hostport, None));
    };
    let digits = &hostport[colon + 1..];
    let port = if digits.is_empty() {
        None
    } else if digits.bytes().all(|b| b.is_ascii_digit()) && digits.len() <= 5 {
        Some(digits.parse().map_err(|_| NutchError::Malformed)?)
    } else {
        return Err(NutchError::Malformed);
    };
    Ok((userinfo, &hostport[..colon], port))
}

/// Java's `URLDecoder.decode(s, UTF-8)`: `+` is a space, `%HH` a byte, a bad escape an error.
fn url_decode(s: &str) -> Result<String, NutchError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = b.get(i + 1..i + 3).ok_or(NutchError::Malformed)?;
                let v = std::str::from_utf8(hex)
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or(NutchError::Malformed)?;
                out.push(v);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// UTF-8 bytes ≥ 0x80, controls, space, DEL and `" < > [ ] ^ ` { | }` escaped; a `%` that
/// does not start an escape written `%25`.
fn escape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in b.iter().enumerate() {
        let bad_percent = c == b'%' && super::escaped_byte(b, i).is_none();
        if !(0x21..0x7f).contains(&c) || b"\"<>[]^`{|}".contains(&c) || bad_percent {
            out.push_str(&format!("%{c:02X}"));
        } else {
            out.push(c as char);
        }
    }
    out
}

/// Java's `URI.normalize` on a path: runs of `/` as one, `.` removed, `segment/..` resolved,
/// leading `..` kept, a trailing `/` kept (and added after a last `.` or `..`).
pub(super) fn java_normalize(path: &str) -> String {
    let absolute = path.starts_with('/');
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let trailing = path.ends_with('/') || matches!(segments.last(), Some(&".") | Some(&".."));
    let mut out: Vec<&str> = Vec::new();
    for s in segments {
        match s {
            "." => {}
            ".." if out.last().is_some_and(|l| *l != "..") => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    let mut p = String::with_capacity(path.len());
    if absolute {
        p.push('/');
    }
    p.push_str(&out.join("/"));
    if trailing && !out.is_empty() {
        p.push('/');
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TestBasicURLNormalizer.java (apache/nutch, release-1.22), default configuration: input,
    /// normal form. `http:` alone (Nutch: `http:/`) is left out: the lab gives a line without a
    /// host no form under any scheme.
    const VECTORS: [(&str, &str); 39] = [
        ("http://foo.com/%66oo.html", "http://foo.com/foo.html"),
        ("http://foo.com/%66oo.htm%C0", "http://foo.com/foo.htm%C0"),
        ("http://foo.com/%66oo.htm%1A", "http://foo.com/foo.htm%1A"),
        ("http://foo.com/you too.html", "http://foo.com/you%20too.html"),
        ("http://foo.com/file.html%23cz", "http://foo.com/file.html%23cz"),
        ("http://foo.com/fast/dir%2fcz", "http://foo.com/fast/dir%2Fcz"),
        ("http://foo.com/\u{1a}!", "http://foo.com/%1A!"),
        ("http://mydomain.com/en Espa\u{f1}ol.aspx", "http://mydomain.com/en%20Espa%C3%B1ol.aspx"),
        ("http://x.com/s?q=a%26b&m=10", "http://x.com/s?q=a%26b&m=10"),
        ("http://x.com/show?http%3A%2F%2Fx.com%2Fb", "http://x.com/show?http%3A%2F%2Fx.com%2Fb"),
        ("http://x.com/s?q=a+b", "http://x.com/s?q=a+b"),
        ("http://b\u{fc}cher.de/", "http://b\u{fc}cher.de/"),
        ("http://x.com/./a/../%66.html", "http://x.com/f.html"),
        ("http://x.com/?x[y]=1", "http://x.com/?x%5By%5D=1"),
        (" http://foo.com/ ", "http://foo.com/"),
        ("HTTP://foo.com/", "http://foo.com/"),
        ("http://Foo.Com/index.html", "http://foo.com/index.html"),
        ("https://example%2Ecom/", "https://example.com/"),
        ("https://www.0251-sachverst%c3%a4ndiger.de/", "https://www.0251-sachverst\u{e4}ndiger.de/"),
        ("http://foo.com:80/index.html", "http://foo.com/index.html"),
        ("https://foo.com:443/index.html", "https://foo.com/index.html"),
        ("http://foo.com:81/", "http://foo.com:81/"),
        ("http://example.com:/", "http://example.com/"),
        ("http://foo.com", "http://foo.com/"),
        ("http://foo.com/foo.html#ref", "http://foo.com/foo.html"),
        ("http://foo.com/..", "http://foo.com/"),
        ("http://foo.com/aa/bb/../cc/dd/../ee/foo.html", "http://foo.com/aa/cc/ee/foo.html"),
        ("http://foo.com/../../foo.html", "http://foo.com/foo.html"),
        ("http://foo.com////aa////bb////foo.html", "http://foo.com/aa/bb/foo.html"),
        ("http://foo.com/aa?referer=http://bar.com", "http://foo.com/aa?referer=http://bar.com"),
        ("file:///foo/bar.txt", "file:///foo/bar.txt"),
        ("http://example.com?a=1", "http://example.com/?a=1"),
        ("http://www.example.com/a/c/../b/search?q=foobar|", "http://www.example.com/a/b/search?q=foobar%7C"),
        ("http://www.example.com/p%zz%77%v", "http://www.example.com/p%25zzw%25v"),
        ("file:/var/www/html/////./bar/index.html", "file:/var/www/html/bar/index.html"),
        (
            "https://john.doe@www.example.com:1234/forum/questions/?tag=networking&order=newest#top",
            "https://www.example.com:1234/forum/questions/?tag=networking&order=newest",
        ),
        ("ftp://user:password@ftp.example.org/path/file.txt", "ftp://user:password@ftp.example.org/path/file.txt"),
        (
            "https://user@[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]:443/",
            "https://[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/",
        ),
        ("http://foo.com/{{stuff}} ", "http://foo.com/%7B%7Bstuff%7D%7D"),
    ];

    #[test]
    fn nutchs_own_test_vectors_come_out_as_its_tests_expect() {
        crate::mechanisms::canon::tests::assert_vectors(
            "Nutch 1.22",
            &VECTORS,
            |s| s.as_bytes().to_vec(),
            canonical,
        );
    }

    #[test]
    fn a_bad_escape_in_the_host_or_an_unknown_scheme_is_refused() {
        assert_eq!(
            canonical(b"https://example%2Xcom/"),
            Err(NutchError::Malformed)
        );
        assert_eq!(canonical(b"gopher://a.cn/"), Err(NutchError::Malformed));
        assert_eq!(canonical(b"http://a.cn:8x/"), Err(NutchError::Malformed));
        assert_eq!(canonical(b"www.a.cn/x").unwrap(), "http://www.a.cn/x");
    }
}
