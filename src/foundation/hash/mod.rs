//! Hash functions of the papers, reproduced bit for bit, and the baselines they are measured
//! against, behind one registry with stable ids.
//!
//! # P1: 李晓明, 凤旺森, 两种对 URL 的散列效果很好的函数, J. Software 15(2), 2004
//!
//! [`elfhash`], [`hfip`] and [`hf`] are the three C functions of P1 exactly as gcc compiles them
//! on x86-64: `char` is signed (bytes >= 0x80 sign-extend to negative `int`s), `int` and
//! `unsigned int` are 32 bits and wrap, and HfIp's `char* b = (char*)&n` addresses the bytes of
//! `n` little-endian (`b[0]` is the low byte). The functions read a C string, so they stop at the
//! first NUL byte, as the C does.
//!
//! P1's C has two undefined corners, both signed `int` overflow, and the lab takes gcc's
//! `-fwrapv` reading of both (32-bit wrap; `tests/integration/differential_c.rs` compiles the C with
//! `-fwrapv`). The first is `_hf`'s accumulation `result += c*3*i`, which passes 2^31 once
//! `3 Σ c·i` does: for ASCII URLs longer than about 3 400 bytes (all bytes near 127) to 3 800
//! (typical URL letters). The second is `_hf`'s `if (result < 0) result = -result;` when
//! `result` is `INT_MIN`: `-INT_MIN` overflows. gcc with `-fwrapv` (and in practice without it) leaves it
//! at `INT_MIN`, and `INT_MIN % size` is then negative in C. [`hf_c`] returns that C value;
//! the registry's raw value for `hf` is `|result|` as an unsigned 32-bit number (2^31 in that
//! corner), so its slot is `2^31 mod M` there. A URL reaches that corner only if its weighted
//! byte sum lands exactly on -2^31 modulo 2^32.
//!
//! # P2: 李村合, 何淑庆, 张培颖, 两种适用于中文信息搜集的 URL 散列函数的研究
//!
//! The site and path hashes are printed as Java. Java semantics: 32-bit two's complement
//! `int`, arithmetic `>>`, and `charAt` over the UTF-16 code units of the string. Our input is
//! bytes; it is decoded as UTF-8 the way Java's `new String(bytes, UTF_8)` does: each maximal
//! invalid subsequence becomes one U+FFFD, except that a UTF-8-encoded surrogate (`ED A0..BF`
//! and a following continuation byte) is one U+FFFD as a whole, as in Java (checked against
//! `javac`/`java` by `tests/integration/differential_java.rs`). Readings:
//!
//! * `site-printed`: the code as printed. The `while` test is false at once (`s = r`), so it
//!   returns the raw 32-bit `r = (r << 7) + charAt(i)` over the whole string: only the last
//!   five characters survive the shifts.
//! * `site-folded`: what the text describes: the low 7 bits of each character, then an
//!   end-around fold of the 32-bit value into 21 bits (add bits 22..32 to bits 1..21 until
//!   nothing is above bit 21), a value in 0..2^21-1.
//!   The fold is the lab's reading of step (7) with an unsigned shift (`>>>`).
//! * `site-java`: the same, folded by the printed loop run as Java runs it: step (7)'s `>>` is
//!   arithmetic, so for the about half of hosts whose 32-bit value has bit 31 set the high part
//!   folds in as a negative number (`0x80000000` gives 2 096 127, against 1 024 with `>>>`).
//! * `site-repaired` (ours, not the paper's): the same fold applied after every character, so
//!   all characters count, not only the last five.
//! * `path-printed`: the code as printed with the loop completed (the `return` moved after it):
//!   `s = (s << 5) + charAt(i)`, `r = s; s = 0` after every third character, returns `r * s`,
//!   which is 0 whenever the length is a multiple of 3. The printed code names `url` where the
//!   method's input is `path`; we read both as the function's one input.
//! * `path-xor`: the comment's reading: low 5 bits per character, `r ^= s` after every third,
//!   still returning `r * s`.
//! * `path-repaired` (ours): low 5 bits per character, each group of three characters is a
//!   15-bit word, and the words (the last one possibly short) are XORed: a value in 0..2^15-1,
//!   the size of P2's path table, never 0 merely because of the length.
//!
//! # Baselines
//!
//! `md5` (P3's fingerprint; the 128-bit digest read big-endian as an unsigned integer, so its
//! slot is that number mod M), `fnv1a64`, `xxh3` (XXH3-64, seed 0), `java-hashcode` (Java's
//! `String.hashCode`, `h = 31 h + charAt(i)`, what Nutch partitions hosts with), and `crc32`
//! (IEEE CRC-32, what Frontera partitions hosts with).
//!
//! # Slots
//!
//! Every function has a raw value, an unsigned integer of up to 128 bits (a Java `int` is read as
//! its unsigned 32-bit pattern), and the slot for M slots is `raw mod M`. For P1's functions and
//! every M from 1 to 2^31-1 this equals what the C returns (but for hf's `INT_MIN` corner above).
//!
//! # Example
//! ```
//! use urlhashlab::foundation::hash::{by_id, elfhash};
//! let f = by_id("hfip").unwrap();
//! assert_eq!(f.name_zh, "HfIp 散列");
//! assert_eq!(f.slot(b"http://www.pku.edu.cn/", 12), (f.raw(b"http://www.pku.edu.cn/") % 12) as u32);
//! assert_eq!(elfhash(b"a") , 0x61);
//! ```

