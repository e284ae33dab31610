//! `fen chess960`: Chess960 start positions by number, and the number of
//! a start position (`--number`).

use std::io::{self, Write};

use fenkit::{ReadOptions, Record, WriteOptions};
use shakmaty::CastlingMode;

use crate::reported::parse_reported;

use crate::{
    options::{number_in, word},
    output::Output,
    run::Status,
};

/// Print Chess960 start position N (0-959; 518 is the classical start),
/// or all 960; with --number, the number of each position given, or `-`
/// for a position that is no start position.
#[derive(clap::Args)]
pub struct Args {
    /// The start position's number, in the standard numbering.
    #[arg(value_parser = |text: &str| number_in(text, 0..=959), required_unless_present_any = ["all", "number_of"])]
    pub number: Option<u32>,
    /// Print all 960, in order.
    #[arg(long, conflicts_with = "number")]
    pub all: bool,
    /// Print the start number of each FEN (read with Chess960 castling:
    /// X-FEN or Shredder-FEN), `-` where it is no start position (White
    /// to move, castling rights for all four rooks, no en passant square;
    /// the clocks aside, as python-chess's `chess960_pos()`).
    #[arg(long = "number", value_name = "FEN", num_args = 1.., conflicts_with_all = ["number", "all"])]
    pub number_of: Vec<String>,
    /// How to write castling rights.
    #[arg(long, value_parser = word::<fenkit::CastlingNotation>(), default_value = "xfen")]
    pub castling: fenkit::CastlingNotation,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    if !args.number_of.is_empty() {
        return numbers_of(&args.number_of, out);
    }
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

/// The start number of each FEN given, or `-`; a record that cannot be
/// read is said instead, at its column.
fn numbers_of(fens: &[String], out: &mut Output) -> io::Result<Status> {
    let read = (ReadOptions::default().with_castling(CastlingMode::Chess960))
        .with_format(fenkit::Format::Auto);
    let mut status = Status::Ok;
    for (index, fen) in fens.iter().enumerate() {
        let record = Record {
            source: "--number",
            line_number: index as u64 + 1,
            line: fen.as_bytes(),
            offset: 0,
            bytes: fen.as_bytes(),
        };
        match parse_reported(&read, &record, out)? {
            Some(parsed) => match fenkit::chess960_number(&parsed.setup) {
                Some(number) => writeln!(out.stdout(), "{number}")?,
                None => writeln!(out.stdout(), "-")?,
            },
            None => status = Status::BadRecords,
        }
    }
    Ok(status)
}
