use super::*;
use crate::foundation::corpus::Corpus;
use crate::foundation::printed::P5_PRINTED_J16_FACTOR;
use crate::mechanisms::bloom::IndexMethod;

#[test]
fn counters_pack_and_straddle() {
    for bits in 1..=32u32 {
        let m = 300;
        let mut c = Counters::new(m, bits).unwrap();
        let mut model = vec![0u32; m as usize];
        let max = c.max();
        assert_eq!(max as u64, (1u64 << bits) - 1);
        for i in 0..m {
            let v = ((i * 2_654_435_761) as u32) & max;
            c.set(i, v);
            model[i as usize] = v;
        }
        for i in (0..m).step_by(7) {
            c.set(i, max - model[i as usize]);
            model[i as usize] = max - model[i as usize];
        }
        for i in 0..m {
            assert_eq!(c.get(i), model[i as usize], "bits {bits} counter {i}");
        }
        assert_eq!(c.bytes(), (m * bits as u64).div_ceil(64) * 8);
        let h = c.histogram();
        assert_eq!(h.iter().sum::<u64>(), m);
        if bits <= 16 {
            assert_eq!(h.len(), max as usize + 1);
        }
    }
    assert!(Counters::new(10, 0).is_err());
    assert!(Counters::new(10, 33).is_err());
    // 4-bit counters: 16 per word.
    assert_eq!(Counters::new(16, 4).unwrap().bytes(), 8);
    assert_eq!(Counters::new(17, 4).unwrap().bytes(), 16);
}

#[test]
fn counting_filter_saturates_and_loses_keys() {
    // bits = 2 (max 3), one counter, k = 1: four keys saturate it (one overflow event).
    let mut f = CountingBloom::new(1, 1, 2, IndexMethod::Independent).unwrap();
    for key in ["a", "b", "c", "d"] {
        f.insert(key.as_bytes());
    }
    assert_eq!((f.counters().get(0), f.overflow_events()), (3, 1));
    // Three deletes bring it to 0 although "d" remains.
    for key in ["a", "b", "c"] {
        assert!(f.delete(key.as_bytes()));
    }
    assert!(!f.contains(b"d"));
    assert!(!f.delete(b"d")); // it reads absent, nothing to delete
                              // The sticky rule keeps it.
    let mut s = CountingBloom::new(1, 1, 2, IndexMethod::Independent)
        .unwrap()
        .with_delete_rule(CbfDelete::Sticky);
    for key in ["a", "b", "c", "d"] {
        s.insert(key.as_bytes());
    }
    for key in ["a", "b", "c"] {
        s.delete(key.as_bytes());
    }
    assert!(s.contains(b"d"));
    assert_eq!(s.stuck_decrements(), 3);
    let r = s.report();
    assert_eq!((r.inserted, r.deleted, r.saturated_counters), (4, 3, 1));
    assert_eq!(r.histogram, [0, 0, 0, 1]);
    assert_eq!(serde_json::to_value(&r).unwrap()["delete_rule"], "sticky");
}

#[test]
fn counting_filter_without_saturation_is_exact() {
    let keys: Vec<Vec<u8>> = Corpus::new(1).iter(0, 2000).collect();
    for method in IndexMethod::ALL {
        let mut f = CountingBloom::new(40_000, 8, 8, method).unwrap();
        for key in &keys {
            f.insert(key);
        }
        assert_eq!(f.overflow_events(), 0);
        for key in &keys[..1000] {
            assert!(f.delete(key));
        }
        assert!(keys[1000..].iter().all(|k| f.contains(k)));
        // Deleting all returns every counter to 0 (no saturation, no loss).
        for key in &keys[1000..] {
            assert!(f.delete(key));
        }
        assert_eq!(f.counters().nonzero(), 0, "{method:?}");
    }
}

#[test]
fn overflow_theory_numbers() {
    // (e ln 2 / 16)^16: e ln 2 = 1.8841694, /16 = 0.11776059, ln = -2.1390934,
    // x16 = -34.225494, e^that = 1.3676e-15.
    let b = overflow_bound(1.0, 16);
    assert!((b / 1.3676e-15 - 1.0).abs() < 1e-3, "{b}");
    assert!((b / OVERFLOW_J16_FACTOR - 1.0).abs() < 0.01);
    // Without e: ln(ln 2 / 16) = ln 0.043321699 = -3.1390934, x16 = -50.225494,
    // e^that = 1.5390e-22.
    let p = overflow_bound_printed(1.0, 16);
    assert!((p / 1.5390e-22 - 1.0).abs() < 1e-3, "{p}");
    assert!((p / OVERFLOW_J16_WITHOUT_E - 1.0).abs() < 0.03);
    // The printed number is 30 orders of magnitude off the corrected one, above 1.
    assert_eq!(overflow_bound_printed_j16(2.0), 2.74e15);
    assert!((P5_PRINTED_J16_FACTOR * OVERFLOW_J16_FACTOR - 1.8769).abs() < 1e-3);
    // Linear in m.
    assert!((overflow_bound(4e7, 16) / b / 4e7 - 1.0).abs() < 1e-12);
}

