//! The MD5 work the bake-off's `md5-slices` filters share (P5's derivation, see
//! [`crate::mechanisms::bloom::IndexMethod::Md5Slices`]): every key's MD5 fingerprint and its k
//! positions among m, derived once per shape `(k, m)` and read by each filter of that shape,
//! where each would otherwise hash every key again for each pass over it (build, held-out
//! lookups, inserted lookups, deletes). At a target rate, Bloom's `md5-slices` row, the counting
//! filter and IMP-CB have one shape; by bits per key, the last two. The positions are the ones
//! [`IndexMethod::indices_of_md5`] gives, so the rows are those of each filter hashing its own
//! keys (the tests compare them); only the time differs.

use crate::foundation::hash::md5_digest;
use crate::mechanisms::bloom::IndexMethod;

/// The most memory a derivation may take (its fingerprints and positions): beyond it the filters
/// hash their keys themselves.
const MAX_BYTES: usize = 64 << 20;

/// Every key's fingerprint and positions for one shape: the inserted keys, then the held-out ones.
pub(super) struct Md5Derived {
    k: u32,
    m: u64,
    /// Which keys: how many, and where the first and the last one's bytes are.
    keys: (usize, usize, usize),
    fingerprints: Vec<u128>,
    positions: Vec<u32>,
}

impl Md5Derived {
    /// The derivation of `inserted` then `held_out` for k positions among m; `None` when a
    /// position would not fit in 32 bits or it would take more than [`MAX_BYTES`].
    fn new(k: u32, m: u64, inserted: &[&[u8]], held_out: &[&[u8]]) -> Option<Md5Derived> {
        let keys = inserted.len() + held_out.len();
        let bytes = keys.saturating_mul(16 + 4 * k as usize);
        if m > 1 << 32 || bytes > MAX_BYTES {
            return None;
        }
        let mut fingerprints = Vec::with_capacity(keys);
        let mut positions = Vec::with_capacity(keys * k as usize);
        for key in inserted.iter().chain(held_out) {
            let d = md5_digest(key);
            fingerprints.push(u128::from_be_bytes(d));
            IndexMethod::Md5Slices.for_each_index_of_md5(&d, k, m, |g| {
                positions.push(g as u32);
                true
            });
        }
        Some(Md5Derived {
            k,
            m,
            keys: which(inserted, held_out),
            fingerprints,
            positions,
        })
    }

    /// Key `i` (the inserted keys first, then the held-out ones): its fingerprint and positions.
    #[inline]
    pub(super) fn key(&self, i: usize) -> (u128, &[u32]) {
        let k = self.k as usize;
        (self.fingerprints[i], &self.positions[i * k..(i + 1) * k])
    }
}

/// Which keys a derivation is of: how many, and the addresses of the first and the last.
fn which(inserted: &[&[u8]], held_out: &[&[u8]]) -> (usize, usize, usize) {
    let mut all = inserted.iter().chain(held_out);
    let first = all.next().map_or(0, |k| k.as_ptr() as usize);
    let last = held_out
        .last()
        .or(inserted.last())
        .map_or(0, |k| k.as_ptr() as usize);
    (inserted.len() + held_out.len(), first, last)
}

/// What the bake-off keeps from one row to the next ([`super::measure_in`]): the last shape's
/// MD5 derivation.
pub struct Bench {
    md5: Option<Md5Derived>,
    /// Whether it derives at all (the tests compare a bench that does not).
    share: bool,
}

impl Default for Bench {
    fn default() -> Self {
        Bench::new()
    }
}

impl Bench {
    /// A bench that keeps nothing yet.
    pub fn new() -> Bench {
        Bench {
            md5: None,
            share: true,
        }
    }

    /// A bench that never derives: each filter hashes its keys itself.
    #[cfg(test)]
    pub(super) fn hashing_each() -> Bench {
        Bench {
            md5: None,
            share: false,
        }
    }

    /// The derivation for an `md5-slices` filter of k positions among m over these keys: the
    /// last one when it has that shape, else a new one (which replaces it). `None` for another
    /// method, or where [`Md5Derived::new`] declines.
    pub(super) fn md5(
        &mut self,
        method: Option<IndexMethod>,
        k: u32,
        m: u64,
        inserted: &[&[u8]],
        held_out: &[&[u8]],
    ) -> Option<&Md5Derived> {
        if !self.share || method != Some(IndexMethod::Md5Slices) {
            return None;
        }
        let keys = which(inserted, held_out);
        let fits = |d: &Md5Derived| d.k == k && d.m == m && d.keys == keys;
        if !self.md5.as_ref().is_some_and(fits) {
            self.md5 = Md5Derived::new(k, m, inserted, held_out);
        }
        self.md5.as_ref()
    }
}
