//! The WebAssembly adapter (compiled only for `wasm32`): a thin layer between the page's Web
//! Worker and the pure core.
//!
//! One opaque handle, [`Lab`], holds a core [`Session`] (the URL lines loaded so far, while they
//! fit a memory budget, and per (function, key) the raw hash value of every line, so changing M
//! re-bins from the cache without hashing again) and the studies running on it. Every crossing
//! is batched: input arrives as whole chunks of bytes, histograms leave as one `Uint32Array`,
//! parameters arrive and reports leave as plain JS values through serde-wasm-bindgen (maps as
//! objects, infinities and NaN as numbers, an integer above 2^53 an error rather than a rounded
//! number). Every fallible call returns `Result<_, JsError>` with a message a user can act on;
//! nothing here panics on user input. Each message opens with a JSON line `{"code", "args"}`
//! that the page words in its language (`errors` in www/strings.js and www/strings-zh.js), then
//! the English sentence: the core's [`Coded`] errors, converted.
//!
//! A session: `new Lab(budgetBytes)`, `begin("elfhash,hfip,hf", "url")`, then `pushChunk(bytes)`
//! for each chunk of a file (or `pushCorpus(start, count, seed)` for the built-in corpus),
//! `finish()` → input report; then `view(fn, key, m, withBuckets)` (measures and bucket sizes
//! from one histogram), `histogram(fn, key, m)`, `measures(fn, key, m)`, `bucketSizes(fn, key,
//! m)` as the user explores. The studies of [`crate::engine::study`] run in slices beside each other:
//! `jobBegin(kind, params)` → id, `jobRun(id, lines)` until it returns 1, `jobFinish(id)` → the
//! report (`jobDrop(id)` forgets one given up). So does computing the values of another
//! function or key (`hasCache`, `cacheBegin`, `cacheRun`, `cacheFinish`).
//!
//! The Public Suffix List is not compiled in (the `psl` crate would be almost half the module):
//! before the partition study the page passes its rules text to the static
//! `Lab.setSuffixRules(text)` once per instance ([`crate::foundation::suffix`]); until then
//! the partition study is the error `suffix-rules-missing: …`.
//!
//! P4's Table 1 replayed (`table1Time`, `table1Ticks`): see the `table1` submodule.
//!
//! P5's Fig. 3 and misprints (`p5Fig3`, `p5Misprints`): see the `p5` submodule.

use super::boundary::{coded, core_error, performance, sequence, to_js, to_js_flat, Jobs};
use crate::engine::session::{CacheJob, Session};
use crate::engine::study;
use crate::foundation::columns::{self, Columns};
use crate::foundation::hash::{self, HashId};
use crate::foundation::key::Key;
use crate::foundation::metrics::{bucket_size_distribution, Measures};
use crate::foundation::suffix::{self, Rules};
use serde::Serialize;
use wasm_bindgen::prelude::*;

mod dedup;
mod fingerprint;
mod p5;
mod quiz;
mod table1;

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

/// What `view()` returns.
#[derive(Serialize)]
struct View {
    measures: Measures,
    ideal_load: f64,
    buckets: Option<Vec<crate::foundation::metrics::BucketSizeRow>>,
}

