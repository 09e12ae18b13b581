//! Loading input into a `Lab`: awkward chunks, unsplittable hosts, the budget, bad input as a
//! JS error, the corpus, parts appended across labs, and the views over the budget.

use super::helpers::*;
use serde_json::Value;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::hash::{HashId, REGISTRY};
use urlhashlab::foundation::key::Key;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn awkward_chunks_give_the_same_report_and_lines_as_one_chunk() {
    let lines = list_lines();
    assert_eq!(lines.len(), 7);
    let (whole, whole_report) = loaded(&[LIST], "elfhash,hfip,hf", "url", BIG);
    let chunks = awkward_chunks();
    assert!(chunks.iter().any(|c| c.is_empty()) || chunks.len() > 8);
    let (split, split_report) = loaded(&chunks, "elfhash,hfip,hf", "url", BIG);
    assert_eq!(whole_report, split_report);
    // One byte at a time, too.
    let bytes: Vec<&[u8]> = LIST.chunks(1).collect();
    let (_, byte_report) = loaded(&bytes, "elfhash,hfip,hf", "url", BIG);
    assert_eq!(whole_report, byte_report);

    let r = &split_report;
    assert_eq!(r["urls"], 7);
    assert_eq!(r["lines"], 9);
    assert_eq!(r["blank"], 2);
    assert_eq!(r["crlf"], 4);
    assert_eq!(r["bom"], true);
    assert_eq!(r["bytes"], LIST.len());
    assert_eq!(r["urls_kept"], true);
    // Three 32-bit caches of 7 values.
    assert_eq!(r["cache_bytes"], 3 * 4 * 7);
    assert_eq!(r["invalid_utf8"]["count"], 0);
    assert_eq!(r["too_long"]["count"], 0);

    assert_eq!(whole.len(), 7);
    assert_eq!(split.len(), 7);
    assert!(!split.is_empty());
    let shown: Vec<String> = serde_wasm_bindgen::from_value(ok(split.lines(0, 100))).unwrap();
    let want: Vec<String> = lines
        .iter()
        .map(|l| String::from_utf8(l.clone()).unwrap())
        .collect();
    assert_eq!(shown, want);
    assert_eq!(shown[0], "http://www.pku.edu.cn/", "BOM and CRLF removed");
    assert_eq!(
        shown[2], "www.sina.com.cn/news/index.html",
        "spaces trimmed"
    );
    assert_eq!(shown[6], "http://www.baidu.com/s?wd=url", "last line kept");
    let window: Vec<String> = serde_wasm_bindgen::from_value(ok(split.lines(5, 10))).unwrap();
    assert_eq!(window, want[5..].to_vec());
    let past: Vec<String> = serde_wasm_bindgen::from_value(ok(split.lines(100, u32::MAX))).unwrap();
    assert!(past.is_empty());

    // finish() is idempotent and report() says the same.
    let mut split = split;
    assert_eq!(json(split.finish()), split_report);
    assert_eq!(json(split.report()), split_report);
}

#[wasm_bindgen_test]
fn unsplittable_hosts_are_counted_with_their_line_numbers() {
    let (lab, report) = loaded(&awkward_chunks(), "hfip", "host", BIG);
    // `http://[bad/` is input line 5.
    assert_eq!(report["unsplittable_host"]["count"], 1);
    assert_eq!(
        report["unsplittable_host"]["first_lines"],
        serde_json::json!([5])
    );
    drop(lab);
}

#[wasm_bindgen_test]
fn a_tiny_budget_drops_the_lines_and_a_new_function_is_a_clear_error() {
    let (mut lab, report) = loaded(&awkward_chunks(), "elfhash,hfip,hf", "url", 10.0);
    assert_eq!(report["urls_kept"], false);
    assert_eq!(report["urls"], 7);
    // What was selected still works.
    let hist = ok(lab.histogram("hfip", "url", 12.0));
    assert_eq!(hist.iter().sum::<u32>(), 7);
    assert_eq!(
        hist,
        native_histogram(HashId::HfIp, Key::Url, 12, &list_lines())
    );
    // What was not selected cannot be computed now, and says why and what to do.
    let msg = assert_err(lab.histogram("md5", "url", 12.0), "too large to keep");
    assert!(msg.contains("md5") && msg.contains("reload"), "{msg}");
    assert_err(
        measures(&mut lab, "elfhash", "host", 12.0),
        "too large to keep",
    );
    assert_err(lab.lines(0, 5), "too large to keep");
    assert_err(p1_report(&mut lab), "could be kept");
    // The sweep needs only the three cached functions.
    let points = ok(sweep(&mut lab, 2, 3.0));
    assert!(!points.as_array().unwrap().is_empty());
    // A zero, negative or NaN budget keeps nothing either.
    for budget in [0.0, -5.0, f64::NAN] {
        let (_, r) = loaded(&[LIST], "hf", "url", budget);
        assert_eq!(r["urls_kept"], false, "budget {budget}");
    }
}

