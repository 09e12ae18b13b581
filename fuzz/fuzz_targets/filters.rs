//! Bloom filters (`bloom`), counting Bloom filters, IMP-CB and the fingerprint store (`cbf`),
//! driven by inserts, lookups and deletes with small parameters taken from the input.
//!
//! * Index derivation, for every method and any m in 1..=2^40, k in 1..=64: k positions below
//!   m, equal to the formulas of the module doc computed independently (XXH3 seeds, double and
//!   enhanced double hashing in 128-bit arithmetic, MD5 slices from the `md-5` crate, widened
//!   to the re-hashed stream when a slice cannot address m); stopping early stops.
//! * Bloom: never a false negative; `insert` says "new" exactly when the key did not read
//!   present; the set bits are exactly the union of the inserted keys' positions; `clear`
//!   forgets; `measure` counts the false positives it is given; `sweep_fpr`'s fast paths give the
//!   same false positives and set bits as `measure_fpr`.
//! * Packed counters (1 to 32 bits, straddling words) equal a plain array.
//! * Counting Bloom filter: the counters equal a plain simulation of the documented rules
//!   (saturating increments, `decrement` or `sticky` at a saturated counter), overflow and
//!   underflow counts included; a delete that finds a zero counter changes nothing. Sticky:
//!   never a false negative. Decrement: exact counts and no false negative while nothing
//!   overflowed.
//! * IMP-CB (both `scan` and `side-table`): verdicts, `contains`, `count` and delete outcomes
//!   are exact against a multiset; every counter equals `min(true count, max)` (the true count
//!   over stored fingerprints' indices); the overflow count matches; no false negatives.
//! * Fingerprint store: exact against the multiset. `deletion_experiment`: sticky and IMP-CB
//!   lose no kept key, IMP-CB keeps no deleted key.
//! * Theory: `counter_pmf` against a direct binomial sum (small N·k), `counter_tail` decreasing
//!   and differing from the next tail by the pmf, probabilities in [0, 1], the Wilson interval
//!   around the measured rate, `m_for` in range.
#![no_main]

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use md5::{Digest, Md5};
use std::collections::{BTreeMap, BTreeSet};
use urlhashlab::mechanisms::bloom::{expected_fill, fpr_approx, fpr_exact, m_for, md5_slice_width, measure_fpr, sweep_fpr, wilson_interval, Bloom, IndexMethod, MAX_K, MAX_M, Z_95};
use urlhashlab::mechanisms::cbf::{counter_pmf, counter_tail, deletion_experiment, overflow_theory, CbfDelete, Counters, CountingBloom, DeleteOutcome, FingerprintStore, ImpCb, SaturatedDelete, Verdict};
use xxhash_rust::xxh3::{xxh3_128, xxh3_64_with_seed};

#[derive(Arbitrary, Debug)]
enum KeySpec {
    /// A key used before (by index), so inserts repeat and deletes hit stored keys.
    Old(u8),
    New(Vec<u8>),
    /// A short key from a small range: collisions of positions are common at small m.
    Small(u8),
}

#[derive(Arbitrary, Debug)]
enum Op {
    Insert(KeySpec),
    Contains(KeySpec),
    Delete(KeySpec),
}

#[derive(Arbitrary, Debug)]
struct Input {
    /// Parameters, clamped: m below 512 (or any m up to 2^40 for the index checks), k up to
    /// 64, counters of 1 to 32 bits.
    m: u16,
    big_m: u64,
    k: u8,
    bits: u8,
    method: u8,
    sticky: bool,
    ratios: [u8; 2],
    ks: [u8; 2],
    sets: [u16; 4],
    ops: Vec<Op>,
}

fn method_of(x: u8) -> IndexMethod {
    IndexMethod::ALL[x as usize % IndexMethod::ALL.len()]
}

struct Keys(Vec<Vec<u8>>);

impl Keys {
    fn get(&mut self, spec: &KeySpec) -> Vec<u8> {
        let key = match spec {
            KeySpec::Old(i) if !self.0.is_empty() => self.0[*i as usize % self.0.len()].clone(),
            KeySpec::Old(i) | KeySpec::Small(i) => format!("http://a.cn/{}", i % 32).into_bytes(),
            KeySpec::New(b) => b.iter().take(256).copied().collect(),
        };
        self.0.push(key.clone());
        key
    }
}

