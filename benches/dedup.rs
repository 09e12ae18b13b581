//! P5's Fig. 3 replayed: the MD5 fingerprint store alone against IMP-CB (a 4-bit counting Bloom
//! filter, k = 8, m/N = 20, in front of the store), at P5's data sizes, on streams in which 29 %
//! of the pages repeat an earlier URL (P5's near-duplicate share), with the store in memory and
//! on disk (a SQLite file, `urlhashlab::adapters::native::p5_disk`).
//!
//! ```text
//! cargo bench --bench dedup              # criterion at N = 500 000, then the summary (minutes)
//! cargo bench --bench dedup -- --test    # every bench once on a few URLs (CI)
//! ```
//!
//! The summary replays Fig. 3 over the first built-in URLs (generated before timing, held in
//! memory) for N = 500 000, 1 000 000, 1 500 000 and 2 000 000 pages: in memory the fastest of 3
//! passes, on disk one pass (each a new database file), and prints microseconds per page,
//! IMP-CB's time over the store's (the memory-vs-IMP-CB and disk-vs-IMP-CB ratios), the store
//! lookups IMP-CB avoided and the pages SQLite read from the file. On disk IMP-CB runs twice:
//! over P5's records (each keeps its k counter indices, twice the bytes of the store alone's) and
//! over records without them. P5's Fig. 3 prints no numbers; it draws IMP-CB below the store,
//! with the store on disk.

use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};
use urlhashlab::adapters::native::p5_disk::{self, SqliteFingerprints};
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::mechanisms::bloom::IndexMethod;
use urlhashlab::mechanisms::cbf::{fig1_process, FingerprintStore, ImpCb};
use urlhashlab::papers::p5::{self, DupStream, Fig3Row, P5Options, FIG3_N};

fn urls(n: u64) -> Vec<Vec<u8>> {
    let corpus = Corpus::new(2004);
    let mut it = corpus.iter(0, n);
    let mut out = Vec::with_capacity(n as usize);
    while let Some(u) = it.next_url() {
        out.push(u.to_vec());
    }
    out
}

fn stream(n: u64) -> DupStream {
    let o = P5Options::default();
    p5::stream_with_duplicates(n, o.dup_share, o.seed).expect("a valid share")
}

fn store(list: &[&[u8]], s: &DupStream) -> u64 {
    let mut st = FingerprintStore::new();
    let batch = s.order.iter().map(|&i| list[i as usize]);
    st.process_batch(batch).new
}

fn imp_cb(list: &[&[u8]], s: &DupStream) -> (u64, u64) {
    let mut f = ImpCb::p5(s.order.len() as u64, IndexMethod::Md5Slices).expect("valid");
    let c = f.process_batch(s.order.iter().map(|&i| list[i as usize]));
    (c.new, f.stats().answered_by_counters)
}

fn store_disk(list: &[&[u8]], s: &DupStream) -> u64 {
    let mut st = SqliteFingerprints::new().expect("a database file");
    let mut new = 0;
    for &i in &s.order {
        new += (fig1_process(&mut st, list[i as usize]).expect("SQLite")
            == urlhashlab::mechanisms::cbf::Verdict::New) as u64;
    }
    new
}

fn imp_cb_disk(list: &[&[u8]], s: &DupStream) -> u64 {
    let store = SqliteFingerprints::new().expect("a database file");
    let mut f = ImpCb::p5_over(store, s.order.len() as u64, IndexMethod::Md5Slices).expect("valid");
    f.try_process_batch(s.order.iter().map(|&i| list[i as usize]))
        .expect("SQLite")
        .new
}

