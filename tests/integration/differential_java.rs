//! Differential test of P2's Java readings, Java's `String.hashCode`, Nutch's `URLPartitioner`
//! arithmetic and P2's node choice (`Integer.remainderUnsigned(pathHash, 7)`) against their Rust
//! reproductions; and the crawler presets' host keys against `java.net.URL.getHost` (Nutch) and
//! `java.net.IDN.toASCII` (IDNA2003, as Heritrix's libidn) on Chinese IDN URLs.
//!
//! At test time a Java class implements the readings of `src/foundation/hash/` (the two printed ones
//! exactly as printed in `PAPERS.md`, P2), is compiled with `javac` and run with `java` on every
//! input string, each decoded with `new String(bytes, StandardCharsets.UTF_8)`. Inputs: the
//! real URL lists of `../shared/data` when present, 100 000 URLs of the built-in corpus, random
//! valid UTF-8 (Chinese, non-BMP characters like '𝄞', NUL), random bytes, valid text with
//! invalid fragments, and every 1- and 2-byte sequence plus many 3- and 4-byte ones.
//!
//! Every value must match, on valid and on invalid UTF-8. This test found the one place where
//! Java's decoder differs from Rust's `String::from_utf8_lossy` (the Unicode "maximal subpart"
//! practice): a UTF-8-encoded surrogate (`ED A0..BF 80..BF`, or the truncated `ED A0..BF`) is
//! ONE U+FFFD in Java, one per byte in `from_utf8_lossy`; `src/foundation/hash/` now applies Java's rule.

use crate::common;
use crate::common::{hex, le_words, run, tool_exists, write_input, Rng};
use std::process::Command;
use std::sync::OnceLock;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::hash::{
    java_string_hashcode, java_string_length, path_hash_printed, path_hash_repaired, path_hash_xor,
    site_hash_folded, site_hash_java, site_hash_printed, site_hash_repaired,
};
use urlhashlab::mechanisms::partition::{nutch_node, Link, Policy};

/// The readings, `main` reads the length-prefixed strings and writes, per string, the decoded
/// `length()` then the values below as little-endian `int`s.
const JAVA_SOURCE: &str = r#"
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

public class P2 {
    // P2's site hash, as printed in PAPERS.md.
    static int sitePrinted(String url) {
        int r=0; int s=0;                                   // (1)
        for (int i=0;i<url.length();i++)                    // (2)
            r = (r << 7) + (int) url.charAt(i);             // (3) the text says: use the low 7 bits of each char
        s = r;                                              // (4)
        while ( !(r == s) ) {                               // (5) stop when the sum equals bits 1..21
            r = s & 0x001FFFFF;                             // (6) bits 1..21
            s = (s & 0xFFE00000) >> 21;                     // (7) bits 22..32, shifted down
            s = s + r;                                      // (8)
        }
        return s;                                           // (9) "a value in 0..2097151"
    }

    // P2's path hash as printed, the loop completed: `return r*s;` moved after it. The printed
    // body reads `url` in a method whose input is `path`: both name the one parameter.
    static int pathPrinted(String path) {
        String url = path;
        int r=0; int s=0;                                   // (10)
        for (int i=0; i<path.length(); i++) {               // (11)
            s=(s<<5)+(int)url.charAt(i);                    // (12) the text says: low 5 bits of each char
            if (i%3==2) {                                   // (13) groups of three characters
                r=s; s=0;                                   // (14) the comment says: r = r XOR s; s = 0
            }
        }
        return r*s;                                         // (15)
    }

    // End-around fold into 21 bits, unsigned.
    static int fold21(int v) {
        while (Integer.compareUnsigned(v, 0x1FFFFF) > 0) v = (v & 0x1FFFFF) + (v >>> 21);
        return v;
    }

    // As the text describes: low 7 bits per char, then the fold.
    static int siteFolded(String url) {
        int r = 0;
        for (int i = 0; i < url.length(); i++) r = (r << 7) + (url.charAt(i) & 0x7F);
        return fold21(r);
    }

    // The printed loop, steps (4)-(9), made to run (tested after each pass, as the text says it
    // stops), with the printed arithmetic `>>` of step (7); the low 7 bits per char as the text
    // says.
    static int siteJava(String url) {
        int r = 0; int s = 0;
        for (int i = 0; i < url.length(); i++) r = (r << 7) + (url.charAt(i) & 0x7F);
        s = r;
        do {
            r = s & 0x001FFFFF;
            s = (s & 0xFFE00000) >> 21;
            s = s + r;
        } while (!(r == s));
        return s;
    }

