//! P5's fingerprint store on disk, where P5's Fig. 3 puts it: the store outgrows the server's
//! memory, so that its lookups "会频繁地进行 I/O 操作" (go to I/O often; §2.2, §2.3), and
//! IMP-CB's counters in memory spare the lookups of new URLs.
//!
//! [`SqliteFingerprints`] is the store (指纹库) as one SQLite table in a file in a temporary
//! directory (opened with [`super::sqlite`]'s helpers):
//! `fingerprints(fp BLOB PRIMARY KEY, count INTEGER, indices BLOB) WITHOUT ROWID`, the MD5 as 16
//! big-endian bytes, its reference count, and for IMP-CB its k counter indices (P5: "将 …
//! MD5-value，引用次数 Count = 1 以及 hash1 … hashk 添加到 MD5 指纹库中"; Fig. 1's store keeps
//! none). It implements [`FingerprintDb`], so the core's [`ImpCb`] and
//! [`fig1_process`](crate::mechanisms::cbf::fig1_process) run over it unchanged:
//!
//! * a lookup is `UPDATE fingerprints SET count = count + 1 WHERE fp = ?` (found → Count + 1 in
//!   one statement; 0 rows changed is "not found"), a new fingerprint an `INSERT`;
//! * Fig. 1 (the store alone) makes the lookup for every URL and an `INSERT` after each miss;
//!   IMP-CB makes the lookup only when all k counters are non-zero, and the `INSERT` for every
//!   new URL.
//!
//! SQLite keeps its default page cache (2 000 KiB) and its default rollback journal; the writes
//! go in transactions of [`COMMIT_EVERY`] statements, not flushed to the device
//! (`synchronous = OFF`: the experiment is P5's lookups, and a flush per commit would time the
//! disk's write cache instead). Its "disk reads" here are the pages SQLite
//! read from the file because its cache missed them (`SQLITE_DBSTATUS_CACHE_MISS`): the file
//! itself may sit in the operating system's cache, so a read is a system call and a 4 KiB copy,
//! not always a seek. Past about 30 000 fingerprints the table outgrows SQLite's cache.
//!
//! A B-tree insert reads the leaf the fingerprint belongs in, the same page the lookup read: in
//! the store alone the `INSERT` after a missed lookup finds that page in the cache, so IMP-CB
//! spares statements (and their time) more than page reads. And P5's records carry k = 8
//! indices (32 bytes) beside the 16-byte fingerprint, so IMP-CB's table is about twice the
//! store alone's, and more of it misses the cache. [`fig3_disk`] times IMP-CB over both: P5's
//! records (`disk`) and records without indices (`disk-no-indices`, the store alone's rows; the
//! indices are a function of the fingerprint and can be derived again when a delete needs them).

use std::cell::Cell;

use rusqlite::{Connection, OptionalExtension};

use super::sqlite::{err, open_temp};
use crate::mechanisms::bloom::IndexMethod;
use crate::mechanisms::cbf::{DeleteOutcome, FingerprintDb, ImpCb};
use crate::papers::p5::{self, Fig3Row, P5Options};

/// Writes (inserts, count updates, deletes) per transaction.
pub const COMMIT_EVERY: u64 = 50_000;

/// P5's fingerprint store as a SQLite table in a temporary file.
pub struct SqliteFingerprints {
    conn: Connection,
    dir: tempfile::TempDir,
    /// Whether records keep the counter indices they are given (P5's IMP-CB records do).
    keep_indices: bool,
    distinct: u64,
    references: u64,
    /// Writes since the transaction began.
    writes: u64,
    /// Rows `scan_index` read.
    scanned: Cell<u64>,
}

/// The file's name in its temporary directory.
const FILE: &str = "fingerprints.sqlite";

fn key(fp: u128) -> [u8; 16] {
    fp.to_be_bytes()
}

fn indices_blob(indices: &[u32]) -> Option<Vec<u8>> {
    (!indices.is_empty()).then(|| indices.iter().flat_map(|i| i.to_le_bytes()).collect())
}

fn blob_indices(blob: &[u8]) -> impl Iterator<Item = u32> + '_ {
    blob.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
}

impl SqliteFingerprints {
    /// An empty store in a new database file in a temporary directory, inside a transaction;
    /// its records keep the counter indices they are given, as P5's IMP-CB records do.
    pub fn new() -> Result<SqliteFingerprints, String> {
        SqliteFingerprints::open(true)
    }

    /// The same store whose records keep no counter indices (rows as small as Fig. 1's store's),
    /// to time IMP-CB's lookups apart from the size of P5's records. A record removed from it
    /// cannot give its indices back, so IMP-CB's deletes over it fail with a message.
    pub fn without_indices() -> Result<SqliteFingerprints, String> {
        SqliteFingerprints::open(false)
    }

