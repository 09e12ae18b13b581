//! P4's Table 1 replayed: the time of one dedup lookup in each store P4 timed, with the same
//! number of URLs stored (16 000), beside the printed 968 / 15 / 0.8 ms.
//!
//! P4 §1 describes the stores: a **database** whose dedup "traverses every record of the
//! database" (遍历数据库的每条记录), an **in-memory linked list** of URL strings (Table 1's 内存
//! 链表), its **improved generalized list** (a character trie, [`crate::mechanisms::trie::GlTrie`]), and an
//! **on-disk path per MD5** ("32 nested directories, one per hex digit"). Every store here
//! answers [`DedupStore::contains`]; [`time_dedup`] stores the URLs, then repeats the lookups of
//! a list of URLs (half of them stored, half not) until they took [`TIMED_MIN_MS`] in all, and
//! reports the milliseconds per lookup, timed by the clock it is handed (the CLI's `Instant`, the
//! page's `performance.now()`). A lookup in a scan is `O(N)` in the URLs stored, in an index
//! `O(log N)`, in the list `O(L)` in the URL's length, which is what the printed ratios argue.
//!
//! The pure stores are here ([`LinkedListStore`], [`GlStore`]); the database (SQLite) and the
//! directories are native only ([`crate::adapters::native`]).
//!
//! **The clock.** P4 timed in Java on Windows XP, whose `System.currentTimeMillis()` advances in
//! ticks of 15.625 ms (64 Hz). 968 ≈ 62 × 15.625 = 968.75, 15 ≈ one tick, and the list's 0.8 ms
//! "the average of 20 dedups" is 16 ms ≈ one tick over 20: every printed figure is a whole number
//! of ticks. That is an inference from the numbers (P4 names no clock), and [`tick_fit`] says
//! how close each figure lies to a whole number of ticks.

use crate::mechanisms::trie::GlTrie;
use serde::Serialize;
use std::collections::LinkedList;

/// Repeat the lookups until they took this long in all…
pub const TIMED_MIN_MS: f64 = 60.0;
/// …or this many lookups were made.
pub const TIMED_MAX_LOOKUPS: u64 = 2_000_000;
/// The Windows XP clock tick the printed times fit: 1000 / 64 ms.
pub const WINDOWS_TICK_MS: f64 = 15.625;

/// A store of URLs that answers P4's dedup question: was this URL seen?
pub trait DedupStore {
    /// The store's id, as [`Table1Row::method`] names it.
    fn method(&self) -> &'static str;
    /// Stores `url` (a URL not stored yet).
    fn insert(&mut self, url: &[u8]) -> Result<(), String>;
    /// Whether `url` is stored.
    fn contains(&mut self, url: &[u8]) -> Result<bool, String>;
    /// Finishes storing what was inserted (a database writes its rows in one transaction), so
    /// that the time goes to storing, not to the first lookup. Nothing by default.
    fn settle(&mut self) -> Result<(), String> {
        Ok(())
    }
    /// What the store costs beside time (bytes, files), in words, when it has such a cost.
    fn cost(&self) -> Option<StoreCost> {
        None
    }
    /// How a database answers a lookup (its query plan), for the stores that have one.
    fn plan(&self) -> Option<Result<String, String>> {
        None
    }
}

/// What a store holds beyond memory: files, directories, bytes on disk.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoreCost {
    /// Directories or files created.
    pub entries: u64,
    /// Bytes the file system reports for them (they depend on the file system).
    pub disk_bytes: u64,
}

/// P4's in-memory linked list (内存链表): the URL strings in a list, each dedup a scan from the
/// head comparing whole strings.
#[derive(Default)]
pub struct LinkedListStore(LinkedList<Box<[u8]>>);

impl DedupStore for LinkedListStore {
    fn method(&self) -> &'static str {
        "linked-list"
    }
    fn insert(&mut self, url: &[u8]) -> Result<(), String> {
        self.0.push_back(url.into());
        Ok(())
    }
    fn contains(&mut self, url: &[u8]) -> Result<bool, String> {
        Ok(self.0.iter().any(|u| **u == *url))
    }
}

