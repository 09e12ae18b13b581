//! The lessons' self-check questions ([`crate::engine::quiz`]) on the loaded lines: this picks the lines
//! a question is about and hands them to the core.

use super::{to_js, Lab};
use crate::engine::quiz;
use wasm_bindgen::prelude::*;

/// Lines a question tries before it gives up (a line it cannot ask about is skipped).
const ATTEMPTS: u32 = 64;

#[wasm_bindgen]
impl Lab {
    /// Question `index` of lesson `lesson` (`p1` … `p5`) for `seed`:
    /// [`crate::engine::quiz::Question`]: the same seed, lesson, index and input give the same question.
    /// P5's needs the filters' split of the URLs (a Bloom or counting-filter job first).
    pub fn quiz(&self, lesson: &str, seed: f64, index: u32) -> Result<JsValue, JsError> {
        if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0) {
            return Err(coded!(
                "not-whole",
                ["seed", 0, seed],
                "seed must be a whole number >= 0, not {seed}"
            ));
        }
        let seed = seed as u64;
        let n = self.session.readable() as u64;
        if lesson == "p5" {
            let keys = self
                .session
                .filter_keys()
                .ok_or_else(|| coded!("quiz-needs-filter", [], "the P5 question needs the filters' split of the URLs: run the Bloom filter view first"))?;
            let inserted: Vec<&[u8]> = keys.inserted().collect();
            let held: Vec<&[u8]> = keys.held_out().collect();
            let q = quiz::false_positive(
                seed,
                index,
                inserted.iter().copied(),
                inserted.len() as u64,
                &held,
            )
            .ok_or_else(|| {
                coded!(
                    "quiz-too-few",
                    [lesson],
                    "the input has too few URLs for this question"
                )
            })?;
            return to_js(&q);
        }
        if !matches!(lesson, "p1" | "p2" | "p3" | "p4") {
            return Err(coded!(
                "quiz-lesson",
                [lesson],
                "there is no lesson '{lesson}'"
            ));
        }
        if n == 0 {
            return Err(coded!(
                "no-urls",
                ["quiz"],
                "no URLs are loaded for the question"
            ));
        }
        for attempt in 0..ATTEMPTS {
            let at = quiz::pick(seed, lesson, index, attempt, n) as usize;
            let mut asked = None;
            self.session.for_each_line(at, at + 1, |_, line, _| {
                asked = match lesson {
                    "p1" => Some(quiz::slot(seed, index, line)),
                    // Every other question: the node once one of 8 dies.
                    "p2" if index % 2 == 1 => quiz::node_dies(line),
                    "p2" => quiz::node(line),
                    "p3" => quiz::fingerprint(seed, index, line),
                    _ => quiz::prefix(seed, index, line),
                };
            });
            if let Some(q) = asked {
                return to_js(&q);
            }
        }
        Err(coded!(
            "quiz-too-few",
            [lesson],
            "no loaded line suits this question (URLs with a host are needed)"
        ))
    }
}
