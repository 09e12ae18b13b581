//! P2's crawl fed with the input, for `partition` and `paper p2`: every line handed to the
//! simulation, the lines without a host counted and told on stderr.

use anyhow::Result;
use serde::Serialize;
use urlhashlab::lines::InputStats;

use crate::input::{for_each_url, warn_input, Source, Unsplittable};

/// The input of P2's crawl: where it came from, what it held, the lines without a host.
#[derive(Serialize)]
pub(crate) struct CrawlInput {
    pub(crate) source: Source,
    #[serde(flatten)]
    pub(crate) stats: InputStats,
    pub(crate) unsplittable: Unsplittable,
}

/// Feeds every line of `source` to `push`, recording the lines it cannot split.
pub(crate) fn feed(
    source: &Source,
    mut push: impl FnMut(u64, &[u8]) -> Result<bool, urlhashlab::key::SplitError>,
) -> Result<CrawlInput> {
    let mut bad = Unsplittable::default();
    let stats = for_each_url(source, |n, line| {
        if let Err(e) = push(n, line) {
            bad.record(n, e);
        }
    })?;
    warn_input(&stats, None);
    if bad.lines.count > 0 {
        eprintln!(
            "urlhash: warning: {} line(s) have no host and reach no node (first: {})",
            bad.lines.count,
            bad.first_error.as_deref().unwrap_or("")
        );
    }
    Ok(CrawlInput {
        source: source.clone(),
        stats,
        unsplittable: bad,
    })
}
