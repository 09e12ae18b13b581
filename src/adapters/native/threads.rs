//! P3's multi-threaded spider (§3.3), run on real threads: "one or several threads are in charge
//! of one domain" (一个或几个线程负责一个域); a link to another thread's domain is handed to
//! that thread; "thread i need not lock the whole database when it writes, only a part of it";
//! and "before writing, every thread checks whether the value is already in the database".
//!
//! The URLs are dealt to `t` threads by their registrable domain ([`owner`]: FNV-1a of the domain
//! mod `t`, the dealing the page's replay [`crate::mechanisms::fingerprint::replay`] shares; the hand-off,
//! done before the clock starts), and every thread fingerprints its URLs (MD5, as P3) and
//! checks, then writes, each into one shared store, locked one of three ways. With several
//! threads per domain (P3's "让10个线程负责…域", [`ThreadRun::per_domain`]) the threads form
//! groups of that many, a domain is a group's and its URLs are dealt in turn to the group's
//! threads, which share the domain's part of the store and its lock:
//!
//! * `global`: one lock around the whole store (what P3 avoids);
//! * `partial`: P3's, the store split into one part per thread's domains, each with its lock, so
//!   a thread locks only its own part;
//! * `sharded`: a modern reference, the store split into [`SHARDS`] parts by the fingerprint's
//!   low bits whatever the domain, each with its lock.
//!
//! Each lock is first tried: a try that fails is a **contended** acquisition, whose wait is timed.
//! Every run must find the distinct URLs one thread finds ([`ThreadRun::distinct`]); the times
//! are this machine's.

use crate::foundation::hash::md5_u128;
pub use crate::mechanisms::fingerprint::replay::owner;
use serde::Serialize;
use std::collections::HashSet;
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

/// Parts of the `sharded` store.
pub const SHARDS: usize = 64;

/// How the shared store is locked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Locking {
    /// One lock around the whole store (what P3 avoids).
    Global,
    /// P3's: one part of the store per thread's domains, each with its lock.
    Partial,
    /// [`SHARDS`] parts by the fingerprint's low bits, whatever the domain, each with its lock.
    Sharded,
}

impl Locking {
    /// The three lockings, in the order a run reports them.
    pub const ALL: [Locking; 3] = [Locking::Global, Locking::Partial, Locking::Sharded];

    /// Stable text id: `global`, `partial` or `sharded`.
    pub fn id(self) -> &'static str {
        match self {
            Locking::Global => "global",
            Locking::Partial => "partial",
            Locking::Sharded => "sharded",
        }
    }
}

/// One run: `threads` threads, one way of locking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThreadRun {
    /// How the store was locked.
    pub locking: Locking,
    /// Threads run.
    pub threads: usize,
    /// Threads that share each domain (1: every domain is one thread's).
    pub per_domain: usize,
    /// URLs dealt to the threads (all of the input).
    pub urls: u64,
    /// URLs written (their fingerprint was not in the store).
    pub distinct: u64,
    /// URLs dropped as duplicates (their fingerprint was there).
    pub duplicates: u64,
    /// Lock acquisitions.
    pub acquisitions: u64,
    /// Acquisitions that had to wait for another thread (their first try failed).
    pub contended: u64,
    /// The waits of the contended acquisitions, all threads together.
    pub wait_ms: f64,
    /// Wall-clock seconds from spawning the threads until the last one is joined (the hand-off
    /// is done before the clock starts).
    pub seconds: f64,
    /// `urls / seconds`.
    pub urls_per_second: f64,
    /// URLs each thread was dealt (the domains' sizes decide the balance).
    pub per_thread: Vec<u64>,
}

/// The store: `parts` sets of fingerprints, each behind its lock.
struct Store(Vec<Mutex<HashSet<u128>>>);

struct Counts {
    distinct: u64,
    duplicates: u64,
    acquisitions: u64,
    contended: u64,
    wait: Duration,
}

/// Locks `m`, counting a wait when another thread holds it.
fn lock<'a>(m: &'a Mutex<HashSet<u128>>, c: &mut Counts) -> MutexGuard<'a, HashSet<u128>> {
    c.acquisitions += 1;
    match m.try_lock() {
        Ok(g) => g,
        Err(TryLockError::WouldBlock) => {
            c.contended += 1;
            let t = Instant::now();
            let g = m.lock().unwrap_or_else(|e| e.into_inner());
            c.wait += t.elapsed();
            g
        }
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
    }
}

/// Runs `urls` on `threads` threads sharing one store locked by `locking`, each domain one
/// thread's.
pub fn run(urls: &[&[u8]], threads: usize, locking: Locking) -> ThreadRun {
    run_shared(urls, threads, 1, locking)
}