#[wasm_bindgen_test]
fn bad_input_is_a_js_error_never_a_panic() {
    let (mut lab, report) = loaded(&awkward_chunks(), "elfhash", "url", BIG);
    // Unknown function and key.
    let msg = assert_err(
        lab.histogram("elf", "url", 12.0),
        "unknown hash function 'elf'",
    );
    assert!(
        msg.contains("hfip") && msg.contains("md5"),
        "lists the known ids: {msg}"
    );
    assert_err(measures(&mut lab, "", "url", 12.0), "unknown hash function");
    assert_err(lab.histogram("hf", "domain", 12.0), "unknown key 'domain'");
    assert_err(bucket_sizes(&mut lab, "hf", "domain", 12.0), "unknown key");
    // M out of range or not whole.
    for m in [
        0.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        4_294_967_296.0,
        1e300,
        12.5,
    ] {
        assert_err(lab.histogram("hf", "url", m), "number of slots");
        assert_err(measures(&mut lab, "hf", "url", m), "number of slots");
        assert_err(bucket_sizes(&mut lab, "hf", "url", m), "number of slots");
    }
    // A per-slot histogram above 2^27 slots is refused, not allocated.
    assert_err(
        lab.histogram("hf", "url", (1u64 << 27) as f64 + 1.0),
        "2^27",
    );
    assert_err(measures(&mut lab, "hf", "url", 4_294_967_295.0), "2^27");
    assert_err(lab.view("hf", "url", 4_294_967_295.0, true), "2^27");
    // Sweep arguments.
    assert_err(sweep(&mut lab, 4, 10.0), "figures 1, 2 and 3");
    assert_err(sweep(&mut lab, 0, 10.0), "figures 1, 2 and 3");
    // NaN and infinities reach the core as numbers, which refuses them as it refuses 2.5.
    for step in [0.0, -3.0, 2.5, f64::NAN, f64::INFINITY] {
        assert_err(sweep(&mut lab, 2, step), "step");
    }
    // Feeding a finished input.
    assert_err(lab.push_chunk(b"http://late.cn/\n"), "finished");
    assert_err(lab.push_corpus(0.0, 10, 2004), "finished");
    // Errors change nothing.
    assert_eq!(json(lab.report()), report);
    assert_eq!(lab.len(), 7);
    // begin() with a bad function or key is refused before anything is forgotten.
    assert_err(
        lab.begin("elfhash,nope", "url"),
        "unknown hash function 'nope'",
    );
    assert_err(lab.begin("elfhash", "domain"), "unknown key 'domain'");
    assert_eq!(lab.len(), 7);
    assert_eq!(json(lab.report()), report);
    // Bad corpus ranges.
    let mut fresh = Lab::new(BIG);
    ok(fresh.begin("hf", "url"));
    for start in [-1.0, 0.5, f64::NAN, f64::INFINITY] {
        assert_err(fresh.push_corpus(start, 10, 2004), "corpus start");
    }
    // begin() again starts over and accepts input.
    ok(lab.begin("hf", "host"));
    assert!(lab.is_empty());
    ok(lab.push_chunk(b"http://a.cn/x\n"));
    assert_eq!(json(lab.finish())["urls"], 1);
}

#[wasm_bindgen_test]
fn empty_input_and_odd_corpus_ranges_do_not_panic() {
    let mut lab = Lab::new(BIG);
    let r = json(lab.finish());
    assert_eq!(r["urls"], 0);
    assert_eq!(lab.len(), 0);
    let h = ok(lab.histogram("hf", "url", 12.0));
    assert_eq!(h, vec![0; 12]);
    let m = json(measures(&mut lab, "hfip", "host", 5.0));
    assert_eq!(m["n"], 0);
    json(bucket_sizes(&mut lab, "md5", "path", 5.0));
    for fig in 1..=3 {
        assert_eq!(ok(sweep(&mut lab, fig, 10.0)), serde_json::json!([]));
    }
    let p1 = ok(p1_report(&mut lab));
    assert_eq!(p1["n"], 0);
    // Only blanks and a BOM.
    let (_, r) = loaded(&[b"\xEF\xBB", b"\xBF\r\n\n   \n"], "hf", "url", BIG);
    assert_eq!(r["urls"], 0);
    assert_eq!(r["blank"], 3);
    assert_eq!(r["bom"], true);
    // A count of zero, then far corpus ranges.
    let mut lab = Lab::new(BIG);
    ok(lab.begin("hf,md5", "url"));
    ok(lab.push_corpus(0.0, 0, 1));
    ok(lab.push_corpus(1e15, 2, 1));
    ok(lab.push_corpus(9_007_199_254_740_000.0, 2, 1));
    assert_eq!(lab.len(), 4);
    json(lab.finish());
    assert_eq!(ok(lab.histogram("hf", "url", 3.0)).iter().sum::<u32>(), 4);
}

