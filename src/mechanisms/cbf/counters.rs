//! Counters packed c bits each into 64-bit words: P5's 4-bit counters and wider ones.

use crate::foundation::printed::P5_COUNTER_BITS;
use crate::mechanisms::bloom::{check_shape, word_count, IndexMethod};

/// The default counter width, P5's 4 bits.
pub const DEFAULT_BITS: u32 = P5_COUNTER_BITS;

/// m counters of `bits` bits (1 to 32) packed into 64-bit words; a counter may straddle two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counters {
    words: Vec<u64>,
    pub(super) m: u64,
    pub(super) bits: u32,
    pub(super) max: u32,
}

impl Counters {
    /// m zero counters of `bits` bits each.
    pub fn new(m: u64, bits: u32) -> Result<Counters, String> {
        if !(1..=32).contains(&bits) {
            return Err(format!("counters must have 1 to 32 bits (got {bits})"));
        }
        check_shape(m, 1)?;
        Ok(Counters {
            words: vec![0; word_count(m * bits as u64)?],
            m,
            bits,
            max: ((1u64 << bits) - 1) as u32,
        })
    }

    #[inline]
    fn mask(&self) -> u64 {
        self.max as u64
    }

    /// Counter `i` (below m).
    #[inline]
    pub fn get(&self, i: u64) -> u32 {
        let p = i * self.bits as u64;
        let (w, o) = ((p >> 6) as usize, (p & 63) as u32);
        let mut v = self.words[w] >> o;
        if o + self.bits > 64 {
            v |= self.words[w + 1] << (64 - o);
        }
        (v & self.mask()) as u32
    }

    /// Sets counter `i` to `v` (at most [`Counters::max`]).
    #[inline]
    pub fn set(&mut self, i: u64, v: u32) {
        debug_assert!(v <= self.max);
        let mask = self.mask();
        let v = v as u64 & mask;
        let p = i * self.bits as u64;
        let (w, o) = ((p >> 6) as usize, (p & 63) as u32);
        self.words[w] = (self.words[w] & !(mask << o)) | (v << o);
        if o + self.bits > 64 {
            let s = 64 - o;
            self.words[w + 1] = (self.words[w + 1] & !(mask >> s)) | (v >> s);
        }
    }

    /// The number of counters.
    pub fn m(&self) -> u64 {
        self.m
    }
    /// Bits per counter (1 to 32).
    pub fn bits(&self) -> u32 {
        self.bits
    }
    /// The saturation value `2^bits − 1`.
    pub fn max(&self) -> u32 {
        self.max
    }

    /// How many counters hold 0, 1, 2, …: `max + 1` entries for counters of up to 16 bits;
    /// for wider counters, entries up to the largest value held, and the last of 65 536 entries
    /// counts every counter at 65 535 or above.
    pub fn histogram(&self) -> Vec<u64> {
        const CAP: usize = 1 << 16;
        let mut h = vec![
            0u64;
            if self.bits <= 16 {
                self.max as usize + 1
            } else {
                1
            }
        ];
        for i in 0..self.m {
            let c = (self.get(i) as usize).min(CAP - 1);
            if c >= h.len() {
                h.resize(c + 1, 0);
            }
            h[c] += 1;
        }
        h
    }

    /// The number of counters at `2^bits − 1`.
    pub fn saturated(&self) -> u64 {
        (0..self.m).filter(|&i| self.get(i) == self.max).count() as u64
    }

    /// The number of non-zero counters.
    pub fn nonzero(&self) -> u64 {
        (0..self.m).filter(|&i| self.get(i) != 0).count() as u64
    }

    /// The bytes of the packed array (whole 64-bit words).
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }
}

/// The k indices of a key into a stack buffer.
#[inline]
pub(super) fn fill_indices(
    method: IndexMethod,
    key: &[u8],
    k: u32,
    m: u64,
    buf: &mut [u64; 64],
) -> usize {
    let mut n = 0;
    method.for_each_index(key, k, m, |g| {
        buf[n] = g;
        n += 1;
        true
    });
    n
}
