//! The WebAssembly adapter (compiled only for `wasm32`): a thin layer between the page's Web
//! Worker and the pure core.
//!
//! State lives here, behind one opaque handle, [`Lab`]: the URL lines loaded so far (while they
//! fit a memory budget; a built-in corpus range is generated again instead of kept) and, per
//! (function, key), the raw hash value of every line, so changing M re-bins from the cache
//! without hashing again. Every crossing is batched: input arrives as whole chunks of bytes,
//! histograms leave as one `Uint32Array`, reports as one small JSON string. Every fallible
//! call returns `Result<_, JsError>` with a message a user can act on; nothing here panics on
//! user input. Each message opens with a JSON line `{"code", "args"}` that the page words in its
//! language (`errors` in www/strings.js and www/strings-zh.js), then the English sentence.
//!
//! A session: `new Lab(budgetBytes)`, `begin("elfhash,hfip,hf", "url")`, then `pushChunk(bytes)`
//! for each chunk of a file (or `pushCorpus(start, count, seed)` for the built-in corpus),
//! `finish()` → input report JSON; then `view(fn, key, m, withBuckets)` (measures and bucket
//! sizes from one histogram), `histogram(fn, key, m)`, `measures(fn, key, m)`,
//! `bucketSizes(fn, key, m)`, `sweep(fig, step)`, `p1Report()` as the user explores. The long
//! ones also run in slices (`sweepBegin` / `p1Begin` / `partitionBegin(nodes)`, `jobRun(lines)`
//! until it returns 1,
//! `jobFinish`), so the worker can answer other requests in between; so can computing the values
//! of another function or key (`hasCache`, `cacheBegin`, `cacheRun`, `cacheFinish`).
//!
//! The Public Suffix List is not compiled in (the `psl` crate would be almost half the module):
//! before the partition study the page passes its rules text to the static
//! `Lab.setSuffixRules(text)` once per instance ([`crate::suffix`]); until then
//! `partitionBegin` is the error `suffix-rules-missing: …`.

use crate::columns::{self, Columns};
use crate::corpus::Corpus;
use crate::hash::{self, HashId, Reducer};
use crate::key::{self, Key};
use crate::lines::{InputStats, LineSplitter, Occurrences};
use crate::metrics::{bucket_size_distribution, Measures};
use crate::p1::P1Study;
use crate::p2::P2Study;
use crate::suffix::{self, Rules};
use crate::sweep::{Figure, Sweep};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An error the page words in its language: `code` and `args` (strings.js `errors`) as a JSON
/// head line, then the English sentence, for the console, the tests and any caller that does not
/// know the code. Every error this adapter returns is one of these.
fn coded(code: &str, args: &[String], english: impl std::fmt::Display) -> JsError {
    let head = format!(
        "{{\"code\":{},\"args\":{}}}",
        serde_json::Value::from(code),
        serde_json::Value::from(args)
    );
    JsError::new(&format!("{head}\n{english}"))
}

/// [`coded`] with its arguments listed as `[a, b]` (anything `Display`) and the English sentence
/// as `format!` arguments.
macro_rules! coded {
    ($code:literal, [$($arg:expr),* $(,)?], $($fmt:tt)+) => {
        $crate::wasm::coded($code, &[$($arg.to_string()),*], format!($($fmt)+))
    };
}

/// A request out of order (the page asked to run or finish `job` that is not running): a bug of
/// the page, worded as such.
fn sequence(job: &str, english: &str) -> JsError {
    coded("sequence", &[job.to_string()], english)
}

/// An error of the core, passed on with its English text (the page checks the parameters the
/// core would refuse before it asks, so a reader should not see one).
fn core_error(e: impl std::fmt::Display) -> JsError {
    coded("core", &[e.to_string()], e)
}

mod dedup;
mod fingerprint;
mod quiz;

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

