//! The adapter of the de-duplication views: P4's generalized-list trie, P4's and P5's Bloom
//! filters, P5's counting filter and IMP-CB. More methods of [`Lab`] and the state they keep;
//! every number comes from [`crate::trie`], [`crate::bloom`] and [`crate::cbf`].
//!
//! * **Trie.** `trieTrace(inserts, lookups, fixed)` (static): the steps of inserting a few
//!   URLs and looking some up, and the nodes to draw. `trieBegin(maxLines, step)`,
//!   `trieRun(lines)` until it returns 1, `trieFinish()`: `urlhash trie` on the first
//!   `maxLines` loaded lines, in slices. Then, for each structure, `trieTimeBuild(id, count)`
//!   and `trieTimeLookup()` as often as the caller likes, so the worker can time them with its
//!   own clock (the core reads none), and `trieTimeFree()`.
//! * **Keys of the filters**, split as `urlhash bloom` and `urlhash cbf` split them: a corpus
//!   input that starts at URL 0 inserts its first N URLs and holds out the next N (generated
//!   again, as the CLI does for `--n N`); any other input inserts the first half (rounded up) of
//!   its distinct lines and holds out the rest. At most [`MAX_INSERTED`] are inserted. Built in
//!   slices by whichever filter job runs first, then shared.
//! * **Bloom.** `bloomBegin(k, methods, ratios)` (one point per method and m/N pair),
//!   `bloomRun(lines)`, `bloomFinish()`; `bloomTheory(k, n, maxRatio)` (static), `bloomMemory
//!   (ratios)`, `bloomDemo(count, m, k, method, query)` on the split keys.
//! * **Counting filters.** `cbfBegin(ratio, k, bits, method, deleteFraction)`, `cbfRun(lines)`,
//!   `cbfFinish()`: the counter histogram after inserting (beside the binomial expectation),
//!   then `urlhash cbf`'s delete experiment.

use super::{share, to_json, whole, Lab};
use crate::bloom::{
    self, fpr_approx, fpr_exact, m_for, md5_slice_width, memory_comparison, optimal_k, Bloom,
    FprReport, IndexMethod, PaperRow, MAX_K,
};
use crate::cbf::{
    counter_pmf, counter_tail, deletion_experiment, CountingBloom, DeletionReport,
    OVERFLOW_J16_FACTOR, OVERFLOW_J16_WITHOUT_E, P5_PRINTED_J16_FACTOR,
};
use crate::corpus::Corpus;
use crate::split::{self, Distinct};
use crate::trie::{
    AnySet, DrawNode, GlStats, GlTrie, Step, StepAction, Structure, TrieStudy, TrieStudyBuilder,
    UrlSet,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The most keys the filter views insert (as many more are held out).
pub const MAX_INSERTED: usize = 500_000;
/// `trieTrace` takes at most this many URLs, inserted and looked up together…
pub const TRACE_MAX_URLS: usize = 24;
/// …of at most this many bytes each…
pub const TRACE_MAX_URL_BYTES: usize = 400;
/// …and draws at most this many nodes.
pub const TRACE_MAX_NODES: usize = 1_000;
/// The largest bit array `bloomDemo` returns.
pub const DEMO_MAX_BITS: u64 = 1 << 16;
/// The largest m/N the filter views accept (bits or counters per key).
pub const MAX_RATIO: f64 = 1_024.0;
/// Share of a filter job's progress given to splitting the keys.
const KEYS_SHARE: f64 = 0.3;

fn js(e: String) -> JsError {
    super::core_error(e)
}

fn parse_method(id: &str) -> Result<IndexMethod, JsError> {
    IndexMethod::parse(id.trim()).map_err(js)
}

fn check_k(k: u32) -> Result<(), JsError> {
    if (1..=MAX_K).contains(&k) {
        Ok(())
    } else {
        Err(coded!(
            "k-range",
            [k, MAX_K],
            "k, the positions per URL, must be from 1 to {MAX_K}, not {k}"
        ))
    }
}

fn check_ratio(r: f64) -> Result<(), JsError> {
    if r.is_finite() && r > 0.0 && r <= MAX_RATIO {
        Ok(())
    } else {
        Err(coded!(
            "ratio-range",
            [r, MAX_RATIO],
            "m/N must be a number above 0 and at most {MAX_RATIO}, not {r}"
        ))
    }
}

// ----------------------------------------------------------------------------------------------
// Keys kept back to back

/// How the filter views' keys were taken from the input, as `finish` reports it.
#[derive(Clone, Serialize)]
struct KeysInfo {
    /// `corpus` (URLs 0..N inserted, N..2N held out) or `distinct` (the distinct lines' halves).
    how: &'static str,
    /// The corpus seed (`corpus` only).
    seed: Option<u32>,
    /// Input lines read (`distinct`: until the cap; `corpus`: the 2N generated).
    lines: u64,
    distinct: u64,
    inserted: u64,
    held_out: u64,
    /// Whether the input had more than the views use.
    capped: bool,
    /// Whether the lines the page keeps (not [`MAX_INSERTED`]) set the cap.
    by_budget: bool,
    /// [`MAX_INSERTED`].
    cap: u64,
}

/// The split keys: `inserted` first, then the held-out ones.
struct Keys {
    keys: split::Keys,
    inserted: usize,
    info: KeysInfo,
}

impl Keys {
    fn inserted_keys(&self) -> impl Iterator<Item = &[u8]> {
        self.keys.iter(0, self.inserted)
    }
}

/// The filters' split of the loaded URLs: (inserted, held out).
pub(super) type SplitKeys<'a> = (Vec<&'a [u8]>, Vec<&'a [u8]>);

impl Lab {
    /// The filters' split of the loaded URLs, once a Bloom or counting-filter job made it.
    pub(super) fn split_keys(&self) -> Option<SplitKeys<'_>> {
        let k = self.dedup.keys.as_ref()?;
        Some((
            k.inserted_keys().collect(),
            k.keys.iter(k.inserted, k.keys.len()).collect(),
        ))
    }
}

