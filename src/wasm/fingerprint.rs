//! The adapter of the fingerprint view (P3, 杨海东 et al. 2006): more methods of [`Lab`] and the
//! state they keep; every number comes from [`crate::fingerprint`].
//!
//! * **Needing no input** (static): `fpAvalanche(a, b)`, both MD5 digests of two texts, their
//!   128 bits each and where they differ; `fpPaper()`, P3's printed numbers, the birthday
//!   bound beside its 10^-24, and its two printed digests revealed; `fpBirthday(bits, maxN,
//!   points)`, the chance of any collision among n fingerprints of each width for n from 2 to
//!   `maxN`, for the chart.
//! * **The study of the loaded lines**: `fpBegin(maxLines)`, `fpRun(lines)` until it returns 1,
//!   `fpFinish()`: `urlhash fingerprint` (its `p3` and `canonical` reports) on the first
//!   `maxLines` loaded lines, in slices.
//! * **P3's IP_ID and Name_ID**: `fpSitesBegin(table, maxLines)` (a `host ip` table; a bad line
//!   is an error naming it), `fpSitesRun(lines)`, `fpSitesFinish()`: `urlhash fingerprint
//!   --hosts TABLE`'s `sites` report on the same lines.
//! * **One combination of canonicalisations**: `fpComboBegin(toggles, maxLines)` (toggle ids,
//!   comma separated), `fpComboRun(lines)`, `fpComboFinish()`: distinct lines after
//!   [`Canonicalizer`] with those toggles together, counted as [`CanonicalStudy`] counts them
//!   (one toggle alone equals its row of the study, all eight its `all` row).
//!
//! Each of the three jobs has its own slot, so they run beside each other and beside the other
//! views' jobs; starting one replaces an unfinished one of the same kind.

use super::{share, to_json, whole, Lab};
use crate::fingerprint::{
    avalanche, check_bits, collision_probability, log10_collision_probability,
    n_for_collision_probability, p3_reveals, Avalanche, BirthdayReport, CanonicalReport,
    CanonicalStudy, Canonicalizer, HostTable, P3Printed, P3Report, P3Study, Reveal, SitesReport,
    SitesStudy, Toggle, Toggles, P3_CLAIM_PAIR_PROBABILITY, P3_HUMAN_FINGERPRINT_PROBABILITY,
};
use crate::lines::{Occurrences, MAX_LINE_BYTES};
use serde::Serialize;
use std::collections::HashSet;
use wasm_bindgen::prelude::*;
use xxhash_rust::xxh3::xxh3_128;

/// The most points `fpBirthday` draws per width.
pub const BIRTHDAY_MAX_POINTS: u32 = 2_000;
/// The largest n `fpBirthday` goes to (10^18, below 2^64).
pub const BIRTHDAY_MAX_N: f64 = 1e18;
/// The most widths `fpBirthday` draws at once.
pub const BIRTHDAY_MAX_WIDTHS: usize = 16;

/// Sets of 128-bit hashes, folded to the table's 64 bits.
type FoldSet = HashSet<u128, crate::mix::Fold>;

// ----------------------------------------------------------------------------------------------
// The state

struct StudyJob {
    p3: P3Study,
    canonical: CanonicalStudy,
    end: usize,
    next: usize,
}

struct SitesJob {
    study: SitesStudy,
    end: usize,
    next: usize,
}

struct ComboJob {
    canonicalizer: Canonicalizer,
    toggles: Vec<Toggle>,
    end: usize,
    next: usize,
    lines: u64,
    unparsable: Occurrences,
    before: FoldSet,
    after: FoldSet,
    changed: u64,
}

/// What the fingerprint view keeps in a [`Lab`].
#[derive(Default)]
pub(super) struct Fingerprints {
    study: Option<Box<StudyJob>>,
    sites: Option<Box<SitesJob>>,
    combo: Option<Box<ComboJob>>,
}

// ----------------------------------------------------------------------------------------------
// Reports

#[derive(Serialize)]
struct AvalancheReport {
    #[serde(flatten)]
    avalanche: Avalanche,
    /// UTF-8 bytes hashed of each input.
    bytes_a: usize,
    bytes_b: usize,
}

#[derive(Serialize)]
struct PaperReport {
    printed: P3Printed,
    birthday: BirthdayReport,
    reveals: Vec<Reveal>,
}

#[derive(Serialize)]
struct BirthdayPoint {
    n: u64,
    /// `1 − exp(−n(n−1)/2^(b+1))`.
    p: f64,
    log10_p: f64,
}

#[derive(Serialize)]
struct BirthdayCurve {
    bits: u32,
    /// n at which the chance of any collision reaches P3's 10^-24, P3's human-fingerprint
    /// 10^-19 and one half.
    n_at_claim: f64,
    n_at_human_fingerprint: f64,
    n_at_half: f64,
    points: Vec<BirthdayPoint>,
}

