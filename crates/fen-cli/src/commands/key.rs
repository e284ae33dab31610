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
    text: Vec<u8>,
}

impl Key {
    pub fn new(read: ReadOptions, polyglot: bool) -> Key {
        Key {
            read,
            polyglot,
            text: Vec::new(),
        }
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
        let valid = checked.is_valid();
        let position = checked
            .setup
            .filter(|_| valid)
            .and_then(|setup| Chess::from_setup(setup, self.read.castling).ok());
        let Some(position) = position else {
            return Ok(false);
        };
        self.text.clear();
        if self.polyglot {
            write!(self.text, "{:016x}", fenkit::polyglot_key(&position))?;
        } else {
            fenkit::write_opening_key(&position, &mut self.text);
        }
        self.text.push(b'\n');
        out.out.write_all(&self.text)?;
        Ok(true)
    }
}
