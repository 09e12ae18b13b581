//! Differential test of P1's three C functions against their Rust reproductions.
//!
//! At test time the functions `ELFhash`, `HfIp` and `_hf` are written out exactly as printed in
//! `PAPERS.md` (P1), compiled with the machine's C compiler and run on every string of the
//! inputs and every M of [`MS`]; each C result must equal `urlhashlab::foundation::hash::{elfhash_c,
//! hfip_c, hf_c}` and the registry's `HashId::slot` (hf's `INT_MIN` corner handled as
//! `src/foundation/hash/` documents). Inputs: the real URL lists of `../shared/data` when present, 100 000
//! URLs of the built-in corpus, 20 000 random byte strings (some of them tens of kilobytes long,
//! which wraps hf's 32-bit sum) and one string that reaches hf's `INT_MIN` corner.

use crate::common;
use crate::common::{hex, le_words, run, tool_exists, write_input, Rng};
use std::process::Command;
use urlhashlab::foundation::hash::{elfhash, elfhash_c, hf, hf_c, hfip, hfip_c, HashId};

/// The table sizes every string is reduced by: P1's machine counts and table sizes, powers of
/// two (P2's site table) and the largest `int` size.
const MS: [i32; 7] = [1, 7, 8, 12, 200_000, 1 << 21, i32::MAX];

/// P1's functions verbatim from `PAPERS.md`, raw-value helpers (the same bodies without
/// `% size`: `HfIp`'s and `_hf`'s full 32 bits cannot come back through an `int size`), and a
/// `main` that answers, per input string, `ELFhash_raw HfIp_raw _hf_raw` then, for each size on
/// the command line, `ELFhash HfIp _hf`, all as 32-bit little-endian words.
const C_SOURCE: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- P1, as printed in PAPERS.md ---- */
int ELFhash(char* url, int size) {            // UNIX System V ELF hash
  unsigned int h=0;
  while (*url) { h=(h<<4) + *url++;
    unsigned int g= h & 0xF0000000; if (g) h^=g>>24; h&=~g; }
  return h%size; }

unsigned int HfIp(char* url, int size) {      // Yan Hongfei & Xie Zhengmao, Tianwang
  unsigned int n=0; char* b=(char*)&n;         // byte i%4 of n (little-endian: b[0] is the low byte)
  for (int i=0; i<strlen(url); i++) b[i%4]^=url[i];
  return n%size; }

int _hf(char* url, int size) {                // Xie Zhengmao, "Web InfoMall"
  int result=0; char* ptr=url; int c;
  for (int i=1; c=*ptr++; i++) result += c*3*i;
  if (result<0) result = -result;
  return result%size; }
/* ---- end of P1 ---- */

/* Test helpers: the same bodies, returning the value before `% size`. */
unsigned int ELFhash_raw(char* url) {
  unsigned int h=0;
  while (*url) { h=(h<<4) + *url++;
    unsigned int g= h & 0xF0000000; if (g) h^=g>>24; h&=~g; }
  return h; }

unsigned int HfIp_raw(char* url) {
  unsigned int n=0; char* b=(char*)&n;
  for (int i=0; i<strlen(url); i++) b[i%4]^=url[i];
  return n; }

int _hf_raw(char* url) {
  int result=0; char* ptr=url; int c;
  for (int i=1; c=*ptr++; i++) result += c*3*i;
  if (result<0) result = -result;
  return result; }

static void put32(unsigned int v) {
  unsigned char w[4] = { v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, (v >> 24) & 0xFF };
  fwrite(w, 1, 4, stdout);
}

int main(int argc, char** argv) {
  if (argc < 3) { fprintf(stderr, "usage: p1 INPUT SIZE...\n"); return 2; }
  FILE* in = fopen(argv[1], "rb");
  if (!in) { perror(argv[1]); return 2; }
  int nm = argc - 2;
  int* ms = malloc(sizeof(int) * nm);
  for (int k = 0; k < nm; k++) ms[k] = (int)strtol(argv[k + 2], NULL, 10);
  static char obuf[1 << 20];
  setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
  char* buf = NULL; size_t cap = 0; unsigned char lb[4];
  while (fread(lb, 1, 4, in) == 4) {
    size_t len = lb[0] | (lb[1] << 8) | (lb[2] << 16) | ((size_t)lb[3] << 24);
    if (len + 1 > cap) { cap = len + 1; buf = realloc(buf, cap); if (!buf) return 3; }
    if (fread(buf, 1, len, in) != len) { fprintf(stderr, "truncated input\n"); return 2; }
    buf[len] = 0;  /* a C string: the functions stop here, or at an earlier NUL */
    put32(ELFhash_raw(buf)); put32(HfIp_raw(buf)); put32((unsigned int)_hf_raw(buf));
    for (int k = 0; k < nm; k++) {
      put32((unsigned int)ELFhash(buf, ms[k]));
      put32(HfIp(buf, ms[k]));
      put32((unsigned int)_hf(buf, ms[k]));
    }
  }
  if (ferror(in)) { perror("read"); return 2; }
  fflush(stdout);
  return 0;
}
"#;