    fn open(keep_indices: bool) -> Result<SqliteFingerprints, String> {
        let (dir, conn) = open_temp(FILE)?;
        conn.execute_batch(
            "PRAGMA synchronous = OFF;
             CREATE TABLE fingerprints (
                 fp BLOB PRIMARY KEY NOT NULL,
                 count INTEGER NOT NULL,
                 indices BLOB
             ) WITHOUT ROWID;
             BEGIN;",
        )
        .map_err(err)?;
        Ok(SqliteFingerprints {
            conn,
            dir,
            keep_indices,
            distinct: 0,
            references: 0,
            writes: 0,
            scanned: Cell::new(0),
        })
    }

    /// Counts a write; every [`COMMIT_EVERY`] writes commits and begins the next transaction.
    fn wrote(&mut self) -> Result<(), String> {
        self.writes += 1;
        if self.writes >= COMMIT_EVERY {
            self.conn.execute_batch("COMMIT; BEGIN;").map_err(err)?;
            self.writes = 0;
        }
        Ok(())
    }

    /// Pages SQLite read from the file since it was opened: its page cache's misses.
    pub fn page_reads(&self) -> u64 {
        let (mut current, mut highest) = (0, 0);
        // SAFETY: the handle is this open connection's, used on this thread only while
        // `self.conn` lives; sqlite3_db_status only reads the connection's counters into the two
        // integers it is given.
        let rc = unsafe {
            rusqlite::ffi::sqlite3_db_status(
                self.conn.handle(),
                rusqlite::ffi::SQLITE_DBSTATUS_CACHE_MISS,
                &mut current,
                &mut highest,
                0,
            )
        };
        if rc == rusqlite::ffi::SQLITE_OK {
            current as u64
        } else {
            0
        }
    }

    /// Commits what is pending and says how many bytes the database file takes.
    pub fn file_bytes(&mut self) -> Result<u64, String> {
        self.conn.execute_batch("COMMIT; BEGIN;").map_err(err)?;
        self.writes = 0;
        std::fs::metadata(self.dir.path().join(FILE))
            .map(|m| m.len())
            .map_err(err)
    }

    /// Rows in the table and the sum of their counts, by a direct SQL count (for tests).
    pub fn sql_counts(&self) -> Result<(u64, u64), String> {
        self.conn
            .query_row(
                "SELECT count(*), coalesce(sum(count), 0) FROM fingerprints",
                [],
                |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
            )
            .map_err(err)
    }
}

impl FingerprintDb for SqliteFingerprints {
    type Error = String;

    fn find_and_count(&mut self, fp: u128) -> Result<bool, String> {
        let changed = self
            .conn
            .prepare_cached("UPDATE fingerprints SET count = count + 1 WHERE fp = ?1")
            .map_err(err)?
            .execute([&key(fp)[..]])
            .map_err(err)?;
        if changed == 0 {
            return Ok(false);
        }
        self.references += 1;
        self.wrote()?;
        Ok(true)
    }

    fn insert_new(&mut self, fp: u128, indices: &[u32]) -> Result<(), String> {
        self.conn
            .prepare_cached("INSERT INTO fingerprints (fp, count, indices) VALUES (?1, 1, ?2)")
            .map_err(err)?
            .execute(rusqlite::params![
                &key(fp)[..],
                indices_blob(if self.keep_indices { indices } else { &[] })
            ])
            .map_err(err)?;
        self.distinct += 1;
        self.references += 1;
        self.wrote()
    }

    fn count(&self, fp: u128) -> Result<u32, String> {
        let n: Option<i64> = self
            .conn
            .prepare_cached("SELECT count FROM fingerprints WHERE fp = ?1")
            .map_err(err)?
            .query_row([&key(fp)[..]], |r| r.get(0))
            .optional()
            .map_err(err)?;
        Ok(n.unwrap_or(0) as u32)
    }

