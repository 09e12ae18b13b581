//! One load split over several workers: each reads a part of the input, cut just after a
//! newline, and the parts join, in input order, into the session one worker would have built.
//!
//! The page hashes a large file on two or more Web Workers, one WebAssembly instance each,
//! with no memory shared between them (no `SharedArrayBuffer`, so no special headers from the
//! host). The first part's worker keeps its [`Session`]; every later part is read by a session
//! begun with [`Session::begin_slice`] (no byte-order mark, no header line: the splitter stands
//! mid-input), finished, and sent as bytes ([`Session::slice_bytes`]); the first session takes
//! them in order with [`Session::append_slice`]. What joins is what a session holds:
//!
//! * the input's counts ([`crate::foundation::lines::InputStats::append`]: line numbers go on after the
//!   lines before);
//! * the raw values of every (function, key), appended, as `h(u)` does not depend on where `u`
//!   was read;
//! * the lines that cannot be split into the key, their numbers and the bare hosts;
//! * the kept lines, while they fit the budget: the first line that does not ends the kept
//!   prefix, as it would have in one session. A part sends only the lines that fit the room
//!   left ([`Session::keep_room`]), so a part past the budget sends none.
//!
//! So the histograms, the report and every study that reads the kept lines are the same as one
//! worker's (the tests check it on hostile input). The bytes are little-endian words, read back
//! by the same build (a part is never stored).

use super::{Coded, RawValues, Session, Store};
use crate::foundation::hash::{self, HashId};
use crate::foundation::key::Key;
use crate::foundation::lines::{InputStats, Occurrences};

/// The first bytes of an encoded part, and its layout's version.
const MAGIC: &[u8; 5] = b"UHLS\x01";

/// An encoded part: blobs, each its length (8 bytes) then its bytes.
pub(super) struct Writer(pub(super) Vec<u8>);

impl Writer {
    /// A blob of little-endian words of `N` bytes each.
    pub(super) fn words<const N: usize, T: Word>(&mut self, v: &[T], le: fn(T) -> [u8; N]) {
        self.0
            .extend_from_slice(&((v.len() * N) as u64).to_le_bytes());
        if cfg!(target_endian = "little") {
            // SAFETY: `Word` is only u8, u32, u64 and u128: integers without padding, every byte
            // initialised, `N` bytes each; on a little-endian target their memory is their
            // little-endian bytes. One copy, where word by word took 7 ns a value in the page.
            let bytes = unsafe {
                std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), std::mem::size_of_val(v))
            };
            self.0.extend_from_slice(bytes);
        } else {
            for &x in v {
                self.0.extend_from_slice(&le(x));
            }
        }
    }
    fn occurrences(&mut self, o: &Occurrences) {
        let mut words = vec![o.count];
        words.extend_from_slice(&o.first_lines);
        self.words(&words, u64::to_le_bytes);
    }
}

/// The integers an encoded part holds, whose memory is their bytes (see [`Writer::words`]).
pub(super) trait Word: Copy {}
impl Word for u8 {}
impl Word for u32 {}
impl Word for u64 {}
impl Word for u128 {}

/// Reads an encoded part back, blob by blob; None when it is short or inconsistent.
pub(super) struct Reader<'a>(pub(super) &'a [u8]);

impl<'a> Reader<'a> {
    pub(super) fn blob(&mut self) -> Option<&'a [u8]> {
        let (len, rest) = self.0.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        let blob = rest.get(..len)?;
        self.0 = &rest[len..];
        Some(blob)
    }
    /// A blob of little-endian words of `N` bytes, `count` of them when given.
    fn words<const N: usize, T: 'a>(
        &mut self,
        count: Option<usize>,
        le: fn([u8; N]) -> T,
    ) -> Option<impl Iterator<Item = T> + 'a> {
        let blob = self.blob()?;
        if blob.len() % N != 0 || count.is_some_and(|c| c * N != blob.len()) {
            return None;
        }
        Some(blob.chunks_exact(N).map(move |w| le(w.try_into().unwrap())))
    }
    pub(super) fn vec<const N: usize, T: 'a>(
        &mut self,
        count: Option<usize>,
        le: fn([u8; N]) -> T,
    ) -> Option<Vec<T>> {
        Some(self.words(count, le)?.collect())
    }
    fn occurrences(&mut self) -> Option<Occurrences> {
        let words = self.vec(None, u64::from_le_bytes)?;
        let (&count, first) = words.split_first()?;
        let first_lines = first.to_vec();
        Some(Occurrences { count, first_lines })
    }
}

