//! The trie study (`trie`, `{maxLines, step}`): `urlhash trie` on the first `maxLines` loaded
//! lines, P4's generalized-list trie (吴小惠) beside the usual ways of remembering URLs, with
//! a checkpoint every `step` lines (0: P4's sizes and the end only). It leaves the distinct URLs
//! it read in the session ([`Session::trie_urls`]), which the structures are then built from
//! and timed on ([`crate::mechanisms::trie::time_structure`]).

use super::protocol::{first, Partial, Report, StudyReport, Task};
use super::reports::{Projection, TrieReport, STRUCTURE_BUDGET};
use crate::engine::session::share;
use crate::engine::session::{Prefix, Session};
use crate::foundation::coded::{whole, Coded};
use crate::foundation::split::{Distinct, Keys};
use crate::mechanisms::trie::Structure;
use crate::papers::p4::TrieStudyBuilder;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct TrieParams {
    max_lines: f64,
    step: f64,
}

struct TrieTask {
    builder: TrieStudyBuilder,
    prefix: Prefix,
    next: usize,
    distinct: Distinct,
}

pub(super) fn trie(p: TrieParams, session: &Session) -> Result<Box<dyn Task>, Coded> {
    let max = whole(p.max_lines, 1.0, "trie-lines")?;
    let step = whole(p.step, 0.0, "checkpoint-step")?;
    let prefix = first(session, max, "trie")?;
    Ok(Box::new(TrieTask {
        builder: TrieStudyBuilder::new(step, &Structure::ALL).ending_at(prefix.lines),
        prefix,
        next: 0,
        distinct: Distinct::default(),
    }))
}

/// The distinct URLs a trie study of the first `max_lines` loaded lines builds its structures
/// from and leaves in the session, in the order they first came, computed without the study:
/// the page hands them to a second worker, which times the structures while the study reads.
pub fn trie_urls(session: &Session, max_lines: f64) -> Result<Keys, Coded> {
    let max = whole(max_lines, 1.0, "trie-lines")?;
    let prefix = first(session, max, "trie")?;
    let mut distinct = Distinct::default();
    session.for_each_line(0, prefix.lines as usize, |_, line, _| {
        distinct.add(line);
    });
    Ok(distinct.into_keys())
}

impl Task for TrieTask {
    fn step(&mut self, session: &mut Session, budget: usize) -> Result<f64, Coded> {
        let end = self.prefix.lines as usize;
        let stop = self.next.saturating_add(budget).min(end);
        let (builder, distinct) = (&mut self.builder, &mut self.distinct);
        session.for_each_line(self.next, stop, |_, line, _| {
            builder.push(line);
            distinct.add(line);
        });
        self.next = stop;
        Ok(share(stop, end))
    }

    fn partial(&self) -> Option<Partial<'_>> {
        Some(Partial::TrieGrowth {
            lines: self.builder.lines(),
            structures: self.builder.structures(),
            checkpoints: self.builder.checkpoints(),
            claims: Box::new(crate::papers::p4::p4_claims()),
        })
    }

    fn finish(mut self: Box<Self>, session: &mut Session) -> Result<StudyReport, Coded> {
        self.step(session, usize::MAX)?;
        let task = *self;
        let study = task.builder.finish();
        let loaded = session.len() as u64;
        let capped = task.prefix.lines < loaded;
        let projected = match study.checkpoints.last() {
            Some(last) if capped => last
                .rows
                .iter()
                .map(|r| {
                    let bytes = r.bytes_per_url * loaded as f64;
                    Projection {
                        structure: r.structure,
                        bytes_per_url: r.bytes_per_url,
                        urls: loaded,
                        bytes,
                        fits: bytes <= STRUCTURE_BUDGET as f64,
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let report = TrieReport {
            loaded,
            lines: task.prefix.lines,
            capped,
            by_budget: task.prefix.by_budget,
            distinct: task.distinct.len() as u64,
            study,
            projected,
            budget_bytes: STRUCTURE_BUDGET,
        };
        session.set_trie_urls(task.distinct.into_keys());
        Ok(StudyReport {
            report: Report::Trie(Box::new(report)),
            prefix: task.prefix,
        })
    }
}
