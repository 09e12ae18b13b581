//! The adapter of the de-duplication views: P4's generalized-list trie, P4's and P5's Bloom
//! filters, P5's counting filter and IMP-CB. More methods of [`Lab`] and the state they keep;
//! every number comes from [`crate::mechanisms::trie`], [`crate::mechanisms::bloom`] and [`crate::mechanisms::cbf`].
//!
//! * **Trie.** `trieTrace(inserts, lookups, fixed)` (static): the steps of inserting a few
//!   URLs and looking some up, and the nodes to draw. `trieBegin(maxLines, step)`,
//!   `trieRun(lines)` until it returns 1, `trieFinish()`: `urlhash trie` on the first
//!   `maxLines` loaded lines, in slices. Then `trieTime(id, count)` for each structure: built
//!   and looked up, timed by the core's [`time_structure`] with the browser's clock.
//! * **Filters.** The Bloom and counting-filter studies are jobs of the registry
//!   ([`crate::engine::study`], `bloom` and `cbf`); they split the keys into the session, on which
//!   `bloomMemory(ratios)` and `bloomDemo(count, m, k, method, query)` then work.
//!   `bloomTheory(k, n, maxRatio)` is static.

use super::{to_js, Lab};
use crate::engine::session::keys::FilterKeys;
use crate::foundation::split::Keys;
use crate::mechanisms::bloom::{self, check_ratio, memory_comparison, IndexMethod};
use crate::mechanisms::trie::{time_lookups, time_structure, Structure};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn js(e: String) -> JsError {
    super::core_error(e)
}

// ----------------------------------------------------------------------------------------------
// The methods

