//! What the papers did with databases and files, native only: the lab's core is pure, and these
//! stores are the I/O the papers timed, for the CLI (not compiled for wasm32).
//!
//! * [`sqlite`]: P4's database (Table 1, 968 ms per dedup), a real SQLite table scanned as P4
//!   describes, and the same table with an index (SQLite compiled in by `rusqlite`).
//! * [`md5_dirs`]: P4's on-disk path per MD5, 32 nested directories, one per hex digit.
//!
//! Both implement [`crate::papers::p4::table1::DedupStore`], so [`crate::papers::p4::table1::time_dedup`]
//! times them exactly as it times the in-memory list and the generalized list.

pub mod md5_dirs;
pub mod sqlite;
