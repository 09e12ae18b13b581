//! The slots view: histograms (against the native functions), measures and re-binning.

use super::helpers::*;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::hash::{self, HashId, REGISTRY};
use urlhashlab::foundation::key::{self, Key};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn histograms_equal_the_native_functions_for_every_function_and_key() {
    let lines = list_lines();
    let (mut lab, _) = loaded(&awkward_chunks(), "elfhash,hfip,hf", "url", BIG);
    for key in ["url", "host", "path"] {
        let k = Key::parse(key).unwrap();
        let splittable = lines.iter().filter(|l| key::extract(l, k).is_ok()).count();
        for f in REGISTRY {
            for m in [1u32, 7, 12, 1000] {
                let got = ok(lab.histogram(f.key, key, m as f64));
                assert_eq!(got.len(), m as usize, "{} {key} M={m}", f.key);
                assert_eq!(
                    got.iter().map(|&c| c as usize).sum::<usize>(),
                    splittable,
                    "{} {key} M={m}: sums to N",
                    f.key
                );
                assert_eq!(
                    got,
                    native_histogram(f.id, k, m, &lines),
                    "{} {key} M={m}",
                    f.key
                );
            }
        }
    }
    // Host computed later agrees with host streamed from the start.
    let (mut streamed, _) = loaded(&awkward_chunks(), "md5,hf", "host", BIG);
    for f in ["md5", "hf", "crc32"] {
        assert_eq!(
            ok(streamed.histogram(f, "host", 10.0)),
            native_histogram(hash::by_id(f).unwrap().id, Key::Host, 10, &lines)
        );
    }
}

#[wasm_bindgen_test]
fn a_histogram_reaches_js_as_a_uint32array_of_length_m_summing_to_n() {
    let n = 5_000;
    let mut lab = corpus_lab(n, "elfhash,hfip,hf", BIG);
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, n as u64).collect();
    for id in [HashId::ElfHash, HashId::HfIp, HashId::Hf, HashId::Md5] {
        let m = 997u32;
        let counts = ok(lab.histogram(id.info().key, "url", m as f64));
        let want = native_histogram(id, Key::Url, m, &urls);
        assert_eq!(counts, want);
        // The same conversion the exported method's return value goes through.
        let js = JsValue::from(counts);
        let arr = js
            .dyn_ref::<JsUint32Array>()
            .expect("Vec<u32> becomes a Uint32Array");
        assert_eq!(arr.length(), m);
        let sum: u64 = (0..m).map(|i| arr.get(i) as u64).sum();
        assert_eq!(sum, n as u64);
        assert_eq!(arr.get(5), want[5]);
    }
    // hf is 3·Σc·i: at M = 12 it hits only the 4 multiples of 3.
    let hf12 = ok(lab.histogram("hf", "url", 12.0));
    assert_eq!(hf12.iter().filter(|&&c| c > 0).count(), 4);
    for (slot, &c) in hf12.iter().enumerate() {
        assert_eq!(c > 0, slot % 3 == 0, "slot {slot}");
    }
}

#[wasm_bindgen_test]
fn measures_json_has_every_field_and_matches_the_histogram() {
    let mut lab = corpus_lab(4_000, "elfhash,hfip,hf", BIG);
    for f in ["elfhash", "hfip", "hf", "md5"] {
        let m = json(measures(&mut lab, f, "url", 12.0));
        for field in [
            "n",
            "slots",
            "a",
            "a_opt",
            "a_random",
            "b",
            "max_load",
            "expected_max_load",
            "empty_slots",
            "expected_empty_slots",
            "chi2",
            "p_value",
        ] {
            assert!(m.get(field).is_some(), "{f}: {field} missing in {m}");
        }
        assert_eq!(m["n"], 4_000);
        assert_eq!(m["slots"], 12);
        let counts = ok(lab.histogram(f, "url", 12.0));
        assert_eq!(m["max_load"], *counts.iter().max().unwrap());
        assert_eq!(m["empty_slots"], counts.iter().filter(|&&c| c == 0).count());
        let b = m["b"].as_f64().unwrap();
        assert!(b >= 1.0, "{f}: B = {b}");
    }
    let hf = json(measures(&mut lab, "hf", "url", 12.0));
    assert_eq!(hf["empty_slots"], 8);
    assert!(hf["b"].as_f64().unwrap() > 2.9);
    let buckets = json(bucket_sizes(&mut lab, "hfip", "url", 1000.0));
    let rows = buckets.as_array().unwrap();
    assert!(!rows.is_empty());
    let slots: u64 = rows.iter().map(|r| r["slots"].as_u64().unwrap()).sum();
    assert_eq!(slots, 1000);
    let keys: u64 = rows
        .iter()
        .map(|r| r["slots"].as_u64().unwrap() * r["size"].as_u64().unwrap())
        .sum();
    assert_eq!(keys, 4_000);
}

#[wasm_bindgen_test]
fn rebinning_uses_the_cache_and_never_hashes_again() {
    // A budget of 1 byte drops the lines of a file at once: only the caches made by begin()
    // remain, so every histogram below can only come from re-binning them.
    let n = 3_000u32;
    let urls: Vec<Vec<u8>> = Corpus::new(2004).iter(0, n as u64).collect();
    let text = corpus_text(&urls);
    let chunks: Vec<&[u8]> = text.chunks(65_536).collect();
    let (mut lab, report) = loaded(&chunks, "elfhash,hfip,hf,md5", "url", 1.0);
    assert_eq!(report["urls_kept"], false);
    assert_eq!(report["urls"], n);
    let cache_bytes = report["cache_bytes"].as_u64().unwrap();
    assert_eq!(cache_bytes, (3 * 4 + 16) * n as u64);
    for id in [HashId::ElfHash, HashId::HfIp, HashId::Hf, HashId::Md5] {
        for m in [12u32, 200_000, 1, 4099, 12] {
            assert_eq!(
                ok(lab.histogram(id.info().key, "url", m as f64)),
                native_histogram(id, Key::Url, m, &urls),
                "{:?} M={m}",
                id
            );
        }
    }
    // No new cache was made.
    assert_eq!(json(lab.report())["cache_bytes"], cache_bytes);

    // With the lines kept, a second M adds no cache either.
    let mut kept = corpus_lab(n, "", BIG);
    assert_eq!(json(kept.report())["cache_bytes"], 0);
    ok(kept.histogram("xxh3", "url", 10.0));
    assert_eq!(json(kept.report())["cache_bytes"], 8 * n);
    ok(kept.histogram("xxh3", "url", 2_000_000.0));
    ok(measures(&mut kept, "xxh3", "url", 77.0));
    assert_eq!(json(kept.report())["cache_bytes"], 8 * n);
}

#[wasm_bindgen_test]
fn view_is_measures_and_buckets_from_one_histogram() {
    let mut lab = corpus_lab(2_000, "hfip", BIG);
    let v = json(lab.view("hfip", "url", 100.0, true));
    let counts = ok(lab.histogram("hfip", "url", 100.0));
    assert_eq!(
        v["measures"],
        as_json(&urlhashlab::foundation::metrics::Measures::of(&counts))
    );
    assert_eq!(
        v["buckets"],
        as_json(&urlhashlab::foundation::metrics::bucket_size_distribution(
            &counts
        ))
    );
    assert_eq!(v["ideal_load"], 20.0);
    let v = json(lab.view("hfip", "url", 100.0, false));
    assert!(v["buckets"].is_null());
}
