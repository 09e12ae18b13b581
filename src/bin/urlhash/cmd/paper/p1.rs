//! `urlhash paper p1`: P1's table beside ours, the A(opt) misprint, and each anomaly explained.

use anyhow::Result;
use clap::Args;
use std::io::{self, Write};
use urlhashlab::foundation::key::{self, Key};
use urlhashlab::mechanisms::sweep::Figure;
use urlhashlab::papers::p1::{P1Evidence, P1Report, P1Study, TableColumn};

use crate::emit::{group, raw, write_report, Cell, Format, Out, Table, WithInput};
use crate::flags::InputArgs;
use crate::input::{nothing_to_hash, warn_input, Source};
use crate::par::{count_parts, pipeline, ThreadsArg};
use crate::tally::InputReport;
use rayon::prelude::*;

/// The arguments of `urlhash paper p1`.
#[derive(Args)]
pub(crate) struct PaperP1Args {
    #[command(flatten)]
    pub(crate) input: InputArgs,
    #[command(flatten)]
    pub(crate) threads: ThreadsArg,
    #[arg(long)]
    pub(crate) json: bool,
    /// Print CSV instead of text: P1's table (a row per N) and the HfIp slots by M, each after a
    /// `# name` line.
    #[arg(long, conflicts_with = "json")]
    pub(crate) csv: bool,
}

impl PaperP1Args {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_paper_p1(&self.input, &self.threads, Format::of(self.json, self.csv))
    }
}

fn cmd_paper_p1(input: &InputArgs, threads: &ThreadsArg, format: Format) -> Result<()> {
    let source = Source::from_args(&input.source, Figure::Fig1.paper_n());
    let key: Key = input.key.into();
    let pool = threads.pool()?;
    let mut study = P1Study::with_parts(pool.current_num_threads());
    let hashes = study.hashes().to_vec();
    let h = hashes.len();
    let [elf, hfip, hf] = study.p1_positions();
    // Each batch hashed on every core; its evidence gathered in runs on the pool and merged
    // (sums, maxima, an OR), while every part counts the sweep in input order (par.rs).
    let (stats, bad) = pipeline(
        &pool,
        &source,
        key,
        &hashes,
        |_, _| {},
        |batch, hashed| {
            // The evidence gathered in runs on the pool and merged, then the sweep counted.
            let raws = &hashed.raws;
            let ev = pool.install(|| {
                (0..batch.len())
                    .into_par_iter()
                    .filter(|&i| hashed.errors[i].is_none())
                    .fold(P1Evidence::default, |mut ev, i| {
                        let k = key::extract(batch.line(i), key).expect("it was split when hashed");
                        let r = &raws[i * h..(i + 1) * h];
                        ev.add(&k, r[elf] as u32, r[hfip] as u32, r[hf] as u32);
                        ev
                    })
                    .reduce(P1Evidence::default, |mut a, b| {
                        a.merge(&b);
                        a
                    })
            });
            study.merge_evidence(&ev);
            count_parts(&pool, study.parts_mut(), hashed.split_raws(h));
        },
    )?;
    warn_input(&stats, Some((&bad, key)));
    if study.n() == 0 {
        return Err(nothing_to_hash(&source, &stats, &bad));
    }
    let report = study.finish();
    let input = InputReport {
        source,
        key,
        stats,
        unsplittable: bad,
    };
    let json = WithInput {
        input: &input,
        report: &report,
    };
    write_report(format, &json, |out| print_p1(out, &report, &input.source))
}

fn print_p1(out: &mut Out, r: &P1Report, source: &Source) -> io::Result<()> {
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
    // A row per measure in the text, a row per N in the CSV.
    type Measure = fn(&TableColumn) -> Cell;
    let rows: [(&str, &str, Measure); 9] = [
        ("A(opt) as printed", "a_opt_printed", |c| {
            Cell::fixed(c.a_opt_printed, 2)
        }),
        ("A(opt) = (N/M+1)/2", "a_opt_formula", |c| {
            Cell::fixed(c.a_opt_formula, 2)
        }),
        ("A(opt), whole loads", "a_opt_whole", |c| {
            Cell::fixed(c.a_opt_whole, 2)
        }),
        ("A of a random function", "a_random", |c| {
            Cell::fixed(c.a_random, 2)
        }),
        ("A(max) = (N+1)/2, one slot", "a_max", |c| {
            Cell::fixed(c.a_max, 2)
        }),
        ("HfIp as printed", "hfip_printed", |c| {
            Cell::fixed(c.hfip_printed, 2)
        }),
        ("HfIp measured", "hfip", |c| Cell::fixed_or_dash(c.hfip, 2)),
        ("hf measured", "hf", |c| Cell::fixed_or_dash(c.hf, 2)),
        ("ELFhash measured", "elfhash", |c| {
            Cell::fixed_or_dash(c.elfhash, 2)
        }),
    ];
    let mut text = Table::new("table").left("N", 24);
    for c in &r.table {
        text = text.right(group(c.n), 12).before("");
    }
    for (label, _, f) in &rows {
        text.row(
            [Cell::from(*label)]
                .into_iter()
                .chain(r.table.iter().map(f))
                .collect(),
        );
    }
    out.text_table(&text)?;
    let mut csv = Table::new("table").left("n", 0);
    for (_, name, _) in &rows {
        csv = csv.left(*name, 0);
    }
    for c in &r.table {
        csv.row(
            [Cell::int(c.n)]
                .into_iter()
                .chain(rows.iter().map(|(_, _, f)| f(c)))
                .collect(),
        );
    }
    out.csv_table(&csv)?;
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
    let caption = |f: fn(&urlhashlab::papers::p1::Fig2Caption) -> String| {
        r.fig2_captions.iter().map(f).collect::<Vec<_>>().join(", ")
    };
    writeln!(
        out,
        "   Fig. 2's captions print M = {} where its text says {} machines. At P1's {} URLs a random function's\n   B is {} at the captions' M and {} at the text's; Fig. 2 plots HfIp below {}: the captions are the misprint.",
        caption(|c| group(c.caption_m as u64)),
        caption(|c| c.text_m.to_string()),
        group(r.fig2_captions.first().map_or(0, |c| c.n)),
        caption(|c| format!("{:.3}", c.random_b_caption)),
        caption(|c| format!("{:.4}", c.random_b_text)),
        urlhashlab::papers::p1::FIG2_HFIP_B_PRINTED
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
    let mut t = Table::lines(
        "HfIp slots with a top bit, by M",
        "   M = {m:>9}: {share_of_slots} % of the slots have one of those bits; they receive {share_of_urls} % of the URLs (a uniform function: {uniform} %). Slots hit: {slots_hit} (random: {random_slots_hit}).",
    )
    .text_only_column("uniform");
    for row in &z.by_m {
        let percent = |x: f64, d: usize| Cell::new(format!("{:.d$}", 100.0 * x), raw(x));
        t.row(vec![
            Cell::group(row.m as u64),
            percent(row.share_of_slots, 0),
            percent(row.share_of_urls, 3),
            percent(row.share_of_slots, 0),
            Cell::group(row.slots_hit),
            Cell::new(
                group(row.random_slots_hit.round() as u64),
                raw(row.random_slots_hit),
            ),
        ]);
    }
    out.table(&t)?;
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
