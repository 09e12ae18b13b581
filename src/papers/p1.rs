//! P1 reproduced: its one table beside our measurement, its misprint, and the causes of the
//! anomalies it reports, each backed by evidence measured on the same input.
//!
//! P1 = 李晓明, 凤旺森, 两种对 URL 的散列效果很好的函数, J. Software 15(2), 2004. Its table
//! (M = 200 000) prints A(opt) and HfIp's A at seven N. The lab explains:
//!
//! * **The A(opt) misprint.** `A_opt = (N/M + 1)/2` gives 3.00 at N = 1 000 000; P1 prints 2.75.
//!   The formula also lets loads be fractions: at N/M = 2.5 (its first column) whole-number
//!   loads cannot do better than 1.80, not the printed 1.75 ([`TableColumn::a_opt_whole`]).
//! * **hf and multiples of 3.** `_hf` returns `|3 Σ c·i| mod M`: a multiple of 3 for every URL
//!   short enough not to wrap 32 bits. When 3 divides M only M/3 slots can be hit, so B ≈ 3
//!   at M = 12 (and 18): the cause P1 calls unknown (原因不清楚).
//! * **hf's bounded range.** `Σ c·i <= 127 L (L+1)/2` for a URL of length L, so for large M most
//!   slots are unreachable and A degrades as M grows.
//! * **HfIp's zero bits.** HfIp XORs bytes into the four bytes of `n`; ASCII bytes have bit 7
//!   clear, so bits 7, 15, 23 and 31 of `n` stay 0 for ASCII URLs and, for M a power of two of
//!   at least 256, half of the slots are (almost) never used.
//! * **Fig. 2's captions.** They print M = 80000, 100000, 120000, 400000 where the text says 8,
//!   10, 12 and 40 machines. At the captions' M even a random function has B ≈ 1.3 to 1.6 at
//!   P1's 20 million URLs (the expected largest of M Poisson loads over their mean), far above
//!   the B < 1.1 Fig. 2 plots for HfIp; at 8 … 40 machines it is about 1.001
//!   ([`Fig2Caption`]). The captions are the misprint.
//! * **ELFhash's clumps.** `h = (h << 4) + c` and the fold only touches bits 4..7, so the low
//!   4 bits of ELFhash are the low 4 bits of the URL's last byte: for M = 8 the slot is the last
//!   character mod 8, and B follows the mix of URL endings (`/`, `l` of `.html`, `m`, `p`, digits).
//!
//! [`P1Study`] runs Fig. 1 and Fig. 2 in one pass (see [`crate::mechanisms::sweep`]) and gathers that
//! evidence on the way; [`P1Study::finish`] returns a [`P1Report`].

use crate::foundation::hash::{self, HashId};
use crate::foundation::printed::{FIG1_SLOTS, FIG2_SLOTS};
use crate::mechanisms::sweep::{Figure, Measure, Point, Series, SweepParts};
use serde::Serialize;

/// M of P1's table.
pub const TABLE_M: u32 = 200_000;
/// N of P1's table.
pub const TABLE_N: [u64; 7] = [
    500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 20_000_000,
];
/// A(opt) as P1 prints it.
pub const A_OPT_PRINTED: [f64; 7] = [1.75, 2.75, 4.25, 5.5, 6.75, 8.00, 50.50];
/// HfIp's A as P1 prints it.
pub const HFIP_PRINTED: [f64; 7] = [1.89, 3.23, 4.54, 5.85, 7.01, 8.31, 51.75];
/// Fig. 2's captions: B(1) M = 80000 … B(4) M = 400000. Its text says 8, 10, 12 and 40
/// machines ([`FIG2_SLOTS`]): the captions carry Fig. 1's 万 (ten thousand) over.
pub const FIG2_CAPTION_SLOTS: [u32; 4] = [80_000, 100_000, 120_000, 400_000];
/// The B below which Fig. 2 plots HfIp ("< 1.1").
pub const FIG2_HFIP_B_PRINTED: f64 = 1.1;

