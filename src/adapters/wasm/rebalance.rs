//! The adapter of the rebalancing view (beyond the papers: crawl nodes that join and leave):
//! one more method of [`Lab`]; every number comes from [`crate::mechanisms::partition`].
//!
//! The study of the loaded lines (`rebalance`, `{from, to, vnodes}`) runs as a job
//! ([`crate::engine::study`]); its report leaves the lookups untimed. `rebalanceTime(to,
//! vnodes)` times each scheme's lookup on the first loaded lines with the browser's clock, as
//! `urlhash rebalance` does with its own.

use super::{performance, to_js, Lab};
use crate::mechanisms::partition::{lookup_costs, LOOKUP_URLS};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// Each scheme's lookup among `to` crawl nodes (the ring with `vnodes` points a node),
    /// timed on the first loaded lines with a host: `[{id, ns_per_lookup}]`, in the order of
    /// the study's schemes.
    #[wasm_bindgen(js_name = rebalanceTime)]
    pub fn rebalance_time(&self, to: u32, vnodes: u32) -> Result<JsValue, JsError> {
        let lines = self.session.lines(0, LOOKUP_URLS)?;
        let urls: Vec<&[u8]> = lines.iter().map(|l| l.as_bytes()).collect();
        let performance = performance()?;
        to_js(&lookup_costs(&urls, to, vnodes, &mut || performance.now()))
    }
}
