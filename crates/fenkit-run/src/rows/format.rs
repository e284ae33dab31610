//! How a row is written: its shape for the input's kind (a table's line
//! with results appended, a record with its results, JSON keys), quoting
//! and escaping.

use super::*;

impl RowFormat {
    pub fn name(self) -> &'static str {
        match self {
            RowFormat::Csv => "csv",
            RowFormat::Tsv => "tsv",
            RowFormat::Jsonl => "jsonl",
        }
    }
}

/// How a row is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// The line, then each result after `delimiter` (quoted as CSV wants
    /// unless the delimiter is a tab).
    Appended { delimiter: u8 },
    /// The record, then each result after `delimiter`.
    Record { delimiter: u8 },
    /// The line's JSON object with the results as further keys.
    JsonKeys,
    /// A JSON object: the record under `record`, then the results.
    JsonRecord,
}

impl Shape {
    pub(super) fn for_input(
        format: RowFormat,
        extract: &Extract,
        delimiter: u8,
    ) -> Result<Shape, String> {
        let table = matches!(
            extract,
            Extract::Column { .. } | Extract::NamedColumn { .. }
        );
        let json = matches!(extract, Extract::Json { .. });
        match format {
            RowFormat::Csv if table => Ok(Shape::Appended { delimiter }),
            RowFormat::Tsv if table && delimiter == b'\t' => Ok(Shape::Appended { delimiter }),
            RowFormat::Tsv if table => Err(format!(
                "the rows are separated by '{}' (--delimiter), not tabs, and come back as they are; use --output csv",
                char::from(delimiter).escape_default()
            )),
            RowFormat::Jsonl if json => Ok(Shape::JsonKeys),
            RowFormat::Csv | RowFormat::Tsv if json => Err(
                "JSON lines come back as JSON lines, with the results as keys; use --output jsonl"
                    .into(),
            ),
            RowFormat::Jsonl if table => Err(
                "a table's rows come back in their own format; use --output csv (or tsv for tabs)"
                    .into(),
            ),
            RowFormat::Csv => Ok(Shape::Record { delimiter: b',' }),
            RowFormat::Tsv => Ok(Shape::Record { delimiter: b'\t' }),
            RowFormat::Jsonl => Ok(Shape::JsonRecord),
        }
    }
}

impl Rows {
    /// Writes the row of `record` with `results` to `out`.
    pub(super) fn write_row(&mut self, record: &Record, results: &Results<'_>, out: &mut Output) {
        let mut row = std::mem::take(&mut self.row);
        let text = &mut std::mem::take(&mut self.text);
        row.clear();
        match self.shape {
            Shape::Appended { delimiter } | Shape::Record { delimiter } => {
                match self.shape {
                    Shape::Appended { .. } => row.extend_from_slice(record.line),
                    _ => {
                        let bytes = String::from_utf8_lossy(record.bytes);
                        fenkit_io::write_field(&mut row, &bytes, delimiter);
                    }
                }
                for &column in &self.columns {
                    row.push(delimiter);
                    self.text_value(column, results, text, |value| {
                        fenkit_io::write_field(&mut row, value, delimiter)
                    });
                }
            }
            Shape::JsonKeys => match object_end(record.line) {
                Some((end, empty)) => {
                    row.extend_from_slice(&record.line[..end]);
                    self.json_values(results, !empty, &mut row, text);
                    row.extend_from_slice(&record.line[end..]);
                }
                // Not an object: the line as a string, so that the row
                // stays JSON and keeps its place.
                None => {
                    row.extend_from_slice(b"{\"line\":");
                    json_string(&mut row, &String::from_utf8_lossy(record.line));
                    self.json_values(results, true, &mut row, text);
                    row.push(b'}');
                }
            },
            Shape::JsonRecord => {
                row.extend_from_slice(b"{\"record\":");
                json_string(&mut row, &String::from_utf8_lossy(record.bytes));
                self.json_values(results, true, &mut row, text);
                row.push(b'}');
            }
        }
        row.push(b'\n');
        self.emit(&row, out);
        self.row = row;
        self.text = std::mem::take(text);
    }

    /// Writes a line of output (ending in a line break), escaped on a
    /// terminal.
    pub(super) fn emit(&self, line: &[u8], out: &mut Output) {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        output::input_text(out.stdout(), line, self.escape);
        out.stdout().push(b'\n');
    }
}

pub(super) fn json_string(out: &mut Vec<u8>, value: &str) {
    // Writing a string to memory does not fail.
    let _ = serde_json::to_writer(&mut *out, value);
}

/// Where the closing brace of the JSON object on `line` stands, and
/// whether the object is empty; `None` when the line is not an object.
pub(super) fn object_end(line: &[u8]) -> Option<(usize, bool)> {
    let start = line.iter().position(|b| !b.is_ascii_whitespace())?;
    let end = line.iter().rposition(|b| !b.is_ascii_whitespace())?;
    if line[start] != b'{' || line[end] != b'}' || start == end {
        return None;
    }
    let empty = line[start + 1..end].iter().all(u8::is_ascii_whitespace);
    Some((end, empty))
}
