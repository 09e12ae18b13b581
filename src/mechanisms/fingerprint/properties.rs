use super::avalanche::{bit_positions, differing_bits};
use super::canonical::{Canonicalizer, Toggle, Toggles};
use super::dedup::TruncatedCollisions;
use proptest::prelude::*;

fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec!["", "http://", "HTTP://", "https://", "ftp://", "//"]);
    let www = prop::sample::select(vec!["", "www.", "WWW.", "www.www."]);
    let host = "[a-zA-Z0-9-]{1,6}(\\.[a-zA-Z]{1,3}){0,2}";
    let port = prop::sample::select(vec!["", ":80", ":443", ":8080", ":", ":21", ":080"]);
    let path = "(/[a-zA-Z0-9._~;=%-]{0,6}){0,4}/{0,2}";
    let query = "(\\?[a-zA-Z0-9=&_]{0,16})?";
    let frag = "(#[a-zA-Z0-9?&=/]{0,6})?";
    (scheme, www, host, port, path, query, frag)
        .prop_map(|(s, w, h, p, pa, q, f)| format!("{s}{w}{h}{p}{pa}{q}{f}"))
}

fn toggles() -> impl Strategy<Value = Toggles> {
    prop::array::uniform8(any::<bool>()).prop_map(|b| {
        Toggle::ALL
            .iter()
            .zip(b)
            .fold(Toggles::none(), |t, (&x, on)| t.with(x, on))
    })
}

proptest! {
    #![proptest_config(crate::testing::proptest_config(2000))]

    #[test]
    fn canonicalisation_is_idempotent(url in url_like(), t in toggles()) {
        let c = Canonicalizer::new(t);
        if let Ok(once) = c.canonical(&url) {
            prop_assert_eq!(c.canonical(&once), Ok(once.clone()), "{} → {}", url, once);
        }
    }

    #[test]
    fn canonicalisation_is_idempotent_on_any_text(url in "\\PC{0,40}", t in toggles()) {
        let c = Canonicalizer::new(t);
        if let Ok(once) = c.canonical(&url) {
            prop_assert_eq!(c.canonical(&once), Ok(once.clone()), "{} → {}", url, once);
        }
    }

    #[test]
    fn canonicalisation_is_idempotent_after_a_scheme(
        scheme in prop::sample::select(vec!["http://", "HTTPS://", "ftp://", "x-y://", ""]),
        rest in prop_oneof![
            "\\PC{0,40}",
            "[a-zA-Z0-9@:.%/?#&=;_\\[\\]\\\\ À-ÿ\u{ad}-]{0,30}",
        ],
        t in toggles(),
    ) {
        let url = format!("{scheme}{rest}");
        let c = Canonicalizer::new(t);
        if let Ok(once) = c.canonical(&url) {
            prop_assert_eq!(c.canonical(&once), Ok(once.clone()), "{} → {}", url, once);
        }
    }

    #[test]
    fn toggles_off_change_nothing(url in url_like()) {
        if let Ok(c) = Canonicalizer::new(Toggles::none()).canonical(&url) {
            prop_assert_eq!(c, url);
        }
    }

    #[test]
    fn truncated_counts_add_up(n in 1usize..400, bits in 1u32..=20) {
        let mut c = TruncatedCollisions::new(&[bits]).unwrap();
        for i in 0..n {
            c.push(format!("u{i}").as_bytes());
        }
        let r = &c.rows()[0];
        prop_assert_eq!(r.urls, n as u64);
        prop_assert_eq!(r.urls, r.distinct_fingerprints + r.false_duplicates);
        prop_assert!(r.colliding_pairs >= r.false_duplicates);
        prop_assert!(r.distinct_fingerprints <= 1u64 << bits);
    }

    #[test]
    fn avalanche_positions_match_the_count(a in any::<u128>(), b in any::<u128>()) {
        prop_assert_eq!(bit_positions(a ^ b).len() as u32, differing_bits(a, b));
    }
}
