use super::*;

/// Fails, listing each one, when `canonical` does not give a vector's expected form; `bytes`
/// turns a vector's input into the line's bytes.
pub(super) fn assert_vectors<E: std::fmt::Debug>(
    what: &str,
    vectors: &[(&str, &str)],
    bytes: impl Fn(&str) -> Vec<u8>,
    canonical: impl Fn(&[u8]) -> Result<String, E>,
) {
    let wrong: Vec<String> = vectors
        .iter()
        .filter_map(|(input, want)| match canonical(&bytes(input)) {
            Ok(got) if got == *want => None,
            other => Some(format!("{input:?}: got {other:?}, want {want:?}")),
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{what}: {} of {} differ:\n{}",
        wrong.len(),
        vectors.len(),
        wrong.join("\n")
    );
}

/// The pairs of distinct spellings `a` merges and `b` keeps apart, by checking every pair.
fn pairs_by_brute_force(lines: &[&[u8]], a: Scheme, b: Scheme) -> u64 {
    let mut distinct: Vec<&[u8]> = Vec::new();
    for l in lines {
        if !distinct.contains(l) {
            distinct.push(l);
        }
    }
    let mut n = 0;
    for i in 0..distinct.len() {
        for j in i + 1..distinct.len() {
            let same = |s: Scheme| match (s.canonical(distinct[i]), s.canonical(distinct[j])) {
                (Ok(x), Ok(y)) => x == y,
                _ => false,
            };
            if same(a) && !same(b) {
                n += 1;
            }
        }
    }
    n
}

const LIST: [&str; 22] = [
    "http://a.cn/x",
    "HTTP://A.CN:80/x",
    "http://a.cn/x#top",
    "http://a.cn/%78",
    "http://a.cn/x",
    "a.cn/x",
    "http://a.cn./x",
    "http://a.cn/b/../x",
    "http://a.cn//x",
    "https://a.cn/x",
    "http://3279880203/blah",
    "http://195.127.0.11/blah",
    "http://0xC37F000B/blah",
    "http://a.cn/q?b=2&a=1",
    "http://a.cn/q?a=1&b=2",
    "http://a.cn/%7euser",
    "http://a.cn/~user",
    "http://a.cn/%7Euser",
    "mailto:x@a.cn",
    "http:///nohost",
    "",
    "http://b.cn/\u{4e2d}",
];

#[test]
fn disagreement_counts_equal_a_check_of_every_pair() {
    let lines: Vec<&[u8]> = LIST.iter().map(|l| l.as_bytes()).collect();
    let mut s = EquivalenceStudy::new(&Scheme::ALL);
    for l in &lines {
        s.push(l);
    }
    let r = s.finish(3);
    assert_eq!(r.disagreements.len(), 42);
    for d in &r.disagreements {
        let a = Scheme::parse(d.merges).unwrap();
        let b = Scheme::parse(d.keeps_apart).unwrap();
        assert_eq!(
            d.pairs,
            pairs_by_brute_force(&lines, a, b),
            "{} merges, {} keeps apart",
            d.merges,
            d.keeps_apart
        );
        if let Some((x, y)) = &d.example {
            assert_eq!(
                a.canonical(x.as_bytes()).unwrap(),
                a.canonical(y.as_bytes()).unwrap()
            );
            assert_ne!(x, y);
        }
        assert_eq!(d.example.is_some(), d.pairs > 0);
    }
    // Safe Browsing merges the three spellings of 195.127.0.11 that WHATWG also merges, and the
    // doubled slash WHATWG keeps.
    let sb_vs_whatwg = r
        .disagreements
        .iter()
        .find(|d| d.merges == "safe-browsing" && d.keeps_apart == "whatwg")
        .unwrap();
    assert!(sb_vs_whatwg.pairs > 0);
}

#[test]
fn every_spelling_is_counted_once_merged_or_alone() {
    let mut s = EquivalenceStudy::new(&Scheme::ALL);
    for l in LIST {
        s.push(l.as_bytes());
    }
    let r = s.finish(100);
    assert_eq!(r.lines, LIST.len() as u64);
    assert_eq!(r.spellings, LIST.len() as u64 - 1); // "http://a.cn/x" twice
    for row in &r.schemes {
        // distinct = spellings − spellings merged + one page per merged group
        assert_eq!(
            row.distinct,
            r.spellings - row.merged_spellings + row.merged_groups,
            "{}",
            row.scheme
        );
        let lines_in_groups: u64 = row.largest.iter().map(|g| g.lines).sum();
        assert!(lines_in_groups <= r.lines);
        for w in row.largest.windows(2) {
            assert!(w[0].spellings >= w[1].spellings);
        }
    }
    let refused = |id: &str| {
        r.schemes
            .iter()
            .find(|row| row.scheme == id)
            .unwrap()
            .refused
    };
    // mailto:, http:///nohost and the empty line have no host to any scheme.
    assert_eq!(refused("safe-browsing"), 3);
    assert_eq!(refused("rfc3986"), 3);
}

#[test]
fn each_scheme_is_idempotent_on_its_own_forms() {
    for scheme in Scheme::ALL {
        for l in LIST {
            if let Ok(once) = scheme.canonical(l.as_bytes()) {
                assert_eq!(
                    scheme.canonical(once.as_bytes()).as_ref(),
                    Ok(&once),
                    "{} on {l:?}",
                    scheme.id()
                );
            }
        }
    }
}

#[test]
fn ids_round_trip() {
    for s in Scheme::ALL {
        assert_eq!(Scheme::parse(s.id()), Some(s));
    }
    assert_eq!(Scheme::parse("heritrix"), None);
}

/// Which schemes merge each respelling with the line it respells (the view's lesson table):
/// only a host in capitals and a `./` segment are one page to all seven.
#[test]
fn each_respelling_is_merged_by_the_schemes_whose_rules_cover_it() {
    use super::{merging_rules, Respelling};
    let url = "http://www.a.cn/news/12.html?id=3";
    let all = "whatwg rfc3986 safe-browsing nutch w3lib stormcrawler p3";
    let expected = [
        (Respelling::UpperHost, all, "lowercase-host"),
        (
            Respelling::DefaultPort,
            "whatwg rfc3986 safe-browsing nutch p3",
            "drop-default-port",
        ),
        (
            Respelling::Fragment,
            "safe-browsing nutch w3lib stormcrawler p3",
            "drop-fragment",
        ),
        (
            Respelling::EscapedLetter,
            "rfc3986 safe-browsing nutch w3lib stormcrawler",
            "escapes",
        ),
        (Respelling::DotSegment, all, "dot-segments"),
        (Respelling::EmptyQuery, "w3lib stormcrawler", "sort-query"),
        (Respelling::OtherScheme, "p3", "http-https"),
        (Respelling::SessionId, "stormcrawler", "drop-session-ids"),
    ];
    for (r, schemes, rule) in expected {
        let v = r.apply(url.as_bytes()).unwrap();
        let merged: Vec<&str> = Scheme::ALL
            .iter()
            .filter(|s| s.canonical(url.as_bytes()).ok() == s.canonical(&v).ok())
            .map(|s| s.id())
            .collect();
        assert_eq!(merged.join(" "), schemes, "{r:?}");
        assert_eq!(
            merging_rules(url, std::str::from_utf8(&v).unwrap()),
            [rule],
            "{r:?}"
        );
    }
    // A line with nothing to escape, or not a URL, gets no respelling of that kind.
    assert_eq!(Respelling::EscapedLetter.apply(b"https://a.cn/"), None);
    assert_eq!(Respelling::UpperHost.apply(b"not a url"), None);
}

/// The knock-on effects against a count of their own on a list with respellings: the P2 node
/// loads sum to the pages, merged groups split across nodes are counted as such, and the Bloom
/// filter of fewer pages never reports more false positives than the one of every spelling.
#[test]
fn knock_on_effects_agree_with_a_count_of_their_own() {
    use super::{p2_node, P2_NODES};
    let lines: Vec<String> = (0..400)
        .map(|i| format!("http://h{}.cn/d{}/p{i}.html", i % 13, i % 7))
        .collect();
    let mut study = EquivalenceStudy::new(&Scheme::ALL).with_respellings(160);
    for l in &lines {
        study.push(l.as_bytes());
    }
    let r = study.finish(3);
    assert_eq!((r.respelled, r.respellings), (160, 160));
    assert_eq!(r.lines, 560);
    assert_eq!(r.as_written.distinct, 560);
    assert_eq!(r.as_written.node_loads.iter().sum::<u64>(), 560);
    // Brute force: every line and its respelling, by P2's node as written.
    let mut written = vec![0u64; P2_NODES as usize];
    for (i, l) in lines.iter().enumerate() {
        written[p2_node(l.as_bytes()) as usize] += 1;
        if i < 160 {
            let v = super::Respelling::nth(i as u64)
                .apply(l.as_bytes())
                .unwrap();
            written[p2_node(&v) as usize] += 1;
        }
    }
    assert_eq!(r.as_written.node_loads, written);
    for row in &r.schemes {
        let e = &row.effects;
        assert_eq!(e.distinct, row.distinct, "{}", row.scheme);
        assert_eq!(
            e.node_loads.iter().sum::<u64>(),
            row.distinct,
            "{}",
            row.scheme
        );
        assert!(
            e.bloom.n == row.distinct && e.bloom.m == 8 * 560,
            "{}",
            row.scheme
        );
        assert!(
            e.bloom.false_positives <= r.as_written.bloom.false_positives,
            "{}",
            row.scheme
        );
        assert!(e.split_groups <= row.merged_groups, "{}", row.scheme);
        assert!(
            e.md5_changed >= row.merged_spellings - row.merged_groups,
            "{}",
            row.scheme
        );
    }
    // Safe Browsing merges the escaped letter (/%64 is d: the node of /d… and /%64… differ
    // for some) and the `./` segment (same path after resolving, a different path as written).
    let sb = r
        .schemes
        .iter()
        .find(|s| s.scheme == "safe-browsing")
        .unwrap();
    let split = lines[..160]
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let v = super::Respelling::nth(i as u64)
                .apply(l.as_bytes())
                .unwrap();
            let same =
                Scheme::SafeBrowsing.canonical(l.as_bytes()) == Scheme::SafeBrowsing.canonical(&v);
            (same && p2_node(l.as_bytes()) != p2_node(&v)).then_some(())
        })
        .count() as u64;
    assert_eq!(sb.effects.split_groups, split);
    assert!(split > 0);
}
