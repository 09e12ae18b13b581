//! The battery's keysets: six made from the loaded URLs, six synthetic in SMHasher3's manner,
//! and the two sets of keys the avalanche is measured on. Every set is deterministic (seeded
//! [`SplitMix`]) and holds distinct keys, kept back to back.

use crate::foundation::key;
use crate::foundation::mix::{Fold, SplitMix};
use serde::Serialize;
use std::collections::HashSet;
use xxhash_rust::xxh3::xxh3_128;

/// The 40 characters the synthetic URL-like keys are spelled with.
pub const ALPHABET: &[u8; 40] = b"abcdefghijklmnopqrstuvwxyz0123456789-._~";
/// The prefix of [`KeysetId::Text`]'s keys.
pub const TEXT_PREFIX: &str = "http://www.example.com/";
/// The suffix of [`KeysetId::Text`]'s keys.
pub const TEXT_SUFFIX: &str = ".html";
/// The length of [`KeysetId::LongHead`]'s and [`KeysetId::LongTail`]'s keys.
pub const LONG_BYTES: usize = 100;

/// One keyset of the battery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeysetId {
    /// The distinct URL lines.
    Urls,
    /// Their distinct hosts (the WHATWG parser's, [`key::split`]).
    Hosts,
    /// Their distinct paths with the query.
    Paths,
    /// Prefixes (`scheme://host`), cores (the path without its extension and query) and
    /// suffixes (extension and query) of different URLs put together, drawn by a seeded
    /// generator: up to [`QualityParams::recombined`](super::QualityParams::recombined) keys.
    Recombined,
    /// Sampled URLs, each with bytes replaced one at a time by another URL character.
    OneByte,
    /// Sampled URLs, each with bits flipped one at a time.
    OneBit,
    /// `http://www.example.com/` + 3 characters of [`ALPHABET`] + `.html`: 64 000 keys.
    Text,
    /// 100-byte keys that differ only in their first 3 characters (of [`ALPHABET`]): 64 000.
    LongHead,
    /// 100-byte keys that differ only in their last 3 characters: 64 000.
    LongTail,
    /// 8-byte keys with at most 3 bits set: 43 745.
    Sparse8x3,
    /// 32-byte keys with at most 2 bits set: 32 897.
    Sparse32x2,
    /// 3-byte keys with at most two non-zero bytes, every value: 195 841.
    TwoBytes,
}

impl KeysetId {
    /// Every keyset, in the order the battery runs and reports them.
    pub const ALL: [KeysetId; 12] = [
        KeysetId::Urls,
        KeysetId::Hosts,
        KeysetId::Paths,
        KeysetId::Recombined,
        KeysetId::OneByte,
        KeysetId::OneBit,
        KeysetId::Text,
        KeysetId::LongHead,
        KeysetId::LongTail,
        KeysetId::Sparse8x3,
        KeysetId::Sparse32x2,
        KeysetId::TwoBytes,
    ];

