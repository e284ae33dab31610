//! The per-record subcommands, each a thin loop over the shared reader.

pub mod board;
pub mod check;
pub mod chess960;
pub mod convert;
pub mod history;
pub mod image;
pub mod key;
pub mod lookup;
pub mod parallel;
pub mod pgn;
pub mod play;
pub mod show;
pub mod stats;
pub mod uniq;

use std::{
    fs::File,
    io::{self, Read},
    path::{Path, PathBuf},
};

use fenkit::{Code, Diagnostic, Field, Parsed, ReadOptions, Span};
use shakmaty::{Chess, FromSetup};

use crate::{
    extract::{Extract, Found},
    input::{self, Line, MAX_LINE, Stop},
    options::Inputs,
    progress::Progress,
    report::Record,
};

pub use crate::output::Output;

/// Parses `record` as `options` say and reports its repairs (warnings) or
/// its problems; the parsed record when it is well-formed.
pub fn parse_reported(
    options: &ReadOptions,
    record: &Record,
    out: &mut Output,
) -> io::Result<Option<Parsed>> {
    match options.parse(record.bytes) {
        Ok(parsed) => {
            if !parsed.warnings.is_empty() {
                out.diagnostics(record, &parsed.warnings)?;
            }
            Ok(Some(parsed))
        }
        Err(err) => {
            out.diagnostics(record, err.diagnostics())?;
            Ok(None)
        }
    }
}

/// Checks `record` as `options` say and reports what is wrong; the
/// position when it is legal (keys, openings and books need one: an en
/// passant square counts only when a legal capture exists).
pub fn legal_reported(
    options: &ReadOptions,
    record: &Record,
    out: &mut Output,
) -> io::Result<Option<Chess>> {
    let checked = options.check(record.bytes);
    if !checked.diagnostics.is_empty() {
        out.diagnostics(record, &checked.diagnostics)?;
    }
    let valid = checked.is_valid();
    Ok(checked
        .setup
        .filter(|_| valid)
        .and_then(|setup| Chess::from_setup(setup, options.castling).ok()))
}

/// What a subcommand does with each record.
pub trait Job {
    /// Handles one record; returns whether it was fine.
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool>;

    /// Handles a line that could not be kept, such as an overlong one.
    fn unreadable(
        &mut self,
        record: &Record,
        diagnostic: &Diagnostic,
        out: &mut Output,
    ) -> io::Result<bool> {
        out.diagnostics(record, std::slice::from_ref(diagnostic))?;
        Ok(false)
    }

    /// Runs after the last record.
    fn finish(&mut self, _out: &mut Output) -> io::Result<()> {
        Ok(())
    }
}

/// How a run went, as the exit status says it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    BadRecords = 1,
    Trouble = 2,
}

