//! The single-thread driver: blocks of lines read and handled in turn.

use std::io;

use super::{Blocks, Job, Reading, Status, feed_block, io_message};
use crate::output::Output;

/// Feeds every record of one input to `job` on this thread; an input that
/// fails to read is reported, and makes the status `Failed`.
pub fn read_all(
    job: &mut impl Job,
    reading: Reading<'_>,
    reader: impl io::Read,
    out: &mut Output,
) -> io::Result<Status> {
    let mut blocks = Blocks::new(reader, reading.input.max_line);
    let mut status = Status::Ok;
    loop {
        let block = match blocks.next_block(reading.progress) {
            Ok(Some(block)) => block,
            Ok(None) => return Ok(status),
            Err(err) => {
                out.note(&format!(
                    "fen: {}: {}",
                    reading.input.source,
                    io_message(&err)
                ))?;
                return Ok(Status::Failed);
            }
        };
        if !feed_block(job, reading.input, &block, out)? {
            status = status.max(Status::BadRecords);
        }
        if let super::Block::Lines { text, .. } = block {
            blocks.recycle(text);
        }
    }
}
