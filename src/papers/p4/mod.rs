//! P4 = 吴小惠, 分布式网络爬虫 URL 去重策略的改进 (2009): its printed numbers and the trie study,
//! growth, bytes and times of every structure of [`crate::mechanisms::trie`] on one URL list.
//!
//! P4 keeps the URLs a crawler has seen in a generalized-list trie and prints three times per
//! dedup on 16 000 URLs (database 968 ms, linked list 15 ms, the list 0.8 ms) and 2 MB per
//! 10 000 URLs, extrapolated to 2 GB for "10 million sites" (URLs, by its arithmetic). The study counts nodes and bytes
//! (`bytes = nodes · node size`, beside a hash set, MD5 fingerprints, a Patricia trie and an FST)
//! at checkpoints, times each structure with [`crate::mechanisms::trie::time_structure`], and shows the
//! printed trie's prefix flaw.
//!
//! The FST is static: a checkpoint rebuilds it whole, so measuring it at every one of `c`
//! checkpoints costs about `c/2` builds of the whole list. It is measured at its first
//! checkpoint, at P4's sizes, at the end, and wherever the distinct URLs have grown eightfold
//! since its last build ([`FST_GROWTH`]): about 1.15 builds of the whole list past P4's sizes.
//! Its row is absent from the other checkpoints, never carried over from an earlier one. Its
//! bytes depend on the word size: `fst`'s builder shares nodes through a bounded cache indexed by
//! `hash as usize % size`, so a 32-bit build (the page's WebAssembly) shares fewer and its FST
//! is about 2 % larger than a 64-bit one's for the same URLs. The
//! Patricia trie's shape and the FST are measured from the distinct URLs kept sorted
//! ([`SortedUrls`]), the same counts as walking the trie itself.

use crate::mechanisms::trie::*;
use serde::Serialize;

pub mod table1;

/// One row of P4's Table 1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PrintedTime {
    /// The method, in English (`"database"`, `"in-memory linked list"`,
    /// `"improved generalized list"`).
    pub method: &'static str,
    /// The method as P4 names it (数据库, 内存链表, 改进广义表).
    pub method_zh: &'static str,
    /// Milliseconds per dedup, as printed.
    pub ms_per_dedup: f64,
}

/// URLs of P4's timing test (Table 1).
pub const P4_TIME_URLS: u64 = 16_000;
/// P4's Table 1: milliseconds per dedup on 16 000 URLs.
pub const P4_TIMES: [PrintedTime; 3] = [
    PrintedTime {
        method: "database",
        method_zh: "数据库",
        ms_per_dedup: 968.0,
    },
    PrintedTime {
        method: "in-memory linked list",
        method_zh: "内存链表",
        ms_per_dedup: 15.0,
    },
    PrintedTime {
        method: "improved generalized list",
        method_zh: "改进广义表",
        ms_per_dedup: 0.8,
    },
];
/// The list's 0.8 ms is the mean of 20 dedups ("Eclipse could not time a single one").
pub const P4_GL_REPEATS: u32 = 20;
/// URLs of P4's memory figure.
pub const P4_MEMORY_URLS: u64 = 10_000;
/// P4's memory for 10 000 URLs, in MB.
pub const P4_MEMORY_MB: f64 = 2.0;
/// P4's linear extrapolation: 2 MB per 10 000 URLs makes 2 GB for 10 million. P4 writes
/// "1 千万个网站", 10 million *sites*, but the arithmetic is for URLs: at P2's 972.8 pages per
/// site, 10 million sites would be about 9.7 billion URLs, about 2 TB at P4's rate.
pub const P4_EXTRAPOLATED_URLS: u64 = 10_000_000;
/// …in 2 GB.
pub const P4_EXTRAPOLATED_GB: f64 = 2.0;
/// P4's Bloom filter: "a 16 times larger address space with 8 hash functions".
pub const P4_BLOOM_RATIO: f64 = 16.0;
/// …and its k.
pub const P4_BLOOM_K: u32 = 8;

/// P4's printed numbers, for printing beside ours.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P4Claims {
    /// The machine P4 timed on: Centrino 1.86 GHz, 1 GB, Java (Eclipse).
    pub machine: &'static str,
    /// URLs of the timing test, 16 000 ([`P4_TIME_URLS`]).
    pub time_urls: u64,
    /// Table 1's three times per dedup ([`P4_TIMES`]).
    pub times: [PrintedTime; 3],
    /// Dedups the list's 0.8 ms is the mean of, 20 ([`P4_GL_REPEATS`]).
    pub gl_repeats: u32,
    /// URLs of the memory figure, 10 000.
    pub memory_urls: u64,
    /// The memory for them, 2 MB.
    pub memory_mb: f64,
    /// `memory_mb × 2^20 / memory_urls` (209.7; 200 if a MB is 10^6 bytes).
    pub bytes_per_url: f64,
    /// The same at [`JAVA_NODE_BYTES`] per node: the nodes per URL P4's figure implies.
    pub java_nodes_per_url: f64,
    /// URLs of P4's extrapolation, 10 million.
    pub extrapolated_urls: u64,
    /// The memory P4 extrapolates for them, 2 GB.
    pub extrapolated_gb: f64,
}

