//! Records on every core, output in input order.
//!
//! The calling thread reads lines (the same reader as a single-core run)
//! and packs them into batches; workers, each with its own copy of the
//! job, turn a batch into output bytes; a writer puts the batches back in
//! order. A fixed number of batches is in flight at any time, so memory
//! does not grow with the input.

use std::{
    collections::BTreeMap,
    io,
    sync::{
        Mutex,
        mpsc::{Receiver, SyncSender, sync_channel},
    },
    thread,
};

use super::{Job, Output, Reading, Status, handle_line, io_message, open};
use crate::{
    extract::Extract,
    input::{self, Line, Stop},
    options::Inputs,
    progress::Progress,
};

/// A job that can run on several threads: each worker has a fork, and the
/// forks' findings are joined back at the end.
pub trait Parallel: Job + Send + Sized {
    /// A copy for a worker, as if records had already been handled.
    fn fork(&self) -> Self;

    /// Takes in what a worker's copy counted.
    fn join(&mut self, _fork: Self) {}

    /// How many leading bytes of the run's first output to drop: forks put
    /// a separator before every item, and the first item needs none.
    fn first_separator(&self) -> usize {
        0
    }
}

/// About this much input per batch.
const BATCH_BYTES: usize = 128 * 1024;

/// Lines packed for a worker: their text back to back, each line's number
/// and end (or its length, for a line too long to keep).
#[derive(Default)]
struct Batch {
    text: Vec<u8>,
    lines: Vec<(u64, Kept)>,
}

enum Kept {
    End(usize),
    TooLong(u64),
}

/// A batch's output, by its place in the input.
struct Done {
    index: u64,
    out: Vec<u8>,
    err: Vec<u8>,
    fine: bool,
}

/// Runs `job` over `inputs` on `threads` workers.
pub fn run<J: Parallel>(
    job: &mut J,
    threads: usize,
    inputs: &Inputs,
    out: &mut Output,
) -> io::Result<Status> {
    let extract = inputs.extract();
    let mut status = Status::Ok;
    let mut first = true;
    let mut progress = inputs.progress();
    for path in super::files_or_stdin(&inputs.files) {
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
        status = status.max(read_all(job, threads, reading, reader, out, &mut first)?);
    }
    progress.finish();
    job.finish(out)?;
    out.flush()?;
    Ok(status)
}

/// Feeds every record of one input to `job` on `threads` workers, in input
/// order; `first` says whether nothing was written before.
pub fn read_all<J: Parallel>(
    job: &mut J,
    threads: usize,
    reading: Reading<'_>,
    reader: impl io::Read,
    out: &mut Output,
    first: &mut bool,
) -> io::Result<Status> {
    let Reading {
        extract,
        header,
        source,
        progress,
    } = reading;
    // Batches in flight, from reading to writing: the memory bound.
    let in_flight = 4 * threads;
    let (to_workers, from_reader) = sync_channel::<(u64, Batch)>(in_flight);
    let from_reader = Mutex::new(from_reader);
    let (to_writer, from_workers) = sync_channel::<Done>(in_flight);
    let (free, taken) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        free.send(()).expect("the receiver is here");
    }
    let separator = if *first { job.first_separator() } else { 0 };
    let (written, fine, read, forks) = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let mut fork = job.fork();
                let (from_reader, to_writer) = (&from_reader, to_writer.clone());
                let mut collected = out.collector();
                scope.spawn(move || {
                    work(
                        &mut fork,
                        extract,
                        source,
                        from_reader,
                        to_writer,
                        &mut collected,
                    );
                    fork
                })
            })
            .collect();
        drop(to_writer);
        let writer = scope.spawn(|| write(from_workers, free, separator, out, first));
        let read = read(reader, header, progress, to_workers, &taken);
        let forks: Vec<J> = workers
            .into_iter()
            .map(|worker| worker.join().expect("a worker does not panic"))
            .collect();
        let (written, fine) = writer.join().expect("the writer does not panic");
        (written, fine, read, forks)
    });
    written?;
    for fork in forks {
        job.join(fork);
    }
    let mut status = if fine { Status::Ok } else { Status::BadRecords };
    if let Err(err) = read {
        out.note(&format!("fen: {source}: {}", io_message(&err)))?;
        status = Status::Trouble;
    }
    Ok(status)
}