fn fig3_group(c: &mut Criterion) {
    let n = if test_mode() { 2_000 } else { FIG3_N[0] };
    let owned = urls(n);
    let list: Vec<&[u8]> = owned.iter().map(|u| &u[..]).collect();
    let s = stream(n);
    let mut g = c.benchmark_group("fig3");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(n));
    g.bench_function(BenchmarkId::new("store", n), |b| {
        b.iter(|| store(black_box(&list), &s))
    });
    g.bench_function(BenchmarkId::new("imp-cb", n), |b| {
        b.iter(|| imp_cb(black_box(&list), &s))
    });
    g.finish();
    // On disk a sample is a new database file filled with the whole stream: a smaller N.
    let n = if test_mode() { 1_000 } else { 100_000 };
    let s = stream(n);
    let mut g = c.benchmark_group("fig3-disk");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(10))
        .throughput(Throughput::Elements(n));
    g.bench_function(BenchmarkId::new("store", n), |b| {
        b.iter(|| store_disk(black_box(&list), &s))
    });
    g.bench_function(BenchmarkId::new("imp-cb", n), |b| {
        b.iter(|| imp_cb_disk(black_box(&list), &s))
    });
    g.finish();
}

criterion_group!(benches, fig3_group);

fn test_mode() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--test") || !args.iter().any(|a| a == "--bench")
}

fn best_of<T>(passes: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..passes {
        let t = Instant::now();
        let v = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
        last = Some(v);
    }
    (best, last.expect("at least one pass"))
}

fn summary(test: bool) {
    let sizes: Vec<u64> = if test {
        vec![1_000, 2_000]
    } else {
        FIG3_N.to_vec()
    };
    let passes = if test { 1 } else { 3 };
    let owned = urls(*sizes.last().unwrap());
    let list: Vec<&[u8]> = owned.iter().map(|u| &u[..]).collect();
    println!();
    println!(
        "P5 Fig. 3 on streams with 29 % duplicates (memory: fastest of {passes} passes; disk: one pass, SQLite){}",
        if test {
            "; test mode, numbers not meaningful"
        } else {
            ""
        }
    );
    println!(
        "{:>9} | {:>8} {:>8} {:>6} | {:>8} {:>8} {:>6} {:>8} {:>6} | {:>9} {:>9} {:>9} {:>9}",
        "N",
        "mem st",
        "mem IMP",
        "ratio",
        "disk st",
        "disk IMP",
        "ratio",
        "no-idx",
        "ratio",
        "avoided",
        "reads st",
        "reads IMP",
        "no-idx"
    );
    let start = Instant::now();
    let mut now = || start.elapsed().as_secs_f64() * 1e3;
    let options = P5Options::default();
    for &n in &sizes {
        let s = stream(n);
        let (ts, new_s) = best_of(passes, || store(&list, &s));
        let (ti, (new_i, by_counters)) = best_of(passes, || imp_cb(&list, &s));
        assert_eq!(new_s, new_i, "both find the same new URLs");
        assert_eq!(new_s, s.distinct);
        let disk: Vec<Fig3Row> =
            p5_disk::fig3_disk(&list, &[n], &options, &mut now).expect("SQLite");
        let (p5r, lean) = (&disk[0], &disk[1]);
        let us = |seconds: f64| seconds * 1e6 / n as f64;
        println!(
            "{:>9} | {:>8.3} {:>8.3} {:>6.2} | {:>8.3} {:>8.3} {:>6.2} {:>8.3} {:>6.2} | {:>9} {:>9} {:>9} {:>9}",
            n,
            us(ts),
            us(ti),
            ti / ts,
            p5r.store_us_per_url,
            p5r.imp_cb_us_per_url,
            p5r.ratio,
            lean.imp_cb_us_per_url,
            lean.ratio,
            by_counters,
            p5r.store_page_reads.unwrap_or(0),
            p5r.imp_cb_page_reads.unwrap_or(0),
            lean.imp_cb_page_reads.unwrap_or(0)
        );
    }
    println!("(µs per page; ratio: IMP-CB's time / the store's, memory then disk; no-idx: IMP-CB over records without");
    println!(" P5's k indices, its ratio to the store alone of the same pass; avoided: store lookups IMP-CB skipped;");
    println!(
        " reads: pages SQLite read from the file, the store alone, IMP-CB, IMP-CB without indices)"
    );
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    summary(test_mode());
}
