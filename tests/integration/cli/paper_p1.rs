//! `urlhash paper p1`: P1's report, golden.

use super::helpers::*;

#[test]
fn paper_p1_golden() {
    let out = ok(&urlhash(&["paper", "p1", "--n", "5000"]));
    for needle in [
        "2.75",
        "3.00",
        "hits 4 of 12 slots",
        "low 4 bits",
        "bits 7, 15, 23, 31",
    ] {
        assert!(
            out.contains(needle),
            "paper p1 output lacks {needle:?}:\n{out}"
        );
    }
    golden("paper-p1-5000.txt", &out);
    let json: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&["paper", "p1", "--n", "5000", "--json"]))).unwrap();
    assert_eq!(json["misprint"]["formula"], 3.0);
    assert_eq!(json["hf_multiple_of_3"]["slots_hit_m12"], 4);
}
