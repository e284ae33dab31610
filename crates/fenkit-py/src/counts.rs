//! Counts of a batch of games for a cluster to sum: the explorer's rows
//! (`fenkit.spark.explorer`) and a book's (`fenkit.spark.book`), each a
//! fenkit-arrow kernel from `read_pgn`'s columns to rows, asked for by
//! name.

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use pyo3::{exceptions::PyValueError, prelude::*};

/// A kernel from a batch of games to rows, and the rows' schema.
type Counts = (
    fn(&RecordBatch, usize) -> Result<RecordBatch, ArrowError>,
    fn() -> SchemaRef,
);

/// The counts `kind` names: `explorer` or `book`.
fn counts(kind: &str) -> PyResult<Counts> {
    match kind {
        "explorer" => Ok((
            fenkit_arrow::explorer_rows,
            fenkit_arrow::explorer_rows_schema,
        )),
        "book" => Ok((fenkit_arrow::book_rows, fenkit_arrow::book_rows_schema)),
        _ => Err(PyValueError::new_err(format!(
            "no counts named {kind:?}: explorer or book"
        ))),
    }
}

/// The `kind` counts of a batch of games (`read_pgn`'s columns), summed
/// within the batch, out of the interpreter's lock: what `fenkit.spark`
/// sums on a cluster.
#[pyfunction]
pub fn counted_rows<'py>(
    py: Python<'py>,
    kind: &str,
    games: pyo3_arrow::PyRecordBatch,
    max_ply: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let (kernel, _) = counts(kind)?;
    let games = games.into_inner();
    let rows = py
        .detach(|| kernel(&games, max_ply))
        .map_err(|err| PyValueError::new_err(err.to_string()))?;
    pyo3_arrow::PyRecordBatch::new(rows).into_pyarrow(py)
}

/// The schema of [`counted_rows`]' batches of `kind`.
#[pyfunction]
pub fn counted_rows_schema<'py>(py: Python<'py>, kind: &str) -> PyResult<Bound<'py, PyAny>> {
    let (_, schema) = counts(kind)?;
    pyo3_arrow::PySchema::new(schema()).into_pyarrow(py)
}