#[test]
fn binomial_counter_distribution() {
    // Nk = 4, m = 2: 1/16, 4/16, 6/16, 4/16, 1/16.
    let pmf: Vec<f64> = (0..=5).map(|j| counter_pmf(4, 2.0, j)).collect();
    for (p, e) in pmf.iter().zip([1.0, 4.0, 6.0, 4.0, 1.0, 0.0]) {
        assert!((p - e / 16.0).abs() < 1e-12, "{pmf:?}");
    }
    assert!((counter_tail(4, 2.0, 3) - 5.0 / 16.0).abs() < 1e-12);
    assert_eq!(counter_tail(4, 2.0, 0), 1.0);
    assert_eq!(counter_tail(4, 2.0, 5), 0.0);
    // Nk = 10, m = 3, j = 2: C(10,2) (1/3)^2 (2/3)^8 = 45 · 256 / 59049 = 0.195092.
    assert!((counter_pmf(10, 3.0, 2) - 45.0 * 256.0 / 59_049.0).abs() < 1e-12);
    // P5's parameters, N = 2 000 000, k = 8, m = 40 000 000: λ = 0.4. P(c = 0) =
    // (1 - 1/m)^(16e6) = e^-0.4 (to 1e-8), P(c = 1) ≈ 0.4 e^-0.4 = 0.268128.
    let nk = 16_000_000;
    assert!((counter_pmf(nk, 4e7, 0) - (-0.4f64).exp()).abs() < 1e-8);
    assert!((counter_pmf(nk, 4e7, 1) - 0.4 * (-0.4f64).exp()).abs() < 1e-7);
    let total: f64 = (0..40).map(|j| counter_pmf(nk, 4e7, j)).sum();
    assert!((total - 1.0).abs() < 1e-10);
    // P(c = 16) ≈ e^-0.4 0.4^16 / 16! = 0.67032 · 4.2950e-7 / 2.0923e13 = 1.3760e-20, and
    // P(c >= 16) ≈ that · (1 + 0.4/17 + 0.4²/(17 · 18)) = 1.3760e-20 · 1.02405 = 1.4091e-20.
    assert!((counter_pmf(nk, 4e7, 16) / 1.3760e-20 - 1.0).abs() < 1e-3);
    let t = counter_tail(nk, 4e7, 16);
    assert!((t / 1.4091e-20 - 1.0).abs() < 1e-3, "{t}");
    // Below the mean the tail is 1 minus the sum below: P(c >= 1) = 1 - e^-0.4 = 0.329680.
    assert!((counter_tail(nk, 4e7, 1) - 0.329_680).abs() < 1e-6);
    // Nk = 10^9 into m = 2: P(c >= 1) = 1 although P(c = 1) underflows.
    assert_eq!(counter_tail(1_000_000_000, 2.0, 1), 1.0);
    assert!((counter_tail(1_000_000_000, 2.0, 500_000_000) - 0.5).abs() < 1e-4);
    // The exact tail is far below Fan et al.'s per-counter bound at P5's parameters.
    let th = overflow_theory(2_000_000, 8, 40_000_000, 4);
    assert!(th.bound_applies); // 8 <= 20 ln 2 = 13.9
    assert_eq!(th.j, 16);
    assert!(th.expected_overflowing < th.bound);
    assert!((th.bound / 4e7 / 1.3676e-15 - 1.0).abs() < 1e-3);
    assert!(th.expected_saturated > th.expected_overflowing);
    assert!(!overflow_theory(1000, 8, 4000, 4).bound_applies);
}

#[test]
fn certain_counts_have_probability_exactly_one() {
    // Found by fuzz/fuzz_targets/filters.rs: with no increments (N·k = 0), P(c = 0) came out
    // as 1.0000000000000009, ln C(0, 0) being −ln Γ(1) = 8.9e-16 instead of 0.
    assert_eq!(counter_pmf(0, 288_769.0, 0), 1.0);
    assert_eq!(
        counter_pmf(7, 1.5, 0),
        (7.0 * (-1.0f64 / 1.5).ln_1p()).exp()
    );
    for (nk, m) in [(0u64, 2.0), (1, 1e9), (3, 1.000_001), (100, 1e12)] {
        for j in [0, nk] {
            let p = counter_pmf(nk, m, j);
            assert!(
                (0.0..=1.0).contains(&p),
                "P(c = {j}) = {p} for Nk = {nk}, m = {m}"
            );
        }
    }
}