/// The powers of two at which HfIp's zero bits are measured (2^8, and 2^21, P2's site table).
pub const HFIP_BITS_M: [u32; 2] = [1 << 8, 1 << 21];
/// Bits 7, 15, 23 and 31: the top bit of each byte lane of HfIp's `n`.
const LANE_TOP_BITS: u32 = 0x8080_8080;

/// One column of P1's table beside our measurement at the same N and M.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TableColumn {
    /// N of the column, in URLs.
    pub n: u64,
    /// A(opt) as P1 prints it ([`A_OPT_PRINTED`]).
    pub a_opt_printed: f64,
    /// A(opt) by P1's formula `(N/M + 1) / 2`, which lets loads be fractions.
    pub a_opt_formula: f64,
    /// The least A whole-number loads allow ([`crate::foundation::metrics::avg_probes_a_opt_whole`]).
    pub a_opt_whole: f64,
    /// The expected A of a uniformly random function, `1 + (N - 1) / (2M)`.
    pub a_random: f64,
    /// The worst A, every URL in one slot: `(N + 1) / 2` ([`crate::foundation::metrics::avg_probes_a_max`]).
    pub a_max: f64,
    /// HfIp's A as P1 prints it ([`HFIP_PRINTED`]).
    pub hfip_printed: f64,
    /// Our A at this N, or `None` when the input has fewer URLs.
    pub hfip: Option<f64>,
    /// hf's A at this N, or `None` when the input has fewer URLs.
    pub hf: Option<f64>,
    /// ELFhash's A at this N, or `None` when the input has fewer URLs.
    pub elfhash: Option<f64>,
}

/// The A(opt) misprint.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Misprint {
    /// The N of the misprinted column, 1 000 000 URLs.
    pub n: u64,
    /// M of P1's table, 200 000 slots.
    pub m: u32,
    /// A(opt) as P1 prints it there, 2.75.
    pub printed: f64,
    /// A(opt) by P1's own formula `(N/M + 1) / 2`, 3.00.
    pub formula: f64,
}

/// One of Fig. 2's captions against its text: B of a random function at both M.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Fig2Caption {
    /// M as the caption prints it.
    pub caption_m: u32,
    /// M as the text says (machines).
    pub text_m: u32,
    /// N: P1's 20 million URLs.
    pub n: u64,
    /// Expected B of a random function at the caption's M: the expected largest of M Poisson
    /// loads over their mean.
    pub random_b_caption: f64,
    /// Expected B of a random function at the text's M.
    pub random_b_text: f64,
}

/// Fig. 2's captions at P1's N, against the B < 1.1 the figure plots.
pub fn fig2_captions() -> Vec<Fig2Caption> {
    let n = TABLE_N[TABLE_N.len() - 1];
    let b = |m: u32| crate::foundation::metrics::expected_max_load(n, m) * m as f64 / n as f64;
    FIG2_CAPTION_SLOTS
        .iter()
        .zip(FIG2_SLOTS)
        .map(|(&caption_m, text_m)| Fig2Caption {
            caption_m,
            text_m,
            n,
            random_b_caption: b(caption_m),
            random_b_text: b(text_m),
        })
        .collect()
}

/// hf and the multiples of 3.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HfMultipleOf3 {
    /// Share of URLs whose hf value is a multiple of 3.
    pub share_multiple_of_3: f64,
    /// Slots hf hits at M = 12, out of 12.
    pub slots_hit_m12: u32,
    /// B of hf at M = 8, 10, 12, 40 (Fig. 2's M).
    pub b_by_m: Vec<(u32, f64)>,
    /// B of HfIp at the same M, for comparison.
    pub hfip_b_by_m: Vec<(u32, f64)>,
}

