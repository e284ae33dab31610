//! The parallel driver: records on every core, output in input order.
//!
//! The calling thread reads blocks of whole lines and sends them on;
//! workers, each with its own fork of the job, turn a block into output
//! bytes; a writer puts the blocks' output back in input order. A fixed
//! number of blocks is in flight at any time, so memory does not grow with
//! the input.

use std::{
    collections::BTreeMap,
    io,
    sync::{
        Mutex,
        mpsc::{Receiver, SyncSender, sync_channel},
    },
    thread,
};

use super::{Block, Blocks, Input, Parallel, Reading, Status, feed_block, io_message};
use crate::{
    output::{Collected, Output},
    progress::Progress,
};

/// A block's output, by its place in the input.
struct Done<Handed> {
    index: u64,
    collected: Collected,
    handed: Handed,
    fine: bool,
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
    let Reading { input, progress } = reading;
    // Blocks in flight, from reading to writing: the memory bound.
    let in_flight = 4 * threads;
    let (to_workers, from_reader) = sync_channel::<(u64, Block)>(in_flight);
    let from_reader = Mutex::new(from_reader);
    let (to_writer, from_workers) = sync_channel::<Done<J::Handed>>(in_flight);
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
                    work(&mut fork, input, from_reader, to_writer, &mut collected);
                    fork
                })
            })
            .collect();
        drop(to_writer);
        let ordered = &mut *job;
        let writer = scope.spawn(|| write(ordered, from_workers, free, separator, out, first));
        let read = read(reader, input.max_line, progress, to_workers, &taken);
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
        out.note(&format!("fen: {}: {}", input.source, io_message(&err)))?;
        status = Status::Failed;
    }
    Ok(status)
}

/// Reads blocks and sends them, waiting for a free place.
fn read(
    reader: impl io::Read,
    max_line: usize,
    progress: &mut Progress,
    to_workers: SyncSender<(u64, Block)>,
    taken: &Receiver<()>,
) -> io::Result<()> {
    let mut blocks = Blocks::new(reader, max_line);
    for index in 0.. {
        let Some(block) = blocks.next_block(progress)? else {
            break;
        };
        // A closed channel means the writer stopped (a closed pipe).
        if taken.recv().is_err() || to_workers.send((index, block)).is_err() {
            break;
        }
    }
    Ok(())
}

/// Turns blocks into output until the reader is done.
fn work<J: Parallel>(
    job: &mut J,
    input: Input<'_>,
    from_reader: &Mutex<Receiver<(u64, Block)>>,
    to_writer: SyncSender<Done<J::Handed>>,
    out: &mut Output,
) {
    loop {
        let next = from_reader.lock().map(|receiver| receiver.recv());
        let Ok(Ok((index, block))) = next else {
            return;
        };
        // Writing to memory does not fail.
        let fine = feed_block(job, input, &block, out).unwrap_or(false);
        let done = Done {
            index,
            collected: out.take(),
            handed: job.hand_over(),
            fine,
        };
        if to_writer.send(done).is_err() {
            return;
        }
    }
}

/// Writes blocks' output in input order; returns the first write error,
/// and whether every record was fine.
fn write<J: Parallel>(
    job: &mut J,
    from_workers: Receiver<Done<J::Handed>>,
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
            let mut collected = done.collected;
            if let Err(err) = job.in_order(done.handed, &mut collected.out) {
                return (Err(err), fine);
            }
            if *first && !collected.out.is_empty() {
                collected.out.drain(..separator.min(collected.out.len()));
                *first = false;
            }
            if let Err(err) = out.write_collected(&collected) {
                // Dropping the receivers stops the workers and the reader.
                return (Err(err), fine);
            }
            let _ = free.send(());
        }
    }
    (Ok(()), fine)
}
