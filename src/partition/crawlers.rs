//! The three crawler presets (`nutch`, `heritrix`, `frontera`): the text each crawler keys a URL
//! by, read from the URL line with that crawler's own parser and normaliser, and its partition
//! arithmetic.
//!
//! [`crate::key`] splits a line with the WHATWG URL Standard: the host lower-cased, an IDN host in
//! ASCII (`新浪.中国` → `xn--efvx5o.xn--fiqs8s`), userinfo and a default port dropped. That is
//! the text each crawler hashes for a canonical ASCII host (`www.pku.edu.cn`), but not for an IDN
//! host, a port, userinfo or a percent-escape: each crawler reads the line as written, its own
//! way. The presets read [`super::Link::url`] (with `http://` put before a line without a scheme,
//! as [`key::with_scheme`] reads it) with these rules:
//!
//! | | Nutch | Heritrix 3 | Frontera |
//! |---|---|---|---|
//! | parser | `java.net.URL` | `UURIFactory`'s fix-up, then SURT | `urllib.parse.urlsplit` |
//! | IDN host | Unicode as written, lower-cased | IDNA2003 ASCII (`xn--`) | Unicode as written, lower-cased |
//! | hashed | Java `String.hashCode` (UTF-16) | `FPGenerator.std64` (UTF-16) | CRC-32 of the UTF-8 bytes |
//! | userinfo | dropped | after the port (`#8080@user`) | dropped (after the last `@`) |
//! | port | dropped | kept unless 80 (http) or 443 (https) | dropped |
//! | `%` escapes | decoded (`URLDecoder`: `+` is a space) | kept | kept |
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
//! * **IDNA2003.** Heritrix's libidn (and Java's `java.net.IDN`) use Nameprep over Unicode 3.2;
//!   the `idna` crate (already linked for the URL parser) implements UTS #46 over a current
//!   Unicode. [`idna2003_to_ascii`] applies UTS #46 to each non-ASCII label after its
//!   transitional mapping (`ß` → `ss`, `ς` → `σ`, ZWJ and ZWNJ removed), which UTS #46 designed to
//!   match IDNA2003, with STD3 rules and no hyphen first or last, and checks each label's length
//!   (1 to 63). What remains different: a code point unassigned in Unicode 3.2 (CJK from U+9FA6,
//!   CJK extensions C and later, emoji added since, `ẞ` which is rejected here) is rejected by
//!   IDNA2003 and accepted by UTS #46; UTS #46 also checks a label's bidi and joiner rules in
//!   their IDNA2008 form and rejects a few symbols IDNA2003 mapped. A URL Heritrix rejects (its
//!   fix-up throws) is never crawled; the preset routes it by the lab's previous key.
//! * Heritrix reduces the key with its own copy of the Public Suffix List
//!   (`src/main/resources/org/archive/effective_tld_names.dat`); the lab uses the `psl` crate's
//!   (the page installs the same text). Heritrix's regex holds the list's names as written, so an
//!   IDN rule (`中国`, `公司.cn`) never matches a key, which is ASCII: the reduction here leaves
//!   those rules out too (`www.新浪.公司.cn` → `cn,xn--55qx5d,`, where the list's own reading
//!   gives `cn,xn--55qx5d,xn--efvx5o,`).
//! * Python's `urlsplit` also refuses a netloc whose NFKC form adds `/?#@:`, and Heritrix escapes
//!   userinfo with its `LaxURLCodec`; neither is reproduced (userinfo is percent-encoded here
//!   where it is not ASCII, a control, a space or one of `"<>\^`{|}`).
//! * A Frontera fed by Scrapy receives URLs that Scrapy's `Request` has made safe (w3lib's
//!   `safe_url_string`, which IDNA-encodes the host); its key is then the ASCII host, the lab's
//!   previous key. The preset keys Frontera's own reading of the URL as given.
//! * Lower-casing is Rust's `str::to_lowercase`, Java's `toLowerCase(Locale.ROOT)` and Python's
//!   `str.lower()` over the Unicode version of each; they agree except on code points the versions
//!   differ on.

use crate::key;
use crate::suffix;

/// The parts of a URL line's authority as a crawler's parser splits them: scheme (as written),
/// userinfo, host and port (with its `:`). The line is read as the lab reads it (`http://`
/// before a line without a scheme, [`key::with_scheme`]); the authority runs from `//` to the
/// first `/`, `?` or `#`, and `\` too for Heritrix, which turns those into `/`. Userinfo ends at
/// the first `@` (Java, Heritrix) or the last (Python); the host is an IPv6 literal with its
/// brackets, or runs to the first `:`. TAB, CR and LF are dropped first when the crawler's parser
/// drops them (Heritrix's fix-up and Python's `urlsplit` do, `java.net.URL` not); Heritrix also
/// reads more slashes after `http://` as two. `None` without `//`.
struct Parts {
    url: String,
    scheme: usize,
    user: Option<(usize, usize)>,
    host: (usize, usize),
    port: (usize, usize),
}