/// hf's bounded range at large M.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HfBoundedRange {
    /// M, Fig. 1's largest slot count (2 000 000).
    pub m: u32,
    /// The largest hf value of the input.
    pub max_value: u32,
    /// Length in bytes of the longest URL (up to a NUL, as the C reads it).
    pub longest_url: u64,
    /// Mean URL length in bytes (up to a NUL).
    pub mean_url_length: f64,
    /// `3 · 127 · L (L+1) / 2` for the longest URL L: no hf value can exceed it.
    pub bound_for_longest: u64,
    /// Multiples of 3 below M up to the largest value seen: the slots hf could reach.
    pub reachable_slots: u64,
    /// Slots hf hits at M.
    pub slots_hit: u64,
    /// What a uniformly random function would hit: `M (1 - e^(-N/M))`.
    pub random_slots_hit: f64,
    /// hf's A at M after the whole input.
    pub a: f64,
    /// HfIp's A at the same M, for comparison.
    pub hfip_a: f64,
}

/// HfIp's never-set bits.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HfIpZeroBits {
    /// Bits 0..31 never set in any HfIp value of the input.
    pub never_set: Vec<u8>,
    /// For bits 7, 15, 23 and 31: URLs whose HfIp value has the bit set.
    pub urls_with_high_bit: Vec<(u8, u64)>,
    /// URLs that are all ASCII (up to a NUL), which can never set those bits.
    pub ascii_urls: u64,
    /// For M a power of two: how the URLs use the slots whose number has one of those bits set.
    pub by_m: Vec<HfIpHighSlots>,
}

/// HfIp at a power-of-two M: the slots whose number has bit 7, 15, 23 or 31 set (below M).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HfIpHighSlots {
    /// M, a power of two: 2^8 or 2^21 ([`HFIP_BITS_M`]).
    pub m: u32,
    /// Share of the M slots that have such a bit (1/2 for M = 256, 3/4 for M = 2^21).
    pub share_of_slots: f64,
    /// Share of the URLs that land in them (the same share for a uniform function).
    pub share_of_urls: f64,
    /// Slots HfIp hits at M.
    pub slots_hit: u64,
    /// What a uniformly random function would hit: `M (1 - e^(-N/M))`.
    pub random_slots_hit: f64,
}

/// ELFhash's low nibble follows the last byte.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ElfClumps {
    /// Share of URLs whose ELFhash low 4 bits equal their last byte's low 4 bits.
    pub low_nibble_is_last_byte: f64,
    /// The most common last characters and their shares.
    pub top_last_bytes: Vec<(u8, f64)>,
    /// B of ELFhash at M = 8, measured.
    pub b_m8: f64,
    /// B at M = 8 predicted from the last-character mix alone: 8 times the largest share of URLs
    /// whose last byte falls in one class mod 8.
    pub b_m8_predicted: f64,
    /// B of ELFhash at Fig. 2's M.
    pub b_by_m: Vec<(u32, f64)>,
}

/// Everything `urlhash paper p1` prints.
#[derive(Clone, Debug, Serialize)]
pub struct P1Report {
    /// URLs measured.
    pub n: u64,
    /// M of P1's table, 200 000 slots.
    pub table_m: u32,
    /// P1's table, one column per printed N.
    pub table: Vec<TableColumn>,
    /// The A(opt) misprint at N = 1 000 000.
    pub misprint: Misprint,
    /// Fig. 2's captions against its text.
    pub fig2_captions: Vec<Fig2Caption>,
    /// hf's multiples of 3, the cause of B ≈ 3 at M = 12.
    pub hf_multiple_of_3: HfMultipleOf3,
    /// hf's bounded range at Fig. 1's largest M.
    pub hf_bounded_range: HfBoundedRange,
    /// HfIp's never-set bits and the slots they leave empty.
    pub hfip_zero_bits: HfIpZeroBits,
    /// ELFhash's clumps: its low 4 bits are the last byte's.
    pub elf_clumps: ElfClumps,
    /// Every checkpoint of Fig. 1 and Fig. 2.
    pub points: Vec<Point>,
}

