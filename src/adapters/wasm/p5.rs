//! The adapter of P5's Fig. 3 and misprints on the page: the rows `urlhash paper p5` prints
//! (`--disk` for the store on disk), on the keys the counting-filter job split.
//!
//! * `p5Fig3(medium, index, dupShare, seed)`: times one row of Fig. 3, [`p5::fig3_at`] at the
//!   `index`-th N of [`p5::fig3_sizes`], the fingerprint store alone (P5's Fig. 1) against
//!   IMP-CB (Fig. 2) on a stream with that share of duplicates; returns a [`Fig3Numbers`]. Medium
//!   0 keeps both stores in memory (the CLI's `memory` rows); medium 1 puts both in SQLite
//!   through the worker's `self.uhlP5Store(store, op, fp, indices)` (www/sqlite-stores.js,
//!   the table and statements of `src/native/p5_disk.rs`, on OPFS where the browser has it):
//!   the CLI's `disk` rows. The worker adds SQLite's page reads and file sizes.
//! * `p5Misprints(dupShare, seed)`: [`p5::misprints_of`], what the CLI prints under "P5's
//!   misprints, live".
//!
//! A row crosses as a named record (serde-wasm-bindgen), the numbers of the row the page shows.

use super::{core_error, performance, to_js, Lab};
use crate::engine::study::split_keys;
use crate::mechanisms::cbf::{DeleteOutcome, FingerprintDb, FingerprintStore, MemFingerprints};
use crate::papers::p5::{self, Fig3Row, P5Options};
use wasm_bindgen::prelude::*;

/// The operations of `uhlP5Store`: the [`FingerprintDb`] calls Fig. 3 makes.
const FIND_AND_COUNT: u32 = 0;
const INSERT_NEW: u32 = 1;
const COUNT: u32 = 2;

#[wasm_bindgen]
extern "C" {
    /// The worker's SQLite stores (www/sqlite-stores.js, set as `self.uhlP5Store` while a disk
    /// row is timed): store 0 is the store alone, 1 IMP-CB's; `op` one of the operations above
    /// on the 16 big-endian bytes of a fingerprint (and, to insert, its counter indices).
    #[wasm_bindgen(catch, js_name = uhlP5Store)]
    fn p5_store(store: u32, op: u32, fp: &[u8], indices: &[u32]) -> Result<f64, JsValue>;
}

/// One of the worker's SQLite stores ([`p5_store`]); a JS exception is a failed call, which
/// the worker words from what the store kept of it.
struct JsFingerprints {
    store: u32,
    distinct: u64,
    references: u64,
}

impl JsFingerprints {
    fn new(store: u32) -> JsFingerprints {
        JsFingerprints {
            store,
            distinct: 0,
            references: 0,
        }
    }

    fn call(&self, op: u32, fp: u128, indices: &[u32]) -> Result<f64, String> {
        p5_store(self.store, op, &fp.to_be_bytes(), indices)
            .map_err(|_| String::from("SQLite failed"))
    }
}

impl FingerprintDb for JsFingerprints {
    type Error = String;

    fn find_and_count(&mut self, fp: u128) -> Result<bool, String> {
        let found = self.call(FIND_AND_COUNT, fp, &[])? > 0.0;
        self.references += found as u64;
        Ok(found)
    }

    fn insert_new(&mut self, fp: u128, indices: &[u32]) -> Result<(), String> {
        self.call(INSERT_NEW, fp, indices)?;
        self.distinct += 1;
        self.references += 1;
        Ok(())
    }

    fn count(&self, fp: u128) -> Result<u32, String> {
        Ok(self.call(COUNT, fp, &[])? as u32)
    }

    /// Fig. 3 deletes nothing; the page's deletes run in the counting-filter job, in memory.
    fn release(&mut self, _: u128, _: &mut [u32]) -> Result<DeleteOutcome, String> {
        Err("the page's disk store serves Fig. 3, which deletes nothing".into())
    }

    fn scan_index(&self, _: u32) -> Result<(u32, u64), String> {
        Err("the page's disk store serves Fig. 3, which deletes nothing".into())
    }

    fn len(&self) -> u64 {
        self.distinct
    }

    fn references(&self) -> u64 {
        self.references
    }

