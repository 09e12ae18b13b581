//! P4's Fig. 1 step by step: a few URLs inserted into the generalized list and some looked up,
//! as printed or with the lab's end marks, every step of every operation and the final nodes to
//! draw.

use super::list::{DrawNode, GlStats, GlTrie, Step, StepAction};
use crate::foundation::coded::Coded;
use serde::Serialize;

/// `trieTrace` takes at most this many URLs, inserted and looked up together…
pub const TRACE_MAX_URLS: usize = 24;
/// …of at most this many bytes each…
pub const TRACE_MAX_URL_BYTES: usize = 400;
/// …and draws at most this many nodes.
pub const TRACE_MAX_NODES: usize = 1_000;

/// One insertion or lookup of a [`Trace`], step by step.
#[derive(Serialize)]
pub struct TraceOp<'a> {
    /// `insert` or `lookup`.
    pub kind: &'static str,
    /// The URL inserted or looked up (its line, trimmed).
    pub url: &'a str,
    /// Every step of the walk, the verdict last.
    pub steps: Vec<Step>,
    /// The last step's action: `new`, `seen`, `missing` or `unmarked`.
    pub verdict: StepAction,
}

/// P4's Fig. 1 replayed on a few URLs (see [`trace`]).
#[derive(Serialize)]
pub struct Trace<'a> {
    /// Whether the list has the lab's end marks (`false`: P4 as printed).
    pub fixed: bool,
    /// The insertions in order, then the lookups.
    pub ops: Vec<TraceOp<'a>>,
    /// The final nodes for drawing, ids in creation order (at most [`TRACE_MAX_NODES`]).
    pub nodes: Vec<DrawNode>,
    /// The measures of the final list.
    pub stats: GlStats,
}

fn url_list(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect()
}

fn op<'a>(kind: &'static str, url: &'a str, steps: Vec<Step>) -> TraceOp<'a> {
    let verdict = steps.last().map_or(StepAction::Missing, |s| s.action);
    TraceOp {
        kind,
        url,
        steps,
        verdict,
    }
}

/// P4's list built from `inserts` (one URL per line, blank lines skipped), then `lookups`
/// looked up, as printed or with end marks (`fixed`): every step of every operation, and the
/// final nodes (ids in creation order) for drawing.
pub fn trace<'a>(inserts: &'a str, lookups: &'a str, fixed: bool) -> Result<Trace<'a>, Coded> {
    let (ins, look) = (url_list(inserts), url_list(lookups));
    if ins.is_empty() {
        return Err(crate::coded!(
            "trace-empty",
            [],
            "type at least one URL to insert"
        ));
    }
    if ins.len() + look.len() > TRACE_MAX_URLS {
        return Err(crate::coded!(
            "trace-too-many",
            [TRACE_MAX_URLS, ins.len() + look.len()],
            "the diagram takes at most {TRACE_MAX_URLS} URLs; this is {}",
            ins.len() + look.len()
        ));
    }
    if let Some(long) = ins
        .iter()
        .chain(&look)
        .find(|u| u.len() > TRACE_MAX_URL_BYTES)
    {
        return Err(crate::coded!(
            "trace-too-long",
            [TRACE_MAX_URL_BYTES, long.len()],
            "the diagram takes URLs of at most {TRACE_MAX_URL_BYTES} bytes; one has {}",
            long.len()
        ));
    }
    let mut gl = if fixed {
        GlTrie::with_end_marks()
    } else {
        GlTrie::new()
    };
    let mut ops = Vec::new();
    for url in ins {
        let steps = gl.insert_traced(url.as_bytes());
        if gl.nodes() > TRACE_MAX_NODES as u64 {
            return Err(crate::coded!(
                "trace-too-big",
                [TRACE_MAX_NODES],
                "these URLs make more than {TRACE_MAX_NODES} nodes, too many to draw; use fewer or shorter URLs"
            ));
        }
        ops.push(op("insert", url, steps));
    }
    for url in look {
        ops.push(op("lookup", url, gl.contains_traced(url.as_bytes())));
    }
    Ok(Trace {
        fixed,
        ops,
        nodes: gl.nodes_for_drawing(TRACE_MAX_NODES),
        stats: gl.stats(),
    })
}
