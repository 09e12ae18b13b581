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
//! [`crate::hash`]). For ASCII URLs a char is a byte. A non-BMP char takes two nodes (its
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
//! [`TrieStudy::flaw`] counts the false duplicates of an input by running both side by side.
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
//! # P4's numbers ([`p4_claims`])
//!
//! Table 1, 16 000 URLs on a 1.86 GHz Centrino with 1 GB, Java: a database takes 968 ms per
//! dedup, an in-memory linked list 15 ms, the improved generalized list 0.8 ms (the mean of 20,
//! Eclipse could not time one). Memory: 2 MB for 10 000 URLs, extrapolated linearly to 2 GB
//! for 10 million. The core measures no time (no clocks on wasm32): callers time
//! [`UrlSet::insert_all`] and [`UrlSet::contains_all`].
//!
//! # Example
//! ```
//! use urlhashlab::trie::GlTrie;
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

use fst::Streamer;
use patricia_tree::PatriciaSet;
use serde::Serialize;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::mem::size_of;

/// The null index of the arena (Java's `null`).
pub const NONE: u32 = u32::MAX;

/// Bytes of one `GLNode` on P4's JVM, an estimate (see the module doc): 24.
pub const JAVA_NODE_BYTES: u64 = 24;

/// Bytes of one arena node, [`GlTrie`]'s `Node`: 12.
pub const NODE_BYTES: usize = size_of::<Node>();

// ----------------------------------------------------------------------------------------------
// P4's improved generalized list

/// One `GLNode`: `head` (a char's next-level root, or a root's first char), `tail` (the next
/// char on the level), the char, `isRoot`, and the lab's end mark (never set as printed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    head: u32,
    tail: u32,
    data: u16,
    is_root: bool,
    end: bool,
}

impl Node {
    /// `GLNode()`: a level's root, `data = '?'`, `isRoot = true`.
    fn root() -> Node {
        Node {
            head: NONE,
            tail: NONE,
            data: b'?' as u16,
            is_root: true,
            end: false,
        }
    }

    /// `GLNode(char data)`: a char node, `isRoot = false`.
    fn char(data: u16) -> Node {
        Node {
            head: NONE,
            tail: NONE,
            data,
            is_root: false,
            end: false,
        }
    }
}

/// Which generalized list: P4's as printed, or with the lab's end-of-URL marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GlVariant {
    /// P4 as printed: no end mark, a proper prefix of a stored URL is "found".
    Printed,
    /// The lab's fix: the node of a URL's last char carries a mark.
    EndMarked,
}

/// What one step of a walk did, for animating insertions and lookups ([`Step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepAction {
    /// `goHead()`: from the previous char's node into the existing level below (node: its root).
    Descend,
    /// The level below the previous char did not exist: its root was created (node: the root).
    CreateRoot,
    /// A char node on the level compared unequal; the walk follows its `tail`.
    Walk,
    /// The char node on the level equals the URL's char.
    Match,
    /// The char was not on the level: its node was created and appended (node: the new node).
    Create,
    /// The end-of-URL mark was set on the last char's node (fixed variant only).
    Mark,
    /// Verdict of an insertion: the URL was new (node: its last char's node).
    New,
    /// Verdict: every char was found (and, fixed, the mark was there): a duplicate.
    Seen,
    /// Verdict of a lookup: the char (at `index`) is not on its level, or its level does not
    /// exist (node: the level's root, or the previous char's node).
    Missing,
    /// Verdict of a lookup on the fixed variant: every char found but no end mark.
    Unmarked,
}

/// One step of [`GlTrie::insert_traced`] or [`GlTrie::contains_traced`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub action: StepAction,
    /// The arena id of the node concerned (as in [`DrawNode::id`]).
    pub node: u32,
    /// Which char of the URL (0-based, in Java chars) is being placed; the URL's length for the
    /// verdict and the mark.
    pub index: u32,
    /// That char (U+FFFD for half of a surrogate pair), empty for the verdict and the mark.
    pub ch: String,
}

/// The cost of one walk through the list (a lookup, or the walk of an insertion).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LookupCost {
    /// Whether the URL was found (for an insertion: whether it was a duplicate).
    pub found: bool,
    /// Levels entered (chars placed or matched).
    pub levels: u32,
    /// Char nodes compared with the URL's chars.
    pub compared: u32,
    /// Of those, the ones passed over along `tail` (compared and unequal).
    pub siblings_walked: u32,
}

/// Walk costs summed over many URLs ([`GlTrie::walk_costs`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct WalkCosts {
    pub lookups: u64,
    pub found: u64,
    /// Mean char nodes compared per lookup.
    pub mean_compared: f64,
    /// Mean siblings walked past per lookup: the price of linked levels.
    pub mean_siblings_walked: f64,
    /// The most siblings one lookup walked past.
    pub max_siblings_walked: u32,
    /// Mean levels entered per lookup.
    pub mean_levels: f64,
}

#[derive(Clone, Copy, Debug, Default)]
struct CostSum {
    lookups: u64,
    found: u64,
    compared: u64,
    siblings: u64,
    levels: u64,
    max_siblings: u32,
}

impl CostSum {
    fn add(&mut self, c: LookupCost) {
        self.lookups += 1;
        self.found += c.found as u64;
        self.compared += c.compared as u64;
        self.siblings += c.siblings_walked as u64;
        self.levels += c.levels as u64;
        self.max_siblings = self.max_siblings.max(c.siblings_walked);
    }

    fn finish(&self) -> WalkCosts {
        let n = self.lookups.max(1) as f64;
        WalkCosts {
            lookups: self.lookups,
            found: self.found,
            mean_compared: self.compared as f64 / n,
            mean_siblings_walked: self.siblings as f64 / n,
            max_siblings_walked: self.max_siblings,
            mean_levels: self.levels as f64 / n,
        }
    }
}

/// Counts a walk's steps into a [`LookupCost`].
fn cost_observer(cost: &mut LookupCost) -> impl FnMut(StepAction, u32, u32) + '_ {
    |action, _, _| match action {
        StepAction::Walk => {
            cost.compared += 1;
            cost.siblings_walked += 1;
        }
        StepAction::Match => {
            cost.compared += 1;
            cost.levels += 1;
        }
        StepAction::Create => cost.levels += 1,
        StepAction::Seen => cost.found = true,
        _ => {}
    }
}

/// The measures of a [`GlTrie`] ([`GlTrie::stats`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GlStats {
    pub variant: GlVariant,
    /// URLs stored: insertions that reported a new URL.
    pub urls: u64,
    /// Every node, the tree's own root included.
    pub nodes: u64,
    /// Level roots (`isRoot`), the tree's root included.
    pub root_nodes: u64,
    /// Char nodes.
    pub char_nodes: u64,
    /// P4's `totalpoint`: the nodes made by insertions (all but the tree's root).
    pub total_points: u64,
    /// Levels: the longest stored URL, in chars.
    pub levels: u32,
    /// Mean length in chars (levels walked) of the stored URLs.
    pub mean_depth: f64,
    /// The longest level (chars chained by `tail` under one root).
    pub max_level_width: u64,
    /// Bytes allocated: arena capacity × [`NODE_BYTES`].
    pub arena_bytes: u64,
    /// Bytes of the nodes in use: nodes × [`NODE_BYTES`].
    pub arena_bytes_used: u64,
    /// An estimate of P4's Java heap: nodes × [`JAVA_NODE_BYTES`].
    pub java_bytes: u64,
    /// `arena_bytes / urls`.
    pub bytes_per_url: f64,
    /// `java_bytes / urls`.
    pub java_bytes_per_url: f64,
}

/// One node of a small trie for drawing ([`GlTrie::nodes_for_drawing`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DrawNode {
    /// Arena id, in creation order: nodes appear in this order as URLs are inserted.
    pub id: u32,
    /// The char; `"?"` for a root, as `GLNode()` sets `data = '?'` (tell them apart by
    /// `is_root`, since `?` is also a URL char). U+FFFD for half of a surrogate pair.
    pub ch: String,
    /// The UTF-16 code unit itself.
    pub unit: u16,
    /// For a char node, its level's root; for a root, the char node above it (whose `head`
    /// points to it); `None` for the tree's root.
    pub parent: Option<u32>,
    /// `head`: a char's next-level root, a root's first char.
    pub first_child: Option<u32>,
    /// `tail`: the next char on the same level (`None` for roots).
    pub next_sibling: Option<u32>,
    pub is_root: bool,
    /// The end-of-URL mark (fixed variant; always false as printed).
    pub end: bool,
    /// The level: the position in a URL of this node's char (0 for the first char); a root
    /// has its level's depth.
    pub depth: u32,
    /// `head` or `tail` leads to a node past `max_nodes`, left out (the link reads `None`).
    pub truncated: bool,
}

