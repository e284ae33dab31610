//! `fen normalize`: each well-formed record in canonical form, in the
//! format it was read in (EPD operations kept).

use std::io;

use crate::{
    options::{Inputs, Style},
    output::Output,
    run::{self, Status},
};

use super::convert::{Convert, Operations};

/// Print the canonical form of each well-formed record: FEN for FEN, EPD
/// (operations kept) for EPD.
#[derive(clap::Args)]
#[group(id = "normalize")] // `fen convert` takes these too, under its own `Args`.
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub style: Style,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = args.inputs.read_options();
    let write = args.style.write_options(&read);
    let mut convert = Convert::new(read, write, None, Operations::Keep);
    run::stream(&mut convert, &args.inputs, out)
}
