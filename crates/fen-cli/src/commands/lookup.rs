//! `fen opening` and `fen book`: what is known about each legal position,
//! looked up by its key.

use std::io::{self, Write};

use fenkit::{ReadOptions, games::book::Book};
use shakmaty::{san::San, uci::UciMove};

use super::{Job, Output, legal_reported, parallel::Parallel};
use crate::report::Record;

/// `fen opening`: the ECO code and name of each position, `-` when the
/// table has none.
pub struct Opening {
    read: ReadOptions,
}

impl Opening {
    pub fn new(read: ReadOptions) -> Opening {
        Opening { read }
    }
}

impl Job for Opening {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        match fenkit::games::opening(&position) {
            Some(opening) => writeln!(out.out, "{}\t{}", opening.eco, opening.name)?,
            None => writeln!(out.out, "-")?,
        }
        Ok(true)
    }
}

/// `fen book`: the book moves of each position, heaviest first, as
/// `SAN UCI weight share` lines; `-` when the book has none; an empty line
/// between positions.
pub struct BookMoves<'a> {
    read: ReadOptions,
    book: Book<'a>,
    shown: bool,
}

impl<'a> BookMoves<'a> {
    pub fn new(read: ReadOptions, book: Book<'a>) -> BookMoves<'a> {
        BookMoves {
            read,
            book,
            shown: false,
        }
    }
}

impl Job for BookMoves<'_> {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        if self.shown {
            writeln!(out.out)?;
        }
        self.shown = true;
        let moves = self.book.moves(&position);
        if moves.is_empty() {
            writeln!(out.out, "-")?;
        }
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        for book_move in moves {
            let san = San::from_move(&position, book_move.m);
            let uci = UciMove::from_move(book_move.m, self.read.castling);
            let share = match total {
                0 => 0.0,
                _ => 100.0 * f64::from(book_move.weight) / total as f64,
            };
            writeln!(out.out, "{san}\t{uci}\t{}\t{share:.1}%", book_move.weight)?;
        }
        Ok(true)
    }
}

impl Parallel for Opening {
    fn fork(&self) -> Opening {
        Opening::new(self.read)
    }
}

impl Parallel for BookMoves<'_> {
    fn fork(&self) -> Self {
        BookMoves {
            read: self.read,
            book: self.book,
            shown: true,
        }
    }

    fn first_separator(&self) -> usize {
        usize::from(!self.shown)
    }
}