fn unreadable() -> Coded {
    crate::coded!(
        "slice-unreadable",
        [],
        "a part of the input read by another worker arrived damaged"
    )
}

/// The number that names a (function, key) pair in an encoded part.
fn cache_tag(hash: HashId, key: Key) -> u64 {
    let f = hash::REGISTRY
        .iter()
        .position(|f| f.id == hash)
        .unwrap_or(0);
    f as u64 * 4 + key as u64
}

impl RawValues {
    fn encode(&self, w: &mut Writer) {
        match self {
            RawValues::U32(v) => w.words(v, u32::to_le_bytes),
            RawValues::U64(v) => w.words(v, u64::to_le_bytes),
            RawValues::U128(v) => w.words(v, u128::to_le_bytes),
        }
    }
    /// Appends `n` values `r` holds, encoded by a cache of the same width.
    fn append_encoded(&mut self, r: &mut Reader, n: usize) -> Option<()> {
        match self {
            RawValues::U32(v) => v.extend(r.words(Some(n), u32::from_le_bytes)?),
            RawValues::U64(v) => v.extend(r.words(Some(n), u64::from_le_bytes)?),
            RawValues::U128(v) => v.extend(r.words(Some(n), u128::from_le_bytes)?),
        }
        Some(())
    }
}

impl Session {
    /// Makes this input a part of a larger one that begins just after a newline (see the
    /// module doc): before its first line, after [`Session::begin`] and any
    /// [`Session::set_columns`].
    pub fn begin_slice(&mut self) -> Result<(), Coded> {
        if self.n > 0 || self.splitter.stats().bytes > 0 {
            return Err(super::sequence(
                "slice",
                "a part is marked before its first line",
            ));
        }
        self.splitter.continue_mid_input();
        Ok(())
    }

    /// The bytes of lines this session can still keep: what a part appended next may bring
    /// (0 once it stopped keeping).
    pub fn keep_room(&self) -> usize {
        match &self.store {
            Some(s) if s.complete => self.budget.min(u32::MAX as usize) - s.bytes.len(),
            _ => 0,
        }
    }

    /// This finished input as bytes another session of the same functions and key appends
    /// ([`Session::append_slice`]), with the first of its kept lines that fit `room` bytes
    /// (that session's [`Session::keep_room`]: the lines after them would not be kept there).
    pub fn slice_bytes(&self, room: usize) -> Result<Vec<u8>, Coded> {
        if !self.finished || self.corpus.is_some() {
            return Err(super::sequence(
                "slice",
                "only a finished part of a file is sent",
            ));
        }
        let stats = self.splitter.stats();
        let store = self.store.as_ref();
        // The kept lines that fit `room`; dropping any is where the other session stops keeping.
        let fit = store.map_or(0, |s| s.ends.partition_point(|&e| e as usize <= room));
        let kept = store.map_or(0, |s| 1 + u64::from(s.complete && fit == s.ends.len()));
        // Their bytes: the first `fit` lines of the kept ones.
        let text = fit
            .checked_sub(1)
            .map_or(0, |last| store.map_or(0, |s| s.ends[last] as usize));
        let [root_host, root_path] = self.root_keys;
        let mut head = vec![
            self.n as u64,
            stats.lines,
            stats.urls,
            stats.bytes,
            stats.blank,
            stats.crlf,
            kept,
            root_host,
            root_path,
        ];
        head.extend(self.caches.iter().map(|c| cache_tag(c.hash, c.key)));
        // Sized once: the raw values and the lines sent are most of it.
        let values: usize = self.caches.iter().map(|c| c.values.bytes()).sum();
        let bad = 4 * (self.unsplittable[0].len() + self.unsplittable[1].len());
        let mut w = Writer(Vec::with_capacity(values + text + 8 * fit + bad + 4096));
        w.0.extend_from_slice(MAGIC);
        w.words(&head, u64::to_le_bytes);
        let more = &self.unsplittable_lines;
        for o in stats.occurrences().into_iter().chain(more) {
            w.occurrences(o);
        }
        for bad in &self.unsplittable {
            w.words(bad, u32::to_le_bytes);
        }
        if let Some(s) = store {
            w.words(&s.bytes[..text], |b: u8| [b]);
            w.words(&s.ends[..fit], u32::to_le_bytes);
            w.words(&s.numbers[..fit], u32::to_le_bytes);
        }
        for c in &self.caches {
            c.values.encode(&mut w);
        }
        Ok(w.0)
    }

