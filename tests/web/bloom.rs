//! The Bloom filter view (P4, P5): its job, the split of a file, the theory.

use super::helpers::*;
use serde_json::Value;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn the_bloom_job_equals_native_filters_on_the_clis_corpus_split() {
    use urlhashlab::mechanisms::bloom::{m_for, measure_fpr, IndexMethod};
    let mut lab = corpus_lab(2_000, "hf", BIG);
    let points = [
        ("double", 16.0),
        ("md5-slices", 20.0),
        ("independent", 2.0),
        ("enhanced-double", 16.0),
        ("md5-slices", 1.5),
    ];
    let methods: Vec<&str> = points.iter().map(|p| p.0).collect();
    let ratios: Vec<f64> = points.iter().map(|p| p.1).collect();
    let (r, slices) = ok(bloom(&mut lab, 8, &methods.join(","), ratios, 777));
    assert!(slices > 10);
    assert_eq!(r["input"]["how"], "corpus");
    assert_eq!(r["input"]["inserted"], 2_000);
    assert_eq!(r["input"]["held_out"], 2_000);
    assert_eq!(r["input"]["capped"], false);
    assert_eq!(r["k"], 8);
    let (ins, out) = corpus_split(2_000);
    let rows = r["rows"].as_array().unwrap();
    assert_eq!(rows.len(), points.len());
    for (row, (method, ratio)) in rows.iter().zip(points) {
        let method = IndexMethod::parse(method).unwrap();
        let want = measure_fpr(&ins, &out, m_for(2_000, ratio).unwrap(), 8, method).unwrap();
        assert_eq!(row, &as_json(&want), "{method:?} at {ratio}");
    }
    // P4's memory claim on the same keys.
    let memory = json(lab.bloom_memory(vec![16.0, 20.0]));
    let want =
        urlhashlab::mechanisms::bloom::memory_comparison(ins.iter().map(Vec::len), 20.0).unwrap();
    assert_eq!(memory[1], as_json(&want));
    // The bit array of the first 100 keys in 1 600 bits.
    let d = json(lab.bloom_demo(100, 1_600.0, 8, "md5-slices", "  http://www.pku.edu.cn/ "));
    let mut b =
        urlhashlab::mechanisms::bloom::Bloom::new(1_600, 8, IndexMethod::Md5Slices).unwrap();
    for (i, key) in ins[..100].iter().enumerate() {
        b.insert(key);
        assert_eq!(d["urls"][i]["indices"], as_json(&b.indices(key)));
    }
    let set: Vec<u64> = (0..1_600).filter(|&i| b.bit(i)).collect();
    assert_eq!(d["set_bits"], as_json(&set));
    assert_eq!(d["bits_set"], b.bits_set());
    assert_eq!(d["md5_slice_width"], 16);
    assert_eq!(d["query"]["url"], "http://www.pku.edu.cn/");
    assert_eq!(d["query"]["present"], b.contains(b"http://www.pku.edu.cn/"));
    assert_eq!(d["query"]["inserted"], false);
    assert_eq!(d["query"]["md5"].as_str().unwrap().len(), 32);
    let inserted = String::from_utf8(ins[7].clone()).unwrap();
    let d = json(lab.bloom_demo(100, 1_600.0, 8, "double", &inserted));
    assert_eq!(d["query"]["present"], true);
    assert_eq!(d["query"]["inserted"], true);
    assert_eq!(d["method"], "double");
    // 16 slices of 8 bits address 256 bits; 300 need the widened slices.
    let wide = json(lab.bloom_demo(10, 300.0, 16, "md5-slices", "x"));
    assert_eq!(wide["md5_slice_width"], Value::Null);
    assert_eq!(
        json(lab.bloom_demo(5, 64.0, 3, "independent", ""))["query"],
        Value::Null
    );
    // Bad arguments are JsErrors.
    assert_err(
        lab.bloom_demo(100, 70_000.0, 8, "double", ""),
        "at most 65536 bits",
    );
    assert_err(
        lab.bloom_demo(100, 0.0, 8, "double", ""),
        r#"{"code":"not-whole","args":["bits""#,
    );
    assert_err(
        lab.bloom_demo(100, 10.5, 8, "double", ""),
        r#"{"code":"not-whole","args":["bits""#,
    );
    assert_err(lab.bloom_demo(0, 100.0, 8, "double", ""), "at least 1 URL");
    assert_err(
        lab.bloom_demo(10, 100.0, 0, "double", ""),
        "k, the positions per URL",
    );
    assert_err(
        lab.bloom_demo(10, 100.0, 65, "double", ""),
        "k, the positions per URL",
    );
    assert_err(lab.bloom_demo(10, 100.0, 8, "md5", ""), "md5");
    assert_err(lab.bloom_memory(vec![0.0]), "m/N");
    assert_err(
        bloom(&mut lab, 0, "double", vec![16.0], u32::MAX),
        "k, the positions per URL",
    );
    assert_err(
        bloom(&mut lab, 65, "double", vec![16.0], u32::MAX),
        "k, the positions per URL",
    );
    assert_err(
        bloom(&mut lab, 8, "double,double", vec![16.0], u32::MAX),
        "one method per m/N",
    );
    assert_err(bloom(&mut lab, 8, "triple", vec![16.0], u32::MAX), "triple");
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 2_000.0] {
        assert_err(
            bloom(&mut lab, 8, "double", vec![bad], u32::MAX),
            "m/N must be",
        );
    }
    // Before any split: the memory and the demo say what to do first.
    let fresh = corpus_lab(100, "hf", BIG);
    assert_err(fresh.bloom_memory(vec![16.0]), "not split");
    assert_err(fresh.bloom_demo(10, 100.0, 8, "double", ""), "not split");
}

