//! Lists that are tables: one column of a CSV or TSV file as the URL list.
//!
//! The papers' inputs are one URL per line (P1's 20 million crawled URLs, P2's link lists), but
//! the public lists a reader brings are often tables: Alexa's and Tranco's `rank,domain`, a
//! crawler's log with a URL column. Hashed whole, `16,sina.com.cn` is a "URL" whose host does not
//! exist, and every measure is silently wrong. [`guess`] reads the first lines of an input and
//! says whether it is a table (the same number, two or more, of comma, tab or semicolon
//! separated fields on every line, or a `.csv` / `.tsv` name), which column holds the hosts or
//! URLs (the column most of whose fields look like one), and whether the first line is a header
//! (its field in that column does not look like a host while the others do). [`field`] takes
//! that column out of a line (surrounding white space and one pair of double quotes dropped).
//! [`rank_host`] names the `rank,host` shape in a list read whole, so the report can say so.

use serde::Serialize;

/// Which column of a delimited line is the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Columns {
    /// `b','`, `b'\t'` or `b';'`.
    #[serde(serialize_with = "as_char")]
    pub delimiter: u8,
    /// 0-based.
    pub column: usize,
    /// The first non-blank line is a header, not a URL.
    pub header: bool,
}

fn as_char<S: serde::Serializer>(d: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&(*d as char).to_string())
}

/// What [`guess`] found: the columns to read and the first rows, to show the choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Guess {
    /// The column read and whether the first line is a header.
    // Flattened natively; the page's WebAssembly gets the nested object and its adapter moves
    // its fields up (`wasm::to_js_flat`), which spares the flattening serialiser (7 KB).
    #[cfg_attr(not(target_arch = "wasm32"), serde(flatten))]
    pub columns: Columns,
    /// Fields per line.
    pub fields: usize,
    /// The header's fields, when there is one.
    pub names: Option<Vec<String>>,
    /// The first rows (after the header), field by field, at most [`SAMPLE_ROWS`].
    pub rows: Vec<Vec<String>>,
}

/// Lines [`guess`] reads at most.
pub const GUESS_LINES: usize = 50;
/// Rows a [`Guess`] keeps to show.
pub const SAMPLE_ROWS: usize = 3;

const DELIMITERS: [u8; 3] = [b'\t', b',', b';'];

