//! The keys the dedup experiments insert and hold out, kept back to back, and the distinct
//! lines of a list.
//!
//! P4 (吴小惠 2009) times lookups in a trie of the URLs a crawler has seen, and P5 (吴家奇 et
//! al. 2018) measures a counting Bloom filter's false positives: both need URLs that are in the
//! structure and URLs that are not. The lab's split is the same in the CLI and the page: the
//! built-in corpus gives URLs `0..N` to insert and `N..2N` to hold out (the corpus never
//! repeats a URL); any other list gives its **distinct** lines in input order, the first half
//! (`⌈d/2⌉` of `d`) inserted and the rest held out. A held-out key is then never a key that was
//! inserted, so every "yes" a filter says of one is a false positive.
//!
//! [`Keys`] holds byte strings back to back (their bytes and one end offset each);
//! [`Distinct`] keeps a line unless an equal one is there already, exactly: the XXH3-64 of a line
//! leads to the kept lines with that hash, which are compared byte for byte, so two different
//! URLs are never taken for one, however many there are.
//!
//! ```
//! use urlhashlab::foundation::split::Distinct;
//! let mut d = Distinct::default();
//! for line in ["http://a.cn/", "http://b.cn/", "http://a.cn/"] {
//!     d.add(line.as_bytes());
//! }
//! let keys = d.into_keys();
//! assert_eq!(keys.len(), 2);
//! assert_eq!(keys.get(1), b"http://b.cn/");
//! ```

use crate::foundation::mix::Fold;
use std::collections::hash_map::{Entry, HashMap};

/// Byte strings back to back: their bytes and an end offset each.
#[derive(Default, Clone, Debug)]
pub struct Keys {
    bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl Keys {
    /// Appends `key` after the last key.
    pub fn push(&mut self, key: &[u8]) {
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len());
    }

    /// How many keys are held.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no key is held.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Key `i`.
    pub fn get(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    /// Keys `start..end`.
    pub fn iter(&self, start: usize, end: usize) -> impl Iterator<Item = &[u8]> + Clone {
        (start..end).map(move |i| self.get(i))
    }

    /// Keys `range` as slices.
    pub fn slices(&self, range: std::ops::Range<usize>) -> Vec<&[u8]> {
        self.iter(range.start, range.end).collect()
    }

    /// The bytes of all the keys.
    pub fn bytes_len(&self) -> usize {
        self.bytes.len()
    }

    /// The keys as one buffer, to hand to another instance ([`Keys::from_bytes`]): the count
    /// (`u32`, little-endian), each key's end offset (`u32` each), then the keys' bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + 4 * self.ends.len() + self.bytes.len());
        out.extend_from_slice(&(self.ends.len() as u32).to_le_bytes());
        for &end in &self.ends {
            out.extend_from_slice(&(end as u32).to_le_bytes());
        }
        out.extend_from_slice(&self.bytes);
        out
    }

    /// The keys [`Keys::to_bytes`] wrote; `None` when `buf` is not such a buffer (short, ends
    /// going back, or bytes left over or missing).
    pub fn from_bytes(buf: &[u8]) -> Option<Keys> {
        let word = |i: usize| -> Option<usize> {
            let b = buf.get(4 * i..4 * i + 4)?;
            Some(u32::from_le_bytes(b.try_into().ok()?) as usize)
        };
        let count = word(0)?;
        let head = count.checked_add(1)?.checked_mul(4)?;
        let bytes = buf.get(head..)?;
        let mut ends = Vec::with_capacity(count);
        for i in 1..=count {
            let end = word(i)?;
            if end < ends.last().copied().unwrap_or(0) {
                return None;
            }
            ends.push(end);
        }
        (ends.last().copied().unwrap_or(0) == bytes.len()).then(|| Keys {
            bytes: bytes.to_vec(),
            ends,
        })
    }

    /// Keeps the first `n` keys (and gives the rest's memory back).
    pub fn truncate(&mut self, n: usize) {
        if n < self.ends.len() {
            let end = if n == 0 { 0 } else { self.ends[n - 1] };
            self.ends.truncate(n);
            self.bytes.truncate(end);
            self.ends.shrink_to_fit();
            self.bytes.shrink_to_fit();
        }
    }
}

/// The distinct lines of a list, in the order they first came, exactly.
pub struct Distinct {
    keys: Keys,
    /// The first kept line with each hash.
    first: HashMap<u64, u32, Fold>,
    /// Further kept lines whose hash equals an earlier, different line's (rare).
    more: HashMap<u64, Vec<u32>, Fold>,
    hash: fn(&[u8]) -> u64,
}

impl Default for Distinct {
    fn default() -> Self {
        Distinct::with_hash(xxhash_rust::xxh3::xxh3_64)
    }
}