    /// Appends a part of the input that follows what this session has read, encoded by
    /// [`Session::slice_bytes`] of a session begun with [`Session::begin_slice`] and the same
    /// functions, key and columns. This session must stand just after a newline, with a line
    /// read (a header, if any, is behind it); then it holds what reading both parts would have
    /// left. On an error it may hold part of it: the caller loads the input again.
    pub fn append_slice(&mut self, bytes: &[u8]) -> Result<(), Coded> {
        self.check_open()?;
        if !self.splitter.at_line_start() || self.corpus.is_some() {
            return Err(crate::coded!(
                "slice-order",
                [],
                "a part read by another worker must follow a whole line of this one"
            ));
        }
        let r = Reader(bytes.strip_prefix(MAGIC).ok_or_else(unreadable)?);
        self.append_part(r).ok_or_else(unreadable)
    }

    fn append_part(&mut self, mut r: Reader) -> Option<()> {
        let head = r.vec(Some(9 + self.caches.len()), u64::from_le_bytes)?;
        let tags = self.caches.iter().map(|c| cache_tag(c.hash, c.key));
        if !tags.eq(head[9..].iter().copied()) {
            return None;
        }
        let [n, lines, urls, bytes, blank, crlf, kept, root_host, root_path] = head[..9] else {
            return None;
        };
        let mut later = InputStats {
            lines,
            urls,
            bytes,
            blank,
            crlf,
            ..InputStats::default()
        };
        for o in later.occurrences_mut() {
            *o = r.occurrences()?;
        }
        let (index_offset, line_offset) = (self.n as u32, self.splitter.stats().lines);
        for k in 0..2 {
            let bad = r.occurrences()?;
            self.unsplittable_lines[k].append(&bad, line_offset);
        }
        for k in 0..2 {
            let bad = r.words(None, u32::from_le_bytes)?;
            self.unsplittable[k].extend(bad.map(|i| i + index_offset));
        }
        self.splitter.append(&later);
        let n = n as usize;
        self.n += n;
        if kept > 0 {
            let text = r.blob()?;
            let ends = r.vec(None, u32::from_le_bytes)?;
            let numbers = r.vec(Some(ends.len()), u32::from_le_bytes)?;
            let store = self.store.as_mut()?;
            store.append(text, &ends, &numbers, kept == 2, self.budget, line_offset)?;
        }
        for c in &mut self.caches {
            c.values.append_encoded(&mut r, n)?;
        }
        self.root_keys[0] += root_host;
        self.root_keys[1] += root_path;
        r.0.is_empty().then_some(())
    }
}

impl Store {
    /// Keeps the lines of a later part (`text` cut at `ends`, input line numbers `numbers`
    /// counted from `line_offset`) while they fit `budget`, as [`Session`]'s `add_line` would
    /// have; `complete` says whether that part kept all of its own.
    fn append(
        &mut self,
        text: &[u8],
        ends: &[u32],
        numbers: &[u32],
        complete: bool,
        budget: usize,
        line_offset: u64,
    ) -> Option<()> {
        let mut start = 0usize;
        for (&end, &number) in ends.iter().zip(numbers) {
            if !self.complete {
                return Some(());
            }
            let line = text.get(start..end as usize)?;
            start = end as usize;
            self.keep(line, number as u64 + line_offset, budget);
        }
        // That part stopped keeping at a line it could not fit in the whole budget: neither
        // can this session, holding more.
        if !complete && self.complete {
            self.stop_keeping();
        }
        Some(())
    }
}
