//! The WebAssembly boundary (`urlhashlab::adapters::wasm::Lab`) in a real browser.
//!
//! ```text
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web
//! ```
//!
//! `.cargo/config.toml` makes `wasm-bindgen-test-runner` (from wasm-bindgen-cli, the version in
//! Cargo.lock) the wasm32 runner; `run_in_browser` runs every test in headless Chromium through
//! chromedriver. Each test builds a `Lab`, feeds it input the awkward way a page would (chunks
//! split inside a BOM, a CRLF, a UTF-8 character, a line), and checks what leaves the boundary:
//! report JSON, histograms (against the same functions computed natively in the test), measures,
//! sweep and P1 report JSON, and a `JsError` (a JS `Error` with a message) for every bad input.
//! A panic would trap the module and fail the test, so every test also checks that nothing here
//! panics. The wasm build has no Public Suffix List compiled in: the partition tests install a
//! small one (`Lab.setSuffixRules`), and one test checks the error a partition gives before.
#![cfg(target_arch = "wasm32")]

use serde_json::Value;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::hash::{self, HashId, REGISTRY};
use urlhashlab::foundation::key::{self, Key};
use urlhashlab::foundation::lines::LineSplitter;
use urlhashlab::foundation::printed::FIG3_SAMPLE;
use urlhashlab::mechanisms::sweep::{sample_indices, Figure, Reservoir, Sweep};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen]
extern "C" {
    /// The JS `Error` class (what a `JsError` becomes on the JS side).
    #[wasm_bindgen(js_name = Error)]
    type JsErrorObject;
    #[wasm_bindgen(method, getter)]
    fn message(this: &JsErrorObject) -> String;

    /// The JS `Uint32Array` class (what a `Vec<u32>` return value becomes).
    #[wasm_bindgen(js_name = Uint32Array)]
    type JsUint32Array;
    #[wasm_bindgen(method, getter)]
    fn length(this: &JsUint32Array) -> u32;
    #[wasm_bindgen(method, indexing_getter)]
    fn get(this: &JsUint32Array, i: u32) -> u32;
}

/// A generous budget: every line is kept.
const BIG: f64 = 64.0 * 1024.0 * 1024.0;

/// A hand-built list: a BOM, CRLF and LF endings, a blank line, surrounding spaces, a line
/// whose host cannot be split, non-ASCII bytes, and a last line without a newline.
const LIST: &[u8] = b"\xEF\xBB\xBFhttp://www.pku.edu.cn/\r\n\
http://net.pku.edu.cn/~webg/tplan/\r\n\
\r\n\
   www.sina.com.cn/news/index.html  \n\
http://[bad/\n\
http://www.tsinghua.edu.cn/a/b?c=1&d=2\r\n\
http://\xE7\xBD\x91\xE5\x9D\x80.\xE4\xB8\xAD\xE5\x9B\xBD/\xE6\x95\xA3\xE5\x88\x97.html\n\
\n\
http://www.baidu.com/s?wd=url";

/// The URL lines of `LIST` after cleaning, in order.
fn list_lines() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut s = LineSplitter::new();
    s.feed(LIST, |l| out.push(l.bytes.to_vec()));
    s.finish(|l| out.push(l.bytes.to_vec()));
    out
}

/// Cut points of `LIST` that split a BOM, a CRLF, a UTF-8 character and a line; includes an
/// empty chunk.
fn awkward_chunks() -> Vec<&'static [u8]> {
    let crlf = LIST.windows(2).position(|w| w == b"\r\n").unwrap();
    let utf8 = LIST.windows(3).position(|w| w == b"\xE7\xBD\x91").unwrap();
    let mut cuts = vec![
        0,
        1,
        1,
        2,
        5,
        crlf + 1,
        crlf + 9,
        utf8 + 1,
        utf8 + 2,
        LIST.len() - 3,
    ];
    cuts.push(LIST.len());
    cuts.sort_unstable();
    cuts.windows(2).map(|w| &LIST[w[0]..w[1]]).collect()
}

fn error_message(e: JsError) -> String {
    let v = JsValue::from(e);
    let err = v
        .dyn_ref::<JsErrorObject>()
        .expect("a JsError reaches JS as an instance of Error");
    let msg: String = err.message();
    assert!(!msg.is_empty(), "an error must say something");
    // Every error is a code the page words in its language: a JSON head line, then English.
    let (head, english) = msg
        .split_once('\n')
        .unwrap_or_else(|| panic!("no code line in {msg:?}"));
    let head: Value = serde_json::from_str(head).unwrap_or_else(|e| panic!("{e}: {msg:?}"));
    let code = head["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code in {msg:?}"));
    assert!(
        !code.is_empty()
            && code
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "{code:?}"
    );
    assert!(head["args"].is_array(), "{msg:?}");
    assert!(!english.trim().is_empty(), "{msg:?}");
    msg
}

/// `result` must be an error (a JS `Error`) whose message contains `needle`.
#[track_caller]
fn assert_err<T: std::fmt::Debug>(result: Result<T, JsError>, needle: &str) -> String {
    match result {
        Ok(v) => panic!("expected an error containing {needle:?}, got Ok({v:?})"),
        Err(e) => {
            let msg = error_message(e);
            assert!(
                msg.contains(needle),
                "error {msg:?} should contain {needle:?}"
            );
            msg
        }
    }
}

/// A value the Lab returned (a plain JS object, array, number, string or null), as JSON, with
/// whole numbers as integers (see [`whole_numbers`]).
fn json(v: Result<JsValue, JsError>) -> Value {
    let v = v.unwrap_or_else(|e| panic!("unexpected error: {}", error_message(e)));
    whole_numbers(serde_wasm_bindgen::from_value(v).expect("plain data"))
}

/// Study `kind` begun with `params` (serialised as the worker passes them), run in slices of
/// `budget` units and finished: its report as the page receives it, and the slices it took.
fn study_sliced(
    lab: &mut Lab,
    kind: &str,
    params: impl serde::Serialize,
    budget: u32,
) -> Result<(Value, usize), JsError> {
    let id = lab.job_begin(kind, to_params(&params))?;
    let mut slices = 1;
    while lab.job_run(id, budget)? < 1.0 {
        slices += 1;
        assert!(slices < 1_000_000, "the job ends");
    }
    let report = lab.job_finish(id)?;
    Ok((json(Ok(report)), slices))
}

/// [`study_sliced`]'s report, in one slice.
fn study(lab: &mut Lab, kind: &str, params: impl serde::Serialize) -> Result<Value, JsError> {
    study_sliced(lab, kind, params, u32::MAX).map(|(r, _)| r)
}

#[derive(serde::Serialize)]
struct SweepArgs {
    fig: u8,
    step: f64,
}

/// P1's figure `fig` every `step` lines: the sweep's points.
fn sweep(lab: &mut Lab, fig: u8, step: f64) -> Result<Value, JsError> {
    study(lab, "sweep", SweepArgs { fig, step }).map(|r| r["points"].clone())
}

/// `urlhash paper p1` on the loaded lines.
fn p1_report(lab: &mut Lab) -> Result<Value, JsError> {
    study(lab, "p1", serde_json::json!({}))
}

