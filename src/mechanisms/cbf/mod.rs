//! Counting Bloom filters and P5's IMP-CB Filter: MD5 fingerprint store plus a counting filter
//! in front of it.
//!
//! P5 = 吴家奇, 刘年国, 李雪, 谢翔, 王涛, 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018).
//! (Its text calls the algorithm both "IMP-CB Filter" and "IMP-CM Filter"; the lab says IMP-CB.)
//!
//! # Counting Bloom filter ([`CountingBloom`], P5 §1.2, §2.2)
//!
//! m counters of `bits` bits each (P5's n; 4 by default), packed into 64-bit words
//! ([`Counters`]); k positions per key by any [`IndexMethod`](crate::mechanisms::bloom::IndexMethod) of [`crate::mechanisms::bloom`]. Insert adds 1
//! to each of the key's k counters, delete subtracts 1, a key is present when all its counters
//! are non-zero. A counter saturates at `2^bits − 1` and is never incremented past it; every
//! increment attempted at a saturated counter is an **overflow event**.
//!
//! Saturation breaks deletion. Once a counter is stuck at its maximum it no longer knows how many
//! keys hit it, and a plain filter that keeps decrementing it can reach 0 while keys that hit it
//! remain: those keys now read as absent, **false negatives**, which a Bloom filter must never
//! give. [`CbfDelete::Decrement`] is that naive filter; [`CbfDelete::Sticky`] is Fan et al.'s
//! rule (a saturated counter is never decremented again: no false negatives, but the counter
//! stays set for good). [`deletion_experiment`] inserts N keys, deletes some, and counts the
//! remaining keys that read absent, for both rules and for IMP-CB. (Deleting a key that was
//! never inserted but reads present, a false positive, also corrupts the counters; the
//! experiment deletes only inserted keys.)
//!
//! ## Overflow theory
//!
//! With N keys and k hashes into m counters, counter i is hit `c(i) ~ Binomial(Nk, 1/m)` times:
//! `P(c(i) = j) = C(Nk, j) (1/m)^j (1 − 1/m)^(Nk−j)` ([`counter_pmf`], in log space;
//! [`counter_tail`] for `P(c(i) >= j)`). For `k <= (ln 2) m/N`, Fan, Cao, Almeida & Broder
//! (*Summary Cache*, SIGCOMM 1998 / ToN 2000) bound `P(max_i c(i) >= j) <= m (e ln 2 / j)^j`
//! ([`overflow_bound`]), which for 4-bit counters (overflow at j = 16) is **1.37 × 10^-15 × m**.
//! P5 prints two misprints of it, kept here as labelled functions:
//!
//! * `m (ln 2 / j)^j`, the e lost ([`overflow_bound_printed`]); at j = 16 it gives
//!   1.5 × 10^-22 × m;
//! * "`1.37 × 10^15 × m`" ([`P5_PRINTED_J16_FACTOR`](crate::foundation::printed::P5_PRINTED_J16_FACTOR)), the sign of the exponent lost: a bound
//!   above 1 that bounds nothing.
//!
//! # IMP-CB ([`ImpCb`], P5 §2.3, Fig. 2)
//!
//! A URL's fingerprint is MD5(URL), stored with its reference count and its k counter indices in
//! the **fingerprint store** (指纹库). The store is a trait, [`FingerprintDb`]: by default
//! [`MemFingerprints`] in memory (a `HashMap<u128, Record>`; the indices live in one flat array,
//! k `u32`s per record), and natively a SQLite file (`native::p5_disk`), where P5 puts it;
//! `ImpCb<S>` runs the same code over either. The k indices are derived from the fingerprint
//! ([`IndexMethod::for_each_index_of_md5`](crate::mechanisms::bloom::IndexMethod::for_each_index_of_md5): "the k hash functions over MD5-value").
//!
//! * **Process** a URL: if any of its k counters is 0 the URL is certainly new (no store lookup:
//!   [`ImpCbStats::answered_by_counters`]): keep it, store (fingerprint, count = 1, indices),
//!   and add 1 to each of the k counters that is below `2^bits − 1`. If all are non-zero, look
//!   the fingerprint up: found → duplicate, count += 1 (the counters are not touched: they count
//!   **distinct** fingerprints, not references); not found (the filter's false positive) → new,
//!   as above. P5's text adds 1 to the counters **twice** in that last branch ("…进行加 1 操作
//!   … 最后 … 并且分别对 M1 … Mk … 进行加 1 操作"); [`ImpCb::process_printed`] runs it so, as a
//!   labelled reading, to show what it would count.
//! * **Delete** a URL: its reference count drops by 1; at 0 the record is removed and its k
//!   counters drop by 1. At a saturated counter P5 "counts in the fingerprint store how many
//!   stored fingerprints map to that counter" and sets the counter to that count (at most the
//!   maximum). A fingerprint whose k indices hit one counter twice incremented it twice, so the
//!   lab counts occurrences. Two ways, [`SaturatedDelete`]:
//!   * `scan` (P5 as written): a pass over every stored record's indices, `k ×` (records) reads
//!     per saturated decrement ([`ImpCbStats::scanned_indices`]);
//!   * `side-table` (the lab's): a map from each saturated counter to its true count, kept
//!     current on insert and delete: O(1) per decrement, 8 bytes (plus table overhead) per
//!     saturated counter.
//!
//!   Both keep every counter equal to `min(true count, 2^bits − 1)`, so a stored URL never
//!   finds a 0 counter: **no false negatives** under any sequence of inserts and deletes.
//!
//! [`FingerprintStore`] is P5's Fig. 1 baseline: the store alone (`HashMap<u128, u32>` of
//! reference counts; [`fig1_process`] runs Fig. 1 over any [`FingerprintDb`]). Both have
//! `process(url) -> Verdict` for P5's Fig. 3 timing (callers time; this core never reads a
//! clock). In memory the counters cannot save lookups' I/O as in P5; they save store probes,
//! counted in the stats. Over a store that can fail (on disk) the calls are `try_process` and
//! the like; over the stores in memory (`Error = Infallible`) `process`, `delete`, `contains`
//! and `count` return plain values.
//!
//! # P5's printed tail "bound"
//!
//! P5 §2.2 writes `P(c(i) ≥ j) ≤ C(Nk, j)(1/m)^j(1 − 1/m)^(Nk−j)`; that right side is
//! `P(c(i) = j)`, so the inequality fails at every `j < Nk` ([`printed_tail_bound`] puts both
//! side by side). The sentence before it also says "从 N 次" (of N hash computations) where
//! its formula has Nk.
//!
//! Memory is modelled for a 64-bit target as in [`crate::mechanisms::bloom`] (hashbrown buckets, an
//! `(u128, Record)` entry is 32 bytes with `u128` aligned to 16), identically on every target.
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::bloom::IndexMethod;
//! use urlhashlab::mechanisms::cbf::{CountingBloom, ImpCb, Verdict};
//! // bits = 1: a counter saturates at 1. Two keys on one counter, delete one: the other is lost.
//! let mut cbf = CountingBloom::new(1, 1, 1, IndexMethod::Independent).unwrap();
//! cbf.insert(b"http://a.cn/");
//! cbf.insert(b"http://b.cn/");
//! assert_eq!(cbf.overflow_events(), 1);
//! assert!(cbf.delete(b"http://b.cn/"));
//! assert!(!cbf.contains(b"http://a.cn/")); // a false negative
//!
//! // IMP-CB on the same single counter resolves the saturated delete in its store.
//! let mut imp = ImpCb::new(1, 1, 1, IndexMethod::Md5Slices).unwrap();
//! assert_eq!(imp.process(b"http://a.cn/"), Verdict::New);
//! assert_eq!(imp.process(b"http://b.cn/"), Verdict::New);
//! assert_eq!(imp.process(b"http://a.cn/"), Verdict::Duplicate);
//! imp.delete(b"http://b.cn/");
//! assert!(imp.contains(b"http://a.cn/"));
//! assert!(!imp.contains(b"http://b.cn/"));
//! ```

