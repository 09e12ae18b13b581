use super::*;
use crate::foundation::hash::md5_u128;
use crate::foundation::printed::{
    P3_CLAIM_PAIR_PROBABILITY, P3_DIGEST_IP_ID, P3_DIGEST_NAME_ID, P3_WEB_LINKS, P3_WEB_PAGES,
};
use crate::papers::p3::P3Study;
use std::collections::HashSet;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn md5_matches_every_rfc_1321_test_vector() {
    // RFC 1321, appendix A.5.
    let vectors: [(&str, &str); 7] = [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        (
            "abcdefghijklmnopqrstuvwxyz",
            "c3fcd3d76192e4007dfb496cca67e13b",
        ),
        (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            "d174ab98d277d9f5a5611c2c9f419d9f",
        ),
        (
            "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "57edf4a22be3c955ac49da2e2107b67a",
        ),
    ];
    for (input, digest) in vectors {
        assert_eq!(hex(fingerprint(input.as_bytes())), digest, "{input:?}");
        assert_eq!(
            parse_hex_digest(digest).unwrap(),
            fingerprint(input.as_bytes())
        );
    }
}

#[test]
fn hex_digests_parse_either_case_and_reject_the_rest() {
    assert_eq!(
        parse_hex_digest(P3_DIGEST_IP_ID).unwrap(),
        0xd41d8cd98f00b204e9800998ecf8427e
    );
    assert_eq!(
        parse_hex_digest(" 00f4cc7599310f795fb4b19b6a13cca9\n").unwrap(),
        0x00f4cc7599310f795fb4b19b6a13cca9
    );
    assert_eq!(hex(1), "00000000000000000000000000000001");
    for bad in [
        "",
        "d41d",
        "+41d8cd98f00b204e9800998ecf8427e",
        "g41d8cd98f00b204e9800998ecf8427e",
    ] {
        assert!(
            matches!(parse_hex_digest(bad), Err(FingerprintError::Hex(_))),
            "{bad}"
        );
    }
}

#[test]
fn fingerprint_set_counts_new_and_duplicates() {
    let mut s = FingerprintSet::new();
    assert!(s.is_empty());
    assert_eq!(s.insert(b"http://a.cn/"), Insert::New);
    assert_eq!(s.insert(b"http://a.cn/x"), Insert::New);
    assert_eq!(s.insert(b"http://a.cn/"), Insert::Duplicate);
    assert!(s.contains(b"http://a.cn/x") && !s.contains(b"http://b.cn/"));
    let st = s.stats();
    assert_eq!((st.inserted, st.distinct, st.duplicates), (3, 2, 1));
    assert_eq!((st.fingerprint_bytes, st.store_bytes), (16, 32));
    assert!(st.table_bytes >= 2 * 17);
    assert_eq!(
        FingerprintSet::with_bits(24).unwrap().fingerprint_bytes(),
        3
    );
    assert_eq!(FingerprintSet::with_bits(1).unwrap().fingerprint_bytes(), 1);
    assert_eq!(
        FingerprintSet::with_bits(0).unwrap_err(),
        FingerprintError::Bits(0)
    );
    assert!(FingerprintSet::with_bits(129).is_err());
}

#[test]
fn truncation_keeps_the_top_bits() {
    let d = 0xd41d8cd98f00b204e9800998ecf8427e_u128;
    assert_eq!(truncate(d, 4), 0xd);
    assert_eq!(truncate(d, 32), 0xd41d8cd9);
    assert_eq!(truncate(d, 1), 1);
    assert_eq!(truncate(d, 127), d >> 1);
    // A 1-bit store holds at most two fingerprints.
    let mut s = FingerprintSet::with_bits(1).unwrap();
    for i in 0..100 {
        s.insert(format!("u{i}").as_bytes());
    }
    assert_eq!(s.distinct(), 2);
    assert_eq!(s.duplicates(), 98);
}

#[test]
fn truncated_collisions_count_pairs_and_false_duplicates() {
    // Digests chosen by hand: top 8 bits 0xAA, 0xAA, 0xAA, 0xBB.
    let mut c = TruncatedCollisions::new(&[8, 128, 40]).unwrap();
    for d in [0xAA01u128, 0xAA02, 0xAA03, 0xBB04] {
        assert_eq!(c.push_digest(d << 112, d as u64), Insert::New);
    }
    // The same line again (same check value): a true duplicate.
    assert_eq!(c.push_digest(0xAA01 << 112, 0xAA01), Insert::Duplicate);
    assert_eq!(c.md5_collisions(), 0);
    // Another line with that digest (another check value): a proven MD5 collision.
    assert_eq!(c.push_digest(0xAA01 << 112, 7), Insert::Duplicate);
    assert_eq!(c.md5_collisions(), 1);
    assert_eq!((c.lines(), c.distinct(), c.duplicates()), (6, 4, 2));
    let r = c.rows();
    // Three digests share 0xAA: C(3,2) = 3 pairs, 2 of them dropped as false duplicates.
    assert_eq!((r[0].urls, r[0].distinct_fingerprints), (4, 2));
    assert_eq!((r[0].colliding_pairs, r[0].false_duplicates), (3, 2));
    // Expected pairs: 4·3/2^9 = 12/512 = 0.0234375.
    assert!(close(r[0].expected_pairs, 0.0234375, 1e-12));
    assert_eq!((r[1].colliding_pairs, r[1].false_duplicates), (0, 0));
    // 40 bits: 0xAA01 << 24 etc., all distinct.
    assert_eq!((r[2].distinct_fingerprints, r[2].colliding_pairs), (4, 0));
    // Four equal values: C(4,2) = 6 pairs, 1 distinct.
    assert_eq!(runs(&mut [5u32, 5, 5, 5]), (1, 6));
    assert_eq!(runs(&mut [3u64, 1, 2, 1, 3]), (3, 2));
    assert_eq!(runs::<u128>(&mut []), (0, 0));
    assert!(TruncatedCollisions::new(&[16, 0]).is_err());
}