impl Distinct {
    /// The same with another hash of the lines (the tests use a poor one, to make lines collide).
    fn with_hash(hash: fn(&[u8]) -> u64) -> Distinct {
        Distinct {
            keys: Keys::default(),
            first: HashMap::default(),
            more: HashMap::default(),
            hash,
        }
    }

    /// Keeps `line` unless an equal line is kept already; `true` when it was new.
    pub fn add(&mut self, line: &[u8]) -> bool {
        let h = (self.hash)(line);
        let next = self.keys.len() as u32;
        match self.first.entry(h) {
            Entry::Vacant(e) => {
                e.insert(next);
            }
            Entry::Occupied(e) => {
                if self.keys.get(*e.get() as usize) == line {
                    return false;
                }
                let more = self.more.entry(h).or_default();
                if more.iter().any(|&i| self.keys.get(i as usize) == line) {
                    return false;
                }
                more.push(next);
            }
        }
        self.keys.push(line);
        true
    }

    /// How many distinct lines are kept.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no line is kept.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The kept lines (the index is dropped).
    pub fn into_keys(self) -> Keys {
        self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::mix::SplitMix;
    use std::collections::HashSet;

    #[test]
    fn distinct_keeps_each_line_once_in_first_order_even_when_hashes_collide() {
        // A list with many repeats, and a hash that only sees the length: lines of one length
        // all collide, so only the byte comparison tells them apart.
        let mut rng = SplitMix::new(9, 9);
        let lines: Vec<Vec<u8>> = (0..5_000)
            .map(|_| {
                let len = 1 + rng.below(6) as usize;
                (0..len).map(|_| b'a' + rng.below(3) as u8).collect()
            })
            .collect();
        for hash in [xxhash_rust::xxh3::xxh3_64, |l: &[u8]| l.len() as u64] {
            let mut d = Distinct::with_hash(hash);
            let mut seen = HashSet::new();
            let mut expected = Vec::new();
            for l in &lines {
                let new = seen.insert(l.clone());
                if new {
                    expected.push(l.clone());
                }
                assert_eq!(d.add(l), new);
            }
            assert_eq!(d.len(), expected.len());
            let keys = d.into_keys();
            assert_eq!(
                keys.slices(0..keys.len()),
                expected.iter().map(|e| &e[..]).collect::<Vec<_>>()
            );
            assert_eq!(
                keys.bytes_len(),
                expected.iter().map(Vec::len).sum::<usize>()
            );
        }
    }

    #[test]
    fn keys_truncate_and_read_back() {
        let mut k = Keys::default();
        for s in ["", "a", "bc", "", "def"] {
            k.push(s.as_bytes());
        }
        assert_eq!(k.len(), 5);
        assert_eq!(k.get(0), b"");
        assert_eq!(k.get(4), b"def");
        assert_eq!(k.iter(1, 3).collect::<Vec<_>>(), vec![&b"a"[..], b"bc"]);
        k.truncate(3);
        assert_eq!(k.len(), 3);
        assert_eq!(k.bytes_len(), 3);
        k.truncate(10);
        assert_eq!(k.len(), 3);
        k.truncate(0);
        assert!(k.is_empty() && k.bytes_len() == 0);
    }

    #[test]
    fn keys_go_through_bytes_unchanged_and_a_bad_buffer_is_refused() {
        let mut k = Keys::default();
        for s in [&b""[..], b"http://a.cn/", b"\xff\n\r", b"", b"xyz"] {
            k.push(s);
        }
        let buf = k.to_bytes();
        let back = Keys::from_bytes(&buf).expect("its own buffer");
        assert_eq!(back.len(), k.len());
        assert!(back.iter(0, 5).eq(k.iter(0, 5)));
        let empty = Keys::default().to_bytes();
        assert_eq!(empty, vec![0, 0, 0, 0]);
        assert!(Keys::from_bytes(&empty).is_some_and(|e| e.is_empty()));
        // Short, one byte too many or too few, and ends going back.
        assert!(Keys::from_bytes(&buf[..3]).is_none());
        assert!(Keys::from_bytes(&[&buf[..], b"!"].concat()).is_none());
        assert!(Keys::from_bytes(&buf[..buf.len() - 1]).is_none());
        let mut back_again = buf.clone();
        back_again[4 * 2..4 * 3].copy_from_slice(&0u32.to_le_bytes());
        back_again[4 * 3..4 * 4].copy_from_slice(&20u32.to_le_bytes());
        assert!(Keys::from_bytes(&back_again).is_none());
        assert!(Keys::from_bytes(&[255, 255, 255, 255]).is_none());
    }
}
