//! Every function of `hash::REGISTRY` on arbitrary bytes.
//!
//! * no panic (overflow checks are on), deterministic, the same at any alignment of the key;
//! * the raw value fits in the registry's `bits`;
//! * the slot for M (`reduce`, `slot`, and `Reducer::reduce32` where the raw value is 32 bits)
//!   equals `raw mod M` and is below M, for M from a fixed list and from the input, 1..=u32::MAX;
//! * each function equals an independent reference written from the module docs: P1's C
//!   (ELFhash, HfIp, _hf, and the `*_c` variants), P2's Java loops over Java's chars, Java's
//!   `String.hashCode`, FNV-1a, a bitwise CRC-32, MD5 from the `md-5` crate and XXH3 from
//!   `xxhash-rust` directly;
//! * many keys at once (`elfhash4`, `raw_each`) give each key's reference value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use md5::{Digest, Md5};
use urlhashlab::foundation::hash::{self, HashId, Reducer, REGISTRY};
use urlhashlab_fuzz::{c_string, fnv1a64, java_units};

/// P1's ELFhash as printed, before `% size`, over signed chars.
fn elfhash_ref(url: &[u8]) -> u32 {
    let mut h: u32 = 0;
    for &c in c_string(url) {
        h = (h << 4).wrapping_add(c as i8 as i32 as u32);
        let g = h & 0xF000_0000;
        if g != 0 {
            h ^= g >> 24;
        }
        h &= !g;
    }
    h
}

/// P1's HfIp before `% size`: `char *b = (char *)&n; b[i % 4] ^= url[i]`, `n` little-endian.
fn hfip_ref(url: &[u8]) -> u32 {
    let mut b = [0u8; 4];
    for (i, &c) in c_string(url).iter().enumerate() {
        b[i % 4] ^= c;
    }
    u32::from_le_bytes(b)
}

/// P1's `_hf` sum: `result += 3 * c * i` in 32-bit `int` (i from 1), before the `abs`.
fn hf_sum_ref(url: &[u8]) -> i32 {
    let mut result: i32 = 0;
    for (j, &c) in c_string(url).iter().enumerate() {
        let i = (j as u32).wrapping_add(1) as i32;
        result = result.wrapping_add((c as i8 as i32).wrapping_mul(3).wrapping_mul(i));
    }
    result
}

/// `x mod (2^21 - 1)` as the end-around fold leaves it: in 1..=2^21-1 for x != 0, 0 for x = 0.
fn fold21_ref(x: u64) -> u32 {
    const P: u64 = (1 << 21) - 1;
    if x == 0 {
        0
    } else {
        match (x % P) as u32 {
            0 => P as u32,
            r => r,
        }
    }
}

