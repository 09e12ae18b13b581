//! Fingerprint stores: P5's IMP-CB (counters for the fingerprints seen) and the exact store it is
//! measured against.

use super::counters::{Counters, DEFAULT_BITS};
use crate::foundation::hash::md5_digest;
use crate::mechanisms::bloom::{check_shape, hashbrown_bytes, IndexMethod, MAX_K};
use serde::Serialize;
use std::collections::HashMap;
use std::convert::Infallible;

/// The stores' tables hash fingerprints (and counter indices) with the SplitMix64 finaliser.
type FpBuild = crate::foundation::mix::Mix;

/// Buckets behind a hashbrown table of this `capacity()`.
fn buckets_of_capacity(capacity: usize) -> u64 {
    if capacity == 0 {
        0
    } else {
        (capacity as u64 * 8 / 7).next_power_of_two()
    }
}

/// A `(u128, u32)` or `(u128, Record)` bucket on x86-64 (`u128` aligned to 16).
const FP_ENTRY_BYTES: u64 = 32;

/// What de-duplication says of a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Not seen before: keep it (crawl it).
    New,
    /// Already stored: drop it, its reference count went up.
    Duplicate,
}

/// What a delete did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeleteOutcome {
    /// The URL was not stored.
    Absent,
    /// Its reference count went down and is still above 0.
    Decremented,
    /// Its last reference went: the record is gone (and, in IMP-CB, its counters went down).
    Removed,
}

/// New and duplicate counts of a batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BatchCounts {
    /// URLs answered [`Verdict::New`].
    pub new: u64,
    /// URLs answered [`Verdict::Duplicate`].
    pub duplicate: u64,
}

impl BatchCounts {
    /// Runs `process` on every URL of a batch and counts its verdicts.
    fn of<I>(urls: I, mut process: impl FnMut(&[u8]) -> Verdict) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut c = BatchCounts::default();
        for url in urls {
            c.add(process(url.as_ref()));
        }
        c
    }

    fn add(&mut self, v: Verdict) {
        match v {
            Verdict::New => self.new += 1,
            Verdict::Duplicate => self.duplicate += 1,
        }
    }
}

/// P5's Fig. 1: the MD5 fingerprint store alone, fingerprint → reference count.
#[derive(Clone, Debug, Default)]
pub struct FingerprintStore {
    map: HashMap<u128, u32, FpBuild>,
    processed: u64,
    duplicates: u64,
}

impl FingerprintStore {
    /// An empty store.
    pub fn new() -> FingerprintStore {
        FingerprintStore::default()
    }

    /// Processes one URL: MD5, look up, insert with count 1 or count += 1.
    #[inline]
    pub fn process(&mut self, url: &[u8]) -> Verdict {
        self.process_fingerprint(u128::from_be_bytes(md5_digest(url)))
    }

    /// Processes a fingerprint directly.
    #[inline]
    pub fn process_fingerprint(&mut self, fp: u128) -> Verdict {
        self.processed += 1;
        let count = self.map.entry(fp).or_insert(0);
        *count = count.saturating_add(1);
        if *count == 1 {
            Verdict::New
        } else {
            self.duplicates += 1;
            Verdict::Duplicate
        }
    }

    /// Processes every URL of a batch.
    pub fn process_batch<I>(&mut self, urls: I) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        BatchCounts::of(urls, |url| self.process(url))
    }

    /// `true` when the URL's fingerprint is stored.
    pub fn contains(&self, url: &[u8]) -> bool {
        self.map.contains_key(&u128::from_be_bytes(md5_digest(url)))
    }

    /// The reference count of a URL (0 when absent).
    pub fn count(&self, url: &[u8]) -> u32 {
        self.map
            .get(&u128::from_be_bytes(md5_digest(url)))
            .copied()
            .unwrap_or(0)
    }

    /// Drops one reference to the URL.
    pub fn delete(&mut self, url: &[u8]) -> DeleteOutcome {
        let fp = u128::from_be_bytes(md5_digest(url));
        match self.map.get_mut(&fp) {
            None => DeleteOutcome::Absent,
            Some(c) if *c > 1 => {
                *c -= 1;
                DeleteOutcome::Decremented
            }
            Some(_) => {
                self.map.remove(&fp);
                DeleteOutcome::Removed
            }
        }
    }

    /// Distinct fingerprints stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    /// `true` when no fingerprint is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Modelled bytes of the table (see the module doc).
    pub fn bytes(&self) -> u64 {
        hashbrown_bytes(buckets_of_capacity(self.map.capacity()), FP_ENTRY_BYTES)
    }

    /// Everything about the store's state.
    pub fn report(&self) -> FingerprintStoreReport {
        let distinct = self.map.len() as u64;
        FingerprintStoreReport {
            processed: self.processed,
            distinct,
            duplicates: self.duplicates,
            store_lookups: self.processed,
            bytes: self.bytes(),
            bytes_per_url: if distinct == 0 {
                0.0
            } else {
                self.bytes() as f64 / distinct as f64
            },
        }
    }
}