/// P4's improved generalized list: a trie with one node per Java char, levels as linked lists.
///
/// # Example
/// ```
/// use urlhashlab::trie::GlTrie;
/// let mut gl = GlTrie::new();
/// gl.insert(b"sina.com");
/// gl.insert(b"sohu.com");
/// let stats = gl.stats();
/// assert_eq!((stats.nodes, stats.char_nodes, stats.total_points), (29, 15, 28));
/// ```
#[derive(Clone, Debug)]
pub struct GlTrie {
    /// `nodes[0]` is `GLTree.root`, the root of level 0.
    nodes: Vec<Node>,
    variant: GlVariant,
    urls: u64,
    root_nodes: u64,
    depth_sum: u64,
    max_depth: u32,
}

impl Default for GlTrie {
    fn default() -> Self {
        GlTrie::new()
    }
}

impl GlTrie {
    /// P4's list as printed (no end mark).
    pub fn new() -> GlTrie {
        GlTrie::with_variant(GlVariant::Printed)
    }

    /// The lab's fix: URLs end with a mark, so a prefix of a stored URL is a different URL.
    pub fn with_end_marks() -> GlTrie {
        GlTrie::with_variant(GlVariant::EndMarked)
    }

    pub fn with_variant(variant: GlVariant) -> GlTrie {
        GlTrie {
            nodes: vec![Node::root()],
            variant,
            urls: 0,
            root_nodes: 1,
            depth_sum: 0,
            max_depth: 0,
        }
    }

    pub fn variant(&self) -> GlVariant {
        self.variant
    }

    /// URLs stored (insertions that reported a new URL).
    pub fn len(&self) -> u64 {
        self.urls
    }

    pub fn is_empty(&self) -> bool {
        self.urls == 0
    }

    /// Every node, the tree's root included.
    pub fn nodes(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// Inserts `url` as P4 does; `true` when it was new. As printed, "new" means a node was
    /// created, so a proper prefix of a stored URL reports `false` and is not stored.
    pub fn insert(&mut self, url: &[u8]) -> bool {
        self.insert_observed(url, &mut |_, _, _| {})
    }

    /// Whether P4's lookup finds `url` (as printed: every char found, even without an end).
    pub fn contains(&self, url: &[u8]) -> bool {
        self.find_observed(url, &mut |_, _, _| {})
    }

    /// [`GlTrie::insert`] with the cost of its walk.
    pub fn insert_counted(&mut self, url: &[u8]) -> (bool, LookupCost) {
        let mut cost = LookupCost::default();
        let new = self.insert_observed(url, &mut cost_observer(&mut cost));
        (new, cost)
    }

    /// The cost of looking `url` up: levels entered, nodes compared, siblings walked past.
    pub fn lookup_cost(&self, url: &[u8]) -> LookupCost {
        let mut cost = LookupCost::default();
        self.find_observed(url, &mut cost_observer(&mut cost));
        cost
    }

    /// Lookup costs summed over `urls`.
    pub fn walk_costs<I>(&self, urls: I) -> WalkCosts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut sum = CostSum::default();
        for url in urls {
            sum.add(self.lookup_cost(url.as_ref()));
        }
        sum.finish()
    }

    /// Inserts `url` and returns every step, ending with the verdict ([`StepAction::New`] or
    /// [`StepAction::Seen`]), for animating the insertion.
    pub fn insert_traced(&mut self, url: &[u8]) -> Vec<Step> {
        let units = java_units(url);
        let mut steps = Vec::new();
        self.insert_units(units.iter().copied(), &mut |action, node, index| {
            steps.push(step(action, node, index, &units))
        });
        steps
    }

    /// Looks `url` up and returns every step, ending with the verdict ([`StepAction::Seen`],
    /// [`StepAction::Missing`] or [`StepAction::Unmarked`]).
    pub fn contains_traced(&self, url: &[u8]) -> Vec<Step> {
        let units = java_units(url);
        let mut steps = Vec::new();
        self.find_units(units.iter().copied(), &mut |action, node, index| {
            steps.push(step(action, node, index, &units))
        });
        steps
    }

    fn insert_observed<O: FnMut(StepAction, u32, u32)>(&mut self, url: &[u8], obs: &mut O) -> bool {
        if url.is_ascii() {
            self.insert_units(url.iter().map(|&b| b as u16), obs)
        } else {
            self.insert_units(java_units(url).into_iter(), obs)
        }
    }

    fn find_observed<O: FnMut(StepAction, u32, u32)>(&self, url: &[u8], obs: &mut O) -> bool {
        if url.is_ascii() {
            self.find_units(url.iter().map(|&b| b as u16), obs)
        } else {
            self.find_units(java_units(url).into_iter(), obs)
        }
    }

    fn push(&mut self, node: Node) -> u32 {
        let id = self.nodes.len();
        assert!(id < NONE as usize, "GlTrie: more than 2^32 - 1 nodes");
        self.nodes.push(node);
        id as u32
    }

    /// P4's insertion (Fig. 2), reporting each step to `obs(action, node, index)`.
    fn insert_units<I, O>(&mut self, units: I, obs: &mut O) -> bool
    where
        I: Iterator<Item = u16>,
        O: FnMut(StepAction, u32, u32),
    {
        let mut level = 0u32; // the current level's root
        let mut last = 0u32; // the node of the last char placed (the tree's root for "")
        let mut created = false;
        let mut depth = 0u32;
        for (i, unit) in units.enumerate() {
            let i = i as u32;
            if i > 0 {
                let below = self.nodes[last as usize].head;
                level = if below == NONE {
                    let root = self.push(Node::root());
                    self.nodes[last as usize].head = root;
                    self.root_nodes += 1;
                    created = true;
                    obs(StepAction::CreateRoot, root, i);
                    root
                } else {
                    obs(StepAction::Descend, below, i);
                    below
                };
            }
            let mut prev = NONE;
            let mut cur = self.nodes[level as usize].head;
            while cur != NONE && self.nodes[cur as usize].data != unit {
                obs(StepAction::Walk, cur, i);
                prev = cur;
                cur = self.nodes[cur as usize].tail;
            }
            if cur == NONE {
                cur = self.push(Node::char(unit));
                if prev == NONE {
                    self.nodes[level as usize].head = cur;
                } else {
                    self.nodes[prev as usize].tail = cur;
                }
                created = true;
                obs(StepAction::Create, cur, i);
            } else {
                obs(StepAction::Match, cur, i);
            }
            last = cur;
            depth = i + 1;
        }
        let new = match self.variant {
            GlVariant::Printed => created,
            GlVariant::EndMarked => {
                let node = &mut self.nodes[last as usize];
                let marked = node.end;
                node.end = true;
                if !marked {
                    obs(StepAction::Mark, last, depth);
                }
                !marked
            }
        };
        if new {
            self.urls += 1;
            self.depth_sum += depth as u64;
            self.max_depth = self.max_depth.max(depth);
        }
        obs(
            if new {
                StepAction::New
            } else {
                StepAction::Seen
            },
            last,
            depth,
        );
        new
    }

    /// P4's lookup (Fig. 3), reporting each step to `obs(action, node, index)`.
    fn find_units<I, O>(&self, units: I, obs: &mut O) -> bool
    where
        I: Iterator<Item = u16>,
        O: FnMut(StepAction, u32, u32),
    {
        let (mut level, mut last, mut depth) = (0u32, 0u32, 0u32);
        for (i, unit) in units.enumerate() {
            let i = i as u32;
            if i > 0 {
                let below = self.nodes[last as usize].head;
                if below == NONE {
                    obs(StepAction::Missing, last, i);
                    return false;
                }
                obs(StepAction::Descend, below, i);
                level = below;
            }
            let mut cur = self.nodes[level as usize].head;
            while cur != NONE && self.nodes[cur as usize].data != unit {
                obs(StepAction::Walk, cur, i);
                cur = self.nodes[cur as usize].tail;
            }
            if cur == NONE {
                obs(StepAction::Missing, level, i);
                return false;
            }
            obs(StepAction::Match, cur, i);
            last = cur;
            depth = i + 1;
        }
        if self.variant == GlVariant::EndMarked && !self.nodes[last as usize].end {
            obs(StepAction::Unmarked, last, depth);
            return false;
        }
        obs(StepAction::Seen, last, depth);
        true
    }

