//! `fen book sample BOOK`: records of an opening book chosen, shuffled or
//! split by a seed (`fenkit_books::positions::Seeded`), whole: an EPD
//! book's lines, a PGN book's games as written.

use std::{
    io::{self, Write},
    path::PathBuf,
};

use fenkit_books::positions::Seeded;

use super::positions::is_pgn;
use crate::{output::Output, run::Status};

/// Choose records of an opening book by a seed: -n N of them in the
/// book's order, all of them shuffled (--shuffle), or the book split into
/// K disjoint parts (--split K -o DIR: DIR/1.epd … K.epd). The same seed
/// always gives the same records in the same order. Records are an EPD
/// book's lines, or a PGN book's games as written.
#[derive(clap::Args)]
pub struct Args {
    /// The book: EPD, or PGN for a file named .pgn.
    pub book: PathBuf,
    /// How many records to keep.
    #[arg(short = 'n', value_name = "N")]
    pub count: Option<usize>,
    /// The seed.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Write the records chosen in a random order, not the book's.
    #[arg(long)]
    pub shuffle: bool,
    /// Split the records (shuffled) into K parts of sizes that differ by
    /// one at most, written to the folder -o names.
    #[arg(long, value_name = "K", value_parser = crate::options::positive, requires = "output")]
    pub split: Option<u32>,
    /// Where to write: a file, or the folder of --split; standard output
    /// when not given.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let read = |path| -> io::Result<Vec<u8>> {
        let (mut reader, _) = fenkit_io::open(path)?;
        let mut bytes = Vec::new();
        io::Read::read_to_end(&mut reader, &mut bytes)?;
        Ok(bytes)
    };
    let bytes = match read(&args.book) {
        Ok(bytes) => bytes,
        Err(err) => {
            super::said_io(&args.book, &err, out)?;
            return Ok(Status::Failed);
        }
    };
    let pgn = is_pgn(&args.book);
    let records = fenkit_books::positions::sample::records(&bytes, pgn);
    let mut seeded = Seeded::new(args.seed);
    let mut chosen = match (args.shuffle || args.split.is_some(), args.count) {
        (true, count) => {
            let mut order = seeded.shuffled(records.len());
            order.truncate(count.unwrap_or(usize::MAX));
            order
        }
        (false, Some(count)) => seeded.sample(records.len(), count),
        (false, None) => (0..records.len()).collect(),
    };
    let write_records = |chosen: &[usize]| -> Vec<u8> {
        let mut text = Vec::new();
        for &n in chosen {
            text.extend_from_slice(records[n].trim_ascii_end());
            text.extend_from_slice(if pgn { b"\n\n" } else { b"\n" });
        }
        text
    };
    let written = match (args.split, &args.output) {
        (Some(parts), Some(folder)) => {
            let parts = parts as usize;
            let extension = if pgn { "pgn" } else { "epd" };
            std::fs::create_dir_all(folder).and_then(|()| {
                (0..parts).try_for_each(|part| {
                    let mine: Vec<usize> =
                        chosen.iter().copied().skip(part).step_by(parts).collect();
                    std::fs::write(
                        folder.join(format!("{}.{extension}", part + 1)),
                        write_records(&mine),
                    )
                })
            })
        }
        (_, Some(path)) => std::fs::write(path, write_records(&chosen)),
        (_, None) => {
            chosen.shrink_to_fit();
            out.stdout().write_all(&write_records(&chosen))
        }
    };
    if let Err(err) = written {
        super::said_io(args.output.as_deref().unwrap_or(&args.book), &err, out)?;
        return Ok(Status::Failed);
    }
    Ok(Status::Ok)
}