fn md5(key: &[u8]) -> [u8; 16] {
    Md5::digest(key).into()
}

/// The k positions of `key` among m, from the formulas of `bloom`'s module doc.
fn reference_indices(method: IndexMethod, key: &[u8], k: u32, m: u64) -> Vec<u64> {
    let m128 = u128::from(m);
    match method {
        IndexMethod::Independent => (0..u64::from(k))
            .map(|i| xxh3_64_with_seed(key, i) % m)
            .collect(),
        IndexMethod::Double | IndexMethod::EnhancedDouble => {
            let h = xxh3_128(key);
            let (h1, h2) = (u128::from(h as u64), u128::from((h >> 64) as u64));
            (0..u128::from(k))
                .map(|i| {
                    let extra = if method == IndexMethod::EnhancedDouble {
                        (i * i * i - i) / 6
                    } else {
                        0
                    };
                    ((h1 % m128 + i * (h2 % m128) + extra) % m128) as u64
                })
                .collect()
        }
        IndexMethod::Md5Slices => md5_slices_ref(&md5(key), k, m),
    }
}

fn md5_slices_ref(d0: &[u8; 16], k: u32, m: u64) -> Vec<u64> {
    let w = 128 / k;
    if w >= 64 || m <= 1 << w {
        let v = u128::from_be_bytes(*d0);
        (0..k)
            .map(|i| {
                // Bits [i·w, (i+1)·w) counted from the most significant bit.
                let slice = (v << (i * w)) >> (128 - w);
                (slice % u128::from(m)) as u64
            })
            .collect()
    } else {
        // 64-bit words of D0 ‖ MD5(D0 ‖ 1) ‖ MD5(D0 ‖ 2) ‖ …
        let mut stream = d0.to_vec();
        for j in 1..=k.div_ceil(2) {
            let mut block = d0.to_vec();
            block.push(j as u8);
            stream.extend_from_slice(&md5(&block));
        }
        (0..k as usize)
            .map(|i| u64::from_be_bytes(stream[8 * i..8 * i + 8].try_into().unwrap()) % m)
            .collect()
    }
}

fn check_indices(key: &[u8], k: u32, m: u64, stop: u32) {
    for method in IndexMethod::ALL {
        let got = method.indices(key, k, m);
        assert_eq!(got.len(), k as usize);
        assert!(
            got.iter().all(|&g| g < m),
            "{method:?} k={k} m={m}: {got:?}"
        );
        assert_eq!(
            got,
            reference_indices(method, key, k, m),
            "{method:?} k={k} m={m}"
        );
        // Stopping after `stop + 1` positions visits exactly those.
        let stop = stop % k;
        let mut seen = Vec::new();
        let all = method.for_each_index(key, k, m, |g| {
            seen.push(g);
            seen.len() as u32 <= stop
        });
        assert!(!all);
        assert_eq!(seen, got[..stop as usize + 1]);
        // From a fingerprint: `md5-slices` slices it, the others hash its 16 bytes.
        let d = md5(key);
        let of_md5 = method.indices_of_md5(&d, k, m);
        if method == IndexMethod::Md5Slices {
            assert_eq!(of_md5, got);
        } else {
            assert_eq!(of_md5, method.indices(&d, k, m));
        }
    }
    let w = 128 / k;
    let widened = !(w >= 64 || m <= 1 << w);
    assert_eq!(md5_slice_width(k, m), (!widened).then_some(w));
}

