//! `urlhash bloom` and `urlhash cbf` (its counting variant): goldens and theory.

use super::helpers::*;

#[test]
fn bloom_and_cbf_goldens_and_theory() {
    let out = ok(&urlhash(&["bloom", SAMPLE]));
    golden("bloom-sample.txt", &out);
    let json = ok(&urlhash(&[
        "bloom",
        "--json",
        "--bits-per-url",
        "8",
        "--k",
        "1,4",
        "--method",
        "double",
        SAMPLE,
    ]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(v["input"]["inserted"], 500);
    assert_eq!(v["input"]["held_out"], 500);
    for r in rows {
        assert_eq!(r["trials"], 500);
        assert_eq!(r["m"], 4000);
        // k = 1: 1 − (1 − 1/4000)^500 = 1 − e^(500 ln(1 − 1/4000)) = 1 − e^(−0.1250156) = 0.117517;
        // k = 4: (1 − (1 − 1/4000)^2000)^4 = (1 − e^(−0.5000625))^4 = 0.393508^4 = 0.023978.
        let want = if r["k"] == 1 { 0.117_517 } else { 0.023_978 };
        assert!((r["exact"].as_f64().unwrap() - want).abs() < 1e-5, "{r}");
    }
    let saturating = SATURATING_CBF;
    golden("cbf-sample-saturating.txt", &ok(&urlhash(&saturating)));
    let json = ok(&urlhash(&[&saturating[..], &["--json"]].concat()));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lost = |s: &str| {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["structure"] == s)
            .unwrap()["false_negatives"]
            .as_u64()
            .unwrap()
    };
    assert!(
        lost("cbf-decrement") > 0,
        "the plain counting filter loses kept URLs"
    );
    assert_eq!(lost("cbf-sticky"), 0);
    assert_eq!(lost("imp-cb"), 0, "IMP-CB never loses a URL");
    expect_errors(&[
        (&["bloom", "--method", "sha1", SAMPLE], 2, "sha1"),
        (
            &["cbf", "--delete-fraction", "1.5", SAMPLE],
            2,
            "the fraction must be between 0 and 1, got 1.5",
        ),
        (&["cbf", "--counter-bits", "0", SAMPLE], 2, "bits"),
    ]);
    let out = urlhash_stdin(&["bloom", "-"], b"http://only.one/\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("at least 2 are needed"));
}
