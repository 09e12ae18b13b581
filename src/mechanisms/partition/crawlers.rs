//! The three crawler presets (`nutch`, `heritrix`, `frontera`): the text each crawler keys a URL
//! by, read from the URL line with that crawler's own parser and normaliser, and its partition
//! arithmetic.
//!
//! [`crate::foundation::key`] splits a line with the WHATWG URL Standard: the host lower-cased, an IDN host in
//! ASCII (`新浪.中国` → `xn--efvx5o.xn--fiqs8s`), userinfo and a default port dropped. That is
//! the text each crawler hashes for a canonical ASCII host (`www.pku.edu.cn`), but not for an IDN
//! host, a port, userinfo or a percent-escape: each crawler reads the line as written, its own
//! way. The presets read [`super::Link::url`] (with `http://` put before a line without a scheme,
//! as [`key::parse_url`] reads it) with these rules:
//!
//! | | Nutch | Heritrix 3 | Frontera |
//! |---|---|---|---|
//! | parser | `java.net.URL` | `UURIFactory`'s fix-up, then SURT | `urllib.parse.urlsplit` |
//! | IDN host | Unicode as written, lower-cased | IDNA2003 ASCII (`xn--`) | Unicode as written, lower-cased |
//! | hashed | Java `String.hashCode` (UTF-16) | `FPGenerator.std64` (UTF-16) | CRC-32 of the UTF-8 bytes |
//! | userinfo | dropped | after the port (`#8080@user`) | dropped (after the last `@`) |
//! | port | dropped | kept unless 80 (http) or 443 (https); as written for `ftp` and others | dropped |
//! | `%` escapes | decoded (`URLDecoder`, `+` a space) | kept | kept |
//! | trailing dot | kept | one dropped | kept |
//! | reduced to | the host | the registrable domain, except an IP address or one label | the host |
//!
//! So `http://新浪.中国/` is `新浪.中国` to Nutch and Frontera, and `xn--fiqs8s,xn--efvx5o,` to
//! Heritrix, as before; `http://user@10.0.0.1:8080/` is `10.0.0.1` to Nutch and Frontera but
//! `10.0.0.1#8080@user` to Heritrix (the lab's previous key was `10.0.0.1#8080`).
//!
//! # Sources
//!
//! * **Nutch** (apache/nutch): `src/java/org/apache/nutch/crawl/URLPartitioner.java` (byHost:
//!   `new URL(normalised).getHost().hashCode()`; a URL `java.net.URL` rejects is hashed whole),
//!   `src/plugin/urlnormalizer-basic/src/java/org/apache/nutch/net/urlnormalizer/basic/BasicURLNormalizer.java`
//!   (`normalizeHostName`: `URLDecoder.decode` when the host has a `%`, `toLowerCase(Locale.ROOT)`;
//!   IDN conversion only when `urlnormalizer.basic.host.idn` is set, and `conf/nutch-default.xml`
//!   leaves it empty; the regex normaliser's default rules, `conf/regex-normalize.xml.template`,
//!   touch no host). `java.net.URL` is OpenJDK 17's `URLStreamHandler.parseURL`: the authority
//!   ends at the first `/`, `?` or `#`; two `@` give an empty host; a port must be a number.
//! * **Heritrix 3** (internetarchive/heritrix3 with iipc/webarchive-commons):
//!   `engine/src/main/java/org/archive/crawler/processor/HashCrawlMapper.java`,
//!   `engine/src/main/java/org/archive/crawler/frontier/SurtAuthorityQueueAssignmentPolicy.java`,
//!   `commons/src/main/java/org/archive/net/UURIFactory.java`; in webarchive-commons
//!   `src/main/java/org/archive/url/UsableURIFactory.java` (`fixup`, `fixupAuthority`:
//!   GNU libidn's `IDNA.toASCII`, which splits at `.` `。` `．` `｡` and applies RFC 3490 with
//!   STD3 rules to each label, a host it rejects kept only when it is ASCII letters, digits, `-`,
//!   `_` and single dots; then lower-case, the default port and one leading and one trailing dot
//!   dropped), `src/main/java/org/archive/util/SURT.java` (`fromURI`: a dotted quad is not
//!   reversed; the authority is `labels,` then `:port` then `@userinfo`, all lower-cased) and
//!   `src/main/java/org/archive/net/PublicSuffixes.java` (the reduction regex, built from the
//!   list text as written).
//! * **Frontera** (scrapinghub/frontera): `frontera/contrib/backends/partitioners.py`,
//!   `frontera/utils/misc.py` (`get_crc32`: `crc32(to_bytes(name, 'utf-8'))` made signed),
//!   `frontera/utils/url.py` (`parse_domain_from_url_fast`: `urlparse(url).hostname`),
//!   `frontera/contrib/middlewares/domain.py` with `TLDEXTRACT_DOMAIN_INFO = False` in
//!   `frontera/settings/default_settings.py`; `hostname` is CPython 3.12's `urllib.parse`: the
//!   netloc after the last `@`, before a `:` (or inside `[...]`), `str.lower()`. A URL without a
//!   hostname goes to the first partition.
//!
//! # What is not reproduced exactly
//!
//! The page's WebAssembly runs these presets and must stay under 1 000 000 bytes: the corners
//! below are documented rather than coded.
//!
//! * **IDNA2003.** Heritrix's libidn (like Java's `java.net.IDN`) applies Nameprep over Unicode
//!   3.2 to each label; [`idna2003_to_ascii`] maps UTS #46's four deviation characters as
//!   IDNA2003 does (`ß` → `ss`, so `faß.de` is `fass.de`; final `ς` → `σ`; ZWJ and ZWNJ
//!   removed: UTS #46's transitional mapping), then uses the URL parser's UTS #46 (the `idna`
//!   crate, already in the module) on the domain and STD3's checks on each label (letters,
//!   digits, hyphens, none first or last, 1 to 63 of them). They agree on Chinese, Japanese and
//!   Korean hosts and on the deviation characters (checked against `java.net.IDN`). They differ
//!   here: a code point unassigned in Unicode 3.2 (CJK from U+9FA6, CJK extensions C and later,
//!   emoji since, `ẞ`) is refused by IDNA2003 and accepted by UTS #46; UTS #46 checks bidi and
//!   joiner rules in their IDNA2008 form; a `%` escape in a non-ASCII domain is decoded by the
//!   URL parser, refused by libidn.
//! * A URL Heritrix refuses (its fix-up throws: an IDN host with an empty label or a character
//!   STD3 refuses, port 0, an IPv6 literal) is never crawled; the preset routes it by the
//!   fingerprint of its WHATWG host.
//! * Heritrix reduces the key with its own copy of the Public Suffix List
//!   (`src/main/resources/org/archive/effective_tld_names.dat`); the lab uses the `psl` crate's
//!   (the page installs the same text). Heritrix's regex holds the list's names as written, so an
//!   IDN rule (`中国`, `公司.cn`) never matches a key, which is ASCII: the reduction here leaves
//!   those rules out too (`www.新浪.公司.cn` → `cn,xn--55qx5d,`, where the list's own reading
//!   gives `cn,xn--55qx5d,xn--efvx5o,`).
//! * Heritrix's port for `http` and `https` is the URL parser's (leading zeros and the default
//!   port dropped, 0 refused, as `checkPort` does); for another scheme it is the digits as
//!   written (`ftp://a.cn:21/` → `cn,a,#21`; a port over 65535, which the URL parser refuses,
//!   is not read). Its userinfo is kept as written (Heritrix escapes it with `LaxURLCodec`), a scheme SURT cannot
//!   read (`svn+ssh`) is not given the class key `default...`, and of its fix-up's first steps
//!   ([`heritrix_fixup`]: `\` before the query to `/`, TAB, CR and LF dropped, `http:///` read as
//!   `http://`) only the escaping of inner whitespace is left out.
//! * Nutch's `BasicURLNormalizer` decodes a host with a `%` escape (`URLDecoder`: `+` a space,
//!   a run of escapes as UTF-8) and rebuilds the URL around it, whose host `java.net.URL` reads
//!   back (checked against OpenJDK 17). Not reproduced: a decoded host with a `:` that is not an
//!   IPv6 address (`a%3Ab.cn`), which the rebuilt URL refuses, so Nutch hashes the normalised
//!   URL, here the bracketed host `[a:b.cn]`; a `%` followed by a non-ASCII digit that Java's
//!   `Integer.parseInt` reads (`%٤١`); an `ftp` URL with userinfo and an empty path whose decoded
//!   host holds a `/` or a control character. Python's `hostname` keeps a `%` zone's case,
//!   and `urlsplit` drops TAB, CR and LF and refuses a netloc whose NFKC form adds `/?#@:`: not
//!   reproduced.
//! * A Frontera fed by Scrapy receives URLs that Scrapy's `Request` has made safe (w3lib's
//!   `safe_url_string`, which IDNA-encodes the host); its key is then the ASCII host, the lab's
//!   previous key. The preset keys Frontera's own reading of the URL as given.
//! * Lower-casing is Rust's `str::to_lowercase`, Java's `toLowerCase(Locale.ROOT)` and Python's
//!   `str.lower()` over the Unicode version of each; they agree except on code points the versions
//!   differ on.