/// One loaded URL list and everything computed from it.
#[wasm_bindgen]
pub struct Lab {
    /// The input and the raw values computed from it.
    session: Session,
    /// The studies under way, by id (see `jobBegin`).
    jobs: Jobs,
    /// A cache being computed in slices (see `cacheRun`), independent of `job`.
    cache_job: Option<CacheJob>,
    /// P4's Table 1: the rows timed so far (see `table1Time`).
    table1: Vec<crate::papers::p4::table1::Table1Row>,
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
            session: Session::new(budget),
            jobs: Jobs::default(),
            cache_job: None,
            table1: Vec::new(),
        }
    }

    /// Traps on purpose: a Rust panic, which in WebAssembly stops the instance for good. Nothing
    /// in the page calls it; the browser tests do, to check that a trap never leaves the page
    /// dead (the worker is restarted and the input reloaded).
    #[wasm_bindgen(js_name = trapForTests)]
    pub fn trap_for_tests() {
        panic!("a deliberate trap (Lab.trapForTests)");
    }

    /// The registry of hash functions: `[{id, name_en, name_zh, paper, ours, bits, summary, summary_zh}]`.
    pub fn functions() -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Info {
            id: &'static str,
            name_en: &'static str,
            name_zh: &'static str,
            paper: &'static str,
            ours: bool,
            bits: u32,
            summary: &'static str,
            summary_zh: &'static str,
        }
        let list: Vec<Info> = hash::REGISTRY
            .iter()
            .map(|f| Info {
                id: f.key,
                name_en: f.name_en,
                name_zh: f.name_zh,
                paper: f.paper,
                ours: f.ours,
                bits: f.bits,
                summary: f.summary,
                summary_zh: f.summary_zh,
            })
            .collect();
        to_js(&list)
    }

    /// Installs the Public Suffix List for this module instance (every `Lab` of it): `text` is
    /// its rules, one a line, as the build copies them to `data/public-suffix-list.txt` (the
    /// `psl` crate's `data/rules.txt`, the list the CLI has compiled in). The wasm build has no
    /// list of its own, and the partition study's `domain` and `heritrix` policies need it:
    /// the partition study fails with `suffix-rules-missing: …` until this is called. Returns the
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
        // Session::begin keeps one cache per function, however often it is named.
        let hashes = functions
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(parse_fn)
            .collect::<Result<Vec<_>, _>>()?;
        *self = Lab::new(self.session.budget() as f64);
        self.session.begin(&hashes, key);
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
        Ok(self.session.set_columns(Columns {
            delimiter,
            column: column as usize,
            header,
        })?)
    }

    /// Whether an input whose first bytes are `sample` (and whose file name is `name`, or "") is
    /// a table, and which column holds the URLs: `{delimiter, column, header, fields,
    /// names, rows}` or `null` (see the core's `columns::guess`).
    #[wasm_bindgen(js_name = guessColumns)]
    pub fn guess_columns(sample: &[u8], name: &str) -> Result<JsValue, JsError> {
        let name = (!name.is_empty()).then_some(name);
        to_js_flat(&columns::guess(sample, name), "columns")
    }

    /// Feeds the next chunk of the input (any size; lines may straddle chunks).
    #[wasm_bindgen(js_name = pushChunk)]
    pub fn push_chunk(&mut self, chunk: &[u8]) -> Result<(), JsError> {
        Ok(self.session.push_chunk(chunk)?)
    }

    /// Says that about `bytes` bytes of input will come (a file's size): the memory for its
    /// raw values and kept lines is then reserved once, not grown by doubling.
    #[wasm_bindgen(js_name = expectBytes)]
    pub fn expect_bytes(&mut self, bytes: f64) {
        self.session.expect_bytes(bytes as u64);
    }

    /// Makes this input a part of a file that another worker's `Lab` reads up to just before
    /// it (the part begins after a newline: no byte-order mark, no header). Call after `begin`
    /// and `setColumns`, before the first chunk; end with `finishSlice`.
    #[wasm_bindgen(js_name = beginSlice)]
    pub fn begin_slice(&mut self) -> Result<(), JsError> {
        Ok(self.session.begin_slice()?)
    }

    /// Ends this part and returns it as bytes for the first part's `Lab` (`appendSlice`), with
    /// the kept lines that fit `room` bytes (that `Lab`'s `keepRoom`).
    #[wasm_bindgen(js_name = finishSlice)]
    pub fn finish_slice(&mut self, room: f64) -> Result<Vec<u8>, JsError> {
        self.session.finish();
        Ok(self.session.slice_bytes(room as usize)?)
    }

    /// The bytes of lines this input can still keep: the `room` a part appended next needs.
    #[wasm_bindgen(js_name = keepRoom)]
    pub fn keep_room(&self) -> f64 {
        self.session.keep_room() as f64
    }

    /// Appends the next part of the file, read by another worker (`finishSlice`), after the
    /// lines pushed so far, which end with a newline; then `finish` as usual.
    #[wasm_bindgen(js_name = appendSlice)]
    pub fn append_slice(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        Ok(self.session.append_slice(bytes)?)
    }

    /// Feeds URLs `start .. start + count` of the built-in corpus (seed `seed`).
    #[wasm_bindgen(js_name = pushCorpus)]
    pub fn push_corpus(&mut self, start: f64, count: u32, seed: u32) -> Result<(), JsError> {
        if !start.is_finite() || start < 0.0 || start.fract() != 0.0 {
            return Err(coded!(
                "not-whole",
                ["corpus-start", 0, start],
                "the corpus start must be a whole number >= 0"
            ));
        }
        Ok(self.session.push_corpus(start as u64, count as u64, seed)?)
    }

    /// Ends the input; returns the input report.
    pub fn finish(&mut self) -> Result<JsValue, JsError> {
        to_js_flat(&self.session.finish(), "stats")
    }

    /// The input report (see `finish`).
    pub fn report(&self) -> Result<JsValue, JsError> {
        to_js_flat(&self.session.report(), "stats")
    }

    /// Number of URL lines loaded.
    pub fn len(&self) -> u32 {
        self.session.len() as u32
    }

    /// `true` when no URL line is loaded.
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.session.is_empty()
    }

    /// Up to `count` loaded lines from `start`, as strings (invalid UTF-8 replaced), for display.
    pub fn lines(&self, start: u32, count: u32) -> Result<JsValue, JsError> {
        to_js(&self.session.lines(start as usize, count as usize)?)
    }

    /// P3's spider threads replayed on the first loaded lines: the
    /// [`crate::mechanisms::fingerprint::replay::Replay`], by name (the page reads the lines with `lines`).
    /// It deals URLs by registrable domain: the error `suffix-rules-missing` until the page has
    /// installed the Public Suffix List (`setSuffixRules`), never a trap.
    #[wasm_bindgen(js_name = p3Replay)]
    pub fn p3_replay(&self, partial: bool) -> Result<JsValue, JsError> {
        suffix::ready().map_err(|e| coded(suffix::MISSING_CODE, &[], e))?;
        let lines = self
            .session
            .lines(0, crate::mechanisms::fingerprint::replay::MAX_URLS)?;
        let urls: Vec<&[u8]> = lines.iter().map(|l| l.as_bytes()).collect();
        to_js(&crate::mechanisms::fingerprint::replay::replay(
            &urls, partial,
        ))
    }

    /// The per-slot counts of `fn_id` over `key` for `m` slots (a `Uint32Array` of length m).
    pub fn histogram(&mut self, fn_id: &str, key: &str, m: f64) -> Result<Vec<u32>, JsError> {
        let m = check_slots(m)?;
        let (hash, key) = (parse_fn(fn_id)?, parse_key(key)?);
        Ok(self.session.histogram(hash, key, m)?)
    }

    /// One view of `fn_id` over `key` at `m` slots from a single histogram:
    /// `{measures, ideal_load, buckets}` where `ideal_load` is N/M (every slot equal) and
    /// `buckets` the bucket-size distribution beside its Poisson expectation (`null` unless
    /// `with_buckets`).
    pub fn view(
        &mut self,
        fn_id: &str,
        key: &str,
        m: f64,
        with_buckets: bool,
    ) -> Result<JsValue, JsError> {
        let counts = self.histogram(fn_id, key, m)?;
        let measures = Measures::of(&counts);
        to_js(&View {
            ideal_load: measures.n as f64 / measures.slots as f64,
            measures,
            buckets: with_buckets.then(|| bucket_size_distribution(&counts)),
        })
    }

    /// The slot-occupancy image of `fn_id` over `key` at `m` slots (at most 2^22) in `layout`
    /// (`linear`, `hilbert`): the legend and sizes (`slotmap::SlotMap`) with `image`, an
    /// `ImageData` of its pixels.
    #[wasm_bindgen(js_name = slotMap)]
    pub fn slot_map(
        &mut self,
        fn_id: &str,
        key: &str,
        m: f64,
        layout: &str,
    ) -> Result<JsValue, JsError> {
        let m = check_slots(m)?;
        let (hash, key) = (parse_fn(fn_id)?, parse_key(key)?);
        let map = self.session.slot_map(hash, key, m, layout)?;
        let report = to_js(&map)?;
        // A copy: an ImageData keeps the array it is given, and a view of the wasm memory
        // would show whatever is allocated there next.
        let image = web_sys::ImageData::new_with_js_u8_clamped_array_and_sh(
            &js_sys::Uint8ClampedArray::from(&map.rgba[..]),
            map.width,
            map.height,
        )
        .map_err(|_| core_error("no ImageData"))?;
        js_sys::Reflect::set(&report, &JsValue::from_str("image"), &image)
            .map_err(|_| core_error("no image"))?;
        Ok(report)
    }

    /// Whether the raw values of `fn_id` over `key` are already computed (else the first call
    /// that needs them computes them from the kept lines, or `cacheBegin` does it in slices).
    #[wasm_bindgen(js_name = hasCache)]
    pub fn has_cache(&self, fn_id: &str, key: &str) -> Result<bool, JsError> {
        Ok(self.session.has_cache(parse_fn(fn_id)?, parse_key(key)?))
    }

    /// Starts computing the raw values of `fn_id` over `key` in slices (`cacheRun` until it
    /// returns 1, then `cacheFinish`), so a caller can answer other requests in between.
    #[wasm_bindgen(js_name = cacheBegin)]
    pub fn cache_begin(&mut self, fn_id: &str, key: &str) -> Result<(), JsError> {
        self.cache_job = None;
        let job = self
            .session
            .cache_begin(parse_fn(fn_id)?, parse_key(key)?)?;
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
        let done = self.session.cache_run(&mut job, max_lines as usize);
        self.cache_job = Some(job);
        Ok(done)
    }

    /// Ends the cache being computed (hashing what is left) and keeps it.
    #[wasm_bindgen(js_name = cacheFinish)]
    pub fn cache_finish(&mut self) -> Result<(), JsError> {
        let job = self
            .cache_job
            .take()
            .ok_or_else(|| sequence("cache", "no cache is being computed"))?;
        self.session.cache_finish(job);
        Ok(())
    }

    /// The kept lines from line `start` on, as many as fit `max_bytes` (at least one), as a block
    /// for the second module's `Beyond.receive` ([`Session::handover`]): the views beyond the
    /// papers read the lines there.
    pub fn handover(&self, start: f64, max_bytes: f64) -> Vec<u8> {
        let whole = |x: f64| {
            if x.is_finite() && x > 0.0 {
                x as usize
            } else {
                0
            }
        };
        self.session.handover(whole(start), whole(max_bytes))
    }

    /// Starts the study `kind` with `params` (an object, see [`crate::engine::study`]: `sweep`
    /// `{fig, step}`, `p1` `{}`, `partition` `{nodes}`, `fp` `{maxLines}`, `fpSites` `{table,
    /// maxLines}`, `fpCombo` `{toggles, maxLines}`) on the loaded lines; returns its id for
    /// `jobRun` and `jobFinish`. Jobs run beside each other; the page drops one it gives up
    /// (`jobDrop`). The partition needs the Public Suffix List (`setSuffixRules`): without it,
    /// the error `suffix-rules-missing`; its report has the `control` object of `urlhash paper p2
    /// --json` (the re-hash up to [`study::REHASH_MAX_LINES`] lines).
    #[wasm_bindgen(js_name = jobBegin)]
    pub fn job_begin(&mut self, kind: &str, params: JsValue) -> Result<u32, JsError> {
        self.jobs
            .begin(study::begin, kind, params, &mut self.session)
    }

    /// Runs job `id` over at most `budget` more units (lines); returns the share done (1 when
    /// finished).
    #[wasm_bindgen(js_name = jobRun)]
    pub fn job_run(&mut self, id: u32, budget: u32) -> Result<f64, JsError> {
        self.jobs.run(id, budget, &mut self.session)
    }

    /// Where job `id`'s partial has got to ([`crate::engine::study::Partial::mark`]: it changes
    /// when the partial has something new), or −1 for a study that does not tell: a caller asks
    /// for the partial itself only when this changed.
    #[wasm_bindgen(js_name = jobPartialMark)]
    pub fn job_partial_mark(&self, id: u32) -> Result<f64, JsError> {
        self.jobs.partial_mark(id)
    }

    /// What job `id` has measured so far, for a first picture (the trie study's growth, as
    /// `{lines, structures, checkpoints, claims}`), or null for a study that does not tell.
    #[wasm_bindgen(js_name = jobPartial)]
    pub fn job_partial(&self, id: u32) -> Result<JsValue, JsError> {
        self.jobs.partial(id)
    }

    /// Ends job `id` (running what is left) and returns its report: a plain object (`prefix`,
    /// the lines it measured, beside the study's own fields).
    #[wasm_bindgen(js_name = jobFinish)]
    pub fn job_finish(&mut self, id: u32) -> Result<JsValue, JsError> {
        self.jobs.finish(id, &mut self.session)
    }

    /// Forgets job `id` (nothing when there is none).
    #[wasm_bindgen(js_name = jobDrop)]
    pub fn job_drop(&mut self, id: u32) {
        self.jobs.drop_job(id);
    }
}