#[wasm_bindgen]
impl Lab {
    /// The structures of the trie view: `[{id, name, name_zh, paper, paper_zh, exact, static}]`.
    pub fn structures() -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Info {
            id: &'static str,
            name: &'static str,
            name_zh: &'static str,
            paper: &'static str,
            paper_zh: &'static str,
            exact: bool,
            #[serde(rename = "static")]
            fixed: bool,
        }
        let list: Vec<Info> = Structure::ALL
            .iter()
            .map(|s| Info {
                id: s.id(),
                name: s.name(),
                name_zh: s.name_zh(),
                paper: s.paper(),
                paper_zh: s.paper_zh(),
                exact: s.is_exact(),
                fixed: s.is_static(),
            })
            .collect();
        to_js(&list)
    }

    /// The ways of deriving a Bloom filter's k positions:
    /// `[{id, name_en, name_zh, source, summary, source_zh, summary_zh}]`.
    #[wasm_bindgen(js_name = indexMethods)]
    pub fn index_methods() -> Result<JsValue, JsError> {
        let list: Vec<_> = IndexMethod::ALL.iter().map(|m| m.info()).collect();
        to_js(&list)
    }

    /// P4's list built from `inserts` (one URL per line, blank lines skipped), then `lookups`
    /// looked up, as printed or with end marks (`fixed`) `{fixed, ops: [{kind, url,
    /// steps, verdict}], nodes, stats}`: every step of every operation, and the final nodes
    /// (ids in creation order) for drawing.
    #[wasm_bindgen(js_name = trieTrace)]
    pub fn trie_trace(inserts: &str, lookups: &str, fixed: bool) -> Result<JsValue, JsError> {
        to_js(&crate::mechanisms::trie::trace(inserts, lookups, fixed)?)
    }

    /// P4's Table 1 setting: the stored URLs its dedups were timed with (16 000), the count
    /// `trieTime` is asked for with `lookups_only`.
    #[wasm_bindgen(js_name = p4TimeUrls)]
    pub fn p4_time_urls() -> f64 {
        crate::papers::p4::P4_TIME_URLS as f64
    }

    /// The distinct URLs a trie study of the first `maxLines` loaded lines is timed on, before
    /// the study (the core's `trie_urls`), as one buffer (the core's `Keys::to_bytes`) for
    /// another worker's `setTrieUrls`.
    #[wasm_bindgen(js_name = trieUrls)]
    pub fn trie_urls(&self, max_lines: f64) -> Result<Vec<u8>, JsError> {
        Ok(crate::engine::study::trie_urls(&self.session, max_lines)?.to_bytes())
    }

    /// Takes the distinct URLs another worker's `trieUrls` gave as the last trie study's, so
    /// that `trieTime` times the structures on them in this worker; returns how many there are.
    #[wasm_bindgen(js_name = setTrieUrls)]
    pub fn set_trie_urls(&mut self, bytes: &[u8]) -> Result<u32, JsError> {
        let urls = Keys::from_bytes(bytes).ok_or_else(|| {
            coded!(
                "bad-trie-urls",
                [bytes.len()],
                "these {} bytes are not a list of URLs from trieUrls",
                bytes.len()
            )
        })?;
        let n = urls.len() as u32;
        self.session.set_trie_urls(urls);
        Ok(n)
    }

    /// Builds `structure` from the first `count` distinct URLs of the last trie study (all when
    /// `count` is larger), then looks each up, timed with the browser's `performance.now()` by
    /// the core's [`time_structure`] (what `urlhash trie` runs with its own clock):
    /// `{structure, urls, stored, found, insert_us_per_url, lookup_us_per_url, build_repeats,
    /// lookup_repeats}`. `lookups_only` (P4's Table 1 setting): the build untimed, by
    /// [`time_lookups`]: `{structure, urls, found, lookup_us_per_url, lookup_repeats}`.
    #[wasm_bindgen(js_name = trieTime)]
    pub fn trie_time(
        &self,
        structure: &str,
        count: u32,
        lookups_only: bool,
    ) -> Result<JsValue, JsError> {
        let s = Structure::from_id(structure.trim()).ok_or_else(|| {
            coded!(
                "unknown-structure",
                [structure, Structure::known_ids()],
                "unknown structure '{structure}'; known: {}",
                Structure::known_ids()
            )
        })?;
        if count == 0 {
            return Err(coded!(
                "structure-empty",
                [],
                "build the structure from at least 1 URL"
            ));
        }
        let urls = self.session.trie_urls().ok_or_else(|| {
            super::sequence("trie-first", "finish a trie study first (a trie job)")
        })?;
        let count = (count as usize).min(urls.len());
        let urls: Vec<&[u8]> = urls.iter(0, count).collect();
        let performance = super::performance()?;
        let mut now = || performance.now();
        if lookups_only {
            to_js(&time_lookups(s, &urls, &mut now))
        } else {
            to_js(&time_structure(s, &urls, &mut now))
        }
    }

    /// The false-positive theory for `k` positions and `n` inserted keys: the exact and
    /// approximate rates (and the rate at the optimal k) for m/N from `max_ratio / 256` to
    /// `max_ratio` in 256 steps, and the papers' points with the exact rate at this n.
    #[wasm_bindgen(js_name = bloomTheory)]
    pub fn bloom_theory(k: f64, n: f64, max_ratio: f64) -> Result<JsValue, JsError> {
        to_js(&bloom::theory(k, n, max_ratio)?)
    }

    /// P4's memory claim on the split keys: a Bloom filter at each m/N of `ratios` beside hash
    /// sets of the inserted URLs (`urlhash bloom`'s `memory`).
    #[wasm_bindgen(js_name = bloomMemory)]
    pub fn bloom_memory(&self, ratios: Vec<f64>) -> Result<JsValue, JsError> {
        let keys = self.keys()?;
        let rows = ratios
            .iter()
            .map(|&r| {
                check_ratio(r)?;
                memory_comparison(keys.inserted().map(<[u8]>::len), r).map_err(js)
            })
            .collect::<Result<Vec<_>, JsError>>()?;
        to_js(&rows)
    }

    /// A small filter of `m` bits (at most 65 536) holding the first `count` inserted keys,
    /// with `k` positions by `method`, and the positions of `query` (none when blank), as
    /// JSON: the keys' positions, the bits set, and whether the query reads present.
    #[wasm_bindgen(js_name = bloomDemo)]
    pub fn bloom_demo(
        &self,
        count: u32,
        m: f64,
        k: u32,
        method: &str,
        query: &str,
    ) -> Result<JsValue, JsError> {
        let keys = self.keys()?;
        to_js(&bloom::demo(keys.inserted(), count, m, k, method, query)?)
    }
}

impl Lab {
    /// The filter studies' split, once one of them made it.
    fn keys(&self) -> Result<&FilterKeys, JsError> {
        Ok(crate::engine::study::split_keys(&self.session)?)
    }
}
