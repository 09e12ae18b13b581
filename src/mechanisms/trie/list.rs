//! P4's generalized list (吴小惠 2009, Sect. 3), as printed and fixed: the nodes, their bytes, inserts
//! and lookups.

use serde::Serialize;

/// The null index of the arena (Java's `null`).
pub const NONE: u32 = u32::MAX;

/// Bytes of one `GLNode` on P4's JVM, an estimate (see the `trie` module doc): 24.
pub const JAVA_NODE_BYTES: u64 = 24;

/// Bytes of one arena node, [`GlTrie`]'s `Node`: 12.
pub const NODE_BYTES: usize = size_of::<Node>();

/// One `GLNode`: `head` (a char's next-level root, or a root's first char), `tail` (the next
/// char on the level), the char, `isRoot`, and the lab's end mark (never set as printed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
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
    /// What the step did.
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
    /// URLs walked.
    pub lookups: u64,
    /// Of those, the ones found (for insertions: the duplicates).
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
pub(crate) struct CostSum {
    lookups: u64,
    found: u64,
    compared: u64,
    siblings: u64,
    levels: u64,
    max_siblings: u32,
}

impl CostSum {
    pub(crate) fn add(&mut self, c: LookupCost) {
        self.lookups += 1;
        self.found += c.found as u64;
        self.compared += c.compared as u64;
        self.siblings += c.siblings_walked as u64;
        self.levels += c.levels as u64;
        self.max_siblings = self.max_siblings.max(c.siblings_walked);
    }

    pub(crate) fn finish(&self) -> WalkCosts {
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
    /// Which list was measured: as printed, or with end marks.
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
    /// Whether the node is a level's root (P4's `isRoot`) rather than a char node.
    pub is_root: bool,
    /// The end-of-URL mark (fixed variant; always false as printed).
    pub end: bool,
    /// The level: the position in a URL of this node's char (0 for the first char); a root
    /// has its level's depth.
    pub depth: u32,
    /// `head` or `tail` leads to a node past `max_nodes`, left out (the link reads `None`).
    pub truncated: bool,
}

/// Where the walk of an insertion ended: whether it made a node, the node of the last char
/// (the tree's root for ""), and the chars walked.
#[derive(Clone, Copy, Debug)]
struct Placed {
    created: bool,
    last: u32,
    depth: u32,
}

/// A list's counts of the URLs stored and its size ([`GlTrie::figures`], [`GlPair::printed`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GlFigures {
    /// URLs stored: insertions that reported a new URL.
    pub urls: u64,
    /// Every node, the tree's root included.
    pub nodes: u64,
    /// Bytes allocated ([`GlTrie::bytes`]).
    pub bytes: u64,
    /// P4's Java heap, estimated ([`GlTrie::java_bytes`]).
    pub java_bytes: u64,
    /// The longest stored URL, in chars.
    pub max_depth: u32,
    /// The stored URLs' lengths in chars, summed.
    pub depth_sum: u64,
}

/// P4's list as printed and the lab's end-marked list, in one arena: both make the same nodes
/// for the same URLs (a mark is a flag on the node of a URL's last char, not a node), so one
/// walk gives both verdicts. As printed a URL is new when the walk made a node; with marks,
/// when its last char's node was not marked. What each list stores, and so its counts, can
/// differ; the nodes cannot. The trie study keeps its two lists this way, walking each URL
/// once; tests check it against the two lists kept apart.
///
/// # Examples
/// ```
/// use urlhashlab::mechanisms::trie::GlPair;
/// let mut pair = GlPair::new();
/// assert_eq!(pair.insert(b"sina.com").0, true);
/// // "sina.co" is a prefix of a stored URL: a duplicate as printed, new with marks.
/// let (printed_new, cost, fixed_new) = pair.insert(b"sina.co");
/// assert!(!printed_new && cost.found && fixed_new);
/// assert_eq!((pair.printed().urls, pair.fixed().len()), (1, 2));
/// ```
#[derive(Clone, Debug)]
pub struct GlPair {
    /// The nodes, with marks; its own counts are the end-marked list's.
    fixed: GlTrie,
    /// The counts of the list as printed: the URLs whose walk made a node.
    printed: GlTrie,
}

