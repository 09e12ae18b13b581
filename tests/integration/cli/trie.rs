//! `urlhash trie` (and P4's and P5's papers, which report on the same structures).

use super::helpers::*;

#[test]
fn trie_and_papers_p4_p5_report_what_they_measure() {
    let json = ok(&urlhash(&["trie", "--json", "--step", "250", SAMPLE]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["study"]["distinct"], 1000);
    let timed = v["timed"].as_array().unwrap();
    assert_eq!(timed.len(), 6);
    for t in timed {
        assert_eq!(t["stored"], 1000, "{}", t["structure"]);
        assert!(t["heap_bytes_per_url"].as_f64().unwrap() > 0.0);
        // Timed as it grows: 4 batches of 250.
        let growth: Vec<u64> = t["growth"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["n"].as_u64().unwrap())
            .collect();
        assert_eq!(growth, [250, 500, 750, 1000], "{}", t["structure"]);
    }
    assert_eq!(v["study"]["checkpoints"].as_array().unwrap().len(), 4);
    // The printed list's flaw: a prefix of a stored URL reads as seen.
    let out = urlhash_stdin(
        &["trie", "--json", "-"],
        b"http://a.cn/abc\nhttp://a.cn/ab\nhttp://a.cn/abcd\nhttp://a.cn/abc\n",
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(v["study"]["distinct"], 3);
    assert_eq!(v["study"]["flaw"]["false_duplicates"], 1);
    assert_eq!(v["study"]["flaw"]["examples"][0]["url"], "http://a.cn/ab");
    // A prefix only, said on stderr and in the JSON.
    let out = urlhash(&["trie", "--json", "--limit", "300", SAMPLE]);
    let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(
        (
            v["input"]["measured_lines"].as_u64(),
            v["input"]["urls"].as_u64()
        ),
        (Some(300), Some(1000))
    );
    assert_eq!(v["study"]["distinct"], 300);
    assert!(stderr(&out).contains("measured on the first 300 of 1 000 URL lines"));
    let p4 = ok(&urlhash(&["paper", "p4", "--n", "2000"]));
    assert!(
        p4.contains("968 ms") && p4.contains("2 MB for 10 000 URLs"),
        "{p4}"
    );
    let p5 = ok(&urlhash(&["paper", "p5", "--json", "--n", "4000"]));
    let v: serde_json::Value = serde_json::from_str(&p5).unwrap();
    assert_eq!(v["fig3"].as_array().unwrap().len(), 4);
    assert_eq!(v["fig3"][3]["n"], 4000);
    // P5's 29 %: 1 160 of the 4 000 pages repeat one, and both flows find exactly those.
    let f = &v["fig3"][3];
    assert_eq!(
        (&f["duplicates"], &f["store_found"], &f["found"]),
        (&1160.into(), &1160.into(), &1160.into())
    );
    assert_eq!(v["fig3_disk"].as_array().unwrap().len(), 0);
    assert_eq!(v["fpr"].as_array().unwrap().len(), 16);
    let t = &v["deletion_p5"]["theory"];
    assert!(
        (t["bound_printed_j16"].as_f64().unwrap() / t["m"].as_f64().unwrap() - 1.37e15).abs() < 1e9
    );
    for r in v["deletion_saturating"]["rows"].as_array().unwrap() {
        if r["structure"] == "imp-cb" {
            assert_eq!(r["false_negatives"], 0);
        }
    }
}
