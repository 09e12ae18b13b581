//! The `urlhash` command line, run as a user runs it: golden outputs for every command (re-bless
//! with `BLESS=1 cargo test --test cli`) and a clear message and exit code for every bad input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn urlhash(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("urlhash runs")
}

fn urlhash_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urlhash runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Compares `actual` with `tests/golden/NAME`, or rewrites it when `BLESS=1` is set (never
/// under CI). A JSON golden file is compared as JSON, a CSV one field by field, their numbers to
/// a relative 1e-12: the 17-digit floats of a function like `ln` may differ in the last place
/// with another libm.
fn golden(name: &str, actual: &str) {
    let path = root().join("tests/golden").join(name);
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        assert!(
            std::env::var_os("CI").is_none(),
            "BLESS=1 rewrites golden files; it is refused under CI"
        );
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with BLESS=1 to create it)", path.display()));
    if name.ends_with(".json") {
        let parse = |text: &str, what: &str| -> serde_json::Value {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{name} ({what}): {e}"))
        };
        if let Err(at) = json_close(&parse(&expected, "golden"), &parse(actual, "output"), "$") {
            panic!("{name} differs from the golden file at {at}\n(re-bless with BLESS=1 if the change is intended)");
        }
        return;
    }
    if name.ends_with(".csv") {
        if let Err(at) = csv_close(&parse_csv(&expected), &parse_csv(actual)) {
            panic!("{name} differs from the golden file at {at}\n(re-bless with BLESS=1 if the change is intended)");
        }
        return;
    }
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from the golden file at line {}:\nexpected: {:?}\nactual:   {:?}\n(re-bless with BLESS=1 if the change is intended)",
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        );
    }
}

