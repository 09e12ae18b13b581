//! Every paper number, preset and limit the page shows, offers or checks, gathered from the
//! modules that own them: the page reads them once (`Lab.constants()`, in the worker's hello)
//! and its fields, presets, charts and lessons take them from there, so no number of the papers
//! is copied into the page's scripts or HTML.
//!
//! Grouped by paper: P1's three functions, its M = 12 and its figures' slot counts (Fig. 1-3,
//! §4); P2's 7 crawl nodes over the 246 951 URLs of its Table 1; P3's fingerprint widths; P5's
//! k = 8 at m/N = 16 for the Bloom filter and its counting filter of 4-bit counters at m/N = 20
//! (§3-4, with k = 8 and half the URLs deleted), beside a saturating setting that makes a plain
//! counting filter lose URLs. Then the limits each view keeps its inputs within.
//!
//! # Example
//! ```
//! let c = urlhashlab::engine::constants::constants();
//! assert_eq!(c.p1.m, 12);
//! assert_eq!(c.p1.fig2_slots, [8, 10, 12, 40]);
//! assert_eq!(c.p5.cbf_presets.p5.bits, 4);
//! ```

use crate::engine::quiz;
use crate::foundation::{corpus, hash, printed, slots};
use crate::mechanisms::fingerprint::MirrorRule;
use crate::mechanisms::{bloom, slotmap};
use crate::papers::{p2, p4, p5};
use serde::Serialize;

/// Everything the page takes from the core's numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Constants {
    /// The built-in corpus the page loads.
    pub corpus: CorpusNumbers,
    /// P1's functions, M and figure slot counts.
    pub p1: P1Numbers,
    /// P2's crawl nodes and Table 1.
    pub p2: P2Numbers,
    /// P3's fingerprint widths and mirror test.
    pub p3: P3Numbers,
    /// P4's and P5's Bloom and counting-filter settings and the limits of their views.
    pub p5: P5Numbers,
    /// The slot map's limit and presets.
    pub slotmap: SlotmapNumbers,
}

/// The built-in corpus: its seed, the sizes the page offers and the one it opens with.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CorpusNumbers {
    /// The corpus seed, [`corpus::DEFAULT_SEED`] (2004, P1's year).
    pub seed: u64,
    /// The corpus sizes, in URLs, the page offers: 10 000 to 20 million, with P2's Table 1 count
    /// (246 951) among them.
    pub sizes: &'static [u64],
    /// The size, in URLs, the page loads first (100 000).
    pub first_load: u64,
}

/// P1: its functions, its M, the slot counts of its figures, and the largest M.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct P1Numbers {
    /// The text ids of P1's three functions, in the paper's order ([`hash::P1_FUNCTIONS`]).
    pub functions: Vec<&'static str>,
    /// P1's Fig. 2 machine count M = 12, the page's first number of slots.
    pub m: u32,
    /// Fig. 1's slot counts (A): 200 000, 800 000, 1 000 000 and 2 000 000.
    pub fig1_slots: &'static [u32],
    /// Fig. 2's machine counts (B): 8, 10, 12 and 40.
    pub fig2_slots: &'static [u32],
    /// Fig. 3's machine counts (B of hf): 11, 12, 14, 16 and 18.
    pub fig3_slots: &'static [u32],
    /// Fig. 3's sample size, 400 000 URLs.
    pub fig3_sample: u64,
    /// The largest M a user may type, 2^32 − 1 ([`slots::MAX_SLOTS`]).
    pub max_slots: u32,
}

/// P2: the crawl nodes of Table 1, its URLs, and the most nodes the page draws.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct P2Numbers {
    /// Crawl nodes of P2's Table 1 (7), the partition view's first node count.
    pub nodes: u32,
    /// URLs of P2's Table 1 (246 951).
    pub table1_urls: u64,
    /// The most crawl nodes the partition view draws (64), and the rebalancing view's (before
    /// and after).
    pub page_max_nodes: u32,
    /// Virtual nodes per crawl node on the rebalancing view's consistent-hash ring, at first
    /// (100), and at most (1 000).
    pub vnodes: u32,
    /// The most virtual nodes per crawl node the ring takes.
    pub max_vnodes: u32,
}

/// P3: the fingerprint widths of the birthday chart, its largest n and points per curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct P3Numbers {
    /// The fingerprint width P3 chose, 128 bits (MD5).
    pub fingerprint_bits: u32,
    /// The fingerprint widths, in bits, of the birthday chart's curves: 32, 64 and 128.
    pub birthday_bits: &'static [u32],
    /// The largest number n of fingerprints the birthday chart goes to (10^12).
    pub birthday_max_n: f64,
    /// Points per curve of the birthday chart, spread on a log scale of n.
    pub birthday_points: u32,
    /// P3's mirror test, as the lab reads it ([`crate::mechanisms::fingerprint::MirrorRule`]).
    pub mirror_similarity: f64,
    /// The least number of paths two sites must share to pass the mirror test (3).
    pub mirror_shared: u64,
    /// The equivalence view (`urlhash canon`): see [`CanonNumbers`].
    pub canon: CanonNumbers,
}

