//! The sweep view: P1's figures and P1's report.

use super::helpers::*;
use serde_json::Value;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::printed::FIG3_SAMPLE;
use urlhashlab::mechanisms::sweep::{sample_indices, Figure, Reservoir, Sweep};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn sweep_fig2_has_the_expected_shape() {
    let n = 2_000u32;
    let step = 500.0;
    let mut lab = corpus_lab(n, "elfhash,hfip,hf", BIG);
    let points = ok(sweep(&mut lab, 2, step));
    let points = points.as_array().unwrap();
    // 3 functions x 4 M x 4 checkpoints.
    assert_eq!(points.len(), 3 * 4 * 4);
    for p in points {
        assert_eq!(p["figure"], 2);
        assert_eq!(p["measure"], "B");
        assert!(["elfhash", "hfip", "hf"].contains(&p["function"].as_str().unwrap()));
        assert!([8, 10, 12, 40].contains(&p["m"].as_u64().unwrap()));
        assert!([500, 1000, 1500, 2000].contains(&p["n"].as_u64().unwrap()));
        assert!(p["value"].as_f64().unwrap() >= 1.0);
    }
    let hf12 = points
        .iter()
        .find(|p| p["function"] == "hf" && p["m"] == 12 && p["n"] == n)
        .unwrap();
    assert!(
        hf12["value"].as_f64().unwrap() > 2.9,
        "hf at M = 12: {hf12}"
    );
    // B at the last checkpoint equals B from the histogram.
    let hist = ok(lab.histogram("hf", "url", 12.0));
    let b = *hist.iter().max().unwrap() as f64 / (n as f64 / 12.0);
    assert!((hf12["value"].as_f64().unwrap() - b).abs() < 1e-9);
    // A step that does not divide N adds a final checkpoint.
    let points = ok(sweep(&mut lab, 1, 700.0));
    let ns: std::collections::BTreeSet<u64> = points
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["n"].as_u64().unwrap())
        .collect();
    assert_eq!(ns.into_iter().collect::<Vec<_>>(), vec![700, 1400, 2000]);
    // Fig. 3: hf only, five M.
    let points = ok(sweep(&mut lab, 3, 1000.0));
    let points = points.as_array().unwrap();
    assert_eq!(points.len(), 5 * 2);
    assert!(points.iter().all(|p| p["function"] == "hf"));
}

/// Fig. 3 of the sweep over `urls` in order, as JSON: the reference the page must equal.
fn fig3_points(urls: &[&[u8]], step: u64) -> Value {
    let mut sweep = Sweep::new(&Figure::Fig3.series(), step);
    for u in urls {
        sweep.push(u);
    }
    as_json(&sweep.finish())
}

#[wasm_bindgen_test]
fn fig3_of_more_than_400_000_lines_is_the_clis_random_sample() {
    // `urlhash sweep --fig 3` samples the corpus by index (its seed) and a file with a
    // reservoir; the page's Fig. 3 must be the same points, not the first 400 000 lines.
    let n = FIG3_SAMPLE + 30_000;
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, n).collect();
    let step = 100_000.0;
    let by_index: Vec<&[u8]> = sample_indices(n, FIG3_SAMPLE, 2004)
        .into_iter()
        .map(|i| &urls[i as usize][..])
        .collect();
    let mut lab = corpus_lab(n as u32, "hf", BIG);
    let corpus_points = ok(sweep(&mut lab, 3, step));
    assert_eq!(corpus_points, fig3_points(&by_index, step as u64));
    let first: Vec<&[u8]> = urls[..FIG3_SAMPLE as usize]
        .iter()
        .map(|u| &u[..])
        .collect();
    assert_ne!(corpus_points, fig3_points(&first, step as u64));
    // The same lines as a file: the reservoir's sample, as the CLI draws it from a file.
    let (mut file, report) = loaded(
        &[&corpus_text(&urls)],
        "hf",
        "url",
        1024.0 * 1024.0 * 1024.0,
    );
    assert_eq!(report["urls"], n);
    let mut reservoir = Reservoir::new(FIG3_SAMPLE);
    for (i, u) in urls.iter().enumerate() {
        reservoir.push(i as u64 + 1, &u[..]);
    }
    let sampled: Vec<&[u8]> = reservoir.finish().into_iter().map(|(_, u)| u).collect();
    assert_eq!(
        ok(sweep(&mut file, 3, step)),
        fig3_points(&sampled, step as u64)
    );
}

#[wasm_bindgen_test]
fn p1_report_has_the_expected_shape() {
    let n = 3_000u32;
    let mut lab = corpus_lab(n, "elfhash,hfip,hf", BIG);
    let r = ok(p1_report(&mut lab));
    assert_eq!(r["n"], n);
    assert_eq!(r["table_m"], 200_000);
    assert_eq!(r["table"].as_array().unwrap().len(), 7);
    assert_eq!(r["misprint"]["printed"], 2.75);
    assert_eq!(r["misprint"]["formula"], 3.0);
    // hf hits 4 of 12 slots.
    assert_eq!(r["hf_multiple_of_3"]["slots_hit_m12"], 4);
    assert!(
        r["hf_multiple_of_3"]["share_multiple_of_3"]
            .as_f64()
            .unwrap()
            > 0.999
    );
    assert_eq!(r["hf_multiple_of_3"]["b_by_m"].as_array().unwrap().len(), 4);
    for k in ["hf_bounded_range", "hfip_zero_bits", "elf_clumps", "points"] {
        assert!(r.get(k).is_some(), "{k} missing");
    }
    assert!(!r["points"].as_array().unwrap().is_empty());
}
