//! The scalar functions' keyword arguments into fenkit's options, read by
//! the library's option words (`fenkit::OptionWord`), with a `ValueError`
//! naming the accepted words for anything else.

use fenkit::{CastlingNotation, OptionWord, ReadOptions, Strictness, UnknownWord, WriteOptions};
use pyo3::{PyErr, PyResult, exceptions::PyValueError};
use shakmaty::{CastlingMode, EnPassantMode};

fn invalid(why: UnknownWord) -> PyErr {
    PyValueError::new_err(why.to_string())
}

pub fn read(lenient: bool, chess960: bool, strictness: &str) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        lenient,
        castling: match chess960 {
            true => CastlingMode::Chess960,
            false => CastlingMode::Standard,
        },
        strictness: Strictness::from_word(strictness).map_err(invalid)?,
        // By the record's shape, as every front end reads.
        ..fenkit::Options::default().read
    })
}

pub fn write(ep: &str, castling: &str) -> PyResult<WriteOptions> {
    Ok(WriteOptions {
        ep: EnPassantMode::from_word(ep).map_err(invalid)?,
        castling: CastlingNotation::from_word(castling).map_err(invalid)?,
    })
}