use md5::{Digest, Md5};

/// Stable identifier of a hash function (the `--fn` value of the CLI).
///
/// # Examples
/// ```
/// use urlhashlab::foundation::hash::HashId;
/// let url = b"http://www.pku.edu.cn/";
/// // The slot among M slots is the raw value mod M, for every function.
/// assert_eq!(HashId::Md5.slot(url, 1000) as u128, HashId::Md5.raw(url) % 1000);
/// // hf is 3 · Σ c·i: among 12 slots a short URL lands on a multiple of 3.
/// assert_eq!(HashId::Hf.slot(url, 12) % 3, 0);
/// assert_eq!(HashId::HfIp.info().key, "hfip");
/// assert_eq!(HashId::ElfHash.info().bits, 28);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashId {
    /// P1's `ELFhash`, the UNIX System V ELF hash over signed chars: 28 bits ([`elfhash`]).
    ElfHash,
    /// P1's `HfIp`, Tianwang's hash: the bytes XORed into the 4 little-endian bytes of an unsigned
    /// int ([`hfip`]).
    HfIp,
    /// P1's `hf`, Web InfoMall's hash: `|Σ 3 · c · i|` over signed chars ([`hf`]).
    Hf,
    /// P2's site hash as printed: `r = (r << 7) + charAt(i)`, the fold never runs, so only the last
    /// five characters count.
    SitePrinted,
    /// P2's site hash as its text describes it: the low 7 bits of each character, the 32-bit value
    /// folded end-around into 21 bits.
    SiteFolded,
    /// P2's printed fold loop run as Java runs it, with step (7)'s arithmetic `>>`: a set bit 31
    /// folds in as a negative number.
    SiteJava,
    /// The lab's repair of P2's site hash: the 21-bit fold after every character, so every
    /// character counts.
    SiteRepaired,
    /// P2's path hash as printed, its loop completed: `r = s` after every third character, returns
    /// `r * s` (0 when the length is a multiple of 3).
    PathPrinted,
    /// P2's path hash as its comment reads: low 5 bits per character, `r ^= s` after every third,
    /// returns `r * s`.
    PathXor,
    /// The lab's repair of P2's path hash: the 15-bit words of three 5-bit characters XORed, the
    /// last short word included, a value in 0..2^15-1.
    PathRepaired,
    /// P3's fingerprint: the MD5 digest (RFC 1321) read big-endian as a 128-bit unsigned integer.
    Md5,
    /// Baseline FNV-1a, 64-bit: `h = (h ^ b) * 0x100000001b3` from the offset basis.
    Fnv1a64,
    /// Baseline XXH3-64 with seed 0, a modern non-cryptographic hash.
    Xxh3,
    /// Baseline Java `String.hashCode` over UTF-16 code units, `h = 31 h + charAt(i)`: what Nutch
    /// partitions hosts with.
    JavaHashCode,
    /// Baseline IEEE CRC-32: what Frontera partitions hosts with.
    Crc32,
}

/// One registered function: its id, names, source and the width of its raw value.
#[derive(Clone, Copy, Debug)]
pub struct HashFn {
    /// The id the lab's code names the function by.
    pub id: HashId,
    /// Stable text id, as typed on the command line.
    pub key: &'static str,
    /// The English name shown in reports and on the page (`"HfIp"`, `"P2 site hash (as printed)"`).
    pub name_en: &'static str,
    /// The Chinese name shown on the page (`"HfIp 散列"`).
    pub name_zh: &'static str,
    /// Where it comes from: `P1`, `P2`, `P3` or `baseline`.
    pub paper: &'static str,
    /// `true` for a reading that is the lab's own repair, not the paper's.
    pub ours: bool,
    /// Number of bits the raw value can use.
    pub bits: u32,
    /// One sentence on what the function computes and where it comes from, in English.
    pub summary: &'static str,
    /// The same summary in Chinese.
    pub summary_zh: &'static str,
}