/// P4's printed numbers.
pub fn p4_claims() -> P4Claims {
    let bytes_per_url = P4_MEMORY_MB * 1024.0 * 1024.0 / P4_MEMORY_URLS as f64;
    P4Claims {
        machine: "Centrino 1.86 GHz, 1 GB, Java (Eclipse)",
        time_urls: P4_TIME_URLS,
        times: P4_TIMES,
        gl_repeats: P4_GL_REPEATS,
        memory_urls: P4_MEMORY_URLS,
        memory_mb: P4_MEMORY_MB,
        bytes_per_url,
        java_nodes_per_url: bytes_per_url / JAVA_NODE_BYTES as f64,
        extrapolated_urls: P4_EXTRAPOLATED_URLS,
        extrapolated_gb: P4_EXTRAPOLATED_GB,
    }
}

/// The FST is measured again once the distinct URLs are this many times those of its last build:
/// a point where a growth chart's axis (often logarithmic) moves by a good step, and few builds.
pub const FST_GROWTH: u64 = 8;

/// One structure at one checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StructureRow {
    /// The structure measured.
    pub structure: Structure,
    /// URLs the structure holds by its own count (the printed list holds fewer: its false
    /// duplicates were never stored).
    pub stored: u64,
    /// Nodes of the structure, for those built of nodes (the lists and the Patricia trie); `None`
    /// for the others.
    pub nodes: Option<u64>,
    /// Bytes allocated (for the lists, the arena's capacity: it doubles as it grows).
    pub bytes: u64,
    /// `bytes / distinct`, the same denominator for every structure.
    pub bytes_per_url: f64,
    /// The lists only: the nodes in use, nodes × [`NODE_BYTES`] (no growth slack).
    pub arena_bytes_used: Option<u64>,
    /// The lists only: P4's JVM heap, an estimate ([`JAVA_NODE_BYTES`] per node).
    pub java_bytes: Option<u64>,
    /// The lists only: `java_bytes / distinct`.
    pub java_bytes_per_url: Option<f64>,
    /// The lists only: levels (the longest URL).
    pub levels: Option<u32>,
    /// The lists only: the mean depth of a stored URL, in levels.
    pub mean_depth: Option<f64>,
    /// P4's method: `bytes_per_url` × 10 million, linearly.
    pub linear_bytes_at_10m: f64,
}

/// Every structure after `lines` input lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Checkpoint {
    /// Input lines so far (duplicates included).
    pub lines: u64,
    /// Distinct URLs so far (the fixed list's count).
    pub distinct: u64,
    /// One row per structure measured here, in [`Structure::ALL`] order: every structure
    /// studied, but the FST only where it was rebuilt (see the module's notes).
    pub rows: Vec<StructureRow>,
}

/// A false duplicate: a URL P4's list called crawled because it is a proper prefix of one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlawExample {
    /// 1-based input line.
    pub line: u64,
    /// The URL as text (invalid UTF-8 shown as U+FFFD).
    pub url: String,
    /// A URL stored before it, of which it is a proper prefix.
    pub longer: String,
}

/// P4's prefix flaw measured on the input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrefixFlaw {
    /// Insertions the printed list reported as duplicates and the fixed one as new: URLs a
    /// crawler following P4 never fetches (a URL arriving after a longer one it prefixes).
    pub false_duplicates: u64,
    /// Distinct URLs that are proper prefixes of other input URLs, in any order: the URLs the
    /// printed list cannot tell from a longer one.
    pub prefix_urls: u64,
    /// Up to [`FLAW_EXAMPLES`] false duplicates, first ones first.
    pub examples: Vec<FlawExample>,
}

/// How many false duplicates [`PrefixFlaw::examples`] keeps.
pub const FLAW_EXAMPLES: usize = 5;

/// `urlhash trie` and `urlhash paper p4`: the structures side by side on one input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrieStudy {
    /// The checkpoint interval in lines (0: only P4's sizes and the end).
    pub step: u64,
    /// Input lines read, duplicates included.
    pub lines: u64,
    /// Distinct URLs (the fixed list's count).
    pub distinct: u64,
    /// The structures studied, in [`Structure::ALL`] order.
    pub structures: Vec<Structure>,
    /// Every `step` lines, at P4's 10 000 and 16 000, and at the end (the FST's rows: see the
    /// module's notes).
    pub checkpoints: Vec<Checkpoint>,
    /// The printed list at the end.
    pub gl: GlStats,
    /// The fixed list at the end.
    pub gl_fixed: GlStats,
    /// P4's prefix flaw on the input.
    pub flaw: PrefixFlaw,
    /// The printed list's walk per insertion (P4's dedup), against the list as it grew.
    pub insert_walk: WalkCosts,
    /// P4's printed numbers, to set beside the measures.
    pub claims: P4Claims,
}

