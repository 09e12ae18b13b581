//! The flags several commands share and the parsers of their values (the command enum and each
//! command's arguments live under `cmd/`).

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use urlhashlab::foundation::corpus::DEFAULT_SEED;
use urlhashlab::foundation::hash::{self, HashId};
use urlhashlab::foundation::key::Key;
use urlhashlab::mechanisms::bakeoff::Setting;
use urlhashlab::mechanisms::bloom::IndexMethod;
use urlhashlab::mechanisms::fingerprint::MirrorRule;
use urlhashlab::mechanisms::sweep::Figure;
use urlhashlab::papers::p5;

#[derive(Args, Clone)]
pub(crate) struct InputArgs {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    /// Which part of each URL is hashed.
    #[arg(long, value_enum, default_value_t = KeyArg::Url)]
    pub(crate) key: KeyArg,
}

/// P3's host table.
#[derive(Args, Clone)]
pub(crate) struct HostsArg {
    /// A host table, one `host ip` pair per line (`#` comments): P3's IP_ID and Name_ID.
    #[arg(long, value_name = "FILE")]
    pub(crate) hosts: Option<PathBuf>,
    /// P3's mirror test (with --hosts): the least URL similarity of two sites, the Jaccard
    /// index of their path sets.
    #[arg(long, value_name = "F", default_value_t = MirrorRule::default().min_similarity, value_parser = parse_fraction)]
    pub(crate) mirror_similarity: f64,
    /// P3's mirror test (with --hosts): the least number of paths two sites share.
    #[arg(long, value_name = "N", default_value_t = MirrorRule::default().min_shared, value_parser = parse_count, allow_negative_numbers = true)]
    pub(crate) mirror_shared: u64,
}

impl HostsArg {
    pub(crate) fn mirror_rule(&self) -> MirrorRule {
        MirrorRule {
            min_similarity: self.mirror_similarity,
            min_shared: self.mirror_shared,
        }
    }
}

#[derive(Args, Clone)]
pub(crate) struct SourceArgs {
    /// URL list, one per line ('-' for standard input). Default: the built-in corpus.
    #[arg(value_name = "FILE")]
    pub(crate) file: Option<PathBuf>,
    /// Built-in corpus: number of URLs (default: the paper's N for sweeps, papers and
    /// partitions, 1 000 000 otherwise).
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub(crate) n: Option<u64>,
    /// Built-in corpus: seed.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_negative_numbers = true)]
    pub(crate) seed: u64,
    /// A table (CSV, TSV): hash column N (from 1) of each line; 0 reads whole lines. Default:
    /// as the page does, a table is recognised from the first 64 KiB and the file name (`rank,domain`
    /// reads the domain), and the report says which column was read.
    #[arg(long, value_name = "N")]
    pub(crate) column: Option<usize>,
}

/// URLs `bloom`, `cbf` and `paper p5` keep by default: P5's largest N (Fig. 3).
const SPLIT_LIMIT: u64 = p5::FIG3_N[3];

/// How many URLs `bloom`, `cbf` and `paper p5` keep.
#[derive(Args, Clone, Copy)]
pub(crate) struct SplitLimit {
    /// Insert at most N URLs (and hold out at most N): the built-in corpus gives min(--n, N)
    /// of each, a file its first 2N distinct lines; the rest is read and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = SPLIT_LIMIT, allow_negative_numbers = true)]
    pub(crate) limit: u64,
}

/// URL lines `fingerprint` and `paper p3` measure by default: the study keeps about 300 to 450 bytes
/// per distinct URL (its MD5 before and after each canonicalisation, its short fingerprints).
const FINGERPRINT_LIMIT: u64 = 1_000_000;