macro_rules! registry {
    ($( $id:ident, $key:literal, $en:literal, $zh:literal, $paper:literal, $ours:literal, $bits:literal, $sum:literal, $sum_zh:literal; )*) => {
        /// Every function of the lab, in display order.
        ///
        /// # Examples
        /// ```
        /// use urlhashlab::foundation::hash::{by_id, P1_FUNCTIONS, REGISTRY};
        /// // P1's three functions come first, in the paper's order.
        /// assert!(REGISTRY.iter().map(|f| f.id).take(3).eq(P1_FUNCTIONS));
        /// for f in REGISTRY {
        ///     // Each entry is found by its text id and is its id's entry.
        ///     assert_eq!(by_id(f.key).unwrap().id, f.id);
        ///     assert_eq!(f.id.info().key, f.key);
        /// }
        /// let ours: Vec<&str> = REGISTRY.iter().filter(|f| f.ours).map(|f| f.key).collect();
        /// assert_eq!(ours, ["site-repaired", "path-repaired"]);
        /// ```
        pub static REGISTRY: &[HashFn] = &[ $( HashFn {
            id: HashId::$id, key: $key, name_en: $en, name_zh: $zh, paper: $paper,
            ours: $ours, bits: $bits, summary: $sum, summary_zh: $sum_zh,
        }, )* ];
    };
}

registry! {
    ElfHash, "elfhash", "ELFhash", "ELFhash 散列", "P1", false, 28,
        "UNIX System V ELF hash, P1's C: h = (h << 4) + c, high nibble folded back.",
        "UNIX System V 的 ELF 散列，P1 的 C 代码：h = (h << 4) + c，高 4 位折回。";
    HfIp, "hfip", "HfIp", "HfIp 散列", "P1", false, 32,
        "Tianwang's HfIp, P1's C: bytes XORed into the 4 little-endian bytes of an unsigned int.",
        "天网的 HfIp，P1 的 C 代码：各字节异或进一个无符号整数的 4 个小端字节。";
    Hf, "hf", "hf", "hf 散列", "P1", false, 32,
        "Web InfoMall's hf, P1's C: |sum of 3 * c * i| over signed chars.",
        "Web 信息博物馆（Web InfoMall）的 hf，P1 的 C 代码：有符号 char 上 3 * c * i 之和的绝对值。";
    SitePrinted, "site-printed", "P2 site hash (as printed)", "P2 站点散列（按原文代码）", "P2", false, 32,
        "P2's site hash exactly as printed: r = (r << 7) + charAt(i), the fold never runs.",
        "P2 的站点散列，完全照原文：r = (r << 7) + charAt(i)，折叠从不执行。";
    SiteFolded, "site-folded", "P2 site hash (21-bit fold, as described)", "P2 站点散列（21 位折叠，按文字描述）", "P2", false, 21,
        "P2's site hash as the text describes it: low 7 bits per char, end-around fold into 21 bits.",
        "P2 文字所描述的站点散列：每个字符取低 7 位，循环折叠进 21 位。";
    SiteJava, "site-java", "P2 site hash (printed loop run, Java >>)", "P2 站点散列（原文循环照 Java >> 运行）", "P2", false, 21,
        "P2's printed fold loop made to run, with Java's arithmetic >> in step (7): a sign bit folds in as -1024..-1.",
        "让 P2 印出的折叠循环真正运行，第 (7) 步用 Java 的算术右移 >>：符号位作为 -1024..-1 折叠进来。";
    SiteRepaired, "site-repaired", "P2 site hash (lab repair)", "P2 站点散列（本实验室修正）", "P2", true, 21,
        "Ours: the 21-bit end-around fold after every char, so all chars count.",
        "本实验室的修正：每个字符之后都做 21 位循环折叠，所有字符都起作用。";
    PathPrinted, "path-printed", "P2 path hash (as printed)", "P2 路径散列（按原文代码）", "P2", false, 32,
        "P2's path hash as printed, loop completed: r = s per 3 chars, returns r * s.",
        "P2 的路径散列，照原文（循环补全）：每 3 个字符 r = s，返回 r * s。";
    PathXor, "path-xor", "P2 path hash (XOR, as commented)", "P2 路径散列（按注释异或）", "P2", false, 32,
        "P2's path hash as its comment says: low 5 bits per char, r ^= s per 3 chars, returns r * s.",
        "P2 路径散列按其注释：每个字符取低 5 位，每 3 个字符 r ^= s，返回 r * s。";
    PathRepaired, "path-repaired", "P2 path hash (lab repair)", "P2 路径散列（本实验室修正）", "P2", true, 15,
        "Ours: XOR of the 15-bit words of 3 chars x 5 bits, the last word included.",
        "本实验室的修正：3 个字符 × 5 位组成的 15 位字逐个异或，最后一个字也算在内。";
    Md5, "md5", "MD5", "MD5 摘要", "P3", false, 128,
        "MD5 (RFC 1321) digest read big-endian as a 128-bit unsigned integer.",
        "MD5（RFC 1321）摘要，按大端读成 128 位无符号整数。";
    Fnv1a64, "fnv1a64", "FNV-1a 64", "FNV-1a 64 位", "baseline", false, 64,
        "FNV-1a, 64-bit: h = (h ^ b) * 0x100000001b3.",
        "FNV-1a 64 位：h = (h ^ b) * 0x100000001b3。";
    Xxh3, "xxh3", "XXH3-64", "XXH3 64 位", "baseline", false, 64,
        "XXH3 64-bit, seed 0: a modern high-quality non-cryptographic hash.",
        "XXH3 64 位，种子 0：现代的高质量非密码散列。";
    JavaHashCode, "java-hashcode", "Java String.hashCode", "Java String.hashCode", "baseline", false, 32,
        "Java's String.hashCode over UTF-16 units: h = 31 h + charAt(i). Nutch partitions with it.",
        "Java 的 String.hashCode，按 UTF-16 单元：h = 31 h + charAt(i)。Nutch 用它分区。";
    Crc32, "crc32", "CRC-32", "CRC-32 校验", "baseline", false, 32,
        "IEEE CRC-32. Frontera partitions hosts with it.",
        "IEEE CRC-32。Frontera 用它给主机分区。";
}