/// The Bloom study (`bloom`) with `methods` (comma separated) one per m/N of `ratios`, in
/// slices of `budget`: its report and the slices it took.
fn bloom(
    lab: &mut Lab,
    k: u32,
    methods: &str,
    ratios: Vec<f64>,
    budget: u32,
) -> Result<(Value, usize), JsError> {
    // A struct, not a JSON value: NaN and infinities must reach the Lab as numbers.
    #[derive(serde::Serialize)]
    struct Params<'a> {
        k: u32,
        methods: Vec<&'a str>,
        ratios: Vec<f64>,
    }
    let methods = methods.split(',').collect();
    study_sliced(lab, "bloom", Params { k, methods, ratios }, budget)
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct CbfArgs<'a> {
    ratio: f64,
    k: u32,
    bits: u32,
    method: &'a str,
    delete_fraction: f64,
}

/// P5's setting: 20 counters of 4 bits per URL, 8 positions from MD5 slices, half deleted.
const P5_CBF: CbfArgs = CbfArgs {
    ratio: 20.0,
    k: 8,
    bits: 4,
    method: "md5-slices",
    delete_fraction: 0.5,
};

/// The counting-filter study (`cbf`) in slices of `budget`.
fn cbf(lab: &mut Lab, args: CbfArgs, budget: u32) -> Result<Value, JsError> {
    study_sliced(lab, "cbf", args, budget).map(|(r, _)| r)
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct TrieArgs {
    max_lines: f64,
    step: f64,
}

/// Parameters as the worker passes them: a plain object.
fn to_params(p: &impl serde::Serialize) -> JsValue {
    p.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("parameters serialise")
}

/// The trie study (`trie`) on the first `max_lines` lines, a checkpoint every `step`, in
/// slices of `budget`: its report and the slices it took.
fn trie(lab: &mut Lab, max_lines: f64, step: f64, budget: u32) -> Result<(Value, usize), JsError> {
    study_sliced(lab, "trie", TrieArgs { max_lines, step }, budget)
}

/// The parameters of the IP_ID and Name_ID count.
fn sites(table: &str, max_lines: f64) -> Value {
    serde_json::json!({"table": table, "maxLines": max_lines})
}

/// The parameters of the studies that read the first `max_lines` lines.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct MaxLines {
    max_lines: f64,
}

/// The measures of one view (`Lab.view`, what the page reads).
fn measures(lab: &mut Lab, f: &str, key: &str, m: f64) -> Result<JsValue, JsError> {
    let view = lab.view(f, key, m, false)?;
    Ok(js_sys::Reflect::get(&view, &"measures".into()).unwrap())
}

/// The bucket-size distribution of one view.
fn bucket_sizes(lab: &mut Lab, f: &str, key: &str, m: f64) -> Result<JsValue, JsError> {
    let view = lab.view(f, key, m, true)?;
    Ok(js_sys::Reflect::get(&view, &"buckets".into()).unwrap())
}

fn ok<T>(r: Result<T, JsError>) -> T {
    r.unwrap_or_else(|e| panic!("unexpected error: {}", error_message(e)))
}

/// The histogram of `h` over `key` at `m` slots, computed natively from `lines`; lines whose
/// key cannot be split are left out.
fn native_histogram(h: HashId, key: Key, m: u32, lines: &[Vec<u8>]) -> Vec<u32> {
    let mut counts = vec![0u32; m as usize];
    for l in lines {
        if let Ok(k) = key::extract(l, key) {
            counts[h.slot(&k, m) as usize] += 1;
        }
    }
    counts
}

fn loaded(chunks: &[&[u8]], functions: &str, key: &str, budget: f64) -> (Lab, Value) {
    let mut lab = Lab::new(budget);
    ok(lab.begin(functions, key));
    for c in chunks {
        ok(lab.push_chunk(c));
    }
    let report = json(lab.finish());
    (lab, report)
}

fn corpus_text(urls: &[Vec<u8>]) -> Vec<u8> {
    let mut text = Vec::new();
    for u in urls {
        text.extend_from_slice(u);
        text.push(b'\n');
    }
    text
}

fn corpus_lab(n: u32, functions: &str, budget: f64) -> Lab {
    let mut lab = Lab::new(budget);
    ok(lab.begin(functions, "url"));
    ok(lab.push_corpus(0.0, n, 2004));
    ok(lab.finish());
    lab
}

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
fn histograms_equal_the_native_functions_for_every_function_and_key() {
    let lines = list_lines();
    let (mut lab, _) = loaded(&awkward_chunks(), "elfhash,hfip,hf", "url", BIG);
    for key in ["url", "host", "path"] {
        let k = Key::parse(key).unwrap();
        let splittable = lines.iter().filter(|l| key::extract(l, k).is_ok()).count();
        for f in REGISTRY {
            for m in [1u32, 7, 12, 1000] {
                let got = ok(lab.histogram(f.key, key, m as f64));
                assert_eq!(got.len(), m as usize, "{} {key} M={m}", f.key);
                assert_eq!(
                    got.iter().map(|&c| c as usize).sum::<usize>(),
                    splittable,
                    "{} {key} M={m}: sums to N",
                    f.key
                );
                assert_eq!(
                    got,
                    native_histogram(f.id, k, m, &lines),
                    "{} {key} M={m}",
                    f.key
                );
            }
        }
    }
    // Host computed later agrees with host streamed from the start.
    let (mut streamed, _) = loaded(&awkward_chunks(), "md5,hf", "host", BIG);
    for f in ["md5", "hf", "crc32"] {
        assert_eq!(
            ok(streamed.histogram(f, "host", 10.0)),
            native_histogram(hash::by_id(f).unwrap().id, Key::Host, 10, &lines)
        );
    }
}

#[wasm_bindgen_test]
fn a_histogram_reaches_js_as_a_uint32array_of_length_m_summing_to_n() {
    let n = 5_000;
    let mut lab = corpus_lab(n, "elfhash,hfip,hf", BIG);
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, n as u64).collect();
    for id in [HashId::ElfHash, HashId::HfIp, HashId::Hf, HashId::Md5] {
        let m = 997u32;
        let counts = ok(lab.histogram(id.info().key, "url", m as f64));
        let want = native_histogram(id, Key::Url, m, &urls);
        assert_eq!(counts, want);
        // The same conversion the exported method's return value goes through.
        let js = JsValue::from(counts);
        let arr = js
            .dyn_ref::<JsUint32Array>()
            .expect("Vec<u32> becomes a Uint32Array");
        assert_eq!(arr.length(), m);
        let sum: u64 = (0..m).map(|i| arr.get(i) as u64).sum();
        assert_eq!(sum, n as u64);
        assert_eq!(arr.get(5), want[5]);
    }
    // hf is 3·Σc·i: at M = 12 it hits only the 4 multiples of 3.
    let hf12 = ok(lab.histogram("hf", "url", 12.0));
    assert_eq!(hf12.iter().filter(|&&c| c > 0).count(), 4);
    for (slot, &c) in hf12.iter().enumerate() {
        assert_eq!(c > 0, slot % 3 == 0, "slot {slot}");
    }
}