#[test]
fn imp_cb_flow_and_stats() {
    let mut f = ImpCb::p5(1000, IndexMethod::Md5Slices).unwrap();
    assert_eq!(
        (f.counters().m(), f.k(), f.counters().bits()),
        (20_000, 8, 4)
    );
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 1000).collect();
    assert_eq!(
        f.process_batch(&urls),
        BatchCounts {
            new: 1000,
            duplicate: 0
        }
    );
    assert_eq!(
        f.process_batch(&urls[..10]),
        BatchCounts {
            new: 0,
            duplicate: 10
        }
    );
    let s = *f.stats();
    assert_eq!((s.processed, s.new, s.duplicates), (1010, 1000, 10));
    // Every URL is either answered by a zero counter or looked up.
    assert_eq!(s.answered_by_counters + s.store_lookups, 1010);
    assert_eq!(s.store_lookups, 10 + s.false_positive_lookups);
    assert!(s.answered_by_counters > 980, "{s:?}");
    assert_eq!(f.count(&urls[0]), 2);
    assert_eq!(f.delete(&urls[0]), DeleteOutcome::Decremented);
    assert_eq!(f.delete(&urls[0]), DeleteOutcome::Removed);
    assert_eq!(f.delete(&urls[0]), DeleteOutcome::Absent);
    assert!(!f.contains(&urls[0]));
    assert!(urls[1..].iter().all(|u| f.contains(u)));
    // The k indices are the fingerprint's slices, as in a plain filter of the URL.
    assert_eq!(
        f.indices(&urls[5])
            .iter()
            .map(|&i| i as u64)
            .collect::<Vec<_>>(),
        IndexMethod::Md5Slices.indices(&urls[5], 8, 20_000)
    );
    let r = f.report();
    assert_eq!((r.distinct, r.references), (999, 999 + 9));
    assert_eq!(r.counter_bytes, 20_000 * 4 / 8);
    assert_eq!(r.histogram.iter().sum::<u64>(), 20_000);
    assert_eq!(
        r.bytes,
        r.counter_bytes + r.store_bytes + r.index_bytes + r.side_table_bytes
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["method"], "md5-slices");
    assert_eq!(json["resolve"], "side-table");
    // The plain store agrees on every verdict.
    let mut store = FingerprintStore::new();
    assert_eq!(
        store.process_batch(&urls),
        BatchCounts {
            new: 1000,
            duplicate: 0
        }
    );
    assert_eq!(store.process(&urls[3]), Verdict::Duplicate);
    assert_eq!(store.count(&urls[3]), 2);
    assert_eq!(store.delete(&urls[3]), DeleteOutcome::Decremented);
    assert_eq!(store.delete(&urls[3]), DeleteOutcome::Removed);
    assert!(!store.contains(&urls[3]));
    let sr = store.report();
    assert_eq!((sr.distinct, sr.processed, sr.duplicates), (999, 1001, 1));
    assert!(ImpCb::new(u32::MAX as u64, 8, 4, IndexMethod::Double).is_err());
    assert!(ImpCb::new(100, 8, 0, IndexMethod::Double).is_err());
}

#[test]
fn imp_cb_resolves_saturated_deletes_both_ways() {
    // One 1-bit counter, k = 3: every fingerprint hits counter 0 three times.
    for resolve in SaturatedDelete::ALL {
        let mut f = ImpCb::new(1, 3, 1, IndexMethod::Independent)
            .unwrap()
            .with_resolve(resolve);
        for u in ["a", "b", "c"] {
            assert_eq!(f.process(u.as_bytes()), Verdict::New);
        }
        // 9 increments, the first sets 1, the other 8 overflow.
        assert_eq!(f.stats().overflow_events, 8);
        f.delete(b"a");
        f.delete(b"b");
        assert!(f.contains(b"c"));
        assert_eq!(f.counters().get(0), 1);
        f.delete(b"c");
        assert_eq!(f.counters().get(0), 0);
        assert!(f.is_empty());
        assert_eq!(f.stats().saturated_deletes, 3);
        if resolve == SaturatedDelete::Scan {
            // Each resolution read the whole index array (3 slots x 3 indices).
            assert_eq!(f.stats().scanned_indices, 27);
        }
        // Freed slots are reused.
        f.process(b"d");
        assert_eq!((f.store.indices.len(), f.store.free.len()), (9, 2));
    }
}

