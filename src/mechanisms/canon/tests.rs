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
