//! `fen key`: the four-field key of each legal position, or its Polyglot
//! key.

use std::io::{self, Write};

use fenkit::ReadOptions;
use shakmaty::{Chess, FromSetup};

use super::{Job, Output};
use crate::report::Record;

pub struct Key {
    read: ReadOptions,
    polyglot: bool,
}

impl Key {
    pub fn new(read: ReadOptions, polyglot: bool) -> Key {
        Key { read, polyglot }
    }
}

impl Job for Key {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = self.read.check(record.bytes);
        if !checked.diagnostics.is_empty() {
            out.diagnostics(record, &checked.diagnostics)?;
        }
        // A key needs a legal position: its en passant square counts only
        // when a legal capture exists.
        let position = checked
            .setup
            .filter(|_| {
                checked
                    .diagnostics
                    .iter()
                    .all(|d| d.severity != fenkit::Severity::Error)
            })
            .and_then(|setup| Chess::from_setup(setup, self.read.castling).ok());
        let Some(position) = position else {
            return Ok(false);
        };
        if self.polyglot {
            writeln!(out.out, "{:016x}", fenkit::polyglot_key(&position))?;
        } else {
            writeln!(out.out, "{}", fenkit::opening_key(&position))?;
        }
        Ok(true)
    }
}
