use super::*;
use crate::foundation::hash::HashId;
use crate::foundation::hash::P1_FUNCTIONS;
use serde_json::{json, Value};

const SEED: u32 = 2004;

/// A session on corpus URLs `0 .. n`, with P1's functions cached; or, when `as_file`, the same
/// URLs as the text of a file.
fn session(n: u64, as_file: bool) -> Session {
    let mut s = Session::new(64 << 20);
    s.begin(&P1_FUNCTIONS, Key::Url);
    if as_file {
        let mut text = Vec::new();
        for url in urls(n) {
            text.extend_from_slice(&url);
            text.push(b'\n');
        }
        for chunk in text.chunks(4093) {
            s.push_chunk(chunk).unwrap();
        }
    } else {
        s.push_corpus(0, n, SEED).unwrap();
    }
    s.finish();
    s
}

/// Corpus URLs `0 .. n`.
fn urls(n: u64) -> Vec<Vec<u8>> {
    crate::foundation::corpus::Corpus::new(SEED as u64)
        .iter(0, n)
        .collect()
}

/// The study's report as JSON, run in slices of `budget` units.
fn run(s: &mut Session, kind: &str, params: Value, budget: usize) -> Value {
    let mut job = begin(kind, params, s).unwrap();
    let mut last = 0.0;
    loop {
        let done = job.run(s, budget).unwrap();
        assert!(
            done >= last && done <= 1.0,
            "progress goes forward: {last} then {done}"
        );
        last = done;
        if done >= 1.0 {
            break;
        }
    }
    serde_json::to_value(job.finish(s).unwrap()).unwrap()
}

fn error(s: &mut Session, kind: &str, params: Value) -> Coded {
    match begin(kind, params, s) {
        Ok(_) => panic!("{kind} should refuse these parameters"),
        Err(e) => e,
    }
}

#[test]
fn every_kind_reports_in_slices_what_it_reports_at_once() {
    let mut s = session(3_000, false);
    let cases = [
        ("sweep", json!({"fig": 1, "step": 250})),
        ("sweep", json!({"fig": 2, "step": 100})),
        ("p1", json!({})),
        ("fp", json!({"maxLines": 2_500})),
        (
            "fpSites",
            json!({"table": "www.pku.edu.cn 162.105.131.113\n", "maxLines": 1e6}),
        ),
        (
            "fpCombo",
            json!({"toggles": ["drop-www", "lowercase-host"], "maxLines": 1e6}),
        ),
    ];
    for (kind, params) in cases {
        let whole = run(&mut s, kind, params.clone(), usize::MAX);
        let sliced = run(&mut s, kind, params.clone(), 333);
        assert_eq!(whole, sliced, "{kind} {params}");
        assert_eq!(whole["prefix"]["loaded"], 3_000, "{kind}");
    }
}

#[test]
fn the_sweep_equals_the_clis_pass_over_the_lines() {
    let mut s = session(5_000, false);
    for fig in [Figure::Fig1, Figure::Fig2] {
        let number = if fig == Figure::Fig1 { 1 } else { 2 };
        let report = run(&mut s, "sweep", json!({"fig": number, "step": 700}), 1_000);
        let mut cli = Sweep::new(&fig.series(), 700);
        for url in urls(5_000) {
            cli.push(&url);
        }
        assert_eq!(
            report["points"],
            serde_json::to_value(cli.finish()).unwrap()
        );
        assert_eq!(report["prefix"]["lines"], 5_000);
    }
}

#[test]
fn fig3_sweeps_the_clis_sample_for_the_corpus_and_for_a_file() {
    // Over 400 000 lines Fig. 3 samples; a file and the corpus sample the same way as the CLI.
    for as_file in [false, true] {
        let n = 400_100;
        let mut s = session(n, as_file);
        let report = run(&mut s, "sweep", json!({"fig": 3, "step": 50_000}), 100_000);
        let seed = (!as_file).then_some(SEED as u64);
        let mut cli = Sweep::new(&Figure::Fig3.series(), 50_000);
        let all = urls(n);
        for i in fig3_indices(n, seed) {
            cli.push(&all[i as usize]);
        }
        assert_eq!(
            report["points"],
            serde_json::to_value(cli.finish()).unwrap()
        );
        assert_eq!(report["prefix"]["lines"], 400_000);
        assert_eq!(report["prefix"]["capped"], true);
    }
}

