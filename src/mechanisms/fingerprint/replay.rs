//! P3's multi-threaded spider (§3.3) replayed step by step, for the page, which cannot run the
//! threads of [`crate::adapters::native::threads`] (`urlhash paper p3 --threads` measures those). P3: "one or
//! several threads are in charge of one domain" (一个或几个线程负责一个域); a link to another
//! domain goes to the thread that owns it; a thread "need not lock the whole database when it
//! writes, only a part of it"; and "before writing, every thread checks whether the value is
//! already in the database".
//!
//! The URLs are dealt to threads by their registrable domain ([`owner`]: FNV-1a of the domain
//! mod the thread count, the function `native::threads` deals with). Each URL's fingerprint is
//! MD5 (as P3). The replay is a **simulation of a fixed rule, not a measurement**:
//!
//! * time runs in steps; in every step each of the two threads does one thing;
//! * a thread with a URL left wants its lock (under `global` the one lock of the whole store;
//!   under `partial` the lock of its own part, one part per thread); if the lock is free it takes
//!   it and **checks** the store in that step, and in the next step **writes** the fingerprint
//!   (or drops the URL as a **duplicate**) and releases the lock at the end of that step;
//! * a thread that wants a lock another thread holds **waits** that step; when both want the same
//!   free lock, the one that has waited longer takes it (thread 1 on a tie);
//! * a thread with no URL left is **done**.
//!
//! So a global lock is never held by two threads, and one thread waits whenever both want it;
//! with partial locks each thread locks only its own part and never waits. Either way the store
//! ends with the distinct URLs, as one thread would find.

use crate::foundation::hash::{fnv1a64, md5_u128};
use crate::foundation::key::{registrable_domain, split};
use serde::Serialize;

/// Threads in the replay.
pub const THREADS: usize = 2;
/// URLs the page replays (the first loaded lines).
pub const MAX_URLS: usize = 12;

/// The thread in charge of `url`'s domain among `threads` (its host when it has no registrable
/// domain, the whole line when it has no host).
pub fn owner(url: &[u8], threads: usize) -> usize {
    let hash = match split(url) {
        Ok(p) if !p.host.is_empty() => fnv1a64(registrable_domain(&p.host).as_bytes()),
        _ => fnv1a64(url),
    };
    (hash % threads.max(1) as u64) as usize
}

/// What a thread does in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Wants a lock another thread holds.
    Wait,
    /// Took (or holds) its lock and looks the fingerprint up.
    Check,
    /// Writes the fingerprint (it was not there), then releases the lock.
    Write,
    /// Drops the URL (its fingerprint was there), then releases the lock.
    Duplicate,
    /// Has no URL left.
    Done,
}

/// One thread in one step: its action and the index of its URL (none when done).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Lane {
    /// What the thread does in this step.
    pub action: Action,
    /// The index of the URL it works on; `None` when it is done.
    pub url: Option<usize>,
}

/// One step: both lanes, which thread holds each lock during the step, the store's size after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Thread 1's lane, then thread 2's.
    pub lanes: [Lane; THREADS],
    /// The holder of each lock; only the first [`Replay::locks`] entries are locks.
    pub holders: [Option<usize>; THREADS],
    /// Fingerprints in the store after the step.
    pub store: usize,
}

/// The replay of a URL list under one locking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replay {
    /// P3's partial locks (one per thread), or one global lock.
    pub partial: bool,
    /// The thread each URL was dealt to.
    pub owners: Vec<usize>,
    /// Every step, until both threads are done.
    pub steps: Vec<Step>,
    /// Steps in which a thread waited.
    pub waits: usize,
    /// URLs written to the store (distinct MD5s).
    pub distinct: usize,
    /// URLs dropped because their fingerprint was already stored.
    pub duplicates: usize,
}

impl Replay {
    /// Locks of the store: 1 (global) or one per thread (partial).
    pub fn locks(&self) -> usize {
        if self.partial {
            THREADS
        } else {
            1
        }
    }
}