use crate::foundation::{key, suffix};

/// The scheme and the authority of a URL line as the lab reads it (`http://` before a line
/// without a scheme, as [`key::parse_url`] does): the text from `//` to the first `/`, `?` or `#`.
fn authority(line: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = if key::has_scheme(line) {
        let (scheme, rest) = line.split_once(':')?;
        (scheme, rest.strip_prefix("//")?)
    } else {
        ("http", line)
    };
    let end = rest.bytes().position(|b| matches!(b, b'/' | b'?' | b'#'));
    Some((scheme, &rest[..end.unwrap_or(rest.len())]))
}

/// Userinfo, host and port (with its `:`) of an authority: the userinfo runs to the first `@`
/// (`java.net.URL`, Heritrix) or the last (Python); the host is an IPv6 literal with its
/// brackets, or the text to the first `:`.
fn split_authority(auth: &str, last_at: bool) -> (Option<&str>, &str) {
    let b = auth.as_bytes();
    let at = match last_at {
        true => b.iter().rposition(|&c| c == b'@'),
        false => b.iter().position(|&c| c == b'@'),
    };
    let (user, rest) = match at {
        Some(i) => (Some(&auth[..i]), &auth[i + 1..]),
        None => (None, auth),
    };
    let v6 = rest.starts_with('[');
    let end = rest
        .bytes()
        .position(|c| if v6 { c == b']' } else { c == b':' })
        .map_or(rest.len(), |i| i + v6 as usize);
    (user, &rest[..end])
}

