//! # URL Hash Lab (网址散列实验室)
//!
//! The hash functions, measures and dedup structures of five Chinese papers on crawler URL
//! hashing, reproduced bit for bit and measured on any URL list. This crate is the pure core:
//! no I/O, no threads, no `wasm-bindgen`. The `urlhash` command-line tool and the WebAssembly
//! page are thin layers over it.
//!
//! The modules read bottom-up, one folder per layer; a layer imports only the layers below it.
//!
//! | layer | module | concept | paper |
//! |---|---|---|---|
//! | [`foundation`] | [`hash`](foundation::hash) | every hash function, one registry with stable ids | P1, P2, P3, baselines |
//! | | [`mix`](foundation::mix) | SplitMix64 and the hashers of the lab's own tables | — |
//! | | [`order`](foundation::order) | one stable sort for short tables (a smaller WebAssembly core) | — |
//! | | [`stats`](foundation::stats) | χ² p-values (the gamma function), Poisson and binomial probabilities, Wilson intervals | P1-P5 |
//! | | [`columns`](foundation::columns) | one column of a CSV or TSV file as the URL list | — |
//! | | [`lines`](foundation::lines) | URL lists as they arrive: BOM, CRLF, blank, huge lines | — |
//! | | [`suffix`](foundation::suffix) | the Public Suffix List: registrable domains, from its rules text on wasm32 | — |
//! | | [`key`](foundation::key) | what is hashed: whole URL, host or path | P1, P2 |
//! | | [`metrics`](foundation::metrics) | A, A_opt, B, χ², max load, bucket sizes | P1 |
//! | | [`split`](foundation::split) | the dedup experiments' inserted and held-out keys, distinct lines exactly | P4, P5 |
//! | | [`corpus`](foundation::corpus) | a seeded 2004-style Chinese crawl, streamed | P1, P2 |
//! | | [`slots`](foundation::slots) | the number of slots M as a user types it, one grammar for the CLI and the page | P1 |
//! | | [`coded`](foundation::coded) | errors a user can act on: a code, its arguments, the English sentence | — |
//! | | [`printed`](foundation::printed) | the papers' printed numbers the mechanisms default to | P1, P3, P4, P5 |
//! | [`mechanisms`] | [`sweep`](mechanisms::sweep) | P1's Fig. 1-3 grids in one streaming pass | P1 |
//! | | [`slotmap`](mechanisms::slotmap) | every slot as a pixel (linear rows, Hilbert curve), coloured by its count | P1 |
//! | | [`partition`](mechanisms::partition) | P2's crawler: crawl nodes, policies, the control node's tables | P2, Nutch, Heritrix, Frontera |
//! | | [`trie`](mechanisms::trie) | the generalized-list trie and the URL sets it is measured against | P4 |
//! | | [`bloom`](mechanisms::bloom) | Bloom filters, index derivations and their theory | P4, P5 |
//! | | [`cbf`](mechanisms::cbf) | counting Bloom filters, overflow bounds, IMP-CB | P5 |
//! | | [`fingerprint`](mechanisms::fingerprint) | MD5 fingerprints: avalanche, birthday bounds, alias/mirror and canonical forms | P3 |
//! | [`papers`] | `p1` … `p5` | each paper's printed numbers, presets and study | P1-P5 |
//! | [`engine`] | [`session`](engine::session) | one loaded list: kept lines, raw values re-binned for any M, the filters' keys | P1 |
//! | | [`study`](engine::study) | the studies that run on a session in slices, beside each other | P1-P5 |
//! | | [`quiz`](engine::quiz) | the lessons' self-check questions, answered from the loaded URLs | P1-P5 |
//! | | [`constants`](engine::constants) | every paper number, preset and limit the page uses, from the modules that own them | P1-P5 |
//! | [`adapters`] | `wasm` | (wasm32 only) the WebAssembly adapter: one `Lab` handle over an [`engine::session::Session`], batched calls | — |
//! | | `native` | (native only) the papers' databases, files and threads: P4's SQLite table and MD5 directories, P3's spider threads | P3, P4 |
//! | | `urlhash` | the command-line tool, a binary of its own (src/bin/urlhash) | P1-P5 |
//!
//! The papers: P1 李晓明 & 凤旺森, 两种对 URL 的散列效果很好的函数 (J. Software 2004);
//! P2 李村合 et al., 两种适用于中文信息搜集的 URL 散列函数的研究; P3 杨海东 et al. (2006) on MD5
//! page fingerprints; P4 吴小惠 (2009) on a generalized-list trie; P5 吴家奇 et al. (2018) on
//! counting Bloom filters.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::hash::HashId;
//! use urlhashlab::foundation::metrics::Tally;
//! use urlhashlab::foundation::corpus::Corpus;
//! let mut tally = Tally::new(12);
//! let corpus = Corpus::new(2004);
//! let mut urls = corpus.iter(0, 10_000);
//! while let Some(url) = urls.next_url() {
//!     tally.add(HashId::Hf.slot(url, 12));
//! }
//! // hf is 3 * Σ c·i: with M = 12 only the 4 multiples of 3 are ever hit.
//! assert_eq!(tally.counts().iter().filter(|&&c| c > 0).count(), 4);
//! assert!(tally.load_balance_b() > 2.9);
//! ```

#![warn(missing_docs)]

// The layers, bottom-up: each imports only the ones above it in this list.

pub mod foundation;

pub mod mechanisms;

pub mod papers;

pub mod engine;

pub mod adapters;

/// What the unit tests share.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod testing {
    use proptest::test_runner::{Config, RngAlgorithm, RngSeed};

    /// The property tests' configuration: `cases` cases drawn from a fixed seed, so a test
    /// draws the same inputs on every machine and every run. Every field that
    /// `Config::default()` would read from a `PROPTEST_*` variable of the environment is set
    /// here; no failure file is read or written (a failure prints its shrunk input).
    pub fn proptest_config(cases: u32) -> Config {
        Config {
            cases,
            rng_seed: RngSeed::Fixed(2004),
            failure_persistence: None,
            max_local_rejects: 65_536,
            max_global_rejects: 1024,
            max_shrink_iters: 1024,
            max_shrink_time: 0,
            timeout: 0,
            fork: false,
            verbose: 0,
            max_flat_map_regens: 1_000_000,
            max_default_size_range: 100,
            rng_algorithm: RngAlgorithm::ChaCha,
            ..Config::default()
        }
    }
}