/// The three functions of P1, in the paper's order.
pub const P1_FUNCTIONS: [HashId; 3] = [HashId::ElfHash, HashId::HfIp, HashId::Hf];

/// Looks a function up by its text id.
pub fn by_id(key: &str) -> Option<&'static HashFn> {
    REGISTRY.iter().find(|f| f.key == key)
}

/// All text ids, comma separated, for error messages.
pub fn known_ids() -> String {
    REGISTRY
        .iter()
        .map(|f| f.key)
        .collect::<Vec<_>>()
        .join(", ")
}

impl HashId {
    /// The registry entry of this id.
    pub fn info(self) -> &'static HashFn {
        REGISTRY
            .iter()
            .find(|f| f.id == self)
            .expect("every HashId is registered")
    }

    /// The function's raw value for `key`.
    #[inline]
    pub fn raw(self, key: &[u8]) -> u128 {
        match self {
            HashId::ElfHash => elfhash(key) as u128,
            HashId::HfIp => hfip(key) as u128,
            HashId::Hf => hf(key) as u128,
            HashId::SitePrinted => site_hash_printed(key) as u32 as u128,
            HashId::SiteFolded => site_hash_folded(key) as u128,
            HashId::SiteJava => site_hash_java(key) as u128,
            HashId::SiteRepaired => site_hash_repaired(key) as u128,
            HashId::PathPrinted => path_hash_printed(key) as u32 as u128,
            HashId::PathXor => path_hash_xor(key) as u32 as u128,
            HashId::PathRepaired => path_hash_repaired(key) as u128,
            HashId::Md5 => md5_u128(key),
            HashId::Fnv1a64 => fnv1a64(key) as u128,
            HashId::Xxh3 => xxhash_rust::xxh3::xxh3_64(key) as u128,
            HashId::JavaHashCode => java_string_hashcode(key) as u32 as u128,
            HashId::Crc32 => crc32fast::hash(key) as u128,
        }
    }

    /// The raw value of each of `keys`, given to `out` with the key's index: the values
    /// [`raw`](HashId::raw) gives, ELFhash's computed four keys at a time ([`elfhash4`]).
    pub fn raw_each(self, keys: &[&[u8]], mut out: impl FnMut(usize, u128)) {
        let mut i = 0;
        if self == HashId::ElfHash {
            for four in keys.chunks_exact(4) {
                let values = elfhash4([four[0], four[1], four[2], four[3]]);
                for (j, v) in values.into_iter().enumerate() {
                    out(i + j, v as u128);
                }
                i += 4;
            }
        }
        for (j, key) in keys.iter().enumerate().skip(i) {
            out(j, self.raw(key));
        }
    }

    /// The slot of `key` among `m` slots: `raw mod m`. `m` must be at least 1.
    #[inline]
    pub fn slot(self, key: &[u8], m: u32) -> u32 {
        reduce(self.raw(key), m)
    }
}

impl HashFn {
    /// The raw value of `key`.
    pub fn raw(&self, key: &[u8]) -> u128 {
        self.id.raw(key)
    }
    /// The slot of `key` among `m >= 1` slots.
    pub fn slot(&self, key: &[u8], m: u32) -> u32 {
        self.id.slot(key, m)
    }
}

/// `raw mod m` for `m >= 1`, in the narrowest arithmetic that holds `raw`.
#[inline]
pub fn reduce(raw: u128, m: u32) -> u32 {
    if raw <= u64::MAX as u128 {
        ((raw as u64) % m as u64) as u32
    } else {
        (raw % m as u128) as u32
    }
}

/// Fast `x mod m` for a fixed `m` by multiplication (Lemire, Kaser & Kurz 2019, "Faster
/// remainder by direct computation"). Exact for every 32-bit `x` and `1 <= m < 2^32`.
#[derive(Clone, Copy, Debug)]
pub struct Reducer {
    m: u32,
    magic: u64,
}