fn check_bloom(input: &Input, m: u64, k: u32, keys: &mut Keys) {
    let method = method_of(input.method);
    let mut bloom = Bloom::new(m, k, method).unwrap();
    let mut stored: Vec<Vec<u8>> = Vec::new();
    let mut stored_set: BTreeSet<Vec<u8>> = BTreeSet::new();
    let mut inserts = 0;
    for op in input.ops.iter().take(64) {
        match op {
            Op::Insert(s) => {
                let key = keys.get(s);
                let was = bloom.contains(&key);
                assert_eq!(bloom.insert(&key), !was);
                assert!(bloom.contains(&key));
                inserts += 1;
                stored_set.insert(key.clone());
                stored.push(key);
            }
            Op::Contains(s) | Op::Delete(s) => {
                let key = keys.get(s);
                if stored_set.contains(&key) {
                    assert!(bloom.contains(&key), "Bloom false negative");
                }
            }
        }
    }
    assert_eq!(bloom.inserted(), inserts);
    // The set bits are the union of the stored keys' positions.
    let mut bits = vec![false; m as usize];
    for key in &stored {
        assert!(bloom.contains(key), "Bloom false negative");
        assert_eq!(bloom.indices(key), method.indices(key, k, m));
        for g in bloom.indices(key) {
            bits[g as usize] = true;
        }
    }
    for (i, &b) in bits.iter().enumerate() {
        assert_eq!(bloom.bit(i as u64), b, "bit {i}");
    }
    assert_eq!(bloom.bits_set(), bits.iter().filter(|&&b| b).count() as u64);
    assert_eq!(bloom.words().len() as u64, m.div_ceil(64));
    assert_eq!(bloom.bytes(), m.div_ceil(64) * 8);

    // measure: false positives among keys never inserted.
    let held: Vec<Vec<u8>> = (0..16u32)
        .map(|i| format!("held-out/{i}/{}", input.m).into_bytes())
        .filter(|h| !stored_set.contains(h))
        .collect();
    let r = bloom.measure(&held);
    let fp = held.iter().filter(|h| bloom.contains(h)).count() as u64;
    assert_eq!((r.trials, r.false_positives), (held.len() as u64, fp));
    assert!(r.ci_low <= r.measured && r.measured <= r.ci_high);
    assert!((0.0..=1.0).contains(&r.exact) && (0.0..=1.0).contains(&r.approx));

    // sweep_fpr's prepared and word paths against one filter per row.
    let mut distinct: Vec<Vec<u8>> = stored_set.into_iter().collect();
    distinct.sort();
    if !distinct.is_empty() {
        let ratios: Vec<f64> = input
            .ratios
            .iter()
            .map(|&r| f64::from(r % 64 + 1) / 4.0)
            .collect();
        // k up to 16: 8-bit MD5 slices, widened from m = 257 on.
        let ks: Vec<u32> = input.ks.iter().map(|&k| u32::from(k) % 16 + 1).collect();
        let rows = sweep_fpr(&distinct, &held, &ratios, &ks, &IndexMethod::ALL).unwrap();
        assert_eq!(rows.len(), 4 * ratios.len() * ks.len());
        for row in &rows {
            let one = measure_fpr(&distinct, &held, row.m, row.k, row.method).unwrap();
            assert_eq!(
                (row.false_positives, row.bits_set),
                (one.false_positives, one.bits_set),
                "sweep_fpr {:?} m={} k={}",
                row.method,
                row.m,
                row.k
            );
        }
    }

    bloom.clear();
    assert_eq!((bloom.bits_set(), bloom.inserted()), (0, 0));
    for key in &stored {
        assert!(!bloom.contains(key));
    }
}

fn check_counters(input: &Input, m: u64, bits: u32) {
    let mut c = Counters::new(m, bits).unwrap();
    let max = c.max();
    assert_eq!(u64::from(max), (1u64 << bits) - 1);
    let mut model = vec![0u32; m as usize];
    let mut x = u64::from(input.m) << 32 | u64::from(input.big_m as u32);
    for _ in 0..64 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = (x >> 33) % m;
        let v = ((x >> 7) as u32) & max;
        c.set(i, v);
        model[i as usize] = v;
    }
    for i in 0..m {
        assert_eq!(c.get(i), model[i as usize], "counter {i} of {bits} bits");
    }
    assert_eq!(c.bytes(), (m * u64::from(bits)).div_ceil(64) * 8);
    assert_eq!(
        c.saturated(),
        model.iter().filter(|&&v| v == max).count() as u64
    );
    assert_eq!(
        c.nonzero(),
        model.iter().filter(|&&v| v != 0).count() as u64
    );
    assert_eq!(c.histogram().iter().sum::<u64>(), m);
}

