//! `fen normalize`: one canonical FEN per well-formed record.

use std::io::{self, Write};

use super::{Job, Output};
use crate::report::Record;

#[derive(Default)]
pub struct Normalize {
    fen: Vec<u8>,
}

impl Job for Normalize {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        match fenkit::parse(record.bytes) {
            Ok(parsed) => {
                self.fen.clear();
                fenkit::write_fen(&parsed.setup, &mut self.fen);
                self.fen.push(b'\n');
                out.out.write_all(&self.fen)?;
                Ok(true)
            }
            Err(err) => {
                out.diagnostics(record, err.diagnostics())?;
                Ok(false)
            }
        }
    }
}
