//! The trie view (P4): its trace of Fig. 1 and its study against the native builder.

use super::helpers::*;
use serde_json::Value;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn trie_trace_draws_p4_fig_1_and_equals_the_native_list() {
    use urlhashlab::mechanisms::trie::GlTrie;
    let r = json(Lab::trie_trace("sina.com\r\n\n  sohu.com  \n", "", false));
    let nodes = r["nodes"].as_array().unwrap();
    // The hand-checked 29 nodes: 15 chars and 14 level roots (the tree's own root included).
    assert_eq!(nodes.len(), 29);
    assert_eq!(nodes.iter().filter(|n| n["is_root"] == true).count(), 14);
    assert_eq!(nodes.iter().filter(|n| n["is_root"] == false).count(), 15);
    assert_eq!(r["stats"]["nodes"], 29);
    assert_eq!(r["stats"]["total_points"], 28);
    assert_eq!(r["fixed"], false);
    let ops = r["ops"].as_array().unwrap();
    assert_eq!(ops.len(), 2);
    assert_eq!(ops[1]["url"], "sohu.com", "lines are trimmed");
    assert_eq!(ops[0]["verdict"], "new");
    assert_eq!(ops[1]["verdict"], "new");
    // sina.com: 1 + 7 × 2 steps and the verdict; sohu.com: match, descend, walk, create, 6 × 2, verdict.
    assert_eq!(ops[0]["steps"].as_array().unwrap().len(), 16);
    assert_eq!(ops[1]["steps"].as_array().unwrap().len(), 17);
    assert_eq!(ops[1]["steps"][2]["action"], "walk");
    assert_eq!(ops[1]["steps"][2]["ch"], "o");
    // Exactly the core's steps and nodes.
    let mut gl = GlTrie::new();
    let a = gl.insert_traced(b"sina.com");
    let b = gl.insert_traced(b"sohu.com");
    assert_eq!(ops[0]["steps"], as_json(&a));
    assert_eq!(ops[1]["steps"], as_json(&b));
    assert_eq!(r["nodes"], as_json(&gl.nodes_for_drawing(10_000)));
    assert_eq!(r["stats"], as_json(&gl.stats()));

    // P4's prefix flaw: a prefix of a stored URL is "seen" as printed, missing with end marks.
    let printed = json(Lab::trie_trace("http://a.cn/ab", "http://a.cn/a", false));
    let fixed = json(Lab::trie_trace("http://a.cn/ab", "http://a.cn/a", true));
    assert_eq!(printed["ops"][1]["kind"], "lookup");
    assert_eq!(printed["ops"][1]["verdict"], "seen");
    assert_eq!(fixed["ops"][1]["verdict"], "unmarked");
    assert_eq!(fixed["fixed"], true);
    let mut gl = GlTrie::with_end_marks();
    gl.insert(b"http://a.cn/ab");
    assert_eq!(
        fixed["ops"][1]["steps"],
        as_json(&gl.contains_traced(b"http://a.cn/a"))
    );
    let marked: Vec<&Value> = fixed["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["end"] == true)
        .collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0]["ch"], "b");
    // Inserting it next: never stored as printed, new with the fix.
    let then = json(Lab::trie_trace("http://a.cn/ab\nhttp://a.cn/a", "", false));
    assert_eq!(then["ops"][1]["verdict"], "seen");
    let then = json(Lab::trie_trace("http://a.cn/ab\nhttp://a.cn/a", "", true));
    assert_eq!(then["ops"][1]["verdict"], "new");
    // Non-ASCII: one node per UTF-16 unit, as Java's chars.
    let zh = json(Lab::trie_trace("网址", "网", true));
    assert_eq!(zh["stats"]["char_nodes"], 2);
    assert_eq!(zh["ops"][1]["verdict"], "unmarked");

    // Bad lists are JsErrors.
    assert_err(Lab::trie_trace("", "", false), "at least one URL");
    assert_err(Lab::trie_trace(" \n\r\n ", "x", true), "at least one URL");
    let many: Vec<String> = (0..25).map(|i| format!("http://a{i}.cn/")).collect();
    assert_err(
        Lab::trie_trace(&many.join("\n"), "", false),
        "at most 24 URLs",
    );
    assert_err(
        Lab::trie_trace("a", &"x".repeat(401), false),
        "at most 400 bytes",
    );
    let long: Vec<String> = (0..20)
        .map(|i| format!("{i}{}", "abcdefghij".repeat(6)))
        .collect();
    assert_err(
        Lab::trie_trace(&long.join("\n"), "", false),
        "more than 1000 nodes",
    );
}