#[test]
fn small_widths_collide_as_the_birthday_bound_says() {
    // 20 000 distinct URLs at 16 bits: λ = 20000·19999/2^17 = 399 980 000/131 072 = 3051.6.
    let mut c = TruncatedCollisions::new(&[16, 24, 32]).unwrap();
    for i in 0..20_000 {
        c.push(format!("http://www.a.cn/page{i}.html").as_bytes());
    }
    let r = c.rows();
    assert!(close(r[0].expected_pairs, 3051.57, 1e-4));
    let sd = r[0].expected_pairs.sqrt();
    assert!((r[0].colliding_pairs as f64 - r[0].expected_pairs).abs() < 6.0 * sd);
    // 24 bits: λ = 399 980 000/2^25 = 11.92.
    assert!(close(r[1].expected_pairs, 11.92, 1e-3));
    assert!(r[1].colliding_pairs < 40);
    assert!(r[2].colliding_pairs <= 3);
}

#[test]
fn birthday_formulas_match_hand_computed_values() {
    // n = 2, b = 128: λ = 2·1/2^129 = 2^-128; 1 − e^-λ = λ to 39 digits.
    let two = 2f64.powi(-128);
    assert!(close(collision_probability(2, 128), two, 1e-15));
    assert!(close(two, 2.938_735_877_055_719e-39, 1e-15));
    assert_eq!(expected_colliding_pairs(2, 128), two);
    assert_eq!(collision_probability(1, 128), 0.0);
    assert_eq!(collision_probability(0, 16), 0.0);
    // n = 2^16 + 1 at 16 bits: pigeonhole.
    assert_eq!(collision_probability(65_537, 16), 1.0);
    // n = 100 000, b = 32: λ = 9 999 900 000/2^33 = 9 999 900 000/8 589 934 592 = 1.16414;
    // P = 1 − e^-1.16414 = 1 − 0.31220 = 0.68780.
    assert!(close(
        expected_colliding_pairs(100_000, 32),
        1.164_141,
        1e-6
    ));
    assert!(close(collision_probability(100_000, 32), 0.687_80, 1e-4));
    // P3's 13e9 pages at 128 bits: λ = 1.69e20/2^129 = 1.69e20/6.805647e38 = 2.4832e-19.
    assert!(close(
        collision_probability(P3_WEB_PAGES, 128),
        2.4832e-19,
        1e-4
    ));
    // 60e9 links: 3.6e21/6.805647e38 = 5.2897e-18.
    assert!(close(
        collision_probability(P3_WEB_LINKS, 128),
        5.2897e-18,
        1e-4
    ));
    // At 64 bits: λ = 1.69e20/2^65 = 1.69e20/3.689349e19 = 4.5807; P = 1 − e^-4.5807 =
    // 1 − 0.010245 = 0.98975.
    assert!(close(
        expected_colliding_pairs(P3_WEB_PAGES, 64),
        4.5807,
        1e-4
    ));
    assert!(close(
        collision_probability(P3_WEB_PAGES, 64),
        0.98975,
        1e-4
    ));
    // 60e9 at 64 bits: λ = 3.6e21/3.689349e19 = 97.58: P = 1 to double precision.
    assert!(collision_probability(P3_WEB_LINKS, 64) > 1.0 - 1e-15);
    // log10 where the probability underflows: n = 2, b = 1024: −1024·log10 2 = −308.25.
    assert!(close(
        log10_collision_probability(2, 1024),
        -308.254_7,
        1e-6
    ));
    assert!(close(
        log10_collision_probability(P3_WEB_PAGES, 128),
        (2.4832e-19f64).log10(),
        1e-4
    ));
}

