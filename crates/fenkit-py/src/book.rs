//! A Polyglot book's counts of a batch of games, for `fenkit.spark.book`.

use pyo3::{exceptions::PyValueError, prelude::*};

/// The book's counts of a batch of games (`read_pgn`'s columns), summed
/// within the batch: what `fenkit.spark.book` sums on a cluster.
#[pyfunction]
pub fn book_rows<'py>(
    py: Python<'py>,
    games: pyo3_arrow::PyRecordBatch,
    max_ply: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let games = games.into_inner();
    let rows = py
        .detach(|| fenkit_arrow::book_rows(&games, max_ply))
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    pyo3_arrow::PyRecordBatch::new(rows).into_pyarrow(py)
}

/// The schema of [`book_rows`]' batches.
#[pyfunction]
pub fn book_rows_schema(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    pyo3_arrow::PySchema::new(fenkit_arrow::book_rows_schema()).into_pyarrow(py)
}
