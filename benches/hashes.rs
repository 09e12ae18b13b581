//! Throughput of every hash function of the lab and of P1's Fig. 1 + Fig. 2 sweep, each beside
//! a bare byte loop measured in the same run.
//!
//! ```text
//! cargo bench --bench hashes              # criterion groups, then the summary table (~2 min)
//! cargo bench --bench hashes -- --test    # every bench once, tiny summary (CI, seconds)
//! cargo bench --bench hashes -- hash/     # criterion's usual filter (the summary still runs)
//! URLHASH_BENCH_SUMMARY=0 cargo bench --bench hashes   # criterion groups only
//! ```
//!
//! Groups:
//!
//! * `hash`: every function of `urlhashlab::hash::REGISTRY` over the same 200 000 built-in URLs
//!   (seed 2004) held in memory, `Throughput::Bytes` = the URLs' bytes (no newlines), so criterion
//!   prints MB/s (MiB/s); `byte-loop` is the reference: a loop that adds every byte of every URL,
//!   the cost of merely reading the input, which no function that looks at every byte can beat
//!   by much.
//! * `sweep`: P1's Fig. 1 + Fig. 2 sweep (24 series: ELFhash, HfIp, hf x M in {200 000, 800 000,
//!   1 000 000, 2 000 000} for A and {8, 10, 12, 40} for B), `Throughput::Elements` = URLs:
//!   `fig1+fig2/in-memory` pushes the 200 000 URLs above; `fig1+fig2/generate+sweep` generates
//!   200 000 URLs from the built-in corpus and pushes them (what `urlhash sweep --fig 1,2` does);
//!   `generate-only` and `byte-loop` are the references. Each iteration builds a fresh `Sweep`
//!   (4 M slots x 3 functions = 48 MB of counters), as a real run does once.
//!
//! The summary at the end is measured with `std::time::Instant` (median of several passes),
//! not taken from criterion, and prints each function's MB/s (10^6 bytes/s), its ratio to the
//! byte loop, the issue's target and whether it is met, then the sweep rates and the time they
//! extrapolate to for P1's 20 million URLs (`benches/compare_python.sh` measures that run).

use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};
use urlhashlab::corpus::Corpus;
use urlhashlab::hash::{HashId, REGISTRY};
use urlhashlab::sweep::{Figure, Series, Sweep};

/// URLs in memory for the hash group and the in-memory sweep.
const URLS: u64 = 200_000;
/// URLs generated per iteration of the generate + sweep bench.
const GEN_URLS: u64 = 200_000;
/// Checkpoint step of the benched sweeps (4 checkpoints of 24 series per 200 000 URLs).
const STEP: u64 = 50_000;
/// P1's N, for the extrapolation in the summary.
const PAPER_N: u64 = 20_000_000;

/// The URLs back to back in one buffer, as a list read from a file would be.
struct UrlList {
    bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl UrlList {
    fn built_in(n: u64) -> UrlList {
        let corpus = Corpus::new(2004);
        let mut bytes = Vec::with_capacity(n as usize * 80);
        let mut ends = Vec::with_capacity(n as usize);
        let mut it = corpus.iter(0, n);
        while let Some(u) = it.next_url() {
            bytes.extend_from_slice(u);
            ends.push(bytes.len());
        }
        UrlList { bytes, ends }
    }
    fn iter(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let u = &self.bytes[start..end];
            start = end;
            u
        })
    }
    fn total_bytes(&self) -> u64 {
        self.bytes.len() as u64
    }
    fn len(&self) -> u64 {
        self.ends.len() as u64
    }
}

/// The reference: adds every byte of every URL.
#[inline(never)]
fn byte_loop(urls: &UrlList) -> u64 {
    let mut acc = 0u64;
    for u in urls.iter() {
        let mut s = 0u64;
        for &b in black_box(u) {
            s = s.wrapping_add(b as u64);
        }
        acc = acc.wrapping_add(s);
    }
    acc
}

