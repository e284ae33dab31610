//! `fen book BOOK.bin [FILE]...`: the moves a Polyglot opening book gives
//! for each legal position, heaviest first.

use std::path::PathBuf;

use fenkit_books::book::Book;
use shakmaty::{san::San, uci::UciMove};

use crate::commands::prelude::*;

/// Print the moves a Polyglot opening book gives for each position:
/// SAN, UCI, weight and share.
#[derive(clap::Args)]
pub struct Lookup {
    /// The Polyglot book (.bin).
    #[arg(required = true)]
    pub book: Option<PathBuf>,
    #[command(flatten)]
    pub inputs: Inputs,
}

pub fn run(args: Lookup, out: &mut Output) -> io::Result<Status> {
    let Some(book) = &args.book else {
        out.note(
            "fen book: name the book (fen book BOOK.bin FILE...), or make, merge or dump one",
        )?;
        return Ok(Status::Failed);
    };
    let path = book.display();
    let bytes = match std::fs::read(book) {
        Ok(bytes) => bytes,
        Err(err) => {
            out.note(&format!("fen: {path}: {}", run::io_message(&err)))?;
            return Ok(Status::Failed);
        }
    };
    match Book::new(&bytes) {
        Ok(book) => {
            let mut moves = BookMoves::new(args.inputs.read_options(), book);
            run::stream(&mut moves, args.inputs.config(), out)
        }
        Err(err) => {
            out.note(&format!("fen: {path}: {err}"))?;
            Ok(Status::Failed)
        }
    }
}

/// `fen book`: the book moves of each position, heaviest first, as
/// `SAN UCI weight share` lines; `-` when the book has none; an empty line
/// between positions.
#[derive(Copy, Clone)]
struct BookMoves<'a> {
    read: ReadOptions,
    book: Book<'a>,
}

impl<'a> BookMoves<'a> {
    fn new(read: ReadOptions, book: Book<'a>) -> BookMoves<'a> {
        BookMoves { read, book }
    }
}

impl Job for BookMoves<'_> {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        out.next_item();
        let moves = self.book.moves(&position);
        if moves.is_empty() {
            writeln!(out.stdout(), "-")?;
        }
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        for book_move in moves {
            let san = San::from_move(&position, book_move.m);
            let uci = UciMove::from_move(book_move.m, self.read.castling);
            let share = match total {
                0 => 0.0,
                _ => 100.0 * f64::from(book_move.weight) / total as f64,
            };
            writeln!(
                out.stdout(),
                "{san}\t{uci}\t{}\t{share:.1}%",
                book_move.weight
            )?;
        }
        Ok(true)
    }
}

impl Parallel for BookMoves<'_> {
    type Handed = ();

    fn fork(&self) -> Self {
        *self
    }
}
