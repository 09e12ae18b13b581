//! `--csv` at every table command: goldens, tables that read back, the JSON's values.

use super::helpers::*;

#[test]
fn csv_goldens() {
    let s = SAMPLE;
    let plain: [(&str, &[&str]); 6] = [
        (
            "dist-sample-12-counts-buckets.csv",
            &[
                "dist",
                "--fn",
                "elfhash,hf",
                "--slots",
                "12",
                "--counts",
                "--buckets",
                s,
            ],
        ),
        (
            "partition-p2-printed-sample.csv",
            &["partition", "--policy", "p2-printed", "--nodes", "4", s],
        ),
        ("bloom-sample.csv", &["bloom", s]),
        ("cbf-sample-saturating.csv", &SATURATING_CBF),
        ("fingerprint-sample-1000.csv", &["fingerprint", s]),
        ("paper-p1-5000.csv", &["paper", "p1", "--n", "5000"]),
    ];
    for (name, args) in plain {
        golden(name, &csv_of(&[args, &["--csv"]].concat()).0);
    }
    let timed: [(&str, &[&str]); 4] = [
        ("paper-p2-20000.csv", &["paper", "p2", "--n", "20000"]),
        ("trie-sample-1000.csv", &["trie", "--step", "250", s]),
        ("paper-p4-3000.csv", &["paper", "p4", "--n", "3000"]),
        ("paper-p5-3000.csv", &["paper", "p5", "--n", "3000"]),
    ];
    for (name, args) in timed {
        let (_, tables) = csv_of(&[args, &["--csv"]].concat());
        golden(name, &csv_without_times(tables));
    }
}

/// Every command with `--csv` writes tables that read back, a name line before each when there
/// are several; `--csv` and `--json` exclude each other.
#[test]
fn every_table_command_writes_csv() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let s = SAMPLE;
    let cases: [(&[&str], &[&str]); 15] = [
        (&["dist", "--fn", "hf,md5", "--slots", "12", s], &[]),
        (
            &[
                "slotmap",
                "--fn",
                "hf,md5",
                "--slots",
                "64",
                "--out-dir",
                d,
                s,
            ],
            &["hf legend", "md5 legend"],
        ),
        (
            &["slotmap", "--fn", "hf", "--slots", "64", "--out-dir", d, s],
            &[],
        ),
        (&["sweep", "--fig", "2", "--step", "250", s], &[]),
        (
            &["paper", "p1", s],
            &["table", "HfIp slots with a top bit, by M"],
        ),
        (
            &["partition", "--policy", "host", s],
            &[
                "nodes",
                "node matches",
                "biggest sites",
                "site tables",
                "hosts sharing a slot (site-folded)",
                "largest path tables (path-xor)",
                "re-hashed path tables (path-xor)",
            ],
        ),
        (
            &["paper", "p2", s],
            &[
                "Table 1",
                "verdicts",
                "Table 1 matches",
                "site tables",
                "hosts sharing a slot (site-folded)",
                "largest path tables (path-printed)",
                "re-hashed path tables (path-printed)",
                "largest path tables (path-xor)",
                "re-hashed path tables (path-xor)",
                "largest path tables (path-repaired)",
                "re-hashed path tables (path-repaired)",
                "biggest site by policy",
                "route cost",
            ],
        ),
        (
            &["trie", s],
            &[
                "structures",
                "false duplicates",
                "growth in time",
                "growth in bytes per URL",
            ],
        ),
        (
            &["paper", "p4", "--n", "16000"],
            &[
                "P4's times",
                "Table 1 replayed",
                "our lookups",
                "bytes per URL",
                "structures",
                "false duplicates",
                "growth in time",
                "growth in bytes per URL",
            ],
        ),
        (
            &["fingerprint", s],
            &["short fingerprints", "avalanche", "canonicalisation"],
        ),
        (
            &["paper", "p3", s],
            &[
                "birthday bound",
                "printed digests",
                "short fingerprints",
                "avalanche",
                "canonicalisation",
            ],
        ),
        (
            &["bloom", s],
            &["false positives", "the papers' points", "memory"],
        ),
        (&["cbf", s], &[]),
        (
            &["paper", "p5", s],
            &["false positives", "Fig. 3", "deletes"],
        ),
        (
            &["dist", "--fn", "hf", "--slots", "4", "--counts", s],
            &["functions", "hf per-slot counts"],
        ),
    ];
    for (args, names) in cases {
        let (text, tables) = csv_of(&[args, &["--csv"]].concat());
        let got: Vec<&str> = tables.iter().filter_map(|t| t.name.as_deref()).collect();
        assert_eq!(got, names, "{args:?}");
        assert!(
            tables.iter().all(|t| !t.rows.is_empty()
                    || t.name.as_deref() == Some("false duplicates")
                    // No site of this input passes 0.75 · 2^15 paths: the header says "none".
                    || t.name.as_deref().is_some_and(|n| n.starts_with("re-hashed path tables"))),
            "{args:?}: every table has rows:\n{text}"
        );
        // No digit groups: a number in CSV is one token.
        assert!(
            !text.lines().any(|l| l.split(',').any(|f| {
                let f = f.trim_matches('"');
                f.len() > 4
                    && f.split(' ')
                        .all(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()))
                    && f.contains(' ')
            })),
            "{args:?}: no grouped numbers in CSV:\n{text}"
        );
        let both = urlhash(&[args, &["--csv", "--json"]].concat());
        assert_eq!(both.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&both).contains("cannot be used with"),
            "{}",
            stderr(&both)
        );
    }
}

