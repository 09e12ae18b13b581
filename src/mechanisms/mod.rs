//! **Layer 2, the mechanisms**: the structures and experiments the papers describe, each with
//! its theory, measured on any URL list. They import only [`crate::foundation`] (the papers'
//! printed defaults come from [`crate::foundation::printed`]); the papers, the engine and the
//! adapters import them.
//!
//! | module | concept | paper |
//! |---|---|---|
//! | [`sweep`] | P1's Fig. 1-3 grids in one streaming pass | P1 |
//! | [`slotmap`] | every slot as a pixel (linear rows, Hilbert curve), coloured by its count | P1 |
//! | [`partition`] | P2's crawler: crawl nodes, policies, the control node's tables | P2, Nutch, Heritrix, Frontera |
//! | [`trie`] | the generalized-list trie and the URL sets it is measured against | P4 |
//! | [`bloom`] | Bloom filters, index derivations and their theory | P4, P5 |
//! | [`cbf`] | counting Bloom filters, overflow bounds, IMP-CB | P5 |
//! | [`fingerprint`] | MD5 fingerprints: avalanche, birthday bounds, alias/mirror and canonical forms | P3 |
//! | [`canon`] | which URLs are one page: WHATWG, RFC 3986, Safe Browsing and P3's canonical forms, and what each merges | beyond the papers (P3) |
//! | [`quality`] | the hash-quality battery: SMHasher3's uniformity, collision, avalanche and BIC tests scored as "^N", on keysets from the loaded URLs and synthetic ones, with P1's A and B beside them | beyond the papers (P1) |
//! | [`bakeoff`] | P4's and P5's filters beside a cuckoo filter, xor and binary fuse filters: bits per key against the false-positive rate | beyond the papers (P4, P5) |

pub mod bakeoff;
pub mod bloom;
pub mod canon;
pub mod cbf;
pub mod fingerprint;
pub mod partition;
pub mod quality;
pub mod slotmap;
pub mod sweep;
pub mod trie;
