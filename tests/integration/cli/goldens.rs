//! Goldens of the commands not covered by another module (P3's report, `fingerprint`,
//! `trie`, P4 and P5 without their times).

use super::helpers::*;

#[test]
fn the_commands_without_a_golden_elsewhere_have_one() {
    golden("paper-p3.txt", &ok(&urlhash(&["paper", "p3"])));
    golden(
        "fingerprint-sample-1000.txt",
        &ok(&urlhash(&["fingerprint", "data/corpus-sample-1000.txt"])),
    );
    // The rest measure times too: their goldens hold everything else.
    let timed: [(&str, &[&str]); 3] = [
        (
            "trie-sample-1000.json",
            &["trie", "--json", "data/corpus-sample-1000.txt"],
        ),
        (
            "paper-p4-3000.json",
            &["paper", "p4", "--n", "3000", "--json"],
        ),
        (
            "paper-p5-3000.json",
            &["paper", "p5", "--n", "3000", "--json"],
        ),
    ];
    for (name, args) in timed {
        let mut v: serde_json::Value = serde_json::from_str(&ok(&urlhash(args))).unwrap();
        without_times(&mut v);
        golden(name, &serde_json::to_string_pretty(&v).unwrap());
    }
}
