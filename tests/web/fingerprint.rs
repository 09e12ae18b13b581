//! The fingerprint view (P3).

use super::helpers::*;
use serde_json::Value;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::lines::LineSplitter;
use wasm_bindgen_test::*;

/// The parameters of the IP_ID and Name_ID count.
fn sites(table: &str, max_lines: f64) -> Value {
    serde_json::json!({"table": table, "maxLines": max_lines})
}

/// The parameters of the studies that read the first `max_lines` lines.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct MaxLines {
    max_lines: f64,
}

/// A hand-made list for P3's normalisations: one page spelled many ways (case, a default port,
/// a fragment, no scheme, a trailing slash, `www.`, a session id, shuffled parameters), P3's
/// aliases and a mirror by IP, lines that are not URLs with a host, a markup-looking line and
/// invalid UTF-8, in awkward chunks.
const FP_LIST: &[u8] = b"\xEF\xBB\xBFhttp://www.nuist.edu.cn/xxgk/\r\n\
http://nuist.edu.cn/xxgk/\n\
HTTP://WWW.NUIST.EDU.CN:80/xxgk/#top\n\
www.nuist.edu.cn/xxgk/\n\
http://202.195.235.1/xxgk/\n\
http://202.195.235.2/xxgk/\n\
http://bbs2.nuist.edu.cn/forum.php?fid=2&page=1\n\
http://bbs2.nuist.edu.cn/forum.php?page=1&fid=2&sid=a1b2c3d4e5\n\
http://bbs2.nuist.edu.cn/forum.php;jsessionid=9F3A?page=1&fid=2\n\
mailto:webmaster@nuist.edu.cn\n\
http://[bad/\n\
<script>alert(1)</script>\n\
http://www.nuist.edu.cn/\xE6\x96\xB0\xFF.htm\n\
\n\
http://www.nuist.edu.cn/xxgk/\n\
http://www.nuist.edu.cn/xxgk";

const FP_TABLE: &str = "# NUIST\n\
www.nuist.edu.cn 202.195.235.1\n\
nuist.edu.cn     202.195.235.1   # an alias\n\
www.nuist.edu.cn 202.195.235.2   # a mirror\n\
bbs2.nuist.edu.cn\t202.195.240.7\n";

/// The URL lines of `text` with their line numbers, as the Lab keeps them.
fn numbered_lines(text: &[u8]) -> Vec<(u64, Vec<u8>)> {
    let mut out = Vec::new();
    let mut s = LineSplitter::new();
    s.feed(text, |l| out.push((l.number, l.bytes.to_vec())));
    s.finish(|l| out.push((l.number, l.bytes.to_vec())));
    out
}

fn fp_lab() -> (Lab, Vec<(u64, Vec<u8>)>) {
    let chunks: Vec<&[u8]> = FP_LIST.chunks(7).collect();
    let (lab, _) = loaded(&chunks, "hf", "url", BIG);
    (lab, numbered_lines(FP_LIST))
}

