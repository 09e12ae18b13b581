use super::*;
use crate::foundation::corpus::Corpus;
use crate::papers::p4::{study, FlawExample, TrieStudyBuilder};
use std::collections::{BTreeSet, HashSet};
use std::ops::Bound;

fn corpus(n: u64) -> Vec<Vec<u8>> {
    Corpus::new(2004).iter(0, n).collect()
}

#[test]
fn sina_and_sohu_by_hand() {
    // P4's Fig. 1. sina.com: the tree's root R0 (made by GLTree()), then for each of its
    // 8 chars a char node, and for each char after the first the root of its level:
    // 1 + 8 + 7 = 16 nodes, ids R0=0 s=1 R1=2 i=3 R2=4 n=5 … R7=14 m=15.
    // sohu.com shares `s` and level 1 (R1): `o` joins `i` on level 1 (i.tail = o), then
    // h, u, ., c, o, m each with its own level root: 1 + 6 + 6 = 13 more. 29 nodes:
    // 15 chars (1 + 2 + 6 + 6), 14 roots (R0, R1, 6 under each branch).
    let mut gl = GlTrie::new();
    assert!(gl.insert(b"sina.com"));
    assert_eq!(gl.nodes(), 16);
    let steps = gl.insert_traced(b"sohu.com");
    let s = gl.stats();
    assert_eq!((s.nodes, s.char_nodes, s.root_nodes), (29, 15, 14));
    assert_eq!(s.total_points, 28);
    assert_eq!((s.levels, s.max_level_width), (8, 2));
    let actions: Vec<StepAction> = steps.iter().map(|s| s.action).collect();
    use StepAction::*;
    assert_eq!(
        actions[..6],
        [Match, Descend, Walk, Create, CreateRoot, Create]
    );
    assert_eq!((steps[0].node, steps[0].ch.as_str()), (1, "s"));
    assert_eq!(
        (steps[1].node, steps[2].node, steps[2].ch.as_str()),
        (2, 3, "o")
    );
    assert_eq!((steps[3].node, steps[4].node, steps[5].node), (16, 17, 18));
    assert_eq!(
        steps.last().map(|s| (s.action, s.node, s.index)),
        Some((New, 28, 8))
    );
    assert_eq!(actions.iter().filter(|a| **a == Create).count(), 7);
    assert_eq!(actions.iter().filter(|a| **a == CreateRoot).count(), 6);
    // Looking up sohu.com compares s, then i and o on level 1, then one node per level.
    let cost = gl.lookup_cost(b"sohu.com");
    assert_eq!(
        (cost.found, cost.levels, cost.compared, cost.siblings_walked),
        (true, 8, 9, 1)
    );
    // With end marks the same shape: marks live in the nodes.
    let mut fixed = GlTrie::with_end_marks();
    fixed.insert(b"sina.com");
    fixed.insert(b"sohu.com");
    assert_eq!(fixed.nodes(), 29);
}

#[test]
fn the_printed_flaw_and_the_fix() {
    let mut printed = GlTrie::new();
    let mut fixed = GlTrie::with_end_marks();
    assert!(printed.insert(b"http://a.cn/ab"));
    assert!(fixed.insert(b"http://a.cn/ab"));
    assert!(printed.contains(b"http://a.cn/a"));
    assert!(!fixed.contains(b"http://a.cn/a"));
    assert!(printed.contains(b"http://a.cn/ab") && fixed.contains(b"http://a.cn/ab"));
    assert!(!printed.contains(b"http://a.cn/abc") && !fixed.contains(b"http://a.cn/abc"));
    // Inserting the prefix: P4 calls it a duplicate and stores nothing.
    assert!(!printed.insert(b"http://a.cn/a"));
    assert!(fixed.insert(b"http://a.cn/a"));
    assert!(!fixed.insert(b"http://a.cn/a"));
    assert_eq!((printed.len(), fixed.len()), (1, 2));
    assert_eq!(printed.nodes(), fixed.nodes());
    assert_eq!(
        printed.an_extension(b"http://a.cn/a").as_deref(),
        Some("http://a.cn/ab")
    );
    assert_eq!(
        fixed.an_extension(b"http://a.cn/a").as_deref(),
        Some("http://a.cn/ab")
    );
    assert_eq!(printed.an_extension(b"http://a.cn/ab"), None);
    assert_eq!(fixed.an_extension(b"http://b.cn/"), None);
    assert_eq!(
        (printed.prefix_urls(), fixed.prefix_urls()),
        (None, Some(1))
    );
    // The traces say why.
    let steps = printed.contains_traced(b"http://a.cn/a");
    assert_eq!(steps.last().map(|s| s.action), Some(StepAction::Seen));
    let steps = fixed.contains_traced(b"http://a.cn/");
    assert_eq!(steps.last().map(|s| s.action), Some(StepAction::Unmarked));
    let steps = fixed.contains_traced(b"http://a.cn/x");
    assert_eq!(
        steps.last().map(|s| (s.action, s.index)),
        Some((StepAction::Missing, 12))
    );
    let steps = fixed.contains_traced(b"http://a.cn/abc");
    assert_eq!(
        steps.last().map(|s| (s.action, s.index)),
        Some((StepAction::Missing, 14))
    );
}