/// The raw values of one (function, key) pair; lines whose key cannot be split are left out.
struct Cache {
    hash: HashId,
    key: Key,
    values: RawValues,
}

/// URLs `start .. end` of the built-in corpus with `seed`: lines that can be generated again,
/// so a corpus input keeps no line at all, however large.
#[derive(Clone, Copy)]
struct CorpusRange {
    seed: u32,
    start: u64,
    end: u64,
}

/// The loaded lines, back to back: all of them while they fit the budget, then the first
/// ones that did (the views that read lines again measure that prefix and say so).
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
}

fn parse_fn(id: &str) -> Result<HashId, JsError> {
    hash::by_id(id.trim()).map(|f| f.id).ok_or_else(|| {
        coded!(
            "unknown-function",
            [id, hash::known_ids()],
            "unknown hash function '{id}'; known: {}",
            hash::known_ids()
        )
    })
}

fn parse_key(k: &str) -> Result<Key, JsError> {
    Key::parse(k.trim()).ok_or_else(|| {
        coded!(
            "unknown-key",
            [k],
            "unknown key '{k}': use url, host or path"
        )
    })
}

fn check_slots(m: f64) -> Result<u32, JsError> {
    if !m.is_finite() || m.fract() != 0.0 || !(1.0..=u32::MAX as f64).contains(&m) {
        return Err(coded!(
            "slots-range",
            [m],
            "the number of slots must be a whole number from 1 to 4294967295, not {m}"
        ));
    }
    Ok(m as u32)
}

/// `v` as a whole number of at least `min` (and at most 2^53), or a message naming `what` (an
/// id the page words: `trie-lines`, `checkpoint-step`, `inserted-keys`, `bits`, `lines`).
fn whole(v: f64, min: f64, what: &str) -> Result<u64, JsError> {
    if !v.is_finite() || v.fract() != 0.0 || v < min || v > 9_007_199_254_740_992.0 {
        return Err(coded!(
            "not-whole",
            [what, min, v],
            "{} must be a whole number of at least {min}, not {v}",
            what.replace('-', " ")
        ));
    }
    Ok(v as u64)
}

fn to_json(v: &impl Serialize) -> Result<String, JsError> {
    serde_json::to_string(v).map_err(core_error)
}

/// What `finish()` reports about the input.
#[derive(Serialize)]
struct InputReport<'a> {
    #[serde(flatten)]
    stats: &'a InputStats,
    /// Lines whose host or path could not be split, per key.
    unsplittable_host: &'a Occurrences,
    unsplittable_path: &'a Occurrences,
    /// Lines whose path is exactly `/` (bare hosts), once the path has been split; else None.
    root_paths: Option<u64>,
    /// Whether the lines themselves are kept (other functions and keys can be computed later).
    urls_kept: bool,
    /// How many of the first lines can be read again (all of them when `urls_kept`): the
    /// views that read lines (P1's report, the partition, the dedup views) measure these.
    lines_kept: u64,
    /// The bytes of URL lines the Lab keeps at most.
    keep_budget: u64,
    cache_bytes: usize,
}