impl Reducer {
    /// A reducer for `m` slots; `m` must be at least 1.
    pub fn new(m: u32) -> Reducer {
        assert!(m >= 1, "Reducer needs m >= 1");
        Reducer {
            m,
            magic: (u64::MAX / m as u64).wrapping_add(1),
        }
    }
    /// The number of slots.
    pub fn m(&self) -> u32 {
        self.m
    }
    /// `x mod m`.
    #[inline]
    pub fn reduce32(&self, x: u32) -> u32 {
        if self.m == 1 {
            return 0;
        }
        let low = self.magic.wrapping_mul(x as u64);
        if cfg!(target_arch = "wasm32") {
            // The high 64 bits of `low * m` (m < 2^32) from two 64-bit products: wasm32 has no
            // 64x64->128 multiply, and a `u128` product there is a call to `__multi3`.
            let m = self.m as u64;
            (((low >> 32) * m + (((low & 0xFFFF_FFFF) * m) >> 32)) >> 32) as u32
        } else {
            ((low as u128 * self.m as u128) >> 64) as u32
        }
    }
    /// `raw mod m` for a raw value of any width: [`reduce32`](Reducer::reduce32) when it fits
    /// 32 bits, else [`reduce`].
    #[inline(always)]
    pub fn reduce(&self, raw: u128) -> u32 {
        if raw <= u32::MAX as u128 {
            self.reduce32(raw as u32)
        } else {
            reduce(raw, self.m)
        }
    }
}

/// The bytes a C function sees: everything before the first NUL.
#[inline]
fn c_string(bytes: &[u8]) -> &[u8] {
    match memchr::memchr(0, bytes) {
        Some(end) => &bytes[..end],
        None => bytes,
    }
}

/// P1's `ELFhash` before `% size`: the UNIX System V ELF hash over signed chars.
///
/// ```c
/// unsigned int h=0;
/// while (*url) { h=(h<<4) + *url++;
///   unsigned int g= h & 0xF0000000; if (g) h^=g>>24; h&=~g; }
/// ```
#[inline]
pub fn elfhash(url: &[u8]) -> u32 {
    // Carried as x = (h << 4) + c, before the fold: the fold is h = (x & 0x0FFF_FFFF) ^ ((x >> 24)
    // & 0xF0) (g = the top nibble of x; `h ^= g >> 24` touches bits 4..7 only, `h &= ~g` clears
    // the top nibble), and (h << 4) drops x's top nibble again, so the next x is
    // ((x << 4) ^ ((x >> 20) & 0xF00)) + c: four dependent operations per byte instead of five or
    // six. The NUL test sits in the loop, off the dependency chain, so the bytes are read once.
    let mut x: u32 = 0;
    for &c in url {
        if c == 0 {
            break;
        }
        x = elf_step(x, c);
    }
    elf_final(x)
}

/// One byte of [`elfhash`]'s carried `x` (see there).
#[inline(always)]
fn elf_step(x: u32, c: u8) -> u32 {
    ((x << 4) ^ ((x >> 20) & 0xF00)).wrapping_add(c as i8 as i32 as u32)
}

/// [`elfhash`]'s value from its carried `x`.
#[inline(always)]
fn elf_final(x: u32) -> u32 {
    (x & 0x0FFF_FFFF) ^ ((x >> 24) & 0xF0)
}

/// Two carried values run on over two byte strings, the bytes both have side by side.
#[inline(always)]
fn elf_run2(mut x: u32, mut y: u32, a: &[u8], b: &[u8]) -> (u32, u32) {
    let n = a.len().min(b.len());
    for (&c, &d) in a[..n].iter().zip(&b[..n]) {
        x = elf_step(x, c);
        y = elf_step(y, d);
    }
    for &c in &a[n..] {
        x = elf_step(x, c);
    }
    for &d in &b[n..] {
        y = elf_step(y, d);
    }
    (x, y)
}

/// [`elfhash`] of four keys at once, the same four values. Each byte of one key depends on the
/// one before (four operations), so one key keeps a core waiting on that chain; four keys are
/// four chains side by side, the bytes all four have, then the rest two by two: about 1.6 times
/// [`elfhash`]'s bytes per second on a list of URLs. Each key is cut at its first NUL first, as
/// C sees it.
pub fn elfhash4(keys: [&[u8]; 4]) -> [u32; 4] {
    let k = keys.map(c_string);
    let n = k.iter().map(|key| key.len()).min().unwrap_or(0);
    let mut x = [0u32; 4];
    for i in 0..n {
        for (x, key) in x.iter_mut().zip(&k) {
            *x = elf_step(*x, key[i]);
        }
    }
    (x[0], x[1]) = elf_run2(x[0], x[1], &k[0][n..], &k[1][n..]);
    (x[2], x[3]) = elf_run2(x[2], x[3], &k[2][n..], &k[3][n..]);
    x.map(elf_final)
}

