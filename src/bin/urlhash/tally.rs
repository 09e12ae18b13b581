//! P1's slot tallies of an input, shared by `dist`, `slotmap`, `sweep` and `paper p1`: the
//! description of the input their JSON carries, and the slots of every key under each function.

use anyhow::Result;
use serde::Serialize;
use urlhashlab::hash::HashId;
use urlhashlab::key::Key;
use urlhashlab::lines::InputStats;
use urlhashlab::metrics::Tally;

use crate::flags::InputArgs;
use crate::input::{for_each_key, nothing_to_hash, warn_input, Source, Unsplittable};

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
) -> Result<(Vec<Tally>, InputReport)> {
    let source = Source::from_args(&input.source, 1_000_000);
    let key: Key = input.key.into();
    let mut tallies: Vec<Tally> = functions.iter().map(|_| Tally::new(m)).collect();
    let (stats, bad) = for_each_key(&source, key, |_, k| {
        for (f, t) in functions.iter().zip(tallies.iter_mut()) {
            t.add(f.slot(k, m));
        }
    })?;
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
