//! `fen chess960`: Chess960 start positions by number.

use std::io::{self, Write};

use fenkit::WriteOptions;

use crate::{
    options::{number_in, word},
    output::Output,
    run::Status,
};

/// Print Chess960 start position N (0-959; 518 is the classical start),
/// or all 960.
#[derive(clap::Args)]
pub struct Args {
    /// The start position's number, in the standard numbering.
    #[arg(value_parser = |text: &str| number_in(text, 0..=959), required_unless_present = "all")]
    pub number: Option<u32>,
    /// Print all 960, in order.
    #[arg(long, conflicts_with = "number")]
    pub all: bool,
    /// How to write castling rights.
    #[arg(long, value_parser = word::<fenkit::CastlingNotation>(), default_value = "xfen")]
    pub castling: fenkit::CastlingNotation,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let numbers = match (args.all, args.number) {
        (true, _) => 0..960,
        (false, number) => number.map_or(0..0, |n| n..n + 1),
    };
    let options = WriteOptions::default().with_castling(args.castling);
    let mut text = Vec::new();
    for number in numbers {
        let setup = fenkit::chess960_start(number).expect("numbers below 960");
        options.write_fen(&setup, &mut text);
        text.push(b'\n');
    }
    out.stdout().write_all(&text)?;
    Ok(Status::Ok)
}