/// The keys being split, in slices.
enum KeysBuild {
    /// Corpus URLs `0 .. 2n` (seed `seed`): the first n inserted.
    Corpus {
        seed: u32,
        n: u64,
        loaded: u64,
        keys: split::Keys,
    },
    /// The loaded lines' distinct ones, up to `2 ×` [`MAX_INSERTED`].
    Lines {
        next: usize,
        read: u64,
        capped: bool,
        by_budget: bool,
        distinct: Distinct,
    },
}

// ----------------------------------------------------------------------------------------------
// The state

/// One structure built for timing (`trieTimeBuild`).
struct TimedSet {
    set: AnySet,
    count: usize,
}

struct TrieJob {
    builder: TrieStudyBuilder,
    by_budget: bool,
    end: usize,
    next: usize,
    /// The distinct URLs read (what `trieTimeBuild` inserts).
    distinct: Distinct,
}

/// A Bloom filter being measured: keys `0 .. done` of the split (inserted, then held out).
struct BloomPoint {
    bloom: Bloom,
    done: usize,
    false_positives: u64,
}

struct BloomJob {
    k: u32,
    points: Vec<(IndexMethod, f64)>,
    next: usize,
    current: Option<BloomPoint>,
    rows: Vec<FprReport>,
}

struct CbfJob {
    ratio: f64,
    k: u32,
    bits: u32,
    method: IndexMethod,
    delete_fraction: f64,
    /// The filter being filled for the histogram, and how many keys are in.
    filling: Option<(CountingBloom, usize)>,
    counters: Option<CounterHistogram>,
    deletion: Option<DeletionReport>,
}

/// What the de-duplication views keep in a [`Lab`].
#[derive(Default)]
pub(super) struct Dedup {
    keys: Option<Keys>,
    keys_build: Option<KeysBuild>,
    trie: Option<Box<TrieJob>>,
    trie_urls: Option<split::Keys>,
    timed: Option<TimedSet>,
    bloom: Option<BloomJob>,
    cbf: Option<CbfJob>,
}

// ----------------------------------------------------------------------------------------------
// Reports

#[derive(Serialize)]
struct TraceOp<'a> {
    /// `insert` or `lookup`.
    kind: &'static str,
    url: &'a str,
    steps: Vec<Step>,
    /// The last step's action: `new`, `seen`, `missing` or `unmarked`.
    verdict: StepAction,
}

#[derive(Serialize)]
struct Trace<'a> {
    fixed: bool,
    ops: Vec<TraceOp<'a>>,
    nodes: Vec<DrawNode>,
    stats: GlStats,
}

#[derive(Serialize)]
struct TrieReport {
    /// URL lines loaded.
    loaded: u64,
    /// Lines the study used (the first ones).
    lines: u64,
    capped: bool,
    /// Whether the lines the page keeps (not the study's own limit) set the cap.
    by_budget: bool,
    /// Distinct URLs among them (what `trieTimeBuild` inserts).
    distinct: u64,
    study: TrieStudy,
    /// When capped: what each structure would take for every loaded line, at the bytes per
    /// URL measured here, against [`STRUCTURE_BUDGET`].
    projected: Vec<Projection>,
    budget_bytes: u64,
}

/// The memory one structure would need for all loaded lines.
#[derive(Serialize)]
struct Projection {
    structure: Structure,
    bytes_per_url: f64,
    urls: u64,
    bytes: f64,
    /// `bytes <= STRUCTURE_BUDGET`.
    fits: bool,
}

/// The most memory the page lets one structure take (a 32-bit WebAssembly instance can
/// address 4 GiB in all, and the loaded lines and hash values share it).
pub(crate) const STRUCTURE_BUDGET: u64 = 1 << 30;

#[derive(Serialize)]
struct BloomReport<'a> {
    input: &'a KeysInfo,
    k: u32,
    rows: &'a [FprReport],
}

#[derive(Serialize)]
struct TheoryPoint {
    m_over_n: f64,
    /// `(1 − (1 − 1/m)^(kN))^k` at m = round(m/N · N).
    exact: f64,
    /// `(1 − e^(−kN/m))^k`.
    approx: f64,
    /// The approximation at the optimal k = (m/N) ln 2: `2^(−k)`.
    at_optimal_k: f64,
    optimal_k: f64,
}