/// What [`P1Study`] gathers of each URL besides its sweep: sums, maxima and an OR, so parts of
/// the input gathered apart [`merge`](P1Evidence::merge) into what one pass gathers.
#[derive(Clone, Debug, PartialEq)]
pub struct P1Evidence {
    n: u64,
    hf_multiple_of_3: u64,
    hf_max: u32,
    longest: u64,
    total_len: u64,
    hfip_or: u32,
    hfip_high_bits: [u64; 4],
    ascii: u64,
    elf_nibble_match: u64,
    last_byte: [u64; 256],
}

impl Default for P1Evidence {
    fn default() -> Self {
        P1Evidence {
            n: 0,
            hf_multiple_of_3: 0,
            hf_max: 0,
            longest: 0,
            total_len: 0,
            hfip_or: 0,
            hfip_high_bits: [0; 4],
            ascii: 0,
            elf_nibble_match: 0,
            last_byte: [0; 256],
        }
    }
}

impl P1Evidence {
    /// One URL and its ELFhash, HfIp and hf values.
    pub fn add(&mut self, url: &[u8], elf: u32, hfip: u32, hf: u32) {
        self.n += 1;
        let c_str = url.split(|&b| b == 0).next().unwrap_or(url);
        let len = c_str.len() as u64;
        self.longest = self.longest.max(len);
        self.total_len += len;
        self.ascii += c_str.is_ascii() as u64;
        self.hf_multiple_of_3 += (hf % 3 == 0) as u64;
        self.hf_max = self.hf_max.max(hf);
        self.hfip_or |= hfip;
        for (k, count) in self.hfip_high_bits.iter_mut().enumerate() {
            *count += (hfip >> (8 * k + 7) & 1) as u64;
        }
        if let Some(&last) = c_str.last() {
            self.last_byte[last as usize] += 1;
            self.elf_nibble_match += (elf & 0xF == last as u32 & 0xF) as u64;
        } else {
            self.elf_nibble_match += (elf & 0xF == 0) as u64;
        }
    }

    /// The evidence of both inputs.
    pub fn merge(&mut self, o: &P1Evidence) {
        self.n += o.n;
        self.hf_multiple_of_3 += o.hf_multiple_of_3;
        self.hf_max = self.hf_max.max(o.hf_max);
        self.longest = self.longest.max(o.longest);
        self.total_len += o.total_len;
        self.hfip_or |= o.hfip_or;
        for (a, b) in self.hfip_high_bits.iter_mut().zip(o.hfip_high_bits) {
            *a += b;
        }
        self.ascii += o.ascii;
        self.elf_nibble_match += o.elf_nibble_match;
        for (a, b) in self.last_byte.iter_mut().zip(o.last_byte) {
            *a += b;
        }
    }
}

/// A streaming P1 study: push every URL, then [`finish`](P1Study::finish).
pub struct P1Study {
    sweep: SweepParts,
    /// Where ELFhash, HfIp and hf are in the sweep's functions.
    at: [usize; 3],
    /// One raw value per function of the sweep, in its order.
    raws: Vec<u128>,
    ev: P1Evidence,
}

impl Default for P1Study {
    fn default() -> Self {
        Self::new()
    }
}

impl P1Study {
    /// A study counted in one part, URL by URL with [`push`](P1Study::push).
    pub fn new() -> P1Study {
        P1Study::with_parts(1)
    }

    /// A study whose sweep is counted by `parts` parts ([`SweepParts`]), for callers that
    /// count them on several threads: each batch of URLs goes through
    /// [`push_evidence`](P1Study::push_evidence) one URL at a time and, as raw values of
    /// [`hashes`](P1Study::hashes), through every part of [`parts_mut`](P1Study::parts_mut).
    /// The report is the same as [`push`](P1Study::push)'s.
    pub fn with_parts(parts: usize) -> P1Study {
        let mut series = Figure::Fig1.series();
        series.extend(Figure::Fig2.series());
        series.extend(HFIP_BITS_M.iter().map(|&m| Series {
            figure: 0,
            hash: HashId::HfIp,
            m,
            measure: Measure::A,
        }));
        let sweep = SweepParts::new(&series, Figure::Fig1.default_step(), parts);
        let at = [HashId::ElfHash, HashId::HfIp, HashId::Hf].map(|h| {
            sweep
                .hashes()
                .iter()
                .position(|&x| x == h)
                .expect("P1's three functions are in the sweep")
        });
        P1Study {
            raws: vec![0; sweep.hashes().len()],
            sweep,
            at,
            ev: P1Evidence::default(),
        }
    }