/// The text Nutch's `URLPartitioner` hashes for a URL line (UTF-8): the host as `java.net.URL`
/// reads it (OpenJDK 17's `URLStreamHandler.parseURL`: after the one `@`, two or more giving an
/// empty host; an IPv6 literal with its brackets) after the default `BasicURLNormalizer` (for
/// `http`, `https` and `ftp` lower-cased; an IDN host stays Unicode), or the whole line when
/// `new URL` throws (a protocol without a JDK handler: only `http`, `https`, `ftp` and `file` are
/// known). A port Java would refuse, the URL Standard has refused first. A host with a `%` is
/// decoded by `URLDecoder` and read back from the rebuilt URL (`a%2Eb.cn` → `a.b.cn`,
/// `a%40b.cn` → `b.cn`); the whole line when the decoding or the rebuilt URL throws.
///
/// ```
/// use urlhashlab::mechanisms::partition::nutch_key;
/// assert_eq!(nutch_key("http://user@WWW.新浪.中国:8080/".as_bytes()), "www.新浪.中国".as_bytes());
/// assert_eq!(nutch_key(b"www.pku.edu.cn/x"), b"www.pku.edu.cn");
/// assert_eq!(nutch_key(b"http://a@b@c.cn/"), b"");
/// assert_eq!(nutch_key(b"ws://a.cn/"), b"ws://a.cn/"); // no handler: the whole URL
/// assert_eq!(nutch_key(b"http://WWW.pku%2Eedu.cn/"), b"www.pku.edu.cn");
/// assert_eq!(nutch_key(b"http://a%zz.cn/"), b"http://a%zz.cn/"); // URLDecoder throws
/// ```
pub fn nutch_key(line: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(line);
    let Some((scheme, auth)) = authority(&text) else {
        return line.to_vec();
    };
    let (user, host) = split_authority(auth, false);
    let host = if auth.bytes().filter(|&b| b == b'@').count() > 1 {
        ""
    } else {
        host
    };
    let scheme = scheme.to_ascii_lowercase();
    let user = user.is_some() && scheme == "ftp";
    match scheme.as_str() {
        "file" => host.as_bytes().to_vec(),
        "http" | "https" | "ftp" if host.contains('%') => {
            match java_url_decode(host).and_then(|h| java_reread_host(&h.to_lowercase(), user)) {
                Some(host) => host.into_bytes(),
                None => line.to_vec(),
            }
        }
        "http" | "https" | "ftp" => host.to_lowercase().into_bytes(),
        _ => line.to_vec(),
    }
}

