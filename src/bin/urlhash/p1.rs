//! P1's commands: `slots`, `dist`, `sweep`, `gen` and `paper p1`.

use super::*;

pub(crate) fn cmd_slots(function: HashId, m: u32, input: &InputArgs) -> Result<()> {
    let source = Source::from_args(&input.source, 1_000_000);
    let key: Key = input.key.into();
    let mut out = stdout();
    let mut write_err: Option<io::Error> = None;
    let mut num = itoa_buf();
    let mut bad = Unsplittable::default();
    let stats = for_each_url(&source, |n, line| {
        if write_err.is_some() {
            return;
        }
        let res = match key::extract(line, key) {
            Ok(k) => out.write_all(num.format(function.slot(&k, m)).as_bytes()),
            Err(e) => {
                bad.lines.record(n);
                bad.first_error
                    .get_or_insert_with(|| format!("line {n}: {e}"));
                out.write_all(b"-")
            }
        }
        .and_then(|_| out.write_all(b"\n"));
        if let Err(e) = res {
            write_err = Some(e);
        }
    })?;
    if let Some(e) = write_err {
        return Err(e.into());
    }
    out.flush()?;
    warn_input(&stats, None);
    if bad.lines.count > 0 {
        eprintln!(
            "urlhash: warning: {} line(s) have no {}; '-' is printed for them ({}; first: {})",
            bad.lines.count,
            key.as_str(),
            line_list(&bad.lines),
            bad.first_error.as_deref().unwrap_or("")
        );
    }
    if stats.urls == 0 {
        bail!(
            "no URLs in {} ({})",
            source.describe(),
            input_summary(&stats, None)
        );
    }
    Ok(())
}

