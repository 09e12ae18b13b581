//! Properties of every scheme on generated lines: no line makes one panic, and each scheme's
//! forms are its own fixed points (a form canonicalised again is itself), but P3's key: it writes
//! every scheme `http://` and keeps a port that is not the line's own scheme's default, so
//! `https://a.cn:80/` has the key `http://a.cn:80/`, whose own key is `http://a.cn/`; and
//! StormCrawler on a path with `;` before its last element: it moves only the last element's
//! `;params` into the query, so `/;/;x` becomes `/;?x`, and that becomes `?x` (as StormCrawler
//! 3.4.0 does).

use super::Scheme;
use proptest::prelude::*;

fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec!["", "http://", "HTTP://", "https://", "ftp://", "//"]);
    let host = prop::sample::select(vec![
        "a.cn",
        "WWW.A.CN",
        "a.cn.",
        "3279880203",
        "0x7f.1",
        "[::1]",
        "b\u{fc}cher.de",
        "%61.cn",
        "u@a.cn",
    ]);
    let port = prop::sample::select(vec!["", ":80", ":443", ":8080", ":", ":080"]);
    let path = "(/[a-zA-Z0-9._~;=%+ -]{0,6}){0,4}/{0,2}";
    let query = "(\\?[a-zA-Z0-9=&;_%+ ]{0,16})?";
    let frag = "(#[a-zA-Z0-9?&=/]{0,6})?";
    (scheme, host, port, path, query, frag)
        .prop_map(|(s, h, p, pa, q, f)| format!("{s}{h}{p}{pa}{q}{f}"))
}

proptest! {
    #![proptest_config(crate::testing::proptest_config(1500))]

    #[test]
    fn no_line_makes_a_scheme_panic(line in proptest::collection::vec(any::<u8>(), 0..60)) {
        for s in Scheme::ALL {
            let _ = s.canonical(&line);
        }
    }

    #[test]
    fn every_form_is_its_own_form(url in url_like()) {
        let path_params = url.split(['?', '#']).next().is_some_and(|p| p.contains(';'));
        for s in Scheme::ALL
            .into_iter()
            .filter(|&s| s != Scheme::P3 && !(s == Scheme::StormCrawler && path_params))
        {
            if let Ok(once) = s.canonical(url.as_bytes()) {
                let twice = s.canonical(once.as_bytes());
                prop_assert_eq!(twice.as_ref(), Ok(&once), "{}: {:?} → {:?}", s.id(), url, once);
            }
        }
    }
}
