//! **Layer 1, the foundation**: what every other layer stands on. It imports nothing of the
//! crate outside this folder; the mechanisms, the papers, the engine and the adapters import it.
//!
//! | module | concept | paper |
//! |---|---|---|
//! | [`hash`] | every hash function, one registry with stable ids | P1, P2, P3, baselines |
//! | [`mix`] | SplitMix64 and the hashers of the lab's own tables | — |
//! | [`order`] | one stable sort for short tables (a smaller WebAssembly core) | — |
//! | [`stats`] | χ² p-values (the gamma function), Poisson and binomial probabilities, Wilson intervals | P1-P5 |
//! | [`columns`] | tables (CSV, TSV): which column holds the URLs | — |
//! | [`lines`] | URL lists as they arrive: BOM, CRLF, blank, huge lines | — |
//! | [`suffix`] | the Public Suffix List: registrable domains, from its rules text on wasm32 | — |
//! | [`key`] | what is hashed: whole URL, host or path | P1, P2 |
//! | [`metrics`] | A, A_opt, B, χ², max load, bucket sizes | P1 |
//! | [`split`] | the dedup experiments' inserted and held-out keys, distinct lines exactly | P4, P5 |
//! | [`corpus`] | a seeded 2004-style Chinese crawl, streamed | P1, P2 |
//! | [`slots`] | the number of slots M as a user types it, one grammar for the CLI and the page | P1 |
//! | [`coded`] | errors a user can act on: a code, its arguments and the English sentence | — |
//! | [`printed`] | the papers' printed numbers the mechanisms default to | P1, P3, P4, P5 |
//! | [`timing`] | a batch repeated until a clock handed in says it took long enough | P2, P4 |

pub mod coded;
pub mod columns;
pub mod corpus;
pub mod hash;
pub mod key;
pub mod lines;
pub mod metrics;
pub mod mix;
pub mod order;
pub mod printed;
pub mod slots;
pub mod split;
pub mod stats;
pub mod suffix;
pub mod timing;
