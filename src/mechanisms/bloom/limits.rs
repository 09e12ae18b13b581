//! The limits of a filter's shape: the positions per key and the bits (counters) it may have.

/// The largest number of positions per key.
pub const MAX_K: u32 = 64;

/// The largest number of bits (counters) a filter may have: 2^40.
pub const MAX_M: u64 = 1 << 40;
