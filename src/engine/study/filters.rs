//! The filter studies (P4's and P5's Bloom filters, P5's counting filter) and the one split of
//! the loaded URLs they share, as `urlhash bloom` and `urlhash cbf` split them: a corpus input
//! that starts at URL 0 inserts its first N URLs and holds out the next N (generated again, as
//! the CLI does for `--n N`); any other input inserts the first half (rounded up) of its
//! distinct lines and holds out the rest. At most [`MAX_INSERTED`] are inserted. Whichever
//! filter study runs first splits the keys, in slices, and leaves the split in the session
//! ([`Session::filter_keys`]) for the others and for P5's quiz.
//!
//! Bloom (`bloom`, `{k, methods, ratios}`): per point (method, m/N) a filter of
//! m = round(m/N · N) bits holding the N inserted keys, and its false positives on the held-out
//! ones, beside `(1 − (1 − 1/m)^(kN))^k`. Counting filter (`cbf`, `{ratio, k, bits, method,
//! deleteFraction}`): the counter histogram after inserting every key beside Binomial(Nk, 1/m),
//! then the delete experiment of [`crate::mechanisms::cbf::deletion_experiment`].

use super::protocol::{lines_present, Partial, Report, StudyReport, Task};
use super::reports::{BloomReport, CbfReport, CounterHistogram};
use crate::engine::session::keys::{FilterKeys, KeysInfo};
use crate::engine::session::share;
use crate::engine::session::{Prefix, Session};
use crate::foundation::coded::{core, Coded};
use crate::foundation::corpus::Corpus;
use crate::foundation::split::{self, Distinct};
use crate::mechanisms::bloom::{
    check_k, check_ratio, m_for, parse_method, Bloom, FprReport, IndexMethod, PreparedKeys,
};
use crate::mechanisms::cbf::{
    counter_pmf, counter_tail, deletion_experiment, CountingBloom, DeletionReport,
};
use crate::papers::p5::P5Printed;
use serde::Deserialize;

/// The most keys the filter studies insert (as many more are held out).
pub const MAX_INSERTED: usize = 500_000;
/// Share of a filter study's progress given to splitting the keys.
pub(super) const KEYS_SHARE: f64 = 0.3;
/// What [`Split::advance`] says in the step that finishes the split: all but done.
const JUST_SPLIT: f64 = 0.999;
/// What inserting a key into a counting filter costs, in the split's lines (its k positions
/// hashed, P5's md5-slices 4 or 5 MD5 blocks, against one corpus URL made): a step's budget of
/// lines fills a third as many keys, so a slice of the fill takes about as long as one of the
/// split, and the first picture is not held back by a slice many times too long.
const FILL_COST: usize = 3;

// ----------------------------------------------------------------------------------------------
// The split

/// The keys being split, in slices.
enum KeysBuild {
    /// Corpus URLs `0 .. 2n` (seed `seed`): the first n inserted.
    Corpus {
        seed: u32,
        n: u64,
        loaded: u64,
        keys: split::Keys,
    },
    /// The loaded lines' distinct ones, up to `2 ×` [`MAX_INSERTED`].
    Lines {
        next: usize,
        read: u64,
        capped: bool,
        by_budget: bool,
        distinct: Distinct,
    },
}

impl KeysBuild {
    fn new(session: &Session) -> KeysBuild {
        match session.corpus_range() {
            Some(r) if r.start == 0 => KeysBuild::Corpus {
                seed: r.seed,
                n: (r.end - r.start).min(MAX_INSERTED as u64),
                loaded: r.end - r.start,
                keys: split::Keys::default(),
            },
            _ => KeysBuild::Lines {
                next: 0,
                read: 0,
                capped: false,
                by_budget: false,
                distinct: Distinct::default(),
            },
        }
    }

