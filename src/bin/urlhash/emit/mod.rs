//! Writing results: numbers as the reports print them, tables as text and CSV (`table`), and a
//! report as its format asks, JSON with the input beside it.

use anyhow::Result;
use serde::Serialize;
use std::io::{self, BufWriter, Write};

mod table;

pub(crate) use table::{raw, Cell, Format, Out, Table};

/// `0.000123` → `1.23e-4` (with `digits` decimals); 0 stays `0`.
pub(crate) fn sci(x: f64, digits: usize) -> String {
    if x == 0.0 {
        "0".into()
    } else {
        format!("{x:.digits$e}")
    }
}

/// `1234567` → `1 234 567`, as P1 prints numbers.
pub(crate) fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Standard output, buffered.
pub(crate) type Stdout = BufWriter<io::StdoutLock<'static>>;

pub(crate) fn stdout() -> Stdout {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// A report as JSON with the description of its input in front: `{input, ...report}`.
#[derive(Serialize)]
pub(crate) struct WithInput<'a, I, R> {
    pub(crate) input: &'a I,
    #[serde(flatten)]
    pub(crate) report: &'a R,
}

/// Writes a report as `format` asks: `json` as JSON, else what `print` writes (the text, or the
/// CSV of its tables).
pub(crate) fn write_report(
    format: Format,
    json: &impl Serialize,
    print: impl FnOnce(&mut Out) -> io::Result<()>,
) -> Result<()> {
    if format == Format::Json {
        return write_json(json);
    }
    let mut out = Out::stdout(format);
    print(&mut out)?;
    out.finish()?;
    Ok(())
}

pub(crate) fn write_json(value: &impl Serialize) -> Result<()> {
    let mut out = stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}
