//! Known answers for [`super`]: the dynamic re-hash and P2 §3.3's node-side matching.

use super::*;
use crate::foundation::hash::HashId;
use crate::mechanisms::partition::{Link, Policy, POLICY_IDS};
use std::collections::HashSet;

#[test]
fn the_table_doubles_past_three_quarters_of_its_slots() {
    // 0.75 · 2^15 = 24 576 paths fit; one more doubles the table, re-inserting the 24 576.
    assert_eq!(dynamic_slots(0), (32_768, 0, 0));
    assert_eq!(dynamic_slots(24_576), (32_768, 0, 0));
    assert_eq!(dynamic_slots(24_577), (65_536, 1, 24_576));
    // www.nbkie.com's 44 405 paths: one doubling, α = 44 405 / 65 536 = 0.678.
    assert_eq!(dynamic_slots(44_405), (65_536, 1, 24_576));
    assert_eq!(dynamic_slots(49_152), (65_536, 1, 24_576));
    // 0.75 · 2^16 = 49 152: the next path doubles it again, moving 49 152 more.
    assert_eq!(dynamic_slots(49_153), (131_072, 2, 24_576 + 49_152));
    assert_eq!(
        dynamic_slots(1_000_000),
        (1 << 21, 6, 3 * ((1 << 21) - (1 << 15)) / 4)
    );
}

#[test]
fn table_states_count_by_hand() {
    // Hashes 0, 2^15, 1, 1, 2^16 + 1.
    let raws = [0, 32_768, 1, 1, 65_537];
    // 2^15 slots: slot 0 holds {0, 2^15}, slot 1 holds {1, 1, 2^16 + 1}.
    let s = table_state(&raws, 1 << 15);
    assert_eq!(
        (s.slots, s.occupied, s.colliding_paths, s.chainless_drops),
        (32_768, 2, 5, 3)
    );
    assert_eq!(s.load_factor, 5.0 / 32_768.0);
    // 2^16: 0 and 2^15 part; 2^16 + 1 still shares slot 1 with the two 1s.
    let s = table_state(&raws, 1 << 16);
    assert_eq!(
        (s.occupied, s.colliding_paths, s.chainless_drops),
        (3, 3, 2)
    );
    // 2^17: only the two equal hashes share a slot; no size parts them.
    let s = table_state(&raws, 1 << 17);
    assert_eq!(
        (s.occupied, s.colliding_paths, s.chainless_drops),
        (4, 2, 1)
    );
    let s = table_state(&raws, 1 << 32);
    assert_eq!(
        (s.occupied, s.colliding_paths, s.chainless_drops),
        (4, 2, 1)
    );
    assert!(rehash_site("small", &raws).is_none());
}