#[wasm_bindgen_test]
fn measures_json_has_every_field_and_matches_the_histogram() {
    let mut lab = corpus_lab(4_000, "elfhash,hfip,hf", BIG);
    for f in ["elfhash", "hfip", "hf", "md5"] {
        let m = json(measures(&mut lab, f, "url", 12.0));
        for field in [
            "n",
            "slots",
            "a",
            "a_opt",
            "a_random",
            "b",
            "max_load",
            "expected_max_load",
            "empty_slots",
            "expected_empty_slots",
            "chi2",
            "p_value",
        ] {
            assert!(m.get(field).is_some(), "{f}: {field} missing in {m}");
        }
        assert_eq!(m["n"], 4_000);
        assert_eq!(m["slots"], 12);
        let counts = ok(lab.histogram(f, "url", 12.0));
        assert_eq!(m["max_load"], *counts.iter().max().unwrap());
        assert_eq!(m["empty_slots"], counts.iter().filter(|&&c| c == 0).count());
        let b = m["b"].as_f64().unwrap();
        assert!(b >= 1.0, "{f}: B = {b}");
    }
    let hf = json(measures(&mut lab, "hf", "url", 12.0));
    assert_eq!(hf["empty_slots"], 8);
    assert!(hf["b"].as_f64().unwrap() > 2.9);
    let buckets = json(bucket_sizes(&mut lab, "hfip", "url", 1000.0));
    let rows = buckets.as_array().unwrap();
    assert!(!rows.is_empty());
    let slots: u64 = rows.iter().map(|r| r["slots"].as_u64().unwrap()).sum();
    assert_eq!(slots, 1000);
    let keys: u64 = rows
        .iter()
        .map(|r| r["slots"].as_u64().unwrap() * r["size"].as_u64().unwrap())
        .sum();
    assert_eq!(keys, 4_000);
}

#[wasm_bindgen_test]
fn rebinning_uses_the_cache_and_never_hashes_again() {
    // A budget of 1 byte drops the lines of a file at once: only the caches made by begin()
    // remain, so every histogram below can only come from re-binning them.
    let n = 3_000u32;
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, n as u64).collect();
    let text = corpus_text(&urls);
    let chunks: Vec<&[u8]> = text.chunks(65_536).collect();
    let (mut lab, report) = loaded(&chunks, "elfhash,hfip,hf,md5", "url", 1.0);
    assert_eq!(report["urls_kept"], false);
    assert_eq!(report["urls"], n);
    let cache_bytes = report["cache_bytes"].as_u64().unwrap();
    assert_eq!(cache_bytes, (3 * 4 + 16) * n as u64);
    for id in [HashId::ElfHash, HashId::HfIp, HashId::Hf, HashId::Md5] {
        for m in [12u32, 200_000, 1, 4099, 12] {
            assert_eq!(
                ok(lab.histogram(id.info().key, "url", m as f64)),
                native_histogram(id, Key::Url, m, &urls),
                "{:?} M={m}",
                id
            );
        }
    }
    // No new cache was made.
    assert_eq!(json(lab.report())["cache_bytes"], cache_bytes);

    // With the lines kept, a second M adds no cache either.
    let mut kept = corpus_lab(n, "", BIG);
    assert_eq!(json(kept.report())["cache_bytes"], 0);
    ok(kept.histogram("xxh3", "url", 10.0));
    assert_eq!(json(kept.report())["cache_bytes"], 8 * n);
    ok(kept.histogram("xxh3", "url", 2_000_000.0));
    ok(measures(&mut kept, "xxh3", "url", 77.0));
    assert_eq!(json(kept.report())["cache_bytes"], 8 * n);
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
fn view_is_measures_and_buckets_from_one_histogram() {
    let mut lab = corpus_lab(2_000, "hfip", BIG);
    let v = json(lab.view("hfip", "url", 100.0, true));
    let counts = ok(lab.histogram("hfip", "url", 100.0));
    assert_eq!(
        v["measures"],
        as_json(&urlhashlab::foundation::metrics::Measures::of(&counts))
    );
    assert_eq!(
        v["buckets"],
        as_json(&urlhashlab::foundation::metrics::bucket_size_distribution(
            &counts
        ))
    );
    assert_eq!(v["ideal_load"], 20.0);
    let v = json(lab.view("hfip", "url", 100.0, false));
    assert!(v["buckets"].is_null());
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
fn sweep_fig2_has_the_expected_shape() {
    let n = 2_000u32;
    let step = 500.0;
    let mut lab = corpus_lab(n, "elfhash,hfip,hf", BIG);
    let points = ok(sweep(&mut lab, 2, step));
    let points = points.as_array().unwrap();
    // 3 functions x 4 M x 4 checkpoints.
    assert_eq!(points.len(), 3 * 4 * 4);
    for p in points {
        assert_eq!(p["figure"], 2);
        assert_eq!(p["measure"], "B");
        assert!(["elfhash", "hfip", "hf"].contains(&p["function"].as_str().unwrap()));
        assert!([8, 10, 12, 40].contains(&p["m"].as_u64().unwrap()));
        assert!([500, 1000, 1500, 2000].contains(&p["n"].as_u64().unwrap()));
        assert!(p["value"].as_f64().unwrap() >= 1.0);
    }
    let hf12 = points
        .iter()
        .find(|p| p["function"] == "hf" && p["m"] == 12 && p["n"] == n)
        .unwrap();
    assert!(
        hf12["value"].as_f64().unwrap() > 2.9,
        "hf at M = 12: {hf12}"
    );
    // B at the last checkpoint equals B from the histogram.
    let hist = ok(lab.histogram("hf", "url", 12.0));
    let b = *hist.iter().max().unwrap() as f64 / (n as f64 / 12.0);
    assert!((hf12["value"].as_f64().unwrap() - b).abs() < 1e-9);
    // A step that does not divide N adds a final checkpoint.
    let points = ok(sweep(&mut lab, 1, 700.0));
    let ns: std::collections::BTreeSet<u64> = points
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["n"].as_u64().unwrap())
        .collect();
    assert_eq!(ns.into_iter().collect::<Vec<_>>(), vec![700, 1400, 2000]);
    // Fig. 3: hf only, five M.
    let points = ok(sweep(&mut lab, 3, 1000.0));
    let points = points.as_array().unwrap();
    assert_eq!(points.len(), 5 * 2);
    assert!(points.iter().all(|p| p["function"] == "hf"));
}

/// Fig. 3 of the sweep over `urls` in order, as JSON: the reference the page must equal.
fn fig3_points(urls: &[&[u8]], step: u64) -> Value {
    let mut sweep = Sweep::new(&Figure::Fig3.series(), step);
    for u in urls {
        sweep.push(u);
    }
    as_json(&sweep.finish())
}

