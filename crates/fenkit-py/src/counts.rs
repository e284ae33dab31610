//! Counts of a batch of games for a cluster to sum: the explorer's rows
//! (`fenkit.spark.explorer`) and a book's (`fenkit.spark.book`), each a
//! fenkit-arrow kernel from `read_pgn`'s columns to rows.

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use pyo3::{exceptions::PyValueError, prelude::*};

/// `kernel` over a batch of games, out of the interpreter's lock.
fn counted<'py>(
    py: Python<'py>,
    games: pyo3_arrow::PyRecordBatch,
    max_ply: usize,
    kernel: fn(&RecordBatch, usize) -> Result<RecordBatch, ArrowError>,
) -> PyResult<Bound<'py, PyAny>> {
    let games = games.into_inner();
    let rows = py
        .detach(|| kernel(&games, max_ply))
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    pyo3_arrow::PyRecordBatch::new(rows).into_pyarrow(py)
}

/// The explorer's rows of a batch of games (`read_pgn`'s columns), summed
/// within the batch: what `fenkit.spark.explorer` sums on a cluster.
#[pyfunction]
pub fn explorer_rows<'py>(
    py: Python<'py>,
    games: pyo3_arrow::PyRecordBatch,
    max_ply: usize,
) -> PyResult<Bound<'py, PyAny>> {
    counted(py, games, max_ply, fenkit_arrow::explorer_rows)
}

/// The schema of [`explorer_rows`]' batches.
#[pyfunction]
pub fn explorer_rows_schema(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    pyo3_arrow::PySchema::new(fenkit_arrow::explorer_rows_schema()).into_pyarrow(py)
}

/// A book's counts of a batch of games (`read_pgn`'s columns), summed
/// within the batch: what `fenkit.spark.book` sums on a cluster.
#[pyfunction]
pub fn book_rows<'py>(
    py: Python<'py>,
    games: pyo3_arrow::PyRecordBatch,
    max_ply: usize,
) -> PyResult<Bound<'py, PyAny>> {
    counted(py, games, max_ply, fenkit_arrow::book_rows)
}

/// The schema of [`book_rows`]' batches.
#[pyfunction]
pub fn book_rows_schema(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    pyo3_arrow::PySchema::new(fenkit_arrow::book_rows_schema()).into_pyarrow(py)
}
