//! `urlhash dist`: its goldens, awkward input counted, and tables of real lists read by the
//! right column.

use super::helpers::*;
use crate::common;

#[test]
fn dist_golden_json_and_table() {
    let json = ok(&urlhash(&[
        "dist",
        "--fn",
        "elfhash,hfip,hf,md5",
        "--slots",
        "12",
        "--json",
        "--counts",
        SAMPLE,
    ]));
    golden("dist-p1-12.json", &json);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    for f in v["functions"].as_array().unwrap() {
        for key in [
            "n",
            "slots",
            "a",
            "a_opt",
            "b",
            "max_load",
            "empty_slots",
            "chi2",
            "p_value",
        ] {
            assert!(f.get(key).is_some(), "JSON key {key} missing");
        }
        let counts: u64 = f["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert_eq!(counts, 1000);
        assert_eq!(f["n"], 1000);
    }
    let table = ok(&urlhash(&[
        "dist",
        "--fn",
        "site-printed,site-folded,site-java,site-repaired",
        "--key",
        "host",
        "--slots",
        "2097152",
        SAMPLE,
    ]));
    golden("dist-site-host.txt", &table);
    let paths = ok(&urlhash(&[
        "dist",
        "--fn",
        "path-printed,path-xor,path-repaired",
        "--key",
        "path",
        "--slots",
        "32768",
        "--buckets",
        SAMPLE,
    ]));
    golden("dist-path-buckets.txt", &paths);
}

#[test]
fn awkward_input_is_counted_not_lost() {
    let mut input = b"\xEF\xBB\xBFhttp://www.pku.edu.cn/\r\n".to_vec(); // 1: BOM + CRLF
    input.extend_from_slice(b"\r\n"); // 2: blank
    input.extend_from_slice(b"   www.sina.com.cn/news/1.html  \n"); // 3: spaces
    input.extend_from_slice(b"http://bad.cn/\xFF\xFE.html\n"); // 4: invalid UTF-8
    input.extend_from_slice(b"http://nul.cn/a\0b\n"); // 5: NUL
    input.extend(std::iter::repeat_n(b'x', 70 * 1024)); // 6: over 64 KiB
    input.extend_from_slice(b"\nmailto:someone@x.cn\n"); // 7: no host
    input.extend_from_slice(b"http://last.cn/no-newline"); // 8
    let out = urlhash_stdin(
        &["dist", "--fn", "hfip", "--slots", "8", "--json", "-"],
        &input,
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
    let err = stderr(&out);
    assert_eq!(v["input"]["lines"], 8);
    assert_eq!(v["input"]["urls"], 6);
    assert_eq!(v["input"]["blank"], 1);
    assert_eq!(v["input"]["bom"], true);
    assert_eq!(v["input"]["crlf"], 2);
    assert_eq!(v["functions"][0]["n"], 6);
    assert!(
        err.contains("1 line(s) longer than 65536 bytes skipped (line 6)"),
        "{err}"
    );
    assert!(
        err.contains("not valid UTF-8; their bytes are hashed as they are (line 4)"),
        "{err}"
    );
    assert!(
        err.contains("NUL byte; P1's C functions stop there (line 5)"),
        "{err}"
    );

    // With --key host, the mailto: line has no host: reported with its line number.
    let out = urlhash_stdin(
        &[
            "dist", "--fn", "hfip", "--slots", "8", "--key", "host", "--json", "-",
        ],
        &input,
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(v["functions"][0]["n"], 5);
    assert_eq!(
        v["input"]["unsplittable"]["first_lines"],
        serde_json::json!([7])
    );
    assert!(stderr(&out)
        .contains("have no host and are not counted (line 7; first: line 7: the URL has no host)"));

    // slots keeps one output line per URL line, '-' where the key cannot be split.
    let out = urlhash_stdin(
        &[
            "slots", "--fn", "crc32", "--slots", "10", "--key", "host", "-",
        ],
        &input,
    );
    let text = ok(&out);
    assert_eq!(text.lines().count(), 6);
    assert_eq!(text.lines().nth(4), Some("-"));
}

#[test]
fn a_rank_domain_table_is_read_by_its_domain_column_and_the_choice_is_reported() {
    let table: String = [
        "baidu.com",
        "qq.com",
        "sina.com.cn",
        "sohu.com",
        "pku.edu.cn",
    ]
    .iter()
    .enumerate()
    .map(|(i, h)| format!("{},{h}\n", i + 1))
    .collect();
    let hosts: String = table.lines().map(|l| format!("{}\n", &l[2..])).collect();
    let dist = |args: &[&str], input: &str| -> serde_json::Value {
        let mut all = vec!["dist", "--fn", "hf,md5", "--slots", "12", "--json"];
        all.extend_from_slice(args);
        all.push("-");
        serde_json::from_str(&ok(&urlhash_stdin(&all, input.as_bytes()))).unwrap()
    };
    let read = dist(&[], &table);
    assert_eq!(read["input"]["columns"]["column"], 1);
    assert_eq!(read["input"]["columns"]["delimiter"], ",");
    // The same numbers as the hosts alone.
    assert_eq!(read["functions"], dist(&[], &hosts)["functions"]);
    assert!(stderr(&urlhash_stdin(
        &["dist", "--fn", "hf", "--slots", "12", "-"],
        table.as_bytes()
    ))
    .contains("read as a table (comma-separated): column 2"));
    // Whole lines: the rank,host shape is named.
    let whole = dist(&["--column", "0"], &table);
    assert!(whole["input"].get("columns").is_none());
    assert_eq!(whole["input"]["rank_host"]["count"], 5);
    assert_ne!(whole["functions"], read["functions"]);
    // Another column, asked for.
    let ranks = dist(&["--column", "1"], &table);
    assert_eq!(ranks["input"]["columns"]["column"], 0);
}

#[test]
fn real_tables_are_read_by_their_url_or_host_column() {
    let dir = common::data_dir();
    // (file, the column of URLs or hosts from 1, a header line)
    let cases = [
        ("alexa_top1m_cn_subset_2016.csv", 2, false),
        ("alexa_top100k_2015.csv", 2, false),
        ("citizenlab_test_lists_all.csv", 2, true),
        ("malicious_phish_head40k.csv", 1, true),
        ("phishtank_online_valid_2020-05-09.csv", 2, true),
        ("sogouq_2008_sample10k.tsv", 5, false),
        ("tranco_top10k_2023-11.txt", 0, false),
    ];
    for (name, column, header) in cases {
        let path = dir.join(name);
        if !path.exists() {
            let why = format!(
                "{} is absent (the real lists are not part of the repository)",
                path.display()
            );
            common::skip_unless_ci(
                &format!("cli::dist::real_tables_are_read_by_their_url_or_host_column, {name}"),
                &why,
            );
            continue;
        }
        let out = urlhash(&[
            "dist",
            "--fn",
            "hf",
            "--slots",
            "12",
            "--json",
            path.to_str().unwrap(),
        ]);
        let json: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
        let input = &json["input"];
        if column == 0 {
            assert!(input.get("columns").is_none(), "{name} is a list");
        } else {
            assert_eq!(input["columns"]["column"], column - 1, "{name}");
            assert_eq!(input["columns"]["header"], header, "{name}");
        }
    }
}

#[test]
fn hashing_the_path_of_bare_hosts_is_named_on_stderr() {
    let bare = b"http://a.cn/\nhttp://b.cn\nhttps://c.cn/\nhttp://d.cn/news/1.html\n";
    let args = ["dist", "--fn", "hf", "--slots", "12", "--key", "path", "-"];
    let warned = stderr(&urlhash_stdin(&args, bare));
    assert!(warned.contains("3 of 4 paths are `/` alone"), "{warned}");
    // The host key, or paths that differ, say nothing of it.
    let host = ["dist", "--fn", "hf", "--slots", "12", "--key", "host", "-"];
    assert!(!stderr(&urlhash_stdin(&host, bare)).contains("alone"));
    let paths = b"http://a.cn/x\nhttp://b.cn/y\nhttp://c.cn/\n";
    assert!(!stderr(&urlhash_stdin(&args, paths)).contains("alone"));
}
