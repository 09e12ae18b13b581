//! P5's Fig. 3 replayed: the MD5 fingerprint store alone against IMP-CB (a 4-bit counting Bloom
//! filter, k = 8, m/N = 20, in front of the store), at P5's data sizes.
//!
//! ```text
//! cargo bench --bench dedup              # criterion at N = 500 000, then the summary (~1 min)
//! cargo bench --bench dedup -- --test    # every bench once on a few URLs (CI)
//! ```
//!
//! The summary times both over the first N built-in URLs (generated before timing, held in
//! memory) for N = 500 000, 1 000 000, 1 500 000 and 2 000 000, the fastest of 3 passes, and
//! prints seconds, IMP-CB's time over the store's, and the share of URLs IMP-CB answered from
//! its counters without a store lookup. P5's Fig. 3 prints no numbers; it draws IMP-CB below
//! the store, with the store on disk.

use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};
use urlhashlab::bloom::IndexMethod;
use urlhashlab::cbf::{FingerprintStore, ImpCb};
use urlhashlab::corpus::Corpus;

/// P5's data sizes.
const SIZES: [u64; 4] = [500_000, 1_000_000, 1_500_000, 2_000_000];

fn urls(n: u64) -> Vec<Vec<u8>> {
    let corpus = Corpus::new(2004);
    let mut it = corpus.iter(0, n);
    let mut out = Vec::with_capacity(n as usize);
    while let Some(u) = it.next_url() {
        out.push(u.to_vec());
    }
    out
}

fn store(urls: &[Vec<u8>]) -> u64 {
    let mut s = FingerprintStore::new();
    s.process_batch(urls.iter().map(|u| u.as_slice())).new
}

fn imp_cb(urls: &[Vec<u8>]) -> (u64, u64) {
    let mut f = ImpCb::p5(urls.len() as u64, IndexMethod::Md5Slices).expect("valid");
    let c = f.process_batch(urls.iter().map(|u| u.as_slice()));
    (c.new, f.stats().answered_by_counters)
}

fn fig3_group(c: &mut Criterion) {
    let n = if test_mode() { 2_000 } else { SIZES[0] };
    let list = urls(n);
    let mut g = c.benchmark_group("fig3");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(n));
    g.bench_function(BenchmarkId::new("store", n), |b| {
        b.iter(|| store(black_box(&list)))
    });
    g.bench_function(BenchmarkId::new("imp-cb", n), |b| {
        b.iter(|| imp_cb(black_box(&list)))
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
        SIZES.to_vec()
    };
    let passes = if test { 1 } else { 3 };
    let all = urls(*sizes.last().unwrap());
    println!();
    println!(
        "P5 Fig. 3 (fastest of {passes} passes; URLs in memory{})",
        if test {
            "; test mode, numbers not meaningful"
        } else {
            ""
        }
    );
    println!(
        "{:>10} {:>10} {:>10} {:>8} {:>12}",
        "N", "store s", "IMP-CB s", "ratio", "by counters"
    );
    for &n in &sizes {
        let list = &all[..n as usize];
        let (ts, new_s) = best_of(passes, || store(list));
        let (ti, (new_i, by_counters)) = best_of(passes, || imp_cb(list));
        assert_eq!(new_s, new_i, "both find the same new URLs");
        println!(
            "{:>10} {:>10.3} {:>10.3} {:>8.2} {:>11.3}%",
            n,
            ts,
            ti,
            ti / ts,
            100.0 * by_counters as f64 / n as f64
        );
    }
    println!("(ratio: IMP-CB's time / the store's; by counters: URLs answered by a zero counter, no store lookup)");
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
