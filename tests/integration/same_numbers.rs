//! The page and the CLI give the same numbers for every study of the registry on one input: a
//! file of 1 000 000 corpus URLs with a few lines no crawler would want, read by `urlhash`
//! (streaming, as a user runs it) and by a [`Session`] with [`study::begin`] (the engine the
//! page's worker runs, compiled natively here; `tests/web/` checks the wasm adapter gives
//! the engine's numbers). Fig. 3 is the CLI's random sample of 400 000 lines on both sides; the
//! filters split the same distinct lines into the same inserted and held-out halves.
//!
//! Numbers are compared after one trip through JSON text on both sides, so a float is the same
//! text and the same parse.

use serde_json::{json, Value};
use std::io::Write;
use std::process::Command;
use urlhashlab::engine::session::Session;
use urlhashlab::engine::study;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::hash::P1_FUNCTIONS;
use urlhashlab::foundation::key::Key;

const N: u64 = 1_000_000;

/// The input: corpus URLs with, every 100 003 lines, a line that is not a crawlable URL, one
/// with upper case, a default port and a fragment, a blank line and a CRLF.
fn input() -> Vec<u8> {
    let odd: [&[u8]; 5] = [
        b"mailto:webmaster@pku.edu.cn",
        b"HTTP://WWW.PKU.EDU.CN:80/News/?b=2&a=1#top",
        b"",
        b"http://[bad/",
        b"www.sina.com.cn/news/\r",
    ];
    let mut text = Vec::with_capacity(60 << 20);
    for (i, url) in Corpus::new(2004).iter(0, N).enumerate() {
        if i % 100_003 == 7 {
            text.extend_from_slice(odd[(i / 100_003) % odd.len()]);
            text.push(b'\n');
        }
        text.extend_from_slice(&url);
        text.push(b'\n');
    }
    text
}

/// The host table of the IP_ID and Name_ID count: two corpus hosts and an alias.
const HOSTS: &str =
    "# host ip\nwww.pku.edu.cn 192.0.2.1\npku.edu.cn 192.0.2.1\nwww.sina.com.cn 192.0.2.7\n";

fn reparsed(v: &impl serde::Serialize) -> Value {
    serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap()
}

/// Study `kind` run on the session in slices: its report without `prefix`, and `prefix`.
fn run(session: &mut Session, kind: &str, params: Value) -> (Value, Value) {
    let mut job = study::begin(kind, params, session).unwrap();
    while job.run(session, 250_000).unwrap() < 1.0 {}
    let report = reparsed(&job.finish(session).unwrap());
    (
        without(report.clone(), &["prefix"]),
        report["prefix"].clone(),
    )
}

fn cli(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(args)
        .output()
        .expect("urlhash runs");
    assert!(
        out.status.success(),
        "urlhash {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON out")
}

/// `v` without the keys `drop`.
fn without(mut v: Value, drop: &[&str]) -> Value {
    for k in drop {
        v.as_object_mut().expect("an object").remove(*k);
    }
    v
}

