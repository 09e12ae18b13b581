//! The reveal: the inputs behind the digests P3 printed.

use super::digest::{parse_hex_digest, FingerprintError};
use crate::foundation::hash::md5_u128;
use crate::foundation::printed::{P3_DIGEST_IP_ID, P3_DIGEST_NAME_ID};
use serde::Serialize;
use std::collections::HashSet;

/// A string tried against a printed digest, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The string whose MD5 is compared.
    pub text: String,
    /// Where the string comes from (the paper's text, a spelling of it, a test vector).
    pub source: String,
}

/// A printed digest checked against MD5 of candidate strings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reveal {
    /// The digest as printed.
    pub printed: String,
    /// What the paper says it is the digest of.
    pub printed_for: String,
    /// Distinct candidate strings tried.
    pub tried: usize,
    /// The candidates whose MD5 is the printed digest.
    pub matches: Vec<Candidate>,
    /// One sentence: which candidate the digest is MD5 of, or that none is.
    pub verdict: String,
}

/// Checks `printed` (32 hex digits) against MD5 of every candidate.
///
/// # Example
/// ```
/// use urlhashlab::mechanisms::fingerprint::{reveal, Candidate};
/// let c = [Candidate { text: "abc".into(), source: "RFC 1321".into() }];
/// let r = reveal("900150983CD24FB0D6963F7D28E17F72", "a test", &c).unwrap();
/// assert_eq!(r.matches, c);
/// assert!(reveal("not hex", "", &c).is_err());
/// ```
pub fn reveal(
    printed: &str,
    printed_for: &str,
    candidates: &[Candidate],
) -> Result<Reveal, FingerprintError> {
    let want = parse_hex_digest(printed)?;
    let mut seen = HashSet::new();
    let mut matches = Vec::new();
    for c in candidates {
        if seen.insert(c.text.as_str()) && md5_u128(c.text.as_bytes()) == want {
            matches.push(c.clone());
        }
    }
    let tried = seen.len();
    let verdict = match matches.first() {
        Some(m) if m.text.is_empty() => format!(
            "{} is MD5 of the empty string. P3 says only that URL (3) \"gives the same result\" ((3) 式经过转换也得到同样结果); an inference, not P3's statement: its program hashed nothing, whatever URL it meant, and every URL it normalised would then get this same id.",
            printed.trim()
        ),
        Some(m) => format!(
            "{} is MD5 of \"{}\" ({}).",
            printed.trim(),
            m.text,
            m.source
        ),
        None => format!(
            "no candidate matched: MD5 of none of the {tried} strings tried is {}.",
            printed.trim()
        ),
    };
    Ok(Reveal {
        printed: printed.trim().to_string(),
        printed_for: printed_for.to_string(),
        tried,
        matches,
        verdict,
    })
}

/// Simple spellings of `s`: without a scheme, with `http://` and `https://`, with and without a
/// trailing `/`, as is, upper-case and lower-case (duplicates removed, `s` first). The case is
/// ASCII's: the strings tried are ASCII and Chinese, which has no case (a test checks that
/// Unicode's mappings change nothing more), and the page's WebAssembly is spared Unicode's
/// upper-case tables (16 KB).
pub fn simple_variants(s: &str) -> Vec<String> {
    let lower = s.to_ascii_lowercase();
    let core = if lower.starts_with("http://") {
        &s[7..]
    } else if lower.starts_with("https://") {
        &s[8..]
    } else {
        s
    };
    let core = core.trim_end_matches('/');
    let mut out = vec![s.to_string()];
    for scheme in ["", "http://", "https://"] {
        for slash in ["", "/"] {
            let v = format!("{scheme}{core}{slash}");
            out.push(v.to_ascii_uppercase());
            out.push(v.to_ascii_lowercase());
            out.push(v);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|v| seen.insert(v.clone()));
    out
}

/// The strings the lab tries against P3's printed digests, each with [`simple_variants`].
///
/// P3's own URLs (Sect. 3.1 lists three URLs of 南京信息工程大学, Sect. 3.2 one) are lost in the
/// OCR of the paper. Tried: the empty string; the strings that survive in the text (the
/// templates `http://+IP地址+路径` and `http://+域名+路径`, their scheme `http://`, the host
/// fragment `bbs2.`, the university's name); and, marked as inferred because the text does not
/// print them, the hosts of the example site, `nuist.edu.cn` with `www.` and `bbs2.`.
pub fn p3_candidates() -> Vec<Candidate> {
    const PRINTED: &str = "printed in P3's text";
    let inferred = "inferred, not printed: the host of P3's example site 南京信息工程大学 (NUIST); P3's own URLs are lost in the OCR";
    let bases: [(&str, &str); 13] = [
        ("", "the empty string"),
        (
            "http://",
            "the scheme of P3's templates, printed in P3's text",
        ),
        ("http://+IP地址+路径", PRINTED),
        ("http://+域名+路径", PRINTED),
        ("\"http://\"+IP地址+路径", PRINTED),
        ("\"http://\"+域名+路径", PRINTED),
        ("http://+IP+路径", PRINTED),
        (
            "bbs2.",
            "the one host fragment left in P3's text (Sect. 3.2)",
        ),
        ("南京信息工程大学", "P3's example site, named in Sect. 3.1"),
        ("www.nuist.edu.cn", inferred),
        ("nuist.edu.cn", inferred),
        ("bbs2.nuist.edu.cn", inferred),
        ("www.nuist.edu.cn/index.html", inferred),
    ];
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (base, source) in bases {
        for v in simple_variants(base) {
            if seen.insert(v.clone()) {
                let source = if v == base {
                    source.to_string()
                } else {
                    format!("a variant of \"{base}\" ({source})")
                };
                out.push(Candidate { text: v, source });
            }
        }
    }
    out
}

/// Both printed digests against [`p3_candidates`]: IP_ID (Sect. 3.1), then Name_ID (3.2).
pub fn p3_reveals() -> Vec<Reveal> {
    let candidates = p3_candidates();
    [
        (
            P3_DIGEST_IP_ID,
            "\"http://\" + IP + path, P3's normalised URL (IP_ID, Sect. 3.1); P3 adds that URL (3) gives the same",
        ),
        (
            P3_DIGEST_NAME_ID,
            "\"http://\" + name + path (Name_ID, Sect. 3.2)",
        ),
    ]
    .iter()
    .map(|&(d, what)| reveal(d, what, &candidates).expect("the constants are 32 hex digits"))
    .collect()
}