/// A site of 30 000 paths is re-hashed once, from 2^15 to 2^16 slots, and ends at α < 0.75 with
/// every path kept; a smaller site is left alone.
#[test]
fn a_site_of_30000_paths_is_rehashed_once_and_keeps_every_path() {
    let readings = [HashId::PathXor, HashId::PathPrinted, HashId::PathRepaired];
    let mut sim = Simulation::new(7, &[Policy::P2(HashId::PathXor)], &readings)
        .unwrap()
        .with_rehash();
    let mut line = 0;
    for i in 0..30_000 {
        line += 1;
        sim.push(
            line,
            format!("http://big.example.cn/news/{i}.html").as_bytes(),
        )
        .unwrap();
        if i % 10 == 0 {
            line += 1;
            let small = format!("http://small.example.cn/{i}");
            sim.push(line, small.as_bytes()).unwrap();
            // A rediscovered link is no new path.
            sim.push(line, small.as_bytes()).unwrap();
        }
    }
    let control = sim.control_report();
    let r = sim.finish();
    assert_eq!(r.urls, 30_000 + 3_000);
    assert_eq!(control.rehash.len(), 3);
    for (re, f) in control.rehash.iter().zip(readings) {
        assert_eq!(re.reading, f.info().key);
        assert_eq!(
            (re.rule_paths, re.sites_rehashed, re.paths),
            (24_576, 1, 30_000)
        );
        let site = &re.sites[0];
        assert_eq!(site.host, "big.example.cn");
        assert_eq!((site.paths, site.rehashes, site.moved), (30_000, 1, 24_576));
        assert_eq!((site.before.slots, site.after.slots), (32_768, 65_536));
        assert!(site.before.load_factor > LOAD_FACTOR_RULE);
        assert_eq!(site.after.load_factor, 30_000.0 / 65_536.0);
        assert!(site.after.load_factor < LOAD_FACTOR_RULE);
        // Every path kept: the tables hold all 30 000, each in a slot or behind another.
        for t in [site.before, site.after] {
            assert_eq!(t.occupied + t.chainless_drops, 30_000);
            assert!(t.colliding_paths >= t.chainless_drops);
        }
        // Doubling never fills fewer slots; it parts paths whenever the hash is wider.
        assert!(site.after.occupied >= site.before.occupied);
        assert_eq!(
            re.chainless_drops_after,
            30_000 - site.after.occupied,
            "{}",
            re.reading
        );
        // The same path hashes, recomputed here, give the same tables.
        let raws: Vec<u32> = (0..30_000)
            .map(|i| f.raw(format!("/news/{i}.html").as_bytes()) as u32)
            .collect();
        assert_eq!(site.after, table_state(&raws, 65_536));
        assert_eq!(site.before, table_state(&raws, 32_768));
        let wide = raws.iter().any(|&h| h >= 1 << 15);
        assert_eq!(site.hash_bits > 15, wide);
        if !wide {
            // The lab's repaired hash is 15 bits: the new half of the table stays empty.
            assert_eq!(f, HashId::PathRepaired);
            assert_eq!(site.after.occupied, site.before.occupied);
        }
    }
    // Without with_rehash nothing is kept and nothing re-hashed.
    let mut plain = Simulation::new(7, &[Policy::P2(HashId::PathXor)], &readings).unwrap();
    plain.push(1, b"http://a.cn/x").unwrap();
    assert!(plain.control_report().rehash.is_empty());
}

/// The hand-made list of the module doc's reading, at 2 nodes under P2 routing with the
/// lab's repaired path hash: "/a" → 481 and "/c" → 483 go to node 2, "/b" → 482 and
/// "/d" → 484 to node 1.
#[test]
fn nodes_match_their_own_links_and_the_system_adds_up() {
    use crate::foundation::hash::path_hash_repaired;
    for (path, raw) in [("/a", 481), ("/b", 482), ("/c", 483), ("/d", 484)] {
        // '/' & 0x1F = 15, then 15 << 5 | (char & 0x1F).
        assert_eq!(path_hash_repaired(path.as_bytes()), raw);
    }
    let lines = [
        "http://x.cn/a", // a seed: to the control node (1 probe, new site); node 2 parses it
        "http://x.cn/c", // node 2's own: 2 probes there; new, so 2 on the control node
        "http://x.cn/a", // node 2's own, in its tables: 2 probes, dropped on the node
        "http://x.cn/b", // node 1's, found on node 2: the control node, 2 probes
        "http://y.cn/d", // node 1's own, a site it lacks: 1 probe; control: new site, 1
        "http://x.cn/c", // node 2's, found on node 1: the control node, 2, a duplicate
        "http://y.cn/b", // node 1's own, y known there: 2; control 2
        "http://x.cn/d", // node 1's own, x known there (x.cn/b): 2; control 2
    ];
    let mut sim = Simulation::new(2, &[Policy::P2(HashId::PathRepaired)], &[]).unwrap();
    for (i, l) in lines.iter().enumerate() {
        sim.push(i as u64 + 1, l.as_bytes()).unwrap();
    }
    let c = sim.control_report();
    let r = sim.finish();
    assert_eq!((r.links, r.urls, r.sites), (8, 6, 2));
    // Every link through the control node: 2 · 8 − 2.
    assert_eq!(r.control_matches, 14);
    let m = &c.node_matching[0];
    assert_eq!(m.policy, "p2-repaired");
    assert_eq!(m.node_own_links, [3, 2]);
    assert_eq!(m.node_matches, [1 + 2 + 2, 2 + 2]);
    assert_eq!(m.node_dropped, [0, 1]);
    assert_eq!(m.nodes_matches, 9);
    // The link node 2 dropped never reaches the control node: 1 + 2 + 2 + 1 + 2 + 2 + 2.
    assert_eq!((m.control_links, m.control_matches), (7, 12));
    assert_eq!(m.system_matches, 12 + 9);
    assert!(c.rehash.is_empty());
}

