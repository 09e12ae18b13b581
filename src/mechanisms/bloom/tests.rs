use super::*;
use crate::foundation::corpus::Corpus;
use crate::foundation::hash::md5_digest;
use xxhash_rust::xxh3::{xxh3_128, xxh3_64_with_seed};

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn md5_rfc1321_vectors_and_slices() {
    // RFC 1321 appendix A.5.
    assert_eq!(
        u128::from_be_bytes(md5_digest(b"")),
        0xd41d8cd98f00b204e9800998ecf8427e
    );
    assert_eq!(
        u128::from_be_bytes(md5_digest(b"abc")),
        0x900150983cd24fb0d6963f7d28e17f72
    );
    // k = 8, m = 2^16: the eight groups of four hex digits.
    let g = IndexMethod::Md5Slices.indices(b"", 8, 1 << 16);
    assert_eq!(
        g,
        [0xd41d, 0x8cd9, 0x8f00, 0xb204, 0xe980, 0x0998, 0xecf8, 0x427e]
    );
    // m = 10 000 (not a power of two): each slice mod m.
    // 0x9001 = 36865 → 6865; 0x5098 = 20632 → 632; 0x3cd2 = 15570 → 5570;
    // 0x4fb0 = 20400 → 400; 0xd696 = 54934 → 4934; 0x3f7d = 16253 → 6253;
    // 0x28e1 = 10465 → 465; 0x7f72 = 32626 → 2626.
    let g = IndexMethod::Md5Slices.indices(b"abc", 8, 10_000);
    assert_eq!(g, [6865, 632, 5570, 400, 4934, 6253, 465, 2626]);
    // k = 4: 32-bit slices 0x90015098, 0x3cd24fb0, 0xd6963f7d, 0x28e17f72.
    let g = IndexMethod::Md5Slices.indices(b"abc", 4, 1 << 32);
    assert_eq!(g, [0x90015098, 0x3cd24fb0, 0xd6963f7d, 0x28e17f72]);
    // k = 3: 42-bit slices, the last 2 bits unused: the top 42 bits of the digest.
    let g = IndexMethod::Md5Slices.indices(b"abc", 3, 1 << 42);
    assert_eq!(g[0], 0x900150983cd24fb0u64 >> 22);
    // k = 1: the whole digest mod m.
    let g = IndexMethod::Md5Slices.indices(b"abc", 1, 1_000_003);
    assert_eq!(
        g,
        [(0x900150983cd24fb0d6963f7d28e17f72u128 % 1_000_003) as u64]
    );
}

#[test]
fn md5_slices_widen_to_64_bit_words_of_rehashed_digests() {
    let m = 40_000_000; // P5: 20 x 2 000 000 counters, beyond 2^16
    assert_eq!(md5_slice_width(8, m), None);
    let d0 = md5_digest(b"abc");
    let d1 = md5_stream_digest(&d0, 1);
    let mut buf = d0.to_vec();
    buf.push(1);
    assert_eq!(d1, md5_digest(&buf));
    let g = IndexMethod::Md5Slices.indices(b"abc", 8, m);
    // Slices 0 and 1 are the halves of MD5("abc").
    assert_eq!(g[0], 0x900150983cd24fb0 % m);
    assert_eq!(g[1], 0xd6963f7d28e17f72 % m);
    assert_eq!(g[2], u64::from_be_bytes(d1[..8].try_into().unwrap()) % m);
    assert_eq!(g[3], u64::from_be_bytes(d1[8..].try_into().unwrap()) % m);
    let d3 = md5_stream_digest(&d0, 3);
    assert_eq!(g[7], u64::from_be_bytes(d3[8..].try_into().unwrap()) % m);
    // Exactly 2^16 still fits a 16-bit slice; one more does not.
    assert_eq!(md5_slice_width(8, 1 << 16), Some(16));
    assert_eq!(md5_slice_width(8, (1 << 16) + 1), None);
    assert_eq!(md5_slice_width(64, 4), Some(2));
    assert_eq!(md5_slice_width(64, 5), None);
    assert_eq!(md5_slice_width(2, u64::MAX), Some(64));
    // The fingerprint form slices the digest itself.
    assert_eq!(IndexMethod::Md5Slices.indices_of_md5(&d0, 8, m), g);
}

