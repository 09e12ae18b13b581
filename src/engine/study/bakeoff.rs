//! The filter bake-off study (`filters`, `{bitsPerKey, fpr, methods}`): on the filter studies'
//! split of the loaded URLs ([`super::filters`]), every filter of
//! [`crate::mechanisms::bakeoff`] at each setting, as `urlhash filters --json` has them (without
//! its build and lookup times, which the page takes apart: [`time_row`]). In the page's second
//! WebAssembly module (`study::BEYOND_KINDS`).
//!
//! A row is built and measured whole in one step (the xor and binary fuse filters are built
//! from all their keys at once): a step measures rows until its budget of keys is spent, at
//! least one.

use super::filters::{split_keys, Split, KEYS_SHARE};
use super::protocol::{Partial, Report, StudyReport, Task};
pub use super::reports::BakeoffReport;
use crate::engine::session::Session;
use crate::foundation::coded::Coded;
use crate::mechanisms::bakeoff::{
    measure_in, plans, time_plan, Bench, FilterRow, FiltersReport, Plan, Setting,
};
use crate::mechanisms::bloom::{parse_method, IndexMethod};
use serde::Serialize;

/// The settings of a bake-off, checked: bits per key first, then target rates; the Bloom
/// filter's index methods (every one when none is named).
pub fn settings(
    bits_per_key: &[f64],
    fpr: &[f64],
    methods: Option<&[String]>,
) -> Result<(Vec<Setting>, Vec<IndexMethod>), Coded> {
    if bits_per_key.is_empty() && fpr.is_empty() {
        return Err(crate::coded!(
            "filters-no-setting",
            [],
            "give at least one number of bits per key or one target false-positive rate"
        ));
    }
    let mut out = Vec::new();
    for &b in bits_per_key {
        out.push(
            Setting::BitsPerKey(b)
                .checked()
                .map_err(|e| crate::coded!("bits-per-key-range", [b], "{e}"))?,
        );
    }
    for &e in fpr {
        out.push(
            Setting::Fpr(e)
                .checked()
                .map_err(|why| crate::coded!("target-fpr-range", [e], "{why}"))?,
        );
    }
    let methods = match methods {
        None => IndexMethod::ALL.to_vec(),
        Some(ids) => ids
            .iter()
            .map(|m| parse_method(m))
            .collect::<Result<_, _>>()?,
    };
    Ok((out, methods))
}

struct BakeoffTask {
    split: Split,
    settings: Vec<Setting>,
    methods: Vec<IndexMethod>,
    /// The plans, once the split says how many keys are inserted.
    plans: Option<Vec<Plan>>,
    rows: Vec<FilterRow>,
    /// The MD5 derivation the `md5-slices` rows of one shape share.
    bench: Bench,
}

pub(super) fn begin(
    settings: Vec<Setting>,
    methods: Vec<IndexMethod>,
    session: &Session,
) -> Result<Box<dyn Task>, Coded> {
    Ok(Box::new(BakeoffTask {
        split: Split::new(session)?,
        settings,
        methods,
        plans: None,
        rows: Vec::new(),
        bench: Bench::new(),
    }))
}

impl Task for BakeoffTask {
    fn step(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded> {
        let split = self.split.advance(session, budget)?;
        if split < 1.0 {
            return Ok(KEYS_SHARE * split);
        }
        let keys = split_keys(session)?;
        let inserted: Vec<&[u8]> = keys.inserted().collect();
        let held_out: Vec<&[u8]> = keys.held_out().collect();
        let plans = self
            .plans
            .get_or_insert_with(|| plans(&self.settings, &self.methods, inserted.len() as u64));
        let cost = (inserted.len() + held_out.len()).max(1);
        let mut spent = 0usize;
        while self.rows.len() < plans.len() && (spent == 0 || spent + cost <= budget) {
            let plan = &plans[self.rows.len()];
            (self.rows).push(measure_in(&mut self.bench, plan, &inserted, &held_out));
            spent += cost;
        }
        let done = self.rows.len() as f64 / plans.len().max(1) as f64;
        Ok(if self.rows.len() >= plans.len() {
            1.0
        } else {
            KEYS_SHARE + (1.0 - KEYS_SHARE) * done
        })
    }

    fn partial(&self) -> Option<Partial<'_>> {
        let planned = self.plans.as_ref()?.len();
        Some(Partial::FilterRows {
            rows: &self.rows,
            planned,
        })
    }

    fn finish(mut self: Box<Self>, session: &mut Session) -> Result<StudyReport, Coded> {
        while self.step(session, usize::MAX)? < 1.0 {}
        let keys = split_keys(session)?;
        let info = keys.info.clone();
        Ok(StudyReport {
            report: Report::Filters(Box::new(BakeoffReport {
                report: FiltersReport {
                    inserted: info.inserted,
                    held_out: info.held_out,
                    filters: self.rows,
                },
                input: info,
            })),
            prefix: session.prefix(usize::MAX, "filters")?,
        })
    }
}

/// One row's build and lookup, timed: what `urlhash filters` adds to a row.
#[derive(Serialize)]
pub struct RowTime {
    /// The row's filter ([`crate::mechanisms::bakeoff::FilterKind::id`]).
    pub filter: &'static str,
    /// Nanoseconds per key to build it, or None when it could not be built.
    pub build_ns_per_key: Option<f64>,
    /// Nanoseconds per held-out key looked up, or None.
    pub lookup_ns_per_key: Option<f64>,
}

/// Row `index` of the bake-off of `settings` and `methods` (as [`settings`] checks them), built
/// and looked up again on the session's split (a `filters` study first) and timed with clock
/// `now`: the page's timings, as the CLI's.
pub fn time_row(
    session: &Session,
    settings: &[Setting],
    methods: &[IndexMethod],
    index: usize,
    now: &mut dyn FnMut() -> f64,
) -> Result<RowTime, Coded> {
    let keys = split_keys(session)?;
    let inserted: Vec<&[u8]> = keys.inserted().collect();
    let held_out: Vec<&[u8]> = keys.held_out().collect();
    let plans = plans(settings, methods, inserted.len() as u64);
    let plan = plans.get(index).ok_or_else(|| {
        crate::foundation::coded::sequence("filters-row", "no such row of the bake-off")
    })?;
    // Timed only: its rate was measured by the study.
    let (build, lookup) = time_plan(plan, &inserted, &held_out, now);
    Ok(RowTime {
        filter: plan.filter.id(),
        build_ns_per_key: build,
        lookup_ns_per_key: lookup,
    })
}