#[test]
fn the_empty_url() {
    // P4's loop does not run: "" is found at once as printed, and never new.
    let mut printed = GlTrie::new();
    assert!(printed.contains(b""));
    assert!(!printed.insert(b""));
    let mut fixed = GlTrie::with_end_marks();
    assert!(!fixed.contains(b""));
    assert!(fixed.insert(b""));
    assert!(fixed.contains(b"") && !fixed.contains(b"a"));
    assert!(fixed.insert(b"a"));
    assert_eq!(fixed.prefix_urls(), Some(1));
    assert_eq!(fixed.an_extension(b"").as_deref(), Some("a"));
    assert_eq!(fixed.stats().mean_depth, 0.5);
}

#[test]
fn java_chars() {
    // One node per UTF-16 unit: 中 is one char, 😀 two (a surrogate pair).
    let mut gl = GlTrie::new();
    gl.insert("中😀".as_bytes());
    let s = gl.stats();
    assert_eq!((s.char_nodes, s.levels), (3, 3));
    for url in ["http://a.cn/中文", "http://a.cn/😀/é"] {
        assert_eq!(
            java_units(url.as_bytes()).len(),
            crate::foundation::hash::java_string_length(url.as_bytes())
        );
    }
    // Invalid UTF-8 decodes as Java does: two lines, one Java string, one URL.
    let mut fixed = GlTrie::with_end_marks();
    assert!(fixed.insert(b"http://a.cn/\xff"));
    assert!(!fixed.insert(b"http://a.cn/\xfe"));
    assert!(fixed.contains(b"http://a.cn/\xc0"));
    assert_eq!(java_units(b"a\xed\xa0\x80b"), java_units(b"a\xffb"));
    assert_eq!(
        java_units(b"a\xed\xa0\x80b").len(),
        crate::foundation::hash::java_string_length(b"a\xed\xa0\x80b")
    );
    let steps = GlTrie::new().insert_traced("a😀".as_bytes());
    assert_eq!(steps[1].ch, "\u{FFFD}");
}

/// URLs, some held out, and prefixes of them (P4's flaw's territory).
fn urls_and_held_out(n: u64) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let all = corpus(n);
    let (inserted, rest) = all.split_at(all.len() * 3 / 4);
    let mut held_out: Vec<Vec<u8>> = rest.to_vec();
    for url in inserted.iter().step_by(7) {
        held_out.push(url[..url.len() - 1].to_vec());
        held_out.push(url[..url.len() / 2].to_vec());
        let mut longer = url.clone();
        longer.push(b'/');
        held_out.push(longer);
    }
    let mut with_prefixes = inserted.to_vec();
    for url in inserted.iter().step_by(13) {
        with_prefixes.push(url[..url.len() - 2].to_vec());
        with_prefixes.push(url.clone());
    }
    (with_prefixes, held_out)
}

/// Whether a key of `sorted` longer than `q` starts with `q` (they follow `q` in order).
fn has_extension<T: Ord + Clone>(sorted: &BTreeSet<Vec<T>>, q: &[T]) -> bool {
    sorted
        .range((Bound::Excluded(q.to_vec()), Bound::Unbounded))
        .next()
        .is_some_and(|k| k.starts_with(q))
}

