//! `urlhash paper p2`: P2's report on the built-in corpus, golden.

use super::helpers::*;

#[test]
fn paper_p2_golden_on_the_built_in_corpus() {
    let out = ok(&urlhash(&["paper", "p2"]));
    // Section 6 times each policy: the golden is everything before it, and its table is checked
    // for shape below.
    let (untimed, costs) = out
        .split_once("\n6. MD5 mod N against a plain hash")
        .expect("section 6");
    golden("paper-p2.txt", untimed);
    let rows: Vec<&str> = costs
        .lines()
        .skip_while(|l| !l.starts_with("  policy"))
        .skip(1)
        .take_while(|l| l.starts_with("  ") && !l.starts_with("   "))
        .collect();
    let ids: Vec<&str> = rows
        .iter()
        .map(|r| r.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "p2-printed",
            "p2-xor",
            "p2-repaired",
            "host:xxh3",
            "domain:xxh3",
            "url:xxh3",
            "nutch",
            "heritrix",
            "frontera",
            "url:md5"
        ]
    );
    for r in &rows {
        // policy, links timed (16 000, two words), ns per link, passes
        let ns: f64 = r.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert!(ns > 0.0 && ns.is_finite(), "{r}");
    }
    // MD5 balances as a plain hash does (246 951 corpus URLs, 7 nodes), and its line says so.
    assert!(costs.contains("url:md5  B = 1.0"), "{costs}");
    assert!(
        costs.contains(
            "Both splits are as even as chance (χ² p ≥ 0.001): MD5 balances no better than XXH3."
        ),
        "{costs}"
    );
    assert!(
        costs.contains("first 16 000 distinct URLs (of 246 951)"),
        "{costs}"
    );
    assert!(out.contains("Input: built-in corpus, 246 951 URLs, seed 2004."));
    assert!(out.contains("p2-printed   could not:"));
    assert!(out.contains("p2-xor       could not:"));
    assert!(out.contains("p2-repaired  could (the lab's repair, not P2's)"));
    let json = ok(&urlhash(&["paper", "p2", "--json", "--n", "5000"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["printed"]["node_urls"][0], 35_580);
    assert_eq!(v["simulation"]["urls"], 5000);
    assert_eq!(v["verdicts"].as_array().unwrap().len(), 3);
    assert_eq!(v["simulation"]["policies"].as_array().unwrap().len(), 10);
    assert_eq!(v["simulation"]["policies"][9]["policy"], "url:md5");
    // One cost per policy, in the same order, timed on the first distinct URLs.
    let costs = v["costs"].as_array().unwrap();
    assert_eq!(costs.len(), 10);
    for (c, p) in costs
        .iter()
        .zip(v["simulation"]["policies"].as_array().unwrap())
    {
        assert_eq!(c["policy"], p["policy"]);
        assert_eq!(c["links"], 5000);
        assert!(c["ns_per_link"].as_f64().unwrap() > 0.0, "{c}");
    }
    // Table 1's matches: system = control + Σ nodes, printed and replayed (P2 §3.3).
    assert!(out.contains("  P2 as printed      2 066 713   1 806 747   38 076   37 408"));
    let json = ok(&urlhash(&["paper", "p2", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let u = |x: &serde_json::Value| x.as_u64().unwrap();
    let matching = v["control"]["node_matching"].as_array().unwrap();
    assert_eq!(matching.len(), 10);
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