/// IEEE CRC-32, bit by bit.
fn crc32_ref(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The registry's raw value for `id`, from the references.
fn reference(id: HashId, key: &[u8]) -> u128 {
    let units = || java_units(key).into_iter().map(i32::from);
    match id {
        HashId::ElfHash => elfhash_ref(key).into(),
        HashId::HfIp => hfip_ref(key).into(),
        HashId::Hf => hf_sum_ref(key).unsigned_abs().into(),
        HashId::SitePrinted => {
            let mut r: i32 = 0;
            for c in units() {
                r = (r << 7).wrapping_add(c);
            }
            (r as u32).into()
        }
        HashId::SiteFolded => {
            let mut r: u32 = 0;
            for c in units() {
                r = (r << 7).wrapping_add(c as u32 & 0x7F);
            }
            fold21_ref(r.into()).into()
        }
        HashId::SiteJava => {
            // The printed loop with Java's arithmetic `>>` keeps the signed sum mod 2^21 - 1:
            // a positive sum folds as `site-folded`, a negative one to its residue in 0..P.
            let mut r: u32 = 0;
            for c in units() {
                r = (r << 7).wrapping_add(c as u32 & 0x7F);
            }
            let signed = i64::from(r as i32);
            if signed >= 0 {
                fold21_ref(signed as u64).into()
            } else {
                (signed.rem_euclid((1 << 21) - 1) as u32).into()
            }
        }
        HashId::SiteRepaired => {
            let mut r: u32 = 0;
            for c in units() {
                r = fold21_ref((u64::from(r) << 7) + u64::from(c as u32 & 0x7F));
            }
            r.into()
        }
        HashId::PathPrinted | HashId::PathXor => {
            let (mut r, mut s) = (0i32, 0i32);
            for (i, c) in units().enumerate() {
                let c = if id == HashId::PathXor { c & 0x1F } else { c };
                s = (s << 5).wrapping_add(c);
                if i % 3 == 2 {
                    r = if id == HashId::PathXor { r ^ s } else { s };
                    s = 0;
                }
            }
            (r.wrapping_mul(s) as u32).into()
        }
        HashId::PathRepaired => {
            // XOR of the words of three chars x 5 bits, the last (short) word included.
            let u: Vec<u32> = units().map(|c| c as u32 & 0x1F).collect();
            let mut r = 0u32;
            for w in u.chunks(3) {
                r ^= w.iter().fold(0, |s, &c| (s << 5) | c);
            }
            r.into()
        }
        HashId::Md5 => u128::from_be_bytes(Md5::digest(key).into()),
        HashId::Fnv1a64 => fnv1a64(key).into(),
        HashId::Xxh3 => xxhash_rust::xxh3::xxh3_64(key).into(),
        HashId::JavaHashCode => {
            let mut h: i32 = 0;
            for c in units() {
                h = h.wrapping_mul(31).wrapping_add(c);
            }
            (h as u32).into()
        }
        HashId::Crc32 => crc32_ref(key).into(),
    }
}

/// Slot counts to try: fixed corners and three from the input.
fn slot_counts(key: &[u8]) -> Vec<u32> {
    let mut ms = vec![
        1,
        2,
        3,
        7,
        12,
        1 << 16,
        200_000,
        (1 << 21) - 1,
        (1 << 31) - 1,
        1 << 31,
        u32::MAX - 1,
        u32::MAX,
    ];
    let word = |b: &[u8]| {
        let mut w = [0u8; 4];
        w[..b.len().min(4)].copy_from_slice(&b[..b.len().min(4)]);
        u32::from_le_bytes(w)
    };
    ms.push(word(key).max(1));
    ms.push(word(&key[key.len().saturating_sub(4)..]).max(1));
    ms.push((fnv1a64(key) as u32).max(1));
    ms
}

fuzz_target!(|key: &[u8]| {
    // The same bytes at another address: the word-at-a-time paths read unaligned words.
    let h = fnv1a64(key);
    let off = 1 + (h % 7) as usize;
    let mut buf = vec![0u8; key.len() + off];
    buf[off..].copy_from_slice(key);
    let moved = &buf[off..];
    let ms = slot_counts(key);
    let cut = c_string(key);

    for f in REGISTRY {
        assert_eq!(hash::by_id(f.key).map(|g| g.id), Some(f.id));
        let raw = f.raw(key);
        assert_eq!(
            raw,
            f.id.raw(moved),
            "{} depends on the key's address",
            f.key
        );
        if f.bits < 128 {
            assert_eq!(raw >> f.bits, 0, "{} exceeds its {} bits", f.key, f.bits);
        }
        assert_eq!(
            raw,
            reference(f.id, key),
            "{} differs from its reference",
            f.key
        );
        if f.paper == "P1" && cut.len() < key.len() {
            // A C string: nothing after the first NUL counts.
            assert_eq!(f.raw(cut), raw, "{} reads past a NUL", f.key);
        }
        for (j, &m) in ms.iter().enumerate() {
            let slot = hash::reduce(raw, m);
            assert!(slot < m, "{} slot {slot} >= M = {m}", f.key);
            assert_eq!(
                u128::from(slot),
                raw % u128::from(m),
                "{} slot for M = {m}",
                f.key
            );
            if j == (h >> 8) as usize % ms.len() {
                // The whole path once per run (it hashes again).
                assert_eq!(f.slot(key, m), slot);
                assert_eq!(f.id.slot(key, m), slot);
            }
            let r = Reducer::new(m);
            assert_eq!(r.m(), m);
            let low = raw as u32;
            assert_eq!(r.reduce32(low), low % m, "Reducer({m}) on {low}");
            let x = (h >> 32) as u32;
            assert_eq!(r.reduce32(x), x % m, "Reducer({m}) on {x}");
        }
    }

    // P1's functions as the C returns them, for sizes 1..=2^31-1.
    let sum = hf_sum_ref(key);
    for &m in &ms {
        let size = (m & 0x7FFF_FFFF).max(1) as i32;
        assert_eq!(
            hash::elfhash_c(key, size),
            (elfhash_ref(key) % size as u32) as i32
        );
        assert_eq!(hash::hfip_c(key, size), hfip_ref(key) % size as u32);
        // `if (result < 0) result = -result; return result % size;` (gcc wraps -INT_MIN).
        let c = if sum < 0 { sum.wrapping_neg() } else { sum } % size;
        assert_eq!(hash::hf_c(key, size), c);
    }

    // The named functions agree with the registry.
    assert_eq!(u128::from(hash::elfhash(key)), HashId::ElfHash.raw(key));
    assert_eq!(u128::from(hash::hfip(key)), HashId::HfIp.raw(key));
    assert_eq!(u128::from(hash::hf(key)), HashId::Hf.raw(key));
    assert_eq!(
        hash::md5_u128(key),
        u128::from_be_bytes(hash::md5_digest(key))
    );
    assert_eq!(hash::java_string_length(key), java_units(key).len());

    // Many keys at once: the key, its two halves and its tail cut at a place from the input,
    // side by side (ELFhash four at a time) and with a fifth key past the fours.
    let at = (h >> 40) as usize % (key.len() + 1);
    let keys: [&[u8]; 5] = [key, &key[..at], &key[at..], &key[key.len() / 2..], moved];
    let four = hash::elfhash4([keys[0], keys[1], keys[2], keys[3]]);
    for (k, v) in keys.iter().zip(four) {
        assert_eq!(v, elfhash_ref(k), "elfhash4 differs from ELFhash");
    }
    for f in REGISTRY {
        let mut got = [None; 5];
        f.id.raw_each(&keys, |i, v| got[i] = Some(v));
        for (k, g) in keys.iter().zip(got) {
            assert_eq!(g, Some(reference(f.id, k)), "{}: raw_each differs", f.key);
        }
    }
});