#[derive(Serialize)]
struct BloomTheory {
    k: f64,
    n: u64,
    curve: Vec<TheoryPoint>,
    paper_points: Vec<PaperRow>,
}

#[derive(Serialize)]
struct DemoUrl {
    url: String,
    indices: Vec<u64>,
}

#[derive(Serialize)]
struct DemoQuery {
    url: String,
    indices: Vec<u64>,
    /// Whether each of the k positions is set.
    set: Vec<bool>,
    /// All k set: "seen" (inserted, or a false positive).
    present: bool,
    /// Whether the query is one of the demo's inserted URLs.
    inserted: bool,
    md5: String,
}

#[derive(Serialize)]
struct BloomDemo {
    m: u64,
    k: u32,
    method: IndexMethod,
    /// Bits per `md5-slices` slice, or `None` when slices are widened (see `crate::bloom`).
    md5_slice_width: Option<u32>,
    urls: Vec<DemoUrl>,
    set_bits: Vec<u64>,
    bits_set: u64,
    fill: f64,
    expected_fill: f64,
    fpr_exact: f64,
    query: Option<DemoQuery>,
}

/// The counters after inserting every key, beside the binomial expectation.
#[derive(Clone, Serialize)]
struct CounterHistogram {
    n: u64,
    m: u64,
    k: u32,
    bits: u32,
    /// The saturation value `2^bits − 1`.
    max: u32,
    /// `counts[j]`: counters holding j, for j up to the largest value held or expected.
    counts: Vec<u64>,
    /// `m · P(c = j)` (`m · P(c >= max)` at `max`), Binomial(Nk, 1/m).
    expected: Vec<f64>,
    saturated: u64,
    overflow_events: u64,
    nonzero: u64,
    bytes: u64,
}

/// P5's two misprints of the overflow bound and the corrected factor, at j = 16.
#[derive(Serialize)]
struct P5Printed {
    /// P5's "1.37 × 10^15 × m".
    printed_j16_factor: f64,
    /// `(e ln 2 / 16)^16`.
    corrected_j16_factor: f64,
    /// `(ln 2 / 16)^16`, P5's printed formula.
    without_e_j16_factor: f64,
}

#[derive(Serialize)]
struct CbfReport<'a> {
    input: &'a KeysInfo,
    m_over_n: f64,
    delete_fraction: f64,
    counters: &'a CounterHistogram,
    deletion: &'a DeletionReport,
    printed: P5Printed,
}

fn url_list(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect()
}

fn counter_histogram(f: &CountingBloom, n: u64) -> CounterHistogram {
    let c = f.counters();
    let (m, max, k) = (c.m(), c.max(), f.k());
    let mut counts = c.histogram();
    let nk = n * k as u64;
    let mf = m as f64;
    let expect = |j: u64| {
        if j == max as u64 {
            mf * counter_tail(nk, mf, j)
        } else {
            mf * counter_pmf(nk, mf, j)
        }
    };
    // Up to the largest value held, and on while the expectation is at least half a counter.
    let held = counts.iter().rposition(|&x| x > 0).unwrap_or(0) as u64;
    let mean = nk as f64 / mf;
    let mut last = held;
    let mut j = 0u64;
    while j <= max as u64 {
        if j > held && j as f64 > mean && expect(j) < 0.5 {
            break;
        }
        last = last.max(j);
        j += 1;
    }
    counts.resize(last as usize + 1, 0);
    let expected = (0..=last).map(expect).collect();
    CounterHistogram {
        n,
        m,
        k,
        bits: c.bits(),
        max,
        counts,
        expected,
        saturated: c.saturated(),
        overflow_events: f.overflow_events(),
        nonzero: c.nonzero(),
        bytes: f.bytes(),
    }
}

// ----------------------------------------------------------------------------------------------
// The methods

#[wasm_bindgen]
impl Lab {
    /// The structures of the trie view, as JSON: `[{id, name, name_zh, paper, paper_zh, exact, static}]`.
    pub fn structures() -> String {
        let list: Vec<_> = Structure::ALL
            .iter()
            .map(|s| {
                serde_json::json!({
                    "id": s.id(), "name": s.name(), "name_zh": s.name_zh(), "paper": s.paper(), "paper_zh": s.paper_zh(),
                    "exact": s.is_exact(), "static": s.is_static(),
                })
            })
            .collect();
        serde_json::Value::Array(list).to_string()
    }

    /// The ways of deriving a Bloom filter's k positions, as JSON:
    /// `[{id, name_en, name_zh, source, summary, source_zh, summary_zh}]`.
    #[wasm_bindgen(js_name = indexMethods)]
    pub fn index_methods() -> String {
        let list: Vec<_> = IndexMethod::ALL.iter().map(|m| m.info()).collect();
        serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
    }