    /// Splits at most `max` more lines; the share done, and whether it is done.
    fn advance(&mut self, session: &Session, max: usize) -> (f64, bool) {
        let cap = 2 * MAX_INSERTED;
        match self {
            KeysBuild::Corpus { seed, n, keys, .. } => {
                let start = keys.len() as u64;
                let count = (2 * *n - start).min(max as u64);
                let corpus = Corpus::new(*seed as u64);
                let mut urls = corpus.iter(start, count);
                while let Some(u) = urls.next_url() {
                    keys.push(u);
                }
                let got = keys.len() as u64;
                (share(got as usize, 2 * *n as usize), got >= 2 * *n)
            }
            KeysBuild::Lines {
                next,
                read,
                capped,
                by_budget,
                distinct,
            } => {
                // The kept lines only, when the session could not keep them all.
                let end = session.readable();
                let stop = next.saturating_add(max).min(end);
                session.for_each_line(*next, stop, |_, line, _| {
                    if distinct.len() >= cap {
                        *capped = true;
                    } else {
                        *read += 1;
                        distinct.add(line);
                    }
                });
                *next = stop;
                if stop >= end && end < session.len() && !*capped {
                    *capped = true;
                    *by_budget = true;
                }
                (share(stop, end), stop >= end || *capped)
            }
        }
    }

    fn finish(self) -> Result<FilterKeys, Coded> {
        Ok(match self {
            KeysBuild::Corpus {
                seed,
                n,
                loaded,
                keys,
            } => FilterKeys {
                info: KeysInfo {
                    how: "corpus",
                    seed: Some(seed),
                    lines: 2 * n,
                    distinct: 2 * n,
                    inserted: n,
                    held_out: n,
                    capped: loaded > n,
                    by_budget: false,
                    cap: MAX_INSERTED as u64,
                },
                inserted: n as usize,
                keys,
            },
            KeysBuild::Lines {
                read,
                capped,
                by_budget,
                distinct,
                ..
            } => {
                let keys = distinct.into_keys();
                if keys.len() < 2 {
                    return Err(crate::coded!(
                        "too-few-distinct",
                        [keys.len()],
                        "the input has {} distinct URL(s); the filters need at least 2 (half inserted, half held out)",
                        keys.len()
                    ));
                }
                let inserted = keys.len().div_ceil(2);
                FilterKeys {
                    info: KeysInfo {
                        how: "distinct",
                        seed: None,
                        lines: read,
                        distinct: keys.len() as u64,
                        inserted: inserted as u64,
                        held_out: (keys.len() - inserted) as u64,
                        capped,
                        by_budget,
                        cap: MAX_INSERTED as u64,
                    },
                    inserted,
                    keys,
                }
            }
        })
    }
}

/// The split, made in slices the first time a filter study needs it, then kept in the session.
pub(super) struct Split(Option<KeysBuild>);

impl Split {
    pub(super) fn new(session: &Session) -> Result<Split, Coded> {
        if session.filter_keys().is_some() {
            return Ok(Split(None));
        }
        lines_present(session, "filters")?;
        Ok(Split(Some(KeysBuild::new(session))))
    }