#[test]
fn double_and_enhanced_double_follow_their_formulas() {
    for key in [&b"http://www.pku.edu.cn/"[..], b"", b"abc"] {
        let h = xxh3_128(key);
        let (h1, h2) = (h as u64 as u128, (h >> 64) as u64 as u128);
        for m in [1u64, 2, 7, 64, 1000, 1 << 20, 40_000_000, (1 << 40) - 3] {
            let k = 20;
            let d = IndexMethod::Double.indices(key, k, m);
            let e = IndexMethod::EnhancedDouble.indices(key, k, m);
            for i in 0..k as u128 {
                let mm = m as u128;
                assert_eq!(d[i as usize] as u128, (h1 + i * h2) % mm);
                // Dillinger–Manolios closed form: h1 + i h2 + (i^3 - i)/6.
                assert_eq!(
                    e[i as usize] as u128,
                    (h1 + i * h2 + (i * i * i - i) / 6) % mm
                );
            }
        }
        let ind = IndexMethod::Independent.indices(key, 3, 1 << 30);
        assert_eq!(ind[2], xxh3_64_with_seed(key, 2) % (1 << 30));
    }
}

#[test]
fn ids_round_trip_and_serialize() {
    for m in IndexMethod::ALL {
        assert_eq!(IndexMethod::parse(m.id()), Ok(m));
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            format!("\"{}\"", m.id())
        );
    }
    assert!(IndexMethod::parse("md5").is_err());
}

#[test]
fn early_exit_and_shape_checks() {
    let mut seen = 0;
    let all = IndexMethod::Independent.for_each_index(b"x", 8, 100, |_| {
        seen += 1;
        seen < 3
    });
    assert!(!all);
    assert_eq!(seen, 3);
    assert!(Bloom::new(0, 8, IndexMethod::Double).is_err());
    assert!(Bloom::new(10, 0, IndexMethod::Double).is_err());
    assert!(Bloom::new(10, 65, IndexMethod::Double).is_err());
    assert!(Bloom::new(MAX_M + 1, 1, IndexMethod::Double).is_err());
    assert!(Bloom::for_keys(10, -1.0, 8, IndexMethod::Double).is_err());
    assert_eq!(m_for(100_000, 16.0), Ok(1_600_000));
    assert_eq!(m_for(0, 16.0), Ok(1));
}

