//! The page's second module (`Beyond`, feature `beyond`): the lines a `Lab` hands over, the
//! rebalancing view's job on them equal to the native study, its lookups timed in the browser.

use super::helpers::*;
use urlhashlab::adapters::beyond::Beyond;
use urlhashlab::foundation::lines::LineSplitter;
use urlhashlab::mechanisms::partition::{Rebalance, RebalanceParams, Scheme};
use wasm_bindgen::JsError;
use wasm_bindgen_test::*;

/// `lab`'s lines handed over to a new `Beyond` in blocks of at most `max_bytes`; the blocks.
fn handed(lab: &urlhashlab::adapters::wasm::Lab, max_bytes: f64) -> (Beyond, usize) {
    let mut beyond = Beyond::new();
    let (mut start, mut blocks) = (0.0, 0);
    loop {
        blocks += 1;
        let next = ok(beyond.receive(&lab.handover(start, max_bytes)));
        if next < 0.0 {
            return (beyond, blocks);
        }
        start = next;
    }
}

fn rebalance(beyond: &mut Beyond, params: serde_json::Value) -> Result<serde_json::Value, JsError> {
    let id = beyond.job_begin("rebalance", to_params(&params))?;
    while beyond.job_run(id, 2)? < 1.0 {}
    Ok(json(beyond.job_finish(id)))
}

#[wasm_bindgen_test]
fn the_rebalance_job_on_handed_lines_equals_the_native_study_and_is_timed() {
    with_suffix_rules();
    let (lab, _) = loaded(&[LIST], "elfhash", "url", BIG);
    // Handed over a line a block (each line is over 1 byte), then all at once: the same report.
    let (mut one_by_one, blocks) = handed(&lab, 1.0);
    assert_eq!((blocks, one_by_one.len()), (7, 7));
    let (mut at_once, blocks) = handed(&lab, BIG);
    assert_eq!(blocks, 1);
    let params = serde_json::json!({"from": 3, "to": 4, "vnodes": 10});
    let mut r = ok(rebalance(&mut one_by_one, params.clone()));
    assert!(
        r == ok(rebalance(&mut at_once, params)),
        "blocks change the report"
    );
    // The same lines through the core natively (this module, compiled to wasm32 too).
    let mut native = Rebalance::new(RebalanceParams::new(3, 4, 10).unwrap()).unwrap();
    let mut lines = Vec::new();
    let mut splitter = LineSplitter::new();
    splitter.feed(LIST, |l| lines.push((l.number, l.bytes.to_vec())));
    splitter.finish(|l| lines.push((l.number, l.bytes.to_vec())));
    for (n, line) in &lines {
        let _ = native.push(*n, line);
    }
    let want = as_json(&native.finish());
    assert_eq!(r["prefix"]["lines"], 7, "every loaded line read");
    r.as_object_mut().unwrap().remove("prefix");
    assert!(r == want, "the job's report is not the native study's");
    assert!(
        r["urls"].as_u64().unwrap() > 0 && r["unsplittable"].as_u64().unwrap() > 0,
        "{r}"
    );
    let times = json(at_once.rebalance_time(4, 10));
    let ids: Vec<String> = Scheme::all(10).iter().map(Scheme::id).collect();
    let got: Vec<&str> = times
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(got, ids);
    for t in times.as_array().unwrap() {
        let ns = t["ns_per_lookup"].as_f64().unwrap();
        assert!(ns.is_finite() && ns >= 0.0, "{t}");
    }
    // Out of range: a coded error, never a trap.
    let e = assert_err(
        rebalance(
            &mut at_once,
            serde_json::json!({"from": 0, "to": 4, "vnodes": 10}),
        ),
        "rebalance-nodes-range",
    );
    assert!(
        e.starts_with(r#"{"code":"rebalance-nodes-range","args":["0"]}"#),
        "{e}"
    );
}

#[wasm_bindgen_test]
fn the_first_module_names_the_second_and_a_damaged_block_is_refused() {
    with_suffix_rules();
    let (mut lab, _) = loaded(&[LIST], "elfhash", "url", BIG);
    assert_err(
        study(
            &mut lab,
            "rebalance",
            serde_json::json!({"from": 3, "to": 4, "vnodes": 10}),
        ),
        "second module",
    );
    let block = lab.handover(0.0, BIG);
    let mut beyond = Beyond::new();
    assert_err(beyond.receive(&block[1..]), "handover-unreadable");
    // Nothing received: no line read, not the last input's.
    let empty = ok(rebalance(
        &mut beyond,
        serde_json::json!({"from": 3, "to": 4, "vnodes": 10}),
    ));
    assert_eq!(
        (&empty["links"], &empty["prefix"]["lines"]),
        (&0.into(), &0.into())
    );
    // A corpus input crosses as its range: the study reads the same URLs.
    let mut corpus = urlhashlab::adapters::wasm::Lab::new(BIG);
    ok(corpus.begin("elfhash", "url"));
    ok(corpus.push_corpus(0.0, 2_000, 2004));
    ok(corpus.finish());
    let (mut beyond, blocks) = handed(&corpus, 1.0);
    assert_eq!((blocks, beyond.len()), (1, 2_000));
    let r = ok(rebalance(
        &mut beyond,
        serde_json::json!({"from": 7, "to": 8, "vnodes": 100}),
    ));
    assert_eq!(
        (&r["links"], &r["prefix"]["lines"]),
        (&2_000.into(), &2_000.into()),
        "{r}"
    );
}