/// The state of a [`FingerprintStore`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FingerprintStoreReport {
    /// URLs processed.
    pub processed: u64,
    /// Distinct fingerprints stored.
    pub distinct: u64,
    /// URLs answered [`Verdict::Duplicate`].
    pub duplicates: u64,
    /// Every URL is a store lookup.
    pub store_lookups: u64,
    /// Modelled bytes of the table: 32-byte `(u128, u32)` buckets and their control bytes.
    pub bytes: u64,
    /// `bytes / distinct` (0 when nothing is stored).
    pub bytes_per_url: f64,
}

/// P5's fingerprint store (指纹库) as Fig. 1 and Fig. 2 use it: fingerprint → reference count
/// and, in IMP-CB, the record's k counter indices. [`FingerprintStore`] (Fig. 1's store in
/// memory) and [`MemFingerprints`] (IMP-CB's in memory) implement it in the core, and the
/// native SQLite store (`native::p5_disk`) on disk, so [`ImpCb`] and [`fig1_process`] run
/// unchanged over any of them. The stores in memory cannot fail: their `Error` is
/// [`Infallible`], and [`ImpCb::process`] and the rest return plain values over them.
pub trait FingerprintDb {
    /// What a failed store operation says (`Infallible` in memory).
    type Error;
    /// Fig. 1's and Fig. 2's lookup: when `fp` is stored, add 1 to its reference count and say
    /// `true` ("found → Count + 1"); `false` when it is not stored.
    fn find_and_count(&mut self, fp: u128) -> Result<bool, Self::Error>;
    /// Store a new fingerprint with count 1 and its counter indices (none for Fig. 1's store).
    fn insert_new(&mut self, fp: u128, indices: &[u32]) -> Result<(), Self::Error>;
    /// Fig. 1 in one call: [`FingerprintDb::find_and_count`], then [`FingerprintDb::insert_new`]
    /// with no indices when not found; `true` when found. A store may do both in one probe.
    #[inline]
    fn find_or_insert(&mut self, fp: u128) -> Result<bool, Self::Error> {
        if self.find_and_count(fp)? {
            return Ok(true);
        }
        self.insert_new(fp, &[])?;
        Ok(false)
    }
    /// The reference count of `fp` (0 when absent).
    fn count(&self, fp: u128) -> Result<u32, Self::Error>;
    /// `true` when `fp` is stored.
    #[inline]
    fn contains(&self, fp: u128) -> Result<bool, Self::Error> {
        Ok(self.count(fp)? > 0)
    }
    /// Drop one reference to `fp`; when it was the last, remove the record and copy its
    /// indices into `removed` (at least as long as the record's indices).
    fn release(&mut self, fp: u128, removed: &mut [u32]) -> Result<DeleteOutcome, Self::Error>;
    /// P5's resolution of a saturated counter: how many times counter `i` occurs among every
    /// stored record's indices, and how many stored indices were read to find out.
    fn scan_index(&self, i: u32) -> Result<(u32, u64), Self::Error>;
    /// Distinct fingerprints stored.
    fn len(&self) -> u64;
    /// `true` when nothing is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The sum of the stored reference counts.
    fn references(&self) -> u64;
    /// Modelled bytes in memory: (the table, the index array); 0 for a store on disk.
    fn memory_bytes(&self) -> (u64, u64);
}

