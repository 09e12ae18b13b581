//! Google Safe Browsing's canonicalisation (Update API v4, "URLs and Hashing",
//! <https://developers.google.com/safe-browsing/v4/urls-hashing#canonicalization>, and the
//! newer reference page "URLs and Hashing" for IPv6 hosts).
//!
//! The steps, as that page orders them, on the line's bytes:
//!
//! 1. Leading and trailing spaces go, then every tab (0x09), CR (0x0d) and LF (0x0a), wherever
//!    they are (their escapes, `%0a`, stay).
//! 2. The fragment goes: everything from the first `#`.
//! 3. A line without a scheme is read as `http://` + line; one whose scheme is not followed by
//!    `//` (`mailto:`) has no host and is refused.
//! 4. The URL is split into scheme, host, path and query, and each part is percent-unescaped
//!    again and again until no escape is left (`%2525` → `%25` → `%`).
//! 5. The host: userinfo and port dropped; leading and trailing dots removed, runs of dots made
//!    one; an IPv4 address in any legal spelling (octal, hex, fewer than four parts, one
//!    decimal number) written as four decimals; a bracketed IPv6 address compressed (and an
//!    IPv4-mapped or NAT64 one written as its IPv4 address); other non-ASCII hosts to Punycode
//!    (IDNA); all in lower case.
//! 6. The path: `/./` and `/../` resolved, runs of `/` made one, an empty path made `/`. The
//!    query keeps its slashes and dots.
//! 7. Every byte ≤ 0x20 or ≥ 0x7f, and `#` and `%`, escaped as `%XX` (upper-case hex) in the
//!    host, the path and the query.
//!
//! The page's 33 examples are this module's test table ([`EXAMPLES`]).

use crate::foundation::key;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The page's `Canonicalize("…") = "…"` examples, in its order (developers.google.com,
/// safe-browsing/v4/urls-hashing, section "Canonicalization"): input, canonical form.
pub const EXAMPLES: [(&str, &str); 33] = [
    ("http://host/%25%32%35", "http://host/%25"),
    ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
    ("http://host/%2525252525252525", "http://host/%25"),
    ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
    ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
    ("http://www.google.com/", "http://www.google.com/"),
    (
        "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
        "http://168.188.99.26/.secure/www.ebay.com/",
    ),
    (
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    ),
    (
        "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
    ),
    ("http://3279880203/blah", "http://195.127.0.11/blah"),
    ("http://www.google.com/blah/..", "http://www.google.com/"),
    ("www.google.com/", "http://www.google.com/"),
    ("www.google.com", "http://www.google.com/"),
    ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
    ("http://www.GOOgle.com/", "http://www.google.com/"),
    ("http://www.google.com.../", "http://www.google.com/"),
    ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
    ("http://www.google.com/q?", "http://www.google.com/q?"),
    ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
    ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
    ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
    ("http://evil.com/foo;", "http://evil.com/foo;"),
    ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
    ("http://\x01\u{80}.com/", "http://%01%80.com/"),
    ("http://notrailingslash.com", "http://notrailingslash.com/"),
    ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
    ("  http://www.google.com/  ", "http://www.google.com/"),
    ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
    ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("https://www.securesite.com/", "https://www.securesite.com/"),
    ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
    ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
];

/// Why a line has no Safe Browsing form: the page's canonicalisation needs a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SafeBrowsingError {
    /// Nothing is left where the host should be (`http:///a`, `/a`, empty).
    NoHost,
}

/// The Safe Browsing canonical form of one URL line (its bytes: the page's `\x80` example is
/// the byte 0x80, so a line need not be UTF-8).
pub fn canonical(line: &[u8]) -> Result<String, SafeBrowsingError> {
    // 1. Spaces around the line; tabs, CR and LF anywhere.
    let trimmed = trim_spaces(line);
    let mut url: Vec<u8> = trimmed
        .iter()
        .copied()
        .filter(|&b| !matches!(b, b'\t' | b'\r' | b'\n'))
        .collect();
    // 2. The fragment.
    if let Some(hash) = url.iter().position(|&b| b == b'#') {
        url.truncate(hash);
    }
    // 3. The scheme, else http.
    // A scheme without `//` (`mailto:`, `javascript:`) names no host to check.
    let (scheme, rest) = match scheme_end(&url) {
        Some(end) => (url[..end].to_ascii_lowercase(), &url[end + 3..]),
        None if key::has_scheme(&String::from_utf8_lossy(&url)) => {
            return Err(SafeBrowsingError::NoHost)
        }
        None => (b"http".to_vec(), &url[..]),
    };
    // 4. Authority, path, query: the authority ends at the first `/` or `?`.
    let authority_end = rest
        .iter()
        .position(|&b| b == b'/' || b == b'?')
        .unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let after = &rest[authority_end..];
    let (path, query) = match after.iter().position(|&b| b == b'?') {
        Some(q) => (&after[..q], Some(&after[q + 1..])),
        None => (after, None),
    };
    let host = canonical_host(authority).ok_or(SafeBrowsingError::NoHost)?;
    let mut out = String::with_capacity(url.len() + 8);
    out.push_str(&String::from_utf8_lossy(&scheme));
    out.push_str("://");
    out.push_str(&host);
    escape_into(&mut out, &canonical_path(&unescape_fully(path)));
    if let Some(query) = query {
        out.push('?');
        escape_into(&mut out, &unescape_fully(query));
    }
    Ok(out)
}

