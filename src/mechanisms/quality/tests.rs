use super::keysets::{self, Keys};
use super::scores::*;
use super::*;
use crate::foundation::mix::SplitMix;

fn keys_of(list: &[Vec<u8>]) -> Keys {
    let mut k = Keys::unchecked();
    for key in list {
        k.push(key);
    }
    k
}

/// A small, weak function for the differential tests: a 16-bit multiply-add over the bytes.
fn weak(k: &[u8]) -> u128 {
    let mut h: u32 = 7;
    for &b in k {
        h = h.wrapping_mul(31).wrapping_add(b as u32);
    }
    (h ^ (h >> 9)) as u128 & 0xFFFF
}

/// The reference avalanche: every key, every input bit, every output bit, by shifts.
fn reference_flips(
    keys: &[Vec<u8>],
    bytes: usize,
    bits: u32,
    f: &dyn Fn(&[u8]) -> u128,
) -> Vec<u32> {
    let mut flips = vec![0u32; bytes * 8 * bits as usize];
    for key in keys {
        for i in 0..bytes * 8 {
            let mut other = key.clone();
            other[i / 8] ^= 1 << (i % 8);
            for j in 0..bits {
                let a = (f(key) >> j) & 1;
                let b = (f(&other) >> j) & 1;
                if a != b {
                    flips[i * bits as usize + j as usize] += 1;
                }
            }
        }
    }
    flips
}

/// The reference 2 × 2 χ² of independence, cell by cell as a textbook writes it.
fn reference_chi2(n00: f64, n01: f64, n10: f64, n11: f64) -> f64 {
    let n = n00 + n01 + n10 + n11;
    let table = [[n00, n01], [n10, n11]];
    let rows = [n00 + n01, n10 + n11];
    let cols = [n00 + n10, n01 + n11];
    let mut chi2 = 0.0;
    for r in 0..2 {
        for c in 0..2 {
            let e = rows[r] * cols[c] / n;
            if e < 10.0 {
                return n;
            }
            chi2 += (table[r][c] - e).powi(2) / e;
        }
    }
    chi2
}

fn random_keys(n: usize, bytes: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = SplitMix::new(seed, 9);
    (0..n)
        .map(|_| (0..bytes).map(|_| 1 + rng.below(255) as u8).collect())
        .collect()
}

#[test]
fn avalanche_and_bic_equal_a_plain_reference() {
    let list = random_keys(60, 4, 1);
    let keys = keys_of(&list);
    let subject = Subject::custom("weak", 16, weak);
    let (map, [av, bic]) = avalanche("t", &subject, &keys, 4);
    assert_eq!(map.samples, 60);
    assert_eq!((map.input_bits, map.output_bits), (32, 16));
    assert_eq!(map.flips, reference_flips(&list, 4, 16, &weak));
    // The worst cell, found plainly.
    let (at, c) = map
        .flips
        .iter()
        .enumerate()
        .max_by_key(|(i, &c)| ((2 * c as i64 - 60).abs(), std::cmp::Reverse(*i)))
        .unwrap();
    assert_eq!(av.input_bit, Some(at as u32 / 16));
    assert_eq!(av.output_bit, Some(at as u32 % 16));
    assert!((av.observed - *c as f64 / 60.0).abs() < 1e-12);
    assert_eq!(av.tests, 32 * 16);
    // The BIC, every input bit of the list, every pair, counted sample by sample.
    assert_eq!(map.bic_input_bits, vec![0, 9, 18, 27]);
    let mut worst = vec![0f64; 16 * 16];
    let mut worst_chi2 = 0f64;
    for &i in &map.bic_input_bits {
        for j in 0..16u32 {
            for k in j + 1..16 {
                let mut cells = [0f64; 4];
                for key in &list {
                    let mut other = key.clone();
                    other[i as usize / 8] ^= 1 << (i % 8);
                    let d = weak(key) ^ weak(&other);
                    let (a, b) = ((d >> j) & 1, (d >> k) & 1);
                    cells[(2 * a + b) as usize] += 1.0;
                }
                let chi2 = reference_chi2(cells[0], cells[1], cells[2], cells[3]);
                worst_chi2 = worst_chi2.max(chi2);
                let phi = (chi2 / 60.0).sqrt();
                let at = (j * 16 + k) as usize;
                worst[at] = worst[at].max(phi);
                worst[(k * 16 + j) as usize] = worst[at];
            }
        }
    }
    for (got, want) in map.bic_worst.iter().zip(&worst) {
        assert!((*got as f64 - want).abs() < 1e-6, "{got} vs {want}");
    }
    assert!((bic.observed - (worst_chi2 / 60.0).sqrt()).abs() < 1e-9);
    assert_eq!(bic.tests, 4 * 16 * 15 / 2);
}