/// P5's Fig. 1 over any store: MD5 of the URL, then [`FingerprintDb::find_or_insert`].
#[inline]
pub fn fig1_process<S: FingerprintDb>(store: &mut S, url: &[u8]) -> Result<Verdict, S::Error> {
    Ok(
        if store.find_or_insert(u128::from_be_bytes(md5_digest(url)))? {
            Verdict::Duplicate
        } else {
            Verdict::New
        },
    )
}

impl FingerprintDb for FingerprintStore {
    type Error = Infallible;
    fn find_and_count(&mut self, fp: u128) -> Result<bool, Infallible> {
        Ok(match self.map.get_mut(&fp) {
            Some(c) => {
                *c = c.saturating_add(1);
                true
            }
            None => false,
        })
    }
    fn insert_new(&mut self, fp: u128, _indices: &[u32]) -> Result<(), Infallible> {
        self.map.insert(fp, 1);
        Ok(())
    }
    #[inline]
    fn find_or_insert(&mut self, fp: u128) -> Result<bool, Infallible> {
        Ok(self.process_fingerprint(fp) == Verdict::Duplicate)
    }
    fn count(&self, fp: u128) -> Result<u32, Infallible> {
        Ok(self.map.get(&fp).copied().unwrap_or(0))
    }
    fn release(&mut self, fp: u128, _removed: &mut [u32]) -> Result<DeleteOutcome, Infallible> {
        let outcome = match self.map.get_mut(&fp) {
            None => DeleteOutcome::Absent,
            Some(c) if *c > 1 => {
                *c -= 1;
                DeleteOutcome::Decremented
            }
            Some(_) => {
                self.map.remove(&fp);
                DeleteOutcome::Removed
            }
        };
        Ok(outcome)
    }
    fn scan_index(&self, _i: u32) -> Result<(u32, u64), Infallible> {
        // Fig. 1's records keep no counter indices.
        Ok((0, 0))
    }
    fn len(&self) -> u64 {
        self.map.len() as u64
    }
    fn references(&self) -> u64 {
        self.map.values().map(|&c| c as u64).sum()
    }
    fn memory_bytes(&self) -> (u64, u64) {
        (self.bytes(), 0)
    }
}

/// How IMP-CB learns the true count of a saturated counter on delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SaturatedDelete {
    /// P5 as written: count the counter's occurrences among all stored records' indices.
    Scan,
    /// The lab's: a map from each saturated counter to its true count, kept current.
    SideTable,
}

impl SaturatedDelete {
    /// Both methods: P5's scan first, then the lab's side table.
    pub const ALL: [SaturatedDelete; 2] = [SaturatedDelete::Scan, SaturatedDelete::SideTable];
    /// `scan` or `side-table`.
    pub fn id(self) -> &'static str {
        match self {
            SaturatedDelete::Scan => "scan",
            SaturatedDelete::SideTable => "side-table",
        }
    }
    /// A method by its [`SaturatedDelete::id`], or an error naming the known ones.
    pub fn parse(id: &str) -> Result<SaturatedDelete, String> {
        SaturatedDelete::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| {
                format!("unknown saturated-delete method '{id}' (known: scan, side-table)")
            })
    }
}

/// One stored fingerprint: its reference count and where its k indices are.
#[derive(Clone, Copy, Debug)]
struct Record {
    count: u32,
    slot: u32,
}

/// An unused slot of the index array.
const FREE: u32 = u32::MAX;

/// IMP-CB's fingerprint store in memory: a `HashMap<u128, Record>` of reference counts, and the
/// records' k counter indices in one flat array (k `u32`s per slot, k ≥ 1; a freed slot holds
/// `u32::MAX` and is reused).
#[derive(Clone, Debug, Default)]
pub struct MemFingerprints {
    map: HashMap<u128, Record, FpBuild>,
    /// k counter indices per slot; a freed slot holds [`FREE`].
    pub(super) indices: Vec<u32>,
    pub(super) free: Vec<u32>,
}