/// `3·Σ c·i` over signed chars in exact arithmetic, to see whether C's `int` sum wrapped.
fn hf_sum_exact(s: &[u8]) -> i128 {
    s.iter()
        .take_while(|&&c| c != 0)
        .enumerate()
        .map(|(j, &c)| 3 * (c as i8 as i128) * (j as i128 + 1))
        .sum()
}

/// The inputs, with the name of each source and where it starts.
fn inputs() -> (Vec<Vec<u8>>, Vec<(&'static str, usize)>) {
    let (mut strings, mut sources) =
        common::real_and_corpus_inputs("differential_c::p1_c_functions_match_rust_bit_for_bit");

    sources.push(("random", strings.len()));
    let mut rng = Rng::new(0x5EED_0001);
    for k in 0..20_000 {
        // Very long strings first: the ASCII ones make `3·Σ c·i` pass 2^31 many times over.
        // Then short strings of bytes 1..=255 (no NUL: C would stop there), every other one
        // entirely >= 0x80, so negative chars dominate.
        let len = match k {
            0..=7 => rng.range(10_000, 70_000),
            _ => rng.range(0, 300),
        } as usize;
        let (lo, hi) = match k {
            0..=3 => (1, 127),
            _ if k % 2 == 0 => (1, 255),
            _ => (0x80, 0xFF),
        };
        let s = rng.bytes(len, lo, hi);
        strings.push(s);
    }

    sources.push(("hand-picked", strings.len()));
    strings.push(urlhashlab::foundation::hash::hf_int_min_example());
    strings.push(Vec::new());
    strings.push(vec![0x80]);
    strings.push(vec![0xFF]);
    strings.push("http://www.北京大学.cn/新闻/".as_bytes().to_vec());
    strings.push(b"http://www.pku.edu.cn/".to_vec());
    (strings, sources)
}

fn source_of(sources: &[(&'static str, usize)], i: usize) -> &'static str {
    sources
        .iter()
        .rev()
        .find(|&&(_, start)| start <= i)
        .map_or("?", |&(name, _)| name)
}

#[test]
fn p1_c_functions_match_rust_bit_for_bit() {
    let started = std::time::Instant::now();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    if !tool_exists(&cc, "--version") {
        let why = format!("no C compiler `{cc}` on PATH (set CC to use another)");
        common::skip_unless_ci(
            "differential_c::p1_c_functions_match_rust_bit_for_bit",
            &why,
        );
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("p1.c");
    let exe = dir.path().join("p1");
    std::fs::write(&src, C_SOURCE).expect("write p1.c");
    // -fwrapv pins P1's undefined behaviour, signed `int` overflow, to two's complement
    // wrapping, which is what gcc's code does at -O0: `result += c*3*i` wrapping for long URLs
    // and `-result` on INT_MIN staying INT_MIN (then `INT_MIN % size` is <= 0). Without it the
    // optimiser may assume neither happens. -fsigned-char changes nothing on x86-64, where
    // `char` is already signed as P1 assumes; it keeps the oracle right on other hosts.
    run(Command::new(&cc)
        .args(["-O2", "-fwrapv", "-fsigned-char", "-o"])
        .arg(&exe)
        .arg(&src));

    let (strings, sources) = inputs();
    let input = dir.path().join("input.bin");
    write_input(&input, &strings);
    let words = le_words(&run(Command::new(&exe)
        .arg(&input)
        .args(MS.iter().map(|m| m.to_string()))));
    let per_string = 3 + 3 * MS.len();
    assert_eq!(
        words.len(),
        strings.len() * per_string,
        "the C program answered for a different number of strings"
    );

    let mut comparisons: u64 = 0;
    let mut corner_hits = 0;
    let mut wrapped = 0;
    let mut high_bytes = 0;
    for (i, (s, w)) in strings
        .iter()
        .zip(words.chunks_exact(per_string))
        .enumerate()
    {
        let what = || {
            format!(
                "string #{i} ({}), bytes {}",
                source_of(&sources, i),
                hex(s, 48)
            )
        };
        assert_eq!(w[0], elfhash(s), "ELFhash raw differs for {}", what());
        assert_eq!(w[1], hfip(s), "HfIp raw differs for {}", what());
        // The C raw is `|result|` as an int; as u32 that is hf() even at INT_MIN (2^31).
        assert_eq!(w[2], hf(s), "hf raw differs for {}", what());
        comparisons += 3;
        let corner = w[2] as i32 == i32::MIN;
        corner_hits += corner as u32;
        wrapped += (hf_sum_exact(s) != hf_sum_exact(s) as i32 as i128) as u32;
        high_bytes += s.iter().any(|&b| b >= 0x80) as u32;
        for (k, &m) in MS.iter().enumerate() {
            let (c_elf, c_hfip, c_hf) = (w[3 + 3 * k] as i32, w[4 + 3 * k], w[5 + 3 * k] as i32);
            let mu = m as u32;
            let ctx = |f: &str, c: i64, r: i64| {
                format!("{f}: {} M={m}: C gives {c}, Rust gives {r}", what())
            };
            let r = elfhash_c(s, m);
            assert_eq!(c_elf, r, "{}", ctx("elfhash_c", c_elf as i64, r as i64));
            let r = hfip_c(s, m);
            assert_eq!(c_hfip, r, "{}", ctx("hfip_c", c_hfip as i64, r as i64));
            let r = hf_c(s, m);
            assert_eq!(c_hf, r, "{}", ctx("hf_c", c_hf as i64, r as i64));

            let r = HashId::ElfHash.slot(s, mu);
            assert_eq!(
                c_elf as u32,
                r,
                "{}",
                ctx("ElfHash.slot", c_elf as i64, r as i64)
            );
            let r = HashId::HfIp.slot(s, mu);
            assert_eq!(c_hfip, r, "{}", ctx("HfIp.slot", c_hfip as i64, r as i64));
            let r = HashId::Hf.slot(s, mu);
            if corner {
                // src/foundation/hash/: C gives INT_MIN % M (zero or negative), the registry 2^31 mod M.
                assert_eq!(
                    c_hf,
                    i32::MIN % m,
                    "{}",
                    ctx("_hf corner", c_hf as i64, r as i64)
                );
                assert_eq!(
                    r,
                    (1u32 << 31) % mu,
                    "{}",
                    ctx("Hf.slot corner", c_hf as i64, r as i64)
                );
            } else {
                assert!(
                    c_hf >= 0,
                    "{}",
                    ctx("_hf is negative off the corner", c_hf as i64, 0)
                );
                assert_eq!(c_hf as u32, r, "{}", ctx("Hf.slot", c_hf as i64, r as i64));
            }
            comparisons += 6;
        }
    }
    assert_eq!(
        corner_hits, 1,
        "exactly the hand-built string reaches hf's INT_MIN corner"
    );
    assert!(
        wrapped >= 4,
        "the long ASCII strings wrap hf's 32-bit sum ({wrapped} did)"
    );
    assert!(strings.len() >= 100_000);
    eprintln!(
        "differential_c: {} strings ({} with bytes >= 0x80, {wrapped} wrapping hf's sum, \
         {corner_hits} at hf's INT_MIN corner) x {} sizes: {comparisons} comparisons, all equal, \
         in {:.1?}",
        strings.len(),
        high_bytes,
        MS.len(),
        started.elapsed()
    );
}

#[test]
fn embedded_nul_hashes_like_its_prefix() {
    // C strings stop at the first NUL; the Rust functions take byte slices and must too.
    let tails: [&[u8]; 3] = [b"", b"tail", b"\x80\xFF\0more"];
    for prefix in [
        &b""[..],
        b"http://www.pku.edu.cn/",
        "中文".as_bytes(),
        b"\xFF\x80",
    ] {
        for tail in tails {
            let mut s = prefix.to_vec();
            s.push(0);
            s.extend_from_slice(tail);
            for m in MS {
                assert_eq!(
                    elfhash_c(&s, m),
                    elfhash_c(prefix, m),
                    "ELFhash {s:?} M={m}"
                );
                assert_eq!(hfip_c(&s, m), hfip_c(prefix, m), "HfIp {s:?} M={m}");
                assert_eq!(hf_c(&s, m), hf_c(prefix, m), "hf {s:?} M={m}");
                for id in urlhashlab::foundation::hash::P1_FUNCTIONS {
                    assert_eq!(
                        id.slot(&s, m as u32),
                        id.slot(prefix, m as u32),
                        "{id:?} {s:?}"
                    );
                }
            }
        }
    }
}