/// Equal CSV tables, fields equal or numbers within a relative 1e-12; `Err` names the first
/// place that differs.
fn csv_close(a: &[CsvTable], b: &[CsvTable]) -> Result<(), String> {
    if a.len() != b.len() {
        return Err(format!("{} tables, not {}", b.len(), a.len()));
    }
    for (x, y) in a.iter().zip(b) {
        let at = format!("table {:?}", x.name.as_deref().unwrap_or(""));
        if x.name != y.name || x.header != y.header || x.rows.len() != y.rows.len() {
            return Err(format!(
                "{at}: {:?} {:?} ({} rows), not {:?} {:?} ({} rows)",
                y.name,
                y.header,
                y.rows.len(),
                x.name,
                x.header,
                x.rows.len()
            ));
        }
        for (i, (r, s)) in x.rows.iter().zip(&y.rows).enumerate() {
            for ((f, g), h) in r.iter().zip(s).zip(&x.header) {
                let close = match (f.parse::<f64>(), g.parse::<f64>()) {
                    (Ok(p), Ok(q)) => p == q || (p - q).abs() <= 1e-12 * p.abs().max(q.abs()),
                    _ => f == g,
                };
                if !close {
                    return Err(format!(
                        "{at}, row {}, {h}: expected {f:?}, got {g:?}",
                        i + 1
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Equal JSON, numbers within a relative 1e-12; `Err` names the first place that differs.
fn json_close(a: &serde_json::Value, b: &serde_json::Value, at: &str) -> Result<(), String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            if x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs()) {
                Ok(())
            } else {
                Err(format!("{at}: expected {x:e}, got {y:e}"))
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .try_for_each(|(i, (x, y))| json_close(x, y, &format!("{at}[{i}]"))),
        (Value::Object(x), Value::Object(y)) if x.keys().eq(y.keys()) => x
            .iter()
            .try_for_each(|(k, v)| json_close(v, &y[k], &format!("{at}.{k}"))),
        _ if a == b => Ok(()),
        _ => Err(format!("{at}: expected {a}, got {b}")),
    }
}

#[test]
fn json_golden_files_allow_only_last_place_float_differences() {
    let v = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
    let golden = v(r#"{"a": [1, 0.30000000000000004], "b": {"c": "x"}}"#);
    assert_eq!(
        json_close(&golden, &v(r#"{"a": [1, 0.3], "b": {"c": "x"}}"#), "$"),
        Ok(())
    );
    for other in [
        r#"{"a": [1, 0.3000000001], "b": {"c": "x"}}"#,
        r#"{"a": [2, 0.3], "b": {"c": "x"}}"#,
        r#"{"a": [1, 0.3, 4], "b": {"c": "x"}}"#,
        r#"{"a": [1, 0.3], "b": {"c": "y"}}"#,
        r#"{"a": [1, 0.3], "b": {"d": "x"}}"#,
    ] {
        assert!(json_close(&golden, &v(other), "$").is_err(), "{other}");
    }
}

const SAMPLE: &str = "data/corpus-sample-1000.txt";

/// `cbf` with counters that saturate: the plain counting filter loses kept URLs.
const SATURATING_CBF: [&str; 8] = [
    "cbf",
    "--bits-per-url",
    "2",
    "--k",
    "4",
    "--counter-bits",
    "2",
    SAMPLE,
];

/// Each `(args, exit code, text on stderr)`: the command fails that way, without a panic.
fn expect_errors(cases: &[(&[&str], i32, &str)]) {
    for (args, code, needle) in cases {
        let out = urlhash(args);
        assert_eq!(out.status.code(), Some(*code), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(needle),
            "{args:?}: stderr {:?} lacks {needle:?}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{args:?} panicked");
    }
}

#[test]
fn shipped_sample_is_the_generated_corpus() {
    let generated = ok(&urlhash(&["gen", "--n", "1000"]));
    let shipped = std::fs::read_to_string(root().join(SAMPLE)).unwrap();
    assert_eq!(
        generated, shipped,
        "data/corpus-sample-1000.txt is `urlhash gen --n 1000`"
    );
    golden("gen-20.txt", &ok(&urlhash(&["gen", "--n", "20"])));
    let other_seed = ok(&urlhash(&["gen", "--n", "20", "--seed", "7"]));
    assert_ne!(other_seed, ok(&urlhash(&["gen", "--n", "20"])));
}

#[test]
fn slots_golden_and_one_line_per_url() {
    let out = ok(&urlhash(&["slots", "--fn", "hf", "--slots", "12", SAMPLE]));
    assert_eq!(out.lines().count(), 1000);
    // hf only reaches multiples of 3 at M = 12.
    assert!(out.lines().all(|l| ["0", "3", "6", "9"].contains(&l)));
    golden("slots-hf-12.txt", &out);
    let out = ok(&urlhash(&[
        "slots",
        "--fn",
        "md5",
        "--slots",
        "2147483647",
        SAMPLE,
    ]));
    golden("slots-md5-int-max.txt", &out);
}

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

#[test]
fn paper_p1_golden() {
    let out = ok(&urlhash(&["paper", "p1", "--n", "5000"]));
    for needle in [
        "2.75",
        "3.00",
        "hits 4 of 12 slots",
        "low 4 bits",
        "bits 7, 15, 23, 31",
    ] {
        assert!(
            out.contains(needle),
            "paper p1 output lacks {needle:?}:\n{out}"
        );
    }
    golden("paper-p1-5000.txt", &out);
    let json: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&["paper", "p1", "--n", "5000", "--json"]))).unwrap();
    assert_eq!(json["misprint"]["formula"], 3.0);
    assert_eq!(json["hf_multiple_of_3"]["slots_hit_m12"], 4);
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

#[test]
fn closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(["gen", "--n", "5000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(&first[..7], b"http://");
}

#[test]
fn every_registered_function_works_from_the_cli() {
    let ids: Vec<&str> = urlhashlab::foundation::hash::REGISTRY
        .iter()
        .map(|f| f.key)
        .collect();
    let out = ok(&urlhash(&[
        "dist",
        "--fn",
        &ids.join(","),
        "--slots",
        "1000",
        "--json",
        SAMPLE,
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["functions"].as_array().unwrap().len(), ids.len());
    // The CLI's slot equals the library's for every function and line.
    for f in urlhashlab::foundation::hash::REGISTRY {
        let out = ok(&urlhash(&[
            "slots", "--fn", f.key, "--slots", "1000", SAMPLE,
        ]));
        let lib: Vec<String> = std::fs::read(Path::new(&root()).join(SAMPLE))
            .unwrap()
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| f.slot(l, 1000).to_string())
            .collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), lib, "{}", f.key);
    }
}

#[test]
fn paper_p2_golden_on_the_built_in_corpus() {
    let out = ok(&urlhash(&["paper", "p2"]));
    golden("paper-p2.txt", &out);
    assert!(out.contains("Input: built-in corpus, 246 951 URLs, seed 2004."));
    assert!(out.contains("p2-printed   could not:"));
    assert!(out.contains("p2-xor       could not:"));
    assert!(out.contains("p2-repaired  could (the lab's repair, not P2's)"));
    let json = ok(&urlhash(&["paper", "p2", "--json", "--n", "5000"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["printed"]["node_urls"][0], 35_580);
    assert_eq!(v["simulation"]["urls"], 5000);
    assert_eq!(v["verdicts"].as_array().unwrap().len(), 3);
    assert_eq!(v["simulation"]["policies"].as_array().unwrap().len(), 9);
    // Table 1's matches: system = control + Σ nodes, printed and replayed (P2 §3.3).
    assert!(out.contains("  P2 as printed      2 066 713   1 806 747   38 076   37 408"));
    let json = ok(&urlhash(&["paper", "p2", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let u = |x: &serde_json::Value| x.as_u64().unwrap();
    let matching = v["control"]["node_matching"].as_array().unwrap();
    assert_eq!(matching.len(), 9);
    for m in matching {
        let nodes: u64 = m["node_matches"].as_array().unwrap().iter().map(u).sum();
        assert_eq!(u(&m["nodes_matches"]), nodes);
        assert_eq!(
            u(&m["system_matches"]),
            u(&m["control_matches"]) + nodes,
            "{}",
            m["policy"]
        );
        // No duplicates in the corpus: every link reaches the control node.
        assert_eq!(m["control_matches"], v["simulation"]["control_matches"]);
    }
    // The one site past 0.75 · 2^15 paths is re-hashed once, to 2^16 slots, under every reading.
    for re in v["control"]["rehash"].as_array().unwrap() {
        assert_eq!(re["sites_rehashed"], 1);
        let site = &re["sites"][0];
        assert_eq!(site["host"], "www.nbkie.com");
        assert_eq!((u(&site["paths"]), u(&site["rehashes"])), (44_405, 1));
        assert_eq!(u(&site["before"]["slots"]), 32_768);
        assert_eq!(u(&site["after"]["slots"]), 65_536);
        assert!(site["after"]["load_factor"].as_f64().unwrap() < 0.75);
    }
}

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

#[test]
fn bloom_and_cbf_goldens_and_theory() {
    let out = ok(&urlhash(&["bloom", SAMPLE]));
    golden("bloom-sample.txt", &out);
    let json = ok(&urlhash(&[
        "bloom",
        "--json",
        "--bits-per-url",
        "8",
        "--k",
        "1,4",
        "--method",
        "double",
        SAMPLE,
    ]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(v["input"]["inserted"], 500);
    assert_eq!(v["input"]["held_out"], 500);
    for r in rows {
        assert_eq!(r["trials"], 500);
        assert_eq!(r["m"], 4000);
        // k = 1: 1 − (1 − 1/4000)^500 = 1 − e^(500 ln(1 − 1/4000)) = 1 − e^(−0.1250156) = 0.117517;
        // k = 4: (1 − (1 − 1/4000)^2000)^4 = (1 − e^(−0.5000625))^4 = 0.393508^4 = 0.023978.
        let want = if r["k"] == 1 { 0.117_517 } else { 0.023_978 };
        assert!((r["exact"].as_f64().unwrap() - want).abs() < 1e-5, "{r}");
    }
    let saturating = SATURATING_CBF;
    golden("cbf-sample-saturating.txt", &ok(&urlhash(&saturating)));
    let json = ok(&urlhash(&[&saturating[..], &["--json"]].concat()));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lost = |s: &str| {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["structure"] == s)
            .unwrap()["false_negatives"]
            .as_u64()
            .unwrap()
    };
    assert!(
        lost("cbf-decrement") > 0,
        "the plain counting filter loses kept URLs"
    );
    assert_eq!(lost("cbf-sticky"), 0);
    assert_eq!(lost("imp-cb"), 0, "IMP-CB never loses a URL");
    expect_errors(&[
        (&["bloom", "--method", "sha1", SAMPLE], 2, "sha1"),
        (
            &["cbf", "--delete-fraction", "1.5", SAMPLE],
            2,
            "the fraction must be between 0 and 1, got 1.5",
        ),
        (&["cbf", "--counter-bits", "0", SAMPLE], 2, "bits"),
    ]);
    let out = urlhash_stdin(&["bloom", "-"], b"http://only.one/\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("at least 2 are needed"));
}

#[test]
fn trie_and_papers_p4_p5_report_what_they_measure() {
    let json = ok(&urlhash(&["trie", "--json", "--step", "250", SAMPLE]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["study"]["distinct"], 1000);
    let timed = v["timed"].as_array().unwrap();
    assert_eq!(timed.len(), 6);
    for t in timed {
        assert_eq!(t["stored"], 1000, "{}", t["structure"]);
        assert!(t["heap_bytes_per_url"].as_f64().unwrap() > 0.0);
        // Timed as it grows: 4 batches of 250.
        let growth: Vec<u64> = t["growth"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["n"].as_u64().unwrap())
            .collect();
        assert_eq!(growth, [250, 500, 750, 1000], "{}", t["structure"]);
    }
    assert_eq!(v["study"]["checkpoints"].as_array().unwrap().len(), 4);
    // The printed list's flaw: a prefix of a stored URL reads as seen.
    let out = urlhash_stdin(
        &["trie", "--json", "-"],
        b"http://a.cn/abc\nhttp://a.cn/ab\nhttp://a.cn/abcd\nhttp://a.cn/abc\n",
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(v["study"]["distinct"], 3);
    assert_eq!(v["study"]["flaw"]["false_duplicates"], 1);
    assert_eq!(v["study"]["flaw"]["examples"][0]["url"], "http://a.cn/ab");
    // A prefix only, said on stderr and in the JSON.
    let out = urlhash(&["trie", "--json", "--limit", "300", SAMPLE]);
    let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
    assert_eq!(
        (
            v["input"]["measured_lines"].as_u64(),
            v["input"]["urls"].as_u64()
        ),
        (Some(300), Some(1000))
    );
    assert_eq!(v["study"]["distinct"], 300);
    assert!(stderr(&out).contains("measured on the first 300 of 1 000 URL lines"));
    let p4 = ok(&urlhash(&["paper", "p4", "--n", "2000"]));
    assert!(
        p4.contains("968 ms") && p4.contains("2 MB for 10 000 URLs"),
        "{p4}"
    );
    let p5 = ok(&urlhash(&["paper", "p5", "--json", "--n", "4000"]));
    let v: serde_json::Value = serde_json::from_str(&p5).unwrap();
    assert_eq!(v["fig3"].as_array().unwrap().len(), 4);
    assert_eq!(v["fig3"][3]["n"], 4000);
    // P5's 29 %: 1 160 of the 4 000 pages repeat one, and both flows find exactly those.
    let f = &v["fig3"][3];
    assert_eq!(
        (&f["duplicates"], &f["store_found"], &f["found"]),
        (&1160.into(), &1160.into(), &1160.into())
    );
    assert_eq!(v["fig3_disk"].as_array().unwrap().len(), 0);
    assert_eq!(v["fpr"].as_array().unwrap().len(), 16);
    let t = &v["deletion_p5"]["theory"];
    assert!(
        (t["bound_printed_j16"].as_f64().unwrap() / t["m"].as_f64().unwrap() - 1.37e15).abs() < 1e9
    );
    for r in v["deletion_saturating"]["rows"].as_array().unwrap() {
        if r["structure"] == "imp-cb" {
            assert_eq!(r["false_negatives"], 0);
        }
    }
}

/// P5's Fig. 3 with the store on disk (a SQLite file), its streams' duplicates, and its
/// misprints with live numbers; the goldens hold everything but the times.
#[test]
fn paper_p5_replays_fig3_on_disk_and_flags_its_misprints() {
    let args = ["paper", "p5", "--n", "3000", "--disk"];
    let mut v: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&[&args[..], &["--json"]].concat()))).unwrap();
    let disk = v["fig3_disk"].as_array().unwrap();
    let media: Vec<&str> = disk.iter().map(|r| r["medium"].as_str().unwrap()).collect();
    assert_eq!(media, ["disk", "disk-no-indices"].repeat(4));
    let u = |x: &serde_json::Value| x.as_u64().unwrap();
    for r in disk.iter().chain(v["fig3"].as_array().unwrap()) {
        // The found branch ran once per duplicate the stream was made with, in both flows; the
        // zero-counter branch is the lookups IMP-CB avoided.
        assert_eq!(u(&r["found"]), u(&r["duplicates"]), "{r}");
        assert_eq!(u(&r["store_found"]), u(&r["duplicates"]), "{r}");
        assert_eq!(u(&r["lookups_avoided"]), u(&r["by_counters"]), "{r}");
        assert_eq!(
            u(&r["by_counters"]) + u(&r["found"]) + u(&r["not_found"]),
            u(&r["n"])
        );
    }
    // The misprints, as data: (a) by hand at m = 2, Nk = 3, j = 1: P(c >= 1) = 7/8 against the
    // printed 3/8; (c) the printed double increment leaves counts after every delete.
    let m = &v["misprints"];
    let a = &m["tail_bound"][1];
    assert_eq!(
        (&a["setting"], &a["j"], &a["holds"]),
        (&"by hand".into(), &1.into(), &false.into())
    );
    assert!((a["exact_tail"].as_f64().unwrap() - 0.875).abs() < 1e-12);
    assert!((a["printed_right_side"].as_f64().unwrap() - 0.375).abs() < 1e-12);
    let small = &m["double_increment"][1];
    assert_eq!(small["nonzero_after_deleting_all_lab"], 0);
    assert!(u(&small["nonzero_after_deleting_all_printed"]) > 0);
    assert_eq!(m["names"][1]["name"], "IMP-CM");
    without_times(&mut v);
    golden(
        "paper-p5-disk-3000.json",
        &serde_json::to_string_pretty(&v).unwrap(),
    );
    let (_, tables) = csv_of(&[&args[..], &["--csv"]].concat());
    golden("paper-p5-disk-3000.csv", &csv_without_times(tables));
    // The text names the shares and the misprints; another share is taken, 100 % is refused.
    let text = ok(&urlhash(&[
        "paper",
        "p5",
        "--n",
        "2000",
        "--dup-share",
        "7.8%",
    ]));
    for needle in [
        "7.8 % of them repeating an earlier URL",
        "29 % near-duplicate pages",
        "5. P5's misprints, live:",
        "(d) The algorithm has two names: IMP-CB 6 times",
        "--disk replays it",
    ] {
        assert!(text.contains(needle), "{needle}\n{text}");
    }
    let out = urlhash(&["paper", "p5", "--n", "2000", "--dup-share", "100%"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("below 1 (100 %)"), "{}", stderr(&out));
}

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

/// Every command that reads URLs, with the arguments it needs; `json` when it has `--json`.
const INPUT_COMMANDS: &[(&[&str], bool)] = &[
    (&["slots", "--fn", "md5", "--slots", "8"], false),
    (&["dist", "--fn", "md5", "--slots", "8"], true),
    (&["sweep", "--fig", "2"], true),
    (&["sweep", "--fig", "3"], true),
    (&["paper", "p1"], true),
    (&["partition", "--policy", "host"], true),
    (&["paper", "p2"], true),
    (&["trie"], true),
    (&["fingerprint"], true),
    (&["paper", "p3"], true),
    (&["bloom"], true),
    (&["cbf"], true),
    (&["paper", "p4"], true),
    (&["paper", "p5"], true),
];

/// The URL lines a command measured, from its JSON (or, for `slots`, its output lines).
fn measured(args: &[&str], out: &str) -> u64 {
    if args[0] == "slots" {
        return out.lines().count() as u64;
    }
    let v: serde_json::Value = serde_json::from_str(out).unwrap();
    let u = |x: &serde_json::Value| x.as_u64().unwrap_or_else(|| panic!("{args:?}: {x}"));
    match args {
        ["dist", ..] => u(&v["functions"][0]["n"]),
        ["sweep", ..] | ["paper", "p1"] => {
            u(&v["input"]["urls"]) - u(&v["input"]["unsplittable"]["count"])
        }
        ["partition", ..] => u(&v["links"]),
        ["paper", "p2"] => u(&v["simulation"]["links"]),
        ["trie"] | ["paper", "p4"] => u(&v["study"]["lines"]),
        ["fingerprint"] | ["paper", "p3"] => u(&v["p3"]["input"]["lines"]),
        ["bloom"] | ["paper", "p5"] => u(&v["input"]["inserted"]) + u(&v["input"]["held_out"]),
        ["cbf"] => u(&v["input"]["distinct"]),
        _ => unreachable!("{args:?}"),
    }
}

/// Runs `urlhash ARGS [--json] FILE`.
fn run_on(args: &[&str], json: bool, file: &str) -> Output {
    let mut all: Vec<&str> = args.to_vec();
    if json {
        all.push("--json");
    }
    all.push(file);
    urlhash(&all)
}

/// A file with a BOM, CRLF, a blank line, one invalid-UTF-8 line and one NUL line: every command
/// measures its five URL lines and names the odd ones by number.
#[test]
fn odd_lines_are_counted_and_named_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("odd.txt");
    std::fs::write(
        &file,
        b"\xEF\xBB\xBFhttp://bom.cn/a\r\nhttp://crlf.cn/b\r\n\r\nhttp://bad.cn/\xFF\xFE.html\nhttp://nul.cn/a\0b\nhttp://last.cn/c",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    for (args, json) in INPUT_COMMANDS {
        let out = run_on(args, *json, file);
        let text = ok(&out);
        let err = stderr(&out);
        assert_eq!(
            measured(args, &text),
            5,
            "{args:?}: the five URL lines\n{err}"
        );
        for needle in [
            "the input starts with a UTF-8 byte-order mark; it is dropped (line 1)",
            "3 line(s) end in CRLF; the CR is dropped",
            "1 line(s) are not valid UTF-8; their bytes are hashed as they are (line 4)",
            "1 line(s) hold a NUL byte; P1's C functions stop there (line 5)",
        ] {
            assert!(
                err.contains(needle),
                "{args:?}: stderr lacks {needle:?}:\n{err}"
            );
        }
        assert!(!err.contains("binary"), "{args:?}: {err}");
        if *json && args[0] != "slots" {
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["input"]["lines"], 6, "{args:?}");
            assert_eq!(v["input"]["blank"], 1, "{args:?}");
            assert_eq!(v["input"]["bom"], true, "{args:?}");
        }
    }
}

/// A binary file made of fixed bytes, the same on every machine: 64 lines of 1 KiB (an ELF
/// magic, NUL bytes and invalid UTF-8 throughout, no `\n` inside a line). Every line starts
/// with a NUL, a forbidden host code point, so no line has a host to route by.
fn binary_fixture() -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    for line in 0..64u32 {
        out.extend_from_slice(b"\0\x7fELF\xFF\xFE");
        for j in 0..1016u32 {
            let b = (line.wrapping_mul(131) ^ j.wrapping_mul(29)) as u8;
            out.push(if b == b'\n' { 0 } else { b });
        }
        out.push(b'\n');
    }
    out
}

#[test]
fn the_binary_fixture_is_binary_and_has_no_host() {
    use urlhashlab::foundation::lines::split_all;
    let bytes = binary_fixture();
    assert_eq!(bytes.len(), 64 * 1024);
    let (lines, stats) = split_all(&bytes);
    assert_eq!(
        (stats.urls, stats.nul.count, stats.invalid_utf8.count),
        (64, 64, 64)
    );
    for line in &lines {
        assert!(
            urlhashlab::foundation::key::split(line).is_err(),
            "{line:?} has a host"
        );
    }
}

/// Empty input, a missing file, a directory, a binary file and a 10 MB line, at every command.
#[test]
fn bad_files_get_clear_messages_at_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    std::fs::write(path("empty.txt"), b"").unwrap();
    std::fs::write(path("blank.txt"), b"\n  \r\n\t\n").unwrap();
    std::fs::write(path("bom.txt"), b"\xEF\xBB\xBF").unwrap();
    std::fs::write(path("binary.bin"), binary_fixture()).unwrap();
    let mut long = b"http://a.cn/first\nhttp://long.cn/".to_vec();
    long.extend(std::iter::repeat_n(b'x', 10 * 1024 * 1024));
    long.extend_from_slice(b"\nhttp://b.cn/last\n");
    std::fs::write(path("long.txt"), &long).unwrap();
    std::fs::create_dir(path("a-directory")).unwrap();
    for (args, json) in INPUT_COMMANDS {
        let no_urls = match (args[0], args.get(1).copied().unwrap_or("")) {
            ("bloom" | "cbf", _) | ("paper", "p5") => {
                "has 0 distinct URL(s); at least 2 are needed"
            }
            ("partition", _) | ("paper", "p2") => "no URLs with a host in file",
            _ => "no URLs",
        };
        for (file, code, needles) in [
            ("empty.txt", 1, vec![no_urls, "(empty: no bytes)"]),
            ("blank.txt", 1, vec![no_urls, "(3 lines read, 3 blank"]),
            ("bom.txt", 1, vec![no_urls, "(only a byte-order mark)"]),
            (
                "missing.txt",
                1,
                vec!["cannot open '", "missing.txt': No such file"],
            ),
            (
                "a-directory",
                1,
                vec!["a-directory' is a directory, not a URL list"],
            ),
            (
                "binary.bin",
                // No line of the fixture has a host to route by.
                if no_urls.contains("host") { 1 } else { 0 },
                vec![
                    "this looks like a binary file, not a URL list: of 64 lines, 64 hold a NUL byte and 64 are not UTF-8",
                ],
            ),
            (
                "long.txt",
                0,
                vec!["1 line(s) longer than 65536 bytes skipped (line 2)"],
            ),
        ] {
            let out = run_on(args, *json, &path(file));
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(code), "{args:?} {file}: {err}");
            for needle in needles {
                assert!(
                    err.contains(needle),
                    "{args:?} {file}: stderr lacks {needle:?}:\n{err}"
                );
            }
            assert!(!err.contains("panicked"), "{args:?} {file}: {err}");
            if file == "long.txt" {
                let got = measured(args, &String::from_utf8(out.stdout).unwrap());
                assert_eq!(got, 2, "{args:?}: the two short lines are measured");
            }
        }
        // Empty standard input.
        let mut all = args.to_vec();
        all.push("-");
        let out = urlhash_stdin(&all, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?} on empty stdin");
        assert!(
            stderr(&out).contains("standard input"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
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

/// Commands that must keep every distinct URL say on stderr what they keep and where they stop.
#[test]
fn capped_commands_say_what_they_keep() {
    for (args, needle) in [
        (
            &["bloom", "--n", "3000", "--limit", "1000", "--method", "double", "--json"][..],
            "bloom keeps its URLs in memory: 1 000 inserted and 1 000 held out of the 3 000 asked for (--limit 1 000",
        ),
        (
            &["cbf", "--n", "3000", "--limit", "1000", "--json"][..],
            "cbf keeps its URLs in memory: 1 000 inserted of the 3 000 asked for (--limit 1 000",
        ),
        (
            &["bloom", "--limit", "100", "--method", "double", "--json", SAMPLE][..],
            "bloom keeps its URLs in memory: the first 200 distinct lines (--limit 100 inserted and as many held out); 800 more URL lines were read and counted only",
        ),
        (
            &["fingerprint", "--limit", "400", "--json", SAMPLE][..],
            "measured on the first 400 of 1 000 URL lines (--limit): the study keeps about 300 to 450 bytes per distinct URL",
        ),
        (
            &["paper", "p4", "--limit", "300", "--json", SAMPLE][..],
            "measured on the first 300 of 1 000 URL lines (--limit)",
        ),
    ] {
        let out = urlhash(args);
        let json: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        match args[0] {
            "bloom" => assert!(json["input"]["inserted"].as_u64().unwrap() <= 1000),
            "fingerprint" => assert_eq!(json["p3"]["input"]["lines"], 400),
            _ => {}
        }
    }
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

/// The web-platform-tests URL test data (`url/resources/urltestdata.json`, as vendored by
/// rust-url), kept outside the repository in `../shared/data`.
fn wpt_tests() -> Option<Vec<serde_json::Map<String, serde_json::Value>>> {
    let path = root().join("../shared/data/wpt_urltestdata.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: {} is absent (the WPT URL test data is not part of the repository; put it in ../shared/data to run this test)",
            path.display()
        );
        return None;
    };
    let entries: Vec<serde_json::Value> = serde_json::from_str(&text).expect("valid JSON");
    // Strings are comments; objects are tests.
    Some(
        entries
            .into_iter()
            .filter_map(|e| e.as_object().cloned())
            .collect(),
    )
}

/// A WPT input as one line: the URL Standard's parser removes every ASCII tab and newline from
/// its input before parsing, so removing `\n` and `\r` (which would split the line) leaves a
/// line that parses as the input does.
fn wpt_line(input: &str) -> String {
    input.replace(['\n', '\r'], "")
}

/// Every WPT input, one per line, through `dist` (url, host, path keys), `slots`, `partition`
/// (every policy) and `paper p2`: no panic, every non-blank line counted, and the lines without
/// a host exactly those the library's `key::split` rejects.
#[test]
fn wpt_url_inputs_are_all_counted() {
    use urlhashlab::foundation::key::{self, Key};
    let Some(tests) = wpt_tests() else { return };
    let lines: Vec<String> = tests
        .iter()
        .map(|t| wpt_line(t["input"].as_str().expect("input")))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wpt-inputs.txt");
    std::fs::write(&file, lines.join("\n")).unwrap();
    let file = file.to_str().unwrap();
    // Lines as the CLI reads them: trimmed of ASCII white space (and VT); blank ones skipped.
    let trim = |l: &str| {
        l.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0B')
            .to_string()
    };
    let urls: Vec<(u64, String)> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (i as u64 + 1, trim(l)))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let n = urls.len() as u64;
    let no_host: Vec<u64> = urls
        .iter()
        .filter(|(_, l)| key::split(l.as_bytes()).is_err())
        .map(|&(i, _)| i)
        .collect();
    let no_path: Vec<u64> = urls
        .iter()
        .filter(|(_, l)| key::extract(l.as_bytes(), Key::Path).is_err())
        .map(|&(i, _)| i)
        .collect();
    let split_lines = tests
        .iter()
        .filter(|t| t["input"].as_str().unwrap().contains(['\n', '\r']))
        .count();
    eprintln!(
        "WPT: {} tests ({split_lines} inputs with a newline or CR, removed), {} lines, {} URL lines ({} blank once trimmed), {} without a host by key::split, {} without a path",
        tests.len(),
        lines.len(),
        n,
        lines.len() as u64 - n,
        no_host.len(),
        no_path.len()
    );
    for (k, failing) in [("url", &vec![]), ("host", &no_host), ("path", &no_path)] {
        let out = urlhash(&[
            "dist", "--fn", "xxh3", "--slots", "1024", "--key", k, "--json", file,
        ]);
        let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
        assert!(!stderr(&out).contains("panicked"));
        assert_eq!(v["input"]["urls"], n, "--key {k}");
        assert_eq!(v["input"]["lines"], lines.len() as u64, "--key {k}");
        assert_eq!(
            v["input"]["unsplittable"]["count"],
            failing.len(),
            "--key {k}"
        );
        let first: Vec<u64> = failing.iter().take(5).copied().collect();
        assert_eq!(
            v["input"]["unsplittable"]["first_lines"],
            serde_json::json!(first),
            "--key {k}"
        );
        assert_eq!(
            v["functions"][0]["n"],
            n - failing.len() as u64,
            "--key {k}"
        );
        // Line by line: `slots` prints '-' exactly where the library cannot split.
        let slots = ok(&urlhash(&[
            "slots", "--fn", "xxh3", "--slots", "1024", "--key", k, file,
        ]));
        let dashes: Vec<u64> = slots
            .lines()
            .zip(&urls)
            .filter(|(s, _)| *s == "-")
            .map(|(_, &(i, _))| i)
            .collect();
        assert_eq!(slots.lines().count() as u64, n, "--key {k}");
        assert_eq!(&dashes, failing, "--key {k}: the lines printed '-'");
    }
    for policy in urlhashlab::mechanisms::partition::POLICY_IDS {
        let out = urlhash(&["partition", "--policy", policy, "--json", file]);
        let v: serde_json::Value = serde_json::from_str(&ok(&out)).unwrap();
        assert_eq!(v["input"]["urls"], n, "{policy}");
        assert_eq!(v["unsplittable"], no_host.len(), "{policy}");
        assert_eq!(v["links"], n - no_host.len() as u64, "{policy}");
        assert_eq!(
            v["input"]["unsplittable"]["first_lines"],
            serde_json::json!(no_host.iter().take(5).collect::<Vec<_>>()),
            "{policy}"
        );
        let nodes: u64 = v["policies"][0]["node_links"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .sum();
        assert_eq!(
            nodes,
            n - no_host.len() as u64,
            "{policy}: every link on a node"
        );
    }
    let v: serde_json::Value =
        serde_json::from_str(&ok(&urlhash(&["paper", "p2", "--json", file]))).unwrap();
    assert_eq!(v["simulation"]["unsplittable"], no_host.len());
}

/// Does `line` start with `scheme://` or one of the schemes `key` takes without `//`? The lab
/// reads every other line as a host and path: `http://` + line (`crate::key`'s module doc).
fn lab_sees_a_scheme(line: &str) -> bool {
    let Some(colon) = line.find(':') else {
        return false;
    };
    let scheme = &line[..colon];
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    let opaque = [
        "mailto",
        "javascript",
        "data",
        "about",
        "blob",
        "tel",
        "urn",
    ];
    valid
        && (line[colon + 1..].starts_with("//")
            || opaque.iter().any(|o| o.eq_ignore_ascii_case(scheme)))
}

/// Our host split beside WPT's expected `hostname`, for the tests without a base URL that must
/// parse. Every difference is printed, and must be the one explained kind, the lab's reading of
/// URL lists: a line that does not start with `scheme://` (or `mailto:`, `data:`, …) is a host
/// and path, parsed as `http://` + line, as the papers' lists (`www.pku.edu.cn/x.html`,
/// `localhost:8080/x`) are written. So `http:example.com/`, `non-special:opaque`, and a scheme
/// behind C0 controls or tabs are read as hosts, where the URL Standard sees a scheme.
///
/// Where the `url` crate itself parts from WPT (rust-url 2.5 drops the host of a `file:` URL
/// whose path starts with a Windows drive letter), the lab follows WPT (`key`'s module doc):
/// those tests are listed and must agree.
#[test]
fn wpt_hostnames_beside_the_host_split() {
    use urlhashlab::foundation::key::{self, Key, SplitError};
    let Some(tests) = wpt_tests() else { return };
    let mut compared = 0;
    let mut schemeless = Vec::new();
    let mut no_host_either_way = 0;
    let mut crate_differs = Vec::new();
    for t in &tests {
        let no_base = t.get("base").is_none_or(|b| b.is_null());
        if !no_base || t.contains_key("failure") {
            continue;
        }
        let input = t["input"].as_str().unwrap();
        let want = t["hostname"].as_str().unwrap();
        let line = wpt_line(input);
        let line = line.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0B');
        compared += 1;
        let ours = match key::extract(line.as_bytes(), Key::Host) {
            Ok(h) => String::from_utf8(h.into_owned()).unwrap(),
            Err(SplitError::NoHost) => String::new(),
            Err(SplitError::Parse(e)) => format!("<no host: {e}>"),
        };
        // What the URL Standard parser alone (the `url` crate) says of the input as given.
        let direct = url::Url::parse(input)
            .map(|u| u.host_str().unwrap_or("").to_string())
            .unwrap_or_else(|e| format!("<parse error: {e}>"));
        let row = format!("{input:?}: WPT {want:?}, key::split {ours:?}, url crate {direct:?}");
        if ours == want {
            if direct != want {
                crate_differs.push(row);
            }
            continue;
        }
        assert!(
            direct == want && !lab_sees_a_scheme(line),
            "unexplained: {row}"
        );
        no_host_either_way += (want.is_empty() && ours.starts_with("<no host")) as usize;
        schemeless.push(row);
    }
    eprintln!(
        "WPT hostnames: {compared} tests without a base that must parse; {} differ from the host split.",
        schemeless.len()
    );
    eprintln!(
        "{} because the lab reads a line without `scheme://` (or mailto:, data:, …) as a host and path, http:// + line, where the URL Standard sees a scheme ({no_host_either_way} of them have no host either way: WPT's hostname is empty, the lab's reading does not parse):",
        schemeless.len()
    );
    for r in &schemeless {
        eprintln!("  {r}");
    }
    eprintln!(
        "{} where the url crate parts from WPT and the lab's file: reading agrees with WPT:",
        crate_differs.len()
    );
    for r in &crate_differs {
        eprintln!("  {r}");
    }
    assert!(compared > 300, "{compared}");
    // file://example.net/C:/, file://1.2.3.4/C:/ and file://[1::8]/C:/ at least.
    assert!(crate_differs.len() >= 3, "{crate_differs:#?}");
}

/// WPT's `file:` tests without a base whose hostname is not empty: the lab's split gives WPT's
/// hostname and its pathname with the search, and every WPT input the lab splits joins and
/// splits again into the same parts.
#[test]
fn wpt_file_urls_split_as_wpt_says_and_join_back() {
    use urlhashlab::foundation::key;
    let Some(tests) = wpt_tests() else { return };
    let mut file_hosts = 0;
    let mut joined = 0;
    for t in &tests {
        let input = t["input"].as_str().unwrap();
        let line = wpt_line(input);
        let line = line.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0B');
        let no_base = t.get("base").is_none_or(|b| b.is_null());
        if no_base && !t.contains_key("failure") && t["protocol"] == "file:" {
            let host = t["hostname"].as_str().unwrap();
            if !host.is_empty() {
                let want = format!(
                    "{}{}",
                    t["pathname"].as_str().unwrap(),
                    t["search"].as_str().unwrap()
                );
                let p = key::split(line.as_bytes()).unwrap_or_else(|e| panic!("{input:?}: {e}"));
                assert_eq!(
                    (p.host.as_str(), p.path.as_str()),
                    (host, want.as_str()),
                    "{input:?}"
                );
                file_hosts += 1;
            }
        }
        if let Ok(p) = key::split(line.as_bytes()) {
            let scheme = key::parse_url(&String::from_utf8_lossy(line.as_bytes()))
                .unwrap()
                .scheme()
                .to_string();
            let again = key::join(&scheme, &p);
            assert_eq!(key::split(again.as_bytes()), Ok(p), "{input:?} → {again:?}");
            joined += 1;
        }
    }
    eprintln!("WPT: {file_hosts} file: URLs with a host split as WPT says; {joined} split inputs join back");
    assert!(file_hosts >= 6, "{file_hosts}");
    assert!(joined > 300, "{joined}");
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
    let dir = root().join("../shared/data");
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
            eprintln!(
                "skipped {name}: {} is absent (the real lists are not part of the repository)",
                path.display()
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

/// P4's Table 1 replayed: its times, the passes they took, and the bytes the file system gives
/// the database file and the MD5 directories.
const TABLE1_TIMED: [&str; 5] = [
    "measured_ms",
    "insert_ms",
    "vs_list",
    "passes",
    "disk_bytes",
];

/// `v` with the times it measured set to null: they differ from run to run (build and lookup
/// times per URL, IMP-CB's and the store's seconds and their ratio); so, with it, the heap the
/// counting allocator saw, which another thread's allocation could move.
fn without_times(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let timed_pair = m.contains_key("imp_cb_seconds");
            for (k, x) in m.iter_mut() {
                let time = k.ends_with("_us_per_url")
                    || k.ends_with("_seconds")
                    || TABLE1_TIMED.contains(&k.as_str())
                    || k == "lookup_us_at_16000"
                    || k.starts_with("heap_bytes")
                    || (timed_pair && k == "ratio");
                if time {
                    *x = Value::Null;
                } else {
                    without_times(x);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(without_times),
        _ => {}
    }
}

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

/// `urlhash slotmap` writes PNG files whose pixels are the core's image of the same slots, with
/// its parameters and legend in text chunks; the printed legend is golden.
#[test]
fn slotmap_writes_the_cores_pixels_as_png() {
    use urlhashlab::foundation::corpus::Corpus;
    use urlhashlab::foundation::hash::HashId;
    use urlhashlab::mechanisms::slotmap::{draw, Layout};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = [
        "slotmap",
        "--fn",
        "hfip,elfhash",
        "--slots",
        "2^12",
        "--n",
        "5000",
    ];
    let text = ok(&urlhash(
        &[&args[..], &["--layout", "linear", "--out-dir", d]].concat(),
    ));
    golden("slotmap-5000.txt", &text.replace(d, "DIR"));
    let corpus = Corpus::new(2004);
    for (f, id) in [(HashId::HfIp, "hfip"), (HashId::ElfHash, "elfhash")] {
        let mut counts = vec![0u32; 4096];
        let mut urls = corpus.iter(0, 5000);
        while let Some(url) = urls.next_url() {
            counts[f.slot(url, 4096) as usize] += 1;
        }
        let core = draw(&counts, Layout::Linear).unwrap();
        let file =
            std::fs::File::open(dir.path().join(format!("slotmap-{id}-m4096-linear.png"))).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((frame.width, frame.height), (core.width, core.height));
        assert_eq!(frame.color_type, png::ColorType::Rgba);
        assert_eq!(&pixels[..frame.buffer_size()], &core.rgba[..], "{id}");
        let chunks = &reader.info().uncompressed_latin1_text;
        let description = chunks.iter().find(|c| c.keyword == "Description").unwrap();
        assert!(
            description
                .text
                .contains(&format!("function {id}; N = 5000; M = 4096; layout linear")),
            "{}",
            description.text
        );
        assert!(description.text.contains("legend"));
    }
    // JSON names the files and the MD5 of their pixels; M over 2^22 is refused.
    let json: serde_json::Value = serde_json::from_str(&ok(&urlhash(
        &[&args[..], &["--out-dir", d, "--json"]].concat(),
    )))
    .unwrap();
    assert_eq!(json["images"][0]["layout"], "hilbert");
    assert_eq!(json["images"][1]["rgba_md5"].as_str().unwrap().len(), 32);
    let out = urlhash(&[
        "slotmap",
        "--fn",
        "hf",
        "--slots",
        "2^23",
        "--n",
        "10",
        "--out-dir",
        d,
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("at most 4194304 slots"),
        "{}",
        stderr(&out)
    );
}

/// One table of `--csv` output: its `# name` (none when the output is that table alone), its
/// header row and its records.
#[derive(Debug)]
struct CsvTable {
    name: Option<String>,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl CsvTable {
    /// The fields of column `name`, a row each.
    fn column(&self, name: &str) -> Vec<&str> {
        let i = self
            .header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{:?} has no column {name}: {:?}", self.name, self.header));
        self.rows.iter().map(|r| r[i].as_str()).collect()
    }
}

/// One record as RFC 4180 reads it (a quoted field may hold commas, doubled quotes and line
/// breaks), and the text after it; records end in LF.
fn csv_record(s: &str) -> (Vec<String>, &str) {
    let mut fields = Vec::new();
    let mut field = String::new();
    let (mut quoted, mut was_quoted, mut field_start) = (false, false, true);
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek().map(|&(_, c)| c) == Some('"') => {
                    field.push('"');
                    chars.next();
                }
                '"' => quoted = false,
                c => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field_start => (quoted, was_quoted) = (true, true),
            ',' | '\n' => {
                fields.push(std::mem::take(&mut field));
                (field_start, was_quoted) = (true, false);
                if c == '\n' {
                    return (fields, &s[i + 1..]);
                }
                continue;
            }
            '"' | '\r' => panic!("{c:?} in an unquoted field of {s:?}"),
            _ if was_quoted => panic!("text after a closing quote in {s:?}"),
            c => field.push(c),
        }
        field_start = false;
    }
    panic!("a record without its line break: {s:?}")
}

/// `--csv` output read back: one table alone, or several, each after a `# name` line and the
/// later ones after an empty line. Every record of a table has as many fields as its header.
fn parse_csv(text: &str) -> Vec<CsvTable> {
    let mut tables: Vec<CsvTable> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let name = match rest.strip_prefix("# ") {
            Some(named) => {
                let (name, after) = named.split_once('\n').expect("a whole name line");
                rest = after;
                Some(name.to_string())
            }
            None => None,
        };
        assert!(
            name.is_some() || tables.is_empty(),
            "a second table without its name line"
        );
        let (header, mut after) = csv_record(rest);
        let mut rows = Vec::new();
        while !after.is_empty() && !after.starts_with('\n') {
            assert!(
                !after.starts_with("# "),
                "a name line comes after an empty line"
            );
            let (row, next) = csv_record(after);
            assert_eq!(
                row.len(),
                header.len(),
                "a row of {name:?} has as many fields as its header {header:?}: {row:?}"
            );
            rows.push(row);
            after = next;
        }
        rest = match after.strip_prefix('\n') {
            Some(next) => {
                assert!(
                    next.starts_with("# "),
                    "an empty line comes before a name line"
                );
                next
            }
            None => after,
        };
        tables.push(CsvTable { name, header, rows });
    }
    assert!(
        tables.len() == 1 || tables.iter().all(|t| t.name.is_some()),
        "several tables are each named"
    );
    tables
}

/// `tables` written back as `--csv` writes them.
fn write_csv(tables: &[CsvTable]) -> String {
    let field = |f: &String| {
        if f.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", f.replace('"', "\"\""))
        } else {
            f.clone()
        }
    };
    let line = |r: &[String]| r.iter().map(field).collect::<Vec<_>>().join(",") + "\n";
    let mut out = String::new();
    for (i, t) in tables.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if let Some(name) = &t.name {
            out += &format!("# {name}\n");
        }
        out += &line(&t.header);
        t.rows.iter().for_each(|r| out += &line(r));
    }
    out
}

/// The `--csv` output of `args`, checked: it reads back as tables of even rows, and writing
/// those back gives the same bytes.
fn csv_of(args: &[&str]) -> (String, Vec<CsvTable>) {
    let text = ok(&urlhash(args));
    let tables = parse_csv(&text);
    assert_eq!(
        write_csv(&tables),
        text,
        "{args:?}: CSV reads back as written"
    );
    (text, tables)
}

/// `tables` with the times they measured (and the heap) replaced by `*`, as [`without_times`]
/// sets them to null in JSON.
fn csv_without_times(mut tables: Vec<CsvTable>) -> String {
    for t in &mut tables {
        let timed_pair = t.header.iter().any(|h| h == "imp_cb_seconds");
        let timed: Vec<usize> = (0..t.header.len())
            .filter(|&i| {
                let h = t.header[i].as_str();
                h.ends_with("_us_per_url")
                    || h.ends_with("_seconds")
                    || TABLE1_TIMED.contains(&h)
                    || h == "lookup_us_at_16000"
                    || h == "lookup_us"
                    || h.starts_with("heap_bytes")
                    || (timed_pair && h == "ratio")
            })
            .collect();
        for row in &mut t.rows {
            for &i in &timed {
                if !row[i].is_empty() {
                    row[i] = "*".into();
                }
            }
        }
    }
    write_csv(&tables)
}

#[test]
fn csv_goldens() {
    let s = SAMPLE;
    let plain: [(&str, &[&str]); 7] = [
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
        ("paper-p2-20000.csv", &["paper", "p2", "--n", "20000"]),
        ("bloom-sample.csv", &["bloom", s]),
        ("cbf-sample-saturating.csv", &SATURATING_CBF),
        ("fingerprint-sample-1000.csv", &["fingerprint", s]),
        ("paper-p1-5000.csv", &["paper", "p1", "--n", "5000"]),
    ];
    for (name, args) in plain {
        golden(name, &csv_of(&[args, &["--csv"]].concat()).0);
    }
    let timed: [(&str, &[&str]); 3] = [
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

#[test]
fn the_csv_reader_of_these_tests_reads_rfc_4180() {
    let t = parse_csv("a,b\n\"x, \"\"y\"\"\",\"two\nlines\"\n,\n");
    assert_eq!(t[0].header, ["a", "b"]);
    assert_eq!(t[0].rows, [["x, \"y\"", "two\nlines"], ["", ""]]);
    let t = parse_csv("# one\na\n1\n\n# two\nb,c\n2,3\n");
    assert_eq!(t.len(), 2);
    assert_eq!(t[1].name.as_deref(), Some("two"));
    assert_eq!(t[1].rows, [["2", "3"]]);
    for bad in [
        "a,b\n1\n",
        "a\n1\n# two\nb\n",
        "a\n1\n\n# two\nb\n\n",
        "a\nx\"y\n",
    ] {
        assert!(
            std::panic::catch_unwind(|| parse_csv(bad)).is_err(),
            "{bad:?}"
        );
    }
}

/// `paper p3 --threads`: P3's spider on 1, 2 and every core under each locking loses no URL and
/// finds the study's distinct fingerprints; P3's partial locks never make a thread wait.
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
        if r["locking"] == "partial" || r["threads"] == 1 {
            assert_eq!(r["contended"], 0, "{r}");
        }
    }
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

#[test]
fn every_thread_count_gives_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hostile.txt");
    // 100 000 lines span several of the parallel reader's batches (32 768 lines).
    std::fs::write(&file, urlhashlab::foundation::lines::hostile_list(100_000)).unwrap();
    let file = file.to_str().unwrap();
    let out = dir.path().to_str().unwrap();
    let runs: [&[&str]; 14] = [
        &["paper", "p2", file, "--json"],
        &[
            "partition",
            "--policy",
            "heritrix",
            "--nodes",
            "5",
            file,
            "--json",
        ],
        &[
            "partition",
            "--policy",
            "p2-printed",
            "--n",
            "60000",
            "--csv",
        ],
        &["paper", "p1", file, "--json"],
        &["paper", "p1", "--n", "90000", "--key", "path", "--csv"],
        &["slots", "--fn", "hfip", "--slots", "200000", file],
        &[
            "slots",
            "--fn",
            "md5",
            "--slots",
            "4294967295",
            "--key",
            "host",
            file,
        ],
        &[
            "sweep", "--fig", "1,2", "--n", "120000", "--step", "25000", "--json",
        ],
        &[
            "sweep", "--fig", "1,2,3", "--step", "7000", "--key", "host", file, "--json",
        ],
        &[
            "sweep", "--fig", "2", "--step", "999", "--key", "path", file, "--csv",
        ],
        &[
            "dist",
            "--fn",
            "elfhash,hfip,hf,md5,fnv1a64,site-printed",
            "--slots",
            "1000",
            "--key",
            "host",
            file,
            "--json",
            "--counts",
        ],
        &["dist", "--fn", "hf,hf", "--slots", "12", "--n", "70000"],
        &["dist", "--fn", "hf", "--slots", "12", "--key", "path", file],
        &[
            "slotmap",
            "--fn",
            "hfip",
            "--slots",
            "4096",
            file,
            "--json",
            "--out-dir",
            out,
        ],
    ];
    for args in runs {
        let one = ok(&urlhash(&[args, &["--threads", "1"]].concat()));
        for t in ["2", "3", "8"] {
            let many = ok(&urlhash(&[args, &["--threads", t]].concat()));
            assert!(
                one == many,
                "{args:?}: --threads {t} differs from --threads 1"
            );
        }
    }
    // The hostile lines were read, and some keys could not be split.
    let out = ok(&urlhash(&[
        "sweep",
        "--fig",
        "2",
        "--key",
        "host",
        file,
        "--json",
        "--threads",
        "2",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["input"]["unsplittable"]["count"].as_u64().unwrap() > 1000,
        "{}",
        v["input"]
    );
}
