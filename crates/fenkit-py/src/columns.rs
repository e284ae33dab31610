//! The column functions: an Arrow array or stream in (anything with the
//! Arrow PyCapsule interface), a pyarrow array or chunked array of the
//! same length out, the work done without the GIL on every core.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, new_empty_array};
use arrow_schema::{ArrowError, Field};
use fenkit_arrow::{ColumnFunction, FUNCTIONS, Options};
use pyo3::{
    exceptions::{PyTypeError, PyValueError},
    prelude::*,
    types::PyDict,
};
use pyo3_arrow::{PyArray, PyChunkedArray, input::AnyArray};
use rayon::prelude::*;

fn arrow_error(err: ArrowError) -> PyErr {
    match err {
        ArrowError::InvalidArgumentError(message) => PyTypeError::new_err(message),
        other => PyValueError::new_err(other.to_string()),
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

/// The options of a call: keyword arguments by the library's option
/// words (the same words SQL and Spark give as text, read by
/// `fenkit::Options`), or `words`, the options as SQL writes them.
fn options_of(
    function: &ColumnFunction,
    words: Option<&str>,
    keywords: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let invalid = |why: fenkit::UnknownWord| PyValueError::new_err(why.to_string());
    let mut options = match words {
        Some(words) => Options::from_words(words).map_err(invalid)?,
        None => Options::default(),
    };
    for (name, value) in keywords.into_iter().flat_map(|k| k.iter()) {
        let name: String = name.extract()?;
        let writing = matches!(name.as_str(), "ep" | "castling");
        if !fenkit::OPTION_NAMES.contains(&name.as_str()) || (writing && !function.writes_fen) {
            return Err(PyTypeError::new_err(format!(
                "{}() got an unexpected keyword argument '{name}'",
                function.name
            )));
        }
        let value = match value.extract::<bool>() {
            Ok(flag) => flag.to_string(),
            Err(_) => value.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!("{name} is a word (str) or True/False"))
            })?,
        };
        options.set(&name, &value).map_err(invalid)?;
    }
    Ok(options)
}

/// Runs the column function `name` of the table: the one entry point the
/// Python wrappers, DuckDB, polars, pandas and Spark all call.
#[pyfunction]
#[pyo3(signature = (name, column, beside = None, *, words = None, **options))]
pub fn call<'py>(
    py: Python<'py>,
    name: &str,
    column: AnyArray,
    beside: Option<AnyArray>,
    words: Option<&str>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let function = ColumnFunction::named(name)
        .ok_or_else(|| PyValueError::new_err(format!("no column function is named '{name}'")))?;
    let options = options_of(function, words, options)?;
    if function.beside.is_none() {
        if beside.is_some() {
            return Err(PyTypeError::new_err(format!(
                "{name}() takes one column of records"
            )));
        }
        return apply(py, column, |array| function.call(array, None, &options));
    }
    // Rows pair by their index in the whole column.
    let beside = beside.map(one_array).transpose()?;
    whole(py, one_array(column)?, |array| {
        function.call(array, beside.as_deref(), &options)
    })
}

/// The table of column functions, for the Python layers to make their
/// wrappers, methods, registrations and stubs from: one dict a function.
#[pyfunction]
pub fn functions(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    FUNCTIONS
        .iter()
        .map(|function| {
            let entry = PyDict::new(py);
            entry.set_item("name", function.name)?;
            entry.set_item("method", function.method())?;
            entry.set_item(
                "beside",
                function.beside.map(|beside| (beside.name, beside.optional)),
            )?;
            entry.set_item("writes_fen", function.writes_fen)?;
            let returns = pyo3_arrow::PyDataType::new((function.returns)());
            entry.set_item("returns", returns.into_pyarrow(py)?)?;
            entry.set_item("doc", function.doc)?;
            let example = PyDict::new(py);
            example.set_item("records", function.example.records.to_vec())?;
            example.set_item("beside", function.example.beside)?;
            example.set_item("options", function.example.options)?;
            example.set_item("result", function.example.result)?;
            entry.set_item("example", example)?;
            Ok(entry)
        })
        .collect()
}

/// Each option's words: `{option: [(word, aliases, help), ...]}`, from
/// the library's one table of option words.
#[pyfunction]
pub fn option_words(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    fn choices<T: fenkit::OptionWord>() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
        T::CHOICES
            .iter()
            .map(|c| (c.word, c.aliases.to_vec(), c.help))
            .collect()
    }
    let words = PyDict::new(py);
    words.set_item("format", choices::<fenkit::Format>())?;
    words.set_item("strictness", choices::<fenkit::Strictness>())?;
    words.set_item("ep", choices::<shakmaty::EnPassantMode>())?;
    words.set_item("castling", choices::<fenkit::CastlingNotation>())?;
    words.set_item("variant", choices::<fenkit::variants::Variant>())?;
    Ok(words)
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

/// The further columns `read_pgn` is asked for.
fn pgn_columns(positions: bool) -> fenkit_arrow::PgnColumns {
    let columns = fenkit_arrow::PgnColumns::default();
    match positions {
        true => columns.with_positions(),
        false => columns,
    }
}

/// Reads a PGN file, compressed or not, as a stream of record batches:
/// one row per game (tags as columns, movetext, plies, error; with
/// `positions`, every position, found in the same pass).
#[pyfunction]
#[pyo3(signature = (path, positions = false))]
pub fn read_pgn<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    positions: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let batches = fenkit_arrow::read_pgn_with(&path, pgn_columns(positions)).map_err(|err| {
        pyo3::exceptions::PyOSError::new_err(format!("{}: {err}", path.display()))
    })?;
    pyo3_arrow::PyRecordBatchReader::new(Box::new(batches)).into_pyarrow(py)
}

/// The schema of `read_pgn`'s batches, for engines that declare it first.
#[pyfunction]
#[pyo3(signature = (positions = false))]
pub fn read_pgn_schema(py: Python<'_>, positions: bool) -> PyResult<Bound<'_, PyAny>> {
    pyo3_arrow::PySchema::new(fenkit_arrow::pgn_schema_with(pgn_columns(positions)))
        .into_pyarrow(py)
}