    // The lab's repair: the fold after every char.
    static int siteRepaired(String url) {
        int r = 0;
        for (int i = 0; i < url.length(); i++) r = fold21((r << 7) + (url.charAt(i) & 0x7F));
        return r;
    }

    // As the comment says: low 5 bits per char, r ^= s per three chars, still r * s.
    static int pathXor(String path) {
        int r = 0, s = 0;
        for (int i = 0; i < path.length(); i++) {
            s = (s << 5) + (path.charAt(i) & 0x1F);
            if (i % 3 == 2) { r ^= s; s = 0; }
        }
        return r * s;
    }

    // The lab's repair: XOR of the 15-bit words of three chars x 5 bits, the last one included.
    static int pathRepaired(String path) {
        int r = 0, s = 0;
        for (int i = 0; i < path.length(); i++) {
            s = (s << 5) | (path.charAt(i) & 0x1F);
            if (i % 3 == 2) { r ^= s; s = 0; }
        }
        return r ^ s;
    }

    // Apache Nutch URLPartitioner.getPartition, byHost, on an already extracted host.
    static int nutchPartition(String host, int seed, int numReduceTasks) {
        int hashCode = host.hashCode();
        hashCode ^= seed;
        return (hashCode & Integer.MAX_VALUE) % numReduceTasks;
    }

    public static void main(String[] args) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(Paths.get(args[0])))
            .order(ByteOrder.LITTLE_ENDIAN);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(System.out, 1 << 20));
        while (in.hasRemaining()) {
            byte[] b = new byte[in.getInt()];
            in.get(b);
            String s = new String(b, StandardCharsets.UTF_8);
            int[] v = { s.length(), sitePrinted(s), pathPrinted(s), siteFolded(s),
                        siteRepaired(s), pathXor(s), pathRepaired(s), s.hashCode(),
                        nutchPartition(s, 0, 7), nutchPartition(s, 0x5EED, 1000),
                        Integer.remainderUnsigned(pathPrinted(s), 7),
                        Integer.remainderUnsigned(pathXor(s), 7), siteJava(s) };
            for (int x : v) out.writeInt(Integer.reverseBytes(x));
        }
        out.flush();
    }
}
"#;

/// Names of the words Java answers per string, in order.
const NAMES: [&str; 13] = [
    "length() (UTF-16 units)",
    "site_hash_printed",
    "path_hash_printed",
    "site_hash_folded",
    "site_hash_repaired",
    "path_hash_xor",
    "path_hash_repaired",
    "java_string_hashcode",
    "nutch_node(seed 0, n = 7)",
    "nutch_node(seed 0x5EED, n = 1000)",
    "P2 node, path-printed, n = 7",
    "P2 node, path-xor, n = 7",
    "site_hash_java",
];

/// The Rust side of [`NAMES`], as 32-bit patterns.
fn rust_words(s: &[u8]) -> [u32; 13] {
    [
        java_string_length(s) as u32,
        site_hash_printed(s) as u32,
        path_hash_printed(s) as u32,
        site_hash_folded(s),
        site_hash_repaired(s),
        path_hash_xor(s) as u32,
        path_hash_repaired(s),
        java_string_hashcode(s) as u32,
        nutch_node(s, 0, 7),
        nutch_node(s, 0x5EED, 1000),
        Policy::P2(HashId::PathPrinted).node(&as_path(s), 7),
        Policy::P2(HashId::PathXor).node(&as_path(s), 7),
        site_hash_java(s),
    ]
}

/// A link whose path is `s` (P2's routing reads only the path).
fn as_path(s: &[u8]) -> Link<'_> {
    Link {
        url: s,
        host: s,
        path: s,
        domain: s,
        port: None,
    }
}

