//! The study protocol: every experiment on the loaded lines that runs long enough to need
//! slices, with one shape for the page and the CLI.
//!
//! A [`Study`] is fed lines (`push(line_number, url)`, as the CLI streams them) or units of a
//! [`Session`] (`feed`, as the page's worker runs them a slice at a time), and `finish`es into
//! a [`Report`]. The registry, [`begin`], makes one from its kind and its parameters (any serde
//! `Deserializer`: a JS object in the page, JSON in tests), checks them as the core checks
//! them everywhere, and returns a [`Job`] over the session: `run(session, budget)` until it
//! says 1, then `finish` gives a [`StudyReport`], the report with the [`Prefix`] of lines it
//! measured. A study that is not one pass over lines (the filters split the keys first, then
//! make one pass per point) is a [`Task`] instead.
//!
//! | kind        | parameters                 | what it is                                        |
//! |-------------|----------------------------|---------------------------------------------------|
//! | `sweep`     | `fig`, `step`              | P1's Fig. 1, 2 or 3 (Li & Feng 2004), [`crate::mechanisms::sweep`] |
//! | `p1`        |                            | `urlhash paper p1`, [`crate::papers::p1`]                 |
//! | `partition` | `nodes`                    | P2's crawler simulation, [`crate::papers::p2`], and its [`crate::mechanisms::partition::ControlReport`] |
//! | `fp`        | `maxLines`                 | P3's MD5 store and the canonicalisations          |
//! | `fpSites`   | `table`, `maxLines`, `mirrorSimilarity`, `mirrorShared` | P3's IP_ID and Name_ID from a host table, its store's rule and mirror test |
//! | `fpCombo`   | `toggles`, `maxLines`      | one combination of canonicalisations              |
//! | `bloom`     | `k`, `methods`, `ratios`   | Bloom filters' false positives (P4, P5), [`BloomReport`] |
//! | `cbf`       | `ratio`, `k`, `bits`, `method`, `deleteFraction` | P5's counting filter and deletes |
//! | `trie`      | `maxLines`, `step`         | P4's trie beside the other structures, [`TrieReport`] |
//! | `filters`   | `bitsPerKey`, `fpr`, `methods` | the filter bake-off (Bloom, counting, IMP-CB, cuckoo, xor, binary fuse), `urlhash filters`; in the page's second module |
//! | `quality`   | `maxLines`                 | the hash-quality battery on every registry function, `urlhash quality --maps` untimed; in the page's second module |
//! | `canon`     | `maxLines`, `respell`, `examples` | which lines each canonicalisation scheme makes one page, and the knock-on effects, `urlhash canon`; in the page's second module |
//!
//! The numbers are the CLI's for the same lines: Fig. 3 samples the lines
//! [`crate::mechanisms::sweep::fig3_indices`] draws, the others read the first lines the session keeps.

use crate::engine::session::{share, Prefix, Session};
pub use crate::foundation::coded::whole;
use crate::foundation::coded::Coded;
use crate::foundation::key::Key;
use crate::mechanisms::fingerprint::{
    CanonicalStudy, ComboStudy, HostTable, MirrorRule, SitesStudy, Toggle,
};
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
use crate::mechanisms::partition::{Rebalance, RebalanceParams, REBALANCE_MAX_NODES};
use crate::mechanisms::sweep::{fig3_indices, Figure, Sweep};
use crate::papers::p1::P1Study;
use crate::papers::p2::P2Study;
use crate::papers::p3::P3Study;
use serde::{Deserialize, Deserializer};

#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
mod bakeoff;
mod filters;
mod protocol;
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
mod quality;
mod reports;
mod trie;
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
pub use bakeoff::{time_row, BakeoffReport, RowTime};

/// The checked settings of a `filters` study's parameters (`{bitsPerKey, fpr, methods}`), for
/// [`time_row`].
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
pub fn filters_settings<'de, D: Deserializer<'de>>(
    params: D,
) -> Result<
    (
        Vec<crate::mechanisms::bakeoff::Setting>,
        Vec<crate::mechanisms::bloom::IndexMethod>,
    ),
    Coded,
