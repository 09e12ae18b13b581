//! Splitting an uploaded or piped URL list into URL lines, whatever arrives.
//!
//! One URL per line, as P1's and P2's lists were. Input comes in chunks of any size (a file read
//! piece by piece, a browser stream), and [`LineSplitter`] turns it into cleaned lines without
//! holding more than one line: a `\n` ends a line, a trailing `\r` (CRLF) is dropped, a UTF-8
//! byte-order mark at the very start is dropped, surrounding ASCII white space is trimmed, and
//! blank lines are counted and skipped. A line longer than [`MAX_LINE_BYTES`] is counted and
//! skipped with its line number, never buffered whole. Invalid UTF-8 and NUL bytes are kept
//! (hash functions hash bytes; the C functions of P1 stop at the first NUL) and counted, so a
//! report can say what the input held. Nothing is dropped without being counted.
//!
//! A table (CSV, TSV; see [`crate::foundation::columns`]) is read one column at a time:
//! [`LineSplitter::with_columns`] hands on that column of each line, skips a header line and
//! counts the lines without it. Read whole, lines shaped like `rank,host` are counted.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::lines::LineSplitter;
//! let mut urls = Vec::new();
//! let mut s = LineSplitter::new();
//! s.feed(b"\xEF\xBB\xBFhttp://a.cn/\r\n\n  b.cn/x  \nc.c", |line| urls.push(line.bytes.to_vec()));
//! s.feed(b"n/\n", |line| urls.push(line.bytes.to_vec()));
//! s.finish(|line| urls.push(line.bytes.to_vec()));
//! assert_eq!(urls, vec![b"http://a.cn/".to_vec(), b"b.cn/x".to_vec(), b"c.cn/".to_vec()]);
//! assert_eq!(s.stats().blank, 1);
//! assert_eq!(s.stats().crlf, 1);
//! assert!(s.stats().bom);
//! ```

use crate::foundation::columns::{self, Columns};
use serde::Serialize;

/// Lines longer than this (64 KiB) are skipped and reported.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How many line numbers each kind of problem remembers for messages.
pub const REMEMBERED_LINES: usize = 5;

/// One URL line handed to the caller.
#[derive(Debug)]
pub struct Line<'a> {
    /// 1-based line number in the input.
    pub number: u64,
    /// The trimmed bytes, never empty.
    pub bytes: &'a [u8],
}

/// Line numbers of a kind of problem: how many, and the first few.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Occurrences {
    /// How many lines had the problem.
    pub count: u64,
    /// The first of their line numbers (from 1), at most [`REMEMBERED_LINES`] of them.
    pub first_lines: Vec<u64>,
}

impl Occurrences {
    /// Whether no line had the problem.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Counts line `line` (from 1), remembering its number while fewer than [`REMEMBERED_LINES`]
    /// are kept.
    pub fn record(&mut self, line: u64) {
        self.count += 1;
        if self.first_lines.len() < REMEMBERED_LINES {
            self.first_lines.push(line);
        }
    }

    /// Adds the occurrences of a later part of the input, whose line numbers start after
    /// `offset` lines: as if they had been recorded here.
    pub fn append(&mut self, later: &Occurrences, offset: u64) {
        self.count += later.count;
        let room = REMEMBERED_LINES.saturating_sub(self.first_lines.len());
        let numbers = later.first_lines.iter().take(room);
        self.first_lines.extend(numbers.map(|&n| n + offset));
    }
}

/// What the input held.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct InputStats {
    /// Lines read, blank and skipped ones included.
    pub lines: u64,
    /// URL lines handed on.
    pub urls: u64,
    /// Bytes of input fed, every byte counted (line ends, BOM and skipped lines included).
    pub bytes: u64,
    /// Lines empty or all white space once trimmed, skipped.
    pub blank: u64,
    /// Lines that ended in `\r\n` (the `\r` is dropped).
    pub crlf: u64,
    /// The input began with a UTF-8 byte-order mark (`EF BB BF`), dropped.
    pub bom: bool,
    /// Lines over [`MAX_LINE_BYTES`], skipped.
    pub too_long: Occurrences,
    /// URL lines that are not valid UTF-8 (hashed as bytes).
    pub invalid_utf8: Occurrences,
    /// URL lines holding a NUL byte (P1's C functions stop there).
    pub nul: Occurrences,
    /// The column read, when the input is read as a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Columns>,
    /// A header line was skipped (tables only).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub header_skipped: bool,
    /// Lines without the column read, skipped (tables only).
    #[serde(skip_serializing_if = "Occurrences::is_empty")]
    pub no_column: Occurrences,
    /// Lines read whole that look like `rank,host` (a table read as URLs).
    #[serde(skip_serializing_if = "Occurrences::is_empty")]
    pub rank_host: Occurrences,
}

