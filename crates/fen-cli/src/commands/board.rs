//! `fen board`: the classic exercise. Each well-formed record as 8 lines of
//! 8 characters, one empty line between boards.

use std::io::{self, Write};

use super::{Job, Output};
use crate::report::Record;

#[derive(Default)]
pub struct Board {
    printed: bool,
    text: Vec<u8>,
}

impl Job for Board {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        match fenkit::parse(record.bytes) {
            Ok(parsed) => {
                self.text.clear();
                if self.printed {
                    self.text.push(b'\n');
                }
                fenkit::write_board_text(&parsed.setup.board, &mut self.text);
                out.out.write_all(&self.text)?;
                self.printed = true;
                Ok(true)
            }
            Err(err) => {
                out.diagnostics(record, err.diagnostics())?;
                Ok(false)
            }
        }
    }
}