> {
    let p: FiltersParams = read("filters", params)?;
    bakeoff::settings(&p.bits_per_key, &p.fpr, p.methods.as_deref())
}
pub use filters::{split_keys, MAX_INSERTED};
pub(crate) use protocol::first;
pub use protocol::{lines_present, Partial, PartitionReport, Report, Study, StudyReport, Task};
pub use reports::{
    BloomReport, CbfReport, CounterHistogram, Projection, TrieReport, STRUCTURE_BUDGET,
};
pub use trie::trie_urls;

/// The partition study re-hashes the big sites' path tables (P2 §3.2,
/// [`crate::mechanisms::partition::ControlReport`]) on at most this many lines. The re-hash keeps every distinct
/// URL's 32-bit path hash under each of the 3 path readings, 12 bytes per URL (up to twice
/// that while a site's list grows): 48 MB at this many lines, on top of the ~20 bytes per URL
/// the simulation keeps. The page's 20 000 000-line corpus would need 240 to 480 MB more, beside
/// the ~450 MB the simulation takes there, more than a phone gives a tab; `urlhash paper p2`
/// re-hashes any input.
pub const REHASH_MAX_LINES: u64 = 4_000_000;

/// [`P2Study`] with the control report, re-hashing when the input is small enough.
struct PartitionStudy {
    p2: P2Study,
    rehash: bool,
}

/// A study under way on a session, run in slices.
pub struct Job(Under);

enum Under {
    /// A pass over lines `0 .. end` of the session, reporting `prefix`.
    Lines {
        study: Box<dyn Study>,
        prefix: Prefix,
        next: usize,
        end: usize,
    },
    Task(Box<dyn Task>),
}

impl Job {
    /// `study` over units `0 .. end` of a session, reporting `prefix`.
    pub fn new(study: Box<dyn Study>, prefix: Prefix, end: usize) -> Job {
        Job(Under::Lines {
            study,
            prefix,
            next: 0,
            end,
        })
    }

    /// Runs at most `budget` more units; returns the share done (1 when finished).
    pub fn run(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded> {
        match &mut self.0 {
            Under::Lines {
                study, next, end, ..
            } => {
                let stop = next.saturating_add(budget).min(*end);
                study.feed(session, *next, stop);
                *next = stop;
                Ok(share(stop, *end))
            }
            Under::Task(task) => task.step(session, budget.max(1)),
        }
    }

    /// What the study has measured so far, if it tells (see [`Task::partial`]).
    pub fn partial(&self) -> Option<Partial<'_>> {
        match &self.0 {
            Under::Lines { study, next, .. } => study.partial(*next as u64),
            Under::Task(task) => task.partial(),
        }
    }

    /// Runs what is left and reports.
    pub fn finish(mut self, session: &mut Session) -> Result<StudyReport, Coded> {
        self.run(session, usize::MAX)?;
        match self.0 {
            Under::Lines { study, prefix, .. } => Ok(StudyReport {
                report: study.finish(),
                prefix,
            }),
            Under::Task(task) => task.finish(session),
        }
    }
}

/// The kinds [`begin`] knows.
pub const KINDS: [&str; 13] = [
    "sweep",
    "p1",
    "partition",
    "rebalance",
    "fp",
    "fpSites",
    "fpCombo",
    "bloom",
    "cbf",
    "trie",
    "filters",
    "canon",
    "quality",
];

/// Parameters of a sweep.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SweepParams {
    fig: u8,
    step: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoParams {}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PartitionParams {
    nodes: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "beyond")), allow(dead_code))]
struct RebalanceKindParams {
    from: u32,
    to: u32,
    vnodes: u32,
}

