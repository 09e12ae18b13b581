//! P2's crawl fed with the input, for `partition` and `paper p2`: every line handed to the
//! simulation, the lines without a host counted and told on stderr.

use anyhow::Result;
use rayon::prelude::*;
use serde::Serialize;
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::mechanisms::partition::{Simulation, COST_URLS};

use crate::input::{warn_input, Source, Unsplittable};
use crate::par::{batches, ThreadsArg};

/// The input of P2's crawl: where it came from, what it held, the lines without a host.
#[derive(Serialize)]
pub(crate) struct CrawlInput {
    pub(crate) source: Source,
    #[serde(flatten)]
    pub(crate) stats: InputStats,
    pub(crate) unsplittable: Unsplittable,
    /// The first [`COST_URLS`] distinct URLs with a host, for timing the policies.
    #[serde(skip)]
    pub(crate) sample: Vec<Vec<u8>>,
}

/// Says on stderr how many lines have no host (they reach no crawl node), and the first.
pub(crate) fn warn_no_host(bad: &Unsplittable) {
    if bad.lines.count > 0 {
        eprintln!(
            "urlhash: warning: {} line(s) have no host and reach no node (first: {})",
            bad.lines.count,
            bad.first_error.as_deref().unwrap_or("")
        );
    }
}

/// Feeds every line of `source` to `sim`, recording the lines it cannot split.
pub(crate) fn feed(
    source: &Source,
    threads: &ThreadsArg,
    sim: &mut Simulation,
) -> Result<CrawlInput> {
    let pool = threads.pool()?;
    let mut bad = Unsplittable::default();
    let mut routed = Vec::new();
    let mut sample = Vec::new();
    // Each batch routed on every core (host, path, every policy's node), then counted by the
    // control node and the crawl nodes in input order (par.rs).
    let stats = batches(
        source,
        |_, _| {},
        |batch| {
            let sim_ref = &*sim;
            pool.install(|| {
                (0..batch.len())
                    .into_par_iter()
                    .map(|i| sim_ref.route(batch.line(i)))
                    .collect_into_vec(&mut routed)
            });
            for (i, r) in routed.drain(..).enumerate() {
                match sim.apply(batch.number(i), r) {
                    Ok(true) if sample.len() < COST_URLS => sample.push(batch.line(i).to_vec()),
                    Ok(_) => {}
                    Err(e) => bad.record(batch.number(i), e),
                }
            }
        },
    )?;
    warn_input(&stats, None);
    warn_no_host(&bad);
    Ok(CrawlInput {
        source: source.clone(),
        stats,
        unsplittable: bad,
        sample,
    })
}
