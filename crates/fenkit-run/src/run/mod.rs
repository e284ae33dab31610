//! The runner: every record of the inputs handed to a subcommand's job, in
//! input order, on one thread or on every core.
//!
//! # A job's call order
//!
//! A per-record subcommand is a [`Job`]; the runner calls it in this order,
//! the way a pgn-reader visitor is called:
//!
//! 1. With several threads, [`Parallel::fork`] once per worker, before any
//!    record. The forks handle the records; the job itself handles none.
//! 2. For each line of each input, in order within a worker: `record` for
//!    each record the line holds (several for the classic exercise's
//!    flattened input, one for EPD, CSV and JSON lines), or `unreadable`
//!    once for a line that holds none it can read (too long, a missing
//!    column). A header line is no record: it goes to `header`. Blank
//!    lines hold no record.
//! 3. After the last input: [`Parallel::join`] with each fork, in worker
//!    order; then `finish`, once, on the job itself.
//!
//! Separators between items (the empty line between boards) are the
//! output's ([`Output::next_item`]): it knows whether an item came before,
//! on one thread or on several.
//!
//! Output of a worker goes to memory and is written in input order, so a
//! run on any number of threads prints the same bytes.

mod blocks;
mod parallel;
mod single;
mod source;

use std::io;

use fenkit::{Diagnostic, Field, Record, Span};

pub use blocks::{Block, Blocks, Line, MAX_LINE, MAX_ROW, lines};
pub use parallel::read_all as read_all_parallel;
pub use single::read_all;
pub use source::{Source, files_or_stdin, io_message, open, sources};

use crate::{
    extract::{Extract, Extracted},
    output::Output,
    progress::Progress,
};

/// What a run reads and how: the runner's own configuration, which the
/// command's flags (`options::Inputs`) fill, so that the runner knows no
/// flag.
pub struct Config {
    /// Records given one by one (`--fen`), read before the files.
    pub fens: Vec<String>,
    /// The files, standard input when there are none (or for `-`).
    pub files: Vec<std::path::PathBuf>,
    /// Where the records of a line stand.
    pub extract: Extract,
    /// The first line of each input is a header, no record.
    pub header: bool,
    /// The longest line kept, and the longest record read.
    pub max_line: usize,
    pub max_record: usize,
    /// Threads for the records, and the number asked for when more than
    /// is useful (said once).
    pub threads: usize,
    pub asked_threads: Option<usize>,
    /// Diagnostics said at most.
    pub max_errors: Option<u64>,
    /// The progress counter of the run.
    pub progress: Progress,
}

/// What a subcommand does with each record (see the module's call order).
pub trait Job {
    /// Handles one record; returns whether it was fine.
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool>;

    /// Sees an input's header line (skipped as a record); by default,
    /// nothing. `uniq` on a table keeps it.
    fn header(&mut self, _line: &[u8], _out: &mut Output) -> io::Result<()> {
        Ok(())
    }

    /// Handles a line that holds no record it can read, such as an
    /// overlong one; by default, reports why.
    fn unreadable(&mut self, at: &Record, why: &Diagnostic, out: &mut Output) -> io::Result<bool> {
        out.diagnostics(at, std::slice::from_ref(why))?;
        Ok(false)
    }

    /// Runs after the last record.
    fn finish(&mut self, _out: &mut Output) -> io::Result<()> {
        Ok(())
    }
}

/// A job that can run on several threads: each worker has a fork, and the
/// forks' findings are joined back at the end. A job whose state is its
/// settings and scratch buffers forks as a clone, hands nothing over and
/// joins nothing.
pub trait Parallel: Job + Send + Sized {
    /// What a fork hands to the writer's thread after each block, for
    /// the part of its work that needs the records before (`uniq`: records
    /// and their keys, kept when the key is new; diagrams for a directory:
    /// their lines, ids and images, named in input order). `()` for a job
    /// whose output is its text alone.
    type Handed: Send + Default;

    /// A copy for a worker, as if records had already been handled.
    fn fork(&self) -> Self;

    /// Takes in what a worker's copy counted.
    fn join(&mut self, _fork: Self) {}