fn trim(mut b: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = b {
        if first.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = b {
        if last.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    b
}

/// One field, trimmed, one pair of surrounding double quotes dropped.
fn clean(f: &[u8]) -> &[u8] {
    let f = trim(f);
    match f {
        [b'"', inner @ .., b'"'] => trim(inner),
        _ => f,
    }
}

/// The fields of `line` split at `delimiter`: a comma or semicolon inside double quotes does not
/// split (CSV's quoting); tabs always do (a TSV field may hold a lone `"`).
fn split(line: &[u8], delimiter: u8) -> impl Iterator<Item = &[u8]> {
    let quoting = delimiter != b'\t';
    let mut quoted = false;
    line.split(move |&b| {
        if quoting && b == b'"' {
            quoted = !quoted;
        }
        b == delimiter && !quoted
    })
}

/// Field `column` of `line` split at `delimiter` (trimmed, unquoted), or None when the line
/// has fewer fields or the field is empty.
pub fn field(line: &[u8], delimiter: u8, column: usize) -> Option<&[u8]> {
    let f = clean(split(line, delimiter).nth(column)?);
    (!f.is_empty()).then_some(f)
}

/// Whether `f` looks like a host or a URL: no white space, a dot or a `://`, a letter somewhere,
/// and not a number.
pub fn host_like(f: &[u8]) -> bool {
    let f = clean(f);
    !f.is_empty()
        && !f.iter().any(|b| b.is_ascii_whitespace())
        && (f.contains(&b'.') || f.windows(3).any(|w| w == b"://"))
        && f.iter().any(|b| b.is_ascii_alphabetic())
        && std::str::from_utf8(f).map_or(true, |s| s.parse::<f64>().is_err())
}

/// Whether a line has the `rank,host` shape (`16,sina.com.cn`, `16\tsina.com.cn`): digits, a
/// comma or tab, then a host or URL.
pub fn rank_host(line: &[u8]) -> bool {
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && matches!(line.get(digits), Some(b',' | b'\t')) && host_like(&line[digits + 1..])
}

/// Whether the input is a table and which column to read; see the module doc. `sample` is the
/// input's first bytes (a cut last line is ignored unless it is the only one), `name` its file
/// name, if any.
pub fn guess(sample: &[u8], name: Option<&str>) -> Option<Guess> {
    let sample = sample.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(sample);
    let mut lines: Vec<&[u8]> = sample
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !trim(l).is_empty())
        .take(GUESS_LINES + 1)
        .collect();
    if lines.len() > 1 && !sample.ends_with(b"\n") {
        lines.pop(); // cut short by the sample's end
    }
    lines.truncate(GUESS_LINES);
    let ext = name
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e.to_ascii_lowercase());
    let named = match ext.as_deref() {
        Some("tsv") => Some(b'\t'),
        Some("csv") => Some(b','),
        _ => None,
    };
    let count = |l: &[u8], d: u8| split(l, d).count();
    let first = *lines.first()?;
    let delimiter = named.or_else(|| {
        DELIMITERS.into_iter().find(|&d| {
            let n = count(first, d);
            n >= 2 && lines.len() >= 2 && lines.iter().all(|l| count(l, d) == n)
        })
    })?;
    let fields = lines.iter().map(|l| count(l, delimiter)).max()?;
    if fields < 2 {
        return None;
    }
    // The column whose fields (after a possible header) look like hosts most often.
    let body = &lines[1.min(lines.len() - 1)..];
    let score = |c: usize| {
        body.iter()
            .filter(|l| field(l, delimiter, c).is_some_and(host_like))
            .count()
    };
    let column = (0..fields).max_by_key(|&c| (score(c), std::cmp::Reverse(c)))?;
    if score(column) == 0 {
        return None;
    }
    let header = lines.len() > 1 && !field(lines[0], delimiter, column).is_some_and(host_like);
    let cells = |l: &[u8]| -> Vec<String> {
        split(l, delimiter)
            .map(|f| String::from_utf8_lossy(clean(f)).into_owned())
            .collect()
    };
    let rows_from = usize::from(header);
    Some(Guess {
        columns: Columns {
            delimiter,
            column,
            header,
        },
        fields,
        names: header.then(|| cells(lines[0])),
        rows: lines[rows_from..]
            .iter()
            .take(SAMPLE_ROWS)
            .map(|l| cells(l))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alexas_rank_domain_picks_the_domain() {
        let g = guess(b"1,baidu.com\n2,qq.com\n16,sina.com.cn\n", None).unwrap();
        assert_eq!(
            g.columns,
            Columns {
                delimiter: b',',
                column: 1,
                header: false
            }
        );
        assert_eq!(g.fields, 2);
        assert_eq!(g.rows[2], vec!["16", "sina.com.cn"]);
        assert!(rank_host(b"16,sina.com.cn") && rank_host(b"7\thttp://a.cn/x"));
        assert!(!rank_host(b"http://a.cn/?x=1,2") && !rank_host(b"16,17"));
    }

    #[test]
    fn a_header_and_quotes_and_tabs() {
        let g = guess(
            b"rank\turl\tvisits\n1\t\"http://www.pku.edu.cn/\"\t9\n2\thttp://net.pku.edu.cn/~webg/\t3\n",
            None,
        )
        .unwrap();
        assert_eq!(
            (g.columns.delimiter, g.columns.column, g.columns.header),
            (b'\t', 1, true)
        );
        assert_eq!(g.names.as_deref().unwrap()[1], "url");
        assert_eq!(g.rows[0][1], "http://www.pku.edu.cn/");
        assert_eq!(
            field(b"1\t\"http://www.pku.edu.cn/\"\t9", b'\t', 1),
            Some(&b"http://www.pku.edu.cn/"[..])
        );
        assert_eq!(field(b"1\t\t9", b'\t', 1), None);
        // A quoted comma does not split a CSV field; a quote does not join TSV fields.
        assert_eq!(
            field(b"7,\"http://a.cn/x,y\",z", b',', 1),
            Some(&b"http://a.cn/x,y"[..])
        );
        assert_eq!(field(b"7,\"http://a.cn/x,y\",z", b',', 2), Some(&b"z"[..]));
        assert_eq!(field(b"a\"b\tc.cn\td", b'\t', 1), Some(&b"c.cn"[..]));
        assert_eq!(field(b"1", b'\t', 1), None);
    }

    #[test]
    fn a_url_list_is_not_a_table() {
        // Commas inside URLs, differing per line.
        let urls = b"http://a.cn/?x=1,2\nhttp://b.cn/\nhttp://c.cn/a,b,c\n";
        assert_eq!(guess(urls, None), None);
        assert_eq!(guess(b"http://a.cn/\nhttp://b.cn/\n", None), None);
        // The same number of commas on every line, but no column of hosts.
        assert_eq!(guess(b"1,2\n3,4\n", None), None);
        assert_eq!(guess(b"", Some("x.csv")), None);
    }

    #[test]
    fn the_name_decides_the_delimiter_and_a_cut_line_is_ignored() {
        let g = guess(b"host;ip\na.cn;1.2.3.4\nb.c", Some("HOSTS.TSV"));
        assert_eq!(g, None, "a .tsv name means tabs");
        let g = guess(b"a.cn,1\nb.cn,2\nc.cn,3,4,5", Some("list.csv")).unwrap();
        assert_eq!(
            (g.columns.column, g.fields),
            (0, 2),
            "the cut last line is not read"
        );
    }
}