/// P4's improved generalized list, as printed (no end-of-URL mark).
#[derive(Default)]
pub struct GlStore(GlTrie);

impl DedupStore for GlStore {
    fn method(&self) -> &'static str {
        "generalized-list"
    }
    fn insert(&mut self, url: &[u8]) -> Result<(), String> {
        self.0.insert(url);
        Ok(())
    }
    fn contains(&mut self, url: &[u8]) -> Result<bool, String> {
        Ok(self.0.contains(url))
    }
}

/// One row of Table 1 measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table1Row {
    /// `database-scan`, `database-index`, `linked-list`, `generalized-list`, `md5-dirs`.
    pub method: &'static str,
    /// P4's time per dedup for this store, where it printed one.
    pub printed_ms: Option<f64>,
    /// URLs stored before the lookups were timed.
    pub stored: u64,
    /// Lookups in one pass (every pass finds the same URLs).
    pub lookups: u64,
    /// Lookups of one pass that found their URL.
    pub found: u64,
    /// Passes timed: the lookups were repeated until they took [`TIMED_MIN_MS`].
    pub passes: u64,
    /// Milliseconds per lookup: the time of all the passes over the lookups they made.
    pub measured_ms: f64,
    /// `measured_ms` over the generalized list's, filled by [`with_ratios`].
    pub vs_list: Option<f64>,
    /// Milliseconds to store the URLs.
    pub insert_ms: f64,
    /// What the store holds beyond memory (files, bytes on disk), for the stores that have such a
    /// cost.
    pub cost: Option<StoreCost>,
}

/// P4's printed time per dedup for a method id.
pub fn printed_ms(method: &str) -> Option<f64> {
    let at = |i: usize| Some(super::P4_TIMES[i].ms_per_dedup);
    match method {
        "database-scan" => at(0),
        "linked-list" => at(1),
        "generalized-list" => at(2),
        _ => None,
    }
}

/// The lookups [`time_dedup`] repeats: `stored` and `absent` URLs taken in turn, `count` of them
/// at most (fewer when either side runs out).
pub fn lookups<'a>(stored: &[&'a [u8]], absent: &[&'a [u8]], count: usize) -> Vec<&'a [u8]> {
    let pairs = (count / 2).min(stored.len()).min(absent.len());
    (0..pairs).flat_map(|i| [stored[i], absent[i]]).collect()
}

/// Stores `stored` (distinct URLs) in `store`, then times `lookups` (repeated until they took
/// [`TIMED_MIN_MS`] or made [`TIMED_MAX_LOOKUPS`]) with `now`, a clock in milliseconds.
pub fn time_dedup(
    store: &mut dyn DedupStore,
    stored: &[&[u8]],
    lookups: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> Result<Table1Row, String> {
    let t0 = now();
    for url in stored {
        store.insert(url)?;
    }
    store.settle()?;
    let insert_ms = now() - t0;
    let (mut passes, mut found, t0) = (0u64, None, now());
    let ms = loop {
        let mut pass = 0u64;
        for url in lookups {
            pass += store.contains(url)? as u64;
        }
        if *found.get_or_insert(pass) != pass {
            return Err(format!(
                "{} found {pass} URLs in a pass, not {}",
                store.method(),
                found.unwrap_or(0)
            ));
        }
        passes += 1;
        let ms = now() - t0;
        let made = passes * lookups.len() as u64;
        if lookups.is_empty() || ms >= TIMED_MIN_MS || made >= TIMED_MAX_LOOKUPS {
            break ms;
        }
    };
    let made = passes * lookups.len() as u64;
    let method = store.method();
    Ok(Table1Row {
        method,
        printed_ms: printed_ms(method),
        stored: stored.len() as u64,
        lookups: lookups.len() as u64,
        found: found.unwrap_or(0),
        passes,
        measured_ms: if made == 0 { 0.0 } else { ms / made as f64 },
        vs_list: None,
        insert_ms,
        cost: store.cost(),
    })
}

/// Each row's time over the generalized list's (when a row of it is there).
pub fn with_ratios(mut rows: Vec<Table1Row>) -> Vec<Table1Row> {
    let list = rows
        .iter()
        .find(|r| r.method == "generalized-list")
        .map(|r| r.measured_ms);
    for r in &mut rows {
        r.vs_list = list.filter(|&l| l > 0.0).map(|l| r.measured_ms / l);
    }
    rows
}

/// How a printed time fits the Windows clock: `ms = ticks × 15.625 + off`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TickFit {
    /// The store's id, as [`Table1Row::method`] names it.
    pub method: &'static str,
    /// P4's time per dedup as printed.
    pub printed_ms: f64,
    /// The lookups the figure is the mean of (the list's 0.8 is the mean of 20).
    pub repeats: u32,
    /// The total the figure stands for, `printed_ms × repeats`.
    pub total_ms: f64,
    /// Whole clock ticks nearest to `total_ms`.
    pub ticks: u32,
    /// `total_ms − ticks × 15.625`.
    pub off_ms: f64,
}

/// Every printed time of Table 1 against a whole number of Windows clock ticks (an inference;
/// see the module doc).
pub fn tick_fit() -> Vec<TickFit> {
    super::P4_TIMES
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let repeats = if i == 2 { super::P4_GL_REPEATS } else { 1 };
            let total_ms = t.ms_per_dedup * repeats as f64;
            let ticks = (total_ms / WINDOWS_TICK_MS).round() as u32;
            TickFit {
                method: ["database-scan", "linked-list", "generalized-list"][i],
                printed_ms: t.ms_per_dedup,
                repeats,
                total_ms,
                ticks,
                off_ms: total_ms - ticks as f64 * WINDOWS_TICK_MS,
            }
        })
        .collect()
}