#[test]
fn the_claim_is_reached_at_26_million_urls() {
    // λ = −ln(1 − 1e-24) = 1e-24; n(n−1) = 2^129·1e-24 = 6.805647e14;
    // n = (1 + √(1 + 4·6.805647e14))/2 = (1 + 52 175 271.3)/2 = 26 087 636.2.
    let n = n_for_collision_probability(P3_CLAIM_PAIR_PROBABILITY, 128);
    assert!((n - 26_087_636.2).abs() < 0.5, "{n}");
    assert!(close(
        collision_probability(n.round() as u64, 128),
        1e-24,
        1e-6
    ));
    // Even odds at 16 bits: λ = ln 2, n(n−1) = 2^17·0.693147 = 90 852.3, n = 301.9.
    assert!((n_for_collision_probability(0.5, 16) - 301.92).abs() < 0.01);
    assert_eq!(n_for_collision_probability(0.0, 16), 1.0);
    assert!(n_for_collision_probability(1.0, 16).is_infinite());
    let b = BirthdayReport::new();
    assert!(close(b.claim_log2, -79.726, 1e-4));
    // Pages and links at 128, 64, 384 and 1024 bits; at 1024 bits the pages' chance is
    // 13e9² / 2^1025 = 4.70e-289, still a normal f64.
    assert_eq!(b.rows.len(), 8);
    let top = &b.rows[6];
    assert_eq!((top.bits, top.n), (1024, 13_000_000_000));
    assert!(close(top.probability, 4.700e-289, 1e-3), "{top:?}");
    assert!(close(top.log10_probability, -288.328, 1e-4), "{top:?}");
    // 10^-19: n(n−1) = 6.805647e19 → n = 8.2496e9.
    assert!(close(b.n_at_human_fingerprint, 8.2496e9, 1e-4));
}

#[test]
fn expected_false_duplicates_are_accurate_when_tiny_and_when_large() {
    // m = 2^16 = 65 536, n = 100 000: n/m = 1.525879; (1 − 1/m)^n = e^(n·ln(1−1/m))
    // = e^-1.525890 = 0.217422; distinct = 65 536·0.782578 = 51 287.0; false = 48 713.0.
    assert!((expected_false_duplicates(100_000, 16) - 48_713.0).abs() < 1.0);
    assert!((expected_distinct(100_000, 16) - 51_287.0).abs() < 1.0);
    // Tiny: n = 1000, b = 128: C(1000,2)/2^128 = 499 500/3.4028e38 = 1.4679e-33.
    assert!(close(
        expected_false_duplicates(1000, 128),
        1.4679e-33,
        1e-4
    ));
    // Small b, n = 3, m = 4: exact E[n − D] = 3 − 4(1 − (3/4)^3) = 3 − 4·37/64 = 0.6875.
    assert!(close(expected_false_duplicates(3, 2), 0.6875, 1e-12));
    // Series branch, n = 10, m = 2^10: C(10,2)/m − C(10,3)/m² + C(10,4)/m³ − …
    // = 45/1024 − 120/1048576 + 210/1073741824 = 0.0439453 − 0.0001144 + 0.0000002
    // = 0.0438311.
    assert!(close(expected_false_duplicates(10, 10), 0.043_831_1, 1e-5));
}

#[test]
fn avalanche_counts_differing_bits_of_a_hand_checked_pair() {
    // MD5("")  = d41d8cd9 8f00b204 e9800998 ecf8427e
    // MD5("a") = 0cc175b9 c0f1b6a8 31c399e2 69772661
    // XOR      = d8dcf960 4ff104ac d843907a 858f641f
    // popcount per byte: d8=4 dc=5 f9=6 60=2 | 4f=5 f1=5 04=1 ac=4 |
    //                    d8=4 43=3 90=2 7a=5 | 85=3 8f=5 64=3 1f=5
    // = 17 + 15 + 14 + 16 = 62.
    let a = avalanche(b"", b"a");
    assert_eq!(a.digest_a, "d41d8cd98f00b204e9800998ecf8427e");
    assert_eq!(a.digest_b, "0cc175b9c0f1b6a831c399e269772661");
    assert_eq!(a.xor, "d8dcf9604ff104acd843907a858f641f");
    assert_eq!(a.differing_bits, 62);
    // 0xd8 = 1101 1000: the first byte differs at bits 0, 1, 3, 4.
    assert_eq!(a.positions[..4], [0, 1, 3, 4]);
    // 0x1f = 0001 1111: the last byte at bits 123..127.
    assert_eq!(
        a.positions[a.positions.len() - 5..],
        [123, 124, 125, 126, 127]
    );
    assert_eq!(a.bits_a[..8], [1, 1, 0, 1, 0, 1, 0, 0]); // 0xd4
    assert_eq!(a.bits_b[..8], [0, 0, 0, 0, 1, 1, 0, 0]); // 0x0c
    for (i, (x, y)) in a.bits_a.iter().zip(&a.bits_b).enumerate() {
        assert_eq!(x != y, a.positions.contains(&(i as u8)));
    }
    assert_eq!(bit_positions(1), [127]);
    assert_eq!(bit_positions(1 << 127), [0]);
    assert_eq!(differing_bits(u128::MAX, 0), 128);
}