#[wasm_bindgen_test]
fn fig3_of_more_than_400_000_lines_is_the_clis_random_sample() {
    // `urlhash sweep --fig 3` samples the corpus by index (its seed) and a file with a
    // reservoir; the page's Fig. 3 must be the same points, not the first 400 000 lines.
    let n = FIG3_SAMPLE + 30_000;
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, n).collect();
    let step = 100_000.0;
    let by_index: Vec<&[u8]> = sample_indices(n, FIG3_SAMPLE, 2004)
        .into_iter()
        .map(|i| &urls[i as usize][..])
        .collect();
    let mut lab = corpus_lab(n as u32, "hf", BIG);
    let corpus_points = ok(sweep(&mut lab, 3, step));
    assert_eq!(corpus_points, fig3_points(&by_index, step as u64));
    let first: Vec<&[u8]> = urls[..FIG3_SAMPLE as usize]
        .iter()
        .map(|u| &u[..])
        .collect();
    assert_ne!(corpus_points, fig3_points(&first, step as u64));
    // The same lines as a file: the reservoir's sample, as the CLI draws it from a file.
    let (mut file, report) = loaded(
        &[&corpus_text(&urls)],
        "hf",
        "url",
        1024.0 * 1024.0 * 1024.0,
    );
    assert_eq!(report["urls"], n);
    let mut reservoir = Reservoir::new(FIG3_SAMPLE);
    for (i, u) in urls.iter().enumerate() {
        reservoir.push(i as u64 + 1, &u[..]);
    }
    let sampled: Vec<&[u8]> = reservoir.finish().into_iter().map(|(_, u)| u).collect();
    assert_eq!(
        ok(sweep(&mut file, 3, step)),
        fig3_points(&sampled, step as u64)
    );
}

