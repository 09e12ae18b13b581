//! P1's experiment grids: A and B of several functions and slot counts at every N checkpoint,
//! computed in one streaming pass with O(1) work per key and series.
//!
//! P1 (李晓明 & 凤旺森 2004, §1.2) hashes N = 0.5, 1, …, 20 million URLs and plots
//! * Fig. 1: A for M = 200 000, 800 000, 1 000 000 and 2 000 000 slots;
//! * Fig. 2: B for M = 8, 10, 12 and 40 machines;
//! * Fig. 3: B of hf alone for M = 11, 12, 14, 16, 18, on 400 000 URLs drawn at random from the
//!   20 million, N = 10 000, 20 000, … 400 000.
//!
//! A [`Sweep`] holds one [`Tally`] per (function, M) series; each key is hashed once per distinct
//! function, and each series with a large M updates `Σ N_i²` and `max N_i` in O(1), so every
//! checkpoint reads A = (Σ N_i² + N) / 2N and B = M · max N_i / N without a pass over its slots.
//! Series with a small M are counted together, one counter per key and function at a common
//! multiple L of their M (at most 65 536 and the step), and folded into each M at a checkpoint,
//! a pass over L counters. Memory is the slot arrays only, independent of N; every count is
//! 32-bit, so a slot holds at most 2^32 − 1 keys.
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::sweep::{Figure, Sweep};
//! use urlhashlab::foundation::corpus::Corpus;
//! let mut sweep = Sweep::new(&Figure::Fig2.series(), 1000);
//! let corpus = Corpus::new(1);
//! let mut urls = corpus.iter(0, 2500);
//! while let Some(u) = urls.next_url() { sweep.push(u); }
//! let points = sweep.finish();
//! // 12 series (3 functions x 4 M), checkpoints 1000, 2000 and the final 2500.
//! assert_eq!(points.len(), 12 * 3);
//! ```

use crate::foundation::hash::{HashId, Reducer, P1_FUNCTIONS};
use crate::foundation::metrics::Tally;
use crate::foundation::printed::{FIG1_SLOTS, FIG2_SLOTS, FIG3_SAMPLE, FIG3_SLOTS};
use serde::Serialize;

/// Which measure a figure plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Measure {
    /// P1's query performance, the mean number of memory accesses to find each key once in a
    /// chained table: `A = (Σ N_i² + N) / 2N` (Fig. 1).
    A,
    /// P1's load balance, `B = M · max N_i / N`, between 1 and M (Fig. 2 and 3).
    B,
}

/// P1's three figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A of ELFhash, HfIp and hf for M = 200 000, 800 000, 1 000 000 and 2 000 000 slots, N up to
    /// 20 million in steps of 500 000.
    Fig1,
    /// B of ELFhash, HfIp and hf for M = 8, 10, 12 and 40 machines, N up to 20 million in steps of
    /// 500 000.
    Fig2,
    /// B of hf alone for M = 11, 12, 14, 16 and 18, on a sample of 400 000 URLs in steps of 10 000.
    Fig3,
}

impl Figure {
    /// The figure numbered `s` (`"1"`, `"2"` or `"3"`, surrounding white space ignored), as
    /// `urlhash sweep` and the page give it; `None` for anything else.
    pub fn parse(s: &str) -> Option<Figure> {
        match s.trim() {
            "1" => Some(Figure::Fig1),
            "2" => Some(Figure::Fig2),
            "3" => Some(Figure::Fig3),
            _ => None,
        }
    }
    /// The figure's number in P1, 1 to 3.
    pub fn number(self) -> u8 {
        match self {
            Figure::Fig1 => 1,
            Figure::Fig2 => 2,
            Figure::Fig3 => 3,
        }
    }
    /// The measure the figure plots: A for Fig. 1, B for Fig. 2 and 3.
    pub fn measure(self) -> Measure {
        match self {
            Figure::Fig1 => Measure::A,
            _ => Measure::B,
        }
    }
    /// P1's checkpoint interval for this figure.
    pub fn default_step(self) -> u64 {
        match self {
            Figure::Fig3 => 10_000,
            _ => 500_000,
        }
    }
    /// P1's largest N for this figure.
    pub fn paper_n(self) -> u64 {
        match self {
            Figure::Fig3 => FIG3_SAMPLE,
            _ => 20_000_000,
        }
    }
    /// The (function, M) series of the figure.
    pub fn series(self) -> Vec<Series> {
        let (fns, slots): (&[HashId], &[u32]) = match self {
            Figure::Fig1 => (&P1_FUNCTIONS, &FIG1_SLOTS),
            Figure::Fig2 => (&P1_FUNCTIONS, &FIG2_SLOTS),
            Figure::Fig3 => (&[HashId::Hf], &FIG3_SLOTS),
        };
        slots
            .iter()
            .flat_map(|&m| {
                fns.iter().map(move |&hash| Series {
                    figure: self.number(),
                    hash,
                    m,
                    measure: self.measure(),
                })
            })
            .collect()
    }
}

