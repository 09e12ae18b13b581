//! Tables: columns with a header, an alignment and a width, rows of already formatted cells;
//! written as aligned text or as CSV (RFC 4180 quoting, a header row, raw values).
//!
//! A report is printed once through [`Out`] for both formats: its tables through
//! [`Out::table`], its prose with `write!`/`writeln!`, which CSV leaves out. CSV holds the
//! tables only: one table alone as it is; several one after another, each after a `# name` line
//! and the second and later after an empty line.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::numbers::{group, sci};
use super::stdout::{stdout, Stdout};

/// How a report is written: its text, the CSV of its tables, or JSON (the report's fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Text,
    Csv,
    Json,
}

impl Format {
    /// The format the `--json` and `--csv` flags ask for (clap lets only one be given).
    pub(crate) fn of(json: bool, csv: bool) -> Format {
        match (json, csv) {
            (true, _) => Format::Json,
            (false, true) => Format::Csv,
            (false, false) => Format::Text,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// Where a column shows: in the text, in the CSV, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shows {
    Both,
    Text,
    Csv,
}

struct Column {
    header: String,
    csv: String,
    align: Align,
    width: usize,
    /// Text before the cell: the indent for the first column, one space for the others.
    before: String,
    /// Text after each row's cell (not the header's).
    after: String,
    shows: Shows,
}

/// One cell: its text, and its CSV value when that differs (a number in full, without digit
/// groups).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cell {
    text: String,
    csv: Option<String>,
}

impl Cell {
    /// A cell whose text and CSV value differ.
    pub(crate) fn new(text: impl Into<String>, csv: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            csv: Some(csv.into()),
        }
    }
    /// A whole number as it is.
    pub(crate) fn int(n: impl Into<u64>) -> Cell {
        Cell::from(n.into().to_string())
    }
    /// A whole number in digit groups (`1 234 567`); plain digits in CSV.
    pub(crate) fn group(n: u64) -> Cell {
        Cell::new(group(n), n.to_string())
    }
    /// `x` with `decimals` decimals; in full in CSV.
    pub(crate) fn fixed(x: f64, decimals: usize) -> Cell {
        Cell::new(format!("{x:.decimals$}"), raw(x))
    }
    /// `x` as [`sci`] writes it (`1.23e-4`); in full in CSV.
    pub(crate) fn sci(x: f64, digits: usize) -> Cell {
        Cell::new(sci(x, digits), raw(x))
    }
    /// `x` with `decimals` decimals, or `—` (empty in CSV) when there is none.
    pub(crate) fn fixed_or_dash(x: Option<f64>, decimals: usize) -> Cell {
        x.map_or_else(|| Cell::new("—", ""), |x| Cell::fixed(x, decimals))
    }
    fn csv(&self) -> &str {
        self.csv.as_deref().unwrap_or(&self.text)
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell { text, csv: None }
    }
}

impl From<&str> for Cell {
    fn from(text: &str) -> Cell {
        Cell::from(text.to_string())
    }
}

