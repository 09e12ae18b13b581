//! `urlhash paper p2`: P2's report on the built-in corpus, golden.

use super::helpers::*;

#[test]
fn paper_p2_golden_on_the_built_in_corpus() {
    let out = ok(&urlhash(&["paper", "p2"]));
    golden("paper-p2.txt", &out);
    assert!(out.contains("Input: built-in corpus, 246 951 URLs, seed 2004."));
    assert!(out.contains("p2-printed   could not:"));
    assert!(out.contains("p2-xor       could not:"));
    assert!(out.contains("p2-repaired  could (the lab's repair, not P2's)"));
    let json = ok(&urlhash(&["paper", "p2", "--json", "--n", "5000"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["printed"]["node_urls"][0], 35_580);
    assert_eq!(v["simulation"]["urls"], 5000);
    assert_eq!(v["verdicts"].as_array().unwrap().len(), 3);
    assert_eq!(v["simulation"]["policies"].as_array().unwrap().len(), 9);
    // Table 1's matches: system = control + Σ nodes, printed and replayed (P2 §3.3).
    assert!(out.contains("  P2 as printed      2 066 713   1 806 747   38 076   37 408"));
    let json = ok(&urlhash(&["paper", "p2", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let u = |x: &serde_json::Value| x.as_u64().unwrap();
    let matching = v["control"]["node_matching"].as_array().unwrap();
    assert_eq!(matching.len(), 9);
    for m in matching {
        let nodes: u64 = m["node_matches"].as_array().unwrap().iter().map(u).sum();
        assert_eq!(u(&m["nodes_matches"]), nodes);
        assert_eq!(
            u(&m["system_matches"]),
            u(&m["control_matches"]) + nodes,
            "{}",
            m["policy"]
        );
        // No duplicates in the corpus: every link reaches the control node.
        assert_eq!(m["control_matches"], v["simulation"]["control_matches"]);
    }
    // The one site past 0.75 · 2^15 paths is re-hashed once, to 2^16 slots, under every reading.
    for re in v["control"]["rehash"].as_array().unwrap() {
        assert_eq!(re["sites_rehashed"], 1);
        let site = &re["sites"][0];
        assert_eq!(site["host"], "www.nbkie.com");
        assert_eq!((u(&site["paths"]), u(&site["rehashes"])), (44_405, 1));
        assert_eq!(u(&site["before"]["slots"]), 32_768);
        assert_eq!(u(&site["after"]["slots"]), 65_536);
        assert!(site["after"]["load_factor"].as_f64().unwrap() < 0.75);
    }
}