#[wasm_bindgen_test]
fn a_file_is_split_into_the_halves_of_its_distinct_lines() {
    use urlhashlab::mechanisms::bloom::{m_for, measure_fpr, IndexMethod};
    // 1 001 corpus URLs with two repeated and a blank line, in awkward chunks.
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 1_001).collect();
    let mut text = corpus_text(&urls);
    text.extend_from_slice(b"\n");
    text.extend_from_slice(&urls[5]);
    text.extend_from_slice(b"\r\n");
    text.extend_from_slice(&urls[999]);
    let chunks: Vec<&[u8]> = text.chunks(4_099).collect();
    let (mut lab, _) = loaded(&chunks, "hf", "url", BIG);
    assert_eq!(lab.len(), 1_003);
    let (r, _) = ok(bloom(
        &mut lab,
        4,
        "independent,md5-slices",
        vec![8.0, 8.0],
        50,
    ));
    assert_eq!(r["input"]["how"], "distinct");
    assert_eq!(r["input"]["lines"], 1_003);
    assert_eq!(r["input"]["distinct"], 1_001);
    assert_eq!(r["input"]["inserted"], 501);
    assert_eq!(r["input"]["held_out"], 500);
    let (ins, out) = urls.split_at(501);
    for (i, method) in [IndexMethod::Independent, IndexMethod::Md5Slices]
        .into_iter()
        .enumerate()
    {
        let want = measure_fpr(ins, out, m_for(501, 8.0).unwrap(), 4, method).unwrap();
        assert_eq!(r["rows"][i], as_json(&want));
    }
    // A file of one distinct URL cannot be split.
    let (mut one, _) = loaded(&[b"http://a.cn/\nhttp://a.cn/\n"], "hf", "url", BIG);
    assert_err(
        bloom(&mut one, 8, "double", vec![16.0], u32::MAX),
        "at least 2",
    );
}

#[wasm_bindgen_test]
fn the_bloom_theory_is_the_formula_with_the_papers_points() {
    use urlhashlab::mechanisms::bloom::{fpr_approx, fpr_exact};
    let t = json(Lab::bloom_theory(8.0, 1_000.0, 32.0));
    let curve = t["curve"].as_array().unwrap();
    assert_eq!(curve.len(), 256);
    assert_eq!(curve[255]["m_over_n"], 32.0);
    assert_eq!(curve[255]["exact"], fpr_exact(8.0, 1_000.0, 32_000.0));
    assert_eq!(curve[127]["approx"], fpr_approx(8.0, 1_000.0, 16_000.0));
    let papers = t["paper_points"].as_array().unwrap();
    assert_eq!(papers.len(), 3);
    assert_eq!(papers[0]["id"], "p4");
    assert_eq!(papers[0]["fpr_as_given"], 5.7e-4);
    assert_eq!(
        papers[1]["fpr_exact_at_this_n"],
        fpr_exact(8.0, 1_000.0, 20_000.0)
    );
    for (k, n, r) in [
        (0.0, 10.0, 32.0),
        (65.0, 10.0, 32.0),
        (f64::NAN, 10.0, 32.0),
        (8.0, 0.0, 32.0),
        (8.0, 1.5, 32.0),
        (8.0, 10.0, 0.0),
        (8.0, 10.0, 5_000.0),
    ] {
        assert!(Lab::bloom_theory(k, n, r).is_err(), "{k} {n} {r}");
    }
    let methods = json(Lab::index_methods());
    assert_eq!(methods.as_array().unwrap().len(), 4);
    assert_eq!(methods[3]["id"], "md5-slices");
    let structures = json(Lab::structures());
    assert_eq!(structures.as_array().unwrap().len(), 6);
    assert_eq!(structures[0]["id"], "gl-trie");
    assert_eq!(structures[0]["exact"], false);
    assert_eq!(structures[5]["static"], true);
}
