//! The URL sets P4's list is measured against: hash set, MD5 fingerprints, Patricia trie, FST,
//! behind one interface.

use super::list::{GlTrie, GlVariant};
use fst::Streamer;
use patricia_tree::PatriciaSet;
use serde::Serialize;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

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
    /// Every structure, in the order reports list them.
    pub const ALL: [Structure; 6] = [
        Structure::GlTrie,
        Structure::GlTrieFixed,
        Structure::HashSet,
        Structure::Md5Set,
        Structure::Patricia,
        Structure::Fst,
    ];

    /// Stable text id: `gl-trie`, `gl-trie-fixed`, `hash-set`, `md5-set`, `patricia`, `fst`.
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

    /// A structure by its [`Structure::id`]; `None` for an unknown id.
    pub fn from_id(id: &str) -> Option<Structure> {
        Structure::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The ids, comma-separated, for error messages.
    pub fn known_ids() -> String {
        Structure::ALL.map(Structure::id).join(", ")
    }

    /// One line naming the structure, in English.
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

    /// The same name in Chinese.
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
    /// Which structure this is.
    fn structure(&self) -> Structure;
    /// Stores `url`; `true` when the structure reports it new.
    fn insert(&mut self, url: &[u8]) -> bool;
    /// Whether the structure reports `url` as stored.
    fn contains(&self, url: &[u8]) -> bool;
    /// URLs stored, as the structure counts them.
    fn len(&self) -> u64;
    /// `true` when no URL is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Bytes the structure holds, from its layout (see the module doc).
    fn bytes(&self) -> u64;
    /// Nodes, for the tries.
    fn nodes(&self) -> Option<u64> {
        None
    }
    /// [`UrlSet::nodes`] and [`UrlSet::bytes`] together (one walk for a structure that counts
    /// both by walking itself).
    fn nodes_and_bytes(&self) -> (Option<u64>, u64) {
        (self.nodes(), self.bytes())
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

pub use crate::foundation::mix::UrlHasher;
type UrlHash = BuildHasherDefault<UrlHasher>;

/// Byte counts are modelled on a 64-bit target (8-byte pointers, 24-byte `Vec`s), whatever the
/// build: the WebAssembly page (4-byte pointers) prints what the command line prints.
const POINTER_BYTES: usize = 8;
/// A `Vec` (pointer, capacity, length) on a 64-bit target.
const VEC_BYTES: usize = 24;
/// A `PatriciaSet` on a 64-bit target (the root pointer and the length), whose root node is
/// counted with the rest.
pub(super) const PATRICIA_SET_BYTES: u64 = 16;

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
    /// An empty set.
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
    /// An empty set.
    pub fn new() -> Md5Set {
        Md5Set::default()
    }
}

impl UrlSet for Md5Set {
    fn structure(&self) -> Structure {
        Structure::Md5Set
    }
    fn insert(&mut self, url: &[u8]) -> bool {
        self.set.insert(crate::foundation::hash::md5_u128(url))
    }
    fn contains(&self, url: &[u8]) -> bool {
        self.set.contains(&crate::foundation::hash::md5_u128(url))
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
    /// An empty trie.
    pub fn new() -> PatriciaUrls {
        PatriciaUrls::default()
    }

    /// Nodes and bytes as `patricia_tree` 0.8 lays them out (one pass over the sorted keys).
    pub fn shape(&self) -> RadixShape {
        patricia_shape(self.set.iter())
    }
}

/// Nodes and bytes of a `PatriciaSet` of `sorted_keys` (ascending, distinct), as `patricia_tree`
/// 0.8 lays them out: [`radix_shape`] and the set's own [`PATRICIA_SET_BYTES`]. A radix trie's
/// shape depends on its keys only, not on the order they came in.
pub fn patricia_shape<I>(sorted_keys: I) -> RadixShape
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    let mut shape = radix_shape(sorted_keys);
    shape.bytes += PATRICIA_SET_BYTES;
    shape
}

/// Distinct URLs kept in ascending order, grown in batches: a study pushes every line and
/// [`SortedUrls::settle`]s at its checkpoints, where the Patricia trie's shape and the FST are
/// measured from the sorted keys (walking a `PatriciaSet` allocates every key; rebuilding an FST
/// from its own stream decodes it). A settle sorts the lines pushed since the last and merges
/// them in: `O(b log b + n)` for `b` new lines and `n` URLs.
#[derive(Clone, Debug, Default)]
pub struct SortedUrls {
    keys: Vec<Box<[u8]>>,
    /// The lines pushed since the last settle, end to end, and where each ends.
    pending: Vec<u8>,
    ends: Vec<usize>,
}

impl SortedUrls {
    /// No URLs.
    pub fn new() -> SortedUrls {
        SortedUrls::default()
    }

    /// One line (a URL already kept, or pushed again, is dropped at the next settle).
    pub fn push(&mut self, url: &[u8]) {
        self.pending.extend_from_slice(url);
        self.ends.push(self.pending.len());
    }

    /// Whether lines were pushed since the last settle.
    pub fn has_pending(&self) -> bool {
        !self.ends.is_empty()
    }

    /// Merges the lines pushed since the last settle in; every distinct URL pushed, ascending.
    pub fn settle(&mut self) -> &[Box<[u8]>] {
        if self.ends.is_empty() {
            return &self.keys;
        }
        let mut start = 0;
        let mut batch: Vec<&[u8]> = (self.ends.iter())
            .map(|&end| {
                let line = &self.pending[start..end];
                start = end;
                line
            })
            .collect();
        crate::foundation::order::sort_byte_strings(&mut batch);
        batch.dedup();
        let old = std::mem::take(&mut self.keys);
        let mut keys = Vec::with_capacity(old.len() + batch.len());
        let mut batch = batch.into_iter().peekable();
        for key in old {
            while let Some(new) = batch.next_if(|b| **b < *key) {
                keys.push(new.into());
            }
            batch.next_if(|b| **b == *key);
            keys.push(key);
        }
        keys.extend(batch.map(Box::from));
        self.keys = keys;
        self.pending.clear();
        self.ends.clear();
        &self.keys
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
    fn nodes_and_bytes(&self) -> (Option<u64>, u64) {
        let shape = self.shape();
        (Some(shape.nodes), shape.bytes)
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
    /// An empty set.
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

    /// The set of `sorted_keys` (ascending, distinct), built in one pass: the same FST as
    /// [`FstUrls::build`] of the same URLs.
    pub fn from_sorted<I>(sorted_keys: I) -> FstUrls
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut builder = fst::SetBuilder::memory();
        for key in sorted_keys {
            builder.insert(key).expect("keys ascending and distinct");
        }
        FstUrls::from_builder(builder)
    }

    fn from_builder(builder: fst::SetBuilder<Vec<u8>>) -> FstUrls {
        let mut bytes = builder.into_inner().expect("writing to memory");
        bytes.shrink_to_fit();
        FstUrls {
            set: fst::Set::new(bytes).expect("an FST just built"),
        }
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
    /// Sorts the new URLs and builds the set anew in one pass, merging them into the old set's
    /// keys as it streams them: the cost of inserting into a static structure.
    fn insert_all<I>(&mut self, urls: I) -> u64
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let urls: Vec<I::Item> = urls.into_iter().collect();
        let mut batch: Vec<&[u8]> = urls.iter().map(AsRef::as_ref).collect();
        crate::foundation::order::sort_byte_strings(&mut batch);
        batch.dedup();
        if batch.is_empty() {
            return 0;
        }
        let mut builder = fst::SetBuilder::memory();
        let (mut next, mut old) = (0, self.set.stream());
        let mut stored = 0;
        while let Some(key) = old.next() {
            while batch.get(next).is_some_and(|b| *b < key) {
                builder.insert(batch[next]).expect("keys in order");
                next += 1;
            }
            if batch.get(next).is_some_and(|b| *b == key) {
                next += 1;
            }
            builder.insert(key).expect("keys in order");
            stored += 1;
        }
        drop(old);
        for key in &batch[next..] {
            builder.insert(key).expect("keys in order");
        }
        *self = FstUrls::from_builder(builder);
        self.set.len() as u64 - stored
    }
}

/// Any of the structures, for looping over them.
#[derive(Clone, Debug)]
pub enum AnySet {
    /// Both variants of the list.
    GlTrie(GlTrie),
    /// `hash-set`.
    HashSet(HashSetUrls),
    /// `md5-set`.
    Md5Set(Md5Set),
    /// `patricia`.
    Patricia(PatriciaUrls),
    /// `fst`.
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
    fn nodes_and_bytes(&self) -> (Option<u64>, u64) {
        any_set!(self, s => UrlSet::nodes_and_bytes(s))
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
