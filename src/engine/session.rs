//! One loaded URL list and the raw hash values computed from it: the engine the page's worker
//! runs, here where native tests run it too.
//!
//! A session keeps the URL lines while they fit a memory budget (a range of the built-in
//! corpus is generated again instead of kept) and, per (function, key), the raw value `h(u)` of
//! every line, so a new number of slots M re-bins the cache, `slot = reduce(h(u), M)` (P1's
//! `h(u) mod M` for 32-bit functions, [`crate::foundation::hash::reduce`] for wider ones), without hashing
//! again. The studies that read lines again (P1's report, P2's partition, the dedup views) read
//! them through [`Session::for_each_line`], on the kept prefix when the whole input did not fit
//! ([`Session::prefix`] says how much that is).
//!
//! ```
//! use urlhashlab::foundation::hash::HashId;
//! use urlhashlab::foundation::key::Key;
//! use urlhashlab::engine::session::Session;
//!
//! let mut s = Session::new(1 << 20);
//! s.begin(&[HashId::ElfHash], Key::Url);
//! s.push_chunk(b"http://www.pku.edu.cn/\nhttp://www.sina.com.cn/\n").unwrap();
//! let report = s.finish();
//! assert_eq!(report.stats.urls, 2);
//! let counts = s.histogram(HashId::ElfHash, Key::Url, 12).unwrap();
//! assert_eq!(counts.iter().sum::<u32>(), 2);
//! ```
//!
//! Errors are [`Coded`]: a code and arguments the page words in its language, and the English
//! sentence the CLI and the console print.

use crate::coded;
use crate::foundation::coded::{core, sequence, Coded};
use crate::foundation::columns::Columns;
use crate::foundation::corpus::Corpus;
use crate::foundation::hash::{self, HashId, Reducer};
use crate::foundation::key::{self, Key};
use crate::foundation::lines::{InputStats, LineSplitter, Occurrences};
use crate::mechanisms::slotmap::{self, Layout, SlotMap};
use serde::Serialize;

/// The fewest bytes per line [`Session::expect_bytes`] reserves for: URL lines are longer.
pub const EXPECTED_MIN_LINE: u64 = 16;

/// The most slots a histogram may have (2^27: 512 MiB of counts).
pub const MAX_COUNTED_SLOTS: u32 = 1 << 27;

/// Raw values of one function over every loaded line, in the narrowest width that holds them.
enum RawValues {
    U32(Vec<u32>),
    U64(Vec<u64>),
    U128(Vec<u128>),
}

impl RawValues {
    fn for_hash(h: HashId) -> RawValues {
        match h.info().bits {
            0..=32 => RawValues::U32(Vec::new()),
            33..=64 => RawValues::U64(Vec::new()),
            _ => RawValues::U128(Vec::new()),
        }
    }
    fn push(&mut self, raw: u128) {
        match self {
            RawValues::U32(v) => v.push(raw as u32),
            RawValues::U64(v) => v.push(raw as u64),
            RawValues::U128(v) => v.push(raw),
        }
    }
    fn get(&self, i: usize) -> u128 {
        match self {
            RawValues::U32(v) => v[i] as u128,
            RawValues::U64(v) => v[i] as u128,
            RawValues::U128(v) => v[i],
        }
    }
    fn reserve(&mut self, more: usize) {
        match self {
            RawValues::U32(v) => v.reserve_exact(more),
            RawValues::U64(v) => v.reserve_exact(more),
            RawValues::U128(v) => v.reserve_exact(more),
        }
    }
    fn bytes(&self) -> usize {
        match self {
            RawValues::U32(v) => v.len() * 4,
            RawValues::U64(v) => v.len() * 8,
            RawValues::U128(v) => v.len() * 16,
        }
    }
    /// Counts every value into `m` slots.
    fn histogram(&self, m: u32) -> Vec<u32> {
        let mut counts = vec![0u32; m as usize];
        match self {
            RawValues::U32(v) => {
                let r = Reducer::new(m);
                for &x in v {
                    counts[r.reduce32(x) as usize] += 1;
                }
            }
            RawValues::U64(v) => {
                for &x in v {
                    counts[(x % m as u64) as usize] += 1;
                }
            }
            RawValues::U128(v) => {
                for &x in v {
                    counts[hash::reduce(x, m) as usize] += 1;
                }
            }
        }
        counts
    }
}