#[test]
fn variants_of_a_url() {
    let v = variants(b"https://Www.A.cn:8080/x/");
    let got: Vec<(VariantKind, String)> = v
        .iter()
        .map(|v| (v.kind, String::from_utf8(v.bytes.clone()).unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (
                VariantKind::FlipLastBit,
                "https://Www.A.cn:8080/x.".to_string()
            ),
            (VariantKind::TrailingSlash, "https://Www.A.cn:8080/x".into()),
            (
                VariantKind::HostUpperCase,
                "https://WWW.A.CN:8080/x/".into()
            ),
            (VariantKind::LastDigit, "https://Www.A.cn:8081/x/".into()),
            (VariantKind::Scheme, "http://Www.A.cn:8080/x/".into()),
        ]
    );
    // No letters in the host, no digit, no known scheme: those kinds are left out.
    let kinds: Vec<VariantKind> = variants(b"ftp://1.2.3.4/").iter().map(|v| v.kind).collect();
    assert_eq!(
        kinds,
        [
            VariantKind::FlipLastBit,
            VariantKind::TrailingSlash,
            VariantKind::LastDigit
        ]
    );
    let kinds: Vec<VariantKind> = variants(b"a.cn").iter().map(|v| v.kind).collect();
    assert!(kinds.contains(&VariantKind::Scheme));
    assert_eq!(variants(b"a.cn").last().unwrap().bytes, b"http://a.cn");
    assert!(variants(b"")
        .iter()
        .all(|v| v.kind == VariantKind::TrailingSlash));
}

#[test]
fn binomial_reference_and_avalanche_statistics() {
    let p = binomial_half_pmf(128);
    assert!(close(p.iter().sum::<f64>(), 1.0, 1e-12));
    // C(128, 64)/2^128 = 0.070386 (Stirling: √(2/(π·128)) = 0.070523, 0.2 % high).
    assert!(close(p[64], 0.070_386, 1e-4));
    assert_eq!(p[0], 2f64.powi(-128));
    let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
    let var: f64 = p
        .iter()
        .enumerate()
        .map(|(k, q)| (k as f64 - 64.0).powi(2) * q)
        .sum();
    assert!(close(mean, 64.0, 1e-12) && close(var.sqrt(), AVALANCHE_EXPECTED_SD, 1e-12));

    let mut t = AvalancheTally::new();
    for i in 0..4000 {
        t.add_url(format!("http://www.site{}.com.cn/news/{i}.html", i % 37).as_bytes());
    }
    let s = t.stats();
    assert_eq!(s.pairs, 4000 * 5);
    assert_eq!(s.histogram.iter().sum::<u64>(), s.pairs);
    assert!((s.mean - 64.0).abs() < 0.2, "{}", s.mean);
    assert!((s.sd - 5.657).abs() < 0.2, "{}", s.sd);
    assert!(s.p_value.unwrap() > 1e-4, "{:?}", s.p_value);
    assert_eq!(s.by_kind.len(), 5);
    assert!(s
        .by_kind
        .iter()
        .all(|k| k.pairs == 4000 && (k.mean - 64.0).abs() < 0.6));
    // Hand-made tally: one pair at 0 bits and one at 128: mean 64, sd √(2·64²/1) = 90.51.
    let mut h = AvalancheTally::new();
    h.add_digests(5, 5, None);
    h.add_digests(0, u128::MAX, None);
    let s = h.stats();
    assert_eq!((s.min, s.max, s.mean), (0, 128, 64.0));
    assert!(close(s.sd, 90.509_668, 1e-6));
    assert!(AvalancheTally::new().stats().p_value.is_none());
}

#[test]
fn p3_empty_string_digest_is_revealed_and_the_other_is_not_matched() {
    let r = p3_reveals();
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].printed, P3_DIGEST_IP_ID);
    assert_eq!(r[0].matches.len(), 1);
    assert_eq!(r[0].matches[0].text, "");
    assert!(r[0].verdict.contains("empty string"));
    assert!(r[1].matches.is_empty());
    assert!(r[1].verdict.starts_with("no candidate matched"));
    assert_eq!(r[0].tried, r[1].tried);
    assert!(r[1].tried > 100, "{}", r[1].tried);
    let c = p3_candidates();
    assert!(c
        .iter()
        .any(|c| c.text == "http://www.nuist.edu.cn/" && c.source.contains("inferred")));
    assert!(c
        .iter()
        .any(|c| c.text == "BBS2." && c.source.contains("variant")));
    assert!(reveal("00F4", "", &c).is_err());
}

#[test]
fn simple_variants_cover_scheme_slash_and_case() {
    let v = simple_variants("http://A.cn/");
    for want in [
        "http://A.cn/",
        "A.cn",
        "a.cn/",
        "HTTP://A.CN",
        "https://a.cn/",
        "http://a.cn",
    ] {
        assert!(v.iter().any(|x| x == want), "{want}: {v:?}");
    }
    assert_eq!(v.len(), new_set(&v));
    fn new_set(v: &[String]) -> usize {
        v.iter().collect::<HashSet<_>>().len()
    }
    assert!(simple_variants("").contains(&String::new()));
}

#[test]
fn the_candidates_case_the_same_in_ascii_and_in_unicode() {
    let candidates = p3_candidates();
    assert!(candidates.iter().any(|c| !c.text.is_ascii()));
    for c in &candidates {
        assert_eq!(
            c.text.to_uppercase(),
            c.text.to_ascii_uppercase(),
            "{}",
            c.text
        );
        assert_eq!(
            c.text.to_lowercase(),
            c.text.to_ascii_lowercase(),
            "{}",
            c.text
        );
    }
}