#[wasm_bindgen_test]
fn a_corpus_range_past_2_pow_64_is_refused_or_empty_never_a_panic() {
    for start in [1e19, 1.8e19, 1.8446744073709552e19, 1e300] {
        let mut lab = Lab::new(BIG);
        ok(lab.begin("hf", "url"));
        // Either an error or nothing loaded; what matters is no panic (overflow) in here.
        if lab.push_corpus(start, 2, 1).is_ok() {
            json(lab.finish());
            let _ = lab.lines(0, 10);
            let _ = lab.histogram("md5", "url", 7.0);
            assert!(lab.len() <= 2);
        }
    }
}

#[wasm_bindgen_test]
fn push_corpus_equals_the_native_corpus() {
    let mut lab = Lab::new(BIG);
    ok(lab.begin("hfip", "url"));
    // In pieces, with a different seed: URLs 100..160 of seed 7.
    ok(lab.push_corpus(100.0, 25, 7));
    ok(lab.push_corpus(125.0, 35, 7));
    let r = json(lab.finish());
    assert_eq!(r["urls"], 60);
    assert_eq!(r["urls_kept"], true);
    let got: Vec<String> = serde_wasm_bindgen::from_value(ok(lab.lines(0, 1000))).unwrap();
    let want: Vec<String> = Corpus::new(7)
        .iter(100, 60)
        .map(|u| String::from_utf8(u).unwrap())
        .collect();
    assert_eq!(got, want);

    let n = 2_000u32;
    let lab = corpus_lab(n, "", BIG);
    let got: Vec<String> = serde_wasm_bindgen::from_value(ok(lab.lines(0, n))).unwrap();
    let want: Vec<String> = Corpus::new(2004)
        .iter(0, n as u64)
        .map(|u| String::from_utf8(u).unwrap())
        .collect();
    assert_eq!(got, want);
    // The same URLs as a pasted file give the same histogram.
    let mut text = want.join("\n").into_bytes();
    text.push(b'\n');
    let chunks: Vec<&[u8]> = text.chunks(4093).collect();
    let (mut from_file, _) = loaded(&chunks, "hf,md5", "url", BIG);
    let mut lab = lab;
    for f in ["hf", "md5", "crc32"] {
        assert_eq!(
            ok(lab.histogram(f, "url", 1009.0)),
            ok(from_file.histogram(f, "url", 1009.0)),
            "{f}"
        );
    }
}

#[wasm_bindgen_test]
fn the_registry_is_json() {
    let v: Value = json(Lab::functions());
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), REGISTRY.len());
    assert_eq!(list[0]["id"], "elfhash");
    assert!(list
        .iter()
        .any(|f| f["id"] == "md5" && f["bits"] == 128 && f["paper"] == "P3"));
}

