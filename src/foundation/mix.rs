//! The lab's own randomness and the hashing of its own tables, in one place.
//!
//! No paper defines these; they only have to be fast, portable and the same on every machine.
//! [`SplitMix`] is SplitMix64 (Steele, Lea & Flood 2014): `state += φ·2^64`, then the output
//! function `z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB;
//! z ^= z >> 31` ([`finalize`]). It draws the built-in corpus, Fig. 3's sample by index and the
//! quiz's questions; its bare step, [`splitmix64`], the inputs of the differential tests and the
//! fuzz targets' choices. Bounded draws use Lemire's multiply-shift, the high half of
//! `next() × n` ([`mul_high`]).
//!
//! The lab's hash tables (the partition's per-site counters, IMP-CB's store, the fingerprint
//! sets, the distinct lines of a split) hash their keys with one of two [`std::hash::Hasher`]s:
//! [`MixHasher`] runs integer keys through [`finalize`] (a truncated fingerprint or a small id
//! has its bits only at the bottom; the finaliser spreads them), and [`FoldHasher`] only folds
//! keys that are uniform hashes already (an XXH3 or MD5 value) to 64 bits. Byte strings go
//! through FNV-1a in both. P4's hash sets, timed against its trie, hash URL bytes with XXH3
//! ([`UrlHasher`]), as a fast real-world set would.
//!
//! ```
//! use urlhashlab::foundation::mix::SplitMix;
//! let mut a = SplitMix::new(2004, 1);
//! let mut b = SplitMix::new(2004, 1);
//! assert_eq!(a.next(), b.next());
//! assert!(a.below(12) < 12);
//! ```

use std::hash::{BuildHasherDefault, Hasher};

/// The SplitMix64 increment, 2^64 / φ.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection of 64-bit words that spreads every input bit.
#[inline]
pub fn finalize(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The high 64 bits of the 128-bit product `x × n`. For `n < 2^32` (every bound the corpus
/// draws below) it is put together from 64-bit products, the same bits: in WebAssembly a `u128`
/// product is a call to `__multi3`, which was a quarter of the corpus's time in the page.
#[inline]
pub fn mul_high(x: u64, n: u64) -> u64 {
    if n <= u32::MAX as u64 {
        // x·n = (xh·2^32 + xl)·n; the bits of xl·n below 2^32 never carry into bit 64.
        ((x >> 32) * n + (((x & 0xFFFF_FFFF) * n) >> 32)) >> 32
    } else {
        ((x as u128 * n as u128) >> 64) as u64
    }
}

/// One step of SplitMix64 on a bare state: adds the increment to `state` and returns the
/// output function ([`finalize`]) of the new state. [`SplitMix::next`] is this step; a state
/// seeded with `s` and stepped here gives the reference stream of Steele, Lea & Flood (Java's
/// `SplittableRandom`, Vigna's `splitmix64.c`) seeded with `s`, which the differential tests
/// and the fuzz targets draw their inputs from.
///
/// ```
/// let mut state = 0;
/// assert_eq!(urlhashlab::foundation::mix::splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
/// assert_eq!(state, 0x9E37_79B9_7F4A_7C15);
/// ```
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GAMMA);
    finalize(*state)
}

