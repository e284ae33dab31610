//! `fen book dump BOOK`: every entry of a Polyglot book as a TSV row,
//! with the position and the move in words where the book leads there;
//! or the book as one PGN game whose variations are its moves; either of
//! them colour-inverted with `--mirror`.

use std::{
    io::{self, Write},
    path::PathBuf,
};

use fenkit_books::book::{Book, Entry};
use fenkit_books::dump::{book_pgn, mirrored_entry, raw_text, reached_positions};

use crate::{output::Output, run::Status};

/// List every entry of a Polyglot book, in book order, as TSV: key (hex),
/// move as Polyglot stores it (castling as the king taking its rook),
/// weight, learn, and the position's FEN and the move's SAN when the
/// book's own moves lead there from the start position (a key alone
/// names no position; an entry no line of the book reaches has them
/// empty).
#[derive(clap::Args)]
pub struct Args {
    /// The Polyglot book (.bin).
    pub book: PathBuf,
    /// tsv: every entry, a row each; pgn: the book as one game from the
    /// start, its heaviest move the main line and the others variations,
    /// each move's weight in a comment (a position the book reaches by
    /// several orders is followed once, where it is first met).
    #[arg(long, value_enum, default_value_t)]
    pub format: DumpFormat,
    /// The colour-inverted book: each entry's position with its colours
    /// swapped and its board flipped, its move mirrored (as `fen book make
    /// --mirror` would have made it). Only the entries the book's own moves
    /// reach can be mirrored (a key alone names no position); the others
    /// are counted on standard error.
    #[arg(long)]
    pub mirror: bool,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DumpFormat {
    #[default]
    Tsv,
    Pgn,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let Some(bytes) = super::read_book(&args.book, out)? else {
        return Ok(Status::Failed);
    };
    let Ok(book) = Book::new(&bytes) else {
        return Ok(Status::Failed);
    };
    if args.format == DumpFormat::Pgn {
        let name = args
            .book
            .file_name()
            .map_or("book".into(), |n| n.to_string_lossy());
        let pgn = book_pgn(&book, &name, args.mirror);
        out.stdout().write_all(pgn.as_bytes())?;
        return Ok(Status::Ok);
    }
    let reached = reached_positions(&book);
    writeln!(out.stdout(), "key\tmove\tweight\tlearn\tfen\tsan")?;
    let mut unmirrored = 0_u64;
    for entry in book.all() {
        let Entry {
            mut key,
            mut raw_move,
            weight,
            learn,
        } = entry;
        let place = reached.get(&key);
        let (mut fen, mut san) = match place {
            Some(place) => {
                let san = place.sans.iter().find(|(raw, _)| *raw == raw_move);
                (
                    place.fen.clone(),
                    san.map_or("", |(_, san)| san.as_str()).to_owned(),
                )
            }
            None => (String::new(), String::new()),
        };
        if args.mirror {
            let Some(place) = place else {
                unmirrored += 1;
                continue;
            };
            let mirror = mirrored_entry(&place.position, raw_move);
            (key, raw_move, fen) = (mirror.key, mirror.raw_move, mirror.fen);
            san = mirror.san.unwrap_or_default();
        }
        writeln!(
            out.stdout(),
            "{key:016x}\t{}\t{weight}\t{learn}\t{fen}\t{san}",
            raw_text(raw_move)
        )?;
        out.tick()?;
    }
    if unmirrored > 0 {
        out.note(&format!(
            "fen: {unmirrored} entr{} left out: no line of the book reaches {}, so {} cannot be mirrored",
            if unmirrored == 1 { "y" } else { "ies" },
            if unmirrored == 1 { "its position" } else { "their positions" },
            if unmirrored == 1 { "it" } else { "they" },
        ))?;
    }
    Ok(Status::Ok)
}
