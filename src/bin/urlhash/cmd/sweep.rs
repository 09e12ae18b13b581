//! `urlhash sweep`: P1's Fig. 1 (A), Fig. 2 (B) and Fig. 3 (hf's B) at every N checkpoint.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use urlhashlab::foundation::corpus::Corpus;
use urlhashlab::foundation::key::{self, Key};
use urlhashlab::foundation::lines::InputStats;
use urlhashlab::mechanisms::sweep::{self, Figure, Point, Series, Sweep, SweepParts};

use crate::emit::{group, write_report, Cell, Format, Out, Table};
use crate::flags::{parse_count, parse_figure, InputArgs};
use crate::input::{nothing_to_hash, warn_input, Source, Unsplittable};
use crate::par::{count_lines, ThreadsArg};
use crate::tally::InputReport;

/// The arguments of `urlhash sweep` (see `Command::Sweep`).
#[derive(Args)]
pub(crate) struct SweepArgs {
    /// Figures, comma separated: 1, 2, 3.
    #[arg(long, value_name = "1|2|3", value_delimiter = ',', required = true, value_parser = parse_figure)]
    pub(crate) fig: Vec<Figure>,
    /// Checkpoint interval (default: P1's, 500 000 for Fig. 1-2 and 10 000 for Fig. 3).
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub(crate) step: Option<u64>,
    #[command(flatten)]
    pub(crate) input: InputArgs,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
    #[arg(long)]
    pub(crate) json: bool,
}

impl SweepArgs {
    pub(crate) fn run(&self) -> Result<()> {
        let mut figs = self.fig.clone();
        figs.dedup();
        let (input, points) = sweep_input(&figs, self.step, &self.input, &self.threads)?;
        let report = SweepReport {
            input,
            figures: figs.iter().map(|f| f.number()).collect(),
            points,
        };
        write_report(Format::of(self.json, self.csv), &report, |out| {
            print_sweep(out, &figs, &report.input, &report.points)
        })
    }
}

/// Fig. 3's random sample of the corpus, drawn by index (numbered by corpus line).
fn corpus_sample(n: u64, seed: u64) -> Vec<(u64, Vec<u8>)> {
    let corpus = Corpus::new(seed);
    let mut buf = Vec::new();
    sweep::sample_indices(n, urlhashlab::foundation::printed::FIG3_SAMPLE, seed)
        .into_iter()
        .map(|i| {
            corpus.url(i, &mut buf);
            (i + 1, buf.clone())
        })
        .collect()
}

#[derive(Serialize)]
struct SweepReport {
    input: InputReport,
    figures: Vec<u8>,
    points: Vec<Point>,
}

