//! `fen normalize`: each well-formed record in canonical form, in the
//! format it was read in (EPD operations kept).

use std::io;

use crate::{
    options::{PositionInputs, Style},
    output::Output,
    rows::{self, Column, Need},
    run::{self, Status},
};

use super::convert::{Convert, Operations};

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
    run::stream(&mut convert, &args.inputs, out)
}