/// The inputs and Java's answers, computed once for both tests; `None` when Java is missing.
struct Oracle {
    strings: Vec<Vec<u8>>,
    sources: Vec<(&'static str, usize)>,
    java: Vec<u32>,
}

impl Oracle {
    fn java(&self, i: usize) -> &[u32] {
        &self.java[i * NAMES.len()..(i + 1) * NAMES.len()]
    }
    fn describe(&self, i: usize) -> String {
        let source = self
            .sources
            .iter()
            .rev()
            .find(|&&(_, start)| start <= i)
            .map_or("?", |&(name, _)| name);
        format!(
            "string #{i} ({source}), bytes {}",
            hex(&self.strings[i], 40)
        )
    }
    /// The first word on which Java and `rust` differ for string `i`.
    fn first_difference(&self, i: usize, rust: [u32; 13]) -> Option<String> {
        let java = self.java(i);
        (0..NAMES.len()).find(|&k| java[k] != rust[k]).map(|k| {
            format!(
                "{}: {}: Java gives {:#010x} ({}), Rust gives {:#010x} ({})",
                NAMES[k],
                self.describe(i),
                java[k],
                java[k] as i32,
                rust[k],
                rust[k] as i32
            )
        })
    }
}

fn oracle() -> Option<&'static Oracle> {
    static ORACLE: OnceLock<Option<Oracle>> = OnceLock::new();
    ORACLE.get_or_init(run_java).as_ref()
}

/// Why the Java tests skip.
const NO_JAVA: &str = "`javac` or `java` is not on PATH";

fn run_java() -> Option<Oracle> {
    if !tool_exists("javac", "-version") || !tool_exists("java", "-version") {
        return None;
    }
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("P2.java");
    std::fs::write(&src, JAVA_SOURCE).expect("write P2.java");
    run(Command::new("javac").arg("-d").arg(dir.path()).arg(&src));
    let (strings, sources) = inputs();
    let input = dir.path().join("input.bin");
    write_input(&input, &strings);
    let java = le_words(&run(Command::new("java")
        .arg("-cp")
        .arg(dir.path())
        .arg("P2")
        .arg(&input)));
    assert_eq!(
        java.len(),
        strings.len() * NAMES.len(),
        "Java answered for a different number of strings"
    );
    eprintln!(
        "differential_java: javac + java on {} strings took {:.1?}",
        strings.len(),
        started.elapsed()
    );
    Some(Oracle {
        strings,
        sources,
        java,
    })
}

/// Bytes that break UTF-8 in every way: stray continuations, overlongs, truncations, encoded
/// surrogates (also CESU-8's pair for '𝄞'), code points above U+10FFFF, bytes never used.
const INVALID_FRAGMENTS: [&[u8]; 20] = [
    b"\x80",
    b"\xBF",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xE0\x80\x80",
    b"\xE0\xA0",
    b"\xE4\xB8",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xED\xA0",
    b"\xED\xA0\xBD\xED\xB4\x9E",
    b"\xF0\x9F\x98",
    b"\xF0\x80\x80\x80",
    b"\xF4\x90\x80\x80",
    b"\xF5",
    b"\xF8\x88\x80\x80\x80",
    b"\xFE",
    b"\xFF",
    b"\xEF\xBF",
];

/// A random character: ASCII (NUL included), 2-byte, CJK, other BMP, or beyond the BMP.
fn random_char(rng: &mut Rng) -> char {
    loop {
        let code = match rng.range(0, 9) {
            0..=3 => rng.range(0, 0x7F),
            4 => rng.range(0x80, 0x7FF),
            5 | 6 => rng.range(0x4E00, 0x9FFF),
            7 => rng.range(0x800, 0xFFFF),
            8 => rng.range(0x1_0000, 0x10_FFFF),
            _ => ['𝄞', '\u{FFFD}', '\u{FFFF}', '\u{10FFFF}', '\u{FEFF}', '😀']
                [rng.range(0, 5) as usize] as u64,
        };
        if let Some(c) = char::from_u32(code as u32) {
            return c;
        }
    }
}

fn random_text(rng: &mut Rng, chars: u64) -> Vec<u8> {
    let n = rng.range(0, chars);
    (0..n)
        .map(|_| random_char(rng))
        .collect::<String>()
        .into_bytes()
}