/// How many lines `fingerprint` and `paper p3` measure.
#[derive(Args)]
pub(crate) struct FingerprintArgs {
    #[command(flatten)]
    pub(crate) source: SourceArgs,
    #[command(flatten)]
    pub(crate) hosts: HostsArg,
    /// Measure the first N URL lines only (about 300 to 450 bytes per distinct URL); the rest is read
    /// and counted.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value_t = FINGERPRINT_LIMIT, allow_negative_numbers = true)]
    pub(crate) limit: u64,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: its tables, each after a `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum KeyArg {
    Url,
    Host,
    Path,
}

impl From<KeyArg> for Key {
    fn from(k: KeyArg) -> Key {
        match k {
            KeyArg::Url => Key::Url,
            KeyArg::Host => Key::Host,
            KeyArg::Path => Key::Path,
        }
    }
}

pub(crate) fn parse_fn(s: &str) -> Result<HashId, String> {
    hash::by_id(s.trim())
        .map(|f| f.id)
        .ok_or_else(|| format!("unknown hash function '{s}'; known: {}", hash::known_ids()))
}

pub(crate) fn parse_method(s: &str) -> Result<IndexMethod, String> {
    IndexMethod::parse(s.trim())
}

pub(crate) fn parse_site_hash(s: &str) -> Result<HashId, String> {
    match parse_fn(s)? {
        f @ (HashId::SitePrinted | HashId::SiteFolded | HashId::SiteJava | HashId::SiteRepaired) => Ok(f),
        _ => Err(format!(
            "'{s}' is not a reading of P2's site hash (site-printed, site-folded, site-java, site-repaired)"
        )),
    }
}

pub(crate) fn parse_path_hash(s: &str) -> Result<HashId, String> {
    match parse_fn(s)? {
        f @ (HashId::PathPrinted | HashId::PathXor | HashId::PathRepaired) => Ok(f),
        _ => Err(format!(
            "'{s}' is not a reading of P2's path hash (path-printed, path-xor, path-repaired)"
        )),
    }
}

/// A whole number as typed, sign and all, when it is one (`-5`, `1_000`, `99999999999999999999`).
pub(crate) fn whole_number(s: &str) -> Option<i128> {
    let t = s.trim().replace('_', "");
    let digits = t.strip_prefix(['-', '+']).unwrap_or(&t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Beyond i128, the number is only too large.
    Some(t.parse::<i128>().unwrap_or(if t.starts_with('-') {
        i128::MIN
    } else {
        i128::MAX
    }))
}

/// M as typed: the page's grammar (`200 000`, `1e6`, `2^21`), see [`urlhashlab::foundation::slots`].
pub(crate) fn parse_slots(s: &str) -> Result<u32, String> {
    urlhashlab::foundation::slots::parse_slots(s).map_err(|e| e.english)
}

pub(crate) fn parse_count(s: &str) -> Result<u64, String> {
    match whole_number(s) {
        Some(v) if (1..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        Some(v) if v < 1 => Err(format!("must be at least 1, got {}", s.trim())),
        Some(_) => Err(format!("{} is too large (at most {})", s.trim(), u64::MAX)),
        None => Err(format!("'{s}' is not a positive whole number")),
    }
}

/// A count where 0 means "none" (`--md5-dirs 0` leaves the directories out).
pub(crate) fn parse_count_or_zero(s: &str) -> Result<u64, String> {
    match whole_number(s) {
        Some(0) => Ok(0),
        _ => parse_count(s),
    }
}

pub(crate) fn parse_seed(s: &str) -> Result<u64, String> {
    match whole_number(s) {
        Some(v) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(format!(
            "'{s}' is not a seed (a whole number from 0 to {})",
            u64::MAX
        )),
    }
}

/// `s` as a whole number from `lo` to `hi`; `range` names the range when it is outside, `unit`
/// what the number counts when it is not a whole number.
pub(crate) fn whole_in(s: &str, lo: u32, hi: u32, range: &str, unit: &str) -> Result<u32, String> {
    match whole_number(s) {
        Some(v) if (lo as i128..=hi as i128).contains(&v) => Ok(v as u32),
        Some(_) => Err(format!("{range}, got {}", s.trim())),
        None => Err(format!("'{s}' is not a whole number of {unit}")),
    }
}

pub(crate) fn parse_nodes(s: &str) -> Result<u32, String> {
    let max = urlhashlab::mechanisms::partition::MAX_NODES;
    let range = format!("the number of crawl nodes must be between 1 and {max}");
    whole_in(s, 1, max, &range, "crawl nodes")
}

pub(crate) fn parse_rebalance_nodes(s: &str) -> Result<u32, String> {
    let max = urlhashlab::mechanisms::partition::REBALANCE_MAX_NODES;
    let range = format!("the number of crawl nodes must be between 1 and {max}");
    whole_in(s, 1, max, &range, "crawl nodes")
}

pub(crate) fn parse_vnodes(s: &str) -> Result<u32, String> {
    let max = urlhashlab::mechanisms::partition::MAX_VNODES;
    let range = format!("the ring's virtual nodes per node must be between 1 and {max}");
    whole_in(s, 1, max, &range, "virtual nodes")
}

pub(crate) fn parse_k(s: &str) -> Result<u32, String> {
    let max = urlhashlab::mechanisms::bloom::MAX_K;
    let range = format!("k, the indices per URL, must be between 1 and {max}");
    whole_in(s, 1, max, &range, "indices")
}

pub(crate) fn parse_counter_bits(s: &str) -> Result<u32, String> {
    whole_in(s, 1, 32, "counters must have 1 to 32 bits", "bits")
}

/// A decimal number as typed; NaN and infinities are refused by the callers.
pub(crate) fn parse_decimal(s: &str) -> Option<f64> {
    s.trim().parse::<f64>().ok()
}

pub(crate) fn parse_bits_per_url(s: &str) -> Result<f64, String> {
    match parse_decimal(s) {
        Some(r) if r.is_finite() && r > 0.0 => Ok(r),
        Some(_) => Err(format!(
            "m/N, the bits per URL, must be a positive finite number, got {}",
            s.trim()
        )),
        None => Err(format!("'{s}' is not a number of bits per URL")),
    }
}

pub(crate) fn parse_fraction(s: &str) -> Result<f64, String> {
    match parse_decimal(s) {
        Some(f) if (0.0..=1.0).contains(&f) => Ok(f),
        Some(_) => Err(format!(
            "the fraction must be between 0 and 1, got {}",
            s.trim()
        )),
        None => Err(format!("'{s}' is not a fraction between 0 and 1")),
    }
}

pub(crate) fn parse_figure(s: &str) -> Result<Figure, String> {
    Figure::parse(s).ok_or_else(|| format!("P1 has figures 1, 2 and 3, not '{s}'"))
}

/// Bits of memory per inserted key for `urlhash filters` (1 to 64).
pub(crate) fn parse_bits_per_key(s: &str) -> Result<f64, String> {
    match parse_decimal(s) {
        Some(b) => Setting::BitsPerKey(b).checked().map(Setting::target),
        None => Err(format!("'{s}' is not a number of bits per key")),
    }
}

/// A target false-positive rate for `urlhash filters` (1e-9 to 0.5; `1%` reads 0.01).
pub(crate) fn parse_target_fpr(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let e = match t.strip_suffix('%') {
        Some(p) => parse_decimal(p).map(|p| p / 100.0),
        None => parse_decimal(t),
    };
    match e {
        Some(e) => Setting::Fpr(e).checked().map(Setting::target),
        None => Err(format!(
            "'{s}' is not a false-positive rate (0.01, 1e-3, 1%)"
        )),
    }
}
