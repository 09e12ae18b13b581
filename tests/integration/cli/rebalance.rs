//! `urlhash rebalance`: moved hosts and URLs counted again here from the library's routing
//! functions, the symmetry of joining and leaving, a real list, and bad arguments.

use super::helpers::*;
use crate::common;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use urlhashlab::foundation::key;
use urlhashlab::mechanisms::partition::{host_key, jump_node, rendezvous_node, Link, Policy, Ring};

fn run(args: &[&str]) -> Value {
    serde_json::from_str(&ok(&urlhash(args))).unwrap()
}

fn counts(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// Every scheme's URLs per node before and after, and its moved hosts and URLs, equal a count
/// made here over the distinct URLs of the sample with the library's node functions.
#[test]
fn rebalance_counts_equal_a_direct_count_for_every_scheme() {
    let text = std::fs::read_to_string(root().join(SAMPLE)).unwrap();
    let (from, to, vnodes) = (5u32, 7u32, 30u32);
    let v = run(&[
        "rebalance",
        "--nodes",
        "5",
        "--to",
        "7",
        "--vnodes",
        "30",
        "--json",
        SAMPLE,
    ]);
    assert_eq!(
        (v["from"].as_u64(), v["to"].as_u64(), v["urls"].as_u64()),
        (Some(5), Some(7), Some(1000))
    );
    let mut seen = HashSet::new();
    let lines: Vec<&str> = text.lines().collect();
    let ring = (Ring::new(from, vnodes), Ring::new(to, vnodes));
    for s in v["schemes"].as_array().unwrap() {
        let id = s["id"].as_str().unwrap();
        let node = |line: &str, n: u32| -> u32 {
            let p = key::split(line.as_bytes()).unwrap();
            let link = Link {
                url: line.as_bytes(),
                host: p.host.as_bytes(),
                path: p.path.as_bytes(),
                domain: b"",
                port: p.port,
            };
            match id {
                "ring:v30" => {
                    if n == from { &ring.0 } else { &ring.1 }.node(host_key(p.host.as_bytes()))
                }
                "rendezvous" => rendezvous_node(host_key(p.host.as_bytes()), n),
                "jump" => jump_node(host_key(p.host.as_bytes()), n),
                _ => Policy::parse(id.split(':').next().unwrap(), None)
                    .unwrap()
                    .node(&link, n),
            }
        };
        let (mut before, mut after) = (vec![0u64; from as usize], vec![0u64; to as usize]);
        let (mut urls_moved, mut moved_hosts, mut hosts) = (0u64, HashSet::new(), HashMap::new());
        seen.clear();
        for line in &lines {
            let p = key::split(line.as_bytes()).unwrap();
            if !seen.insert((p.host.clone(), p.path.clone())) {
                continue;
            }
            let (b, a) = (node(line, from), node(line, to));
            before[b as usize] += 1;
            after[a as usize] += 1;
            hosts.insert(p.host.clone(), ());
            if a != b {
                urls_moved += 1;
                moved_hosts.insert(p.host.clone());
            }
        }
        assert_eq!(counts(&s["node_urls_before"]), before, "{id}");
        assert_eq!(counts(&s["node_urls_after"]), after, "{id}");
        assert_eq!(s["urls_moved"].as_u64(), Some(urls_moved), "{id}");
        assert_eq!(
            s["hosts_moved"].as_u64(),
            Some(moved_hosts.len() as u64),
            "{id}"
        );
        assert_eq!(v["hosts"].as_u64(), Some(hosts.len() as u64));
        assert!(s["ns_per_lookup"].as_f64().unwrap() > 0.0, "{id}");
    }
}

/// The URLs that move from n to n′ nodes are those that move back: 7 → 8 and 8 → 7 move the
/// same hosts and URLs under every scheme, the theory's 7/8 and 1/8 both ways.
fn joining_and_leaving_move_the_same(file: &str) -> Vec<(String, f64, f64)> {
    let grow = run(&["rebalance", "--nodes", "7", "--to", "8", "--json", file]);
    let shrink = run(&["rebalance", "--nodes", "8", "--to", "7", "--json", file]);
    let mut out = Vec::new();
    for (g, s) in grow["schemes"]
        .as_array()
        .unwrap()
        .iter()
        .zip(shrink["schemes"].as_array().unwrap())
    {
        assert_eq!(g["id"], s["id"]);
        for f in ["hosts_moved", "urls_moved", "theory_fraction"] {
            assert_eq!(g[f], s[f], "{} {f}", g["id"]);
        }
        let theory = if ["ring", "rendezvous", "jump"].contains(&g["scheme"].as_str().unwrap()) {
            0.125
        } else {
            0.875
        };
        assert_eq!(g["theory_fraction"].as_f64(), Some(theory));
        out.push((
            g["id"].as_str().unwrap().to_string(),
            g["hosts_moved_fraction"].as_f64().unwrap(),
            g["urls_moved_fraction"].as_f64().unwrap(),
        ));
    }
    out
}

#[test]
fn joining_and_leaving_move_the_same_on_the_sample() {
    joining_and_leaving_move_the_same(SAMPLE);
}

#[test]
fn on_a_real_list_the_consistent_schemes_move_about_an_eighth_of_the_hosts() {
    let path = common::data_dir().join("iscx_url2016_benign_crawl.txt");
    if !path.exists() {
        common::skip_unless_ci(
            "cli::rebalance::on_a_real_list_the_consistent_schemes_move_about_an_eighth_of_the_hosts",
            &format!("{} is absent (the real lists are not part of the repository)", path.display()),
        );
        return;
    }
    let rows = joining_and_leaving_move_the_same(path.to_str().unwrap());
    for (id, hosts, _) in rows {
        // 310 hosts: a binomial share's standard deviation is about 0.019 at 1/8.
        match id.as_str() {
            "ring:v100" | "rendezvous" | "jump" => {
                assert!((hosts - 0.125).abs() < 0.06, "{id}: {hosts}")
            }
            "host:xxh3" | "nutch" | "frontera" | "heritrix" => {
                assert!((hosts - 0.875).abs() < 0.06, "{id}: {hosts}")
            }
            _ => {}
        }
    }
}

#[test]
fn rebalance_bad_arguments_fail_clearly() {
    expect_errors(&[
        (&["rebalance", "--nodes", "0"], 2, "between 1 and 1024"),
        (&["rebalance", "--to", "1025"], 2, "between 1 and 1024"),
        (
            &["rebalance", "--vnodes", "0"],
            2,
            "virtual nodes per node must be between 1 and 1000",
        ),
        (
            &["rebalance", "--nodes", "7", "--json", "--csv"],
            2,
            "cannot be used with",
        ),
    ]);
}