#[test]
fn p1_and_the_partition_read_the_lines_as_the_cli_streams_them() {
    let mut s = session(2_000, true);
    let report = run(&mut s, "p1", json!({}), 150);
    let mut cli = P1Study::new();
    let all = urls(2_000);
    for url in &all {
        cli.push(url);
    }
    let mut expected = serde_json::to_value(cli.finish()).unwrap();
    expected["prefix"] = report["prefix"].clone();
    assert_eq!(report, expected);

    // The partition needs the Public Suffix List, which the native build has compiled in.
    let report = run(&mut s, "partition", json!({"nodes": 5}), 150);
    let mut cli = P2Study::with_nodes(5).unwrap().with_rehash();
    for (i, url) in all.iter().enumerate() {
        let _ = cli.push(i as u64 + 1, url);
    }
    let (p2, control) = cli.finish_with_control();
    let mut expected = serde_json::to_value(p2).unwrap();
    expected["control"] = serde_json::to_value(control).unwrap();
    expected["prefix"] = report["prefix"].clone();
    // Every path reading was re-hashed (on so few lines no site needs it), every policy matched.
    assert_eq!(report["control"]["rehash"].as_array().unwrap().len(), 3);
    assert_eq!(
        report["control"]["node_matching"].as_array().unwrap().len(),
        crate::papers::p2::study_policies().len()
    );
    assert_eq!(report["control"]["node_matching"][9]["policy"], "url:md5");
    assert_eq!(report, expected);
}

#[test]
fn a_combination_of_one_toggle_or_all_equals_the_studys_rows() {
    let mut s = session(4_000, false);
    let study = run(&mut s, "fp", json!({"maxLines": 1e6}), usize::MAX);
    for (i, t) in Toggle::ALL.iter().enumerate() {
        let combo = run(
            &mut s,
            "fpCombo",
            json!({"toggles": [t.id()], "maxLines": 1e6}),
            999,
        );
        let row = &study["canonical"]["toggles"][i];
        assert_eq!(combo["distinct_after"], row["distinct_after"], "{}", t.id());
        assert_eq!(combo["changed_lines"], row["changed_lines"], "{}", t.id());
        assert_eq!(combo["merged"], row["merged"], "{}", t.id());
    }
    let every: Vec<&str> = Toggle::ALL.iter().rev().map(|t| t.id()).collect();
    let combo = run(
        &mut s,
        "fpCombo",
        json!({"toggles": every, "maxLines": 1e6}),
        999,
    );
    // The page takes these rows for such a combination instead of counting it again.
    for field in ["distinct_after", "merged", "changed_lines"] {
        assert_eq!(combo[field], study["canonical"]["all"][field], "{field}");
    }
    // In the study's order, whatever order they were named in.
    let named: Vec<&str> = Toggle::ALL.iter().map(|t| t.id()).collect();
    assert_eq!(combo["toggles"], json!(named));
}

#[test]
fn a_cap_on_lines_is_reported() {
    let mut s = session(1_000, false);
    let r = run(&mut s, "fp", json!({"maxLines": 300}), 64);
    assert_eq!(
        r["prefix"],
        json!({"loaded": 1000, "lines": 300, "capped": true, "by_budget": false, "keep_budget": 64 << 20})
    );
    assert_eq!(r["canonical"]["lines"], 300);
}

#[test]
fn bad_parameters_are_coded_errors() {
    let mut s = session(100, false);
    let cases: [(&str, Value, &str); 16] = [
        ("nope", json!({}), "unknown-request"),
        ("sweep", json!({"fig": 4, "step": 10}), "p1-figure"),
        ("sweep", json!({"fig": 1, "step": 0}), "not-whole"),
        ("sweep", json!({"fig": 1, "step": 2.5}), "not-whole"),
        ("sweep", json!({"fig": 1}), "bad-params"),
        (
            "sweep",
            json!({"fig": 1, "step": 10, "extra": 1}),
            "bad-params",
        ),
        ("p1", json!({"nodes": 3}), "bad-params"),
        ("partition", json!({"nodes": 0}), "nodes-range"),
        (
            "rebalance",
            json!({"from": 7, "to": 0, "vnodes": 10}),
            "rebalance-nodes-range",
        ),
        (
            "rebalance",
            json!({"from": 1025, "to": 8, "vnodes": 10}),
            "rebalance-nodes-range",
        ),
        (
            "rebalance",
            json!({"from": 7, "to": 8, "vnodes": 0}),
            "vnodes-range",
        ),
        ("rebalance", json!({"from": 7, "to": 8}), "bad-params"),
        ("fp", json!({"maxLines": 0}), "not-whole"),
        (
            "fpCombo",
            json!({"toggles": ["nope"], "maxLines": 10}),
            "unknown-canonical",
        ),
        (
            "fpSites",
            json!({"table": "10.0.0.1 a.cn\n", "maxLines": 10}),
            "host-table-ip-host",
        ),
        (
            "fpSites",
            json!({"table": "a.cn\n", "maxLines": 10}),
            "host-table-fields",
        ),
    ];
    for (kind, params, code) in cases {
        let e = error(&mut s, kind, params.clone());
        assert_eq!(e.code, code, "{kind} {params}: {e}");
    }
    let mut empty = Session::new(1 << 20);
    empty.begin(&[HashId::ElfHash], Key::Url);
    empty.finish();
    assert_eq!(
        error(&mut empty, "fp", json!({"maxLines": 10})).code,
        "no-urls"
    );
}

