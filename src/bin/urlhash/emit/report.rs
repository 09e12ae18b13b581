//! A report written as its format asks: JSON (with the input beside it), or the text or CSV
//! that its printer writes through [`Out`].

use anyhow::Result;
use serde::Serialize;
use std::io::{self, Write};

use super::stdout::stdout;
use super::table::{Format, Out};

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
