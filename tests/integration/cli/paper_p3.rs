//! `urlhash paper p3 --threads`: P3's spider on several threads.

use super::helpers::*;

/// `paper p3 --threads`: P3's spider on 1, 2 and every core under each locking loses no URL and
/// finds the study's distinct fingerprints; P3's partial locks never make a thread wait when
/// each domain has one thread.
#[test]
fn paper_p3_threads_find_the_same_distinct_urls() {
    let out = ok(&urlhash(&["paper", "p3", "--threads", "--json", SAMPLE]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let distinct = v["p3"]["input"]["distinct_md5"].as_u64().unwrap();
    let runs = v["threads"].as_array().unwrap();
    assert!(runs.len() >= 6, "{runs:?}");
    for r in runs {
        assert_eq!(r["urls"], 1000, "{r}");
        assert_eq!(r["distinct"].as_u64(), Some(distinct), "{r}");
        assert_eq!(r["acquisitions"], 1000, "{r}");
        // One thread per domain under P3's partial locks never waits; threads sharing a domain
        // ("让10个线程负责…域") may, as often as the scheduler interleaves them.
        if (r["locking"] == "partial" && r["per_domain"] == 1) || r["threads"] == 1 {
            assert_eq!(r["contended"], 0, "{r}");
        }
    }
    assert!(
        runs.iter()
            .any(|r| r["locking"] == "partial" && r["per_domain"] == 2),
        "two threads sharing every domain: {runs:?}"
    );
    for lock in ["global", "partial", "sharded"] {
        assert!(runs
            .iter()
            .any(|r| r["locking"] == lock && r["threads"] == 2));
    }
    // Without the flag the report has no threads (and the goldens stay as they are).
    let plain = ok(&urlhash(&["paper", "p3", "--json", SAMPLE]));
    assert!(!plain.contains("\"threads\""));
    let text = ok(&urlhash(&["paper", "p3", "--threads", SAMPLE]));
    assert!(
        text.contains("P3 §3.3, the multi-threaded spider"),
        "{text}"
    );
}
