//! `urlhash partition`: per-node counts, goldens and bad arguments.

use super::helpers::*;

/// The CLI's per-node URL counts equal a count made here from the library's routing functions
/// over the distinct URLs of the sample, for every policy.
#[test]
fn partition_counts_equal_a_direct_count_for_every_policy() {
    use urlhashlab::foundation::key;
    use urlhashlab::mechanisms::partition::{Link, Policy, POLICY_IDS};
    let text = std::fs::read_to_string(root().join(SAMPLE)).unwrap();
    for id in POLICY_IDS {
        let nodes = 5u32;
        let out = ok(&urlhash(&[
            "partition",
            "--policy",
            id,
            "--nodes",
            "5",
            "--json",
            SAMPLE,
        ]));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let policy = Policy::parse(id, None).unwrap();
        let mut seen = std::collections::HashSet::new();
        let mut expected = vec![0u64; nodes as usize];
        for line in text.lines() {
            let p = key::split(line.as_bytes()).unwrap();
            if !seen.insert((p.host.clone(), p.path.clone())) {
                continue;
            }
            let domain = key::registrable_domain(&p.host);
            let link = Link {
                url: line.as_bytes(),
                host: p.host.as_bytes(),
                path: p.path.as_bytes(),
                domain: domain.as_bytes(),
                port: p.port,
            };
            expected[policy.node(&link, nodes) as usize] += 1;
        }
        let got: Vec<u64> = v["policies"][0]["node_urls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(got, expected, "{id}");
        assert_eq!(
            got.iter().sum::<u64>(),
            1000,
            "{id}: every URL on exactly one node"
        );
    }
}

#[test]
fn partition_text_and_json_golden_with_duplicates_and_bad_lines() {
    let input = b"http://www.pku.edu.cn/a.html\nhttp://www.pku.edu.cn/a.html\nwww.tsinghua.edu.cn/\nmailto:x@y.cn\nhttp://news.sina.com.cn:8080/n/1.shtml?id=2\n\nhttp://WWW.PKU.edu.cn/a.html#top\n";
    let out = urlhash_stdin(
        &["partition", "--policy", "p2-printed", "--nodes", "3", "-"],
        input,
    );
    let text = ok(&out);
    golden("partition-p2-printed-stdin.txt", &text);
    assert!(text
        .contains("Links 5 · distinct URLs 3 · duplicates 2 · sites 3 · lines without a host 1"));
    assert!(stderr(&out)
        .contains("1 line(s) have no host and reach no node (first: line 4: the URL has no host)"));
    let out = urlhash_stdin(
        &[
            "partition",
            "--policy",
            "host",
            "--fn",
            "md5",
            "--nodes",
            "2",
            "--json",
            "-",
        ],
        input,
    );
    let json = ok(&out);
    golden("partition-host-md5-stdin.json", &json);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["policies"][0]["policy"], "host:md5");
    assert_eq!(v["input"]["unsplittable"]["first_lines"][0], 4);
    assert_eq!(v["input"]["blank"], 1);
    assert_eq!(v["control_matches"], 2 * 5 - 3);
}

#[test]
fn partition_bad_arguments_get_clear_messages() {
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["partition", "--policy", "host", "--nodes", "0", SAMPLE],
            2,
            "--nodes",
        ),
        (
            &["partition", "--policy", "bogus", SAMPLE],
            2,
            "possible values: p2-printed",
        ),
        (&["partition", SAMPLE], 2, "--policy"),
        (
            &["partition", "--policy", "nutch", "--fn", "md5", SAMPLE],
            1,
            "policy 'nutch' fixes its own hash",
        ),
        (
            &["partition", "--policy", "host", "--site-hash", "hf", SAMPLE],
            2,
            "'hf' is not a reading of P2's site hash",
        ),
        (
            &[
                "partition",
                "--policy",
                "host",
                "--path-hash",
                "md5",
                SAMPLE,
            ],
            2,
            "'md5' is not a reading of P2's path hash",
        ),
        (
            &["partition", "--policy", "host", "no/such/file"],
            1,
            "cannot open 'no/such/file'",
        ),
    ];
    expect_errors(cases);
    // Nutch's seed changes where hosts go, and is Nutch's alone.
    let seeded = ok(&urlhash(&[
        "partition",
        "--policy",
        "nutch",
        "--nutch-seed",
        "-12345",
        "--nodes",
        "5",
        "--json",
        SAMPLE,
    ]));
    let v: serde_json::Value = serde_json::from_str(&seeded).unwrap();
    assert_eq!(v["policies"][0]["policy"], "nutch:-12345");
    let plain = ok(&urlhash(&[
        "partition",
        "--policy",
        "nutch",
        "--nodes",
        "5",
        "--json",
        SAMPLE,
    ]));
    let w: serde_json::Value = serde_json::from_str(&plain).unwrap();
    assert_ne!(v["policies"][0]["node_urls"], w["policies"][0]["node_urls"]);
    expect_errors(&[(
        &["partition", "--policy", "host", "--nutch-seed", "3", SAMPLE],
        1,
        "--nutch-seed applies to the nutch policy only",
    )]);
    let out = urlhash_stdin(
        &["partition", "--policy", "host", "-"],
        b"mailto:a@b.cn\n\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no URLs with a host in standard input"));
}