/// Builds a [`TrieStudy`] from URLs pushed one at a time (any number, streamed). Both lists
/// are always kept (the flaw needs them); the other structures only when asked for.
#[derive(Debug)]
pub struct TrieStudyBuilder {
    step: u64,
    structures: Vec<Structure>,
    /// P4's list as printed and the end-marked one, walked once per line ([`GlPair`]).
    lists: GlPair,
    /// The hash sets: the structures built line by line other than the lists.
    others: Vec<AnySet>,
    /// The distinct URLs in order, when the Patricia trie or the FST is studied: both are
    /// measured from them at the checkpoints.
    sorted: Option<SortedUrls>,
    /// Whether the Patricia trie is studied.
    patricia: bool,
    /// The FST, the lines read at its last build, and the distinct URLs then.
    fst: Option<(FstUrls, u64, u64)>,
    /// The last line, when known ([`TrieStudyBuilder::ending_at`]): its checkpoint is the end's.
    end: Option<u64>,
    lines: u64,
    checkpoints: Vec<Checkpoint>,
    false_duplicates: u64,
    examples: Vec<FlawExample>,
    walk: CostSum,
}

impl TrieStudyBuilder {
    /// Checkpoints every `step` lines (0: only P4's sizes and the end) for `structures`
    /// (deduplicated, kept in [`Structure::ALL`] order).
    pub fn new(step: u64, structures: &[Structure]) -> TrieStudyBuilder {
        let mut structures = structures.to_vec();
        crate::foundation::order::sort(&mut structures);
        structures.dedup();
        let others = structures
            .iter()
            .filter(|s| matches!(s, Structure::HashSet | Structure::Md5Set))
            .map(|s| s.new_set())
            .collect();
        let patricia = structures.contains(&Structure::Patricia);
        let fst = structures
            .contains(&Structure::Fst)
            .then(|| (FstUrls::new(), 0, 0));
        TrieStudyBuilder {
            step,
            lists: GlPair::new(),
            others,
            sorted: (patricia || fst.is_some()).then(SortedUrls::new),
            patricia,
            fst,
            end: None,
            structures,
            lines: 0,
            checkpoints: Vec::new(),
            false_duplicates: 0,
            examples: Vec::new(),
            walk: CostSum::default(),
        }
    }

    /// The study ends at line `lines`: its checkpoint there is the end's, every structure
    /// measured, and [`TrieStudyBuilder::finish`] has nothing left to do when no more came.
    pub fn ending_at(mut self, lines: u64) -> TrieStudyBuilder {
        self.end = Some(lines);
        self
    }

    /// Lines pushed so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// One input line.
    pub fn push(&mut self, url: &[u8]) {
        self.lines += 1;
        let (printed_new, cost, fixed_new) = self.lists.insert(url);
        self.walk.add(cost);
        debug_assert!(
            !printed_new || fixed_new,
            "the printed list is never stricter"
        );
        if fixed_new && !printed_new {
            self.false_duplicates += 1;
            if self.examples.len() < FLAW_EXAMPLES {
                self.examples.push(FlawExample {
                    line: self.lines,
                    url: String::from_utf8_lossy(url).into_owned(),
                    longer: self.lists.printed_extension(url).unwrap_or_default(),
                });
            }
        }
        for set in &mut self.others {
            set.insert(url);
        }
        if let Some(sorted) = &mut self.sorted {
            sorted.push(url);
        }
        let whole = self.lines == P4_MEMORY_URLS
            || self.lines == P4_TIME_URLS
            || Some(self.lines) == self.end;
        if whole || (self.step > 0 && self.lines % self.step == 0) {
            self.checkpoint(whole);
        }
    }