/// Java's `URLDecoder.decode(s, UTF_8)`: `+` is a space, a run of `%XX` escapes is decoded as
/// UTF-8 bytes (a malformed sequence as U+FFFD); `None` where it throws (a `%` without two hex
/// digits after it, read by `Integer.parseInt(…, 16)`, which also takes `+1` and `-0`).
fn java_url_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let (mut out, mut bytes, mut i) = (Vec::with_capacity(b.len()), Vec::new(), 0);
    while i < b.len() {
        if b[i] != b'%' {
            out.extend_from_slice(String::from_utf8_lossy(&bytes).as_bytes());
            bytes.clear();
            out.push(if b[i] == b'+' { b' ' } else { b[i] });
            i += 1;
            continue;
        }
        let hex = |c: u8| (c as char).to_digit(16);
        let v = match (b.get(i + 1), b.get(i + 2).copied().and_then(hex)) {
            (Some(b'+'), Some(d)) => d,
            (Some(b'-'), Some(0)) => 0,
            (Some(&h), Some(d)) => hex(h)? * 16 + d,
            _ => return None,
        };
        bytes.push(v as u8);
        i += 3;
    }
    out.extend_from_slice(String::from_utf8_lossy(&bytes).as_bytes());
    String::from_utf8(out).ok()
}

/// The host `java.net.URL` reads back from the URL `BasicURLNormalizer` rebuilds around a
/// decoded host (`new URL(protocol, host, port, file).toString()`, the file starting with `/`):
/// a host with a `:` put in brackets, after the userinfo (`user`, kept for `ftp` only), the
/// authority cut at the first `#`, then at a `?`, the
/// text after one `@`, none after two. `None` where OpenJDK 17's constructor refuses the host
/// (a control character or a `/`): the normaliser throws.
fn java_reread_host(host: &str, user: bool) -> Option<String> {
    if host.chars().any(|c| c < ' ' || c == '\u{7F}' || c == '/') {
        return None;
    }
    let mut s = String::with_capacity(host.len() + 3);
    if user {
        // `ftp` keeps the userinfo before the host (NUTCH-3087): `@` stands for it.
        s.push('@');
    }
    let bracket = host.contains(':') && !host.starts_with('[');
    if bracket {
        s.push('[');
    }
    s.push_str(host);
    if bracket {
        s.push(']');
    }
    s.truncate(s.find('#').unwrap_or(s.len()));
    s.truncate(s.find('?').unwrap_or(s.len()));
    let ats = s.bytes().filter(|&b| b == b'@').count();
    Some(match s.rfind('@') {
        Some(_) if ats > 1 => String::new(),
        Some(i) => s[i + 1..].to_string(),
        None => s,
    })
}

/// Frontera `Crc32NamePartitioner.partition`: `get_crc32(hostname) % n`, where `get_crc32`
/// turns zlib's CRC-32 into a signed 32-bit value (for Python 2 compatibility, even on
/// Python 3) and `%` is Python's floor modulo, so a negative CRC gives `(crc − 2^32) mod n`.
pub fn frontera_node(host: &[u8], n: u32) -> u32 {
    frontera_raw(host).rem_euclid(n as i64) as u32
}

