//! `fen normalize`: each well-formed record in canonical form, in the
//! format it was read in (EPD operations kept); its job ([`Convert`])
//! writes `fen convert`'s records too, in the format asked.

use clap::ValueEnum;
use fenkit::{Code, Diagnostic, Field, Operation, WriteOptions};

use super::prelude::*;
use crate::{
    options::Style,
    rows::{self, Column, Need},
};

/// Print the canonical form of each well-formed record: FEN for FEN, EPD
/// (operations kept) for EPD.
#[derive(clap::Args)]
#[group(id = "normalize")] // `fen convert` takes these too, under its own `Args`.
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    #[command(flatten)]
    pub style: Style,
    #[command(flatten)]
    pub rows: rows::Args,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let write = args.style.write_options(&read);
    let defaults = rows::Defaults {
        columns: &[Column::Fen, Column::Errors],
        need: Need::WellFormed,
    };
    if let Some(status) = rows::run(&args.rows, &args.inputs, read, write, defaults, out) {
        return status;
    }
    let mut convert = Convert::new(read, write, None, Operations::Keep);
    run::stream(&mut convert, args.inputs.config(), out)
}

/// The format `fen convert` writes.
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

/// Each well-formed record written canonically: in the format it was
/// read in, or the one asked.
#[derive(Clone)]
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
        warn_if_illegal(&self.read, record, &parsed, out)?;
        self.text.clear();
        let setup = &parsed.setup;
        if self.write.ep_undecided(setup) {
            let span = parsed.fields.get_or_end(Field::EnPassant);
            let why = "the position cannot be played from, so whether this en passant capture is legal cannot be judged; --ep legal keeps the square, as --ep pseudo would";
            let warning = Diagnostic::new(Code::EpUndecided, Field::EnPassant, span, why);
            out.diagnostics(record, &[warning.into_warning()])?;
        }
        let to = self.to.unwrap_or(if parsed.is_epd {
            Target::Epd
        } else {
            Target::Fen
        });
        match (to, self.operations) {
            (Target::Fen, _) => self.write.write_fen(setup, &mut self.text),
            (Target::Epd, Operations::Drop) => self.write.write_epd(setup, &[], &mut self.text),
            (Target::Epd, Operations::Keep) if parsed.is_epd => {
                // Moves of bm, am and pv in SAN, where the position plays.
                let written = match fenkit::playable(setup, self.read.castling) {
                    Some(position) => fenkit::epd::epd_moves(&position, &parsed.operations).0,
                    None => parsed.operations.clone(),
                };
                self.write.write_epd(setup, &written, &mut self.text)
            }
            (Target::Epd, Operations::Keep) => {
                let clocks = [
                    Operation::token("hmvc", setup.halfmoves.to_string()),
                    Operation::token("fmvn", setup.fullmoves.to_string()),
                ];
                self.write.write_epd(setup, &clocks, &mut self.text)
            }
        }
        self.text.push(b'\n');
        out.stdout().write_all(&self.text)?;
        Ok(true)
    }
}

impl Parallel for Convert {
    type Handed = ();

    fn fork(&self) -> Self {
        self.clone()
    }
}