#[derive(Clone, Copy, PartialEq)]
enum Reader {
    Java,
    Python,
    Heritrix,
}

impl Parts {
    fn read(line: &[u8], reader: Reader) -> Option<Parts> {
        let text = String::from_utf8_lossy(line);
        let mut url = key::with_scheme(&text).into_owned();
        if reader != Reader::Java && url.contains(['\t', '\r', '\n']) {
            url.retain(|c| !matches!(c, '\t' | '\r' | '\n'));
        }
        let scheme = url.find(':')?;
        let start = scheme + 3;
        if url.get(scheme..start) != Some("://") {
            return None;
        }
        if reader == Reader::Heritrix && matches!(&url[..scheme], "http" | "https") {
            let extra = url[start..].len() - url[start..].trim_start_matches('/').len();
            url.replace_range(start..start + extra, "");
        }
        let stop =
            |b: u8| matches!(b, b'/' | b'?' | b'#') || reader == Reader::Heritrix && b == b'\\';
        let end = start
            + url[start..]
                .bytes()
                .position(stop)
                .unwrap_or(url.len() - start);
        let auth = &url[start..end];
        let at = if reader == Reader::Python {
            auth.rfind('@')
        } else {
            auth.find('@')
        };
        let host = at.map_or(start, |i| start + i + 1);
        let rest = &url[host..end];
        let host_end = host
            + match rest.strip_prefix('[') {
                Some(v6) => v6.find(']').map_or(rest.len(), |i| i + 2),
                None => rest.find(':').unwrap_or(rest.len()),
            };
        Some(Parts {
            scheme,
            user: at.map(|i| (start, start + i)),
            host: (host, host_end),
            port: (host_end, end),
            url,
        })
    }
    fn scheme(&self) -> &str {
        &self.url[..self.scheme]
    }
    fn host(&self) -> &str {
        &self.url[self.host.0..self.host.1]
    }
    fn port(&self) -> &str {
        &self.url[self.port.0..self.port.1]
    }
    fn user(&self) -> Option<&str> {
        self.user.map(|(a, b)| &self.url[a..b])
    }
}

/// The text Nutch's `URLPartitioner` hashes for a URL line (UTF-8): the host as `java.net.URL`
/// reads it (OpenJDK 17's `URLStreamHandler.parseURL`: after the one `@`, two or more giving an
/// empty host; an IPv6 literal with its brackets) after the default `BasicURLNormalizer` (for
/// `http`, `https` and `ftp`: percent-escapes decoded by `URLDecoder` when the host has one, then
/// lower-cased; an IDN host stays Unicode), or the whole URL when `new URL` throws (a protocol
/// without a JDK handler: only `http`, `https`, `ftp` and `file` are known) or the decoder does.
/// A port Java would refuse, the URL Standard has refused first.
///
/// ```
/// use urlhashlab::partition::nutch_key;
/// assert_eq!(nutch_key("http://user@WWW.新浪.中国:8080/".as_bytes()), "www.新浪.中国".as_bytes());
/// assert_eq!(nutch_key(b"www.pku.edu.cn/x"), b"www.pku.edu.cn");
/// assert_eq!(nutch_key(b"http://a@b@c.cn/"), b"");
/// assert_eq!(nutch_key(b"ws://a.cn/"), b"ws://a.cn/"); // no handler: the whole URL
/// ```
#[inline(never)]
pub fn nutch_key(line: &[u8]) -> Vec<u8> {
    let whole = || {
        key::with_scheme(&String::from_utf8_lossy(line))
            .as_bytes()
            .to_vec()
    };
    let Some(p) = Parts::read(line, Reader::Java) else {
        return whole();
    };
    let scheme = p.scheme().to_ascii_lowercase();
    let host = match p.user() {
        Some(_) if p.url[p.host.0..p.port.1].contains('@') => "",
        _ => p.host(),
    };
    let key = match scheme.as_str() {
        "file" => Some(host.to_string()),
        "http" | "https" | "ftp" if host.contains('%') => {
            url_decode(host).map(|h| h.to_lowercase())
        }
        "http" | "https" | "ftp" => Some(host.to_lowercase()),
        _ => None,
    };
    key.map_or_else(whole, String::into_bytes)
}