/// One curve: a function at M slots, plotting A or B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    /// P1's figure the curve belongs to, 1 to 3, or 0 for a series that is in no figure (the CLI's
    /// `tally`, P1's HfIp bit study).
    pub figure: u8,
    /// The function whose slots are counted.
    pub hash: HashId,
    /// The number of slots M, at least 1.
    pub m: u32,
    /// Whether a checkpoint reads A or B of the tally.
    pub measure: Measure,
}

/// One checkpoint of one series.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// The figure of the series, as in [`Series::figure`].
    pub figure: u8,
    /// The function's text id in the registry (`"elfhash"`, `"hfip"`, `"hf"`…).
    pub function: &'static str,
    /// The number of slots M.
    pub m: u32,
    /// Whether `value` is A or B.
    pub measure: Measure,
    /// Keys counted when the point was taken: a multiple of the step, or every key at the end.
    pub n: u64,
    /// A or B of the series' N keys (0 when N is 0).
    pub value: f64,
}

struct Track {
    series: Series,
    /// Index into `Sweep::hashes`.
    hash_index: usize,
    reducer: Reducer,
    /// Kept current key by key, or, for a track with a fold, remade from the fold's counters at
    /// each checkpoint and at the end.
    tally: Tally,
    /// The shared counters (an index into `Sweep::folds`) this small-M series is folded from.
    fold: Option<usize>,
}

/// One function's counters at L slots, L a multiple of the M of every series folded from them:
/// a key's slot among M is its slot among L, mod M, so slot `i` of M counts L's slots `i`,
/// `i + M`, `i + 2M`… Fig. 2's four series of a function (M = 8, 10, 12, 40) are one
/// increment per key at L = 120, not four, each with `Σ N_i²` and `max N_i` to update; the
/// checkpoint folds the L counters into each M (O(L), and L is at most the checkpoint step).
struct Fold {
    hash_index: usize,
    reducer: Reducer,
    counts: Vec<u32>,
}

/// The largest L of a [`Fold`] (and so the largest M folded).
const FOLD_SLOTS: u32 = 1 << 16;

/// The least common multiple of `a` and `b` (both at least 1).
fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// A one-pass sweep over several series with checkpoints every `step` keys.
///
/// # Examples
/// ```
/// use urlhashlab::foundation::hash::HashId;
/// use urlhashlab::mechanisms::sweep::{Measure, Series, Sweep};
/// // B of hf among M = 12 slots, a checkpoint every 2 keys.
/// let hf12 = Series { figure: 0, hash: HashId::Hf, m: 12, measure: Measure::B };
/// let mut sweep = Sweep::new(&[hf12], 2);
/// for _ in 0..3 {
///     sweep.push(b"http://www.pku.edu.cn/");
/// }
/// let points = sweep.finish();
/// // Checkpoints at N = 2 and at the end (N = 3); one slot holds every key, so B = M.
/// assert_eq!(points.iter().map(|p| p.n).collect::<Vec<_>>(), [2, 3]);
/// assert!(points.iter().all(|p| p.function == "hf" && p.value == 12.0));
/// ```
pub struct Sweep {
    hashes: Vec<HashId>,
    raw: Vec<u128>,
    tracks: Vec<Track>,
    folds: Vec<Fold>,
    step: u64,
    n: u64,
    points: Vec<Point>,
    /// The slots of the last key, one per track, counted at the next key: their counters are
    /// prefetched in between, so the cache misses on Fig. 1's big tables overlap with the
    /// hashing (and generation) of the next key instead of stalling it.
    pending: Vec<u32>,
    has_pending: bool,
    /// [`Sweep::push_raws_many`]'s slots of one series, kept between calls.
    slots: Vec<u32>,
    /// [`Sweep::push_raws_many`]'s values of one function, kept between calls.
    column: Vec<u32>,
}

/// Keys between fetching a counter and counting it in [`Sweep::push_raws_many`].
const AHEAD: usize = 64;

