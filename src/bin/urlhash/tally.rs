//! P1's slot tallies of an input, shared by `dist`, `slotmap`, `sweep` and `paper p1`: the
//! description of the input their JSON carries, and the slots of every key under each function.

use anyhow::Result;
use serde::Serialize;
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::key::Key;
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::foundation::metrics::Tally;
use urlhashlab::mechanisms::sweep::{Measure, Series, SweepParts};

use crate::flags::InputArgs;
use crate::input::{nothing_to_hash, warn_input, Source, Unsplittable};
use crate::par::{count_lines, ThreadsArg};

/// The input of a P1 measure: where it came from, which part of each URL was hashed, and what
/// it held.
#[derive(Serialize)]
pub(crate) struct InputReport {
    pub(crate) source: Source,
    pub(crate) key: Key,
    #[serde(flatten)]
    pub(crate) stats: InputStats,
    pub(crate) unsplittable: Unsplittable,
}

/// The slots of every key of `input` under each of `functions` at M = `m` (`dist` and
/// `slotmap`), and the input's description, its problems told on stderr; an input with no key
/// to hash is an error.
pub(crate) fn tally_input(
    functions: &[HashId],
    m: u32,
    input: &InputArgs,
    threads: &ThreadsArg,
) -> Result<(Vec<Tally>, InputReport)> {
    let source = Source::from_args(&input.source, 1_000_000);
    let key: Key = input.key.into();
    // One series per function, no checkpoint: its tally at the end, counted on every core.
    let series: Vec<Series> = functions
        .iter()
        .map(|&hash| Series {
            figure: 0,
            hash,
            m,
            measure: Measure::A,
        })
        .collect();
    let pool = threads.pool()?;
    let mut parts = SweepParts::new(&series, u64::MAX, pool.current_num_threads());
    let (stats, bad) = count_lines(&pool, &source, key, Some(&mut parts), |_, _| {})?;
    let tallies = parts.into_tallies();
    warn_input(&stats, Some((&bad, key)));
    if tallies.first().map_or(0, Tally::n) == 0 {
        return Err(nothing_to_hash(&source, &stats, &bad));
    }
    Ok((
        tallies,
        InputReport {
            source,
            key,
            stats,
            unsplittable: bad,
        },
    ))
}
