//! The WebAssembly adapter (compiled only for `wasm32`): a thin layer between the page's Web
//! Worker and the pure core.
//!
//! One opaque handle, [`Lab`], holds a core [`Session`] (the URL lines loaded so far, while they
//! fit a memory budget, and per (function, key) the raw hash value of every line, so changing M
//! re-bins from the cache without hashing again) and the state of the studies running on it.
//! Every crossing is batched: input arrives as whole chunks of bytes, histograms leave as one
//! `Uint32Array`, reports as one small JSON string. Every fallible call returns
//! `Result<_, JsError>` with a message a user can act on; nothing here panics on user input.
//! Each message opens with a JSON line `{"code", "args"}` that the page words in its language
//! (`errors` in www/strings.js and www/strings-zh.js), then the English sentence: the core's
//! [`Coded`] errors, converted.
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
use crate::hash::{self, HashId};
use crate::key::Key;
use crate::metrics::{bucket_size_distribution, Measures};
use crate::p1::P1Study;
use crate::p2::P2Study;
use crate::session::{share, CacheJob, Coded, Prefix, Session};
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

/// The core's `coded!` (a [`Coded`]: the code, its arguments and the English sentence as
/// `format!` arguments) as a `JsError`.
macro_rules! coded {
    ($($t:tt)+) => {
        JsError::from($crate::coded!($($t)+))
    };
}

impl From<Coded> for JsError {
    fn from(e: Coded) -> JsError {
        coded(e.code, &e.args, e.english)
    }
}

/// A request out of order (the page asked to run or finish `job` that is not running): a bug of
/// the page, worded as such.
fn sequence(job: &str, english: &str) -> JsError {
    crate::session::sequence(job, english).into()
}

/// An error of the core, passed on with its English text (the page checks the parameters the
/// core would refuse before it asks, so a reader should not see one).
fn core_error(e: impl std::fmt::Display) -> JsError {
    coded("core", &[e.to_string()], e)
}

mod dedup;
mod fingerprint;
mod quiz;

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
        /// The lines swept, by index: Fig. 3's sample; all of them (`0..end`) when None.
        lines: Option<Vec<u64>>,
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

/// One loaded URL list and everything computed from it.
#[wasm_bindgen]
pub struct Lab {
    /// The input and the raw values computed from it.
    session: Session,
    job: Option<Job>,
    /// A cache being computed in slices (see `cacheRun`), independent of `job`.
    cache_job: Option<CacheJob>,
    /// The de-duplication views' state (P4, P5): see `wasm/dedup.rs`.
    dedup: dedup::Dedup,
    /// The fingerprint view's state (P3): see `wasm/fingerprint.rs`.
    fingerprint: fingerprint::Fingerprints,
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
        Ok(self.session.push_chunk(chunk)?)
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

    /// Ends the input; returns the input report as JSON.
    pub fn finish(&mut self) -> Result<String, JsError> {
        to_json(&self.session.finish())
    }

    /// The input report as JSON (see `finish`).
    pub fn report(&self) -> Result<String, JsError> {
        to_json(&self.session.report())
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

    /// Up to `count` loaded lines from `start`, as JSON strings (invalid UTF-8 replaced), for display.
    pub fn lines(&self, start: u32, count: u32) -> Result<String, JsError> {
        to_json(&self.session.lines(start as usize, count as usize)?)
    }

    /// The per-slot counts of `fn_id` over `key` for `m` slots (a `Uint32Array` of length m).
    pub fn histogram(&mut self, fn_id: &str, key: &str, m: f64) -> Result<Vec<u32>, JsError> {
        let m = check_slots(m)?;
        let (hash, key) = (parse_fn(fn_id)?, parse_key(key)?);
        Ok(self.session.histogram(hash, key, m)?)
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

    /// P1's Fig. 1, 2 or 3 on the loaded lines (key: whole URL), every `step` lines, as JSON
    /// points `[{figure, function, m, measure, n, value}]`. Fig. 3 uses the sample of 400 000
    /// lines `urlhash sweep --fig 3` draws ([`crate::sweep::fig3_indices`]).
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
        let prefix = self.session.prefix(usize::MAX, "p1-report")?;
        let mut study = P1Study::new();
        self.session
            .for_each_line(0, prefix.lines as usize, |_, line, _| study.push(line));
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
            .map(|h| self.session.cache_index(h, Key::Url))
            .collect::<Result<_, _>>()?;
        let n = self.session.len();
        let lines = (figure == Figure::Fig3).then(|| {
            let corpus_seed = self
                .session
                .corpus_range()
                .filter(|r| r.start == 0)
                .map(|r| r.seed as u64);
            crate::sweep::fig3_indices(n as u64, corpus_seed)
        });
        self.job = Some(Job::Sweep {
            sweep,
            caches,
            end: lines.as_ref().map_or(n, Vec::len),
            lines,
            next: 0,
        });
        Ok(())
    }

    /// Starts `p1Report()` as a job run in slices by `jobRun`. Replaces any unfinished job.
    #[wasm_bindgen(js_name = p1Begin)]
    pub fn p1_begin(&mut self) -> Result<(), JsError> {
        self.job = None;
        let prefix = self.session.prefix(usize::MAX, "p1-report")?;
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
        let prefix = self.session.prefix(usize::MAX, "partition")?;
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
                lines,
                end,
                next,
            } => {
                let stop = next.saturating_add(max_lines as usize).min(*end);
                let mut raws = vec![0u128; caches.len()];
                for at in *next..stop {
                    let line = lines.as_ref().map_or(at, |l| l[at] as usize);
                    for (r, &c) in raws.iter_mut().zip(caches.iter()) {
                        *r = self.session.raw(c, line);
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
                self.session
                    .for_each_line(*next, stop, |_, line, _| study.push(line));
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
                self.session.for_each_line(*next, stop, |_, line, number| {
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