#[test]
fn every_structure_agrees_with_the_hash_set() {
    let (inserted, held_out) = urls_and_held_out(4_000);
    let mut reference = HashSet::new();
    let mut sets: Vec<AnySet> = Structure::ALL.iter().map(|s| s.new_set()).collect();
    let fresh: Vec<bool> = inserted
        .iter()
        .map(|u| reference.insert(u.clone()))
        .collect();
    // P4's list compares Java chars: a byte prefix cut inside a UTF-8 char is U+FFFD there.
    let sorted: BTreeSet<Vec<u16>> = reference.iter().map(|k| java_units(k)).collect();
    for set in &mut sets {
        if set.structure().is_static() {
            assert_eq!(set.insert_all(&inserted), reference.len() as u64);
            continue;
        }
        for (url, &new) in inserted.iter().zip(&fresh) {
            let reported = set.insert(url);
            if set.structure() == Structure::GlTrie {
                assert!(!reported || new, "the printed list never invents a new URL");
            } else {
                assert_eq!(reported, new, "{}", set.structure().id());
            }
        }
    }
    for set in &sets {
        let id = set.structure().id();
        for url in inserted.iter().chain(&held_out) {
            let expected = reference.contains(url);
            let got = set.contains(url);
            if set.structure() == Structure::GlTrie {
                // Found exactly when it is a prefix of a stored URL.
                let prefix = has_extension(&sorted, &java_units(url)) || expected;
                assert_eq!(got, prefix, "{id} {}", String::from_utf8_lossy(url));
            } else {
                assert_eq!(got, expected, "{id} {}", String::from_utf8_lossy(url));
            }
        }
        let stored = if set.structure() == Structure::GlTrie {
            set.len() < reference.len() as u64
        } else {
            set.len() == reference.len() as u64
        };
        assert!(stored, "{id}: {} of {}", set.len(), reference.len());
        assert_eq!(set.contains_all(&inserted), inserted.len() as u64, "{id}");
    }
}

#[test]
fn bytes_per_url_are_positive_and_finite() {
    let urls = corpus(3_000);
    for s in Structure::ALL {
        let mut set = s.new_set();
        set.insert_all(&urls);
        let per_url = set.bytes() as f64 / urls.len() as f64;
        assert!(
            per_url.is_finite() && per_url > 0.0,
            "{}: {per_url}",
            s.id()
        );
        assert_ne!(set.nodes(), Some(0));
    }
    let mut gl = GlTrie::new();
    gl.insert_all(&urls);
    let st = gl.stats();
    for x in [st.bytes_per_url, st.java_bytes_per_url, st.mean_depth] {
        assert!(x.is_finite() && x > 0.0);
    }
    assert_eq!(st.arena_bytes_used, st.nodes * 12);
    assert!(st.arena_bytes >= st.arena_bytes_used);
    assert_eq!(st.java_bytes, st.nodes * 24);
    assert_eq!(st.nodes, st.root_nodes + st.char_nodes);
    // Empty structures: no division by zero.
    let empty = GlTrie::new().stats();
    assert!(empty.bytes_per_url.is_finite() && empty.mean_depth == 0.0);
}

#[test]
fn drawing_export_is_consistent() {
    let mut gl = GlTrie::with_end_marks();
    for url in ["sina.com", "sohu.com", "sina.cn", "s", "163.com"] {
        gl.insert(url.as_bytes());
    }
    let all = gl.nodes_for_drawing(usize::MAX);
    assert_eq!(all.len() as u64, gl.nodes());
    check_drawing(&all);
    assert!(all.iter().all(|n| !n.truncated));
    assert_eq!(all.iter().filter(|n| n.end).count(), 5);
    assert!(all[0].is_root && all[0].parent.is_none() && all[0].ch == "?");
    assert_eq!(
        (all[1].ch.as_str(), all[1].parent, all[1].depth),
        ("s", Some(0), 0)
    );
    let m = all.iter().rev().find(|n| n.ch == "m").unwrap();
    assert_eq!(m.depth, 6); // 163.com: `m` is char 6
    for cut in [1, 2, 7, 20] {
        let part = gl.nodes_for_drawing(cut);
        assert_eq!(part.len(), cut);
        check_drawing(&part);
        assert!(part.iter().any(|n| n.truncated));
    }
}