fn check_counting(input: &Input, m: u64, k: u32, bits: u32, keys: &mut Keys) {
    let method = method_of(input.method);
    let rule = if input.sticky {
        CbfDelete::Sticky
    } else {
        CbfDelete::Decrement
    };
    let mut f = CountingBloom::new(m, k, bits, method)
        .unwrap()
        .with_delete_rule(rule);
    let max = f.counters().max();
    let mut sim = vec![0u32; m as usize];
    let (mut overflow, mut underflow, mut stuck) = (0u64, 0u64, 0u64);
    let mut multiset: BTreeMap<Vec<u8>, u64> = BTreeMap::new();
    for op in input.ops.iter().take(64) {
        match op {
            Op::Insert(s) => {
                let key = keys.get(s);
                f.insert(&key);
                for g in method.indices(&key, k, m) {
                    let c = &mut sim[g as usize];
                    if *c < max {
                        *c += 1;
                    } else {
                        overflow += 1;
                    }
                }
                *multiset.entry(key).or_default() += 1;
            }
            Op::Contains(s) => {
                let key = keys.get(s);
                let idx = method.indices(&key, k, m);
                assert_eq!(f.contains(&key), idx.iter().all(|&g| sim[g as usize] != 0));
            }
            Op::Delete(s) => {
                let key = keys.get(s);
                let present = multiset.get(&key).is_some_and(|&n| n > 0);
                if !present && f.contains(&key) {
                    // Deleting a false positive corrupts the counts (documented): not done.
                    continue;
                }
                let before = f.counters().clone();
                let idx = method.indices(&key, k, m);
                let zero = idx.iter().any(|&g| sim[g as usize] == 0);
                assert_eq!(f.delete(&key), !zero);
                if zero {
                    assert_eq!(f.counters(), &before, "a refused delete changed counters");
                    continue;
                }
                for g in idx {
                    let c = &mut sim[g as usize];
                    if *c == 0 {
                        underflow += 1;
                    } else if *c == max && rule == CbfDelete::Sticky {
                        stuck += 1;
                    } else {
                        *c -= 1;
                    }
                }
                if present {
                    *multiset.get_mut(&key).unwrap() -= 1;
                }
            }
        }
    }
    for (i, &v) in sim.iter().enumerate() {
        assert_eq!(f.counters().get(i as u64), v, "counter {i}");
    }
    assert_eq!(
        (
            f.overflow_events(),
            f.underflow_events(),
            f.stuck_decrements()
        ),
        (overflow, underflow, stuck)
    );
    // The promises: sticky never loses a key; decrement only after an overflow.
    let mut truth = vec![0u64; m as usize];
    for (key, &n) in &multiset {
        for g in method.indices(key, k, m) {
            truth[g as usize] += n;
        }
    }
    if rule == CbfDelete::Sticky || overflow == 0 {
        for (key, &n) in &multiset {
            if n > 0 {
                assert!(
                    f.contains(key),
                    "{rule:?}: false negative (overflow {overflow})"
                );
            }
        }
        assert_eq!(underflow, 0);
        for (i, &t) in truth.iter().enumerate() {
            let c = u64::from(sim[i]);
            assert!(c == t || (rule == CbfDelete::Sticky && c == u64::from(max)));
        }
    }
    let report = f.report();
    assert_eq!(report.histogram.iter().sum::<u64>(), m);
    assert_eq!(
        report.saturated_counters,
        sim.iter().filter(|&&v| v == max).count() as u64
    );
}