/// Replays `urls` on [`THREADS`] threads, with one global lock or P3's partial (per-thread) locks.
pub fn replay(urls: &[&[u8]], partial: bool) -> Replay {
    let owners: Vec<usize> = urls.iter().map(|u| owner(u, THREADS)).collect();
    let queues: Vec<Vec<usize>> = (0..THREADS)
        .map(|t| (0..urls.len()).filter(|&i| owners[i] == t).collect())
        .collect();
    let lock_of = |t: usize| if partial { t } else { 0 };
    let mut next = [0usize; THREADS];
    let mut holding = [false; THREADS];
    let mut waited = [0usize; THREADS];
    let mut held: [Option<usize>; THREADS] = [None; THREADS];
    // At most MAX_URLS fingerprints: a list, looked through.
    let mut store: Vec<u128> = Vec::new();
    let (mut steps, mut waits, mut distinct, mut duplicates) = (Vec::new(), 0, 0, 0);
    loop {
        // Who takes a free lock this step: the longer waiter first, thread 1 on a tie.
        let order = if waited[1] > waited[0] {
            [1, 0]
        } else {
            [0, 1]
        };
        let done = Lane {
            action: Action::Done,
            url: None,
        };
        let mut lanes = [done; THREADS];
        let mut release = [false; THREADS];
        for t in order {
            let Some(&i) = queues[t].get(next[t]) else {
                continue;
            };
            let l = lock_of(t);
            let action = if holding[t] {
                let fp = md5_u128(urls[i]);
                release[t] = true;
                if store.contains(&fp) {
                    duplicates += 1;
                    Action::Duplicate
                } else {
                    store.push(fp);
                    distinct += 1;
                    Action::Write
                }
            } else if held[l].is_none() {
                held[l] = Some(t);
                holding[t] = true;
                waited[t] = 0;
                Action::Check
            } else {
                waited[t] += 1;
                Action::Wait
            };
            lanes[t] = Lane {
                action,
                url: Some(i),
            };
        }
        if lanes.iter().all(|l| l.action == Action::Done) {
            break;
        }
        if lanes.iter().any(|l| l.action == Action::Wait) {
            waits += 1;
        }
        steps.push(Step {
            lanes,
            holders: held,
            store: store.len(),
        });
        for t in 0..THREADS {
            if release[t] {
                held[lock_of(t)] = None;
                holding[t] = false;
                next[t] += 1;
            }
        }
    }
    Replay {
        partial,
        owners,
        steps,
        waits,
        distinct,
        duplicates,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: [&[u8]; 6] = [
        b"http://www.a.cn/1",
        b"http://www.b.cn/1",
        b"http://www.a.cn/2",
        b"http://news.b.cn/2",
        b"http://www.a.cn/1",
        b"http://www.b.cn/1",
    ];

    /// a.cn and b.cn go to different threads (checked, so the tests below mean what they say).
    #[test]
    fn the_two_domains_go_to_two_threads() {
        let o: Vec<usize> = TWO.iter().map(|u| owner(u, THREADS)).collect();
        assert_ne!(o[0], o[1]);
        assert_eq!(o[0], o[2]);
        assert_eq!(o[1], o[3]);
    }

    #[test]
    fn a_global_lock_is_never_shared_and_one_waits_whenever_both_want_it() {
        let r = replay(&TWO, false);
        for s in &r.steps {
            let holding = s
                .lanes
                .iter()
                .filter(|l| matches!(l.action, Action::Check | Action::Write | Action::Duplicate));
            assert!(holding.count() <= 1, "{s:?}");
            let wanting = s.lanes.iter().filter(|l| l.action != Action::Done).count();
            if wanting == 2 {
                assert!(s.lanes.iter().any(|l| l.action == Action::Wait), "{s:?}");
            }
            assert_eq!(s.holders[1], None);
        }
        assert!(r.waits > 0);
        // 6 URLs, 2 steps each, one at a time.
        assert_eq!(r.steps.len(), 12);
    }

    #[test]
    fn partial_locks_on_two_domains_never_wait() {
        let r = replay(&TWO, true);
        assert_eq!(r.waits, 0);
        assert!(r
            .steps
            .iter()
            .all(|s| s.lanes.iter().all(|l| l.action != Action::Wait)));
        // 3 URLs a thread, 2 steps each, side by side.
        assert_eq!(r.steps.len(), 6);
        assert_eq!(r.locks(), 2);
        assert!(r.steps[0].holders.iter().all(|h| h.is_some()));
    }

    #[test]
    fn the_store_ends_with_the_distinct_urls_as_one_thread() {
        use std::collections::HashSet;
        let distinct: HashSet<&[u8]> = TWO.iter().copied().collect();
        for partial in [false, true] {
            let r = replay(&TWO, partial);
            assert_eq!(r.distinct, distinct.len());
            assert_eq!(r.duplicates, TWO.len() - distinct.len());
            assert_eq!(r.steps.last().unwrap().store, distinct.len());
        }
    }

    #[test]
    fn one_domain_leaves_one_thread_done() {
        let urls: [&[u8]; 3] = [b"http://a.cn/1", b"http://www.a.cn/2", b"http://b.a.cn/"];
        let r = replay(&urls, true);
        let t = owner(urls[0], THREADS);
        assert!(r
            .steps
            .iter()
            .all(|s| s.lanes[1 - t].action == Action::Done));
        assert_eq!(r.steps.len(), 6);
        assert!(replay(&[], false).steps.is_empty());
    }
}