/// The points of `figs` measured on `input`, checkpoints every `step` URLs, and the input's
/// description.
fn sweep_input(
    figs: &[Figure],
    step: Option<u64>,
    input: &InputArgs,
    threads: &ThreadsArg,
) -> Result<(InputReport, Vec<Point>)> {
    let key: Key = input.key.into();
    let mut all_points = Vec::new();
    let source = Source::from_args(&input.source, Figure::Fig1.paper_n());
    // Fig. 1 and 2 share one pass over the whole input; Fig. 3 uses a random sample of it,
    // drawn in the same pass from a file or standard input (which can be read once only).
    let big: Vec<Figure> = figs
        .iter()
        .copied()
        .filter(|f| *f != Figure::Fig3)
        .collect();
    let fig3 = figs.contains(&Figure::Fig3);
    let pool = threads.pool()?;
    // Fig. 1 and 2's series counted by as many parts as threads, each key hashed once on the
    // pool (par.rs).
    let mut big_sweep = (!big.is_empty()).then(|| {
        let series: Vec<Series> = big.iter().flat_map(|f| f.series()).collect();
        SweepParts::new(
            &series,
            step.unwrap_or(Figure::Fig1.default_step()),
            pool.current_num_threads(),
        )
    });
    let mut reservoir = match source {
        Source::Corpus { .. } => None,
        _ => fig3.then(|| sweep::LineReservoir::new(urlhashlab::foundation::printed::FIG3_SAMPLE)),
    };
    let (stats, bad) = if big_sweep.is_some() || reservoir.is_some() {
        count_lines(&pool, &source, key, big_sweep.as_mut(), |n, line| {
            if let Some(r) = &mut reservoir {
                r.push(n, line);
            }
        })?
    } else {
        (InputStats::default(), Unsplittable::default())
    };
    let mut input_report = None;
    if let Some(mut sweep) = big_sweep {
        warn_input(&stats, Some((&bad, key)));
        if sweep.n() == 0 {
            return Err(nothing_to_hash(&source, &stats, &bad));
        }
        all_points.extend(sweep.finish());
        input_report = Some(InputReport {
            source: source.clone(),
            key,
            stats: stats.clone(),
            unsplittable: bad,
        });
    }
    if fig3 {
        let (sample, stats, total) = match (&source, reservoir) {
            (Source::Corpus { n, seed }, _) => (
                corpus_sample(*n, *seed),
                InputStats {
                    lines: *n,
                    urls: *n,
                    ..InputStats::default()
                },
                *n,
            ),
            (_, Some(r)) => {
                let total = r.seen();
                (r.finish(), stats, total)
            }
            (_, None) => unreachable!("a file's sample is drawn when Fig. 3 is asked for"),
        };
        let mut sweep = Sweep::new(
            &Figure::Fig3.series(),
            step.unwrap_or(Figure::Fig3.default_step()),
        );
        let mut bad = Unsplittable::default();
        for (n, line) in &sample {
            match key::extract(line, key) {
                Ok(k) => sweep.push(&k),
                Err(e) => {
                    bad.record(*n, e);
                }
            }
        }
        if input_report.is_none() {
            warn_input(&stats, Some((&bad, key)));
        }
        if sweep.n() == 0 {
            return Err(nothing_to_hash(&source, &stats, &bad));
        }
        eprintln!(
            "urlhash: Fig. 3 uses {} URLs drawn at random from {}",
            group(sample.len() as u64),
            group(total)
        );
        all_points.extend(sweep.finish());
        input_report.get_or_insert(InputReport {
            source: source.clone(),
            key,
            stats,
            unsplittable: bad,
        });
    }
    Ok((input_report.expect("at least one figure"), all_points))
}

/// The text: a table per figure, a row per checkpoint, a column per series; the CSV: every
/// point on a line, as `sweep --csv` always wrote it.
fn print_sweep(
    out: &mut Out,
    figs: &[Figure],
    input: &InputReport,
    points: &[Point],
) -> std::io::Result<()> {
    let mut all = Table::new("points")
        .left("figure", 0)
        .left("measure", 0)
        .left("function", 0)
        .left("m", 0)
        .left("n", 0)
        .left("value", 0);
    for p in points {
        all.row(vec![
            Cell::int(p.figure),
            format!("{:?}", p.measure).into(),
            p.function.into(),
            Cell::int(p.m),
            Cell::int(p.n),
            format!("{:.6}", p.value).into(),
        ]);
    }
    out.csv_table(&all)?;
    writeln!(
        out,
        "{}, key {}",
        input.source.describe(),
        input.key.as_str()
    )?;
    for fig in figs {
        let series = fig.series();
        writeln!(
            out,
            "\nP1 Fig. {} — {} ({})",
            fig.number(),
            match fig.measure() {
                sweep::Measure::A => "A, query performance (smaller is better, optimum (N/M+1)/2)",
                sweep::Measure::B => "B, load balance (1 is perfect)",
            },
            if *fig == Figure::Fig3 {
                "hf only, random sample"
            } else {
                "ELFhash, HfIp, hf"
            }
        )?;
        let mut t = Table::new(format!("Fig. {}", fig.number())).right("N", 11);
        for s in &series {
            t = t.right(format!("{}@{}", s.hash.info().key, s.m), 15);
        }
        let mut ns: Vec<u64> = points
            .iter()
            .filter(|p| p.figure == fig.number())
            .map(|p| p.n)
            .collect();
        ns.dedup();
        for n in ns {
            let mut row = vec![Cell::int(n)];
            for s in &series {
                let v = points
                    .iter()
                    .find(|p| {
                        p.figure == fig.number()
                            && p.n == n
                            && p.m == s.m
                            && p.function == s.hash.info().key
                    })
                    .map_or(f64::NAN, |p| p.value);
                row.push(Cell::fixed(v, 4));
            }
            t.row(row);
        }
        out.text_table(&t)?;
    }
    Ok(())
}