/// The raw values of one (function, key) pair being computed from the loaded lines.
struct CacheJob {
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

/// The lines a job that reads lines again measured: the first `lines` of the `loaded` ones.
#[derive(Serialize, Clone, Copy, Debug)]
pub(crate) struct Prefix {
    /// URL lines loaded.
    pub(crate) loaded: u64,
    /// URL lines measured: the first ones.
    pub(crate) lines: u64,
    /// `lines < loaded`.
    pub(crate) capped: bool,
    /// Whether the cap is the bytes of lines the page keeps (not the view's own limit).
    pub(crate) by_budget: bool,
    /// The bytes of URL lines the Lab keeps at most.
    pub(crate) keep_budget: u64,
}

/// A job's report with the lines it measured.
#[derive(Serialize)]
struct OnPrefix<T: Serialize> {
    #[serde(flatten)]
    report: T,
    prefix: Prefix,
}

/// A long computation run in slices (see `jobRun`).
enum Job {
    Sweep {
        sweep: Sweep,
        /// The cache of each of the sweep's functions (whole-URL key).
        caches: Vec<usize>,
        end: usize,
        next: usize,
    },
    P1 {
        study: Box<P1Study>,
        prefix: Prefix,
        next: usize,
    },
    Partition {
        study: Box<P2Study>,
        prefix: Prefix,
        next: usize,
    },
}

/// What `view()` returns.
#[derive(Serialize)]
struct View {
    measures: Measures,
    ideal_load: f64,
    buckets: Option<Vec<crate::metrics::BucketSizeRow>>,
}

/// The most slots a histogram may have (2^27: 512 MiB of counts).
const MAX_COUNTED_SLOTS: u32 = 1 << 27;

/// One loaded URL list and everything computed from it.
#[wasm_bindgen]
pub struct Lab {
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
    job: Option<Job>,
    /// A cache being computed in slices (see `cacheRun`), independent of `job`.
    cache_job: Option<CacheJob>,
    /// The de-duplication views' state (P4, P5): see `wasm/dedup.rs`.
    dedup: dedup::Dedup,
    /// The fingerprint view's state (P3): see `wasm/fingerprint.rs`.
    fingerprint: fingerprint::Fingerprints,
}

fn key_slot(key: Key) -> Option<usize> {
    match key {
        Key::Url => None,
        Key::Host => Some(0),
        Key::Path => Some(1),
    }
}

#[wasm_bindgen]
impl Lab {
    /// An empty lab that keeps the URL lines themselves while they take at most `budget_bytes`.
    #[wasm_bindgen(constructor)]
    pub fn new(budget_bytes: f64) -> Lab {
        let budget = if budget_bytes.is_finite() && budget_bytes > 0.0 {
            budget_bytes as usize
        } else {
            0
        };
        Lab {
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
            job: None,
            cache_job: None,
            dedup: dedup::Dedup::default(),
            fingerprint: fingerprint::Fingerprints::default(),
        }
    }

    /// Traps on purpose: a Rust panic, which in WebAssembly stops the instance for good. Nothing
    /// in the page calls it; the browser tests do, to check that a trap never leaves the page
    /// dead (the worker is restarted and the input reloaded).
    #[wasm_bindgen(js_name = trapForTests)]
    pub fn trap_for_tests() {
        panic!("a deliberate trap (Lab.trapForTests)");
    }

    /// The registry of hash functions, as JSON: `[{id, name_en, name_zh, paper, ours, bits, summary, summary_zh}]`.
    pub fn functions() -> String {
        let list: Vec<_> = hash::REGISTRY
            .iter()
            .map(|f| {
                serde_json::json!({
                    "id": f.key, "name_en": f.name_en, "name_zh": f.name_zh, "paper": f.paper,
                    "ours": f.ours, "bits": f.bits, "summary": f.summary, "summary_zh": f.summary_zh,
                })
            })
            .collect();
        serde_json::Value::Array(list).to_string()
    }

    /// Installs the Public Suffix List for this module instance (every `Lab` of it): `text` is
    /// its rules, one a line, as the build copies them to `data/public-suffix-list.txt` (the
    /// `psl` crate's `data/rules.txt`, the list the CLI has compiled in). The wasm build has no
    /// list of its own, and the partition study's `domain` and `heritrix` policies need it:
    /// `partitionBegin` fails with `suffix-rules-missing: …` until this is called. Returns the
    /// number of rules; replaces a list installed before. A text that is not a list of rules is
    /// the error `suffix-rules-invalid: …` naming the line, and leaves the installed list as it
    /// was. A restarted worker (a new instance) must install the list again.
    #[wasm_bindgen(js_name = setSuffixRules)]
    pub fn set_suffix_rules(text: &str) -> Result<u32, JsError> {
        let rules = Rules::parse(text).map_err(core_error)?;
        Ok(suffix::install(rules) as u32)
    }

