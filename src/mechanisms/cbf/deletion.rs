//! The deletion experiment: insert, delete a share, and count false negatives and deleted keys
//! still found.

use super::filter::{CbfDelete, CountingBloom};
use super::stores::ImpCb;
use super::theory::{overflow_theory, OverflowTheory};
use crate::mechanisms::bloom::IndexMethod;
use serde::Serialize;

/// One structure's result in [`deletion_experiment`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DeletionRow {
    /// `cbf-decrement`, `cbf-sticky` or `imp-cb`.
    pub structure: &'static str,
    /// Kept (inserted, not deleted) keys that now read absent.
    pub false_negatives: u64,
    /// `false_negatives / kept`.
    pub false_negative_rate: f64,
    /// Deleted keys that still read present.
    pub deleted_still_present: u64,
    /// Increments attempted at a saturated counter while inserting.
    pub overflow_events: u64,
    /// Counters at `2^bits − 1` after every key was inserted.
    pub saturated_after_insert: u64,
    /// Counters at `2^bits − 1` after the deletions.
    pub saturated_after_delete: u64,
    /// Modelled bytes of the structure: the counters, and for IMP-CB its store as well.
    pub bytes: u64,
}

/// Insert N keys, delete some, count the kept keys that read absent.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DeletionReport {
    /// Keys inserted.
    pub n: u64,
    /// Keys deleted again (the first ones inserted).
    pub deleted: u64,
    /// Keys inserted and not deleted: `n − deleted`.
    pub kept: u64,
    /// Counters per structure.
    pub m: u64,
    /// Counters per key.
    pub k: u32,
    /// Bits per counter.
    pub bits: u32,
    /// How the k counter positions are derived.
    pub method: IndexMethod,
    /// The overflow theory for these n, k, m and bits, beside P5's printed bound.
    pub theory: OverflowTheory,
    /// One row per structure: `cbf-decrement`, `cbf-sticky`, `imp-cb`.
    pub rows: Vec<DeletionRow>,
}

/// Inserts every key of `keys` (distinct) into a plain counting filter under each delete rule
/// and into IMP-CB (all with m counters of `bits` bits, k indices by `method`), deletes the
/// first `delete` keys, and counts the remaining keys that read absent.
///
/// ```
/// use urlhashlab::mechanisms::bloom::IndexMethod;
/// use urlhashlab::mechanisms::cbf::deletion_experiment;
/// let keys: Vec<String> = (0..2000).map(|i| format!("http://a.cn/{i}")).collect();
/// // 2-bit counters, 2 counters per key, k = 4: heavy saturation.
/// let r = deletion_experiment(&keys, 1000, 4000, 4, 2, IndexMethod::Double).unwrap();
/// assert!(r.rows[0].false_negatives > 0); // cbf-decrement loses keys
/// assert_eq!(r.rows[1].false_negatives, 0); // cbf-sticky does not
/// assert_eq!(r.rows[2].false_negatives, 0); // nor does IMP-CB
/// ```
pub fn deletion_experiment<K: AsRef<[u8]>>(
    keys: &[K],
    delete: usize,
    m: u64,
    k: u32,
    bits: u32,
    method: IndexMethod,
) -> Result<DeletionReport, String> {
    if delete > keys.len() {
        return Err(format!("cannot delete {delete} of {} keys", keys.len()));
    }
    let (gone, kept) = keys.split_at(delete);
    let mut rows = Vec::with_capacity(3);
    for rule in CbfDelete::ALL {
        let mut f = CountingBloom::new(m, k, bits, method)?.with_delete_rule(rule);
        for key in keys {
            f.insert(key.as_ref());
        }
        let saturated_after_insert = f.counters.saturated();
        for key in gone {
            f.delete(key.as_ref());
        }
        rows.push(DeletionRow {
            structure: match rule {
                CbfDelete::Decrement => "cbf-decrement",
                CbfDelete::Sticky => "cbf-sticky",
            },
            false_negatives: kept.iter().filter(|key| !f.contains(key.as_ref())).count() as u64,
            false_negative_rate: 0.0,
            deleted_still_present: gone.iter().filter(|key| f.contains(key.as_ref())).count()
                as u64,
            overflow_events: f.overflow_events,
            saturated_after_insert,
            saturated_after_delete: f.counters.saturated(),
            bytes: f.bytes(),
        });
    }
    let mut imp = ImpCb::new(m, k, bits, method)?;
    for key in keys {
        imp.process(key.as_ref());
    }
    let saturated_after_insert = imp.counters.saturated();
    for key in gone {
        imp.delete(key.as_ref());
    }
    rows.push(DeletionRow {
        structure: "imp-cb",
        false_negatives: kept
            .iter()
            .filter(|key| !imp.contains(key.as_ref()))
            .count() as u64,
        false_negative_rate: 0.0,
        deleted_still_present: gone.iter().filter(|key| imp.contains(key.as_ref())).count() as u64,
        overflow_events: imp.stats.overflow_events,
        saturated_after_insert,
        saturated_after_delete: imp.counters.saturated(),
        bytes: imp.report().bytes,
    });
    for r in &mut rows {
        r.false_negative_rate = if kept.is_empty() {
            0.0
        } else {
            r.false_negatives as f64 / kept.len() as f64
        };
    }
    Ok(DeletionReport {
        n: keys.len() as u64,
        deleted: delete as u64,
        kept: kept.len() as u64,
        m,
        k,
        bits,
        method,
        theory: overflow_theory(keys.len() as u64, k, m, bits),
        rows,
    })
}