/// Frontera's value before `% n`: `crc32(host)` read as a signed 32-bit integer.
pub fn frontera_raw(host: &[u8]) -> i64 {
    crc32fast::hash(host) as i32 as i64
}

/// The hostname Frontera's default domain middleware gives a URL line,
/// `urlparse(url).hostname`, whose UTF-8 bytes [`frontera_node`] hashes: the netloc after its
/// last `@`, inside `[...]` or before the first `:`, `str.lower()` up to a `%`; `None` when
/// there is none (Frontera then takes the first partition).
///
/// ```
/// use urlhashlab::mechanisms::partition::frontera_key;
/// assert_eq!(frontera_key("http://a@b@WWW.新浪.中国:8080/".as_bytes()).as_deref(), Some("www.新浪.中国"));
/// assert_eq!(frontera_key(b"http://[::1]:80/").as_deref(), Some("::1"));
/// assert_eq!(frontera_key(b"http://user@:80/"), None);
/// ```
pub fn frontera_key(line: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(line);
    let (_, host) = split_authority(authority(&text)?.1, true);
    let host = host
        .strip_prefix('[')
        .map_or(host, |h| h.strip_suffix(']').unwrap_or(h));
    (!host.is_empty()).then(|| host.to_lowercase())
}

/// Heritrix 3 `HashCrawlMapper.mapString` with its defaults on the lab's previous key: the
/// class key of the WHATWG host and port ([`heritrix_class_key`]), reduced by the public-suffix
/// regex ([`heritrix_reduced_key`]); then `fp = FPGenerator.std64.fp(key)`, `bucket = fp % n`
/// (Java `long %`, which keeps the sign of the dividend), and the node is `|bucket|`. This was
/// the preset before it routed by [`heritrix_key`], the key Heritrix makes from the URL as
/// written.
pub fn heritrix_node(host: &[u8], port: Option<u16>, n: u32) -> u32 {
    let host = String::from_utf8_lossy(host);
    heritrix_fp_node(&heritrix_reduced_key(&host, port), n)
}

/// `|FPGenerator.std64.fp(key) % n|`, Java's signed `long %`.
pub fn heritrix_fp_node(key: &str, n: u32) -> u32 {
    (heritrix_fp64(key) as i64 % n as i64).unsigned_abs() as u32
}

/// Is `host` a dotted quad as SURT's splitter reads one (`(\d{1,3}\.){3}\d{1,3}`)? SURT leaves
/// those unreversed.
fn is_dotted_quad(host: &str) -> bool {
    let mut parts = 0;
    for p in host.split('.') {
        parts += 1;
        if !(1..=3).contains(&p.len()) || !p.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
    }
    parts == 4
}

/// `host` in SURT order: labels reversed, each followed by `,` (`www.pku.edu.cn` →
/// `cn,edu,pku,www,`); a dotted quad is kept as it is.
fn surt_host(host: &str) -> String {
    if is_dotted_quad(host) {
        return host.to_string();
    }
    let mut out = String::with_capacity(host.len() + 1);
    for label in host.rsplit('.') {
        out.push_str(label);
        out.push(',');
    }
    out
}

/// The class key Heritrix 3's default `SurtAuthorityQueueAssignmentPolicy` gives a WHATWG host
/// and port: the authority of its SURT form with `:` replaced by `#`
/// (`http://www.example.com:8080/x` → `com,example,www,#8080`; a default port is not part of
/// the canonical URI). [`heritrix_key`] reads the URL as Heritrix does.
pub fn heritrix_class_key(host: &str, port: Option<u16>) -> String {
    let mut key = surt_host(host.trim_matches('.'));
    if let Some(p) = port {
        key.push(':');
        key.push_str(&p.to_string());
    }
    key.replace(':', "#")
}