fn check_drawing(nodes: &[DrawNode]) {
    let by_id = |id: u32| &nodes[id as usize];
    for (i, n) in nodes.iter().enumerate() {
        assert_eq!(n.id as usize, i);
        if let Some(p) = n.parent {
            assert!(p < n.id, "parents come first");
            let p = by_id(p);
            assert_ne!(p.is_root, n.is_root, "roots and chars alternate");
            let expected_depth = if n.is_root { p.depth + 1 } else { p.depth };
            assert_eq!(n.depth, expected_depth);
        } else {
            assert_eq!(n.id, 0);
        }
        if let Some(c) = n.first_child {
            assert_eq!(by_id(c).parent, Some(n.id));
            assert_ne!(by_id(c).is_root, n.is_root);
        }
        if let Some(t) = n.next_sibling {
            assert!(!n.is_root && !by_id(t).is_root);
            assert_eq!(by_id(t).parent, n.parent);
        }
        if n.is_root {
            assert!(n.next_sibling.is_none() && !n.end);
        }
    }
}

#[test]
fn radix_shape_by_hand() {
    // {a, ab, b}: root ─child→ "a" (key; child "b"; sibling "b").
    // root: 2 bytes, padded to 8, + child pointer = 16. "a": 3 → 8 + child + sibling = 24.
    // "b" under "a": 2 + 1 = 3 (a leaf, no pointers). "b" at the top: 3. Total 46.
    let shape = radix_shape(["a", "ab", "b"]);
    assert_eq!((shape.nodes, shape.label_bytes, shape.bytes), (4, 3, 46));
    // {abc, abd}: root → "ab" (branching point, child) → "c" ─sibling→ "d".
    let shape = radix_shape(["abc", "abd"]);
    assert_eq!((shape.nodes, shape.label_bytes), (4, 4));
    assert_eq!(shape.bytes, 16 + 16 + (8 + 8) + 3);
    // A 600-byte label is a chain of 255 + 255 + 90.
    let long = vec![b'x'; 600];
    let shape = radix_shape([long]);
    assert_eq!((shape.nodes, shape.label_bytes), (4, 600));
    assert_eq!(shape.bytes, 16 + (264 + 8) * 2 + 92);
    assert_eq!(radix_shape(Vec::<Vec<u8>>::new()).nodes, 1);
    // The empty key is the root itself.
    assert_eq!(radix_shape(["", "a"]).nodes, 2);
}

#[test]
fn radix_shape_counts_a_node_per_key_and_branch() {
    // A compacted trie's nodes: the root, the keys and the distinct branching prefixes.
    let urls = corpus(2_000);
    let mut sorted = urls.clone();
    sorted.sort();
    sorted.dedup();
    let mut points: HashSet<&[u8]> = sorted.iter().map(|k| k.as_slice()).collect();
    for w in sorted.windows(2) {
        let l = w[0].iter().zip(&w[1]).take_while(|(a, b)| a == b).count();
        points.insert(&w[1][..l]);
    }
    points.insert(&b""[..]);
    let shape = radix_shape(&sorted);
    assert_eq!(shape.nodes, points.len() as u64);
    let mut p = PatriciaUrls::new();
    p.insert_all(&urls);
    assert_eq!(
        p.shape().nodes,
        shape.nodes,
        "PatriciaSet iterates in sorted order"
    );
}

#[test]
fn hash_table_bytes_follow_capacity() {
    assert_eq!(hash_table_bytes(0, 24), 0);
    assert_eq!(hash_table_bytes(3, 16), 64 + 4 + 16);
    assert_eq!(hash_table_bytes(14, 24), 384 + 16 + 16);
    let mut set = Md5Set::new();
    for i in 0..1000u32 {
        set.insert(&i.to_le_bytes());
    }
    let buckets = 2048; // 1000 items need more than 1024 × 7/8
    assert_eq!(set.bytes(), (buckets * 17 + 16) as u64);
}

#[test]
fn the_fst_merges_batches() {
    let mut fst = FstUrls::build(["b", "a", "b"]);
    assert_eq!(fst.len(), 2);
    assert_eq!(fst.insert_all(["c", "a", "0"]), 2);
    assert!(fst.contains(b"0") && fst.contains(b"c") && !fst.contains(b"d"));
    assert!(fst.insert(b"d") && !fst.insert(b"d"));
    assert_eq!(fst.len(), 5);
    assert!(fst.bytes() > 0);
    assert_eq!(FstUrls::new().bytes(), FstUrls::new().fst_bytes());
}

