//! The plain counting Bloom filter (Fan et al. 2000, as P5 builds it): k counters per key,
//! saturating or wrapping at 2^c − 1.

use super::counters::{fill_indices, Counters};
use crate::mechanisms::bloom::{check_shape, IndexMethod};
use serde::Serialize;

/// What a plain counting filter does when asked to decrement a saturated counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CbfDelete {
    /// Decrement it anyway (the naive filter): counts are lost, false negatives follow.
    Decrement,
    /// Leave it at its maximum for good (Fan et al.): no false negatives, the counter never
    /// clears.
    Sticky,
}

impl CbfDelete {
    /// Both rules, in the order the deletion experiment reports them.
    pub const ALL: [CbfDelete; 2] = [CbfDelete::Decrement, CbfDelete::Sticky];
    /// `decrement` or `sticky`.
    pub fn id(self) -> &'static str {
        match self {
            CbfDelete::Decrement => "decrement",
            CbfDelete::Sticky => "sticky",
        }
    }
    /// A rule by its [`CbfDelete::id`], or an error naming the known ones.
    pub fn parse(id: &str) -> Result<CbfDelete, String> {
        CbfDelete::ALL
            .into_iter()
            .find(|p| p.id() == id)
            .ok_or_else(|| {
                format!("unknown saturated-delete rule '{id}' (known: decrement, sticky)")
            })
    }
}

/// `positions` as 64-bit positions in `buf` (at most 64 of them: k is at most 64); how many.
fn widen(positions: &[u32], buf: &mut [u64; 64]) -> usize {
    let n = positions.len().min(buf.len());
    for (b, &g) in buf.iter_mut().zip(&positions[..n]) {
        *b = g as u64;
    }
    n
}

/// A counting Bloom filter: m packed counters, k positions per key.
#[derive(Clone, Debug)]
pub struct CountingBloom {
    pub(super) counters: Counters,
    k: u32,
    method: IndexMethod,
    on_saturated: CbfDelete,
    inserted: u64,
    deleted: u64,
    pub(super) overflow_events: u64,
    underflow_events: u64,
    stuck_decrements: u64,
}

impl CountingBloom {
    /// An empty filter of `m` counters of `bits` bits (1 to 32), `k` positions per key, that
    /// decrements saturated counters ([`CbfDelete::Decrement`]).
    pub fn new(m: u64, k: u32, bits: u32, method: IndexMethod) -> Result<CountingBloom, String> {
        check_shape(m, k)?;
        Ok(CountingBloom {
            counters: Counters::new(m, bits)?,
            k,
            method,
            on_saturated: CbfDelete::Decrement,
            inserted: 0,
            deleted: 0,
            overflow_events: 0,
            underflow_events: 0,
            stuck_decrements: 0,
        })
    }

    /// The same filter with another rule for saturated counters.
    pub fn with_delete_rule(mut self, rule: CbfDelete) -> CountingBloom {
        self.on_saturated = rule;
        self
    }

    /// Adds `key`: each of its k counters goes up by 1 unless saturated (an overflow event).
    pub fn insert(&mut self, key: &[u8]) {
        let mut buf = [0u64; 64];
        let n = fill_indices(self.method, key, self.k, self.counters.m, &mut buf);
        self.insert_positions(&buf[..n]);
    }

    /// [`CountingBloom::insert`] of a key given by its k positions ([`CountingBloom::indices`],
    /// worked out once for several filters of the same shape).
    pub fn insert_at(&mut self, positions: &[u32]) {
        let mut buf = [0u64; 64];
        let n = widen(positions, &mut buf);
        self.insert_positions(&buf[..n]);
    }

    fn insert_positions(&mut self, positions: &[u64]) {
        let max = self.counters.max;
        for &g in positions {
            let c = self.counters.get(g);
            if c < max {
                self.counters.set(g, c + 1);
            } else {
                self.overflow_events += 1;
            }
        }
        self.inserted += 1;
    }

    /// `true` when all k counters of `key` are non-zero.
    pub fn contains(&self, key: &[u8]) -> bool {
        self.method
            .for_each_index(key, self.k, self.counters.m, |g| self.counters.get(g) != 0)
    }

