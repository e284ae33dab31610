//! `fen book dump BOOK`: every entry of a Polyglot book as a TSV row,
//! with the position and the move in words where the book leads there.

use std::{
    collections::{HashMap, VecDeque},
    io::{self, Write},
    path::PathBuf,
};

use fenkit_books::book::{Book, Entry, encode_move};
use shakmaty::{Chess, EnPassantMode, Position, Square, san::San};

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
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let Some(bytes) = super::read_book(&args.book, out)? else {
        return Ok(Status::Failed);
    };
    let Ok(book) = Book::new(&bytes) else {
        return Ok(Status::Failed);
    };
    let reached = reached_positions(&book);
    writeln!(out.stdout(), "key\tmove\tweight\tlearn\tfen\tsan")?;
    for entry in book.all() {
        let Entry {
            key,
            raw_move,
            weight,
            learn,
        } = entry;
        let (fen, san) = match reached.get(&key) {
            Some(place) => {
                let san = place.sans.iter().find(|(raw, _)| *raw == raw_move);
                (place.fen.as_str(), san.map_or("", |(_, san)| san.as_str()))
            }
            None => ("", ""),
        };
        writeln!(
            out.stdout(),
            "{key:016x}\t{}\t{weight}\t{learn}\t{fen}\t{san}",
            raw_text(raw_move)
        )?;
        out.tick()?;
    }
    Ok(Status::Ok)
}

/// A Polyglot move as from and to squares and a promotion letter.
fn raw_text(raw: u16) -> String {
    let square = |bits: u16| Square::new(u32::from(bits & 63));
    let promotion = match raw >> 12 & 7 {
        1 => "n",
        2 => "b",
        3 => "r",
        4 => "q",
        _ => "",
    };
    format!("{}{}{promotion}", square(raw >> 6), square(raw))
}

/// A position the book's moves reach: its FEN, and the SAN of each of its
/// book moves by the move as stored.
struct Reached {
    fen: String,
    sans: Vec<(u16, String)>,
}

/// The positions the book's moves lead to from the start, by key.
fn reached_positions(book: &Book<'_>) -> HashMap<u64, Reached> {
    let mut reached = HashMap::new();
    let mut waiting = VecDeque::from([Chess::default()]);
    while let Some(position) = waiting.pop_front() {
        let key = fenkit::polyglot_key(&position);
        if reached.contains_key(&key) {
            continue;
        }
        let mut sans = Vec::new();
        for book_move in book.moves(&position) {
            let san = San::from_move(&position, book_move.m).to_string();
            sans.push((encode_move(book_move.m), san));
            let mut next = position.clone();
            next.play_unchecked(book_move.m);
            waiting.push_back(next);
        }
        let fen = fenkit::Fen::from(position.to_setup(EnPassantMode::Legal)).to_string();
        reached.insert(key, Reached { fen, sans });
    }
    reached
}