#[test]
fn host_table_parses_aliases_and_mirrors() {
    let t = HostTable::parse(
        "\u{feff}# aliases: several names, one IP\n\
         www.nuist.edu.cn   202.195.235.1\n\
         NUIST.cn\t202.195.235.1   # same site\n\
         \n\
         # a mirror: one name, two IPs\n\
         www.nuist.edu.cn 202.195.235.2\n\
         www.nuist.edu.cn 202.195.235.2\n\
         v6.a.cn 2001:DB8::1\n",
    )
    .unwrap();
    assert_eq!(
        *t.summary(),
        TableSummary {
            pairs: 4,
            hosts: 3,
            ips: 3,
            alias_ips: 1,
            mirror_hosts: 1
        }
    );
    assert_eq!(t.ip_of("nuist.cn"), Some("202.195.235.1"));
    assert_eq!(t.ip_of("www.nuist.edu.cn"), Some("202.195.235.1"));
    assert_eq!(t.name_of("202.195.235.2"), Some("www.nuist.edu.cn"));
    assert_eq!(t.name_of("[2001:db8::1]"), Some("v6.a.cn"));

    // Alias: both names → one IP, one IP_ID.
    let a = t.keys(b"http://nuist.cn/xxgk/index.htm").unwrap();
    let b = t
        .keys(b"https://WWW.nuist.edu.cn/xxgk/index.htm#top")
        .unwrap();
    assert_eq!(a.ip_key, "http://202.195.235.1/xxgk/index.htm");
    assert_eq!((a.ip_key.as_str(), a.ip_id), (b.ip_key.as_str(), b.ip_id));
    assert_eq!(a.name_key, "http://www.nuist.edu.cn/xxgk/index.htm");
    assert_eq!(a.ip_id, md5_u128(b"http://202.195.235.1/xxgk/index.htm"));
    // Mirror: the second IP goes back to the first name listed for it.
    let m = t.keys(b"http://202.195.235.2/xxgk/index.htm").unwrap();
    assert_eq!(m.name_key, a.name_key);
    assert_eq!(m.ip_key, "http://202.195.235.2/xxgk/index.htm");
    assert!(m.resolved);
    // Port kept, query kept; unknown hosts keep themselves.
    let u = t.keys(b"other.cn:8080/a?b=1").unwrap();
    assert_eq!(
        (u.ip_key.as_str(), u.resolved),
        ("http://other.cn:8080/a?b=1", false)
    );
    assert_eq!(u.name_key, u.ip_key);
    let v6 = t.keys(b"http://[2001:db8::1]/").unwrap();
    assert_eq!(v6.name_key, "http://v6.a.cn/");
    assert!(t.keys(b"mailto:a@b.cn").is_err());
    assert!(HostTable::parse("").unwrap().keys(b"a.cn").is_ok());
}

#[test]
fn host_table_errors_name_the_line() {
    let cases = [
        ("a.cn 1.2.3.4\nb.cn\n", 2, "found 1 field"),
        ("a.cn 1.2.3.4 5.6.7.8", 1, "found 3 fields"),
        (
            "# x\n\na.cn 1.2.3",
            3,
            "`1.2.3` is not an IPv4 or IPv6 address",
        ),
        ("1.2.3.4 a.cn", 1, "/etc/hosts order"),
        ("1.2.3.4 5.6.7.8", 1, "is an IP address"),
        ("a.cn/x 1.2.3.4", 1, "not a host name"),
        ("a b.cn 1.2.3.4", 1, "found 3 fields"),
        ("a%b.cn 1.2.3.4", 1, "not a host name"),
    ];
    for (text, line, msg) in cases {
        let e = HostTable::parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}");
        assert!(e.message.contains(msg), "{text:?}: {}", e.message);
        assert!(e
            .to_string()
            .starts_with(&format!("host table, line {line}: ")));
    }
}

#[test]
fn sites_study_counts_merges() {
    let t = HostTable::parse("a.cn 1.1.1.1\nb.cn 1.1.1.1\na.cn 2.2.2.2\n").unwrap();
    let mut s = SitesStudy::new(t);
    let lines = [
        "http://a.cn/x",
        "http://b.cn/x",    // alias of a.cn
        "http://2.2.2.2/x", // mirror of a.cn
        "http://a.cn/x",    // exact duplicate
        "http://c.cn/x",    // not in the table
        "mailto:x@a.cn",    // no host
    ];
    for (i, l) in lines.iter().enumerate() {
        let _ = s.push(i as u64 + 1, l.as_bytes());
    }
    let r = s.finish();
    assert_eq!(r.lines, 6);
    assert_eq!(
        (r.unparsable.count, r.unparsable.first_lines.clone()),
        (1, vec![6])
    );
    assert_eq!(
        (r.unresolved.count, r.unresolved.first_lines.clone()),
        (1, vec![5])
    );
    assert_eq!(r.distinct_lines, 4);
    assert_eq!(r.distinct_host_keys, 4); // a, b, 2.2.2.2, c
    assert_eq!(r.distinct_ip_ids, 3); // 1.1.1.1 (a, b), 2.2.2.2, c
    assert_eq!(r.distinct_name_ids, 2); // a.cn (a, b, 2.2.2.2), c
                                        // P3's rule: b.cn is appended to a.cn's record, 2.2.2.2 dropped, the repeat dropped.
    let st = &r.store;
    assert_eq!((st.urls, st.records, st.stored_urls), (5, 2, 3));
    assert_eq!(st.largest_record, 2);
    let steps: Vec<_> = st
        .steps
        .iter()
        .map(|s| (s.step, s.before, s.after, s.dropped, s.appended))
        .collect();
    assert_eq!(
        steps,
        [
            ("repeat", 5, 4, 1, 0),
            ("same-ip", 4, 4, 0, 1),
            ("same-name", 4, 3, 1, 0),
            ("similar-site", 3, 3, 0, 0),
        ]
    );
}

