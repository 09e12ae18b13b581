//! `urlhash claims`: every live claim of the ledger gets its value from the report that
//! computes it, and the counts match the ledger.

use super::helpers::*;
use serde_json::Value;

#[test]
fn every_live_claim_has_its_value_from_its_report() {
    // 40 000 corpus URLs: enough for P4's Table 1 (16 000 stored, as many looked up); a host
    // table for P3's IP_ID and Name_ID (one alias pair of the corpus's hosts).
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts.txt");
    std::fs::write(
        &hosts,
        "www.pku.edu.cn 162.105.131.113\npku.edu.cn 162.105.131.113\n",
    )
    .unwrap();
    let hosts_arg = format!("--hosts={}", hosts.display());
    let out = ok(&urlhash(&["claims", "--n", "40000", &hosts_arg, "--json"]));
    let ledger: Value = serde_json::from_str(&out).unwrap();
    let claims = ledger["claims"].as_array().unwrap();
    assert!(claims.len() >= 100, "{} claims", claims.len());
    let mut live = 0;
    for c in claims {
        let id = c["id"].as_str().unwrap();
        match c["status"]["is"].as_str().unwrap() {
            "live" => {
                live += 1;
                assert!(
                    !c["value"].is_null(),
                    "{id}: urlhash paper {} --json has no value at {}",
                    c["status"]["report"],
                    c["status"]["field"]
                );
            }
            "flagged" | "quoted" => assert!(c["value"].is_null(), "{id}"),
            other => panic!("{id}: status {other}"),
        }
    }
    assert!(live > 0);
    let counted: u64 = ledger["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["live"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, live, "the counts are the ledger's");
    let on = ledger["measured_on"].as_str().unwrap();
    assert!(on.contains("40 000"), "{on}");
}

#[test]
fn claims_text_and_csv_say_the_same_ledger() {
    let text = ok(&urlhash(&["claims", "--paper", "1", "--n", "5000"]));
    assert!(text.contains("p1.14"), "{text}");
    assert!(text.contains("measured: "), "{text}");
    let (_, tables) = csv_of(&["claims", "--paper", "1", "--no-run", "--csv"]);
    let ids = tables[0].column("id");
    assert!(ids.iter().all(|id| id.starts_with("p1.")), "{ids:?}");
    assert!(text.contains(&format!("{} claims", ids.len())), "{text}");
    expect_errors(&[(&["claims", "-"], 1, "standard input")]);
}
