//! `urlhashlab::foundation::suffix::Rules`, parsed from the `psl` crate's own `data/rules.txt` (the text the
//! page installs on wasm32), against the `psl` crate itself (the native build's list): the
//! public suffix and the registrable domain must be identical for every host tried.
//!
//! The hosts: every rule turned into hosts (the name, one and two labels under it, a wildcard's
//! expansions, an exception, its parent and its children), each also with a root dot, empty
//! labels, upper case, its WHATWG-serialised form (ASCII, as `key::split` gives hosts) and, for
//! a Unicode rule, mixed Unicode and ASCII labels; hosts assembled from the list's labels by a
//! fixed-seed generator; the hosts of the built-in corpus and of the real URL lists in
//! `../shared/data` (when present); and hand-written edge cases (the empty host, dots only, IP
//! literals, one label, punycode, non-ASCII). The file is found with `cargo metadata`; when it
//! cannot be, the test says why and skips (under CI it fails).

use crate::common;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use urlhashlab::foundation::key;
use urlhashlab::foundation::suffix::Rules;

/// `data/rules.txt` of the `psl` package this crate links, located by `cargo metadata`.
fn rules_file() -> Result<PathBuf, String> {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let meta: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let manifest = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == "psl")
        .and_then(|p| p["manifest_path"].as_str())
        .ok_or("cargo metadata lists no psl package")?;
    let file = PathBuf::from(manifest)
        .with_file_name("data")
        .join("rules.txt");
    if file.is_file() {
        Ok(file)
    } else {
        Err(format!("{} does not exist", file.display()))
    }
}

/// The list's rules text, or `None` after [`common::skip_unless_ci`] has said why `test`
/// cannot read it.
fn rules_text(test: &str) -> Option<String> {
    match rules_file().and_then(|f| {
        std::fs::read_to_string(&f).map_err(|e| format!("cannot read {}: {e}", f.display()))
    }) {
        Ok(text) => Some(text),
        Err(why) => {
            // The file is the locked psl package's own: under CI, not finding it is a failure.
            common::skip_unless_ci(
                &format!("suffix_rules::{test}"),
                &format!("the psl crate's data/rules.txt is not available ({why})"),
            );
            None
        }
    }
}

/// The host `url` serialises `host` to (lower case, IDNA ASCII), when it parses.
fn whatwg(host: &str) -> Option<String> {
    let url = url::Url::parse(&format!("http://{host}/")).ok()?;
    url.host_str().map(str::to_string)
}