/// Runs `urls` on `threads` threads sharing one store locked by `locking`, `per_domain` threads
/// to a domain: the threads form `threads / per_domain` groups, a domain is one group's
/// ([`owner`] over the groups), and its URLs go to the group's threads in turn; under
/// `partial` a group's threads share its part of the store and its lock.
pub fn run_shared(
    urls: &[&[u8]],
    threads: usize,
    per_domain: usize,
    locking: Locking,
) -> ThreadRun {
    let threads = threads.max(1);
    let per_domain = per_domain.clamp(1, threads);
    let groups = threads / per_domain;
    let mut queues: Vec<Vec<&[u8]>> = vec![Vec::new(); threads];
    let mut turn = vec![0usize; groups];
    for &u in urls {
        let g = owner(u, groups);
        queues[g * per_domain + turn[g] % per_domain].push(u);
        turn[g] += 1;
    }
    let parts = match locking {
        Locking::Global => 1,
        Locking::Partial => groups,
        Locking::Sharded => SHARDS,
    };
    let store = Store((0..parts).map(|_| Mutex::new(HashSet::new())).collect());
    let start = Instant::now();
    let counts: Vec<Counts> = std::thread::scope(|s| {
        let handles: Vec<_> = queues
            .iter()
            .enumerate()
            .map(|(t, queue)| {
                let store = &store;
                s.spawn(move || {
                    let mut c = Counts {
                        distinct: 0,
                        duplicates: 0,
                        acquisitions: 0,
                        contended: 0,
                        wait: Duration::ZERO,
                    };
                    for url in queue {
                        let fp = md5_u128(url);
                        let part = match locking {
                            Locking::Global => 0,
                            Locking::Partial => (t / per_domain).min(groups - 1),
                            Locking::Sharded => fp as usize % SHARDS,
                        };
                        let mut set = lock(&store.0[part], &mut c);
                        // P3: check that the value is not there, then write it.
                        if set.contains(&fp) {
                            c.duplicates += 1;
                        } else {
                            set.insert(fp);
                            c.distinct += 1;
                        }
                    }
                    c
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a spider thread panicked"))
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let sum = |f: fn(&Counts) -> u64| counts.iter().map(f).sum::<u64>();
    ThreadRun {
        locking,
        threads,
        per_domain,
        urls: urls.len() as u64,
        distinct: sum(|c| c.distinct),
        duplicates: sum(|c| c.duplicates),
        acquisitions: sum(|c| c.acquisitions),
        contended: sum(|c| c.contended),
        wait_ms: counts.iter().map(|c| c.wait.as_secs_f64() * 1e3).sum(),
        seconds,
        urls_per_second: urls.len() as f64 / seconds.max(1e-9),
        per_thread: queues.iter().map(|q| q.len() as u64).collect(),
    }
}

/// The thread counts P3's runs are measured at: 1, 2 and every core (each once).
pub fn thread_counts(cores: usize) -> Vec<usize> {
    let mut v = vec![1, 2, cores.max(1)];
    v.sort_unstable();
    v.dedup();
    v
}

/// Every locking at every thread count of [`thread_counts`], each domain one thread's; after
/// each count of 2 or more, P3's partial locks with all its threads on every domain (its "10
/// threads for one domain"), where the threads of a domain wait for each other.
pub fn study(urls: &[&[u8]], cores: usize) -> Vec<ThreadRun> {
    let mut runs = Vec::new();
    for threads in thread_counts(cores) {
        for locking in Locking::ALL {
            runs.push(run(urls, threads, locking));
        }
        if threads > 1 {
            runs.push(run_shared(urls, threads, threads, Locking::Partial));
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_run_loses_no_url_and_finds_the_distinct_set_of_one_thread() {
        // 3 000 URLs over 40 domains, every tenth one repeated, some from one site's aliases.
        let mut urls: Vec<String> = (0..3_000)
            .map(|i| {
                format!(
                    "http://www{}.site{}.com.cn/p/{}.html",
                    i % 3,
                    i % 40,
                    i / 10
                )
            })
            .collect();
        urls.extend((0..300).map(|i| format!("http://www0.site{}.com.cn/p/{}.html", i % 40, i)));
        let urls: Vec<&[u8]> = urls.iter().map(|u| u.as_bytes()).collect();
        let one: HashSet<&[u8]> = urls.iter().copied().collect();
        let runs = study(&urls, 4);
        assert_eq!(runs.len(), 3 * 3 + 2);
        for r in &runs {
            assert_eq!(r.urls, urls.len() as u64, "{r:?}");
            assert_eq!(r.distinct, one.len() as u64, "{r:?}");
            assert_eq!(r.distinct + r.duplicates, r.urls, "{r:?}");
            assert_eq!(r.acquisitions, r.urls, "{r:?}");
            assert_eq!(r.per_thread.iter().sum::<u64>(), r.urls);
            assert_eq!(r.per_thread.len(), r.threads);
            if r.threads == 1 {
                assert_eq!(r.contended, 0, "one thread never waits: {r:?}");
            }
            if r.locking == Locking::Partial && r.per_domain == 1 {
                // Each thread locks only its own part: no thread ever waits for another.
                assert_eq!(r.contended, 0, "{r:?}");
            }
            if r.per_domain > 1 {
                // Every domain's URLs dealt in turn to all the threads: even shares.
                let (lo, hi) = (
                    r.per_thread.iter().min().unwrap(),
                    r.per_thread.iter().max().unwrap(),
                );
                assert!(hi - lo <= 1, "{r:?}");
            }
        }
    }

    #[test]
    fn a_domain_is_one_threads_whatever_its_host() {
        for t in [1, 2, 7] {
            let a = owner(b"http://www.nuist.edu.cn/a", t);
            assert_eq!(owner(b"http://lib.nuist.edu.cn/b", t), a);
            assert_eq!(owner(b"https://nuist.edu.cn:8080/", t), a);
            assert!(a < t);
        }
        assert_eq!(thread_counts(2), [1, 2]);
        assert_eq!(thread_counts(8), [1, 2, 8]);
    }
}