    /// The node of `url`'s last char if every char is in the list (marks ignored).
    fn last_node(&self, url: &[u8]) -> Option<(u32, Vec<u16>)> {
        let units = java_units(url);
        let mut last = 0u32;
        let mut found = true;
        self.find_units(units.iter().copied(), &mut |action, node, _| match action {
            StepAction::Match => last = node,
            StepAction::Missing => found = false,
            _ => {}
        });
        found.then_some((last, units))
    }

    /// A stored URL of which `url` is a proper prefix (following first children down to the
    /// first end mark, or to a leaf as printed), if there is one: the URL that makes P4 call
    /// `url` a duplicate.
    pub fn an_extension(&self, url: &[u8]) -> Option<String> {
        let (mut node, mut units) = self.last_node(url)?;
        let start = units.len();
        loop {
            // A root's head is its first char (the tree's root, for ""); a char's head the root below.
            let level = if self.nodes[node as usize].is_root {
                node
            } else {
                self.nodes[node as usize].head
            };
            if level == NONE {
                break;
            }
            node = self.nodes[level as usize].head;
            if node == NONE {
                break;
            }
            units.push(self.nodes[node as usize].data);
            if self.nodes[node as usize].end {
                break;
            }
        }
        (units.len() > start).then(|| String::from_utf16_lossy(&units))
    }

    /// With end marks: the stored URLs that are proper prefixes of other stored URLs (the ones
    /// P4's list cannot tell from them). `None` as printed, which keeps no marks.
    pub fn prefix_urls(&self) -> Option<u64> {
        (self.variant == GlVariant::EndMarked).then(|| {
            let tree_root = &self.nodes[0];
            let empty = (tree_root.end && tree_root.head != NONE) as u64;
            empty
                + self.nodes[1..]
                    .iter()
                    .filter(|n| !n.is_root && n.end && n.head != NONE)
                    .count() as u64
        })
    }

    /// Bytes allocated: the arena's capacity × [`NODE_BYTES`] plus the struct.
    pub fn bytes(&self) -> u64 {
        (self.nodes.capacity() * NODE_BYTES) as u64
    }

    /// The estimate of P4's Java heap for this list: nodes × [`JAVA_NODE_BYTES`].
    pub fn java_bytes(&self) -> u64 {
        self.nodes() * JAVA_NODE_BYTES
    }

    /// Every measure of the list (one pass over the nodes for the widest level).
    pub fn stats(&self) -> GlStats {
        let mut max_level_width = 0u64;
        for root in self.nodes.iter().filter(|n| n.is_root) {
            let (mut width, mut cur) = (0u64, root.head);
            while cur != NONE {
                width += 1;
                cur = self.nodes[cur as usize].tail;
            }
            max_level_width = max_level_width.max(width);
        }
        let urls = self.urls.max(1) as f64;
        GlStats {
            variant: self.variant,
            urls: self.urls,
            nodes: self.nodes(),
            root_nodes: self.root_nodes,
            char_nodes: self.nodes() - self.root_nodes,
            total_points: self.nodes() - 1,
            levels: self.max_depth,
            mean_depth: self.depth_sum as f64 / urls,
            max_level_width,
            arena_bytes: self.bytes(),
            arena_bytes_used: (self.nodes.len() * NODE_BYTES) as u64,
            java_bytes: self.java_bytes(),
            bytes_per_url: self.bytes() as f64 / urls,
            java_bytes_per_url: self.java_bytes() as f64 / urls,
        }
    }

    /// The first `max_nodes` nodes in creation order, with their links, for drawing. Every
    /// node's parent comes before it, so the export is a connected top of the trie; links to
    /// nodes left out read `None` and set `truncated`.
    pub fn nodes_for_drawing(&self, max_nodes: usize) -> Vec<DrawNode> {
        let n = self.nodes.len().min(max_nodes);
        let mut parent = vec![NONE; n];
        let mut depth = vec![0u32; n];
        let mut out = Vec::with_capacity(n);
        let link = |x: u32| (x != NONE && (x as usize) < n).then_some(x);
        for id in 0..n {
            let node = self.nodes[id];
            // Parents are set by lower ids: a level's root is made after the char above it, a
            // char after its level's root and after the sibling whose `tail` points to it.
            if id > 0 {
                let p = parent[id] as usize;
                depth[id] = if node.is_root { depth[p] + 1 } else { depth[p] };
            }
            if let Some(h) = link(node.head) {
                parent[h as usize] = id as u32;
            }
            if let Some(t) = link(node.tail) {
                parent[t as usize] = parent[id];
            }
            out.push(DrawNode {
                id: id as u32,
                ch: String::from_utf16_lossy(&[node.data]),
                unit: node.data,
                parent: (parent[id] != NONE).then_some(parent[id]),
                first_child: link(node.head),
                next_sibling: link(node.tail),
                is_root: node.is_root,
                end: node.end,
                depth: depth[id],
                truncated: (node.head != NONE && link(node.head).is_none())
                    || (node.tail != NONE && link(node.tail).is_none()),
            });
        }
        out
    }
}

fn step(action: StepAction, node: u32, index: u32, units: &[u16]) -> Step {
    let placing = !matches!(
        action,
        StepAction::Mark | StepAction::New | StepAction::Seen | StepAction::Unmarked
    );
    let ch = match units.get(index as usize) {
        Some(&u) if placing => String::from_utf16_lossy(&[u]),
        _ => String::new(),
    };
    Step {
        action,
        node,
        index,
        ch,
    }
}

/// The UTF-16 code units Java's `charAt` returns for `bytes` decoded as UTF-8 (invalid
/// sequences become U+FFFD as Java's decoder makes them; the rule of [`crate::hash`]).
fn java_units(bytes: &[u8]) -> Vec<u16> {
    let mut units = Vec::with_capacity(bytes.len());
    crate::hash::for_each_java_char(bytes, |c| units.push(c as u16));
    units
}

// ----------------------------------------------------------------------------------------------
// The structures compared

/// The dedup structures measured side by side, with stable ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Structure {
    /// `gl-trie`: P4's improved generalized list as printed.
    GlTrie,
    /// `gl-trie-fixed`: the list with end-of-URL marks (the lab's fix).
    GlTrieFixed,
    /// `hash-set`: a hash set of the URL strings.
    HashSet,
    /// `md5-set`: a hash set of 128-bit MD5 fingerprints.
    Md5Set,
    /// `patricia`: a radix trie (`patricia_tree`).
    Patricia,
    /// `fst`: a finite state transducer set (`fst`), built once from sorted URLs.
    Fst,
}

impl Structure {
    pub const ALL: [Structure; 6] = [
        Structure::GlTrie,
        Structure::GlTrieFixed,
        Structure::HashSet,
        Structure::Md5Set,
        Structure::Patricia,
        Structure::Fst,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Structure::GlTrie => "gl-trie",
            Structure::GlTrieFixed => "gl-trie-fixed",
            Structure::HashSet => "hash-set",
            Structure::Md5Set => "md5-set",
            Structure::Patricia => "patricia",
            Structure::Fst => "fst",
        }
    }

    pub fn from_id(id: &str) -> Option<Structure> {
        Structure::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The ids, comma-separated, for error messages.
    pub fn known_ids() -> String {
        Structure::ALL.map(Structure::id).join(", ")
    }

    pub fn name(self) -> &'static str {
        match self {
            Structure::GlTrie => "P4's improved generalized list, as printed (no end mark)",
            Structure::GlTrieFixed => "P4's generalized list with end-of-URL marks (the lab's fix)",
            Structure::HashSet => "hash set of the URL strings",
            Structure::Md5Set => "hash set of 128-bit MD5 fingerprints",
            Structure::Patricia => "radix (Patricia) trie, patricia_tree crate",
            Structure::Fst => "FST set, fst crate (static: built from the sorted URLs)",
        }
    }

    pub fn name_zh(self) -> &'static str {
        match self {
            Structure::GlTrie => "改进广义表（原文）",
            Structure::GlTrieFixed => "改进广义表加结束标记（修正）",
            Structure::HashSet => "URL 散列表",
            Structure::Md5Set => "MD5 指纹散列表",
            Structure::Patricia => "基数树（Patricia 树）",
            Structure::Fst => "有限状态转换器（FST）",
        }
    }

    /// Where it comes from.
    pub fn paper(self) -> &'static str {
        match self {
            Structure::GlTrie => "P4",
            Structure::GlTrieFixed => "P4 + the lab's fix",
            Structure::HashSet => "P4 §1.2 (in-memory hash table)",
            Structure::Md5Set => "P3, P4 §1.2 (MD5)",
            Structure::Patricia | Structure::Fst => "baseline",
        }
    }

    /// Where it comes from, in Chinese.
    pub fn paper_zh(self) -> &'static str {
        match self {
            Structure::GlTrie => "P4",
            Structure::GlTrieFixed => "P4 加本实验室的修正",
            Structure::HashSet => "P4 §1.2（内存散列表）",
            Structure::Md5Set => "P3，P4 §1.2（MD5）",
            Structure::Patricia | Structure::Fst => "对照基线",
        }
    }

    /// Built once and looked up: inserting rebuilds it ([`FstUrls::insert_all`]).
    pub fn is_static(self) -> bool {
        self == Structure::Fst
    }

    /// Whether membership answers are exact: P4's printed list finds prefixes of stored URLs;
    /// MD5 fingerprints could collide (about `n² / 2^129`).
    pub fn is_exact(self) -> bool {
        !matches!(self, Structure::GlTrie | Structure::Md5Set)
    }

    /// An empty set of this structure.
    pub fn new_set(self) -> AnySet {
        match self {
            Structure::GlTrie => AnySet::GlTrie(GlTrie::new()),
            Structure::GlTrieFixed => AnySet::GlTrie(GlTrie::with_end_marks()),
            Structure::HashSet => AnySet::HashSet(HashSetUrls::new()),
            Structure::Md5Set => AnySet::Md5Set(Md5Set::new()),
            Structure::Patricia => AnySet::Patricia(PatriciaUrls::new()),
            Structure::Fst => AnySet::Fst(FstUrls::new()),
        }
    }
}