impl Sweep {
    /// A sweep of `series` with a checkpoint every `step >= 1` keys (and one at the end).
    pub fn new(series: &[Series], step: u64) -> Sweep {
        assert!(step >= 1, "the checkpoint step must be at least 1");
        let mut hashes: Vec<HashId> = Vec::new();
        // Each fold's function and L, grown as series join it: a series of M joins the first
        // fold of its function whose L and M have a common multiple of at most FOLD_SLOTS and
        // the step (so a checkpoint's folding costs at most a counter per key counted).
        let mut folds: Vec<(usize, u64)> = Vec::new();
        let most = u64::from(FOLD_SLOTS).min(step);
        let tracks: Vec<Track> = series
            .iter()
            .map(|s| {
                let hash_index = hashes.iter().position(|&h| h == s.hash).unwrap_or_else(|| {
                    hashes.push(s.hash);
                    hashes.len() - 1
                });
                let m = u64::from(s.m);
                let fold = (m <= most).then(|| {
                    let joins = folds
                        .iter()
                        .position(|&(h, l)| h == hash_index && lcm(l, m) <= most);
                    match joins {
                        Some(i) => {
                            folds[i].1 = lcm(folds[i].1, m);
                            i
                        }
                        None => {
                            folds.push((hash_index, m));
                            folds.len() - 1
                        }
                    }
                });
                Track {
                    series: *s,
                    hash_index,
                    reducer: Reducer::new(s.m),
                    tally: Tally::new(s.m),
                    fold,
                }
            })
            .collect();
        let folds: Vec<Fold> = folds
            .into_iter()
            .map(|(hash_index, l)| Fold {
                hash_index,
                reducer: Reducer::new(l as u32),
                counts: vec![0; l as usize],
            })
            .collect();
        Sweep {
            pending: vec![0; series.len()],
            has_pending: false,
            slots: Vec::new(),
            column: Vec::new(),
            raw: vec![0; hashes.len()],
            hashes,
            tracks,
            folds,
            step,
            n: 0,
            points: Vec::new(),
        }
    }

    /// Hashes one key into every series.
    #[inline]
    pub fn push(&mut self, key: &[u8]) {
        for (raw, h) in self.raw.iter_mut().zip(&self.hashes) {
            *raw = h.raw(key);
        }
        self.count();
    }

    /// Takes raw values in the order of `hashes` (which holds every function of the sweep):
    /// each track reads its function's place there.
    fn set_hashes(&mut self, hashes: &[HashId]) {
        for f in &mut self.folds {
            let hash = self.hashes[f.hash_index];
            f.hash_index = hashes
                .iter()
                .position(|&h| h == hash)
                .expect("the parts' functions are the whole sweep's");
        }
        for t in &mut self.tracks {
            t.hash_index = hashes
                .iter()
                .position(|&h| h == t.series.hash)
                .expect("the parts' functions are the whole sweep's");
        }
        self.hashes = hashes.to_vec();
        self.raw = vec![0; hashes.len()];
    }

    /// The distinct functions of the sweep, in the order [`push_raws`](Sweep::push_raws) takes
    /// their values.
    pub fn hashes(&self) -> &[HashId] {
        &self.hashes
    }

    /// Counts one key whose raw values were computed elsewhere (a cache), one per function of
    /// [`hashes`](Sweep::hashes), in that order.
    #[inline]
    pub fn push_raws(&mut self, raws: &[u128]) {
        self.raw.copy_from_slice(raws);
        self.count();
    }

    /// Counts many keys whose raw values were computed elsewhere: `raws` holds each key's values
    /// in turn, one per function of [`hashes`](Sweep::hashes). The same result as
    /// [`push_raws`](Sweep::push_raws) of each key in turn, counted between checkpoints fold by
    /// fold, then function by function and series by series, so the misses on Fig. 1's big
    /// tables overlap (each counter is fetched `AHEAD` = 64 keys before it is counted).
    pub fn push_raws_many(&mut self, raws: &[u128]) {
        let h = self.hashes.len();
        assert!(h > 0 && raws.len() % h == 0, "whole keys of raw values");
        let keys = (raws.len() / h) as u64;
        self.flush();
        let mut slots = std::mem::take(&mut self.slots);
        let mut column = std::mem::take(&mut self.column);
        let mut start = 0u64;
        while start < keys {
            let end = keys.min(start + (self.step - self.n % self.step));
            let run = &raws[start as usize * h..end as usize * h];
            for f in &mut self.folds {
                for r in run.chunks_exact(h) {
                    f.counts[f.reducer.reduce(r[f.hash_index]) as usize] += 1;
                }
            }
            // Function by function, its values read out of the keys' rows once (as 32-bit
            // numbers when they all fit) for every series counted directly.
            for at in 0..h {
                if !self
                    .tracks
                    .iter()
                    .any(|t| t.fold.is_none() && t.hash_index == at)
                {
                    continue;
                }
                let narrow = run.chunks_exact(h).all(|r| r[at] <= u32::MAX as u128);
                if narrow {
                    column.clear();
                    column.extend(run.chunks_exact(h).map(|r| r[at] as u32));
                }
                for t in &mut self.tracks {
                    if t.fold.is_some() || t.hash_index != at {
                        continue;
                    }
                    slots.clear();
                    if narrow {
                        slots.extend(column.iter().map(|&x| t.reducer.reduce32(x)));
                    } else {
                        slots.extend(run.chunks_exact(h).map(|r| t.reducer.reduce(r[at])));
                    }
                    for (j, &slot) in slots.iter().enumerate() {
                        if let Some(&ahead) = slots.get(j + AHEAD) {
                            prefetch(t.tally.counts(), ahead);
                        }
                        t.tally.add(slot);
                    }
                }
            }
            self.n += end - start;
            if self.n % self.step == 0 {
                self.checkpoint();
            }
            start = end;
        }
        self.slots = slots;
        self.column = column;
    }