    /// Whether `setSuffixRules` has installed the Public Suffix List in this instance.
    #[wasm_bindgen(js_name = hasSuffixRules)]
    pub fn has_suffix_rules() -> bool {
        suffix::ready().is_ok()
    }

    /// Starts a new input: forgets everything, and hashes each line with `functions` (comma
    /// separated ids) over `key` as it arrives, so a huge input needs no second pass.
    pub fn begin(&mut self, functions: &str, key: &str) -> Result<(), JsError> {
        let key = parse_key(key)?;
        let mut hashes = Vec::new();
        for id in functions.split(',').filter(|s| !s.trim().is_empty()) {
            let h = parse_fn(id)?;
            if !hashes.contains(&h) {
                hashes.push(h);
            }
        }
        *self = Lab::new(self.budget as f64);
        self.caches = hashes
            .into_iter()
            .map(|hash| Cache {
                hash,
                key,
                values: RawValues::for_hash(hash),
            })
            .collect();
        Ok(())
    }

    /// Reads this input as a table (see `guessColumns`): column `column` (0-based) of each line
    /// split at `delimiter` (",", "\t" or ";"), the first non-blank line skipped when `header`.
    /// Call after `begin`, before the first chunk.
    #[wasm_bindgen(js_name = setColumns)]
    pub fn set_columns(
        &mut self,
        delimiter: &str,
        column: u32,
        header: bool,
    ) -> Result<(), JsError> {
        let delimiter = match delimiter {
            "," => b',',
            "\t" => b'\t',
            ";" => b';',
            other => {
                return Err(coded!(
                    "unknown-delimiter",
                    [other],
                    "unknown delimiter {other:?}: use \",\", tab or \";\""
                ))
            }
        };
        if self.n > 0 || self.splitter.stats().bytes > 0 {
            return Err(sequence(
                "columns",
                "the columns are set before the first line",
            ));
        }
        self.splitter = LineSplitter::with_columns(Some(Columns {
            delimiter,
            column: column as usize,
            header,
        }));
        Ok(())
    }

    /// Whether an input whose first bytes are `sample` (and whose file name is `name`, or "") is
    /// a table, and which column holds the URLs, as JSON: `{delimiter, column, header, fields,
    /// names, rows}` or `null` (see the core's `columns::guess`).
    #[wasm_bindgen(js_name = guessColumns)]
    pub fn guess_columns(sample: &[u8], name: &str) -> String {
        let name = (!name.is_empty()).then_some(name);
        serde_json::to_string(&columns::guess(sample, name)).unwrap_or_else(|_| "null".into())
    }

    /// Feeds the next chunk of the input (any size; lines may straddle chunks).
    #[wasm_bindgen(js_name = pushChunk)]
    pub fn push_chunk(&mut self, chunk: &[u8]) -> Result<(), JsError> {
        if self.finished {
            return Err(sequence(
                "input",
                "this input is finished; call begin() to load another",
            ));
        }
        // A file after corpus URLs: the corpus lines were never kept, so nothing is now.
        self.corpus = None;
        let mut splitter = std::mem::take(&mut self.splitter);
        splitter.feed(chunk, |line| self.add_line(line.bytes, line.number));
        self.splitter = splitter;
        Ok(())
    }