/// A set of URLs (byte strings) that a dedup structure keeps.
pub trait UrlSet {
    fn structure(&self) -> Structure;
    /// Stores `url`; `true` when the structure reports it new.
    fn insert(&mut self, url: &[u8]) -> bool;
    /// Whether the structure reports `url` as stored.
    fn contains(&self, url: &[u8]) -> bool;
    /// URLs stored, as the structure counts them.
    fn len(&self) -> u64;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Bytes the structure holds, from its layout (see the module doc).
    fn bytes(&self) -> u64;
    /// Nodes, for the tries.
    fn nodes(&self) -> Option<u64> {
        None
    }
    /// Inserts every URL; returns how many were new. The batch to time for insertion.
    fn insert_all<I>(&mut self, urls: I) -> u64
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
        Self: Sized,
    {
        let mut new = 0;
        for url in urls {
            new += self.insert(url.as_ref()) as u64;
        }
        new
    }
    /// Looks every URL up; returns how many were found. The batch to time for lookups.
    fn contains_all<I>(&self, urls: I) -> u64
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
        Self: Sized,
    {
        let mut found = 0;
        for url in urls {
            found += self.contains(url.as_ref()) as u64;
        }
        found
    }
}

impl UrlSet for GlTrie {
    fn structure(&self) -> Structure {
        match self.variant {
            GlVariant::Printed => Structure::GlTrie,
            GlVariant::EndMarked => Structure::GlTrieFixed,
        }
    }
    fn insert(&mut self, url: &[u8]) -> bool {
        GlTrie::insert(self, url)
    }
    fn contains(&self, url: &[u8]) -> bool {
        GlTrie::contains(self, url)
    }
    fn len(&self) -> u64 {
        self.urls
    }
    fn bytes(&self) -> u64 {
        GlTrie::bytes(self)
    }
    fn nodes(&self) -> Option<u64> {
        Some(GlTrie::nodes(self))
    }
}

/// The hasher of the hash sets: XXH3 of the key's bytes (deterministic, the same natively and
/// on wasm32); a `u128` fingerprint is already uniform and is folded to 64 bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct UrlHasher(u64);

impl Hasher for UrlHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, self.0);
    }
    fn write_usize(&mut self, n: usize) {
        self.0 ^= n as u64;
    }
    fn write_u128(&mut self, x: u128) {
        self.0 ^= x as u64 ^ (x >> 64) as u64;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type UrlHash = BuildHasherDefault<UrlHasher>;

/// Byte counts are modelled on a 64-bit target (8-byte pointers, 24-byte `Vec`s), whatever the
/// build: the WebAssembly page (4-byte pointers) prints what the command line prints.
const POINTER_BYTES: usize = 8;
/// A `Vec` (pointer, capacity, length) on a 64-bit target.
const VEC_BYTES: usize = 24;
/// A `PatriciaSet` on a 64-bit target (the root pointer and the length), whose root node is
/// counted with the rest.
const PATRICIA_SET_BYTES: u64 = 16;

/// hashbrown's control bytes past the last bucket (one SSE2 group).
const GROUP_WIDTH: usize = 16;

/// Bytes of a hashbrown table (`std`'s `HashSet`) holding `capacity` items of `slot` bytes:
/// `buckets × slot`, rounded to the group width, plus a control byte per bucket and one group.
pub fn hash_table_bytes(capacity: usize, slot: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    // hashbrown: capacity = buckets − 1 below 8 buckets, else buckets / 8 × 7.
    let buckets = if capacity < 8 {
        capacity + 1
    } else {
        capacity / 7 * 8
    };
    let data = (buckets * slot).div_ceil(GROUP_WIDTH) * GROUP_WIDTH;
    (data + buckets + GROUP_WIDTH) as u64
}

/// `hash-set`: the URLs themselves in a hash set.
#[derive(Clone, Debug, Default)]
pub struct HashSetUrls {
    set: HashSet<Vec<u8>, UrlHash>,
    key_bytes: u64,
}

impl HashSetUrls {
    pub fn new() -> HashSetUrls {
        HashSetUrls::default()
    }
}

impl UrlSet for HashSetUrls {
    fn structure(&self) -> Structure {
        Structure::HashSet
    }
    fn insert(&mut self, url: &[u8]) -> bool {
        if self.set.contains(url) {
            return false;
        }
        self.key_bytes += url.len() as u64;
        self.set.insert(url.to_vec())
    }
    fn contains(&self, url: &[u8]) -> bool {
        self.set.contains(url)
    }
    fn len(&self) -> u64 {
        self.set.len() as u64
    }
    /// The table (a 24-byte `Vec` per bucket) plus the URLs' heap bytes (`to_vec` allocates
    /// exactly the length).
    fn bytes(&self) -> u64 {
        hash_table_bytes(self.set.capacity(), VEC_BYTES) + self.key_bytes
    }
}

/// `md5-set`: the 128-bit MD5 of each URL in a hash set.
#[derive(Clone, Debug, Default)]
pub struct Md5Set {
    set: HashSet<u128, UrlHash>,
}

impl Md5Set {
    pub fn new() -> Md5Set {
        Md5Set::default()
    }
}

impl UrlSet for Md5Set {
    fn structure(&self) -> Structure {
        Structure::Md5Set
    }
    fn insert(&mut self, url: &[u8]) -> bool {
        self.set.insert(crate::hash::md5_u128(url))
    }
    fn contains(&self, url: &[u8]) -> bool {
        self.set.contains(&crate::hash::md5_u128(url))
    }
    fn len(&self) -> u64 {
        self.set.len() as u64
    }
    fn bytes(&self) -> u64 {
        hash_table_bytes(self.set.capacity(), size_of::<u128>())
    }
}

/// `patricia`: `patricia_tree::PatriciaSet`, a radix trie.
#[derive(Clone, Debug, Default)]
pub struct PatriciaUrls {
    set: PatriciaSet,
}

impl PatriciaUrls {
    pub fn new() -> PatriciaUrls {
        PatriciaUrls::default()
    }

    /// Nodes and bytes as `patricia_tree` 0.8 lays them out (one pass over the sorted keys).
    pub fn shape(&self) -> RadixShape {
        let mut shape = radix_shape(self.set.iter());
        shape.bytes += PATRICIA_SET_BYTES;
        shape
    }
}

impl UrlSet for PatriciaUrls {
    fn structure(&self) -> Structure {
        Structure::Patricia
    }
    fn insert(&mut self, url: &[u8]) -> bool {
        self.set.insert(url)
    }
    fn contains(&self, url: &[u8]) -> bool {
        self.set.contains(url)
    }
    fn len(&self) -> u64 {
        self.set.len() as u64
    }
    fn bytes(&self) -> u64 {
        self.shape().bytes
    }
    fn nodes(&self) -> Option<u64> {
        Some(self.shape().nodes)
    }
}

/// The shape of a radix trie ([`radix_shape`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RadixShape {
    /// Nodes, the root included.
    pub nodes: u64,
    /// Label bytes (the key bytes the trie keeps once).
    pub label_bytes: u64,
    /// Bytes of the nodes as `patricia_tree` 0.8 allocates them.
    pub bytes: u64,
}

