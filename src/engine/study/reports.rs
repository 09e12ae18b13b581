//! What the filter and trie studies report: the Bloom study's rows, the counting filter's
//! counters and deletes, and the trie study's structures with what they would take for every
//! loaded line.

use crate::engine::session::keys::KeysInfo;
use crate::mechanisms::bloom::FprReport;
use crate::mechanisms::cbf::DeletionReport;
use crate::mechanisms::trie::Structure;
use crate::papers::p4::TrieStudy;
use crate::papers::p5::P5Printed;
use serde::Serialize;

/// The Bloom study's report: how the keys were split, and one row per point as `urlhash bloom
/// --json` has them.
#[derive(Serialize)]
pub struct BloomReport {
    /// How the keys were split.
    pub input: KeysInfo,
    /// Positions per key.
    pub k: u32,
    /// One row per (index method, m/N) point, in the order asked for.
    pub rows: Vec<FprReport>,
}

/// The counters after inserting every key, beside the binomial expectation.
#[derive(Clone, Serialize)]
pub struct CounterHistogram {
    /// Keys inserted.
    pub n: u64,
    /// The number of counters.
    pub m: u64,
    /// Counters per key.
    pub k: u32,
    /// Bits per counter.
    pub bits: u32,
    /// The saturation value `2^bits − 1`.
    pub max: u32,
    /// `counts[j]`: counters holding j, for j up to the largest value held or expected.
    pub counts: Vec<u64>,
    /// `m · P(c = j)` (`m · P(c >= max)` at `max`), Binomial(Nk, 1/m).
    pub expected: Vec<f64>,
    /// Counters at `max`.
    pub saturated: u64,
    /// Increments attempted at a saturated counter.
    pub overflow_events: u64,
    /// Counters above 0.
    pub nonzero: u64,
    /// The bytes of the packed counters (whole 64-bit words).
    pub bytes: u64,
}

/// The counting-filter study's report: `deletion` as `urlhash cbf --json` has it.
#[derive(Serialize)]
pub struct CbfReport {
    /// How the keys were split.
    pub input: KeysInfo,
    /// Counters per inserted key.
    pub m_over_n: f64,
    /// The share of the inserted keys deleted again (0 to 1).
    pub delete_fraction: f64,
    /// The counters after every key was inserted.
    pub counters: CounterHistogram,
    /// The deletion experiment: plain filters under both delete rules beside IMP-CB.
    pub deletion: DeletionReport,
    /// P5's two misprints of the overflow bound and the corrected factor.
    pub printed: P5Printed,
}

/// The most memory the page lets one structure take (a 32-bit WebAssembly instance can
/// address 4 GiB in all, and the loaded lines and hash values share it).
pub const STRUCTURE_BUDGET: u64 = 1 << 30;

/// The memory one structure would need for all loaded lines.
#[derive(Serialize)]
pub struct Projection {
    /// The structure projected.
    pub structure: Structure,
    /// Bytes per URL measured on the lines the study used.
    pub bytes_per_url: f64,
    /// URL lines loaded, all of which the projection counts.
    pub urls: u64,
    /// `bytes_per_url · urls`.
    pub bytes: f64,
    /// `bytes <= STRUCTURE_BUDGET`.
    pub fits: bool,
}

/// The trie study's report: `study` as in `urlhash trie --json`.
#[derive(Serialize)]
pub struct TrieReport {
    /// URL lines loaded.
    pub loaded: u64,
    /// Lines the study used (the first ones).
    pub lines: u64,
    /// Whether the study used fewer lines than were loaded.
    pub capped: bool,
    /// Whether the lines the session keeps (not the study's own limit) set the cap.
    pub by_budget: bool,
    /// Distinct URLs among them (what the structures are timed on).
    pub distinct: u64,
    /// `urlhash trie --json`: the structures at each checkpoint, and P4's printed and fixed
    /// lists at the end.
    pub study: TrieStudy,
    /// When capped: what each structure would take for every loaded line, at the bytes per
    /// URL measured here, against [`STRUCTURE_BUDGET`].
    pub projected: Vec<Projection>,
    /// [`STRUCTURE_BUDGET`].
    pub budget_bytes: u64,
}

/// The bake-off's report: how the keys were split, then `urlhash filters --json`'s fields (not
/// in the page's first module: `study::BEYOND_KINDS`).
#[cfg(any(not(target_arch = "wasm32"), feature = "beyond"))]
#[derive(Serialize)]
pub struct BakeoffReport {
    /// How the keys were split.
    pub input: KeysInfo,
    /// Every filter at every setting.
    #[serde(flatten)]
    pub report: crate::mechanisms::bakeoff::FiltersReport,
}