/// `x` in full for CSV: the shortest text that reads back as `x` (`0.1`, `1.37e15`,
/// `2.5e-22`); empty for NaN.
pub(crate) fn raw(x: f64) -> String {
    if x.is_nan() {
        String::new()
    } else if x == 0.0 || x.is_infinite() || (1e-7..1e15).contains(&x.abs()) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// A field as RFC 4180 writes it: in double quotes, its quotes doubled, when it holds a comma,
/// a quote or a line break.
fn csv_field(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}

/// A table: its name (CSV's `# name` line), its columns, and its rows.
pub(crate) struct Table {
    name: String,
    indent: String,
    columns: Vec<Column>,
    header: bool,
    rows: Vec<Vec<Cell>>,
}

impl Table {
    pub(crate) fn new(name: impl Into<String>) -> Table {
        Table {
            name: name.into(),
            indent: String::new(),
            columns: Vec::new(),
            header: true,
            rows: Vec::new(),
        }
    }

    /// Text before the first column of every line.
    pub(crate) fn indent(mut self, indent: &str) -> Table {
        self.indent = indent.to_string();
        self
    }

    /// No header line in the text (CSV always has its header row).
    fn headless(mut self) -> Table {
        self.header = false;
        self
    }

    fn push(
        mut self,
        header: impl Into<String>,
        align: Align,
        width: usize,
        shows: Shows,
    ) -> Table {
        let header = header.into();
        let before = if self.columns.iter().any(|c| c.shows != Shows::Csv) || shows == Shows::Csv {
            " ".to_string()
        } else {
            self.indent.clone()
        };
        self.columns.push(Column {
            csv: header.clone(),
            header,
            align,
            width,
            before,
            after: String::new(),
            shows,
        });
        self
    }

    /// A left-aligned column `width` characters wide.
    pub(crate) fn left(self, header: impl Into<String>, width: usize) -> Table {
        self.push(header, Align::Left, width, Shows::Both)
    }

    /// A right-aligned column `width` characters wide.
    pub(crate) fn right(self, header: impl Into<String>, width: usize) -> Table {
        self.push(header, Align::Right, width, Shows::Both)
    }

    /// A column in the CSV only, named `name` (a raw value the text shows in another column).
    pub(crate) fn csv_only(self, name: impl Into<String>) -> Table {
        self.push(name, Align::Left, 0, Shows::Csv)
    }

    fn last(&mut self) -> &mut Column {
        self.columns.last_mut().expect("a column was added")
    }

    /// The last column's header in the CSV.
    pub(crate) fn csv(mut self, name: &str) -> Table {
        self.last().csv = name.to_string();
        self
    }

    /// The last column in the text only.
    pub(crate) fn text_only(mut self) -> Table {
        self.last().shows = Shows::Text;
        self
    }

    /// Text before the last column's cells, instead of one space (or the indent).
    pub(crate) fn before(mut self, text: &str) -> Table {
        self.last().before = text.to_string();
        self
    }

    /// Text after each of the last column's cells (not after its header).
    fn after(mut self, text: &str) -> Table {
        self.last().after = text.to_string();
        self
    }

    /// A table without a header line whose rows read as `template` says: `{name}` is a cell
    /// (column `name` in CSV), `{name:>8}` or `{name:<8}` one padded to 8 characters; the text
    /// around them is written as it stands.
    pub(crate) fn lines(name: impl Into<String>, template: &str) -> Table {
        let mut t = Table::new(name).headless();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let close = open + rest[open..].find('}').expect("a closed {name}");
            let (column, align, width) = match rest[open + 1..close].split_once(':') {
                Some((column, format)) => {
                    let (align, width) = format.split_at(1);
                    let align = if align == ">" {
                        Align::Right
                    } else {
                        Align::Left
                    };
                    (column, align, width.parse().expect("a width"))
                }
                None => (&rest[open + 1..close], Align::Left, 0),
            };
            t = t
                .push(column, align, width, Shows::Both)
                .before(&rest[..open]);
            rest = &rest[close + 1..];
        }
        t.after(rest)
    }

    /// Column `name` in the text only (the CSV has its value in another column).
    pub(crate) fn text_only_column(mut self, name: &str) -> Table {
        for c in self.columns.iter_mut().filter(|c| c.csv == name) {
            c.shows = Shows::Text;
        }
        self
    }

    /// Adds a row, a cell per column (CSV-only and text-only columns included).
    pub(crate) fn row(&mut self, cells: Vec<Cell>) {
        assert_eq!(
            cells.len(),
            self.columns.len(),
            "a row of table '{}' has a cell per column",
            self.name
        );
        self.rows.push(cells);
    }

    /// One line of the text: `cells` (a cell per column) padded to the columns' widths.
    fn text_line(&self, cells: &[&str], header: bool) -> String {
        let mut line = String::new();
        for (c, cell) in self.columns.iter().zip(cells) {
            if c.shows == Shows::Csv {
                continue;
            }
            line.push_str(&c.before);
            let w = c.width;
            let _ = match c.align {
                Align::Left => write!(line, "{cell:<w$}"),
                Align::Right => write!(line, "{cell:>w$}"),
            };
            if !header {
                line.push_str(&c.after);
            }
        }
        line
    }

    /// One CSV record of `fields` (a field per column).
    fn csv_line(&self, fields: &[&str]) -> String {
        let shown: Vec<_> = self
            .columns
            .iter()
            .zip(fields)
            .filter(|(c, _)| c.shows != Shows::Text)
            .map(|(_, f)| csv_field(f))
            .collect();
        shown.join(",")
    }

    fn write_head(&self, w: &mut dyn Write, csv: bool) -> io::Result<()> {
        if csv {
            let names: Vec<&str> = self.columns.iter().map(|c| c.csv.as_str()).collect();
            writeln!(w, "{}", self.csv_line(&names))
        } else if self.header {
            let names: Vec<&str> = self.columns.iter().map(|c| c.header.as_str()).collect();
            writeln!(w, "{}", self.text_line(&names, true))
        } else {
            Ok(())
        }
    }

    fn write_row(&self, w: &mut dyn Write, csv: bool, cells: &[Cell]) -> io::Result<()> {
        debug_assert_eq!(cells.len(), self.columns.len(), "table '{}'", self.name);
        if csv {
            let fields: Vec<&str> = cells.iter().map(Cell::csv).collect();
            writeln!(w, "{}", self.csv_line(&fields))
        } else {
            let texts: Vec<&str> = cells.iter().map(|c| c.text.as_str()).collect();
            writeln!(w, "{}", self.text_line(&texts, false))
        }
    }
}

