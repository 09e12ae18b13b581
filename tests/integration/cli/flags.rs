//! Bad arguments and bad flag values at every command: exit codes and clear messages.

use super::helpers::*;

#[test]
fn bad_arguments_get_clear_messages() {
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["dist", "--fn", "hf", "--slots", "0", SAMPLE],
            2,
            "M must be between 1 and 4294967295, got 0",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "4294967296", SAMPLE],
            2,
            "M must be between 1 and 4294967295",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "-3", SAMPLE],
            2,
            "--slots",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "twelve", SAMPLE],
            2,
            "'twelve' is not a whole number of slots",
        ),
        (
            &["dist", "--fn", "sha1", "--slots", "12", SAMPLE],
            2,
            "unknown hash function 'sha1'; known: elfhash, hfip, hf",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "12", "no/such/file.txt"],
            1,
            "cannot open 'no/such/file.txt'",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "12", "src"],
            1,
            "'src' is a directory",
        ),
        (
            &["sweep", "--fig", "4"],
            2,
            "P1 has figures 1, 2 and 3, not '4'",
        ),
        (&["gen", "--n", "0"], 2, "must be at least 1"),
        (
            &[
                "dist", "--fn", "hf", "--slots", "12", "--key", "domain", SAMPLE,
            ],
            2,
            "--key",
        ),
    ];
    expect_errors(cases);
    // Empty input: nothing useful can be done.
    let out = urlhash_stdin(&["dist", "--fn", "hf", "--slots", "12", "-"], b"\n \n\r\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out)
        .contains("no URLs to hash in standard input (3 lines read, 3 blank, 0 unsplittable)"));
}

