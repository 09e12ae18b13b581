//! The protocol every study speaks: a [`Study`] fed lines or a [`Task`] run in slices, the
//! [`Report`] it finishes into, the [`StudyReport`] that adds the lines measured, and the first
//! lines a study may read.

use super::reports::{BloomReport, CbfReport, CounterHistogram, TrieReport};
use crate::engine::session::keys::KeysInfo;
use crate::engine::session::{Prefix, Session};
use crate::foundation::coded::Coded;
use crate::mechanisms::bloom::FprReport;
use crate::mechanisms::fingerprint::{CanonicalReport, ComboReport, SitesReport};
use crate::mechanisms::partition::{ControlReport, NodesSoFar};
use crate::mechanisms::sweep::Point;
use crate::mechanisms::trie::Structure;
use crate::papers::p1::P1Report;
use crate::papers::p2::P2Report;
use crate::papers::p3::P3Report;
use crate::papers::p4::{Checkpoint, P4Claims};
use serde::Serialize;

/// An experiment fed one line at a time.
pub trait Study {
    /// One URL line with its 1-based line number in the input.
    fn push(&mut self, number: u64, line: &[u8]);

    /// Units `start .. end` of the study on `session`: by default its lines of those indices.
    fn feed(&mut self, session: &Session, start: usize, end: usize) {
        session.for_each_line(start, end, |_, line, number| self.push(number, line));
    }

    /// The report.
    fn finish(self: Box<Self>) -> Report;

    /// What the study has measured so far, after `lines` lines, for a first picture before its
    /// report (none by default).
    fn partial(&self, lines: u64) -> Option<Partial<'_>> {
        let _ = lines;
        None
    }
}

/// A study over a session that is not one pass over its lines (the filters: the keys split
/// first, then one pass per point), run in slices.
pub trait Task {
    /// Runs at most `budget` more units; returns the share done (1 when finished).
    fn step(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded>;

    /// Runs what is left and reports.
    fn finish(self: Box<Self>, session: &mut Session) -> Result<StudyReport, Coded>;

    /// What the study has measured so far, for a first picture before its report (none by
    /// default).
    fn partial(&self) -> Option<Partial<'_>> {
        None
    }
}

/// What a study has measured so far: a view draws it while the study goes on.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Partial<'a> {
    /// The trie study's growth so far: every structure at each checkpoint passed.
    TrieGrowth {
        /// The lines read so far.
        lines: u64,
        /// The structures studied, in [`crate::mechanisms::trie::Structure::ALL`] order.
        structures: &'a [Structure],
        /// The checkpoints passed, in order.
        checkpoints: &'a [Checkpoint],
        /// P4's printed figures (the chart's reference lines).
        claims: Box<P4Claims>,
    },
    /// The partition study's URLs per crawl node so far, per policy.
    NodesSoFar {
        /// The lines read so far.
        lines: u64,
        /// Crawl nodes.
        nodes: u32,
        /// Every policy's counts, in the report's order.
        policies: Vec<NodesSoFar<'a>>,
    },
    /// The fingerprint study's store so far (P3's MD5 ids).
    Fingerprints {
        /// The lines read so far.
        lines: u64,
        /// Distinct MD5 fingerprints among them.
        distinct_md5: u64,
    },
    /// The counting-filter study's counters once every inserted key is in (before the
    /// deletion experiment).
    Counters {
        /// The split.
        input: &'a KeysInfo,
        /// m/N.
        m_over_n: f64,
        /// The counters' histogram beside the binomial: while the keys go in, of those in so
        /// far (its `n`, below the split's `inserted`).
        counters: &'a CounterHistogram,
    },
    /// The rebalancing study's report of the lines read so far.
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    RebalanceSoFar {
        /// The lines read so far.
        lines: u64,
        /// What [`crate::mechanisms::partition::Rebalance::finish`] would report on them.
        report: Box<crate::mechanisms::partition::RebalanceReport>,
    },
    /// The filter bake-off's rows measured so far, of `planned`.
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    FilterRows {
        /// The rows measured so far, in the report's order.
        rows: &'a [crate::mechanisms::bakeoff::FilterRow],
        /// Rows in all.
        planned: usize,
    },
    /// The equivalence study's distinct pages so far, per scheme.
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    CanonSoFar {
        /// The lines read so far (respellings included).
        lines: u64,
        /// Distinct spellings among them.
        spellings: u64,
        /// The schemes' ids, in the report's order.
        schemes: Vec<&'static str>,
        /// Distinct pages so far under each scheme.
        distinct: Vec<u64>,
    },
    /// The hash-quality battery's functions done so far.
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    QualityRows {
        /// Units of the battery run.
        done: u64,
        /// Units in all.
        units: u64,
        /// Functions every line of which is done.
        finished: u64,
        /// The summary rows of the functions under test or done, of their lines so far, untimed.
        functions: Vec<crate::mechanisms::quality::SummaryRow>,
    },
    /// The Bloom study's rows measured so far, in the order asked.
    BloomRows {
        /// The split, once made (its report's `input`).
        input: Option<&'a KeysInfo>,
        /// Positions per key.
        k: u32,
        /// One row per point measured.
        rows: &'a [FprReport],
    },
}