/// The inputs, with the name of each source and where it starts.
fn inputs() -> (Vec<Vec<u8>>, Vec<(&'static str, usize)>) {
    let (mut strings, mut sources) =
        common::real_and_corpus_inputs("differential_java (the P2 oracle's inputs)");

    sources.push(("hand-picked", strings.len()));
    for s in [
        "𝄞",
        "中文网址散列函数的研究",
        "http://例子.中国/路径/索引.html?q=𝄞&x=中",
        "http://www.北京大学.cn/新闻/",
        "a\0b",
        "\0",
        "",
        "\u{FFFD}",
        "\u{FEFF}http://www.pku.edu.cn/",
    ] {
        strings.push(s.as_bytes().to_vec());
    }
    strings.push("中文𝄞".repeat(5_000).into_bytes());

    sources.push(("random", strings.len()));
    let mut rng = Rng::new(0x5EED_0002);
    let alphabet: Vec<u8> = (0x80..=0xF7)
        .chain([0x00, 0x41, 0x7F, 0xF8, 0xFF])
        .collect();
    for k in 0..20_000 {
        let s = match k % 4 {
            0 => {
                let len = rng.range(0, 300) as usize;
                rng.bytes(len, 0, 255)
            }
            1 => random_text(&mut rng, 100),
            2 => {
                // Valid characters with invalid fragments between them.
                let mut s = Vec::new();
                for _ in 0..rng.range(1, 40) {
                    if rng.range(0, 4) == 0 {
                        let fragment = INVALID_FRAGMENTS[rng.range(0, 19) as usize];
                        s.extend_from_slice(fragment);
                    } else {
                        let mut utf8 = [0; 4];
                        s.extend_from_slice(
                            random_char(&mut rng).encode_utf8(&mut utf8).as_bytes(),
                        );
                    }
                }
                s
            }
            _ => {
                let len = rng.range(0, 40) as usize;
                (0..len)
                    .map(|_| alphabet[rng.range(0, alphabet.len() as u64 - 1) as usize])
                    .collect()
            }
        };
        strings.push(s);
    }
    for _ in 0..4 {
        strings.push(random_text(&mut rng, 20_000));
    }

    // Every 1- and 2-byte sequence, alone (the decoder meets the end of input) and before 'A'
    // (it meets a byte that cannot continue a sequence); 3- and 4-byte sequences over bytes
    // chosen at every range boundary of UTF-8's well-formed table.
    sources.push(("exhaustive short", strings.len()));
    const EDGES: [u8; 16] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4,
        0xFF,
    ];
    let mut short: Vec<Vec<u8>> = (0..=255u8).map(|a| vec![a]).collect();
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            short.push(vec![a, b]);
        }
    }
    for a in 0..=255u8 {
        for b in EDGES {
            for c in EDGES {
                short.push(vec![a, b, c]);
            }
        }
    }
    for a in 0xF0..=0xF7u8 {
        for b in EDGES {
            for c in EDGES {
                for d in EDGES {
                    short.push(vec![a, b, c, d]);
                }
            }
        }
    }
    for s in short {
        let mut followed = s.clone();
        followed.push(b'A');
        strings.push(s);
        strings.push(followed);
    }
    (strings, sources)
}

fn has_encoded_surrogate(s: &[u8]) -> bool {
    s.windows(2)
        .any(|w| w[0] == 0xED && (0xA0..=0xBF).contains(&w[1]))
}

#[test]
fn p2_readings_match_java_on_valid_utf8() {
    let Some(o) = oracle() else {
        common::skip_unless_ci(
            "differential_java::p2_readings_match_java_on_valid_utf8",
            NO_JAVA,
        );
        return;
    };
    let started = std::time::Instant::now();
    let (mut valid, mut non_ascii, mut non_bmp, mut comparisons) = (0u64, 0u64, 0u64, 0u64);
    for (i, s) in o.strings.iter().enumerate() {
        let Ok(text) = std::str::from_utf8(s) else {
            continue;
        };
        valid += 1;
        non_ascii += !s.is_ascii() as u64;
        non_bmp += text.chars().any(|c| c as u32 > 0xFFFF) as u64;
        if let Some(diff) = o.first_difference(i, rust_words(s)) {
            panic!("valid UTF-8, Java and Rust differ on {diff}");
        }
        comparisons += NAMES.len() as u64;
    }
    assert!(valid >= 100_000 && non_bmp > 0 && non_ascii > 0);
    eprintln!(
        "differential_java, valid UTF-8: {valid} strings ({non_ascii} not ASCII, {non_bmp} \
         beyond the BMP) x {} values: {comparisons} comparisons, all equal, in {:.1?}",
        NAMES.len(),
        started.elapsed()
    );
}