#[test]
fn collisions_equal_a_pairwise_count() {
    let list = random_keys(3000, 3, 2);
    let subject = Subject::custom("weak", 16, weak);
    let values: Vec<u128> = list.iter().map(|k| subject.hash(k)).collect();
    // Keys whose value equals an earlier key's value, pair by pair.
    let mut reference = 0u64;
    for i in 0..values.len() {
        if (0..i).any(|j| values[j] == values[i]) {
            reference += 1;
        }
    }
    let lines = collision_tests("t", &values, 16);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].observed, reference as f64);
    // In 16 bits: n − 2^16 (1 − (1 − 2^−16)^n).
    let n = 3000f64;
    let m = 65536f64;
    let want = n - m * (1.0 - (1.0 - 1.0 / m).powf(n));
    assert!((lines[0].expected - want).abs() < 1e-6 * want);
    // A 40-bit function is tested in its low and high 32 bits too.
    let wide: Vec<u128> = (0..100u128).collect();
    let w = collision_tests("t", &wide, 40);
    assert_eq!(
        w.iter().map(|t| t.test).collect::<Vec<_>>(),
        [
            TestKind::Collisions,
            TestKind::CollisionsLow32,
            TestKind::CollisionsHigh32
        ]
    );
    assert_eq!(w[1].observed, 0.0);
    assert_eq!(w[2].observed, 99.0); // the high 32 bits are all 0
    assert_eq!(w[2].verdict, Verdict::Fail);
}

#[test]
fn statistics_known_values() {
    // χ² of 10, 20, 30 against 20 each: 10 with 2 degrees of freedom, p = e^-5.
    let (chi2, p) = chi_square(&[10, 20, 30]);
    assert!((chi2 - 10.0).abs() < 1e-12);
    assert!((p - (-5f64).exp()).abs() < 1e-12);
    // ^N and Šidák.
    assert_eq!(log2_p(1.0), 0);
    assert_eq!(log2_p(0.5), 1);
    assert_eq!(log2_p(0.3), 2);
    assert_eq!(log2_p(1e-40), 99);
    assert_eq!(log2_p(FAIL_P), 20);
    assert!((sidak(0.01, 2) - (1.0 - 0.99f64 * 0.99)).abs() < 1e-15);
    assert!((sidak(1e-12, 1000) - 1e-9).abs() < 1e-15);
    assert_eq!(Verdict::of(FAIL_P), Verdict::Fail);
    assert_eq!(Verdict::of(WARN_P), Verdict::Warn);
    assert_eq!(Verdict::of(WARN_P * 1.01), Verdict::Pass);
    // Birthday expectations: 2^16 keys in 32 bits ≈ 1/2; in 16 bits ≈ 2^16 / e.
    assert!((expected_collisions(65536, 32) - 0.499_992).abs() < 1e-5);
    assert!((expected_collisions(65536, 16) - 65536.0 / std::f64::consts::E).abs() < 1.0);
    let n = (1u64 << 20) as f64;
    assert_eq!(
        expected_collisions(1 << 20, 64),
        n * (n - 1.0) / 2f64.powi(65)
    );
    // Poisson tails: 10 collisions where 1 is expected is rare; the expectation is not.
    assert_eq!(collision_p(1.0, 0), 1.0);
    assert!(collision_p(1.0, 1) > 0.2);
    let p10 = collision_p(1.0, 10);
    // P(X ≥ 10 | λ = 1) = 1.1e-7; the bound is above it and within a factor of 10.
    assert!(p10 > 1.1e-7 && p10 < 1.1e-6, "{p10}");
    // A fair coin: 500 of 1000 is perfect; 600 of 1000 is 6.3 σ.
    assert!((coin_p(500, 1000) - 1.0).abs() < 1e-12);
    assert!(coin_p(600, 1000) < 1e-9);
    assert!((normal_upper_tail(1.959_963_984_540_054) - 0.025).abs() < 1e-9);
    assert!((normal_upper_tail(-1.0) - 0.841_344_746).abs() < 1e-8);
}