    #[inline]
    fn count(&mut self) {
        let has_pending = self.has_pending;
        for f in &mut self.folds {
            f.counts[f.reducer.reduce(self.raw[f.hash_index]) as usize] += 1;
        }
        for (t, pending) in self.tracks.iter_mut().zip(&mut self.pending) {
            if t.fold.is_some() {
                continue;
            }
            let slot = t.reducer.reduce(self.raw[t.hash_index]);
            prefetch(t.tally.counts(), slot);
            if has_pending {
                t.tally.add(*pending);
            }
            *pending = slot;
        }
        self.has_pending = true;
        self.n += 1;
        if self.n % self.step == 0 {
            self.checkpoint();
        }
    }

    /// Counts the pending slots of the last key.
    fn flush(&mut self) {
        if std::mem::take(&mut self.has_pending) {
            for (t, &slot) in self.tracks.iter_mut().zip(&self.pending) {
                if t.fold.is_none() {
                    t.tally.add(slot);
                }
            }
        }
    }

    /// Counts the pending slots and remakes the tallies of folded series from their folds.
    fn settle(&mut self) {
        self.flush();
        for t in &mut self.tracks {
            if let Some(f) = t.fold {
                let mut counts = vec![0u32; t.series.m as usize];
                for block in self.folds[f].counts.chunks_exact(counts.len()) {
                    for (c, &b) in counts.iter_mut().zip(block) {
                        *c += b;
                    }
                }
                t.tally = Tally::from_counts(counts);
            }
        }
    }

    /// Keys pushed so far.
    pub fn n(&self) -> u64 {
        self.n
    }

    fn checkpoint(&mut self) {
        self.settle();
        for t in &self.tracks {
            self.points.push(Point {
                figure: t.series.figure,
                function: t.series.hash.info().key,
                m: t.series.m,
                measure: t.series.measure,
                n: self.n,
                value: match t.series.measure {
                    Measure::A => t.tally.avg_probes_a(),
                    Measure::B => t.tally.load_balance_b(),
                },
            });
        }
    }

    /// The tally of a series, for measures beyond A and B once [`Sweep::finish`] has run (it
    /// then counts every key; before, a series with a small M counts the keys up to the last
    /// checkpoint, and the others all but the last key pushed alone).
    pub fn tally(&self, hash: HashId, m: u32) -> Option<&Tally> {
        self.tracks
            .iter()
            .find(|t| t.series.hash == hash && t.series.m == m)
            .map(|t| &t.tally)
    }

    /// Adds the final checkpoint (unless N is a multiple of the step) and returns every point,
    /// ordered by N, then by series in the order given.
    pub fn finish(&mut self) -> Vec<Point> {
        if self.n > 0 && self.n % self.step != 0 {
            self.checkpoint();
        }
        self.settle();
        std::mem::take(&mut self.points)
    }
}

/// One sweep split into `k` sweeps over the same functions, each counting every `k`-th series
/// (round robin, so Fig. 1's big tables spread evenly), for callers that count the parts on
/// several threads: every part takes every key's raw values ([`Sweep::push_raws`], in input
/// order), and [`SweepParts::finish`] puts the points back in the order one [`Sweep`] gives.
/// Each series is counted by one part exactly as one sweep counts it, so the points are the
/// same, bit for bit.
///
/// ```
/// use urlhashlab::mechanisms::sweep::{Figure, Sweep, SweepParts};
/// use urlhashlab::foundation::corpus::Corpus;
/// let series = Figure::Fig2.series();
/// let mut one = Sweep::new(&series, 1000);
/// let mut parts = SweepParts::new(&series, 1000, 3);
/// let corpus = Corpus::new(1);
/// let mut urls = corpus.iter(0, 2500);
/// while let Some(u) = urls.next_url() {
///     one.push(u);
///     let raws: Vec<u128> = parts.hashes().iter().map(|h| h.raw(u)).collect();
///     for part in parts.parts_mut() {
///         part.push_raws(&raws);
///     }
/// }
/// assert_eq!(parts.finish(), one.finish());
/// ```
pub struct SweepParts {
    parts: Vec<Sweep>,
    hashes: Vec<HashId>,
    series: usize,
}

