//! The counting filter view (P5): its job against the native delete experiment.

use super::helpers::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn the_counting_filter_job_equals_the_native_delete_experiment() {
    use urlhashlab::mechanisms::bloom::{m_for, IndexMethod};
    use urlhashlab::mechanisms::cbf::{deletion_experiment, CountingBloom};
    let mut lab = corpus_lab(2_000, "hf", BIG);
    let (ins, _) = corpus_split(2_000);
    for (ratio, k, bits, method, fraction) in [
        (2.0, 4, 2, IndexMethod::Md5Slices, 0.5),
        (20.0, 8, 4, IndexMethod::Md5Slices, 0.5),
        (4.0, 6, 3, IndexMethod::Double, 0.25),
    ] {
        let args = CbfArgs {
            ratio,
            k,
            bits,
            method: method.id(),
            delete_fraction: fraction,
        };
        let r = ok(cbf(&mut lab, args, 300));
        let m = m_for(2_000, ratio).unwrap();
        let delete = (2_000.0 * fraction).round() as usize;
        let want = deletion_experiment(&ins, delete, m, k, bits, method).unwrap();
        assert_eq!(r["deletion"], as_json(&want), "{ratio} {k} {bits}");
        let mut f = CountingBloom::new(m, k, bits, method).unwrap();
        for key in &ins {
            f.insert(key);
        }
        let h = f.counters().histogram();
        let counts = r["counters"]["counts"].as_array().unwrap();
        for (j, c) in counts.iter().enumerate() {
            assert_eq!(c, h.get(j).copied().unwrap_or(0), "counters at {j}");
        }
        assert_eq!(r["counters"]["saturated"], f.counters().saturated());
        assert_eq!(r["counters"]["overflow_events"], f.overflow_events());
        assert_eq!(
            r["counters"]["expected"].as_array().unwrap().len(),
            counts.len()
        );
        assert_eq!(r["printed"]["printed_j16_factor"], 1.37e15);
        if bits == 2 {
            // Saturating: the plain filter loses kept URLs, the sticky one and IMP-CB none.
            assert!(want.rows[0].false_negatives > 0);
            assert_eq!(counts.len(), 4, "0 to 3, the last one full");
        }
    }
    // Bad arguments are JsErrors.
    for bits in [0, 33] {
        assert_err(
            cbf(&mut lab, CbfArgs { bits, ..P5_CBF }, u32::MAX),
            "1 to 32 bits",
        );
    }
    for fraction in [-0.1, 1.5, f64::NAN] {
        assert_err(
            cbf(
                &mut lab,
                CbfArgs {
                    delete_fraction: fraction,
                    ..P5_CBF
                },
                u32::MAX,
            ),
            "share of URLs deleted",
        );
    }
    assert_err(
        cbf(&mut lab, CbfArgs { k: 0, ..P5_CBF }, u32::MAX),
        "k, the positions",
    );
    assert_err(
        cbf(
            &mut lab,
            CbfArgs {
                ratio: 0.0,
                ..P5_CBF
            },
            u32::MAX,
        ),
        "m/N must be",
    );
    assert_err(
        cbf(
            &mut lab,
            CbfArgs {
                method: "sha1",
                ..P5_CBF
            },
            u32::MAX,
        ),
        "sha1",
    );
}