/// One function's raw value of every URL, folded so nothing can be skipped.
#[inline(never)]
fn hash_all(id: HashId, urls: &UrlList) -> u128 {
    let mut acc = 0u128;
    for u in urls.iter() {
        acc = acc.wrapping_add(id.raw(black_box(u)));
    }
    acc
}

fn fig12_series() -> Vec<Series> {
    let mut s = Figure::Fig1.series();
    s.extend(Figure::Fig2.series());
    s
}

/// The Fig. 1 + Fig. 2 sweep of the URLs in memory; returns the number of points.
#[inline(never)]
fn sweep_in_memory(series: &[Series], urls: &UrlList) -> usize {
    let mut sweep = Sweep::new(series, STEP);
    for u in urls.iter() {
        sweep.push(u);
    }
    sweep.finish().len()
}

/// The Fig. 1 + Fig. 2 sweep of `n` URLs generated on the fly, as `urlhash sweep --fig 1,2`.
#[inline(never)]
fn sweep_generated(series: &[Series], corpus: &Corpus, n: u64) -> usize {
    let mut sweep = Sweep::new(series, STEP);
    let mut it = corpus.iter(0, n);
    while let Some(u) = it.next_url() {
        sweep.push(u);
    }
    sweep.finish().len()
}

/// Generation alone: the bytes of `n` URLs summed.
#[inline(never)]
fn generate_only(corpus: &Corpus, n: u64) -> u64 {
    let mut acc = 0u64;
    let mut it = corpus.iter(0, n);
    while let Some(u) = it.next_url() {
        acc = acc.wrapping_add(u.len() as u64 + u[u.len() - 1] as u64);
    }
    acc
}

fn hash_group(c: &mut Criterion) {
    let urls = UrlList::built_in(URLS);
    let mut g = c.benchmark_group("hash");
    g.throughput(Throughput::Bytes(urls.total_bytes()))
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g.bench_function("byte-loop", |b| b.iter(|| byte_loop(black_box(&urls))));
    for f in REGISTRY {
        let id = f.id;
        g.bench_function(f.key, |b| b.iter(|| hash_all(id, black_box(&urls))));
    }
    g.finish();
}

fn sweep_group(c: &mut Criterion) {
    let urls = UrlList::built_in(URLS);
    let series = fig12_series();
    let corpus = Corpus::new(2004);
    let mut g = c.benchmark_group("sweep");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(urls.len()));
    g.bench_function("byte-loop", |b| b.iter(|| byte_loop(black_box(&urls))));
    g.bench_function(BenchmarkId::new("fig1+fig2", "in-memory"), |b| {
        b.iter(|| sweep_in_memory(&series, black_box(&urls)))
    });
    g.throughput(Throughput::Elements(GEN_URLS));
    g.bench_function("generate-only", |b| {
        b.iter(|| generate_only(&corpus, black_box(GEN_URLS)))
    });
    g.bench_function(BenchmarkId::new("fig1+fig2", "generate+sweep"), |b| {
        b.iter(|| sweep_generated(&series, &corpus, black_box(GEN_URLS)))
    });
    g.finish();
}

criterion_group!(benches, hash_group, sweep_group);

/// How the bench was invoked, read the way criterion reads it: `cargo bench` passes `--bench`;
/// `cargo bench -- --test` and `cargo test --benches` are test mode (each bench once).
enum Mode {
    Bench,
    Test,
    List,
}

fn mode() -> Mode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |a: &str| args.iter().any(|x| x == a);
    if has("--list") {
        Mode::List
    } else if has("--test") || !has("--bench") {
        Mode::Test
    } else {
        Mode::Bench
    }
}

