//! Reading rows a cluster wrote to Parquet (`fenkit.spark.explorer`,
//! `fenkit.spark.book`): a file, or a folder of Spark's part files.

use std::{
    fs::File,
    io,
    path::{Path, PathBuf},
};

use arrow_array::RecordBatch;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

/// The Parquet files of `paths`: each path a file, or a folder whose
/// `.parquet` files (Spark's part files) are read in name order; the path
/// that could not be listed, and why.
pub fn parquet_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, (PathBuf, String)> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let listed: io::Result<Vec<PathBuf>> = std::fs::read_dir(path)
            .and_then(|entries| entries.map(|entry| entry.map(|e| e.path())).collect());
        let mut found = listed.map_err(|err| (path.clone(), err.to_string()))?;
        found.retain(|p| p.extension().is_some_and(|e| e == "parquet"));
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Hands each batch of the Parquet file at `path` to `each`; why not, if
/// the file could not be read or `each` refused a batch.
pub fn each_batch(
    path: &Path,
    mut each: impl FnMut(RecordBatch) -> Result<(), String>,
) -> Result<(), String> {
    let file = File::open(path).map_err(|err| err.to_string())?;
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .and_then(|reader| reader.build())
        .map_err(|err| err.to_string())?;
    for batch in reader {
        each(batch.map_err(|err| err.to_string())?)?;
    }
    Ok(())
}