    /// [`CountingBloom::contains`] of a key given by its k positions.
    pub fn contains_at(&self, positions: &[u32]) -> bool {
        positions.iter().all(|&g| self.counters.get(g as u64) != 0)
    }

    /// Removes `key` if the filter reports it present (returns `false`, changing nothing,
    /// otherwise): each of its k counters goes down by 1, a saturated one according to the
    /// rule. Delete only keys that were inserted: deleting a false positive corrupts counts.
    pub fn delete(&mut self, key: &[u8]) -> bool {
        let mut buf = [0u64; 64];
        let n = fill_indices(self.method, key, self.k, self.counters.m, &mut buf);
        self.delete_positions(&buf[..n])
    }

    /// [`CountingBloom::delete`] of a key given by its k positions.
    pub fn delete_at(&mut self, positions: &[u32]) -> bool {
        let mut buf = [0u64; 64];
        let n = widen(positions, &mut buf);
        self.delete_positions(&buf[..n])
    }

    fn delete_positions(&mut self, positions: &[u64]) -> bool {
        if positions.iter().any(|&g| self.counters.get(g) == 0) {
            return false;
        }
        for &g in positions {
            let c = self.counters.get(g);
            if c == 0 {
                // The key hit this counter twice and it held 1.
                self.underflow_events += 1;
            } else if c == self.counters.max && self.on_saturated == CbfDelete::Sticky {
                self.stuck_decrements += 1;
            } else {
                self.counters.set(g, c - 1);
            }
        }
        self.deleted += 1;
        true
    }

    /// The k positions of `key`.
    pub fn indices(&self, key: &[u8]) -> Vec<u64> {
        self.method.indices(key, self.k, self.counters.m)
    }

    /// The packed counters.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }
    /// Counters per key.
    pub fn k(&self) -> u32 {
        self.k
    }
    /// How the k counter positions of a key are derived.
    pub fn method(&self) -> IndexMethod {
        self.method
    }
    /// What a decrement does at a saturated counter.
    pub fn delete_rule(&self) -> CbfDelete {
        self.on_saturated
    }
    /// Increments attempted at a saturated counter.
    pub fn overflow_events(&self) -> u64 {
        self.overflow_events
    }
    /// Decrements that found a counter at 0 (a key hitting one counter twice).
    pub fn underflow_events(&self) -> u64 {
        self.underflow_events
    }
    /// Decrements skipped at a saturated counter under [`CbfDelete::Sticky`].
    pub fn stuck_decrements(&self) -> u64 {
        self.stuck_decrements
    }
    /// The bytes of the packed counters (whole 64-bit words).
    pub fn bytes(&self) -> u64 {
        self.counters.bytes()
    }

    /// Everything about the filter's state.
    pub fn report(&self) -> CountingBloomReport {
        CountingBloomReport {
            m: self.counters.m,
            k: self.k,
            bits: self.counters.bits,
            method: self.method,
            delete_rule: self.on_saturated,
            inserted: self.inserted,
            deleted: self.deleted,
            overflow_events: self.overflow_events,
            underflow_events: self.underflow_events,
            stuck_decrements: self.stuck_decrements,
            saturated_counters: self.counters.saturated(),
            histogram: self.counters.histogram(),
            bytes: self.bytes(),
        }
    }
}

/// The state of a [`CountingBloom`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CountingBloomReport {
    /// The number of counters.
    pub m: u64,
    /// Counters per key.
    pub k: u32,
    /// Bits per counter.
    pub bits: u32,
    /// How the k counter positions are derived.
    pub method: IndexMethod,
    /// What a decrement does at a saturated counter.
    pub delete_rule: CbfDelete,
    /// Insert calls.
    pub inserted: u64,
    /// Delete calls that found the key present (and so decremented).
    pub deleted: u64,
    /// Increments attempted at a saturated counter.
    pub overflow_events: u64,
    /// Decrements that found a counter at 0 (a key hitting one counter twice).
    pub underflow_events: u64,
    /// Decrements skipped at a saturated counter under [`CbfDelete::Sticky`].
    pub stuck_decrements: u64,
    /// Counters at `2^bits − 1`.
    pub saturated_counters: u64,
    /// How many counters hold 0, 1, …, max.
    pub histogram: Vec<u64>,
    /// The bytes of the packed counters (whole 64-bit words).
    pub bytes: u64,
}
