//! `fen normalize`: the canonical form of each well-formed record, FEN for
//! FEN and EPD (every operation kept) for EPD.

use std::io::{self, Write};

use fenkit::{ReadOptions, WriteOptions};

use super::{Job, Output, parse_reported};
use crate::report::Record;

pub struct Normalize {
    read: ReadOptions,
    write: WriteOptions,
    text: Vec<u8>,
}

impl Normalize {
    pub fn new(read: ReadOptions, write: WriteOptions) -> Normalize {
        Normalize {
            read,
            write,
            text: Vec::new(),
        }
    }
}

impl Job for Normalize {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(parsed) = parse_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        self.text.clear();
        if parsed.is_epd {
            fenkit::write_epd(
                &parsed.setup,
                &parsed.operations,
                &self.write,
                &mut self.text,
            );
        } else {
            fenkit::write_fen_with(&parsed.setup, &self.write, &mut self.text);
        }
        self.text.push(b'\n');
        out.out.write_all(&self.text)?;
        Ok(true)
    }
}