    fn memory_bytes(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// Either store of a Fig. 3 row, so the row's loop is compiled once for both media: `S` in the
/// wasm's memory, or the worker's SQLite.
enum Either<S> {
    Memory(S),
    Sqlite(JsFingerprints),
}

impl<S: FingerprintDb<Error = std::convert::Infallible>> FingerprintDb for Either<S> {
    type Error = String;

    fn find_and_count(&mut self, fp: u128) -> Result<bool, String> {
        match self {
            Either::Memory(s) => Ok(s.find_and_count(fp).unwrap_or_else(|e| match e {})),
            Either::Sqlite(s) => s.find_and_count(fp),
        }
    }

    fn insert_new(&mut self, fp: u128, indices: &[u32]) -> Result<(), String> {
        match self {
            Either::Memory(s) => {
                s.insert_new(fp, indices).unwrap_or_else(|e| match e {});
                Ok(())
            }
            Either::Sqlite(s) => s.insert_new(fp, indices),
        }
    }

    fn count(&self, fp: u128) -> Result<u32, String> {
        match self {
            Either::Memory(s) => Ok(s.count(fp).unwrap_or_else(|e| match e {})),
            Either::Sqlite(s) => s.count(fp),
        }
    }

    fn release(&mut self, fp: u128, removed: &mut [u32]) -> Result<DeleteOutcome, String> {
        match self {
            Either::Memory(s) => Ok(s.release(fp, removed).unwrap_or_else(|e| match e {})),
            Either::Sqlite(s) => s.release(fp, removed),
        }
    }

    fn scan_index(&self, i: u32) -> Result<(u32, u64), String> {
        match self {
            Either::Memory(s) => Ok(s.scan_index(i).unwrap_or_else(|e| match e {})),
            Either::Sqlite(s) => s.scan_index(i),
        }
    }

    fn len(&self) -> u64 {
        match self {
            Either::Memory(s) => s.len(),
            Either::Sqlite(s) => s.len(),
        }
    }

    fn references(&self) -> u64 {
        match self {
            Either::Memory(s) => s.references(),
            Either::Sqlite(s) => s.references(),
        }
    }

    fn memory_bytes(&self) -> (u64, u64) {
        match self {
            Either::Memory(s) => s.memory_bytes(),
            Either::Sqlite(s) => s.memory_bytes(),
        }
    }
}

fn options(dup_share: f64, seed: f64) -> Result<P5Options, JsError> {
    if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_991.0)
    {
        return Err(coded!(
            "not-whole",
            ["seed", 0, seed],
            "seed must be a whole number >= 0, not {seed}"
        ));
    }
    Ok(P5Options {
        dup_share,
        seed: seed as u64,
    })
}

/// A row of `p5Fig3`, by name: the numbers of a [`Fig3Row`] the page shows (www/protocol.js's
/// `P5Fig3Row`), in the order it shows them, then its medium (`memory` or `disk`).
#[derive(serde::Serialize)]
pub struct Fig3Numbers {
    n: u64,
    distinct: u64,
    duplicates: u64,
    store_seconds: f64,
    imp_cb_seconds: f64,
    ratio: f64,
    store_us_per_url: f64,
    imp_cb_us_per_url: f64,
    store_found: u64,
    imp_cb_lookups: u64,
    lookups_avoided: u64,
    by_counters: u64,
    found: u64,
    not_found: u64,
    answered_by_counters: f64,
    store_bytes_per_url: f64,
    imp_cb_bytes_per_url: f64,
    medium: &'static str,
}

impl From<&Fig3Row> for Fig3Numbers {
    fn from(r: &Fig3Row) -> Fig3Numbers {
        Fig3Numbers {
            n: r.n,
            distinct: r.distinct,
            duplicates: r.duplicates,
            store_seconds: r.store_seconds,
            imp_cb_seconds: r.imp_cb_seconds,
            ratio: r.ratio,
            store_us_per_url: r.store_us_per_url,
            imp_cb_us_per_url: r.imp_cb_us_per_url,
            store_found: r.store_found,
            imp_cb_lookups: r.imp_cb_lookups,
            lookups_avoided: r.lookups_avoided,
            by_counters: r.by_counters,
            found: r.found,
            not_found: r.not_found,
            answered_by_counters: r.answered_by_counters,
            store_bytes_per_url: r.store_bytes_per_url,
            imp_cb_bytes_per_url: r.imp_cb_bytes_per_url,
            medium: r.medium,
        }
    }
}

#[wasm_bindgen]
impl Lab {
    /// One row of P5's Fig. 3 (see the module doc): `medium` 0 in memory, 1 on the worker's
    /// SQLite; `index` 0 to 3, the N of [`p5::fig3_sizes`] for the split's inserted keys.
    /// Answers a [`Fig3Numbers`].
    /// Needs a counting-filter job first (its split of the URLs).
    #[wasm_bindgen(js_name = p5Fig3)]
    pub fn p5_fig3(
        &self,
        medium: u32,
        index: u32,
        dup_share: f64,
        seed: f64,
    ) -> Result<JsValue, JsError> {
        let options = options(dup_share, seed)?;
        let keys = split_keys(&self.session)?;
        let inserted: Vec<&[u8]> = keys.inserted().collect();
        let sizes = p5::fig3_sizes(inserted.len() as u64);
        let n = *sizes
            .get(index as usize)
            .ok_or_else(|| core_error(format!("Fig. 3 has 4 rows, not row {index}")))?;
        let performance = performance()?;
        let mut now = || performance.now();
        let (medium, alone, imp) = if medium == 0 {
            (
                "memory",
                Either::Memory(FingerprintStore::new()),
                Either::Memory(MemFingerprints::default()),
            )
        } else {
            (
                "disk",
                Either::Sqlite(JsFingerprints::new(0)),
                Either::Sqlite(JsFingerprints::new(1)),
            )
        };
        let (row, _, _) = p5::fig3_at(medium, &inserted, n, &options, alone, imp, &mut now)
            .map_err(core_error)?;
        to_js(&Fig3Numbers::from(&row))
    }

    /// P5's misprints with this run's numbers ([`p5::misprints_of`]), on the split's inserted
    /// keys and Fig. 3's largest stream.
    #[wasm_bindgen(js_name = p5Misprints)]
    pub fn p5_misprints(&self, dup_share: f64, seed: f64) -> Result<JsValue, JsError> {
        let options = options(dup_share, seed)?;
        let keys = split_keys(&self.session)?;
        let inserted: Vec<&[u8]> = keys.inserted().collect();
        to_js(&p5::misprints_of(&inserted, &options).map_err(core_error)?)
    }
}