#[test]
fn the_filters_split_once_and_report_in_slices_what_they_report_at_once() {
    let mut s = session(6_000, true);
    assert!(s.filter_keys().is_none());
    let bloom = json!({"k": 4, "methods": ["double", "md5-slices"], "ratios": [8, 16]});
    let cbf =
        json!({"ratio": 20, "k": 8, "bits": 4, "method": "md5-slices", "deleteFraction": 0.5});
    let sliced = run(&mut s, "bloom", bloom.clone(), 777);
    // The split is the file's distinct lines, the first half inserted; the session keeps it.
    let keys = s.filter_keys().expect("the split is kept");
    assert_eq!(keys.info().how, "distinct");
    assert_eq!(keys.inserted_len(), 3_000);
    assert_eq!(sliced["input"]["held_out"], 3_000);
    assert_eq!(sliced, run(&mut s, "bloom", bloom, usize::MAX));
    assert_eq!(sliced["rows"].as_array().unwrap().len(), 2);
    // The held-out keys are the false-positive trials.
    assert_eq!(sliced["rows"][0]["trials"], 3_000);
    let c = run(&mut s, "cbf", cbf.clone(), 500);
    assert_eq!(c, run(&mut s, "cbf", cbf, usize::MAX));
    assert_eq!(c["counters"]["n"], 3_000);
    let total: u64 = c["counters"]["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(
        total,
        c["counters"]["m"].as_u64().unwrap(),
        "every counter counted once"
    );
    // A corpus input from URL 0 inserts its first N and holds out the next N, generated again.
    let mut corpus = session(2_000, false);
    let r = run(
        &mut corpus,
        "bloom",
        json!({"k": 2, "methods": ["double"], "ratios": [10]}),
        999,
    );
    assert_eq!(
        (
            &r["input"]["how"],
            &r["input"]["inserted"],
            &r["input"]["held_out"]
        ),
        (&json!("corpus"), &json!(2_000), &json!(2_000))
    );
}

#[test]
fn bad_filter_parameters_are_coded_errors() {
    let mut s = session(100, false);
    let cases: [(&str, Value, &str); 8] = [
        (
            "bloom",
            json!({"k": 0, "methods": ["double"], "ratios": [8]}),
            "k-range",
        ),
        (
            "bloom",
            json!({"k": 4, "methods": ["double"], "ratios": [0]}),
            "ratio-range",
        ),
        (
            "bloom",
            json!({"k": 4, "methods": ["double"], "ratios": [8, 9]}),
            "methods-ratios",
        ),
        (
            "bloom",
            json!({"k": 4, "methods": ["triple"], "ratios": [8]}),
            "core",
        ),
        (
            "cbf",
            json!({"ratio": 8, "k": 4, "bits": 33, "method": "double", "deleteFraction": 0.5}),
            "counter-bits",
        ),
        (
            "cbf",
            json!({"ratio": 8, "k": 4, "bits": 4, "method": "double", "deleteFraction": 1.5}),
            "delete-share",
        ),
        (
            "cbf",
            json!({"ratio": 2000, "k": 4, "bits": 4, "method": "double", "deleteFraction": 0.5}),
            "ratio-range",
        ),
        (
            "cbf",
            json!({"ratio": 8, "k": 4, "bits": 4, "method": "double"}),
            "bad-params",
        ),
    ];
    for (kind, params, code) in cases {
        let e = error(&mut s, kind, params.clone());
        assert_eq!(e.code, code, "{kind} {params}: {e}");
    }
    // One distinct line cannot be split in two.
    let mut one = Session::new(1 << 20);
    one.begin(&[HashId::ElfHash], Key::Url);
    one.push_chunk(b"http://a.cn/\nhttp://a.cn/\n").unwrap();
    one.finish();
    let mut job = begin(
        "bloom",
        json!({"k": 2, "methods": ["double"], "ratios": [8]}),
        &mut one,
    )
    .unwrap();
    let e = job.run(&mut one, 100).unwrap_err();
    assert_eq!(e.code, "too-few-distinct");
}

