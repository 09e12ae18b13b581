use super::*;
use crate::foundation::hash::{self, HashId};
use crate::foundation::key;

/// Known answers of Nutch's byHost partition, hand-computed from `String.hashCode`
/// (`h = 31 h + c` in 32 bits) and `(h ^ seed) & 0x7FFFFFFF) % n`.
#[test]
fn nutch_known_answers() {
    // "ab": 31·97 + 98 = 3105; 3105 % 7 = 4, 3105 % 10 = 5; (3105 ^ 1) % 10 = 3104 % 10 = 4.
    assert_eq!(nutch_node(b"ab", 0, 7), 4);
    assert_eq!(nutch_node(b"ab", 0, 10), 5);
    assert_eq!(nutch_node(b"ab", 1, 10), 4);
    // www.pku.edu.cn: hashCode −1212066578 = 0xB7C154EE; & 0x7FFFFFFF = 0x37C154EE = 935 417 070.
    assert_eq!(
        hash::java_string_hashcode(b"www.pku.edu.cn"),
        -1_212_066_578
    );
    assert_eq!(nutch_node(b"www.pku.edu.cn", 0, 16), 935_417_070 % 16);
    assert_eq!(nutch_node(b"www.pku.edu.cn", 0, 100), 70);
    assert_eq!(nutch_node(b"www.example.com", 0, 7), 5);
    assert_eq!(nutch_node(b"www.example.com", 12_345, 10), 9);
    assert_eq!(nutch_node(b"", 12_345, 10), 5);
}

/// Frontera: zlib CRC-32 made signed, then Python's floor modulo.
#[test]
fn frontera_known_answers() {
    // Frontera's own tests: get_crc32(b'example') == 1861000095, and
    // Crc32NamePartitioner(range(5)).partition("1be68ff556fd0bbe5802d1a100850da29f7f15b11") == 3.
    assert_eq!(crc32fast::hash(b"example"), 1_861_000_095);
    assert_eq!(
        frontera_node(b"1be68ff556fd0bbe5802d1a100850da29f7f15b11", 5),
        3
    );
    // crc32("www.pku.edu.cn") = 0xF08891FB = 4 035 482 107, signed −259 485 189.
    // Python: −259485189 % 3 = 0 (unsigned % 3 would be 1); % 7 = 2 (unsigned: 6).
    assert_eq!(crc32fast::hash(b"www.pku.edu.cn"), 0xF088_91FB);
    assert_eq!(frontera_node(b"www.pku.edu.cn", 3), 0);
    assert_eq!(frontera_node(b"www.pku.edu.cn", 7), 2);
    assert_eq!(frontera_node(b"www.pku.edu.cn", 16), 0xF088_91FB % 16);
    assert_eq!(frontera_node(b"a", 3), 2);
}

/// A second, independent form of FPGenerator: polynomial arithmetic over GF(2) written
/// out as in its Javadoc, `fp(S) = (x^64 + S(x) · x^64) mod P` with the bit order reversed.
fn fp_reference(s: &str) -> u64 {
    // Bits of the message, x^0 first: 64 zero bits for `empty`'s x^64 ... done by starting
    // from the polynomial (x^64 mod P), then each char low bit first.
    let p: u128 = (1u128 << 64) | 0xD743_07D3_FD33_82DBu64.reverse_bits() as u128;
    let mut r: u128 = p ^ (1 << 64); // x^64 mod P, as a normal-order polynomial
    for unit in s.encode_utf16() {
        for bit in 0..16 {
            // r = r·x + b·x^64 (mod P): the next message bit enters at degree 64.
            r <<= 1;
            if (unit >> bit) & 1 == 1 {
                r ^= 1 << 64;
            }
            if r >> 64 & 1 == 1 {
                r ^= p;
            }
        }
    }
    (r as u64).reverse_bits()
}

#[test]
fn heritrix_fingerprint_known_answers() {
    // Computed with Heritrix's FPGenerator source under javac and cross-checked in Python.
    assert_eq!(heritrix_fp64(""), 0xD743_07D3_FD33_82DB);
    assert_eq!(heritrix_fp64("a"), 0x3E67_E433_17CB_4865);
    assert_eq!(heritrix_fp64("com,example,"), 0x6D03_0D25_2814_4CBD);
    assert_eq!(heritrix_fp64("cn,edu,pku,"), 0xF6AB_81D3_C804_72CC);
    assert_eq!(heritrix_fp64("cn,edu,pku,www,"), 0xB805_7B24_050D_1781);
    for s in [
        "",
        "a",
        "com,example,",
        "北京,cn,",
        "x".repeat(300).as_str(),
    ] {
        assert_eq!(heritrix_fp64(s), fp_reference(s), "{s}");
    }
}