    /// Splits at most `budget` more lines; the share of the split done (1 when the session
    /// holds it), below 1 also in the step that finishes it: that step ends there, and the
    /// study's next step, whose keys cost more than the split's lines (hashed, looked up),
    /// starts with a budget of its own instead of what the split's lines left.
    pub(super) fn advance(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded> {
        let Some(build) = &mut self.0 else {
            return Ok(1.0);
        };
        // Another study may have split them meanwhile.
        if session.filter_keys().is_some() {
            self.0 = None;
            return Ok(1.0);
        }
        let (done, finished) = build.advance(session, budget);
        if !finished {
            return Ok(done);
        }
        let keys = self.0.take().expect("being split").finish()?;
        session.set_filter_keys(keys);
        Ok(JUST_SPLIT)
    }
}

/// The filter studies' split of the session's URLs, or the error `split-first` until one of
/// them made it.
pub fn split_keys(session: &Session) -> Result<&FilterKeys, Coded> {
    session.filter_keys().ok_or_else(|| {
        crate::foundation::coded::sequence(
            "split-first",
            "the URLs are not split into inserted and held-out keys yet: finish a Bloom or counting-filter job first",
        )
    })
}

/// The lines the filters read (every loaded line the session can read again).
fn prefix(session: &Session) -> Result<Prefix, Coded> {
    session.prefix(usize::MAX, "filters")
}

// ----------------------------------------------------------------------------------------------
// Bloom

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BloomParams {
    k: u32,
    methods: Vec<String>,
    ratios: Vec<f64>,
}

/// A Bloom filter being measured: keys `0 .. done` of the split (inserted, then held out).
struct BloomPoint {
    bloom: Bloom,
    done: usize,
    false_positives: u64,
}

/// The Bloom study: the split, then one filter per point, in the order asked, every key
/// prepared once per digest its methods share ([`PreparedKeys`]) just before the first point
/// that needs it (the first point waits for its own method's keys only); a slice ends with each
/// row measured, and the rows so far are its partial report.
struct BloomTask {
    split: Split,
    k: u32,
    points: Vec<(IndexMethod, f64)>,
    /// The split's description, once it is made.
    input: Option<KeysInfo>,
    /// The keys prepared, per [`PreparedKeys::digest_of`] the methods, in the order first needed.
    prepared: Vec<(u8, PreparedKeys)>,
    next: usize,
    current: Option<BloomPoint>,
    rows: Vec<FprReport>,
}

/// Share of a Bloom study's progress, after the split, given to preparing the keys.
const PREPARE_SHARE: f64 = 0.2;

pub(super) fn bloom(p: BloomParams, session: &Session) -> Result<Box<dyn Task>, Coded> {
    check_k(p.k)?;
    let methods: Vec<IndexMethod> = p
        .methods
        .iter()
        .map(|m| parse_method(m))
        .collect::<Result<_, _>>()?;
    if methods.len() != p.ratios.len() {
        return Err(crate::coded!(
            "methods-ratios",
            [methods.len(), p.ratios.len()],
            "{} index methods for {} values of m/N: give one method per m/N",
            methods.len(),
            p.ratios.len()
        ));
    }
    for &r in &p.ratios {
        check_ratio(r)?;
    }
    Ok(Box::new(BloomTask {
        split: Split::new(session)?,
        k: p.k,
        points: methods.into_iter().zip(p.ratios).collect(),
        input: None,
        prepared: Vec::new(),
        next: 0,
        current: None,
        rows: Vec::new(),
    }))
}

impl Task for BloomTask {
    fn step(&mut self, session: &mut Session, mut budget: usize) -> Result<f64, Coded> {
        let split = self.split.advance(session, budget)?;
        if split < 1.0 {
            return Ok(KEYS_SHARE * split);
        }
        let keys = split_keys(session)?;
        let (n, total) = (keys.inserted, keys.keys.len());
        self.input.get_or_insert_with(|| keys.info.clone());
        while budget > 0 && self.next < self.points.len() {
            let digest = PreparedKeys::digest_of(self.points[self.next].0);
            let at = match self.prepared.iter().position(|(d, _)| *d == digest) {
                Some(at) => at,
                None => {
                    let methods: Vec<IndexMethod> = (self.points.iter().map(|p| p.0))
                        .filter(|&m| PreparedKeys::digest_of(m) == digest)
                        .collect();
                    let keys = PreparedKeys::new(&methods, self.k, n);
                    self.prepared.push((digest, keys));
                    self.prepared.len() - 1
                }
            };
            let prepared = &mut self.prepared[at].1;
            if prepared.len() < total {
                let stop = prepared.len().saturating_add(budget).min(total);
                budget -= stop - prepared.len();
                for key in keys.keys.iter(prepared.len(), stop) {
                    prepared.push(key);
                }
                continue;
            }
            let point = match &mut self.current {
                Some(p) => p,
                None => {
                    let (method, r) = self.points[self.next];
                    let m = m_for(n as u64, r).map_err(core)?;
                    self.current.insert(BloomPoint {
                        bloom: Bloom::new(m, self.k, method).map_err(core)?,
                        done: 0,
                        false_positives: 0,
                    })
                }
            };
            let stop = point.done.saturating_add(budget).min(total);
            for (i, key) in (point.done..stop).zip(keys.keys.iter(point.done, stop)) {
                if i < n {
                    prepared.insert(&mut point.bloom, i, key);
                } else {
                    point.false_positives += prepared.contains(&point.bloom, i, key) as u64;
                }
            }
            budget -= stop - point.done;
            point.done = stop;
            if stop == total {
                let row = point
                    .bloom
                    .report(point.false_positives, (total - n) as u64);
                self.rows.push(row);
                self.current = None;
                self.next += 1;
                // The slice ends with its row: the caller can show it before the next.
                break;
            }
        }
        let partial = self
            .current
            .as_ref()
            .map_or(0.0, |p| p.done as f64 / total.max(1) as f64);
        let points = self.points.len().max(1) as f64;
        let digests =
            (self.points.iter()).fold(0u8, |seen, p| seen | 1 << PreparedKeys::digest_of(p.0));
        let prepared: usize = self.prepared.iter().map(|(_, p)| p.len()).sum();
        let prepared = share(prepared, digests.count_ones() as usize * total);
        Ok(if self.next >= self.points.len() {
            1.0
        } else {
            let measured = (self.next as f64 + partial) / points;
            KEYS_SHARE
                + (1.0 - KEYS_SHARE) * (PREPARE_SHARE * prepared + (1.0 - PREPARE_SHARE) * measured)
        })
    }