    /// What a fork made for the writer's thread since it was last asked:
    /// the runner asks after each block. Nothing by default.
    fn hand_over(&mut self) -> Self::Handed {
        Self::Handed::default()
    }

    /// Takes what a fork handed over for a block, in input order, on the
    /// writer's thread, and writes what it gives to `out`, after the
    /// block's text and before its diagnostics.
    fn in_order(&mut self, _handed: Self::Handed, _out: &mut Vec<u8>) -> io::Result<()> {
        Ok(())
    }
}

/// Records read and how many were valid, as `check` and `stats` count
/// them, each fork apart and joined.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordCounts {
    pub records: u64,
    pub valid: u64,
}

impl RecordCounts {
    pub fn count(&mut self, valid: bool) {
        self.records += 1;
        self.valid += u64::from(valid);
    }

    pub fn invalid(&self) -> u64 {
        self.records - self.valid
    }
}

impl std::ops::AddAssign for RecordCounts {
    fn add_assign(&mut self, fork: RecordCounts) {
        self.records += fork.records;
        self.valid += fork.valid;
    }
}

/// How a run went, as the exit status says it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every record was fine.
    Ok = 0,
    /// Some record was bad.
    BadRecords = 1,
    /// A usage or I/O error.
    Failed = 2,
}

/// Runs `job` over the inputs on as many threads as `--jobs` says (one when
/// both output streams share a terminal, to keep them in step).
pub fn stream<J: Parallel>(job: &mut J, config: Config, out: &mut Output) -> io::Result<Status> {
    let threads = config.threads;
    if let Some(jobs) = config.asked_threads {
        out.note(&format!(
            "fen: warning: --jobs {jobs} is more threads than is useful; using {threads}"
        ))?;
    }
    match threads {
        threads if threads > 1 && !out.interleaves() => {
            each_input(job, config, out, |job, reading, reader, out| {
                parallel::read_all(job, threads, reading, reader, out)
            })
        }
        _ => sequential(job, config, out),
    }
}

/// Runs `job` over the inputs on this thread, in input order.
pub fn sequential(job: &mut impl Job, config: Config, out: &mut Output) -> io::Result<Status> {
    each_input(job, config, out, single::read_all)
}

/// How to read one input.
pub struct Reading<'a> {
    pub input: Input<'a>,
    pub progress: &'a mut Progress,
}

/// Where the records of one input's lines are, and what to call it.
#[derive(Copy, Clone)]
pub struct Input<'a> {
    pub extract: &'a Extract,
    /// Skip the first line.
    pub header: bool,
    /// The input's name in diagnostics.
    pub source: &'a str,
    /// The longest line kept (a row of a table may be longer than the
    /// record it holds).
    pub max_line: usize,
    /// The longest record read.
    pub max_record: usize,
}