#[test]
fn heritrix_keys_and_nodes() {
    assert_eq!(
        heritrix_class_key("www.pku.edu.cn", None),
        "cn,edu,pku,www,"
    );
    assert_eq!(
        heritrix_class_key("www.example.com", Some(8080)),
        "com,example,www,#8080"
    );
    assert_eq!(heritrix_class_key("127.2.34.5", Some(81)), "127.2.34.5#81");
    // PublicSuffixesTest's expectations, as hosts.
    assert_eq!(
        heritrix_reduced_key("www.example.com", None),
        "com,example,"
    );
    assert_eq!(
        heritrix_reduced_key("www.foobar.com.au", None),
        "au,com,foobar,"
    );
    assert_eq!(
        heritrix_reduced_key("www.virgin.co.uk", None),
        "uk,co,virgin,"
    );
    assert_eq!(
        heritrix_reduced_key("www.example.zzz", None),
        "zzz,example,"
    );
    assert_eq!(heritrix_reduced_key("www.pku.edu.cn", None), "cn,edu,pku,");
    assert_eq!(
        heritrix_reduced_key("www.example.com", Some(8080)),
        "com,example,"
    );
    assert_eq!(heritrix_reduced_key("1.2.3.4", None), "1.2.3.4");
    assert_eq!(
        heritrix_reduced_key("localhost", Some(8080)),
        "localhost,#8080"
    );
    assert_eq!(heritrix_reduced_key("com.cn", None), "cn,com,");
    // fp("cn,edu,pku,") = −672 300 972 767 939 892 as a Java long: % 7 = −6 → node 6;
    // % 10 = −2 → node 2. fp("com,example,") = 7 855 136 628 301 647 037: % 10 = 7.
    assert_eq!(heritrix_node(b"www.pku.edu.cn", None, 7), 6);
    assert_eq!(heritrix_node(b"www.pku.edu.cn", None, 10), 2);
    assert_eq!(heritrix_node(b"www.example.com", Some(8080), 10), 7);
    assert_eq!(heritrix_node(b"www.example.com", None, 3), 1);
}

#[test]
fn policies_parse_and_reject() {
    for id in POLICY_IDS {
        let p = Policy::parse(id, None).unwrap();
        assert!(p.id().starts_with(id), "{id}");
    }
    assert_eq!(
        Policy::parse("host", Some(HashId::Md5)).unwrap().id(),
        "host:md5"
    );
    assert!(Policy::parse("nutch", Some(HashId::Md5)).is_err());
    assert!(Policy::parse("bogus", None)
        .unwrap_err()
        .contains("p2-printed"));
    assert!(Simulation::new(0, &[Policy::Heritrix], &[]).is_err());
    assert!(Simulation::new(3, &[], &[]).is_err());
}

fn run(nodes: u32, policies: &[Policy], lines: &[&str]) -> SimulationReport {
    let mut sim = Simulation::new(nodes, policies, &[HashId::PathXor]).unwrap();
    for (i, l) in lines.iter().enumerate() {
        let _ = sim.push(i as u64 + 1, l.as_bytes());
    }
    sim.finish()
}

#[test]
fn control_node_counts_matches_duplicates_and_sites() {
    let r = run(
        3,
        &[Policy::Host(HashId::Xxh3), Policy::P2(HashId::PathRepaired)],
        &[
            "http://a.cn/x",
            "http://a.cn/y",
            "http://A.cn/x", // duplicate: the host is lower-cased
            "http://b.cn/x",
            "mailto:someone@a.cn", // no host
            "http://b.cn/x#frag",  // duplicate: the fragment is not part of the path
        ],
    );
    assert_eq!((r.links, r.urls, r.duplicates, r.sites), (5, 3, 2, 2));
    assert_eq!(r.unsplittable, 1);
    assert_eq!(
        r.first_error.as_deref(),
        Some("line 5: the URL has no host")
    );
    // Site probe for each link, path probe for each link of a known site.
    assert_eq!(r.control_matches, 2 * 5 - 2);
    for p in &r.policies {
        assert_eq!(p.node_urls.iter().sum::<u64>(), 3);
        assert_eq!(p.node_links.iter().sum::<u64>(), 5);
    }
    // Host routing keeps a site on one node.
    let host = &r.policies[0];
    assert!(host.top_sites.iter().all(|s| s.nodes_spanned == 1));
}