#[test]
fn uniformity_sees_a_low_bits_bias_and_not_a_fair_spread() {
    // Values whose low 4 bits are always 0: the low side fails at every M, the high side passes.
    let mut rng = SplitMix::new(3, 3);
    let values: Vec<u128> = (0..70_000)
        .map(|_| (rng.next() as u32 & !0xF) as u128)
        .collect();
    let t = uniformity_tests("t", &values, 32);
    assert_eq!(t.len(), 2);
    assert_eq!(t[0].test, TestKind::UniformityLow);
    assert_eq!(t[0].verdict, Verdict::Fail);
    assert_eq!(t[0].tests, 3);
    assert_eq!(t[1].verdict, Verdict::Pass);
    // 12 bits wide: 2^16 is not tested.
    let t = uniformity_tests(
        "t",
        &values.iter().map(|v| v & 0xFFF).collect::<Vec<_>>(),
        12,
    );
    assert_eq!(t[0].tests, 2);
}

#[test]
fn sparse_and_two_byte_sets_have_their_sizes() {
    assert_eq!(keysets::sparse(8, 3).len(), 43_745);
    assert_eq!(keysets::sparse(32, 2).len(), 32_897);
    assert_eq!(keysets::two_bytes(3).len(), 195_841);
    let (p, c, s) = keysets::cut(b"http://a.cn/x/y.html?q=1");
    assert_eq!(
        (p, c, s),
        (&b"http://a.cn"[..], &b"/x/y"[..], &b".html?q=1"[..])
    );
    let (p, c, s) = keysets::cut(b"http://a.cn");
    assert_eq!((p, c, s), (&b"http://a.cn"[..], &b""[..], &b""[..]));
}

fn run(subjects: Vec<Subject>, urls: &[String], synthetic: bool) -> QualityReport {
    let params = QualityParams {
        synthetic,
        ..QualityParams::default()
    };
    let mut s = QualityStudy::new(subjects, params);
    for u in urls {
        s.push(u.as_bytes());
    }
    let mut t = 0.0;
    s.finish(&mut || {
        t += 0.5;
        t
    })
}

fn row<'a>(r: &'a QualityReport, id: &str) -> &'a SummaryRow {
    r.summary.iter().find(|x| x.hash == id).unwrap()
}

#[test]
fn xxh3_passes_the_synthetic_sets_and_bad_functions_fail() {
    let r = run(
        vec![
            Subject::registry(HashId::Xxh3),
            Subject::custom("first-8-bytes", 64, |k| {
                let mut b = [0u8; 8];
                let n = k.len().min(8);
                b[..n].copy_from_slice(&k[..n]);
                u64::from_le_bytes(b) as u128
            }),
            Subject::custom("constant", 32, |_| 12345),
        ],
        &[],
        true,
    );
    let ids: Vec<&str> = r.keysets.iter().map(|k| k.id.as_str()).collect();
    assert!(ids.contains(&"two-bytes") && ids.contains(&"avalanche-random"));
    let x = row(&r, "xxh3");
    assert_eq!(
        x.failures,
        0,
        "{:?}",
        r.functions[0]
            .tests
            .iter()
            .filter(|t| t.verdict != Verdict::Pass)
            .collect::<Vec<_>>()
    );
    assert!(x.tests >= 6 * 5 + 2, "{}", x.tests);
    // Long keys that differ only at the end collide in their first 8 bytes.
    let first = &r.functions[1];
    let tail = first
        .tests
        .iter()
        .find(|t| t.keyset == "long-tail" && t.test == TestKind::Collisions)
        .unwrap();
    assert_eq!(tail.observed, 63_999.0);
    assert_eq!(tail.log2_p, 99);
    assert_eq!(tail.verdict, Verdict::Fail);
    // Its input bits past byte 8 never reach the output.
    let av = first
        .tests
        .iter()
        .find(|t| t.test == TestKind::Avalanche)
        .unwrap();
    assert_eq!(av.verdict, Verdict::Fail);
    // A constant fails every line.
    let constant = row(&r, "constant");
    assert_eq!(constant.failures, constant.tests);
    assert_eq!(constant.worst_log2_p, 99);
    // SMHasher3's order: the passing function first, then by failures.
    assert_eq!(r.summary[0].hash, "xxh3");
    assert!(r.summary[1].failures <= r.summary[2].failures);
}