#[test]
fn theory_against_hand_computed_values() {
    // m/N = 16, k = 8: kn/m = 0.5, e^-0.5 = 0.60653066, 1 - that = 0.39346934,
    // squared 0.15481812, ^4 0.02396865, ^8 5.7449e-4.
    let p4 = fpr_approx(8.0, 1.0, 16.0);
    assert!(close(p4, 5.7449e-4, 1e-4), "{p4}");
    // m/N = 20, k = 8: e^-0.4 = 0.67032005, 1 - that = 0.32967995, ^2 0.10868887,
    // ^4 0.01181327, ^8 1.39553e-4.
    let p5 = fpr_approx(8.0, 1.0, 20.0);
    assert!(close(p5, 1.39553e-4, 1e-4), "{p5}");
    // Optimal k = 20 ln 2 = 13.8629; the rate is 2^-13.8629 = e^(-13.8629 * 0.693147)
    // = e^-9.60906 = 6.7055e-5. k = 14 gives (1 - e^-0.7)^14 = 0.50341470^14 = 6.7093e-5.
    assert!(close(optimal_k(20.0), 13.862_943_6, 1e-8));
    assert!(close(
        fpr_approx(optimal_k(20.0), 1.0, 20.0),
        6.7055e-5,
        1e-3
    ));
    assert!(close(fpr_approx(14.0, 1.0, 20.0), 6.7093e-5, 1e-3));
    assert_eq!(best_integer_k(20.0), 14);
    assert_eq!(best_integer_k(16.0), 11); // 16 ln 2 = 11.09
    assert_eq!(best_integer_k(1.0), 1);
    // The papers' points agree with the formula to their two digits.
    for p in PAPER_POINTS {
        let f = fpr_approx(p.k, 1.0, p.m_over_n);
        assert!(close(f, p.fpr, 0.01), "{}: {f} vs {}", p.id, p.fpr);
    }
    // The exact form: m = 16, n = 1, k = 8: (1 - 1/16)^8 = 0.9375^8 = 0.59674;
    // 1 - that = 0.40326; ^8 = 7.0e-4 (small m is worse than the approximation).
    let e = fpr_exact(8.0, 1.0, 16.0);
    assert!(close(e, 0.403_26_f64.powi(8), 1e-3), "{e}");
    // For large m the exact and approximate forms agree to ~k²n/m² relative terms.
    let (ex, ap) = (fpr_exact(8.0, 1e6, 1.6e7), fpr_approx(8.0, 1e6, 1.6e7));
    assert!(close(ex, ap, 1e-6), "{ex} {ap}");
    assert!(ex > ap);
    // m = 1: every bit is set after one key.
    assert_eq!(fpr_exact(3.0, 1.0, 1.0), 1.0);
    assert_eq!(fpr_exact(3.0, 0.0, 10.0), 0.0);
    // 1 % at the optimum needs 9.585 bits per key.
    assert!(close(m_over_n_for_fpr(0.01), 9.585, 1e-3));
}

#[test]
fn wilson_interval_hand_computed() {
    // 10 of 100 at z = 1.96: p = 0.1, z²/n = 0.038416, denom 1.038416,
    // centre (0.1 + 0.019208)/1.038416 = 0.114800,
    // half 1.96/1.038416 · sqrt(0.0009 + 0.00009604) = 1.887488 · 0.0315601 = 0.059569:
    // (0.055231, 0.174369).
    let (lo, hi) = wilson_interval(10, 100, 1.96);
    assert!((lo - 0.055_231).abs() < 1e-5, "{lo}");
    assert!((hi - 0.174_369).abs() < 1e-5, "{hi}");
    let (lo, hi) = wilson_interval(0, 1000, Z_95);
    assert_eq!(lo, 0.0);
    // Zero successes: upper z²/(n + z²) = 3.8415/1003.8415 = 3.827e-3.
    assert!((hi - 3.8415 / 1003.8415).abs() < 1e-6);
    assert_eq!(wilson_interval(0, 0, Z_95), (0.0, 1.0));
    assert_eq!(wilson_interval(5, 5, Z_95).1, 1.0);
}

#[test]
fn filter_basics() {
    let mut b = Bloom::new(1000, 3, IndexMethod::Independent).unwrap();
    assert!(!b.contains(b"a"));
    assert!(b.insert(b"a"));
    assert!(!b.insert(b"a")); // already present: no new bit
    assert!(b.contains(b"a"));
    assert_eq!(b.inserted(), 2);
    let g = b.indices(b"a");
    assert_eq!(g.len(), 3);
    assert!(g.iter().all(|&i| b.bit(i)));
    let distinct: std::collections::HashSet<_> = g.iter().collect();
    assert_eq!(b.bits_set(), distinct.len() as u64);
    assert_eq!(b.bytes(), 16 * 8);
    b.clear();
    assert_eq!(b.bits_set(), 0);
    // m = 1: everything is present after one insert.
    let mut one = Bloom::new(1, 5, IndexMethod::Md5Slices).unwrap();
    one.insert(b"x");
    assert!(one.contains(b"anything"));
}