#[test]
fn site_hash_collisions_group_hosts_by_their_last_five_chars() {
    let lines = [
        "http://www.pku.edu.cn/",
        "http://www.tsinghua.edu.cn/",
        "http://www.sina.com.cn/",
        "http://news.163.com/",
    ];
    let r = run(2, &[Policy::Host(HashId::Xxh3)], &lines);
    let folded = r
        .site_tables
        .iter()
        .find(|t| t.reading == "site-folded")
        .unwrap();
    // ".edu.cn" and ".com.cn" end in "du.cn" and "om.cn": pku and tsinghua share a slot.
    assert_eq!(folded.sites, 4);
    assert_eq!(folded.collisions, 1);
    assert_eq!(folded.groups.len(), 1);
    let g = &folded.groups[0];
    assert_eq!(g.hosts, 2);
    assert_eq!(g.shared_suffix, ".edu.cn");
    assert_eq!(g.sample, ["www.pku.edu.cn", "www.tsinghua.edu.cn"]);
    let repaired = r
        .site_tables
        .iter()
        .find(|t| t.reading == "site-repaired")
        .unwrap();
    assert_eq!(repaired.collisions, 0);
}

#[test]
fn path_tables_count_slot_collisions_and_the_load_rule() {
    // Under path-xor every path of length 3k has r·s = 0: "/ab" and "/cd" share slot 0.
    let r = run(
        1,
        &[Policy::Url(HashId::Xxh3)],
        &["a.cn/ab", "a.cn/cd", "a.cn/abcd"],
    );
    let t = &r.path_tables[0];
    assert_eq!((t.tables, t.urls), (1, 3));
    assert_eq!(t.collisions, t.urls - t.occupied);
    assert!(t.collisions >= 1);
    assert_eq!(t.rule_paths, 24_576);
    assert_eq!(t.sites_over_rule, 0);
    assert_eq!(t.load_bins.iter().map(|b| b.sites).sum::<u64>(), 1);
}

#[test]
fn fingerprint_set_is_a_set() {
    use std::collections::HashSet;
    let mut set = FingerprintSet::new();
    let mut model = HashSet::new();
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for i in 0..200_000u64 {
        let fp = match i % 7 {
            // Repeats, the free-slot marker, and keys crowded into one shard and one home.
            0 => 0,
            1 => (next() % 50) as u128,
            2 => (i as u128) << 64 | 1,
            _ => (next() as u128) << 64 | next() as u128,
        };
        assert_eq!(set.insert(fp), model.insert(fp), "{fp:#x}");
    }
    let mut highs: Vec<u64> = model.iter().map(|&fp| (fp >> 64) as u64).collect();
    highs.sort_unstable();
    assert_eq!(set.into_sorted_high().collect::<Vec<_>>(), highs);
}

#[test]
fn path_tables_stay_exact_past_the_switch_to_bitmaps() {
    let readings = [HashId::PathPrinted, HashId::PathXor, HashId::PathRepaired];
    let mut sim = Simulation::new(3, &[Policy::Host(HashId::Xxh3)], &readings).unwrap();
    let paths: Vec<String> = (0..3 * SLOT_ROWS).map(|i| format!("/p/{i}.html")).collect();
    for (i, p) in paths.iter().enumerate() {
        sim.push(i as u64 + 1, format!("big.cn{p}").as_bytes())
            .unwrap();
        sim.push(i as u64 + 1, format!("small{}.cn{p}", i % 3).as_bytes())
            .unwrap();
    }
    let r = sim.finish();
    for (t, f) in r.path_tables.iter().zip(readings) {
        let slots = |keep: &dyn Fn(usize) -> bool| {
            let mut s: Vec<u32> = paths
                .iter()
                .enumerate()
                .filter(|&(i, _)| keep(i))
                .map(|(_, p)| f.slot(p.as_bytes(), PATH_TABLE_SLOTS))
                .collect();
            s.sort_unstable();
            s.dedup();
            s.len() as u64
        };
        let big = slots(&|_| true);
        let small: u64 = (0..3).map(|k| slots(&|i| i % 3 == k)).sum();
        assert_eq!(t.occupied, big + small, "{}", t.reading);
        let row = t.largest.iter().find(|r| r.host == "big.cn").unwrap();
        assert_eq!(row.occupied, big, "{}", t.reading);
    }
}

#[test]
fn hosts_whose_hash_collides_stay_apart() {
    let mut sim = Simulation::new(2, &[Policy::Host(HashId::Xxh3)], &[HashId::PathXor]).unwrap();
    sim.push(1, b"a.cn/x").unwrap();
    // Pretend b.cn's 64-bit hash is a.cn's.
    let b = xxhash_rust::xxh3::xxh3_64(b"b.cn");
    sim.control.ids.insert(b, 0);
    assert!(sim.push(2, b"b.cn/x").unwrap());
    assert!(sim.push(3, b"b.cn/y").unwrap());
    assert!(!sim.push(4, b"b.cn/x").unwrap());
    assert!(!sim.push(5, b"a.cn/x").unwrap());
    let r = sim.finish();
    assert_eq!((r.sites, r.urls, r.duplicates), (2, 3, 2));
    assert_eq!(r.policies[0].top_sites[0].host, "b.cn");
    assert_eq!(r.policies[0].top_sites[0].urls, 2);
}