impl FingerprintDb for MemFingerprints {
    type Error = Infallible;
    #[inline]
    fn find_and_count(&mut self, fp: u128) -> Result<bool, Infallible> {
        Ok(match self.map.get_mut(&fp) {
            Some(r) => {
                r.count = r.count.saturating_add(1);
                true
            }
            None => false,
        })
    }
    #[inline]
    fn insert_new(&mut self, fp: u128, idx: &[u32]) -> Result<(), Infallible> {
        let k = idx.len();
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.indices.resize(self.indices.len() + k, FREE);
                (self.indices.len() / k - 1) as u32
            }
        };
        self.indices[slot as usize * k..(slot as usize + 1) * k].copy_from_slice(idx);
        self.map.insert(fp, Record { count: 1, slot });
        Ok(())
    }
    fn count(&self, fp: u128) -> Result<u32, Infallible> {
        Ok(self.map.get(&fp).map_or(0, |r| r.count))
    }
    #[inline]
    fn contains(&self, fp: u128) -> Result<bool, Infallible> {
        Ok(self.map.contains_key(&fp))
    }
    fn release(&mut self, fp: u128, removed: &mut [u32]) -> Result<DeleteOutcome, Infallible> {
        let Some(r) = self.map.get_mut(&fp) else {
            return Ok(DeleteOutcome::Absent);
        };
        if r.count > 1 {
            r.count -= 1;
            return Ok(DeleteOutcome::Decremented);
        }
        let slot = r.slot as usize;
        self.map.remove(&fp);
        let k = removed.len();
        removed.copy_from_slice(&self.indices[slot * k..(slot + 1) * k]);
        self.indices[slot * k..(slot + 1) * k].fill(FREE);
        self.free.push(slot as u32);
        Ok(DeleteOutcome::Removed)
    }
    fn scan_index(&self, i: u32) -> Result<(u32, u64), Infallible> {
        Ok((
            self.indices.iter().filter(|&&x| x == i).count() as u32,
            self.indices.len() as u64,
        ))
    }
    fn len(&self) -> u64 {
        self.map.len() as u64
    }
    fn references(&self) -> u64 {
        self.map.values().map(|r| r.count as u64).sum()
    }
    fn memory_bytes(&self) -> (u64, u64) {
        (
            hashbrown_bytes(buckets_of_capacity(self.map.capacity()), FP_ENTRY_BYTES),
            (self.indices.capacity() + self.free.capacity()) as u64 * 4,
        )
    }
}

/// IMP-CB's counters of work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImpCbStats {
    /// URLs processed.
    pub processed: u64,
    /// URLs answered [`Verdict::New`] (a record inserted).
    pub new: u64,
    /// URLs answered [`Verdict::Duplicate`] (a reference count went up).
    pub duplicates: u64,
    /// Process or delete calls answered by a zero counter, without touching the store.
    pub answered_by_counters: u64,
    /// Store lookups made (all k counters were non-zero).
    pub store_lookups: u64,
    /// Lookups that found nothing: the counting filter's false positives.
    pub false_positive_lookups: u64,
    /// Delete calls.
    pub deletes: u64,
    /// Records removed (last reference deleted).
    pub records_removed: u64,
    /// Increments attempted at a saturated counter.
    pub overflow_events: u64,
    /// Decrements at a saturated counter, resolved by counting.
    pub saturated_deletes: u64,
    /// Stored indices read by `scan` resolutions.
    pub scanned_indices: u64,
}

/// How Fig. 2's "not found" branch (all k counters non-zero, the fingerprint not stored) is
/// read. The lab's reading adds 1 to the k counters once, as the "zero counter" branch does;
/// P5's text, read literally, adds 1 twice ("…进行加 1 操作 … 最后 … 并且分别对 M1 … Mk 中的
/// 不为 2^n − 1 的值进行加 1 操作").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fig2Reading {
    Once,
    PrintedTwice,
}

