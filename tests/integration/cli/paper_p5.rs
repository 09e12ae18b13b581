//! `urlhash paper p5`: P5's Fig. 3 replayed with the store on disk.

use super::helpers::*;

/// P5's Fig. 3 with the store on disk (a SQLite file), its streams' duplicates, and its
/// misprints with live numbers; the goldens hold everything but the times.
#[test]
fn paper_p5_replays_fig3_on_disk_and_flags_its_misprints() {
    let args = ["paper", "p5", "--n", "3000", "--disk"];
    let mut v: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&[&args[..], &["--json"]].concat()))).unwrap();
    let disk = v["fig3_disk"].as_array().unwrap();
    let media: Vec<&str> = disk.iter().map(|r| r["medium"].as_str().unwrap()).collect();
    assert_eq!(media, ["disk", "disk-no-indices"].repeat(4));
    let u = |x: &serde_json::Value| x.as_u64().unwrap();
    for r in disk.iter().chain(v["fig3"].as_array().unwrap()) {
        // The found branch ran once per duplicate the stream was made with, in both flows; the
        // zero-counter branch is the lookups IMP-CB avoided.
        assert_eq!(u(&r["found"]), u(&r["duplicates"]), "{r}");
        assert_eq!(u(&r["store_found"]), u(&r["duplicates"]), "{r}");
        assert_eq!(u(&r["lookups_avoided"]), u(&r["by_counters"]), "{r}");
        assert_eq!(
            u(&r["by_counters"]) + u(&r["found"]) + u(&r["not_found"]),
            u(&r["n"])
        );
    }
    // The misprints, as data: (a) by hand at m = 2, Nk = 3, j = 1: P(c >= 1) = 7/8 against the
    // printed 3/8; (c) the printed double increment leaves counts after every delete.
    let m = &v["misprints"];
    let a = &m["tail_bound"][1];
    assert_eq!(
        (&a["setting"], &a["j"], &a["holds"]),
        (&"by hand".into(), &1.into(), &false.into())
    );
    assert!((a["exact_tail"].as_f64().unwrap() - 0.875).abs() < 1e-12);
    assert!((a["printed_right_side"].as_f64().unwrap() - 0.375).abs() < 1e-12);
    let small = &m["double_increment"][1];
    assert_eq!(small["nonzero_after_deleting_all_lab"], 0);
    assert!(u(&small["nonzero_after_deleting_all_printed"]) > 0);
    assert_eq!(m["names"][1]["name"], "IMP-CM");
    without_times(&mut v);
    golden(
        "paper-p5-disk-3000.json",
        &serde_json::to_string_pretty(&v).unwrap(),
    );
    let (_, tables) = csv_of(&[&args[..], &["--csv"]].concat());
    golden("paper-p5-disk-3000.csv", &csv_without_times(tables));
    // The text names the shares and the misprints; another share is taken, 100 % is refused.
    let text = ok(&urlhash(&[
        "paper",
        "p5",
        "--n",
        "2000",
        "--dup-share",
        "7.8%",
    ]));
    for needle in [
        "7.8 % of them repeating an earlier URL",
        "29 % near-duplicate pages",
        "5. P5's misprints, live:",
        "(d) The algorithm has two names: IMP-CB 6 times",
        "--disk replays it",
    ] {
        assert!(text.contains(needle), "{needle}\n{text}");
    }
    let out = urlhash(&["paper", "p5", "--n", "2000", "--dup-share", "100%"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("below 1 (100 %)"), "{}", stderr(&out));
}
