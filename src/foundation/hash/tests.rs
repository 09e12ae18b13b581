//! The hash functions' tests: known answers, the registry, the readings of P1's C and P2's Java.

use super::*;

#[test]
fn the_printed_fold_run_with_javas_shift() {
    assert_eq!(fold21_java(i32::MIN), 2_096_127);
    assert_eq!(fold21(0x8000_0000), 1_024);
    assert_eq!(fold21_java(-1), 0x1F_FFFE);
    for v in [0, 1, 0x1F_FFFF, 0x20_0000, 0x7FFF_FFFF, 123_456_789] {
        assert_eq!(fold21_java(v), fold21(v as u32), "{v:#x}");
    }
    // Every .com.cn host ends in the same five chars, whose 32-bit r has bit 31 set: the
    // readings differ there; every .edu.cn host's has it clear: they agree.
    let (com_cn, edu_cn) = (b"www.sina.com.cn", b"www.pku.edu.cn");
    assert_ne!(site_hash_java(com_cn), site_hash_folded(com_cn));
    assert_eq!(site_hash_java(edu_cn), site_hash_folded(edu_cn));
    for h in [&b"www.pku.edu.cn"[..], b"a", b"", "新浪.中国".as_bytes()] {
        assert!(site_hash_java(h) < 1 << 21);
    }
}

#[test]
fn ids_are_unique_and_every_id_is_registered() {
    for (i, f) in REGISTRY.iter().enumerate() {
        assert!(REGISTRY[i + 1..]
            .iter()
            .all(|g| g.key != f.key && g.id != f.id));
        assert_eq!(f.id.info().key, f.key);
        assert_eq!(by_id(f.key).map(|g| g.id), Some(f.id));
    }
    assert_eq!(REGISTRY.len(), 15);
    assert!(by_id("nope").is_none());
}

#[test]
fn elfhash_known_values() {
    // Hand computed: "ab" = (0x61 << 4) + 0x62 = 0x672.
    assert_eq!(elfhash(b""), 0);
    assert_eq!(elfhash(b"ab"), 0x672);
    // A byte >= 0x80 sign-extends: 0 + (-128) = 0xFFFFFF80, then g = 0xF0000000 is folded
    // and cleared: 0xFFFFFF80 ^ 0xF0 = 0xFFFFFF70, & 0x0FFFFFFF = 0x0FFFFF70.
    assert_eq!(elfhash(&[0x80]), 0x0FFF_FF70);
    // Stops at NUL like the C.
    assert_eq!(elfhash(b"ab\0cd"), elfhash(b"ab"));
}

#[test]
fn hfip_is_little_endian_xor() {
    assert_eq!(hfip(b"abcd"), u32::from_le_bytes(*b"abcd"));
    assert_eq!(hfip(b"abcde"), u32::from_le_bytes(*b"abcd") ^ b'e' as u32);
    let long = b"http://www.example.com.cn/some/path/index.html";
    let mut n = [0u8; 4];
    for (i, &c) in long.iter().enumerate() {
        n[i % 4] ^= c;
    }
    assert_eq!(hfip(long), u32::from_le_bytes(n));
    assert_eq!(hfip(b"abc\0def"), hfip(b"abc"));
}

#[test]
fn hf_is_three_times_weighted_sum() {
    // "ab": 3*(97*1 + 98*2) = 879.
    assert_eq!(hf(b"ab"), 879);
    assert_eq!(hf_c(b"ab", 12), 879 % 12);
    // A negative char: 3 * (-1 * 1) = -3, |.| = 3.
    assert_eq!(hf(&[0xFF]), 3);
    assert_eq!(hf(b"http://a.cn/x.html") % 3, 0);
}

#[test]
fn hf_int_min_corner_matches_c() {
    let s = hf_int_min_example();
    assert_eq!(hf_sum(&s), i32::MIN);
    assert_eq!(hf(&s), 1u32 << 31);
    assert_eq!(hf_c(&s, 7), i32::MIN % 7);
    assert!(hf_c(&s, 7) < 0, "C returns a negative slot in this corner");
    assert_eq!(HashId::Hf.slot(&s, 7), (1u32 << 31) % 7);
}

#[test]
fn site_printed_only_sees_last_five_chars() {
    let a = site_hash_printed(b"www.pku.edu.cn");
    let b = site_hash_printed(b"www.tsinghua.edu.cn");
    assert_eq!(a, b, "both end in 'du.cn' after 7-bit shifts of 32 bits");
    assert_eq!(
        site_hash_folded(b"www.pku.edu.cn"),
        site_hash_folded(b"mail.xx.edu.cn")
    );
    assert_ne!(
        site_hash_repaired(b"www.pku.edu.cn"),
        site_hash_repaired(b"www.tsinghua.edu.cn")
    );
    assert!(site_hash_folded(b"www.sina.com.cn") < 1 << 21);
    assert!(site_hash_repaired(b"www.sina.com.cn") < 1 << 21);
}

