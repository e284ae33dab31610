//! `fen key`: the four-field key of each legal position, or its Polyglot
//! key.

use std::io::{self, Write};

use super::{Job, Output, legal_reported, parallel::Parallel};
use crate::report::Record;
use fenkit::ReadOptions;

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
        let Some(position) = legal_reported(&self.read, record, out)? else {
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

impl Parallel for Key {
    fn fork(&self) -> Key {
        Key::new(self.read, self.polyglot)
    }
}