#[wasm_bindgen_test]
fn over_the_budget_the_first_lines_are_kept_and_the_views_measure_them_and_say_so() {
    use urlhashlab::mechanisms::trie::Structure;
    use urlhashlab::papers::p2::P2Study;
    use urlhashlab::papers::p4::TrieStudyBuilder;
    // 2 000 corpus URLs from a file, a budget that keeps about the first 500 of them.
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 2_000).collect();
    let text = corpus_text(&urls);
    let budget: usize = urls[..500].iter().map(|u| u.len()).sum();
    let chunks: Vec<&[u8]> = text.chunks(10_000).collect();
    let (mut lab, report) = loaded(&chunks, "elfhash,hfip,hf", "url", budget as f64);
    assert_eq!(report["urls"], 2_000);
    assert_eq!(report["urls_kept"], false);
    assert_eq!(report["lines_kept"], 500);
    assert_eq!(report["keep_budget"], budget);
    // The kept lines read back; past them, a clear error.
    let first: Vec<String> = serde_json::from_value(json(lab.lines(498, 5))).unwrap();
    assert_eq!(first.len(), 2);
    assert_eq!(first[1].as_bytes(), &urls[499][..]);
    assert_err(lab.lines(500, 1), "past the 500 URL lines the page kept");
    // The histograms still count all 2 000.
    assert_eq!(
        ok(lab.histogram("hf", "url", 12.0)),
        native_histogram(HashId::Hf, Key::Url, 12, &urls)
    );

    // P2's simulation runs on the 500 and says so; it equals the native one on those lines.
    with_suffix_rules();
    let r = ok(study(
        &mut lab,
        "partition",
        serde_json::json!({"nodes": 5}),
    ));
    let prefix = &r["prefix"];
    assert_eq!(
        (
            &prefix["loaded"],
            &prefix["lines"],
            &prefix["capped"],
            &prefix["by_budget"]
        ),
        (
            &Value::from(2_000),
            &Value::from(500),
            &Value::from(true),
            &Value::from(true)
        )
    );
    let mut native = P2Study::with_nodes(5).unwrap();
    for (i, u) in urls[..500].iter().enumerate() {
        let _ = native.push(i as u64 + 1, u);
    }
    let native = as_json(&native.finish());
    assert_eq!(
        r["simulation"]["policies"],
        native["simulation"]["policies"]
    );

    // P1's report too.
    let p1 = ok(p1_report(&mut lab));
    assert_eq!(p1["prefix"]["lines"], 500);
    assert_eq!(p1["n"], 500);

    // The trie study: its own cap (100) under the kept lines is not the budget's; over them it is.
    let (t, _) = ok(trie(&mut lab, 100.0, 0.0, u32::MAX));
    assert_eq!(
        (&t["lines"], &t["by_budget"]),
        (&Value::from(100), &Value::from(false))
    );
    let (t, _) = ok(trie(&mut lab, 1_000_000.0, 0.0, u32::MAX));
    assert_eq!(
        (&t["loaded"], &t["lines"], &t["capped"], &t["by_budget"]),
        (
            &Value::from(2_000),
            &Value::from(500),
            &Value::from(true),
            &Value::from(true)
        )
    );
    let mut builder = TrieStudyBuilder::new(0, &Structure::ALL);
    for u in &urls[..500] {
        builder.push(u);
    }
    assert_eq!(t["study"], as_json(&builder.finish()));
    // What every structure would need for all 2 000 lines, at the bytes per URL measured.
    let projected = t["projected"].as_array().unwrap();
    assert_eq!(projected.len(), Structure::ALL.len());
    for p in projected {
        let per_url = p["bytes_per_url"].as_f64().unwrap();
        assert_eq!(p["urls"], 2_000);
        assert!((p["bytes"].as_f64().unwrap() - per_url * 2_000.0).abs() < 1e-6);
        assert_eq!(p["fits"], true);
    }
    assert_eq!(t["budget_bytes"], 1u64 << 30);

    // The filters split the kept lines' distinct URLs and say the budget capped them.
    let (b, _) = ok(bloom(&mut lab, 8, "double", vec![16.0], u32::MAX));
    assert_eq!(
        (
            &b["input"]["lines"],
            &b["input"]["distinct"],
            &b["input"]["capped"],
            &b["input"]["by_budget"]
        ),
        (
            &Value::from(500),
            &Value::from(500),
            &Value::from(true),
            &Value::from(true)
        )
    );
}

/// A file split over workers as the page splits it: the first part pushed into one `Lab`, the
/// others read by `Lab`s of their own (`beginSlice`, `finishSlice` with the room left) and
/// appended in order. The report (flat, as the page reads it) and every histogram are one
/// load's.
#[wasm_bindgen_test]
fn parts_appended_across_labs_equal_one_load() {
    let text = urlhashlab::foundation::lines::hostile_list(5_000);
    let newlines: Vec<usize> = (0..text.len()).filter(|&i| text[i] == b'\n').collect();
    let fns = "elfhash,md5,xxh3";
    for (budget, key) in [(1e9, "url"), (40_000.0, "host"), (0.0, "path")] {
        let (mut one, report) = loaded(&[&text], fns, key, budget);
        assert!(report.get("stats").is_none(), "the input's counts are flat");
        assert!(report["urls"].as_u64().unwrap() > 3_000, "{report}");
        let cuts = [
            newlines[1_000] + 1,
            newlines[2_500] + 1,
            newlines[4_000] + 1,
            text.len(),
        ];
        let mut first = Lab::new(budget);
        ok(first.begin(fns, key));
        first.expect_bytes(text.len() as f64);
        ok(first.push_chunk(&text[..cuts[0]]));
        for w in cuts.windows(2) {
            let mut part = Lab::new(budget);
            ok(part.begin(fns, key));
            ok(part.begin_slice());
            ok(part.push_chunk(&text[w[0]..w[1]]));
            let bytes = ok(part.finish_slice(first.keep_room()));
            ok(first.append_slice(&bytes));
        }
        assert_eq!(json(first.finish()), report, "budget {budget}, {key}");
        for f in fns.split(',') {
            for m in [12.0, 1_009.0] {
                assert_eq!(
                    ok(first.histogram(f, key, m)),
                    ok(one.histogram(f, key, m)),
                    "{f} at {m}"
                );
            }
        }
        // A damaged part is a coded error, never a trap.
        let mut other = Lab::new(budget);
        ok(other.begin(fns, key));
        ok(other.push_chunk(&text[..cuts[0]]));
        let message = error_message(other.append_slice(b"UHLS\x01 not a part").unwrap_err());
        assert!(message.contains("slice-unreadable"), "{message}");
    }
}
