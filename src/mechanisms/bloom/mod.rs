//! Bloom filters for URL de-duplication (P4, P5): the filter, four ways of deriving its k bit
//! positions, the false-positive theory, and experiments that measure the rate beside it.
//!
//! # The papers
//!
//! * **P4** 吴小惠, 分布式网络爬虫 URL 去重策略的改进 (2009), §1.2 (4): a Bloom filter "needs only
//!   1/8 to 1/4 of the hash table's size" and "uses a 16 times larger address space with 8 hash
//!   functions" (m/N = 16, k = 8). P4 prints no error rate.
//! * **P5** 吴家奇 et al., 基于 Counting Bloom Filter 的海量网页快速去重研究 (2018), §3: k = 8 and
//!   m/n = 20, chosen after its reference \[12\] (P. Cao, *Bloom Filters — the math*, the Summary
//!   Cache notes, which tabulate `(1 − e^(−kn/m))^k`). P5 prints no error rate either.
//!
//! The rates shown beside those points ([`PAPER_POINTS`]) are therefore the formula's, as the
//! lab's paper digest lists them: m/N = 16, k = 8 → 5.7 × 10^-4; m/N = 20, k = 8 → 1.4 × 10^-4;
//! the optimal k at m/N = 20 is 20 ln 2 = 13.9 → 6.7 × 10^-5.
//!
//! # The theory
//!
//! After n keys are inserted with k positions each into m bits, a given bit is still 0 with
//! probability `(1 − 1/m)^(kn)`, and a key never inserted finds all its k bits set with
//! probability (Bloom 1970; Fan, Cao, Almeida & Broder 2000)
//!
//! * [`fpr_exact`] `= (1 − (1 − 1/m)^(kn))^k` (computed with `ln_1p` / `exp_m1`, so it stays
//!   accurate for m in the billions), and
//! * [`fpr_approx`] `= (1 − e^(−kn/m))^k`, which depends on m/n only;
//! * [`optimal_k`] `= (m/n) ln 2` minimises the approximation, where it equals `2^(−k)`.
//!
//! Both assume the k positions are independent and uniform. They are not exactly: the exact
//! rate of a real filter is `E[fill^k]`, slightly above `E[fill]^k`, and the derivation of the
//! positions ([`IndexMethod`]) adds its own dependence. A measured rate comes with its Wilson
//! score interval ([`wilson_interval`]) so "measured beside theory" can be judged.
//!
//! # Deriving the k positions ([`IndexMethod`], stable ids)
//!
//! | id | positions `g_0 … g_{k−1}` in `0..m` | source |
//! |---|---|---|
//! | `independent` | `g_i = XXH3-64(key, seed = i) mod m` | k independent hash functions, the textbook model |
//! | `double` | `g_i = (h1 + i·h2) mod m`, `h1`/`h2` the low/high 64 bits of XXH3-128(key) | Kirsch & Mitzenmacher, *Less Hashing, Same Performance* (ESA 2006) |
//! | `enhanced-double` | `x = h1 mod m, y = h2 mod m; g_0 = x; then x += y, y += i (mod m)`, i.e. `g_i = h1 + i·h2 + (i³ − i)/6 mod m` | Dillinger & Manolios, *Bloom Filters in Probabilistic Verification* (FMCAD 2004) |
//! | `md5-slices` | MD5(key) cut into k slices, `g_i = slice_i mod m` | the lab's reading of P5, see below |
//!
//! **`md5-slices`.** P5 computes MD5(URL) and then "the k hash functions of the Counting Bloom
//! Filter over MD5-value, hash_1 … hash_k" (§2.3) without saying what those functions are. The
//! common reading, and ours, cuts the digest itself into k slices: with `w = ⌊128/k⌋`, slice i is
//! bits `[i·w, (i+1)·w)` of the digest counted from its first (most significant) bit, i.e. the
//! big-endian number [`crate::foundation::hash::md5_u128`] shifted and masked. For k = 8 the slices are
//! 16 bits, hex digits `4i … 4i+3` of the digest's spelling: MD5("abc") =
//! `9001 5098 3cd2 4fb0 d696 3f7d 28e1 7f72` gives the positions 0x9001, 0x5098, … for m = 2^16.
//! When k does not divide 128 the last `128 − k·w` bits are unused.
//!
//! A w-bit slice addresses only 2^w bits, and P5's own size (m = 20 × 2 000 000 counters with
//! k = 8) is far beyond 2^16. **Widened (the lab's, labelled):** when `m > 2^w` every slice is
//! 64 bits instead, taken big-endian from the stream `D_0 ‖ D_1 ‖ D_2 ‖ …` where
//! `D_0 = MD5(key)` and `D_j = MD5(D_0 ‖ j)` (17 bytes: the digest then the byte j), so slices
//! 0 and 1 are the halves of the digest and k = 8 costs three further MD5 blocks of 17 bytes.
//! [`md5_slice_width`] says which case applies. A narrow slice reduced `mod m` is uneven when m
//! is not a power of two and close to 2^w (the low `2^w mod m` positions are hit once more
//! often); a 64-bit slice makes that negligible.
//!
//! The counting filters of [`crate::mechanisms::cbf`] reuse these derivations ([`IndexMethod::for_each_index`]
//! on the URL, [`IndexMethod::for_each_index_of_md5`] on P5's fingerprint).
//!
//! # Memory (P4's "1/8 to 1/4 of the hash table")
//!
//! [`memory_comparison`] sets the filter's `m/8` bytes beside two hash sets of the same URLs,
//! modelled structurally as Rust's `HashSet` (hashbrown: a power-of-two number of buckets at
//! most 7/8 full, one control byte per bucket plus 16) on a 64-bit target: `HashSet<String>`
//! (24-byte buckets plus each string's heap block, glibc malloc on x86-64: `max(32, ⌈(len + 8) /
//! 16⌉ · 16)` bytes) and `HashSet<u128>` of the MD5 fingerprints (16-byte buckets). The model is
//! the same on every target, so the CLI and the page print the same numbers.
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::bloom::{fpr_approx, Bloom, IndexMethod};
//! use urlhashlab::foundation::corpus::Corpus;
//! let corpus = Corpus::new(2004);
//! let n = 2_000;
//! let mut filter = Bloom::for_keys(n, 16.0, 8, IndexMethod::EnhancedDouble).unwrap();
//! let mut urls = corpus.iter(0, n);
//! while let Some(url) = urls.next_url() {
//!     filter.insert(url);
//! }
//! // No false negatives: every inserted URL is found.
//! let mut urls = corpus.iter(0, n);
//! while let Some(url) = urls.next_url() {
//!     assert!(filter.contains(url));
//! }
//! // False positives among URLs never inserted, beside the theory (5.7e-4 at m/N = 16, k = 8).
//! let report = filter.measure(corpus.iter(n, 20_000));
//! assert_eq!(report.trials, 20_000);
//! assert!(report.false_positives < 60);
//! assert!((fpr_approx(8.0, 1.0, 16.0) - 5.7e-4).abs() < 1e-5);
//! assert_eq!(filter.bytes(), 4_000); // 32 000 bits
//! ```