/// Table 1 replayed: a row per store, P4's clock reading, and the lookups' shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table1Report {
    /// URLs stored in each store (P4: 16 000).
    pub stored: u64,
    /// Distinct lookups in one pass: half stored URLs, half URLs never stored.
    pub lookups_per_pass: u64,
    /// One row per store, in the order they were given, with its ratio to the list.
    pub rows: Vec<Table1Row>,
    /// Each printed time against whole ticks of the Windows clock ([`tick_fit`]).
    pub tick_fit: Vec<TickFit>,
    /// How the database answers a lookup, per database row (`EXPLAIN QUERY PLAN`).
    pub plans: Vec<(String, String)>,
}

/// Times every store of `stores` on the same URLs: `stored` stored, then [`lookups`] of
/// `stored` and `absent` (at most `per_pass`) repeated; rows with their ratio to the list.
pub fn replay(
    stores: Vec<Box<dyn DedupStore>>,
    stored: &[&[u8]],
    absent: &[&[u8]],
    per_pass: usize,
    now: &mut dyn FnMut() -> f64,
) -> Result<Table1Report, String> {
    let look = lookups(stored, absent, per_pass);
    let mut rows = Vec::new();
    for mut store in stores {
        rows.push(time_dedup(store.as_mut(), stored, &look, now)?);
    }
    Ok(Table1Report {
        stored: stored.len() as u64,
        lookups_per_pass: look.len() as u64,
        rows: with_ratios(rows),
        tick_fit: tick_fit(),
        plans: Vec::new(),
    })
}

/// The record counts at which [`scale`] times every store: P4 §1 says a database's dedup "falls
/// off sharply beyond a million records" (数据库记录数超过百万时性能急剧下降), and Table 1 times
/// 16 000 only.
pub const SCALE_SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];
/// Lookups timed at each size, half of them stored URLs spread evenly over the store, half never
/// stored: a sample, since one scan of a million rows takes tens of milliseconds.
pub const SCALE_LOOKUPS: usize = 40;