/// P1's `HfIp` before `% size`: each byte XORed into byte `i % 4` of a little-endian `n`.
#[inline]
pub fn hfip(url: &[u8]) -> u32 {
    // Bytes i and i + 4 land in the same byte of n, so XORing 8-byte little-endian words and
    // folding the halves is the byte loop. The NUL test runs on the same words, so the bytes are
    // read once; a key holding a NUL, or shorter than 8 bytes, takes the byte loop.
    let len = url.len();
    if len >= 8 {
        let (mut acc, mut zero) = (0u64, 0u64);
        let mut words = url.chunks_exact(8);
        for w in &mut words {
            let v = le_u64(w);
            acc ^= v;
            zero |= zero_bytes(v);
        }
        let rest = words.remainder().len();
        if rest > 0 {
            // The last 8 bytes, shifted so the `rest` unread ones sit at offsets 0.., which are
            // their offsets i % 8 (the words before them cover a multiple of 8 bytes).
            let v = le_u64(&url[len - 8..]);
            zero |= zero_bytes(v);
            acc ^= v >> (8 * (8 - rest));
        }
        if zero == 0 {
            return acc as u32 ^ (acc >> 32) as u32;
        }
    }
    let mut n = 0u32;
    for (i, &c) in c_string(url).iter().enumerate() {
        n ^= (c as u32) << (8 * (i % 4));
    }
    n
}

/// The first 8 bytes of `bytes` (at least 8) as a little-endian `u64`.
#[inline(always)]
fn le_u64(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
}

/// Non-zero exactly when one of the 8 bytes of `v` is 0 (the bit set may not mark which).
#[inline(always)]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(0x0101_0101_0101_0101) & !v & 0x8080_8080_8080_8080
}

/// P1's `_hf` before `% size`: `|Σ c·3·i|` in wrapping 32-bit `int`, as an unsigned number
/// (2^31 when the sum is `INT_MIN`; see the module doc).
#[inline]
pub fn hf(url: &[u8]) -> u32 {
    hf_sum(url).unsigned_abs()
}

/// `Σ c·3·i` over the signed chars of a C string, 32-bit wrapping (`i` counts from 1).
#[inline]
fn hf_sum(url: &[u8]) -> i32 {
    hf_weighted(url).wrapping_mul(3)
}

/// `Σ c·i` over the signed chars of a C string, 32-bit wrapping (`i` counts from 1).
///
/// Eight bytes at a time. Everything is a sum modulo 2^32, so it can be regrouped: with
/// `s_w` the sum of word `w` (bytes `8w..8w+8`) and `t_w = Σ_k (k+1)·c_{8w+k}` its weighted
/// sum, `Σ c·i = Σ_w t_w + 8·Σ_w w·s_w`, and `Σ_w w·s_w = W·A - B` for `W` words, `A = Σ_w s_w`
/// and `B` the sum of the running values of `A`. `s_w` and `t_w` are 64-bit multiplications of
/// the bytes in 16-bit lanes, the signed chars biased to `c + 128 = byte ^ 0x80`. A last, short
/// word is the last 8 bytes shifted down: its missing bytes are 0 and weigh nothing. The NUL test
/// runs on the same words; a key holding a NUL, or shorter than 8 bytes, takes the byte loop.
#[inline]
fn hf_weighted(url: &[u8]) -> i32 {
    let len = url.len();
    if len >= 8 {
        let (mut zero, mut t, mut a, mut b) = (0u64, 0i32, 0i32, 0i32);
        let mut add = |v: u64| {
            let (s_w, t_w) = hf_word(v);
            t = t.wrapping_add(t_w);
            a = a.wrapping_add(s_w);
            b = b.wrapping_add(a);
        };
        let mut words = url.chunks_exact(8);
        for w in &mut words {
            let v = le_u64(w);
            zero |= zero_bytes(v);
            add(v);
        }
        let rest = words.remainder().len();
        if rest > 0 {
            let v = le_u64(&url[len - 8..]);
            zero |= zero_bytes(v);
            add(v >> (8 * (8 - rest)));
        }
        if zero == 0 {
            let w = len.div_ceil(8) as i32;
            return t.wrapping_add(w.wrapping_mul(a).wrapping_sub(b).wrapping_mul(8));
        }
    }
    let mut weighted: i32 = 0;
    for (j, &c) in c_string(url).iter().enumerate() {
        weighted = weighted.wrapping_add((c as i8 as i32).wrapping_mul((j as i32).wrapping_add(1)));
    }
    weighted
}