    fn release(&mut self, fp: u128, removed: &mut [u32]) -> Result<DeleteOutcome, String> {
        let k = key(fp);
        let row: Option<(i64, Option<Vec<u8>>)> = self
            .conn
            .prepare_cached("SELECT count, indices FROM fingerprints WHERE fp = ?1")
            .map_err(err)?
            .query_row([&k[..]], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()
            .map_err(err)?;
        let Some((count, indices)) = row else {
            return Ok(DeleteOutcome::Absent);
        };
        self.references -= 1;
        if count > 1 {
            self.conn
                .prepare_cached("UPDATE fingerprints SET count = count - 1 WHERE fp = ?1")
                .map_err(err)?
                .execute([&k[..]])
                .map_err(err)?;
            self.wrote()?;
            return Ok(DeleteOutcome::Decremented);
        }
        self.conn
            .prepare_cached("DELETE FROM fingerprints WHERE fp = ?1")
            .map_err(err)?
            .execute([&k[..]])
            .map_err(err)?;
        self.distinct -= 1;
        if indices.is_none() && !removed.is_empty() {
            return Err("this fingerprint store keeps no counter indices: it cannot give a removed record's back for a delete".into());
        }
        for (slot, i) in removed
            .iter_mut()
            .zip(blob_indices(indices.as_deref().unwrap_or(&[])))
        {
            *slot = i;
        }
        self.wrote()?;
        Ok(DeleteOutcome::Removed)
    }

    fn scan_index(&self, i: u32) -> Result<(u32, u64), String> {
        let mut q = self
            .conn
            .prepare_cached("SELECT indices FROM fingerprints")
            .map_err(err)?;
        let mut rows = q.query([]).map_err(err)?;
        let (mut hits, mut read) = (0u32, 0u64);
        while let Some(row) = rows.next().map_err(err)? {
            let blob: Option<Vec<u8>> = row.get(0).map_err(err)?;
            for x in blob_indices(blob.as_deref().unwrap_or(&[])) {
                read += 1;
                hits += (x == i) as u32;
            }
        }
        self.scanned.set(self.scanned.get() + read);
        Ok((hits, read))
    }

    fn len(&self) -> u64 {
        self.distinct
    }

    fn references(&self) -> u64 {
        self.references
    }

    fn memory_bytes(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// P5's Fig. 3 with the store on disk: for each N of `sizes`, a stream of N pages over
/// `distinct` made as `options` says ([`p5::stream_with_duplicates`], the streams of the
/// in-memory rows), through the store alone (Fig. 1) and through IMP-CB (P5's k = 8, m/N = 20,
/// 4-bit counters in memory, indices by [`IndexMethod::Md5Slices`]), each over a new
/// [`SqliteFingerprints`] file; timed by `now` (milliseconds).
pub fn fig3_disk(
    distinct: &[&[u8]],
    sizes: &[u64],
    options: &P5Options,
    now: &mut dyn FnMut() -> f64,
) -> Result<Vec<Fig3Row>, String> {
    let mut rows = Vec::with_capacity(2 * sizes.len());
    for &n in sizes {
        let stream = p5::stream_with_duplicates(n, options.dup_share, options.seed)?;
        for (medium, store) in [
            ("disk", SqliteFingerprints::new as fn() -> _),
            ("disk-no-indices", SqliteFingerprints::without_indices),
        ] {
            let mut alone = SqliteFingerprints::new()?;
            let mut imp = ImpCb::p5_over(store()?, n, IndexMethod::Md5Slices)?;
            let mut row = p5::fig3_row(medium, distinct, &stream, &mut alone, &mut imp, now)?;
            row.store_page_reads = Some(alone.page_reads());
            row.imp_cb_page_reads = Some(imp.store().page_reads());
            row.store_file_bytes = Some(alone.file_bytes()?);
            row.imp_cb_file_bytes = Some(imp.store_mut().file_bytes()?);
            rows.push(row);
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::corpus::Corpus;
    use crate::mechanisms::cbf::{fig1_process, Verdict};

    fn urls(n: u64) -> Vec<Vec<u8>> {
        Corpus::new(2004).iter(0, n).collect()
    }

    #[test]
    fn the_disk_store_holds_what_a_direct_sql_count_says() {
        let list = urls(3_000);
        let distinct: Vec<&[u8]> = list.iter().map(|u| &u[..]).collect();
        let stream = p5::stream_with_duplicates(4_000, 0.29, 2018).unwrap();
        let mut store = SqliteFingerprints::new().unwrap();
        let mut found = 0;
        for &i in &stream.order {
            if fig1_process(&mut store, distinct[i as usize]).unwrap() == Verdict::Duplicate {
                found += 1;
            }
        }
        // Rows = distinct fingerprints inserted; the counts sum to the stream; found = its
        // duplicates.
        assert_eq!(stream.duplicates, 1_160);
        assert_eq!(found, stream.duplicates);
        assert_eq!(store.sql_counts().unwrap(), (stream.distinct, 4_000));
        assert_eq!((store.len(), store.references()), (stream.distinct, 4_000));
        assert!(store.file_bytes().unwrap() > 0);
        // Delete through the trait: a stored fingerprint's count goes down, then its row goes.
        let fp = u128::from_be_bytes(crate::foundation::hash::md5_digest(distinct[0]));
        let c = store.count(fp).unwrap();
        assert!(c >= 1);
        for _ in 1..c {
            assert_eq!(
                store.release(fp, &mut []).unwrap(),
                DeleteOutcome::Decremented
            );
        }
        assert_eq!(store.release(fp, &mut []).unwrap(), DeleteOutcome::Removed);
        assert_eq!(store.release(fp, &mut []).unwrap(), DeleteOutcome::Absent);
        assert_eq!(store.sql_counts().unwrap().0, stream.distinct - 1);
    }

    #[test]
    fn imp_cb_over_disk_answers_as_the_store_alone_and_as_in_memory() {
        let list = urls(2_000);
        let distinct: Vec<&[u8]> = list.iter().map(|u| &u[..]).collect();
        let stream = p5::stream_with_duplicates(2_500, 0.29, 7).unwrap();
        let mut alone = SqliteFingerprints::new().unwrap();
        // A small filter (m/N = 2, k = 4) so that the not-found branch runs too.
        let mut disk = ImpCb::over(
            SqliteFingerprints::new().unwrap(),
            5_000,
            4,
            4,
            IndexMethod::Md5Slices,
        )
        .unwrap();
        let mut mem = ImpCb::new(5_000, 4, 4, IndexMethod::Md5Slices).unwrap();
        for &i in &stream.order {
            let u = distinct[i as usize];
            let want = fig1_process(&mut alone, u).unwrap();
            assert_eq!(disk.try_process(u).unwrap(), want);
            assert_eq!(mem.process(u), want);
        }
        assert_eq!(disk.stats(), mem.stats());
        assert_eq!(disk.counters(), mem.counters());
        assert!(disk.stats().false_positive_lookups > 0);
        assert_eq!(disk.stats().duplicates, stream.duplicates);
        // No false negatives: every streamed URL is found, with the store's count.
        for u in &distinct[..stream.distinct as usize] {
            assert!(disk.try_contains(u).unwrap());
            assert_eq!(disk.try_count(u).unwrap(), mem.count(u));
        }
        assert_eq!(
            disk.store().sql_counts().unwrap(),
            alone.sql_counts().unwrap()
        );
        // Deletes over disk leave the same counters as in memory, and the indices come back
        // from the table.
        for u in &distinct[..500] {
            assert_eq!(disk.try_delete(u).unwrap(), mem.delete(u));
        }
        assert_eq!(disk.counters(), mem.counters());
        let (hits, read) = disk.store().scan_index(0).unwrap();
        let Ok((mem_hits, _)) = mem.store().scan_index(0);
        assert_eq!(hits, mem_hits);
        assert_eq!(read, disk.store().len() * 4);
    }

    #[test]
    fn fig3_on_disk_counts_lookups_and_page_reads() {
        let list = urls(3_000);
        let distinct: Vec<&[u8]> = list.iter().map(|u| &u[..]).collect();
        let mut t = 0.0;
        let rows = fig3_disk(
            &distinct,
            &[1_500, 3_000],
            &P5Options::default(),
            &mut || {
                t += 1.0;
                t
            },
        )
        .unwrap();
        let media: Vec<&str> = rows.iter().map(|r| r.medium).collect();
        assert_eq!(
            media,
            ["disk", "disk-no-indices", "disk", "disk-no-indices"]
        );
        for r in &rows {
            assert_eq!(r.store_found, r.duplicates);
            assert_eq!(r.found, r.duplicates);
            assert_eq!(r.store_lookups, r.n);
            assert_eq!(r.imp_cb_lookups, r.found + r.not_found);
            assert_eq!(r.lookups_avoided, r.by_counters);
            assert!(r.store_page_reads.is_some() && r.imp_cb_page_reads.is_some());
            // P5's records carry the indices: a larger file than the store alone's.
            let (alone, imp) = (r.store_file_bytes.unwrap(), r.imp_cb_file_bytes.unwrap());
            if r.medium == "disk" {
                assert!(imp > alone, "{r:?}");
            } else {
                assert_eq!(imp, alone, "{r:?}");
            }
        }
    }

    #[test]
    fn a_store_without_indices_refuses_imp_cbs_deletes() {
        let mut imp = ImpCb::over(
            SqliteFingerprints::without_indices().unwrap(),
            1_000,
            4,
            4,
            IndexMethod::Md5Slices,
        )
        .unwrap();
        assert_eq!(imp.try_process(b"http://a.cn/").unwrap(), Verdict::New);
        assert_eq!(
            imp.try_process(b"http://a.cn/").unwrap(),
            Verdict::Duplicate
        );
        assert_eq!(
            imp.try_delete(b"http://a.cn/").unwrap(),
            DeleteOutcome::Decremented
        );
        assert!(imp.try_delete(b"http://a.cn/").is_err());
    }
}