    /// Feeds URLs `start .. start + count` of the built-in corpus (seed `seed`).
    #[wasm_bindgen(js_name = pushCorpus)]
    pub fn push_corpus(&mut self, start: f64, count: u32, seed: u32) -> Result<(), JsError> {
        if self.finished {
            return Err(sequence(
                "input",
                "this input is finished; call begin() to load another",
            ));
        }
        if !start.is_finite() || start < 0.0 || start.fract() != 0.0 {
            return Err(coded!(
                "not-whole",
                ["corpus-start", 0, start],
                "the corpus start must be a whole number >= 0"
            ));
        }
        let start = start as u64;
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
        let mut urls = corpus.iter(start, count as u64);
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

    /// Ends the input; returns the input report as JSON.
    pub fn finish(&mut self) -> Result<String, JsError> {
        if !self.finished {
            let mut splitter = std::mem::take(&mut self.splitter);
            splitter.finish(|line| self.add_line(line.bytes, line.number));
            self.splitter = splitter;
            self.finished = true;
        }
        self.report()
    }

    /// The input report as JSON (see `finish`).
    pub fn report(&self) -> Result<String, JsError> {
        let mut stats = self.splitter.stats().clone();
        if stats.urls == 0 && self.n > 0 {
            // The built-in corpus does not pass through the line splitter.
            stats.urls = self.n as u64;
            stats.lines = self.n as u64;
        }
        to_json(&InputReport {
            stats: &stats,
            unsplittable_host: &self.unsplittable_lines[0],
            unsplittable_path: &self.unsplittable_lines[1],
            root_paths: self
                .caches
                .iter()
                .any(|c| c.key == Key::Path)
                .then_some(self.root_keys[1]),
            urls_kept: self.lines_available(),
            lines_kept: self.readable() as u64,
            keep_budget: self.budget as u64,
            cache_bytes: self.caches.iter().map(|c| c.values.bytes()).sum(),
        })
    }

    /// Number of URL lines loaded.
    pub fn len(&self) -> u32 {
        self.n as u32
    }

    /// `true` when no URL line is loaded.
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Up to `count` loaded lines from `start`, as JSON strings (invalid UTF-8 replaced), for display.
    pub fn lines(&self, start: u32, count: u32) -> Result<String, JsError> {
        let readable = self.readable();
        if start as usize >= readable && (start as usize) < self.n {
            return Err(coded!(
                "line-past",
                [start, readable],
                "line {start} is past the {readable} URL lines the page kept (the input was too large to keep)"
            ));
        }
        let end = (start as usize)
            .saturating_add(count as usize)
            .min(readable);
        let mut lines = Vec::new();
        self.for_each_line(start as usize, end, |_, line, _| {
            lines.push(String::from_utf8_lossy(line).into_owned())
        });
        to_json(&lines)
    }

    /// The per-slot counts of `fn_id` over `key` for `m` slots (a `Uint32Array` of length m).
    pub fn histogram(&mut self, fn_id: &str, key: &str, m: f64) -> Result<Vec<u32>, JsError> {
        let m = check_slots(m)?;
        if m > MAX_COUNTED_SLOTS {
            return Err(coded!(
                "slots-too-many",
                [m, MAX_COUNTED_SLOTS],
                "M = {m} is more slots than the browser can count one by one; the lab counts up to {MAX_COUNTED_SLOTS} (2^27) slots"
            ));
        }
        let key = parse_key(key)?;
        let i = self.cache_index(parse_fn(fn_id)?, key)?;
        let mut counts = self.caches[i].values.histogram(m);
        if let Some(k) = key_slot(key) {
            // Lines whose key cannot be split were cached as raw 0, which lands in slot 0.
            counts[0] -= self.unsplittable[k].len() as u32;
        }
        Ok(counts)
    }

    /// Every measure of `fn_id` over `key` at `m` slots, as JSON (A, A_opt, B, χ², …).
    pub fn measures(&mut self, fn_id: &str, key: &str, m: f64) -> Result<String, JsError> {
        let counts = self.histogram(fn_id, key, m)?;
        to_json(&Measures::of(&counts))
    }

    /// One view of `fn_id` over `key` at `m` slots from a single histogram, as JSON:
    /// `{measures, ideal_load, buckets}` where `ideal_load` is N/M (every slot equal) and
    /// `buckets` the bucket-size distribution beside its Poisson expectation (`null` unless
    /// `with_buckets`).
    pub fn view(
        &mut self,
        fn_id: &str,
        key: &str,
        m: f64,
        with_buckets: bool,
    ) -> Result<String, JsError> {
        let counts = self.histogram(fn_id, key, m)?;
        let measures = Measures::of(&counts);
        to_json(&View {
            ideal_load: measures.n as f64 / measures.slots as f64,
            measures,
            buckets: with_buckets.then(|| bucket_size_distribution(&counts)),
        })
    }

    /// The bucket-size distribution beside its Poisson expectation, as JSON.
    #[wasm_bindgen(js_name = bucketSizes)]
    pub fn bucket_sizes(&mut self, fn_id: &str, key: &str, m: f64) -> Result<String, JsError> {
        let counts = self.histogram(fn_id, key, m)?;
        to_json(&bucket_size_distribution(&counts))
    }

    /// Whether the raw values of `fn_id` over `key` are already computed (else the first call
    /// that needs them computes them from the kept lines, or `cacheBegin` does it in slices).
    #[wasm_bindgen(js_name = hasCache)]
    pub fn has_cache(&self, fn_id: &str, key: &str) -> Result<bool, JsError> {
        Ok(self.find_cache(parse_fn(fn_id)?, parse_key(key)?).is_some())
    }

    /// Starts computing the raw values of `fn_id` over `key` in slices (`cacheRun` until it
    /// returns 1, then `cacheFinish`), so a caller can answer other requests in between.
    #[wasm_bindgen(js_name = cacheBegin)]
    pub fn cache_begin(&mut self, fn_id: &str, key: &str) -> Result<(), JsError> {
        self.cache_job = None;
        let job = self.new_cache_job(parse_fn(fn_id)?, parse_key(key)?)?;
        self.cache_job = Some(job);
        Ok(())
    }

    /// Hashes at most `max_lines` more lines for the cache being computed; returns the share
    /// done (1 when finished).
    #[wasm_bindgen(js_name = cacheRun)]
    pub fn cache_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job = self
            .cache_job
            .take()
            .ok_or_else(|| sequence("cache", "no cache is being computed"))?;
        let done = self.run_cache_job(&mut job, max_lines as usize);
        self.cache_job = Some(job);
        Ok(done)
    }