/// P5's IMP-CB Filter: a counting Bloom filter in front of the MD5 fingerprint store, the store
/// in memory ([`MemFingerprints`], the default) or any other [`FingerprintDb`].
///
/// # Examples
/// ```
/// use urlhashlab::mechanisms::bloom::IndexMethod;
/// use urlhashlab::mechanisms::cbf::{DeleteOutcome, ImpCb, Verdict};
/// // P5's parameters for 1 000 URLs: m = 20 000 counters of 4 bits, k = 8.
/// let mut f = ImpCb::p5(1_000, IndexMethod::Md5Slices).unwrap();
/// assert_eq!((f.counters().m(), f.counters().bits(), f.k()), (20_000, 4, 8));
/// assert_eq!(f.process(b"http://a.cn/"), Verdict::New); // a zero counter: no store lookup
/// assert_eq!(f.process(b"http://a.cn/"), Verdict::Duplicate); // found in the store
/// assert_eq!(f.count(b"http://a.cn/"), 2);
/// assert_eq!(f.delete(b"http://a.cn/"), DeleteOutcome::Decremented);
/// assert_eq!(f.delete(b"http://a.cn/"), DeleteOutcome::Removed); // its counters go down
/// assert!(!f.contains(b"http://a.cn/"));
/// assert_eq!((f.stats().answered_by_counters, f.stats().records_removed), (1, 1));
/// ```
#[derive(Clone, Debug)]
pub struct ImpCb<S = MemFingerprints> {
    pub(super) counters: Counters,
    k: u32,
    method: IndexMethod,
    pub(super) resolve: SaturatedDelete,
    pub(super) store: S,
    /// `side-table`: the true count of every saturated counter.
    pub(super) side: HashMap<u32, u32, FpBuild>,
    pub(super) stats: ImpCbStats,
}

impl ImpCb {
    /// An empty filter of `m` counters (1 to 2^32 − 1) of `bits` bits, k indices per URL derived
    /// from its MD5 by `method`, resolving saturated deletes with the side table, its store in
    /// memory.
    pub fn new(m: u64, k: u32, bits: u32, method: IndexMethod) -> Result<ImpCb, String> {
        ImpCb::over(MemFingerprints::default(), m, k, bits, method)
    }

    /// P5's parameters for `n` URLs: m = 20 n counters (at least 1), k = 8, 4-bit counters.
    pub fn p5(n: u64, method: IndexMethod) -> Result<ImpCb, String> {
        ImpCb::p5_over(MemFingerprints::default(), n, method)
    }
}

impl<S: FingerprintDb> ImpCb<S> {
    /// [`ImpCb::new`] in front of `store` (empty).
    pub fn over(
        store: S,
        m: u64,
        k: u32,
        bits: u32,
        method: IndexMethod,
    ) -> Result<ImpCb<S>, String> {
        check_shape(m, k)?;
        if m >= FREE as u64 {
            return Err(format!(
                "IMP-CB keeps 32-bit counter indices: m must be below 2^32 − 1 (got {m})"
            ));
        }
        Ok(ImpCb {
            counters: Counters::new(m, bits)?,
            k,
            method,
            resolve: SaturatedDelete::SideTable,
            store,
            side: HashMap::default(),
            stats: ImpCbStats::default(),
        })
    }

    /// [`ImpCb::p5`] in front of `store` (empty).
    pub fn p5_over(store: S, n: u64, method: IndexMethod) -> Result<ImpCb<S>, String> {
        ImpCb::over(store, (20 * n).max(1), 8, DEFAULT_BITS, method)
    }

    /// The same (empty) filter resolving saturated deletes another way.
    pub fn with_resolve(mut self, resolve: SaturatedDelete) -> ImpCb<S> {
        assert!(self.store.is_empty(), "choose the resolution before use");
        self.resolve = resolve;
        self
    }

    /// The fingerprint and the k indices of a URL.
    #[inline]
    fn derive(&self, url: &[u8], buf: &mut [u32; 64]) -> u128 {
        let d = md5_digest(url);
        let mut n = 0;
        self.method
            .for_each_index_of_md5(&d, self.k, self.counters.m, |g| {
                buf[n] = g as u32;
                n += 1;
                true
            });
        u128::from_be_bytes(d)
    }

    #[inline]
    fn any_zero(&self, idx: &[u32]) -> bool {
        idx.iter().any(|&i| self.counters.get(i as u64) == 0)
    }

    /// Processes one URL (P5's Fig. 2), or says why the store failed.
    #[inline]
    pub fn try_process(&mut self, url: &[u8]) -> Result<Verdict, S::Error> {
        self.process_as(url, Fig2Reading::Once)
    }

    /// Fig. 2 read literally (a labelled reading, not P5's intent): the "not found" branch adds
    /// 1 to the k counters twice, so the counters of every URL that took it count it twice.
    pub fn try_process_printed(&mut self, url: &[u8]) -> Result<Verdict, S::Error> {
        self.process_as(url, Fig2Reading::PrintedTwice)
    }

