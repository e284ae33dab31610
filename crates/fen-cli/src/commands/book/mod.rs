//! `fen book`: opening books. The moves a Polyglot book gives for each
//! position (`fen book BOOK.bin FILE...`), and Polyglot books made from
//! games, merged and dumped, as Polyglot's own tools make and merge them;
//! books of start positions for engine matches (EPD, PGN lines) made,
//! linted, counted and sampled.

mod dump;
mod lint;
mod lookup;
mod make;
mod merge;
mod positions;
mod sample;
mod stats;

use std::io;

use crate::{output::Output, run::Status};

/// Opening books: `fen book BOOK.bin [FILE]...` prints the moves a
/// Polyglot book gives for each position (SAN, UCI, weight and share);
/// `fen book make`, `merge` and `dump` make, merge and list books; `make
/// --format epd|pgn`, `lint`, `stats` and `sample` make and look after the
/// books of start positions engine matches are played from.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<BookCommand>,
    #[command(flatten)]
    pub lookup: lookup::Lookup,
}

crate::subcommands! {
    BookCommand;
    Make(make::Args) => make::run,
    Merge(merge::Args) => merge::run,
    Dump(dump::Args) => dump::run,
    Lint(lint::Args) => lint::run,
    Stats(stats::Args) => stats::run,
    Sample(sample::Args) => sample::run,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    match args.command {
        Some(command) => command.run(out),
        None => lookup::run(args.lookup, out),
    }
}

/// The bytes of the book at `path`, or why not (said).
fn read_book(path: &std::path::Path, out: &mut Output) -> io::Result<Option<Vec<u8>>> {
    match std::fs::read(path) {
        Ok(bytes) if bytes.len() % 16 == 0 => Ok(Some(bytes)),
        Ok(bytes) => {
            let why = fenkit_books::book::BadBook {
                length: bytes.len(),
            };
            out.note(&format!("fen: {}: {why}", path.display()))?;
            Ok(None)
        }
        Err(err) => {
            said_io(path, &err, out)?;
            Ok(None)
        }
    }
}

/// Writes a book's entries to `path`.
fn write_book(
    path: &std::path::Path,
    entries: &[fenkit_books::book::Entry],
    out: &mut Output,
) -> io::Result<Status> {
    let bytes: Vec<u8> = entries.iter().flat_map(|entry| entry.to_bytes()).collect();
    match std::fs::write(path, bytes) {
        Ok(()) => Ok(Status::Ok),
        Err(err) => {
            said_io(path, &err, out)?;
            Ok(Status::Failed)
        }
    }
}

/// Says that reading or writing the book at `path` failed, and why.
fn said_io(path: &std::path::Path, err: &io::Error, out: &mut Output) -> io::Result<()> {
    let why = crate::run::io_message(err);
    out.note(&format!("fen: {}: {why}", path.display()))
}