/// `name` with the labels `ascii` says in punycode (`公司.cn`, [true, false] → `xn--55qx5d.cn`).
fn with_ascii_labels(name: &str, ascii: impl Fn(usize) -> bool) -> String {
    name.split('.')
        .enumerate()
        .map(|(i, label)| {
            if ascii(i) && !label.is_ascii() {
                format!("xn--{}", idna::punycode::encode_str(label).unwrap())
            } else {
                label.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Hosts made from every rule of `text`.
fn hosts_from_rules(text: &str) -> BTreeSet<String> {
    let mut hosts = BTreeSet::new();
    for rule in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let name = rule.trim_start_matches("*.").trim_start_matches('!');
        let parent = name.split_once('.').map_or("", |(_, p)| p);
        let mut bases = vec![
            name.to_string(),
            format!("x.{name}"),
            format!("y.x.{name}"),
            format!("www.{name}"),
            format!("a.b.c.{name}"),
            parent.to_string(),
            format!("x.{parent}"),
        ];
        if !name.is_ascii() {
            let labels = name.split('.').count();
            bases.push(with_ascii_labels(name, |_| true));
            bases.push(with_ascii_labels(name, |i| i == 0));
            bases.push(with_ascii_labels(name, |i| i + 1 == labels));
            bases.push(format!("x.{}", with_ascii_labels(name, |_| true)));
            bases.push(format!("x.{}", with_ascii_labels(name, |i| i > 0)));
        }
        for base in bases {
            hosts.insert(format!("{base}."));
            hosts.insert(format!("{base}.."));
            hosts.insert(format!(".{base}"));
            hosts.insert(format!("x..{base}"));
            hosts.insert(base.to_uppercase());
            hosts.insert(base.replacen('.', "..", 1));
            if let Some(h) = whatwg(&base) {
                hosts.insert(h);
            }
            hosts.insert(base);
        }
    }
    hosts
}

/// `count` hosts assembled by a fixed-seed generator from the list's labels and odd ones.
fn generated_hosts(text: &str, count: usize) -> Vec<String> {
    let names: Vec<&str> = text
        .lines()
        .map(|l| l.trim().trim_start_matches("*.").trim_start_matches('!'))
        .filter(|l| !l.is_empty())
        .collect();
    let mut pool: Vec<&str> = names.iter().flat_map(|n| n.split('.')).collect();
    pool.sort_unstable();
    pool.dedup();
    let odd = [
        "",
        "x",
        "www",
        "WWW",
        "*",
        "!",
        "xn--",
        "中国",
        "xn--fiqs8s",
        "1",
        "255",
        "-",
        "_",
    ];
    let mut rng = common::Rng::new(2004);
    (0..count)
        .map(|_| {
            let mut labels: Vec<&str> = names[rng.range(0, names.len() as u64 - 1) as usize]
                .split('.')
                .collect();
            for _ in 0..rng.range(0, 3) {
                let label = if rng.range(0, 3) == 0 {
                    odd[rng.range(0, odd.len() as u64 - 1) as usize]
                } else {
                    pool[rng.range(0, pool.len() as u64 - 1) as usize]
                };
                labels.insert(0, label);
            }
            // Now and then, a label of the rule replaced or dropped.
            if rng.range(0, 4) == 0 && labels.len() > 1 {
                let i = rng.range(0, labels.len() as u64 - 1) as usize;
                labels[i] = odd[rng.range(0, odd.len() as u64 - 1) as usize];
            }
            let mut host = labels.join(".");
            match rng.range(0, 9) {
                0 => host.push('.'),
                1 => host.push_str(".."),
                2 => host.insert(0, '.'),
                _ => {}
            }
            host
        })
        .collect()
}

/// Hand-written edge cases.
const EDGES: &[&str] = &[
    "",
    ".",
    "..",
    "...",
    "com",
    "com.",
    ".com",
    "COM",
    "a.COM",
    "www.Example.Com",
    "WWW.PKU.EDU.CN",
    "www.pku.edu.cn",
    "news.sina.com.cn",
    "www.sina.com.cn..",
    "a..sina.com.cn",
    "sina..com.cn",
    "a.b.github.io",
    "github.io",
    "a.b.github.io.",
    "localhost",
    "localhost.",
    "a",
    "a.",
    ".a",
    "a..b",
    "127.0.0.1",
    "192.168.0.1",
    "192.168.0.1.",
    "1.2.3.4.5",
    "999.1.1.1",
    "0x7f.1",
    "[::1]",
    "::1",
    "[2001:db8::1]",
    "2001:db8::1",
    "[::ffff:192.168.0.1]",
    "xn--",
    "xn--.cn",
    "xn--fiqs8s",
    "www.xn--fiqs8s",
    "xn--55qx5d.cn",
    "a.xn--55qx5d.cn",
    "公司.cn",
    "a.公司.cn",
    "a.公司.xn--fiqs8s",
    "网址.中国",
    "www.网址.中国",
    "www.xn--fsqu00a.cn",
    "ü.de",
    "www.günstigbestellen.de",
    "é",
    "a b.com",
    "a\tb.cn",
    "*.ck",
    "!www.ck",
    "ck",
    "x.ck",
    "www.ck",
    "a.www.ck",
    "x.y.ck",
    "kawasaki.jp",
    "city.kawasaki.jp",
    "a.city.kawasaki.jp",
    "x.kawasaki.jp",
    "y.x.kawasaki.jp",
    "ex.futurecms.at",
    "a.ex.futurecms.at",
    "b.a.ex.futurecms.at",
    "x.funkfeuer.at",
    "-.com",
    "_.com",
    "a.-.com",
    "%41.com",
    "a/b.com",
    "a:80.com",
];

/// `host` with every answer that differs, or `None` when `Rules` and `psl` agree.
fn difference(rules: &Rules, host: &str) -> Option<String> {
    let (domain, psl_domain) = (rules.domain(host), psl::domain_str(host));
    let (suffix, psl_suffix) = (rules.suffix(host), psl::suffix_str(host));
    (domain != psl_domain || suffix != psl_suffix).then(|| {
        format!(
            "{host:?}: domain {domain:?} (psl {psl_domain:?}), suffix {suffix:?} (psl {psl_suffix:?})"
        )
    })
}

/// Checks every host of `hosts` (named `what`), failing with the first differences.
fn check<'a>(rules: &Rules, what: &str, hosts: impl IntoIterator<Item = &'a str>) {
    let mut tried = 0usize;
    let mut differences = Vec::new();
    for host in hosts {
        tried += 1;
        if let Some(d) = difference(rules, host) {
            differences.push(d);
        }
    }
    eprintln!("{what}: {tried} hosts, {} differences", differences.len());
    assert!(
        differences.is_empty(),
        "{what}: {} of {tried} hosts differ from psl; the first ones:\n{}",
        differences.len(),
        differences[..differences.len().min(12)].join("\n")
    );
}

#[test]
fn the_parsed_list_reads_every_rule() {
    let Some(text) = rules_text("the_parsed_list_reads_every_rule") else {
        return;
    };
    let rules = Rules::parse(&text).expect("the psl crate's list parses");
    let lines: BTreeSet<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(rules.len(), lines.len());
    assert!(rules.len() > 9_000, "{} rules", rules.len());
}

#[test]
fn every_rule_turned_into_hosts_gives_psls_answers() {
    let Some(text) = rules_text("every_rule_turned_into_hosts_gives_psls_answers") else {
        return;
    };
    let rules = Rules::parse(&text).unwrap();
    let hosts = hosts_from_rules(&text);
    assert!(hosts.len() > 100_000, "{} hosts", hosts.len());
    check(
        &rules,
        "hosts from the rules",
        hosts.iter().map(String::as_str),
    );
}

#[test]
fn generated_hosts_give_psls_answers() {
    let Some(text) = rules_text("generated_hosts_give_psls_answers") else {
        return;
    };
    let rules = Rules::parse(&text).unwrap();
    let hosts = generated_hosts(&text, 300_000);
    check(&rules, "generated hosts", hosts.iter().map(String::as_str));
}

#[test]
fn hand_written_edge_cases_give_psls_answers() {
    let Some(text) = rules_text("hand_written_edge_cases_give_psls_answers") else {
        return;
    };
    let rules = Rules::parse(&text).unwrap();
    let long_host = "a.".repeat(600) + "com.cn";
    let hosts = EDGES.iter().copied().chain([long_host.as_str()]);
    check(&rules, "edge cases", hosts);
    // The answers the lab relies on, spelled out.
    assert_eq!(rules.domain("news.sina.com.cn"), Some("sina.com.cn"));
    assert_eq!(rules.domain("a.b.github.io"), Some("b.github.io"));
    assert_eq!(rules.domain("www.xn--fsqu00a.cn"), Some("xn--fsqu00a.cn"));
    assert_eq!(rules.domain("com.cn"), None);
    assert_eq!(rules.suffix("com.cn"), Some("com.cn"));
}

#[test]
fn corpus_and_real_hosts_give_psls_answers() {
    let Some(text) = rules_text("corpus_and_real_hosts_give_psls_answers") else {
        return;
    };
    let rules = Rules::parse(&text).unwrap();
    let corpus: BTreeSet<String> = common::corpus_urls(200_000)
        .iter()
        .filter_map(|u| key::split(u).ok().map(|p| p.host))
        .collect();
    check(&rules, "corpus hosts", corpus.iter().map(String::as_str));
    if let Some(lines) = common::real_lines("suffix_rules::corpus_and_real_hosts_give_psls_answers")
    {
        let real: BTreeSet<String> = lines
            .iter()
            .filter_map(|u| key::split(u).ok().map(|p| p.host))
            .collect();
        check(&rules, "real hosts", real.iter().map(String::as_str));
    }
}
