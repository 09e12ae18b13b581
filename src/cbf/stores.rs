//! Fingerprint stores: P5's IMP-CB (counters for the fingerprints seen) and the exact store it is
//! measured against.

use super::*;

/// The stores' tables hash fingerprints (and counter indices) with the SplitMix64 finaliser.
type FpBuild = crate::mix::Mix;

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
    pub new: u64,
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
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Modelled bytes of the table (see the module doc).
    pub fn bytes(&self) -> u64 {
        hashbrown_bytes(buckets_of_capacity(self.map.capacity()), FP_ENTRY_BYTES)
    }

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
    pub processed: u64,
    pub distinct: u64,
    pub duplicates: u64,
    /// Every URL is a store lookup.
    pub store_lookups: u64,
    pub bytes: u64,
    pub bytes_per_url: f64,
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
    pub const ALL: [SaturatedDelete; 2] = [SaturatedDelete::Scan, SaturatedDelete::SideTable];
    /// `scan` or `side-table`.
    pub fn id(self) -> &'static str {
        match self {
            SaturatedDelete::Scan => "scan",
            SaturatedDelete::SideTable => "side-table",
        }
    }
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

/// IMP-CB's counters of work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ImpCbStats {
    /// URLs processed.
    pub processed: u64,
    pub new: u64,
    pub duplicates: u64,
    /// Process or delete calls answered by a zero counter, without touching the store.
    pub answered_by_counters: u64,
    /// Store lookups made (all k counters were non-zero).
    pub store_lookups: u64,
    /// Lookups that found nothing: the counting filter's false positives.
    pub false_positive_lookups: u64,
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

/// P5's IMP-CB Filter: a counting Bloom filter in front of the MD5 fingerprint store.
#[derive(Clone, Debug)]
pub struct ImpCb {
    pub(super) counters: Counters,
    k: u32,
    method: IndexMethod,
    pub(super) resolve: SaturatedDelete,
    store: HashMap<u128, Record, FpBuild>,
    /// k counter indices per slot; a freed slot holds [`FREE`].
    pub(super) indices: Vec<u32>,
    pub(super) free: Vec<u32>,
    /// `side-table`: the true count of every saturated counter.
    pub(super) side: HashMap<u32, u32, FpBuild>,
    pub(super) stats: ImpCbStats,
}