/// `n` paths `/p/0` … on `site`, from `from`.
fn site_urls(site: &str, from: usize, n: usize) -> Vec<String> {
    (from..from + n)
        .map(|i| format!("http://{site}/p/{i}"))
        .collect()
}

#[test]
fn url_store_finds_mirrors_by_path_similarity_and_drops_their_shared_paths() {
    let t = HostTable::parse("").unwrap();
    let mut s = UrlStore::new(MirrorRule::default());
    // "/" is on every site. m.cn copies a.cn's 21 paths (similarity 1); c.cn shares 19 of 23
    // (0.826 < 0.9); d.cn copies e.cn's 2 paths (similarity 1, under min_shared = 3).
    let mut urls = site_urls("a.cn", 0, 20);
    urls.extend(site_urls("m.cn", 0, 20));
    urls.extend(site_urls("c.cn", 2, 20));
    urls.extend(site_urls("e.cn", 100, 1));
    urls.extend(site_urls("d.cn", 100, 1));
    for site in ["a.cn", "m.cn", "c.cn", "d.cn", "e.cn"] {
        urls.push(format!("http://{site}/"));
    }
    for u in &urls {
        assert_eq!(s.push(&t.keys(u.as_bytes()).unwrap()), Placed::New, "{u}");
    }
    let r = s.finish();
    let m = &r.mirrors;
    assert_eq!((m.sites, m.mirror_pairs, m.groups), (5, 1, 1));
    // Compared: each later site with the first site of its paths: m, c, e and d with a (all
    // have "/"), d with e.
    assert_eq!(m.pairs_examined, 5);
    assert_eq!(m.dropped, 21); // m.cn's 20 paths and its "/"
    assert_eq!(
        m.top,
        [MirrorPair {
            kept: "http://a.cn".into(),
            mirror: "http://m.cn".into(),
            shared: 21,
            similarity: 1.0
        }]
    );
    // Every URL headed its own record (no host table: IP_ID = Name_ID = host + path).
    assert_eq!(m.dropped_records, 21);
    let left = urls.len() as u64 - 21;
    assert_eq!((r.records, r.stored_urls), (left, left));
    let last = r.steps.last().unwrap();
    assert_eq!(
        (last.before, last.after),
        (urls.len() as u64, urls.len() as u64 - 21)
    );
    // Looser thresholds join c.cn and d.cn into groups.
    let mut s = UrlStore::new(MirrorRule {
        min_similarity: 0.8,
        min_shared: 2,
    });
    for u in &urls {
        s.push(&t.keys(u.as_bytes()).unwrap());
    }
    let m = s.finish().mirrors;
    assert_eq!((m.mirror_pairs, m.groups), (3, 2)); // a–m, a–c (m–c is not compared); e–d
    assert_eq!(m.dropped, 21 + 19 + 2); // m.cn's 21; c.cn's 19 shared with a.cn; d.cn's 2
}

fn only(t: Toggle, url: &str) -> String {
    Canonicalizer::new(Toggles::only(t)).canonical(url).unwrap()
}

#[test]
fn every_toggle_off_leaves_lines_unchanged() {
    let c = Canonicalizer::new(Toggles::none());
    for u in [
        "HTTP://WWW.A.cn:80/x/;jsessionid=1?b=2&a=1&sid=3#f",
        "a.cn",
        "//a.cn/x",
        "http:///a.cn/",
        "https://u:p@[::1]:443/?",
        "http://a.cn/x \u{1}",
        "x-y://h:\\",
        "http://a.cn\\x\\",
        "http://a.cn/x?#",
    ] {
        assert_eq!(c.canonical(u).unwrap(), u);
    }
}

