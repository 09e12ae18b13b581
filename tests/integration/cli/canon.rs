//! `urlhash canon`: the distinct pages and merged spellings of every scheme counted again here
//! from the library's canonical forms, on a list made to disagree and on a real list; the
//! pairs one scheme merges and another keeps apart; bad arguments.

use super::helpers::*;
use crate::common;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use urlhashlab::mechanisms::canon::Scheme;

/// Spellings the four schemes disagree on: case, default port, fragment, `%78`, dots, `//`,
/// IPv4 spellings, http and https, a refused line.
const LIST: &str = "http://a.cn/x\nHTTP://A.CN:80/x\nhttp://a.cn/x#top\nhttp://a.cn/%78\nhttp://a.cn/x\n\
a.cn/x\nhttp://a.cn./x\nhttp://a.cn/b/../x\nhttp://a.cn//x\nhttps://a.cn/x\nhttp://3279880203/blah\n\
http://195.127.0.11/blah\nhttp://0xC37F000B/blah\nhttp://a.cn/%7euser\nhttp://a.cn/~user\nmailto:x@a.cn\n";

/// Per scheme id: (distinct pages, refused spellings, spellings in merged groups), counted here.
fn direct(lines: &[&[u8]]) -> HashMap<&'static str, (u64, u64, u64)> {
    let distinct: HashSet<&[u8]> = lines.iter().copied().collect();
    let mut out = HashMap::new();
    for s in Scheme::ALL {
        let mut forms: HashMap<String, u64> = HashMap::new();
        let mut refused = 0;
        for l in &distinct {
            match s.canonical(l) {
                Ok(f) => *forms.entry(f).or_insert(0) += 1,
                Err(_) => refused += 1,
            }
        }
        let merged = forms.values().filter(|&&c| c > 1).sum::<u64>();
        out.insert(s.id(), (forms.len() as u64 + refused, refused, merged));
    }
    out
}

fn check(v: &Value, lines: &[&[u8]]) {
    let want = direct(lines);
    assert_eq!(v["lines"].as_u64().unwrap(), lines.len() as u64);
    let rows = v["schemes"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    for row in rows {
        let id = row["scheme"].as_str().unwrap();
        let got = (
            row["distinct"].as_u64().unwrap(),
            row["refused"].as_u64().unwrap(),
            row["merged_spellings"].as_u64().unwrap(),
        );
        assert_eq!(got, want[id], "{id}: (distinct, refused, merged)");
    }
}

#[test]
fn canon_counts_equal_a_direct_count_on_a_list_made_to_disagree() {
    let v: Value = serde_json::from_str(&ok(&urlhash_stdin(
        &["canon", "--json", "-"],
        LIST.as_bytes(),
    )))
    .unwrap();
    let lines: Vec<&[u8]> = LIST.lines().map(str::as_bytes).collect();
    check(&v, &lines);
    let distinct = |id: &str| {
        v["schemes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["scheme"] == id)
            .unwrap()["distinct"]
            .as_u64()
            .unwrap()
    };
    // Safe Browsing makes one page of the IPv4 spellings, the dots, `//`, the fragment and `%78`.
    assert!(distinct("safe-browsing") < distinct("rfc3986"));
    assert!(distinct("safe-browsing") < distinct("whatwg"));
    let d = v["disagreements"].as_array().unwrap();
    let pair = |a: &str, b: &str| {
        d.iter()
            .find(|x| x["merges"] == a && x["keeps_apart"] == b)
            .unwrap()
    };
    // RFC 3986 decodes %78 and %7e (unreserved), which WHATWG keeps; WHATWG reads the three
    // spellings of 195.127.0.11 as one address, which RFC 3986 leaves as text.
    assert_eq!(pair("rfc3986", "whatwg")["pairs"], 5); // %78 with 4 spellings of a.cn/x, %7euser with ~user
    assert_eq!(pair("whatwg", "rfc3986")["pairs"], 3);
    // P3 writes every scheme http://, so https://a.cn/x is a.cn/x to it and to no one else.
    let p3_only = d
        .iter()
        .find(|x| x["merges"] == "p3" && x["keeps_apart"] == "safe-browsing")
        .unwrap();
    assert!(p3_only["pairs"].as_u64().unwrap() >= 1);
    let ex = p3_only["example"].as_array().unwrap();
    assert!(
        ex.iter()
            .any(|e| e.as_str().unwrap().starts_with("https://")),
        "{ex:?}"
    );
}

#[test]
fn canon_text_and_csv_name_every_scheme() {
    let text = ok(&urlhash_stdin(&["canon", "-"], LIST.as_bytes()));
    for id in [
        "whatwg",
        "rfc3986",
        "safe-browsing",
        "nutch",
        "w3lib",
        "stormcrawler",
        "p3",
    ] {
        assert!(text.contains(id), "{id} in\n{text}");
    }
    let csv = ok(&urlhash_stdin(&["canon", "--csv", "-"], LIST.as_bytes()));
    assert!(
        csv.contains("# schemes") && csv.contains("# disagreements"),
        "{csv}"
    );
}

#[test]
fn canon_on_a_real_list_equals_a_direct_count() {
    let path = common::data_dir().join("iscx_url2016_benign_crawl.txt");
    if !path.exists() {
        common::skip_unless_ci(
            "cli::canon::canon_on_a_real_list_equals_a_direct_count",
            &format!(
                "{} is absent (the real lists are not part of the repository)",
                path.display()
            ),
        );
        return;
    }
    let v: Value =
        serde_json::from_str(&ok(&urlhash(&["canon", "--json", path.to_str().unwrap()]))).unwrap();
    let text = std::fs::read(&path).unwrap();
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .collect();
    check(&v, &lines);
}

#[test]
fn canon_compares_the_first_limit_lines_and_counts_the_rest() {
    let out = urlhash_stdin(&["canon", "--limit", "5", "--json", "-"], LIST.as_bytes());
    let v: Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(v["input"]["measured_lines"], 5);
    assert_eq!(v["input"]["urls"], LIST.lines().count());
    assert_eq!(v["lines"], 5);
    let lines: Vec<&[u8]> = LIST.lines().take(5).map(str::as_bytes).collect();
    check(&v, &lines);
    assert!(
        stderr(&out).contains("compared the first 5 of 16 URL lines (--limit)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn canon_bad_arguments_fail_clearly() {
    expect_errors(&[
        (
            &["canon", "--scheme", "scrapy"],
            2,
            "unknown scheme 'scrapy'",
        ),
        (&["canon", "--json", "--csv"], 2, "cannot be used with"),
        (&["canon", "--limit", "0"], 2, "--limit"),
    ]);
}