/// The raw values of one (function, key) pair; lines whose key cannot be split hold 0.
struct Cache {
    hash: HashId,
    key: Key,
    values: RawValues,
}

/// URLs `start .. end` of the built-in corpus with `seed`: lines that can be generated again,
/// so a corpus input keeps no line at all, however large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorpusRange {
    /// The corpus's seed.
    pub seed: u32,
    /// Index of the first URL (0-based).
    pub start: u64,
    /// Index after the last URL.
    pub end: u64,
}

/// The loaded lines, back to back: all of them while they fit the budget, then the first
/// ones that did.
struct Store {
    bytes: Vec<u8>,
    ends: Vec<u32>,
    /// The input line number of each URL line.
    numbers: Vec<u32>,
    /// Whether every loaded line is kept.
    complete: bool,
}

impl Default for Store {
    fn default() -> Self {
        Store {
            bytes: Vec::new(),
            ends: Vec::new(),
            numbers: Vec::new(),
            complete: true,
        }
    }
}

impl Store {
    fn line(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.bytes[start..self.ends[i] as usize]
    }
    fn len(&self) -> usize {
        self.ends.len()
    }
    /// Keeps `line` (input line `number`) while it fits `budget`; at the first line that does
    /// not, stops keeping for good: the kept lines are always the input's first ones.
    fn keep(&mut self, line: &[u8], number: u64, budget: usize) {
        if !self.complete {
            return;
        }
        let len = self.bytes.len() + line.len();
        if len > budget || len > u32::MAX as usize {
            self.stop_keeping();
        } else {
            self.bytes.extend_from_slice(line);
            self.ends.push(self.bytes.len() as u32);
            self.numbers.push(number.min(u32::MAX as u64) as u32);
        }
    }
    /// From here on the lines are hashed and dropped.
    fn stop_keeping(&mut self) {
        self.complete = false;
        self.bytes.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.numbers.shrink_to_fit();
    }
}

/// What [`Session::finish`] reports about the input.
#[derive(Serialize, Clone, Debug)]
pub struct InputReport {
    /// What the line splitter counted: lines, URL lines, bytes, blank, over-long and invalid
    /// lines.
    // Flattened natively; the page's WebAssembly gets the nested object and its adapter moves
    // its fields up (`wasm::to_js_flat`), which spares the flattening serialiser (7 KB).
    #[cfg_attr(not(target_arch = "wasm32"), serde(flatten))]
    pub stats: InputStats,
    /// Lines whose host could not be split (for the keys that read the host).
    pub unsplittable_host: Occurrences,
    /// Lines whose path could not be split (for the keys that read the path).
    pub unsplittable_path: Occurrences,
    /// Lines whose path is exactly `/` (bare hosts), once the path has been split; else None.
    pub root_paths: Option<u64>,
    /// Whether the lines themselves are kept (other functions and keys can be computed later).
    pub urls_kept: bool,
    /// How many of the first lines can be read again (all of them when `urls_kept`): the
    /// studies that read lines measure these.
    pub lines_kept: u64,
    /// The bytes of URL lines the session keeps at most.
    pub keep_budget: u64,
    /// The bytes of the raw values cached, all (function, key) pairs together (4, 8 or 16 per
    /// line and pair, after the function's width).
    pub cache_bytes: usize,
}

/// The lines a study that reads lines again measured: the first `lines` of the `loaded` ones.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefix {
    /// URL lines loaded.
    pub loaded: u64,
    /// URL lines measured: the first ones.
    pub lines: u64,
    /// `lines < loaded`.
    pub capped: bool,
    /// Whether the cap is the bytes of lines the session keeps (not the study's own limit).
    pub by_budget: bool,
    /// The bytes of URL lines the session keeps at most.
    pub keep_budget: u64,
}

