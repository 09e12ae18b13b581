//! Helpers shared by the fuzz targets: independent reference implementations written from the
//! module docs (not from the code under test), and a small deterministic generator for the
//! choices a target derives from its input (chunk boundaries, extra slot counts).

/// Java's `charAt` units for `bytes` read as UTF-8, as `urlhashlab::foundation::hash` documents it: the
/// standard "maximal subpart" replacement (one U+FFFD per maximal invalid subsequence, what
/// `String::from_utf8_lossy` does), except that a UTF-8-encoded surrogate (`ED A0..BF` and one
/// continuation byte after it, if there is one) is a single U+FFFD, as Java's decoder makes it.
///
/// One path for every input, where the library has three (ASCII, valid UTF-8, lossy).
pub fn java_units(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0xED && matches!(bytes.get(i + 1), Some(0xA0..=0xBF)) {
            out.extend(String::from_utf8_lossy(&bytes[start..i]).encode_utf16());
            out.push(0xFFFD);
            i += 2;
            if matches!(bytes.get(i), Some(0x80..=0xBF)) {
                i += 1;
            }
            start = i;
        } else {
            i += 1;
        }
    }
    out.extend(String::from_utf8_lossy(&bytes[start..]).encode_utf16());
    out
}

/// The bytes a C function sees: everything before the first NUL.
pub fn c_string(bytes: &[u8]) -> &[u8] {
    match bytes.iter().position(|&b| b == 0) {
        Some(n) => &bytes[..n],
        None => bytes,
    }
}

/// FNV-1a 64 written out (also the reference for the registry's `fnv1a64`).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// SplitMix64: the targets' deterministic choices, seeded from the input (the state itself is
/// the seed; the step is the library's, [`urlhashlab::foundation::mix::splitmix64`]).
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        urlhashlab::foundation::mix::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n >= 1`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_units_follow_the_documented_rule() {
        assert_eq!(java_units(b"ab"), vec![97, 98]);
        assert_eq!(java_units("中".as_bytes()), vec![0x4E2D]);
        assert_eq!(java_units(&[0xFF]), vec![0xFFFD]);
        assert_eq!(java_units(&[0xED, 0xA0, 0x80]), vec![0xFFFD]);
        assert_eq!(java_units(&[0xED, 0xA0, b'A']), vec![0xFFFD, 65]);
        assert_eq!(java_units(&[0xF0, 0x9F, 0x98, 0x80]), vec![0xD83D, 0xDE00]);
    }
}