/// Bad values of every numeric and named flag: exit 2 before any input is read, and a message
/// that says what is allowed.
#[test]
fn bad_flag_values_get_clear_messages() {
    let s = SAMPLE;
    let cases: &[(&[&str], &str)] = &[
        (
            &["dist", "--fn", "hf", "--slots", "0", s],
            "M must be between 1 and 4294967295, got 0",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "-5", s],
            "M must be between 1 and 4294967295, got -5",
        ),
        (
            &["slots", "--fn", "hf", "--slots", "abc", s],
            "'abc' is not a whole number of slots (1 to 4294967295)",
        ),
        (
            &["slots", "--fn", "hf", "--slots", "4294967296", s],
            "M must be between 1 and 4294967295, got 4294967296",
        ),
        (
            &[
                "dist",
                "--fn",
                "hf",
                "--slots",
                "99999999999999999999999999999999999999999",
                s,
            ],
            "got 99999999999999999999999999999999999999999",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "1.5", s],
            "'1.5' is not a whole number of slots",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "8", "--n", "-1"],
            "must be at least 1, got -1",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "8", "--n", "0"],
            "must be at least 1, got 0",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "8", "--n", "ten"],
            "'ten' is not a positive whole number",
        ),
        (&["gen", "--n", "-1"], "must be at least 1, got -1"),
        (
            &["gen", "--n", "99999999999999999999"],
            "99999999999999999999 is too large (at most 18446744073709551615)",
        ),
        (&["gen", "--n", "5", "--seed", "-1"], "'-1' is not a seed"),
        (
            &["partition", "--policy", "host", "--nodes", "0", s],
            "the number of crawl nodes must be between 1 and 65536, got 0",
        ),
        (
            &["partition", "--policy", "host", "--nodes", "-3", s],
            "got -3",
        ),
        (
            &["partition", "--policy", "host", "--nodes", "65537", s],
            "got 65537",
        ),
        (
            &["sweep", "--fig", "2", "--step", "0", s],
            "'--step <N>': must be at least 1, got 0",
        ),
        (
            &["trie", "--step", "0", s],
            "'--step <N>': must be at least 1, got 0",
        ),
        (
            &["trie", "--limit", "0", s],
            "'--limit <N>': must be at least 1, got 0",
        ),
        (
            &["fingerprint", "--limit", "-2", s],
            "'--limit <N>': must be at least 1, got -2",
        ),
        (
            &["bloom", "--limit", "0", s],
            "'--limit <N>': must be at least 1, got 0",
        ),
        (
            &["paper", "p4", "--limit", "0", s],
            "'--limit <N>': must be at least 1, got 0",
        ),
        (
            &["bloom", "--k", "0", s],
            "k, the indices per URL, must be between 1 and 64, got 0",
        ),
        (
            &["bloom", "--k", "8,65", s],
            "k, the indices per URL, must be between 1 and 64, got 65",
        ),
        (
            &["cbf", "--k", "0", s],
            "k, the indices per URL, must be between 1 and 64, got 0",
        ),
        (
            &["bloom", "--bits-per-url", "0", s],
            "m/N, the bits per URL, must be a positive finite number, got 0",
        ),
        (&["bloom", "--bits-per-url", "-3", s], "got -3"),
        (&["bloom", "--bits-per-url", "NaN", s], "got NaN"),
        (&["bloom", "--bits-per-url", "inf", s], "got inf"),
        (
            &["cbf", "--bits-per-url", "0", s],
            "must be a positive finite number, got 0",
        ),
        (&["cbf", "--bits-per-url", "Infinity", s], "got Infinity"),
        (
            &["cbf", "--bits-per-url", "lots", s],
            "'lots' is not a number of bits per URL",
        ),
        (
            &["cbf", "--delete-fraction", "NaN", s],
            "the fraction must be between 0 and 1, got NaN",
        ),
        (
            &["cbf", "--delete-fraction", "1.5", s],
            "the fraction must be between 0 and 1, got 1.5",
        ),
        (
            &["fingerprint", "--mirror-similarity", "1.5", s],
            "the fraction must be between 0 and 1, got 1.5",
        ),
        (&["paper", "p3", "--mirror-shared", "x"], "'x' is not"),
        (
            &["cbf", "--delete-fraction", "-0.1", s],
            "the fraction must be between 0 and 1, got -0.1",
        ),
        (
            &["cbf", "--counter-bits", "0", s],
            "counters must have 1 to 32 bits, got 0",
        ),
        (
            &["cbf", "--counter-bits", "33", s],
            "counters must have 1 to 32 bits, got 33",
        ),
        (
            &["dist", "--fn", "sha1", "--slots", "8", s],
            "unknown hash function 'sha1'; known: elfhash",
        ),
        (
            &["dist", "--fn", "md5,", "--slots", "8", s],
            "unknown hash function ''",
        ),
        (
            &["partition", "--policy", "bogus", s],
            "[possible values: p2-printed, p2-xor",
        ),
        (
            &["partition", "--policy", "host", "--fn", "nope", s],
            "unknown hash function 'nope'",
        ),
        (
            &["bloom", "--method", "sha1", s],
            "unknown index method 'sha1' (known: independent, double, enhanced-double, md5-slices)",
        ),
        (
            &["cbf", "--method", "triple", s],
            "unknown index method 'triple'",
        ),
        (
            &["dist", "--fn", "hf", "--slots", "8", "--key", "domain", s],
            "[possible values: url, host, path]",
        ),
    ];
    let cases: Vec<(&[&str], i32, &str)> = cases.iter().map(|&(a, n)| (a, 2, n)).collect();
    expect_errors(&cases);
    // M = 2^32 − 1 is the largest M, and accepted.
    ok(&urlhash(&[
        "slots",
        "--fn",
        "md5",
        "--slots",
        "4294967295",
        s,
    ]));
    // Below one bit per URL is allowed, and said.
    for args in [
        &["bloom", "--bits-per-url", "0.5", "--method", "double", s][..],
        &["cbf", "--bits-per-url", "0.5", s][..],
    ] {
        let out = urlhash(args);
        ok(&out);
        assert!(
            stderr(&out).contains("m/N = 0.5 is below 1 bit per URL"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}