#[test]
fn invalid_utf8_matches_java_exactly() {
    let Some(o) = oracle() else {
        common::skip_unless_ci(
            "differential_java::invalid_utf8_matches_java_exactly",
            NO_JAVA,
        );
        return;
    };
    let (mut invalid, mut surrogates, mut comparisons) = (0u64, 0u64, 0u64);
    let mut two_byte_surrogates = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for (i, s) in o.strings.iter().enumerate() {
        if std::str::from_utf8(s).is_ok() {
            continue;
        }
        invalid += 1;
        if has_encoded_surrogate(s) {
            surrogates += 1;
            if s.len() == 2 {
                two_byte_surrogates.insert(hex(s, 2));
            }
        }
        if let Some(diff) = o.first_difference(i, rust_words(s)) {
            failures.push(diff);
        }
        comparisons += NAMES.len() as u64;
    }
    assert!(
        failures.is_empty(),
        "{} invalid UTF-8 strings hash differently in Java; the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert!(
        invalid > 100_000,
        "enough invalid UTF-8 was tried ({invalid})"
    );
    assert_eq!(
        two_byte_surrogates.len(),
        32,
        "every ED A0 .. ED BF was tried"
    );
    eprintln!(
        "differential_java, invalid UTF-8: {invalid} strings ({surrogates} with an encoded \
         surrogate) x {} values: {comparisons} comparisons, all equal",
        NAMES.len()
    );
}

/// The Java side of the crawler presets' host keys: for each URL line (UTF-8, one a line), the
/// `String.hashCode` of the host Nutch's `URLPartitioner` hashes (`new URL(u).getHost()`
/// lower-cased with `Locale.ROOT`, as `BasicURLNormalizer` leaves it: a host with a `%` decoded
/// by `URLDecoder` and read back from the URL rebuilt around it; the whole URL when `new URL` or
/// the decoding throws) and `java.net.IDN.toASCII` with STD3 rules of the domain Heritrix's
/// `UURIFactory` IDNA-encodes (after the first `@`, before the next `:`), lower-cased, or `!`
/// when it throws. `java.net.IDN` is IDNA2003 (RFC 3490, Nameprep over Unicode 3.2), as GNU
/// libidn, which Heritrix calls.
const HOSTS_SOURCE: &str = r#"
import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.Locale;

public class Hosts {
    public static void main(String[] args) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String u : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            String nutch;
            try {
                URL url = new URL(u);
                String p = url.getProtocol(), h = url.getHost();
                if ((p.equals("http") || p.equals("https") || p.equals("ftp")) && h.indexOf('%') >= 0) {
                    h = URLDecoder.decode(h, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
                    int port = url.getPort() == url.getDefaultPort() ? -1 : url.getPort();
                    String rebuilt = url.getUserInfo() == null || !p.equals("ftp")
                        ? new URL(p, h, port, "/").toString()
                        : p + "://" + url.getUserInfo() + "@" + h + (port < 0 ? "" : ":" + port) + "/";
                    url = new URL(rebuilt);
                }
                nutch = url.getHost().toLowerCase(Locale.ROOT);
            } catch (Exception e) { nutch = u; }
            String auth = u.substring(u.indexOf("//") + 2);
            for (char c : new char[] {'/', '?', '#'}) {
                int i = auth.indexOf(c);
                if (i >= 0) auth = auth.substring(0, i);
            }
            String domain = auth.substring(auth.indexOf('@') + 1);
            if (domain.indexOf(':') >= 0) domain = domain.substring(0, domain.indexOf(':'));
            String idn;
            try { idn = IDN.toASCII(domain, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT); } catch (Exception e) { idn = "!"; }
            out.append(nutch.hashCode()).append('\t').append(idn).append('\n');
        }
        System.out.print(out);
    }
}
"#;

