//! The commands, one module each: its `#[derive(Args)]` struct, its `run` and its text.

pub(crate) mod bloom;
pub(crate) mod cbf;
pub(crate) mod dist;
pub(crate) mod fingerprint;
pub(crate) mod gen;
pub(crate) mod paper;
pub(crate) mod partition;
pub(crate) mod slotmap;
pub(crate) mod slots;
pub(crate) mod sweep;
pub(crate) mod trie;
