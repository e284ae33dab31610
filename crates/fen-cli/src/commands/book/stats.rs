//! `fen book stats BOOK…`: an opening book counted, as the table of
//! official-stockfish/books shows each of its books
//! (`fenkit_books::positions::BookStats`).

use std::io;

use fenkit_books::positions::{BookStats, Faults};

use super::positions::is_pgn;
use crate::commands::prelude::*;
use crate::games::Mainlines;

/// Count an opening book: records, positions and unique ones, side to
/// move, plies from the game's start (a PGN line's moves; an EPD record's
/// fmvn), pieces, the engines' evaluations (ce), duplicates, bad records
/// and the faults `fen book lint` finds, by code. EPD records, PGN lines
/// for files named .pgn, or a Polyglot book (.bin): its entries and the
/// positions they hold and reach from the start.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    /// text: a row a count; json: one object.
    #[arg(long, value_enum, default_value_t)]
    pub format: StatsFormat,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    #[default]
    Text,
    Json,
}

/// The counting of one book, record by record.
struct Counting {
    read: ReadOptions,
    stats: BookStats,
    faults: Faults,
}

impl Job for Counting {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let checked = checked_reported(&self.read, record, out)?;
        let line = record.line_number;
        Ok(self
            .stats
            .record(&checked, self.read.castling, &mut self.faults, line))
    }
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let files = &args.inputs.files;
    if let [book] = files.as_slice()
        && book
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("bin"))
    {
        return polyglot(book, args.format, out);
    }
    let mut counting = Counting {
        read: args.inputs.read_options(),
        stats: BookStats::default(),
        faults: Faults::default(),
    };
    let status = match files.iter().any(|path| is_pgn(path)) {
        true => {
            let make = || fenkit_games::pgn::Plies::with_handler(Mainlines::default());
            crate::games::each_game_gathered(files, 1, make, |line| match &line.end {
                Some(end) => {
                    counting
                        .stats
                        .position(end, Some(line.moves.len() as u64), None);
                    for fault in counting.faults.of_position(end, line.line) {
                        counting.stats.fault(fault.code().as_str());
                    }
                }
                None => counting.stats.bad_record(),
            })?
        }
        false => run::sequential(&mut counting, args.inputs.config(), out)?,
    };
    let rows = counting.stats.rows();
    write(out, args.format, &rows, &counting.stats.json())?;
    Ok(status.min(Status::BadRecords))
}

/// The counts, as text rows or one JSON object.
fn write(
    out: &mut Output,
    format: StatsFormat,
    rows: &[(String, String)],
    json: &serde_json::Value,
) -> io::Result<()> {
    let text = out.stdout();
    match format {
        StatsFormat::Text => rows
            .iter()
            .try_for_each(|(name, value)| writeln!(text, "{name:<24}{value}")),
        StatsFormat::Json => writeln!(text, "{json}"),
    }
}

/// A Polyglot book's entries, the positions they hold (by key) and those
/// its moves reach from the start.
fn polyglot(path: &std::path::Path, format: StatsFormat, out: &mut Output) -> io::Result<Status> {
    let Some(bytes) = super::read_book(path, out)? else {
        return Ok(Status::Failed);
    };
    let Ok(book) = fenkit_books::book::Book::new(&bytes) else {
        return Ok(Status::Failed);
    };
    let (entries, positions, reached) = fenkit_books::dump::counts(&book);
    let rows = [
        ("entries".to_string(), entries.to_string()),
        ("positions".into(), positions.to_string()),
        ("reached from the start".into(), reached.to_string()),
    ];
    let json = serde_json::json!({"entries": entries, "positions": positions, "reached": reached});
    write(out, format, &rows, &json)?;
    Ok(Status::Ok)
}
