//! The streaming CLI on every core (issue 17): `urlhash sweep --fig 1,2,3` on one file at 1, 2
//! (and all) threads beside the hash-only bound, printed as one table of ratios in one run.
//!
//! * **Input.** The built-in corpus written to a temporary file by `urlhash gen` (20 000 000
//!   lines, 1.1 GB, unless `URLHASH_BENCH_N` says otherwise; 20 000 under `--test`).
//! * **Hash-only bound.** The file's lines, held in memory, hashed with P1's three functions
//!   (ELFhash, HfIp, hf) on one thread as the sweep hashes them (runs of 1 024 lines, function
//!   by function, ELFhash four lines at a time): the least time any sweep of them can take on
//!   one core.
//!   On n cores the bound is that time over n (hashing splits perfectly; reading, splitting
//!   lines and counting are left out).
//! * **Sweeps.** The release `urlhash` (built by `cargo bench`) run as a user runs it, output to
//!   `/dev/null`, wall time by the clock around the process; every run's output is compared with
//!   the one-thread run's (byte for byte).
//!
//! `cargo bench --bench threads` (about a minute at 20 000 000 lines on 2 cores);
//! `cargo bench --bench threads -- --test` runs it once at 20 000 lines (CI).

use std::process::Command;
use std::time::Instant;
use urlhashlab::foundation::hash::HashId;

fn urlhash(args: &[&str]) -> (f64, Vec<u8>) {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(args)
        .output()
        .expect("urlhash runs");
    let took = t.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "urlhash {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (took, out.stdout)
}

fn main() {
    let test = std::env::args().any(|a| a == "--test");
    let n: u64 = if test {
        20_000
    } else {
        std::env::var("URLHASH_BENCH_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000_000)
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("corpus.txt");
    let (_, text) = urlhash(&["gen", "--n", &n.to_string()]);
    std::fs::write(&file, &text).expect("the file is written");
    let file = file.to_str().expect("a UTF-8 path");

    // The bound: the three functions over every line, one thread, the way the sweep hashes
    // them (a run of lines at a time, function by function, ELFhash four lines at once); the
    // lines are cut out before the clock starts.
    let fns = [HashId::ElfHash, HashId::HfIp, HashId::Hf];
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let mut fold = 0u128;
    let mb = text.len() as f64 / 1e6;
    let rates: Vec<(HashId, f64)> = fns
        .iter()
        .map(|&f| {
            let t = Instant::now();
            for run in lines.chunks(1024) {
                f.raw_each(run, |_, v| fold ^= v);
            }
            (f, t.elapsed().as_secs_f64())
        })
        .collect();
    let hash_one: f64 = rates.iter().map(|(_, t)| t).sum();
    std::hint::black_box(fold);
    drop(lines);

    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let mut threads = vec![1, 2];
    if cores > 2 {
        threads.push(cores);
    }
    let mut rows = Vec::new();
    let mut first: Option<(f64, Vec<u8>)> = None;
    for &t in &threads {
        let args = [
            "sweep",
            "--fig",
            "1,2,3",
            file,
            "--json",
            "--threads",
            &t.to_string(),
        ];
        let (took, out) = urlhash(&args);
        if let Some((_, one)) = &first {
            assert!(*one == out, "--threads {t} differs from --threads 1");
        } else {
            first = Some((took, out));
        }
        rows.push((t, took));
    }
    let one = rows[0].1;
    println!(
        "\nurlhash sweep --fig 1,2,3 on {n} lines ({mb:.0} MB), {cores} cores; hash-only bound (ELFhash + HfIp + hf, one thread): {hash_one:.2} s ({:.0} MB/s)",
        mb / hash_one
    );
    let each: Vec<String> = rates
        .iter()
        .map(|(f, t)| format!("{} {:.0} MB/s", f.info().key, mb / t))
        .collect();
    println!("(each function: {})", each.join(", "));
    println!(
        "{:>8} {:>9} {:>12} {:>12} {:>14}",
        "threads", "wall s", "× 1 thread", "bound s", "bound ÷ wall"
    );
    for (t, took) in rows {
        let bound = hash_one / t.min(cores) as f64;
        println!(
            "{t:>8} {took:>9.2} {:>12.2} {bound:>12.2} {:>14.2}",
            took / one,
            bound / took
        );
    }
    println!("(outputs identical at every thread count; targets: 2 threads ≤ 0.6 × one thread, bound ÷ wall ≥ 0.8)");
}
