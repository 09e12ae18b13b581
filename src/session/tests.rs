//! Tests of the session: kept lines, caches re-binned for any M, prefixes and coded errors.

use super::*;
use crate::hash::P1_FUNCTIONS;

/// The first `n` corpus URLs as one text, a line each.
fn corpus_text(n: u64) -> Vec<u8> {
    let mut text = Vec::new();
    let corpus = Corpus::new(2004);
    let mut urls = corpus.iter(0, n);
    while let Some(u) = urls.next_url() {
        text.extend_from_slice(u);
        text.push(b'\n');
    }
    text
}

/// Slot counts computed line by line, with no cache: the reference for re-binning.
fn direct(lines: &[&[u8]], hash: HashId, key: Key, m: u32) -> Vec<u32> {
    let mut counts = vec![0u32; m as usize];
    for line in lines {
        if let Ok(k) = key::extract(line, key) {
            counts[hash::reduce(hash.raw(&k), m) as usize] += 1;
        }
    }
    counts
}

#[test]
fn a_corpus_range_and_the_same_text_give_the_same_counts_and_lines() {
    let text = corpus_text(5_000);
    let mut file = Session::new(1 << 30);
    file.begin(&P1_FUNCTIONS, Key::Url);
    // Chunks that cut lines anywhere.
    for chunk in text.chunks(777) {
        file.push_chunk(chunk).unwrap();
    }
    let file_report = file.finish();
    let mut range = Session::new(1 << 30);
    range.begin(&P1_FUNCTIONS, Key::Url);
    for start in (0..5_000).step_by(1_024) {
        range
            .push_corpus(start, 1_024.min(5_000 - start), 2004)
            .unwrap();
    }
    let range_report = range.finish();
    assert_eq!(
        range.corpus_range(),
        Some(CorpusRange {
            seed: 2004,
            start: 0,
            end: 5_000
        })
    );
    assert_eq!(file.corpus_range(), None);
    assert_eq!(file_report.stats.urls, 5_000);
    assert_eq!(range_report.stats.urls, 5_000);
    assert!(file_report.urls_kept && range_report.urls_kept);
    for m in [1, 12, 1_000, 65_536] {
        for h in P1_FUNCTIONS {
            assert_eq!(
                file.histogram(h, Key::Url, m).unwrap(),
                range.histogram(h, Key::Url, m).unwrap()
            );
        }
    }
    // The range is generated again, with the numbers a file gives its lines.
    let mut a = Vec::new();
    file.for_each_line(4_990, 5_000, |i, l, n| a.push((i, l.to_vec(), n)));
    let mut b = Vec::new();
    range.for_each_line(4_990, 5_000, |i, l, n| b.push((i, l.to_vec(), n)));
    assert_eq!(a, b);
    assert_eq!(a[0].2, 4_991);
    assert_eq!(file.lines(2, 3).unwrap(), range.lines(2, 3).unwrap());
}

#[test]
fn rebinning_the_cache_equals_hashing_each_line_for_every_key() {
    let text = b"http://www.pku.edu.cn/\nHTTP://News.Sina.com.cn:80/a/b?c#d\nnot a url\n\
        http://a.cn\nhttp://[::1/\nhttp://b.cn/x/y.html\nmailto:x@y.cn\n";
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let mut s = Session::new(1 << 20);
    s.begin(&[HashId::Hf], Key::Host);
    s.push_chunk(text).unwrap();
    s.finish();
    for key in [Key::Url, Key::Host, Key::Path] {
        for h in [HashId::ElfHash, HashId::Hf, HashId::Md5, HashId::Xxh3] {
            for m in [1, 2, 3, 12, 97, 1 << 20] {
                assert_eq!(
                    s.histogram(h, key, m).unwrap(),
                    direct(&lines, h, key, m),
                    "{h:?} {key:?} M = {m}"
                );
            }
        }
    }
    // The path's cache, computed later, finds the lines without a path the host's found.
    let report = s.report();
    assert!(report.unsplittable_path.count > 0);
    assert_eq!(report.unsplittable_path, report.unsplittable_host);
    assert_eq!(report.root_paths, Some(2));
}

#[test]
fn a_cache_in_slices_equals_one_computed_at_once() {
    let text = corpus_text(3_000);
    let mut s = Session::new(1 << 30);
    s.begin(&[], Key::Url);
    s.push_chunk(&text).unwrap();
    s.finish();
    assert!(!s.has_cache(HashId::HfIp, Key::Path));
    let mut job = s.cache_begin(HashId::HfIp, Key::Path).unwrap();
    let mut last = 0.0;
    while last < 1.0 {
        let done = s.cache_run(&mut job, 250);
        assert!(done > last);
        last = done;
    }
    let i = s.cache_finish(job);
    assert!(s.has_cache(HashId::HfIp, Key::Path));
    let sliced = s.histogram(HashId::HfIp, Key::Path, 4_096).unwrap();
    let mut whole = Session::new(1 << 30);
    whole.begin(&[HashId::HfIp], Key::Path);
    whole.push_chunk(&text).unwrap();
    whole.finish();
    assert_eq!(
        sliced,
        whole.histogram(HashId::HfIp, Key::Path, 4_096).unwrap()
    );
    assert_eq!(s.raw(i, 17), whole.raw(0, 17));
}

