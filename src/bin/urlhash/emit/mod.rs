//! Writing results: numbers as the reports print them, tables as text and CSV (`table`), JSON
//! with the input beside it.

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

/// Writes `report` as JSON with the description of its input in front, as `{input, ...report}`.
pub(crate) fn write_json_with_input(input: &impl Serialize, report: &impl Serialize) -> Result<()> {
    #[derive(Serialize)]
    struct Out<'a, I, R> {
        input: &'a I,
        #[serde(flatten)]
        report: &'a R,
    }
    write_json(&Out { input, report })
}

pub(crate) fn write_json(value: &impl Serialize) -> Result<()> {
    let mut out = stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}
