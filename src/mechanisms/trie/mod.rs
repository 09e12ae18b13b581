//! P4's improved generalized list (改进广义表): a trie of one node per character linked by
//! `head` and `tail`, its prefix flaw and the fix, beside the structures it competes with,
//! all measured on the same URLs.
//!
//! P4 = 吴小惠, 分布式网络爬虫 URL 去重策略的改进 (2009, no. 5, pp. 116-119). P4 keeps every
//! crawled URL on the control server in memory as a generalized list whose nodes are all alike
//! (no element/sublist distinction, so the list can grow) and carry one character each:
//!
//! ```java
//! class GLNode { char data; GLNode head; GLNode tail; boolean isRoot;
//!   GLNode()          { data = '?'; head = tail = null; isRoot = true;  }
//!   GLNode(char data) { this.data = data; head = tail = null; isRoot = false; } }
//! class GLTree { GLNode root = new GLNode(); int totalpoint = 0; }
//! ```
//!
//! # The structure as the lab reads it ([`GlTrie`])
//!
//! P4's insertion (its §2.2 1) and Fig. 2): start at the tree's root and walk the URL char by
//! char; when the char's node exists on the current level, `goHead()` into the next level;
//! when it does not, "create the root node of that level and the char's node, point the root's
//! `head` at the char's node" and go on. Lookup (§2.2 2), Fig. 3) is the same walk without
//! creating: the URL has been crawled when every char is found.
//!
//! The only nodes with `isRoot = true` are made by `GLNode()`, which has no char (`'?'`), and
//! `GLTree`'s own root is one of them, so the lab reads a level's **root** as a header node
//! without a char that starts the level (the head node of a generalized list's head/tail
//! storage): `root.head` is the level's first char node, char nodes on one level are chained by
//! `tail` (new chars appended at the end, after the walk that missed them), and a char node's
//! `head` is the root of the level below it. So a new level costs two nodes (root and char) and
//! a level that already exists one. `sina.com` then `sohu.com` (P4's Fig. 1; `[R]` is a root,
//! `→` a `head`, `┄` a `tail`):
//!
//! ```text
//! [R] → s → [R] → i → [R] → n → [R] → a → [R] → . → [R] → c → [R] → o → [R] → m
//!                 ┆
//!                 o → [R] → h → [R] → u → [R] → . → [R] → c → [R] → o → [R] → m
//! ```
//!
//! 29 nodes: the tree's root, `s`, the root of level 1, `i` and `o`, then 6 chars and 6 roots
//! for each of `na.com` and `hu.com`. P4's `totalpoint` ([`GlStats::total_points`]) counts the
//! nodes made by insertions (the constructor's root is made before `totalpoint = 0`): 28.
//!
//! **Chars** are Java `char`s, P4's type: the UTF-16 code units `charAt` returns for the line
//! decoded as UTF-8, an invalid sequence becoming U+FFFD as Java's decoder does (the rule of
//! [`crate::foundation::hash`]). For ASCII URLs a char is a byte. A non-BMP char takes two nodes (its
//! surrogates), and two invalid lines that decode to the same Java string are one URL here.
//!
//! # The flaw and the fix
//!
//! Nothing marks where a URL ends, so a URL that is a proper prefix of a stored one is "found":
//! after `http://a.cn/ab`, P4's lookup of `http://a.cn/a` walks every char and reports it
//! crawled, and inserting it creates no node ([`GlTrie::insert`] returns `false`): a crawler
//! following P4 never fetches it (a **false duplicate**). [`GlTrie::with_end_marks`] is the
//! lab's fix (not P4's): an end-of-URL mark on the node of a URL's last char, one more boolean
//! per node (the Java object stays 24 bytes), and a URL is found only where a mark is.
//! [`TrieStudy::flaw`](crate::papers::p4::TrieStudy::flaw) counts the false duplicates of an input by running both side by side.
//!
//! # Measures
//!
//! * **nodes**, root and char nodes, P4's `totalpoint`; **levels** (the longest URL in chars)
//!   and the mean depth of a stored URL; the widest level (the longest `tail` chain).
//! * **bytes**: the arena, `capacity × size_of::<Node>()` (12 bytes: two `u32` indices with
//!   `u32::MAX` for null, the `u16` char, two flags) plus the struct, and
//!   [`GlStats::java_bytes`], an **estimate** of P4's JVM: [`JAVA_NODE_BYTES`] = 24 bytes per
//!   `GLNode` (a 32-bit HotSpot object: 8-byte header + 2 (`char`) + 1 (`boolean`) + 2 × 4
//!   (references) = 19, aligned to 8; a 64-bit JVM with compressed references also gives
//!   12 + 2 + 1 + 2 × 4 = 23 → 24, without them 40), heap headroom and GC aside.
//! * **siblings walked** ([`LookupCost`]): the char nodes compared on a level before the match
//!   or the end of the level. Each level is a linked list, so a lookup costs
//!   `Σ (position of the char on its level)`, not one step per char.
//!
//! # The structures it is compared with ([`Structure`], ids in brackets)
//!
//! Each holds the same URLs behind [`UrlSet`] (insert, lookup, count, bytes), and [`AnySet`]
//! dispatches over them so a caller can loop. Bytes are computed from each structure's layout,
//! allocator overhead (malloc headers, rounding) left out everywhere:
//!
//! * `gl-trie`, `gl-trie-fixed`: [`GlTrie`] as printed and with end marks.
//! * `hash-set`: a `HashSet` of the URLs as byte strings (P4's "in-memory hash table"): the
//!   table, `buckets × (24 + 1)` bytes (a 24-byte `Vec<u8>`/`String` and one control byte per
//!   bucket, `buckets = capacity / 7 × 8` as hashbrown sizes it) plus 16 control bytes, and the
//!   heap bytes of the URLs themselves. Keys are bytes, so lines that are not UTF-8 are kept.
//! * `md5-set`: a `HashSet<u128>` of MD5 fingerprints (P3; P4's disk-path scheme keys on the
//!   MD5 too): `buckets × (16 + 1) + 16`. Two URLs sharing an MD5 would be one: a chance of
//!   about `n² / 2^129`.
//! * `patricia`: `patricia_tree::PatriciaSet`, a compressed (radix) trie whose nodes, like
//!   P4's, have a first child and a next sibling, but hold a whole label. The crate keeps no
//!   account and hides its nodes, so the shape is rebuilt from the sorted keys (a node per key
//!   and per branching point, labels of at most 255 bytes) and each node counted as the crate
//!   allocates it: `2 + label` bytes, padded to 8 and followed by an 8-byte pointer for a
//!   child and for a sibling when it has them.
//! * `fst`: `fst::Set`, a minimal acyclic automaton built once from the sorted distinct URLs
//!   (exact bytes: its byte array). It is static: [`FstUrls::insert_all`] merges the new URLs
//!   with the old in a complete rebuild, which is its insert cost. The builder shares
//!   suffixes through a bounded node cache, so the automaton is not always minimal and its size
//!   depends on the build: in the page's 32-bit WebAssembly it comes out about 2 % larger
//!   (22.0 against 21.6 bytes per URL on 100 000 corpus URLs).
//!
//! # P4's numbers ([`p4_claims`](crate::papers::p4::p4_claims))
//!
//! Table 1, 16 000 URLs on a 1.86 GHz Centrino with 1 GB, Java: a database takes 968 ms per
//! dedup, an in-memory linked list 15 ms, the improved generalized list 0.8 ms (the mean of 20,
//! Eclipse could not time one). Memory: 2 MB for 10 000 URLs, extrapolated linearly to 2 GB
//! for 10 million. The core measures no time (no clocks on wasm32): callers time
//! [`UrlSet::insert_all`] and [`UrlSet::contains_all`].
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::trie::GlTrie;
//! let mut printed = GlTrie::new();
//! assert!(printed.insert(b"http://a.cn/ab"));
//! // P4's false duplicate: a proper prefix of a stored URL is "found", and is never stored.
//! assert!(printed.contains(b"http://a.cn/a"));
//! assert!(!printed.insert(b"http://a.cn/a"));
//! let mut fixed = GlTrie::with_end_marks();
//! fixed.insert(b"http://a.cn/ab");
//! assert!(!fixed.contains(b"http://a.cn/a"));
//! assert!(fixed.insert(b"http://a.cn/a"));
//! ```