    /// The id reports name it by.
    pub fn id(self) -> &'static str {
        match self {
            KeysetId::Urls => "urls",
            KeysetId::Hosts => "hosts",
            KeysetId::Paths => "paths",
            KeysetId::Recombined => "recombined",
            KeysetId::OneByte => "one-byte",
            KeysetId::OneBit => "one-bit",
            KeysetId::Text => "text",
            KeysetId::LongHead => "long-head",
            KeysetId::LongTail => "long-tail",
            KeysetId::Sparse8x3 => "sparse-8x3",
            KeysetId::Sparse32x2 => "sparse-32x2",
            KeysetId::TwoBytes => "two-bytes",
        }
    }

    /// `true` for the sets made from the loaded URLs.
    pub fn from_urls(self) -> bool {
        matches!(
            self,
            KeysetId::Urls
                | KeysetId::Hosts
                | KeysetId::Paths
                | KeysetId::Recombined
                | KeysetId::OneByte
                | KeysetId::OneBit
        )
    }

    /// What the keys are, in English.
    pub fn about(self) -> &'static str {
        match self {
            KeysetId::Urls => "the distinct URL lines",
            KeysetId::Hosts => "their distinct hosts",
            KeysetId::Paths => "their distinct paths with the query",
            KeysetId::Recombined => "prefixes, cores and suffixes of different URLs put together",
            KeysetId::OneByte => "sampled URLs with one byte replaced by another URL character",
            KeysetId::OneBit => "sampled URLs with one bit flipped",
            KeysetId::Text => "http://www.example.com/ + 3 URL characters + .html",
            KeysetId::LongHead => "100-byte keys that differ only in their first 3 characters",
            KeysetId::LongTail => "100-byte keys that differ only in their last 3 characters",
            KeysetId::Sparse8x3 => "8-byte keys with at most 3 bits set",
            KeysetId::Sparse32x2 => "32-byte keys with at most 2 bits set",
            KeysetId::TwoBytes => "3-byte keys with at most two non-zero bytes",
        }
    }

    /// What the keys are, in Chinese.
    pub fn about_zh(self) -> &'static str {
        match self {
            KeysetId::Urls => "去重后的 URL 行",
            KeysetId::Hosts => "它们去重后的主机名",
            KeysetId::Paths => "它们去重后的路径（含查询串）",
            KeysetId::Recombined => "不同 URL 的前缀、主体和后缀重新拼接",
            KeysetId::OneByte => "抽样的 URL，各改一个字节为另一个 URL 字符",
            KeysetId::OneBit => "抽样的 URL，各翻转一个比特",
            KeysetId::Text => "http://www.example.com/ + 3 个 URL 字符 + .html",
            KeysetId::LongHead => "100 字节的键，只有开头 3 个字符不同",
            KeysetId::LongTail => "100 字节的键，只有末尾 3 个字符不同",
            KeysetId::Sparse8x3 => "8 字节的键，至多 3 个比特为 1",
            KeysetId::Sparse32x2 => "32 字节的键，至多 2 个比特为 1",
            KeysetId::TwoBytes => "3 字节的键，至多两个字节非零",
        }
    }
}

/// Distinct keys, back to back.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    bytes: Vec<u8>,
    ends: Vec<u32>,
    seen: HashSet<u128, Fold>,
    dedup: bool,
}

impl Keys {
    /// An empty set that drops repeated keys (by their 128-bit XXH3).
    pub fn distinct() -> Keys {
        Keys {
            dedup: true,
            ..Keys::default()
        }
    }

    /// An empty set whose keys are distinct by construction (nothing checked).
    pub fn unchecked() -> Keys {
        Keys::default()
    }

    /// Adds `key` unless the set already holds it; `true` if it was added.
    pub fn push(&mut self, key: &[u8]) -> bool {
        if self.dedup && !self.seen.insert(xxh3_128(key)) {
            return false;
        }
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len() as u32);
        true
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// `true` when there is no key.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Key `i`.
    pub fn get(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.bytes[start..self.ends[i] as usize]
    }

    /// Every key, in the order added.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// Drops the set that checked for repeats, once no key will be added.
    pub fn seal(&mut self) {
        self.seen = HashSet::default();
        self.bytes.shrink_to_fit();
        self.ends.shrink_to_fit();
    }
}

/// How many of each derived set to draw.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// The seed of every draw.
    pub seed: u64,
    /// Keys of [`KeysetId::Recombined`] drawn (repeats dropped).
    pub recombined: usize,
    /// URLs sampled for [`KeysetId::OneByte`] and [`KeysetId::OneBit`].
    pub variants: usize,
    /// Changes per sampled URL.
    pub changes: usize,
}

