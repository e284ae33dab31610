//! The command's one parallel engine, for records and for games alike:
//! units of work (a block of lines, a batch of games) are read on the
//! calling thread, each is worked by one of a fixed set of workers, a
//! worker per thread, and one writer takes what they give in input order.
//! So a run on any number of threads writes the bytes of a run on one.
//!
//! A fixed number of units is in flight between reading and writing: the
//! reader takes a place before it sends a unit and the writer frees it
//! once the unit is written. Memory does not grow with the input, however
//! slow one unit is to work; and when the writer stops (a closed pipe),
//! the places it held run out and the reader stops too.

use std::{
    collections::BTreeMap,
    io,
    sync::{
        Mutex,
        mpsc::{Receiver, SyncSender, sync_channel},
    },
    thread,
};

/// Units in flight for each worker: enough that no worker waits for the
/// reader while another is slow, few enough to bound memory.
const IN_FLIGHT_PER_WORKER: usize = 4;

/// How the reader hands units to the workers.
pub struct Feed<'a, Unit> {
    to_workers: SyncSender<(u64, Unit)>,
    places: &'a Receiver<()>,
    next: u64,
}

impl<Unit> Feed<'_, Unit> {
    /// Sends the next unit, waiting for a free place; `false` when the
    /// writer has stopped, and reading should too.
    pub fn send(&mut self, unit: Unit) -> bool {
        if self.places.recv().is_err() || self.to_workers.send((self.next, unit)).is_err() {
            return false;
        }
        self.next += 1;
        true
    }
}

/// Runs `read` on this thread, which hands units to `feed`; each unit
/// goes to `work` with one of `workers` (one thread each), and what it
/// gives to `write`, in the order the units were sent. Returns the
/// workers, what `read` returned and the first error of `write` (after
/// which nothing more is written).
pub fn in_order<Worker, Unit, Done, Read>(
    workers: Vec<Worker>,
    read: impl FnOnce(&mut Feed<'_, Unit>) -> Read,
    work: impl Fn(&mut Worker, Unit) -> Done + Sync,
    mut write: impl FnMut(Done) -> io::Result<()> + Send,
) -> (Vec<Worker>, Read, io::Result<()>)
where
    Worker: Send,
    Unit: Send,
    Done: Send,
{
    let in_flight = IN_FLIGHT_PER_WORKER * workers.len().max(1);
    let (to_workers, from_reader) = sync_channel::<(u64, Unit)>(in_flight);
    let from_reader = Mutex::new(from_reader);
    let (to_writer, from_workers) = sync_channel::<(u64, Done)>(in_flight);
    let (free, places) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        free.send(()).expect("the receiver is here");
    }
    thread::scope(|scope| {
        let running: Vec<_> = workers
            .into_iter()
            .map(|mut worker| {
                let (from_reader, to_writer, work) = (&from_reader, to_writer.clone(), &work);
                scope.spawn(move || {
                    loop {
                        let next = from_reader.lock().map(|receiver| receiver.recv());
                        let Ok(Ok((index, unit))) = next else {
                            break;
                        };
                        // A closed channel: the writer stopped.
                        if to_writer.send((index, work(&mut worker, unit))).is_err() {
                            break;
                        }
                    }
                    worker
                })
            })
            .collect();
        drop(to_writer);
        let writer = scope.spawn(move || {
            let mut waiting = BTreeMap::new();
            let mut next = 0;
            for (index, done) in from_workers {
                waiting.insert(index, done);
                while let Some(done) = waiting.remove(&next) {
                    next += 1;
                    // Returning drops the receiver and the places: the
                    // workers and the reader stop.
                    write(done)?;
                    let _ = free.send(());
                }
            }
            Ok(())
        });
        let mut feed = Feed {
            to_workers,
            places: &places,
            next: 0,
        };
        let read = read(&mut feed);
        // The channel closes: the workers finish what was sent, and stop.
        drop(feed);
        let workers = running
            .into_iter()
            .map(|worker| worker.join().expect("a worker does not panic"))
            .collect();
        let written = writer.join().expect("the writer does not panic");
        (workers, read, written)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units worked out of order (the first ones slowest) are written in
    /// the order they were sent, and every worker comes back.
    #[test]
    fn writes_in_the_order_read() {
        let mut written = Vec::new();
        let (workers, read, result) = in_order(
            vec![0u32; 3],
            |feed| (0..200u64).take_while(|&unit| feed.send(unit)).count(),
            |worked, unit| {
                *worked += 1;
                if unit % 7 == 0 {
                    thread::sleep(std::time::Duration::from_millis(2));
                }
                unit * 10
            },
            |done| {
                written.push(done);
                Ok(())
            },
        );
        assert!(result.is_ok());
        assert_eq!(read, 200);
        assert_eq!(written, (0..200).map(|unit| unit * 10).collect::<Vec<_>>());
        assert_eq!(workers.iter().sum::<u32>(), 200);
    }

    /// A writer that fails stops the reader: it is told, and sends no
    /// more than the places in flight after it.
    #[test]
    fn a_failed_write_stops_the_reader() {
        let (_, read, result) = in_order(
            vec![(); 2],
            |feed| (0..10_000u64).take_while(|&unit| feed.send(unit)).count(),
            |_, unit| unit,
            |done| match done {
                5 => Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed")),
                _ => Ok(()),
            },
        );
        assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        assert!(read <= 6 + 2 * IN_FLIGHT_PER_WORKER, "read {read} units");
    }
}