    /// Ends the cache being computed (hashing what is left) and keeps it.
    #[wasm_bindgen(js_name = cacheFinish)]
    pub fn cache_finish(&mut self) -> Result<(), JsError> {
        let mut job = self
            .cache_job
            .take()
            .ok_or_else(|| sequence("cache", "no cache is being computed"))?;
        self.run_cache_job(&mut job, usize::MAX);
        self.install_cache(job);
        Ok(())
    }

    /// P1's Fig. 1, 2 or 3 on the loaded lines (key: whole URL), every `step` lines, as JSON
    /// points `[{figure, function, m, measure, n, value}]`. Fig. 3 uses the first 400 000 lines.
    /// (In one call; `sweepBegin` + `jobRun` + `jobFinish` do the same in slices.)
    pub fn sweep(&mut self, fig: u8, step: f64) -> Result<String, JsError> {
        self.sweep_begin(fig, step)?;
        self.job_run(u32::MAX)?;
        self.job_finish()
    }

    /// `urlhash paper p1` on the loaded lines, as JSON. (In one call; `p1Begin` + `jobRun` +
    /// `jobFinish` do the same in slices.)
    #[wasm_bindgen(js_name = p1Report)]
    pub fn p1_report(&self) -> Result<String, JsError> {
        let prefix = self.prefix(usize::MAX, "p1-report")?;
        let mut study = P1Study::new();
        self.for_each_line(0, prefix.lines as usize, |_, line, _| study.push(line));
        to_json(&OnPrefix {
            report: study.finish(),
            prefix,
        })
    }

