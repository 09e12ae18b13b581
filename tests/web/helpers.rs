//! What the views' tests share: the JS classes a result becomes, the hand-built list and its
//! awkward chunks, the errors, and running a study in slices.

use serde_json::Value;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::key::{self, Key};
use urlhashlab::foundation::lines::LineSplitter;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The JS `Error` class (what a `JsError` becomes on the JS side).
    #[wasm_bindgen(js_name = Error)]
    type JsErrorObject;
    #[wasm_bindgen(method, getter)]
    fn message(this: &JsErrorObject) -> String;

    /// The JS `Uint32Array` class (what a `Vec<u32>` return value becomes).
    #[wasm_bindgen(js_name = Uint32Array)]
    pub type JsUint32Array;
    #[wasm_bindgen(method, getter)]
    pub fn length(this: &JsUint32Array) -> u32;
    #[wasm_bindgen(method, indexing_getter)]
    pub fn get(this: &JsUint32Array, i: u32) -> u32;
}

/// A generous budget: every line is kept.
pub const BIG: f64 = 64.0 * 1024.0 * 1024.0;

/// A hand-built list: a BOM, CRLF and LF endings, a blank line, surrounding spaces, a line
/// whose host cannot be split, non-ASCII bytes, and a last line without a newline.
pub const LIST: &[u8] = b"\xEF\xBB\xBFhttp://www.pku.edu.cn/\r\n\
http://net.pku.edu.cn/~webg/tplan/\r\n\
\r\n\
   www.sina.com.cn/news/index.html  \n\
http://[bad/\n\
http://www.tsinghua.edu.cn/a/b?c=1&d=2\r\n\
http://\xE7\xBD\x91\xE5\x9D\x80.\xE4\xB8\xAD\xE5\x9B\xBD/\xE6\x95\xA3\xE5\x88\x97.html\n\
\n\
http://www.baidu.com/s?wd=url";

/// The URL lines of `LIST` after cleaning, in order.
pub fn list_lines() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut s = LineSplitter::new();
    s.feed(LIST, |l| out.push(l.bytes.to_vec()));
    s.finish(|l| out.push(l.bytes.to_vec()));
    out
}

/// Cut points of `LIST` that split a BOM, a CRLF, a UTF-8 character and a line; includes an
/// empty chunk.
pub fn awkward_chunks() -> Vec<&'static [u8]> {
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

