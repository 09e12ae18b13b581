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
    if CAPTURING.with(|c| c.borrow().is_some()) {
        let value = serde_json::to_value(value)?;
        CAPTURING.with(|c| *c.borrow_mut() = Some(Some(value)));
        return Ok(());
    }
    let mut out = stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

thread_local! {
    /// While [`capture_json`] runs: `Some(None)`, then `Some(report)` once written.
    static CAPTURING: std::cell::RefCell<Option<Option<serde_json::Value>>> = const { std::cell::RefCell::new(None) };
}

/// Runs a command that writes its report as JSON ([`write_json`]) and returns that report
/// instead of printing it: `urlhash claims` reads the `paper` commands' reports so.
pub(crate) fn capture_json(run: impl FnOnce() -> Result<()>) -> Result<serde_json::Value> {
    CAPTURING.with(|c| *c.borrow_mut() = Some(None));
    let result = run();
    let captured = CAPTURING.with(|c| c.borrow_mut().take()).flatten();
    result?;
    captured.ok_or_else(|| anyhow::anyhow!("the command wrote no JSON report"))
}
