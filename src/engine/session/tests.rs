//! Tests of the session: kept lines, caches re-binned for any M, prefixes and coded errors.

use super::*;
use crate::foundation::hash::P1_FUNCTIONS;
use crate::mechanisms::slotmap::draw;

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

/// The same text as a table: `rank,url`, a header first.
fn hostile_table(lines: u64) -> Vec<u8> {
    let mut out = b"\n\nrank,url\n".to_vec();
    let text = crate::foundation::lines::hostile_list(lines);
    for (i, line) in text[3..text.len() - 1].split(|&b| b == b'\n').enumerate() {
        if i % 5 != 4 {
            out.extend_from_slice(format!("{i},").as_bytes());
        }
        out.extend_from_slice(line);
        out.push(b'\n');
    }
    // Short last lines.
    out.extend_from_slice(b"1,http://a.cn/\n2,b.cn\n3,c.cn/x\n4,d.cn");
    out
}

const SLICE_HASHES: [HashId; 4] = [HashId::ElfHash, HashId::Md5, HashId::Fnv1a64, HashId::Hf];

fn begun(budget: usize, key: Key, columns: Option<Columns>) -> Session {
    let mut s = Session::new(budget);
    s.begin(&SLICE_HASHES, key);
    if let Some(c) = columns {
        s.set_columns(c).unwrap();
    }
    s
}

/// `text` loaded by one session, fed in chunks of 4 093 bytes.
fn one_load(text: &[u8], budget: usize, key: Key, columns: Option<Columns>) -> Session {
    let mut s = begun(budget, key, columns);
    for chunk in text.chunks(4_093) {
        s.push_chunk(chunk).unwrap();
    }
    s.finish();
    s
}

/// `text` cut at `cuts` (each just after a newline), the first part loaded by the session
/// returned, every later one by a session of its own and appended.
fn split_load(
    text: &[u8],
    cuts: &[usize],
    budget: usize,
    key: Key,
    columns: Option<Columns>,
) -> Result<Session, Coded> {
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(text.len());
    let mut first = begun(budget, key, columns);
    for chunk in text[..bounds[1]].chunks(4_093) {
        first.push_chunk(chunk)?;
    }
    for (i, w) in bounds[1..].windows(2).enumerate() {
        let mut part = begun(budget, key, columns);
        part.begin_slice()?;
        for chunk in text[w[0]..w[1]].chunks(1_000) {
            part.push_chunk(chunk)?;
        }
        part.finish();
        // The room this session has left, or (every other part) more than it: the same.
        let room = if i % 2 == 0 {
            first.keep_room()
        } else {
            usize::MAX
        };
        first.append_slice(&part.slice_bytes(room)?)?;
    }
    first.finish();
    Ok(first)
}

/// Everything a view reads of a session: its report, every histogram and the kept lines with
/// their numbers.
fn same_session(a: &mut Session, b: &mut Session, key: Key, what: &str) {
    assert_eq!(
        serde_json::to_value(a.report()).unwrap(),
        serde_json::to_value(b.report()).unwrap(),
        "{what}"
    );
    for h in SLICE_HASHES {
        for m in [1, 12, 1_009] {
            assert_eq!(
                a.histogram(h, key, m).unwrap(),
                b.histogram(h, key, m).unwrap(),
                "{what}: {h:?} at {m}"
            );
        }
        let (ca, cb) = (
            a.cache_index(h, key).unwrap(),
            b.cache_index(h, key).unwrap(),
        );
        assert!((0..a.len()).all(|i| a.raw(ca, i) == b.raw(cb, i)), "{what}");
    }
    let mut lines = [Vec::new(), Vec::new()];
    for (s, out) in [&*a, &*b].into_iter().zip(&mut lines) {
        s.for_each_line(0, s.len(), |i, l, n| out.push((i, l.to_vec(), n)));
    }
    assert_eq!(lines[0], lines[1], "{what}");
}

/// Offsets just after each newline of `text` (where the page cuts a file).
fn line_starts(text: &[u8]) -> Vec<usize> {
    let newlines = text.iter().enumerate().filter(|(_, &b)| b == b'\n');
    newlines.map(|(i, _)| i + 1).collect()
}

#[test]
fn parts_loaded_apart_and_joined_equal_one_load() {
    let text = crate::foundation::lines::hostile_list(6_000);
    let starts = line_starts(&text);
    let total_kept = one_load(&text, usize::MAX, Key::Url, None)
        .store
        .unwrap()
        .bytes
        .len();
    // Every line kept; the budget ends in the first, the second and the last part; none kept.
    for budget in [
        usize::MAX,
        total_kept / 5,
        total_kept / 2,
        total_kept - 30,
        0,
    ] {
        for key in [Key::Url, Key::Host, Key::Path] {
            let mut one = one_load(&text, budget, key, None);
            let n = starts.len();
            for cuts in [
                vec![starts[n / 2]],
                vec![starts[0], starts[n / 3], starts[n / 3 + 1], starts[n - 2]],
                (1..8).map(|i| starts[i * n / 8]).collect(),
            ] {
                let what = format!("budget {budget}, {key:?}, cuts {cuts:?}");
                let mut split = split_load(&text, &cuts, budget, key, None).unwrap();
                same_session(&mut one, &mut split, key, &what);
            }
        }
    }
}