/// The longest label of a `patricia_tree` node; longer ones are chains of nodes.
const RADIX_MAX_LABEL: usize = 255;

/// Bytes of one `patricia_tree` 0.8 node: flags and label length (2 bytes), the label, the
/// (zero-sized) value, then a pointer to the child and to the sibling when there are, each
/// aligned: `pad(2 + label) + 8·child + 8·sibling`, or `2 + label` with neither.
fn radix_node_bytes(label: usize, child: bool, sibling: bool) -> u64 {
    let ptr = POINTER_BYTES;
    let base = 2 + label;
    if child || sibling {
        (base.div_ceil(ptr) * ptr + ptr * (child as usize + sibling as usize)) as u64
    } else {
        base as u64
    }
}

/// A node whose children are still coming, on the stack of [`radix_shape`].
struct OpenNode {
    depth: usize,
    has_child: bool,
}

/// The radix trie of `sorted_keys` (ascending, distinct): a node per key and per branching
/// point, under a root with an empty label, counted as `patricia_tree` 0.8 allocates it. One
/// pass keeping the rightmost path: the longest common prefix `l` of two neighbouring keys
/// closes the nodes deeper than `l` (the last one closed gets a sibling, the new key's branch)
/// and makes a branching node at depth `l` when none is there.
pub fn radix_shape<I>(sorted_keys: I) -> RadixShape
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    let mut shape = RadixShape::default();
    let mut close = |depth: usize, parent: usize, has_child: bool, sibling: bool| {
        let label = depth - parent;
        let chunks = label.div_ceil(RADIX_MAX_LABEL).max(1);
        for j in 0..chunks {
            let len = (label - j * RADIX_MAX_LABEL).min(RADIX_MAX_LABEL);
            shape.nodes += 1;
            shape.label_bytes += len as u64;
            shape.bytes += radix_node_bytes(len, j + 1 < chunks || has_child, j == 0 && sibling);
        }
    };
    let mut stack = vec![OpenNode {
        depth: 0,
        has_child: false,
    }];
    let mut prev: Vec<u8> = Vec::new();
    for key in sorted_keys {
        let key = key.as_ref();
        let l = prev.iter().zip(key).take_while(|(a, b)| a == b).count();
        while stack.last().is_some_and(|top| top.depth > l) {
            let node = stack.pop().expect("checked above");
            let below = stack.last().expect("the root stays").depth;
            if below > l {
                close(node.depth, below, node.has_child, false);
            } else if below == l {
                close(node.depth, below, node.has_child, true);
            } else {
                close(node.depth, l, node.has_child, true);
                stack.push(OpenNode {
                    depth: l,
                    has_child: true,
                });
            }
        }
        if key.len() > l {
            stack.last_mut().expect("the root stays").has_child = true;
            stack.push(OpenNode {
                depth: key.len(),
                has_child: false,
            });
        }
        prev.clear();
        prev.extend_from_slice(key);
    }
    while let Some(node) = stack.pop() {
        let parent = stack.last().map_or(0, |p| p.depth);
        close(node.depth, parent, node.has_child, false);
    }
    shape
}

/// `fst`: an `fst::Set` built from the sorted distinct URLs; static, so inserting rebuilds it.
#[derive(Clone, Debug)]
pub struct FstUrls {
    set: fst::Set<Vec<u8>>,
}

impl Default for FstUrls {
    fn default() -> Self {
        FstUrls::new()
    }
}

impl FstUrls {
    pub fn new() -> FstUrls {
        FstUrls {
            set: fst::Set::default(),
        }
    }

    /// The set of `urls` (any order, duplicates allowed).
    pub fn build<I>(urls: I) -> FstUrls
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut set = FstUrls::new();
        set.insert_all(urls);
        set
    }

    /// The FST's bytes, exactly.
    pub fn fst_bytes(&self) -> u64 {
        self.set.as_fst().as_bytes().len() as u64
    }
}

impl UrlSet for FstUrls {
    fn structure(&self) -> Structure {
        Structure::Fst
    }
    /// A complete rebuild per call: use [`FstUrls::insert_all`].
    fn insert(&mut self, url: &[u8]) -> bool {
        self.insert_all([url]) == 1
    }
    fn contains(&self, url: &[u8]) -> bool {
        self.set.contains(url)
    }
    fn len(&self) -> u64 {
        self.set.len() as u64
    }
    fn bytes(&self) -> u64 {
        self.fst_bytes()
    }
    /// Sorts the new URLs and builds the union of them and the old set in one pass: the cost of
    /// inserting into a static structure.
    fn insert_all<I>(&mut self, urls: I) -> u64
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut batch: Vec<Vec<u8>> = urls
            .into_iter()
            .map(|u| u.as_ref().to_vec())
            .filter(|u| !self.set.contains(u))
            .collect();
        batch.sort_unstable();
        batch.dedup();
        if batch.is_empty() {
            return 0;
        }
        let added = fst::Set::from_iter(&batch).expect("sorted, distinct keys");
        let mut builder = fst::SetBuilder::memory();
        let mut union = self.set.op().add(&added).union();
        while let Some(key) = union.next() {
            builder.insert(key).expect("a union streams keys in order");
        }
        drop(union);
        let mut bytes = builder.into_inner().expect("writing to memory");
        bytes.shrink_to_fit();
        self.set = fst::Set::new(bytes).expect("an FST just built");
        batch.len() as u64
    }
}

/// Any of the structures, for looping over them.
#[derive(Clone, Debug)]
pub enum AnySet {
    /// Both variants of the list.
    GlTrie(GlTrie),
    HashSet(HashSetUrls),
    Md5Set(Md5Set),
    Patricia(PatriciaUrls),
    Fst(FstUrls),
}

macro_rules! any_set {
    ($self:expr, $s:ident => $e:expr) => {
        match $self {
            AnySet::GlTrie($s) => $e,
            AnySet::HashSet($s) => $e,
            AnySet::Md5Set($s) => $e,
            AnySet::Patricia($s) => $e,
            AnySet::Fst($s) => $e,
        }
    };
}

impl AnySet {
    /// The list, for its own measures ([`GlTrie::stats`]).
    pub fn as_gl_trie(&self) -> Option<&GlTrie> {
        match self {
            AnySet::GlTrie(gl) => Some(gl),
            _ => None,
        }
    }
}

impl UrlSet for AnySet {
    fn structure(&self) -> Structure {
        any_set!(self, s => s.structure())
    }
    fn insert(&mut self, url: &[u8]) -> bool {
        any_set!(self, s => UrlSet::insert(s, url))
    }
    fn contains(&self, url: &[u8]) -> bool {
        any_set!(self, s => UrlSet::contains(s, url))
    }
    fn len(&self) -> u64 {
        any_set!(self, s => UrlSet::len(s))
    }
    fn bytes(&self) -> u64 {
        any_set!(self, s => UrlSet::bytes(s))
    }
    fn nodes(&self) -> Option<u64> {
        any_set!(self, s => UrlSet::nodes(s))
    }
    fn insert_all<I>(&mut self, urls: I) -> u64
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        any_set!(self, s => s.insert_all(urls))
    }
    fn contains_all<I>(&self, urls: I) -> u64
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        any_set!(self, s => s.contains_all(urls))
    }
}

// ----------------------------------------------------------------------------------------------
// P4's numbers and the study

/// One row of P4's Table 1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PrintedTime {
    pub method: &'static str,
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
/// P4's linear extrapolation: 10 million sites…
pub const P4_EXTRAPOLATED_URLS: u64 = 10_000_000;
/// …in 2 GB.
pub const P4_EXTRAPOLATED_GB: f64 = 2.0;

/// P4's printed numbers, for printing beside ours.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P4Claims {
    pub machine: &'static str,
    pub time_urls: u64,
    pub times: [PrintedTime; 3],
    pub gl_repeats: u32,
    pub memory_urls: u64,
    pub memory_mb: f64,
    /// `memory_mb × 2^20 / memory_urls` (209.7; 200 if a MB is 10^6 bytes).
    pub bytes_per_url: f64,
    /// The same at [`JAVA_NODE_BYTES`] per node: the nodes per URL P4's figure implies.
    pub java_nodes_per_url: f64,
    pub extrapolated_urls: u64,
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