    /// The rows of every structure now; `whole`: the FST's too, whatever it grew by.
    fn checkpoint(&mut self, whole: bool) {
        if self.checkpoints.last().map(|c| c.lines) == Some(self.lines) {
            return;
        }
        let distinct = self.lists.fixed().len();
        let sorted = self.sorted.as_mut().map(|s| s.settle());
        let patricia = (self.patricia)
            .then(|| sorted.map(|keys| (keys.len() as u64, patricia_shape(keys))))
            .flatten();
        let mut fst_measured = false;
        if let (Some((fst, at_line, built)), Some(keys)) = (&mut self.fst, sorted) {
            if whole || *built == 0 || distinct >= FST_GROWTH * *built {
                *fst = FstUrls::from_sorted(keys);
                *at_line = self.lines;
                *built = distinct.max(1);
                fst_measured = true;
            }
        }
        let per_url = |bytes: u64| bytes as f64 / distinct.max(1) as f64;
        let mut rows = Vec::new();
        for &structure in &self.structures {
            let (shape, printed);
            let set: &dyn RowSource = match structure {
                Structure::Patricia => {
                    shape = patricia.expect("kept when studied");
                    &shape
                }
                Structure::GlTrie => {
                    printed = self.lists.printed();
                    &printed
                }
                Structure::GlTrieFixed => self.lists.fixed(),
                Structure::Fst if !fst_measured => continue,
                Structure::Fst => &self.fst.as_ref().expect("kept when asked for").0,
                _ => self
                    .others
                    .iter()
                    .find(|s| s.structure() == structure)
                    .expect("kept when asked for"),
            };
            let (stored, nodes, bytes) = set.counts();
            let gl = set.gl();
            rows.push(StructureRow {
                structure,
                stored,
                nodes,
                bytes,
                bytes_per_url: per_url(bytes),
                arena_bytes_used: gl.map(|g| g.nodes * NODE_BYTES as u64),
                java_bytes: gl.map(|g| g.java_bytes),
                java_bytes_per_url: gl.map(|g| per_url(g.java_bytes)),
                levels: gl.map(|g| g.max_depth),
                mean_depth: gl.map(|g| g.depth_sum as f64 / g.urls.max(1) as f64),
                linear_bytes_at_10m: per_url(bytes) * P4_EXTRAPOLATED_URLS as f64,
            });
        }
        self.checkpoints.push(Checkpoint {
            lines: self.lines,
            distinct,
            rows,
        });
    }

    /// The structures studied, in [`Structure::ALL`] order.
    pub fn structures(&self) -> &[Structure] {
        &self.structures
    }

    /// The checkpoints passed so far, in order (what [`TrieStudyBuilder::finish`] reports, less
    /// the last one).
    pub fn checkpoints(&self) -> &[Checkpoint] {
        &self.checkpoints
    }

    /// The study: a last checkpoint at the end, and the lists' and the flaw's totals.
    pub fn finish(mut self) -> TrieStudy {
        // The end's row of the FST even where the last step's checkpoint left it out.
        if self
            .fst
            .as_ref()
            .is_some_and(|(_, at_line, _)| *at_line != self.lines)
            && self.checkpoints.last().map(|c| c.lines) == Some(self.lines)
        {
            self.checkpoints.pop();
        }
        self.checkpoint(true);
        let (gl, gl_fixed) = self.lists.stats();
        TrieStudy {
            step: self.step,
            lines: self.lines,
            distinct: self.lists.fixed().len(),
            structures: self.structures,
            checkpoints: self.checkpoints,
            gl,
            gl_fixed,
            flaw: PrefixFlaw {
                false_duplicates: self.false_duplicates,
                prefix_urls: self.lists.fixed().prefix_urls().unwrap_or(0),
                examples: self.examples,
            },
            insert_walk: self.walk.finish(),
            claims: p4_claims(),
        }
    }
}

/// What a checkpoint reads from a structure (object-safe, unlike [`UrlSet`]'s batches).
trait RowSource {
    fn counts(&self) -> (u64, Option<u64>, u64);
    fn gl(&self) -> Option<GlFigures> {
        None
    }
}

impl RowSource for GlTrie {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        RowSource::counts(&self.figures())
    }
    fn gl(&self) -> Option<GlFigures> {
        Some(self.figures())
    }
}

/// The list as printed, counted on the pair's nodes ([`GlPair::printed`]).
impl RowSource for GlFigures {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        (self.urls, Some(self.nodes), self.bytes)
    }
    fn gl(&self) -> Option<GlFigures> {
        Some(*self)
    }
}

impl RowSource for AnySet {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        let (nodes, bytes) = self.nodes_and_bytes();
        (UrlSet::len(self), nodes, bytes)
    }
    fn gl(&self) -> Option<GlFigures> {
        self.as_gl_trie().map(GlTrie::figures)
    }
}

/// The Patricia trie's URLs and shape.
impl RowSource for (u64, RadixShape) {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        (self.0, Some(self.1.nodes), self.1.bytes)
    }
}

impl RowSource for FstUrls {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        (UrlSet::len(self), None, self.fst_bytes())
    }
}

/// The study of `urls` in one call ([`TrieStudyBuilder`] for streams).
pub fn study<I>(urls: I, step: u64, structures: &[Structure]) -> TrieStudy
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    let mut builder = TrieStudyBuilder::new(step, structures);
    for url in urls {
        builder.push(url.as_ref());
    }
    builder.finish()
}