#[test]
fn measured_rates_bracket_the_theory_on_the_corpus() {
    // 20 000 inserted, 100 000 held out, m/N = 8, k = 4: theory
    // (1 - e^-0.5)^4 = 0.39346934^4 = 0.02396865.
    let corpus = Corpus::new(2004);
    let ins: Vec<Vec<u8>> = corpus.iter(0, 20_000).collect();
    let out: Vec<Vec<u8>> = corpus.iter(20_000, 100_000).collect();
    let rows = sweep_fpr(&ins, &out, &[8.0], &[4], &IndexMethod::ALL).unwrap();
    assert_eq!(rows.len(), 4);
    for r in &rows {
        assert!(close(r.approx, 0.023_968_65, 1e-5));
        // Every method within 15 % of theory here (about 2 400 false positives).
        assert!(close(r.measured, r.exact, 0.15), "{r:?}");
        assert!(close(r.fill, r.expected_fill, 0.01), "{r:?}");
        // The sweep equals a direct measurement.
        let direct = measure_fpr(&ins, &out, r.m, r.k, r.method).unwrap();
        assert_eq!(&direct, r);
    }
    assert_eq!(rows[3].method, IndexMethod::Md5Slices);
    assert_eq!(rows[0].bytes, 160_000u64.div_ceil(64) * 8);
}

#[test]
fn sweeps_equal_direct_measurements_in_every_shape() {
    // Narrow and widened md5 slices, precomputed words and derived positions all agree.
    let corpus = Corpus::new(7);
    let ins: Vec<Vec<u8>> = corpus.iter(0, 1500).collect();
    let out: Vec<Vec<u8>> = corpus.iter(1500, 3000).collect();
    let ks = [1, 3, 8, 13, 16];
    let rows = sweep_fpr(&ins, &out, &[2.0, 8.0, 50.0], &ks, &IndexMethod::ALL).unwrap();
    assert_eq!(rows.len(), 4 * 3 * ks.len());
    for r in &rows {
        assert_eq!(&measure_fpr(&ins, &out, r.m, r.k, r.method).unwrap(), r);
    }
    // At m = 12 000 the 16-bit slices of k = 8 are narrow, the 8-bit ones of k = 16 not.
    assert_eq!(md5_slice_width(8, 12_000), Some(16));
    assert_eq!(md5_slice_width(16, 12_000), None);
    assert!(sweep_fpr(&ins, &out, &[8.0], &[0], &IndexMethod::ALL).is_err());
    assert!(sweep_fpr(&ins, &out, &[0.0], &[1], &IndexMethod::ALL).is_err());
}

#[test]
fn memory_model() {
    assert_eq!(hashbrown_buckets(0), 0);
    assert_eq!(hashbrown_buckets(3), 4);
    assert_eq!(hashbrown_buckets(7), 8);
    assert_eq!(hashbrown_buckets(8), 16); // 64/7 = 9 → 16
    assert_eq!(hashbrown_buckets(14), 16); // 16 · 7/8 = 14 fits
    assert_eq!(hashbrown_buckets(15), 32);
    assert_eq!(hashbrown_buckets(100_000), 131_072); // 114 285 → 2^17
    assert_eq!(malloc_block(1), 32);
    assert_eq!(malloc_block(24), 32);
    assert_eq!(malloc_block(25), 48);
    assert_eq!(malloc_block(0), 0);
    // The real table agrees with the model.
    let mut s = std::collections::HashSet::new();
    for i in 0..100_000u128 {
        s.insert(i);
    }
    assert_eq!(
        hashbrown_buckets(100_000),
        (s.capacity() as u64 * 8 / 7).next_power_of_two()
    );
    let c = memory_comparison(std::iter::empty(), 16.0).unwrap();
    assert_eq!((c.n, c.bloom_bytes, c.string_set_bytes), (0, 8, 0));
}
