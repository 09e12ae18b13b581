//! The filter studies' split of the loaded URLs into inserted and held-out keys, kept in the
//! session ([`Session::filter_keys`](super::Session::filter_keys)) for every filter study and
//! P5's quiz; the studies of [`crate::engine::study`] make it.

use crate::foundation::split;
use serde::Serialize;

/// How the filters' keys were taken from the input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeysInfo {
    /// `corpus` (URLs 0..N inserted, N..2N held out) or `distinct` (the distinct lines' halves).
    pub how: &'static str,
    /// The corpus seed (`corpus` only).
    pub seed: Option<u32>,
    /// Input lines read (`distinct`: until the cap; `corpus`: the 2N generated).
    pub lines: u64,
    /// Distinct keys (`distinct`: found, up to the cap; `corpus`: the 2N generated).
    pub distinct: u64,
    /// Keys inserted into the filters, N (`distinct`: the first half, rounded up).
    pub inserted: u64,
    /// Keys held out, queried for false positives and never inserted.
    pub held_out: u64,
    /// Whether the input had more than the studies use.
    pub capped: bool,
    /// Whether the lines the session keeps (not [`MAX_INSERTED`](crate::engine::study::MAX_INSERTED)) set the cap.
    pub by_budget: bool,
    /// [`MAX_INSERTED`](crate::engine::study::MAX_INSERTED).
    pub cap: u64,
}

/// The split keys: the inserted ones first, then the held-out ones.
pub struct FilterKeys {
    pub(crate) keys: split::Keys,
    pub(crate) inserted: usize,
    pub(crate) info: KeysInfo,
}

impl FilterKeys {
    /// How the keys were taken from the input.
    pub fn info(&self) -> &KeysInfo {
        &self.info
    }

    /// The inserted keys.
    pub fn inserted(&self) -> impl Iterator<Item = &[u8]> + Clone {
        self.keys.iter(0, self.inserted)
    }

    /// The held-out keys.
    pub fn held_out(&self) -> impl Iterator<Item = &[u8]> {
        self.keys.iter(self.inserted, self.keys.len())
    }

    /// The number of inserted keys, N.
    pub fn inserted_len(&self) -> usize {
        self.inserted
    }
}