    /// P4's list built from `inserts` (one URL per line, blank lines skipped), then `lookups`
    /// looked up, as printed or with end marks (`fixed`), as JSON `{fixed, ops: [{kind, url,
    /// steps, verdict}], nodes, stats}`: every step of every operation, and the final nodes
    /// (ids in creation order) for drawing.
    #[wasm_bindgen(js_name = trieTrace)]
    pub fn trie_trace(inserts: &str, lookups: &str, fixed: bool) -> Result<String, JsError> {
        let (ins, look) = (url_list(inserts), url_list(lookups));
        if ins.is_empty() {
            return Err(coded!("trace-empty", [], "type at least one URL to insert"));
        }
        if ins.len() + look.len() > TRACE_MAX_URLS {
            return Err(coded!(
                "trace-too-many",
                [TRACE_MAX_URLS, ins.len() + look.len()],
                "the diagram takes at most {TRACE_MAX_URLS} URLs; this is {}",
                ins.len() + look.len()
            ));
        }
        if let Some(long) = ins
            .iter()
            .chain(&look)
            .find(|u| u.len() > TRACE_MAX_URL_BYTES)
        {
            return Err(coded!(
                "trace-too-long",
                [TRACE_MAX_URL_BYTES, long.len()],
                "the diagram takes URLs of at most {TRACE_MAX_URL_BYTES} bytes; one has {}",
                long.len()
            ));
        }
        let mut gl = if fixed {
            GlTrie::with_end_marks()
        } else {
            GlTrie::new()
        };
        let mut ops = Vec::new();
        for url in ins {
            let steps = gl.insert_traced(url.as_bytes());
            if gl.nodes() > TRACE_MAX_NODES as u64 {
                return Err(coded!(
                    "trace-too-big",
                    [TRACE_MAX_NODES],
                    "these URLs make more than {TRACE_MAX_NODES} nodes, too many to draw; use fewer or shorter URLs"
                ));
            }
            ops.push(op("insert", url, steps));
        }
        for url in look {
            ops.push(op("lookup", url, gl.contains_traced(url.as_bytes())));
        }
        to_json(&Trace {
            fixed,
            ops,
            nodes: gl.nodes_for_drawing(TRACE_MAX_NODES),
            stats: gl.stats(),
        })
    }

    /// Starts `urlhash trie` on the first `max_lines` loaded lines (every structure, a
    /// checkpoint every `step` lines, 0 for P4's sizes and the end only), run in slices by
    /// `trieRun`. Forgets any earlier trie study and timed structure.
    #[wasm_bindgen(js_name = trieBegin)]
    pub fn trie_begin(&mut self, max_lines: f64, step: f64) -> Result<(), JsError> {
        self.dedup.trie = None;
        self.dedup.trie_urls = None;
        self.dedup.timed = None;
        let max = whole(max_lines, 1.0, "trie-lines")?;
        let step = whole(step, 0.0, "checkpoint-step")?;
        self.check_dedup_lines("trie")?;
        let prefix = self
            .session
            .prefix(max.min(usize::MAX as u64) as usize, "trie")?;
        self.dedup.trie = Some(Box::new(TrieJob {
            builder: TrieStudyBuilder::new(step, &Structure::ALL),
            by_budget: prefix.by_budget,
            end: prefix.lines as usize,
            next: 0,
            distinct: Distinct::default(),
        }));
        Ok(())
    }