mod list;
mod structures;
mod timing;
mod trace;

pub use list::*;
pub use structures::*;
pub use timing::*;
pub use trace::*;

#[cfg(test)]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod proptests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn url() -> impl Strategy<Value = String> {
        "(http://)?[ab]{0,2}(\\.cn)?(/[ab中é😀?=]{0,4}){0,3}"
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_config(256))]

        #[test]
        fn the_list_finds_every_inserted_url(
            urls in prop::collection::vec(url(), 0..40),
            queries in prop::collection::vec(url(), 0..40),
        ) {
            let mut printed = GlTrie::new();
            let mut fixed = GlTrie::with_end_marks();
            let mut reference = HashSet::new();
            for u in &urls {
                let new = reference.insert(u.clone());
                prop_assert_eq!(fixed.insert(u.as_bytes()), new);
                let printed_new = printed.insert(u.as_bytes());
                prop_assert!(!printed_new || new);
            }
            for u in &urls {
                prop_assert!(printed.contains(u.as_bytes()));
                prop_assert!(fixed.contains(u.as_bytes()));
            }
            for q in queries.iter().chain(&urls) {
                prop_assert_eq!(fixed.contains(q.as_bytes()), reference.contains(q));
                // As printed: found exactly when it is a prefix of a stored URL (the empty
                // string walks no char, so it is always "found").
                let prefix = q.is_empty() || reference.iter().any(|k| k.starts_with(q.as_str()));
                prop_assert_eq!(printed.contains(q.as_bytes()), prefix);
            }
            prop_assert_eq!(printed.nodes(), fixed.nodes());
            prop_assert_eq!(fixed.len() as usize, reference.len());
            let drawing = fixed.nodes_for_drawing(usize::MAX);
            prop_assert_eq!(drawing.len() as u64, fixed.nodes());
            // Every other structure agrees with the reference.
            for s in [Structure::HashSet, Structure::Md5Set, Structure::Patricia, Structure::Fst] {
                let mut set = s.new_set();
                prop_assert_eq!(set.insert_all(&urls), reference.len() as u64);
                prop_assert_eq!(set.nodes_and_bytes(), (set.nodes(), set.bytes()));
                for q in queries.iter().chain(&urls) {
                    prop_assert_eq!(set.contains(q.as_bytes()), reference.contains(q));
                }
            }
            let mut sorted: Vec<&String> = reference.iter().collect();
            sorted.sort();
            let mut p = PatriciaUrls::new();
            p.insert_all(&urls);
            prop_assert_eq!(p.shape(), {
                let mut s = radix_shape(&sorted);
                s.bytes += PATRICIA_SET_BYTES;
                s
            });
        }

        #[test]
        fn sorted_urls_settled_in_batches_measure_what_the_structures_do(
            batches in prop::collection::vec(prop::collection::vec(url(), 0..12), 0..5),
        ) {
            let mut sorted = SortedUrls::new();
            let mut reference = std::collections::BTreeSet::new();
            let mut patricia = PatriciaUrls::new();
            for (b, batch) in batches.iter().enumerate() {
                for u in batch {
                    sorted.push(u.as_bytes());
                    patricia.insert(u.as_bytes());
                    reference.insert(u.as_bytes().to_vec());
                }
                prop_assert_eq!(sorted.has_pending(), !batch.is_empty());
                let keys = sorted.settle();
                prop_assert!(keys.iter().map(|k| k.to_vec()).eq(reference.iter().cloned()));
                // The trie's shape from the sorted URLs, as walking the trie gives it; the FST
                // from them, byte for byte the one built from the URLs in any order.
                prop_assert_eq!(patricia_shape(keys), patricia.shape());
                let fst = FstUrls::from_sorted(keys);
                let whole = FstUrls::build(reference.iter().rev());
                prop_assert_eq!(fst.fst_bytes(), whole.fst_bytes());
                prop_assert_eq!(fst.len(), reference.len() as u64);
                for u in batches[..=b].iter().flatten() {
                    prop_assert!(fst.contains(u.as_bytes()));
                }
            }
        }

        #[test]
        fn the_fst_built_in_batches_is_the_fst_of_them_all(
            batches in prop::collection::vec(prop::collection::vec(url(), 0..12), 0..5),
        ) {
            let mut merged = FstUrls::new();
            let mut reference = std::collections::BTreeSet::new();
            for batch in &batches {
                let before = reference.len() as u64;
                reference.extend(batch.iter().cloned());
                prop_assert_eq!(merged.insert_all(batch), reference.len() as u64 - before);
            }
            let whole = fst::Set::from_iter(&reference).unwrap();
            prop_assert_eq!(merged.fst_bytes(), whole.as_fst().as_bytes().len() as u64);
            prop_assert_eq!(merged.len(), reference.len() as u64);
            for u in reference.iter() {
                prop_assert!(merged.contains(u.as_bytes()));
            }
        }

        #[test]
        fn the_pair_is_the_two_lists_kept_apart(
            urls in prop::collection::vec(url(), 0..40),
            queries in prop::collection::vec(url(), 0..12),
        ) {
            let mut pair = GlPair::new();
            let mut printed = GlTrie::new();
            let mut fixed = GlTrie::with_end_marks();
            for u in &urls {
                let (printed_new, cost) = printed.insert_counted(u.as_bytes());
                let fixed_new = fixed.insert(u.as_bytes());
                prop_assert_eq!(pair.insert(u.as_bytes()), (printed_new, cost, fixed_new));
                // The extension the study shows for a URL the printed list calls a duplicate.
                prop_assert_eq!(pair.printed_extension(u.as_bytes()), printed.an_extension(u.as_bytes()));
            }
            for q in &queries {
                prop_assert_eq!(pair.printed_extension(q.as_bytes()), printed.an_extension(q.as_bytes()));
            }
            prop_assert_eq!(pair.printed(), printed.figures());
            prop_assert_eq!(pair.fixed().figures(), fixed.figures());
            prop_assert_eq!(pair.fixed().prefix_urls(), fixed.prefix_urls());
            prop_assert_eq!(pair.stats(), (printed.stats(), fixed.stats()));
        }

        #[test]
        fn insert_traces_replay_the_insertion(urls in prop::collection::vec(url(), 1..12)) {
            let mut traced = GlTrie::with_end_marks();
            let mut plain = GlTrie::with_end_marks();
            for u in &urls {
                let steps = traced.insert_traced(u.as_bytes());
                let new = plain.insert(u.as_bytes());
                let last = steps.last().unwrap();
                prop_assert_eq!(last.action == StepAction::New, new);
                let creates = steps
                    .iter()
                    .filter(|s| matches!(s.action, StepAction::Create | StepAction::CreateRoot))
                    .count();
                prop_assert!(creates == 0 || new);
                let lookup = traced.contains_traced(u.as_bytes());
                prop_assert_eq!(lookup.last().unwrap().action, StepAction::Seen);
            }
            prop_assert_eq!(traced.nodes(), plain.nodes());
        }
    }
}