/// One structure at one checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StructureRow {
    pub structure: Structure,
    /// URLs the structure holds by its own count (the printed list holds fewer: its false
    /// duplicates were never stored).
    pub stored: u64,
    pub nodes: Option<u64>,
    /// Bytes allocated (for the lists, the arena's capacity: it doubles as it grows).
    pub bytes: u64,
    /// `bytes / distinct`, the same denominator for every structure.
    pub bytes_per_url: f64,
    /// The lists only: the nodes in use, nodes × [`NODE_BYTES`] (no growth slack).
    pub arena_bytes_used: Option<u64>,
    /// The lists only: P4's JVM, an estimate ([`JAVA_NODE_BYTES`] per node).
    pub java_bytes: Option<u64>,
    pub java_bytes_per_url: Option<f64>,
    /// The lists only: levels (the longest URL) and the mean depth of a stored URL.
    pub levels: Option<u32>,
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
    pub rows: Vec<StructureRow>,
}

/// A false duplicate: a URL P4's list called crawled because it is a proper prefix of one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlawExample {
    /// 1-based input line.
    pub line: u64,
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
    pub step: u64,
    pub lines: u64,
    pub distinct: u64,
    pub structures: Vec<Structure>,
    /// Every `step` lines, at P4's 10 000 and 16 000, and at the end.
    pub checkpoints: Vec<Checkpoint>,
    /// The printed list at the end.
    pub gl: GlStats,
    /// The fixed list at the end.
    pub gl_fixed: GlStats,
    pub flaw: PrefixFlaw,
    /// The printed list's walk per insertion (P4's dedup), against the list as it grew.
    pub insert_walk: WalkCosts,
    pub claims: P4Claims,
}