/// The raw values of one (function, key) pair being computed from the loaded lines, in slices.
pub struct CacheJob {
    hash: HashId,
    key: Key,
    values: RawValues,
    /// Line indices (and input line numbers) whose key cannot be split.
    bad: Vec<u32>,
    bad_lines: Occurrences,
    /// Lines whose key is exactly `/` (a bare host's path).
    root: u64,
    next: usize,
}

/// `done / total`, 1 when there is nothing to do.
pub fn share(done: usize, total: usize) -> f64 {
    if total == 0 {
        1.0
    } else {
        done as f64 / total as f64
    }
}

fn key_slot(key: Key) -> Option<usize> {
    match key {
        Key::Url => None,
        Key::Host => Some(0),
        Key::Path => Some(1),
    }
}

/// One loaded URL list and the raw values computed from it.
///
/// # Examples
/// ```
/// use urlhashlab::foundation::hash::HashId;
/// use urlhashlab::foundation::key::Key;
/// use urlhashlab::engine::session::Session;
/// let mut session = Session::new(1 << 20); // keep at most 1 MiB of lines
/// session.begin(&[HashId::Hf], Key::Url);
/// // Chunks may split a line anywhere; CRLF and blank lines are counted, not hashed.
/// session.push_chunk(b"http://a.cn/x\r\nhttp://b.c").unwrap();
/// session.push_chunk(b"n/y\n\nhttp://c.cn/z\n").unwrap();
/// let report = session.finish();
/// let s = report.stats;
/// assert_eq!((s.urls, s.blank, s.crlf), (3, 1, 1));
/// // Hashed once; any M re-bins the kept values.
/// let at12 = session.histogram(HashId::Hf, Key::Url, 12).unwrap();
/// let at1000 = session.histogram(HashId::Hf, Key::Url, 1000).unwrap();
/// assert_eq!(at12.iter().sum::<u32>(), 3);
/// assert_eq!(at1000.len(), 1000);
/// ```
///
/// Past its budget a session keeps only the first lines, but still hashes every line:
/// ```
/// use urlhashlab::foundation::hash::HashId;
/// use urlhashlab::foundation::key::Key;
/// use urlhashlab::engine::session::Session;
/// let mut session = Session::new(20); // room for one 13-byte line, not two
/// session.begin(&[HashId::Hf], Key::Url);
/// session.push_chunk(b"http://a.cn/1\nhttp://a.cn/2\n").unwrap();
/// let report = session.finish();
/// assert!(!report.urls_kept);
/// assert_eq!(report.lines_kept, 1);
/// assert_eq!(session.lines(0, 2).unwrap(), ["http://a.cn/1"]);
/// let counts = session.histogram(HashId::Hf, Key::Url, 4).unwrap();
/// assert_eq!(counts.iter().sum::<u32>(), 2);
/// ```
pub struct Session {
    budget: usize,
    splitter: LineSplitter,
    store: Option<Store>,
    /// Set while the whole input is one contiguous range of the built-in corpus.
    corpus: Option<CorpusRange>,
    n: usize,
    caches: Vec<Cache>,
    /// Line indices (0-based, among URL lines) whose host / path cannot be split.
    unsplittable: [Vec<u32>; 2],
    unsplittable_lines: [Occurrences; 2],
    /// Per key (host, path): lines whose key is exactly `/` (for the path: bare hosts).
    root_keys: [u64; 2],
    finished: bool,
    /// The filter studies' split of the URLs, once one of them made it.
    filter_keys: Option<keys::FilterKeys>,
    /// The distinct URLs the last trie study read.
    trie_urls: Option<crate::foundation::split::Keys>,
    /// The bytes of input expected, until the memory for them is reserved (see
    /// [`Session::expect_bytes`]).
    expected: Option<u64>,
}

impl Session {
    /// An empty session that keeps the URL lines themselves while they take at most `budget`
    /// bytes.
    pub fn new(budget: usize) -> Session {
        Session {
            budget,
            splitter: LineSplitter::new(),
            store: Some(Store::default()),
            corpus: None,
            n: 0,
            caches: Vec::new(),
            unsplittable: [Vec::new(), Vec::new()],
            unsplittable_lines: [Occurrences::default(), Occurrences::default()],
            root_keys: [0, 0],
            finished: false,
            filter_keys: None,
            trie_urls: None,
            expected: None,
        }
    }