#[test]
fn structure_ids_round_trip() {
    for s in Structure::ALL {
        assert_eq!(Structure::from_id(s.id()), Some(s));
        assert_eq!(s.new_set().structure(), s);
        assert_eq!(serde_json::to_value(s).unwrap(), s.id());
    }
    assert_eq!(Structure::from_id("trie"), None);
    assert!(Structure::known_ids().starts_with("gl-trie, gl-trie-fixed"));
}

#[test]
fn the_study_counts_the_flaw() {
    let urls: Vec<&[u8]> = vec![
        b"http://a.cn/ab",
        b"http://a.cn/a",   // false duplicate (after its extension)
        b"http://a.cn/abc", // makes http://a.cn/ab a prefix URL, not a false duplicate
        b"http://a.cn/ab",  // a true duplicate
        b"http://b.cn/",
    ];
    let st = study(&urls, 2, &Structure::ALL);
    assert_eq!((st.lines, st.distinct), (5, 4));
    assert_eq!(st.flaw.false_duplicates, 1);
    assert_eq!(st.flaw.prefix_urls, 2);
    assert_eq!(
        st.flaw.examples,
        [FlawExample {
            line: 2,
            url: "http://a.cn/a".into(),
            longer: "http://a.cn/ab".into()
        }]
    );
    let lines: Vec<u64> = st.checkpoints.iter().map(|c| c.lines).collect();
    assert_eq!(lines, [2, 4, 5]);
    let last = st.checkpoints.last().unwrap();
    assert_eq!(last.rows.len(), 6);
    for row in &last.rows {
        let expected = if row.structure == Structure::GlTrie {
            3
        } else {
            4
        };
        assert_eq!(row.stored, expected, "{}", row.structure.id());
        assert!(row.bytes_per_url > 0.0 && row.bytes_per_url.is_finite());
        assert_eq!(row.java_bytes.is_some(), row.levels.is_some());
    }
    assert_eq!(st.gl.urls, 3);
    assert_eq!(st.gl_fixed.urls, 4);
    assert_eq!(st.insert_walk.lookups, 5);
    serde_json::to_string(&st).unwrap();
}

#[test]
fn the_fst_is_measured_where_rebuilt_and_each_row_is_of_the_urls_read_by_then() {
    // Checkpoints every 1 000 lines to 40 000: the FST at its first, at P4's 10 000 and
    // 16 000, wherever the distinct URLs grew eightfold since its last build, and at the end.
    let urls = corpus(40_500);
    let st = study(&urls, 1_000, &[Structure::GlTrieFixed, Structure::Fst]);
    let fst_at: Vec<u64> = st
        .checkpoints
        .iter()
        .filter(|c| c.rows.iter().any(|r| r.structure == Structure::Fst))
        .map(|c| c.lines)
        .collect();
    let mut expected = vec![];
    let mut built = 0;
    for c in &st.checkpoints {
        let at_p4 = c.lines == 10_000 || c.lines == 16_000;
        let end = c.lines == st.lines;
        if at_p4 || end || built == 0 || c.distinct >= 8 * built {
            expected.push(c.lines);
            built = c.distinct;
        }
    }
    assert_eq!(fst_at, expected);
    assert!(fst_at.len() < st.checkpoints.len() / 3, "{fst_at:?}");
    assert_eq!(*fst_at.last().unwrap(), 40_500);
    // Each FST row is the FST of the URLs read by its checkpoint, built afresh: nothing carried.
    for c in &st.checkpoints {
        let rows: Vec<Structure> = c.rows.iter().map(|r| r.structure).collect();
        let fst = c.rows.iter().find(|r| r.structure == Structure::Fst);
        assert_eq!(rows.len(), 1 + fst.is_some() as usize, "at {}", c.lines);
        assert_eq!(rows[0], Structure::GlTrieFixed);
        if let Some(row) = fst {
            let mut fresh = FstUrls::new();
            fresh.insert_all(urls[..c.lines as usize].iter());
            assert_eq!(
                (row.stored, row.bytes),
                (c.distinct, fresh.fst_bytes()),
                "at {}",
                c.lines
            );
        }
    }
    // A last step's checkpoint that left the FST out is measured again, whole, at the end.
    let st = study(&urls[..40_000], 1_000, &[Structure::Fst]);
    let last = st.checkpoints.last().unwrap();
    assert_eq!((last.lines, last.rows.len()), (40_000, 1));
    assert_eq!(
        st.checkpoints.iter().filter(|c| c.lines == 40_000).count(),
        1
    );
    // Told its end, the study measures everything at the last step's checkpoint: the same
    // study, whatever the structures.
    for structures in [&[Structure::Fst][..], &Structure::ALL] {
        let mut told = TrieStudyBuilder::new(1_000, structures).ending_at(40_000);
        for url in &urls[..40_000] {
            told.push(url);
        }
        assert_eq!(told.checkpoints().last().unwrap().lines, 40_000);
        assert_eq!(told.finish(), study(&urls[..40_000], 1_000, structures));
    }
}