/// Builds a [`TrieStudy`] from URLs pushed one at a time (any number, streamed). Both lists
/// are always kept (the flaw needs them); the other structures only when asked for.
#[derive(Debug)]
pub struct TrieStudyBuilder {
    step: u64,
    structures: Vec<Structure>,
    printed: GlTrie,
    fixed: GlTrie,
    /// The structures other than the lists (the FST excluded: rebuilt at checkpoints).
    others: Vec<AnySet>,
    fst: Option<(FstUrls, Vec<Vec<u8>>)>,
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
        structures.sort();
        structures.dedup();
        let others = structures
            .iter()
            .filter(|s| {
                !matches!(
                    s,
                    Structure::GlTrie | Structure::GlTrieFixed | Structure::Fst
                )
            })
            .map(|s| s.new_set())
            .collect();
        let fst = structures
            .contains(&Structure::Fst)
            .then(|| (FstUrls::new(), Vec::new()));
        TrieStudyBuilder {
            step,
            structures,
            printed: GlTrie::new(),
            fixed: GlTrie::with_end_marks(),
            others,
            fst,
            lines: 0,
            checkpoints: Vec::new(),
            false_duplicates: 0,
            examples: Vec::new(),
            walk: CostSum::default(),
        }
    }

    /// Lines pushed so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// One input line.
    pub fn push(&mut self, url: &[u8]) {
        self.lines += 1;
        let (printed_new, cost) = self.printed.insert_counted(url);
        self.walk.add(cost);
        let fixed_new = self.fixed.insert(url);
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
                    longer: self.printed.an_extension(url).unwrap_or_default(),
                });
            }
        }
        for set in &mut self.others {
            set.insert(url);
        }
        if let Some((_, batch)) = &mut self.fst {
            batch.push(url.to_vec());
        }
        let at_p4 = self.lines == P4_MEMORY_URLS || self.lines == P4_TIME_URLS;
        if at_p4 || (self.step > 0 && self.lines % self.step == 0) {
            self.checkpoint();
        }
    }

    fn checkpoint(&mut self) {
        if self.checkpoints.last().map(|c| c.lines) == Some(self.lines) {
            return;
        }
        if let Some((fst, batch)) = &mut self.fst {
            fst.insert_all(batch.drain(..));
        }
        let distinct = self.fixed.len();
        let per_url = |bytes: u64| bytes as f64 / distinct.max(1) as f64;
        let mut rows = Vec::new();
        for &structure in &self.structures {
            let set: &dyn RowSource = match structure {
                Structure::GlTrie => &self.printed,
                Structure::GlTrieFixed => &self.fixed,
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
                arena_bytes_used: gl.map(|g| g.nodes() * NODE_BYTES as u64),
                java_bytes: gl.map(GlTrie::java_bytes),
                java_bytes_per_url: gl.map(|g| per_url(g.java_bytes())),
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

    pub fn finish(mut self) -> TrieStudy {
        self.checkpoint();
        TrieStudy {
            step: self.step,
            lines: self.lines,
            distinct: self.fixed.len(),
            structures: self.structures,
            checkpoints: self.checkpoints,
            gl: self.printed.stats(),
            gl_fixed: self.fixed.stats(),
            flaw: PrefixFlaw {
                false_duplicates: self.false_duplicates,
                prefix_urls: self.fixed.prefix_urls().unwrap_or(0),
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
    fn gl(&self) -> Option<&GlTrie> {
        None
    }
}

impl RowSource for GlTrie {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        (self.len(), Some(self.nodes()), self.bytes())
    }
    fn gl(&self) -> Option<&GlTrie> {
        Some(self)
    }
}

impl RowSource for AnySet {
    fn counts(&self) -> (u64, Option<u64>, u64) {
        (UrlSet::len(self), UrlSet::nodes(self), UrlSet::bytes(self))
    }
    fn gl(&self) -> Option<&GlTrie> {
        self.as_gl_trie()
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

// ----------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Corpus;
    use std::collections::BTreeSet;
    use std::ops::Bound;

    fn corpus(n: u64) -> Vec<Vec<u8>> {
        Corpus::new(2004).iter(0, n).collect()
    }

    #[test]
    fn sina_and_sohu_by_hand() {
        // P4's Fig. 1. sina.com: the tree's root R0 (made by GLTree()), then for each of its
        // 8 chars a char node, and for each char after the first the root of its level:
        // 1 + 8 + 7 = 16 nodes, ids R0=0 s=1 R1=2 i=3 R2=4 n=5 … R7=14 m=15.
        // sohu.com shares `s` and level 1 (R1): `o` joins `i` on level 1 (i.tail = o), then
        // h, u, ., c, o, m each with its own level root: 1 + 6 + 6 = 13 more. 29 nodes:
        // 15 chars (1 + 2 + 6 + 6), 14 roots (R0, R1, 6 under each branch).
        let mut gl = GlTrie::new();
        assert!(gl.insert(b"sina.com"));
        assert_eq!(gl.nodes(), 16);
        let steps = gl.insert_traced(b"sohu.com");
        let s = gl.stats();
        assert_eq!((s.nodes, s.char_nodes, s.root_nodes), (29, 15, 14));
        assert_eq!(s.total_points, 28);
        assert_eq!((s.levels, s.max_level_width), (8, 2));
        let actions: Vec<StepAction> = steps.iter().map(|s| s.action).collect();
        use StepAction::*;
        assert_eq!(
            actions[..6],
            [Match, Descend, Walk, Create, CreateRoot, Create]
        );
        assert_eq!((steps[0].node, steps[0].ch.as_str()), (1, "s"));
        assert_eq!(
            (steps[1].node, steps[2].node, steps[2].ch.as_str()),
            (2, 3, "o")
        );
        assert_eq!((steps[3].node, steps[4].node, steps[5].node), (16, 17, 18));
        assert_eq!(
            steps.last().map(|s| (s.action, s.node, s.index)),
            Some((New, 28, 8))
        );
        assert_eq!(actions.iter().filter(|a| **a == Create).count(), 7);
        assert_eq!(actions.iter().filter(|a| **a == CreateRoot).count(), 6);
        // Looking up sohu.com compares s, then i and o on level 1, then one node per level.
        let cost = gl.lookup_cost(b"sohu.com");
        assert_eq!(
            (cost.found, cost.levels, cost.compared, cost.siblings_walked),
            (true, 8, 9, 1)
        );
        // With end marks the same shape: marks live in the nodes.
        let mut fixed = GlTrie::with_end_marks();
        fixed.insert(b"sina.com");
        fixed.insert(b"sohu.com");
        assert_eq!(fixed.nodes(), 29);
    }

    #[test]
    fn the_printed_flaw_and_the_fix() {
        let mut printed = GlTrie::new();
        let mut fixed = GlTrie::with_end_marks();
        assert!(printed.insert(b"http://a.cn/ab"));
        assert!(fixed.insert(b"http://a.cn/ab"));
        assert!(printed.contains(b"http://a.cn/a"));
        assert!(!fixed.contains(b"http://a.cn/a"));
        assert!(printed.contains(b"http://a.cn/ab") && fixed.contains(b"http://a.cn/ab"));
        assert!(!printed.contains(b"http://a.cn/abc") && !fixed.contains(b"http://a.cn/abc"));
        // Inserting the prefix: P4 calls it a duplicate and stores nothing.
        assert!(!printed.insert(b"http://a.cn/a"));
        assert!(fixed.insert(b"http://a.cn/a"));
        assert!(!fixed.insert(b"http://a.cn/a"));
        assert_eq!((printed.len(), fixed.len()), (1, 2));
        assert_eq!(printed.nodes(), fixed.nodes());
        assert_eq!(
            printed.an_extension(b"http://a.cn/a").as_deref(),
            Some("http://a.cn/ab")
        );
        assert_eq!(
            fixed.an_extension(b"http://a.cn/a").as_deref(),
            Some("http://a.cn/ab")
        );
        assert_eq!(printed.an_extension(b"http://a.cn/ab"), None);
        assert_eq!(fixed.an_extension(b"http://b.cn/"), None);
        assert_eq!(
            (printed.prefix_urls(), fixed.prefix_urls()),
            (None, Some(1))
        );
        // The traces say why.
        let steps = printed.contains_traced(b"http://a.cn/a");
        assert_eq!(steps.last().map(|s| s.action), Some(StepAction::Seen));
        let steps = fixed.contains_traced(b"http://a.cn/");
        assert_eq!(steps.last().map(|s| s.action), Some(StepAction::Unmarked));
        let steps = fixed.contains_traced(b"http://a.cn/x");
        assert_eq!(
            steps.last().map(|s| (s.action, s.index)),
            Some((StepAction::Missing, 12))
        );
        let steps = fixed.contains_traced(b"http://a.cn/abc");
        assert_eq!(
            steps.last().map(|s| (s.action, s.index)),
            Some((StepAction::Missing, 14))
        );
    }

    #[test]
    fn the_empty_url() {
        // P4's loop does not run: "" is found at once as printed, and never new.
        let mut printed = GlTrie::new();
        assert!(printed.contains(b""));
        assert!(!printed.insert(b""));
        let mut fixed = GlTrie::with_end_marks();
        assert!(!fixed.contains(b""));
        assert!(fixed.insert(b""));
        assert!(fixed.contains(b"") && !fixed.contains(b"a"));
        assert!(fixed.insert(b"a"));
        assert_eq!(fixed.prefix_urls(), Some(1));
        assert_eq!(fixed.an_extension(b"").as_deref(), Some("a"));
        assert_eq!(fixed.stats().mean_depth, 0.5);
    }

    #[test]
    fn java_chars() {
        // One node per UTF-16 unit: 中 is one char, 😀 two (a surrogate pair).
        let mut gl = GlTrie::new();
        gl.insert("中😀".as_bytes());
        let s = gl.stats();
        assert_eq!((s.char_nodes, s.levels), (3, 3));
        for url in ["http://a.cn/中文", "http://a.cn/😀/é"] {
            assert_eq!(
                java_units(url.as_bytes()).len(),
                crate::hash::java_string_length(url.as_bytes())
            );
        }
        // Invalid UTF-8 decodes as Java does: two lines, one Java string, one URL.
        let mut fixed = GlTrie::with_end_marks();
        assert!(fixed.insert(b"http://a.cn/\xff"));
        assert!(!fixed.insert(b"http://a.cn/\xfe"));
        assert!(fixed.contains(b"http://a.cn/\xc0"));
        assert_eq!(java_units(b"a\xed\xa0\x80b"), java_units(b"a\xffb"));
        assert_eq!(
            java_units(b"a\xed\xa0\x80b").len(),
            crate::hash::java_string_length(b"a\xed\xa0\x80b")
        );
        let steps = GlTrie::new().insert_traced("a😀".as_bytes());
        assert_eq!(steps[1].ch, "\u{FFFD}");
    }

    /// URLs, some held out, and prefixes of them (P4's flaw's territory).
    fn urls_and_held_out(n: u64) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
        let all = corpus(n);
        let (inserted, rest) = all.split_at(all.len() * 3 / 4);
        let mut held_out: Vec<Vec<u8>> = rest.to_vec();
        for url in inserted.iter().step_by(7) {
            held_out.push(url[..url.len() - 1].to_vec());
            held_out.push(url[..url.len() / 2].to_vec());
            let mut longer = url.clone();
            longer.push(b'/');
            held_out.push(longer);
        }
        let mut with_prefixes = inserted.to_vec();
        for url in inserted.iter().step_by(13) {
            with_prefixes.push(url[..url.len() - 2].to_vec());
            with_prefixes.push(url.clone());
        }
        (with_prefixes, held_out)
    }

    /// Whether a key of `sorted` longer than `q` starts with `q` (they follow `q` in order).
    fn has_extension<T: Ord + Clone>(sorted: &BTreeSet<Vec<T>>, q: &[T]) -> bool {
        sorted
            .range((Bound::Excluded(q.to_vec()), Bound::Unbounded))
            .next()
            .is_some_and(|k| k.starts_with(q))
    }

    #[test]
    fn every_structure_agrees_with_the_hash_set() {
        let (inserted, held_out) = urls_and_held_out(4_000);
        let mut reference = HashSet::new();
        let mut sets: Vec<AnySet> = Structure::ALL.iter().map(|s| s.new_set()).collect();
        let fresh: Vec<bool> = inserted
            .iter()
            .map(|u| reference.insert(u.clone()))
            .collect();
        // P4's list compares Java chars: a byte prefix cut inside a UTF-8 char is U+FFFD there.
        let sorted: BTreeSet<Vec<u16>> = reference.iter().map(|k| java_units(k)).collect();
        for set in &mut sets {
            if set.structure().is_static() {
                assert_eq!(set.insert_all(&inserted), reference.len() as u64);
                continue;
            }
            for (url, &new) in inserted.iter().zip(&fresh) {
                let reported = set.insert(url);
                if set.structure() == Structure::GlTrie {
                    assert!(!reported || new, "the printed list never invents a new URL");
                } else {
                    assert_eq!(reported, new, "{}", set.structure().id());
                }
            }
        }
        for set in &sets {
            let id = set.structure().id();
            for url in inserted.iter().chain(&held_out) {
                let expected = reference.contains(url);
                let got = set.contains(url);
                if set.structure() == Structure::GlTrie {
                    // Found exactly when it is a prefix of a stored URL.
                    let prefix = has_extension(&sorted, &java_units(url)) || expected;
                    assert_eq!(got, prefix, "{id} {}", String::from_utf8_lossy(url));
                } else {
                    assert_eq!(got, expected, "{id} {}", String::from_utf8_lossy(url));
                }
            }
            let stored = if set.structure() == Structure::GlTrie {
                set.len() < reference.len() as u64
            } else {
                set.len() == reference.len() as u64
            };
            assert!(stored, "{id}: {} of {}", set.len(), reference.len());
            assert_eq!(set.contains_all(&inserted), inserted.len() as u64, "{id}");
        }
    }

    #[test]
    fn bytes_per_url_are_positive_and_finite() {
        let urls = corpus(3_000);
        for s in Structure::ALL {
            let mut set = s.new_set();
            set.insert_all(&urls);
            let per_url = set.bytes() as f64 / urls.len() as f64;
            assert!(
                per_url.is_finite() && per_url > 0.0,
                "{}: {per_url}",
                s.id()
            );
            assert_ne!(set.nodes(), Some(0));
        }
        let mut gl = GlTrie::new();
        gl.insert_all(&urls);
        let st = gl.stats();
        for x in [st.bytes_per_url, st.java_bytes_per_url, st.mean_depth] {
            assert!(x.is_finite() && x > 0.0);
        }
        assert_eq!(st.arena_bytes_used, st.nodes * 12);
        assert!(st.arena_bytes >= st.arena_bytes_used);
        assert_eq!(st.java_bytes, st.nodes * 24);
        assert_eq!(st.nodes, st.root_nodes + st.char_nodes);
        // Empty structures: no division by zero.
        let empty = GlTrie::new().stats();
        assert!(empty.bytes_per_url.is_finite() && empty.mean_depth == 0.0);
    }

    #[test]
    fn drawing_export_is_consistent() {
        let mut gl = GlTrie::with_end_marks();
        for url in ["sina.com", "sohu.com", "sina.cn", "s", "163.com"] {
            gl.insert(url.as_bytes());
        }
        let all = gl.nodes_for_drawing(usize::MAX);
        assert_eq!(all.len() as u64, gl.nodes());
        check_drawing(&all);
        assert!(all.iter().all(|n| !n.truncated));
        assert_eq!(all.iter().filter(|n| n.end).count(), 5);
        assert!(all[0].is_root && all[0].parent.is_none() && all[0].ch == "?");
        assert_eq!(
            (all[1].ch.as_str(), all[1].parent, all[1].depth),
            ("s", Some(0), 0)
        );
        let m = all.iter().rev().find(|n| n.ch == "m").unwrap();
        assert_eq!(m.depth, 6); // 163.com: `m` is char 6
        for cut in [1, 2, 7, 20] {
            let part = gl.nodes_for_drawing(cut);
            assert_eq!(part.len(), cut);
            check_drawing(&part);
            assert!(part.iter().any(|n| n.truncated));
        }
    }

    fn check_drawing(nodes: &[DrawNode]) {
        let by_id = |id: u32| &nodes[id as usize];
        for (i, n) in nodes.iter().enumerate() {
            assert_eq!(n.id as usize, i);
            if let Some(p) = n.parent {
                assert!(p < n.id, "parents come first");
                let p = by_id(p);
                assert_ne!(p.is_root, n.is_root, "roots and chars alternate");
                let expected_depth = if n.is_root { p.depth + 1 } else { p.depth };
                assert_eq!(n.depth, expected_depth);
            } else {
                assert_eq!(n.id, 0);
            }
            if let Some(c) = n.first_child {
                assert_eq!(by_id(c).parent, Some(n.id));
                assert_ne!(by_id(c).is_root, n.is_root);
            }
            if let Some(t) = n.next_sibling {
                assert!(!n.is_root && !by_id(t).is_root);
                assert_eq!(by_id(t).parent, n.parent);
            }
            if n.is_root {
                assert!(n.next_sibling.is_none() && !n.end);
            }
        }
    }

    #[test]
    fn radix_shape_by_hand() {
        // {a, ab, b}: root ─child→ "a" (key; child "b"; sibling "b").
        // root: 2 bytes, padded to 8, + child pointer = 16. "a": 3 → 8 + child + sibling = 24.
        // "b" under "a": 2 + 1 = 3 (a leaf, no pointers). "b" at the top: 3. Total 46.
        let shape = radix_shape(["a", "ab", "b"]);
        assert_eq!((shape.nodes, shape.label_bytes, shape.bytes), (4, 3, 46));
        // {abc, abd}: root → "ab" (branching point, child) → "c" ─sibling→ "d".
        let shape = radix_shape(["abc", "abd"]);
        assert_eq!((shape.nodes, shape.label_bytes), (4, 4));
        assert_eq!(shape.bytes, 16 + 16 + (8 + 8) + 3);
        // A 600-byte label is a chain of 255 + 255 + 90.
        let long = vec![b'x'; 600];
        let shape = radix_shape([long]);
        assert_eq!((shape.nodes, shape.label_bytes), (4, 600));
        assert_eq!(shape.bytes, 16 + (264 + 8) * 2 + 92);
        assert_eq!(radix_shape(Vec::<Vec<u8>>::new()).nodes, 1);
        // The empty key is the root itself.
        assert_eq!(radix_shape(["", "a"]).nodes, 2);
    }

    #[test]
    fn radix_shape_counts_a_node_per_key_and_branch() {
        // A compacted trie's nodes: the root, the keys and the distinct branching prefixes.
        let urls = corpus(2_000);
        let mut sorted = urls.clone();
        sorted.sort();
        sorted.dedup();
        let mut points: HashSet<&[u8]> = sorted.iter().map(|k| k.as_slice()).collect();
        for w in sorted.windows(2) {
            let l = w[0].iter().zip(&w[1]).take_while(|(a, b)| a == b).count();
            points.insert(&w[1][..l]);
        }
        points.insert(&b""[..]);
        let shape = radix_shape(&sorted);
        assert_eq!(shape.nodes, points.len() as u64);
        let mut p = PatriciaUrls::new();
        p.insert_all(&urls);
        assert_eq!(
            p.shape().nodes,
            shape.nodes,
            "PatriciaSet iterates in sorted order"
        );
    }

    #[test]
    fn hash_table_bytes_follow_capacity() {
        assert_eq!(hash_table_bytes(0, 24), 0);
        assert_eq!(hash_table_bytes(3, 16), 64 + 4 + 16);
        assert_eq!(hash_table_bytes(14, 24), 384 + 16 + 16);
        let mut set = Md5Set::new();
        for i in 0..1000u32 {
            set.insert(&i.to_le_bytes());
        }
        let buckets = 2048; // 1000 items need more than 1024 × 7/8
        assert_eq!(set.bytes(), (buckets * 17 + 16) as u64);
    }

    #[test]
    fn the_fst_merges_batches() {
        let mut fst = FstUrls::build(["b", "a", "b"]);
        assert_eq!(fst.len(), 2);
        assert_eq!(fst.insert_all(["c", "a", "0"]), 2);
        assert!(fst.contains(b"0") && fst.contains(b"c") && !fst.contains(b"d"));
        assert!(fst.insert(b"d") && !fst.insert(b"d"));
        assert_eq!(fst.len(), 5);
        assert!(fst.bytes() > 0);
        assert_eq!(FstUrls::new().bytes(), FstUrls::new().fst_bytes());
    }

    #[test]
    fn structure_ids_round_trip() {
        for s in Structure::ALL {
            assert_eq!(Structure::from_id(s.id()), Some(s));
            assert_eq!(s.new_set().structure(), s);
            assert_eq!(serde_json::to_value(s).unwrap(), s.id());
        }
        assert_eq!(Structure::from_id("trie"), None);
        assert!(Structure::known_ids().starts_with("gl-trie, gl-trie-fixed"));
    }

    #[test]
    fn the_study_counts_the_flaw() {
        let urls: Vec<&[u8]> = vec![
            b"http://a.cn/ab",
            b"http://a.cn/a",   // false duplicate (after its extension)
            b"http://a.cn/abc", // makes http://a.cn/ab a prefix URL, not a false duplicate
            b"http://a.cn/ab",  // a true duplicate
            b"http://b.cn/",
        ];
        let st = study(&urls, 2, &Structure::ALL);
        assert_eq!((st.lines, st.distinct), (5, 4));
        assert_eq!(st.flaw.false_duplicates, 1);
        assert_eq!(st.flaw.prefix_urls, 2);
        assert_eq!(
            st.flaw.examples,
            [FlawExample {
                line: 2,
                url: "http://a.cn/a".into(),
                longer: "http://a.cn/ab".into()
            }]
        );
        let lines: Vec<u64> = st.checkpoints.iter().map(|c| c.lines).collect();
        assert_eq!(lines, [2, 4, 5]);
        let last = st.checkpoints.last().unwrap();
        assert_eq!(last.rows.len(), 6);
        for row in &last.rows {
            let expected = if row.structure == Structure::GlTrie {
                3
            } else {
                4
            };
            assert_eq!(row.stored, expected, "{}", row.structure.id());
            assert!(row.bytes_per_url > 0.0 && row.bytes_per_url.is_finite());
            assert_eq!(row.java_bytes.is_some(), row.levels.is_some());
        }
        assert_eq!(st.gl.urls, 3);
        assert_eq!(st.gl_fixed.urls, 4);
        assert_eq!(st.insert_walk.lookups, 5);
        serde_json::to_string(&st).unwrap();
    }

    #[test]
    fn the_study_checkpoints_at_p4s_sizes() {
        let urls = corpus(20_000);
        let st = study(
            &urls,
            0,
            &[Structure::Fst, Structure::GlTrie, Structure::GlTrie],
        );
        assert_eq!(st.structures, [Structure::GlTrie, Structure::Fst]);
        let lines: Vec<u64> = st.checkpoints.iter().map(|c| c.lines).collect();
        assert_eq!(lines, [10_000, 16_000, 20_000]);
        let fst_rows: Vec<u64> = st.checkpoints.iter().map(|c| c.rows[1].stored).collect();
        assert_eq!(fst_rows, [10_000, 16_000, 20_000]);
        assert_eq!(st.claims.times[2].ms_per_dedup, 0.8);
        assert!((st.claims.bytes_per_url - 209.7152).abs() < 1e-9);
        // The flaw counted by comparing answers equals a direct count: a URL not seen before
        // that an earlier, longer URL starts with.
        let mut seen = BTreeSet::new();
        let mut direct = 0;
        for u in &urls {
            if !seen.contains(u) && has_extension(&seen, u) {
                direct += 1;
            }
            seen.insert(u.clone());
        }
        assert_eq!(st.flaw.false_duplicates, direct);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod proptests {
    use super::*;
    use proptest::prelude::*;

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