#[test]
fn common_paths_are_exact_when_most_paths_are_rare() {
    let mut sim = Simulation::new(2, &[Policy::Url(HashId::Xxh3)], &[]).unwrap();
    let mut line = 0;
    for i in 0..3 * PATH_SUMMARY as u64 {
        line += 1;
        sim.push(line, format!("a.cn/unique/{i}").as_bytes())
            .unwrap();
        if i % 1000 == 0 {
            line += 1;
            sim.push(line, format!("s{i}.cn/common").as_bytes())
                .unwrap();
        }
    }
    let r = sim.finish();
    let common = 3 * PATH_SUMMARY as u64 / 1000 + 1;
    assert_eq!(r.distinct_paths, 3 * PATH_SUMMARY as u64 + 1);
    assert_eq!(r.common_paths.len(), 1);
    assert_eq!(r.common_paths[0].path, "/common");
    assert_eq!(r.common_paths[0].urls, common);
}

#[test]
fn conservation_every_url_lands_on_exactly_one_node() {
    let corpus = crate::foundation::corpus::Corpus::new(7);
    let policies: Vec<Policy> = POLICY_IDS
        .iter()
        .map(|id| Policy::parse(id, None).unwrap())
        .collect();
    let mut sim = Simulation::new(5, &policies, &[HashId::PathRepaired]).unwrap();
    let mut urls = corpus.iter(0, 20_000);
    let mut i = 0;
    while let Some(u) = urls.next_url() {
        i += 1;
        sim.push(i, u).unwrap();
        if i % 3 == 0 {
            sim.push(i, u).unwrap(); // a re-discovered link
        }
    }
    let r = sim.finish();
    assert_eq!(r.urls, 20_000);
    assert_eq!(r.links, 20_000 + 20_000 / 3);
    for p in &r.policies {
        assert_eq!(p.node_urls.iter().sum::<u64>(), r.urls, "{}", p.policy);
        assert_eq!(p.node_links.iter().sum::<u64>(), r.links, "{}", p.policy);
        let hosts: u64 = p.per_node.iter().map(|n| n.hosts).sum();
        assert!(hosts >= r.sites);
        if matches!(p.policy.as_str(), "nutch" | "frontera") || p.policy.starts_with("host:") {
            assert_eq!(
                hosts, r.sites,
                "{}: a host-routed site is on one node",
                p.policy
            );
        }
    }
}