/// `(Σ_k c_k, Σ_k (k+1)·c_k)` over the 8 little-endian bytes of `v` read as signed chars.
#[inline(always)]
fn hf_word(v: u64) -> (i32, i32) {
    const LANES: u64 = 0x00FF_00FF_00FF_00FF;
    const ONES: u64 = 0x0001_0001_0001_0001;
    let biased = v ^ 0x8080_8080_8080_8080;
    let even = biased & LANES; // bytes 0, 2, 4, 6 in the four 16-bit lanes
    let odd = (biased >> 8) & LANES; // bytes 1, 3, 5, 7
    let pairs = even + odd;
    // The top lane of a product collects the lane-wise dot product; no lane overflows 16 bits.
    let sum = (pairs.wrapping_mul(ONES) >> 48) as i32;
    // Σ (k+1)·byte_k = Σ_i (2i+1)·(byte_2i + byte_2i+1) + Σ_i byte_2i+1
    let weighted =
        ((pairs.wrapping_mul(0x0001_0003_0005_0007) >> 48) + (odd.wrapping_mul(ONES) >> 48)) as i32;
    (sum - 8 * 128, weighted - 36 * 128)
}

/// A 6 000-byte ASCII string at `_hf`'s undefined corner: its weighted sum `Σ c·i` is exactly
/// 2^31, so `3·Σ` wraps to `INT_MIN` and `-result` overflows (see the module doc). Built from
/// 6 000 `'a'`s by raising chars from the end until the sum is reached.
pub fn hf_int_min_example() -> Vec<u8> {
    let mut s = vec![b'a'; 6000];
    let mut remaining: i64 = (1i64 << 31) - 97 * 6000 * 6001 / 2;
    for i in (1..=6000usize).rev() {
        let delta = (remaining / i as i64).min(30);
        s[i - 1] += delta as u8;
        remaining -= delta * i as i64;
    }
    debug_assert_eq!(remaining, 0);
    s
}

/// P1's `ELFhash(url, size)` exactly as the C returns it, for `1 <= size <= 2^31-1`.
pub fn elfhash_c(url: &[u8], size: i32) -> i32 {
    (elfhash(url) % size as u32) as i32
}

/// P1's `HfIp(url, size)` exactly as the C returns it, for `1 <= size <= 2^31-1`.
pub fn hfip_c(url: &[u8], size: i32) -> u32 {
    hfip(url) % size as u32
}

/// P1's `_hf(url, size)` exactly as gcc's code returns it, for `1 <= size <= 2^31-1`,
/// including the `INT_MIN` corner, where the C result is `INT_MIN % size` (zero or negative).
pub fn hf_c(url: &[u8], size: i32) -> i32 {
    hf_sum(url).wrapping_abs() % size
}

/// Calls `each` with the UTF-16 code units Java's `charAt` would return for `bytes` decoded as
/// UTF-8 (invalid sequences become U+FFFD, one per maximal invalid subsequence).
#[inline]
pub(crate) fn for_each_java_char(bytes: &[u8], mut each: impl FnMut(i32)) {
    if bytes.is_ascii() {
        for &b in bytes {
            each(b as i32);
        }
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        for unit in text.encode_utf16() {
            each(unit as i32);
        }
    } else {
        for unit in String::from_utf8_lossy(&java_surrogate_rule(bytes)).encode_utf16() {
            each(unit as i32);
        }
    }
}

