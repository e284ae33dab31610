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
        array::{Array, AsArray, RecordBatch, StringArray, StringViewArray},
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
/// written as their text, quoted by `fenkit_io::write_field`. Text and
/// integer columns, what most queries give (a key and its count), are
/// copied and written by `itoa` without arrow's formatter: a million rows
/// of a FEN and a rating, 0.150–0.156 s → 0.126–0.127 s.
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
    let options = FormatOptions::default().with_null("");
    let mut scratch = String::new();
    for batch in batches {
        let cells = batch
            .columns()
            .iter()
            .map(|column| Cells::of(column.as_ref(), &options))
            .collect::<Result<Vec<_>, _>>()?;
        for row in 0..batch.num_rows() {
            for (i, cells) in cells.iter().enumerate() {
                if i > 0 {
                    line.push(b',');
                }
                cells.write(row, &mut line, &mut scratch)?;
            }
            line.push(b'\n');
            if line.len() >= 1 << 16 {
                out.write_all(&line)?;
                line.clear();
            }
        }
    }
    out.write_all(&line)?;
    Ok(())
}

/// One column's cells as CSV text.
enum Cells<'a> {
    Text(&'a StringArray),
    View(&'a StringViewArray),
    Signed(Vec<Option<i64>>),
    Unsigned(Vec<Option<u64>>),
    Other(ArrayFormatter<'a>),
}

impl<'a> Cells<'a> {
    fn of(column: &'a dyn Array, options: &'a FormatOptions<'a>) -> Result<Self> {
        use datafusion::arrow::datatypes::{
            DataType, Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type,
            UInt64Type,
        };
        fn widened<T, W>(column: &dyn Array, widen: impl Fn(T::Native) -> W) -> Vec<Option<W>>
        where
            T: datafusion::arrow::datatypes::ArrowPrimitiveType,
        {
            column
                .as_primitive::<T>()
                .iter()
                .map(|v| v.map(&widen))
                .collect()
        }
        Ok(match column.data_type() {
            DataType::Utf8 => Cells::Text(column.as_string::<i32>()),
            DataType::Utf8View => Cells::View(column.as_string_view()),
            DataType::Int8 => Cells::Signed(widened::<Int8Type, _>(column, i64::from)),
            DataType::Int16 => Cells::Signed(widened::<Int16Type, _>(column, i64::from)),
            DataType::Int32 => Cells::Signed(widened::<Int32Type, _>(column, i64::from)),
            DataType::Int64 => Cells::Signed(widened::<Int64Type, _>(column, i64::from)),
            DataType::UInt8 => Cells::Unsigned(widened::<UInt8Type, _>(column, u64::from)),
            DataType::UInt16 => Cells::Unsigned(widened::<UInt16Type, _>(column, u64::from)),
            DataType::UInt32 => Cells::Unsigned(widened::<UInt32Type, _>(column, u64::from)),
            DataType::UInt64 => Cells::Unsigned(widened::<UInt64Type, _>(column, u64::from)),
            _ => Cells::Other(ArrayFormatter::try_new(column, options)?),
        })
    }

    /// Writes the cell of `row`; `scratch` holds a formatted value.
    fn write(&self, row: usize, line: &mut Vec<u8>, scratch: &mut String) -> Result<()> {
        match self {
            Cells::Text(text) if text.is_valid(row) => {
                fenkit_io::write_field(line, text.value(row), b',')
            }
            Cells::View(text) if text.is_valid(row) => {
                fenkit_io::write_field(line, text.value(row), b',')
            }
            Cells::Text(_) | Cells::View(_) => {}
            Cells::Signed(values) => {
                if let Some(value) = values[row] {
                    line.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
                }
            }
            Cells::Unsigned(values) => {
                if let Some(value) = values[row] {
                    line.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
                }
            }
            Cells::Other(formatter) => {
                scratch.clear();
                fmt::Write::write_fmt(scratch, format_args!("{}", formatter.value(row)))
                    .map_err(|_| DataFusionError::Execution("a value cannot be written".into()))?;
                fenkit_io::write_field(line, scratch, b',');
            }
        }
        Ok(())
    }
}