    /// Starts `sweep(fig, step)` as a job run in slices by `jobRun`, so a caller can answer
    /// other requests between slices. Replaces any unfinished job.
    #[wasm_bindgen(js_name = sweepBegin)]
    pub fn sweep_begin(&mut self, fig: u8, step: f64) -> Result<(), JsError> {
        self.job = None;
        let figure = Figure::parse(&fig.to_string())
            .ok_or_else(|| coded!("p1-figure", [fig], "P1 has figures 1, 2 and 3"))?;
        if !step.is_finite() || step < 1.0 || step.fract() != 0.0 {
            return Err(coded!(
                "not-whole",
                ["checkpoint-step", 1, step],
                "the checkpoint step must be a whole number >= 1"
            ));
        }
        let sweep = Sweep::new(&figure.series(), step as u64);
        let caches: Vec<usize> = sweep
            .hashes()
            .to_vec()
            .into_iter()
            .map(|h| self.cache_index(h, Key::Url))
            .collect::<Result<_, _>>()?;
        let end = match figure {
            Figure::Fig3 => self.n.min(crate::sweep::FIG3_SAMPLE as usize),
            _ => self.n,
        };
        self.job = Some(Job::Sweep {
            sweep,
            caches,
            end,
            next: 0,
        });
        Ok(())
    }

    /// Starts `p1Report()` as a job run in slices by `jobRun`. Replaces any unfinished job.
    #[wasm_bindgen(js_name = p1Begin)]
    pub fn p1_begin(&mut self) -> Result<(), JsError> {
        self.job = None;
        let prefix = self.prefix(usize::MAX, "p1-report")?;
        self.job = Some(Job::P1 {
            study: Box::new(P1Study::new()),
            prefix,
            next: 0,
        });
        Ok(())
    }

    /// Starts P2's crawler simulation on the loaded lines with `nodes` crawl nodes, every
    /// policy at once (`urlhash partition` for each, and `urlhash paper p2` at 7 nodes), as a
    /// job run in slices by `jobRun`; `jobFinish` returns `{printed, simulation, verdicts}`.
    /// Replaces any unfinished job. Needs the Public Suffix List (`setSuffixRules`): without
    /// it, the error `suffix-rules-missing: …`.
    #[wasm_bindgen(js_name = partitionBegin)]
    pub fn partition_begin(&mut self, nodes: u32) -> Result<(), JsError> {
        self.job = None;
        let prefix = self.prefix(usize::MAX, "partition")?;
        let study = P2Study::with_nodes(nodes).map_err(|e| {
            if e.starts_with(suffix::MISSING_CODE) {
                coded("suffix-rules-missing", &[], e)
            } else {
                coded!("nodes-range", [nodes], "{e}")
            }
        })?;
        self.job = Some(Job::Partition {
            study: Box::new(study),
            prefix,
            next: 0,
        });
        Ok(())
    }

    /// Runs the current job over at most `max_lines` more lines; returns the share done
    /// (1 when finished).
    #[wasm_bindgen(js_name = jobRun)]
    pub fn job_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job = self
            .job
            .take()
            .ok_or_else(|| sequence("job", "no job is running"))?;
        let done = match &mut job {
            Job::Sweep {
                sweep,
                caches,
                end,
                next,
            } => {
                let stop = next.saturating_add(max_lines as usize).min(*end);
                let mut raws = vec![0u128; caches.len()];
                for line in *next..stop {
                    for (r, &c) in raws.iter_mut().zip(caches.iter()) {
                        *r = self.caches[c].values.get(line);
                    }
                    sweep.push_raws(&raws);
                }
                *next = stop;
                share(stop, *end)
            }
            Job::P1 {
                study,
                prefix,
                next,
            } => {
                let end = prefix.lines as usize;
                let stop = next.saturating_add(max_lines as usize).min(end);
                self.for_each_line(*next, stop, |_, line, _| study.push(line));
                *next = stop;
                share(stop, end)
            }
            Job::Partition {
                study,
                prefix,
                next,
            } => {
                let end = prefix.lines as usize;
                let stop = next.saturating_add(max_lines as usize).min(end);
                // A line without a host is counted by the simulation and reaches no node.
                self.for_each_line(*next, stop, |_, line, number| {
                    let _ = study.push(number, line);
                });
                *next = stop;
                share(stop, end)
            }
        };
        self.job = Some(job);
        Ok(done)
    }