/// Chinese IDN hosts written with userinfo, ports, upper case and the ideographic full stop,
/// plus random two-label hosts of CJK ideographs assigned in Unicode 3.2 (U+4E00..U+9FA5: later
/// ones are unassigned to IDNA2003, which refuses them, while UTS #46 takes them).
fn idn_urls() -> Vec<String> {
    let mut urls: Vec<String> = [
        "http://新浪.中国/",
        "http://新浪.中国:80/",
        "http://user@新浪.中国:8080/",
        "http://WWW.新浪.中国/",
        "http://user:pw@10.0.0.1:8080/",
        "http://user@intranet:8080/",
        "http://www.新浪.公司.cn/x?q=1",
        "http://北京大学.中国/",
        "https://ＷＷＷ.例子.cn/",
        "http://新浪。中国/",
        "ws://新浪.中国/",
        "http://a@b@新浪.中国/",
        "http://[::1]:8080/",
        "http://新_浪.cn/",
        // IDNA2003's mapping of the deviation characters.
        "http://faß.de/",
        "http://user@FAß.de:8080/",
        "http://ὀδυσσεύς.gr/",
        "http://ας.gr/",
        "http://a\u{200D}b.新.cn/",
        "http://a\u{200C}新.cn/",
        "http://ß.de/",
        // Nutch's decoding of a host with a `%` escape.
        "http://%E6%96%B0%E6%B5%AA.%E4%B8%AD%E5%9B%BD/",
        "http://WWW.pku%2Eedu.CN/",
        "http://a+b%2E.cn/",
        "http://a%2Bb.cn/",
        "http://a%zz.cn/",
        "http://a%4.cn/",
        "http://a.cn%4/",
        "http://a%+1b.cn/",
        "http://a%-0b.cn/",
        "http://a%-1b.cn/",
        "http://a%2Fb.cn/x",
        "http://a%23b.cn/",
        "http://a%3Fb.cn/",
        "http://u@a%40b.cn/",
        "http://a%40b%40c.cn/",
        "http://%ff%fe.cn/",
        "http://%C3.cn/",
        "http://%e4%b8.cn/",
        "ftp://A%42.cn:21/",
        "ftp://u@A%40.cn:2121/",
        "http://a%25.cn/",
        "http://%3A%3A1/",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut rng = Rng::new(16);
    for i in 0..300 {
        let mut label = |n: u64| -> String {
            (0..n)
                .map(|_| char::from_u32(rng.range(0x4E00, 0x9FA5) as u32).unwrap())
                .collect()
        };
        let (a, b) = (label(1 + i % 4), label(1 + i % 2));
        urls.push(match i % 3 {
            0 => format!("http://{a}.{b}/"),
            1 => format!("http://u@WWW.{a}.{b}:{}/x", 1000 + i),
            _ => format!("https://{a}.{b}.cn/"),
        });
    }
    urls
}

#[test]
fn crawler_host_keys_match_java_url_and_idn() {
    if !tool_exists("javac", "-version") || !tool_exists("java", "-version") {
        common::skip_unless_ci(
            "differential_java::crawler_host_keys_match_java_url_and_idn",
            NO_JAVA,
        );
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("Hosts.java");
    std::fs::write(&src, HOSTS_SOURCE).expect("write Hosts.java");
    run(Command::new("javac").arg("-d").arg(dir.path()).arg(&src));
    let urls = idn_urls();
    let input = dir.path().join("urls.txt");
    std::fs::write(&input, urls.join("\n") + "\n").expect("write urls");
    let out = run(Command::new("java")
        .arg("-cp")
        .arg(dir.path())
        .arg("Hosts")
        .arg(&input));
    let out = String::from_utf8(out).expect("UTF-8");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), urls.len());
    let mut idn_compared = 0;
    for (url, row) in urls.iter().zip(&rows) {
        let (hash, idn) = row.split_once('\t').unwrap();
        let nutch = urlhashlab::mechanisms::partition::nutch_key(url.as_bytes());
        assert_eq!(
            java_string_hashcode(&nutch).to_string(),
            hash,
            "{url}: Nutch's host {:?}",
            String::from_utf8_lossy(&nutch)
        );
        let auth = &url[url.find("//").unwrap() + 2..];
        let auth = &auth[..auth.find(['/', '?', '#']).unwrap_or(auth.len())];
        let domain = auth.split_once('@').map_or(auth, |(_, d)| d);
        let domain = &domain[..domain.find(':').unwrap_or(domain.len())];
        if domain.is_ascii() {
            continue; // Heritrix keeps an ASCII domain as written
        }
        idn_compared += 1;
        let ours = urlhashlab::mechanisms::partition::idna2003_to_ascii(domain);
        assert_eq!(
            ours.as_deref().unwrap_or("!"),
            idn,
            "{url}: IDNA2003 of {domain}"
        );
    }
    assert!(idn_compared >= 300, "{idn_compared} IDN domains compared");
}