/// A report on its way out (standard output by default): tables through [`Out::table`] as text
/// or CSV, prose through `write!`, which goes to the text and is left out of the CSV.
pub(crate) struct Out<W: Write = Stdout> {
    w: W,
    csv: bool,
    /// The tables begun so far.
    tables: usize,
    /// CSV: the first table, held until a second one says whether it needs its `# name` line.
    first: Option<(String, Vec<u8>)>,
}

impl Out {
    /// A report written to standard output in `format` (text or CSV).
    pub(crate) fn stdout(format: Format) -> Out {
        Out::new(stdout(), format)
    }
}

impl<W: Write> Out<W> {
    pub(crate) fn new(w: W, format: Format) -> Out<W> {
        debug_assert!(
            format != Format::Json,
            "JSON is written from the report's fields"
        );
        Out {
            w,
            csv: format == Format::Csv,
            tables: 0,
            first: None,
        }
    }

    /// Begins `t` (its header), for rows written one by one with [`Out::row`].
    pub(crate) fn head(&mut self, t: &Table) -> io::Result<()> {
        if self.csv {
            self.tables += 1;
            match self.tables {
                1 => self.first = Some((t.name.clone(), Vec::new())),
                2 => {
                    let (name, held) = self.first.take().expect("the first table is held");
                    writeln!(self.w, "# {name}")?;
                    self.w.write_all(&held)?;
                    writeln!(self.w, "\n# {}", t.name)?;
                }
                _ => writeln!(self.w, "\n# {}", t.name)?,
            }
        }
        let csv = self.csv;
        t.write_head(self.sink(), csv)
    }

    /// A row of the table last begun with [`Out::head`].
    pub(crate) fn row(&mut self, t: &Table, cells: &[Cell]) -> io::Result<()> {
        let csv = self.csv;
        t.write_row(self.sink(), csv, cells)
    }

    /// Writes `t`: aligned in the text, as CSV records in the CSV.
    pub(crate) fn table(&mut self, t: &Table) -> io::Result<()> {
        self.head(t)?;
        t.rows.iter().try_for_each(|r| self.row(t, r))
    }

    /// Writes `t` in the text only: the CSV has it in another shape.
    pub(crate) fn text_table(&mut self, t: &Table) -> io::Result<()> {
        if self.csv {
            return Ok(());
        }
        self.table(t)
    }

