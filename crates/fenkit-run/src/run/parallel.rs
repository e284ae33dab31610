//! The parallel driver: records on every core, output in input order.
//!
//! Blocks of whole lines are the units of the command's parallel engine
//! ([`crate::ordered`]): each worker, with its own fork of the job and an
//! output that collects, turns a block into output bytes; the writer
//! hands each block's findings to the job itself and writes the block's
//! output, in input order.

use std::io;

use super::{Blocks, Input, Parallel, Reading, Status, feed_block, io_message};
use crate::{
    ordered,
    output::{Collected, Output},
};

/// A block's output, and what its fork found.
struct Done<Handed> {
    collected: Collected,
    handed: Handed,
    fine: bool,
}

/// Feeds every record of one input to `job` on `threads` workers, in input
/// order.
pub fn read_all<J: Parallel>(
    job: &mut J,
    threads: usize,
    reading: Reading<'_>,
    reader: impl io::Read,
    out: &mut Output,
) -> io::Result<Status> {
    let Reading { input, progress } = reading;
    let workers = (0..threads)
        .map(|_| (job.fork(), out.collector()))
        .collect();
    let mut fine = true;
    let (workers, read, written) = ordered::in_order(
        workers,
        |feed| {
            let mut blocks = Blocks::new(reader, input.max_line);
            while let Some(block) = blocks.next_block(progress)? {
                if !feed.send(block) {
                    break;
                }
            }
            Ok::<_, io::Error>(())
        },
        |(fork, collector), block| work(fork, input, &block, collector),
        |done: Done<J::Handed>| {
            fine &= done.fine;
            let mut collected = done.collected;
            job.in_order(done.handed, &mut collected.out)?;
            out.write_collected(&collected)
        },
    );
    written?;
    for (fork, _) in workers {
        job.join(fork);
    }
    let mut status = if fine { Status::Ok } else { Status::BadRecords };
    if let Err(err) = read {
        out.note(&format!("fen: {}: {}", input.source, io_message(&err)))?;
        status = Status::Failed;
    }
    Ok(status)
}

/// A worker's turn: a block's records handed to its fork.
fn work<J: Parallel>(
    fork: &mut J,
    input: Input<'_>,
    block: &super::Block,
    out: &mut Output,
) -> Done<J::Handed> {
    // Writing to memory does not fail.
    let fine = feed_block(fork, input, block, out).unwrap_or(false);
    Done {
        collected: out.take(),
        handed: fork.hand_over(),
        fine,
    }
}