    fn partial(&self) -> Option<Partial<'_>> {
        Some(Partial::BloomRows {
            input: self.input.as_ref(),
            k: self.k,
            rows: &self.rows,
        })
    }

    fn finish(mut self: Box<Self>, session: &mut Session) -> Result<StudyReport, Coded> {
        while self.step(session, usize::MAX)? < 1.0 {}
        Ok(StudyReport {
            report: Report::Bloom(Box::new(BloomReport {
                input: split_keys(session)?.info.clone(),
                k: self.k,
                rows: self.rows,
            })),
            prefix: prefix(session)?,
        })
    }
}

// ----------------------------------------------------------------------------------------------
// Counting filter

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct CbfParams {
    ratio: f64,
    k: u32,
    bits: u32,
    method: String,
    delete_fraction: f64,
}

struct CbfTask {
    split: Split,
    ratio: f64,
    k: u32,
    bits: u32,
    method: IndexMethod,
    delete_fraction: f64,
    /// The filter being filled for the histogram, and how many keys are in.
    filling: Option<(CountingBloom, usize)>,
    /// The split's description, once it is made.
    input: Option<KeysInfo>,
    /// The counters with the keys in so far, while they go in: the first picture (after at most
    /// an eighth of the keys), again at each quarter of them.
    so_far: Option<CounterHistogram>,
    counters: Option<CounterHistogram>,
    deletion: Option<DeletionReport>,
}

pub(super) fn cbf(p: CbfParams, session: &Session) -> Result<Box<dyn Task>, Coded> {
    check_ratio(p.ratio)?;
    check_k(p.k)?;
    if !(1..=32).contains(&p.bits) {
        return Err(crate::coded!(
            "counter-bits",
            [p.bits],
            "a counter has 1 to 32 bits, not {}",
            p.bits
        ));
    }
    let method = parse_method(&p.method)?;
    let d = p.delete_fraction;
    if !(d.is_finite() && (0.0..=1.0).contains(&d)) {
        return Err(crate::coded!(
            "delete-share",
            [d],
            "the share of URLs deleted must be from 0 to 1, not {d}"
        ));
    }
    Ok(Box::new(CbfTask {
        split: Split::new(session)?,
        ratio: p.ratio,
        k: p.k,
        bits: p.bits,
        method,
        delete_fraction: d,
        filling: None,
        input: None,
        so_far: None,
        counters: None,
        deletion: None,
    }))
}