mod demo;
mod experiments;
mod filter;
mod index;
mod limits;
mod memory;
mod theory;

pub use crate::foundation::stats::{wilson_interval, Z_95};
pub use demo::*;
pub use experiments::*;
pub use filter::*;
pub use index::*;
pub use limits::*;
pub use memory::*;
pub use theory::*;

#[cfg(test)]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use crate::foundation::hash::md5_digest;
    use proptest::prelude::*;

    fn method() -> impl Strategy<Value = IndexMethod> {
        prop::sample::select(IndexMethod::ALL.to_vec())
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(256))]

        #[test]
        fn prepared_keys_give_the_positions_of_the_keys_themselves(
            methods in prop::collection::vec(method(), 1..4),
            m in prop::sample::select(vec![1u64, 7, 1_000, 65_536, 65_537, 3_000_000]),
            k in 1u32..=24,
            extra in 0u32..4,
            keys in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..40), 2..60),
        ) {
            // Words kept for k + extra positions serve a filter of k.
            let inserted = keys.len() / 2;
            let mut prep = PreparedKeys::new(&methods, k + extra, inserted);
            for key in &keys {
                prep.push(key);
            }
            prop_assert_eq!(prep.len(), keys.len());
            for &method in &methods {
                let (mut by_key, mut prepared) =
                    (Bloom::new(m, k, method).unwrap(), Bloom::new(m, k, method).unwrap());
                for (i, key) in keys[..inserted].iter().enumerate() {
                    by_key.insert(key);
                    prep.insert(&mut prepared, i, key);
                }
                prop_assert_eq!(by_key.bits_set(), prepared.bits_set());
                for i in 0..m.min(1 << 16) {
                    prop_assert_eq!(by_key.bit(i), prepared.bit(i));
                }
                for (i, key) in keys.iter().enumerate() {
                    prop_assert_eq!(by_key.contains(key), prep.contains(&prepared, i, key));
                }
            }
        }

        #[test]
        fn no_false_negatives(
            method in method(),
            m in 1u64..5000,
            k in 1u32..=24,
            keys in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..40), 1..200),
        ) {
            let mut b = Bloom::new(m, k, method).unwrap();
            for key in &keys {
                b.insert(key);
            }
            for key in &keys {
                prop_assert!(b.contains(key));
            }
            prop_assert!(b.bits_set() <= m.min(keys.len() as u64 * k as u64));
        }

        #[test]
        fn indices_are_in_range_and_match_the_filter(
            method in method(),
            m in 1u64..(1 << 40),
            k in 1u32..=MAX_K,
            key in prop::collection::vec(any::<u8>(), 0..64),
        ) {
            let g = method.indices(&key, k, m);
            prop_assert_eq!(g.len(), k as usize);
            prop_assert!(g.iter().all(|&i| i < m));
            if method == IndexMethod::Md5Slices {
                prop_assert_eq!(method.indices_of_md5(&md5_digest(&key), k, m), g);
            }
        }

        #[test]
        fn fpr_exact_is_at_least_the_approximation(k in 1u32..30, n in 1u64..1_000_000, r in 1.0f64..64.0) {
            let m = (n as f64 * r).round();
            let (e, a) = (fpr_exact(k as f64, n as f64, m), fpr_approx(k as f64, n as f64, m));
            prop_assert!(e >= a * (1.0 - 1e-12));
            prop_assert!((0.0..=1.0).contains(&e));
        }
    }
}