/// Builds keyset `id` from the distinct URLs `urls`.
pub fn build(id: KeysetId, urls: &Keys, sizes: &Sizes) -> Keys {
    let mut out = match id {
        KeysetId::Urls => urls.clone(),
        KeysetId::Hosts | KeysetId::Paths => {
            let mut k = Keys::distinct();
            for u in urls.iter() {
                if let Ok(p) = key::split(u) {
                    k.push(if id == KeysetId::Hosts {
                        p.host.as_bytes()
                    } else {
                        p.path.as_bytes()
                    });
                }
            }
            k
        }
        KeysetId::Recombined => recombined(urls, sizes),
        KeysetId::OneByte | KeysetId::OneBit => variants(id, urls, sizes),
        KeysetId::Text => {
            let mut k = Keys::unchecked();
            let mut key = Vec::new();
            for_each_word(3, |w| {
                key.clear();
                key.extend_from_slice(TEXT_PREFIX.as_bytes());
                key.extend_from_slice(w);
                key.extend_from_slice(TEXT_SUFFIX.as_bytes());
                k.push(&key);
            });
            k
        }
        KeysetId::LongHead | KeysetId::LongTail => {
            let mut rng = SplitMix::new(sizes.seed, 0x10_96);
            let body: Vec<u8> = (0..LONG_BYTES - 3).map(|_| *rng.pick(ALPHABET)).collect();
            let mut k = Keys::unchecked();
            let mut key = Vec::with_capacity(LONG_BYTES);
            for_each_word(3, |w| {
                key.clear();
                if id == KeysetId::LongHead {
                    key.extend_from_slice(w);
                    key.extend_from_slice(&body);
                } else {
                    key.extend_from_slice(&body);
                    key.extend_from_slice(w);
                }
                k.push(&key);
            });
            k
        }
        KeysetId::Sparse8x3 => sparse(8, 3),
        KeysetId::Sparse32x2 => sparse(32, 2),
        KeysetId::TwoBytes => two_bytes(3),
    };
    out.seal();
    out
}

/// Calls `each` with every word of `len` characters of [`ALPHABET`], in lexicographic order.
fn for_each_word(len: usize, mut each: impl FnMut(&[u8])) {
    let n = ALPHABET.len();
    let total = n.pow(len as u32);
    let mut w = vec![0u8; len];
    for mut i in 0..total {
        for c in w.iter_mut().rev() {
            *c = ALPHABET[i % n];
            i /= n;
        }
        each(&w);
    }
}

/// Keys of `bytes` bytes with at most `bits` bits set (the zero key included), by number of
/// bits set, then positions in lexicographic order.
pub fn sparse(bytes: usize, bits: usize) -> Keys {
    let width = bytes * 8;
    let mut k = Keys::unchecked();
    let mut key = vec![0u8; bytes];
    fn rec(key: &mut [u8], from: usize, left: usize, width: usize, k: &mut Keys) {
        if left == 0 {
            k.push(key);
            return;
        }
        for b in from..width {
            key[b / 8] ^= 1 << (b % 8);
            rec(key, b + 1, left - 1, width, k);
            key[b / 8] ^= 1 << (b % 8);
        }
    }
    for set in 0..=bits {
        rec(&mut key, 0, set, width, &mut k);
    }
    k
}

/// Keys of `len` bytes with at most two non-zero bytes, every non-zero value (the zero key
/// included).
pub fn two_bytes(len: usize) -> Keys {
    let mut k = Keys::unchecked();
    let mut key = vec![0u8; len];
    k.push(&key);
    for i in 0..len {
        for a in 1..=255u8 {
            key[i] = a;
            k.push(&key);
        }
        key[i] = 0;
    }
    for i in 0..len {
        for j in i + 1..len {
            for a in 1..=255u8 {
                for b in 1..=255u8 {
                    key[i] = a;
                    key[j] = b;
                    k.push(&key);
                }
            }
            key[i] = 0;
            key[j] = 0;
        }
    }
    k
}

/// A URL line cut in three: `scheme://host` (up to the first `/` after `://`, or the line up
/// to its first `/`), the rest up to its extension or query (the core), and that extension and
/// query (the suffix, from the last `.` of the last segment or the `?`, whichever comes first).
pub fn cut(url: &[u8]) -> (&[u8], &[u8], &[u8]) {
    let after = find(url, b"://").map_or(0, |i| i + 3);
    let slash = url[after..]
        .iter()
        .position(|&b| b == b'/')
        .map_or(url.len(), |i| after + i);
    let (prefix, rest) = url.split_at(slash);
    let query = rest.iter().position(|&b| b == b'?').unwrap_or(rest.len());
    let segment = rest[..query]
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |i| i + 1);
    let ext = rest[segment..query]
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(query, |i| segment + i);
    let (core, suffix) = rest.split_at(ext);
    (prefix, core, suffix)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// [`KeysetId::Recombined`]: the distinct prefixes (at most 1 024), cores (4 096) and suffixes