/// A CRC-32 (zlib's: reflected, polynomial 0xEDB88320, initial and final XOR all ones) written
/// bit by bit, independent of `crc32fast`.
fn crc32_reference(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// The node of a URL line under each crawler preset, n = 7.
fn crawler_nodes(url: &str) -> [u32; 3] {
    let p = key::split(url.as_bytes()).unwrap();
    let link = Link {
        url: url.as_bytes(),
        host: p.host.as_bytes(),
        path: p.path.as_bytes(),
        domain: b"",
        port: p.port,
    };
    [
        Policy::Nutch { seed: 0 }.node(&link, 7),
        Policy::Heritrix.node(&link, 7),
        Policy::Frontera.node(&link, 7),
    ]
}

/// `http://新浪.中国/` written four ways: Nutch and Frontera key the Unicode host (lower-cased),
/// Heritrix its IDNA2003 ASCII form in SURT order, reduced to the registrable domain.
#[test]
fn crawler_presets_key_a_chinese_idn_host_as_each_crawler_reads_it() {
    // Java String.hashCode of "新浪.中国" from its UTF-16 units 新 浪 . 中 国.
    let units = [0x65B0, 0x6D6A, 0x2E, 0x4E2D, 0x56FD];
    let java = units
        .iter()
        .fold(0i32, |h, &u| h.wrapping_mul(31).wrapping_add(u));
    assert_eq!(java, -893_572_316);
    assert_eq!(hash::java_string_hashcode("新浪.中国".as_bytes()), java);
    assert_eq!((java & i32::MAX) % 7, 2); // 1 253 911 332 mod 7
                                          // CRC-32 of its UTF-8 bytes, made signed, Python's floor %.
    let utf8 = [
        0xE6, 0x96, 0xB0, 0xE6, 0xB5, 0xAA, 0x2E, 0xE4, 0xB8, 0xAD, 0xE5, 0x9B, 0xBD,
    ];
    assert_eq!(&utf8, "新浪.中国".as_bytes());
    assert_eq!(crc32_reference(&utf8), 3_679_333_178);
    assert_eq!((3_679_333_178i64 - (1 << 32)).rem_euclid(7), 6);
    // Heritrix: fp("xn--fiqs8s,xn--efvx5o,") % 7, by the GF(2) reference.
    let fp = fp_reference("xn--fiqs8s,xn--efvx5o,") as i64;
    assert_eq!((fp % 7).unsigned_abs(), 1);

    for url in [
        "http://新浪.中国/",
        "http://新浪.中国:80/",
        "http://user@新浪.中国:8080/",
        "新浪.中国/x",
    ] {
        assert_eq!(nutch_key(url.as_bytes()), "新浪.中国".as_bytes(), "{url}");
        assert_eq!(frontera_key(url.as_bytes()).unwrap(), "新浪.中国", "{url}");
        let key = heritrix_key(url.as_bytes()).unwrap();
        assert_eq!(key, "xn--fiqs8s,xn--efvx5o,", "{url}");
        assert_eq!(crawler_nodes(url), [2, 1, 6], "{url}");
    }
    // The class key before the reduction keeps the port and the userinfo.
    assert_eq!(
        heritrix_class_key_of("http://user@新浪.中国:8080/".as_bytes()).unwrap(),
        "xn--fiqs8s,xn--efvx5o,#8080@user"
    );
    assert_eq!(
        heritrix_class_key_of("http://新浪.中国:80/".as_bytes()).unwrap(),
        "xn--fiqs8s,xn--efvx5o,"
    );

    // Upper case: Nutch and Frontera lower-case the Unicode host; Heritrix's key drops `www`.
    let url = "http://WWW.新浪.中国/";
    assert_eq!(nutch_key(url.as_bytes()), "www.新浪.中国".as_bytes());
    assert_eq!(frontera_key(url.as_bytes()).unwrap(), "www.新浪.中国");
    assert_eq!(
        hash::java_string_hashcode("www.新浪.中国".as_bytes()),
        -440_592_371
    );
    assert_eq!(crc32_reference("www.新浪.中国".as_bytes()), 3_771_637_183);
    assert_eq!(crawler_nodes(url), [0, 1, 2]);

    // The lab's previous keys were the WHATWG host `xn--efvx5o.xn--fiqs8s` for Nutch and
    // Frontera (nodes 2 and 0) and `www.xn--efvx5o.xn--fiqs8s` (3 and 4).
    assert_eq!(nutch_node(b"xn--efvx5o.xn--fiqs8s", 0, 7), 2);
    assert_eq!(frontera_node(b"xn--efvx5o.xn--fiqs8s", 7), 0);
    assert_eq!(nutch_node(b"www.xn--efvx5o.xn--fiqs8s", 0, 7), 3);
    assert_eq!(frontera_node(b"www.xn--efvx5o.xn--fiqs8s", 7), 4);
}

/// An IP address and a single label: Heritrix's key keeps the port and the userinfo (`:` as `#`);
/// Nutch and Frontera drop both.
#[test]
fn heritrix_keeps_userinfo_and_port_for_an_ip_address_and_a_single_label() {
    let url = "http://user:pw@10.0.0.1:8080/";
    assert_eq!(nutch_key(url.as_bytes()), b"10.0.0.1");
    assert_eq!(frontera_key(url.as_bytes()).unwrap(), "10.0.0.1");
    assert_eq!(
        heritrix_key(url.as_bytes()).unwrap(),
        "10.0.0.1#8080@user#pw"
    );
    assert_eq!(
        (fp_reference("10.0.0.1#8080@user#pw") as i64 % 7).unsigned_abs(),
        6
    );
    assert_eq!(hash::java_string_hashcode(b"10.0.0.1"), 511_552_166);
    assert_eq!(crc32_reference(b"10.0.0.1"), 654_229_907);
    assert_eq!(crawler_nodes(url), [6, 6, 2]);
    // The previous key had no userinfo: `10.0.0.1#8080`, node 2.
    assert_eq!(heritrix_node(b"10.0.0.1", Some(8080), 7), 2);

    let url = "http://user@intranet:8080/";
    assert_eq!(nutch_key(url.as_bytes()), b"intranet");
    assert_eq!(frontera_key(url.as_bytes()).unwrap(), "intranet");
    assert_eq!(heritrix_key(url.as_bytes()).unwrap(), "intranet,#8080@user");
    assert_eq!(crawler_nodes(url), [3, 0, 6]);
    // A default port goes, a non-default one with leading zeros is read as a number.
    assert_eq!(heritrix_key(b"http://intranet:0080/").unwrap(), "intranet,");
    assert_eq!(
        heritrix_key(b"http://Intranet:08080/").unwrap(),
        "intranet,#8080"
    );
    assert_eq!(heritrix_key(b"https://10.0.0.1:443/").unwrap(), "10.0.0.1");
}

/// Where IDNA2003 and the lab's keys part: Heritrix's suffix regex holds IDN rules in Unicode,
/// so `公司.cn` is no suffix of an ASCII key; `ß` is `ss` in IDNA2003; an empty label is refused.
#[test]
fn heritrix_idna2003_corners() {
    let url = "http://www.新浪.公司.cn/";
    assert_eq!(heritrix_key(url.as_bytes()).unwrap(), "cn,xn--55qx5d,");
    // The list's own reading (the `psl` crate, the lab's `domain` policy) goes one label further.
    assert_eq!(
        crate::foundation::key::registrable_domain("www.xn--efvx5o.xn--55qx5d.cn"),
        "xn--efvx5o.xn--55qx5d.cn"
    );
    assert_eq!(nutch_key(url.as_bytes()), "www.新浪.公司.cn".as_bytes());
    // A wildcard rule still covers an `xn--` label: `*.ck`.
    assert_eq!(
        heritrix_key("http://www.新浪.ck/".as_bytes()).unwrap(),
        "ck,xn--efvx5o,www,"
    );

    // The deviation characters are mapped as IDNA2003 maps them (`idna2003_deviations` below).
    assert_eq!(idna2003_to_ascii("ΑΣ.gr").as_deref(), Some("xn--mxa0b.gr")); // σ
    assert_eq!(
        idna2003_to_ascii("新浪。中国").as_deref(),
        Some("xn--efvx5o.xn--fiqs8s")
    );
    assert_eq!(idna2003_to_ascii("新_浪.cn"), None); // STD3
    assert_eq!(idna2003_to_ascii("新.a_b.cn"), None); // STD3, an ASCII label

    // `新浪.中国.`: libidn refuses the empty label and the host is not ASCII, so Heritrix refuses
    // the URL; the preset routes it by the fingerprint of its WHATWG host. An ASCII host keeps
    // its dot for IDNA and loses it after.
    assert_eq!(heritrix_key("http://新浪.中国./".as_bytes()), None);
    assert_eq!(
        crawler_nodes("http://新浪.中国./")[1],
        heritrix_fp_node("xn--efvx5o.xn--fiqs8s.", 7)
    );
    assert_eq!(
        heritrix_key(b"http://www.pku.edu.cn./").unwrap(),
        "cn,edu,pku,"
    );
    assert_eq!(
        heritrix_key(b"http://a_b.pku.edu.cn/").unwrap(),
        "cn,edu,pku,"
    );
}

/// Percent-escapes, several `@`, a scheme Java has no handler for, an IPv6 literal.
#[test]
fn nutch_and_frontera_read_odd_authorities_as_java_and_python_do() {
    // Nutch's normaliser decodes an escape (`nutch_decodes_a_percent_host`); Python keeps it.
    assert_eq!(nutch_key(b"http://A%42c.cn/"), b"abc.cn");
    assert_eq!(frontera_key(b"http://A%42c.cn/").unwrap(), "a%42c.cn");
    // java.net.URL: two `@` give an empty host; Python takes the text after the last.
    assert_eq!(nutch_key(b"http://a@b@c.cn/"), b"");
    assert_eq!(frontera_key(b"http://a@b@c.cn/").unwrap(), "c.cn");
    // No JDK handler for ws: Nutch hashes the whole URL.
    assert_eq!(nutch_key(b"ws://c.cn/x"), b"ws://c.cn/x");
    assert_eq!(frontera_key(b"ws://c.cn/x").unwrap(), "c.cn");
    // IPv6: Java keeps the brackets, Python drops them.
    assert_eq!(nutch_key(b"http://[::1]:8080/"), b"[::1]");
    assert_eq!(frontera_key(b"http://[::1]:8080/").unwrap(), "::1");
    assert_eq!(heritrix_key(b"http://[::1]:8080/"), None);
}

/// For canonical ASCII hosts every preset routes as before, by the WHATWG host and port.
#[test]
fn crawler_presets_route_canonical_ascii_hosts_as_before() {
    let corpus = crate::foundation::corpus::Corpus::new(11);
    let mut urls = corpus.iter(0, 3_000);
    while let Some(u) = urls.next_url() {
        let p = key::split(u).unwrap();
        let link = Link {
            url: u,
            host: p.host.as_bytes(),
            path: p.path.as_bytes(),
            domain: b"",
            port: p.port,
        };
        for n in [3, 7, 16] {
            assert_eq!(
                Policy::Nutch { seed: 0 }.node(&link, n),
                nutch_node(link.host, 0, n)
            );
            assert_eq!(Policy::Frontera.node(&link, n), frontera_node(link.host, n));
            assert_eq!(
                Policy::Heritrix.node(&link, n),
                heritrix_node(link.host, link.port, n)
            );
        }
    }
    for url in [
        "http://www.pku.edu.cn/a.html",
        "News.Sina.com.cn:8080/a/b.html",
        "https://a.cn:443/",
        "http://127.0.0.1:81/x",
        "http://localhost:8080/x",
    ] {
        let p = key::split(url.as_bytes()).unwrap();
        let link = Link {
            url: url.as_bytes(),
            host: p.host.as_bytes(),
            path: p.path.as_bytes(),
            domain: b"",
            port: p.port,
        };
        assert_eq!(
            Policy::Heritrix.node(&link, 7),
            heritrix_node(link.host, link.port, 7),
            "{url}"
        );
        assert_eq!(nutch_key(url.as_bytes()), p.host.as_bytes(), "{url}");
        assert_eq!(frontera_key(url.as_bytes()).unwrap(), p.host, "{url}");
    }
}

/// IDNA2003 maps UTS #46's four deviation characters (RFC 3491's Nameprep: `ß` case-folds to
/// `ss`, final `ς` to `σ`, ZWJ and ZWNJ to nothing), where non-transitional UTS #46 keeps them;
/// `java.net.IDN.toASCII` gives the same (tests/integration/differential_java.rs).
#[test]
fn idna2003_deviations() {
    assert_eq!(idna2003_to_ascii("faß.de").as_deref(), Some("fass.de"));
    assert_eq!(idna2003_to_ascii("FAß.DE").as_deref(), Some("fass.de"));
    assert_eq!(idna2003_to_ascii("ß.de").as_deref(), Some("ss.de"));
    // `ας` → `ασ`, the Punycode of `ΑΣ` (Python's IDNA2003 codec: `xn--mxa0b`); UTS #46
    // non-transitional would keep `ς` (`xn--mxa8a`).
    assert_eq!(idna2003_to_ascii("ας.gr").as_deref(), Some("xn--mxa0b.gr"));
    assert_eq!(idna2003_to_ascii("a\u{200D}b.de").as_deref(), Some("ab.de"));
    assert_eq!(
        idna2003_to_ascii("a\u{200C}新浪.中国").as_deref(),
        idna2003_to_ascii("a新浪.中国").as_deref()
    );
    // Heritrix's key: `fass.de` is a registrable domain under `de`; before, `de,xn--fa-hia,`.
    assert_eq!(
        heritrix_key("http://faß.de/".as_bytes()).unwrap(),
        "de,fass,"
    );
    assert_eq!(
        heritrix_class_key_of("http://user@WWW.FAß.de:8080/".as_bytes()).unwrap(),
        "de,fass,www,#8080@user"
    );
}

/// Nutch's `BasicURLNormalizer.normalizeHostName` decodes a host with a `%` (`URLDecoder`) and
/// `URLPartitioner` hashes the host `java.net.URL` reads from the URL rebuilt around it;
/// OpenJDK 17 gives the same (tests/integration/differential_java.rs).
#[test]
fn nutch_decodes_a_percent_host() {
    let key = |url: &str| String::from_utf8(nutch_key(url.as_bytes())).unwrap();
    // Decoded, then lower-cased: `%2E` is `.`, a run of escapes is UTF-8.
    assert_eq!(key("http://WWW.pku%2Eedu.CN/"), "www.pku.edu.cn");
    assert_eq!(
        key("http://%E6%96%B0%E6%B5%AA.%E4%B8%AD%E5%9B%BD/"),
        "新浪.中国"
    );
    // `+` is a space; `%2B` is `+`; `%25` is `%`.
    assert_eq!(key("http://a+b%2E.cn/"), "a b..cn");
    assert_eq!(key("http://a%2Bb.cn/"), "a+b.cn");
    assert_eq!(key("http://a%25.cn/"), "a%.cn");
    // Malformed UTF-8 is U+FFFD, one for each maximal bad sequence.
    assert_eq!(key("http://%ff%fe.cn/"), "\u{FFFD}\u{FFFD}.cn");
    assert_eq!(key("http://%e4%b8.cn/"), "\u{FFFD}.cn");
    // The rebuilt URL is read again: `#` and `?` end the host, `@` starts it, two give none,
    // a `:` puts it in brackets.
    assert_eq!(key("http://a%23b.cn/"), "a");
    assert_eq!(key("http://a%3Fb.cn/"), "a");
    assert_eq!(key("http://u@a%40b.cn/"), "b.cn");
    assert_eq!(key("http://a%40b%40c.cn/"), "");
    assert_eq!(key("ftp://u@A%40.cn:2121/"), ""); // ftp keeps `u@`: two `@`
    assert_eq!(key("ftp://A%42.cn:21/"), "ab.cn");
    assert_eq!(key("http://%3A%3A1/"), "[::1]");
    // Where URLDecoder or the URL constructor throws, the whole line is hashed: a `%` without
    // two hex digits (`Integer.parseInt` takes a sign: `%-1` is negative, refused; `%+1` and
    // `%-0` decode to control characters, which the constructor refuses), and a `/`.
    for url in [
        "http://a%zz.cn/",
        "http://a%4.cn/",
        "http://a.cn%4/",
        "http://a%-1b.cn/",
        "http://a%+1b.cn/",
        "http://a%-0b.cn/",
        "http://a%2Fb.cn/x",
        "http://a%7Fb.cn/",
    ] {
        assert_eq!(key(url), url, "{url}");
    }
    // Only `http`, `https` and `ftp` are normalised; `file` keeps the escape.
    assert_eq!(key("file://a%2Eb/x"), "a%2Eb");
}

/// Heritrix's `checkPort` and default-port removal apply to `http` and `https` only; any other
/// scheme keeps its port as written (`UsableURIFactory.fixup`).
#[test]
fn heritrix_keeps_a_non_http_port_as_written() {
    assert_eq!(heritrix_key(b"ftp://a.cn:21/").unwrap(), "cn,a,");
    assert_eq!(
        heritrix_class_key_of(b"ftp://a.cn:21/").unwrap(),
        "cn,a,#21"
    );
    assert_eq!(
        heritrix_class_key_of(b"ftp://a.cn:021/").unwrap(),
        "cn,a,#021"
    );
    assert_eq!(heritrix_class_key_of(b"ftp://a.cn/").unwrap(), "cn,a,");
    assert_eq!(heritrix_key(b"ftp://intranet:21/").unwrap(), "intranet,#21");
    assert_eq!(
        heritrix_key(b"ftp://u@10.0.0.1:21/").unwrap(),
        "10.0.0.1#21@u"
    );
    // http and https as before: the default port goes, leading zeros go.
    assert_eq!(heritrix_key(b"http://intranet:80/").unwrap(), "intranet,");
    assert_eq!(
        heritrix_key(b"http://intranet:021/").unwrap(),
        "intranet,#21"
    );
    assert_eq!(
        heritrix_key(b"https://intranet:0443/").unwrap(),
        "intranet,"
    );
    assert_eq!(heritrix_key(b"http://intranet:0/"), None);
}

#[test]
fn heritrix_fixes_up_backslashes_stray_spacing_and_extra_slashes_first() {
    // UsableURIFactory.fixup: `\` before the query is `/`, TAB/CR/LF go, `http:///` keeps two
    // slashes; the key is then the fixed URL's.
    let want = heritrix_key(b"http://www.pku.edu.cn/a").unwrap();
    assert_eq!(want, "cn,edu,pku,");
    for line in [
        "http:\\\\www.pku.edu.cn\\a",
        "http://www.pku.\tedu.cn/a",
        "http:///www.pku.edu.cn/a",
        "http:////www.pku.edu.cn/a",
    ] {
        assert_eq!(
            heritrix_key(line.as_bytes()).as_deref(),
            Some(&want[..]),
            "{line:?}"
        );
    }
    // A no-break space is a space, then trimmed (the lab's line reader refuses such a line
    // before any preset sees it).
    assert_eq!(heritrix_fixup("\u{a0}http://a.cn/\u{a0}"), "http://a.cn/");
    // After the `?` a backslash stays; the pattern is case-sensitive, so an upper-case scheme
    // keeps its three slashes (and an empty authority).
    assert_eq!(heritrix_fixup("http://a.cn/p?x\\y"), "http://a.cn/p?x\\y");
    assert_eq!(
        heritrix_fixup("HTTP:///www.pku.edu.cn/a"),
        "HTTP:///www.pku.edu.cn/a"
    );
    // A line terminator `.` cannot cross keeps the slashes too.
    assert_eq!(
        heritrix_fixup("http:///a.cn/\u{2028}"),
        "http:///a.cn/\u{2028}"
    );
    // Nothing to fix: the line itself, not a copy.
    assert!(matches!(
        heritrix_fixup("http://a.cn/"),
        std::borrow::Cow::Borrowed(_)
    ));
    // A single-label host keeps its port and userinfo through the fix-up.
    assert_eq!(
        heritrix_key("http:\\\\user@intranet:8080\\x".as_bytes()).as_deref(),
        Some("intranet,#8080@user")
    );
}
