//! The `urlhash` command line, run as a user runs it: golden outputs for every command (re-bless
//! with `BLESS=1 cargo test --test integration cli`) and a clear message and exit code for every
//! bad input. One module per command, then the modules that go across commands (inputs, flags,
//! `--csv`, `--threads`, the WPT URL data); [`helpers`] holds what they share.

mod helpers;

mod bloom_cbf;
mod canon;
mod claims;
mod dist;
mod filters;
mod fingerprint;
mod gen;
mod paper_p1;
mod paper_p2;
mod paper_p3;
mod paper_p5;
mod partition;
mod quality;
mod rebalance;
mod slotmap;
mod slots;
mod sweep;
mod trie;

mod csv;
mod flags;
mod goldens;
mod inputs;
mod threads;
mod wpt;