/// The equivalence view's limits: it keeps every distinct line and its group under each scheme
/// (about 1 KB a line), so it compares the first `max_lines` lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CanonNumbers {
    /// The first lines compared (200 000).
    pub max_lines: u64,
    /// Respelled lines the view opens with when the learner asks for them (2 000).
    pub respell: u64,
    /// The most lines it respells (the lines compared).
    pub max_respell: u64,
    /// Groups and spellings each scheme's report shows.
    pub examples: u64,
}

/// One setting of the counting-filter view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CbfPreset {
    /// Bits per counter.
    pub bits: u32,
    /// m/N, counters per URL inserted.
    pub ratio: f64,
    /// Positions per URL.
    pub k: u32,
    /// Fraction of the inserted URLs then deleted, 0 to 1.
    pub fraction: f64,
}

/// The counting-filter view's two presets.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CbfPresets {
    /// P5's filter (§3-4): 4-bit counters, m/N = 20, k = 8, half the URLs deleted.
    pub p5: CbfPreset,
    /// A filter whose counters saturate (2-bit counters, m/N = 2, k = 4, half deleted), to show the
    /// URLs a plain counting filter then loses.
    pub saturating: CbfPreset,
}

/// P5: the Bloom view's first k and m/N, the counting filter's presets, and the limits of
/// both views' fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct P5Numbers {
    /// The Bloom view's first k: P4's 8 positions per URL.
    pub k: u32,
    /// The Bloom view's first m/N: P4's 16 bits per URL.
    pub ratio: f64,
    /// P4's and P5's m/N (16 and 20), always measured by the Bloom view.
    pub paper_ratios: &'static [f64],
    /// The counting-filter view's presets.
    pub cbf_presets: CbfPresets,
    /// The largest k both views accept ([`bloom::MAX_K`]).
    pub k_max: u32,
    /// The smallest m/N both views accept (0.1).
    pub ratio_min: f64,
    /// The largest m/N both views accept ([`bloom::MAX_RATIO`]).
    pub ratio_max: f64,
    /// The widest counters the page shows (the core takes 32 bits).
    pub page_counter_bits: u32,
    /// Fig. 3's streams by default: P5's 29 % of repeated pages, and the seed.
    pub fig3_dup_share: f64,
    /// The seed of P5's Fig. 3 streams (2018, P5's year).
    pub fig3_seed: u64,
    /// The filter bake-off (beyond the papers): its first target rates, its limits, and the bits
    /// per URL of P4's Bloom filter (m/N = 16) and P5's counting filter (20 counters of 4 bits),
    /// which its chart marks.
    pub bakeoff: BakeoffNumbers,
}

/// The filter bake-off's view: see [`P5Numbers::bakeoff`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BakeoffNumbers {
    /// The target false-positive rates it opens with (1 % and 0.1 %, as `urlhash filters`).
    pub fpr: &'static [f64],
    /// Bits per key it takes, at least and at most.
    pub min_bits_per_key: f64,
    /// See `min_bits_per_key`.
    pub max_bits_per_key: f64,
    /// Target rates it takes, at least and at most.
    pub min_fpr: f64,
    /// See `min_fpr`.
    pub max_fpr: f64,
    /// P4's Bloom filter: bits per URL.
    pub p4_bits_per_key: f64,
    /// P5's counting filter: counter bits per URL.
    pub p5_bits_per_key: f64,
}

/// The slot map: its largest M, the counts it offers and the one it opens with.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotmapNumbers {
    /// The most slots the map draws, 2^22 ([`slotmap::MAX_SLOTS`]).
    pub max_slots: u32,
    /// The slot counts the map offers as buttons, 2^16 to 2^22.
    pub presets: &'static [u32],
    /// The slot count the map opens with, 2^21.
    pub first: u32,
}