/// Feeds every record of the inputs (standard input when there are none,
/// or for `-`) to `job`, in input order. Errors are output errors only: an
/// unreadable input is reported and the run goes on with the next.
/// The files given, or standard input (`-`) when there are none.
pub fn files_or_stdin(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// Opens `path` (`-` for standard input): its name for diagnostics, and a
/// reader. A file that cannot be opened is reported, and gives `None`.
pub fn open(path: &Path, out: &mut Output) -> io::Result<Option<(String, Box<dyn Read>)>> {
    if path.as_os_str() == "-" {
        return Ok(Some(("<stdin>".into(), Box::new(io::stdin()))));
    }
    let source = path.display().to_string();
    match File::open(path) {
        Ok(file) => Ok(Some((source, Box::new(file)))),
        Err(err) => {
            out.note(&format!("fen: {source}: {}", io_message(&err)))?;
            Ok(None)
        }
    }
}

/// Runs `job` over the inputs on as many threads as `--jobs` says (one when
/// both output streams share a terminal, to keep them in step).
pub fn stream<J: parallel::Parallel>(
    job: &mut J,
    inputs: &Inputs,
    out: &mut Output,
) -> io::Result<Status> {
    match inputs.threads() {
        threads if threads > 1 && !out.interleaves() => parallel::run(job, threads, inputs, out),
        _ => run(job, inputs, out),
    }
}

/// Feeds every record to `job` on this thread, in input order.
pub fn run(job: &mut impl Job, inputs: &Inputs, out: &mut Output) -> io::Result<Status> {
    each_input(job, inputs, out, read_all)
}

/// Opens each input in turn (reporting those that cannot be opened) and
/// hands it to `read`; then finishes the job.
pub fn each_input<J: Job>(
    job: &mut J,
    inputs: &Inputs,
    out: &mut Output,
    mut read: impl FnMut(&mut J, Reading<'_>, Box<dyn Read>, &mut Output) -> io::Result<Status>,
) -> io::Result<Status> {
    let extract = inputs.extract();
    let mut status = Status::Ok;
    let mut progress = inputs.progress();
    for path in files_or_stdin(&inputs.files) {
        let Some((source, reader)) = open(&path, out)? else {
            status = Status::Trouble;
            continue;
        };
        let reading = Reading {
            extract: &extract,
            header: inputs.header,
            source: &source,
            progress: &mut progress,
        };
        status = status.max(read(job, reading, reader, out)?);
    }
    progress.finish();
    job.finish(out)?;
    out.flush()?;
    Ok(status)
}

/// How to read one input.
pub struct Reading<'a> {
    pub extract: &'a Extract,
    /// Skip the first line.
    pub header: bool,
    /// The input's name in diagnostics.
    pub source: &'a str,
    pub progress: &'a mut Progress,
}

/// Feeds every record of one input to `job` on this thread; an input that
/// fails to read is reported, and makes the status `Trouble`.
pub fn read_all(
    job: &mut impl Job,
    reading: Reading<'_>,
    reader: impl Read,
    out: &mut Output,
) -> io::Result<Status> {
    let Reading {
        extract,
        header,
        source,
        progress,
    } = reading;
    let mut status = Status::Ok;
    let result = input::for_each_line(reader, |number, line| {
        progress.line(line.length() + 1);
        if header && number == 1 {
            return Ok(());
        }
        if !handle_line(job, extract, source, number, line, out)? {
            status = status.max(Status::BadRecords);
        }
        out.tick()
    });
    match result {
        Ok(()) => Ok(status),
        Err(Stop::Handler(err)) => Err(err),
        Err(Stop::Read(err)) => {
            out.note(&format!("fen: {source}: {}", io_message(&err)))?;
            Ok(Status::Trouble)
        }
    }
}

/// Hands each record of a line to `job`, or reports why the line has none
/// (a missing column, an overlong line); whether all went well.
pub fn handle_line(
    job: &mut impl Job,
    extract: &Extract,
    source: &str,
    line_number: u64,
    line: Line<'_>,
    out: &mut Output,
) -> io::Result<bool> {
    let text = match line {
        Line::Text(text) => text,
        Line::TooLong { length } => {
            let record = Record {
                source,
                line_number,
                line: b"",
                offset: 0,
                bytes: b"",
            };
            let diagnostic = Diagnostic::new(
                Code::LineTooLong,
                Field::Record,
                Span::default(),
                format!(
                    "the line is {length} bytes long; fen reads lines of at most {MAX_LINE} bytes (a FEN record has under 100)"
                ),
            );
            return job.unreadable(&record, &diagnostic, out);
        }
    };
    let mut fine = true;
    extract.each(text, |found| {
        let (offset, bytes, missing) = match found {
            Found::Record(offset, bytes) => (offset, bytes, None),
            Found::Missing(why) => (0, Default::default(), Some(why)),
        };
        let record = Record {
            source,
            line_number,
            line: text,
            offset,
            bytes: &bytes,
        };
        fine &= match missing {
            None => job.record(&record, out)?,
            Some(why) => {
                let diagnostic =
                    Diagnostic::new(Code::MissingColumn, Field::Record, Span::default(), why);
                job.unreadable(&record, &diagnostic, out)?
            }
        };
        Ok::<_, io::Error>(())
    })?;
    Ok(fine)
}

/// An I/O error in words, without Rust's "(os error 2)".
pub fn io_message(err: &io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}
