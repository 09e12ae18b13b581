//! The web-platform-tests URL test data (`../shared/data/wpt_urltestdata.json`) through the
//! CLI and the library's host split.

use super::helpers::*;
use crate::common;

/// The web-platform-tests URL test data (`url/resources/urltestdata.json`, as vendored by
/// rust-url), kept outside the repository in `../shared/data`; `None` when it is absent, after
/// [`common::skip_unless_ci`] has said that `test` skips.
fn wpt_tests(test: &str) -> Option<Vec<serde_json::Map<String, serde_json::Value>>> {
    let path = common::data_dir().join("wpt_urltestdata.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        let why = format!(
            "{} is absent (the WPT URL test data is not part of the repository; put it in ../shared/data to run this test)",
            path.display()
        );
        common::skip_unless_ci(&format!("cli::wpt::{test}"), &why);
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
    let Some(tests) = wpt_tests("wpt_url_inputs_are_all_counted") else {
        return;
    };
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
    let Some(tests) = wpt_tests("wpt_hostnames_beside_the_host_split") else {
        return;
    };
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
    let Some(tests) = wpt_tests("wpt_file_urls_split_as_wpt_says_and_join_back") else {
        return;
    };
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

/// The lab's WHATWG scheme (`urlhash canon --scheme whatwg`) gives every WPT input that is a
/// whole URL with a host (no base, a scheme followed by `//`, not expected to fail) exactly the
/// `href` the tests expect, and refuses every input without a base that the tests expect to
/// fail; but for the divergences of the `url` crate (2.5.8) it names: the two `file:` rules
/// the Standard dropped (see `foundation::key`) and `^` in a path, which this WPT snapshot
/// percent-encodes and the crate does not yet.
#[test]
fn the_whatwg_scheme_gives_wpts_href_for_every_absolute_url() {
    use urlhashlab::mechanisms::canon::Scheme;
    let Some(tests) = wpt_tests("the_whatwg_scheme_gives_wpts_href_for_every_absolute_url") else {
        return;
    };
    let (mut agreed, mut refused) = (0, 0);
    let mut wrong = Vec::new();
    for t in tests
        .iter()
        .filter(|t| t.get("base").is_none_or(|b| b.is_null()))
    {
        let input = wpt_line(t["input"].as_str().expect("input"));
        let trimmed = input
            .trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0B' || c.is_ascii_control());
        let absolute = trimmed.split_once(':').is_some_and(|(s, rest)| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && rest.starts_with("//")
        });
        let got = Scheme::Whatwg.canonical(input.as_bytes());
        if t.get("failure").is_some_and(|f| f.as_bool() == Some(true)) {
            if absolute {
                refused += 1;
                if got.is_ok() {
                    wrong.push(format!(
                        "{input:?}: WPT says failure, the scheme gave {got:?}"
                    ));
                }
            }
            continue;
        }
        let href = t["href"].as_str().unwrap_or_default();
        if !absolute || t["hostname"].as_str().unwrap_or_default().is_empty() {
            continue;
        }
        match got {
            Ok(form) if form == href => agreed += 1,
            other => wrong.push(format!("{input:?}: got {other:?}, want {href:?}")),
        }
    }
    let known = |w: &str| w.starts_with("\"file://") || w.contains("%5E_%60");
    let (divergent, unexplained): (Vec<String>, Vec<String>) =
        wrong.into_iter().partition(|w| known(w));
    eprintln!(
        "WHATWG scheme: {agreed} WPT hrefs equal, {refused} failures refused, {} known url-crate divergences",
        divergent.len()
    );
    assert!(agreed > 100, "only {agreed} WPT entries compared");
    assert!(
        divergent.len() <= 6,
        "more file: or ^ divergences than the 6 known:\n{}",
        divergent.join("\n")
    );
    assert!(
        unexplained.is_empty(),
        "{} WPT entries differ:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
}
