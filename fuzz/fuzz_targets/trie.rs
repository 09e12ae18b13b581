//! P4's generalized-list trie (as printed and fixed) and every other URL set of `trie`, driven
//! by a sequence of inserts and lookups and compared with set models.
//!
//! * `gl-trie-fixed` is exact over Java strings (the module's unit: two byte strings that decode
//!   to the same Java chars are one URL); `hash-set`, `md5-set`, `patricia` and `fst` are exact
//!   over bytes; each returns "new" exactly when the model did not hold the URL.
//! * `gl-trie` (as printed) never gives a false negative, and it finds a URL not stored exactly
//!   when that URL is a proper prefix of a stored one (P4's flaw; the empty URL is always
//!   "found"); its insert reports "new" exactly when no stored URL extends the new one.
//! * Node counts, levels, the widest level and the depth of both lists equal the counts of the
//!   model's prefixes; `prefix_urls`, `an_extension`, the traced walks, the lookup costs and the
//!   drawing export agree with the model; `radix_shape` (the Patricia layout) has a node per key
//!   and per branching point and a label byte per distinct prefix; `TrieStudyBuilder` counts
//!   the same false duplicates.
#![no_main]

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use std::collections::{BTreeMap, BTreeSet};
use urlhashlab::papers::p4::TrieStudyBuilder;
use urlhashlab::mechanisms::trie::{radix_shape, AnySet, GlTrie, PatriciaUrls, StepAction, Structure, UrlSet};
use urlhashlab_fuzz::java_units;

/// A URL: a prefix of an earlier URL (`from`, `keep` bytes of it) followed by new bytes.
#[derive(Arbitrary, Debug)]
struct UrlSpec {
    from: Option<u8>,
    keep: u16,
    tail: Tail,
}

#[derive(Arbitrary, Debug)]
enum Tail {
    /// Bytes from a small URL alphabet, so prefixes and shared levels are common.
    Small(Vec<u8>),
    /// Any bytes (invalid UTF-8, NUL, surrogates encoded in UTF-8).
    Raw(Vec<u8>),
    /// A run of one byte (long URLs, long Patricia labels).
    Run(u8, u16),
}

const ALPHABET: &[u8] = b"/.:ab?=%\xC3\xA9\xED\xA0\x80\xFF";

#[derive(Arbitrary, Debug)]
enum Op {
    Insert(UrlSpec),
    Contains(UrlSpec),
    /// Insert with the traced walk (the page's animation).
    InsertTraced(UrlSpec),
    /// A batch through `UrlSet::insert_all` (the FST rebuilds once per batch).
    InsertAll(Vec<UrlSpec>),
    Check,
}

#[derive(Arbitrary, Debug)]
struct Input {
    step: u8,
    ops: Vec<Op>,
}

struct Model {
    /// Every URL seen, to build later URLs from.
    history: Vec<Vec<u8>>,
    /// Distinct byte strings inserted.
    bytes: BTreeSet<Vec<u8>>,
    /// Distinct Java strings inserted (the fixed list's URLs).
    fixed: BTreeSet<Vec<u16>>,
    /// URLs the printed list reported new.
    printed: BTreeSet<Vec<u16>>,
    /// Insertions reported new by the fixed list and not by the printed one.
    false_duplicates: u64,
    pushed: Vec<Vec<u8>>,
}

impl Model {
    fn url(&mut self, spec: &UrlSpec) -> Vec<u8> {
        let mut url = match spec.from {
            Some(i) if !self.history.is_empty() => {
                let base = &self.history[i as usize % self.history.len()];
                base[..(spec.keep as usize).min(base.len())].to_vec()
            }
            _ => Vec::new(),
        };
        match &spec.tail {
            Tail::Small(b) => url.extend(b.iter().map(|&c| ALPHABET[c as usize % ALPHABET.len()])),
            Tail::Raw(b) => url.extend_from_slice(b),
            Tail::Run(c, n) => url.resize(url.len() + (*n as usize % 300), *c),
        }
        // Long enough for a Patricia label over 255 bytes, short enough to stay fast.
        url.truncate(300);
        self.history.push(url.clone());
        url
    }
}