/// One store at one size.
#[derive(Clone, Debug, Serialize)]
pub struct ScaleRow {
    /// The store ([`Table1Row::method`]).
    pub method: &'static str,
    /// URLs stored.
    pub stored: u64,
    /// Lookups timed ([`SCALE_LOOKUPS`]), repeated as [`time_dedup`] repeats them.
    pub lookups: u64,
    /// Milliseconds per lookup.
    pub measured_ms: f64,
    /// Milliseconds to store the URLs.
    pub insert_ms: f64,
    /// Nanoseconds per lookup per URL stored: flat for a scan (`O(N)`), falling for an index
    /// (`O(log N)`) and for the list (`O(L)`).
    pub ns_per_record: f64,
}

/// How one store's lookup time grew from the smallest size to the largest.
#[derive(Clone, Debug, Serialize)]
pub struct ScaleGrowth {
    /// The store.
    pub method: &'static str,
    /// The smallest and the largest number of URLs stored.
    pub from: u64,
    /// See `from`.
    pub to: u64,
    /// `to / from`.
    pub records_ratio: f64,
    /// The lookup time at `to` over the time at `from`.
    pub time_ratio: f64,
    /// `log(time_ratio) / log(records_ratio)`: 1 for a time linear in the records (a scan), near
    /// 0 for an index or the list; above 1 would be the "sharp fall" P4 speaks of (0 when only
    /// one size was measured).
    pub exponent: f64,
}

/// Table 1's stores timed at each of [`SCALE_SIZES`] the input has URLs for.
#[derive(Clone, Debug, Serialize)]
pub struct Table1Scale {
    /// The sizes measured.
    pub sizes: Vec<u64>,
    /// The sizes left out: the input has fewer distinct URLs to store.
    pub beyond_input: Vec<u64>,
    /// One row per (size, store), size by size.
    pub rows: Vec<ScaleRow>,
    /// One per store, in the stores' order.
    pub growth: Vec<ScaleGrowth>,
}