fn check_imp_cb(input: &Input, m: u64, k: u32, bits: u32, keys: &mut Keys) {
    let method = method_of(input.method);
    let mut imps: Vec<ImpCb> = SaturatedDelete::ALL
        .into_iter()
        .map(|r| ImpCb::new(m, k, bits, method).unwrap().with_resolve(r))
        .collect();
    let mut store = FingerprintStore::new();
    let max = u64::from(imps[0].counters().max());
    let mut multiset: BTreeMap<Vec<u8>, u32> = BTreeMap::new();
    let mut truth = vec![0u64; m as usize];
    let mut overflow = 0u64;
    for op in input.ops.iter().take(64) {
        match op {
            Op::Insert(s) => {
                let key = keys.get(s);
                let n = multiset.entry(key.clone()).or_default();
                let want = if *n == 0 {
                    Verdict::New
                } else {
                    Verdict::Duplicate
                };
                *n += 1;
                for imp in &mut imps {
                    assert_eq!(imp.process(&key), want, "{:?}", imp.resolve());
                }
                assert_eq!(store.process(&key), want);
                if want == Verdict::New {
                    for g in imps[0].indices(&key) {
                        overflow += u64::from(truth[g as usize] >= max);
                        truth[g as usize] += 1;
                    }
                }
            }
            Op::Contains(s) => {
                let key = keys.get(s);
                let n = multiset.get(&key).copied().unwrap_or(0);
                for imp in &imps {
                    assert_eq!(imp.contains(&key), n > 0, "{:?}", imp.resolve());
                    assert_eq!(imp.count(&key), n);
                }
                assert_eq!((store.contains(&key), store.count(&key)), (n > 0, n));
            }
            Op::Delete(s) => {
                let key = keys.get(s);
                let n = multiset.get(&key).copied().unwrap_or(0);
                let want = match n {
                    0 => DeleteOutcome::Absent,
                    1 => DeleteOutcome::Removed,
                    _ => DeleteOutcome::Decremented,
                };
                if want == DeleteOutcome::Removed {
                    for g in imps[0].indices(&key) {
                        truth[g as usize] -= 1;
                    }
                }
                for imp in &mut imps {
                    assert_eq!(imp.delete(&key), want, "{:?}", imp.resolve());
                }
                assert_eq!(store.delete(&key), want);
                if n > 0 {
                    *multiset.get_mut(&key).unwrap() -= 1;
                }
            }
        }
        for imp in &imps {
            for (i, &t) in truth.iter().enumerate() {
                let c = u64::from(imp.counters().get(i as u64));
                assert_eq!(c, t.min(max), "{:?}: counter {i}", imp.resolve());
            }
        }
    }
    let distinct = multiset.values().filter(|&&n| n > 0).count();
    for imp in &imps {
        assert_eq!(imp.len(), distinct);
        assert_eq!(imp.stats().overflow_events, overflow, "{:?}", imp.resolve());
        for (key, &n) in &multiset {
            assert_eq!(imp.contains(key), n > 0, "{:?}", imp.resolve());
            let d = md5(key);
            let want: Vec<u32> = method
                .indices_of_md5(&d, k, m)
                .into_iter()
                .map(|g| g as u32)
                .collect();
            assert_eq!(imp.indices(key), want);
        }
        imp.report();
    }
    assert_eq!(store.len(), distinct);

    // The deletion experiment on the distinct keys seen.
    let mut distinct_keys: Vec<Vec<u8>> = keys.0.clone();
    distinct_keys.sort();
    distinct_keys.dedup();
    distinct_keys.truncate(64);
    let delete = input.sets[0] as usize % (distinct_keys.len() + 1);
    let r = deletion_experiment(&distinct_keys, delete, m, k, bits, method).unwrap();
    assert_eq!(r.rows.len(), 3);
    assert_eq!(r.rows[1].false_negatives, 0, "cbf-sticky lost a key");
    assert_eq!(r.rows[2].false_negatives, 0, "imp-cb lost a key");
    assert_eq!(
        r.rows[2].deleted_still_present, 0,
        "imp-cb kept a deleted key"
    );
    if r.rows[0].overflow_events == 0 {
        assert_eq!(r.rows[0].false_negatives, 0);
    }
}