/// SplitMix64: a tiny, fast, portable generator (Steele, Lea & Flood 2014).
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator for the stream `b` of seed `a`.
    pub fn new(a: u64, b: u64) -> SplitMix {
        let mut s = SplitMix(a ^ b.wrapping_mul(GAMMA).rotate_left(17));
        s.next();
        s
    }
    /// The next number of the stream, uniform over all 64-bit values.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }
    /// Uniform in [0, n): the high 64 bits of `next() × n` (Lemire's multiply-shift).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        mul_high(self.next(), n)
    }
    /// Uniform in [0, 1).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
    /// True with probability `p_permille / 1000`.
    #[inline]
    pub fn chance(&mut self, p_permille: u64) -> bool {
        self.below(1000) < p_permille
    }
    /// One of `items`, uniformly.
    #[inline]
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// FNV-1a's step over `bytes`, from `h`.
#[inline]
fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A hasher for integer keys: [`finalize`] of the key (a `u128` folded first; bytes through
/// FNV-1a).
#[derive(Default, Clone, Copy)]
pub struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv1a(self.0, bytes);
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = finalize((self.0 ^ x).wrapping_add(GAMMA));
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64 ^ (x >> 64) as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hasher for keys that are uniform hashes already: a `u64` as it is, a `u128` folded to 64
/// bits (bytes through FNV-1a).
#[derive(Default, Clone, Copy)]
pub struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv1a(self.0, bytes);
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.0 = x as u64 ^ (x >> 64) as u64;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Tables keyed by integers ([`MixHasher`]).
pub type Mix = BuildHasherDefault<MixHasher>;
/// Tables keyed by hashes ([`FoldHasher`]).
pub type Fold = BuildHasherDefault<FoldHasher>;

/// The hasher of P4's hash sets (the trie view's URL and MD5 sets): XXH3 of the key's bytes (deterministic, the same natively and
/// on wasm32); a `u128` fingerprint is already uniform and is folded to 64 bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct UrlHasher(u64);

impl Hasher for UrlHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, self.0);
    }
    fn write_usize(&mut self, n: usize) {
        self.0 ^= n as u64;
    }
    fn write_u128(&mut self, x: u128) {
        self.0 ^= x as u64 ^ (x >> 64) as u64;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn mul_high_is_the_high_half_of_the_128_bit_product() {
        let wide = |x: u64, n: u64| ((x as u128 * n as u128) >> 64) as u64;
        let mut rng = SplitMix::new(1, 2);
        let edges = [0, 1, 2, 3, 1000, u32::MAX as u64 - 1, u32::MAX as u64];
        for &n in &edges {
            for &x in &[
                0,
                1,
                u64::MAX,
                u64::MAX - 1,
                1 << 63,
                (1 << 32) - 1,
                1 << 32,
            ] {
                assert_eq!(mul_high(x, n), wide(x, n), "x = {x}, n = {n}");
            }
        }
        for _ in 0..20_000 {
            let x = rng.next();
            let n = rng.next() >> (rng.next() % 64);
            assert_eq!(mul_high(x, n), wide(x, n), "x = {x}, n = {n}");
        }
    }

    #[test]
    fn splitmix_matches_the_published_reference_stream() {
        // SplitMix64 seeded with 0 gives 0xE220A8397B1DCDAF first (Steele, Lea & Flood's
        // reference, as in Java's SplittableRandom and Vigna's C code).
        let mut s = SplitMix(0);
        assert_eq!(s.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(s.next(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn the_bare_step_is_the_generators_step() {
        // The step written out, as the differential tests and fuzz targets had it.
        let written_out = |x: &mut u64| {
            *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = *x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for seed in [0, 16, 2004, 0x5EED_0001, u64::MAX] {
            let (mut state, mut reference, mut generator) = (seed, seed, SplitMix(seed));
            for _ in 0..1000 {
                let x = splitmix64(&mut state);
                assert_eq!(x, written_out(&mut reference), "seed {seed}");
                assert_eq!(x, generator.next(), "seed {seed}");
            }
            assert_eq!(state, reference);
        }
    }

    #[test]
    fn bounded_draws_stay_in_range_and_cover_it() {
        let mut rng = SplitMix::new(7, 0);
        let mut seen = [0u32; 12];
        for _ in 0..12_000 {
            seen[rng.below(12) as usize] += 1;
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(*rng.pick(&[5]), 5);
        assert!(!rng.chance(0) && rng.chance(1000));
    }

    #[test]
    fn the_mix_hasher_spreads_small_keys_and_the_fold_hasher_keeps_hashes() {
        let mix = Mix::default();
        let fold = Fold::default();
        // Keys 0..256 differ in their low byte only; mixed, their top 7 bits (hashbrown's
        // control bytes) take most of the 128 values.
        let tops: std::collections::HashSet<u64> =
            (0u64..256).map(|k| mix.hash_one(k) >> 57).collect();
        assert!(tops.len() > 100, "{}", tops.len());
        assert_eq!(fold.hash_one(0xDEAD_BEEFu64), 0xDEAD_BEEF);
        assert_eq!(fold.hash_one((3u128 << 64) | 5), 6);
        assert_eq!(mix.hash_one(9u32), mix.hash_one(9u64));
    }
}