#[test]
fn past_the_budget_the_first_lines_are_kept_and_studies_read_that_prefix() {
    let text = corpus_text(1_000);
    let budget = text.len() / 4;
    let mut s = Session::new(budget);
    s.begin(&[HashId::Hf], Key::Url);
    s.push_chunk(&text).unwrap();
    let report = s.finish();
    assert_eq!(report.stats.urls, 1_000);
    assert!(!report.urls_kept);
    let kept = report.lines_kept as usize;
    assert!(kept > 100 && kept < 400, "{kept}");
    assert_eq!(s.readable(), kept);
    // The counts still cover every line: they were hashed as they came.
    let counts = s.histogram(HashId::Hf, Key::Url, 7).unwrap();
    assert_eq!(counts.iter().sum::<u32>(), 1_000);
    let p = s.prefix(usize::MAX, "trie").unwrap();
    assert_eq!(
        p,
        Prefix {
            loaded: 1_000,
            lines: kept as u64,
            capped: true,
            by_budget: true,
            keep_budget: budget as u64
        }
    );
    let own = s.prefix(10, "trie").unwrap();
    assert!(own.capped && !own.by_budget && own.lines == 10);
    // What was not kept cannot be read, hashed again or listed.
    assert_eq!(
        s.cache_begin(HashId::ElfHash, Key::Url).err().unwrap().code,
        "not-kept"
    );
    assert_eq!(
        s.histogram(HashId::ElfHash, Key::Url, 7).unwrap_err().code,
        "not-kept"
    );
    assert_eq!(s.lines(kept, 1).unwrap_err().code, "line-past");
    let mut seen = 0;
    s.for_each_line(0, 1_000, |_, _, _| seen += 1);
    assert_eq!(seen, kept);
    // A first line longer than the budget: nothing is kept, and the studies say so.
    let mut none = Session::new(10);
    none.begin(&[], Key::Url);
    none.push_chunk(b"http://www.example.com/long\n").unwrap();
    none.finish();
    let e = none.prefix(usize::MAX, "trie").unwrap_err();
    assert_eq!(
        (e.code, e.args.clone()),
        ("none-kept", vec!["1".into(), "10".into(), "trie".into()])
    );
}

#[test]
fn out_of_order_and_out_of_range_requests_are_coded_errors() {
    let mut s = Session::new(1 << 20);
    s.begin(&[HashId::Hf], Key::Url);
    s.push_chunk(b"http://a.cn/\n").unwrap();
    assert_eq!(
        s.set_columns(Columns {
            delimiter: b',',
            column: 1,
            header: false
        })
        .unwrap_err()
        .code,
        "sequence"
    );
    s.finish();
    assert_eq!(s.push_chunk(b"x\n").unwrap_err().code, "sequence");
    assert_eq!(s.push_corpus(0, 1, 1).unwrap_err().code, "sequence");
    assert_eq!(
        s.histogram(HashId::Hf, Key::Url, 0).unwrap_err().code,
        "slots-range"
    );
    let e = s
        .histogram(HashId::Hf, Key::Url, MAX_COUNTED_SLOTS + 1)
        .unwrap_err();
    assert_eq!(e.code, "slots-too-many");
    assert!(e.to_string().contains("2^27"));
    // begin() forgets everything but the budget.
    s.begin(&[HashId::ElfHash, HashId::ElfHash], Key::Url);
    assert!(s.is_empty() && s.budget() == 1 << 20);
    assert_eq!(s.report().cache_bytes, 0);
    s.push_corpus(10, 5, 7).unwrap();
    assert_eq!(s.report().cache_bytes, 5 * 4);
}

#[test]
fn a_file_after_corpus_urls_ends_the_range_and_nothing_is_kept() {
    let mut s = Session::new(1 << 20);
    s.begin(&[HashId::Hf], Key::Url);
    s.push_corpus(0, 100, 2004).unwrap();
    s.push_chunk(b"http://a.cn/\n").unwrap();
    let report = s.finish();
    assert_eq!(s.corpus_range(), None);
    assert_eq!(s.len(), 101);
    assert!(!report.urls_kept);
    assert_eq!(report.lines_kept, 0);
    // A corpus range that does not follow on is not a range either.
    let mut gap = Session::new(1 << 20);
    gap.begin(&[], Key::Url);
    gap.push_corpus(0, 10, 1).unwrap();
    gap.push_corpus(20, 10, 1).unwrap();
    assert_eq!(gap.corpus_range(), None);
}