impl Partial<'_> {
    /// What the partial has got to: it changes whenever a view would draw something new (a
    /// checkpoint passed, a row measured, the split made, a line read), so a caller can skip
    /// converting one it has already sent.
    pub fn mark(&self) -> u64 {
        match self {
            Partial::TrieGrowth { checkpoints, .. } => checkpoints.len() as u64,
            Partial::NodesSoFar { lines, .. } | Partial::Fingerprints { lines, .. } => *lines,
            #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
            Partial::RebalanceSoFar { lines, .. } => *lines,
            #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
            Partial::FilterRows { rows, .. } => rows.len() as u64,
            #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
            Partial::CanonSoFar { lines, .. } => *lines,
            #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
            Partial::QualityRows { done, .. } => *done,
            Partial::Counters { counters, .. } => counters.n,
            Partial::BloomRows { input, rows, .. } => {
                2 * rows.len() as u64 + input.is_some() as u64
            }
        }
    }
}

/// What a study reports.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Report {
    /// P1's figure: one point per (series, checkpoint).
    Sweep {
        /// The measure of every series at every checkpoint, in the order measured.
        points: Vec<Point>,
    },
    /// `urlhash paper p1` on the lines.
    P1(Box<P1Report>),
    /// P2's Table 1 replayed, with what the control node did beyond it.
    Partition(Box<PartitionReport>),
    /// Crawl nodes joining or leaving: what moves under each scheme (its lookups not timed).
    /// Not in the page's first module: see [`super::BEYOND_KINDS`].
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    Rebalance(Box<crate::mechanisms::partition::RebalanceReport>),
    /// P3's MD5 store and the canonicalisations on the same lines (`urlhash fingerprint`).
    Fingerprints {
        /// P3's store: distinct MD5 ids, truncated fingerprints and their collisions.
        p3: Box<P3Report>,
        /// Distinct URLs before and after each canonicalisation.
        canonical: Box<CanonicalReport>,
    },
    /// P3's IP_ID and Name_ID from a host table.
    Sites {
        /// Distinct URLs under each key, and P3's store after its rule.
        sites: Box<SitesReport>,
    },
    /// One combination of canonicalisations.
    Combo(Box<ComboReport>),
    /// Bloom filters' false positives at each index method and m/N (P4, P5).
    Bloom(Box<BloomReport>),
    /// P5's counting filter: its counters and the deletion experiment.
    Cbf(Box<CbfReport>),
    /// P4's trie beside the other URL structures: bytes and times per URL.
    Trie(Box<TrieReport>),
    /// The filter bake-off: every filter at every setting (its builds and lookups not timed).
    /// Not in the page's first module: see [`super::BEYOND_KINDS`].
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    Filters(Box<super::reports::BakeoffReport>),
    /// Which lines each canonicalisation scheme makes one page, and the knock-on effects
    /// (`urlhash canon`). Not in the page's first module: see [`super::BEYOND_KINDS`].
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    Canon(Box<crate::mechanisms::canon::EquivalenceReport>),
    /// The hash-quality battery, untimed (`urlhash quality --maps`). Not in the page's first
    /// module: see [`super::BEYOND_KINDS`].
    #[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
    Quality(Box<crate::mechanisms::quality::QualityReport>),
}

/// The partition study's report: P2's Table 1 replayed and, beside it, what the control node and
/// the crawl nodes did beyond the replay (`urlhash paper p2 --json`'s `control` object).
#[derive(Serialize)]
pub struct PartitionReport {
    // Flattened natively; the page's WebAssembly gets the nested object and its adapter moves
    // its fields up (`wasm::to_js_flat`), which spares the flattening serialiser (7 KB).
    #[cfg_attr(not(target_arch = "wasm32"), serde(flatten))]
    /// P2's Table 1 replayed: its printed numbers, the simulation and the verdicts.
    pub report: P2Report,
    /// What the control node and the crawl nodes did beyond the replay: node-side matching
    /// per policy and the dynamic re-hash per path reading (P2 §3.2).
    pub control: ControlReport,
    /// Set to [`REHASH_MAX_LINES`](crate::engine::study::REHASH_MAX_LINES) when the study read more lines than that and left the
    /// dynamic re-hash out (`control.rehash` is then empty); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rehash_max_lines: Option<u64>,
}

/// A study's report with the lines it measured.
#[derive(Serialize)]
pub struct StudyReport {
    /// The study's own report.
    #[serde(flatten)]
    pub report: Report,
    /// The lines it measured: the first `lines` of those loaded.
    pub prefix: Prefix,
}

/// The first `max` loaded lines, once they can be read; an error when none are loaded.
pub(crate) fn first(session: &Session, max: u64, what: &str) -> Result<Prefix, Coded> {
    lines_present(session, what)?;
    session.prefix(max.min(usize::MAX as u64) as usize, what)
}

/// The error `no-urls` (naming `what`) when no line is loaded, `none-kept` when none can be read
/// again.
pub fn lines_present(session: &Session, what: &str) -> Result<(), Coded> {
    if session.is_empty() {
        return Err(crate::coded!(
            "no-urls",
            [what],
            "no URLs are loaded for the {}",
            what.replace('-', " ")
        ));
    }
    session.prefix(usize::MAX, what).map(|_| ())
}
