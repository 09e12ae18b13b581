//! `urlhash quality`: the battery's lines equal the library's on the same list; the result
//! table is SMHasher3's order; text, CSV and JSON name every function and line; --limit,
//! --maps and bad arguments.

use super::helpers::*;
use serde_json::Value;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::mechanisms::quality::{QualityParams, QualityStudy};

/// 3 000 URL lines of 40 sites, 100 of them twice.
fn list() -> String {
    let mut s = String::new();
    for i in 0..3100 {
        let i = i % 3000;
        s.push_str(&format!(
            "http://www.site{}.com.cn/news/{}/item{}.shtml?id={}\n",
            i % 40,
            i % 11,
            i,
            i * 7
        ));
    }
    s
}

/// `v` with its times set to null.
fn untimed(mut v: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for (k, x) in m.iter_mut() {
                    if k == "ns_per_key" || k.ends_with("_seconds") {
                        *x = Value::Null;
                    } else {
                        walk(x);
                    }
                }
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut v);
    v
}

#[test]
fn quality_lines_equal_the_library_on_the_same_list() {
    let input = list();
    let v: Value = serde_json::from_str(&ok(&urlhash_stdin(
        &["quality", "--hash", "xxh3,hf,site-printed", "--json", "-"],
        input.as_bytes(),
    )))
    .unwrap();
    assert_eq!(v["input"]["measured_lines"], 3100);
    assert_eq!(v["lines"], 3100);
    assert_eq!(v["distinct_urls"], 3000);
    let mut study = QualityStudy::for_hashes(
        &[HashId::Xxh3, HashId::Hf, HashId::SitePrinted],
        QualityParams::default(),
    );
    for line in input.lines() {
        study.push(line.as_bytes());
    }
    let mut t = 0.0;
    let mut report = study.finish(&mut || {
        t += 1.0;
        t
    });
    for f in &mut report.functions {
        f.avalanche.clear();
    }
    let lib = untimed(serde_json::to_value(&report).unwrap());
    let cli = untimed(v.clone());
    // Equal but for the last place of a float, which JSON's text may round.
    json_close(&cli["functions"], &lib["functions"], "functions").unwrap();
    assert_eq!(cli["keysets"], lib["keysets"]);
    // Without --maps the heat maps are left out.
    assert!(v["functions"][0]["avalanche"]
        .as_array()
        .unwrap()
        .is_empty());
    // The table: SMHasher3's order, fewest failures after the passing functions.
    let summary = v["summary"].as_array().unwrap();
    let failures: Vec<u64> = summary
        .iter()
        .map(|r| r["failures"].as_u64().unwrap())
        .collect();
    let mut sorted = failures.clone();
    sorted.sort();
    assert_eq!(failures, sorted);
    let row = |id: &str| summary.iter().find(|r| r["hash"] == id).unwrap();
    // P1's printed hash of the last five characters fails every URL keyset; hf's B among 12
    // machines is about 3 (its 3 · Σ c·i is a multiple of 3).
    assert!(row("site-printed")["failures"].as_u64().unwrap() >= 30);
    assert!((row("hf")["b"].as_f64().unwrap() - 3.0).abs() < 0.3);
    for r in summary {
        let (tests, pass, warn, fail) = (
            r["tests"].as_u64().unwrap(),
            r["passed"].as_u64().unwrap(),
            r["warnings"].as_u64().unwrap(),
            r["failures"].as_u64().unwrap(),
        );
        assert_eq!(pass + warn + fail, tests, "{r}");
    }
}

#[test]
fn quality_text_and_csv_show_every_function_and_line() {
    let input = list();
    let args = ["quality", "--hash", "md5,elfhash", "--no-synthetic", "-"];
    let text = ok(&urlhash_stdin(&args, input.as_bytes()));
    assert!(text.starts_with("Hash quality: 2 functions, "), "{text}");
    for needle in [
        "md5",
        "elfhash",
        "one-bit",
        "aval-urls",
        "^99!!",
        "SMHasher3",
    ] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
    assert!(!text.contains("two-bytes"), "--no-synthetic\n{text}");
    let mut csv_args = args.to_vec();
    csv_args.insert(1, "--csv");
    let tables = parse_csv(&ok(&urlhash_stdin(&csv_args, input.as_bytes())));
    let names: Vec<&str> = tables.iter().filter_map(|t| t.name.as_deref()).collect();
    assert_eq!(names, ["summary", "keysets", "keyset_sizes", "tests"]);
    let summary = &tables[0];
    let tests = &tables[3];
    let total: u64 = summary
        .column("tests")
        .iter()
        .map(|n| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(tests.rows.len() as u64, total);
    // Each line's ^N is ⌈−log2 p_corrected⌉, at most 99.
    for (p, n) in tests
        .column("p_corrected")
        .iter()
        .zip(tests.column("log2_p"))
    {
        let p: f64 = p.parse().unwrap();
        let n: u32 = n.parse().unwrap();
        let want = if p >= 1.0 {
            0
        } else {
            ((-p.log2()).ceil() as u32).min(99)
        };
        assert_eq!(n, want, "p = {p}");
    }
    assert_eq!(summary.column("hash")[0], "md5");
}

#[test]
fn quality_limit_and_maps() {
    let input = list();
    let out = urlhash_stdin(
        &[
            "quality",
            "--hash",
            "crc32",
            "--no-synthetic",
            "--limit",
            "500",
            "--json",
            "--maps",
            "-",
        ],
        input.as_bytes(),
    );
    let v: Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(v["input"]["measured_lines"], 500);
    assert_eq!(v["input"]["urls"], 3100);
    assert!(
        stderr(&out).contains("tested the first 500 of 3 100 URL lines (--limit)"),
        "{}",
        stderr(&out)
    );
    let map = &v["functions"][0]["avalanche"][0];
    assert_eq!(map["keyset"], "avalanche-urls");
    assert_eq!(map["input_bits"], 256);
    assert_eq!(map["output_bits"], 32);
    assert_eq!(map["flips"].as_array().unwrap().len(), 256 * 32);
    assert_eq!(map["bic_worst"].as_array().unwrap().len(), 32 * 32);
}

#[test]
fn quality_refuses_bad_arguments() {
    expect_errors(&[
        (
            &["quality", "--hash", "sha9", "--n", "10"],
            2,
            "unknown hash function 'sha9'",
        ),
        (&["quality", "--limit", "-3", "--n", "10"], 2, "--limit"),
        (
            &["quality", "no-such-file.txt"],
            1,
            "cannot open 'no-such-file.txt'",
        ),
    ]);
}