impl InputStats {
    /// The problems of each kind, in a fixed order (for merging and encoding them).
    pub fn occurrences(&self) -> [&Occurrences; 5] {
        [
            &self.too_long,
            &self.invalid_utf8,
            &self.nul,
            &self.no_column,
            &self.rank_host,
        ]
    }

    /// [`InputStats::occurrences`], to change.
    pub fn occurrences_mut(&mut self) -> [&mut Occurrences; 5] {
        [
            &mut self.too_long,
            &mut self.invalid_utf8,
            &mut self.nul,
            &mut self.no_column,
            &mut self.rank_host,
        ]
    }

    /// Adds the stats of a later part of the input that begins after a newline: as if this
    /// splitter had read that part too (line numbers go on; the BOM, the columns and the
    /// header are this part's).
    pub fn append(&mut self, later: &InputStats) {
        let offset = self.lines;
        self.lines += later.lines;
        self.urls += later.urls;
        self.bytes += later.bytes;
        self.blank += later.blank;
        self.crlf += later.crlf;
        for (mine, theirs) in self.occurrences_mut().into_iter().zip(later.occurrences()) {
            mine.append(theirs, offset);
        }
    }
}

/// A streaming line splitter; see the module doc.
#[derive(Debug, Default)]
pub struct LineSplitter {
    pending: Vec<u8>,
    /// The first bytes of the input, until there are three (a possible BOM).
    head: Vec<u8>,
    /// Bytes of the current line dropped because it is already too long.
    overflow: usize,
    /// The last byte of the current line so far, kept or dropped (a dropped tail may end in
    /// `\r`, and a kept `\r` may be followed by dropped bytes).
    tail: Option<u8>,
    started: bool,
    /// The first non-blank line was seen (a table's header).
    seen_first: bool,
    stats: InputStats,
}

