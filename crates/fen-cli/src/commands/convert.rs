//! `fen convert`: each well-formed record as FEN or as EPD, canonically
//! (the job is `fen normalize`'s, told the format to write).

use super::normalize::{self, Convert, Operations, Target};
use super::prelude::*;
use crate::rows::{self, Column, Need};

/// Convert each well-formed record to FEN or EPD.
#[derive(clap::Args)]
pub struct Args {
    /// What `fen normalize` takes: inputs and the style to write.
    #[command(flatten)]
    pub records: normalize::Args,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: Target,
    /// EPD operations: keep them (FEN clocks become hmvc and fmvn), or drop them.
    #[arg(long, value_enum, default_value_t)]
    pub operations: Operations,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let normalize::Args {
        inputs,
        style,
        rows,
    } = args.records;
    let read = inputs.read_options();
    let write = style.write_options(&read);
    let converted = match args.to {
        Target::Fen => Column::Fen,
        Target::Epd => Column::Epd,
    };
    let defaults = rows::Defaults {
        columns: &[converted, Column::Errors],
        need: Need::WellFormed,
    };
    if let Some(status) = rows::run(&rows, &inputs, read, write, defaults, out) {
        return status;
    }
    let mut convert = Convert::new(read, write, Some(args.to), args.operations);
    run::stream(&mut convert, inputs.config(), out)
}
