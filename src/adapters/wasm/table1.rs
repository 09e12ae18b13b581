//! The adapter of P4's Table 1 replayed on the page: every row timed by the core's
//! [`table1::time_dedup`] (what `urlhash paper p4` runs) with the worker's `performance.now()`,
//! and its ratio to the generalized list by [`table1::with_ratios`].
//!
//! * `table1Time(method, limit, perPass)`: times one row more (`method` an index in
//!   [`METHODS`]); returns every row so far (each a [`Row`]). The URLs are those of `urlhash paper p4 --table1-urls LIMIT` on the same
//!   input: the distinct URLs the trie study read (the first ones of the input), the first
//!   `2 × limit` of them split in halves, the first (rounded up) stored and the second looked
//!   up beside them. (On the corpus the CLI generates the URLs past `--n` when fewer than
//!   `2 × limit` are asked for; the page looks up only loaded ones, so there the two agree from
//!   `2 × limit` loaded URLs on.) `linked-list` and `generalized-list` are the core's stores;
//!   for `database-scan` and `database-index`, the worker sets `self.uhlTable1Store(url,
//!   insert)`, a JS function of a URL's bytes (SQLite's own WebAssembly build,
//!   www/sqlite-stores.js), that the core's loop calls through [`JsStore`]. The worker reads
//!   SQLite's query plan and size itself.
//!
//! The rows cross as named records (serde-wasm-bindgen), the numbers the page shows of each.

use super::{performance, Lab};
use crate::papers::p4::table1::{self, DedupStore, GlStore, LinkedListStore};
use wasm_bindgen::prelude::*;

/// The stores of Table 1, in the order `urlhash paper p4` prints them: the rows of `table1Time`.
pub const METHODS: [&str; 4] = [
    "database-scan",
    "database-index",
    "linked-list",
    "generalized-list",
];

/// A row of `table1Time`, by name: the numbers of a [`table1::Table1Row`] the page shows
/// (www/protocol.js's `Table1Row`; `null` where a row has none).
#[derive(serde::Serialize)]
pub struct Row {
    method: &'static str,
    stored: u64,
    lookups: u64,
    found: u64,
    passes: u64,
    measured_ms: f64,
    vs_list: Option<f64>,
    insert_ms: f64,
    printed_ms: Option<f64>,
}

impl From<&table1::Table1Row> for Row {
    fn from(r: &table1::Table1Row) -> Row {
        Row {
            method: r.method,
            stored: r.stored,
            lookups: r.lookups,
            found: r.found,
            passes: r.passes,
            measured_ms: r.measured_ms,
            vs_list: r.vs_list,
            insert_ms: r.insert_ms,
            printed_ms: r.printed_ms,
        }
    }
}

#[wasm_bindgen]
extern "C" {
    /// The worker's database store (www/sqlite-stores.js, set as `self.uhlTable1Store` while a
    /// database row is timed): stores `url` when `insert`, else answers whether it is stored.
    #[wasm_bindgen(catch, js_name = uhlTable1Store)]
    fn table1_store(url: &[u8], insert: bool) -> Result<bool, JsValue>;
}

/// The database store of the worker ([`table1_store`]); a JS exception is a failed call, which
/// the worker words from what the store kept of it.
struct JsStore {
    method: &'static str,
}

impl JsStore {
    fn call(&self, url: &[u8], insert: bool) -> Result<bool, String> {
        table1_store(url, insert).map_err(|_| String::from("SQLite failed"))
    }
}

impl DedupStore for JsStore {
    fn method(&self) -> &'static str {
        self.method
    }
    fn insert(&mut self, url: &[u8]) -> Result<(), String> {
        self.call(url, true).map(|_| ())
    }
    fn contains(&mut self, url: &[u8]) -> Result<bool, String> {
        self.call(url, false)
    }
    fn settle(&mut self) -> Result<(), String> {
        // A lookup writes the rows inserted before it (in one transaction, as the native store
        // does in its `settle`); the empty URL is never stored, as no URL line is empty.
        self.call(b"", false).map(|_| ())
    }
}

#[wasm_bindgen]
impl Lab {
    /// Times the row of store `method` (its index in [`METHODS`], 3 or more the generalized
    /// list; a database through the worker's store, see the module doc) on Table 1's URLs
    /// (`limit` at most stored, `per_pass` lookups a pass); returns every row of this run so far
    /// in the order they were timed, a [`Row`] each, with each one's time over the
    /// generalized list's (none before a trie study, whose distinct URLs these are). Timing a
    /// store again begins a new run.
    #[wasm_bindgen(js_name = table1Time)]
    pub fn table1_time(
        &mut self,
        method: u32,
        limit: u32,
        per_pass: u32,
    ) -> Result<JsValue, JsError> {
        // No trie study yet: no URLs, no row.
        let Some(urls) = self.session.trie_urls() else {
            return super::to_js(&Vec::<Row>::new());
        };
        // The CLI's split: the first 2 × limit distinct URLs, the first half (rounded up) stored.
        let all = urls.len().min(2 * limit as usize);
        let urls = urls.slices(0..all);
        let (stored, absent) = urls.split_at(all.div_ceil(2));
        let look = table1::lookups(stored, absent, per_pass as usize);
        let mut s: Box<dyn DedupStore> = match method {
            0..=1 => Box::new(JsStore {
                method: METHODS[method as usize],
            }),
            2 => Box::new(LinkedListStore::default()),
            _ => Box::new(GlStore::default()),
        };
        let performance = performance()?;
        let row = table1::time_dedup(s.as_mut(), stored, &look, &mut || performance.now())
            .map_err(super::core_error)?;
        // Timing a store again begins a new run: the rows of the last one are forgotten.
        let rows = &mut self.table1;
        if rows.iter().any(|r| r.method == row.method) {
            rows.clear();
        }
        rows.push(row);
        *rows = table1::with_ratios(std::mem::take(rows));
        super::to_js(&rows.iter().map(Row::from).collect::<Vec<_>>())
    }
}
