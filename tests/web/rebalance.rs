//! The rebalancing view: its job equals the native study, its lookups are timed in the browser.

use super::helpers::*;
use urlhashlab::foundation::lines::LineSplitter;
use urlhashlab::mechanisms::partition::{Rebalance, RebalanceParams, Scheme};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn the_rebalance_job_equals_the_native_study_and_every_lookup_is_timed() {
    with_suffix_rules();
    let (mut lab, _) = loaded(&[LIST], "elfhash", "url", BIG);
    let mut r = ok(study(
        &mut lab,
        "rebalance",
        serde_json::json!({"from": 3, "to": 4, "vnodes": 10}),
    ));
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
    let times = json(lab.rebalance_time(4, 10));
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
        study(
            &mut lab,
            "rebalance",
            serde_json::json!({"from": 0, "to": 4, "vnodes": 10}),
        ),
        "rebalance-nodes-range",
    );
    assert!(
        e.starts_with(r#"{"code":"rebalance-nodes-range","args":["0"]}"#),
        "{e}"
    );
}
