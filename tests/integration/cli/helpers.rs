//! What the CLI tests share: running `urlhash`, golden files (`tests/golden/`, re-blessed with
//! `BLESS=1 cargo test --test integration`), JSON and CSV compared to a relative 1e-12, and
//! the reader of `--csv` output.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn urlhash(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("urlhash runs")
}

pub fn urlhash_stdin(args: &[&str], input: &[u8]) -> Output {
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

pub fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Compares `actual` with `tests/golden/NAME`, or rewrites it when `BLESS=1` is set (never
/// under CI). A JSON golden file is compared as JSON, a CSV one field by field, their numbers to
/// a relative 1e-12: the 17-digit floats of a function like `ln` may differ in the last place
/// with another libm.
pub fn golden(name: &str, actual: &str) {
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
pub fn csv_close(a: &[CsvTable], b: &[CsvTable]) -> Result<(), String> {
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
pub fn json_close(a: &serde_json::Value, b: &serde_json::Value, at: &str) -> Result<(), String> {
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
pub fn json_golden_files_allow_only_last_place_float_differences() {
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

pub const SAMPLE: &str = "data/corpus-sample-1000.txt";

/// `cbf` with counters that saturate: the plain counting filter loses kept URLs.
pub const SATURATING_CBF: [&str; 8] = [
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
pub fn expect_errors(cases: &[(&[&str], i32, &str)]) {
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

/// P4's Table 1 replayed: its times, the passes they took, and the bytes the file system gives
/// the database file and the MD5 directories.
pub const TABLE1_TIMED: [&str; 5] = [
    "measured_ms",
    "insert_ms",
    "vs_list",
    "passes",
    "disk_bytes",
];

/// `v` with the times it measured set to null: they differ from run to run (build and lookup
/// times per URL, IMP-CB's and the store's seconds and their ratio, a policy's nanoseconds per
/// link and the passes timed, the filters' build and lookup ns per key); so, with it, the heap the
/// counting allocator saw, which another thread's allocation could move.
pub fn without_times(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let timed_pair = m.contains_key("imp_cb_seconds");
            // A policy's routing cost (`paper p2`'s `costs`): its time and the passes it took.
            let route_cost = m.contains_key("ns_per_link");
            for (k, x) in m.iter_mut() {
                let time = k.ends_with("_us_per_url")
                    || k.ends_with("_ns_per_key")
                    || k.ends_with("_seconds")
                    || TABLE1_TIMED.contains(&k.as_str())
                    || k == "lookup_us_at_16000"
                    || k.starts_with("heap_bytes")
                    || (timed_pair && k == "ratio")
                    || (route_cost && (k == "ns_per_link" || k == "repeats"));
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

/// One table of `--csv` output: its `# name` (none when the output is that table alone), its
/// header row and its records.
#[derive(Debug)]
pub struct CsvTable {
    pub name: Option<String>,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl CsvTable {
    /// The fields of column `name`, a row each.
    pub fn column(&self, name: &str) -> Vec<&str> {
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
pub fn csv_record(s: &str) -> (Vec<String>, &str) {
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
pub fn parse_csv(text: &str) -> Vec<CsvTable> {
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
pub fn write_csv(tables: &[CsvTable]) -> String {
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
pub fn csv_of(args: &[&str]) -> (String, Vec<CsvTable>) {
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
pub fn csv_without_times(mut tables: Vec<CsvTable>) -> String {
    for t in &mut tables {
        let timed_pair = t.header.iter().any(|h| h == "imp_cb_seconds");
        let route_cost = t.header.iter().any(|h| h == "ns_per_link");
        let timed: Vec<usize> = (0..t.header.len())
            .filter(|&i| {
                let h = t.header[i].as_str();
                h.ends_with("_us_per_url")
                    || h.ends_with("_ns_per_key")
                    || h.ends_with("_seconds")
                    || TABLE1_TIMED.contains(&h)
                    || h == "lookup_us_at_16000"
                    || h == "lookup_us"
                    || h.starts_with("heap_bytes")
                    || (timed_pair && h == "ratio")
                    || (route_cost && (h == "ns_per_link" || h == "repeats"))
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
pub fn the_csv_reader_of_these_tests_reads_rfc_4180() {
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