    /// URLs pushed so far.
    pub fn n(&self) -> u64 {
        self.ev.n
    }

    /// Measures one URL.
    pub fn push(&mut self, url: &[u8]) {
        // P1's three values, computed once for the sweep and for the evidence below.
        let p1 = [hash::elfhash(url), hash::hfip(url), hash::hf(url)];
        let mut raws = std::mem::take(&mut self.raws);
        for (i, (raw, h)) in raws.iter_mut().zip(self.sweep.hashes()).enumerate() {
            *raw = match self.at.iter().position(|&a| a == i) {
                Some(k) => p1[k] as u128,
                None => h.raw(url),
            };
        }
        for part in self.sweep.parts_mut() {
            part.push_raws(&raws);
        }
        self.push_evidence(url, &raws);
        self.raws = raws;
    }

    /// The functions of the sweep, in the order [`push_evidence`](P1Study::push_evidence) and
    /// the parts take their raw values.
    pub fn hashes(&self) -> &[HashId] {
        self.sweep.hashes()
    }

    /// The sweep's parts, to count each on its own thread.
    pub fn parts_mut(&mut self) -> &mut [crate::mechanisms::sweep::Sweep] {
        self.sweep.parts_mut()
    }

    /// The evidence of one URL (lengths, bytes, P1's three values), `raws` its raw values of
    /// [`hashes`](P1Study::hashes); its sweep is counted apart.
    pub fn push_evidence(&mut self, url: &[u8], raws: &[u128]) {
        let [elf, hfip, hf] = self.at.map(|i| raws[i] as u32);
        self.ev.add(url, elf, hfip, hf);
    }

    /// Where ELFhash, HfIp and hf are in [`hashes`](P1Study::hashes).
    pub fn p1_positions(&self) -> [usize; 3] {
        self.at
    }

    /// Adds evidence gathered apart ([`P1Evidence::add`], on other threads): the same as
    /// [`push_evidence`](P1Study::push_evidence) of its URLs, in any order.
    pub fn merge_evidence(&mut self, ev: &P1Evidence) {
        self.ev.merge(ev);
    }