/// The numbers, from their modules.
pub fn constants() -> Constants {
    Constants {
        corpus: CorpusNumbers {
            seed: corpus::DEFAULT_SEED,
            sizes: &[10_000, 100_000, p2::TABLE1_URLS, 1_000_000, 20_000_000],
            first_load: 100_000,
        },
        p1: P1Numbers {
            functions: hash::P1_FUNCTIONS.iter().map(|f| f.info().key).collect(),
            m: quiz::P1_M,
            fig1_slots: &printed::FIG1_SLOTS,
            fig2_slots: &printed::FIG2_SLOTS,
            fig3_slots: &printed::FIG3_SLOTS,
            fig3_sample: printed::FIG3_SAMPLE,
            max_slots: slots::MAX_SLOTS,
        },
        p2: P2Numbers {
            nodes: p2::TABLE1_NODES,
            table1_urls: p2::TABLE1_URLS,
            page_max_nodes: 64,
            vnodes: crate::mechanisms::partition::DEFAULT_VNODES,
            max_vnodes: crate::mechanisms::partition::MAX_VNODES,
        },
        p3: P3Numbers {
            fingerprint_bits: printed::P3_FINGERPRINT_BITS,
            birthday_bits: &[32, 64, 128],
            birthday_max_n: 1e12,
            birthday_points: 221,
            canon: CanonNumbers {
                max_lines: 200_000,
                respell: 2_000,
                max_respell: 200_000,
                examples: 10,
            },
            mirror_similarity: MirrorRule::default().min_similarity,
            mirror_shared: MirrorRule::default().min_shared,
        },
        p5: P5Numbers {
            k: quiz::P5_K,
            ratio: quiz::P5_RATIO,
            paper_ratios: &[p4::P4_BLOOM_RATIO, p5::P5_RATIO],
            cbf_presets: CbfPresets {
                p5: CbfPreset {
                    bits: printed::P5_COUNTER_BITS,
                    ratio: p5::P5_RATIO,
                    k: p5::P5_K,
                    fraction: 0.5,
                },
                saturating: CbfPreset {
                    bits: p5::SATURATING.2,
                    ratio: p5::SATURATING.0,
                    k: p5::SATURATING.1,
                    fraction: 0.5,
                },
            },
            k_max: bloom::MAX_K,
            ratio_min: 0.1,
            ratio_max: bloom::MAX_RATIO,
            fig3_dup_share: p5::P5_NEAR_DUPLICATE_SHARE,
            fig3_seed: p5::DEFAULT_STREAM_SEED,
            bakeoff: BakeoffNumbers {
                fpr: &[0.01, 0.001],
                min_bits_per_key: crate::mechanisms::bakeoff::MIN_BITS_PER_KEY,
                max_bits_per_key: crate::mechanisms::bakeoff::MAX_BITS_PER_KEY,
                min_fpr: crate::mechanisms::bakeoff::MIN_FPR,
                max_fpr: crate::mechanisms::bakeoff::MAX_FPR,
                p4_bits_per_key: p4::P4_BLOOM_RATIO,
                p5_bits_per_key: p5::P5_RATIO * printed::P5_COUNTER_BITS as f64,
            },
            page_counter_bits: 16,
        },
        slotmap: SlotmapNumbers {
            max_slots: slotmap::MAX_SLOTS,
            presets: &[1 << 16, 1 << 18, 1 << 20, 1 << 21, 1 << 22],
            first: 1 << 21,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's copy, www/constants.json, is these numbers (`BLESS=1` writes it).
    #[test]
    fn the_pages_file_holds_these_numbers() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/constants.json");
        let ours = serde_json::to_string_pretty(&constants()).unwrap() + "\n";
        if std::env::var_os("BLESS").is_some() {
            std::fs::write(path, &ours).unwrap();
        }
        let file = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            file == ours,
            "www/constants.json is not what src/engine/constants.rs gives: BLESS=1 cargo test --profile quick --lib constants"
        );
    }

    #[test]
    fn the_numbers_are_the_papers_and_within_the_cores_limits() {
        let c = constants();
        assert_eq!(c.p1.fig1_slots, [200_000, 800_000, 1_000_000, 2_000_000]);
        assert_eq!(c.p2.nodes, 7);
        assert!(c.corpus.sizes.contains(&c.corpus.first_load));
        assert!(c.corpus.sizes.contains(&246_951));
        assert!(c.p2.page_max_nodes <= crate::mechanisms::partition::MAX_NODES);
        assert!(c.p5.page_counter_bits <= 32);
        for p in [c.p5.cbf_presets.p5, c.p5.cbf_presets.saturating] {
            assert!(crate::mechanisms::bloom::check_k(p.k).is_ok());
            assert!(crate::mechanisms::bloom::check_ratio(p.ratio).is_ok());
            assert!(p.bits <= c.p5.page_counter_bits);
        }
        assert!(c.slotmap.presets.contains(&c.slotmap.first));
        assert!(c.slotmap.presets.iter().all(|&m| m <= c.slotmap.max_slots));
        assert!(c.p3.birthday_max_n <= crate::mechanisms::fingerprint::BIRTHDAY_MAX_N);
        assert_eq!(
            c.p1.functions,
            ["elfhash", "hfip", "hf"].map(|id| crate::foundation::hash::by_id(id).unwrap().key)
        );
    }
}
