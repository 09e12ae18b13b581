//! The page's second WebAssembly module (compiled for `wasm32` with the feature `beyond`): the
//! views beyond the papers, which load it when they open, so the first module stays under its
//! budget (docs/decisions/0005-wasm-size-budget.md). One opaque handle, [`Beyond`], holds a
//! core [`Session`] of the lines the first module's `Lab` hands over, and the studies of
//! [`study::BEYOND_KINDS`] running on it, with the same job calls as `Lab` (see
//! [`crate::adapters::boundary::Jobs`]).
//!
//! A session: `new Beyond()`, then `receive(lab.handover(start, maxBytes))` from `start` 0 until
//! it returns −1 ([`Session::handover`]); `Beyond.setSuffixRules(text)` once per instance (the
//! rebalancing study's P2 policies need it, as `Lab`'s partition does); `jobBegin("rebalance",
//! {from, to, vnodes})`, `jobRun`, `jobFinish`. `rebalanceTime(to, vnodes)` times each scheme's
//! lookup on the first lines with the browser's clock, as `urlhash rebalance` does with its own.
//! The filter bake-off (`filters` `{bitsPerKey, fpr, methods}`) likewise; `filtersTime(params,
//! index)` times its rows one by one.

use super::boundary::{core_error, performance, to_js, Jobs, Strict};
use crate::engine::session::Session;
use crate::engine::study;
use crate::foundation::suffix::{self, Rules};
use crate::mechanisms::partition::{lookup_costs, LOOKUP_URLS};
use wasm_bindgen::prelude::*;

/// The lines handed over from the first module and the studies beyond the papers on them.
#[wasm_bindgen]
pub struct Beyond {
    session: Session,
    jobs: Jobs,
    /// The battery's distinct URLs, made once per input for the timings and the quiz.
    quality_urls: std::cell::OnceCell<crate::mechanisms::quality::Keys>,
}

impl Default for Beyond {
    fn default() -> Self {
        Beyond::new()
    }
}