#[wasm_bindgen_test]
fn fp_avalanche_equals_the_core_on_a_hand_checked_pair() {
    use urlhashlab::mechanisms::fingerprint::avalanche;
    // RFC 1321: MD5("") and MD5("a"), 62 bits apart (counted by hand from the two digests).
    let r = json(Lab::fp_avalanche("", "a"));
    assert_eq!(r["digest_a"], "d41d8cd98f00b204e9800998ecf8427e");
    assert_eq!(r["digest_b"], "0cc175b9c0f1b6a831c399e269772661");
    let x = 0xd41d8cd98f00b204e9800998ecf8427e_u128 ^ 0x0cc175b9c0f1b6a831c399e269772661_u128;
    assert_eq!(r["differing_bits"], x.count_ones());
    assert_eq!(r["bits_a"].as_array().unwrap().len(), 128);
    assert_eq!(r["bits_a"][0], 1, "d = 1101: bit 0 is 1");
    assert_eq!(r["bits_b"][0], 0, "0 = 0000");
    assert_eq!(
        (&r["bytes_a"], &r["bytes_b"]),
        (&Value::from(0), &Value::from(1))
    );
    // One 512-bit block each (16 words of 32 bits, where P3 says 32 sub-blocks); a 56-byte
    // text needs two, its length no longer fitting after the padding.
    assert_eq!(
        (&r["blocks_a"], &r["blocks_b"]),
        (&Value::from(1), &Value::from(1))
    );
    let (t55, t56) = ("u".repeat(55), "u".repeat(56));
    let r = json(Lab::fp_avalanche(&t55, &t56));
    assert_eq!(
        (&r["blocks_a"], &r["blocks_b"]),
        (&Value::from(1), &Value::from(2))
    );
    // Any pair, as the core computes it (UTF-8 bytes, exactly as typed).
    for (a, b) in [
        ("http://www.nuist.edu.cn/", "http://www.nuist.edu.cn"),
        ("http://网址.中国/散列", "http://网址.中国/散列 "),
        (
            "<img src=x onerror=alert(1)>",
            "<img src=x onerror=alert(2)>",
        ),
    ] {
        let mut want = as_json(&avalanche(a.as_bytes(), b.as_bytes()));
        want["bytes_a"] = Value::from(a.len());
        want["bytes_b"] = Value::from(b.len());
        // Whole 64-byte blocks, then one more, or two when the padding and the 8-byte length
        // do not fit after the tail.
        let blocks = |n: usize| n / 64 + if n % 64 >= 56 { 2 } else { 1 };
        want["blocks_a"] = Value::from(blocks(a.len()));
        want["blocks_b"] = Value::from(blocks(b.len()));
        assert_eq!(json(Lab::fp_avalanche(a, b)), want, "{a} / {b}");
    }
    // A text longer than a line the lab hashes is refused.
    let long = "a".repeat(64 * 1024 + 1);
    assert_err(Lab::fp_avalanche(&long, "a"), "text A has 65537 bytes");
    assert_err(Lab::fp_avalanche("a", &long), "text B");
}