fn trim(mut b: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = b {
        if first.is_ascii_whitespace() || *first == 0x0B {
            b = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = b {
        if last.is_ascii_whitespace() || *last == 0x0B {
            b = rest;
        } else {
            break;
        }
    }
    b
}

impl LineSplitter {
    /// A splitter that reads lines whole, at the start of an input.
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// A splitter that hands on column `c` of each line (see [`crate::foundation::columns`]); None reads
    /// lines whole.
    pub fn with_columns(c: Option<Columns>) -> LineSplitter {
        let mut s = LineSplitter::default();
        s.stats.columns = c;
        s
    }

    /// Makes this new splitter one for a part of an input that begins just after a newline
    /// (another worker or thread reads the part before it): no byte-order mark is looked for
    /// and no header line is skipped, as a splitter reading the whole input would not at that
    /// point.
    pub fn continue_mid_input(&mut self) {
        self.started = true;
        self.seen_first = true;
    }

    /// What the input held so far.
    pub fn stats(&self) -> &InputStats {
        &self.stats
    }

    /// Whether the splitter stands at the start of a line with nothing held: a part read
    /// elsewhere can follow ([`LineSplitter::append`]). False before the first line began,
    /// since a header or a byte-order mark may still come.
    pub fn at_line_start(&self) -> bool {
        self.started && self.seen_first && self.pending.is_empty() && self.overflow == 0
    }

    /// Counts a later part of the input, read by another splitter that continued mid-input
    /// ([`LineSplitter::continue_mid_input`]), as if this one had read it.
    pub fn append(&mut self, later: &InputStats) {
        self.stats.append(later);
    }

    /// What the input held, the splitter given up (call [`finish`](LineSplitter::finish) first for
    /// a last line without a newline).
    pub fn into_stats(self) -> InputStats {
        self.stats
    }

    /// Feeds the next chunk; `sink` gets every complete URL line in it.
    pub fn feed(&mut self, mut chunk: &[u8], mut sink: impl FnMut(Line<'_>)) {
        self.stats.bytes += chunk.len() as u64;
        if !self.started {
            // Gather the first three bytes, which may be a BOM split across chunks.
            let take = (3 - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
            if self.head.len() < 3 {
                return;
            }
            self.start(&mut sink);
        }
        self.scan(chunk, &mut sink);
    }

    /// Ends the input: a last line without `\n` is handed on.
    pub fn finish(&mut self, mut sink: impl FnMut(Line<'_>)) {
        if !self.started {
            self.start(&mut sink);
        }
        if !self.pending.is_empty() || self.overflow > 0 {
            let line = std::mem::take(&mut self.pending);
            self.emit(&line, &mut sink);
        }
    }

    fn start(&mut self, sink: &mut impl FnMut(Line<'_>)) {
        self.started = true;
        let head = std::mem::take(&mut self.head);
        let rest = match head.strip_prefix(b"\xEF\xBB\xBF") {
            Some(rest) => {
                self.stats.bom = true;
                rest
            }
            None => &head[..],
        };
        self.scan(rest, sink);
    }

    fn scan(&mut self, mut chunk: &[u8], sink: &mut impl FnMut(Line<'_>)) {
        while let Some(end) = memchr::memchr(b'\n', chunk) {
            let piece = &chunk[..end];
            chunk = &chunk[end + 1..];
            if self.pending.is_empty() && self.overflow == 0 {
                self.emit(piece, sink);
            } else {
                self.push_pending(piece);
                let mut line = std::mem::take(&mut self.pending);
                self.emit(&line, sink);
                line.clear();
                self.pending = line;
            }
        }
        self.push_pending(chunk);
    }

    fn push_pending(&mut self, piece: &[u8]) {
        if let Some(&last) = piece.last() {
            self.tail = Some(last);
        }
        if self.overflow > 0 || self.pending.len() + piece.len() > MAX_LINE_BYTES + 1 {
            self.overflow += piece.len();
        } else {
            self.pending.extend_from_slice(piece);
        }
    }

    fn emit(&mut self, raw: &[u8], sink: &mut impl FnMut(Line<'_>)) {
        self.stats.lines += 1;
        let number = self.stats.lines;
        let overflow = std::mem::take(&mut self.overflow);
        let tail = self.tail.take();
        let mut bytes = raw;
        // Whether the line really ends in \r: for a line cut short, its dropped tail decides.
        let crlf = if overflow > 0 {
            tail == Some(b'\r')
        } else {
            bytes.last() == Some(&b'\r')
        };
        if crlf {
            self.stats.crlf += 1;
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        }
        if overflow > 0 || bytes.len() > MAX_LINE_BYTES {
            self.stats.too_long.record(number);
            return;
        }
        let bytes = trim(bytes);
        if bytes.is_empty() {
            self.stats.blank += 1;
            return;
        }
        let first = !std::mem::replace(&mut self.seen_first, true);
        let bytes = match self.stats.columns {
            Some(c) if c.header && first => {
                self.stats.header_skipped = true;
                return;
            }
            Some(c) => match columns::field(bytes, c.delimiter, c.column) {
                Some(f) => f,
                None => {
                    self.stats.no_column.record(number);
                    return;
                }
            },
            None => {
                if columns::rank_host(bytes) {
                    self.stats.rank_host.record(number);
                }
                bytes
            }
        };
        if !bytes.is_ascii() && std::str::from_utf8(bytes).is_err() {
            self.stats.invalid_utf8.record(number);
        }
        if memchr::memchr(0, bytes).is_some() {
            self.stats.nul.record(number);
        }
        self.stats.urls += 1;
        sink(Line { number, bytes });
    }
}

/// A list of `lines` lines made from fixed bytes with everything the splitter meets in real
/// files, for tests and benchmarks: a BOM, blank and white-space lines, CRLF, invalid UTF-8,
/// NUL, lines that are no URL, bare and Chinese hosts, userinfo and ports, a line over
/// [`MAX_LINE_BYTES`] every 997 lines, and a BOM-like line in the middle (bytes there).
pub fn hostile_list(lines: u64) -> Vec<u8> {
    let mut out = b"\xEF\xBB\xBF".to_vec();
    let mut x: u64 = 0x2004_0017;
    for i in 0..lines {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let r = x >> 33;
        let line: Vec<u8> = match r % 13 {
            _ if i % 997 == 500 => vec![b'a'; MAX_LINE_BYTES + 10],
            0 => Vec::new(),
            1 => format!("http://www.site{}.cn/a/{i}.html\r", r % 977).into_bytes(),
            2 => b"http://\xFF\xFEbad.cn/x".to_vec(),
            3 => format!("not a url {i}").into_bytes(),
            4 => format!("http://新浪{}.中国/散列?q={i}", r % 13).into_bytes(),
            5 => b"http://a.cn/\x00nul".to_vec(),
            6 => format!("http://bare{}.cn", r % 50).into_bytes(),
            7 => b"   \t ".to_vec(),
            8 => b"\xEF\xBB\xBFhttp://bom.cn/mid".to_vec(),
            9 => format!("https://user@10.0.{}.{}:8080/p", r % 256, i % 256).into_bytes(),
            _ => format!("http://www.host{}.com/p/{}/{i}", r % 5003, r % 97).into_bytes(),
        };
        out.extend_from_slice(&line);
        out.push(b'\n');
    }
    out
}

/// Splits a whole buffer at once (pasted text); returns the URL lines and the stats.
pub fn split_all(input: &[u8]) -> (Vec<Vec<u8>>, InputStats) {
    split_columns(input, None)
}

/// [`split_all`] of a table's column `c` (None: whole lines).
pub fn split_columns(input: &[u8], c: Option<Columns>) -> (Vec<Vec<u8>>, InputStats) {
    let mut out = Vec::new();
    let mut s = LineSplitter::with_columns(c);
    s.feed(input, |l| out.push(l.bytes.to_vec()));
    s.finish(|l| out.push(l.bytes.to_vec()));
    (out, s.into_stats())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn problems_are_counted_with_line_numbers() {
        let long = vec![b'a'; MAX_LINE_BYTES + 1];
        let mut input = b"a.cn\n\n\xFF\xFEbad\nnul\0x\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\nlast.cn");
        let (urls, stats) = split_all(&input);
        assert_eq!(urls.len(), 4);
        assert_eq!(urls[3], b"last.cn");
        assert_eq!(stats.lines, 6);
        assert_eq!(stats.blank, 1);
        assert_eq!(stats.invalid_utf8.first_lines, vec![3]);
        assert_eq!(stats.nul.first_lines, vec![4]);
        assert_eq!(stats.too_long.first_lines, vec![5]);
        assert_eq!(stats.bytes, input.len() as u64);
    }

    #[test]
    fn a_table_gives_its_column_and_a_table_read_whole_is_named() {
        let table = b"rank,domain\n1,baidu.com\n\n16,sina.com.cn\n17\n18,\"qq.com\"\n";
        let c = crate::foundation::columns::guess(table, Some("top.csv"))
            .unwrap()
            .columns;
        let (urls, stats) = split_columns(table, Some(c));
        assert_eq!(
            urls,
            vec![
                b"baidu.com".to_vec(),
                b"sina.com.cn".to_vec(),
                b"qq.com".to_vec()
            ]
        );
        assert!(stats.header_skipped);
        assert_eq!(stats.no_column.first_lines, vec![5]);
        assert_eq!((stats.lines, stats.blank, stats.urls), (6, 1, 3));
        let (urls, stats) = split_all(table);
        assert_eq!(urls.len(), 5);
        assert_eq!(stats.rank_host.first_lines, vec![2, 4, 6]);
        assert_eq!(stats.columns, None);
    }

    #[test]
    fn exactly_max_is_kept_and_bom_only_input_is_empty() {
        let line = vec![b'a'; MAX_LINE_BYTES];
        let (urls, stats) = split_all(&line);
        assert_eq!(urls.len(), 1);
        assert_eq!(stats.too_long.count, 0);
        let (urls, stats) = split_all(b"\xEF\xBB\xBF");
        assert!(urls.is_empty() && stats.bom);
        let (urls, stats) = split_all(b"");
        assert!(urls.is_empty() && stats.lines == 0);
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(256))]

        #[test]
        fn chunking_never_changes_the_result(input in proptest::collection::vec(
            prop_oneof![Just(b'\n'), Just(b'\r'), Just(b' '), Just(0xEFu8), Just(0xBB), Just(0xBF), Just(b'a'), any::<u8>()], 0..300),
            cuts in proptest::collection::vec(0usize..300, 0..8)) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(input.len())).collect();
            cuts.sort_unstable();
            let table = Columns { delimiter: b'a', column: 1, header: true };
            for columns in [None, Some(table)] {
                let (whole, whole_stats) = split_columns(&input, columns);
                let mut s = LineSplitter::with_columns(columns);
                let mut out = Vec::new();
                let mut prev = 0;
                for &c in cuts.iter().chain([&input.len()]) {
                    s.feed(&input[prev..c], |l| out.push(l.bytes.to_vec()));
                    prev = c;
                }
                s.finish(|l| out.push(l.bytes.to_vec()));
                prop_assert_eq!(out, whole);
                prop_assert_eq!(s.stats(), &whole_stats);
            }
        }
    }

    #[test]
    fn an_over_long_lines_crlf_is_counted_by_its_real_end_whatever_the_chunks() {
        // Found by fuzzing: the \r of a cut line was looked for in its kept part.
        let long = |prefix: &[u8], fill: u8, suffix: &[u8]| {
            let mut v = prefix.to_vec();
            v.extend(std::iter::repeat(fill).take(70_000));
            v.extend_from_slice(suffix);
            v
        };
        for (input, crlf) in [
            (long(b"", b'x', b"\r\n"), 1),
            (long(b"abc\n", b'x', b"\r\n"), 1),
            (long(b"gh\r", b'C', b"\nCn"), 0),
            (long(b"abc\nab\r", b'x', b"\n"), 0),
        ] {
            for cut in [1, 5, 7, 4096, usize::MAX] {
                let mut s = LineSplitter::new();
                for piece in input.chunks(cut.min(input.len()).max(1)) {
                    s.feed(piece, |_| {});
                }
                s.finish(|_| {});
                assert_eq!(s.stats().crlf, crlf, "cut {cut}");
                assert_eq!(s.stats().too_long.count, 1, "cut {cut}");
            }
        }
    }
}