#[test]
fn the_study_checkpoints_at_p4s_sizes() {
    let urls = corpus(20_000);
    let st = study(
        &urls,
        0,
        &[Structure::Fst, Structure::GlTrie, Structure::GlTrie],
    );
    assert_eq!(st.structures, [Structure::GlTrie, Structure::Fst]);
    let lines: Vec<u64> = st.checkpoints.iter().map(|c| c.lines).collect();
    assert_eq!(lines, [10_000, 16_000, 20_000]);
    let fst_rows: Vec<u64> = st.checkpoints.iter().map(|c| c.rows[1].stored).collect();
    assert_eq!(fst_rows, [10_000, 16_000, 20_000]);
    assert_eq!(st.claims.times[2].ms_per_dedup, 0.8);
    assert!((st.claims.bytes_per_url - 209.7152).abs() < 1e-9);
    // The flaw counted by comparing answers equals a direct count: a URL not seen before
    // that an earlier, longer URL starts with.
    let mut seen = BTreeSet::new();
    let mut direct = 0;
    for u in &urls {
        if !seen.contains(u) && has_extension(&seen, u) {
            direct += 1;
        }
        seen.insert(u.clone());
    }
    assert_eq!(st.flaw.false_duplicates, direct);
}

#[test]
fn timing_repeats_until_the_clock_has_moved_enough_or_the_cap() {
    let urls = corpus(2_000);
    let urls: Vec<&[u8]> = urls.iter().map(|u| &u[..]).collect();
    let mut distinct = urls.clone();
    distinct.sort();
    distinct.dedup();
    // A clock that moves 1 ms a reading: TIMED_MIN_MS builds and lookup passes, each 1 ms.
    let reps = TIMED_MIN_MS as u32;
    for s in Structure::ALL {
        let mut t = 0.0;
        let mut tick = || {
            t += 1.0;
            t
        };
        let timing = time_structure(s, &distinct, &mut tick);
        assert_eq!(
            (timing.build_repeats, timing.lookup_repeats),
            (reps, reps),
            "{s:?}"
        );
        let us = 1000.0 / distinct.len() as f64;
        assert!((timing.insert_us_per_url - us).abs() < 1e-9, "{s:?}");
        assert!((timing.lookup_us_per_url - us).abs() < 1e-9, "{s:?}");
        assert_eq!(timing.urls, distinct.len() as u64);
        if s.is_exact() {
            assert_eq!(
                (timing.stored, timing.found),
                (timing.urls, timing.urls),
                "{s:?}"
            );
        }
    }
    // A clock that never moves (a coarse browser clock on a fast batch): the cap on URLs ends it.
    let mut frozen = || 5.0;
    let timing = time_structure(Structure::ALL[0], &distinct, &mut frozen);
    let cap = TIMED_MAX_URLS.div_ceil(distinct.len()) as u32;
    assert_eq!((timing.build_repeats, timing.lookup_repeats), (cap, cap));
    assert_eq!(timing.insert_us_per_url, 0.0);
    // Empty: one pass each, nothing stored, no division by zero.
    let timing = time_structure(Structure::ALL[0], &[], &mut frozen);
    assert_eq!((timing.stored, timing.found, timing.urls), (0, 0, 0));
    assert!(timing.insert_us_per_url.is_finite());
}