/// `URLDecoder.decode(s, UTF_8)`: `+` is a space, `%XX` a byte; `None` where it throws (a `%`
/// without two hex digits). (The URL Standard has already refused a host whose escapes decode
/// to a forbidden code point or to invalid UTF-8.)
fn url_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        out.push(match b[i] {
            b'+' => b' ',
            b'%' => {
                let hex = |j: usize| b.get(j).and_then(|&c| (c as char).to_digit(16));
                i += 2;
                (hex(i - 1)? * 16 + hex(i)?) as u8
            }
            c => c,
        });
        i += 1;
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// Frontera `Crc32NamePartitioner.partition`: `get_crc32(hostname) % n`, where `get_crc32`
/// turns zlib's CRC-32 into a signed 32-bit value (for Python 2 compatibility, even on
/// Python 3) and `%` is Python's floor modulo, so a negative CRC gives `(crc − 2^32) mod n`.
pub fn frontera_node(host: &[u8], n: u32) -> u32 {
    (crc32fast::hash(host) as i32 as i64).rem_euclid(n as i64) as u32
}

/// The hostname Frontera's default domain middleware gives a URL line,
/// `urlparse(url).hostname`, whose UTF-8 bytes [`frontera_node`] hashes: the netloc after its
/// last `@`, inside `[...]` or before the first `:`, `str.lower()` up to a `%`; `None` when
/// there is none (Frontera then takes the first partition).
///
/// ```
/// use urlhashlab::partition::frontera_key;
/// assert_eq!(frontera_key("http://a@b@WWW.新浪.中国:8080/".as_bytes()).as_deref(), Some("www.新浪.中国"));
/// assert_eq!(frontera_key(b"http://[::1]:80/").as_deref(), Some("::1"));
/// assert_eq!(frontera_key(b"http://user@:80/"), None);
/// ```
#[inline(never)]
pub fn frontera_key(line: &[u8]) -> Option<String> {
    let p = Parts::read(line, Reader::Python)?;
    let host = p.host();
    let host = host
        .strip_prefix('[')
        .map_or(host, |h| h.strip_suffix(']').unwrap_or(h));
    // A scoped IPv6 address keeps its zone's case.
    let (name, zone) = host.split_at(host.find('%').unwrap_or(host.len()));
    (!host.is_empty()).then(|| name.to_lowercase() + zone)
}

/// Heritrix 3 `HashCrawlMapper.mapString` with its defaults on the lab's previous key: the
/// class key of the WHATWG host and port ([`heritrix_class_key`]), reduced by the public-suffix
/// regex ([`heritrix_reduced_key`]); then `fp = FPGenerator.std64.fp(key)`, `bucket = fp % n`
/// (Java `long %`, which keeps the sign of the dividend), and the node is `|bucket|`. The preset
/// routes by [`heritrix_key`], the key Heritrix makes from the URL as written, and falls back to
/// this for a URL Heritrix rejects.
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
    // reads it: the list is asked about a label it names nowhere instead.
    let mut masked = String::with_capacity(host.len());
    for (i, label) in host.split('.').enumerate() {
        if i > 0 {
            masked.push('.');
        }
        masked.push_str(if label.starts_with("xn--") {
            "-"
        } else {
            label
        });
    }
    let labels = match suffix::domain_str(&masked) {
        Some(d) => d.split('.').count(),
        // The host is itself a public suffix: the regex backs off to the longest suffix of the
        // rest that leaves one more label (`com.cn` → suffix `cn` + `com`).
        None => {
            let rest = &masked[masked.find('.').map_or(0, |i| i + 1)..];
            suffix::suffix_str(rest).unwrap_or(rest).split('.').count() + 1
        }
    };
    let mut need = labels;
    for (i, b) in host.bytes().enumerate().rev() {
        if b == b'.' {
            need -= 1;
            if need == 0 {
                return Some(&host[i + 1..]);
            }
        }
    }
    Some(host)
}

/// The key Heritrix 3's `HashCrawlMapper` fingerprints for a URL line with its defaults: the
/// class key of `SurtAuthorityQueueAssignmentPolicy` ([`heritrix_class_key_of`]) reduced to the
/// registrable domain in SURT order, or whole for an IP address or a single label (userinfo and
/// a port then stay in it). `None` when Heritrix rejects the URL.
///
/// ```
/// use urlhashlab::partition::heritrix_key;
/// assert_eq!(heritrix_key("http://user@WWW.新浪.中国:8080/".as_bytes()).as_deref(), Some("xn--fiqs8s,xn--efvx5o,"));
/// assert_eq!(heritrix_key(b"http://user@10.0.0.1:8080/").as_deref(), Some("10.0.0.1#8080@user"));
/// assert_eq!(heritrix_key("http://新浪.中国./".as_bytes()), None); // an empty label: IDNA throws
/// ```
#[inline(never)]
pub fn heritrix_key(line: &[u8]) -> Option<String> {
    let (host, class_key) = heritrix_uri(line)?;
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
    heritrix_uri(line).map(|(_, key)| key)
}

