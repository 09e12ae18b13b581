//! The papers' printed numbers that the mechanisms take as their defaults, each as the paper
//! prints it: P1's figure grids (李晓明 & 凤旺森, J. Software 2004), P3's fingerprint claims and
//! digests (杨海东 et al. 2006), P4's memory claim (吴小惠 2009), P5's counter width and overflow
//! bound (吴家奇 et al. 2018). A leaf: it imports nothing of the crate, so the mechanisms
//! ([`crate::mechanisms`]) default to these and the papers ([`crate::papers`]) print them,
//! both from here. The rest of each paper's numbers stay in its module of [`crate::papers`].

use serde::Serialize;

// ---------------------------------------------------------------------------------------------
// P1: 李晓明 & 凤旺森, 两种对 URL 的散列效果很好的函数 (J. Software 2004), §4

/// P1, Fig. 1's slot counts (A).
pub const FIG1_SLOTS: [u32; 4] = [200_000, 800_000, 1_000_000, 2_000_000];
/// P1, Fig. 2's machine counts (B).
pub const FIG2_SLOTS: [u32; 4] = [8, 10, 12, 40];
/// P1, Fig. 3's machine counts (B of hf).
pub const FIG3_SLOTS: [u32; 5] = [11, 12, 14, 16, 18];
/// P1, Fig. 3's sample size.
pub const FIG3_SAMPLE: u64 = 400_000;

// ---------------------------------------------------------------------------------------------
// P3: 杨海东, 叶小岭, 张颖超 (微计算机信息 22(9-3), 2006)

/// P3, Sect. 2: the fingerprint width P3 chose.
pub const P3_FINGERPRINT_BITS: u32 = 128;
/// P3's claim: two inputs share a 128-bit digest with probability 10^-24.
pub const P3_CLAIM_PAIR_PROBABILITY: f64 = 1e-24;
/// P3's comparison: two human fingerprints coincide with probability 10^-19.
pub const P3_HUMAN_FINGERPRINT_PROBABILITY: f64 = 1e-19;
/// P3: "about 13 billion web pages" (130 亿).
pub const P3_WEB_PAGES: u64 = 13_000_000_000;
/// P3: "about 60 billion hyperlinks" (600 亿).
pub const P3_WEB_LINKS: u64 = 60_000_000_000;
/// P3, Sect. 3.1: printed for `"http://" + IP + path` (IP_ID); it is MD5 of the empty string.
pub const P3_DIGEST_IP_ID: &str = "D41D8CD98F00B204E9800998ECF8427E";
/// P3, Sect. 3.2: printed for `"http://" + name + path` (Name_ID).
pub const P3_DIGEST_NAME_ID: &str = "00F4CC7599310F795FB4B19B6A13CCA9";

/// P3's printed claims, as the fingerprint view and the P3 study show them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct P3Printed {
    /// The fingerprint width P3 chose, 128 bits (Sect. 2).
    pub fingerprint_bits: u32,
    /// P3's claim that two inputs share a 128-bit digest with probability 10^-24.
    pub pair_probability: f64,
    /// P3's comparison, two human fingerprints coinciding with probability 10^-19.
    pub human_fingerprint_probability: f64,
    /// P3's size of the web, 13 billion pages (130 亿).
    pub web_pages: u64,
    /// P3's count of hyperlinks, 60 billion (600 亿).
    pub web_links: u64,
    /// IP_ID's digest as printed in Sect. 3.1 (MD5 of the empty string).
    pub digest_ip_id: &'static str,
    /// Name_ID's digest as printed in Sect. 3.2.
    pub digest_name_id: &'static str,
}

impl P3Printed {
    /// P3's printed numbers, from the constants above.
    pub fn new() -> P3Printed {
        P3Printed {
            fingerprint_bits: P3_FINGERPRINT_BITS,
            pair_probability: P3_CLAIM_PAIR_PROBABILITY,
            human_fingerprint_probability: P3_HUMAN_FINGERPRINT_PROBABILITY,
            web_pages: P3_WEB_PAGES,
            web_links: P3_WEB_LINKS,
            digest_ip_id: P3_DIGEST_IP_ID,
            digest_name_id: P3_DIGEST_NAME_ID,
        }
    }
}

impl Default for P3Printed {
    fn default() -> Self {
        P3Printed::new()
    }
}

// ---------------------------------------------------------------------------------------------
// P4: 吴小惠 (2009), the generalized-list trie

/// P4's claim: a Bloom filter needs 1/8 to 1/4 of the hash table's memory.
pub const P4_MEMORY_FRACTION: (f64, f64) = (0.125, 0.25);

// ---------------------------------------------------------------------------------------------
// P5: 吴家奇 et al. (2018), counting Bloom filters

/// P5's printed overflow bound "P(max c(i) >= 16) <= 1.37 × 10^15 × m" (a misprint: the
/// exponent's sign lost).
pub const P5_PRINTED_J16_FACTOR: f64 = 1.37e15;
/// P5's counting filter: 4-bit counters (with k = 8 and m/N = 20, in [`crate::papers::p5`]).
pub const P5_COUNTER_BITS: u32 = 4;