#[test]
fn path_printed_is_zero_for_lengths_multiple_of_three() {
    assert_eq!(path_hash_printed(b"/ab"), 0);
    assert_eq!(path_hash_printed(b"/abcde"), 0);
    assert_eq!(path_hash_xor(b"/abcde"), 0);
    // "/abc": s after 3 chars = ((47 << 5) + 97) << 5) + 98 = 51330 = r; then s = 99.
    assert_eq!(path_hash_printed(b"/abc"), 51330 * 99);
    assert!(path_hash_repaired(b"/abcdefgh") < 1 << 15);
    assert_ne!(path_hash_repaired(b"/ab"), 0);
}

#[test]
fn java_hashcode_known_values() {
    // "hello".hashCode() == 99162322; "中".hashCode() == 0x4E2D == 20013.
    assert_eq!(java_string_hashcode(b"hello"), 99_162_322);
    assert_eq!(java_string_hashcode("中".as_bytes()), 20013);
    // Invalid UTF-8 reads as U+FFFD (0xFFFD = 65533); an encoded surrogate is one U+FFFD.
    assert_eq!(java_string_hashcode(&[0xFF]), 65533);
    assert_eq!(java_string_hashcode(&[0xED, 0xA0, 0x80]), 65533);
    assert_eq!(java_string_hashcode(&[0xED, 0xA0, b'A']), 65533 * 31 + 65);
}

#[test]
fn md5_and_baselines_known_values() {
    assert_eq!(md5_u128(b""), 0xd41d8cd98f00b204e9800998ecf8427e);
    assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
    assert_eq!(HashId::Crc32.raw(b"123456789"), 0xCBF43926);
    assert_eq!(
        HashId::Md5.slot(b"", 1000),
        (0xd41d8cd98f00b204e9800998ecf8427eu128 % 1000) as u32
    );
}

#[test]
fn reducer_equals_modulo() {
    for m in [
        1u32,
        2,
        3,
        7,
        8,
        12,
        200_000,
        1 << 21,
        (1 << 31) - 1,
        u32::MAX,
    ] {
        let r = Reducer::new(m);
        for x in [
            0u32,
            1,
            2,
            11,
            12,
            13,
            65_535,
            1 << 31,
            u32::MAX,
            u32::MAX - 1,
            0x1234_5678,
        ] {
            assert_eq!(r.reduce32(x), x % m, "x={x} m={m}");
            assert_eq!(r.reduce(u128::from(x)), x % m, "x={x} m={m}");
            let wide = (u128::from(x) << 64) | 0xD41D_8CD9;
            assert_eq!(
                u128::from(r.reduce(wide)),
                wide % u128::from(m),
                "{wide} m={m}"
            );
        }
    }
}

#[test]
fn elfhash4_is_elfhash_of_each_key() {
    // Keys of every length to 40 and some long ones, with high (negative) bytes and NULs, in
    // every order of lengths across the four lanes.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut byte = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // NUL now and then, else any byte.
        if state % 61 == 0 {
            0
        } else {
            (state >> 24) as u8
        }
    };
    let keys: Vec<Vec<u8>> = (0..41)
        .chain([63, 64, 65, 200, 4097])
        .flat_map(|len| [0, 1].map(|_| (0..len).map(|_| byte()).collect()))
        .collect();
    for (i, a) in keys.iter().enumerate() {
        let b = &keys[(i * 7 + 3) % keys.len()];
        let c = &keys[(i * 13 + 5) % keys.len()];
        let d = &keys[(i * 31 + 1) % keys.len()];
        for four in [[a, b, c, d], [d, c, b, a], [b, d, a, c], [c, a, d, b]] {
            let want = four.map(|k| elfhash(k));
            assert_eq!(elfhash4(four.map(|k| &k[..])), want, "{four:?}");
        }
    }
    assert_eq!(
        elfhash4([b"", b"a", b"ab\0c", b"abc"]),
        [0, 97, elfhash(b"ab"), elfhash(b"abc")]
    );
}

#[test]
fn raw_each_gives_raw_of_every_key() {
    let keys: Vec<Vec<u8>> = (0..23u8)
        .map(|i| (0..i * 5).map(|j| j ^ i).collect())
        .collect();
    let keys: Vec<&[u8]> = keys.iter().map(|k| &k[..]).collect();
    for id in REGISTRY.iter().map(|f| f.id) {
        for n in [0, 1, 3, 4, 5, 8, 23] {
            let mut got = vec![None; n];
            id.raw_each(&keys[..n], |i, v| {
                assert!(got[i].replace(v).is_none(), "{id:?}: key {i} twice");
            });
            let want: Vec<Option<u128>> = keys[..n].iter().map(|k| Some(id.raw(k))).collect();
            assert_eq!(got, want, "{id:?}, {n} keys");
        }
    }
}