    #[inline(always)]
    fn process_as(&mut self, url: &[u8], reading: Fig2Reading) -> Result<Verdict, S::Error> {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        self.process_derived(fp, &buf[..self.k as usize], reading)
    }

    /// [`ImpCb::try_process`] of a URL given by its MD5 fingerprint and its k indices
    /// ([`ImpCb::indices`]), derived once for several filters of the same shape.
    pub fn try_process_at(&mut self, fp: u128, idx: &[u32]) -> Result<Verdict, S::Error> {
        self.process_derived(fp, idx, Fig2Reading::Once)
    }

    #[inline(always)]
    fn process_derived(
        &mut self,
        fp: u128,
        idx: &[u32],
        reading: Fig2Reading,
    ) -> Result<Verdict, S::Error> {
        self.stats.processed += 1;
        if self.any_zero(idx) {
            self.stats.answered_by_counters += 1;
            self.add_new(fp, idx)?;
            return Ok(Verdict::New);
        }
        self.stats.store_lookups += 1;
        if self.store.find_and_count(fp)? {
            self.stats.duplicates += 1;
            return Ok(Verdict::Duplicate);
        }
        self.stats.false_positive_lookups += 1;
        self.add_new(fp, idx)?;
        if reading == Fig2Reading::PrintedTwice {
            self.increment(idx);
        }
        Ok(Verdict::New)
    }