#[wasm_bindgen_test]
fn the_trie_study_equals_the_native_builder_and_its_structures_can_be_timed() {
    use urlhashlab::mechanisms::trie::Structure;
    use urlhashlab::papers::p4::TrieStudyBuilder;
    let mut lab = corpus_lab(3_000, "hf", BIG);
    // The first 2 000 lines, checkpoints every 500, in slices of 333 lines.
    let (r, slices) = ok(trie(&mut lab, 2_000.0, 500.0, 333));
    assert!(slices >= 6);
    let mut native = TrieStudyBuilder::new(500, &Structure::ALL);
    let corpus = Corpus::new(2004);
    let mut urls = corpus.iter(0, 2_000);
    while let Some(u) = urls.next_url() {
        native.push(u);
    }
    assert_eq!(r["study"], as_json(&native.finish()));
    assert_eq!(
        (&r["loaded"], &r["lines"], &r["capped"], &r["distinct"]),
        (
            &Value::from(3_000),
            &Value::from(2_000),
            &Value::from(true),
            &Value::from(2_000)
        )
    );
    // Each structure built from the distinct URLs finds all of them, timed with the browser's
    // clock by the core's timing (repeats for at least TIMED_MIN_MS, or 2 million URLs handled).
    for s in Structure::ALL {
        let t = json(lab.trie_time(s.id(), 1_000_000, false));
        assert_eq!(
            (&t["stored"], &t["found"]),
            (&Value::from(2_000), &Value::from(2_000)),
            "{}",
            s.id()
        );
        assert_eq!(t["structure"], s.id());
        assert!(t["insert_us_per_url"].as_f64().unwrap() >= 0.0, "{t}");
        assert!(t["lookup_us_per_url"].as_f64().unwrap() > 0.0, "{t}");
        assert!(
            (1..=1_000).contains(&t["lookup_repeats"].as_u64().unwrap()),
            "{t}"
        );
    }
    let t = json(lab.trie_time("fst", 16, false));
    assert_eq!(
        (&t["urls"], &t["found"]),
        (&Value::from(16), &Value::from(16))
    );
    // P4's Table 1 setting: the lookups timed, the build not (no build fields at all).
    let t = json(lab.trie_time("gl-trie", 16, true));
    assert_eq!(
        (&t["urls"], &t["found"], &t["structure"]),
        (&Value::from(16), &Value::from(16), &Value::from("gl-trie"))
    );
    assert!(t["lookup_us_per_url"].as_f64().unwrap() > 0.0, "{t}");
    assert!(
        t.get("insert_us_per_url").is_none() && t.get("build_repeats").is_none(),
        "{t}"
    );
    // The same URLs, before any study, for a timing worker: another Lab times the structures
    // on them as this one does, and finds the same counts.
    let urls = ok(lab.trie_urls(2_000.0));
    let mut helper = Lab::new(BIG);
    assert_err(
        helper.trie_time("gl-trie", 10, false),
        "finish a trie study first",
    );
    assert_eq!(ok(helper.set_trie_urls(&urls)), 2_000);
    for s in Structure::ALL {
        let (here, there) = (
            json(lab.trie_time(s.id(), 1_000_000, false)),
            json(helper.trie_time(s.id(), 1_000_000, false)),
        );
        for field in ["structure", "urls", "stored", "found"] {
            assert_eq!(here[field], there[field], "{} {field}", s.id());
        }
    }
    assert_eq!(Lab::p4_time_urls(), 16_000.0);
    assert_err(
        helper.set_trie_urls(&urls[..urls.len() - 1]),
        "bad-trie-urls",
    );
    assert_err(Lab::new(BIG).trie_urls(10.0), "no-urls");
    // Bad arguments are JsErrors.
    assert_err(
        lab.trie_time("radix", 10, false),
        "unknown structure 'radix'",
    );
    assert_err(lab.trie_time("fst", 0, true), "at least 1 URL");
    for bad in [0.0, -1.0, 2.5, f64::NAN, f64::INFINITY] {
        assert_err(
            trie(&mut lab, bad, 10.0, u32::MAX),
            r#"{"code":"not-whole","args":["trie-lines""#,
        );
    }
    assert_err(
        trie(&mut lab, 10.0, -1.0, u32::MAX),
        r#"["checkpoint-step","0","-1"]"#,
    );
    // A new study forgets the last one's URLs.
    let id = ok(lab.job_begin(
        "trie",
        to_params(&TrieArgs {
            max_lines: 10.0,
            step: 0.0,
        }),
    ));
    assert_err(lab.trie_time("fst", 1, false), "finish a trie study first");
    lab.job_drop(id);
    // Nothing loaded, or the lines dropped: a clear message.
    let mut empty = Lab::new(BIG);
    json(empty.finish());
    assert_err(trie(&mut empty, 10.0, 0.0, u32::MAX), "no URLs are loaded");
    let (mut dropped, _) = loaded(&[LIST], "hf", "url", 8.0);
    assert_err(trie(&mut dropped, 10.0, 0.0, u32::MAX), "could be kept");
    assert_err(
        bloom(&mut dropped, 8, "double", vec![16.0], u32::MAX),
        "could be kept",
    );
    assert_err(cbf(&mut dropped, P5_CBF, u32::MAX), "could be kept");
}