    /// The bytes of URL lines the session keeps at most.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Starts a new input: forgets everything, and hashes each line with `hashes` over `key` as
    /// it arrives, so a huge input needs no second pass.
    pub fn begin(&mut self, hashes: &[HashId], key: Key) {
        *self = Session::new(self.budget);
        for &hash in hashes {
            if self.find_cache(hash, key).is_none() {
                self.caches.push(Cache {
                    hash,
                    key,
                    values: RawValues::for_hash(hash),
                });
            }
        }
    }

    /// Reads this input as a table (see [`crate::foundation::columns`]); before the first line.
    pub fn set_columns(&mut self, columns: Columns) -> Result<(), Coded> {
        if self.n > 0 || self.splitter.stats().bytes > 0 {
            return Err(sequence(
                "columns",
                "the columns are set before the first line",
            ));
        }
        self.splitter = LineSplitter::with_columns(Some(columns));
        Ok(())
    }

    fn check_open(&self) -> Result<(), Coded> {
        if self.finished {
            return Err(sequence(
                "input",
                "this input is finished; call begin() to load another",
            ));
        }
        Ok(())
    }

    /// Feeds the next chunk of the input (any size; lines may straddle chunks).
    pub fn push_chunk(&mut self, chunk: &[u8]) -> Result<(), Coded> {
        self.check_open()?;
        // A file after corpus URLs: the corpus lines were never kept, so nothing is now.
        self.corpus = None;
        let mut splitter = std::mem::take(&mut self.splitter);
        splitter.feed(chunk, |line| self.add_line(line.bytes, line.number));
        self.splitter = splitter;
        self.reserve_expected();
        Ok(())
    }

    /// Says that about `bytes` bytes of input will come (a file's size; with
    /// [`Session::append_slice`], the whole file's). Once the first MiB is read, the raw values
    /// are reserved for as many lines as its lines per byte give (at most one per
    /// [`EXPECTED_MIN_LINE`] bytes), and the kept lines for the budget or the input, whichever
    /// is less: so they do not grow by doubling, which copies them and touches twice the
    /// memory (a WebAssembly instance never gives memory back). Changes no result.
    pub fn expect_bytes(&mut self, bytes: u64) {
        self.expected = Some(bytes);
    }

    fn reserve_expected(&mut self) {
        let read = self.splitter.stats().bytes;
        let Some(total) = self.expected.filter(|&t| read >= t.min(1 << 20)) else {
            return;
        };
        self.expected = None;
        let lines = (self.n as u128 * total as u128 / read.max(1) as u128) as u64;
        let lines = lines.min(total / EXPECTED_MIN_LINE) as usize;
        let more = (lines + lines / 64).saturating_sub(self.n);
        for c in &mut self.caches {
            c.values.reserve(more);
        }
        if let Some(store) = self.store.as_mut().filter(|s| s.complete) {
            let bytes = self.budget.min(total as usize);
            store.bytes.reserve(bytes.saturating_sub(store.bytes.len()));
        }
    }

    /// Feeds URLs `start .. start + count` of the built-in corpus (seed `seed`).
    pub fn push_corpus(&mut self, start: u64, count: u64, seed: u32) -> Result<(), Coded> {
        self.check_open()?;
        // The corpus can be generated again: keep the range, not the lines.
        self.corpus = match self.corpus {
            None if self.n == 0 && self.splitter.stats().bytes == 0 => Some(CorpusRange {
                seed,
                start,
                end: start,
            }),
            Some(r) if r.seed == seed && r.end == start => Some(r),
            _ => None,
        };
        if self.corpus.is_some() {
            self.store = None;
        }
        let corpus = Corpus::new(seed as u64);
        let mut urls = corpus.iter(start, count);
        let mut number = start;
        while let Some(u) = urls.next_url() {
            number += 1;
            self.add_line(u, number);
        }
        if let Some(r) = &mut self.corpus {
            // Every line so far is URL `r.start + index` of the corpus.
            r.end = r.start.saturating_add(self.n as u64);
        }
        Ok(())
    }