impl Default for GlPair {
    fn default() -> Self {
        GlPair::new()
    }
}

impl GlPair {
    /// Both lists, empty.
    pub fn new() -> GlPair {
        GlPair {
            fixed: GlTrie::with_end_marks(),
            // Only its counts are used; its arena stays the empty tree's root.
            printed: GlTrie::new(),
        }
    }

    /// Inserts `url` in both lists: whether it was new as printed, the printed insertion's
    /// walk ([`GlTrie::insert_counted`]), and whether it was new with marks ([`GlTrie::insert`]).
    pub fn insert(&mut self, url: &[u8]) -> (bool, LookupCost, bool) {
        let mut cost = LookupCost::default();
        let placed = {
            let mut obs = cost_observer(&mut cost);
            if url.is_ascii() {
                self.fixed
                    .place_units(url.iter().map(|&b| b as u16), &mut obs)
            } else {
                self.fixed
                    .place_units(java_units(url).into_iter(), &mut obs)
            }
        };
        let fixed_new = self.fixed.mark(placed, &mut |_, _, _| {});
        if fixed_new {
            self.fixed.count(placed.depth);
        }
        if placed.created {
            self.printed.count(placed.depth);
        } else {
            // As printed, a walk that made no node ends "seen".
            cost.found = true;
        }
        (placed.created, cost, fixed_new)
    }

    /// The end-marked list.
    pub fn fixed(&self) -> &GlTrie {
        &self.fixed
    }

    /// The list as printed: its counts, on the shared nodes.
    pub fn printed(&self) -> GlFigures {
        GlFigures {
            urls: self.printed.urls,
            max_depth: self.printed.max_depth,
            depth_sum: self.printed.depth_sum,
            ..self.fixed.figures()
        }
    }

    /// [`GlTrie::an_extension`] as printed: a stored URL `url` is a proper prefix of, down
    /// first children to a leaf.
    pub fn printed_extension(&self, url: &[u8]) -> Option<String> {
        self.fixed.extension(url, false)
    }

    /// [`GlTrie::stats`] of the list as printed and of the end-marked one (one pass over the
    /// nodes for both).
    pub fn stats(&self) -> (GlStats, GlStats) {
        let width = self.fixed.max_level_width();
        (
            self.fixed
                .stats_of(GlVariant::Printed, self.printed(), width),
            self.fixed
                .stats_of(GlVariant::EndMarked, self.fixed.figures(), width),
        )
    }
}

/// P4's improved generalized list: a trie with one node per Java char, levels as linked lists.
///
/// # Examples
/// ```
/// use urlhashlab::mechanisms::trie::GlTrie;
/// let mut gl = GlTrie::new();
/// gl.insert(b"sina.com");
/// gl.insert(b"sohu.com");
/// let stats = gl.stats();
/// assert_eq!((stats.nodes, stats.char_nodes, stats.total_points), (29, 15, 28));
/// // As printed, a proper prefix of a stored URL is "found", and inserting it stores nothing.
/// assert!(gl.contains(b"sina.co"));
/// assert!(!gl.insert(b"sina.co"));
/// // With the lab's end marks it is a URL of its own.
/// let mut fixed = GlTrie::with_end_marks();
/// fixed.insert(b"sina.com");
/// assert!(!fixed.contains(b"sina.co"));
/// assert!(fixed.insert(b"sina.co"));
/// ```
#[derive(Clone, Debug)]
pub struct GlTrie {
    /// `nodes[0]` is `GLTree.root`, the root of level 0.
    nodes: Vec<Node>,
    pub(crate) variant: GlVariant,
    pub(crate) urls: u64,
    root_nodes: u64,
    pub(crate) depth_sum: u64,
    pub(crate) max_depth: u32,
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

