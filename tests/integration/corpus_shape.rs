//! The built-in corpus against real URL lists: its shape (length, path depth, queries, `.cn`
//! share, non-ASCII share) must fall within what real lists show. The lists are read from
//! `../shared/data` when it exists; when it does not, the test says that it skipped (and fails
//! under CI, [`common::skip_unless_ci`]).

use crate::common;
use urlhashlab::foundation::corpus::{Corpus, DEFAULT_SEED};
use urlhashlab::foundation::key::parse_url;

#[derive(Debug, Default)]
struct Shape {
    n: usize,
    mean_len: f64,
    mean_depth: f64,
    query_share: f64,
    cn_share: f64,
    non_ascii_share: f64,
}

fn shape<'a>(urls: impl Iterator<Item = &'a str>) -> Shape {
    let (mut n, mut len, mut depth, mut query, mut cn, mut non_ascii) =
        (0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    for raw in urls {
        let raw = raw.trim().trim_start_matches('\u{FEFF}');
        let Ok(url) = parse_url(raw) else { continue };
        n += 1;
        // Lengths are compared with a scheme, as the corpus writes one.
        len += raw.len()
            + if raw.contains("://") {
                0
            } else {
                "http://".len()
            };
        depth += url
            .path_segments()
            .map_or(0, |s| s.filter(|x| !x.is_empty()).count());
        query += url.query().is_some() as usize;
        cn += url.host_str().is_some_and(|h| h.ends_with(".cn")) as usize;
        non_ascii += !raw.is_ascii() as usize;
    }
    let f = |k: usize| k as f64 / n.max(1) as f64;
    Shape {
        n,
        mean_len: f(len),
        mean_depth: f(depth),
        query_share: f(query),
        cn_share: f(cn),
        non_ascii_share: f(non_ascii),
    }
}

/// The URL column of each real list that has paths (see SOURCES.md there).
fn real_lists(dir: &std::path::Path) -> Vec<(&'static str, Vec<String>)> {
    let read = |name: &str| {
        std::fs::read(dir.join(name)).map(|b| String::from_utf8_lossy(&b).into_owned())
    };
    let mut lists = Vec::new();
    if let Ok(t) = read("sogouq_2008_sample10k.tsv") {
        lists.push((
            "sogouq_2008",
            t.lines()
                .filter_map(|l| l.split('\t').next_back())
                .map(String::from)
                .collect(),
        ));
    }
    for (name, file) in [
        ("iscx_url2016", "iscx_url2016_benign_crawl.txt"),
        ("phishstorm_legit", "phishstorm_legit_48k.txt"),
    ] {
        if let Ok(t) = read(file) {
            lists.push((name, t.lines().map(String::from).collect()));
        }
    }
    if let Ok(t) = read("malicious_phish_head40k.csv") {
        let urls = t
            .lines()
            .skip(1)
            .filter_map(|l| l.rsplit_once(','))
            .filter(|(_, label)| *label == "benign");
        lists.push(("kaggle_benign", urls.map(|(u, _)| u.to_string()).collect()));
    }
    lists
}

#[test]
fn corpus_shape_falls_within_real_lists() {
    const TEST: &str = "corpus_shape::corpus_shape_falls_within_real_lists";
    let dir = common::data_dir();
    if !dir.is_dir() {
        let why = format!("{} is absent, no real lists to compare with", dir.display());
        common::skip_unless_ci(TEST, &why);
        return;
    }
    let lists = real_lists(&dir);
    if lists.is_empty() {
        common::skip_unless_ci(TEST, &format!("no known list in {}", dir.display()));
        return;
    }
    let corpus: Vec<String> = Corpus::new(DEFAULT_SEED)
        .iter(0, 50_000)
        .map(|u| String::from_utf8(u).expect("the corpus is UTF-8"))
        .collect();
    let ours = shape(corpus.iter().map(String::as_str));
    let shapes: Vec<(&str, Shape)> = lists
        .iter()
        .map(|(name, urls)| (*name, shape(urls.iter().map(String::as_str))))
        .collect();
    eprintln!(
        "{:<18} {:>7} {:>9} {:>10} {:>8} {:>8} {:>10}",
        "list", "n", "mean len", "mean depth", "query", ".cn", "non-ASCII"
    );
    for (name, s) in
        std::iter::once(("built-in corpus", &ours)).chain(shapes.iter().map(|(n, s)| (*n, s)))
    {
        eprintln!(
            "{name:<18} {:>7} {:>9.1} {:>10.2} {:>8.3} {:>8.3} {:>10.4}",
            s.n, s.mean_len, s.mean_depth, s.query_share, s.cn_share, s.non_ascii_share
        );
    }
    let range = |f: fn(&Shape) -> f64| {
        let v: Vec<f64> = shapes.iter().map(|(_, s)| f(s)).collect();
        (
            v.iter().copied().fold(f64::INFINITY, f64::min),
            v.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        )
    };
    for (what, f) in [
        ("mean length", (|s: &Shape| s.mean_len) as fn(&Shape) -> f64),
        ("mean path depth", |s: &Shape| s.mean_depth),
        ("share with a query", |s: &Shape| s.query_share),
    ] {
        let (lo, hi) = range(f);
        assert!(
            (lo..=hi).contains(&f(&ours)),
            "{what}: corpus {:.3} outside the real lists' {lo:.3}..{hi:.3}",
            f(&ours)
        );
    }
    // A Chinese crawl: at least as much under .cn as Sogou's 2008 clicks, when that list is here.
    if let Some((_, sogou)) = shapes.iter().find(|(n, _)| *n == "sogouq_2008") {
        assert!(
            ours.cn_share >= sogou.cn_share,
            "{} < {}",
            ours.cn_share,
            sogou.cn_share
        );
        assert!(
            (ours.mean_len - sogou.mean_len).abs() / sogou.mean_len < 0.25,
            "length far from Sogou's"
        );
    }
    assert!(ours.non_ascii_share > 0.005 && ours.non_ascii_share < 0.05);
}
