//! The `fenkit` Python package's native module, `fenkit._native`: the
//! column functions of `fenkit-arrow` over anything that speaks the Arrow
//! PyCapsule interface, and a scalar API for single records. The Python
//! sources beside this crate (`python/fenkit`) give both their docstrings,
//! accept plain lists and return what they were given.

mod checked;
mod columns;
mod counts;
mod explorer;
mod options;
mod scalar;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(columns::call, m)?)?;
    m.add_function(wrap_pyfunction!(columns::functions, m)?)?;
    m.add_function(wrap_pyfunction!(columns::option_words, m)?)?;
    m.add_function(wrap_pyfunction!(columns::read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(columns::read_pgn_schema, m)?)?;

    m.add_function(wrap_pyfunction!(counts::book_rows, m)?)?;
    m.add_function(wrap_pyfunction!(counts::book_rows_schema, m)?)?;
    m.add_class::<explorer::ExplorerIndex>()?;
    m.add_function(wrap_pyfunction!(counts::explorer_rows, m)?)?;
    m.add_function(wrap_pyfunction!(counts::explorer_rows_schema, m)?)?;
    m.add_class::<checked::Checked>()?;
    m.add_class::<checked::Problem>()?;
    m.add("FenError", m.py().get_type::<checked::FenError>())?;
    // The one shape of a problem, for the tests that hold every front end
    // to it.
    m.add("PROBLEM_FIELDS", fenkit::Problem::FIELDS.to_vec())?;
    m.add_function(wrap_pyfunction!(scalar::check, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::parse, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::board, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::key, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::polyglot_key, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::opening, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::play, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::svg, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::png, m)?)?;
    Ok(())
}