#[wasm_bindgen]
impl Beyond {
    /// An empty handle: no line until the first block is received.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Beyond {
        Beyond {
            session: Session::new(0),
            jobs: Jobs::default(),
            quality_urls: std::cell::OnceCell::new(),
        }
    }

    /// Installs the Public Suffix List in this module's instance (as `Lab.setSuffixRules` does
    /// in the first module's): the number of rules.
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

    /// Takes in a block of `Lab.handover`: the line the next block starts at, or −1 once every
    /// line is here (the first block, from line 0, starts the handle again). The jobs under way
    /// are dropped: they read the lines before.
    pub fn receive(&mut self, block: &[u8]) -> Result<f64, JsError> {
        self.jobs = Jobs::default();
        self.quality_urls = std::cell::OnceCell::new();
        Ok(self
            .session
            .receive(block)?
            .map_or(-1.0, |next| next as f64))
    }

    /// URL lines loaded in the first module (the handed-over ones and any it could not keep).
    pub fn len(&self) -> u32 {
        self.session.len() as u32
    }

    /// Whether no URL line was loaded.
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.session.is_empty()
    }

    /// Starts the study `kind` of [`study::BEYOND_KINDS`] (`rebalance` `{from, to, vnodes}`)
    /// on the lines; its id for `jobRun` and `jobFinish`.
    #[wasm_bindgen(js_name = jobBegin)]
    pub fn job_begin(&mut self, kind: &str, params: JsValue) -> Result<u32, JsError> {
        self.jobs
            .begin(study::begin_beyond, kind, params, &mut self.session)
    }

    /// Runs job `id` over at most `budget` more lines; the share done (1 when finished).
    #[wasm_bindgen(js_name = jobRun)]
    pub fn job_run(&mut self, id: u32, budget: u32) -> Result<f64, JsError> {
        self.jobs.run(id, budget, &mut self.session)
    }

    /// Where job `id`'s partial has got to, or −1 for a study that does not tell.
    #[wasm_bindgen(js_name = jobPartialMark)]
    pub fn job_partial_mark(&self, id: u32) -> Result<f64, JsError> {
        self.jobs.partial_mark(id)
    }

    /// What job `id` has measured so far, or null for a study that does not tell.
    #[wasm_bindgen(js_name = jobPartial)]
    pub fn job_partial(&self, id: u32) -> Result<JsValue, JsError> {
        self.jobs.partial(id)
    }

    /// Ends job `id` (running what is left): its report, with `prefix`.
    #[wasm_bindgen(js_name = jobFinish)]
    pub fn job_finish(&mut self, id: u32) -> Result<JsValue, JsError> {
        self.jobs.finish(id, &mut self.session)
    }

    /// Forgets job `id` (nothing when there is none).
    #[wasm_bindgen(js_name = jobDrop)]
    pub fn job_drop(&mut self, id: u32) {
        self.jobs.drop_job(id);
    }

    /// Row `index` of the filter bake-off with `params` (a `filters` study's, `{bitsPerKey, fpr,
    /// methods}`) built and looked up again on the split the study made, timed with the
    /// browser's clock: `{filter, build_ns_per_key, lookup_ns_per_key}`. One row a call, so the
    /// page's other requests wait at most one row's timing.
    #[wasm_bindgen(js_name = filtersTime)]
    pub fn filters_time(&self, params: JsValue, index: u32) -> Result<JsValue, JsError> {
        let (settings, methods) =
            study::filters_settings(Strict(serde_wasm_bindgen::Deserializer::from(params)))?;
        let performance = performance()?;
        to_js(&study::time_row(
            &self.session,
            &settings,
            &methods,
            index as usize,
            &mut || performance.now(),
        )?)
    }

    /// Nanoseconds per key of registry function `hash` over the distinct URLs among the first
    /// lines the hash-quality battery reads, timed with the browser's clock (as `urlhash
    /// quality` times them with its own): `{hash, ns_per_key}`.
    #[wasm_bindgen(js_name = qualityTime)]
    pub fn quality_time(&self, hash: &str) -> Result<JsValue, JsError> {
        use crate::mechanisms::quality::{ns_per_key, Subject};
        let f = crate::foundation::hash::REGISTRY
            .iter()
            .find(|f| f.key == hash)
            .ok_or_else(|| core_error(format!("no function '{hash}' in the registry")))?;
        let urls = self.quality_urls();
        let performance = performance()?;
        let ns = ns_per_key(&Subject::registry(f.id), urls, &mut || performance.now());
        to_js(&QualityTime {
            hash: f.key,
            ns_per_key: ns,
        })
    }

    /// P5's other self-check question (odd `index`; [`crate::engine::quiz::cuckoo_false_positive`])
    /// for `seed`, on the split the bake-off made (the error `quiz-needs-bakeoff` before one); and
    /// P3's other (odd `index`; [`crate::engine::quiz::canon_pair`]) on a loaded line.
    pub fn quiz(&self, lesson: &str, seed: f64, index: u32) -> Result<JsValue, JsError> {
        let whole_seed = seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0;
        if !(matches!(lesson, "p1" | "p3" | "p5") && whole_seed) {
            return Err(core_error(format!(
                "the second module asks P1's, P3's and P5's other questions only, with a whole seed: not {lesson}, {seed}"
            )));
        }
        if lesson == "p3" {
            return self.canon_quiz(seed as u64, index);
        }
        if lesson == "p1" {
            let urls = self.quality_urls();
            let keys: Vec<&[u8]> = urls.iter().collect();
            let q = crate::engine::quiz::quality_high_bits(seed as u64, index, &keys).ok_or_else(
                || {
                    JsError::from(crate::coded!(
                        "quiz-too-few",
                        [lesson],
                        "the input has too few URLs for this question"
                    ))
                },
            )?;
            return to_js(&q);
        }
        let keys = self.session.filter_keys().ok_or_else(|| {
            JsError::from(crate::coded!(
                "quiz-needs-bakeoff",
                [],
                "this question needs the filters' split of the URLs: open the filter bake-off first"
            ))
        })?;
        let inserted: Vec<&[u8]> = keys.inserted().collect();
        let held: Vec<&[u8]> = keys.held_out().collect();
        let q = crate::engine::quiz::cuckoo_false_positive(
            seed as u64,
            index,
            inserted.iter().copied(),
            inserted.len() as u64,
            &held,
        )
        .ok_or_else(|| {
            JsError::from(crate::coded!(
                "quiz-too-few",
                [lesson],
                "the input has too few URLs for this question"
            ))
        })?;
        to_js(&q)
    }

    /// Each scheme's lookup among `to` crawl nodes (the ring with `vnodes` points a node),
    /// timed on the first lines with a host: `[{id, ns_per_lookup}]`, in the order of the
    /// rebalancing study's schemes.
    #[wasm_bindgen(js_name = rebalanceTime)]
    pub fn rebalance_time(&self, to: u32, vnodes: u32) -> Result<JsValue, JsError> {
        let lines = self.session.lines(0, LOOKUP_URLS)?;
        let urls: Vec<&[u8]> = lines.iter().map(|l| l.as_bytes()).collect();
        let performance = performance()?;
        to_js(&lookup_costs(&urls, to, vnodes, &mut || performance.now()))
    }
}

impl Beyond {
    /// P3's other question on the first of up to 64 lines the seed picks that it can ask about.
    fn canon_quiz(&self, seed: u64, index: u32) -> Result<JsValue, JsError> {
        let n = self.session.readable() as u64;
        for attempt in 0..64 {
            let at = crate::engine::quiz::pick(seed, "p3", index, attempt, n) as usize;
            let lines = self.session.lines(at, 1)?;
            if let Some(q) = lines
                .first()
                .and_then(|l| crate::engine::quiz::canon_pair(seed, index, l.as_bytes()))
            {
                return to_js(&q);
            }
        }
        Err(JsError::from(crate::coded!(
            "quiz-too-few",
            ["p3"],
            "the input has too few URLs for this question"
        )))
    }
}

impl Beyond {
    /// The distinct URLs among the first [`crate::mechanisms::quality::QUALITY_LINES`] lines (what
    /// the battery reads), made on the first call after the lines were received.
    fn quality_urls(&self) -> &crate::mechanisms::quality::Keys {
        self.quality_urls.get_or_init(|| {
            let mut keys = crate::mechanisms::quality::Keys::distinct();
            let n = self
                .session
                .readable()
                .min(crate::mechanisms::quality::QUALITY_LINES as usize);
            self.session.for_each_line(0, n, |_, line, _| {
                keys.push(line);
            });
            keys.seal();
            keys
        })
    }
}

/// One function's time per key in the browser ([`Beyond::quality_time`]).
#[derive(serde::Serialize)]
struct QualityTime {
    hash: &'static str,
    ns_per_key: f64,
}