    /// An empty list of the given variant.
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

    /// Which list this is: as printed, or with end marks.
    pub fn variant(&self) -> GlVariant {
        self.variant
    }

    /// URLs stored (insertions that reported a new URL).
    pub fn len(&self) -> u64 {
        self.urls
    }

    /// `true` when no URL is stored.
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
        let placed = self.place_units(units, obs);
        let new = match self.variant {
            GlVariant::Printed => placed.created,
            GlVariant::EndMarked => self.mark(placed, obs),
        };
        if new {
            self.count(placed.depth);
        }
        obs(
            if new {
                StepAction::New
            } else {
                StepAction::Seen
            },
            placed.last,
            placed.depth,
        );
        new
    }

    /// A stored URL of `depth` chars: counted in the URLs, their depths and the deepest.
    fn count(&mut self, depth: u32) {
        self.urls += 1;
        self.depth_sum += depth as u64;
        self.max_depth = self.max_depth.max(depth);
    }

    /// The end mark on the node of a URL's last char: `true` when it was not marked yet.
    fn mark<O: FnMut(StepAction, u32, u32)>(&mut self, placed: Placed, obs: &mut O) -> bool {
        let node = &mut self.nodes[placed.last as usize];
        let marked = node.end;
        node.end = true;
        if !marked {
            obs(StepAction::Mark, placed.last, placed.depth);
        }
        !marked
    }

    /// The walk of P4's insertion: every char found or placed, level by level. The nodes it
    /// makes depend on the chars alone, not on the variant (a mark is a flag, not a node).
    fn place_units<I, O>(&mut self, units: I, obs: &mut O) -> Placed
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
        Placed {
            created,
            last,
            depth,
        }
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
        self.extension(url, self.variant == GlVariant::EndMarked)
    }

    /// [`GlTrie::an_extension`], stopping at the first end mark when `marks`, else at a leaf.
    fn extension(&self, url: &[u8], marks: bool) -> Option<String> {
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
            if marks && self.nodes[node as usize].end {
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
        self.stats_of(self.variant, self.figures(), self.max_level_width())
    }

    /// The longest level: one pass over the nodes.
    fn max_level_width(&self) -> u64 {
        let mut max_level_width = 0u64;
        for root in self.nodes.iter().filter(|n| n.is_root) {
            let (mut width, mut cur) = (0u64, root.head);
            while cur != NONE {
                width += 1;
                cur = self.nodes[cur as usize].tail;
            }
            max_level_width = max_level_width.max(width);
        }
        max_level_width
    }

    /// The counts of the URLs stored, and the list's size.
    pub fn figures(&self) -> GlFigures {
        GlFigures {
            urls: self.urls,
            nodes: self.nodes(),
            bytes: self.bytes(),
            java_bytes: self.java_bytes(),
            max_depth: self.max_depth,
            depth_sum: self.depth_sum,
        }
    }

    /// The measures of the list as `variant` with the URLs counted in `f` (the arena's own).
    fn stats_of(&self, variant: GlVariant, f: GlFigures, max_level_width: u64) -> GlStats {
        let urls = f.urls.max(1) as f64;
        GlStats {
            variant,
            urls: f.urls,
            nodes: self.nodes(),
            root_nodes: self.root_nodes,
            char_nodes: self.nodes() - self.root_nodes,
            total_points: self.nodes() - 1,
            levels: f.max_depth,
            mean_depth: f.depth_sum as f64 / urls,
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
/// sequences become U+FFFD as Java's decoder makes them; the rule of [`crate::foundation::hash`]).
pub(super) fn java_units(bytes: &[u8]) -> Vec<u16> {
    let mut units = Vec::with_capacity(bytes.len());
    crate::foundation::hash::for_each_java_char(bytes, |c| units.push(c as u16));
    units
}