    /// Processes every URL of a batch, or stops at the store's first failure.
    pub fn try_process_batch<I>(&mut self, urls: I) -> Result<BatchCounts, S::Error>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut c = BatchCounts::default();
        for url in urls {
            c.add(self.try_process(url.as_ref())?);
        }
        Ok(c)
    }

    fn add_new(&mut self, fp: u128, idx: &[u32]) -> Result<(), S::Error> {
        self.store.insert_new(fp, idx)?;
        self.stats.new += 1;
        self.increment(idx);
        Ok(())
    }

    /// Adds 1 to each of the k counters below `2^bits − 1` (P5's saturating rule).
    #[inline]
    fn increment(&mut self, idx: &[u32]) {
        let max = self.counters.max;
        for &i in idx {
            let c = self.counters.get(i as u64);
            if c < max {
                self.counters.set(i as u64, c + 1);
                if c + 1 == max && self.resolve == SaturatedDelete::SideTable {
                    self.side.insert(i, max);
                }
            } else {
                self.stats.overflow_events += 1;
                if self.resolve == SaturatedDelete::SideTable {
                    let t = self
                        .side
                        .get_mut(&i)
                        .expect("a saturated counter is tracked");
                    *t = t.saturating_add(1);
                }
            }
        }
    }

    /// `true` when the URL is stored. A zero counter answers "no" without the store, as in
    /// [`ImpCb::process`], so this is where a lost count would show as a false negative.
    pub fn try_contains(&self, url: &[u8]) -> Result<bool, S::Error> {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        self.try_contains_at(fp, &buf[..self.k as usize])
    }

    /// [`ImpCb::try_contains`] of a URL given by its fingerprint and indices.
    pub fn try_contains_at(&self, fp: u128, idx: &[u32]) -> Result<bool, S::Error> {
        Ok(!self.any_zero(idx) && self.store.contains(fp)?)
    }

    /// The reference count of a URL (0 when absent).
    pub fn try_count(&self, url: &[u8]) -> Result<u32, S::Error> {
        self.store.count(u128::from_be_bytes(md5_digest(url)))
    }

    /// Drops one reference to the URL; the last one removes its record and its counts.
    pub fn try_delete(&mut self, url: &[u8]) -> Result<DeleteOutcome, S::Error> {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        self.try_delete_at(fp, &buf[..self.k as usize])
    }

    /// [`ImpCb::try_delete`] of a URL given by its fingerprint and indices.
    pub fn try_delete_at(&mut self, fp: u128, idx: &[u32]) -> Result<DeleteOutcome, S::Error> {
        self.stats.deletes += 1;
        if self.any_zero(idx) {
            self.stats.answered_by_counters += 1;
            return Ok(DeleteOutcome::Absent);
        }
        self.stats.store_lookups += 1;
        let k = self.k as usize;
        // The record's own indices (P5 keeps them with the fingerprint), grouped: a counter the
        // fingerprint hit c times goes down by c.
        let mut idx = [0u32; MAX_K as usize];
        match self.store.release(fp, &mut idx[..k])? {
            DeleteOutcome::Absent => {
                self.stats.false_positive_lookups += 1;
                return Ok(DeleteOutcome::Absent);
            }
            DeleteOutcome::Decremented => return Ok(DeleteOutcome::Decremented),
            DeleteOutcome::Removed => {}
        }
        self.stats.records_removed += 1;
        let idx = &mut idx[..k];
        crate::foundation::order::sort_unstable(idx);
        let mut s = 0;
        while s < k {
            let i = idx[s];
            let mut e = s + 1;
            while e < k && idx[e] == i {
                e += 1;
            }
            self.decrement(i, (e - s) as u32)?;
            s = e;
        }
        Ok(DeleteOutcome::Removed)
    }

    /// Takes `times` off counter `i` after a record holding it was removed.
    fn decrement(&mut self, i: u32, times: u32) -> Result<(), S::Error> {
        let max = self.counters.max;
        let c = self.counters.get(i as u64);
        if c < max {
            // Below saturation a counter is exact, so it holds at least `times` (in the lab's
            // reading of Fig. 2; the printed reading's counters are only higher).
            debug_assert!(c >= times);
            self.counters.set(i as u64, c - times);
            return Ok(());
        }
        self.stats.saturated_deletes += 1;
        let true_count = match self.resolve {
            SaturatedDelete::SideTable => {
                let t = self
                    .side
                    .get_mut(&i)
                    .expect("a saturated counter is tracked");
                *t -= times;
                let t = *t;
                if t < max {
                    self.side.remove(&i);
                }
                t
            }
            SaturatedDelete::Scan => {
                let (count, read) = self.store.scan_index(i)?;
                self.stats.scanned_indices += read;
                count
            }
        };
        self.counters.set(i as u64, true_count.min(max));
        Ok(())
    }

    /// The k counter indices of a URL (for the page's counter view).
    pub fn indices(&self, url: &[u8]) -> Vec<u32> {
        let mut buf = [0u32; MAX_K as usize];
        self.derive(url, &mut buf);
        buf[..self.k as usize].to_vec()
    }

    /// The packed counters in front of the store.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    /// Counter indices per URL.
    pub fn k(&self) -> u32 {
        self.k
    }
    /// How the k counter indices are derived from a URL's MD5.
    pub fn method(&self) -> IndexMethod {
        self.method
    }
    /// How a delete at a saturated counter learns its true count.
    pub fn resolve(&self) -> SaturatedDelete {
        self.resolve
    }
    /// The counters of work done so far.
    pub fn stats(&self) -> &ImpCbStats {
        &self.stats
    }
    /// The fingerprint store behind the counters.
    pub fn store(&self) -> &S {
        &self.store
    }
    /// The store, for its own housekeeping and reports (a native store's commit and file size):
    /// adding or removing records through it would leave the counters wrong.
    pub fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }
    /// Distinct fingerprints stored.
    pub fn len(&self) -> usize {
        self.store.len() as usize
    }
    /// `true` when no fingerprint is stored.
    pub fn is_empty(&self) -> bool {
        self.store.is_empty()
    }

    /// Modelled bytes in memory: (counters, store table, index array, side table); the store's
    /// are 0 when it is on disk.
    pub fn bytes_parts(&self) -> (u64, u64, u64, u64) {
        let (table, index) = self.store.memory_bytes();
        (
            self.counters.bytes(),
            table,
            index,
            hashbrown_bytes(buckets_of_capacity(self.side.capacity()), 8),
        )
    }

    /// Everything about the filter's state.
    pub fn report(&self) -> ImpCbReport {
        let (counter_bytes, store_bytes, index_bytes, side_table_bytes) = self.bytes_parts();
        let total = counter_bytes + store_bytes + index_bytes + side_table_bytes;
        let distinct = self.store.len();
        ImpCbReport {
            m: self.counters.m,
            k: self.k,
            bits: self.counters.bits,
            method: self.method,
            resolve: self.resolve,
            distinct,
            references: self.store.references(),
            stats: self.stats,
            saturated_counters: self.counters.saturated(),
            side_table_entries: self.side.len() as u64,
            histogram: self.counters.histogram(),
            counter_bytes,
            store_bytes,
            index_bytes,
            side_table_bytes,
            bytes: total,
            bytes_per_url: if distinct == 0 {
                0.0
            } else {
                total as f64 / distinct as f64
            },
            counter_bytes_per_url: if distinct == 0 {
                0.0
            } else {
                counter_bytes as f64 / distinct as f64
            },
        }
    }
}