impl ImpCb {
    /// An empty filter of `m` counters (1 to 2^32 − 1) of `bits` bits, k indices per URL derived
    /// from its MD5 by `method`, resolving saturated deletes with the side table.
    pub fn new(m: u64, k: u32, bits: u32, method: IndexMethod) -> Result<ImpCb, String> {
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
            store: HashMap::default(),
            indices: Vec::new(),
            free: Vec::new(),
            side: HashMap::default(),
            stats: ImpCbStats::default(),
        })
    }

    /// P5's parameters for `n` URLs: m = 20 n counters (at least 1), k = 8, 4-bit counters.
    pub fn p5(n: u64, method: IndexMethod) -> Result<ImpCb, String> {
        ImpCb::new((20 * n).max(1), 8, DEFAULT_BITS, method)
    }

    /// The same (empty) filter resolving saturated deletes another way.
    pub fn with_resolve(mut self, resolve: SaturatedDelete) -> ImpCb {
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

    /// Processes one URL (P5's Fig. 2).
    pub fn process(&mut self, url: &[u8]) -> Verdict {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        let idx = &buf[..self.k as usize];
        self.stats.processed += 1;
        if self.any_zero(idx) {
            self.stats.answered_by_counters += 1;
            self.add_new(fp, idx);
            return Verdict::New;
        }
        self.stats.store_lookups += 1;
        if let Some(r) = self.store.get_mut(&fp) {
            r.count = r.count.saturating_add(1);
            self.stats.duplicates += 1;
            return Verdict::Duplicate;
        }
        self.stats.false_positive_lookups += 1;
        self.add_new(fp, idx);
        Verdict::New
    }

    /// Processes every URL of a batch.
    pub fn process_batch<I>(&mut self, urls: I) -> BatchCounts
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        BatchCounts::of(urls, |url| self.process(url))
    }

    fn add_new(&mut self, fp: u128, idx: &[u32]) {
        let k = self.k as usize;
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.indices.resize(self.indices.len() + k, FREE);
                (self.indices.len() / k - 1) as u32
            }
        };
        self.indices[slot as usize * k..(slot as usize + 1) * k].copy_from_slice(idx);
        self.store.insert(fp, Record { count: 1, slot });
        self.stats.new += 1;
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
    pub fn contains(&self, url: &[u8]) -> bool {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        !self.any_zero(&buf[..self.k as usize]) && self.store.contains_key(&fp)
    }

    /// The reference count of a URL (0 when absent).
    pub fn count(&self, url: &[u8]) -> u32 {
        let fp = u128::from_be_bytes(md5_digest(url));
        self.store.get(&fp).map_or(0, |r| r.count)
    }

    /// Drops one reference to the URL; the last one removes its record and its counts.
    pub fn delete(&mut self, url: &[u8]) -> DeleteOutcome {
        let mut buf = [0u32; MAX_K as usize];
        let fp = self.derive(url, &mut buf);
        self.stats.deletes += 1;
        if self.any_zero(&buf[..self.k as usize]) {
            self.stats.answered_by_counters += 1;
            return DeleteOutcome::Absent;
        }
        self.stats.store_lookups += 1;
        let Some(r) = self.store.get_mut(&fp) else {
            self.stats.false_positive_lookups += 1;
            return DeleteOutcome::Absent;
        };
        if r.count > 1 {
            r.count -= 1;
            return DeleteOutcome::Decremented;
        }
        let slot = r.slot as usize;
        self.store.remove(&fp);
        self.stats.records_removed += 1;
        let k = self.k as usize;
        // The record's own indices (P5 keeps them with the fingerprint), grouped: a counter the
        // fingerprint hit c times goes down by c.
        let mut idx = [0u32; MAX_K as usize];
        idx[..k].copy_from_slice(&self.indices[slot * k..(slot + 1) * k]);
        self.indices[slot * k..(slot + 1) * k].fill(FREE);
        self.free.push(slot as u32);
        let idx = &mut idx[..k];
        idx.sort_unstable();
        let mut s = 0;
        while s < k {
            let i = idx[s];
            let mut e = s + 1;
            while e < k && idx[e] == i {
                e += 1;
            }
            self.decrement(i, (e - s) as u32);
            s = e;
        }
        DeleteOutcome::Removed
    }

    /// Takes `times` off counter `i` after a record holding it was removed.
    fn decrement(&mut self, i: u32, times: u32) {
        let max = self.counters.max;
        let c = self.counters.get(i as u64);
        if c < max {
            // Below saturation a counter is exact, so it holds at least `times`.
            debug_assert!(c >= times);
            self.counters.set(i as u64, c - times);
            return;
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
                self.stats.scanned_indices += self.indices.len() as u64;
                self.indices.iter().filter(|&&x| x == i).count() as u32
            }
        };
        self.counters.set(i as u64, true_count.min(max));
    }

    /// The k counter indices of a URL (for the page's counter view).
    pub fn indices(&self, url: &[u8]) -> Vec<u32> {
        let mut buf = [0u32; MAX_K as usize];
        self.derive(url, &mut buf);
        buf[..self.k as usize].to_vec()
    }

    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    pub fn k(&self) -> u32 {
        self.k
    }
    pub fn method(&self) -> IndexMethod {
        self.method
    }
    pub fn resolve(&self) -> SaturatedDelete {
        self.resolve
    }
    pub fn stats(&self) -> &ImpCbStats {
        &self.stats
    }
    /// Distinct fingerprints stored.
    pub fn len(&self) -> usize {
        self.store.len()
    }
    pub fn is_empty(&self) -> bool {
        self.store.is_empty()
    }

    /// Modelled bytes: (counters, store table, index array, side table).
    pub fn bytes_parts(&self) -> (u64, u64, u64, u64) {
        (
            self.counters.bytes(),
            hashbrown_bytes(buckets_of_capacity(self.store.capacity()), FP_ENTRY_BYTES),
            (self.indices.capacity() + self.free.capacity()) as u64 * 4,
            hashbrown_bytes(buckets_of_capacity(self.side.capacity()), 8),
        )
    }

    /// Everything about the filter's state.
    pub fn report(&self) -> ImpCbReport {
        let (counter_bytes, store_bytes, index_bytes, side_table_bytes) = self.bytes_parts();
        let total = counter_bytes + store_bytes + index_bytes + side_table_bytes;
        let distinct = self.store.len() as u64;
        ImpCbReport {
            m: self.counters.m,
            k: self.k,
            bits: self.counters.bits,
            method: self.method,
            resolve: self.resolve,
            distinct,
            references: self.store.values().map(|r| r.count as u64).sum(),
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

    /// The true count of counter `i`: its occurrences among the stored records' indices.
    #[cfg(test)]
    pub(super) fn true_count(&self, i: u32) -> u32 {
        self.indices.iter().filter(|&&x| x == i).count() as u32
    }
}

/// The state of an [`ImpCb`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ImpCbReport {
    pub m: u64,
    pub k: u32,
    pub bits: u32,
    pub method: IndexMethod,
    pub resolve: SaturatedDelete,
    /// Distinct fingerprints stored.
    pub distinct: u64,
    /// Sum of their reference counts.
    pub references: u64,
    pub stats: ImpCbStats,
    pub saturated_counters: u64,
    pub side_table_entries: u64,
    /// How many counters hold 0, 1, …, max.
    pub histogram: Vec<u64>,
    pub counter_bytes: u64,
    pub store_bytes: u64,
    pub index_bytes: u64,
    pub side_table_bytes: u64,
    /// All of the above.
    pub bytes: u64,
    pub bytes_per_url: f64,
    /// The counters alone per URL: what P5 keeps in memory in front of the store.
    pub counter_bytes_per_url: f64,
}
