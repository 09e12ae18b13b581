//! The partition view: the suffix rules it needs, its job against the native simulation.

use super::helpers::*;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::key;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn partition_and_replay_need_the_suffix_rules_and_say_so_until_they_are_installed() {
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
    // P3's thread replay deals URLs by registrable domain too: the same error, never a trap
    // (the fingerprint view, opened before any partition ran, trapped the module).
    let msg = assert_err(lab.p3_replay(false), "suffix-rules-missing: ");
    assert!(
        msg.starts_with(r#"{"code":"suffix-rules-missing","args":[]}"#),
        "{msg}"
    );
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
