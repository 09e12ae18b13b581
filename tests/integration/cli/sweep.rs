//! `urlhash sweep`: P1's figures as goldens, on a file and on standard input.

use super::helpers::*;

#[test]
fn sweep_golden_csv_and_json() {
    let csv = ok(&urlhash(&[
        "sweep", "--fig", "1,2", "--n", "3000", "--step", "1000", "--csv",
    ]));
    assert_eq!(
        csv.lines().next(),
        Some("figure,measure,function,m,n,value")
    );
    assert_eq!(csv.lines().count(), 1 + 24 * 3);
    golden("sweep-fig12.csv", &csv);
    let fig3 = urlhash(&[
        "sweep", "--fig", "3", "--n", "20000", "--step", "5000", "--json",
    ]);
    let json = ok(&fig3);
    assert!(stderr(&fig3).contains("20 000 URLs drawn at random from 20 000"));
    golden("sweep-fig3.json", &json);
    let text = ok(&urlhash(&["sweep", "--fig", "2", SAMPLE, "--step", "250"]));
    golden("sweep-fig2.txt", &text);
}

#[test]
fn sweep_on_a_file_equals_sweep_on_the_corpus() {
    let from_file = ok(&urlhash(&[
        "sweep", "--fig", "2", "--step", "500", "--csv", SAMPLE,
    ]));
    let from_corpus = ok(&urlhash(&[
        "sweep", "--fig", "2", "--step", "500", "--csv", "--n", "1000",
    ]));
    assert_eq!(from_file, from_corpus);
}

/// `sweep --fig 2,3 -` reads standard input once: Fig. 3's sample is drawn in the same pass.
#[test]
fn sweep_reads_standard_input_once() {
    let text = std::fs::read(root().join(SAMPLE)).unwrap();
    let piped = urlhash_stdin(
        &["sweep", "--fig", "2,3", "--step", "500", "--csv", "-"],
        &text,
    );
    let from_file = urlhash(&["sweep", "--fig", "2,3", "--step", "500", "--csv", SAMPLE]);
    assert_eq!(ok(&piped), ok(&from_file));
    assert!(stderr(&piped).contains("Fig. 3 uses 1 000 URLs drawn at random from 1 000"));
}