/// (256) of the URLs, in the order first seen, and `sizes.recombined` draws of one of each.
fn recombined(urls: &Keys, sizes: &Sizes) -> Keys {
    let (mut prefixes, mut cores, mut suffixes) =
        (Keys::distinct(), Keys::distinct(), Keys::distinct());
    for u in urls.iter() {
        let (p, c, s) = cut(u);
        if prefixes.len() < 1024 {
            prefixes.push(p);
        }
        if cores.len() < 4096 {
            cores.push(c);
        }
        if suffixes.len() < 256 {
            suffixes.push(s);
        }
    }
    let mut k = Keys::distinct();
    if prefixes.is_empty() {
        return k;
    }
    let mut rng = SplitMix::new(sizes.seed, 0x3e_c0);
    let mut key = Vec::new();
    for _ in 0..sizes.recombined {
        key.clear();
        key.extend_from_slice(prefixes.get(rng.below(prefixes.len() as u64) as usize));
        key.extend_from_slice(cores.get(rng.below(cores.len() as u64) as usize));
        key.extend_from_slice(suffixes.get(rng.below(suffixes.len() as u64) as usize));
        k.push(&key);
    }
    k
}

/// The indices of `want` of `n` items, spread evenly (all of them when `want >= n`).
pub fn spread(n: usize, want: usize) -> impl Iterator<Item = usize> {
    let take = want.min(n);
    (0..take).map(move |i| (i as u128 * n as u128 / take as u128) as usize)
}

/// [`KeysetId::OneByte`] and [`KeysetId::OneBit`]: `sizes.variants` URLs spread over the list,
/// each with itself and `sizes.changes` changed copies at positions drawn by the seeded
/// generator (a byte becomes another [`ALPHABET`] character; a bit flips).
fn variants(id: KeysetId, urls: &Keys, sizes: &Sizes) -> Keys {
    let mut rng = SplitMix::new(sizes.seed, if id == KeysetId::OneByte { 1 } else { 2 });
    let mut k = Keys::distinct();
    let mut key = Vec::new();
    for i in spread(urls.len(), sizes.variants) {
        let base = urls.get(i);
        if base.is_empty() {
            continue;
        }
        k.push(base);
        for _ in 0..sizes.changes {
            key.clear();
            key.extend_from_slice(base);
            if id == KeysetId::OneByte {
                let at = rng.below(key.len() as u64) as usize;
                let mut c = *rng.pick(ALPHABET);
                while c == key[at] {
                    c = *rng.pick(ALPHABET);
                }
                key[at] = c;
            } else {
                let bit = rng.below(key.len() as u64 * 8) as usize;
                key[bit / 8] ^= 1 << (bit % 8);
            }
            k.push(&key);
        }
    }
    k
}

/// The keys an avalanche is measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AvalancheSetId {
    /// Loaded URLs of at least the measured bytes, spread over the list.
    Urls,
    /// Random keys of the measured bytes, each byte 1 to 255 (no NUL, which ends a C string).
    Random,
}

impl AvalancheSetId {
    /// Both, in report order.
    pub const ALL: [AvalancheSetId; 2] = [AvalancheSetId::Urls, AvalancheSetId::Random];

    /// The id reports name it by.
    pub fn id(self) -> &'static str {
        match self {
            AvalancheSetId::Urls => "avalanche-urls",
            AvalancheSetId::Random => "avalanche-random",
        }
    }
}

/// The keys of avalanche set `id`: `samples` keys of at least `bytes` bytes.
pub fn avalanche_keys(
    id: AvalancheSetId,
    urls: &Keys,
    samples: usize,
    bytes: usize,
    seed: u64,
) -> Keys {
    let mut k = Keys::unchecked();
    match id {
        AvalancheSetId::Urls => {
            let long: Vec<usize> = (0..urls.len())
                .filter(|&i| urls.get(i).len() >= bytes)
                .collect();
            for i in spread(long.len(), samples) {
                k.push(urls.get(long[i]));
            }
        }
        AvalancheSetId::Random => {
            let mut rng = SplitMix::new(seed, 0xa7a1);
            let mut key = vec![0u8; bytes];
            for _ in 0..samples {
                for b in key.iter_mut() {
                    *b = 1 + rng.below(255) as u8;
                }
                k.push(&key);
            }
        }
    }
    k.seal();
    k
}
