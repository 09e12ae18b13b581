//! RFC 3986's normalisation (<https://www.rfc-editor.org/rfc/rfc3986#section-6>): the
//! syntax-based steps of §6.2.2 and the scheme-based steps of §6.2.3 for `http` and `https`,
//! on the URI as the RFC's generic grammar splits it (Appendix B), not as a browser parses it.
//!
//! 1. Case (§6.2.2.1): the scheme and the host in lower case; the hex digits of every
//!    percent-encoding in upper case (`%3a` → `%3A`).
//! 2. Percent-encoding (§6.2.2.2): an encoded unreserved character (`ALPHA DIGIT - . _ ~`) is
//!    decoded (`%7Euser` → `~user`); every other encoding stays.
//! 3. Dot segments (§6.2.2.3): `remove_dot_segments` of §5.2.4 on the path.
//! 4. Scheme-based (§6.2.3): the port dropped when it is the scheme's default (`http` 80,
//!    `https` 443) or empty (`host:`), and an empty path written `/` when there is an authority.
//!
//! The query and the fragment keep their order and content (bar steps 1 and 2): the RFC says
//! nothing makes two queries equivalent. A line without a scheme is read as `http://` + line,
//! as the lab reads every list ([`crate::foundation::key`]).

/// Why a line has no RFC 3986 form here: it has no authority (host) to normalise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rfc3986Error {
    /// `mailto:x`, `http:///a`: nothing between `//` and the path.
    NoHost,
}

/// The RFC 3986 normal form of one URL line.
pub fn canonical(line: &[u8]) -> Result<String, Rfc3986Error> {
    let text = String::from_utf8_lossy(line);
    let line = text.trim_matches(|c: char| c == ' ' || c.is_ascii_control());
    let with_scheme;
    let line = if crate::foundation::key::has_scheme(line) {
        line
    } else {
        with_scheme = format!("http://{line}");
        &with_scheme
    };
    let parts = split(line);
    let scheme = parts.scheme.to_ascii_lowercase();
    let authority = parts.authority.ok_or(Rfc3986Error::NoHost)?;
    let (userinfo, host, port) = split_authority(authority);
    if host.is_empty() {
        return Err(Rfc3986Error::NoHost);
    }
    let mut out = String::with_capacity(line.len());
    out.push_str(&scheme);
    out.push_str("://");
    if let Some(user) = userinfo {
        out.push_str(&normalise_encodings(user));
        out.push('@');
    }
    out.push_str(&normalise_encodings(&host.to_ascii_lowercase()));
    let default = match scheme.as_str() {
        "http" => Some("80"),
        "https" => Some("443"),
        _ => None,
    };
    if let Some(port) = port {
        if !port.is_empty() && Some(port) != default {
            out.push(':');
            out.push_str(port);
        }
    }
    let path = normalise_encodings(parts.path);
    let path = remove_dot_segments(&path);
    out.push_str(if path.is_empty() { "/" } else { &path });
    if let Some(q) = parts.query {
        out.push('?');
        out.push_str(&normalise_encodings(q));
    }
    if let Some(f) = parts.fragment {
        out.push('#');
        out.push_str(&normalise_encodings(f));
    }
    Ok(out)
}

