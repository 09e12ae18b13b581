//! `urlhash slotmap`: every slot of M as one pixel of a PNG file, coloured by its count
//! (`urlhashlab::mechanisms::slotmap`), the same image the page draws in its "Slot map" view.

use anyhow::{bail, Context, Result};
use clap::Args;
use serde::Serialize;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use urlhashlab::foundation::hash::HashId;
use urlhashlab::foundation::key::Key;
use urlhashlab::mechanisms::slotmap::{self, Layout, SlotMap};

use crate::emit::{group, write_report, Cell, Format, Out, Table};
use crate::flags::{parse_fn, parse_slots, InputArgs};
use crate::input::Source;
use crate::tally::{tally_input, InputReport};

/// The arguments of `urlhash slotmap` (see `Command::Slotmap`).
#[derive(Args)]
pub(crate) struct SlotmapArgs {
    /// Hash function ids, comma separated: one image each.
    #[arg(long = "fn", value_name = "ID[,ID...]", value_delimiter = ',', required = true, value_parser = parse_fn)]
    functions: Vec<HashId>,
    /// Number of slots M, 1 to 4194304 (2^22), as typed on the page: 2097152, 2^21, 1e6.
    #[arg(long, value_name = "M", value_parser = parse_slots, allow_negative_numbers = true)]
    slots: u32,
    /// Where each slot's pixel lies: rows of a power-of-two width, or along Hilbert's curve.
    #[arg(long, value_name = "linear|hilbert", default_value = "hilbert", value_parser = parse_layout)]
    layout: Layout,
    /// Folder the PNG files are written to, one per function, named
    /// slotmap-<fn>-m<M>-<layout>.png (the page exports urlhashlab-<the same>-<time>.png).
    #[arg(long, value_name = "DIR", default_value = ".")]
    out_dir: PathBuf,
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    threads: crate::par::ThreadsArg,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Print the legend as CSV instead of a table; with several functions, each one's after a
    /// `# name` line.
    #[arg(long, conflicts_with = "json")]
    csv: bool,
}

fn parse_layout(s: &str) -> Result<Layout, String> {
    Layout::parse(s).ok_or_else(|| format!("layout is linear or hilbert, not {s:?}"))
}

/// The file name of one image: the page's PNG export uses the same.
fn file_name(f: HashId, map: &SlotMap) -> String {
    format!(
        "slotmap-{}-m{}-{}.png",
        f.info().key,
        map.m,
        map.layout.id()
    )
}

#[derive(Serialize)]
struct Image {
    id: &'static str,
    file: String,
    /// MD5 of the RGBA bytes, row by row: the page's canvas holds the same.
    rgba_md5: String,
    #[serde(flatten)]
    map: SlotMap,
}

impl SlotmapArgs {
    pub(crate) fn run(&self) -> Result<()> {
        cmd_slotmap(self)
    }
}

fn cmd_slotmap(a: &SlotmapArgs) -> Result<()> {
    if a.slots > slotmap::MAX_SLOTS {
        bail!(
            "a slot map draws at most {} slots (2^22), not {}",
            slotmap::MAX_SLOTS,
            a.slots
        );
    }
    let (tallies, input) = tally_input(&a.functions, a.slots, &a.input, &a.threads)?;
    let (source, key) = (input.source.clone(), input.key);
    std::fs::create_dir_all(&a.out_dir)
        .with_context(|| format!("cannot create {}", a.out_dir.display()))?;
    let mut images = Vec::new();
    for (&f, t) in a.functions.iter().zip(&tallies) {
        let map = slotmap::draw(t.counts(), a.layout)?;
        let file = a.out_dir.join(file_name(f, &map));
        write_png(&file, f, &source, key, &map)
            .with_context(|| format!("cannot write {}", file.display()))?;
        images.push(Image {
            id: f.info().key,
            file: file.display().to_string(),
            rgba_md5: format!("{:032x}", urlhashlab::foundation::hash::md5_u128(&map.rgba)),
            map,
        });
    }
    #[derive(Serialize)]
    struct Report<'a> {
        input: InputReport,
        images: &'a [Image],
    }
    let json = Report {
        input,
        images: &images,
    };
    write_report(Format::of(a.json, a.csv), &json, |out| {
        print_legends(out, &images, key)
    })
}

/// Per image, its file and parameters, and its legend: the slots of each count class beside a
/// random function's.
fn print_legends(out: &mut Out, images: &[Image], key: Key) -> std::io::Result<()> {
    for im in images {
        let m = &im.map;
        writeln!(
            out,
            "{}: {} over {} keys ({}), M = {}, {} layout, {} x {} pixels, largest count {}",
            im.file,
            im.id,
            group(m.n),
            key.as_str(),
            group(u64::from(m.m)),
            m.layout.id(),
            m.width,
            m.height,
            m.max_count
        )?;
        let mut t = Table::new(format!("{} legend", im.id))
            .indent("  ")
            .left("count", 10)
            .csv("class")
            .csv_only("min")
            .csv_only("max")
            .right("colour", 9)
            .right("slots", 12)
            .right("if random", 14)
            .csv("expected");
        for c in &m.classes {
            t.row(vec![
                class_label(c).into(),
                Cell::int(c.min),
                c.max.map_or_else(String::new, |v| v.to_string()).into(),
                colour(c).into(),
                Cell::group(c.slots),
                Cell::fixed(c.expected, 1),
            ]);
        }
        out.table(&t)?;
    }
    Ok(())
}

/// `#rrggbb`.
fn colour(c: &slotmap::Class) -> String {
    format!("#{:02x}{:02x}{:02x}", c.rgb[0], c.rgb[1], c.rgb[2])
}

fn class_label(c: &slotmap::Class) -> String {
    match c.max {
        Some(max) if max == c.min => c.min.to_string(),
        Some(max) => format!("{}-{max}", c.min),
        None => format!("{}+", c.min),
    }
}

/// The image as an 8-bit RGBA PNG, its parameters and legend in text chunks.
fn write_png(path: &Path, f: HashId, source: &Source, key: Key, map: &SlotMap) -> Result<()> {
    let file = BufWriter::new(File::create(path)?);
    let mut enc = png::Encoder::new(file, map.width, map.height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.add_text_chunk(
        "Title".into(),
        format!(
            "Slot map of {} at M = {} ({} layout)",
            f.info().name_en,
            map.m,
            map.layout.id()
        ),
    )?;
    enc.add_text_chunk("Software".into(), "URL Hash Lab (urlhash slotmap)".into())?;
    let legend: Vec<String> = map
        .classes
        .iter()
        .map(|c| {
            format!(
                "{}: {}, {} slots ({:.1} if random)",
                class_label(c),
                colour(c),
                c.slots,
                c.expected
            )
        })
        .collect();
    enc.add_text_chunk(
        "Description".into(),
        format!(
            "{}; key {}; function {}; N = {}; M = {}; layout {}; one pixel a slot, transparent where no slot is; legend (count: colour, slots): {}",
            source.describe(),
            key.as_str(),
            f.info().key,
            map.n,
            map.m,
            map.layout.id(),
            legend.join("; ")
        ),
    )?;
    let mut w = enc.write_header()?;
    w.write_image_data(&map.rgba)?;
    w.finish()?;
    Ok(())
}
