//! The column functions: an Arrow array or stream in (anything with the
//! Arrow PyCapsule interface), a pyarrow array or chunked array of the
//! same length out, the work done without the GIL on every core.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, new_empty_array};
use arrow_schema::{ArrowError, Field};
use pyo3::{exceptions::PyTypeError, prelude::*};
use pyo3_arrow::{PyArray, PyChunkedArray, input::AnyArray};
use rayon::prelude::*;

use crate::options;

fn arrow_error(err: ArrowError) -> PyErr {
    match err {
        ArrowError::InvalidArgumentError(message) => PyTypeError::new_err(message),
        other => pyo3::exceptions::PyValueError::new_err(other.to_string()),
    }
}

/// Rows per part of a result. Each part is built whole and kept as a
/// chunk of the result, so that a call holds its output and a few parts
/// in flight, never a second copy of the output (joining parts would).
const PART_ROWS: usize = 1 << 16;

/// Runs `function` over `column`, parts of it on every core: an array of
/// one part's length gives an array; anything longer, or a stream (a
/// chunked array, a polars Series, a DuckDB result), a chunked array.
fn apply<'py>(
    py: Python<'py>,
    column: AnyArray,
    function: impl Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Send + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let one_array = matches!(column, AnyArray::Array(_));
    let reader = column.into_reader()?;
    let input = reader.field();
    let (empty, parts) = py
        .detach(|| {
            // The output's type, even when there is no chunk.
            let empty = function(&new_empty_array(input.data_type()))?;
            let mut parts = Vec::new();
            for chunk in reader {
                let chunk = chunk?;
                let slices: Vec<ArrayRef> = (0..chunk.len())
                    .step_by(PART_ROWS)
                    .map(|start| chunk.slice(start, PART_ROWS.min(chunk.len() - start)))
                    .collect();
                let done: Vec<ArrayRef> = slices
                    .par_iter()
                    .map(|slice| function(slice.as_ref()))
                    .collect::<Result<_, _>>()?;
                parts.extend(done);
            }
            Ok::<_, ArrowError>((empty, parts))
        })
        .map_err(arrow_error)?;
    if one_array && parts.len() <= 1 {
        let out = parts.into_iter().next().unwrap_or(empty);
        let out = PyArray::from_array_ref(out).to_pyarrow(py)?.unbind();
        return Ok(out.into_bound(py));
    }
    let field = Arc::new(Field::new(input.name(), empty.data_type().clone(), true));
    PyChunkedArray::try_new(parts, field)?.into_pyarrow(py)
}

/// Runs `function` over one array, giving a pyarrow array.
fn whole<'py>(
    py: Python<'py>,
    array: ArrayRef,
    function: impl Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Send + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let out = py.detach(|| function(&array)).map_err(arrow_error)?;
    let out = PyArray::from_array_ref(out).to_pyarrow(py)?.unbind();
    Ok(out.into_bound(py))
}

macro_rules! read_column {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (column, *, lenient = false, chess960 = false, strictness = "playable"))]
        pub fn $name<'py>(
            py: Python<'py>,
            column: AnyArray,
            lenient: bool,
            chess960: bool,
            strictness: &str,
        ) -> PyResult<Bound<'py, PyAny>> {
            let read = options::read(lenient, chess960, strictness)?;
            apply(py, column, |array| fenkit_arrow::$name(array, &read))
        }
    };
}

read_column!(fen_valid);
read_column!(fen_errors);
read_column!(fen_board);
read_column!(fen_key);
read_column!(fen_polyglot_key);
read_column!(fen_polyglot_key_i64);
read_column!(fen_side);
read_column!(fen_material);
read_column!(fen_check_status);
read_column!(fen_opening);

#[pyfunction]
#[pyo3(signature = (column, *, lenient = false, chess960 = false, strictness = "playable", ep = "always", castling = "standard"))]
#[allow(clippy::too_many_arguments)]
pub fn fen_canonical<'py>(
    py: Python<'py>,
    column: AnyArray,
    lenient: bool,
    chess960: bool,
    strictness: &str,
    ep: &str,
    castling: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let read = options::read(lenient, chess960, strictness)?;
    let write = options::write(ep, castling)?;
    apply(py, column, |array| {
        fenkit_arrow::fen_canonical(array, &read, &write)
    })
}

/// A column as one array: the two-column functions (`fen_play`,
/// `pgn_positions`) pair rows by their index in the whole column.
fn one_array(column: AnyArray) -> PyResult<ArrayRef> {
    let (chunks, field) = column.into_chunked_array()?.into_inner();
    match &chunks[..] {
        [] => Ok(new_empty_array(field.data_type())),
        [only] => Ok(only.clone()),
        _ => {
            let parts: Vec<&dyn Array> = chunks.iter().map(|c| c.as_ref()).collect();
            arrow_select::concat::concat(&parts).map_err(arrow_error)
        }
    }
}

#[pyfunction]
#[pyo3(signature = (column, moves, *, lenient = false, chess960 = false, strictness = "playable", ep = "always", castling = "standard"))]
#[allow(clippy::too_many_arguments)]
pub fn fen_play<'py>(
    py: Python<'py>,
    column: AnyArray,
    moves: AnyArray,
    lenient: bool,
    chess960: bool,
    strictness: &str,
    ep: &str,
    castling: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let read = options::read(lenient, chess960, strictness)?;
    let write = options::write(ep, castling)?;
    let moves = one_array(moves)?;
    whole(py, one_array(column)?, |array| {
        fenkit_arrow::fen_play(array, &moves, &read, &write)
    })
}

#[pyfunction]
#[pyo3(signature = (column, start = None, *, lenient = false, chess960 = false, strictness = "playable"))]
pub fn pgn_positions<'py>(
    py: Python<'py>,
    column: AnyArray,
    start: Option<AnyArray>,
    lenient: bool,
    chess960: bool,
    strictness: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let read = options::read(lenient, chess960, strictness)?;
    let start = start.map(one_array).transpose()?;
    whole(py, one_array(column)?, |array| {
        fenkit_arrow::pgn_positions(array, start.as_deref(), &read)
    })
}

/// Reads a PGN file, compressed or not, as a stream of record batches:
/// one row per game (tags as columns, movetext, plies, error).
#[pyfunction]
pub fn read_pgn<'py>(py: Python<'py>, path: std::path::PathBuf) -> PyResult<Bound<'py, PyAny>> {
    let batches = fenkit_arrow::read_pgn(&path).map_err(|err| {
        pyo3::exceptions::PyOSError::new_err(format!("{}: {err}", path.display()))
    })?;
    pyo3_arrow::PyRecordBatchReader::new(Box::new(batches)).into_pyarrow(py)
}

/// The schema of `read_pgn`'s batches, for engines that declare it first.
#[pyfunction]
pub fn read_pgn_schema(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    pyo3_arrow::PySchema::new(fenkit_arrow::pgn_schema()).into_pyarrow(py)
}