/// `HashCrawlMapper`'s reduction with `usePublicSuffixesRegex = true` (the default) of the class
/// key of a WHATWG host and port: the first match of
/// `PublicSuffixes.getTopmostAssignedSurtPrefixRegex()` in the class key, i.e. the longest public
/// suffix followed by one more label, in SURT order (`cn,edu,pku,www,` → `cn,edu,pku,`; the port
/// goes); a key it cannot match (an IP address, a single label) is left whole. The suffix list
/// is the one [`heritrix_key`] uses.
pub fn heritrix_reduced_key(host: &str, port: Option<u16>) -> String {
    match assigned_domain(host.trim_matches('.')) {
        Some(domain) => surt_host(domain),
        None => heritrix_class_key(host, port),
    }
}

/// The domain `PublicSuffixes`' regex keeps of a host (`None` when it does not match: an IP
/// address, a single label): its public suffix plus one label, by the `psl` crate's list
/// ([`suffix::domain_str`]; on wasm32 a caller asks [`suffix::ready`] first) with its IDN rules
/// left out, as Heritrix's regex holds them in Unicode and never matches them in an ASCII key.
fn assigned_domain(host: &str) -> Option<&str> {
    if is_dotted_quad(host) || host.starts_with('[') || !host.contains('.') {
        return None;
    }
    // An `xn--` label can be covered by a wildcard rule but by no name of the list as Heritrix
    // reads it: the list is asked about `*n--…`, a label it names nowhere, of the same length.
    let mut masked = host.as_bytes().to_vec();
    for i in 0..masked.len() {
        if (i == 0 || masked[i - 1] == b'.') && masked[i..].starts_with(b"xn--") {
            masked[i] = b'*';
        }
    }
    let masked = String::from_utf8(masked).ok()?;
    let len = match suffix::domain_str(&masked) {
        Some(d) => d.len(),
        // The host is itself a public suffix: the regex backs off to the longest suffix of the
        // rest that leaves one more label (`com.cn` → suffix `cn` + `com`).
        None => {
            let rest = &masked[masked.find('.').map_or(0, |i| i + 1)..];
            let public = suffix::suffix_str(rest).unwrap_or(rest);
            let before = &masked[..masked.len() - public.len() - 1];
            masked.len() - before.rfind('.').map_or(0, |i| i + 1)
        }
    };
    host.get(host.len() - len..)
}

/// The key Heritrix 3's `HashCrawlMapper` fingerprints for a URL line with its defaults: the
/// class key of `SurtAuthorityQueueAssignmentPolicy` ([`heritrix_class_key_of`]) reduced to the
/// registrable domain in SURT order, or whole for an IP address or a single label (userinfo and
/// a port then stay in it). `None` when Heritrix rejects the URL.
///
/// ```
/// use urlhashlab::mechanisms::partition::heritrix_key;
/// assert_eq!(heritrix_key("http://user@WWW.新浪.中国:8080/".as_bytes()).as_deref(), Some("xn--fiqs8s,xn--efvx5o,"));
/// assert_eq!(heritrix_key(b"http://user@10.0.0.1:8080/").as_deref(), Some("10.0.0.1#8080@user"));
/// assert_eq!(heritrix_key("http://新浪.中国./".as_bytes()), None); // an empty label: IDNA throws
/// ```
pub fn heritrix_key(line: &[u8]) -> Option<String> {
    heritrix_key_with_port(line, key::split(line).ok()?.port)
}

/// [`heritrix_key`] of a line whose port the URL parser has read (`port`, `None` for the
/// scheme's default): the port Heritrix's fix-up keeps for `http` and `https`, which drops
/// leading zeros and the default port and refuses 0; another scheme's port is read from the
/// line as written (`ftp://a:21/` → `a,#21`).
pub fn heritrix_key_with_port(line: &[u8], port: Option<u16>) -> Option<String> {
    let (host, class_key) = heritrix_uri(line, port)?;
    // The regex reads labels of ASCII letters, digits, `-` and `_` (and Latin letters an IDNA'd
    // host never has); a host ending in a dot (`a.cn.:8080`) starts its SURT with an empty one.
    let reduced = assigned_domain(&host)
        .filter(|d| {
            !host.ends_with('.')
                && d.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        })
        .map(surt_host);
    Some(reduced.unwrap_or(class_key))
}