/// The theory functions on parameters from the input: probabilities in [0, 1], the binomial
/// counter distribution against a direct sum for small N·k, its tail against the pmf, the
/// Wilson interval around the measured rate, `m_for` within its range.
fn check_theory(input: &Input) {
    let nk = u64::from(input.sets[0]) % 4096;
    let m = (input.big_m % (1 << 20) + 1) as f64;
    let j = u64::from(input.k % 80);
    let pmf = counter_pmf(nk, m, j);
    let tail = counter_tail(nk, m, j);
    let tail_next = counter_tail(nk, m, j + 1);
    for x in [pmf, tail, tail_next] {
        assert!((0.0..=1.0).contains(&x), "nk={nk} m={m} j={j}: {x}");
    }
    assert!(
        tail_next <= tail + 1e-12,
        "tail not decreasing: nk={nk} m={m} j={j}"
    );
    // P(c >= j) − P(c >= j + 1) = P(c = j).
    assert!(
        (tail - tail_next - pmf).abs() <= 1e-9,
        "tail and pmf disagree: nk={nk} m={m} j={j}: {tail} - {tail_next} vs {pmf}"
    );
    if nk <= 60 {
        // C(nk, j) p^j (1 − p)^(nk − j), directly.
        let p = 1.0 / m;
        let direct = if j > nk {
            0.0
        } else {
            let c = (0..j).fold(1.0, |c, t| c * (nk - t) as f64 / (t + 1) as f64);
            c * p.powi(j as i32) * (1.0 - p).powi((nk - j) as i32)
        };
        assert!(
            (pmf - direct).abs() <= 1e-9 * direct.max(1e-300) + 1e-300,
            "counter_pmf({nk}, {m}, {j}) = {pmf}, directly {direct}"
        );
    }
    let bits = u32::from(input.bits) % 32 + 1;
    let th = overflow_theory(nk / 64, u32::from(input.k) % MAX_K + 1, m as u64, bits);
    assert!((0.0..=1.0).contains(&th.p_overflow_per_counter));
    assert!(th.expected_overflowing <= th.expected_saturated + 1e-9 * m);

    let trials = u64::from(input.sets[1]);
    let successes = u64::from(input.sets[2]).min(trials);
    let (lo, hi) = wilson_interval(successes, trials, Z_95);
    let rate = if trials == 0 {
        0.0
    } else {
        successes as f64 / trials as f64
    };
    assert!(
        0.0 <= lo && lo <= hi && hi <= 1.0,
        "wilson({successes}, {trials})"
    );
    if trials > 0 {
        assert!(
            lo <= rate + 1e-12 && rate <= hi + 1e-12,
            "wilson({successes}, {trials})"
        );
    }

    let k = f64::from(input.k % 64 + 1);
    let (n, mm) = (f64::from(input.sets[3]), m);
    for x in [
        fpr_exact(k, n, mm),
        fpr_approx(k, n, mm),
        expected_fill(k, n, mm),
    ] {
        assert!((0.0..=1.0).contains(&x), "k={k} n={n} m={mm}: {x}");
    }
    let ratio = f64::from_bits(input.big_m);
    match m_for(u64::from(input.sets[3]), ratio) {
        Ok(m) => assert!((1..=MAX_M).contains(&m) && ratio.is_finite() && ratio > 0.0),
        Err(_) => assert!(!(ratio.is_finite() && ratio > 0.0) || ratio * n > MAX_M as f64),
    }
}

fuzz_target!(|input: Input| {
    let mut keys = Keys(Vec::new());
    let k = u32::from(input.k) % MAX_K + 1;
    let bits = u32::from(input.bits) % 32 + 1;
    // Small bit counts saturate: make them the common case.
    let bits = if bits > 8 && input.bits & 0x80 == 0 {
        bits % 4 + 1
    } else {
        bits
    };
    let m = u64::from(input.m) % 512 + 1;
    let big_m = input.big_m % MAX_M + 1;

    let key = match input.ops.first() {
        Some(Op::Insert(s) | Op::Contains(s) | Op::Delete(s)) => keys.get(s),
        None => b"http://a.cn/".to_vec(),
    };
    check_indices(&key, k, big_m, input.sets[1].into());
    check_indices(&key, k, m, input.sets[2].into());
    check_indices(&key, k, 1 << (input.sets[3] % 41), input.sets[3].into());

    // Smaller k for the filters so that a run stays fast.
    let small_k = k % 12 + 1;
    check_bloom(&input, m, small_k, &mut keys);
    check_counters(&input, m, bits);
    check_counting(&input, m.min(128), small_k, bits, &mut keys);
    check_imp_cb(&input, m.min(128), small_k, bits, &mut keys);
    check_theory(&input);
});