#[derive(Serialize)]
struct BirthdayCurves {
    claim: f64,
    human_fingerprint: f64,
    curves: Vec<BirthdayCurve>,
}

/// Which lines a job read.
#[derive(Serialize)]
struct Lines {
    /// URL lines loaded.
    loaded: u64,
    /// Lines the job read: the first ones.
    lines: u64,
    /// Whether the input had more than the job read.
    capped: bool,
}

#[derive(Serialize)]
struct StudyReport {
    #[serde(flatten)]
    lines: Lines,
    p3: P3Report,
    canonical: CanonicalReport,
}

#[derive(Serialize)]
struct SitesJobReport {
    #[serde(flatten)]
    lines: Lines,
    sites: SitesReport,
}

#[derive(Serialize)]
struct ComboReport {
    #[serde(flatten)]
    lines: Lines,
    /// The toggles on, in [`Toggle::ALL`] order.
    toggles: Vec<&'static str>,
    /// Lines that are URLs with a host.
    parsed: u64,
    /// Lines that are not: counted, left out of the counts.
    unparsable: Occurrences,
    /// Distinct lines, exact text (as the study's `distinct_before`).
    distinct_before: u64,
    /// Distinct lines after the toggles together.
    distinct_after: u64,
    merged: u64,
    /// Lines the toggles changed.
    changed_lines: u64,
}

fn parse_toggles(ids: &str) -> Result<Vec<Toggle>, JsError> {
    let mut on = Vec::new();
    for id in ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let t = Toggle::parse(id).ok_or_else(|| {
            let known: Vec<&str> = Toggle::ALL.iter().map(|t| t.id()).collect();
            coded!(
                "unknown-canonical",
                [id, known.join(", ")],
                "unknown canonicalisation '{id}'; known: {}",
                known.join(", ")
            )
        })?;
        if !on.contains(&t) {
            on.push(t);
        }
    }
    // In the study's order, whatever order they came in.
    Ok(Toggle::ALL
        .iter()
        .copied()
        .filter(|t| on.contains(t))
        .collect())
}

// ----------------------------------------------------------------------------------------------
// The methods

#[wasm_bindgen]
impl Lab {
    /// Both MD5 digests of two texts (their UTF-8 bytes, exactly as given), as JSON: `{input_a,
    /// input_b, digest_a, digest_b, xor, differing_bits, positions, bits_a, bits_b, bytes_a,
    /// bytes_b}`; bit 0 is the most significant bit of the first hex digit.
    #[wasm_bindgen(js_name = fpAvalanche)]
    pub fn fp_avalanche(a: &str, b: &str) -> Result<String, JsError> {
        for (name, s) in [("A", a), ("B", b)] {
            if s.len() > MAX_LINE_BYTES {
                return Err(coded!(
                    "text-too-long",
                    [name, s.len(), MAX_LINE_BYTES],
                    "text {name} has {} bytes; the lab hashes lines of at most {MAX_LINE_BYTES} bytes",
                    s.len()
                ));
            }
        }
        to_json(&AvalancheReport {
            avalanche: avalanche(a.as_bytes(), b.as_bytes()),
            bytes_a: a.len(),
            bytes_b: b.len(),
        })
    }

    /// P3's printed numbers, the birthday bound beside its 10^-24 (P3's pages and links at 128
    /// and 64 bits), and its two printed digests checked against MD5 of every candidate, as
    /// JSON `{printed, birthday, reveals}` (as in `urlhash paper p3 --json`).
    #[wasm_bindgen(js_name = fpPaper)]
    pub fn fp_paper() -> Result<String, JsError> {
        to_json(&PaperReport {
            printed: P3Printed::new(),
            birthday: BirthdayReport::new(),
            reveals: p3_reveals(),
        })
    }