/// The class key Heritrix 3's default `SurtAuthorityQueueAssignmentPolicy` gives a URL line as
/// its `UURIFactory` fixes it up: the SURT authority, `:` replaced by `#`
/// (`http://user@WWW.新浪.中国:8080/` → `xn--fiqs8s,xn--efvx5o,www,#8080@user`); `None` when
/// `UURIFactory` rejects the URL.
pub fn heritrix_class_key_of(line: &[u8]) -> Option<String> {
    heritrix_uri(line, key::split(line).ok()?.port).map(|(_, key)| key)
}

/// `UsableURIFactory.fixup` as far as the authority, then `SURT.fromURI` and
/// `getSurtAuthority`: the host and the class key.
fn heritrix_uri(line: &[u8], port: Option<u16>) -> Option<(String, String)> {
    let lossy = String::from_utf8_lossy(line);
    let text = heritrix_fixup(&lossy);
    // A line the fix-up changed: the port is the URL parser's reading of the fixed line.
    let port = match &text {
        std::borrow::Cow::Owned(fixed) => key::split(fixed.as_bytes()).ok().and_then(|p| p.port),
        std::borrow::Cow::Borrowed(_) => port,
    };
    let (scheme, auth) = authority(&text)?;
    let (user, domain) = split_authority(auth, false);
    // `checkPort` and the default port's removal are for `http` and `https` only: any other
    // scheme keeps the port as written (`ftp://a.cn:021/` → `#021`).
    let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    let after = &auth[domain.as_ptr() as usize - auth.as_ptr() as usize + domain.len()..];
    let port = match after.strip_prefix(':') {
        Some(p) if !web && !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
            Some(p.to_string())
        }
        _ if web && port == Some(0) => return None,
        _ => port.map(|p| p.to_string()),
    };
    // The domain is IDNA'd, or kept when ASCII letters, digits, `_`, `-` and single dots
    // (`ACCEPTABLE_ASCII_DOMAIN`, which takes every ASCII host IDNA takes); lower-cased.
    let mut host = if domain.is_ascii() {
        let ok = !domain.starts_with('.')
            && !domain.as_bytes().windows(2).any(|w| w == b"..")
            && domain
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
        ok.then(|| domain.to_ascii_lowercase())?
    } else {
        idna2003_to_ascii(domain)?
    };
    // A trailing dot of the authority goes.
    if port.is_none() && host.ends_with('.') {
        host.pop();
    }
    // SURT: `labels,` (a dotted quad as it is), `:port`, `@userinfo`, lower-case; the class key
    // is the authority up to the first `)`, `:` as `#`.
    let mut key = surt_host(&host);
    if let Some(p) = port {
        key.push('#');
        key.push_str(&p);
    }
    if let Some(user) = user {
        key.push('@');
        let user = &user[..user.find(')').unwrap_or(user.len())];
        for (i, part) in user.split(':').enumerate() {
            if i > 0 {
                key.push('#');
            }
            key.push_str(part);
        }
        key.make_ascii_lowercase();
    }
    Some((host, key))
}