#[test]
fn a_table_split_skips_its_header_once_and_cut_after_any_line() {
    let text = hostile_table(400);
    let columns = Some(Columns {
        delimiter: b',',
        column: 1,
        header: true,
    });
    let starts = line_starts(&text);
    // Every line kept, and a budget the lines after the header outgrow: a first part that
    // holds only the header keeps nothing, and the second stops keeping where one load would.
    for budget in [1 << 20, 3_000] {
        let mut one = one_load(&text, budget, Key::Host, columns);
        assert!(one.report().stats.header_skipped);
        assert!(one.report().stats.no_column.count > 50);
        assert_eq!(one.report().urls_kept, budget == 1 << 20);
        // The header is the third line: a first part that has not reached it is refused. A
        // third part, of short lines, follows a second that stopped keeping.
        let last = starts[starts.len() - 4];
        for (i, &cut) in starts.iter().enumerate().take(starts.len() - 1) {
            let cuts = if cut < last {
                vec![cut, last]
            } else {
                vec![cut]
            };
            match split_load(&text, &cuts, budget, Key::Host, columns) {
                Ok(mut split) => {
                    same_session(&mut one, &mut split, Key::Host, &format!("cut {cut}"))
                }
                Err(e) => {
                    assert!(i < 2, "cut after line {i}: {e}");
                    assert_eq!(e.code, "slice-order");
                }
            }
        }
    }
}

#[test]
fn a_damaged_part_is_an_error_never_a_panic() {
    let text = crate::foundation::lines::hostile_list(60);
    let cut = line_starts(&text)[30];
    let mut part = begun(1 << 20, Key::Path, None);
    part.begin_slice().unwrap();
    part.push_chunk(&text[cut..]).unwrap();
    assert_eq!(part.slice_bytes(1 << 20).unwrap_err().code, "sequence");
    part.finish();
    let bytes = part.slice_bytes(1 << 20).unwrap();
    let fresh = || {
        let mut s = begun(1 << 20, Key::Path, None);
        s.push_chunk(&text[..cut]).unwrap();
        s
    };
    for len in 0..bytes.len() {
        let e = fresh().append_slice(&bytes[..len]).unwrap_err();
        assert_eq!(e.code, "slice-unreadable", "cut at {len}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        fresh().append_slice(&longer).unwrap_err().code,
        "slice-unreadable"
    );
    // Another key's part does not fit these caches.
    let mut other = begun(1 << 20, Key::Host, None);
    other.begin_slice().unwrap();
    other.push_chunk(&text[cut..]).unwrap();
    other.finish();
    let e = fresh()
        .append_slice(&other.slice_bytes(1 << 20).unwrap())
        .unwrap_err();
    assert_eq!(e.code, "slice-unreadable");
    // A first part cut inside a line cannot be followed.
    let mut torn = begun(1 << 20, Key::Path, None);
    torn.push_chunk(&text[..cut - 3]).unwrap();
    assert_eq!(torn.append_slice(&bytes).unwrap_err().code, "slice-order");
    // A finished first part takes no more; a part is marked before its first byte.
    let mut done = fresh();
    done.finish();
    assert_eq!(done.append_slice(&bytes).unwrap_err().code, "sequence");
    assert_eq!(fresh().begin_slice().unwrap_err().code, "sequence");
    let mut whole = fresh();
    whole.append_slice(&bytes).unwrap();
    whole.finish();
    same_session(
        &mut one_load(&text, 1 << 20, Key::Path, None),
        &mut whole,
        Key::Path,
        "whole",
    );
}

#[test]
fn a_part_that_cannot_send_every_kept_line_ends_the_kept_prefix() {
    // 20-byte lines, then short ones: the budget ends inside the second part, where a short
    // line of the third would still fit.
    let long = "http://a.cn/12345678\n";
    let text = [long.repeat(3), long.repeat(3), "b.cn\n".repeat(4)].concat();
    let cuts = [3 * long.len(), 6 * long.len()];
    for budget in [90, 100, 110, 119] {
        let mut one = one_load(text.as_bytes(), budget, Key::Url, None);
        let mut split = split_load(text.as_bytes(), &cuts, budget, Key::Url, None).unwrap();
        assert_eq!(one.readable(), budget / 20, "budget {budget}");
        same_session(&mut one, &mut split, Key::Url, &format!("budget {budget}"));
    }
}

#[test]
fn a_session_draws_what_its_histogram_holds() {
    let mut session = Session::new(1 << 20);
    session.begin(&[HashId::HfIp], Key::Url);
    session.push_corpus(0, 20_000, 2004).unwrap();
    session.finish();
    let map = session
        .slot_map(HashId::HfIp, Key::Url, 1 << 16, "linear")
        .unwrap();
    let counts = session.histogram(HashId::HfIp, Key::Url, 1 << 16).unwrap();
    assert_eq!(map, draw(&counts, Layout::Linear).unwrap());
    assert_eq!(map.n, 20_000);
    let code = |r: Result<SlotMap, Coded>| r.unwrap_err().code;
    let s = &mut session;
    assert_eq!(
        code(s.slot_map(HashId::HfIp, Key::Url, 1 << 16, "spiral")),
        "bad-params"
    );
    assert_eq!(
        code(s.slot_map(HashId::HfIp, Key::Url, (1 << 22) + 1, "linear")),
        "slotmap-slots"
    );
    assert!(s
        .slot_map(HashId::HfIp, Key::Url, 1 << 22, "hilbert")
        .is_ok());
}