pub fn error_message(e: JsError) -> String {
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
pub fn assert_err<T: std::fmt::Debug>(result: Result<T, JsError>, needle: &str) -> String {
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
pub fn json(v: Result<JsValue, JsError>) -> Value {
    let v = v.unwrap_or_else(|e| panic!("unexpected error: {}", error_message(e)));
    whole_numbers(serde_wasm_bindgen::from_value(v).expect("plain data"))
}

/// Study `kind` begun with `params` (serialised as the worker passes them), run in slices of
/// `budget` units and finished: its report as the page receives it, and the slices it took.
pub fn study_sliced(
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
pub fn study(lab: &mut Lab, kind: &str, params: impl serde::Serialize) -> Result<Value, JsError> {
    study_sliced(lab, kind, params, u32::MAX).map(|(r, _)| r)
}

#[derive(serde::Serialize)]
struct SweepArgs {
    fig: u8,
    step: f64,
}

/// P1's figure `fig` every `step` lines: the sweep's points.
pub fn sweep(lab: &mut Lab, fig: u8, step: f64) -> Result<Value, JsError> {
    study(lab, "sweep", SweepArgs { fig, step }).map(|r| r["points"].clone())
}

/// `urlhash paper p1` on the loaded lines.
pub fn p1_report(lab: &mut Lab) -> Result<Value, JsError> {
    study(lab, "p1", serde_json::json!({}))
}

/// The Bloom study (`bloom`) with `methods` (comma separated) one per m/N of `ratios`, in
/// slices of `budget`: its report and the slices it took.
pub fn bloom(
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
pub struct CbfArgs<'a> {
    pub ratio: f64,
    pub k: u32,
    pub bits: u32,
    pub method: &'a str,
    pub delete_fraction: f64,
}

/// P5's setting: 20 counters of 4 bits per URL, 8 positions from MD5 slices, half deleted.
pub const P5_CBF: CbfArgs = CbfArgs {
    ratio: 20.0,
    k: 8,
    bits: 4,
    method: "md5-slices",
    delete_fraction: 0.5,
};

/// The counting-filter study (`cbf`) in slices of `budget`.
pub fn cbf(lab: &mut Lab, args: CbfArgs, budget: u32) -> Result<Value, JsError> {
    study_sliced(lab, "cbf", args, budget).map(|(r, _)| r)
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrieArgs {
    pub max_lines: f64,
    pub step: f64,
}

/// Parameters as the worker passes them: a plain object.
pub fn to_params(p: &impl serde::Serialize) -> JsValue {
    p.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("parameters serialise")
}

/// The trie study (`trie`) on the first `max_lines` lines, a checkpoint every `step`, in
/// slices of `budget`: its report and the slices it took.
pub fn trie(
    lab: &mut Lab,
    max_lines: f64,
    step: f64,
    budget: u32,
) -> Result<(Value, usize), JsError> {
    study_sliced(lab, "trie", TrieArgs { max_lines, step }, budget)
}

/// The measures of one view (`Lab.view`, what the page reads).
pub fn measures(lab: &mut Lab, f: &str, key: &str, m: f64) -> Result<JsValue, JsError> {
    let view = lab.view(f, key, m, false)?;
    Ok(js_sys::Reflect::get(&view, &"measures".into()).unwrap())
}

/// The bucket-size distribution of one view.
pub fn bucket_sizes(lab: &mut Lab, f: &str, key: &str, m: f64) -> Result<JsValue, JsError> {
    let view = lab.view(f, key, m, true)?;
    Ok(js_sys::Reflect::get(&view, &"buckets".into()).unwrap())
}

pub fn ok<T>(r: Result<T, JsError>) -> T {
    r.unwrap_or_else(|e| panic!("unexpected error: {}", error_message(e)))
}

/// The histogram of `h` over `key` at `m` slots, computed natively from `lines`; lines whose
/// key cannot be split are left out.
pub fn native_histogram(h: HashId, key: Key, m: u32, lines: &[Vec<u8>]) -> Vec<u32> {
    let mut counts = vec![0u32; m as usize];
    for l in lines {
        if let Ok(k) = key::extract(l, key) {
            counts[h.slot(&k, m) as usize] += 1;
        }
    }
    counts
}

pub fn loaded(chunks: &[&[u8]], functions: &str, key: &str, budget: f64) -> (Lab, Value) {
    let mut lab = Lab::new(budget);
    ok(lab.begin(functions, key));
    for c in chunks {
        ok(lab.push_chunk(c));
    }
    let report = json(lab.finish());
    (lab, report)
}

pub fn corpus_text(urls: &[Vec<u8>]) -> Vec<u8> {
    let mut text = Vec::new();
    for u in urls {
        text.extend_from_slice(u);
        text.push(b'\n');
    }
    text
}

pub fn corpus_lab(n: u32, functions: &str, budget: f64) -> Lab {
    let mut lab = Lab::new(budget);
    ok(lab.begin(functions, "url"));
    ok(lab.push_corpus(0.0, n, 2004));
    ok(lab.finish());
    lab
}

/// A small Public Suffix List for the partition tests (the page installs the whole list): the
/// suffixes of `LIST`'s hosts, a wildcard and an exception.
pub const SUFFIX_RULES: &str = "cn\r\ncom.cn\r\nedu.cn\r\ncom\r\n中国\r\n*.ck\r\n!www.ck\r\n";

/// Installs [`SUFFIX_RULES`] unless a list is installed already (a test that needs the list
/// calls this first: tests share the module instance and run in no fixed order).
pub fn with_suffix_rules() {
    if !Lab::has_suffix_rules() {
        assert_eq!(ok(Lab::set_suffix_rules(SUFFIX_RULES)), 7);
    }
}

/// `v` as the Lab's value of it should be: every float exact (no JSON text on the way, whose
/// parsing may round the last bit), whole numbers as integers (see [`whole_numbers`]).
pub fn as_json(v: &impl serde::Serialize) -> Value {
    whole_numbers(serde_json::to_value(v).expect("serialisable"))
}

/// `v` with every number that is a whole number below 2^53 as an integer: a report crosses to
/// JS as numbers, where 2 and 2.0 are one value, so both sides are compared this way.
pub fn whole_numbers(v: Value) -> Value {
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

/// The corpus split as `urlhash bloom --n N` makes it: URLs 0..N inserted, N..2N held out.
pub fn corpus_split(n: u64) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let c = Corpus::new(2004);
    (c.iter(0, n).collect(), c.iter(n, n).collect())
}
