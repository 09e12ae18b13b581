//! Memory: the bytes of a Bloom filter against the URL sets it replaces (P4's claim), with the hash
//! tables' real footprints.

use super::filter::m_for;
use crate::foundation::printed::P4_MEMORY_FRACTION;
use serde::Serialize;

/// Buckets of a hashbrown table (Rust's `HashMap`/`HashSet`) holding `n` items after growing
/// by insertion: 4 or 8 for small tables, else the power of two at or above `⌊8n/7⌋`.
pub fn hashbrown_buckets(n: u64) -> u64 {
    match n {
        0 => 0,
        1..=3 => 4,
        4..=7 => 8,
        _ => (n * 8 / 7).next_power_of_two(),
    }
}

/// The bytes of a hashbrown table of `buckets` buckets of `entry` bytes each: the entries,
/// one control byte per bucket and 16 trailing control bytes (0 for an unallocated table).
pub fn hashbrown_bytes(buckets: u64, entry: u64) -> u64 {
    if buckets == 0 {
        0
    } else {
        buckets * (entry + 1) + 16
    }
}

/// The heap block of a `len`-byte string with glibc malloc on x86-64: `max(32, ⌈(len + 8)/16⌉ ·
/// 16)` bytes (0 for an empty string, which does not allocate).
pub fn malloc_block(len: u64) -> u64 {
    if len == 0 {
        0
    } else {
        (len + 8).div_ceil(16).max(2) * 16
    }
}

/// The size of a `String` (pointer, capacity, length) on a 64-bit target.
pub const STRING_BYTES: u64 = 24;

/// A Bloom filter's memory beside two hash sets of the same URLs (see the module doc).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MemoryComparison {
    /// Distinct URLs counted.
    pub n: u64,
    /// Bits of the filter per URL.
    pub m_over_n: f64,
    /// Bits of the filter: `round(m_over_n · n)`, at least 1.
    pub m: u64,
    /// Bytes of the filter's bit array (whole 64-bit words).
    pub bloom_bytes: u64,
    /// Buckets of either hash set.
    pub set_buckets: u64,
    /// `HashSet<String>`: table plus the strings' heap blocks.
    pub string_set_bytes: u64,
    /// Of which the strings' heap blocks.
    pub string_heap_bytes: u64,
    /// `HashSet<u128>` of the MD5 fingerprints.
    pub md5_set_bytes: u64,
    /// `bloom_bytes / n` (0 for no URLs).
    pub bloom_bytes_per_url: f64,
    /// `string_set_bytes / n` (0 for no URLs).
    pub string_set_bytes_per_url: f64,
    /// `md5_set_bytes / n` (0 for no URLs).
    pub md5_set_bytes_per_url: f64,
    /// `bloom_bytes / string_set_bytes`.
    pub bloom_vs_string_set: f64,
    /// `bloom_bytes / md5_set_bytes`.
    pub bloom_vs_md5_set: f64,
    /// The low end of P4's claim that a Bloom filter needs 1/8 to 1/4 of the hash table's
    /// memory ([`P4_MEMORY_FRACTION`]): 1/8.
    pub p4_low: f64,
    /// The high end of P4's claim (1/4).
    pub p4_high: f64,
}

/// The memory of a Bloom filter at `m_over_n` bits per URL beside a `HashSet<String>` and a
/// `HashSet<u128>` of MD5s of the same URLs, given the URLs' byte lengths (distinct URLs).
///
/// ```
/// use urlhashlab::mechanisms::bloom::memory_comparison;
/// let c = memory_comparison([40usize; 1000], 16.0).unwrap();
/// assert_eq!(c.bloom_bytes, 2000); // 16 000 bits
/// assert_eq!(c.set_buckets, 2048);
/// assert_eq!(c.md5_set_bytes, 2048 * 17 + 16);
/// assert_eq!(c.string_heap_bytes, 1000 * 48); // 40 + 8 rounded up to 48
/// ```
pub fn memory_comparison<I>(lengths: I, m_over_n: f64) -> Result<MemoryComparison, String>
where
    I: IntoIterator<Item = usize>,
{
    let (mut n, mut heap) = (0u64, 0u64);
    for len in lengths {
        n += 1;
        heap += malloc_block(len as u64);
    }
    let m = m_for(n, m_over_n)?;
    let bloom_bytes = m.div_ceil(64) * 8;
    let buckets = hashbrown_buckets(n);
    let string_set_bytes = hashbrown_bytes(buckets, STRING_BYTES) + heap;
    let md5_set_bytes = hashbrown_bytes(buckets, 16);
    let per = |b: u64| if n == 0 { 0.0 } else { b as f64 / n as f64 };
    let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    Ok(MemoryComparison {
        n,
        m_over_n,
        m,
        bloom_bytes,
        set_buckets: buckets,
        string_set_bytes,
        string_heap_bytes: heap,
        md5_set_bytes,
        bloom_bytes_per_url: per(bloom_bytes),
        string_set_bytes_per_url: per(string_set_bytes),
        md5_set_bytes_per_url: per(md5_set_bytes),
        bloom_vs_string_set: ratio(bloom_bytes, string_set_bytes),
        bloom_vs_md5_set: ratio(bloom_bytes, md5_set_bytes),
        p4_low: P4_MEMORY_FRACTION.0,
        p4_high: P4_MEMORY_FRACTION.1,
    })
}