#[test]
fn the_filter_bakeoff_reports_in_slices_what_it_reports_at_once() {
    let mut s = session(4_000, true);
    let params = json!({"bitsPerKey": [12], "fpr": [0.01], "methods": ["double"]});
    let sliced = run(&mut s, "filters", params.clone(), 3_000);
    assert_eq!(sliced, run(&mut s, "filters", params, usize::MAX));
    assert_eq!(sliced["input"]["inserted"], 2_000);
    // Per setting: Bloom (one method), counting, IMP-CB, cuckoo, xor8, binary fuse 8 and 16.
    let rows = sliced["filters"].as_array().unwrap();
    assert_eq!(rows.len(), 14);
    assert_eq!(rows[0]["setting"], "bits-per-key");
    assert_eq!(rows[7]["setting"], "fpr");
    for r in rows {
        assert_eq!(r["held_out"], 2_000, "{r}");
        assert_eq!(r["false_negatives"], 0, "{r}");
        assert_eq!(
            r["build_ns_per_key"],
            Value::Null,
            "the engine times nothing"
        );
    }
    // The Bloom study then reuses the split.
    assert!(s.filter_keys().is_some());
}

#[test]
fn bad_bakeoff_parameters_are_coded_errors() {
    let mut s = session(100, false);
    let cases: [(Value, &str); 6] = [
        (json!({}), "filters-no-setting"),
        (json!({"bitsPerKey": [0.5]}), "bits-per-key-range"),
        (json!({"bitsPerKey": [65]}), "bits-per-key-range"),
        (json!({"fpr": [0]}), "target-fpr-range"),
        (json!({"fpr": [0.01], "methods": ["triple"]}), "core"),
        (json!({"fpr": [0.01], "k": 3}), "bad-params"),
    ];
    for (params, code) in cases {
        let e = error(&mut s, "filters", params.clone());
        assert_eq!(e.code, code, "{params}: {e}");
    }
}

#[test]
fn the_trie_study_reports_in_slices_what_it_reports_at_once_and_keeps_its_urls() {
    let mut s = session(3_000, true);
    let params = json!({"maxLines": 2_500, "step": 1_000});
    let sliced = run(&mut s, "trie", params.clone(), 333);
    assert_eq!(sliced, run(&mut s, "trie", params.clone(), usize::MAX));
    assert_eq!(
        (&sliced["lines"], &sliced["capped"]),
        (&json!(2_500), &json!(true))
    );
    // The distinct URLs read stay for the timings; a new study forgets them until it ends.
    assert_eq!(
        s.trie_urls().map(|u| u.len() as u64),
        sliced["distinct"].as_u64()
    );
    // The same URLs, in the same order, as the page's second worker gets them before the study.
    let early = super::trie_urls(&s, 2_500.0).unwrap();
    assert_eq!(Some(early.to_bytes()), s.trie_urls().map(|u| u.to_bytes()));
    assert_eq!(super::trie_urls(&s, 0.0).unwrap_err().code, "not-whole");
    let job = begin("trie", params, &mut s).unwrap();
    assert!(s.trie_urls().is_none());
    drop(job);
    assert_eq!(
        error(&mut s, "trie", json!({"maxLines": 0, "step": 0})).code,
        "not-whole"
    );
    assert_eq!(
        error(&mut s, "trie", json!({"maxLines": 10, "step": -1})).code,
        "not-whole"
    );
}

/// What a job tells so far, as JSON (it must tell).
fn told(job: &Job) -> Value {
    serde_json::to_value(job.partial().expect("the study tells")).unwrap()
}

/// A job's report, as JSON.
fn finished(job: Job, s: &mut Session) -> Value {
    serde_json::to_value(job.finish(s).unwrap().report).unwrap()
}

