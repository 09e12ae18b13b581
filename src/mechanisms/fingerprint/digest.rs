//! P3's fingerprint of a URL (its MD5 digest as a `u128`), cut to its top bits and spelled
//! in hex; the errors of a bad width or spelling; and the hasher of the sets of digests.

use crate::foundation::hash::md5_u128;
use std::fmt;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// A bad fingerprint width or digest spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FingerprintError {
    /// A fingerprint has 1 to 128 bits.
    Bits(u32),
    /// Not 32 hexadecimal digits.
    Hex(String),
}

impl fmt::Display for FingerprintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FingerprintError::Bits(b) => {
                write!(f, "a fingerprint has 1 to 128 bits, not {b}")
            }
            FingerprintError::Hex(s) => write!(
                f,
                "`{s}` is not a 128-bit digest: 32 hexadecimal digits expected"
            ),
        }
    }
}

impl std::error::Error for FingerprintError {}

/// Checks a fingerprint width: 1 to 128 bits.
pub fn check_bits(bits: u32) -> Result<u32, FingerprintError> {
    if (1..=128).contains(&bits) {
        Ok(bits)
    } else {
        Err(FingerprintError::Bits(bits))
    }
}

// ---------------------------------------------------------------------------------------------
// Digests
// ---------------------------------------------------------------------------------------------

/// P3's fingerprint of a URL: its MD5 digest as a big-endian `u128`.
pub fn fingerprint(url: &[u8]) -> u128 {
    md5_u128(url)
}

/// The top `bits` bits of a digest (`bits` in 1..=128, see [`check_bits`]).
///
/// # Example
/// ```
/// use urlhashlab::mechanisms::fingerprint::truncate;
/// let d = 0xd41d8cd98f00b204e9800998ecf8427e_u128;
/// assert_eq!(truncate(d, 16), 0xd41d);
/// assert_eq!(truncate(d, 128), d);
/// ```
pub fn truncate(digest: u128, bits: u32) -> u128 {
    debug_assert!((1..=128).contains(&bits));
    if bits >= 128 {
        digest
    } else {
        digest >> (128 - bits)
    }
}

/// A digest as 32 lower-case hex digits.
pub fn hex(digest: u128) -> String {
    format!("{digest:032x}")
}

/// Reads a digest spelled as 32 hex digits (either case; surrounding spaces ignored).
pub fn parse_hex_digest(s: &str) -> Result<u128, FingerprintError> {
    let t = s.trim();
    if t.len() != 32 || !t.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(FingerprintError::Hex(s.to_string()));
    }
    u128::from_str_radix(t, 16).map_err(|_| FingerprintError::Hex(s.to_string()))
}

/// Sets of digests: the SplitMix64 finaliser of the folded digest, so truncated fingerprints,
/// whose bits are all at the bottom, spread over the table too.
pub(super) type DigestBuild = crate::foundation::mix::Mix;