    /// Ends the current job (running what is left) and returns its JSON: the sweep's points or
    /// the P1 report.
    #[wasm_bindgen(js_name = jobFinish)]
    pub fn job_finish(&mut self) -> Result<String, JsError> {
        self.job_run(u32::MAX)?;
        match self.job.take() {
            Some(Job::Sweep { mut sweep, .. }) => to_json(&sweep.finish()),
            Some(Job::P1 { study, prefix, .. }) => to_json(&OnPrefix {
                report: study.finish(),
                prefix,
            }),
            Some(Job::Partition { study, prefix, .. }) => to_json(&OnPrefix {
                report: study.finish(),
                prefix,
            }),
            None => Err(sequence("job", "no job is running")),
        }
    }
}

/// `done / total`, 1 when there is nothing to do.
fn share(done: usize, total: usize) -> f64 {
    if total == 0 {
        1.0
    } else {
        done as f64 / total as f64
    }
}

impl Lab {
    /// Whether every loaded line can be read again (kept, or a corpus range).
    fn lines_available(&self) -> bool {
        self.readable() == self.n
    }

    /// How many of the first loaded lines can be read again: all of them for a corpus range,
    /// the kept prefix for a file or a paste.
    fn readable(&self) -> usize {
        if self.corpus.is_some() {
            self.n
        } else {
            self.store.as_ref().map_or(0, |s| s.len().min(self.n))
        }
    }

    /// The lines a job that reads lines again covers: the first `min(max, readable)`, or an
    /// error naming `what` when there are lines but none can be read (none loaded is no error).
    fn prefix(&self, max: usize, what: &str) -> Result<Prefix, JsError> {
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
    /// URL lines), from the kept lines or by generating the corpus range again.
    fn for_each_line(&self, start: usize, end: usize, mut f: impl FnMut(usize, &[u8], u64)) {
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
        if let Some(store) = self.store.as_mut().filter(|s| s.complete) {
            if store.bytes.len() + line.len() > self.budget
                || store.bytes.len() + line.len() > u32::MAX as usize
            {
                // Keep the prefix; from here on the lines are hashed and dropped.
                store.complete = false;
                store.bytes.shrink_to_fit();
                store.ends.shrink_to_fit();
                store.numbers.shrink_to_fit();
            } else {
                store.bytes.extend_from_slice(line);
                store.ends.push(store.bytes.len() as u32);
                store.numbers.push(number.min(u32::MAX as u64) as u32);
            }
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

    /// The cache of (hash, key), computed from the kept lines when missing.
    fn cache_index(&mut self, hash: HashId, key: Key) -> Result<usize, JsError> {
        if let Some(i) = self.find_cache(hash, key) {
            return Ok(i);
        }
        let mut job = self.new_cache_job(hash, key)?;
        self.run_cache_job(&mut job, usize::MAX);
        Ok(self.install_cache(job))
    }

    fn find_cache(&self, hash: HashId, key: Key) -> Option<usize> {
        self.caches
            .iter()
            .position(|c| c.hash == hash && c.key == key)
    }

    fn new_cache_job(&self, hash: HashId, key: Key) -> Result<CacheJob, JsError> {
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
    fn run_cache_job(&self, job: &mut CacheJob, max_lines: usize) -> f64 {
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

    /// Adds a finished cache (unless an equal one appeared meanwhile); returns its index.
    fn install_cache(&mut self, job: CacheJob) -> usize {
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
}