    /// Adds at most `max_lines` more lines to the trie study; returns the share done.
    #[wasm_bindgen(js_name = trieRun)]
    pub fn trie_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job = self
            .dedup
            .trie
            .take()
            .ok_or_else(|| super::sequence("trie", "no trie study is running"))?;
        let start = job.next;
        let stop = start.saturating_add(max_lines as usize).min(job.end);
        let TrieJob {
            builder, distinct, ..
        } = &mut *job;
        self.session.for_each_line(start, stop, |_, line, _| {
            builder.push(line);
            distinct.add(line);
        });
        job.next = stop;
        let done = share(stop, job.end);
        self.dedup.trie = Some(job);
        Ok(done)
    }

    /// Ends the trie study and returns it as JSON `{loaded, lines, capped, distinct, study}`
    /// (`study` as in `urlhash trie --json`); keeps its distinct URLs for `trieTimeBuild`.
    #[wasm_bindgen(js_name = trieFinish)]
    pub fn trie_finish(&mut self) -> Result<String, JsError> {
        self.trie_run(u32::MAX)?;
        let job = self
            .dedup
            .trie
            .take()
            .ok_or_else(|| super::sequence("trie", "no trie study is running"))?;
        let study = job.builder.finish();
        let capped = job.end < self.session.len();
        let projected = match study.checkpoints.last() {
            Some(last) if capped => last
                .rows
                .iter()
                .map(|r| {
                    let bytes = r.bytes_per_url * self.session.len() as f64;
                    Projection {
                        structure: r.structure,
                        bytes_per_url: r.bytes_per_url,
                        urls: self.session.len() as u64,
                        bytes,
                        fits: bytes <= STRUCTURE_BUDGET as f64,
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let report = TrieReport {
            loaded: self.session.len() as u64,
            lines: job.end as u64,
            capped,
            by_budget: job.by_budget,
            distinct: job.distinct.len() as u64,
            study,
            projected,
            budget_bytes: STRUCTURE_BUDGET,
        };
        self.dedup.trie_urls = Some(job.distinct.into_keys());
        to_json(&report)
    }

    /// Builds `structure` from the first `count` distinct URLs of the last trie study (all when
    /// `count` is larger) and keeps it for `trieTimeLookup`; returns how many it stored.
    #[wasm_bindgen(js_name = trieTimeBuild)]
    pub fn trie_time_build(&mut self, structure: &str, count: u32) -> Result<f64, JsError> {
        let s = Structure::from_id(structure.trim()).ok_or_else(|| {
            coded!(
                "unknown-structure",
                [structure, Structure::known_ids()],
                "unknown structure '{structure}'; known: {}",
                Structure::known_ids()
            )
        })?;
        if count == 0 {
            return Err(coded!(
                "structure-empty",
                [],
                "build the structure from at least 1 URL"
            ));
        }
        self.dedup.timed = None;
        let urls = self.dedup.trie_urls.as_ref().ok_or_else(|| {
            super::sequence(
                "trie-first",
                "finish a trie study first (trieBegin … trieFinish)",
            )
        })?;
        let count = (count as usize).min(urls.len());
        let mut set = s.new_set();
        set.insert_all(urls.iter(0, count));
        let stored = set.len();
        self.dedup.timed = Some(TimedSet { set, count });
        Ok(stored as f64)
    }

    /// Looks up, in the structure of the last `trieTimeBuild`, every URL it was built from;
    /// returns how many it found (the batch the worker times).
    #[wasm_bindgen(js_name = trieTimeLookup)]
    pub fn trie_time_lookup(&self) -> Result<f64, JsError> {
        let timed = self.dedup.timed.as_ref().ok_or_else(|| {
            super::sequence(
                "trie-build-first",
                "build a structure first (trieTimeBuild)",
            )
        })?;
        let urls = self.dedup.trie_urls.as_ref().ok_or_else(|| {
            super::sequence(
                "trie-first",
                "finish a trie study first (trieBegin … trieFinish)",
            )
        })?;
        Ok(timed.set.contains_all(urls.iter(0, timed.count)) as f64)
    }

    /// Frees the structure of the last `trieTimeBuild`.
    #[wasm_bindgen(js_name = trieTimeFree)]
    pub fn trie_time_free(&mut self) {
        self.dedup.timed = None;
    }

    /// Starts measuring Bloom filters with `k` positions per key at the points
    /// (`methods[i]`, `ratios[i]`): `methods` is a comma-separated list of index methods, one
    /// per m/N of `ratios`. The keys are split first (see the module doc). Run in slices by
    /// `bloomRun`; `bloomFinish` returns the rows. Replaces any unfinished Bloom job.
    #[wasm_bindgen(js_name = bloomBegin)]
    pub fn bloom_begin(&mut self, k: u32, methods: &str, ratios: Vec<f64>) -> Result<(), JsError> {
        self.dedup.bloom = None;
        check_k(k)?;
        let methods: Vec<IndexMethod> = methods
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(parse_method)
            .collect::<Result<_, _>>()?;
        if methods.len() != ratios.len() {
            return Err(coded!(
                "methods-ratios",
                [methods.len(), ratios.len()],
                "{} index methods for {} values of m/N: give one method per m/N",
                methods.len(),
                ratios.len()
            ));
        }
        for &r in &ratios {
            check_ratio(r)?;
        }
        self.start_keys()?;
        self.dedup.bloom = Some(BloomJob {
            k,
            points: methods.into_iter().zip(ratios).collect(),
            next: 0,
            current: None,
            rows: Vec::new(),
        });
        Ok(())
    }

    /// Runs the Bloom job over at most `max_lines` more keys; returns the share done.
    #[wasm_bindgen(js_name = bloomRun)]
    pub fn bloom_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job =
            self.dedup.bloom.take().ok_or_else(|| {
                super::sequence("bloom", "no Bloom filter measurement is running")
            })?;
        let done = self.advance_bloom(&mut job, (max_lines as usize).max(1));
        self.dedup.bloom = Some(job);
        done
    }

    /// Ends the Bloom job and returns `{input, k, rows}`: how the keys were split, and one row
    /// per point as `urlhash bloom --json` has them.
    #[wasm_bindgen(js_name = bloomFinish)]
    pub fn bloom_finish(&mut self) -> Result<String, JsError> {
        self.bloom_run(u32::MAX)?;
        while self
            .dedup
            .bloom
            .as_ref()
            .is_some_and(|j| j.next < j.points.len())
        {
            self.bloom_run(u32::MAX)?;
        }
        let job =
            self.dedup.bloom.take().ok_or_else(|| {
                super::sequence("bloom", "no Bloom filter measurement is running")
            })?;
        let keys = self.keys()?;
        to_json(&BloomReport {
            input: &keys.info,
            k: job.k,
            rows: &job.rows,
        })
    }

    /// The false-positive theory for `k` positions and `n` inserted keys, as JSON: the exact and
    /// approximate rates (and the rate at the optimal k) for m/N from `max_ratio / 256` to
    /// `max_ratio` in 256 steps, and the papers' points with the exact rate at this n.
    #[wasm_bindgen(js_name = bloomTheory)]
    pub fn bloom_theory(k: f64, n: f64, max_ratio: f64) -> Result<String, JsError> {
        if !(k.is_finite() && (1.0..=MAX_K as f64).contains(&k)) {
            return Err(coded!(
                "k-range",
                [k, MAX_K],
                "k must be from 1 to {MAX_K}, not {k}"
            ));
        }
        let n = whole(n, 1.0, "inserted-keys")?;
        check_ratio(max_ratio)?;
        let nf = n as f64;
        let curve = (1..=256)
            .map(|i| {
                let r = max_ratio * i as f64 / 256.0;
                let m = (r * nf).round().max(1.0);
                let ok = optimal_k(r);
                TheoryPoint {
                    m_over_n: r,
                    exact: fpr_exact(k, nf, m),
                    approx: fpr_approx(k, nf, m),
                    at_optimal_k: fpr_approx(ok, 1.0, r),
                    optimal_k: ok,
                }
            })
            .collect();
        let paper_points = crate::bloom::paper_rows(n);
        to_json(&BloomTheory {
            k,
            n,
            curve,
            paper_points,
        })
    }

    /// P4's memory claim on the split keys: a Bloom filter at each m/N of `ratios` beside hash
    /// sets of the inserted URLs (`urlhash bloom`'s `memory`), as JSON.
    #[wasm_bindgen(js_name = bloomMemory)]
    pub fn bloom_memory(&self, ratios: Vec<f64>) -> Result<String, JsError> {
        let keys = self.keys()?;
        let rows = ratios
            .iter()
            .map(|&r| {
                check_ratio(r)?;
                memory_comparison(keys.inserted_keys().map(<[u8]>::len), r).map_err(js)
            })
            .collect::<Result<Vec<_>, JsError>>()?;
        to_json(&rows)
    }

    /// A small filter of `m` bits (at most 65 536) holding the first `count` inserted keys,
    /// with `k` positions by `method`, and the positions of `query` (none when blank), as
    /// JSON: the keys' positions, the bits set, and whether the query reads present.
    #[wasm_bindgen(js_name = bloomDemo)]
    pub fn bloom_demo(
        &self,
        count: u32,
        m: f64,
        k: u32,
        method: &str,
        query: &str,
    ) -> Result<String, JsError> {
        let method = parse_method(method)?;
        check_k(k)?;
        let m = whole(m, 1.0, "bits")?;
        if m > DEMO_MAX_BITS {
            return Err(coded!(
                "demo-bits",
                [DEMO_MAX_BITS, m],
                "the bit array shown has at most {DEMO_MAX_BITS} bits, not {m}"
            ));
        }
        if count == 0 {
            return Err(coded!("demo-empty", [], "the demo needs at least 1 URL"));
        }
        let keys = self.keys()?;
        let count = (count as usize).min(keys.inserted);
        let mut b = Bloom::new(m, k, method).map_err(js)?;
        let mut urls = Vec::with_capacity(count);
        for key in keys.keys.iter(0, count) {
            b.insert(key);
            urls.push(DemoUrl {
                url: String::from_utf8_lossy(key).into_owned(),
                indices: b.indices(key),
            });
        }
        let query = query.trim();
        let query = (!query.is_empty()).then(|| {
            let indices = b.indices(query.as_bytes());
            let set: Vec<bool> = indices.iter().map(|&i| b.bit(i)).collect();
            DemoQuery {
                url: query.to_string(),
                present: set.iter().all(|&s| s),
                set,
                indices,
                inserted: keys.keys.iter(0, count).any(|u| u == query.as_bytes()),
                md5: format!("{:032x}", crate::hash::md5_u128(query.as_bytes())),
            }
        });
        let (nf, mf, kf) = (count as f64, m as f64, k as f64);
        to_json(&BloomDemo {
            m,
            k,
            method,
            md5_slice_width: md5_slice_width(k, m),
            urls,
            set_bits: (0..m).filter(|&i| b.bit(i)).collect(),
            bits_set: b.bits_set(),
            fill: b.fill(),
            expected_fill: bloom::expected_fill(kf, nf, mf),
            fpr_exact: fpr_exact(kf, nf, mf),
            query,
        })
    }

    /// Starts the counting-filter job: counters of `bits` bits (1 to 32), `ratio` counters per
    /// inserted key, `k` positions by `method`; the counter histogram after inserting every key,
    /// then `urlhash cbf`'s delete experiment deleting the first `round(N · delete_fraction)`
    /// keys. Run in slices by `cbfRun`; `cbfFinish` returns the report. Replaces any unfinished
    /// counting-filter job.
    #[wasm_bindgen(js_name = cbfBegin)]
    pub fn cbf_begin(
        &mut self,
        ratio: f64,
        k: u32,
        bits: u32,
        method: &str,
        delete_fraction: f64,
    ) -> Result<(), JsError> {
        self.dedup.cbf = None;
        check_ratio(ratio)?;
        check_k(k)?;
        if !(1..=32).contains(&bits) {
            return Err(coded!(
                "counter-bits",
                [bits],
                "a counter has 1 to 32 bits, not {bits}"
            ));
        }
        let method = parse_method(method)?;
        if !(delete_fraction.is_finite() && (0.0..=1.0).contains(&delete_fraction)) {
            return Err(coded!(
                "delete-share",
                [delete_fraction],
                "the share of URLs deleted must be from 0 to 1, not {delete_fraction}"
            ));
        }
        self.start_keys()?;
        self.dedup.cbf = Some(CbfJob {
            ratio,
            k,
            bits,
            method,
            delete_fraction,
            filling: None,
            counters: None,
            deletion: None,
        });
        Ok(())
    }

    /// Runs the counting-filter job over at most `max_lines` more keys (the delete experiment
    /// runs in one slice); returns the share done.
    #[wasm_bindgen(js_name = cbfRun)]
    pub fn cbf_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job = self
            .dedup
            .cbf
            .take()
            .ok_or_else(|| super::sequence("cbf", "no counting-filter job is running"))?;
        let done = self.advance_cbf(&mut job, (max_lines as usize).max(1));
        self.dedup.cbf = Some(job);
        done
    }

    /// Ends the counting-filter job and returns `{input, m_over_n, delete_fraction, counters,
    /// deletion, printed}`: `deletion` as `urlhash cbf --json` has it, `printed` P5's two
    /// misprints of the overflow bound beside the corrected factor.
    #[wasm_bindgen(js_name = cbfFinish)]
    pub fn cbf_finish(&mut self) -> Result<String, JsError> {
        while self
            .dedup
            .cbf
            .as_ref()
            .is_some_and(|j| j.deletion.is_none())
        {
            self.cbf_run(u32::MAX)?;
        }
        let job = self
            .dedup
            .cbf
            .take()
            .ok_or_else(|| super::sequence("cbf", "no counting-filter job is running"))?;
        let keys = self.keys()?;
        let (Some(counters), Some(deletion)) = (&job.counters, &job.deletion) else {
            return Err(super::sequence(
                "cbf-unfinished",
                "the counting-filter job did not finish",
            ));
        };
        to_json(&CbfReport {
            input: &keys.info,
            m_over_n: job.ratio,
            delete_fraction: job.delete_fraction,
            counters,
            deletion,
            printed: P5Printed {
                printed_j16_factor: P5_PRINTED_J16_FACTOR,
                corrected_j16_factor: OVERFLOW_J16_FACTOR,
                without_e_j16_factor: OVERFLOW_J16_WITHOUT_E,
            },
        })
    }
}

fn op<'a>(kind: &'static str, url: &'a str, steps: Vec<Step>) -> TraceOp<'a> {
    let verdict = steps.last().map_or(StepAction::Missing, |s| s.action);
    TraceOp {
        kind,
        url,
        steps,
        verdict,
    }
}

impl Lab {
    fn check_dedup_lines(&self, what: &str) -> Result<(), JsError> {
        if self.session.is_empty() {
            return Err(coded!(
                "no-urls",
                [what],
                "no URLs are loaded for the {}",
                what.replace('-', " ")
            ));
        }
        self.session.prefix(usize::MAX, what)?;
        Ok(())
    }

    /// The split keys, once ready.
    fn keys(&self) -> Result<&Keys, JsError> {
        self.dedup.keys.as_ref().ok_or_else(|| {
            super::sequence("split-first", "the URLs are not split into inserted and held-out keys yet: finish a Bloom or counting-filter job first")
        })
    }

    /// Starts splitting the keys unless they are split or being split.
    fn start_keys(&mut self) -> Result<(), JsError> {
        if self.dedup.keys.is_some() || self.dedup.keys_build.is_some() {
            return Ok(());
        }
        self.check_dedup_lines("filters")?;
        let build = match self.session.corpus_range() {
            Some(r) if r.start == 0 => KeysBuild::Corpus {
                seed: r.seed,
                n: (r.end - r.start).min(MAX_INSERTED as u64),
                loaded: r.end - r.start,
                keys: split::Keys::default(),
            },
            _ => KeysBuild::Lines {
                next: 0,
                read: 0,
                capped: false,
                by_budget: false,
                distinct: Distinct::default(),
            },
        };
        self.dedup.keys_build = Some(build);
        Ok(())
    }

    /// Splits at most `max` more lines into keys; returns the share done (1 when split).
    fn advance_keys(&mut self, max: usize) -> Result<f64, JsError> {
        if self.dedup.keys.is_some() {
            return Ok(1.0);
        }
        let mut build = self
            .dedup
            .keys_build
            .take()
            .ok_or_else(|| super::sequence("split", "the keys are not being split"))?;
        let cap = 2 * MAX_INSERTED;
        let (done, share_done) = match &mut build {
            KeysBuild::Corpus { seed, n, keys, .. } => {
                let start = keys.len() as u64;
                let count = (2 * *n - start).min(max as u64);
                let corpus = Corpus::new(*seed as u64);
                let mut urls = corpus.iter(start, count);
                while let Some(u) = urls.next_url() {
                    keys.push(u);
                }
                let got = keys.len() as u64;
                (got >= 2 * *n, share(got as usize, 2 * *n as usize))
            }
            KeysBuild::Lines {
                next,
                read,
                capped,
                by_budget,
                distinct,
            } => {
                // The kept lines only, when the page could not keep them all.
                let end = self.session.readable();
                let stop = next.saturating_add(max).min(end);
                self.session.for_each_line(*next, stop, |_, line, _| {
                    if distinct.len() >= cap {
                        *capped = true;
                    } else {
                        *read += 1;
                        distinct.add(line);
                    }
                });
                *next = stop;
                if stop >= end && end < self.session.len() && !*capped {
                    *capped = true;
                    *by_budget = true;
                }
                (stop >= end || *capped, share(stop, end))
            }
        };
        if !done {
            self.dedup.keys_build = Some(build);
            return Ok(share_done);
        }
        let keys = match build {
            KeysBuild::Corpus {
                seed,
                n,
                loaded,
                keys,
            } => Keys {
                info: KeysInfo {
                    how: "corpus",
                    seed: Some(seed),
                    lines: 2 * n,
                    distinct: 2 * n,
                    inserted: n,
                    held_out: n,
                    capped: loaded > n,
                    by_budget: false,
                    cap: MAX_INSERTED as u64,
                },
                inserted: n as usize,
                keys,
            },
            KeysBuild::Lines {
                read,
                capped,
                by_budget,
                distinct,
                ..
            } => {
                let keys = distinct.into_keys();
                if keys.len() < 2 {
                    return Err(coded!(
                        "too-few-distinct",
                        [keys.len()],
                        "the input has {} distinct URL(s); the filters need at least 2 (half inserted, half held out)",
                        keys.len()
                    ));
                }
                let inserted = keys.len().div_ceil(2);
                Keys {
                    info: KeysInfo {
                        how: "distinct",
                        seed: None,
                        lines: read,
                        distinct: keys.len() as u64,
                        inserted: inserted as u64,
                        held_out: (keys.len() - inserted) as u64,
                        capped,
                        by_budget,
                        cap: MAX_INSERTED as u64,
                    },
                    inserted,
                    keys,
                }
            }
        };
        self.dedup.keys = Some(keys);
        Ok(1.0)
    }

    fn advance_bloom(&mut self, job: &mut BloomJob, mut budget: usize) -> Result<f64, JsError> {
        if self.dedup.keys.is_none() {
            let s = self.advance_keys(budget)?;
            return Ok(KEYS_SHARE * s);
        }
        let keys = self.keys()?;
        let (n, total) = (keys.inserted, keys.keys.len());
        while budget > 0 && job.next < job.points.len() {
            let point = match &mut job.current {
                Some(p) => p,
                None => {
                    let (method, r) = job.points[job.next];
                    let m = m_for(n as u64, r).map_err(js)?;
                    job.current.insert(BloomPoint {
                        bloom: Bloom::new(m, job.k, method).map_err(js)?,
                        done: 0,
                        false_positives: 0,
                    })
                }
            };
            let stop = point.done.saturating_add(budget).min(total);
            for i in point.done..stop {
                let key = keys.keys.get(i);
                if i < n {
                    point.bloom.insert(key);
                } else {
                    point.false_positives += point.bloom.contains(key) as u64;
                }
            }
            budget -= stop - point.done;
            point.done = stop;
            if stop == total {
                job.rows.push(
                    point
                        .bloom
                        .report(point.false_positives, (total - n) as u64),
                );
                job.current = None;
                job.next += 1;
            }
        }
        let partial = job
            .current
            .as_ref()
            .map_or(0.0, |p| p.done as f64 / total.max(1) as f64);
        let points = job.points.len().max(1) as f64;
        Ok(if job.next >= job.points.len() {
            1.0
        } else {
            KEYS_SHARE + (1.0 - KEYS_SHARE) * (job.next as f64 + partial) / points
        })
    }

    fn advance_cbf(&mut self, job: &mut CbfJob, budget: usize) -> Result<f64, JsError> {
        if self.dedup.keys.is_none() {
            let s = self.advance_keys(budget)?;
            return Ok(KEYS_SHARE * s);
        }
        let keys = self.keys()?;
        let n = keys.inserted;
        if job.counters.is_none() {
            let (filter, done) = match &mut job.filling {
                Some(f) => f,
                None => {
                    let m = m_for(n as u64, job.ratio).map_err(js)?;
                    let f = CountingBloom::new(m, job.k, job.bits, job.method).map_err(js)?;
                    job.filling.insert((f, 0))
                }
            };
            let stop = done.saturating_add(budget).min(n);
            for key in keys.keys.iter(*done, stop) {
                filter.insert(key);
            }
            *done = stop;
            if stop < n {
                return Ok(KEYS_SHARE + (1.0 - KEYS_SHARE) * 0.5 * share(stop, n));
            }
            job.counters = Some(counter_histogram(filter, n as u64));
            job.filling = None;
            return Ok(KEYS_SHARE + (1.0 - KEYS_SHARE) * 0.5);
        }
        if job.deletion.is_none() {
            let inserted: Vec<&[u8]> = keys.inserted_keys().collect();
            let delete = (n as f64 * job.delete_fraction).round() as usize;
            let m = m_for(n as u64, job.ratio).map_err(js)?;
            job.deletion = Some(
                deletion_experiment(&inserted, delete, m, job.k, job.bits, job.method)
                    .map_err(js)?,
            );
        }
        Ok(1.0)
    }
}