    /// The report.
    pub fn finish(mut self) -> P1Report {
        let n = self.ev.n;
        let share = |k: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        let mut points = self.sweep.finish();
        points.retain(|p| p.figure != 0);
        let at = |hash: HashId, m: u32, at_n: u64| {
            points
                .iter()
                .find(|p| p.function == hash.info().key && p.m == m && p.n == at_n)
                .map(|p| p.value)
        };
        let table = TABLE_N
            .iter()
            .enumerate()
            .map(|(i, &tn)| TableColumn {
                n: tn,
                a_opt_printed: A_OPT_PRINTED[i],
                a_opt_formula: crate::foundation::metrics::avg_probes_a_opt(tn, TABLE_M),
                a_opt_whole: crate::foundation::metrics::avg_probes_a_opt_whole(tn, TABLE_M),
                a_random: crate::foundation::metrics::avg_probes_a_random(tn, TABLE_M),
                a_max: crate::foundation::metrics::avg_probes_a_max(tn),
                hfip_printed: HFIP_PRINTED[i],
                hfip: at(HashId::HfIp, TABLE_M, tn),
                hf: at(HashId::Hf, TABLE_M, tn),
                elfhash: at(HashId::ElfHash, TABLE_M, tn),
            })
            .collect();
        let sweep = &self.sweep;
        let tally = |h: HashId, m: u32| sweep.tally(h, m).expect("series registered in new()");
        let slots_hit =
            |h: HashId, m: u32| tally(h, m).counts().iter().filter(|&&c| c > 0).count() as u64;
        let b_by_m = |h: HashId| {
            FIG2_SLOTS
                .iter()
                .map(|&m| (m, tally(h, m).load_balance_b()))
                .collect::<Vec<_>>()
        };
        let random_hit = |m: u32| m as f64 * -(-(n as f64) / m as f64).exp_m1();

        let big_m = FIG1_SLOTS[3];
        let reachable = (self.ev.hf_max as u64 / 3 + 1).min(big_m.div_ceil(3) as u64);
        let mut top: Vec<(u8, u64)> = (0..=255u8)
            .map(|b| (b, self.ev.last_byte[b as usize]))
            .filter(|x| x.1 > 0)
            .collect();
        crate::foundation::order::sort_by(&mut top, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        // With M = 8 the slot is the last byte mod 8: B predicted from the endings alone.
        let mut by_slot = [0u64; 8];
        for (b, &c) in self.ev.last_byte.iter().enumerate() {
            by_slot[b % 8] += c;
        }
        let b_m8_predicted = if n == 0 {
            0.0
        } else {
            8.0 * *by_slot.iter().max().unwrap() as f64 / n as f64
        };

        P1Report {
            n,
            table_m: TABLE_M,
            table,
            misprint: Misprint {
                n: 1_000_000,
                m: TABLE_M,
                printed: 2.75,
                formula: crate::foundation::metrics::avg_probes_a_opt(1_000_000, TABLE_M),
            },
            fig2_captions: fig2_captions(),
            hf_multiple_of_3: HfMultipleOf3 {
                share_multiple_of_3: share(self.ev.hf_multiple_of_3),
                slots_hit_m12: slots_hit(HashId::Hf, 12) as u32,
                b_by_m: b_by_m(HashId::Hf),
                hfip_b_by_m: b_by_m(HashId::HfIp),
            },
            hf_bounded_range: HfBoundedRange {
                m: big_m,
                max_value: self.ev.hf_max,
                longest_url: self.ev.longest,
                mean_url_length: if n == 0 {
                    0.0
                } else {
                    self.ev.total_len as f64 / n as f64
                },
                bound_for_longest: 3 * 127 * self.ev.longest * (self.ev.longest + 1) / 2,
                reachable_slots: reachable,
                slots_hit: slots_hit(HashId::Hf, big_m),
                random_slots_hit: random_hit(big_m),
                a: tally(HashId::Hf, big_m).avg_probes_a(),
                hfip_a: tally(HashId::HfIp, big_m).avg_probes_a(),
            },
            hfip_zero_bits: HfIpZeroBits {
                never_set: (0..32u8)
                    .filter(|b| self.ev.hfip_or >> b & 1 == 0)
                    .collect(),
                urls_with_high_bit: [7u8, 15, 23, 31]
                    .iter()
                    .zip(self.ev.hfip_high_bits)
                    .map(|(&b, c)| (b, c))
                    .collect(),
                ascii_urls: self.ev.ascii,
                by_m: HFIP_BITS_M
                    .iter()
                    .map(|&m| {
                        let mask = LANE_TOP_BITS & (m - 1);
                        let counts = tally(HashId::HfIp, m).counts();
                        let in_high: u64 = (0..m)
                            .filter(|s| s & mask != 0)
                            .map(|s| counts[s as usize] as u64)
                            .sum();
                        HfIpHighSlots {
                            m,
                            share_of_slots: 1.0 - 1.0 / (1u64 << (mask.count_ones())) as f64,
                            share_of_urls: share(in_high),
                            slots_hit: slots_hit(HashId::HfIp, m),
                            random_slots_hit: random_hit(m),
                        }
                    })
                    .collect(),
            },
            elf_clumps: ElfClumps {
                low_nibble_is_last_byte: share(self.ev.elf_nibble_match),
                top_last_bytes: top.iter().take(6).map(|&(b, c)| (b, share(c))).collect(),
                b_m8: tally(HashId::ElfHash, 8).load_balance_b(),
                b_m8_predicted,
                b_by_m: b_by_m(HashId::ElfHash),
            },
            points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::corpus::Corpus;

    #[test]
    fn study_on_built_in_corpus_shows_every_anomaly() {
        let corpus = Corpus::new(crate::foundation::corpus::DEFAULT_SEED);
        let mut study = P1Study::new();
        let mut urls = corpus.iter(0, 600_000);
        while let Some(u) = urls.next_url() {
            study.push(u);
        }
        let r = study.finish();
        assert_eq!(r.n, 600_000);
        // Only the first column of the table is reachable with 600 000 URLs.
        assert!(r.table[0].hfip.is_some() && r.table[1].hfip.is_none());
        assert_eq!(r.misprint.formula, 3.0);
        assert_eq!(r.hf_multiple_of_3.share_multiple_of_3, 1.0);
        assert_eq!(r.hf_multiple_of_3.slots_hit_m12, 4);
        let b12 = r
            .hf_multiple_of_3
            .b_by_m
            .iter()
            .find(|x| x.0 == 12)
            .unwrap()
            .1;
        assert!(b12 > 2.9, "hf B at M=12 is about 3, got {b12}");
        assert!(r.hf_bounded_range.reachable_slots < r.hf_bounded_range.m as u64 / 3 + 1);
        assert!((r.hf_bounded_range.slots_hit as f64) < 0.5 * r.hf_bounded_range.random_slots_hit);
        // ASCII-only URLs never set the top bit of any byte lane; the corpus has some
        // non-ASCII URLs, which set them rarely.
        let bit7 = r.hfip_zero_bits.urls_with_high_bit[0].1;
        assert!(bit7 > 0 && bit7 < r.n / 50, "{bit7}");
        let m256 = &r.hfip_zero_bits.by_m[0];
        assert_eq!((m256.m, m256.share_of_slots), (256, 0.5));
        assert!(m256.share_of_urls < 0.02, "{m256:?}");
        let m21 = &r.hfip_zero_bits.by_m[1];
        assert_eq!(m21.share_of_slots, 0.75);
        assert!(m21.share_of_urls < 0.04, "{m21:?}");
        assert_eq!(r.elf_clumps.low_nibble_is_last_byte, 1.0);
        assert!((r.elf_clumps.b_m8 - r.elf_clumps.b_m8_predicted).abs() < 1e-12);
    }

    #[test]
    fn fig2_captions_cannot_be_the_machine_counts() {
        let c = fig2_captions();
        assert_eq!(c.len(), 4);
        for row in &c {
            // At 80 000 to 400 000 slots a random function's B is far above Fig. 2's < 1.1 …
            assert!(
                row.random_b_caption > 1.2 && row.random_b_caption < 1.8,
                "{row:?}"
            );
            // … at 8 to 40 machines it is within 0.5 % of 1.
            assert!(
                row.random_b_text > 1.0 && row.random_b_text < 1.005,
                "{row:?}"
            );
        }
        // More slots, fewer URLs each, a larger relative maximum.
        assert!(c
            .windows(2)
            .all(|w| w[0].random_b_caption < w[1].random_b_caption));
    }

    #[test]
    fn evidence_gathered_apart_merges_into_one_pass() {
        let urls: Vec<Vec<u8>> = crate::foundation::corpus::Corpus::new(5)
            .iter(0, 3000)
            .collect();
        let add =
            |ev: &mut P1Evidence, u: &[u8]| ev.add(u, hash::elfhash(u), hash::hfip(u), hash::hf(u));
        let mut whole = P1Evidence::default();
        for u in &urls {
            add(&mut whole, u);
        }
        add(&mut whole, b"http://\xe4\xb8\xad.cn/\0tail");
        let mut parts = [
            P1Evidence::default(),
            P1Evidence::default(),
            P1Evidence::default(),
        ];
        for (i, u) in urls.iter().enumerate() {
            add(&mut parts[i % 3], u);
        }
        add(&mut parts[1], b"http://\xe4\xb8\xad.cn/\0tail");
        let mut merged = P1Evidence::default();
        for p in parts.iter().rev() {
            merged.merge(p);
        }
        assert_eq!(merged, whole);
    }
}
