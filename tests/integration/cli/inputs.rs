//! What every command that reads URLs does with odd lines, binary files, bad files and
//! input past its cap.

use super::helpers::*;
use std::process::Output;

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
    (&["canon"], true),
    (&["quality", "--hash", "md5", "--no-synthetic"], true),
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
        ["canon"] => u(&v["lines"]),
        ["quality", ..] => u(&v["lines"]),
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