#[test]
fn each_toggle_on_hand_made_examples() {
    use Toggle::*;
    assert_eq!(only(AddScheme, "a.cn/x"), "http://a.cn/x");
    assert_eq!(only(AddScheme, "//a.cn/x"), "http:////a.cn/x");
    assert_eq!(only(AddScheme, "https://a.cn/"), "https://a.cn/");

    assert_eq!(
        only(LowercaseHost, "HTTP://WWW.A.CN/Path"),
        "http://www.a.cn/Path"
    );
    assert_eq!(only(LowercaseHost, "U:P@A.CN/X?Q#F"), "U:P@a.cn/X?Q#F");

    assert_eq!(only(DropDefaultPort, "http://a.cn:80/"), "http://a.cn/");
    assert_eq!(only(DropDefaultPort, "HTTPS://a.cn:443/"), "HTTPS://a.cn/");
    assert_eq!(
        only(DropDefaultPort, "https://a.cn:80/"),
        "https://a.cn:80/"
    );
    assert_eq!(only(DropDefaultPort, "a.cn:080/x"), "a.cn/x");
    assert_eq!(only(DropDefaultPort, "http://a.cn:/"), "http://a.cn/");
    assert_eq!(only(DropDefaultPort, "http://[::1]:80/"), "http://[::1]/");
    assert_eq!(
        only(DropDefaultPort, "http://a.cn:8080/"),
        "http://a.cn:8080/"
    );
    assert_eq!(only(DropDefaultPort, "ftp://a.cn:21/"), "ftp://a.cn/");

    assert_eq!(
        only(DropFragment, "http://a.cn/x?y=1#top"),
        "http://a.cn/x?y=1"
    );
    assert_eq!(only(DropFragment, "http://a.cn/x#"), "http://a.cn/x");

    assert_eq!(only(TrailingSlash, "http://a.cn"), "http://a.cn/");
    assert_eq!(only(TrailingSlash, "http://a.cn?x=1"), "http://a.cn/?x=1");
    assert_eq!(only(TrailingSlash, "http://a.cn/"), "http://a.cn/");
    assert_eq!(only(TrailingSlash, "http://a.cn/news/"), "http://a.cn/news");
    assert_eq!(
        only(TrailingSlash, "http://a.cn/news//?p=1"),
        "http://a.cn/news?p=1"
    );
    assert_eq!(only(TrailingSlash, "http://a.cn//"), "http://a.cn/");
    // The URL parser ignores spaces at the end; they stay after the URL.
    assert_eq!(only(TrailingSlash, "http://A "), "http://A/ ");

    assert_eq!(only(DropWww, "http://www.a.cn/"), "http://a.cn/");
    assert_eq!(only(DropWww, "http://WWW.www.a.cn/"), "http://a.cn/");
    assert_eq!(only(DropWww, "http://www.cn/"), "http://www.cn/");
    assert_eq!(only(DropWww, "http://www2.a.cn/"), "http://www2.a.cn/");
    assert_eq!(only(DropWww, "http://a.www.cn/"), "http://a.www.cn/");

    assert_eq!(
        only(SortQuery, "http://a.cn/?b=2&a=1&&c"),
        "http://a.cn/?a=1&b=2&c"
    );
    assert_eq!(only(SortQuery, "http://a.cn/?"), "http://a.cn/");
    assert_eq!(
        only(SortQuery, "http://a.cn/?b=1#x?z&a"),
        "http://a.cn/?b=1#x?z&a"
    );

    assert_eq!(
        only(
            DropSessionIds,
            "http://a.cn/x.jsp;jsessionid=0A1B?id=3&JSESSIONID=9"
        ),
        "http://a.cn/x.jsp?id=3"
    );
    assert_eq!(
        only(DropSessionIds, "http://a.cn/?PHPSESSID=ab"),
        "http://a.cn/"
    );
    assert_eq!(
        only(
            DropSessionIds,
            "http://a.cn/f.asp?ASPSESSIONIDQQGGQGPA=X&p=2"
        ),
        "http://a.cn/f.asp?p=2"
    );
    assert_eq!(
        only(
            DropSessionIds,
            "http://a.cn/viewthread.php?tid=5&sid=a1b2c3&page=2"
        ),
        "http://a.cn/viewthread.php?tid=5&page=2"
    );
    assert_eq!(
        only(DropSessionIds, "http://a.cn/a;v=1;sid=2x3y4z/b;sid=7"),
        "http://a.cn/a;v=1/b;sid=7"
    );
    assert_eq!(
        only(DropSessionIds, "http://a.cn/?sidebar=1"),
        "http://a.cn/?sidebar=1"
    );
    assert_eq!(only(DropSessionIds, "http://a.cn/?"), "http://a.cn/?");
    assert!(is_session_id_param("osCsid", "") && !is_session_id_param("id", "x"));
    // sid only with a token value (a letter and a digit, 6 or more, nothing else).
    assert_eq!(
        only(DropSessionIds, "http://a.cn/?sid=1&x=2"),
        "http://a.cn/?sid=1&x=2"
    );
    assert_eq!(
        only(
            DropSessionIds,
            "http://slashdot.org/article.pl?sid=00/11/23/1616201"
        ),
        "http://slashdot.org/article.pl?sid=00/11/23/1616201"
    );
    assert_eq!(
        only(DropSessionIds, "http://a.cn/?sid=abcdef&sid=123456"),
        "http://a.cn/?sid=abcdef&sid=123456"
    );

    for t in Toggle::ALL {
        assert_eq!(Toggle::parse(t.id()), Some(t));
        assert!(Toggles::only(t).is_on(t));
        assert!(!t.description().is_empty());
    }
    assert!(Toggle::parse("nope").is_none());
}