/// Median seconds per call of `f` over `rounds` calls, after one warm-up call.
fn median_secs<T>(rounds: usize, mut f: impl FnMut() -> T) -> f64 {
    black_box(f());
    let mut t: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// The issue's throughput target of a function, in MB/s (10^6 bytes per second).
fn target_mb_s(id: HashId) -> Option<f64> {
    match id {
        HashId::ElfHash => Some(500.0),
        HashId::HfIp | HashId::Hf => Some(1500.0),
        HashId::Md5 => Some(250.0),
        _ => None,
    }
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "ok"
    } else {
        "MISS"
    }
}

fn summary(test: bool) {
    let (n, rounds, sweep_rounds) = if test { (2_000, 1, 1) } else { (URLS, 15, 5) };
    let urls = UrlList::built_in(n);
    let mb = urls.total_bytes() as f64 / 1e6;
    println!();
    if test {
        println!("Summary (test mode: one pass over {n} URLs, numbers not meaningful)");
    } else {
        println!(
            "Summary: {} built-in URLs (seed 2004), {:.1} MB, mean {:.1} bytes/URL; median of {rounds} passes",
            n,
            mb,
            urls.total_bytes() as f64 / n as f64
        );
    }
    let loop_s = median_secs(rounds, || byte_loop(&urls));
    let loop_mb_s = mb / loop_s;
    println!(
        "{:<14} {:>10} {:>9} {:>11} {:>5}",
        "function", "MB/s", "ratio", "target", "ok?"
    );
    println!(
        "{:<14} {:>10.0} {:>9.3} {:>11} {:>5}",
        "byte-loop", loop_mb_s, 1.0, "reference", ""
    );
    for f in REGISTRY {
        let s = median_secs(rounds, || hash_all(f.id, &urls));
        let mb_s = mb / s;
        let (target, ok) = match target_mb_s(f.id) {
            Some(t) => (format!(">= {t:.0}"), verdict(mb_s >= t)),
            None => (String::from("-"), ""),
        };
        println!(
            "{:<14} {:>10.0} {:>9.3} {:>11} {:>5}",
            f.key,
            mb_s,
            mb_s / loop_mb_s,
            target,
            ok
        );
    }

    let series = fig12_series();
    let corpus = Corpus::new(2004);
    let gen_n = if test { n } else { GEN_URLS };
    let rate = |secs: f64, count: u64| count as f64 / secs;
    let loop_rate = rate(loop_s, n);
    let mem_rate = rate(
        median_secs(sweep_rounds, || sweep_in_memory(&series, &urls)),
        n,
    );
    let gen_rate = rate(
        median_secs(sweep_rounds, || generate_only(&corpus, gen_n)),
        gen_n,
    );
    let full_rate = rate(
        median_secs(sweep_rounds, || sweep_generated(&series, &corpus, gen_n)),
        gen_n,
    );
    let paper_s = PAPER_N as f64 / full_rate;
    println!();
    println!(
        "{:<30} {:>12} {:>9} {:>16}",
        "Fig. 1 + Fig. 2 sweep (24 series)", "M URLs/s", "ratio", "20 M URLs in"
    );
    for (name, r, note) in [
        ("byte-loop", loop_rate, String::new()),
        ("generate-only", gen_rate, String::new()),
        ("sweep, in memory", mem_rate, String::new()),
        (
            "sweep, generation included",
            full_rate,
            format!("(target < 20 s: {})", verdict(paper_s < 20.0)),
        ),
    ] {
        println!(
            "{:<30} {:>12.2} {:>9.4} {:>14.1} s {note}",
            name,
            r / 1e6,
            r / loop_rate,
            PAPER_N as f64 / r
        );
    }
    println!(
        "(20 M times are extrapolated from {gen_n} URLs of the start of the corpus, one fresh Sweep \
         each; benches/compare_python.sh times the real 20 M run)"
    );
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    let skip = std::env::var("URLHASH_BENCH_SUMMARY").is_ok_and(|v| v == "0");
    match mode() {
        Mode::List => {}
        _ if skip => {}
        Mode::Test => summary(true),
        Mode::Bench => summary(false),
    }
}