/// Parameters of the filter bake-off: at least one setting; every index method of the Bloom
/// filter unless `methods` names some.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "beyond")), allow(dead_code))]
struct FiltersParams {
    #[serde(default)]
    bits_per_key: Vec<f64>,
    #[serde(default)]
    fpr: Vec<f64>,
    #[serde(default)]
    methods: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LinesParams {
    max_lines: f64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SitesParams {
    table: String,
    max_lines: f64,
    /// P3's mirror test; the defaults of [`MirrorRule`] when left out.
    #[serde(default)]
    mirror_similarity: Option<f64>,
    #[serde(default)]
    mirror_shared: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ComboParams {
    toggles: Vec<String>,
    max_lines: f64,
}

/// Starts the study `kind` (one of [`KINDS`]) with `params` on `session`.
///
/// # Example
/// ```
/// use urlhashlab::foundation::hash::P1_FUNCTIONS;
/// use urlhashlab::foundation::key::Key;
/// use urlhashlab::engine::session::Session;
/// use urlhashlab::engine::study;
/// let mut session = Session::new(1 << 24);
/// session.begin(&P1_FUNCTIONS, Key::Url);
/// session.push_corpus(0, 20_000, 2004).unwrap();
/// session.finish();
/// // P1's Fig. 2 (B at M = 8, 10, 12, 40) every 5 000 lines, a slice of 4 000 units at a time.
/// let params = serde_json::json!({ "fig": 2, "step": 5000 });
/// let mut job = study::begin("sweep", params, &mut session).unwrap();
/// while job.run(&mut session, 4_000).unwrap() < 1.0 {}
/// let done = job.finish(&mut session).unwrap();
/// let json = serde_json::to_value(&done).unwrap();
/// assert_eq!(json["points"].as_array().unwrap().len(), 4 * 3 * 4); // M × functions × N
/// // Parameters it does not take are refused with a code the page words.
/// let wrong = serde_json::json!({ "fig": 2, "steps": 5000 });
/// assert_eq!(study::begin("sweep", wrong, &mut session).err().unwrap().code, "bad-params");
/// ```
pub fn begin<'de, D: Deserializer<'de>>(
    kind: &str,
    params: D,
    session: &mut Session,
) -> Result<Job, Coded> {
    match kind {
        "sweep" => {
            let p: SweepParams = read(kind, params)?;
            sweep(session, p.fig, p.step)
        }
        "p1" => {
            read::<NoParams, D>(kind, params)?;
            let prefix = session.prefix(usize::MAX, "p1-report")?;
            Ok(lines_job(P1Study::new(), prefix))
        }
        "partition" => {
            let p: PartitionParams = read(kind, params)?;
            let prefix = session.prefix(usize::MAX, "partition")?;
            let study = P2Study::with_nodes(p.nodes).map_err(|e| {
                if e.starts_with(crate::foundation::suffix::MISSING_CODE) {
                    crate::coded!("suffix-rules-missing", [], "{e}")
                } else {
                    crate::coded!("nodes-range", [p.nodes], "{e}")
                }
            })?;
            let rehash = prefix.lines <= REHASH_MAX_LINES;
            let p2 = if rehash { study.with_rehash() } else { study };
            Ok(lines_job(PartitionStudy { p2, rehash }, prefix))
        }
        k if BEYOND_KINDS.contains(&k) => beyond_here(kind, params, session),
        "fp" => {
            let p: LinesParams = read(kind, params)?;
            let prefix = first_lines(session, p.max_lines, "fingerprints")?;
            Ok(lines_job(
                Fingerprints {
                    p3: P3Study::new(),
                    canonical: CanonicalStudy::new(),
                },
                prefix,
            ))
        }
        "fpSites" => {
            let p: SitesParams = read(kind, params)?;
            let table = HostTable::parse(&p.table).map_err(|e| Coded {
                code: e.page_code(),
                args: vec![e.line.to_string(), e.subject.clone()],
                english: e.to_string(),
            })?;
            let prefix = first_lines(session, p.max_lines, "fp-sites")?;
            let d = MirrorRule::default();
            let rule = MirrorRule {
                min_similarity: p
                    .mirror_similarity
                    .unwrap_or(d.min_similarity)
                    .clamp(0.0, 1.0),
                min_shared: p.mirror_shared.map_or(d.min_shared, |n| n.max(1.0) as u64),
            };
            Ok(lines_job(SitesStudy::with_mirrors(table, rule), prefix))
        }
        "fpCombo" => {
            let p: ComboParams = read(kind, params)?;
            let on = p
                .toggles
                .iter()
                .map(|id| {
                    Toggle::parse(id.trim()).ok_or_else(|| {
                        let known: Vec<&str> = Toggle::ALL.iter().map(|t| t.id()).collect();
                        crate::coded!(
                            "unknown-canonical",
                            [id, known.join(", ")],
                            "unknown canonicalisation '{id}'; known: {}",
                            known.join(", ")
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let prefix = first_lines(session, p.max_lines, "canonical")?;
            Ok(lines_job(ComboStudy::new(&on), prefix))
        }
        "bloom" => Ok(Job(Under::Task(filters::bloom(
            read(kind, params)?,
            session,
        )?))),
        "cbf" => Ok(Job(Under::Task(filters::cbf(
            read(kind, params)?,
            session,
        )?))),
        "trie" => {
            let task = trie::trie(read(kind, params)?, session)?;
            // A new study forgets the last one's URLs.
            session.clear_trie_urls();
            Ok(Job(Under::Task(task)))
        }
        _ => Err(crate::coded!(
            "unknown-request",
            [kind],
            "unknown study '{kind}'; known: {}",
            KINDS.join(", ")
        )),
    }
}

/// A job over the lines of `prefix`.
fn lines_job(study: impl Study + 'static, prefix: Prefix) -> Job {
    Job::new(Box::new(study), prefix, prefix.lines as usize)
}

/// The first `max_lines` loaded lines, once they can be read; an error when none are loaded.
fn first_lines(session: &Session, max_lines: f64, what: &str) -> Result<Prefix, Coded> {
    let max = whole(max_lines, 1.0, "lines")?;
    first(session, max, what)
}

/// P1's figure `fig` with a checkpoint every `step` lines, from the session's cached values of
/// the figure's functions (computed first when missing); Fig. 3 on the CLI's sample.
fn sweep(session: &mut Session, fig: u8, step: f64) -> Result<Job, Coded> {
    let figure = Figure::parse(&fig.to_string())
        .ok_or_else(|| crate::coded!("p1-figure", [fig], "P1 has figures 1, 2 and 3"))?;
    if !step.is_finite() || step < 1.0 || step.fract() != 0.0 {
        return Err(crate::coded!(
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
        .map(|h| session.cache_index(h, Key::Url))
        .collect::<Result<_, _>>()?;
    let n = session.len();
    let lines = (figure == Figure::Fig3).then(|| {
        let corpus_seed = session
            .corpus_range()
            .filter(|r| r.start == 0)
            .map(|r| r.seed as u64);
        fig3_indices(n as u64, corpus_seed)
    });
    let end = lines.as_ref().map_or(n, Vec::len);
    let prefix = Prefix {
        loaded: n as u64,
        lines: end as u64,
        capped: end < n,
        by_budget: false,
        keep_budget: session.budget() as u64,
    };
    let study = SweepStudy {
        raws: vec![0; caches.len()],
        sweep,
        caches,
        lines,
    };
    Ok(Job::new(Box::new(study), prefix, end))
}

/// A sweep over a session's cached raw values (or, pushed, over lines it hashes itself).
struct SweepStudy {
    sweep: Sweep,
    /// The cache of each of the sweep's functions (whole-URL key).
    caches: Vec<usize>,
    /// The lines swept, by index: Fig. 3's sample; all of them when None.
    lines: Option<Vec<u64>>,
    raws: Vec<u128>,
}

impl Study for SweepStudy {
    fn push(&mut self, _: u64, line: &[u8]) {
        self.sweep.push(line);
    }

    fn feed(&mut self, session: &Session, start: usize, end: usize) {
        for at in start..end {
            let line = self.lines.as_ref().map_or(at, |l| l[at] as usize);
            for (r, &c) in self.raws.iter_mut().zip(&self.caches) {
                *r = session.raw(c, line);
            }
            self.sweep.push_raws(&self.raws);
        }
    }

    fn finish(mut self: Box<Self>) -> Report {
        Report::Sweep {
            points: self.sweep.finish(),
        }
    }
}

impl Study for P1Study {
    fn push(&mut self, _: u64, line: &[u8]) {
        P1Study::push(self, line);
    }

    fn finish(self: Box<Self>) -> Report {
        Report::P1(Box::new(P1Study::finish(*self)))
    }
}

impl Study for PartitionStudy {
    fn push(&mut self, number: u64, line: &[u8]) {
        // A line without a host is counted by the simulation and reaches no node.
        let _ = self.p2.push(number, line);
    }

    fn partial(&self, lines: u64) -> Option<Partial<'_>> {
        let policies = self.p2.nodes_so_far();
        Some(Partial::NodesSoFar {
            lines,
            nodes: policies.first().map_or(0, |p| p.node_urls.len() as u32),
            policies,
        })
    }

    fn finish(self: Box<Self>) -> Report {
        let (report, control) = self.p2.finish_with_control();
        Report::Partition(Box::new(PartitionReport {
            report,
            control,
            rehash_max_lines: (!self.rehash).then_some(REHASH_MAX_LINES),
        }))
    }
}

/// The parameters of study `kind`, or the error `bad-params` naming what is wrong with them.
fn read<'de, T: Deserialize<'de>, D: Deserializer<'de>>(kind: &str, params: D) -> Result<T, Coded> {
    T::deserialize(params).map_err(|e| {
        crate::coded!(
            "bad-params",
            [kind, e],
            "the parameters of the study {kind} are not what it takes: {e}"
        )
    })
}

/// A study of [`BEYOND_KINDS`] asked of [`begin`]: run natively.
#[cfg(not(target_arch = "wasm32"))]
fn beyond_here<'de, D: Deserializer<'de>>(
    kind: &str,
    params: D,
    session: &mut Session,
) -> Result<Job, Coded> {
    begin_beyond(kind, params, session)
}

/// A study of [`BEYOND_KINDS`] asked of the page's first module, which does not have it: the
/// page's worker asks the second (`Beyond`).
#[cfg(target_arch = "wasm32")]
fn beyond_here<'de, D: Deserializer<'de>>(kind: &str, _: D, _: &mut Session) -> Result<Job, Coded> {
    Err(crate::coded!(
        "unknown-request",
        [kind, KINDS.join(", ")],
        "the study {kind} is in the page's second module, not this one; known: {}",
        KINDS.join(", ")
    ))
}

/// The kinds [`begin_beyond`] knows: the studies beyond the papers, which the page runs in its
/// second WebAssembly module (`Beyond`, feature `beyond`), not in the first, which must stay
/// under 1 000 000 bytes (docs/decisions/0005-wasm-size-budget.md: the rebalancing study alone
/// added 32 KB to it). Natively [`begin`] runs them too.
pub const BEYOND_KINDS: [&str; 4] = ["rebalance", "filters", "canon", "quality"];

/// Starts the study `kind` (one of [`BEYOND_KINDS`]) with `params` on `session`, as [`begin`]
/// does: the page's second module calls this one, so the first module's studies are not linked
/// into it.
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
pub fn begin_beyond<'de, D: Deserializer<'de>>(
    kind: &str,
    params: D,
    session: &mut Session,
) -> Result<Job, Coded> {
    match kind {
        "rebalance" => begin_rebalance(read(kind, params)?, session),
        "filters" => begin_filters(read(kind, params)?, session),
        "canon" => begin_canon(read(kind, params)?, session),
        "quality" => {
            let p: QualityKindParams = read(kind, params)?;
            let max = whole(p.max_lines, 1.0, "lines")?;
            Ok(Job(Under::Task(quality::begin(max, session)?)))
        }
        _ => Err(crate::coded!(
            "unknown-request",
            [kind, BEYOND_KINDS.join(", ")],
            "unknown study {kind}; this module knows: {}",
            BEYOND_KINDS.join(", ")
        )),
    }
}

/// The rebalancing study ([`Rebalance`], `urlhash rebalance`) on every loaded line.
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
fn begin_rebalance(p: RebalanceKindParams, session: &mut Session) -> Result<Job, Coded> {
    let prefix = session.prefix(usize::MAX, "rebalance")?;
    let range = |n: u32| n == 0 || n > REBALANCE_MAX_NODES;
    if range(p.from) || range(p.to) {
        let bad = if range(p.from) { p.from } else { p.to };
        return Err(crate::coded!(
            "rebalance-nodes-range",
            [bad],
            "the number of crawl nodes must be from 1 to {REBALANCE_MAX_NODES}, not {bad}"
        ));
    }
    let params = RebalanceParams::new(p.from, p.to, p.vnodes)
        .map_err(|e| crate::coded!("vnodes-range", [p.vnodes], "{e}"))?;
    let study =
        Rebalance::new(params).map_err(|e| crate::coded!("suffix-rules-missing", [], "{e}"))?;
    Ok(lines_job(RebalanceStudy(study), prefix))
}

/// The filter bake-off ([`crate::mechanisms::bakeoff`], `urlhash filters`) on the filter
/// studies' split.
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
fn begin_filters(p: FiltersParams, session: &mut Session) -> Result<Job, Coded> {
    let (settings, methods) = bakeoff::settings(&p.bits_per_key, &p.fpr, p.methods.as_deref())?;
    Ok(Job(Under::Task(bakeoff::begin(
        settings, methods, session,
    )?)))
}

/// Parameters of the equivalence study: the first `maxLines` lines, each of the first `respell`
/// followed by a respelling (0: none, the list as given), `examples` groups and spellings shown.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "beyond")), allow(dead_code))]
struct CanonParams {
    max_lines: f64,
    respell: f64,
    examples: f64,
}

/// Parameters of the hash-quality battery: the first `maxLines` lines.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(all(target_arch = "wasm32", not(feature = "beyond")), allow(dead_code))]
struct QualityKindParams {
    max_lines: f64,
}

/// The largest `examples` the equivalence study takes.
pub const CANON_MAX_EXAMPLES: f64 = 50.0;

/// The equivalence study ([`crate::mechanisms::canon`], `urlhash canon`) on the first lines,
/// every scheme.
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
fn begin_canon(p: CanonParams, session: &mut Session) -> Result<Job, Coded> {
    use crate::mechanisms::canon::{EquivalenceStudy, Scheme};
    let respell = whole(p.respell, 0.0, "respell")?;
    let examples = whole(p.examples, 1.0, "examples")?.min(CANON_MAX_EXAMPLES as u64);
    let prefix = first_lines(session, p.max_lines, "canon")?;
    let study = EquivalenceStudy::new(&Scheme::ALL).with_respellings(respell);
    Ok(lines_job(
        CanonStudy {
            study,
            examples: examples as usize,
        },
        prefix,
    ))
}

/// The equivalence study and how many groups and spellings its report shows.
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
struct CanonStudy {
    study: crate::mechanisms::canon::EquivalenceStudy,
    examples: usize,
}

#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
impl Study for CanonStudy {
    fn push(&mut self, _: u64, line: &[u8]) {
        self.study.push(line);
    }

    fn partial(&self, _: u64) -> Option<Partial<'_>> {
        let (lines, spellings, distinct) = self.study.so_far();
        Some(Partial::CanonSoFar {
            lines,
            spellings,
            schemes: crate::mechanisms::canon::Scheme::ALL
                .iter()
                .map(|s| s.id())
                .collect(),
            distinct,
        })
    }

    fn finish(self: Box<Self>) -> Report {
        Report::Canon(Box::new(self.study.finish(self.examples)))
    }
}

/// Crawl nodes joining or leaving ([`Rebalance`], `urlhash rebalance`).
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
struct RebalanceStudy(Rebalance);

#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
impl Study for RebalanceStudy {
    fn push(&mut self, number: u64, line: &[u8]) {
        // A line without a host is counted by the study and reaches no node.
        let _ = self.0.push(number, line);
    }

    fn partial(&self, lines: u64) -> Option<Partial<'_>> {
        Some(Partial::RebalanceSoFar {
            lines,
            report: Box::new(self.0.so_far()),
        })
    }

    fn finish(self: Box<Self>) -> Report {
        Report::Rebalance(Box::new(self.0.finish()))
    }
}

/// P3's store and the canonicalisation study on the same lines (`urlhash fingerprint`).
struct Fingerprints {
    p3: P3Study,
    canonical: CanonicalStudy,
}

impl Study for Fingerprints {
    fn push(&mut self, number: u64, line: &[u8]) {
        self.p3.push(number, line);
        // A line that is not a URL is counted by the study and named in its report.
        let _ = self.canonical.push(number, line);
    }

    fn partial(&self, _: u64) -> Option<Partial<'_>> {
        let (lines, distinct_md5) = self.p3.so_far();
        Some(Partial::Fingerprints {
            lines,
            distinct_md5,
        })
    }

    fn finish(self: Box<Self>) -> Report {
        Report::Fingerprints {
            p3: Box::new(self.p3.finish()),
            canonical: Box::new(self.canonical.finish()),
        }
    }
}

impl Study for SitesStudy {
    fn push(&mut self, number: u64, line: &[u8]) {
        // A line without a host is counted in the report.
        let _ = SitesStudy::push(self, number, line);
    }

    fn finish(self: Box<Self>) -> Report {
        Report::Sites {
            sites: Box::new(SitesStudy::finish(*self)),
        }
    }
}

impl Study for ComboStudy {
    fn push(&mut self, number: u64, line: &[u8]) {
        ComboStudy::push(self, number, line);
    }

    fn finish(self: Box<Self>) -> Report {
        Report::Combo(Box::new(ComboStudy::finish(*self)))
    }
}

#[cfg(test)]
mod tests;