/// Opens each input in turn (reporting those that cannot be opened) and
/// hands it to `read`; then finishes the job.
fn each_input<J: Job>(
    job: &mut J,
    config: Config,
    out: &mut Output,
    mut read: impl FnMut(&mut J, Reading<'_>, Box<dyn io::Read>, &mut Output) -> io::Result<Status>,
) -> io::Result<Status> {
    let Config {
        fens,
        files,
        extract,
        header,
        max_line,
        max_record,
        mut progress,
        max_errors,
        ..
    } = config;
    let mut status = Status::Ok;
    out.limit_diagnostics(max_errors);
    for input in sources(&fens, &files) {
        let Some((source, reader)) = input.open(out)? else {
            status = Status::Failed;
            continue;
        };
        // A CSV column may need the input's first line to be found.
        let mut reader = io::BufReader::with_capacity(1 << 16, reader);
        let extract = match &extract {
            Extract::Column { .. } | Extract::NamedColumn { .. } => {
                let head = io::BufRead::fill_buf(&mut reader)?;
                let first = head.split(|&b| b == b'\n').next().unwrap_or(b"");
                let first = first.strip_suffix(b"\r").unwrap_or(first);
                match extract.for_header(first, header) {
                    Ok((extract, hint)) => {
                        if let Some(hint) = hint {
                            let record = Record {
                                source: &source,
                                line_number: 1,
                                line: first,
                                offset: 0,
                                bytes: first,
                            };
                            out.hint(&record, &hint)?;
                        }
                        extract
                    }
                    Err(why) => {
                        out.note(&format!("fen: {source}: --field: {why}"))?;
                        status = Status::Failed;
                        continue;
                    }
                }
            }
            // An EPD file holds one record a line (operations may hold
            // '/'), each still read by its shape.
            Extract::Records(fenkit::Format::Auto)
                if fenkit::Format::of_file_name(&source) == Some(fenkit::Format::Epd) =>
            {
                Extract::Records(fenkit::Format::Epd)
            }
            other => other.clone(),
        };
        let reader: Box<dyn io::Read> = Box::new(reader);
        let reading = Reading {
            input: Input {
                extract: &extract,
                header,
                source: &source,
                max_line,
                max_record,
            },
            progress: &mut progress,
        };
        status = status.max(read(job, reading, reader, out)?);
    }
    progress.finish();
    out.note_left_out()?;
    job.finish(out)?;
    out.flush()?;
    Ok(status)
}

/// Hands a block's lines to `job`, skipping a header; whether all went
/// well. Both drivers handle a block through this.
fn feed_block(
    job: &mut impl Job,
    input: Input<'_>,
    block: &Block,
    out: &mut Output,
) -> io::Result<bool> {
    let mut fine = true;
    let mut feed = |number: u64, line: Line<'_>, out: &mut Output| {
        match line {
            Line::Text(text) if input.header && number == 1 => job.header(text, out)?,
            _ if input.header && number == 1 => {}
            line => fine &= feed_line(job, input, number, line, out)?,
        }
        out.tick()
    };
    match block {
        Block::Lines { first_line, text } => {
            for (number, line) in lines(*first_line, text, input.max_line) {
                feed(number, line, out)?;
            }
        }
        &Block::TooLong { line, length } => feed(line, Line::TooLong { length }, out)?,
    }
    Ok(fine)
}

/// Hands each record of a line to `job`, or reports why the line has none
/// (a missing column, an overlong line or record); whether all went well.
fn feed_line(
    job: &mut impl Job,
    input: Input<'_>,
    line_number: u64,
    line: Line<'_>,
    out: &mut Output,
) -> io::Result<bool> {
    let source = input.source;
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
            let most = input.max_line;
            let why = match input.extract.is_table() {
                true => format!(
                    "the row is {length} bytes long; fen reads rows of at most {most} bytes"
                ),
                false => format!(
                    "the line is {length} bytes long; fen reads lines of at most {most} bytes (a FEN record has under 100; --max-line-bytes sets the limit)"
                ),
            };
            let diagnostic = Diagnostic::new(
                crate::codes::LINE_TOO_LONG,
                Field::Record,
                Span::default(),
                why,
            );
            return job.unreadable(&record, &diagnostic, out);
        }
    };
    let mut fine = true;
    input.extract.each(text, |found| {
        let (offset, bytes, problem) = match found {
            Extracted::Record(offset, bytes) if bytes.len() > input.max_record => {
                let (length, most) = (bytes.len(), input.max_record);
                let why = format!(
                    "the record is {length} bytes long; fen reads records of at most {most} bytes (a FEN record has under 100; --max-line-bytes sets the limit)"
                );
                (offset, Default::default(), Some((crate::codes::RECORD_TOO_LONG, why)))
            }
            Extracted::Record(offset, bytes) => (offset, bytes, None),
            Extracted::Missing(why) => (0, Default::default(), Some((crate::codes::MISSING_COLUMN, why))),
        };
        let record = Record {
            source,
            line_number,
            line: text,
            offset,
            bytes: &bytes,
        };
        fine &= match problem {
            None => job.record(&record, out)?,
            Some((code, why)) => {
                let diagnostic = Diagnostic::new(code, Field::Record, Span::default(), why);
                job.unreadable(&record, &diagnostic, out)?
            }
        };
        Ok::<_, io::Error>(())
    })?;
    Ok(fine)
}