    /// Ends the input (a last line without a newline counts) and reports it.
    pub fn finish(&mut self) -> InputReport {
        if !self.finished {
            let mut splitter = std::mem::take(&mut self.splitter);
            splitter.finish(|line| self.add_line(line.bytes, line.number));
            self.splitter = splitter;
            self.finished = true;
        }
        self.report()
    }

    /// The input report (see [`Session::finish`]).
    pub fn report(&self) -> InputReport {
        let mut stats = self.splitter.stats().clone();
        if stats.urls == 0 && self.n > 0 {
            // The built-in corpus does not pass through the line splitter.
            stats.urls = self.n as u64;
            stats.lines = self.n as u64;
        }
        InputReport {
            stats,
            unsplittable_host: self.unsplittable_lines[0].clone(),
            unsplittable_path: self.unsplittable_lines[1].clone(),
            root_paths: self
                .caches
                .iter()
                .any(|c| c.key == Key::Path)
                .then_some(self.root_keys[1]),
            urls_kept: self.lines_available(),
            lines_kept: self.readable() as u64,
            keep_budget: self.budget as u64,
            cache_bytes: self.caches.iter().map(|c| c.values.bytes()).sum(),
        }
    }

    /// Number of URL lines loaded.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether no URL line is loaded.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The corpus range the input is, when it is one.
    pub fn corpus_range(&self) -> Option<CorpusRange> {
        self.corpus
    }

    /// Up to `count` loaded lines from `start` (invalid UTF-8 replaced), for display.
    pub fn lines(&self, start: usize, count: usize) -> Result<Vec<String>, Coded> {
        let readable = self.readable();
        if start >= readable && start < self.n {
            return Err(coded!(
                "line-past",
                [start, readable],
                "line {start} is past the {readable} URL lines the page kept (the input was too large to keep)"
            ));
        }
        let end = start.saturating_add(count).min(readable);
        let mut lines = Vec::new();
        self.for_each_line(start, end, |_, line, _| {
            lines.push(String::from_utf8_lossy(line).into_owned())
        });
        Ok(lines)
    }

    /// The per-slot counts of `hash` over `key` for `m` slots (1 to [`MAX_COUNTED_SLOTS`]),
    /// computing the raw values from the kept lines first when they are missing. Lines whose
    /// key cannot be split are not counted.
    pub fn histogram(&mut self, hash: HashId, key: Key, m: u32) -> Result<Vec<u32>, Coded> {
        if m == 0 {
            return Err(coded!(
                "slots-range",
                [m],
                "the number of slots must be a whole number from 1 to 4294967295, not {m}"
            ));
        }
        if m > MAX_COUNTED_SLOTS {
            return Err(coded!(
                "slots-too-many",
                [m, MAX_COUNTED_SLOTS],
                "M = {m} is more slots than the browser can count one by one; the lab counts up to {MAX_COUNTED_SLOTS} (2^27) slots"
            ));
        }
        let i = self.cache_index(hash, key)?;
        let mut counts = self.caches[i].values.histogram(m);
        if let Some(k) = key_slot(key) {
            // Lines whose key cannot be split were cached as raw 0, which lands in slot 0.
            counts[0] -= self.unsplittable[k].len() as u32;
        }
        Ok(counts)
    }

    /// The image of `hash` over `key` at `m` slots of the loaded lines
    /// ([`slotmap`]), `layout` by its id: what the page's worker
    /// draws (the CLI tallies the same slots as it streams). Errors are coded: `slotmap-slots`
    /// (M over 2^22), `bad-params` (an unknown layout), and [`Session::histogram`]'s.
    pub fn slot_map(
        &mut self,
        hash: HashId,
        key: Key,
        m: u32,
        layout: &str,
    ) -> Result<SlotMap, Coded> {
        let layout = Layout::parse(layout).ok_or_else(|| {
            coded!(
                "bad-params",
                ["slotmap", layout],
                "a slot map is linear or hilbert, not {layout:?}"
            )
        })?;
        if m > slotmap::MAX_SLOTS {
            return Err(coded!(
                "slotmap-slots",
                [slotmap::MAX_SLOTS, m],
                "a slot map draws at most {} slots (2^22), not {m}",
                slotmap::MAX_SLOTS
            ));
        }
        let counts = self.histogram(hash, key, m)?;
        slotmap::draw(&counts, layout).map_err(core)
    }

