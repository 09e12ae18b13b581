//! Writing results: numbers as the reports print them (`numbers`), tables as text and CSV
//! (`table`), and a report as its format asks, JSON with the input beside it (`report`).

mod numbers;
mod report;
mod stdout;
mod table;

pub(crate) use numbers::{group, sci, short_number};
pub(crate) use report::{capture_json, write_report, WithInput};
pub(crate) use stdout::stdout;
pub(crate) use table::{raw, Cell, Format, Out, Table};