#[test]
fn url_keysets_and_p1_columns() {
    let urls: Vec<String> = (0..3000)
        .map(|i| {
            format!(
                "http://www.host{}.edu.cn/dept/{}/page{}.htm",
                i % 50,
                i % 7,
                i
            )
        })
        .collect();
    let mut twice = urls.clone();
    twice.extend(urls.iter().take(100).cloned());
    let r = run(
        vec![
            Subject::registry(HashId::Hf),
            Subject::registry(HashId::Md5),
        ],
        &twice,
        false,
    );
    assert_eq!(r.lines, 3100);
    assert_eq!(r.distinct_urls, 3000);
    let size = |id: &str| r.keysets.iter().find(|k| k.id == id).unwrap().keys;
    assert_eq!(size("urls"), 3000);
    assert_eq!(size("hosts"), 50);
    assert!(size("one-byte") > 2000 * 10 && size("one-bit") > 2000 * 10);
    assert!(size("recombined") > 10_000);
    assert!(r.keysets.iter().all(|k| k.origin == "urls"));
    // hf among 12 machines: 3 Σ c·i is a multiple of 3, so only 4 of 12 get URLs: B ≈ 3.
    let hf = row(&r, "hf");
    assert!((hf.b.unwrap() - 3.0).abs() < 0.3, "{:?}", hf.b);
    assert!(hf.failures > 0);
    let md5 = row(&r, "md5");
    assert_eq!(md5.failures, 0);
    assert!(md5.b.unwrap() < 1.3);
    let p1 = r.functions[1].p1.as_ref().unwrap();
    assert_eq!(p1.a_slots, 1200);
    assert!((p1.a - p1.a_random).abs() < 0.15, "{p1:?}");
    // The clock moves 0.5 ms a reading: every function's time is positive.
    assert!(r.summary.iter().all(|s| s.ns_per_key > 0.0));
    // The heat maps: 256 input bits × the width.
    let m = &r.functions[1].avalanche[0];
    assert_eq!(
        (m.input_bits, m.output_bits, m.flips.len()),
        (256, 128, 256 * 128)
    );
    assert_eq!(m.bic_worst.len(), 64 * 64);
}

#[test]
fn the_battery_runs_in_steps_to_the_same_report() {
    let urls: Vec<String> = (0..500)
        .map(|i| format!("http://a{}.cn/{}", i % 9, i))
        .collect();
    let params = QualityParams {
        synthetic: false,
        samples: 50,
        ..QualityParams::default()
    };
    let mut a = QualityStudy::for_hashes(&[HashId::Crc32, HashId::Crc32], params.clone());
    let mut b = QualityStudy::for_hashes(&[HashId::Crc32], params);
    for u in &urls {
        a.push(u.as_bytes());
        b.push(u.as_bytes());
    }
    let clock = || {
        let mut t = 0.0;
        move || {
            t += 1.0;
            t
        }
    };
    let mut battery = a.begin();
    let units = battery.units();
    let mut c = clock();
    let mut slices = 0;
    while !battery.run_for(3.0, &mut c) {
        slices += 1;
    }
    assert!(slices > 1);
    assert_eq!(battery.done(), units);
    let stepped = battery.finish();
    let whole = b.finish(&mut clock());
    assert_eq!(stepped.functions.len(), 1);
    assert_eq!(stepped.functions[0].tests, whole.functions[0].tests);
    assert_eq!(stepped.functions[0].avalanche, whole.functions[0].avalanche);
    let json = serde_json::to_value(&stepped).unwrap();
    assert_eq!(json["summary"][0]["hash"], "crc32");
    assert!(json["functions"][0]["tests"][0]["log2_p"].is_u64());
    assert_eq!(json["keysets"][0]["id"], "urls");
}