/// The same reading written out plainly with sets, on a list with rediscovered links, for every
/// policy: the per-node matches, the drops, and system = control + Σ nodes.
#[test]
fn node_matching_equals_a_direct_replay_for_every_policy() {
    let corpus = crate::foundation::corpus::Corpus::new(16);
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut buf = Vec::new();
    for i in 0..6_000u64 {
        corpus.url(i, &mut buf);
        lines.push(buf.clone());
        if i % 4 == 1 {
            // A link found again a little later, and one found again much later.
            let back = (i * 7919) % (i + 1);
            corpus.url(back, &mut buf);
            lines.push(buf.clone());
        }
    }
    let policies: Vec<Policy> = POLICY_IDS
        .iter()
        .map(|id| Policy::parse(id, None).unwrap())
        .collect();
    let nodes = 5u32;
    let mut sim = Simulation::new(nodes, &policies, &[]).unwrap();
    for (i, l) in lines.iter().enumerate() {
        sim.push(i as u64 + 1, l).unwrap();
    }
    let c = sim.control_report();
    let r = sim.finish();
    assert!(r.duplicates > 1_000, "{}", r.duplicates);
    for (policy, m) in policies.iter().zip(&c.node_matching) {
        let n = nodes as usize;
        let mut seen: HashSet<(String, String)> = HashSet::new();
        let mut control_sites: HashSet<String> = HashSet::new();
        let mut node_sites: Vec<HashSet<String>> = vec![HashSet::new(); n];
        let mut finder: Option<usize> = None;
        let (mut matches, mut own, mut dropped) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
        let (mut control_links, mut control_matches) = (0u64, 0u64);
        for l in &lines {
            let p = crate::foundation::key::split(l).unwrap();
            let domain = crate::foundation::key::registrable_domain(&p.host);
            let link = Link {
                url: l,
                host: p.host.as_bytes(),
                path: p.path.as_bytes(),
                domain: domain.as_bytes(),
                port: p.port,
            };
            let owner = policy.node(&link, nodes) as usize;
            let url = (p.host.clone(), p.path.clone());
            let is_new = !seen.contains(&url);
            if finder == Some(owner) {
                own[owner] += 1;
                matches[owner] += 1 + node_sites[owner].contains(&p.host) as u64;
                if !is_new {
                    dropped[owner] += 1;
                    continue;
                }
            }
            control_links += 1;
            control_matches += 1 + control_sites.contains(&p.host) as u64;
            control_sites.insert(p.host.clone());
            if is_new {
                seen.insert(url);
                node_sites[owner].insert(p.host.clone());
                finder = Some(owner);
            }
        }
        let id = &m.policy;
        assert_eq!(m.node_matches, matches, "{id}");
        assert_eq!(m.node_own_links, own, "{id}");
        assert_eq!(m.node_dropped, dropped, "{id}");
        assert_eq!(
            (m.control_links, m.control_matches),
            (control_links, control_matches),
            "{id}"
        );
        assert_eq!(m.nodes_matches, matches.iter().sum::<u64>(), "{id}");
        assert_eq!(m.system_matches, control_matches + m.nodes_matches, "{id}");
        assert_eq!(
            control_links + dropped.iter().sum::<u64>(),
            r.links,
            "{id}: every link reaches the control node or is dropped on a node"
        );
    }
}