    /// Whether the raw values of `hash` over `key` are computed.
    pub fn has_cache(&self, hash: HashId, key: Key) -> bool {
        self.find_cache(hash, key).is_some()
    }

    /// The raw value of `hash` over `key` of line `line`, from a cache [`Session::cache_index`]
    /// named.
    pub fn raw(&self, cache: usize, line: usize) -> u128 {
        self.caches[cache].values.get(line)
    }

    /// The index of the cache of (`hash`, `key`), computed from the kept lines when missing.
    pub fn cache_index(&mut self, hash: HashId, key: Key) -> Result<usize, Coded> {
        if let Some(i) = self.find_cache(hash, key) {
            return Ok(i);
        }
        let mut job = self.cache_begin(hash, key)?;
        self.cache_run(&mut job, usize::MAX);
        Ok(self.cache_finish(job))
    }

    fn find_cache(&self, hash: HashId, key: Key) -> Option<usize> {
        self.caches
            .iter()
            .position(|c| c.hash == hash && c.key == key)
    }

    /// Starts computing the raw values of `hash` over `key` from the kept lines, in slices
    /// ([`Session::cache_run`], then [`Session::cache_finish`]).
    pub fn cache_begin(&self, hash: HashId, key: Key) -> Result<CacheJob, Coded> {
        if !self.lines_available() {
            return Err(coded!(
                "not-kept",
                [self.n, hash.info().key, key.as_str()],
                "the {} URL lines were too large to keep, so {} over the {} cannot be computed now; reload the input with it selected",
                self.n,
                hash.info().key,
                key.as_str()
            ));
        }
        Ok(CacheJob {
            hash,
            key,
            values: RawValues::for_hash(hash),
            bad: Vec::new(),
            bad_lines: Occurrences::default(),
            root: 0,
            next: 0,
        })
    }

    /// Hashes at most `max_lines` more lines into `job`; returns the share done.
    pub fn cache_run(&self, job: &mut CacheJob, max_lines: usize) -> f64 {
        let stop = job.next.saturating_add(max_lines).min(self.n);
        let (hash, key) = (job.hash, job.key);
        self.for_each_line(job.next, stop, |i, line, number| {
            match key::extract(line, key) {
                Ok(k) => {
                    job.root += u64::from(&*k == b"/");
                    job.values.push(hash.raw(&k));
                }
                Err(_) => {
                    job.values.push(0);
                    job.bad.push(i as u32);
                    job.bad_lines.record(number);
                }
            }
        });
        job.next = stop;
        share(stop, self.n)
    }

    /// Hashes what is left of `job` and keeps the cache (unless an equal one appeared
    /// meanwhile); returns its index.
    pub fn cache_finish(&mut self, mut job: CacheJob) -> usize {
        self.cache_run(&mut job, usize::MAX);
        if let Some(i) = self.find_cache(job.hash, job.key) {
            return i;
        }
        if let Some(k) = key_slot(job.key) {
            // The first cache of a key computes its unsplittable lines; later ones agree.
            if !self.caches.iter().any(|c| c.key == job.key) {
                self.unsplittable[k] = job.bad;
                self.unsplittable_lines[k] = job.bad_lines;
                self.root_keys[k] = job.root;
            }
        }
        self.caches.push(Cache {
            hash: job.hash,
            key: job.key,
            values: job.values,
        });
        self.caches.len() - 1
    }

    /// The filter studies' split of the URLs into inserted and held-out keys
    /// ([`keys::FilterKeys`]), once a filter study made it.
    pub fn filter_keys(&self) -> Option<&keys::FilterKeys> {
        self.filter_keys.as_ref()
    }

