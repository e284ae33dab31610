//! `fen book merge A B -o C`: two Polyglot books in one, as `polyglot
//! merge-book` merges them.

use std::{io, path::PathBuf};

use fenkit_books::book::Book;

use crate::{output::Output, run::Status};

/// Merge two Polyglot books as `polyglot merge-book -in1 A -in2 B` does:
/// a position both hold gets A's moves (each weighing what both books
/// give it) then B's others; every other position as its book has it.
#[derive(clap::Args)]
pub struct Args {
    /// The first book: its moves come first, and its learn values stay.
    pub first: PathBuf,
    /// The second book.
    pub second: PathBuf,
    /// The merged book to write.
    #[arg(long, short = 'o', value_name = "BOOK.bin")]
    pub output: PathBuf,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let (Some(first), Some(second)) = (
        super::read_book(&args.first, out)?,
        super::read_book(&args.second, out)?,
    ) else {
        return Ok(Status::Failed);
    };
    // Both are whole entries: read_book checked.
    let (Ok(first), Ok(second)) = (Book::new(&first), Book::new(&second)) else {
        return Ok(Status::Failed);
    };
    let merged = fenkit_books::merge::merge(&first, &second);
    super::write_book(&args.output, &merged, out)
}
