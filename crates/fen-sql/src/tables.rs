//! Files as tables: CSV, TSV, JSON lines, Parquet and PGN, compressed
//! (gzip, zstd, bzip2, xz, told by the first bytes) or not, by path in a
//! query (`FROM 'puzzles.csv.zst'`) or by a short name (`--table`).

use std::{
    io::Read,
    path::{Path, PathBuf},
};

use datafusion::common::TableReference;
use datafusion::{
    datasource::file_format::file_compression_type::FileCompressionType,
    error::{DataFusionError, Result},
    prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext},
};
use fenkit_io::Compression;

use crate::statements::Statement;

/// The kinds of file a table can be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Format {
    Csv,
    Tsv,
    JsonLines,
    Parquet,
    Pgn,
}

/// The format a file's name says, past any compression suffix.
fn format_of(path: &Path) -> Option<Format> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    let name = [".gz", ".zst", ".bz2", ".xz"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(&name);
    let extension = name.rsplit_once('.')?.1;
    Some(match extension {
        "csv" => Format::Csv,
        "tsv" | "tab" => Format::Tsv,
        "json" | "jsonl" | "ndjson" => Format::JsonLines,
        "parquet" => Format::Parquet,
        "pgn" => Format::Pgn,
        _ => return None,
    })
}

fn compression_of(path: &Path) -> Result<Compression> {
    let mut head = [0; 8];
    let mut file = std::fs::File::open(path)
        .map_err(|err| DataFusionError::Plan(format!("{}: {err}", path.display())))?;
    let read = file.read(&mut head).unwrap_or(0);
    Ok(fenkit_io::sniff(&head[..read]))
}

/// Registers the file at `path` as the table `name`.
pub async fn register(
    ctx: &SessionContext,
    name: impl Into<TableReference>,
    path: &Path,
) -> Result<()> {
    let name = name.into();
    let Some(format) = format_of(path) else {
        return Err(DataFusionError::Plan(format!(
            "{}: cannot tell the format from the name; tables are .csv, .tsv, .jsonl (or .json, .ndjson), .parquet or .pgn, each optionally compressed (.gz, .zst, .bz2, .xz)",
            path.display()
        )));
    };
    let compression = match compression_of(path)? {
        Compression::None => FileCompressionType::UNCOMPRESSED,
        Compression::Gzip => FileCompressionType::GZIP,
        Compression::Zstd => FileCompressionType::ZSTD,
        Compression::Bzip2 => FileCompressionType::BZIP2,
        Compression::Xz => FileCompressionType::XZ,
    };
    let location = path.to_string_lossy();
    match format {
        Format::Csv | Format::Tsv => {
            let options = CsvReadOptions::new()
                .has_header(true)
                .delimiter(if format == Format::Tsv { b'\t' } else { b',' })
                // The name is what it is; the bytes said how it is packed.
                .file_extension("")
                .file_compression_type(compression);
            ctx.register_csv(name, location.as_ref(), options).await
        }
        Format::JsonLines => {
            let options = JsonReadOptions::default()
                .file_extension("")
                .file_compression_type(compression);
            ctx.register_json(name, location.as_ref(), options).await
        }
        Format::Parquet => {
            let options = ParquetReadOptions::default().file_extension("");
            ctx.register_parquet(name, location.as_ref(), options).await
        }
        Format::Pgn => {
            ctx.register_table(
                name,
                crate::pgn::table(PathBuf::from(path), Default::default())?,
            )?;
            Ok(())
        }
    }
}

/// Registers each file `statement` names by path (a single-quoted
/// string that is an existing file of a known kind) under that path, as
/// one name, so that `FROM 'puzzles.csv'` and `FROM 'data/games.pgn.zst'`
/// read it; other strings are left alone.
pub async fn register_paths(ctx: &SessionContext, statement: &Statement) -> Result<()> {
    for path in statement.strings() {
        let file = Path::new(path);
        if path.is_empty() || !file.is_file() || format_of(file).is_none() {
            continue;
        }
        // One name, dots and all: `tricky.pgn` is no schema `tricky`.
        if !ctx.table_exist(TableReference::bare(path))? {
            register(ctx, TableReference::bare(path), file).await?;
        }
    }
    Ok(())
}

/// `--table name=path`.
pub fn parse_table(text: &str) -> Result<(String, PathBuf), String> {
    match text.split_once('=') {
        Some((name, path)) if !name.is_empty() && !path.is_empty() => {
            Ok((name.to_string(), PathBuf::from(path)))
        }
        _ => Err(format!(
            "'{text}' is not NAME=PATH, such as puzzles=lichess_db_puzzle.csv.zst"
        )),
    }
}