impl SweepParts {
    /// `series` split over `k >= 1` parts (fewer when there are fewer series), a checkpoint
    /// every `step` keys.
    pub fn new(series: &[Series], step: u64, k: usize) -> SweepParts {
        let hashes = Sweep::new(series, step).hashes;
        let k = k.clamp(1, series.len().max(1));
        let parts = (0..k)
            .map(|p| {
                let mine: Vec<Series> = series.iter().skip(p).step_by(k).copied().collect();
                let mut part = Sweep::new(&mine, step);
                // Every part takes the raw values of every function, in the whole sweep's order.
                part.set_hashes(&hashes);
                part
            })
            .collect();
        SweepParts {
            parts,
            hashes,
            series: series.len(),
        }
    }

    /// The functions, in the order every part's [`Sweep::push_raws`] takes their values.
    pub fn hashes(&self) -> &[HashId] {
        &self.hashes
    }

    /// The parts, to count each on its own thread.
    pub fn parts_mut(&mut self) -> &mut [Sweep] {
        &mut self.parts
    }

    /// The tally of a series ([`Sweep::tally`]: after [`SweepParts::finish`]), in whichever part
    /// counts it.
    pub fn tally(&self, hash: HashId, m: u32) -> Option<&Tally> {
        self.parts.iter().find_map(|p| p.tally(hash, m))
    }

    /// Keys counted (the same in every part).
    pub fn n(&self) -> u64 {
        self.parts[0].n()
    }

    /// The final tally of every series, in the order given (after [`SweepParts::finish`], or
    /// with the keys since the last checkpoint counted too).
    pub fn into_tallies(self) -> Vec<Tally> {
        let parts = self
            .parts
            .into_iter()
            .map(|mut p| {
                p.settle();
                p.tracks.into_iter().map(|t| t.tally).collect()
            })
            .collect();
        interleave(parts, self.series)
    }

    /// Every point, in the order one [`Sweep`] of all the series gives them.
    pub fn finish(&mut self) -> Vec<Point> {
        let parts = self.parts.iter_mut().map(Sweep::finish).collect();
        interleave(parts, self.series)
    }
}

/// The items of round-robin parts in series order: part `p` holds, block after block (a
/// checkpoint's points, or the tallies once), series `p`, `p + k`, `p + 2k`…, so taking the
/// next item of part `i % k` for each series `i` restores one block after another.
fn interleave<T>(parts: Vec<Vec<T>>, series: usize) -> Vec<T> {
    let k = parts.len();
    let total = parts.iter().map(Vec::len).sum();
    let mut parts: Vec<std::vec::IntoIter<T>> = parts.into_iter().map(Vec::into_iter).collect();
    let mut out = Vec::with_capacity(total);
    while out.len() < total && series > 0 {
        for i in 0..series {
            out.extend(parts[i % k].next());
        }
    }
    out
}

