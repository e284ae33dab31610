//! Row-aligned output (`--output csv|tsv|jsonl`): every input row written
//! back as it was, with result columns appended (CSV and TSV) or result
//! keys added (JSON lines), so that output rows match input rows one for
//! one, bad rows included, on any number of threads.
//!
//! A row of a table (`--field`, `--jsonl`) comes back byte for byte with
//! the results after it, and its header line gets the columns' names. A
//! record of a FEN or EPD file becomes a row of its own, the record first.
//! The subcommand chooses the default columns and what a record must be to
//! count as fine for the exit status; `--columns` chooses others.

mod format;
pub mod ply;
mod values;

use std::io::{self, Write};

use format::*;

use fenkit::{Checked, Diagnostic, ReadOptions, Record, Severity, WriteOptions};

use crate::{
    extract::Extract,
    output::{self, Output},
    reported::report,
    run::{Job, Parallel},
};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum RowFormat {
    Csv,
    Tsv,
    Jsonl,
}

/// A result column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Column {
    /// true or false: the record has no error.
    Valid,
    /// Each error as 'CODE at column N: message' (N in the line, as on
    /// standard error), joined by '; ' (in JSON, a list of problems in the
    /// shape of `fen check --format json`'s).
    Errors,
    /// Each warning, as errors are written.
    Warnings,
    /// The canonical FEN of a well-formed record.
    Fen,
    /// Its four position fields as EPD, without operations.
    Epd,
    /// The four-field key of a valid position.
    Key,
    /// The Polyglot key of a valid position, in hex.
    Polyglot,
    /// The ECO code of a valid position's opening (empty when the
    /// position is in no line of the table).
    Eco,
    /// The name of a valid position's opening.
    Opening,
    /// The side to move of a well-formed record: white or black.
    Side,
    /// A valid position's check status: none, check, checkmate, stalemate.
    Status,
    /// The 64 squares of a well-formed record, a8 to h1, '.' for empty.
    Board,
}

impl Column {
    /// The column's name in a header and as a JSON key: as `--columns`
    /// spells it.
    pub fn name(self) -> &'static str {
        match self {
            Column::Valid => "valid",
            Column::Errors => "errors",
            Column::Warnings => "warnings",
            Column::Fen => "fen",
            Column::Epd => "epd",
            Column::Key => "key",
            Column::Polyglot => "polyglot",
            Column::Eco => "eco",
            Column::Opening => "opening",
            Column::Side => "side",
            Column::Status => "status",
            Column::Board => "board",
        }
    }
}

/// What a record must be for its row to count as fine in the exit status.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Need {
    /// No error under the strictness asked (`check`).
    Valid,
    /// Readable: illegal positions are written with a warning
    /// (`normalize`, `convert`).
    WellFormed,
    /// A position to play from (`key`, `opening`).
    Playable,
}

/// The job of row-aligned output.
#[derive(Clone)]
pub struct Rows {
    read: ReadOptions,
    write: WriteOptions,
    columns: Vec<Column>,
    shape: Shape,
    pub need: Need,
    /// Standard output is a terminal: escape what it would act on.
    escape: bool,
    /// The row being written, and the text of one result in it, kept
    /// from record to record.
    row: Vec<u8>,
    text: Vec<u8>,
}

/// A record's results, worked out once for all its columns.
struct Results<'a> {
    /// The record and its line, for the columns of its problems.
    record: Record<'a>,
    checked: Option<&'a Checked>,
    /// The position to play from, in the record's variant.
    position: Option<&'a fenkit::variants::VariantPosition>,
    diagnostics: &'a [Diagnostic],
}

impl Rows {
    /// Rows of `format` with `columns`, for records found as `extract`
    /// says in lines split at `delimiter` (for a table); why not, when the
    /// format does not fit the input. Rows count as fine when valid.
    pub fn new(
        read: ReadOptions,
        write: WriteOptions,
        columns: Vec<Column>,
        format: RowFormat,
        extract: &Extract,
        delimiter: u8,
    ) -> Result<Rows, String> {
        Ok(Rows {
            read,
            write,
            columns,
            shape: Shape::for_input(format, extract, delimiter)?,
            need: Need::Valid,
            escape: false,
            row: Vec::new(),
            text: Vec::new(),
        })
    }

    /// With `escape`, what a terminal would act on is escaped in every row.
    pub fn escaped(self, escape: bool) -> Rows {
        Rows { escape, ..self }
    }

    /// The header line of rows made from the records of a FEN file.
    pub fn header_of_records(&self) -> Option<Vec<u8>> {
        let Shape::Record { delimiter } = self.shape else {
            return None;
        };
        let mut header = b"record".to_vec();
        for column in &self.columns {
            header.push(delimiter);
            header.extend_from_slice(column.name().as_bytes());
        }
        header.push(b'\n');
        Some(header)
    }

    fn fine(
        &self,
        checked: &Checked,
        position: Option<&fenkit::variants::VariantPosition>,
    ) -> bool {
        match self.need {
            Need::Valid => fenkit::no_errors(&checked.diagnostics),
            Need::WellFormed => checked.setup.is_some(),
            Need::Playable => position.is_some(),
        }
    }

    fn needs_position(&self) -> bool {
        self.need == Need::Playable
            || self.columns.iter().any(|column| {
                matches!(
                    column,
                    Column::Key | Column::Polyglot | Column::Eco | Column::Opening | Column::Status
                )
            })
    }
}

impl Job for Rows {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = self.read.check(record.bytes);
        let position = match self.needs_position() {
            true => checked.variant_position(self.read.castling),
            false => None,
        };
        if !checked.diagnostics.is_empty() {
            report(&self.read, record, &checked.diagnostics, out)?;
        }
        let results = Results {
            record: *record,
            checked: Some(&checked),
            position: position.as_ref(),
            diagnostics: &checked.diagnostics,
        };
        self.write_row(record, &results, out);
        Ok(self.fine(&checked, position.as_ref()))
    }

    fn header(&mut self, line: &[u8], out: &mut Output) -> io::Result<()> {
        let mut header = line.to_vec();
        if let Shape::Appended { delimiter } = self.shape {
            for column in &self.columns {
                header.push(delimiter);
                fenkit_io::write_field(&mut header, column.name(), delimiter);
            }
        }
        header.push(b'\n');
        self.emit(&header, out);
        Ok(())
    }

    fn unreadable(&mut self, at: &Record, why: &Diagnostic, out: &mut Output) -> io::Result<bool> {
        out.diagnostics(at, std::slice::from_ref(why))?;
        let results = Results {
            record: *at,
            checked: None,
            position: None,
            diagnostics: std::slice::from_ref(why),
        };
        self.write_row(at, &results, out);
        Ok(false)
    }
}

impl Parallel for Rows {
    type Handed = ();

    fn fork(&self) -> Self {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "clap")]
    #[test]
    fn names_are_as_the_flag_spells_them() {
        use clap::ValueEnum;
        for column in Column::value_variants() {
            let value = column.to_possible_value().unwrap();
            assert_eq!(column.name(), value.get_name());
        }
        for format in RowFormat::value_variants() {
            assert_eq!(
                format.name(),
                format.to_possible_value().unwrap().get_name()
            );
        }
    }

    #[test]
    fn the_end_of_a_json_object_is_found() {
        assert_eq!(object_end(br#"{"a": 1}"#), Some((7, false)));
        assert_eq!(object_end(b" { } "), Some((3, true)));
        assert_eq!(object_end(b"[1]"), None);
        assert_eq!(object_end(b"{"), None);
        assert_eq!(object_end(b"}"), None);
    }
}