    /// The chance of any collision among n random fingerprints of each width of `bits` (1 to
    /// 128), at `points` values of n spread evenly on a log scale from 2 to `max_n`, as JSON
    /// `{claim, human_fingerprint, curves: [{bits, n_at_claim, n_at_human_fingerprint,
    /// n_at_half, points: [{n, p, log10_p}]}]}`.
    #[wasm_bindgen(js_name = fpBirthday)]
    pub fn fp_birthday(bits: Vec<u32>, max_n: f64, points: u32) -> Result<String, JsError> {
        if bits.is_empty() || bits.len() > BIRTHDAY_MAX_WIDTHS {
            return Err(coded!(
                "widths-count",
                [BIRTHDAY_MAX_WIDTHS, bits.len()],
                "give 1 to {BIRTHDAY_MAX_WIDTHS} fingerprint widths, not {}",
                bits.len()
            ));
        }
        if !(max_n.is_finite() && max_n.fract() == 0.0 && (3.0..=BIRTHDAY_MAX_N).contains(&max_n)) {
            return Err(coded!(
                "birthday-n",
                [max_n],
                "the largest n must be a whole number from 3 to 10^18, not {max_n}"
            ));
        }
        if !(2..=BIRTHDAY_MAX_POINTS).contains(&points) {
            return Err(coded!(
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
                let b = check_bits(b).map_err(|e| coded!("fp-bits", [b], "{e}"))?;
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
            .collect::<Result<Vec<_>, JsError>>()?;
        to_json(&BirthdayCurves {
            claim: P3_CLAIM_PAIR_PROBABILITY,
            human_fingerprint: P3_HUMAN_FINGERPRINT_PROBABILITY,
            curves,
        })
    }

    /// Starts `urlhash fingerprint` on the first `max_lines` loaded lines (P3's MD5 store,
    /// 16-, 24- and 32-bit fingerprints, the avalanche of the first 100 000 URLs' variants, and
    /// every canonicalisation toggle alone and together), run in slices by `fpRun`. Replaces an
    /// unfinished study.
    #[wasm_bindgen(js_name = fpBegin)]
    pub fn fp_begin(&mut self, max_lines: f64) -> Result<(), JsError> {
        self.fingerprint.study = None;
        let end = self.fp_end(max_lines, "fingerprints")?;
        self.fingerprint.study = Some(Box::new(StudyJob {
            p3: P3Study::new(),
            canonical: CanonicalStudy::new(),
            end,
            next: 0,
        }));
        Ok(())
    }

    /// Adds at most `max_lines` more lines to the study; returns the share done.
    #[wasm_bindgen(js_name = fpRun)]
    pub fn fp_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job = self
            .fingerprint
            .study
            .take()
            .ok_or_else(|| super::sequence("fp", "no fingerprint study is running"))?;
        let start = job.next;
        let stop = start.saturating_add(max_lines as usize).min(job.end);
        let StudyJob { p3, canonical, .. } = &mut *job;
        self.session.for_each_line(start, stop, |_, line, number| {
            p3.push(number, line);
            // A line that is not a URL is counted by the study and named in its report.
            let _ = canonical.push(number, line);
        });
        job.next = stop;
        let done = share(stop, job.end);
        self.fingerprint.study = Some(job);
        Ok(done)
    }

    /// Ends the study and returns `{loaded, lines, capped, p3, canonical}`: `p3` and
    /// `canonical` as `urlhash fingerprint --json` has them for the same lines.
    #[wasm_bindgen(js_name = fpFinish)]
    pub fn fp_finish(&mut self) -> Result<String, JsError> {
        self.fp_run(u32::MAX)?;
        let job = self
            .fingerprint
            .study
            .take()
            .ok_or_else(|| super::sequence("fp", "no fingerprint study is running"))?;
        to_json(&StudyReport {
            lines: self.fp_lines(job.end),
            p3: job.p3.finish(),
            canonical: job.canonical.finish(),
        })
    }

    /// Starts P3's IP_ID and Name_ID on the first `max_lines` loaded lines with the host table
    /// `table` (one `host ip` pair per line, `#` comments; a bad line is an error naming it),
    /// run in slices by `fpSitesRun`. Replaces an unfinished one.
    #[wasm_bindgen(js_name = fpSitesBegin)]
    pub fn fp_sites_begin(&mut self, table: &str, max_lines: f64) -> Result<(), JsError> {
        self.fingerprint.sites = None;
        let table = HostTable::parse(table).map_err(|e| {
            super::coded(
                &format!("host-table-{}", e.code),
                &[e.line.to_string(), e.subject.clone()],
                &e,
            )
        })?;
        let end = self.fp_end(max_lines, "fp-sites")?;
        self.fingerprint.sites = Some(Box::new(SitesJob {
            study: SitesStudy::new(table),
            end,
            next: 0,
        }));
        Ok(())
    }

    /// Adds at most `max_lines` more lines to the IP_ID and Name_ID count; returns the share
    /// done.
    #[wasm_bindgen(js_name = fpSitesRun)]
    pub fn fp_sites_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job =
            self.fingerprint.sites.take().ok_or_else(|| {
                super::sequence("fp-sites", "no IP_ID and Name_ID count is running")
            })?;
        let stop = job.next.saturating_add(max_lines as usize).min(job.end);
        let study = &mut job.study;
        self.session
            .for_each_line(job.next, stop, |_, line, number| {
                // A line without a host is counted in the report.
                let _ = study.push(number, line);
            });
        job.next = stop;
        let done = share(stop, job.end);
        self.fingerprint.sites = Some(job);
        Ok(done)
    }

    /// Ends the count and returns `{loaded, lines, capped, sites}`: `sites` as `urlhash
    /// fingerprint --hosts TABLE --json` has it (`p3.sites`) for the same lines.
    #[wasm_bindgen(js_name = fpSitesFinish)]
    pub fn fp_sites_finish(&mut self) -> Result<String, JsError> {
        self.fp_sites_run(u32::MAX)?;
        let job =
            self.fingerprint.sites.take().ok_or_else(|| {
                super::sequence("fp-sites", "no IP_ID and Name_ID count is running")
            })?;
        to_json(&SitesJobReport {
            lines: self.fp_lines(job.end),
            sites: job.study.finish(),
        })
    }

    /// Starts counting distinct lines after the canonicalisations `toggles` (ids, comma
    /// separated; none: the lines as they are) together, on the first `max_lines` loaded lines,
    /// run in slices by `fpComboRun`. Replaces an unfinished one.
    #[wasm_bindgen(js_name = fpComboBegin)]
    pub fn fp_combo_begin(&mut self, toggles: &str, max_lines: f64) -> Result<(), JsError> {
        self.fingerprint.combo = None;
        let on = parse_toggles(toggles)?;
        let end = self.fp_end(max_lines, "canonical")?;
        let t = on.iter().fold(Toggles::none(), |t, &x| t.with(x, true));
        self.fingerprint.combo = Some(Box::new(ComboJob {
            canonicalizer: Canonicalizer::new(t),
            toggles: on,
            end,
            next: 0,
            lines: 0,
            unparsable: Occurrences::default(),
            before: FoldSet::default(),
            after: FoldSet::default(),
            changed: 0,
        }));
        Ok(())
    }

    /// Canonicalises at most `max_lines` more lines; returns the share done.
    #[wasm_bindgen(js_name = fpComboRun)]
    pub fn fp_combo_run(&mut self, max_lines: u32) -> Result<f64, JsError> {
        let mut job =
            self.fingerprint.combo.take().ok_or_else(|| {
                super::sequence("canonical", "no canonicalisation count is running")
            })?;
        let start = job.next;
        let stop = start.saturating_add(max_lines as usize).min(job.end);
        let ComboJob {
            canonicalizer,
            lines,
            unparsable,
            before,
            after,
            changed,
            ..
        } = &mut *job;
        self.session.for_each_line(start, stop, |_, line, number| {
            *lines += 1;
            // As CanonicalStudy reads a line: invalid UTF-8 lossily.
            let text = String::from_utf8_lossy(line);
            match canonicalizer.canonical(&text) {
                Ok(c) => {
                    before.insert(xxh3_128(line));
                    if c != text {
                        *changed += 1;
                    }
                    after.insert(xxh3_128(c.as_bytes()));
                }
                Err(_) => unparsable.record(number),
            }
        });
        job.next = stop;
        let done = share(stop, job.end);
        self.fingerprint.combo = Some(job);
        Ok(done)
    }

    /// Ends the count and returns `{loaded, lines, capped, toggles, parsed, unparsable,
    /// distinct_before, distinct_after, merged, changed_lines}`.
    #[wasm_bindgen(js_name = fpComboFinish)]
    pub fn fp_combo_finish(&mut self) -> Result<String, JsError> {
        self.fp_combo_run(u32::MAX)?;
        let job =
            self.fingerprint.combo.take().ok_or_else(|| {
                super::sequence("canonical", "no canonicalisation count is running")
            })?;
        let (before, after) = (job.before.len() as u64, job.after.len() as u64);
        to_json(&ComboReport {
            lines: self.fp_lines(job.end),
            toggles: job.toggles.iter().map(|t| t.id()).collect(),
            parsed: job.lines - job.unparsable.count,
            unparsable: job.unparsable,
            distinct_before: before,
            distinct_after: after,
            merged: before - after,
            changed_lines: job.changed,
        })
    }
}

impl Lab {
    /// The end of a job over the first `max_lines` loaded lines, once they can be read.
    fn fp_end(&self, max_lines: f64, what: &str) -> Result<usize, JsError> {
        let max = whole(max_lines, 1.0, "lines")?;
        if self.session.is_empty() {
            return Err(coded!(
                "no-urls",
                [what],
                "no URLs are loaded for the {}",
                what.replace('-', " ")
            ));
        }
        let prefix = self
            .session
            .prefix(max.min(usize::MAX as u64) as usize, what)?;
        Ok(prefix.lines as usize)
    }

    fn fp_lines(&self, end: usize) -> Lines {
        Lines {
            loaded: self.session.len() as u64,
            lines: end as u64,
            capped: end < self.session.len(),
        }
    }
}