    /// Keeps the filter studies' split (the study that made it calls this).
    pub fn set_filter_keys(&mut self, keys: keys::FilterKeys) {
        self.filter_keys = Some(keys);
    }

    /// The distinct URLs the last trie study read (the structures are timed on them).
    pub fn trie_urls(&self) -> Option<&crate::foundation::split::Keys> {
        self.trie_urls.as_ref()
    }

    /// Keeps the trie study's distinct URLs (the study calls this as it finishes).
    pub fn set_trie_urls(&mut self, urls: crate::foundation::split::Keys) {
        self.trie_urls = Some(urls);
    }

    /// Forgets them (a new trie study begins).
    pub fn clear_trie_urls(&mut self) {
        self.trie_urls = None;
    }

    /// Whether every loaded line can be read again (kept, or a corpus range).
    pub fn lines_available(&self) -> bool {
        self.readable() == self.n
    }

    /// How many of the first loaded lines can be read again: all of them for a corpus range,
    /// the kept prefix for a file or a paste.
    pub fn readable(&self) -> usize {
        if self.corpus.is_some() {
            self.n
        } else {
            self.store.as_ref().map_or(0, |s| s.len().min(self.n))
        }
    }

    /// The lines a study that reads lines again covers: the first `min(max, readable)`, or an
    /// error naming `what` when there are lines but none can be read (none loaded is no error).
    pub fn prefix(&self, max: usize, what: &str) -> Result<Prefix, Coded> {
        let readable = self.readable();
        if readable == 0 && self.n > 0 {
            return Err(coded!(
                "none-kept",
                [self.n, self.budget, what],
                "none of the {} URL lines could be kept (the first is longer than the {} bytes the page keeps), so the {} cannot read them",
                self.n,
                self.budget,
                what.replace('-', " ")
            ));
        }
        let lines = readable.min(max);
        Ok(Prefix {
            loaded: self.n as u64,
            lines: lines as u64,
            capped: lines < self.n,
            by_budget: readable < self.n && readable < max,
            keep_budget: self.budget as u64,
        })
    }

    /// Calls `f(index, line, line_number)` for loaded lines `start .. end` (index 0-based among
    /// URL lines) that can be read again, from the kept lines or by generating the corpus range
    /// again.
    pub fn for_each_line(&self, start: usize, end: usize, mut f: impl FnMut(usize, &[u8], u64)) {
        if let Some(store) = &self.store {
            for i in start..end.min(store.len()) {
                f(i, store.line(i), store.numbers[i] as u64);
            }
        } else if let Some(r) = self.corpus {
            let corpus = Corpus::new(r.seed as u64);
            let first = r.start.saturating_add(start as u64);
            let end = (end as u64).min(r.end - r.start);
            let mut urls = corpus.iter(first, end.saturating_sub(start as u64));
            let mut i = start;
            while let Some(u) = urls.next_url() {
                f(i, u, r.start.saturating_add(i as u64 + 1));
                i += 1;
            }
        }
    }

    fn add_line(&mut self, line: &[u8], number: u64) {
        let index = self.n;
        self.n += 1;
        if let Some(store) = self.store.as_mut() {
            store.keep(line, number, self.budget);
        }
        // Split each key once per line, for every cache that needs it.
        let mut split: [Option<Option<Vec<u8>>>; 2] = [None, None];
        for c in &mut self.caches {
            match key_slot(c.key) {
                None => c.values.push(c.hash.raw(line)),
                Some(k) => {
                    let part = split[k].get_or_insert_with(|| {
                        key::extract(line, c.key).ok().map(|b| b.into_owned())
                    });
                    match part {
                        Some(bytes) => c.values.push(c.hash.raw(bytes)),
                        None => c.values.push(0),
                    }
                }
            }
        }
        for (k, part) in split.iter().enumerate() {
            match part {
                Some(None) => {
                    self.unsplittable[k].push(index as u32);
                    self.unsplittable_lines[k].record(number);
                }
                Some(Some(bytes)) if bytes == b"/" => self.root_keys[k] += 1,
                _ => {}
            }
        }
    }
}

mod handover;
pub mod keys;
mod slice;
#[cfg(test)]
mod tests;