/// The one place Java's UTF-8 decoder differs from `String::from_utf8_lossy` (found by
/// `tests/integration/differential_java.rs`): a UTF-8-encoded surrogate, `ED A0..BF` with the continuation
/// byte after it if there is one, is ONE U+FFFD in Java, where the Unicode "maximal subpart"
/// practice gives one per byte. Rewrites such runs to one lone `FF` byte, which decodes to
/// exactly one U+FFFD and merges with nothing around it.
fn java_surrogate_rule(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if !bytes
        .windows(2)
        .any(|w| w[0] == 0xED && (0xA0..=0xBF).contains(&w[1]))
    {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0xED && matches!(bytes.get(i + 1), Some(0xA0..=0xBF)) {
            out.push(0xFF);
            i += 2;
            if matches!(bytes.get(i), Some(0x80..=0xBF)) {
                i += 1;
            }
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Java's `length()` of `bytes` decoded as UTF-8: the number of UTF-16 code units `charAt` walks.
pub fn java_string_length(bytes: &[u8]) -> usize {
    let mut n = 0;
    for_each_java_char(bytes, |_| n += 1);
    n
}

/// P2's site hash exactly as printed (Java `int`). The `while` loop never runs, so this is
/// `r = (r << 7) + charAt(i)` over the whole input.
pub fn site_hash_printed(url: &[u8]) -> i32 {
    let mut r: i32 = 0;
    for_each_java_char(url, |c| r = (r << 7).wrapping_add(c));
    let s = r; // (4) s = r; (5) while (!(r == s)) is false at once.
    s
}

/// End-around fold of a 32-bit value into 21 bits: add the bits above bit 21 to the low 21
/// bits until nothing is above bit 21.
#[inline]
fn fold21(mut s: u32) -> u32 {
    while s > 0x1F_FFFF {
        s = (s & 0x1F_FFFF) + (s >> 21);
    }
    s
}

/// P2's site hash as the text describes it: low 7 bits of each char, `r = (r << 7) + c` in 32
/// bits, then the end-around fold into 21 bits. Only the last five chars survive the shifts.
pub fn site_hash_folded(url: &[u8]) -> u32 {
    fold21(site_sum7(url))
}

/// The 32-bit sum the text describes before the fold: `r = (r << 7) + (charAt(i) & 0x7F)`.
fn site_sum7(url: &[u8]) -> u32 {
    let mut r: u32 = 0;
    for_each_java_char(url, |c| r = (r << 7).wrapping_add(c as u32 & 0x7F));
    r
}

/// P2's printed fold loop, steps (6)–(8), made to run until `r == s` (what the text says the
/// loop does) as Java runs it: step (7), `s = (s & 0xFFE00000) >> 21`, shifts arithmetically,
/// so when bit 31 is set the high part is -1024..-1, not 1024..2047. Then `s = s + r` and the
/// loop goes on; it ends with `r == s`, a value in 0..2^21-1. For `s >= 0` it is
/// [`site_hash_folded`]; `0x80000000` gives 2 096 127 here and 1 024 there.
fn fold21_java(mut s: i32) -> u32 {
    loop {
        let r = s & 0x1F_FFFF;
        s = ((s & 0xFFE0_0000_u32 as i32) >> 21).wrapping_add(r);
        if r == s {
            return s as u32;
        }
    }
}

/// P2's site hash as the text describes it (low 7 bits per char), folded by the printed loop run
/// with Java's arithmetic `>>` (`fold21_java`).
pub fn site_hash_java(url: &[u8]) -> u32 {
    fold21_java(site_sum7(url) as i32)
}

/// The lab's repair of P2's site hash (not the paper's): fold into 21 bits after every char.
pub fn site_hash_repaired(url: &[u8]) -> u32 {
    let mut r: u32 = 0;
    for_each_java_char(url, |c| r = fold21((r << 7) + (c as u32 & 0x7F)));
    r
}

/// P2's path hash as printed, with the loop completed: `s = (s << 5) + charAt(i)`, every third
/// char `r = s; s = 0`, then `return r * s` (Java `int`).
pub fn path_hash_printed(path: &[u8]) -> i32 {
    let (mut r, mut s, mut i) = (0i32, 0i32, 0usize);
    for_each_java_char(path, |c| {
        s = (s << 5).wrapping_add(c);
        if i % 3 == 2 {
            r = s;
            s = 0;
        }
        i += 1;
    });
    r.wrapping_mul(s)
}

/// P2's path hash as its comment says: low 5 bits per char, `r ^= s` every third char, then
/// `return r * s` (Java `int`).
pub fn path_hash_xor(path: &[u8]) -> i32 {
    let (mut r, mut s, mut i) = (0i32, 0i32, 0usize);
    for_each_java_char(path, |c| {
        s = (s << 5).wrapping_add(c & 0x1F);
        if i % 3 == 2 {
            r ^= s;
            s = 0;
        }
        i += 1;
    });
    r.wrapping_mul(s)
}

/// The lab's repair of P2's path hash (not the paper's): the XOR of the 15-bit words made of
/// three chars' low 5 bits each, the trailing short word included. A value in 0..2^15-1.
pub fn path_hash_repaired(path: &[u8]) -> u32 {
    let (mut r, mut s, mut i) = (0u32, 0u32, 0usize);
    for_each_java_char(path, |c| {
        s = (s << 5) | (c as u32 & 0x1F);
        if i % 3 == 2 {
            r ^= s;
            s = 0;
        }
        i += 1;
    });
    r ^ s
}

/// Java's `String.hashCode()` of `bytes` decoded as UTF-8: `h = 31 h + charAt(i)`.
pub fn java_string_hashcode(bytes: &[u8]) -> i32 {
    let mut h: i32 = 0;
    for_each_java_char(bytes, |c| h = h.wrapping_mul(31).wrapping_add(c));
    h
}

/// The MD5 digest of `bytes` (RFC 1321).
pub fn md5_digest(bytes: &[u8]) -> [u8; 16] {
    Md5::digest(bytes).into()
}

/// The MD5 digest read as a big-endian 128-bit unsigned integer (its hex spelling as a number).
pub fn md5_u128(bytes: &[u8]) -> u128 {
    u128::from_be_bytes(md5_digest(bytes))
}

/// The 512-bit blocks MD5 processes for a message of `len` bytes: padding to 448 bits mod 512,
/// then the 64-bit length (RFC 1321 §3.1–3.2).
pub fn md5_blocks(len: u64) -> u64 {
    (len + 8) / 64 + 1
}

/// FNV-1a, 64-bit.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests;