    /// Writes `t` in the CSV only: the text has it in another shape.
    pub(crate) fn csv_table(&mut self, t: &Table) -> io::Result<()> {
        if !self.csv {
            return Ok(());
        }
        self.table(t)
    }

    /// Where table lines go now: held while the CSV's first table may need its `# name` line.
    fn sink(&mut self) -> &mut dyn Write {
        match &mut self.first {
            Some((_, held)) => held,
            None => &mut self.w,
        }
    }

    /// Writes what is held and flushes.
    pub(crate) fn finish(mut self) -> io::Result<W> {
        if let Some((_, held)) = self.first.take() {
            self.w.write_all(&held)?;
        }
        self.w.flush()?;
        Ok(self.w)
    }
}

/// Prose: written to the text, left out of the CSV.
impl<W: Write> Write for Out<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.csv {
            Ok(buf.len())
        } else {
            self.w.write(buf)
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let mut t = Table::new("sample")
            .indent("  ")
            .left("name", 6)
            .right("count", 8)
            .csv("n")
            .right("share", 7)
            .after(" %")
            .csv_only("share_raw");
        t.row(vec![
            "a,b".into(),
            Cell::group(1_234_567),
            Cell::fixed(12.3456, 1),
            Cell::from(raw(0.123456)),
        ]);
        t.row(vec![
            "say \"x\"".into(),
            Cell::int(7u32),
            Cell::fixed(f64::NAN, 1),
            Cell::from(raw(f64::NAN)),
        ]);
        t
    }

    fn written(format: Format, tables: &[&Table]) -> String {
        let mut out = Out::new(Vec::new(), format);
        writeln!(out, "prose").unwrap();
        for t in tables {
            out.table(t).unwrap();
        }
        String::from_utf8(out.finish().unwrap()).unwrap()
    }

    #[test]
    fn text_is_aligned_and_keeps_its_prose() {
        assert_eq!(
            written(Format::Text, &[&sample()]),
            "prose\n  name      count   share\n  a,b    1 234 567    12.3 %\n  say \"x\"        7     NaN %\n"
        );
    }

    #[test]
    fn csv_quotes_and_writes_raw_values() {
        assert_eq!(
            written(Format::Csv, &[&sample()]),
            "name,n,share,share_raw\n\"a,b\",1234567,12.3456,0.123456\n\"say \"\"x\"\"\",7,,\n"
        );
    }

    #[test]
    fn several_csv_tables_are_named() {
        let mut other = Table::new("other")
            .headless()
            .right("x", 3)
            .text_only()
            .csv_only("y");
        other.row(vec!["1".into(), "2".into()]);
        assert_eq!(written(Format::Text, &[&other]), "prose\n  1\n");
        assert_eq!(
            written(Format::Csv, &[&sample(), &other]),
            "# sample\nname,n,share,share_raw\n\"a,b\",1234567,12.3456,0.123456\n\"say \"\"x\"\"\",7,,\n\n# other\ny\n2\n"
        );
    }

    #[test]
    fn a_template_lays_out_lines() {
        let mut t = Table::lines("memory", "  m/N = {m:>4}: {name:<6}|{note} of it")
            .text_only_column("name");
        t.row(vec![Cell::int(16u32), "ab".into(), Cell::fixed(0.5, 2)]);
        assert_eq!(
            written(Format::Text, &[&t]),
            "prose\n  m/N =   16: ab    |0.50 of it\n"
        );
        assert_eq!(written(Format::Csv, &[&t]), "m,note\n16,0.5\n");
    }

    #[test]
    fn raw_numbers_read_back_exactly() {
        for x in [
            0.0, 1.0, 0.1, 1.37e15, 2.5e-22, 123456.789, -3.5e-9, 1e-7, 1e15,
        ] {
            assert_eq!(raw(x).parse::<f64>().unwrap(), x, "{}", raw(x));
        }
        assert_eq!(raw(1.37e15), "1.37e15");
        assert_eq!(raw(0.5), "0.5");
        assert_eq!(raw(f64::INFINITY), "inf");
    }
}
