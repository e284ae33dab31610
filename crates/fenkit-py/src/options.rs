//! Python's keyword arguments into fenkit's options, with a `ValueError`
//! naming the accepted values for anything else.

use fenkit::{CastlingNotation, ReadOptions, Strictness, WriteOptions};
use pyo3::{PyResult, exceptions::PyValueError};
use shakmaty::{CastlingMode, EnPassantMode};

fn choice<T: Copy>(what: &str, value: &str, choices: &[(&str, T)]) -> PyResult<T> {
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, choice)| *choice)
        .ok_or_else(|| {
            let names: Vec<String> = choices
                .iter()
                .map(|(name, _)| format!("'{name}'"))
                .collect();
            PyValueError::new_err(format!(
                "{what} must be one of {}, not {value:?}",
                names.join(", ")
            ))
        })
}

pub fn read(lenient: bool, chess960: bool, strictness: &str) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        lenient,
        castling: if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        },
        strictness: choice(
            "strictness",
            strictness,
            &[
                ("playable", Strictness::Playable),
                ("reachable", Strictness::Reachable),
                ("plausible", Strictness::Plausible),
            ],
        )?,
        // By the record's shape, as every front end reads: four fields or
        // operations are EPD.
        format: fenkit::Format::Auto,
    })
}

pub fn write(ep: &str, castling: &str) -> PyResult<WriteOptions> {
    Ok(WriteOptions {
        ep: choice(
            "ep",
            ep,
            &[
                ("always", EnPassantMode::Always),
                ("pseudo-legal", EnPassantMode::PseudoLegal),
                ("legal", EnPassantMode::Legal),
            ],
        )?,
        castling: choice(
            "castling",
            castling,
            &[
                ("standard", CastlingNotation::Standard),
                ("x-fen", CastlingNotation::XFen),
                ("shredder", CastlingNotation::Shredder),
            ],
        )?,
    })
}