/// The calls over a store that cannot fail (the stores in memory).
impl<S: FingerprintDb<Error = Infallible>> ImpCb<S> {
    /// Processes one URL (P5's Fig. 2).
    #[inline]
    pub fn process(&mut self, url: &[u8]) -> Verdict {
        let Ok(v) = self.try_process(url);
        v
    }

    /// Fig. 2 read literally: [`ImpCb::try_process_printed`].
    pub fn process_printed(&mut self, url: &[u8]) -> Verdict {
        let Ok(v) = self.try_process_printed(url);
        v
    }

    /// Processes every URL of a batch.
    pub fn process_batch<I>(&mut self, urls: I) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        BatchCounts::of(urls, |url| self.process(url))
    }

    /// `true` when the URL is stored: [`ImpCb::try_contains`].
    pub fn contains(&self, url: &[u8]) -> bool {
        let Ok(v) = self.try_contains(url);
        v
    }

    /// The reference count of a URL (0 when absent).
    pub fn count(&self, url: &[u8]) -> u32 {
        let Ok(v) = self.try_count(url);
        v
    }

    /// Drops one reference to the URL; the last one removes its record and its counts.
    pub fn delete(&mut self, url: &[u8]) -> DeleteOutcome {
        let Ok(v) = self.try_delete(url);
        v
    }

    /// [`ImpCb::process`] of a URL given by its MD5 fingerprint and its k indices.
    pub fn process_at(&mut self, fp: u128, idx: &[u32]) -> Verdict {
        let Ok(v) = self.try_process_at(fp, idx);
        v
    }

    /// [`ImpCb::contains`] of a URL given by its fingerprint and indices.
    pub fn contains_at(&self, fp: u128, idx: &[u32]) -> bool {
        let Ok(v) = self.try_contains_at(fp, idx);
        v
    }

    /// [`ImpCb::delete`] of a URL given by its fingerprint and indices.
    pub fn delete_at(&mut self, fp: u128, idx: &[u32]) -> DeleteOutcome {
        let Ok(v) = self.try_delete_at(fp, idx);
        v
    }
}

impl ImpCb {
    /// The true count of counter `i`: its occurrences among the stored records' indices.
    #[cfg(test)]
    pub(super) fn true_count(&self, i: u32) -> u32 {
        self.store.indices.iter().filter(|&&x| x == i).count() as u32
    }
}

/// The state of an [`ImpCb`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ImpCbReport {
    /// The number of counters.
    pub m: u64,
    /// Counter indices per URL.
    pub k: u32,
    /// Bits per counter.
    pub bits: u32,
    /// How the k counter indices are derived.
    pub method: IndexMethod,
    /// How a delete at a saturated counter learns its true count.
    pub resolve: SaturatedDelete,
    /// Distinct fingerprints stored.
    pub distinct: u64,
    /// Sum of their reference counts.
    pub references: u64,
    /// The counters of work done.
    pub stats: ImpCbStats,
    /// Counters at `2^bits − 1`.
    pub saturated_counters: u64,
    /// Saturated counters whose true count the side table holds (0 under `scan`).
    pub side_table_entries: u64,
    /// How many counters hold 0, 1, …, max.
    pub histogram: Vec<u64>,
    /// Bytes of the packed counters.
    pub counter_bytes: u64,
    /// Modelled bytes of the store's table (0 when the store is on disk).
    pub store_bytes: u64,
    /// Bytes of the records' index array and its free list (0 when the store is on disk).
    pub index_bytes: u64,
    /// Modelled bytes of the side table.
    pub side_table_bytes: u64,
    /// All of the above.
    pub bytes: u64,
    /// `bytes / distinct` (0 when nothing is stored).
    pub bytes_per_url: f64,
    /// The counters alone per URL: what P5 keeps in memory in front of the store.
    pub counter_bytes_per_url: f64,
}
