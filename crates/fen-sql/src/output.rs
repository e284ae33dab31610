//! Results out: an aligned table for people, CSV or JSON lines for
//! programs, Parquet into a file.

use std::{
    fmt,
    fs::File,
    io::{self, Write},
    path::Path,
};

use clap::ValueEnum;
use datafusion::{
    arrow::{
        array::RecordBatch,
        json::LineDelimitedWriter,
        util::{
            display::{ArrayFormatter, FormatOptions},
            pretty::pretty_format_batches,
        },
    },
    error::{DataFusionError, Result},
    parquet::arrow::ArrowWriter,
};

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned table (the default on a terminal).
    Table,
    /// CSV with a header (the default otherwise); lists and structs as text.
    Csv,
    /// One JSON object per row.
    Json,
    /// Parquet, into the file given with --output.
    Parquet,
}

/// Writes `batches` in `format` to `out` (or, for Parquet, to `file`).
pub fn write(
    batches: &[RecordBatch],
    format: Format,
    file: Option<&Path>,
    out: &mut dyn Write,
) -> Result<()> {
    match format {
        Format::Table => {
            if batches.iter().all(|b| b.num_rows() == 0)
                && batches.first().is_none_or(|b| b.num_columns() == 0)
            {
                return Ok(());
            }
            writeln!(out, "{}", pretty_format_batches(batches)?)?;
        }
        Format::Csv => write_csv(batches, out)?,
        Format::Json => {
            let mut writer = LineDelimitedWriter::new(out);
            for batch in batches {
                writer.write(batch)?;
            }
            writer.finish()?;
        }
        Format::Parquet => {
            let Some(path) = file else {
                return Err(DataFusionError::Plan(
                    "--format parquet writes a file: give it with --output FILE".into(),
                ));
            };
            let Some(first) = batches.first() else {
                return Ok(());
            };
            let file = File::create(path)
                .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", path.display())))?;
            let mut writer = ArrowWriter::try_new(file, first.schema(), None)?;
            for batch in batches {
                writer.write(batch)?;
            }
            writer.close()?;
        }
    }
    Ok(())
}

/// CSV by hand: arrow's writer refuses lists and structs, which the
/// fenkit functions return (`fen_errors`, `fen_opening`); they are
/// written as their text. Each value is formatted into one buffer kept
/// from cell to cell, then quoted by `fenkit_io::write_field`.
fn write_csv(batches: &[RecordBatch], out: &mut dyn Write) -> Result<()> {
    let Some(first) = batches.first() else {
        return Ok(());
    };
    let mut line = Vec::new();
    for (i, field) in first.schema().fields().iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        fenkit_io::write_field(&mut line, field.name(), b',');
    }
    line.push(b'\n');
    out.write_all(&line)?;
    let options = FormatOptions::default().with_null("");
    let mut cell = String::new();
    for batch in batches {
        let formatters = batch
            .columns()
            .iter()
            .map(|column| ArrayFormatter::try_new(column.as_ref(), &options))
            .collect::<Result<Vec<_>, _>>()?;
        for row in 0..batch.num_rows() {
            line.clear();
            for (i, formatter) in formatters.iter().enumerate() {
                if i > 0 {
                    line.push(b',');
                }
                cell.clear();
                fmt::Write::write_fmt(&mut cell, format_args!("{}", formatter.value(row)))
                    .map_err(|_| DataFusionError::Execution("a value cannot be written".into()))?;
                fenkit_io::write_field(&mut line, &cell, b',');
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
    }
    Ok(())
}
