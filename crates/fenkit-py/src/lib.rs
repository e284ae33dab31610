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
mod scan;

use pyo3::prelude::*;

#[pymodule]
mod _native {
    #[pymodule_export]
    use crate::checked::{Checked, FenError, Problem};
    #[pymodule_export]
    use crate::columns::{call, functions, option_words, read_pgn, read_pgn_schema};
    #[pymodule_export]
    use crate::counts::{counted_rows, counted_rows_schema};
    #[pymodule_export]
    use crate::explorer::ExplorerIndex;
    #[pymodule_export]
    use crate::scalar::{
        board, check, key, legal_moves, normalize, opening, parse, play, png, polyglot_key, svg,
    };
    #[pymodule_export]
    use crate::scan::scan;

    /// The one shape of a problem, for the tests that hold every front end
    /// to it.
    #[pymodule_export]
    const PROBLEM_FIELDS: [&str; fenkit::Problem::FIELDS.len()] = fenkit::Problem::FIELDS;
}