/// Packs lines into batches and sends them, waiting for a free place.
fn read(
    reader: impl io::Read,
    header: bool,
    progress: &mut Progress,
    to_workers: SyncSender<(u64, Batch)>,
    taken: &Receiver<()>,
) -> io::Result<()> {
    let mut batch = Batch::default();
    let mut index = 0;
    let mut send = |batch: &mut Batch| {
        // A closed channel means the writer stopped (a closed pipe):
        // stop reading.
        if taken.recv().is_err() || to_workers.send((index, std::mem::take(batch))).is_err() {
            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
        }
        index += 1;
        Ok(())
    };
    let result = input::for_each_line(reader, |number, line| {
        progress.line(line.length() + 1);
        if header && number == 1 {
            return Ok(());
        }
        match line {
            Line::Text(text) => {
                batch.text.extend_from_slice(text);
                batch.lines.push((number, Kept::End(batch.text.len())));
            }
            Line::TooLong { length } => batch.lines.push((number, Kept::TooLong(length))),
        }
        if batch.text.len() >= BATCH_BYTES || batch.lines.len() >= 8192 {
            send(&mut batch)?;
        }
        Ok(())
    });
    match result {
        Ok(()) => {
            if !batch.lines.is_empty() {
                // The writer may be gone already; it reports why.
                let _ = send(&mut batch);
            }
            Ok(())
        }
        Err(Stop::Read(err)) => Err(err),
        // Stopped sending: the writer has the error to report.
        Err(Stop::Handler(_)) => Ok(()),
    }
}

/// Turns batches into output until the reader is done.
fn work<J: Job>(
    job: &mut J,
    extract: &Extract,
    source: &str,
    from_reader: &Mutex<Receiver<(u64, Batch)>>,
    to_writer: SyncSender<Done>,
    out: &mut Output,
) {
    loop {
        let next = from_reader.lock().map(|receiver| receiver.recv());
        let Ok(Ok((index, batch))) = next else {
            return;
        };
        let mut fine = true;
        let mut start = 0;
        for (number, kept) in &batch.lines {
            let line = match *kept {
                Kept::End(end) => {
                    let text = &batch.text[start..end];
                    start = end;
                    Line::Text(text)
                }
                Kept::TooLong(length) => Line::TooLong { length },
            };
            // Writing to memory does not fail.
            fine &= handle_line(job, extract, source, *number, line, out).unwrap_or(false);
        }
        let (out_bytes, err_bytes) = out.take();
        let done = Done {
            index,
            out: out_bytes,
            err: err_bytes,
            fine,
        };
        if to_writer.send(done).is_err() {
            return;
        }
    }
}

/// Writes batches in input order; returns the first write error, and
/// whether every record was fine.
fn write(
    from_workers: Receiver<Done>,
    free: SyncSender<()>,
    separator: usize,
    out: &mut Output,
    first: &mut bool,
) -> (io::Result<()>, bool) {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut fine = true;
    for done in from_workers {
        waiting.insert(done.index, done);
        while let Some(done) = waiting.remove(&next) {
            next += 1;
            fine &= done.fine;
            let mut bytes = &done.out[..];
            if *first && !bytes.is_empty() {
                bytes = &bytes[separator.min(bytes.len())..];
                *first = false;
            }
            if let Err(err) = out.write_collected(bytes, &done.err) {
                // Dropping the receivers stops the workers and the reader.
                return (Err(err), fine);
            }
            let _ = free.send(());
        }
    }
    (Ok(()), fine)
}
