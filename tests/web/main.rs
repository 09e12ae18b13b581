//! The WebAssembly boundary (`urlhashlab::adapters::wasm::Lab`) in a real browser.
//!
//! ```text
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --features beyond --test web
//! ```
//!
//! `.cargo/config.toml` makes `wasm-bindgen-test-runner` (from wasm-bindgen-cli, the version in
//! Cargo.lock) the wasm32 runner; `run_in_browser` runs every test in headless Chromium through
//! chromedriver. Each test builds a `Lab`, feeds it input the awkward way a page would (chunks
//! split inside a BOM, a CRLF, a UTF-8 character, a line), and checks what leaves the boundary:
//! report JSON, histograms (against the same functions computed natively in the test), measures,
//! sweep and P1 report JSON, and a `JsError` (a JS `Error` with a message) for every bad input.
//! A panic would trap the module and fail the test, so every test also checks that nothing here
//! panics. The wasm build has no Public Suffix List compiled in: the partition tests install a
//! small one (`Lab.setSuffixRules`), and one test checks the error a partition gives before.
//!
//! One module per view of the page ([`load`] for what every view starts from: the lines, the
//! budget, the corpus); [`helpers`] holds what they share. Natively the whole binary is empty.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod helpers;

#[cfg(feature = "beyond")]
mod beyond;
mod bloom;
mod cbf;
mod fingerprint;
mod load;
mod partition;
mod quiz;
mod slotmap;
mod slots;
mod sweep;
mod trie;