/// Times the stores `make` gives (a new set at each size) with the first `size` URLs of `stored`
/// stored, for each of [`SCALE_SIZES`] up to `stored.len()`; the lookups are
/// [`SCALE_LOOKUPS`]: stored URLs spread evenly over the first `size`, and URLs of `absent`.
pub fn scale(
    make: &mut dyn FnMut() -> Result<Vec<Box<dyn DedupStore>>, String>,
    stored: &[&[u8]],
    absent: &[&[u8]],
    now: &mut dyn FnMut() -> f64,
) -> Result<Table1Scale, String> {
    let (sizes, beyond): (Vec<usize>, Vec<usize>) =
        SCALE_SIZES.iter().partition(|&&s| s <= stored.len());
    let mut rows = Vec::new();
    for &size in &sizes {
        let half = (SCALE_LOOKUPS / 2).min(absent.len());
        let mut look = Vec::with_capacity(2 * half);
        for i in 0..half {
            look.push(stored[i * size / half.max(1)]);
            look.push(absent[i]);
        }
        for mut store in make()? {
            let row = time_dedup(store.as_mut(), &stored[..size], &look, now)?;
            rows.push(ScaleRow {
                method: row.method,
                stored: row.stored,
                lookups: row.lookups,
                measured_ms: row.measured_ms,
                insert_ms: row.insert_ms,
                ns_per_record: row.measured_ms * 1e6 / size as f64,
            });
        }
    }
    let mut growth = Vec::new();
    if let (Some(&first), Some(&last)) = (sizes.first(), sizes.last()) {
        for row in rows.iter().filter(|r| r.stored == first as u64) {
            let Some(end) = rows
                .iter()
                .find(|r| r.method == row.method && r.stored == last as u64)
            else {
                continue;
            };
            let records_ratio = last as f64 / first as f64;
            let time_ratio = end.measured_ms / row.measured_ms;
            growth.push(ScaleGrowth {
                method: row.method,
                from: first as u64,
                to: last as u64,
                records_ratio,
                time_ratio,
                exponent: if last > first {
                    time_ratio.ln() / records_ratio.ln()
                } else {
                    0.0
                },
            });
        }
    }
    Ok(Table1Scale {
        sizes: sizes.iter().map(|&s| s as u64).collect(),
        beyond_input: beyond.iter().map(|&s| s as u64).collect(),
        rows,
        growth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_times_every_store_at_each_size_the_input_allows() {
        let stored = urls(10_500, "stored");
        let absent = urls(50, "absent");
        let stored: Vec<&[u8]> = stored.iter().map(|u| u.as_bytes()).collect();
        let absent: Vec<&[u8]> = absent.iter().map(|u| u.as_bytes()).collect();
        let mut clock = 0.0;
        let mut make = || -> Result<Vec<Box<dyn DedupStore>>, String> {
            Ok(vec![
                Box::new(LinkedListStore::default()),
                Box::new(GlStore::default()),
            ])
        };
        let r = scale(&mut make, &stored, &absent, &mut || {
            clock += 1.0;
            clock
        })
        .unwrap();
        assert_eq!(r.sizes, [10_000]);
        assert_eq!(r.beyond_input, [100_000, 1_000_000]);
        assert_eq!(r.rows.len(), 2);
        for row in &r.rows {
            assert_eq!((row.stored, row.lookups), (10_000, SCALE_LOOKUPS as u64));
            assert!(row.measured_ms > 0.0 && row.ns_per_record > 0.0);
        }
        let methods: Vec<&str> = r.growth.iter().map(|g| g.method).collect();
        assert_eq!(methods, ["linked-list", "generalized-list"]);
        assert!(r
            .growth
            .iter()
            .all(|g| g.exponent == 0.0 && g.records_ratio == 1.0));
    }

    fn urls(n: usize, tag: &str) -> Vec<String> {
        (0..n)
            .map(|i| format!("http://www.{tag}.cn/list.asp?id={i}"))
            .collect()
    }

    #[test]
    fn every_store_finds_the_stored_half_and_only_it() {
        let (s, a) = (urls(300, "in"), urls(300, "out"));
        let s: Vec<&[u8]> = s.iter().map(|u| u.as_bytes()).collect();
        let a: Vec<&[u8]> = a.iter().map(|u| u.as_bytes()).collect();
        let look = lookups(&s, &a, 200);
        assert_eq!(look.len(), 200);
        let mut t = 0.0;
        let mut clock = || {
            t += 1.0;
            t
        };
        let stores: [&mut dyn DedupStore; 2] =
            [&mut LinkedListStore::default(), &mut GlStore::default()];
        let mut rows = Vec::new();
        for store in stores {
            let r = time_dedup(store, &s, &look, &mut clock).unwrap();
            // One pass of 200 lookups read the clock once at its end: 1 ms, so it repeats
            // until 60 ms passed, a pass a tick.
            assert_eq!((r.lookups, r.found, r.passes), (200, 100, 60), "{r:?}");
            assert_eq!(r.measured_ms, 60.0 / (60.0 * 200.0));
            rows.push(r);
        }
        let rows = with_ratios(rows);
        assert_eq!(rows[0].printed_ms, Some(15.0));
        assert_eq!(rows[1].printed_ms, Some(0.8));
        assert_eq!(rows[1].vs_list, Some(1.0));
    }

    #[test]
    fn the_printed_list_finds_a_prefix_of_a_stored_url() {
        let mut gl = GlStore::default();
        gl.insert(b"http://a.cn/index.html").unwrap();
        assert!(gl.contains(b"http://a.cn/index").unwrap());
        let mut list = LinkedListStore::default();
        list.insert(b"http://a.cn/index.html").unwrap();
        assert!(!list.contains(b"http://a.cn/index").unwrap());
    }

    #[test]
    fn the_printed_times_are_whole_windows_ticks() {
        let fits = tick_fit();
        assert_eq!(fits.iter().map(|f| f.ticks).collect::<Vec<_>>(), [62, 1, 1]);
        for f in &fits {
            assert!(f.off_ms.abs() <= 0.75, "{f:?}");
        }
        assert_eq!(fits[2].total_ms, 16.0);
    }
}