#[test]
fn every_study_gives_the_clis_numbers_on_a_million_line_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("urls.txt");
    let hosts = dir.path().join("hosts.txt");
    let text = input();
    std::fs::File::create(&file)
        .unwrap()
        .write_all(&text)
        .unwrap();
    std::fs::write(&hosts, HOSTS).unwrap();
    let (file, hosts) = (file.to_str().unwrap(), hosts.to_str().unwrap());

    // The page's engine reads the file in chunks, as the worker does.
    let mut session = Session::new(256 << 20);
    session.begin(&P1_FUNCTIONS, Key::Url);
    for chunk in text.chunks(1 << 16) {
        session.push_chunk(chunk).unwrap();
    }
    let input = session.finish();
    let p1 = cli(&["paper", "p1", "--json", file]);
    assert_eq!(p1["input"]["urls"], input.stats.urls);
    let (page, prefix) = run(&mut session, "p1", json!({}));
    assert_eq!(prefix["lines"], input.stats.urls);
    assert_eq!(page, without(p1, &["input"]), "paper p1");

    for (fig, step) in [(1, "100000"), (2, "100000"), (3, "50000")] {
        let fig_arg = fig.to_string();
        let cli = cli(&["sweep", "--fig", &fig_arg, "--step", step, "--json", file]);
        let (page, _) = run(
            &mut session,
            "sweep",
            json!({"fig": fig, "step": step.parse::<f64>().unwrap()}),
        );
        assert!(!page["points"].as_array().unwrap().is_empty());
        assert_eq!(page["points"], cli["points"], "Fig. {fig}");
    }

    let p2 = cli(&["paper", "p2", "--json", file]);
    let (page, _) = run(&mut session, "partition", json!({"nodes": 7}));
    // The node-side matches and the path-table re-hash (`control`) included.
    assert!(!page["control"]["rehash"].as_array().unwrap().is_empty());
    // `costs`: the CLI's timing of each policy (§2.1's cost of MD5), not a count to compare.
    assert_eq!(page, without(p2, &["input", "costs"]), "paper p2");

    // Crawl nodes joining: the same moves; `ns_per_lookup` is the CLI's timing (the page
    // times its lookups apart), not a count to compare.
    let rebalance = cli(&["rebalance", "--nodes", "7", "--to", "8", "--json", file]);
    let (mut page, _) = run(
        &mut session,
        "rebalance",
        json!({"from": 7, "to": 8, "vnodes": 100}),
    );
    let mut cli_side = without(rebalance, &["input"]);
    for side in [&mut page, &mut cli_side] {
        for s in side["schemes"].as_array_mut().unwrap() {
            s.as_object_mut().unwrap().remove("ns_per_lookup");
        }
    }
    // Each odd line comes twice in 1 000 000 lines; mailto: and http://[bad/ have no host.
    assert_eq!(page["unsplittable"], 4);
    assert_eq!(page, cli_side, "rebalance");

    // `urlhash fingerprint` measures the first --limit lines, 1 000 000 unless told.
    let fp = cli(&["fingerprint", "--json", file]);
    let (page, prefix) = run(&mut session, "fp", json!({"maxLines": 1_000_000}));
    assert_eq!(prefix["capped"], true);
    assert_eq!(page, without(fp, &["input"]), "fingerprint");

    // The filters' split: the first 1 000 000 distinct lines, the first half inserted (the
    // page's cap of 500 000, the CLI's --limit).
    let bloom = cli(&[
        "bloom",
        "--bits-per-url",
        "4.8",
        "--k",
        "3",
        "--method",
        "md5-slices",
        "--limit",
        "500000",
        "--json",
        file,
    ]);
    let (page, _) = run(
        &mut session,
        "bloom",
        json!({"k": 3, "methods": ["md5-slices"], "ratios": [4.8]}),
    );
    assert_eq!(page["input"]["inserted"], 500_000);
    assert_eq!(page["rows"], bloom["rows"], "bloom");
    let cbf = cli(&[
        "cbf",
        "--bits-per-url",
        "16",
        "--k",
        "8",
        "--counter-bits",
        "4",
        "--method",
        "double",
        "--delete-fraction",
        "0.25",
        "--limit",
        "500000",
        "--json",
        file,
    ]);
    let (page, _) = run(
        &mut session,
        "cbf",
        json!({"ratio": 16, "k": 8, "bits": 4, "method": "double", "deleteFraction": 0.25}),
    );
    assert_eq!(page["deletion"], without(cbf, &["input"]), "cbf");

    // The filter bake-off on the same split: the same rows; `build_ns_per_key` and
    // `lookup_ns_per_key` are the CLI's timings (the page will time its own), not counts.
    let bakeoff = cli(&[
        "filters", "--fpr", "0.01", "--limit", "500000", "--json", file,
    ]);
    let (page, _) = run(&mut session, "filters", json!({"fpr": [0.01]}));
    assert_eq!(page["inserted"], 500_000);
    let untimed = |v: &Value| -> Value {
        let mut v = v.clone();
        for row in v.as_array_mut().unwrap() {
            for k in ["build_ns_per_key", "lookup_ns_per_key"] {
                row.as_object_mut().unwrap().remove(k);
            }
        }
        v
    };
    assert!(bakeoff["filters"][0]["build_ns_per_key"].as_f64().unwrap() > 0.0);
    assert_eq!(page["filters"].as_array().unwrap().len(), 10);
    assert_eq!(
        untimed(&page["filters"]),
        untimed(&bakeoff["filters"]),
        "filters"
    );

    // Which lines are one page under each scheme, with respellings of the first 20 000 and
    // the knock-on effects, on the first 300 000 lines.
    let canon = cli(&[
        "canon",
        "--limit",
        "300000",
        "--respell",
        "20000",
        "--examples",
        "5",
        "--json",
        file,
    ]);
    let (page, prefix) = run(
        &mut session,
        "canon",
        json!({"maxLines": 300_000, "respell": 20_000, "examples": 5}),
    );
    assert_eq!(prefix["lines"], 300_000);
    assert_eq!(page["respelled"], 20_000);
    assert!(page["schemes"][2]["merged_groups"].as_u64().unwrap() > 10_000);
    assert_eq!(page, without(canon, &["input"]), "canon");

    // The hash-quality battery on the first 100 000 lines: every test of every function, its
    // heat maps and P1's columns. The times are the CLI's (the page times its own), and the
    // summary's order breaks ties by them, so the rows are compared by function.
    let quality = cli(&["quality", "--maps", "--json", file]);
    let (page, prefix) = run(&mut session, "quality", json!({"maxLines": 100_000}));
    assert_eq!(prefix["lines"], 100_000);
    let untimed = |v: &Value, list: &str| -> Vec<Value> {
        let mut rows: Vec<Value> = v[list].as_array().unwrap().clone();
        for r in &mut rows {
            r.as_object_mut().unwrap().remove("ns_per_key");
        }
        rows.sort_by_key(|r| r["hash"].as_str().unwrap().to_string());
        rows
    };
    assert_eq!(untimed(&page, "functions").len(), 15);
    for list in ["functions", "summary"] {
        assert_eq!(
            untimed(&page, list),
            untimed(&quality, list),
            "quality {list}"
        );
    }
    let rest = |v: &Value| without(without(v.clone(), &["input"]), &["functions", "summary"]);
    assert_eq!(rest(&page), rest(&quality), "quality");

    // P4's trie and the other structures, on the first 200 000 lines (their timings differ
    // from run to run; the study's counts and bytes do not).
    let trie = cli(&[
        "trie", "--step", "50000", "--limit", "200000", "--json", file,
    ]);
    let (page, _) = run(
        &mut session,
        "trie",
        json!({"maxLines": 200_000, "step": 50_000}),
    );
    assert_eq!(page["lines"], 200_000);
    assert_eq!(page["study"], trie["study"], "trie");
    assert_eq!(
        session.trie_urls().map(|u| u.len() as u64),
        page["distinct"].as_u64()
    );

    let sites = cli(&["fingerprint", "--hosts", hosts, "--json", file]);
    let (page, _) = run(
        &mut session,
        "fpSites",
        json!({"table": HOSTS, "maxLines": 1_000_000}),
    );
    assert!(page["sites"]["distinct_name_ids"].as_u64().unwrap() > 0);
    assert_eq!(page["sites"], sites["p3"]["sites"], "fingerprint --hosts");
}
