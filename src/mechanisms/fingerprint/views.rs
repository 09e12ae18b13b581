//! What the fingerprint view shows before any input (P3, 杨海东 et al. 2006): two texts' MD5
//! digests bit by bit, P3's printed numbers with the birthday bound and its two printed digests
//! revealed, and the birthday curves: the chance of any collision among n fingerprints of each
//! width, `1 − exp(−n(n−1)/2^(b+1))`, for n from 2 to a chosen maximum.

use super::avalanche::{avalanche, Avalanche};
use super::birthday::{
    collision_probability, log10_collision_probability, n_for_collision_probability, BirthdayReport,
};
use super::digest::check_bits;
use super::reveal::{p3_reveals, Reveal};
use crate::foundation::coded::Coded;
use crate::foundation::lines::MAX_LINE_BYTES;
use crate::foundation::printed::{
    P3Printed, P3_CLAIM_PAIR_PROBABILITY, P3_HUMAN_FINGERPRINT_PROBABILITY,
};
use serde::Serialize;

/// The most points [`birthday_curves`] draws per width.
pub const BIRTHDAY_MAX_POINTS: u32 = 2_000;
/// The largest n [`birthday_curves`] goes to (10^18, below 2^64).
pub const BIRTHDAY_MAX_N: f64 = 1e18;
/// The most widths [`birthday_curves`] draws at once.
pub const BIRTHDAY_MAX_WIDTHS: usize = 16;

/// Two texts' MD5 digests bit by bit, with the bytes and MD5 blocks of each (see
/// [`avalanche_report`]).
#[derive(Serialize)]
pub struct AvalancheReport {
    /// The digests and where they differ.
    // Flattened natively; the page's WebAssembly gets the nested object and its adapter moves
    // its fields up (`wasm::to_js_flat`), which spares the flattening serialiser (7 KB).
    #[cfg_attr(not(target_arch = "wasm32"), serde(flatten))]
    pub avalanche: Avalanche,
    /// UTF-8 bytes hashed of text A.
    pub bytes_a: usize,
    /// UTF-8 bytes hashed of text B.
    pub bytes_b: usize,
    /// The 512-bit blocks MD5 processes for text A ([`crate::foundation::hash::md5_blocks`]): each
    /// block is 16 words of 32 bits, where P3 says "32 个子分组".
    pub blocks_a: u64,
    /// The same for text B.
    pub blocks_b: u64,
}

/// What the fingerprint view shows of P3 itself (see [`paper_report`]).
#[derive(Serialize)]
pub struct PaperReport {
    /// P3's printed numbers.
    pub printed: P3Printed,
    /// The birthday bound beside P3's 10^-24, for its pages and links at 128 and 64 bits.
    pub birthday: BirthdayReport,
    /// P3's two printed digests (IP_ID, Name_ID) checked against MD5 of every candidate.
    pub reveals: Vec<Reveal>,
}

/// One point of a birthday curve.
#[derive(Serialize)]
pub struct BirthdayPoint {
    /// Fingerprints drawn.
    pub n: u64,
    /// `1 − exp(−n(n−1)/2^(b+1))`.
    pub p: f64,
    /// `log10` of `p`, finite where `p` itself underflows.
    pub log10_p: f64,
}

/// The birthday curve of one fingerprint width.
#[derive(Serialize)]
pub struct BirthdayCurve {
    /// Width of the fingerprints in bits (1 to 128).
    pub bits: u32,
    /// n at which the chance of any collision reaches P3's 10^-24.
    pub n_at_claim: f64,
    /// n at which it reaches P3's human-fingerprint 10^-19.
    pub n_at_human_fingerprint: f64,
    /// n at which it reaches one half.
    pub n_at_half: f64,
    /// The chance at each n, ascending, from 2 to the largest n asked for.
    pub points: Vec<BirthdayPoint>,
}

/// The birthday curves of several widths beside P3's two printed chances (see
/// [`birthday_curves`]).
#[derive(Serialize)]
pub struct BirthdayCurves {
    /// P3's 10^-24.
    pub claim: f64,
    /// P3's human fingerprints, 10^-19.
    pub human_fingerprint: f64,
    /// One curve per width, in the order asked for.
    pub curves: Vec<BirthdayCurve>,
}