/// `csv` read as a number equals `json`, to the last place (the test's JSON reader may round the
/// last bit differently).
fn same_number(csv: &str, json: &serde_json::Value, what: &str) {
    let (x, y) = (
        csv.parse::<f64>()
            .unwrap_or_else(|e| panic!("{what} {csv:?}: {e}")),
        json.as_f64().unwrap(),
    );
    assert!(
        x == y || (x - y).abs() <= f64::EPSILON * x.abs().max(y.abs()),
        "{what}: CSV {csv}, JSON {y}"
    );
}

/// CSV holds the values the JSON holds, in full: no rounding, no digit groups.
#[test]
fn csv_values_are_the_json_values() {
    let args = [
        "dist",
        "--fn",
        "elfhash,hfip,md5",
        "--slots",
        "1000",
        SAMPLE,
    ];
    let (_, tables) = csv_of(&[&args[..], &["--csv"]].concat());
    let json: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&[&args[..], &["--json"]].concat()))).unwrap();
    let t = &tables[0];
    let functions = json["functions"].as_array().unwrap();
    assert_eq!(t.column("function"), ["elfhash", "hfip", "md5"]);
    for field in [
        "n",
        "a",
        "a_opt",
        "a_random",
        "b",
        "max_load",
        "expected_max_load",
        "empty_slots",
        "expected_empty_slots",
        "chi2",
        "p_value",
    ] {
        for (csv, f) in t.column(field).iter().zip(functions) {
            same_number(csv, &f[field], field);
        }
    }
    let args = ["bloom", "--bits-per-url", "4,9.5", "--k", "3", SAMPLE];
    let (_, tables) = csv_of(&[&args[..], &["--csv"]].concat());
    let json: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&[&args[..], &["--json"]].concat()))).unwrap();
    let rows = json["rows"].as_array().unwrap();
    let t = &tables[0];
    assert_eq!(t.rows.len(), rows.len());
    assert_eq!(t.column("m_over_n")[..2], ["4", "9.5"]);
    for field in [
        "measured",
        "ci_low",
        "ci_high",
        "exact",
        "approx",
        "false_positives",
    ] {
        for (csv, r) in t.column(field).iter().zip(rows) {
            same_number(csv, &r[field], field);
        }
    }
    for (csv, r) in t.column("theory_in_ci").iter().zip(rows) {
        assert_eq!(*csv, r["theory_in_ci"].to_string());
    }
}
