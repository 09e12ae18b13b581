//! `urlhash slots`: one output line per URL line, golden, for every registered function.

use super::helpers::*;
use std::path::Path;

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
