//! P4's database store: every URL a row of one SQLite table, and a dedup lookup the query P4
//! describes, "traverse every record of the database, and if one equals the URL, drop the URL"
//! (遍历数据库的每条记录).
//!
//! * `database-scan`: `urls(url TEXT)` without an index, looked up with
//!   `SELECT count(*) FROM urls WHERE url = ?`: SQLite reads every row, `O(N)` per lookup.
//! * `database-index`: the same table with `url` its primary key, what a database user would
//!   do: a B-tree search, `O(log N)`.
//!
//! The database is a file in a temporary directory (deleted with the store), in SQLite's default
//! journal mode; for 16 000 URLs it stays in SQLite's page cache, so the times are the query
//! engine's, not the disk's. The rows are inserted in one transaction.

use crate::papers::p4::table1::{DedupStore, StoreCost};
use rusqlite::Connection;

/// A SQLite table of URLs, scanned or indexed.
pub struct SqliteStore {
    conn: Connection,
    indexed: bool,
    pending: Vec<Box<[u8]>>,
    dir: tempfile::TempDir,
}

/// A SQLite error (or a temporary directory's) as the lab words it.
pub(super) fn err(e: impl std::fmt::Display) -> String {
    format!("SQLite: {e}")
}

/// A new database `file` in a new temporary directory (deleted when the directory is dropped).
pub(super) fn open_temp(file: &str) -> Result<(tempfile::TempDir, Connection), String> {
    let dir = tempfile::tempdir().map_err(err)?;
    let conn = Connection::open(dir.path().join(file)).map_err(err)?;
    Ok((dir, conn))
}

impl SqliteStore {
    /// A new database file in a temporary directory; `indexed` makes `url` the primary key.
    pub fn new(indexed: bool) -> Result<SqliteStore, String> {
        let (dir, conn) = open_temp("urls.sqlite")?;
        let schema = if indexed {
            "CREATE TABLE urls (url BLOB PRIMARY KEY NOT NULL) WITHOUT ROWID"
        } else {
            "CREATE TABLE urls (url BLOB NOT NULL)"
        };
        conn.execute(schema, []).map_err(err)?;
        Ok(SqliteStore {
            conn,
            indexed,
            pending: Vec::new(),
            dir,
        })
    }

    /// Writes the URLs inserted since the last lookup, in one transaction.
    fn flush(&mut self) -> Result<(), String> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let tx = self.conn.transaction().map_err(err)?;
        {
            let mut insert = tx
                .prepare_cached("INSERT INTO urls (url) VALUES (?1)")
                .map_err(err)?;
            for url in self.pending.drain(..) {
                insert.execute([&url[..]]).map_err(err)?;
            }
        }
        tx.commit().map_err(err)
    }

    /// Rows in the table (a direct SQL count, for tests).
    pub fn rows(&mut self) -> Result<u64, String> {
        self.flush()?;
        self.conn
            .query_row("SELECT count(*) FROM urls", [], |r| r.get::<_, i64>(0))
            .map(|n| n as u64)
            .map_err(err)
    }

    /// SQLite's query plan for a lookup, as `EXPLAIN QUERY PLAN` words it (`SCAN urls` or
    /// `SEARCH urls USING PRIMARY KEY (url=?)`).
    pub fn plan(&self) -> Result<String, String> {
        let mut q = self
            .conn
            .prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM urls WHERE url = ?1")
            .map_err(err)?;
        let rows = q
            .query_map([&b""[..]], |r| r.get::<_, String>(3))
            .map_err(err)?;
        let words: Result<Vec<String>, _> = rows.collect();
        Ok(words.map_err(err)?.join("; "))
    }
}

impl DedupStore for SqliteStore {
    fn method(&self) -> &'static str {
        if self.indexed {
            "database-index"
        } else {
            "database-scan"
        }
    }
    fn insert(&mut self, url: &[u8]) -> Result<(), String> {
        self.pending.push(url.into());
        Ok(())
    }
    fn settle(&mut self) -> Result<(), String> {
        self.flush()
    }
    fn contains(&mut self, url: &[u8]) -> Result<bool, String> {
        self.flush()?;
        let mut q = self
            .conn
            .prepare_cached("SELECT count(*) FROM urls WHERE url = ?1")
            .map_err(err)?;
        let n: i64 = q.query_row([url], |r| r.get(0)).map_err(err)?;
        Ok(n > 0)
    }
    fn plan(&self) -> Option<Result<String, String>> {
        Some(SqliteStore::plan(self))
    }
    fn cost(&self) -> Option<StoreCost> {
        let bytes = std::fs::metadata(self.dir.path().join("urls.sqlite"))
            .ok()?
            .len();
        Some(StoreCost {
            entries: 1,
            disk_bytes: bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_find_exactly_the_stored_urls_and_count_them() {
        for indexed in [false, true] {
            let mut db = SqliteStore::new(indexed).unwrap();
            for i in 0..500 {
                db.insert(format!("http://www.a.cn/{i}.html").as_bytes())
                    .unwrap();
            }
            assert_eq!(db.rows().unwrap(), 500);
            assert!(db.contains(b"http://www.a.cn/499.html").unwrap());
            assert!(!db.contains(b"http://www.a.cn/500.html").unwrap());
            // A stored URL's prefix is not stored: the database compares whole strings.
            assert!(!db.contains(b"http://www.a.cn/49").unwrap());
            let plan = db.plan().unwrap();
            if indexed {
                assert!(plan.starts_with("SEARCH urls USING PRIMARY KEY"), "{plan}");
            } else {
                assert!(plan.starts_with("SCAN urls"), "{plan}");
            }
            assert!(db.cost().unwrap().disk_bytes > 0);
        }
    }
}