/// Where `://` ends a scheme at the start of `url` (a letter, then letters, digits, `+-.`).
fn scheme_end(url: &[u8]) -> Option<usize> {
    let colon = url.iter().position(|&b| b == b':')?;
    let scheme = &url[..colon];
    let valid = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    (valid && url[colon..].starts_with(b"://")).then_some(colon)
}

fn trim_spaces(line: &[u8]) -> &[u8] {
    let start = line.iter().position(|&b| b != b' ').unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(start, |e| e + 1);
    &line[start..end]
}

/// `%XX` escapes (either case of hex) decoded, again and again until none is left.
pub fn unescape_fully(bytes: &[u8]) -> Vec<u8> {
    let mut now = bytes.to_vec();
    loop {
        let (next, changed) = super::decode_escapes(&now);
        if !changed {
            return next;
        }
        now = next;
    }
}

/// Appends `bytes` with every byte ≤ 0x20 or ≥ 0x7f, `#` and `%` escaped (upper-case hex).
fn escape_into(out: &mut String, bytes: &[u8]) {
    for &b in bytes {
        if b <= 0x20 || b >= 0x7f || b == b'#' || b == b'%' {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
}

/// The host of `authority` (userinfo and port dropped) in its canonical form, escaped; `None`
/// when no host is left.
fn canonical_host(authority: &[u8]) -> Option<String> {
    let after_user = match authority.iter().rposition(|&b| b == b'@') {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    let host = unescape_fully(strip_port(after_user));
    if host.starts_with(b"[") {
        if let Some(v6) = ipv6(&host) {
            return Some(v6);
        }
    }
    // Dots: none at either end, no two together.
    let mut dotted: Vec<u8> = Vec::with_capacity(host.len());
    for &b in host.iter() {
        if b == b'.' && (dotted.is_empty() || dotted.last() == Some(&b'.')) {
            continue;
        }
        dotted.push(b);
    }
    while dotted.last() == Some(&b'.') {
        dotted.pop();
    }
    if dotted.is_empty() {
        return None;
    }
    if let Some(v4) = ipv4(&dotted) {
        return Some(v4.to_string());
    }
    let lower = dotted.to_ascii_lowercase();
    let mut out = String::with_capacity(lower.len());
    if !lower.is_ascii() {
        // A non-ASCII host in UTF-8 goes to Punycode when IDNA takes it; otherwise its bytes
        // are escaped like any others.
        if let Ok(text) = std::str::from_utf8(&lower) {
            if let Ok(ascii) = idna::domain_to_ascii(text) {
                escape_into(&mut out, ascii.as_bytes());
                return Some(out);
            }
        }
    }
    escape_into(&mut out, &lower);
    Some(out)
}

/// `host:port` without `:port` (a bracketed IPv6 address keeps its colons).
fn strip_port(host: &[u8]) -> &[u8] {
    if host.starts_with(b"[") {
        if let Some(close) = host.iter().position(|&b| b == b']') {
            return &host[..=close];
        }
        return host;
    }
    match host.iter().rposition(|&b| b == b':') {
        Some(colon) => &host[..colon],
        None => host,
    }
}

/// A bracketed IPv6 host, compressed; IPv4-mapped (`::ffff:a.b.c.d`) and NAT64
/// (`64:ff9b::a.b.c.d`) addresses as their IPv4 address.
fn ipv6(host: &[u8]) -> Option<String> {
    let inner = std::str::from_utf8(host.strip_prefix(b"[")?.strip_suffix(b"]")?).ok()?;
    let addr: Ipv6Addr = inner.parse().ok()?;
    let s = addr.segments();
    if let Some(v4) = addr.to_ipv4_mapped() {
        return Some(v4.to_string());
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let o = addr.octets();
        return Some(Ipv4Addr::new(o[12], o[13], o[14], o[15]).to_string());
    }
    Some(format!("[{addr}]"))
}

/// An IPv4 address in any spelling `inet_aton` reads: one to four parts, each decimal, octal
/// (leading `0`) or hex (`0x`); the last part fills the bytes the others leave.
pub fn ipv4(host: &[u8]) -> Option<Ipv4Addr> {
    let text = std::str::from_utf8(host).ok()?;
    let parts: Vec<&str> = text.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut values = Vec::with_capacity(4);
    for p in &parts {
        values.push(ip_part(p)?);
    }
    let (last, head) = values.split_last()?;
    if head.iter().any(|&v| v > 255) {
        return None;
    }
    let room = 8 * (4 - head.len() as u32);
    if room < 32 && *last >= 1u64 << room {
        return None;
    }
    if *last > u64::from(u32::MAX) {
        return None;
    }
    let mut addr: u32 = 0;
    for (i, &v) in head.iter().enumerate() {
        addr |= (v as u32) << (24 - 8 * i as u32);
    }
    addr |= *last as u32;
    Some(Ipv4Addr::from(addr))
}

fn ip_part(p: &str) -> Option<u64> {
    if p.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(h) = p.strip_prefix("0x").or_else(|| p.strip_prefix("0X")) {
        (h, 16)
    } else if p.len() > 1 && p.starts_with('0') {
        (&p[1..], 8)
    } else {
        (p, 10)
    };
    if digits.is_empty() {
        // `0x` alone is zero, as inet_aton reads it.
        return (radix == 16).then_some(0);
    }
    if digits.len() > 11 || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// The path with `.` and `..` segments resolved, runs of `/` made one, and `/` when empty.
fn canonical_path(path: &[u8]) -> Vec<u8> {
    let mut segments: Vec<&[u8]> = Vec::new();
    let trailing = path.ends_with(b"/") || path.ends_with(b"/.") || path.ends_with(b"/..");
    for seg in path.split(|&b| b == b'/') {
        match seg {
            b"" | b"." => {}
            b".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    let mut out = vec![b'/'];
    for (i, s) in segments.iter().enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        out.extend_from_slice(s);
    }
    if trailing && !segments.is_empty() {
        out.push(b'/');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_on_the_page_comes_out_as_printed() {
        // The page writes bytes as C escapes (`\x80` is the byte 0x80): each char is one byte.
        let bytes = |s: &str| {
            s.chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap())
                .collect()
        };
        crate::mechanisms::canon::tests::assert_vectors(
            "Safe Browsing v4",
            &EXAMPLES,
            bytes,
            canonical,
        );
    }

    #[test]
    fn ipv4_reads_every_legal_spelling_and_refuses_the_rest() {
        let cases = [
            ("3279880203", Some("195.127.0.11")),
            ("0x12.0x43.0x44.0x01", Some("18.67.68.1")),
            ("012.034.01.055", Some("10.28.1.45")),
            ("12.0x12.01234", Some("12.18.2.156")),
            ("167838211", Some("10.1.2.3")),
            ("4294967295", Some("255.255.255.255")),
            ("4294967296", None),
            ("1.2.3.4.5", None),
            ("256.1.1.1", None),
            ("1.2.65536", None),
            ("09.1.1.1", None),
            ("example.com", None),
        ];
        for (host, want) in cases {
            assert_eq!(
                ipv4(host.as_bytes()).map(|a| a.to_string()).as_deref(),
                want,
                "{host}"
            );
        }
    }

    #[test]
    fn ipv6_hosts_are_compressed_and_mapped_ones_become_ipv4() {
        assert_eq!(
            canonical(b"http://[2001:0db8:0000::1]/").unwrap(),
            "http://[2001:db8::1]/"
        );
        assert_eq!(
            canonical(b"http://[::ffff:1.2.3.4]/").unwrap(),
            "http://1.2.3.4/"
        );
        assert_eq!(
            canonical(b"http://[64:ff9b::1.2.3.4]/").unwrap(),
            "http://1.2.3.4/"
        );
        assert_eq!(
            canonical(b"http://[FEDC:BA98::1]:80/a").unwrap(),
            "http://[fedc:ba98::1]/a"
        );
    }

    #[test]
    fn lines_without_a_host_are_refused() {
        for line in ["", "http:///blah", "http://#ref", "http://?q", "/"] {
            assert_eq!(
                canonical(line.as_bytes()),
                Err(SafeBrowsingError::NoHost),
                "{line:?}"
            );
        }
    }

    #[test]
    fn userinfo_goes_and_idn_hosts_become_punycode() {
        assert_eq!(
            canonical(b"http://user:pw@Example.com:8080/a").unwrap(),
            "http://example.com/a"
        );
        assert_eq!(
            canonical("http://www.\u{fc}mlat.com/".as_bytes()).unwrap(),
            "http://www.xn--mlat-zra.com/"
        );
    }
}