impl Task for CbfTask {
    fn step(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded> {
        let split = self.split.advance(session, budget)?;
        if split < 1.0 {
            return Ok(KEYS_SHARE * split);
        }
        let keys = split_keys(session)?;
        let n = keys.inserted;
        self.input.get_or_insert_with(|| keys.info.clone());
        if self.counters.is_none() {
            let (filter, done) = match &mut self.filling {
                Some(f) => f,
                None => {
                    let m = m_for(n as u64, self.ratio).map_err(core)?;
                    let f = CountingBloom::new(m, self.k, self.bits, self.method).map_err(core)?;
                    self.filling.insert((f, 0))
                }
            };
            let first = *done == 0;
            // The first slice an eighth of the keys at most: the first picture, soon.
            let most = if first { n.div_ceil(8) } else { n };
            let stop = done
                .saturating_add((budget / FILL_COST).clamp(1, most))
                .min(n);
            let quarter = |i: usize| i * 4 / n.max(1);
            let passed = quarter(stop) > quarter(*done);
            for key in keys.keys.iter(*done, stop) {
                filter.insert(key);
            }
            *done = stop;
            if stop < n {
                if first || passed {
                    self.so_far = Some(counter_histogram(filter, stop as u64));
                }
                return Ok(KEYS_SHARE + (1.0 - KEYS_SHARE) * 0.5 * share(stop, n));
            }
            self.counters = Some(counter_histogram(filter, n as u64));
            self.so_far = None;
            self.filling = None;
            return Ok(KEYS_SHARE + (1.0 - KEYS_SHARE) * 0.5);
        }
        if self.deletion.is_none() {
            let inserted: Vec<&[u8]> = keys.inserted().collect();
            let delete = (n as f64 * self.delete_fraction).round() as usize;
            let m = m_for(n as u64, self.ratio).map_err(core)?;
            let d = deletion_experiment(&inserted, delete, m, self.k, self.bits, self.method)
                .map_err(core)?;
            self.deletion = Some(d);
        }
        Ok(1.0)
    }

    fn partial(&self) -> Option<Partial<'_>> {
        Some(Partial::Counters {
            input: self.input.as_ref()?,
            m_over_n: self.ratio,
            counters: self.counters.as_ref().or(self.so_far.as_ref())?,
        })
    }

    fn finish(mut self: Box<Self>, session: &mut Session) -> Result<StudyReport, Coded> {
        while self.deletion.is_none() {
            self.step(session, usize::MAX)?;
        }
        let (Some(counters), Some(deletion)) = (self.counters, self.deletion) else {
            return Err(crate::foundation::coded::sequence(
                "cbf-unfinished",
                "the counting-filter job did not finish",
            ));
        };
        Ok(StudyReport {
            report: Report::Cbf(Box::new(CbfReport {
                input: split_keys(session)?.info.clone(),
                m_over_n: self.ratio,
                delete_fraction: self.delete_fraction,
                counters,
                deletion,
                printed: P5Printed::new(),
            })),
            prefix: prefix(session)?,
        })
    }
}

fn counter_histogram(f: &CountingBloom, n: u64) -> CounterHistogram {
    let c = f.counters();
    let (m, max, k) = (c.m(), c.max(), f.k());
    let mut counts = c.histogram();
    let nk = n * k as u64;
    let mf = m as f64;
    let expect = |j: u64| {
        if j == max as u64 {
            mf * counter_tail(nk, mf, j)
        } else {
            mf * counter_pmf(nk, mf, j)
        }
    };
    // Up to the largest value held, and on while the expectation is at least half a counter.
    let held = counts.iter().rposition(|&x| x > 0).unwrap_or(0) as u64;
    let mean = nk as f64 / mf;
    let mut last = held;
    let mut j = 0u64;
    while j <= max as u64 {
        if j > held && j as f64 > mean && expect(j) < 0.5 {
            break;
        }
        last = last.max(j);
        j += 1;
    }
    counts.resize(last as usize + 1, 0);
    let expected = (0..=last).map(expect).collect();
    CounterHistogram {
        n,
        m,
        k,
        bits: c.bits(),
        max,
        counts,
        expected,
        saturated: c.saturated(),
        overflow_events: f.overflow_events(),
        nonzero: c.nonzero(),
        bytes: f.bytes(),
    }
}
