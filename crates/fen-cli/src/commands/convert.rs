//! `fen convert` and `fen normalize`: each well-formed record as FEN or as
//! EPD, or (normalize) in the format it was read in, canonically.

use std::io::{self, Write};

use clap::ValueEnum;
use fenkit::{Operation, ReadOptions, WriteOptions};

use super::{Job, Output, parallel::Parallel, parse_reported};
use crate::report::Record;

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    Fen,
    Epd,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Operations {
    /// Keep EPD operations; a FEN's clocks become `hmvc` and `fmvn`.
    #[default]
    Keep,
    /// Write the four position fields only.
    Drop,
}

pub struct Convert {
    read: ReadOptions,
    write: WriteOptions,
    /// The format to write; `None` for the one each record was read in.
    to: Option<Target>,
    operations: Operations,
    text: Vec<u8>,
}

impl Convert {
    pub fn new(
        read: ReadOptions,
        write: WriteOptions,
        to: Option<Target>,
        operations: Operations,
    ) -> Convert {
        Convert {
            read,
            write,
            to,
            operations,
            text: Vec::new(),
        }
    }
}

impl Job for Convert {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(parsed) = parse_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        self.text.clear();
        let setup = &parsed.setup;
        let to = self.to.unwrap_or(if parsed.is_epd {
            Target::Epd
        } else {
            Target::Fen
        });
        match (to, self.operations) {
            (Target::Fen, _) => fenkit::write_fen_with(setup, &self.write, &mut self.text),
            (Target::Epd, Operations::Drop) => {
                fenkit::write_epd(setup, &[], &self.write, &mut self.text)
            }
            (Target::Epd, Operations::Keep) if parsed.is_epd => {
                fenkit::write_epd(setup, &parsed.operations, &self.write, &mut self.text)
            }
            (Target::Epd, Operations::Keep) => {
                let clocks = [
                    Operation::token("hmvc", setup.halfmoves.to_string()),
                    Operation::token("fmvn", setup.fullmoves.to_string()),
                ];
                fenkit::write_epd(setup, &clocks, &self.write, &mut self.text)
            }
        }
        self.text.push(b'\n');
        out.out.write_all(&self.text)?;
        Ok(true)
    }
}

impl Parallel for Convert {
    fn fork(&self) -> Convert {
        Convert::new(self.read, self.write, self.to, self.operations)
    }
}