/// `UsableURIFactory.fixup` as far as the authority, then `SURT.fromURI` and
/// `getSurtAuthority`: the host and the class key.
fn heritrix_uri(line: &[u8]) -> Option<(String, String)> {
    let p = Parts::read(line, Reader::Heritrix)?;
    let scheme = p.scheme().to_ascii_lowercase();
    // The domain is IDNA'd (`idna2003_to_ascii`), or kept when ASCII letters, digits, `_`, `-`
    // and single dots (`ACCEPTABLE_ASCII_DOMAIN`, which also takes every ASCII host IDNA takes);
    // then lower-cased.
    let domain = p.host();
    let mut host = if domain.is_ascii() {
        let ok = !domain.starts_with('.')
            && !domain.contains("..")
            && domain
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
        ok.then(|| domain.to_string())?
    } else {
        idna2003_to_ascii(domain)?
    };
    host.make_ascii_lowercase();
    let mut port = p.port().to_string();
    if (scheme == "http" || scheme == "https") && port.len() > 1 {
        // `(.*:)([0-9]+)$`: leading zeros go; 0 or more than 65535 is refused; then the
        // scheme's default port goes.
        match port[1..].trim_start_matches('0').parse::<u32>() {
            Ok(n @ 1..=65_535) if n != if scheme == "http" { 80 } else { 443 } => {
                port = format!(":{n}")
            }
            Ok(1..=65_535) => port.clear(),
            _ => return None,
        }
    }
    // A trailing dot of the authority goes; an empty port is part of the host to SURT.
    if port.is_empty() && host.ends_with('.') {
        host.pop();
    }
    if port == ":" {
        host.push(':');
        port.clear();
    }
    if !scheme
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        // SURT's `^(\w+://)` does not match: the URI has no SURT authority.
        return Some((String::new(), "default...".into()));
    }
    // SURT: `labels,` (a dotted quad as it is), `:port`, `@userinfo`, lower-case; the class key
    // is the authority up to the first `)`, `:` as `#`.
    let mut key = surt_host(&host);
    key.push_str(&port);
    if let Some(user) = p.user() {
        key.push('@');
        for &b in user.as_bytes() {
            // Userinfo as `LaxURLCodec` leaves it, roughly: non-ASCII, controls, space and
            // `"<>\^`{|}` percent-encoded.
            if b <= b' ' || b >= 0x7F || b"\"<>\\^`{|}".contains(&b) {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                key.push('%');
                key.push(HEX[(b >> 4) as usize] as char);
                key.push(HEX[(b & 15) as usize] as char);
            } else {
                key.push(b as char);
            }
        }
    }
    key.make_ascii_lowercase();
    key.truncate(key.find(')').unwrap_or(key.len()));
    Some((host, key.replace(':', "#")))
}

/// GNU libidn's `IDNA.toASCII(domain)` as `UsableURIFactory` calls it (RFC 3490 ToASCII on each
/// label between `.` `。` `．` `｡`, STD3 rules on, unassigned code points refused), approximated
/// with the `idna` crate's UTS #46 after transitional mapping (see the module doc); `None` where
/// it throws.
///
/// ```
/// use urlhashlab::partition::idna2003_to_ascii;
/// assert_eq!(idna2003_to_ascii("WWW.新浪。中国").as_deref(), Some("WWW.xn--efvx5o.xn--fiqs8s"));
/// assert_eq!(idna2003_to_ascii("faß.de").as_deref(), Some("fass.de")); // UTS #46 alone: xn--fa-hia
/// assert_eq!(idna2003_to_ascii("a_b.cn"), None); // STD3: letters, digits and hyphens only
/// assert_eq!(idna2003_to_ascii("a.cn."), None); // an empty label
/// ```
pub fn idna2003_to_ascii(domain: &str) -> Option<String> {
    let mut mapped = String::with_capacity(domain.len());
    for c in domain.chars() {
        match c {
            '\u{3002}' | '\u{FF0E}' | '\u{FF61}' => mapped.push('.'),
            'ß' => mapped.push_str("ss"),
            'ς' => mapped.push('σ'),
            '\u{200C}' | '\u{200D}' => {}
            'ẞ' => return None, // unassigned in Unicode 3.2
            c => mapped.push(c),
        }
    }
    let mut out = String::with_capacity(domain.len() + 8);
    for (i, label) in mapped.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        let ascii = if label.is_ascii() {
            label.into()
        } else {
            idna::uts46::Uts46::new()
                .to_ascii(
                    label.as_bytes(),
                    idna::uts46::AsciiDenyList::STD3,
                    idna::uts46::Hyphens::CheckFirstLast,
                    idna::uts46::DnsLength::Ignore,
                )
                .ok()?
        };
        let ldh = ascii
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !ldh
            || !(1..=63).contains(&ascii.len())
            || ascii.starts_with('-')
            || ascii.ends_with('-')
        {
            return None;
        }
        out.push_str(&ascii);
    }
    Some(out)
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
