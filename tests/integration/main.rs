//! Every native integration test of the crate, in one test binary (one link instead of one
//! per file): `cargo test --test integration`, or a part of it by name, e.g.
//! `cargo test --test integration cli::partition` or `cargo test --test integration wpt`.
//!
//! - [`cli`]: the `urlhash` command line, one module per command, goldens in `tests/golden/`
//!   (re-blessed with `BLESS=1 cargo test --test integration cli`).
//! - [`differential_c`], [`differential_java`]: P1's C and P2's Java against the Rust
//!   reproductions, compiled at test time with the machine's `cc` and `javac`.
//! - [`suffix_rules`]: the suffix rules the page installs against the `psl` crate.
//! - [`same_numbers`]: the page's engine and the CLI on one million-line file.
//! - [`corpus_shape`]: the built-in corpus against the real URL lists.
//! - [`readme`]: the command-line examples of `README.md` and `docs/*.md`.
//! - [`docs`]: the documents' paths exist, the README is a page long, every command has its
//!   section in `docs/cli.md`.
//! - [`common`]: what the others share: the real URL lists of `../shared/data`, the oracles'
//!   input format, and [`common::skip_unless_ci`], through which every test that cannot run
//!   here (no `../shared/data`, no C compiler, no Java) says that it skipped, and fails under CI.
//!
//! The wasm32 tests of the page's boundary are another binary, `tests/web/` (`--test web`).

mod cli;
mod common;
mod corpus_shape;
mod differential_c;
mod differential_java;
mod docs;
mod readme;
mod same_numbers;
mod suffix_rules;