/// A tiny integer formatter (no allocation per line).
pub(crate) struct NumBuf([u8; 20]);
pub(crate) fn itoa_buf() -> NumBuf {
    NumBuf([0; 20])
}
impl NumBuf {
    pub(crate) fn format(&mut self, mut v: u32) -> &str {
        let mut i = self.0.len();
        loop {
            i -= 1;
            self.0[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        std::str::from_utf8(&self.0[i..]).expect("digits")
    }
}

#[derive(Serialize)]
pub(crate) struct DistFunction {
    #[serde(rename = "fn")]
    pub(crate) id: &'static str,
    pub(crate) name: &'static str,
    pub(crate) name_zh: &'static str,
    pub(crate) paper: &'static str,
    #[serde(flatten)]
    pub(crate) measures: Measures,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) counts: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bucket_sizes: Option<Vec<BucketSizeRow>>,
}

#[derive(Serialize)]
pub(crate) struct InputReport {
    pub(crate) source: Source,
    pub(crate) key: Key,
    #[serde(flatten)]
    pub(crate) stats: InputStats,
    pub(crate) unsplittable: Unsplittable,
}

#[derive(Serialize)]
pub(crate) struct DistReport {
    pub(crate) input: InputReport,
    pub(crate) slots: u32,
    pub(crate) functions: Vec<DistFunction>,
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

pub(crate) fn cmd_dist(
    functions: &[HashId],
    m: u32,
    input: &InputArgs,
    json: bool,
    counts: bool,
    buckets: bool,
) -> Result<()> {
    let (tallies, input) = tally_input(functions, m, input)?;
    let (source, key) = (input.source.clone(), input.key);
    let n = tallies[0].n();
    let report = DistReport {
        input,
        slots: m,
        functions: functions
            .iter()
            .zip(tallies)
            .map(|(f, t)| {
                let info = f.info();
                DistFunction {
                    id: info.key,
                    name: info.name_en,
                    name_zh: info.name_zh,
                    paper: info.paper,
                    measures: t.measures(),
                    bucket_sizes: buckets.then(|| bucket_size_distribution(t.counts())),
                    counts: counts.then(|| t.into_counts()),
                }
            })
            .collect(),
    };
    if json {
        return write_json(&report);
    }
    let mut out = stdout();
    writeln!(
        out,
        "{}: {} keys ({}), M = {}",
        source.describe(),
        group(n),
        key.as_str(),
        group(m as u64)
    )?;
    writeln!(
        out,
        "{:<16} {:>11} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10} {:>11} {:>13} {:>9}",
        "function",
        "N",
        "A",
        "A_opt",
        "A_random",
        "B",
        "max_load",
        "E[max]",
        "empty",
        "chi2",
        "p_value"
    )?;
    for f in &report.functions {
        let r = &f.measures;
        writeln!(
            out,
            "{:<16} {:>11} {:>9.4} {:>9.4} {:>9.4} {:>8.4} {:>9} {:>10.2} {:>11} {:>13.1} {:>9.3e}",
            f.id,
            r.n,
            r.a,
            r.a_opt,
            r.a_random,
            r.b,
            r.max_load,
            r.expected_max_load,
            r.empty_slots,
            r.chi2,
            r.p_value
        )?;
    }
    for f in &report.functions {
        if let Some(c) = &f.counts {
            writeln!(out, "\n{} per-slot counts:", f.id)?;
            for (slot, v) in c.iter().enumerate() {
                writeln!(out, "{slot:>10} {v:>10}")?;
            }
        }
        if let Some(rows) = &f.bucket_sizes {
            writeln!(
                out,
                "\n{} bucket sizes (slots holding s keys, Poisson expectation):",
                f.id
            )?;
            writeln!(out, "{:>8} {:>12} {:>14}", "s", "slots", "expected")?;
            for row in rows.iter().filter(|r| r.slots > 0 || r.expected >= 0.5) {
                writeln!(
                    out,
                    "{:>8} {:>12} {:>14.1}",
                    row.size, row.slots, row.expected
                )?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Fig. 3's random sample of the corpus, drawn by index (numbered by corpus line).
pub(crate) fn corpus_sample(n: u64, seed: u64) -> Vec<(u64, Vec<u8>)> {
    let corpus = Corpus::new(seed);
    let mut buf = Vec::new();
    sweep::sample_indices(n, urlhashlab::papers::p1::FIG3_SAMPLE, seed)
        .into_iter()
        .map(|i| {
            corpus.url(i, &mut buf);
            (i + 1, buf.clone())
        })
        .collect()
}

#[derive(Serialize)]
pub(crate) struct SweepReport {
    pub(crate) input: InputReport,
    pub(crate) figures: Vec<u8>,
    pub(crate) points: Vec<Point>,
}

pub(crate) fn cmd_sweep(
    figs: &[Figure],
    step: Option<u64>,
    input: &InputArgs,
    csv: bool,
    json: bool,
) -> Result<()> {
    let key: Key = input.key.into();
    let mut figs = figs.to_vec();
    figs.dedup();
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
    let mut big_sweep = (!big.is_empty()).then(|| {
        let series: Vec<Series> = big.iter().flat_map(|f| f.series()).collect();
        Sweep::new(&series, step.unwrap_or(Figure::Fig1.default_step()))
    });
    let mut reservoir = match source {
        Source::Corpus { .. } => None,
        _ => fig3.then(|| sweep::Reservoir::new(urlhashlab::papers::p1::FIG3_SAMPLE)),
    };
    let mut bad = Unsplittable::default();
    let stats = if big_sweep.is_some() || reservoir.is_some() {
        for_each_url(&source, |n, line| {
            if let Some(r) = &mut reservoir {
                r.push(n, line.to_vec());
            }
            if let Some(sweep) = &mut big_sweep {
                match key::extract(line, key) {
                    Ok(k) => sweep.push(&k),
                    Err(e) => {
                        bad.lines.record(n);
                        bad.first_error
                            .get_or_insert_with(|| format!("line {n}: {e}"));
                    }
                }
            }
        })?
    } else {
        InputStats::default()
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
                    bad.lines.record(*n);
                    bad.first_error
                        .get_or_insert_with(|| format!("line {n}: {e}"));
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
    let input_report = input_report.expect("at least one figure");
    if json {
        return write_json(&SweepReport {
            input: input_report,
            figures: figs.iter().map(|f| f.number()).collect(),
            points: all_points,
        });
    }
    let mut out = stdout();
    if csv {
        writeln!(out, "figure,measure,function,m,n,value")?;
        for p in &all_points {
            writeln!(
                out,
                "{},{:?},{},{},{},{:.6}",
                p.figure, p.measure, p.function, p.m, p.n, p.value
            )?;
        }
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "{}, key {}",
        input_report.source.describe(),
        key.as_str()
    )?;
    for fig in &figs {
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
        write!(out, "{:>11}", "N")?;
        for s in &series {
            write!(out, " {:>15}", format!("{}@{}", s.hash.info().key, s.m))?;
        }
        writeln!(out)?;
        let mut ns: Vec<u64> = all_points
            .iter()
            .filter(|p| p.figure == fig.number())
            .map(|p| p.n)
            .collect();
        ns.dedup();
        for n in ns {
            write!(out, "{n:>11}")?;
            for s in &series {
                let v = all_points
                    .iter()
                    .find(|p| {
                        p.figure == fig.number()
                            && p.n == n
                            && p.m == s.m
                            && p.function == s.hash.info().key
                    })
                    .map_or(f64::NAN, |p| p.value);
                write!(out, " {v:>15.4}")?;
            }
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(())
}

pub(crate) fn cmd_gen(n: u64, seed: u64) -> Result<()> {
    let corpus = Corpus::new(seed);
    let mut out = stdout();
    let mut progress = Progress::new(Some(n), "generating");
    let mut urls = corpus.iter(0, n);
    let mut i = 0u64;
    while let Some(u) = urls.next_url() {
        out.write_all(u)?;
        out.write_all(b"\n")?;
        i += 1;
        if i % 65_536 == 0 {
            progress.set(i);
        }
    }
    out.flush()?;
    progress.finish();
    Ok(())
}

pub(crate) fn opt(v: Option<f64>) -> String {
    v.map_or("—".to_string(), |v| format!("{v:.2}"))
}

pub(crate) fn cmd_paper_p1(input: &InputArgs, json: bool) -> Result<()> {
    let source = Source::from_args(&input.source, Figure::Fig1.paper_n());
    let key: Key = input.key.into();
    let mut study = P1Study::new();
    let (stats, bad) = for_each_key(&source, key, |_, k| study.push(k))?;
    warn_input(&stats, Some((&bad, key)));
    if study.n() == 0 {
        return Err(nothing_to_hash(&source, &stats, &bad));
    }
    let report = study.finish();
    if json {
        return write_json_with_input(
            &InputReport {
                source,
                key,
                stats,
                unsplittable: bad,
            },
            &report,
        );
    }
    let mut out = stdout();
    print_p1(&mut out, &report, &source)?;
    out.flush()?;
    Ok(())
}

pub(crate) fn print_p1(out: &mut impl Write, r: &P1Report, source: &Source) -> io::Result<()> {
    writeln!(
        out,
        "P1  李晓明, 凤旺森: 两种对 URL 的散列效果很好的函数 (J. Software 2004)"
    )?;
    writeln!(
        out,
        "Input: {}; N = {} URLs.\n",
        source.describe(),
        group(r.n)
    )?;
    writeln!(
        out,
        "1. The table (M = {} slots): A, the mean memory accesses per lookup",
        group(r.table_m as u64)
    )?;
    write!(out, "{:<24}", "N")?;
    for c in &r.table {
        write!(out, "{:>12}", group(c.n))?;
    }
    writeln!(out)?;
    type Cell = fn(&TableColumn) -> String;
    let rows: [(&str, Cell); 7] = [
        ("A(opt) as printed", |c| format!("{:.2}", c.a_opt_printed)),
        ("A(opt) = (N/M+1)/2", |c| format!("{:.2}", c.a_opt_formula)),
        ("A of a random function", |c| format!("{:.2}", c.a_random)),
        ("HfIp as printed", |c| format!("{:.2}", c.hfip_printed)),
        ("HfIp measured", |c| opt(c.hfip)),
        ("hf measured", |c| opt(c.hf)),
        ("ELFhash measured", |c| opt(c.elfhash)),
    ];
    for (label, f) in &rows {
        write!(out, "{label:<24}")?;
        for c in &r.table {
            write!(out, "{:>12}", f(c))?;
        }
        writeln!(out)?;
    }
    if r.table.iter().any(|c| c.hfip.is_none()) {
        writeln!(out, "(— : the input has fewer than N URLs.)")?;
    }
    let below: Vec<String> = r
        .table
        .iter()
        .filter(|c| c.hfip_printed < c.a_random)
        .map(|c| format!("{:.2} < {:.2}", c.hfip_printed, c.a_random))
        .collect();
    writeln!(
        out,
        "Note: at N <= 3 000 000 P1's printed HfIp values lie below what a uniformly random function averages\n      ({}); only a hash that spreads keys more evenly than chance can do that.",
        below.join(", ")
    )?;
    let m = &r.misprint;
    writeln!(
        out,
        "\n2. Misprint: at N = {} P1 prints A(opt) = {:.2}, but its own formula (N/M+1)/2 gives ({}/{}+1)/2 = {:.2}.\n   Every other printed A(opt) matches the formula.",
        group(m.n),
        m.printed,
        group(m.n),
        group(m.m as u64),
        m.formula
    )?;

    let h = &r.hf_multiple_of_3;
    let b = |v: &[(u32, f64)], m: u32| v.iter().find(|x| x.0 == m).map_or(f64::NAN, |x| x.1);
    writeln!(
        out,
        "\n3. hf is worst at M = 12 \"for reasons unknown\" (原因不清楚). The reason: hf = |3·Σ c·i| mod M.\n   {:.4} % of these URLs have an hf value divisible by 3, so at M = 12 only the slots 0, 3, 6, 9 can be hit:\n   hf hits {} of 12 slots. B of hf:  M=8 {:.3}  M=10 {:.3}  M=12 {:.3}  M=40 {:.3}\n                         HfIp:  M=8 {:.3}  M=10 {:.3}  M=12 {:.3}  M=40 {:.3}\n   When 3 divides M, B ≈ 3 (the same holds at M = 18); 8, 10 and 40 are coprime to 3.",
        100.0 * h.share_multiple_of_3,
        h.slots_hit_m12,
        b(&h.b_by_m, 8),
        b(&h.b_by_m, 10),
        b(&h.b_by_m, 12),
        b(&h.b_by_m, 40),
        b(&h.hfip_b_by_m, 8),
        b(&h.hfip_b_by_m, 10),
        b(&h.hfip_b_by_m, 12),
        b(&h.hfip_b_by_m, 40),
    )?;
    let hb = &r.hf_bounded_range;
    writeln!(
        out,
        "\n4. hf degrades as M grows: its range is bounded. Σ c·i <= 127·L(L+1)/2 for a URL of length L.\n   Longest URL {} bytes (mean {:.1}): no hf value can exceed {}; the largest seen is {}.\n   At M = {} hf can reach only {} slots (multiples of 3 up to its largest value, {:.1} % of M);\n   it hit {} slots where a random function would hit {}. A at M = {}: hf {:.3}, HfIp {:.3}.",
        hb.longest_url,
        hb.mean_url_length,
        group(hb.bound_for_longest),
        group(hb.max_value as u64),
        group(hb.m as u64),
        group(hb.reachable_slots),
        100.0 * hb.reachable_slots as f64 / hb.m as f64,
        group(hb.slots_hit),
        group(hb.random_slots_hit.round() as u64),
        group(hb.m as u64),
        hb.a,
        hb.hfip_a
    )?;
    let z = &r.hfip_zero_bits;
    let never: Vec<String> = z.never_set.iter().map(u8::to_string).collect();
    let high: Vec<String> = z
        .urls_with_high_bit
        .iter()
        .map(|(b, c)| format!("bit {b}: {}", group(*c)))
        .collect();
    writeln!(
        out,
        "\n5. HfIp XORs bytes into the 4 bytes of n: ASCII bytes never set bits 7, 15, 23, 31.\n   {} of {} URLs are pure ASCII. Bits never set in any HfIp value: [{}].\n   URLs whose HfIp value has a lane's top bit set: {}.",
        group(z.ascii_urls),
        group(r.n),
        never.join(", "),
        high.join(", ")
    )?;
    for row in &z.by_m {
        writeln!(
            out,
            "   M = {:>9}: {:.0} % of the slots have one of those bits; they receive {:.3} % of the URLs (a uniform function: {:.0} %). Slots hit: {} (random: {}).",
            group(row.m as u64),
            100.0 * row.share_of_slots,
            100.0 * row.share_of_urls,
            100.0 * row.share_of_slots,
            group(row.slots_hit),
            group(row.random_slots_hit.round() as u64)
        )?;
    }
    let e = &r.elf_clumps;
    let endings: Vec<String> = e
        .top_last_bytes
        .iter()
        .map(|(c, s)| format!("'{}' {:.1} %", (*c as char).escape_default(), 100.0 * s))
        .collect();
    writeln!(
        out,
        "\n6. ELFhash: h = (h<<4) + c, and the fold only touches bits 4-7, so its low 4 bits are the last byte's low 4 bits:\n   true for {:.4} % of these URLs. For M = 8 the slot is the last character mod 8, so B follows the URL endings:\n   {}.\n   B at M = 8: measured {:.3}, predicted from the endings alone {:.3}. B of ELFhash: M=8 {:.3}  M=10 {:.3}  M=12 {:.3}  M=40 {:.3}.",
        100.0 * e.low_nibble_is_last_byte,
        endings.join(", "),
        e.b_m8,
        e.b_m8_predicted,
        b(&e.b_by_m, 8),
        b(&e.b_by_m, 10),
        b(&e.b_by_m, 12),
        b(&e.b_by_m, 40),
    )?;
    Ok(())
}

/// The arguments of `urlhash slots` (see `Command::Slots`).
#[derive(Args)]
pub(crate) struct SlotsArgs {
    /// Hash function id.
    #[arg(long = "fn", value_name = "ID", value_parser = parse_fn)]
    pub(crate) function: HashId,
    /// Number of slots M, 1 to 4294967295, as typed on the page: 200000, "200 000", 1e6, 2^21.
    #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
    pub(crate) slots: u32,
    #[command(flatten)]
    pub(crate) input: InputArgs,
}

impl SlotsArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_slots(self.function, self.slots, &self.input)
    }
}

/// The arguments of `urlhash dist` (see `Command::Dist`).
#[derive(Args)]
pub(crate) struct DistArgs {
    /// Hash function ids, comma separated.
    #[arg(long = "fn", value_name = "ID[,ID...]", value_delimiter = ',', required = true, value_parser = parse_fn)]
    pub(crate) functions: Vec<HashId>,
    /// Number of slots M, 1 to 4294967295, as typed on the page: 200000, "200 000", 1e6, 2^21.
    #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
    pub(crate) slots: u32,
    #[command(flatten)]
    pub(crate) input: InputArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub(crate) json: bool,
    /// Include the per-slot counts (M numbers per function).
    #[arg(long)]
    pub(crate) counts: bool,
    /// Include the bucket-size distribution beside its Poisson expectation.
    #[arg(long)]
    pub(crate) buckets: bool,
}

impl DistArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_dist(
            &self.functions,
            self.slots,
            &self.input,
            self.json,
            self.counts,
            self.buckets,
        )
    }
}

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
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
    #[arg(long)]
    pub(crate) json: bool,
}

impl SweepArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_sweep(&self.fig, self.step, &self.input, self.csv, self.json)
    }
}

/// The arguments of `urlhash gen` (see `Command::Gen`).
#[derive(Args)]
pub(crate) struct GenArgs {
    /// Number of URLs.
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub(crate) n: u64,
    /// Seed of the generator.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = parse_seed, allow_negative_numbers = true)]
    pub(crate) seed: u64,
}

impl GenArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_gen(self.n, self.seed)
    }
}

/// The arguments of `urlhash paper p1`.
#[derive(Args)]
pub(crate) struct PaperP1Args {
    #[command(flatten)]
    pub(crate) input: InputArgs,
    #[arg(long)]
    pub(crate) json: bool,
}

impl PaperP1Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p1(&self.input, self.json)
    }
}
