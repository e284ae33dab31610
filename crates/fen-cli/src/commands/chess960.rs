//! `fen chess960`: Chess960 start positions by number.

use std::{io, ops::Range};

use fenkit::{CastlingNotation, WriteOptions};

use super::{Output, Status};

pub fn print(
    numbers: Range<u32>,
    castling: CastlingNotation,
    out: &mut Output,
) -> io::Result<Status> {
    let options = WriteOptions {
        castling,
        ..WriteOptions::default()
    };
    let mut text = Vec::new();
    for number in numbers {
        let setup = fenkit::chess960_start(number).expect("numbers below 960");
        fenkit::write_fen_with(&setup, &options, &mut text);
        text.push(b'\n');
    }
    io::Write::write_all(&mut out.out, &text)?;
    out.flush()?;
    Ok(Status::Ok)
}
