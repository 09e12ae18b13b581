//! The hash-quality battery study (`quality`, `{maxLines}`): the first lines into
//! [`crate::mechanisms::quality`]'s battery, every registry function, as `urlhash quality --json
//! --maps` reports it without its timings (the page times each function apart with the
//! browser's clock, one a request). In the page's second WebAssembly module
//! (`study::BEYOND_KINDS`).
//!
//! A step reads lines into the battery, then runs its units: a unit (one keyset built, or one
//! function's tests on one keyset) counts as [`UNIT_LINES`] lines of the step's budget, at
//! least one a step.

use super::protocol::{first, Partial, Report, StudyReport, Task};
use crate::engine::session::{Prefix, Session};
use crate::foundation::coded::Coded;
use crate::foundation::hash::REGISTRY;
use crate::mechanisms::quality::{Battery, QualityParams, QualityStudy};

/// The budget, in lines, one unit of the battery counts as.
pub const UNIT_LINES: usize = 20_000;

/// The lines read and the battery run on them.
struct QualityTask {
    prefix: Prefix,
    read: usize,
    study: Option<QualityStudy>,
    battery: Option<Battery>,
}

/// The battery on the first `max_lines` loaded lines, every registry function, synthetic sets
/// included (the CLI's defaults).
pub(super) fn begin(max_lines: u64, session: &Session) -> Result<Box<dyn Task>, Coded> {
    let prefix = first(session, max_lines, "quality")?;
    let ids: Vec<_> = REGISTRY.iter().map(|f| f.id).collect();
    Ok(Box::new(QualityTask {
        prefix,
        read: 0,
        study: Some(QualityStudy::for_hashes(&ids, QualityParams::default())),
        battery: None,
    }))
}

impl Task for QualityTask {
    fn step(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded> {
        let lines = self.prefix.lines as usize;
        if let Some(study) = self.study.as_mut() {
            let end = lines.min(self.read.saturating_add(budget.max(1)));
            session.for_each_line(self.read, end, |_, line, _| study.push(line));
            self.read = end;
            if self.read < lines {
                return Ok(0.1 * self.read as f64 / lines.max(1) as f64);
            }
            let study = self.study.take().expect("the study is there");
            self.battery = Some(study.begin().untimed());
            return Ok(0.1);
        }
        let battery = self
            .battery
            .as_mut()
            .expect("the battery runs after the lines");
        let mut spent = 0usize;
        let mut zero = || 0.0;
        while spent == 0 || spent + UNIT_LINES <= budget {
            if !battery.step(&mut zero) {
                break;
            }
            spent += UNIT_LINES;
        }
        let share = battery.done() as f64 / battery.units().max(1) as f64;
        Ok(if battery.done() >= battery.units() {
            1.0
        } else {
            0.1 + 0.9 * share
        })
    }

    fn partial(&self) -> Option<Partial<'_>> {
        let b = self.battery.as_ref()?;
        let (functions, finished) = b.functions_so_far();
        Some(Partial::QualityRows {
            done: b.done() as u64,
            units: b.units() as u64,
            finished: finished as u64,
            functions,
        })
    }

    fn finish(mut self: Box<Self>, session: &mut Session) -> Result<StudyReport, Coded> {
        while self.step(session, usize::MAX)? < 1.0 {}
        let battery = self.battery.take().expect("the battery ran");
        Ok(StudyReport {
            report: Report::Quality(Box::new(battery.finish())),
            prefix: self.prefix,
        })
    }
}