/// A URI split as RFC 3986's Appendix B does.
struct Parts<'a> {
    scheme: &'a str,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn split(uri: &str) -> Parts<'_> {
    let (rest, fragment) = match uri.find('#') {
        Some(h) => (&uri[..h], Some(&uri[h + 1..])),
        None => (uri, None),
    };
    let (rest, query) = match rest.find('?') {
        Some(q) => (&rest[..q], Some(&rest[q + 1..])),
        None => (rest, None),
    };
    let (scheme, rest) = match rest.find(':') {
        Some(c) if !rest[..c].contains('/') => (&rest[..c], &rest[c + 1..]),
        _ => ("", rest),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find('/').unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// `userinfo@host:port` → its parts (an IP literal `[…]` keeps its colons).
fn split_authority(authority: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let port_colon = if hostport.starts_with('[') {
        hostport
            .find(']')
            .and_then(|close| hostport[close..].find(':').map(|c| close + c))
    } else {
        hostport.rfind(':')
    };
    match port_colon {
        Some(c) => (userinfo, &hostport[..c], Some(&hostport[c + 1..])),
        None => (userinfo, hostport, None),
    }
}

/// Upper-case hex in every `%XX`, and encoded unreserved characters decoded (§6.2.2.1-2).
pub fn normalise_encodings(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(v) = super::escaped_byte(b, i) {
            if v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~') {
                out.push(v as char);
            } else {
                out.push('%');
                out.push(b[i + 1].to_ascii_uppercase() as char);
                out.push(b[i + 2].to_ascii_uppercase() as char);
            }
            i += 3;
        } else {
            let ch = s[i..].chars().next().unwrap_or('\u{fffd}');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// RFC 3986 §5.2.4, step by step.
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output: Vec<&str> = Vec::new();
    while !input.is_empty() {
        if let Some(r) = input.strip_prefix("../") {
            input = r;
        } else if let Some(r) = input.strip_prefix("./") {
            input = r;
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            output.pop();
        } else if input == "." || input == ".." {
            input = "";
        } else {
            // The first segment, with its leading `/`, moves to the output.
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |e| e + start);
            output.push(&input[..end]);
            input = &input[end..];
        }
    }
    output.concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_dot_segments_gives_the_rfcs_own_examples() {
        // RFC 3986 §5.2.4's two walked examples and §5.4's normal and abnormal results.
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/b/c/./g"), "/b/c/g");
        assert_eq!(remove_dot_segments("/b/c/.."), "/b/");
        assert_eq!(remove_dot_segments("/b/c/../../../g"), "/g");
        assert_eq!(remove_dot_segments("/b/c/g."), "/b/c/g.");
        assert_eq!(remove_dot_segments("/b/c/..g"), "/b/c/..g");
        assert_eq!(remove_dot_segments("/b/c/./../g"), "/b/g");
    }

    #[test]
    fn the_rfcs_equivalent_uris_come_out_the_same() {
        // §6.2.2's example, and §6.2.3's four spellings of one http URI.
        let a = canonical(b"example://a/b/c/%7Bfoo%7D").unwrap();
        assert_eq!(canonical(b"eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap(), a);
        let forms = [
            "http://example.com",
            "http://example.com/",
            "http://example.com:/",
            "http://example.com:80/",
        ];
        for f in forms {
            assert_eq!(
                canonical(f.as_bytes()).unwrap(),
                "http://example.com/",
                "{f}"
            );
        }
    }

    #[test]
    fn it_keeps_what_the_rfc_does_not_call_equivalent() {
        assert_eq!(
            canonical(b"http://a.cn/x?b=2&a=1#Top").unwrap(),
            "http://a.cn/x?b=2&a=1#Top"
        );
        assert_eq!(
            canonical(b"http://a.cn/%2f%3a").unwrap(),
            "http://a.cn/%2F%3A"
        );
        assert_eq!(
            canonical(b"HTTP://User@A.CN:8080/P").unwrap(),
            "http://User@a.cn:8080/P"
        );
        assert_eq!(canonical(b"https://a.cn:443/").unwrap(), "https://a.cn/");
        assert_eq!(canonical(b"https://a.cn:80/").unwrap(), "https://a.cn:80/");
        assert_eq!(canonical(b"www.a.cn/x").unwrap(), "http://www.a.cn/x");
        assert_eq!(canonical(b"mailto:x@a.cn"), Err(Rfc3986Error::NoHost));
        assert_eq!(canonical(b"http:///a"), Err(Rfc3986Error::NoHost));
    }

    #[test]
    fn normalising_twice_changes_nothing() {
        for line in [
            "HTTP://A.cn:80/a/./b/../%7e%41?%3d#%2f",
            "www.A.cn",
            "https://[::1]:443/x/..",
        ] {
            let once = canonical(line.as_bytes()).unwrap();
            assert_eq!(canonical(once.as_bytes()).unwrap(), once, "{line}");
        }
    }
}