#[test]
fn cases_the_property_tests_found_stay_idempotent() {
    let cases = [
        ("http://A ", Toggles::only(Toggle::TrailingSlash)),
        (" @\u{f88}", Toggles::only(Toggle::AddScheme)),
        ("x-y://!:\\", Toggles::only(Toggle::DropDefaultPort)),
        // Dropping the fragment leaves a space at the end, which the parser ignores.
        (
            "http://=? #",
            Toggles::only(Toggle::DropFragment).with(Toggle::SortQuery, true),
        ),
    ];
    for (url, t) in cases {
        let c = Canonicalizer::new(t);
        let once = c.canonical(url).unwrap();
        assert_eq!(c.canonical(&once), Ok(once.clone()), "{url:?}");
    }
    let c = Canonicalizer::new(Toggles::only(Toggle::DropFragment).with(Toggle::SortQuery, true));
    assert_eq!(
        c.canonical("http://a.cn/x?b #").unwrap(),
        "http://a.cn/x?b "
    );
    assert_eq!(c.canonical("http://=? #").unwrap(), "http://= ");
}

#[test]
fn all_toggles_together() {
    let c = Canonicalizer::new(Toggles::all());
    assert_eq!(
        c.canonical("WWW.A.CN:80/bbs/;jsessionid=1/?z=1&SID=x1y2z3&a=2#p")
            .unwrap(),
        "http://a.cn/bbs?a=2&z=1"
    );
    assert_eq!(
        c.canonical("https://www.a.cn:443").unwrap(),
        "https://a.cn/"
    );
    for bad in [
        "",
        "mailto:a@b.cn",
        "http://",
        "http://a b.cn/",
        "javascript:void(0)",
    ] {
        assert!(c.canonical(bad).is_err(), "{bad}");
    }
}

#[test]
fn canonical_study_counts_each_toggle() {
    let mut s = CanonicalStudy::new();
    let lines = [
        "http://www.a.cn/x",
        "http://a.cn/x",
        "HTTP://A.CN/x",
        "http://a.cn:80/x",
        "http://a.cn/x#f",
        "http://a.cn/x/",
        "http://a.cn/x?b=1&a=2",
        "http://a.cn/x?a=2&b=1",
        "http://a.cn/x?a=2&b=1&PHPSESSID=9",
        "a.cn/x",
        "http://a.cn/x", // exact duplicate
        "mailto:x@a.cn", // not a URL with a host
    ];
    for (i, l) in lines.iter().enumerate() {
        let _ = s.push(i as u64 + 1, l.as_bytes());
    }
    let r = s.finish();
    assert_eq!((r.lines, r.parsed), (12, 11));
    assert_eq!(
        (r.unparsable.count, r.unparsable.first_lines.clone()),
        (1, vec![12])
    );
    assert_eq!(r.distinct_before, 10);
    let merged: Vec<(String, u64)> = r
        .toggles
        .iter()
        .map(|t| (t.toggle.clone(), t.merged))
        .collect();
    assert_eq!(
        merged,
        [
            ("add-scheme".to_string(), 1),
            ("lowercase-host".into(), 1),
            ("drop-default-port".into(), 1),
            ("drop-fragment".into(), 1),
            ("trailing-slash".into(), 1),
            ("drop-www".into(), 1),
            ("sort-query".into(), 1),
            ("drop-session-ids".into(), 1),
        ]
    );
    // Together: all but the two queries collapse to http://a.cn/x, the queries to one.
    assert_eq!(r.all.distinct_after, 2);
    assert_eq!(r.toggles[0].changed_lines, 1);
}

#[test]
fn p3_study_reports_claims_beside_the_input() {
    let mut s = P3Study::new();
    let corpus = crate::foundation::corpus::Corpus::new(2004);
    let mut it = corpus.iter(0, 3000);
    let mut i = 0;
    while let Some(u) = it.next_url() {
        i += 1;
        s.push(i, u);
    }
    s.push(i + 1, b"http://www.nbkie.com/");
    s.push(i + 2, b"http://www.nbkie.com/");
    let r = s.finish();
    assert_eq!(r.input.lines, 3002);
    assert_eq!(r.input.md5_collisions, 0);
    assert!(r.input.duplicate_lines >= 1);
    assert_eq!(r.truncated.len(), 3);
    assert_eq!(r.avalanche_urls, 3002);
    assert!((r.avalanche.mean - 64.0).abs() < 0.5);
    assert_eq!(r.table1.len(), 3);
    assert_eq!(r.table1[0].differing_bits_from_first, 0);
    let ex = r.example.as_ref().unwrap();
    assert_eq!(ex.differing_bits, r.table1[1].differing_bits_from_first);
    assert!(r.sites.is_none());
    assert!(r.findings.iter().any(|f| f.contains("empty string")));
    assert!(r
        .findings
        .iter()
        .any(|f| f.contains("no candidate matched")));
    assert_eq!(r.printed.digest_name_id, P3_DIGEST_NAME_ID);
    let json = serde_json::to_string(&r).unwrap();
    assert!(json.contains("\"kind\":\"flip-last-bit\""));

    let t = HostTable::parse("www.nbkie.com 10.0.0.1\nnbkie.com 10.0.0.1\n").unwrap();
    let mut s = P3Study::with_hosts(t, MirrorRule::default());
    s.push(1, b"http://www.nbkie.com/a");
    s.push(2, b"http://nbkie.com/a");
    let r = s.finish();
    let sites = r.sites.unwrap();
    assert_eq!((sites.distinct_host_keys, sites.distinct_ip_ids), (2, 1));
    let empty = P3Study::new().finish();
    assert!(empty.table1.is_empty() && empty.example.is_none());
}