#[wasm_bindgen_test]
fn the_trie_job_tells_its_growth_so_far_as_the_page_draws_it() {
    let mut lab = corpus_lab(3_000, "hf", BIG);
    let id = ok(lab.job_begin(
        "trie",
        to_params(&TrieArgs {
            max_lines: 2_000.0,
            step: 500.0,
        }),
    ));
    assert_eq!(ok(lab.job_partial_mark(id)), 0.0, "no checkpoint yet");
    let none = json(lab.job_partial(id));
    assert_eq!(
        (&none["lines"], &none["checkpoints"]),
        (&Value::from(0), &Value::Array(vec![]))
    );
    ok(lab.job_run(id, 1_100));
    // The mark: the checkpoints passed, so the worker converts the growth only when it grew.
    assert_eq!(ok(lab.job_partial_mark(id)), 2.0);
    let so_far = json(lab.job_partial(id));
    assert_eq!(so_far["lines"], Value::from(1_100));
    let passed = so_far["checkpoints"].as_array().expect("a list").clone();
    assert_eq!(passed.len(), 2, "500 and 1 000 lines");
    let report = json(lab.job_finish(id));
    let study = &report["study"];
    assert_eq!(study["checkpoints"].as_array().unwrap()[..2], passed[..]);
    assert_eq!(
        (&study["structures"], &study["claims"]),
        (&so_far["structures"], &so_far["claims"])
    );
    // A finished job is gone; a sweep tells nothing.
    assert_err(lab.job_partial(id), "no such job");
    assert_err(lab.job_partial_mark(id), "no such job");
    let sweep = ok(lab.job_begin(
        "sweep",
        to_params(&serde_json::json!({"fig": 1, "step": 100})),
    ));
    assert_eq!(json(lab.job_partial(sweep)), Value::Null);
    assert_eq!(ok(lab.job_partial_mark(sweep)), -1.0);
}
