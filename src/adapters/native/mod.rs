//! What the papers did with databases and files, native only: the lab's core is pure, and these
//! stores are the I/O the papers timed, for the CLI (not compiled for wasm32).
//!
//! * [`sqlite`]: P4's database (Table 1, 968 ms per dedup), a real SQLite table scanned as P4
//!   describes, and the same table with an index (SQLite compiled in by `rusqlite`).
//! * [`md5_dirs`]: P4's on-disk path per MD5, 32 nested directories, one per hex digit.
//! * [`threads`]: P3's multi-threaded spider, threads sharing one fingerprint store under a
//!   global lock, P3's partial locks, or shards.
//! * [`p5_disk`]: P5's fingerprint store on disk, a SQLite table behind IMP-CB's counters, for
//!   Fig. 3 where P5 claims IMP-CB wins.
//!
//! The two stores of P4's Table 1 implement [`crate::papers::p4::table1::DedupStore`], so [`crate::papers::p4::table1::time_dedup`]
//! times them exactly as it times the in-memory list and the generalized list.

pub mod md5_dirs;
pub mod p5_disk;
pub mod sqlite;
pub mod threads;

use crate::papers::p4::table1::{self, DedupStore, GlStore, LinkedListStore, Table1Report};

/// The stores of P4's Table 1 in the order it prints them, the indexed database after the
/// scanned one.
pub fn table1_stores() -> Result<Vec<Box<dyn DedupStore>>, String> {
    Ok(vec![
        Box::new(sqlite::SqliteStore::new(false)?),
        Box::new(sqlite::SqliteStore::new(true)?),
        Box::new(LinkedListStore::default()),
        Box::new(GlStore::default()),
    ])
}

/// P4's Table 1 replayed natively on `stored` and `absent` URLs, with SQLite's query plans;
/// then the MD5 directories of the first `dirs` stored URLs (each costs up to 32 directories,
/// a block of disk each on most file systems, so they get fewer URLs; 0 leaves them out).
pub fn table1(
    stored: &[&[u8]],
    absent: &[&[u8]],
    per_pass: usize,
    dirs: usize,
    now: &mut dyn FnMut() -> f64,
) -> Result<Table1Report, String> {
    let stores = table1_stores()?;
    // The query plans of the two databases that are about to be timed.
    let plans = stores
        .iter()
        .filter_map(|s| Some(s.plan()?.map(|plan| (s.method().to_string(), plan))))
        .collect::<Result<Vec<_>, String>>()?;
    let mut report = table1::replay(stores, stored, absent, per_pass, now)?;
    report.plans = plans;
    if dirs > 0 {
        let some = &stored[..dirs.min(stored.len())];
        let look = table1::lookups(some, absent, per_pass);
        let row = table1::time_dedup(&mut md5_dirs::Md5Dirs::new()?, some, &look, now)?;
        report.rows.push(row);
        report.rows = table1::with_ratios(std::mem::take(&mut report.rows));
    }
    Ok(report)
}

/// P4's Table 1 stores (databases, linked list, generalized list) timed at 10^4, 10^5 and 10^6
/// URLs stored, as many as `stored` allows ([`table1::scale`]).
pub fn table1_scale(
    stored: &[&[u8]],
    absent: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> Result<table1::Table1Scale, String> {
    table1::scale(&mut table1_stores, stored, absent, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::corpus::Corpus;

    #[test]
    fn table1_on_the_corpus_every_store_finds_the_stored_half() {
        let corpus = Corpus::new(2004);
        let mut urls = corpus.iter(0, 1_000);
        let mut all = Vec::new();
        while let Some(u) = urls.next_url() {
            all.push(u.to_vec());
        }
        let all: Vec<&[u8]> = all.iter().map(|u| &u[..]).collect();
        let (stored, absent) = all.split_at(500);
        let start = std::time::Instant::now();
        let r = table1(stored, absent, 200, 300, &mut || {
            start.elapsed().as_secs_f64() * 1e3
        })
        .unwrap();
        let ids: Vec<&str> = r.rows.iter().map(|r| r.method).collect();
        assert_eq!(
            ids,
            [
                "database-scan",
                "database-index",
                "linked-list",
                "generalized-list",
                "md5-dirs"
            ]
        );
        for row in &r.rows {
            // Half the lookups are stored URLs, and every store finds exactly those (the corpus
            // has no URL that is a prefix of another, so the printed list is exact here).
            assert_eq!(row.found * 2, row.lookups, "{row:?}");
        }
        // The times are a benchmark's to compare; the plans say why they differ.
        assert!(
            r.plans[0].1.starts_with("SCAN") && r.plans[1].1.starts_with("SEARCH"),
            "{:?}",
            r.plans
        );
        assert_eq!(r.rows[4].stored, 300);
        assert!(r.rows[4].cost.as_ref().unwrap().entries > 300 * 20);
    }
}
