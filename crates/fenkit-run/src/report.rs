//! Diagnostics for people (`SOURCE:LINE:COL: error[CODE]: message`, with
//! the line and a caret under the span on a terminal) and for machines (one
//! JSON object per record).

use std::io::{self, Write};

use fenkit::{Diagnostic, Record};

/// Writes one diagnostic for people; with `snippet`, also the line and a
/// caret under the span.
pub fn human(
    out: &mut impl Write,
    record: &Record,
    diagnostic: &Diagnostic,
    snippet: bool,
) -> io::Result<()> {
    let (column, end) = diagnostic.span.columns(record.line, record.offset);
    // Messages escape what they quote; this is the net under them all.
    let source = fenkit::printable(record.source);
    let message = diagnostic.to_string();
    let message = fenkit::printable(&message);
    writeln!(out, "{source}:{}:{column}: {message}", record.line_number)?;
    if snippet && !record.line.is_empty() {
        let shown: String = String::from_utf8_lossy(record.line)
            .chars()
            .map(|c| match c {
                '\t' => ' ',
                // One column each, so that the caret stays in place.
                c if fenkit::needs_escape(c) => '\u{fffd}',
                c => c,
            })
            .collect();
        let width = (end - column).max(1);
        writeln!(out, "    {shown}")?;
        writeln!(out, "    {}{}", " ".repeat(column - 1), "^".repeat(width))?;
    }
    Ok(())
}

/// Writes one record's outcome as a line of JSON, in the shape of
/// [`fenkit::json::RecordJson`] (written directly: see its `write`), by
/// `lines`, which keeps what records of one source share.
pub fn json(
    lines: &mut fenkit::json::JsonLines,
    out: &mut Vec<u8>,
    record: &Record,
    setup: Option<&shakmaty::Setup>,
    fen: Option<&str>,
    diagnostics: &[Diagnostic],
    read: &fenkit::ReadOptions,
) {
    lines.write(
        &fenkit::json::RecordJson::new(record, setup, diagnostics, fen, read),
        out,
    );
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use fenkit::{Code, Field, Span};

    fn record(line: &str, offset: usize) -> Record<'_> {
        Record {
            source: "in.fen",
            line_number: 3,
            line: line.as_bytes(),
            offset,
            bytes: &line.as_bytes()[offset..],
        }
    }

    #[test]
    fn columns_count_characters_from_the_line_start() {
        let line = "x – 8/8";
        let rec = record(line, 6); // the record "8/8" after a 3-byte dash
        assert_eq!(rec.column(0), 5);
        assert_eq!(rec.column(2), 7);
    }

    #[test]
    fn human_output_points_at_the_span() {
        let line = "8/8 w - - 0 1 8/8/8/8/8/8/8/9 w - - 0 1";
        let rec = record(line, 14);
        let diagnostic = Diagnostic::new(Code::BadDigit, Field::Placement, Span::at(14, 1), "nine");
        let mut out = Vec::new();
        human(&mut out, &rec, &diagnostic, true).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            format!(
                "in.fen:3:29: error[bad-digit]: nine\n    {line}\n    {}^\n",
                " ".repeat(28)
            )
        );
    }

    #[test]
    fn json_reports_columns_in_the_line() {
        let rec = record("  4k3/8/8/8/8/8/8/4K3 W - - 0 1", 2);
        let checked = fenkit::check(rec.bytes);
        let mut out = Vec::new();
        let read = fenkit::ReadOptions::default();
        json(
            &mut Default::default(),
            &mut out,
            &rec,
            None,
            None,
            &checked.diagnostics,
            &read,
        );
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(value["column"], 3);
        assert_eq!(value["valid"], false);
        assert_eq!(value["errors"][0]["code"], "bad-side");
        assert_eq!(value["errors"][0]["field"], "side");
        assert_eq!(value["errors"][0]["column"], 23);
    }
}