/// Asks the CPU to bring `counts[slot]` into the cache: a hint, with no effect on any result.
#[inline(always)]
fn prefetch(counts: &[u32], slot: u32) {
    #[cfg(target_arch = "x86_64")]
    if let Some(c) = counts.get(slot as usize) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and changes no memory; `c` is a valid reference.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((c as *const u32).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (counts, slot);
}

/// Picks `k` distinct indices from `0..n` uniformly at random (Floyd's algorithm), sorted,
/// from a seed: how Fig. 3's random sample of 400 000 of the 20 million URLs is drawn.
pub fn sample_indices(n: u64, k: u64, seed: u64) -> Vec<u64> {
    let k = k.min(n);
    let mut chosen = std::collections::HashSet::with_capacity(k as usize);
    let mut rng = crate::foundation::mix::SplitMix::new(seed, 0x005A_3B1E);
    for j in n - k..n {
        let t = rng.below(j + 1);
        if !chosen.insert(t) {
            chosen.insert(j);
        }
    }
    let mut v: Vec<u64> = chosen.into_iter().collect();
    crate::foundation::order::sort_unstable(&mut v);
    v
}

/// Fig. 3's random sample of a list read once, in order, whose length is not known ahead (a
/// file, standard input): reservoir sampling of `k` items (a seeded xorshift64*), restored to
/// input order. Which items it keeps depends only on how many came, so
/// [`fig3_indices`] finds the same ones from the count alone.
pub struct Reservoir<T> {
    k: usize,
    items: Vec<(u64, T)>,
    seen: u64,
    state: u64,
}

impl<T> Reservoir<T> {
    /// An empty sample of at most `k` items.
    pub fn new(k: u64) -> Reservoir<T> {
        Reservoir {
            k: k as usize,
            items: Vec::new(),
            seen: 0,
            state: 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// Offers the next item, `order` its place in the input (a line number or an index).
    pub fn push(&mut self, order: u64, item: T) {
        self.push_with(order, || item)
    }

    /// [`Reservoir::push`] of the item `make` gives, made only when the sample keeps it (a
    /// copy of a line, say, for the few lines of millions that are kept).
    pub fn push_with(&mut self, order: u64, make: impl FnOnce() -> T) {
        match self.place() {
            Some(j) if j == self.items.len() => self.items.push((order, make())),
            Some(j) => self.items[j] = (order, make()),
            None => {}
        }
    }

    /// Counts the next item and says where the sample keeps it: `items.len()` (a new place at
    /// the end), the place of an item it replaces, or `None` (not kept).
    #[inline]
    fn place(&mut self) -> Option<usize> {
        self.seen += 1;
        if self.items.len() < self.k {
            return Some(self.items.len());
        }
        // xorshift64*: uniform j in 0..seen
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        let j = ((self.state.wrapping_mul(0x2545_F491_4F6C_DD1D) as u128 * self.seen as u128) >> 64)
            as usize;
        (j < self.k).then_some(j)
    }

    /// How many items were offered.
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// The sample in input order.
    pub fn finish(mut self) -> Vec<(u64, T)> {
        crate::foundation::order::sort_unstable_by_key(&mut self.items, |x| x.0);
        self.items
    }
}

/// [`Reservoir`] of lines, their bytes kept one after another in one buffer instead of a heap
/// block each: the same sample, without a free and an allocation, each a cache miss or two, for
/// each of the k·ln(N/k) lines it replaces (1.6 million of 20 million lines for Fig. 3); a
/// replaced line is not even read. The kept lines are copied to a new buffer whenever the old
/// one has grown past twice the kept lines' bytes at the last copy and 1 MiB.
pub struct LineReservoir {
    /// Each kept line's place in `bytes` and length.
    sample: Reservoir<(usize, usize)>,
    bytes: Vec<u8>,
    /// The size of `bytes` that starts a compaction.
    limit: usize,
    /// Bytes the buffer may hold beyond twice the kept lines ([`LINE_SLACK`]; less in tests).
    slack: usize,
    /// Compactions so far.
    compactions: u64,
}

/// Bytes a [`LineReservoir`]'s buffer may hold beyond twice the kept lines.
const LINE_SLACK: usize = 1 << 20;

impl LineReservoir {
    /// An empty sample of at most `k` lines.
    pub fn new(k: u64) -> LineReservoir {
        LineReservoir {
            sample: Reservoir::new(k),
            bytes: Vec::new(),
            limit: LINE_SLACK,
            slack: LINE_SLACK,
            compactions: 0,
        }
    }

    /// Offers the next line, `order` its place in the input.
    #[inline]
    pub fn push(&mut self, order: u64, line: &[u8]) {
        let Some(j) = self.sample.place() else {
            return;
        };
        let at = (self.bytes.len(), line.len());
        if j == self.sample.items.len() {
            self.sample.items.push((order, at));
        } else {
            self.sample.items[j] = (order, at);
        }
        self.bytes.extend_from_slice(line);
        if self.bytes.len() > self.limit {
            self.compact();
        }
    }

    /// Copies the kept lines into a new buffer, one after another, with room for the lines
    /// until the next copy.
    fn compact(&mut self) {
        let live: usize = self.sample.items.iter().map(|(_, (_, len))| len).sum();
        self.limit = 2 * live + self.slack;
        self.compactions += 1;
        let mut bytes = Vec::with_capacity(self.limit);
        for (_, (at, len)) in &mut self.sample.items {
            let from = std::mem::replace(at, bytes.len());
            bytes.extend_from_slice(&self.bytes[from..from + *len]);
        }
        self.bytes = bytes;
    }

    /// How many lines were offered.
    pub fn seen(&self) -> u64 {
        self.sample.seen
    }

    /// The sample in input order, as [`Reservoir::finish`] gives it.
    pub fn finish(self) -> Vec<(u64, Vec<u8>)> {
        let bytes = self.bytes;
        self.sample
            .finish()
            .into_iter()
            .map(|(order, (at, len))| (order, bytes[at..at + len].to_vec()))
            .collect()
    }
}

/// The indices (0-based, sorted) of Fig. 3's sample of `n` loaded lines, as `urlhash sweep
/// --fig 3` draws it: for the built-in corpus read from its start (`corpus_seed`), Floyd's
/// sample by index ([`sample_indices`] with the corpus's seed); for any other list, the
/// [`Reservoir`]'s. All of them when `n` is at most [`FIG3_SAMPLE`].
pub fn fig3_indices(n: u64, corpus_seed: Option<u64>) -> Vec<u64> {
    match corpus_seed {
        Some(seed) => sample_indices(n, FIG3_SAMPLE, seed),
        None => {
            let mut r = Reservoir::new(FIG3_SAMPLE);
            for i in 0..n {
                r.push(i, ());
            }
            r.finish().into_iter().map(|(i, ())| i).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::corpus::Corpus;

    #[test]
    fn the_reservoir_keeps_k_uniform_items_and_fig3_indices_finds_them_from_the_count() {
        // Fewer than k: all of them, in order.
        assert_eq!(fig3_indices(5, None), vec![0, 1, 2, 3, 4]);
        assert_eq!(fig3_indices(7, Some(3)), (0..7).collect::<Vec<_>>());
        // More: k of them, distinct and sorted, the same as a reservoir of the lines.
        let n = 1_000;
        let mut r = Reservoir::new(100);
        for i in 0..n {
            r.push(i + 1, format!("line {i}"));
        }
        assert_eq!(r.seen(), n);
        let kept = r.finish();
        assert_eq!(kept.len(), 100);
        assert!(kept.windows(2).all(|w| w[0].0 < w[1].0));
        for (number, line) in &kept {
            assert_eq!(*line, format!("line {}", number - 1));
        }
        // Uniform enough: items from the last half are about half of the sample.
        let late = kept.iter().filter(|(n, _)| *n > 500).count();
        assert!((30..=70).contains(&late), "{late}");
        let mut big = Reservoir::new(FIG3_SAMPLE);
        for i in 0..FIG3_SAMPLE + 50_000 {
            big.push(i, ());
        }
        let idx: Vec<u64> = big.finish().into_iter().map(|(i, ())| i).collect();
        assert_eq!(idx, fig3_indices(FIG3_SAMPLE + 50_000, None));
        assert_eq!(
            fig3_indices(FIG3_SAMPLE + 50_000, Some(2004)),
            sample_indices(FIG3_SAMPLE + 50_000, FIG3_SAMPLE, 2004)
        );
    }

    #[test]
    fn the_line_reservoir_keeps_the_reservoirs_lines() {
        // Lines of every length from 0 to 299 offered to small samples, with a slack of 64
        // bytes, so the buffer is compacted again and again.
        for k in [0u64, 1, 7, 300] {
            let mut lines = LineReservoir::new(k);
            (lines.slack, lines.limit) = (64, 64);
            let mut plain = Reservoir::new(k);
            for i in 0..80_000u64 {
                let line = vec![(i % 251) as u8; (i * 7919 % 300) as usize];
                lines.push(i + 1, &line);
                plain.push(i + 1, line);
                // Never more than twice k of the longest line, the slack and a line.
                let most = 2 * k as usize * 299 + 64 + 299;
                assert!(lines.bytes.len() <= most, "k = {k}, line {i}");
            }
            assert_eq!(lines.seen(), 80_000);
            if k > 0 {
                assert!(lines.compactions >= 5, "k = {k}: {}", lines.compactions);
            }
            assert_eq!(lines.finish(), plain.finish(), "k = {k}");
        }
    }

    #[test]
    fn sweep_points_equal_recomputation() {
        let series = Figure::Fig2.series();
        let mut sweep = Sweep::new(&series, 100);
        let urls: Vec<Vec<u8>> = Corpus::new(3).iter(0, 350).collect();
        for u in &urls {
            sweep.push(u);
        }
        let points = sweep.finish();
        assert_eq!(points.len(), series.len() * 4);
        for p in &points {
            let h = crate::foundation::hash::by_id(p.function).unwrap();
            let mut counts = vec![0u32; p.m as usize];
            for u in &urls[..p.n as usize] {
                counts[h.slot(u, p.m) as usize] += 1;
            }
            let max = *counts.iter().max().unwrap();
            assert!((p.value - p.m as f64 * max as f64 / p.n as f64).abs() < 1e-12);
        }
        assert_eq!(points.last().unwrap().n, 350);
    }

    #[test]
    fn folded_and_direct_series_equal_recomputation_at_every_step() {
        // Small M that fold together (8, 10, 12, 40 and 1, 2, 3), one past a fold's largest
        // size, ones beside a short step, and MD5, whose raw values do not fit 32 bits.
        let fns = [HashId::ElfHash, HashId::Hf, HashId::Md5];
        let ms = [
            1,
            2,
            3,
            8,
            10,
            12,
            40,
            97,
            200,
            1000,
            FOLD_SLOTS,
            FOLD_SLOTS + 1,
        ];
        let series: Vec<Series> = ms
            .iter()
            .flat_map(|&m| {
                fns.iter().map(move |&hash| Series {
                    figure: 1,
                    hash,
                    m,
                    measure: if m % 2 == 0 { Measure::A } else { Measure::B },
                })
            })
            .collect();
        let urls: Vec<Vec<u8>> = Corpus::new(5).iter(0, 1500).collect();
        let slots: Vec<Vec<u32>> = series
            .iter()
            .map(|s| urls.iter().map(|u| s.hash.slot(u, s.m)).collect())
            .collect();
        for step in [1, 7, 100, 1000, u64::MAX] {
            let mut one = Sweep::new(&series, step);
            let mut parts = SweepParts::new(&series, step, 3);
            for u in &urls[..700] {
                one.push(u);
                let raws: Vec<u128> = parts.hashes().iter().map(|h| h.raw(u)).collect();
                for part in parts.parts_mut() {
                    part.push_raws(&raws);
                }
            }
            let raws: Vec<u128> = urls[700..]
                .iter()
                .flat_map(|u| parts.hashes().iter().map(|h| h.raw(u)))
                .collect();
            for part in parts.parts_mut() {
                part.push_raws_many(&raws);
            }
            for u in &urls[700..] {
                one.push(u);
            }
            let points = one.finish();
            assert_eq!(parts.finish(), points, "step {step}");
            let checkpoints = if step == u64::MAX {
                1
            } else {
                1500_u64.div_ceil(step)
            };
            assert_eq!(points.len() as u64, checkpoints * series.len() as u64);
            // Recounted at the first checkpoints, those around the change from one key at a
            // time to many, and the last.
            let recount = |n: u64| n <= 3 * step.min(1500) || (690..=710).contains(&n) || n == 1500;
            for (p, (s, slots)) in points.iter().zip(series.iter().zip(&slots).cycle()) {
                if !recount(p.n) {
                    continue;
                }
                let mut counts = vec![0u32; p.m as usize];
                for &slot in &slots[..p.n as usize] {
                    counts[slot as usize] += 1;
                }
                let t = Tally::from_counts(counts);
                let want = match s.measure {
                    Measure::A => t.avg_probes_a(),
                    Measure::B => t.load_balance_b(),
                };
                assert_eq!((p.m, p.value), (s.m, want), "step {step}, {s:?} at {}", p.n);
            }
            let tallies = parts.into_tallies();
            for (s, t) in series.iter().zip(&tallies) {
                assert_eq!(Some(t), one.tally(s.hash, s.m), "step {step}, {s:?}");
                assert_eq!(t.n(), 1500);
            }
        }
    }

    #[test]
    fn figures_have_papers_grid() {
        assert_eq!(Figure::Fig1.series().len(), 12);
        assert_eq!(Figure::Fig3.series().len(), 5);
        assert!(Figure::Fig3.series().iter().all(|s| s.hash == HashId::Hf));
    }

    #[test]
    fn sample_is_distinct_sorted_and_in_range() {
        let s = sample_indices(1000, 400, 5);
        assert_eq!(s.len(), 400);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert!(*s.last().unwrap() < 1000);
        assert_eq!(sample_indices(10, 50, 1), (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn parts_give_one_sweeps_points_for_any_split() {
        use crate::foundation::corpus::Corpus;
        let mut series = Figure::Fig1.series();
        series.extend(Figure::Fig2.series());
        let corpus = Corpus::new(9);
        for (k, n) in [(1, 1234), (2, 1234), (5, 999), (24, 1000), (40, 3)] {
            let mut one = Sweep::new(&series, 250);
            let mut parts = SweepParts::new(&series, 250, k);
            assert_eq!(parts.parts_mut().len(), k.min(series.len()));
            let mut urls = corpus.iter(0, n);
            // Keys one at a time, then in runs of 7 (which straddle the checkpoints).
            let mut run = Vec::new();
            let mut i = 0;
            while let Some(u) = urls.next_url() {
                one.push(u);
                let raws: Vec<u128> = parts.hashes().iter().map(|h| h.raw(u)).collect();
                i += 1;
                if i < n / 2 {
                    for part in parts.parts_mut() {
                        part.push_raws(&raws);
                    }
                } else {
                    run.extend(raws);
                    if run.len() == 7 * parts.hashes().len() {
                        for part in parts.parts_mut() {
                            part.push_raws_many(&run);
                        }
                        run.clear();
                    }
                }
            }
            for part in parts.parts_mut() {
                part.push_raws_many(&run);
            }
            assert_eq!(parts.n(), n);
            assert_eq!(parts.finish(), one.finish(), "k = {k}, n = {n}");
            let tallies = parts.into_tallies();
            for (s, t) in series.iter().zip(&tallies) {
                assert_eq!(Some(t), one.tally(s.hash, s.m), "k = {k}, {s:?}");
            }
        }
    }
}