mod counters;
mod deletion;
mod filter;
mod stores;
mod theory;

pub use counters::*;
pub use deletion::*;
pub use filter::*;
pub use stores::*;
pub use theory::*;

#[cfg(test)]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use crate::mechanisms::bloom::IndexMethod;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[derive(Clone, Debug)]
    enum Op {
        Process(u8),
        Delete(u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            3 => (0u8..40).prop_map(Op::Process),
            2 => (0u8..40).prop_map(Op::Delete),
        ]
    }

    fn url(i: u8) -> Vec<u8> {
        format!("http://www.example{}.cn/p{}", i % 7, i).into_bytes()
    }

    fn check(f: &ImpCb) -> Result<(), TestCaseError> {
        for i in 0..f.counters.m as u32 {
            let t = f.true_count(i);
            prop_assert_eq!(
                f.counters.get(i as u64),
                t.min(f.counters.max),
                "counter {}",
                i
            );
            if f.resolve == SaturatedDelete::SideTable {
                prop_assert_eq!(f.side.get(&i).copied(), (t >= f.counters.max).then_some(t));
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(300))]

        #[test]
        fn imp_cb_never_loses_a_url(
            m in 1u64..24,
            k in 1u32..6,
            bits in 1u32..=3,
            method in prop::sample::select(IndexMethod::ALL.to_vec()),
            ops in prop::collection::vec(op(), 1..120),
        ) {
            let mut scan = ImpCb::new(m, k, bits, method).unwrap().with_resolve(SaturatedDelete::Scan);
            let mut side = ImpCb::new(m, k, bits, method).unwrap();
            let mut model: HashMap<u8, u32> = HashMap::new();
            for op in &ops {
                match *op {
                    Op::Process(i) => {
                        let expected = if model.get(&i).copied().unwrap_or(0) > 0 {
                            Verdict::Duplicate
                        } else {
                            Verdict::New
                        };
                        *model.entry(i).or_insert(0) += 1;
                        prop_assert_eq!(scan.process(&url(i)), expected);
                        prop_assert_eq!(side.process(&url(i)), expected);
                    }
                    Op::Delete(i) => {
                        let c = model.get(&i).copied().unwrap_or(0);
                        let expected = match c {
                            0 => DeleteOutcome::Absent,
                            1 => DeleteOutcome::Removed,
                            _ => DeleteOutcome::Decremented,
                        };
                        if c > 0 {
                            model.insert(i, c - 1);
                        }
                        prop_assert_eq!(scan.delete(&url(i)), expected);
                        prop_assert_eq!(side.delete(&url(i)), expected);
                    }
                }
                for i in 0..40u8 {
                    let present = model.get(&i).copied().unwrap_or(0) > 0;
                    prop_assert_eq!(scan.contains(&url(i)), present);
                    prop_assert_eq!(side.contains(&url(i)), present);
                }
                prop_assert_eq!(&scan.counters, &side.counters);
                check(&scan)?;
                check(&side)?;
            }
        }

        #[test]
        fn sticky_counting_filter_never_loses_a_key(
            m in 1u64..32,
            k in 1u32..6,
            bits in 1u32..=3,
            method in prop::sample::select(IndexMethod::ALL.to_vec()),
            ops in prop::collection::vec(op(), 1..120),
        ) {
            let mut f = CountingBloom::new(m, k, bits, method).unwrap().with_delete_rule(CbfDelete::Sticky);
            let mut model: HashMap<u8, u32> = HashMap::new();
            for op in &ops {
                match *op {
                    Op::Process(i) => {
                        f.insert(&url(i));
                        *model.entry(i).or_insert(0) += 1;
                    }
                    // Only keys that were inserted are deleted.
                    Op::Delete(i) => {
                        if let Some(c) = model.get_mut(&i).filter(|c| **c > 0) {
                            *c -= 1;
                            prop_assert!(f.delete(&url(i)));
                        }
                    }
                }
                for (&i, &c) in &model {
                    if c > 0 {
                        prop_assert!(f.contains(&url(i)));
                    }
                }
            }
        }
    }
}
