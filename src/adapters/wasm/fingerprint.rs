//! The adapter of the fingerprint view (P3, 杨海东 et al. 2006): more methods of [`Lab`] and the
//! state they keep; every number comes from [`crate::mechanisms::fingerprint`].
//!
//! * **Needing no input** (static): `fpAvalanche(a, b)`, both MD5 digests of two texts, their
//!   128 bits each and where they differ; `fpPaper()`, P3's printed numbers, the birthday
//!   bound beside its 10^-24, and its two printed digests revealed; `fpBirthday(bits, maxN,
//!   points)`, the chance of any collision among n fingerprints of each width for n from 2 to
//!   `maxN`, for the chart.
//!
//! The studies of the loaded lines (`fp`, `fpSites`, `fpCombo`) run as jobs
//! ([`crate::engine::study`]).

use super::{to_js, to_js_flat, Lab};
use crate::mechanisms::fingerprint::{avalanche_report, birthday_curves, paper_report};
use wasm_bindgen::prelude::*;

// ----------------------------------------------------------------------------------------------
// The methods

#[wasm_bindgen]
impl Lab {
    /// Both MD5 digests of two texts (their UTF-8 bytes, exactly as given): `{input_a,
    /// input_b, digest_a, digest_b, xor, differing_bits, positions, bits_a, bits_b, bytes_a,
    /// bytes_b}`; bit 0 is the most significant bit of the first hex digit.
    #[wasm_bindgen(js_name = fpAvalanche)]
    pub fn fp_avalanche(a: &str, b: &str) -> Result<JsValue, JsError> {
        to_js_flat(&avalanche_report(a, b)?, "avalanche")
    }

    /// P3's printed numbers, the birthday bound beside its 10^-24 (P3's pages and links at 128
    /// and 64 bits), and its two printed digests checked against MD5 of every candidate, as
    /// JSON `{printed, birthday, reveals}` (as in `urlhash paper p3 --json`).
    #[wasm_bindgen(js_name = fpPaper)]
    pub fn fp_paper() -> Result<JsValue, JsError> {
        to_js(&paper_report())
    }

    /// The chance of any collision among n random fingerprints of each width of `bits` (1 to
    /// 128), at `points` values of n spread evenly on a log scale from 2 to `max_n`:
    /// `{claim, human_fingerprint, curves: [{bits, n_at_claim, n_at_human_fingerprint,
    /// n_at_half, points: [{n, p, log10_p}]}]}`.
    #[wasm_bindgen(js_name = fpBirthday)]
    pub fn fp_birthday(bits: Vec<u32>, max_n: f64, points: u32) -> Result<JsValue, JsError> {
        to_js(&birthday_curves(&bits, max_n, points)?)
    }
}
