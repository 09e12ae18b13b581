//! **Layer 5, the adapters**: the core met by the world outside it. They import every layer
//! below ([`crate::foundation`], [`crate::mechanisms`], [`crate::papers`], [`crate::engine`]);
//! nothing in the crate imports them. The `urlhash` command-line tool (src/bin/urlhash) is the
//! third adapter, a binary of its own over the same layers.
//!
//! | module | concept | paper |
//! |---|---|---|
//! | `wasm` | (wasm32, feature `lab`) the first WebAssembly module's adapter: one `Lab` handle over an [`engine::session::Session`](crate::engine::session::Session), batched calls | — |
//! | `beyond` | (wasm32, feature `beyond`) the second module's: one `Beyond` handle over the lines a `Lab` hands over, for the views beyond the papers | — |
//! | `boundary` | (wasm32) what the two share: coded errors, values as JS values, jobs run in slices | — |
//! | `native` | (native only) the papers' databases, files and threads: P4's SQLite table and MD5 directories, P3's spider threads | P3, P4 |

#[cfg(not(target_arch = "wasm32"))]
pub mod native;
#[cfg(target_arch = "wasm32")]
#[macro_use]
mod boundary;
#[cfg(all(target_arch = "wasm32", feature = "beyond"))]
pub mod beyond;
#[cfg(all(target_arch = "wasm32", feature = "lab"))]
pub mod wasm;
