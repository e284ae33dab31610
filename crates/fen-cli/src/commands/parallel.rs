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

use super::{Job, Output, Reading, Status, handle_line, io_message};
use crate::{
    extract::Extract,
    input::{self, Line, MAX_LINE},
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

/// Input for a worker: whole lines as read (line breaks and all), the
/// first of them numbered `first_line`; or a line too long to keep,
/// measured. Cutting the input into lines is the workers' job, so that
/// the reading thread only reads.
enum Batch {
    Lines { first_line: u64, text: Vec<u8> },
    TooLong { line: u64, length: u64 },
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
    let mut first = true;
    super::each_input(job, inputs, out, |job, reading, reader, out| {
        read_all(job, threads, reading, reader, out, &mut first)
    })
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
                        header,
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
        let read = read(reader, progress, to_workers, &taken);
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

/// Reads the input in blocks cut after their last line break, and sends
/// them, waiting for a free place. A line longer than [`MAX_LINE`] is
/// measured as it streams by, never held.
fn read(
    mut reader: impl io::Read,
    progress: &mut Progress,
    to_workers: SyncSender<(u64, Batch)>,
    taken: &Receiver<()>,
) -> io::Result<()> {
    let mut index = 0;
    let mut send = |batch: Batch| {
        // A closed channel means the writer stopped (a closed pipe).
        if taken.recv().is_err() || to_workers.send((index, batch)).is_err() {
            return false;
        }
        index += 1;
        true
    };
    let mut line = 1u64;
    let mut buf: Vec<u8> = Vec::with_capacity(BATCH_BYTES + MAX_LINE);
    // The length so far of an overlong line being skipped.
    let mut skipped: Option<u64> = None;
    loop {
        let kept = buf.len();
        buf.resize(kept + BATCH_BYTES, 0);
        let read = loop {
            match reader.read(&mut buf[kept..]) {
                Ok(n) => break n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            }
        };
        buf.truncate(kept + read);
        if let Some(before) = skipped {
            let Some(end) = memchr::memchr(b'\n', &buf) else {
                if read == 0 {
                    progress.line(before + buf.len() as u64);
                    let length = before + buf.strip_suffix(b"\r").unwrap_or(&buf).len() as u64;
                    send(Batch::TooLong { line, length });
                    return Ok(());
                }
                // Keep the last byte: it may be the '\r' of a CRLF.
                let last = buf.len() - 1;
                skipped = Some(before + last as u64);
                buf.drain(..last);
                continue;
            };
            let text = &buf[..end];
            let length = before + text.strip_suffix(b"\r").unwrap_or(text).len() as u64;
            progress.line(before + end as u64 + 1);
            if !send(Batch::TooLong { line, length }) {
                return Ok(());
            }
            line += 1;
            buf.drain(..=end);
            skipped = None;
        }
        if read == 0 {
            if !buf.is_empty() {
                progress.line(buf.len() as u64);
                send(Batch::Lines {
                    first_line: line,
                    text: buf,
                });
            }
            return Ok(());
        }
        match memchr::memrchr(b'\n', &buf) {
            Some(last) => {
                let rest = buf[last + 1..].to_vec();
                buf.truncate(last + 1);
                let lines = memchr::memchr_iter(b'\n', &buf).count() as u64;
                progress.lines(lines, buf.len() as u64);
                let text = std::mem::replace(&mut buf, rest);
                buf.reserve(BATCH_BYTES + MAX_LINE);
                if !send(Batch::Lines {
                    first_line: line,
                    text,
                }) {
                    return Ok(());
                }
                line += lines;
            }
            None if buf.len() > MAX_LINE + 1 => {
                let last = buf.len() - 1;
                skipped = Some(last as u64);
                buf.drain(..last);
            }
            None => {}
        }
    }
}

/// Turns batches into output until the reader is done.
fn work<J: Job>(
    job: &mut J,
    extract: &Extract,
    header: bool,
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
        // Writing to memory does not fail.
        match batch {
            Batch::Lines { first_line, text } => {
                let _ = input::for_each_line(&text[..], |n, line| {
                    let number = first_line + n - 1;
                    if !(header && number == 1) {
                        fine &= handle_line(job, extract, source, number, line, out)?;
                    }
                    Ok(())
                });
            }
            Batch::TooLong {
                line: number,
                length,
            } => {
                if !(header && number == 1) {
                    let line = Line::TooLong { length };
                    fine &= handle_line(job, extract, source, number, line, out).unwrap_or(false);
                }
            }
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
