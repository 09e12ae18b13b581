//! `urlhash fingerprint` and `urlhash paper p3`: goldens and host tables.

use super::helpers::*;

#[test]
fn fingerprint_and_paper_p3() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = dir.path().join("hosts.txt");
    std::fs::write(
        &hosts,
        "# aliases share an IP; a mirror serves one name from two IPs\nwww.a.cn 10.0.0.1\na.cn 10.0.0.1\nwww.b.cn 10.0.0.2\nwww.b.cn 10.0.0.3\nmirror.b.cn 10.0.0.3\n",
    )
    .unwrap();
    let list = dir.path().join("urls.txt");
    std::fs::write(
        &list,
        "http://www.a.cn/x\nhttp://a.cn/x\nhttp://WWW.A.cn:80/x#top\nhttp://www.b.cn/y\nhttp://mirror.b.cn/y\nhttp://www.a.cn/x\nmailto:me@a.cn\n",
    )
    .unwrap();
    let (hosts, list) = (hosts.to_str().unwrap(), list.to_str().unwrap());
    let json = ok(&urlhash(&["fingerprint", "--json", "--hosts", hosts, list]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let p3 = &v["p3"];
    assert_eq!(p3["input"]["lines"], 7);
    assert_eq!(p3["input"]["duplicate_lines"], 1);
    assert_eq!(p3["reveals"][0]["matches"][0]["text"], "");
    // Canonicalising merges the upper-case host with its port and fragment into www.a.cn/x.
    let c = &v["canonical"];
    assert_eq!(c["unparsable"]["count"], 1);
    assert!(c["all"]["merged"].as_u64().unwrap() >= 1, "{c}");
    let s = &p3["sites"];
    assert!(
        s["distinct_ip_ids"].as_u64().unwrap() < s["distinct_host_keys"].as_u64().unwrap(),
        "{s}"
    );
    // P3's store: a.cn/x is an alias of www.a.cn/x (appended, kept); mirror.b.cn/y is on
    // 10.0.0.3, whose first name is www.b.cn: same Name_ID, other IP, dropped; WWW.A.cn:80/x
    // and the last www.a.cn/x repeat the first (the parser lower-cases and drops :80).
    let st = &s["store"];
    let steps: Vec<(String, u64, u64, u64, u64)> = st["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let n = |k: &str| x[k].as_u64().unwrap();
            (
                x["step"].as_str().unwrap().to_owned(),
                n("before"),
                n("dropped"),
                n("appended"),
                n("after"),
            )
        })
        .collect();
    let want = [
        ("repeat", 6, 2, 0, 4),
        ("same-ip", 4, 0, 1, 4),
        ("same-name", 4, 1, 0, 3),
        ("similar-site", 3, 0, 0, 3),
    ];
    assert_eq!(
        steps,
        want.map(|(s, a, b, c, d)| (s.to_owned(), a, b, c, d)),
        "{st}"
    );
    assert_eq!(
        (st["records"].as_u64(), st["stored_urls"].as_u64()),
        (Some(2), Some(3))
    );
    let text = ok(&urlhash(&[
        "fingerprint",
        "--hosts",
        hosts,
        "--mirror-similarity",
        "0.5",
        list,
    ]));
    assert!(
        text.contains("Jaccard of path sets ≥ 0.5 and ≥ 3 shared paths"),
        "{text}"
    );
    let text = ok(&urlhash(&["paper", "p3", "--n", "3000"]));
    assert!(
        text.contains("D41D8CD98F00B204E9800998ECF8427E")
            && text.contains("MD5 of the empty string")
    );
    assert!(
        text.contains("26 087 636"),
        "n at which 128-bit collisions reach 10^-24"
    );
    std::fs::write(dir.path().join("bad.txt"), "www.a.cn\n").unwrap();
    let bad = dir.path().join("bad.txt");
    expect_errors(&[
        (
            &["fingerprint", "--hosts", bad.to_str().unwrap(), SAMPLE],
            1,
            "line 1",
        ),
        (
            &["fingerprint", "--hosts", "no/such/table", SAMPLE],
            1,
            "cannot read the host table",
        ),
    ]);
}

/// A host table without any `host ip` line is said, a binary one or a directory stops.
#[test]
fn bad_host_tables_get_clear_messages() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty-table.txt");
    std::fs::write(&empty, "# nothing here\n\n").unwrap();
    let binary = dir.path().join("table.bin");
    std::fs::write(&binary, b"www.a.cn \xFF\xFE\x00\n").unwrap();
    let out = urlhash(&["fingerprint", "--hosts", empty.to_str().unwrap(), SAMPLE]);
    ok(&out);
    assert!(
        stderr(&out).contains("has no `host ip` line: IP_ID and Name_ID cannot merge anything"),
        "{}",
        stderr(&out)
    );
    let dir_path = dir.path().to_str().unwrap().to_string();
    expect_errors(&[
        (
            &["fingerprint", "--hosts", binary.to_str().unwrap(), SAMPLE],
            1,
            "cannot read the host table",
        ),
        (
            &["paper", "p3", "--hosts", &dir_path, SAMPLE],
            1,
            "cannot read the host table",
        ),
    ]);
}