fn lcp<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Whether a string of the sorted set strictly extends `q` (it would be `q`'s successor).
fn has_extension<T: Ord + Clone>(set: &BTreeSet<Vec<T>>, q: &[T]) -> bool {
    use std::ops::Bound::{Excluded, Unbounded};
    set.range::<[T], _>((Excluded(q), Unbounded))
        .next()
        .is_some_and(|s| s.starts_with(q))
}

/// The printed list finds `q` when it stored `q` or a URL extending `q` (or `q` is empty).
fn printed_finds(printed: &BTreeSet<Vec<u16>>, q: &[u16]) -> bool {
    q.is_empty() || printed.contains(q) || has_extension(printed, q)
}

/// Stored URLs that are proper prefixes of other stored URLs.
fn prefix_count<T: Ord + Clone>(set: &BTreeSet<Vec<T>>) -> u64 {
    set.iter().filter(|u| has_extension(set, u)).count() as u64
}

/// Nodes, roots, levels and widest level of a list whose paths are the prefixes of `urls`,
/// from the sorted URLs: each URL adds the prefixes longer than its common prefix with the one
/// before it; a prefix with a child has a level (a root) below it; a level branches where two
/// neighbours part.
fn gl_shape(urls: &BTreeSet<Vec<u16>>) -> (u64, u64, u32, u64) {
    let mut chars = 0u64;
    let mut branches: BTreeMap<&[u16], u64> = BTreeMap::new();
    let mut prev: &[u16] = &[];
    for u in urls {
        let l = lcp(prev, u);
        chars += (u.len() - l) as u64;
        if l < prev.len() {
            *branches.entry(&u[..l]).or_default() += 1;
        }
        prev = u;
    }
    let leaves = urls.iter().filter(|u| !u.is_empty()).count() as u64 - prefix_count(urls)
        + u64::from(urls.contains(&Vec::new()) && urls.len() > 1);
    let roots = 1 + chars - leaves;
    let levels = urls.iter().map(|u| u.len() as u32).max().unwrap_or(0);
    let widest = if chars == 0 {
        0
    } else {
        1 + branches.values().copied().max().unwrap_or(0)
    };
    (1 + chars + roots - 1, roots, levels, widest)
}

fn check_gl(gl: &GlTrie, urls: &BTreeSet<Vec<u16>>, fixed: bool) {
    let (nodes, roots, levels, widest) = gl_shape(urls);
    let st = gl.stats();
    assert_eq!(st.urls, urls.len() as u64);
    assert_eq!(gl.len(), urls.len() as u64);
    assert_eq!(st.nodes, nodes, "nodes");
    assert_eq!(gl.nodes(), nodes);
    assert_eq!(st.root_nodes, roots, "roots");
    assert_eq!(st.char_nodes, nodes - roots);
    assert_eq!(st.total_points, nodes - 1);
    assert_eq!(st.levels, levels);
    assert_eq!(st.max_level_width, widest);
    let depth: u64 = urls.iter().map(|u| u.len() as u64).sum();
    let mean = depth as f64 / urls.len().max(1) as f64;
    assert!((st.mean_depth - mean).abs() <= 1e-9 * mean.max(1.0));
    assert!(gl.bytes() >= nodes * urlhashlab::mechanisms::trie::NODE_BYTES as u64);
    if fixed {
        assert_eq!(gl.prefix_urls(), Some(prefix_count(urls)));
    } else {
        assert_eq!(gl.prefix_urls(), None);
    }
    // The drawing export: every node's parent comes first, links stay inside the export.
    let max = (nodes as usize).min(64);
    let drawn = gl.nodes_for_drawing(max);
    assert_eq!(drawn.len(), max);
    for (i, d) in drawn.iter().enumerate() {
        assert_eq!(d.id as usize, i);
        assert_eq!(d.parent.is_none(), i == 0);
        if let Some(p) = d.parent {
            assert!((p as usize) < i);
        }
        for link in [d.first_child, d.next_sibling].into_iter().flatten() {
            assert!((link as usize) < max);
        }
        assert!(!d.end || fixed);
    }
}

/// Lookups on both lists against the models.
fn check_lookup(printed: &GlTrie, fixed: &GlTrie, m: &Model, url: &[u8]) {
    let q = java_units(url);
    let in_fixed = m.fixed.contains(&q);
    assert_eq!(fixed.contains(url), in_fixed, "fixed list on {url:?}");
    let found = printed_finds(&m.printed, &q);
    assert_eq!(printed.contains(url), found, "printed list on {url:?}");
    if in_fixed {
        assert!(found, "printed list: a false negative on {url:?}");
    }
    for (gl, set, found) in [(printed, &m.printed, found), (fixed, &m.fixed, in_fixed)] {
        let cost = gl.lookup_cost(url);
        assert_eq!(cost.found, found);
        assert!(cost.siblings_walked <= cost.compared && cost.levels <= cost.compared);
        if found {
            assert_eq!(cost.levels as usize, q.len());
        }
        if q.len() <= 40 {
            // A String per step: short URLs only.
            let steps = gl.contains_traced(url);
            let verdict = steps.last().expect("a verdict").action;
            assert_eq!(verdict == StepAction::Seen, found, "{steps:?}");
        }
        // A stored URL that strictly extends `q`, when there is one.
        let ext = gl.an_extension(url);
        let longer = has_extension(set, &q);
        assert_eq!(ext.is_some(), longer, "an_extension({url:?}) = {ext:?}");
        if let Some(e) = ext {
            let e: Vec<u16> = e.encode_utf16().collect();
            if !e.contains(&0xFFFD) {
                assert!(e.len() > q.len() && e.starts_with(&q) && set.contains(&e));
            }
        }
    }
}

/// The radix shape of distinct byte keys, from its definition: a node per key and per prefix
/// where two keys part (where sorted neighbours part), under the root; an edge of L bytes is
/// ceil(L / 255) nodes; a label byte per distinct non-empty prefix.
fn radix_model(keys: &BTreeSet<Vec<u8>>) -> (u64, u64) {
    let mut positions: BTreeSet<&[u8]> = keys.iter().map(|k| &k[..]).collect();
    let mut label_bytes = 0;
    let mut prev: &[u8] = &[];
    for k in keys {
        let l = lcp(prev, k);
        label_bytes += (k.len() - l) as u64;
        if l < prev.len() {
            positions.insert(&k[..l]);
        }
        prev = k;
    }
    positions.insert(&[]);
    // Sorted order visits a node after its ancestors: keep the path from the root.
    let mut path: Vec<&[u8]> = Vec::new();
    let mut nodes = 1;
    for p in positions {
        while path.last().is_some_and(|a| !p.starts_with(a)) {
            path.pop();
        }
        if let Some(parent) = path.last() {
            nodes += (p.len() - parent.len()).div_ceil(255) as u64;
        }
        path.push(p);
    }
    (nodes, label_bytes)
}

/// The FST and the URLs it has not been given yet.
struct FstBatches {
    set: AnySet,
    pending: Vec<Vec<u8>>,
    model: BTreeSet<Vec<u8>>,
}

impl FstBatches {
    /// One rebuild with the pending URLs.
    fn sync(&mut self) {
        let new: BTreeSet<&Vec<u8>> = self
            .pending
            .iter()
            .filter(|u| !self.model.contains(*u))
            .collect();
        assert_eq!(self.set.insert_all(&self.pending), new.len() as u64, "fst");
        self.model.extend(self.pending.drain(..));
        assert_eq!(self.set.len(), self.model.len() as u64);
        for url in self.model.iter().take(8) {
            assert!(self.set.contains(url));
        }
    }
}

fuzz_target!(|input: Input| {
    let mut m = Model {
        history: Vec::new(),
        bytes: BTreeSet::new(),
        fixed: BTreeSet::new(),
        printed: BTreeSet::new(),
        false_duplicates: 0,
        pushed: Vec::new(),
    };
    let mut printed = GlTrie::new();
    let mut fixed = GlTrie::with_end_marks();
    let mut sets: Vec<_> = [Structure::HashSet, Structure::Md5Set, Structure::Patricia]
        .into_iter()
        .map(|s| {
            // MD5 fingerprints could collide (about n^2 / 2^129): exact for the model's few URLs.
            assert_eq!(s.is_exact(), s != Structure::Md5Set);
            s.new_set()
        })
        .collect();
    // The FST rebuilds itself on every insertion: it gets the URLs in a few batches.
    // Building an FST, even an empty one, costs more than the rest of a run: one input in four
    // has one (chosen by `step`).
    let mut fst = input.step.is_multiple_of(4).then(|| FstBatches {
        set: Structure::Fst.new_set(),
        pending: Vec::new(),
        model: BTreeSet::new(),
    });
    let mut checks = 0;
    // Checkpoints (an FST rebuild each) every 8 to 32 lines for one input in 16, else at the end.
    let step = if input.step >= 240 {
        8 * (input.step % 4 + 1)
    } else {
        0
    };
    let structures: Vec<Structure> = Structure::ALL
        .into_iter()
        .filter(|&s| s != Structure::Fst || fst.is_some())
        .collect();
    let mut study = TrieStudyBuilder::new(u64::from(step), &structures);

    for op in input.ops.iter().take(48) {
        let batch: Vec<Vec<u8>> = match op {
            Op::Insert(_) | Op::InsertTraced(_) | Op::InsertAll(_) if m.pushed.len() >= 64 => {
                continue
            }
            Op::Insert(s) | Op::InsertTraced(s) => vec![m.url(s)],
            Op::InsertAll(v) => v.iter().take(8).map(|s| m.url(s)).collect(),
            Op::Contains(s) => {
                let url = m.url(s);
                check_lookup(&printed, &fixed, &m, &url);
                for set in &sets {
                    assert_eq!(
                        set.contains(&url),
                        m.bytes.contains(&url),
                        "{:?}",
                        set.structure()
                    );
                }
                continue;
            }
            Op::Check if checks < 4 => {
                checks += 1;
                check_gl(&printed, &m.printed, false);
                check_gl(&fixed, &m.fixed, true);
                if let Some(fst) = &mut fst {
                    fst.sync();
                }
                continue;
            }
            Op::Check => continue,
        };
        for url in &batch {
            let q = java_units(url);
            let printed_new = if matches!(op, Op::InsertTraced(_)) && q.len() <= 40 {
                let steps = printed.insert_traced(url);
                steps.last().expect("a verdict").action == StepAction::New
            } else {
                printed.insert(url)
            };
            let expect_printed = !printed_finds(&m.printed, &q);
            assert_eq!(printed_new, expect_printed, "printed insert of {url:?}");
            if printed_new {
                m.printed.insert(q.clone());
            }
            let (fixed_new, cost) = fixed.insert_counted(url);
            assert_eq!(
                fixed_new,
                m.fixed.insert(q.clone()),
                "fixed insert of {url:?}"
            );
            assert_eq!(cost.found, !fixed_new);
            assert!(
                !printed_new || fixed_new,
                "the printed list is never stricter"
            );
            m.false_duplicates += u64::from(fixed_new && !printed_new);
            study.push(url);
            m.pushed.push(url.clone());
        }
        let new_bytes: BTreeSet<&Vec<u8>> =
            batch.iter().filter(|u| !m.bytes.contains(*u)).collect();
        for set in &mut sets {
            let added = if matches!(op, Op::InsertAll(_)) {
                set.insert_all(&batch)
            } else {
                u64::from(set.insert(&batch[0]))
            };
            assert_eq!(added, new_bytes.len() as u64, "{:?}", set.structure());
        }
        if let Some(fst) = &mut fst {
            fst.pending.extend(batch.iter().cloned());
        }
        m.bytes.extend(batch);
        for set in &sets {
            assert_eq!(set.len(), m.bytes.len() as u64, "{:?}", set.structure());
        }
    }

    // Everything inserted is found, by every structure (and the lists' walks of a sample).
    for url in m.pushed.iter().step_by(m.pushed.len() / 32 + 1) {
        check_lookup(&printed, &fixed, &m, url);
    }
    for url in &m.pushed {
        for set in &sets {
            assert!(set.contains(url), "{:?} lost {url:?}", set.structure());
        }
    }
    check_gl(&printed, &m.printed, false);
    check_gl(&fixed, &m.fixed, true);
    let costs = printed.walk_costs(&m.pushed);
    assert_eq!(costs.lookups, m.pushed.len() as u64);
    assert_eq!(costs.found, m.pushed.len() as u64);
    if let Some(mut fst) = fst {
        fst.sync();
        assert_eq!(fst.model, m.bytes);
        sets.push(fst.set);
    }
    for set in &sets {
        assert_eq!(set.contains_all(&m.pushed), m.pushed.len() as u64);
        set.bytes();
    }

    // The Patricia shape from its definition.
    let (nodes, label_bytes) = radix_model(&m.bytes);
    let sorted: Vec<&Vec<u8>> = m.bytes.iter().collect();
    let shape = radix_shape(&sorted);
    assert_eq!(
        (shape.nodes, shape.label_bytes),
        (nodes, label_bytes),
        "radix_shape"
    );
    let mut pat = PatriciaUrls::new();
    pat.insert_all(&sorted);
    assert_eq!(pat.shape().nodes, nodes);

    let study = study.finish();
    assert_eq!(study.lines, m.pushed.len() as u64);
    assert_eq!(study.distinct, m.fixed.len() as u64);
    assert_eq!(study.flaw.false_duplicates, m.false_duplicates);
    assert_eq!(study.flaw.prefix_urls, fixed.prefix_urls().unwrap_or(0));
    let last = study.checkpoints.last().expect("the end is a checkpoint");
    assert_eq!(last.lines, m.pushed.len() as u64);
    for row in &last.rows {
        let want = match row.structure {
            Structure::GlTrie => m.printed.len(),
            Structure::GlTrieFixed => m.fixed.len(),
            _ => m.bytes.len(),
        };
        assert_eq!(row.stored, want as u64, "{:?}", row.structure);
    }
});
