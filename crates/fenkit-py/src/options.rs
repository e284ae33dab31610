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
    let castling = match chess960 {
        true => CastlingMode::Chess960,
        false => CastlingMode::Standard,
    };
    // By the record's shape, as every front end reads.
    Ok(fenkit::Options::default()
        .read
        .with_lenient(lenient)
        .with_castling(castling)
        .with_strictness(Strictness::from_word(strictness).map_err(invalid)?))
}

pub fn write(ep: &str, castling: &str) -> PyResult<WriteOptions> {
    Ok(WriteOptions::default()
        .with_ep(EnPassantMode::from_word(ep).map_err(invalid)?)
        .with_castling(CastlingNotation::from_word(castling).map_err(invalid)?))
}