#[test]
fn the_trie_study_tells_its_growth_so_far_and_the_report_begins_with_it() {
    let mut s = session(3_000, true);
    let params = json!({"maxLines": 2_500, "step": 500});
    let mut job = begin("trie", params.clone(), &mut s).unwrap();
    let before = serde_json::to_value(job.partial().expect("the trie study tells")).unwrap();
    assert_eq!(before["checkpoints"], json!([]));
    assert_eq!(before["lines"], json!(0));
    job.run(&mut s, 1_200).unwrap();
    let so_far = told(&job);
    assert_eq!(so_far["lines"], json!(1_200));
    let passed = so_far["checkpoints"].as_array().unwrap().clone();
    assert_eq!(
        passed
            .iter()
            .map(|c| c["lines"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [500, 1_000]
    );
    let report = finished(job, &mut s);
    let study = &report["study"];
    assert_eq!(&study["checkpoints"].as_array().unwrap()[..2], &passed[..]);
    assert_eq!(study["structures"], so_far["structures"]);
    assert_eq!(study["claims"], so_far["claims"]);
    // A study over lines that does not tell (P1's sweep).
    let sweep = begin("sweep", json!({"fig": 1, "step": 100}), &mut s).unwrap();
    assert!(sweep.partial().is_none());
}

#[test]
fn the_partition_tells_its_nodes_so_far_and_ends_on_its_report() {
    let mut s = session(3_000, false);
    let mut job = begin("partition", json!({"nodes": 5}), &mut s).unwrap();
    job.run(&mut s, 1_000).unwrap();
    let so_far = serde_json::to_value(job.partial().expect("the partition tells")).unwrap();
    assert_eq!(
        (so_far["lines"].as_u64(), so_far["nodes"].as_u64()),
        (Some(1_000), Some(5))
    );
    let urls = |v: &Value| -> u64 {
        v["node_urls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum()
    };
    let policies = so_far["policies"].as_array().unwrap().clone();
    assert!(policies.iter().all(|p| urls(p) > 0 && urls(p) <= 1_000));
    // Every line read: the counts so far are the report's.
    job.run(&mut s, usize::MAX).unwrap();
    let last = told(&job);
    let report = finished(job, &mut s);
    let reported = report["simulation"]["policies"].as_array().unwrap();
    assert_eq!(reported.len(), policies.len());
    for (p, r) in last["policies"].as_array().unwrap().iter().zip(reported) {
        assert_eq!(p["policy"], r["policy"]);
        assert_eq!(p["node_urls"], r["node_urls"]);
        assert_eq!(p["node_links"], r["node_links"]);
    }
}

#[test]
fn the_bloom_study_tells_its_rows_so_far_in_the_order_asked() {
    let mut s = session(4_000, false);
    let params = json!({"k": 6, "methods": ["md5-slices", "independent", "double", "enhanced-double"], "ratios": [4, 32, 8, 2]});
    let mut job = begin("bloom", params.clone(), &mut s).unwrap();
    let before = told(&job);
    assert_eq!(
        (before["rows"].clone(), before["input"].clone()),
        (json!([]), Value::Null)
    );
    let mut seen = 0;
    while job.run(&mut s, 2_500).unwrap() < 1.0 {
        let p = told(&job);
        let n = p["rows"].as_array().unwrap().len();
        assert!(n >= seen, "rows are only added");
        seen = n;
    }
    let last = told(&job);
    let report = finished(job, &mut s);
    assert_eq!(last["rows"], report["rows"]);
    assert_eq!(last["input"], report["input"]);
    // Each row is the filter built key by key (the keys prepared once give the same bits).
    let keys = s.filter_keys().unwrap();
    let (n, total) = (keys.inserted, keys.keys.len());
    for (i, (method, ratio)) in [
        ("md5-slices", 4.0),
        ("independent", 32.0),
        ("double", 8.0),
        ("enhanced-double", 2.0),
    ]
    .into_iter()
    .enumerate()
    {
        let m = crate::mechanisms::bloom::m_for(n as u64, ratio).unwrap();
        let method = crate::mechanisms::bloom::IndexMethod::parse(method).unwrap();
        let mut b = crate::mechanisms::bloom::Bloom::new(m, 6, method).unwrap();
        for key in keys.keys.iter(0, n) {
            b.insert(key);
        }
        let fp = keys.keys.iter(n, total).filter(|k| b.contains(k)).count() as u64;
        assert_eq!(
            report["rows"][i]["false_positives"].as_u64(),
            Some(fp),
            "{method:?} at {ratio}"
        );
        assert_eq!(report["rows"][i]["m"].as_u64(), Some(m));
    }
}

#[test]
fn the_counting_filter_tells_its_counters_as_the_keys_go_in_then_before_the_deletions() {
    let mut s = session(3_000, false);
    let params =
        json!({"ratio": 8, "k": 4, "bits": 4, "method": "md5-slices", "deleteFraction": 0.5});
    let mut job = begin("cbf", params, &mut s).unwrap();
    assert!(
        job.partial().is_none(),
        "nothing to tell before the counters"
    );
    let mut tells: Vec<Value> = Vec::new();
    while job.run(&mut s, 400).unwrap() < 1.0 {
        if let Some(p) = job.partial() {
            let p = serde_json::to_value(p).unwrap();
            if tells.last() != Some(&p) {
                tells.push(p);
            }
        }
    }
    let report = finished(job, &mut s);
    let last = tells.last().expect("the counters are told before the end");
    assert_eq!(last["counters"], report["counters"]);
    assert_eq!(last["input"], report["input"]);
    assert_eq!(last["m_over_n"], report["m_over_n"]);
    // Before it: the counters with the keys in so far, each the filter of the first n keys.
    let inserted = report["input"]["inserted"].as_u64().unwrap();
    assert!(
        tells.len() >= 2,
        "a picture while the keys go in: {}",
        tells.len()
    );
    let keys = s.filter_keys().unwrap();
    let mut seen = 0;
    for t in &tells[..tells.len() - 1] {
        let c = &t["counters"];
        let n = c["n"].as_u64().unwrap();
        assert!(seen < n && n < inserted, "{seen} < {n} < {inserted}");
        seen = n;
        let (m, method) = (
            c["m"].as_u64().unwrap(),
            crate::mechanisms::bloom::IndexMethod::Md5Slices,
        );
        let mut f = crate::mechanisms::cbf::CountingBloom::new(m, 4, 4, method).unwrap();
        for key in keys.keys.iter(0, n as usize) {
            f.insert(key);
        }
        let counts = f.counters().histogram();
        let told: Vec<u64> = serde_json::from_value(c["counts"].clone()).unwrap();
        assert_eq!(
            told[..],
            counts[..told.len()],
            "the counters of the first {n} keys"
        );
        assert!(counts[told.len()..].iter().all(|&x| x == 0));
    }
}

#[test]
fn the_fingerprint_study_tells_its_distinct_ids_so_far() {
    let mut s = session(3_000, true);
    let mut job = begin("fp", json!({"maxLines": 2_000}), &mut s).unwrap();
    job.run(&mut s, 700).unwrap();
    let p = told(&job);
    assert_eq!(p["lines"], json!(700));
    let early = p["distinct_md5"].as_u64().unwrap();
    assert!(early > 0 && early <= 700);
    job.run(&mut s, usize::MAX).unwrap();
    let p = told(&job);
    let report = finished(job, &mut s);
    assert_eq!(p["lines"], report["p3"]["input"]["lines"]);
    assert_eq!(p["distinct_md5"], report["p3"]["input"]["distinct_md5"]);
}

#[test]
fn a_partials_mark_changes_whenever_what_it_shows_does() {
    let mut s = session(4_000, true);
    for (kind, params) in [
        ("trie", json!({"maxLines": 3_000, "step": 500})),
        (
            "bloom",
            json!({"k": 4, "methods": ["md5-slices", "double"], "ratios": [8, 2]}),
        ),
        (
            "cbf",
            json!({"ratio": 8, "k": 4, "bits": 4, "method": "md5-slices", "deleteFraction": 0.5}),
        ),
        ("partition", json!({"nodes": 5})),
        ("fp", json!({"maxLines": 3_000})),
    ] {
        let mut job = begin(kind, params, &mut s).unwrap();
        // What the page draws: the partial but the lines read (the trie's chart is redrawn per
        // checkpoint, not per line).
        let shown = |job: &Job| {
            job.partial().map(|p| {
                let mut v = serde_json::to_value(&p).unwrap();
                if kind == "trie" {
                    v.as_object_mut().unwrap().remove("lines");
                }
                (p.mark(), v)
            })
        };
        let (mut last, mut marks) = (shown(&job), 0);
        while job.run(&mut s, 300).unwrap() < 1.0 {
            let now = shown(&job);
            if let (Some((m0, v0)), Some((m1, v1))) = (&last, &now) {
                assert_eq!(m0 == m1, v0 == v1, "{kind}: mark {m0} → {m1}");
            }
            let mark = |x: &Option<(u64, Value)>| x.as_ref().map(|(m, _)| *m);
            marks += (now.is_some() && mark(&now) != mark(&last)) as u32;
            last = now.or(last);
        }
        assert!(marks > 0, "{kind}: the mark never moved");
        job.finish(&mut s).unwrap();
    }
}