/// Both MD5 digests of two texts (their UTF-8 bytes, exactly as given), their 128 bits each and
/// where they differ; bit 0 is the most significant bit of the first hex digit.
pub fn avalanche_report(a: &str, b: &str) -> Result<AvalancheReport, Coded> {
    for (name, s) in [("A", a), ("B", b)] {
        if s.len() > MAX_LINE_BYTES {
            return Err(crate::coded!(
                "text-too-long",
                [name, s.len(), MAX_LINE_BYTES],
                "text {name} has {} bytes; the lab hashes lines of at most {MAX_LINE_BYTES} bytes",
                s.len()
            ));
        }
    }
    Ok(AvalancheReport {
        avalanche: avalanche(a.as_bytes(), b.as_bytes()),
        bytes_a: a.len(),
        bytes_b: b.len(),
        blocks_a: crate::foundation::hash::md5_blocks(a.len() as u64),
        blocks_b: crate::foundation::hash::md5_blocks(b.len() as u64),
    })
}

/// P3's printed numbers, the birthday bound beside its 10^-24 (P3's pages and links at 128 and
/// 64 bits), and its two printed digests checked against MD5 of every candidate (as in
/// `urlhash paper p3 --json`).
pub fn paper_report() -> PaperReport {
    PaperReport {
        printed: P3Printed::new(),
        birthday: BirthdayReport::new(),
        reveals: p3_reveals(),
    }
}

/// The chance of any collision among n random fingerprints of each width of `bits` (1 to 128),
/// at `points` values of n spread evenly on a log scale from 2 to `max_n`.
pub fn birthday_curves(bits: &[u32], max_n: f64, points: u32) -> Result<BirthdayCurves, Coded> {
    if bits.is_empty() || bits.len() > BIRTHDAY_MAX_WIDTHS {
        return Err(crate::coded!(
            "widths-count",
            [BIRTHDAY_MAX_WIDTHS, bits.len()],
            "give 1 to {BIRTHDAY_MAX_WIDTHS} fingerprint widths, not {}",
            bits.len()
        ));
    }
    if !(max_n.is_finite() && max_n.fract() == 0.0 && (3.0..=BIRTHDAY_MAX_N).contains(&max_n)) {
        return Err(crate::coded!(
            "birthday-n",
            [max_n],
            "the largest n must be a whole number from 3 to 10^18, not {max_n}"
        ));
    }
    if !(2..=BIRTHDAY_MAX_POINTS).contains(&points) {
        return Err(crate::coded!(
            "birthday-points",
            [BIRTHDAY_MAX_POINTS, points],
            "the curve takes 2 to {BIRTHDAY_MAX_POINTS} points, not {points}"
        ));
    }
    let (lo, hi) = (2f64.log10(), max_n.log10());
    let mut ns: Vec<u64> = (0..points)
        .map(|i| {
            let x = lo + (hi - lo) * i as f64 / (points - 1) as f64;
            (10f64.powf(x).round() as u64).clamp(2, max_n as u64)
        })
        .collect();
    ns.dedup();
    let curves = bits
        .iter()
        .map(|&b| {
            let b = check_bits(b).map_err(|e| crate::coded!("fp-bits", [b], "{e}"))?;
            Ok(BirthdayCurve {
                bits: b,
                n_at_claim: n_for_collision_probability(P3_CLAIM_PAIR_PROBABILITY, b),
                n_at_human_fingerprint: n_for_collision_probability(
                    P3_HUMAN_FINGERPRINT_PROBABILITY,
                    b,
                ),
                n_at_half: n_for_collision_probability(0.5, b),
                points: ns
                    .iter()
                    .map(|&n| BirthdayPoint {
                        n,
                        p: collision_probability(n, b),
                        log10_p: log10_collision_probability(n, b),
                    })
                    .collect(),
            })
        })
        .collect::<Result<Vec<_>, Coded>>()?;
    Ok(BirthdayCurves {
        claim: P3_CLAIM_PAIR_PROBABILITY,
        human_fingerprint: P3_HUMAN_FINGERPRINT_PROBABILITY,
        curves,
    })
}