#[wasm_bindgen_test]
fn p1_report_has_the_expected_shape() {
    let n = 3_000u32;
    let mut lab = corpus_lab(n, "elfhash,hfip,hf", BIG);
    let r = ok(p1_report(&mut lab));
    assert_eq!(r["n"], n);
    assert_eq!(r["table_m"], 200_000);
    assert_eq!(r["table"].as_array().unwrap().len(), 7);
    assert_eq!(r["misprint"]["printed"], 2.75);
    assert_eq!(r["misprint"]["formula"], 3.0);
    // hf hits 4 of 12 slots.
    assert_eq!(r["hf_multiple_of_3"]["slots_hit_m12"], 4);
    assert!(
        r["hf_multiple_of_3"]["share_multiple_of_3"]
            .as_f64()
            .unwrap()
            > 0.999
    );
    assert_eq!(r["hf_multiple_of_3"]["b_by_m"].as_array().unwrap().len(), 4);
    for k in ["hf_bounded_range", "hfip_zero_bits", "elf_clumps", "points"] {
        assert!(r.get(k).is_some(), "{k} missing");
    }
    assert!(!r["points"].as_array().unwrap().is_empty());
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

/// A small Public Suffix List for the partition tests (the page installs the whole list): the
/// suffixes of `LIST`'s hosts, a wildcard and an exception.
const SUFFIX_RULES: &str = "cn\r\ncom.cn\r\nedu.cn\r\ncom\r\n中国\r\n*.ck\r\n!www.ck\r\n";

/// Installs [`SUFFIX_RULES`] unless a list is installed already (a test that needs the list
/// calls this first: tests share the module instance and run in no fixed order).
fn with_suffix_rules() {
    if !Lab::has_suffix_rules() {
        assert_eq!(ok(Lab::set_suffix_rules(SUFFIX_RULES)), 7);
    }
}

#[wasm_bindgen_test]
fn partition_needs_the_suffix_rules_and_says_so_until_they_are_installed() {
    use urlhashlab::mechanisms::partition::{Policy, Simulation};
    use urlhashlab::papers::p2::P2Study;
    // As the page starts: no list in this instance.
    urlhashlab::foundation::suffix::uninstall();
    assert!(!Lab::has_suffix_rules());
    let (mut lab, _) = loaded(&[LIST], "elfhash", "url", BIG);
    let msg = assert_err(
        study(&mut lab, "partition", serde_json::json!({"nodes": 3})),
        "suffix-rules-missing: ",
    );
    assert!(
        msg.starts_with(r#"{"code":"suffix-rules-missing","args":[]}"#),
        "{msg}"
    );
    assert!(msg.contains("Lab.setSuffixRules"), "{msg}");
    assert_err(lab.job_run(1, 10), "no such job is running");
    // The core says the same, and only for the policies that need the list.
    let e = P2Study::with_nodes(3)
        .err()
        .expect("no study without the list");
    assert!(e.starts_with("suffix-rules-missing: "), "{e}");
    assert!(Simulation::new(3, &[Policy::Heritrix], &[]).is_err());
    assert!(Simulation::new(3, &[Policy::Nutch { seed: 0 }], &[]).is_ok());
    // A text that is not a list is an error naming the line, and installs nothing.
    assert_err(Lab::set_suffix_rules(""), "suffix-rules-invalid: ");
    assert_err(
        Lab::set_suffix_rules("cn\na..cn\n"),
        "suffix-rules-invalid: line 2 ",
    );
    assert!(!Lab::has_suffix_rules());

    // Installed, the same Lab runs the study, and the domains follow the installed rules.
    assert_eq!(ok(Lab::set_suffix_rules(SUFFIX_RULES)), 7);
    assert!(Lab::has_suffix_rules());
    let r = ok(study(
        &mut lab,
        "partition",
        serde_json::json!({"nodes": 3}),
    ));
    assert_eq!(r["simulation"]["urls"], 6);
    let domain = r["simulation"]["policies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["policy"] == "domain:xxh3")
        .expect("the domain policy ran");
    let urls: u64 = domain["node_urls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(urls, 6);
    assert_eq!(key::registrable_domain("net.pku.edu.cn"), "pku.edu.cn");
    assert_eq!(key::registrable_domain("a.b.ck"), "a.b.ck");
    assert_eq!(key::registrable_domain("a.www.ck"), "www.ck");
    assert_eq!(
        key::registrable_domain("www.xn--fsqu00a.xn--fiqs8s"),
        "xn--fsqu00a.xn--fiqs8s"
    );
    assert_eq!(
        urlhashlab::mechanisms::partition::heritrix_reduced_key("www.pku.edu.cn", None),
        "cn,edu,pku,"
    );
    // A bad text later leaves the installed list in place.
    assert_err(Lab::set_suffix_rules("*"), "suffix-rules-invalid: ");
    assert!(Lab::has_suffix_rules());
    ok(study(
        &mut lab,
        "partition",
        serde_json::json!({"nodes": 3}),
    ));
}

#[wasm_bindgen_test]
fn partition_job_equals_the_native_simulation() {
    use urlhashlab::papers::p2::P2Study;
    with_suffix_rules();
    // The hand-built list (a line without a host, non-ASCII, BOM, CRLF) fed in awkward chunks.
    let mut lab = Lab::new(BIG);
    ok(lab.begin("elfhash", "url"));
    for piece in LIST.chunks(5) {
        ok(lab.push_chunk(piece));
    }
    ok(lab.finish());
    let (r, slices) = ok(study_sliced(
        &mut lab,
        "partition",
        serde_json::json!({"nodes": 3}),
        2,
    ));
    assert_eq!(slices, 4);
    let mut native = P2Study::with_nodes(3).unwrap();
    for (i, l) in list_lines().iter().enumerate() {
        let _ = native.push(i as u64 + 1, l);
    }
    let native = as_json(&native.finish());
    assert_eq!(
        r["simulation"]["policies"],
        native["simulation"]["policies"]
    );
    assert_eq!(
        r["simulation"]["site_tables"],
        native["simulation"]["site_tables"]
    );
    assert_eq!(r["simulation"]["urls"], 6);
    assert_eq!(r["simulation"]["unsplittable"], 1);
    assert_eq!(r["printed"]["node_urls"][6], 35_483);
    assert_eq!(r["verdicts"].as_array().unwrap().len(), 3);
    // Every policy puts every URL on exactly one node.
    for p in r["simulation"]["policies"].as_array().unwrap() {
        let sum: u64 = p["node_urls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum();
        assert_eq!(sum, 6, "{}", p["policy"]);
    }
    // Bad node counts are errors, not panics.
    assert_err(
        study(&mut lab, "partition", serde_json::json!({"nodes": 0})),
        "the number of nodes must be 1..=65536",
    );
    assert_err(
        study(&mut lab, "partition", serde_json::json!({"nodes": 70_000})),
        "the number of nodes must be 1..=65536",
    );
}

#[wasm_bindgen_test]
fn partition_of_the_corpus_at_table_1_size() {
    with_suffix_rules();
    let mut lab = corpus_lab(246_951, "elfhash", BIG);
    let r = ok(study(
        &mut lab,
        "partition",
        serde_json::json!({"nodes": 7}),
    ));
    let policies = r["simulation"]["policies"].as_array().unwrap();
    let repaired = policies
        .iter()
        .find(|p| p["policy"] == "p2-repaired")
        .unwrap();
    assert!(repaired["b"].as_f64().unwrap() < 1.02);
    let printed = policies
        .iter()
        .find(|p| p["policy"] == "p2-printed")
        .unwrap();
    assert!(printed["b"].as_f64().unwrap() > 2.0);
    let could: Vec<bool> = r["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["could_produce"].as_bool().unwrap())
        .collect();
    assert_eq!(could, [false, false, true]);
}

// ------------------------------------------------------------------------------------------
// The de-duplication views (P4's trie, P4's and P5's Bloom filters, P5's counting filters)

/// `v` as the Lab's value of it should be: every float exact (no JSON text on the way, whose
/// parsing may round the last bit), whole numbers as integers (see [`whole_numbers`]).
fn as_json(v: &impl serde::Serialize) -> Value {
    whole_numbers(serde_json::to_value(v).expect("serialisable"))
}

/// `v` with every number that is a whole number below 2^53 as an integer: a report crosses to
/// JS as numbers, where 2 and 2.0 are one value, so both sides are compared this way.
fn whole_numbers(v: Value) -> Value {
    match v {
        Value::Number(n) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 => {
                Value::from(f as i64)
            }
            _ => Value::Number(n),
        },
        Value::Array(a) => Value::Array(a.into_iter().map(whole_numbers).collect()),
        Value::Object(o) => {
            Value::Object(o.into_iter().map(|(k, v)| (k, whole_numbers(v))).collect())
        }
        other => other,
    }
}

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
    // clock by the core's timing (at least 60 ms of repeats, or 2 million URLs handled).
    for s in Structure::ALL {
        let t = json(lab.trie_time(s.id(), 1_000_000));
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
    let t = json(lab.trie_time("fst", 16));
    assert_eq!(
        (&t["urls"], &t["found"]),
        (&Value::from(16), &Value::from(16))
    );
    // Bad arguments are JsErrors.
    assert_err(lab.trie_time("radix", 10), "unknown structure 'radix'");
    assert_err(lab.trie_time("fst", 0), "at least 1 URL");
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
    assert_err(lab.trie_time("fst", 1), "finish a trie study first");
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

/// The corpus split as `urlhash bloom --n N` makes it: URLs 0..N inserted, N..2N held out.
fn corpus_split(n: u64) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let c = Corpus::new(2004);
    (c.iter(0, n).collect(), c.iter(n, n).collect())
}

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

#[wasm_bindgen_test]
fn the_counting_filter_job_equals_the_native_delete_experiment() {
    use urlhashlab::mechanisms::bloom::{m_for, IndexMethod};
    use urlhashlab::mechanisms::cbf::{deletion_experiment, CountingBloom};
    let mut lab = corpus_lab(2_000, "hf", BIG);
    let (ins, _) = corpus_split(2_000);
    for (ratio, k, bits, method, fraction) in [
        (2.0, 4, 2, IndexMethod::Md5Slices, 0.5),
        (20.0, 8, 4, IndexMethod::Md5Slices, 0.5),
        (4.0, 6, 3, IndexMethod::Double, 0.25),
    ] {
        let args = CbfArgs {
            ratio,
            k,
            bits,
            method: method.id(),
            delete_fraction: fraction,
        };
        let r = ok(cbf(&mut lab, args, 300));
        let m = m_for(2_000, ratio).unwrap();
        let delete = (2_000.0 * fraction).round() as usize;
        let want = deletion_experiment(&ins, delete, m, k, bits, method).unwrap();
        assert_eq!(r["deletion"], as_json(&want), "{ratio} {k} {bits}");
        let mut f = CountingBloom::new(m, k, bits, method).unwrap();
        for key in &ins {
            f.insert(key);
        }
        let h = f.counters().histogram();
        let counts = r["counters"]["counts"].as_array().unwrap();
        for (j, c) in counts.iter().enumerate() {
            assert_eq!(c, h.get(j).copied().unwrap_or(0), "counters at {j}");
        }
        assert_eq!(r["counters"]["saturated"], f.counters().saturated());
        assert_eq!(r["counters"]["overflow_events"], f.overflow_events());
        assert_eq!(
            r["counters"]["expected"].as_array().unwrap().len(),
            counts.len()
        );
        assert_eq!(r["printed"]["printed_j16_factor"], 1.37e15);
        if bits == 2 {
            // Saturating: the plain filter loses kept URLs, the sticky one and IMP-CB none.
            assert!(want.rows[0].false_negatives > 0);
            assert_eq!(counts.len(), 4, "0 to 3, the last one full");
        }
    }
    // Bad arguments are JsErrors.
    for bits in [0, 33] {
        assert_err(
            cbf(&mut lab, CbfArgs { bits, ..P5_CBF }, u32::MAX),
            "1 to 32 bits",
        );
    }
    for fraction in [-0.1, 1.5, f64::NAN] {
        assert_err(
            cbf(
                &mut lab,
                CbfArgs {
                    delete_fraction: fraction,
                    ..P5_CBF
                },
                u32::MAX,
            ),
            "share of URLs deleted",
        );
    }
    assert_err(
        cbf(&mut lab, CbfArgs { k: 0, ..P5_CBF }, u32::MAX),
        "k, the positions",
    );
    assert_err(
        cbf(
            &mut lab,
            CbfArgs {
                ratio: 0.0,
                ..P5_CBF
            },
            u32::MAX,
        ),
        "m/N must be",
    );
    assert_err(
        cbf(
            &mut lab,
            CbfArgs {
                method: "sha1",
                ..P5_CBF
            },
            u32::MAX,
        ),
        "sha1",
    );
}

// ------------------------------------------------------------------------------------------
// The fingerprint view (P3)

/// A hand-made list for P3's normalisations: one page spelled many ways (case, a default port,
/// a fragment, no scheme, a trailing slash, `www.`, a session id, shuffled parameters), P3's
/// aliases and a mirror by IP, lines that are not URLs with a host, a markup-looking line and
/// invalid UTF-8, in awkward chunks.
const FP_LIST: &[u8] = b"\xEF\xBB\xBFhttp://www.nuist.edu.cn/xxgk/\r\n\
http://nuist.edu.cn/xxgk/\n\
HTTP://WWW.NUIST.EDU.CN:80/xxgk/#top\n\
www.nuist.edu.cn/xxgk/\n\
http://202.195.235.1/xxgk/\n\
http://202.195.235.2/xxgk/\n\
http://bbs2.nuist.edu.cn/forum.php?fid=2&page=1\n\
http://bbs2.nuist.edu.cn/forum.php?page=1&fid=2&sid=a1b2c3d4e5\n\
http://bbs2.nuist.edu.cn/forum.php;jsessionid=9F3A?page=1&fid=2\n\
mailto:webmaster@nuist.edu.cn\n\
http://[bad/\n\
<script>alert(1)</script>\n\
http://www.nuist.edu.cn/\xE6\x96\xB0\xFF.htm\n\
\n\
http://www.nuist.edu.cn/xxgk/\n\
http://www.nuist.edu.cn/xxgk";

const FP_TABLE: &str = "# NUIST\n\
www.nuist.edu.cn 202.195.235.1\n\
nuist.edu.cn     202.195.235.1   # an alias\n\
www.nuist.edu.cn 202.195.235.2   # a mirror\n\
bbs2.nuist.edu.cn\t202.195.240.7\n";

/// The URL lines of `text` with their line numbers, as the Lab keeps them.
fn numbered_lines(text: &[u8]) -> Vec<(u64, Vec<u8>)> {
    let mut out = Vec::new();
    let mut s = LineSplitter::new();
    s.feed(text, |l| out.push((l.number, l.bytes.to_vec())));
    s.finish(|l| out.push((l.number, l.bytes.to_vec())));
    out
}

fn fp_lab() -> (Lab, Vec<(u64, Vec<u8>)>) {
    let chunks: Vec<&[u8]> = FP_LIST.chunks(7).collect();
    let (lab, _) = loaded(&chunks, "hf", "url", BIG);
    (lab, numbered_lines(FP_LIST))
}

#[wasm_bindgen_test]
fn fp_avalanche_equals_the_core_on_a_hand_checked_pair() {
    use urlhashlab::mechanisms::fingerprint::avalanche;
    // RFC 1321: MD5("") and MD5("a"), 62 bits apart (counted by hand from the two digests).
    let r = json(Lab::fp_avalanche("", "a"));
    assert_eq!(r["digest_a"], "d41d8cd98f00b204e9800998ecf8427e");
    assert_eq!(r["digest_b"], "0cc175b9c0f1b6a831c399e269772661");
    let x = 0xd41d8cd98f00b204e9800998ecf8427e_u128 ^ 0x0cc175b9c0f1b6a831c399e269772661_u128;
    assert_eq!(r["differing_bits"], x.count_ones());
    assert_eq!(r["bits_a"].as_array().unwrap().len(), 128);
    assert_eq!(r["bits_a"][0], 1, "d = 1101: bit 0 is 1");
    assert_eq!(r["bits_b"][0], 0, "0 = 0000");
    assert_eq!(
        (&r["bytes_a"], &r["bytes_b"]),
        (&Value::from(0), &Value::from(1))
    );
    // One 512-bit block each (16 words of 32 bits, where P3 says 32 sub-blocks); a 56-byte
    // text needs two, its length no longer fitting after the padding.
    assert_eq!(
        (&r["blocks_a"], &r["blocks_b"]),
        (&Value::from(1), &Value::from(1))
    );
    let (t55, t56) = ("u".repeat(55), "u".repeat(56));
    let r = json(Lab::fp_avalanche(&t55, &t56));
    assert_eq!(
        (&r["blocks_a"], &r["blocks_b"]),
        (&Value::from(1), &Value::from(2))
    );
    // Any pair, as the core computes it (UTF-8 bytes, exactly as typed).
    for (a, b) in [
        ("http://www.nuist.edu.cn/", "http://www.nuist.edu.cn"),
        ("http://网址.中国/散列", "http://网址.中国/散列 "),
        (
            "<img src=x onerror=alert(1)>",
            "<img src=x onerror=alert(2)>",
        ),
    ] {
        let mut want = as_json(&avalanche(a.as_bytes(), b.as_bytes()));
        want["bytes_a"] = Value::from(a.len());
        want["bytes_b"] = Value::from(b.len());
        // Whole 64-byte blocks, then one more, or two when the padding and the 8-byte length
        // do not fit after the tail.
        let blocks = |n: usize| n / 64 + if n % 64 >= 56 { 2 } else { 1 };
        want["blocks_a"] = Value::from(blocks(a.len()));
        want["blocks_b"] = Value::from(blocks(b.len()));
        assert_eq!(json(Lab::fp_avalanche(a, b)), want, "{a} / {b}");
    }
    // A text longer than a line the lab hashes is refused.
    let long = "a".repeat(64 * 1024 + 1);
    assert_err(Lab::fp_avalanche(&long, "a"), "text A has 65537 bytes");
    assert_err(Lab::fp_avalanche("a", &long), "text B");
}

#[wasm_bindgen_test]
fn fp_paper_reveals_the_empty_string_and_birthday_curves_are_the_bound() {
    use urlhashlab::mechanisms::fingerprint::{
        collision_probability, n_for_collision_probability, p3_reveals, BirthdayReport,
    };
    let r = json(Lab::fp_paper());
    assert_eq!(r["birthday"], as_json(&BirthdayReport::new()));
    assert_eq!(r["reveals"], as_json(&p3_reveals()));
    assert_eq!(
        r["reveals"][0]["printed"],
        "D41D8CD98F00B204E9800998ECF8427E"
    );
    assert_eq!(r["reveals"][0]["matches"][0]["text"], "");
    assert_eq!(r["reveals"][1]["matches"].as_array().unwrap().len(), 0);
    assert_eq!(r["reveals"][1]["tried"], 152);
    assert_eq!(r["printed"]["pair_probability"], as_json(&1e-24));
    assert_eq!(r["printed"]["web_links"], 60_000_000_000u64);

    let b = json(Lab::fp_birthday(vec![32, 64, 128], 1e12, 121));
    assert_eq!(b["claim"], as_json(&1e-24));
    let curves = b["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 3);
    for c in curves {
        let bits = c["bits"].as_u64().unwrap() as u32;
        let points = c["points"].as_array().unwrap();
        assert_eq!(points[0]["n"], 2);
        assert_eq!(points[points.len() - 1]["n"], 1_000_000_000_000u64);
        for p in points {
            let n = p["n"].as_u64().unwrap();
            let (got, want) = (p["p"].as_f64().unwrap(), collision_probability(n, bits));
            // serde_json may read the decimal text back a bit off in its last place.
            assert!(
                (got - want).abs() <= 1e-15 * want,
                "{bits} bits, n = {n}: {got} {want}"
            );
        }
        assert_eq!(
            c["n_at_claim"],
            as_json(&n_for_collision_probability(1e-24, bits))
        );
    }
    // Two given inputs at 128 bits: 2^-128, not 10^-24.
    assert_eq!(curves[2]["points"][0]["p"], as_json(&2f64.powi(-128)));
    // 10^-24 is reached at about 26.1 million URLs.
    let at = curves[2]["n_at_claim"].as_f64().unwrap();
    assert!(at > 26.0e6 && at < 26.2e6, "{at}");
    // Bad arguments are JsErrors.
    assert_err(
        Lab::fp_birthday(vec![], 1e12, 10),
        "1 to 16 fingerprint widths",
    );
    assert_err(
        Lab::fp_birthday(vec![8; 17], 1e12, 10),
        "1 to 16 fingerprint widths",
    );
    for bits in [0, 129] {
        assert_err(Lab::fp_birthday(vec![64, bits], 1e12, 10), "1 to 128 bits");
    }
    for n in [2.0, 1.5, -5.0, f64::NAN, f64::INFINITY, 1e19] {
        assert_err(Lab::fp_birthday(vec![64], n, 10), "the largest n");
    }
    for points in [0, 1, 2_001] {
        assert_err(Lab::fp_birthday(vec![64], 1e6, points), "2 to 2000 points");
    }
}

#[wasm_bindgen_test]
fn fp_study_equals_urlhash_fingerprint_natively() {
    use urlhashlab::mechanisms::fingerprint::CanonicalStudy;
    use urlhashlab::papers::p3::P3Study;
    // A hand-made list with lines that are not URLs, in slices of 4 lines.
    let (mut lab, lines) = fp_lab();
    let (r, slices) = ok(study_sliced(&mut lab, "fp", MaxLines { max_lines: 1e6 }, 4));
    assert!(slices >= 4);
    let (mut p3, mut canon) = (P3Study::new(), CanonicalStudy::new());
    for (number, l) in &lines {
        p3.push(*number, l);
        let _ = canon.push(*number, l);
    }
    assert_eq!(r["p3"], as_json(&p3.finish()));
    assert_eq!(r["canonical"], as_json(&canon.finish()));
    assert_eq!(r["prefix"]["lines"], 15);
    assert_eq!(r["prefix"]["capped"], false);
    // mailto:, http://[bad/ and the line of markup are not URLs with a host: counted, named.
    assert_eq!(r["canonical"]["unparsable"]["count"], 3);
    assert_eq!(
        r["canonical"]["unparsable"]["first_lines"],
        serde_json::json!([10, 11, 12])
    );
    assert_eq!(r["p3"]["input"]["duplicate_lines"], 1);
    // The corpus, capped: the first 2 000 of 3 000 lines, as urlhash fingerprint --n 2000.
    let mut corpus = corpus_lab(3_000, "hf", BIG);
    let (r, _) = ok(study_sliced(
        &mut corpus,
        "fp",
        MaxLines { max_lines: 2_000.0 },
        700,
    ));
    let prefix = &r["prefix"];
    assert_eq!(
        (&prefix["loaded"], &prefix["lines"], &prefix["capped"]),
        (&Value::from(3_000), &Value::from(2_000), &Value::from(true))
    );
    let (mut p3, mut canon) = (P3Study::new(), CanonicalStudy::new());
    for (i, u) in Corpus::new(2004).iter(0, 2_000).enumerate() {
        p3.push(i as u64 + 1, &u);
        let _ = canon.push(i as u64 + 1, &u);
    }
    let want = p3.finish();
    assert_eq!(r["p3"], as_json(&want));
    assert_eq!(r["canonical"], as_json(&canon.finish()));
    assert_eq!(r["p3"]["truncated"][0]["bits"], 16);
    assert_eq!(
        r["p3"]["avalanche"]["histogram"].as_array().unwrap().len(),
        129
    );
    // Bad arguments and calls out of order are JsErrors.
    for bad in [0.0, -1.0, 2.5, 1e300, f64::NAN, f64::INFINITY] {
        assert_err(
            study(&mut corpus, "fp", MaxLines { max_lines: bad }),
            r#"{"code":"not-whole","args":["lines""#,
        );
    }
    assert_err(corpus.job_run(12345, 10), "no such job is running");
    assert_err(corpus.job_finish(12345), "no such job is running");
    assert_err(
        study(
            &mut corpus,
            "fp",
            serde_json::json!({"maxLines": 10, "lines": 3}),
        ),
        r#"{"code":"bad-params","args":["fp","#,
    );
    assert_err(
        study(&mut corpus, "fingerprint", serde_json::json!({})),
        r#"{"code":"unknown-request","args":["fingerprint"]}"#,
    );
    let mut empty = Lab::new(BIG);
    json(empty.finish());
    assert_err(
        study(&mut empty, "fp", MaxLines { max_lines: 10.0 }),
        "no URLs are loaded",
    );
    let (mut dropped, _) = loaded(&[LIST], "hf", "url", 8.0);
    let ten = serde_json::json!({"maxLines": 10, "table": ""});
    assert_err(
        study(&mut dropped, "fp", MaxLines { max_lines: 10.0 }),
        "could be kept",
    );
    assert_err(study(&mut dropped, "fpSites", &ten), "could be kept");
    let ten = serde_json::json!({"maxLines": 10, "toggles": []});
    assert_err(study(&mut dropped, "fpCombo", &ten), "could be kept");
}

#[wasm_bindgen_test]
fn fp_sites_equal_the_native_count_and_a_bad_table_line_is_named() {
    use urlhashlab::mechanisms::fingerprint::{HostTable, SitesStudy};
    let (mut lab, lines) = fp_lab();
    let (r, _) = ok(study_sliced(&mut lab, "fpSites", sites(FP_TABLE, 1e6), 3));
    let mut native = SitesStudy::new(HostTable::parse(FP_TABLE).unwrap());
    for (number, l) in &lines {
        let _ = native.push(*number, l);
    }
    assert_eq!(r["sites"], as_json(&native.finish()));
    let s = &r["sites"];
    // The page of /xxgk/ under two names and two IPs: one Name_ID, two IP_IDs.
    assert_eq!(s["table"]["alias_ips"], 1);
    assert_eq!(s["table"]["mirror_hosts"], 1);
    assert!(s["distinct_ip_ids"].as_u64() < s["distinct_host_keys"].as_u64());
    assert!(s["distinct_name_ids"].as_u64() < s["distinct_ip_ids"].as_u64());
    assert_eq!(s["unparsable"]["count"], 3);
    // The first 5 lines only.
    let r = ok(study(&mut lab, "fpSites", sites(FP_TABLE, 5.0)));
    assert_eq!(
        (&r["prefix"]["lines"], &r["prefix"]["capped"]),
        (&Value::from(5), &Value::from(true))
    );
    assert_eq!(r["sites"]["distinct_host_keys"], 3);
    assert_eq!(r["sites"]["distinct_name_ids"], 1);
    // A bad line is an error naming it; nothing runs.
    for (table, needle) in [
        (
            "a.cn 1.2.3.4\nb.cn\n",
            "host table, line 2: expected `host ip`",
        ),
        (
            "# c\n\na.cn 1.2.3.999\n",
            "host table, line 3: `1.2.3.999` is not an IPv4 or IPv6 address",
        ),
        ("1.2.3.4 a.cn\n", "reads as `ip host`"),
        ("a.cn/x 1.2.3.4\n", "is not a host name"),
    ] {
        assert_err(study(&mut lab, "fpSites", sites(table, 1e6)), needle);
    }
    assert_err(
        study(&mut lab, "fpSites", sites("", 0.0)),
        r#"{"code":"not-whole","args":["lines""#,
    );
    // An empty table resolves nothing: every key keeps its host.
    let r = ok(study(&mut lab, "fpSites", sites("# nothing\n", 1e6)));
    assert_eq!(
        r["sites"]["distinct_ip_ids"],
        r["sites"]["distinct_host_keys"]
    );
    assert_eq!(r["sites"]["unresolved"]["count"], 12);
}

#[wasm_bindgen_test]
fn fp_combos_equal_the_studys_rows_and_unknown_toggles_are_errors() {
    use urlhashlab::mechanisms::fingerprint::{Canonicalizer, Toggle, Toggles};
    let (mut lab, lines) = fp_lab();
    let report = ok(study(&mut lab, "fp", MaxLines { max_lines: 1e6 }));
    let c = &report["canonical"];
    let mut combo = |ids: &str| {
        let toggles: Vec<&str> = ids.split(',').filter(|t| !t.trim().is_empty()).collect();
        let params = serde_json::json!({"toggles": toggles, "maxLines": 1e6});
        ok(study_sliced(&mut lab, "fpCombo", params, 5)).0
    };
    // None: the lines as they are.
    let r = combo("");
    assert_eq!(r["distinct_after"], c["distinct_before"]);
    assert_eq!(
        (&r["merged"], &r["changed_lines"]),
        (&Value::from(0), &Value::from(0))
    );
    assert_eq!(r["unparsable"], c["unparsable"]);
    assert_eq!(r["parsed"], c["parsed"]);
    // Each alone equals its row; all eight the study's `all`, whatever the order given.
    for (i, t) in Toggle::ALL.iter().enumerate() {
        let r = combo(t.id());
        assert_eq!(
            r["distinct_after"],
            c["toggles"][i]["distinct_after"],
            "{}",
            t.id()
        );
        assert_eq!(
            r["changed_lines"],
            c["toggles"][i]["changed_lines"],
            "{}",
            t.id()
        );
        assert_eq!(r["toggles"], serde_json::json!([t.id()]));
    }
    let mut ids: Vec<&str> = Toggle::ALL.iter().map(|t| t.id()).collect();
    ids.reverse();
    let r = combo(&format!(" {} ,", ids.join(" , ")));
    assert_eq!(r["distinct_after"], c["all"]["distinct_after"]);
    assert_eq!(r["merged"], c["all"]["merged"]);
    assert_eq!(r["toggles"][0], "add-scheme");
    // A pair, counted natively with the Canonicalizer.
    let r = combo("drop-www,trailing-slash");
    let canon =
        Canonicalizer::new(Toggles::only(Toggle::DropWww).with(Toggle::TrailingSlash, true));
    let mut set = std::collections::HashSet::new();
    for (_, l) in &lines {
        if let Ok(s) = canon.canonical(&String::from_utf8_lossy(l)) {
            set.insert(s);
        }
    }
    assert_eq!(r["distinct_after"], set.len());
    // The page of /xxgk/ in five spellings becomes one with every toggle on.
    assert!(c["all"]["merged"].as_u64().unwrap() >= 4);
    // Unknown toggles are JsErrors that list the known ones.
    let params = serde_json::json!({"toggles": ["drop-www", "lowercase"], "maxLines": 1e6});
    let msg = assert_err(
        study(&mut lab, "fpCombo", params),
        "unknown canonicalisation 'lowercase'",
    );
    assert!(
        msg.contains("lowercase-host") && msg.contains("drop-session-ids"),
        "{msg}"
    );
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Combo {
        toggles: [&'static str; 1],
        max_lines: f64,
    }
    let half = Combo {
        toggles: ["drop-www"],
        max_lines: 0.5,
    };
    assert_err(
        study(&mut lab, "fpCombo", half),
        r#"{"code":"not-whole","args":["lines""#,
    );
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

// ------------------------------------------------------------------------------------------
// The lessons' self-check questions

#[wasm_bindgen_test]
fn quiz_questions_are_the_cores_on_the_picked_line_and_errors_are_coded() {
    let lab = corpus_lab(5_000, "elfhash", BIG);
    let corpus = Corpus::new(2004);
    for index in 0..5 {
        let q = json(lab.quiz("p1", 31.0, index));
        let line = urlhashlab::engine::quiz::pick(31, "p1", index, 0, 5_000);
        let mut url = Vec::new();
        corpus.url(line, &mut url);
        let want = urlhashlab::engine::quiz::slot(31, index, &url);
        assert_eq!(q["answer"], want.answer.as_str());
        assert_eq!(q["args"][0], String::from_utf8(url).unwrap().as_str());
        // The same seed and index, the same question.
        assert_eq!(json(lab.quiz("p1", 31.0, index)), q);
    }
    for lesson in ["p2", "p3", "p4"] {
        let q = json(lab.quiz(lesson, 8.0, 0));
        assert_eq!(q["lesson"], lesson);
    }
    assert_err(lab.quiz("p5", 8.0, 0), r#"{"code":"quiz-needs-filter""#);
    assert_err(
        lab.quiz("p9", 8.0, 0),
        r#"{"code":"quiz-lesson","args":["p9"]}"#,
    );
    assert_err(
        lab.quiz("p1", -1.0, 0),
        r#"{"code":"not-whole","args":["seed""#,
    );
    let empty = Lab::new(BIG);
    assert_err(empty.quiz("p1", 1.0, 0), r#"{"code":"no-urls""#);
}

#[wasm_bindgen_test]
fn slot_maps_are_the_cores_pixels_and_each_keeps_its_own() {
    use urlhashlab::mechanisms::slotmap::{draw, Layout};
    let mut lab = corpus_lab(20_000, "elfhash,hfip,hf", BIG);
    let m = 1u32 << 14;
    let mut datas = Vec::new();
    for (f, id) in [(HashId::HfIp, "hfip"), (HashId::Hf, "hf")] {
        let map = ok(lab.slot_map(id, "url", f64::from(m), "linear"));
        let image: web_sys::ImageData = js_sys::Reflect::get(&map, &"image".into())
            .unwrap()
            .dyn_into()
            .unwrap();
        js_sys::Reflect::delete_property(map.unchecked_ref::<js_sys::Object>(), &"image".into())
            .unwrap();
        let legend: Value = serde_wasm_bindgen::from_value(map).unwrap();
        let counts = ok(lab.histogram(id, "url", f64::from(m)));
        let core = draw(&counts, Layout::Linear).unwrap();
        assert_eq!(legend["width"], core.width);
        assert_eq!(legend["height"], core.height);
        assert_eq!(legend["n"], 20_000);
        assert_eq!(legend["classes"][0]["slots"], core.classes[0].slots);
        assert_eq!(
            legend["classes"].as_array().unwrap().len(),
            core.classes.len()
        );
        assert_eq!((image.width(), image.height()), (core.width, core.height));
        assert_eq!(image.data().0, core.rgba, "{f:?}");
        datas.push(image);
    }
    // Each image holds its own pixels, not a view of memory the next one reuses.
    let first = urlhashlab::mechanisms::slotmap::draw(
        &ok(lab.histogram("hfip", "url", f64::from(m))),
        Layout::Linear,
    )
    .unwrap();
    assert_eq!(datas[0].data().0, first.rgba);
    assert_ne!(datas[0].data().0, datas[1].data().0);
    assert_err(
        lab.slot_map("hfip", "url", f64::from(1u32 << 23), "linear"),
        "slotmap-slots",
    );
    assert_err(
        lab.slot_map("hfip", "url", f64::from(m), "spiral"),
        "bad-params",
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