#[test]
fn corpus_deletion_experiment() {
    // 20 000 URLs, m/N = 2, k = 4, 2-bit counters: kn/m = 2 hits per counter on average,
    // P(c >= 3) = 1 - e^-2 (1 + 2 + 2) = 0.3233, so a third of the counters saturate.
    let keys: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 20_000).collect();
    let r = deletion_experiment(&keys, 10_000, 40_000, 4, 2, IndexMethod::EnhancedDouble).unwrap();
    assert_eq!(r.rows.len(), 3);
    let (dec, sticky, imp) = (&r.rows[0], &r.rows[1], &r.rows[2]);
    assert!(dec.false_negatives > 100, "{dec:?}");
    assert_eq!(sticky.false_negatives, 0);
    assert_eq!(imp.false_negatives, 0);
    assert_eq!(imp.deleted_still_present, 0);
    assert!(sticky.deleted_still_present > dec.deleted_still_present);
    let expected = 0.3233 * 40_000.0;
    assert!(
        (dec.saturated_after_insert as f64 / expected - 1.0).abs() < 0.05,
        "{dec:?}"
    );
    assert!((r.theory.expected_saturated / expected - 1.0).abs() < 0.01);
    // P5's parameters: nothing saturates, nobody loses a key.
    let r = deletion_experiment(&keys, 10_000, 400_000, 8, 4, IndexMethod::Md5Slices).unwrap();
    assert!(r
        .rows
        .iter()
        .all(|row| row.false_negatives == 0 && row.overflow_events == 0));
    assert!(deletion_experiment(&keys, 20_001, 10, 1, 1, IndexMethod::Double).is_err());
}

#[test]
fn p5s_printed_tail_bound_is_the_probability_of_exactly_j() {
    // Nk = 3 into m = 2, by hand: P(c = j) = C(3, j)/8 = 1/8, 3/8, 3/8, 1/8 and
    // P(c >= j) = 8/8, 7/8, 4/8, 1/8 for j = 0, 1, 2, 3.
    let tail = [8.0, 7.0, 4.0, 1.0];
    let exactly = [1.0, 3.0, 3.0, 1.0];
    for j in 0..=3u64 {
        let c = printed_tail_bound(3, 2.0, j);
        assert!(
            (c.exact_tail - tail[j as usize] / 8.0).abs() < 1e-12,
            "{c:?}"
        );
        assert!(
            (c.printed_right_side - exactly[j as usize] / 8.0).abs() < 1e-12,
            "{c:?}"
        );
        // False below Nk = 3, equal (so it holds) at j = Nk.
        assert_eq!(c.holds, j == 3, "{c:?}");
    }
    // P5's own parameters at j = 16 (N = 2 000 000, k = 8, m = 20 N): the tail is the term at
    // 16 times 1.02405 (see above), so the printed "bound" is 2.4 % below what it bounds.
    let c = printed_tail_bound(16_000_000, 4e7, 16);
    assert!(!c.holds);
    assert!(
        (c.exact_tail / c.printed_right_side - 1.02405).abs() < 1e-4,
        "{c:?}"
    );
}

#[test]
fn imp_cb_runs_unchanged_over_the_fig1_store_trait() {
    // Fig. 1 through the trait gives the store's own answers.
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, 500).collect();
    let mut a = FingerprintStore::new();
    let mut b = FingerprintStore::new();
    for u in urls.iter().chain(&urls[..100]) {
        let Ok(v) = fig1_process(&mut a, u);
        assert_eq!(v, b.process(u));
    }
    assert_eq!((a.len(), FingerprintDb::references(&a)), (500, 600));
    // The printed reading of Fig. 2 adds k more to the counters each time the not-found branch
    // runs: one counter of 4 bits, k = 2, so every URL after the first takes that branch.
    let mut lab = ImpCb::new(1, 2, 4, IndexMethod::Independent).unwrap();
    let mut printed = ImpCb::new(1, 2, 4, IndexMethod::Independent).unwrap();
    for u in ["a", "b", "c"] {
        assert_eq!(lab.process(u.as_bytes()), Verdict::New);
        assert_eq!(printed.process_printed(u.as_bytes()), Verdict::New);
    }
    // Lab: 3 URLs × 2 = 6. Printed: "a" 2, then "b" and "c" 4 each: 10.
    assert_eq!(lab.stats().false_positive_lookups, 2);
    assert_eq!((lab.counters().get(0), printed.counters().get(0)), (6, 10));
    for u in ["a", "b", "c"] {
        lab.delete(u.as_bytes());
        printed.delete(u.as_bytes());
    }
    // Deleting every URL empties the lab's counter; the printed reading's keeps 4.
    assert_eq!((lab.counters().get(0), printed.counters().get(0)), (0, 4));
}