#[wasm_bindgen_test]
fn fp_paper_reveals_the_empty_string_and_birthday_curves_are_the_bound() {
    use urlhashlab::mechanisms::fingerprint::{
        collision_probability, n_for_collision_probability, p3_reveals, BirthdayReport,
    };
    let r = json(Lab::fp_paper());
    assert_eq!(r["birthday"], as_json(&BirthdayReport::new()));
    assert_eq!(r["reveals"], as_json(&p3_reveals()));
    assert_eq!(
        r["reveals"][0]["printed"],
        "D41D8CD98F00B204E9800998ECF8427E"
    );
    assert_eq!(r["reveals"][0]["matches"][0]["text"], "");
    assert_eq!(r["reveals"][1]["matches"].as_array().unwrap().len(), 0);
    assert_eq!(r["reveals"][1]["tried"], 152);
    assert_eq!(r["printed"]["pair_probability"], as_json(&1e-24));
    assert_eq!(r["printed"]["web_links"], 60_000_000_000u64);

    let b = json(Lab::fp_birthday(vec![32, 64, 128], 1e12, 121));
    assert_eq!(b["claim"], as_json(&1e-24));
    let curves = b["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 3);
    for c in curves {
        let bits = c["bits"].as_u64().unwrap() as u32;
        let points = c["points"].as_array().unwrap();
        assert_eq!(points[0]["n"], 2);
        assert_eq!(points[points.len() - 1]["n"], 1_000_000_000_000u64);
        for p in points {
            let n = p["n"].as_u64().unwrap();
            let (got, want) = (p["p"].as_f64().unwrap(), collision_probability(n, bits));
            // serde_json may read the decimal text back a bit off in its last place.
            assert!(
                (got - want).abs() <= 1e-15 * want,
                "{bits} bits, n = {n}: {got} {want}"
            );
        }
        assert_eq!(
            c["n_at_claim"],
            as_json(&n_for_collision_probability(1e-24, bits))
        );
    }
    // Two given inputs at 128 bits: 2^-128, not 10^-24.
    assert_eq!(curves[2]["points"][0]["p"], as_json(&2f64.powi(-128)));
    // 10^-24 is reached at about 26.1 million URLs.
    let at = curves[2]["n_at_claim"].as_f64().unwrap();
    assert!(at > 26.0e6 && at < 26.2e6, "{at}");
    // Bad arguments are JsErrors.
    assert_err(
        Lab::fp_birthday(vec![], 1e12, 10),
        "1 to 16 fingerprint widths",
    );
    assert_err(
        Lab::fp_birthday(vec![8; 17], 1e12, 10),
        "1 to 16 fingerprint widths",
    );
    for bits in [0, 129] {
        assert_err(Lab::fp_birthday(vec![64, bits], 1e12, 10), "1 to 128 bits");
    }
    for n in [2.0, 1.5, -5.0, f64::NAN, f64::INFINITY, 1e19] {
        assert_err(Lab::fp_birthday(vec![64], n, 10), "the largest n");
    }
    for points in [0, 1, 2_001] {
        assert_err(Lab::fp_birthday(vec![64], 1e6, points), "2 to 2000 points");
    }
}

#[wasm_bindgen_test]
fn fp_study_equals_urlhash_fingerprint_natively() {
    use urlhashlab::mechanisms::fingerprint::CanonicalStudy;
    use urlhashlab::papers::p3::P3Study;
    // A hand-made list with lines that are not URLs, in slices of 4 lines.
    let (mut lab, lines) = fp_lab();
    let (r, slices) = ok(study_sliced(&mut lab, "fp", MaxLines { max_lines: 1e6 }, 4));
    assert!(slices >= 4);
    let (mut p3, mut canon) = (P3Study::new(), CanonicalStudy::new());
    for (number, l) in &lines {
        p3.push(*number, l);
        let _ = canon.push(*number, l);
    }
    assert_eq!(r["p3"], as_json(&p3.finish()));
    assert_eq!(r["canonical"], as_json(&canon.finish()));
    assert_eq!(r["prefix"]["lines"], 15);
    assert_eq!(r["prefix"]["capped"], false);
    // mailto:, http://[bad/ and the line of markup are not URLs with a host: counted, named.
    assert_eq!(r["canonical"]["unparsable"]["count"], 3);
    assert_eq!(
        r["canonical"]["unparsable"]["first_lines"],
        serde_json::json!([10, 11, 12])
    );
    assert_eq!(r["p3"]["input"]["duplicate_lines"], 1);
    // The corpus, capped: the first 2 000 of 3 000 lines, as urlhash fingerprint --n 2000.
    let mut corpus = corpus_lab(3_000, "hf", BIG);
    let (r, _) = ok(study_sliced(
        &mut corpus,
        "fp",
        MaxLines { max_lines: 2_000.0 },
        700,
    ));
    let prefix = &r["prefix"];
    assert_eq!(
        (&prefix["loaded"], &prefix["lines"], &prefix["capped"]),
        (&Value::from(3_000), &Value::from(2_000), &Value::from(true))
    );
    let (mut p3, mut canon) = (P3Study::new(), CanonicalStudy::new());
    for (i, u) in Corpus::new(2004).iter(0, 2_000).enumerate() {
        p3.push(i as u64 + 1, &u);
        let _ = canon.push(i as u64 + 1, &u);
    }
    let want = p3.finish();
    assert_eq!(r["p3"], as_json(&want));
    assert_eq!(r["canonical"], as_json(&canon.finish()));
    assert_eq!(r["p3"]["truncated"][0]["bits"], 16);
    assert_eq!(
        r["p3"]["avalanche"]["histogram"].as_array().unwrap().len(),
        129
    );
    // Bad arguments and calls out of order are JsErrors.
    for bad in [0.0, -1.0, 2.5, 1e300, f64::NAN, f64::INFINITY] {
        assert_err(
            study(&mut corpus, "fp", MaxLines { max_lines: bad }),
            r#"{"code":"not-whole","args":["lines""#,
        );
    }
    assert_err(corpus.job_run(12345, 10), "no such job is running");
    assert_err(corpus.job_finish(12345), "no such job is running");
    assert_err(
        study(
            &mut corpus,
            "fp",
            serde_json::json!({"maxLines": 10, "lines": 3}),
        ),
        r#"{"code":"bad-params","args":["fp","#,
    );
    assert_err(
        study(&mut corpus, "fingerprint", serde_json::json!({})),
        r#"{"code":"unknown-request","args":["fingerprint"]}"#,
    );
    let mut empty = Lab::new(BIG);
    json(empty.finish());
    assert_err(
        study(&mut empty, "fp", MaxLines { max_lines: 10.0 }),
        "no URLs are loaded",
    );
    let (mut dropped, _) = loaded(&[LIST], "hf", "url", 8.0);
    let ten = serde_json::json!({"maxLines": 10, "table": ""});
    assert_err(
        study(&mut dropped, "fp", MaxLines { max_lines: 10.0 }),
        "could be kept",
    );
    assert_err(study(&mut dropped, "fpSites", &ten), "could be kept");
    let ten = serde_json::json!({"maxLines": 10, "toggles": []});
    assert_err(study(&mut dropped, "fpCombo", &ten), "could be kept");
}

#[wasm_bindgen_test]
fn fp_sites_equal_the_native_count_and_a_bad_table_line_is_named() {
    use urlhashlab::mechanisms::fingerprint::{HostTable, SitesStudy};
    let (mut lab, lines) = fp_lab();
    let (r, _) = ok(study_sliced(&mut lab, "fpSites", sites(FP_TABLE, 1e6), 3));
    let mut native = SitesStudy::new(HostTable::parse(FP_TABLE).unwrap());
    for (number, l) in &lines {
        let _ = native.push(*number, l);
    }
    assert_eq!(r["sites"], as_json(&native.finish()));
    let s = &r["sites"];
    // The page of /xxgk/ under two names and two IPs: one Name_ID, two IP_IDs.
    assert_eq!(s["table"]["alias_ips"], 1);
    assert_eq!(s["table"]["mirror_hosts"], 1);
    assert!(s["distinct_ip_ids"].as_u64() < s["distinct_host_keys"].as_u64());
    assert!(s["distinct_name_ids"].as_u64() < s["distinct_ip_ids"].as_u64());
    assert_eq!(s["unparsable"]["count"], 3);
    // The first 5 lines only.
    let r = ok(study(&mut lab, "fpSites", sites(FP_TABLE, 5.0)));
    assert_eq!(
        (&r["prefix"]["lines"], &r["prefix"]["capped"]),
        (&Value::from(5), &Value::from(true))
    );
    assert_eq!(r["sites"]["distinct_host_keys"], 3);
    assert_eq!(r["sites"]["distinct_name_ids"], 1);
    // A bad line is an error naming it; nothing runs.
    for (table, needle) in [
        (
            "a.cn 1.2.3.4\nb.cn\n",
            "host table, line 2: expected `host ip`",
        ),
        (
            "# c\n\na.cn 1.2.3.999\n",
            "host table, line 3: `1.2.3.999` is not an IPv4 or IPv6 address",
        ),
        ("1.2.3.4 a.cn\n", "reads as `ip host`"),
        ("a.cn/x 1.2.3.4\n", "is not a host name"),
    ] {
        assert_err(study(&mut lab, "fpSites", sites(table, 1e6)), needle);
    }
    assert_err(
        study(&mut lab, "fpSites", sites("", 0.0)),
        r#"{"code":"not-whole","args":["lines""#,
    );
    // An empty table resolves nothing: every key keeps its host.
    let r = ok(study(&mut lab, "fpSites", sites("# nothing\n", 1e6)));
    assert_eq!(
        r["sites"]["distinct_ip_ids"],
        r["sites"]["distinct_host_keys"]
    );
    assert_eq!(r["sites"]["unresolved"]["count"], 12);
}

#[wasm_bindgen_test]
fn fp_combos_equal_the_studys_rows_and_unknown_toggles_are_errors() {
    use urlhashlab::mechanisms::fingerprint::{Canonicalizer, Toggle, Toggles};
    let (mut lab, lines) = fp_lab();
    let report = ok(study(&mut lab, "fp", MaxLines { max_lines: 1e6 }));
    let c = &report["canonical"];
    let mut combo = |ids: &str| {
        let toggles: Vec<&str> = ids.split(',').filter(|t| !t.trim().is_empty()).collect();
        let params = serde_json::json!({"toggles": toggles, "maxLines": 1e6});
        ok(study_sliced(&mut lab, "fpCombo", params, 5)).0
    };
    // None: the lines as they are.
    let r = combo("");
    assert_eq!(r["distinct_after"], c["distinct_before"]);
    assert_eq!(
        (&r["merged"], &r["changed_lines"]),
        (&Value::from(0), &Value::from(0))
    );
    assert_eq!(r["unparsable"], c["unparsable"]);
    assert_eq!(r["parsed"], c["parsed"]);
    // Each alone equals its row; all eight the study's `all`, whatever the order given.
    for (i, t) in Toggle::ALL.iter().enumerate() {
        let r = combo(t.id());
        assert_eq!(
            r["distinct_after"],
            c["toggles"][i]["distinct_after"],
            "{}",
            t.id()
        );
        assert_eq!(
            r["changed_lines"],
            c["toggles"][i]["changed_lines"],
            "{}",
            t.id()
        );
        assert_eq!(r["toggles"], serde_json::json!([t.id()]));
    }
    let mut ids: Vec<&str> = Toggle::ALL.iter().map(|t| t.id()).collect();
    ids.reverse();
    let r = combo(&format!(" {} ,", ids.join(" , ")));
    assert_eq!(r["distinct_after"], c["all"]["distinct_after"]);
    assert_eq!(r["merged"], c["all"]["merged"]);
    assert_eq!(r["toggles"][0], "add-scheme");
    // A pair, counted natively with the Canonicalizer.
    let r = combo("drop-www,trailing-slash");
    let canon =
        Canonicalizer::new(Toggles::only(Toggle::DropWww).with(Toggle::TrailingSlash, true));
    let mut set = std::collections::HashSet::new();
    for (_, l) in &lines {
        if let Ok(s) = canon.canonical(&String::from_utf8_lossy(l)) {
            set.insert(s);
        }
    }
    assert_eq!(r["distinct_after"], set.len());
    // The page of /xxgk/ in five spellings becomes one with every toggle on.
    assert!(c["all"]["merged"].as_u64().unwrap() >= 4);
    // Unknown toggles are JsErrors that list the known ones.
    let params = serde_json::json!({"toggles": ["drop-www", "lowercase"], "maxLines": 1e6});
    let msg = assert_err(
        study(&mut lab, "fpCombo", params),
        "unknown canonicalisation 'lowercase'",
    );
    assert!(
        msg.contains("lowercase-host") && msg.contains("drop-session-ids"),
        "{msg}"
    );
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Combo {
        toggles: [&'static str; 1],
        max_lines: f64,
    }
    let half = Combo {
        toggles: ["drop-www"],
        max_lines: 0.5,
    };
    assert_err(
        study(&mut lab, "fpCombo", half),
        r#"{"code":"not-whole","args":["lines""#,
    );
}