/// The first steps of `UsableURIFactory.fixup`, on the whole line: a no-break space becomes a
/// space, then Java's `trim` (every character up to U+0020 off both ends), every `\\` before
/// the first `?` becomes `/` (as IE does), TAB, CR and LF go, and `http://` or `https://`
/// followed by more slashes keeps two (`^(https?://)/+(.*)`, case-sensitive; its `.` does not
/// cross U+0085, U+2028 or U+2029, so a line holding one keeps its slashes).
///
/// ```
/// use urlhashlab::mechanisms::partition::heritrix_fixup;
/// assert_eq!(heritrix_fixup("http:\\\\a.cn\\x?q\\y"), "http://a.cn/x?q\\y");
/// assert_eq!(heritrix_fixup("\u{a0} http:///a.c\tn/ "), "http://a.cn/");
/// assert_eq!(heritrix_fixup("HTTP:///a.cn/"), "HTTP:///a.cn/");
/// ```
pub fn heritrix_fixup(line: &str) -> std::borrow::Cow<'_, str> {
    let trimmed = |s: &str| s.trim_matches(|c: char| c <= ' ').len() == s.len();
    let plain = !line.contains(['\u{a0}', '\\', '\t', '\r', '\n'])
        && trimmed(line)
        && !line.starts_with("http:///")
        && !line.starts_with("https:///");
    if plain {
        return std::borrow::Cow::Borrowed(line);
    }
    let spaced = line.replace('\u{a0}', " ");
    let uri = spaced.trim_matches(|c: char| c <= ' ');
    let query = uri.find('?').unwrap_or(uri.len());
    let mut fixed: String = uri
        .char_indices()
        .filter(|&(_, c)| !matches!(c, '\t' | '\r' | '\n'))
        .map(|(i, c)| if c == '\\' && i < query { '/' } else { c })
        .collect();
    for scheme in ["http://", "https://"] {
        if let Some(rest) = fixed.strip_prefix(scheme) {
            if rest.starts_with('/') && !rest.contains(['\u{85}', '\u{2028}', '\u{2029}']) {
                fixed = format!("{scheme}{}", rest.trim_start_matches('/'));
            }
            break;
        }
    }
    std::borrow::Cow::Owned(fixed)
}

/// GNU libidn's `IDNA.toASCII(domain)` as `UsableURIFactory` calls it (RFC 3490 ToASCII on each
/// label between `.` `。` `．` `｡`, STD3 rules on, unassigned code points refused), lower-cased,
/// approximated with the URL parser's UTS #46 (the `idna` crate, non-transitional, after
/// IDNA2003's mapping of `ß` to `ss`, final `ς` to `σ` and ZWJ and ZWNJ to nothing) and STD3's
/// checks of each ASCII label: letters, digits and hyphens, not first or last, 1 to 63 of them.
/// `None` where it throws. See the module doc for where they differ.
///
/// ```
/// use urlhashlab::mechanisms::partition::idna2003_to_ascii;
/// assert_eq!(idna2003_to_ascii("WWW.新浪。中国").as_deref(), Some("www.xn--efvx5o.xn--fiqs8s"));
/// assert_eq!(idna2003_to_ascii("faß.de").as_deref(), Some("fass.de")); // UTS #46: xn--fa-hia.de
/// assert_eq!(idna2003_to_ascii("a_b.新.cn"), None); // STD3: letters, digits and hyphens only
/// assert_eq!(idna2003_to_ascii("新.cn."), None); // an empty label
/// ```
pub fn idna2003_to_ascii(domain: &str) -> Option<String> {
    // UTS #46 transitional processing, IDNA2003's mapping of the four deviation characters.
    let mut mapped = String::with_capacity(domain.len() + 1);
    for c in domain.chars() {
        match c {
            'ß' => mapped.push_str("ss"),
            'ς' => mapped.push('σ'),
            '\u{200C}' | '\u{200D}' => {}
            c => mapped.push(c),
        }
    }
    let url::Host::Domain(ascii) = url::Host::parse(&mapped).ok()? else {
        return None;
    };
    let std3 = ascii.split('.').all(|l| {
        (1..=63).contains(&l.len())
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    });
    std3.then_some(ascii)
}

/// `FPGenerator.std64.fp(s)` of Heritrix (`st.ata.util.FPGenerator`): a Rabin fingerprint with
/// the degree-64 polynomial `0xD74307D3FD3382DB`, bit-reflected (x^0 is the top bit), starting
/// from `empty` = x^64 mod P (which equals the polynomial word), fed each UTF-16 code unit of
/// `s` as 16 bits, low bit first; no final XOR. This is the bit-serial form of its
/// `extend_char` table steps.
pub fn heritrix_fp64(s: &str) -> u64 {
    const P: u64 = 0xD743_07D3_FD33_82DB;
    let mut f = P;
    for unit in s.encode_utf16() {
        f ^= unit as u64;
        for _ in 0..16 {
            f = if f & 1 == 1 { (f >> 1) ^ P } else { f >> 1 };
        }
    }
    f
}
